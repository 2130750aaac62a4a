"""Writer of ttnn.pad(use_multicore=False) for row-major tensors (PadRmReaderWriterProgramFactory, one core): each
padded row of c_0 to the next output row, a barrier per row.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/pad/device/kernels/dataflow/
writer_pad_dims_rm_interleaved.cpp. Compile-time args: as the reader's. Runtime args: the factory's 27 (dst 1, Z 5,
padded row bytes 11, start stick 17, local Y 21, destination offset 25, local W 26)."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    dst_addr = get_arg_val(1)
    num_total_Z = get_arg_val(5)
    padded_X = get_arg_val(11)
    dst_stick = get_arg_val(17)
    num_local_Y = get_arg_val(21)
    dst_offset = get_arg_val(25)
    num_local_W = get_arg_val(26)
    src_args = TensorAccessorArgs(2)
    dst_args = TensorAccessorArgs(src_args.next_compile_time_args_offset())
    s1 = TensorAccessor(dst_args, dst_addr, padded_X)
    cb = 0
    for _ in range(num_local_W * num_total_Z * num_local_Y):
        cb_wait_front(cb, 1)
        noc_async_write(get_read_ptr(cb), get_noc_addr(dst_stick, s1, dst_offset), padded_X)
        noc_async_write_barrier()
        dst_stick += 1
        cb_pop_front(cb, 1)
