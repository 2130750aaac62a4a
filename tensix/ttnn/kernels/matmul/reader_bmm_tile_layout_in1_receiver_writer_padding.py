"""in1 multicast receiver and output writer of the blocked matmuls (2D and 1D multicast): for each K block it
receives the in1 block into c_1 from its column's sender (handshake as the in0 receiver), with FUSE_BIAS the bias
block into c_3 (first batch and block row, or every block when there are several block columns), and writes the
output block from c_4, skipping padded subblocks and tiles of the last block row and column.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/matmul/device/kernels/dataflow/
reader_bmm_tile_layout_in1_receiver_writer_padding.cpp (no fused CCL op). OUT_SHARDED: c_4 is the output's shard,
nothing is written, last_num_blocks_h/w_dim are not passed, and the kernel ends waiting for the shard's tiles.
Compile-time args 0-18 as the C++, then the output TensorAccessorArgs (19). Runtime args: the sender's NoC x, y,
output address and start tile, the nine writer padding args, last_num_blocks_h_dim and last_num_blocks_w_dim."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.matmul.matmul_api import mcast_receive, write_out_block


def kernel_main():
    sender_x = get_arg_val(0)
    sender_y = get_arg_val(1)
    out_tensor_addr = get_arg_val(2)
    out_tensor_start_tile_id = get_arg_val(3)
    out_num_nonzero_subblocks_h = get_arg_val(4)
    out_last_num_nonzero_subblocks_h = get_arg_val(5)
    out_last_subblock_h = get_arg_val(6)
    padded_block_tiles_h_skip = get_arg_val(7)
    out_num_nonzero_subblocks_w = get_arg_val(8)
    out_last_num_nonzero_subblocks_w = get_arg_val(9)
    out_last_subblock_w = get_arg_val(10)
    padded_subblock_tiles_addr_skip = get_arg_val(11)
    padded_block_tiles_w_skip = get_arg_val(12)
    out_sharded = "OUT_SHARDED" in DEFINES
    if not out_sharded:
        last_num_blocks_h_dim = get_arg_val(13)
        last_num_blocks_w_dim = get_arg_val(14)

    in1_block_num_tiles = get_compile_time_arg_val(0)
    num_blocks_inner_dim = get_compile_time_arg_val(1)
    num_blocks_w_dim = get_compile_time_arg_val(2)
    num_blocks_h_dim = get_compile_time_arg_val(3)
    sender_sem = get_compile_time_arg_val(4)
    receiver_sem = get_compile_time_arg_val(5)
    batch = get_compile_time_arg_val(6)
    out_tensor_stride_w = get_compile_time_arg_val(7)
    out_tensor_stride_h = get_compile_time_arg_val(8)
    out_tensor_next_subblock_stride_w = get_compile_time_arg_val(9)
    out_tensor_next_subblock_stride_h = get_compile_time_arg_val(10)
    out_tensor_next_w_dim_block_stride = get_compile_time_arg_val(11)
    out_tensor_next_h_dim_block_stride = get_compile_time_arg_val(12)
    out_subblock_w = get_compile_time_arg_val(13)
    out_subblock_h = get_compile_time_arg_val(14)
    out_subblock_tile_count = get_compile_time_arg_val(15)
    MtNt = get_compile_time_arg_val(16)
    fuse_bias = "FUSE_BIAS" in DEFINES
    if fuse_bias:
        in3_block_w = get_compile_time_arg_val(17)
        cb_id_in3 = NAMED["cb_bias"]
    out_args = TensorAccessorArgs(19)

    cb_id_in1 = NAMED["cb_in1"]
    cb_id_out0 = NAMED["cb_out"]
    output_single_tile_size_bytes = get_tile_size(cb_id_out0)
    s = TensorAccessor(out_args, out_tensor_addr, output_single_tile_size_bytes)

    for b in range(batch):
        out_tensor_current_h_dim_block_tile_id = out_tensor_start_tile_id
        for bh in range(num_blocks_h_dim):
            out_tensor_current_w_dim_block_tile_id = out_tensor_current_h_dim_block_tile_id
            for bw in range(num_blocks_w_dim):
                for block in range(num_blocks_inner_dim):
                    mcast_receive(cb_id_in1, in1_block_num_tiles, sender_sem, receiver_sem, sender_x, sender_y)
                if fuse_bias and ((b == 0 and bh == 0) or num_blocks_w_dim > 1):
                    mcast_receive(cb_id_in3, in3_block_w, sender_sem, receiver_sem, sender_x, sender_y)

                if not out_sharded:
                    # WRITER
                    num_blocks_h_dim_ = (last_num_blocks_h_dim if bh >= last_num_blocks_h_dim - 1
                                         else num_blocks_h_dim)
                    num_blocks_w_dim_ = (last_num_blocks_w_dim if bw >= last_num_blocks_w_dim - 1
                                         else num_blocks_w_dim)
                    last_row = bh == num_blocks_h_dim_ - 1
                    last_col = bw == num_blocks_w_dim_ - 1
                    write_out_block(cb_id_out0, s, output_single_tile_size_bytes,
                                    out_tensor_current_w_dim_block_tile_id,
                                    out_last_num_nonzero_subblocks_h if last_row else out_num_nonzero_subblocks_h,
                                    out_last_num_nonzero_subblocks_w if last_col else out_num_nonzero_subblocks_w,
                                    last_row, last_col, out_subblock_h, out_subblock_w, out_subblock_tile_count,
                                    out_last_subblock_h, out_last_subblock_w, padded_subblock_tiles_addr_skip,
                                    padded_block_tiles_w_skip, padded_block_tiles_h_skip, out_tensor_stride_w,
                                    out_tensor_stride_h, out_tensor_next_subblock_stride_w,
                                    out_tensor_next_subblock_stride_h,
                                    bh < num_blocks_h_dim_ and bw < num_blocks_w_dim_)
                out_tensor_current_w_dim_block_tile_id += out_tensor_next_w_dim_block_stride
            out_tensor_current_h_dim_block_tile_id += out_tensor_next_h_dim_block_stride
        out_tensor_start_tile_id += MtNt
    if out_sharded:
        cb_wait_front(cb_id_out0, batch * out_num_nonzero_subblocks_h * out_num_nonzero_subblocks_w * out_subblock_w
                      * out_subblock_h)
