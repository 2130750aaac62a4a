"""ttnn.slice and Tensor.__getitem__ as tt-metal 622c6fb9 runs them (ttnn/cpp/ttnn/operations/data_movement/slice/
slice.cpp; ttnn/ttnn/operations/core.py __getitem__):

- slice.cpp: negative begins / ends wrap; an unchanged tensor is returned; TILE input whose begins are tile-aligned and
  without steps uses SliceTileProgramFactory with the ends rounded up to tiles (the result is then viewed to its
  logical shape, so its tile padding holds the input's neighbouring data, as on the card); other TILE slices go to
  ROW_MAJOR (device to_layout), are sliced there and come back to TILE; ROW_MAJOR slices use SliceRmProgramFactory
  (no steps: rows split with split_work_to_cores, reader slice_reader_unary_unpad_dims_rm_interleaved_start_id with
  its misalignment shift, writer slice_writer_unary_stick_layout_interleaved_start_id) or SliceRmStrideProgramFactory
  (steps: reader / writer _multicore_slice_4d up to rank 4, _multicore_slice_nd above). The device op checks the ends
  against the shape it slices: a TILE input's padded shape (ends into the tile padding give a result whose logical
  shape covers it; ttnn.glu's split slices to the padded shape), a row-major one's logical shape.
- sub_core_grids: the interleaved factories split their work over those cores (split_work_to_cores' CoreRangeSet
  overload) instead of the compute grid; the to_layout hops around a row-major slice of a TILE input do not take
  them (slice.cpp does not pass them on); SliceRmShardedProgramFactory ignores them, as tt-metal does (it only warns).
- the tensor-args overload (start / end as 1-D tensors, slice_dim=, num_devices=): a TILE input without steps runs
  SliceTileTensorArgsProgramFactory, whose reader reads the begins from the start tensor's buffer on the card (the
  output is the input with slice_dim divided by num_devices, whatever the ends); any other input reads both tensors
  back to the host (to_vector<uint32_t>) and runs the list slice.
- __getitem__: ints, slices, Ellipsis; each int index becomes a length-1 slice squeezed afterwards; host tensors are
  sliced on the host (no steps).

- sharded TILE slices (tile-aligned begins, no steps) run SliceTileProgramFactory as they are: its reader and
  writer reach legacy-sharded inputs and outputs through TensorAccessors; without a memory_config the output inherits
  the input's sharding with the shard shape rescaled to the sliced shape (slice.cpp, issue #38016);
- a ROW_MAJOR HEIGHT_SHARDED slice into a HEIGHT_SHARDED output (no steps) is SliceRmShardedProgramFactory: each
  output core's reader pulls runs of input sticks from the input shards' cores
  (slice_reader_unary_unpad_dims_rm_sharded); a slice of the last dim there is refused (tt-metal's factory copies
  whole sticks).

Not modelled (NotModelledError): other row-major sharded slices (SliceRmProgramFactory / SliceRmStrideProgramFactory
over shards, the composite to_memory_config hops), sharded TILE slices that go through row-major, a sharded output
config without a shard spec, ND-sharded inputs, a sharded device-only tensor-args slice, device-only tensor-args
slices whose reader would read outside the index tensors or the input (too few index values, begins past the
input's tiles, index tensors that are not 32-bit integers), pad_value (fill_implicit_tile_padding), preallocated
outputs."""

from __future__ import annotations

import builtins
import time

import numpy as np

from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.types import CoreCoord, CoreRangeSet, ReaderDataMovementConfig, WriterDataMovementConfig
from tensix.ttnn import op as O
from tensix.ttnn.errors import DeviceMismatchError, DTypeError, ShapeError
from tensix.ttnn.operations import _dm_common as C
from tensix.ttnn.operations import _sub_core_split as SC
from tensix.ttnn.operations.data_movement import device_to_layout, view
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import TILE_SIZE, BufferType, DataType, Layout, data_format, element_size

__all__ = ["slice", "getitem"]

_MAX_READ_SIZE = 4096


def _k(name):
    return O.kernel_path(f"data_movement/{name}.py")


def _align_of(t: Tensor) -> int:
    return 32 if t.memory_config().buffer_type == BufferType.DRAM else 16


def _wrap(i: int, size: int) -> int:
    """data_movement/common wrap_index: a negative index counts from the end."""
    return i + size if i < 0 else i


def _split(dev, units: int, scg) -> C.WorkSplit:
    """The factories' split_work_to_cores: over sub_core_grids when given (work_split.cpp's CoreRangeSet overload),
    else over the device's compute grid."""
    if scg is None:
        return C.split_work_to_cores(dev.compute_with_storage_grid_size(), units)
    n, all_cores, g1, g2, n1, n2 = SC.split_work_to_cores(scg, units)
    return C.WorkSplit(n, list(all_cores.ranges), g1, g2, n1, n2)


def _scg_key(scg):
    return None if scg is None else tuple((r.start.x, r.start.y, r.end.x, r.end.y) for r in scg.ranges)


def slice(input_tensor: Tensor, slice_start=None, slice_end=None, slice_step=None, *, starts=None, ends=None,
          steps=None, memory_config=None, output_tensor=None, pad_value=None, slice_dim=None, num_devices=None,
          sub_core_grids=None, **kwargs) -> Tensor:  # noqa: A001 (ttnn's name)
    """ttnn.slice(input_tensor, slice_start, slice_end, slice_step=None, *, memory_config=None) (or starts=, ends=,
    steps=, the names of ttnn's other overloads): elements start[i] <= k < end[i] (stepping step[i]) of every dim.
    With start / end given as 1-D tensors (the tensor-args overload, also taking slice_dim= and num_devices=), see
    _slice_tensor_args."""
    O.refuse_unknown_kwargs("ttnn.slice", kwargs)
    started = time.perf_counter()
    slice_start = starts if slice_start is None else slice_start
    slice_end = ends if slice_end is None else slice_end
    slice_step = steps if slice_step is None else slice_step
    if slice_start is None or slice_end is None:
        raise TypeError("ttnn.slice: the start and end of every dim are required (slice_start / slice_end, or "
                        "starts / ends).")
    op = "ttnn.slice"
    t = input_tensor
    t._check_alive(op)
    if isinstance(slice_start, Tensor) or isinstance(slice_end, Tensor):
        return _slice_tensor_args(t, slice_start, slice_end, slice_step, memory_config, output_tensor, pad_value,
                                  slice_dim, num_devices, sub_core_grids, started)
    if slice_dim is not None or num_devices is not None:
        raise TypeError(f"{op}: slice_dim / num_devices belong to the overload whose start and end are tensors "
                        "(ttnn.slice(input, start_tensor, end_tensor, ..., slice_dim=, num_devices=)).\nFix: pass "
                        "start / end as ttnn tensors, or drop slice_dim / num_devices.")
    shape = tuple(t.shape)
    rank = len(shape)
    if rank == 0:
        return t
    if any(not isinstance(v, (int, np.integer)) for v in list(slice_start) + list(slice_end)):
        raise TypeError(f"{op}: the start / end lists must hold ints; got {list(slice_start)} / {list(slice_end)}."
                        "\nFix: pass lists of ints (or both start and end as 1-D ttnn tensors).")
    starts, ends = [int(v) for v in slice_start], [int(v) for v in slice_end]
    steps = [1] * rank if slice_step is None else [int(v) for v in slice_step]
    if not len(starts) == len(ends) == len(steps) == rank:
        raise ShapeError(f"{op}: Input rank {rank} and begins {len(starts)} / ends {len(ends)} / steps {len(steps)} "
                         "must have the same size.\nFix: one entry per dim.")
    if output_tensor is not None or pad_value is not None:
        raise NotModelledError(f"{op}: output_tensor / pad_value (fill_implicit_tile_padding) are not modelled."
                               "\nFix: omit them.")
    scg = sub_core_grids
    if t._device is None:
        return _host_slice(t, starts, ends, steps)
    dev = O.device_of(op, t)
    mc = memory_config or t.memory_config()
    no_step = all(s == 1 for s in steps)
    if no_step and all(s == 0 for s in starts) and all(e == d for e, d in zip(ends, shape)):
        from tensix.ttnn.operations.dm_memory import to_memory_config
        return to_memory_config(t, mc)
    b = [_wrap(s, d) for s, d in zip(starts, shape)]
    e = [_wrap(x, d) for x, d in zip(ends, shape)]
    aligned = rank == 1 or (b[-1] % TILE_SIZE == 0 and b[-2] % TILE_SIZE == 0)
    rm_only = t.layout != Layout.TILE or not no_step or rank == 1 or not aligned
    rm_sharded = _rm_height_sharded(t, mc, no_step)
    if (t.is_sharded() or mc.is_sharded()) and not rm_sharded:
        _check_sharded(op, t, mc, rm_only)
    if t.is_sharded() or mc.is_sharded():
        if memory_config is None and t.is_sharded() and rank >= 2:
            mc = _rescaled_shard_config(t, mc, b, e, steps, rm_only)
    # The device op validates the ends against the shape of the tensor it slices: the padded shape of a TILE input
    # (ends up to the tile padding are accepted, and the result's logical shape then covers that padding), the
    # logical shape of a row-major one.
    limit = shape if rm_only else tuple(t.padded_shape)
    for i in range(rank):
        if steps[i] <= 0:
            raise ShapeError(f"{op}: Step({i}) = {steps[i]} should be positive.")
        if e[i] < b[i]:
            raise ShapeError(f"{op}: End {e[i]} must be greater than or equal to start {b[i]} (dim {i}).")
        if b[i] > limit[i] or e[i] > limit[i]:
            raise ShapeError(f"{op}: Ends {e[i]} must be less than or equal to the shape of the tensor {limit[i]} "
                             f"(dim {i}).")
    out_dims = [(e[i] - b[i] + steps[i] - 1) // steps[i] for i in range(rank)]
    if 0 in out_dims:
        from tensix.ttnn.core import empty
        return empty(out_dims, t.dtype, t.layout, dev, mc)
    x = t
    if rm_only:
        if not no_step and t.dtype == DataType.BFLOAT8_B:
            raise DTypeError(f"{op}: Strided slice is not supported for BFLOAT8 tensors.")
        x = device_to_layout(t, Layout.ROW_MAJOR, memory_config=mc)
    if x.layout == Layout.TILE:
        pe = list(e)
        pe[-2] = max(C.round_up(pe[-2], TILE_SIZE), TILE_SIZE)
        pe[-1] = max(C.round_up(pe[-1], TILE_SIZE), TILE_SIZE)
        res = _slice_tile(op, dev, x, b, pe, mc, started, scg)
        final_padded = [max((pe[i] - b[i] + steps[i] - 1) // steps[i], 1) for i in range(rank)]
        res = view(res, out_dims, final_padded)
    elif rm_sharded:
        if b[-1] != 0 or out_dims[-1] != shape[-1]:
            # the factory maps whole sticks (dims -2 outward) and its reader counts offsets in output-stick bytes: a
            # slice of the last dim would come out wrong on the card
            raise NotModelledError(
                f"{op}: a row-major HEIGHT_SHARDED slice of the last dim ({b[-1]}..{e[-1]} of {shape[-1]}) goes to "
                "SliceRmShardedProgramFactory, which copies whole input sticks (it ignores the last dim's begin and "
                "steps its reads by the output's stick size), so tt-metal 622c6fb9 gives wrong data; tensix.ttnn "
                "does not model that.\nFix: ttnn.to_memory_config(tensor, ttnn.L1_MEMORY_CONFIG) first, or slice the "
                "last dim of an interleaved tensor.")
        res = _slice_rm_sharded(op, dev, x, b, out_dims, mc, started)
    elif no_step:
        res = _slice_rm(op, dev, x, b, out_dims, mc, started, scg)
    else:
        res = _slice_rm_stride(op, dev, x, b, e, steps, out_dims, mc, started, scg)
    if res.layout != t.layout:
        res = device_to_layout(res, t.layout)
    return res


def _rm_height_sharded(t: Tensor, mc, no_step: bool) -> bool:
    """select_program_factory's SliceRmShardedProgramFactory case: a ROW_MAJOR HEIGHT_SHARDED input into a
    HEIGHT_SHARDED output (with a shard spec: slice.cpp's fast path, never its composite hops), no steps."""
    from tensix.ttnn.types import TensorMemoryLayout
    return (t.layout == Layout.ROW_MAJOR and no_step and t.memory_config().memory_layout ==
            TensorMemoryLayout.HEIGHT_SHARDED and mc.memory_layout == TensorMemoryLayout.HEIGHT_SHARDED
            and mc.shard_spec is not None and mc.buffer_type != BufferType.DRAM
            and t.memory_config().buffer_type != BufferType.DRAM)


def _check_sharded(op, t: Tensor, mc, rm_only: bool) -> None:
    """Sharded slices tensix runs besides the row-major HEIGHT -> HEIGHT one (_rm_height_sharded): a TILE input whose
    begins are tile-aligned (no steps), sharded in and / or out, by SliceTileProgramFactory (its reader and writer
    reach the shards through TensorAccessors, at tile granularity, as slice_device_operation.cpp
    select_program_factory says). Refused: the other row-major sharded slices (SliceRmProgramFactory /
    SliceRmStrideProgramFactory over shards, slice.cpp's composite to_memory_config hops), TILE slices that go through
    row-major (steps, unaligned begins), and a sharded output config without a shard spec (slice.cpp derives one or
    reshards)."""
    if rm_only:
        raise NotModelledError(
            f"{op}: a sharded slice on the row-major path (a ROW_MAJOR tensor other than HEIGHT_SHARDED into "
            "HEIGHT_SHARDED without steps, or a TILE one with steps or begins not on tile boundaries: "
            "SliceRmProgramFactory / SliceRmStrideProgramFactory over shards, or slice.cpp's composite "
            "to_memory_config hops) is not modelled by tensix.ttnn.\nFix: ttnn.to_memory_config(tensor, "
            "ttnn.DRAM_MEMORY_CONFIG) first (or L1_MEMORY_CONFIG), then shard the result if needed.")
    if mc.is_sharded() and mc.shard_spec is None and mc.nd_shard_spec is None:
        raise NotModelledError(
            f"{op}: a sharded output memory config without a shard spec (slice.cpp derives one from the input's or "
            "generate_transpose_shard_spec, or reshards through L1) is not modelled.\nFix: give the output config "
            "a shard spec, or ask for an interleaved output.")


def _rescaled_shard_config(t: Tensor, mc, b, e, steps, rm_only: bool):
    """slice.cpp (issue #38016): a sharded output inherited from the input (no memory_config given) gets its shard
    shape rescaled to the sliced shape: the output flattened to 2-D (its last two dims rounded up to tiles on the
    TILE path), HEIGHT: ceil(height / cores) rows (tile-aligned), WIDTH: ceil(width / cores) columns, BLOCK: both over
    the grid's bounding box; the grid and orientation kept."""
    from tensix.ttnn.types import MemoryConfig, ShardSpec, TensorMemoryLayout
    kind = mc.memory_layout
    if kind not in (TensorMemoryLayout.HEIGHT_SHARDED, TensorMemoryLayout.WIDTH_SHARDED,
                    TensorMemoryLayout.BLOCK_SHARDED) or mc.shard_spec is None:
        return mc
    spec = mc.shard_spec
    dims = [(e[i] - b[i] + steps[i] - 1) // steps[i] for i in range(len(b))]
    if not rm_only:
        dims[-2] = max(C.round_up(dims[-2], TILE_SIZE), TILE_SIZE)
        dims[-1] = max(C.round_up(dims[-1], TILE_SIZE), TILE_SIZE)
    height, width = int(np.prod(dims[:-1])), dims[-1]

    def up(v):
        return v if rm_only else max(C.round_up(v, TILE_SIZE), TILE_SIZE)

    n = spec.grid.num_cores()
    if kind == TensorMemoryLayout.HEIGHT_SHARDED:
        shape = (up(-(-height // n)), width)
    elif kind == TensorMemoryLayout.WIDTH_SHARDED:
        shape = (height, up(-(-width // n)))
    else:
        bb = spec.grid.bounding_box()
        gh, gw = bb.end.y - bb.start.y + 1, bb.end.x - bb.start.x + 1
        if n != gh * gw:
            raise ShapeError(f"ttnn.slice: BLOCK_SHARDED grid must be a full rectangle; got {n} cores for {gh}x{gw} "
                             "bounding box.")
        shape = (up(-(-height // gh)), up(-(-width // gw)))
    if tuple(shape) == tuple(spec.shape):
        return mc
    return MemoryConfig(kind, mc.buffer_type, ShardSpec(spec.grid, shape, spec.orientation))


def _host_slice(t: Tensor, starts, ends, steps) -> Tensor:
    """ttnn's host slice (_host_slice_with_unpad): the logical values sliced, no steps."""
    if any(s != 1 for s in steps):
        raise ShapeError("ttnn.slice: Host tensors cannot be accessed with non-unit stride.\nFix: move the tensor to the "
                         "device first.")
    from tensix.ttnn.core import _host_tensor
    vals = t.values()
    idx = tuple(builtins.slice(_wrap(s, d), _wrap(e, d)) for s, e, d in zip(starts, ends, t.shape))
    part = np.ascontiguousarray(vals[idx])
    return _host_tensor(part, part.shape, t.dtype, t.layout)



def getitem(input_tensor: Tensor, slices) -> Tensor:
    """Tensor.__getitem__ (ttnn/ttnn/operations/core.py): ints, slices and one Ellipsis; int-indexed dims are squeezed
    out after ttnn.slice."""
    from tensix.ttnn.operations.dm_reshape import squeeze
    t = input_tensor
    shape = tuple(t.shape)
    rank = len(shape)
    if isinstance(slices, (int, np.integer, builtins.slice, type(...))):
        slices = (slices,)
    else:
        slices = tuple(slices)
    items = list(slices)
    if sum(1 for s in items if s is Ellipsis) > 1:
        raise ValueError("Only one ellipsis ('...') is allowed in a slice.")
    if Ellipsis in items:
        k = items.index(Ellipsis)
        missing = rank - (len(items) - 1)
        if missing < 0:
            raise IndexError(f"Too many indices for tensor of dimension {rank}")
        items[k:k + 1] = [builtins.slice(None)] * missing
    items += [builtins.slice(None)] * (rank - len(items))
    if len(items) > rank:
        raise IndexError(f"Too many indices for tensor of dimension {rank}")
    starts, ends, steps, single = [], [], [], []
    for d, s in enumerate(items):
        if isinstance(s, (int, np.integer)):
            idx = int(s) if s >= 0 else int(s) + shape[d]
            if not 0 <= idx < shape[d]:
                raise IndexError(f"Index {s} (converted to {idx}) is out of bounds for dimension {d} of size "
                                 f"{shape[d]}")
            starts.append(idx)
            ends.append(idx + 1)
            steps.append(1)
            single.append(d)
        elif isinstance(s, builtins.slice):
            starts.append(0 if s.start is None else s.start)
            ends.append(shape[d] if s.stop is None else s.stop)
            steps.append(1 if s.step is None else s.step)
        else:
            raise TypeError(f"Invalid slice type: {s}")
    out = slice(t, starts, ends, steps)
    for shift, d in enumerate(sorted(single)):
        out = squeeze(out, d - shift)
    return out


# ------------------------------------------------------------------------------------------- tensor args
def _slice_tensor_args(t: Tensor, start_t, end_t, step, memory_config, output_tensor, pad_value, slice_dim,
                       num_devices, sub_core_grids, started) -> Tensor:
    """slice.cpp's ttnn::slice(input, start tensor, end tensor, step, ..., slice_dim, num_devices, sub_core_grids):

    - a TILE input without steps takes the device-only path: SliceDeviceOperation with use_tensor_args runs
      SliceTileTensorArgsProgramFactory, whose reader reads the begins from the start tensor's buffer on the card
      (the end tensor is read too but unused); the output is the input with dim slice_dim divided by num_devices;
    - any other input (ROW_MAJOR, or steps) reads both tensors back to the host (Tensor::to_vector<uint32_t>, which
      needs UINT32 tensors) and runs the list slice (ttnn::slice<uint32_t>: no negative indices)."""
    op = "ttnn.slice"
    if not (isinstance(start_t, Tensor) and isinstance(end_t, Tensor)):
        raise TypeError(f"{op}: start and end must both be ttnn tensors (the tensor-args overload) or both lists of "
                        "ints.\nFix: convert the other one as well.")
    for name, x in (("start", start_t), ("end", end_t)):
        x._check_alive(op)
        if len(x.shape) != 1:
            raise ShapeError(f"{op}: The {name} tensor for slicing must be in 1D shape, but got {len(x.shape)}D."
                             f"\nFix: pass a 1-D tensor with one {name} per dim of the input.")
    steps = None if step is None else [int(v) for v in step]
    if steps is not None and any(v < 0 for v in steps):
        # the overload takes SmallVector<uint32_t>: nanobind refuses a negative step before the call
        raise TypeError(f"{op}: the tensor-args overload takes unsigned steps; got {steps}.\nFix: positive steps.")
    device_only = t.layout == Layout.TILE and (steps is None or all(v == 1 for v in steps))
    if t._device is None:
        raise DeviceMismatchError(f"{op}: Input tensor must be on device for tensor args slice.\nFix: "
                                  "ttnn.to_device(input, device) first.")
    if device_only:
        return _slice_tile_tensor_args(op, t, start_t, end_t, memory_config, output_tensor, pad_value, slice_dim,
                                       num_devices, sub_core_grids, started)
    vals = []
    for x in (start_t, end_t):
        if x.dtype != DataType.UINT32:
            raise DTypeError(f"{op}: Unsupported data type for to_vector: got {x.dtype}, expected: DataType::UINT32 "
                             "(the row-major / strided tensor-args slice reads start and end back as uint32)."
                             "\nFix: build the start / end tensors as uint32 (ttnn.from_torch of an int64 torch "
                             "tensor gives uint32).")
        host = x if x._device is None else x.cpu()
        vals.append([int(v) for v in np.asarray(host.values()).reshape(-1)])
    return slice(t, vals[0], vals[1], steps if steps is not None else [1] * len(vals[0]), memory_config=memory_config,
                 output_tensor=output_tensor, pad_value=pad_value, sub_core_grids=sub_core_grids)


def _slice_tile_tensor_args(op, t: Tensor, start_t: Tensor, end_t: Tensor, memory_config, output_tensor, pad_value,
                            slice_dim, num_devices, sub_core_grids, started) -> Tensor:
    """The device-only tensor-args path (slice.cpp, then SliceDeviceOperation with use_tensor_args): validation as
    tt-metal orders it, the output shape from slice_dim / num_devices (compute_output_specs), then
    SliceTileTensorArgsProgramFactory."""
    if slice_dim is None or num_devices is None:
        raise ValueError(f"{op}: slice_dim and num_devices must be provided for device-only tensor args slice (a "
                         "TILE input without steps).\nFix: pass slice_dim= (the dim to split) and num_devices= (its "
                         "size / the slice's length), or use a ROW_MAJOR input.")
    for name, x in (("Start", start_t), ("End", end_t)):
        if x._device is None:
            raise DeviceMismatchError(f"{op}: {name} tensor must be on device for tensor args slice.\nFix: "
                                      "ttnn.from_torch(..., device=device) for the start / end tensors.")
    if output_tensor is not None or pad_value is not None:
        raise NotModelledError(f"{op}: output_tensor / pad_value on the tensor-args slice are not modelled.\nFix: "
                               "omit them.")
    dev = O.device_of(op, t, start_t, end_t)
    mc = memory_config or t.memory_config()
    if t.is_sharded() or mc.is_sharded() or start_t.is_sharded() or end_t.is_sharded():
        raise NotModelledError(f"{op}: a sharded tensor-args slice (SliceTileTensorArgsProgramFactory over shards) "
                               "is not modelled by tensix.ttnn.\nFix: interleaved tensors and output "
                               "memory_config.")
    shape = list(t.shape)
    rank = len(shape)
    slice_dim, num_devices = int(slice_dim), int(num_devices)
    if not 0 <= slice_dim < rank:
        raise ShapeError(f"{op}: slice_dim ({slice_dim}) must be less than tensor rank ({rank}).\nFix: a dim index "
                         f"from 0 to {rank - 1}.")
    if num_devices <= 0 or shape[slice_dim] % num_devices:
        raise ShapeError(f"{op}: Input dimension {slice_dim} (size={shape[slice_dim]}) must be evenly divisible by "
                         f"num_devices ({num_devices}).\nFix: num_devices = size / the slice's length.")
    out_shape = list(shape)
    out_shape[slice_dim] //= num_devices
    if rank < 2:
        # validate_on_program_cache_miss reads the output shape's dim -2 (Shape's index check)
        raise ShapeError(f"{op}: Index out of bounds: -2 not in [-{rank}, {rank}) (the device-only tensor-args slice "
                         "checks the height of a rank-1 output).\nFix: reshape the input to rank 2 first.")
    if out_shape[-2] % TILE_SIZE:
        raise ShapeError(f"{op}: Can only slice tilized tensor with height begin index aligned to tiles (the output's "
                         f"height {out_shape[-2]} is not a multiple of {TILE_SIZE}).\nFix: a tile-aligned slice, or "
                         "a ROW_MAJOR input.")
    if out_shape[-1] % TILE_SIZE:
        raise ShapeError(f"{op}: Can only slice tilized tensor with width begin index aligned to tiles (the output's "
                         f"width {out_shape[-1]} is not a multiple of {TILE_SIZE}).\nFix: a tile-aligned slice, or "
                         "a ROW_MAJOR input.")
    _check_tensor_arg_reads(op, t, start_t, end_t, out_shape)
    out = C.make_output(dev, out_shape, t.dtype, Layout.TILE, mc)
    key = ("slice", "tile_tensor_args", O.spec_key(t), O.spec_key(start_t), O.spec_key(end_t), O.spec_key(out),
           _scg_key(sub_core_grids))
    O.run(op, dev, key, lambda: _slice_tile_tensor_args_factory(dev, t, start_t, end_t, out, sub_core_grids),
          [t, start_t, end_t, out],
          [out], {"slice_dim": slice_dim, "num_devices": num_devices}, started)
    return out


def _tensor_arg_words(x: Tensor, n: int) -> np.ndarray:
    """The first n 32-bit words of page 0 of a start / end tensor's buffer, as the tensor-args reader sees them
    (raw words, whatever the tensor's dtype)."""
    raw = np.ascontiguousarray(x.host_values()).reshape(-1)
    return raw.view(np.uint8)[:4 * n].view(np.uint32)


def _check_tensor_arg_reads(op, t: Tensor, start_t: Tensor, end_t: Tensor, out_shape) -> None:
    """What the card would read from memory the tensors do not hold, refused (a plausible wrong number otherwise):
    the reader takes rank words from page 0 of each index tensor, and its tile walk from the start tensor's begins
    must stay inside the input's tiles."""
    rank = len(t.shape)
    for name, x in (("start", start_t), ("end", end_t)):
        if x.dtype not in (DataType.UINT32, DataType.INT32):
            raise NotModelledError(f"{op}: the tensor-args slice's reader takes the {name} tensor's words as uint32 "
                                   f"begins / ends; a {x.dtype} {name} tensor's bits would be read as indices."
                                   "\nFix: build the start / end tensors as uint32 (from an int64 torch tensor).")
        page_words = x.page_size // 4 if x.layout == Layout.ROW_MAJOR else min(x.shape[-1], TILE_SIZE // 2)
        if x.shape[0] < rank or page_words < rank:
            raise NotModelledError(f"{op}: the {name} tensor has {x.shape[0]} values in its first page for a "
                                   f"rank-{rank} input; the device-only reader reads rank words from its page 0, so on "
                                   "the card it would take memory past the tensor's values as indices.\nFix: one "
                                   "value per dim of the input.")
    begins = [int(v) for v in _tensor_arg_words(start_t, rank)] if start_t.layout == Layout.ROW_MAJOR else \
        [int(v) for v in np.asarray(start_t.values()).reshape(-1)[:rank]]
    ip = list(t.padded_shape)
    if all(0 <= b < d for b, d in zip(begins, ip)) and \
            _tensor_args_start_offset(ip, begins) != _tile_offset(ip, begins):
        # the reader folds the upper dims' begins with dim 0 weighing least: the card would slice other rows
        raise NotModelledError(
            f"{op}: begins {begins} on an input of shape {list(t.shape)}: tt-metal 622c6fb9's tensor-args reader "
            "(reader_unary_unpad_dims_interleaved_start_id_tensor_args) folds the begins of the outer dims in the "
            "wrong order (dim 0 weighs least), so the card would read the slice from other rows (wrong data); "
            "tensix.ttnn does not model that.\nFix: begins of 0 in the outer dims but one, or ttnn.slice with "
            "begins and ends as lists.")
    op_ = list(out_shape)
    op_[-2], op_[-1] = C.round_up(op_[-2], TILE_SIZE), C.round_up(op_[-1], TILE_SIZE)
    last = _tensor_args_start_offset(ip, begins) + _tile_offset(ip, [v - 1 for v in op_])
    n_in = int(np.prod(ip)) // C.TILE_HW
    if any(b < 0 for b in begins) or last >= n_in:
        raise NotModelledError(f"{op}: the start tensor's begins {begins} put the slice of shape {list(out_shape)} "
                               f"past the input's {n_in} tiles (shape {list(t.shape)}): on the card the reader would "
                               "read memory outside the input's buffer.\nFix: begins with begin + the output's "
                               "extent within the input's shape in every dim.")


def _tile_offset(padded, idx) -> int:
    """The tile id of element index idx (row-major over the tiled shape)."""
    tiles = list(padded[:-2]) + [padded[-2] // TILE_SIZE, padded[-1] // TILE_SIZE]
    pos = list(idx[:-2]) + [idx[-2] // TILE_SIZE, idx[-1] // TILE_SIZE]
    return int(np.ravel_multi_index(pos, tiles))


def _tensor_args_start_offset(padded, begins) -> int:
    """reader_unary_unpad_dims_interleaved_start_id_tensor_args.cpp's start offset: the begins of the last two dims in
    tiles, plus the upper dims' begins folded from dim rank - 3 down to dim 0 (upper = upper * shape[i] + begin[i]:
    dim 0 weighs least), times the tiles of one (h, w) plane. For rank > 3 with a begin in more than one upper dim (or
    one in an upper dim other than the last one whose lower dims are not all of size 1) this is not the row-major
    offset of the begins: tt-metal's kernel reads from there, and so does tensix."""
    rank = len(padded)
    if rank < 2:
        return 0
    w_tiles = padded[-1] // TILE_SIZE
    off = begins[-2] // TILE_SIZE * w_tiles + begins[-1] // TILE_SIZE
    upper = 0
    for i in range(rank - 3, -1, -1):
        upper = upper * padded[i] + begins[i]
    return off + upper * (padded[-2] // TILE_SIZE) * w_tiles


def _slice_tile_tensor_args_factory(dev, a: Tensor, start_t: Tensor, end_t: Tensor, out: Tensor,
                                    scg=None) -> O.ProgramEntry:
    """SliceTileTensorArgsProgramFactory::create_descriptor (slice_program_factory_tile_tensor_args.cpp): the
    output's tiles split over the cores (split_work_to_cores), c_0 of two input tiles and c_1 of one tile for the
    index tensors' pages; reader reader_unary_unpad_dims_interleaved_start_id_tensor_args (begins read on the card),
    writer eltwise's writer_unary_interleaved_start_id. The per-core start ids count from tile 0: the begins' offset
    is added by the reader."""
    ip, op_ = tuple(a.padded_shape), tuple(out.padded_shape)
    nd = len(ip)
    n_tiles = out.padded_shape.volume() // C.TILE_HW
    ws = _split(dev, n_tiles, scg)
    all_cores = CoreRangeSet(ws.all_ranges)
    fmt = data_format(a.dtype)
    prog = mh.CreateProgram()
    O.cb(prog, all_cores, 0, 2, fmt)
    O.cb(prog, all_cores, 1, 1, fmt)
    xt_u, xt_t = op_[-1] // TILE_SIZE, ip[-1] // TILE_SIZE
    yt_u, yt_t = op_[-2] // TILE_SIZE, ip[-2] // TILE_SIZE
    unp = [xt_u, yt_u] + [0] * (nd - 2)
    pad = [xt_t - xt_u, (yt_t - yt_u) * xt_t] + [0] * (nd - 2)
    acc = [xt_t, yt_t * xt_t] + [0] * (nd - 2)
    for i in range(2, nd):
        unp[i] = op_[-(i + 1)]
        pad[i] = (ip[-(i + 1)] - op_[-(i + 1)]) * acc[i - 1]
        acc[i] = ip[-(i + 1)] * acc[i - 1]
    rk = mh.CreateKernel(prog, _k("reader_unary_unpad_dims_interleaved_start_id_tensor_args"), all_cores,
                         ReaderDataMovementConfig(compile_args=[0, 1, nd, TILE_SIZE, TILE_SIZE]
                                                  + O.accessor_args(a, start_t, end_t)))
    wk = mh.CreateKernel(prog, _k("writer_unary_interleaved_start_id"), all_cores,
                         WriterDataMovementConfig(compile_args=[0] + O.accessor_args(out)))
    rargs, wargs = _unpad_core_args(all_cores, ws, nd, unp, acc, 0)

    def set_args(tensors):
        s, st, en, d = tensors
        mh.SetCommonRuntimeArgs(prog, rk, [s.buffer_address(), st.buffer_address(), en.buffer_address()]
                                + unp + pad + list(ip))
        for core, r in rargs:
            mh.SetRuntimeArgs(prog, rk, core, r)
        for core, w in wargs:
            mh.SetRuntimeArgs(prog, wk, core, [0, 0, 0] if w is None else [d.buffer_address(), *w])

    return O.ProgramEntry(prog, set_args, len(rargs), "SliceTileTensorArgsProgramFactory")


def _unpad_core_args(all_cores, ws, nd, unp, acc, start):
    """Per core of the unpad tile readers (slice_program_factory_tile*.cpp get_slice_runtime_args_tile): the reader's
    (first input tile id, tile count, the nd output tile indices of its first tile) and the writer's (count, first
    output tile), or zeros / None for a core of the grid without work. `unp` holds the output's tiles per dim
    (innermost first), `acc` the input's tile strides, `start` the input tile of the output's first."""
    rargs, wargs = [], []
    written = 0
    for core in C.corerange_to_cores(all_cores):
        if not (ws.group_1.contains(core) or ws.group_2.contains(core)):
            rargs.append((core, [0] * (2 + nd)))
            wargs.append((core, None))
            continue
        n = ws.units_of(core)
        ids = [written % unp[0]]
        uw = written // unp[0]
        sid = ids[0] + start
        for j in range(1, nd):
            ids.append(uw % unp[j])
            uw //= unp[j]
            sid += ids[j] * acc[j - 1]
        rargs.append((core, [sid, n] + ids))
        wargs.append((core, (n, written)))
        written += n
    return rargs, wargs


# ------------------------------------------------------------------------------------------- tile factory
def _slice_tile(op, dev, a: Tensor, begins, padded_ends, mc, started, scg=None) -> Tensor:
    out_shape = [e - b for b, e in zip(begins, padded_ends)]
    out = C.make_output(dev, out_shape, a.dtype, Layout.TILE, mc)
    key = ("slice", "tile", O.spec_key(a), O.spec_key(out), tuple(begins), _scg_key(scg))
    O.run(op, dev, key, lambda: _slice_tile_factory(dev, a, out, begins, scg), [a, out], [out],
          {"start": list(begins)}, started)
    return out


def _start_offset(padded, layout, begins) -> int:
    """slice_device_operation.cpp get_upper_start_offset: pages before the slice's start in the outer dims."""
    num_pages = int(np.prod(padded)) // (C.TILE_HW if layout == Layout.TILE else padded[-1])
    off = 0
    for i in range(len(padded) - 2):
        off += (num_pages // int(np.prod(padded[:i + 1]))) * begins[i]
    return off


def _slice_tile_factory(dev, a, out, begins, scg=None) -> O.ProgramEntry:
    """SliceTileProgramFactory::create_descriptor."""
    ip, op_ = tuple(a.padded_shape), tuple(out.padded_shape)
    nd = len(ip)
    n_tiles = out.padded_shape.volume() // C.TILE_HW
    ws = _split(dev, n_tiles, scg)
    all_cores = CoreRangeSet(ws.all_ranges)
    fmt = data_format(a.dtype)
    prog = mh.CreateProgram()
    O.cb(prog, all_cores, 0, 2, fmt)
    xt_u, xt_t = op_[-1] // 32, ip[-1] // 32
    yt_u, yt_t = op_[-2] // 32, ip[-2] // 32
    unp = [xt_u, yt_u] + [0] * (nd - 2)
    pad = [xt_t - xt_u, (yt_t - yt_u) * xt_t] + [0] * (nd - 2)
    acc = [xt_t, yt_t * xt_t] + [0] * (nd - 2)
    for i in range(2, nd):
        unp[i] = op_[-(i + 1)]
        pad[i] = (ip[-(i + 1)] - op_[-(i + 1)]) * acc[i - 1]
        acc[i] = ip[-(i + 1)] * acc[i - 1]
    pages_w = xt_t
    start = _start_offset(ip, Layout.TILE, begins) + begins[-2] // 32 * pages_w + begins[-1] // 32
    rk = mh.CreateKernel(prog, _k("reader_unary_unpad_dims_interleaved_start_id"), all_cores,
                         ReaderDataMovementConfig(compile_args=[nd] + O.accessor_args(a) + [0]))
    wk = mh.CreateKernel(prog, _k("slice_writer_unary_interleaved_start_id"), all_cores,
                         WriterDataMovementConfig(compile_args=O.accessor_args(out) + [0]))
    rargs, wargs = _unpad_core_args(all_cores, ws, nd, unp, acc, start)

    def set_args(tensors):
        s, d = tensors
        mh.SetCommonRuntimeArgs(prog, rk, [s.buffer_address()] + unp + pad)
        for core, r in rargs:
            mh.SetRuntimeArgs(prog, rk, core, r)
        for core, w in wargs:
            mh.SetRuntimeArgs(prog, wk, core, [0, 0, 0] if w is None else [d.buffer_address(), *w])

    return O.ProgramEntry(prog, set_args, len(rargs), "slice_tile")


# --------------------------------------------------------------------------------------------- rm factory
def _slice_rm(op, dev, a: Tensor, begins, out_dims, mc, started, scg=None) -> Tensor:
    out = C.make_output(dev, out_dims, a.dtype, Layout.ROW_MAJOR, mc)
    key = ("slice", "rm", O.spec_key(a), O.spec_key(out), tuple(begins), _scg_key(scg))
    O.run(op, dev, key, lambda: _slice_rm_factory(dev, a, out, begins, scg), [a, out], [out],
          {"start": list(begins)}, started)
    return out


def _slice_rm_sharded(op, dev, a: Tensor, begins, out_dims, mc, started) -> Tensor:
    out = C.make_output(dev, out_dims, a.dtype, Layout.ROW_MAJOR, mc)
    key = ("slice", "rm_sharded", O.spec_key(a), O.spec_key(out), tuple(begins))
    O.run(op, dev, key, lambda: _slice_rm_sharded_factory(dev, a, out, begins), [a, out], [out],
          {"start": list(begins)}, started)
    return out


def _rm_sharded_reads(dev, a: Tensor, out: Tensor, begins, row_major: bool, n_cores: int, nx: int,
                      shard_h_out: int, shard_h_in: int, nx_in: int, ny_in: int) -> list[list[int]]:
    """get_slice_runtime_args_rm_sharded: per output core i (shard_h_out sticks from output stick i * shard_h_out,
    the odometer over the output's dims continuing past its end as tt-metal's does), the input stick each output
    stick comes from; the input shard holding it (shard id -> core by the output's orientation over the input grid's
    bounding box from (0, 0)), the cores in the order of their NoC coordinates ((y, x) row-major, (x, y) else), each
    core's sticks in runs of consecutive ones: [num_cores, (x, y) per core, runs per core, (start, length) per
    run]."""
    ip, op_ = tuple(a.padded_shape), tuple(out.padded_shape)
    outer_out = op_[:-1]
    total_out = int(np.prod(outer_out))
    strides = [int(np.prod(ip[d + 1:-1])) for d in range(len(ip) - 1)]      # input sticks per step of dim d
    n_in = int(np.prod(ip[:-1]))
    start = _start_offset(ip, Layout.ROW_MAJOR, begins) + begins[-2]
    sim = dev.sim
    args = []
    for i in range(n_cores):
        k = (i * shard_h_out) % total_out + np.arange(shard_h_out, dtype=np.int64)
        q, r = np.divmod(k, total_out)
        idx = np.unravel_index(r, outer_out)
        ids = start + q * n_in + sum(ix * st for ix, st in zip(idx, strides))
        shard, in_shard = np.divmod(ids, shard_h_in)
        inner = nx_in if row_major else ny_in
        outer_id, inner_id = np.divmod(shard, inner)
        wx, wy = (inner_id, outer_id) if row_major else (outer_id, inner_id)
        keep = (wx < nx_in) & (wy < ny_in)
        per_core: dict = {}
        for x, y, sid in zip(wx[keep].tolist(), wy[keep].tolist(), in_shard[keep].tolist()):
            phys = sim.worker_core_from_logical_core(CoreCoord(x, y))
            per_core.setdefault((phys.y, phys.x) if row_major else (phys.x, phys.y), []).append(sid)
        keys = sorted(per_core)
        words = [len(keys)]
        for kk in keys:
            words += [kk[1], kk[0]] if row_major else [kk[0], kk[1]]
        runs = []
        for kk in keys:
            v = np.asarray(per_core[kk])
            cut = np.flatnonzero(np.diff(v) != 1) + 1
            parts = np.split(v, cut)
            words.append(len(parts))
            runs += [(int(p[0]), len(p)) for p in parts]
        for st, n in runs:
            words += [st, n]
        args.append(words)
    return args


def _slice_rm_sharded_factory(dev, a: Tensor, out: Tensor, begins) -> O.ProgramEntry:
    """SliceRmShardedProgramFactory::create_descriptor (slice_program_factory_rm_sharded.cpp): on the output's shard
    cores c_0 over the input's buffer (its shards) and c_16 over the output's; each core's reader
    (slice_reader_unary_unpad_dims_rm_sharded) pulls its output shard's sticks from the input shards' cores. The
    cores are taken as the output grid's bounding box from (0, 0) walked in the output's orientation, as tt-metal
    does."""
    es = element_size(a.dtype)
    stick_in, stick_out = a.shape[-1] * es, out.shape[-1] * es
    ispec, ospec = a.memory_config().shard_spec, out.memory_config().shard_spec
    bb_in, bb_out = ispec.grid.bounding_box(), ospec.grid.bounding_box()
    nx_in, ny_in = bb_in.end.x + 1, bb_in.end.y + 1
    nx, ny = bb_out.end.x + 1, bb_out.end.y + 1
    row_major = ospec.orientation.name == "ROW_MAJOR"
    n_cores = ospec.grid.num_cores()
    sh_in, sh_out = ispec.shape[0], ospec.shape[0]
    fmt, ofmt = data_format(a.dtype), data_format(out.dtype)
    all_cores = ospec.grid
    prog = mh.CreateProgram()
    in_cfg = mh.CircularBufferConfig(sh_in * stick_in, {0: fmt}).set_page_size(0, stick_in)
    in_cfg.set_globally_allocated_address(a._buffer)
    out_cfg = mh.CircularBufferConfig(sh_out * stick_out, {16: ofmt}).set_page_size(16, stick_out)
    out_cfg.set_globally_allocated_address(out._buffer)
    mh.CreateCircularBuffer(prog, all_cores, in_cfg)
    mh.CreateCircularBuffer(prog, all_cores, out_cfg)
    rk = mh.CreateKernel(prog, _k("slice_reader_unary_unpad_dims_rm_sharded"), all_cores,
                         ReaderDataMovementConfig(compile_args=[stick_in, stick_out, sh_out]))
    reads = _rm_sharded_reads(dev, a, out, begins, row_major, n_cores, nx, sh_out, sh_in, nx_in, ny_in)
    cores = [CoreCoord(i % nx, i // nx) if row_major else CoreCoord(i // ny, i % ny) for i in range(n_cores)]

    def set_args(tensors):
        ta, to = tensors
        in_cfg.set_globally_allocated_address(ta._buffer)
        out_cfg.set_globally_allocated_address(to._buffer)
        for core, words in zip(cores, reads):
            mh.SetRuntimeArgs(prog, rk, core, words)

    return O.ProgramEntry(prog, set_args, n_cores, "SliceRmShardedProgramFactory")


def _slice_rm_factory(dev, a, out, begins, scg=None) -> O.ProgramEntry:
    """SliceRmProgramFactory::create_descriptor with get_slice_runtime_args_rm and compute_cb_size (interleaved)."""
    ip, op_ = tuple(a.shape), tuple(out.shape)
    nd = len(ip)
    es = element_size(a.dtype)
    rows = out.shape.volume() // op_[-1]
    ws = _split(dev, rows, scg)
    all_cores = CoreRangeSet(ws.all_ranges)
    src_al, dst_al = _align_of(a), _align_of(out)
    single = max(src_al, dst_al)
    begins_bytes = begins[-1] * es
    misalignment = begins_bytes % src_al
    unpadded_row = op_[-1] * es
    padded_row = ip[-1] * es
    cb_page = C.round_up(unpadded_row, single * 2 if misalignment else single)
    n_max = max(ws.per_core_1, ws.per_core_2)
    pad32 = n_max + (32 - n_max % 32) % 32
    per_barrier = pad32 // C.merge_num_sticks_to_read(pad32, C.round_up(unpadded_row, single), _MAX_READ_SIZE)
    prog = mh.CreateProgram()
    O.cb(prog, all_cores, 0, per_barrier * 2, data_format(a.dtype), page_size=cb_page)
    rk = mh.CreateKernel(prog, _k("slice_reader_unary_unpad_dims_rm_interleaved_start_id"), all_cores,
                         ReaderDataMovementConfig(compile_args=O.accessor_args(a)))
    wk = mh.CreateKernel(prog, _k("slice_writer_unary_stick_layout_interleaved_start_id"), all_cores,
                         WriterDataMovementConfig(compile_args=[0] + O.accessor_args(out)))
    unp, padn, acc = [1] + [0] * (nd - 1), [0] * nd, [1] + [0] * (nd - 1)
    for i in range(1, nd):
        unp[i] = op_[-(i + 1)]
        padn[i] = (ip[-(i + 1)] - op_[-(i + 1)]) * acc[i - 1]
        acc[i] = ip[-(i + 1)] * acc[i - 1]
    row_offset = C.round_up(unpadded_row, single)
    start_offset = (_start_offset(ip, Layout.ROW_MAJOR, begins) + begins[-2]) if nd >= 2 else 0
    per_core = []
    written = 0
    for core in C.corerange_to_cores(all_cores):
        n = ws.units_of(core) if (ws.group_1.contains(core) or ws.group_2.contains(core)) else 0
        reads = barrier = 0
        if n:
            p32 = n + (32 - n % 32) % 32
            reads = C.merge_num_sticks_to_read(p32, row_offset, _MAX_READ_SIZE)
            barrier = p32 // reads
        ids = [0] * nd
        uw = written
        sid = start_offset
        for j in range(1, nd):
            ids[j] = uw % unp[j]
            uw //= unp[j]
            sid += ids[j] * acc[j - 1]
        per_core.append((core, [padded_row, unpadded_row, row_offset, nd, misalignment, sid, n, reads, barrier]
                         + unp + padn + ids, [unpadded_row, row_offset, n, reads, barrier, written, unpadded_row]))
        written += n

    def set_args(tensors):
        s, d = tensors
        base = s.buffer_address() + begins_bytes - misalignment
        for core, r, w in per_core:
            mh.SetRuntimeArgs(prog, rk, core, [base] + r)
            mh.SetRuntimeArgs(prog, wk, core, [d.buffer_address()] + w)

    return O.ProgramEntry(prog, set_args, len(per_core), "slice_rm")


def _slice_rm_stride(op, dev, a: Tensor, begins, ends, steps, out_dims, mc, started, scg=None) -> Tensor:
    out = C.make_output(dev, out_dims, a.dtype, Layout.ROW_MAJOR, mc)
    key = ("slice", "rm_stride", O.spec_key(a), O.spec_key(out), tuple(begins), tuple(ends), tuple(steps),
           _scg_key(scg))
    O.run(op, dev, key, lambda: _slice_rm_stride_factory(dev, a, out, begins, ends, steps, scg), [a, out], [out],
          {"start": list(begins), "step": list(steps)}, started)
    return out


def _slice_rm_stride_factory(dev, a, out, begins, ends, steps, scg=None) -> O.ProgramEntry:
    """SliceRmStrideProgramFactory::create_descriptor: rows of the output split over the cores (the first
    total % cores cores one more), a two-page CB of input rows; rank <= 4 runs the _4d kernels (the four innermost
    dims' shapes and slices as scalar args), rank > 4 the _nd ones (every dim's shape and slice as arrays)."""
    ip, op_ = tuple(a.padded_shape), tuple(out.padded_shape)
    es = element_size(a.dtype)
    total_rows = out.padded_shape.volume() // op_[-1]
    ws = _split(dev, total_rows, scg)
    all_cores = CoreRangeSet(ws.all_ranges)
    page = C.round_up(ip[-1] * es, max(_align_of(a), _align_of(out)))
    rank = len(ip)
    nd = rank > 4
    prog = mh.CreateProgram()
    O.cb(prog, all_cores, 0, 2, data_format(a.dtype), page_size=page)
    rk = mh.CreateKernel(prog, _k("reader_multicore_slice_nd" if nd else "reader_multicore_slice_4d"), all_cores,
                         ReaderDataMovementConfig(compile_args=[0, es] + O.accessor_args(a) + [a._buffer.page_size]))
    wk = mh.CreateKernel(prog, _k("writer_multicore_slice_nd" if nd else "writer_multicore_slice_4d"), all_cores,
                         WriterDataMovementConfig(compile_args=[0, es] + O.accessor_args(out)
                                                  + [out._buffer.page_size]))
    d4 = [C.dim(ip, i) for i in (-1, -2, -3, -4)]
    o4 = [C.dim(op_, i) for i in (-1, -2, -3, -4)]

    def sv(v, i, default):
        return v[i] if len(v) >= -i else default

    sl = []
    for i in (-1, -2, -3, -4):
        sl += [sv(begins, i, 0), sv(ends, i, 1), sv(steps, i, 1)]
    cores = C.corerange_to_cores(all_cores)
    base, extra = divmod(total_rows, ws.num_cores)
    per_core = []
    start_row = 0
    for core in cores:
        n = base + (1 if extra > 0 else 0)
        extra -= 1 if extra > 0 else 0
        if nd:
            r = [rank, es, n, start_row, *ip, *op_, *begins, *ends, *steps]
            w = [rank, es, n, start_row, *op_]
        else:
            r = [rank, *d4, *o4, *sl, es, n, start_row]
            w = [rank, *o4, es, n, start_row]
        per_core.append((core, r, w))
        start_row += n

    def set_args(tensors):
        s, d = tensors
        for core, r, w in per_core:
            mh.SetRuntimeArgs(prog, rk, core, [s.buffer_address()] + r)
            mh.SetRuntimeArgs(prog, wk, core, [d.buffer_address()] + w)

    return O.ProgramEntry(prog, set_args, len(per_core), "slice_rm_stride")
