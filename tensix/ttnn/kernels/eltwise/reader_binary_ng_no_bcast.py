"""Reader of ttnn's binary_ng ops without subtile broadcast: both inputs' tiles, one at a time, into c_0 and c_1.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/binary_ng/device/kernels_ng/dataflow/
reader_interleaved_no_bcast.cpp (interleaved inputs). The output's tiles are walked in order from start_tile_id;
each output tile (outer index o, tile r of its Ht x Wt face) reads tile r of each input's outer slice, where an
input's outer slice index comes from its outer strides (0 along a dimension it broadcasts, as the C++ kernel's
nD/d/n/c strides).

Runtime args: src_a, src_b, start_tile_id, num_tiles, HtWt, rank_outer, then rank_outer outer dims (outermost
first), then the a strides and the b strides (in slices)."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    src_a = get_arg_val(0)
    src_b = get_arg_val(1)
    start = get_arg_val(2)
    n = get_arg_val(3)
    ht_wt = get_arg_val(4)
    rank = get_arg_val(5)
    dims = [get_arg_val(6 + i) for i in range(rank)]
    sa = [get_arg_val(6 + rank + i) for i in range(rank)]
    sb = [get_arg_val(6 + 2 * rank + i) for i in range(rank)]
    cb_a, cb_b = CBIndex.c_0, CBIndex.c_1
    args_a = TensorAccessorArgs(0)
    args_b = TensorAccessorArgs(args_a.next_compile_time_args_offset())
    a = TensorAccessor(args_a, src_a, get_tile_size(cb_a))
    b = TensorAccessor(args_b, src_b, get_tile_size(cb_b))
    for t in range(start, start + n):
        o, r = divmod(t, ht_wt)
        ia = ib = 0
        for k in range(rank - 1, -1, -1):      # the outer index's digits, innermost first
            o, d = divmod(o, dims[k])
            ia += d * sa[k]
            ib += d * sb[k]
        cb_reserve_back(cb_a, 1)
        noc_async_read_tile(ia * ht_wt + r, a, get_write_ptr(cb_a))
        cb_reserve_back(cb_b, 1)
        noc_async_read_tile(ib * ht_wt + r, b, get_write_ptr(cb_b))
        noc_async_read_barrier()
        cb_push_back(cb_a, 1)
        cb_push_back(cb_b, 1)
