"""Compute kernel of ttnn.transpose(-2, -1) on row-major tensors (TransposeWHProgramFactory's row-major path, and
TransposeWHShardedRMProgramFactory with SHARDED defined): per H x W plane, the Ht row groups of the input CB tilized
into the tilize CB (Fp32Mode::Lossless, so Float32 keeps its mantissa), then for each tile column w the column's Ht
tiles transposed (transpose_wh_tile) into Dst in blocks of block_ct_dim tiles and packed back to rows
(pack_untilize_dest<block_ct_dim, Ht>) into the output CB: 32 output rows Ht tiles wide.

CBs: interleaved build c_0 -> c_24 -> c_16; SHARDED build c_24 -> c_25 -> c_16 (the output shard itself) when Ht <= 8,
else c_27 (which the writer copies into the shard). The SHARDED build packs narrow rows
(transpose_with_pack_untilize_narrow_row, pack_untilize_dest<Ht, Ht, narrow_row = true, row_size>) when H is not a
tile multiple; tensix's pack_untilize_dest refuses that mode (NotModelledError), the factory refuses it first.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/transpose/device/kernels/compute/transpose_wh_rm.cpp
(unary_op_init_common is tensix's init_sfpu). Compile-time args: Ht, Wt, HtWt, and with SHARDED
num_hw_blocks_per_core, last_output_row_num_datums, pack_num_pages, pack_num_pages_last_col,
pack_num_pages_last_row, pack_num_pages_last_row_col. Runtime args (interleaved build): num_hw_blocks_per_core.
Define DST_ACCUM_MODE (32-bit integers; else the ComputeConfig's fp32_dest_acc_en)."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.kernel import _ctx
from tensix.ttnn.kernels.data_movement import kernel_lib as K

unary_op_init_common = init_sfpu


def _num_blocks_per_col(ht: int, dst_accum: bool) -> int:
    """compute_num_blocks_per_col: Ht over its largest divisor <= 8 (4 with a 32-bit Dst)."""
    for bct in range(4 if dst_accum else 8, 0, -1):
        if ht % bct == 0:
            return ht // bct
    return 1


def _transpose_with_pack_untilize(Wt, Ht, HtWt, cb_tilize, cb_out, dst_accum):
    tile_idx = 0
    transpose_wh_init_short(cb_tilize)
    nb = _num_blocks_per_col(Ht, dst_accum)
    bct = Ht // nb
    pack_untilize_dest_init[bct, Ht](cb_out)
    for _w in range(Wt):
        cb_reserve_back(cb_out, Ht)
        for b in range(nb):
            tile_regs_acquire()
            for h in range(bct):
                transpose_wh_tile(cb_tilize, tile_idx, h)
                tile_idx += Wt
            tile_regs_commit()
            tile_regs_wait()
            pack_untilize_dest[bct, Ht](cb_out, 1, b)
            tile_regs_release()
        cb_push_back(cb_out, Ht)
        cb_wait_front(cb_out, Ht)
        tile_idx = tile_idx - HtWt + 1
    pack_untilize_uninit(cb_out)


def _transpose_with_pack_untilize_narrow_row(Wt, Ht, HtWt, row_size, pages_last_col, pages_last_row_col,
                                             cb_tilize, cb_out):
    tile_idx = 0
    transpose_wh_init_short(cb_tilize)
    pack_untilize_dest_init[Ht, Ht, True, row_size](cb_out)     # tensix: NotModelledError (narrow rows)
    for w in range(Wt):
        tile_regs_acquire()
        for h in range(Ht):
            transpose_wh_tile(cb_tilize, tile_idx, h)
            tile_idx += Wt
        tile_regs_commit()
        pages = pages_last_row_col if w == Wt - 1 else pages_last_col
        cb_reserve_back(cb_out, pages)
        tile_regs_wait()
        pack_untilize_dest[Ht, Ht, False, True, row_size](cb_out)
        tile_regs_release()
        cb_push_back(cb_out, pages)
        tile_idx = tile_idx - HtWt + 1
    pack_untilize_uninit(cb_out)


def kernel_main():
    Ht = get_compile_time_arg_val(0)
    Wt = get_compile_time_arg_val(1)
    HtWt = get_compile_time_arg_val(2)
    sharded = bool(globals().get("SHARDED"))
    if sharded:
        num_blocks = get_compile_time_arg_val(3)
        last_row_datums = get_compile_time_arg_val(4)
        pages_last_col = get_compile_time_arg_val(6)
        pages_last_row_col = get_compile_time_arg_val(8)
        narrow = last_row_datums < 32
        row_size = last_row_datums if narrow else 32
        cb_in, cb_tilize = CBIndex.c_24, CBIndex.c_25
        cb_out = CBIndex.c_27 if Ht > 8 else CBIndex.c_16     # tt-metal's temporary fix for pack_untilize
    else:
        num_blocks = get_arg_val(0)
        narrow = False
        cb_in, cb_tilize, cb_out = CBIndex.c_0, CBIndex.c_24, CBIndex.c_16
    define = globals().get("DST_ACCUM_MODE")
    dst_accum = bool(int(define)) if define is not None else bool(_ctx.th.compute.fp32)
    unary_op_init_common(cb_in, cb_out)
    for _n in range(num_blocks):
        K.tilize(Wt, cb_in, cb_tilize, Ht, reconfig_mode=K.ReconfigureRegisterDatatypeMode.NoReconfigure,
                 fp32_mode=K.Fp32Mode.Lossless)
        cb_wait_front(cb_tilize, HtWt)
        if narrow:
            _transpose_with_pack_untilize_narrow_row(Wt, Ht, HtWt, row_size, pages_last_col, pages_last_row_col,
                                                     cb_tilize, cb_out)
        else:
            _transpose_with_pack_untilize(Wt, Ht, HtWt, cb_tilize, cb_out, dst_accum)
        cb_pop_front(cb_tilize, HtWt)
