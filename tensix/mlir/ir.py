"""Reading MLIR text into xDSL IR, verifying it, and MLIR-style diagnostics.

- `context()`: an xDSL context with the builtin, func, tensor, arith, tosa, linalg, emitc dialects and tensix's
  tt, ttir, ttnn.
- `parse(text, filename)`: like `ttmlir-opt`'s parser: every op gets the location of its text (`file:line:col`)
  unless it carries an explicit `loc(...)`; location aliases may be used before their definition, as MLIR allows
  (`loc(#loc5)` with `#loc5 = loc("add_1_0"(#loc1))` at the end of the file, as tt-mlir's tests have them).
- `verify(module)`: every op's verifier, failing with `file:line:col: error: 'op' op message` (MLIRError).
Parse errors are MLIRError too: `file:line:col: error: <what was expected>` with the line and a caret.
"""

from __future__ import annotations

import re
from functools import lru_cache

from xdsl.context import Context
from xdsl.dialects.builtin import (
    CallSiteLoc,
    FileLineColLoc,
    FusedLoc,
    IntAttr,
    ModuleOp,
    NameLoc,
    StringAttr,
    UnknownLoc,
)
from xdsl.ir import Operation
from xdsl.parser import Parser
from xdsl.utils.exceptions import DiagnosticException, ParseError, VerifyException
from xdsl.utils.mlir_lexer import MLIRTokenKind

from tensix.mlir.errors import MLIRError


def _dialects():
    from xdsl.dialects.arith import Arith
    from xdsl.dialects.builtin import Builtin
    from xdsl.dialects.func import Func
    from xdsl.dialects.linalg import Linalg
    from xdsl.dialects.math import Math
    from xdsl.dialects.ml_program import MLProgram
    from xdsl.dialects.scf import Scf
    from xdsl.dialects.tensor import Tensor

    from tensix.mlir.dialects.emitc import EmitC
    from tensix.mlir.dialects.emitpy import EmitPy
    from tensix.mlir.dialects.tosa import TOSA
    from tensix.mlir.dialects.tt import TT
    from tensix.mlir.dialects.ttir import TTIR
    from tensix.mlir.dialects.ttkernel import TTKernel
    from tensix.mlir.dialects.ttmetal import TTMetal
    from tensix.mlir.dialects.ttnn import TTNN

    return [Builtin, Func, Tensor, Arith, Math, MLProgram, Scf, TOSA, Linalg, EmitC, TT, TTIR, TTNN, TTKernel, TTMetal, EmitPy]


@lru_cache(maxsize=None)
def _dialect_list():
    return tuple(_dialects())


def context(allow_unregistered: bool = False) -> Context:
    ctx = Context(allow_unregistered=allow_unregistered)
    for d in _dialect_list():
        if d.name not in ctx.registered_dialect_names:
            ctx.load_dialect(d)
    from tensix.mlir.dialects.linalg_extra import EXTRA_OPS

    for op in EXTRA_OPS:
        ctx.load_op(op)
    return ctx


_LOC_ALIAS = re.compile(r"^\s*(#[A-Za-z_][\w$.]*)\s*=\s*loc\((.*)\)\s*$", re.M)


class _Parser(Parser):
    """xDSL's parser with MLIR's op locations and deferred location aliases."""

    def __init__(self, ctx: Context, text: str, name: str, deferred: dict[str, str] | None = None):
        super().__init__(ctx, text, name)
        self._name = name
        self._deferred = deferred if deferred is not None else {m.group(1): m.group(2)
                                                                 for m in _LOC_ALIAS.finditer(text)}

    def parse_operation(self) -> Operation:
        start = self._current_token.span
        op = super().parse_operation()
        if isinstance(op.location, UnknownLoc):
            line, col = _line_col(start)
            op.location = FileLineColLoc(StringAttr(self._name), IntAttr(line), IntAttr(col))
        return op

    def _parse_location(self):
        tok = self._current_token
        if tok.kind == MLIRTokenKind.HASH_IDENT and tok.text not in self.attribute_aliases \
                and tok.text in self._deferred:
            self._consume_token(MLIRTokenKind.HASH_IDENT)
            sub = _Parser(self.ctx, self._deferred[tok.text], self._name, self._deferred)
            sub.attribute_aliases = self.attribute_aliases
            return sub._parse_location()
        return super()._parse_location()


def _line_col(span) -> tuple[int, int]:
    content = span.input.content
    line = content.count("\n", 0, span.start) + 1
    col = span.start - (content.rfind("\n", 0, span.start) + 1) + 1
    return line, col


def _source_line(text: str, line: int) -> str:
    lines = text.split("\n")
    return lines[line - 1] if 0 < line <= len(lines) else ""


def parse(text: str, filename: str = "<stdin>", ctx: Context | None = None) -> ModuleOp:
    """Parse MLIR text (a `module` or top-level ops, which get an implicit module) into xDSL IR."""
    from tensix.mlir import resources

    ctx = ctx or context()
    text = resources.extract(text)
    try:
        return _Parser(ctx, text, filename).parse_module()
    except ParseError as e:
        line, col = _line_col(e.span)
        src = _source_line(text, line)
        diag = f"{filename}:{line}:{col}: error: {e.msg}\n{src}\n{' ' * (col - 1)}^"
        raise MLIRError(e.msg, diag) from None
    except Exception as e:  # xDSL raises plain exceptions for some malformed input (unknown ops, bad attrs)
        if isinstance(e, (MLIRError, KeyboardInterrupt)):
            raise
        msg = str(e).strip().split("\n")[-1] if str(e).strip() else type(e).__name__
        raise MLIRError(msg, f"{filename}: error: {msg}") from None


def file_loc(loc) -> tuple[str, int, int] | None:
    """The file position a location points at (through name and call-site locations)."""
    if isinstance(loc, FileLineColLoc):
        return loc.filename.data, loc.line.data, loc.column.data
    if isinstance(loc, NameLoc):
        return file_loc(loc.location)
    if isinstance(loc, CallSiteLoc):
        return file_loc(loc.callee)
    if isinstance(loc, FusedLoc):
        for sub in loc.locations:
            found = file_loc(sub)
            if found:
                return found
    return None


def loc_name(loc) -> str | None:
    """The name of a NameLoc (`loc("add_1_0"(...))` -> `add_1_0`), as tt-mlir's grid overrides match it."""
    if isinstance(loc, NameLoc):
        return loc.desc.data
    return None


def diagnostic(op: Operation, message: str, sources: dict[str, str] | None = None) -> str:
    """`file:line:col: error: message` at the op's location, with the source line and a caret when known."""
    where = file_loc(op.location)
    if where is None:
        return f"loc(unknown): error: {message}" if not isinstance(op.location, NameLoc) else \
            f"loc(\"{op.location.desc.data}\"): error: {message}"
    fname, line, col = where
    text = f"{fname}:{line}:{col}: error: {message}"
    if sources and fname in sources:
        text += f"\n{_source_line(sources[fname], line)}\n{' ' * (col - 1)}^"
    return text


def op_error(op: Operation, message: str, sources: dict[str, str] | None = None) -> MLIRError:
    """An op's verifier failure: `'ttir.softmax' op <message>`."""
    full = f"'{op.name}' op {message}"
    return MLIRError(full, diagnostic(op, full, sources))


def _in_named_linalg_body(op: Operation) -> bool:
    parent = op.parent_op()
    while parent is not None:
        if parent.name.startswith("linalg.") and parent.name != "linalg.generic":
            return True
        parent = parent.parent_op()
    return False


def verify(module: Operation, sources: dict[str, str] | None = None) -> None:
    """Run every op's verifier, innermost first as MLIR does; the first failure raises MLIRError. The bodies xDSL
    builds itself for linalg's named ops are not the input's ops and are skipped: for a mixed-precision
    `linalg.matmul` (bf16 inputs, f32 accumulator, as torch-mlir emits) xDSL 0.74 builds an `arith.addf` of bf16
    and f32, where MLIR's region builder casts first."""
    for op in module.walk():
        if _in_named_linalg_body(op):
            continue
        try:
            op.verify(verify_nested_ops=False)
        except (VerifyException, DiagnosticException) as e:
            msg = str(e).strip()
            raise op_error(op, msg, sources) from None
