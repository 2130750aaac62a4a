"""Reader of tensix's pool2d program: the scaler tile into c_2, then for every output stick of this core, for every
channel block and every chunk of at most max_rows window positions, one block of 32 rows x block-tiles*32 columns
(bfloat16) into c_0: row r is the input stick under window position r of the chunk (its block's channels), a row
outside the input (padding) or past the window holds the pool's init value (-inf for max, 0 for average).

Ports the role of tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/pool/generic/device/kernels/dataflow/reader_pool_2d.cpp
(read_window_with_top_left_index: the window's sticks copied into the input CB, the unused rows of the tilize
filled by unpack_tilizeA_B's neginf / zero SrcA fill) with one deviation: tt-metal reads the sticks from the halo
op's output shard in local L1 (the padding already materialised by halo with the init value, the windows located by
the reader-indices config tensor); this reader reads each stick from the interleaved input over the NoC and writes
the init value for the padding itself. The values in c_0 are the same.

Compile-time args: N, IH, IW, OH, OW, KH, KW, SH, SW, PT, PL, DH, DW, C, in stick bytes, in_ntiles_c,
max_tiles_per_iter, chunks, max_rows, init-value bits (bfloat16), scaler bits (float32), per_stick (not
one_scalar_per_core: a scaler tile per output stick, its divisor computed here), count_include_pad, PB, PR, then the
input's TensorAccessorArgs. Runtime args: src_addr, first output stick, number of output sticks."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.reduction import reduce_lib as R


def kernel_main():
    (N, IH, IW, OH, OW, KH, KW, SH, SW, PT, PL, DH, DW, C, in_stick, ntiles_c, max_tiles, chunks, max_rows,
     init_bits, scaler_bits, per_stick, count_include_pad, PB, PR) = (get_compile_time_arg_val(i) for i in range(25))
    src_addr = get_arg_val(0)
    start = get_arg_val(1)
    count = get_arg_val(2)
    s = TensorAccessor(TensorAccessorArgs(25), src_addr, in_stick)
    if not per_stick:       # one_scalar_per_core: the scaler tile once, for the whole run
        scaler = float(np.uint32(scaler_bits).view(np.float32))
        R.prepare_reduce_scaler(CBIndex.c_2, REDUCE_OP, ReduceDim.REDUCE_COL, scaler, compute_uses_reduce_tile=True)
    nblocks = -(-ntiles_c // max_tiles)
    window = KH * KW
    for o in range(start, start + count):
        n, rem = divmod(o, OH * OW)
        oh, ow = divmod(rem, OW)
        if per_stick:
            # pool_multi_core_program_factory.cpp get_bf16_avg_pool_config_scalars (tt-metal's reader takes it from
            # the scalar config tensor): 1/area of the window, ceil padding excluded, normal padding only with
            # count_include_pad; float32, truncated to bfloat16 by the scaler fill; 0 for an empty window
            h0, w0 = oh * SH - PT, ow * SW - PL
            h1, w1 = min(h0 + KH, IH + PB), min(w0 + KW, IW + PR)
            if count_include_pad:
                area = (h1 - h0) * (w1 - w0)
            else:
                eh, ew = min(h1, IH) - max(h0, 0), min(w1, IW) - max(w0, 0)
                area = eh * ew if eh > 0 and ew > 0 else 0
            value = float(np.float32(1.0) / np.float32(area)) if area > 0 else 0.0
            R.prepare_reduce_scaler(CBIndex.c_2, REDUCE_OP, ReduceDim.REDUCE_COL, value, compute_uses_reduce_tile=True)
        # the window's input sticks (-1: padding), in row-major window order as the halo'd shard holds them
        ids = []
        for kh in range(KH):
            ih = oh * SH + kh * DH - PT
            for kw in range(KW):
                iw = ow * SW + kw * DW - PL
                ids.append(n * IH * IW + ih * IW + iw if 0 <= ih < IH and 0 <= iw < IW else -1)
        for b in range(nblocks):
            nt = min(max_tiles, ntiles_c - b * max_tiles)
            c0 = b * max_tiles * 32
            width = min(nt * 32, C - c0) * 2            # the bytes of this block's channels in a stick
            row_bytes = nt * 64
            for k in range(chunks):
                cb_reserve_back(CBIndex.c_0, max_tiles)     # a whole block's pages (compute_pool_2d.py)
                addr = get_write_ptr(CBIndex.c_0)
                w = l1_ptr(addr, np.uint16, nt * 1024)
                w[:] = init_bits
                for r, sid in enumerate(ids[k * max_rows:min(window, (k + 1) * max_rows)]):
                    if sid >= 0:
                        noc_async_read(get_noc_addr(sid, s) + c0 * 2, addr + r * row_bytes, width)
                noc_async_read_barrier()
                cb_push_back(CBIndex.c_0, max_tiles)
