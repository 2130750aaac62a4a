"""binary_dest_reuse_tiles: an eltwise binary op whose one operand is a Dst tile (tt-metal 622c6fb9
api/compute/eltwise_binary.h ``binary_dest_reuse_tiles_init<type, reuse>(icb)`` / ``binary_dest_reuse_tiles<type,
reuse>(in_cb, in_tile, dst_tile)``; tt-llk llk_math_eltwise_binary.h ``_llk_math_eltwise_binary_with_dest_reuse_``).

Per face MOVD2A (DEST_TO_SRCA) or MOVD2B (DEST_TO_SRCB) moves the Dst tile into that Src, ZEROACC clears it, the
unpacker brings the CB tile into the other Src (unpack A into the free one) and ELWADD / ELWSUB / ELWMUL write the
result into the same Dst tile (ELWMUL with its fidelity phases, accumulating onto the cleared Dst: mul_tiles'
numerics). The init programs the unpacker and the math thread for it and keeps the formats. Modelled for a 16-bit Dst
(its BF16 datums move to Src exactly) and, for DEST_TO_SRCB, a 32-bit Dst (MOVD2B truncates each FP32 datum to TF32
or BF16 as the SrcA format says, ISA MOVD2B.md; binary_dest_reuse_tiles passes clear_fp32_dst_acc, so ZEROACC clears
the whole 32-bit tile); DEST_TO_SRCA on a 32-bit Dst (MOVD2A) raises NotModelledError."""

from __future__ import annotations

import enum

import numpy as np

from tensix.device import formats, fpu
from tensix.device.errors import ComputeInitError
from tensix.errors import NotModelledError
from tensix.kernel import compute as _c
from tensix.kernel import hwconfig

__all__ = ["EltwiseBinaryReuseDestType", "binary_dest_reuse_tiles_init", "binary_dest_reuse_tiles"]


class EltwiseBinaryReuseDestType(enum.Enum):
    NONE = 0
    DEST_TO_SRCA = 1
    DEST_TO_SRCB = 2


_OPS = {"ELWADD": "add", "ELWSUB": "sub", "ELWMUL": "mul"}


def _mode(op, reuse):
    return ("dest_reuse", op, reuse.name)


for _op, _elw in (("add", "ELWADD"), ("sub", "ELWSUB"), ("mul", "ELWMUL")):
    for _r in ("DEST_TO_SRCA", "DEST_TO_SRCB"):
        hwconfig.EXTRA_MODES[("dest_reuse", _op, _r)] = f"{_elw} with {_r} (binary_dest_reuse_tiles_init)"
        hwconfig.EXTRA_MODES[("dest_reuse_unpack", _r)] = f"unpack A into the Src {_r} leaves free"


def _targs(targs):
    targs = targs if isinstance(targs, tuple) else (targs,)
    etype = targs[0] if targs else _c.EltwiseBinaryType.ELWADD
    reuse = EltwiseBinaryReuseDestType(targs[1] if len(targs) > 1 else EltwiseBinaryReuseDestType.NONE)
    op = _OPS.get(getattr(etype, "name", str(etype)))
    if op is None:
        raise ComputeInitError(f"binary_dest_reuse_tiles: {etype!r} is not an EltwiseBinaryType (ELWADD / ELWSUB / "
                               "ELWMUL).")
    if reuse == EltwiseBinaryReuseDestType.NONE:
        raise ComputeInitError("binary_dest_reuse_tiles with EltwiseBinaryReuseDestType::NONE: tt-llk rejects it "
                               "(static_assert).\nFix: DEST_TO_SRCA or DEST_TO_SRCB, or add_tiles / mul_tiles.")
    return op, reuse


class _Init:
    """`binary_dest_reuse_tiles_init[EltwiseBinaryType.ELWMUL, EltwiseBinaryReuseDestType.DEST_TO_SRCA](icb)`."""

    __name__ = __qualname__ = "binary_dest_reuse_tiles_init"

    def __getitem__(self, targs):
        op, reuse = _targs(targs)

        def init(icb0):
            call = "binary_dest_reuse_tiles_init"
            _c._configure(call)
            th, cs = _c._cs(call)
            where = f"{call} at {th.source_line_now()}"
            cs.hw.unpack, cs.hw.by["unpack"] = ("dest_reuse_unpack", reuse.name), where
            cs.hw.math, cs.hw.by["math"] = _mode(op, reuse), where
            cs.hw.set(where)
        return init


class _Tiles:
    """`binary_dest_reuse_tiles[EltwiseBinaryType.ELWMUL, EltwiseBinaryReuseDestType.DEST_TO_SRCA](cb, itile, idst)`."""

    __name__ = __qualname__ = "binary_dest_reuse_tiles"

    def __getitem__(self, targs):
        op, reuse = _targs(targs)

        def tiles(in_cb_id, in_tile_index, dst_tile_index):
            call = "binary_dest_reuse_tiles"
            th, cs = _c._cs(call)
            dst = cs.need_math(call)
            cs.check_dst(dst_tile_index, call)
            hw = cs.hw
            for unit, have, want in (("unpacker", hw.unpack, ("dest_reuse_unpack", reuse.name)),
                                     ("math thread", hw.math, _mode(op, reuse))):
                if have != want:
                    raise ComputeInitError(
                        f"{call} at {_c._where(th)}: the {unit} is programmed for {hwconfig.describe(have)}, not for "
                        f"{hwconfig.describe(want)}.\nFix: call binary_dest_reuse_tiles_init with the same template "
                        f"arguments before {call}.")
            cb = _c._cb(th, in_cb_id, call)
            reg = "SrcB" if reuse == EltwiseBinaryReuseDestType.DEST_TO_SRCA else "SrcA"
            if hw.src[0 if reg == "SrcA" else 1] != cb.fmt:
                raise ComputeInitError(
                    f"{call} at {_c._where(th)}: CB {cb.index} holds {formats._fmt(cb.fmt).name} tiles but the "
                    f"unpacker's {reg} format is {hwconfig._fmt(hw.src[0 if reg == 'SrcA' else 1])}.\nFix: "
                    "reconfig_data_format first.")
            if cs.fp32:
                d = _movd2b_32(dst[dst_tile_index], cb.fmt, reuse, call, _c._where(th))
            else:
                d = formats.dest_to_float(dst[dst_tile_index], False)       # BF16 datums: exact in Src
            src = formats.unpack_to_src(cs.tile_bytes(cb, in_tile_index, call), cb.fmt, fp32_dest=cs.fp32)
            a, b = (d, src) if reuse == EltwiseBinaryReuseDestType.DEST_TO_SRCA else (src, d)
            cs.write_whole(dst_tile_index)
            dst[dst_tile_index] = fpu.eltwise_binary(op, a, b, None, cs.fidelity, cs.fp32)
            cs.unpack_math(_c._unpack_cost(cb), _c._C_ELT)
        return tiles


_SRC_BF16 = (formats.DataFormat.Float16_b, formats.DataFormat.Bfp8_b, formats.DataFormat.Bfp4_b)


def _movd2b_32(dst_bits, srca_cb_fmt, reuse, call, where):
    """MOVD2B (UseDst32bLo = 0) of a 32-bit Dst tile (ISA MOVD2B.md): the SrcB style follows the SrcA format the
    unpacker was configured with (here the CB's, unpacked into SrcA): TF32 (a Float32 CB with fp32_dest_acc_en,
    tt-metal's Tf32 unpacker output) keeps the top 19 bits (FP32 -> TF32, truncated); BF16 / BFP formats keep the top
    16 (FP32 -> BF16, truncated). Returns float32 values (the Src datums). DEST_TO_SRCA (MOVD2A) is refused."""
    if reuse != EltwiseBinaryReuseDestType.DEST_TO_SRCB:
        raise NotModelledError(f"{call} at {where} with fp32_dest_acc_en and DEST_TO_SRCA: MOVD2A of a 32-bit Dst is "
                               "not modelled (only MOVD2B, DEST_TO_SRCB).\nFix: a 16-bit Dst.")
    fmt = formats._fmt(srca_cb_fmt)
    if fmt == formats.DataFormat.Float32:
        mask = 0xFFFFE000
    elif fmt in _SRC_BF16:
        mask = 0xFFFF0000
    else:
        raise NotModelledError(f"{call} at {where} with fp32_dest_acc_en: MOVD2B with a SrcA format from "
                               f"{fmt.name} tiles (not Float32, Float16_b or BFP) is not modelled.")
    return (np.asarray(dst_bits).astype(np.uint32) & np.uint32(mask)).view(np.float32)


binary_dest_reuse_tiles_init = _Init()
binary_dest_reuse_tiles = _Tiles()
