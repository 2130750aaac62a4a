"""tensix.tile.ops / tensix.tile.isa: every Wormhole instruction's encoding (tt-llk ckernel_ops.h), decode,
disassembly and the .ttinsn rotation (tt-isa-documentation BabyRISCV/PushTensixInstruction.md)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tensix
from tensix.tile import TileError, isa, ops
from tensix.tile._tables import ENCODINGS


def _call(name, values):
    op = getattr(ops, f"TT_OP_{name}")
    return op(*values) if ENCODINGS[name][1] else op


@st.composite
def instruction_values(draw):
    name = draw(st.sampled_from(sorted(ENCODINGS)))
    values = [draw(st.integers(0, (1 << w) - 1)) for _, _, w in ENCODINGS[name][1]]
    return name, values


def test_every_ckernel_instruction_is_there():
    assert len(ENCODINGS) == 128
    names = {n for n in dir(ops) if n.startswith("TT_OP_")}
    assert names == {f"TT_OP_{n}" for n in ENCODINGS} == set(ops.__all__)
    # opcodes are unique and below 0xC0 (PushTensixInstruction.md)
    opcodes = [op for op, _ in ENCODINGS.values()]
    assert len(set(opcodes)) == 128 and max(opcodes) < 0xC0


@pytest.mark.parametrize("name", sorted(ENCODINGS))
def test_round_trip_extremes(name):
    fields = ENCODINGS[name][1]
    for pick in (lambda w: 0, lambda w: (1 << w) - 1, lambda w: 1 % (1 << w)):
        values = [pick(w) for _, _, w in fields]
        word = _call(name, values)
        d = isa.decode(word)
        assert d.name == name and d.opcode == ENCODINGS[name][0] and d.word == word
        assert list(d.fields.values()) == values and list(d.fields) == [f for f, _, _ in fields]
        assert isa.encode(name, d.fields) == word
        assert isa.disassemble(word).split()[0] == name
        assert isa.from_riscv_stream(isa.to_riscv_stream(word)) == word


@settings(max_examples=400, deadline=None)
@given(instruction_values())
def test_round_trip_property(nv):
    name, values = nv
    word = _call(name, values)
    assert 0 <= word < 0xC0000000 and word >> 24 == ENCODINGS[name][0]
    d = isa.decode(word)
    assert d.name == name and list(d.fields.values()) == values
    assert isa.encode(name, **d.fields) == word
    # the disassembly lists every field with its value
    text = isa.disassemble(word)
    for (f, _, _), v in zip(ENCODINGS[name][1], values):
        assert f"{f}={v if v < 10 else hex(v).upper().replace('0X', '0x')}" in text
    rv = isa.to_riscv_stream(word)
    assert rv & 3 != 3 and isa.from_riscv_stream(rv) == word


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 0xBFFFFFFF))
def test_rotation_property(word):
    if isa._BY_OPCODE[word >> 24] is None:
        with pytest.raises(TileError):
            isa.to_riscv_stream(word)
        return
    rv = isa.to_riscv_stream(word)
    assert rv == ((word << 2) | (word >> 30)) & 0xFFFFFFFF and rv & 3 == word >> 30
    assert isa.from_riscv_stream(rv) == word
    # decode and disassemble never lose bits: decode + spare bits reassemble the word
    d = isa.decode(word)
    spare = word & isa._SPARE[d.name]
    assert isa.encode(d.name, d.fields) | spare == word


def test_words_computed_by_hand():
    # SEMWAIT(stall_res=2, sem_sel=4, wait_sem_cond=1): 0xA6 << 24 | 2 << 15 | 4 << 2 | 1
    assert ops.TT_OP_SEMWAIT(2, 4, 1) == 0xA6000000 + 0x10000 + 0x10 + 1 == 0xA6010011
    # ADDDMAREG(OpBisConst=1, ResultRegIndex=5, OpBRegIndex=7, OpARegIndex=3):
    # 0x58 << 24 | 1 << 23 | 5 << 12 | 7 << 6 | 3 = 0x58000000 + 0x800000 + 0x5000 + 0x1C0 + 3
    assert ops.TT_OP_ADDDMAREG(1, 5, 7, 3) == 0x588051C3
    # REPLAY(start_idx=16, len=8, execute_while_loading=1, load_mode=1): 0x04 << 24 | 16 << 14 | 8 << 4 | 2 | 1
    assert ops.TT_OP_REPLAY(16, 8, 1, 1) == 0x04000000 + 0x40000 + 0x80 + 2 + 1 == 0x04040083
    # SETC16(setc16_reg=5, setc16_value=0xBEEF): 0xB2 << 24 | 5 << 16 | 0xBEEF
    assert ops.TT_OP_SETC16(5, 0xBEEF) == 0xB205BEEF
    # MOP(mop_type=1, loop_count=3, zmask_lo16=0x00F0): 0x01 << 24 | 1 << 23 | 3 << 16 | 0xF0
    assert ops.TT_OP_MOP(1, 3, 0xF0) == 0x01000000 + 0x800000 + 0x30000 + 0xF0 == 0x018300F0
    # STALLWAIT(stall_res=0x40 (B6), wait_res=0x80 (C7)): 0xA2 << 24 | 0x40 << 15 | 0x80 = 0xA2000000 + 0x200000 + 0x80
    assert ops.TT_OP_STALLWAIT(0x40, 0x80) == 0xA2200080
    # WRCFG(GprAddress=9, wr128b=1, CfgReg=0x10): 0xB0 << 24 | 9 << 16 | 1 << 15 | 0x10
    assert ops.TT_OP_WRCFG(9, 1, 0x10) == 0xB0098010
    # the operand-free ones are constants, as in the header
    assert ops.TT_OP_NOP == 0x02000000 and ops.TT_OP_DMANOP == 0x60000000
    assert isa.disassemble(ops.TT_OP_SEMWAIT(2, 4, 1)) == "SEMWAIT stall_res=2, sem_sel=4, wait_sem_cond=1"
    assert isa.disassemble(ops.TT_OP_NOP) == "NOP"
    assert isa.disassemble(0x02000005) == "NOP spare=0x000005"
    # .ttinsn: 0xA6010011 rotated left by two: top bits 0b10 move to the bottom
    assert isa.to_riscv_stream(0xA6010011) == 0x98040044 | 0b10


def test_isa_diagram_fields_lie_inside_ckernel_fields():
    """Differential: the ISA pages' encoding diagrams (tt-isa-documentation 39304719 Diagrams/Src/Bits32.lua,
    transcribed here) put every field on bits that ckernel_ops.h also assigns, and the operand fields that
    both name start at the same bit."""
    isa_fields = {  # name: [(field, lsb, width)]
        "ATCAS": [("AddrReg", 0, 6), ("Ofs", 12, 2), ("CmpVal", 14, 4), ("SetVal", 18, 4)],
        "ATSWAP": [("AddrReg", 0, 6), ("DataReg", 6, 6), ("Mask", 14, 8), ("SingleDataReg", 22, 1)],
        "RMWCIB0": [("Index4", 0, 8), ("NewValue", 8, 8), ("Mask", 16, 8)],
        "SETDMAREG": [("ResultHalfReg", 0, 7), ("NewValue", 8, 16)],
        "STALLWAIT": [("ConditionMask", 0, 15), ("BlockMask", 15, 9)],
        "SEMWAIT": [("ConditionMask", 0, 2), ("SemaphoreMask", 2, 8), ("BlockMask", 15, 9)],
        "SEMINIT": [("SemaphoreMask", 2, 8), ("NewValue", 16, 4), ("NewMax", 20, 4)],
        "SEMPOST": [("SemaphoreMask", 2, 8)],
        "REPLAY": [("Load", 0, 1), ("Exec", 1, 1), ("Count", 4, 6), ("Index", 14, 5)],
        "WRCFG": [("CfgIndex", 0, 11), ("Is128Bit", 15, 1), ("InputReg", 16, 6)],
        "SETC16": [("NewValue", 0, 16), ("CfgIndex", 16, 8)],
        "LOADIND": [("AddrReg", 0, 6), ("ResultReg", 6, 6), ("OffsetIncrement", 12, 2), ("OffsetHalfReg", 14, 7),
                    ("Size", 22, 2)],
        "STOREIND": [("AddrReg", 0, 6), ("DataReg", 6, 6), ("OffsetIncrement", 12, 2), ("OffsetHalfReg", 14, 7)],
        "LOADREG": [("AddrLo", 0, 18), ("ResultReg", 18, 6)],
        "STOREREG": [("AddrLo", 0, 18), ("DataReg", 18, 6)],
        "ADDDMAREG": [("LeftReg", 0, 6), ("RightReg", 6, 6), ("ResultReg", 12, 6)],
        "BITWOPDMAREG": [("LeftReg", 0, 6), ("RightReg", 6, 6), ("ResultReg", 12, 6), ("Mode", 18, 3)],
        "SHIFTDMAREG": [("LeftReg", 0, 6), ("RightImm5", 6, 5), ("ResultReg", 12, 6), ("Mode", 18, 3)],
        "ATGETM": [("Index", 0, 16)],
        "ATINCGET": [("AddrReg", 0, 6), ("InOutReg", 6, 6), ("Ofs", 12, 2), ("IntWidth", 14, 5)],
        "ATINCGETPTR": [("AddrReg", 0, 6), ("ResultReg", 6, 6), ("Ofs", 12, 2), ("IntWidth", 14, 4),
                        ("IncrLog2", 18, 4), ("NoIncr", 22, 1)],
        "MOP": [("MaskLo", 0, 16), ("Count1", 16, 7), ("Template", 23, 1)],
        "MOP_CFG": [("MaskHi", 0, 16)],
        "FLUSHDMA": [("ConditionMask", 0, 4)],
        "SFPMAD": [("Mod1", 0, 4), ("VD", 4, 4), ("VC", 8, 4), ("VB", 12, 4), ("VA", 16, 4)],
        "SFPLOAD": [("Imm10", 0, 10), ("AddrMod", 14, 2), ("Mod0", 16, 4), ("VD", 20, 4)],
        "SETRWC": [("SrcA", 0, 1), ("SrcAVal", 6, 4), ("SrcBVal", 10, 4), ("DstVal", 14, 4), ("SrcACr", 18, 1)],
    }
    for name, fields in isa_fields.items():
        ck = ENCODINGS[name][1]
        covered = sum(((1 << w) - 1) << s for _, s, w in ck)
        starts = {s for _, s, _ in ck}
        for f, lsb, width in fields:
            bits = ((1 << width) - 1) << lsb
            assert bits & covered == bits, (name, f)
            if name not in ("SETDMAREG",):  # ckernel splits NewValue at bit 22 (Payload_SigSelSize)
                assert lsb in starts or (name, f) in {("ATSWAP", "SingleDataReg"), ("SETRWC", "SrcA")}, (name, f)


def test_range_errors_name_instruction_and_field():
    with pytest.raises(TileError, match=r"TT_OP_SEMWAIT: stall_res=512 does not fit its 9-bit field"):
        ops.TT_OP_SEMWAIT(512, 0, 0)
    with pytest.raises(TileError, match=r"TT_OP_ADDDMAREG: OpARegIndex=-1"):
        ops.TT_OP_ADDDMAREG(0, 0, 0, -1)
    with pytest.raises(TileError, match=r"TT_OP_SETC16: field setc16_value must be an integer"):
        ops.TT_OP_SETC16(0, 1.5)
    with pytest.raises(TileError, match=r"REPLAY has no field\(s\) \['Count'\]"):
        isa.encode("REPLAY", Count=3)
    with pytest.raises(TileError, match="not a Wormhole Tensix instruction mnemonic"):
        isa.encode("FOO")
    with pytest.raises(TypeError):
        ops.TT_OP_SEMWAIT(1, 2)  # same arity as the macro
    assert issubclass(TileError, tensix.TensixError) and tensix.TileError is TileError


def test_bad_words():
    with pytest.raises(TileError, match=r"word 0x05000000: opcode 0x05 is not a Wormhole Tensix instruction"):
        isa.decode(0x05000000)
    with pytest.raises(TileError, match="opcodes >= 0xC0 are never instructions"):
        isa.disassemble(0xC0000000)
    with pytest.raises(TileError, match="does not fit in 32 bits"):
        isa.decode(1 << 32)
    with pytest.raises(TileError, match="has no .ttinsn form"):
        isa.to_riscv_stream(0xC1000000)
    with pytest.raises(TileError, match="ordinary 32-bit RISC-V instruction"):
        isa.from_riscv_stream(0x00000013)  # addi x0, x0, 0
    assert isa.from_riscv_stream(0x00000012) == 0x80000004  # any non-0b11 word rotates


def test_units_pages_and_block_bits():
    assert isa.UNIT["SEMWAIT"] == "sync" and isa.UNIT["ATCAS"] == "scalar" and isa.UNIT["SFPMAD"] == "vector"
    assert isa.UNIT["RMWCIB2"] == "config" and isa.UNIT["MOP"] == "mop" and isa.UNIT["REPLAY"] == "replay"
    assert set(isa.UNIT) == set(ENCODINGS)
    assert isa.page("RMWCIB3").endswith("TensixCoprocessor/RMWCIB.md") and isa.page("RDCFG") is None
    # STALLWAIT.md: ADDDMAREG is held by B0 and B5, SETC16 by B7, every SFPU instruction by B8
    assert isa.BLOCK_BITS["ADDDMAREG"] == 0b100001 and isa.BLOCK_BITS["SETC16"] == 1 << 7
    assert all(isa.BLOCK_BITS[n] == 1 << 8 for n in ENCODINGS if n.startswith("SFP"))
    assert isa.BLOCK_BITS["STALLWAIT"] == 0x1FF and isa.BLOCK_BITS["RMWCIB0"] == 1 << 7
    assert "MOP" not in isa.BLOCK_BITS and "REPLAY" not in isa.BLOCK_BITS


def test_cli_disasm(capsys):
    from tensix.cli import main

    assert main(["disasm", "0xA6010011", "588051C3"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "0xA6010011  SEMWAIT stall_res=2, sem_sel=4, wait_sem_cond=1",
        "0x588051C3  ADDDMAREG OpBisConst=1, ResultRegIndex=5, OpBRegIndex=7, OpARegIndex=3"]
    assert main(["disasm", "--riscv", hex(isa.to_riscv_stream(0xA6010011))]) == 0
    assert "SEMWAIT" in capsys.readouterr().out
    assert main(["disasm", "--isa", "0x588051C3"]) == 0
    assert capsys.readouterr().out == "0x588051C3  ADDDMAREGi ResultReg=5, RightImm6=7, LeftReg=3\n"
    assert main(["disasm", "05000000"]) == 1
    assert "opcode 0x05 is not a Wormhole Tensix instruction" in capsys.readouterr().err
    assert main(["disasm", "--riscv", "13"]) == 1  # addi: an ordinary RISC-V instruction
    assert "ordinary 32-bit RISC-V instruction" in capsys.readouterr().err
