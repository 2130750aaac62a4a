"""The TTNN route: tensix.mlir.compile(text) runs a TTIR module through --ttir-to-ttnn-backend-pipeline and then
op by op on the simulated Wormhole through tensix.ttnn, with the 2024 TTNN runtime's semantics
(tt-mlir be6c5b5c98 runtime/lib/ttnn/program.cpp). Results are checked against the same computation written
directly against tensix.ttnn (bit for bit) and against numpy."""

import os

import numpy as np
import pytest

pytest.importorskip("xdsl")

import tensix.mlir as tm  # noqa: E402
import tensix.ttnn as ttnn  # noqa: E402
from tensix.mlir import MLIRError  # noqa: E402
from tensix.mlir.opt import run  # noqa: E402

LIT = os.path.join(os.path.dirname(__file__), "mlir_lit", "TTNN")


def lit(name):
    return open(os.path.join(LIT, name)).read()


def rand(*shape, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


def test_multiply_matches_tensix_ttnn_bit_for_bit():
    a, b = rand(64, 128, seed=1), rand(64, 128, seed=2)
    f = tm.compile(lit("simple_multiply.mlir"))
    out = f(a, b)
    dev = ttnn.open_device(device_id=0)
    try:
        ta = ttnn.from_numpy(a, dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT, device=dev,
                             memory_config=ttnn.L1_MEMORY_CONFIG)
        tb = ttnn.from_numpy(b, dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT, device=dev,
                             memory_config=ttnn.L1_MEMORY_CONFIG)
        ref = ttnn.to_numpy(ttnn.from_device(ttnn.multiply(ta, tb)))
    finally:
        ttnn.close_device(dev)
    assert out.dtype == np.float32 and out.shape == (64, 128)
    assert np.array_equal(out.view(np.uint32), ref.view(np.uint32))
    np.testing.assert_allclose(out, a * b, rtol=1e-6)


def test_report_has_device_time_per_op():
    f = tm.compile(lit("simple_multiply.mlir"))
    f(rand(64, 128), rand(64, 128))
    names = [o.op for o in f.report.ops]
    assert names == ["ttnn.to_memory_config", "ttnn.to_memory_config", "ttnn.multiply", "ttnn.to_memory_config"]
    mult = f.report.ops[2]
    assert mult.ttnn_ops == ["ttnn.multiply"] and mult.device_ns > 0
    assert f.report.device_ns == pytest.approx(sum(o.device_ns for o in f.report.ops))
    assert "ttnn.multiply" in str(f.report) and "total" in str(f.report)


def test_bf16_matmul_softmax_transpose_against_numpy():
    a, b = rand(64, 128, seed=3), rand(128, 96, seed=4)
    mm = tm.compile(lit("simple_matmul.mlir"))(a, b)
    ref = a.astype(np.float64) @ b.astype(np.float64)
    assert np.abs(mm - ref).max() < 0.05 * np.abs(ref).max()

    x = rand(512, 1024, seed=5)
    sm = tm.compile(lit(os.path.join("softmax", "simple_softmax.mlir")))(x)
    e = np.exp(x - x.max(1, keepdims=True))
    ref = e / e.sum(1, keepdims=True)
    e = np.exp(ref - ref.max(-1, keepdims=True))
    ref = e / e.sum(-1, keepdims=True)
    assert np.abs(sm - ref).max() < 2e-3

    y = rand(64, 128, seed=6)
    tr = tm.compile(lit(os.path.join("transpose", "simple_transpose.mlir")))(y)
    import ml_dtypes

    assert np.array_equal(tr, y.astype(ml_dtypes.bfloat16).astype(np.float32).T)


def test_two_results_and_grid_override_run_alike():
    x0, x1, x2 = rand(1, 32, 32, seed=7), rand(1, 32, 32, seed=8), rand(1, 32, 32, seed=9)
    r1 = tm.compile(lit("multiple_add_with_loc.mlir"))(x0, x1, x2)
    r2 = tm.compile(lit("multiple_add_with_loc_grid_override.mlir"),
                    options="override-grid-sizes=add_1_0=4x4,add_2_0=4x4")(x0, x1, x2)
    assert len(r1) == 2
    np.testing.assert_allclose(r1[0], (x1 + x2) + x0, rtol=1e-6)
    np.testing.assert_allclose(r1[1], x2 + x1, rtol=1e-6)
    for u, v in zip(r1, r2):
        assert np.array_equal(u, v)


def test_ttnn_dialect_text_runs_as_is():
    text = run(lit("simple_multiply.mlir"), [("ttir-to-ttnn-backend-pipeline", "")])
    a, b = rand(64, 128, seed=10), rand(64, 128, seed=11)
    np.testing.assert_array_equal(tm.compile(text)(a, b), tm.compile(lit("simple_multiply.mlir"))(a, b))


def test_torch_in_torch_out():
    torch = pytest.importorskip("torch")
    a, b = torch.randn(64, 128), torch.randn(64, 128)
    out = tm.compile(lit("simple_multiply.mlir"))(a, b)
    assert isinstance(out, torch.Tensor) and out.dtype == torch.float32
    torch.testing.assert_close(out, a * b)


def test_ge_runs_through_ttnn_ge():
    """tt-mlir's simple_ge.mlir: ttir.ge -> ttnn.ge, binary_ng's SFPU ge_binary_tile on float32 tiles."""
    a, b = rand(64, 128), rand(64, 128)
    b[:4] = a[:4]                                   # ties: >= holds
    f = tm.compile(lit("simple_ge.mlir"))
    np.testing.assert_array_equal(f(a, b), (a >= b).astype(np.float32))
    assert [o.ttnn_ops for o in f.report.ops if o.op == "ttnn.ge"] == [["ttnn.ge"]]


def test_loud_failures():
    # tt-mlir's 2024 sum test declares a tile-padded 512x32 result; ttnn's keep_dim sum is 512x1
    with pytest.raises(MLIRError, match=r"shape \[512, 1\] but the IR declares \[512, 32\]"):
        tm.compile(lit("simple_sum.mlir"))(rand(512, 1024))
    with pytest.raises(MLIRError, match="takes 2 inputs, got 1"):
        tm.compile(lit("simple_multiply.mlir"))(rand(64, 128))
    with pytest.raises(MLIRError, match=r"expected shape \[64, 128\]"):
        tm.compile(lit("simple_multiply.mlir"))(rand(64, 127), rand(64, 128))
    with pytest.raises(ValueError, match="route must be"):
        tm.compile(lit("simple_multiply.mlir"), route="ttkernel")
    with pytest.raises(MLIRError, match="Dimension attribute must be within the bounds"):
        tm.compile(lit(os.path.join("softmax", "softmax_negative_1.mlir")))


def test_hand_written_ttnn_module_with_to_device_and_layouts():
    """ttnn.to_device / to_layout / from_device (tt-mlir's September 2024 TTNN ops) in a hand-written module run on
    the TTNN route and in the EmitPy script alike."""
    from tensix.mlir.ir import parse
    from tensix.mlir.translate import to_python

    dev = "!tt.device<<#tt.grid<8x8, (d0, d1) -> (0, d0, d1)>, [0]>>"
    sys_l = "#tt.layout<(d0, d1) -> (d0, d1), undef, <1x1>, memref<32x64xf32, #tt.memory_space<system>>>"
    l1 = "#tt.layout<(d0, d1) -> (d0, d1), undef, <1x1>, memref<32x64xf32, #tt.memory_space<l1>>>"
    th, td = f"tensor<32x64xf32, {sys_l}>", f"tensor<32x64xf32, {l1}>"
    text = f"""module attributes {{tt.system_desc = #tt.system_desc<[{{arch = <wormhole_b0>, grid = 8x8, l1_size = 1048576, num_dram_channels = 12, dram_channel_size = 1048576, noc_l1_address_align_bytes = 16, pcie_address_align_bytes = 32, noc_dram_address_align_bytes = 32}}], [0], [<pcie|host_mmio>], [<0, 0, 0, 0>]>}} {{
  func.func @f(%x: {th}) -> {th} {{
    %d = "ttnn.open_device"() : () -> {dev}
    %0 = "ttnn.to_layout"(%x) <{{layout = "tile"}}> : ({th}) -> {th}
    %1 = "ttnn.to_device"(%0, %d) : ({th}, {dev}) -> {td}
    %2 = "ttnn.full"(%d) <{{fillValue = 0.0 : f32}}> : ({dev}) -> {td}
    %3 = "ttnn.relu"(%1, %2) <{{operandSegmentSizes = array<i32: 1, 1>}}> : ({td}, {td}) -> {td}
    %4 = "ttnn.from_device"(%3) : ({td}) -> {th}
    %5 = "ttnn.to_layout"(%4) <{{layout = "row_major"}}> : ({th}) -> {th}
    "ttnn.close_device"(%d) : ({dev}) -> ()
    return %5 : {th}
  }}
}}
"""
    x = rand(32, 64, seed=21)
    out = tm.compile(text)(x)
    np.testing.assert_array_equal(out, np.maximum(x, 0))
    emitted = run(text, [("convert-ttnn-to-emitpy", "")])
    code = to_python(parse(emitted))
    assert "= ttnn.to_device(v3, v2, memory_config=ttnn.L1_MEMORY_CONFIG)" in code
    assert "ttnn.from_device(" in code and "ttnn.ROW_MAJOR_LAYOUT" in code
