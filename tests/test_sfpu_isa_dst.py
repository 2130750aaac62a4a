"""tensix.sfpu.isa (table, make, str, encode) and tensix.sfpu.dst (storage and tile placement)."""

import numpy as np
import pytest

from tensix.errors import NotModelledError, SfpuError
from tensix.sfpu import isa
from tensix.sfpu.dst import adj_row, new_dst, read_tiles16, read_tiles32, write_tiles16, write_tiles32
from tensix.sfpu.isa import Instr, encode, listing, make

ALL_OPS = ["SFPLOAD", "SFPLOADI", "SFPSTORE", "SFPMAD", "SFPADD", "SFPMUL", "SFPADDI", "SFPMULI", "SFPEXEXP",
           "SFPEXMAN", "SFPSETEXP", "SFPSETMAN", "SFPSETSGN", "SFPABS", "SFPDIVP2", "SFPLZ", "SFPIADD", "SFPAND",
           "SFPOR", "SFPXOR", "SFPNOT", "SFPSHFT", "SFPSHFT2", "SFPMOV", "SFPSWAP", "SFPTRANSP", "SFPLUT",
           "SFPLUTFP32", "SFPCAST", "SFPSTOCHRND", "SFPSETCC", "SFPENCC", "SFPPUSHC", "SFPPOPC", "SFPCOMPC",
           "SFPCONFIG", "SFPNOP", "SFPLOADMACRO", "INCRWC", "SETRWC"]


def test_table_has_every_instruction():
    assert sorted(ALL_OPS) == sorted(isa.OPCODE_NAMES)
    assert [isa.OPCODES[n] for n in isa.OPCODE_NAMES] == list(range(len(isa.OPCODE_NAMES)))


def test_field_order_follows_isa_syntax():
    assert [f.name for f in isa.FIELDS["SFPMAD"]] == ["VA", "VB", "VC", "VD", "Mod1"]
    assert [f.name for f in isa.FIELDS["SFPLOAD"]] == ["VD", "Mod0", "AddrMod", "Imm10"]
    assert [f.name for f in isa.FIELDS["SFPIADD"]] == ["Imm12", "VC", "VD", "Mod1"]
    assert [f.name for f in isa.FIELDS["SFPSTOCHRND"]] == ["StochasticRounding", "Imm5", "VB", "VC", "VD",
                                                           "UseImm5", "Mod1"]
    assert {f.name: f.width for f in isa.FIELDS["SFPLOADI"]} == {"VD": 4, "Mod0": 4, "Imm16": 16}


def test_constants_match_isa():
    assert isa.MOD0_FMT_FP32 == 3 and isa.MOD0_FMT_INT32_ALL == 10 and isa.MOD0_FMT_HI16_ONLY == 15
    assert isa.SFPMAD_MOD1_INDIRECT_VA == 4 and isa.SFPMAD_MOD1_INDIRECT_VD == 8
    assert isa.SFPIADD_MOD1_ARG_IMM == 1 and isa.SFPIADD_MOD1_CC_NONE == 4 and isa.SFPIADD_MOD1_CC_GTE0 == 8
    assert isa.SFPSETCC_MOD1_LREG_EQ0 == 6 and isa.SFPSWAP_MOD1_SUBVEC_MIN3_MAX012 == 8
    assert isa.SFPSTOCHRND_MOD1_FP32_TO_INT16 == 7 and isa.SFPSHFT2_MOD1_SHFT_IMM == 6


def test_make_and_str():
    i = make("SFPMAD", VA=0, VB=1, VC=9, VD=3)
    assert i["VD"] == 3 and i["Mod1"] == 0
    assert str(i) == "SFPMAD VA=L0 VB=L1 VC=L9 VD=L3 Mod1=0"
    j = make("SFPLOADI", VD=2, Mod0=0, Imm16=0x3F80, loc="kernel.py:12")
    assert str(j) == "SFPLOADI VD=L2 Mod0=0 Imm16=0x3f80  ; kernel.py:12"
    k = make("SFPIADD", Imm12=-5, VC=1, VD=2, Mod1=1)
    assert k["Imm12"] == 0xFFB and "Imm12=-5" in str(k)
    r = make("SFPLOADI", VD=0, Mod0=0, input=1)
    assert "Imm16=in[1]" in str(r)
    assert make("SFP_STOCH_RND", StochasticRounding=0, VC=0, VD=1, Mod1=3).op == "SFPSTOCHRND"
    assert "0  SFPNOP" in listing([make("SFPNOP")])
    assert isinstance(i, Instr)
    with pytest.raises(KeyError):
        i["Imm16"]


@pytest.mark.parametrize("kw, msg", [
    (dict(op="SFPMAD", VA=0, VB=1, VC=2), "VD is required"),
    (dict(op="SFPMAD", VA=0, VB=1, VC=2, VD=16), "VD=16"),
    (dict(op="SFPMAD", VA=0, VB=1, VC=2, VD=3, Imm16=1), "unknown field 'Imm16'"),
    (dict(op="SFPLOADI", VD=0, Mod0=3, Imm16=0), "undefined behaviour"),
    (dict(op="SFPIADD", Imm12=2048 * 2, VC=0, VD=0), "Imm12"),
    (dict(op="SFPIADD", Imm12=-2049, VC=0, VD=0), "Imm12"),
    (dict(op="SFPNOP", input=0), "no immediate field"),
    (dict(op="SFPFOO"), "unknown SFPU instruction"),
    (dict(op="SFPSTOCHRND", StochasticRounding=0, VC=0, VD=1, UseImm5=1, Mod1=3), "UseImm5"),
])
def test_make_rejects(kw, msg):
    op = kw.pop("op")
    with pytest.raises(SfpuError, match=msg):
        make(op, **kw)


def test_encode_not_modelled():
    # SFPLOADMACRO and SFPMOV from LoadMacroConfig encode (tensix.sfpu.loadmacro runs them; tests in
    # test_sfpu_loadmacro.py); the batched interpreter alone refuses them loudly.
    lm = make("SFPLOADMACRO", MacroIndex=2, VDLo=3, Mod0=3, AddrMod=1, Imm9=5, VDHi=1)
    row = encode([make("SFPNOP"), lm])[1]
    assert (row[isa.C_VA], row[isa.C_VD], row[isa.C_IMM], row[isa.C_X]) == (2, 7, 11, 1)
    encode([make("SFPMOV", VC=3, VD=0, Mod1=8)])
    encode([make("SFPMOV", VC=9, VD=0, Mod1=8)])  # PRNG is modelled
    with pytest.raises(NotModelledError):
        encode([make("SETRWC", FlipSrcA=1)])
    with pytest.raises(SfpuError):
        encode(["SFPNOP"])


def test_encode_shape():
    p = encode([make("SFPLOAD", VD=1, Mod0=3, Imm10=6), make("INCRWC", DstInc=2)])
    assert p.dtype == np.int32 and p.shape == (2, isa.NCOLS)
    assert p[0, isa.C_OP] == isa.OPCODES["SFPLOAD"] and p[0, isa.C_IMM] == 6 and p[0, isa.C_VD] == 1
    assert encode([]).shape == (0, isa.NCOLS)


# ---------------------------------------------------------------------------------------------- Dst


def test_adj_row_formula():
    # Dst.md: AdjRow = ((Row & 0x1f8) << 1) | (Row & 0x207); 512 distinct rows, never touching +8 rows.
    rows = np.arange(512)
    a = adj_row(rows)
    assert len(set(a.tolist())) == 512
    assert not set(a.tolist()) & set((a + 8).tolist())
    assert adj_row(9) == 17 and adj_row(7) == 7 and adj_row(8) == 16


def test_tiles32_physical_placement():
    d = new_dst(1)[0]
    rng = np.random.default_rng(1)
    tiles = rng.integers(0, 2**32, size=(2, 32, 32), dtype=np.uint64).astype(np.uint32)
    write_tiles32(d, 1, tiles)
    for t in (0, 1):
        for i, j in [(0, 0), (5, 17), (16, 3), (31, 31), (20, 20)]:
            face = (i // 16) * 2 + j // 16
            row = 64 * (1 + t) + 16 * face + i % 16
            a = ((row & 0x1F8) << 1) | (row & 0x207)
            v = (int(d[a, j % 16]) << 16) | int(d[a + 8, j % 16])
            assert v == tiles[t, i, j]
    assert np.array_equal(read_tiles32(d, 1, 2), tiles)
    assert not read_tiles32(d, 0, 1).any()


def test_tiles_on_a_stack_of_dsts_match_single_writes():
    rng = np.random.default_rng(7)
    t32 = rng.integers(0, 2**32, size=(3, 2, 32, 32), dtype=np.uint64).astype(np.uint32)
    t16 = rng.integers(0, 2**16, size=(3, 2, 32, 32), dtype=np.uint64).astype(np.uint16)
    for write, read, tiles, first in ((write_tiles32, read_tiles32, t32, 5), (write_tiles16, read_tiles16, t16, 13)):
        stack = new_dst(3)
        write(stack, first, tiles)
        for k in range(3):
            one = new_dst(1)[0]
            write(one, first, tiles[k])
            assert np.array_equal(stack[k], one)
            assert np.array_equal(read(one, first, 2), tiles[k])
        assert np.array_equal(read(stack, first, 2), tiles)
        shared = new_dst(2)
        write(shared, first, tiles[0])  # one set of tiles into every Dst of the stack
        assert np.array_equal(read(shared, first, 2), np.stack([tiles[0], tiles[0]]))


def test_pool_moves_match_plain_tile_moves():
    from tensix.sfpu.dst import read_pool_tiles32, write_pool_tiles32

    rng = np.random.default_rng(8)
    pool = rng.integers(0, 2**32, size=(5, 2, 4, 32, 32), dtype=np.uint64).astype(np.uint32)
    which = np.array([[3, 1], [0, 0], [4, 1]])
    d = new_dst(3)
    write_pool_tiles32(d, 1, 3, pool, which)
    for k, (row, half) in enumerate(which):
        one = new_dst(1)[0]
        write_tiles32(one, 1, pool[row, half, 1:4])
        assert np.array_equal(d[k], one)
    back = np.zeros_like(pool)
    read_pool_tiles32(d, 1, 3, back, which)
    for row, half in which:
        assert np.array_equal(back[row, half, 1:4], pool[row, half, 1:4])
        assert not back[row, half, 0].any()
    with pytest.raises(SfpuError, match="tile"):
        write_pool_tiles32(d, 6, 3, np.zeros((5, 2, 9, 32, 32), np.uint32), which)


def test_tiles16_placement_and_roundtrip():
    d = new_dst(2)
    tiles = np.arange(2 * 32 * 32, dtype=np.uint16).reshape(2, 32, 32)
    write_tiles16(d[1], 14, tiles)
    i, j = 17, 29
    assert d[1, 64 * 15 + 16 * 3 + 1, 13] == tiles[1, i, j]
    assert np.array_equal(read_tiles16(d[1], 14, 2), tiles)
    assert not d[0].any()


def test_tiles_errors():
    d = new_dst(1)[0]
    with pytest.raises(SfpuError, match="tile"):
        write_tiles16(d, 16, np.zeros((1, 32, 32), np.uint16))
    with pytest.raises(SfpuError):
        write_tiles32(d, 0, np.zeros((1, 32, 32), np.float64))
    with pytest.raises(SfpuError):
        read_tiles32(np.zeros((1024, 16), np.uint32), 0)


def test_hand_built_loadmacro_row_raises():
    from tensix.sfpu import SfpuState, execute

    from tensix.sfpu.execute import run_prepared

    prog = encode([make("SFPNOP")])
    prog[0, isa.C_OP] = isa.OPCODES["SFPLOADMACRO"]
    # execute() hands it to tensix.sfpu.loadmacro, which refuses an unprogrammed LoadMacroConfig
    with pytest.raises(NotModelledError, match="Sequence\\[0\\] has not been written"):
        execute(prog, SfpuState(1), new_dst(1))
    # the batched interpreter alone refuses SFPLOADMACRO loudly
    z = np.zeros(1, np.int64)
    with pytest.raises(SfpuError, match="reached the batched interpreter"):
        run_prepared(prog, SfpuState(1), new_dst(1), z, z, z, np.zeros((1, 0), np.uint32))


def test_zero_instances_and_empty_program():
    from tensix.sfpu import SfpuState, execute

    c = execute(encode([make("SFPNOP")]), SfpuState(1), new_dst(1), state_of=np.zeros(0, np.int64))
    assert c.sum() == 0
    assert execute(encode([]), SfpuState(1), new_dst(1)).sum() == 0


try:
    from hypothesis import given, settings
    from hypothesis import strategies as st
    from hypothesis.extra.numpy import arrays
except ImportError:  # pragma: no cover
    given = None

if given is not None:

    @settings(max_examples=25, deadline=None)
    @given(arrays(np.uint32, (2, 32, 32)), st.integers(0, 6))
    def test_tiles32_roundtrip_property(tiles, first):
        d = new_dst(1)[0]
        write_tiles32(d, first, tiles)
        assert np.array_equal(read_tiles32(d, first, 2), tiles)
        # nothing outside the two tiles' rows was touched
        rows = set()
        for r in range(64 * first, 64 * first + 128):
            a = int(adj_row(r))
            rows |= {a, a + 8}
        other = [r for r in range(1024) if r not in rows]
        assert not d[other].any()

    @settings(max_examples=25, deadline=None)
    @given(arrays(np.uint16, (1, 32, 32)), st.integers(0, 15))
    def test_tiles16_roundtrip_property(tiles, first):
        d = new_dst(1)[0]
        write_tiles16(d, first, tiles)
        assert np.array_equal(read_tiles16(d, first, 1), tiles)
        assert np.count_nonzero(d) == np.count_nonzero(tiles)


def test_execute_rejects_bad_hand_built_rows():
    from tensix.sfpu import SfpuState, execute

    prog = encode([make("SFPMAD", VA=0, VB=1, VC=2, VD=3)])
    prog[0, isa.C_VB] = 17
    with pytest.raises(SfpuError, match="not a valid encoding"):
        execute(prog, SfpuState(1), new_dst(1))
