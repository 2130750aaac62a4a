"""The TTMetal route beyond one core: tensix's --ttir-metal-grid (`--ttir-to-ttmetal-backend-pipeline="grid=..."`)
puts every ttir.generic and L1 tensor on one grid of whole-tile shards; the runtime places each core's shard in its
L1 (one page per bank, the same address on every core), dispatches the three kernels on the core range, and the
results are bit-identical to the one-core route of 2024."""

import os
import re

import numpy as np
import pytest

pytest.importorskip("xdsl")

import tensix.mlir as tm  # noqa: E402
from tensix.mlir import MLIRError  # noqa: E402
from tensix.mlir.ir import parse  # noqa: E402
from tensix.mlir.opt import run  # noqa: E402
from tensix.mlir.translate import to_cpp  # noqa: E402

LIT = os.path.join(os.path.dirname(__file__), "mlir_lit", "TTNN")
MULTIPLY = open(os.path.join(LIT, "simple_multiply.mlir")).read()


def single(op, rows, cols):
    t = f"tensor<{rows}x{cols}xf32>"
    c = "#c = #tt.operand_constraint<dram|l1|scalar|tile|any_device|any_device_tile>"
    binary = op != "relu"
    args = "%a, %b, %0" if binary else "%a, %0"
    seg = "2, 1" if binary else "1, 1"
    cons = "#c, #c, #c" if binary else "#c, #c"
    types = f"{t}, {t}, {t}" if binary else f"{t}, {t}"
    return f"""{c}
module attributes {{}} {{
  func.func @f(%a: {t}, %b: {t}) -> {t} {{
    %0 = tensor.empty() : {t}
    %1 = "ttir.{op}"({args}) <{{operandSegmentSizes = array<i32: {seg}>, operand_constraints = [{cons}]}}> : ({types}) -> {t}
    return %1 : {t}
  }}
}}
"""


def inputs(shape, n=2):
    rng = np.random.default_rng(3)
    return [rng.standard_normal(shape).astype(np.float32) for _ in range(n)]


def test_auto_grid_in_the_ir():
    out = run(MULTIPLY, [("ttir-to-ttmetal-backend-pipeline", "grid=auto")])
    assert re.search(r"#layout\d* = #tt.layout<\(d0, d1\) -> \(d0, d1\), undef, <2x4>, memref<32x32xf32, #l1_>>", out)
    assert out.count("#ttmetal.core_range<0x0, 2x4>") == 3
    assert re.findall(r'"ttmetal.alloc"\(\) <\{address = \d+ : i64, memory_space = #l1_, size = (\d+)', out) == \
        ["4096"] * 3                                            # a shard each: 32x32 f32
    assert parse(out) is not None
    assert run(MULTIPLY, [("ttir-to-ttmetal-backend-pipeline", "")]).count("#ttmetal.core_range<0x0, 1x1>") == 3


@pytest.mark.parametrize("grid", ["auto", "2x2", "1x4", "2x1"])
def test_multi_core_is_bit_identical_to_one_core(grid):
    a, b = inputs((64, 128))
    one = tm.compile(MULTIPLY, route="ttmetal")(a, b)
    many = tm.compile(MULTIPLY, route="ttmetal", options=f"grid={grid}")(a, b)
    assert np.array_equal(one.view(np.uint32), many.view(np.uint32))
    np.testing.assert_allclose(many, a * b, rtol=1e-2, atol=1e-2)


@pytest.mark.parametrize("op, ref", [("add", lambda a, b: a + b), ("subtract", lambda a, b: a - b),
                                     ("multiply", lambda a, b: a * b)])
def test_ops_on_8x4_cores(op, ref):
    a, b = inputs((256, 128))
    text = single(op, 256, 128)
    f = tm.compile(text, route="ttmetal", options="grid=auto")
    assert "#ttmetal.core_range<0x0, 8x4>" in f.mlir
    got = f(a, b)
    one = tm.compile(text, route="ttmetal")(a, b)
    assert np.array_equal(got.view(np.uint32), one.view(np.uint32))
    np.testing.assert_allclose(got, ref(a, b), rtol=1e-2, atol=1e-2)


def test_unary_runs_on_one_core_and_on_a_grid():
    """A one-input generic (relu): its noc1 region pushes nothing (tensix's departure from the 2024 lowering, whose
    noc1 region pushed the output CB and hung the program), so relu (and ge) run, exactly numpy's."""
    a, b = inputs((256, 128))
    for options in ("", "grid=auto"):
        got = tm.compile(single("relu", 256, 128), route="ttmetal", options=options)(a, b)
        assert np.array_equal(got, np.maximum(a, 0)), options
        got = tm.compile(single("ge", 256, 128), route="ttmetal", options=options)(a, b)
        assert np.array_equal(got, (a >= b).astype(np.float32)), options


def test_the_2024_unary_dispatch_hangs_loudly():
    """The 2024 form of the unary dispatch (noc1 pushing the output CB) would hang a card: on every core the compute
    kernel waits in cb_reserve_back for a CB that is already full; tensix raises DeadlockError naming it."""
    from tensix.device.errors import DeadlockError
    from tensix.mlir.dialects import ttkernel, ttmetal
    from tensix.mlir.passes import run_pass

    a, b = inputs((256, 128))
    for options in ("", "grid=auto"):
        module = parse(single("relu", 256, 128))
        run_pass(module, "ttir-to-ttmetal-backend-pipeline", options, {})
        dispatch = next(o for o in module.walk() if isinstance(o, ttmetal.DispatchOp))
        noc1 = dispatch.regions[1].blocks[0]
        noc1.insert_op_before(ttkernel.CBPushBackOp(operands=[noc1.args[1], []]), noc1.first_op)
        with pytest.raises(DeadlockError, match="blocked in cb_reserve_back"):
            tm.compile(module, route="ttmetal")(a, b)


def test_grids_that_do_not_fit_are_refused():
    with pytest.raises(MLIRError, match=r"64x128 does not split into whole 32x32 tiles on a 3x1 grid"):
        run(MULTIPLY, [("ttir-to-ttmetal-backend-pipeline", "grid=3x1")])
    with pytest.raises(MLIRError, match="larger than the device's 8x8"):
        run(MULTIPLY, [("ttir-to-ttmetal-backend-pipeline", "grid=9x1")])
    with pytest.raises(MLIRError, match="grid must be 'auto' or AxB"):
        run(MULTIPLY, [("ttir-to-ttmetal-backend-pipeline", "grid=big")])


def test_multi_core_module_prints_as_cpp_kernels():
    out = run(MULTIPLY, [("ttir-to-ttmetal-backend-pipeline", "grid=2x2"), ("ttkernel-lower-builtin", "")])
    cpp = to_cpp(parse(out))
    assert "void kernel_main()" in cpp and "mul_tiles" in cpp
    assert "for (" in cpp                                      # the loop over the core's shard tiles (2x2 tiles)


MATMUL = open(os.path.join(LIT, "simple_matmul.mlir")).read().replace("bf16", "f32")   # the 2024 allocator: f32


def test_matmul_kernel_in_the_ir_and_as_cpp():
    out = run(MATMUL, [("ttir-to-ttmetal-backend-pipeline", "")])
    assert '"ttkernel.builtin"' in out and "kind = @matmul, op = @matmul" in out
    lowered = run(out, [("ttkernel-lower-builtin", "")])
    for op in ("ttkernel.mm_init", "ttkernel.matmul_tiles", "arith.muli", "arith.addi", "scf.for"):
        assert f'"{op}"' in lowered or f"{op} " in lowered, op
    cpp = to_cpp(parse(lowered))
    assert "mm_init(tt::CBIndex::c_0, tt::CBIndex::c_1, tt::CBIndex::c_2);" in cpp
    assert "matmul_tiles(tt::CBIndex::c_0, tt::CBIndex::c_1, i0 * 4 + i2, i2 * 3 + i1, 0, 0);" in cpp


def test_matmul_runs_on_one_core():
    rng = np.random.default_rng(5)
    a = rng.standard_normal((64, 128)).astype(np.float32)
    b = rng.standard_normal((128, 96)).astype(np.float32)
    f = tm.compile(MATMUL, route="ttmetal")
    got = f(a, b)
    ref = a.astype(np.float64) @ b.astype(np.float64)
    # fp32 operands reach the FPU as TF32 (HiFi4, fp32 Dst): agreement to about 1e-3 of the result's scale
    assert np.abs(got - ref).max() <= 2e-3 * np.abs(ref).max()
    assert np.corrcoef(got.ravel(), ref.ravel())[0, 1] > 0.99999
    assert [o.ttnn_ops for o in f.report.ops if o.op == "ttmetal.dispatch"] == [["matmul_tiles"]]


def test_matmul_split_over_cores_is_refused():
    from tensix.errors import NotModelledError

    rng = np.random.default_rng(5)
    a, b = rng.standard_normal((64, 128)).astype(np.float32), rng.standard_normal((128, 96)).astype(np.float32)
    with pytest.raises(NotModelledError,
                       match=r"@matmul on shards .*\(multicast\).*\nFix: run the matmul on one core"):
        tm.compile(MATMUL, route="ttmetal", options="grid=auto")(a, b)
