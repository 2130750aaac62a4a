"""Reader of ttnn's layernorm / rms_norm (LayerNormMultiCoreProgramFactory, TILE input, tiled gamma/beta): the
reduce scaler tiles into cb_scaler (1.0 along rows for reduce_tile; a second one with only the W % 32 valid columns
when the width is partial), the epsilon tile (generate_bcast_col_scalar: bfloat16 eps in column 0 of faces 0 and 2),
then per tile row its Wt input tiles (and the residual's with FUSE_PRE_ADD) in blocks of block_size, and on the first
row gamma's and beta's Wt tiles.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/normalization/layernorm/device/kernels/dataflow/
reader_unary_interleaved_ln.cpp (read_block_to_cb: layernorm_dataflow_utils.h). Compile-time args: block_size,
use_welford, W, the TensorAccessorArgs of input, residual, gamma, beta (absent ones: a 0 word), tile size;
named: cb_x_welford / welford_fp32_alias (the Welford-fp32 alias of cb_in, pushed with it).
Runtime args: src_addr, NCHt, Wt, start_tile_row, packed one, eps bits, gamma_addr, beta_addr, b_addr. Defines:
FUSE_PRE_ADD, FUSE_GAMMA, FUSE_BETA, RMSNORM. CB ids are named compile-time args (dict CB_NAMES)."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.normalization.norm_lib import blocks
from tensix.ttnn.kernels.reduction import reduce_lib as R


def _read_block(cb, acc, tile_bytes, offset, block):
    cb_reserve_back(cb, block.full_block_size)
    wp = get_write_ptr(cb)
    for r in block.local():
        noc_async_read_tile(offset + r, acc, wp + r * tile_bytes)
    noc_async_read_barrier()
    cb_push_back(cb, block.full_block_size)


def kernel_main():
    src_addr = get_arg_val(0)
    NCHt = get_arg_val(1)
    Wt = get_arg_val(2)
    start_tile_row = get_arg_val(3)
    gamma_addr = get_arg_val(6)
    beta_addr = get_arg_val(7)
    b_addr = get_arg_val(8)
    cb_in0, cb_in1 = CB_NAMES["cb_in"], CB_NAMES["cb_inb"]
    cb_gamma, cb_beta = CB_NAMES["cb_gamma"], CB_NAMES["cb_beta"]
    block_size = get_compile_time_arg_val(0)
    use_welford = get_compile_time_arg_val(1) == 1
    W = get_compile_time_arg_val(2)
    src0_args = TensorAccessorArgs(3)
    off = src0_args.next_compile_time_args_offset()
    src1_args = TensorAccessorArgs(off) if get_compile_time_arg_val(off) != 0xFFFFFFFF else None
    off += 1
    gamma_args = TensorAccessorArgs(off) if get_compile_time_arg_val(off) != 0xFFFFFFFF else None
    off += 1
    beta_args = TensorAccessorArgs(off) if get_compile_time_arg_val(off) != 0xFFFFFFFF else None
    fuse_pre_add = globals().get("FUSE_PRE_ADD", 0)
    fuse_gamma = globals().get("FUSE_GAMMA", 0)
    fuse_beta = globals().get("FUSE_BETA", 0)
    src0_page_bytes = get_tile_size(cb_in0)
    src_a = TensorAccessor(src0_args, src_addr, src0_page_bytes)
    if fuse_gamma:
        gamma_tile_bytes = get_tile_size(cb_gamma)
        addrg = TensorAccessor(gamma_args, gamma_addr, gamma_tile_bytes)
    if fuse_beta:
        beta_tile_bytes = get_tile_size(cb_beta)
        addrb = TensorAccessor(beta_args, beta_addr, beta_tile_bytes)
    if fuse_pre_add:
        src1_tile_bytes = get_tile_size(cb_in1)
        src_b = TensorAccessor(src1_args, b_addr, src1_tile_bytes)
    cb_scaler, cb_eps = CB_NAMES["cb_scaler"], CB_NAMES["cb_eps"]
    if not use_welford:
        partial = W % 32
        R.calculate_and_prepare_reduce_scaler(cb_scaler, PoolType.SUM, ReduceDim.REDUCE_ROW,
                                              compute_uses_reduce_tile=True)
        if partial > 0:
            R.calculate_and_prepare_reduce_scaler(cb_scaler, PoolType.SUM, ReduceDim.REDUCE_ROW,
                                                  compute_uses_reduce_tile=True, valid=partial)
    eps = get_arg_val(5)
    # generate_bcast_col_scalar(cb_eps, eps): the bf16 (top half) of eps in column 0 of faces 0 and 2
    cb_reserve_back(cb_eps, 1)
    p = l1_ptr(get_write_ptr(cb_eps), np.uint16, 1024)
    for k in (0, 2):
        p[k * 256:(k + 1) * 256:16] = eps >> 16
    cb_push_back(cb_eps, 1)
    for ncht in range(NCHt):
        curr = start_tile_row + ncht
        for block in blocks(Wt, block_size):
            flat = curr * Wt + block.start
            _read_block(cb_in0, src_a, src0_page_bytes, flat, block)
            if fuse_pre_add:
                _read_block(cb_in1, src_b, src1_tile_bytes, flat, block)
            elif CB_NAMES.get("welford_fp32_alias", 0):
                # the Welford-fp32 alias of cb_in (same memory, its own pointers): pushed by the same amount
                cb_reserve_back(CB_NAMES["cb_x_welford"], block.full_block_size)
                cb_push_back(CB_NAMES["cb_x_welford"], block.full_block_size)
        if (fuse_gamma or fuse_beta) and ncht == 0:
            for block in blocks(Wt, block_size):
                if fuse_gamma:
                    _read_block(cb_gamma, addrg, gamma_tile_bytes, block.start, block)
                if fuse_beta:
                    _read_block(cb_beta, addrb, beta_tile_bytes, block.start, block)
