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

The inits are SFPU_UNARY_INIT (the common SFPU init, no constants). The int32 variants are not modelled."""

from __future__ import annotations

from tensix.sfpi import lib, v_if, vec_min_max
from tensix.sfpi.rewrite import sfpi_inline
from tensix.sfpi.vector import reinterpret, vFloat, vUInt


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


_PROGRAMS = {"relu_max": relu_max_program, "relu_min": relu_min_program, "leaky_relu": lrelu_program}


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
