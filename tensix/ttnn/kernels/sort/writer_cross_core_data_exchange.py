"""Writer of ttnn.sort's cross-core data exchange program: this core's index tiles in, its sorted value slice out.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/sort/device/kernels/dataflow/
writer_cross_core_data_exchange.cpp. Per row: n index tiles of the core's global tile numbers (core_id * n + w;
uint32 with 32-bit Dst, else uint16) into c_1, then the sorted values out of c_4 (TILE) or the 32 untilized rows of
c_13 (ROW_MAJOR, at the core's byte offset in each row). The C++ ends with a cb_push_back of c_10 (the lookup table CB,
which the reader reserved and pushes too; nothing reads it): on the card an unreserved push only raises the CB's
received count; tensix's CB model refuses it as an over-push, so this no-op is left out.

Compile-time args: grid x, grid y, index CB, value CB, value peer CB, lookup CB, Wt, Ht, n, cores, exchange semaphore
id, is_32_bit_data, is_row_major, rm value output CB, W_value_slice_bytes, then the values' TensorAccessorArgs.
Runtime args: value address."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.topk.topk_dataflow_lib import generate_index_tile

TILE_H = 32


def kernel_main():
    out_addr = get_arg_val(0)
    (grid_x, _grid_y, index_cb, value_cb, _value_peer_cb, _lookup_cb, Wt, Ht, n, _cores, _sem_id, is_32_bit,
     is_row_major, rm_value_out_cb, w_value_slice) = (get_compile_time_arg_val(i) for i in range(15))
    idx_dtype = np.uint32 if is_32_bit else np.uint16
    core_id = (get_absolute_logical_y() * grid_x + get_absolute_logical_x()) & 0xFFFF
    # ROW_MAJOR: a page is a whole row (the buffer's page size on the card); the core writes its slice of it
    page = Wt * get_tile_size(value_cb) // TILE_H if is_row_major else get_tile_size(value_cb)
    dst = TensorAccessor(TensorAccessorArgs(15), out_addr, page)
    value_off = core_id * w_value_slice
    for h in range(Ht):
        for w in range(n):
            generate_index_tile(index_cb, core_id * n + w, idx_dtype)
        if is_row_major:
            for row in range(TILE_H):
                cb_wait_front(rm_value_out_cb, 1)
                noc_async_write(get_read_ptr(rm_value_out_cb), get_noc_addr(h * TILE_H + row, dst) + value_off,
                                w_value_slice)
                noc_async_write_barrier()
                cb_pop_front(rm_value_out_cb, 1)
        else:
            for w in range(n):
                cb_wait_front(value_cb, 1)
                noc_async_write_tile(h * Wt + core_id * n + w, dst, get_read_ptr(value_cb))
                noc_async_write_barrier()
                cb_pop_front(value_cb, 1)
