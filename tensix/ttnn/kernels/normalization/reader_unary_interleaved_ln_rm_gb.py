"""Reader of ttnn's layernorm / rms_norm with a ROW_MAJOR gamma or beta (LayerNormMultiCoreProgramFactory,
use_row_major_kernel, TILE input): the reduce scaler tiles into cb_scaler (a second, partial one when W % 32 > 0),
the epsilon tile, then per tile row its Wt input tiles (and the residual's with FUSE_PRE_ADD) in blocks of
block_size; on the first row, per block, gamma's and beta's sticks: each page is one row of 32 bfloat16 values
(the weight reshaped to [Wt, 32]); its 64 bytes are read to the start of the tile, then its second half (columns
16-31) is copied inside L1 to offset 512 (row 0 of face 1), so row 0 of the tile holds the 32 values for the compute
kernel's row broadcast. The rest of the tile is left as it was.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/normalization/layernorm/device/kernels/dataflow/
reader_unary_interleaved_ln_rm_gb.cpp. Compile-time args: block_size, use_welford, W, the TensorAccessorArgs of
input, residual, gamma, beta (absent ones: a 0xFFFFFFFF word), then the gamma (or beta) stick size in bytes.
Runtime args: src_addr, NCHt, Wt, tile_offset (first tile row * Wt), packed one, eps bits, gamma_addr, beta_addr,
b_addr. Defines: FUSE_PRE_ADD, FUSE_GAMMA, FUSE_BETA, RMSNORM. CB ids are named compile-time args (dict CB_NAMES)."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.normalization.norm_lib import (blocks, ln_accessor_args, ln_reader_args, push_eps,
                                                        push_reduce_scalers, read_block_to_cb)


def _read_sticks(cb, acc, tile_bytes, block):
    """One 64-byte stick per tile: row 0 of face 0 from the page, row 0 of face 1 from its second half in L1."""
    cb_reserve_back(cb, block.full_block_size)
    wp = get_write_ptr(cb)
    for idx, r in enumerate(block.local()):
        dst = wp + idx * tile_bytes
        noc_async_read(acc.get_noc_addr(block.start + r), dst, 64)
        noc_async_read_barrier()
        noc_async_read(get_noc_addr(int(my_x), int(my_y), dst + 32), dst + 512, 32)
    noc_async_read_barrier()
    cb_push_back(cb, block.full_block_size)


def kernel_main():
    src_addr, NCHt, Wt, tile_offset, gamma_addr, beta_addr, b_addr = ln_reader_args()
    cb_in0, cb_in1 = CB_NAMES["cb_in"], CB_NAMES["cb_inb"]
    cb_gamma, cb_beta = CB_NAMES["cb_gamma"], CB_NAMES["cb_beta"]
    block_size = get_compile_time_arg_val(0)
    use_welford = get_compile_time_arg_val(1) == 1
    W = get_compile_time_arg_val(2)
    (src0_args, src1_args, gamma_args, beta_args), off = ln_accessor_args(3)
    stick_bytes = get_compile_time_arg_val(off)
    fuse_pre_add = globals().get("FUSE_PRE_ADD", 0)
    fuse_gamma = globals().get("FUSE_GAMMA", 0)
    fuse_beta = globals().get("FUSE_BETA", 0)
    src0_tile_bytes = get_tile_size(cb_in0)
    src_a = TensorAccessor(src0_args, src_addr, src0_tile_bytes)
    if fuse_gamma:
        gamma_tile_bytes = get_tile_size(cb_gamma)
        addrg = TensorAccessor(gamma_args, gamma_addr, stick_bytes)
    if fuse_beta:
        beta_tile_bytes = get_tile_size(cb_beta)
        addrb = TensorAccessor(beta_args, beta_addr, stick_bytes)
    if fuse_pre_add:
        src1_tile_bytes = get_tile_size(cb_in1)
        src_b = TensorAccessor(src1_args, b_addr, src1_tile_bytes)
    cb_scaler, cb_eps = CB_NAMES["cb_scaler"], CB_NAMES["cb_eps"]
    if not use_welford:
        push_reduce_scalers(cb_scaler, W)
    push_eps(cb_eps, get_arg_val(5))
    offs = 0
    for ncht in range(NCHt):
        for block in blocks(Wt, block_size):
            flat = offs + block.start + tile_offset
            read_block_to_cb(cb_in0, src_a, src0_tile_bytes, flat, block)
            if fuse_pre_add:
                read_block_to_cb(cb_in1, src_b, src1_tile_bytes, flat, block)
        if (fuse_gamma or fuse_beta) and ncht == 0:
            for block in blocks(Wt, block_size):
                if fuse_gamma:
                    _read_sticks(cb_gamma, addrg, gamma_tile_bytes, block)
                if fuse_beta:
                    _read_sticks(cb_beta, addrb, beta_tile_bytes, block)
        offs += Wt
