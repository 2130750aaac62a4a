"""Predicated assignment for Python: the `@sfpi_inline` source rewrite.

C++ SFPI overloads `operator=`, so `a = b + 1` inside `v_if` writes `a`'s register only in the enabled
lanes. Python cannot overload assignment, so an SFPI function's source is rewritten once (as Triton and
numba do) so that every assignment to a plain name goes through `_tensix_sfpi_assign`:

    a = expr          ->  a = _tensix_sfpi_assign(<a's current value or UNBOUND>, expr)
    a += expr         ->  a = _tensix_sfpi_assign(<a>, _tensix_sfpi_iop(a, '+=', expr))
    x and y / x or y  ->  _tensix_sfpi_and(x, lambda: y) / _tensix_sfpi_or(...)   (vector conditions combine
    not x             ->  _tensix_sfpi_not(x)                                        lane-wise, scalars as Python)
    vConstFloatPrgm0 = v  ->  _tensix_sfpi_setconst('vConstFloatPrgm0', v)      (SFPCONFIG, no rebinding)

Inside a predicated block, assigning a vector to a name that already holds a vector merges them: the new
value's instruction writes the old value's register (a `tie`), so switched-off lanes keep the old value,
exactly as SFPI. Outside any block every lane is enabled and assignment is plain rebinding.
"""

from __future__ import annotations

import ast
import functools
import inspect
import textwrap
import types
import weakref

from tensix.errors import SfpiError

_REWRITTEN_CODE: set = set()
_CACHE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


class _Unbound:
    def __repr__(self):
        return "UNBOUND"


UNBOUND = _Unbound()


def is_rewritten(code) -> bool:
    return code in _REWRITTEN_CODE


# ------------------------------------------------------------------------------------------------
# run-time helpers called by rewritten code
# ------------------------------------------------------------------------------------------------
def _assign(old, new):
    from tensix.sfpi import tracer
    from tensix.sfpi.vector import DstRef, _Const, _Vec, emit, vFloat

    t = tracer._stack[-1] if tracer._stack else None
    if isinstance(new, DstRef) and t is not None:
        new = new.load(True)  # `x = dst_reg[k]` is a load in SFPI (vFloat x = dst_reg[k]), not an alias
    if isinstance(old, DstRef) and t is not None and t.level > 0:
        old = old.load(True)  # a dst_reg[k] argument bound to a parameter: its value at this point
    if isinstance(old, _Const) and t is not None and t.level > 0:
        old = old._as()       # `y = vConst1` then a predicated `y = ...`: y is a variable holding the constant
    if not isinstance(old, _Vec):
        return new
    if t is None or t.level == 0:
        return new
    if old.v.const_reg is not None:
        # `y = vConst1` bound y to the constant register itself (SFPI copies it into an LReg of y's where y is
        # declared); a predicated assignment needs a register of y's own: copy the constant into one first, in
        # every lane (SFPMOV ALL_LANES_ENABLED), so that the lanes the condition switches off keep it
        copy = emit("SFPMOV", {"Mod1": 2}, {"VC": old.v})
        copy.scope, copy.covered = old.v.scope, old.v.covered
        old = type(old)._wrap(copy)
    # Predicated assignment: the result must land in old's register, other lanes keep old's value.
    if isinstance(new, DstRef):
        new = new.load(isinstance(old, vFloat))
    elif not isinstance(new, _Vec):
        if isinstance(new, _Const) or isinstance(new, (int, float)) or hasattr(new, "load") or hasattr(new, "eval"):
            new = type(old)(new)
        else:
            return new
    scope = old.v.scope
    covered = old.v.covered
    if not t.defined_here(old.v):
        # assigning again, in a sibling branch of the same chain, a value first assigned inside a branch
        chain = scope.chain
        if chain is None or t.scope.chain is not chain:
            t.check_defined(old.v, tracer.user_location())
        covered = covered | {t.scope}
    op = t.ops[-1] if t.ops else None
    fresh = (
        op is not None
        and op.out is new.v
        and op.tie is None
        and new.v.fixed is None
        and new.v.uses == 0
    )
    if (op is not None and op.out is new.v and op.tie == "VD" and op.ins["VD"] is old.v
            and new.v.uses == 0 and new.v.fixed is None):
        # `b &= x` and friends: the instruction already wrote old's register, only in the enabled lanes
        new.v.scope, new.v.covered = scope, covered
        return type(new)._wrap(new.v)
    if fresh:
        # Retarget the instruction that computed `new` so it writes old's register.
        op.ins["VD"] = old.v
        op.tie = "VD"
        new.v.scope, new.v.covered = scope, covered
        return type(new)._wrap(new.v)
    merged = emit("SFPMOV", {"Mod1": 0}, {"VC": new.v, "VD": old.v}, tie="VD")
    merged.scope, merged.covered = scope, covered
    return type(new)._wrap(merged)


def _iop(target, opname, value):
    import operator

    return {
        "+=": operator.iadd, "-=": operator.isub, "*=": operator.imul, "&=": operator.iand,
        "|=": operator.ior, "^=": operator.ixor, "<<=": operator.ilshift, ">>=": operator.irshift,
        "/=": operator.itruediv, "//=": operator.ifloordiv, "%=": operator.imod,
    }[opname](target, value)


def _and(first, *rest):
    from tensix.sfpi.vector import And, Cond, _IntBase, as_cond

    if isinstance(first, (Cond, _IntBase)):
        return And(as_cond(first), *[as_cond(r()) for r in rest])
    value = first
    for r in rest:
        if not value:
            return value
        value = r()
        if isinstance(value, Cond):
            raise SfpiError("`scalar and vector-condition` cannot be predicated; put the vector condition first")
    return value


def _or(first, *rest):
    from tensix.sfpi.vector import Cond, Or, _IntBase, as_cond

    if isinstance(first, (Cond, _IntBase)):
        return Or(as_cond(first), *[as_cond(r()) for r in rest])
    value = first
    for r in rest:
        if value:
            return value
        value = r()
        if isinstance(value, Cond):
            raise SfpiError("`scalar or vector-condition` cannot be predicated; put the vector condition first")
    return value


def _not(x):
    from tensix.sfpi.vector import Cond, Not, _IntBase, as_cond

    if isinstance(x, (Cond, _IntBase)):
        return Not(as_cond(x))
    return not x


def _setconst(name, value):
    from tensix.sfpi import vector

    const = getattr(vector, name)
    const.set(value)
    return const


HELPERS = {
    "_tensix_sfpi_assign": _assign,
    "_tensix_sfpi_iop": _iop,
    "_tensix_sfpi_and": _and,
    "_tensix_sfpi_or": _or,
    "_tensix_sfpi_not": _not,
    "_tensix_sfpi_setconst": _setconst,
    "_tensix_sfpi_unbound": UNBOUND,
}


# ------------------------------------------------------------------------------------------------
# the AST transformation
# ------------------------------------------------------------------------------------------------
def _call(name, *args):
    return ast.Call(func=ast.Name(id=name, ctx=ast.Load()), args=list(args), keywords=[])


def _current(name):
    """`locals().get(name, UNBOUND)`: the name's value before the assignment, if it has one."""
    return ast.Call(
        func=ast.Attribute(value=_call("locals"), attr="get", ctx=ast.Load()),
        args=[ast.Constant(name), ast.Name(id="_tensix_sfpi_unbound", ctx=ast.Load())],
        keywords=[],
    )


_AUG = {ast.Add: "+=", ast.Sub: "-=", ast.Mult: "*=", ast.BitAnd: "&=", ast.BitOr: "|=", ast.BitXor: "^=",
        ast.LShift: "<<=", ast.RShift: ">>=", ast.Div: "/=", ast.FloorDiv: "//=", ast.Mod: "%="}


class _Rewriter(ast.NodeTransformer):
    def __init__(self, consts: set, declared: set, inplace: set):
        self.consts = consts  # global names bound to programmable constant registers
        self.inplace = inplace  # global names updated in place (`dst_reg += n`): never rebound
        self.declared = declared  # names declared global/nonlocal: leave alone

    def visit_FunctionDef(self, node):
        # nested functions are ordinary Python (lambdas etc.); only the body of the SFPI function is rewritten
        if getattr(self, "_top_done", False):
            return node
        self._top_done = True
        node.decorator_list = []
        self.generic_visit(node)
        return node

    def visit_Assign(self, node):
        node.value = self.visit(node.value)
        if len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
            if name in self.consts:
                return ast.copy_location(
                    ast.Expr(_call("_tensix_sfpi_setconst", ast.Constant(name), node.value)), node)
            if name not in self.declared:
                node.value = _call("_tensix_sfpi_assign", _current(name), node.value)
            return node
        if len(node.targets) == 1 and isinstance(node.targets[0], ast.Tuple) and all(
            isinstance(e, ast.Name) for e in node.targets[0].elts
        ):
            # a, b = f(...)  ->  tmp = f(...); a = assign(a, tmp[0]); b = assign(b, tmp[1])
            tmp = f"_tensix_tmp_{node.lineno}_{node.col_offset}"
            out = [ast.Assign(targets=[ast.Name(id=tmp, ctx=ast.Store())], value=node.value)]
            for i, e in enumerate(node.targets[0].elts):
                item = ast.Subscript(value=ast.Name(id=tmp, ctx=ast.Load()), slice=ast.Constant(i), ctx=ast.Load())
                out.append(ast.Assign(targets=[ast.Name(id=e.id, ctx=ast.Store())],
                                      value=_call("_tensix_sfpi_assign", _current(e.id), item)))
            return [ast.copy_location(s, node) for s in out]
        return node

    def visit_AugAssign(self, node):
        node.value = self.visit(node.value)
        if isinstance(node.target, ast.Name) and node.target.id in self.inplace:
            call = _call("_tensix_sfpi_iop", ast.Name(id=node.target.id, ctx=ast.Load()),
                         ast.Constant(_AUG[type(node.op)]), node.value)
            return ast.copy_location(ast.Expr(call), node)
        if isinstance(node.target, ast.Name) and node.target.id not in self.declared:
            name = node.target.id
            value = _call("_tensix_sfpi_iop", ast.Name(id=name, ctx=ast.Load()), ast.Constant(_AUG[type(node.op)]),
                          node.value)
            return ast.copy_location(
                ast.Assign(targets=[ast.Name(id=name, ctx=ast.Store())],
                           value=_call("_tensix_sfpi_assign", _current(name), value)), node)
        return node

    def visit_BoolOp(self, node):
        self.generic_visit(node)
        helper = "_tensix_sfpi_and" if isinstance(node.op, ast.And) else "_tensix_sfpi_or"
        rest = [ast.Lambda(args=ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[]),
                           body=v) for v in node.values[1:]]
        return ast.copy_location(_call(helper, node.values[0], *rest), node)

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Not):
            return ast.copy_location(_call("_tensix_sfpi_not", node.operand), node)
        return node


def sfpi_inline(fn):
    """Make `fn` an SFPI function: assignments inside v_if blocks are predicated (see module docstring).

    The name is SFPI's (`sfpi_inline` = always inline, since vectors cannot be passed on a stack)."""
    if is_rewritten(getattr(fn, "__code__", None)):
        return fn
    cached = _CACHE.get(fn)
    if cached is not None:
        return cached
    from tensix.sfpi import vector
    from tensix.sfpi.vector import _Const

    try:
        source = textwrap.dedent(inspect.getsource(fn))
        filename = inspect.getsourcefile(fn) or "<sfpi>"
        first_line = fn.__code__.co_firstlineno
    except (OSError, TypeError) as e:
        raise SfpiError(f"cannot read the source of {fn!r} to make it an SFPI function: {e}") from None
    tree = ast.parse(source)
    fdef = tree.body[0]
    if not isinstance(fdef, ast.FunctionDef):
        raise SfpiError(f"{fn.__qualname__}: only plain `def` functions can be SFPI functions")
    ast.increment_lineno(tree, first_line - 1)
    declared = {n for node in ast.walk(fdef) if isinstance(node, (ast.Global, ast.Nonlocal)) for n in node.names}
    # SFPI's programmable constants by name, imported or not: `vConstFloatPrgm0 = x` must never become a silent
    # local rebinding (e.g. after a linter dropped an import that looked unused)
    consts = {name for name, val in vars(vector).items() if isinstance(val, _Const) and val.writable}
    consts -= {name for name, val in fn.__globals__.items() if name in consts and val is not vars(vector)[name]}
    inplace = {name for name, val in fn.__globals__.items() if getattr(type(val), "_sfpi_inplace", False)}
    fdef = _Rewriter(consts, declared, inplace).visit(fdef)
    # Compile inside a factory whose parameters are the original free variables, so closures still work.
    freevars = fn.__code__.co_freevars
    factory = ast.FunctionDef(
        name="_tensix_factory",
        args=ast.arguments(posonlyargs=[], args=[ast.arg(arg=v) for v in freevars], kwonlyargs=[],
                           kw_defaults=[], defaults=[]),
        body=[fdef, ast.Return(value=ast.Name(id=fdef.name, ctx=ast.Load()))],
        decorator_list=[], returns=None, type_params=[],
    )
    module = ast.Module(body=[factory], type_ignores=[])
    ast.fix_missing_locations(module)
    code = compile(module, filename, "exec")
    factory_code = next(c for c in code.co_consts if isinstance(c, types.CodeType))
    fn_code = next(c for c in factory_code.co_consts if isinstance(c, types.CodeType) and c.co_name == fdef.name)
    for name, helper in HELPERS.items():
        fn.__globals__.setdefault(name, helper)
    cells = dict(zip(freevars, fn.__closure__ or ()))
    closure = tuple(cells[v] for v in fn_code.co_freevars) if fn_code.co_freevars else None
    new = types.FunctionType(fn_code, fn.__globals__, fn.__name__, fn.__defaults__, closure)
    new.__kwdefaults__ = fn.__kwdefaults__
    functools.update_wrapper(new, fn)
    new.__wrapped_sfpi__ = fn
    _REWRITTEN_CODE.add(fn_code)
    _CACHE[fn] = new
    return new
