"""Reader of ttnn's softmax over the last dim of a rank > 4 tensor (SoftmaxProgramFactoryGeneralWSmall): the MAX and
SUM scaler tiles for REDUCE_ROW (c_2, c_3), the mask of the last tile column (c_1: columns left of mask_w are 1.0),
then for each of this core's N tile rows its Wt tiles (consecutive pages from tile_offset) into c_0 at once.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/moreh/moreh_softmax/device/kernels/reader_moreh_softmax_w.cpp.
Compile-time args: is_fp32, then the input's TensorAccessorArgs. Runtime args: src_addr, N, tile_offset, Wt,
mask_w."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.normalization.moreh_softmax_common import generate_mask_w
from tensix.ttnn.kernels.reduction import reduce_lib as R


def kernel_main():
    src_addr = get_arg_val(0)
    N = get_arg_val(1)
    tile_offset = get_arg_val(2)
    Wt = get_arg_val(3)
    mask_w = get_arg_val(4)
    cb_in, cb_mask, cb_max_scaler, cb_sum_scaler = CBIndex.c_0, CBIndex.c_1, CBIndex.c_2, CBIndex.c_3
    tile_bytes = get_tile_size(cb_in)
    is_fp32 = get_compile_time_arg_val(0) == 1
    src = TensorAccessor(TensorAccessorArgs(1), src_addr, tile_bytes)
    R.calculate_and_prepare_reduce_scaler(cb_max_scaler, PoolType.MAX, ReduceDim.REDUCE_ROW)
    R.calculate_and_prepare_reduce_scaler(cb_sum_scaler, PoolType.SUM, ReduceDim.REDUCE_ROW)
    generate_mask_w(cb_mask, mask_w, is_fp32)
    curr_tile = tile_offset
    for _i in range(N):
        cb_reserve_back(cb_in, Wt)
        wp = get_write_ptr(cb_in)
        for w in range(Wt):
            noc_async_read_tile(curr_tile, src, wp + w * tile_bytes)
            curr_tile += 1
        noc_async_read_barrier()
        cb_push_back(cb_in, Wt)
