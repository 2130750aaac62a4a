"""Shared dataflow helper of ttnn.topk's readers.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/topk/device/kernels/dataflow/topk_dataflow_common.hpp
(generate_index_tile)."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403


def generate_index_tile(cb_id, wt, dtype=np.uint16):
    """generate_index_tile<T>(cb_id, wt): one tile of column indices wt * 32 + c (every row alike), written in face
    order (face j of a face row holds columns 16 j .. 16 j + 15) at the CB's write pointer, then pushed."""
    cb_reserve_back(cb_id, 1)
    p = l1_ptr(get_write_ptr(cb_id), dtype, 1024)
    w = wt << 5
    count = 0
    for _i in range(2):
        for j in range(2):
            face = np.tile(np.arange(16, dtype=np.int64) + 16 * j + w, 16)
            p[count:count + 256] = face.astype(dtype)   # T's wrap-around, as the C++ store of a wider value
            count += 256
    cb_push_back(cb_id, 1)


def write_tiles(cb_id, accessor, first_page, n):
    """n tiles of cb_id, one at a time, to pages first_page.. of the output (write barrier before each pop)."""
    for i in range(n):
        cb_wait_front(cb_id, 1)
        noc_async_write_tile(first_page + i, accessor, get_read_ptr(cb_id))
        noc_async_write_barrier()
        cb_pop_front(cb_id, 1)


def output_accessors(first_arg, dst_addr0, dst_addr1, values_cb, indices_cb):
    """The values' and the indices' TensorAccessors (their TensorAccessorArgs from compile-time arg first_arg on)."""
    values_args = TensorAccessorArgs(first_arg)
    indices_args = TensorAccessorArgs(values_args.next_compile_time_args_offset())
    return (TensorAccessor(values_args, dst_addr0, get_tile_size(values_cb)),
            TensorAccessor(indices_args, dst_addr1, get_tile_size(indices_cb)))
