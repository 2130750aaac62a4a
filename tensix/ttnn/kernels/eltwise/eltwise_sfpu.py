"""Compute kernel of ttnn's unary ops: per tile copy_tile to Dst 0, the SFPU op chain, pack.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/unary/device/kernels/compute/eltwise_sfpu.cpp. The define
SFPU_OP_CHAIN_0 is the chain (tensix.ttnn.operations.unary.sfpu_chain: each op's init then its call on Dst tile 0,
from get_block_defines). Runtime args: num_tiles, packed_scalar1, packed_scalar2."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    num_tiles = get_arg_val(0)
    cb_input, cb_output = CBIndex.c_0, CBIndex.c_2
    init_sfpu(cb_input, cb_output)
    for _ in range(num_tiles):
        tile_regs_acquire()
        cb_wait_front(cb_input, 1)
        cb_reserve_back(cb_output, 1)
        copy_tile(cb_input, 0, 0)
        SFPU_OP_CHAIN_0(0)
        tile_regs_commit()
        tile_regs_wait()
        pack_tile(0, cb_output)
        cb_pop_front(cb_input, 1)
        cb_push_back(cb_output, 1)
        tile_regs_release()
