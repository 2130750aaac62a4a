"""`tensix-translate -mlir-to-cpp` / `-mlir-to-python`: EmitC-dialect modules to C++ and emitpy modules to a Python
ttnn script (see tensix.mlir.passes.emitpy).

C++, as ttmlir-translate did through MLIR's
`emitc::translateToCpp` (llvm-project 9ddfe62f5c11 mlir/lib/Target/Cpp/TranslateToCpp.cpp): `#include` lines,
then each function as `Ret name(Arg v1, ...) {`, one `T vN = callee(args);` per call with a result (values named
v1, v2, ... in order of definition, the arguments first), `callee(args);` without one, `return vN;`, `}`.

    tensix-translate -mlir-to-cpp [-allow-unregistered-dialect] [input.mlir | -] [-o output.cpp]
"""

from __future__ import annotations

import sys

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp

from tensix.mlir.errors import MLIRError
from tensix.mlir.ir import diagnostic


def _ctype(ty, op) -> str:
    from xdsl.dialects.emitc import EmitC_OpaqueType

    if isinstance(ty, EmitC_OpaqueType):
        return ty.value.data
    from tensix.mlir.asm import attr_str

    msg = f"cannot emit type {attr_str(ty)} in C++ (run --convert-ttnn-to-emitc first: it gives !emitc.opaque types)"
    raise MLIRError(msg, diagnostic(op, msg))


_DM_HEADERS = ("<cstdint>", '"dataflow_api.h"')
_COMPUTE_HEADERS = ("<cstdint>", '"compute_kernel_api/common.h"', '"compute_kernel_api/tile_move_copy.h"',
                    '"compute_kernel_api/eltwise_binary.h"', '"compute_kernel_api/eltwise_unary/eltwise_unary.h"',
                    '"compute_kernel_api/eltwise_unary/relu.h"', '"compute_kernel_api/eltwise_binary_sfpu.h"')


def kernels_to_cpp(module: ModuleOp) -> str:
    """Each region of each `ttmetal.dispatch` (after --ttkernel-lower-builtin) as a tt-metal C++ kernel: data
    movement as `void kernel_main()` with dataflow_api.h, compute as `namespace NAMESPACE { void MAIN }` with the
    compute_kernel_api headers; CB operands as `tt::CBIndex::c_<port>`, constants inline, `scf.for` as a for loop."""
    from xdsl.dialects import arith, scf

    from tensix.mlir.dialects import ttkernel, ttmetal

    out: list[str] = []
    for f in [o for o in module.walk() if isinstance(o, func.FuncOp)]:
        dispatches = [o for o in f.walk() if isinstance(o, ttmetal.DispatchOp)]
        for d, dispatch in enumerate(dispatches):
            threads = [t.case for t in dispatch.threadTypes.data]
            for region, thread in zip(dispatch.regions, threads):
                block = region.blocks[0]
                ports = {a: f"tt::CBIndex::c_{a.type.port.data}" for a in block.args}
                consts: dict = {}
                loop_vars: dict = {}
                compute = thread == "tensix"
                role = "compute" if compute else f"data movement, RISCV_{0 if thread == 'noc0' else 1}"
                if out:
                    out.append("")
                out.append(f"// @{f.sym_name.data}, ttmetal.dispatch #{d}, {thread} ({role})")
                out += [f"#include {h}" for h in (_COMPUTE_HEADERS if compute else _DM_HEADERS)]
                out.append("")
                if compute:
                    out += ["namespace NAMESPACE {", "void MAIN {"]
                else:
                    out.append("void kernel_main() {")

                def operand(v, where):
                    if v in ports:
                        return ports[v]
                    if v in consts:
                        return str(consts[v])
                    if v in loop_vars:
                        return loop_vars[v]
                    msg = "a kernel operand that is neither a CB, a constant nor a loop index"
                    raise MLIRError(msg, diagnostic(where, msg))

                def emit(ops, indent):
                    pad = "  " * indent
                    for o in ops:
                        if isinstance(o, arith.ConstantOp):
                            consts[o.result] = o.value.value.data
                        elif isinstance(o, arith.IndexCastOp):
                            loop_vars[o.result] = operand(o.input, o)
                        elif isinstance(o, (arith.MuliOp, arith.AddiOp)):
                            mul = isinstance(o, arith.MuliOp)
                            parts = [operand(v, o) for v in (o.lhs, o.rhs)]
                            if mul:     # a sum as a factor keeps its parentheses
                                parts = [f"({p})" if " + " in p else p for p in parts]
                            loop_vars[o.result] = f" {'*' if mul else '+'} ".join(parts)
                        elif isinstance(o, scf.ForOp):
                            body = o.body.blocks[0]
                            var = f"i{len(loop_vars)}"
                            loop_vars[body.args[0]] = var
                            step = operand(o.step, o)
                            inc = f"++{var}" if step == "1" else f"{var} += {step}"
                            out.append(f"{pad}for (uint32_t {var} = {operand(o.lb, o)}; {var} < {operand(o.ub, o)}; "
                                       f"{inc}) {{")
                            emit([x for x in body.ops if not isinstance(x, scf.YieldOp)], indent + 1)
                            out.append(f"{pad}}}")
                        elif isinstance(o, ttkernel.ReturnOp):
                            continue
                        elif isinstance(o, ttkernel.BuiltinOp) or (o.name.startswith("ttkernel.cb_")
                                                                   and o.num_pages is None):
                            msg = f"'{o.name}' is a 2024 placeholder (run --ttkernel-lower-builtin first)"
                            raise MLIRError(msg, diagnostic(o, msg))
                        elif o.name.startswith("ttkernel."):
                            args = ", ".join(operand(v, o) for v in o.operands)
                            out.append(f"{pad}{o.name[len('ttkernel.'):]}({args});")
                        else:
                            msg = f"'{o.name}' cannot be emitted in a tt-metal kernel"
                            raise MLIRError(msg, diagnostic(o, msg))

                emit(list(block.ops), 1)
                out.append("}")
                if compute:
                    out.append("}  // namespace NAMESPACE")
    if not out:
        raise MLIRError("-mlir-to-cpp: the module has neither emitc functions nor ttmetal.dispatch kernels")
    return "\n".join(out) + "\n"


def to_cpp(module: ModuleOp) -> str:
    """EmitC modules as C++ (MLIR's translateToCpp); TTMetal modules as their dispatches' kernels."""
    if any(o.name == "ttmetal.dispatch" for o in module.walk()):
        return kernels_to_cpp(module)
    out: list[str] = []
    for op in module.body.block.ops:
        if op.name == "emitc.include":
            header = op.properties["include"].data
            std = "is_standard_include" in op.properties
            out.append(f"#include <{header}>" if std else f'#include "{header}"')
        elif isinstance(op, func.FuncOp):
            _function(op, out)
        else:
            msg = f"'{op.name}' cannot be emitted as C++ at module level"
            raise MLIRError(msg, diagnostic(op, msg))
    return "\n".join(out) + "\n"


def _function(f: func.FuncOp, out: list[str]) -> None:
    names: dict = {}

    def name(v) -> str:
        if v not in names:
            names[v] = f"v{len(names) + 1}"
        return names[v]

    outs = f.function_type.outputs.data
    if len(outs) > 1:
        msg = "functions with several results are emitted as std::tuple by MLIR; tensix-translate does not"
        raise MLIRError(msg, diagnostic(f, msg))
    ret = _ctype(outs[0], f) if outs else "void"
    block = f.body.blocks[0]
    args = ", ".join(f"{_ctype(a.type, f)} {name(a)}" for a in block.args)
    out.append(f"{ret} {f.sym_name.data}({args}) {{")
    for op in block.ops:
        if op.name == "emitc.call_opaque":
            if op.properties.get("args") is not None or op.properties.get("template_args") is not None:
                msg = "emitc.call_opaque with args / template_args is not emitted by tensix-translate yet"
                raise MLIRError(msg, diagnostic(op, msg))
            call = f"{op.properties['callee'].data}({', '.join(name(v) for v in op.operands)});"
            if op.results:
                out.append(f"  {_ctype(op.results[0].type, op)} {name(op.results[0])} = {call}")
            else:
                out.append(f"  {call}")
        elif isinstance(op, func.ReturnOp):
            if len(op.operands) == 1:
                out.append(f"  return {name(op.operands[0])};")
            else:
                out.append("  return;")
        else:
            msg = f"'{op.name}' cannot be emitted as C++ (the EmitC route has only emitc.call_opaque calls)"
            raise MLIRError(msg, diagnostic(op, msg))
    out.append("}")


def to_python(module: ModuleOp) -> str:
    """An emitpy module as a Python script: imports, one `def` per function (values v1, v2, ...), and a __main__
    block that runs the first function on random torch inputs of the recorded shapes and prints the outputs."""
    import re

    out: list[str] = []
    funcs = []
    for op in module.body.block.ops:
        if op.name == "emitpy.import":
            out.append(f"import {op.properties['module'].data}")
        elif isinstance(op, func.FuncOp):
            funcs.append(op)
        else:
            msg = f"'{op.name}' cannot be emitted as Python at module level"
            raise MLIRError(msg, diagnostic(op, msg))
    for f in funcs:
        names: dict = {}

        def name(v):
            if v not in names:
                names[v] = f"v{len(names) + 1}"
            return names[v]

        block = f.body.blocks[0]
        out += ["", "", f"def {f.sym_name.data}({', '.join(name(a) for a in block.args)}):"]
        for op in block.ops:
            if op.name == "emitpy.call":
                operands = [name(v) for v in op.operands]
                args = [re.sub(r"\$(\d+)", lambda m: operands[int(m.group(1))], a.data)
                        for a in op.properties["args"].data]
                call = f"{op.properties['callee'].data}({', '.join(args)})"
                out.append(f"    {name(op.results[0])} = {call}" if op.results else f"    {call}")
            elif isinstance(op, func.ReturnOp):
                out.append("    return " + ", ".join(name(v) for v in op.operands) if op.operands else "    return")
            else:
                msg = f"'{op.name}' cannot be emitted as Python (run --convert-ttnn-to-emitpy first)"
                raise MLIRError(msg, diagnostic(op, msg))
    if funcs:
        f = funcs[0]
        specs = [a.data for a in f.attributes["emitpy.inputs"].data] if "emitpy.inputs" in f.attributes else []
        inputs = []
        for spec in specs:
            m = re.fullmatch(r"tensor<((?:\d+x)*)(\w+)>", spec)
            shape = [int(d) for d in m.group(1).split("x") if d]
            dtype = "ttnn.bfloat16" if m.group(2) == "bf16" else "ttnn.float32"
            inputs.append(f"ttnn.from_torch(torch.randn({shape}), dtype={dtype})")
        out += ["", "", 'if __name__ == "__main__":', "    import torch", "", "    torch.manual_seed(0)",
                f"    outputs = {f.sym_name.data}({', '.join(inputs)})",
                "    for out in outputs if isinstance(outputs, tuple) else (outputs,):",
                "        t = ttnn.to_torch(out)",
                "        print(list(t.shape), float(t.double().sum()))"]
    return "\n".join(out) + "\n"


TRANSLATIONS = {"-mlir-to-cpp": to_cpp, "--mlir-to-cpp": to_cpp, "-mlir-to-python": to_python,
                "--mlir-to-python": to_python}


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    from tensix.mlir.ir import parse, verify
    from tensix.mlir.opt import _write_atomically

    translation, inputs, output = None, [], None
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            print("usage: tensix-translate -mlir-to-cpp | -mlir-to-python [-allow-unregistered-dialect] "
                  "[input.mlir | -] [-o out]")
            return 0
        if a == "-o" and i + 1 < len(argv):
            output = argv[i + 1]
            i += 2
            continue
        if a in TRANSLATIONS:
            translation = TRANSLATIONS[a]
        elif a in ("-allow-unregistered-dialect", "--allow-unregistered-dialect"):
            pass
        elif a.startswith("-") and a != "-":
            print(f"tensix-translate: error: unknown option '{a}' (translations: -mlir-to-cpp, -mlir-to-python)", file=sys.stderr)
            return 1
        else:
            inputs.append(a)
        i += 1
    if translation is None:
        print("tensix-translate: error: give a translation, e.g. -mlir-to-cpp", file=sys.stderr)
        return 1
    src = inputs[0] if inputs else "-"
    try:
        text = sys.stdin.read() if src == "-" else open(src).read()
    except OSError as e:
        print(f"tensix-translate: error: could not open input file '{src}': {e.strerror}", file=sys.stderr)
        return 1
    fname = "<stdin>" if src == "-" else src
    try:
        module = parse(text, fname)
        verify(module, {fname: text})
        result = translation(module)
    except MLIRError as e:
        print(e.diagnostic, file=sys.stderr)
        return 1
    if output in (None, "-"):
        sys.stdout.write(result)
    else:
        _write_atomically(output, result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
