"""Reader of ttnn.slice with steps for row-major tensors of rank > 4 (SliceRmStrideProgramFactory's _nd kernels):
for each output row of this core, the input row it comes from (an odometer over every dim but the last, each dim
stepping by its stride from its start), read whole, then its sliced elements packed to the row's start by the
RISC-V.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/slice/device/kernels/dataflow/
reader_multicore_slice_nd.cpp. The C++ walks the odometer from the first output row, counting rows until it reaches
this core's first one; here this core's rows' coordinates are computed directly (the same rows, in the same order).
The RISC-V's element copies and the odometer steps are not charged. Compile-time args: cb_id_out, element_size, the
source's TensorAccessorArgs, then (tensix) the source's page size. Runtime args: src_addr, tensor_rank,
element_size, num_rows_for_this_core, start_row_for_this_core, then tensor_rank words each of the input dims, the
output dims, the slice starts, ends and steps."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    src_addr, rank, es, nrows, start_row = (get_arg_val(i) for i in range(5))
    words = [get_arg_val(5 + i) for i in range(5 * rank)]
    in_dims, out_dims, starts, ends, steps = (words[k * rank:(k + 1) * rank] for k in range(5))
    cb_id_out = get_compile_time_arg_val(0)
    src_args = TensorAccessorArgs(2)
    s0 = TensorAccessor(src_args, src_addr, get_compile_time_arg_val(src_args.next_compile_time_args_offset()))
    last = rank - 1
    # the rows the odometer visits: every combination of start + k * step < end over dims 0 .. rank - 2
    counts = [len(range(starts[d], ends[d], steps[d])) for d in range(last)]
    total = int(np.prod(counts, dtype=np.int64))
    mine = np.arange(start_row, min(start_row + nrows, total), dtype=np.int64)
    coords = np.unravel_index(mine, counts) if last else ()
    in_strides = [int(np.prod(in_dims[d + 1:last], dtype=np.int64)) for d in range(last)]
    rows = np.zeros(len(mine), dtype=np.int64)
    for d in range(last):
        rows += (starts[d] + coords[d] * steps[d]) * in_strides[d]
    in_w, out_w = in_dims[last], out_dims[last]
    row_bytes = in_w * es
    reorg = starts[last] != 0 or steps[last] != 1 or ends[last] != in_w
    for idx in rows.tolist():
        cb_reserve_back(cb_id_out, 1)
        l1 = get_write_ptr(cb_id_out)
        noc_async_read(get_noc_addr(idx, s0), l1, row_bytes)
        noc_async_read_barrier()
        if reorg:
            row = l1_ptr(l1, np.uint8, row_bytes).reshape(in_w, es)
            row[:out_w] = row[starts[last]:ends[last]:steps[last]][:out_w].copy()
        cb_push_back(cb_id_out, 1)
