"""The SFPU tile ops of tt-metal 622c6fb9 that ttnn's fill_pad kernel calls and tensix.kernel lacks: fill_tile_bitcast
and fill_tile_int (api/compute/eltwise_unary/fill.h -> tt-llk sfpu/ckernel_sfpu_fill.h ``_calculate_fill_bitcast_``,
``_calculate_fill_int_``), and the tile walk of fill_pad's reader and writer. (Its where_tile is the compute API's,
tensix.kernel.where_tile: tt-llk's SFPLOADMACRO instruction list.)

Both fills are exact on Dst bits, so they are computed on the Dst tile directly (after this core's queued SFPU calls
have run): every row gets one SFPSTORE of the value (fill_tile_bitcast: the float32, which a 32-bit Dst holds as is
and a 16-bit Dst as the SFPSTORE FP32 -> BF16 conversion: a zero exponent flushes the mantissa, then the low 16 bits
are dropped; facts sheet, ISA SFPSTORE.md; fill_tile_int: see there). Cycles: one SFPSTORE and INCRWC per row, 32
rows per tile, charged to the math thread at ``sfpu.instruction``."""

import numpy as np

from tensix.costs import cost
from tensix.device.errors import KernelError
from tensix.errors import NotModelledError
from tensix.kernel import compute as _C

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


def fill_tile_int(idst, param0, data_format):
    """fill_tile_int<data_format>(idst, value) (api/compute/eltwise_unary/fill.h -> tt-llk ``_calculate_fill_int_``):
    every row ``dst_reg[0].mode<I32>() = value`` (an INT32 SFPSTORE: the 32 bits) for Int32 / UInt32, or
    ``.mode<U16>() = value & 0xFFFF`` (an LO16 SFPSTORE) for UInt16. fill_pad runs the INT32 form on a 32-bit Dst and
    the LO16 form on a 16-bit one; the other pairings (SFPSTORE INT32 into a 16-bit Dst, LO16 into a 32-bit one)
    raise NotModelledError."""
    fmt = getattr(data_format, "name", str(data_format))
    th, cs, dst = _dst("fill_tile_int", (idst,))
    if fmt not in ("Int32", "UInt32", "UInt16"):
        raise KernelError(f"fill_tile_int<{fmt}> on core {th.core.logical} at {th.source_line_now()}: its "
                          "static_assert takes Int32, UInt32 and UInt16.")
    bits = int(param0) & 0xFFFFFFFF
    if (fmt == "UInt16") == cs.fp32:
        raise NotModelledError(f"fill_tile_int<{fmt}> with fp32_dest_acc_en={cs.fp32}: its "
                               f"{'LO16' if fmt == 'UInt16' else 'INT32'} SFPSTORE into a "
                               f"{'32' if cs.fp32 else '16'}-bit Dst is not modelled (fill_pad pairs them the other "
                               "way).")
    dst[idst][...] = np.uint32(bits) if cs.fp32 else np.uint16(bits & 0xFFFF)
    cs.write_whole(idst)
    th.clocks[_C._MATH] += 2 * 32 * _SFPU


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
