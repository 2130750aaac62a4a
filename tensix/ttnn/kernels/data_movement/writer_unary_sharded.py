"""Writer of ttnn.interleaved_to_sharded into an L1 shard: the output CB is the shard itself (allocated in the output
buffer), so the writer only waits for the shard's pages.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/sharded/device/kernels/dataflow/
writer_unary_sharded.cpp. Compile-time args: cb_id_out. Runtime args: num_units."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    num_units = get_arg_val(0)
    cb_id_out = get_compile_time_arg_val(0)
    cb_wait_front(cb_id_out, num_units)
