"""Writer of ttnn's fast_reduce_nc: this core's output tiles from c_16, one write barrier each.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/experimental/reduction/fast_reduce_nc/device/kernels/
writer_reduce_nc.cpp (interleaved; shard_factor 1). Compile-time args: shard_factor, num_cores_to_be_used, the
output's TensorAccessorArgs. Runtime args: output_addr, id_range_length, start_id."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    shard_factor = get_compile_time_arg_val(0)
    num_cores = get_compile_time_arg_val(1)
    outer_inc = shard_factor * num_cores
    output_addr = get_arg_val(0)
    id_range_length = get_arg_val(1)
    start_id = get_arg_val(2)
    cb_out = 16
    s = TensorAccessor(TensorAccessorArgs(2), output_addr, get_tile_size(cb_out))
    for outer in range(start_id, start_id + id_range_length, outer_inc):
        for off in range(shard_factor):
            cb_wait_front(cb_out, 1)
            noc_async_write_tile(outer + off, s, get_read_ptr(cb_out))
            noc_async_write_barrier()
            cb_pop_front(cb_out, 1)
