"""Reader of ttnn's SDPA decode (SdpaDecodeDeviceOperation): the user's position (the runtime arg, or its entry of
the cur_pos tensor, read into c_8 for the writer and copied into c_15 for the compute kernel), the user's Q tiles,
then per KV head of this core and per K chunk of its share up to the position the K chunk (transposed into c_1) and
the V chunk (c_2), read directly or, paged, through the user's page-table row (c_9), and for a non-causal call with
attn_mask the chunk's mask tiles (c_3, between K and V).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/transformer/sdpa_decode/device/kernels/dataflow/
reader_decode_all.cpp for Q interleaved in DRAM or height-sharded (read from the user's output core), an interleaved
cur_pos tensor / page table and no sink (the program factory refuses the rest: tilize_q, K multicast, MLA's V read out
of K)."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.errors import NotModelledError
from tensix.ttnn.kernels.sdpa_decode import dataflow_common as DC
from tensix.ttnn.kernels.sdpa_decode.rt_args_common import get_workload_for_core

_U32_MAX = 0xFFFFFFFF
cb_q_in, cb_k_in, cb_v_in, cb_writer_cur_pos, cb_id_page_table, cb_compute_cur_pos = 0, 1, 2, 8, 9, 15


def kernel_main():
    a = [get_compile_time_arg_val(i) for i in range(37)]
    (B, PNHt, St, DHt, vDHt, Sk_chunk_t, num_cores, is_q_sharded, num_cores_per_batch, k_chunk_size,
     index_stick_size_B, is_paged, num_kv_heads, block_size_t, Bkv, q_heads_parallel_factor, num_cores_per_head,
     num_heads_per_core, num_output_cores, is_causal, use_attention_mask, use_attention_sink,
     max_dynamic_chunk_size, tilize_q, reuse_k) = a[:25]
    is_paged, is_causal = is_paged == 1, is_causal == 1
    sliding_window_size, original_block_size, use_k_mcast = a[30], a[31], a[34] == 1
    use_attention_mask = use_attention_mask == 1
    Bmask = a[35]
    is_q_sharded = is_q_sharded == 1
    q_chunk_size_bytes = a[26]
    if (use_attention_sink or tilize_q or reuse_k or use_k_mcast
            or (is_paged and 0 < original_block_size < 32) or Sk_chunk_t == 0):
        raise NotModelledError("reader_decode_all.cpp: a row-major Q, sinks, MLA, K "
                               "multicast, block padding and dynamic chunk sizes are not ported.")
    q_args = TensorAccessorArgs(37)
    k_args = TensorAccessorArgs(q_args.next_compile_time_args_offset())
    v_args = TensorAccessorArgs(k_args.next_compile_time_args_offset())
    mask_args = TensorAccessorArgs(v_args.next_compile_time_args_offset())
    pos_args = TensorAccessorArgs(mask_args.next_compile_time_args_offset())
    pt_args = TensorAccessorArgs(pos_args.next_compile_time_args_offset())

    q_addr, k_addr, v_addr, pos_addr, pt_addr, mask_addr = (get_arg_val(i) for i in range(6))
    page_table_page_size = get_arg_val(7)
    cur_head_group, cur_batch = get_arg_val(10), get_arg_val(11)
    core_num_in_reduce, cur_pos_arg = get_arg_val(12), get_arg_val(14)
    if q_addr == 0:         # an idle core
        return
    cur_pos = St * 32 - 1   # non-causal: the whole cache
    if is_causal:
        if cur_pos_arg != _U32_MAX:
            cur_pos = cur_pos_arg
        else:
            cb_reserve_back(cb_writer_cur_pos, 1)
            wp = get_write_ptr(cb_writer_cur_pos)
            noc_async_read_page(0, TensorAccessor(pos_args, pos_addr, index_stick_size_B), wp)
            noc_async_read_barrier()
            cb_reserve_back(cb_compute_cur_pos, 1)
            # the compute kernel's copy: a NoC read from this core's own c_8 page
            noc_async_read(get_noc_addr(wp), get_write_ptr(cb_compute_cur_pos), index_stick_size_B)
            noc_async_read_barrier()
            cb_push_back(cb_writer_cur_pos, 1)
            cb_push_back(cb_compute_cur_pos, 1)
            cur_pos = int(l1_ptr(wp, np.uint32, B)[cur_batch // q_heads_parallel_factor])
        if cur_pos == _U32_MAX:     # a user to skip (position -1)
            return
    k_chunk_size_dynamic = Sk_chunk_t * 32
    PSt, _n, k_chunk_start, k_chunk_end, _wsu, _wsc = get_workload_for_core(
        cur_pos, core_num_in_reduce, num_cores_per_head, k_chunk_size_dynamic, sliding_window_size)
    if k_chunk_start == k_chunk_end:
        return
    q_chunk_tiles = PNHt * DHt
    k_chunk_tiles, v_chunk_tiles = Sk_chunk_t * DHt, Sk_chunk_t * vDHt
    q_tile_bytes = get_tile_size(cb_q_in)
    barrier_threshold = DC.get_barrier_read_threshold(q_tile_bytes, num_cores)
    if is_q_sharded:        # read_q, sharded: the user's shard from its output core's L1 (this core's own, there)
        out_x = get_arg_val(20 + cur_batch)
        out_y = get_arg_val(20 + num_output_cores + cur_batch)
        cb_reserve_back(cb_q_in, q_chunk_tiles)
        noc_async_read(get_noc_addr(out_x, out_y, q_addr), get_write_ptr(cb_q_in), q_chunk_size_bytes)
        noc_async_read_barrier()
        cb_push_back(cb_q_in, q_chunk_tiles)
    else:
        q_reader = TensorAccessor(q_args, q_addr, q_tile_bytes)
        DC.read_q(cb_q_in, q_reader, q_chunk_tiles, cur_batch * q_chunk_tiles, barrier_threshold)
    k_reader = TensorAccessor(k_args, k_addr, get_tile_size(cb_k_in))
    v_reader = TensorAccessor(v_args, v_addr, get_tile_size(cb_v_in))
    page_table = None
    if is_paged:        # read_page_table_for_batch: the user's row of block ids
        cb_reserve_back(cb_id_page_table, 1)
        wp = get_write_ptr(cb_id_page_table)
        noc_async_read_page(cur_batch // q_heads_parallel_factor,
                            TensorAccessor(pt_args, pt_addr, page_table_page_size), wp)
        noc_async_read_barrier()
        page_table = (wp, page_table_page_size // 4)
        cb_push_back(cb_id_page_table, 1)
    cb_mask_in = 3
    mask_reader = TensorAccessor(mask_args, mask_addr, get_tile_size(cb_mask_in)) if use_attention_mask else None
    for cur_head in range(cur_head_group * num_heads_per_core, (cur_head_group + 1) * num_heads_per_core):
        mask_start = ((cur_batch // q_heads_parallel_factor) % Bmask) * PNHt * St + k_chunk_start * Sk_chunk_t
        if is_paged:
            for k_chunk in range(k_chunk_start, k_chunk_end):
                row0 = k_chunk * Sk_chunk_t
                DC.read_k_paged(cb_k_in, DHt, num_kv_heads, block_size_t, barrier_threshold, k_chunk_tiles, cur_head,
                                Sk_chunk_t, row0, k_reader, page_table)
                if use_attention_mask:
                    mask_start = DC.read_mask_chunk(cb_mask_in, PNHt, PSt, Sk_chunk_t, mask_start, mask_reader,
                                                    barrier_threshold)
                DC.read_v_paged(cb_v_in, vDHt, num_kv_heads, block_size_t, barrier_threshold, v_chunk_tiles,
                                cur_head, Sk_chunk_t, row0, v_reader, page_table)
        else:
            kv_batch = (cur_batch // q_heads_parallel_factor) % Bkv
            k_start = (kv_batch * num_kv_heads + cur_head) * St * DHt + k_chunk_start * Sk_chunk_t * DHt
            v_start = (kv_batch * num_kv_heads + cur_head) * St * vDHt + k_chunk_start * Sk_chunk_t * vDHt
            DC.read_kv_mask_chunks(cb_k_in, cb_v_in, DHt, vDHt, barrier_threshold, k_chunk_start, k_chunk_end,
                                   k_start, v_start, Sk_chunk_t, k_chunk_tiles, v_chunk_tiles, k_reader, v_reader,
                                   (cb_mask_in, PNHt, PSt, mask_start, mask_reader) if use_attention_mask else None)
