"""Reader of ttnn.slice with steps for row-major tensors of rank <= 4 (SliceRmStrideProgramFactory): for each output
row of this core, the input row it comes from (the n, d, h loops over the sliced dims, each stepping by its stride),
read whole, then its sliced elements packed to the row's start by the RISC-V.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/slice/device/kernels/dataflow/
reader_multicore_slice_4d.cpp. The C++ loops count the output rows of earlier cores to reach this core's first one;
here that first row's (n, d, h) is computed directly (the same rows). The RISC-V's element copies are not charged.
Compile-time args: cb_id_out, element_size, the source's TensorAccessorArgs, then (tensix) the source's page size.
Runtime args: src_addr, tensor_rank, input w/h/d/n, output w/h/d/n, start/end/step of w, h, d, n, element_size,
num_rows_for_this_core, start_row_for_this_core."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    a = [get_arg_val(i) for i in range(25)]
    src_addr, rank = a[0], a[1]
    in_w, in_h, in_d = a[2], a[3], a[4]
    out_w = a[6]
    sw, ew, tw = a[10], a[11], a[12]
    sh, eh, th_ = a[13], a[14], a[15]
    sd, ed, td = a[16], a[17], a[18]
    sn, en, tn = a[19], a[20], a[21]
    es, nrows, start_row = a[22], a[23], a[24]
    cb_id_out = get_compile_time_arg_val(0)
    src_args = TensorAccessorArgs(2)
    s0 = TensorAccessor(src_args, src_addr, get_compile_time_arg_val(src_args.next_compile_time_args_offset()))
    ns = range(sn, en, tn) if rank >= 4 else range(1)
    ds = range(sd, ed, td) if rank >= 3 else range(1)
    hs = range(sh, eh, th_) if rank >= 2 else range(1)
    rows = [(n, d, h) for n in ns for d in ds for h in hs]
    row_bytes = in_w * es
    reorg = sw != 0 or tw != 1 or ew != in_w
    for n, d, h in rows[start_row:start_row + nrows]:
        idx = 0 if rank == 1 else (h if rank == 2 else (d * in_h + h if rank == 3 else n * in_d * in_h + d * in_h + h))
        cb_reserve_back(cb_id_out, 1)
        l1 = get_write_ptr(cb_id_out)
        noc_async_read(get_noc_addr(idx, s0), l1, row_bytes)
        noc_async_read_barrier()
        if reorg:
            row = l1_ptr(l1, np.uint8, row_bytes).reshape(in_w, es)
            row[:out_w] = row[sw:ew:tw][:out_w].copy()
        cb_push_back(cb_id_out, 1)
