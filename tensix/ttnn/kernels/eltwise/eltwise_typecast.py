"""Compute kernel of ttnn.typecast: per tile copy_tile to Dst 0, TYPECAST_LLK_INIT(); TYPECAST_LLK(0), pack.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/copy/typecast/device/kernels/compute/eltwise_typecast.cpp.
Compile-time args: per_core_block_cnt, per_core_block_dim, input_cb, output_cb. Defines TYPECAST_LLK_INIT /
TYPECAST_LLK (typecast_sfpu.init_and_func)."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    block_cnt = get_compile_time_arg_val(0)
    block_dim = get_compile_time_arg_val(1)
    cb_in = get_compile_time_arg_val(2)
    cb_out = get_compile_time_arg_val(3)
    init_sfpu(cb_in, cb_out)
    for _ in range(block_cnt):
        cb_reserve_back(cb_out, block_dim)
        for _ in range(block_dim):
            tile_regs_acquire()
            cb_wait_front(cb_in, 1)
            copy_tile(cb_in, 0, 0)
            TYPECAST_LLK_INIT()
            TYPECAST_LLK(0)
            tile_regs_commit()
            tile_regs_wait()
            pack_tile(0, cb_out)
            cb_pop_front(cb_in, 1)
            tile_regs_release()
        cb_push_back(cb_out, block_dim)
