"""Reader of ttnn.pad for tiled tensors (PadTileMulticoreProgramFactory): walks this core's output tiles over the
output's tile grid and reads the next input tile into c_0 whenever the output tile lies in the input's region (every
input tile index >= the output's).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/pad/device/kernels/dataflow/reader_pad_tiled.cpp.
Compile-time args: input_cb_id, page_size, num_dims, the source's TensorAccessorArgs. Runtime args: input_addr,
num_pages_to_write, start_offset, input_page_shape[num_dims], output_page_shape[num_dims], input_id_per_dim[num_dims],
output_id_per_dim[num_dims]."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import advance_tensor_index


def kernel_main():
    addr = get_arg_val(0)
    n = get_arg_val(1)
    offset = get_arg_val(2)
    cb = get_compile_time_arg_val(0)
    page = get_compile_time_arg_val(1)
    nd = get_compile_time_arg_val(2)
    in_shape = [get_arg_val(3 + i) for i in range(nd)]
    out_shape = [get_arg_val(3 + nd + i) for i in range(nd)]
    in_id = [get_arg_val(3 + 2 * nd + i) for i in range(nd)]
    out_id = [get_arg_val(3 + 3 * nd + i) for i in range(nd)]
    s = TensorAccessor(TensorAccessorArgs(3), addr, page)
    for _ in range(n):
        if all(a >= b for a, b in zip(in_id, out_id)):
            cb_reserve_back(cb, 1)
            noc_async_read(get_noc_addr(offset, s), get_write_ptr(cb), page)
            noc_async_read_barrier()
            cb_push_back(cb, 1)
            offset += 1
            advance_tensor_index(in_id, in_shape)
        advance_tensor_index(out_id, out_shape)
