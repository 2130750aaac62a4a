"""Reader of ttnn's reduce H program on a WIDTH_SHARDED input (and output): the scaler tile into c_2, then this core's
shard (c_1, a CB over the input's buffer) tile by tile into c_0, in N, W_skip, H, W_chunk order (DEST_AUTO_LIMIT
columns interleaved per chunk, each chunk's tiles row by row), the order the compute kernel reduces them in. The
tiles are read with NoC reads of this core's own L1.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/generic/device/kernels/dataflow/
reader_unary_transpose_wh_interleaved_input_cols_partitioned_sharded.cpp (FPU path: row_chunk = DEST_AUTO_LIMIT).
Compile-time args: cb_in0, cb_in1, cb_in2, scaler bits. Runtime args: num_tiles, Wt (the shard's width in tiles), Ht,
batch (NC), row_size_bytes, batch_size_bytes. Defines: REDUCE_OP, REDUCE_DIM, REDUCE_SCALER, ENABLE_FP32_DEST_ACC,
DST_SYNC_FULL."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.reduction import reduce_lib as R


def kernel_main():
    num_tiles = get_arg_val(0)
    Wt = get_arg_val(1)
    Ht = get_arg_val(2)
    batch = get_arg_val(3)
    row_size_bytes = get_arg_val(4)
    batch_size_bytes = get_arg_val(5)
    cb_in0 = get_compile_time_arg_val(0)
    cb_in1 = get_compile_time_arg_val(1)
    cb_in2 = get_compile_time_arg_val(2)
    scaler_bits = get_compile_time_arg_val(3)
    R.prepare_reduce_scaler(cb_in2, REDUCE_OP, REDUCE_DIM, float(np.uint32(scaler_bits).view(np.float32)))
    row_chunk = R.dest_auto_limit(ENABLE_FP32_DEST_ACC == 1, DST_SYNC_FULL == 1)
    tile_bytes = get_tile_size(cb_in0)
    cb_reserve_back(cb_in1, num_tiles)
    base = get_write_ptr(cb_in1)
    for _b in range(batch):
        for i in range(0, Wt, row_chunk):
            chunk_end = min(i + row_chunk, Wt)
            for j in range(Ht):
                row = base + j * row_size_bytes
                for k in range(i, chunk_end):
                    cb_reserve_back(cb_in0, 1)
                    noc_async_read(get_noc_addr(row + k * tile_bytes), get_write_ptr(cb_in0), tile_bytes)
                    noc_async_read_barrier()
                    cb_push_back(cb_in0, 1)
        base += batch_size_bytes
