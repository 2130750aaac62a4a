"""The dataflow helpers of ttnn's SDPA reader and writer (standard and streaming paths), ported from tt-metal 622c6fb9
ttnn/cpp/ttnn/operations/transformer/sdpa/device/kernels/dataflow/dataflow_common.hpp (and the Q-index decomposition
of kernels/q_chunk_remapping.hpp).

Zero fills: the C++ issues noc.async_write_zeros (a NoC read of the MEM_ZEROS region into the CB page); tensix writes
the zeros into L1 directly (the same bytes; the few-hundred-byte NoC transfer per padded tile is not charged)."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.sdpa.compute_common import remap_q_index

TILE_HW = 1024
FACE_HW = 256


def get_barrier_read_threshold(tile_bytes, num_readers):
    """Reads issued between two read barriers: ((512 / num_readers) * (1024 + 128)) / tile_bytes."""
    return ((512 // num_readers) * (1024 + 128)) // tile_bytes


def tile_id_of(shape, i0, i1, i2, i3):
    """TensorTileShape(D0, D1, D2, D3).id_of(i0, i1, i2, i3): the row-major tile id."""
    _d0, d1, d2, d3 = shape
    return ((i0 * d1 + i1) * d2 + i2) * d3 + i3


def decompose_global_q_index(idx, num_q_chunks, NQH, use_zigzag):
    """(nb, nq, q_chunk) of a flat global Q-chunk index, after the zigzag remap when causal."""
    r = remap_q_index(idx, num_q_chunks, use_zigzag)
    return r // (NQH * num_q_chunks), (r // num_q_chunks) % NQH, r % num_q_chunks


def fill_tile_zeros(cb_id, tile_id, tile_bytes):
    """fill_tile_zeros: page `tile_id` from the CB's write pointer set to zero."""
    l1_ptr(get_write_ptr(cb_id) + tile_id * tile_bytes, np.uint8, tile_bytes)[:] = 0


def read_chunk_with_padding(reader, cb_id, start_tile_id, src_rows, src_cols, dst_rows, dst_cols, barrier_threshold,
                            transpose=False, skip_src_cols=0):
    """Read src_rows x src_cols tiles (row-major from start_tile_id) into a dst_rows x dst_cols block of the CB,
    column-major when `transpose` (K chunks: the matmul then walks K^T), the rest of the block zero; push it."""
    num_tiles = dst_rows * dst_cols
    tile_bytes = get_tile_size(cb_id)
    cb_reserve_back(cb_id, num_tiles)
    base = get_write_ptr(cb_id)
    outer = tile_bytes if transpose else dst_cols * tile_bytes
    inner = tile_bytes * dst_rows if transpose else tile_bytes
    count = 0
    for row in range(src_rows):
        wp = base + row * outer
        for _col in range(src_cols):
            noc_async_read_tile(start_tile_id, reader, wp)
            start_tile_id += 1
            wp += inner
            count += 1
            if count == barrier_threshold:
                noc_async_read_barrier()
                count = 0
        start_tile_id += skip_src_cols
    _zero_padding_and_push(cb_id, src_rows, src_cols, dst_rows, dst_cols, transpose, tile_bytes, num_tiles)


def _zero_padding_and_push(cb_id, src_rows, src_cols, dst_rows, dst_cols, transpose, tile_bytes, num_tiles):
    """The tail of the chunk readers (read_chunk_with_padding, read_chunk_for_forwarding): the tiles past the source's
    rows / columns zeroed (in the transposed order when transpose), the reads completed, the chunk pushed."""
    for row in range(dst_rows):
        for col in range(dst_cols):
            if row < src_rows and col < src_cols:
                continue
            fill_tile_zeros(cb_id, col * dst_rows + row if transpose else row * dst_cols + col, tile_bytes)
    noc_async_read_barrier()
    cb_push_back(cb_id, num_tiles)


def read_chunk_for_forwarding(reader, cb_id, dst_addr, start_tile_id, src_rows, src_cols, dst_rows, dst_cols,
                              transpose, skip_src_cols=0):
    """reader_interleaved.cpp read_chunk_for_forwarding: read_chunk_with_padding's layout into dst_addr without the
    CB's reserve / push (the caller forwards the slot before pushing it) and with a single read barrier."""
    tile_bytes = get_tile_size(cb_id)
    outer = tile_bytes if transpose else dst_cols * tile_bytes
    inner = tile_bytes * dst_rows if transpose else tile_bytes
    for row in range(src_rows):
        wp = dst_addr + row * outer
        for _col in range(src_cols):
            noc_async_read_tile(start_tile_id, reader, wp)
            start_tile_id += 1
            wp += inner
        start_tile_id += skip_src_cols
    for row in range(dst_rows):
        for col in range(dst_cols):
            if row < src_rows and col < src_cols:
                continue
            fill_tile_zeros(cb_id, col * dst_rows + row if transpose else row * dst_cols + col, tile_bytes)
    noc_async_read_barrier()


def virtual_seq_tile_id_to_physical_tile_id(seq_tile_idx, cur_head, num_heads, block_size_t, Wt, page_table):
    """The tile id of K / V tile row `seq_tile_idx` of head `cur_head` in the paged cache [blocks, heads,
    block_size_t, Wt] (tiles), through the batch's page-table row ((L1 address, entries))."""
    virtual_block, row_in_block = divmod(seq_tile_idx, block_size_t)
    addr, n = page_table
    physical_block = int(l1_ptr(addr, np.uint32, n)[virtual_block])
    return physical_block * num_heads * block_size_t * Wt + cur_head * block_size_t * Wt + row_in_block * Wt


def read_paged_chunk_with_padding(reader, cb_id, num_heads, block_size_t, Wt, cur_head, chunk_start_row, src_rows,
                                  src_cols, dst_rows, dst_cols, barrier_threshold, page_table, transpose=False,
                                  skip_src_cols=0):
    """read_chunk_with_padding over the paged cache: each of the src_rows tile rows from its physical block."""
    num_tiles = dst_rows * dst_cols
    tile_bytes = get_tile_size(cb_id)
    cb_reserve_back(cb_id, num_tiles)
    base = get_write_ptr(cb_id)
    outer = tile_bytes if transpose else dst_cols * tile_bytes
    inner = tile_bytes * dst_rows if transpose else tile_bytes
    count = 0
    for row in range(src_rows):
        wp = base + row * outer
        tid = virtual_seq_tile_id_to_physical_tile_id(chunk_start_row + row, cur_head, num_heads, block_size_t, Wt,
                                                      page_table)
        for _col in range(src_cols):
            noc_async_read_tile(tid, reader, wp)
            tid += 1
            wp += inner
            count += 1
            if count == barrier_threshold:
                noc_async_read_barrier()
                count = 0
    _zero_padding_and_push(cb_id, src_rows, src_cols, dst_rows, dst_cols, transpose, tile_bytes, num_tiles)


def read_q_subblock(reader, cb_id, start_tile_id, sb_start_row, subblock_h, src_rows, src_cols, dst_cols,
                    barrier_threshold):
    """Read Q rows sb_start_row .. + subblock_h (zero past src_rows / src_cols) and push them; returns the advanced
    start_tile_id (a reference in C++)."""
    tile_bytes = get_tile_size(cb_id)
    sb_tiles = subblock_h * dst_cols
    cb_reserve_back(cb_id, sb_tiles)
    base = get_write_ptr(cb_id)
    count = 0
    for row in range(sb_start_row, sb_start_row + subblock_h):
        local_row = row - sb_start_row
        wp = base + local_row * dst_cols * tile_bytes
        if row < src_rows:
            for _col in range(src_cols):
                noc_async_read_tile(start_tile_id, reader, wp)
                start_tile_id += 1
                wp += tile_bytes
                count += 1
                if count == barrier_threshold:
                    noc_async_read_barrier()
                    count = 0
            for col in range(src_cols, dst_cols):
                fill_tile_zeros(cb_id, local_row * dst_cols + col, tile_bytes)
        else:
            for col in range(dst_cols):
                fill_tile_zeros(cb_id, local_row * dst_cols + col, tile_bytes)
    noc_async_read_barrier()
    cb_push_back(cb_id, sb_tiles)
    return start_tile_id


def fill_neginf_tile(cb_id, tile_id, tile_bytes):
    """fill_neginf_tile: -inf in the mask's format: bf16 words 0xFF80; a BFP tile (bfp8 / bfp4) all exponents 0xFF
    and every mantissa the sign bit alone (0x80 a byte, 0xC per bfp4 nibble pattern 0xCC)."""
    num_exponents = 16 * (TILE_HW // FACE_HW)
    bfp4_size = num_exponents + TILE_HW // 2
    p = l1_ptr(get_write_ptr(cb_id) + tile_id * tile_bytes, np.uint32, tile_bytes // 4)
    if tile_bytes == TILE_HW * 2:
        p[:] = 0xFF80FF80
    else:
        exp_words = num_exponents // 4
        p[:exp_words] = 0xFFFFFFFF
        p[exp_words:] = 0xCCCCCCCC if tile_bytes == bfp4_size else 0x80808080


def fill_causal_diagonal_tile_bf16(cb_id, tile_id, tile_bytes):
    """The causal diagonal tile (bf16): 0 where col <= row, -inf above the diagonal (face 1 all -inf, face 2 all 0,
    faces 0 and 3 the within-face diagonal)."""
    fill_tile_zeros(cb_id, tile_id, tile_bytes)
    p = l1_ptr(get_write_ptr(cb_id) + tile_id * tile_bytes, np.uint16, TILE_HW).reshape(4, 16, 16)
    p[1] = 0xFF80
    upper = np.triu(np.ones((16, 16), bool), 1)
    for f in (0, 3):
        p[f][upper] = 0xFF80


def _bf16_tile(cb_id, tile_id, tile_bytes):
    """The page as 32 x 32 bf16 words in row / column order (faces reassembled: a view onto L1)."""
    p = l1_ptr(get_write_ptr(cb_id) + tile_id * tile_bytes, np.uint16, TILE_HW).reshape(2, 2, 16, 16)
    return p.transpose(0, 2, 1, 3)       # [face row, row, face col, col]: index [r // 16, r % 16, c // 16, c % 16]


def _write_bf16_mask(cb_id, tile_id, tile_bytes, masked):
    """fill_tile_zeros, then 0xFF80 (-inf) where `masked` (a 32 x 32 boolean)."""
    fill_tile_zeros(cb_id, tile_id, tile_bytes)
    t = _bf16_tile(cb_id, tile_id, tile_bytes)
    t[masked.reshape(2, 16, 2, 16)] = 0xFF80


def fill_vertical_tile_bf16(cb_id, tile_id, tile_bytes, unpad_col_in_tile):
    """fill_vertical_tile_bf16: columns from unpad_col_in_tile on -inf, the rest zero (bf16)."""
    _write_bf16_mask(cb_id, tile_id, tile_bytes,
                     np.broadcast_to(np.arange(32)[None, :] >= unpad_col_in_tile, (32, 32)))


def fill_diagonal_edge_tile_bf16(cb_id, tile_id, tile_bytes, diagonal_offset, leading_edge):
    """fill_diagonal_edge_tile_bf16<tile_bytes, diagonal_offset, leading_edge>: with boundary = row + offset, -inf
    where col < boundary (leading edge) or col > boundary (trailing edge), zero elsewhere."""
    r = np.arange(32)[:, None]
    c = np.arange(32)[None, :]
    masked = (c < r + diagonal_offset) if leading_edge else (c > r + diagonal_offset)
    _write_bf16_mask(cb_id, tile_id, tile_bytes, masked)


def fill_sliding_window_edge_tiles(cb_id, start_tile_idx, tile_bytes, sliding_window_size, is_causal_lw):
    """fill_sliding_window_edge_tiles: the four edge tiles (trailing primary, leading previous, leading current,
    trailing next) whose diagonal offsets put each window edge at its column within the tile (floor / remainder
    geometry; the causal window has no trailing edge of its own: its trailing tile is the causal diagonal)."""
    half = sliding_window_size // 2
    lead_rem = sliding_window_size % 32 if is_causal_lw else half % 32
    trail_rem = 0 if is_causal_lw else half % 32
    if is_causal_lw:
        lead_prev = 1 if lead_rem == 0 else 33 - lead_rem
        lead_cur = 1 if lead_rem == 0 else 1 - lead_rem
    else:
        lead_prev = 0 if lead_rem == 0 else 32 - lead_rem
        lead_cur = 0 if lead_rem == 0 else -lead_rem
    fill_diagonal_edge_tile_bf16(cb_id, start_tile_idx, tile_bytes, trail_rem, False)
    fill_diagonal_edge_tile_bf16(cb_id, start_tile_idx + 1, tile_bytes, lead_prev, True)
    fill_diagonal_edge_tile_bf16(cb_id, start_tile_idx + 2, tile_bytes, lead_cur, True)
    fill_diagonal_edge_tile_bf16(cb_id, start_tile_idx + 3, tile_bytes, trail_rem - 32, False)


def generate_lightweight_mask_tiles(cb_mask_in, is_causal_lw, global_n_partial_col=0, sliding_window_size=0):
    """generate_lightweight_mask_tiles<global_n_partial_col, 0, cb_mask_in, is_causal_lw, sliding_window_size>: tile 0
    -inf; then the four sliding-window edge tiles, or the causal diagonal (when causal); then the partial-K column
    tile (when the last K tile is partial); pushed once and kept at the front by the compute kernel."""
    total = (1 + (4 if sliding_window_size > 0 else (1 if is_causal_lw else 0))
             + (1 if global_n_partial_col > 0 else 0))
    tile_bytes = get_tile_size(cb_mask_in)
    cb_reserve_back(cb_mask_in, total)
    fill_neginf_tile(cb_mask_in, 0, tile_bytes)
    idx = 1
    if sliding_window_size > 0:
        fill_sliding_window_edge_tiles(cb_mask_in, idx, tile_bytes, sliding_window_size, is_causal_lw)
        idx += 4
    elif is_causal_lw:
        fill_causal_diagonal_tile_bf16(cb_mask_in, idx, tile_bytes)
        idx += 1
    if global_n_partial_col > 0:
        fill_vertical_tile_bf16(cb_mask_in, idx, tile_bytes, global_n_partial_col)
    cb_push_back(cb_mask_in, total)


def fill_attention_sink_tiles(cb_id, num_tiles, source_tile_addr, tile_bytes):
    """fill_attention_sink_tiles<tile_bytes>: the first 16-bit word of the source tile (the sink's bfloat16) down
    column 0 of faces 0 and 2 of num_tiles tiles from the CB's write pointer, every other datum -inf (0xFF80) so that
    the row max ignores them (the source tile is the first of them: its value is read first)."""
    sink_value = int(l1_ptr(source_tile_addr, np.uint16, 1)[0])
    base = get_write_ptr(cb_id)
    for t in range(num_tiles):
        p = l1_ptr(base + t * tile_bytes, np.uint16, TILE_HW).reshape(4, 16, 16)
        p[:] = 0xFF80
        p[0, :, 0] = sink_value
        p[2, :, 0] = sink_value


# ---- the legacy generated masks (Bfp4_b tiles: the writer's generate_mask when the lightweight mask is off) --------
_BFP4_EXP_WORDS = 16        # 4 faces x 16 shared exponents (one per face row), a byte each


def _write_bfp4_mask(cb_id, tile_id, tile_bytes, masked):
    """A Bfp4_b tile of 0 / -inf from a 32 x 32 boolean (True: -inf): every shared exponent 0xFF, a datum's mantissa
    nibble 0xC (sign and magnitude: -inf) where masked, 0 (zero) elsewhere; faces in order, eight nibbles a word from
    the low end (fill_custom_diagonal_tile_bfp4 / fill_vertical_tile_bfp4)."""
    w = l1_ptr(get_write_ptr(cb_id) + tile_id * tile_bytes, np.uint32, tile_bytes // 4)
    w[:_BFP4_EXP_WORDS] = 0xFFFFFFFF
    faces = masked.reshape(2, 16, 2, 16).transpose(0, 2, 1, 3).reshape(4 * 16 * 2, 8)     # face, row, word, nibble
    nib = np.where(faces, np.uint32(0xC), np.uint32(0)) << (np.arange(8, dtype=np.uint32) * 4)
    w[_BFP4_EXP_WORDS:] = np.bitwise_or.reduce(nib, axis=1)


def fill_custom_diagonal_tile_bfp4(cb_id, tile_id, tile_bytes, leading, trailing):
    """-inf where col > row + leading (if leading < 32) or col < row - trailing (if trailing < 32)."""
    r = np.arange(32)[:, None]
    c = np.arange(32)[None, :]
    masked = ((leading < 32) & (c > r + leading)) | ((trailing < 32) & (c < r - trailing))
    _write_bfp4_mask(cb_id, tile_id, tile_bytes, masked)


def fill_vertical_tile_bfp4(cb_id, tile_id, tile_bytes, unpad_col_in_tile):
    """tile[:, unpad_col_in_tile:] = -inf."""
    masked = np.broadcast_to(np.arange(32)[None, :] >= unpad_col_in_tile, (32, 32))
    _write_bfp4_mask(cb_id, tile_id, tile_bytes, masked)


def copy_l1_tile(base, src_tile, dst_tile, tile_bytes):
    """dataflow_common.hpp copy_tile: a NoC read from this core's own L1 (tile src_tile to dst_tile of a block)."""
    noc_async_read(get_noc_addr(base + src_tile * tile_bytes), base + dst_tile * tile_bytes, tile_bytes)


class _Reuse:
    """The first tile of a kind is filled, the later ones copied from it (the generators' *_tile_idx = -1 logic)."""

    def __init__(self, cb_id, base, tile_bytes):
        self.cb_id, self.base, self.tile_bytes, self.first = cb_id, base, tile_bytes, {}

    def put(self, kind, tile_id, fill):
        src = self.first.get(kind)
        if src is None:
            fill()
            self.first[kind] = tile_id
        else:
            copy_l1_tile(self.base, src, tile_id, self.tile_bytes)


def generate_causal_sliding_window_mask(cb_mask_in, Sq_chunk_t, Sk_chunk_t, q_chunk, k_chunk, is_causal,
                                        sliding_window_size):
    """One Sq_chunk_t x Sk_chunk_t block of the causal / sliding-window mask for (q_chunk, k_chunk): per tile fully
    allowed (zeros), fully masked (-inf) or the partial diagonal tile of the window's edges."""
    n = Sq_chunk_t * Sk_chunk_t
    tile_bytes = get_tile_size(cb_mask_in)
    cb_reserve_back(cb_mask_in, n)
    reuse = _Reuse(cb_mask_in, get_write_ptr(cb_mask_in), tile_bytes)
    for q_tile in range(Sq_chunk_t):
        gq = Sq_chunk_t * q_chunk + q_tile
        q_start, q_end = gq * 32, gq * 32 + 31
        if sliding_window_size > 0:
            if is_causal:
                min_ws = max(q_start - sliding_window_size + 1, 0)
                max_ws = max(q_end - sliding_window_size + 1, 0)
                max_we, min_we = q_end + 1, q_start + 1
            else:
                half = sliding_window_size // 2
                min_ws, max_ws = max(q_start - half, 0), max(q_end - half, 0)
                max_we, min_we = q_end + half + 1, q_start + half + 1
        for k_tile in range(Sk_chunk_t):
            tid = q_tile * Sk_chunk_t + k_tile
            gk = Sk_chunk_t * k_chunk + k_tile
            kind, lead, trail = "zero", 0, 0
            if sliding_window_size > 0:
                k_start, k_end = gk * 32, gk * 32 + 31
                if k_end < min_ws or k_start >= max_we:
                    kind = "inf"
                elif k_start >= min_ws and k_end < min_we:
                    kind = "zero"
                else:
                    kind, lead, trail = "partial", (min_we - 1) - k_start, k_end - max_ws
            elif is_causal:
                kind = "zero" if gk < gq else ("inf" if gk > gq else "partial")
                lead, trail = 0, 32
            if kind == "zero":
                reuse.put("zero", tid, lambda t=tid: fill_tile_zeros(cb_mask_in, t, tile_bytes))
            elif kind == "inf":
                reuse.put("inf", tid, lambda t=tid: fill_neginf_tile(cb_mask_in, t, tile_bytes))
            else:
                fill_custom_diagonal_tile_bfp4(cb_mask_in, tid, tile_bytes, lead, trail)
    noc_async_read_barrier()
    cb_push_back(cb_mask_in, n)


def generate_noncausal_padded_mask(cb_mask_in, Sq_chunk_t, Sk_chunk_t, unpadded_Sk):
    """The last K chunk's mask of a non-causal call with padding: zeros on the valid K tiles, the vertical partial
    tile at the boundary, -inf past it."""
    n = Sq_chunk_t * Sk_chunk_t
    tile_bytes = get_tile_size(cb_mask_in)
    cb_reserve_back(cb_mask_in, n)
    reuse = _Reuse(cb_mask_in, get_write_ptr(cb_mask_in), tile_bytes)
    raw_mod = unpadded_Sk % (Sk_chunk_t * 32)
    in_chunk = Sk_chunk_t * 32 if raw_mod == 0 else raw_mod
    unpad_tile, unpad_col = in_chunk // 32, in_chunk % 32
    for q_tile in range(Sq_chunk_t):
        for k_tile in range(Sk_chunk_t):
            tid = q_tile * Sk_chunk_t + k_tile
            if k_tile < unpad_tile:
                reuse.put("zero", tid, lambda t=tid: fill_tile_zeros(cb_mask_in, t, tile_bytes))
            elif k_tile > unpad_tile or unpad_col == 0:
                reuse.put("inf", tid, lambda t=tid: fill_neginf_tile(cb_mask_in, t, tile_bytes))
            else:
                reuse.put("vertical", tid, lambda t=tid: fill_vertical_tile_bfp4(cb_mask_in, t, tile_bytes,
                                                                                   unpad_col))
    noc_async_read_barrier()
    cb_push_back(cb_mask_in, n)


def generate_mask(cb_mask_in, Sq_chunk_t, Sk_chunk_t, q_chunk, unpadded_Sk, is_causal, sliding_window_size,
                  padded_masks):
    """generate_mask<is_chunked = false, sliding_window_size, padded_or_joint_masks>(.., generate_mask_0 = true,
    generate_mask_1 = false, unpadded_Sk, 0, is_causal): causal / sliding-window blocks for the K chunks up to the
    Q chunk's end (all of them with a window, else those overlapping the diagonal), or the padded block."""
    if is_causal or sliding_window_size > 0:
        q_low = q_chunk * Sq_chunk_t
        q_high = q_low + Sq_chunk_t
        k_chunk = 0
        while k_chunk * Sk_chunk_t < q_high:
            if not q_low >= k_chunk * Sk_chunk_t + Sk_chunk_t or sliding_window_size > 0:
                generate_causal_sliding_window_mask(cb_mask_in, Sq_chunk_t, Sk_chunk_t, q_chunk, k_chunk, is_causal,
                                                    sliding_window_size)
            k_chunk += 1
    elif padded_masks:
        generate_noncausal_padded_mask(cb_mask_in, Sq_chunk_t, Sk_chunk_t, unpadded_Sk)


def write_block(out_writer, cb_out, out_chunk_tiles, rows, cols, out_tile_id, tile_bytes, barrier_threshold):
    """Wait for the chunk, write its first rows x cols tiles to consecutive ids from out_tile_id, pop it."""
    count = 0
    tile_id = out_tile_id
    cb_wait_front(cb_out, out_chunk_tiles)
    rp = get_read_ptr(cb_out)
    for _row in range(rows):
        for _col in range(cols):
            noc_async_write_tile(tile_id, out_writer, rp)
            tile_id += 1
            rp += tile_bytes
            count += 1
            if count == barrier_threshold:
                noc_async_writes_flushed()
                count = 0
    noc_async_write_barrier()
    cb_pop_front(cb_out, out_chunk_tiles)


def write_block_row_grouped(out_writer, cb_out, total_rows, write_rows, cols, out_tile_id, tile_bytes, sbh,
                            barrier_threshold):
    """write_block_row_grouped: the streaming drain of cb_out (a two-group ping-pong), sbh tile rows at a time (the
    last group the remainder): wait for the group, write its rows below write_rows (padding rows are popped
    unwritten), flush, pop."""
    tile_id = out_tile_id
    count = 0
    full = total_rows // sbh
    rem = total_rows - full * sbh
    for rg in range(full + (1 if rem else 0)):
        rows = sbh if rg < full else rem
        cb_wait_front(cb_out, rows * cols)
        rp = get_read_ptr(cb_out)
        for r in range(rows):
            if rg * sbh + r < write_rows:
                for col in range(cols):
                    noc_async_write_tile(tile_id, out_writer, rp + col * tile_bytes)
                    tile_id += 1
                    count += 1
                    if count == barrier_threshold:
                        noc_async_writes_flushed()
                        count = 0
            rp += cols * tile_bytes
        noc_async_writes_flushed()
        cb_pop_front(cb_out, rows * cols)
    noc_async_write_barrier()
