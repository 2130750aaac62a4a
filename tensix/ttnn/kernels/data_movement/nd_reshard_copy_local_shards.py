"""Kernel of ttnn.reshard's NdReshardCopyLocalShardFactory (both RISC-Vs run it, each on every other of the core's
shards): with the local buffer the input (is_reader), each page of the core's own shards is written to the output
page at the same byte offset of the tensor (row / column arithmetic over logical_width, src_width and dst_width, in
transfers of transfer_size bytes, skipping a sharded row's padding); with the local buffer the output, each page of
the core's output shards is read from the input page of the same id.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/sharded/reshard/device/kernels/
nd_reshard_copy_local_shards.cpp. Compile-time args: the input's and the output's TensorAccessorArgs, src_page_size,
dst_page_size, is_reader, logical_width, src_width, dst_width, transfer_size (bytes). Common runtime args:
input address, output address, num_shards, shard_id_stride. Runtime args: first_shard_id."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    args_src = TensorAccessorArgs(0)
    args_dst = TensorAccessorArgs(args_src.next_compile_time_args_offset())
    base = args_dst.next_compile_time_args_offset()
    crta = args_dst.next_common_runtime_args_offset()
    src_page_size = get_compile_time_arg_val(base)
    dst_page_size = get_compile_time_arg_val(base + 1)
    is_reader = get_compile_time_arg_val(base + 2)
    logical_width = get_compile_time_arg_val(base + 3)
    src_width = get_compile_time_arg_val(base + 4)
    dst_width = get_compile_time_arg_val(base + 5)
    transfer_size = get_compile_time_arg_val(base + 6)
    src_addr = get_common_arg_val(crta)
    dst_addr = get_common_arg_val(crta + 1)
    num_shards = get_common_arg_val(crta + 2)
    shard_id_stride = get_common_arg_val(crta + 3)
    first_shard_id = get_arg_val(0)
    # the two-argument TensorAccessor: each accessor's page size is its buffer's AlignedPageSize; the args give the
    # local buffer's first (src_page_size), the other's second (dst_page_size)
    in_page = src_page_size if is_reader else dst_page_size
    out_page = dst_page_size if is_reader else src_page_size
    src = TensorAccessor(args_src, src_addr, in_page)
    dst = TensorAccessor(args_dst, dst_addr, out_page)
    for shard_id in range(first_shard_id, num_shards, shard_id_stride):
        if is_reader:
            pages = src.shard_pages(shard_id)
            it, end = pages.begin(), pages.end()
            while it != end:
                src_page_id = it.page_id()
                src_l1_base = it.noc_addr & 0xFFFFFFFF
                for i in range(src_page_size // transfer_size):
                    src_offset = i * transfer_size
                    global_offset = src_page_id * src_page_size + src_offset
                    row_idx = global_offset // src_width
                    col_idx = global_offset % src_width
                    if col_idx >= logical_width:        # padding at the end of a sharded row
                        continue
                    dst_global = row_idx * dst_width + col_idx
                    if dst_global % dst_width >= logical_width:
                        dst_global = (row_idx + 1) * dst_width
                    noc_async_write(src_l1_base + src_offset,
                                    dst.get_noc_addr(dst_global // dst_page_size, dst_global % dst_page_size),
                                    transfer_size)
                noc_async_writes_flushed()
                it += 1
        else:
            pages = dst.shard_pages(shard_id)
            it, end = pages.begin(), pages.end()
            while it != end:
                noc_async_read(src.get_noc_addr(it.page_id()), it.noc_addr & 0xFFFFFFFF, src_page_size)
                it += 1
    if is_reader:
        noc_async_write_barrier()
    else:
        noc_async_read_barrier()
