"""Reader of ttnn.gather's single-row multi-core program (SingleRowMultiCore: a row of more than 60 input or index
tiles): the index tiles of every row are split over the cores (tile core_id + core_loop * total_number_of_cores);
for each, the index tile is read into c_1, an output tile reserved in c_2, and every input tile of the row (pushed
one at a time by the writer into c_0) scanned for the indices that fall in it
(gather_common.IndexTile.gather_one_input).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/gather/device/kernels/dataflow/
gather_reader_single_row_multi_core.cpp. Compile-time args: input cb, index cb, output cb, index_is_dram, Ht,
Wt_input, Wt_index, total_number_of_cores, grid x, grid y, the index tensor's TensorAccessorArgs. Runtime args: index
addr, core_loop_count, tile_width, tile_height, core_id."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.gather_common import IndexTile


def kernel_main():
    idx_addr, loops, tile_w, tile_h, core_id = (get_arg_val(i) for i in range(5))
    in_cb, idx_cb, out_cb = (get_compile_time_arg_val(i) for i in range(3))
    ht, wt_in, wt_idx, n_cores = (get_compile_time_arg_val(i) for i in (4, 5, 6, 7))
    hw = tile_w * tile_h
    idx_tile = get_tile_size(idx_cb)
    index = TensorAccessor(TensorAccessorArgs(10), idx_addr, idx_tile)
    in_size = get_tile_size(in_cb) // hw
    idx_size = idx_tile // hw
    out_size = get_tile_size(out_cb) // hw
    for h in range(ht):
        for loop in range(loops):
            tile = core_id + loop * n_cores
            if tile >= wt_idx:
                break
            cb_reserve_back(idx_cb, 1)
            noc_async_read_tile(h * wt_idx + tile, index, get_write_ptr(idx_cb))
            noc_async_read_barrier()
            cb_push_back(idx_cb, 1)
            cb_wait_front(idx_cb, 1)
            cb_reserve_back(out_cb, 1)
            indices = IndexTile(get_read_ptr(idx_cb), idx_size, tile_w, tile_h, wt_in)
            for wi in range(wt_in):
                cb_wait_front(in_cb, 1)
                indices.gather_one_input(wi, get_read_ptr(in_cb), get_write_ptr(out_cb), in_size, out_size)
                cb_pop_front(in_cb, 1)
            cb_push_back(out_cb, 1)
            cb_pop_front(idx_cb, 1)
