"""Affine maps as MLIR prints them, and the small affine helpers the layout math needs.

xDSL prints affine expressions fully parenthesised (`((d0 * 96) + d1)`); MLIR prints them with binding strengths
(`d0 * 96 + d1`, `(d0 floordiv 8) * 2`). This module follows llvm-project's
`mlir/lib/IR/AsmPrinter.cpp` `printAffineExprInternal` (the LLVM tt-mlir pinned in 2024, 9ddfe62f5c11):
additions bind weakly, everything else strongly, `x * -1` prints as `-x`, `a + b * -1` as `a - b`,
`a + b * -c` as `a - b * c` and `a + -c` as `a - c`.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.ir.affine import (
    AffineBinaryOpExpr,
    AffineBinaryOpKind,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineMap,
    AffineSymExpr,
)

_SPELLING = {
    AffineBinaryOpKind.Add: " + ",
    AffineBinaryOpKind.Mul: " * ",
    AffineBinaryOpKind.FloorDiv: " floordiv ",
    AffineBinaryOpKind.CeilDiv: " ceildiv ",
    AffineBinaryOpKind.Mod: " mod ",
}


def expr_str(expr: AffineExpr, strong: bool = False) -> str:
    """One affine expression in MLIR's spelling; `strong` is the binding strength of the enclosing operator."""
    if isinstance(expr, AffineDimExpr):
        return f"d{expr.position}"
    if isinstance(expr, AffineSymExpr):
        return f"s{expr.position}"
    if isinstance(expr, AffineConstantExpr):
        return str(expr.value)
    assert isinstance(expr, AffineBinaryOpExpr)
    lhs, rhs, kind = expr.lhs, expr.rhs, expr.kind
    open_, close = ("(", ")") if strong else ("", "")
    if kind != AffineBinaryOpKind.Add:
        if kind == AffineBinaryOpKind.Mul and isinstance(rhs, AffineConstantExpr) and rhs.value == -1:
            return f"{open_}-{expr_str(lhs, True)}{close}"
        return f"{open_}{expr_str(lhs, True)}{_SPELLING[kind]}{expr_str(rhs, True)}{close}"
    if isinstance(rhs, AffineBinaryOpExpr) and rhs.kind == AffineBinaryOpKind.Mul and isinstance(
            rhs.rhs, AffineConstantExpr):
        c = rhs.rhs.value
        if c == -1:
            inner_strong = isinstance(rhs.lhs, AffineBinaryOpExpr) and rhs.lhs.kind == AffineBinaryOpKind.Add
            return f"{open_}{expr_str(lhs)} - {expr_str(rhs.lhs, inner_strong)}{close}"
        if c < -1:
            return f"{open_}{expr_str(lhs)} - {expr_str(rhs.lhs, True)} * {-c}{close}"
    if isinstance(rhs, AffineConstantExpr) and rhs.value < 0:
        return f"{open_}{expr_str(lhs)} - {-rhs.value}{close}"
    return f"{open_}{expr_str(lhs)} + {expr_str(rhs)}{close}"


def map_str(m: AffineMap) -> str:
    """`(d0, d1)[s0] -> (d0 * 2 + s0, d1)` as MLIR prints an affine map (the empty map prints `() -> ()`)."""
    dims = ", ".join(f"d{i}" for i in range(m.num_dims))
    syms = f"[{', '.join(f's{i}' for i in range(m.num_symbols))}]" if m.num_symbols else ""
    return f"({dims}){syms} -> ({', '.join(expr_str(r) for r in m.results)})"


def const(value: int) -> AffineExpr:
    return AffineExpr.constant(value)


def dim(position: int) -> AffineExpr:
    return AffineExpr.dimension(position)


def evaluate(m: AffineMap, point: Sequence[int]) -> tuple[int, ...]:
    """The map's results at an integer point (MLIR's `replaceDims` with constants followed by folding)."""
    return m.eval(list(point), [])


def uses_dim(expr: AffineExpr, position: int) -> bool:
    """MLIR's `AffineExpr::isFunctionOfDim`."""
    return position in expr.used_dims()
