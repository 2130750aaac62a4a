"""ttnn.reshape (and Tensor.reshape) as tt-metal 622c6fb9 does it (ttnn/cpp/ttnn/operations/data_movement/
reshape_view/reshape.cpp):

- a view when the pages do not move: the last dim unchanged and, in TILE layout, the second-last dim unchanged or
  both tile-aligned (or any row-major reshape that keeps the last dim), same buffer type and sharding; the result
  shares the buffer (PerformView / ttnn::experimental::view);
- otherwise a program (prim::reshape_view):
  - ROW_MAJOR: ReshapeViewRMProgramFactory (reshape_view/device/reshape_rm_program_factory.cpp) on the 2-D views of
    both shapes: input rows split over the grid so that every core starts at a whole output row, kernel
    rm_reshape_interleaved.cpp (on two RISC-Vs, each half the rows, when one row size divides the other);
  - TILE: reshape_tiled on the 3-D views, ReshapeViewTiledProgramFactory (reshape_tiled_program_factory.cpp): the
    host computes, for every output tile, the segments of input tiles that fill it (input page, offset in the page,
    offset in the output page, length, in face-ordered datums) as a uint32 mapping tensor on the device; the output
    pages are split with split_work_to_cores; reader_reshape_tiled loads each output page's map and the input tiles
    it names, writer_reshape_tiled moves the segments into a scratch tile and writes it. As in tt-metal, the
    output's tile padding holds whatever the scratch tile held (unless pad_value is given: see below).

As reshape_tiled does, a bfloat8_b tensor is reshaped in bfloat16 (ttnn.typecast there and back) with the output's
tile padding filled (ttnn.fill_implicit_tile_padding: the shared exponents must not see stale padding), and an
explicit pad_value fills the tile padding of a tiled result.

Sharded tensors (reshape.cpp): a row-major reshape runs between ttnn.sharded_to_interleaved and
ttnn.interleaved_to_sharded (perform_reshape_on_2D_RM: the kernel assumes interleaved pages); a tiled one to a sharded
config runs the tiled factory on the shards (its TensorAccessors), bfloat8_b through interleaved bfloat16; the result's
config is recompute_shard_spec_for_output's. ttnn.experimental.view of a legacy-sharded row-major tensor may change
the last dim (view_device: a new shard spec of the same volume over the same buffer).

Not modelled (NotModelledError): sub_core_grid, an explicit pad_value on int32 / uint32 tiled results with tile
padding (fill_implicit_tile_padding's integer fill), row-major views changing the last dim of interleaved tensors or
over shard rows that are not whole 16-byte pages."""

from __future__ import annotations

import math
import time

import numpy as np

from tensix.device import formats
from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.types import CoreCoord, CoreRange, CoreRangeSet, ReaderDataMovementConfig, WriterDataMovementConfig
from tensix.ttnn import op as O
from tensix.ttnn.errors import DTypeError, ShapeError, ShardSpecError
from tensix.ttnn.operations import _dm_common as C
from tensix.ttnn.operations.data_movement import view
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import (TILE_SIZE, DataType, Layout, MemoryConfig, ShardOrientation, TensorMemoryLayout,
                               _CppEnum, data_format, element_size, padded_shape)

__all__ = ["reshape", "view_tensor", "squeeze", "unsqueeze", "TileReshapeMapMode"]


class TileReshapeMapMode(_CppEnum):
    """ttnn.TileReshapeMapMode (reshape_view/reshape.hpp): CACHE keeps the tiled reshape's mapping tensor with the
    program, RECREATE rebuilds it on every call (less DRAM fragmentation in tt-metal). The numbers are the same; tensix
    builds the mapping with the program either way (the program cache keys on the shapes)."""

    CACHE = 0
    RECREATE = 1

_MASK_64 = ~63


def _k(name):
    return O.kernel_path(f"data_movement/{name}.py")


def _infer(t: Tensor, shape) -> tuple:
    """reshape_common.cpp infer_dims_for_reshape: one -1 is inferred from the volume."""
    dims = [int(d) for d in (shape if not isinstance(shape, int) else (shape,))]
    old = t.shape.volume()
    negs = [i for i, d in enumerate(dims) if d == -1]
    if len(negs) > 1:
        raise ShapeError(f"ttnn.reshape: Shape cannot have more than 1 elements that is set to -1! Shape used: "
                         f"{tuple(dims)}.\nFix: give every dim but one.")
    new = math.prod(d for d in dims if d != -1)
    if negs:
        if 0 in dims:
            raise ShapeError(f"ttnn.reshape: cannot reshape tensor of 0 elements into shape {tuple(dims)} because the "
                             "unspecified dimension size -1 can be any value and is ambiguous.")
        if new == 0 or old % new:
            raise ShapeError(f"ttnn.reshape: Invalid arguments to reshape: {t.shape!r} into {tuple(dims)}.\nFix: "
                             "the dims must multiply to the tensor's volume.")
        dims[negs[0]] = old // new
    elif new != old:
        raise ShapeError(f"ttnn.reshape: Invalid arguments to reshape: volume {old} of {t.shape!r} into "
                         f"{tuple(dims)} (volume {new}).\nFix: the dims must multiply to the tensor's volume.")
    return tuple(dims)


def _last(shape, i):
    return shape[i] if len(shape) >= -i else 1


def reshape(input_tensor: Tensor, shape, *args, memory_config: MemoryConfig | None = None, pad_value=None,
            reshape_tile_mode=TileReshapeMapMode.CACHE, sub_core_grids=None, skip_padding_fill: bool = False,
            **kwargs) -> Tensor:
    """ttnn.reshape(input_tensor, shape, memory_config=None, pad_value=None): the same data in another shape (-1
    infers a dim); a view where tt-metal's is one, else tt-metal's reshape program."""
    started = time.perf_counter()
    op = "ttnn.reshape"
    t = input_tensor
    t._check_alive(op)
    padded_arg = kwargs.pop("padded_shape", None)
    O.refuse_unknown_kwargs(op, kwargs)
    if args and not isinstance(args[0], MemoryConfig):       # reshape(t, logical_shape, padded_shape, ...)
        padded_arg, args = args[0], args[1:]
    if args:
        memory_config = args[0]
    if padded_arg is not None:
        return _reshape_padded(op, t, shape, padded_arg, memory_config)
    new = _infer(t, shape)
    mc = memory_config or t.memory_config()
    if tuple(new) == tuple(t.shape):
        return t
    if t.shape.volume() == 0:       # reshape.cpp: zero-volume tensors are metadata only, a pure view
        return _zero_volume_view(t, new)
    if t._device is None:
        return _host_reshape(t, new)
    dev = O.device_of(op, t)
    old = tuple(t.shape)
    is_view = (_last(old, -1) == _last(new, -1) and mc.is_sharded() == t.is_sharded()
               and (mc.buffer_type == t.memory_config().buffer_type)
               and (t.layout == Layout.ROW_MAJOR or _last(old, -2) == _last(new, -2)
                    or (_last(new, -2) % TILE_SIZE == 0 and _last(old, -2) % TILE_SIZE == 0)))
    if is_view:
        return _perform_view(t, new)
    if sub_core_grids is not None:      # only the reshape programs take it (a view runs none)
        raise NotModelledError(f"{op}: sub_core_grids for a reshape that moves data (the reshape programs' split over "
                               "a sub-grid) is not modelled.\nFix: omit it.")
    explicit = memory_config is not None
    if t.layout == Layout.ROW_MAJOR:
        if t.dtype not in (DataType.BFLOAT16, DataType.FLOAT32, DataType.UINT32, DataType.INT32):
            raise DTypeError(f"{op}: Can only work with bfloat16/float32 or int32/uint32 tensors, not {t.dtype!r}.")
        a2 = view(t, (math.prod(old[:-1]), old[-1]))
        out = _reshape_rm_2d(op, dev, a2, (math.prod(new[:-1]), new[-1]), mc, t, started)
        return _perform_view(out, new)
    if t.dtype not in (DataType.BFLOAT16, DataType.FLOAT32, DataType.UINT32, DataType.INT32, DataType.BFLOAT8_B):
        raise DTypeError(f"{op}: Can only work with bfloat16/float32 or int32/uint32 tensors, not {t.dtype!r}.")
    in3, out3 = _to_3d(old), _to_3d(new)
    a3 = _perform_view(t, in3)
    bfp8 = t.dtype == DataType.BFLOAT8_B
    padded_lanes = bool(out3[-1] % TILE_SIZE or out3[-2] % TILE_SIZE)
    fill = padded_lanes and (bfp8 or (pad_value is not None and not skip_padding_fill))
    fill_value = 0.0 if pad_value is None else float(pad_value)
    if mc.is_sharded():
        out = _reshape_tiled_sharded(op, dev, t, a3, out3, mc, explicit, bfp8, fill, fill_value, started)
        return _perform_view(out, new)
    if bfp8:        # reshape_tiled: through bfloat16, padding filled, back (typecast kernels)
        from tensix.ttnn.operations.unary import typecast
        a3 = typecast(a3, DataType.BFLOAT16)
    out = _reshape_tiled(op, dev, a3, out3, mc, started)
    if fill:
        from tensix.ttnn.operations import fill_implicit_tile_padding
        out = fill_implicit_tile_padding(out, fill_value)
    if bfp8:
        out = typecast(out, DataType.BFLOAT8_B)
    return _perform_view(out, new)


# ------------------------------------------------------------------------------------------- sharded
def _interleaved(buffer_type) -> MemoryConfig:
    return MemoryConfig(TensorMemoryLayout.INTERLEAVED, buffer_type)


def _find_best_n_1d(dim: int, max_n: int, align: int) -> int:
    """reshape.cpp find_best_n_1d: the largest n <= max_n dividing dim into pieces that are multiples of align."""
    for n in range(max_n, 0, -1):
        if dim % n == 0 and (dim // n) % align == 0:
            return n
    return 0


def recompute_shard_spec_for_output(mc: MemoryConfig, shape, dtype, layout, explicit: bool = False,
                                    input_shard_spec=None) -> MemoryConfig:
    """reshape.cpp detail::recompute_shard_spec_for_output: the sharded config of a reshape's result (shape, over an
    interleaved TensorSpec of it), from the requested config's layout and shard spec (the input's when the config
    has none). BLOCK: the largest sub-grid of the spec's grid (from its start) whose shards divide the physical shape
    into the recommended alignment (an explicit BLOCK config is kept when tile-aligned and covering the output);
    HEIGHT / WIDTH: TensorSpec.height_sharded / width_sharded on the same grid. A non-rectangular grid, or no valid
    BLOCK grid, gives INTERLEAVED (tt-metal logs a warning)."""
    from tensix.ttnn.tensor_spec import TensorSpec, _physical_2d, _recommended_alignment
    if mc.shard_spec is None and input_shard_spec is not None:
        seeded = MemoryConfig(mc.memory_layout, mc.buffer_type, input_shard_spec)
        return recompute_shard_spec_for_output(seeded, shape, dtype, layout, False, None)
    if mc.shard_spec is None:
        raise ShardSpecError(f"ttnn.reshape: sharded output memory_config (layout={mc.memory_layout.name}) was "
                             "supplied without a shard_spec, and no input_shard_spec is available (input is likely "
                             "interleaved). Either provide a shard_spec on memory_config or omit memory_config to "
                             "inherit it from the input tensor.")
    spec = TensorSpec(shape, dtype, layout, memory_config=_interleaved(mc.buffer_type))
    src = mc.shard_spec
    orientation = src.orientation
    align = _recommended_alignment(layout, dtype)
    align_h = align[-2] if len(align) >= 2 else 1
    align_w = align[-1]
    ph, pw = _physical_2d(spec.shape, spec.padded_shape, layout, _interleaved(mc.buffer_type))
    bbox = src.grid.bounding_box()
    gsize = bbox.grid_size()
    if gsize.x * gsize.y != src.grid.num_cores():
        return _interleaved(mc.buffer_type)
    start = bbox.start
    rm = orientation == ShardOrientation.ROW_MAJOR
    kind = mc.memory_layout
    if explicit and kind == TensorMemoryLayout.BLOCK_SHARDED:
        sh, sw = src.shape
        cores_h, cores_w = (gsize.y, gsize.x) if rm else (gsize.x, gsize.y)
        if sh % align_h == 0 and sw % align_w == 0 and cores_h * sh >= ph and cores_w * sw >= pw:
            return mc
    if kind == TensorMemoryLayout.BLOCK_SHARDED:
        ny = _find_best_n_1d(ph, gsize.y if rm else gsize.x, align_h)
        nx = _find_best_n_1d(pw, gsize.x if rm else gsize.y, align_w)
        if ny == 0 or nx == 0:
            return _interleaved(mc.buffer_type)
        end = CoreCoord(start.x + nx - 1, start.y + ny - 1) if rm else CoreCoord(start.x + ny - 1, start.y + nx - 1)
        return spec.block_sharded(CoreRange(start, end), orientation).memory_config
    if kind == TensorMemoryLayout.HEIGHT_SHARDED:
        return spec.height_sharded(src.grid, orientation).memory_config
    if kind == TensorMemoryLayout.WIDTH_SHARDED:
        return spec.width_sharded(src.grid, orientation).memory_config
    raise NotModelledError(f"ttnn.reshape: Unsupported memory layout {kind.name}: expected BLOCK_SHARDED, "
                           "HEIGHT_SHARDED, or WIDTH_SHARDED.\nFix: a legacy sharded memory config.")


def _reshape_rm_2d(op, dev, a2: Tensor, out2, mc, orig: Tensor, started) -> Tensor:
    """reshape.cpp perform_reshape_on_2D_RM: the row-major kernel assumes interleaved pages, so a sharded input goes
    through ttnn.sharded_to_interleaved first and a sharded result is reshaped interleaved then put into the
    recomputed shard spec (ttnn.interleaved_to_sharded)."""
    from tensix.ttnn.operations.dm_memory import interleaved_to_sharded, sharded_to_interleaved
    tmp = a2
    if a2.is_sharded():
        tmp = sharded_to_interleaved(a2, _interleaved(a2.memory_config().buffer_type))
    inter = _interleaved(mc.buffer_type) if mc.is_sharded() else mc
    out = _reshape_rm(op, dev, tmp, out2, inter, started)
    if tmp is not a2:
        tmp.deallocate()
    if mc.is_sharded():
        omc = recompute_shard_spec_for_output(mc, out2, out.dtype, Layout.ROW_MAJOR, False,
                                              orig.memory_config().shard_spec)
        if omc.is_sharded():
            res = interleaved_to_sharded(out, omc)
            out.deallocate()
            return res
    return out


def _reshape_tiled_sharded(op, dev, t: Tensor, a3: Tensor, out3, mc, explicit, bfp8, fill, fill_value,
                           started) -> Tensor:
    """reshape_tiled with a sharded memory config: bfloat8_b through interleaved bfloat16 (the typecast kernels take
    interleaved tensors) and sharded at the end; otherwise ReshapeViewTiledProgramFactory on the sharded tensors
    directly (its TensorAccessors read and write the shards), into the recomputed shard spec (the input made
    interleaved first when that falls back to INTERLEAVED); an explicit pad_value's fill of the tile padding goes
    through an interleaved copy."""
    from tensix.ttnn.operations import fill_implicit_tile_padding
    from tensix.ttnn.operations.dm_memory import interleaved_to_sharded, sharded_to_interleaved
    in_spec = t.memory_config().shard_spec if t.is_sharded() else None
    if bfp8:
        from tensix.ttnn.operations.unary import typecast
        x = sharded_to_interleaved(a3, _interleaved(t.memory_config().buffer_type)) if a3.is_sharded() else a3
        x = typecast(x, DataType.BFLOAT16)
        out = _reshape_tiled(op, dev, x, out3, _interleaved(mc.buffer_type), started)
        if out3[-1] % TILE_SIZE or out3[-2] % TILE_SIZE:
            out = fill_implicit_tile_padding(out, fill_value)
        out = typecast(out, DataType.BFLOAT8_B)
        omc = recompute_shard_spec_for_output(mc, out3, DataType.BFLOAT8_B, Layout.TILE, explicit, in_spec)
        return interleaved_to_sharded(out, omc) if omc.is_sharded() else out
    target = recompute_shard_spec_for_output(mc, out3, a3.dtype, Layout.TILE, explicit, in_spec)
    x = a3
    if a3.is_sharded() and not target.is_sharded():
        x = sharded_to_interleaved(a3, _interleaved(a3.memory_config().buffer_type))
    out = _reshape_tiled(op, dev, x, out3, target, started)
    if fill:
        if out.is_sharded():
            smc = out.memory_config()
            tmp = fill_implicit_tile_padding(sharded_to_interleaved(out, _interleaved(smc.buffer_type)), fill_value)
            out = interleaved_to_sharded(tmp, smc)
        else:
            out = fill_implicit_tile_padding(out, fill_value)
    return out


def _reshape_padded(op, t: Tensor, shape, padded, memory_config) -> Tensor:
    """ttnn.reshape(tensor, logical_shape, padded_shape) (tt-metal 622c6fb9 reshape.cpp ttnn::reshape): where the
    shapes make it a view (or, for a tiled tensor, a change of logical volume within the same tile rows: "issue
    15137"), the tensor viewed with the given logical and padded shapes; a -1 in the logical shape makes the padded
    shape the inferred logical one (shape_corrector). A reshape that moves data with an explicit padded shape is not
    modelled."""
    logical = tuple(int(d) for d in shape)
    padded = tuple(int(d) for d in padded)
    if -1 in logical:
        logical = padded = tuple(_infer(t, logical))
    if len(logical) != len(padded):
        raise ShapeError(f"{op}: logical shape {list(logical)} and padded shape {list(padded)} differ in rank.")
    if logical == tuple(t.shape) and padded == tuple(t.padded_shape):
        return t
    mc = memory_config or t.memory_config()
    if t._device is None:
        if padded != tuple(padded_shape(logical, t.layout)) or math.prod(logical) != t.shape.volume():
            raise NotModelledError(f"{op}: a host tensor viewed with padded shape {list(padded)} (over "
                                   f"{list(t.padded_shape)}) is not modelled.\nFix: pass the logical shape only.")
        return _host_reshape(t, logical)
    if t.shape.volume() == 0:
        return view(t, logical, padded)
    old = tuple(t.shape)
    is_view = (_last(old, -1) == _last(logical, -1) and mc.is_sharded() == t.is_sharded()
               and mc.buffer_type == t.memory_config().buffer_type
               and (t.layout == Layout.ROW_MAJOR or _last(old, -2) == _last(logical, -2)
                    or (_last(logical, -2) % TILE_SIZE == 0 and _last(old, -2) % TILE_SIZE == 0)))
    if is_view:     # PerformView: rank 1, or a tiled view whose logical shape is not tile-aligned, pads by itself
        if len(logical) == 1 or (t.layout == Layout.TILE and (logical[-1] % TILE_SIZE or logical[-2] % TILE_SIZE)):
            padded = tuple(padded_shape(logical, t.layout))
    elif math.prod(logical) != t.shape.volume():
        # "issue 15137 / 15558": a tiled tensor keeps its tile rows under another logical volume
        if not (t.layout == Layout.TILE and len(padded) >= 2 and padded[-2] % TILE_SIZE == 0
                and padded[-1] % TILE_SIZE == 0 and t.padded_shape[-1] == padded[-1]):
            raise ShapeError(f"{op}: Attempting to reshape between two shapes with different volumes ({t.shape!r} "
                             f"-> {list(logical)}).\nFix: a shape of the same volume.")
    else:
        raise NotModelledError(f"{op}(tensor, logical_shape, padded_shape): a reshape that moves data with an explicit "
                               "padded shape is not modelled.\nFix: pass the logical shape only.")
    if math.prod(padded) != t.padded_shape.volume():
        raise NotModelledError(f"{op}: a view with padded shape {list(padded)} over {list(t.padded_shape)} changes "
                               "the buffer's page count, which tensix.ttnn does not model.\nFix: ttnn.pad or "
                               "ttnn.slice first.")
    return view(t, logical, padded)


def _to_3d(shape) -> tuple:
    """squeeze_shape_to_3D / unsqueeze_shape_to_3D."""
    s = tuple(shape)
    if len(s) > 3:
        return (math.prod(s[:-2]),) + s[-2:]
    return (1,) * (3 - len(s)) + s


def _perform_view(t: Tensor, shape) -> Tensor:
    """PerformView: the tensor with another logical shape over the same pages (the padded shape the layout
    gives)."""
    shape = tuple(shape)
    if tuple(t.shape) == shape:
        return t
    return view(t, shape, padded_shape(shape, t.layout))


def view_tensor(input_tensor: Tensor, *shape) -> Tensor:
    """ttnn.experimental.view(tensor, shape) or view(tensor, d0, d1, ...) (ttnn's two overloads): a view; refused
    where the pages would have to move."""
    t = input_tensor
    if len(shape) == 1 and not isinstance(shape[0], (int, np.integer)):
        shape = shape[0]
    new = _infer(t, shape)
    if t.shape.volume() == 0:
        return _zero_volume_view(t, new)
    old = tuple(t.shape)
    if t._device is not None and t.layout == Layout.ROW_MAJOR and _last(old, -1) != _last(new, -1):
        # tt-metal 622c6fb9 tensor_ops.cpp view_device: a row-major view may change the last dim (a new page size over
        # the same buffer; for a sharded tensor whose shard width is the row, a new shard spec of the same volume)
        if t.is_sharded() and not getattr(t._buffer, "nd_placement", False):
            return _sharded_rm_view(t, new)
        raise NotModelledError(f"ttnn.experimental.view: a row-major view that changes the last dim ({t.shape!r} -> "
                               f"{list(new)}: view_device's new page size / shard spec over the same buffer) is not "
                               "modelled.\nFix: ttnn.reshape.")
    ok = _last(old, -1) == _last(new, -1) and (t.layout == Layout.ROW_MAJOR or _last(old, -2) == _last(new, -2) or
                                               (_last(new, -2) % 32 == 0 and _last(old, -2) % 32 == 0))
    if not ok:
        raise ShapeError(f"ttnn.experimental.view: {t.shape!r} -> {list(new)} is not a view (the pages would move)."
                         "\nFix: ttnn.reshape.")
    return _perform_view(t, new) if t._device is not None else _host_reshape(t, new)


def _sharded_rm_view(t: Tensor, new) -> Tensor:
    """view_device of a legacy-sharded row-major tensor changing its last dim: the same shards read with the shard
    spec (shard volume / new width, new width), over the same buffer (a buffer view). tt-metal requires the shard
    width to be the row; the bytes stay where they are only when the old and the new rows are whole 16-byte pages
    (the buffer's rows are aligned), so other widths are refused."""
    from tensix.ttnn import sharded
    from tensix.ttnn.types import ShardSpec
    mc = t.memory_config()
    spec = mc.shard_spec
    w = t.padded_shape[-1]
    if spec.shape[1] != w:
        raise ShapeError("ttnn.experimental.view: Changing the last dimension of a sharded tensor is not supported "
                         "unless the shard width matches the input last dimension. Input shape: "
                         f"{list(t.padded_shape)}, New shape: {list(new)}, Shard width: {spec.shape[1]}")
    es = element_size(t.dtype)
    vol = spec.shape[0] * spec.shape[1]
    nw = new[-1]
    if vol % nw or (w * es) % 16 or (nw * es) % 16:
        raise NotModelledError(f"ttnn.experimental.view: a sharded row-major view from rows of {w * es} bytes to rows "
                               f"of {nw * es} bytes over shards of {vol} elements: the shard would not hold whole "
                               "16-byte-aligned rows of both widths at the same bytes, which tensix.ttnn does not "
                               "model."
                               "\nFix: ttnn.reshape.")
    nmc = MemoryConfig(mc.memory_layout, mc.buffer_type, ShardSpec(spec.grid, (vol // nw, nw), spec.orientation))
    geom = sharded.ShardGeometry(new, new, t.dtype, Layout.ROW_MAJOR, nmc, what="ttnn.experimental.view")
    buf = sharded.ShardedBufferView(t._buffer, geom, 0)
    return Tensor._make(new, t.dtype, Layout.ROW_MAJOR, device=t._device, buffer=buf,
                        memory_config=geom.memory_config)


def squeeze(input_tensor: Tensor, dim: int = 0, **kwargs) -> Tensor:
    """ttnn.squeeze(tensor, dim): drop a dim of size 1 (a reshape)."""
    O.refuse_unknown_kwargs("ttnn.squeeze", kwargs)
    s = list(input_tensor.shape)
    d = dim + len(s) if dim < 0 else dim
    if not 0 <= d < len(s):
        raise ShapeError(f"ttnn.squeeze: dim {dim} is out of range for {input_tensor.shape!r}.")
    if s[d] != 1:
        return input_tensor
    return reshape(input_tensor, s[:d] + s[d + 1:])


def unsqueeze(input_tensor: Tensor, dim: int, **kwargs) -> Tensor:
    """ttnn.unsqueeze(tensor, dim): insert a dim of size 1 (a reshape)."""
    O.refuse_unknown_kwargs("ttnn.unsqueeze", kwargs)
    s = list(input_tensor.shape)
    d = dim + len(s) + 1 if dim < 0 else dim
    if not 0 <= d <= len(s):
        raise ShapeError(f"ttnn.unsqueeze: dim {dim} is out of range for {input_tensor.shape!r}.")
    return reshape(input_tensor, s[:d] + [1] + s[d:])


def _zero_volume_view(t: Tensor, new) -> Tensor:
    """tensor_ops.cpp view_device / reshape.cpp: a tensor of no elements takes any shape of no elements (only the
    metadata changes; the buffer, which holds no pages, is shared)."""
    if math.prod(new) != 0:
        raise ShapeError(f"ttnn.reshape: Tensor volume is 0, but shape's volume is not ({t.shape!r} -> {list(new)})."
                         "\nFix: a shape with a 0 dim.")
    padded = padded_shape(new, t.layout)
    if t._device is not None:
        return view(t, new, padded)
    host = np.zeros(tuple(padded) if t.layout == Layout.TILE else tuple(new), t._host.dtype)
    return Tensor._make(new, t.dtype, t.layout, host=host, bfp=t._bfp)


def _host_reshape(t: Tensor, new) -> Tensor:
    """A host tensor's reshape (ttnn: a view of the host storage)."""
    if t.layout == Layout.ROW_MAJOR:
        return Tensor._make(new, t.dtype, t.layout, host=t._host.reshape(new), bfp=t._bfp)
    old = tuple(t.shape)
    if not (_last(old, -1) == _last(new, -1) and (_last(old, -2) == _last(new, -2) or
                                                   (_last(new, -2) % 32 == 0 and _last(old, -2) % 32 == 0))):
        raise NotModelledError("ttnn.reshape of a tiled host tensor that moves data (ttnn views the host storage "
                               "and would mix padding into the data).\nFix: ttnn.to_layout(t, "
                               "ttnn.ROW_MAJOR_LAYOUT) first, or reshape on the device.")
    p = padded_shape(new, Layout.TILE)
    return Tensor._make(new, t.dtype, t.layout, host=t._host.reshape(tuple(p)), bfp=t._bfp)


# --------------------------------------------------------------------------------------------- row major
def _reshape_rm(op, dev, a: Tensor, out2, mc, started) -> Tensor:
    out = C.make_output(dev, out2, a.dtype, Layout.ROW_MAJOR, mc)
    key = ("reshape_view", "rm", O.spec_key(a), O.spec_key(out))
    O.run(op, dev, key, lambda: _reshape_rm_factory(dev, a, out), [a, out], [out], {"shape": list(out2)}, started)
    return out


def _reshape_rm_factory(dev, a, out) -> O.ProgramEntry:
    """ReshapeViewRMProgramFactory::create_descriptor."""
    ds = element_size(a.dtype)
    grid = dev.compute_with_storage_grid_size()
    total = C.device_grid(dev)
    ncores = grid.x * grid.y
    rows_in = a.shape[-2]
    src = a.shape[-1] * ds
    dst = out.shape[-1] * ds
    read_size = ((src - 1) & _MASK_64) + 128
    resp = (rows_in - 1) // ncores + 1
    while (resp * src) % dst:
        resp += 1
    cb0 = read_size
    cb1 = ((dst - 1) & _MASK_64) + 80
    dual = src % dst == 0 or dst % src == 0
    fmt = data_format(a.dtype)
    prog = mh.CreateProgram()
    O.cb(prog, total, 0, 2, fmt, page_size=cb0)
    O.cb(prog, total, 1, 1, fmt, page_size=cb1)
    ct = [int(src % 64 == 0), int(src % 16 == 0), 0, 1, src, dst] + O.accessor_args(a, out) + [
        a._buffer.page_size, out._buffer.page_size]
    rk = mh.CreateKernel(prog, _k("rm_reshape_interleaved"), total, ReaderDataMovementConfig(compile_args=ct))
    wk = None
    if dual:
        O.cb(prog, total, 2, 2, fmt, page_size=cb0)
        O.cb(prog, total, 3, 1, fmt, page_size=cb1)
        wct = list(ct)
        wct[2], wct[3] = 2, 3
        wk = mh.CreateKernel(prog, _k("rm_reshape_interleaved"), total, WriterDataMovementConfig(compile_args=wct))
    args = []           # (core, reader args without the buffers, writer args or None)
    read_start = write_start = 0
    done = 0
    used = 0
    for core in C.corerange_to_cores(total):
        if done:
            idle = [0, 0, read_size, 0, 0, 0, 0, 1]
            args.append((core, None, idle, idle if dual else None))
            continue
        used += 1
        end = min(read_start + resp, rows_in)
        pages = end - read_start
        jump = pages * src // dst
        if dual:
            if src >= dst:
                half = pages // 2
                mid = read_start + half
                second = write_start + half * src // dst
            else:
                half_out = pages * src // dst // 2
                mid = read_start + half_out * dst // src
                second = write_start + half_out
            args.append((core, True, [read_size, read_start, mid, write_start, 0, 0],
                         [read_size, mid, end, second, 0, 0]))
        else:
            args.append((core, True, [read_size, read_start, end, write_start, 0, done], None))
        write_start += jump
        read_start = end
        done = int(end == rows_in)

    def set_args(tensors):
        s, d = tensors
        for core, live, r, w in args:
            head = [s.buffer_address(), d.buffer_address()] if live else []
            mh.SetRuntimeArgs(prog, rk, core, head + r)
            if wk is not None:
                mh.SetRuntimeArgs(prog, wk, core, head + w)

    return O.ProgramEntry(prog, set_args, used, "reshape_view_rm")


# -------------------------------------------------------------------------------------------------- tiled
def _faced(h, w):
    """tensor_idxs_to_faced_tile_offset: the datum's index in its tile in face order."""
    h, w = h % 32, w % 32
    return ((h // 16) * 2 + (w // 16)) * 256 + (h % 16) * 16 + (w % 16)


def reshape_mapping(in3, out3) -> np.ndarray:
    """reshape_tiled_program_factory.cpp compute_reshape_mapping_host_tensor, vectorised: for each output tile, the
    segments (input page, input offset, output offset, length) that fill it, grouped by input page (ascending), each
    group padded with empty segments to the page's largest group; rows of 4 * max_input_segments uint32 words."""
    c_i, h_i, w_i = in3
    c_o, h_o, w_o = out3
    wt_i, ht_i = -(-w_i // 32), -(-h_i // 32)
    wt_o, ht_o = -(-w_o // 32), -(-h_o // 32)
    n_out = c_o * wt_o * ht_o
    p = np.arange(n_out)
    co, hw = p // (wt_o * ht_o), p % (wt_o * ht_o)
    ho0, wo0 = (hw // wt_o) * 32, (hw % wt_o) * 32
    r = np.arange(32)
    ho = ho0[:, None, None] + r[None, :, None]
    wo = wo0[:, None, None] + r[None, None, :]
    valid = (ho < h_o) & (wo < w_o)
    page_o = np.broadcast_to(p[:, None, None], valid.shape)[valid]
    ho, wo = np.broadcast_to(ho, valid.shape)[valid], np.broadcast_to(wo, valid.shape)[valid]
    cc = np.broadcast_to(co[:, None, None], valid.shape)[valid]
    off_o = _faced(ho, wo)
    flat = cc.astype(np.int64) * h_o * w_o + ho * w_o + wo
    ci, hwi = flat // (h_i * w_i), flat % (h_i * w_i)
    hi, wi = hwi // w_i, hwi % w_i
    page_i = ci * (wt_i * ht_i) + (hi // 32) * wt_i + wi // 32
    off_i = _faced(hi, wi)
    # a new segment where the output page changes, the input page changes, or an offset is not the next one
    brk = np.ones(page_o.size, bool)
    brk[1:] = ((page_o[1:] != page_o[:-1]) | (page_i[1:] != page_i[:-1]) | (off_i[1:] - off_i[:-1] != 1)
               | (off_o[1:] - off_o[:-1] != 1))
    starts = np.flatnonzero(brk)
    lens = np.diff(np.append(starts, page_o.size))
    seg = np.stack([page_o[starts], page_i[starts], off_i[starts], off_o[starts], lens], axis=1)
    # group by (output page, input page), keeping each group's segments in order
    order = np.lexsort((np.arange(len(seg)), seg[:, 1], seg[:, 0]))
    seg = seg[order]
    key = seg[:, 0] * (1 << 32) + seg[:, 1]
    gstart = np.flatnonzero(np.r_[True, key[1:] != key[:-1]])
    gsize = np.diff(np.append(gstart, len(seg)))
    gpage = seg[gstart, 0]
    rank_in_group = np.arange(len(seg)) - np.repeat(gstart, gsize)
    max_per_page = np.zeros(n_out, np.int64)
    np.maximum.at(max_per_page, gpage, gsize)
    ngroups = np.bincount(gpage, minlength=n_out)
    max_segments = int((max_per_page * ngroups).max())
    max_segments += max_segments % 16               # as the factory does ("Ensure that map data is always aligned")
    group_index = np.arange(len(gstart)) - np.repeat(np.r_[0, np.cumsum(ngroups)[:-1]], ngroups)
    slot = np.repeat(group_index, gsize) * max_per_page[seg[:, 0]] + rank_in_group
    out = np.zeros((n_out, max_segments, 4), np.uint32)
    out[seg[:, 0], slot] = seg[:, 1:].astype(np.uint32)
    return out.reshape(n_out, 4 * max_segments)


def _reshape_tiled(op, dev, a: Tensor, out3, mc, started) -> Tensor:
    out = C.make_output(dev, out3, a.dtype, Layout.TILE, mc)
    key = ("reshape_view", "tiled", O.spec_key(a), O.spec_key(out))
    O.run(op, dev, key, lambda: _reshape_tiled_factory(dev, a, out), [a, out], [out], {"shape": list(out3)},
          started)
    return out


def _reshape_tiled_factory(dev, a, out) -> O.ProgramEntry:
    """ReshapeViewTiledProgramFactory::create_workload_descriptor / build_reshape_tiled_program."""
    from tensix.ttnn.core import from_numpy
    mapping = reshape_mapping(tuple(a.shape), tuple(out.shape))
    map_t = from_numpy(mapping, dtype=DataType.UINT32, device=dev)          # DRAM, row-major, one page per output
    map_words = mapping.shape[1]
    map_bytes = map_words * 4
    n_out = out.padded_shape.volume() // C.TILE_HW
    fmt_in, fmt_out = data_format(a.dtype), data_format(out.dtype)
    ts_in = formats.tile_size(fmt_in)
    ts_out = formats.tile_size(fmt_out)
    ws = C.split_work_to_cores(dev.compute_with_storage_grid_size(), n_out)
    all_cores = CoreRangeSet(ws.all_ranges)
    prog = mh.CreateProgram()
    O.cb(prog, all_cores, 0, 1, DataType.UINT32, page_size=map_bytes)
    O.cb(prog, all_cores, 1, 1, fmt_in, page_size=ts_in)
    O.cb(prog, all_cores, 2, 1, fmt_out, page_size=ts_out)
    rk = mh.CreateKernel(prog, _k("reader_reshape_tiled"), all_cores, ReaderDataMovementConfig(
        compile_args=[map_bytes, ts_in, 0, 1] + O.accessor_args(map_t, a)))
    datum = element_size(out.dtype)
    wk = mh.CreateKernel(prog, _k("writer_reshape_tiled"), all_cores, WriterDataMovementConfig(
        compile_args=[ts_in, map_words // 4, datum, 0, 1, 2] + O.accessor_args(out)))
    work = []
    start = 0
    for core in C.corerange_to_cores(all_cores):
        n = ws.units_of(core)
        if not (ws.group_1.contains(core) or ws.group_2.contains(core)):
            continue
        work.append((core, start, start + n))
        start += n

    def set_args(tensors):
        s, d = tensors
        for core, p0, p1 in work:
            mh.SetRuntimeArgs(prog, rk, core, [s.buffer_address(), map_t.buffer_address(), p0, p1])
            mh.SetRuntimeArgs(prog, wk, core, [d.buffer_address(), p0, p1])

    return O.ProgramEntry(prog, set_args, len(work), "reshape_view_tiled", {"mapping": map_t})



def _register_experimental_view() -> None:
    """ttnn.experimental.view (ttnn/cpp/ttnn/operations/experimental/reshape/view.cpp) is view_tensor; it joins the
    `experimental` namespace that tensix.ttnn.operations.transformer exports."""
    from tensix.ttnn.operations import transformer
    if not hasattr(transformer.experimental, "view"):
        transformer.experimental.view = view_tensor


_register_experimental_view()
