"""Print IR the way ttmlir-opt (MLIR of mid-2024, llvm-project 9ddfe62f5c11) printed it.

What follows MLIR's AsmPrinter.cpp rather than xDSL's printer:
- attribute aliases hoisted to the top (`#l1_ = #tt.memory_space<l1>`, `#layout1 = #tt.layout<...>`, `#map`,
  `#parallel`, `#any_device`), named by the dialects' getAlias hooks (tt: TTDialect.cpp), sorted by
  (nesting depth, attribute before type, name) with ties in first-use order, then numbered (`layout`, `layout1`,
  ...); a name ending in a digit gets `_` appended;
- `module`, `func.func`, `return`, `call`, `tensor.empty`, `emitc.include`, `emitc.call_opaque` in their custom
  forms; every other op generic: `%0 = "ttnn.full"(%d) <{props}> ({regions}) {attrs} : (types) -> type`;
- SSA names: `%0, %1, ...` and `%arg0, ...` per isolated region, nested regions numbered after their parent region
  and siblings starting from the same counters (so the three regions of a ttmetal.dispatch all use `%arg2...`);
- affine expressions with MLIR's binding strengths (tensix.mlir.affine), floats as `0.000000e+00 : f32`, i64
  elided inside arrays (`[0, 1, 2]`), dictionaries sorted by key, locations not printed.
"""

from __future__ import annotations

import io
import re

import numpy as np
from xdsl.dialects.builtin import (
    AffineMapAttr,
    ArrayAttr,
    BFloat16Type,
    DenseArrayBase,
    DenseResourceAttr,
    DictionaryAttr,
    Float16Type,
    Float32Type,
    Float64Type,
    FloatAttr,
    FunctionType,
    IndexType,
    IntAttr,
    IntegerAttr,
    IntegerType,
    MemRefType,
    ModuleOp,
    NoneAttr,
    NoneType,
    Signedness,
    StringAttr,
    SymbolRefAttr,
    TensorType,
    UnitAttr,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue, TypeAttribute
from xdsl.ir.affine import AffineMap
from xdsl.traits import IsolatedFromAbove

from tensix.mlir.affine import map_str


def _alias_name(attr: Attribute) -> str | None:
    """The dialects' getAlias hooks: tt (TTDialect.cpp) and builtin (`map` for affine maps)."""
    from tensix.mlir.dialects import tt

    if isinstance(attr, tt.LayoutAttr):
        return "layout"
    if isinstance(attr, (tt.MemorySpaceAttr, tt.IteratorTypeAttr)):
        return attr.case
    if isinstance(attr, tt.OperandConstraintAttr):
        return attr.alias_name()
    if isinstance(attr, AffineMapAttr):
        return "map"
    return None


def _float_str(value: float, ty: Attribute) -> str:
    """MLIR's printFloatValue: `%.6e` when it reads back to the same value in the type, else the shortest form."""
    if np.isfinite(value):
        s = "%.6e" % value
        cast = {Float32Type: np.float32, Float16Type: np.float16}.get(type(ty), np.float64)
        if isinstance(ty, BFloat16Type):
            import ml_dtypes

            cast = ml_dtypes.bfloat16
        if cast(float(s)) == cast(value):
            return s
        return repr(float(cast(value)))
    bits = {Float32Type: ("<f4", "<u4", 8), Float64Type: ("<f8", "<u8", 16)}.get(type(ty), ("<f8", "<u8", 16))
    return "0x" + format(int(np.array(value, bits[0]).view(bits[1])), f"0{bits[2]}X")


def _quote(s: str) -> str:
    out = []
    for ch in s:
        if ch in '"\\':
            out.append("\\" + ch)
        elif " " <= ch <= "~":
            out.append(ch)
        else:
            out.extend(f"\\{b:02X}" for b in ch.encode())
    return '"' + "".join(out) + '"'


class AsmPrinter:
    """Spells attributes and types; with `aliases` (attr -> `#name`) nested aliasable attributes print by name.

    In recording mode (`recorder` set) every aliasable attribute met is reported in print order, with its
    nesting, which is how the alias table is built (MLIR's AliasInitializer does the same dry print)."""

    def __init__(self, aliases: dict[Attribute, str] | None = None, recorder: "_AliasRecorder | None" = None):
        self.aliases = aliases or {}
        self.recorder = recorder
        self._types: dict[int, tuple] = {}   # id -> (type kept alive, text, nested alias depths)
        self.resources: dict[str, None] = {}  # dense_resource keys in first-use order (MLIR's resource block)

    # ---------------------------------------------------------------- attributes
    def attr(self, a: Attribute, elide_type: bool = False) -> str:
        if isinstance(a, TypeAttribute):
            return self.type(a)
        if self.recorder is not None and _alias_name(a) is not None:
            self.recorder.enter(a)
            text = self.full_attr(a, elide_type)
            self.recorder.leave(a)
            return text
        name = self.aliases.get(a)
        if name is not None:
            return name
        return self.full_attr(a, elide_type)

    def full_attr(self, a: Attribute, elide_type: bool = False) -> str:
        if hasattr(a, "mlir_params"):
            return f"#{a.name}{a.mlir_params(self)}"
        if isinstance(a, IntegerAttr):
            t = a.type
            v = a.value.data
            if isinstance(t, IntegerType) and t.width.data == 1:
                return "true" if v else "false"
            if elide_type and isinstance(t, IntegerType) and t.width.data == 64 and \
                    t.signedness.data == Signedness.SIGNLESS:
                return str(v)
            return f"{v} : {self.type(t)}"
        if isinstance(a, FloatAttr):
            text = _float_str(a.value.data, a.type)
            if elide_type and isinstance(a.type, Float64Type):
                return text
            return f"{text} : {self.type(a.type)}"
        if isinstance(a, StringAttr):
            return _quote(a.data)
        if isinstance(a, ArrayAttr):
            return "[" + ", ".join(self.attr(x, True) for x in a.data) + "]"
        if isinstance(a, DenseArrayBase):
            vals = a.get_values()
            et = self.type(a.elt_type)
            if not vals:
                return f"array<{et}>"
            if isinstance(a.elt_type, IntegerType) and a.elt_type.width.data == 1:
                return f"array<{et}: " + ", ".join("true" if v else "false" for v in vals) + ">"
            if isinstance(a.elt_type, IntegerType):
                return f"array<{et}: " + ", ".join(str(int(v)) for v in vals) + ">"
            return f"array<{et}: " + ", ".join(_float_str(v, a.elt_type) for v in vals) + ">"
        if isinstance(a, DictionaryAttr):
            return self.dict_body(a.data)
        if isinstance(a, SymbolRefAttr):
            return "@" + a.root_reference.data + "".join("::@" + n.data for n in a.nested_references.data)
        if isinstance(a, UnitAttr):
            return "unit"
        if isinstance(a, AffineMapAttr):
            return f"affine_map<{map_str(a.data)}>"
        if isinstance(a, IntAttr):
            return str(a.data)
        if isinstance(a, DenseResourceAttr):
            self.resources.setdefault(a.resource_handle.data)
            return f"dense_resource<{a.resource_handle.data}> : {self.type(a.type)}"
        return self._xdsl(a)

    def dict_body(self, items: dict[str, Attribute]) -> str:
        parts = []
        for k in sorted(items):
            v = items[k]
            key = k if re.fullmatch(r"[A-Za-z_][\w$.]*", k) else _quote(k)
            parts.append(key if isinstance(v, UnitAttr) else f"{key} = {self.attr(v)}")
        return "{" + ", ".join(parts) + "}"

    # ---------------------------------------------------------------- types
    def type(self, t: Attribute) -> str:
        hit = self._types.get(id(t))
        if hit is not None and hit[0] is t:
            if self.recorder is not None:       # the aliases inside count again for an enclosing alias's depth
                self.recorder._stack[-1].extend(hit[2])
            return hit[1]
        top = self.recorder._stack[-1] if self.recorder is not None else None
        mark = len(top) if top is not None else 0
        text = self._type(t)
        self._types[id(t)] = (t, text, tuple(top[mark:]) if top is not None else ())
        return text

    def _type(self, t: Attribute) -> str:
        if hasattr(t, "mlir_params"):
            return f"!{t.name}{t.mlir_params(self)}"
        if isinstance(t, IntegerType):
            prefix = {Signedness.SIGNLESS: "i", Signedness.SIGNED: "si", Signedness.UNSIGNED: "ui"}[
                t.signedness.data]
            return f"{prefix}{t.width.data}"
        simple = {IndexType: "index", Float16Type: "f16", Float32Type: "f32", Float64Type: "f64",
                  BFloat16Type: "bf16", NoneType: "none"}
        if type(t) in simple:
            return simple[type(t)]
        if isinstance(t, TensorType):
            dims = "".join(("?" if d < 0 else str(d)) + "x" for d in t.get_shape())
            enc = "" if isinstance(t.encoding, NoneAttr) else ", " + self.attr(t.encoding)
            return f"tensor<{dims}{self.type(t.element_type)}{enc}>"
        if isinstance(t, MemRefType):
            dims = "".join(("?" if d < 0 else str(d)) + "x" for d in t.get_shape())
            extra = ""
            if not isinstance(t.layout, NoneAttr):
                extra += ", " + self.attr(t.layout)
            if not isinstance(t.memory_space, NoneAttr):
                extra += ", " + self.attr(t.memory_space)
            return f"memref<{dims}{self.type(t.element_type)}{extra}>"
        if isinstance(t, FunctionType):
            ins = ", ".join(self.type(x) for x in t.inputs.data)
            outs = [self.type(x) for x in t.outputs.data]
            res = outs[0] if len(outs) == 1 and not isinstance(t.outputs.data[0], FunctionType) \
                else "(" + ", ".join(outs) + ")"
            return f"({ins}) -> {res}"
        return self._xdsl(t)

    def affine_map(self, m: AffineMap) -> str:
        return map_str(m)

    @staticmethod
    def _xdsl(a: Attribute) -> str:
        from xdsl.printer import Printer

        buf = io.StringIO()
        Printer(stream=buf).print_attribute(a)
        return buf.getvalue()


class _AliasRecorder:
    """Collects aliasable attributes in first-use order with their alias depth (MLIR's InProgressAliasInfo)."""

    def __init__(self):
        self.order: list[Attribute] = []
        self.depth: dict[Attribute, int] = {}
        self._stack: list[list[int]] = [[]]

    def enter(self, a: Attribute) -> None:
        if a not in self.depth:
            self.order.append(a)
            self.depth[a] = -1
        self._stack.append([])

    def leave(self, a: Attribute) -> None:
        nested = self._stack.pop()
        d = 1 + max(nested) if nested else 0
        self.depth[a] = max(self.depth[a], d)
        self._stack[-1].append(self.depth[a])

    def table(self) -> tuple[dict[Attribute, str], list[Attribute]]:
        ranked = sorted(self.order, key=lambda a: (self.depth[a], _sanitize(_alias_name(a))))
        counts: dict[str, int] = {}
        names: dict[Attribute, str] = {}
        for a in ranked:
            base = _sanitize(_alias_name(a))
            n = counts.get(base, 0)
            counts[base] = n + 1
            names[a] = "#" + base + (str(n) if n else "")
        return names, ranked


def _sanitize(name: str) -> str:
    name = re.sub(r"[^\w$.]", "_", name)
    if not name or name[0].isdigit():
        name = "_" + name
    return name + "_" if name[-1].isdigit() else name


# -------------------------------------------------------------------------------------------------- operations
class _Names:
    """SSA value names as MLIR's SSANameState assigns them."""

    def __init__(self, top: Operation):
        self.names: dict[SSAValue, str] = {}
        self.groups: dict[Operation, str] = {}
        work: list[tuple[Region, int, int]] = [(r, 0, 0) for r in top.regions]
        while work:
            region, next_value, next_arg = work.pop()
            nested: list[Region] = []
            for i, block in enumerate(region.blocks):
                for arg in block.args:
                    if i == 0:
                        self.names[arg] = f"%arg{next_arg}"
                        next_arg += 1
                    else:
                        self.names[arg] = f"%{next_value}"
                        next_value += 1
                for op in block.ops:
                    if op.results:
                        base = f"%{next_value}"
                        next_value += 1
                        if len(op.results) == 1:
                            self.names[op.results[0]] = base
                        else:
                            self.groups[op] = base
                            for k, r in enumerate(op.results):
                                self.names[r] = f"{base}#{k}"
                    for r in op.regions:
                        nested.append((r, op.has_trait(IsolatedFromAbove)))
            for r, isolated in reversed(nested):
                work.append((r, 0, 0) if isolated else (r, next_value, next_arg))

    def __getitem__(self, v: SSAValue) -> str:
        return self.names.get(v, "<<UNKNOWN SSA VALUE>>")


class OpPrinter:
    def __init__(self, asm: AsmPrinter):
        self.asm = asm
        self.out: list[str] = []
        self.names: _Names | None = None

    def module(self, module: ModuleOp) -> None:
        self.names = _Names(module) if self.names is None else self.names
        self.op(module, 0)

    # custom forms --------------------------------------------------------
    def op(self, op: Operation, indent: int) -> None:
        pad = " " * indent
        custom = getattr(self, "_op_" + op.name.replace(".", "_"), None)
        if custom is not None:
            custom(op, pad, indent)
        else:
            self._generic(op, pad, indent)

    def _results(self, op: Operation) -> str:
        if not op.results:
            return ""
        if len(op.results) == 1:
            return self.names[op.results[0]] + " = "
        return f"{self.names.groups[op]}:{len(op.results)} = "

    def _operands(self, op: Operation) -> str:
        return ", ".join(self.names[v] for v in op.operands)

    def _types(self, values) -> str:
        return ", ".join(self.asm.type(v.type) for v in values)

    def _block_body(self, block: Block, indent: int) -> None:
        for o in block.ops:
            self.op(o, indent)

    def _op_builtin_module(self, op: ModuleOp, pad: str, indent: int) -> None:
        head = "module"
        if op.sym_name is not None:
            head += " @" + op.sym_name.data
        attrs = {k: v for k, v in op.attributes.items() if k != "sym_name"}
        if attrs:
            head += " attributes " + self.asm.dict_body(attrs)
        self.out.append(f"{pad}{head} {{")
        self._block_body(op.body.block, indent + 2)
        self.out.append(f"{pad}}}")

    def _op_func_func(self, op, pad: str, indent: int) -> None:
        ftype = op.function_type
        vis = op.sym_visibility.data + " " if op.sym_visibility is not None and \
            op.sym_visibility.data != "public" else ""
        body = op.body
        if body.blocks:
            args = ", ".join(f"{self.names[a]}: {self.asm.type(a.type)}" for a in body.blocks[0].args)
        else:
            args = ", ".join(self.asm.type(t) for t in ftype.inputs.data)
        outs = [self.asm.type(t) for t in ftype.outputs.data]
        res = "" if not outs else " -> " + (outs[0] if len(outs) == 1 else "(" + ", ".join(outs) + ")")
        head = f"{pad}func.func {vis}@{op.sym_name.data}({args}){res}"
        if op.attributes:
            head += " attributes " + self.asm.dict_body(dict(op.attributes))
        if not body.blocks:
            self.out.append(head)
            return
        self.out.append(head + " {")
        self._block_body(body.blocks[0], indent + 2)
        self.out.append(f"{pad}}}")

    def _op_func_return(self, op, pad: str, indent: int) -> None:
        if op.operands:
            self.out.append(f"{pad}return {self._operands(op)} : {self._types(op.operands)}")
        else:
            self.out.append(f"{pad}return")

    def _op_func_call(self, op, pad: str, indent: int) -> None:
        outs = [self.asm.type(r.type) for r in op.results]
        res = outs[0] if len(outs) == 1 else "(" + ", ".join(outs) + ")"
        self.out.append(f"{pad}{self._results(op)}call @{op.callee.root_reference.data}({self._operands(op)}) : "
                        f"({self._types(op.operands)}) -> {res}")

    def _op_tensor_empty(self, op, pad: str, indent: int) -> None:
        self.out.append(f"{pad}{self._results(op)}tensor.empty({self._operands(op)}) : "
                        f"{self.asm.type(op.results[0].type)}")

    def _op_emitc_include(self, op, pad: str, indent: int) -> None:
        name = op.properties["include"].data
        std = "is_standard_include" in op.properties
        self.out.append(f"{pad}emitc.include " + (f"<{_quote(name)}>" if std else _quote(name)))

    def _op_emitc_call_opaque(self, op, pad: str, indent: int) -> None:
        props = {k: v for k, v in op.properties.items() if k != "callee"}
        attrs = (" " + self.asm.dict_body(props)) if props else ""
        outs = [self.asm.type(r.type) for r in op.results]
        res = "()" if not outs else outs[0] if len(outs) == 1 else "(" + ", ".join(outs) + ")"
        self.out.append(f"{pad}{self._results(op)}emitc.call_opaque {_quote(op.properties['callee'].data)}"
                        f"({self._operands(op)}){attrs} : ({self._types(op.operands)}) -> {res}")

    # generic form --------------------------------------------------------
    def _generic(self, op: Operation, pad: str, indent: int) -> None:
        text = f'{pad}{self._results(op)}"{op.name}"({self._operands(op)})'
        if op.successors:
            text += "[" + ", ".join("^bb?" for _ in op.successors) + "]"
        if op.properties:
            text += " <" + self.asm.dict_body(dict(op.properties)) + ">"
        if op.regions:
            self.out.append(text + " (")
            for i, region in enumerate(op.regions):
                self.out[-1] += "{"
                for bi, block in enumerate(region.blocks):
                    if block.args or bi > 0:
                        label = f"^bb{bi}"
                        if block.args:
                            label += "(" + ", ".join(f"{self.names[a]}: {self.asm.type(a.type)}"
                                                     for a in block.args) + ")"
                        self.out.append(f"{pad}{label}:")
                    self._block_body(block, indent + 2)
                self.out.append(f"{pad}}}" + (", " if i + 1 < len(op.regions) else ")"))
            text = self.out.pop()
        attrs = {k: v for k, v in op.attributes.items()}
        if attrs:
            text += " " + self.asm.dict_body(attrs)
        outs = [self.asm.type(r.type) for r in op.results]
        res = outs[0] if len(outs) == 1 and not isinstance(op.results[0].type, FunctionType) \
            else "(" + ", ".join(outs) + ")"
        text += f" : ({self._types(op.operands)}) -> {res}"
        self.out.append(text)


def print_module(module: Operation, aliases: bool = True) -> str:
    """The module as ttmlir-opt printed it: alias definitions, then the module (ending in a newline)."""
    names = _Names(module) if module.regions else None
    table: dict[Attribute, str] = {}
    defs: list[str] = []
    if aliases:
        recorder = _AliasRecorder()
        dry = OpPrinter(AsmPrinter(recorder=recorder))
        dry.names = names
        dry.op(module, 0)
        table, ranked = recorder.table()
        for a in ranked:
            # a definition spells its own body in full and its nested aliasable attributes by name
            defs.append(f"{table[a]} = {AsmPrinter(table).full_attr(a)}")
    printer = OpPrinter(AsmPrinter(table))
    printer.names = names
    printer.op(module, 0)
    from tensix.mlir.resources import block

    return "\n".join(defs + printer.out) + "\n" + block(printer.asm.resources)


def attr_str(a: Attribute) -> str:
    """One attribute or type spelled in full, no aliases (as `print(attr)` in tt-mlir's Python bindings)."""
    return AsmPrinter().attr(a)


__all__ = ["AsmPrinter", "print_module", "attr_str"]
