"""Compute kernel API with tt-metal's names (compute_kernel_api): Dst acquire/commit/wait/release, copy_tile,
pack_tile, eltwise binary ops with broadcasts, reduce_tile, matmul_tiles, and the SFPU hook.

Execution model (documented decision): a compute kernel is ONE Python execution that advances three clocks,
TRISC0 (unpack), TRISC1 (math) and TRISC2 (pack), with the hand-offs as dependencies:
- cb_wait_front / cb_pop_front run on the unpack clock; cb_reserve_back / cb_push_back on the pack clock.
- an op that reads CB tiles (copy_tile, add_tiles, ...) costs unpack cycles, then math cycles starting no
  earlier than the unpack finished.
- tile_regs_acquire (math) waits until the packer released the Dst half it needs (double buffering with
  dst_full_sync_en=False: two halves; full sync: one); tile_regs_commit stamps the math time;
  tile_regs_wait (pack) waits for that commit; pack_tile costs pack cycles; tile_regs_release stamps the release
  and clears the half (the packer's dest_section_done zeroes it).
- legacy acquire_dst/release_dst: the packer cannot see the future commit time in a single execution, so
  pack_tile inside an acquire_dst section starts no earlier than the math clock at that call (optimistic only
  if math work follows pack_tile in the same section).
Data: Dst tiles are held as tensix.device.formats Dst bits (uint32 FP32 bits with fp32_dest_acc_en, else uint16
BF16 bits); numerics come from tensix.device.formats (unpack / pack conversions) and tensix.device.fpu.
Dst capacity [facts sheet section 2; tt-metal compute_engines_and_dataflow_within_tensix.rst]: 16-bit Dst
8 tiles (half sync) / 16 (full sync); fp32_dest_acc_en: 4 / 8.
"""

from __future__ import annotations

import enum

import numpy as np

from tensix.costs import cost
from tensix.device import formats, fpu
from tensix.device.errors import CircularBufferError, DstCapacityError, TileRegsError
from tensix.device.scheduler import current_call_site, frame_pos_text
from tensix.errors import NotModelledError
from tensix.kernel import _ctx, _fast, hwconfig, tile_shape
from tensix.kernel.dataflow import _cb
from tensix.kernel.sfpu_batch import Job, batch_of, program_info
from tensix.kernel.matmul_batch import matmul_batch_of

# formats with a compiled fast path (tensix/kernel/_fast.py): name -> is 32-bit float
_FAST = {"Float16_b": False, "Float32": True}
_TILE_SIZE = {}


def _tsize(fmt):
    n = _TILE_SIZE.get(fmt)
    if n is None:
        n = _TILE_SIZE[fmt] = formats.tile_size(fmt)
    return n

_UNPACK, _MATH, _PACK = 0, 1, 2
_C_INIT = cost("compute.init")
_C_SYNC = cost("tile_regs.sync")
_C_COPY = cost("math.copy_tile")
_C_ELT = cost("math.eltwise_binary")
_C_RED = cost("math.reduce_tile")
_C_MM = cost("math.matmul_tile_phase")


class BroadcastType(enum.Enum):
    NONE = "none"
    ROW = "row"
    COL = "col"
    SCALAR = "scalar"


class PoolType(enum.Enum):
    SUM = "sum"
    MAX = "max"
    AVG = "avg"


class ReduceDim(enum.Enum):
    REDUCE_ROW = "row"
    REDUCE_COL = "col"
    REDUCE_SCALAR = "scalar"


class DstMode(enum.Enum):
    Full = 0
    Half = 1
    Tile = 2


def _fmt_name(fmt):
    return getattr(fmt, "name", str(fmt))


_INT32_FORMATS = (formats.DataFormat.Int32, formats.DataFormat.UInt32)


class ComputeState:
    """Dst and the TRISC hand-off state of one compute kernel instance."""

    def __init__(self, th, cfg):
        self.th = th
        self.fp32 = bool(cfg.fp32_dest_acc_en)
        self.full = bool(cfg.dst_full_sync_en)
        self.nbuf = 1 if self.full else 2
        self.capacity = (8 if self.full else 4) if self.fp32 else (16 if self.full else 8)
        self.dst = np.zeros((self.nbuf, self.capacity, 32, 32), np.uint32 if self.fp32 else np.uint16)
        self.fast = _fast.dst_entries(self.dst.dtype)   # the per-tile compiled paths for this Dst (no dispatch)
        self.fidelity = getattr(cfg.math_fidelity, "name", cfg.math_fidelity)
        self.approx = bool(cfg.math_approx_mode)
        utd = cfg.unpack_to_dest_mode or []
        items = utd.items() if isinstance(utd, dict) else enumerate(utd)
        self.unpack_to_dest = {int(i) for i, m in items if "fp32" in str(getattr(m, "name", m)).lower()}
        if self.fp32 and th is not None:
            # Wormhole's unpackers route by format, not by this setting alone (tt-llk llk_defs.h: UnpackToDestEn is
            # always true; _llk_unpack_A_ unpacks to Dst when is_32bit_input(src, dst format)): an Int32 / UInt32
            # CB's unpack destination format is Int32 with a 32-bit Dst, so its tiles go to Dst, unlike Float32's,
            # whose destination format is Float32 only with UnpackToDestFp32
            self.unpack_to_dest |= {i for i, cb in th.core.cbs.items() if cb.fmt in _INT32_FORMATS}
        # Dst tiles of each half written since its last clear: a set of tile indices from the fast paths (the
        # release marks them stale, below), or None when a general op got the whole half (need_math) - then
        # tile_regs_release clears all of it. Either way the half reads as zeros after the release.
        self.written = [set() for _ in range(self.nbuf)]
        # Dst tiles of each half that hold data since the half was last released: the packer's release marks
        # the half's rows undefined (ZEROACC), and the SFPU reading an undefined row is undefined behaviour
        # (ISA ZEROACC.md), so an SFPU op that reads a tile not written since then is refused.
        self.defined = [set() for _ in range(self.nbuf)]
        # Dst tiles of each half that the packer's release cleared (ZEROACC) but that still hold their old values
        # here: zeroed when something is about to read them (clear_stale), or never, when a fast path overwrites
        # them whole first (the next section usually does). Saves clearing tiles that are overwritten anyway.
        self.stale = [set() for _ in range(self.nbuf)]
        # Dst tiles of each half that hold a reduce_tile result: tile -> (pool, dim, where). Beside the result
        # the reduce leaves scratch values in Dst on Wormhole (hwconfig.REDUCE_SCRATCH), which reduce_init's
        # packer mask hides and tensix does not model: pack_tile writes NaN there when that mask is off. A
        # whole-tile write drops the mark.
        self.reduced = [{} for _ in range(self.nbuf)]
        # ALU_ACC_CTRL_Zero_Flag_disabled_src clear: MOVA2D (copy_tile's datacopy) flushes exponent-0 SrcA datums to
        # +0. 622c6fb9 tt-llk cmath_common.h's tracker: the hardware's reset state; every math hw configure /
        # reconfig sets it by the operand formats (DEFAULT: disabled for UInt16 only), unary_op_init_common /
        # init_sfpu disables it (UNARY_PRESERVE: bf16 -0.0 and denormals move unchanged) until the next of those
        self.src_flush = True
        self.sfpu_pending = 0       # SFPU calls queued on this Dst (tensix.kernel.sfpu_batch), not yet run
        self.sfpu_calls = 0         # SFPU calls (and SFPU inits) made so far (tensix.kernel.welford's LReg check)
        self.pending_halves = 0     # bit h: one of them is on half h (a fast path writing the other half goes on)
        self.batch = None           # the program run's tensix.kernel.sfpu_batch.SfpuBatch, once an SFPU op ran
        self.sfpu_init = None       # (op, init arguments) of the last SFPU op init that loaded constants (sfpu_ops)
        self.n_acq = 0
        self.n_rel = 0
        self.commit_times = []
        self.release_times = []
        self.math_open = False      # acquired and not committed
        self.pack_open = False      # waited and not released
        self.legacy = False
        self.mm_transpose = None    # transpose of the last mm_init / mm_init_short / matmul_init (None: none yet)
        self.mm_dims = None         # (ct_dim, rt_dim, kt_dim) of the last matmul init (the MOP's block shape)
        self.mm_pending = 0         # matmul products queued on this Dst (tensix.kernel.matmul_batch), not yet run
        self.mm_queued_transpose = False    # the in1 transpose of the queued products (one batch group)
        self.mm_queued_fidelity = None      # and their fidelity (the kernel's, or a helper's fixed one)
        self.mm_batch = None        # the program run's tensix.kernel.matmul_batch.MatmulBatch, once a product is queued
        self.mm_cycles = _C_MM * fpu.num_fidelity_phases(self.fidelity)     # math cycles of one tile product
        self.pack_l1_acc = False    # the packer adds into L1 (llk_pack_reconfig_l1_acc)
        self.pack_relu = None       # the packer's ReLU mode (llk_pack_relu_config), None: off
        self.sfpu_pack_half = None  # the packer's Dst half while SFPU ops run from the pack thread (_sfpu_from_pack)
        self.hw = hwconfig.HwConfig()   # what the inits programmed (unpack / math ops, data formats)

    # ---- helpers ----
    def need_math(self, call):
        if self.sfpu_pending:
            _settle_sfpu(self.th)
        if not self.math_open:
            th = self.th
            raise TileRegsError(
                f"{call} on core {th.core.logical} at {th.source_line_now()}: the math thread does not own Dst "
                "(no tile_regs_acquire / acquire_dst since the last commit).\nFix: call tile_regs_acquire() "
                "before math on Dst and tile_regs_commit() after it.")
        h = (self.n_acq - 1) % self.nbuf
        self.written[h] = None
        self.clear_stale(h)         # a general op may read any tile of the half
        return self.dst[h]

    def overwrite(self, t, unpack_cycles, math_cycles) -> int:
        """Record that a fast path is about to write Dst tile t of the math thread's half whole: it holds data
        (defined), the release must clear it (written), and it need not be cleared first (stale); and charge
        its unpack and math cycles (unpack_math: one call for both, as the fast paths run per tile). Returns
        the half."""
        h = (self.n_acq - 1) % self.nbuf
        w = self.written[h]
        if w is not None:
            w.add(t)
        self.defined[h].add(t)
        self.stale[h].discard(t)
        r = self.reduced[h]
        if r:
            r.pop(t, None)
        c = self.th.clocks      # unpack_math, inline
        c[_UNPACK] += unpack_cycles
        start = c[_MATH] if c[_MATH] > c[_UNPACK] else c[_UNPACK]
        self.th.idle[_MATH] += start - c[_MATH]
        c[_MATH] = start + math_cycles
        return h

    def write_whole(self, t):
        """A general op writes Dst tile t of the math thread's half whole: it holds data, and no reduce scratch."""
        h = (self.n_acq - 1) % self.nbuf
        self.defined[h].add(t)
        self.reduced[h].pop(t, None)

    def clear_stale(self, h, tiles=None):
        """Zero the stale tiles of half h (all, or those of `tiles`) before anything reads them."""
        stale = self.stale[h]
        if stale:
            for t in (list(stale) if tiles is None else [t for t in tiles if t in stale]):
                self.fast.zero_tile(self.dst, h, t)
                stale.discard(t)

    def check_index(self, value, what, call):
        """Refuse a tile index that is not an integer (C++ takes uint32_t; Python would fail deep in numpy, or
        a compiled path would truncate it)."""
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            from tensix.device.errors import KernelError
            raise KernelError(
                f"{call}: the {what} {value!r} on core {self.th.core.logical} at {self.th.source_line_now()} is a "
                f"{type(value).__name__}, not an integer tile index.\nFix: pass an int (e.g. int({value!r})).")

    def check_dst(self, idx, call):
        self.check_index(idx, "Dst tile index", call)
        if not (0 <= idx < self.capacity):
            th = self.th
            mode = ("fp32_dest_acc_en" if self.fp32 else "16-bit Dst") + (
                ", dst_full_sync_en" if self.full else ", half sync (double buffered)")
            raise DstCapacityError(
                f"{call}: Dst tile index {idx} on core {th.core.logical} at {th.source_line_now()} exceeds the Dst "
                f"capacity of {self.capacity} tiles for this mode ({mode}).\nFix: use indices 0..{self.capacity - 1}, "
                "process fewer tiles per acquire, or change fp32_dest_acc_en / dst_full_sync_en.")

    def tile_bytes(self, cb, tile_index, call):
        th = self.th
        self.check_index(tile_index, "CB tile index", call)
        if tile_index >= cb.visible or tile_index < 0:
            raise CircularBufferError(
                f"{call}: tile {tile_index} of CB {cb.index} on core {th.core.logical} at {th.source_line_now()} "
                f"was not waited for (cb_wait_front made {cb.visible} page(s) visible).\n"
                f"Fix: cb_wait_front(cb, {tile_index + 1}) before reading it.")
        addr = cb.front_addr(tile_index)
        if cb.tile is not None:     # a CB of other tile dims: the 32x32 tile the unpacker leaves in Src
            tile_shape.refuse(cb.tile, call)
            return tile_shape.expand(th.core.l1[addr:addr + tile_shape.size(cb.fmt, cb.tile)], cb.fmt, cb.tile)
        return th.core.l1[addr:addr + _tsize(cb.fmt)]

    def unpack_math(self, unpack_cycles, math_cycles):
        th = self.th
        c = th.clocks
        c[_UNPACK] += unpack_cycles
        start = c[_MATH] if c[_MATH] > c[_UNPACK] else c[_UNPACK]
        th.idle[_MATH] += start - c[_MATH]
        c[_MATH] = start + math_cycles


def _where(th):
    """Core and kernel line, for a configuration error."""
    return f"core {th.core.logical}, {th.source_line_now()}"


def _cs(call):
    th = _ctx.th
    cs = th.compute
    if cs is None:
        from tensix.device.errors import KernelError
        raise KernelError(f"{call} is a compute API call but {th.name()} is a data movement kernel "
                          f"(at {th.source_line_now()}).\nFix: call it from the compute kernel.")
    return th, cs


_UNPACK_COST = {}
_PACK_COST = {}


def _unpack_cost(cb):
    c = _UNPACK_COST.get(cb.fmt)
    if c is None:
        c = _UNPACK_COST[cb.fmt] = cost(f"unpack.tile.{_fmt_name(cb.fmt)}")
    if cb.tile is not None:
        return tile_shape.unpack_cycles(c, cb.tile)
    return c


def _pack_cost(cb):
    c = _PACK_COST.get(cb.fmt)
    if c is None:
        c = _PACK_COST[cb.fmt] = cost(f"pack.tile.{_fmt_name(cb.fmt)}")
    if cb.tile is not None:
        return tile_shape.pack_cycles(c, cb.tile)
    return c


def _kinfo(cb):
    """(fast-path flag of _FAST, tile bytes, unpack cycles, pack cycles) of a CB's format, cached on the CB: the
    hot ops below need them per tile. All None for a format without a fast path, whose figures are left to the
    general code (so that its errors come in the same order as before)."""
    k = cb.kinfo
    if k is None:
        # a CB of other tile dims (set_tile_dims) takes the general paths, which unpack / pack its pages through
        # tensix.kernel.tile_shape
        fast = _FAST.get(_fmt_name(cb.fmt)) if cb.tile is None else None
        k = cb.kinfo = ((fast, _tsize(cb.fmt), _unpack_cost(cb), _pack_cost(cb)) if fast is not None
                        else (None, None, None, None))
    return k


# ---- init calls ---------------------------------------------------------------------------------------------
# Every init costs the same on the three TRISCs. What each one programs (tensix.kernel.hwconfig; tt-metal
# compute_kernel_api over tt-llk, Wormhole B0):
#   compute_kernel_hw_startup(a, [b,] out)   formats: SrcA a, SrcB b (a if omitted), packer out
#   (every init that configures the packer with a CB, not pack_reconfig_data_format, clears the edge mask)
#   init_sfpu(in, out)                       copy (unpack A, A2D datacopy); SrcA = SrcB = in; packer out
#   copy_tile_init(in) / copy_tile_to_dst_init_short(in)                  copy
#   copy_tile_to_dst_init_short_with_dt(old, new)                         copy; SrcA new
#   binary_op_init_common(a, b, out)         unpack AB (no math op); SrcA a, SrcB b; packer out
#   add/sub/mul_tiles_init(a, b), *_bcast_*_init_short(a, b)              the op (unpack AB + math)
#   init_bcast[op, bcast](a, b, out)         the op; SrcA a, SrcB b; packer out
#   reduce_init(in, scaler, out, pool, dim)  reduce (pool, dim); the packer's edge mask for dim (hwconfig.PACK_KEEP)
#   reduce_uninit()                          clears that mask
#   mm_init(in0, in1, out, transpose)        matmul; SrcA in1, SrcB in0 (in0 goes to SrcB); packer out
#   mm_init_short / matmul_init(in0, in1, transpose)                      matmul
#   reconfig_data_format[_srca/_srcb], unpack_reconfig_data_format        SrcA / SrcB
#   pack_reconfig_data_format(out)           packer
# SFPU op inits (exp_tile_init, ...) touch none of it (tensix.kernel.hwconfig).


def _init(call, *_, **__):
    th, _ = _cs(call)
    c = th.clocks
    c[0] += _C_INIT
    c[1] += _C_INIT
    c[2] += _C_INIT


class _InitSite:
    """Where an init was called, for the configuration errors that name it ("<call> at <file>:<line>"): the kernel
    frame's code and instruction offset are kept, and the line is looked up only if an error shows it (inits run
    for every block of a matmul; finding a frame's line number scans its code's line table)."""

    __slots__ = ("call", "pos")

    def __init__(self, call, pos):
        self.call = call
        self.pos = pos

    def __str__(self):
        return f"{self.call} at {frame_pos_text(self.pos)}"

    def __format__(self, spec):
        return format(str(self), spec)


def _fmt_of(th, cb_id):
    """A CB's data format as an init reads it: None for a CB that does not exist on the core (the init compiles and
    does no harm on hardware; an op that then needs that format is refused as unconfigured)."""
    cb = th.core.cbs.get(cb_id)
    if cb is None:
        cb = th.core.cbs.get(int(cb_id))
    return None if cb is None else cb.fmt


def _configure(call, *, op=None, unpack=None, src=None, pack=None, pack_mask=hwconfig.KEEP):
    """Charge an init and record what it programs: `src` a (SrcA CB, SrcB CB) pair (None keeps one), `pack` the
    output CB, `pack_mask` the packer's edge mask (a reduce dimension, or None to clear it)."""
    th = _ctx.th
    cs = th.compute
    if cs is None:
        _cs(call)
    if src is not None:
        a, b = src
        old = cs.hw.src
        src = (old[0] if a is None else _fmt_of(th, a), old[1] if b is None else _fmt_of(th, b))
        # a math hw configure / reconfig: the Src zero flag's DEFAULT state (ComputeState.src_flush)
        cs.src_flush = formats.DataFormat.UInt16 not in src
    cs.hw.set(_InitSite(call, current_call_site(th.kernel.source_files)), op=op, unpack=unpack,
              src=hwconfig.KEEP if src is None else src, pack=hwconfig.KEEP if pack is None else _fmt_of(th, pack),
              pack_mask=pack_mask)
    if pack is not None and pack_mask is None:
        # a full packer configure (tt-llk configure_pack: the ReLU field from its relu_config argument, 0, and
        # set_packer_config rewrites the config word holding Pack_L1_Acc) turns both off
        cs.pack_l1_acc = False
        cs.pack_relu = None
    c = th.clocks               # _init, inline
    c[0] += _C_INIT
    c[1] += _C_INIT
    c[2] += _C_INIT


def _refuse_flag(call, name, value):
    if value:
        raise NotModelledError(f"{call}(..., {name}={value!r}) is not modelled (tensix runs it as {name}=0, which "
                               f"would be wrong data); use {name}=0.")


class SrcOrder(enum.Enum):
    """tt-metal's SrcOrder (compute_kernel_hw_startup.h): Regular puts icb0 in SrcA and icb1 in SrcB; Reverse (the
    matmul order: in0 feeds SrcB, in1 SrcA) swaps them."""
    Regular = 0
    Reverse = 1


class _HwStartup:
    """compute_kernel_hw_startup(icb0, icb1, ocb) or (icb0, ocb): the unpacker's and packer's formats only;
    ``compute_kernel_hw_startup[SrcOrder.Reverse](in0, in1, out)`` is C++'s
    ``compute_kernel_hw_startup<SrcOrder::Reverse>``: in1 to SrcA, in0 to SrcB (tt-metal compute_kernel_hw_startup.h)."""

    __slots__ = ()
    __name__ = __qualname__ = "compute_kernel_hw_startup"

    def __getitem__(self, src_order):
        if isinstance(src_order, tuple):
            src_order = src_order[0]
        reverse = SrcOrder(src_order) == SrcOrder.Reverse

        def startup(icb0, icb1, ocb=None):
            if ocb is None:
                icb1, ocb = icb0, icb1
            _configure("compute_kernel_hw_startup", src=(icb1, icb0) if reverse else (icb0, icb1), pack=ocb,
                       pack_mask=None)
        return startup

    def __call__(self, icb0, icb1, ocb=None):
        self[SrcOrder.Regular](icb0, icb1, ocb)


compute_kernel_hw_startup = _HwStartup()


def init_sfpu(icb, ocb):
    """init_sfpu(icb, ocb) (unary_op_init_common): formats from icb / ocb, and copy_tile's unpack and datacopy; then
    622c6fb9's UNARY_PRESERVE: the Src zero flag disabled, so copy_tile keeps a bf16 -0.0 and denormals."""
    _configure("init_sfpu", op=hwconfig.COPY, src=(icb, icb), pack=ocb, pack_mask=None)
    _ctx.th.compute.src_flush = False


def copy_tile_to_dst_init_short(cbid=0, transpose=0, transpose_within_16x16_face=0):
    """copy_tile_to_dst_init_short(cbid, transpose=0, transpose_within_16x16_face=0): copy_tile's unpack A and A2D
    datacopy (formats unchanged). transpose_within_16x16_face (tt-llk _llk_unpack_A_init_: THCON_SEC0 Haloize_mode,
    ISA UNPACR_Regular.md: the unpacker swaps the low 4 bits of the SrcA row with the column) makes the following
    copy_tile calls write each face of the tile transposed, until another unpack init rewrites Haloize_mode (all
    do); compute_kernel_lib::reduce's running-max reload uses it. The face-order transpose (transpose) is
    refused."""
    call = "copy_tile_to_dst_init_short"
    _refuse_flag(call, "transpose", transpose)
    _configure(call, op=hwconfig.COPY)
    if transpose_within_16x16_face:
        th, cs = _cs(call)
        cs.hw.set(_InitSite(call, current_call_site(th.kernel.source_files)), unpack=hwconfig.COPY_WITHIN_FACE)


def copy_tile_init(cbid=0):
    """copy_tile_init(cbid): copy_tile's unpack A and A2D datacopy (formats unchanged)."""
    _configure("copy_tile_init", op=hwconfig.COPY)


def copy_tile_to_dst_init_short_with_dt(old_cbid, new_cbid, transpose=0):
    """copy_tile's configuration, and the SrcA format from new_cbid."""
    _refuse_flag("copy_tile_to_dst_init_short_with_dt", "transpose", transpose)
    _configure("copy_tile_to_dst_init_short_with_dt", op=hwconfig.COPY, src=(new_cbid, None))


def binary_op_init_common(icb0, icb1, ocb):
    """Formats (SrcA icb0, SrcB icb1, packer ocb) and the two-operand unpack; the math op comes from the op's own
    init (add_tiles_init, ...)."""
    _configure("binary_op_init_common", unpack=hwconfig.UNPACK_AB, src=(icb0, icb1), pack=ocb,
               pack_mask=None)


def _binary_init(op, bcast, call):
    def init(icb0=None, icb1=None, acc_to_dest=False):
        _refuse_flag(call, "acc_to_dest", acc_to_dest)
        _configure(call, op=hwconfig.binary(op, bcast))
    init.__name__ = init.__qualname__ = call
    init.__doc__ = f"{call}(icb0, icb1): programs the unpacker and the math thread for {op}_tiles" + (
        f"_bcast<{bcast.upper()}>" if bcast else "") + "."
    return init


add_tiles_init = _binary_init("add", None, "add_tiles_init")
sub_tiles_init = _binary_init("sub", None, "sub_tiles_init")
mul_tiles_init = _binary_init("mul", None, "mul_tiles_init")
mul_tiles_init_f = _binary_init("mul", None, "mul_tiles_init_f")
add_bcast_rows_init_short = _binary_init("add", "row", "add_bcast_rows_init_short")
add_bcast_cols_init_short = _binary_init("add", "col", "add_bcast_cols_init_short")
add_bcast_scalar_init_short = _binary_init("add", "scalar", "add_bcast_scalar_init_short")
sub_bcast_cols_init_short = _binary_init("sub", "col", "sub_bcast_cols_init_short")
sub_bcast_rows_init_short = _binary_init("sub", "row", "sub_bcast_rows_init_short")
mul_bcast_rows_init_short = _binary_init("mul", "row", "mul_bcast_rows_init_short")
mul_bcast_cols_init_short = _binary_init("mul", "col", "mul_bcast_cols_init_short")
mul_tiles_bcast_scalar_init_short = _binary_init("mul", "scalar", "mul_tiles_bcast_scalar_init_short")
sub_tiles_bcast_scalar_init_short = _binary_init("sub", "scalar", "sub_tiles_bcast_scalar_init_short")


class EltwiseBinaryType(enum.Enum):
    """tt-metal's EltwiseBinaryType (the first template parameter of init_bcast / any_tiles_bcast)."""
    ELWMUL = "mul"
    ELWADD = "add"
    ELWSUB = "sub"


class _InitBcast:
    """`init_bcast[EltwiseBinaryType.ELWADD, BroadcastType.ROW](cb0, cb1, ocb)` for C++'s
    init_bcast<ELWADD, ROW>(cb0, cb1, ocb): the formats of the three CBs and the op with its broadcast."""

    __name__ = "init_bcast"

    def __getitem__(self, targs):
        op, bcast = targs
        op = EltwiseBinaryType(op).value
        bcast = BroadcastType(bcast).value     # refuse a wrong template argument here, as the C++ compiler would

        def init(icb0, icb1, ocb):
            _configure("init_bcast", op=hwconfig.binary(op, None if bcast == "none" else bcast), src=(icb0, icb1),
                       pack=ocb, pack_mask=None)
        return init

    def __call__(self, *a):
        from tensix.device.errors import KernelError
        raise KernelError("init_bcast needs its template arguments, as in C++ (init_bcast<ELWADD, ROW>): write "
                          "init_bcast[EltwiseBinaryType.ELWADD, BroadcastType.ROW](in0_cb, in1_cb, out_cb).")


init_bcast = _InitBcast()


def _mm_init(call, transpose, fmt_cbs=None, dims=(1, 1, 1)):
    """Record the matmul transpose and block shape configured by an init call. On Wormhole the in1 transpose is
    set up at init time: the unpacker's Haloize_mode (tt-llk ``_llk_unpack_AB_matmul_init_``) and the math address
    modifiers (``_llk_math_matmul_init_``); ``_llk_math_matmul_`` itself ignores a transpose flag. The block shape
    (ct_dim, rt_dim, kt_dim) programs the unpack and math MOPs (``matmul_configure_mop``: which operand is reused,
    the source clears) and kt_dim the unpacker's tile stride."""
    _, cs = _cs(call)
    cs.mm_transpose = bool(transpose)
    cs.mm_dims = tuple(int(d) for d in dims)
    if fmt_cbs is None:
        _configure(call, op=hwconfig.MATMUL)
    else:
        in0, in1, out = fmt_cbs
        _configure(call, op=hwconfig.MATMUL, src=(in1, in0), pack=out, pack_mask=None)


def mm_init(in0_cb_id, in1_cb_id, out_cb_id, transpose=0):
    """mm_init(in0_cb_id, in1_cb_id, out_cb_id, transpose=0) (tt-metal compute_kernel_api/matmul.h): formats
    (in1 to SrcA, in0 to SrcB, the packer from out) and the matmul unpack and math."""
    _mm_init("mm_init", transpose, (in0_cb_id, in1_cb_id, out_cb_id))


def mm_init_short(in0_cb_id=None, in1_cb_id=None, transpose=0):
    """mm_init_short(in0_cb_id, in1_cb_id, transpose=0) (tt-metal compute_kernel_api/matmul.h)."""
    _mm_init("mm_init_short", transpose)


def matmul_init(in0_cb_id=None, in1_cb_id=None, transpose=0):
    """matmul_init(in0_cb_id, in1_cb_id, transpose=0): the newer tt-metal name of mm_init_short
    (tt_metal/hw/inc/api/compute/matmul.h)."""
    _mm_init("matmul_init", transpose)


def mm_init_short_with_dt(in0_cb_id, in1_cb_id, c_in_old_srca, transpose=0):
    """mm_init_short_with_dt(in0, in1, old_srca, transpose): reconfig_data_format_srca(old_srca, in1), then
    matmul_init (tt-metal matmul.h)."""
    reconfig_data_format_srca(c_in_old_srca, in1_cb_id)
    _mm_init("mm_init_short_with_dt", transpose)


def matmul_block_init(in0_cb_id=None, in1_cb_id=None, transpose=0, ct_dim=1, rt_dim=1, kt_dim=1):
    """matmul_block_init(in0, in1, transpose=0, ct_dim=1, rt_dim=1, kt_dim=1) (tt-metal matmul.h): the matmul unpack
    and math MOPs for blocks of rt_dim x ct_dim output tiles over kt_dim (formats as they are: in0 feeds SrcB, in1
    SrcA, configured by compute_kernel_hw_startup[SrcOrder.Reverse])."""
    _mm_init("matmul_block_init", transpose, dims=(ct_dim, rt_dim, kt_dim))


def mm_block_init(in0_cb_id, in1_cb_id, out_cb_id, transpose=0, ct_dim=1, rt_dim=1, kt_dim=1):
    """mm_block_init(in0, in1, out, transpose=0, ct_dim=1, rt_dim=1, kt_dim=1) (tt-metal matmul.h, deprecated there):
    formats (in1 to SrcA, in0 to SrcB, the packer from out) and matmul_block's MOPs."""
    _mm_init("mm_block_init", transpose, (in0_cb_id, in1_cb_id, out_cb_id), (ct_dim, rt_dim, kt_dim))


def mm_block_init_short(in0_cb_id=None, in1_cb_id=None, transpose=0, ct_dim=1, rt_dim=1, kt_dim=1):
    """The older name of matmul_block_init (tt-metal matmul.h)."""
    _mm_init("mm_block_init_short", transpose, dims=(ct_dim, rt_dim, kt_dim))


def mm_block_init_short_with_dt(in0_cb_id, in1_cb_id, old_in1_cb_id, transpose=0, ct_dim=1, rt_dim=1, kt_dim=1):
    """reconfig_data_format_srca(old_in1, in1), then matmul_block_init (tt-metal matmul.h)."""
    reconfig_data_format_srca(old_in1_cb_id, in1_cb_id)
    _mm_init("mm_block_init_short_with_dt", transpose, dims=(ct_dim, rt_dim, kt_dim))


def mm_block_init_short_with_both_dt(in0_cb_id, in1_cb_id, old_in0_cb_id, old_in1_cb_id, transpose=0, ct_dim=1,
                                     rt_dim=1, kt_dim=1):
    """reconfig_data_format(old_in1, in1, old_in0, in0), then matmul_block_init (tt-metal matmul.h)."""
    reconfig_data_format(old_in1_cb_id, in1_cb_id, old_in0_cb_id, in0_cb_id)
    _mm_init("mm_block_init_short_with_both_dt", transpose, dims=(ct_dim, rt_dim, kt_dim))


def _new_of(args, call, n_new):
    """The new CB(s) of a reconfig call: (new...) or (old..., new...) interleaved as tt-metal's overloads."""
    if len(args) == n_new:
        return args
    if len(args) == 2 * n_new:
        return args[1::2]
    from tensix.device.errors import KernelError
    raise KernelError(f"{call} takes {n_new} CB(s) (the new ones) or {2 * n_new} (old, new{' pairs' if n_new > 1 else ''}), "
                      f"not {len(args)}.")


def pack_reconfig_data_format(*args):
    """pack_reconfig_data_format(new_cb) or (old_cb, new_cb): the packer writes new_cb's format from now on."""
    (new,) = _new_of(args, "pack_reconfig_data_format", 1)
    _configure("pack_reconfig_data_format", pack=new)


def reconfig_data_format(*args):
    """reconfig_data_format(srca_new, srcb_new) or (srca_old, srca_new, srcb_old, srcb_new)."""
    _configure("reconfig_data_format", src=tuple(_new_of(args, "reconfig_data_format", 2)))


def unpack_reconfig_data_format(*args):
    """The older name of reconfig_data_format."""
    _configure("unpack_reconfig_data_format", src=tuple(_new_of(args, "unpack_reconfig_data_format", 2)))


def reconfig_data_format_srca(*args):
    """reconfig_data_format_srca(new) or (old, new): the SrcA format."""
    (new,) = _new_of(args, "reconfig_data_format_srca", 1)
    _configure("reconfig_data_format_srca", src=(new, None))


def reconfig_data_format_srcb(*args):
    """reconfig_data_format_srcb(new) or (old, new): the SrcB format."""
    (new,) = _new_of(args, "reconfig_data_format_srcb", 1)
    _configure("reconfig_data_format_srcb", src=(None, new))


def reduce_init(icb=None, icb_scaler=None, ocb=None, pool=None, dim=None):
    """reduce_init<pool, dim>(icb, icb_scaler, ocb): the reduce unpack and GAPOOL/GMPOOL math for that pool type
    and dimension (the template arguments are the keywords pool= and dim=)."""
    if pool is None or dim is None:
        raise NotModelledError("reduce_init without PoolType/ReduceDim: pass pool= and dim= (the C++ template "
                               "arguments; the REDUCE_OP/REDUCE_DIM defines are not read).")
    pool, dim = PoolType(pool), ReduceDim(dim)
    _configure("reduce_init", op=hwconfig.reduce(pool.value, dim.value), pack_mask=dim.value)


def reduce_uninit(*a):
    """reduce_uninit(): clears the packer's edge mask that reduce_init set (tt-llk _llk_pack_reduce_mask_clear_);
    until then every pack_tile keeps only the reduce result's datums (hwconfig.PACK_KEEP)."""
    _configure("reduce_uninit", pack_mask=None)


# ---- Dst ownership ---------------------------------------------------------------------------------------
def tile_regs_acquire():
    th = _ctx.th
    cs = th.compute
    if cs is None:
        _cs("tile_regs_acquire")
    if cs.math_open:
        raise TileRegsError(f"tile_regs_acquire on core {th.core.logical} at {th.source_line_now()}: Dst is already "
                            "acquired by math.\nFix: tile_regs_commit() before acquiring again.")
    if cs.n_acq - cs.n_rel >= cs.nbuf:
        raise TileRegsError(
            f"tile_regs_acquire on core {th.core.logical} at {th.source_line_now()}: all {cs.nbuf} Dst half/halves "
            "are still held by the packer, which only releases them later in this kernel; the math thread would "
            "wait forever (hang).\nFix: tile_regs_wait / pack_tile / tile_regs_release the previous section first.")
    th.clocks[_MATH] += _C_SYNC
    if cs.n_acq >= cs.nbuf:
        t = cs.release_times[cs.n_acq - cs.nbuf]
        if t > th.clocks[_MATH]:
            th.idle[_MATH] += t - th.clocks[_MATH]
            th.clocks[_MATH] = t
    cs.n_acq += 1
    cs.math_open = True


def tile_regs_commit():
    th = _ctx.th
    cs = th.compute
    if cs is None:
        _cs("tile_regs_commit")
    if not cs.math_open:
        cs.need_math("tile_regs_commit")
    th.clocks[_MATH] += _C_SYNC
    cs.commit_times.append(th.clocks[_MATH])
    cs.math_open = False


def tile_regs_wait():
    th = _ctx.th
    cs = th.compute
    if cs is None:
        _cs("tile_regs_wait")
    if cs.pack_open:
        raise TileRegsError(f"tile_regs_wait on core {th.core.logical} at {th.source_line_now()}: the packer already "
                            "holds a Dst section.\nFix: tile_regs_release() first.")
    if cs.n_rel >= len(cs.commit_times):
        raise TileRegsError(
            f"tile_regs_wait on core {th.core.logical} at {th.source_line_now()}: no committed Dst section to wait "
            "for; the packer would wait forever (hang).\nFix: tile_regs_commit() after the math before tile_regs_wait().")
    th.clocks[_PACK] += _C_SYNC
    t = cs.commit_times[cs.n_rel]
    if t > th.clocks[_PACK]:
        th.idle[_PACK] += t - th.clocks[_PACK]
        th.clocks[_PACK] = t
    cs.pack_open = True


def tile_regs_release():
    th = _ctx.th
    cs = th.compute
    if cs is None:
        _cs("tile_regs_release")
    if not cs.pack_open:
        raise TileRegsError(f"tile_regs_release on core {th.core.logical} at {th.source_line_now()}: the packer holds "
                            "no Dst section.\nFix: tile_regs_wait() before packing and releasing.")
    if cs.sfpu_pending:
        _settle_sfpu(th)
    th.clocks[_PACK] += _C_SYNC
    h = cs.n_rel % cs.nbuf
    cs.defined[h].clear()
    cs.reduced[h].clear()
    w = cs.written[h]
    if w is None:               # a general op had the whole half
        cs.dst[h].fill(0)
        cs.written[h] = set()
        cs.stale[h].clear()
    else:                       # the tiles written since the last release read as zero from now on (clear_stale)
        cs.stale[h] |= w
        w.clear()
    cs.release_times.append(th.clocks[_PACK])
    cs.n_rel += 1
    cs.pack_open = False


def acquire_dst(mode=None):
    th, cs = _cs("acquire_dst")
    tile_regs_acquire()
    cs.legacy = True


def release_dst(mode=None):
    th, cs = _cs("release_dst")
    tile_regs_commit()
    if not cs.pack_open:
        tile_regs_wait()
    tile_regs_release()
    cs.legacy = False


# ---- data ops ---------------------------------------------------------------------------------------------
def copy_tile(in_cb_id, in_tile_index, dst_tile_index):
    # fast path (a compiled format, int indices, nothing to diagnose): the same numerics and costs as below, and
    # only the tile written is recorded (so the release marks just that tile stale)
    th = _ctx.th
    cs = th.compute
    if cs is not None and cs.pending_halves >> ((cs.n_acq - 1) % cs.nbuf) & 1:
        _settle_sfpu(th)        # SFPU calls queued on the half it writes (calls on the other half go on meanwhile)
    if cs is not None and cs.math_open and dst_tile_index.__class__ is int and 0 <= dst_tile_index < cs.capacity:
        cb = th.core.cbs.get(in_cb_id)
        if (cb is not None and in_tile_index.__class__ is int and 0 <= in_tile_index < cb.visible
                and cb.fmt is cs.hw.copy_fmt):
            k = cb.kinfo or _kinfo(cb)
            f = k[0]
            # UnpackToDestFp32 only changes 32-bit formats (formats.copy_tile_to_dest): a Float16_b CB in that mode
            # still goes through SrcA
            exact = f and cb.index in cs.unpack_to_dest
            if f is not None and (not exact or cs.fp32):
                addr = cb.rd_ptr + in_tile_index * cb.page_size     # cb.front_addr, inline
                if addr >= cb.limit:
                    addr -= cb.size
                h = cs.overwrite(dst_tile_index, k[2], _C_COPY)
                if exact:
                    cs.fast.copy_exact32(th.core.l1, addr, cs.dst, h, dst_tile_index)
                else:
                    cs.fast.copy_to_dst(th.core.l1, addr, f, cs.fp32, cs.dst, h, dst_tile_index, cs.src_flush)
                return
    _copy_tile(in_cb_id, in_tile_index, dst_tile_index)


def _copy_tile(in_cb_id, in_tile_index, dst_tile_index):
    th, cs = _cs("copy_tile")
    dst = cs.need_math("copy_tile")
    cs.check_dst(dst_tile_index, "copy_tile")
    cs.write_whole(dst_tile_index)
    cb = _cb(th, in_cb_id, "copy_tile")
    within = cs.hw.unpack == hwconfig.COPY_WITHIN_FACE
    cs.hw.check_op(hwconfig.COPY, "copy_tile", _where(th), ((cb, "SrcA"),),
                   unpack=hwconfig.COPY_WITHIN_FACE if within else None)
    raw = cs.tile_bytes(cb, in_tile_index, "copy_tile")
    to_dest = cb.index in cs.unpack_to_dest
    if within and (to_dest and cb.fmt in (formats.DataFormat.Float32, *_INT32_FORMATS)):
        raise NotModelledError(
            f"copy_tile on core {th.core.logical} at {th.source_line_now()}: CB {cb.index} ({cb.fmt.name}) unpacks "
            "straight to Dst, where the unpacker's within-face transpose (Haloize_mode, a SrcA write mode) does not "
            "apply; what Wormhole then writes is not modelled.\nFix: copy_tile_to_dst_init_short(cb) without "
            "transpose_within_16x16_face, or a CB that goes through SrcA (no UnpackToDestFp32 for it).")
    bits = formats.copy_tile_to_dest(raw, cb.fmt, fp32_dest=cs.fp32, unpack_to_dest_fp32=to_dest, flush=cs.src_flush,
                                     dst_old=(_face_t(dst[dst_tile_index]) if within else dst[dst_tile_index]))
    if within:      # each 16x16 face transposed in place: [face row, row, face col, col] -> [.., col, .., row]
        bits = _face_t(bits)
    dst[dst_tile_index] = bits
    cs.unpack_math(_unpack_cost(cb), _C_COPY)


def _face_t(tile):
    """Each 16x16 face of a 32x32 tile transposed in place (an involution): the unpacker's within-face transpose.
    copy_tile applies it to the unpacked tile, and to the Dst tile a UInt16 copy into a 32-bit Dst keeps the high
    halves of (formats.copy_tile_to_dest dst_old), so they stay where they were."""
    return np.ascontiguousarray(tile.reshape(2, 16, 2, 16).transpose(0, 3, 2, 1).reshape(32, 32))


def _add_sub(op: str):
    """add_tiles (op "add") or sub_tiles: the fast path runs in the API call's own frame (it runs for every tile
    of a binary op) when both CBs have a compiled format and nothing needs a diagnostic: the same numerics
    (_fast.eltwise), costs and checks as _binary, which handles everything else."""
    opcode = 0 if op == "add" else 1
    call = f"{op}_tiles"

    def tiles(in0_cb_id, in1_cb_id, itile0, itile1, idst):
        th = _ctx.th
        cs = th.compute
        if cs is not None and cs.pending_halves >> ((cs.n_acq - 1) % cs.nbuf) & 1:
            _settle_sfpu(th)    # as copy_tile: SFPU calls queued on the half it writes
        if (cs is not None and cs.math_open and idst.__class__ is int and 0 <= idst < cs.capacity
                and itile0.__class__ is int and itile1.__class__ is int):
            cbs = th.core.cbs
            ca = cbs.get(in0_cb_id)
            cb = cbs.get(in1_cb_id)
            ready = cs.hw.binary   # (op, SrcA format, SrcB format) when an add / sub / mul may run
            if (ca is not None and cb is not None and ready is not None and ready[0] == op and ca.fmt is ready[1]
                    and cb.fmt is ready[2]):
                ka = ca.kinfo or _kinfo(ca)
                kb = cb.kinfo or _kinfo(cb)
                if ka[0] is not None and kb[0] is not None and 0 <= itile0 < ca.visible and 0 <= itile1 < cb.visible:
                    aa = ca.rd_ptr + itile0 * ca.page_size      # front_addr, inline
                    if aa >= ca.limit:
                        aa -= ca.size
                    ab = cb.rd_ptr + itile1 * cb.page_size
                    if ab >= cb.limit:
                        ab -= cb.size
                    l1 = th.core.l1
                    h = cs.overwrite(idst, ka[2] + kb[2], _C_ELT * (2 if cs.fp32 else 1))
                    if ka[0] or kb[0] or not cs.fast.eltwise_bf16(l1, aa, ab, opcode, cs.fp32, cs.dst, h, idst):
                        _fast.eltwise(l1[aa:aa + ka[1]], l1[ab:ab + kb[1]], ka[0], kb[0], opcode, cs.fp32,
                                      cs.dst[h][idst])
                    return
        _binary(op, None, in0_cb_id, in1_cb_id, itile0, itile1, idst, call)

    tiles.__name__ = tiles.__qualname__ = call
    tiles.__doc__ = (f"{call}(in0_cb_id, in1_cb_id, itile0, itile1, idst): Dst tile idst = tile itile0 of CB in0 "
                     f"{'+' if opcode == 0 else '-'} tile itile1 of CB in1, through SrcA/SrcB and the FPU "
                     "(both tiles waited for with cb_wait_front, Dst acquired).")
    return tiles


_ELT_KIND = {"add": 0, "sub": 1, "mul": 2}
_BCAST_CODE = {None: 0, "row": 1, "col": 2, "scalar": 3}


def _binary(op, bcast, cb_a, cb_b, ia, ib, idst, call):
    th, cs = _cs(call)
    dst = cs.need_math(call)
    cs.check_dst(idst, call)
    cs.write_whole(idst)
    ca = _cb(th, cb_a, call)
    cb = _cb(th, cb_b, call)
    cs.hw.check_op(hwconfig.binary(op, bcast), call, _where(th), ((ca, "SrcA"), (cb, "SrcB")))
    fa = _FAST.get(_fmt_name(ca.fmt))
    fb = _FAST.get(_fmt_name(cb.fmt))
    if fa is not None and fb is not None:
        if bcast is None and op != "mul":
            _fast.eltwise(cs.tile_bytes(ca, ia, call), cs.tile_bytes(cb, ib, call), fa, fb, 0 if op == "add" else 1,
                          cs.fp32, dst[idst])
        else:
            _fast.eltwise_any(cs.tile_bytes(ca, ia, call), cs.tile_bytes(cb, ib, call), fa, fb, _ELT_KIND[op],
                              _BCAST_CODE[bcast], fpu.num_fidelity_phases(cs.fidelity), cs.fp32, dst[idst])
        cs.unpack_math(_unpack_cost(ca) + _unpack_cost(cb), _C_ELT * (2 if cs.fp32 else 1))
        return
    a = formats.unpack_to_src(cs.tile_bytes(ca, ia, call), ca.fmt, fp32_dest=cs.fp32)
    b = formats.unpack_to_src(cs.tile_bytes(cb, ib, call), cb.fmt, fp32_dest=cs.fp32)
    dst[idst] = fpu.eltwise_binary(op, a, b, bcast, cs.fidelity, cs.fp32)
    cs.unpack_math(_unpack_cost(ca) + _unpack_cost(cb), _C_ELT * (2 if cs.fp32 else 1))


add_tiles = _add_sub("add")
sub_tiles = _add_sub("sub")


def mul_tiles(in0_cb_id, in1_cb_id, itile0, itile1, idst):
    _binary("mul", None, in0_cb_id, in1_cb_id, itile0, itile1, idst, "mul_tiles")


def _mk_bcast(op, bc):
    def f(in0_cb_id, in1_cb_id, itile0, itile1, idst):
        _binary(op, bc, in0_cb_id, in1_cb_id, itile0, itile1, idst, f"{op}_tiles_bcast_{bc}")
    f.__name__ = f"{op}_tiles_bcast_{bc}"
    return f


add_tiles_bcast_rows = _mk_bcast("add", "row")
add_tiles_bcast_cols = _mk_bcast("add", "col")
add_tiles_bcast_scalar = _mk_bcast("add", "scalar")
sub_tiles_bcast_rows = _mk_bcast("sub", "row")
sub_tiles_bcast_cols = _mk_bcast("sub", "col")
sub_tiles_bcast_scalar = _mk_bcast("sub", "scalar")
mul_tiles_bcast_rows = _mk_bcast("mul", "row")
mul_tiles_bcast_cols = _mk_bcast("mul", "col")
mul_tiles_bcast_scalar = _mk_bcast("mul", "scalar")


class _BcastTemplate:
    """`mul_tiles_bcast[BroadcastType.COL](cb0, cb1, i0, i1, idst)` for C++'s mul_tiles_bcast<BroadcastType::COL>."""

    def __init__(self, op):
        self.op = op

    def __getitem__(self, bcast):
        return _mk_bcast(self.op, BroadcastType(bcast).value)

    def __call__(self, bcast, *args):
        return self[bcast](*args)


add_tiles_bcast = _BcastTemplate("add")
sub_tiles_bcast = _BcastTemplate("sub")
mul_tiles_bcast = _BcastTemplate("mul")


def _src_values(cs, cb, itile, call):
    """formats.unpack_to_src of tile `itile` of CB `cb` (as the unpacker leaves it in SrcA / SrcB for this Dst mode),
    compiled for Float16_b and Float32 CBs (_fast.src_tile: the same bits)."""
    raw = cs.tile_bytes(cb, itile, call)
    f = _FAST.get(_fmt_name(cb.fmt))
    if f is None:
        return formats.unpack_to_src(raw, cb.fmt, fp32_dest=cs.fp32)
    out = np.empty((32, 32), np.uint32)
    _fast.src_tile(raw, f, cs.fp32, out)
    return out.view(np.float32)


def _reduce_row_accumulator(tile):
    """The running result a REDUCE_ROW reduce_tile pools onto, where tensix.device.fpu.reduce reads it (column 0).

    tt-llk ``_llk_math_reduce_`` (REDUCE_ROW): GMPOOL / GAPOOL pool the unpacker-transposed faces 0 and 1 into row 0
    of Dst face 0 (the results of tile rows 0-15) and faces 2 and 3 into row 0 of face 2 (rows 16-31), reading what
    that row holds as the running result; ``reduce_row_perform_transpose`` then writes the transposed row into
    column 0 and the row itself back into row 0 (its second MOVD2B: "for cases of reducing across multiple tiles").
    So after a reduce_tile the two agree, and reduce_tile calls in a row accumulate; a tile copied in from a CB is
    read at row 0, i.e. a running result packed under reduce_init's edge mask (column 0 only) must come back
    through the within-face transposing copy (compute_kernel_lib::reduce's Accumulate reload), one packed without
    the mask (after reduce_uninit) keeps its row 0."""
    acc = np.array(tile, copy=True)
    acc[0:16, 0] = tile[0, 0:16]
    acc[16:32, 0] = tile[16, 0:16]
    return acc


def _reduce_row_result(tile):
    """A REDUCE_ROW result as Wormhole leaves it (see _reduce_row_accumulator): the accumulated row vector in row 0
    of faces 0 and 2, i.e. column 0 transposed within each face. Modifies and returns `tile`."""
    tile[0, 0:16] = tile[0:16, 0]
    tile[16, 0:16] = tile[16:32, 0]
    return tile


def reduce_tile(icb, icb_scaler, itile, itile_scaler, idst, pool=None, dim=None):
    """reduce_tile<PoolType, ReduceDim>: pool/dim from the arguments or the last reduce_init.

    PoolType.AVG is the SUM datapath (GAPOOL) unchanged: tt-llk ``llk_math_reduce.h`` special-cases only MAX,
    and GAPOOL does not divide (ISA GAPOOL.md). The average comes from the scaler tile, which the kernel fills
    with 1/N (REDUCE_ROW / REDUCE_COL) or 1/sqrt(N) (REDUCE_SCALAR applies the scaler twice), as tt-metal's
    reduce_init documentation asks; see tensix.device.fpu.reduce."""
    th, cs = _cs("reduce_tile")
    dst = cs.need_math("reduce_tile")
    cs.check_dst(idst, "reduce_tile")
    h = (cs.n_acq - 1) % cs.nbuf
    fresh = idst not in cs.defined[h]   # nothing written since the packer's release (ZEROACC): GMPOOL reads -inf there
    cs.defined[h].add(idst)
    m = cs.hw.math
    if m is not None and m[0] == "reduce":    # the template arguments default to the init's (its REDUCE_OP/DIM)
        pool = pool or PoolType(m[1])
        dim = dim or ReduceDim(m[2])
    if pool is None or dim is None:
        raise NotModelledError("reduce_tile without PoolType/ReduceDim: pass pool= and dim= (or reduce_init(..., "
                               "pool=PoolType.SUM, dim=ReduceDim.REDUCE_ROW)); the REDUCE_OP/REDUCE_DIM defines are "
                               "not read.")
    ca = _cb(th, icb, "reduce_tile")
    cscl = _cb(th, icb_scaler, "reduce_tile")
    cs.hw.check_op(hwconfig.reduce(PoolType(pool).value, ReduceDim(dim).value), "reduce_tile", _where(th),
                   ((ca, "SrcA"), (cscl, "SrcB")))
    a = _src_values(cs, ca, itile, "reduce_tile")
    s = _src_values(cs, cscl, itile_scaler, "reduce_tile")
    row = ReduceDim(dim) == ReduceDim.REDUCE_ROW
    acc = None if fresh else (_reduce_row_accumulator(dst[idst]) if row else dst[idst])
    out = fpu.reduce(PoolType(pool).value, a, ReduceDim(dim).value, float(s[0, 0]), cs.fidelity, cs.fp32,
                     acc=acc, in_fmt=ca.fmt)
    dst[idst] = _reduce_row_result(out) if row else out
    cs.reduced[h][idst] = (PoolType(pool).value, ReduceDim(dim).value, _where(th))
    cs.unpack_math(_unpack_cost(ca) + _unpack_cost(cscl), _C_RED)


def _mm_transpose(th, cs, transpose):
    """The transpose the hardware applies: the init's (see _mm_init). A flag given to matmul_tiles (the older
    signature) must agree with it: otherwise the kernel would silently compute the other product on Wormhole."""
    if transpose is None:
        return bool(cs.mm_transpose)
    if cs.mm_transpose is None or bool(transpose) == cs.mm_transpose:
        return bool(transpose)
    raise fpu.FpuError(
        f"matmul_tiles(..., transpose={int(bool(transpose))}) on core {th.core.logical} at {th.source_line_now()}: "
        f"the last mm_init / mm_init_short / matmul_init configured transpose={int(cs.mm_transpose)}. On Wormhole the "
        "in1 transpose is configured by the init (unpacker Haloize_mode and the math address modifiers); tt-llk's "
        "math ignores matmul_tiles' flag, so the hardware would compute "
        f"{'in0 @ in1.T' if cs.mm_transpose else 'in0 @ in1'}, not what this call asks for.\n"
        f"Fix: pass transpose={int(bool(transpose))} to mm_init / mm_init_short (or matmul_init) before this call, "
        "or make the two flags agree.")


def _mm_tile_dims(th, call, c0, c1, transpose):
    """The tile dims of a matmul's CBs (tt-llk llk_math_matmul.h matmul_configure_mop, llk_unpack_AB_matmul.h):
    modelled are an in0 of [h, 32] tiles (h = 1, 2, 4, 8, 16, 32) times an in1 of [32, 32] or [32, 16] tiles (both
    K = 32), and a transposed 32x32 in1 (its bytes are a normal tile of the transpose); tile_shape explains the
    numbers and costs. Anything else raises NotModelledError."""
    where = f"{call} on core {th.core.logical} at {th.source_line_now()}"
    t0, t1 = c0.tile, c1.tile
    if t0 is not None and (t0.transpose_within_face or int(t0.tile_shape[1]) != 32):
        raise NotModelledError(
            f"{where}: in0 (CB {c0.index}) holds {'transposed ' if t0.transpose_within_face else ''}"
            f"{list(t0.tile_shape)} tiles; tensix models an in0 of [h, 32] tiles in normal face order only (K = 32 "
            "per tile; tt-metal transposes a transposed in0 in the compute kernel first).\nFix: store in0 in "
            "[h, 32] tiles.")
    if t1 is not None:
        tile_shape.refuse(t1, where)
        if int(t1.tile_shape[0]) != 32:
            raise NotModelledError(
                f"{where}: in1 (CB {c1.index}) holds {list(t1.tile_shape)} tiles; tensix models an in1 of [32, 32] "
                "or [32, 16] tiles (K = 32 per tile) only.\nFix: store in1 in [32, w] tiles.")
        if transpose and int(t1.tile_shape[1]) != 32:
            raise NotModelledError(
                f"{where}: a transposed in1 of {list(t1.tile_shape)} tiles; tt-llk's matmul has no address-modifier "
                "handling for a transposed 32x16 in1 (llk_math_matmul.h), so what the card computes is not "
                "modelled.\nFix: a 32x32 in1 tile for a transposed in1.")


def _mm_queue(call, th, cs, in0_cb_id, in1_cb_id, i0, i1, idst, ct, rt, kt, transpose, fidelity=None):
    """Queue the products of a matmul_tiles / matmul_block call (tensix.kernel.matmul_batch): checks, the CB tiles'
    snapshots, the Dst bookkeeping and the cost, now; the numbers when the kernel next reads this Dst. `fidelity`
    (a MathFidelity name) overrides the kernel's for these products (a helper that runs its MOP at a fixed
    fidelity, as reduce_with_matmul's HiFi4)."""
    fk = cs.fidelity if fidelity is None else fidelity
    if cs.sfpu_pending != cs.mm_pending or (cs.mm_pending and (cs.mm_queued_transpose != transpose
                                                               or cs.mm_queued_fidelity != fk)):
        _settle_sfpu(th)        # SFPU calls (or products of another transpose or fidelity) queued before run first
    cs.mm_queued_transpose = transpose
    cs.mm_queued_fidelity = fk
    if not cs.math_open:
        cs.need_math(call)                  # refuses it: the math thread does not own Dst
    n = ct * rt
    if idst.__class__ is not int or idst < 0 or idst + n > cs.capacity:
        cs.check_dst(idst, call)
        cs.check_dst(idst + n - 1, call)
    cbs = th.core.cbs
    c0 = cbs.get(in0_cb_id) or _cb(th, in0_cb_id, call)
    c1 = cbs.get(in1_cb_id) or _cb(th, in1_cb_id, call)
    if c0.tile is not None or c1.tile is not None:
        _mm_tile_dims(th, call, c0, c1, transpose)
    hw = cs.hw
    if hw.math is not hwconfig.MATMUL or hw.unpack is not hwconfig.MATMUL or hw.src[0] is not c1.fmt \
            or hw.src[1] is not c0.fmt:
        hw.check_op(hwconfig.MATMUL, call, _where(th), ((c1, "SrcA"), (c0, "SrcB")))
    last0 = i0 + (rt - 1) * kt
    last1 = i1 + ct - 1
    if i0.__class__ is not int or i1.__class__ is not int or i0 < 0 or last0 >= c0.visible or i1 < 0 \
            or last1 >= c1.visible:
        for cb, first, last in ((c0, i0, last0), (c1, i1, last1)):
            cs.tile_bytes(cb, first, call)  # raises the diagnostic for a tile that was not waited for
            cs.tile_bytes(cb, last, call)
    h = (cs.n_acq - 1) % cs.nbuf
    tiles = range(idst, idst + n)           # it accumulates: whatever the tile held stays in the sum
    stale = cs.stale[h]
    if stale:
        for t in tiles:
            if t in stale:
                cs.fast.zero_tile(cs.dst, h, t)
                stale.discard(t)
    cs.defined[h].update(tiles)
    written = cs.written[h]
    if written is not None:
        written.update(tiles)
    batch = cs.mm_batch or matmul_batch_of(th)
    cs.mm_batch = batch
    ops = batch.ops
    by_page = ops.by_page
    p0 = c0.popped + i0
    if rt == 1:
        tid = by_page.get((c0, p0))
        a_ids = [tid if tid is not None else ops.tile(c0, p0, c0.front_addr(i0))]
    else:
        a_ids = []
        for r in range(rt):
            tid = by_page.get((c0, p0 + r * kt))
            if tid is None:
                tid = ops.tile(c0, p0 + r * kt, c0.front_addr(i0 + r * kt))
            a_ids.append(tid)
    p1 = c1.popped + i1
    if ct == 1:
        tid = by_page.get((c1, p1))
        b_ids = [tid if tid is not None else ops.tile(c1, p1, c1.front_addr(i1))]
    else:
        b_ids = []
        for c in range(ct):
            tid = by_page.get((c1, p1 + c))
            if tid is None:
                tid = ops.tile(c1, p1 + c, c1.front_addr(i1 + c))
            b_ids.append(tid)
    batch.add(th, cs, h, idst, ct, a_ids, b_ids, transpose, fidelity)
    # unpacks: the reused operand once per block row (column), the other per tile (tt-llk _llk_unpack_AB_matmul_:
    # reuse_a = ct_dim >= rt_dim); math: one MOP per output tile and fidelity phase (_llk_math_matmul_)
    u0 = _UNPACK_COST.get(c0.fmt) if c0.tile is None else None
    u1 = _UNPACK_COST.get(c1.fmt) if c1.tile is None else None
    u0 = u0 or _unpack_cost(c0)
    u1 = u1 or _unpack_cost(c1)
    unpack = rt * u0 + n * u1 if ct >= rt else ct * u1 + n * u0
    math = n * (cs.mm_cycles if fidelity is None else _C_MM * fpu.num_fidelity_phases(fidelity))
    if c0.tile is not None or c1.tile is not None:
        # fewer MVMULs for an in0 of <= 16 rows / an in1 of 16 columns (tile_shape.mvmuls; _C_MM is 16 MVMULs)
        math = -(-math * tile_shape.mvmuls(c0.tile, c1.tile) // 16)
    c = th.clocks               # cs.unpack_math, inline
    c[_UNPACK] += unpack
    start = c[_MATH] if c[_MATH] > c[_UNPACK] else c[_UNPACK]
    th.idle[_MATH] += start - c[_MATH]
    c[_MATH] = start + math


def matmul_tiles(in0_cb_id, in1_cb_id, in0_tile_index, in1_tile_index, idst, transpose=None):
    """matmul_tiles(in0, in1, i0, i1, idst[, transpose]): Dst[idst] += in0 @ in1 (in1.T with transpose).

    in0 goes to SrcB, in1 to SrcA (tt-llk ``llk_unpack_AB_matmul.h``); the transpose is that of the last
    mm_init / mm_init_short / matmul_init (``transpose`` here is the older tt-metal signature's flag and must
    agree with it; without any init it alone decides). Numerics: tensix.device.fpu.matmul, run in batches
    (tensix.kernel.matmul_batch)."""
    th, cs = _cs("matmul_tiles")
    transpose = _mm_transpose(th, cs, transpose)
    dims = cs.mm_dims
    if dims is not None and dims[:2] != (1, 1):
        raise NotModelledError(
            f"matmul_tiles on core {th.core.logical} at {th.source_line_now()} after an init for blocks of "
            f"ct_dim={dims[0]}, rt_dim={dims[1]} (matmul_block_init): the MOPs run that block shape, which tensix "
            "does not model for single tiles.\nFix: call matmul_init / mm_init_short before matmul_tiles.")
    _mm_queue("matmul_tiles", th, cs, in0_cb_id, in1_cb_id, in0_tile_index, in1_tile_index, idst, 1, 1, 1,
              transpose)


def matmul_block(in0_cb_id, in1_cb_id, in0_tile_index, in1_tile_index, idst, transpose, ct_dim, rt_dim, kt_dim):
    """matmul_block(in0, in1, i0, i1, idst, transpose, ct_dim, rt_dim, kt_dim) (tt-metal matmul.h): Dst tiles
    idst + r * ct_dim + c += in0 tile (i0 + r * kt_dim) @ in1 tile (i1 + c) for the rt_dim x ct_dim output block
    (tt-llk ``_llk_unpack_AB_matmul_`` and ``_llk_math_matmul_``: the same MVMUL sequence per output tile as
    matmul_tiles, so the same numbers). The block shape is the one matmul_block_init programmed, or narrower in
    ct_dim (see below); transpose must agree with the init's. Numerics: tensix.device.fpu.matmul per tile, run in batches."""
    th, cs = _cs("matmul_block")
    transpose = _mm_transpose(th, cs, transpose)
    dims = (ct_dim, rt_dim, kt_dim)
    # tt-llk (622c6fb9 llk_math_matmul.h, llk_unpack_AB_matmul.h) programs its MOPs from reuse_a = ct_dim >= rt_dim
    # and t_dim = rt_dim only, and kt_dim into a GPR; the loops over the reused tiles take ct_dim at run time. So a
    # block narrower in ct_dim, with the init's rt_dim and kt_dim and still ct_dim >= rt_dim, runs as on the card
    # (bmm's DRAM-sharded program narrows its last subblock so)
    narrowed = (cs.mm_dims is not None and rt_dim == cs.mm_dims[1] and kt_dim == cs.mm_dims[2]
                and rt_dim <= ct_dim <= cs.mm_dims[0])
    if dims != cs.mm_dims and not narrowed:
        raise NotModelledError(
            f"matmul_block(..., ct_dim={ct_dim}, rt_dim={rt_dim}, kt_dim={kt_dim}) on core {th.core.logical} at "
            f"{th.source_line_now()}: the last matmul init programmed the MOPs for "
            f"{'no block shape' if cs.mm_dims is None else 'ct_dim=%d, rt_dim=%d, kt_dim=%d' % cs.mm_dims}; tensix "
            "models matmul_block only with the block shape of its init (the unpacker strides by the init's kt_dim).\n"
            "Fix: call matmul_block_init(in0, in1, transpose, ct_dim, rt_dim, kt_dim) with these dims first.")
    _mm_queue("matmul_block", th, cs, in0_cb_id, in1_cb_id, in0_tile_index, in1_tile_index, idst, ct_dim, rt_dim,
              kt_dim, transpose)


def copy_block_matmul_partials(in_cb_id, start_in_tile_index, start_dst_tile_index, ntiles):
    """copy_block_matmul_partials(in_cb, start_in, start_dst, ntiles) (tt-metal tile_move_copy.h: llk_unpack_A_block
    and the A2D datacopy of ntiles consecutive tiles): copy_tile of tiles start_in.. into Dst start_dst..

    Fast path (copy_tile's, checked once for the block: every tile of it would take copy_tile's fast path): the same
    numerics, costs and Dst bookkeeping per tile, in one call."""
    th = _ctx.th
    cs = th.compute
    if (cs is not None and ntiles.__class__ is int and start_in_tile_index.__class__ is int
            and start_dst_tile_index.__class__ is int and ntiles > 0):
        if cs.pending_halves >> ((cs.n_acq - 1) % cs.nbuf) & 1:
            _settle_sfpu(th)        # as copy_tile (the copies queue nothing: once for the block)
        cb = th.core.cbs.get(in_cb_id)
        if (cs.math_open and 0 <= start_dst_tile_index and start_dst_tile_index + ntiles <= cs.capacity
                and cb is not None and 0 <= start_in_tile_index and start_in_tile_index + ntiles <= cb.visible
                and cb.fmt is cs.hw.copy_fmt):
            k = cb.kinfo or _kinfo(cb)
            f = k[0]
            exact = f and cb.index in cs.unpack_to_dest     # as copy_tile
            if f is not None and (not exact or cs.fp32):
                # cs.overwrite of each tile (the Dst bookkeeping, then the clocks tile by tile), then the copies
                # in one compiled call
                h = (cs.n_acq - 1) % cs.nbuf
                tiles = range(start_dst_tile_index, start_dst_tile_index + ntiles)
                w = cs.written[h]
                if w is not None:
                    w.update(tiles)
                cs.defined[h].update(tiles)
                stale = cs.stale[h]
                if stale:
                    stale.difference_update(tiles)
                r = cs.reduced[h]
                if r:
                    for t in tiles:
                        r.pop(t, None)
                c = th.clocks
                idle = th.idle
                unpack = k[2]
                for _ in tiles:
                    c[_UNPACK] += unpack
                    start = c[_MATH] if c[_MATH] > c[_UNPACK] else c[_UNPACK]
                    idle[_MATH] += start - c[_MATH]
                    c[_MATH] = start + _C_COPY
                cs.fast.copy_block(th.core.l1, cb.rd_ptr, cb.page_size, cb.limit, cb.size, start_in_tile_index,
                                   bool(exact), f, cs.fp32, cs.dst, h, start_dst_tile_index, ntiles, cs.src_flush)
                return
    for i in range(ntiles):
        copy_tile(in_cb_id, start_in_tile_index + i, start_dst_tile_index + i)


def pack_tile_block(ifrom_dst, icb, ntiles):
    """pack_tile_block(ifrom_dst, icb, ntiles) (tt-metal pack.h: llk_matmul_pack): pack_tile of Dst tiles
    ifrom_dst.. ifrom_dst + ntiles - 1, in order into the reserved pages of icb.

    Fast path (pack_tile's, checked once for the block: every tile of it would take pack_tile's fast path): the same
    numerics, costs and CB tile pointer per tile, in one call."""
    th = _ctx.th
    cs = th.compute
    if cs is not None and ifrom_dst.__class__ is int and ntiles.__class__ is int and ntiles > 0:
        if cs.sfpu_pending:
            _settle_sfpu(th)        # as pack_tile (packs queue nothing: once for the block)
        cb = th.core.cbs.get(icb)
        if (cs.pack_open and 0 <= ifrom_dst and ifrom_dst + ntiles <= cs.capacity and cb is not None
                and cb.wr_tile + ntiles <= cb.reserved and cb.fmt is cs.hw.pack_fast and cs.pack_relu is None
                and not cb.guards):
            k = cb.kinfo or _kinfo(cb)
            h = cs.n_rel % cs.nbuf
            reduced = cs.reduced[h]
            if k[0] is not None and not (reduced and any(t in reduced for t in range(ifrom_dst, ifrom_dst + ntiles))):
                l1 = th.core.l1
                stale = cs.stale[h]
                if not cs.pack_l1_acc:      # the tiles in one compiled call (clearing the stale ones first)
                    if stale:
                        cs.clear_stale(h, range(ifrom_dst, ifrom_dst + ntiles))
                    cs.fast.pack_block(cs.dst, h, ifrom_dst, ntiles, cs.fp32, k[0], l1, cb.wr_ptr, cb.page_size,
                                       cb.limit, cb.size, cb.wr_tile)
                    th.clocks[_PACK] += k[3] * ntiles
                    cb.wr_tile += ntiles
                    return
                for t in range(ifrom_dst, ifrom_dst + ntiles):     # the packer accumulates into L1
                    addr = cb.wr_ptr + cb.wr_tile * cb.page_size     # cb.back_addr, inline
                    if addr >= cb.limit:
                        addr -= cb.size
                    if t in stale:
                        cs.clear_stale(h, (t,))
                    _pack_l1_acc_fast(cs, h, t, k, l1, addr)
                    th.clocks[_PACK] += k[3]
                    cb.wr_tile += 1
                return
    for i in range(ntiles):
        pack_tile(ifrom_dst + i, icb)


def llk_pack_reconfig_l1_acc(enable):
    """llk_pack_reconfig_l1_acc(enable) (tt-llk ``_llk_pack_reconfig_l1_acc_``: Pack_L1_Acc of all packers): while
    on, pack_tile adds each datum to what its L1 destination holds instead of overwriting it
    (tensix.device.fpu.pack_l1_accumulate). A full packer configure (compute_kernel_hw_startup, mm_init, ...) turns
    it off; pack_reconfig_data_format keeps it."""
    th, cs = _cs("llk_pack_reconfig_l1_acc")
    cs.pack_l1_acc = bool(enable)
    th.advance(_C_INIT, _PACK)


pack_reconfig_l1_acc = llk_pack_reconfig_l1_acc


class ReluType(enum.Enum):
    """tt-llk's packer ReLU modes (STACC_RELU_ApplyRelu)."""
    NO_RELU = 0
    ZERO_RELU = 1
    MIN_THRESHOLD_RELU = 2
    MAX_THRESHOLD_RELU = 3


class ReluConfig:
    """tt-llk's ReluConfig: ``ReluConfig.none()``, ``ReluConfig.zero()`` (what ttnn's matmul uses for a fused ReLU),
    or a threshold mode."""

    __slots__ = ("mode", "threshold")

    def __init__(self, mode=ReluType.NO_RELU, threshold=0):
        self.mode = ReluType(mode)
        self.threshold = int(threshold)

    @classmethod
    def none(cls):
        return cls(ReluType.NO_RELU)

    @classmethod
    def zero(cls):
        return cls(ReluType.ZERO_RELU)

    def get_mode(self):
        return self.mode

    def get_threshold(self):
        return self.threshold


def llk_pack_relu_config(relu_config):
    """llk_pack_relu_config(ReluConfig) (tt-llk ``_llk_pack_relu_config_``: STACC_RELU): the packer's ReLU stage for
    the following packs (ISA Packers/ReLU.md). ZERO_RELU writes x <= 0 as 0; the threshold modes are refused when a
    pack uses them (not modelled)."""
    th, cs = _cs("llk_pack_relu_config")
    if not isinstance(relu_config, ReluConfig):
        relu_config = ReluConfig(relu_config)
    cs.pack_relu = None if relu_config.mode == ReluType.NO_RELU else relu_config
    th.advance(_C_INIT, _PACK)


class _PackTile:
    """pack_tile(ifrom_dst, icb[, output_tile_index]) and pack_tile[out_of_order_output](...), as tt-metal's
    ``pack_tile<out_of_order_output = false>`` (compute_kernel_api/pack.h over tt-metal llk_pack_common_api.h
    ``get_output_tile_address``):

    - in order (the default): each call writes the next page of the reserved region, at fifo_wr_ptr +
      fifo_wr_tile_ptr, and advances fifo_wr_tile_ptr by a page; cb_push_back resets it (llk_push_tiles).
      ``output_tile_index`` is ignored, as on the card.
    - ``pack_tile[True](ifrom_dst, icb, k)``: out of order, page k of the reserved region; the tile pointer does
      not move.
    Packing past the reserved pages is refused (on hardware it overwrites pages the consumer has not read)."""

    __slots__ = ()
    __name__ = __qualname__ = "pack_tile"

    def __getitem__(self, out_of_order_output):
        if isinstance(out_of_order_output, tuple):
            out_of_order_output = out_of_order_output[0]
        if not out_of_order_output:
            return self
        return _pack_out_of_order

    def __call__(self, ifrom_dst, icb, output_tile_index=0):
        # fast path: tile_regs_wait section, fast-path format, int indices, nothing to diagnose; same numerics and
        # costs as _pack_tile
        th = _ctx.th
        cs = th.compute
        if cs is not None and cs.sfpu_pending:
            _settle_sfpu(th)
        if (cs is not None and cs.pack_open and ifrom_dst.__class__ is int and 0 <= ifrom_dst < cs.capacity
                and output_tile_index.__class__ is int):
            cb = th.core.cbs.get(icb)
            if (cb is not None and cb.wr_tile < cb.reserved and cb.fmt is cs.hw.pack_fast
                    and cs.pack_relu is None and not cb.guards):
                k = cb.kinfo or _kinfo(cb)
                if k[0] is not None:
                    h = cs.n_rel % cs.nbuf
                    if ifrom_dst not in cs.reduced[h]:   # a reduce result's scratch datums: see _pack_tile
                        addr = cb.wr_ptr + cb.wr_tile * cb.page_size     # cb.back_addr, inline
                        if addr >= cb.limit:
                            addr -= cb.size
                        if ifrom_dst in cs.stale[h]:
                            cs.clear_stale(h, (ifrom_dst,))
                        if cs.pack_l1_acc:      # the packer adds into L1 (same numbers as _pack_tile's path)
                            _pack_l1_acc_fast(cs, h, ifrom_dst, k, th.core.l1, addr)
                        else:
                            cs.fast.pack(cs.dst, h, ifrom_dst, cs.fp32, k[0], th.core.l1, addr)
                        th.clocks[_PACK] += k[3]
                        cb.wr_tile += 1
                        return
        _pack_tile(ifrom_dst, icb, output_tile_index, in_order=True)


pack_tile = _PackTile()


_PACK_SCRATCH = np.zeros(4096, np.uint8)


def _pack_l1_acc_fast(cs, h, t, k, l1, addr):
    """pack_tile with the packer's L1 accumulation into a Float32 / Float16_b CB: the bytes the packer would write
    (the compiled pack), added to the page as tensix.device.fpu.pack_l1_accumulate does (Float32: IEEE FP32 adds)."""
    size = k[1]
    cs.fast.pack(cs.dst, h, t, cs.fp32, k[0], _PACK_SCRATCH, 0)
    page = l1[addr:addr + size]
    if k[0]:
        fpu.pack_l1_accumulate_fp32_into(page.view(np.float32), _PACK_SCRATCH[:size].view(np.float32))
    else:
        page[:] = fpu.pack_l1_accumulate(page, _PACK_SCRATCH[:size], formats.DataFormat.Float16_b)


def _own_front(cb, page):
    """pack_tile<true> writes at the write pointer + page, reserved or not: allowed past the reservation on a full CB
    (write pointer = read pointer) into a front page its consumer has waited on (ttnn topk's in-place bitonic passes
    over a single-buffered CB; an in-order pack past a reservation is allowed into a free page: ttnn topk_final)."""
    return 0 <= page < cb.visible and cb.pushed - cb.popped == cb.num_pages and cb.wr_ptr == cb.rd_ptr


def _pack_out_of_order(ifrom_dst, icb, output_tile_index=0):
    cs = _ctx.th.compute
    if cs is not None and cs.sfpu_pending:  # queued SFPU calls write the Dst it reads (as pack_tile's)
        _settle_sfpu(_ctx.th)
    _pack_tile(ifrom_dst, icb, output_tile_index)


def _pack_tile(ifrom_dst, icb, output_tile_index, in_order=False):
    """The general pack: in order at the CB's tile pointer (output_tile_index is only checked to be an integer, as
    C++ takes a uint32_t), else out of order at page output_tile_index."""
    th, cs = _cs("pack_tile")
    cs.check_dst(ifrom_dst, "pack_tile")
    if cs.pack_open:
        h = cs.n_rel % cs.nbuf
    elif cs.legacy and cs.math_open:
        # legacy acquire_dst section: the packer sees the math thread's Dst (see module docstring)
        h = (cs.n_acq - 1) % cs.nbuf
        if th.clocks[_MATH] > th.clocks[_PACK]:
            th.idle[_PACK] += th.clocks[_MATH] - th.clocks[_PACK]
            th.clocks[_PACK] = th.clocks[_MATH]
    else:
        raise TileRegsError(
            f"pack_tile({ifrom_dst}, {int(icb)}) on core {th.core.logical} at {th.source_line_now()}: the packer does "
            "not own Dst (reading it now races with the math thread).\nFix: tile_regs_commit(); tile_regs_wait() "
            "before pack_tile, tile_regs_release() after.")
    cs.clear_stale(h)
    src = cs.dst[h]
    reduced = cs.reduced[h].get(ifrom_dst)
    cb = _cb(th, icb, "pack_tile")
    cs.hw.check_pack(cb, "pack_tile", _where(th))
    cs.check_index(output_tile_index, "output tile index", "pack_tile")
    if in_order:
        page = cb.wr_tile
        free_at = cb.free_time(page + 1) if page >= cb.reserved and cb.reserved else 0
        if page >= cb.reserved and (free_at is None or not cb.reserved or free_at > th.clocks[_PACK]):
            raise CircularBufferError(
                f"pack_tile({ifrom_dst}, {cb.index}) on core {th.core.logical} at {th.source_line_now()}: this is pack "
                f"number {page + 1} into CB {cb.index} since its last cb_push_back, but only {cb.reserved} page(s) are "
                "reserved. pack_tile writes the reserved pages in order (tt-metal's default out_of_order_output=false: "
                "each call advances the CB's tile pointer, cb_push_back resets it; output_tile_index is ignored), so "
                "this tile would overwrite a page the consumer has not read.\nFix: cb_reserve_back(cb, n) for all n "
                "tiles packed before cb_push_back(cb, n), or pack_tile[True](idst, cb, k) for out-of-order pages.")
    else:
        page = output_tile_index
        if (output_tile_index >= cb.reserved or output_tile_index < 0) and not _own_front(cb, output_tile_index):
            raise CircularBufferError(
                f"pack_tile<true>({ifrom_dst}, {cb.index}, {output_tile_index}) on core {th.core.logical} at "
                f"{th.source_line_now()}: page {output_tile_index} of the CB was not reserved "
                f"({cb.reserved} reserved).\nFix: cb_reserve_back(cb, n) before packing into it.")
    addr = cb.back_addr(page)
    if cb.guards:       # a popped page an outgoing NoC write may still read (CircularBuffer.guard)
        cb.check_overwrite(addr, addr + (_tsize(cb.fmt) if cb.tile is None else tile_shape.size(cb.fmt, cb.tile)),
                           th.clocks[_PACK],
                           f"pack_tile({ifrom_dst}, {cb.index}) at {th.source_line_now()}")
    tile = src[ifrom_dst]
    if reduced is not None and reduced[1] != cs.hw.pack_mask:
        tile = _reduce_scratch_as_nan(th, tile, reduced, cb, ifrom_dst)
    if cs.hw.pack_mask is not None:  # reduce_init's edge mask: the packer reads zeros outside the result's datums
        tile = np.where(hwconfig.PACK_KEEP[cs.hw.pack_mask], tile, tile.dtype.type(0))
    if cs.pack_relu is not None:
        tile = _pack_relu(th, cs, tile, cb)
    f = _FAST.get(_fmt_name(cb.fmt))
    if cb.tile is not None:
        # a CB of other tile dims: the packer writes the tile's faces / face rows of the Dst tile (tile_shape)
        tile_shape.refuse(cb.tile, "pack_tile")
        out = tile_shape.compress(formats.pack_from_dest(tile, cs.fp32, cb.fmt), cb.fmt, cb.tile)
        size = out.size
        if cs.pack_l1_acc:
            try:
                out = fpu.pack_l1_accumulate(th.core.l1[addr:addr + size], out, cb.fmt)
            except NotModelledError as e:
                raise NotModelledError(f"pack_tile({ifrom_dst}, {cb.index}) on core {th.core.logical} at "
                                       f"{th.source_line_now()} with packer L1 accumulation: {e}") from None
        th.core.l1[addr:addr + size] = out
    elif cs.pack_l1_acc:
        size = _tsize(cb.fmt)
        out = formats.pack_from_dest(tile, cs.fp32, cb.fmt)
        try:
            th.core.l1[addr:addr + size] = fpu.pack_l1_accumulate(th.core.l1[addr:addr + size], out, cb.fmt)
        except NotModelledError as e:
            raise NotModelledError(f"pack_tile({ifrom_dst}, {cb.index}) on core {th.core.logical} at "
                                   f"{th.source_line_now()} with packer L1 accumulation: {e}") from None
    elif f is not None:
        _fast.pack(tile, cs.fp32, f, th.core.l1[addr:addr + _tsize(cb.fmt)])
    else:
        out = formats.pack_from_dest(tile, cs.fp32, cb.fmt)
        th.core.l1[addr:addr + out.size] = out
    if in_order:
        cb.wr_tile += 1
    th.advance(_pack_cost(cb), _PACK)


def _pack_relu(th, cs, tile, cb):
    """The packer's ZERO_RELU stage (ISA Packers/ReLU.md: x <= 0 ? 0 : x, on the datum after the early format
    conversion, which never changes a sign or makes a positive value negative, so it is applied to the Dst bits
    here): every datum with the sign bit set becomes +0, except a NaN the packer carries through (an identity
    conversion: Float32 from a 32-bit Dst; a rounding conversion turns NaN into Inf first, and -Inf <= 0)."""
    mode = cs.pack_relu.mode
    if mode != ReluType.ZERO_RELU:
        raise NotModelledError(
            f"pack_tile into CB {cb.index} on core {th.core.logical} at {th.source_line_now()} with the packer's "
            f"{mode.name} (threshold {cs.pack_relu.threshold:#x}): only ZERO_RELU is modelled.\nFix: use "
            "ReluConfig.zero() or the SFPU's relu_tile.")
    # with L1 accumulation on as well, the ReLU comes first: the ISA's packer pipeline (Packers/README.md,
    # Diagrams/Src/PackerPipeline.lua) has ReLU right after edge masking and the accumulation adder after the late
    # format conversion, so L1 += relu(datum) (ttnn's SDPA packs its exponentials so, sub_exp_block_bcast_cols_inplace)
    if cs.fp32:
        neg = (tile >> np.uint32(31)) != 0
        if _fmt_name(cb.fmt) in ("Float32", "Int32", "UInt32"):
            neg &= ~(((tile & np.uint32(0x7F800000)) == np.uint32(0x7F800000)) & ((tile & np.uint32(0x7FFFFF)) != 0))
    else:
        neg = (tile >> np.uint16(15)) != 0
    return np.where(neg, tile.dtype.type(0), tile)


_NAN_BITS = {np.dtype(np.uint32): 0x7FC00000, np.dtype(np.uint16): 0x7FC0}   # quiet NaN, fp32 / 16-bit Dst
_PER_DATUM = frozenset({"Float32", "Float16_b", "Float16"})  # formats whose datums pack independently


def _reduce_scratch_as_nan(th, tile, reduced, cb, idx):
    """A reduce result packed without its edge mask (reduce_uninit came first, as in kernels whose consumer reads
    only the result, e.g. a column broadcast): the result's datums as computed, NaN where Wormhole packs the
    reduce's scratch values (hwconfig.REDUCE_SCRATCH), which tensix does not model. Refused for a block format,
    whose shared exponents would mix those values into the result's."""
    pool, dim, where = reduced
    if _fmt_name(cb.fmt) not in _PER_DATUM:
        raise NotModelledError(
            f"pack_tile({idx}, {cb.index}) on core {th.core.logical} at {th.source_line_now()}: Dst tile {idx} holds a "
            f"REDUCE_{dim.upper()} result (reduce_tile at {where}) and the packer has no REDUCE_{dim.upper()} edge "
            f"mask, so on Wormhole the reduce's scratch values beside the result are packed too; into "
            f"{_fmt_name(cb.fmt)} they share exponents with the result's datums, and tensix does not model them."
            f"\nFix: pack the reduce result before reduce_uninit() (reduce_init's mask zeroes the scratch), or into "
            "a Float32 / Float16_b CB.")
    return np.where(hwconfig.REDUCE_SCRATCH[(pool, dim)], tile.dtype.type(_NAN_BITS[tile.dtype]), tile)


CB_TILE_HEADER = 16    # bytes between the address cb_get_tile gives and the page's data


def cb_get_tile(cb_id, index, *_):
    """The address tt-metal's cb_get_tile gives for tile `index` at the CB's front: 16 bytes before the page's
    data, as on Wormhole (tt-metal ``llk_unpack_get_tile``: ``fifo_rd_ptr - 1`` in 16-byte units, a former tile
    header). Kernels skip those 16 bytes (seed 000's ``idxs += 4``; ttnn ``get_pointer_to_cb_data``'s
    ``cb_data_offset`` of 4 words): ``l1_ptr(cb_get_tile(cb, 0) + CB_TILE_HEADER, np.int32, n)``."""
    th = _ctx.th
    cb = _cb(th, cb_id, "cb_get_tile")
    return cb.front_addr(index) - CB_TILE_HEADER


def cb_release_tile(cb_id):
    return None


def MATH(x=None):
    """C++ MATH((...)) runs its argument only on the math TRISC; in one Python execution the argument has
    already run when MATH is called, so MATH/UNPACK/PACK are identity wrappers."""
    return x


UNPACK = MATH
PACK = MATH


# ---- the SFPU hook ---------------------------------------------------------------------------------------
def _settle_sfpu(th):
    """Run this core's queued SFPU calls and matmul products (batched with the other cores') before its Dst is
    touched. A core never has both queued: queueing either settles the other first."""
    cs = th.compute
    if cs.mm_pending:
        matmul_batch_of(th).wait(th)
        if not cs.sfpu_pending:
            return
    batch_of(th).wait(th)


def _run_sfpu(fn, args, dst_tile_index):
    """Run an SFPU function on the current core's Dst: the hook every SFPU tile op goes through.

    The call is queued (tensix.kernel.sfpu_batch: it runs, batched with the other cores' calls, before this
    Dst is next touched); its static cycles (SFPU issue plus the RISC-V's soft-float work for the runtime
    scalars) are added to the math clock now."""
    th = _ctx.th
    cs = th.compute
    if cs is None:
        _cs("SFPU op")
    if cs.mm_pending:       # queued matmul products come first (they were called first)
        _settle_sfpu(th)
    h = cs.sfpu_pack_half   # not None: run from the pack thread on the packer's half (_sfpu_from_pack)
    if h is None and not cs.math_open:
        cs.need_math("SFPU op")
    if dst_tile_index.__class__ is not int or not 0 <= dst_tile_index < cs.capacity:
        cs.check_dst(dst_tile_index, "SFPU op")
    if h is None:
        h = (cs.n_acq - 1) % cs.nbuf
    info = program_info(fn, args)
    if dst_tile_index + info.hi > cs.capacity:
        mode = ("fp32_dest_acc_en" if cs.fp32 else "16-bit Dst") + (
            ", dst_full_sync_en" if cs.full else ", half sync (double buffered)")
        raise DstCapacityError(
            f"SFPU op {info.name} on core {th.core.logical} at {th.source_line_now()}: called at Dst tile "
            f"{dst_tile_index}, it reads or writes tiles up to {dst_tile_index + info.hi - 1} (dst_reg rows up to "
            f"{32 * info.hi - 1} from its base), beyond the {cs.capacity} tiles of this Dst section ({mode}); on "
            "hardware those rows belong to the other half or do not exist.\nFix: call it on a lower tile index, "
            "use fewer dst_reg rows, or set dst_full_sync_en for a bigger section.")
    reads, writes = info.footprint_at(dst_tile_index)
    stale = cs.stale[h]
    if stale:   # the batch moves the tiles it writes in: stale ones must hold their zeros first (a stale tile it
        z = stale & writes      # reads is not defined: refused below)
        if z:
            for t in z:
                cs.fast.zero_tile(cs.dst, h, t)
            stale -= z
    defined = cs.defined[h]
    if not reads <= defined:
        _refuse_undefined_reads(th, fn, reads, defined)
    defined |= writes  # the tiles it writes hold data from now on
    w = cs.written[h]
    if w is not None:  # the program's stores are known exactly (compiler.dst_footprint)
        w |= writes
    if "tile" in cs.__dict__:  # the kernel also uses tensix.kernel.ckernel: tt-llk's words around the op
        from tensix.kernel.ckernel import api_sfpu_op
        api_sfpu_op(th, cs, h, dst_tile_index, info.compiled)
    _queue_sfpu(th, cs, info, args, h, dst_tile_index)


def _queue_sfpu(th, cs, info, args, half, base):
    """Queue a program's call in this run's SFPU batch (its runtime inputs, and the kernel line, formatted only if
    the call fails) and charge its static cycles to the math thread."""
    where = current_call_site(th.kernel.source_files, 3)
    (cs.batch or batch_of(th)).add(th, Job(th, cs, half, info, info.compiled.input_row(args), base, where))
    cs.sfpu_calls += 1
    ti = _MATH if cs.sfpu_pack_half is None else _PACK
    if "tile" in cs.__dict__:  # the kernel also uses tensix.kernel.ckernel: the tile's Vector Unit does this work
        from tensix.kernel.ckernel import api_sfpu_charge
        api_sfpu_charge(th, cs, ti, th.clocks[ti], info)
    th.clocks[ti] += info.cycles


def _sfpu_from_pack(apply):
    """SFPU tile ops issued by the pack thread, as the matmul kernels' fused activation does
    (ttnn/cpp/ttnn/operations/matmul/device/kernels/compute/bmm_fused_activation.hpp apply_activation_from_pack,
    tt-metal 622c6fb9): the packer waits for the math thread's commit (TTI_SEMWAIT on MATH_PACK: the wait of
    tile_regs_wait, which the kernel does not call then), points the SFPU at its own Dst half
    (DEST_TARGET_REG_CFG_MATH_Offset = the packer's offset) and runs the ops (the *_tile_pack calls: the same SFPU
    code as *_tile); `apply()` makes those calls (sfpu_ops' *_tile functions) and they run on the packer's half,
    their cycles on the pack thread; then the packer stalls until the SFPU is done (STALLWAIT WAIT_SFPU) and packs.
    The Dst section stays the packer's: pack_tile and tile_regs_release follow."""
    th, cs = _cs("apply_activation_from_pack")
    tile_regs_wait()
    cs.sfpu_pack_half = cs.n_rel % cs.nbuf
    try:
        apply()
    finally:
        cs.sfpu_pack_half = None


def _refuse_undefined_reads(th, fn, reads, defined):
    """Refuse an SFPU program that reads Dst tiles holding no data since the half was released (ZEROACC.md:
    undefined behaviour)."""
    from tensix.device.errors import DstUndefinedError

    missing = sorted(reads - defined)
    raise DstUndefinedError(
        f"SFPU op {getattr(fn, '__name__', fn)} on core {th.core.logical} at {th.source_line_now()} reads Dst "
        f"tile(s) {missing}, which hold no data in this Dst section: since tile_regs_acquire nothing wrote them, "
        "and the packer's release marked their rows undefined (ISA ZEROACC.md: an SFPLOAD of an undefined row "
        "is undefined behaviour; tensix does not guess its value).\nFix: write those tiles (copy_tile, a math "
        "op or an SFPU store) in every acquire before the SFPU reads them, e.g. recompute per-acquire scratch "
        "data instead of keeping it in Dst across tile_regs_release.")


def configure_sfpu(fn, args=()):
    """Run an SFPI program that touches no Dst (an op's init: SFPCONFIG of the programmable constants) on this
    core's SFPU, queued behind its earlier SFPU calls so that they still see the old configuration. Unlike an
    SFPU op it needs no Dst section (tt-metal calls `*_tile_init()` outside tile_regs_acquire)."""
    th, cs = _cs("SFPU init")
    info = program_info(fn, args)
    if info.hi:
        from tensix.errors import SfpuError
        raise SfpuError(f"internal error: the SFPU init program {info.name} touches Dst tiles {info.lo}.."
                        f"{info.hi - 1}; an init may only configure the SFPU")
    _queue_sfpu(th, cs, info, args, (cs.n_acq - 1) % cs.nbuf if cs.n_acq else 0, 0)


def call_sfpu(fn, dst_tile_index, *args):
    """Run an SFPI function `fn(*args)` on Dst tile `dst_tile_index` of this core (tensix's public form of the
    LLK SFPU call, e.g. seed 002's `llk_math_eltwise_unary_sfpu_0_param(sfpu_custom_func, ..., dst_index)`).
    `fn` walks the whole tile itself (dst_reg[0..31] relative to the tile base)."""
    _run_sfpu(fn, args, dst_tile_index)
