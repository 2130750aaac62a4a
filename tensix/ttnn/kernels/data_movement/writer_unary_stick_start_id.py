"""Writer of copy's SameMemoryConfig program over a row-major sharded tensor (the SHARDED define): the pages the
reader (reader_unary_stick_start_id) put in the CB, written one at a time to the same page ids of the output
through shard_builder's ShardedAddrGen (built, as in tt-metal, from the input's shard layout).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/copy/device/kernels/writer_unary_stick_start_id.cpp
(forward direction). Compile-time args: cb_id_out0, page_size (unused), the seven ShardedInfo args. Runtime args:
dst_addr, stick_size, num_sticks, start_id, num_shards, then the core table."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.sharding_addrgen import ShardedAddrGen, sharded_info


def kernel_main():
    dst_addr = get_arg_val(0)
    stick_size = get_arg_val(1)
    num_sticks = get_arg_val(2)
    start_id = get_arg_val(3)
    num_shards = get_arg_val(4)
    cb_id_out0 = get_compile_time_arg_val(0)
    s0 = ShardedAddrGen(sharded_info(2), dst_addr, 5)
    for i in range(start_id, start_id + num_sticks):
        for k in range(num_shards):
            cb_wait_front(cb_id_out0, 1)
            l1_read_addr = get_read_ptr(cb_id_out0)
            noc_async_write(l1_read_addr, s0.get_noc_addr(i * num_shards + k), stick_size)
            noc_async_write_barrier()
            cb_pop_front(cb_id_out0, 1)
