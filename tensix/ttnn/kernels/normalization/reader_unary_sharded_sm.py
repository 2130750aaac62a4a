"""Reader of ttnn's sharded softmax (SoftmaxShardedProgramFactoryAttentionOptimized). The input shard is already in
L1 (c_0 is placed on the input's buffer), so this kernel never touches it: it makes the reduce scaler tiles (max
into c_1, sum into c_13) and, with FUSED_SCALE_MASK, the fused scale tile (c_2, datum [0, 0] = the scale's bf16 bits)
and the attention mask into c_3:
- no CAUSAL_MASK: the mask's tile row [mask_start_tile_id, + block_wt) once (the compute kernel keeps it for every
  row of the shard; broadcast over rows);
- CAUSAL_MASK over an interleaved mask: for each of the fused_head heads in the shard the mask's mask_Ht tile rows,
  block_wt tiles at a time from mask_start_tile_id;
- SHARDED_CAUSAL_MASK: c_3 is placed on the mask's own shard, nothing to read.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/normalization/softmax/device/kernels/attention/dataflow/
reader_unary_sharded_sm.cpp (generate_bcast_unary_scalar: ttnn/cpp/ttnn/kernel/dataflow/generate_bcast_scalar.hpp).
Compile-time args: block_wt, the mask's TensorAccessorArgs (one placeholder word without a mask), 0, 0, fused_head
(CAUSAL_MASK), mask_is_float32, mask_Ht. Runtime args: scale bits, mask_addr, mask_start_tile_id. Defines:
FUSED_SCALE_MASK, CAUSAL_MASK, SHARDED_CAUSAL_MASK."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.reduction import reduce_lib as R

cb_max_scaler, cb_sum_scaler, cb_fused_scale, cb_attn = CBIndex.c_1, CBIndex.c_13, CBIndex.c_2, CBIndex.c_3


def scalers():
    R.calculate_and_prepare_reduce_scaler(cb_max_scaler, PoolType.MAX, ReduceDim.REDUCE_ROW)
    R.calculate_and_prepare_reduce_scaler(cb_sum_scaler, PoolType.SUM, ReduceDim.REDUCE_ROW)


def fused_scale_tile(pre_scale):
    """generate_bcast_unary_scalar: one 32-bit store of scale >> 16 at the tile's start (datum 0 = the bf16 bits,
    datum 1 = 0); the rest of the tile is left as it is (the compute kernel reads datum 0 only)."""
    cb_reserve_back(cb_fused_scale, 1)
    l1_ptr(get_write_ptr(cb_fused_scale), np.uint32, 1)[0] = pre_scale >> 16
    cb_push_back(cb_fused_scale, 1)


def read_mask_block(addr_mask, mask_id, block_wt, tile_bytes):
    """block_wt mask tiles from page mask_id on into c_3 (one reservation, one barrier); the next page id."""
    cb_reserve_back(cb_attn, block_wt)
    wp = get_write_ptr(cb_attn)
    for w in range(block_wt):
        noc_async_read_tile(mask_id, addr_mask, wp + w * tile_bytes)
        mask_id += 1
    noc_async_read_barrier()
    cb_push_back(cb_attn, block_wt)
    return mask_id


def kernel_main():
    if not globals().get("FUSED_SCALE_MASK", 0):
        scalers()
        return
    block_wt = get_compile_time_arg_val(0)
    mask_args = TensorAccessorArgs(1)
    mask_addr = get_arg_val(1)
    mask_start_tile_id = get_arg_val(2)
    tile_bytes = get_tile_size(cb_attn)
    addr_mask = TensorAccessor(mask_args, mask_addr, tile_bytes)
    fused_scale_tile(get_arg_val(0))
    causal = globals().get("CAUSAL_MASK", 0)
    if causal and not globals().get("SHARDED_CAUSAL_MASK", 0):
        nxt = mask_args.next_compile_time_args_offset()
        fused_head = get_compile_time_arg_val(nxt + 2)
        mask_block_ht = get_compile_time_arg_val(nxt + 4)
        for f in range(fused_head):
            mask_id = mask_start_tile_id            # every head of the shard reads the same mask
            for h in range(mask_block_ht):
                mask_id = read_mask_block(addr_mask, mask_id, block_wt, tile_bytes)
                if f == 0 and h == 0:
                    scalers()
    elif causal:
        scalers()
    else:
        read_mask_block(addr_mask, mask_start_tile_id, block_wt, tile_bytes)
        scalers()
