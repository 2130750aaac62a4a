"""ttnn.permute and ttnn.transpose as tt-metal 622c6fb9 runs them on interleaved tensors:

- ttnn.transpose (data_movement/transpose/transpose.cpp transpose_impl): rank < 4 unsqueezed to 4-D, rank > 4 a
  permute; bfloat8_b typecast to bfloat16 unless the transpose is WH or CN; equal dims, or two dims of padded size 1,
  return the tensor (a clone when another memory config is asked); then by the pair of dims:
  WH / HC / CN on row-major tensors -> prim::permute; NH, NW, CW -> ttnn.permute; tiled WH ->
  TransposeWHProgramFactory (transpose_wh_program_factory.cpp: reader_unary_transpose_wh_interleaved_start_id, the
  transpose_wh compute kernel, writer_unary_interleaved_start_id); tiled HC -> TransposeHCTiledInterleavedProgramFactory
  (transpose_hc_tiled_interleaved_program_factory.cpp: the padding-aware reader and writer, the channel tile's padding
  rows written with pad_value); tiled CN -> TransposeCNProgramFactory (transpose_cn_program_factory.cpp).
- ttnn.permute (permute/permute.cpp): a no-op permutation is ttnn.to_memory_config; rank < 4 unsqueezed to 4-D with the
  order adjusted; 4-D: bfloat8_b typecast unless the permutation is WH, CN or CN+WH; (0,1,3,2) -> transpose WH,
  (0,2,1,3) -> transpose HC, (1,0,2,3) -> transpose CN, others -> prim::permute (rank > 4: prim::permute directly).
- prim::permute (permute/device/permute_device_operation.cpp select_program_factory): ROW_MAJOR with the last dim kept
  -> MultiCoreRowInvariant, else MultiCoreBlockedGeneric (32 x 32 blocks tilized, transposed, untilized:
  transpose_xw_rm_single_tile_size); TILE with both tile dims in place or swapped -> MultiCoreTileInvariant (whole
  tiles, transpose_wh when swapped), one tile dim moved out -> MultiCoreTileRowInvariant (face-line writes, the
  padding-aware reader), both moved -> MultiCoreTiledGeneric (face lines gathered into 32 x 32 blocks, transpose_xw_tiled,
  face-line writes). Program factories: permute_rm_program_factory.cpp, permute_tiled_program_factory.cpp.

Numerics are the card's: float32 through the blocked / tiled-generic permutes goes through SrcA (tilize and
transpose_wh without UnpackToDestFp32) and comes out truncated to TF32, as tt-metal's tests note; the WH transpose and
the tile-invariant permute unpack float32 to Dst (exact). The padding of tiles the programs do not write holds what the
input's padding held.

Not modelled (NotModelledError): sharded inputs or outputs (tt-metal's native sharded transposes and the sharded
paths of the interleaved factories), bfloat8_b permutes of rank > 4 that move tile dims, the row-major WH transpose
factory (tt-metal uses it for row-major tensors only when sharded)."""

from __future__ import annotations

import struct
import time

import numpy as np

from tensix.device import formats
from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.types import (ComputeConfig, CoreCoord, CoreRange, CoreRangeSet, ReaderDataMovementConfig,
                                   UnpackToDestMode, WriterDataMovementConfig)
from tensix.ttnn import op as O
from tensix.ttnn.errors import DTypeError, ShapeError
from tensix.ttnn.operations import _dm_common as C
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import TILE_SIZE, DataType, Layout, data_format, element_size

__all__ = ["permute", "transpose"]

_UTD = {0: UnpackToDestMode.UnpackToDestFp32}
_FP32_ACC = (DataType.FLOAT32, DataType.INT32, DataType.UINT32)
_FACE = 16


def _k(name):
    return O.kernel_path(f"data_movement/{name}.py")


def _norm(d: int, rank: int, op: str, what: str) -> int:
    if not -rank <= d < rank:
        raise ShapeError(f"{op}: {what} {d} is out of range for a rank-{rank} tensor.\nFix: use -{rank} .. {rank - 1}.")
    return d + rank if d < 0 else d


def _packed_pad(dtype: DataType, pad_value) -> int:
    """The pad word of the transpose / permute factories (bit_cast for float32 and int32, the integer for uint32,
    two bfloat16 / uint16 halves)."""
    v = float(pad_value)
    if dtype in (DataType.FLOAT32, DataType.INT32):
        return struct.unpack("<I", struct.pack("<f", v))[0]
    if dtype == DataType.UINT32:
        return int(v) & 0xFFFFFFFF
    if dtype == DataType.BFLOAT16:
        b = int(formats.fp32_to_bf16_rne(np.array([np.float32(v)]).view(np.uint32))[0])
        return (b << 16) | b
    if dtype == DataType.UINT16:
        b = int(v) & 0xFFFF
        return (b << 16) | b
    return 0


def _to_4d(t: Tensor) -> Tensor:
    from tensix.ttnn.operations.dm_reshape import reshape
    s = list(t.shape)
    return reshape(t, [1] * (4 - len(s)) + s) if len(s) < 4 else t


def _from_4d(t: Tensor, rank: int) -> Tensor:
    from tensix.ttnn.operations.dm_reshape import reshape
    return reshape(t, list(t.shape)[4 - rank:]) if rank < 4 else t


def _typecast(t: Tensor, dtype: DataType) -> Tensor:
    from tensix.ttnn.operations.unary import typecast
    return typecast(t, dtype)


def _check_dtype(op, t: Tensor, bfloat4_b_ok: bool = False):
    if t.dtype == DataType.BFLOAT4_B and not bfloat4_b_ok:
        raise NotModelledError(f"{op}: a bfloat4_b tensor here is not modelled: tt-metal typecasts only bfloat8_b to "
                               "bfloat16 around the element-moving kernels, and tensix.ttnn runs bfloat4_b through the "
                               "tile-level WH and CN transposes only.\nFix: ttnn.typecast it to bfloat16 first.")
    if t.dtype not in (DataType.BFLOAT16, DataType.FLOAT32, DataType.INT32, DataType.UINT32, DataType.UINT16,
                       DataType.BFLOAT8_B, DataType.BFLOAT4_B):
        raise DTypeError(f"{op}: {t.dtype!r} is not supported (bfloat16, float32, int32, uint32, uint16, bfloat8_b, "
                         "bfloat4_b).\nFix: ttnn.typecast first.")


# ------------------------------------------------------------------------------------------------ transpose
def transpose(input_tensor: Tensor, dim1: int, dim2: int, *args, memory_config=None, pad_value: float = 0.0,
              **kwargs) -> Tensor:
    """ttnn.transpose(input_tensor, dim1, dim2, *, memory_config=None, pad_value=0.0): dims dim1 and dim2 swapped."""
    O.refuse_unknown_kwargs("ttnn.transpose", kwargs)
    op = "ttnn.transpose"
    if args:
        memory_config = args[0]
    t = input_tensor
    t._check_alive(op)
    O.device_of(op, t)
    C.refuse_sharded(op, t, memory_config=memory_config)
    _check_dtype(op, t, bfloat4_b_ok=True)
    rank = len(t.shape)
    if rank == 0:
        raise ShapeError(f"{op}: a rank-0 tensor has no dims to transpose.")
    d1, d2 = _norm(dim1, rank, op, "dim1"), _norm(dim2, rank, op, "dim2")
    if rank > 4:
        perm = list(range(rank))
        perm[d1], perm[d2] = perm[d2], perm[d1]
        return permute(t, perm, memory_config=memory_config, pad_value=pad_value)
    x = _to_4d(t)
    d1, d2 = d1 + 4 - rank, d2 + 4 - rank
    lo, hi = min(d1, d2), max(d1, d2)
    wh, cn = (lo, hi) == (2, 3), (lo, hi) == (0, 1)
    if x.dtype == DataType.BFLOAT4_B and not (wh or cn):
        _check_dtype(op, x)                             # transpose.cpp typecasts bfloat8_b only
    cast = x.dtype == DataType.BFLOAT8_B and not (wh or cn)
    if cast:
        x = _typecast(x, DataType.BFLOAT16)
    p = tuple(x.padded_shape)
    if lo == hi or (p[lo] == 1 and p[hi] == 1):
        if memory_config is not None and memory_config != x.memory_config():
            from tensix.ttnn.operations.dm_memory import clone
            out = clone(x, memory_config=memory_config)
        else:
            out = x
    else:
        out = _transpose_4d(x, (lo, hi), memory_config, pad_value)
    out = _from_4d(out, rank)
    return _typecast(out, DataType.BFLOAT8_B) if cast else out


def _transpose_4d(a: Tensor, dims, mc, pad_value) -> Tensor:
    """transpose.cpp detail::transpose_ (interleaved)."""
    rm = a.layout == Layout.ROW_MAJOR
    if dims == (1, 2):
        if rm:
            return _prim_permute(a, (0, 2, 1, 3), mc, pad_value)
        return _transpose_hc_tiled(a, mc or a.memory_config(), pad_value)
    if dims == (0, 2):
        return permute(a, (2, 1, 0, 3), memory_config=mc, pad_value=pad_value)
    if dims == (0, 3):
        return permute(a, (3, 1, 2, 0), memory_config=mc, pad_value=pad_value)
    if dims == (1, 3):
        return permute(a, (0, 3, 2, 1), memory_config=mc, pad_value=pad_value)
    _no_pad_value("ttnn.transpose", pad_value, dims)
    if dims == (0, 1):
        if rm:
            return _prim_permute(a, (1, 0, 2, 3), mc, pad_value)
        return _transpose_cn(a, mc or a.memory_config())
    if rm:      # (2, 3)
        return _prim_permute(a, (0, 1, 3, 2), mc, pad_value)
    return _transpose_wh(a, mc or a.memory_config())


def _no_pad_value(op, pad_value, dims):
    if float(pad_value) != 0.0:
        raise ShapeError(f"{op}: Non-zero padding {pad_value} is not supported for any transpose other than HC "
                         f"(dims {dims}).\nFix: pad_value=0.")


def _full_grid(dev):
    g = dev.compute_with_storage_grid_size()
    return g, CoreRangeSet([CoreRange(CoreCoord(0, 0), CoreCoord(g.x - 1, g.y - 1))])


def _run(op, key, factory, a, out, attrs, started):
    O.run(op, a._device, key, factory, [a, out], [out], attrs, started)
    return out


def _swapped(a: Tensor, mc, i: int, name: str, factory) -> Tensor:
    """prim::transpose WH / CN: dims i and i + 1 swapped in the logical and padded shapes."""
    started = time.perf_counter()
    s, p = list(a.shape), list(a.padded_shape)
    s[i], s[i + 1] = s[i + 1], s[i]
    p[i], p[i + 1] = p[i + 1], p[i]
    out = C.make_output(a._device, s, a.dtype, a.layout, mc, padded=p)
    key = ("transpose", name, O.spec_key(a), O.spec_key(out))
    return _run("ttnn.transpose", key, lambda: factory(a, out), a, out, {"dims": name}, started)


def _column_cores(grid, ws):
    """The factories' loop over the whole grid, core (i / num_cores_y, i % num_cores_y): (core, its units, the
    units before it)."""
    done = 0
    for i in range(grid.x * grid.y):
        core = CoreCoord(i // grid.y, i % grid.y)
        n = _n(ws, core)
        yield core, n, done
        done += n


def _transpose_wh(a: Tensor, mc) -> Tensor:
    return _swapped(a, mc, 2, "WH", _transpose_wh_factory)


def _transpose_wh_factory(a: Tensor, out: Tensor) -> O.ProgramEntry:
    """TransposeWHProgramFactory::create_descriptor, tiled input."""
    dev = a._device
    grid, total = _full_grid(dev)
    p = tuple(a.padded_shape)
    Ht, Wt = p[2] // TILE_SIZE, p[3] // TILE_SIZE
    HtWt = Ht * Wt
    n_tiles = a.padded_shape.volume() // C.TILE_HW
    ws = C.split_work_to_cores(grid, n_tiles)
    fmt_in, fmt_out = data_format(a.dtype), data_format(out.dtype)
    prog = mh.CreateProgram()
    O.cb(prog, total, 0, 2, fmt_in)
    O.cb(prog, total, 16, 2, fmt_out)
    fp32 = a.dtype in _FP32_ACC
    rk = mh.CreateKernel(prog, _k("reader_unary_transpose_wh_interleaved_start_id"), total,
                         ReaderDataMovementConfig(compile_args=O.accessor_args(a)))
    wk = mh.CreateKernel(prog, _k("writer_unary_interleaved_start_id"), total,
                         WriterDataMovementConfig(compile_args=[16] + O.accessor_args(out)))
    ck = mh.CreateKernel(prog, _k("transpose_wh"), total, ComputeConfig(
        fp32_dest_acc_en=fp32, unpack_to_dest_mode=_UTD if a.dtype == DataType.FLOAT32 else None))
    per_core = []
    for core, n, done in _column_cores(grid, ws):
        h, w = done % Ht, done // Ht % Wt
        per_core.append((core, [n, done // HtWt * HtWt + h * Wt + w, h, w, Ht, Wt, HtWt], n, done))

    def set_args(tensors):
        src, dst = tensors
        for core, r, n, start in per_core:
            mh.SetRuntimeArgs(prog, rk, core, [src.buffer_address()] + r)
            mh.SetRuntimeArgs(prog, ck, core, [n])
            mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address(), n, start])

    return O.ProgramEntry(prog, set_args, len(per_core), "transpose_wh")


def _transpose_cn(a: Tensor, mc) -> Tensor:
    return _swapped(a, mc, 0, "CN", _transpose_cn_factory)


def _transpose_cn_factory(a: Tensor, out: Tensor) -> O.ProgramEntry:
    """TransposeCNProgramFactory::create_descriptor, tiled input (row-major CN goes to prim::permute)."""
    dev = a._device
    grid, total = _full_grid(dev)
    N, Cc, H, W = tuple(a.padded_shape)
    size = formats.tile_size(data_format(a.dtype))
    n_pages = a.padded_shape.volume() // C.TILE_HW
    ws = C.split_work_to_cores(grid, n_pages)
    all_cores = CoreRangeSet(ws.all_ranges)
    prog = mh.CreateProgram()
    O.cb(prog, all_cores, 0, 2, data_format(a.dtype))
    rk = mh.CreateKernel(prog, _k("reader_unary_transpose_cn_interleaved_start_id"), total, ReaderDataMovementConfig(
        compile_args=[0, a._buffer.aligned_page_size, size] + O.accessor_args(a)))
    wk = mh.CreateKernel(prog, _k("writer_unary_transpose_cn_interleaved_start_id"), total, WriterDataMovementConfig(
        compile_args=[0, out._buffer.aligned_page_size, size] + O.accessor_args(out)))
    HtWt = (H // TILE_SIZE) * (W // TILE_SIZE)
    CHtWt = Cc * HtWt
    batch_step = CHtWt - HtWt
    channel_step = n_pages - HtWt
    per_core = []
    for core, n, done in _column_cores(grid, ws):
        cur_c = done // HtWt
        start = done + cur_c * batch_step - (cur_c // N) * channel_step
        per_core.append((core, [N, Cc, HtWt, batch_step, channel_step, n, start, done % HtWt, cur_c % N], n, done))

    def set_args(tensors):
        src, dst = tensors
        for core, r, n, start in per_core:
            mh.SetRuntimeArgs(prog, rk, core, [src.buffer_address()] + r)
            mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address(), n, start])

    return O.ProgramEntry(prog, set_args, len(per_core), "transpose_cn")


def _transpose_hc_tiled(a: Tensor, mc, pad_value) -> Tensor:
    started = time.perf_counter()
    N, Cc, H, W = tuple(a.shape)
    pw = a.padded_shape[3]
    out = C.make_output(a._device, [N, H, Cc, W], a.dtype, a.layout, mc,
                        padded=[N, H, C.round_up(Cc, TILE_SIZE), pw])
    key = ("transpose", "hc", O.spec_key(a), O.spec_key(out), float(pad_value))
    return _run("ttnn.transpose", key, lambda: _transpose_hc_factory(a, out, pad_value), a, out, {"dims": "HC"},
                started)


def _split_pair(grid, units, padded_units):
    """Two split_work_to_cores over the grid (the unpadded and the padded work) and the union of their cores as
    tt-metal's factories take it (the larger split's core ranges)."""
    ws = C.split_work_to_cores(grid, units)
    pws = C.split_work_to_cores(grid, padded_units)
    ranges = ws.all_ranges if ws.num_cores > pws.num_cores else pws.all_ranges
    return ws, pws, CoreRangeSet(ranges)


def _n(ws, core) -> int:
    return ws.units_of(core) if (ws.group_1.contains(core) or ws.group_2.contains(core)) else 0


def _transpose_hc_factory(a: Tensor, out: Tensor, pad_value) -> O.ProgramEntry:
    """TransposeHCTiledInterleavedProgramFactory::create_descriptor."""
    dev = a._device
    grid, total = _full_grid(dev)
    _, Cc, H, W = tuple(a.shape)
    needs_padding = Cc % TILE_SIZE != 0
    fmt = data_format(a.dtype)
    es = element_size(a.dtype)
    prog = mh.CreateProgram()
    O.cb(prog, total, 0, 2, fmt)
    max_pad = _FACE * _FACE
    num_writes, packed = 0, 0
    if needs_padding:
        O.cb(prog, total, 1, 1, fmt, page_size=max_pad * es)
        num_writes = max_pad // (4 // es)
        packed = _packed_pad(a.dtype, pad_value)
    rk = mh.CreateKernel(prog, _k("reader_unary_transpose_hc_interleaved_tiled_padding_aware"), total,
                         ReaderDataMovementConfig(compile_args=O.accessor_args(a) + [
                             num_writes, packed, int(needs_padding), 0, 1, 1, 1, 1, 1]))
    wk = mh.CreateKernel(prog, _k("writer_unary_transpose_hc_interleaved_tiled_padding_aware"), total,
                         WriterDataMovementConfig(compile_args=[es, 0, Cc, H, W, 32, 32, 16, 16, int(needs_padding)]
                                                  + O.accessor_args(out)))
    n_tiles = a.padded_shape.volume() // C.TILE_HW
    n_out = out.padded_shape.volume() // C.TILE_HW
    padded_tiles = n_out // (out.padded_shape[2] // TILE_SIZE)
    ws, pws, _ = _split_pair(grid, n_tiles, padded_tiles)
    per_core = []
    start = pstart = 0
    for y in range(grid.y):             # CoreRange iteration: x fastest
        for x in range(grid.x):
            core = CoreCoord(x, y)
            n, pn = _n(ws, core), _n(pws, core)
            per_core.append((core, n, start, pstart, pn))
            start += n
            pstart += pn

    def set_args(tensors):
        src, dst = tensors
        for core, n, s0, p0, pn in per_core:
            mh.SetRuntimeArgs(prog, rk, core, [src.buffer_address(), n, s0])
            mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address(), s0, s0 + n, p0, p0 + pn])

    return O.ProgramEntry(prog, set_args, len(per_core), "transpose_hc_tiled")


# -------------------------------------------------------------------------------------------------- permute
def _is_nop(t: Tensor, dims) -> bool:
    """permute.cpp is_permute_nop."""
    rank = len(dims)
    if rank <= 1 or list(dims) == list(range(rank)):
        return True
    if t.layout == Layout.TILE and (dims[-1] != rank - 1 or dims[-2] != rank - 2):
        return False
    if t.layout == Layout.ROW_MAJOR and dims[-1] != rank - 1:
        return False
    shape = tuple(t.shape)
    if tuple(shape[d] for d in dims) != shape:
        return False
    return all(i == j or shape[i] <= 1 for i, j in enumerate(dims))


def permute(input_tensor: Tensor, dims, *args, memory_config=None, pad_value: float = 0.0, **kwargs) -> Tensor:
    """ttnn.permute(input_tensor, dims, *, memory_config=None, pad_value=0.0): output dim i is input dim dims[i]."""
    O.refuse_unknown_kwargs("ttnn.permute", kwargs)
    op = "ttnn.permute"
    if args:
        memory_config = args[0]
    t = input_tensor
    t._check_alive(op)
    rank = len(t.shape)
    dims = [int(d) for d in dims]
    if len(dims) != rank:
        raise ShapeError(f"{op}: The number of dimensions in the tensor input does not match the length of the "
                         f"desired ordering (a rank-{rank} tensor, {len(dims)} dims).\nFix: one entry per dim.")
    if t._device is None:
        raise ShapeError(f"{op}: Tensor must already be on device.\nFix: ttnn.to_device first.")
    C.refuse_sharded(op, t, memory_config=memory_config)
    _check_dtype(op, t)
    nd = [_norm(d, rank, op, "dim") for d in dims]
    if sorted(nd) != list(range(rank)):
        raise ShapeError(f"{op}: {dims} is not a permutation of the dims of a rank-{rank} tensor.")
    if _is_nop(t, nd):
        from tensix.ttnn.operations.dm_memory import to_memory_config
        return to_memory_config(t, memory_config or t.memory_config())
    if rank > 4:
        if t.dtype == DataType.BFLOAT8_B and _tile_factory(nd) != "tile_invariant":
            raise NotModelledError(f"{op}: a bfloat8_b permute of a rank-{rank} tensor that moves a tile dim is not "
                                   "modelled (tt-metal's element-wise kernels get no bfloat8_b element size).\nFix: "
                                   "ttnn.typecast to bfloat16 first.")
        return _prim_permute(t, nd, memory_config, pad_value)
    x = _to_4d(t)
    order = [i for i in range(4 - rank)] + [d + 4 - rank for d in nd]
    order_t = tuple(order)
    keep8 = order_t in ((0, 1, 3, 2), (1, 0, 2, 3), (1, 0, 3, 2))
    cast = x.dtype == DataType.BFLOAT8_B and not keep8
    if cast:
        x = _typecast(x, DataType.BFLOAT16)
    if order_t == (0, 1, 2, 3):
        out = x
    elif order_t == (0, 1, 3, 2):
        out = transpose(x, -2, -1, memory_config=memory_config)
    elif order_t == (0, 2, 1, 3):
        out = transpose(x, 1, -2, memory_config=memory_config, pad_value=pad_value)
    elif order_t == (1, 0, 2, 3):
        out = transpose(x, 0, 1, memory_config=memory_config)
    else:
        out = _prim_permute(x, order, memory_config, pad_value)
    if cast:
        out = _typecast(out, DataType.BFLOAT8_B)
    return _from_4d(out, rank)


def _tile_factory(dims) -> str:
    r = len(dims)
    if (dims[-1] == r - 1 and dims[-2] == r - 2) or (dims[-1] == r - 2 and dims[-2] == r - 1):
        return "tile_invariant"
    if dims[-1] in (r - 1, r - 2):
        return "tile_row_invariant"
    return "tiled_generic"


def _prim_permute(a: Tensor, dims, mc, pad_value) -> Tensor:
    """ttnn::prim::permute (PermuteDeviceOperation): output logical shape permuted, default padding."""
    started = time.perf_counter()
    op = "ttnn.permute"
    dims = [int(d) for d in dims]
    out_shape = [a.shape[d] for d in dims]
    out = C.make_output(a._device, out_shape, a.dtype, a.layout, mc or a.memory_config())
    if a.layout == Layout.ROW_MAJOR:
        kind = "rm_row_invariant" if dims[-1] == len(dims) - 1 else "rm_blocked_generic"
    else:
        kind = _tile_factory(dims)
    if a.dtype == DataType.BFLOAT8_B and kind != "tile_invariant":
        raise NotModelledError(f"{op}: bfloat8_b through the {kind} permute is not modelled.\nFix: ttnn.typecast to "
                               "bfloat16 first.")
    factory = {"rm_row_invariant": _permute_rm_row_invariant, "rm_blocked_generic": _permute_rm_blocked_generic,
               "tile_invariant": _permute_tile_invariant, "tile_row_invariant": _permute_tile_row_invariant,
               "tiled_generic": _permute_tiled_generic}[kind]
    key = ("permute", kind, O.spec_key(a), O.spec_key(out), tuple(dims), float(pad_value))
    return _run(op, key, lambda: factory(a, out, dims, pad_value), a, out, {"dims": dims}, started)


def _rm_page(t: Tensor) -> int:
    """permute_rm_program_factory.cpp detail::page_size: the row rounded up to the buffer's alignment."""
    al = 32 if t._buffer.is_dram else 16
    return C.round_up(t.shape[-1] * element_size(t.dtype), al)


def _row_strides(shape) -> list:
    """detail::get_row_strides: strides in rows (the last two dims have stride 1)."""
    r = len(shape)
    st = [1] * r
    for i in range(r - 3, -1, -1):
        st[i] = st[i + 1] * shape[i + 1]
    return st


def _permute_rm_row_invariant(a: Tensor, out: Tensor, dims, pad_value) -> O.ProgramEntry:
    """PermuteDeviceOperation::MultiCoreRowInvariant::create_descriptor."""
    dev = a._device
    in_page, out_page = _rm_page(a), _rm_page(out)
    rank = len(dims)
    rows = a.shape.volume() // a.shape[-1]
    ws = C.split_work_to_cores(dev.compute_with_storage_grid_size(), rows)
    all_cores = CoreRangeSet(ws.all_ranges)
    prog = mh.CreateProgram()
    O.cb(prog, all_cores, 0, 2, data_format(a.dtype), page_size=in_page)
    rk = mh.CreateKernel(prog, _k("reader_permute_interleaved_rm_row_invariant"), all_cores, ReaderDataMovementConfig(
        compile_args=O.accessor_args(a) + [rank, in_page, rows, a._buffer.page_size]))
    wk = mh.CreateKernel(prog, _k("writer_permute_interleaved_rm_row_invariant"), all_cores, WriterDataMovementConfig(
        compile_args=O.accessor_args(out) + [rank, out_page, rows, out._buffer.page_size]))
    tail = list(a.shape) + list(dims) + _row_strides(list(out.shape))
    per_core = []
    start = 0
    for core in C.corerange_to_cores(all_cores):
        n = _n(ws, core)
        per_core.append((core, start, start + n))
        start += n

    def set_args(tensors):
        src, dst = tensors
        for core, s0, s1 in per_core:
            mh.SetRuntimeArgs(prog, rk, core, [src.buffer_address(), s0, s1])
            mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address(), s0, s1] + tail)

    return O.ProgramEntry(prog, set_args, len(per_core), "permute_rm_row_invariant")


def _permute_rm_blocked_generic(a: Tensor, out: Tensor, dims, pad_value) -> O.ProgramEntry:
    """PermuteDeviceOperation::MultiCoreBlockedGeneric::create_descriptor."""
    dev = a._device
    es = element_size(a.dtype)
    fmt = data_format(a.dtype)
    xbs = wbs = TILE_SIZE
    in_cb_page, out_cb_page = wbs * es, xbs * es
    shape = list(a.shape)
    rank = len(dims)
    x_dim = dims[-1]
    X = shape[x_dim]
    in_strides = _row_strides(shape)
    out_strides = _row_strides(list(out.shape))
    W = shape[-1]
    rows = a.shape.volume() // W
    x_blocks, w_blocks = C.div_up(X, xbs), C.div_up(W, wbs)
    total = (rows // X) * x_blocks * w_blocks
    ws = C.split_work_to_cores(dev.compute_with_storage_grid_size(), total)
    all_cores = CoreRangeSet(ws.all_ranges)
    prog = mh.CreateProgram()
    O.cb(prog, all_cores, 0, 2 * xbs, fmt, page_size=in_cb_page)
    O.cb(prog, all_cores, 2, 2 * wbs, fmt, page_size=out_cb_page)
    O.cb(prog, all_cores, 1, 2, fmt, page_size=xbs * wbs * es)
    rk = mh.CreateKernel(prog, _k("reader_permute_interleaved_rm_blocked_generic"), all_cores,
                         ReaderDataMovementConfig(compile_args=O.accessor_args(a) + [
                             rank, in_cb_page, rows, x_dim, total, x_blocks, w_blocks, xbs, wbs, es,
                             a._buffer.aligned_page_size]))
    wk = mh.CreateKernel(prog, _k("writer_permute_interleaved_rm_blocked_generic"), all_cores,
                         WriterDataMovementConfig(compile_args=O.accessor_args(out) + [
                             rank, out_cb_page, rows, X, in_strides[x_dim], x_dim, out_strides[x_dim], in_cb_page,
                             es, total, x_blocks, w_blocks, xbs, wbs, W, out._buffer.aligned_page_size]))
    ck = mh.CreateKernel(prog, _k("transpose_xw_rm_single_tile_size"), all_cores, ComputeConfig(
        fp32_dest_acc_en=out.dtype in _FP32_ACC, compile_args=[xbs, wbs]))
    rtail = shape + in_strides
    wtail = shape + list(dims) + out_strides
    per_core = []
    start = 0
    for core in C.corerange_to_cores(all_cores):
        n = _n(ws, core)
        per_core.append((core, start, start + n, n))
        start += n

    def set_args(tensors):
        src, dst = tensors
        for core, s0, s1, n in per_core:
            mh.SetRuntimeArgs(prog, rk, core, [src.buffer_address(), s0, s1] + rtail)
            mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address(), s0, s1] + wtail)
            mh.SetRuntimeArgs(prog, ck, core, [n, 0, 0])

    return O.ProgramEntry(prog, set_args, len(per_core), "permute_rm_blocked_generic")


def _tiled_shape(t: Tensor) -> list:
    p = list(t.padded_shape)
    return p[:-2] + [p[-2] // TILE_SIZE, p[-1] // TILE_SIZE]


def _strides(shape) -> list:
    r = len(shape)
    st = [1] * r
    for i in range(r - 2, -1, -1):
        st[i] = st[i + 1] * shape[i + 1]
    return st


def _permute_tile_invariant(a: Tensor, out: Tensor, dims, pad_value) -> O.ProgramEntry:
    """PermuteDeviceOperation::MultiCoreTileInvariant::create_descriptor."""
    dev = a._device
    fmt = data_format(a.dtype)
    page = formats.tile_size(fmt)
    rank = len(dims)
    n_tiles = out.padded_shape.volume() // C.TILE_HW
    swap_hw = dims[-2] == rank - 1 and dims[-1] == rank - 2
    ws = C.split_work_to_cores(dev.compute_with_storage_grid_size(), n_tiles)
    all_cores = CoreRangeSet(ws.all_ranges)
    prog = mh.CreateProgram()
    O.cb(prog, all_cores, 0, 2, fmt)
    out_cb = 0
    if swap_hw:
        O.cb(prog, all_cores, 16, 2, fmt)
        out_cb = 16
    rk = mh.CreateKernel(prog, _k("reader_permute_interleaved_tiled_invariant"), all_cores, ReaderDataMovementConfig(
        compile_args=O.accessor_args(a) + [rank, page, n_tiles]))
    wk = mh.CreateKernel(prog, _k("writer_unary_interleaved_start_id"), all_cores, WriterDataMovementConfig(
        compile_args=[out_cb] + O.accessor_args(out)))
    ck = None
    if swap_hw:
        ck = mh.CreateKernel(prog, _k("transpose_wh"), all_cores, ComputeConfig(
            fp32_dest_acc_en=a.dtype in _FP32_ACC, unpack_to_dest_mode=_UTD if a.dtype == DataType.FLOAT32 else None))
    inv = [0] * rank
    for i, d in enumerate(dims):
        inv[d] = i
    tail = _tiled_shape(out) + inv + _strides(_tiled_shape(a))
    per_core = []
    start = 0
    for core in C.corerange_to_cores(all_cores):
        n = _n(ws, core)
        per_core.append((core, start, n))
        start += n

    def set_args(tensors):
        src, dst = tensors
        for core, s0, n in per_core:
            mh.SetRuntimeArgs(prog, rk, core, [src.buffer_address(), s0, s0 + n] + tail)
            mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address(), n, s0])
            if ck is not None:
                mh.SetRuntimeArgs(prog, ck, core, [n])

    return O.ProgramEntry(prog, set_args, len(per_core), "permute_tile_invariant")


def _permute_tile_row_invariant(a: Tensor, out: Tensor, dims, pad_value) -> O.ProgramEntry:
    """PermuteDeviceOperation::MultiCoreTileRowInvariant::create_descriptor (32 x 32 tiles, square faces: the swap
    of tile and face shapes changes nothing)."""
    dev = a._device
    rank = len(dims)
    dims = list(dims)
    shape = list(a.shape)
    out_padded = list(out.padded_shape)
    swap_hw = dims[-1] == rank - 2
    if swap_hw:
        dims = [rank - 1 if d == rank - 2 else (rank - 2 if d == rank - 1 else d) for d in dims]
        shape[-2], shape[-1] = shape[-1], shape[-2]
        out_padded[-2], out_padded[-1] = out_padded[-1], out_padded[-2]
    fmt = data_format(a.dtype)
    es = element_size(a.dtype)
    n_tiles = a.padded_shape.volume() // C.TILE_HW
    n_out = out.padded_shape.volume() // C.TILE_HW
    padded_tiles = n_out // (out_padded[-2] // TILE_SIZE)
    ws, pws, all_cores = _split_pair(dev.compute_with_storage_grid_size(), n_tiles, padded_tiles)
    prog = mh.CreateProgram()
    O.cb(prog, all_cores, 0, 2, fmt)
    out_H = shape[dims[-2]]
    needs_padding = out_H % TILE_SIZE != 0
    num_writes, packed = 0, 0
    if needs_padding:
        O.cb(prog, all_cores, 1, 1, fmt, page_size=_FACE * es)
        num_writes = _FACE // (4 // es)
        packed = _packed_pad(a.dtype, pad_value)
    out_cb = 0
    if swap_hw:
        O.cb(prog, all_cores, 16, 2, fmt)
        out_cb = 16
    h_in_dest = dims.index(rank - 2)
    outer = int(np.prod(shape[:-2], dtype=np.int64))
    rk = mh.CreateKernel(prog, _k("reader_unary_transpose_hc_interleaved_tiled_padding_aware"), all_cores,
                         ReaderDataMovementConfig(compile_args=O.accessor_args(a) + [
                             num_writes, packed, int(needs_padding), int(swap_hw), shape[-1], shape[-2], outer,
                             TILE_SIZE, TILE_SIZE]))
    ck = None
    if swap_hw:
        ck = mh.CreateKernel(prog, _k("transpose_wh"), all_cores, ComputeConfig(
            fp32_dest_acc_en=a.dtype in _FP32_ACC, unpack_to_dest_mode=_UTD if a.dtype == DataType.FLOAT32 else None))
    wk = mh.CreateKernel(prog, _k("writer_permute_interleaved_tiled_row_invariant"), all_cores,
                         WriterDataMovementConfig(compile_args=O.accessor_args(out) + [
                             es, out_cb, out_H, shape[-2], shape[-1], TILE_SIZE, TILE_SIZE, _FACE, _FACE,
                             int(needs_padding), rank, h_in_dest]))
    tail = shape + dims
    per_core = []
    start = pstart = 0
    for core in C.corerange_to_cores(all_cores):
        n = _n(ws, core)
        pn = _n(pws, core) if needs_padding else 0
        per_core.append((core, n, start, pstart, pstart + pn))
        start += n
        if needs_padding:
            pstart += pn

    def set_args(tensors):
        src, dst = tensors
        for core, n, s0, p0, p1 in per_core:
            mh.SetRuntimeArgs(prog, rk, core, [src.buffer_address(), n, s0])
            mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address(), s0, s0 + n, p0, p1] + tail)
            if ck is not None:
                mh.SetRuntimeArgs(prog, ck, core, [n])

    return O.ProgramEntry(prog, set_args, len(per_core), "permute_tile_row_invariant")


def _permute_tiled_generic(a: Tensor, out: Tensor, dims, pad_value) -> O.ProgramEntry:
    """PermuteDeviceOperation::MultiCoreTiledGeneric::create_descriptor."""
    dev = a._device
    rank = len(dims)
    shape = list(a.shape)
    out_shape = list(out.shape)
    y_dim, x_dim = dims[-2], dims[-1]
    x, y, w = shape[x_dim], shape[y_dim], shape[-1]
    es = element_size(a.dtype)
    T = TILE_SIZE
    X_p, W_p = C.round_up(x, T), C.round_up(w, T)
    H_p = C.round_up(shape[-2], T)
    H_t, W_t = H_p // T, W_p // T
    line = _FACE * es
    read_alignment = 32 if a._buffer.is_dram else 16
    misalignment = read_alignment - line if read_alignment > line else 0
    pw = dims.index(rank - 1)
    w_blocks, x_blocks = W_p // T, X_p // T
    nfw = T // _FACE
    xw_vol = X_p * W_p
    for i in range(rank - 1):
        if i != x_dim:
            xw_vol *= shape[i]
    xw_blocks = xw_vol // C.TILE_HW
    needs_x_padding = x % T != 0
    needs_y_padding = y % T != 0
    num_writes, packed = 0, 0
    if needs_x_padding or needs_y_padding:
        num_writes = _FACE // (4 // es)
        packed = _packed_pad(a.dtype, pad_value)
    frw = w % T
    frfw = nfw if frw == 0 else C.div_up(frw, _FACE)
    frx = x % T
    frfx = nfw if needs_x_padding else (nfw if frx == 0 else C.div_up(frx, _FACE))
    n_out = out.padded_shape.volume() // C.TILE_HW
    padded_tiles = n_out // (out.padded_shape[-2] // T)
    ws, pws, all_cores = _split_pair(dev.compute_with_storage_grid_size(), xw_blocks, padded_tiles)
    fmt = data_format(a.dtype)
    page = formats.tile_size(data_format(out.dtype)) + misalignment
    prog = mh.CreateProgram()
    for idx in (0, 1, 2):
        O.cb(prog, all_cores, idx, 2, fmt, page_size=page)
    if needs_y_padding:
        O.cb(prog, all_cores, 3, 1, fmt, page_size=_FACE * es)
    rows_per_x = (a.shape.volume() // w) // x
    rk = mh.CreateKernel(prog, _k("reader_permute_interleaved_tiled_generic"), all_cores, ReaderDataMovementConfig(
        compile_args=O.accessor_args(a) + [
            rank, page, es, T, T, _FACE, _FACE, x_dim, x, w, shape[-2], X_p, W_p, H_p, H_t, W_t, frw, frfw,
            xw_blocks, x_blocks, w_blocks, num_writes, packed, int(needs_x_padding), int(needs_y_padding),
            rows_per_x, misalignment, read_alignment]))
    ck = mh.CreateKernel(prog, _k("transpose_xw_tiled"), all_cores, ComputeConfig(
        fp32_dest_acc_en=a.dtype in _FP32_ACC))
    wk = mh.CreateKernel(prog, _k("writer_permute_interleaved_tiled_generic"), all_cores, WriterDataMovementConfig(
        compile_args=O.accessor_args(out) + [
            rank, page, es, T, T, _FACE, _FACE, x_dim, x, w, out_shape[-2], X_p, W_p, rows_per_x, H_t, W_t, frx,
            frfx, xw_blocks, x_blocks, w_blocks, int(needs_y_padding), pw]))
    tail = shape + list(dims)
    padding = needs_x_padding or needs_y_padding
    per_core = []
    start = pstart = 0
    for core in C.corerange_to_cores(all_cores):
        n = _n(ws, core)
        pn = _n(pws, core) if padding else 0
        per_core.append((core, start, start + n, pstart, pstart + pn))
        start += n
        pstart += pn

    def set_args(tensors):
        src, dst = tensors
        for core, s0, s1, p0, p1 in per_core:
            mh.SetRuntimeArgs(prog, rk, core, [src.buffer_address(), s0, s1] + tail)
            mh.SetRuntimeArgs(prog, ck, core, [s0, s1])
            mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address(), s0, s1, p0, p1] + tail)

    return O.ProgramEntry(prog, set_args, len(per_core), "permute_tiled_generic")
