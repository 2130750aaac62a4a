"""Reader of ttnn.repeat's last-dim program (RepeatProgramFactoryLastDim, ROW_MAJOR interleaved): for each of this
core's rows, the row is read into c_0 at the source's offset within 64 (DRAM) / 16 (L1) bytes, doubled in place until
its size is a multiple of 16 bytes (RISC-V memmoves: at most four doublings), moved into c_1 at the destination's
offset within 16 bytes when the two offsets differ, and written num_repeats times (in chunks of the doubled row) into
the output row.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/repeat/device/kernels/repeat_last_dim_rm_interleaved.cpp
(tt_memmove<false, false, false, ...> and align_address from data_movement/common/kernels/common.hpp).
Compile-time args: original_page_size_bytes, num_repeats, cb_in0, cb_in1, then the input's and the output's
TensorAccessorArgs. Runtime args: src_addr, dst_addr, page_start, page_end, nop."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import tt_memmove


def align_address(address, req):
    """align_address<req>(address, mask): rounded down to req, then req added (always past the start)."""
    return (address & ~(req - 1)) + req


def kernel_main():
    src_addr, dst_addr, page_start, page_end, nop = (get_arg_val(i) for i in range(5))
    page_bytes = get_compile_time_arg_val(0)
    num_repeats = get_compile_time_arg_val(1)
    cb_in0, cb_in1 = get_compile_time_arg_val(2), get_compile_time_arg_val(3)
    src_args = TensorAccessorArgs(4)
    dst_args = TensorAccessorArgs(src_args.next_compile_time_args_offset())
    dest_page_bytes = page_bytes * num_repeats
    if nop == 1:
        return
    s = TensorAccessor(src_args, src_addr, page_bytes)
    d = TensorAccessor(dst_args, dst_addr, dest_page_bytes)
    num_doublings = next((k for k, m in enumerate((16, 8, 4, 2)) if page_bytes % m == 0), 4)

    cb_reserve_back(cb_in0, 1)
    cb_reserve_back(cb_in1, 1)
    input_buffer = get_write_ptr(cb_in0)
    alignment_buffer = get_write_ptr(cb_in1)
    cb_push_back(cb_in1, 1)
    cb_push_back(cb_in0, 1)
    r_align = 64 if src_args.is_dram else 16
    alignment_buffer = align_address(alignment_buffer, 16)
    input_buffer = align_address(input_buffer, r_align)

    for i in range(page_start, page_end):
        src_noc = s.get_noc_addr(i, 0)
        dst_noc = d.get_noc_addr(i, 0)
        data_location = input_buffer + (src_noc & (r_align - 1))
        noc_async_read(src_noc, data_location, page_bytes)
        noc_async_read_barrier()
        cur = page_bytes
        target = page_bytes
        for _ in range(num_doublings):
            tt_memmove(data_location + target, data_location, cur, use_read_datamover=False)
            target += cur
            cur *= 2
        if (data_location & 15) != (dst_noc & 15):
            tt_memmove(alignment_buffer + (dst_noc & 15), data_location, cur, use_read_datamover=False)
            data_location = alignment_buffer + (dst_noc & 15)
        written = 0
        while written < dest_page_bytes:
            to_write = min(cur, dest_page_bytes - written)
            noc_async_write(data_location, d.get_noc_addr(i, written), to_write)
            written += to_write
        noc_async_write_barrier()
