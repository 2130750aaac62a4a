"""Compute kernel of ttnn's binary_ng FPU ops without broadcast or activations: c_0 (op) c_1 -> c_2, one tile at a
time (num_tiles_per_cycle = 1 for interleaved tensors).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/binary_ng/device/kernels/compute/eltwise_binary_no_bcast.cpp:
binary_op_init_common, binary_tiles_init<true, BINARY_OP_TYPE> (here the op's *_tiles_init), then per tile
acquire / BINARY_OP / commit / wait / pack_tile / release. Defines: BINARY_OP (add_tiles, sub_tiles, mul_tiles)
and BINARY_OP_INIT (its init)."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    num_tiles = get_arg_val(0)
    per_cycle = get_compile_time_arg_val(0)
    cb_lhs, cb_rhs, cb_out = CBIndex.c_0, CBIndex.c_1, CBIndex.c_2
    binary_op_init_common(cb_lhs, cb_rhs, cb_out)
    BINARY_OP_INIT(cb_lhs, cb_rhs)
    done = 0
    while done < num_tiles:
        n = min(per_cycle, num_tiles - done)
        cb_wait_front(cb_lhs, n)
        cb_wait_front(cb_rhs, n)
        cb_reserve_back(cb_out, n)
        tile_regs_acquire()
        for i in range(n):
            BINARY_OP(cb_lhs, cb_rhs, i, i, i)
        tile_regs_commit()
        tile_regs_wait()
        for i in range(n):
            pack_tile(i, cb_out)
        tile_regs_release()
        cb_push_back(cb_out, n)
        cb_pop_front(cb_lhs, n)
        cb_pop_front(cb_rhs, n)
        done += n
