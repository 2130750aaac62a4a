"""Reader of ttnn's reduce W and HW programs: the scaler tile into c_2, then num_tiles input tiles from start_id,
one at a time, into c_0.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/generic/device/kernels/dataflow/
reader_unary_reduce_universal_start_id.cpp. Compile-time args: scaler (float32 bits), then the input's
TensorAccessorArgs. Runtime args: src_addr, num_tiles, start_id. Defines: REDUCE_OP, REDUCE_DIM."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.reduction import reduce_lib as R


def kernel_main():
    src_addr = get_arg_val(0)
    num_tiles = get_arg_val(1)
    start_id = get_arg_val(2)
    scaler_bits = get_compile_time_arg_val(0)
    tensor_args = TensorAccessorArgs(1)
    cb_id_in2 = 2
    scaler_f = float(np.uint32(scaler_bits).view(np.float32))
    R.prepare_reduce_scaler(cb_id_in2, REDUCE_OP, REDUCE_DIM, scaler_f)
    cb_id_in0 = 0
    tile_bytes = get_tile_size(cb_id_in0)
    s = TensorAccessor(tensor_args, src_addr, tile_bytes)
    for i in range(start_id, start_id + num_tiles):
        cb_reserve_back(cb_id_in0, 1)
        noc_async_read_tile(i, s, get_write_ptr(cb_id_in0))
        noc_async_read_barrier()
        cb_push_back(cb_id_in0, 1)
