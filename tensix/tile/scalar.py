"""The Scalar Unit (ThCon): GPR arithmetic, L1 loads / stores / atomics, REG2FLOP, FLUSHDMA, DMANOP.

Semantics: tt-isa-documentation 39304719 WormholeB0/TensixTile/TensixCoprocessor/ScalarUnit.md and one page per
instruction: SETDMAREG_Immediate.md, SETDMAREG_Special.md (InputSource 10-15; 0-9 read packer state and raise
NotModelledError), ADDDMAREG.md, SUBDMAREG.md,
MULDMAREG.md, BITWOPDMAREG.md, CMPDMAREG.md, SHIFTDMAREG.md, LOADIND.md, STOREIND_L1.md, STOREIND_MMIO.md
(STOREIND_Src.md is not modelled), ATSWAP.md, ATCAS.md, ATINCGET.md, ATINCGETPTR.md, LOADREG.md, STOREREG.md,
REG2FLOP_Configuration.md (REG2FLOP_ADC.md is not modelled), FLUSHDMA.md, DMANOP.md. Field positions are the
pages' diagrams (Diagrams/Src/Bits32.lua); bits a diagram leaves blank raise NotModelledError when set.

All arithmetic is uint32 and wraps; half-register offsets (LOADIND / STOREIND OffsetHalfReg) are the 16-bit
half `OffsetHalfReg & 1` of GPR `OffsetHalfReg >> 1` and wrap in 16 bits. Loads (LOADIND, LOADREG, ATINCGET's
result) land in the GPR at once: on the card they land some cycles later, so a program that reads the GPR
without STALLWAIT C0 / FLUSHDMA is racy there and gets the settled value here. A failing ATCAS or a blocked
ATINCGETPTR keeps its thread at the instruction and holds the Scalar Unit, so no other thread's ThCon
instruction starts until it succeeds (ATCAS.md: "the Scalar Unit remains busy for the duration").
"""

import numpy as np

from tensix.errors import NotModelledError, UndefinedBehaviourError
from tensix.tile import isa

_DOC = "tt-isa-documentation WormholeB0/TensixTile/TensixCoprocessor"
_M32 = 0xFFFFFFFF
L1_BYTES = 1464 * 1024
THCON_CFGREG_BASE_ADDR32, GLOBAL_CFGREG_BASE_ADDR32 = 52, 152  # cfg_defines.h (tt-metal 622c6fb9)


def _blank(thread, w, mask, page):
    if w & mask:
        raise NotModelledError(
            f"T{thread}: 0x{w:08X} ({isa.disassemble(w)}) sets bits 0x{w & mask:06X} that {_DOC}/{page}.md "
            "leaves blank (ckernel_ops.h gives a field more bits there); what the hardware does with them is not "
            "documented, so tensix does not guess. Fix: keep operands within the ISA's fields.")


def _ub(thread, w, page, rule):
    raise UndefinedBehaviourError(f"T{thread}: 0x{w:08X} ({isa.disassemble(w)}): {rule}; the ISA calls this "
                                  f"undefined behaviour ({_DOC}/{page}.md). Fix: keep the operands in range.")


def _l1_address(tile, thread, w, address, page):
    if address >= L1_BYTES:
        _ub(thread, w, page, f"L1 address 0x{address:X} is past the end of L1 (1464 KiB)")
    return address


def _half_offset(g, half_reg):
    """(read, write) of 16-bit half register `half_reg` of the GPR row `g` (a numpy uint32 row)."""
    reg, shift = half_reg >> 1, (half_reg & 1) * 16
    return reg, shift, (int(g[reg]) >> shift) & 0xFFFF


def _set_half(g, reg, shift, value):
    g[reg] = (int(g[reg]) & ~(0xFFFF << shift) & _M32) | ((value & 0xFFFF) << shift)


_INCREMENT = (0, 2, 4, 16)


# ---- GPR arithmetic ------------------------------------------------------------------------------------------
_SPECIAL_SOURCES = ("the packers' AccTileSize / LastTileSize", "the packers' AllZeroFlags",
                    "packer 0's tile header", "packer 1's tile header", "packer 2's tile header",
                    "packer 3's tile header", "an exponent histogram", "an exponent histogram",
                    "the AllZeroFlags (and a reset of AccTileSize)", "ExponentHistogramMaxExponent")


def _setdmareg_special(tile, thread, w):
    """SETDMAREG_Special.md: 128 bits of packer state or configuration into GPRs. InputSource 10-15 select none of
    the model's cases, so the values stay the zeros they start as: "set four consecutive GPRs to zero" (ResultSize
    3 keeps the tile header's reserved fields). Sources 0-9 read packer state, which needs the Pack unit."""
    blank = isa.blank_bits(w)
    if blank:
        _blank(thread, w, blank, "SETDMAREG_Special")
    f = isa.isa_fields(w)[1]
    source = f["InputSource"]
    if source < 10:
        raise NotModelledError(f"T{thread}: 0x{w:08X} ({isa.disassemble(w)}) is SETDMAREG's special mode with "
                               f"InputSource {source}, which reads {_SPECIAL_SOURCES[source]}: packer state that "
                               f"tensix.tile does not model without the Pack unit ({_DOC}/SETDMAREG_Special.md). "
                               "Fix: use the immediate mode, or InputSource 10-15 to zero GPRs.")
    g = tile._gpr_rows[thread]
    size, half = f["ResultSize"], f["ResultHalfReg"]
    base = (half >> 1) & 0x3C
    if size == 0:    # 16 bits: a half of Values (all zero) into any half GPR
        g[half >> 1] &= 0xFFFF0000 if half & 1 == 0 else 0x0000FFFF
    elif size == 1:  # 32 bits
        g[half >> 1] = 0
    elif size == 2:  # 128 bits
        for i in range(4):
            g[base + i] = 0
    else:            # 128 bits, the tile header's reserved fields unchanged
        g[base] &= 0xFFFF0000            # TileSize (bits 15:0 of the first word)
        g[base + 1] &= 0xFF00FFFF        # DataFormat, DisableZeroCompression, SpareBits (bits 23:16)
        g[base + 2] = 0                  # AllZeroFlags
    return True


def setdmareg(tile, thread, w):
    if w & 0x80:
        return _setdmareg_special(tile, thread, w)
    g = tile._gpr_rows[thread]
    reg, shift = (w & 0x7F) >> 1, (w & 1) * 16
    g[reg] = (g[reg] & ~(0xFFFF << shift) & _M32) | (((w >> 8) & 0xFFFF) << shift)
    return True


def _operands(tile, thread, w, blank, page):
    if w & blank:
        _blank(thread, w, blank, page)
    g = tile._gpr_rows[thread]  # items are Python ints
    return g, g[w & 63], (w >> 6) & 63 if w >> 23 & 1 else g[(w >> 6) & 63], (w >> 12) & 63


def adddmareg(tile, thread, w):
    g, a, b, r = _operands(tile, thread, w, 0x7C0000, "ADDDMAREG")
    g[r] = (a + b) & _M32
    return True


def subdmareg(tile, thread, w):
    g, a, b, r = _operands(tile, thread, w, 0x7C0000, "SUBDMAREG")
    g[r] = (a - b) & _M32
    return True


def muldmareg(tile, thread, w):
    g, a, b, r = _operands(tile, thread, w, 0x7C0000, "MULDMAREG")
    g[r] = (a & 0xFFFF) * (b & 0xFFFF)
    return True


def _mode(thread, w, page, names):
    """Mode (bits 20:18); the modes a page does not define are undefined behaviour there."""
    mode = (w >> 18) & 7
    if mode >= len(names):
        _ub(thread, w, page, f"Mode {mode} is none of " + ", ".join(f"{n} ({i})" for i, n in enumerate(names)))
    return mode


def bitwopdmareg(tile, thread, w):
    g, a, b, r = _operands(tile, thread, w, 0x600000, "BITWOPDMAREG")
    g[r] = (a & b, a | b, a ^ b)[_mode(thread, w, "BITWOPDMAREG", ("AND", "OR", "XOR"))]
    return True


def cmpdmareg(tile, thread, w):
    g, a, b, r = _operands(tile, thread, w, 0x600000, "CMPDMAREG")
    g[r] = int((a > b, a < b, a == b)[_mode(thread, w, "CMPDMAREG", ("GT", "LT", "EQ"))])
    return True


def shiftdmareg(tile, thread, w):
    imm = w >> 23 & 1
    _blank(thread, w, 0x600000 | (0x800 if imm else 0), "SHIFTDMAREG")
    g = tile._gpr_rows[thread]
    a = g[w & 63]
    b = (w >> 6) & 31 if imm else g[(w >> 6) & 63] & 31
    mode = _mode(thread, w, "SHIFTDMAREG", ("LEFT", "RIGHT"))
    g[(w >> 12) & 63] = (a << b) & _M32 if mode == 0 else a >> b
    return True


# ---- L1 and MMIO accesses ------------------------------------------------------------------------------------
def _indirect(tile, thread, w, size, page):
    """The part LOADIND and STOREIND (L1) share: the GPR operand (aligned to four for 128 bits), the L1
    address from AddrReg * 16 + the 16-bit half-register offset, the offset's post-increment, and the address
    aligned down to the access size. Returns (gprs, register, address)."""
    g = tile._gprs[thread]
    data = (w >> 6) & (0x3F if size else 0x3C)
    reg, shift, offset = _half_offset(g, (w >> 14) & 0x7F)
    address = _l1_address(tile, thread, w, (int(g[w & 63]) * 16 + offset) & _M32, page)
    _set_half(g, reg, shift, offset + _INCREMENT[(w >> 12) & 3])
    return g, data, address & ~(_SIZE_BYTES[size] - 1)


_SIZE_BYTES = (16, 4, 2, 1)  # Size 0: 128 bits (four GPRs), 1: 32, 2: 16 (low half), 3: 8 (low byte)


def loadind(tile, thread, w):
    _blank(thread, w, 0x200000, "LOADIND")
    size = w >> 22 & 3
    g, result, a = _indirect(tile, thread, w, size, "LOADIND")
    l1 = tile.l1
    if size == 0:
        g[result:result + 4] = l1[a:a + 16].view(np.uint32)
    else:
        n = _SIZE_BYTES[size]
        keep = (0, 0xFFFF0000, 0xFFFFFF00)[size - 1]
        g[result] = (int(g[result]) & keep) | int.from_bytes(l1[a:a + n].tobytes(), "little")
    return True


def storeind(tile, thread, w):
    if w >> 23 & 1:
        return _storeind_l1(tile, thread, w)
    if w >> 22 & 1:
        return _storeind_mmio(tile, thread, w)
    raise NotModelledError(f"T{thread}: 0x{w:08X} ({isa.disassemble(w)}) is STOREIND's SrcA / SrcB mode, which "
                           f"tensix does not model yet ({_DOC}/STOREIND_Src.md). Fix: store to L1 (bit 23 = 1).")


def _storeind_l1(tile, thread, w):
    size = w >> 21 & 3
    g, data, a = _indirect(tile, thread, w, size, "STOREIND_L1")
    if size == 0:
        tile.l1[a:a + 16] = g[data:data + 4].view(np.uint8)
    else:
        n = _SIZE_BYTES[size]
        tile.l1[a:a + n] = np.frombuffer((int(g[data]) & ((1 << 8 * n) - 1)).to_bytes(n, "little"), np.uint8)
    return True


def _storeind_mmio(tile, thread, w):
    _blank(thread, w, 0x200000, "STOREIND_MMIO")
    g = tile._gprs[thread]
    _, _, offset = _half_offset(g, (w >> 14) & 0x7F)
    address = 0xFFB00000 + (((int(g[w & 63]) + (offset >> 4)) & _M32) & 0x000FFFFC)
    return _mmio_store(thread, w, address, "STOREIND_MMIO")


def _mmio_store(thread, w, address, page):
    if address < 0xFFB11000:
        _ub(thread, w, page, f"address 0x{address:08X} is below 0xFFB11000 (the RISC-V local memories)")
    raise NotModelledError(f"T{thread}: 0x{w:08X} ({isa.disassemble(w)}) writes the register at 0x{address:08X}, "
                           f"which tensix.tile does not model ({_DOC}/{page}.md, BabyRISCV/README.md). "
                           "Fix: use L1 or the GPRs.")


def loadreg(tile, thread, w):
    address = 0xFFB00000 + ((w & 0x3FFFF) << 2)
    if address < 0xFFB11000:
        _ub(thread, w, "LOADREG", f"address 0x{address:08X} is below 0xFFB11000 (the RISC-V local memories)")
    raise NotModelledError(f"T{thread}: 0x{w:08X} ({isa.disassemble(w)}) reads the register at 0x{address:08X}, "
                           f"which tensix.tile does not model ({_DOC}/LOADREG.md). Fix: use LOADIND from L1.")


def storereg(tile, thread, w):
    return _mmio_store(thread, w, 0xFFB00000 + ((w & 0x3FFFF) << 2), "STOREREG")


# ---- atomics -------------------------------------------------------------------------------------------------
def _u32(l1, a):
    return int.from_bytes(l1[a:a + 4].tobytes(), "little")


def _put32(l1, a, v):
    l1[a:a + 4] = np.frombuffer((v & _M32).to_bytes(4, "little"), np.uint8)


def atswap(tile, thread, w):
    _blank(thread, w, 0x803000, "ATSWAP")
    g = tile._gprs[thread]
    address = _l1_address(tile, thread, w, (int(g[w & 63]) * 16) & _M32, "ATSWAP")
    data = (w >> 6) & 63
    if w >> 22 & 1:  # SingleDataReg: only GPR[DataReg], in 32-bit lane DataReg & 3, the rest zero
        to_write = np.zeros(4, np.uint32)
        to_write[data & 3] = g[data]
    else:
        to_write = g[data & 0x3C:(data & 0x3C) + 4].copy()
    halves = to_write.view(np.uint16)
    mask = (w >> 14) & 0xFF
    target = tile.l1[address:address + 16].view(np.uint16)
    for i in range(8):
        if mask >> i & 1:
            target[i] = halves[i]
    return True


def atcas(tile, thread, w):
    _blank(thread, w, 0xC00FC0, "ATCAS")
    g = tile._gprs[thread]
    address = _l1_address(tile, thread, w, (int(g[w & 63]) * 16 + ((w >> 12) & 3) * 4) & _M32, "ATCAS")
    cmp_val, set_val = (w >> 14) & 15, (w >> 18) & 15
    current = _u32(tile.l1, address)
    if current != cmp_val:
        tile.scalar_owner = thread
        tile._threads[thread].reason = (f"ATCAS retries: L1[0x{address:X}] holds 0x{current:X}, not {cmp_val} "
                                        "(the Scalar Unit stays busy; ATCAS.md)")
        return False
    _put32(tile.l1, address, set_val)
    tile.scalar_owner = None
    return True


def atincget(tile, thread, w):
    _blank(thread, w, 0xF80000, "ATINCGET")
    g = tile._gprs[thread]
    address = _l1_address(tile, thread, w, (int(g[w & 63]) * 16 + ((w >> 12) & 3) * 4) & _M32, "ATINCGET")
    inout = (w >> 6) & 63
    mask = ((2 << ((w >> 14) & 31)) - 1) & _M32
    original = _u32(tile.l1, address)
    _put32(tile.l1, address, ((original + int(g[inout])) & mask) | (original & ~mask))
    g[inout] = original
    return True


def atincgetptr(tile, thread, w):
    _blank(thread, w, 0x800000, "ATINCGETPTR")
    g = tile._gprs[thread]
    base = _l1_address(tile, thread, w, (int(g[w & 63]) * 16) & _M32, "ATINCGETPTR")
    ofs, width, incr_log2 = (w >> 12) & 3, (w >> 14) & 15, (w >> 18) & 15
    increment = 0 if w >> 22 & 1 else 1 << incr_log2
    mask = (1 << width) - 1
    l1 = tile.l1
    rd, wr = _u32(l1, base), _u32(l1, base + 4)
    size = (wr - rd) & _M32
    if ofs & 1:
        capacity = 1 << (width - 1) if width else 0x8000
        if size % capacity == 0 and size != 0:
            return _fifo_wait(tile, thread, base, "full", rd, wr)
    elif size == 0:
        return _fifo_wait(tile, thread, base, "empty", rd, wr)
    original = _u32(l1, base + 4 * ofs)
    _put32(l1, base + 4 * ofs, ((original + increment) & mask) | (original & ~mask))
    g[(w >> 6) & 63] = original
    tile.scalar_owner = None
    return True


def _fifo_wait(tile, thread, base, state, rd, wr):
    tile.scalar_owner = thread
    tile._threads[thread].reason = (f"ATINCGETPTR retries: the FIFO at L1 0x{base:X} is {state} (Rd={rd}, Wr={wr}; "
                                    "the Scalar Unit stays busy; ATINCGETPTR.md)")
    return False


# ---- configuration writes from GPRs, flushes -----------------------------------------------------------------
def reg2flop(tile, thread, w):
    if w >> 21 & 1:
        raise NotModelledError(f"T{thread}: 0x{w:08X} ({isa.disassemble(w)}) is REG2FLOP's ADC form; the ADCs are "
                               f"not modelled yet ({_DOC}/REG2FLOP_ADC.md). Fix: none yet.")
    _blank(thread, w, 0x1FE000, "REG2FLOP_Configuration")
    index = (w >> 6) & 0x7F
    if index >= GLOBAL_CFGREG_BASE_ADDR32 - THCON_CFGREG_BASE_ADDR32:
        _ub(thread, w, "REG2FLOP_Configuration", f"ThConCfgIndex {index} is past the THCON_ configuration "
            f"({GLOBAL_CFGREG_BASE_ADDR32 - THCON_CFGREG_BASE_ADDR32} words)")
    from tensix.tile.config import write_config
    sid = tile.state_id(thread)
    g = tile._gprs[thread]
    reg = w & 63
    if w >> 22 & 3 == 0:  # SizeSel 0: 128 bits, both indices aligned down to 4
        first = THCON_CFGREG_BASE_ADDR32 + (index & ~3)
        for i in range(4):
            write_config(tile, sid, first + i, int(g[(reg & ~3) + i]))
    else:
        write_config(tile, sid, THCON_CFGREG_BASE_ADDR32 + index, int(g[reg]))
    return True


def flushdma(tile, thread, w):
    # every condition (C0 ThCon requests, C1-C2 unpackers, C3 packer 0) is met at once in this model: loads land
    # at once and no unpack / pack instruction runs (see the module docstring)
    _blank(thread, w, 0xFFFFF0, "FLUSHDMA")
    return True


def dmanop(tile, thread, w):
    _blank(thread, w, 0xFFFFFF, "DMANOP")
    return True


HANDLERS = {isa.OPCODE[name]: fn for name, fn in {
    "SETDMAREG": setdmareg, "ADDDMAREG": adddmareg, "SUBDMAREG": subdmareg, "MULDMAREG": muldmareg,
    "BITWOPDMAREG": bitwopdmareg, "CMPDMAREG": cmpdmareg, "SHIFTDMAREG": shiftdmareg, "LOADIND": loadind,
    "STOREIND": storeind, "ATSWAP": atswap, "ATCAS": atcas, "ATINCGET": atincget, "ATINCGETPTR": atincgetptr,
    "LOADREG": loadreg, "STOREREG": storereg, "REG2FLOP": reg2flop, "FLUSHDMA": flushdma, "DMANOP": dmanop,
}.items()}
