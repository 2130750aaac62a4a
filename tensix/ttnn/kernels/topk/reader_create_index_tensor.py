"""Reader of ttnn.topk's single-core program: per row of tiles, the Wt input tiles into c_0, each followed by its
generated index tile in c_1.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/topk/device/kernels/dataflow/reader_create_index_tensor.cpp
(GENERATE_INDICES = 1, as the factory always defines it). Compile-time args: cb_id_in0, cb_intermed_index, Ht, Wt,
total_number_of_cores, uint16_output, then the input's TensorAccessorArgs. Runtime args: src_addr, id,
work_per_core."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.topk.topk_dataflow_lib import generate_index_tile


def kernel_main():
    src_addr = get_arg_val(0)
    core_id = get_arg_val(1)
    work_per_core = get_arg_val(2)
    cb_id_in0 = get_compile_time_arg_val(0)
    cb_intermed_index = get_compile_time_arg_val(1)
    Wt = get_compile_time_arg_val(3)
    total_number_of_cores = get_compile_time_arg_val(4)
    uint16_output = get_compile_time_arg_val(5) == 1
    if int(GENERATE_INDICES) != 1:
        raise NotImplementedError("reader_create_index_tensor without GENERATE_INDICES: the factory never builds it")
    tile_bytes_in0 = get_tile_size(cb_id_in0)
    s = TensorAccessor(TensorAccessorArgs(6), src_addr, tile_bytes_in0)
    idx_dtype = np.uint16 if uint16_output else np.uint32
    for core_loop in range(work_per_core):
        row = core_id + core_loop * total_number_of_cores
        for w in range(Wt):
            cb_reserve_back(cb_id_in0, 1)
            noc_async_read_tile(row * Wt + w, s, get_write_ptr(cb_id_in0))
            noc_async_read_barrier()
            cb_push_back(cb_id_in0, 1)
            generate_index_tile(cb_intermed_index, w, idx_dtype)
