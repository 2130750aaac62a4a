"""Reader of ttnn's softmax over dim -2 (SoftmaxProgramFactoryGeneralHSmall): the MAX and SUM scaler tiles for
REDUCE_COL (c_2, c_3), the mask of the last tile row (c_1: rows below mask_h are 1.0), then for each of this core's
N tile columns its Ht tiles (one column of the tensor: page nc * Ht * Wt + w, then + Wt per tile row) into c_0.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/moreh/moreh_softmax/device/kernels/reader_moreh_softmax_h.cpp.
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
    tile_bytes = get_tile_size(cb_in)
    is_fp32 = get_compile_time_arg_val(0) == 1
    src = TensorAccessor(TensorAccessorArgs(1), src_addr, tile_bytes)
    R.calculate_and_prepare_reduce_scaler(cb_max_scaler, PoolType.MAX, ReduceDim.REDUCE_COL)
    R.calculate_and_prepare_reduce_scaler(cb_sum_scaler, PoolType.SUM, ReduceDim.REDUCE_COL)
    generate_mask_h(cb_mask, mask_h, is_fp32)
    curr_tile = tile_offset
    for _i in range(N):
        w_idx = curr_tile % Wt
        nc_idx = curr_tile // Wt
        tile_idx = nc_idx * Ht * Wt + w_idx
        cb_reserve_back(cb_in, Ht)
        wp = get_write_ptr(cb_in)
        for h in range(Ht):
            noc_async_read_tile(tile_idx, src, wp + h * tile_bytes)
            tile_idx += Wt
        noc_async_read_barrier()
        cb_push_back(cb_in, Ht)
        curr_tile += 1
