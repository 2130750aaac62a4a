"""What the compute inits program, and the refusal of an op that runs with another op's configuration.

On Wormhole a compute op carries no configuration of its own. copy_tile, add_tiles, reduce_tile, matmul_tiles
and pack_tile run what the last init calls programmed:
- the unpacker's mode and MOP (unpack A for a copy, unpack AB with a broadcast, the reduce or matmul unpack);
- the math thread's MOP and address modifiers (A2D datacopy, ELWADD / ELWSUB / ELWMUL with a broadcast,
  GAPOOL / GMPOOL with a reduce dimension, MVMUL);
- the unpacker's SrcA / SrcB data formats and the packer's output format, taken from the CBs the init names.
tt-llk: ``_llk_unpack_A_init_``, ``_llk_unpack_AB_init_``, ``_llk_math_eltwise_unary_datacopy_init_``,
``_llk_math_eltwise_binary_init_``, ``_llk_math_reduce_init_``, ``_llk_math_matmul_init_``,
``_llk_unpack_hw_configure_``, ``_llk_pack_hw_configure_``; tt-metal ``compute_kernel_api`` for which init calls
which (the table in :mod:`tensix.kernel.compute`).

An op called under another configuration does not fail on hardware: it runs the other MOP (a product where a
sum was asked), or reads and writes tiles in the wrong format. tensix computes the op that was asked, so without
this check a kernel that is wrong on a card would look right here. The state is tracked per compute kernel and
checked by every op (ComputeInitError names the op, what is configured, the init that configured it, and the
init to call). SFPU ops and their inits touch none of this state (they run on Dst through the SFPU's own
address modifier, ADDR_MOD_7): tt-metal's eltwise_sfpu kernel calls copy_tile, then an SFPU op's init and the
op, per tile, and copy_tile again without a new copy_tile_init.
"""

from __future__ import annotations

import numpy as np

from tensix.device.errors import ComputeInitError

# The operations an init can program the math thread for, as the ops that need them name them.
COPY = ("copy",)
MATMUL = ("matmul",)


def binary(op: str, bcast: str | None):
    """An eltwise binary op's configuration: ("add" | "sub" | "mul", broadcast)."""
    return (op, bcast or "none")


def reduce(pool: str, dim: str):
    return ("reduce", pool, dim)


def unpack_of(op):
    """The unpacker mode an operation runs with: unpack A (copy), unpack AB with the op's broadcast, the reduce
    unpack for its dimension, or the matmul unpack."""
    if op == COPY or op == MATMUL:
        return op
    if op[0] == "reduce":
        return ("reduce", op[2])
    return ("AB", op[1])


UNPACK_AB = unpack_of(binary("add", None))      # binary_op_init_common's: unpack AB, no broadcast
_OP_NAME = {"add": "ELWADD", "sub": "ELWSUB", "mul": "ELWMUL"}


# Modes programmed by inits of other modules (tensix.kernel.tilize: tilize, fast tilize, transpose): mode -> text.
EXTRA_MODES: dict = {}

# copy_tile_to_dst_init_short(cb, 0, transpose_within_16x16_face=1): unpack A with THCON_SEC0 Haloize_mode set (tt-llk
# _llk_unpack_A_init_), so copy_tile writes each 16x16 face transposed; every unpack init rewrites Haloize_mode.
COPY_WITHIN_FACE = ("copy", "within_face")
EXTRA_MODES[COPY_WITHIN_FACE] = "unpack A with the within-face transpose (copy_tile_to_dst_init_short(cb, 0, 1))"


def describe(cfg) -> str:
    """A math or unpacker configuration as the message shows it."""
    if cfg in EXTRA_MODES:
        return EXTRA_MODES[cfg]
    if cfg is None:
        return "nothing (no init has programmed it since the kernel started)"
    if cfg == COPY:
        return "copy_tile (unpack A, A2D datacopy)"
    if cfg == MATMUL:
        return "matmul (MVMUL)"
    if cfg[0] == "reduce":
        if len(cfg) == 2:
            return f"the reduce unpack over {cfg[1]}"
        return f"reduce {cfg[1].upper()} over {cfg[2]} ({'GMPOOL' if cfg[1] == 'max' else 'GAPOOL'})"
    if cfg[0] == "AB":
        return f"unpack AB ({cfg[1]} broadcast)"
    return _OP_NAME[cfg[0]] + ("" if cfg[1] == "none" else f" with {cfg[1]} broadcast")


_BCAST_INIT = {("add", "row"): "add_bcast_rows_init_short", ("add", "col"): "add_bcast_cols_init_short",
               ("add", "scalar"): "add_bcast_scalar_init_short", ("sub", "col"): "sub_bcast_cols_init_short",
               ("sub", "row"): "sub_bcast_rows_init_short",
               ("sub", "scalar"): "sub_tiles_bcast_scalar_init_short", ("mul", "row"): "mul_bcast_rows_init_short",
               ("mul", "col"): "mul_bcast_cols_init_short", ("mul", "scalar"): "mul_tiles_bcast_scalar_init_short"}


def init_for(cfg) -> str:
    """The init call that programs `cfg`, as the fix names it."""
    if cfg == COPY:
        return "copy_tile_init(in_cb) (copy_tile_to_dst_init_short; or init_sfpu(in_cb, out_cb) at the start)"
    if cfg == MATMUL:
        return "mm_init_short(in0_cb, in1_cb, transpose) (matmul_init; mm_init at the start)"
    if cfg[0] == "reduce":
        return (f"reduce_init(in_cb, scaler_cb, out_cb, pool=PoolType.{cfg[1].upper()}, "
                f"dim=ReduceDim.REDUCE_{cfg[2].upper()})")
    op, bcast = cfg
    if bcast == "none":
        return f"{op}_tiles_init(in0_cb, in1_cb)"
    name = _BCAST_INIT.get(cfg)
    generic = (f"init_bcast[EltwiseBinaryType.ELW{op.upper()}, BroadcastType.{bcast.upper()}]"
               "(in0_cb, in1_cb, out_cb)")
    return f"{name}(in0_cb, in1_cb) (or {generic})" if name else generic


def _fmt(f) -> str:
    return "not configured" if f is None else getattr(f, "name", str(f))


KEEP = object()     # HwConfig.set: this init leaves that setting as it is


def _keep_mask(dim: str) -> np.ndarray:
    keep = np.zeros((32, 32), bool)
    if dim == "row":
        keep[:, 0] = keep[:, 16] = True
    elif dim == "col":
        keep[0, :] = True
    else:
        keep[0, 0] = True
    return keep


# The datums of a 32x32 tile the packer keeps under reduce_init's edge mask; it writes every other one as zero.
# tt-llk ``_llk_pack_reduce_mask_config_`` (non-untilize pack; packer i packs face i): REDUCE_ROW passes column 0
# of all four faces (tile columns 0 and 16; every packer selects the same row mapping, for narrow and wide tiles),
# REDUCE_COL row 0 of faces 0 and 1 (tile row 0), REDUCE_SCALAR datum [0, 0]. The masks act where the packer
# reads Dst (ISA Packers/EdgeMasking.md), before format conversion, on every pack until
# ``_llk_pack_reduce_mask_clear_`` (reduce_uninit) or a full packer configure (``_llk_pack_hw_configure_``:
# compute_kernel_hw_startup, init_sfpu, binary_op_init_common, init_bcast, mm_init) resets them. Column 16 of
# REDUCE_ROW is tt-llk's since commit c03d0feeb (2026-03-12; before it only packers 0 and 2 had the mapping, and
# only column 0 passed); the row reduce never writes faces 1 and 3, so that column packs what Dst held there.
PACK_KEEP = {dim: _keep_mask(dim) for dim in ("row", "col", "scalar")}


def _scratch_mask(pool: str, dim: str) -> np.ndarray:
    scratch = np.zeros((32, 32), bool)
    if dim == "row":            # faces 0 and 2: transposed SrcB leftovers beside column 0 (row 0 is modelled: the
        scratch[:, 1:16] = True     # accumulated row vector, the transposed column 0: tensix.kernel.compute)
        scratch[[0, 16], 1:16] = False
    elif dim == "col":          # faces 0 and 1, rows 1-3: SrcB rows 1-3 times SrcA (GMPOOL zeroes them instead)
        if pool != "max":
            scratch[1:4, :] = True
    else:                       # face 0: the column sums' scratch row and the rows beside the result
        scratch[0:8, 0:16] = True
        scratch[0, 0] = False
        if pool == "max":
            scratch[1:4, 0:16] = False
    return scratch


# The Dst datums beside a reduce result that hold scratch values on Wormhole, which tensix does not model (tt-llk
# ``_llk_math_reduce_``: REDUCE_ROW leaves the transposed SrcB rows its ELWADD moves back in columns 1-15 of rows 1-15
# of faces 0 and 2, beside the accumulated row vector in row 0, which tensix models; GAPOOL's rows 1-3 are the other
# SrcB rows times SrcA; REDUCE_SCALAR pools the column sums in a scratch row of face 0). reduce_init's mask zeroes all
# of them at the packer; a kernel that packs the result after reduce_uninit packs them, and tensix then writes NaN there
# (tensix.kernel.compute.pack_tile; the packer turns it into Inf for Float16_b): the tile's result datums are exact,
# anything that reads the others shows it.
# Key: (pool, dim) as HwConfig keeps them.
REDUCE_SCRATCH = {(pool, dim): _scratch_mask(pool, dim) for pool in ("sum", "avg", "max")
                  for dim in ("row", "col", "scalar")}


class HwConfig:
    """The unpack / math / format configuration of one compute kernel's TRISCs.

    ``unpack`` and ``math`` are the operations the unpacker's and the math thread's MOPs run (None: none
    programmed); ``src`` the SrcA / SrcB formats; ``pack`` the packer's output format; ``pack_mask`` the reduce
    dimension whose edge mask the packer applies (None: none); ``by`` the init call (and kernel line) that set
    each. ``copy_fmt``, ``binary`` and ``pack_fast`` are what the ops' fast paths compare against: the SrcA format
    when copy_tile may run (else None), (op, SrcA format, SrcB format) when an unbroadcast add / sub may run, and
    the packer's format when no edge mask is set."""

    __slots__ = ("binary", "by", "copy_fmt", "math", "pack", "pack_fast", "pack_mask", "src", "unpack")

    def __init__(self):
        self.unpack = None
        self.math = None
        self.src = (None, None)
        self.pack = None
        self.pack_mask = None
        self.pack_fast = None
        self.by = {}
        self.copy_fmt = None
        self.binary = None

    def set(self, where: str, *, op=None, unpack=None, src=KEEP, pack=KEEP, pack_mask=KEEP):
        """Record an init: `op` programs the unpacker and the math thread for that operation (`unpack` the
        unpacker alone), `src` the (SrcA, SrcB) formats, `pack` the packer's format (None: a CB that does not
        exist; KEEP: not set by this init), `pack_mask` the packer's edge mask (a reduce dimension, or None for
        none: see PACK_KEEP)."""
        if op is not None:
            self.unpack, self.math = unpack_of(op), op
            self.by["unpack"] = self.by["math"] = where
        elif unpack is not None:
            self.unpack = unpack
            self.by["unpack"] = where
        if src is not KEEP:
            self.src = src
            self.by["src"] = where
        if pack is not KEEP:
            self.pack = pack
            self.by["pack"] = where
        if pack_mask is not KEEP:
            self.pack_mask = pack_mask
            self.by["pack_mask"] = where
        self.pack_fast = self.pack if self.pack_mask is None else None  # pack_tile's fast path packs unmasked
        a, b = self.src
        m = self.math
        self.copy_fmt = a if m == COPY and self.unpack == COPY else None
        ok = m is not None and len(m) == 2 and m[1] == "none" and self.unpack == UNPACK_AB
        self.binary = (m[0], a, b) if ok else None

    def check_op(self, need, call, where, operands=(), unpack=None):
        """Refuse `call` unless the unpacker and the math thread are programmed for `need` (the unpacker for
        `unpack` when given: a mode of the same op, e.g. COPY_WITHIN_FACE) and the SrcA/SrcB formats are those of
        its operand CBs (`operands`: (cb, "SrcA" | "SrcB") pairs)."""
        for unit, want in (("unpack", unpack or unpack_of(need)), ("math", need)):
            have = getattr(self, unit)
            if have != want:
                by = f" (by {self.by[unit]})" if unit in self.by else ""
                what = "unpacker" if unit == "unpack" else "math thread"
                raise ComputeInitError(
                    f"{call} at {where}: the {what} is programmed for {describe(have)}{by}, not for "
                    f"{describe(want)}. On Wormhole an op runs the MOP and address modifiers its init programmed "
                    "(tt-llk), so this call would silently produce other data than it asks for.\n"
                    f"Fix: call {init_for(need)} before {call}, and again after any other op's init.")
        for cb, reg in operands:
            have = self.src[0 if reg == "SrcA" else 1]
            if have != cb.fmt:
                by = f" (by {self.by['src']})" if "src" in self.by else ""
                raise ComputeInitError(
                    f"{call} at {where}: CB {cb.index} holds {_fmt(cb.fmt)} tiles but the unpacker's {reg} format "
                    f"is {_fmt(have)}{by}. The unpacker reads L1 in its configured format, so on Wormhole this tile "
                    f"would be misread.\nFix: reconfigure it first: {_reconfig_fix(reg)}.")

    def check_pack(self, cb, call, where):
        """Refuse packing into a CB whose format is not the packer's."""
        if self.pack != cb.fmt:
            by = f" (by {self.by['pack']})" if "pack" in self.by else ""
            raise ComputeInitError(
                f"{call} at {where}: CB {cb.index} holds {_fmt(cb.fmt)} tiles but the packer's output format is "
                f"{_fmt(self.pack)}{by}. The packer writes its configured format, so on Wormhole this CB would "
                "receive data its readers misinterpret.\nFix: pack_reconfig_data_format(out_cb) before packing into "
                "it (the packer is first configured by compute_kernel_hw_startup / init_sfpu / "
                "binary_op_init_common / mm_init with the output CB).")


def _reconfig_fix(reg: str) -> str:
    if reg == "SrcA":
        return ("reconfig_data_format_srca(cb) (or copy_tile_to_dst_init_short_with_dt(old_cb, cb) before "
                "copy_tile, or reconfig_data_format(srca_cb, srcb_cb))")
    return "reconfig_data_format_srcb(cb) (or reconfig_data_format(srca_cb, srcb_cb))"
