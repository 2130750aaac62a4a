"""tt-metal's SFPU tile operations as compute kernel calls: ``exp_tile_init(); exp_tile(idst)``, ...,
``div_binary_tile_init(); div_binary_tile(idst0, idst1, odst)``.

Each op runs an SFPI program of :mod:`tensix.sfpi.llk` on Dst tiles of the math thread's section, the way the LLK
SFPU driver walks a tile (VectorMode::RC: four faces of eight row-pair iterations). It is queued like any SFPU call
(``call_sfpu``): the numbers are the SFPU model's, bit for bit, and the math thread is charged the program's static
cycles. A unary op works on Dst tile ``idst``; a binary op (``add_binary_tile``, ``binary_max_tile``, ...) reads
Dst tiles ``idst0`` and ``idst1`` and writes ``odst``, with the Dst base at tile 0 as tt-llk's binary SFPU driver
does, so the Dst checks (capacity, tiles read before written in this section) see all three tiles.

Template parameters are keyword arguments, or a subscript as in C++: ``exp_tile[True](0)`` is
``exp_tile<true>(0)``, ``exp_tile(0, approx=True)``. Runtime arguments follow the tile index as in C++:
``clamp_tile(0, min_bits, max_bits)`` with the float bits as uint32.

Kernel versions: ops that tensix modelled from 2025 kernels (exp, recip, sqrt, rsqrt, sin, cos) keep them by
default; ``version="622c6fb9"`` selects the kernel of the tt-metal fork at 622c6fb9 (2026-06-23), which ttnn 0.81.1
runs, with that version's template parameters (``exp_tile(0, version="622c6fb9")``,
``recip_tile[False](0, version="622c6fb9")`` for ttnn's ``recip_tile<false>``). The other ops exist only in that
version (log, log_with_base, gelu, sigmoid, silu, tanh, clamp, hardtanh and the binary ops) and accept the
keyword too; abs, negative, square and relu are the same kernel in both.

Ops whose tt-llk kernel is built on SFPLOADMACRO run that kernel's instruction list itself (tensix.sfpi.llk
InstrProgram, through tensix.sfpu's SFPLOADMACRO engine): ``exp_tile(idst, approx=True, input_clamping="None",
version="622c6fb9")`` (Schraudolph's exponential; ClampToNegative, exp_tile<true>'s default and ttnn.exp's fast mode,
raises NotModelledError: its SFPLOADMACRO input clamp relies on an SFPSWAP behaviour the ISA page contradicts) and
binary_max_tile / binary_min_tile (the default build), binary_{max,min}_{int32,uint32}_tile and mul_int_tile<UInt16>
(both builds: tensix has no SFPI form of them) and where_tile<data_format> (always: tt-llk has no other form).
TT_METAL_DISABLE_SFPLOADMACRO=1 selects the kernels' plain
loops, as tt-metal does: then exp_tile<true> runs with either clamping. Their init writes
LoadMacroConfig in the core's SFPU state and their calls use it. The default form of max / min loads odst's rows too:
odst must hold data (ttnn calls it in place).

The init call (``exp_tile_init()``, ...) costs what every compute init costs on the three TRISCs and, for an op
whose SFPU code reads programmable constants (vConstFloatPrgm0..2 = LReg12-14) or LUT tables kept in LRegs, runs
the program that loads them (queued behind this core's earlier SFPU calls). The core's programmable constants are
followed by value: an op whose code reads a constant that does not hold what its own init loads (none loaded yet,
another op's init loaded something else, exp's 2025 init or clamp_tile overwrote it) computes with someone else's
numbers on hardware, and tensix refuses it (``SfpuInitError``). Ops that share constants (sigmoid, silu, the fp32
tanh and div_binary all use the reciprocal's) may follow each other's init. LUT tables in LReg0-6 (the fast modes
of gelu, sigmoid and tanh) survive only until another SFPU op of this module runs; an SFPI function run through
``call_sfpu`` between them is not seen (see the README).
"""

from __future__ import annotations

import enum
import weakref

import numpy as np

from tensix.device.errors import ComputeInitError, KernelError
from tensix.kernel import _ctx
from tensix.kernel.compute import _cs, _init, _run_sfpu, configure_sfpu
from tensix.kernel.sfpu_batch import compiled_of
from tensix.sfpi import llk


class VectorMode(enum.Enum):
    """tt-metal's VectorMode for the LLK SFPU driver: which faces of the tile the face function runs on."""
    R = "r"
    C = "c"
    RC = "rc"


class SfpuInitError(ComputeInitError):
    """An SFPU tile op whose programmable constants (or LUT tables) were not loaded by its own init call."""


# ---- the core's SFPU registers, as the inits and ops of this module left them --------------------------------------
_PRGM = (12, 13, 14)    # vConstFloatPrgm0..2 / vConstIntPrgm0..2 (LReg12-14)
_PRGM_NAME = {12: "vConstFloatPrgm0", 13: "vConstFloatPrgm1", 14: "vConstFloatPrgm2"}


class _Regs:
    """What this module knows of one core's SFPU registers: per programmable constant (LReg12-14) its value (None:
    unknown) and who wrote it, and which init's LUT tables LReg0-7 hold (None when an SFPU op ran since)."""

    __slots__ = ("prgm", "tables")

    def __init__(self):
        self.prgm = {}          # reg -> (bits or None, (op key, init args))
        self.tables = None      # (values {reg: bits}, (op key, init args)) of the last table-loading init


_REGS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _regs(cs) -> _Regs:
    r = _REGS.get(cs)
    if r is None:
        r = _REGS[cs] = _Regs()
    return r


_EFFECT: dict = {}   # (init fn, args) -> ({prgm reg: bits}, {lreg: bits})


def _init_effect(fn, args):
    """What an init program leaves: the programmable constants it writes (SFPCONFIG VD 12..14) and the general
    LRegs its code pins (tables), with their values (from running it once on a scratch SFPU; lane 0)."""
    key = (fn, args)
    hit = _EFFECT.get(key)
    if hit is not None:
        return hit
    from tensix.sfpi.runner import _inputs, program_of
    from tensix.sfpu import dst as dstmod
    from tensix.sfpu.execute import execute
    from tensix.sfpu.state import SfpuState

    c = compiled_of(fn, args)
    state = SfpuState(1)
    execute(program_of(c), state, dstmod.new_dst(1), inputs=_inputs(c, args, 1), instrs=c.instrs)
    written = {ins["VD"] for ins in c.instrs if ins.op == "SFPCONFIG"} & set(_PRGM)
    lregs = {ins["VD"] for ins in c.instrs if ins.op in ("SFPLOADI", "SFPMOV") and ins["VD"] < 8}
    prgm = {r: int(state.lregs[0, r, 0]) for r in written}
    tables = {r: int(state.lregs[0, r, 0]) for r in lregs}
    hit = _EFFECT[key] = (prgm, tables)
    return hit


def _prgm_use(compiled):
    """The programmable constants a program reads before writing them, and those it writes (SFPCONFIG); computed
    once per compiled program."""
    hit = compiled.__dict__.get("prgm_use")
    if hit is not None:
        return hit
    reads, writes = set(), set()
    for ins in compiled.instrs:
        if ins.op == "SFPCONFIG":
            if ins["VD"] in _PRGM:
                writes.add(ins["VD"])
            continue
        for role in ("VA", "VB", "VC", "VD"):
            r = ins.get(role, -1)
            if r in _PRGM and r not in writes:
                reads.add(r)
    hit = compiled.__dict__["prgm_use"] = (frozenset(reads), frozenset(writes))
    return hit


def _who(who):
    return f"{who[0]} with {who[1]}"


def _llk_forms(spec, t, rt=None):
    """(tile InstrProgram, init InstrProgram) when this template form of the op runs tt-llk's instruction list, else
    None. A binary op's init does not know its tiles: its instruction list does not depend on them. An op whose list
    depends on the runtime arguments (llk_runtime) gets them, None for the init."""
    sel = getattr(spec, "llk", None)
    if sel is None:
        return None
    if isinstance(spec, _BinarySpec):
        return sel((0, 1, 2))
    if getattr(spec, "llk_runtime", False):
        return sel(t, rt)
    return sel(t)


def _llk_program(th, cs, program, name):
    """The tile program of an op that runs tt-llk's instruction list; refused on a core whose kernel also drives the
    tile through tensix.kernel.ckernel (the op's words would have to go through the tile's own ADDR_MODs and
    replay buffer; the batched path brings its ADDR_MOD increments itself)."""
    if "tile" in cs.__dict__:
        from tensix.errors import NotModelledError
        raise NotModelledError(
            f"{name} on core {th.core.logical} at {th.source_line_now()}: its tt-llk form ({program.__name__}, "
            "SFPLOADMACRO schedules) is not modelled through the compute API on a core whose kernel also uses "
            "tensix.kernel.ckernel.\nFix: issue tt-llk's words yourself with TTI_ (tests/test_kernel_ckernel_loadmacro"
            ".py shows exp_tile<true> so), or set TT_METAL_DISABLE_SFPLOADMACRO=1 for binary max/min.")
    return program


class _Op:
    """Shared parts of unary and binary ops: the init, the register check, the bookkeeping after a call."""

    def _init_program(self, spec, approx, fp32, t, init_rt=()):
        forms = _llk_forms(spec, t)
        if forms is not None:   # tt-llk's init instruction list (an InstrProgram: no arguments)
            return forms[1], ()
        if spec.init is None:
            return None, None
        if getattr(spec, "init_runtime", ()):      # an init with arguments (remainder_tile_init(param0, param1))
            return spec.init, tuple(spec.init_args(approx, t, *init_rt))
        args = spec.init_args(approx, t, fp32) if getattr(spec, "fp32_init", False) else spec.init_args(approx, t)
        return spec.init, tuple(args)

    def _run_init(self, call, spec, t, cs, init_rt=()):
        if cs.batch is not None:    # the init programs ADDR_MOD_7 (and the binary ones ADDR_MOD_6) afresh
            cs.batch.addr_mods_left.pop(_ctx.th, None)
        if "tile" in cs.__dict__:  # the kernel also uses tensix.kernel.ckernel: tt-llk's init words
            from tensix.kernel.ckernel import api_sfpu_init
            api_sfpu_init(_ctx.th, cs)
        fn, args = self._init_program(spec, cs.approx, cs.fp32, t, init_rt)
        regs = _regs(cs)
        who = (spec.key, args if args is not None else t)
        if fn is not None:
            configure_sfpu(fn, args)
            cs.sfpu_init = who
            prgm, lregs = _init_effect(fn, args)
            for r, bits in prgm.items():
                regs.prgm[r] = (bits, who)
            tables = getattr(spec, "tables", None)
            if lregs or prgm:       # the init's code went through LReg0 (SFPCONFIG) or loaded tables
                regs.tables = ({r: lregs[r] for r in tables(t)}, who) if tables and tables(t) else None
        elif getattr(spec, "init_clobbers", False):  # its constants are not modelled: no op that needs its own may follow
            for r in _PRGM:
                regs.prgm[r] = (None, who)
            regs.tables = None          # it loads them through LReg0
            cs.sfpu_init = (spec.key, "constants of its own")

    def _check(self, th, cs, spec, t, compiled, name, rt=()):
        """Refuse the op when the constants (or tables) its code reads do not hold what its own init loads (for an
        init with arguments: what it loads given the call's own runtime arguments)."""
        reads, _writes = _prgm_use(compiled)
        fn, args = self._init_program(spec, cs.approx, cs.fp32, t, rt)
        regs = _regs(cs)
        want_prgm, want_tables = _init_effect(fn, args) if fn is not None else ({}, {})
        tables = getattr(spec, "tables", None)
        need_tables = tables(t) if tables else ()
        bad = []
        for r in sorted(reads):
            have = regs.prgm.get(r)
            if have is None or r not in want_prgm or have[0] != want_prgm[r]:
                bad.append((r, have))
        if need_tables:
            have = regs.tables
            if have is None or any(have[0].get(r) != want_tables.get(r) for r in need_tables):
                bad.append(("tables", have))
        if bad:
            raise SfpuInitError(self._init_message(th, name, spec, args, bad))

    def _after(self, cs, compiled, who, keeps_tables):
        regs = _regs(cs)
        _reads, writes = _prgm_use(compiled)
        for r in writes:
            regs.prgm[r] = (None, who)
        if not keeps_tables:
            regs.tables = None

    def _init_message(self, th, name, spec, args, bad):
        regs = ", ".join(_PRGM_NAME.get(r, "the LUT tables in LReg0-6") for r, _ in bad)
        have = [h for _, h in bad if h is not None]
        if not have:
            last = "no SFPU op init loaded them"
        else:
            h = have[0][1]
            last = (f"the last op init was for {_who(h)}" if h[0] != "written by an op"
                    else f"they were last {h[1]}")
            if bad[0][0] == "tables":
                last += " (or another SFPU op ran since and used those registers)"
        return (f"{name} on core {th.core.logical} at {th.source_line_now()}: its SFPU code reads {regs}, which "
                f"{name}_init loads (for {spec.key} with {args}), but {last}; on hardware it would compute with "
                f"whatever those registers hold.\nFix: call {name}_init() with the same template parameters before "
                "the op (again after another op's init, or after an op that overwrites them such as clamp_tile).")


class _UnaryOp(_Op):
    """One compute API op: ``name_tile(idst, *runtime, **template)`` and ``name_tile_init(**template)``."""

    def __init__(self, name, versions: dict, default: str):
        self.name = f"{name}_tile"
        self.versions = versions
        self.default = default
        self.spec = versions[default]
        self.__name__ = self.__qualname__ = self.name
        lines = []
        for v, spec in versions.items():
            args = ", ".join(["idst", *spec.runtime] + [f"{k}={d!r}" for k, d in spec.params])
            lines.append(f"{self.name}({args}, version={v!r}): {spec.doc}")
        self.__doc__ = "\n".join(lines)

    def _spec(self, call, version):
        version = self.default if version is None else str(version)
        spec = self.versions.get(version)
        if spec is None:
            th = _ctx.th
            raise KernelError(f"{call}: no kernel of version {version!r} on core {th.core.logical} at "
                              f"{th.source_line_now()}.\nFix: use version= one of {sorted(self.versions)}.")
        return spec

    def _template(self, call, spec, given: dict) -> tuple:
        names = [k for k, _ in spec.params]
        unknown = set(given) - set(names)
        if unknown:
            th = _ctx.th
            raise KernelError(f"{call}: unknown template parameter(s) {sorted(unknown)} on core {th.core.logical} at "
                              f"{th.source_line_now()}.\nFix: use {names or 'none'} (version {spec.version}).")
        return tuple(given.get(k, v) for k, v in spec.params)

    def __getitem__(self, targs):
        targs = targs if isinstance(targs, tuple) else (targs,)

        def bound(idst, *runtime, version=None, **kw):
            spec = self._spec(self.name, version)
            names = [k for k, _ in spec.params]
            if len(targs) > len(names):
                raise KernelError(f"{self.name}<...>: {len(targs)} template arguments, it takes {len(names)} "
                                  f"({names}).")
            return self(idst, *runtime, version=version, **{**dict(zip(names, targs)), **kw})
        return bound

    def __call__(self, idst, *runtime, version=None, **template):
        spec = self._spec(self.name, version)
        t = self._template(self.name, spec, template)
        th, cs = _cs(self.name)
        if len(runtime) != len(spec.runtime):
            raise KernelError(f"{self.name} on core {th.core.logical} at {th.source_line_now()}: it takes "
                              f"{len(spec.runtime)} argument(s) after idst ({', '.join(spec.runtime) or 'none'}), "
                              f"got {len(runtime)}.")
        rt = tuple(int(np.uint32(np.int64(v) & 0xFFFFFFFF)) for v in runtime)
        args = (cs.approx, cs.fp32) + t + rt
        forms = _llk_forms(spec, t, rt)
        program = spec.program if forms is None else _llk_program(th, cs, forms[0], self.name)
        compiled = compiled_of(program, args)
        self._check(th, cs, spec, t, compiled, self.name,
                    rt[:len(spec.init_runtime)] if getattr(spec, "init_runtime", ()) else ())
        _run_sfpu(program, args, idst)
        tables = getattr(spec, "tables", None)
        self._after(cs, compiled, ("written by an op", f"written by {self.name}"), bool(tables and tables(t)))

    def init(self, *runtime, version=None, **template):
        call = f"{self.name}_init"
        spec = self._spec(call, version)
        t = self._template(call, spec, template)
        want = getattr(spec, "init_runtime", ())
        if len(runtime) != len(want):
            th = _ctx.th
            raise KernelError(f"{call} on core {th.core.logical} at {th.source_line_now()}: it takes {len(want)} "
                              f"argument(s) ({', '.join(want) or 'none'}), got {len(runtime)}.")
        rt = tuple(int(np.uint32(np.int64(v) & 0xFFFFFFFF)) for v in runtime)
        _init(call)
        _th, cs = _cs(call)
        self._run_init(call, spec, t, cs, rt)


class _BinaryOp(_Op):
    """A binary SFPU op: ``name_tile(idst0, idst1, odst)`` and ``name_tile_init()``."""

    def __init__(self, name, spec: llk.BinaryOp):
        self.name = f"{name}_tile"
        self.spec = spec
        self.__name__ = self.__qualname__ = self.name
        self.__doc__ = f"{self.name}(idst0, idst1, odst): {spec.doc}"

    def __call__(self, idst0, idst1, odst, vector_mode=VectorMode.RC, version=None):
        th, cs = _cs(self.name)
        if version not in (None, llk.FORK):
            raise KernelError(f"{self.name}: only version {llk.FORK!r} exists.")
        if VectorMode(getattr(vector_mode, "value", vector_mode)) is not VectorMode.RC:
            raise KernelError(f"{self.name} on core {th.core.logical} at {th.source_line_now()}: only "
                              "VectorMode::RC is modelled for binary SFPU ops (ttnn uses RC).")
        for i in (idst0, idst1, odst):
            if i.__class__ is not int or not 0 <= i < cs.capacity:
                cs.check_dst(i, self.name)
        args = (cs.approx, cs.fp32, (idst0, idst1, odst))
        llk_form = self.spec.llk
        program = (self.spec.program if llk_form is None or (forms := llk_form((idst0, idst1, odst))) is None
                   else _llk_program(th, cs, forms[0], self.name))
        compiled = compiled_of(program, args)
        self._check(th, cs, self.spec, (), compiled, self.name)
        _run_sfpu(program, args, 0)
        self._after(cs, compiled, ("written by an op", f"written by {self.name}"), False)

    def init(self, version=None):
        call = f"{self.name}_init"
        _init(call)
        _th, cs = _cs(call)
        self._run_init(call, self.spec, (), cs)


class _BinarySpec:
    """llk.BinaryOp seen through the unary spec interface (init_args, params)."""

    def __init__(self, op: llk.BinaryOp):
        self.key, self.program, self.doc, self.init = op.key, op.program, op.doc, op.init
        self.llk = op.llk
        self.params, self.runtime, self.fp32_init, self.tables, self.init_clobbers = (), (), False, None, False
        self.init_args = lambda approx, t: (approx,)


class _ListSpec:
    """An op that exists only as tt-llk's instruction list, seen through the spec interface of _Op's init and checks
    (its init is an instruction list too: `llk(tiles)` gives both)."""
    program, init, params, runtime, fp32_init, tables, init_clobbers = None, None, (), (), False, None, False

    def __init__(self, key, programs, n_tiles):
        self.key, self._programs, self._default = key, programs, tuple(range(n_tiles))

    def llk(self, tiles):   # the init's list depends on none of the tiles
        return self._programs(tiles or self._default)

    @staticmethod
    def init_args(approx, t):
        return ()


class _ListOp(_Op):
    """A compute API op with a DataFormat template parameter that runs tt-llk's instruction list
    (tensix.sfpi.llk.InstrProgram): ``name(idst..., data_format)`` and ``name_init(data_format)``.
    `programs(fmt, tiles)` -> (tile program, init program); `formats`: those the kernel's static_assert takes."""

    def __init__(self, name, n_tiles, formats, default, programs, doc):
        self.name, self.n_tiles, self.formats, self.default, self.programs = name, n_tiles, formats, default, programs
        self.__name__ = self.__qualname__ = name
        self.__doc__ = doc
        self._specs = {}

    def _spec_of(self, call, th, data_format):
        fmt = getattr(data_format, "name", str(data_format))
        if fmt not in self.formats:
            raise KernelError(f"{call}<{fmt}> on core {th.core.logical} at {th.source_line_now()}: the kernel takes "
                              f"{', '.join(self.formats)} (its static_assert).")
        spec = self._specs.get(fmt)
        if spec is None:
            spec = self._specs[fmt] = _ListSpec(f"{self.name[:-5]}<{fmt}>", lambda t: self.programs(fmt, t),
                                                self.n_tiles)
        return fmt, spec

    def __call__(self, *args, data_format=None):
        th, cs = _cs(self.name)
        if len(args) not in (self.n_tiles, self.n_tiles + 1):
            raise KernelError(f"{self.name} on core {th.core.logical} at {th.source_line_now()}: it takes "
                              f"{self.n_tiles} Dst tile indices and the data format, got {len(args)} arguments.")
        tiles = tuple(args[:self.n_tiles])
        if len(args) > self.n_tiles:
            data_format = args[-1]
        fmt, spec = self._spec_of(self.name, th, self.default if data_format is None else data_format)
        for i in tiles:
            if i.__class__ is not int or not 0 <= i < cs.capacity:
                cs.check_dst(i, self.name)
        program = _llk_program(th, cs, self.programs(fmt, tiles)[0], self.name)
        call_args = (cs.approx, cs.fp32, tiles)
        compiled = compiled_of(program, call_args)
        self._check(th, cs, spec, (), compiled, self.name)
        _run_sfpu(program, call_args, 0)
        self._after(cs, compiled, ("written by an op", f"written by {self.name}"), False)

    def init(self, data_format=None):
        call = f"{self.name}_init"
        th, cs = _cs(call)
        _fmt, spec = self._spec_of(call, th, self.default if data_format is None else data_format)
        _init(call)
        self._run_init(call, spec, (), cs)


def _mul_int_programs(fmt, tiles):
    if fmt != "UInt16":     # Int32 / UInt32: tt-metal's mul_int32 (ckernel_sfpu_mul_int32.h)
        from tensix.sfpi import llk_int
        return llk_int.mul_int32_programs(fmt, tiles)
    return llk.mul_int_programs(tiles)


where_tile = _ListOp(
    "where_tile", 4, ("Float32", "Int32", "UInt32", "Float16_b"), "Float16_b", llk.where_programs,
    """``where_tile<data_format>(idst0, idst1, idst2, odst)`` (622c6fb9 api/compute/eltwise_unary/where.h): Dst[odst]
    = Dst[idst1] where Dst[idst0] != 0, else Dst[idst2], on the raw bits, as tt-llk's ``_calculate_where_`` runs on
    the card: its SFPLOADMACRO schedules (tensix.sfpi.llk.where_loadmacro_face), INT32 loads and stores for Float32,
    Int32 and UInt32, 16-bit ones for Float16_b (a negative zero condition counts as true). ``where_tile_init()``
    writes its instruction templates and macros.""")
mul_int_tile = _ListOp(
    "mul_int_tile", 3, ("Int32", "UInt32", "UInt16"), "UInt16", _mul_int_programs,
    """``mul_int_tile<data_format>(idst0, idst1, odst)`` (622c6fb9 api/compute/mul_int_sfpu.h): for UInt16, tt-llk's
    ``_mul_int_`` (the low 16 bits of the product of two u16, through byte products in float): the SFPLOADMACRO form,
    or the plain loop with TT_METAL_DISABLE_SFPLOADMACRO=1; for Int32 / UInt32 tt-metal's ``mul_int32`` (the product
    modulo 2^32 from 11-bit chunks multiplied in float: tensix.sfpi.llk_int.mul_int32_face).
    ``mul_int_tile_init<data_format>()`` loads its constants and templates.""")


def _comp_int_op(op, sym):
    return _ListOp(
        f"{op}_int_tile", 3, ("Int32", "UInt32", "UInt16"), None,
        lambda fmt, tiles: llk.binary_comp_int_programs(op, fmt, tiles),
        f"""``{op}_int_tile<data_format>(idst0, idst1, odst)`` (622c6fb9 api/compute/binary_comp.h): Dst[odst] = 1 where
    Dst[idst0] {sym} Dst[idst1] as Int32, UInt32 or UInt16 integers, else 0 (tt-metal's calculate_binary_comp_int32 /
    calculate_binary_comp_uint: a subtraction with its sign fix-ups, tensix.sfpi.llk.binary_comp_int_face).""")


def _add_sub_int_op(op, sym):
    return _ListOp(
        f"{op}_int_tile", 3, ("Int32", "UInt32", "UInt16"), None,
        lambda fmt, tiles: llk.add_sub_int_programs(op, fmt, tiles),
        f"""``{op}_int_tile<data_format>(idst0, idst1, odst)`` (622c6fb9 api/compute/{op}_int_sfpu.h): Dst[odst] =
    Dst[idst0] {sym} Dst[idst1] as Int32, UInt32 or UInt16 integers, wrapping (tt-llk's _{op}_int_, one SFPIADD per
    row: tensix.sfpi.llk.add_sub_int_face).""")


add_int_tile = _add_sub_int_op("add", "+")
sub_int_tile = _add_sub_int_op("sub", "-")
lt_int_tile = _comp_int_op("lt", "<")
gt_int_tile = _comp_int_op("gt", ">")
le_int_tile = _comp_int_op("le", "<=")
ge_int_tile = _comp_int_op("ge", ">=")


def _bitwise_op(op, sym):
    return _ListOp(
        f"bitwise_{op}_binary_tile", 3, ("Int32", "UInt32", "UInt16"), "UInt16",
        lambda fmt, tiles: llk.binary_bitwise_programs(op, fmt, tiles),
        f"""``bitwise_{op}_binary_tile<data_format>(idst0, idst1, odst)`` (622c6fb9 api/compute/binary_bitwise_sfpu.h):
    Dst[odst] = Dst[idst0] {sym} Dst[idst1] on the integer bits (INT32 loads and stores, LO16 for UInt16; one
    SFP{op.upper()} per row: tensix.sfpi.llk.binary_bitwise_face). ``binary_bitwise_tile_init()`` is the binary SFPU
    init.""")


bitwise_and_binary_tile = _bitwise_op("and", "&")
bitwise_or_binary_tile = _bitwise_op("or", "|")
bitwise_xor_binary_tile = _bitwise_op("xor", "^")


def _shift_op(op, what):
    return _ListOp(
        f"binary_{op}_shift_tile", 3, ("Int32", "UInt32", "UInt16"), None,
        lambda fmt, tiles: llk.binary_shift_programs(op, fmt, tiles),
        f"""``binary_{op}_shift_tile<data_format>(idst0, idst1, odst)`` (622c6fb9 api/compute/binary_shift.h): Dst[odst]
    = Dst[idst0] shifted {what} by Dst[idst1] (calculate_binary_{op}_shift, tensix.sfpi.llk.binary_shift_face).
    ``binary_shift_tile_init()`` is the binary SFPU init.""")


binary_left_shift_tile = _shift_op("left", "left (0 for an amount outside [0, 32))")
binary_right_shift_tile = _shift_op("right", "right, the sign filled in by hand (0 for an amount >= 32 and a "
                                             "non-negative value)")


def binary_shift_tile_init():
    """binary_shift_tile_init(): SFPU_BINARY_INIT (the binary SFPU init of the shift ops)."""
    binary_left_shift_tile.init("Int32")


def binary_bitwise_tile_init():
    """binary_bitwise_tile_init(): SFPU_BINARY_INIT (the binary SFPU init of the three bitwise ops)."""
    bitwise_and_binary_tile.init(None)


def _list_op_init(op_fn):
    def init(data_format=None):
        op_fn.init(data_format)
    init.__name__ = init.__qualname__ = f"{op_fn.name}_init"
    init.__doc__ = f"{op_fn.name}_init<data_format>(): the binary SFPU init (SFPU_BINARY_INIT)."
    return init


lt_int_tile_init, gt_int_tile_init, le_int_tile_init, ge_int_tile_init, add_int_tile_init, sub_int_tile_init = (
    _list_op_init(f) for f in (lt_int_tile, gt_int_tile, le_int_tile, ge_int_tile, add_int_tile, sub_int_tile))


def where_tile_init(data_format=None):
    """where_tile_init(): SFPU_TERNARY_INIT_FN(where, _init_where_): the ternary SFPU init and tt-llk's templates."""
    where_tile.init(data_format)


def mul_int_tile_init(data_format=None):
    """mul_int_tile_init<data_format>(): SFPU_BINARY_INIT_FN(mul_uint16, _init_mul_int_) for UInt16."""
    mul_int_tile.init(data_format)


def llk_math_eltwise_unary_sfpu_0_param(first_func, func, dst_index, vector_mode=VectorMode.RC, *args):
    """Seed 002's form of an SFPU call: `func` processes ONE face (typically 8 iterations of dst_reg[0] ...
    dst_reg += 1) and the driver runs it over the faces `vector_mode` selects, on Dst tile dst_index
    (tensix.sfpi.llk.face_program). Template arguments of the C++ functions are not needed: pass the Python
    functions. Extra arguments go to both functions (the _1_param / _2_param forms)."""
    _run_sfpu(llk.face_program, (first_func, func, VectorMode(vector_mode).value, *args), dst_index)
    th = _ctx.th
    if th.compute is not None:
        _regs(th.compute).tables = None     # its code used the LRegs


llk_math_eltwise_unary_sfpu_1_param = llk_math_eltwise_unary_sfpu_0_param
llk_math_eltwise_unary_sfpu_2_param = llk_math_eltwise_unary_sfpu_0_param


def _make(op):
    def init(*a, **template):
        op.init(*a, **template)

    base = op.name[:-len("_tile")]
    init.__name__ = init.__qualname__ = f"{base}_tile_init"
    init.__doc__ = f"{base}_tile_init(**template): configure the SFPU for {op.name}."
    return op, init


_NAMES = []
for _name, _versions in llk.UNARY_VERSIONS.items():
    globals()[f"{_name}_tile"], globals()[f"{_name}_tile_init"] = _make(
        _UnaryOp(_name, _versions, llk.DEFAULT_VERSION[_name]))
    _NAMES.append(_name)
for _name, _bspec in llk.BINARY.items():
    globals()[f"{_name}_tile"], globals()[f"{_name}_tile_init"] = _make(_BinaryOp(_name, _BinarySpec(_bspec)))
    _NAMES.append(_name)

for _name in llk.COMP_ZERO:     # the C++ names of the integer forms: gtz_tile_int32(idst) after gtz_tile_init()
    globals()[f"{_name}_tile_int32"] = globals()[f"{_name}_int32_tile"]
_mask_tile_op = globals()["mask_tile"]


def mask_tile(idst_data, idst2_mask, data_format=None, version=None):
    """mask_tile(idst_data, idst2_mask, data_format=DataFormat.Float16_b) (622c6fb9 api/compute/mask.h): for Float16_b
    or Float16 the float mask (calculate_mask: Dst tile idst_data + 1 is the mask, whatever idst2_mask says), for Int32
    the integer one (not modelled); for any other format the API issues nothing."""
    from tensix.device.formats import DataFormat
    fmt = DataFormat.Float16_b if data_format is None else DataFormat(data_format)
    if fmt in (DataFormat.Float16_b, DataFormat.Float16):
        _mask_tile_op(idst_data, idst2_mask, version=version)
    elif fmt == DataFormat.Int32:
        from tensix.errors import NotModelledError
        raise NotModelledError("mask_tile with DataFormat::Int32 (calculate_int_mask) is not modelled.")


mask_tile.__name__ = mask_tile.__qualname__ = "mask_tile"
signbit_tile_int32, signbit_tile_int32_init = signbit_int32_tile, signbit_int32_tile_init     # the C++ names
clamp_tile_int32 = clamp_int32_tile     # the C++ name: clamp_tile_int32(idst, param0, param1) after clamp_tile_init()


def fill_tile_int(idst, param0, data_format="Int32", version=None):
    """fill_tile_int<data_format>(idst, param0) (622c6fb9 api/compute/eltwise_unary/fill.h: Int32, UInt32 or UInt16),
    after fill_tile_init()."""
    fill_int_tile(idst, param0, data_format=getattr(data_format, "name", str(data_format)), version=version)


def binop_with_scalar_tile_init(version=None):
    """binop_with_scalar_tile_init() (622c6fb9 api/compute/eltwise_unary/binop_with_scalar.h): the SFPU init of the
    add / sub / mul / div / rsub_unary_tile family (one init, no constants: llk_math_eltwise_unary_sfpu_binop_with_
    scalar_init)."""
    mul_unary_tile_init(version=version)
for _name in ("eqz", "nez"):
    for _fmt in ("uint16", "uint32"):
        globals()[f"{_name}_tile_{_fmt}"] = globals()[f"{_name}_{_fmt}_tile"]

__all__ = ["SfpuInitError", "VectorMode", "where_tile", "where_tile_init", "mul_int_tile", "mul_int_tile_init",
           "bitwise_and_binary_tile", "bitwise_or_binary_tile", "bitwise_xor_binary_tile", "binary_bitwise_tile_init",
           "binary_left_shift_tile", "binary_right_shift_tile", "binary_shift_tile_init",
           *[f"{op}_int_tile{s}" for op in ("lt", "gt", "le", "ge", "add", "sub") for s in ("", "_init")],
           *[f"{m}_tile_int32" for m in llk.COMP_ZERO], "clamp_tile_int32", "signbit_tile_int32",
           "signbit_tile_int32_init", "binop_with_scalar_tile_init", "fill_tile_int",
           *[f"{m}_tile_{f}" for m in ("eqz", "nez") for f in ("uint16", "uint32")],
           "llk_math_eltwise_unary_sfpu_0_param",
           "llk_math_eltwise_unary_sfpu_1_param", "llk_math_eltwise_unary_sfpu_2_param"] + [
    f"{n}_tile{s}" for n in _NAMES for s in ("", "_init")]
