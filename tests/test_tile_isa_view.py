"""The ISA pages' view of instruction words (tt-isa-documentation Diagrams/Src/Bits32.lua, kept in
tensix.tile._tables.DIAGRAMS): isa.diagram / isa_fields / blank_bits / disassemble(names="isa"), and the rule
that every executed instruction raises NotModelledError for exactly the bits its diagram leaves blank."""

import pytest

import tensix
from tensix.tile import Tile, TileError, isa, ops
from tensix.tile._tables import DIAGRAMS

EXECUTED_UNITS = ("mop", "replay", "sync", "scalar", "config", "vector")


def _mnemonic(diagram):
    opcode = DIAGRAMS[diagram][0]
    return isa._BY_OPCODE[opcode][0]


def test_isa_view_by_hand():
    assert isa.disassemble(ops.TT_OP_SEMWAIT(2, 1, 1), names="isa") == \
        "SEMWAIT BlockMask=2, SemaphoreMask=1, ConditionMask=1"
    # ckernel_ops.h splits SETDMAREG's 16-bit NewValue in two; the ISA does not
    w = ops.TT_OP_SETDMAREG(0, 0x5678, 0, 8)
    assert isa.disassemble(w) == ("SETDMAREG Payload_SigSelSize=1, Payload_SigSel=0x1678, SetSignalsMode=0, "
                                  "RegIndex16b=8")
    assert isa.disassemble(w, names="isa") == "SETDMAREG_Immediate NewValue=0x5678, ResultHalfReg=8"
    assert isa.diagram(ops.TT_OP_ADDDMAREG(1, 6, 5, 4)) == "ADDDMAREGi"
    assert isa.diagram(ops.TT_OP_ADDDMAREG(0, 6, 5, 4)) == "ADDDMAREG"
    assert [isa.diagram(ops.TT_OP_STOREIND(m, s, 0, 0, 0, 0, 0)) for m, s in ((1, 0), (0, 1), (0, 0))] == [
        "STOREIND_L1", "STOREIND_MMIO", "STOREIND_Src"]
    assert isa.diagram(ops.TT_OP_REG2FLOP(0, 2, 0, 0, 0, 0)) == "REG2FLOP_ADC"
    assert isa.diagram(ops.TT_OP_REG2FLOP(0, 1, 0, 0, 0, 0)) is None  # bit 20 without bit 21: no diagram
    assert isa.diagram(ops.TT_OP_SFPSHFT2(0, 0, 1, 6)) == "SFPSHFT2b"
    assert isa.diagram(ops.TT_OP_SFPSHFT2(0, 0, 1, 5)) == "SFPSHFT2"
    assert isa.diagram(ops.TT_OP_NOP) is None and isa.blank_bits(ops.TT_OP_NOP) is None
    assert isa.isa_fields(ops.TT_OP_ATCAS(0, 9, 2, 1, 0, 3)) == ("ATCAS", {"AddrReg": 3, "Ofs": 1, "CmpVal": 2,
                                                                          "SetVal": 9})
    # ckernel's ATCAS SwapVal has 5 bits, the ISA's SetVal 4: the fifth is blank there
    assert isa.blank_bits(ops.TT_OP_ATCAS(0, 16, 0, 0, 0, 0)) == 1 << 22
    assert "blank=0x400000" in isa.disassemble(ops.TT_OP_ATCAS(0, 16, 0, 0, 0, 0), names="isa")
    assert isa.listing([ops.TT_OP_NOP], names="isa") == "0x02000000  NOP"
    with pytest.raises(TileError, match="'ckernel' and 'isa'"):
        isa.disassemble(ops.TT_OP_NOP, names="yaml")


def test_every_encoding_diagram_is_an_instruction():
    assert len(DIAGRAMS) >= 120
    for d, (opcode, fixed, fields) in DIAGRAMS.items():
        assert isa._BY_OPCODE[opcode] is not None, d
        bits = [((1 << w) - 1) << lsb for _, lsb, w in fields] + [((1 << w) - 1) << lsb for lsb, w, _ in fixed]
        assert sum(bits) == sum(set(bits)) and all(b >> 24 == 0 for b in bits), d  # no overlaps, within 23:0


def _blank_cases():
    cases = []
    for d, (opcode, fixed, _) in sorted(DIAGRAMS.items()):
        name = _mnemonic(d)
        if isa.UNIT[name] not in EXECUTED_UNITS or d in ("SETDMAREG_Special", "REG2FLOP_ADC", "STOREIND_Src"):
            continue
        if d == "SFPSTOCHRND":
            continue  # SFPSTOCHRNDi draws the same word with more fields (isa.diagram picks it)
        base = (opcode << 24) | sum(v << lsb for lsb, _, v in fixed) | (6 if d == "SFPSHFT2b" else 0)
        assert isa.diagram(base) == d
        blank = isa._DIAGRAMS_BY_OPCODE[opcode]
        mask = next(x[4] for x in blank if x[0] == d)
        cases += [(d, base, b) for b in range(24) if mask >> b & 1]
    return cases


@pytest.mark.parametrize("diagram, base, bit", _blank_cases(), ids=lambda v: str(v) if isinstance(v, str) else "")
def test_blank_bits_are_not_guessed(diagram, base, bit):
    """For every executed instruction, a word that sets one bit its ISA diagram leaves blank raises
    NotModelledError (at the expander for MOP_CFG / REPLAY, at the Wait Gate for the rest)."""
    tile = Tile()
    with pytest.raises(tensix.NotModelledError, match="leaves blank|no ISA page"):
        tile.push(0, [base | 1 << bit])
        tile.run()


@pytest.mark.parametrize("diagram", sorted({d for d, _, _ in _blank_cases()}))
def test_words_without_blank_bits_are_not_refused_for_them(diagram):
    opcode, fixed, _ = DIAGRAMS[diagram]
    tile = Tile()
    tile.push(0, [(opcode << 24) | sum(v << lsb for lsb, _, v in fixed) | (6 if diagram == "SFPSHFT2b" else 0)])
    try:
        tile.run()
    except tensix.TensixError as e:  # other rules may apply to an all-zero word (LOADREG's address, ...)
        assert "leaves blank" not in str(e)
