"""Compute kernel converting the data format of tiles: c_0 -> c_16, per_core_tile_cnt (compile-time arg 0) tiles
with copy_tile / pack_tile.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/kernel/compute/eltwise_copy.cpp (unary_op_init_common is tensix's
init_sfpu)."""

from tensix.kernel import *  # noqa: F401,F403

unary_op_init_common = init_sfpu


def kernel_main():
    per_core_tile_cnt = get_compile_time_arg_val(0)
    unary_op_init_common(CBIndex.c_0, CBIndex.c_16)
    copy_tile_init(CBIndex.c_0)
    for _b in range(per_core_tile_cnt):
        tile_regs_acquire()
        cb_wait_front(CBIndex.c_0, 1)
        cb_reserve_back(CBIndex.c_16, 1)
        copy_tile(CBIndex.c_0, 0, 0)
        tile_regs_commit()
        tile_regs_wait()
        pack_tile(0, CBIndex.c_16)
        cb_pop_front(CBIndex.c_0, 1)
        cb_push_back(CBIndex.c_16, 1)
        tile_regs_release()
