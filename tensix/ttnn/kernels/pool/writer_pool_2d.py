"""Writer of tensix's pool2d program: per output stick, row 0 of each result tile in c_16 (faces 0 and 1: the
pooled channels) gathered into one stick in c_17 and written to the output's page of that stick.

Stands in for the untilize of tt-metal 622c6fb9 compute_pool_2d.cpp (pack_untilize_dest writes the result rows
straight into the output shard); see compute_pool_2d.py. Compile-time args: C, in_ntiles_c, max_tiles_per_iter,
out stick bytes, then the output's TensorAccessorArgs. Runtime args: dst_addr, first output stick, number of
output sticks."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    C = get_compile_time_arg_val(0)
    ntiles_c = get_compile_time_arg_val(1)
    max_tiles = get_compile_time_arg_val(2)
    out_stick = get_compile_time_arg_val(3)
    dst_addr = get_arg_val(0)
    start = get_arg_val(1)
    count = get_arg_val(2)
    s = TensorAccessor(TensorAccessorArgs(4), dst_addr, out_stick)
    nblocks = -(-ntiles_c // max_tiles)
    cb_reserve_back(CBIndex.c_17, 1)
    stick_addr = get_write_ptr(CBIndex.c_17)
    stick = l1_ptr(stick_addr, np.uint16, ntiles_c * 32)
    for o in range(start, start + count):
        for b in range(nblocks):
            nt = min(max_tiles, ntiles_c - b * max_tiles)
            cb_wait_front(CBIndex.c_16, max_tiles)
            tiles = l1_ptr(get_read_ptr(CBIndex.c_16), np.uint16, nt * 1024).reshape(nt, 4, 256)
            first = b * max_tiles * 32
            row = stick[first:first + nt * 32].reshape(nt, 2, 16)
            row[:, 0, :] = tiles[:, 0, :16]      # face 0, row 0: channels 0-15 of the tile
            row[:, 1, :] = tiles[:, 1, :16]      # face 1, row 0: channels 16-31
            cb_pop_front(CBIndex.c_16, max_tiles)
        noc_async_write(stick_addr, get_noc_addr(o, s), C * 2)
        noc_async_write_barrier()
