"""Writer of ttnn's scaled_dot_product_attention (SDPAProgramFactory): first the reduce scaler tile (1.0, for the
row max), the column identity tile (bf16 1.0 in column 0, for the matmul that sums the partial row sums) and, for
a lightweight mask, its template tiles (-inf, causal diagonal or sliding-window edges, partial-K column); then per Q
chunk of this core's range the output chunk's valid tile rows.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/transformer/sdpa/device/kernels/dataflow/writer_interleaved.cpp for
the standard path (non-streaming drain: write_block), with the legacy generated masks of the non-lightweight path
(Bfp4_b blocks per Q chunk: the causal sliding-window blocks, or the padded block of a non-causal call without a
mask), and the streaming path's pieces: the lightweight palette with the sliding-window edge tiles and the partial-K
column tile, and the row-grouped drain of the two-group cb_out. Not ported: the chunk-start tensor."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.errors import NotModelledError
from tensix.ttnn.kernels.reduction import reduce_lib as R
from tensix.ttnn.kernels.sdpa import dataflow_common as DC


def kernel_main():
    a = [get_compile_time_arg_val(i) for i in range(25)]
    (B, NQH, NKH, Sqt, valid_Sqt, unpadded_Sk, DHt, vDHt, Sq_chunk_t, q_num_chunks, Sk_chunk_t, k_num_chunks,
     identity_scalar_packed, scale_val, num_cores) = a[:15]
    is_causal, use_provided_mask, use_padded_mask, is_chunked = a[15] == 1, a[16] == 1, a[17] == 1, a[18] == 1
    sliding_window_size, use_lightweight_mask, use_streaming = a[19], a[20] == 1, a[21] == 1
    use_zigzag = a[24] == 1
    out_args = TensorAccessorArgs(25)
    cbo = out_args.next_compile_time_args_offset()
    cb_mask_in, cb_identity_scale_in, cb_col_identity, _cb_csi, cb_out = (get_compile_time_arg_val(cbo + i)
                                                                         for i in range(5))
    out_addr = get_arg_val(0)
    num_phases = get_arg_val(2)
    global_q_start, global_q_count = get_arg_val(8), get_arg_val(9)
    legacy_mask = not use_provided_mask and not use_lightweight_mask and (
        is_causal or sliding_window_size > 0 or use_padded_mask)
    out_subblock_h, k_partial_col = a[22], a[23]
    if get_arg_val(3) or num_phases != 1:
        raise NotModelledError("writer_interleaved.cpp: a chunk-start tensor (flexible chunked mode) or two phases are "
                               "not ported.")
    tile_bytes = get_tile_size(cb_out)
    out_writer = TensorAccessor(out_args, out_addr, tile_bytes)
    out_shape = (B, NQH, valid_Sqt, vDHt)
    barrier_threshold = DC.get_barrier_read_threshold(tile_bytes, num_cores)
    R.calculate_and_prepare_reduce_scaler(cb_identity_scale_in, PoolType.MAX, ReduceDim.REDUCE_ROW,
                                          compute_uses_reduce_tile=True)
    # generate_bcast_col_scalar: the bf16 of the packed identity in column 0 of faces 0 and 2 (the rest of the page
    # is not written)
    cb_reserve_back(cb_col_identity, 1)
    p = l1_ptr(get_write_ptr(cb_col_identity), np.uint16, 1024)
    for k in (0, 2):
        p[k * 256:(k + 1) * 256:16] = identity_scalar_packed >> 16
    cb_push_back(cb_col_identity, 1)
    if use_lightweight_mask:
        # causal calls handle a partial K tile with the causal stamp: no partial tile then
        DC.generate_lightweight_mask_tiles(cb_mask_in, is_causal, 0 if is_causal else k_partial_col,
                                           sliding_window_size)
    out_chunk_tiles = Sq_chunk_t * vDHt
    for gq in range(global_q_count):
        nb, nq, q_chunk = DC.decompose_global_q_index(global_q_start + gq, q_num_chunks, NQH, use_zigzag)
        if legacy_mask:
            DC.generate_mask(cb_mask_in, Sq_chunk_t, Sk_chunk_t, q_chunk, unpadded_Sk, is_causal, sliding_window_size,
                             use_padded_mask)
        row_start = min(q_chunk * Sq_chunk_t, valid_Sqt)
        row_end = min(row_start + Sq_chunk_t, valid_Sqt)
        out_tile_id = DC.tile_id_of(out_shape, nb, nq, row_start, 0)
        if use_streaming:       # compute pushes all Sq_chunk_t rows, one row group at a time
            DC.write_block_row_grouped(out_writer, cb_out, Sq_chunk_t, row_end - row_start, vDHt, out_tile_id,
                                       tile_bytes, out_subblock_h, barrier_threshold)
        else:
            DC.write_block(out_writer, cb_out, out_chunk_tiles, row_end - row_start, vDHt, out_tile_id, tile_bytes,
                           barrier_threshold)
