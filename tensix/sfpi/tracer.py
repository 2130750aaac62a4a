"""Tracing: running an SFPI function in Python records the SFPU instructions it would execute.

There is one active `Trace` at a time (SFPI functions are always inlined, so nested calls simply add to it).
The trace also owns the predication structure: the v_if/v_elseif/v_else chains and v_block regions, the
CC instructions they compile to, and the scopes that predicated assignment needs.

CC code generation follows SFPI's macros and its compiler's CC pass (facts sheet section 3, "Condition-code
instructions"): `v_if` = SFPPUSHC + the condition, `v_elseif` = SFPCOMPC + SFPPUSHC + the condition,
`v_else` = SFPCOMPC, `v_endif` = one SFPPOPC per push of the chain; for the outermost chain the first push is
dropped and the last pop becomes SFPENCC(Imm2=3, Mod1=10) (CC enabled, every lane on), which is the steady
state between conditionals. Both sides of every conditional execute; lanes are switched off, never skipped.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field

from tensix.errors import SfpiError
from tensix.sfpi.ir import Op, Scope, Value

FLAG_STACK_DEPTH = 8  # ISA SFPPUSHC.md: the stack holds at most eight entries

_HERE = os.path.dirname(os.path.abspath(__file__))
_INTERNAL = {
    os.path.join(_HERE, name)
    for name in ("tracer.py", "vector.py", "intrinsics.py", "rewrite.py", "compiler.py", "runner.py", "ir.py")
}


def user_location(skip_internal: bool = True) -> str:
    """`file:line` of the innermost frame outside the DSL's own machinery (the SFPI source line)."""
    f = sys._getframe(1)
    while f is not None and skip_internal and f.f_code.co_filename in _INTERNAL:
        f = f.f_back
    if f is None:
        return "?"
    return f"{os.path.basename(f.f_code.co_filename)}:{f.f_lineno}"


@dataclass
class Chain:
    """An open v_if chain (or v_block) at one nesting level."""

    outermost: bool
    pushes: int  # SFPPUSHC executed for this chain (including those of compound conditions)
    kind: str  # "if" or "block"
    closed_by_else: bool = False
    branches: list = field(default_factory=list)  # the scope of each branch body
    complete: bool = False  # closed with a v_else: every lane took exactly one branch


@dataclass
class Trace:
    """The instructions recorded while tracing one SFPI function."""

    ops: list = field(default_factory=list)
    root: Scope = field(default_factory=Scope)
    scope: Scope | None = None
    depth: int = 0  # flag-stack entries currently pushed by open chains
    level: int = 0  # nesting level of predicated regions
    pending: dict = field(default_factory=dict)  # level -> Chain whose body ended but may continue
    open_chains: list = field(default_factory=list)  # stack of chains whose body is being traced
    inputs: list = field(default_factory=list)  # runtime scalar slots: callables args -> uint32
    input_sources: list = field(default_factory=list)  # per slot: argument indices it depends on, or None
    scalar_ops: dict = field(default_factory=dict)  # RISC-V scalar work by kind (for the cost model)
    unentered: list = field(default_factory=list)  # (block, where) of v_if/... calls not yet entered by a `with`

    def __post_init__(self):
        self.scope = self.root

    # -- values and ops -------------------------------------------------------------------------------
    def new_value(self, **kw) -> Value:
        return Value(scope=self.scope, loc=kw.pop("loc", "") or user_location(), covered=frozenset({self.scope}),
                     **kw)

    def check_entered(self) -> None:
        """A v_if / v_elseif / v_else / v_block called without `with`: C++ SFPI's `v_if (c) { ... } v_endif;`
        written as two calls traces the code between them unpredicated, so every lane would be written."""
        if self.unentered:
            block, where = self.unentered[0]
            raise SfpiError(
                f"{where}: {block.call}(...) was called but not used as `with {block.call}(...):`, so the code "
                "after it is not predicated (every lane would be written). Fix: write `with "
                f"{block.call}(cond):` and indent the predicated statements under it (v_endif() is not needed).")

    def emit(self, op: Op) -> Op:
        """Record one op at the current level (closing a finished chain at this level first)."""
        if self.unentered:
            self.check_entered()
        self.close_pending(self.level)
        if not op.loc:
            op.loc = user_location()
        for v in op.inputs():
            v.uses += 1
            if not (op.name == "SFPMOV" and op.tie == "VD" and v is op.ins["VD"]):  # merge target
                self.check_defined(v, op.loc)
        self.ops.append(op)
        return op

    def defined_here(self, v: Value) -> bool:
        """Every lane enabled here holds a value of v: v was defined in an enclosing scope, or assigned in
        every branch of a chain that ended with v_else."""
        if v.const_reg is not None or v.scope.encloses(self.scope):
            return True
        chain = v.scope.chain
        return bool(chain is not None and chain.complete and set(chain.branches) <= v.covered
                    and v.scope.parent.encloses(self.scope))

    def check_defined(self, v: Value, loc: str) -> None:
        """A value computed under a narrower predicate has lanes that were never written."""
        if self.defined_here(v):
            return
        raise SfpiError(
            f"{loc}: a vector value first assigned at {v.loc} inside a v_if/v_block is used outside that "
            "block, where the lanes the condition switched off hold whatever the register held before "
            "(SFPI leaves them unwritten). Fix: give the variable a value before the v_if "
            "(e.g. `y = vFloat(0.0)`), then assign it inside the block."
        )

    def add_input(self, fn, sources=None) -> int:
        """A runtime immediate: `fn(args) -> int` is evaluated per call; returns the slot index. `sources`: the
        argument indices fn depends on (lets the runner reuse its value while those arguments repeat)."""
        self.inputs.append(fn)
        self.input_sources.append(None if sources is None else tuple(sorted(sources)))
        return len(self.inputs) - 1

    # -- predication ------------------------------------------------------------------------------------
    def _cc(self, name: str, **fields) -> None:
        if self.unentered:
            self.check_entered()
        op = Op(name, fields, loc=user_location())
        self.ops.append(op)

    def push(self) -> None:
        if self.depth >= FLAG_STACK_DEPTH:
            raise SfpiError(
                f"{user_location()}: conditionals nested too deep: the SFPU flag stack holds "
                f"{FLAG_STACK_DEPTH} entries (ISA SFPPUSHC) and this v_if/compound condition needs one more. "
                "Fix: flatten the nesting or combine conditions with `and`."
            )
        self.depth += 1
        self._cc("SFPPUSHC", VD=0)

    def close_pending(self, level: int) -> None:
        chain = self.pending.pop(level, None)
        if chain is not None:
            self._close(chain)

    def _close(self, chain: Chain) -> None:
        inner = chain.pushes - (0 if chain.outermost else 1)
        for _ in range(inner):
            self._cc("SFPPOPC", VD=0, Mod1=0)
        if chain.outermost:
            self._cc("SFPENCC", Imm2=3, VD=0, Mod1=10)
        else:
            self._cc("SFPPOPC", VD=0, Mod1=0)
        self.depth -= chain.pushes

    def begin_if(self, cond, kind: str = "if") -> None:
        from tensix.sfpi.vector import eval_condition  # the condition compiler lives with the types

        self.close_pending(self.level)
        outermost = self.level == 0
        chain = Chain(outermost=outermost, pushes=0, kind=kind)
        if not outermost:
            self.push()
            chain.pushes += 1
        self.open_chains.append(chain)
        if cond is not None:
            chain.pushes += eval_condition(self, cond)
        self._enter(chain)

    def begin_elseif(self, cond, else_: bool) -> None:
        from tensix.sfpi.vector import eval_condition

        chain = self.pending.pop(self.level, None)
        what = "v_else" if else_ else "v_elseif"
        if chain is None or chain.kind != "if":
            raise SfpiError(
                f"{user_location()}: {what} must directly follow a `with v_if(...)` or `with v_elseif(...)` "
                "block at the same indentation."
            )
        self.open_chains.append(chain)
        self._cc("SFPCOMPC", VD=0)
        if not else_:
            self.push()
            chain.pushes += 1
            chain.pushes += eval_condition(self, cond)
        else:
            chain.closed_by_else = True
        self._enter(chain)

    def v_and(self, cond) -> None:
        from tensix.sfpi.vector import eval_condition

        self.check_entered()
        if not self.open_chains:
            raise SfpiError(f"{user_location()}: v_and(...) is only allowed inside a v_if or v_block.")
        self.close_pending(self.level)
        self.open_chains[-1].pushes += eval_condition(self, cond, may_push=False)

    def _enter(self, chain: Chain) -> None:
        self.level += 1
        self.scope = Scope(parent=self.scope, depth=self.level, chain=chain)
        chain.branches.append(self.scope)

    def end_block(self) -> None:
        self.close_pending(self.level)
        self.level -= 1
        self.scope = self.scope.parent
        chain = self.open_chains.pop()
        if chain.kind == "block" or chain.closed_by_else:
            chain.complete = chain.closed_by_else
            self._close(chain)
        else:
            self.pending[self.level] = chain

    def finish(self) -> None:
        self.check_entered()
        if self.open_chains:
            raise SfpiError("an SFPI function ended inside an open v_if/v_block")
        self.close_pending(0)


_stack: list[Trace] = []


def current() -> Trace:
    if not _stack:
        raise SfpiError(
            "SFPI vector operations only work while an SFPU function is being traced, and calling one directly "
            "does not trace it (also not inside a compute kernel). Fix: in a compute kernel, run it on a Dst tile "
            "with call_sfpu(fn, dst_index, *args) (fn walks the whole tile) or, as in tt-metal, "
            "llk_math_eltwise_unary_sfpu_0_param(fn, fn, dst_index, VectorMode.RC) (fn processes one face); on the "
            "host, use tensix.sfpi.run(fn, tiles, ...) or tensix.sfpi.listing(fn, ...)."
        )
    return _stack[-1]


def start() -> Trace:
    t = Trace()
    _stack.append(t)
    return t


def stop(t: Trace) -> None:
    assert _stack and _stack[-1] is t
    _stack.pop()
