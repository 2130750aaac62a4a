"""Element-wise binary ops (ttnn.add, subtract, multiply) as tt-metal 622c6fb9 runs them on Wormhole: binary_ng
programs (ttnn/cpp/ttnn/operations/eltwise/binary_ng/device/binary_ng_program_factory.cpp).

This module holds the FPU path without subtile broadcast: both operands in TILE layout with the same last two dims,
outer dims equal or broadcast (size 1); a reader streams both operands' tiles, the compute kernel runs
add/sub/mul_tiles, a writer stores the result; the output tiles are split over the 8x8 grid with
split_work_to_cores (row-wise). Outer-dim broadcasting is done by the reader's strides, as binary_ng's."""

from __future__ import annotations

import time

from tensix.errors import NotModelledError
from tensix.kernel import add_tiles, add_tiles_init, mul_tiles, mul_tiles_init, sub_tiles, sub_tiles_init
from tensix.metalium import host as mh
from tensix.metalium.types import ComputeConfig, ReaderDataMovementConfig, WriterDataMovementConfig
from tensix.ttnn import op as O
from tensix.ttnn.errors import DTypeError, ShapeError
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import DataType, MemoryConfig

__all__ = ["add", "subtract", "multiply", "sub", "mul"]

# op -> (compute call, its init): binary_ng_utils.cpp OpConfig for the FPU ops (ADD -> ELWADD, SUB -> ELWSUB,
# MUL -> ELWMUL)
_FPU = {"add": (add_tiles, add_tiles_init), "subtract": (sub_tiles, sub_tiles_init),
        "multiply": (mul_tiles, mul_tiles_init)}
# operand dtypes binary_ng runs on the FPU (binary_ng_utils.cpp is_binary_sfpu_op: float32 and integer operands go
# to the SFPU kernels)
_FPU_DTYPES = (DataType.BFLOAT16, DataType.BFLOAT8_B)


def _broadcast_outer(name, a: Tensor, b: Tensor):
    """Output outer dims and each operand's outer strides (in Ht x Wt slices; 0 where it broadcasts)."""
    if tuple(a.padded_shape[-2:]) != tuple(b.padded_shape[-2:]) or tuple(a.shape[-2:]) != tuple(b.shape[-2:]):
        raise NotModelledError(
            f"ttnn.{name}: operands {a.shape!r} and {b.shape!r} differ in their last two dims (a row, column or "
            "scalar broadcast inside the tile); tensix.ttnn does not run that binary_ng variant yet.")
    ra, rb = len(a.padded_shape) - 2, len(b.padded_shape) - 2
    rank = max(ra, rb)
    da = (1,) * (rank - ra) + tuple(a.padded_shape[:-2])
    db = (1,) * (rank - rb) + tuple(b.padded_shape[:-2])
    dims = []
    for x, y in zip(da, db):
        if x != y and 1 not in (x, y):
            raise ShapeError(f"ttnn.{name}: shapes {a.shape!r} and {b.shape!r} are not broadcastable (dims {x} and "
                             f"{y}).\nFix: make each pair of dims equal, or one of them 1.")
        dims.append(max(x, y))

    def strides(d):
        out, s = [], 1
        for k in range(rank - 1, -1, -1):
            out.append(0 if d[k] == 1 and dims[k] != 1 else s)
            s *= d[k]
        return out[::-1]

    return dims, strides(da), strides(db)


def _binary(name, a, b, *, dtype=None, memory_config=None, output_tensor=None, **kwargs):
    started = time.perf_counter()
    dev = O.device_of(f"ttnn.{name}", a, b)
    for t, arg in ((a, "input_tensor_a"), (b, "input_tensor_b")):
        O.require_tile(f"ttnn.{name}", t, arg)
        if t.dtype not in _FPU_DTYPES:
            raise NotModelledError(f"ttnn.{name} with a {t.dtype!r} operand ({arg}) runs on the SFPU in binary_ng; "
                                   "tensix.ttnn does not run that variant yet.")
    if a.dtype != b.dtype:
        raise DTypeError(f"ttnn.{name}: operands are {a.dtype!r} and {b.dtype!r}.\nFix: ttnn.typecast one of them.")
    dims, sa, sb = _broadcast_outer(name, a, b)
    shape = tuple(dims[len(dims) - (max(len(a.shape), len(b.shape)) - 2):]) + tuple(a.shape[-2:]) \
        if max(len(a.shape), len(b.shape)) >= 2 else tuple(a.shape)
    out_dtype = dtype or a.dtype
    mc = memory_config or a.memory_config()
    out = output_tensor or O.output_tensor(dev, shape, out_dtype, a.layout, mc)
    ht_wt = (a.padded_shape[-2] // 32) * (a.padded_shape[-1] // 32)
    n_tiles = out.num_pages
    key = ("binary_ng", name, O.spec_key(a), O.spec_key(b), O.spec_key(out))

    def factory():
        work = O.split_work(dev, n_tiles)
        cores = [c for c, _ in work]
        prog = mh.CreateProgram()
        O.cb(prog, cores, 0, 2, a.dtype)
        O.cb(prog, cores, 1, 2, b.dtype)
        O.cb(prog, cores, 2, 2, out_dtype)
        rk = mh.CreateKernel(prog, O.kernel_path("eltwise/reader_binary_ng_no_bcast.py"), cores,
                             ReaderDataMovementConfig(compile_args=O.accessor_args(a, b)))
        wk = mh.CreateKernel(prog, O.kernel_path("eltwise/writer_binary_ng.py"), cores,
                             WriterDataMovementConfig(compile_args=O.accessor_args(out)))
        op, init = _FPU[name]
        ck = mh.CreateKernel(prog, O.kernel_path("eltwise/eltwise_binary_no_bcast.py"), cores, ComputeConfig(
            compile_args=[1], defines={"BINARY_OP": op, "BINARY_OP_INIT": init}))

        def set_args(tensors):
            ta, tb, tc = tensors
            start = 0
            for c, n in work:
                mh.SetRuntimeArgs(prog, rk, c, [ta.buffer_address(), tb.buffer_address(), start, n, ht_wt,
                                                len(dims), *dims, *sa, *sb])
                mh.SetRuntimeArgs(prog, ck, c, [n])
                mh.SetRuntimeArgs(prog, wk, c, [tc.buffer_address(), start, n])
                start += n

        return O.ProgramEntry(prog, set_args, len(cores), "binary_ng")

    O.run(f"ttnn.{name}", dev, key, factory, [a, b, out], [out], {"dtype": out_dtype.name}, started)
    return out


def add(input_tensor_a, input_tensor_b, *, dtype=None, memory_config: MemoryConfig | None = None,
        output_tensor=None, **kwargs):
    """ttnn.add(a, b): a + b on the device."""
    return _binary("add", input_tensor_a, input_tensor_b, dtype=dtype, memory_config=memory_config,
                   output_tensor=output_tensor, **kwargs)


def subtract(input_tensor_a, input_tensor_b, *, dtype=None, memory_config=None, output_tensor=None, **kwargs):
    """ttnn.subtract(a, b): a - b on the device."""
    return _binary("subtract", input_tensor_a, input_tensor_b, dtype=dtype, memory_config=memory_config,
                   output_tensor=output_tensor, **kwargs)


def multiply(input_tensor_a, input_tensor_b, *, dtype=None, memory_config=None, output_tensor=None, **kwargs):
    """ttnn.multiply(a, b): a * b on the device."""
    return _binary("multiply", input_tensor_a, input_tensor_b, dtype=dtype, memory_config=memory_config,
                   output_tensor=output_tensor, **kwargs)


sub = subtract
mul = multiply
