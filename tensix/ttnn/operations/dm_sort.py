"""ttnn.sort, as tt-metal 622c6fb9 runs it (ttnn/cpp/ttnn/operations/data_movement/sort/).

The host side (sort.cpp, ttnn::sort): stable=True is refused (TT_FATAL); a rank-0 or [1] input, or a sort dim of
size 1, is returned as is with zero indices (ttnn.zeros_like, UINT32 for a FLOAT32 input, else UINT16), bound to the
preallocated outputs when their shapes match. Otherwise a sharded input goes to DRAM first (ttnn.to_memory_config),
then pre_sort_transform_tensor: the dim moved last (ttnn.transpose(dim, -1)), the tensor seen as 4D (views), the
implicit tile padding filled with +inf (ascending) / -inf (descending) (TILE), or the rows padded with it to a whole
number of tile rows (ROW_MAJOR, ttnn.pad of H), and the last dim padded with it to the next power of two of at least
64 (ttnn.pad). The device op then sorts along the last dim, into DRAM when the output is to be sharded; the result is
sliced back, viewed back to the original rank, transposed back, and put in the requested (sharded) memory config /
the preallocated outputs' layout. Preallocated outputs (out=(values, indices)) are canonicalised the same way when
their layout is the input's and given to the device op; the caller's tensor objects are rebound to the results (as
sort.cpp assigns through the Tensor& it was given).

The device op (device/sort_device_operation.cpp): validation (4D, dim last, BFLOAT16 / UINT16 / FLOAT32, padded width
a multiple of 64, combined height a multiple of 32, preallocated outputs of the input's padded shape, values of the
input's dtype, UINT16 / UINT32 indices, UINT32 for a FLOAT32 input); indices are UINT16, or UINT32 for a last dim of
at least 65535 or a FLOAT32 input; the output layout is the input's. select_program_factory: Wt <= 64
(SORT_WT_THRESHOLD) runs SortProgramFactorySingleRowSingleCore, a longer row SortProgramFactoryCrossCoreDataExchange
when it fits the grid, else SortProgramFactorySingleRowMultiCore.

SortProgramFactorySingleRowSingleCore (device/sort_program_factory.cpp): each row of Wt tiles on one core, the Ht
rows over the grid (cores in row-major order from (0, 0), the first Ht % cores of them one row more when Ht exceeds
the grid); reader_single_row_single_core (input to c_0, sorted indices out of c_5), writer_single_row_single_core
(generated index tiles to c_1, sorted values out of c_4), compute sort_single_row_single_core (a bitonic sort of the
row on tt-llk's topk_local_sort / topk_merge, tensix.kernel.sfpu_topk) with fp32_dest_acc_en for 32-bit data; a
ROW_MAJOR input is read by rows, tilized and untilized on the core (c_7 .. c_10).

SortProgramFactoryCrossCoreDataExchange (same file): each row split over up to 64 cores (a power of two of them, n =
Wt / cores tiles each, 2 .. 128), the rows one after the other; the network's steps between tiles of different cores
exchange the cores' tiles over the NoC (semaphore handshakes and a barrier of all the cores, through a UINT32 lookup
table of the cores' physical coordinates in DRAM, made once and kept with the cached program); each core keeps the
lower or upper half of the merge of its tile with the peer's. Kernels reader / writer / sort_cross_core_data_exchange.
The kernels are in tensix/ttnn/kernels/sort/.

Ties: the bitonic network (tt-llk's topk with STABLE_SORT = false) leaves equal keys in the order it leaves them, bit
for bit as on the card; tensix does not reorder them. In the cross-core program two cores merge the same pair of tiles
with the operands in opposite order, so a tied key at the split can be kept by both cores (its index twice) and
another by neither: the values stay right and every index points at an equal value.

Deviations (no effect on any result): on the card the compute kernels' cb_reserve_back runs on the PACK thread and
waits for the UNPACK thread's cb_pop_front of the same pages; tensix runs the three TRISCs' calls in one sequence, so
where the C++ reserves before it pops a full CB the port pops first. The lookup table is padded with zeros to the
UInt32 tile the reader reads of it (on the card the bytes past the table are whatever DRAM holds there, never used;
tensix refuses reads of unallocated DRAM). writer_cross_core_data_exchange's final push of the lookup CB (unreserved,
never read) is left out: tensix's CB model refuses unreserved pushes. A preallocated UINT16 / UINT32 index output is
padded with float_to_uint16(+-inf) / 0 (every padded datum is overwritten by the device op).

Not modelled (NotModelledError): SortProgramFactorySingleRowMultiCore (rows of more than 64 x 128 tiles after the
power-of-two padding); UINT16 values (the card's unpacker / SFPU / packer treatment of UInt16 data in this kernel is
not modelled: tensix's data path would give a plausible wrong number)."""

from __future__ import annotations

import math
import time

from tensix.device.formats import DataFormat, tile_size
from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.types import (ComputeConfig, CoreCoord, ReaderDataMovementConfig, UnpackToDestMode,
                                   WriterDataMovementConfig)
from tensix.ttnn import op as O
from tensix.ttnn.errors import DTypeError, ShapeError, TTNNError
from tensix.ttnn.operations.reduction import _to_4d, _view
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import DRAM_MEMORY_CONFIG, DataType, Layout, data_format as _fmt

__all__ = ["sort"]

SORT_WT_THRESHOLD = 64          # sort_device_operation.cpp
TILE = 32
_KDIR = "sort/"


def _ops():
    from tensix.ttnn import operations
    return operations


def _ttnn():
    import tensix.ttnn as ttnn      # zeros_like / to_layout live in tensix.ttnn.core
    return ttnn


def _rebind(user: Tensor, result: Tensor) -> None:
    """sort.cpp's assignment through the Tensor& of a preallocated output: the caller's object now is the result."""
    if user is not result:
        user.__dict__.update(result.__dict__)


def sort(input_tensor: Tensor, dim: int = -1, descending: bool = False, stable: bool = False, *,
         memory_config=None, out=None):
    """ttnn.sort(input_tensor, dim=-1, descending=False, stable=False, *, memory_config=None, out=None) ->
    [values, indices] (sort_nanobind.cpp / sort.cpp)."""
    what = "ttnn.sort"
    t = input_tensor
    O.device_of(what, t, *(out or ()))
    if stable:
        raise TTNNError(f"{what}: stable=True is not yet implemented (sort.cpp TT_FATAL).\nFix: stable=False.")
    shape = list(t.shape)
    rank = len(shape)
    index_dtype = DataType.UINT32 if t.dtype == DataType.FLOAT32 else DataType.UINT16
    ops = _ops()

    def early_exit():
        indices = _ttnn().zeros_like(t, index_dtype)
        if out is not None and all(list(o.shape) == shape for o in out):
            _rebind(out[0], t)
            _rebind(out[1], indices)
            return [out[0], out[1]]
        return [t, indices]

    if shape in ([], [1]):
        return early_exit()
    if not -rank <= dim < rank:
        raise TTNNError(f"{what}: Sort dim {dim} is out of range for rank-{rank} tensor")
    ndim = dim + rank if dim < 0 else dim
    if shape[ndim] == 1:
        return early_exit()
    is_last = ndim == rank - 1
    _refuse_long_rows(what, t, shape[ndim])
    sort_mc = memory_config or t.memory_config()
    index_mc_override = None
    if out is not None:
        sort_mc = out[0].memory_config()
        if out[0].memory_config() != out[1].memory_config():
            index_mc_override = out[1].memory_config()
    src = ops.to_memory_config(t, DRAM_MEMORY_CONFIG) if t.is_sharded() else t
    padded = _pre(src, ndim, is_last, descending)
    dev_mc = DRAM_MEMORY_CONFIG if sort_mc.is_sharded() else sort_mc
    outs = None
    mismatch = False
    if out is not None:
        mismatch = any(o.layout != padded.layout for o in out)
        if not mismatch:
            outs = [_pre(o, ndim, is_last, descending) for o in out]
    result = _prim_sort(what, padded, bool(descending), dev_mc, outs)
    result = _post(t, result, ndim, is_last, shape, dev_mc)
    if sort_mc.is_sharded() and not mismatch:
        result = [ops.to_memory_config(r, sort_mc) for r in result]
    if mismatch:
        result = [r if r.layout == o.layout else _ttnn().to_layout(r, o.layout) for r, o in zip(result, out)]
        if sort_mc.is_sharded():
            result = [ops.to_memory_config(r, sort_mc) for r in result]
    if index_mc_override is not None:
        result[1] = ops.to_memory_config(result[1], index_mc_override)
    if out is not None:
        _rebind(out[0], result[0])
        _rebind(out[1], result[1])
        return [out[0], out[1]]
    return result


def _fill_value(dtype: DataType, descending: bool) -> float:
    """The padding value sort.cpp passes (-inf descending, +inf ascending), as ttnn.pad packs it for the tensor's
    dtype: float_to_uint16 (data_movement/common.cpp) makes +inf 65535 and -inf 0 for UINT16. A UINT32 tensor is only
    padded here as a preallocated index output, whose every datum the device op then overwrites; pad's C++ float to
    uint32 conversion of an infinity is undefined, and tensix pads with 0 as the value can never be read."""
    if dtype == DataType.UINT16:
        return 0.0 if descending else 65535.0
    if dtype in (DataType.UINT32, DataType.INT32):
        return 0.0
    return -math.inf if descending else math.inf


def _padded_width(t: Tensor, w: int) -> int:
    """The device op's row width for a sort dim of w: pre_sort_transform_tensor's power-of-two padding of the
    (TILE: tile-padded) width, at least 64."""
    if t.layout == Layout.TILE:
        w = -(-w // TILE) * TILE
    p2 = _next_power_of_two(w)
    if p2 == w and w > TILE:
        return w
    return 2 * TILE if p2 == TILE else max(p2, w)


def _tiles_per_core(cores: int, Wt: int) -> int:
    """get_number_of_tiles_per_core(..., USE_AS_MANY_CORES): Wt / cores, at least 2 and at most 128."""
    return min(128, max(Wt // cores, 2))


def _rounddown_pow2(n: int) -> int:
    return 0 if n == 0 else 1 << (n.bit_length() - 1)


def _factory_name(grid, Wt: int) -> str:
    """SortDeviceOperation::select_program_factory (the hybrid limit counts the physical cores)."""
    total = grid.x * grid.y
    if Wt <= SORT_WT_THRESHOLD:
        return "SortProgramFactorySingleRowSingleCore"
    if Wt <= total * _tiles_per_core(total, Wt):
        return "SortProgramFactoryCrossCoreDataExchange"
    return "SortProgramFactorySingleRowMultiCore"


def _refuse_long_rows(what, t: Tensor, w: int) -> None:
    """select_program_factory's choice of SortProgramFactorySingleRowMultiCore, made before the transforms run (they
    would only be thrown away): that factory is not modelled."""
    wt = _padded_width(t, w) // TILE
    grid = O.grid_of(O.device_of(what, t))
    if (_factory_name(grid, wt) == "SortProgramFactorySingleRowMultiCore"
            and t.dtype in (DataType.BFLOAT16, DataType.FLOAT32)):
        limit = grid.x * grid.y * 128
        raise NotModelledError(
            f"{what}: a row of {wt} tiles (sort dim {w}, {wt * TILE} after the power-of-two padding) runs "
            "SortProgramFactorySingleRowMultiCore (sort_program_factory.cpp: the row sorted through a DRAM scratch "
            "tensor, pairs of tiles handed to worker cores by a coordinator core), which tensix does not model.\nFix: "
            f"sort a dim of at most {limit * TILE} ({limit} tiles: SortProgramFactoryCrossCoreDataExchange).")


def _next_power_of_two(n: int) -> int:
    return 1 if n <= 1 else 1 << (n - 1).bit_length()


def _pre(t: Tensor, ndim: int, is_last: bool, descending: bool) -> Tensor:
    """pre_sort_transform_tensor (sort.cpp)."""
    ops = _ops()
    if list(t.shape) == [1]:
        return t
    if not is_last:
        t = ops.transpose(t, ndim, -1, memory_config=t.memory_config())
    t = _to_4d(t)
    fill = _fill_value(t.dtype, descending)
    row_major = t.layout == Layout.ROW_MAJOR
    if not row_major:
        t = ops.fill_implicit_tile_padding(t, fill)
    else:
        s = list(t.shape)
        combined_h = s[0] * s[1] * s[2]
        if combined_h % TILE:
            align = TILE // math.gcd(TILE, s[0] * s[1])     # the smallest H step making every group whole
            new_h = -(-s[2] // align) * align
            t = ops.pad(t, [s[0], s[1], new_h, s[3]], [0, 0, 0, 0], fill, use_multicore=True)
    last = int((t.shape if row_major else t.padded_shape)[-1])
    p2 = _next_power_of_two(last)
    if p2 == last and last > TILE:
        return t
    if p2 == TILE:
        p2 = 2 * TILE
    s = list(t.shape)
    return ops.pad(t, [s[0], s[1], s[2], p2], [0, 0, 0, 0], fill, use_multicore=True)


def _post(t: Tensor, result, ndim: int, is_last: bool, original, mc):
    """post_sort_transform_tensor (sort.cpp): slice the padding off, back to the original rank (views), transpose
    back."""
    ops = _ops()
    rank = len(original)
    s = list(result[0].shape)
    if s[-1] != original[ndim]:
        end = s[:3] + [original[ndim]]
        result = [ops.slice(r, [0, 0, 0, 0], end, [1, 1, 1, 1], memory_config=mc) for r in result]
    s = list(result[0].shape)
    combined = math.prod(original) // original[ndim]
    if s[0] * s[1] * s[2] != combined:
        end = [s[0], s[1], combined // (s[0] * s[1]), s[3]]
        result = [ops.slice(r, [0, 0, 0, 0], end, [1, 1, 1, 1], memory_config=mc) for r in result]
    if 1 < rank < 4:
        result = [_view(r, tuple(r.shape)[4 - rank:]) for r in result]
    elif rank == 1:
        result = [_view(r, tuple(original)) for r in result]
    elif rank > 4:
        target = list(original)
        if not is_last:
            target[ndim], target[-1] = target[-1], target[ndim]
        result = [_view(r, tuple(target)) for r in result]
    if not is_last:
        result = [ops.transpose(r, ndim, -1, memory_config=t.memory_config()) for r in result]
    if list(result[0].shape) != list(original):
        raise TTNNError(f"ttnn.sort: Output tensor transformation did not create correct output shape! Got: "
                        f"{list(result[0].shape)}, expected: {list(original)}")
    return list(result)


# ------------------------------------------------------------------------------------------ the device op
def _validate(what, a: Tensor, outs):
    """SortDeviceOperation::validate_on_program_cache_miss."""
    ps = list(a.padded_shape)
    if len(ps) != 4:
        raise ShapeError(f"{what}: Input shape must be 4D, got {len(ps)}")
    if a.dtype not in (DataType.BFLOAT16, DataType.UINT16, DataType.FLOAT32):
        raise DTypeError(f"{what}: Input tensor data type must be BFLOAT16, UINT16, or FLOAT32, got {a.dtype!r}.\n"
                         "Fix: ttnn.typecast the input to one of them.")
    w = int(a.shape[-1] if a.layout == Layout.ROW_MAJOR else ps[-1])
    if a.dtype == DataType.UINT16:
        raise NotModelledError(
            f"{what}: UINT16 values are not modelled: the sort kernels move them through transpose_wh, copy_tile and "
            "tt-llk's topk SFPU kernel in Dst, and how the card's unpacker, SFPLOAD / SFPSWAP and packer treat UInt16 "
            "data there is not modelled by tensix (it would return a plausible wrong number).\nFix: sort a BFLOAT16 "
            "or FLOAT32 tensor (ttnn.typecast).")
    if w % 64:
        raise ShapeError(f"{what}: Input shape inner dim {w} must be a multiple of 64, pad with +/-infinity if "
                         "necessary")
    if (ps[0] * ps[1] * ps[2]) % TILE:
        raise ShapeError(f"{what}: Input combined height (shape[0]*shape[1]*shape[2] = {ps[0] * ps[1] * ps[2]}) must "
                         "be a multiple of 32.")
    if outs is None:
        return
    v, i = outs
    if list(v.padded_shape) != ps:
        raise ShapeError(f"{what}: Output tensor shape must be the same as input tensor shape. Got output tensor "
                         f"shape: {list(v.padded_shape)} and input tensor shape: {ps}")
    if list(i.padded_shape) != ps:
        raise ShapeError(f"{what}: Output tensor indices shape must be the same as input tensor shape. Got output "
                         f"indices tensor shape: {list(i.padded_shape)} and input tensor shape: {ps}")
    if v.dtype != a.dtype:
        raise DTypeError(f"{what}: Output values tensor dtype must be the same as input tensor dtype. Got output "
                         f"values tensor dtype: {v.dtype!r} and input tensor dtype: {a.dtype!r}")
    if i.dtype not in (DataType.UINT16, DataType.UINT32):
        raise DTypeError(f"{what}: Output indices tensor dtype must be UINT16 or UINT32. Got output indices tensor "
                         f"dtype: {i.dtype!r}")
    if a.dtype == DataType.FLOAT32 and i.dtype != DataType.UINT32:
        raise DTypeError(f"{what}: Output indices tensor dtype must be UINT32 when input dtype is FLOAT32 "
                         f"(fp32_dest_acc_en forces 32-bit index tiles). Got: {i.dtype!r}.\nFix: a uint32 indices "
                         "tensor.")


def _prim_sort(what, a: Tensor, descending: bool, mc, outs):
    """ttnn::prim::sort on the 4D padded tensor (dim = -1)."""
    started = time.perf_counter()
    _validate(what, a, outs)
    dev = O.device_of(what, a)
    rm = a.layout == Layout.ROW_MAJOR
    w = int(a.shape[-1] if rm else a.padded_shape[-1])
    Wt = w // TILE
    grid = O.grid_of(dev)
    name = _factory_name(grid, Wt)
    if name == "SortProgramFactorySingleRowMultiCore":
        _refuse_long_rows(what, a, w)
    if outs is not None:
        values, indices = outs
    else:
        idx_dtype = DataType.UINT32 if (int(a.shape[-1]) >= 65535 or a.dtype == DataType.FLOAT32) else DataType.UINT16
        values = O.output_tensor(dev, list(a.shape), a.dtype, a.layout, mc)
        indices = O.output_tensor(dev, list(a.shape), idx_dtype, a.layout, mc)
    key = ("sort", descending, O.spec_key(a), O.spec_key(values), O.spec_key(indices))
    build = _single_row_single_core if name == "SortProgramFactorySingleRowSingleCore" else _cross_core
    O.run(what, dev, key, lambda: build(dev, a, values, indices, descending),
          [a, values, indices], [values, indices], {"dim": -1, "descending": descending, "stable": False}, started)
    return [values, indices]


def _core_range(grid, Ht):
    """The factory's core range: the whole grid when Ht fills it, else Ht cores row by row from (0, 0)."""
    if Ht >= grid.x * grid.y:
        return [CoreCoord(x, y) for y in range(grid.y) for x in range(grid.x)]
    rows, cols = divmod(Ht, grid.x)
    if rows == 0 and cols == 0:
        return [CoreCoord(0, 0)]
    return [CoreCoord(x, y) for y in range(rows) for x in range(grid.x)] + [CoreCoord(x, rows) for x in range(cols)]


def _single_row_single_core(dev, a: Tensor, values: Tensor, indices: Tensor, descending: bool) -> O.ProgramEntry:
    """SortProgramFactorySingleRowSingleCore::create_descriptor."""
    rm = a.layout == Layout.ROW_MAJOR
    s = list(a.shape if rm else a.padded_shape)
    Ht = s[0] * s[1] * s[2] // TILE
    Wt = s[3] // TILE
    in_fmt, val_fmt, idx_fmt = _fmt(a.dtype), _fmt(values.dtype), _fmt(indices.dtype)
    w_value_bytes = s[3] * (tile_size(in_fmt) // (TILE * TILE))
    w_index_bytes = s[3] * (tile_size(idx_fmt) // (TILE * TILE))
    grid = O.grid_of(dev)
    total = grid.x * grid.y
    loops, residuum = divmod(Ht, total)
    is_32_bit = idx_fmt == DataFormat.UInt32 or in_fmt == DataFormat.Float32
    cores = _core_range(grid, Ht)
    prog = mh.CreateProgram()
    in_units = 4                                        # cb_in_units = 2 * num_cb_unit
    for idx, tiles, fmt in ((0, Wt if rm else in_units, in_fmt), (1, Wt if rm else in_units, idx_fmt),
                            (2, Wt, in_fmt), (3, Wt, idx_fmt), (4, 2, val_fmt), (5, 2, idx_fmt)):
        O.cb(prog, cores, idx, tiles, fmt)
    O.cb(prog, cores, 6, 1, DataFormat.UInt8, page_size=TILE * TILE)    # the packer / unpacker synchronization CB
    if rm:
        O.cb(prog, cores, 7, TILE, in_fmt, page_size=w_value_bytes)
        O.cb(prog, cores, 8, TILE, val_fmt, page_size=w_value_bytes)
        O.cb(prog, cores, 9, TILE, idx_fmt, page_size=w_index_bytes)
        O.cb(prog, cores, 10, Wt, idx_fmt)
    rk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "reader_single_row_single_core.py"), cores,
                         ReaderDataMovementConfig(compile_args=[0, 5, Wt, Ht, total, grid.x, grid.y, int(rm), 7, 9,
                                                                w_value_bytes, w_index_bytes]
                                                  + O.accessor_args(a, indices)))
    wk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "writer_single_row_single_core.py"), cores,
                         WriterDataMovementConfig(compile_args=[4, 1, Wt, Ht, total, grid.x, grid.y, int(is_32_bit),
                                                                int(rm), 8, w_value_bytes]
                                                  + O.accessor_args(values)))
    utd = None
    if in_fmt == DataFormat.Float32:
        utd = {cb: UnpackToDestMode.UnpackToDestFp32 for cb in ((0, 2, 4, 7) if rm else (0, 2, 4))}
    ck = mh.CreateKernel(prog, O.kernel_path(_KDIR + "sort_single_row_single_core.py"), cores, ComputeConfig(
        fp32_dest_acc_en=is_32_bit, unpack_to_dest_mode=utd,
        compile_args=[0, 1, 2, 3, 4, 5, Wt, int(descending), 0, 6, int(rm), 7, 8, 9, 10]))
    # the first `residuum` cores (row-major) take one row more when Ht exceeds the grid; a short Ht runs one row each
    per_core = []
    extra = residuum if loops else 0
    for i, cc in enumerate(cores):
        per_core.append((cc, loops + 1 if i < extra else max(loops, 1)))

    def set_args(tensors):
        ta, tv, ti = tensors
        for cc, n in per_core:
            mh.SetRuntimeArgs(prog, rk, cc, [ta.buffer_address(), ti.buffer_address(), n])
            mh.SetRuntimeArgs(prog, wk, cc, [tv.buffer_address(), n])
            mh.SetRuntimeArgs(prog, ck, cc, [n])

    return O.ProgramEntry(prog, set_args, len(cores), "SortProgramFactorySingleRowSingleCore")


def _cross_core_range(count: int, physical: int, virtual: int, grid):
    """compute_cross_core_range: the cores of `count` work units, row by row from (0, 0) (for the virtual count,
    one row fewer than count // grid.x full rows, as the C++ computes it)."""
    if count == physical:
        return [CoreCoord(x, y) for y in range(grid.y) for x in range(grid.x)]
    rows, cols = divmod(count, grid.x)
    if count == virtual:
        rows -= 1
        out = [CoreCoord(x, y) for y in range(rows + 1) for x in range(grid.x)]
        return out + [CoreCoord(x, rows + 1) for x in range(cols)]
    if rows == 0 and cols == 0:
        return [CoreCoord(0, 0)]
    return [CoreCoord(x, y) for y in range(rows) for x in range(grid.x)] + [CoreCoord(x, rows) for x in range(cols)]


def _cross_core(dev, a: Tensor, values: Tensor, indices: Tensor, descending: bool) -> O.ProgramEntry:
    """SortProgramFactoryCrossCoreDataExchange (create_workload_descriptor / build_cross_core_program_descriptor):
    each row split over cores, n tiles each; a UINT32 ROW_MAJOR lookup table of the cores' physical coordinates in
    DRAM (made once, kept with the cached program); reader_cross_core_data_exchange, writer_cross_core_data_exchange,
    compute sort_cross_core_data_exchange; three semaphores (exchange, an unused one, barrier)."""
    import numpy as np
    import tensix.ttnn as ttnn
    rm = a.layout == Layout.ROW_MAJOR
    s = list(a.padded_shape)
    Ht = s[0] * s[1] * s[2] // TILE
    Wt = s[3] // TILE
    grid = O.grid_of(dev)
    physical = grid.x * grid.y
    virtual = _rounddown_pow2(physical)
    n = min(_tiles_per_core(virtual, Wt), Wt)
    count = -(-Wt // n)
    if count > virtual:
        raise TTNNError(f"ttnn.sort: All core utilization count exceeds total number of cores. Utilized cores: "
                        f"{count}, Total cores: {virtual}")
    cores = _cross_core_range(count, physical, virtual, grid)
    sim = dev.sim
    words = [c for cc in cores for c in _xy(sim.worker_core_from_logical_core(cc))]
    # the C++ table is [1, 2 * cores] (512 B for 64 cores), and the reader reads one whole UInt32 tile (4096 B) of it:
    # on the card the rest is whatever DRAM holds past the buffer, never used; tensix refuses reads of unallocated
    # DRAM, so its table is padded with zeros to the tile the reader reads (the first 2 * cores words are the C++'s)
    table = np.zeros((1, TILE * TILE), dtype=np.uint32)
    table[0, :len(words)] = words
    lookup = ttnn.from_numpy(table, dtype=DataType.UINT32, layout=Layout.ROW_MAJOR, device=dev)
    in_fmt, val_fmt, idx_fmt = _fmt(a.dtype), _fmt(values.dtype), _fmt(indices.dtype)
    lookup_fmt = DataFormat.UInt32
    val_tile, idx_tile = tile_size(val_fmt), tile_size(idx_fmt)
    is_32_bit = idx_fmt == DataFormat.UInt32 or in_fmt == DataFormat.Float32
    w_value_slice = n * TILE * (val_tile // (TILE * TILE))
    w_index_slice = n * TILE * (idx_tile // (TILE * TILE))
    prog = mh.CreateProgram()
    for idx, tiles, fmt in ((0, n if rm else 2, in_fmt), (1, 2, idx_fmt), (2, n, in_fmt), (3, n, idx_fmt),
                            (4, 2, val_fmt), (5, 2, idx_fmt), (7, 2, idx_fmt), (9, 2, idx_fmt)):
        O.cb(prog, cores, idx, tiles, fmt)
    for idx in (6, 8):      # 2 value tiles paged at the index tile size, as the factory keeps from its legacy code
        cfg = mh.CircularBufferConfig(2 * val_tile, {idx: val_fmt}).set_page_size(idx, idx_tile)
        mh.CreateCircularBuffer(prog, cores, cfg)
    O.cb(prog, cores, 10, 1, lookup_fmt)
    O.cb(prog, cores, 11, 1, DataFormat.Float16_b)
    if rm:
        O.cb(prog, cores, 12, TILE, in_fmt, page_size=w_value_slice)
        O.cb(prog, cores, 13, TILE, val_fmt, page_size=w_value_slice)
        O.cb(prog, cores, 14, TILE, idx_fmt, page_size=w_index_slice)
        O.cb(prog, cores, 15, n, idx_fmt)
    sem_exchange = mh.CreateSemaphore(prog, cores, 0)
    mh.CreateSemaphore(prog, cores, 0)          # unused by the kernels; keeps the barrier's id at 2
    sem_barrier = mh.CreateSemaphore(prog, cores, 0)
    ascending = int(not descending)
    rk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "reader_cross_core_data_exchange.py"), cores,
                         ReaderDataMovementConfig(compile_args=[grid.x, grid.y, 0, 5, 6, 7, 8, 9, 10, Ht, Wt, n, count,
                                                                ascending, sem_exchange, sem_barrier, int(rm), 12, 14,
                                                                w_value_slice, w_index_slice]
                                                  + O.accessor_args(a, indices, lookup)))
    wk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "writer_cross_core_data_exchange.py"), cores,
                         WriterDataMovementConfig(compile_args=[grid.x, grid.y, 1, 4, 8, 10, Wt, Ht, n, virtual,
                                                                sem_exchange, int(is_32_bit), int(rm), 13,
                                                                w_value_slice] + O.accessor_args(values)))
    utd = None
    if in_fmt == DataFormat.Float32:
        utd = {cb: UnpackToDestMode.UnpackToDestFp32 for cb in ((0, 2, 4, 6, 8, 12) if rm else (0, 2, 4, 6, 8))}
    mh.CreateKernel(prog, O.kernel_path(_KDIR + "sort_cross_core_data_exchange.py"), cores, ComputeConfig(
        fp32_dest_acc_en=is_32_bit, unpack_to_dest_mode=utd,
        compile_args=[grid.x, grid.y, Ht, Wt, n, count, ascending, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, int(rm), 12, 13,
                      14, 15]))

    def set_args(tensors):
        ta, tv, ti = tensors
        for cc in cores:
            mh.SetRuntimeArgs(prog, rk, cc, [ta.buffer_address(), ti.buffer_address(), lookup.buffer_address()])
            mh.SetRuntimeArgs(prog, wk, cc, [tv.buffer_address()])

    # the workload keeps the table alive as long as the cached program (WorkloadDescriptor::buffers)
    return O.ProgramEntry(prog, set_args, len(cores), "SortProgramFactoryCrossCoreDataExchange",
                          extra={"lookup_table": lookup})


def _xy(c):
    return (c.x, c.y) if hasattr(c, "x") else (c[0], c[1])
