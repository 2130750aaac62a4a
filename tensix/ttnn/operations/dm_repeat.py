"""ttnn.repeat, as tt-metal 622c6fb9 runs it (ttnn/cpp/ttnn/operations/data_movement/repeat/).

The host side (repeat.cpp): the repetition vector and the input matched in rank (match_input_rank: the input viewed
with leading 1s, or the vector padded with leading 1s); a zero repetition gives ttnn.zeros of the result shape, all
ones the input itself; then, one dim at a time from the last:
- a TILE input whose last two logical dims are whole tiles runs the tile-native program per repeated dim
  (repeat_dim_tile: its tiles as [higher, rep_dim, lower] pages);
- else the tensor goes ROW_MAJOR (ttnn.to_layout), the last dim repeats with RepeatProgramFactoryLastDim on a
  [rows, row] view, every other dim with RepeatProgramFactoryHigherDim on a [upper, dim, lower, row] view, and a TILE
  input is tilized back (with its dtype).
The output memory config is memory_config, default the input's.

The device op (device/repeat_device_operation.cpp, repeat_program_factory_last_dim.cpp,
repeat_program_factory_higher_dim.cpp): one reader kernel on the whole grid, cores taken column by column, each a
share of the rows (last dim) or of the higher / lower pages (whichever is larger), the rest nop. The last-dim
program's c_0 / c_1 are as large as tt-metal sizes them (READ_ALIGNMENT * 2 + (size & 0xF) == 0 ? ... parses as
(128 + (size & 0xF)) == 0, so a row of a multiple of 8 bytes gets 2 rows, of 4 bytes 4 rows, of 2 bytes 8 rows, else
16 rows), which the kernel's aligned offsets (up to 127 bytes in) can overrun into the next CB, as on the card.

Not modelled (NotModelledError): sharded inputs and sharded output configs (is_native_repeat_sharding, the sharded
kernels and repeat_utils' shard-spec synthesis are not ported)."""

from __future__ import annotations

import math
import time

from tensix.errors import NotModelledError
from tensix.device import formats
from tensix.metalium import host as mh
from tensix.metalium.types import CoreCoord, ReaderDataMovementConfig
from tensix.ttnn import op as O
from tensix.ttnn.errors import DTypeError, LayoutError, TTNNError
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import DataType, Layout, data_format

__all__ = ["repeat"]

_RM_DTYPES = (DataType.UINT16, DataType.BFLOAT16, DataType.UINT32, DataType.INT32, DataType.FLOAT32)


def _core():
    from tensix.ttnn import core
    return core


def _view(t: Tensor, shape) -> Tensor:
    from tensix.ttnn.operations.dm_reshape import view_tensor
    return view_tensor(t, [int(d) for d in shape])


def repeat(input_tensor: Tensor, repeat_dims, memory_config=None, **kwargs) -> Tensor:
    """ttnn.repeat(input_tensor, repeat_dims, *, memory_config=None) (repeat_nanobind.cpp: repeat_dims a ttnn.Shape
    or a list of ints)."""
    what = "ttnn.repeat"
    O.refuse_unknown_kwargs(what, kwargs)
    a = input_tensor
    dev = O.device_of(what, a)
    reps = [int(r) for r in repeat_dims]
    if any(r < 0 for r in reps):
        raise TypeError(f"{what}: repetitions must be non-negative (uint32_t in ttnn's binding), got {reps}")
    work, reps = _match_input_rank(a, reps)
    in_mc = a.memory_config()
    if a.is_sharded() or (memory_config is not None and memory_config.is_sharded()):
        raise NotModelledError(f"{what}: sharded tensors (repeat.cpp's native sharded path, is_native_repeat_sharding, "
                               "and its interleaved fallback around it) are not modelled.\nFix: ttnn.to_memory_config "
                               "to an interleaved config first, and ask for an interleaved output.")
    out_mc = memory_config or in_mc
    if any(r == 0 for r in reps):
        shape = [d * r for d, r in zip(work.shape, reps)]
        return _core().zeros(shape, dtype=a.dtype, layout=a.layout, device=dev, memory_config=out_mc)
    if len(work.shape) == 0:
        raise TTNNError(f"{what}: repeat does not support rank 0 tensors")
    if all(r == 1 for r in reps):
        return a
    shape = [int(d) for d in work.shape]
    if a.layout == Layout.TILE and len(shape) >= 2 and shape[-1] % 32 == 0 and shape[-2] % 32 == 0:
        for dim in range(len(reps) - 1, -1, -1):
            if reps[dim] != 1:
                work = _repeat_dim_tile(what, work, dim, reps[dim], out_mc)
        return work
    if work.layout == Layout.TILE:
        work = _core().to_layout(work, Layout.ROW_MAJOR)
    for dim in range(len(reps) - 1, -1, -1):
        if reps[dim] == 1:
            continue
        if dim == len(reps) - 1:
            work = _repeat_last_dim_rm(what, work, reps[dim], out_mc)
        else:
            work = _repeat_upper_dims_rm(what, work, dim, reps[dim], out_mc)
    if a.layout == Layout.TILE:
        work = _core().to_layout(work, Layout.TILE, dtype=a.dtype)
    return work


def _match_input_rank(t: Tensor, reps):
    """repeat.cpp match_input_rank."""
    shape = [int(d) for d in t.shape]
    if len(shape) < len(reps):
        return _view(t, [1] * (len(reps) - len(shape)) + shape), reps
    if len(reps) < len(shape):
        return t, [1] * (len(shape) - len(reps)) + reps
    return t, reps


def _repeat_upper_dims_rm(what, t: Tensor, dim: int, n: int, mc) -> Tensor:
    shape = [int(d) for d in t.shape]
    collapsed = [math.prod(shape[:dim]), shape[dim], math.prod(shape[dim + 1:-1]), shape[-1]]
    out = _prim_repeat(what, _view(t, collapsed), n, False, mc)
    expected = list(shape)
    expected[dim] *= n
    return _view(out, expected)


def _repeat_last_dim_rm(what, t: Tensor, n: int, mc) -> Tensor:
    shape = [int(d) for d in t.shape]
    out = _prim_repeat(what, _view(t, [math.prod(shape[:-1]), shape[-1]]), n, True, mc)
    expected = list(shape)
    expected[-1] *= n
    return _view(out, expected)


def _repeat_dim_tile(what, t: Tensor, dim: int, n: int, mc) -> Tensor:
    """repeat.cpp repeat_dim_tile: the tile pages as [higher, rep_dim_pages, lower]."""
    shape = [int(d) for d in t.shape]
    rank = len(shape)
    ht, wt = shape[-2] // 32, shape[-1] // 32
    if dim == rank - 1:
        higher, rep_pages, lower = math.prod(shape[:-2]) * ht, wt, 1
    elif dim == rank - 2:
        higher, rep_pages, lower = math.prod(shape[:-2]), ht, wt
    else:
        higher, rep_pages, lower = math.prod(shape[:dim]), shape[dim], math.prod(shape[dim + 1:-2]) * ht * wt
    return _prim_repeat(what, t, n, False, mc, tile=(dim, higher, rep_pages, lower))


# ------------------------------------------------------------------------------------------ ttnn::prim::repeat
def _prim_repeat(what, a: Tensor, n: int, last_dim: bool, mc, tile=None) -> Tensor:
    started = time.perf_counter()
    dev = O.device_of(what, a)
    if tile is not None:
        if a.layout != Layout.TILE:
            raise LayoutError(f"{what}: Tile-native repeat requires TILE layout")
    else:
        if a.layout != Layout.ROW_MAJOR:
            raise LayoutError(f"{what}: ROW_MAJOR repeat requires ROW_MAJOR layout")
        if a.dtype not in _RM_DTYPES:
            raise DTypeError(f"{what}: Can only work with UINT16, BFLOAT16, UINT32, INT32, FLOAT32 data types, got "
                             f"{a.dtype!r}")
    shape = [int(d) for d in a.shape]
    rdim = tile[0] if tile is not None else (len(shape) - 1 if last_dim else 1)
    shape[rdim] *= n
    out = O.output_tensor(dev, shape, a.dtype, a.layout, mc)
    grid = O.grid_of(dev)
    cores = [CoreCoord(x, y) for x in range(grid.x) for y in range(grid.y)]     # x outer, y inner
    es = a.element_size()
    if tile is not None:
        name = "RepeatProgramFactoryHigherDim"
        page = formats.tile_size(data_format(a.dtype))
        _, higher, rep_pages, lower = tile
        args = _higher_dim_args(cores, higher, rep_pages, lower, n)
        cbs = [(0, 128 + page)]
        ct = [page, 0, lower, rep_pages]
        kernel = "repeat_higher_dim_tile.py"
    elif last_dim:
        name = "RepeatProgramFactoryLastDim"
        page = shape[-1] // n * es
        rows = int(a.shape[-2])
        cb_size = page * (2 if page % 8 == 0 else 4 if page % 4 == 0 else 8 if page % 2 == 0 else 16)
        cbs = [(0, cb_size), (1, cb_size)]
        ct = [page, n, 0, 1]
        kernel = "repeat_last_dim_rm_interleaved.py"
        args = _last_dim_args(cores, rows)
    else:
        name = "RepeatProgramFactoryHigherDim"
        page = int(a.shape[3]) * es
        higher, rep_pages, lower = (int(d) for d in a.shape[:3])
        cbs = [(0, 128 + page), (1, 128 + page)]
        ct = [page, 0, 1, lower, rep_pages]
        kernel = "repeat_higher_dim_rm_interleaved.py"
        args = _higher_dim_args(cores, higher, rep_pages, lower, n)
    key = ("repeat", name, n, tile, O.spec_key(a), O.spec_key(out))

    def factory():
        prog = mh.CreateProgram()
        fmt = data_format(a.dtype)
        for idx, size in cbs:
            O.cb(prog, cores, idx, 1, fmt, page_size=size)
        rk = mh.CreateKernel(prog, O.kernel_path("data_movement/" + kernel), cores,
                             ReaderDataMovementConfig(compile_args=ct + O.accessor_args(a, out)))

        def set_args(tensors):
            src, dst = tensors[0].buffer_address(), tensors[1].buffer_address()
            for c, rt in zip(cores, args):
                # a nop core: the higher-dim factory gives it all zeros, the last-dim one the addresses
                mh.SetRuntimeArgs(prog, rk, c, [src, dst] + rt if (rt[-1] == 0 or last_dim) else [0, 0] + rt)

        return O.ProgramEntry(prog, set_args, sum(1 for r in args if r[-1] == 0), name)

    O.run(what, dev, key, factory, [a, out], [out], {"repeats": n}, started)
    return out


def _last_dim_args(cores, pages: int):
    """RepeatProgramFactoryLastDim's runtime args after the two addresses: (start, end, nop) per core."""
    per = (pages - 1) // len(cores) + 1
    out, start, done = [], 0, False
    for _ in cores:
        if done:
            out.append([0, 0, 1])
            continue
        end = min(start + per, pages)
        out.append([start, end, 0])
        start = end
        done = end == pages
    return out


def _higher_dim_args(cores, higher: int, rep: int, lower: int, n: int):
    """RepeatProgramFactoryHigherDim's runtime args after the two addresses: (h0, h1, l0, l1, repetitions, nop)."""
    on_higher = higher > lower
    total = higher if on_higher else lower
    chunk, mod = divmod(total, len(cores))
    out, start, done = [], 0, False
    for i in range(len(cores)):
        share = chunk + 1 if i < mod else chunk
        if done:
            out.append([0, 0, 0, 0, 0, 1])
            continue
        end = min(start + share, total)
        out.append([start, end, 0, lower, n, 0] if on_higher else [0, higher, start, end, n, 0])
        start = end
        done = end == total
    return out
