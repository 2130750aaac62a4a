"""Kernel API pieces the eltwise kernels of tt-metal 622c6fb9 use and tensix.kernel does not have, written from
tt-metal's compute API and tt-llk (Wormhole B0), plus the shared helpers of binary_ng's kernels.

Compute (for the kernels' `from ... import *`):
- ``unary_bcast_init[bcast](icb, ocb)`` / ``unary_bcast[bcast](icb, in_tile, dst_tile)``: tt-metal
  tt_metal/hw/inc/api/compute/bcast.h. A tile of a 32-bit format (Float32, Int32, UInt32) is unpacked straight to
  Dst with the broadcast (``llk_unpack_A<bcast, ..., unpack_to_dest=true>`` + A2D datacopy: exact); any other
  format goes L1 -> SrcB with the broadcast -> ``MOVB2D`` (``DataCopyType::B2D``), which converts as copy_tile's
  SrcA path does (tensix.device.formats.copy_tile_to_dest). ROW: row 0 of the tile (faces 0 and 1) to all 32
  rows; COL: column 0 (faces 0 and 2) to all 32 columns; SCALAR: datum [0, 0] everywhere (as the FPU's broadcasts,
  tensix.device.fpu). The init programs SrcA/SrcB from icb and the packer from ocb (llk_pack_hw_configure).
- ``binary_tiles_init[full_init, EltwiseBinaryType.ELWADD](icb0, icb1)``: eltwise_binary.h; with full_init the
  unpack AB init and the op's math init, what add/sub/mul_tiles_init program.
- ``unary_op_init_common(icb, ocb)``: eltwise_unary.h (the name binary_ng's SFPU kernels call; init_sfpu).
- ``pack_hw_configure(cb)``: ``PACK((llk_pack_hw_configure<DST_ACCUM_MODE>(cb)))`` (the packer's format, edge
  mask cleared).
- ``preprocess(sfpu, cb_pre, cb_post, cb_out, n, process)``: eltwise_utils.hpp / eltwise_utils_sfpu.hpp
  ``preprocess_fpu_impl`` / ``preprocess_sfpu_impl`` (an operand's activation chain: copy_tile, the SFPU ops,
  pack into the post CB).

Dataflow:
- ``fill_tile(kind, fmt, l1_addr)`` and ``fill_with_val(fmt, l1_addr, packed)``: fill_tile_utils.hpp
  (FILL_TILE_WITH_FIRST_ROW / _COLUMN / _ELEMENT for the tile's format; fill_with_val for the scalar tile), on the
  L1 bytes, charging the RISC-V the loop's stores and loads.
- ``ng_args()`` and ``walk(...)``: the 21 runtime args of binary_ng's readers and the output-tile walk their
  loops do (start_tile_id decomposed over cND, D, N, C, Ht, Wt; interleaved tensors only).
"""

from __future__ import annotations

import numpy as np

from tensix.device import formats
from tensix.device.formats import DataFormat
from tensix.errors import NotModelledError
from tensix.kernel import hwconfig
from tensix.kernel.compute import (
    BroadcastType,
    EltwiseBinaryType,
    _C_COPY,
    _configure,
    _cs,
    _unpack_cost,
    _where,
    add_tiles_init,
    copy_tile,
    copy_tile_to_dst_init_short,
    init_sfpu,
    mul_tiles_init,
    pack_reconfig_data_format,
    pack_tile,
    reconfig_data_format_srca,
    sub_tiles_init,
    tile_regs_acquire,
    tile_regs_commit,
    tile_regs_release,
    tile_regs_wait,
)
from tensix.kernel.dataflow import (
    _cb,
    cb_pop_front,
    cb_push_back,
    cb_reserve_back,
    cb_wait_front,
    get_arg_val,
    get_compile_time_arg_val,
    l1_ptr,
    riscv_wait,
)
from tensix.costs import cost

__all__ = ["unary_bcast", "unary_bcast_init", "binary_tiles_init", "unary_op_init_common", "pack_hw_configure",
           "preprocess", "fill_tile", "fill_with_val", "ng_args", "walk", "BCAST_ROW", "BCAST_COL", "BCAST_SCALAR"]

_UNPACK_TO_DEST = (DataFormat.Float32, DataFormat.Int32, DataFormat.UInt32)

# hwconfig names for the unary broadcast datacopy (ISA MOVB2D with a broadcast; tt-llk
# _llk_math_eltwise_unary_datacopy_init_<B2D, bcast>), so that its configuration shows in ComputeInitError messages
for _b in ("row", "col", "scalar"):
    hwconfig.EXTRA_MODES[("unary_bcast", _b)] = (f"unary_bcast<{_b.upper()}> (unpack A with a {_b} broadcast, "
                                                 "datacopy to Dst)")


def _bcast_name(b) -> str:
    return BroadcastType(b).value


def _broadcast(tile: np.ndarray, b: str) -> np.ndarray:
    if b == "row":
        return np.broadcast_to(tile[0:1, :], tile.shape)
    if b == "col":
        return np.broadcast_to(tile[:, 0:1], tile.shape)
    if b == "scalar":
        return np.broadcast_to(tile[0:1, 0:1], tile.shape)
    return tile


class _UnaryBcastInit:
    """``unary_bcast_init[BroadcastType.ROW](icb, ocb)`` = C++ ``unary_bcast_init<BroadcastType::ROW>(icb, ocb)``."""

    __name__ = "unary_bcast_init"

    def __getitem__(self, bcast):
        b = _bcast_name(bcast)

        def init(icb, ocb):
            _configure("unary_bcast_init", op=("unary_bcast", b), src=(icb, icb), pack=ocb, pack_mask=None)
        return init

    def __call__(self, *a):
        raise NotModelledError("unary_bcast_init needs its template argument: unary_bcast_init[BroadcastType.ROW]"
                               "(icb, ocb).")


class _UnaryBcast:
    """``unary_bcast[BroadcastType.ROW](icb, in_tile_index, dst_tile_index)``."""

    __name__ = "unary_bcast"

    def __getitem__(self, bcast):
        b = _bcast_name(bcast)
        call = f"unary_bcast<{b.upper()}>"

        def op(icb, in_tile_index, dst_tile_index):
            th, cs = _cs(call)
            dst = cs.need_math(call)
            cs.check_dst(dst_tile_index, call)
            cs.write_whole(dst_tile_index)
            cb = _cb(th, icb, call)
            cs.hw.check_op(("unary_bcast", b), call, _where(th), ((cb, "SrcA"),))
            raw = cs.tile_bytes(cb, in_tile_index, call)
            if cb.fmt in _UNPACK_TO_DEST:
                tile = formats.unpack_to_dest(raw, cb.fmt, cs.fp32)
            else:
                tile = formats.copy_tile_to_dest(raw, cb.fmt, fp32_dest=cs.fp32, flush=cs.src_flush)
            dst[dst_tile_index] = _broadcast(tile, b)
            cs.unpack_math(_unpack_cost(cb), _C_COPY)
        return op

    def __call__(self, *a):
        raise NotModelledError("unary_bcast needs its template argument: unary_bcast[BroadcastType.ROW](icb, "
                               "in_tile_index, dst_tile_index).")


unary_bcast_init = _UnaryBcastInit()
unary_bcast = _UnaryBcast()
BCAST_ROW, BCAST_COL, BCAST_SCALAR = BroadcastType.ROW, BroadcastType.COL, BroadcastType.SCALAR

_BINARY_INITS = {EltwiseBinaryType.ELWADD: add_tiles_init, EltwiseBinaryType.ELWSUB: sub_tiles_init,
                 EltwiseBinaryType.ELWMUL: mul_tiles_init}


class _BinaryTilesInit:
    """``binary_tiles_init[True, EltwiseBinaryType.ELWADD](icb0, icb1)``."""

    __name__ = "binary_tiles_init"

    def __getitem__(self, targs):
        full_init, op = targs
        if not full_init:
            raise NotModelledError("binary_tiles_init<false, ...> (math init without the unpacker's) is not "
                                   "modelled; binary_ng's kernels use <true, ...>.")
        return _BINARY_INITS[EltwiseBinaryType(op)]

    def __call__(self, *a):
        raise NotModelledError("binary_tiles_init needs its template arguments: binary_tiles_init[True, "
                               "EltwiseBinaryType.ELWADD](icb0, icb1).")


binary_tiles_init = _BinaryTilesInit()


def unary_op_init_common(icb, ocb):
    """unary_op_init_common(icb, ocb) (tt-metal eltwise_unary.h; init_sfpu is the same call). The fork's version
    also keeps the Src zero flag off (_configure_unary_preserve_zero_flag_state_), so bf16 -0.0 survives copy_tile;
    tensix's copy_tile writes +0 for it (and for denormals)."""
    init_sfpu(icb, ocb)


def pack_hw_configure(cb):
    """``PACK((llk_pack_hw_configure<DST_ACCUM_MODE>(cb)))``: the packer's output format from cb, edge mask off."""
    _configure("llk_pack_hw_configure", pack=cb, pack_mask=None)


def preprocess(sfpu: bool, cb_pre, cb_post, cb_out, n, process):
    """An operand's activation pass (binary_ng eltwise_utils.hpp ``preprocess_fpu_impl``, eltwise_utils_sfpu.hpp
    ``preprocess_sfpu_impl``): n tiles of cb_pre copied to Dst, `process(i)` (the activation chain) on each, packed
    into cb_post; the FPU form also switches SrcA to cb_pre and back."""
    if not sfpu:
        reconfig_data_format_srca(cb_post, cb_pre)
    pack_reconfig_data_format(cb_out, cb_post)
    cb_wait_front(cb_pre, n)
    cb_reserve_back(cb_post, n)
    tile_regs_acquire()
    for i in range(n):
        copy_tile_to_dst_init_short(cb_pre)
        copy_tile(cb_pre, i, i)
        process(i)
    tile_regs_commit()
    tile_regs_wait()
    for i in range(n):
        pack_tile(i, cb_post)
    tile_regs_release()
    cb_pop_front(cb_pre, n)
    cb_push_back(cb_post, n)
    if not sfpu:
        reconfig_data_format_srca(cb_pre, cb_post)
    pack_reconfig_data_format(cb_post, cb_out)


# ---- dataflow helpers -----------------------------------------------------------------------------------------
# RISC-V cost of the fill loops of fill_tile_utils.hpp: a 32-bit store issues at most once per 5 cycles, sustained
# independent loads about 4 per 7 cycles (tt-isa-documentation WormholeB0/TensixTile/BabyRISCV/README.md, as quoted
# in tensix/costs.json riscv.semaphore_local and riscv.get_arg_val). ESTIMATE: loop overhead is not counted.
_C_STORE = 5
_C_LOAD = cost("riscv.get_arg_val")


def _charge(stores, loads):
    riscv_wait(stores * _C_STORE + loads * _C_LOAD)


def charge_stores(n: int):
    """The RISC-V time of a kernel's loop of `n` L1 stores (a fill written as a loop in the C++)."""
    _charge(n, 0)


def _faces(view, elems):
    """A tile's datums (flat array of one element type) as [face][row][col] (4, 16, 16)."""
    return view[:elems].reshape(4, 16, 16)


def fill_tile(kind: str, fmt, l1_addr: int):
    """FILL_TILE_WITH_FIRST_ROW ("row") / _COLUMN ("col") / _ELEMENT ("scalar") of fill_tile_utils.hpp for a tile of
    format `fmt` at l1_addr (the *_bfloat16, 32-bit and *_bfp8 variants the factory's defines pick)."""
    fmt = DataFormat(fmt) if not isinstance(fmt, DataFormat) else fmt
    if fmt in (DataFormat.Float32, DataFormat.Int32, DataFormat.UInt32):
        t = _faces(l1_ptr(l1_addr, np.uint32, 1024), 1024)
        words = 1024
    elif fmt in (DataFormat.Float16_b, DataFormat.UInt16):
        t = _faces(l1_ptr(l1_addr, np.uint16, 1024), 1024)
        words = 512
    elif fmt == DataFormat.Bfp8_b:
        _fill_bfp8(kind, l1_ptr(l1_addr, np.uint8, 1088))
        return
    elif fmt == DataFormat.Bfp4_b:
        _fill_bfp4(kind, l1_ptr(l1_addr, np.uint8, 576))
        return
    else:
        raise NotModelledError(f"fill_tile_utils for {getattr(fmt, 'name', fmt)} tiles is not modelled "
                               "(Float32 / Int32 / UInt32 / Float16_b / UInt16 / Bfp8_b / Bfp4_b are).")
    if kind == "row":       # faces 0, 2 take row 0 of face 0; faces 1, 3 row 0 of face 1
        t[2] = t[0, 0]
        t[3] = t[1, 0]
        t[0, 1:] = t[0, 0]
        t[1, 1:] = t[1, 0]
        _charge(words - words // 32, words - words // 32)
    elif kind == "col":     # faces 0, 1 take column 0 of face 0; faces 2, 3 column 0 of face 2
        t[1] = t[0, :, 0:1]
        t[0] = t[0, :, 0:1]
        t[3] = t[2, :, 0:1]
        t[2] = t[2, :, 0:1]
        _charge(words, 32)
    elif kind == "scalar":
        t[...] = t[0, 0, 0]
        _charge(words, 1)
    else:
        raise ValueError(kind)


# (stores, loads) of the fill_tile_with_first_* block-float variants, 32-bit words
_BFP_FILL_CHARGE = {"Bfp8_b": {"scalar": (272, 2), "row": (16 + 248, 8), "col": (8 + 128 + 128, 32 + 8 + 128)},
                    "Bfp4_b": {"scalar": (16 + 128, 2), "row": (16 + 124, 6),
                               "col": (2 * (32 + 4 + 32), 2 * (16 + 4 + 32))}}


def _bfp_fill_moves(kind, exp, man):
    """The moves of fill_tile_with_first_{row,column,element}_bfp8 / _bfp4 on a block-float tile's exponents
    (4 faces x 16 face rows, one per row of 16 datums, kept with its row) and datums (4, 16, 16)."""
    if kind == "scalar":
        exp[...] = exp[0, 0]
        man[...] = man[0, 0, 0]
    elif kind == "row":
        exp[0::2] = exp[0, 0]        # faces 0, 2: face 0's row-0 exponent; faces 1, 3: face 1's
        exp[1::2] = exp[1, 0]
        man[2] = man[0, 0]
        man[3] = man[1, 0]
        man[0, 1:] = man[0, 0]
        man[1, 1:] = man[1, 0]
    elif kind == "col":
        man[0] = man[0, :, 0:1]
        man[2] = man[2, :, 0:1]
        exp[1] = exp[0]
        exp[3] = exp[2]
        man[1] = man[0]
        man[3] = man[2]
    else:
        raise ValueError(kind)


def _fill_bfp8(kind, b):
    """fill_tile_with_first_{row,column,element}_bfp8: 64 exponent bytes (16 per face, one per face row), then 4
    faces of 256 mantissa bytes."""
    _bfp_fill_moves(kind, b[:64].reshape(4, 16), b[64:].reshape(4, 16, 16))
    _charge(*_BFP_FILL_CHARGE["Bfp8_b"][kind])


def _fill_bfp4(kind, b):
    """fill_tile_with_first_{row,column,element}_bfp4 (622c6fb9 fill_tile_utils.hpp): the moves of the bfp8 variants
    on datums packed two to a byte, the even element in the low nibble: the kernels copy whole words of nibbles, and
    the column / element fills repeat the low nibble of a row's first byte in both nibbles. Worked on the unpacked
    datums here, then packed back."""
    body = b[64:]
    man = np.empty(1024, np.uint8)
    man[0::2], man[1::2] = body & 15, body >> 4
    _bfp_fill_moves(kind, b[:64].reshape(4, 16), man.reshape(4, 16, 16))
    body[:] = man[0::2] | (man[1::2] << 4)
    _charge(*_BFP_FILL_CHARGE["Bfp4_b"][kind])


def fill_with_val(fmt, l1_addr: int, packed: int):
    """fill_with_val_bfloat16 (a 16-bit value doubled in a u32: 512 words) or fill_with_val<1024, T> (the 32-bit
    value 1024 times) of the scalar tile (writer_interleaved_scalar.cpp)."""
    fmt = DataFormat(fmt) if not isinstance(fmt, DataFormat) else fmt
    if fmt in (DataFormat.Float32, DataFormat.Int32, DataFormat.UInt32):
        l1_ptr(l1_addr, np.uint32, 1024)[:] = np.uint32(packed & 0xFFFFFFFF)
        _charge(1024, 0)
    else:
        l1_ptr(l1_addr, np.uint32, 512)[:] = np.uint32(packed & 0xFFFFFFFF)
        _charge(512, 0)


class NgArgs:
    """The runtime args of binary_ng's kernels_ng readers (binary_ng_program_factory.cpp reader_runtime_args)."""

    __slots__ = ("src", "start", "src_tiles", "dst_tiles", "shard_width", "strides", "D", "N", "C", "Ht", "Wt",
                 "cND", "src_b", "strides_b", "src_tiles_b")


def ng_args() -> NgArgs:
    a = NgArgs()
    a.src, a.start, a.src_tiles, a.dst_tiles, a.shard_width = (get_arg_val(i) for i in range(5))
    a.strides = tuple(get_arg_val(i) for i in range(5, 9))          # nD, d, n, c strides of a (in tiles)
    a.D, a.N, a.C, a.Ht, a.Wt, a.cND = (get_arg_val(i) for i in range(9, 15))
    a.src_b = get_arg_val(15)
    a.strides_b = tuple(get_arg_val(i) for i in range(16, 20))
    a.src_tiles_b = get_arg_val(20)
    return a


def walk(start: int, count: int, cND: int, D: int, N: int, C: int, Ht: int, Wt: int, shard_width: int = 0):
    """The output tiles binary_ng's kernels visit: `count` tiles from start_tile_id in row-major order over
    (nd, d, n, c, th, tw). Yields (channel, th, tw, new_channel, new_row) where channel = (nd, d, n, c) and the
    flags mark the first tile of each channel / tile row the loops enter (the C++ loops' per-channel and per-row
    reads of a broadcast operand happen there, the first one even when start_tile_id is inside it). With
    `shard_width` (the has_sharding compile-time arg: the core's output shard) every tile row covers the columns
    start_tw .. start_tw + shard_width - 1 only (end_tw = start_tw + dst_shard_width, start_tw kept)."""
    if count <= 0 or Ht == 0 or Wt == 0:
        return
    if shard_width:
        yield from _shard_walk(start, count, cND, D, N, C, Ht, Wt, shard_width)
        return
    ht_wt = Ht * Wt
    end = min(start + count, cND * D * N * C * ht_wt)
    t = start
    ch = None
    row = None
    while t < end:
        o, r = divmod(t, ht_wt)
        th, tw = divmod(r, Wt)
        if o != ch:
            o2, c = divmod(o, C)
            o2, n = divmod(o2, N)
            nd, d = divmod(o2, D)
            channel = (nd, d, n, c)
            new_channel = True
            ch = o
            row = None
        else:
            new_channel = False
        new_row = th != row
        row = th
        yield channel, th, tw, new_channel, new_row
        t += 1


def _shard_walk(start, count, cND, D, N, C, Ht, Wt, width):
    """walk's loops with has_sharding (reader_interleaved_*.cpp / writer_interleaved_no_bcast.cpp)."""
    ht_wt = Ht * Wt
    o, r = divmod(start, ht_wt)
    th0, tw0 = divmod(r, Wt)
    o2, c0 = divmod(o, C)
    o2, n0 = divmod(o2, N)
    nd0, d0 = divmod(o2, D)
    done = 0
    for nd in range(nd0, cND):
        for d in range(d0, D):
            for n in range(n0, N):
                for c in range(c0, C):
                    channel = (nd, d, n, c)
                    new_channel = True
                    for th in range(th0, Ht):
                        new_row = True
                        for tw in range(tw0, tw0 + width):
                            yield channel, th, tw, new_channel, new_row
                            new_channel = new_row = False
                            done += 1
                            if done >= count:
                                return
                    th0 = 0
                c0 = 0
            n0 = 0
        d0 = 0


def tile_id(channel, th, tw, D, N, C, Ht, Wt) -> int:
    """The output tile of walk's (channel, th, tw)."""
    nd, d, n, c = channel
    return (((nd * D + d) * N + n) * C + c) * Ht * Wt + th * Wt + tw


def channel_base(channel, strides) -> int:
    """A tensor's first tile of a (nd, d, n, c) channel, from its strides (0 along a broadcast dim)."""
    nd, d, n, c = channel
    s_nd, s_d, s_n, s_c = strides
    return nd * s_nd + d * s_d + n * s_n + c * s_c


__all__ += ["channel_base", "NgArgs", "tile_id"]


# ---- the math of binary_ng's compute kernels: FPU (eltwise_binary*.cpp) or SFPU (eltwise_binary_sfpu*.cpp) -------
def _relu_in_packer(idst):
    """The packer's ZERO_RELU (``llk_pack_relu_config(ReluConfig::zero())``, the PACK_RELU define): ISA
    Packers/ReLU.md applies ``x <= 0 ? 0 : x`` to each datum after the early format conversion, before the packer's
    late conversion (shared exponents); on the Dst datums that is the same function (NaN stays NaN, -0 becomes
    +0), so tensix applies it to the packer's Dst tile just before pack_tile reads it."""
    from tensix.kernel.compute import _settle_sfpu
    th, cs = _cs("pack_tile (PACK_RELU)")
    if cs.sfpu_pending:
        _settle_sfpu(th)
    h = cs.n_rel % cs.nbuf
    cs.clear_stale(h, (idst,))
    t = cs.dst[h][idst]
    if cs.fp32:
        mag = t & np.uint32(0x7FFFFFFF)
        neg = ((t >> np.uint32(31)) == 1) & (mag <= np.uint32(0x7F800000))
        t[neg | (mag == 0)] = 0
    else:
        mag = t & np.uint16(0x7FFF)
        neg = ((t >> np.uint16(15)) == 1) & (mag <= np.uint16(0x7F80))
        t[neg | (mag == 0)] = 0


class FpuMath:
    """The FPU binary op of binary_ng's FPU compute kernels: defines BINARY_OP (add/sub/mul_tiles) and
    BINARY_OP_TYPE (binary_tiles_init<true, BINARY_OP_TYPE>), PACK_RELU."""

    sfpu = False

    def __init__(self, op, op_type, pack_relu=False):
        self.op = op
        self.op_type = op_type
        self.pack_relu = pack_relu

    def init_common(self, lhs, rhs, out):
        from tensix.kernel.compute import binary_op_init_common
        binary_op_init_common(lhs, rhs, out)

    def init(self, lhs, rhs):
        binary_tiles_init[True, self.op_type](lhs, rhs)

    def top_init(self, lhs, rhs, has_lr, has_post):
        """`#if not(HAS_ACTIVATIONS(LHS) or HAS_ACTIVATIONS(RHS) or HAS_ACTIVATIONS(POST))` at the kernel's top."""
        if not (has_lr or has_post):
            self.init(lhs, rhs)

    def after_bcast_pack(self, out):
        """After the unary_bcast pass: the packer back to out (Blackhole only re-runs llk_pack_hw_configure)."""

    def reinit_binary(self, lhs, rhs):
        """row / row-col kernels: binary_tiles_init after the unary_bcast pass, always."""
        self.init(lhs, rhs)

    def reinit_plain(self, lhs, rhs, has_lr, has_post):
        """col / scalar kernels' process_tile: binary_tiles_init when no activations (unary_bcast_init changed
        the unpacker and math)."""
        if not (has_lr or has_post):
            self.init(lhs, rhs)

    def tiles(self, lhs, rhs, out, n, rhs_fixed, has_lr, has_post, post):
        if has_lr or has_post:
            self.init(lhs, rhs)
        tile_regs_acquire()
        op = self.op
        for i in range(n):
            op(lhs, rhs, i, 0 if rhs_fixed else i, i)
            if post is not None:
                post(i)
        tile_regs_commit()
        tile_regs_wait()
        for i in range(n):
            if self.pack_relu:
                _relu_in_packer(i)
            pack_tile(i, out)
        tile_regs_release()


class SfpuMath(FpuMath):
    """The SFPU binary op of binary_ng's SFPU compute kernels: defines BINARY_SFPU_INIT (the op's init) and
    BINARY_SFPU_OP (op(idst0, idst1, odst)); both operands are copied to Dst (lhs to 2i, rhs to 2i + 1,
    copy_tile_to_dst_init_short_with_dt switching SrcA's format) and the result lands in 2i."""

    sfpu = True

    def __init__(self, op, op_init, pack_relu=False):
        super().__init__(op, None, pack_relu)
        self.op_init = op_init

    def init_common(self, lhs, rhs, out):
        unary_op_init_common(lhs, out)

    def init(self, lhs=None, rhs=None):
        self.op_init()

    def after_bcast_pack(self, out):
        pack_hw_configure(out)

    def reinit_binary(self, lhs, rhs):
        pass

    def reinit_plain(self, lhs, rhs, has_lr, has_post):
        pass

    def tiles(self, lhs, rhs, out, n, rhs_fixed, has_lr, has_post, post):
        from tensix.kernel.compute import copy_tile_to_dst_init_short_with_dt
        if has_lr and not has_post:
            self.op_init()
        tile_regs_acquire()
        copy_tile_to_dst_init_short_with_dt(rhs, lhs)
        for i in range(n):
            copy_tile(lhs, i, 2 * i)
        copy_tile_to_dst_init_short_with_dt(lhs, rhs)
        op = self.op
        for i in range(n):
            copy_tile(rhs, 0 if rhs_fixed else i, 2 * i + 1)
            if has_post:
                self.op_init()
            op(2 * i, 2 * i + 1, 2 * i)
            if post is not None:
                post(2 * i)
        tile_regs_commit()
        tile_regs_wait()
        for i in range(n):
            if self.pack_relu:
                _relu_in_packer(2 * i)
            pack_tile(2 * i, out)
        tile_regs_release()


__all__ += ["FpuMath", "SfpuMath"]


# ---- shared set-up of binary_ng's compute and reader kernels ------------------------------------------------------
class Activations:
    """The PROCESS_*_ACTIVATIONS defines of a compute kernel and the CBs they imply: an operand with activations is
    read from its pre CB and goes through c_3 (lhs) / c_4 (rhs) (HAS_ACTIVATIONS, cb_post_lhs / cb_post_rhs)."""

    __slots__ = ("lhs", "rhs", "post", "has_lr", "has_post", "post_lhs", "post_rhs")

    def __init__(self, lhs, rhs, post, cb_pre_lhs, cb_pre_rhs):
        self.lhs, self.rhs, self.post = lhs, rhs, post
        self.has_lr = lhs is not None or rhs is not None
        self.has_post = post is not None
        self.post_lhs = 3 if lhs is not None else cb_pre_lhs
        self.post_rhs = 4 if rhs is not None else cb_pre_rhs

    def operands(self, bcast_input, cb_pre_lhs, cb_pre_rhs):
        """(pre, post, activations) of the broadcast operand and of the other (BCAST_OP / OTHER_OP)."""
        lhs = (cb_pre_lhs, self.post_lhs, self.lhs)
        rhs = (cb_pre_rhs, self.post_rhs, self.rhs)
        return (rhs, lhs) if bcast_input else (lhs, rhs)


def maybe_preprocess(math, operand, cb_out, n):
    """PREPROCESS(op, pre, post, out, n) then post.wait_front(n): the activation pass if the operand has one."""
    pre, post, act = operand
    if act is not None:
        preprocess(math.sfpu, pre, post, cb_out, n, act)
    cb_wait_front(post, n)


def bcast_pass(math, bcast, cb_bcast, cb_llk_post, cb_out, n, reserve_first: bool, pop_bcast: bool):
    """The unary_bcast pass of binary_ng's LLK-broadcast kernels: the broadcast operand's tile expanded into
    cb_llk_post (packer retargeted to it and back). Row kernels reserve cb_llk_post before the init and pop the
    operand right away; col / scalar kernels reserve after the init and pop it at the end of process_tile."""
    from tensix.kernel.compute import pack_reconfig_data_format as reconfig
    cb_wait_front(cb_bcast, n)
    if reserve_first:
        cb_reserve_back(cb_llk_post, n)
    reconfig(cb_out, cb_llk_post)
    unary_bcast_init[bcast](cb_bcast, cb_llk_post)
    if not reserve_first:
        cb_reserve_back(cb_llk_post, n)
    tile_regs_acquire()
    unary_bcast[bcast](cb_bcast, 0, 0)
    tile_regs_commit()
    tile_regs_wait()
    pack_tile(0, cb_llk_post)
    cb_push_back(cb_llk_post, n)
    tile_regs_release()
    if pop_bcast:
        cb_pop_front(cb_bcast, n)
    reconfig(cb_llk_post, cb_out)
    math.after_bcast_pack(cb_out)


def in_chunks(total, per_cycle, fn):
    """The kernels' `full chunks, then the remainder` loop over num_tiles."""
    for _ in range(total // per_cycle):
        fn(per_cycle)
    if total % per_cycle:
        fn(total % per_cycle)


def in_groups(num_tiles, tile_freq, tile_start, fn):
    """The broadcast kernels' loop: complete groups of tile_freq tiles (the first from tile_start), then the rest."""
    complete, remaining = divmod(num_tiles + tile_start, tile_freq)
    for _ in range(complete):
        fn(tile_freq, tile_start)
        tile_start = 0
    if remaining:
        fn(remaining, tile_start)


class NgReader:
    """A kernels_ng reader's runtime args (ng_args) and its two inputs: CB c_0 / c_1 and their TensorAccessors
    (compile-time args: a's TensorAccessorArgs, then b's, then has_sharding). A sharded input (SRC_SHARDED /
    SRC_SHARDED_B: its CB is the core's shard) has no accessor; unless it is the broadcast one, its shard's pages are
    pushed at once (reserve_back / push_back of src_num_tiles) and the loops skip it (`reads_a` / `reads_b`)."""

    __slots__ = ("args", "cb_a", "cb_b", "src_a", "src_b", "sharded_a", "sharded_b", "has_sharding")

    def __init__(self, sharded_a=False, sharded_b=False, bcast_a=False, bcast_b=False):
        from tensix.kernel.dataflow import TensorAccessor, TensorAccessorArgs, get_tile_size
        self.args = ng_args()
        self.cb_a, self.cb_b = 0, 1
        self.sharded_a, self.sharded_b = bool(sharded_a), bool(sharded_b)
        # TensorAccessorArgs<0, 0>(), then <a's next offset>, then has_sharding (a sharded buffer's args are longer)
        args_a = TensorAccessorArgs(0)
        args_b = TensorAccessorArgs(args_a.next_compile_time_args_offset())
        self.src_a = None if sharded_a else TensorAccessor(args_a, self.args.src, get_tile_size(0))
        self.src_b = None if sharded_b else TensorAccessor(args_b, self.args.src_b, get_tile_size(1))
        self.has_sharding = get_compile_time_arg_val(args_b.next_compile_time_args_offset()) == 1
        for cb, sharded, bcast, n in ((0, sharded_a, bcast_a, self.args.src_tiles),
                                      (1, sharded_b, bcast_b, self.args.src_tiles_b)):
            if sharded and not bcast and n:         # 0 pages (a core without a shard) is a no-op on hardware
                cb_reserve_back(cb, n)
                cb_push_back(cb, n)

    def tiles(self):
        a = self.args
        return walk(a.start, a.dst_tiles, a.cND, a.D, a.N, a.C, a.Ht, a.Wt,
                    a.shard_width if self.has_sharding else 0)


def read_one(cb, page, acc, fill=None):
    """reserve_back, read one page, barrier, (fill_tile), push_back: a broadcast operand's or a single read (acc
    None: a sharded input's page, already in its CB, is not read)."""
    from tensix.kernel.dataflow import get_dataformat, get_write_ptr, noc_async_read_barrier, noc_async_read_tile
    cb_reserve_back(cb, 1)
    if acc is not None:
        noc_async_read_tile(page, acc, get_write_ptr(cb))
        noc_async_read_barrier()
    if fill is not None:
        fill_tile(fill, get_dataformat(cb), get_write_ptr(cb))
    cb_push_back(cb, 1)


def read_tiles(reads, wt, tiles):
    """The no-subtile-broadcast readers' loop (binary_ng reader_interleaved_no_bcast, ternary
    ternary_reader_nosubtilebcast_ttt): per output tile of `tiles` (walk's tuples), each operand's tile (its channel
    base from its strides + th * Wt + tw) into its CB, one barrier for all, then the pushes. reads: (cb, accessor,
    strides) of the operands read (not the sharded ones)."""
    from tensix.kernel.dataflow import get_write_ptr, noc_async_read_barrier, noc_async_read_tile
    for ch, th, tw, _, _ in tiles:
        for cb, acc, strides in reads:
            cb_reserve_back(cb, 1)
            noc_async_read_tile(channel_base(ch, strides) + th * wt + tw, acc, get_write_ptr(cb))
        noc_async_read_barrier()
        for cb, _acc, _strides in reads:
            cb_push_back(cb, 1)


def ternary_reader_setup(kernel, sharded):
    """The TTT readers' common part (ternary_reader_*_ttt.cpp, interleaved operands): runtime args 0..24 and the
    compile-time CB ids, TensorAccessorArgs and has_sharding. Returns (operands: [(cb, accessor, strides)] for the
    predicate, true and false tensors, start_tile_id, dst_num_tiles, (cND, D, N, C, Ht, Wt)). Sharded operands and
    has_sharding are refused (NotModelledError naming `kernel`)."""
    from tensix.kernel.dataflow import TensorAccessor, TensorAccessorArgs, get_tile_size
    if any(sharded):
        raise NotModelledError(f"{kernel} with a sharded operand is not modelled by tensix.")
    addrs = [get_arg_val(i) for i in range(3)]
    n_tiles, start = get_arg_val(3), get_arg_val(4)
    strides = [tuple(get_arg_val(i) for i in range(k, k + 4)) for k in (5, 15, 20)]
    d, n, c, ht, wt, cnd = (get_arg_val(i) for i in range(9, 15))
    cbs = [get_compile_time_arg_val(i) for i in range(3)]
    args, off = [], 3
    for _ in range(3):
        a = TensorAccessorArgs(off)
        args.append(a)
        off = a.next_compile_time_args_offset()
    if get_compile_time_arg_val(off) == 1:
        raise NotModelledError(f"{kernel} with has_sharding is not modelled by tensix.")
    ops = [(cb, TensorAccessor(a, addr, get_tile_size(cb)), st) for cb, a, addr, st in zip(cbs, args, addrs, strides)]
    return ops, start, n_tiles, (cnd, d, n, c, ht, wt)


def ternary_sfpu_tile(cbs, cb_out, per_cycle, copy_init, op_init, op_func):
    """One output tile of the ternary SFPU compute kernels (ternary_sfpu_*_ttt.cpp): reserve the output, c_0, c_1,
    c_2 copied to Dst 0, 1, 2 (copy_init before each: copy_tile_to_dst_init_short or copy_tile_init, as the kernel
    calls it), TERNARY_SFPU_OP_INIT / TERNARY_SFPU_OP_FUNC(0, 1, 2, 0), Dst 0 packed, pushed."""
    cb_reserve_back(cb_out, per_cycle)
    tile_regs_acquire()
    for i, cb in enumerate(cbs):
        copy_init(cb)
        copy_tile(cb, 0, i)
    op_init()
    op_func(0, 1, 2, 0)
    tile_regs_commit()
    tile_regs_wait()
    pack_tile(0, cb_out)
    tile_regs_release()
    cb_push_back(cb_out, per_cycle)


def write_tiles(cb_dst, dst, start, n, walk_args):
    """The writers' loop: c_2's pages to the output tiles walk visits (interleaved: start, start + 1, ...), a barrier
    per tile. walk_args: cND, D, N, C, Ht, Wt (and the shard width with has_sharding)."""
    from tensix.kernel.dataflow import get_read_ptr, noc_async_write_barrier, noc_async_write_tile
    _cnd, d, nn, c, ht, wt = walk_args[:6]
    for ch, th, tw, _, _ in walk(start, n, *walk_args):
        cb_wait_front(cb_dst, 1)
        noc_async_write_tile(tile_id(ch, th, tw, d, nn, c, ht, wt), dst, get_read_ptr(cb_dst))
        noc_async_write_barrier()
        cb_pop_front(cb_dst, 1)


__all__ += ["Activations", "maybe_preprocess", "bcast_pass", "in_chunks", "in_groups", "NgReader", "read_one",
            "write_tiles", "read_tiles", "ternary_reader_setup", "ternary_sfpu_tile"]


def rm_chunks(start, num_pages):
    """reader_unary / writer_unary's ROW_MAJOR walk (runtime args 3..7: chunks_per_row, chunk_size,
    last_chunk_size, rows_per_tile, total_rows): per block of rows_per_tile rows and per chunk j of a row, yields
    (first row, rows in the block, byte offset of the chunk in a row, its bytes): one CB page each."""
    chunks, chunk, last_chunk, rows_per_tile, total_rows = (get_arg_val(i) for i in range(3, 8))
    for block in range(start, start + num_pages):
        base = block * rows_per_tile
        rows = min(rows_per_tile, total_rows - base)
        for j in range(chunks):
            yield base, rows, j * chunk, last_chunk if j == chunks - 1 else chunk


def unary_accessor(cb, addr, rm):
    """The unary reader's / writer's TensorAccessor: its page is a tile, or a row of a ROW_MAJOR tensor (the
    factory's TensorAccessorArgs with RuntimeTensorShape carry it in the common runtime args; tensix puts the row's
    size there)."""
    from tensix.kernel.dataflow import TensorAccessor, TensorAccessorArgs, get_common_arg_val, get_tile_size
    return TensorAccessor(TensorAccessorArgs(0), addr, get_common_arg_val(0) if rm else get_tile_size(cb))


__all__ += ["rm_chunks", "unary_accessor", "RmReaderArgs", "read_one_element_rm", "read_rows_rm",
            "bcast_col_rows_rm"]


# ---- binary_ng's row-major readers / writer (kernels_ng/dataflow/*_rm_*.cpp, tt-metal 622c6fb9) ------------------
def align_up(x: int, a: int) -> int:
    """api/alignment.h align(x, a): x rounded up to a multiple of a (a power of two)."""
    return (x + a - 1) & ~(a - 1)


def _rm_strides(D, N, C, Ht, ND):
    """An operand's row strides s_h, s_c, s_n, s_d, s_nd (in rows; 0 along a dim of size 1, as the readers' stride
    expressions give it)."""
    return (0 if Ht == 1 else 1, 0 if C == 1 else Ht, 0 if N == 1 else C * Ht, 0 if D == 1 else N * C * Ht,
            0 if ND == 1 else D * N * C * Ht)


class RmReaderArgs:
    """The 25 runtime args the row-major readers share (reader_interleaved_rm_{no,row,col}_bcast.cpp, in their order:
    src_addr, dst_num_tiles, a's D N C Ht ND, src_addr_b, b's D N C Ht ND, c's Ht C ND, current_block_start,
    rows_per_tile, row_width_elements, page_size_a, page_size_b, alignment_a, alignment_b, tiles_per_row,
    stride_size_bytes), the two TensorAccessorArgs at compile-time offset 0, the element size of c_0's format, and
    `blocks()`: per row block its first row of a and of b and its row count (the readers' nested index walk)."""

    def __init__(self):
        from tensix.kernel.dataflow import CBIndex, TensorAccessorArgs, get_tile_size
        (self.src_addr, self.count, self.aD, self.aN, self.aC, self.aHt, self.aND, self.src_addr_b, self.bD, self.bN,
         self.bC, self.bHt, self.bND, self.cHt, self.cC, self.cND, self.start, self.rows_per_tile,
         self.row_width_elements, self.page_size_a, self.page_size_b, self.alignment_a, self.alignment_b,
         self.tiles_per_row, self.stride_size_bytes) = (get_arg_val(i) for i in range(25))
        self.src_args = TensorAccessorArgs(0)
        self.src_b_args = TensorAccessorArgs(self.src_args.next_compile_time_args_offset())
        self.element_size = get_tile_size(CBIndex.c_0) // 1024     # src_tile_bytes / get_tile_hw (32 x 32 tiles)
        self.row_width_bytes = self.row_width_elements * self.element_size
        self.strides_a = _rm_strides(self.aD, self.aN, self.aC, self.aHt, self.aND)
        self.strides_b = _rm_strides(self.bD, self.bN, self.bC, self.bHt, self.bND)

    def blocks(self):
        sh_a, sc_a, sn_a, sd_a, snd_a = self.strides_a
        sh_b, sc_b, sn_b, sd_b, snd_b = self.strides_b
        for nd, d, n, c, th, limit in rm_row_blocks(self.start, self.count, self.cND, max(self.aD, self.bD),
                                                    max(self.aN, self.bN), self.cC, self.cHt, self.rows_per_tile):
            yield (nd * snd_a + d * sd_a + n * sn_a + c * sc_a + th * sh_a,
                   nd * snd_b + d * sd_b + n * sn_b + c * sc_b + th * sh_b, limit)

    def chunks(self):
        return rm_chunks_of_row(self.row_width_bytes, self.tiles_per_row, self.stride_size_bytes)

    def page_pairs(self):
        """The readers' loop: per row block and per chunk of a row, one page of c_0 and one of c_1 reserved (a's
        first), yielding (row_block_a, row_block_b, limit, off, chunk, l1_a, l1_b); when the body has filled them,
        both pushed (a's first) before the next pair is reserved."""
        from tensix.kernel.dataflow import CBIndex, get_write_ptr
        cb_a, cb_b = CBIndex.c_0, CBIndex.c_1
        for row_block_a, row_block_b, limit in self.blocks():
            for off, chunk in self.chunks():
                cb_reserve_back(cb_a, 1)
                l1_a = get_write_ptr(cb_a)
                cb_reserve_back(cb_b, 1)
                l1_b = get_write_ptr(cb_b)
                yield row_block_a, row_block_b, limit, off, chunk, l1_a, l1_b
                cb_push_back(cb_a, 1)
                cb_push_back(cb_b, 1)

    def accessors(self, one_element_a: bool = False, one_element_b: bool = False):
        """TensorAccessor(a) and TensorAccessor(b) with their pages aligned up to the operand's alignment: a row's
        page_size, or one element's for the operand a column / scalar broadcast reads element by element."""
        from tensix.kernel.dataflow import TensorAccessor
        es = self.element_size
        size_a = align_up(es if one_element_a else self.page_size_a, self.alignment_a)
        size_b = align_up(es if one_element_b else self.page_size_b, self.alignment_b)
        return (TensorAccessor(self.src_args, self.src_addr, size_a),
                TensorAccessor(self.src_b_args, self.src_addr_b, size_b))


def read_rows_rm(acc, row_block, s_h, limit, off, l1, chunk, alignment):
    """The row-major readers' row loop: `limit` rows of an operand from row_block (s_h rows apart), each read from byte
    `off` with its length aligned up to the operand's alignment, landing `chunk` bytes apart from l1 (no barrier: the
    readers place it)."""
    from tensix.kernel.dataflow import noc_async_read
    length = align_up(chunk, alignment)
    for k in range(limit):
        noc_async_read(acc.get_noc_addr(row_block + k * s_h, off), l1, length)
        l1 += chunk


def bcast_col_rows_rm(acc, row_block, s_h, limit, l1, chunk, elems, element_size, alignment):
    """The column-broadcast operand's rows of a row block: from the block's last row (k = limit - 1) down to its
    first, as the card, each row's one datum read into a scratch slot of the page at l1 and spread over row k
    (read_one_element_rm), rows `chunk` bytes apart."""
    for k in range(limit - 1, -1, -1):
        read_one_element_rm(acc, row_block + k * s_h, l1, l1 + k * chunk, elems, element_size, alignment)


def read_one_element_rm(acc, page, scratch_base, dst, elems, element_size, alignment):
    """The column / scalar broadcast readers' per-row step (copy_one_element, then fill_first_column): the page's
    first element read to scratch_base + the source address's low bits (a scratch slot in the CB page), copied to
    dst, then spread over the row's `elems` elements there."""
    from tensix.kernel.dataflow import l1_ptr as _l1_ptr
    from tensix.kernel.dataflow import noc_async_read, noc_async_read_barrier
    dt = {1: np.uint8, 2: np.uint16, 4: np.uint32}[element_size]
    addr = acc.get_noc_addr(page)
    scratch = scratch_base + (addr & (alignment - 1))
    noc_async_read(addr, scratch, element_size)
    noc_async_read_barrier()
    _l1_ptr(dst, dt, 1)[0] = _l1_ptr(scratch, dt, 1)[0]
    fill_first_column_rm(element_size, dst, elems)


def rm_row_blocks(start: int, count: int, outND: int, outD: int, outN: int, outC: int, outHt: int,
                  rows_per_tile: int):
    """The row-block walk of the row-major kernels: current_block_start decomposed into (start_th, start_c, start_n,
    start_d, start_nd) with row_blocks_per_channel = ceil(outHt / rows_per_tile); the five loops (each inner start
    reset once its outer loop moves on) stop after `count` row blocks. Yields (nd, d, n, c, th, limit): the block's
    first row th of its channel and its rows (rows_per_tile, fewer at the channel's end)."""
    if count <= 0 or rows_per_tile == 0:
        return
    per_channel = (outHt + rows_per_tile - 1) // rows_per_tile
    if per_channel == 0:
        return
    tmp = start
    start_th = (tmp % per_channel) * rows_per_tile
    tmp //= per_channel
    start_c = tmp % outC
    tmp //= outC
    start_n = tmp % outN
    tmp //= outN
    start_d = tmp % outD
    tmp //= outD
    start_nd = tmp
    done = 0
    nd = start_nd
    while nd < outND and done < count:
        d = start_d
        while d < outD and done < count:
            n = start_n
            while n < outN and done < count:
                c = start_c
                while c < outC and done < count:
                    th = start_th
                    while th < outHt and done < count:
                        yield nd, d, n, c, th, min(outHt - th, rows_per_tile)
                        done += 1
                        th += rows_per_tile
                    c += 1
                    start_th = 0
                n += 1
                start_c = 0
            d += 1
            start_n = 0
        nd += 1
        start_d = 0


def rm_chunks_of_row(row_width_bytes: int, tiles_per_row: int, stride_size_bytes: int):
    """The chunks of a row the row-major kernels move as one CB page each: (current_chunk_offset,
    current_chunk_bytes) for t_i < tiles_per_row (offset t_i * stride, bytes min(stride, row bytes - offset), the
    C++'s uint32 subtraction)."""
    for t_i in range(tiles_per_row):
        off = t_i * stride_size_bytes
        left = (row_width_bytes - off) & 0xFFFFFFFF
        yield off, min(stride_size_bytes, left)


def fill_first_row_rm(element_size: int, l1_addr: int, row_width: int, num_rows: int):
    """FILL_TILE_WITH_FIRST_ROW_RM of fill_tile_utils.hpp: fill_tile_with_first_row_rm (a's dtype 32-bit) or
    fill_tile_with_first_row_rm_bfloat16 (u32 words: row i at i * (row_width >> 1) words, then the last datum of
    an odd width by u16) - rows 1 .. num_rows - 1 copies of row 0."""
    if num_rows <= 1:
        return
    if element_size == 4:
        p = l1_ptr(l1_addr, np.uint32, num_rows * row_width)
        for r in range(1, num_rows):
            p[r * row_width:(r + 1) * row_width] = p[:row_width]
        _charge((num_rows - 1) * row_width, (num_rows - 1) * row_width)
        return
    words = row_width >> 1
    if words:
        p32 = l1_ptr(l1_addr, np.uint32, num_rows * words)
        for r in range(1, num_rows):
            p32[r * words:(r + 1) * words] = p32[:words]
    if row_width & 1:
        p16 = l1_ptr(l1_addr, np.uint16, num_rows * row_width)
        last = row_width - 1
        for r in range(1, num_rows):
            p16[r * row_width + last] = p16[last]
    n = (num_rows - 1) * (words + (row_width & 1))
    _charge(n, n)


def fill_first_column_rm(element_size: int, l1_addr: int, row_width: int):
    """FILL_TILE_WITH_FIRST_COLUMN_RM: the row's first datum over its row_width datums (fill_tile_with_first_column_rm
    for 32-bit a, else the _bfloat16 variant: the u16 doubled into u32 words, an odd width's last datum by u16)."""
    if element_size == 4:
        p = l1_ptr(l1_addr, np.uint32, max(1, row_width))
        p[1:row_width] = p[0]
        _charge(max(0, row_width - 1), 1)
        return
    p16 = l1_ptr(l1_addr, np.uint16, max(1, row_width))
    first = int(p16[0])
    words = row_width >> 1
    if words:
        l1_ptr(l1_addr, np.uint32, words)[:] = np.uint32((first << 16) | first)
    if row_width & 1:
        p16[row_width - 1] = first
    _charge(words + (row_width & 1), 1)


__all__ += ["align_up", "rm_row_blocks", "rm_chunks_of_row", "fill_first_row_rm", "fill_first_column_rm"]
