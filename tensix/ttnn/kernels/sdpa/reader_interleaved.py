"""Reader of ttnn's scaled_dot_product_attention (SDPAProgramFactory): per Q chunk of this core's flat range (zigzag
order when causal) the Q chunk (whole before the K loop, or one QK subblock of rows at a time after the first K chunk
when the chunk has several subblocks), then per K chunk up to the causal limit the K chunk (transposed into the CB),
the provided mask's tiles (one Q tile row at a time; -inf tiles for padded rows / columns) and the V chunk, each
padded with zero tiles past the valid sequence.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/transformer/sdpa/device/kernels/dataflow/reader_interleaved.cpp for
the standard path, with attention sinks and, for a non-causal call, the KV chain forwarding between the cores that
share a head: the chain's injector reads each K / V chunk from DRAM and writes it into the next core's CB slot (or
multicasts it over the row), each receiver asking for it by incrementing the sender's semaphore and waiting for its
receiver semaphore to turn VALID; for legacy chunked prefill the Q chunks offset by chunk_start_idx / q_chunk_size
and K / V read through the batch's page-table row. Not ported (the program factory refuses them): the chunk-start
tensor (flexible chunked mode), MLA. The streaming path differs only in its sliding-window K range (from the window's
left reach; to its right reach when not causal)."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.errors import NotModelledError
from tensix.ttnn.kernels.sdpa import dataflow_common as DC

VALID, INVALID = 1, 0       # hostdevcommon/common_values.hpp


def kernel_main():
    a = [get_compile_time_arg_val(i) for i in range(34)]
    (B, NQH, NKH, NVH, Sqt, Skt, valid_Sqt, valid_Skt, DHt, vDHt, Sq_chunk_t, q_num_chunks, Sk_chunk_t,
     k_num_chunks, num_cores) = a[:15]
    is_causal, use_provided_mask = a[15] == 1, a[16] == 1
    bcast_mask_batch, bcast_mask_heads, use_padded_mask = a[17] == 1, a[18] == 1, a[19] == 1
    is_chunked, use_attention_sink, use_mla = a[20] == 1, a[23] == 1, a[24] == 1
    # a[27], the sliding window, bounds the K loop on the streaming path only (k_loop_start)
    qk_subblock_h, sliding_window_size, use_streaming = a[26], a[27], a[28] == 1
    sender_sem_id, receiver_sem_id, valid_sem_id, mcast_enabled = a[29], a[30], a[31], a[32] == 1
    use_zigzag = a[33] == 1
    block_size_t, page_table_stick_size = a[21], a[22]
    if use_mla:
        raise NotModelledError("reader_interleaved.cpp: MLA (a V read out of K) is not ported.")
    q_args = TensorAccessorArgs(34)
    k_args = TensorAccessorArgs(q_args.next_compile_time_args_offset())
    v_args = TensorAccessorArgs(k_args.next_compile_time_args_offset())
    mask_args = TensorAccessorArgs(v_args.next_compile_time_args_offset())
    pt_args = TensorAccessorArgs(mask_args.next_compile_time_args_offset())
    sink_args = TensorAccessorArgs(pt_args.next_compile_time_args_offset())
    csi_args = TensorAccessorArgs(sink_args.next_compile_time_args_offset())
    cbo = csi_args.next_compile_time_args_offset()
    cb_q_in, cb_k_in, cb_v_in, cb_mask_in, cb_attention_sink, cb_page_table = (get_compile_time_arg_val(cbo + i)
                                                                               for i in range(6))

    q_addr, k_addr, v_addr, mask_addr = (get_arg_val(i) for i in range(4))
    page_table_addr, sink_addr = get_arg_val(4), get_arg_val(5)
    chunked_q_chunk_offset = get_arg_val(9)
    num_phases = get_arg_val(8)
    argidx = 11
    participant = injector = sink = False
    chain_batch = chain_head = next_core_q_chunks = mcast_num_dests = 0
    prev_xy = next_xy = (0, 0)
    sender_wait_count = 1
    if not is_causal:
        participant, injector, sink = (get_arg_val(argidx + i) == 1 for i in range(3))
        chain_batch, chain_head = get_arg_val(argidx + 3), get_arg_val(argidx + 4)
        prev_xy = (get_arg_val(argidx + 7), get_arg_val(argidx + 8))
        next_xy = (get_arg_val(argidx + 9), get_arg_val(argidx + 10))
        next_core_q_chunks, mcast_num_dests = get_arg_val(argidx + 11), get_arg_val(argidx + 12)
        mcast_sender_wait = get_arg_val(argidx + 13)
        argidx += 14
        if participant:
            noc_semaphore_set(get_semaphore(valid_sem_id), VALID)
            if mcast_enabled and injector:
                sender_wait_count = mcast_sender_wait
    global_q_start, global_q_count = get_arg_val(argidx), get_arg_val(argidx + 1)
    if num_phases != 1:
        raise NotModelledError("reader_interleaved.cpp: two phases (ring-distributed SDPA) are not ported.")

    q_tile_bytes, k_tile_bytes, v_tile_bytes = get_tile_size(cb_q_in), get_tile_size(cb_k_in), get_tile_size(cb_v_in)
    mask_tile_bytes = get_tile_size(cb_mask_in) if use_provided_mask else 0
    q_heads_per_k, q_heads_per_v = NQH // NKH, NQH // NVH
    q_num_subblocks = Sq_chunk_t // qk_subblock_h
    use_q_subblock_push = q_num_subblocks > 1
    barrier_threshold = DC.get_barrier_read_threshold(q_tile_bytes, num_cores)
    q_reader = TensorAccessor(q_args, q_addr, q_tile_bytes)
    k_reader = TensorAccessor(k_args, k_addr, k_tile_bytes)
    v_reader = TensorAccessor(v_args, v_addr, v_tile_bytes)
    mask_reader = TensorAccessor(mask_args, mask_addr, mask_tile_bytes) if use_provided_mask else None
    sink_tile_bytes = get_tile_size(cb_attention_sink) if use_attention_sink else 0
    sink_reader = TensorAccessor(sink_args, sink_addr, sink_tile_bytes) if use_attention_sink else None
    q_shape = (B, NQH, valid_Sqt, DHt)
    k_shape = (B, NKH, valid_Skt, DHt)
    v_shape = (B, NVH, valid_Skt, DHt)
    # legacy chunked mode (no chunk-start tensor): extended by the offset, so one program serves every chunk
    valid_Skt_bound = valid_Skt + chunked_q_chunk_offset * Sq_chunk_t
    pt_reader = TensorAccessor(pt_args, page_table_addr, page_table_stick_size) if is_chunked else None
    page_table = None

    def receive(cb_id, n_tiles):
        """Take the chunk the previous core of the chain writes into this CB slot: reserve it, mark the receiver
        semaphore INVALID, tell the sender (+1 on its sender semaphore), wait until it sets ours VALID, push."""
        cb_reserve_back(cb_id, n_tiles)
        addr = get_write_ptr(cb_id)
        rsem = get_semaphore(receiver_sem_id)
        noc_semaphore_set(rsem, INVALID)
        noc_semaphore_inc(get_noc_addr(prev_xy[0], prev_xy[1], get_semaphore(sender_sem_id)), 1)
        noc_semaphore_wait(rsem, VALID)
        cb_push_back(cb_id, n_tiles)
        return addr

    def forward_data(addr, n_bytes):
        """Wait until the receiver(s) asked for the chunk, then write it into the same CB slot of the next core (or
        multicast it over the row, linked with the semaphore write that follows)."""
        ssem = get_semaphore(sender_sem_id)
        noc_semaphore_wait(ssem, sender_wait_count)
        noc_semaphore_set(ssem, 0)
        if mcast_enabled:
            noc_async_write_multicast(addr, get_noc_multicast_addr(prev_xy[0], prev_xy[1], next_xy[0], next_xy[1],
                                                                   addr), n_bytes, mcast_num_dests, True)
            noc_semaphore_set_multicast(get_semaphore(valid_sem_id), get_noc_multicast_addr(
                prev_xy[0], prev_xy[1], next_xy[0], next_xy[1], get_semaphore(receiver_sem_id)), mcast_num_dests,
                False)
        else:
            noc_async_write(addr, get_noc_addr(next_xy[0], next_xy[1], addr), n_bytes)

    def signal_next():
        """Relay our VALID into the next core's receiver semaphore (unicast)."""
        noc_semaphore_set_remote(get_semaphore(valid_sem_id),
                                 get_noc_addr(next_xy[0], next_xy[1], get_semaphore(receiver_sem_id)))

    k_chunk_tiles, v_chunk_tiles = Sk_chunk_t * DHt, Sk_chunk_t * vDHt
    prev_nb = -1
    prev_nq = -1
    per_head_q_iter = 0
    mask_batch_offset = 0
    for gq in range(global_q_count):
        nb, nq, q_chunk = DC.decompose_global_q_index(global_q_start + gq, q_num_chunks, NQH, use_zigzag)
        if nb != prev_nb and not bcast_mask_batch:
            mask_batch_offset = nb * valid_Sqt * valid_Skt * (1 if bcast_mask_heads else NQH)
        if nb != prev_nb and is_chunked:
            # read_page_table_for_batch: this batch's row of virtual -> physical block ids into the CB (one slot)
            if prev_nb != -1:
                # the reader is the row's only user: the C++ pops without a cb_wait_front (its own push is there);
                # tensix's CB checks want the wait, which returns at once
                cb_wait_front(cb_page_table, 1)
                cb_pop_front(cb_page_table, 1)
            cb_reserve_back(cb_page_table, 1)
            wp = get_write_ptr(cb_page_table)
            noc_async_read_page(nb, pt_reader, wp)
            noc_async_read_barrier()
            page_table = (wp, page_table_stick_size // 4)
            cb_push_back(cb_page_table, 1)
        if nb != prev_nb or nq != prev_nq:
            per_head_q_iter = 0
        q_iter = per_head_q_iter
        per_head_q_iter += 1
        prev_nb, prev_nq = nb, nq
        should_forward = (participant and not sink and nb == chain_batch and nq == chain_head
                          and q_iter < next_core_q_chunks)
        should_receive = participant and not injector and nb == chain_batch and nq == chain_head
        if use_attention_sink:
            # one slot per Q chunk (the compute kernel pops Sq_chunk_t tiles per chunk): the head's sink tile
            # (TensorTileShape(B, NQH, 1, 1).id_of(0, nq, 0, 0)), then its value down column 0 of every tile
            cb_reserve_back(cb_attention_sink, Sq_chunk_t)
            wp = get_write_ptr(cb_attention_sink)
            noc_async_read_tile(DC.tile_id_of((B, NQH, 1, 1), 0, nq, 0, 0), sink_reader, wp)
            noc_async_read_barrier()
            DC.fill_attention_sink_tiles(cb_attention_sink, Sq_chunk_t, wp, sink_tile_bytes)
            cb_push_back(cb_attention_sink, Sq_chunk_t)
        q_row_start = min(q_chunk * Sq_chunk_t, valid_Sqt)
        q_row_end = min(q_row_start + Sq_chunk_t, valid_Sqt)
        q_row_count = q_row_end - q_row_start
        q_read_tile_id = DC.tile_id_of(q_shape, nb, nq, q_row_start, 0)
        if not use_q_subblock_push:
            DC.read_chunk_with_padding(q_reader, cb_q_in, q_read_tile_id, q_row_count, DHt, Sq_chunk_t, DHt,
                                       barrier_threshold)
        q_chunk = chunked_q_chunk_offset + q_chunk
        q_low = q_chunk * Sq_chunk_t
        q_high = min(q_low + Sq_chunk_t, Skt) if is_causal else Skt
        k_head, v_head = nq // q_heads_per_k, nq // q_heads_per_v
        k_chunk = k_loop_start = 0
        if use_streaming and sliding_window_size > 0:
            # the streaming compute kernel's K range (sliding_window_geometry.hpp): from the window's left reach,
            # to its right reach when not causal
            left_tiles, right_tiles = _window_tiles(sliding_window_size, is_causal)
            if q_low > left_tiles:
                k_chunk = k_loop_start = (q_low - left_tiles) // Sk_chunk_t
            if not is_causal:
                q_high = min(q_low + Sq_chunk_t + right_tiles, Skt)
        while k_chunk * Sk_chunk_t < q_high:
            kv_start = min(k_chunk * Sk_chunk_t, valid_Skt_bound)
            kv_end = min(kv_start + Sk_chunk_t, valid_Skt_bound)
            kv_count = kv_end - kv_start
            k_start_id = DC.tile_id_of(k_shape, nb, k_head, kv_start, 0)
            k_addr_l1 = 0
            if should_receive:
                k_addr_l1 = receive(cb_k_in, k_chunk_tiles)
            elif is_chunked:
                DC.read_paged_chunk_with_padding(k_reader, cb_k_in, NKH, block_size_t, DHt, k_head,
                                                 k_chunk * Sk_chunk_t, kv_count, DHt, Sk_chunk_t, DHt,
                                                 barrier_threshold, page_table, True)
            elif should_forward:
                cb_reserve_back(cb_k_in, k_chunk_tiles)
                k_addr_l1 = get_write_ptr(cb_k_in)
                DC.read_chunk_for_forwarding(k_reader, cb_k_in, k_addr_l1, k_start_id, kv_count, DHt, Sk_chunk_t,
                                             DHt, True)
            else:
                DC.read_chunk_with_padding(k_reader, cb_k_in, k_start_id, kv_count, DHt, Sk_chunk_t, DHt,
                                           barrier_threshold, True)
            if should_forward:
                forward_data(k_addr_l1, k_chunk_tiles * k_tile_bytes)
                if mcast_enabled:
                    noc_async_writes_flushed()
                    if not should_receive:
                        cb_push_back(cb_k_in, k_chunk_tiles)
            if use_provided_mask:
                mask_row_start = mask_batch_offset + q_chunk * Sq_chunk_t * valid_Skt
                if not bcast_mask_heads:
                    mask_row_start += nq * valid_Sqt * valid_Skt
                for row in range(Sq_chunk_t):
                    q_valid = not use_padded_mask or q_chunk * Sq_chunk_t + row < valid_Sqt
                    cb_reserve_back(cb_mask_in, Sk_chunk_t)
                    wp = get_write_ptr(cb_mask_in)
                    count = 0
                    for col in range(Sk_chunk_t):
                        gk = k_chunk * Sk_chunk_t + col
                        k_valid = not use_padded_mask or gk < valid_Skt
                        if q_valid and k_valid:
                            noc_async_read_tile(mask_row_start + gk, mask_reader, wp)
                        else:
                            DC.fill_neginf_tile(cb_mask_in, col, mask_tile_bytes)
                        wp += mask_tile_bytes
                        count += 1
                        if count == barrier_threshold:
                            noc_async_read_barrier()
                            count = 0
                    noc_async_read_barrier()
                    cb_push_back(cb_mask_in, Sk_chunk_t)
                    if q_valid:
                        mask_row_start += valid_Skt
            if should_forward and not mcast_enabled:
                noc_async_writes_flushed()
                if not should_receive:
                    cb_push_back(cb_k_in, k_chunk_tiles)
                signal_next()
            if use_q_subblock_push and k_chunk == k_loop_start:
                for q_sub in range(q_num_subblocks):
                    q_read_tile_id = DC.read_q_subblock(q_reader, cb_q_in, q_read_tile_id, q_sub * qk_subblock_h,
                                                        qk_subblock_h, q_row_count, DHt, DHt, barrier_threshold)
            v_start_id = DC.tile_id_of(v_shape, nb, v_head, kv_start, 0)
            v_addr_l1 = 0
            if should_receive:
                v_addr_l1 = receive(cb_v_in, v_chunk_tiles)
            elif is_chunked:
                DC.read_paged_chunk_with_padding(v_reader, cb_v_in, NVH, block_size_t, DHt, v_head,
                                                 k_chunk * Sk_chunk_t, kv_count, vDHt, Sk_chunk_t, vDHt,
                                                 barrier_threshold, page_table, False)
            elif should_forward:
                cb_reserve_back(cb_v_in, v_chunk_tiles)
                v_addr_l1 = get_write_ptr(cb_v_in)
                DC.read_chunk_for_forwarding(v_reader, cb_v_in, v_addr_l1, v_start_id, kv_count, vDHt, Sk_chunk_t,
                                             vDHt, False)
            else:
                DC.read_chunk_with_padding(v_reader, cb_v_in, v_start_id, kv_count, vDHt, Sk_chunk_t, vDHt,
                                           barrier_threshold, False)
            if should_forward:
                forward_data(v_addr_l1, v_chunk_tiles * v_tile_bytes)
                noc_async_writes_flushed()
                if not mcast_enabled:
                    signal_next()
                if not should_receive:
                    cb_push_back(cb_v_in, v_chunk_tiles)
            k_chunk += 1
    if is_chunked and prev_nb != -1:
        cb_wait_front(cb_page_table, 1)
        cb_pop_front(cb_page_table, 1)


def _window_tiles(window, is_causal):
    """SlidingWindowLoopGeometry: the K loop's left / right reach in tiles (ceil of window - 1 tokens behind the
    diagonal when causal, window / 2 either side when not)."""
    half = window // 2
    left, right = ((window - 1), 0) if is_causal else (half, half)
    return -(-left // 32), -(-right // 32)
