"""in1 reader and output writer of the MatmulMultiCoreReuse program: for each of the core's output blocks ("batch"
runtime arg) it reads the K blocks of in1 (in0_block_w x block_w tiles) into c_1 (KtNt tiles on per batch unless
bcast_B), then writes the output block from c_4, subblock by subblock (MtNt tiles on per batch).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/matmul/device/kernels/dataflow/
reader_writer_bmm_tile_layout_in1.cpp. IN1_SHARDED: c_1 is the core's in1 shard, all its blocks pushed at the
start; OUT_SHARDED: c_4 is the core's output shard, nothing is written and the kernel ends waiting for the shard's
tiles. Compile-time args 0-18 as the C++, then the TensorAccessorArgs of in1 (19) and of the output. Runtime args:
in1 address, start tile id, batch, output address, output start tile id."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    in1_tensor_addr = get_arg_val(0)
    in1_tensor_start_tile_id = get_arg_val(1)
    batch = get_arg_val(2)
    out_tensor_addr = get_arg_val(3)
    out_tensor_start_tile_id = get_arg_val(4)

    in1_tensor_stride_w = get_compile_time_arg_val(0)
    in1_tensor_stride_h = get_compile_time_arg_val(1)
    in1_tensor_next_block_stride = get_compile_time_arg_val(2)
    in1_block_w = get_compile_time_arg_val(3)
    in1_block_h = get_compile_time_arg_val(4)
    in1_block_num_tiles = get_compile_time_arg_val(5)
    num_blocks = get_compile_time_arg_val(6)
    bcast_B = get_compile_time_arg_val(7)
    KtNt = get_compile_time_arg_val(8)
    out_tensor_stride_w = get_compile_time_arg_val(9)
    out_tensor_stride_h = get_compile_time_arg_val(10)
    out_tensor_next_subblock_stride_w = get_compile_time_arg_val(11)
    out_tensor_next_subblock_stride_h = get_compile_time_arg_val(12)
    out_subblock_w = get_compile_time_arg_val(13)
    out_subblock_h = get_compile_time_arg_val(14)
    out_subblock_tile_count = get_compile_time_arg_val(15)
    out_num_subblocks_w = get_compile_time_arg_val(16)
    out_num_subblocks_h = get_compile_time_arg_val(17)
    MtNt = get_compile_time_arg_val(18)
    in1_args = TensorAccessorArgs(19)
    out_args = TensorAccessorArgs(in1_args.next_compile_time_args_offset())

    cb_id_in1 = NAMED["cb_in1"]
    cb_id_out0 = NAMED["cb_out"]
    in1_sharded, out_sharded = "IN1_SHARDED" in DEFINES, "OUT_SHARDED" in DEFINES
    if in1_sharded:
        in1_num_tiles = batch * num_blocks * in1_block_h * in1_block_w
        cb_reserve_back(cb_id_in1, in1_num_tiles)
        cb_push_back(cb_id_in1, in1_num_tiles)
    else:
        in1_single_tile_size_bytes = get_tile_size(cb_id_in1)
        in1_aligned_tile_size_bytes = (in1_single_tile_size_bytes + 31) & ~31     # DRAM_ALIGNMENT: a no-op here
        s1 = TensorAccessor(in1_args, in1_tensor_addr, in1_single_tile_size_bytes)
    if not out_sharded:
        output_single_tile_size_bytes = get_tile_size(cb_id_out0)
        s = TensorAccessor(out_args, out_tensor_addr, output_single_tile_size_bytes)

    for b in range(batch if not (in1_sharded and out_sharded) else 0):
        in1_tensor_current_block_start_tile_id = in1_tensor_start_tile_id
        for block in range(num_blocks if not in1_sharded else 0):
            cb_reserve_back(cb_id_in1, in1_block_num_tiles)
            write_ptr = get_write_ptr(cb_id_in1)
            in1_write_offset = 0
            in1_tensor_row_start_tile_id = in1_tensor_current_block_start_tile_id
            for h in range(in1_block_h):
                in1_tensor_tile_id = in1_tensor_row_start_tile_id
                for w in range(in1_block_w):
                    noc_async_read_tile(in1_tensor_tile_id, s1, write_ptr + in1_write_offset)
                    in1_write_offset += in1_aligned_tile_size_bytes
                    in1_tensor_tile_id += in1_tensor_stride_w
                in1_tensor_row_start_tile_id += in1_tensor_stride_h
            in1_tensor_current_block_start_tile_id += in1_tensor_next_block_stride
            noc_async_read_barrier()
            cb_push_back(cb_id_in1, in1_block_num_tiles)
        if bcast_B == 0 and not in1_sharded:
            in1_tensor_start_tile_id += KtNt
        if out_sharded:
            continue

        out_tensor_sbh_start_tile_id = out_tensor_start_tile_id
        for sbh in range(out_num_subblocks_h):
            out_tensor_sbw_start_tile_id = out_tensor_sbh_start_tile_id
            for sbw in range(out_num_subblocks_w):
                out_tensor_sb_row_start_tile_id = out_tensor_sbw_start_tile_id
                cb_wait_front(cb_id_out0, out_subblock_tile_count)
                read_ptr = get_read_ptr(cb_id_out0)
                out_read_offset = 0
                for h in range(out_subblock_h):
                    out_tensor_tile_id = out_tensor_sb_row_start_tile_id
                    for w in range(out_subblock_w):
                        noc_async_write_tile(out_tensor_tile_id, s, read_ptr + out_read_offset)
                        out_read_offset += output_single_tile_size_bytes
                        out_tensor_tile_id += out_tensor_stride_w
                    out_tensor_sb_row_start_tile_id += out_tensor_stride_h
                noc_async_write_barrier()
                cb_pop_front(cb_id_out0, out_subblock_tile_count)
                out_tensor_sbw_start_tile_id += out_tensor_next_subblock_stride_w
            out_tensor_sbh_start_tile_id += out_tensor_next_subblock_stride_h
        out_tensor_start_tile_id += MtNt
    if out_sharded:
        cb_wait_front(cb_id_out0, batch * out_num_subblocks_h * out_num_subblocks_w * out_subblock_w * out_subblock_h)
