"""Reader of ttnn.repeat's higher-dim program (RepeatProgramFactoryHigherDim, ROW_MAJOR interleaved) over the input
seen as [higher, rep, lower, row]: for each page (h, r, l) of this core's share (a range of h, or of l), the row is
read into c_0 at the source's offset within 64 (DRAM) / 16 (L1) bytes and written to the repetitions' pages
(h, n * rep + r, l), through c_1 at the destination's offset within 16 bytes when the offsets differ.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/repeat/device/kernels/
repeat_higher_dim_rm_interleaved.cpp. Compile-time args: original_page_size_bytes, cb_in0, cb_in1, LOWER_DIMS,
REP_DIM, then the input's and the output's TensorAccessorArgs. Runtime args: src_addr, dst_addr, higher_dim_start,
higher_dim_end, lower_dim_start, lower_dim_end, repetitions, nop."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import tt_memmove


def align_address(address, req):
    """align_address<req>(address, mask): rounded down to req, then req added (always past the start)."""
    return (address & ~(req - 1)) + req


def kernel_main():
    src_addr, dst_addr, h0, h1, l0, l1, reps, nop = (get_arg_val(i) for i in range(8))
    page_bytes = get_compile_time_arg_val(0)
    cb_in0, cb_in1 = get_compile_time_arg_val(1), get_compile_time_arg_val(2)
    lower, rep_dim = get_compile_time_arg_val(3), get_compile_time_arg_val(4)
    src_args = TensorAccessorArgs(5)
    dst_args = TensorAccessorArgs(src_args.next_compile_time_args_offset())
    if nop == 1:
        return
    s = TensorAccessor(src_args, src_addr, page_bytes)
    d = TensorAccessor(dst_args, dst_addr, page_bytes)
    cb_reserve_back(cb_in0, 1)
    cb_reserve_back(cb_in1, 1)
    input_buffer = get_write_ptr(cb_in0)
    alignment_buffer = get_write_ptr(cb_in1)
    cb_push_back(cb_in1, 1)
    cb_push_back(cb_in0, 1)
    r_align = 64 if src_args.is_dram else 16
    alignment_buffer = align_address(alignment_buffer, 16)
    input_buffer = align_address(input_buffer, r_align)
    lower_rep = lower * rep_dim
    for h in range(h0, h1):
        h_off = h * lower_rep
        h_off_rep = h_off * reps
        for r in range(rep_dim):
            r_off = r * lower
            for lo in range(l0, l1):
                read_offset = h_off + r_off + lo
                src_noc = s.get_noc_addr(read_offset, 0)
                data_location = input_buffer + (src_noc & (r_align - 1))
                noc_async_read(src_noc, data_location, page_bytes)
                noc_async_read_barrier()
                for n in range(reps):
                    write_offset = h_off_rep + n * lower_rep + r_off + lo
                    dst_noc = d.get_noc_addr(write_offset, 0)
                    if (data_location & 15) != (dst_noc & 15):
                        tt_memmove(alignment_buffer + (dst_noc & 15), data_location, page_bytes,
                                   use_read_datamover=False)
                        data_location = alignment_buffer + (dst_noc & 15)
                    noc_async_write(data_location, dst_noc, page_bytes)
                noc_async_write_barrier()
