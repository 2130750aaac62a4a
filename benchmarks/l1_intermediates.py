"""The optimisation pass --ttnn-l1-interleaved, measured on the simulator: the same TTIR block (x @ W1 -> relu ->
+ residual -> @ W2 -> softmax, bf16) compiled with every device tensor in DRAM
(`--ttir-to-ttnn-backend-pipeline="default-memory-space=dram"`) and with the intermediates kept in L1
(`... enable-l1-interleaved=true`), both run through the TTNN route.

Prints ONE JSON line: device time of each variant (sum of the ops' simulated device time), the saving, whether the
two outputs are bit-identical (they should be: only the placement changes), wall times. Not asserted in tests.
Usage: l1_intermediates.py [--tokens T] [--dim D]"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np


def ttir_block(tokens: int, dim: int) -> str:
    c = "#c = #tt.operand_constraint<dram|l1|tile|any_device_tile>"
    x, w = f"tensor<{tokens}x{dim}xbf16>", f"tensor<{dim}x{dim}xbf16>"
    return f"""{c}
module attributes {{}} {{
  func.func @block(%x: {x}, %w1: {w}, %w2: {w}) -> {x} {{
    %0 = tensor.empty() : {x}
    %1 = "ttir.matmul"(%x, %w1, %0) <{{operand_constraints = [#c, #c, #c]}}> : ({x}, {w}, {x}) -> {x}
    %2 = tensor.empty() : {x}
    %3 = "ttir.relu"(%1, %2) <{{operandSegmentSizes = array<i32: 1, 1>, operand_constraints = [#c, #c]}}> : ({x}, {x}) -> {x}
    %4 = tensor.empty() : {x}
    %5 = "ttir.add"(%3, %x, %4) <{{operandSegmentSizes = array<i32: 2, 1>, operand_constraints = [#c, #c, #c]}}> : ({x}, {x}, {x}) -> {x}
    %6 = tensor.empty() : {x}
    %7 = "ttir.matmul"(%5, %w2, %6) <{{operand_constraints = [#c, #c, #c]}}> : ({x}, {w}, {x}) -> {x}
    %8 = tensor.empty() : {x}
    %9 = "ttir.softmax"(%7, %8) <{{dimension = -1 : si32, operand_constraints = [#c, #c]}}> : ({x}, {x}) -> {x}
    return %9 : {x}
  }}
}}
"""


def run(tokens: int, dim: int) -> dict:
    import tensix.mlir as tm

    text = ttir_block(tokens, dim)
    rng = np.random.default_rng(0)
    inputs = [rng.standard_normal((tokens, dim)).astype(np.float32),
              (rng.standard_normal((dim, dim)) / np.sqrt(dim)).astype(np.float32),
              (rng.standard_normal((dim, dim)) / np.sqrt(dim)).astype(np.float32)]
    result = {"bench": "l1_intermediates", "tokens": tokens, "dim": dim}
    outs = {}
    for name, options in (("dram", "default-memory-space=dram"),
                          ("l1_interleaved", "default-memory-space=dram enable-l1-interleaved=true")):
        f = tm.compile(text, options=options)
        t = time.perf_counter()
        outs[name] = f(*inputs)
        result[f"{name}_wall_s"] = round(time.perf_counter() - t, 3)
        result[f"{name}_device_us"] = round(f.report.device_ns / 1000, 2)
        result[f"{name}_ops"] = {o.op + f"#{i}": round(o.device_ns / 1000, 2) for i, o in enumerate(f.report.ops)}
    result["saving_us"] = round(result["dram_device_us"] - result["l1_interleaved_device_us"], 2)
    result["saving_pct"] = round(100 * result["saving_us"] / result["dram_device_us"], 1)
    result["bit_identical"] = bool(np.array_equal(outs["dram"].view(np.uint32), outs["l1_interleaved"].view(np.uint32)))
    return result


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tokens", type=int, default=256)
    ap.add_argument("--dim", type=int, default=1024)
    args = ap.parse_args()
    print(json.dumps(run(args.tokens, args.dim)))


if __name__ == "__main__":
    main()
