"""Reader of ttnn.slice for row-major tensors without steps (SliceRmProgramFactory): the core's output rows, each the
slice's segment of an input row read from the nearest aligned address before it (then moved down by the
misalignment), num_read_per_barrier rows per CB reservation, walking the input rows dim by dim past the rows outside
the slice.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/slice/device/kernels/dataflow/
slice_reader_unary_unpad_dims_rm_interleaved_start_id.cpp. Compile-time args: the source's TensorAccessorArgs.
Runtime args: src_addr (the buffer's address + the aligned start of the slice in a row), padded_stick_size,
unpadded_stick_size, stick_size_offset, num_dims, misalignment, start_id, num_sticks_per_core,
num_sticks_per_core_read, num_read_per_barrier, then num_dims words each: num_unpadded_sticks, num_padded_sticks,
id_per_dim."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import tt_memmove


def kernel_main():
    src_addr = get_arg_val(0)
    padded_stick_size = get_arg_val(1)
    unpadded_stick_size = get_arg_val(2)
    stick_size_offset = get_arg_val(3)
    num_dims = get_arg_val(4)
    misalignment = get_arg_val(5)
    start_id = get_arg_val(6)
    num_sticks_per_core = get_arg_val(7)
    num_sticks_per_core_read = get_arg_val(8)
    num_read_per_barrier = get_arg_val(9)
    num_unpadded = [get_arg_val(10 + j) for j in range(num_dims)]
    num_padded = [get_arg_val(10 + num_dims + j) for j in range(num_dims)]
    id_per_dim = [get_arg_val(10 + 2 * num_dims + j) for j in range(num_dims)]
    read_size = unpadded_stick_size + misalignment
    s0 = TensorAccessor(TensorAccessorArgs(0), src_addr, padded_stick_size)
    cb_id_in0 = 0
    src_stick_id = start_id
    sticks_read = 0
    it = 0
    while it < num_sticks_per_core_read and sticks_read < num_sticks_per_core:
        cb_reserve_back(cb_id_in0, num_read_per_barrier)
        l1 = get_write_ptr(cb_id_in0)
        i = 0
        while i < num_read_per_barrier and sticks_read < num_sticks_per_core:
            sticks_read += 1
            noc_async_read(get_noc_addr(src_stick_id, s0), l1, read_size)
            if misalignment != 0:
                noc_async_read_barrier()
                tt_memmove(l1, l1 + misalignment, unpadded_stick_size, use_read_datamover=False)
            l1 += stick_size_offset
            src_stick_id += 1
            for j in range(num_dims):
                id_per_dim[j] += 1
                if id_per_dim[j] == num_unpadded[j]:
                    id_per_dim[j] = 0
                    src_stick_id += num_padded[j]
                else:
                    break
            i += 1
        noc_async_read_barrier()
        cb_push_back(cb_id_in0, num_read_per_barrier)
        it += 1
