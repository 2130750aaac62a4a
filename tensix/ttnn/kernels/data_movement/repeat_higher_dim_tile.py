"""Reader of ttnn.repeat's tile-native program (RepeatProgramFactoryHigherDim with a tile page size): the input's
tiles seen as [higher, rep_dim, lower] pages; each tile (h, r, l) of this core's share is read into c_0 and written to
the repetitions' tiles (h, n * rep_dim + r, l).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/repeat/device/kernels/repeat_higher_dim_tile.cpp.
Compile-time args: tile_page_size_bytes, cb_in0, LOWER_DIMS, REP_DIM, then the input's and the output's
TensorAccessorArgs. Runtime args: src_addr, dst_addr, higher_dim_start, higher_dim_end, lower_dim_start,
lower_dim_end, repetitions, nop."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    src_addr, dst_addr, h0, h1, l0, l1, reps, nop = (get_arg_val(i) for i in range(8))
    page_bytes = get_compile_time_arg_val(0)
    cb_in0 = get_compile_time_arg_val(1)
    lower, rep_dim = get_compile_time_arg_val(2), get_compile_time_arg_val(3)
    src_args = TensorAccessorArgs(4)
    dst_args = TensorAccessorArgs(src_args.next_compile_time_args_offset())
    if nop == 1:
        return
    s = TensorAccessor(src_args, src_addr, page_bytes)
    d = TensorAccessor(dst_args, dst_addr, page_bytes)
    cb_reserve_back(cb_in0, 1)
    slot = get_write_ptr(cb_in0)
    cb_push_back(cb_in0, 1)
    lower_rep = lower * rep_dim
    for h in range(h0, h1):
        h_off = h * lower_rep
        h_off_rep = h_off * reps
        for r in range(rep_dim):
            r_off = r * lower
            for lo in range(l0, l1):
                noc_async_read(s.get_noc_addr(h_off + r_off + lo, 0), slot, page_bytes)
                noc_async_read_barrier()
                for n in range(reps):
                    noc_async_write(slot, d.get_noc_addr(h_off_rep + n * lower_rep + r_off + lo, 0), page_bytes)
                noc_async_write_barrier()
