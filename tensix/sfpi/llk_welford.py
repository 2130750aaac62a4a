"""tt-llk's Welford SFPU kernel (Wormhole B0) as the instruction lists it issues: the running mean / M2 of the rows
of a Dst tile, for the compute API of ``api/compute/welford.h`` (tensix.kernel.welford).

tensix's own code, written from tt-metal 622c6fb9 ``tt_metal/tt-llk/tt_llk_wormhole_b0/common/inc/sfpu/
ckernel_sfpu_welfords.h`` (raw TTI_SFP* instructions, not SFPI code), ``llk_lib/llk_math_welfords_sfpu.h`` (the init)
and ``llk_math_welfords_sfpu_params.h`` / ``llk_api/llk_sfpu/llk_math_welfords_sfpu_entry.h`` (the driver: Dst base
at the call's tile, no SETRWC walk: the kernel addresses the whole tile itself, ADDR_MOD_3 with its zero increment).

The algorithm's registers (kept between calls on the core's SFPU, as on the card):

- LReg4 / LReg5: the running mean and M2 of each lane; LReg6 the new mean; LReg7 1 / (N + 1), loaded before every
  row (two SFPLOADIs, upper half then lower half, from the kernel's reciprocal table or, with an empty table, the
  RISC-V's ``1.0f / (idx + 1)``).
- A block: SFPTRANSP, four SFPLOADs of Dst rows 4J..4J+3 (I = 0: face 0 and 1, I = 1: faces 2 and 3; even and odd
  columns), SFPTRANSP. Afterwards LReg j holds the 32 columns of tile row 16 I + 4 J + j, one per lane; the first
  SFPTRANSP also transposes LReg4-7, the second puts them back.
- A row (replay-buffer entry of 8 instructions per input LReg): a = x - mean (SFPMAD -1 * mean + x), SFPNOP,
  mean' = a * (1 / (N + 1)) + mean, LReg4 = x - mean (again), x = x - mean', SFPNOP, M2 += LReg4 * x, mean = mean'
  (SFPMOV). ``welford_init`` records the four entries (lltt::record, NoExec: nothing issued); the calls replay them,
  expanded here.
- ``_store_mean_var_to_dst_row_``: variance = (1 / N) * M2 (SFPMAD with LConst 0), mean and variance moved to tile
  row 0 of Dst tiles `base` and `base + 1` through SFPTRANSP, rows 1-3 of faces 0 and 1 of both tiles zeroed.
  ``_store_mean_var_to_dst_raw_`` (to face) stores LReg4 / LReg5 as they are (4 rows x 8 even columns).

So each lane (a column of the tile) gets the statistics of its column over the tile rows processed in order:
kernels give the data transposed (transpose_wh_tile), so the columns are the rows of the input.
"""

from __future__ import annotations

import numpy as np

from tensix.errors import NotModelledError, UndefinedBehaviourError
from tensix.sfpi.llk import InstrProgram, _mk, _sfpu_config_reset

# ADDR_MOD_7 (AddrMod 3 with the SFPU's ADDR_MOD base) all zero: welfords_sfpu_configure_addrmod
WELFORD_AMODS = ((3, 0),)
INSTR_PER_ROW = 8           # WELFORD_INSTR_PER_ROW
_NEG1, _ZERO = 11, 9        # LReg11 (-1.0, SFPCONFIG's default), LConst 0
_MEAN, _M2, _NEW, _RECIP = 4, 5, 6, 7
_M2_TILE = 64               # the M2 / variance tile: the Dst rows of the next tile


def row_step(x):
    """``_compute_welfords_row_<input_lreg>``: the 8 instructions the replay buffer holds for input LReg `x`."""
    return [_mk("SFPMAD", VA=_NEG1, VB=_MEAN, VC=x, VD=_NEW, Mod1=0), _mk("SFPNOP"),
            _mk("SFPMAD", VA=_NEW, VB=_RECIP, VC=_MEAN, VD=_NEW, Mod1=0),
            _mk("SFPMAD", VA=_NEG1, VB=_MEAN, VC=x, VD=_MEAN, Mod1=0),
            _mk("SFPMAD", VA=_NEG1, VB=_NEW, VC=x, VD=x, Mod1=0), _mk("SFPNOP"),
            _mk("SFPMAD", VA=_MEAN, VB=x, VC=_M2, VD=_M2, Mod1=0),
            _mk("SFPMOV", VC=_NEW, VD=_MEAN, Mod1=0)]


def recip_bits(idx, lut):
    """``_load_recip_of_idx_``'s value: lut[idx] (the kernel's table, uint32 bits) or, for an empty table, the bits
    of 1.0f / float(idx + 1) (the RISC-V's IEEE division)."""
    if len(lut) == 0:
        return int((np.float32(1.0) / np.float32(idx + 1)).view(np.uint32))
    if not 0 <= idx < len(lut):
        raise UndefinedBehaviourError(
            f"the Welford LLK reads entry {idx} of a reciprocal table of {len(lut)} entries (_load_recip_of_idx_ "
            "indexes the std::array without a check; welford.h's ASSERT only covers start_idx): it would read "
            "whatever lies past the table in L1.\nFix: size the table to cover every sample index the calls use.")
    return int(lut[idx]) & 0xFFFFFFFF


def load_recip(bits):
    """The two SFPLOADIs of LReg7: SFPLOADI_MOD0_UPPER (8) with the high half, SFPLOADI_MOD0_LOWER (10) with the
    low half."""
    return [_mk("SFPLOADI", VD=_RECIP, Mod0=8, Imm16=bits >> 16), _mk("SFPLOADI", VD=_RECIP, Mod0=10,
                                                                     Imm16=bits & 0xFFFF)]


def load_block(i, j):
    """``_welfords_load_block_<I, J>``: tile row 16 I + 4 J + k of the tile at the Dst base into LReg k (k < 4)."""
    off = i * 32 + 4 * j
    return ([_mk("SFPTRANSP")]
            + [_mk("SFPLOAD", VD=k, Mod0=0, AddrMod=3, Imm10=off + d) for k, d in enumerate((0, 2, 16, 18))]
            + [_mk("SFPTRANSP")])


def tile_rows(start_idx, start_row, num_rows, lut):
    """``_calculate_welfords_partial_tile_`` (``_calculate_welfords_tile_`` is the case 0, 32: the same list): for
    each of the 8 blocks that meets rows [start_row, start_row + num_rows), its load, then per row in range the
    reciprocal of the running sample index (counted from start_idx) and the row's replay."""
    if not (0 <= start_row and 0 <= num_rows and start_row + num_rows <= 32):
        raise NotModelledError(f"welford_update_rows(start_row={start_row}, num_rows={num_rows}): welford.h requires "
                               "0 <= start_row and start_row + num_rows <= 32 (an ASSERT).")
    out = []
    if num_rows == 0:
        return out
    end = start_row + num_rows
    idx = start_idx
    for i in range(2):
        for j in range(4):
            lo = 16 * i + 4 * j
            if start_row >= lo + 4 or end <= lo:
                continue
            out += load_block(i, j)
            for k in range(4):
                if lo + k < start_row or lo + k >= end:
                    continue
                out += load_recip(recip_bits(idx, lut)) + row_step(k)
                idx += 1
    return out


def init_instrs(clear: bool):
    """``_llk_math_welfords_sfpu_init_``: _init_sfpu_config_reg (LaneConfig 0), ADDR_MOD_7 zero (the program's
    addr_mods), reset_counters (the Dst RWC to 0; SrcA/SrcB/fidelity counters are not the SFPU's), the replay record
    (NoExec: issues nothing); then, ClearStats, ``_clear_previous_mean_and_m2_`` (LReg4 = LReg5 = 0, SFPLOADI
    FLOATB 0)."""
    out = _sfpu_config_reset() + [_mk("SETRWC", DstCr=0, DstVal=0, Dst=1)]
    return out + (clear_instrs() if clear else [])


def clear_instrs():
    return [_mk("SFPLOADI", VD=_MEAN, Mod0=0, Imm16=0), _mk("SFPLOADI", VD=_M2, Mod0=0, Imm16=0)]


def save_instrs(group=0):
    """``_store_mean_m2_to_dst_`` / ``_group_``: LReg4 at the base tile's rows 4g.., LReg5 in the next tile's."""
    return [_mk("SFPSTORE", VD=_MEAN, Mod0=0, AddrMod=3, Imm10=group << 2),
            _mk("SFPSTORE", VD=_M2, Mod0=0, AddrMod=3, Imm10=_M2_TILE + (group << 2))]


def restore_instrs(group=0):
    """``_load_mean_m2_from_dst_`` / ``_group_``: the reverse of save_instrs."""
    return [_mk("SFPLOAD", VD=_MEAN, Mod0=0, AddrMod=3, Imm10=group << 2),
            _mk("SFPLOAD", VD=_M2, Mod0=0, AddrMod=3, Imm10=_M2_TILE + (group << 2))]


def finalize_row_instrs(scale_bits):
    """``_store_mean_var_to_dst_row_``: LReg7 = the scale, LReg0 = mean, LReg1-3 = 0, LReg4 = scale * M2 + 0,
    LReg5-7 = 0, SFPTRANSP, LReg0-3 to offsets 0, 2, 16, 18 of the base tile, LReg4-7 to those of the next."""
    z = lambda r: _mk("SFPLOADI", VD=r, Mod0=0, Imm16=0)  # noqa: E731
    out = load_recip(scale_bits) + [_mk("SFPMOV", VC=_MEAN, VD=0, Mod1=0), z(1), z(2), z(3),
                                    _mk("SFPMAD", VA=_RECIP, VB=_M2, VC=_ZERO, VD=_MEAN, Mod1=0), z(5), z(6), z(7),
                                    _mk("SFPTRANSP")]
    offs = (0, 2, 16, 18)
    out += [_mk("SFPSTORE", VD=k, Mod0=0, AddrMod=3, Imm10=offs[k]) for k in range(4)]
    return out + [_mk("SFPSTORE", VD=4 + k, Mod0=0, AddrMod=3, Imm10=_M2_TILE + offs[k]) for k in range(4)]


def finalize_face_instrs(scale_bits, group=0):
    """``_store_mean_var_to_dst_raw_`` / ``_group_``: LReg5 = scale * M2 + 0, LReg4 and LReg5 stored raw."""
    return (load_recip(scale_bits) + [_mk("SFPMAD", VA=_RECIP, VB=_M2, VC=_ZERO, VD=_M2, Mod1=0)]
            + save_instrs(group))


_PROGRAMS: dict = {}
_MAX_PROGRAMS = 4096


def program(key, name, build) -> InstrProgram:
    """The InstrProgram for `key` (built once; the table is bounded: cleared when full)."""
    p = _PROGRAMS.get(key)
    if p is None:
        if len(_PROGRAMS) >= _MAX_PROGRAMS:
            _PROGRAMS.clear()
        p = _PROGRAMS[key] = InstrProgram(name, build(), WELFORD_AMODS)
    return p
