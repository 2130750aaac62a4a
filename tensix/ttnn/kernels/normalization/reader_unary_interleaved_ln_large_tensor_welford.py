"""Reader of ttnn's Welford layernorm when a row does not fit in L1 (LayerNormMultiCoreProgramFactory with
large_tensor_needed and use_welford): the epsilon tile, then per tile row the row streamed twice in blocks of blk
tiles: for Welford's pass the input's blocks (with FUSE_PRE_ADD each followed by the residual's; without it, with the
Welford-fp32 alias of cb_in active, the alias pushed by the same amount), then for the output the same again with
gamma's and beta's blocks after each block (re-read for every row: the compute kernel pops them).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/normalization/layernorm/device/kernels/dataflow/
reader_unary_interleaved_ln_large_tensor_welford.cpp. Compile-time args: blk, W, the TensorAccessorArgs of input,
residual, gamma, beta (absent ones: one 0xFFFFFFFF word), the input's tile size (unused). Runtime args: src_addr,
NCHt, Wt, tile_offset (first tile row * Wt), packed one (unused), eps bits, gamma_addr, beta_addr, b_addr. Defines:
FUSE_PRE_ADD, FUSE_GAMMA, FUSE_BETA. Named: the CB ids, cb_x_welford, welford_fp32_alias (CB_NAMES)."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.normalization.norm_lib import (blocks, ln_accessors, ln_reader_args, push_eps,
                                                        read_block_to_cb)


def kernel_main():
    src_addr, NCHt, Wt, tile_offset, gamma_addr, beta_addr, b_addr = ln_reader_args()
    n = CB_NAMES
    cb_in0, cb_in1, cb_gamma, cb_beta = n["cb_in"], n["cb_inb"], n["cb_gamma"], n["cb_beta"]
    cb_x_welford = n["cb_x_welford"]
    welford_fp32_alias = n["welford_fp32_alias"] != 0
    fuse_pre_add = globals().get("FUSE_PRE_ADD", 0) == 1
    fuse_gamma = globals().get("FUSE_GAMMA", 0) == 1
    fuse_beta = globals().get("FUSE_BETA", 0) == 1
    blk = get_compile_time_arg_val(0)
    (src_a, src0_page_bytes), (src_b, src1_tile_bytes), (addrg, gamma_tile_bytes), (addrb, beta_tile_bytes) = \
        ln_accessors(2, (src_addr, b_addr, gamma_addr, beta_addr), (cb_in0, cb_in1, cb_gamma, cb_beta),
                     (True, fuse_pre_add, fuse_gamma, fuse_beta))
    push_eps(n["cb_eps"], get_arg_val(5))

    def input_block(offs, block):
        read_block_to_cb(cb_in0, src_a, src0_page_bytes, offs + block.start + tile_offset, block)
        if fuse_pre_add:
            read_block_to_cb(cb_in1, src_b, src1_tile_bytes, offs + block.start + tile_offset, block)
        elif welford_fp32_alias:
            # the alias shares cb_in0's memory with its own pointers: pushed by the same amount in both passes
            cb_reserve_back(cb_x_welford, block.full_block_size)
            cb_push_back(cb_x_welford, block.full_block_size)

    offs = 0
    for _ncht in range(NCHt):
        for block in blocks(Wt, blk):           # Welford's pass: E[x] and Var[x]
            input_block(offs, block)
        for block in blocks(Wt, blk):           # the output
            input_block(offs, block)
            if fuse_gamma:
                read_block_to_cb(cb_gamma, addrg, gamma_tile_bytes, block.start, block)
            if fuse_beta:
                read_block_to_cb(cb_beta, addrb, beta_tile_bytes, block.start, block)
        offs += Wt
