"""Writer of ttnn.pad for tiled tensors (PadTileMulticoreProgramFactory): a tile of the pad value made once in c_2
(the pad word's first element_size bytes repeated), then for each of this core's output tiles either the input tile
from c_0 (inside the input's region) or the pad tile, each write completed before the next.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/pad/device/kernels/dataflow/writer_pad_tiled.cpp.
Compile-time args: input_cb_id, output_cb_id, pad_val_cb_id, page_size, num_dims, pad_value (packed), element_size,
the output's TensorAccessorArgs. Runtime args: output_addr, num_pages_to_write, start_offset,
input_page_shape[num_dims], output_page_shape[num_dims], input_id_per_dim[num_dims], output_id_per_dim[num_dims]."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import advance_tensor_index


def kernel_main():
    addr = get_arg_val(0)
    n = get_arg_val(1)
    offset = get_arg_val(2)
    cb_in, _cb_out, cb_pad, page, nd, pad_value, es = (get_compile_time_arg_val(i) for i in range(7))
    in_shape = [get_arg_val(3 + i) for i in range(nd)]
    out_shape = [get_arg_val(3 + nd + i) for i in range(nd)]
    in_id = [get_arg_val(3 + 2 * nd + i) for i in range(nd)]
    out_id = [get_arg_val(3 + 3 * nd + i) for i in range(nd)]
    s = TensorAccessor(TensorAccessorArgs(7), addr, page)
    cb_reserve_back(cb_pad, 1)
    pad_addr = get_write_ptr(cb_pad)
    word = np.frombuffer(int(pad_value).to_bytes(4, "little"), np.uint8)[:es]
    l1_ptr(pad_addr, np.uint8, page // es * es).reshape(-1, es)[:] = word      # RISC-V stores, not charged
    cb_push_back(cb_pad, 1)
    for _ in range(n):
        if all(a >= b for a, b in zip(in_id, out_id)):
            cb_wait_front(cb_in, 1)
            noc_async_write(get_read_ptr(cb_in), get_noc_addr(offset, s), page)
            noc_async_write_barrier()
            advance_tensor_index(in_id, in_shape)
            cb_pop_front(cb_in, 1)
        else:
            noc_async_write(pad_addr, get_noc_addr(offset, s), page)
            noc_async_write_barrier()
        advance_tensor_index(out_id, out_shape)
        offset += 1
