"""Reader of ttnn.experimental.paged_fill_cache: num_rows tile rows (Wt tiles each) of the input from start_tile_id
into c_0, a row at a time (one barrier per row); nothing with the noop flag (a mesh coordinate left out).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/experimental/paged_cache/device/kernels/dataflow/
reader_fill_cache_interleaved.cpp. Compile-time args: cb_id_in, Wt, the input's TensorAccessorArgs. Runtime args:
src_addr, start_tile_id, num_rows, noop."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    cb_id_in = get_compile_time_arg_val(0)
    Wt = get_compile_time_arg_val(1)
    src_addr, start_tile_id, num_rows, noop = (get_arg_val(i) for i in range(4))
    if noop == 1:
        return
    tile_bytes = get_tile_size(cb_id_in)
    s = TensorAccessor(TensorAccessorArgs(2), src_addr, tile_bytes)
    tile_id = start_tile_id
    for _row in range(num_rows):
        cb_reserve_back(cb_id_in, Wt)
        l1 = get_write_ptr(cb_id_in)
        for _w in range(Wt):
            noc_async_read_page(tile_id, s, l1)
            l1 += tile_bytes
            tile_id += 1
        noc_async_read_barrier()
        cb_push_back(cb_id_in, Wt)
