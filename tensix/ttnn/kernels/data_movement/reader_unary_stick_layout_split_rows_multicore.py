"""Reader of ttnn.tilize (multi-core default factory): per block, 32 rows (sticks) of the row-major input into c_0
(the block's tiles' worth of pages), one NoC read per row and page.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/tilize/device/kernels/dataflow/
reader_unary_stick_layout_split_rows_multicore.cpp. Compile-time args: aligned_page_size, num_pages_in_row,
size_of_valid_data_in_last_page_in_row, then the source's TensorAccessorArgs. Runtime args: src_addr, num_rows,
page_size, num_tiles_per_block, block_width_size, num_full_blocks_in_row, num_leftover_tiles, leftover_width_in_row,
start_page_id."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    cb_id_in0 = CBIndex.c_0
    src_addr = get_arg_val(0)
    num_rows = get_arg_val(1)
    num_tiles_per_block = get_arg_val(3)
    block_width_size = get_arg_val(4)
    num_full_blocks_in_row = get_arg_val(5)
    start_page_id = get_arg_val(8)
    aligned_page_size = get_compile_time_arg_val(0)
    num_pages_in_row = get_compile_time_arg_val(1)
    last_size = get_compile_time_arg_val(2)
    s = TensorAccessor(TensorAccessorArgs(3), src_addr, aligned_page_size)

    def read_tiles(num_tiles, page_id):
        cb_reserve_back(cb_id_in0, num_tiles)
        l1_write_addr = get_write_ptr(cb_id_in0)
        for _k in range(32):
            for l in range(num_pages_in_row):
                width_size = last_size if l == num_pages_in_row - 1 else block_width_size
                noc_async_read(get_noc_addr(page_id, s), l1_write_addr, width_size)
                page_id += 1
                l1_write_addr += width_size
        noc_async_read_barrier()
        cb_push_back(cb_id_in0, num_tiles)

    page_id = start_page_id
    for _i in range(num_rows // 32):
        for _j in range(num_full_blocks_in_row):
            read_tiles(num_tiles_per_block, page_id)
        page_id += 32 * num_pages_in_row
