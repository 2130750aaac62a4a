"""Writer of ttnn.topk's multi-core program on the final core: per row of tiles, the Kt value tiles of c_8 then the Kt
index tiles of c_9 to the output tensors.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/topk/device/kernels/dataflow/writer_final_topk.cpp.
Compile-time args: values_cb, output_ind_cb, Ht, Kt, then the values' and the indices' TensorAccessorArgs. Runtime
args: dst_addr0, dst_addr1."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.topk.topk_dataflow_lib import output_accessors, write_tiles


def kernel_main():
    dst_addr0 = get_arg_val(0)
    dst_addr1 = get_arg_val(1)
    values_cb_index = get_compile_time_arg_val(0)
    output_ind_cb_index = get_compile_time_arg_val(1)
    Ht = get_compile_time_arg_val(2)
    Kt = get_compile_time_arg_val(3)
    sv, si = output_accessors(4, dst_addr0, dst_addr1, values_cb_index, output_ind_cb_index)
    for j in range(Ht):
        write_tiles(values_cb_index, sv, j * Kt, Kt)
        write_tiles(output_ind_cb_index, si, j * Kt, Kt)
