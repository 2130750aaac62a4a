"""Kernel of ttnn.reshape for row-major tensors (ReshapeViewRMProgramFactory), run on one or two RISC-Vs of each core:
reads input rows (pages) read_start_page .. read_end_page - 1 (from a 64-byte aligned address in DRAM, 16 in L1,
when the row is not aligned) and writes their bytes to the output rows from write_start_page on, directly from the
read buffer when both row sizes are multiples of 16 bytes, else through the CB of ct arg 3 (a memmove to the output
row's offset within 16 bytes, then whole output rows).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/reshape_view/device/device/rm_reshape_interleaved.cpp
(the C++ returns early after writing end_to_write bytes when its last input row ends inside an output row, leaving
that last piece unwritten; the factory never makes such a split). Compile-time args: src_aligned_to_64,
src_aligned_to_16, cb_id_in0, cb_id_in1, source_page_size_bytes, dest_page_size_bytes, the source's and the
output's TensorAccessorArgs, then (tensix) the source's and the output's page sizes. Runtime args: src_addr,
dst_addr, source_read_size_bytes, read_start_page, read_end_page, write_start_page, write_start_offset, nop."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import tt_memmove


def kernel_main():
    nop = get_arg_val(7)
    if nop == 1:
        return
    src_addr = get_arg_val(0)
    dst_addr = get_arg_val(1)
    source_read_size_bytes = get_arg_val(2)
    read_start_page = get_arg_val(3)
    read_end_page = get_arg_val(4)
    write_start_page = get_arg_val(5)
    write_start_offset = get_arg_val(6)
    src_aligned_to_64 = get_compile_time_arg_val(0) == 1
    src_aligned_to_16 = get_compile_time_arg_val(1) == 1
    cb_id_in0 = get_compile_time_arg_val(2)
    cb_id_in1 = get_compile_time_arg_val(3)
    source_page_size_bytes = get_compile_time_arg_val(4)
    dest_page_size_bytes = get_compile_time_arg_val(5)
    src_args = TensorAccessorArgs(6)
    dst_args = TensorAccessorArgs(src_args.next_compile_time_args_offset())
    s = TensorAccessor(src_args, src_addr, get_compile_time_arg_val(8))
    d = TensorAccessor(dst_args, dst_addr, get_compile_time_arg_val(9))

    writable = dest_page_size_bytes - write_start_offset
    cb_reserve_back(cb_id_in0, 1)
    cb_reserve_back(cb_id_in1, 1)
    source_buffer = get_write_ptr(cb_id_in0)
    dest_buffer = get_write_ptr(cb_id_in1)
    cb_push_back(cb_id_in1, 1)
    cb_push_back(cb_id_in0, 1)
    write_page = write_start_page
    dst_noc_addr = get_noc_addr(write_page, d)
    write_offset = (dst_noc_addr & 15) + write_start_offset
    begin_write_offset = write_offset
    can_be_clean = source_page_size_bytes % 16 == 0 and dest_page_size_bytes % 16 == 0
    dst_off = 0
    end_to_write = 0
    for i in range(read_start_page, read_end_page):
        src_noc_addr = get_noc_addr(i, s, 0)
        if src_aligned_to_64 or ((not src_args.is_dram) and src_aligned_to_16):
            noc_async_read(src_noc_addr, source_buffer, source_page_size_bytes)
            read_offset = 0
        elif src_args.is_dram:
            noc_async_read(src_noc_addr & ~63, source_buffer, source_read_size_bytes)
            read_offset = src_noc_addr & 63
        else:
            noc_async_read(src_noc_addr & ~15, source_buffer, source_read_size_bytes)
            read_offset = src_noc_addr & 15
        readable = source_page_size_bytes
        noc_async_read_barrier()
        while readable > 0:
            noc_async_write_barrier()
            if readable < writable:
                if can_be_clean:
                    noc_async_write(source_buffer + read_offset, dst_noc_addr + dst_off, readable)
                    dst_off += readable
                else:
                    tt_memmove(dest_buffer + write_offset, source_buffer + read_offset, readable, copy_async=True,
                               use_read_datamover=False)
                    if i == read_end_page - 1:
                        noc_async_write(dest_buffer + begin_write_offset, dst_noc_addr, end_to_write)
                        noc_async_write_barrier()
                        return
                    write_offset += readable
                    end_to_write += readable
                writable -= readable
                readable = 0
            elif readable == writable:
                if can_be_clean:
                    noc_async_write(source_buffer + read_offset, dst_noc_addr + dst_off, readable)
                else:
                    tt_memmove(dest_buffer + write_offset, source_buffer + read_offset, readable,
                               use_read_datamover=False)
                    noc_async_write(dest_buffer + begin_write_offset, dst_noc_addr, dest_page_size_bytes)
                dst_off = 0
                writable = dest_page_size_bytes
                readable = 0
                if i == read_end_page - 1:
                    noc_async_write_barrier()
                    return
                write_page += 1
                dst_noc_addr = get_noc_addr(write_page, d)
                if not can_be_clean:
                    end_to_write = 0
                    write_offset = dst_noc_addr & 15
                    begin_write_offset = write_offset
            else:
                if can_be_clean:
                    noc_async_write(source_buffer + read_offset, dst_noc_addr + dst_off, writable)
                else:
                    tt_memmove(dest_buffer + write_offset, source_buffer + read_offset, writable,
                               use_read_datamover=False)
                    noc_async_write(dest_buffer + begin_write_offset, dst_noc_addr, dest_page_size_bytes)
                readable -= writable
                read_offset += writable
                write_page += 1
                dst_off = 0
                dst_noc_addr = get_noc_addr(write_page, d)
                if not can_be_clean:
                    end_to_write = 0
                    write_offset = dst_noc_addr & 15
                    begin_write_offset = write_offset
                writable = dest_page_size_bytes
    noc_async_write_barrier()
