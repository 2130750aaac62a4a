"""Writer of ttnn.clone's sharded ROW_MAJOR program: dst_cb's sticks into this core's output shard, at consecutive
stick-size offsets from the buffer address (NoC writes to its own L1).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/clone/device/kernels/write_kernel_rm_sharded.cpp.
Compile-time args: dst_cb_id, stick size, then the output's TensorAccessorArgs (unused). Runtime args:
output_buffer_address, stick_size, num_sticks."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    addr = get_arg_val(0)
    stick_size = get_arg_val(1)
    num_sticks = get_arg_val(2)
    dst_cb_id = get_compile_time_arg_val(0)
    for _ in range(num_sticks):
        cb_wait_front(dst_cb_id, 1)
        noc_async_write(get_read_ptr(dst_cb_id), get_noc_addr(my_x[0], my_y[0], addr), stick_size)
        noc_async_write_barrier()
        cb_pop_front(dst_cb_id, 1)
        addr += stick_size
