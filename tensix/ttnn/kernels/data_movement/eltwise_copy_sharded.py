"""Compute kernel converting the data format of tiles on the way to or from a shard: c_0 -> c_16 tile by tile with
copy_tile / pack_tile (per_core_tile_cnt from the runtime args).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/sharded/device/kernels/compute/eltwise_copy.cpp
(unary_op_init_common is tensix's init_sfpu)."""

from tensix.kernel import *  # noqa: F401,F403

unary_op_init_common = init_sfpu


def kernel_main():
    per_core_tile_cnt = get_arg_val(0)
    unary_op_init_common(CBIndex.c_0, CBIndex.c_16)
    copy_tile_init(CBIndex.c_0)
    for _b in range(per_core_tile_cnt):
        cb_wait_front(CBIndex.c_0, 1)
        tile_regs_acquire()
        copy_tile(CBIndex.c_0, 0, 0)
        tile_regs_commit()
        cb_pop_front(CBIndex.c_0, 1)
        cb_reserve_back(CBIndex.c_16, 1)
        tile_regs_wait()
        pack_tile(0, CBIndex.c_16)
        tile_regs_release()
        cb_push_back(CBIndex.c_16, 1)
