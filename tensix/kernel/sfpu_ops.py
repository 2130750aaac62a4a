"""tt-metal's unary SFPU tile operations as compute kernel calls: ``exp_tile_init(); exp_tile(idst)``, ...

Each op runs an SFPI program of :mod:`tensix.sfpi.llk` on Dst tile ``idst`` of the math thread's section, the way
the LLK SFPU driver walks a tile (VectorMode::RC: four faces of eight row-pair iterations). It is queued like any
SFPU call (``call_sfpu``): the numbers are the SFPU model's, bit for bit, and the math thread is charged the
program's static cycles.

Template parameters are keyword arguments, or a subscript as in C++: ``exp_tile[True](0)`` is
``exp_tile<true>(0)``, ``exp_tile(0, approx=True)``.

The init call (``exp_tile_init()``, ...) costs what every compute init costs on the three TRISCs and, for an op
whose SFPU code reads programmable constants (vConstFloatPrgm0..2), runs the SFPCONFIG program that loads them
(queued behind this core's earlier SFPU calls). Calling such an op when the last op init of the core was for
another op, or with other template parameters, would compute with someone else's constants on hardware: tensix
refuses it (``SfpuInitError``). Ops without programmable constants need no particular init; exp's init also
reloads the constants on hardware (with values that changed between tt-metal versions, which exp_21f does not
read), so an op that needs its own constants must be initialised again after it.
"""

from __future__ import annotations

import enum

from tensix.device.errors import ComputeInitError, KernelError
from tensix.kernel import _ctx
from tensix.kernel.compute import _cs, _init, _run_sfpu, configure_sfpu
from tensix.sfpi import llk


class VectorMode(enum.Enum):
    """tt-metal's VectorMode for the LLK SFPU driver: which faces of the tile the face function runs on."""
    R = "r"
    C = "c"
    RC = "rc"


def llk_math_eltwise_unary_sfpu_0_param(first_func, func, dst_index, vector_mode=VectorMode.RC, *args):
    """Seed 002's form of an SFPU call: `func` processes ONE face (typically 8 iterations of dst_reg[0] ...
    dst_reg += 1) and the driver runs it over the faces `vector_mode` selects, on Dst tile dst_index
    (tensix.sfpi.llk.face_program). Template arguments of the C++ functions are not needed: pass the Python
    functions. Extra arguments go to both functions (the _1_param / _2_param forms)."""
    _run_sfpu(llk.face_program, (first_func, func, VectorMode(vector_mode).value, *args), dst_index)


llk_math_eltwise_unary_sfpu_1_param = llk_math_eltwise_unary_sfpu_0_param
llk_math_eltwise_unary_sfpu_2_param = llk_math_eltwise_unary_sfpu_0_param


class SfpuInitError(ComputeInitError):
    """An SFPU tile op whose programmable constants were not loaded by its own init call."""


class _UnaryOp:
    """One compute API op: ``name_tile(idst, **template)`` and ``name_tile_init(**template)``."""

    def __init__(self, name, spec: llk.UnaryOp):
        self.name = f"{name}_tile"
        self.spec = spec
        self.__name__ = self.__qualname__ = self.name
        self.__doc__ = f"{self.name}(idst, {', '.join(f'{k}={v!r}' for k, v in spec.params)}): {spec.doc}"

    def _template(self, call, given: dict) -> tuple:
        names = [k for k, _ in self.spec.params]
        unknown = set(given) - set(names)
        if unknown:
            th = _ctx.th
            raise KernelError(f"{call}: unknown template parameter(s) {sorted(unknown)} on core {th.core.logical} at "
                              f"{th.source_line_now()}.\nFix: use {names or 'none'}.")
        return tuple(given.get(k, v) for k, v in self.spec.params)

    def __getitem__(self, targs):
        targs = targs if isinstance(targs, tuple) else (targs,)
        names = [k for k, _ in self.spec.params]
        if len(targs) > len(names):
            raise KernelError(f"{self.name}<...>: {len(targs)} template arguments, it takes {len(names)} ({names}).")
        bound = dict(zip(names, targs))
        return lambda idst, **kw: self(idst, **{**bound, **kw})

    def __call__(self, idst, **template):
        t = self._template(self.name, template)
        th, cs = _cs(self.name)
        if self.spec.init is not None:
            want = (self.spec.key, self.spec.init_args(cs.approx, t))
            if cs.sfpu_init != want:
                raise SfpuInitError(self._init_message(th, cs.sfpu_init, want))
        _run_sfpu(self.spec.program, (cs.approx, cs.fp32) + t, idst)

    def init(self, **template):
        call = f"{self.name}_init"
        t = self._template(call, template)
        _init(call)
        if self.spec.init is not None:
            _th, cs = _cs(call)
            args = self.spec.init_args(cs.approx, t)
            configure_sfpu(self.spec.init, args)
            cs.sfpu_init = (self.spec.key, args)
        elif self.spec.init_clobbers:     # its constants are not modelled: no op that needs its own may follow
            _th, cs = _cs(call)
            cs.sfpu_init = (self.spec.key, "constants of its own")

    def _init_message(self, th, have, want):
        last = "no SFPU op init" if have is None else f"the last op init was for {have[0]} with {have[1]}"
        return (f"{self.name} on core {th.core.logical} at {th.source_line_now()}: its SFPU code reads programmable "
                f"constants that {self.name}_init loads (for {want[0]} with {want[1]}), but {last}; on hardware "
                f"it would compute with whatever those registers hold.\nFix: call {self.name}_init() with the same "
                "template parameters before the op (again after another op's init).")


def _make(name):
    op = _UnaryOp(name, llk.UNARY[name])

    def init(**template):
        op.init(**template)

    init.__name__ = init.__qualname__ = f"{name}_tile_init"
    init.__doc__ = f"{name}_tile_init(**template): configure the SFPU for {name}_tile."
    return op, init


for _name in llk.UNARY:
    globals()[f"{_name}_tile"], globals()[f"{_name}_tile_init"] = _make(_name)

__all__ = ["SfpuInitError", "VectorMode", "llk_math_eltwise_unary_sfpu_0_param",
           "llk_math_eltwise_unary_sfpu_1_param", "llk_math_eltwise_unary_sfpu_2_param"] + [f"{n}_tile{s}" for n in llk.UNARY for s in ("", "_init")]
