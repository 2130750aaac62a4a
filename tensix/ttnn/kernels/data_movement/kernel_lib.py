"""ttnn's kernel library helpers that the data movement kernels use, as Python functions:

- compute_kernel_lib::tilize<block_width_tiles, input_cb, output_cb, init_uninit_mode, wait_mode, reconfig_mode,
  fp32_mode>(num_blocks, total_input_pages) -> ``tilize(block_width_tiles, input_cb, output_cb, num_blocks, ...)``
  (tt-metal 622c6fb9 ttnn/cpp/ttnn/kernel_lib/tilize_helpers.hpp / .inl): fast tilize when the hardware allows it
  (block narrower than 256 tiles, half-sync Dst, Float16_b or Float32 input, output not Float32), unless
  Fp32Mode.Lossless and a Float32 input; otherwise tilize_block.
- compute_kernel_lib::untilize<...>(num_blocks) -> ``untilize(block_width_tiles, input_cb, output_cb, num_blocks,
  ...)`` (kernel_lib/untilize_helpers.inl, Wormhole: no fast untilize): pack_untilize_block over the whole block, or
  over sub-blocks of the largest divisor of the width that fits Dst (DEST_AUTO_LIMIT, kernel_lib/dest_helpers.hpp).
- get_local_cb_interface(cb) (the dataflow API's CB interface: fifo_page_size, fifo_rd_ptr, fifo_wr_ptr).
"""

from __future__ import annotations

import enum

from tensix.device import formats
from tensix.device.formats import DataFormat
from tensix.kernel import _ctx
from tensix.kernel import compute as _c
from tensix.kernel import dataflow as _d
from tensix.kernel import tilize as _t


class InitUninitMode(enum.Enum):
    InitAndUninit = 0
    InitOnly = 1
    UninitOnly = 2
    Neither = 3


class WaitMode(enum.Enum):
    WaitBlock = 0
    WaitUpfront = 1
    NoWait = 2


class ReconfigureRegisterDatatypeMode(enum.Enum):
    NoReconfigure = 0
    UnpackReconfigure = 1
    PackReconfigure = 2
    UnpackAndPackReconfigure = 3


class Fp32Mode(enum.Enum):
    Fast = 0
    Lossless = 1


def _fmt(cb_id) -> DataFormat:
    th = _ctx.th
    return formats._fmt(_d._cb(th, cb_id, "compute_kernel_lib").fmt)


def is_fp32_input_format(cb_id) -> bool:
    """compute_kernel_lib::is_fp32_input_format<cb>(): the CB holds Float32 data."""
    return _fmt(cb_id) == DataFormat.Float32


def tilize(block_width_tiles, input_cb, output_cb, num_blocks, total_input_pages=None,
           init_uninit_mode=InitUninitMode.InitAndUninit, wait_mode=WaitMode.WaitBlock,
           reconfig_mode=ReconfigureRegisterDatatypeMode.UnpackAndPackReconfigure, fp32_mode=Fp32Mode.Fast):
    """compute_kernel_lib::tilize (tilize_helpers.inl)."""
    th = _ctx.th
    cs = th.compute
    fin, fout = _fmt(input_cb), _fmt(output_cb)
    lossless = fp32_mode == Fp32Mode.Lossless and fin == DataFormat.Float32
    use_fast = (block_width_tiles < 256 and not cs.full and fin in (DataFormat.Float32, DataFormat.Float16_b)
                and fout != DataFormat.Float32 and not lossless)
    if reconfig_mode in (ReconfigureRegisterDatatypeMode.UnpackReconfigure,
                         ReconfigureRegisterDatatypeMode.UnpackAndPackReconfigure):
        _c.reconfig_data_format_srca(input_cb)
        if use_fast:
            _c.reconfig_data_format_srcb(input_cb)
    if reconfig_mode in (ReconfigureRegisterDatatypeMode.PackReconfigure,
                         ReconfigureRegisterDatatypeMode.UnpackAndPackReconfigure):
        _c.pack_reconfig_data_format(output_cb)
    if init_uninit_mode in (InitUninitMode.InitAndUninit, InitUninitMode.InitOnly):
        if use_fast:
            _t.fast_tilize_init(input_cb, block_width_tiles, output_cb)
        else:
            _t.tilize_init(input_cb, block_width_tiles, output_cb)
    asym = total_input_pages is not None
    if wait_mode == WaitMode.WaitUpfront:
        _d.cb_wait_front(input_cb, total_input_pages if asym else block_width_tiles * num_blocks)
    pages_left = total_input_pages or 0
    input_pages = block_width_tiles
    block_fn = _t.fast_tilize_block if use_fast else _t.tilize_block
    for _ in range(num_blocks):
        if asym:
            input_pages = min(pages_left, 32)
        if wait_mode == WaitMode.WaitBlock:
            _d.cb_wait_front(input_cb, input_pages)
        _d.cb_reserve_back(output_cb, block_width_tiles)
        block_fn(input_cb, block_width_tiles, output_cb)
        _d.cb_push_back(output_cb, block_width_tiles)
        _d.cb_pop_front(input_cb, input_pages)
        if asym:
            pages_left -= input_pages
    if init_uninit_mode in (InitUninitMode.InitAndUninit, InitUninitMode.UninitOnly):
        if use_fast:
            _t.fast_tilize_uninit(input_cb, output_cb, block_width_tiles)
        else:
            _t.tilize_uninit(input_cb, output_cb)


def compute_num_blocks(total_width: int, max_block_width: int) -> int:
    """untilize_helpers.inl compute_num_blocks: total_width / (its largest divisor <= max_block_width)."""
    for w in range(max_block_width, 0, -1):
        if total_width % w == 0:
            return total_width // w
    return total_width


def dest_auto_limit(fp32: bool, full_sync: bool) -> int:
    """DEST_AUTO_LIMIT (dest_helpers.hpp): 8 tiles (16-bit, half sync), 4 (32-bit, half), 16 / 8 (full sync)."""
    return (4 if fp32 else 8) * (2 if full_sync else 1)


def untilize(block_width_tiles, input_cb, output_cb, num_blocks, init_uninit_mode=InitUninitMode.InitAndUninit,
             wait_mode=WaitMode.WaitBlock, reconfig_mode=ReconfigureRegisterDatatypeMode.UnpackAndPackReconfigure,
             dst_accum_mode=None):
    """compute_kernel_lib::untilize (untilize_helpers.inl, Wormhole). `dst_accum_mode`: DST_ACCUM_MODE as the
    kernel sees it (its define, else the ComputeConfig's fp32_dest_acc_en)."""
    th = _ctx.th
    cs = th.compute
    fp32 = cs.fp32 if dst_accum_mode is None else bool(dst_accum_mode)
    limit = dest_auto_limit(fp32, cs.full)
    block_based = block_width_tiles > limit
    num_sub = compute_num_blocks(block_width_tiles, limit) if block_based else 1
    sub_w = block_width_tiles // num_sub
    if reconfig_mode in (ReconfigureRegisterDatatypeMode.UnpackReconfigure,
                         ReconfigureRegisterDatatypeMode.UnpackAndPackReconfigure):
        _c.reconfig_data_format_srca(input_cb)
    if reconfig_mode in (ReconfigureRegisterDatatypeMode.PackReconfigure,
                         ReconfigureRegisterDatatypeMode.UnpackAndPackReconfigure):
        _c.pack_reconfig_data_format(output_cb)
    if init_uninit_mode in (InitUninitMode.InitAndUninit, InitUninitMode.InitOnly):
        _t.pack_untilize_init[sub_w, block_width_tiles](input_cb, output_cb)
    if wait_mode == WaitMode.WaitUpfront:
        _d.cb_wait_front(input_cb, block_width_tiles * num_blocks)
    block = _t.pack_untilize_block[sub_w, block_width_tiles]
    wait = wait_mode == WaitMode.WaitBlock
    for _ in range(num_blocks):
        if block_based:         # BLOCK-BASED PACK UNTILIZE PATH
            _d.cb_reserve_back(output_cb, block_width_tiles)
            for b in range(num_sub):
                if wait:
                    _d.cb_wait_front(input_cb, sub_w)
                block(input_cb, 1, output_cb, b)
                _d.cb_pop_front(input_cb, sub_w)
            _d.cb_push_back(output_cb, block_width_tiles)
        else:                   # PACK UNTILIZE PATH (SINGLE-PASS)
            if wait:
                _d.cb_wait_front(input_cb, block_width_tiles)
            _d.cb_reserve_back(output_cb, block_width_tiles)
            block(input_cb, 1, output_cb, 0)
            _d.cb_pop_front(input_cb, block_width_tiles)
            _d.cb_push_back(output_cb, block_width_tiles)
    if init_uninit_mode in (InitUninitMode.InitAndUninit, InitUninitMode.UninitOnly):
        _t.pack_untilize_uninit(output_cb)


class _CbInterface:
    __slots__ = ("fifo_page_size", "fifo_rd_ptr", "fifo_wr_ptr", "fifo_size", "fifo_num_pages")


def get_local_cb_interface(cb_id):
    """The CB's interface as a dataflow kernel reads it (tt-metal get_local_cb_interface): fifo_page_size,
    fifo_rd_ptr, fifo_wr_ptr (L1 byte addresses here), fifo_size, fifo_num_pages."""
    th = _ctx.th
    th.advance(_d._C_CALL)
    cb = _d._cb(th, cb_id, "get_local_cb_interface")
    i = _CbInterface()
    i.fifo_page_size, i.fifo_rd_ptr, i.fifo_wr_ptr = cb.page_size, cb.rd_ptr, cb.wr_ptr
    i.fifo_size, i.fifo_num_pages = cb.size, cb.num_pages
    return i


def block_reps(first_arg: int, n_block_reps: int):
    """The block representations a tilize_with_val_padding reader / untilize_with_unpadding writer reads from its
    runtime args from index first_arg (5 words each: n_data, n_mixed, n_pads, times, repeat_count; a
    representation is used repeat_count times in a row): yields (n_data, n_mixed, n_pads, times), n_block_reps in
    all, as the kernels' loop over block_rep_idx."""
    idx, count = first_arg, 1
    for _ in range(n_block_reps):
        repeat_count = _d.get_arg_val(idx + 4)
        rep = (_d.get_arg_val(idx), _d.get_arg_val(idx + 1), _d.get_arg_val(idx + 2), _d.get_arg_val(idx + 3))
        if count == repeat_count:
            idx += 5
            count = 1
        else:
            count += 1
        yield rep


def tt_memmove(dst_l1_addr, src_l1_addr, nbytes, guaranteed_16B_aligned=False, copy_async=False,
               use_read_datamover=True):
    """tt::data_movement::common::tt_memmove<guaranteed_16B_aligned, copy_async, use_read_datamover, 0>
    (data_movement/common/kernels/common.hpp): a copy between two L1 addresses of this core. When both sit at the
    same offset within 16 bytes (or the caller guarantees alignment) it is a NoC read (or write) of this core's own
    L1, then a barrier unless copy_async; otherwise the RISC-V copies the bytes (memmove), which is not charged here
    (tensix/costs.json has no per-byte RISC-V figure)."""
    if nbytes <= 0:
        return
    if guaranteed_16B_aligned or (dst_l1_addr & 15) == (src_l1_addr & 15):
        if use_read_datamover:
            _d.noc_async_read(_d.get_noc_addr(src_l1_addr), dst_l1_addr, nbytes)
            if not copy_async:
                _d.noc_async_read_barrier()
        else:
            _d.noc_async_write(src_l1_addr, _d.get_noc_addr(dst_l1_addr), nbytes)
            if not copy_async:
                _d.noc_async_write_barrier()
        return
    import numpy as np
    src = _d.l1_ptr(src_l1_addr, np.uint8, nbytes).copy()
    _d.l1_ptr(dst_l1_addr, np.uint8, nbytes)[:] = src


def _page_ids(start, n, backwards):
    return range(start, start - n, -1) if backwards else range(start, start + n)


def read_pages(cb_id, accessor, start, n, nbytes, backwards=False):
    """The loop of tt-metal's page readers (reader_unary_interleaved_start_id, copy's reader_unary_start_id,
    clone's read_kernel, reader_unary_stick_layout_interleaved_start_id): pages start .. start + n - 1 (downwards
    with BACKWARDS) into the CB one at a time, each read completed by a barrier before its push."""
    for i in _page_ids(start, n, backwards):
        _d.cb_reserve_back(cb_id, 1)
        _d.noc_async_read(_d.get_noc_addr(i, accessor), _d.get_write_ptr(cb_id), nbytes)
        _d.noc_async_read_barrier()
        _d.cb_push_back(cb_id, 1)


def write_pages(cb_id, accessor, start, n, nbytes, backwards=False, flush_only=False):
    """The loop of tt-metal's page writers: pages of the CB to start .. start + n - 1 (downwards with BACKWARDS),
    one at a time; each write completed by a barrier before its pop (copy's writer_unary_start_id, clone's
    write_kernel), or only flushed (its source read out) with one barrier at the end (flush_only: eltwise's
    writer_unary_interleaved_start_id)."""
    for i in _page_ids(start, n, backwards):
        _d.cb_wait_front(cb_id, 1)
        _d.noc_async_write(_d.get_read_ptr(cb_id), _d.get_noc_addr(i, accessor), nbytes)
        if flush_only:
            _d.noc_async_writes_flushed()
        else:
            _d.noc_async_write_barrier()
        _d.cb_pop_front(cb_id, 1)
    if flush_only:
        _d.noc_async_write_barrier()


def fill_with_val(begin_addr, n, val):
    """tt::data_movement::common::fill_with_val<uint32_t> (common.hpp): n 32-bit words of val stored from begin_addr
    by the RISC-V (its stores are not charged: tensix/costs.json has no per-store RISC-V figure)."""
    import numpy as np
    if n:
        _d.l1_ptr(begin_addr, np.uint32, n)[:] = np.uint32(val)


def write_last_tile_row_padding(cb_pad, accessor, out_tiled, valid_rows, start_pad, end_pad, element_size,
                                tile_h=32, tile_w=32, face_h=16, face_w=16):
    """The padding loop that ends the permute writers (writer_permute_interleaved_tiled_row_invariant.cpp and
    writer_permute_interleaved_tiled_generic.cpp, step 7): for output tiles start_pad .. end_pad - 1 of the last row
    of tiles (their index over the output's tiled shape with the second-last dim fixed at its last tile), rows
    valid_rows % tile_h .. tile_h - 1 written face line by face line (face_w datums each) from the pad value in
    cb_pad's front page."""
    R = len(out_tiled)
    nfh, nfw = tile_h // face_h, tile_w // face_w
    fhw = face_h * face_w
    line = face_w * element_size
    in_tile = valid_rows % tile_h
    face_start = in_tile // face_h
    _d.cb_wait_front(cb_pad, 1)
    pad = _d.get_read_ptr(cb_pad)
    dest = [0] * R
    dest[R - 2] = out_tiled[R - 2] - 1
    for tile_idx in range(start_pad, end_pad):
        rem = tile_idx
        for d in range(R - 1, -1, -1):
            if d != R - 2:
                rem, dest[d] = divmod(rem, out_tiled[d])
        idx = 0
        for i in range(R):
            idx = idx * out_tiled[i] + dest[i]
        for fy in range(face_start, nfh):
            first = in_tile % face_h if fy == face_start else 0
            for fx in range(nfw):
                fo = (fy * nfw + fx) * fhw
                for k in range(first, face_h):
                    _d.noc_async_write(pad, _d.get_noc_addr(idx, accessor, (fo + k * face_w) * element_size), line)
    _d.noc_async_write_barrier()
    _d.cb_pop_front(cb_pad, 1)


def tensor_accessor_tuple(n, page_size_base, addr_base):
    """make_tensor_accessor_args_tuple<n, page_size_base + n>() / make_tensor_accessor_tuple(args, addr_base) (as
    concat's readers use them): one accessor per input, its TensorAccessorArgs after the n page sizes at
    compile-time args page_size_base.., its address at runtime arg addr_base + i."""
    out = []
    args = _d.TensorAccessorArgs(page_size_base + n)
    for i in range(n):
        out.append(_d.TensorAccessor(args, _d.get_arg_val(addr_base + i),
                                     _d.get_compile_time_arg_val(page_size_base + i)))
        if i + 1 < n:
            args = _d.TensorAccessorArgs(args.next_compile_time_args_offset())
    return out


def advance_tensor_index(idx, dims):
    """pad/device/kernels/dataflow/common.hpp advance_tensor_index: increment the least significant dim first,
    carrying; 0 when the most significant dim overflowed."""
    for d in range(len(idx) - 1, -1, -1):
        v = idx[d] + 1
        if v < dims[d]:
            idx[d] = v
            return 1
        idx[d] = 0
    return 0


class EmbeddingTokens:
    """embeddings_common.hpp (tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/embedding/device/kernels/dataflow/):
    prepare_local_cache (PADDED: the pad token's weight row into the cache CB; BINARY: rows 0 and 1) and
    read_token_async (the weight row of a token, or the cached row), with the kernel's defines passed in `defines`
    (the kernel module's globals: PADDED / BINARY / BFP16). As in the C++, PADDED and BINARY take the token as the
    raw index word even for bfloat16 indices (BFP16 converts only in the GENERIC branch)."""

    def __init__(self, defines, local_cache_cb, weights, weight_stick_size, pad_token_arg_idx=0):
        self.padded = bool(defines.get("PADDED"))
        self.binary = bool(defines.get("BINARY"))
        self.bf16 = bool(defines.get("BFP16"))
        self.weights = weights
        if self.padded:
            self.pad_token = _d.get_arg_val(pad_token_arg_idx)
            _d.cb_reserve_back(local_cache_cb, 1)
            self.pad_addr = _d.get_write_ptr(local_cache_cb)
            _d.noc_async_read(_d.get_noc_addr(self.pad_token, weights), self.pad_addr, weight_stick_size)
            _d.noc_async_read_barrier()
        elif self.binary:
            _d.cb_reserve_back(local_cache_cb, 2)
            self.zero_addr = _d.get_write_ptr(local_cache_cb)
            _d.noc_async_read(_d.get_noc_addr(0, weights), self.zero_addr, weight_stick_size)
            self.one_addr = self.zero_addr + weight_stick_size
            _d.noc_async_read(_d.get_noc_addr(1, weights), self.one_addr, weight_stick_size)
            _d.noc_async_read_barrier()

    @property
    def token_dtype(self):
        import numpy as np
        return np.uint16 if self.bf16 else np.uint32

    def read(self, token, dst_l1_addr, size_bytes, weight_offset_bytes=0):
        """read_token_async: an asynchronous read of size_bytes of the token's weight row into dst_l1_addr."""
        token = int(token)
        if self.padded:
            if token == self.pad_token:
                src = _d.get_noc_addr(self.pad_addr + weight_offset_bytes)
            else:
                src = _d.get_noc_addr(token, self.weights, weight_offset_bytes)
        elif self.binary:
            src = _d.get_noc_addr((self.zero_addr if token == 0 else self.one_addr) + weight_offset_bytes)
        elif self.bf16:
            import numpy as np
            f = float(np.array([token << 16], np.uint32).view(np.float32)[0])
            src = _d.get_noc_addr(int(f) & 0xFFFFFFFF if f == f and abs(f) < 2**32 else 0, self.weights,
                                  weight_offset_bytes)
        else:
            src = _d.get_noc_addr(token, self.weights, weight_offset_bytes)
        _d.noc_async_read(src, dst_l1_addr, size_bytes)


def fill_bytes_with_val(start_addr, n_bytes, val, val_size):
    """reader_unary_pad_multicore_both_dims.cpp fill_with_val<val_size>(start, n_bytes, val): n_bytes from start
    filled with the val_size-byte value val (4-byte words over the aligned middle, single elements at unaligned ends),
    RISC-V stores (not charged)."""
    import numpy as np
    if n_bytes <= 0:
        return
    dt = {1: np.uint8, 2: np.uint16, 4: np.uint32}[val_size]
    count = n_bytes // val_size
    _d.l1_ptr(start_addr, dt, count)[:] = dt(int(val) & ((1 << (8 * val_size)) - 1))


def write_untilized_block(cb_id, dst, tiles_per_block, row_bytes, es, first_page, pages_per_row, cols_per_output_block,
                          unpadded_cols, cols_done_first, rows):
    """The block write of the ND-sharded untilize writers (writer_unary_stick_layout_split_rows_multi_core_nd_shard,
    writer_unary_stick_layout_split_rows_multicore_nd_sharded, tt-metal 622c6fb9): wait for the block's tiles in
    cb_id, then for each of its `rows` rows (row_bytes apart in L1) write the first `unpadded_cols` columns through
    the output accessor `dst`, starting cols_done_first columns into output page first_page + row * pages_per_row and
    continuing page by page (cols_per_output_block columns each); a write barrier, then pop the block."""
    _d.cb_wait_front(cb_id, tiles_per_block)
    base = _d.get_read_ptr(cb_id)
    for j in range(rows):
        l1 = base + j * row_bytes
        page = first_page + j * pages_per_row
        remaining = cols_per_output_block - cols_done_first
        offset = cols_done_first * es
        done = 0
        while done < unpadded_cols:
            ncols = min(unpadded_cols - done, remaining)
            _d.noc_async_write(l1, _d.get_noc_addr(page, dst, offset), ncols * es)
            done += ncols
            l1 += ncols * es
            page += 1
            remaining = cols_per_output_block
            offset = 0
    _d.noc_async_write_barrier()
    _d.cb_pop_front(cb_id, tiles_per_block)
