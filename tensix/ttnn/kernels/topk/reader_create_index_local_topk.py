"""Reader of ttnn.topk's multi-core program on the local cores: for every row of tiles, this core's Wt_local input
tiles into c_0, each followed by its index tile in c_1 (generated, or read from the indices tensor).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/topk/device/kernels/dataflow/
reader_create_index_local_topk.cpp. Compile-time args: cb_id_in0, cb_id_in1, Ht, Wt_local, Wt, then the input's
TensorAccessorArgs (and the indices tensor's when GENERATE_INDICES is 0). Runtime args: src_addr, start_ht, start_wt,
is32_bit_data, src_indices_addr."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.topk.topk_dataflow_lib import generate_index_tile


def kernel_main():
    src_addr = get_arg_val(0)
    start_ht = get_arg_val(1)
    start_wt = get_arg_val(2)
    is32_bit_data = get_arg_val(3) == 1
    cb_id_in0 = get_compile_time_arg_val(0)
    cb_id_in1 = get_compile_time_arg_val(1)
    Ht = get_compile_time_arg_val(2)
    Wt_local = get_compile_time_arg_val(3)
    Wt = get_compile_time_arg_val(4)
    s_args = TensorAccessorArgs(5)
    s = TensorAccessor(s_args, src_addr, get_tile_size(cb_id_in0))
    generate = int(GENERATE_INDICES) == 1
    if not generate:
        si = TensorAccessor(TensorAccessorArgs(s_args.next_compile_time_args_offset()), get_arg_val(4),
                            get_tile_size(cb_id_in1))
    for i in range(start_ht, Ht):
        for j in range(start_wt, start_wt + Wt_local):
            cb_reserve_back(cb_id_in0, 1)
            noc_async_read_tile(i * Wt + j, s, get_write_ptr(cb_id_in0))
            noc_async_read_barrier()
            cb_push_back(cb_id_in0, 1)
            if generate:
                generate_index_tile(cb_id_in1, j, np.uint32 if is32_bit_data else np.uint16)
            else:
                cb_reserve_back(cb_id_in1, 1)
                noc_async_read_tile(i * Wt + j, si, get_write_ptr(cb_id_in1))
                noc_async_read_barrier()
                cb_push_back(cb_id_in1, 1)
