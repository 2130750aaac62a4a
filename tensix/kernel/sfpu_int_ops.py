"""The integer SFPU tile ops of tt-metal 622c6fb9 that run tensix.sfpi.llk_int's instruction lists:
``rsub_int_tile<data_format>(idst0, idst1, odst)`` / ``rsub_int_tile_init()`` (api/compute/sub_int_sfpu.h) and
``abs_tile_int32(idst)`` (api/compute/compute_kernel_api.h, after ``abs_tile_init()``). mul_int_tile<Int32 / UInt32>
is tensix.kernel.sfpu_ops.mul_int_tile (one op for the three formats, as in C++)."""

from __future__ import annotations

from tensix.kernel.sfpu_ops import _BinaryOp, _BinarySpec, _ListOp, _make, _regs
from tensix.sfpi import llk_int
from tensix.sfpi.llk import BinaryOp

rsub_int_tile = _ListOp(
    "rsub_int_tile", 3, ("Int32", "UInt32", "UInt16"), None, llk_int.rsub_int_programs,
    """``rsub_int_tile<data_format>(idst0, idst1, odst)`` (622c6fb9 api/compute/sub_int_sfpu.h): Dst[odst] =
    Dst[idst1] - Dst[idst0] as Int32, UInt32 or UInt16 integers, wrapping (calculate_rsub_int: one SFPIADD with the
    2's complement of the destination operand per row, tensix.sfpi.llk_int.rsub_int_face).""")


def rsub_int_tile_init(data_format=None):
    """rsub_int_tile_init(): SFPU_BINARY_INIT (the binary SFPU init)."""
    rsub_int_tile.init("Int32" if data_format is None else data_format)


_abs_int32 = _ListOp(
    "abs_tile_int32", 1, ("Int32",), "Int32", llk_int.abs_int32_programs,
    """``abs_tile_int32(idst)`` (622c6fb9 api/compute/compute_kernel_api.h, after abs_tile_init()): |x| of the int32
    words of Dst tile idst (calculate_abs_int32: SFPABS in integer mode; INT32_MIN stays INT32_MIN).""")


def abs_tile_int32(idst):
    """abs_tile_int32(idst) (622c6fb9 calculate_abs_int32): |x| of Dst tile idst's int32 words, after abs_tile_init();
    INT32_MIN stays INT32_MIN (the two's complement negation wraps)."""
    _abs_int32(idst, "Int32")


binary_logical_right_shift_tile = _ListOp(
    "binary_logical_right_shift_tile", 3, ("Int32", "UInt32", "UInt16"), None, llk_int.logical_right_shift_programs,
    """``binary_logical_right_shift_tile<data_format>(idst0, idst1, odst)`` (622c6fb9 api/compute/binary_shift.h, after
    binary_shift_tile_init()): Dst[odst] = Dst[idst0] >> Dst[idst1] as unsigned bits (0 for an amount outside
    [0, 32); calculate_logical_right_shift, tensix.sfpi.llk_int.logical_right_shift_face).""")


def negative_tile_int32(idst):
    """negative_tile_int32(idst) (622c6fb9 api/compute/eltwise_unary/negative.h, after negative_tile_init()): -x of Dst
    tile idst's int32 words, wrapping (tt-llk's _calculate_negative_int_: tensix.sfpi.llk_int.negative_int32_program,
    in the unary driver's RC walk at Dst tile idst)."""
    from tensix.kernel.compute import _cs, _run_sfpu
    _th, cs = _cs("negative_tile_int32")
    _run_sfpu(llk_int.negative_int32_program, (cs.approx, cs.fp32), idst)
    _regs(cs).tables = None     # its code used the LRegs: LUT tables an earlier init loaded are gone


_SCALAR_OPS: dict = {}


def _binop_scalar(op, idst, scalar):
    key = (op, int(scalar) & 0xFFFFFFFF)
    lop = _SCALAR_OPS.get(key)
    if lop is None:
        name = "rsub_unary_int32_tile" if op == "rsub" else f"{op}_unary_tile_int32"
        lop = _SCALAR_OPS[key] = _ListOp(name, 1, ("Int32",), "Int32",
                                         lambda fmt, tiles: llk_int.binop_scalar_int32_programs(op, key[1], tiles),
                                         f"{name}(idst, scalar): tensix.sfpi.llk_int.binop_scalar_int32_face")
    lop(idst, "Int32")


def add_unary_tile_int32(idst, param1):
    """add_unary_tile_int32(idst, param1) (622c6fb9 binop_with_scalar.h, after binop_with_scalar_tile_init()): the
    int32 words of Dst tile idst plus the int32 param1, wrapping (calculate_add_int32; ttnn runs it for UINT32 too)."""
    _binop_scalar("add", idst, param1)


def sub_unary_tile_int32(idst, param1):
    """sub_unary_tile_int32(idst, param1): the words minus param1, wrapping (calculate_sub_int32)."""
    _binop_scalar("sub", idst, param1)


def rsub_unary_int32_tile(idst, scalar):
    """rsub_unary_int32_tile(idst, scalar) (622c6fb9 api/compute/eltwise_unary/rsub.h, after
    rsub_unary_int32_tile_init()): scalar minus the words, wrapping (calculate_rsub_scalar_int32)."""
    _binop_scalar("rsub", idst, scalar)


def rsub_unary_int32_tile_init():
    """rsub_unary_int32_tile_init(): SFPU_UNARY_INIT(unused) (the unary SFPU init, no constants)."""
    _ListOp("rsub_unary_int32_tile", 1, ("Int32",), "Int32",
            lambda fmt, tiles: llk_int.binop_scalar_int32_programs("rsub", 0, tiles), "").init("Int32")


def _floor_trunc(floor):
    def program(approx, fp32_dest, tiles):
        llk_int.div_int32_floor_trunc_program(approx, fp32_dest, floor, tiles)
    program.__name__ = program.__qualname__ = f"div_int32_{'floor' if floor else 'trunc'}_program"
    return program


# binary SFPU ops of SFPI kernels (binary driver, Dst base 0; the init loads the op's constants)
div_int32_tile, div_int32_tile_init = _make(_BinaryOp("div_int32", _BinarySpec(BinaryOp(
    "div_int32", llk_int.div_int32_program, "Dst[odst] = float(Dst[idst0]) * 1/float(Dst[idst1]) of two int32 tiles "
    "(1.0 where they are equal and not 0; 622c6fb9 calculate_div_int32).", llk_int.div_int32_init))))
div_int32_floor_tile, div_int32_floor_tile_init = _make(_BinaryOp("div_int32_floor", _BinarySpec(BinaryOp(
    "div_int32_floor", _floor_trunc(True), "Dst[odst] = floor(Dst[idst0] / Dst[idst1]) of int32 tiles (622c6fb9 "
    "calculate_div_int32_floor).", llk_int.div_trunc_init))))
div_int32_trunc_tile, div_int32_trunc_tile_init = _make(_BinaryOp("div_int32_trunc", _BinarySpec(BinaryOp(
    "div_int32_trunc", _floor_trunc(False), "Dst[odst] = trunc(Dst[idst0] / Dst[idst1]) of int32 tiles (622c6fb9 "
    "calculate_div_int32_trunc).", llk_int.div_trunc_init))))

__all__ = ["rsub_int_tile", "rsub_int_tile_init", "abs_tile_int32", "binary_logical_right_shift_tile",
           "negative_tile_int32", "add_unary_tile_int32", "sub_unary_tile_int32", "rsub_unary_int32_tile",
           "rsub_unary_int32_tile_init",
           *[f"div_int32{s}_tile{i}" for s in ("", "_floor", "_trunc") for i in ("", "_init")]]
