"""ttnn.pad as tt-metal 622c6fb9 runs it (ttnn/cpp/ttnn/operations/data_movement/pad/pad.cpp,
pad/device/pad_device_operation.cpp):

- padding: one (before, after) pair per dim (missing outer dims get (0, 0)), or output_padded_shape and
  input_tensor_start (4-D); all zero returns the tensor; rank > 4 may pad only the lowest 3 dims;
- ROW_MAJOR (invoke_rm): viewed as 4-D (unsqueezed, or the outer dims merged), prim::pad by
  PadRmReaderWriterMultiCoreDefaultProgramFactory (pad_rm_reader_writer_multi_core_default_program_factory.cpp:
  output rows split with split_work_to_cores, every row filled with the pad value then overwritten with its input row
  by reader_pad_dims_rm_interleaved_v2, written by writer_pad_dims_rm_interleaved_v2), back to the input's rank;
- TILE (invoke_tile): no front padding; bfloat8_b through bfloat16 (ttnn.typecast); the input's own tile padding is
  filled with the value first (ttnn.fill_implicit_tile_padding, in place on the input, as tt-metal's fill_pad); when
  the padded shape does not change the result is a view, else PadTileMulticoreProgramFactory
  (pad_tile_multicore_program_factory.cpp: whole input tiles copied and pad tiles written, reader_pad_tiled /
  writer_pad_tiled), then viewed to the requested logical shape.

The pad word is tt-metal's: two bfloat16 halves for bfloat16 and (row-major) float32 (a row-major float32 pad value is
written as the float whose bits are those two halves, as on the card: only 0 pads exactly), the float's bits for tiled
float32, the integer for int32 / uint32.

use_multicore=False runs the single-core factories on core (0, 0): PadRmReaderWriterProgramFactory
(reader_pad_dims_rm_interleaved / writer_pad_dims_rm_interleaved: the input's rows at the start of each dim, whatever
the front padding, the pad read from a 32-value bfloat16 tensor in L1) and PadTileCoreProgramFactory
(reader_unary_interleaved_start_id / writer_unary_pad_dims_interleaved: whole pad tiles after each run of input
tiles).

Sharded tensors (pad_device_operation.cpp select_program_factory, pad.cpp pad_impl; other ranks through the 4-D view,
which keeps a legacy 2-D shard spec):
- row-major: a HEIGHT_SHARDED L1 input into a HEIGHT_SHARDED output whose shard width is the padded width (and whose
  shards are at least as high) runs PadRmShardedWidthOnly / HeightOnly (tensix.ttnn.operations.dm_pad_sharded); a
  legacy-sharded input into a legacy-sharded output whose width changes goes through pad_impl's recipe first (the
  output config recomputed as HEIGHT_SHARDED on the input's grid; width and height in two pads); every other sharded
  pair runs the default factory, whose TensorAccessors read and write shard-wide pages (several per row);
- tiled: the tile factories read and write the shards through TensorAccessors; invoke_tile converts the result to
  the requested sharding (ttnn.to_memory_config) when the pad left it otherwise.

sub_core_grids (interleaved input and output, use_multicore only: pad_device_operation.cpp validate): the multi-core
factories split their rows / pages with split_work_to_cores over the given CoreRangeSet (tensix.ttnn.operations.
_sub_core_split) instead of the device grid, and walk all_cores range by range, row by row (corerange_to_cores(...,
true)). fill_implicit_tile_padding, which invoke_tile runs first, keeps the whole grid (tt-metal passes it no
sub_core_grids).

Not modelled (NotModelledError): ND-sharded tensors or output configs (no legacy equivalent) of rank other than 4
(pad_impl's 4-D view of an ND shard spec)."""

from __future__ import annotations

import math
import struct
import time

import numpy as np

from tensix.device import formats
from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.types import (CoreCoord, CoreRange, CoreRangeSet, ReaderDataMovementConfig,
                                   WriterDataMovementConfig)
from tensix.ttnn import op as O
from tensix.ttnn.errors import DTypeError, ShapeError, ShardSpecError, TTNNError
from tensix.ttnn.operations import _dm_common as C
from tensix.ttnn.kernels.data_movement.kernel_lib import advance_tensor_index
from tensix.ttnn.operations.data_movement import view
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import (TILE_SIZE, BufferType, DataType, Layout, MemoryConfig, ShardOrientation, ShardSpec,
                               TensorMemoryLayout, data_format, element_size, padded_shape)

__all__ = ["pad"]

_MAX_READ = 2048


def _k(name):
    return O.kernel_path(f"data_movement/{name}.py")


def _bf16_pair(v: float) -> int:
    b = int(formats.fp32_to_bf16_rne(np.array([np.float32(v)]).view(np.uint32))[0])
    return (b << 16) | b


def _u16_pair(v: float) -> int:
    b = int(v) & 0xFFFF
    return (b << 16) | b


def pad(input_tensor: Tensor, padding=None, *args, value=None, output_padded_shape=None, input_tensor_start=None,
        use_multicore: bool = True, memory_config=None, sub_core_grids=None, **kwargs) -> Tensor:
    """ttnn.pad(input_tensor, padding, value, *, use_multicore=True, memory_config=None), padding a list of
    (before, after) per dim; or ttnn.pad(input_tensor, output_padded_shape, input_tensor_start, value, ...)."""
    O.refuse_unknown_kwargs("ttnn.pad", kwargs)
    op = "ttnn.pad"
    t = input_tensor
    t._check_alive(op)
    if args and isinstance(args[0], (list, tuple)) and not isinstance(args[0][0] if args[0] else 0, (list, tuple)):
        output_padded_shape, input_tensor_start = padding, args[0]
        args = args[1:]
    if args:
        value = args[0]
    if output_padded_shape is not None:
        start = [0] * len(output_padded_shape) if input_tensor_start is None else list(input_tensor_start)
        padding = [(int(s), int(o) - d - int(s)) for s, o, d in zip(start, output_padded_shape, t.shape)]
    if value is None:
        raise ShapeError(f"{op}: a pad value is required.")
    padding = [(int(p[0]), int(p[1])) for p in padding]
    rank = len(t.shape)
    if len(padding) > rank:
        raise ShapeError(f"{op}: padding len can't be larger than input tensor rank")
    if any(b < 0 or a < 0 for b, a in padding):
        raise ShapeError(f"{op}: negative padding {padding} is not supported.")
    padding = [(0, 0)] * (rank - len(padding)) + padding
    if all(b == 0 and a == 0 for b, a in padding):
        return t
    if rank > 4:
        first = next(i for i, p in enumerate(padding) if p[1] != 0) if any(p[1] for p in padding) else rank
        if first < rank - 3:
            raise ShapeError(f"{op}: ttnn::pad only supports padding on the lowest 3 dimensions for tensors with rank "
                             f"> 4 {first}")
    if t.layout == Layout.TILE and any(b for b, _ in padding):
        raise ShapeError(f"{op}: on device tile padding does not support front padding")
    if t._device is not None:
        _check_sharding(op, t, memory_config, rank)
    if t.layout == Layout.TILE:
        return _invoke_tile(op, t, padding, float(value), memory_config, use_multicore, sub_core_grids)
    return _invoke_rm(op, t, padding, float(value), memory_config, use_multicore, sub_core_grids)


def _check_sharding(op, t: Tensor, memory_config, rank: int) -> None:
    """Sharded pads of another rank than 4: pad_impl views the tensor as 4-D (and back), which keeps a legacy shard
    spec (its 2-D physical shape does not change); an ND shard spec has the tensor's rank, and tensix does not model
    its 4-D view. Which program runs is pad_impl's and select_program_factory's choice (_pad_4d, _prim_pad)."""
    out_mc = memory_config or t.memory_config()
    if rank != 4 and (_nd(t) or _nd(out_mc)):
        raise NotModelledError(f"{op}: an ND-sharded rank-{rank} tensor or output config: ttnn views the tensor as 4-D "
                               "first, which tensix.ttnn does not model for ND shard specs.\nFix: a rank-4 tensor, or "
                               "a legacy (2-D) shard spec.")


def _nd(t_or_mc) -> bool:
    """An ND-sharded side in tt-metal's sense: an input without a legacy shard spec (tensix stores it ND), an output
    config given with an ND shard spec."""
    if isinstance(t_or_mc, Tensor):
        return t_or_mc.is_sharded() and bool(getattr(t_or_mc._buffer, "nd_placement", False))
    return t_or_mc.is_sharded() and t_or_mc.memory_layout == TensorMemoryLayout.ND_SHARDED


def _height_config(shape, grid) -> MemoryConfig:
    """data_movement/common/common.cpp create_sharded_memory_config(shape, grid, HEIGHT, ROW_MAJOR) for a row-major
    tensor: shards of ceil(height / cores) rows, the full width, in L1."""
    h = math.prod(shape[:-1])
    n = grid.num_cores()
    return MemoryConfig(TensorMemoryLayout.HEIGHT_SHARDED, BufferType.L1,
                        ShardSpec(grid, (-(-h // n), shape[-1]), ShardOrientation.ROW_MAJOR))


def _pad_4d(op, x: Tensor, out, front, value, mc_arg, multicore, scg=None) -> Tensor:
    """pad.cpp pad_impl(tensor, output_padded_shape, input_tensor_start, ...) on a 4-D device tensor: a legacy-sharded
    input into a legacy-sharded output whose width changes is padded into a HEIGHT_SHARDED config recomputed on the
    input's grid with the padded width (the given output config is ignored, as tt-metal warns); when the height
    changes too, in two pads: the width (input_tensor_start's width entry only), then the height into the given
    config or a HEIGHT_SHARDED one of the output shape on the input's grid."""
    if list(x.shape) == list(out):
        return x
    mc = mc_arg or x.memory_config()
    if x.is_sharded() and not _nd(x) and mc.is_sharded() and not _nd(mc):
        ins = list(x.shape)
        if ins[3] != out[3]:
            grid = x.memory_config().shard_spec.grid
            wshape = ins[:3] + [out[3]]
            mc = _height_config(wshape, grid)
            if math.prod(ins[:3]) != math.prod(out[:3]):
                wide = _pad_4d(op, x, wshape, [0, 0, 0, front[3]], value, mc, multicore)
                res = _pad_4d(op, wide, out, front, value, mc_arg or _height_config(out, grid), multicore)
                wide.deallocate()
                return res
    return _prim_pad(op, x, out, front, value, mc, multicore, scg)


def _sharded_row_pages(t_or_mc, width: int, page_size: int, stick: int):
    """pad_rm_reader_writer_multi_core_default_program_factory.cpp: a row's pages (one interleaved; shard-wide pages of
    a sharded tensor) and the bytes of the last one that hold the row."""
    mc = t_or_mc.memory_config() if isinstance(t_or_mc, Tensor) else t_or_mc
    if not mc.is_sharded():
        return 1, page_size
    shard_w = mc.shard_spec.shape[1] if mc.shard_spec is not None else mc.nd_shard_spec.shard_shape[-1]
    n = -(-width // shard_w)
    return n, stick - (n - 1) * page_size


def _to_4d(t: Tensor) -> Tensor:
    """unsqueeze_to_4D / squeeze_from_ND_to_4D (views)."""
    from tensix.ttnn.operations.data_movement import _squeeze_to_4d
    s = list(t.shape)
    if len(s) < 4:
        return view(t, [1] * (4 - len(s)) + s, [1] * (4 - len(s)) + list(t.padded_shape))
    return _squeeze_to_4d(t) if len(s) > 4 else t


def _pad_impl(op, t: Tensor, padding, value, mc, multicore=True, scg=None) -> Tensor:
    """pad.cpp pad_impl(tensor, padding, ...): bfloat8_b through bfloat16; 4-D; the padded shape from the input's
    (tile-)padded shape."""
    if t.dtype == DataType.BFLOAT8_B and t.layout == Layout.TILE:
        from tensix.ttnn.operations.unary import typecast
        return typecast(_pad_impl(op, typecast(t, DataType.BFLOAT16), padding, value, mc, multicore, scg),
                        DataType.BFLOAT8_B)
    rank = len(t.shape)
    x = _to_4d(t)
    if rank < 4:
        padding = [(0, 0)] * (4 - rank) + list(padding)
    else:
        padding = list(padding)[rank - 4:]
    base = list(x.padded_shape) if x.layout == Layout.TILE else list(x.shape)
    front = [p[0] for p in padding]
    out = [p[0] + d + p[1] for p, d in zip(padding, base)]
    if x.layout == Layout.TILE and (out[-2] % TILE_SIZE or out[-1] % TILE_SIZE):
        raise ShapeError(f"{op}: for tiled tensors padding end must be a multiple of the tile size on height and "
                         "width for a tensor in tile layout")
    if list(x.shape) == out:
        return x
    if x._device is None:
        raise NotModelledError(f"{op}: padding a host tensor is not modelled.\nFix: ttnn.to_device first.")
    return _pad_4d(op, x, out, front, value, mc, multicore, scg)


def _invoke_rm(op, t: Tensor, padding, value, mc, multicore=True, scg=None) -> Tensor:
    from tensix.ttnn.operations.dm_reshape import reshape
    if t._device is None:
        return _host_pad(t, padding, value)
    rank = len(t.shape)
    out = _pad_impl(op, t, padding, value, mc, multicore, scg)
    if rank <= 4:
        return reshape(out, list(out.padded_shape)[4 - rank:]) if rank < 4 else out
    return reshape(out, list(t.shape[:-2]) + list(out.padded_shape)[-2:])


def _invoke_tile(op, t: Tensor, padding, value, mc, multicore=True, scg=None) -> Tensor:
    if any(b for b, _ in padding):
        raise ShapeError(f"{op}: on device tile padding does not support front padding")
    shape = list(t.shape)
    req = [d + a for d, (_, a) in zip(shape, padding)]
    req_p = list(padded_shape(tuple(req), Layout.TILE))
    if t._device is None:       # Tensor::pad to the requested padded shape
        return _host_pad(t, [(0, p - d) for p, d in zip(req_p, shape)], value)
    from tensix.ttnn.operations import fill_implicit_tile_padding
    filled = fill_implicit_tile_padding(t, value, memory_config=mc)
    inp_p = list(t.padded_shape)
    upper = req[:-2] != shape[:-2]
    if len(req) == 1 or (not upper and req_p[-1] == inp_p[-1] and req_p[-2] == inp_p[-2]):
        if math.prod(req_p) > math.prod(inp_p):
            raise NotModelledError(f"{op}: a rank-1 tiled pad past the last tile: tt-metal views the input's buffer "
                                   f"as the larger shape {req} (padded {req_p}), reading past its tiles.\nFix: pad a "
                                   "row-major tensor, or unsqueeze to rank 2 first.")
        out = view(filled, req, req_p)
    else:
        vec = [(0, a - b) for a, b in zip(req_p, inp_p)]
        out = view(_pad_impl(op, filled, vec, value, mc, multicore, scg), req, req_p)
    # the result sharded or not as the requested config (the input's when none is given): ttnn.to_memory_config to
    # the given config, or to a HEIGHT_SHARDED one of the logical shape on the input's grid
    want = mc or t.memory_config()
    if out.is_sharded() != want.is_sharded():
        from tensix.ttnn.operations.dm_memory import to_memory_config
        if mc is None:
            mc = _height_config(req, t.memory_config().shard_spec.grid)
        out = to_memory_config(out, mc)
    return out


def _host_pad(t: Tensor, padding, value) -> Tensor:
    """Tensor.pad on the host: the logical values padded (front and back) with value."""
    from tensix.ttnn.core import _host_tensor
    vals = t.values()
    out = np.pad(vals, padding, constant_values=value)
    return _host_tensor(out, out.shape, t.dtype, t.layout)


def _prim_pad(op, a: Tensor, out_shape, front, value, mc, multicore=True, scg=None) -> Tensor:
    """prim::pad (PadDeviceOperation): output logical = padded = out_shape."""
    started = time.perf_counter()
    if a.dtype not in (DataType.FLOAT32, DataType.BFLOAT16, DataType.INT32, DataType.UINT32, DataType.UINT16):
        raise DTypeError(f"{op}: Cannot pad {a.layout.name} tensor with specified format {a.dtype!r}.")
    for i in range(4):
        if a.shape[i] + front[i] > out_shape[i]:
            raise ShapeError(f"{op}: Output size cannot fit input with offset")
    if a.is_sharded() and a.layout == Layout.ROW_MAJOR:      # pad_device_operation.cpp validate
        sw = _shard_width(a.memory_config())
        if a._buffer.page_size % 16:
            raise ShardSpecError(f"{op}: Input row-major shard width {sw} gives page size {a._buffer.page_size} bytes, "
                                 "which must be aligned to 16 bytes.\nFix: a shard width whose row is a multiple of 16 "
                                 "bytes.")
    if mc.is_sharded():
        sw = _shard_width(mc)
        if sw * element_size(a.dtype) % 16:
            raise ShardSpecError(f"{op}: Output row-major shard width {sw} gives page size "
                                 f"{sw * element_size(a.dtype)} bytes, which must be aligned to 16 bytes.\nFix: a "
                                 "shard width whose row is a multiple of 16 bytes.")
    if scg is not None:
        _check_sub_core_grids(op, a, mc, multicore)
    out = C.make_output(a._device, out_shape, a.dtype, a.layout, mc, padded=out_shape, nd_ok=True)
    rm = a.layout == Layout.ROW_MAJOR
    kind = ("rm" if rm else "tile") + ("" if multicore else "_single_core")
    if rm and a.is_sharded():       # pad_device_operation.cpp select_program_factory
        kind = _sharded_factory_kind(a, out_shape, mc)
    key = ("pad", kind, O.spec_key(a), O.spec_key(out), tuple(front), struct.pack("<f", value),
           None if scg is None else tuple((r.start.x, r.start.y, r.end.x, r.end.y) for r in scg.ranges))
    if kind == "rm_sharded_width_only":
        from tensix.ttnn.operations.dm_pad_sharded import width_only_factory
        factory = lambda: width_only_factory(a, out, front, value)       # noqa: E731
    elif kind == "rm_sharded_height_only":
        from tensix.ttnn.operations.dm_pad_sharded import height_only_factory
        factory = lambda: height_only_factory(a, out, front, value)      # noqa: E731
    elif kind == "rm_sharded" or (multicore and rm):
        factory = lambda: _pad_rm_factory(a, out, front, value, scg)     # noqa: E731
    elif multicore:
        factory = lambda: _pad_tile_factory(a, out, value, scg)          # noqa: E731
    else:
        factory = (lambda: _pad_rm_single_factory(a, out, value)) if rm else \
            (lambda: _pad_tile_single_factory(a, out, value))
    O.run(op, a._device, key, factory, [a, out], [out], {"front": list(front), "value": value}, started)
    return out


def _check_sub_core_grids(op, a: Tensor, mc, multicore: bool) -> None:
    """pad_device_operation.cpp validate_on_program_cache_miss: sub_core_grids only with interleaved tensors and the
    multi-core factories."""
    if a.memory_config().memory_layout != TensorMemoryLayout.INTERLEAVED:
        raise ShardSpecError(f"{op}: Input memory layout must be interleaved when sub_core_grids argument is provided "
                             f"(got {a.memory_config().memory_layout.name}).\nFix: ttnn.to_memory_config the input "
                             "to an interleaved config, or omit sub_core_grids.")
    if mc.memory_layout != TensorMemoryLayout.INTERLEAVED:
        raise ShardSpecError(f"{op}: Output memory layout must be interleaved when sub_core_grids argument is provided "
                             f"(got {mc.memory_layout.name}).\nFix: an interleaved memory_config, or omit "
                             "sub_core_grids.")
    if not multicore:
        raise TTNNError(f"{op}: sub_core_grids is only supported when use_multicore is true.\nFix: "
                        "use_multicore=True, or omit sub_core_grids.")


def _split(dev, units: int, scg) -> C.WorkSplit:
    """split_work_to_cores over the device grid, or (sub_core_grids) over the given CoreRangeSet (column-wise, the
    overload's default)."""
    if scg is None:
        return C.split_work_to_cores(dev.compute_with_storage_grid_size(), units)
    from tensix.ttnn.operations import _sub_core_split as SC
    n, all_cores, g1, g2, n1, n2 = SC.split_work_to_cores(scg, units)
    return C.WorkSplit(n, list(all_cores.ranges), g1, g2, n1, n2)


def _shard_width(mc) -> int:
    return mc.shard_spec.shape[1] if mc.shard_spec is not None else mc.nd_shard_spec.shard_shape[-1]


def _sharded_factory_kind(a: Tensor, out_shape, mc) -> str:
    """select_program_factory for a sharded row-major input: can_use_sharded_optimized_factory (a HEIGHT_SHARDED L1
    input with a legacy shard spec, a HEIGHT_SHARDED output whose shard width is the padded width and whose shard
    height is at least the input's) picks the width-only factory (same total height) or the height-only one (same
    width); else (and for width and height padding at once) the default factory."""
    im = a.memory_config()
    ok = (not _nd(a) and im.shard_spec is not None and im.buffer_type == BufferType.L1
          and im.memory_layout == TensorMemoryLayout.HEIGHT_SHARDED and mc.is_sharded()
          and mc.memory_layout == TensorMemoryLayout.HEIGHT_SHARDED and mc.shard_spec is not None
          and out_shape[-1] == mc.shard_spec.shape[1] and mc.shard_spec.shape[0] >= im.shard_spec.shape[0])
    if ok:
        if a.shape[3] != out_shape[3] and math.prod(a.shape[:3]) == math.prod(out_shape[:3]):
            return "rm_sharded_width_only"
        if a.shape[3] == out_shape[3]:
            return "rm_sharded_height_only"
    return "rm_sharded"


def _pad_rm_factory(a: Tensor, out: Tensor, front, value, scg=None) -> O.ProgramEntry:
    """PadRmReaderWriterMultiCoreDefaultProgramFactory::create_descriptor (interleaved)."""
    dev = a._device
    N, Cc, H, W = tuple(a.shape)
    Np, Cp, Hp, Wp = tuple(out.shape)
    es = element_size(a.dtype)
    fmt = data_format(a.dtype)
    nch = Hp * Cp * Np
    stick = W * es
    stick_p = Wp * es
    front_b = front[-1] * es
    end_b = stick_p - stick - front_b
    aligned = C.round_up(stick_p, 16)
    dram_aligned = C.round_up(stick_p, 32)
    ws = _split(dev, nch, scg)
    all_cores = CoreRangeSet(ws.all_ranges)
    cores = C.corerange_to_cores(all_cores, ws.num_cores, row_wise=True)
    if a.dtype in (DataType.INT32, DataType.UINT32):
        packed = int(value) & 0xFFFFFFFF
    elif a.dtype == DataType.UINT16:
        packed = _u16_pair(value)
    else:
        packed = _bf16_pair(value)
    prog = mh.CreateProgram()
    O.cb(prog, all_cores, 1, 1, fmt, page_size=dram_aligned)
    unaligned = aligned % 32 != 0
    if front_b or unaligned:
        O.cb(prog, all_cores, 2, 1, fmt, page_size=dram_aligned)
    in_page = a._buffer.page_size
    out_page = out._buffer.page_size
    n_in, in_last = _sharded_row_pages(a, W, in_page, stick)
    n_out, out_last = _sharded_row_pages(out, Wp, out_page, stick_p)
    rct = [N + front[0], H + front[2], Cc + front[1], stick, Np, Hp, Cp, stick_p, front_b, end_b,
           C.div_up(stick_p, 512), stick_p % 512 or 512, int(value != 0), packed, 16, front_b // 16, end_b // 16,
           stick_p // 16, aligned, int(unaligned), n_in, in_page, in_last] + O.accessor_args(a)
    wct = [0, stick_p, aligned, n_out, out_page, out_last] + O.accessor_args(out)
    rk = mh.CreateKernel(prog, _k("reader_pad_dims_rm_interleaved_v2"), all_cores,
                         ReaderDataMovementConfig(compile_args=rct))
    wk = mh.CreateKernel(prog, _k("writer_pad_dims_rm_interleaved_v2"), all_cores,
                         WriterDataMovementConfig(compile_args=wct))
    Hi, Ci, Ni = H, Cc, N
    per_barrier = max(C.div_up(_MAX_READ, aligned), 1)
    offset = [0, 0, 0, 0]
    ch = cc = cn = 0
    read = written = 0
    per_core = []
    for core in cores:
        n = ws.units_of(core) if (ws.group_1.contains(core) or ws.group_2.contains(core)) else 0
        per_core.append((core, n, [n, per_barrier, read * n_in, front[0], front[1], front[2]] + offset,
                         [n, per_barrier, written * n_out]))
        written += n
        for _ in range(n):
            if (front[2] <= ch < Hi + front[2] and front[1] <= cc < Ci + front[1] and front[0] <= cn < Ni + front[0]):
                read += 1
            ch += 1
            if ch == Hp:
                cc += 1
                ch = 0
                if cc == Cp:
                    cn += 1
                    cc = 0
        offset = [0, ch, cc, cn]
    O.cb(prog, all_cores, 0, 16 * per_barrier, fmt, page_size=aligned)

    def set_args(tensors):
        src, dst = tensors
        for core, n, r, w in per_core:
            mh.SetRuntimeArgs(prog, rk, core, [src.buffer_address() if n else 0] + r)
            mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address() if n else 0] + w)

    return O.ProgramEntry(prog, set_args, len(per_core), "pad_rm")


def _pad_tile_factory(a: Tensor, out: Tensor, value, scg=None) -> O.ProgramEntry:
    """PadTileMulticoreProgramFactory::create_descriptor (interleaved)."""
    dev = a._device
    n_pages = out.num_pages
    ws = _split(dev, n_pages, scg)
    all_cores = CoreRangeSet(ws.all_ranges)
    cores = C.corerange_to_cores(all_cores, ws.num_cores, row_wise=True)
    fmt = data_format(a.dtype)
    page = out._buffer.page_size
    prog = mh.CreateProgram()
    O.cb(prog, all_cores, 0, 2, fmt, page_size=page)
    O.cb(prog, all_cores, 1, 2, fmt, page_size=page)
    O.cb(prog, all_cores, 2, 1, fmt, page_size=page)
    if a.dtype in (DataType.INT32, DataType.UINT32):
        packed = int(value) & 0xFFFFFFFF
    elif a.dtype == DataType.BFLOAT16:
        packed = _bf16_pair(value)
    elif a.dtype == DataType.UINT16:
        packed = _u16_pair(value)
    else:
        packed = struct.unpack("<I", struct.pack("<f", value))[0]
    nd = len(out.padded_shape)
    rk = mh.CreateKernel(prog, _k("reader_pad_tiled"), all_cores, ReaderDataMovementConfig(
        compile_args=[0, page, nd] + O.accessor_args(a)))
    wk = mh.CreateKernel(prog, _k("writer_pad_tiled"), all_cores, WriterDataMovementConfig(
        compile_args=[0, 1, 2, page, nd, packed, element_size(a.dtype)] + O.accessor_args(out)))
    in_ps = list(a.padded_shape)
    out_ps = list(out.padded_shape)
    in_ps[-1] //= TILE_SIZE
    in_ps[-2] //= TILE_SIZE
    out_ps[-1] //= TILE_SIZE
    out_ps[-2] //= TILE_SIZE
    in_id, out_id = [0] * nd, [0] * nd
    in_off = out_off = 0
    per_core = []
    for core in cores:
        n = ws.units_of(core) if (ws.group_1.contains(core) or ws.group_2.contains(core)) else 0
        shared = in_ps + out_ps + in_id + out_id
        per_core.append((core, n, [n, in_off] + shared, [n, out_off] + shared))
        for _ in range(n):
            if all(i >= o for i, o in zip(in_id, out_id)):
                advance_tensor_index(in_id, in_ps)
                in_off += 1
            advance_tensor_index(out_id, out_ps)
            out_off += 1

    def set_args(tensors):
        src, dst = tensors
        for core, n, r, w in per_core:
            mh.SetRuntimeArgs(prog, rk, core, [src.buffer_address() if n else 0] + r)
            mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address() if n else 0] + w)

    return O.ProgramEntry(prog, set_args, len(per_core), "pad_tile")


def _pad_packed(dtype: DataType, value: float, low_half_zero: bool) -> int:
    """The factories' packed pad word: the integer for int32 / uint32, else two 16-bit halves (uint16 or bfloat16 of
    the value); the row-major single-core factory packs (0, value): the value in the high half only."""
    if dtype in (DataType.INT32, DataType.UINT32):
        return int(value) & 0xFFFFFFFF
    pair = _u16_pair(value) if dtype == DataType.UINT16 else _bf16_pair(value)
    return pair & 0xFFFF0000 if low_half_zero else pair


def _pad_rm_single_factory(a: Tensor, out: Tensor, value) -> O.ProgramEntry:
    """PadRmReaderWriterProgramFactory (pad_rm_reader_writer_program_factory.cpp): one core; a 32-value bfloat16
    row-major tensor of the pad value in L1 (interleaved), which the program keeps alive while it is cached."""
    from tensix.ttnn.core import from_numpy
    from tensix.ttnn.types import L1_MEMORY_CONFIG
    dev = a._device
    es = element_size(a.dtype)
    unpadded = a.padded_shape[3] * es
    padded = out.padded_shape[3] * es
    const = from_numpy(np.full((1, 1, 1, 32), value, np.float32), dtype=DataType.BFLOAT16, device=dev,
                       memory_config=L1_MEMORY_CONFIG)
    cores = CoreRangeSet([CoreRange(CoreCoord(0, 0), CoreCoord(0, 0))])
    prog = mh.CreateProgram()
    O.cb(prog, cores, 0, 16, data_format(a.dtype), page_size=C.round_up(padded, 32))
    ct = [unpadded, padded] + O.accessor_args(a, out, const)
    rk = mh.CreateKernel(prog, _k("reader_pad_dims_rm_interleaved"), cores, ReaderDataMovementConfig(compile_args=ct))
    wk = mh.CreateKernel(prog, _k("writer_pad_dims_rm_interleaved"), cores, WriterDataMovementConfig(compile_args=ct))
    ap, op_ = list(a.padded_shape), list(out.padded_shape)
    rest = [ap[0], op_[0], ap[1], op_[1], ap[2], op_[2], ap[3], op_[3], unpadded, padded, padded - unpadded,
            const.buffer_address(), 32 * es, _pad_packed(a.dtype, value, True), 0, 0, 0, 0, 0, op_[2], ap[2], unpadded,
            padded, 0, op_[0]]

    def set_args(tensors):
        src, dst = tensors
        args = [src.buffer_address(), dst.buffer_address()] + rest
        mh.SetRuntimeArgs(prog, rk, CoreCoord(0, 0), args)
        mh.SetRuntimeArgs(prog, wk, CoreCoord(0, 0), args)

    return O.ProgramEntry(prog, set_args, 1, "pad_rm_single_core", extra={"pad_value_tensor": const})


def _pad_tile_single_factory(a: Tensor, out: Tensor, value) -> O.ProgramEntry:
    """PadTileCoreProgramFactory (pad_tile_program_factory.cpp): one core; the reader copies every input tile to c_0,
    the writer interleaves them with pad tiles of the packed word (two bfloat16 halves for float32 too, as the card
    does: only 0 pads a float32 tensor exactly)."""
    cores = CoreRangeSet([CoreRange(CoreCoord(0, 0), CoreCoord(0, 0))])
    fmt = data_format(a.dtype)
    prog = mh.CreateProgram()
    O.cb(prog, cores, 0, 2, fmt)
    O.cb(prog, cores, 1, 1, fmt)
    ap, op_ = list(a.padded_shape), list(out.padded_shape)
    xt, xt_o = ap[3] // TILE_SIZE, op_[3] // TILE_SIZE
    yt, yt_o = ap[2] // TILE_SIZE, op_[2] // TILE_SIZE
    rest = [ap[0], (op_[0] - ap[0]) * op_[1] * yt_o * xt_o, ap[1], (op_[1] - ap[1]) * yt_o * xt_o, yt,
            (yt_o - yt) * xt_o, xt, xt_o - xt, _pad_packed(a.dtype, value, False)]
    rk = mh.CreateKernel(prog, O.kernel_path("eltwise/reader_unary_interleaved_start_id.py"), cores,
                         ReaderDataMovementConfig(compile_args=O.accessor_args(a)))
    wk = mh.CreateKernel(prog, _k("writer_unary_pad_dims_interleaved"), cores,
                         WriterDataMovementConfig(compile_args=[0, 1] + O.accessor_args(out)))
    n_in = a.num_pages

    def set_args(tensors):
        src, dst = tensors
        mh.SetRuntimeArgs(prog, rk, CoreCoord(0, 0), [src.buffer_address(), n_in, 0])
        mh.SetRuntimeArgs(prog, wk, CoreCoord(0, 0), [dst.buffer_address()] + rest)

    return O.ProgramEntry(prog, set_args, 1, "pad_tile_single_core")
