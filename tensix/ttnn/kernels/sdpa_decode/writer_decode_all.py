"""Writer of ttnn's SDPA decode (SdpaDecodeDeviceOperation): the user's position (runtime arg or the c_8 page the
reader filled), the reduce scaler (c_5, 1.0 in row 0 of each face), the zero tile (c_12), the column identity
(c_11), with a sliding window whose start is inside this core's first chunk that chunk's window mask (c_13,
generate_sliding_window_mask), for a causal call the mask of the chunk holding the position (c_3, generate_mask), then
per KV head of this
core: the tree reduction's rounds (wait for the round's counter in the reducer semaphore, then move the child's
(sum, max, output) from this core's c_19 slot into c_7 / c_6 / c_16), then either the partial result sent to the
parent core's c_19 slot of this core's round (and the parent's counter raised), or, at the root, the normalised output
(c_20) written to DRAM: whole tiles with one KV head, the head group's rows otherwise (write_partial_tiles_to_memory).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/transformer/sdpa_decode/device/kernels/dataflow/
writer_decode_all.cpp for an interleaved output, or a height-sharded one with one KV head (c_20 is the shard: nothing
to write); block padding is not ported."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.errors import NotModelledError
from tensix.ttnn.kernels.reduction import reduce_lib as R
from tensix.ttnn.kernels.sdpa_decode import dataflow_common as DC
from tensix.ttnn.kernels.sdpa_decode.rt_args_common import get_workload_for_core

_U32_MAX = 0xFFFFFFFF
cb_mask_in, cb_identity_scale_in, cb_cur_pos, cb_col_identity, cb_zero_in, cb_out = 3, 5, 8, 11, 12, 20
cb_m_in, cb_l_in, cb_out_o, cb_out_m, cb_out_l, cb_intermed_out = 6, 7, 16, 17, 18, 19
cb_sliding_window_mask_in = 13
_MAX_ROUNDS = 6
# each round's 4-bit counter in the reducer semaphore
_STEP_INC = (1, 16, 256, 4096, 65536, 1048576)
_STEP_SHIFT = (0, 4, 8, 12, 16, 20)


def kernel_main():
    a = [get_compile_time_arg_val(i) for i in range(28)]
    (B, PNHt, St, DHt, vDHt, Sk_chunk_t, identity_scalar_packed, _zero, _scale, num_cores_per_batch, num_cores,
     _red_sem, _out_sem, is_out_sharded, k_chunk_size, num_q_heads, num_kv_heads, num_cores_per_head,
     num_heads_per_core, _num_reducers, _num_outputs, element_size, is_causal, _max_dyn, q_heads_parallel_factor,
     sliding_window_size, _rounds, original_block_size) = a
    is_causal = is_causal == 1
    if 0 < original_block_size < 32 or (is_out_sharded and num_kv_heads > 1):
        raise NotModelledError("writer_decode_all.cpp: block padding and the GQA sharded output are not ported.")
    out_args = TensorAccessorArgs(28)
    out_addr = get_arg_val(0)
    cur_head_group, cur_batch = get_arg_val(5), get_arg_val(6)
    core_num_in_reduce, cur_pos_arg = get_arg_val(7), get_arg_val(9)
    is_tree_root = get_arg_val(10) == 1
    parent_core_in_group, send_at_round = get_arg_val(11), get_arg_val(12)
    children_per_round = [get_arg_val(16 + r) for r in range(_MAX_ROUNDS)]
    group_xs = [get_arg_val(16 + _MAX_ROUNDS + j) for j in range(num_cores_per_head)]
    group_ys = [get_arg_val(16 + _MAX_ROUNDS + num_cores_per_head + j) for j in range(num_cores_per_head)]
    if out_addr == 0:       # an idle core
        return
    cur_pos = St * 32 - 1
    if is_causal:
        if cur_pos_arg != _U32_MAX:
            cur_pos = cur_pos_arg
        else:
            cb_wait_front(cb_cur_pos, 1)
            cur_pos = int(l1_ptr(get_read_ptr(cb_cur_pos), np.uint32, B)[cur_batch // q_heads_parallel_factor])
            cb_pop_front(cb_cur_pos, 1)
        if cur_pos == _U32_MAX:
            return
    _pst, k_num_chunks, k_chunk_start, k_chunk_end, window_start_unaligned, window_start_chunk = \
        get_workload_for_core(cur_pos, core_num_in_reduce, num_cores_per_head, Sk_chunk_t * 32, sliding_window_size)
    if k_chunk_start == k_chunk_end:
        return
    active = [c if (c != _U32_MAX and c < k_num_chunks) else _U32_MAX for c in children_per_round]
    num_active_rounds = max((r + 1 for r, c in enumerate(active) if c != _U32_MAX), default=0)
    should_send_to_parent = parent_core_in_group != _U32_MAX
    out_chunk_tiles = PNHt * vDHt
    # calculate_and_prepare_reduce_scaler<c_5, MAX, REDUCE_ROW, SUM_AND_MAX_REDUCE_FACTOR, compute_uses_reduce_tile>
    R.calculate_and_prepare_reduce_scaler(cb_identity_scale_in, PoolType.MAX, ReduceDim.REDUCE_ROW,
                                          compute_uses_reduce_tile=True)
    # prepare_zero_tile<c_12>: one zeroed page
    cb_reserve_back(cb_zero_in, 1)
    l1_ptr(get_write_ptr(cb_zero_in), np.uint8, get_tile_size(cb_zero_in))[:] = 0
    cb_push_back(cb_zero_in, 1)
    # generate_bcast_col_scalar: the bf16 of the packed identity in column 0 of faces 0 and 2
    cb_reserve_back(cb_col_identity, 1)
    p = l1_ptr(get_write_ptr(cb_col_identity), np.uint16, 1024)
    for k in (0, 2):
        p[k * 256:(k + 1) * 256:16] = identity_scalar_packed >> 16
    cb_push_back(cb_col_identity, 1)
    if k_chunk_start == window_start_chunk and window_start_unaligned > 0:
        DC.generate_sliding_window_mask(cb_sliding_window_mask_in, PNHt, Sk_chunk_t, window_start_unaligned)
    if is_causal:
        DC.generate_mask(cb_mask_in, PNHt, Sk_chunk_t, cur_pos)
    tile_bytes = get_tile_size(cb_out)
    out_writer = TensorAccessor(out_args, out_addr, tile_bytes)
    barrier_threshold = DC.get_barrier_read_threshold(tile_bytes, num_cores)
    barrier_count = 0
    reducer_sem = get_semaphore(0)
    ml_bytes = PNHt * get_tile_size(cb_intermed_out) if num_cores_per_head > 1 else 0
    block_bytes = (out_chunk_tiles + 2 * PNHt) * get_tile_size(cb_intermed_out) if num_cores_per_head > 1 else 0
    for cur_head in range(cur_head_group * num_heads_per_core, (cur_head_group + 1) * num_heads_per_core):
        for rnd in range(num_active_rounds):       # the children's partials, from this core's c_19 slots
            if active[rnd] == _U32_MAX:
                continue
            DC.wait_step_semaphore(reducer_sem, _STEP_SHIFT[rnd])
            src = get_read_ptr(cb_intermed_out) + rnd * block_bytes
            for cb, n, size in ((cb_l_in, PNHt, ml_bytes), (cb_m_in, PNHt, ml_bytes),
                                (cb_out_o, out_chunk_tiles, out_chunk_tiles * get_tile_size(cb_intermed_out))):
                cb_reserve_back(cb, n)
                noc_async_read(get_noc_addr(src), get_write_ptr(cb), size)
                src += size
                noc_async_read_barrier()
                cb_push_back(cb, n)
        if not is_tree_root and should_send_to_parent:      # l, m, o into the parent's slot of this round
            # the C++ waits on c_16 first; on an inner tree core that wait is already met by the children's outputs
            # this writer pushed into c_16 itself (the counters are shared), and what holds the send back until the
            # compute kernel has merged them is the wait on c_17 / c_18, which it fills after c_16. tensix's CB checks
            # count a wait per consumer, so the c_16 wait comes last here: the same order of events
            cb_wait_front(cb_out_m, PNHt)
            cb_wait_front(cb_out_l, PNHt)
            cb_wait_front(cb_out_o, out_chunk_tiles)
            px, py = group_xs[parent_core_in_group], group_ys[parent_core_in_group]
            dst = get_write_ptr(cb_intermed_out) + send_at_round * block_bytes
            tb = get_tile_size(cb_out_o)
            for cb, size in ((cb_out_l, PNHt * tb), (cb_out_m, PNHt * tb), (cb_out_o, out_chunk_tiles * tb)):
                noc_async_write(get_read_ptr(cb), get_noc_addr(px, py, dst), size)
                dst += size
            noc_async_write_barrier()
            noc_semaphore_inc(get_noc_addr(px, py, reducer_sem), _STEP_INC[send_at_round])
            cb_pop_front(cb_out_o, out_chunk_tiles)
            cb_pop_front(cb_out_m, PNHt)
            cb_pop_front(cb_out_l, PNHt)
            return
        if not is_tree_root:
            return
        if is_out_sharded:      # one KV head: the compute kernel packed the output into the shard (c_20) itself
            continue
        out_tile_id = cur_batch * out_chunk_tiles
        cb_wait_front(cb_out, out_chunk_tiles)
        noc_async_writes_flushed()
        if num_kv_heads > 1:
            _tid, barrier_count = DC.write_partial_tiles_to_memory(
                cb_out, element_size, PNHt, out_tile_id, out_writer, barrier_count, barrier_threshold, cur_head,
                num_q_heads // num_kv_heads, out_chunk_tiles)
        else:
            _tid, barrier_count = DC.write_tiles_to_memory(cb_out, out_chunk_tiles, out_tile_id, out_writer,
                                                           barrier_count, barrier_threshold)
        noc_async_write_barrier()
        cb_pop_front(cb_out, out_chunk_tiles)
