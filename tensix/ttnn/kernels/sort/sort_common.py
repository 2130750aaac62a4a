"""Compute helpers of ttnn.sort's kernels: the first bitonic pass over a row of tiles and the transpose back.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/sort/device/kernels/compute/sort_common.hpp
(sort_Wt_tiles_row_to_bitonic_sequence, transpose_and_pack). tt-llk's topk_local_sort sorts the 64 datums of each
column of a Dst tile pair, so a row of tiles is transposed (WH) on its way into Dst and back on its way out."""

from tensix.kernel import *  # noqa: F401,F403


def sort_Wt_tiles_row_to_bitonic_sequence(input_cb, index_cb, input_transposed_cb, index_transposed_cb, Wt,
                                          switch_dir, ascending, end_phase):
    """Each pair of value tiles (with their index tiles) transposed into Dst 0, 1 (indices 2, 3), sorted in place by
    topk_local_sort, the direction flipping between pairs when switch_dir (a bitonic sequence of 64-datum runs), all
    Wt tiles packed into the transposed CBs and pushed at once."""
    cb_reserve_back(input_transposed_cb, Wt)
    cb_reserve_back(index_transposed_cb, Wt)
    ascending_local = ascending
    for _wt in range(0, Wt, 2):
        tile_regs_acquire()
        cb_wait_front(input_cb, 2)
        cb_wait_front(index_cb, 2)
        reconfig_data_format_srca(input_cb)
        transpose_wh_init_short(input_cb)
        transpose_wh_tile(input_cb, 0, 0)
        transpose_wh_tile(input_cb, 1, 1)
        reconfig_data_format_srca(index_cb)
        transpose_wh_init_short(index_cb)
        transpose_wh_tile(index_cb, 0, 2)
        transpose_wh_tile(index_cb, 1, 3)
        topk_local_sort(0, int(ascending_local), end_phase)
        tile_regs_commit()
        tile_regs_wait()
        pack_reconfig_data_format(input_transposed_cb)
        pack_tile(0, input_transposed_cb)
        pack_tile(1, input_transposed_cb)
        pack_reconfig_data_format(index_transposed_cb)
        pack_tile(2, index_transposed_cb)
        pack_tile(3, index_transposed_cb)
        cb_pop_front(input_cb, 2)
        cb_pop_front(index_cb, 2)
        tile_regs_release()
        if switch_dir:
            ascending_local = not ascending_local
    cb_push_back(input_transposed_cb, Wt)
    cb_push_back(index_transposed_cb, Wt)


def transpose_and_pack(transposed_cb, dest_cb, Wt):
    """The Wt tiles of transposed_cb transposed back (WH) one by one into dest_cb, then popped."""
    reconfig_data_format_srca(transposed_cb)
    transpose_wh_init_short(transposed_cb)
    pack_reconfig_data_format(dest_cb)
    cb_wait_front(transposed_cb, Wt)
    for i in range(Wt):
        tile_regs_acquire()
        cb_reserve_back(dest_cb, 1)
        transpose_wh_tile(transposed_cb, i, 0)
        tile_regs_commit()
        tile_regs_wait()
        pack_tile(0, dest_cb)
        cb_push_back(dest_cb, 1)
        tile_regs_release()
    cb_wait_front(transposed_cb, Wt)
    cb_pop_front(transposed_cb, Wt)


class OldCb:
    """The C++'s `uint32_t& global_old_cb`: the CB the unpacker was last configured for (copy_tile_to_dst_init_short_
    with_dt reconfigures from it to the next)."""

    def __init__(self, cb=0):
        self.cb = cb


def copy_tile_to_dst_init_with_cb_update(new_cb, old: OldCb):
    copy_tile_to_dst_init_short_with_dt(old.cb, new_cb)
    old.cb = new_cb


def sync_packer_unpacker(sync_cb):
    """Two reserve / push / wait / pop rounds on a one-page CB: on the card the PACK thread (reserve, push) and the
    UNPACK thread (wait, pop) each wait for the other here."""
    for _ in range(2):
        cb_reserve_back(sync_cb, 1)
        cb_push_back(sync_cb, 1)
        cb_wait_front(sync_cb, 1)
        cb_pop_front(sync_cb, 1)


def copy_tile_between_cbs(old: OldCb, src_cb, src_tile_id, dst_cb, dst_tile_id=0):
    """Tile src_tile_id of src_cb through Dst 0 into dst_cb (page dst_tile_id out of order, or in order for 0)."""
    tile_regs_acquire()
    copy_tile_to_dst_init_with_cb_update(src_cb, old)
    copy_tile(src_cb, src_tile_id, 0)
    tile_regs_commit()
    tile_regs_wait()
    pack_reconfig_data_format(dst_cb)
    if dst_tile_id != 0:
        pack_tile[True](0, dst_cb, dst_tile_id)
    else:
        pack_tile(0, dst_cb, 0)
    tile_regs_release()
