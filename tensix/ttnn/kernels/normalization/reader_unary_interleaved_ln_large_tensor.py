"""Reader of ttnn's layernorm / rms_norm when a row does not fit in L1 (LayerNormMultiCoreProgramFactory with
large_tensor_needed, not Welford, TILE input): the reduce scaler tiles and the epsilon tile as the small reader makes
them, then per tile row the row streamed in blocks of block_size tiles, once per pass of layernorm_large_tensor:
- pass 0 (not RMSNORM), for E[x]: all of the input's blocks, then (FUSE_PRE_ADD) all of the residual's;
- pass 1, for the variance: the input's blocks, each followed by the residual's block (FUSE_PRE_ADD);
- pass 2, for the output: per block the input's, the residual's, gamma's (FUSE_GAMMA) and beta's (FUSE_BETA) tiles
  (gamma and beta streamed again on every row: the compute kernel pops them).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/normalization/layernorm/device/kernels/dataflow/
reader_unary_interleaved_ln_large_tensor.cpp, its TILE path (TILIZE_IN, a ROW_MAJOR input, is not run by tensix.ttnn).
Compile-time args: block_size, W, the TensorAccessorArgs of input, residual, gamma, beta (absent ones: one
0xFFFFFFFF word), the input's tile size (unused). Runtime args: src_addr, NCHt, Wt, start_tile_row, packed one
(unused), eps bits, gamma_addr, beta_addr, b_addr. Defines: FUSE_PRE_ADD, FUSE_GAMMA, FUSE_BETA, RMSNORM. CB ids:
CB_NAMES (named compile-time args)."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.normalization.norm_lib import (blocks, ln_accessors, ln_reader_args, push_eps,
                                                        push_reduce_scalers, read_block_to_cb)


def kernel_main():
    src_addr, NCHt, Wt, start_tile_row, gamma_addr, beta_addr, b_addr = ln_reader_args()
    cb_in0, cb_in1 = CB_NAMES["cb_in"], CB_NAMES["cb_inb"]
    cb_gamma, cb_beta = CB_NAMES["cb_gamma"], CB_NAMES["cb_beta"]
    fuse_pre_add = globals().get("FUSE_PRE_ADD", 0) == 1
    fuse_gamma = globals().get("FUSE_GAMMA", 0) == 1
    fuse_beta = globals().get("FUSE_BETA", 0) == 1
    rms = globals().get("RMSNORM", 0) == 1
    block_size = get_compile_time_arg_val(0)
    W = get_compile_time_arg_val(1)
    (src_a, src0_page_bytes), (src_b, src1_tile_bytes), (addrg, gamma_tile_bytes), (addrb, beta_tile_bytes) = \
        ln_accessors(2, (src_addr, b_addr, gamma_addr, beta_addr), (cb_in0, cb_in1, cb_gamma, cb_beta),
                     (True, fuse_pre_add, fuse_gamma, fuse_beta))
    push_reduce_scalers(CB_NAMES["cb_scaler"], W)
    push_eps(CB_NAMES["cb_eps"], get_arg_val(5))
    for ncht in range(NCHt):
        row = (start_tile_row + ncht) * Wt
        if not rms:
            # pass 0: E[x] sums all of a, then all of b (numeric::row_wise_mean_with_pre_add streams them so)
            for block in blocks(Wt, block_size):
                read_block_to_cb(cb_in0, src_a, src0_page_bytes, row + block.start, block)
            if fuse_pre_add:
                for block in blocks(Wt, block_size):
                    read_block_to_cb(cb_in1, src_b, src1_tile_bytes, row + block.start, block)
        # pass 1: the variance; a and b interleaved per block (the compute kernel takes them so)
        for block in blocks(Wt, block_size):
            read_block_to_cb(cb_in0, src_a, src0_page_bytes, row + block.start, block)
            if fuse_pre_add:
                read_block_to_cb(cb_in1, src_b, src1_tile_bytes, row + block.start, block)
        # pass 2: the output; gamma and beta with each block
        for block in blocks(Wt, block_size):
            read_block_to_cb(cb_in0, src_a, src0_page_bytes, row + block.start, block)
            if fuse_pre_add:
                read_block_to_cb(cb_in1, src_b, src1_tile_bytes, row + block.start, block)
            if fuse_gamma:
                read_block_to_cb(cb_gamma, addrg, gamma_tile_bytes, block.start, block)
            if fuse_beta:
                read_block_to_cb(cb_beta, addrb, beta_tile_bytes, block.start, block)
