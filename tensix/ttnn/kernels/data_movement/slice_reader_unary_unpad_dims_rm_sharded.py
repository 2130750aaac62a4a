"""Reader of ttnn.slice's SliceRmShardedProgramFactory (row-major, HEIGHT_SHARDED in and out, no steps): this core's
output shard (c_16, a CB over the output's buffer) is filled with NoC reads of runs of input sticks from the cores
holding them (the input's shard address, c_0's, is the same on every core), core by core, run by run, one read
barrier at the end.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/slice/device/kernels/dataflow/
slice_reader_unary_unpad_dims_rm_sharded.cpp. Compile-time args: stick_size_padded, stick_size_unpadded,
num_sticks_unpadded (the output's shard height). Runtime args: num_cores_read, then (noc_x, noc_y) per core, the
number of runs per core, then (start stick in the shard, number of sticks) per run. As in tt-metal, a run's offset
and size are counted in output-stick bytes."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    stick_size_unpadded = get_compile_time_arg_val(1)
    num_sticks_unpadded = get_compile_time_arg_val(2)
    num_cores_read = get_arg_val(0)
    cb_in, cb_out = 0, 16
    cb_reserve_back(cb_out, num_sticks_unpadded)
    read_base = get_write_ptr(cb_in)
    write_addr = get_write_ptr(cb_out)
    chunk_arg = 1 + num_cores_read * 3
    for core in range(num_cores_read):
        x, y = get_arg_val(1 + 2 * core), get_arg_val(2 + 2 * core)
        for _chunk in range(get_arg_val(1 + num_cores_read * 2 + core)):
            start, n = get_arg_val(chunk_arg), get_arg_val(chunk_arg + 1)
            size = n * stick_size_unpadded
            noc_async_read(get_noc_addr(x, y, read_base + start * stick_size_unpadded), write_addr, size)
            write_addr += size
            chunk_arg += 2
    noc_async_read_barrier()
    cb_push_back(cb_out, num_sticks_unpadded)
