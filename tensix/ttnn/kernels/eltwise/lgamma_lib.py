"""The compute API calls of ttnn.lgamma's kernels (lgamma_kernel / lgamma_fast_kernel) that tensix.kernel lacks:
fill_tile(idst, float), rounding_op_tile_init() and the four-tile lgamma_adjusted_tile / lgamma_adjusted_tile_init
(tt-metal 622c6fb9 api/compute/eltwise_unary/fill.h, rounding.h, lgamma.h).

fill_tile runs tt-llk's ``_calculate_fill_`` (each row an SFPSTORE of the float: fill_lib.fill_tile_bitcast of its
float32 bits); lgamma_adjusted_tile is tensix.sfpi.llk_trig's calculate_lgamma_adjusted in the ternary SFPU driver,
called as the binary ops are (tensix.kernel.sfpu_ops), with four Dst tile indices."""

import numpy as np

from tensix.kernel import sfpu_ops as _S
from tensix.kernel.compute import _cs, _run_sfpu
from tensix.kernel.sfpu_batch import compiled_of
from tensix.sfpi import llk, llk_trig
from tensix.ttnn.kernels.reduction.fill_lib import fill_tile_bitcast, fill_tile_init  # noqa: F401  (re-exported)


def fill_tile(idst, param0):
    """fill_tile(idst, value) (fill.h -> tt-llk ``_calculate_fill_<APPROX, 8>(value)``): every datum of Dst tile idst
    = the float32 of `value` (vFloat fill_val = value; SFPSTORE per row)."""
    fill_tile_bitcast(idst, int(np.float32(param0).view(np.uint32)))


def rounding_op_tile_init():
    """rounding_op_tile_init() (rounding.h: SFPU_UNARY_INIT(unused)): the unary SFPU init floor_tile_init runs."""
    _S.floor_tile_init()


class _TernaryOp(_S._BinaryOp):
    """A four-tile SFPU op: ``name_tile(idst0, idst1, idst2, odst)`` (the ternary driver: Dst base at tile 0, the tiles
    as SFPLOAD / SFPSTORE offsets)."""

    def __call__(self, idst0, idst1, idst2, odst):
        th, cs = _cs(self.name)
        tiles = (idst0, idst1, idst2, odst)
        for i in tiles:
            if i.__class__ is not int or not 0 <= i < cs.capacity:
                cs.check_dst(i, self.name)
        args = (cs.approx, cs.fp32, tiles)
        compiled = compiled_of(self.spec.program, args)
        self._check(th, cs, self.spec, (), compiled, self.name)
        _run_sfpu(self.spec.program, args, 0)
        self._after(cs, compiled, ("written by an op", f"written by {self.name}"), False)


_lgamma_adjusted = _TernaryOp("lgamma_adjusted", _S._BinarySpec(llk.BinaryOp(**llk_trig.LGAMMA_ADJUSTED)))


def lgamma_adjusted_tile(idst0, idst1, idst2, idst3):
    """lgamma_adjusted_tile(idst0, idst1, idst2, idst3) (lgamma.h -> calculate_lgamma_adjusted): Dst[idst3] = the
    reflection-adjusted lgamma from the Stirling result (idst0), ln|sin(pi x)| (idst1) and x (idst2)."""
    _lgamma_adjusted(idst0, idst1, idst2, idst3)


def lgamma_adjusted_tile_init():
    """lgamma_adjusted_tile_init() (SFPU_TERNARY_INIT(lgamma)): no programmable constants."""
    _lgamma_adjusted.init()
