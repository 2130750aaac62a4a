"""ttnn.embedding as tt-metal 622c6fb9 runs it (ttnn/cpp/ttnn/operations/embedding/embedding.cpp, device/
embedding_device_operation.cpp and its three program factories):

- the weights go row-major (ttnn.to_layout) and 4-D; row-major indices are viewed as (batch, 1, 1, sentence); the
  output is tiled by the fused program when the sentence and the embedding dim are tile multiples and TILE is asked
  (layout=TILE, or no layout and tiled weights); padding_idx selects the PADDED type;
- EmbeddingsRMProgramFactory (row-major output): output rows split with split_work_to_cores, reader embeddings.cpp,
  writer writer_unary_stick_layout_interleaved_start_id;
- EmbeddingsFusedProgramFactory (tiled output): blocks of 32 rows, reader embeddings_tilize.cpp putting 32 weight
  rows side by side, the tilize device op's compute kernel, writer writer_unary_interleaved_start_id;
- EmbeddingsTilizedIndicesProgramFactory (tiled indices): split_work_to_cores_aligned by 16 rows, reader
  embedding_ind_tilized.cpp walking the index tiles face by face, row-major output;
- the result reshaped to (sentence, dim) or (batch, sentence, dim), converted to the requested layout (weights' by
  default) and typecast when a tiled result should have another dtype.

Indices uint32 or bfloat16 (a bfloat16 index is converted to an integer by the reader, in the GENERIC type only, as
in the C++), weights bfloat16; GENERIC, PADDED (rows of padding_idx from a cached copy) and BINARY (two rows).

The kernels' behaviour is kept where it departs from torch's (tests/test_ttnn_data_movement_embedding.py
test_card_quirks_carried): PADDED with bfloat16 indices reads the row of the raw index bits; with tiled indices the
whole index tile is read into a 512-byte CB, over the PADDED cache after it, and a core whose rows cross face row 16
of the index tiles continues from the wrong face (tt-metal's tests stay below 16 rows).

Not modelled (NotModelledError): sharded inputs or outputs, output_tensor, the chunked paths for weight rows beyond
the factories' 1 MB L1 budget (embeddings_rm_writer_chunked, tilize_chunked)."""

from __future__ import annotations

import enum
import time

from tensix.device import formats
from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.types import (ComputeConfig, CoreCoord, CoreRangeSet, ReaderDataMovementConfig,
                                   WriterDataMovementConfig)
from tensix.ttnn import op as O
from tensix.ttnn.errors import DTypeError, LayoutError, ShapeError
from tensix.ttnn.operations import _dm_common as C
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import TILE_SIZE, DataType, Layout, data_format, element_size

__all__ = ["embedding", "EmbeddingsType"]

_L1_BUDGET = 1024 * 1024
_FACE = 16


class EmbeddingsType(enum.Enum):
    """ttnn.EmbeddingsType (embedding_device_operation_types.hpp)."""
    GENERIC = 0
    PADDED = 1
    BINARY = 2


def _k(name):
    return O.kernel_path(f"data_movement/{name}.py")


def embedding(input_tensor: Tensor, weight: Tensor, *, padding_idx=None, layout=None,
              embeddings_type=EmbeddingsType.GENERIC, dtype=None, memory_config=None, output_tensor=None,
              **kwargs) -> Tensor:
    """ttnn.embedding(input_tensor, weight, *, padding_idx=None, layout=None, embeddings_type=GENERIC, dtype=None,
    memory_config=None): rows of weight selected by the indices."""
    O.refuse_unknown_kwargs("ttnn.embedding", kwargs)
    from tensix.ttnn.operations.data_movement import device_to_layout
    from tensix.ttnn.operations.dm_reshape import reshape
    op = "ttnn.embedding"
    a, w_arg = input_tensor, weight
    a._check_alive(op)
    w_arg._check_alive(op)
    O.device_of(op, a, w_arg)
    if output_tensor is not None:
        raise NotModelledError(f"{op}: output_tensor is not modelled.\nFix: omit it.")
    C.refuse_sharded(op, a, w_arg, memory_config=memory_config)
    etype = EmbeddingsType(embeddings_type) if not isinstance(embeddings_type, EmbeddingsType) else embeddings_type
    if padding_idx is not None:
        etype = EmbeddingsType.PADDED
    w = w_arg if w_arg.layout == Layout.ROW_MAJOR else device_to_layout(w_arg, Layout.ROW_MAJOR)
    hidden = w.shape[-1]
    rank = len(a.shape)
    w4 = reshape(w, [1] * (4 - len(w.shape)) + list(w.shape)) if len(w.shape) < 4 else w
    batch = 1 if rank == 1 else a.shape[0]
    sentence = a.shape[-1]
    x = reshape(a, [batch, 1, 1, sentence]) if a.layout == Layout.ROW_MAJOR else a
    fused = False
    if x.padded_shape[-1] % TILE_SIZE == 0 and w4.padded_shape[-1] % TILE_SIZE == 0:
        if layout is not None:
            fused = layout == Layout.TILE
        elif w_arg.layout == Layout.TILE:
            fused = True
        elif dtype is not None and dtype != w4.dtype:
            raise DTypeError(f"{op}: Can only typecast output embeddings when producing TILE_LAYOUT output.\nFix: "
                             "layout=ttnn.TILE_LAYOUT, or no dtype.")
    out = _prim_embedding(op, x, w4, fused, etype, memory_config or x.memory_config(), padding_idx)
    out = reshape(out, [sentence, hidden] if rank == 1 else [batch, sentence, hidden])
    out = device_to_layout(out, layout or w_arg.layout)
    want = dtype or w4.dtype
    if out.layout == Layout.TILE and out.dtype != want:
        from tensix.ttnn.operations.unary import typecast
        out = typecast(out, want)
    return out


def _prim_embedding(op, a: Tensor, w: Tensor, tilized, etype, mc, pad_token) -> Tensor:
    """ttnn::prim::embedding: validate, the output spec, select_program_factory."""
    started = time.perf_counter()
    if w.layout != Layout.ROW_MAJOR:
        raise LayoutError(f"{op}: Weights tensor layout must be ROW_MAJOR but got {w.layout!r}")
    if a.dtype not in (DataType.UINT32, DataType.BFLOAT16):
        raise DTypeError(f"{op}: Input must be UINT32 or BFLOAT16, not {a.dtype!r}.\nFix: ttnn.typecast the indices.")
    if w.dtype != DataType.BFLOAT16:
        raise DTypeError(f"{op}: Weights tensor must have BFLOAT16 dtype, not {w.dtype!r}.\nFix: ttnn.typecast the "
                         "weights to bfloat16.")
    wp = tuple(w.padded_shape)
    if wp[0] != 1 or wp[1] != 1:
        raise ShapeError(f"{op}: First two dimensions for the weights must be 1 but got {wp[0]} and {wp[1]}")
    if tilized and (a.padded_shape[-1] % TILE_SIZE or wp[-1] % TILE_SIZE):
        raise ShapeError(f"{op}: Input tensor width {a.padded_shape[-1]} must be a multiple of tile height and the "
                         f"number of columns in table {wp[-1]} a multiple of tile width to have the output tilized")
    if a.layout == Layout.ROW_MAJOR and (a.padded_shape[1] != 1 or a.padded_shape[2] != 1):
        raise ShapeError(f"{op}: Only dim 0 && 3 for the input can be non 1")
    if etype == EmbeddingsType.PADDED and pad_token is None:
        raise ShapeError(f"{op}: Pad token must be specified when PADDED Embeddings Type is specified")
    if etype == EmbeddingsType.BINARY and wp[-2] != 2:
        raise ShapeError(f"{op}: Weight tensor must have 2 embeddings for BINARY Embeddings Type")
    if etype == EmbeddingsType.GENERIC and pad_token is not None:
        raise ShapeError(f"{op}: Pad token must not be specified when PADDED Embeddings Type is not specified")
    shape = [a.shape[0], 1, a.shape[-1], w.shape[-1]]
    out_layout = Layout.TILE if tilized and a.layout != Layout.TILE else Layout.ROW_MAJOR
    out = C.make_output(a._device, shape, w.dtype, out_layout, mc)
    if a.layout == Layout.TILE:
        kind, factory = "tilized_indices", _tilized_indices_factory
    elif tilized:
        kind, factory = "fused", _fused_factory
    else:
        kind, factory = "rm", _rm_factory
    key = ("embedding", kind, etype, pad_token, O.spec_key(a), O.spec_key(w), O.spec_key(out))
    O.run(op, a._device, key, lambda: factory(a, w, out, etype, pad_token), [a, w, out], [out],
          {"type": etype.name}, started)
    return out


def _defines(a, etype):
    return {etype.name: 1, ("BFP16" if a.dtype == DataType.BFLOAT16 else "UINT32"): 1}


def _cache_cb(prog, cores, index, etype, w_page):
    """The PADDED (one row) / BINARY (two rows) weight cache CB."""
    if etype == EmbeddingsType.GENERIC:
        return
    page = C.round_up(w_page, 32)
    O.cb(prog, cores, index, 1 if etype == EmbeddingsType.PADDED else 2, DataType.BFLOAT16, page_size=page)


def _alignment(t: Tensor) -> int:
    return 32 if t._buffer.is_dram else 16


def _rm_factory(a, w, out, etype, pad_token) -> O.ProgramEntry:
    """EmbeddingsRMProgramFactory::create_descriptor (interleaved output)."""
    dev = a._device
    ies = element_size(a.dtype)
    in_page = a.padded_shape[-1] * ies
    w_page = w.padded_shape[-1] * element_size(w.dtype)
    out_page = out.padded_shape[-1] * element_size(out.dtype)
    per_batch = a.padded_shape[-1]
    rows = per_batch * a.padded_shape[0]
    al = _alignment(a)
    block_h = al // ies
    ws = C.split_work_to_cores(dev.compute_with_storage_grid_size(), rows)
    all_cores = CoreRangeSet(ws.all_ranges)
    g1 = len(C.corerange_to_cores(ws.group_1))
    chunk = C.round_up(w_page, al)
    if chunk > _L1_BUDGET:
        raise NotModelledError("ttnn.embedding: weight rows beyond the 1 MB L1 budget (the chunked writer "
                               "embeddings_rm_writer_chunked) are not modelled.")
    prog = mh.CreateProgram()
    buffering = 2 if (ws.per_core_1 > 1 or ws.per_core_2 > 1) else 1
    O.cb(prog, all_cores, 0, buffering, data_format(w.dtype), page_size=chunk)
    O.cb(prog, all_cores, 1, 1, data_format(a.dtype), page_size=block_h * C.round_up(ies, 32))
    _cache_cb(prog, all_cores, 2, etype, w_page)
    ct = [0, 1, 2, in_page, w_page, block_h, block_h * ies, chunk, 1, chunk] + O.accessor_args(a, w)
    rk = mh.CreateKernel(prog, _k("embeddings"), all_cores, ReaderDataMovementConfig(compile_args=ct,
                                                                                     defines=_defines(a, etype)))
    wk = mh.CreateKernel(prog, _k("writer_unary_stick_layout_interleaved_start_id"), all_cores,
                         WriterDataMovementConfig(compile_args=[0, out_page] + O.accessor_args(out)))
    per_core = []
    offset = 0
    for i, core in enumerate(C.corerange_to_cores(all_cores)):
        n = ws.per_core_1 if i < g1 else ws.per_core_2
        r = [offset // per_batch, (offset % per_batch) // block_h * block_h * ies, n, offset % per_batch % block_h]
        if etype == EmbeddingsType.PADDED:
            r.append(int(pad_token))
        per_core.append((core, r, [out_page, n, offset]))
        offset += n

    def set_args(tensors):
        src, wt, dst = tensors
        for core, r, wr in per_core:
            mh.SetRuntimeArgs(prog, rk, core, [src.buffer_address(), wt.buffer_address()] + r)
            mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address()] + wr)

    return O.ProgramEntry(prog, set_args, len(per_core), "embeddings_rm")


def _fused_factory(a, w, out, etype, pad_token) -> O.ProgramEntry:
    """EmbeddingsFusedProgramFactory::create_descriptor (interleaved output, non-chunked)."""
    dev = a._device
    ies = element_size(a.dtype)
    in_page = a.padded_shape[-1] * ies
    w_page = w.padded_shape[-1] * element_size(w.dtype)
    per_batch = a.padded_shape[-1] // TILE_SIZE
    blocks = a.padded_shape[-1] * a.padded_shape[0] // TILE_SIZE
    ws = C.split_work_to_cores(dev.compute_with_storage_grid_size(), blocks)
    all_cores = CoreRangeSet(ws.all_ranges)
    g1 = len(C.corerange_to_cores(ws.group_1))
    tiles_per_block = w.padded_shape[-1] // TILE_SIZE
    w_tile = formats.tile_size(data_format(w.dtype))
    o_tile = formats.tile_size(data_format(out.dtype))
    if 2 * tiles_per_block * w_tile > _L1_BUDGET:
        raise NotModelledError("ttnn.embedding: a tiled embedding wider than the 1 MB L1 budget (the chunked compute "
                               "kernel tilize_chunked) is not modelled.")
    buffering = 1 if tiles_per_block > 64 else 2
    prog = mh.CreateProgram()
    O.cb(prog, all_cores, 0, buffering * tiles_per_block, data_format(w.dtype), page_size=w_tile)
    O.cb(prog, all_cores, 1, 1, data_format(a.dtype), page_size=TILE_SIZE * ies)
    O.cb(prog, all_cores, 2, buffering * tiles_per_block, data_format(out.dtype), page_size=o_tile)
    _cache_cb(prog, all_cores, 3, etype, w_page)
    block_bytes = TILE_SIZE * ies
    ct = [0, 1, 3, in_page, w_page, w_page, tiles_per_block, block_bytes, 1, tiles_per_block] + O.accessor_args(a, w)
    rk = mh.CreateKernel(prog, _k("embeddings_tilize"), all_cores, ReaderDataMovementConfig(
        compile_args=ct, defines=_defines(a, etype)))
    for group, n in ((ws.group_1, ws.per_core_1), (ws.group_2, ws.per_core_2)):
        if n > 0 and group.ranges:
            mh.CreateKernel(prog, _k("tilize_cb_args"), group, ComputeConfig(
                compile_args=[0, 2, n, tiles_per_block, 1, tiles_per_block]))
    wk = mh.CreateKernel(prog, _k("writer_unary_interleaved_start_id"), all_cores,
                         WriterDataMovementConfig(compile_args=[2] + O.accessor_args(out)))
    per_core = []
    offset = tile_offset = 0
    for i, core in enumerate(C.corerange_to_cores(all_cores)):
        n = ws.per_core_1 if i < g1 else ws.per_core_2
        r = [offset // per_batch, offset % per_batch * block_bytes, 0, n]
        if etype == EmbeddingsType.PADDED:
            r.append(int(pad_token))
        per_core.append((core, r, [tiles_per_block * n, tile_offset]))
        tile_offset += n * tiles_per_block
        offset += n

    def set_args(tensors):
        src, wt, dst = tensors
        for core, r, wr in per_core:
            mh.SetRuntimeArgs(prog, rk, core, [src.buffer_address(), wt.buffer_address()] + r)
            mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address()] + wr)

    return O.ProgramEntry(prog, set_args, len(per_core), "embeddings_fused")


def split_work_to_cores_aligned(grid, units: int, alignment: int):
    """embedding_program_factory_common.cpp split_work_to_cores_aligned: units per core a multiple of `alignment`
    (alignment itself unless that needs more cores than the grid has), the last core taking the remainder. Returns
    (required_cores, all_cores, units of group 1, units of group 2)."""
    total = grid.x * grid.y
    per = alignment
    need = -(-units // per)
    if need > total:
        per = (-(-units // total) + alignment - 1) // alignment * alignment
        need = -(-units // per)
    all_cores = CoreRangeSet(C.num_cores_to_ranges(CoreCoord(0, 0), need, grid, False))
    remaining = units - (need - 1) * per
    return need, all_cores, per, (remaining if remaining < per else 0)


def _tilized_indices_factory(a, w, out, etype, pad_token) -> O.ProgramEntry:
    """EmbeddingsTilizedIndicesProgramFactory::create_descriptor."""
    dev = a._device
    ies = element_size(a.dtype)
    in_page = a.shape[-1] * ies
    w_page = w.padded_shape[-1] * element_size(w.dtype)
    out_page = out.padded_shape[-1] * element_size(out.dtype)
    batch, cols = a.shape[0], a.shape[-1]
    grid = dev.compute_with_storage_grid_size()
    need, all_cores, per1, per2 = split_work_to_cores_aligned(grid, cols * batch, _FACE)
    g1 = need - 1 if per2 else need
    al = _alignment(a)
    prog = mh.CreateProgram()
    O.cb(prog, all_cores, 0, 2, data_format(w.dtype), page_size=C.round_up(w_page, al))
    O.cb(prog, all_cores, 1, 1, data_format(a.dtype), page_size=_FACE * C.round_up(ies, 32))
    _cache_cb(prog, all_cores, 2, etype, w_page)
    defines = _defines(a, etype)
    if cols <= _FACE:
        defines["ONLY_ONE_FACE_COLUMN"] = 1
    ct = [0, 1, 2, in_page, w_page, cols, _FACE] + O.accessor_args(a, w) + [
        formats.tile_size(data_format(a.dtype))]
    rk = mh.CreateKernel(prog, _k("embedding_ind_tilized"), all_cores, ReaderDataMovementConfig(
        compile_args=ct, defines=defines))
    wk = mh.CreateKernel(prog, _k("writer_unary_stick_layout_interleaved_start_id"), all_cores,
                         WriterDataMovementConfig(compile_args=[0, out_page] + O.accessor_args(out)))
    tiles_per_row = -(-cols // TILE_SIZE)
    per_core = []
    weight_offset = 0
    for i in range(need):
        core = CoreCoord(i // grid.y, i % grid.y)
        col = weight_offset % cols
        row = weight_offset // cols
        n = per1 if i < g1 else per2
        r_f = ((row % TILE_SIZE) // _FACE) * 2 * _FACE * _FACE + (row % _FACE) * _FACE
        c_f = ((col % TILE_SIZE) // _FACE) * _FACE * _FACE
        tile = (row // TILE_SIZE) * tiles_per_row + col // TILE_SIZE
        r = [tile, r_f + c_f, n, col, col % _FACE]
        if etype == EmbeddingsType.PADDED:
            r.append(int(pad_token))
        per_core.append((core, r, [out_page, n, weight_offset]))
        weight_offset += n

    def set_args(tensors):
        src, wt, dst = tensors
        for core, r, wr in per_core:
            mh.SetRuntimeArgs(prog, rk, core, [src.buffer_address(), wt.buffer_address()] + r)
            mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address()] + wr)

    return O.ProgramEntry(prog, set_args, len(per_core), "embeddings_tilized_indices")

