"""Reader of ttnn.pad for row-major tensors (PadRmReaderWriterMultiCoreDefaultProgramFactory): for each output row of
this core, the row in c_0 is first filled with the pad value (a NoC read from the pad row in c_1), then, if the row
lies inside the input (h, c, n between the front padding and the input's extent), the input row read over it: to its
start, or through c_2 (front padding: read there, then moved to the front offset by the RISC-V; rows whose aligned
size is not DRAM-aligned: read there, then a local NoC read).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/pad/device/kernels/dataflow/
reader_pad_dims_rm_interleaved_v2.cpp, interleaved input (one page per row), with its fill of the pad row: num_bytes / 2
32-bit words, twice the row (the excess lands in the CBs after c_1, as on the card). Compile-time args: N + front_n,
H + front_h, C + front_c, stick_size, N_padded, H_padded, C_padded, stick_size_padded, stick_size_padded_front,
stick_size_padded_end, num_zero_pad_sticks_read, last_zero_stick_size, not_pad_by_zero, packed_pad_value,
row_major_min_bytes, front / end / padded size in 16-byte units, stick_size_padded_aligned, unaligned,
num_input_pages_in_row, input_page_size, size_of_valid_data_in_last_input_page_in_row, the source's
TensorAccessorArgs. Runtime args: src_addr, num_sticks_per_core, num_sticks_per_barrier, start_page_id, front_pad_n,
front_pad_c, front_pad_h, start_dim_offset[4] (0, h, c, n)."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import fill_with_val


def kernel_main():
    src_addr = get_arg_val(0)
    num_sticks = get_arg_val(1)
    per_barrier = get_arg_val(2)
    i_page = get_arg_val(3)
    front_n, front_c, front_h = get_arg_val(4), get_arg_val(5), get_arg_val(6)
    curr_h, curr_c, curr_n = get_arg_val(8), get_arg_val(9), get_arg_val(10)
    ct = [get_compile_time_arg_val(i) for i in range(23)]
    N, H, C, stick_size = ct[0], ct[1], ct[2], ct[3]
    H_padded, C_padded, stick_padded, front_bytes = ct[5], ct[6], ct[7], ct[8]
    not_pad_by_zero, packed = ct[12] == 1, ct[13]
    stick_aligned, unaligned = ct[18], ct[19] == 1
    n_in_pages, in_page, last_valid = ct[20], ct[21], ct[22]
    s = TensorAccessor(TensorAccessorArgs(23), src_addr, in_page)
    pad_val = packed if not_pad_by_zero else 0
    cb_in0, cb_pad, cb_pad_align = 0, 1, 2
    pad_addr = get_read_ptr(cb_pad)
    align_addr = get_read_ptr(cb_pad_align) if (front_bytes or unaligned) else 0
    fill_with_val(get_write_ptr(cb_pad), stick_padded // 2, pad_val)

    def read_row(l1):
        nonlocal i_page
        for p in range(n_in_pages - 1):
            noc_async_read(get_noc_addr(i_page + p, s), l1, in_page)
            l1 += in_page
        noc_async_read(get_noc_addr(i_page + n_in_pages - 1, s), l1, last_valid)
        i_page += n_in_pages

    it = 0
    while it < num_sticks:
        cb_reserve_back(cb_in0, per_barrier)
        l1 = get_write_ptr(cb_in0)
        i = 0
        while i < per_barrier and it < num_sticks:
            inside = front_h <= curr_h < H and front_c <= curr_c < C and front_n <= curr_n < N
            noc_async_read(get_noc_addr(pad_addr), l1, stick_padded)
            noc_async_read_barrier()
            if inside:
                if front_bytes:
                    read_row(get_write_ptr(cb_pad_align))
                    noc_async_read_barrier()
                    _riscv_memmove(l1 + front_bytes, align_addr, stick_size)
                elif unaligned:
                    read_row(get_write_ptr(cb_pad_align))
                    noc_async_read_barrier()
                    noc_async_read(get_noc_addr(align_addr), l1, stick_size)
                else:
                    read_row(l1)
            l1 += stick_aligned
            curr_h += 1
            if curr_h == H_padded:
                curr_c += 1
                curr_h = 0
                if curr_c == C_padded:
                    curr_n += 1
                    curr_c = 0
            i += 1
            it += 1
        noc_async_read_barrier()
        cb_push_back(cb_in0, per_barrier)


def _riscv_memmove(dst, src, n):
    """memmove on the RISC-V (not charged: tensix/costs.json has no per-byte RISC-V figure)."""
    import numpy as np
    data = l1_ptr(src, np.uint8, n).copy()
    l1_ptr(dst, np.uint8, n)[:] = data
