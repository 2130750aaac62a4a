"""The dataflow helpers of ttnn's SDPA decode reader and writer, ported from tt-metal 622c6fb9
ttnn/cpp/ttnn/operations/transformer/sdpa_decode/device/kernels/dataflow/dataflow_common.hpp (and
kernels/rt_args_common.hpp): the causal mask of the last K chunk, the Q / K / V reads (K transposed into its CB,
directly or through the page table) and the output writes (whole tiles, or the head group's rows for GQA).

Fill / copy helpers write L1 directly: fill_tile's zero case (noc.async_write_zeros) and copy_tile (a NoC read from
this core's own L1) move the same bytes; their few NoC transfers per program are not charged."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403

NEG_INF_BF16 = 0xFF80


def get_barrier_read_threshold(tile_bytes, num_readers):
    """sdpa dataflow_common.hpp get_barrier_read_threshold: ((512 / num_readers) * (1024 + 128)) / tile_bytes."""
    return max(1, ((512 // num_readers) * (1024 + 128)) // tile_bytes)


def _bf16_faces(cb_id, tile_id, tile_bytes):
    """A bfloat16 tile of the CB (from its write pointer) as [face, row, col] uint16."""
    return l1_ptr(get_write_ptr(cb_id) + tile_id * tile_bytes, np.uint16, tile_bytes // 2).reshape(-1, 16, 16)


def fill_tile(cb_id, tile_id, tile_bytes, val):
    """fill_tile<tile_bytes>(cb_id, tile_id, val): the page set to the packed pair `val` (two bfloat16)."""
    l1_ptr(get_write_ptr(cb_id) + tile_id * tile_bytes, np.uint32, tile_bytes // 4)[:] = val


def fill_tile_partial(cb_id, tile_id, tile_bytes, cur_pos_in_tile, partial_val):
    """fill_tile_partial: zero, then every row's columns cur_pos_in_tile + 1 .. 31 set to the bfloat16 of
    partial_val (the right faces whole when cur_pos_in_tile < 15)."""
    fill_tile(cb_id, tile_id, tile_bytes, 0)
    if cur_pos_in_tile == 31 or partial_val == 0:
        return
    f = _bf16_faces(cb_id, tile_id, tile_bytes)
    col = (np.arange(f.shape[0]) % 2)[:, None] * 16 + np.arange(16)[None, :]       # [face, col in face]
    masked = col > cur_pos_in_tile
    f[np.broadcast_to(masked[:, None, :], f.shape)] = partial_val >> 16


def fill_tile_partial_sliding_window(cb_id, tile_id, tile_bytes, window_start_pos_in_tile, partial_val):
    """fill_tile_partial_sliding_window: zero, then every row's columns 0 .. window_start_pos_in_tile - 1 set to the
    bfloat16 of partial_val (the left faces whole when the start is in the right half)."""
    fill_tile(cb_id, tile_id, tile_bytes, 0)
    if window_start_pos_in_tile == 0 or partial_val == 0:
        return
    f = _bf16_faces(cb_id, tile_id, tile_bytes)
    col = (np.arange(f.shape[0]) % 2)[:, None] * 16 + np.arange(16)[None, :]
    masked = col < window_start_pos_in_tile
    f[np.broadcast_to(masked[:, None, :], f.shape)] = partial_val >> 16


def generate_sliding_window_mask(cb_mask_in, PNHt, Sk_chunk_t, window_start):
    """generate_sliding_window_mask<cb, PNHt>(k_num_chunks, Sk_chunk_t, window_start): the first chunk's mask block --
    -inf tiles before window_start's tile, the partial tile (-inf before its column), zero tiles after -- its first
    tile row copied down the head tiles; pushed once."""
    total = PNHt * Sk_chunk_t
    in_chunk = window_start % (Sk_chunk_t * 32)
    ws_t, ws_in_tile = in_chunk // 32, in_chunk % 32
    neg = (NEG_INF_BF16 << 16) | NEG_INF_BF16
    cb_reserve_back(cb_mask_in, total)
    base = get_write_ptr(cb_mask_in)
    tb = get_tile_size(cb_mask_in)
    for i in range(Sk_chunk_t):
        if i < ws_t:
            if i == 0:
                fill_tile(cb_mask_in, i, tb, neg)
            else:
                copy_tile(base, 0, i, tb)
        elif i == ws_t:
            fill_tile_partial_sliding_window(cb_mask_in, i, tb, ws_in_tile, neg)
        elif i == ws_t + 1:
            fill_tile(cb_mask_in, i, tb, 0)
        else:
            copy_tile(base, ws_t + 1, i, tb)
        for j in range(1, PNHt):
            copy_tile(base, i, j * Sk_chunk_t + i, tb)
    cb_push_back(cb_mask_in, total)


def copy_tile(base, src_tile, dst_tile, tile_bytes):
    """dataflow_common.hpp copy_tile: tile src_tile of the block at `base` copied to tile dst_tile."""
    l1_ptr(base + dst_tile * tile_bytes, np.uint8, tile_bytes)[:] = l1_ptr(base + src_tile * tile_bytes, np.uint8,
                                                                            tile_bytes)


def generate_mask(cb_mask_in, PNHt, Sk_chunk_t, cur_pos):
    """generate_mask<cb_mask_in, PNHt>(k_num_chunks, Sk_chunk_t, cur_pos): the PNHt x Sk_chunk_t mask block of the
    chunk holding cur_pos -- zero tiles before cur_pos's tile, the partial tile (-inf after cur_pos's column), -inf
    tiles after -- its first tile row copied down the head tiles; pushed once for the whole program."""
    total = PNHt * Sk_chunk_t
    cur_pos_in_chunk = cur_pos % (Sk_chunk_t * 32)
    pos_t, pos_in_tile = cur_pos_in_chunk // 32, cur_pos_in_chunk % 32
    neg = (NEG_INF_BF16 << 16) | NEG_INF_BF16
    cb_reserve_back(cb_mask_in, total)
    base = get_write_ptr(cb_mask_in)
    tb = get_tile_size(cb_mask_in)
    for i in range(Sk_chunk_t):
        if i < pos_t:
            if i == 0:
                fill_tile(cb_mask_in, i, tb, 0)
            else:
                copy_tile(base, 0, i, tb)
        elif i == pos_t:
            fill_tile_partial(cb_mask_in, i, tb, pos_in_tile, neg)
        elif i == pos_t + 1:
            fill_tile(cb_mask_in, i, tb, neg)
        else:
            copy_tile(base, pos_t + 1, i, tb)
        for j in range(1, PNHt):
            copy_tile(base, i, j * Sk_chunk_t + i, tb)
    cb_push_back(cb_mask_in, total)


def write_tiles_to_memory(cb_out, out_chunk_tiles, out_tile_id, out_writer, barrier_count, barrier_threshold):
    """write_tiles_to_memory: the CB's front out_chunk_tiles pages to pages out_tile_id.. of the output."""
    tile_bytes = get_tile_size(cb_out)
    rp = get_read_ptr(cb_out)
    for _ in range(out_chunk_tiles):
        noc_async_write_tile(out_tile_id, out_writer, rp)
        out_tile_id += 1
        rp += tile_bytes
        barrier_count += 1
        if barrier_count == barrier_threshold:
            noc_async_writes_flushed()
            barrier_count = 0
    return out_tile_id, barrier_count


def write_partial_tiles_to_memory(cb_out, element_size, PNHt, out_tile_id, out_writer, barrier_count,
                                  barrier_threshold, cur_head, num_heads_to_write, out_chunk_tiles):
    """write_partial_tiles_to_memory: of each output tile, only the rows of KV head cur_head's Q heads (rows cur_head *
    num_heads_to_write ..), each as its two 16-datum face rows, written into the DRAM tile at their offsets."""
    tile_bytes = get_tile_size(cb_out)
    line = 16 * element_size
    num_hidden = out_chunk_tiles // PNHt
    base = get_read_ptr(cb_out)
    for hidden in range(num_hidden):
        for head in range(num_heads_to_write):
            row = cur_head * num_heads_to_write + head
            tile_row, head_tile = row % 32, row // 32
            off = tile_row * line if tile_row < 16 else (tile_row + 16) * line
            idx = head_tile * num_hidden + hidden
            src = base + idx * tile_bytes + off
            page = out_tile_id + idx
            noc_async_write(src, out_writer.get_noc_addr(page, off), line)
            noc_async_write(src + 256 * element_size, out_writer.get_noc_addr(page, off + 256 * element_size), line)
            barrier_count += 1
            if barrier_count == barrier_threshold:
                noc_async_writes_flushed()
                barrier_count = 0
    return out_tile_id + out_chunk_tiles, barrier_count


def read_q(cb_q_in, q_reader, q_chunk_tiles, q_batch_offset, barrier_threshold):
    """read_q (Q interleaved in DRAM): the user's PNHt x DHt Q tiles into cb_q_in."""
    tb = get_tile_size(cb_q_in)
    cb_reserve_back(cb_q_in, q_chunk_tiles)
    wp = get_write_ptr(cb_q_in)
    count = 0
    for t in range(q_chunk_tiles):
        noc_async_read_tile(q_batch_offset + t, q_reader, wp)
        wp += tb
        count += 1
        if count == barrier_threshold:
            noc_async_read_barrier()
            count = 0
    noc_async_read_barrier()
    cb_push_back(cb_q_in, q_chunk_tiles)


def virtual_seq_tile_id_to_physical_tile_id(seq_tile_idx, cur_head, num_heads, block_size_t, Wt, page_table):
    """sdpa dataflow_common.hpp virtual_seq_tile_id_to_physical_tile_id (capacity_t 0): the tile id of tile row
    seq_tile_idx of head cur_head in the paged cache [blocks, heads, block_size_t, Wt], through the user's
    page-table row ((L1 address, int32 entries))."""
    virtual_block, row_in_block = divmod(seq_tile_idx, block_size_t)
    addr, n = page_table
    physical_block = int(l1_ptr(addr, np.uint32, n)[virtual_block])
    return ((physical_block * num_heads + cur_head) * block_size_t + row_in_block) * Wt


def read_k_paged(cb_k_in, DHt, num_kv_heads, block_size_t, barrier_threshold, k_chunk_tiles, cur_head,
                 Sk_chunk_t, k_chunk_start_row, k_reader, page_table):
    """read_k (not multicast): the chunk's Sk_chunk_t tile rows, each from its physical block, written transposed
    (tile (row, col) at CB page col * Sk_chunk_t + row)."""
    tb = get_tile_size(cb_k_in)
    cb_reserve_back(cb_k_in, k_chunk_tiles)
    wp = get_write_ptr(cb_k_in)
    count = 0
    for row in range(Sk_chunk_t):
        dst = wp + row * tb
        tid = virtual_seq_tile_id_to_physical_tile_id(k_chunk_start_row + row, cur_head, num_kv_heads, block_size_t,
                                                      DHt, page_table)
        for _col in range(DHt):
            noc_async_read_tile(tid, k_reader, dst)
            tid += 1
            dst += Sk_chunk_t * tb
            count += 1
            if count == barrier_threshold:
                noc_async_read_barrier()
                count = 0
    noc_async_read_barrier()
    cb_push_back(cb_k_in, k_chunk_tiles)


def read_v_paged(cb_v_in, vDHt, num_kv_heads, block_size_t, barrier_threshold, v_chunk_tiles, cur_head,
                 Sk_chunk_t, k_chunk_start_row, v_reader, page_table):
    """read_v (V its own tensor): the chunk's tile rows in row-major order, each from its physical block."""
    tb = get_tile_size(cb_v_in)
    cb_reserve_back(cb_v_in, v_chunk_tiles)
    wp = get_write_ptr(cb_v_in)
    count = 0
    for row in range(Sk_chunk_t):
        tid = virtual_seq_tile_id_to_physical_tile_id(k_chunk_start_row + row, cur_head, num_kv_heads, block_size_t,
                                                      vDHt, page_table)
        for _col in range(vDHt):
            noc_async_read_tile(tid, v_reader, wp)
            tid += 1
            wp += tb
            count += 1
            if count == barrier_threshold:
                noc_async_read_barrier()
                count = 0
    noc_async_read_barrier()
    cb_push_back(cb_v_in, v_chunk_tiles)


def read_mask_chunk(cb_mask_in, PNHt, PSt, Sk_chunk_t, mask_start_tile_id, mask_reader, barrier_threshold):
    """read_mask_chunk: the chunk's PNHt x Sk_chunk_t mask tiles (rows PSt tiles apart); returns the next chunk's
    start (Sk_chunk_t columns on)."""
    tb = get_tile_size(cb_mask_in)
    n = PNHt * Sk_chunk_t
    cb_reserve_back(cb_mask_in, n)
    wp = get_write_ptr(cb_mask_in)
    count = 0
    for row in range(PNHt):
        tid = mask_start_tile_id + row * PSt
        for _col in range(Sk_chunk_t):
            noc_async_read_tile(tid, mask_reader, wp)
            tid += 1
            wp += tb
            count += 1
            if count == barrier_threshold:
                noc_async_read_barrier()
                count = 0
    noc_async_read_barrier()
    cb_push_back(cb_mask_in, n)
    return mask_start_tile_id + Sk_chunk_t


def read_kv_mask_chunks(cb_k_in, cb_v_in, DHt, vDHt, barrier_threshold, k_chunk_start, k_chunk_end,
                        k_start_tile_id, v_start_tile_id, Sk_chunk_t, k_chunk_tiles, v_chunk_tiles, k_reader,
                        v_reader, mask=None):
    """read_kv_mask_chunks (V its own tensor): per K chunk, K read column by column (so the CB holds K^T's tile
    order), the mask chunk when `mask` ((cb, PNHt, PSt, start tile, reader)) is given, and V row by row."""
    ktb, vtb = get_tile_size(cb_k_in), get_tile_size(cb_v_in)
    for _k_chunk in range(k_chunk_start, k_chunk_end):
        cb_reserve_back(cb_k_in, k_chunk_tiles)
        wp = get_write_ptr(cb_k_in)
        count = 0
        for col in range(DHt):
            tid = k_start_tile_id + col
            for _row in range(Sk_chunk_t):
                noc_async_read_tile(tid, k_reader, wp)
                count += 1
                if count == barrier_threshold:
                    noc_async_read_barrier()
                    count = 0
                tid += DHt
                wp += ktb
        noc_async_read_barrier()
        cb_push_back(cb_k_in, k_chunk_tiles)
        if mask is not None:
            cb_mask, PNHt, PSt, mask_start, mask_reader = mask
            mask_start = read_mask_chunk(cb_mask, PNHt, PSt, Sk_chunk_t, mask_start, mask_reader, barrier_threshold)
            mask = (cb_mask, PNHt, PSt, mask_start, mask_reader)
        cb_reserve_back(cb_v_in, v_chunk_tiles)
        wp = get_write_ptr(cb_v_in)
        count = 0
        tid = v_start_tile_id
        for _row in range(Sk_chunk_t):
            for _col in range(vDHt):
                noc_async_read_tile(tid, v_reader, wp)
                count += 1
                if count == barrier_threshold:
                    noc_async_read_barrier()
                    count = 0
                tid += 1
                wp += vtb
        noc_async_read_barrier()
        cb_push_back(cb_v_in, v_chunk_tiles)
        k_start_tile_id += k_chunk_tiles
        v_start_tile_id += v_chunk_tiles


def wait_step_semaphore(sem_addr, shift):
    """writer_decode_all.cpp's reducer wait: spin (invalidate_l1_cache, read) until the 4-bit counter of this round
    ((value >> shift) & 0xF) is at least 1. tensix blocks the thread on the semaphore's L1 word instead of spinning
    (the same wake-up time: the write that satisfies it)."""
    from tensix.kernel import _ctx
    from tensix.kernel import dataflow as _D
    th = _ctx.th
    th.sched.sync(th)
    core = th.core

    def ready():
        return core.sem_time.get(sem_addr, 0) if ((_D._u32(core, sem_addr) >> shift) & 0xF) >= 1 else None

    _D._sem_wait(th, sem_addr, ready, f"reducer semaphore round nibble (addr={sem_addr:#x}, shift={shift})")
