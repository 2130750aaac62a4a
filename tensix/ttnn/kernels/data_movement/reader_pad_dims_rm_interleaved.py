"""Reader of ttnn.pad(use_multicore=False) for row-major tensors (PadRmReaderWriterProgramFactory, one core): each
output row into c_0, either all pad (read in 64-byte chunks from the pad-value tensor) or the input row followed by the
pad (RISC-V 16-bit stores of the pad value up to a 32-byte boundary, then 64-byte chunk reads). The input's rows fill
the start of each output dim: the factory passes no front offsets.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/pad/device/kernels/dataflow/
reader_pad_dims_rm_interleaved.cpp, with its quirks: the pad-value tensor holds 32 bfloat16 values, so a float32 or
32-bit integer tensor is padded with the bit pattern of two bfloat16s (exact only for 0); the 16-bit stores write the
pad's bfloat16 pattern whatever the dtype; the alignment offset is computed once from the first CB page (the pages are
32-byte multiples). Compile-time args: unpadded_row_bytes, padded_row_bytes, then the TensorAccessorArgs of the
source, the destination and the pad-value tensor. Runtime args: the factory's 27 (src 0, W 2-3, Z 4-5, Y 6-7, row bytes
10-12, pad tensor 13, packed pad 15, start stick 16, start offset 20, local Y 21-22, local W 26)."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403

_CHUNK = 64     # pad_value_const_buffer_nbytes: "assumed to be 64 bytes"


def _fill(s_const, begin, begin_aligned, size, pad16):
    """fill_with_val_async: 16-bit stores up to begin_aligned, then chunked NoC reads of the pad-value tensor."""
    addr = begin
    n16 = 0
    while addr < begin_aligned and size > 0:
        addr += 2
        size -= 2
        n16 += 1
    if n16:
        l1_ptr(begin, np.uint16, n16)[:] = np.uint16(pad16)
        riscv_wait(5 * n16)         # 16-bit L1 stores, 1 per 5 cycles (BabyRISCV/README.md)
    nchunks, rem = divmod(size, _CHUNK)
    for _ in range(nchunks):
        noc_async_read(get_noc_addr(0, s_const), addr, _CHUNK)
        addr += _CHUNK
    if rem:
        noc_async_read(get_noc_addr(0, s_const), addr, rem)


def kernel_main():
    src_addr = get_arg_val(0)
    num_unpadded_W = get_arg_val(2)
    num_unpadded_Z, num_total_Z = get_arg_val(4), get_arg_val(5)
    unpadded_X, padded_X, padded_X_diff = get_arg_val(10), get_arg_val(11), get_arg_val(12)
    pad_addr = get_arg_val(13)
    pad16 = get_arg_val(15) >> 16
    src_stick = get_arg_val(16)
    src_offset = get_arg_val(20)
    num_local_Y, num_local_unpadded_Y = get_arg_val(21), get_arg_val(22)
    num_local_W = get_arg_val(26)
    src_args = TensorAccessorArgs(2)
    dst_args = TensorAccessorArgs(src_args.next_compile_time_args_offset())
    pad_args = TensorAccessorArgs(dst_args.next_compile_time_args_offset())
    cb = 0
    align_offset = 32 - (get_write_ptr(cb) + unpadded_X) % 32
    s0 = TensorAccessor(src_args, src_addr, unpadded_X)
    s_const = TensorAccessor(pad_args, pad_addr, _CHUNK)
    for w in range(num_local_W):
        for z in range(num_total_Z):
            for y in range(num_local_Y):
                cb_reserve_back(cb, 1)
                l1 = get_write_ptr(cb)
                if y >= num_local_unpadded_Y or z >= num_unpadded_Z or w >= num_unpadded_W:
                    _fill(s_const, l1, l1, padded_X, pad16)
                else:
                    noc_async_read(get_noc_addr(src_stick, s0, src_offset), l1, unpadded_X)
                    partial = l1 + unpadded_X
                    _fill(s_const, partial, partial + align_offset, padded_X_diff, pad16)
                    src_stick += 1
                noc_async_read_barrier()
                cb_push_back(cb, 1)
