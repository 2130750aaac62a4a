"""Writer of ttnn.transpose(1, 2) on row-major tensors (TransposeHCRMProgramFactory): the CB's rows to consecutive
output rows from start_id, num_read_per_barrier rows per CB page group, each row through noc_async_write_sharded
(split over the shards of a BLOCK / WIDTH sharded output).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/transpose/device/kernels/dataflow/
writer_unary_transpose_hc_interleaved_start_id_rm.cpp. Compile-time args: cb_out, stick_size, the output's aligned
page size, the output's TensorAccessorArgs. Runtime args: dst_addr, num_sticks_per_core_read (pops),
num_read_per_barrier, start_id."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.sharded_rows import noc_async_write_sharded


def kernel_main():
    dst_addr = get_arg_val(0)
    num_pops = get_arg_val(1)
    per_barrier = get_arg_val(2)
    i_stick = get_arg_val(3)
    cb = get_compile_time_arg_val(0)
    stick_size = get_compile_time_arg_val(1)
    page_size = get_compile_time_arg_val(2)
    s = TensorAccessor(TensorAccessorArgs(3), dst_addr, page_size)
    for _ in range(num_pops):
        cb_wait_front(cb, per_barrier)
        l1 = get_read_ptr(cb)
        for _i in range(per_barrier):
            noc_async_write_sharded(l1, s, i_stick, 0, stick_size)
            l1 += stick_size
            i_stick += 1
        noc_async_write_barrier()
        cb_pop_front(cb, per_barrier)
