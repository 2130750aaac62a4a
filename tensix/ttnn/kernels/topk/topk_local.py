"""Compute kernel of ttnn.topk's multi-core program on the local cores: bitonic top-K of this core's width chunk.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/topk/device/kernels/compute/topk_local.cpp. Per row of
tiles: the Wt_local input tiles are transposed and locally sorted in pairs into c_2 / c_3 (process_and_sort_tiles),
then log2(Wt_local) merge + rebuild iterations (process_iteration) leave the best K in the first Kt tiles, which are
copied (still transposed) into c_8 / c_9 for the writer. Compile-time args: input_cb, index_cb, input_transposed_cb,
index_transposed_cb, values_cb, output_ind_cb, Ht, Wt, K, Kt, logk, logWt, largest, sorted. Runtime args:
direction_init (alternating between cores so that neighbouring chunks form bitonic sequences)."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.topk.topk_common_lib import (compute_args, process_and_sort_tiles, process_iteration,
                                                      tiles_out)


def copy_out(src_cb, other_cb, dest_cb, Kt, Wt):
    """The first Kt tiles of src_cb copied into dest_cb one by one; then all Wt tiles of src_cb popped."""
    reconfig_data_format_srca(src_cb)
    copy_tile_to_dst_init_short_with_dt(other_cb, src_cb)
    cb_wait_front(src_cb, Kt)
    tiles_out(src_cb, dest_cb, Kt, False)
    cb_wait_front(src_cb, Wt)
    cb_pop_front(src_cb, Wt)


def kernel_main():
    (input_cb_index, index_cb_index, input_transposed_cb_index, index_transposed_cb_index, values_cb_index,
     output_ind_cb_index, Ht, Wt, K, Kt, logk, logWt, largest, _sorted) = compute_args()
    direction_init = get_arg_val(0)

    input_dest_start, index_dest_start, input_dest_end, index_dest_end = 0, 2, 1, 3
    tiles_per_seq = (K + 31) // 32
    end_phase = logk - 1 if K <= 64 else 5

    topk_tile_init()
    transpose_wh_init(input_cb_index, input_transposed_cb_index)
    transpose_wh_init(index_cb_index, index_transposed_cb_index)

    switch_dir = K == 64
    seq_per_2tiles = max((2 * 32) // K, 2)
    for _ht in range(Ht):
        ascending = not largest
        ascending = process_and_sort_tiles(input_cb_index, index_cb_index, input_transposed_cb_index,
                                           index_transposed_cb_index, Wt, switch_dir, ascending, end_phase)
        num_k_sequences = (Wt * 32) // K
        for m_iter in range(logWt):
            num_k_sequences, seq_per_2tiles = process_iteration(
                m_iter, K, Wt, num_k_sequences, tiles_per_seq, input_transposed_cb_index, index_transposed_cb_index,
                input_dest_start, input_dest_end, index_dest_start, index_dest_end, not direction_init, switch_dir,
                logk, seq_per_2tiles, largest)
        # values: the packer is configured for c_8 (the C++ reconfigures it once, before the copies)
        pack_reconfig_data_format(values_cb_index)
        copy_out(input_transposed_cb_index, index_transposed_cb_index, values_cb_index, Kt, Wt)
        # indices: the C++ reconfigures the packer for c_3 (index_transposed_cb), not c_9: same format
        pack_reconfig_data_format(index_transposed_cb_index)
        copy_out(index_transposed_cb_index, input_transposed_cb_index, output_ind_cb_index, Kt, Wt)
