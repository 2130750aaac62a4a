"""The SFPI DSL: predication, conditions, constants, tracing, the optimiser and its errors."""

import numpy as np
import pytest

import tensix
import tensix.sfpi as sfpi
from tensix.sfpi import (
    LRegs,
    dst_reg,
    l_reg,
    sfpi_inline,
    v_and,
    v_block,
    v_else,
    v_elseif,
    v_endif,
    v_if,
    vConst0,
    vConst1,
    vConstFloatPrgm0,
    vConstFloatPrgm1,
    vConstTileId,
    vFloat,
    vInt,
)
from tests.sfpi_helpers import floats, get_lanes, set_lanes

rng = np.random.default_rng(7)


def grid_tile(lo=-16, hi=16, scale=4):
    """Values on a coarse grid: products and sums are exact in float32, so numpy is an exact reference."""
    return (rng.integers(lo * scale, hi * scale, size=(1, 32, 32)) / scale).astype(np.float32)


# -------------------------------------------------------------------------------------------------
# predication
# -------------------------------------------------------------------------------------------------
@sfpi_inline
def chain(x):
    with v_if(x < 0.0):
        x = -x
    with v_elseif(x < 2.0):
        x = x + 10.0
    with v_else():
        x = x * 3.0
    return x


def predicated():
    for k in range(8):
        x = dst_reg[k]
        x = chain(x)
        dst_reg[k] = x


def test_if_elseif_else_assignments_are_predicated():
    tiles = grid_tile()
    out = sfpi.run(sfpi_inline(predicated), tiles).tiles
    for k in range(8):
        x = get_lanes(tiles, k)
        want = np.where(x < 0, -x, np.where(x < 2, x + 10, x * 3)).astype(np.float32)
        np.testing.assert_array_equal(get_lanes(out, k), want)


def test_both_branches_execute_and_unwritten_lanes_keep_dst():
    def f():
        a = dst_reg[0]
        with v_if(a >= 1.0):
            dst_reg[1] = a
        with v_else():
            dst_reg[2] = a

    tiles = grid_tile()
    out = sfpi.run(f, tiles)
    a = get_lanes(tiles, 0)
    np.testing.assert_array_equal(get_lanes(out.tiles, 1), np.where(a >= 1, a, get_lanes(tiles, 1)))
    np.testing.assert_array_equal(get_lanes(out.tiles, 2), np.where(a >= 1, get_lanes(tiles, 2), a))
    assert out.counts["SFPSTORE"] == 2  # both stores execute; predication masks lanes


def _cmp_kernel_factory(op):
    import operator

    fn = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge, "==": operator.eq,
          "!=": operator.ne}[op]

    @sfpi_inline
    def f():
        a = dst_reg[0]
        b = dst_reg[1]
        r = vFloat(0.0)
        with v_if(fn(a, b)):
            r = vFloat(1.0)
        dst_reg[2] = r
        ai = vInt(dst_reg[3])
        s = vInt(0)
        with v_if(fn(ai, 1)):
            s = vInt(5)
        dst_reg[4] = s

    return f, fn


@pytest.mark.parametrize("op", ["<", "<=", ">", ">=", "==", "!="])
def test_comparisons_float_and_int(op):
    f, fn = _cmp_kernel_factory(op)
    tiles = rng.integers(-3, 4, size=(1, 32, 32)).astype(np.float32)
    ints = rng.integers(-3, 4, size=32)
    tb = tiles.view(np.uint32)
    set_lanes(tb, 3, np.where(ints < 0, 0x80000000 | (-ints), ints).astype(np.uint32))  # sign-magnitude
    out = sfpi.run(f, tiles).tiles
    a, b = get_lanes(tiles, 0), get_lanes(tiles, 1)
    np.testing.assert_array_equal(get_lanes(out, 2), fn(a, b).astype(np.float32))
    got = get_lanes(out.view(np.uint32), 4)
    np.testing.assert_array_equal(got, np.where(fn(ints, 1), 5, 0).astype(np.uint32))


def test_compound_conditions_and_or_not_nested():
    @sfpi_inline
    def f():
        a = dst_reg[0]
        r = vFloat(0.0)
        with v_if((a >= 1.0 and a < 3.0) or not (a > -2.0)):
            r = vFloat(1.0)
            with v_if(a == 2.0):
                r = vFloat(2.0)
        with v_elseif(a == 0.0 or a == 5.0):
            r = vFloat(3.0)
        with v_else():
            r = vFloat(4.0)
        dst_reg[1] = r

    tiles = rng.integers(-6, 7, size=(1, 32, 32)).astype(np.float32)
    out = sfpi.run(f, tiles).tiles
    a = get_lanes(tiles, 0)
    first = ((a >= 1) & (a < 3)) | ~(a > -2)
    want = np.where(first, np.where(a == 2, 2.0, 1.0), np.where((a == 0) | (a == 5), 3.0, 4.0))
    np.testing.assert_array_equal(get_lanes(out, 1), want.astype(np.float32))


def test_v_block_and_v_and_narrow_progressively():
    @sfpi_inline
    def f():
        v1 = dst_reg[0]
        v2 = dst_reg[1]
        with v_block():
            for _ in range(3):
                v1 = v1 - 1.0
                v_and(v1 >= 0.0)
                v2 = v2 * 2.0
        dst_reg[1] = v2

    tiles = rng.integers(0, 5, size=(1, 32, 32)).astype(np.float32)
    out = sfpi.run(f, tiles).tiles
    v1, v2 = get_lanes(tiles, 0), get_lanes(tiles, 1)
    steps = np.minimum(v1, 3)  # doubled while v1 - n >= 0 for n = 1..3
    np.testing.assert_array_equal(get_lanes(out, 1), v2 * 2.0 ** steps)


def test_int_condition_means_nonzero():
    @sfpi_inline
    def f():
        w = vInt(dst_reg[0])
        r = vFloat(0.0)
        with v_if(w & 1):
            r = vFloat(1.0)
        dst_reg[1] = r

    tiles = np.zeros((1, 32, 32), np.float32)
    vals = np.arange(32, dtype=np.uint32)
    set_lanes(tiles.view(np.uint32), 0, vals)
    out = sfpi.run(f, tiles).tiles
    np.testing.assert_array_equal(get_lanes(out, 1), (vals & 1).astype(np.float32))


# -------------------------------------------------------------------------------------------------
# errors
# -------------------------------------------------------------------------------------------------
def test_python_if_on_vector_condition_raises():
    def f():
        a = dst_reg[0]
        if a < 1.0:
            dst_reg[0] = a

    with pytest.raises(tensix.SfpiError, match="v_if"):
        sfpi.run(f, grid_tile())


@pytest.mark.parametrize("form", ["v_if", "v_block", "v_else", "unused at the end"])
def test_v_if_called_without_with_raises(form):
    """C++ SFPI's `v_if (c) { ... } v_endif;` written as plain calls would trace the body unpredicated (every lane
    written, a plausible wrong tile): refused at the first instruction after the call, naming the call's line."""
    def plain_if():
        x = dst_reg[0]
        v_if(x < 0.0)
        x = x * -1.0
        v_endif()
        dst_reg[0] = x

    def plain_block():
        x = dst_reg[0]
        v_block()
        v_and(x < 0.0)
        dst_reg[0] = x * -1.0

    def plain_else():
        x = dst_reg[0]
        with v_if(x < 0.0):
            x = x * -1.0
        v_else()
        x = x * 2.0
        dst_reg[0] = x

    def unused_at_end():
        dst_reg[0] = dst_reg[0] * 2.0
        v_if(dst_reg[0] < 0.0)

    fn = {"v_if": plain_if, "v_block": plain_block, "v_else": plain_else, "unused at the end": unused_at_end}[form]
    call = {"v_block": "v_block", "v_else": "v_else"}.get(form, "v_if")
    with pytest.raises(tensix.SfpiError, match=rf"test_sfpi_dsl.py:\d+: {call}\(\.\.\.\) was called but not used "
                                               rf"as `with {call}\(\.\.\.\):`"):
        sfpi.run(fn, grid_tile())


def test_undecorated_helper_using_v_if_raises():
    def helper(x):
        with v_if(x < 0.0):
            x = -x
        return x

    def f():
        dst_reg[0] = helper(dst_reg[0])

    with pytest.raises(tensix.SfpiError, match="sfpi_inline"):
        sfpi.run(f, grid_tile())


def test_value_defined_only_inside_v_if_cannot_be_used_after():
    @sfpi_inline
    def f():
        a = dst_reg[0]
        with v_if(a < 0.0):
            b = a * 2.0
        dst_reg[1] = b  # noqa: F821 - deliberately partial

    with pytest.raises(tensix.SfpiError, match="lanes"):
        sfpi.run(f, grid_tile())


def test_value_assigned_in_every_branch_is_defined_after_the_chain():
    @sfpi_inline
    def f():
        a = dst_reg[0]
        with v_if(a < 0.0):
            b = vFloat(-1.0)
        with v_else():
            b = vFloat(1.0)
        dst_reg[1] = b

    tiles = grid_tile()
    out = sfpi.run(f, tiles).tiles
    np.testing.assert_array_equal(get_lanes(out, 1), np.where(get_lanes(tiles, 0) < 0, -1.0, 1.0))


def test_register_spill_names_the_source_line():
    def f():
        vs = [dst_reg[k] * 2.0 for k in range(9)]
        total = vs[0]
        for v in vs[1:]:
            total = total + v
        dst_reg[0] = total

    with pytest.raises(tensix.RegisterSpillError, match=r"register spill.*test_sfpi_dsl.py:\d+"):
        sfpi.listing(f)


def test_eight_live_values_fit():
    def f():
        vs = [dst_reg[k] for k in range(8)]
        total = vs[0]
        for v in vs[1:]:
            total = total + v
        dst_reg[0] = total

    sfpi.listing(f)


def test_division_is_refused():
    def f():
        dst_reg[0] = dst_reg[0] / 2.0

    with pytest.raises(tensix.SfpiError, match="divide"):
        sfpi.listing(f)


# -------------------------------------------------------------------------------------------------
# optimiser: MAD generation, MULI/ADDI, NOP insertion
# -------------------------------------------------------------------------------------------------
def _ops(listing):
    return [line.split()[2] for line in listing.splitlines()]  # index, word, mnemonic


def test_mul_add_fuses_into_one_mad_and_nop_before_dependent_store():
    def f():
        dst_reg[0] = dst_reg[0] * dst_reg[1] + dst_reg[2]

    ops = _ops(sfpi.listing(f))
    assert ops == ["SFPLOAD", "SFPLOAD", "SFPLOAD", "SFPMAD", "SFPNOP", "SFPSTORE"]


def test_no_nop_when_next_instruction_is_independent():
    def f():
        a = dst_reg[0] * dst_reg[1]
        b = dst_reg[2]
        dst_reg[3] = a + b

    ops = _ops(sfpi.listing(f))
    i = ops.index("SFPMAD")  # a*b + c fused
    assert ops[i + 1] == "SFPNOP"  # store reads the MAD result
    assert "SFPMUL" not in ops


def test_rotation_fusion_rule_is_documented_behaviour():
    """x*c - y*s: subtraction is SFPMAD(-1, b, a), never fused: two SFPMULs. x*s + y*c: the left product fuses."""

    def f():
        x, y, c, s = dst_reg[0], dst_reg[1], dst_reg[2], dst_reg[3]
        dst_reg[0] = x * c - y * s

    ops = _ops(sfpi.listing(f))
    assert ops.count("SFPMUL") == 2 and ops.count("SFPMAD") == 1

    def g():
        x, y, c, s = dst_reg[0], dst_reg[1], dst_reg[2], dst_reg[3]
        dst_reg[1] = x * s + y * c

    ops = _ops(sfpi.listing(g))
    assert ops.count("SFPMUL") == 1 and ops.count("SFPMAD") == 1


def test_muli_addi_from_bf16_constants_but_mad_takes_precedence():
    def f():
        dst_reg[0] = dst_reg[0] * 2.0
        dst_reg[1] = dst_reg[1] + 0.5
        dst_reg[2] = dst_reg[2] * 1.5 + 1.2  # "two loadis and a mad" (seed 001)
        dst_reg[3] = dst_reg[3] * 1.1  # not bf16-exact: SFPLOADI pair + SFPMUL

    ops = _ops(sfpi.listing(f))
    assert ops.count("SFPMULI") == 1 and ops.count("SFPADDI") == 1
    assert ops.count("SFPMAD") == 1 and ops.count("SFPMUL") == 1
    tiles = grid_tile()
    out = sfpi.run(f, tiles).tiles
    np.testing.assert_array_equal(get_lanes(out, 0), get_lanes(tiles, 0) * 2)
    np.testing.assert_array_equal(get_lanes(out, 1), get_lanes(tiles, 1) + np.float32(0.5))


def test_a_constant_assigned_under_v_if_is_not_an_immediate_afterwards():
    """`with v_if(c): y = 3.0` writes y's register in the enabled lanes only, so a later `y + 1.0` / `y * 1.5` reads
    y per lane: the SFPLOADI is predicated and stays, and no SFPADDI/SFPMULI takes 3.0 as its immediate (tensix
    once folded it and gave every lane 4.0, acosh's and asinh's NaN branch the same way)."""
    def f():
        for k, op in ((0, "add"), (1, "mul")):
            x = dst_reg[k]
            y = x * x
            with v_if(x < 0.0):
                y = vFloat(3.0)
            dst_reg[k] = y + 1.0 if op == "add" else y * 1.5

    lines = [ln for ln in sfpi.listing(f).splitlines() if "Imm16=0x4040" in ln]     # 3.0 as a bf16 immediate
    assert len(lines) == 2 and all("SFPLOADI" in ln for ln in lines)
    tiles = grid_tile()
    out = sfpi.run(f, tiles).tiles
    x0, x1 = get_lanes(tiles, 0), get_lanes(tiles, 1)
    np.testing.assert_array_equal(get_lanes(out, 0), np.where(x0 < 0, np.float32(4.0), x0 * x0 + np.float32(1)))
    np.testing.assert_array_equal(get_lanes(out, 1), np.where(x1 < 0, np.float32(4.5), x1 * x1 * np.float32(1.5)))


def test_a_variable_given_a_constant_register_is_reassigned_per_lane():
    """`out = vConst0` then `with v_if(c): out = vConst1` (tt-llk's _calculate_isinf_ and friends): out is a variable
    holding the constant, so the lanes the condition switches off keep 0.0 (tensix once rebound the Python name and
    gave every lane 1.0); also for the programmable constants."""
    def init():
        vConstFloatPrgm0 = 0.25  # noqa: F841

    def f():
        init()
        x = dst_reg[0]
        out = vConst0
        with v_if(x < 0.0):
            out = vConst1
        dst_reg[0] = out
        y = dst_reg[1]
        pick = vConstFloatPrgm0
        with v_if(y >= 1.0):
            pick = y
        dst_reg[1] = pick

    f = sfpi_inline(f)
    init = sfpi_inline(init)  # noqa: F811
    tiles = grid_tile()
    out = sfpi.run(f, tiles).tiles
    x, y = get_lanes(tiles, 0), get_lanes(tiles, 1)
    np.testing.assert_array_equal(get_lanes(out, 0), np.where(x < 0, np.float32(1), np.float32(0)))
    np.testing.assert_array_equal(get_lanes(out, 1), np.where(y >= 1, y, np.float32(0.25)))


# -------------------------------------------------------------------------------------------------
# constants, l_reg, runtime scalars, tracing cache
# -------------------------------------------------------------------------------------------------
def test_constants_and_tile_id():
    def f():
        dst_reg[0] = vConst1
        dst_reg[1] = vConstTileId
        dst_reg[2] = sfpi.vConst0p8373 + 0.0
        dst_reg[3] = sfpi.vConstNeg1 * 1.0

    out = sfpi.run(f, np.zeros((1, 32, 32), np.float32)).tiles
    np.testing.assert_array_equal(get_lanes(out, 0), 1.0)
    np.testing.assert_array_equal(get_lanes(out.view(np.uint32), 1), 2 * np.arange(32))
    np.testing.assert_allclose(get_lanes(out, 2), 0.8373, rtol=1e-6)
    np.testing.assert_array_equal(get_lanes(out, 3), -1.0)


def test_programmable_constants_are_assignable():
    def init(a, b):
        vConstFloatPrgm0 = a  # noqa: F841
        vConstFloatPrgm1 = b  # noqa: F841

    def f(a, b):
        init(a, b)
        dst_reg[0] = dst_reg[0] * vConstFloatPrgm0 + vConstFloatPrgm1

    f = sfpi_inline(f)
    init = sfpi_inline(init)  # noqa: F811
    tiles = grid_tile()
    out = sfpi.run(f, tiles, 0.5, 3.0).tiles
    np.testing.assert_array_equal(get_lanes(out, 0), get_lanes(tiles, 0) * 0.5 + 3.0)
    assert sfpi.listing(f, 0.5, 3.0).count("SFPCONFIG") == 2


def test_runtime_scalars_are_inputs_not_new_traces():
    def f(scale, offset):
        dst_reg[0] = dst_reg[0] * scale + offset

    tiles = grid_tile()
    for scale, offset in [(0.25, 1.0), (3.0, -2.5), (1.5, 0.0)]:
        out = sfpi.run(f, tiles, scale, offset).tiles
        np.testing.assert_array_equal(get_lanes(out, 0),
                                      (get_lanes(tiles, 0) * np.float32(scale) + np.float32(offset)))
    entry = sfpi.runner._CACHE[sfpi_inline(f)]
    assert len(entry["traces"]) == 1


def test_python_control_flow_on_a_scalar_retraces_it_as_static():
    def f(take_abs):
        if take_abs:
            dst_reg[0] = sfpi.abs(dst_reg[0])

    tiles = grid_tile()
    np.testing.assert_array_equal(get_lanes(sfpi.run(f, tiles, 1).tiles, 0), np.abs(get_lanes(tiles, 0)))
    np.testing.assert_array_equal(get_lanes(sfpi.run(f, tiles, 0).tiles, 0), get_lanes(tiles, 0))


def test_scalar_arithmetic_is_float32_like_the_riscv():
    def f(d):
        inv = 1.0 / d  # soft-float division on the RISC-V, float32
        dst_reg[0] = dst_reg[0] * 0.0 + inv

    out = sfpi.run(f, grid_tile(), 3.0).tiles
    np.testing.assert_array_equal(get_lanes(out, 0), np.float32(1.0) / np.float32(3.0))


def test_l_reg_values_persist_between_calls_on_one_sfpu():
    def save():
        l_reg[LRegs.LReg3] = dst_reg[0]

    def restore():
        x = l_reg[LRegs.LReg3]
        dst_reg[1] = x + 1.0
        l_reg[LRegs.LReg3] = x

    from tensix.sfpu import dst as dstmod
    from tensix.sfpu.execute import execute
    from tensix.sfpu.state import SfpuState

    tiles = grid_tile()
    st = SfpuState(1)
    st.set_sfpu_fp32(True)
    d = dstmod.new_dst(1)
    dstmod.write_tiles32(d[0], 0, tiles.view(np.uint32))
    for fn in (save, restore):
        execute(sfpi.compiled_for(fn, ()).program, st, d)
    out = dstmod.read_tiles32(d[0], 0, 1).view(np.float32)
    np.testing.assert_array_equal(get_lanes(out, 1), get_lanes(tiles, 0) + 1)


def test_dst_reg_increment_walks_rows():
    def f():
        for _ in range(8):
            dst_reg[0] = dst_reg[0] + 1.0
            dst_reg += 1

    tiles = grid_tile()
    out = sfpi.run(f, tiles).tiles
    want = tiles.copy()
    want[0, :16, :16] += 1  # 8 increments of dst_reg cover face 0 (one face = 8 dst_reg indices)
    np.testing.assert_array_equal(out, want)


def test_map_tiles_equals_separate_runs():
    def f(c):
        dst_reg[0] = dst_reg[0] * c + 1.0

    tiles = (rng.standard_normal((5, 32, 32))).astype(np.float32)
    batched = sfpi.map_tiles(f, tiles, 0.3).tiles
    for i in range(5):
        np.testing.assert_array_equal(batched[i], sfpi.run(f, tiles[i:i + 1], 0.3).tiles[0])


def test_sixteen_bit_dst_mode_rounds_inputs_to_bf16_and_truncates_on_store():
    def f():
        dst_reg[0] = dst_reg[0] * 1.0

    tiles = floats(np.full((1, 32, 32), 0x3F808080, np.uint32))
    out = sfpi.run(f, tiles, fp32_dest=False).tiles
    np.testing.assert_array_equal(out.view(np.uint32), 0x3F810000)  # bf16 RNE of 1.00392 on the way in


def test_integer_compare_with_constant_is_one_sfpiadd():
    """Seed 001: a subtract followed by a compare against 0 is combined (SFPIADD sets the flags)."""

    def f():
        v = vInt(dst_reg[0])
        r = vInt(0)
        with v_if(v < 5):
            r = vInt(7)
        dst_reg[1] = r

    ops = _ops(sfpi.listing(f))
    assert "SFPSETCC" not in ops and ops.count("SFPIADD") == 1
    tiles = np.zeros((1, 32, 32), np.uint32)
    set_lanes(tiles, 0, np.arange(32, dtype=np.uint32))
    out = sfpi.run(f, tiles).tiles
    np.testing.assert_array_equal(get_lanes(out, 1), np.where(np.arange(32) < 5, 7, 0))


def test_scalar_soft_float_work_is_charged_to_the_riscv():
    """Seed 000: `1.f/D` inside the SFPU function costs a soft-float division on every call."""
    from tensix.costs import cost

    def inside(d):
        dst_reg[0] = dst_reg[0] * (1.0 / d)

    def hoisted(inv_d):
        dst_reg[0] = dst_reg[0] * inv_d

    tiles = grid_tile()
    slow = sfpi.run(inside, tiles, 4.0)
    fast = sfpi.run(hoisted, tiles, 0.25)
    np.testing.assert_array_equal(slow.tiles, fast.tiles)
    # both build the two SFPLOADIs of the runtime scalar (riscv.sfpu_runtime_immediate); only `inside` divides
    loads = 2 * cost("riscv.sfpu_runtime_immediate")
    assert slow.riscv_cycles == cost("riscv.softfloat_div") + loads and fast.riscv_cycles == loads
    assert slow.cycles == fast.cycles


def test_constant_arguments_cost_the_riscv_nothing():
    def constant():
        dst_reg[0] = dst_reg[0] * 0.25

    assert sfpi.run(constant, grid_tile()).riscv_cycles == 0


def test_mixing_float_and_int_vectors_needs_an_explicit_conversion():
    def f():
        a = dst_reg[0]
        i = vInt(dst_reg[1])
        dst_reg[2] = a + i

    with pytest.raises(tensix.SfpiError, match="reinterpret"):
        sfpi.listing(f)


def test_dst_footprint_follows_dst_reg_and_the_rwc():
    def f():
        dst_reg[0] = dst_reg[64] + dst_reg[32]  # reads tiles 2 and 1, writes tile 0
        dst_reg += 32                             # INCRWC: now tile 1
        dst_reg[0] = dst_reg[0] * 2.0             # tile 1 was read above already; writes tile 1
        dst_reg[96] = vFloat(1.0)                 # tile 3 + 1 = tile 4, written without reading

    c = sfpi.compiled_for(f, ())
    assert c.dst_reads == {1, 2} and c.dst_writes == {0, 1, 4}


def test_programmable_constant_assignment_works_without_importing_the_name():
    """`vConstFloatPrgm2 = x` is SFPCONFIG even where the name was never imported (no silent local rebinding)."""
    src = "def f(a):\n    vConstFloatPrgm2 = a\n"
    import importlib.util
    import pathlib
    import tempfile

    path = pathlib.Path(tempfile.mkdtemp()) / "no_import_kernel.py"
    path.write_text(src)
    spec = importlib.util.spec_from_file_location("no_import_kernel", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert "SFPCONFIG" in sfpi.listing(mod.f, 0.5)


@pytest.mark.parametrize("a,b", [(7, 2), (-7, 2), (7, -2), (2**31 - 1, 3), (-(2**31) + 1, 7), (5, 0), (-5, 0)])
def test_scalar_integer_division_is_c_on_rv32im(a, b):
    """int32 `/` and `%` as the RISC-V computes them: truncation toward zero; by zero DIV = -1, REM = dividend."""
    from tensix.sfpi.scalar import Scalar

    x, y = Scalar.argument(0, "int"), Scalar.argument(1, "int")
    q, r = (x // y).eval((a, b)), (x % y).eval((a, b))
    if b == 0:
        assert (q, r) == (-1, a)
    else:
        assert q == int(np.trunc(np.float64(a) / b)) or q == -(abs(a) // abs(b)) or q == abs(a) // abs(b)
        assert q * b + r == a and abs(r) < abs(b) and (r == 0 or (r < 0) == (a < 0))


def test_compiled_for_reuses_a_program_only_for_the_same_signature():
    """compiled_for remembers the last call's signature (argument types, static objects): a call that differs in
    a static argument (a loop count found static while tracing, a flag, a configuration object) or in a runtime
    argument's kind gets its own program; one that differs only in runtime values reuses it."""

    class Cfg:  # hashable, compared by identity: a configuration object
        def __init__(self, add):
            self.add = add

    def f(n, flag, cfg, scale):
        v = dst_reg[0]
        for _ in range(n):
            v = v * scale
        if flag:
            v = v + 1.0
        if cfg.add:
            v = v + 2.0
        dst_reg[0] = v

    on, off = Cfg(True), Cfg(False)
    x = np.full((1, 32, 32), 3.0, np.float32)
    calls = [(2, False, off, 0.5), (2, False, off, 0.25), (3, False, off, 0.5), (3, True, off, 0.5),
             (3, True, on, 0.5), (3, True, on, 0.5), (2, False, off, 0.5), (2, False, off, 2), (1, False, on, 4.0)]
    progs = []
    for n, flag, cfg, scale in calls:
        progs.append(sfpi.compiled_for(f, (n, flag, cfg, scale)))
        want = 3.0 * scale ** n + (1.0 if flag else 0.0) + (2.0 if cfg.add else 0.0)
        got = get_lanes(sfpi.run(f, x, n, flag, cfg, scale).tiles, 0)
        assert np.all(got == np.float32(want)), (n, flag, cfg.add, scale)
    assert progs[0] is progs[1] is progs[6]           # runtime value changed only
    assert len({id(p) for p in progs[:6]}) == 4       # n, flag and cfg each selected another program
    assert progs[7] is not progs[0]                   # an int where a float was: another kind, another program


def test_compiled_for_sees_a_static_object_changed_in_place():
    """A mutable static argument that hashes by value and is changed between calls selects another program (the
    identity shortcut of compiled_for is only taken for static values that cannot change)."""
    import dataclasses

    @dataclasses.dataclass(unsafe_hash=True)
    class Cfg:
        add: bool

    @dataclasses.dataclass(frozen=True)
    class Frozen:
        add: bool

    def f(cfg):
        v = dst_reg[0]
        if cfg.add:
            v = v + 2.0
        dst_reg[0] = v

    x = np.full((1, 32, 32), 3.0, np.float32)
    cfg = Cfg(False)
    assert np.all(get_lanes(sfpi.run(f, x, cfg).tiles, 0) == 3.0)
    cfg.add = True
    assert np.all(get_lanes(sfpi.run(f, x, cfg).tiles, 0) == 5.0)
    frozen = Frozen(True)
    first = sfpi.compiled_for(f, (frozen,))
    assert sfpi.compiled_for(f, (frozen,)) is first
    assert np.all(get_lanes(sfpi.run(f, x, Frozen(False)).tiles, 0) == 3.0)
