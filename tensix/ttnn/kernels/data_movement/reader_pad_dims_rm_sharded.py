"""Reader of ttnn.pad's PadRmShardedHeightOnlyProgramFactory (height-sharded row-major, no width padding): the
output shard on this core is filled chunk by chunk from the input shards, core by core as the host listed them
(NoC reads of runs of consecutive sticks from another core's input shard); pad chunks (start id -1 or -2) are skipped,
leaving their sticks to the writer.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/pad/device/kernels/dataflow/
reader_pad_dims_rm_sharded.cpp. Compile-time args: stick_size_bytes, num_sticks_padded. Runtime args: num_cores_read,
then (noc_x, noc_y) per core, then the number of chunks per core, then (start id, number of sticks) per chunk. c_0 is
the input shard, c_16 the output shard (CBs placed in the buffers)."""

from tensix.kernel import *  # noqa: F401,F403

_PAD_IDS = (0xFFFFFFFF, 0xFFFFFFFE)


def kernel_main():
    stick = get_compile_time_arg_val(0)
    n_padded = get_compile_time_arg_val(1)
    n_cores = get_arg_val(0)
    cb_in, cb_out = 0, 16
    cb_reserve_back(cb_out, n_padded)
    src_base = get_write_ptr(cb_in)
    dst = get_write_ptr(cb_out)
    chunk_arg = 1 + 3 * n_cores
    for c in range(n_cores):
        x, y = get_arg_val(1 + 2 * c), get_arg_val(2 + 2 * c)
        for _ in range(get_arg_val(1 + 2 * n_cores + c)):
            start, n = get_arg_val(chunk_arg), get_arg_val(chunk_arg + 1)
            size = n * stick
            if start not in _PAD_IDS:
                noc_async_read(get_noc_addr(x, y, src_base + start * stick), dst, size)
            dst += size
            chunk_arg += 2
    noc_async_read_barrier()
    cb_push_back(cb_out, n_padded)
