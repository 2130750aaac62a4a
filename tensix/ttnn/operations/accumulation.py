"""ttnn.cumsum and ttnn.cumprod, as tt-metal 622c6fb9 runs them (ttnn/cpp/ttnn/operations/reduction/accumulation/:
cumsum/cumsum.cpp and cumprod/cumprod.cpp both call accumulation_invoke, with AccumulationOp CUMSUM or CUMPROD).

The host side (accumulation_common.cpp accumulation_invoke): a preallocated `out` must have the input's shape; a rank-0
or zero-volume input is cloned (or copied into out); the input is typecast to dtype if one is asked for; when the dim
is one of the last three (rank - dim < 4) the tensor is reshaped to 4-D (leading 1s) if smaller and permuted so the
dim becomes dim 0 (ttnn.permute); the device op accumulates along that dim; the result is permuted back and reshaped
to the input's shape. With `out`, its storage becomes the result's (tt-metal swaps the storage; here out takes the
result's buffer).

The device op (device/accumulation_device_operation.cpp, accumulation_program_factory.cpp): a TILE interleaved input;
the output TILE in dtype (default the input's) and memory_config (default the input's). Work: the rows (one tile
position across the accumulated dim: physical volume / tile / tiles_per_row of them) split over the grid
(split_work_to_cores, column-major); per core accumulation_reader, accumulation_compute (fp32 Dst; the running sum kept
in a Float32 CB, or in the integer output format) and accumulation_writer; reverse_order reads and writes the row
backwards. Math fidelity HiFi3 for a FLOAT32 output on Wormhole, else HiFi4. The op only changes the compute kernel's
defines and its starting value (accumulation_program_factory.cpp): CUMSUM add_binary_tile (add_int_tile<fmt> for an
integer output) from 0, CUMPROD mul_binary_tile (mul_int_tile<fmt>) from 1.0 (the integer 1's bit pattern for an
integer output).

Not modelled (NotModelledError): sharded outputs (the device op keeps a sharded output's layout)."""

from __future__ import annotations

import functools
import math
import struct
import time

from tensix.errors import NotModelledError
from tensix.device.formats import DataFormat
from tensix.metalium import host as mh
from tensix.metalium.types import (ComputeConfig, CoreCoord, MathFidelity, ReaderDataMovementConfig,
                                   UnpackToDestMode, WriterDataMovementConfig)
from tensix.ttnn import op as O
from tensix.ttnn.errors import LayoutError, ShapeError, TTNNError
from tensix.ttnn.operations import _dm_common as D
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import DataType, Layout, TensorMemoryLayout, data_format

__all__ = ["cumsum", "cumprod"]

_KDIR = "accumulation/"
_INT_FORMATS = (DataFormat.Int32, DataFormat.UInt32, DataFormat.UInt16, DataFormat.UInt8)


def _ops():
    from tensix.ttnn import operations
    return operations


def _core():
    from tensix.ttnn import core
    return core


def cumsum(input, dim, *, dtype=None, reverse_order=False, out=None, memory_config=None, **kwargs):  # noqa: A002
    """ttnn.cumsum(input, dim, *, dtype=None, reverse_order=False, out=None, memory_config=None) (cumsum_nanobind.cpp,
    cumsum.cpp)."""
    return _accumulation_invoke("ttnn.cumsum", "cumsum", input, dim, dtype, reverse_order, out, memory_config, kwargs)


def cumprod(input, dim, *, dtype=None, reverse_order=False, out=None, memory_config=None, **kwargs):  # noqa: A002
    """ttnn.cumprod(input, dim, *, dtype=None, reverse_order=False, out=None, memory_config=None)
    (cumprod_nanobind.cpp, cumprod.cpp)."""
    return _accumulation_invoke("ttnn.cumprod", "cumprod", input, dim, dtype, reverse_order, out, memory_config,
                                kwargs)


def _accumulation_invoke(what, op, input, dim, dtype, reverse_order, out, memory_config, kwargs):  # noqa: A002
    """accumulation_common.cpp accumulation_invoke (op: "cumsum" or "cumprod")."""
    O.refuse_unknown_kwargs(what, kwargs)
    t = input
    dev = O.device_of(what, t)
    shape = [int(d) for d in t.shape]
    rank = len(shape)
    if out is not None:
        if out._device is None:
            raise TTNNError(f"{what}: Preallocated output tensor must be on device")
        if [int(d) for d in out.shape] != shape:
            raise ShapeError(f"{what}: Shape mismatch: input tensor shape {shape} does not match output tensor shape "
                             f"{list(out.shape)}.")
    if rank == 0 or math.prod(shape) == 0:
        if out is None:
            return _ops().clone(t, memory_config=memory_config)
        if math.prod(shape) > 0:
            from tensix.ttnn.operations.dm_memory import _copy
            return _copy(f"{what} (ttnn::copy into out)", t, out.memory_config(), out.dtype, output_tensor=out)
        return out
    dim = int(dim)
    if not -rank <= dim < rank:
        raise TTNNError(f"{what}: The requested accumulation axis is {dim}, while the input tensor has rank {rank}.")
    axis = dim + rank if dim < 0 else dim
    wip = t
    if dtype is not None and t.dtype != dtype:
        wip = _core().typecast(wip, dtype)
    perm = None
    acc_axis = axis
    if rank - axis < 4:
        final_axis = axis
        if rank < 4:
            wip = _ops().reshape(wip, [1] * (4 - rank) + shape)
            final_axis += 4 - rank
        perm = list(range(len(wip.shape)))
        perm[0], perm[final_axis] = final_axis, 0
        acc_axis = 0
        wip = _ops().permute(wip, perm, memory_config=wip.memory_config())
    res = _prim_accumulation(what, op, wip, acc_axis, dtype or wip.dtype, bool(reverse_order),
                             memory_config or wip.memory_config(), dev)
    if perm is not None:
        res = _ops().permute(res, perm, memory_config=res.memory_config())
        if rank < 4:
            res = _ops().reshape(res, shape)
    if out is not None:
        _take_storage(what, out, res)
    return res


def _take_storage(what, out: Tensor, res: Tensor) -> None:
    """accumulation_invoke: `optional_out->tensor_attributes->get_storage() = wip_tensor...get_storage()`: out keeps
    its spec and gets the result's buffer."""
    if (out.dtype, out.layout, tuple(out.padded_shape)) != (res.dtype, res.layout, tuple(res.padded_shape)):
        raise NotModelledError(f"{what}: out= of another spec than the result ({out.dtype.name} {out.layout.name} "
                               f"{list(out.padded_shape)} vs {res.dtype.name} {res.layout.name} "
                               f"{list(res.padded_shape)}): tt-metal swaps the storage under out's own spec, which "
                               "tensix.ttnn does not model.\nFix: allocate out like the result (dtype, TILE layout).")
    out._buffer = res._buffer
    out._memory_config = res._memory_config


def _prim_accumulation(what, op, a: Tensor, dim: int, dtype: DataType, flip: bool, mc, dev) -> Tensor:
    """ttnn::prim::accumulation (AccumulationDeviceOperation, AccumulationProgramFactory) of op "cumsum" (CUMSUM) or
    "cumprod" (CUMPROD)."""
    started = time.perf_counter()
    if a.is_sharded():
        raise TTNNError(f"{what}: ttnn accumulation operations (cumprod, cumsum) do not support sharded input tensors.")
    if a.layout != Layout.TILE:
        raise LayoutError(f"{what}: The provided input tensor has a non-tile layout: {a.layout.name}.")
    if mc.memory_layout != TensorMemoryLayout.INTERLEAVED:
        raise NotModelledError(f"{what}: a sharded output memory config (the accumulation device op keeps the "
                               "input's layout for it) is not modelled.\nFix: an interleaved memory_config.")
    out = O.output_tensor(dev, [int(d) for d in a.shape], dtype, Layout.TILE, mc)
    ps = [int(d) for d in a.padded_shape]
    rank = len(ps)
    tiles_per_row = ps[dim]
    num_rows = math.prod(ps) // 1024 // tiles_per_row
    tile_offset = math.prod(ps[dim + 1:rank - 2]) * (ps[-2] // 32) * (ps[-1] // 32)
    in_fmt, out_fmt = data_format(a.dtype), data_format(dtype)
    integer = out_fmt in _INT_FORMATS
    acc_fmt = out_fmt if integer else DataFormat.Float32
    fidelity = MathFidelity.HiFi3 if dtype == DataType.FLOAT32 else MathFidelity.HiFi4
    grid = O.grid_of(dev)
    key = (op, dim, flip, O.spec_key(a), O.spec_key(out))

    def factory():
        ws = D.split_work_to_cores(grid, num_rows)
        cores = [CoreCoord(i // grid.y, i % grid.y) for i in range(ws.num_cores)]
        prog = mh.CreateProgram()
        O.cb(prog, cores, 0, 4, in_fmt)
        O.cb(prog, cores, 2, 1, acc_fmt)
        O.cb(prog, cores, 1, 4, out_fmt)
        utd = {2: UnpackToDestMode.UnpackToDestFp32}
        if in_fmt != DataFormat.Float16_b:
            utd[0] = UnpackToDestMode.UnpackToDestFp32
        K = _compute_api()
        if integer:
            name = acc_fmt.name
            # add_int_tile_init() takes no format in the C++ (one init for all); tensix's asks for the one used
            init, binary = ((K.add_int_tile_init, K.add_int_tile) if op == "cumsum"
                            else (K.mul_int_tile_init, K.mul_int_tile))
            defines = {"BINARY_OP_INIT": functools.partial(init, data_format=name),
                       "BINARY_OP": functools.partial(binary, data_format=name),
                       "FILL_TILE": functools.partial(K.fill_tile_int, data_format=name)}
            default_bits = 0 if op == "cumsum" else 1         # std::bit_cast<float>(1U): the integer 1
        else:
            init, binary = ((K.add_binary_tile_init, K.add_binary_tile) if op == "cumsum"
                            else (K.mul_binary_tile_init, K.mul_binary_tile))
            defines = {"BINARY_OP_INIT": init, "BINARY_OP": binary,
                       "FILL_TILE": K.fill_tile}       # fill_tile_bitcast: the float's bits
            default_bits = struct.unpack("<I", struct.pack("<f", 0.0 if op == "cumsum" else 1.0))[0]
        rk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "accumulation_reader.py"), cores,
                             ReaderDataMovementConfig(compile_args=O.accessor_args(a)))
        wk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "accumulation_writer.py"), cores,
                             WriterDataMovementConfig(compile_args=O.accessor_args(out)))
        ck = {}
        for group in (ws.group_1, ws.group_2):
            members = [c for c in cores if group.contains(c)]
            if members:
                k = mh.CreateKernel(prog, O.kernel_path(_KDIR + "accumulation_compute.py"), members, ComputeConfig(
                    math_fidelity=fidelity, fp32_dest_acc_en=True, dst_full_sync_en=False, unpack_to_dest_mode=utd,
                    math_approx_mode=False, compile_args=[default_bits], defines=defines))
                ck.update({(c.x, c.y): k for c in members})
        work = [(c, ws.units_of(c)) for c in cores]

        def set_args(tensors):
            ta, to = tensors
            off = 0
            for c, n in work:
                common = [n, tiles_per_row, tile_offset, off, off // tile_offset, off % tile_offset, int(flip)]
                mh.SetRuntimeArgs(prog, rk, c, [ta.buffer_address()] + common)
                mh.SetRuntimeArgs(prog, wk, c, [to.buffer_address()] + common)
                mh.SetRuntimeArgs(prog, ck[(c.x, c.y)], c, [n, tiles_per_row])
                off += n

        return O.ProgramEntry(prog, set_args, ws.num_cores, "AccumulationProgramFactory")

    O.run(what, dev, key, factory, [a, out], [out], {"dim": dim, "reverse_order": flip}, started)
    return out


def _compute_api():
    import tensix.kernel as K
    return K
