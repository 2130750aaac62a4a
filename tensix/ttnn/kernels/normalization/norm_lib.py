"""Helpers of ttnn's layernorm kernels at tt-metal 622c6fb9: the blocked range (kernel_util/generic/blocked_range.h)
and row_wise_mean (kernel_util/compute/numeric.h): a row of Wt tiles reduced along rows into one Dst tile with
reduce_tile<SUM, REDUCE_ROW, FLOAT32_REDUCTION> (the last tile of a row with a partial width against the reader's
second, partial scaler tile), then multiplied by 1/N on the SFPU (mul_unary_tile) and packed; the readers' pieces
(layernorm_dataflow_utils.h read_block_to_cb, the scaler and eps tiles, their args) and the compute kernels' shared
steps (the fused pre-add, 1/sqrt(Var + eps))."""

import numpy as np

from tensix.kernel import (PoolType, ReduceDim, TensorAccessor, TensorAccessorArgs, add_tiles, add_tiles_init,
                           cb_pop_front, cb_push_back, cb_reserve_back, cb_wait_front, get_arg_val,
                           get_compile_time_arg_val, get_tile_size, get_write_ptr, l1_ptr, noc_async_read_barrier,
                           noc_async_read_tile, pack_reconfig_data_format, pack_tile, reconfig_data_format,
                           reduce_init, reduce_uninit, rsqrt_tile, rsqrt_tile_init, tile_regs_acquire,
                           tile_regs_commit, tile_regs_release, tile_regs_wait)
from tensix.ttnn.kernels.normalization.sfpu_lib import FORK, binop_with_scalar_tile_init, mul_unary_tile
from tensix.ttnn.kernels.reduction import reduce_lib as R
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

    def is_first(self):
        return self.start == 0

    def last(self):
        return self.start + self.size


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


def pre_add_block(cb_in, cb_inb, cb_x, block, cb_alias=None, pack_reconfig=False):
    """One block of the layernorm kernels' fused pre-add (x = a + b by add_tiles, synced on full blocks) after its
    init; `cb_alias` (layernorm_welford's Welford-fp32 alias of cb_x) is reserved and pushed with cb_x;
    `pack_reconfig`: the packer switched to cb_x's format after the pops (layernorm_large_tensor_welford)."""
    cb_wait_front(cb_in, block.full_block_size)
    cb_wait_front(cb_inb, block.full_block_size)
    tile_regs_acquire()
    for i in block.local():
        add_tiles(cb_in, cb_inb, i, i, i)
    tile_regs_commit()
    cb_pop_front(cb_in, block.full_block_size)
    cb_pop_front(cb_inb, block.full_block_size)
    if pack_reconfig:
        pack_reconfig_data_format(cb_x)
    cb_reserve_back(cb_x, block.full_block_size)
    if cb_alias is not None:
        cb_reserve_back(cb_alias, block.full_block_size)
    pack_block(block, cb_x)
    cb_push_back(cb_x, block.full_block_size)
    if cb_alias is not None:
        cb_push_back(cb_alias, block.full_block_size)


def pre_add_blocks(cb_in, cb_inb, cb_x, total, block_size, cb_alias=None):
    """pre_add_block over the row's blocks."""
    for block in blocks(total, block_size):
        pre_add_block(cb_in, cb_inb, cb_x, block, cb_alias)


def inv_bits(N):
    """The bits of the float32 1.0f / N (generic::bit_cast<uint32_t>(1.0f / N))."""
    return int(np.float32(np.float32(1.0) / np.float32(N)).view(np.uint32))


def row_wise_mean(cb_in, cb_scalar, cb_out, N, num_tiles, block_size, float32_reduction, pop, sync_full_block,
                  tile_width=32, additional_cbs=()):
    """numeric::row_wise_mean<SUM, REDUCE_ROW, FLOAT32_REDUCTION, input_policy> (row_wise_accumulate_with_epilogue
    with the 1/N multiply), WaitAtEndPolicy::WAIT; with `additional_cbs` (row_wise_mean_with_pre_add) all of cb_in's
    tiles, then all of each additional CB's (its own reduce_init, the formats left as cb_in's), summed in Dst 0."""
    last_partial = N % tile_width > 0
    cb_wait_front(cb_scalar, 2 if last_partial else 1)
    reconfig_data_format(cb_in, cb_scalar)
    tile_regs_acquire()
    for cb in (cb_in,) + tuple(additional_cbs):
        reduce_init(cb, cb_scalar, cb_out, pool=PoolType.SUM, dim=ReduceDim.REDUCE_ROW)
        for block in blocks(num_tiles, block_size):
            prev = 0 if pop else block.start
            curr = block.full_block_size if sync_full_block else block.size
            cb_wait_front(cb, prev + curr)
            for j in block.local():
                scaler_idx = 1 if (block.to_global(j) == num_tiles - 1 and last_partial) else 0
                reduce_tile_ex(cb, cb_scalar, prev + j, scaler_idx, 0, PoolType.SUM, ReduceDim.REDUCE_ROW,
                               enforce_fp32_accumulation=float32_reduction)
            if pop:
                cb_pop_front(cb, curr)
    reduce_uninit()
    binop_with_scalar_tile_init()
    mul_unary_tile(0, inv_bits(N))
    tile_regs_commit()
    tile_regs_wait()
    cb_reserve_back(cb_out, 1)
    pack_reconfig_data_format(cb_out)
    pack_tile(0, cb_out)
    tile_regs_release()
    cb_push_back(cb_out, 1)
    cb_wait_front(cb_out, 1)


def read_block_to_cb(cb, acc, tile_bytes, offset, block):
    """layernorm_dataflow_utils.h read_block_to_cb: reserve a full block, read the block's tiles from page `offset`
    on, barrier, push the full block."""
    cb_reserve_back(cb, block.full_block_size)
    wp = get_write_ptr(cb)
    for r in block.local():
        noc_async_read_tile(offset + r, acc, wp + r * tile_bytes)
    noc_async_read_barrier()
    cb_push_back(cb, block.full_block_size)


def push_reduce_scalers(cb_scaler, W):
    """The layernorm readers' reduce scaler tiles (calculate_and_prepare_reduce_scaler, SUM along rows for
    reduce_tile) into cb_scaler and, for a partial width, a second one with only the W % 32 valid columns."""
    partial = W % 32
    R.calculate_and_prepare_reduce_scaler(cb_scaler, PoolType.SUM, ReduceDim.REDUCE_ROW, compute_uses_reduce_tile=True)
    if partial > 0:
        R.calculate_and_prepare_reduce_scaler(cb_scaler, PoolType.SUM, ReduceDim.REDUCE_ROW,
                                              compute_uses_reduce_tile=True, valid=partial)


def push_eps(cb_eps, eps):
    """generate_bcast_col_scalar(cb_eps, eps): the bfloat16 (top half) of the eps bits in column 0 of faces 0
    and 2."""
    cb_reserve_back(cb_eps, 1)
    p = l1_ptr(get_write_ptr(cb_eps), np.uint16, 1024)
    for k in (0, 2):
        p[k * 256:(k + 1) * 256:16] = eps >> 16
    cb_push_back(cb_eps, 1)


def ln_compute_args(defines):
    """The runtime arg (NCHt), the compile-time args of the (non-Welford) layernorm compute kernels (Wt, block_size,
    do_gamma, do_beta, FLOAT32_REDUCTION, LEGACY_RSQRT, W, tile_width; arg 4, FLOAT32_DTYPE, unused) and the RMSNORM
    and FUSE_PRE_ADD defines (from the kernel's globals, `defines`)."""
    a = [get_compile_time_arg_val(i) for i in range(9)]
    return (get_arg_val(0), a[0], a[1], a[2] == 1, a[3] == 1, a[5] == 1, a[6] == 1, a[7], a[8],
            defines.get("RMSNORM", 0) == 1, defines.get("FUSE_PRE_ADD", 0) == 1)


def ln_reader_args():
    """The layernorm readers' runtime args: src_addr, NCHt, Wt, the first tile row (or tile), gamma_addr, beta_addr,
    b_addr (args 4 and 5, the packed one and eps, read where used)."""
    a = [get_arg_val(i) for i in range(9)]
    return a[0], a[1], a[2], a[3], a[6], a[7], a[8]


def ln_accessor_args(first):
    """The TensorAccessorArgs of the layernorm readers' input, residual, gamma and beta from compile-time arg `first`
    on (an absent tensor: one 0xFFFFFFFF word, None here), and the offset past them."""
    out, off = [TensorAccessorArgs(first)], None
    off = out[0].next_compile_time_args_offset()
    for _ in range(3):
        if get_compile_time_arg_val(off) == 0xFFFFFFFF:
            out.append(None)
            off += 1
        else:
            out.append(TensorAccessorArgs(off))
            off = out[-1].next_compile_time_args_offset()
    return out, off


def var_plus_eps_rsqrt(cb_ex2, cb_eps, legacy_rsqrt):
    """Dst 0 = rsqrt_tile<LEGACY_RSQRT>(Var + eps): cb_ex2's tile waited for, add_tiles with the eps tile, in a Dst
    section this acquires (the caller commits, pops cb_ex2 and packs)."""
    cb_wait_front(cb_ex2, 1)
    reconfig_data_format(cb_ex2, cb_eps)
    tile_regs_acquire()
    add_tiles_init(cb_ex2, cb_eps)
    add_tiles(cb_ex2, cb_eps, 0, 0, 0)
    rsqrt_tile_init(legacy_compat=legacy_rsqrt, version=FORK)
    rsqrt_tile(0, legacy_compat=legacy_rsqrt, version=FORK)


def pack_ex2pe(cb_ex2, cb_ex2pe):
    """The end of the Welford kernels' 1/sqrt(Var + eps) step: commit, pop cb_ex2, pack Dst 0 into cb_ex2pe (the
    packer's format left as it was)."""
    tile_regs_commit()
    cb_pop_front(cb_ex2, 1)
    cb_reserve_back(cb_ex2pe, 1)
    tile_regs_wait()
    pack_tile(0, cb_ex2pe)
    tile_regs_release()
    cb_push_back(cb_ex2pe, 1)


def ln_accessors(first, addrs, cbs, present):
    """The layernorm readers' TensorAccessors of input, residual, gamma and beta (compile-time args from `first` on,
    addresses `addrs`, pages of their CBs `cbs`' tile size) with their page sizes; (None, 0) for one not `present`."""
    args, _off = ln_accessor_args(first)
    out = []
    for a, addr, cb, p in zip(args, addrs, cbs, present):
        page = get_tile_size(cb) if p else 0
        out.append((TensorAccessor(a, addr, page) if p else None, page))
    return out
