"""ttnn.moreh_full and ttnn.moreh_full_like, as tt-metal 622c6fb9 runs them (ttnn/cpp/ttnn/operations/full/full.cpp,
ttnn/cpp/ttnn/operations/full_like/full_like.cpp): both launch prim::full (FullDeviceOperation,
full/device/full_device_operation.cpp), moreh_full_like with the input's logical shape, device and (unless given)
dtype, layout and memory config.

prim::full validates the dtype (BFLOAT16, INT32, FLOAT32) and the shape (rank > 1, every dim > 0) and picks:
- FullInterleavedProgramFactory (full_program_factory_interleaved.cpp): the output pages split with
  split_work_to_cores over the grid (column-wise); each core fills one CB page with the value and writes its pages
  (writer_full); with more pages than cores a second copy of the kernel on the reader RISC-V writes the first half
  of each core's pages from its own CB (c_1);
- FullShardedProgramFactory (a config with a legacy shard_spec, L1 or DRAM): one core per shard
  (get_optimal_worker_cores_for_sharded_tensor), writing the shard's rows of pages (writer_full_sharded);
- FullNDShardedProgramFactory (an ND shard spec only): the cores with data, each writing shards start, start + n, ...
  through TensorAccessor shard_pages (writer_full_nd_sharded).
Whole pages are written: a TILE tensor's tile padding holds the value too, as on the card.

The fill word (full_program_factory_common.hpp encode_fill_value): an int fill value is the int's bits whatever the
dtype (so an int into bfloat16 stores its high half: 3 gives 0, as on the card; an int into float32 its bits as a
float), a float one is bfloat16(value) << 16 for BFLOAT16 (round to nearest even) or the float's bits. A word of 0
zeroes the page (noc.async_write_zeros)."""

from __future__ import annotations

import math
import struct
import time

import numpy as np

from tensix.device import formats
from tensix.metalium import host as mh
from tensix.metalium.types import CoreRange, CoreRangeSet, ReaderDataMovementConfig, WriterDataMovementConfig
from tensix.ttnn import op as O
from tensix.ttnn.errors import DTypeError, ShapeError, TTNNError
from tensix.ttnn.operations import _dm_common as C
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import DRAM_MEMORY_CONFIG, TILE_SIZE, DataType, Layout, data_format, element_size

__all__ = ["moreh_full", "moreh_full_like"]

_DEFINES = {DataType.BFLOAT16: "OUTPUT_DTYPE_BFLOAT16", DataType.INT32: "OUTPUT_DTYPE_INT32",
            DataType.FLOAT32: "OUTPUT_DTYPE_FLOAT32"}


def moreh_full(shape, fill_value, device, dtype=DataType.BFLOAT16, layout=Layout.TILE,
               memory_config=DRAM_MEMORY_CONFIG) -> Tensor:
    """ttnn.moreh_full(shape, fill_value, device, dtype=bfloat16, layout=TILE, memory_config=DRAM)
    (full_nanobind.cpp)."""
    return _prim_full("ttnn.moreh_full", [int(d) for d in shape], fill_value, device, dtype, layout,
                      memory_config or DRAM_MEMORY_CONFIG)


def moreh_full_like(input, fill_value, dtype=None, layout=None, memory_config=None) -> Tensor:  # noqa: A002
    """ttnn.moreh_full_like(input, fill_value, dtype=None, layout=None, memory_config=None)
    (full_like_nanobind.cpp): the input's logical shape filled, on its device."""
    what = "ttnn.moreh_full_like"
    input._check_alive(what)
    if input._device is None:
        raise TTNNError(f"{what}: Full Like: Input must be on device.\nFix: ttnn.to_device(input, device) first.")
    return _prim_full(what, [int(d) for d in input.shape], fill_value, input._device, dtype or input.dtype,
                      layout or input.layout, memory_config or input.memory_config())


def encode_fill_value(fill_value, dtype: DataType) -> int:
    """full_program_factory_common.hpp encode_fill_value: the 32-bit word the kernels get."""
    if isinstance(fill_value, (bool, int, np.integer)):
        return int(fill_value) & 0xFFFFFFFF
    f = np.array([np.float32(fill_value)])
    if dtype == DataType.BFLOAT16:
        return int(formats.fp32_to_bf16_rne(f.view(np.uint32))[0]) << 16
    return struct.unpack("<I", struct.pack("<f", float(f[0])))[0]


def _prim_full(what, shape, fill_value, device, dtype, layout, mc) -> Tensor:
    started = time.perf_counter()
    if dtype not in _DEFINES:
        raise DTypeError(f"{what}: Full: Unsupported data type {dtype!r}.\nFix: bfloat16, int32 or float32.")
    if len(shape) <= 1:
        raise ShapeError(f"{what}: Full operation error: Shape size must be greater than 1, but got shape size = "
                         f"{len(shape)}.\nFix: a rank-2 or higher shape ([1, n]).")
    for i, d in enumerate(shape):
        if d <= 0:
            raise ShapeError(f"{what}: Full operation error: Invalid shape at index {i}. Each dimension of the shape "
                             f"must be greater than 0, but got shape[{i}] = {d}")
    out = C.make_output(device, shape, dtype, layout, mc, nd_ok=True)
    word = encode_fill_value(fill_value, dtype)
    if not mc.is_sharded():
        kind, factory = "interleaved", lambda: _interleaved(out, device)      # noqa: E731
    elif mc.shard_spec is not None:
        kind, factory = "sharded", lambda: _sharded(out)                      # noqa: E731
    else:
        kind, factory = "nd_sharded", lambda: _nd_sharded(out)                # noqa: E731
    key = ("full", kind, O.spec_key(out))
    O.run(what, device, key, factory, [out], [out], {"fill_value": fill_value}, started, runtime=word)
    return out


def _elems(out: Tensor, page_size: int) -> int:
    return page_size // element_size(out.dtype)


def _interleaved(out: Tensor, device) -> O.ProgramEntry:
    """FullInterleavedProgramFactory::create_descriptor."""
    n_pages = out.num_pages
    ws = C.split_work_to_cores(device.compute_with_storage_grid_size(), n_pages)
    all_cores = CoreRangeSet(ws.all_ranges)
    page = out._buffer.page_size
    fmt = data_format(out.dtype)
    defines = {_DEFINES[out.dtype]: 1}
    prog = mh.CreateProgram()
    O.cb(prog, all_cores, 0, 1, fmt, page_size=page)
    ct = [page // element_size(out.dtype), page] + O.accessor_args(out)
    wk = mh.CreateKernel(prog, O.kernel_path("data_movement/writer_full.py"), all_cores,
                         WriterDataMovementConfig(compile_args=[0] + ct, defines=defines))
    has_reader = n_pages > ws.num_cores
    rk = None
    if has_reader:
        O.cb(prog, all_cores, 1, 1, fmt, page_size=page)
        rk = mh.CreateKernel(prog, O.kernel_path("data_movement/writer_full.py"), all_cores,
                             ReaderDataMovementConfig(compile_args=[1] + ct, defines=defines))
    per_core, offset = [], 0
    for core in C.corerange_to_cores(all_cores):        # corerange_to_cores(all_cores, nullopt): column-wise
        n = ws.units_of(core)
        per_core.append((core, n, offset))
        offset += n

    def set_args(tensors, word):
        (dst,) = tensors
        for core, n, start in per_core:
            if has_reader:
                half = n // 2
                mh.SetRuntimeArgs(prog, rk, core, [dst.buffer_address(), word, half, start])
                mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address(), word, n - half, start + half])
            else:
                mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address(), word, n, start])

    return O.ProgramEntry(prog, set_args, len(per_core), "full_interleaved")


def _worker_cores(out: Tensor, count: int) -> list:
    """get_optimal_worker_cores_for_sharded_tensor: the cores holding the shards (L1, in shard order), or the worker
    core tt-metal assigns to each DRAM bank with shards."""
    buf = out._buffer
    if getattr(buf, "dram_sharded", False):
        from tensix.ttnn.nd_sharded import dram_worker_cores
        return dram_worker_cores(buf.geom)[:count]
    geom = buf.geom
    if hasattr(geom, "shards"):             # legacy L1 sharding: (core, shard row, shard column)
        order = sorted(geom.shards, key=lambda s: (s[1], s[2]))
        return [s[0] for s in order][:count]
    return list(geom.cores)[:count]


def _sharded(out: Tensor) -> O.ProgramEntry:
    """FullShardedProgramFactory::create_descriptor."""
    spec = out.memory_config().shard_spec
    sh, sw = spec.shape
    if out.layout == Layout.TILE:
        p = list(out.padded_shape)
        th, tw = math.prod(p[:-1]) // TILE_SIZE, p[-1] // TILE_SIZE
        sph, spw = sh // TILE_SIZE, sw // TILE_SIZE
    else:
        s = list(out.shape)
        th, tw = math.prod(s[:-1]), -(-s[-1] // sw)
        sph, spw = sh, 1
    across_w, across_h = -(-tw // spw), -(-th // sph)
    cores = _worker_cores(out, across_w * across_h)
    crs = CoreRangeSet([CoreRange(c, c) for c in cores])
    page = out._buffer.page_size
    aligned = getattr(out._buffer, "aligned_page_size", page)
    prog = mh.CreateProgram()
    O.cb(prog, crs, 24, 1, data_format(out.dtype), page_size=page)
    wk = mh.CreateKernel(prog, O.kernel_path("data_movement/writer_full_sharded.py"), crs, WriterDataMovementConfig(
        compile_args=[24, _elems(out, page), page, aligned, tw] + O.accessor_args(out),
        defines={_DEFINES[out.dtype]: 1}))
    per_core = []
    for i, core in enumerate(cores):
        r, c = divmod(i, across_w)
        first = r * sph * tw + c * spw
        vw = tw - c * spw if c == across_w - 1 else spw
        vh = th - r * sph if r == across_h - 1 else sph
        per_core.append((core, [first, vw, vh]))

    def set_args(tensors, word):
        (dst,) = tensors
        for core, rest in per_core:
            mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address(), word] + rest)

    return O.ProgramEntry(prog, set_args, len(per_core), "full_sharded")


def _nd_sharded(out: Tensor) -> O.ProgramEntry:
    """FullNDShardedProgramFactory::create_descriptor."""
    # the buffer's BufferDistributionSpec (tensix stores an ND spec with a legacy equivalent as a legacy-sharded
    # buffer: the same pages on the same cores)
    tensor_pages, shard_pages, banks = out._buffer.distribution_spec()
    n_shards = math.prod(-(-t // s) for t, s in zip(tensor_pages, shard_pages))
    cores = _worker_cores(out, min(len(banks), n_shards))
    crs = CoreRangeSet([CoreRange(c, c) for c in cores])
    page = out._buffer.page_size
    prog = mh.CreateProgram()
    O.cb(prog, crs, 24, 1, data_format(out.dtype), page_size=page)
    aligned = getattr(out._buffer, "aligned_page_size", page)
    wk = mh.CreateKernel(prog, O.kernel_path("data_movement/writer_full_nd_sharded.py"), crs, WriterDataMovementConfig(
        compile_args=[24, _elems(out, page), page, aligned, n_shards, len(cores)] + O.accessor_args(out),
        defines={_DEFINES[out.dtype]: 1}))

    def set_args(tensors, word):
        (dst,) = tensors
        for i, core in enumerate(cores):
            mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address(), word, i])

    return O.ProgramEntry(prog, set_args, len(cores), "full_nd_sharded")
