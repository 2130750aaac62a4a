"""Reader of ttnn's reduce H program: the scaler tile into c_2, then this core's num_cols tile columns, read in
N, W_skip, H, W_chunk order (DEST_AUTO_LIMIT columns interleaved per chunk, each chunk's tiles row by row), so that
the compute kernel reduces a chunk of columns in one Dst section.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/generic/device/kernels/dataflow/
reader_unary_transpose_wh_universal_input_cols_partitioned.cpp (use_welford = 0). Compile-time args: Ht, Wt, HtWt,
scaler bits, use_welford, then the input's TensorAccessorArgs. Runtime args: src_addr, col_start_tile_id,
curr_col_in_batch, num_cols. Defines: REDUCE_OP, REDUCE_DIM, ENABLE_FP32_DEST_ACC, DST_SYNC_FULL."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.reduction import reduce_lib as R


def kernel_main():
    src_addr = get_arg_val(0)
    col_start_tile_id = get_arg_val(1)
    curr_col_in_batch = get_arg_val(2)
    num_cols = get_arg_val(3)
    Ht = get_compile_time_arg_val(0)
    Wt = get_compile_time_arg_val(1)
    scaler_bits = get_compile_time_arg_val(3)
    use_welford = get_compile_time_arg_val(4) != 0
    cb_id_in0 = CBIndex.c_0
    row_chunk = 1 if use_welford else R.dest_auto_limit(ENABLE_FP32_DEST_ACC == 1, DST_SYNC_FULL == 1)
    tile_bytes = get_tile_size(cb_id_in0)
    cb_id_in2 = CBIndex.c_2
    scaler_f = float(np.uint32(scaler_bits).view(np.float32))
    R.prepare_reduce_scaler(cb_id_in2, REDUCE_OP, REDUCE_DIM, scaler_f)
    s = TensorAccessor(TensorAccessorArgs(5), src_addr, tile_bytes)

    w = curr_col_in_batch
    for i in range(0, num_cols, row_chunk):
        chunk_end = min(i + row_chunk, num_cols)
        curr_id = col_start_tile_id
        reset_curr_id = curr_id
        reset_w = w
        reset_col_start = col_start_tile_id
        for j in range(Ht):
            w = reset_w
            col_start_tile_id = reset_col_start
            for _k in range(i, chunk_end):
                cb_reserve_back(cb_id_in0, 1)
                noc_async_read_tile(curr_id, s, get_write_ptr(cb_id_in0))
                noc_async_read_barrier()
                cb_push_back(cb_id_in0, 1)
                w += 1
                if w == Wt:
                    col_start_tile_id = curr_id + (Ht - j - 1) * Wt + 1
                    curr_id = col_start_tile_id + j * Wt
                    w = 0
                else:
                    curr_id += 1
                    col_start_tile_id += 1
            curr_id = reset_curr_id + (j + 1) * Wt
