"""SFPU tile ops of tt-metal 622c6fb9 that ttnn's fill_pad kernel calls and tensix.kernel lacks: fill_tile_bitcast
(api/compute/eltwise_unary/fill.h -> tt-llk sfpu/ckernel_sfpu_fill.h ``_calculate_fill_bitcast_``) and
where_tile<data_format> (api/compute/eltwise_unary/where.h -> tt-llk sfpu/ckernel_sfpu_where.h ``_calculate_where_``).

Both are exact on Dst bits, so they are computed on the Dst tiles directly (after this core's queued SFPU calls
have run):
- fill: every row ``dst_reg[0] = vFloat(bits)`` (an SFPSTORE of the float32 value): a 32-bit Dst holds the bits, a
  16-bit Dst the SFPSTORE FP32 -> BF16 conversion (a zero exponent flushes the mantissa, then the low 16 bits are
  dropped; facts sheet, ISA SFPSTORE.md).
- where(cond, a, b) -> out: SFPLOAD of the condition (LO16 for Float16_b data, INT32 for 32-bit formats: raw bits),
  SFPSETCC on "equal to zero", a, then b loaded where the condition is zero, SFPSTORE in the same mode: a bit-exact
  select, out = cond_bits != 0 ? a : b (a negative zero condition counts as true, as on the card).
Cycles: the SFPLOADMACRO schedules tt-llk documents (where: 3 cycles per row when out is the condition tile, else
4; fill: one SFPSTORE and INCRWC per row), 32 rows per tile, charged to the math thread at ``sfpu.instruction``."""

import numpy as np

from tensix.costs import cost
from tensix.kernel import compute as _C
from tensix.metalium.types import DataFormat

_SFPU = cost("sfpu.instruction")


def _dst(call, tiles):
    th, cs = _C._cs(call)
    dst = cs.need_math(call)
    for t in tiles:
        cs.check_dst(t, call)
    return th, cs, dst


def fill_tile_init():
    """fill_tile_init(): SFPU_UNARY_INIT(fill) (no programmable constants)."""
    _C._init("fill_tile_init")


def fill_tile_bitcast(idst, param0):
    """fill_tile_bitcast(idst, bits): every datum of Dst tile idst = the float whose bits are `param0`."""
    th, cs, dst = _dst("fill_tile_bitcast", (idst,))
    bits = int(param0) & 0xFFFFFFFF
    if cs.fp32:
        dst[idst][...] = np.uint32(bits)
    else:
        if (bits >> 23) & 0xFF == 0:
            bits &= 0x80000000
        dst[idst][...] = np.uint16(bits >> 16)
    cs.write_whole(idst)
    th.clocks[_C._MATH] += 2 * 32 * _SFPU


def where_tile_init():
    """where_tile_init(): the SFPLOADMACRO templates of _init_where_ (no programmable constants)."""
    _C._init("where_tile_init")


def where_tile(idst0, idst1, idst2, odst, data_format=DataFormat.Float16_b):
    """where_tile<data_format>(cond, true_value, false_value, out): Dst[out] = cond != 0 ? Dst[idst1] : Dst[idst2],
    on the raw bits (LO16 loads and stores for Float16_b, INT32 otherwise)."""
    th, cs, dst = _dst("where_tile", (idst0, idst1, idst2, odst))
    h = (cs.n_acq - 1) % cs.nbuf
    missing = [t for t in (idst0, idst1, idst2) if t not in cs.defined[h]]
    if missing:
        from tensix.device.errors import DstUndefinedError
        raise DstUndefinedError(f"where_tile on core {th.core.logical} at {th.source_line_now()} reads Dst tile(s) "
                                f"{missing}, which hold no data in this Dst section.\nFix: copy_tile or fill them "
                                "first.")
    fmt = DataFormat(data_format) if not isinstance(data_format, DataFormat) else data_format
    if fmt == DataFormat.Float16_b and cs.fp32:
        # LO16 on a 32-bit Dst reads the low half of each datum: not what the kernel means; not modelled
        from tensix.errors import NotModelledError
        raise NotModelledError("where_tile<Float16_b> with fp32_dest_acc_en (LO16 loads of a 32-bit Dst) is not "
                               "modelled.")
    dst[odst] = np.where(dst[idst0] != 0, dst[idst1], dst[idst2])
    cs.write_whole(odst)
    th.clocks[_C._MATH] += (3 if odst == idst0 else 4) * 32 * _SFPU


def border_tiles(W_tiles, H_tiles, has_right_pad, has_bottom_pad, rt):
    """The tile ids fill_pad's reader and writer walk, in order (fill_pad_reader.cpp / fill_pad_writer.cpp): the
    right-column tiles, the bottom-row tiles, the corner tiles of this core's (start, num) range of each phase
    (rt = start_right, num_right, start_bottom, num_bottom, start_corner, num_corner), slice by slice."""
    start_right, num_right, start_bottom, num_bottom, start_corner, num_corner = rt
    right_stride = (((H_tiles - 1) if H_tiles > 1 else 1) if has_bottom_pad else H_tiles) if has_right_pad else 1
    bottom_stride = (((W_tiles - 1) if W_tiles > 1 else 1) if has_right_pad else W_tiles) if has_bottom_pad else 1
    hw = H_tiles * W_tiles
    if has_right_pad and num_right:
        sl, row = divmod(start_right, right_stride)
        for _ in range(num_right):
            yield sl * hw + row * W_tiles + (W_tiles - 1)
            row += 1
            if row == right_stride:
                row, sl = 0, sl + 1
    if has_bottom_pad and num_bottom:
        sl, col = divmod(start_bottom, bottom_stride)
        for _ in range(num_bottom):
            yield sl * hw + (H_tiles - 1) * W_tiles + col
            col += 1
            if col == bottom_stride:
                col, sl = 0, sl + 1
    if has_right_pad and has_bottom_pad:
        for k in range(num_corner):
            yield (start_corner + k) * hw + (H_tiles - 1) * W_tiles + (W_tiles - 1)
