"""The TTMetal route runs: --ttir-to-ttmetal-backend-pipeline's IR (the seed's listing) executed through
tensix.metalium: L1 allocations as single-core buffers, CBs placed in them, the data-movement regions' push_backs,
ttkernel.builtin as tt-metal's eltwise compute loop. Checked bit for bit against the same computation written by
hand as a classic three-kernel Metalium program (DRAM buffers, reader / compute / writer), and against numpy."""

import os

import numpy as np
import pytest

pytest.importorskip("xdsl")

import tensix.mlir as tm  # noqa: E402
from tensix import DeadlockError, NotModelledError  # noqa: E402

LIT = os.path.join(os.path.dirname(__file__), "mlir_lit", "TTNN")


def lit(name):
    return open(os.path.join(LIT, name)).read()


def hand_written(a, b, op):
    """tt-metal's eltwise binary program by hand: DRAM in, FPU op per tile with fp32 Dst, DRAM out (f32 tiles)."""
    import tensix.metalium as mt
    from tensix.kernel import (CBIndex, TensorAccessor, TensorAccessorArgs, add_tiles, add_tiles_init,
                               binary_op_init_common, cb_pop_front, cb_push_back, cb_reserve_back, cb_wait_front,
                               get_arg_val, get_read_ptr, get_tile_size, get_write_ptr, mul_tiles, mul_tiles_init,
                               noc_async_read_barrier, noc_async_read_tile, noc_async_write_barrier,
                               noc_async_write_tile, pack_tile, sub_tiles, sub_tiles_init, tile_regs_acquire,
                               tile_regs_commit, tile_regs_release, tile_regs_wait)

    fn, init = {"add": (add_tiles, add_tiles_init), "mul": (mul_tiles, mul_tiles_init),
                "sub": (sub_tiles, sub_tiles_init)}[op]

    def reader():
        a_addr, b_addr, n = get_arg_val(0), get_arg_val(1), get_arg_val(2)
        ta = TensorAccessor(TensorAccessorArgs(0), a_addr, get_tile_size(CBIndex.c_0))
        tb = TensorAccessor(TensorAccessorArgs(1), b_addr, get_tile_size(CBIndex.c_1))
        for i in range(n):
            cb_reserve_back(CBIndex.c_0, 1)
            cb_reserve_back(CBIndex.c_1, 1)
            noc_async_read_tile(i, ta, get_write_ptr(CBIndex.c_0))
            noc_async_read_tile(i, tb, get_write_ptr(CBIndex.c_1))
            noc_async_read_barrier()
            cb_push_back(CBIndex.c_0, 1)
            cb_push_back(CBIndex.c_1, 1)

    def compute():
        n = get_arg_val(0)
        binary_op_init_common(CBIndex.c_0, CBIndex.c_1, CBIndex.c_2)
        init(CBIndex.c_0, CBIndex.c_1)
        for _ in range(n):
            cb_wait_front(CBIndex.c_0, 1)
            cb_wait_front(CBIndex.c_1, 1)
            tile_regs_acquire()
            fn(CBIndex.c_0, CBIndex.c_1, 0, 0, 0)
            tile_regs_commit()
            cb_pop_front(CBIndex.c_0, 1)
            cb_pop_front(CBIndex.c_1, 1)
            cb_reserve_back(CBIndex.c_2, 1)
            tile_regs_wait()
            pack_tile(0, CBIndex.c_2)
            tile_regs_release()
            cb_push_back(CBIndex.c_2, 1)

    def writer():
        out_addr, n = get_arg_val(0), get_arg_val(1)
        to = TensorAccessor(TensorAccessorArgs(0), out_addr, get_tile_size(CBIndex.c_2))
        for i in range(n):
            cb_wait_front(CBIndex.c_2, 1)
            noc_async_write_tile(i, to, get_read_ptr(CBIndex.c_2))
            noc_async_write_barrier()
            cb_pop_front(CBIndex.c_2, 1)

    rows, cols = a.shape
    n, tile = rows * cols // 1024, 4096
    dev = mt.CreateDevice(0)
    try:
        cq = dev.command_queue()
        bufs = [mt.CreateBuffer(mt.InterleavedBufferConfig(dev, n * tile, tile, mt.BufferType.DRAM)) for _ in range(3)]
        mt.EnqueueWriteBuffer(cq, bufs[0], mt.tilize_nfaces(a, rows, cols), False)
        mt.EnqueueWriteBuffer(cq, bufs[1], mt.tilize_nfaces(b, rows, cols), False)
        prog = mt.CreateProgram()
        core = mt.CoreCoord(0, 0)
        for cb in (CBIndex.c_0, CBIndex.c_1, CBIndex.c_2):
            mt.CreateCircularBuffer(prog, core, mt.CircularBufferConfig(2 * tile, {cb: mt.DataFormat.Float32})
                                    .set_page_size(cb, tile))
        r = mt.CreateKernel(prog, reader, core, mt.DataMovementConfig(
            processor=mt.DataMovementProcessor.RISCV_0, noc=mt.NOC.RISCV_0_default,
            compile_args=mt.TensorAccessorArgs(bufs[0]).get_compile_time_args()
            + mt.TensorAccessorArgs(bufs[1]).get_compile_time_args()))
        c = mt.CreateKernel(prog, compute, core, mt.ComputeConfig(math_fidelity=mt.MathFidelity.HiFi4,
                                                                  fp32_dest_acc_en=True))
        w = mt.CreateKernel(prog, writer, core, mt.DataMovementConfig(
            processor=mt.DataMovementProcessor.RISCV_1, noc=mt.NOC.RISCV_1_default,
            compile_args=mt.TensorAccessorArgs(bufs[2]).get_compile_time_args()))
        mt.SetRuntimeArgs(prog, r, core, [bufs[0].address(), bufs[1].address(), n])
        mt.SetRuntimeArgs(prog, c, core, [n])
        mt.SetRuntimeArgs(prog, w, core, [bufs[2].address(), n])
        mt.EnqueueProgram(cq, prog, False)
        mt.Finish(cq)
        out = mt.EnqueueReadBuffer(cq, bufs[2], dtype=np.float32)
        return np.asarray(mt.untilize_nfaces(out, rows, cols)).reshape(rows, cols)
    finally:
        mt.CloseDevice(dev)


@pytest.mark.parametrize("name, op, ref", [
    ("simple_multiply.mlir", "mul", lambda a, b: a * b),
    ("simple_subtract.mlir", "sub", lambda a, b: a - b),
])
def test_ttmetal_route_matches_a_hand_written_program(name, op, ref):
    rng = np.random.default_rng(11)
    a, b = rng.standard_normal((64, 128)).astype(np.float32), rng.standard_normal((64, 128)).astype(np.float32)
    f = tm.compile(lit(name), route="ttmetal")
    out = f(a, b)
    assert np.array_equal(out.view(np.uint32), hand_written(a, b, op).view(np.uint32))
    exact = ref(a.astype(np.float64), b.astype(np.float64))
    assert np.all(np.abs(out - exact) <= 4e-3 * np.abs(exact) + 1e-2)   # the FPU's reduced-precision operands
    names = [o.op for o in f.report.ops]
    assert names == ["ttmetal.host_write", "ttmetal.host_write", "ttmetal.dispatch", "ttmetal.host_read"]
    assert f.report.ops[2].device_ns > 0


def test_multi_function_module_runs_each_function():
    text = open(os.path.join(os.path.dirname(__file__), "mlir_lit", "TTMetal", "simple_eltwise.mlir")).read()
    a = np.ones((64, 128), np.float32) * 3
    b = np.ones((64, 128), np.float32) * 2
    assert np.all(tm.compile(text, route="ttmetal", function="add")(a, b) == 5)
    assert np.all(tm.compile(text, route="ttmetal", function="multiply")(a, b) == 6)


def test_unary_runs():
    """tt-mlir's simple_relu.mlir on the TTMetal route: the 2024 lowering's noc1 region pushed the output CB (a hang);
    tensix's pushes only inputs, so relu runs, exactly (its Float32 CB unpacked straight to the 32-bit Dst, as ttnn's
    SFPU programs do); tests/test_mlir_ttmetal_grid.py keeps the 2024 form's hang."""
    x = np.linspace(-3, 3, 64 * 128, dtype=np.float32).reshape(64, 128)
    assert np.array_equal(tm.compile(lit("simple_relu.mlir"), route="ttmetal")(x), np.maximum(x, 0))


def test_ge_runs_as_binary_ngs_sfpu_program():
    """tt-mlir's simple_ge.mlir: @ge written out as ttnn's binary_ng SFPU loop (both tiles copied into Dst, their
    Float32 CBs unpacked straight to the 32-bit Dst as ttnn does for float32, ge_binary_tile): exactly numpy's a >= b
    as 1.0 / 0.0, near-equal pairs (which TF32 would merge) and equal pairs included; printed as C++ too."""
    from tensix.mlir.ir import parse
    from tensix.mlir.opt import run
    from tensix.mlir.translate import to_cpp

    rng = np.random.default_rng(3)
    a, b = rng.standard_normal((64, 128)).astype(np.float32), rng.standard_normal((64, 128)).astype(np.float32)
    b[0, :16] = a[0, :16]
    b[1, :16] = np.nextafter(a[1, :16], np.float32(np.inf))
    got = tm.compile(lit("simple_ge.mlir"), route="ttmetal")(a, b)
    assert np.array_equal(got, (a >= b).astype(np.float32))
    cpp = to_cpp(parse(run(lit("simple_ge.mlir"), [("ttir-to-ttmetal-backend-pipeline", ""),
                                                  ("ttkernel-lower-builtin", "")])))
    assert "ge_binary_tile(0, 1, 0);" in cpp and "copy_tile_to_dst_init_short_with_dt(" in cpp


def test_unsupported_shapes_and_kernels_are_loud():
    from tensix.mlir.opt import run
    metal = run(lit("simple_multiply.mlir"), [("ttir-to-ttmetal-backend-pipeline", "")]).replace("@mulitply",
                                                                                                  "@maximum")
    with pytest.raises(NotModelledError, match="no eltwise loop"):
        tm.compile(metal, route="ttmetal")(np.ones((64, 128), np.float32), np.ones((64, 128), np.float32))
    odd = lit("simple_multiply.mlir").replace("64x128", "40x100")
    with pytest.raises(NotModelledError, match="whole 32x32 tiles"):
        tm.compile(odd, route="ttmetal")(np.ones((40, 100), np.float32), np.ones((40, 100), np.float32))


def test_lowered_builtin_is_tt_metals_eltwise_loop_and_runs_the_same():
    from tensix.mlir.opt import run

    text = run(lit("simple_multiply.mlir"), [("ttir-to-ttmetal-backend-pipeline", ""), ("ttkernel-lower-builtin", "")])
    assert "ttkernel.builtin" not in text and run(text, []) == text
    compute = text[text.rindex("^bb0(%arg2"):]
    calls = __import__("re").findall(r'"(ttkernel\.\w+|scf\.for)"', compute)
    assert calls == ["ttkernel.binary_op_init_common", "ttkernel.mul_tiles_init", "scf.for",
                     "ttkernel.cb_wait_front", "ttkernel.cb_wait_front", "ttkernel.tile_regs_acquire",
                     "ttkernel.mul_tiles", "ttkernel.tile_regs_commit", "ttkernel.cb_pop_front",
                     "ttkernel.cb_pop_front", "ttkernel.cb_reserve_back", "ttkernel.tile_regs_wait",
                     "ttkernel.pack_tile", "ttkernel.tile_regs_release", "ttkernel.cb_push_back", "ttkernel.return"]
    assert '"arith.constant"() <{value = 8 : index}>' in compute          # 64x128 f32 = 8 tiles
    rng = np.random.default_rng(5)
    a, b = rng.standard_normal((64, 128)).astype(np.float32), rng.standard_normal((64, 128)).astype(np.float32)
    lowered = tm.compile(text, route="ttmetal")(a, b)
    placeholder = tm.compile(lit("simple_multiply.mlir"), route="ttmetal")(a, b)
    assert np.array_equal(lowered.view(np.uint32), placeholder.view(np.uint32))


def test_kernels_as_tt_metal_cpp():
    import re

    from tensix.mlir.ir import parse
    from tensix.mlir.opt import run
    from tensix.mlir.translate import to_cpp

    text = run(lit("simple_multiply.mlir"), [("ttir-to-ttmetal-backend-pipeline", ""), ("ttkernel-lower-builtin", "")])
    cpp = to_cpp(parse(text))
    assert cpp.count("void kernel_main() {") == 2 and cpp.count("namespace NAMESPACE {\nvoid MAIN {") == 1
    assert "  for (uint32_t i0 = 0; i0 < 8; ++i0) {\n    cb_wait_front(tt::CBIndex::c_0, 1);" in cpp
    assert "    mul_tiles(tt::CBIndex::c_0, tt::CBIndex::c_1, 0, 0, 0);\n" in cpp
    assert cpp.count("{") == cpp.count("}")
    # the C++ calls are the IR's TTKernel ops, in order (what the simulator runs)
    ir_calls = [m for m in re.findall(r'"ttkernel\.(\w+)"', text) if m != "return"]
    cpp_calls = re.findall(r"^\s+(\w+)\(", cpp, re.M)
    assert [c for c in cpp_calls if c != "for"] == ir_calls
    from tensix.mlir import MLIRError

    with pytest.raises(MLIRError, match="run --ttkernel-lower-builtin first"):
        to_cpp(parse(run(lit("simple_multiply.mlir"), [("ttir-to-ttmetal-backend-pipeline", "")])))
