"""Helpers of ttnn's layernorm kernels at tt-metal 622c6fb9: the blocked range (kernel_util/generic/blocked_range.h)
and row_wise_mean (kernel_util/compute/numeric.h): a row of Wt tiles reduced along rows into one Dst tile with
reduce_tile<SUM, REDUCE_ROW, FLOAT32_REDUCTION> (the last tile of a row with a partial width against the reader's
second, partial scaler tile), then multiplied by 1/N on the SFPU (mul_unary_tile) and packed."""

import numpy as np

from tensix.kernel import (PoolType, ReduceDim, add_tiles, cb_pop_front, cb_push_back, cb_reserve_back,
                           cb_wait_front, pack_reconfig_data_format, pack_tile, reconfig_data_format, reduce_init,
                           reduce_uninit, tile_regs_acquire, tile_regs_commit, tile_regs_release, tile_regs_wait)
from tensix.ttnn.kernels.normalization.sfpu_lib import binop_with_scalar_tile_init, mul_unary_tile
from tensix.ttnn.kernels.reduction.reduce_lib import reduce_tile_ex


class Block:
    """One block of generic::blocks(total, block_size): tiles [start, start + size), full_block_size pages synced."""

    __slots__ = ("start", "size", "full_block_size")

    def __init__(self, start, size, full):
        self.start, self.size, self.full_block_size = start, size, full

    def local(self):
        return range(self.size)

    def to_global(self, i):
        return self.start + i


def blocks(total, block_size):
    return [Block(s, min(block_size, total - s), block_size) for s in range(0, total, block_size)]


def total_with_remainder(total, block_size):
    b = blocks(total, block_size)
    return total + (b[-1].full_block_size - b[-1].size if b else 0)


def pack_block(block, cb):
    """The packer's part of a block: wait for Dst, pack tiles 0 .. size - 1 in order into cb, release."""
    tile_regs_wait()
    for i in block.local():
        pack_tile(i, cb)
    tile_regs_release()


def pre_add_blocks(cb_in, cb_inb, cb_x, total, block_size, cb_alias=None):
    """The layernorm kernels' fused pre-add loop (x = a + b, add_tiles per block, synced on full blocks) after its
    init; `cb_alias` (layernorm_welford's Welford-fp32 alias of cb_x) is reserved and pushed with cb_x."""
    for block in blocks(total, block_size):
        cb_wait_front(cb_in, block.full_block_size)
        cb_wait_front(cb_inb, block.full_block_size)
        tile_regs_acquire()
        for i in block.local():
            add_tiles(cb_in, cb_inb, i, i, i)
        tile_regs_commit()
        cb_pop_front(cb_in, block.full_block_size)
        cb_pop_front(cb_inb, block.full_block_size)
        cb_reserve_back(cb_x, block.full_block_size)
        if cb_alias is not None:
            cb_reserve_back(cb_alias, block.full_block_size)
        pack_block(block, cb_x)
        cb_push_back(cb_x, block.full_block_size)
        if cb_alias is not None:
            cb_push_back(cb_alias, block.full_block_size)


def row_wise_mean(cb_in, cb_scalar, cb_out, N, num_tiles, block_size, float32_reduction, pop, sync_full_block,
                  tile_width=32):
    """numeric::row_wise_mean<SUM, REDUCE_ROW, FLOAT32_REDUCTION, input_policy> (row_wise_accumulate_with_epilogue
    with the 1/N multiply), WaitAtEndPolicy::WAIT."""
    last_partial = N % tile_width > 0
    cb_wait_front(cb_scalar, 2 if last_partial else 1)
    reconfig_data_format(cb_in, cb_scalar)
    tile_regs_acquire()
    reduce_init(cb_in, cb_scalar, cb_out, pool=PoolType.SUM, dim=ReduceDim.REDUCE_ROW)
    for block in blocks(num_tiles, block_size):
        prev = 0 if pop else block.start
        curr = block.full_block_size if sync_full_block else block.size
        cb_wait_front(cb_in, prev + curr)
        for j in block.local():
            scaler_idx = 1 if (block.to_global(j) == num_tiles - 1 and last_partial) else 0
            reduce_tile_ex(cb_in, cb_scalar, prev + j, scaler_idx, 0, PoolType.SUM, ReduceDim.REDUCE_ROW,
                           enforce_fp32_accumulation=float32_reduction)
        if pop:
            cb_pop_front(cb_in, curr)
    reduce_uninit()
    binop_with_scalar_tile_init()
    mul_unary_tile(0, int(np.float32(np.float32(1.0) / np.float32(N)).view(np.uint32)))
    tile_regs_commit()
    tile_regs_wait()
    cb_reserve_back(cb_out, 1)
    pack_reconfig_data_format(cb_out)
    pack_tile(0, cb_out)
    tile_regs_release()
    cb_push_back(cb_out, 1)
    cb_wait_front(cb_out, 1)
