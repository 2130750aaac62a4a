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

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.normalization.norm_lib import (blocks, ln_accessors, ln_reader_args, push_eps,
                                                        push_reduce_scalers, read_block_to_cb)


def kernel_main():
    src_addr, NCHt, Wt, start_tile_row, gamma_addr, beta_addr, b_addr = ln_reader_args()
    cb_in0, cb_in1 = CB_NAMES["cb_in"], CB_NAMES["cb_inb"]
    cb_gamma, cb_beta = CB_NAMES["cb_gamma"], CB_NAMES["cb_beta"]
    block_size = get_compile_time_arg_val(0)
    use_welford = get_compile_time_arg_val(1) == 1
    W = get_compile_time_arg_val(2)
    fuse_pre_add = globals().get("FUSE_PRE_ADD", 0)
    fuse_gamma = globals().get("FUSE_GAMMA", 0)
    fuse_beta = globals().get("FUSE_BETA", 0)
    (src_a, src0_page_bytes), (src_b, src1_tile_bytes), (addrg, gamma_tile_bytes), (addrb, beta_tile_bytes) = \
        ln_accessors(3, (src_addr, b_addr, gamma_addr, beta_addr), (cb_in0, cb_in1, cb_gamma, cb_beta),
                     (True, fuse_pre_add, fuse_gamma, fuse_beta))
    cb_scaler, cb_eps = CB_NAMES["cb_scaler"], CB_NAMES["cb_eps"]
    if not use_welford:
        push_reduce_scalers(cb_scaler, W)
    push_eps(cb_eps, get_arg_val(5))
    for ncht in range(NCHt):
        curr = start_tile_row + ncht
        for block in blocks(Wt, block_size):
            flat = curr * Wt + block.start
            read_block_to_cb(cb_in0, src_a, src0_page_bytes, flat, block)
            if fuse_pre_add:
                read_block_to_cb(cb_in1, src_b, src1_tile_bytes, flat, block)
            elif CB_NAMES.get("welford_fp32_alias", 0):
                # the Welford-fp32 alias of cb_in (same memory, its own pointers): pushed by the same amount
                cb_reserve_back(CB_NAMES["cb_x_welford"], block.full_block_size)
                cb_push_back(CB_NAMES["cb_x_welford"], block.full_block_size)
        if (fuse_gamma or fuse_beta) and ncht == 0:
            for block in blocks(Wt, block_size):
                if fuse_gamma:
                    read_block_to_cb(cb_gamma, addrg, gamma_tile_bytes, block.start, block)
                if fuse_beta:
                    read_block_to_cb(cb_beta, addrb, beta_tile_bytes, block.start, block)
