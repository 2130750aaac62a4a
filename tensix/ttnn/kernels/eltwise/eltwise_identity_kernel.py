"""Compute kernel of ttnn.identity (UnaryOpType::IDENTITY's own kernel, get_compute_kernel_path): per tile copy_tile
to Dst 0 and pack_tile, no SFPU op (the chain define is not read).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/unary/device/kernels/compute/eltwise_identity_kernel.cpp.
Runtime args: num_tiles (then the unary factory's two packed scalars, unused)."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    num_tiles = get_arg_val(0)
    cb_input, cb_output = CBIndex.c_0, CBIndex.c_2
    init_sfpu(cb_input, cb_output)
    copy_tile_init(cb_input)
    for _ in range(num_tiles):
        tile_regs_acquire()
        cb_wait_front(cb_input, 1)
        cb_reserve_back(cb_output, 1)
        copy_tile(cb_input, 0, 0)
        tile_regs_commit()
        tile_regs_wait()
        pack_tile(0, cb_output)
        cb_pop_front(cb_input, 1)
        cb_push_back(cb_output, 1)
        tile_regs_release()
