"""tt-llk's SFPLOADMACRO kernels (tt-metal 622c6fb9) as they issue them, on tensix.sfpu and on the tile's words:
binary max/min's default (SFPLOADMACRO) form against its DISABLE_SFPLOADMACRO form, and exp_tile<approx=true,
InputClamping::None> (Schraudolph's exponential) against a numpy reimplementation of the algorithm text."""

import numpy as np
import pytest

import tensix
from tensix.sfpi import llk
from tensix.sfpu import SfpuState, make, new_dst, run_instrs
from tensix.sfpu.dst import read_tiles32, write_tiles32
from tensix.tile import Tile
from tensix.tile.vector import _TC_DST, _TC_SET_BASE, words_of

# special values in sign-magnitude order: -NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN (SFPSWAP.md)
_SPECIAL = np.array([0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0x00000001,
                     0x80000001, 0x3F800000, 0xBF800000], np.uint32)


def _smag_key(bits):
    b = bits.astype(np.int64)
    return np.where(b & 0x80000000, -(b & 0x7FFFFFFF) - 1, b)


def _sfpu_max_min_state(amod):
    st = SfpuState(1)
    st.set_sfpu_fp32(True)  # an fp32 Dst: MOD0_FMT_SRCB (InstrModLoadStore::DEFAULT) moves 32 bits
    for slot, incr in amod.items():
        st.addr_mod_dst_incr[0, slot] = incr
    return st


def _tiles(seed):
    rng = np.random.default_rng(seed)
    a = (rng.standard_normal((2, 32, 32)) * 4).astype(np.float32).view(np.uint32)
    a[0].flat[:len(_SPECIAL)] = _SPECIAL
    a[1].flat[:len(_SPECIAL)] = _SPECIAL[::-1]
    a[1].flat[20:30] = a[0].flat[20:30]  # equal pairs
    return a


def _disable_form_face(is_max, off0, off1, off2):
    """calculate_binary_max_min's DISABLE_SFPLOADMACRO loop (622c6fb9): SFPLOAD L0, L1, SFPSWAP VEC_MIN_MAX
    (L1 = max, L0 = min), SFPSTORE of the max or the min; ADDR_MOD_2 moves on."""
    out = []
    for _ in range(8):
        out += [make("SFPLOAD", VD=0, Mod0=0, AddrMod=3, Imm10=off0), make("SFPLOAD", VD=1, Mod0=0, AddrMod=3,
                                                                           Imm10=off1),
                make("SFPSWAP", VC=1, VD=0, Mod1=1), make("SFPSTORE", VD=1 if is_max else 0, Mod0=0, AddrMod=2,
                                                           Imm10=off2)]
    return out


def _run_faces(tiles, init, face_prog, out_tile=2):
    """Dst tiles 0, 1, ... = `tiles` (fp32 Dst), `init`, then `face_prog` on each face (the Dst RWC set to the face
    as the LLK driver does; ADDR_MOD_2 adds 2); returns Dst tile `out_tile`'s bits. Nothing may stay scheduled."""
    st = _sfpu_max_min_state({2: 2})
    d = new_dst(1)
    for i, t in enumerate(tiles):
        write_tiles32(d[0], i, t[None])
    run_instrs(init, st, d)
    for face in range(4):
        st.rwc[0, 0] = 16 * face
        run_instrs(face_prog, st, d)
    assert not st.lm_pending[0]  # the kernel's closing SFPNOPs drain the schedule
    return read_tiles32(d[0], out_tile)[0]


@pytest.mark.parametrize("is_max", [True, False])
def test_binary_max_min_loadmacro_form_equals_disable_form(is_max):
    x = _tiles(3 + is_max)
    results = [_run_faces(x, llk.binary_max_min_loadmacro_init(is_max), llk.binary_max_min_loadmacro_face(0, 1, 2)),
               _run_faces(x, [], _disable_form_face(is_max, 0, 64, 128))]
    np.testing.assert_array_equal(results[0], results[1])
    # and sign-magnitude max / min of the inputs (an independent check of both)
    ka, kb = _smag_key(x[0]), _smag_key(x[1])
    expect = np.where((ka >= kb) == is_max, x[0], x[1])
    np.testing.assert_array_equal(results[0], expect)


def test_binary_max_min_loadmacro_words_on_the_tile():
    """The same words pushed into a tensix.tile.Tile (ADDR_MOD_SET_Base = 1: AddrMod 2 and 3 are slots 6 and 7, as
    tt-llk's SFPU ops leave them; the Dst RWC set per face as the LLK driver's SETRWCs do): the tile's clock drives
    the schedule."""
    x = _tiles(11)
    tile = _tile_fp32_dst(slot_incr={6: 2})
    write_tiles32(tile.dst, 0, x[0:1])
    write_tiles32(tile.dst, 1, x[1:2])
    tile.push(1, words_of(llk.binary_max_min_loadmacro_init(True)))
    tile.finish()
    for face in range(4):
        tile.set_rwc(1, Dst=16 * face)
        tile.push(1, words_of(llk.binary_max_min_loadmacro_face(0, 1, 2)))
        tile.finish()
    ka, kb = _smag_key(x[0]), _smag_key(x[1])
    np.testing.assert_array_equal(read_tiles32(tile.dst, 2)[0], np.where(ka >= kb, x[0], x[1]))
    assert not tile.vector.engine.pending


def _tile_fp32_dst(slot_incr):
    from tensix.tile.vector import _CF_SFPU_FP32

    tile = Tile()
    tc = tile.thread_config(1)
    tc[_TC_SET_BASE[0]] = 1
    for slot, incr in slot_incr.items():
        tc[_TC_DST[slot]] = incr
    a, s, _m = _CF_SFPU_FP32
    tile.config(0)[a] |= 1 << s  # ALU_ACC_CTRL_SFPU_Fp32_enabled: MOD0_FMT_SRCB moves 32 bits
    return tile


# ---- exp_tile<approx=true, InputClamping::None>: Schraudolph -----------------------------------------------------
def _schraudolph_reference(x_bits, fp32_dst):
    """exp(x) as the algorithm text of ckernel_sfpu_exp.h (622c6fb9) describes it, in numpy, without tensix:
    i = A * x + (B - C) rounded once to float32 (SFPMAD), i rounded to a sign-magnitude integer of at most 32767
    (SFPSTOCHRND FP32_TO_INT16, halves away from zero), shifted left by 15 (SFPSHFT2: the sign bit falls out), the
    sign of i put back (SFPSETSGN), stored as float32 or truncated to bf16 (SFPSTORE)."""
    a = np.float32(np.float32(256.0) * np.float32(1.4426950408889634))
    assert a.view(np.uint32) == llk.EXP_APPROX_A
    bc = np.float32(32500.818359375)
    x = x_bits.view(np.float32).astype(np.float64)
    t = (np.float64(a) * x + np.float64(bc)).astype(np.float32)  # exact in float64 for these inputs
    mag = np.minimum(np.floor(np.abs(t.astype(np.float64)) + 0.5), 32767).astype(np.uint64)
    sign = ((t < 0) & (mag != 0)).astype(np.uint64)
    bits = ((sign << 31) | ((mag << 15) & 0x7FFFFFFF)).astype(np.uint32)
    if not fp32_dst:
        bits = bits & 0xFFFF0000  # BF16 store: truncation (no denormals arise: the exponent field is >= 1 or 0)
        bits = np.where((bits & 0x7F800000) == 0, bits & 0x80000000, bits).astype(np.uint32)
    return bits


def _exp_inputs(seed, bf16):
    rng = np.random.default_rng(seed)
    x = rng.uniform(-95.0, 2.0, (32, 32)).astype(np.float32)
    x.flat[:6] = [0.0, -0.0, -88.0, 0.72, 1e-3, -1e-3]
    bits = x.view(np.uint32)
    bits &= 0xFFFF0000  # bf16-exact inputs (8 significant bits): A * x + (B - C) is exact in float64
    bits[np.abs(bits.view(np.float32)) < 2.0 ** -14] = 0
    return bits


@pytest.mark.parametrize("fp32_dst", [True, False])
def test_exp_approx_none_matches_schraudolph_reference(fp32_dst):
    x = _exp_inputs(5 + fp32_dst, True)
    st = SfpuState(1)
    st.set_sfpu_fp32(fp32_dst)
    st.addr_mod_dst_incr[0, 3] = 2  # ADDR_MOD_7 (dest += 2 per SFPLOADMACRO), AddrMod 3 with the SFPU's base
    d = new_dst(1)
    if fp32_dst:
        write_tiles32(d[0], 0, x[None])
    else:
        from tensix.sfpu.dst import write_tiles16
        write_tiles16(d[0], 0, (x >> 16).astype(np.uint16)[None])
    run_instrs(llk.exp_approx_init("None"), st, d)
    for face in range(4):
        st.rwc[0, 0] = 16 * face
        run_instrs(llk.exp_approx_face(), st, d)
    assert not st.lm_pending[0]
    if fp32_dst:
        got = read_tiles32(d[0], 0)[0]
    else:
        from tensix.sfpu.dst import read_tiles16
        got = read_tiles16(d[0], 0)[0].astype(np.uint32) << 16
    np.testing.assert_array_equal(got, _schraudolph_reference(x, fp32_dst))
    # and it is an exponential: within 4% of e**x on [-87, 0.7] (Schraudolph's error bound is about 4%)
    xf, yf = x.view(np.float32), got.view(np.float32)
    ok = (xf > -87) & (xf < 0.7)
    assert (np.abs(yf[ok] / np.exp(xf[ok].astype(np.float64)) - 1) < 0.045).all()


def test_exp_approx_words_with_replay_on_the_tile():
    """exp_init's words (its replay record of 32 words included) and per face REPLAY(0, 16) plus the drain, pushed
    into a Tile: the same bits as tensix.sfpu."""
    x = _exp_inputs(9, True)
    tile = _tile_fp32_dst(slot_incr={7: 2})
    write_tiles32(tile.dst, 0, x[None])
    tile.push(1, words_of(llk.exp_approx_init("None")) + llk.exp_approx_words(face_words=False))
    tile.finish()
    for face in range(4):
        tile.set_rwc(1, Dst=16 * face)
        tile.push(1, llk.exp_approx_words())
        tile.finish()
    np.testing.assert_array_equal(read_tiles32(tile.dst, 0)[0], _schraudolph_reference(x, True))
    assert not tile.vector.engine.pending


def test_exp_approx_clamp_negative_is_refused():
    with pytest.raises(tensix.NotModelledError, match="disagree"):
        llk.exp_approx_init("ClampToNegative")


def _int32_disable_form(is_max, is_unsigned):
    """calculate_binary_max_min_int32's DISABLE_SFPLOADMACRO loop (622c6fb9)."""
    cc = 4 if is_unsigned else 0
    out = []
    for _ in range(8):
        out += [make("SFPLOAD", VD=0, Mod0=4, AddrMod=3, Imm10=0), make("SFPLOAD", VD=1, Mod0=4, AddrMod=3, Imm10=64),
                make("SFPSWAP", VC=1, VD=0, Mod1=9 if is_unsigned else 1), make("SFPNOP"),
                make("SFPSETCC", Imm1=0, VC=0, VD=0, Mod1=cc), make("SFPSETCC", Imm1=0, VC=1, VD=0, Mod1=cc),
                make("SFPSWAP", VC=1, VD=0, Mod1=0), make("SFPNOP"), make("SFPENCC", Imm2=0, VD=0, Mod1=0),
                make("SFPSTORE", VD=1 if is_max else 0, Mod0=4, AddrMod=2, Imm10=128)]
    return out


@pytest.mark.parametrize("is_max,is_unsigned", [(True, False), (False, False), (True, True), (False, True)])
def test_binary_max_min_int32_loadmacro_form(is_max, is_unsigned):
    """The int32 kernel's SFPLOADMACRO form (SFPSETCC / SFPENCC issued between scheduled SFPSWAPs, SFPSETCCs and
    copies, a replayed 10-instruction body) against its DISABLE form and numpy's max / min of int32 (uint32)."""
    rng = np.random.default_rng(20 + 2 * is_max + is_unsigned)
    x = rng.integers(-2 ** 31, 2 ** 31, (2, 32, 32), dtype=np.int64).astype(np.int32).view(np.uint32)
    x[0].flat[:6] = [0, 1, 0xFFFFFFFF, 0x80000000, 0x7FFFFFFF, 5]
    x[1].flat[:6] = [0xFFFFFFFF, 0, 0x80000001, 0x7FFFFFFF, 0x80000000, 5]
    results = [_run_faces(x, llk.binary_max_min_int32_loadmacro_init(is_max, is_unsigned),
                          llk.binary_max_min_int32_loadmacro_face(0, 1, 2, is_unsigned)),
               _run_faces(x, [], _int32_disable_form(is_max, is_unsigned))]
    view = np.uint32 if is_unsigned else np.int32
    a, b = x[0].view(view), x[1].view(view)
    expect = (np.maximum(a, b) if is_max else np.minimum(a, b)).view(np.uint32)
    np.testing.assert_array_equal(results[1], expect)
    np.testing.assert_array_equal(results[0], expect)


def _where_disable_form(mod0, offs):
    """_calculate_where_'s DISABLE_SFPLOADMACRO loop (622c6fb9): load the condition and in1, SFPSETCC EQ0, load in2
    into the same LReg where the condition is 0, SFPENCC, store."""
    o0, o1, o2, o3 = offs
    return [make("SFPLOAD", VD=0, Mod0=mod0, AddrMod=3, Imm10=o0), make("SFPLOAD", VD=1, Mod0=mod0, AddrMod=3,
                                                                         Imm10=o1),
            make("SFPSETCC", Imm1=0, VC=0, VD=0, Mod1=6), make("SFPLOAD", VD=1, Mod0=mod0, AddrMod=3, Imm10=o2),
            make("SFPENCC", Imm2=0, VD=0, Mod1=0), make("SFPSTORE", VD=1, Mod0=mod0, AddrMod=2, Imm10=o3)] * 8


@pytest.mark.parametrize("out", [0, 3])
def test_where_loadmacro_form(out):
    """where(c, a, b) as tt-llk's SFPLOADMACRO schedule (the scheduled SFPSETCC reads the condition on the cycle the
    next load overwrites its LReg, the SFPLOAD of in2 is predicated by the flags of the start of the cycle on which
    the scheduled SFPENCC clears them): against its DISABLE form and numpy."""
    rng = np.random.default_rng(40 + out)
    x = (rng.standard_normal((3, 32, 32)) * 3).astype(np.float32).view(np.uint32)
    x[0][rng.random((32, 32)) < 0.5] = 0
    x[0].flat[:3] = [0x80000000, 0, 0x00000001]  # -0.0 is not == 0 in SFPSETCC's integer test
    expect = np.where(x[0] != 0, x[1], x[2])
    got = _run_faces(x, llk.where_loadmacro_init(), llk.where_loadmacro_face(0, 1, 2, out), out_tile=out)
    np.testing.assert_array_equal(got, expect)
    np.testing.assert_array_equal(_run_faces(x, [], _where_disable_form(4, (0, 64, 128, 64 * out)), out_tile=out),
                                  expect)


def test_mul_int_loadmacro_form():
    """tt-llk's u16 multiply in its SFPLOADMACRO form (a Store with delay 7, which does not forget; SFPSHFT2 by -8 and
    by 8 with VB from the macro; SFPCAST; SFPIADD to LReg16) against (a * b) mod 2**16 in numpy."""
    from tensix.sfpu.dst import read_tiles16, write_tiles16

    rng = np.random.default_rng(77)
    x = rng.integers(0, 1 << 16, (2, 32, 32), dtype=np.int64).astype(np.uint16)
    x[0].flat[:4] = [0, 0xFFFF, 0xFFFF, 0x100]
    x[1].flat[:4] = [0xFFFF, 0xFFFF, 1, 0x100]
    st = SfpuState(1)
    st.addr_mod_dst_incr[0, 2] = 2
    d = new_dst(1)
    write_tiles16(d[0], 0, x[0:1])
    write_tiles16(d[0], 1, x[1:2])
    run_instrs(llk.mul_int_loadmacro_init(), st, d)
    for face in range(4):
        st.rwc[0, 0] = 16 * face
        run_instrs(llk.mul_int_loadmacro_face(0, 1, 2), st, d)
    assert not st.lm_pending[0]
    expect = ((x[0].astype(np.uint32) * x[1].astype(np.uint32)) & 0xFFFF).astype(np.uint16)
    np.testing.assert_array_equal(read_tiles16(d[0], 2)[0], expect)
