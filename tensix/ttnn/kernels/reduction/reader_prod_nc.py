"""Reader of ttnn.prod over dim 0 or 1 (ProdNcProgramFactory): a ones tile into c_1 (fill_cb_with_value: the bfloat16
bits of 1.0 in 1024 16-bit words), then per output tile its num_input_tiles input tiles, input_tile_offset pages
apart (C*Ht*Wt for dim 0, Ht*Wt for dim 1), one page at a time with a barrier each.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/prod/device/kernels/dataflow/reader_prod_nc.cpp (and
utils.hpp fill_cb_with_value). Compile-time args: dim, then the input's TensorAccessorArgs. Runtime args: input
address, num_input_tiles, num_output_tiles, input_tile_offset, start_id, HtWt, CHtWt."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import charge_stores


def kernel_main():
    input_addr = get_arg_val(0)
    num_input_tiles = get_arg_val(1)
    num_output_tiles = get_arg_val(2)
    input_tile_offset = get_arg_val(3)
    start_id = get_arg_val(4)
    HtWt = get_arg_val(5)
    CHtWt = get_arg_val(6)
    dim = get_compile_time_arg_val(0)
    cb_in0, cb_in1 = CBIndex.c_0, CBIndex.c_1

    cb_reserve_back(cb_in1, 1)          # fill_cb_with_value(c_1, bits(1.0f)): the upper 16 bits in every word
    l1_ptr(get_write_ptr(cb_in1), np.uint16, 1024)[:] = 0x3F80
    charge_stores(1024)                 # its loop of 1024 16-bit stores
    cb_push_back(cb_in1, 1)

    tile_bytes = get_tile_size(cb_in0)
    src = TensorAccessor(TensorAccessorArgs(1), input_addr, tile_bytes)
    read_tile_id_temp = start_id if dim == 0 else (start_id // HtWt * CHtWt) + (start_id % HtWt)
    start_tile_id = start_id // HtWt * CHtWt
    end_tile_id = start_tile_id + HtWt - 1
    read_tile_id = read_tile_id_temp
    for i in range(start_id, start_id + num_output_tiles):
        if dim == 0:
            read_tile_id = i
        for _ in range(num_input_tiles):
            cb_reserve_back(cb_in0, 1)
            noc_async_read_tile(read_tile_id, src, get_write_ptr(cb_in0))
            noc_async_read_barrier()
            cb_push_back(cb_in0, 1)
            read_tile_id += input_tile_offset
        if dim != 0:
            if read_tile_id_temp == end_tile_id:
                start_tile_id += CHtWt
                read_tile_id_temp = start_tile_id
                end_tile_id = read_tile_id_temp + HtWt - 1
            else:
                read_tile_id_temp += 1
            read_tile_id = read_tile_id_temp
