"""Running SFPI functions: trace once per static signature, compile, execute on the SFPU model.

`run(fn, tiles, *args)` is the SFPI equivalent of calling an SFPU function on a Dst full of tiles.
`map_tiles(fn, tiles, *args)` applies a one-tile SFPU op to many tiles the way a compute kernel does
(copy a tile to Dst, run the op, pack it), batched into one call of the interpreter.
`listing(fn, *args)` returns the assembly the trace compiles to.
"""

from __future__ import annotations

import enum
import os
import weakref
from dataclasses import dataclass

import numpy as np

from tensix.costs import cost
from tensix.errors import SfpiError
from tensix.sfpi import tracer
from tensix.sfpi.compiler import Compiled, compile_trace
from tensix.sfpi.rewrite import sfpi_inline
from tensix.sfpi.scalar import Scalar, StaticNeeded
from tensix.sfpu import dst as dstmod
from tensix.sfpu import isa
from tensix.sfpu.execute import execute
from tensix.sfpu.state import SfpuState

_CACHE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

# Which program the SFPU runs for a compiled SFPI function: "words" (default) expands the instruction words the
# LLK issues (Compiled.words, TT_OP_SFP* encodings) once into the interpreter's program, the one-stack path of
# issue 16; "instrs" encodes the compiler's Instr list directly (the path before the words existed). Both give
# the same program (tests/test_sfpi_words.py); TENSIX_SFPU_PATH=instrs selects the old one.
PATH = os.environ.get("TENSIX_SFPU_PATH", "words")


def program_of(compiled: Compiled):
    """The encoded program the SFPU executes for `compiled` (see PATH)."""
    return compiled.word_program() if PATH == "words" else compiled.program


_KINDS: dict = {}  # type -> "int" / "float" / None: the kind only depends on the type, so it is cached


def _kind(a):
    t = type(a)
    try:
        return _KINDS[t]
    except KeyError:
        pass
    if isinstance(a, (bool, np.bool_)):
        k = None
    elif isinstance(a, (int, np.integer)):
        k = "int"
    elif isinstance(a, (float, np.floating)):
        k = "float"
    else:
        k = None
    _KINDS[t] = k
    return k


_ENTRIES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # the caller's fn -> its _CACHE entry
_LAST_FN: list = [None, None]  # the last (fn, entry) looked up (a strong reference to one function)


def compiled_for(fn, args) -> Compiled:
    """The compiled program of `fn` for these arguments (traced on first use, then cached).

    Numeric arguments are runtime inputs; an argument that Python control flow inspects while tracing
    (`if flag:`, `range(n)`) becomes static: part of the cache key, like a C++ template parameter."""
    if fn is _LAST_FN[0]:  # compute kernels call one SFPI function tile after tile
        entry = _LAST_FN[1]
    else:
        entry = _ENTRIES.get(fn)
        if entry is None:  # compute kernels call this per tile: skip the rewrite lookup after the first call
            rewritten = sfpi_inline(fn)
            entry = _CACHE.setdefault(rewritten, {"static": set(), "traces": {}, "fn": rewritten})
            _ENTRIES[fn] = entry
        _LAST_FN[:] = (fn, entry)
    last = entry.get("last")
    if last is not None:  # the previous call's signature: same argument types, the same static objects
        types, statics, compiled = last
        if types == tuple(map(type, args)):
            for i, v in statics:
                if args[i] is not v:
                    break
            else:
                return compiled
    compiled = _compiled_for_key(entry, args)
    # valid for any call with these argument types (the kinds depend on the type alone) and these very static
    # objects (found static while tracing, or static by kind: flags, configuration objects): its trace did not
    # inspect the other arguments, whatever static positions are found later. Only for static objects that
    # cannot change in place: a mutable one, compared by identity, could hold other values by the next call.
    static = entry["static"]
    statics = tuple((i, a) for i, a in enumerate(args) if i in static or _kind(a) is None)
    entry["last"] = ((tuple(map(type, args)), statics, compiled)
                     if all(_immutable(a) for _, a in statics) else None)
    return compiled


def _immutable(a) -> bool:
    """Whether a static argument's value is fixed for its lifetime (so identity implies the same value)."""
    if a is None or isinstance(a, (bool, int, float, complex, str, bytes, np.generic, enum.Enum, type)):
        return True
    if isinstance(a, (tuple, frozenset)):
        return all(_immutable(x) for x in a)
    params = getattr(type(a), "__dataclass_params__", None)
    return bool(params is not None and params.frozen
                and all(_immutable(getattr(a, f)) for f in type(a).__dataclass_fields__))


def _compiled_for_key(entry, args) -> Compiled:
    fn = entry["fn"]
    kinds = _KINDS
    while True:
        static = entry["static"]
        # key: the kind ("int"/"float") of a runtime argument, ("s", value) of a static one
        key = []
        for i, a in enumerate(args):
            k = kinds.get(type(a), 0)
            if k == 0:
                k = _kind(a)
            key.append(k if k is not None and i not in static else ("s", a))
        key = tuple(key)
        try:
            hit = entry["traces"].get(key)
        except TypeError:  # an unhashable static argument: say which
            for i, a in enumerate(args):
                _hashable(a, i, fn)
            raise
        if hit is not None:
            return hit
        targs = [Scalar.argument(i, k) if isinstance(k, str) else a for i, (a, k) in enumerate(zip(args, key))]
        t = tracer.start()
        try:
            fn(*targs)
            t.finish()
        except StaticNeeded as e:
            entry["static"].add(e.index)
            continue
        finally:
            tracer.stop(t)
        compiled = compile_trace(t)
        entry["traces"][key] = compiled
        return compiled


def _hashable(a, i, fn):
    try:
        hash(a)
    except TypeError:
        raise SfpiError(
            f"argument {i} of {fn.__name__} ({type(a).__name__}) is neither a number nor hashable; SFPI "
            "functions take scalars (runtime inputs) or hashable compile-time parameters"
        ) from None
    return a


def listing(fn, *args) -> str:
    """The SFPU assembly listing of `fn(*args)`: one instruction per line with its source line."""
    return compiled_for(fn, args).listing()


@dataclass
class RunResult:
    """`tiles`: Dst after the run; `counts`: instructions executed by opcode; `cycles`: SFPU cycles by the cost
    model (one issue per cycle, SFPNOPs included; tensix/costs.json); `riscv_cycles`: the soft-float scalar work
    the RISC-V did per call for runtime scalar arguments (not included in `cycles`); `listing`: the program."""

    tiles: np.ndarray
    counts: dict
    cycles: int
    listing: str
    riscv_cycles: int = 0


def sfpu_cycles(counts: dict) -> int:
    """SFPU cycles for an instruction mix: every issued instruction costs its figure in tensix/costs.json."""
    return int(sum(n * cost("sfpu.nop" if op == "SFPNOP" else "sfpu.instruction") for op, n in counts.items()))


def riscv_cycles(compiled: Compiled) -> int:
    """Cycles the RISC-V spends per call on the runtime scalars: their soft-float arithmetic, and building
    each instruction whose immediate is a runtime value (costs.json riscv.sfpu_runtime_immediate)."""
    return int(sum(n * cost(kind) for kind, n in compiled.scalar_ops.items())
               + compiled.n_inputs * cost("riscv.sfpu_runtime_immediate"))


def _inputs(compiled: Compiled, args, k: int) -> np.ndarray:
    row = [int(f(args)) & 0xFFFFFFFF for f in compiled.inputs]
    return np.tile(np.asarray(row, np.uint32).reshape(1, -1), (k, 1)) if row else np.zeros((k, 1), np.uint32)


def _to_dst_bits(tiles: np.ndarray, fp32_dest: bool) -> np.ndarray:
    if tiles.ndim != 3 or tiles.shape[1:] != (32, 32):
        raise SfpiError(f"tiles must have shape (n, 32, 32), got {tiles.shape}")
    if tiles.dtype == np.float32:
        bits = tiles.view(np.uint32)
        if fp32_dest:
            return bits
        # 16-bit Dst holds bf16: round to nearest even, as a host conversion to bfloat16 does
        rounded = bits + 0x7FFF + ((bits >> 16) & 1)
        nan = (bits & 0x7FFFFFFF) > 0x7F800000
        out = np.where(nan, (bits >> 16) | 0x40, rounded >> 16)
        return out.astype(np.uint16)
    if tiles.dtype == np.uint32:
        if fp32_dest:
            return tiles
        if (tiles > 0xFFFF).any():
            raise SfpiError("with fp32_dest=False, uint32 tiles are raw 16-bit Dst patterns and must be < 65536")
        return tiles.astype(np.uint16)
    raise SfpiError(f"tiles must be float32 values or uint32 bit patterns, got {tiles.dtype}")


def _from_dst_bits(bits: np.ndarray, dtype, fp32_dest: bool) -> np.ndarray:
    if fp32_dest:
        return bits.view(np.float32).copy() if dtype == np.float32 else bits.copy()
    if dtype == np.float32:
        return (bits.astype(np.uint32) << 16).view(np.float32)
    return bits.astype(np.uint32)


def _counts(raw) -> dict:
    return {isa.OPCODE_NAMES[i]: int(c) for i, c in enumerate(raw) if c}


def run(fn, tiles, *args, fp32_dest: bool = True, via: str = "program") -> RunResult:
    """Place `tiles` in Dst tiles 0..n-1, run `fn(*args)` once with the Dst base at tile 0, read them back.

    `tiles`: (n, 32, 32) float32 values or uint32 bit patterns. With fp32_dest (ComputeConfig
    fp32_dest_acc_en) Dst is 32-bit (at most 8 tiles); otherwise 16-bit bf16 (at most 16 tiles; float32 input
    is rounded to bf16, uint32 input gives raw 16-bit patterns).

    via="tile" pushes the program's instruction words (runtime immediates filled in, as TT_ macros build them)
    into thread T1 of a tensix.tile.Tile and executes them there one by one (Wait Gate, RWCs, ADDR_MOD from
    ThreadConfig): slower, the same numbers and cycles."""
    tiles = np.asarray(tiles)
    bits = _to_dst_bits(tiles, fp32_dest)
    n = bits.shape[0]
    cap = dstmod.DST_ROWS32 // dstmod.TILE_ROWS if fp32_dest else dstmod.DST_ROWS16 // dstmod.TILE_ROWS
    if n > cap:
        raise SfpiError(
            f"{n} tiles do not fit in Dst: {cap} tiles of {'32' if fp32_dest else '16'}-bit data at most "
            "(ISA Dst.md: 1024 rows x 16 16-bit or 512 rows x 16 32-bit, 64 rows per tile). "
            "Use tensix.sfpi.map_tiles for a stream of tiles.")
    compiled = compiled_for(fn, args)
    if via == "tile":
        out, raw = _run_on_tile(compiled, args, bits, fp32_dest)
    elif via == "program":
        state = SfpuState(1)
        state.set_sfpu_fp32(fp32_dest)
        d = dstmod.new_dst(1)
        (dstmod.write_tiles32 if fp32_dest else dstmod.write_tiles16)(d[0], 0, bits)
        raw = execute(program_of(compiled), state, d, inputs=_inputs(compiled, args, 1))
        out = (dstmod.read_tiles32 if fp32_dest else dstmod.read_tiles16)(d[0], 0, n)
    else:
        raise SfpiError(f"run(..., via={via!r}): via is 'program' (the SFPU interpreter, batched) or 'tile' "
                        "(the words through a tensix.tile.Tile). Fix: pass one of those.")
    counts = _counts(raw)
    return RunResult(_from_dst_bits(out, tiles.dtype, fp32_dest), counts, sfpu_cycles(counts),
                     compiled.listing(), riscv_cycles(compiled))


def words_with_inputs(compiled: Compiled, args) -> list:
    """The program's instruction words for one call: each runtime immediate filled in from `args`, as the
    RISC-V builds a TT_ macro's word at run time."""
    from tensix.tile.vector import to_word
    row = compiled.input_row(tuple(args)) if compiled.n_inputs else ()
    words = list(compiled.words)
    for i, ins in enumerate(compiled.instrs):
        if ins.input >= 0:
            spec = next(s for s in isa.FIELDS[ins.op] if s.name == isa.IMM_FIELD[ins.op])
            v = row[ins.input]
            if spec.signed:
                v = v - (1 << 32) if v >> 31 else v
            lo = -(1 << (spec.width - 1)) if spec.signed else 0
            if not lo <= v < (1 << spec.width):
                raise SfpiError(f"instruction {i} ({ins}): runtime input {v} does not fit its {spec.width}-bit "
                                "immediate. Fix: pass a value that fits the field.")
            words[i] = to_word(ins, imm=v & ((1 << spec.width) - 1))
    return words


def _run_on_tile(compiled: Compiled, args, bits, fp32_dest):
    """run() through a tensix.tile.Tile: the words into T1 (the math thread, where the SFPU LLKs run)."""
    from tensix.tile import Tile
    from tensix.tile._tables import CONFIG_FIELDS

    tile = Tile()
    n = bits.shape[0]
    (dstmod.write_tiles32 if fp32_dest else dstmod.write_tiles16)(tile.dst, 0, bits)
    if fp32_dest:
        a, s, _ = CONFIG_FIELDS["ALU_ACC_CTRL_SFPU_Fp32_enabled"]
        tile.config(0)[a] |= np.uint32(1 << s)
    tile.push(1, words_with_inputs(compiled, args))
    tile.finish()
    out = (dstmod.read_tiles32 if fp32_dest else dstmod.read_tiles16)(tile.dst, 0, n)
    return out, tile.vector.counts


def map_tiles(fn, tiles, *args, fp32_dest: bool = True, state: SfpuState | None = None) -> RunResult:
    """Run `fn(*args)` once per tile, each tile alone in Dst tile 0, on one SFPU (state carries over).

    This is a compute kernel's `copy_tile(cb, i, 0); op(); pack_tile(0, cb_out)` loop, batched: one
    interpreter call executes every tile in order. `counts`/`cycles` are totals over all tiles."""
    tiles = np.asarray(tiles)
    bits = _to_dst_bits(tiles, fp32_dest)
    k = bits.shape[0]
    compiled = compiled_for(fn, args)
    if state is None:
        state = SfpuState(1)
        state.set_sfpu_fp32(fp32_dest)
    d = dstmod.new_dst(k)
    rows = np.arange(64)
    if fp32_dest:
        hi = dstmod.adj_row(rows)
        # each tile's 64 rows of 32-bit data, placed in k Dsts at once (same mapping as write_tiles32)
        faces = bits.reshape(k, 2, 16, 2, 16).transpose(0, 1, 3, 2, 4).reshape(k, 64, 16)
        d[:, hi, :] = (faces >> 16).astype(np.uint16)
        d[:, hi + 8, :] = (faces & 0xFFFF).astype(np.uint16)
    else:
        faces = bits.reshape(k, 2, 16, 2, 16).transpose(0, 1, 3, 2, 4).reshape(k, 64, 16)
        d[:, rows, :] = faces
    raw = execute(program_of(compiled), state, d, state_of=np.zeros(k, np.int64), dst_of=np.arange(k),
                  inputs=_inputs(compiled, args, k))
    if fp32_dest:
        hi = dstmod.adj_row(rows)
        faces = (d[:, hi, :].astype(np.uint32) << 16) | d[:, hi + 8, :]
    else:
        faces = d[:, rows, :]
    out = faces.reshape(k, 2, 2, 16, 16).transpose(0, 1, 3, 2, 4).reshape(k, 32, 32)
    counts = _counts(raw)
    return RunResult(_from_dst_bits(out, tiles.dtype, fp32_dest), counts, sfpu_cycles(counts),
                     compiled.listing(), k * riscv_cycles(compiled))


def execute_on_core(core, fn, args, dst_tile_index: int, *, fp32_dest: bool | None = None) -> int:
    """Run SFPU function `fn(*args)` on a simulated core's SFPU and Dst (`core.sfpu_state`, `core.dst_bits`),
    with the Dst base at `dst_tile_index` (set_dst_write_addr: 64 rows per tile). Returns the SFPU cycles
    (instructions issued, SFPNOPs included) plus the RISC-V's soft-float work for the runtime scalars, which
    the compute kernel adds to the math thread's clock."""
    compiled = compiled_for(fn, tuple(args))
    state = core.sfpu_state
    if fp32_dest is not None:
        state.set_sfpu_fp32(fp32_dest)
    dsts = core.dst_bits.reshape(1, dstmod.DST_ROWS16, dstmod.DST_COLS)
    raw = execute(program_of(compiled), state, dsts, base=np.array([dstmod.TILE_ROWS * dst_tile_index], np.int64),
                  inputs=_inputs(compiled, tuple(args), 1))
    return sfpu_cycles(_counts(raw)) + riscv_cycles(compiled)
