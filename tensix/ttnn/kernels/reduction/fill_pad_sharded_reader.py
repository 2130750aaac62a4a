"""Reader of ttnn's fill_pad op on an L1-sharded tensor: this core's border tiles, read from its own shard (a NoC
read of its own L1, no other core's), into c_0 one at a time, in the compute kernel's order.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/fill_pad/device/kernels/dataflow/
fill_pad_sharded_reader.cpp. Compile-time args: W_tiles (the shard's width in tiles), has_right_pad, elem_size,
cb_data_in. Runtime args: shard_l1_base_addr, shard_H_tiles, has_bottom_pad_core, num_work, local_right_col.
Mode A (no bottom padding on this core): the right column's tiles (row, local_right_col), every row. Mode B: the
right column's rows but the last (if has_right_pad), then the last row's tiles 0..local_right_col (the corner last)."""

from tensix.kernel import *  # noqa: F401,F403


def _read(cb, addr, tile_bytes):
    cb_reserve_back(cb, 1)
    noc_async_read(get_noc_addr(addr), get_write_ptr(cb), tile_bytes)
    noc_async_read_barrier()
    cb_push_back(cb, 1)


def kernel_main():
    W_tiles = get_compile_time_arg_val(0)
    has_right_pad = get_compile_time_arg_val(1)
    cb_in = get_compile_time_arg_val(3)
    tile_bytes = get_tile_size(cb_in)
    base = get_arg_val(0)
    shard_H_tiles = get_arg_val(1)
    has_bottom_pad_core = get_arg_val(2)
    local_right_col = get_arg_val(4)
    row_stride = W_tiles * tile_bytes
    if has_bottom_pad_core:
        if has_right_pad:
            addr = base + local_right_col * tile_bytes
            for _r in range(shard_H_tiles - 1):
                _read(cb_in, addr, tile_bytes)
                addr += row_stride
        addr = base + (shard_H_tiles - 1) * row_stride
        for _c in range(local_right_col + 1):
            _read(cb_in, addr, tile_bytes)
            addr += tile_bytes
    elif has_right_pad:
        addr = base + local_right_col * tile_bytes
        for _r in range(shard_H_tiles):
            _read(cb_in, addr, tile_bytes)
            addr += row_stride
