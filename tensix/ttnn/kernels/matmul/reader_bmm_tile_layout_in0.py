"""in0 reader of the MatmulMultiCoreReuse program: for each of the core's output blocks ("batch" runtime arg) and
K block, reads the in0 block (block_h x in0_block_w tiles) from the interleaved tensor into c_0, zeroing the columns
beyond the logical K in the last K tile (pad_last_ktile), then moves to the next batch (MtKt tiles on).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/matmul/device/kernels/dataflow/reader_bmm_tile_layout_in0.cpp.
IN0_SHARDED: c_0 is the core's in0 shard; the kernel pushes all its blocks at once (no K padding is zeroed: the C++
does not). Compile-time args 0-10 as the C++ (strides, block shape, K padding, num_blocks,
bcast_B, MtKt), then the in0 TensorAccessorArgs (11). Runtime args: in0 address, start tile id, batch."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.matmul.matmul_api import pad_last_ktile, pad_last_transposed_ktile


def kernel_main():
    in0_tensor_addr = get_arg_val(0)
    in0_tensor_start_tile_id = get_arg_val(1)
    batch = get_arg_val(2)

    in0_tensor_stride_w = get_compile_time_arg_val(0)
    in0_tensor_stride_h = get_compile_time_arg_val(1)
    in0_tensor_next_block_stride = get_compile_time_arg_val(2)
    in0_block_w = get_compile_time_arg_val(3)
    in0_block_h = get_compile_time_arg_val(4)
    in0_block_num_tiles = get_compile_time_arg_val(5)
    last_ktile_w = get_compile_time_arg_val(6)
    last_ktile_h = get_compile_time_arg_val(7)
    num_blocks = get_compile_time_arg_val(8)
    MtKt = get_compile_time_arg_val(10)
    in0_args = TensorAccessorArgs(11)

    cb_id_in0 = NAMED["cb_in0"]
    if "IN0_SHARDED" in DEFINES:
        in0_num_tiles = batch * num_blocks * in0_block_h * in0_block_w
        cb_reserve_back(cb_id_in0, in0_num_tiles)
        cb_push_back(cb_id_in0, in0_num_tiles)
        return
    in0_single_tile_size_bytes = get_tile_size(cb_id_in0)
    in0_aligned_tile_size_bytes = (in0_single_tile_size_bytes + 31) & ~31     # DRAM_ALIGNMENT: a no-op here
    in0_data_format = get_dataformat(cb_id_in0)
    s0 = TensorAccessor(in0_args, in0_tensor_addr, in0_single_tile_size_bytes)

    for b in range(batch):
        in0_tensor_current_block_start_tile_id = in0_tensor_start_tile_id
        for block in range(num_blocks):
            cb_reserve_back(cb_id_in0, in0_block_num_tiles)
            write_ptr = get_write_ptr(cb_id_in0)
            in0_write_offset = 0
            last_k = block == num_blocks - 1
            in0_tensor_row_start_tile_id = in0_tensor_current_block_start_tile_id
            for h in range(in0_block_h):
                in0_tensor_tile_id = in0_tensor_row_start_tile_id
                for w in range(in0_block_w):
                    noc_async_read_tile(in0_tensor_tile_id, s0, write_ptr + in0_write_offset)
                    if last_k and w == in0_block_w - 1:
                        if last_ktile_w > 0:
                            noc_async_read_barrier()
                            pad_last_ktile(in0_data_format, write_ptr + in0_write_offset, last_ktile_w)
                        if last_ktile_h > 0:
                            noc_async_read_barrier()
                            pad_last_transposed_ktile(in0_data_format, write_ptr + in0_write_offset, last_ktile_h)
                    in0_write_offset += in0_aligned_tile_size_bytes
                    in0_tensor_tile_id += in0_tensor_stride_w
                in0_tensor_row_start_tile_id += in0_tensor_stride_h
            in0_tensor_current_block_start_tile_id += in0_tensor_next_block_stride
            noc_async_read_barrier()
            cb_push_back(cb_id_in0, in0_block_num_tiles)
        in0_tensor_start_tile_id += MtKt
