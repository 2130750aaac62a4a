"""Reader of ttnn's softmax (SoftmaxProgramFactoryAttentionOptimized): the max and sum scaler tiles (c_2, c_13), then
this core's tile rows, `blk` tiles at a time, into c_0; with FUSED_SCALE_MASK the fused scale tile (c_3) first and
the attention mask's Wt tiles (c_4) once per Ht rows (every row with CAUSAL_MASK).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/normalization/softmax/device/kernels/attention/dataflow/
reader_unary_interleaved_sm.cpp (generate_bcast_unary_scalar: ttnn/cpp/ttnn/kernel/dataflow/generate_bcast_scalar.hpp).
Compile-time args: the input's TensorAccessorArgs, the mask's (FUSED_SCALE_MASK), num_tiles_causal_mask
(CAUSAL_MASK). Runtime args: src_addr, blk, scale bits, num_blks (tile rows), tile_offset, Wt, Ht, mask_addr,
start_ht, start_mask_id, in0_t[, mask_start_ht, mask_offset]. Defines: FUSED_SCALE_MASK, CAUSAL_MASK."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.reduction import reduce_lib as R


def kernel_main():
    src_addr = get_arg_val(0)
    blk = get_arg_val(1)
    num_blks = get_arg_val(3)
    tile_offset = get_arg_val(4)
    Wt = get_arg_val(5)
    src0_args = TensorAccessorArgs(0)
    cb_in0 = CBIndex.c_0
    src0_tile_bytes = get_tile_size(cb_in0)
    fused = globals().get("FUSED_SCALE_MASK", 0)
    causal = globals().get("CAUSAL_MASK", 0)
    if fused:
        Ht = get_arg_val(6)
        mask_addr = get_arg_val(7)
        ht = get_arg_val(8)
        mask_id = get_arg_val(9)
        mask_args = TensorAccessorArgs(src0_args.next_compile_time_args_offset())
        cb_attn = 4
        mask_tile_bytes = get_tile_size(cb_attn)
        addr_mask = TensorAccessor(mask_args, mask_addr, mask_tile_bytes)
        if causal:
            num_tiles_causal_mask = get_compile_time_arg_val(mask_args.next_compile_time_args_offset())
            mask_ht = get_arg_val(11)
            mask_id_offset = get_arg_val(12)
        read_mask = True
        pre_scale = get_arg_val(2)
        cb_fused_scale = CBIndex.c_3       # generate_bcast_unary_scalar: datum [0, 0] = the scale's bf16 bits
        cb_reserve_back(cb_fused_scale, 1)
        l1_ptr(get_write_ptr(cb_fused_scale), np.uint32, 1)[0] = pre_scale >> 16
        cb_push_back(cb_fused_scale, 1)
    src_a = TensorAccessor(src0_args, src_addr, src0_tile_bytes)
    R.calculate_and_prepare_reduce_scaler(CBIndex.c_2, PoolType.MAX, ReduceDim.REDUCE_ROW)
    R.calculate_and_prepare_reduce_scaler(CBIndex.c_13, PoolType.SUM, ReduceDim.REDUCE_ROW)

    def read_mask_row():
        nonlocal mask_id
        for _j in range(0, Wt, blk):
            cb_reserve_back(cb_attn, blk)
            wp = get_write_ptr(cb_attn)
            for wb in range(blk):
                noc_async_read_tile(mask_id, addr_mask, wp + wb * mask_tile_bytes)
                mask_id += 1
            noc_async_read_barrier()
            cb_push_back(cb_attn, blk)

    curr_tile = tile_offset
    if not blk:                                   # an idle core: the scalers only
        return
    for _i in range(num_blks):
        for _j in range(0, Wt, blk):
            cb_reserve_back(cb_in0, blk)
            wp = get_write_ptr(cb_in0)
            for r in range(blk):
                noc_async_read_tile(curr_tile, src_a, wp + r * src0_tile_bytes)
                curr_tile += 1
            noc_async_read_barrier()
            cb_push_back(cb_in0, blk)
        if fused:
            if causal:
                read_mask_row()
                ht += 1
                mask_ht += 1
                if ht == Ht:
                    ht = 0
                    mask_ht = 0
                    mask_id_offset += num_tiles_causal_mask
                elif mask_ht == Wt:
                    mask_ht = 0
                    mask_id = mask_id_offset
            else:
                if read_mask:
                    read_mask_row()
                    read_mask = False
                ht += 1
                if ht == Ht:
                    ht = 0
                    read_mask = True
