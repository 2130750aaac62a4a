"""tensix.tile's Vector Unit: SFP* words execute on tensix.sfpu against the tile's Dst; SETRWC / INCRWC and
ADDR_MOD (from ThreadConfig, written by SETC16) move the Dst row pointer as RWCs.md, SETRWC.md, INCRWC.md and
SFPLOAD.md define it.

Differential tests: (1) random SFPU programs, as words through the tile against tensix.sfpu driven directly with
the same Instrs; (2) random RWC / ADDR_MOD / SFPLOAD programs against tests/tile_reference.py's Rwcs, written
from the ISA pages alone; (3) tt-llk's own unary-SFPU driver sequence (llk_math_eltwise_unary_sfpu.h,
llk_math_eltwise_sfpu_common.h, cmath_common.h at tt-metal 622c6fb9) around an SFPU body."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tensix
from tensix.sfpu import SfpuState, isa as sisa, new_dst, run_instrs
from tensix.sfpu.dst import read_tiles32, write_tiles32
from tensix.tile import Tile, isa, ops
from tensix.tile._tables import THREAD_CONFIG_FIELDS
from tensix.tile.vector import MAD_FAMILY, to_instr, to_word
from tile_reference import Rwcs, ThCon

TC = {n: v[0] for n, v in THREAD_CONFIG_FIELDS.items()}


def _run(tile, words, thread=0):
    tile.push(thread, list(words))
    tile.finish()


# ---- word <-> Instr ------------------------------------------------------------------------------------------
def test_every_sfp_diagram_field_is_a_tensix_sfpu_field():
    from tensix.tile._tables import DIAGRAMS
    for d, (opcode, _, fields) in DIAGRAMS.items():
        name = isa.name_of(opcode << 24)
        if isa.UNIT[name] != "vector" and name not in ("SETRWC", "INCRWC"):
            continue
        op = "SFPSTOCHRND" if name == "SFP_STOCH_RND" else name
        known = {s.name for s in sisa.FIELDS[op]}
        assert {f for f, _, _ in fields} <= known, d


@pytest.mark.parametrize("seed", range(4))
def test_word_instr_round_trip(seed):
    """to_word(to_instr(w)) == w for random words without blank bits; the word equals ckernel's TT_OP_ for a
    few hand-checked instructions."""
    rng = np.random.default_rng(seed)
    names = [n for n in isa.ENCODINGS if isa.UNIT[n] == "vector" and n != "SFPLOADMACRO"]
    done = 0
    for _ in range(3000):
        name = names[rng.integers(len(names))]
        w = (isa.OPCODE[name] << 24) | int(rng.integers(0, 1 << 24))
        if isa.diagram(w) is None or isa.blank_bits(w):
            continue
        try:
            ins = to_instr(w)
        except (tensix.NotModelledError, tensix.UndefinedBehaviourError):
            continue
        assert to_word(ins) == w, (hex(w), ins)
        done += 1
    assert done > 300


def test_words_match_ckernel_macros():
    assert to_word(sisa.make("SFPLOAD", VD=1, Mod0=3, AddrMod=3, Imm10=4)) == ops.TT_OP_SFPLOAD(1, 3, 3, 4)
    assert to_word(sisa.make("SFPMAD", VA=1, VB=2, VC=3, VD=4, Mod1=0)) == ops.TT_OP_SFPMAD(1, 2, 3, 4, 0)
    assert to_word(sisa.make("SFPLOADI", VD=2, Mod0=2, Imm16=0x3F80)) == ops.TT_OP_SFPLOADI(2, 2, 0x3F80)
    assert to_word(sisa.make("SFPCONFIG", Imm16=0, VD=15, Mod1=1)) == ops.TT_OP_SFPCONFIG(0, 15, 1)
    assert to_word(sisa.make("SFPABS", VC=3, VD=5, Mod1=1)) == ops.TT_OP_SFPABS(0, 3, 5, 1)
    assert to_word(sisa.make("SFPIADD", Imm12=-5, VC=1, VD=2, Mod1=5)) == ops.TT_OP_SFPIADD(0xFFB, 1, 2, 5)
    assert to_word(sisa.make("SFPNOP")) == ops.TT_OP_SFPNOP
    assert to_word(sisa.make("INCRWC", DstInc=2)) == ops.TT_OP_INCRWC(0, 2, 0, 0)
    assert to_word(sisa.make("SETRWC", DstCr=1, DstVal=8, Dst=1)) == ops.TT_OP_SETRWC(0, 4, 8, 0, 0, 4)


def test_shft2_imm_form_and_stochrnd_imm5():
    ins = to_instr(ops.TT_OP_SFPSHFT2(0x7F3, 0, 2, 6))  # SFPSHFT2b: VB comes from Imm12 & 15
    assert ins.op == "SFPSHFT2" and ins["Imm12"] == 0x7F3 and ins["VB"] == 3
    ins = to_instr(ops.TT_OP_SFP_STOCH_RND(0, 5, 0, 1, 2, 8 | 5))
    assert ins.op == "SFPSTOCHRND" and ins["Imm5"] == 5 and ins["UseImm5"] == 1 and ins["Mod1"] == 5


# ---- differential against tensix.sfpu driven directly ------------------------------------------------------
_RANDOM_OPS = ("SFPLOAD", "SFPSTORE", "SFPLOADI", "SFPMAD", "SFPADD", "SFPMUL", "SFPADDI", "SFPMULI", "SFPMOV",
               "SFPIADD", "SFPSETCC", "SFPENCC", "SFPPUSHC", "SFPPOPC", "SFPCOMPC", "SFPEXEXP", "SFPEXMAN",
               "SFPSETEXP", "SFPSETMAN", "SFPSETSGN", "SFPABS", "SFPDIVP2", "SFPLZ", "SFPAND", "SFPOR", "SFPXOR",
               "SFPNOT", "SFPSHFT", "SFPSHFT2", "SFPSWAP", "SFPTRANSP", "SFPCAST", "SFPSTOCHRND", "SFPLUT",
               "SFPLUTFP32", "SFPNOP", "INCRWC", "SFPCONFIG")


def _random_instr(rng):
    while True:
        op = _RANDOM_OPS[rng.integers(len(_RANDOM_OPS))]
        fields = {}
        for s in sisa.FIELDS[op]:
            hi = 1 << s.width
            if s.name in ("VA", "VB", "VC", "VD"):
                v = int(rng.integers(0, 16 if rng.random() < 0.2 else 8))
            elif s.name == "Imm10":
                v = int(rng.integers(0, 256))
            elif s.name == "DstInc":
                v = int(rng.integers(0, 3))
            elif s.name in ("DstCr", "SrcACr", "SrcBCr"):
                v = 0
            else:
                v = int(rng.integers(0, hi))
            fields[s.name] = v
        if op == "SFPCONFIG" and fields["VD"] in range(11, 15) and rng.random() < 0.5:
            fields["Mod1"] &= ~8
        try:
            ins = sisa.make(op, **fields)
            sisa.encode([ins])
            to_word(ins)
        except (tensix.TensixError, ValueError):
            continue
        return ins


@pytest.mark.parametrize("seed", range(12))
def test_random_programs_match_tensix_sfpu(seed):
    """The same random program, as Instrs through tensix.sfpu.run_instrs and as words through the tile: the
    same LRegs, lane flags, flag stack, LaneConfig, PRNG and Dst, or both refuse (undefined behaviour)."""
    rng = np.random.default_rng(1000 + seed)
    program = []
    for _ in range(60):
        program.append(_random_instr(rng))
        if program[-1].op in MAD_FAMILY:  # the MAD result needs two cycles (SFPMAD.md): as a compiler would
            program.append(sisa.make("SFPNOP"))
    dst0 = rng.integers(0, 1 << 16, (1024, 16), dtype=np.uint16)
    state = SfpuState(1)
    dsts = new_dst(1)
    dsts[0] = dst0
    try:
        run_instrs(program, state, dsts)
        reference_error = None
    except tensix.TensixError as e:
        reference_error = e
    tile = Tile()
    tile.dst[:] = dst0
    tile.push(0, [to_word(i) for i in program])
    if reference_error is not None:  # undefined behaviour, or LoadMacroConfig read before it was written
        err = (tensix.UndefinedBehaviourError if isinstance(reference_error, (tensix.UndefinedBehaviourError,
                                                                              tensix.SfpuError))
               else type(reference_error))
        with pytest.raises(err):
            tile.finish()
        return
    tile.finish()
    np.testing.assert_array_equal(tile.dst, dsts[0])
    for name in ("lregs", "flags", "use_flags", "stack_flags", "stack_use", "stack_size", "prng", "lane_config",
                 "lm_template", "lm_sequence", "lm_misc", "lm_written"):
        np.testing.assert_array_equal(getattr(tile.sfpu, name), getattr(state, name), err_msg=name)
    assert tile.rwc(0)["Dst"] == state.rwc[0, 0]


def test_load_add_store_by_hand():
    tile = Tile()
    x = np.arange(1024, dtype=np.float32).reshape(1, 32, 32)
    write_tiles32(tile.dst, 0, x)
    _run(tile, [ops.TT_OP_SFPLOAD(0, 3, 0, 0), ops.TT_OP_SFPADDI(0x3F80, 0, 0), ops.TT_OP_SFPNOP,
                ops.TT_OP_SFPSTORE(0, 3, 0, 0)])
    y = read_tiles32(tile.dst, 0, 1).view(np.float32)
    expect = x.copy()
    expect[0, :4, 0:16:2] += 1  # rows 0-3 of face 0, even columns (SFPLOAD.md's lane pattern)
    np.testing.assert_array_equal(y, expect)


# ---- addressing against the ISA-pages reference -------------------------------------------------------------
def _random_rwc_program(rng, n):
    words = []
    for _ in range(n):
        k = rng.integers(7)
        if k == 0:
            i = int(rng.integers(8))
            reg = [f"ADDR_MOD_AB_SEC{i}_SrcAIncr", f"ADDR_MOD_DST_SEC{i}_DestIncr",
                   f"ADDR_MOD_BIAS_SEC{i}_BiasIncr"][rng.integers(3)]
            value = int(rng.integers(0, 1 << 16)) if "BIAS" not in reg else int(rng.integers(0, 32))
            if "DST" in reg and rng.random() < 0.7:
                value &= 0x03FF | (0x7000 if rng.random() < 0.5 else 0)  # mostly plain increments
            words.append(ops.TT_OP_SETC16(TC[reg], value))
        elif k == 1:
            words.append(ops.TT_OP_SETC16(TC["ADDR_MOD_SET_Base"], int(rng.integers(2))))
        elif k == 2:
            words.append(ops.TT_OP_SETC16(TC["DEST_TARGET_REG_CFG_MATH_Offset"], int(rng.integers(0, 1 << 12))))
        elif k == 3:
            words.append(ops.TT_OP_SETRWC(0, int(rng.integers(16)), int(rng.integers(16)), int(rng.integers(16)),
                                          int(rng.integers(16)), int(rng.integers(16))))
        elif k == 4:
            words.append(ops.TT_OP_INCRWC(int(rng.integers(8)), int(rng.integers(16)), int(rng.integers(16)),
                                          int(rng.integers(16))))
        else:
            mod0 = [9, 10][rng.integers(2)]  # LO16 (Dst16b, any row) or INT32_ALL's addressing (& 3)
            words.append((ops.TT_OP_SFPLOAD if k == 5 else ops.TT_OP_SFPSTORE)(
                0, 14 if k == 6 else mod0, int(rng.integers(4)), int(rng.integers(1024))))
    return words


@pytest.mark.parametrize("seed", range(8))
def test_rwc_and_addr_mod_match_the_isa_reference(seed):
    rng = np.random.default_rng(seed)
    tile = Tile()
    dst0 = rng.integers(0, 1 << 16, (1024, 16), dtype=np.uint16)
    tile.dst[:] = dst0
    regw_base = int(rng.integers(0, 64))
    tile.config(0)[6] = regw_base  # DEST_REGW_BASE_Base
    thcon = ThCon(l1_bytes=16)
    thcon.config[0][6] = regw_base
    ref = Rwcs(thcon)
    dst_ref = dst0.copy()
    for w in _random_rwc_program(rng, 400):
        op = w >> 24
        lanes = None
        if op == 0xB2:
            thcon.execute(w)
        elif op == 0x37:
            ref.setrwc(w)
        elif op == 0x38:
            ref.incrwc(w)
        else:
            lanes = ref.sfpload_lanes(w)
        tile.push(0, [w])
        tile.finish()
        assert tile.rwc(0) == ref.snapshot(), isa.disassemble(w)
        if lanes is not None and op == 0x70:
            expect = np.array([dst_ref[r, c] for r, c in lanes], np.uint32)
            if (w >> 16) & 15 == 10:  # INT32_ALL: Dst32b datum (high half at AdjRow), unshuffled by tensix.sfpu
                continue
            np.testing.assert_array_equal(tile.sfpu.lregs[0, 0], expect, err_msg=isa.disassemble(w))
        elif lanes is not None:  # SFPSTORE LO16_ONLY: LReg0's low 16 bits into the lanes' Dst16b cells
            for lane, (r, c) in enumerate(lanes):
                dst_ref[r, c] = int(tile.sfpu.lregs[0, 0, lane]) & 0xFFFF
            np.testing.assert_array_equal(tile.dst, dst_ref, err_msg=isa.disassemble(w))


def test_dst_address_wraps_at_ten_bits():
    tile = Tile()
    tile.dst[4] = np.arange(16, dtype=np.uint16) + 100
    _run(tile, [ops.TT_OP_SETC16(TC["DEST_TARGET_REG_CFG_MATH_Offset"], 1020),
                ops.TT_OP_SETRWC(0, 0, 8, 0, 0, 4),  # Dst = 8: 1020 + 8 = 1028 -> row 4 (uint10_t)
                ops.TT_OP_SFPLOAD(0, 9, 0, 0)])
    assert list(tile.sfpu.lregs[0, 0, :8]) == list(range(100, 116, 2))


def test_addr_mod_set_base_picks_slots_four_to_seven():
    tile = Tile()
    words = [ops.TT_OP_SETC16(TC["ADDR_MOD_DST_SEC3_DestIncr"], 2),
             ops.TT_OP_SETC16(TC["ADDR_MOD_DST_SEC7_DestIncr"], 8),
             ops.TT_OP_SFPLOAD(0, 3, 3, 0)]
    _run(tile, words)
    assert tile.rwc(0)["Dst"] == 2
    _run(tile, [ops.TT_OP_SETC16(TC["ADDR_MOD_SET_Base"], 1), ops.TT_OP_SFPSTORE(0, 3, 3, 0)])
    assert tile.rwc(0)["Dst"] == 10


def test_rwcs_are_per_thread():
    tile = Tile()
    tile.push(1, [ops.TT_OP_INCRWC(0, 6, 0, 0)])
    tile.push(2, [ops.TT_OP_SETRWC(0, 0, 3, 0, 0, 4)])
    tile.finish()
    assert [tile.rwc(t)["Dst"] for t in range(3)] == [0, 6, 3]


def test_setrwc_flip_is_not_modelled():
    tile = Tile()
    tile.push(0, [ops.TT_OP_SETRWC(1, 0, 0, 0, 0, 1)])
    with pytest.raises(tensix.NotModelledError, match="FlipSrcA"):
        tile.run()


def test_loadmacro_and_mov_from_loadmacro_config_are_not_modelled():
    for w in (ops.TT_OP_SFPLOADMACRO(0, 3, 0, 0), ops.TT_OP_SFPMOV(0, 2, 0, 8)):
        tile = Tile()
        tile.push(0, [w])
        with pytest.raises(tensix.NotModelledError):
            tile.run()


def test_flag_stack_underflow_is_undefined_behaviour():
    tile = Tile()
    tile.push(0, [ops.TT_OP_SFPPOPC(0, 0, 0, 0)])
    with pytest.raises(tensix.UndefinedBehaviourError, match="SFPPOPC"):
        tile.run()


def test_srcb_format_resolution_from_config():
    """MOD0_FMT_SRCB reads Config[CFG_STATE_ID]: SFPU_Fp32_enabled, else the SrcB format's family."""
    from tensix.tile._tables import CONFIG_FIELDS
    tile = Tile()
    tile.dst[0, 0] = 0x3F80  # BF16 1.0 (a 16-bit datum)
    _run(tile, [ops.TT_OP_SFPLOAD(0, 0, 0, 0)])
    assert tile.sfpu.lregs[0, 0, 0] == 0x3F800000  # SrcB format 0 (FP32): BF16 family
    a, s, _ = CONFIG_FIELDS["ALU_FORMAT_SPEC_REG1_SrcB"]
    tile.config(0)[a] |= 1 << s  # Float16 (code 1): FP16 family
    _run(tile, [ops.TT_OP_SFPLOAD(1, 0, 0, 0)])
    assert tile.sfpu.lregs[0, 1, 0] != 0x3F800000
    tile.config(0)[a] = 9 << s
    tile.push(0, [ops.TT_OP_SFPLOAD(1, 0, 0, 0)])
    with pytest.raises(tensix.NotModelledError, match="format code 9"):
        tile.run()


# ---- tt-llk's unary SFPU driver around a body -----------------------------------------------------------------
def _llk_unary_sfpu(dst_index, body):
    """The words a TRISC1 pushes for one unary SFPU op on Dst tile dst_index (VectorMode::RC): the init
    (_llk_math_eltwise_unary_sfpu_init_: _init_sfpu_config_reg, ADDR_MOD_7 = 0 by addr_mod_t::set, reset_counters
    SET_ABD_F), start (set_dst_write_addr, set_addr_mod_base, STALLWAIT(STALL_SFPU, MATH)), per face the body
    then _llk_math_eltwise_sfpu_inc_dst_face_addr_ (two SETRWC(CR_D, 8, SET_D)), done (clear_dst_reg_addr,
    STALLWAIT(STALL_CFG, WAIT_SFPU), clear_addr_mod_base)."""
    words = [ops.TT_OP_SFPCONFIG(0, 0xF, 1)]
    words += [ops.TT_OP_SETC16(TC["ADDR_MOD_AB_SEC7_SrcAIncr"], 0),
              ops.TT_OP_SETC16(TC["ADDR_MOD_DST_SEC7_DestIncr"], 0),
              ops.TT_OP_SETC16(TC["ADDR_MOD_BIAS_SEC7_BiasIncr"], 0)]
    words += [ops.TT_OP_SETRWC(0, 0, 0, 0, 0, 0xF)]
    words += [ops.TT_OP_SETC16(TC["DEST_TARGET_REG_CFG_MATH_Offset"], dst_index << 6),
              ops.TT_OP_SETC16(TC["ADDR_MOD_SET_Base"], 1), ops.TT_OP_STALLWAIT(0x100, 0x80)]  # STALL_SFPU, MATH
    for _ in range(4):
        words += body
        words += [ops.TT_OP_SETRWC(0, 4, 8, 0, 0, 4)] * 2
    words += [ops.TT_OP_SETRWC(0, 0, 0, 0, 0, 4), ops.TT_OP_STALLWAIT(0x80, 0x4000),  # STALL_CFG, WAIT_SFPU
              ops.TT_OP_SETC16(TC["ADDR_MOD_SET_Base"], 0)]
    return words


def test_llk_unary_sfpu_abs_on_tile_two():
    """sfpi::abs as SFPI compiles it for Wormhole: per iteration SFPLOAD (ADDR_MODE_NOINC = 3, hence ADDR_MOD_7),
    SFPABS, SFPSTORE, dst_reg++ (INCRWC by SFP_DESTREG_STRIDE = 2); eight iterations per face."""
    body = []
    for _ in range(8):
        body += [ops.TT_OP_SFPLOAD(0, 3, 3, 0), ops.TT_OP_SFPABS(0, 0, 1, 1), ops.TT_OP_SFPSTORE(1, 3, 3, 0),
                 ops.TT_OP_INCRWC(0, 2, 0, 0)]
    rng = np.random.default_rng(7)
    x = rng.standard_normal((8, 32, 32)).astype(np.float32)
    tile = Tile()
    write_tiles32(tile.dst, 0, x)
    tile.config(0)[1] |= 1 << 30  # ALU_ACC_CTRL_SFPU_Fp32_enabled (fp32_dest_acc_en)
    _run(tile, _llk_unary_sfpu(2, body), thread=1)
    expect = x.copy()
    expect[2] = np.abs(x[2])
    np.testing.assert_array_equal(read_tiles32(tile.dst, 0, 8).view(np.float32), expect)
    assert tile.rwc(1)["Dst"] == 0 and tile.field("ADDR_MOD_SET_Base", 1) == 0


def test_reading_a_mad_result_on_the_next_cycle_is_undefined():
    """SFPMAD.md: software must keep the next cycle's instruction from reading what a MAD-family instruction
    writes; one SFPNOP (or any instruction) in between is enough, and an unrelated register is fine."""
    mad = ops.TT_OP_SFPMAD(0, 1, 2, 3, 0)  # LReg3 = LReg0 * LReg1 + LReg2
    for reader in (ops.TT_OP_SFPADD(3, 1, 2, 4, 0), ops.TT_OP_SFPSTORE(3, 3, 0, 0), ops.TT_OP_SFPMOV(0, 3, 5, 0),
                   ops.TT_OP_SFPIADD(0, 3, 6, 4)):
        tile = Tile()
        tile.push(0, [mad, reader])
        with pytest.raises(tensix.UndefinedBehaviourError, match="SFPMAD.md"):
            tile.run()
    for words in ([mad, ops.TT_OP_SFPNOP, ops.TT_OP_SFPADD(3, 1, 2, 4, 0)],
                  [mad, ops.TT_OP_SFPADD(0, 1, 2, 4, 0)],
                  [ops.TT_OP_SFPADDI(0x3F80, 3, 0), ops.TT_OP_SETC16(1, 0), ops.TT_OP_SFPSTORE(3, 3, 0, 0)]):
        tile = Tile()
        tile.push(0, words)
        tile.finish()


@pytest.mark.parametrize("mode, faces", [("RC", (0, 1, 2, 3)), ("R", (0, 1)), ("C", (0, 2))])
def test_llk_vector_modes_walk_the_faces(mode, faces):
    """llk_math_eltwise_sfpu_common.h _llk_math_eltwise_sfpu_apply_vector_mode_: RC runs the face body on the four
    faces with one _llk_math_eltwise_sfpu_inc_dst_face_addr_ (two SETRWC(CR_D, 8)) after each; R on faces 0, 1 then
    two more steps; C on faces 0 and 2, two steps after each. The tile's RWCs put the body on those faces only."""
    step = [ops.TT_OP_SETRWC(0, 4, 8, 0, 0, 4)] * 2
    body = []
    for _ in range(8):
        body += [ops.TT_OP_SFPLOAD(0, 3, 3, 0), ops.TT_OP_SFPMOV(0, 0, 1, 1), ops.TT_OP_SFPSTORE(1, 3, 3, 0),
                 ops.TT_OP_INCRWC(0, 2, 0, 0)]
    walk = {"RC": (body + step) * 4, "R": (body + step) * 2 + step * 2, "C": (body + step * 2) * 2}[mode]
    x = np.random.default_rng(5).standard_normal((1, 32, 32)).astype(np.float32)
    tile = Tile()
    write_tiles32(tile.dst, 0, x)
    tile.config(0)[1] |= 1 << 30  # ALU_ACC_CTRL_SFPU_Fp32_enabled
    _run(tile, [ops.TT_OP_SETC16(TC["ADDR_MOD_SET_Base"], 1)] + walk + [ops.TT_OP_SETRWC(0, 0, 0, 0, 0, 4)])
    y = read_tiles32(tile.dst, 0, 1).view(np.float32)[0]
    for f in range(4):
        rows, cols = slice(16 * (f // 2), 16 * (f // 2) + 16), slice(16 * (f % 2), 16 * (f % 2) + 16)
        expect = -x[0, rows, cols] if f in faces else x[0, rows, cols]
        np.testing.assert_array_equal(y[rows, cols], expect, err_msg=f"face {f}")


_VECTOR_OPCODES = sorted(isa.OPCODE[n] for n in isa.ENCODINGS if isa.UNIT[n] == "vector" and n != "SFPLOADMACRO")


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(_VECTOR_OPCODES), st.integers(0, (1 << 24) - 1))
def test_property_words_decode_to_instrs_that_encode_back(opcode, operands):
    """Any Vector Unit word: refused as blank bits / no diagram / undefined mode, or read into a tensix.sfpu Instr
    that encodes back to the same word."""
    w = (opcode << 24) | operands
    try:
        ins = to_instr(w)
    except (tensix.NotModelledError, tensix.UndefinedBehaviourError) as e:
        assert isa.diagram(w) is None or isa.blank_bits(w) or "mode" in str(e) or "Mod" in str(e)
        return
    assert to_word(ins) == w


@pytest.mark.parametrize("written, reader, hazard", [
    (3, ops.TT_OP_SFPLUT(4, 0, 0), True),                 # SFPLUT.md: L3 is always read
    (7, ops.TT_OP_SFPLUT(4, 8, 0), True),                 # ... and L7 with SFPLUT_MOD0_INDIRECT_VD
    (7, ops.TT_OP_SFPLUT(4, 0, 0), False),
    (3, ops.TT_OP_SFPLUTFP32(4, 0), True),                # SFPLUTFP32.md: L3
    (2, ops.TT_OP_SFPTRANSP(0, 0, 0, 0), True),           # SFPTRANSP.md: L0-L7
    (5, ops.TT_OP_SFPSHFT(0, 5, 6, 0), True),             # SFPSHFT.md: the amount from VC
    (6, ops.TT_OP_SFPSHFT(0, 5, 6, 0), True),             # ... and VB = VD
    (5, ops.TT_OP_SFPSHFT(1, 5, 6, 1), False),            # SFPSHFT_MOD1_ARG_IMM: VC unread
    (1, ops.TT_OP_SFPSHFT2(0, 0, 0, 0), True),            # SFPSHFT2.md COPY4: L1-L3
    (0, ops.TT_OP_SFPSHFT2(0, 0, 0, 0), False),           # ... not L0
    (0, ops.TT_OP_SFPSHFT2(0, 0, 0, 1), True),            # SUBVEC_CHAINED_COPY4: L0 too
    (5, ops.TT_OP_SFPSHFT2(0, 5, 6, 3), True),            # SUBVEC_SHFLROR1: VC
    (3, ops.TT_OP_SFP_STOCH_RND(0, 0, 0, 3, 4, 0), True),  # SFPSTOCHRND.md: VC
])
def test_mad_hazard_covers_the_other_readers(written, reader, hazard):
    """The MAD result hazard (SFPMAD.md) for the instructions that read LRegs other than through VA / VB / VC in the
    usual way, from each page's functional model."""
    tile = Tile()
    tile.push(0, [ops.TT_OP_SFPMAD(0, 1, 2, written, 0), reader])
    if hazard:
        with pytest.raises(tensix.UndefinedBehaviourError, match="SFPMAD.md"):
            tile.run()
    else:
        tile.finish()
