"""Compute kernel of tensix's pool2d program: per output stick and channel block, the chunks of window rows in c_0
tilized into c_1 (tilize_block), then one Dst section that pools every chunk's tiles onto the same Dst tiles
(reduce_tile<REDUCE_OP, REDUCE_COL> with the scaler tile of c_2: GMPOOL for max, GAPOOL times the bfloat16 scaler
1/divisor for average, accumulating across chunks in Dst), packed to c_16 (row 0 of each tile is the result).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/pool/generic/device/kernels/compute/compute_pool_2d.cpp, whose
unpack_tilizeA_B_block tilizes the window rows straight into SrcA (the scaler in SrcB) and reduce_tile_math pools
them; tensix has no tilizeA_B unpack, so the tilize goes through c_1 first (the same bfloat16 values reach SrcA:
tilizing bfloat16 is exact, so the numbers are the card's; the device time has an extra tilize pass), and the
result is packed as a tile and untilized by the writer rather than by pack_untilize_dest.

Compile-time args: in_ntiles_c, max_tiles_per_iter, chunks, per_stick (a scaler tile in c_2 per output stick, as
the kernel's !one_scalar_per_core waits and pops one per stick). Runtime args: number of output sticks. Defines:
REDUCE_OP (PoolType.MAX or PoolType.AVG)."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    ntiles_c = get_compile_time_arg_val(0)
    max_tiles = get_compile_time_arg_val(1)
    chunks = get_compile_time_arg_val(2)
    per_stick = get_compile_time_arg_val(3)
    count = get_arg_val(0)
    nblocks = -(-ntiles_c // max_tiles)
    compute_kernel_hw_startup(CBIndex.c_0, CBIndex.c_2, CBIndex.c_16)
    if not per_stick:       # one_scalar_per_core
        cb_wait_front(CBIndex.c_2, 1)
    # every block takes max_tiles pages of c_0, c_1 and c_16 (a narrower last block leaves its tail unused), so
    # that no block wraps around a CB: the tilize reads its rows linearly, the writer its tiles
    for _ in range(count):
        if per_stick:
            cb_wait_front(CBIndex.c_2, 1)
        for b in range(nblocks):
            nt = min(max_tiles, ntiles_c - b * max_tiles)
            tilize_init(CBIndex.c_0, nt, CBIndex.c_1)
            for _k in range(chunks):
                cb_wait_front(CBIndex.c_0, max_tiles)
                cb_reserve_back(CBIndex.c_1, max_tiles)
                tilize_block(CBIndex.c_0, nt, CBIndex.c_1)
                cb_push_back(CBIndex.c_1, max_tiles)
                cb_pop_front(CBIndex.c_0, max_tiles)
            tilize_uninit(CBIndex.c_0, CBIndex.c_1)
            reduce_init(CBIndex.c_1, CBIndex.c_2, CBIndex.c_16, pool=REDUCE_OP, dim=ReduceDim.REDUCE_COL)
            cb_wait_front(CBIndex.c_1, max_tiles * chunks)
            tile_regs_acquire()
            for k in range(chunks):
                for i in range(nt):
                    reduce_tile(CBIndex.c_1, CBIndex.c_2, k * max_tiles + i, 0, i, pool=REDUCE_OP,
                                dim=ReduceDim.REDUCE_COL)
            tile_regs_commit()
            cb_pop_front(CBIndex.c_1, max_tiles * chunks)
            tile_regs_wait()
            cb_reserve_back(CBIndex.c_16, max_tiles)
            for i in range(nt):
                pack_tile(i, CBIndex.c_16)
            cb_push_back(CBIndex.c_16, max_tiles)
            tile_regs_release()
            reduce_uninit()
        if per_stick:
            cb_pop_front(CBIndex.c_2, 1)
