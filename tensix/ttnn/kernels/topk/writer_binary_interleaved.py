"""Writer of ttnn.topk's single-core program: per row of tiles, the Kt value tiles of c_6, then the Kt index tiles of
c_7.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/topk/device/kernels/dataflow/writer_binary_interleaved.cpp.
Compile-time args: values_cb_index, output_ind_cb_index, Ht, Kt, total_number_of_cores, then the values' and the
indices' TensorAccessorArgs. Runtime args: dst_addr0, dst_addr1, id, work_per_core."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.topk.topk_dataflow_lib import output_accessors, write_tiles


def kernel_main():
    dst_addr0 = get_arg_val(0)
    dst_addr1 = get_arg_val(1)
    core_id = get_arg_val(2)
    work_per_core = get_arg_val(3)
    values_cb_index = get_compile_time_arg_val(0)
    output_ind_cb_index = get_compile_time_arg_val(1)
    Kt = get_compile_time_arg_val(3)
    total_number_of_cores = get_compile_time_arg_val(4)
    sv, si = output_accessors(5, dst_addr0, dst_addr1, values_cb_index, output_ind_cb_index)
    for core_loop in range(work_per_core):
        row = core_id + core_loop * total_number_of_cores
        write_tiles(values_cb_index, sv, row * Kt, Kt)
        write_tiles(output_ind_cb_index, si, row * Kt, Kt)
