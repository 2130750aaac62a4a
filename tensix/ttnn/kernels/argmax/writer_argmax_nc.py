"""Writer of ttnn.argmax's NC program: this core's uint32 index tiles from c_16 to the output, one at a time.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/argmax/device/kernels/writer_argmax_nc.cpp.
Compile-time args: the output's TensorAccessorArgs. Runtime args: output_addr, num_output_tiles, start_id."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    output_addr = get_arg_val(0)
    num_output_tiles = get_arg_val(1)
    start_id = get_arg_val(2)
    cb_out0 = 16
    s0 = TensorAccessor(TensorAccessorArgs(0), output_addr, get_tile_size(cb_out0))
    for out_i in range(num_output_tiles):
        cb_wait_front(cb_out0, 1)
        noc_async_write_tile(start_id + out_i, s0, get_read_ptr(cb_out0))
        noc_async_write_barrier()
        cb_pop_front(cb_out0, 1)
