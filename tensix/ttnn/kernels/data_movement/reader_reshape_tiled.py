"""Reader of ttnn.reshape for tiled tensors (ReshapeViewTiledProgramFactory): for each output page, its segment map
(a page of the mapping tensor) into the mapping CB, then each input tile the map names (once per run of segments
from the same tile) into the input CB.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/reshape_view/device/device/dataflow/
reader_reshape_tiled.cpp. Compile-time args: Max_Map_Size_Bytes, Tile_Size_Bytes, mapping_cb_id, input_cb_id, the
mapping tensor's and the input's TensorAccessorArgs. Runtime args: input_addr, map_addr, start_output_page_idx,
end_output_page_idx. A map entry is 4 uint32 words: input_page_index, input_page_offset, output_page_offset,
num_elements (hostdevcommon/common.hpp SegmentMapData)."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    input_addr = get_arg_val(0)
    map_addr = get_arg_val(1)
    start = get_arg_val(2)
    end = get_arg_val(3)
    max_map_size_bytes = get_compile_time_arg_val(0)
    tile_size_bytes = get_compile_time_arg_val(1)
    mapping_cb_id = get_compile_time_arg_val(2)
    input_cb_id = get_compile_time_arg_val(3)
    map_args = TensorAccessorArgs(4)
    input_args = TensorAccessorArgs(map_args.next_compile_time_args_offset())
    max_entries = max_map_size_bytes // 16
    inp = TensorAccessor(input_args, input_addr, tile_size_bytes)
    maps = TensorAccessor(map_args, map_addr, max_map_size_bytes)
    first = True
    for out_page_idx in range(start, end):
        cb_reserve_back(mapping_cb_id, 1)
        map_l1 = get_write_ptr(mapping_cb_id)
        noc_async_read(get_noc_addr(out_page_idx, maps), map_l1, max_map_size_bytes)
        noc_async_read_barrier()
        cb_push_back(mapping_cb_id, 1)
        entries = l1_ptr(map_l1, np.uint32, 4 * max_entries).reshape(max_entries, 4)
        previous = None
        for page, _off_i, _off_o, n in entries.tolist():
            if n == 0:
                continue
            if first:
                first = False
            elif page == previous:
                continue            # this segment's tile is loaded already
            cb_reserve_back(input_cb_id, 1)
            noc_async_read(get_noc_addr(page, inp), get_write_ptr(input_cb_id), tile_size_bytes)
            previous = page
            noc_async_read_barrier()
            cb_push_back(input_cb_id, 1)
