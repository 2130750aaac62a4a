"""Reader of ttnn.concat for row-major tensors (ConcatProgramFactory): num_pages output rows into c_0, taking
num_pages_per_block[t] consecutive rows of input t in turn; with WIDTH_CONCAT (concat on the last dim) each output row
is one row of every input read side by side.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/concat/device/kernels/dataflow/
reader_concat_stick_layout_interleaved_start_id.cpp. Compile-time args: cb_id_in, num_tensors, page_size per tensor
(the buffers' page sizes), the inputs' TensorAccessorArgs. Runtime args: num_pages, start_tensor, start_tensor_id,
src_addr[num_tensors], num_pages_per_block[num_tensors], page_id_per_tensor[num_tensors]."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import tensor_accessor_tuple


def kernel_main():
    num_pages = get_arg_val(0)
    curr = get_arg_val(1)
    curr_id = get_arg_val(2)
    cb = get_compile_time_arg_val(0)
    n = get_compile_time_arg_val(1)
    sizes = [get_compile_time_arg_val(2 + i) for i in range(n)]
    s = tensor_accessor_tuple(n, 2, 3)
    per_block = [get_arg_val(3 + n + i) for i in range(n)]
    page_id = [get_arg_val(3 + 2 * n + i) for i in range(n)]
    width = bool(globals().get("WIDTH_CONCAT"))
    for _ in range(num_pages):
        cb_reserve_back(cb, 1)
        l1 = get_write_ptr(cb)
        if width:
            for t in range(n):
                noc_async_read(get_noc_addr(page_id[t], s[t]), l1, sizes[t])
                l1 += sizes[t]
                page_id[t] += 1
            curr = 0
        else:
            noc_async_read(get_noc_addr(page_id[curr], s[curr]), l1, sizes[curr])
            page_id[curr] += 1
            curr_id += 1
            if curr_id == per_block[curr]:
                curr_id = 0
                curr += 1
                if curr == n:
                    curr = 0
        noc_async_read_barrier()
        cb_push_back(cb, 1)
