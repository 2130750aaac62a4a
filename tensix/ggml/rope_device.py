"""GGML RoPE as kernels on the simulated Wormhole: seed 000's host program, reader, compute and writer kernels.

:func:`rope_device` runs ``rope_ext(..., device=dev)``. The SFPU computation of one work item is
:func:`tensix.ggml.rope_sfpu.rope_tile` (the numbers :func:`tensix.ggml.rope_sfpu.rope_sfpu` emulates on the
host); here it runs inside a compute kernel on every core, fed by a reader and drained by a writer, as in seed
000 ("Implementation strategy"; facts sheet section 6, "Kernels").

Data layout (host side, decisions where the seed is silent)

* Rows: one *block* (tile row) is the heads of one token, padded with zero rows to 32 (``n_head > 32``: several
  blocks per token). All rows of a block share the token's position, so one position per work item
  (``RopeKernel(per_row=False)``), GGML's per-token position (seed 000's "blunder" note).
* Columns: the host tilizes each block into ``A`` tiles (the first element of each pair: NEOX/MROPE/IMROPE
  ``x[k]``, VISION ``x[k]``, NORMAL the rotated columns ``x[0..n_dims)``), ``B`` tiles (the partner
  ``x[k + n_dims/2]``, VISION ``x[k + n_dims]``; none for NORMAL) and passive tiles (columns ``>= n_dims``,
  NEOX-family; VISION has none), each zero-padded to 32 columns. With 32-aligned sizes this is exactly the
  natural tiling of seed 000 (pair tiles ``w`` and ``w + n_tiles_width_active/2``); otherwise it is the
  host's tilize of a re-ordered row, like any tilize, and the inverse on the way back.
* Work items: per block, one per (column tile, section) pair: a column tile whose slots span several MROPE
  sections is read and computed once per section with that section's position (as rope_sfpu does); the host
  keeps each section's columns when untilizing.
* Per-column values (the accurate variant's frequency table, or the freq factors of the exp variants) are one
  tile per column tile in the layout rope_sfpu.column_tile gives (the accurate variant packs each column
  group into one tile row), read once per core into CB c_2 and copied into Dst tile 3 for every work item.
* The reader reads, and the writer writes, a block's work items in equal groups of at most 8 tiles per barrier
  (``_chunks``); the compute kernel takes a group per CB wait and reserve, and one Dst acquire per work item,
  two work items per pass (one in each Dst half).
* Positions: int32, one per (block, section), 32 blocks per DRAM page; the reader reads a page into CB c_1 at
  the first block and at every 32nd block (seed 000's 32-integer reads); the compute kernel reads them through
  ``cb_get_tile``, past the 16 bytes before the page that it points to (seed 000's ``idxs += 4``).

Circular buffers (Float32 pages of 4096 B): c_0 reader -> compute (pair tiles), c_1 positions (Int32),
c_2 per-column tiles, c_16 compute -> writer, c_17 reader -> writer bypass for passive tiles (seed 000).

Numerics: ``fp32_dest_acc_en=True`` (seed 000 needs an FP32 Dst for positions up to millions) and
``UnpackToDestFp32`` on c_0 and c_2, so ``copy_tile`` moves the float32 data into Dst unchanged. Seed 000's
kernel did not set ``unpack_to_dest_mode``: with ``fp32_dest_acc_en`` and the default mode tt-metal unpacks
Float32 through SrcA as TF32 (``get_unpack_dst_formats``; tensix.device.formats ``copy_tile_to_dest``), so its
inputs lost their 13 low mantissa bits (relative error up to 2**-10) before the SFPU saw them; the table tile
would too. ``unpack_to_dest=False`` reproduces that path.

float16 inputs (GGML F16): the host widens them to float32 (exact, as GGML's ``to_f32``), the device computes
as for float32, and the host rounds the float32 result to float16 with round-to-nearest-even (GGML's
``from_f32``). Decision: the packer's FP32 -> Float16 conversion is not modelled in tensix.device.formats, and
Float16 CBs would make the unpacker feed FP16 through SrcA, which the model also does not cover; widening on
the host is exact, so the only rounding is the final one GGML also does.

bfloat16 inputs (not a GGML RoPE type, so only here) move as Float16_b tiles (2048 B pages) in DRAM and in c_0,
c_16 and c_17: copy_tile brings them through SrcA into the fp32 Dst (exact widening, except that SrcA flushes
denormals to zero: tensix.device.formats.unpack_to_src), and pack_tile rounds the fp32 result to bfloat16 as the
packer does (round to nearest, ties away from zero: tensix.device.formats.pack_from_dest). Passive columns go
through the bypass CB byte for byte. The per-column table stays a Float32 tile unpacked straight to Dst.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

import numpy as np

import tensix.metalium as tm
from tensix.device import hostcopy
from tensix.errors import NotModelledError
from tensix.ggml import rope as _ref
from tensix.ggml.rope import (
    ROPE_TYPE_MROPE,
    ROPE_TYPE_NORMAL,
    ROPE_TYPE_VISION,
    RopeArgumentError,
)
from tensix.ggml.rope_sfpu import (
    RopeKernel,
    column_tile,
    frequency_table,
    rope_scalars,
    rope_tile,
    slot_sections,
)
from tensix.kernel import (
    CB_TILE_HEADER,
    CBIndex,
    DeviceZoneScopedN,
    InterleavedAddrGenFast,
    call_sfpu,
    cb_get_tile,
    cb_pop_front,
    cb_push_back,
    cb_reserve_back,
    cb_wait_front,
    copy_tile,
    copy_tile_init,
    copy_tile_to_dst_init_short_with_dt,
    get_arg_val,
    get_noc_addr,
    get_read_ptr,
    get_write_ptr,
    init_sfpu,
    l1_ptr,
    noc_async_read,
    noc_async_read_barrier,
    noc_async_read_tile,
    noc_async_write_barrier,
    noc_async_write_tile,
    pack_tile,
    tile_regs_acquire,
    tile_regs_commit,
    tile_regs_release,
    tile_regs_wait,
)

TILE_BYTES = 4096  # Float32 tile (the per-column table; the data tiles of float32/float16 inputs)
POS_BLOCKS = 32  # positions per page and CB push (seed 000 reads 32 integers at a time)
CB_IN, CB_POS, CB_TAB, CB_OUT, CB_BYPASS = CBIndex.c_0, CBIndex.c_1, CBIndex.c_2, CBIndex.c_16, CBIndex.c_17


@dataclass(frozen=True)
class WorkItem:
    """One compute work item of a block: input tile a (and partner b) within the block's tile row, the
    per-column tile t in CB c_2, the pair index of tile column 0 for the exp variants, the section."""

    a: int
    b: int  # -1 for NORMAL (pairs inside tile a)
    table: int
    col_offset: int
    section: int


@dataclass(frozen=True)
class RopePlan:
    """Everything the host decides before launching: the layout above, the kernel config, the scalars."""

    cfg: RopeKernel
    scalars: tuple
    work: tuple  # WorkItem per work item of a block
    keep: np.ndarray  # (n_work, 32) bool: columns of each work item's output that belong to it
    cols_a: np.ndarray  # (n_ct, 32) element index of each A-tile column (-1: padding)
    cols_b: np.ndarray | None  # (n_ct, 32) partner element index, NEOX family
    cols_p: np.ndarray  # (n_pt, 32) passive element index (-1: padding)
    table: np.ndarray | None  # (n_ct, 32) float32 per-column values for Dst tile 3
    n_sec: int  # positions per block (1, or 4 for the MROPE family)

    @property
    def n_ct(self) -> int:
        return self.cols_a.shape[0]

    @property
    def tiles_in(self) -> int:
        """Input tiles per block: A, B, passive."""
        return self.n_ct * (1 if self.cols_b is None else 2) + self.cols_p.shape[0]

    @property
    def pair(self) -> int:
        return 1 if self.cols_b is None else 2


def _plan(head_dim, freq_factors, n_dims, mode, n_ctx_orig, freq_base, freq_scale, ext_factor, attn_factor,
          beta_fast, beta_slow, sections, backward, variant) -> RopePlan:
    """The host's layout and kernel decisions (module docstring)."""
    mrope = bool(mode & ROPE_TYPE_MROPE)
    if mode == ROPE_TYPE_NORMAL:
        kmode, n_slots, partner, width = "normal", n_dims // 2, 0, n_dims
    elif mode == ROPE_TYPE_VISION:
        kmode, n_slots, partner, width = "neox", n_dims, n_dims, n_dims
    else:
        kmode, n_slots, partner, width = "neox", n_dims // 2, n_dims // 2, n_dims // 2
    sec, sec_start = slot_sections(mode, sections, n_slots, ext_factor, variant, "rope_ext(device=...)")
    yarn = np.float32(ext_factor) != 0
    ffa = None if freq_factors is None else np.asarray(freq_factors, np.float32)[:n_slots]
    if ffa is not None and variant != "accurate":
        if not (np.isfinite(ffa).all() and (ffa >= np.float32(2.0 ** -125)).all()):
            raise NotModelledError("rope_ext(device=...): the SFPU reciprocal of the exp variants needs positive "
                                   "normal freq factors; use variant='accurate' for others.")
    cfg = RopeKernel(kmode, variant, False, ffa is not None and variant != "accurate",
                     bool(yarn) and variant != "accurate")
    with np.errstate(divide="ignore"):  # n_dims = 0: nothing is rotated, the scalars are never used
        scal = rope_scalars(n_dims, n_ctx_orig=n_ctx_orig, freq_base=freq_base, freq_scale=freq_scale,
                            ext_factor=ext_factor, attn_factor=attn_factor, beta_fast=beta_fast,
                            beta_slow=beta_slow, backward=backward).args()
    n_ct = -(-width // 32)
    j = np.arange(32)
    c = 32 * np.arange(n_ct)[:, None] + j[None, :]  # (n_ct, 32) column index within the A half
    ok = c < width
    cols_a = np.where(ok, c, -1)
    cols_b = np.where(ok, c + partner, -1) if kmode == "neox" else None
    slot = np.where(ok, c if kmode == "neox" else c // 2, 0)
    passive0 = n_dims if mode != ROPE_TYPE_VISION else head_dim
    n_pass = head_dim - passive0
    n_pt = -(-n_pass // 32)
    pc = passive0 + 32 * np.arange(n_pt)[:, None] + j[None, :]
    cols_p = np.where(pc < head_dim, pc, -1).reshape(n_pt, 32)
    table = None
    if n_ct == 0:
        pass  # no rotated columns (n_dims = 0): only passive tiles
    elif variant == "accurate":
        restart = set(np.unique(sec_start).tolist()) if mode == ROPE_TYPE_VISION else None
        ftab = frequency_table(n_dims, n_slots, ffa, n_ctx_orig=n_ctx_orig, freq_base=freq_base,
                               freq_scale=freq_scale, ext_factor=ext_factor, beta_fast=beta_fast,
                               beta_slow=beta_slow, restart=restart)
        table = np.where(ok, ftab[slot], 0.0).astype(np.float32)
    elif ffa is not None:
        table = np.where(ok, ffa[slot], 1.0).astype(np.float32)
    work, keep = [], []
    for ct in range(n_ct):
        secs = sec[slot[ct]]
        for s in np.unique(secs[ok[ct]]):
            k = ok[ct] & (secs == s)
            start = int(sec_start[slot[ct][k][0]]) if mode == ROPE_TYPE_VISION else 0
            col_offset = 32 * ct - start if kmode == "neox" else 32 * ct
            b = n_ct + ct if kmode == "neox" else -1
            work.append(WorkItem(ct, b, ct, col_offset, int(s)))
            keep.append(k)
    keep_arr = np.array(keep, bool).reshape(len(work), 32)
    return RopePlan(cfg, scal, tuple(work), keep_arr, cols_a, cols_b, cols_p, table, 4 if mrope else 1)


# ------------------------------------------------------------------------------------------------------------
# kernels (closures over the plan: the C++ kernels' compile-time defines / template arguments)
# ------------------------------------------------------------------------------------------------------------
MAX_CHUNK_TILES = 8  # data tiles per reader push / writer pop (CB pages: twice that, double buffered)


def _chunks(work, pair) -> list:
    """The work items of a block in equal groups that the reader reads (and the writer writes) per barrier:
    the largest divisor of the count that keeps a group within MAX_CHUNK_TILES, so every push and pop has the
    same size and a group's pages never wrap around the CB's end."""
    n = len(work)
    per = max(d for d in range(1, n + 1) if n % d == 0 and d * pair <= max(MAX_CHUNK_TILES, pair)) if n else 1
    return [work[i:i + per] for i in range(0, n, per)]


def _make_kernels(plan: RopePlan, tick=None, zones: bool = False, data_bytes: int = TILE_BYTES):
    """The reader, compute and writer kernels of the plan. tick: host-side hook called after each block the
    compute kernel finishes (progress reporting; no device cost). zones: wrap each SFPU call in a
    DeviceZoneScopedN("ROPE-TILE") profiler zone, as seed 000 measures its kernel. data_bytes: page size of
    the data tiles (4096 Float32, 2048 Float16_b)."""
    work = plan.work
    tiles_in = plan.tiles_in
    n_ct, pair = plan.n_ct, plan.pair
    n_pt = plan.cols_p.shape[0]
    n_out = len(work) * pair + n_pt  # output tiles per block
    has_table = plan.table is not None
    # a Float32 table beside Float16_b data: the unpacker's SrcA format must follow each copy_tile's CB
    reconfig_table = has_table and data_bytes != TILE_BYTES
    n_sec = plan.n_sec
    pos_page = POS_BLOCKS * n_sec * 4
    cfg, scal = plan.cfg, plan.scalars
    chunks = _chunks(work, pair)

    def reader():
        src_addr, pos_addr, tab_addr, b0, nb = (get_arg_val(i) for i in range(5))
        src = InterleavedAddrGenFast(is_dram=True, bank_base_address=src_addr, page_size=data_bytes)
        pos = InterleavedAddrGenFast(is_dram=True, bank_base_address=pos_addr, page_size=pos_page)
        if has_table:  # per-column tiles: once per core, kept in c_2 for the whole run
            tab = InterleavedAddrGenFast(is_dram=True, bank_base_address=tab_addr, page_size=TILE_BYTES)
            cb_reserve_back(CB_TAB, n_ct)
            base = get_write_ptr(CB_TAB)
            for t in range(n_ct):
                noc_async_read_tile(t, tab, base + t * TILE_BYTES)
            noc_async_read_barrier()
            cb_push_back(CB_TAB, n_ct)
        for b in range(b0, b0 + nb):
            if b == b0 or b % POS_BLOCKS == 0:  # the next 32 blocks' positions
                cb_reserve_back(CB_POS, 1)
                noc_async_read(get_noc_addr(b // POS_BLOCKS, pos), get_write_ptr(CB_POS), pos_page)
                noc_async_read_barrier()
                cb_push_back(CB_POS, 1)
            row = b * tiles_in
            for ws in chunks:  # active pairs -> compute, several work items per barrier and push
                cb_reserve_back(CB_IN, pair * len(ws))
                p = get_write_ptr(CB_IN)
                for w in ws:
                    noc_async_read_tile(row + w.a, src, p)
                    if pair == 2:
                        noc_async_read_tile(row + w.b, src, p + data_bytes)
                    p += pair * data_bytes
                noc_async_read_barrier()
                cb_push_back(CB_IN, pair * len(ws))
            for t in range(tiles_in - n_pt, tiles_in):  # passive tiles -> writer (bypass)
                cb_reserve_back(CB_BYPASS, 1)
                noc_async_read_tile(row + t, src, get_write_ptr(CB_BYPASS))
                noc_async_read_barrier()
                cb_push_back(CB_BYPASS, 1)

    def compute():
        b0, nb = get_arg_val(0), get_arg_val(1)
        init_sfpu(CB_IN, CB_OUT)
        copy_tile_init(CB_IN)
        if has_table:
            cb_wait_front(CB_TAB, n_ct)
        pos = None
        for b in range(b0, b0 + nb):
            if b == b0 or b % POS_BLOCKS == 0:
                if pos is not None:
                    cb_pop_front(CB_POS, 1)
                cb_wait_front(CB_POS, 1)
                pos = l1_ptr(cb_get_tile(CB_POS, 0) + CB_TILE_HEADER, np.int32, POS_BLOCKS * n_sec)
            slot = (b % POS_BLOCKS) * n_sec
            for ws in chunks:  # the reader's groups: one CB wait/pop and reserve/push per group
                n = pair * len(ws)
                cb_wait_front(CB_IN, n)
                cb_reserve_back(CB_OUT, n)
                # one Dst acquire per work item, two work items per pass: the math thread fills both Dst halves
                # (half sync) before the packer drains them. Each TRISC makes the same calls in the same order as
                # with one item per pass, so the device time is the same; the simulator gets two SFPU calls per
                # core in each batch (tensix.kernel.sfpu_batch): half as many batches.
                for j0 in range(0, len(ws), 2):
                    two = list(enumerate(ws[j0:j0 + 2], j0))
                    for j, w in two:
                        tile_regs_acquire()
                        copy_tile(CB_IN, pair * j, 0)
                        if pair == 2:
                            copy_tile(CB_IN, pair * j + 1, 1)
                        if has_table:
                            if reconfig_table:
                                copy_tile_to_dst_init_short_with_dt(CB_IN, CB_TAB)
                            copy_tile(CB_TAB, w.table, 3)
                            if reconfig_table:
                                copy_tile_to_dst_init_short_with_dt(CB_TAB, CB_IN)
                        if zones:
                            with DeviceZoneScopedN("ROPE-TILE"):
                                call_sfpu(rope_tile, 0, cfg, *scal, w.col_offset, int(pos[slot + w.section]))
                        else:
                            call_sfpu(rope_tile, 0, cfg, *scal, w.col_offset, int(pos[slot + w.section]))
                        tile_regs_commit()
                    for j, _w in two:
                        tile_regs_wait()
                        pack_tile(0, CB_OUT, pair * j)
                        if pair == 2:
                            pack_tile(1, CB_OUT, pair * j + 1)
                        tile_regs_release()
                cb_pop_front(CB_IN, n)
                cb_push_back(CB_OUT, n)
            if tick is not None:
                tick()
        if pos is not None:
            cb_pop_front(CB_POS, 1)
        if has_table:
            cb_pop_front(CB_TAB, n_ct)

    def writer():
        dst_addr, b0, nb = get_arg_val(0), get_arg_val(1), get_arg_val(2)
        dst = InterleavedAddrGenFast(is_dram=True, bank_base_address=dst_addr, page_size=data_bytes)
        for b in range(b0, b0 + nb):
            row = b * n_out
            first = row
            for ws in chunks:
                n = pair * len(ws)
                cb_wait_front(CB_OUT, n)
                p = get_read_ptr(CB_OUT)
                for t in range(n):
                    noc_async_write_tile(first + t, dst, p + t * data_bytes)
                first += n
                noc_async_write_barrier()
                cb_pop_front(CB_OUT, n)
            for t in range(n_pt):
                cb_wait_front(CB_BYPASS, 1)
                noc_async_write_tile(row + len(work) * pair + t, dst, get_read_ptr(CB_BYPASS))
                noc_async_write_barrier()
                cb_pop_front(CB_BYPASS, 1)

    return reader, compute, writer


# ------------------------------------------------------------------------------------------------------------
# host: tilize, launch, untilize
# ------------------------------------------------------------------------------------------------------------
def _columns_in(plan: RopePlan) -> np.ndarray:
    """Element column of every column of a block's tile row, in input tile order (A, B, passive); -1 pads."""
    parts = [plan.cols_a] + ([plan.cols_b] if plan.cols_b is not None else []) + [plan.cols_p]
    return np.concatenate([p.reshape(-1) for p in parts])


def _columns_out(plan: RopePlan) -> np.ndarray:
    """Element column each column of a block's output tile row is written to (-1: padding, or a column that
    belongs to another section's work item), in output tile order (work item pairs, then passive)."""
    out = []
    for i, w in enumerate(plan.work):
        k = plan.keep[i]
        out.append(np.where(k, plan.cols_a[w.a], -1))
        if plan.pair == 2:
            out.append(np.where(k, plan.cols_b[w.a], -1))
    out.extend(plan.cols_p)
    return np.concatenate(out) if out else np.zeros(0, np.int64)


def _pick_columns(rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """rows[:, cols] with zeros where cols < 0; no copy when cols is the identity (32-aligned NEOX/NORMAL)."""
    if cols.size == rows.shape[1] and np.array_equal(cols, np.arange(cols.size)):
        return rows
    out = rows[:, np.where(cols >= 0, cols, 0)]
    out[:, cols < 0] = 0.0
    return out


_STAGING: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _staging(dev, purpose: str, n: int, dtype) -> np.ndarray:
    """A host staging array of n elements for one purpose ("in": the tilized input, "out": the tiles read back),
    kept with the device and reused by the next call of the same size. A fresh 64 MB array costs the process
    its page faults on first touch (about 0.1-0.3 s on the development VM), more than the copy itself; the
    result array is the only fresh one per call. A device runs one program at a time, so one per purpose."""
    per_dev = _STAGING.setdefault(dev, {})
    dtype = np.dtype(dtype)
    arr = per_dev.get(purpose)
    if arr is None or arr.nbytes != n * dtype.itemsize:
        arr = per_dev[purpose] = np.empty(n * dtype.itemsize, np.uint8)
    return arr.view(dtype)


def _untilize_tile_columns(raw: np.ndarray, n_blocks: int, order: np.ndarray, out_rows: np.ndarray) -> None:
    """out_rows (n_blocks * 32, 32 * len(order)) gets, as its tile column w, tile order[w] of every block of
    raw (TILED_NFACES tiles, block-major): untilize and tile permutation in one strided copy per column."""
    n_tiles = raw.size // (n_blocks * 1024)
    src = raw.reshape(n_blocks, n_tiles, 2, 2, 16, 16)            # block, tile, face row, face col, r, c
    dst = out_rows.reshape(n_blocks, 2, 16, len(order), 2, 16)    # block, face row, r, tile col, face col, c
    for w, t in enumerate(order):
        hostcopy.copyto(dst[:, :, :, w], src[:, t].transpose(0, 1, 3, 2, 4))


def _tilize_blocks(blocks: np.ndarray) -> np.ndarray:
    """(n_blocks, n_tiles, 32, 32) -> Float32 tiles in tile order b*n_tiles + t, tilized (faces)."""
    nb, nt = blocks.shape[:2]
    rm = blocks.transpose(0, 2, 1, 3).reshape(nb * 32, nt * 32)  # row-major tile rows
    return np.asarray(tm.tilize_nfaces(np.ascontiguousarray(rm), nb * 32, nt * 32))


def _untilize_blocks(data: np.ndarray, n_blocks: int, n_tiles: int) -> np.ndarray:
    rm = np.asarray(tm.untilize_nfaces(data, n_blocks * 32, n_tiles * 32)).reshape(n_blocks, 32, n_tiles, 32)
    return rm.transpose(0, 2, 1, 3)


def rope_device(a: np.ndarray, pos: np.ndarray, freq_factors: np.ndarray | None = None, *, n_dims: int,
                mode: int, n_ctx_orig: int = 0, freq_base: float = 10000.0, freq_scale: float = 1.0,
                ext_factor: float = 0.0, attn_factor: float = 1.0, beta_fast: float = 32.0,
                beta_slow: float = 1.0, sections=None, backward: bool = False, device=None,
                variant: str = "accurate", cores: int | None = None, unpack_to_dest: bool = True,
                progress=None, zones: bool = False) -> np.ndarray:
    """GGML's ``rope_ext`` computed by reader/compute/writer kernels on the simulated device ``device``.

    Arguments as :func:`tensix.ggml.rope_ext` (validated there first, raising RopeArgumentError as GGML
    would). cores: how many worker cores to spread the blocks over (default: the whole grid);
    split_work_to_cores gives the first ``n_blocks % n_cores`` cores one block more. unpack_to_dest: False
    takes seed 000's TF32 unpack path (module docstring). progress: optional callable(done_blocks, total)
    called between launches (long runs are launched in chunks of blocks so a caller can show progress).
    The profile of the last launch is ``device.profiler.last_run()``.
    """
    # validate exactly as the reference does (GGML's asserts; RopeArgumentError)
    _ref._check_variant(variant)
    a = _ref._check_array(a, device)
    mode, n_dims, _ = _ref._prepare(a.shape[-1], pos, freq_factors, n_dims, mode, n_ctx_orig, freq_base,
                                    freq_scale, ext_factor, attn_factor, beta_fast, beta_slow, sections,
                                    backward, a.shape[-3], True)
    from tensix.device.device import Device
    if not isinstance(device, Device):
        raise RopeArgumentError(f"rope_ext(device=...): device must be a simulated device from "
                                f"tensix.metalium.CreateDevice(0), got {type(device).__name__}; pass device=None "
                                "for GGML's CPU reference.")
    if a.size == 0:  # no rows: nothing to launch (GGML's op does no work either)
        return a.copy()
    a4 = a.reshape((1,) + a.shape) if a.ndim == 3 else a
    ne3, n_tok, n_head, head_dim = a4.shape
    pos = np.asarray(pos)
    plan = _plan(head_dim, freq_factors, n_dims, mode, n_ctx_orig, freq_base, freq_scale, ext_factor,
                 attn_factor, beta_fast, beta_slow, sections, backward, variant)
    mrope = bool(mode & ROPE_TYPE_MROPE)
    pos4 = pos.astype(np.int64).reshape(4, n_tok).T if mrope else pos.astype(np.int64).reshape(n_tok, 1)

    # blocks: (i3, token, head block); rows padded with zeros to 32 heads
    hb = -(-n_head // 32)
    n_blocks = ne3 * n_tok * hb
    bf16 = _ref._is_bfloat16(a.dtype)
    host_dtype = a.dtype if bf16 else np.dtype(np.float32)  # float16 is widened on the host (docstring)
    data_bytes, data_fmt = (2048, tm.DataFormat.Float16_b) if bf16 else (TILE_BYTES, tm.DataFormat.Float32)
    if hb * 32 == n_head and a4.dtype == host_dtype:
        rows = np.ascontiguousarray(a4).reshape(n_blocks * 32, head_dim)
    else:
        rows = np.zeros((ne3, n_tok, hb * 32, head_dim), host_dtype)
        rows[:, :, :n_head] = a4  # float16 -> float32 is exact
        rows = rows.reshape(n_blocks * 32, head_dim)
    # the row-major matrix whose tilize is the input buffer: each block's tile row in input tile order
    rm_in = np.ascontiguousarray(_pick_columns(rows, _columns_in(plan)))
    blk_tok = np.repeat(np.arange(n_tok), hb)[None, :].repeat(ne3, 0).reshape(-1)
    n_pages = -(-n_blocks // POS_BLOCKS)
    posbuf = np.zeros((n_pages * POS_BLOCKS, plan.n_sec), np.int32)
    posbuf[:n_blocks] = pos4[blk_tok, :plan.n_sec]

    dev = device
    cq = dev.command_queue()
    grid = dev.compute_with_storage_grid_size()
    n_out = len(plan.work) * plan.pair + plan.cols_p.shape[0]
    dram = lambda n, page: tm.CreateBuffer(tm.InterleavedBufferConfig(dev, n * page, page, tm.BufferType.DRAM))
    pos_page = POS_BLOCKS * plan.n_sec * 4
    b_src = dram(n_blocks * plan.tiles_in, data_bytes)
    b_dst = dram(n_blocks * n_out, data_bytes)
    b_pos = dram(n_pages, pos_page)
    tiled = _staging(dev, "in", rm_in.size, rm_in.dtype)
    tm.EnqueueWriteBuffer(cq, b_src, tm.tilize_nfaces(rm_in, n_blocks * 32, plan.tiles_in * 32, out=tiled).view(np.uint8))
    tm.EnqueueWriteBuffer(cq, b_pos, posbuf.reshape(-1).view(np.uint32))
    b_tab = None
    if plan.table is not None:
        b_tab = dram(plan.n_ct, TILE_BYTES)
        tab = np.stack([column_tile(plan.cfg, plan.table[ct]) for ct in range(plan.n_ct)])[None]
        tm.EnqueueWriteBuffer(cq, b_tab, _tilize_blocks(tab).view(np.uint32))

    tick = None
    if progress is not None:
        done = [0]

        def tick():
            done[0] += 1
            progress(done[0], n_blocks)

    reader, compute, writer = _make_kernels(plan, tick, zones, data_bytes)
    max_cores = grid.x * grid.y
    n_cores_req = max_cores if cores is None else int(cores)
    if not 1 <= n_cores_req <= max_cores:
        raise RopeArgumentError(f"rope_ext(device=...): cores={cores} is outside 1..{max_cores} (the worker grid "
                                f"{grid.x}x{grid.y}).")
    # split_work_to_cores over n_cores_req cores (tt-metal's rule: the first n_blocks % n cores get one
    # block more); core i of the split is grid core (i % grid.x, i // grid.x), row-wise as seed 000's host
    n_used, _all, g1, g2, per1, per2 = tm.split_work_to_cores((n_cores_req, 1), n_blocks, row_wise=True)
    n_g1 = len(tm.corerange_to_cores(g1))
    counts = [per1] * n_g1 + [per2] * (n_used - n_g1)
    cores_list = [tm.CoreCoord(i % grid.x, i // grid.x) for i in range(n_used)]
    used = tm.CoreRangeSet(cores_list)

    prog = tm.CreateProgram()
    pair = plan.pair

    def cb(idx, pages, page, fmt=tm.DataFormat.Float32):
        tm.CreateCircularBuffer(prog, used, tm.CircularBufferConfig(pages * page, {idx: fmt}).set_page_size(idx, page))

    chunk = pair * len(_chunks(plan.work, pair)[0]) if plan.work else pair
    cb(CB_IN, 2 * chunk, data_bytes, data_fmt)  # double-buffered groups of work items
    cb(CB_OUT, 2 * chunk, data_bytes, data_fmt)
    cb(CB_BYPASS, 2, data_bytes, data_fmt)
    cb(CB_POS, 2, pos_page, tm.DataFormat.Int32)
    if plan.table is not None:
        cb(CB_TAB, plan.n_ct, TILE_BYTES)
    # UnpackToDestFp32 applies to 32-bit CBs only (tt-metal); Float16_b goes through SrcA
    utd = {int(c): tm.UnpackToDestMode.UnpackToDestFp32 for c in ((CB_TAB,) if bf16 else (CB_IN, CB_TAB))} \
        if unpack_to_dest else {}
    rk = tm.CreateKernel(prog, reader, used, tm.DataMovementConfig(processor=tm.DataMovementProcessor.RISCV_0))
    wk = tm.CreateKernel(prog, writer, used, tm.DataMovementConfig(processor=tm.DataMovementProcessor.RISCV_1))
    ck = tm.CreateKernel(prog, compute, used, tm.ComputeConfig(fp32_dest_acc_en=True, unpack_to_dest_mode=utd))
    b0 = 0
    for core, nb in zip(cores_list, counts):
        tm.SetRuntimeArgs(prog, rk, core, [b_src.address(), b_pos.address(),
                                           0 if b_tab is None else b_tab.address(), b0, nb])
        tm.SetRuntimeArgs(prog, ck, core, [b0, nb])
        tm.SetRuntimeArgs(prog, wk, core, [b_dst.address(), b0, nb])
        b0 += nb
    tm.EnqueueProgram(cq, prog)
    # the result array is fresh (the caller keeps it): its pages are first touched by the untilize below, on two
    # threads (hostcopy), not during the program, whose kernels and SFPU batches keep both host CPUs busy
    out_rows = np.empty((n_blocks * 32, head_dim), host_dtype)
    raw_out = tm.EnqueueReadBuffer(cq, b_dst, out=_staging(dev, "out", n_blocks * n_out * 1024, host_dtype))
    # every output column goes back to its element column; columns no work item wrote keep the input
    dest = _columns_out(plan)
    src_of = np.full(head_dim, -1, np.int64)
    src_of[dest[dest >= 0]] = np.nonzero(dest >= 0)[0]
    tiles_of = src_of.reshape(-1, 32)[:, 0] // 32 if head_dim % 32 == 0 else None
    if tiles_of is not None and (src_of >= 0).all() and np.array_equal(
            src_of, (32 * tiles_of[:, None] + np.arange(32)).reshape(-1)):
        # whole output tiles in another order (e.g. NEOX's A0 B0 A1 B1 back to A0 A1 B0 B1): untilize each
        # tile column straight from its tiles into the result rows
        _untilize_tile_columns(raw_out, n_blocks, tiles_of, out_rows)
    else:
        rm_out = np.asarray(tm.untilize_nfaces(raw_out, n_blocks * 32, n_out * 32)).reshape(n_blocks * 32,
                                                                                            n_out * 32)
        hostcopy.copyto(out_rows, rows)
        out_rows[:, dest[dest >= 0]] = rm_out[:, dest >= 0]
    for buf in (b_src, b_dst, b_pos, b_tab):
        if buf is not None and hasattr(tm, "DeallocateBuffer"):
            tm.DeallocateBuffer(buf)
    out = out_rows.reshape(ne3, n_tok, hb * 32, head_dim)[:, :, :n_head]
    if a.dtype == np.float16:
        out = out.astype(np.float16)  # round to nearest even, GGML's from_f32
    return out.reshape(a.shape)
