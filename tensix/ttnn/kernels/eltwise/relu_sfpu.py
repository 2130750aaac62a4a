"""The compute API's relu family beyond relu_tile, for ttnn.relu6 / relu_max / relu_min / leaky_relu, from tt-metal
622c6fb9 tt_metal/hw/inc/api/compute/eltwise_unary/relu.h and tt-llk tt_llk_wormhole_b0/common/inc/sfpu/
ckernel_sfpu_relu.h (wormhole llk_sfpu/ckernel_sfpu_relu.h for calculate_lrelu):

- ``relu_max_tile(idst, bits)`` -> ``_relu_max_<vFloat, APPROX, 8, uint32_t>``: threshold = the float of `bits`; per
  row ``v_if (x > threshold) x = threshold; v_endif; v_if (x < 0) x = 0; v_endif``. ttnn.relu6 is relu_max with
  0x40c00000 (6.0).
- ``relu_min_tile(idst, bits)`` -> ``_relu_min_<vFloat, ...>``: the threshold's bits in LREG2 (_sfpu_load_imm32_),
  per row SFPLOAD, SFPMOV LREG2 -> LREG1, SFPSWAP(LREG1, LREG0, 1) (the larger in sign-magnitude order to LREG1),
  SFPSTORE LREG1: max(x, threshold).
- ``leaky_relu_tile(idst, slope_bits)`` -> ``calculate_lrelu`` -> ``_calculate_lrelu_``: slope in LREG2 (two
  SFPLOADI), per row SFPLOAD, SFPSETCC (x negative, the sign bit), SFPMUL x * slope + 0 under that condition,
  SFPENCC, SFPSTORE.

- ``relu_max_tile_int32(idst, bits)`` / ``relu_min_tile_int32(idst, int)``: the vInt forms (the threshold converted on
  the RISC-V: int(float) for relu_max, sign-magnitude for relu_min's SFPSWAP).

The inits are SFPU_UNARY_INIT (the common SFPU init, no constants)."""

from __future__ import annotations

import numpy as np

from tensix.sfpi import lib, llk, v_if, vec_min_max
from tensix.sfpi.rewrite import sfpi_inline
from tensix.sfpi.vector import dst_reg, reinterpret, vFloat, vInt, vUInt


def _faces(row):
    lib._unary_tile(row)


def relu_max_program(approx, fp32_dest, bits):
    """``_relu_max_<vFloat, APPROX, 8, uint32_t>(bits)`` over the tile (VectorMode::RC)."""
    threshold = reinterpret(vFloat, vUInt(bits))
    _faces(lambda v: lib.relu_max_body(v, threshold))


def relu_min_program(approx, fp32_dest, bits):
    """``_relu_min_<vFloat, APPROX, 8, uint32_t>(bits)``: SFPSWAP keeps max(x, threshold) (sign-magnitude)."""
    threshold = reinterpret(vFloat, vUInt(bits))
    _faces(lambda v: vec_min_max(v, threshold)[1])


@sfpi_inline
def _lrelu_row(v, slope):
    with v_if(v < 0.0):
        v = v * slope
    return v


def lrelu_program(approx, fp32_dest, bits):
    """``_calculate_lrelu_<APPROX>(8, slope)`` over the tile (VectorMode::RC)."""
    slope = reinterpret(vFloat, vUInt(bits))
    _faces(lambda v: _lrelu_row(v, slope))


def relu_max_int32_program(approx, fp32_dest, threshold):
    """``_relu_max_<vInt, APPROX, 8, uint32_t>`` (relu_max_tile_int32) with the threshold the RISC-V computed
    (static_cast<int>(the float of the bits)): per row the vInt compares of _relu_max_impl_ (v > threshold, then
    v < 0, each sfpi's integer compare: SFPIADD and the sign)."""
    def face():
        t = vInt(threshold)
        for _ in range(8):
            dst_reg[0] = _relu_max_int_row(vInt(dst_reg[0]), t)
            dst_reg += 1
    llk._faces(face)


@sfpi_inline
def _relu_max_int_row(v, threshold):
    with v_if(v > threshold):
        v = threshold
    with v_if(v < 0):
        v = vInt(0)
    return v


def relu_min_int32_program(approx, fp32_dest, threshold_smag):
    """``_relu_min_<vInt, ...>`` (relu_min_tile_int32): tt-llk's instruction list (tensix.sfpi.llk)."""
    return llk.relu_min_int32_program(threshold_smag)


_PROGRAMS = {"relu_max": relu_max_program, "relu_min": relu_min_program, "leaky_relu": lrelu_program,
             "relu_max_int32": relu_max_int32_program}


def int32_threshold(value: float, what: str) -> int:
    """static_cast<int32_t>(float) on the RISC-V (truncation toward zero); a value outside int32 (or NaN) is undefined
    behaviour in C++, refused here."""
    import math
    f = float(np.float32(value))
    if math.isnan(f) or not -2.0 ** 31 <= f < 2.0 ** 31:
        from tensix.errors import NotModelledError
        raise NotModelledError(f"{what}: the threshold {value!r} does not fit int32, and its conversion on the RISC-V "
                               "(static_cast<int32_t>) is undefined behaviour.")
    return int(f)


def relu_min_int32_init_and_func(threshold: int):
    """(relu_min_tile_init(), relu_min_tile_int32(idst, threshold)): the RISC-V's conversion of the int threshold to
    sign-magnitude (-INT_MIN wraps, so INT_MIN becomes 0x80000000), then tt-llk's list."""
    scalar = threshold & 0xFFFFFFFF
    if threshold < 0:
        scalar = 0x80000000 | ((-threshold) & 0xFFFFFFFF & 0x7FFFFFFF)
    program = relu_min_int32_program(False, True, scalar)

    def init():
        from tensix.kernel.compute import _init
        _init("relu_min_tile_init")

    def func(idst):
        from tensix.kernel.compute import _run_sfpu
        _run_sfpu(program, (), idst)
    return init, func


def init_and_func(name: str, bits: int):
    """(``<name>_tile_init()``, ``<name>_tile(idst, bits)``) as callables: init(), func(idst)."""
    program = _PROGRAMS[name]
    bits = int(bits) & 0xFFFFFFFF

    def init():
        from tensix.kernel.compute import _init
        _init(f"{name}_tile_init")

    def func(idst):
        from tensix.kernel import _ctx
        from tensix.kernel.compute import _run_sfpu
        cs = _ctx.th.compute
        _run_sfpu(program, (cs.approx, cs.fp32, bits), idst)
    return init, func
