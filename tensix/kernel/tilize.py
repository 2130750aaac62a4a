"""Compute kernel API for layout changes in L1: tilize (row-major rows -> tiles), fast tilize, pack untilize (tiles
-> row-major rows) and transpose_wh, with tt-metal's names.

Sources (tt-metal 622c6fb9): tt_metal/hw/inc/api/compute/tilize.h (tilize_init / tilize_block / tilize_uninit,
fast_tilize_init / fast_tilize_block / fast_tilize_uninit), pack_untilize.h (pack_untilize_init /
pack_untilize_block / pack_untilize_uninit), transpose_wh.h (transpose_wh_init / transpose_wh_tile), over
tt-llk wormhole_b0 llk_unpack_tilize.h, llk_math_fast_tilize.h, llk_pack_untilize.h and the metal llk_api wrappers
(llk_unpack_tilize_api.h, llk_pack_untilize_api.h).

What the hardware does, and how tensix models it:

- tilize_block(icb, block, ocb): the unpacker in tileize mode reads 32 rows of the input CB (row stride: the
  init's ``block`` tiles of 32 datums) and delivers one tile at a time to SrcA (or straight to Dst: 32-bit integer
  formats always, Float32 when its CB unpacks to Dst, ``_llk_unpack_tilize_init_``); the math thread copies it to
  Dst (A2D datacopy), the packer packs it out of order at page t + output_tile_index of ocb. One Dst section per
  tile (llk_math_wait_for_dest_available ... dest_section_done inside tilize_block), so the kernel calls it outside
  tile_regs_acquire / release. Numerics: those of copy_tile (tensix.device.formats.copy_tile_to_dest: Float32 via
  SrcA truncated to TF32 unless unpacked to Dst; exponent-0 datums flushed by MOVA2D) and pack_tile
  (formats.pack_from_dest).
- fast_tilize_block (Wormhole): both unpackers feed top and bottom faces (SrcA / SrcB), MOVA2D / MOVB2D move them to
  Dst, several tiles per Dst section (the loop of tilize.h: units of 1 or 2 tiles, up to 8 tiles per section, 4 with
  fp32_dest_acc_en). ``_llk_math_fast_tilize_init_`` clears ALU_ACC_CTRL_Fp32_enabled unless the unpacker's output
  format is TF32: a Float16_b block goes through a 16-bit Dst and is packed from it even when the kernel runs with
  fp32_dest_acc_en; a Float32 block goes through TF32 SrcA (lossy: tt-metal's tilize helper avoids fast tilize for
  Float32 input with Fp32Mode::Lossless).
- pack_untilize_block[block_ct_dim, full_ct_dim](icb, block_rt_dim, ocb, block_c_index): block_ct_dim tiles from
  the front of icb are copied to Dst (unpack A + A2D datacopy, as copy_tile), and the packer writes them as 32 rows
  of a row-major block full_ct_dim tiles wide, at the CB's write pointer + block_c_index * block_ct_dim * 32 datums
  (llk_pack_untilize: ``fifo_wr_ptr + SCALE_DATUM_SIZE(fmt, block_c_index * 2 * block_ct_dim * 16)``; each row of
  the block full_ct_dim * 32 datums long).
- transpose_wh_tile(icb, itile, idst): unpack A with the face and within-face transposes (16-bit formats) or unpack
  to Dst and transpose Dst (Float32 with UnpackToDestFp32, Int32, UInt32), datacopy: Dst tile idst = tile^T.

32-bit integer data (Int32 / UInt32) always goes to Dst unchanged (ISA UNPACR: INT32 only unpacks to Dst32b) and is
packed unchanged (tt-metal pack_src_format Int32 / UInt32), whatever the kernel's fp32_dest_acc_en: tt-metal runs its
int32 tilize / untilize programs with a 16-bit DST_ACCUM_MODE and they are exact on the card (tt-metal's
test_tilize_with_val_padding int32 / uint32 cases); tensix does the same. Converting between an integer and another
format in these calls is not modelled (NotModelledError).

Costs: the existing per-tile figures (unpack.tile.<fmt>, math.copy_tile, pack.tile.<fmt>, tile_regs.sync per Dst
section; tensix/costs.json): tilize-mode unpacking and untilize-mode packing have no figures of their own there.
Not detected: pack_tile called while the packer is in untilize mode (between pack_untilize_init and
pack_untilize_uninit) writes a normal tile here, a row-major block on the card."""

from __future__ import annotations

import numpy as np

from tensix.device import formats
from tensix.device.errors import CircularBufferError, ComputeInitError, DstCapacityError, KernelError
from tensix.device.formats import DataFormat
from tensix.errors import NotModelledError
from tensix.kernel import _ctx, hwconfig
from tensix.kernel import compute as _c
from tensix.kernel import welford as _welford

__all__ = ["tilize_init", "tilize_init_short_with_dt", "tilize_block", "tilize_uninit", "tilize_uninit_with_dt",
           "fast_tilize_init", "fast_tilize_block", "fast_tilize_uninit", "pack_untilize_init",
           "pack_untilize_block", "pack_untilize_uninit", "pack_untilize_dest_init", "pack_untilize_dest",
           "transpose_wh_init", "transpose_wh_init_short",
           "transpose_wh_tile"]

# unpacker / math modes these inits program (hwconfig describes them in its messages)
TILIZE = ("tilize",)
FAST_TILIZE = ("fast_tilize",)
AFTER_TILIZE = ("after_tilize_uninit",)
TRANSPOSE = ("transpose_wh",)
hwconfig.EXTRA_MODES.update({
    TILIZE: "the tilize unpack (tilize_init: tileize mode, rows of the init's block width)",
    FAST_TILIZE: "fast tilize (fast_tilize_init: both unpackers, MOVA2D/MOVB2D)",
    AFTER_TILIZE: "no operation (tilize_uninit / fast_tilize_uninit restored the defaults, no MOP)",
    TRANSPOSE: "the transposing unpack A (transpose_wh_init: face and within-face transpose)",
})

_DATUM = {DataFormat.Float32: 4, DataFormat.Int32: 4, DataFormat.UInt32: 4, DataFormat.Float16_b: 2,
          DataFormat.Float16: 2, DataFormat.UInt16: 2}
_UINT = {2: np.dtype("<u2"), 4: np.dtype("<u4")}
_INT32 = (DataFormat.Int32, DataFormat.UInt32)
_UNPACK, _MATH, _PACK = 0, 1, 2


def _fmt(cb) -> DataFormat:
    return formats._fmt(cb.fmt)


def _where(th):
    return f"core {th.core.logical}, {th.source_line_now()}"


def _datum(th, cb, call, role):
    fmt = _fmt(cb)
    ds = _DATUM.get(fmt)
    if fmt == DataFormat.UInt8:
        raise NotModelledError(f"{call} on core {th.core.logical} at {th.source_line_now()}: the {role} CB {cb.index} "
                               f"holds UInt8 data. {formats.UINT8_COMPUTE_NOT_MODELLED}")
    if ds is None:
        raise KernelError(
            f"{call} on core {th.core.logical} at {th.source_line_now()}: the {role} CB {cb.index} holds {fmt.name} "
            "data; row-major data cannot be a block-float format (its exponents are shared by the 16 datums of a "
            "face row; tt-metal's tilize/untilize helpers ASSERT this).\nFix: use a Float16_b, Float32 or integer CB "
            "for the row-major side.")
    return ds


def _mode(cs, name):
    return getattr(cs, name, None)


def _set_modes(th, cs, call, unpack=None, math=None):
    """Record an unpacker / math mode that hwconfig.set cannot derive from an operation."""
    where = f"{call} at {th.source_line_now()}"
    if unpack is not None:
        cs.hw.unpack = unpack
        cs.hw.by["unpack"] = where
    if math is not None:
        cs.hw.math = math
        cs.hw.by["math"] = where
    cs.hw.set(where)            # recomputes the fast paths' keys


def _check_config(th, cs, call, unpack, math, icb_cb, ocb_cb, fix):
    hw = cs.hw
    for unit, have, want in (("unpacker", hw.unpack, unpack), ("math thread", hw.math, math)):
        if have != want:
            by = hw.by.get("unpack" if unit == "unpacker" else "math")
            raise ComputeInitError(
                f"{call} at {_where(th)}: the {unit} is programmed for {hwconfig.describe(have)}"
                f"{f' (by {by})' if by else ''}, not for {hwconfig.describe(want)}; on Wormhole the call runs the "
                f"MOP its init programmed and would produce other data.\nFix: call {fix} before {call}.")
    if icb_cb is not None and hw.src[0] != icb_cb.fmt:
        raise ComputeInitError(
            f"{call} at {_where(th)}: CB {icb_cb.index} holds {_fmt(icb_cb).name} data but the unpacker's SrcA format "
            f"is {hwconfig._fmt(hw.src[0])} (by {hw.by.get('src', 'nothing')}); the unpacker would misread it.\nFix: "
            f"compute_kernel_hw_startup(icb, ocb) at the start, or reconfig_data_format_srca(icb).")
    if ocb_cb is not None:
        hw.check_pack(ocb_cb, call, _where(th))


def _cs_outside_section(call):
    th, cs = _c._cs(call)
    if cs.math_open or cs.pack_open:
        raise KernelError(
            f"{call} on core {th.core.logical} at {th.source_line_now()}: the call acquires and releases Dst itself "
            "(llk_math_wait_for_dest_available ... llk_pack_dest_section_done), but a tile_regs_acquire / "
            "tile_regs_wait section is open.\nFix: call it outside tile_regs_acquire ... tile_regs_release.")
    if cs.sfpu_pending:
        _c._settle_sfpu(th)
    return th, cs


def _to_dst(th, cs, tile_bytes, fmt, cb_index, fp32_dest=None, unpack_to_dest=None):
    """Dst bits of tiles (n, tile bytes) as copy_tile leaves them; 32-bit integers unchanged (see the module
    docstring). Returns (bits (n, 32, 32), whether they are 32-bit Dst bits)."""
    if fmt in _INT32:
        return formats.from_face_order(tile_bytes.view("<u4").reshape(-1, 1024)), True
    fp32 = cs.fp32 if fp32_dest is None else fp32_dest
    utd = (cb_index in cs.unpack_to_dest) if unpack_to_dest is None else unpack_to_dest
    bits = formats.copy_tile_to_dest(tile_bytes.reshape(-1), fmt, fp32_dest=fp32, unpack_to_dest_fp32=utd,
                                     flush=cs.src_flush)
    return bits.reshape(-1, 32, 32), fp32


def _pack(th, bits, fp32, in_fmt, out_fmt, call):
    """Dst bits -> packed tile bytes (n, tile size) of out_fmt."""
    if in_fmt in _INT32 or out_fmt in _INT32:
        if in_fmt != out_fmt:
            raise NotModelledError(
                f"{call} on core {th.core.logical}: converting {in_fmt.name} data to {out_fmt.name} in the tilize / "
                "untilize path is not modelled by tensix.\nFix: keep the integer format on both sides.")
        return np.ascontiguousarray(formats.to_face_order(bits.astype(np.uint32))).view(np.uint8).reshape(
            bits.shape[0], -1)
    out = formats.pack_from_dest(bits, fp32, out_fmt)
    return out.reshape(bits.shape[0], -1)


# ------------------------------------------------------------------------------------------------ tilize
def tilize_init(icb, block, ocb):
    """tilize_init(icb, block, ocb): the unpacker in tileize mode for rows `block` tiles wide, the A2D datacopy
    (formats stay as compute_kernel_hw_startup set them: tt-metal's state_configure is a no-op unless its sentinel
    is compiled in)."""
    _c._configure("tilize_init", op=hwconfig.COPY)
    th, cs = _c._cs("tilize_init")
    _set_modes(th, cs, "tilize_init", unpack=TILIZE)
    cs.dm_tilize = int(block)


def tilize_init_short_with_dt(old_icb, new_icb, block, ocb):
    """tilize_init_short_with_dt(old_icb, new_icb, block, ocb): tilize_init after reconfiguring SrcA to new_icb."""
    _c._configure("tilize_init_short_with_dt", op=hwconfig.COPY, src=(new_icb, None))
    th, cs = _c._cs("tilize_init_short_with_dt")
    _set_modes(th, cs, "tilize_init_short_with_dt", unpack=TILIZE)
    cs.dm_tilize = int(block)


def tilize_uninit(icb, ocb):
    """tilize_uninit(icb, ocb): the unpacker leaves tileize mode; the next op needs its own init."""
    _c._init("tilize_uninit")
    th, cs = _c._cs("tilize_uninit")
    _set_modes(th, cs, "tilize_uninit", unpack=AFTER_TILIZE)
    cs.dm_tilize = None


def tilize_uninit_with_dt(old_icb, new_icb, ocb):
    """tilize_uninit_with_dt(old_icb, new_icb, ocb): tilize_uninit, then SrcA reconfigured to new_icb."""
    tilize_uninit(old_icb, ocb)
    _c.reconfig_data_format_srca(new_icb)


def _block_rows(th, cs, cb, ct_dim, block, unit0, call):
    """The (32, block * 32) row-major datums the tileize unpacker reads for tiles unit0 .. unit0 + block - 1 of
    the CB's front (a tile is a run of 32 datums; the rows are ct_dim * 32 datums apart), as raw words."""
    ds = _datum(th, cb, call, "input")
    stride = ct_dim * 32 * ds
    base = cb.rd_ptr + unit0 * 32 * ds
    end = base + 31 * stride + block * 32 * ds
    if end > cb.rd_ptr + cb.visible * cb.page_size:
        raise CircularBufferError(
            f"{call}(cb={cb.index}, block={block}) on core {th.core.logical} at {th.source_line_now()}: the 32 rows "
            f"of the block end {end - cb.rd_ptr} bytes after the read pointer, but only {cb.visible} page(s) "
            f"({cb.visible * cb.page_size} bytes) were waited for.\nFix: cb_wait_front(cb, n) for the whole block "
            "first.")
    if end > cb.limit:
        raise CircularBufferError(
            f"{call}(cb={cb.index}) on core {th.core.logical} at {th.source_line_now()}: the block's rows run past the "
            "end of the CB; the tileize unpacker reads L1 linearly and would read what lies beyond.\nFix: size the "
            "CB as a multiple of the block (tt-metal's factories do) so a block never wraps.")
    rows = th.core.l1[base:base + 32 * stride].reshape(32, stride)[:, :block * 32 * ds]
    return np.ascontiguousarray(rows).view(_UINT[ds])


def _tiles_of_rows(rows: np.ndarray, block: int) -> np.ndarray:
    """(32, block * 32) datums -> (block, tile bytes) in face order."""
    t = rows.reshape(32, block, 32).transpose(1, 0, 2)
    return np.ascontiguousarray(formats.to_face_order(t)).view(np.uint8).reshape(block, -1)


def _out_addr(th, cb, page, call):
    if not 0 <= page < cb.reserved:
        raise CircularBufferError(
            f"{call} on core {th.core.logical} at {th.source_line_now()}: it packs page {page} of CB {cb.index}, but "
            f"only {cb.reserved} page(s) are reserved.\nFix: cb_reserve_back(ocb, n) for the whole block first.")
    addr = cb.back_addr(page)
    if cb.guards:       # a popped page an outgoing NoC write may still read (CircularBuffer.guard)
        cb.check_overwrite(addr, addr + cb.page_size, th.clocks[_PACK], f"{call} at {th.source_line_now()}")
    return addr


def _section(th, cs, n, unpack_cycles, pack_cycles, write, call):
    """One Dst section of n tiles as the LLK calls run it: wait for Dst (acquire), unpack + datacopy of each tile,
    dest_section_done (commit), the packer's wait, write() (the packer's L1 writes), pack cycles, release."""
    if n > cs.capacity:
        raise DstCapacityError(f"{call} on core {th.core.logical} at {th.source_line_now()}: a Dst section of {n} "
                               f"tiles exceeds the Dst capacity of {cs.capacity} tiles.\nFix: fewer tiles per block.")
    _c.tile_regs_acquire()
    for i in range(n):
        cs.overwrite(i, unpack_cycles, _c._C_COPY)
    _c.tile_regs_commit()
    _c.tile_regs_wait()
    write()
    th.clocks[_PACK] += pack_cycles * n
    _c.tile_regs_release()


def _sections(th, cs, icb_cb, ocb_cb, counts, packed, out_index, call):
    """Dst sections of counts[i] tiles each, writing packed[k] to output page out_index + k (out of order)."""
    l1 = th.core.l1
    uc, pc = _c._unpack_cost(icb_cb), _c._pack_cost(ocb_cb)
    k = 0
    for n in counts:
        def write(k=k, n=n):
            for i in range(n):
                addr = _out_addr(th, ocb_cb, out_index + k + i, call)
                tile = packed[k + i]
                l1[addr:addr + tile.size] = tile
        _section(th, cs, n, uc, pc, write, call)
        k += n


def tilize_block(icb, block, ocb, input_tile_index=0, output_tile_index=0):
    """tilize_block(icb, block, ocb, input_tile_index=0, output_tile_index=0): `block` tiles from the rows at the
    front of icb into pages output_tile_index .. + block - 1 of ocb (reserved), one Dst section per tile."""
    call = "tilize_block"
    th, cs = _cs_outside_section(call)
    ci, co = _c._cb(th, icb, call), _c._cb(th, ocb, call)
    ct_dim = _mode(cs, "dm_tilize")
    if ct_dim is None:
        raise ComputeInitError(f"{call} at {_where(th)}: the unpacker is not in tileize mode.\nFix: "
                               "tilize_init(icb, block, ocb) before tilize_block (and tilize_uninit after).")
    _check_config(th, cs, call, TILIZE, hwconfig.COPY, ci, co, "tilize_init(icb, block, ocb)")
    block = int(block)
    unit0 = input_tile_index % block + (input_tile_index // block) * block * 32     # llk_unpack_tilize_block
    rows = _block_rows(th, cs, ci, ct_dim, block, unit0, call)
    fi, fo = _fmt(ci), _fmt(co)
    bits, fp32 = _to_dst(th, cs, _tiles_of_rows(rows, block), fi, ci.index)
    packed = _pack(th, bits, fp32, fi, fo, call)
    _sections(th, cs, ci, co, [1] * block, packed, output_tile_index, call)


# ------------------------------------------------------------------------------------------- fast tilize
def fast_tilize_init(icb, full_dim, ocb):
    """fast_tilize_init(icb, full_dim, ocb) (Wormhole): both unpackers and the MOVA2D / MOVB2D MOP; half-sync Dst
    only (tt-llk)."""
    _c._init("fast_tilize_init")
    th, cs = _c._cs("fast_tilize_init")
    if cs.full:
        raise NotModelledError(f"fast_tilize_init at {_where(th)}: tt-llk's fast tilize supports only "
                               "DstSync::SyncHalf (dst_full_sync_en=False).")
    _set_modes(th, cs, "fast_tilize_init", unpack=FAST_TILIZE, math=FAST_TILIZE)
    cs.dm_tilize = None
    cs.dm_fast_tilize = int(full_dim)


def fast_tilize_uninit(icb, ocb, full_dim=None):
    """fast_tilize_uninit(icb, ocb[, full_dim]): restores the unpacker, the Dst mode and the packer."""
    _c._init("fast_tilize_uninit")
    th, cs = _c._cs("fast_tilize_uninit")
    _set_modes(th, cs, "fast_tilize_uninit", unpack=AFTER_TILIZE, math=AFTER_TILIZE)
    cs.dm_fast_tilize = None


def _fast_sections(block: int, fp32: bool, full_dim: int) -> list[int]:
    """The tiles per Dst section of tilize.h's Wormhole fast_tilize_block loop."""
    dest = 4 if fp32 else 8
    out, remaining = [], block
    while remaining:
        if remaining > 2 * dest:
            n = dest
        elif remaining > dest:
            n = remaining // 2 + (remaining // 2) % 2
        else:                   # the rest in one section (as units, or units and a 3-tile unit)
            n = remaining
        out.append(n)
        remaining -= n
    return out


def fast_tilize_block(icb, block, ocb, input_tile_index=0, output_tile_index=0):
    """fast_tilize_block(icb, block, ocb, input_tile_index=0, output_tile_index=0) (Wormhole)."""
    call = "fast_tilize_block"
    th, cs = _cs_outside_section(call)
    ci, co = _c._cb(th, icb, call), _c._cb(th, ocb, call)
    full_dim = _mode(cs, "dm_fast_tilize")
    if full_dim is None:
        raise ComputeInitError(f"{call} at {_where(th)}: fast tilize is not initialised.\nFix: "
                               "fast_tilize_init(icb, full_dim, ocb) first (fast_tilize_uninit after).")
    _check_config(th, cs, call, FAST_TILIZE, FAST_TILIZE, ci, co, "fast_tilize_init(icb, full_dim, ocb)")
    fi, fo = _fmt(ci), _fmt(co)
    if fi not in (DataFormat.Float16_b, DataFormat.Float32):
        raise NotModelledError(f"{call} at {_where(th)}: fast tilize of {fi.name} data (tt-metal uses it for "
                               "Float16_b and Float32 only).")
    block = int(block)
    unit0 = input_tile_index % full_dim + (input_tile_index // full_dim) * full_dim * 32
    rows = _block_rows(th, cs, ci, full_dim, block, unit0, call)
    tiles = _tiles_of_rows(rows, block)
    if fi == DataFormat.Float16_b:      # Fp32_enabled cleared: a 16-bit Dst, packed as such
        bits, fp32 = _to_dst(th, cs, tiles, fi, ci.index, fp32_dest=False, unpack_to_dest=False)
    else:                               # TF32 SrcA with a 32-bit Dst (or Float16_b SrcA with a 16-bit one)
        bits, fp32 = _to_dst(th, cs, tiles, fi, ci.index, unpack_to_dest=False)
    packed = _pack(th, bits, fp32, fi, fo, call)
    _sections(th, cs, ci, co, _fast_sections(block, cs.fp32, full_dim), packed, output_tile_index, call)


# ----------------------------------------------------------------------------------------- pack untilize
class _Template:
    """`f[block_ct_dim, full_ct_dim](...)` for C++'s f<block_ct_dim, full_ct_dim>(...); plain `f(...)` takes the
    defaults (block_ct_dim = 8, full_ct_dim = block_ct_dim), as in C++."""

    def __init__(self, fn, name):
        self.fn = fn
        self.__name__ = self.__qualname__ = name
        self.__doc__ = fn.__doc__

    def __getitem__(self, targs):
        if not isinstance(targs, tuple):
            targs = (targs,)
        block_ct = int(targs[0])
        full_ct = int(targs[1]) if len(targs) > 1 else block_ct
        return lambda *a, **k: self.fn(block_ct, full_ct, *a, **k)

    def __call__(self, *a, **k):
        return self.fn(8, 8, *a, **k)


def _pack_untilize_init(block_ct_dim, full_ct_dim, icb, ocb):
    """pack_untilize_init<block_ct_dim, full_ct_dim>(icb, ocb): unpack A and the A2D datacopy (copy_tile's
    configuration), the packer reconfigured to ocb's format and put in untilize mode for rows full_ct_dim tiles
    wide."""
    _c._configure("pack_untilize_init", op=hwconfig.COPY, pack=ocb, pack_mask=None)
    th, cs = _c._cs("pack_untilize_init")
    cs.dm_untilize = (block_ct_dim, full_ct_dim)


def _pack_untilize_block(block_ct_dim, full_ct_dim, icb, block_rt_dim, ocb, block_c_index=0):
    """pack_untilize_block<block_ct_dim, full_ct_dim>(icb, block_rt_dim, ocb, block_c_index=0): for each of
    block_rt_dim tile rows, tiles 0 .. block_ct_dim - 1 at the front of icb to Dst, then packed as 32 row-major rows
    into ocb's reserved pages (see the module docstring)."""
    call = "pack_untilize_block"
    th, cs = _cs_outside_section(call)
    ci, co = _c._cb(th, icb, call), _c._cb(th, ocb, call)
    mode = _mode(cs, "dm_untilize")
    if mode != (block_ct_dim, full_ct_dim):
        raise ComputeInitError(
            f"{call}<{block_ct_dim}, {full_ct_dim}> at {_where(th)}: the packer is "
            + ("not in untilize mode" if mode is None else f"programmed by pack_untilize_init<{mode[0]}, {mode[1]}>")
            + f".\nFix: pack_untilize_init<{block_ct_dim}, {full_ct_dim}>(icb, ocb) first (written "
            f"pack_untilize_init[{block_ct_dim}, {full_ct_dim}](icb, ocb)).")
    _check_config(th, cs, call, hwconfig.COPY, hwconfig.COPY, ci, co, "pack_untilize_init(icb, ocb)")
    if block_ct_dim > cs.capacity:
        raise DstCapacityError(
            f"{call}<{block_ct_dim}, ...> on core {th.core.logical} at {th.source_line_now()}: {block_ct_dim} tiles "
            f"do not fit Dst ({cs.capacity} tiles in this mode).\nFix: split the row into sub-blocks of at most "
            f"{cs.capacity} tiles (tt-metal's untilize helper does: pack_untilize_block<sub, full>(..., b)).")
    if ci.visible < block_ct_dim:
        raise CircularBufferError(f"{call} on core {th.core.logical} at {th.source_line_now()}: it reads "
                                  f"{block_ct_dim} tiles of CB {ci.index}, {ci.visible} were waited for.\nFix: "
                                  f"cb_wait_front(icb, {block_ct_dim}) first.")
    fi, fo = _fmt(ci), _fmt(co)
    ds = _datum(th, co, call, "output")
    row_bytes = full_ct_dim * 32 * ds
    base = co.wr_ptr + block_c_index * block_ct_dim * 32 * ds
    if co.reserved * co.page_size < 32 * row_bytes or co.wr_ptr + 32 * row_bytes > co.limit:
        raise CircularBufferError(
            f"{call} on core {th.core.logical} at {th.source_line_now()}: the packer writes 32 rows of "
            f"{full_ct_dim} tiles ({32 * row_bytes} bytes) from CB {co.index}'s write pointer; "
            f"{co.reserved} page(s) are reserved" + ("" if co.wr_ptr + 32 * row_bytes <= co.limit else
                                                     " and the block would run past the CB's end")
            + f".\nFix: cb_reserve_back(ocb, {full_ct_dim}) first, with the CB a multiple of the block.")
    tsz = formats.tile_size(fi)
    l1 = th.core.l1
    tiles = np.empty((block_ct_dim, tsz), np.uint8)
    for c in range(block_ct_dim):
        a = ci.front_addr(c)
        tiles[c] = l1[a:a + tsz]
    bits, fp32 = _to_dst(th, cs, tiles, fi, ci.index)
    packed = _pack(th, bits, fp32, fi, fo, call)
    rows = formats.from_face_order(packed.view(_UINT[ds]).reshape(block_ct_dim, 1024))    # (n, 32, 32)
    rows = np.ascontiguousarray(rows.transpose(1, 0, 2)).reshape(32, block_ct_dim * 32).view(np.uint8)
    uc, pc = _c._unpack_cost(ci), _c._pack_cost(co)

    def write():
        if co.guards:   # a popped page an outgoing NoC write may still read (CircularBuffer.guard)
            co.check_overwrite(base, base + 32 * row_bytes, th.clocks[_PACK], f"{call} at {th.source_line_now()}")
        l1[base:base + 32 * row_bytes].reshape(32, row_bytes)[:, :rows.shape[1]] = rows

    for _ in range(int(block_rt_dim)):
        _section(th, cs, block_ct_dim, uc, pc, write, call)


def pack_untilize_uninit(ocb):
    """pack_untilize_uninit(ocb): the packer back to normal packing of ocb's format."""
    _c._configure("pack_untilize_uninit", pack=ocb)
    th, cs = _c._cs("pack_untilize_uninit")
    cs.dm_untilize = None


pack_untilize_init = _Template(_pack_untilize_init, "pack_untilize_init")
pack_untilize_block = _Template(_pack_untilize_block, "pack_untilize_block")


class _DestTemplate(_Template):
    """`f[block_ct_dim, full_ct_dim, ...](...)` for pack_untilize_dest_init / pack_untilize_dest: the first two
    template arguments as _Template; narrow_row = true goes to the narrow-row model (`narrow`, one tile only); the
    other arguments (diagonal, ...) must keep their defaults (the diagonal packer mode is not modelled)."""

    def __init__(self, fn, name, names, defaults, narrow=None):
        super().__init__(fn, name)
        self.names, self.defaults, self.narrow = names, defaults, narrow

    def __getitem__(self, targs):
        targs = targs if isinstance(targs, tuple) else (targs,)
        extra = dict(zip(self.names, targs[2:]))
        if extra.get("narrow_row") and self.narrow is not None:     # the narrow-row packer mode
            rest = {n: v for n, v in extra.items() if n not in ("narrow_row", "row_num_datums")}
            for name, value, default in zip(self.names, targs[2:], self.defaults):
                if name in rest and value != default:
                    raise NotModelledError(f"{self.__name__}<..., narrow_row = true, {name} = {value}>: only "
                                           f"{name} = {default} is modelled by tensix with narrow rows.")
            block_ct, full_ct = int(targs[0]), int(targs[1]) if len(targs) > 1 else int(targs[0])
            rnd = int(extra.get("row_num_datums", 32))
            _narrow_scope(self.__name__, block_ct, full_ct, rnd)        # as C++ would at instantiation
            return lambda *a, **k: self.narrow(block_ct, full_ct, rnd, *a, **k)
        for name, value, default in zip(self.names, targs[2:], self.defaults):
            if value != default:
                raise NotModelledError(
                    f"{self.__name__}<..., {name} = {value}>: only {name} = {default} is modelled by tensix.\nFix: "
                    "keep the default (tt-metal uses other values in its sharded row-major transposes).")
        return super().__getitem__(targs[:2])


def _pack_untilize_dest_init(block_ct_dim, full_ct_dim, ocb):
    """pack_untilize_dest_init<block_ct_dim, full_ct_dim>(ocb) (pack_untilize.h: pack_untilize_dest_init_impl):
    only the packer: reconfigured to ocb's format and put in untilize mode for rows full_ct_dim tiles wide; the
    tiles come from Dst (pack_untilize_dest), so unpacker and math keep their configuration."""
    _c._configure("pack_untilize_dest_init", pack=ocb)
    th, cs = _c._cs("pack_untilize_dest_init")
    cs.dm_untilize = (block_ct_dim, full_ct_dim)


def _packer_owns_dst(call):
    """(thread, compute state) of a pack call, refused outside a tile_regs_wait section; queued SFPU calls settle
    first (the packer reads what they wrote)."""
    th = _ctx.th
    cs = th.compute
    if cs is None or not cs.pack_open:
        raise KernelError(f"{call} at {_where(th)}: the packer does not own Dst.\nFix: tile_regs_commit(); "
                          "tile_regs_wait() before it, tile_regs_release() after.")
    if cs.sfpu_pending:
        _c._settle_sfpu(th)
    return th, cs


def _pack_untilize_dest(block_ct_dim, full_ct_dim, ocb, block_rt_dim=1, block_c_index=0, tile_dst_rt_offset=0):
    """pack_untilize_dest<block_ct_dim, full_ct_dim>(ocb, block_rt_dim=1, block_c_index=0) (llk_pack_untilize):
    inside a tile_regs_wait section, Dst tiles r * block_ct_dim .. r * block_ct_dim + block_ct_dim - 1 are packed as
    32 row-major rows of a block full_ct_dim tiles wide, for each tile row r < block_rt_dim, at ocb's write pointer
    + r * (32 rows) + block_c_index * block_ct_dim * 32 datums."""
    call = "pack_untilize_dest"
    th, cs = _packer_owns_dst(call)
    mode = _mode(cs, "dm_untilize")
    if mode != (block_ct_dim, full_ct_dim):
        raise ComputeInitError(
            f"{call}<{block_ct_dim}, {full_ct_dim}> at {_where(th)}: the packer is "
            + ("not in untilize mode" if mode is None else f"programmed for <{mode[0]}, {mode[1]}>")
            + f".\nFix: pack_untilize_dest_init<{block_ct_dim}, {full_ct_dim}>(ocb) first (written "
            f"pack_untilize_dest_init[{block_ct_dim}, {full_ct_dim}](ocb)).")
    co = _c._cb(th, ocb, call)
    cs.hw.check_pack(co, call, _where(th))
    n = int(block_rt_dim) * block_ct_dim
    first = int(tile_dst_rt_offset)
    for i in range(first, first + n):
        cs.check_dst(i, call)
    fo = _fmt(co)
    ds = _datum(th, co, call, "output")
    row_bytes = full_ct_dim * 32 * ds
    span = int(block_rt_dim) * 32 * row_bytes
    base = co.wr_ptr + block_c_index * block_ct_dim * 32 * ds
    if co.reserved * co.page_size < span or co.wr_ptr + span > co.limit:
        raise CircularBufferError(
            f"{call} on core {th.core.logical} at {th.source_line_now()}: the packer writes {span} bytes of rows "
            f"from CB {co.index}'s write pointer; {co.reserved} page(s) of {co.page_size} bytes are reserved"
            + ("" if co.wr_ptr + span <= co.limit else " and the rows would run past the CB's end")
            + ".\nFix: cb_reserve_back(ocb, n) for the whole block first.")
    h = cs.n_rel % cs.nbuf
    cs.clear_stale(h)
    bits = cs.dst[h][first:first + n]
    fp32 = cs.dst.dtype == np.uint32
    packed = _pack(th, bits, fp32, fo if fo in _INT32 else DataFormat.Float32, fo, call)
    t = formats.from_face_order(packed.view(_UINT[ds]).reshape(n, 1024))       # (n, 32, 32)
    rows = t.reshape(int(block_rt_dim), block_ct_dim, 32, 32).transpose(0, 2, 1, 3)
    rows = np.ascontiguousarray(rows).reshape(int(block_rt_dim) * 32, block_ct_dim * 32).view(np.uint8)
    l1 = th.core.l1
    if co.guards:   # a popped page an outgoing NoC write may still read (CircularBuffer.guard)
        co.check_overwrite(base, base + span, th.clocks[_PACK], f"{call} at {th.source_line_now()}")
    l1[base:base + span].reshape(-1, row_bytes)[:, :rows.shape[1]] = rows
    th.clocks[_PACK] += _c._pack_cost(co) * n


def _narrow_scope(call, block_ct_dim, full_ct_dim, rnd, ds=None):
    """The narrow-row packing tensix models: one tile (block_ct_dim = full_ct_dim = 1), rows within the tile's left
    faces (row_num_datums <= 16) and whole 16-byte words per row."""
    if block_ct_dim != 1 or full_ct_dim != 1 or not 0 < rnd <= 16 or (ds is not None and rnd * ds % 16):
        raise NotModelledError(
            f"{call}<{block_ct_dim}, {full_ct_dim}, narrow_row = true, row_num_datums = {rnd}>: tensix models "
            "narrow-row packing of one tile with rows of at most 16 datums in whole 16-byte words only (tt-llk's "
            "narrow-row MOP packs tile 0 alone, reading each row linearly from its face; wider rows or more tiles "
            "do not give the tile's rows).\nFix: a block of one tile and row_num_datums <= 16.")


def _pack_untilize_dest_init_narrow(block_ct_dim, full_ct_dim, row_num_datums, ocb):
    """pack_untilize_dest_init<block_ct_dim, full_ct_dim, narrow_row = true, row_num_datums>(ocb) (tt-llk 622c6fb9
    tt_llk_wormhole_b0/llk_lib/llk_pack_untilize.h _llk_pack_untilize_init_ / _mop_config_: a MOP of 8 PACRs per
    packer, Y + 1 each, the X counter set to row_num_datums - 1): the packer in narrow-row untilize mode."""
    _narrow_scope("pack_untilize_dest_init", block_ct_dim, full_ct_dim, row_num_datums)
    _c._configure("pack_untilize_dest_init", pack=ocb)
    th, cs = _c._cs("pack_untilize_dest_init")
    cs.dm_untilize = (block_ct_dim, full_ct_dim, "narrow", row_num_datums)


def _pack_untilize_dest_narrow(block_ct_dim, full_ct_dim, row_num_datums, ocb, block_rt_dim=1, block_c_index=0):
    """pack_untilize_dest<block_ct_dim, full_ct_dim, false, narrow_row = true, row_num_datums>(ocb) (tt-llk
    llk_pack_untilize.h _llk_pack_untilize_ with narrow_row; cpack_common.h program_packer_untilized_destination:
    packer i writes from the write pointer + i * 8 rows of row_num_datums * full_ct_dim datums): Dst tile 0's 32
    rows, the first row_num_datums datums of each, written back to back (row pitch row_num_datums datums)."""
    call = "pack_untilize_dest"
    th, cs = _packer_owns_dst(call)
    want = (block_ct_dim, full_ct_dim, "narrow", row_num_datums)
    mode = _mode(cs, "dm_untilize")
    if mode != want:
        raise ComputeInitError(
            f"{call}<{block_ct_dim}, {full_ct_dim}, false, true, {row_num_datums}> at {_where(th)}: the packer is "
            + ("not in untilize mode" if mode is None else f"programmed for {mode}")
            + f".\nFix: pack_untilize_dest_init<{block_ct_dim}, {full_ct_dim}, true, {row_num_datums}>(ocb) first.")
    if int(block_rt_dim) != 1 or int(block_c_index) != 0:
        raise NotModelledError(f"{call} with narrow rows and block_rt_dim {block_rt_dim} / block_c_index "
                               f"{block_c_index}: only one tile row at index 0 is modelled.")
    co = _c._cb(th, ocb, call)
    cs.hw.check_pack(co, call, _where(th))
    cs.check_dst(0, call)
    ds = _datum(th, co, call, "output")
    _narrow_scope(call, block_ct_dim, full_ct_dim, row_num_datums, ds)
    fo = _fmt(co)
    span = 32 * row_num_datums * ds
    base = co.wr_ptr
    if co.reserved * co.page_size < span or base + span > co.limit:
        raise CircularBufferError(
            f"{call} on core {th.core.logical} at {th.source_line_now()}: the packer writes {span} bytes of narrow "
            f"rows from CB {co.index}'s write pointer; {co.reserved} page(s) of {co.page_size} bytes are reserved"
            + ("" if base + span <= co.limit else " and the rows would run past the CB's end")
            + ".\nFix: cb_reserve_back(ocb, n) for the whole block first.")
    h = cs.n_rel % cs.nbuf
    cs.clear_stale(h)
    bits = cs.dst[h][0:1]
    fp32 = cs.dst.dtype == np.uint32
    packed = _pack(th, bits, fp32, fo if fo in _INT32 else DataFormat.Float32, fo, call)
    t = formats.from_face_order(packed.view(_UINT[ds]).reshape(1, 1024))[0]       # (32, 32)
    rows = np.ascontiguousarray(t[:, :row_num_datums]).view(np.uint8).reshape(-1)
    if co.guards:
        co.check_overwrite(base, base + span, th.clocks[_PACK], f"{call} at {th.source_line_now()}")
    th.core.l1[base:base + span] = rows
    th.clocks[_PACK] += _c._pack_cost(co)


pack_untilize_dest_init = _DestTemplate(_pack_untilize_dest_init, "pack_untilize_dest_init",
                                        ("narrow_row", "row_num_datums", "dense"), (False, 32, False),
                                        narrow=_pack_untilize_dest_init_narrow)
pack_untilize_dest = _DestTemplate(_pack_untilize_dest, "pack_untilize_dest",
                                   ("diagonal", "narrow_row", "row_num_datums", "tile_dst_ct_offset", "dense"),
                                   (False, False, 32, 0, False), narrow=_pack_untilize_dest_narrow)


# ------------------------------------------------------------------------------------------ transpose_wh
def transpose_wh_init(icb, ocb):
    """transpose_wh_init(icb, ocb): formats from icb (SrcA and SrcB) and ocb (packer), the transposing unpack A and
    the datacopy."""
    _c._configure("transpose_wh_init", op=hwconfig.COPY, src=(icb, icb), pack=ocb, pack_mask=None)
    th, cs = _c._cs("transpose_wh_init")
    _set_modes(th, cs, "transpose_wh_init", unpack=TRANSPOSE)
    _welford.replay_clobbered(cs, icb)


def transpose_wh_init_short(icb):
    """transpose_wh_init_short(icb): the transposing unpack A and the datacopy (formats unchanged)."""
    _c._configure("transpose_wh_init_short", op=hwconfig.COPY)
    th, cs = _c._cs("transpose_wh_init_short")
    _set_modes(th, cs, "transpose_wh_init_short", unpack=TRANSPOSE)
    _welford.replay_clobbered(cs, icb)


def transpose_wh_tile(icb, itile, idst):
    """transpose_wh_tile(icb, itile, idst): Dst tile idst = tile itile of icb, transposed (inside a
    tile_regs_acquire section)."""
    call = "transpose_wh_tile"
    th, cs = _c._cs(call)
    if cs.pending_halves >> ((cs.n_acq - 1) % cs.nbuf) & 1:
        _c._settle_sfpu(th)     # SFPU calls queued on the half it writes run first (as copy_tile)
    if not cs.math_open:
        cs.need_math(call)
    cs.check_dst(idst, call)
    ci = _c._cb(th, icb, call)
    _check_config(th, cs, call, TRANSPOSE, hwconfig.COPY, ci, None, "transpose_wh_init(icb, ocb)")
    fi = _fmt(ci)
    raw = cs.tile_bytes(ci, itile, call)
    if fi in formats.BFP_MAG_BITS:   # SrcA holds the BF16 datums the unpacker converts to, transposed
        src = formats.unpack_to_src(raw, fi, fp32_dest=cs.fp32)
        bits, fp32 = formats.src_to_dest(np.ascontiguousarray(src.T), cs.fp32, cs.src_flush)[None], cs.fp32
    else:
        ds = _DATUM[fi]
        t = formats.from_face_order(np.ascontiguousarray(raw).view(_UINT[ds]).reshape(1, 1024))[0].T
        tb = np.ascontiguousarray(formats.to_face_order(t[None])).view(np.uint8).reshape(1, -1)
        bits, fp32 = _to_dst(th, cs, tb, fi, ci.index)
    if fp32 != cs.fp32:
        if fi in _INT32:
            raise NotModelledError(f"{call} at {_where(th)}: {fi.name} tiles need a 32-bit Dst here "
                                   "(fp32_dest_acc_en=True in the ComputeConfig).")
    h = cs.overwrite(idst, _c._unpack_cost(ci), _c._C_COPY)
    cs.dst[h][idst] = bits[0].astype(cs.dst.dtype)
