"""Reader of ttnn's softmax down the tile columns when a column does not fit in L1 (SoftmaxProgramFactoryGeneralHLarge):
the MAX and SUM scaler tiles for REDUCE_COL (c_2, c_3), the mask of the last tile row (c_1: rows before mask_h are
1.0), then for each of this core's N tile columns its Ht tiles (page nc * Ht * Wt + w, then + Wt per tile row) three
times (for the max, the sum, the result), one tile at a time into c_0, each read waited for before it is pushed.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/moreh/moreh_softmax/device/kernels/reader_moreh_softmax_h_large.cpp.
Compile-time args: is_fp32, then the input's TensorAccessorArgs. Runtime args: src_addr, N, tile_offset, Ht, Wt,
mask_h."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.normalization.moreh_lib import generate_mask_h
from tensix.ttnn.kernels.reduction import reduce_lib as R


def kernel_main():
    src_addr = get_arg_val(0)
    N = get_arg_val(1)
    tile_offset = get_arg_val(2)
    Ht = get_arg_val(3)
    Wt = get_arg_val(4)
    mask_h = get_arg_val(5)
    cb_in, cb_mask, cb_max_scaler, cb_sum_scaler = CBIndex.c_0, CBIndex.c_1, CBIndex.c_2, CBIndex.c_3
    is_fp32 = get_compile_time_arg_val(0) == 1
    R.calculate_and_prepare_reduce_scaler(cb_max_scaler, PoolType.MAX, ReduceDim.REDUCE_COL)
    R.calculate_and_prepare_reduce_scaler(cb_sum_scaler, PoolType.SUM, ReduceDim.REDUCE_COL)
    generate_mask_h(cb_mask, mask_h, is_fp32)
    tile_bytes = get_tile_size(cb_in)
    src = TensorAccessor(TensorAccessorArgs(1), src_addr, tile_bytes)
    curr_tile = tile_offset
    for _i in range(N):
        for _pass in range(3):
            w_idx = curr_tile % Wt
            nc_idx = curr_tile // Wt
            tile_idx = nc_idx * Ht * Wt + w_idx
            for _h in range(Ht):
                cb_reserve_back(cb_in, 1)
                noc_async_read_tile(tile_idx, src, get_write_ptr(cb_in))
                noc_async_read_barrier()
                cb_push_back(cb_in, 1)
                tile_idx += Wt
        curr_tile += 1
