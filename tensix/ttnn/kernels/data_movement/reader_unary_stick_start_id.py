"""Reader of copy's SameMemoryConfig program over a row-major sharded tensor (the SHARDED define): for each of its
rows (sticks) start_id .. start_id + num_sticks - 1, the row's num_shards pages (page row * num_shards + k, one
shard width each) read one at a time into the CB through shard_builder's ShardedAddrGen.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/copy/device/kernels/reader_unary_stick_start_id.cpp
(forward direction only: tensix runs this program for to_memory_config, never ttnn.move's BACKWARDS copy of a
sharded tensor, whose unsigned `k >= 0` loop would never end). Compile-time args:
cb_id_in0, page_size (unused), the seven ShardedInfo args. Runtime args: src_addr, stick_size, num_sticks,
start_id, num_shards, then the core table."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.sharding_addrgen import ShardedAddrGen, sharded_info


def kernel_main():
    src_addr = get_arg_val(0)
    stick_size = get_arg_val(1)
    num_sticks = get_arg_val(2)
    start_id = get_arg_val(3)
    num_shards = get_arg_val(4)
    cb_id_in0 = get_compile_time_arg_val(0)
    s0 = ShardedAddrGen(sharded_info(2), src_addr, 5)
    for i in range(start_id, start_id + num_sticks):
        for k in range(num_shards):
            cb_reserve_back(cb_id_in0, 1)
            l1_write_addr = get_write_ptr(cb_id_in0)
            noc_async_read(s0.get_noc_addr(i * num_shards + k), l1_write_addr, stick_size)
            noc_async_read_barrier()
            cb_push_back(cb_id_in0, 1)
