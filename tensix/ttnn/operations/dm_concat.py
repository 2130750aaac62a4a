"""ttnn.concat as tt-metal 622c6fb9 runs it on interleaved tensors (ttnn/cpp/ttnn/operations/data_movement/concat/
concat.cpp, device/concat_device_operation.cpp concat_impl, device/concat_program_factory.cpp):

- one tensor: ttnn.to_memory_config; the output config defaults to DRAM interleaved (not the inputs');
- the massaged operation, in tt-metal's order: tiled inputs padded in the concat dim (or rank 1) are untilized with
  ttnn.untilize_with_unpadding, concatenated row-major and tilized back (tilize_with_val_padding, pad 0); rank-1
  row-major inputs whose length is not buffer-aligned are unsqueezed to (1, n) (squeezed after); a concat on the last
  dim of row-major rows that are not buffer-aligned runs on ttnn.transpose(-2, -1) of the inputs and transposes back;
- concat_impl: batches of at most 47 tensors; inputs that are not all in the first one's layout are converted (to
  ROW_MAJOR if a row-major input cannot be tiled);
- ConcatProgramFactory: the output's pages (tiles, or rows) split with split_work_to_cores (column order), reader
  reader_concat_interleaved_start_id / reader_concat_stick_layout_interleaved_start_id (WIDTH_CONCAT for row-major
  last-dim concats: every input's row side by side in one CB page), writer writer_unary_interleaved_start_id /
  writer_unary_stick_layout_interleaved_start_id.

- a last-dim concat whose transposed rows would not fit L1 is done in chunks of dim -2 (issue #43371): ttnn.slice,
  concat of each chunk, concat of the chunks along dim -2.

- sub_core_grids (interleaved output): concat.cpp goes straight to concat_impl (no massaging, no chunking); the factory
  uses the largest core count up to the sub-grid's that divides the output pages, each core the same share, the cores
  in corerange_to_cores' column-major order.

- sharded inputs (after the same massaging): concat_impl batches them by 56 (the sharded args estimate) and runs
  ttnn::prim::concat as given, without layout conversion; validation, factory choice and the S2S program factories
  are tensix.ttnn.operations.dm_concat_sharded. Interleaved inputs into a sharded output, and a mix of sharded and
  interleaved inputs, are refused as tt-metal's validation refuses them.

Not modelled (NotModelledError): output_tensor, sub_core_grids with inputs of different layouts (tt-metal converts
them with to_layout on the sub-grid), and the sharded cases dm_concat_sharded lists."""

from __future__ import annotations

import time

from tensix.device import soc
from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.types import (CoreCoord, CoreRange, CoreRangeSet, ReaderDataMovementConfig,
                                   WriterDataMovementConfig)
from tensix.ttnn import op as O
from tensix.ttnn.errors import DTypeError, LayoutError, ShapeError, ShardSpecError
from tensix.ttnn.operations import _dm_common as C
from tensix.ttnn.operations import dm_concat_sharded as S
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import (DRAM_MEMORY_CONFIG, TILE_SIZE, DataType, Layout, TensorMemoryLayout, data_format,
                               element_size, padded_shape)

__all__ = ["concat"]

_MAX_TENSORS = 47           # calculate_max_tensors_per_concat, interleaved
_L1_CAPACITY = soc.L1_SIZE - soc.L1_UNRESERVED_BASE


def _k(name):
    return O.kernel_path(f"data_movement/{name}.py")


def _esize(dtype) -> int:
    """Tensor::element_size (1 for the block-float bfloat8_b)."""
    return 1 if dtype == DataType.BFLOAT8_B else element_size(dtype)


def _alignment(t: Tensor) -> int:
    return 32 if t._buffer.is_dram else 16


def _aligned(tensors, dim) -> bool:
    return all(t.padded_shape[dim] * _esize(t.dtype) % _alignment(t) == 0 for t in tensors)


def concat(tensors, dim: int = 0, *args, memory_config=None, output_tensor=None, groups: int = 1,
           sub_core_grids=None, **kwargs) -> Tensor:
    """ttnn.concat(tensors, dim=0, *, memory_config=None, groups=1): the tensors joined along dim."""
    O.refuse_unknown_kwargs("ttnn.concat", kwargs)
    op = "ttnn.concat"
    if args:
        memory_config = args[0]
    tensors = list(tensors)
    if not tensors:
        raise ShapeError(f"{op}: expected a non-empty list of Tensors!")
    if output_tensor is not None:
        raise NotModelledError(f"{op}: optional output tensor currently unsupported!")
    if sub_core_grids is not None and not isinstance(sub_core_grids, CoreRangeSet):
        raise TypeError(f"{op}: sub_core_grids must be a ttnn.CoreRangeSet, got {type(sub_core_grids).__name__}.")
    mc = memory_config or DRAM_MEMORY_CONFIG
    for t in tensors:
        t._check_alive(op)
    if len(tensors) == 1:
        from tensix.ttnn.operations.dm_memory import to_memory_config
        return to_memory_config(tensors[0], mc)
    first = tensors[0]
    rank = len(first.shape)
    if not -rank <= dim < rank:
        raise ShapeError(f"ttnn: Dimension out of range: dim {dim} cannot be used for tensors of rank {rank}")
    dim = dim + rank if dim < 0 else dim
    fs = tuple(first.shape)
    for t in tensors:
        s = tuple(t.shape)
        if len(s) != rank or any(i != dim and s[i] != fs[i] for i in range(rank)):
            raise ShapeError(f"{op}: All dimensions must be the same size except for the dimension along which the "
                             f"contenation is taking place ({list(s)} vs {list(fs)}, dim {dim}).")
    for t in tensors:
        if t._device is None:
            raise ShapeError(f"{op}: expected a tensor with device storage, but got a host tensor.\nFix: "
                             "ttnn.to_device first.")
    if sub_core_grids is not None and not first.is_sharded() and mc.memory_layout == TensorMemoryLayout.INTERLEAVED:
        # concat.cpp: interleaved outputs go straight to concat_impl on the sub-grid (the other paths drop it)
        return _concat_impl(tensors, dim, groups, mc, sub_core_grids)
    chunks = _l1_chunks(tensors, dim, mc)
    if chunks:
        from tensix.ttnn.operations.dm_slice import slice as slice_
        outs = []
        for r0, r1 in chunks:
            part = [slice_(t, [0] * (rank - 2) + [r0, 0], list(t.shape[:-2]) + [r1, t.shape[-1]], memory_config=mc)
                    for t in tensors]
            outs.append(concat(part, dim, memory_config=memory_config, groups=groups))
        return outs[0] if len(outs) == 1 else concat(outs, rank - 2, memory_config=memory_config)
    return _massaged(tensors, dim, groups, mc)


def _l1_chunks(tensors, dim, mc):
    """concat.cpp issue #43371: a last-dim concat that goes through the transposes (row-major last dims not
    buffer-aligned, or tiled inputs padded there whose logical last dims are not) would make rows of dim -2 longer
    than L1; tt-metal slices dim -2 into chunks (tile-height multiples for tiled inputs), concatenates each and
    concatenates the results along dim -2. Returns the chunks' (start, end) rows, or None."""
    first = tensors[0]
    rank = len(first.shape)
    if rank < 2 or dim != rank - 1:
        return None
    es = _esize(first.dtype)
    al = max(_alignment(first), 32 if mc.buffer_type.name == "DRAM" else 16)
    unaligned = any(t.shape[dim] * _esize(t.dtype) % al for t in tensors)
    if first.layout == Layout.TILE:
        unaligned = unaligned and any(t.shape[dim] != t.padded_shape[dim] for t in tensors)
    rows = first.shape[-2]
    if not unaligned or C.round_up(es * rows, al) <= _L1_CAPACITY:
        return None
    tile_h = TILE_SIZE if first.layout == Layout.TILE else 1
    step = (_L1_CAPACITY // (2 * es)) // tile_h * tile_h
    return [(r, min(r + step, rows)) for r in range(0, rows, step)]


def _massaged(tensors, dim, groups, mc) -> Tensor:
    """concat.cpp's sequence untilize_rm_retilize(unsqueeze_squeeze_1D(non_aligned_last_dim))."""
    from tensix.ttnn.operations.data_movement import tilize_with_val_padding, untilize_with_unpadding
    from tensix.ttnn.operations.dm_permute import transpose
    from tensix.ttnn.operations.dm_reshape import squeeze, unsqueeze
    retilize = any(t.layout == Layout.TILE and (t.shape[dim] != t.padded_shape[dim] or len(t.shape) == 1)
                   for t in tensors)
    if retilize:
        if any(t.layout != Layout.TILE for t in tensors):
            raise LayoutError("ttnn.concat: expected all input tensors to be in tile layout")
        tensors = [untilize_with_unpadding(t, [d - 1 for d in t.shape]) for t in tensors]
    one_d = dim == 0 and any(t.layout == Layout.ROW_MAJOR and len(t.shape) == 1 and
                             t.shape[0] * _esize(t.dtype) % _alignment(t) for t in tensors)
    if one_d:
        tensors = [unsqueeze(t, 0) for t in tensors]
        dim += 1
    rank = len(tensors[0].shape)
    swap = dim == rank - 1 and not _aligned(tensors, dim)
    if swap:
        tensors = [transpose(t, -2, -1) for t in tensors]
        dim = rank - 2 if dim == rank - 1 else dim
    out = _concat_impl(tensors, dim, groups, mc)
    if swap:
        out = transpose(out, -2, -1, memory_config=mc)
    if one_d:
        out = squeeze(out, 0)
    if retilize and out.layout != Layout.TILE:
        out = tilize_with_val_padding(out, list(padded_shape(tuple(out.padded_shape), Layout.TILE)), 0.0,
                                      memory_config=out.memory_config())
    return out


def _concat_impl(tensors, dim, groups, mc, sub=None) -> Tensor:
    """concat_device_operation.cpp concat_impl (interleaved), on the sub-core grid `sub` if given."""
    from tensix.ttnn.operations.data_movement import device_to_layout
    if len(tensors) == 1:
        t = tensors[0]
        if t.memory_config() != mc:
            from tensix.ttnn.operations.dm_memory import clone
            return clone(t, memory_config=mc)
        return t
    sharded = tensors[0].is_sharded()
    most = S.MAX_SHARDED_TENSORS if sharded else _MAX_TENSORS
    if len(tensors) > most:
        parts = [_concat_impl(tensors[i:i + most], dim, groups, mc, sub) for i in range(0, len(tensors), most)]
        return _concat_impl(parts, dim, groups, mc, sub)
    if sharded:                 # ttnn::prim::concat as given: no layout conversion (dm_concat_sharded)
        return S.prim_concat_sharded(tensors, dim, groups, mc)
    rank = len(tensors[0].shape)
    if tensors[0].layout == Layout.ROW_MAJOR and dim == rank - 1 and not _aligned(tensors, dim):
        raise ShapeError("ttnn.concat: Current concat implementation requires aligned last dim when concatting on "
                         "last dim")
    target = tensors[0].layout
    for t in tensors:
        p = tuple(t.padded_shape)
        if t.layout == Layout.ROW_MAJOR and (len(p) < 2 or p[-2] % TILE_SIZE or p[-1] % TILE_SIZE):
            target = Layout.ROW_MAJOR
            break
    if sub is not None and any(t.layout != target for t in tensors):
        raise NotModelledError("ttnn.concat(sub_core_grids=...): the inputs' layouts differ, and tt-metal converts "
                               "them with ttnn.to_layout on the sub-core grid, which tensix does not run.\nFix: give "
                               "all inputs the same layout, or omit sub_core_grids.")
    tensors = [t if t.layout == target else device_to_layout(t, target) for t in tensors]
    return _prim_concat(tensors, dim, mc, sub)


def _prim_concat(tensors, dim, mc, sub=None) -> Tensor:
    started = time.perf_counter()
    op = "ttnn.concat"
    first = tensors[0]
    for t in tensors:
        if t.layout != first.layout:
            raise LayoutError(f"{op}: All Tensors should have same layouts.")
        if t.dtype != first.dtype:
            raise DTypeError(f"{op}: All Tensors should have same dtypes ({t.dtype!r} vs {first.dtype!r}).\nFix: "
                             "ttnn.typecast first.")
        if t._device is not first._device:
            raise ShapeError(f"{op}: Operands to concat need to be on the same device.")
        if t.is_sharded():
            raise ShardSpecError(f"{op}: All tensors must be sharded or all must be interleaved (input 0 is "
                                 "interleaved, another input is sharded).\nFix: ttnn.to_memory_config the inputs to "
                                 "one kind (all sharded alike, or all interleaved).")
    if mc.is_sharded():
        raise ShardSpecError(f"{op}: Cannot concat interleaved inputs into a sharded output. Either shard the inputs "
                             "first or use an interleaved output memory config.")
    shape = list(first.shape)
    shape[dim] = sum(t.shape[dim] for t in tensors)
    out = C.make_output(first._device, shape, first.dtype, first.layout, mc)
    sub_key = None if sub is None else tuple((r.start.x, r.start.y, r.end.x, r.end.y) for r in sub.ranges)
    key = ("concat", dim, tuple(O.spec_key(t) for t in tensors), O.spec_key(out), sub_key)
    O.run(op, first._device, key, lambda: _concat_factory(tensors, out, dim, sub), tensors + [out], [out],
          {"dim": dim}, started)
    return out


def _sub_grid_split(sub: CoreRangeSet, n_pages: int):
    """ConcatProgramFactory's split over sub_core_grids: the largest core count up to the sub-grid's that divides the
    pages (every core the same number of pages), the cores in corerange_to_cores' column-major order."""
    ncores = len(C.corerange_to_cores(sub))
    if ncores == 0:
        raise ShapeError("ttnn.concat: number of cores cannot be 0")
    while n_pages % ncores:
        ncores -= 1
    return C.corerange_to_cores(sub, ncores), n_pages // ncores


def _concat_factory(tensors, out: Tensor, dim: int, sub=None) -> O.ProgramEntry:
    """ConcatProgramFactory::create_descriptor (the full compute grid, or sub_core_grids)."""
    dev = out._device
    rm = out.layout == Layout.ROW_MAJOR
    op_ = list(out.padded_shape)
    nd = len(op_)
    fmt = data_format(out.dtype)
    common_align = max(_alignment(tensors[0]), _alignment(out))
    if rm:
        n_pages = out.padded_shape.volume() // op_[-1]
        page = C.round_up(element_size(out.dtype) * op_[-1], common_align)
    else:
        n_pages = out.padded_shape.volume() // C.TILE_HW
        page = out.page_size
    grid = dev.compute_with_storage_grid_size()
    if sub is None:
        ws = C.split_work_to_cores(grid, n_pages)
        all_cores = CoreRangeSet(ws.all_ranges)
        g1 = len(C.corerange_to_cores(ws.group_1))
        cores = [(CoreCoord(i // grid.y, i % grid.y), ws.per_core_1 if i < g1 else ws.per_core_2)
                 for i in range(ws.num_cores)]
    else:
        sub_cores, each = _sub_grid_split(sub, n_pages)
        all_cores = CoreRangeSet([CoreRange(c, c) for c in sub_cores])
        cores = [(c, each) for c in sub_cores]
    if page > _L1_CAPACITY:
        raise ShapeError(f"ttnn.concat: required CB page size ({page} B) exceeds per-core L1 capacity "
                         f"({_L1_CAPACITY} B); op cannot fit on this device.")
    depth = 2 if 2 * page <= soc.L1_SIZE // 2 - soc.L1_UNRESERVED_BASE else 1
    prog = mh.CreateProgram()
    O.cb(prog, all_cores, 0, depth, fmt, page_size=page)
    n = len(tensors)
    accum = 1
    scale = 1
    if not rm:
        scale = TILE_SIZE if dim in (nd - 2, nd - 1) else 1
    for i in range(dim + 1, nd):
        accum *= op_[i]
    if rm:
        if nd > 1 and dim < nd - 1:
            accum //= op_[-1]
    elif dim < nd - 2:
        accum //= C.TILE_HW
    elif dim == nd - 2:
        accum //= TILE_SIZE
    per_block = []
    out_per_block = 0
    for t in tensors:
        if rm and dim == nd - 1:
            per_block.append(accum)
        else:
            k = accum * (t.padded_shape[dim] // scale)
            per_block.append(k)
            out_per_block += k
    if rm and dim == nd - 1:
        out_per_block = 1
    sizes = [t._buffer.page_size for t in tensors]
    ct = [0, n] + sizes
    for t in tensors:
        ct += O.accessor_args(t)
    defines = {"WIDTH_CONCAT": 1} if rm and dim == nd - 1 else {}
    rk = mh.CreateKernel(prog, _k("reader_concat_stick_layout_interleaved_start_id" if rm else
                                  "reader_concat_interleaved_start_id"), all_cores,
                         ReaderDataMovementConfig(compile_args=ct, defines=defines))
    if rm:
        wk = mh.CreateKernel(prog, _k("writer_unary_stick_layout_interleaved_start_id"), all_cores,
                             WriterDataMovementConfig(compile_args=[0, out._buffer.page_size] + O.accessor_args(out)))
    else:
        wk = mh.CreateKernel(prog, _k("writer_unary_interleaved_start_id"), all_cores,
                             WriterDataMovementConfig(compile_args=[0] + O.accessor_args(out)))
    per_core = []
    written = 0
    for core, cnt in cores:
        block, within = divmod(written, out_per_block)
        ids = [0] * n
        cur = cur_id = 0
        for j in range(n):
            ids[j] = block * per_block[j]
            if within == 0:
                continue
            if within >= per_block[j]:
                ids[j] += per_block[j]
                within -= per_block[j]
                cur = j + 1
            else:
                ids[j] += within
                cur, cur_id, within = j, within, 0
        per_core.append((core, [cnt, cur, cur_id], ids, cnt, written))
        written += cnt

    def set_args(ts):
        addrs = [t.buffer_address() for t in ts[:-1]]
        dst = ts[-1]
        for core, head, ids, cnt, start in per_core:
            mh.SetRuntimeArgs(prog, rk, core, head + addrs + per_block + ids)
            w = [dst.buffer_address(), dst._buffer.page_size, cnt, start] if rm else [dst.buffer_address(), cnt,
                                                                                       start]
            mh.SetRuntimeArgs(prog, wk, core, w)

    return O.ProgramEntry(prog, set_args, len(per_core), "concat")

