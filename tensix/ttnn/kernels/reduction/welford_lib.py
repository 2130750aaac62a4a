"""Pieces shared by the Welford reduce kernels of tt-metal 622c6fb9 (welford_reduce_w.cpp, welford_reduce_h.cpp,
welford_reduce_hw.cpp), each written out in all three there: the end of one Welford step (an update of the whole tile,
or on the last tile of the column / row its valid rows and the finalize), an H-reduced column (welford_reduce_h and
phase 1 of welford_reduce_hw: the same loop) and the pack of one Dst tile into a CB."""

from tensix.kernel import (cb_pop_front, cb_push_back, cb_reserve_back, cb_wait_front, copy_tile,
                           copy_tile_to_dst_init_short, mul_tiles_bcast_scalar, mul_tiles_bcast_scalar_init_short,
                           pack_reconfig_data_format, pack_tile, tile_regs_acquire, tile_regs_commit, tile_regs_release,
                           tile_regs_wait, welford_finalize_to_row, welford_init, welford_reinit, welford_update,
                           welford_update_rows)

INPUT_DST, MEAN_DST, VAR_DST = 0, 1, 2


def welford_step(i, n, start_N, last_tile_rows, scale_idx, do_scale, before_commit=None):
    """Tile i of n in Dst tile 0: welford_update<0> (with do_scale the Dst section closed again: commit, wait,
    release), or for the last tile welford_update_rows<0> over its valid rows and welford_finalize_to_row<0>(1,
    scale_idx) (the RISC-V's reciprocals: an empty table), then `before_commit` (std's sqrt) and the commit."""
    if i < n - 1:
        welford_update(INPUT_DST, start_N, ())
        if do_scale:
            tile_regs_commit()
            tile_regs_wait()
            tile_regs_release()
    else:
        welford_update_rows(INPUT_DST, start_N, 0, last_tile_rows, ())
        welford_finalize_to_row(MEAN_DST, scale_idx, ())
        if before_commit is not None:
            before_commit()
        tile_regs_commit()


def h_column(cb_in, cb_scalar, Ht, tile_height, last_tile_rows, scale_idx, do_scale, before_commit=None):
    """One column of Ht tiles H-reduced: welford_init, per tile copy_tile (or, with do_scale, the scalar multiply
    into Dst and welford_reinit) and welford_step; the mean / variance left in Dst tiles 1 / 2 (committed)."""
    start_N = 0
    welford_init()
    if not do_scale:
        copy_tile_to_dst_init_short(cb_in)
        tile_regs_acquire()
    for ht in range(Ht):
        cb_wait_front(cb_in, 1)
        if do_scale:
            tile_regs_acquire()
            mul_tiles_bcast_scalar_init_short(cb_in, cb_scalar)
            mul_tiles_bcast_scalar(cb_in, cb_scalar, 0, 0, INPUT_DST)
            welford_reinit(cb_in)
        else:
            copy_tile(cb_in, 0, INPUT_DST)
        cb_pop_front(cb_in, 1)
        welford_step(ht, Ht, start_N, last_tile_rows, scale_idx, do_scale, before_commit)
        start_N += tile_height


def pack_one(idst, cb):
    """Dst tile idst packed into one page of cb: reserve, wait, pack_reconfig_data_format(cb), pack, release, push."""
    cb_reserve_back(cb, 1)
    tile_regs_wait()
    pack_reconfig_data_format(cb)
    pack_tile(idst, cb)
    tile_regs_release()
    cb_push_back(cb, 1)
