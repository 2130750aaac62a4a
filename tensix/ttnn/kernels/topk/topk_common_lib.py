"""Shared compute functions of ttnn.topk's multi-core kernels (topk_local, topk_final).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/topk/device/kernels/compute/topk_common_funcs.hpp:
process_and_sort_tiles (transpose pairs of input tiles and bitonic-sort them locally), process_tile_pair /
process_tiles / process_iteration (one merge + rebuild iteration over the single-buffered transposed CBs, packed in
place with pack_tile<true>) and transpose_and_pack. The C++ reference parameters (ascending, num_k_sequences,
seq_per_2tiles) are returned."""

from tensix.kernel import *  # noqa: F401,F403


def process_and_sort_tiles(input_cb_index, index_cb_index, input_transposed_cb_index, index_transposed_cb_index,
                           Wt, switch_dir, ascending, end_phase):
    """Returns the direction after the last pair (the C++ bool& ascending)."""
    cb_reserve_back(input_transposed_cb_index, Wt)
    cb_reserve_back(index_transposed_cb_index, Wt)
    for wt in range(0, Wt, 2):
        tiles_to_wait = 1 if (Wt % 2 != 0 and wt + 2 > Wt) else 2
        cb_wait_front(input_cb_index, tiles_to_wait)
        cb_wait_front(index_cb_index, tiles_to_wait)
        tile_regs_acquire()
        reconfig_data_format_srca(input_cb_index)
        transpose_wh_init_short(input_cb_index)
        transpose_wh_tile(input_cb_index, 0, 0)
        if tiles_to_wait == 2:
            transpose_wh_tile(input_cb_index, 1, 1)
        reconfig_data_format_srca(index_cb_index)
        transpose_wh_init_short(index_cb_index)
        transpose_wh_tile(index_cb_index, 0, 2)
        if tiles_to_wait == 2:
            transpose_wh_tile(index_cb_index, 1, 3)
        topk_local_sort(0, int(ascending), end_phase)
        tile_regs_commit()
        cb_pop_front(input_cb_index, tiles_to_wait)
        cb_pop_front(index_cb_index, tiles_to_wait)
        tile_regs_wait()
        pack_reconfig_data_format(input_transposed_cb_index)
        pack_tile(0, input_transposed_cb_index)
        if tiles_to_wait == 2:
            pack_tile(1, input_transposed_cb_index)
        pack_reconfig_data_format(index_transposed_cb_index)
        pack_tile(2, index_transposed_cb_index)
        if tiles_to_wait == 2:
            pack_tile(3, index_transposed_cb_index)
        tile_regs_release()
        ascending = (not ascending) if switch_dir else ascending
    cb_push_back(input_transposed_cb_index, Wt)
    cb_push_back(index_transposed_cb_index, Wt)
    return ascending


def _load_pair(left, right, val_cb, ind_cb, v0, v1, i0, i1, second):
    copy_tile_to_dst_init_short_with_dt(ind_cb, val_cb)
    copy_tile(val_cb, left, v0)
    if second:
        copy_tile(val_cb, right, v1)
    copy_tile_to_dst_init_short_with_dt(val_cb, ind_cb)
    copy_tile(ind_cb, left, i0)
    if second:
        copy_tile(ind_cb, right, i1)


def _pack_pair_in_place(left, right, val_cb, ind_cb, v0, v1, i0, i1, second):
    pack_reconfig_data_format(val_cb)
    pack_tile[True](v0, val_cb, left)
    if second:
        pack_tile[True](v1, val_cb, right)
    pack_reconfig_data_format(ind_cb)
    pack_tile[True](i0, ind_cb, left)
    if second:
        pack_tile[True](i1, ind_cb, right)


def process_tile_pair(left_ind, right_ind, input_transposed_cb_index, index_transposed_cb_index, input_dest_start,
                      input_dest_end, index_dest_start, index_dest_end, ascending, m_iter, K, logk,
                      target_tiles_is_one):
    dst = (input_dest_start, input_dest_end, index_dest_start, index_dest_end)
    tile_regs_acquire()
    _load_pair(left_ind, right_ind, input_transposed_cb_index, index_transposed_cb_index, *dst,
               not target_tiles_is_one)
    topk_rebuild(0, int(ascending), m_iter, K, logk, int(target_tiles_is_one))
    tile_regs_commit()
    tile_regs_wait()
    _pack_pair_in_place(left_ind, right_ind, input_transposed_cb_index, index_transposed_cb_index, *dst,
                        not target_tiles_is_one)
    tile_regs_release()


def process_tiles(m_iter, K, Wt, num_k_sequences, tiles_per_seq, input_transposed_cb_index, index_transposed_cb_index,
                  input_dest_start, input_dest_end, index_dest_start, index_dest_end, largest, seq_per_2tiles):
    dst = (input_dest_start, input_dest_end, index_dest_start, index_dest_end)
    dist = ((1 << m_iter) * K) >> 5
    for i in range(0, num_k_sequences, seq_per_2tiles):
        for t in range(tiles_per_seq):
            left_tile_id = ((i * (1 << m_iter) * K) >> 5) + t
            right_tile_id = left_tile_id + dist
            if left_tile_id == right_tile_id:
                right_tile_id = left_tile_id + 1
            if left_tile_id >= Wt or right_tile_id >= Wt:
                break
            tile_regs_acquire()
            _load_pair(left_tile_id, right_tile_id, input_transposed_cb_index, index_transposed_cb_index, *dst, True)
            topk_merge(0, m_iter, K, idir=not largest)
            tile_regs_commit()
            tile_regs_wait()
            _pack_pair_in_place(left_tile_id, right_tile_id, input_transposed_cb_index, index_transposed_cb_index,
                                *dst, True)
            tile_regs_release()


def _recycle(val_cb, ind_cb, Wt):
    """reserve / pop / push of the whole single-buffered CB: the data stays, the pointers go round once.

    The C++ reserves (pack thread, TRISC2) before it pops (unpack thread, TRISC0) on a full CB: on the card the pack
    thread waits there until the unpack thread's pop, which runs on its own. tensix runs the three TRISCs of a compute
    kernel as one thread, so the pops are issued first here; each TRISC's own sequence of calls is the C++'s."""
    cb_pop_front(val_cb, Wt)
    cb_pop_front(ind_cb, Wt)
    cb_reserve_back(val_cb, Wt)
    cb_reserve_back(ind_cb, Wt)
    cb_push_back(val_cb, Wt)
    cb_push_back(ind_cb, Wt)


def process_iteration(m_iter, K, Wt, num_k_sequences, tiles_per_seq, input_transposed_cb_index,
                      index_transposed_cb_index, input_dest_start, input_dest_end, index_dest_start, index_dest_end,
                      largest, switch_dir, logk, seq_per_2tiles, largest_param):
    """One merge and rebuild iteration; returns (num_k_sequences, seq_per_2tiles) as the C++ leaves them."""
    cb_wait_front(input_transposed_cb_index, Wt)
    cb_wait_front(index_transposed_cb_index, Wt)
    process_tiles(m_iter, K, Wt, num_k_sequences, tiles_per_seq, input_transposed_cb_index,
                  index_transposed_cb_index, input_dest_start, input_dest_end, index_dest_start, index_dest_end,
                  largest_param, seq_per_2tiles)
    _recycle(input_transposed_cb_index, index_transposed_cb_index, Wt)

    num_k_sequences >>= 1
    target_tiles = 1 if (Wt == 1 or (num_k_sequences == 1 and tiles_per_seq == 1)) else 2
    sel_tile_id = [0, 0]
    sel_tile_id_ptr = 0
    seq_per_2tiles = 2 if seq_per_2tiles == 2 else seq_per_2tiles >> 1
    ascending = not largest

    cb_wait_front(input_transposed_cb_index, Wt)
    cb_wait_front(index_transposed_cb_index, Wt)
    for idx in range(0, num_k_sequences, seq_per_2tiles >> 1):
        for t in range(tiles_per_seq):
            left_ind = ((idx * (1 << (m_iter + 1)) * K) >> 5) + t
            if left_ind >= Wt:
                break
            sel_tile_id[sel_tile_id_ptr] = left_ind
            sel_tile_id_ptr += 1
            if sel_tile_id_ptr == target_tiles:
                process_tile_pair(sel_tile_id[0], sel_tile_id[1], input_transposed_cb_index,
                                  index_transposed_cb_index, input_dest_start, input_dest_end, index_dest_start,
                                  index_dest_end, ascending, m_iter, K, logk, target_tiles == 1)
                sel_tile_id_ptr = 0
                ascending = (not ascending) if switch_dir else ascending
    _recycle(input_transposed_cb_index, index_transposed_cb_index, Wt)
    return num_k_sequences, seq_per_2tiles


def compute_args():
    """The 14 compile-time args of topk_local / topk_final: input_cb, index_cb, input_transposed_cb,
    index_transposed_cb, values_cb, output_ind_cb, Ht, Wt, K, Kt, logk, logWt, largest, sorted."""
    return [get_compile_time_arg_val(i) for i in range(14)]


def tiles_out(src_cb, dest_cb, n, transpose, push=True):
    """Tiles 0..n-1 of src_cb (waited on by the caller) one by one through Dst 0 (transpose_wh_tile or copy_tile, as
    the caller's init programmed) into dest_cb, each reserved and packed on its own, and pushed unless push is False
    (topk_final's values: pushed all at once by the caller)."""
    for i in range(n):
        tile_regs_acquire()
        if transpose:
            transpose_wh_tile(src_cb, i, 0)
        else:
            copy_tile(src_cb, i, 0)
        tile_regs_commit()
        cb_reserve_back(dest_cb, 1)
        tile_regs_wait()
        pack_tile(0, dest_cb)
        tile_regs_release()
        if push:
            cb_push_back(dest_cb, 1)


def transpose_and_pack(transposed_cb_index, dest_cb_index, Kt, Wt):
    """The first Kt tiles of the transposed CB back to WH into dest (packed in dest's format); then all Wt popped."""
    reconfig_data_format_srca(transposed_cb_index)
    transpose_wh_init_short(transposed_cb_index)
    pack_reconfig_data_format(dest_cb_index)
    cb_wait_front(transposed_cb_index, Kt)
    tiles_out(transposed_cb_index, dest_cb_index, Kt, True)
    cb_wait_front(transposed_cb_index, Wt)
    cb_pop_front(transposed_cb_index, Wt)
