"""Compute kernel of ttnn.experimental.nlp_create_qkv_heads with transpose_k_heads: each K tile of c_0 transposed
(transpose_wh_tile) and packed to c_16, the tile count a compile-time arg.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/kernel/compute/transpose_wh.cpp (the shared compute kernel; the data-movement
family's transpose_wh.cpp takes the count as a runtime arg instead). Compile-time args: NHtWt."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    n_tiles = get_compile_time_arg_val(0)
    transpose_wh_init(CBIndex.c_0, CBIndex.c_16)
    for _ in range(n_tiles):
        cb_wait_front(CBIndex.c_0, 1)
        cb_reserve_back(CBIndex.c_16, 1)
        tile_regs_acquire()
        transpose_wh_tile(CBIndex.c_0, 0, 0)
        tile_regs_commit()
        tile_regs_wait()
        pack_tile(0, CBIndex.c_16)
        tile_regs_release()
        cb_push_back(CBIndex.c_16, 1)
        cb_pop_front(CBIndex.c_0, 1)
