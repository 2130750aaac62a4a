"""Reader of ttnn.reshard's ReshardSameWidthFactory<local_is_output=true> (height-sharded -> height-sharded, output in
L1): the output shard on this core is filled by reading runs of consecutive units (tiles, or shard rows) from the
input's shards, a run per remote shard it overlaps. The reader and the writer RISC-V both run this kernel, each on
half of the core's units.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/sharded/device/kernels/dataflow/
reshard_same_width_reader.cpp. Compile-time args: shard_cb_id, read_from_dram, unaligned, unit_size,
local_unit_size_padded, remote_unit_size_padded, cb_scratch_index. Runtime args: src_addr, write_offset, num_reads,
then num_reads triples (bank_id, offset in the remote shard, units to transfer). The unaligned branch stages each run
in the scratch CB and moves the units one by one (unit_size apart in the shard)."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    shard_cb_id = get_compile_time_arg_val(0)
    read_from_dram = bool(get_compile_time_arg_val(1))
    unaligned = bool(get_compile_time_arg_val(2))
    unit_size = get_compile_time_arg_val(3)
    remote_unit_size_padded = get_compile_time_arg_val(5)
    cb_scratch_index = get_compile_time_arg_val(6)

    src_addr = get_arg_val(0)
    write_offset = get_arg_val(1)
    num_reads = get_arg_val(2)
    if num_reads == 0:
        return
    arg = 3
    l1_write_addr = get_write_ptr(shard_cb_id) + write_offset
    if unaligned:
        scratch_wr = get_write_ptr(cb_scratch_index)
        scratch_rd = get_read_ptr(cb_scratch_index)
        for _ in range(num_reads):
            bank_id = get_arg_val(arg)
            src_offset = get_arg_val(arg + 1)
            units = get_arg_val(arg + 2)
            arg += 3
            src = get_noc_addr_from_bank_id(bank_id, src_addr + src_offset, is_dram=read_from_dram)
            noc_async_read(src, scratch_wr + src_offset, units * remote_unit_size_padded)
            noc_async_read_barrier()
            pad_align_addr = scratch_rd + src_offset
            for _u in range(units):
                noc_async_read(get_noc_addr(my_x[0], my_y[0], pad_align_addr), l1_write_addr, unit_size)
                l1_write_addr += unit_size
                pad_align_addr += remote_unit_size_padded
            noc_async_read_barrier()
    else:
        for _ in range(num_reads):
            bank_id = get_arg_val(arg)
            offset = get_arg_val(arg + 1)
            units = get_arg_val(arg + 2)
            arg += 3
            read_size = units * unit_size
            noc_async_read(get_noc_addr_from_bank_id(bank_id, src_addr + offset, is_dram=read_from_dram),
                           l1_write_addr, read_size)
            l1_write_addr += read_size
        noc_async_read_barrier()
