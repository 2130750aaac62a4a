"""in1 reader and output writer of the DRAM-sharded matmul (MatmulMultiCoreReuseMultiCastDRAMShardedProgramConfig),
run on every core of the program's rectangle; the cores that are not workers (runtime arg 0 == 0) return at once.
A worker reads its DRAM bank's in1 shard block by block (in1_num_pages pages of in1_page_size bytes per K block,
contiguous from the shard's start) into c_1 -- triple-buffered: it reserves two blocks first, and pushes a block once
the reads of the block before the next are done --, with FUSE_BIAS the bias shard of the same bank into c_3
(in1_block_w tiles pushed), then waits for the compute kernel's output block (c_4) and writes it, row by row of
tiles, into the output's shards (c_6 on the output's buffer) of one or more storage cores: num_shard_to_write_back
pieces, each (bytes, NoC x, NoC y), the first at reshard_tensor_start_offset within its shard's row.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/matmul/device/kernels/dataflow/
reader_bmm_tile_layout_in1_sender_dram_sharded.cpp (its Wormhole path, with transaction ids: tensix's NoC has none,
so where the C++ waits for the previous block's transaction id the port waits for all the core's outstanding reads,
this block's too -- the same bytes land before the push, the block's reads overlap less in device time; the virtual
channel (runtime arg 4) sets no timing in tensix's NoC model). Compile-time args 0-8 (in1_page_size, in1_num_pages,
in1_block_w, in1_block_num_tiles, num_blocks, out_block_num_tiles, out_tensor_stride_w_bytes,
out_reshard_tensor_stride_w_bytes, per_core_M) and with FUSE_BIAS 9-10 (in3_page_size, in3_num_pages); runtime
args: is_worker_core, in1 address, bias address, dram_bank_id, vc, num_shard_to_write_back,
reshard_tensor_start_offset, then the (bytes, NoC x, NoC y) triples."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    if get_arg_val(0) != 1:
        return
    fuse_bias = "FUSE_BIAS" in DEFINES
    in1_tensor_addr = get_arg_val(1)
    in3_tensor_addr = get_arg_val(2) if fuse_bias else 0
    dram_bank_id = get_arg_val(3)
    num_shard_to_write_back = get_arg_val(5)
    reshard_tensor_start_offset = get_arg_val(6)

    in1_page_size = get_compile_time_arg_val(0)
    in1_num_pages = get_compile_time_arg_val(1)
    in1_block_w = get_compile_time_arg_val(2)
    in1_block_num_tiles = get_compile_time_arg_val(3)
    num_blocks = get_compile_time_arg_val(4)
    out_block_num_tiles = get_compile_time_arg_val(5)
    out_tensor_stride_w_bytes = get_compile_time_arg_val(6)
    out_reshard_tensor_stride_w_bytes = get_compile_time_arg_val(7)
    per_core_M = get_compile_time_arg_val(8)

    cb_id_in1 = NAMED["cb_in1"]
    cb_id_out = NAMED["cb_out"]
    cb_id_out_reshard = NAMED["cb_out_reshard"]
    in1_block_size_bytes = in1_num_pages * in1_page_size

    # READER: the blocks of this bank's shard, three block slots in c_1
    total_num_blocks_in_buffer = 3
    num_free_blocks_in_buffer = total_num_blocks_in_buffer
    curr_block_trid = 1
    l1_read_addr_in1 = 0
    cb_reserve_back(cb_id_in1, in1_block_num_tiles * (2 if num_blocks > 1 else 1))
    l1_write_addr_in1_start = get_write_ptr(cb_id_in1)
    l1_write_addr_in1_offset = 0
    l1_write_addr_in1 = l1_write_addr_in1_start
    for _ in range(num_blocks):
        for _ in range(in1_num_pages):
            noc_async_read(get_noc_addr_from_bank_id(dram_bank_id, in1_tensor_addr + l1_read_addr_in1),
                           l1_write_addr_in1, in1_page_size)
            l1_read_addr_in1 += in1_page_size
            l1_write_addr_in1 += in1_page_size
        if num_free_blocks_in_buffer == 2:
            # the C++ waits for the previous block's transaction id only (tensix has none: all reads, see above)
            noc_async_read_barrier()
            cb_push_back(cb_id_in1, in1_block_num_tiles)
            cb_reserve_back(cb_id_in1, in1_block_num_tiles * 2)
        else:
            num_free_blocks_in_buffer -= 1
        if curr_block_trid == total_num_blocks_in_buffer:
            l1_write_addr_in1_offset = 0
            curr_block_trid = 1
        else:
            l1_write_addr_in1_offset += in1_block_size_bytes
            curr_block_trid += 1
        l1_write_addr_in1 = l1_write_addr_in1_start + l1_write_addr_in1_offset
    noc_async_read_barrier()
    cb_push_back(cb_id_in1, in1_block_num_tiles)

    if fuse_bias:
        in3_page_size = get_compile_time_arg_val(9)
        in3_num_pages = get_compile_time_arg_val(10)
        cb_id_in3 = NAMED["cb_bias"]
        cb_reserve_back(cb_id_in3, in1_block_w)
        l1_write_addr_in3 = get_write_ptr(cb_id_in3)
        l1_read_addr_in3 = 0
        for _ in range(in3_num_pages):
            noc_async_read(get_noc_addr_from_bank_id(dram_bank_id, in3_tensor_addr + l1_read_addr_in3),
                           l1_write_addr_in3, in3_page_size)
            l1_read_addr_in3 += in3_page_size
            l1_write_addr_in3 += in3_page_size
        noc_async_read_barrier()
        cb_push_back(cb_id_in3, in1_block_w)

    # WRITER: the output block into the storage cores' shards
    cb_wait_front(cb_id_out, out_block_num_tiles)
    if "SKIP_WRITE_BACK" not in DEFINES:
        l1_read_addr_out_offset = 0
        for i in range(num_shard_to_write_back):
            nbytes = get_arg_val(7 + 3 * i)
            noc_x = get_arg_val(8 + 3 * i)
            noc_y = get_arg_val(9 + 3 * i)
            l1_read_addr_out = get_read_ptr(cb_id_out) + l1_read_addr_out_offset
            dest = get_write_ptr(cb_id_out_reshard)
            if i == 0:
                dest += reshard_tensor_start_offset
            for _ in range(per_core_M):
                noc_async_write(l1_read_addr_out, get_noc_addr(noc_x, noc_y, dest), nbytes)
                l1_read_addr_out += out_tensor_stride_w_bytes
                dest += out_reshard_tensor_stride_w_bytes
            l1_read_addr_out_offset += nbytes
        noc_async_write_barrier()
    cb_pop_front(cb_id_out, out_block_num_tiles)
