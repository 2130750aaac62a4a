"""The compute API's SFPU ops that tt-llk writes with SFPLOADMACRO (tt-metal 622c6fb9), run by the batched SFPU path
(tensix.kernel.sfpu_batch) through tensix.sfpu's SFPLOADMACRO engine: exp_tile<approx=true, InputClamping::None>
(Schraudolph's exponential) and binary_max_tile / binary_min_tile in the default build's form. The init programs
LoadMacroConfig in each core's SFPU state and the op's calls rely on it; the numbers are those of the numpy
Schraudolph reference, of the words a kernel pushes through tensix.kernel.ckernel, and of the DISABLE_SFPLOADMACRO
loop (TT_METAL_DISABLE_SFPLOADMACRO=1)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_kernel_ckernel import _run as ckernel_run
from test_kernel_ckernel_loadmacro import _exp_approx_llk
from test_sfpi_llk_loadmacro import _exp_inputs, _schraudolph_reference, _smag_key
from test_sfpu_batch import launch

import tensix
import tensix.kernel as K
from tensix.kernel import (CBIndex, cb_pop_front, cb_push_back, cb_reserve_back, cb_wait_front, copy_tile,
                           copy_tile_init, get_arg_val, init_sfpu, pack_tile, sfpu_batch, tile_regs_acquire,
                           tile_regs_commit, tile_regs_release, tile_regs_wait)
from tensix.sfpi import llk
from tensix.sfpu import SfpuState, new_dst, run_instrs
from tensix.sfpu.dst import read_tiles16, read_tiles32, write_tiles16, write_tiles32

FORK = llk.FORK
EXP_NONE = dict(version=FORK, approx=True, input_clamping="None")

# special values (SFPSWAP's sign-magnitude order: -NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN)
SPECIAL = np.array([0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0x00800000, 0x80800000,
                    0x3F800000, 0xBF800000, 0x7F7F0000, 0xFF7F0000], np.uint32)


@pytest.fixture(params=["in place", "background"])
def batch_mode(request, monkeypatch):
    """Batches run in place and with the background thread allowed (_Flight, which SFPLOADMACRO programs never
    use: they run in place, and so must the ordinary programs of a core with scheduled instructions pending)."""
    monkeypatch.setattr(sfpu_batch, "ASYNC", request.param == "background")
    if request.param == "background":
        monkeypatch.setattr(sfpu_batch, "THREADS", max(sfpu_batch.THREADS, 2))
    return request.param


@pytest.fixture
def engine_calls(monkeypatch):
    """The number of calls in each group the batch ran through the SFPLOADMACRO engine."""
    calls = []
    real = sfpu_batch.run_with_loadmacro

    def counting(prog, state, dsts, s_of, *a, **kw):
        calls.append(s_of.shape[0])
        return real(prog, state, dsts, s_of, *a, **kw)
    monkeypatch.setattr(sfpu_batch, "run_with_loadmacro", counting)
    return calls


def _pipeline(body, n):
    """Per tile: wait for the input, acquire, body(i), commit, pack Dst tile (i % 2) (the body leaves its result
    there), release."""
    for i in range(n):
        cb_wait_front(CBIndex.c_0, 1)
        tile_regs_acquire()
        body(i)
        tile_regs_commit()
        cb_pop_front(CBIndex.c_0, 1)
        cb_reserve_back(CBIndex.c_16, 1)
        tile_regs_wait()
        pack_tile(i % 2, CBIndex.c_16)
        tile_regs_release()
        cb_push_back(CBIndex.c_16, 1)


def compute_exp():
    """exp_tile_init<true, .., None> once, then per tile copy to Dst tile i % 2 and exp_tile<true, false, None>."""
    n = get_arg_val(0)
    init_sfpu(CBIndex.c_0, CBIndex.c_16)
    copy_tile_init(CBIndex.c_0)
    K.exp_tile_init(**EXP_NONE)

    def body(i):
        copy_tile(CBIndex.c_0, 0, i % 2)
        K.exp_tile(i % 2, **EXP_NONE)
    _pipeline(body, n)


def _exp_tiles(n, seed):
    return np.stack([_exp_inputs(seed + i, True) for i in range(n)]).view(np.float32)


def _reference(x, fp32):
    """Schraudolph's bits per tile, as the packer writes a 16-bit Dst's bf16 to a Float32 CB (-0 becomes +0)."""
    ref = np.stack([_schraudolph_reference(t.view(np.uint32), fp32) for t in x])
    if fp32:
        return ref
    from tensix.device import formats
    f32 = formats.DataFormat.Float32
    return np.stack([formats.unpack_tile_bytes(formats.pack_from_dest((r >> 16).astype(np.uint16), False, f32), f32)
                     for r in ref]).view(np.uint32)


# ---- exp_tile<approx=true, InputClamping::None> ----------------------------------------------------------------------
@pytest.mark.parametrize("fp32", [True, False], ids=["fp32", "bf16"])
def test_exp_approx_on_many_cores_matches_schraudolph(fp32, batch_mode, engine_calls):
    n_cores, per_core = 5, 3
    x = _exp_tiles(n_cores * per_core, 40 + fp32)
    out = launch(compute_exp, x, n_cores, per_core, fp32)
    np.testing.assert_array_equal(out.view(np.uint32), _reference(x, fp32))
    # the init and every call went through the engine, the cores' calls in lockstep groups
    assert sum(engine_calls) == n_cores * (per_core + 1)
    assert max(engine_calls) > 1


def test_exp_approx_matches_the_ckernel_words():
    """The compute API's batched program and tt-llk's words pushed one by one into the core's tile (exp_init with its
    replay record, REPLAY(0, 16) per face inside the unary driver's words) give the same bits."""
    x = _exp_tiles(1, 70)
    words = ckernel_run(lambda: _exp_approx_llk(0), x[0])
    api = launch(compute_exp, x, 1, 1, True)[0]
    np.testing.assert_array_equal(api.view(np.uint32), words.view(np.uint32))


def compute_exp_then_square():
    """exp<approx> then an ordinary SFPU op (square_tile) on the same tile: the ordinary program runs after the
    SFPLOADMACRO one on the core's state (nothing scheduled is left: the kernel drains its schedule)."""
    n = get_arg_val(0)
    init_sfpu(CBIndex.c_0, CBIndex.c_16)
    copy_tile_init(CBIndex.c_0)

    def body(i):
        copy_tile(CBIndex.c_0, 0, i % 2)
        K.exp_tile_init(**EXP_NONE)
        K.exp_tile(i % 2, **EXP_NONE)
        K.square_tile_init()
        K.square_tile(i % 2)
    _pipeline(body, n)


def test_exp_approx_then_an_ordinary_op(batch_mode):
    x = _exp_tiles(4, 80)
    out = launch(compute_exp_then_square, x, 2, 2, True)
    e = _reference(x, True).view(np.float32).copy()
    tiny = np.finfo(np.float32).tiny
    e[np.abs(e) < tiny] = 0.0       # the SFPU reads denormals as 0 and flushes denormal results (MAD unit)
    want = e * e                    # otherwise SFPMUL of float32s is IEEE
    want[np.abs(want) < tiny] = 0.0
    np.testing.assert_array_equal(out, want)


def _negate_rows():
    from tensix.sfpi import dst_reg
    for _ in range(32):
        dst_reg[0] = -dst_reg[0]
        dst_reg += 1


@pytest.mark.parametrize("then", ["abs_tile", "call_sfpu"])
def test_op_after_exp_approx_without_its_init_is_refused(then):
    """calculate_exponential<approx> leaves ADDR_MOD_7 = dest += 2 programmed; an SFPI op whose SFPLOAD / SFPSTORE
    select it (ADDR_MOD_3 with the SFPU's base) would step rows on hardware until an init resets it: refused."""
    def compute():
        init_sfpu(CBIndex.c_0, CBIndex.c_16)
        K.exp_tile_init(**EXP_NONE)

        def body(i):
            copy_tile(CBIndex.c_0, 0, 0)
            K.exp_tile(0, **EXP_NONE)
            if then == "abs_tile":
                K.abs_tile(0)
            else:
                K.call_sfpu(_negate_rows, 0)
        _pipeline(body, 1)
    with pytest.raises(tensix.NotModelledError, match=r"(?s)ADDR_MOD_7 \(dest \+= 2\).*exp_tile<approx=true.*_init"):
        launch(compute, _exp_tiles(1, 95), 1, 1, True)


def compute_exp_without_init():
    init_sfpu(CBIndex.c_0, CBIndex.c_16)
    copy_tile_init(CBIndex.c_0)
    _pipeline(lambda i: (copy_tile(CBIndex.c_0, 0, 0), K.exp_tile(0, **EXP_NONE)), 1)


def compute_exp_after_other_init():
    init_sfpu(CBIndex.c_0, CBIndex.c_16)
    copy_tile_init(CBIndex.c_0)
    K.exp_tile_init(**EXP_NONE)
    K.log_tile_init()       # loads other programmable constants
    _pipeline(lambda i: (copy_tile(CBIndex.c_0, 0, 0), K.exp_tile(0, **EXP_NONE)), 1)


@pytest.mark.parametrize("compute", [compute_exp_without_init, compute_exp_after_other_init])
def test_exp_approx_needs_its_own_init(compute):
    """Its instruction templates read LReg12 (A) and LReg13 (B - C), its SFPSHFT2 LReg14 (15): only its init
    loads them."""
    with pytest.raises(K.SfpuInitError, match="vConstFloatPrgm"):
        launch(compute, _exp_tiles(1, 90), 1, 1, True)


@pytest.mark.parametrize("template,match", [
    (dict(version=FORK, approx=True), "disagree"),                    # ClampToNegative: the default
    (dict(version=FORK, approx=True, input_clamping="ClampToNegative"), "disagree"),
    (dict(version=FORK, approx=True, input_clamping="None", scale_en=True), "scale_en"),
])
def test_exp_approx_forms_not_modelled(template, match):
    def compute():
        init_sfpu(CBIndex.c_0, CBIndex.c_16)
        K.exp_tile_init(**template)
        _pipeline(lambda i: (copy_tile(CBIndex.c_0, 0, 0), K.exp_tile(0, **template)), 1)
    with pytest.raises(tensix.NotModelledError, match=match):
        launch(compute, _exp_tiles(1, 91), 1, 1, True)


def test_exp_approx_program_and_cost():
    """The tile program is the unary driver's RC walk around tt-llk's face (16 replayed words and the 6-word
    drain, two SETRWCs per face, the counter cleared): 97 rows, each issued on its own cycle and charged as the
    other ops' rows are; it touches the call's Dst tile only and reads LReg12-14."""
    tile, init = llk.exp_approx_programs("None")
    info = sfpu_batch.program_info(tile, ())
    assert info.sfpu_instructions == 4 * (16 + 6 + 2) + 1
    assert info.engine and info.addr_mods == ((3, 2),)
    assert (info.lo, info.hi) == (0, 1)
    assert tile.compiled().__dict__["prgm_use"][0] == {12, 13, 14}
    assert not sfpu_batch.program_info(init, ()).hi
    with pytest.raises(tensix.SfpiError, match="instruction list"):
        tile()


# ---- exp_tile<approx=true> built with DISABLE_SFPLOADMACRO (TT_METAL_DISABLE_SFPLOADMACRO=1) --------------------
def compute_exp_form(clamping):
    def compute():
        n = get_arg_val(0)
        init_sfpu(CBIndex.c_0, CBIndex.c_16)
        copy_tile_init(CBIndex.c_0)
        K.exp_tile_init(version=FORK, approx=True, input_clamping=clamping)

        def body(i):
            copy_tile(CBIndex.c_0, 0, i % 2)
            K.exp_tile(i % 2, version=FORK, approx=True, input_clamping=clamping)
        _pipeline(body, n)
    return compute


@pytest.mark.parametrize("fp32", [True, False], ids=["fp32", "bf16"])
def test_exp_approx_none_disable_form_equals_sfploadmacro_form(fp32, monkeypatch, engine_calls):
    """InputClamping::None: the plain loop (SFPMAD, SFP_STOCH_RND, SFPSHFT2, SFPSETSGN per row) and the
    SFPLOADMACRO schedule give the same bits, Schraudolph's."""
    x = _exp_tiles(6, 120 + fp32)
    default = launch(compute_exp_form("None"), x, 3, 2, fp32)
    calls = len(engine_calls)
    monkeypatch.setenv("TT_METAL_DISABLE_SFPLOADMACRO", "1")
    disable = launch(compute_exp_form("None"), x, 3, 2, fp32)
    assert len(engine_calls) == calls
    np.testing.assert_array_equal(disable.view(np.uint32), default.view(np.uint32))
    np.testing.assert_array_equal(disable.view(np.uint32), _reference(x, fp32))


def _clamp_negative_reference(x_bits, fp32):
    """622c6fb9's DISABLE_SFPLOADMACRO loop for ClampToNegative, in numpy: y = max(x, -88.5) (SFPSWAP; float max for
    these inputs), t = A * y + (B - C) rounded once to float32 (SFPMAD), rounded to an unsigned 16-bit integer
    (SFP_STOCH_RND FP32_TO_UINT16, SFPSTOCHRND_FloatInt.md: the sign is dropped, the magnitude rounded to nearest
    with halves up, at most 65535), shifted left by 15. So y = -88.5 (t = -184.9) gives 185 << 15, a denormal near
    exp(-88.5), and inputs just above -88.5 give small denormals too: the clamp keeps t >= -185."""
    a = np.float64(np.uint32(llk.EXP_APPROX_A).view(np.float32))
    bc = np.float64(np.uint32(llk.EXP_APPROX_B_MINUS_C).view(np.float32))
    y = np.maximum(x_bits.view(np.float32).astype(np.float64), -88.5)
    t = (a * y + bc).astype(np.float32).astype(np.float64)   # exact in float64 for bf16-exact inputs
    u = np.minimum(np.floor(np.abs(t) + 0.5), 65535).astype(np.uint64)
    bits = (u << 15).astype(np.uint32)
    return bits if fp32 else bits & 0xFFFF0000


@pytest.mark.parametrize("fp32", [True, False], ids=["fp32", "bf16"])
def test_exp_approx_clamp_negative_disable_form(fp32, monkeypatch):
    """exp_tile<true>'s default (ClampToNegative) is modelled in its DISABLE_SFPLOADMACRO form: inputs below -88.5
    give exp(-88.5)'s bits, the rest Schraudolph's (a numpy model of the loop), within 4% of e**x on [-88, 0.7]."""
    monkeypatch.setenv("TT_METAL_DISABLE_SFPLOADMACRO", "1")
    x = _exp_tiles(4, 130 + fp32)
    out = launch(compute_exp_form("ClampToNegative"), x, 2, 2, fp32)
    want = np.stack([_clamp_negative_reference(t.view(np.uint32), fp32) for t in x])
    if not fp32:    # the packer writes a 16-bit Dst's denormals to a Float32 CB as 0
        from tensix.device import formats
        f32 = formats.DataFormat.Float32
        want = np.stack([formats.unpack_tile_bytes(formats.pack_from_dest((w >> 16).astype(np.uint16), False, f32),
                                                   f32) for w in want]).view(np.uint32)
    np.testing.assert_array_equal(out.view(np.uint32), want)
    xf = x.astype(np.float64)
    ok = (xf > -87) & (xf < 0.7)
    assert (np.abs(out[ok] / np.exp(xf[ok]) - 1) < 0.045).all()


def test_ttnn_exp_fast_and_approximate(monkeypatch):
    """ttnn.exp(fast_and_approximate_mode=True) runs exp_tile<1u> (622c6fb9 unary_op_utils.cpp: exp_tile_init<1u>() /
    exp_tile<1u>(idst), InputClamping::ClampToNegative): modelled under TT_METAL_DISABLE_SFPLOADMACRO=1 (the plain
    loop), refused otherwise (its SFPLOADMACRO clamp is not)."""
    import tensix.ttnn as ttnn
    dev = ttnn.open_device(device_id=0)
    try:
        x = _exp_tiles(2, 140).reshape(64, 32)
        tensors = {dt: ttnn.from_numpy(x, dtype=dt, layout=ttnn.TILE_LAYOUT, device=dev)
                   for dt in (ttnn.float32, ttnn.bfloat16)}
        with pytest.raises(tensix.NotModelledError, match="disagree"):
            ttnn.exp(tensors[ttnn.float32], fast_and_approximate_mode=True)
        monkeypatch.setenv("TT_METAL_DISABLE_SFPLOADMACRO", "1")
        got = {dt: np.asarray(ttnn.to_numpy(ttnn.exp(t, fast_and_approximate_mode=True)), np.float32)
               for dt, t in tensors.items()}
    finally:
        ttnn.close_device(dev)
    # a float32 tensor: an fp32 Dst, exact; bfloat16: a 16-bit Dst (the top 16 bits), packed with denormals as 0
    np.testing.assert_array_equal(got[ttnn.float32].view(np.uint32), _clamp_negative_reference(x.view(np.uint32), True))
    want = _clamp_negative_reference(x.view(np.uint32), False)
    want[(want & 0x7F800000) == 0] = 0
    np.testing.assert_array_equal(got[ttnn.bfloat16].view(np.uint32), want)


# ---- binary_max_tile / binary_min_tile: the default build's SFPLOADMACRO form -------------------------------------
def compute_max_min():
    """a -> Dst 0, b -> Dst 1, binary_max (core index even) or binary_min (odd) in place into Dst 0, pack Dst 0."""
    n, core = get_arg_val(0), get_arg_val(1)
    init_sfpu(CBIndex.c_0, CBIndex.c_16)
    copy_tile_init(CBIndex.c_0)
    name = "binary_max" if core % 2 == 0 else "binary_min"
    getattr(K, f"{name}_tile_init")()
    for _ in range(n // 2):
        cb_wait_front(CBIndex.c_0, 2)
        tile_regs_acquire()
        copy_tile(CBIndex.c_0, 0, 0)
        copy_tile(CBIndex.c_0, 1, 1)
        getattr(K, f"{name}_tile")(0, 1, 0)
        tile_regs_commit()
        cb_pop_front(CBIndex.c_0, 2)
        cb_reserve_back(CBIndex.c_16, 2)
        tile_regs_wait()
        for _ in range(2):  # the result twice: the writer writes as many tiles as the reader reads
            pack_tile(0, CBIndex.c_16)
        tile_regs_release()
        cb_push_back(CBIndex.c_16, 2)


def _max_min_inputs(n_pairs, seed, fp32):
    rng = np.random.default_rng(seed)
    x = (rng.standard_normal((2 * n_pairs, 32, 32)) * 8).astype(np.float32).view(np.uint32)
    for p in range(n_pairs):
        a, b = x[2 * p], x[2 * p + 1]
        a.flat[:len(SPECIAL)] = SPECIAL
        b.flat[:len(SPECIAL)] = SPECIAL[::-1]
        b.flat[len(SPECIAL):len(SPECIAL) + 24] = SPECIAL[np.arange(24) % len(SPECIAL)]
        a.flat[len(SPECIAL):len(SPECIAL) + 24] = SPECIAL[(np.arange(24) // len(SPECIAL)) % len(SPECIAL)]
        b.flat[40:50] = a.flat[40:50]   # equal pairs
        b.flat[50:60] = a.flat[50:60] ^ 0x80000000  # opposite signs of one magnitude
    if not fp32:
        x &= 0xFFFF0000
        # a 16-bit Dst holds no NaN payloads but bf16's: keep quiet NaNs with the top bits only (exact in bf16)
    return x.view(np.float32)


@pytest.mark.parametrize("fp32", [True, False], ids=["fp32", "bf16"])
def test_max_min_default_form_equals_disable_form(fp32, monkeypatch, engine_calls):
    """Bit-identical to the DISABLE_SFPLOADMACRO loop (TT_METAL_DISABLE_SFPLOADMACRO=1, the ordinary SFPI program),
    random and special values, max on even cores and min on odd ones; and to numpy's sign-magnitude max / min for
    an fp32 Dst (exact copies in and out)."""
    n_cores, per_core = 4, 4
    x = _max_min_inputs(n_cores * per_core // 2, 11 + fp32, fp32)
    default = launch(compute_max_min, x, n_cores, per_core, fp32)
    assert engine_calls and max(engine_calls) > 1
    calls = len(engine_calls)
    monkeypatch.setenv("TT_METAL_DISABLE_SFPLOADMACRO", "1")
    disable = launch(compute_max_min, x, n_cores, per_core, fp32)
    assert len(engine_calls) == calls     # the plain loop needs no engine
    np.testing.assert_array_equal(default.view(np.uint32), disable.view(np.uint32))
    if fp32:
        bits = x.view(np.uint32)
        for p in range(n_cores * per_core // 2):
            a, b = bits[2 * p], bits[2 * p + 1]
            is_max = (2 * p // per_core) % 2 == 0
            want = np.where((_smag_key(a) >= _smag_key(b)) == is_max, a, b)
            np.testing.assert_array_equal(default[2 * p].view(np.uint32), want)
            np.testing.assert_array_equal(default[2 * p + 1].view(np.uint32), want)


def compute_max_fresh_odst():
    init_sfpu(CBIndex.c_0, CBIndex.c_16)
    copy_tile_init(CBIndex.c_0)
    K.binary_max_tile_init()
    cb_wait_front(CBIndex.c_0, 2)
    tile_regs_acquire()
    copy_tile(CBIndex.c_0, 0, 0)
    copy_tile(CBIndex.c_0, 1, 1)
    K.binary_max_tile(0, 1, 2)
    tile_regs_commit()
    cb_pop_front(CBIndex.c_0, 2)
    cb_reserve_back(CBIndex.c_16, 2)
    tile_regs_wait()
    for _ in range(2):
        pack_tile(2, CBIndex.c_16)
    tile_regs_release()
    cb_push_back(CBIndex.c_16, 2)


def test_max_default_form_into_a_fresh_odst(monkeypatch):
    """The default form's second SFPLOADMACRO loads odst's rows into LReg3 only to trigger the macro that stores
    the result there; nothing reads LReg3, so an odst nothing wrote in this section is fine, as on the card, and
    both forms give the same values."""
    x = _max_min_inputs(1, 12, True)
    a, b = x.view(np.uint32)
    want = np.where(_smag_key(a) >= _smag_key(b), a, b)
    np.testing.assert_array_equal(launch(compute_max_fresh_odst, x, 1, 2, True)[0].view(np.uint32), want)
    monkeypatch.setenv("TT_METAL_DISABLE_SFPLOADMACRO", "1")
    np.testing.assert_array_equal(launch(compute_max_fresh_odst, x, 1, 2, True)[0].view(np.uint32), want)


def _run_program(program, tiles, fp32, amods):
    st = SfpuState(1)
    st.set_sfpu_fp32(fp32)
    for a, incr in amods:
        st.addr_mod_dst_incr[0, a] = incr
    d = new_dst(1)
    for i, t in enumerate(tiles):
        if fp32:
            write_tiles32(d[0], i, t[None])
        else:
            write_tiles16(d[0], i, (t >> 16).astype(np.uint16)[None])
    return st, d


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 2 ** 32 - 1), min_size=64, max_size=64), st.booleans(), st.booleans(),
       st.sampled_from([(0, 1, 0), (0, 1, 1), (1, 0, 2), (2, 3, 1)]))
def test_max_min_instruction_lists_property(words, is_max, fp32, tiles):
    """Property: for any bits (NaNs and denormals included) and any tiles, the InstrPrograms the compute API runs
    (init, then the tile program with the binary init's ADDR_MODs) store what the DISABLE_SFPLOADMACRO SFPI program
    stores, on every Dst row."""
    from tensix.sfpi.runner import compiled_for
    from tensix.sfpu.execute import execute

    rng = np.random.default_rng(words[0])
    data = rng.integers(0, 2 ** 32, (4, 32, 32), dtype=np.uint64).astype(np.uint32)
    data.flat[:64] = words
    data[1].flat[:64] = words[::-1]
    if not fp32:
        data &= 0xFFFF0000
    prog, init = llk.binary_max_min_programs(is_max, tiles)
    st_a, d_a = _run_program(None, data, fp32, prog.addr_mods)
    run_instrs(init.instrs, st_a, d_a)
    run_instrs(prog.instrs, st_a, d_a)
    assert not st_a.lm_pending[0]
    st_b, d_b = _run_program(None, data, fp32, ())
    c = compiled_for(llk.BINARY["binary_max" if is_max else "binary_min"].program, (False, fp32, tiles))
    execute(c.program, st_b, d_b, instrs=c.instrs)
    read = read_tiles32 if fp32 else read_tiles16
    np.testing.assert_array_equal(read(d_a[0], 0, 4), read(d_b[0], 0, 4))


def test_sfploadmacro_ops_on_a_ckernel_core_are_refused():
    """A kernel that also drives its core's tile through tensix.kernel.ckernel gets NotModelledError for the compute
    API's SFPLOADMACRO ops (their words would go through the tile's own ADDR_MODs and replay buffer), with the fix."""
    def op(_i=0):
        from tensix.kernel.ckernel import TTI_SFPNOP
        TTI_SFPNOP()
        K.exp_tile_init(**EXP_NONE)
        K.exp_tile(0, **EXP_NONE)
    with pytest.raises(tensix.NotModelledError, match="(?s)ckernel.*TTI_"):
        ckernel_run(op, _exp_tiles(1, 150)[0])


@pytest.mark.parametrize("tiles,reads,writes", [((0, 1, 0), {0, 1}, {0}), ((2, 3, 1), {2, 3}, {1, 2})])
def test_max_min_footprint(tiles, reads, writes):
    """The Dst tiles the batch moves in and out: both inputs are read (an SFPLOADMACRO and an SFPLOAD load them);
    odst is loaded too, but into an LReg nothing reads, so it is not a read unless it is an input; odst and in0
    count as written (each SFPLOADMACRO's sequence may store to its row: in0's does not, so it moves out
    unchanged), in1 only read (a plain SFPLOAD)."""
    tile, _init = llk.binary_max_min_programs(True, tiles)
    c = tile.compiled()
    assert (set(c.dst_reads), set(c.dst_writes)) == (reads, writes)


@pytest.mark.parametrize("fp32", [True, False], ids=["fp32", "bf16"])
def test_clamp_negative_disable_words_equal_softmax_sfpi_program(fp32):
    """The DISABLE_SFPLOADMACRO words of exp_tile<true, ClampToNegative> (decoded from ckernel_sfpu_exp.h's TTI_
    calls) against tensix.ttnn's own SFPI transliteration of that loop (softmax's exp, written independently):
    the same bits on every row, inputs below -88.5 included."""
    from tensix.sfpi.runner import compiled_for
    from tensix.sfpu.execute import execute
    from tensix.ttnn.kernels.normalization import sfpu_lib

    x = _exp_tiles(1, 160).view(np.uint32)
    if not fp32:
        x = x & 0xFFFF0000
    tile, init = llk.exp_approx_disable_programs("ClampToNegative")
    st_a, d_a = _run_program(None, x, fp32, tile.addr_mods)
    run_instrs(init.instrs, st_a, d_a)
    run_instrs(tile.instrs, st_a, d_a)
    st_b, d_b = _run_program(None, x, fp32, ())
    for fn in (sfpu_lib.exp_approx_init_program, sfpu_lib.exp_approx_program):
        c = compiled_for(fn, ())
        execute(c.program, st_b, d_b, instrs=c.instrs)
    read = read_tiles32 if fp32 else read_tiles16
    np.testing.assert_array_equal(read(d_a[0], 0, 1), read(d_b[0], 0, 1))


# ---- where_tile<data_format>: tt-llk's _calculate_where_ (SFPLOADMACRO schedules) ---------------------------------
def compute_where(out_tile, fmt):
    """Per four input tiles (cond, a, b, unused) -> Dst 0, 1, 2: where_tile<fmt>(0, 1, 2, out_tile), then pack the
    result, and Dst 1, 2 and (unless overwritten) 0 as Dst holds them: four output tiles."""
    def compute():
        n = get_arg_val(0)
        init_sfpu(CBIndex.c_0, CBIndex.c_16)
        copy_tile_init(CBIndex.c_0)
        K.where_tile_init()
        for _ in range(n // 4):
            tile_regs_acquire()
            for i in range(4):
                cb_wait_front(CBIndex.c_0, 1)
                if i < 3:
                    copy_tile(CBIndex.c_0, 0, i)
                cb_pop_front(CBIndex.c_0, 1)
            K.where_tile(0, 1, 2, out_tile, fmt)
            tile_regs_commit()
            tile_regs_wait()
            for t in (out_tile, 1, 2, 0 if out_tile else 1):
                cb_reserve_back(CBIndex.c_16, 1)
                pack_tile(t, CBIndex.c_16)
                cb_push_back(CBIndex.c_16, 1)
            tile_regs_release()
    return compute


def _where_inputs(groups, seed):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((groups, 4, 32, 32)).astype(np.float32)
    x[:, 0] = rng.choice(np.array([0.0, -0.0, 1.5, -2.0, 3.25], np.float32), (groups, 32, 32))
    return x.reshape(groups * 4, 32, 32)


@pytest.mark.parametrize("out_tile", [0, 3], ids=["out=cond", "out apart"])
@pytest.mark.parametrize("fp32,fmt", [(True, "Float32"), (True, "Int32"), (True, "UInt32"), (False, "Float16_b")])
def test_where_tile_selects_on_the_condition_bits(out_tile, fp32, fmt, engine_calls):
    """out = a where cond != 0 else b, on Dst bits: a negative zero condition counts as true, in both Dst modes (the
    copy through SrcA to a 16-bit Dst keeps it after init_sfpu, which disables the Src zero flag; the packed
    condition tile of a 16-bit Dst reads +0, the packer's BF16 conversion). Both of tt-llk's schedules (the store scheduled by
    the condition's SFPLOADMACRO when out is the condition tile, an explicit SFPSTORE otherwise), on 4 cores in
    lockstep, the init and every call through the SFPLOADMACRO engine."""
    x = _where_inputs(4 * 2, 150 + out_tile + fp32)
    out = launch(compute_where(out_tile, fmt), x, 4, 8, fp32).reshape(-1, 4, 32, 32).view(np.uint32)
    cond = x.reshape(-1, 4, 32, 32)[:, 0].view(np.uint32)
    if out_tile:
        packed = out[:, 3]
        np.testing.assert_array_equal(packed, cond if fp32 else np.where(cond == 0x80000000, 0, cond))
    np.testing.assert_array_equal(out[:, 0], np.where(cond != 0, out[:, 1], out[:, 2]))
    assert (cond == 0x80000000).any() and sum(engine_calls) == 4 * (2 + 1)


def test_where_tile_rejects_other_formats():
    with pytest.raises(tensix.KernelError, match="Float32, Int32, UInt32, Float16_b"):
        launch(compute_where(0, "Bfp8_b"), _where_inputs(1, 160), 1, 4, True)


# ---- binary_{max,min}_{int32,uint32}_tile: calculate_binary_max_min_int32 ------------------------------------------
def compute_binary(init, op, odst):
    """a -> Dst 0, b -> Dst 1, init() once, op(0, 1, odst), pack odst twice."""
    def compute():
        n = get_arg_val(0)
        init_sfpu(CBIndex.c_0, CBIndex.c_16)
        copy_tile_init(CBIndex.c_0)
        init()
        for _ in range(n // 2):
            cb_wait_front(CBIndex.c_0, 2)
            tile_regs_acquire()
            copy_tile(CBIndex.c_0, 0, 0)
            copy_tile(CBIndex.c_0, 1, 1)
            op(0, 1, odst)
            tile_regs_commit()
            cb_pop_front(CBIndex.c_0, 2)
            cb_reserve_back(CBIndex.c_16, 2)
            tile_regs_wait()
            for _ in range(2):
                pack_tile(odst, CBIndex.c_16)
            tile_regs_release()
            cb_push_back(CBIndex.c_16, 2)
    return compute


def compute_max_min_int32(name, odst):
    return compute_binary(lambda: getattr(K, f"{name}_init")(), lambda *t: getattr(K, name)(*t), odst)


@pytest.mark.parametrize("odst", [0, 2], ids=["in place", "fresh odst"])
@pytest.mark.parametrize("name", ["binary_max_int32_tile", "binary_min_int32_tile", "binary_max_uint32_tile",
                                  "binary_min_uint32_tile"])
def test_max_min_int32_tiles_match_numpy(name, odst, monkeypatch, engine_calls):
    """numpy's max / min of int32 (uint32) on random words and the edge pairs (0, -1, INT_MIN, INT_MAX, equal), on
    3 cores in lockstep through the SFPLOADMACRO engine; the same bits with TT_METAL_DISABLE_SFPLOADMACRO=1 (the
    plain loop: SFPSWAP, SFPSETCC on both signs, a conditional SFPSWAP)."""
    rng = np.random.default_rng(sum(name.encode()) + odst)
    x = rng.integers(0, 2 ** 32, (6, 32, 32), dtype=np.uint64).astype(np.uint32)
    edges = np.array([0, 1, 0xFFFFFFFF, 0x80000000, 0x7FFFFFFF, 5, 0x80000001], np.uint32)
    x[0].flat[:49] = np.repeat(edges, 7)
    x[1].flat[:49] = np.tile(edges, 7)
    x[2] &= 0x807FFFFF      # no exponent-255 patterns here: these words are integers all the same
    out = launch(compute_max_min_int32(name, odst), x.view(np.float32), 3, 2, True).view(np.uint32)
    view = np.uint32 if "uint32" in name else np.int32
    fn = np.maximum if "max" in name else np.minimum
    want = np.stack([fn(x[2 * p].view(view), x[2 * p + 1].view(view)).view(np.uint32) for p in range(3)])
    np.testing.assert_array_equal(out[0::2], want)
    np.testing.assert_array_equal(out[1::2], want)
    assert max(engine_calls) == 3
    monkeypatch.setenv("TT_METAL_DISABLE_SFPLOADMACRO", "1")
    disable = launch(compute_max_min_int32(name, odst), x.view(np.float32), 3, 2, True).view(np.uint32)
    np.testing.assert_array_equal(disable, out)


# ---- mul_int_tile<UInt16>: tt-llk's _mul_int_ ------------------------------------------------------------------------
def compute_mul_int(odst):
    return compute_binary(lambda: K.mul_int_tile_init("UInt16"), lambda *t: K.mul_int_tile(*t, "UInt16"), odst)


@pytest.mark.parametrize("odst", [0, 2], ids=["in place", "fresh odst"])
def test_mul_int_uint16_matches_numpy(odst, monkeypatch, engine_calls):
    """(a * b) mod 2**16 of u16 words in a 16-bit Dst, on 2 cores through the SFPLOADMACRO engine (odst need not
    hold data: the value its SFPLOADMACRO loads is overwritten before use), and the same bits from the plain loop
    (TT_METAL_DISABLE_SFPLOADMACRO=1). The words reach Dst as bf16 through SrcA, so the inputs avoid exponent fields
    0 and 255, and the packer's Float32 output is compared where the product's exponent field is neither."""
    rng = np.random.default_rng(170 + odst)
    u = rng.integers(0, 2 ** 16, (4, 32, 32)).astype(np.uint32)
    e = (u >> 7) & 0xFF
    u = np.where((e == 0) | (e == 255), u ^ 0x4000, u)
    x = (u << 16).view(np.float32)
    out = launch(compute_mul_int(odst), x, 2, 2, False).view(np.uint32) >> 16
    want = np.stack([(u[2 * p] * u[2 * p + 1]) & 0xFFFF for p in range(2)])
    seen = (((want >> 7) & 0xFF) != 0) & (((want >> 7) & 0xFF) != 255)
    np.testing.assert_array_equal(out[0::2][seen], want[seen])
    np.testing.assert_array_equal(out[1::2][seen], want[seen])
    assert seen.mean() > 0.98 and max(engine_calls) == 2
    monkeypatch.setenv("TT_METAL_DISABLE_SFPLOADMACRO", "1")
    disable = launch(compute_mul_int(odst), x, 2, 2, False).view(np.uint32) >> 16
    np.testing.assert_array_equal(disable, out)


def test_mul_int_refuses_a_float_format():
    """mul_int_tile's static_assert: Int32, UInt32 or UInt16 (Int32 / UInt32 run mul_int32: test_ttnn_int62.py)."""
    with pytest.raises(tensix.KernelError, match="static_assert"):
        launch(compute_mul_int_fmt("Float32"), np.zeros((2, 32, 32), np.float32), 1, 2, True)


def compute_mul_int_fmt(fmt):
    def compute():
        init_sfpu(CBIndex.c_0, CBIndex.c_16)
        K.mul_int_tile_init(fmt)
    return compute
