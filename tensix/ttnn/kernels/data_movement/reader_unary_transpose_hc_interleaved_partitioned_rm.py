"""Reader of ttnn.transpose(1, 2) on row-major tensors (TransposeHCRMProgramFactory): the input rows in the output's
order (for each output row (n, h, c) the input row (n, c, h)), num_read_per_barrier rows per CB push, each row through
noc_async_read_sharded (split over the shards of a BLOCK / WIDTH sharded input).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/transpose/device/kernels/dataflow/
reader_unary_transpose_hc_interleaved_partitioned_rm.cpp. Compile-time args: N, H, C, stick_size (the CB page),
the input's aligned page size, the input's TensorAccessorArgs. Runtime args: src_addr, num_sticks_per_core_read
(pushes), num_read_per_barrier, start_id, curr_c, curr_h, curr_n."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.sharded_rows import noc_async_read_sharded


def kernel_main():
    src_addr = get_arg_val(0)
    num_pushes = get_arg_val(1)
    per_barrier = get_arg_val(2)
    i_stick = get_arg_val(3)
    curr_c = get_arg_val(4)
    curr_h = get_arg_val(5)
    H = get_compile_time_arg_val(1)
    C = get_compile_time_arg_val(2)
    stick_size = get_compile_time_arg_val(3)
    page_size = get_compile_time_arg_val(4)
    s = TensorAccessor(TensorAccessorArgs(5), src_addr, page_size)
    cb = CBIndex.c_0
    CH = C * H
    for _ in range(num_pushes):
        cb_reserve_back(cb, per_barrier)
        l1 = get_write_ptr(cb)
        for _i in range(per_barrier):
            noc_async_read_sharded(l1, s, i_stick, 0, stick_size)
            l1 += stick_size
            curr_c += 1
            i_stick += H
            if curr_c == C:         # end of the channel dim
                curr_h += 1
                curr_c = 0
                if curr_h == H:     # end of the H dim: next batch
                    curr_h = 0
                    i_stick = i_stick - H + 1
                else:
                    i_stick = i_stick - CH + 1
        noc_async_read_barrier()
        cb_push_back(cb, per_barrier)
