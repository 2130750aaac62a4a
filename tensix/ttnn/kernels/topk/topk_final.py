"""Compute kernel of ttnn.topk's multi-core program on the final core: the global top-K of the local cores' results.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/topk/device/kernels/compute/topk_final.cpp. Per row of
tiles: the Wt_final gathered tiles (Kt from each local core, still transposed) are copied into c_6 / c_7, log2(Wt_final)
merge + rebuild iterations (process_iteration) leave the best K in the first Kt tiles, which are transposed back into
c_8 / c_9. Compile-time args: input_cb, index_cb, input_transposed_cb, index_transposed_cb, values_cb, output_ind_cb,
Ht, Wt, K, Kt, logk, logWt, largest, sorted."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.topk.topk_common_lib import compute_args, process_iteration, tiles_out, transpose_and_pack


def kernel_main():
    (input_cb_index, index_cb_index, input_transposed_cb_index, index_transposed_cb_index, values_cb_index,
     output_ind_cb_index, Ht, Wt, K, Kt, logk, logWt, largest, _sorted) = compute_args()

    input_dest_start, index_dest_start, input_dest_end, index_dest_end = 0, 2, 1, 3
    tiles_per_seq = (K + 31) // 32
    switch_dir = K == 64
    seq_per_2tiles = max((2 * 32) // K, 2)

    init_sfpu(input_cb_index, values_cb_index)
    topk_tile_init()
    for _ht in range(Ht):
        cb_wait_front(input_cb_index, Wt)
        cb_wait_front(index_cb_index, Wt)
        pack_reconfig_data_format(input_transposed_cb_index)
        tiles_out(input_cb_index, input_transposed_cb_index, Wt, False, push=False)
        cb_push_back(input_transposed_cb_index, Wt)
        cb_wait_front(input_transposed_cb_index, Wt)
        cb_pop_front(input_cb_index, Wt)

        copy_tile_to_dst_init_short_with_dt(input_cb_index, index_cb_index)
        pack_reconfig_data_format(index_transposed_cb_index)
        tiles_out(index_cb_index, index_transposed_cb_index, Wt, False)
        cb_wait_front(index_transposed_cb_index, Wt)
        cb_pop_front(index_cb_index, Wt)

        num_k_sequences = (Wt * 32) // K
        for m_iter in range(logWt):
            num_k_sequences, seq_per_2tiles = process_iteration(
                m_iter, K, Wt, num_k_sequences, tiles_per_seq, input_transposed_cb_index, index_transposed_cb_index,
                input_dest_start, input_dest_end, index_dest_start, index_dest_end, largest, switch_dir, logk,
                seq_per_2tiles, largest)
        transpose_and_pack(input_transposed_cb_index, values_cb_index, Kt, Wt)
        transpose_and_pack(index_transposed_cb_index, output_ind_cb_index, Kt, Wt)
