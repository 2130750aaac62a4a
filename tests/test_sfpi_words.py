"""One stack (issue 16, part 6): SFPI programs as Tensix instruction words.

- `tensix.sfpi.listing` shows each instruction's 32-bit word (its TT_OP_SFP* encoding);
- the program the SFPU runs is expanded from those words (tensix.tile.vector.program_of_words): over the whole
  SFPI library (every compute-API op of tensix.sfpi.llk in every version and mode, the binary ops, the seeds'
  routines of tensix.sfpi.lib) it equals the compiler's own encoding, so numbers and cycles are the same;
- `sfpi.run(..., via="tile")` executes the words one by one on a tensix.tile.Tile (Wait Gate, RWCs, ADDR_MOD
  from ThreadConfig) with the same numbers and instruction counts as the batched interpreter."""

import zlib

import numpy as np
import pytest

import tensix
from tensix import sfpi
from tensix.sfpi import llk
from tensix.sfpi import lib
from tensix.sfpi.runner import compiled_for, words_with_inputs
from tensix.tile import isa, ops
from tensix.tile.vector import program_of_words, to_instr


def _library():
    """(name, fn, args) for every program of the SFPI library tensix ships."""
    cases = []
    for name, versions in sorted(llk.UNARY_VERSIONS.items()):
        for version, spec in sorted(versions.items()):
            if spec.program is None:    # tt-llk's instruction list only (no SFPI program)
                continue
            template = tuple(v for _, v in spec.params)
            runtime = tuple(0x3F800000 + 0x100000 * i for i, _ in enumerate(spec.runtime))
            for approx in (False, True):
                for fp32 in (True, False):
                    cases.append((f"{name}-{version}-{'approx' if approx else 'exact'}-{'fp32' if fp32 else 'bf16'}",
                                  spec.program, (approx, fp32, *template, *runtime)))
    for name, spec in sorted(llk.BINARY.items()):
        if spec.program is None:    # tt-llk's instruction list only (no SFPI program)
            continue
        for fp32 in (True, False):
            cases.append((f"{name}-{'fp32' if fp32 else 'bf16'}", spec.program, (False, fp32, (0, 1, 2))))
    for name, fn, args in (("calculate_sine", lib.calculate_sine, ()), ("calculate_cosine", lib.calculate_cosine, ()),
                           ("exp_tile_21f", lib.exp_tile, ("exp_21f",)), ("exp_tile_24f", lib.exp_tile, ("exp_24f",)),
                           ("sin_tile", lib.sin_tile, ()),
                           ("cos_tile", lib.cos_tile, ())):
        cases.append((name, fn, args))
    return cases


def _compiled(fn, args):
    try:
        return compiled_for(fn, args)
    except tensix.NotModelledError as e:
        pytest.skip(f"not modelled: {e}")


LIBRARY = _library()


@pytest.mark.parametrize("name, fn, args", LIBRARY, ids=[c[0] for c in LIBRARY])
def test_program_expanded_from_words_is_the_compilers(name, fn, args):
    c = _compiled(fn, args)
    np.testing.assert_array_equal(program_of_words(c.words, c.input_slots)[0], c.program)
    assert [to_instr(w).op for w in c.words] == [i.op for i in c.instrs]
    # every word is a real Tensix instruction of the Vector Unit (or SETRWC / INCRWC) and disassembles
    assert all(isa.UNIT[isa.name_of(w)] in ("vector", "matrix") for w in c.words)


_RUN_ON_TILE = [c for c in LIBRARY if c[0].endswith(("exact-fp32", "exact-bf16")) or "-" not in c[0]
                or c[0].startswith(("add_binary", "mul_binary", "div_binary", "binary_max"))]


@pytest.mark.parametrize("name, fn, args", _RUN_ON_TILE, ids=[c[0] for c in _RUN_ON_TILE])
def test_words_on_the_tile_match_the_batched_program(name, fn, args):
    """The words executed one by one on a tensix.tile.Tile give the batched interpreter's numbers and counts."""
    c = _compiled(fn, args)
    fp32 = "bf16" not in name
    rng = np.random.default_rng(zlib.crc32(repr(name).encode()))
    n = 4 if fp32 else 8
    tiles = (rng.standard_normal((n, 32, 32)) * 3).astype(np.float32)
    tiles[0, 0, :8] = [0.0, -0.0, np.inf, -np.inf, np.nan, 1e-40, 88.0, -100.0]
    try:
        a = sfpi.run(fn, tiles, *args, fp32_dest=fp32)
    except tensix.TensixError as e:
        with pytest.raises(type(e)):
            sfpi.run(fn, tiles, *args, fp32_dest=fp32, via="tile")
        return
    b = sfpi.run(fn, tiles, *args, fp32_dest=fp32, via="tile")
    np.testing.assert_array_equal(a.tiles.view(np.uint32), b.tiles.view(np.uint32))
    assert a.counts == b.counts and a.cycles == b.cycles
    assert c.n_inputs == 0 or len(words_with_inputs(c, args)) == len(c.words)


def test_listing_shows_the_words():
    def scale(x):
        for _ in range(2):
            dst_reg[0] = dst_reg[0] * x
            dst_reg += 1

    from tensix.sfpi import dst_reg  # noqa: F401 - the function's global
    scale.__globals__["dst_reg"] = dst_reg
    lines = sfpi.listing(scale, 0.5).splitlines()
    first = lines[0].split()
    assert first[1] == f"{ops.TT_OP_SFPLOAD(0, 0, 3, 0):08X}" and first[2] == "SFPLOAD"
    # the SFPLOADI of a runtime scalar: its immediate digits are filled in at run time
    loadi = next(line.split() for line in lines if line.split()[2] == "SFPLOADI")
    assert loadi[1].startswith("71") and loadi[1].endswith("????")
    incrwc = next(line.split() for line in lines if line.split()[2] == "INCRWC")
    assert incrwc[1] == f"{ops.TT_OP_INCRWC(0, 2, 0, 0):08X}"


def test_runtime_immediates_fill_the_words():
    def add(x):
        dst_reg[0] = dst_reg[0] + x

    from tensix.sfpi import dst_reg
    add.__globals__["dst_reg"] = dst_reg
    c = compiled_for(add, (1.5,))
    words = words_with_inputs(c, (1.5,))
    loadis = [w for w in words if w >> 24 == 0x71]
    # 1.5 = 0x3FC00000: SFPLOADI's two halves (UPPER 0x3FC0, LOWER 0x0000) or one bf16 (FLOATB 0x3FC0)
    assert any(w & 0xFFFF == 0x3FC0 for w in loadis)
    out = sfpi.run(add, np.ones((1, 32, 32), np.float32), 1.5, via="tile").tiles
    assert out[0, 0, 0] == 2.5


def test_a_non_llk_addr_mod_is_refused_by_the_batched_expansion():
    w = ops.TT_OP_SFPLOAD(0, 3, 0, 0)  # AddrMod 0 with ADDR_MOD_SET_Base: ADDR_MOD_4, programmed below
    with pytest.raises(tensix.NotModelledError, match="ADDR_MOD_4"):
        program_of_words([w], thread_config={2: 1, 27: 2})
