"""Reader of ttnn.scale_causal_mask_hw_dims_softmax_in_place's sharded program (SoftmaxShardedProgramFactory-
AttentionOptimized with is_scale_causal_mask_hw_dims_softmax): the fused scale tile (c_2), then block_ht rows of
block_wt tiles of the interleaved [.., H, W] causal mask into c_3 from mask_start_tile_id on, wrapping to tile 0 at
the mask's end (mask_num_tiles: the same H x W mask for every head); the reduce scalers (c_1 max, c_13 sum) once the
first mask tile's read is issued.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/normalization/softmax/device/kernels/attention/dataflow/
reader_unary_sharded_sm_causal_mask_hw_dims.cpp. Compile-time args: block_wt, the mask's TensorAccessorArgs, 0, 0,
block_ht, mask_is_float32, mask_Ht. Runtime args: scale bits, mask_addr, mask_start_tile_id, mask_num_tiles."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.normalization.reader_unary_sharded_sm import cb_attn, fused_scale_tile, scalers


def kernel_main():
    block_wt = get_compile_time_arg_val(0)
    mask_args = TensorAccessorArgs(1)
    mask_addr = get_arg_val(1)
    mask_id = get_arg_val(2)
    mask_num_tiles = get_arg_val(3)
    tile_bytes = get_tile_size(cb_attn)
    addr_mask = TensorAccessor(mask_args, mask_addr, tile_bytes)
    fused_scale_tile(get_arg_val(0))
    block_ht = get_compile_time_arg_val(mask_args.next_compile_time_args_offset() + 2)
    for h in range(block_ht):
        cb_reserve_back(cb_attn, block_wt)
        wp = get_write_ptr(cb_attn)
        for w in range(block_wt):
            noc_async_read_tile(mask_id, addr_mask, wp + w * tile_bytes)
            mask_id += 1
            if h == 0 and w == 0:
                scalers()
        noc_async_read_barrier()
        cb_push_back(cb_attn, block_wt)
        if mask_id == mask_num_tiles:
            mask_id = 0
