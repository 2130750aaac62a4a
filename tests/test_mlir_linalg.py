"""--convert-linalg-to-ttir: linalg on tensors (torch-mlir's linalg-on-tensors form) to TTIR, then the TTNN route.
Inputs: tt-mlir's own (2024, `UNSUPPORTED: true` there) simple_eltwise_linalg.mlir body, which seed 003 shows,
and hand-written linalg named ops."""

import re

import numpy as np
import pytest

pytest.importorskip("xdsl")

import tensix.mlir as tm  # noqa: E402
from tensix.mlir import MLIRError  # noqa: E402
from tensix.mlir.opt import run  # noqa: E402

T = "tensor<64x128xf32>"
SEED_LINALG = f"""#map = affine_map<(d0, d1) -> (d0, d1)>
module attributes {{torch.debug_module_name = "_lambda"}} {{
  ml_program.global private mutable @global_seed(dense<0> : tensor<i64>) : tensor<i64>
  func.func @forward(%arg0: {T}, %arg1: {T}) -> {T} {{
    %0 = tensor.empty() : {T}
    %1 = linalg.generic {{indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]}} ins(%arg0, %arg1 : {T}, {T}) outs(%0 : {T}) {{
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %2 = arith.mulf %in, %in_0 : f32
      linalg.yield %2 : f32
    }} -> {T}
    return %1 : {T}
  }}
}}
"""


def test_seed_linalg_generic_becomes_ttir_multiply_and_runs():
    out = run(SEED_LINALG, [("convert-linalg-to-ttir", "")])
    assert re.findall(r'"(ttir\.\w+)"', out) == ["ttir.multiply"]
    assert out.count("tensor.empty") == 1                  # the linalg init is the DPS output
    a = np.random.default_rng(0).standard_normal((64, 128)).astype(np.float32)
    b = np.random.default_rng(1).standard_normal((64, 128)).astype(np.float32)
    np.testing.assert_array_equal(tm.compile(out)(a, b), a * b)


def test_named_ops_matmul_relu_chain():
    w, x, o = "tensor<128x64xf32>", T, "tensor<64x64xf32>"
    text = f"""#map = affine_map<(d0, d1) -> (d0, d1)>
module {{
  func.func @f(%a: {x}, %b: {x}, %w: {w}) -> {o} {{
    %e = tensor.empty() : {x}
    %s = linalg.add ins(%a, %b : {x}, {x}) outs(%e : {x}) -> {x}
    %z = arith.constant 0.0 : f32
    %e2 = tensor.empty() : {o}
    %f = linalg.fill ins(%z : f32) outs(%e2 : {o}) -> {o}
    %m = linalg.matmul ins(%s, %w : {x}, {w}) outs(%f : {o}) -> {o}
    %e3 = tensor.empty() : {o}
    %r = linalg.generic {{indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}} ins(%m : {o}) outs(%e3 : {o}) {{
    ^bb0(%in: f32, %out: f32):
      %c = arith.maximumf %in, %z : f32
      linalg.yield %c : f32
    }} -> {o}
    return %r : {o}
  }}
}}
"""
    out = run(text, [("convert-linalg-to-ttir", "")])
    assert re.findall(r'"(ttir\.\w+)"', out) == ["ttir.add", "ttir.matmul", "ttir.relu"]
    assert "linalg" not in out and "arith.constant" not in out
    rng = np.random.default_rng(2)
    a, b = rng.standard_normal((64, 128)).astype(np.float32), rng.standard_normal((64, 128)).astype(np.float32)
    wv = (rng.standard_normal((128, 64)) / 11).astype(np.float32)
    got = tm.compile(out)(a, b, wv)
    ref = np.maximum((a + b) @ wv, 0)
    assert np.abs(got - ref).max() < 0.05 * np.abs(ref).max()   # f32 through the FPU's TF32 operands


def test_other_generics_become_ttir_generic_and_the_ttnn_route_refuses_them():
    text = SEED_LINALG.replace("%2 = arith.mulf %in, %in_0 : f32\n      linalg.yield %2 : f32",
                               "%2 = arith.mulf %in, %in_0 : f32\n      %3 = arith.addf %2, %in : f32\n"
                               "      linalg.yield %3 : f32")
    out = run(text, [("convert-linalg-to-ttir", "")])
    assert '"ttir.generic"' in out and '"ttir.yield"(%3)' in out and "arith.addf" in out
    with pytest.raises(MLIRError, match="failed to legalize operation 'ttir.generic'"):
        run(out, [("ttir-to-ttnn-backend-pipeline", "enable-grid-set=false")])


def test_accumulating_matmul_is_refused():
    o = "tensor<64x64xf32>"
    text = f"""module {{
  func.func @f(%a: tensor<64x128xf32>, %w: tensor<128x64xf32>, %c: {o}) -> {o} {{
    %m = linalg.matmul ins(%a, %w : tensor<64x128xf32>, tensor<128x64xf32>) outs(%c : {o}) -> {o}
    return %m : {o}
  }}
}}
"""
    with pytest.raises(MLIRError, match="accumulates into an init that is not zero"):
        run(text, [("convert-linalg-to-ttir", "")])
