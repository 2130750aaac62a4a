"""Compute kernel of TransposeWHShardedProgramFactory (ttnn.transpose(-2, -1) of a natively sharded tiled tensor):
the whole input shard waits in c_0 (the input's shard), the whole output shard is reserved in c_16 (the output's
shard); the shard holds N blocks of Ht x Wt tiles (row-major), each block's tiles are transposed column by column
(tile (h, w) of the block becomes output tile (w, h)).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/transpose/device/kernels/compute/transpose_wh_sharded.cpp.
Compile-time args: cb_id_in, cb_id_out. Runtime args: NHtWt, HtWt, N, Ht, Wt."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    n_tiles = get_arg_val(0)
    HtWt = get_arg_val(1)
    N = get_arg_val(2)
    Ht = get_arg_val(3)
    Wt = get_arg_val(4)
    cb_in = get_compile_time_arg_val(0)
    cb_out = get_compile_time_arg_val(1)
    transpose_wh_init(cb_in, cb_out)
    cb_wait_front(cb_in, n_tiles)
    cb_reserve_back(cb_out, n_tiles)
    block_first = 0
    for _ in range(N):
        # output tiles in order: for each input column w, the tiles (0..Ht-1, w) of the block
        for w in range(Wt):
            for h in range(Ht):
                tile_regs_acquire()
                transpose_wh_tile(cb_in, block_first + h * Wt + w, 0)
                tile_regs_commit()
                tile_regs_wait()
                pack_tile(0, cb_out)
                tile_regs_release()
        block_first += HtWt
    cb_push_back(cb_out, n_tiles)
    cb_pop_front(cb_in, n_tiles)
