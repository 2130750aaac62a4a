"""tensix-opt's compile speed: a TTIR module of N ops (chains of eltwise ops, matmuls and softmaxes on 64x64 f32
tensors) through --ttir-to-ttnn-backend-pipeline, then --convert-ttnn-to-emitpy and -mlir-to-python (issue 15's
measure), and --convert-ttnn-to-emitc and -mlir-to-cpp (tt-mlir's 2024 code-generation route).

Prints ONE JSON line: the op count, seconds to parse + verify, to run the pipeline and verify its result, to
print, to lower to EmitPy and emit Python, to lower to EmitC and emit C++, and the total of parse, pipeline, print
and EmitPy (issue 15's target for 1000 ops: at most 5 s). Not asserted in
tests. Usage: compile_speed.py [--ops N]"""

from __future__ import annotations

import argparse
import json
import time


def ttir_module(n_ops: int) -> str:
    c = "#c = #tt.operand_constraint<dram|l1|tile|any_device_tile>"
    t = "tensor<64x64xf32>"
    lines = [c, "module attributes {} {", f"  func.func @main(%arg0: {t}, %arg1: {t}) -> {t} {{"]
    prev, v = "%arg0", 0
    kinds = ["add", "multiply", "matmul", "subtract", "softmax", "relu"]
    for i in range(n_ops):
        kind = kinds[i % len(kinds)]
        lines.append(f"    %{v} = tensor.empty() : {t}")
        out, v = f"%{v}", v + 1
        if kind in ("add", "multiply", "subtract"):
            lines.append(f'    %{v} = "ttir.{kind}"({prev}, %arg1, {out}) <{{operandSegmentSizes = array<i32: 2, 1>, '
                         f'operand_constraints = [#c, #c, #c]}}> : ({t}, {t}, {t}) -> {t}')
        elif kind == "relu":
            lines.append(f'    %{v} = "ttir.relu"({prev}, {out}) <{{operandSegmentSizes = array<i32: 1, 1>, '
                         f'operand_constraints = [#c, #c]}}> : ({t}, {t}) -> {t}')
        elif kind == "matmul":
            lines.append(f'    %{v} = "ttir.matmul"({prev}, %arg1, {out}) <{{operand_constraints = [#c, #c, #c]}}> : '
                         f'({t}, {t}, {t}) -> {t}')
        else:
            lines.append(f'    %{v} = "ttir.softmax"({prev}, {out}) <{{dimension = -1 : si32, operand_constraints = '
                         f'[#c, #c]}}> : ({t}, {t}) -> {t}')
        prev, v = f"%{v}", v + 1
    lines += [f"    return {prev} : {t}", "  }", "}"]
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--ops", type=int, default=1000)
    args = ap.parse_args()
    t0 = time.perf_counter()
    from tensix.mlir.asm import print_module
    from tensix.mlir.ir import parse, verify
    from tensix.mlir.passes import run_pass
    from tensix.mlir.translate import to_cpp, to_python

    text = ttir_module(args.ops)
    t_import = time.perf_counter() - t0
    t = time.perf_counter()
    module = parse(text, "bench.mlir")
    verify(module)
    t_parse = time.perf_counter() - t
    t = time.perf_counter()
    run_pass(module, "ttir-to-ttnn-backend-pipeline")
    verify(module)
    t_pipeline = time.perf_counter() - t
    t = time.perf_counter()
    printed = print_module(module)
    t_print = time.perf_counter() - t
    twin = module.clone()
    t = time.perf_counter()
    run_pass(twin, "convert-ttnn-to-emitpy")
    py = to_python(twin)
    t_emitpy = time.perf_counter() - t
    t = time.perf_counter()
    run_pass(module, "convert-ttnn-to-emitc")
    cpp = to_cpp(module)
    t_emit = time.perf_counter() - t
    print(json.dumps({"bench": "compile_speed", "ops": args.ops, "import_s": round(t_import, 3),
                      "parse_verify_s": round(t_parse, 3), "ttnn_pipeline_s": round(t_pipeline, 3),
                      "print_s": round(t_print, 3), "emitpy_python_s": round(t_emitpy, 3),
                      "emitc_cpp_s": round(t_emit, 3), "total_s": round(t_parse + t_pipeline + t_print + t_emitpy, 3),
                      "ttnn_ops": printed.count('"ttnn.'), "python_lines": py.count("\n"),
                      "cpp_lines": cpp.count("\n")}))


if __name__ == "__main__":
    main()
