"""Reader of ttnn.clone's sharded ROW_MAJOR program: this core's input shard, stick by stick (a shard row) from its
own L1 (NoC reads of this core at consecutive stick-size offsets from the buffer address) into src_cb.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/clone/device/kernels/read_kernel_rm_sharded.cpp.
Compile-time args: src_cb_id, stick size, then the input's TensorAccessorArgs (unused). Runtime args:
input_buffer_address, stick_size, num_sticks."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    addr = get_arg_val(0)
    stick_size = get_arg_val(1)
    num_sticks = get_arg_val(2)
    src_cb_id = get_compile_time_arg_val(0)
    for _ in range(num_sticks):
        cb_reserve_back(src_cb_id, 1)
        noc_async_read(get_noc_addr(my_x[0], my_y[0], addr), get_write_ptr(src_cb_id), stick_size)
        noc_async_read_barrier()
        cb_push_back(src_cb_id, 1)
        addr += stick_size
