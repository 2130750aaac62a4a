"""Writer of ttnn.reshape for tiled tensors (ReshapeViewTiledProgramFactory): for each output page, the segments of
its map are moved from the input tiles (popped as the map moves to another input tile) into the scratch tile of the
working CB at their output offsets, and the scratch tile is written to the output page. The scratch tile is not
cleared between pages, so the output's tile padding holds what it held, as on the card.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/reshape_view/device/device/dataflow/
writer_reshape_tiled.cpp. Compile-time args: Tile_size_bytes, Max_Map_Entries, element_sz_bytes, cb_id_mapping,
cb_id_input, cb_id_working, then the output's TensorAccessorArgs. Runtime args: output_base_addr, start_output_page,
end_output_page."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import tt_memmove


def kernel_main():
    output_base_addr = get_arg_val(0)
    start = get_arg_val(1)
    end = get_arg_val(2)
    tile_size_bytes = get_compile_time_arg_val(0)
    max_entries = get_compile_time_arg_val(1)
    esz = get_compile_time_arg_val(2)
    cb_id_mapping = get_compile_time_arg_val(3)
    cb_id_input = get_compile_time_arg_val(4)
    cb_id_working = get_compile_time_arg_val(5)
    out = TensorAccessor(TensorAccessorArgs(6), output_base_addr, tile_size_bytes)
    first = True
    cb_reserve_back(cb_id_working, 1)
    working = get_write_ptr(cb_id_working)
    input_base = 0
    for output_page_idx in range(start, end):
        cb_wait_front(cb_id_mapping, 1)
        entries = l1_ptr(get_read_ptr(cb_id_mapping), np.uint32, 4 * max_entries).reshape(max_entries, 4).tolist()
        previous = None
        for seg_idx, (page, off_i, off_o, n) in enumerate(entries):
            if n == 0:
                if output_page_idx == end - 1 and seg_idx == max_entries - 1:
                    noc_async_write_barrier()
                    cb_pop_front(cb_id_input, 1)
                continue
            if first:
                cb_wait_front(cb_id_input, 1)
                input_base = get_read_ptr(cb_id_input)
                previous = page
                first = False
            elif page != previous:
                noc_async_write_barrier()
                cb_pop_front(cb_id_input, 1)
                cb_wait_front(cb_id_input, 1)
                input_base = get_read_ptr(cb_id_input)
                previous = page
            tt_memmove(working + off_o * esz, input_base + off_i * esz, n * esz, copy_async=True,
                       use_read_datamover=False)
        noc_async_write_barrier()
        noc_async_write(working, get_noc_addr(output_page_idx, out), tile_size_bytes)
        noc_async_write_barrier()
        cb_pop_front(cb_id_mapping, 1)
    cb_push_back(cb_id_working, 1)
