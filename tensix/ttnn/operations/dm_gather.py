"""ttnn.gather, as tt-metal 622c6fb9 runs it (ttnn/cpp/ttnn/operations/data_movement/gather/).

The host side (gather.cpp): an empty (rank-0) input or index is returned as is; the dim is moved last
(ttnn.transpose(dim, -1), reduction_common::perform_transpose) and the tensors seen as 4D (unsqueeze_to_4D /
squeeze_from_ND_to_4D: views); the index's tile padding is filled with 0 (ttnn.fill_implicit_tile_padding, in place:
on the caller's tensor when nothing was transposed, as in tt-metal), the input sliced to the index's padded outer
dims (ttnn.slice [0, 0, 0, 0] .. [i0, i1, i2, last]) and its tile padding filled with FLT_MIN
(std::numeric_limits<float>::min()); a preallocated output (out=) goes through the same transforms as the index. After
the device op the result is viewed back to the index's rank (squeeze_from_4D) and transposed back, or (rank > 4)
transposed in 4D and reshaped to the index's shape.

The device op (device/gather_device_operation.cpp): validation (same rank, UINT32 / UINT16 index, index dims at most
the input's but for the last, interleaved output, TILE, no sparse_grad); select_program_factory: SingleRowMultiCore
when the input's or the index's row has more than 60 tiles (GATHER_WT_THRESHOLD), else SingleRowSingleCore
(device/gather_program_factory.cpp). Both split work with split_work_to_cores(core_grid, units, row_wise=true) over
the whole grid as one CoreRangeSet or over sub_core_grids; core ids follow group 1's then group 2's ranges, each row
by row:
- SingleRowSingleCore: the Ht rows of tiles, strided (core_id + core_loop * number_of_cores); c_0 holds the whole
  input row (Wt_input tiles), c_1 / c_2 one index / output tile;
- SingleRowMultiCore: the Wt_index index tiles of every row, strided the same way; c_0 double-buffers the input row's
  tiles, each streamed once per index tile.
The kernels (tensix/ttnn/kernels/data_movement/gather_*.py, element work in gather_common) copy raw values: the index
and input values are loaded as unsigned integers of their tile's element size and stored with the output's.

Not modelled (NotModelledError): a rank-1 one-element input or index (gather.cpp returns it from the transforms
untouched, then reads padded_shape()[3] of the rank-1 tensor), block-float (bfloat8_b / bfloat4_b) inputs and outputs
(the kernels would read their packed tiles as 1-byte elements: tensix does not claim that number), sharded tensors,
indices at or past the input row's padded width (the kernels raise: see gather_common)."""

from __future__ import annotations

import time

from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.types import CoreCoord, CoreRangeSet, ReaderDataMovementConfig, WriterDataMovementConfig
from tensix.ttnn import op as O
from tensix.ttnn.errors import DTypeError, LayoutError, ShapeError, TTNNError
from tensix.ttnn.operations import _dm_common as C
from tensix.ttnn.operations import _sub_core_split as SC
from tensix.ttnn.operations.reduction import _to_4d, _view
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import TILE_SIZE, BufferType, DataType, Layout

__all__ = ["gather"]

GATHER_WT_THRESHOLD = 60
FLT_MIN = 1.1754943508222875e-38      # std::numeric_limits<float>::min()
_BLOCK_FLOAT = (DataType.BFLOAT8_B, DataType.BFLOAT4_B)


def _ops():
    from tensix.ttnn import operations
    return operations


def gather(input, dim: int, index: Tensor = None, *, sparse_grad: bool = False,  # noqa: A002 (ttnn's names)
           memory_config=None, out: Tensor = None, sub_core_grids=None) -> Tensor:
    """ttnn.gather(input, dim, index, *, sparse_grad=False, memory_config=None, out=None, sub_core_grids=None):
    out[..., i, ...] = input[..., index[..., i, ...], ...] along dim (gather_nanobind.cpp / gather.cpp)."""
    what = "ttnn.gather"
    t, idx = input, index
    if idx is None:
        raise TypeError(f"{what}: the index tensor (index=) is required.")
    O.device_of(what, t, idx, out)
    in_shape, idx_shape = list(t.shape), list(idx.shape)
    if not in_shape:
        return t
    if not idx_shape:
        return idx
    rank, idx_rank = len(in_shape), len(idx_shape)
    ndim = dim + rank if dim < 0 else dim
    if not 0 <= ndim < rank:
        raise TTNNError(f"{what}: dim {dim} is out of range for tensor rank {rank}")
    if in_shape == [1] or idx_shape == [1]:
        raise NotModelledError(f"{what} of a one-element rank-1 tensor: gather.cpp returns it untransformed (rank 1) "
                               "and the program factory reads padded_shape()[3] of it.\nFix: a rank-2 or higher "
                               "tensor ([1, 1]).")
    for name, x in (("input", t), ("index", idx), ("output", out)):
        if x is None:
            continue
        if x.layout != Layout.TILE:
            raise LayoutError(f"{what}: The {name} tensor must be in tiled format. Current layout: {x.layout!r}.\n"
                              "Fix: ttnn.to_layout(t, ttnn.TILE_LAYOUT) first.")
        if x.dtype in _BLOCK_FLOAT:
            raise NotModelledError(f"{what}: a {x.dtype.name} {name} tensor: the gather kernels load and store tile "
                                   "values as integers of the tile's size / 1024 bytes, a packed block-float tile as "
                                   "1-byte elements, which tensix does not model.\nFix: bfloat16 or float32.")
        if x.is_sharded():
            raise NotModelledError(f"{what}: a sharded {name} tensor is not modelled (the device op refuses a sharded "
                                   "output).\nFix: an interleaved memory config.")
    if idx.dtype not in (DataType.UINT32, DataType.UINT16):
        raise DTypeError(f"{what}: Index tensor must be of type UINT32 or UINT16. Got: {idx.dtype!r}")
    if sparse_grad:
        raise TTNNError(f"{what}: Sparse gradient is not supported yet.")
    mc = memory_config or t.memory_config()
    if mc.is_sharded():
        raise TTNNError(f"{what}: Sharded implementation not supported yet. Shard status: True")
    ops = _ops()
    idx_last = ndim == idx_rank - 1
    in_last = ndim == rank - 1
    idx4 = ops.fill_implicit_tile_padding(_pre(idx, ndim, idx_last), 0.0)
    ip = list(idx4.padded_shape)
    in4 = _pre(t, ndim, in_last)
    sliced = ops.slice(in4, [0, 0, 0, 0], [ip[0], ip[1], ip[2], int(in4.shape[-1])], [1, 1, 1, 1],
                       memory_config=t.memory_config())
    in4 = ops.fill_implicit_tile_padding(sliced, FLT_MIN)
    out4 = None
    if out is not None:
        out4 = ops.fill_implicit_tile_padding(_pre(out, ndim, in_last), 0.0)
    result = _prim_gather(what, in4, idx4, mc, out4, sub_core_grids)
    return _post(idx, result, ndim, idx_last)


def _pre(x: Tensor, ndim: int, is_last: bool) -> Tensor:
    """pre_gather_transform_tensor's transpose and 4D view (perform_transpose, transform_to_4d_tensor)."""
    if not is_last:
        x = _ops().transpose(x, ndim, -1, memory_config=x.memory_config())
    return _to_4d(x)


def _post(idx: Tensor, result: Tensor, ndim: int, idx_last: bool) -> Tensor:
    """post_gather_transform_tensor."""
    ops = _ops()
    want = list(idx.shape)
    rank = len(want)
    if rank <= 4:
        result = _view(result, tuple(result.shape)[4 - rank:])
        if not idx_last:
            result = ops.transpose(result, ndim, -1, memory_config=idx.memory_config())
    else:
        if not idx_last:
            result = ops.transpose(result, ndim + (len(result.padded_shape) - rank), -1,
                                   memory_config=idx.memory_config())
        result = ops.reshape(result, want)
    if list(result.shape) != want:
        raise TTNNError(f"ttnn.gather: Output tensor transformation did not create correct output shape! Got: "
                        f"{list(result.shape)}, expected: {want}")
    return result


def _validate(what, a: Tensor, idx: Tensor, out: Tensor | None):
    """GatherDeviceOperation::validate_on_program_cache_miss (the layout, dtype and memory checks ran on the caller's
    tensors already)."""
    s_in, s_idx = list(a.shape), list(idx.shape)
    if len(s_in) != len(s_idx):
        raise ShapeError(f"{what}: Input and index tensor must have the same number of dimensions. Got input dim: "
                         f"{len(s_in)} and index dim: {len(s_idx)}")
    if out is not None and list(out.shape) != s_idx:
        raise ShapeError(f"{what}: Output tensor shape must be the same as index tensor shape. Got output tensor "
                         f"shape: {list(out.shape)} and index tensor shape: {s_idx}")
    for i in range(len(s_in) - 1):
        if s_idx[i] > s_in[i]:
            raise ShapeError(f"{what}: Index tensor shape dimension {i} must be less than or equal to input tensor "
                             f"shape dimension {i}. Got index tensor shape: {s_idx} and input tensor shape: {s_in}")


def _prim_gather(what, a: Tensor, idx: Tensor, mc, out: Tensor | None, sub_core_grids) -> Tensor:
    started = time.perf_counter()
    _validate(what, a, idx, out)
    dev = a._device
    if out is None:
        out = C.make_output(dev, list(idx.shape), a.dtype, Layout.TILE, mc)
    wt_in = a.padded_shape[3] // TILE_SIZE
    wt_idx = idx.padded_shape[3] // TILE_SIZE
    multi = wt_in > GATHER_WT_THRESHOLD or wt_idx > GATHER_WT_THRESHOLD
    grid = sub_core_grids if sub_core_grids is not None else C.device_grid(dev)
    gkey = tuple((r.start.x, r.start.y, r.end.x, r.end.y) for r in grid.ranges)
    key = ("gather", multi, O.spec_key(a), O.spec_key(idx), O.spec_key(out), gkey)
    O.run(what, dev, key, lambda: _factory(a, idx, out, grid, multi), [a, idx, out], [out],
          {"multi_core": multi}, started)
    return out


def _factory(a: Tensor, idx: Tensor, out: Tensor, grid: CoreRangeSet, multi: bool) -> O.ProgramEntry:
    """GatherDeviceOperation::SingleRowSingleCore / SingleRowMultiCore::create_descriptor."""
    dev = a._device
    ip = list(idx.padded_shape)
    ht = ip[0] * ip[1] * ip[2] // TILE_SIZE
    wt_in = a.padded_shape[3] // TILE_SIZE
    wt_idx = ip[3] // TILE_SIZE
    n, all_cores, g1, g2, n1, n2 = SC.split_work_to_cores(grid, wt_idx if multi else ht, True)
    g = dev.compute_with_storage_grid_size()
    prog = mh.CreateProgram()
    O.cb(prog, all_cores, 0, 2 if multi else wt_in, a.dtype)
    O.cb(prog, all_cores, 1, 1, idx.dtype)
    O.cb(prog, all_cores, 2, 1, out.dtype)
    dram = [int(x.memory_config().buffer_type == BufferType.DRAM) for x in (a, idx, out)]
    shared = [ht, wt_in, wt_idx, n, g.x, g.y]
    kind = "multi_core" if multi else "single_core"
    rk = mh.CreateKernel(prog, O.kernel_path(f"data_movement/gather_reader_single_row_{kind}.py"), all_cores,
                         ReaderDataMovementConfig(compile_args=[0, 1, 2, dram[1]] + shared + O.accessor_args(idx)))
    wk = mh.CreateKernel(prog, O.kernel_path(f"data_movement/gather_writer_single_row_{kind}.py"), all_cores,
                         WriterDataMovementConfig(compile_args=[0, 2, dram[0], dram[2]] + shared
                                                  + O.accessor_args(a, out)))
    per_core = []
    for group, work in ((g1, n1), (g2, n2)):
        for r in group.ranges:
            for y in range(r.start.y, r.end.y + 1):
                for x in range(r.start.x, r.end.x + 1):
                    per_core.append((CoreCoord(x, y), work, len(per_core)))

    def set_args(tensors):
        src, index, dst = tensors
        for core, work, cid in per_core:
            mh.SetRuntimeArgs(prog, rk, core, [index.buffer_address() if work else 0, work, TILE_SIZE, TILE_SIZE, cid])
            mh.SetRuntimeArgs(prog, wk, core, [src.buffer_address() if work else 0,
                                               dst.buffer_address() if work else 0, work, cid])

    return O.ProgramEntry(prog, set_args, len(per_core), f"gather_single_row_{kind}")
