"""Compute kernel of ttnn.sort's cross-core data exchange program: the bitonic sort of a row split over cores.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/sort/device/kernels/compute/
sort_cross_core_data_exchange.cpp. The core owns n = number_of_tiles_per_core tiles of each row (global tiles
core_id * n ..). Per row: (ROW_MAJOR: the slice tilized from c_12 into c_0) sort_Wt_tiles_row_to_bitonic_sequence
over the n tiles, starting ascending on even cores and descending on odd ones; then the network of the whole row
(log2(Wt) stages): a step whose partner tile j is on this core runs as in the single-core kernel (topk_merge with
k = 32, topk_local_sort for the last step); a step whose partner is on another core copies the core's tiles pairwise
into c_6 / c_7 for the reader's exchange, merges each local tile with the peer's tile from c_8 / c_9 (topk_merge) and
keeps the lower or the upper half (select_lower = dir ^ (i < j)). Then the tiles are transposed back: TILE into
c_4 / c_5, ROW_MAJOR into c_0 / c_15 and pack_untilize'd into c_13 / c_14.

Compile-time args: grid x, grid y, Ht, Wt, n, cores used, ascending, then CBs input, index, input_transposed,
index_transposed, value_out, index_out, value / index intermediate, value / index peer, packer-unpacker sync,
is_row_major, rm input, rm value output, rm index output, rm post-sort index."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.kernel import _ctx
from tensix.ttnn.kernels.sort.sort_common import (OldCb, copy_tile_between_cbs, copy_tile_to_dst_init_with_cb_update,
                                                  sort_Wt_tiles_row_to_bitonic_sequence, sync_packer_unpacker,
                                                  transpose_and_pack)

TILE_H = 32


def kernel_main():
    (grid_x, _grid_y, Ht, Wt, n, _cores_used, ascending, input_cb, index_cb, input_t_cb, index_t_cb, value_out_cb,
     index_out_cb, value_inter_cb, index_inter_cb, value_peer_cb, index_peer_cb, sync_cb, is_row_major, rm_input_cb,
     rm_value_out_cb, rm_index_out_cb, rm_post_sort_index_cb) = (get_compile_time_arg_val(i) for i in range(23))
    ascending, is_row_major = bool(ascending), bool(is_row_major)
    core_id = (get_absolute_logical_y() * grid_x + get_absolute_logical_x()) & 0xFFFF
    tile_start = (core_id * n) & 0xFFFF
    tile_end = (tile_start + n) & 0xFFFF
    old = OldCb(0)
    IN_LO, IN_HI, IX_LO, IX_HI = 0, 1, 2, 3

    compute_kernel_hw_startup(rm_input_cb if is_row_major else input_cb, index_cb, input_cb)
    if is_row_major:
        binary_op_init_common(input_cb, index_cb, input_t_cb)
    topk_tile_init()
    transpose_wh_init(input_cb, input_t_cb)

    stages = Wt.bit_length() - 1
    for _h in range(Ht):
        if is_row_major:
            tilize_init(rm_input_cb, n, input_cb)
            cb_wait_front(rm_input_cb, TILE_H)
            cb_reserve_back(input_cb, n)
            tilize_block(rm_input_cb, n, input_cb)
            cb_push_back(input_cb, n)
            cb_pop_front(rm_input_cb, TILE_H)
            tilize_uninit(rm_input_cb, input_cb)
        first_dir = ascending ^ ((core_id & 1) == 1)
        sort_Wt_tiles_row_to_bitonic_sequence(input_cb, index_cb, input_t_cb, index_t_cb, n, True, first_dir, 5)
        old.cb = index_cb
        cb_wait_front(input_t_cb, n)
        cb_wait_front(index_t_cb, n)
        for stage in range(2, stages + 1):
            m_iter = stage - 1
            for sub in range(stage, 0, -1):
                sub_dist = 1 << (sub - 1)
                for i in range(tile_start, tile_end):     # tiles of other cores: nothing to do
                    j = i ^ sub_dist
                    sync_packer_unpacker(sync_cb)
                    direction = (((i >> stage) & 1) == 0) == ascending
                    if tile_start <= j < tile_end:
                        if j > i:
                            _local_step(old, input_t_cb, index_t_cb, i - tile_start, j - tile_start, sub, m_iter,
                                        direction)
                        continue
                    tile_id = i - tile_start
                    if (i & 1) == 0:
                        # this pair of local tiles to the reader, for the exchange with the peer core
                        for t in (tile_id, tile_id + 1):
                            cb_reserve_back(value_inter_cb, 1)
                            cb_reserve_back(index_inter_cb, 1)
                            copy_tile_between_cbs(old, index_t_cb, t, index_inter_cb)
                            cb_push_back(index_inter_cb, 1)
                            copy_tile_between_cbs(old, input_t_cb, t, value_inter_cb)
                            cb_push_back(value_inter_cb, 1)
                        sync_packer_unpacker(sync_cb)
                    tile_regs_acquire()
                    copy_tile_to_dst_init_with_cb_update(index_t_cb, old)
                    copy_tile(index_t_cb, tile_id, IX_LO)
                    copy_tile_to_dst_init_with_cb_update(input_t_cb, old)
                    copy_tile(input_t_cb, tile_id, IN_LO)
                    cb_wait_front(index_peer_cb, 1)
                    copy_tile_to_dst_init_with_cb_update(index_peer_cb, old)
                    copy_tile(index_peer_cb, 0, IX_HI)
                    cb_pop_front(index_peer_cb, 1)
                    cb_wait_front(value_peer_cb, 1)
                    copy_tile_to_dst_init_with_cb_update(value_peer_cb, old)
                    copy_tile(value_peer_cb, 0, IN_HI)
                    cb_pop_front(value_peer_cb, 1)
                    topk_merge(0, m_iter, 32)
                    # topk_merge leaves the smaller half in Dst 0, the larger in Dst 1
                    select_lower = direction ^ (i < j)
                    value_out, index_out = (IN_LO, IX_LO) if select_lower else (IN_HI, IX_HI)
                    tile_regs_commit()
                    tile_regs_wait()
                    pack_reconfig_data_format(index_t_cb)
                    pack_tile[True](index_out, index_t_cb, tile_id)
                    pack_reconfig_data_format(input_t_cb)
                    pack_tile[True](value_out, input_t_cb, tile_id)
                    tile_regs_release()

        # the C++ reserves before it pops (PACK and UNPACK threads on the card); one sequence here: pops first
        cb_pop_front(input_t_cb, n)
        cb_pop_front(index_t_cb, n)
        cb_reserve_back(input_t_cb, n)
        cb_reserve_back(index_t_cb, n)
        cb_push_back(input_t_cb, n)
        cb_push_back(index_t_cb, n)
        if not is_row_major:
            transpose_and_pack(input_t_cb, value_out_cb, n)
            transpose_and_pack(index_t_cb, index_out_cb, n)
            continue
        max_dest = 4 if _ctx.th.compute.fp32 else 8     # DST_ACCUM_MODE: the ComputeConfig's fp32_dest_acc_en
        sub_block = n if n < max_dest else max_dest
        transpose_and_pack(input_t_cb, input_cb, n)
        transpose_and_pack(index_t_cb, rm_post_sort_index_cb, n)
        for src_cb, other_cb, out_cb in ((input_cb, index_cb, rm_value_out_cb),
                                         (rm_post_sort_index_cb, input_cb, rm_index_out_cb)):
            binary_op_init_common(src_cb, other_cb, out_cb)
            pack_untilize_init[sub_block, n](src_cb, out_cb)
            cb_wait_front(src_cb, n)
            cb_reserve_back(out_cb, TILE_H)
            for b in range(n // sub_block):
                pack_untilize_block[sub_block, n](src_cb, 1, out_cb, b)
                cb_pop_front(src_cb, sub_block)
            cb_push_back(out_cb, TILE_H)
            pack_untilize_uninit(out_cb)


def _local_step(old, input_t_cb, index_t_cb, left, right, sub, m_iter, direction):
    """A compare-exchange of two tiles of this core, in place (as the single-core kernel's, with k = 32)."""
    tile_regs_acquire()
    copy_tile_to_dst_init_with_cb_update(input_t_cb, old)
    copy_tile(input_t_cb, left, 0)
    copy_tile(input_t_cb, right, 1)
    copy_tile_to_dst_init_with_cb_update(index_t_cb, old)
    copy_tile(index_t_cb, left, 2)
    copy_tile(index_t_cb, right, 3)
    in_lo, in_hi, ix_lo, ix_hi = 0, 1, 2, 3
    if sub == 1:
        topk_local_sort(0, int(direction), 5)
    else:
        topk_merge(0, m_iter, 32)
        if direction:
            in_lo, in_hi, ix_lo, ix_hi = 1, 0, 3, 2
    tile_regs_commit()
    tile_regs_wait()
    pack_reconfig_data_format(input_t_cb)
    pack_tile[True](in_lo, input_t_cb, left)
    pack_tile[True](in_hi, input_t_cb, right)
    pack_reconfig_data_format(index_t_cb)
    pack_tile[True](ix_lo, index_t_cb, left)
    pack_tile[True](ix_hi, index_t_cb, right)
    tile_regs_release()
