"""Reader of the ops whose input CB is the input's shard (allocated in the sharded buffer): the shard's pages are
already in place, so the reader only reserves and pushes them.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/unary/device/kernels/dataflow/reader_unary_sharded.cpp.
Compile-time args: cb_id_in0. Runtime args: num_units."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    num_units = get_arg_val(0)
    cb_id_in0 = get_compile_time_arg_val(0)
    cb_reserve_back(cb_id_in0, num_units)
    cb_push_back(cb_id_in0, num_units)
