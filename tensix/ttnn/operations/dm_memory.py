"""Memory configs on the device: ttnn.to_memory_config, ttnn.interleaved_to_sharded, ttnn.sharded_to_interleaved,
ttnn.clone, ttnn.reallocate, as tt-metal 622c6fb9 runs them.

- to_memory_config: core/to_memory_config/to_memory_config_op.cpp: the same config returns the tensor (a dtype
  asked for with it is ignored, as there); to a sharded
  config interleaved_to_sharded when can_use_interleaved_to_sharded (its validate_inputs: an interleaved input, a
  legacy-equivalent output, 16-byte aligned row-major shard rows ...; its CBs fitting L1); from a sharded one
  sharded_to_interleaved when can_use_sharded_to_interleaved (an L1 input with a legacy shard spec ...); sharded ->
  sharded: ttnn::reshard (tensix.ttnn.operations.dm_reshard) when can_use_reshard, prim::copy when a dtype is given,
  the sharded_to_interleaved -> interleaved_to_sharded workaround for row-major shards of different widths in
  different layouts (or when reshard's validation refuses); everything else falls back to ttnn::prim::copy.
- interleaved_to_sharded: sharded/interleaved_to_sharded/device/interleaved_to_sharded_program_factory.cpp: one core
  per shard (the cores that hold shards, in shard order); the output CB is the core's shard (a CB allocated in the
  output buffer); TILE: reader_unary_sharded_blocks_interleaved_start_id reads the shard's tiles; ROW_MAJOR:
  reader_unary_stick_layout_sharded_blocks_interleaved_start_id reads its row segments (through the scratch CB when
  a segment is not DRAM-aligned); a format conversion (output dtype) goes through sharded/.../eltwise_copy.
- sharded_to_interleaved: sharded/sharded_to_interleaved/device/sharded_to_interleaved_program_factory.cpp: the input
  CB is the core's shard; writer_unary_sharded_blocks_interleaved_start_id (TILE) or
  writer_unary_stick_layout_sharded_blocks_interleaved_start_id (ROW_MAJOR) writes its pages, skipping the padding of
  partial shards.
- copy (ttnn::prim::copy): copy/device/copy_device_operation.cpp select_program_factory;
  copy_default_tilized_program_factory.cpp (tiles split with split_work_to_cores, reader / writer
  _interleaved_start_id, eltwise_copy for a dtype change) and copy_default_row_major_program_factory.cpp (rows split
  over the cores, redistribute_pages_row_major reader / writer gathering a row's pages: a whole row of an interleaved
  or height-sharded tensor, a shard row of a width / block / ND-sharded one). Their kernels reach both buffers through
  TensorAccessors only, so they run over interleaved, legacy-sharded and ND-sharded (L1 or DRAM) tensors alike.
- clone: clone/device/clone_program_factory.cpp (interleaved: units split with split_work_to_cores, read / write
  kernels, compute_kernel for a dtype change, HiFi4 by default).
- reallocate / move: data_movement/move/move.cpp move_impl (the input freed, the output allocated, copy's
  SameMemoryConfig program unless the address did not change); copy/device/copy_same_memory_config_program_factory.cpp
  is also to_memory_config's copy into an output_tensor of the same config.

Not modelled (NotModelledError): the reshard factories dm_reshard lists as not modelled (ReshardGenericFactory with
different page sizes where its page ranges read the wrong pages, the ND factories between pages of different sizes,
legacy DRAM-sharded sides),
interleaved_to_sharded into a legacy DRAM-sharded config (its DRAM output path), copy's SameMemoryConfig factory over a
row-major sharded tensor where its ShardedAddrGen pages miss rows of the tensor (tensix.ttnn.operations.
dm_copy_sharded, which runs the others), block-sharded grids larger than the shard grid (in interleaved_to_sharded /
sharded_to_interleaved), dtype conversion in a row-major copy (tt-metal refuses it too: LayoutError), move's
overlap program (a new buffer overlapping the old one)."""

from __future__ import annotations

import time

from tensix.device import formats, soc
from tensix.device.memory import align
from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.types import (ComputeConfig, CoreCoord, CoreRange, CoreRangeSet, MathFidelity,
                                   ReaderDataMovementConfig, WriterDataMovementConfig)
from tensix.ttnn import op as O
from tensix.ttnn import sharded as S
from tensix.ttnn.nd_sharded import dram_worker_cores
from tensix.ttnn.errors import DTypeError, LayoutError, ShardSpecError, TTNNError
from tensix.ttnn.operations import _dm_common as C
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.tensor_spec import resolve_memory_config
from tensix.ttnn.types import (DRAM_MEMORY_CONFIG, TILE_SIZE, BufferType, DataType, Layout, MemoryConfig,
                               ShardOrientation, TensorMemoryLayout, data_format, element_size)

__all__ = ["to_memory_config", "interleaved_to_sharded", "sharded_to_interleaved", "clone", "reallocate", "move"]

_COPY_DTYPES = (DataType.BFLOAT16, DataType.BFLOAT8_B, DataType.FLOAT32, DataType.UINT32, DataType.INT32,
                DataType.UINT16)


def _k(name):
    return O.kernel_path(f"data_movement/{name}.py")


def _alignment(t_or_mc) -> int:
    mc = t_or_mc.memory_config() if isinstance(t_or_mc, Tensor) else t_or_mc
    return soc.DRAM_ALIGNMENT if mc.buffer_type == BufferType.DRAM else soc.L1_ALIGNMENT


def _crs(cores) -> CoreRangeSet:
    return CoreRangeSet([CoreRange(c, c) for c in cores])


def _check_block_grid(op, geom: S.ShardGeometry, mc: MemoryConfig):
    if mc.memory_layout == TensorMemoryLayout.BLOCK_SHARDED and len(geom.cores) != mc.shard_spec.grid.num_cores():
        raise NotModelledError(
            f"{op}: the block-sharded grid ({mc.shard_spec.grid.num_cores()} cores) is larger than the tensor's "
            f"{geom.n_h}x{geom.n_w} shards; how tt-metal's programs place the shards then is not modelled.\nFix: a "
            f"grid of exactly {geom.n_h}x{geom.n_w} cores (ttnn.create_sharded_memory_config makes one).")


# -------------------------------------------------------------------------------------------- to_memory_config
def to_memory_config(tensor: Tensor, memory_config: MemoryConfig, dtype: DataType | None = None,
                     output_tensor=None, **kwargs) -> Tensor:
    """ttnn.to_memory_config(tensor, memory_config, dtype=None, output_tensor=None): the tensor in another memory
    config (DRAM / L1, interleaved / sharded) by tt-metal's programs; the same config returns the tensor itself, unless
    output_tensor is given: the programs then write into it (to_memory_config_op.cpp: prim::copy,
    interleaved_to_sharded or sharded_to_interleaved with the optional output)."""
    O.refuse_unknown_kwargs("ttnn.to_memory_config", kwargs)
    op = "ttnn.to_memory_config"
    O.device_of(op, tensor, nd_ok=True)         # each path below refuses what its program does not take
    if output_tensor is not None:
        O.device_of(op, tensor, output_tensor, nd_ok=True)
    if not isinstance(memory_config, MemoryConfig):
        raise TTNNError(f"{op}: memory_config must be a ttnn.MemoryConfig, got {type(memory_config).__name__}.")
    raw_has_shard_spec = memory_config.shard_spec is not None and not memory_config.created_with_nd_shard_spec
    # an ND-sharded config as its legacy equivalent for this tensor (tt-metal's TensorSpec fills it in); one without
    # an equivalent stays ND_SHARDED
    memory_config = resolve_memory_config(memory_config, tensor.shape, dtype or tensor.dtype, tensor.layout,
                                          tensor.padded_shape, strict=False)
    if tensor.memory_config() == memory_config and output_tensor is None:
        return tensor       # to_memory_config_op.cpp returns the tensor itself here, whatever dtype asks for
    out = {} if output_tensor is None else {"output_tensor": output_tensor}
    if memory_config.is_sharded():
        if tensor.is_sharded():
            r = _sharded_to_sharded(op, tensor, memory_config, dtype, output_tensor, raw_has_shard_spec)
            if r is not None:
                return r
        elif can_use_interleaved_to_sharded(tensor, memory_config, dtype, output_tensor):
            return interleaved_to_sharded(tensor, memory_config, output_dtype=dtype, **out)
    elif tensor.is_sharded() and can_use_sharded_to_interleaved(tensor, memory_config, dtype, output_tensor):
        return sharded_to_interleaved(tensor, memory_config, output_dtype=dtype, **out)
    # to_memory_config_op.cpp: "Fallback to ttnn::copy as the default general to_memory_config operation"
    return _copy(op, tensor, memory_config, dtype or tensor.dtype, output_tensor)


def _sharded_to_sharded(op, tensor, memory_config, dtype, output_tensor, raw_has_shard_spec):
    """to_memory_config_op.cpp, sharded -> sharded: with legacy shard specs on both sides (the config as given, not
    one made from an ND spec), row-major shards of different widths in different memory layouts take the
    workaround (sharded_to_interleaved to DRAM, then interleaved_to_sharded); otherwise a given dtype runs
    ttnn::prim::copy, and ttnn::reshard runs when can_use_reshard (its validate_inputs, its scratch CB fitting L1);
    else the workaround, when sharded_to_interleaved can take the tensor (and interleaved_to_sharded the DRAM copy:
    if not, the DRAM copy was made for nothing). None when neither applies: to_memory_config then falls back to
    prim::copy."""
    from tensix.ttnn.operations import dm_reshard
    a, b = tensor.memory_config(), memory_config
    workaround = False
    if a.shard_spec is not None and raw_has_shard_spec:
        workaround = (a.shard_spec.shape[1] != b.shard_spec.shape[1] and a.memory_layout != b.memory_layout
                      and tensor.layout == Layout.ROW_MAJOR)
    if not workaround:
        if dtype is not None:
            return _copy(op, tensor, memory_config, dtype, output_tensor)
        if dm_reshard.can_use_reshard(tensor, memory_config, raw_has_shard_spec, output_tensor):
            return dm_reshard.reshard(tensor, memory_config, output_tensor=output_tensor)
    out = {} if output_tensor is None else {"output_tensor": output_tensor}
    if can_use_sharded_to_interleaved(tensor, DRAM_MEMORY_CONFIG, dtype, None):
        tmp = sharded_to_interleaved(tensor, DRAM_MEMORY_CONFIG, output_dtype=dtype)
        if can_use_interleaved_to_sharded(tmp, memory_config, dtype, output_tensor):
            return interleaved_to_sharded(tmp, memory_config, output_dtype=dtype, **out)
        tmp.deallocate()
    return None


def _max_l1_size() -> int:
    """l1_size_per_core() - the allocator's L1 base (to_memory_config_op.cpp's CB capacity checks)."""
    return soc.L1_SIZE - soc.L1_UNRESERVED_BASE


def _same_output(o, a, mc, dtype, check_shape: bool) -> bool:
    """The checks interleaved_to_sharded's / sharded_to_interleaved's validate_inputs make of an optional output."""
    if o is None:
        return True
    return ((not check_shape or tuple(o.shape) == tuple(a.shape)) and o.memory_config() == mc and o.dtype == dtype
            and o.layout == a.layout and o._device is a._device)


def can_use_interleaved_to_sharded(a: Tensor, mc: MemoryConfig, dtype, output_tensor=None) -> bool:
    """to_memory_config_op.cpp can_use_interleaved_to_sharded: InterleavedToShardedDeviceOperation::validate_inputs
    (an ND config without a legacy equivalent is refused), then its CBs (the scratch CB, the input CB of a format
    conversion, the output CB of a DRAM output) must fit L1."""
    out_dtype = dtype or a.dtype
    if out_dtype in (DataType.BFLOAT8_B, DataType.BFLOAT4_B) and a.layout == Layout.ROW_MAJOR:
        return False
    if not mc.is_sharded():
        return False
    rmc = resolve_memory_config(mc, a.shape, out_dtype, a.layout, a.padded_shape, strict=False)
    if rmc.shard_spec is None:                  # "interleaved_to_sharded does not support ND sharding"
        return False
    if not _same_output(output_tensor, a, rmc, out_dtype, True):
        return False
    if a.is_sharded():
        return False
    if rmc.memory_layout == TensorMemoryLayout.BLOCK_SHARDED and rmc.buffer_type != BufferType.L1:
        return False
    if a.layout == Layout.ROW_MAJOR and (rmc.shard_spec.shape[1] * element_size(a.dtype)) % soc.L1_ALIGNMENT:
        return False
    if out_dtype != a.dtype and a.layout != Layout.TILE:
        return False
    sh, sw = rmc.shard_spec.shape
    in_fmt, out_fmt = data_format(a.dtype), data_format(out_dtype)
    if a.layout == Layout.TILE:
        in_unit, out_unit = formats.tile_size(in_fmt), formats.tile_size(out_fmt)
        nus = (sh // TILE_SIZE) * (sw // TILE_SIZE)
    else:
        in_unit, out_unit = sw * element_size(a.dtype), sw * element_size(out_dtype)
        nus = sh
    total = 4 * align(in_unit + soc.DRAM_ALIGNMENT, soc.DRAM_ALIGNMENT)
    if in_fmt != out_fmt:
        total += nus * align(in_unit, _alignment(a))
    if rmc.buffer_type == BufferType.DRAM:
        total += nus * align(out_unit, soc.DRAM_ALIGNMENT)
    return total < _max_l1_size()


def can_use_sharded_to_interleaved(a: Tensor, mc: MemoryConfig, dtype, output_tensor=None) -> bool:
    """to_memory_config_op.cpp can_use_sharded_to_interleaved: ShardedToInterleavedDeviceOperation::validate_inputs
    (an L1 input with a legacy shard spec, an interleaved output), then the output CB of a format conversion must fit
    L1."""
    out_dtype = dtype or a.dtype
    im = a.memory_config()
    if not im.is_sharded() or im.buffer_type != BufferType.L1:
        return False
    if not _same_output(output_tensor, a, mc, out_dtype, False):
        return False
    if mc.memory_layout != TensorMemoryLayout.INTERLEAVED:
        return False
    if im.shard_spec is None:                   # "sharded_to_interleaved does not support ND sharding"
        return False
    if a.layout == Layout.ROW_MAJOR and (im.shard_spec.shape[1] * element_size(a.dtype)) % soc.L1_ALIGNMENT:
        return False
    if out_dtype != a.dtype and a.layout != Layout.TILE:
        return False
    if out_dtype != a.dtype:
        sh, sw = im.shard_spec.shape
        out_fmt = data_format(out_dtype)
        if a.layout == Layout.TILE:
            out_unit, nus = formats.tile_size(out_fmt), (sh // TILE_SIZE) * (sw // TILE_SIZE)
        else:
            out_unit, nus = sw * element_size(out_dtype), sh
        if nus * align(out_unit, _alignment(mc)) >= _max_l1_size():
            return False
    return True


# --------------------------------------------------------------------------------------- interleaved_to_sharded
def interleaved_to_sharded(input_tensor: Tensor, grid_or_memory_config, shard_shape=None, shard_scheme=None,
                           shard_orientation=None, output_dtype: DataType | None = None, *,
                           keep_l1_aligned: bool = False, output_tensor=None, **kwargs) -> Tensor:
    """ttnn.interleaved_to_sharded(input_tensor, memory_config, output_dtype=None) (or grid, shard_shape,
    shard_scheme, shard_orientation as ttnn's overload)."""
    started = time.perf_counter()
    op = "ttnn.interleaved_to_sharded"
    dev = O.device_of(op, input_tensor)
    a = input_tensor
    mc = grid_or_memory_config
    if isinstance(mc, MemoryConfig) and isinstance(shard_shape, DataType):   # (tensor, memory_config, output_dtype)
        output_dtype, shard_shape = shard_shape, None
    if not isinstance(mc, MemoryConfig):
        from tensix.ttnn.types import CoreGrid, ShardSpec, ShardStrategy
        kind = {ShardStrategy.HEIGHT: TensorMemoryLayout.HEIGHT_SHARDED,
                ShardStrategy.WIDTH: TensorMemoryLayout.WIDTH_SHARDED,
                ShardStrategy.BLOCK: TensorMemoryLayout.BLOCK_SHARDED}.get(shard_scheme, shard_scheme)
        orientation = shard_orientation or ShardOrientation.ROW_MAJOR
        grid = mc
        if not isinstance(grid, CoreRangeSet):
            # interleaved_to_sharded.cpp: a grid size (CoreCoord; ttnn.CoreGrid and (x, y) pairs convert to one) holds
            # as many cores as the shards need, num_cores_to_corerangeset(n, grid_size, row_wise) from (0, 0)
            gx, gy = (grid.x, grid.y) if isinstance(grid, (CoreGrid, CoreCoord)) else (int(grid[0]), int(grid[1]))
            h, w = a.padded_shape.volume() // a.padded_shape[-1], a.padded_shape[-1]
            sh, sw = int(shard_shape[0]), int(shard_shape[1])
            n = {TensorMemoryLayout.HEIGHT_SHARDED: C.div_up(h, sh), TensorMemoryLayout.WIDTH_SHARDED: C.div_up(w, sw),
                 TensorMemoryLayout.BLOCK_SHARDED: C.div_up(h, sh) * C.div_up(w, sw)}.get(kind)
            if n is None:
                raise ShardSpecError(f"{op}: Unsupported sharding scheme {shard_scheme!r}.\nFix: HEIGHT, WIDTH or "
                                     "BLOCK sharding.")
            if n > gx * gy:
                raise ShardSpecError(f"{op}: the shards need {n} cores but the grid {gx}x{gy} has {gx * gy}.\nFix: "
                                     "larger shards or a larger grid.")
            grid = CoreRangeSet(C.num_cores_to_ranges(CoreCoord(0, 0), n, CoreCoord(gx, gy),
                                                      orientation == ShardOrientation.ROW_MAJOR))
        mc = MemoryConfig(kind, BufferType.L1, ShardSpec(grid, shard_shape, orientation))
    out_dtype = output_dtype or a.dtype
    mc = resolve_memory_config(mc, a.shape, out_dtype, a.layout, a.padded_shape, strict=False)
    if a.is_sharded():
        raise ShardSpecError(f"{op}: Input tensor memory layout must be INTERLEAVED, but got "
                             f"{a.memory_config().memory_layout.name}.\nFix: ttnn.to_memory_config handles sharded "
                             "inputs.")
    if not mc.is_sharded():
        raise ShardSpecError(f"{op}: Output memory config must be sharded.\nFix: a HEIGHT/WIDTH/BLOCK_SHARDED config.")
    if mc.memory_layout == TensorMemoryLayout.ND_SHARDED:     # interleaved_to_sharded_op.cpp validate
        raise ShardSpecError(f"{op}: interleaved_to_sharded does not support ND sharding ({mc.nd_shard_spec!r} has no "
                             "legacy 2-D equivalent for this tensor).\nFix: use ttnn.to_memory_config or ttnn.copy "
                             "instead.")
    if out_dtype in (DataType.BFLOAT8_B, DataType.BFLOAT4_B) and a.layout == Layout.ROW_MAJOR:
        raise LayoutError(f"{op}: Output dtype BFLOAT8_B/BFLOAT4_B requires TILE layout, but input tensor layout is "
                          "ROW_MAJOR.\nFix: ttnn.to_layout(t, ttnn.TILE_LAYOUT) first.")
    if mc.memory_layout == TensorMemoryLayout.BLOCK_SHARDED and mc.buffer_type != BufferType.L1:
        raise ShardSpecError(f"{op}: We don't support DRAM block sharding.\nFix: buffer_type=ttnn.BufferType.L1.")
    if mc.shard_spec is not None and a.layout == Layout.ROW_MAJOR and \
            (mc.shard_spec.shape[1] * element_size(a.dtype)) % soc.L1_ALIGNMENT:
        raise ShardSpecError(f"{op}: Shard page size must currently have L1 aligned page size: a shard row of "
                             f"{mc.shard_spec.shape[1]} elements is {mc.shard_spec.shape[1] * element_size(a.dtype)} "
                             "bytes.\nFix: a shard width whose row is a multiple of 16 bytes.")
    if out_dtype != a.dtype and a.layout != Layout.TILE:
        raise NotModelledError(f"{op}: Input tensor layout must be TILE when dtype conversion is needed.\nFix: "
                               "convert the dtype in TILE layout.")
    # a DRAM-sharded output is written through its TensorAccessor (dst_is_dram): an ND buffer, placed as tt-metal does
    out = _output(op, output_tensor, dev, a, out_dtype, mc, nd_ok=mc.buffer_type == BufferType.DRAM)
    geom = out._buffer.geom
    _check_block_grid(op, geom, mc)
    key = ("interleaved_to_sharded", O.spec_key(a), O.spec_key(out))
    O.run(op, dev, key, lambda: _i2s_factory(dev, a, out), [a, out], [out], {"dtype": out_dtype.name}, started)
    return out


def _units(a, out, shard_shape, in_last: bool):
    """The units both sharding factories count in (tiles in TILE layout; in ROW_MAJOR layout rows, and bytes across a
    row): unit sizes, units per shard height / width, per tensor row (num_units_per_row), the offset between rows,
    units of the tensor's height, and the last shard's height / width (the row-major width in bytes of the input's
    unit for interleaved_to_sharded, of the output's for sharded_to_interleaved)."""
    sh, sw = shard_shape
    if a.layout == Layout.TILE:
        in_unit, out_unit = formats.tile_size(data_format(a.dtype)), formats.tile_size(data_format(out.dtype))
        nush, nusw = sh // TILE_SIZE, sw // TILE_SIZE
        nupr = a.padded_shape[-1] // TILE_SIZE
        nuo = nupr
        nuh = a.padded_shape.volume() // a.padded_shape[-1] // TILE_SIZE
        nusw_last = nusw - (C.round_up(nupr, nusw) - nupr)
    else:
        in_unit, out_unit = sw * element_size(a.dtype), sw * element_size(out.dtype)
        nush, nusw = sh, 1
        nupr = a.shape[-1] * element_size(a.dtype)
        nuo = 1
        nuh = a.shape.volume() // a.shape[-1]
        unit = in_unit if in_last else out_unit
        nusw_last = unit - (C.round_up(nupr, unit) - nupr)
    nush_last = nush - (C.round_up(nuh, nush) - nuh)
    return in_unit, out_unit, nush, nusw, nupr, nuo, nuh, nush_last, nusw_last


def _i2s_factory(dev, a, out) -> O.ProgramEntry:
    """InterleavedToShardedProgramFactory::create_descriptor (keep_l1_aligned, as the factory forces it). An L1 output
    is written where it lies (its CB placed on the output buffer, writer_unary_sharded); a DRAM-sharded one (dst_is_dram)
    from the worker core tt-metal assigns to each DRAM bank with shards (get_optimal_worker_cores_for_sharded_tensor:
    tensix.device.core_assignment), through a CB of its own and the output's TensorAccessor
    (writer_unary_sharded_blocks_start_id / writer_unary_sharded_stick_layout_start_id)."""
    mc = out.memory_config()
    spec, kind, geom = mc.shard_spec, mc.memory_layout, out._buffer.geom
    rm_orientation = spec.orientation == ShardOrientation.ROW_MAJOR
    dst_is_dram = mc.buffer_type == BufferType.DRAM
    cores = dram_worker_cores(geom) if dst_is_dram else geom.cores
    end_core = cores[-1]
    in_fmt, out_fmt = data_format(a.dtype), data_format(out.dtype)
    convert_df = in_fmt != out_fmt
    src_is_dram = a.memory_config().buffer_type == BufferType.DRAM
    in_unit, out_unit, nush, nusw, nupr, nuo, nuh, nush_last, nusw_last = _units(a, out, spec.shape, in_last=True)
    nus = nush * nusw
    if a.layout == Layout.TILE:
        padded_offset_bytes = (nusw - nusw_last) * in_unit
    else:
        padded_offset_bytes = align(in_unit, soc.L1_ALIGNMENT)
    in_cb, scratch_cb = 0, 1
    out_cb = 16 if convert_df else 0
    out_page = align(out_unit, _alignment(out))
    all_cores = _crs(cores)
    prog = mh.CreateProgram()
    if convert_df:
        in_page = align(in_unit, _alignment(a))
        O.cb(prog, all_cores, in_cb, nus, in_fmt, page_size=in_page)
    out_cfg = mh.CircularBufferConfig(nus * out_page, {out_cb: out_fmt}).set_page_size(out_cb, out_page)
    if not dst_is_dram:
        out_cfg.set_globally_allocated_address(out._buffer)
    mh.CreateCircularBuffer(prog, all_cores, out_cfg)
    num_trids = 4
    scratch_page = align(in_unit + soc.DRAM_ALIGNMENT, soc.DRAM_ALIGNMENT)
    O.cb(prog, all_cores, scratch_cb, num_trids, in_fmt, page_size=scratch_page)
    if a.layout == Layout.TILE:
        rk = mh.CreateKernel(prog, _k("reader_unary_sharded_blocks_interleaved_start_id"), all_cores,
                             ReaderDataMovementConfig(compile_args=[in_cb, len(cores)] + O.accessor_args(a)))
    else:
        rk = mh.CreateKernel(prog, _k("reader_unary_stick_layout_sharded_blocks_interleaved_start_id"), all_cores,
                             ReaderDataMovementConfig(compile_args=[in_cb, scratch_cb, num_trids]
                                                      + O.accessor_args(a) + [a.page_size]))
    if not dst_is_dram:
        wk = mh.CreateKernel(prog, _k("writer_unary_sharded"), all_cores,
                             WriterDataMovementConfig(compile_args=[out_cb]))
    elif a.layout == Layout.TILE:
        wk = mh.CreateKernel(prog, _k("writer_unary_sharded_blocks_start_id"), all_cores,
                             WriterDataMovementConfig(compile_args=[out_cb] + O.accessor_args(out)))
    else:
        wk = mh.CreateKernel(prog, _k("writer_unary_sharded_stick_layout_start_id"), all_cores,
                             WriterDataMovementConfig(compile_args=[out_cb] + O.accessor_args(out)
                                                      + [geom.aligned_page_size]))
    ck = mh.CreateKernel(prog, _k("eltwise_copy_sharded"), all_cores, ComputeConfig()) if convert_df else None
    work = []
    idx_h = idx_w = 0
    for core in cores:
        nunits = nus
        last_x, last_y = core.x == end_core.x, core.y == end_core.y
        is_end = core == end_core
        if a.layout == Layout.TILE:
            shard_h, shard_w, pad_off = nush, nusw, 0
            if kind == TensorMemoryLayout.HEIGHT_SHARDED:
                shard_h = nush_last if is_end else shard_h
            elif kind == TensorMemoryLayout.WIDTH_SHARDED:
                if is_end:
                    shard_w, pad_off = nusw_last, padded_offset_bytes
            else:
                w_last, h_last = (last_x, last_y) if rm_orientation else (last_y, last_x)
                if w_last:
                    shard_w, pad_off = nusw_last, padded_offset_bytes
                if h_last:
                    shard_h = nush_last
            nunits = shard_h * nusw
            rargs = [shard_h, shard_w, pad_off, nuo, nunits, idx_h + idx_w, 0]
            wargs = [shard_h, shard_w, (nusw - shard_w) * out_unit, nunits, nuo, idx_h + idx_w, 0]
            idx_w += nusw
            if idx_w >= nupr:
                idx_w = 0
                idx_h += nupr * nush
        else:
            shard_h, shard_w = nush, in_unit
            if kind == TensorMemoryLayout.HEIGHT_SHARDED:
                if is_end:
                    shard_h = nush_last
                    nunits = shard_h
            elif kind == TensorMemoryLayout.WIDTH_SHARDED:
                if is_end:
                    shard_w = nusw_last
            else:
                w_last, h_last = (last_x, last_y) if rm_orientation else (last_y, last_x)
                if w_last:
                    shard_w = nusw_last
                if h_last:
                    shard_h = nush_last
                    nunits = shard_h
            aligned = (idx_w % soc.DRAM_ALIGNMENT == 0 and padded_offset_bytes % soc.DRAM_ALIGNMENT == 0) \
                if src_is_dram else True
            if aligned:
                awo, asw, aoff = idx_w, shard_w, 0
            else:
                awo = idx_w - idx_w % soc.DRAM_ALIGNMENT
                aoff = idx_w - awo
                asw = aoff + shard_w
            rargs = [nupr, shard_h, shard_w, padded_offset_bytes, int(aligned), awo, asw, aoff, idx_h]
            width_pages = -(-nupr // in_unit)                # output_width_in_pages
            wargs = [shard_h, shard_w, padded_offset_bytes, idx_h * width_pages + idx_w // in_unit, width_pages]
            idx_w += in_unit
            if idx_w >= nupr:
                idx_w = 0
                idx_h += nush
        work.append((core, rargs, nunits, wargs))

    def set_args(tensors):
        src, dst = tensors
        if not dst_is_dram:
            out_cfg.set_globally_allocated_address(dst._buffer)
        for core, rargs, nunits, wargs in work:
            mh.SetRuntimeArgs(prog, rk, core, [src.buffer_address(), *rargs])
            mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address(), *wargs] if dst_is_dram else [nunits])
            if ck is not None:
                mh.SetRuntimeArgs(prog, ck, core, [nunits])

    return O.ProgramEntry(prog, set_args, len(work), "interleaved_to_sharded")


# --------------------------------------------------------------------------------------- sharded_to_interleaved
def sharded_to_interleaved(input_tensor: Tensor, memory_config: MemoryConfig = DRAM_MEMORY_CONFIG,
                           output_dtype: DataType | None = None, *, is_l1_aligned=False, output_tensor=None,
                           **kwargs) -> Tensor:
    """ttnn.sharded_to_interleaved(input_tensor, memory_config=DRAM_MEMORY_CONFIG, output_dtype=None)."""
    started = time.perf_counter()
    op = "ttnn.sharded_to_interleaved"
    dev = O.device_of(op, input_tensor)
    a = input_tensor
    mc = memory_config or DRAM_MEMORY_CONFIG
    if not a.is_sharded():
        raise ShardSpecError(f"{op}: the input is not sharded.\nFix: ttnn.to_memory_config handles interleaved inputs.")
    if mc.is_sharded():
        raise ShardSpecError(f"{op}: the output memory config must be interleaved.\nFix: ttnn.DRAM_MEMORY_CONFIG or "
                             "ttnn.L1_MEMORY_CONFIG.")
    out_dtype = output_dtype or a.dtype
    if a.memory_config().buffer_type != BufferType.L1:
        # sharded_to_interleaved_device_operation.cpp validate_inputs
        raise ShardSpecError(f"{op}: Input tensor must be in L1 (it is sharded in DRAM banks).\nFix: "
                             "ttnn.to_memory_config(t, ttnn.DRAM_MEMORY_CONFIG) (ttnn::prim::copy) for a DRAM-sharded "
                             "tensor.")
    if a.layout == Layout.ROW_MAJOR and (a.memory_config().shard_spec.shape[1] * element_size(a.dtype)) \
            % soc.L1_ALIGNMENT:
        # ShardedToInterleavedDeviceOperation::validate_inputs
        raise ShardSpecError(f"{op}: Shard page size must be aligned to {soc.L1_ALIGNMENT}B for L1 Tensor: a shard row "
                             f"of {a.memory_config().shard_spec.shape[1]} elements is "
                             f"{a.memory_config().shard_spec.shape[1] * element_size(a.dtype)} bytes.\nFix: a shard "
                             "width whose row is a multiple of 16 bytes.")
    if out_dtype != a.dtype and a.layout != Layout.TILE:
        raise NotModelledError(f"{op}: a dtype conversion of a row-major tensor is not modelled.\nFix: convert in TILE "
                               "layout.")
    geom = a._buffer.geom
    _check_block_grid(op, geom, a.memory_config())
    out = _output(op, output_tensor, dev, a, out_dtype, mc)
    key = ("sharded_to_interleaved", O.spec_key(a), O.spec_key(out))
    O.run(op, dev, key, lambda: _s2i_factory(dev, a, out), [a, out], [out], {"dtype": out_dtype.name}, started)
    return out


def _s2i_factory(dev, a, out) -> O.ProgramEntry:
    """ShardedToInterleavedProgramFactory::create_descriptor (num_slices 1, is_l1_aligned)."""
    mc = a.memory_config()
    spec, kind = mc.shard_spec, mc.memory_layout
    rm_orientation = spec.orientation == ShardOrientation.ROW_MAJOR
    cores = S._cores_in_order(spec.grid, rm_orientation)
    num_cores = len(cores)
    in_fmt, out_fmt = data_format(a.dtype), data_format(out.dtype)
    in_unit, out_unit, nush, nusw, nupr, nuo, nuh, nush_last, nusw_last = _units(a, out, spec.shape, in_last=False)
    nus = nush * nusw
    unpadded = num_cores
    if kind == TensorMemoryLayout.HEIGHT_SHARDED:
        unpadded = C.div_up(nuh, nush)
    elif kind == TensorMemoryLayout.WIDTH_SHARDED:
        unpadded = C.div_up(nupr, nusw) if a.layout == Layout.TILE else C.div_up(nupr, out_unit)
    end_core = cores[unpadded - 1]
    used = _crs(cores[:unpadded]) if unpadded < num_cores else spec.grid
    convert_df = in_fmt != out_fmt
    src_cb = 0
    out_cb = 16 if convert_df else 0
    in_page = align(in_unit, soc.L1_ALIGNMENT)
    prog = mh.CreateProgram()
    in_cfg = mh.CircularBufferConfig(nus * in_page, {src_cb: in_fmt}).set_page_size(src_cb, in_page)
    in_cfg.set_globally_allocated_address(a._buffer)
    mh.CreateCircularBuffer(prog, used, in_cfg)
    if convert_df:
        O.cb(prog, used, out_cb, nus, out_fmt, page_size=align(out_unit, _alignment(out)))
    rk = mh.CreateKernel(prog, _k("reader_unary_sharded"), used, ReaderDataMovementConfig(compile_args=[src_cb]))
    if a.layout == Layout.TILE:
        wk = mh.CreateKernel(prog, _k("writer_unary_sharded_blocks_interleaved_start_id"), used,
                             WriterDataMovementConfig(compile_args=[out_cb] + O.accessor_args(out)))
    else:
        wk = mh.CreateKernel(prog, _k("writer_unary_stick_layout_sharded_blocks_interleaved_start_id"), used,
                             WriterDataMovementConfig(compile_args=[out_cb] + O.accessor_args(out) + [out.page_size]))
    if convert_df:
        mh.CreateKernel(prog, _k("eltwise_copy"), used, ComputeConfig(compile_args=[nus]))
    work = []
    idx_h = idx_w = 0
    for core in cores[:unpadded]:
        is_end = core == end_core
        last_x, last_y = core.x == end_core.x, core.y == end_core.y
        shard_h = nush
        shard_w = nusw if a.layout == Layout.TILE else out_unit
        if kind == TensorMemoryLayout.HEIGHT_SHARDED:
            shard_h = nush_last if is_end else shard_h
        elif kind == TensorMemoryLayout.WIDTH_SHARDED:
            shard_w = nusw_last if is_end else shard_w
        else:
            w_last, h_last = (last_x, last_y) if rm_orientation else (last_y, last_x)
            if w_last:
                shard_w = nusw_last
            if h_last:
                shard_h = nush_last
        if a.layout == Layout.TILE:
            wargs = [nush, nusw, shard_h, shard_w, nuo, nus, idx_h + idx_w, 0]
            idx_w += nusw
            if idx_w >= nupr:
                idx_w = 0
                idx_h += nupr * nush
        else:
            wargs = [nupr, shard_h, shard_w, align(out_unit, soc.L1_ALIGNMENT), idx_w, idx_h]
            idx_w += out_unit
            if idx_w >= nupr:
                idx_w = 0
                idx_h += nush
        work.append((core, wargs))
    reader_cores = list(used)

    def set_args(tensors):
        src, dst = tensors
        in_cfg.set_globally_allocated_address(src._buffer)
        for core in reader_cores:
            mh.SetRuntimeArgs(prog, rk, core, [nus])
        for core, wargs in work:
            mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address(), *wargs])

    return O.ProgramEntry(prog, set_args, len(reader_cores), "sharded_to_interleaved")


# -------------------------------------------------------------------------------------------------------- copy
def _output(op, output_tensor, dev, a: Tensor, dtype: DataType, mc: MemoryConfig, nd_ok: bool = False) -> Tensor:
    """The op's output: a new device tensor, or the preallocated output_tensor, which must be what the op would make
    (the device operations' validate: its shape, dtype, layout and memory config). nd_ok: the program reaches the
    output through a TensorAccessor (prim::copy), so an ND-sharded config gets an ND buffer."""
    if output_tensor is None:
        return C.make_output(dev, a.shape, dtype, a.layout, mc, padded=a.padded_shape, nd_ok=nd_ok)
    o = output_tensor
    for what, got, want in (("shape", tuple(o.shape), tuple(a.shape)), ("dtype", o.dtype, dtype),
                            ("layout", o.layout, a.layout), ("memory config", o.memory_config(), mc)):
        if got != want:
            raise TTNNError(f"{op}: the optional output tensor's {what} is {got!r}, the output's is {want!r}.\nFix: "
                            "allocate output_tensor with the input's shape and layout and the requested dtype and "
                            "memory config, or omit it.")
    return o


def _copy(op, a: Tensor, mc: MemoryConfig, out_dtype: DataType, output_tensor=None) -> Tensor:
    """ttnn::prim::copy (copy/device/copy_device_operation.cpp): validate_on_program_cache_miss, then
    select_program_factory: SameMemoryConfig when the configs are equal (neither ND_SHARDED) and its CBs fit L1, else
    DefaultRowMajor for row-major tensors, DefaultTilized for tiles. The default factories' kernels reach both
    buffers through TensorAccessors only, so interleaved, legacy-sharded and ND-sharded (L1 or DRAM) tensors all go
    through them as on the card."""
    started = time.perf_counter()
    dev = O.device_of(op, a, nd_ok=True)
    if a.dtype not in _COPY_DTYPES or out_dtype not in _COPY_DTYPES:
        raise DTypeError(f"{op}: ttnn.copy only supports float, bfloat, int32 and uint16 tensors, not "
                         f"{a.dtype!r} -> {out_dtype!r}.")
    if out_dtype != a.dtype and a.layout != Layout.TILE:
        raise LayoutError(f"{op}: ttnn::prim::copy: Only tile layout supports dtype conversion ({a.dtype.name} -> "
                          f"{out_dtype.name} of a row-major tensor).\nFix: ttnn.to_layout(t, ttnn.TILE_LAYOUT) "
                          "first, or ttnn.typecast.")
    out = _output(op, output_tensor, dev, a, out_dtype, mc, nd_ok=True)
    if _can_use_specialized_factory(a, mc, out_dtype):
        key = ("copy", "same_memory_config", O.spec_key(a), O.spec_key(out))
        factory = lambda: _copy_same_config_factory(dev, a, out, False)   # noqa: E731
        if a.is_sharded() and a.layout == Layout.ROW_MAJOR:     # the SHARDED define (ShardedAddrGen kernels)
            from tensix.ttnn.operations import dm_copy_sharded
            factory = lambda: dm_copy_sharded.factory(dev, a, out, _grid_work)   # noqa: E731
    elif a.layout == Layout.TILE:
        key = ("copy", "default_tilized", O.spec_key(a), O.spec_key(out))
        factory = lambda: _copy_tilized_factory(dev, a, out)       # noqa: E731
    else:
        key = ("copy", "default_row_major", O.spec_key(a), O.spec_key(out))
        factory = lambda: _copy_row_major_factory(dev, a, out)     # noqa: E731
    O.run(op, dev, key, factory, [a, out], [out], {"dtype": out_dtype.name}, started)
    return out


def _can_use_specialized_factory(a: Tensor, mc: MemoryConfig, out_dtype: DataType) -> bool:
    """copy_device_operation.cpp can_use_specialized_factory: equal memory configs, neither ND_SHARDED, and the CBs
    (2 input units, 2 output units when converting; a row-major shard row as the unit of a sharded tensor) under
    the L1 space."""
    im = a.memory_config()
    if TensorMemoryLayout.ND_SHARDED in (im.memory_layout, mc.memory_layout) or im != mc:
        return False
    tilized = a.layout == Layout.TILE
    in_fmt, out_fmt = data_format(a.dtype), data_format(out_dtype)
    sharded = im.memory_layout != TensorMemoryLayout.INTERLEAVED
    if tilized:
        in_unit, out_unit = formats.tile_size(in_fmt), formats.tile_size(out_fmt)
    else:
        w = im.shard_spec.shape[1] if sharded else a.padded_shape[-1]
        in_unit, out_unit = w * element_size(a.dtype), w * element_size(out_dtype)
    al = _alignment(a)
    total = 2 * align(in_unit, al)
    if in_fmt != out_fmt:
        total += 2 * align(out_unit, al)
    return total < _max_l1_size()


def _copy_same_config_factory(dev, a, out, backwards: bool) -> O.ProgramEntry:
    """CopyDeviceOperation::SameMemoryConfig::create_descriptor (interleaved tensors; also ttnn.move's MULTI_CORE
    program, BACKWARDS when moving up within L1 over an overlapping range)."""
    tilized = out.layout == Layout.TILE
    in_fmt, out_fmt = data_format(a.dtype), data_format(out.dtype)
    if tilized:
        in_unit, out_unit = formats.tile_size(in_fmt), formats.tile_size(out_fmt)
        num_units = out.padded_shape.volume() // C.TILE_HW
    else:
        in_unit = a.padded_shape[-1] * element_size(a.dtype)
        out_unit = out.padded_shape[-1] * element_size(out.dtype)
        num_units = out.padded_shape.volume() // out.padded_shape[-1]
    convert = in_fmt != out_fmt
    grid = dev.compute_with_storage_grid_size()
    ws = C.split_work_to_cores(grid, num_units)
    all_cores = CoreRangeSet(ws.all_ranges)
    prog = mh.CreateProgram()
    O.cb(prog, all_cores, 0, 2, in_fmt, page_size=align(in_unit, _alignment(a)))
    out_cb = 0
    if convert:
        out_cb = 16
        O.cb(prog, all_cores, 16, 2, out_fmt, page_size=align(out_unit, _alignment(out)))
    defines = {"BACKWARDS": 1} if backwards else {}
    if tilized:
        rk = mh.CreateKernel(prog, _k("reader_unary_interleaved_start_id"), all_cores,
                             ReaderDataMovementConfig(compile_args=O.accessor_args(a), defines=defines))
        wk = mh.CreateKernel(prog, _k("writer_unary_start_id"), all_cores,
                             WriterDataMovementConfig(compile_args=[out_cb] + O.accessor_args(out), defines=defines))
    else:
        rk = mh.CreateKernel(prog, _k("reader_unary_stick_layout_interleaved_start_id"), all_cores,
                             ReaderDataMovementConfig(compile_args=[0, in_unit] + O.accessor_args(a),
                                                      defines=defines))
        wk = mh.CreateKernel(prog, _k("writer_unary_stick_layout_interleaved_start_id"), all_cores,
                             WriterDataMovementConfig(compile_args=[out_cb, out_unit] + O.accessor_args(out),
                                                      defines=defines))
    if convert:
        for grp, n in ((ws.group_1, ws.per_core_1), (ws.group_2, ws.per_core_2)):
            if grp.num_cores():
                mh.CreateKernel(prog, _k("eltwise_copy"), grp, ComputeConfig(compile_args=[n]))
    work = _grid_work(ws, grid, num_units, backwards)
    set_args = _unit_args(prog, rk, wk, work, None if tilized else (in_unit, out_unit), [1])
    return O.ProgramEntry(prog, set_args, len(work), "copy_same_memory_config")


def _grid_work(ws, grid, num_units, backwards=False):
    """(core, units, first unit) in grid_to_cores(num_cores, x, y, false) order (column by column), group 1's cores
    first, counting down from the last unit when backwards (copy's SameMemoryConfig, clone)."""
    n1 = ws.group_1.num_cores()
    work, start = [], (num_units - 1 if backwards else 0)
    for i in range(ws.num_cores):
        n = ws.per_core_1 if i < n1 else ws.per_core_2
        work.append((C.CoreCoord(i // grid.y, i % grid.y), n, start))
        start = start - n if backwards else start + n
    return work


def _unit_args(prog, rk, wk, work, stick_sizes, tail=()):
    """set_args of the page-copy programs: tiles [addr, n, start]; sticks [addr, stick size, n, start, *tail]."""
    def set_args(tensors):
        src, dst = tensors
        for core, n, st in work:
            if stick_sizes is None:
                mh.SetRuntimeArgs(prog, rk, core, [src.buffer_address(), n, st])
                mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address(), n, st])
            else:
                mh.SetRuntimeArgs(prog, rk, core, [src.buffer_address(), stick_sizes[0], n, st, *tail])
                mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address(), stick_sizes[1], n, st, *tail])
    return set_args


def _copy_tilized_factory(dev, a, out) -> O.ProgramEntry:
    """CopyDeviceOperation::DefaultTilized::create_descriptor."""
    shape = tuple(a.shape)
    total = 1
    if len(shape) >= 1:
        total = C.div_up(shape[-1], TILE_SIZE)
    if len(shape) >= 2:
        total *= C.div_up(shape[-2], TILE_SIZE)
    for d in shape[:-2]:
        total *= d
    all_cores, work = _copy_split(dev, total)
    in_fmt, out_fmt = data_format(a.dtype), data_format(out.dtype)
    convert = in_fmt != out_fmt
    prog = mh.CreateProgram()
    O.cb(prog, all_cores, 0, 2, in_fmt, page_size=a._buffer.aligned_page_size)
    out_cb = 16 if convert else 0
    if convert:
        O.cb(prog, all_cores, 16, 2, out_fmt, page_size=out._buffer.aligned_page_size)
    rk = mh.CreateKernel(prog, _k("reader_unary_interleaved_start_id"), all_cores,
                         ReaderDataMovementConfig(compile_args=O.accessor_args(a)))
    wk = mh.CreateKernel(prog, _k("writer_unary_interleaved_start_id"), all_cores,
                         WriterDataMovementConfig(compile_args=[out_cb] + O.accessor_args(out)))
    ck = mh.CreateKernel(prog, _k("eltwise_copy_sharded"), all_cores, ComputeConfig()) if convert else None

    def set_args(tensors):
        src, dst = tensors
        for core, n, st in work:
            mh.SetRuntimeArgs(prog, rk, core, [src.buffer_address(), n, st])
            mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address(), n, st])
            if ck is not None:
                mh.SetRuntimeArgs(prog, ck, core, [n])

    return O.ProgramEntry(prog, set_args, len(work), "copy_default_tilized")


def _copy_split(dev, units):
    """The copy factories' split: split_work_to_cores (column order), runtime args given to the cores in row order
    over the ranges (corerange_to_cores(all_cores, num_cores, true)), each core its group's count."""
    ws = C.split_work_to_cores(dev.compute_with_storage_grid_size(), units)
    work, start = [], 0
    for core in C.corerange_to_cores(CoreRangeSet(ws.all_ranges), ws.num_cores, row_wise=True):
        n = ws.units_of(core)
        work.append((core, n, start))
        start += n
    return CoreRangeSet(ws.all_ranges), work


def _copy_row_major_factory(dev, a, out) -> O.ProgramEntry:
    """CopyDeviceOperation::DefaultRowMajor::create_descriptor: the rows split over the cores; a page is a row of an
    interleaved or height-sharded tensor, a shard row (the shard's width) of a width / block / ND-sharded one, so
    the reader gathers a row's input pages into output pages (num_*_pages_in_row, elements_per_*_page)."""
    bpe = element_size(a.dtype)
    row = a.shape[-1] if len(a.shape) else 1
    rows = a.shape.volume() // max(row, 1)
    in_pages_in_row = out_pages_in_row = 1
    in_per_page = out_per_page = row

    def shard_width(t):
        mc = t.memory_config()
        return mc.shard_spec.shape[1] if mc.shard_spec is not None else mc.nd_shard_spec.shard_shape[-1]

    if a.is_sharded() and a.memory_config().memory_layout != TensorMemoryLayout.HEIGHT_SHARDED:
        in_per_page = shard_width(a)
        in_pages_in_row = C.div_up(row, in_per_page)
    if out.is_sharded() and out.memory_config().memory_layout != TensorMemoryLayout.HEIGHT_SHARDED:
        out_per_page = shard_width(out)
        out_pages_in_row = C.div_up(row, out_per_page)
    all_cores, work = _copy_split(dev, rows)
    max_sub = 65536 * 4
    in_page = a._buffer.page_size
    out_aligned = out._buffer.aligned_page_size
    in_sub, out_sub = in_per_page * bpe, out_per_page * bpe
    if in_page > max_sub:
        in_page = in_sub = max_sub
    if out_aligned > max_sub:
        out_aligned = out_sub = max_sub
    prog = mh.CreateProgram()
    O.cb(prog, all_cores, 0, 1, data_format(a.dtype), page_size=in_page)
    O.cb(prog, all_cores, 1, 2, data_format(out.dtype), page_size=out_aligned)
    rct = [0, 1, out_pages_in_row, in_pages_in_row, out_per_page, bpe, in_per_page, row, in_sub, out_sub] \
        + O.accessor_args(a) + [a._buffer.aligned_page_size]   # the accessors' AlignedPageSize (2-argument form)
    wct = [1, out_pages_in_row, out_per_page, bpe, row, out_sub] + O.accessor_args(out) \
        + [out._buffer.aligned_page_size]
    rk = mh.CreateKernel(prog, _k("redistribute_pages_row_major_reader"), all_cores,
                         ReaderDataMovementConfig(compile_args=rct))
    wk = mh.CreateKernel(prog, _k("redistribute_pages_row_major_writer"), all_cores,
                         WriterDataMovementConfig(compile_args=wct))

    def set_args(tensors):
        src, dst = tensors
        for core, n, st in work:
            mh.SetRuntimeArgs(prog, rk, core, [src.buffer_address(), st, n])
            mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address(), st, n])

    return O.ProgramEntry(prog, set_args, len(work), "copy_default_row_major")


# ------------------------------------------------------------------------------------------------------- clone
def clone(input_tensor: Tensor, *, dtype: DataType | None = None, memory_config: MemoryConfig | None = None,
          compute_kernel_config=None, input=None, **kwargs) -> Tensor:
    """ttnn.clone(input, *, dtype=None, memory_config=None, compute_kernel_config=None): a copy of the tensor in a new
    buffer (a dtype change, in TILE layout, goes through the FPU's copy_tile / pack_tile)."""
    O.refuse_unknown_kwargs("ttnn.clone", kwargs)
    started = time.perf_counter()
    op = "ttnn.clone"
    a = input_tensor if input_tensor is not None else input
    dev = O.device_of(op, a)
    out_dtype = dtype or a.dtype
    mc = memory_config or a.memory_config()
    if out_dtype != a.dtype and a.layout != Layout.TILE:
        raise LayoutError(f"{op}: Clone: data type conversion is only supported with tile layout.\nFix: "
                          "ttnn.to_layout(t, ttnn.TILE_LAYOUT) first.")
    if a.is_sharded() != mc.is_sharded():
        raise ShardSpecError(f"{op}: Clone: mixed sharded/interleaved layout not currently supported. Both input and "
                             "output must have the same layout.\nFix: ttnn.to_memory_config for the other layout.")
    if a.is_sharded():
        from tensix.ttnn.operations.dm_clone_sharded import clone_sharded
        return clone_sharded(op, dev, a, out_dtype, mc, compute_kernel_config, started)
    out = C.make_output(dev, a.shape, out_dtype, a.layout, mc, padded=a.padded_shape)
    cfg = compute_kernel_config
    key = ("clone", O.spec_key(a), O.spec_key(out), repr(cfg))
    O.run(op, dev, key, lambda: _clone_factory(dev, a, out, cfg), [a, out], [out], {"dtype": out_dtype.name},
          started)
    return out


def _clone_factory(dev, a, out, cfg) -> O.ProgramEntry:
    """CloneOperation::create_descriptor (interleaved)."""
    in_fmt, out_fmt = data_format(a.dtype), data_format(out.dtype)
    convert = in_fmt != out_fmt
    tilized = out.layout == Layout.TILE
    if tilized:
        in_unit, out_unit = formats.tile_size(in_fmt), formats.tile_size(out_fmt)
        num_units = out.padded_shape.volume() // C.TILE_HW
    else:
        in_unit = a.shape[-1] * element_size(a.dtype)
        out_unit = out.shape[-1] * element_size(out.dtype)
        num_units = out.shape.volume() // max(out.shape[-1], 1)
    grid = dev.compute_with_storage_grid_size()
    ws = C.split_work_to_cores(grid, num_units)
    all_cores = CoreRangeSet(ws.all_ranges)
    al = _alignment(a)
    src_cb = 4
    prog = mh.CreateProgram()
    O.cb(prog, all_cores, src_cb, 2, in_fmt, page_size=align(in_unit, al))
    dst_cb = src_cb
    if convert:
        dst_cb = 20
        O.cb(prog, all_cores, dst_cb, 2, out_fmt, page_size=align(out_unit, al))
    if tilized:
        rct, wct = [src_cb] + O.accessor_args(a), [dst_cb] + O.accessor_args(out)
        rname, wname = "read_kernel", "writer_unary_start_id"
    else:
        rct, wct = [src_cb, in_unit] + O.accessor_args(a), [dst_cb, out_unit] + O.accessor_args(out)
        rname, wname = ("reader_unary_stick_layout_interleaved_start_id",
                        "writer_unary_stick_layout_interleaved_start_id")
    rk = mh.CreateKernel(prog, _k(rname), all_cores, ReaderDataMovementConfig(compile_args=rct))
    wk = mh.CreateKernel(prog, _k(wname), all_cores, WriterDataMovementConfig(compile_args=wct))
    if convert:
        fid = getattr(cfg, "math_fidelity", MathFidelity.HiFi4)
        fp32 = bool(getattr(cfg, "fp32_dest_acc_en", False))
        full = bool(getattr(cfg, "dst_full_sync_en", False))
        approx = bool(getattr(cfg, "math_approx_mode", True))
        for grp, n in ((ws.group_1, ws.per_core_1), (ws.group_2, ws.per_core_2)):
            if grp.num_cores():
                mh.CreateKernel(prog, _k("clone_compute_kernel"), grp, ComputeConfig(
                    math_fidelity=fid, fp32_dest_acc_en=fp32, dst_full_sync_en=full, math_approx_mode=approx,
                    compile_args=[src_cb, dst_cb, n]))
    work = _grid_work(ws, grid, num_units)
    set_args = _unit_args(prog, rk, wk, work, None if tilized else (in_unit, out_unit))
    return O.ProgramEntry(prog, set_args, len(work), "clone")


def reallocate(input_tensor: Tensor, memory_config: MemoryConfig | None = None, **kwargs) -> Tensor:
    """ttnn.reallocate(input_tensor, memory_config=None) = ttnn::move (data_movement/move/move.cpp move_impl): the
    input's buffer is freed first, the output allocated (usually at higher L1 / lower DRAM addresses, which is how it
    defragments), and the data copied by copy's SameMemoryConfig program (BACKWARDS when moving up within L1 over an
    overlapping range); when the new buffer lands at the same address nothing moves (tt-metal: "No space to move the
    tensor"). The input is deallocated afterwards, as in ttnn."""
    O.refuse_unknown_kwargs("ttnn.reallocate", kwargs)
    started = time.perf_counter()
    op = "ttnn.reallocate"
    dev = O.device_of(op, input_tensor)
    a = input_tensor
    if a.is_sharded():
        from tensix.ttnn.operations.dm_move_sharded import move_sharded
        return move_sharded(op, a, memory_config)
    mc = memory_config or a.memory_config()
    if mc.is_sharded():
        C.refuse_sharded(op, memory_config=mc)
    old = a._buffer
    ghost = Tensor._make(a.shape, a.dtype, a.layout, device=dev, buffer=old, memory_config=a.memory_config(),
                         padded=a.padded_shape)
    mh.DeallocateBuffer(old)                    # the input's memory is free before the output is allocated
    a._buffer = None
    a._deallocated = True
    out = C.make_output(dev, a.shape, a.dtype, a.layout, mc, padded=a.padded_shape)
    same_space = old.is_dram == out._buffer.is_dram
    in_addr, out_addr = old.address(), out._buffer.address()
    if same_space and in_addr == out_addr:
        return out                              # nothing to move: the data is where it was
    per_bank = out._buffer._per_bank
    non_overlap = not same_space
    if same_space:
        non_overlap = (out_addr + per_bank <= in_addr) if old.is_dram else (in_addr + per_bank <= out_addr)
    ob = out._buffer
    per_l1_bank = C.div_up(ob.num_pages, soc.GRID_X * soc.GRID_Y) * align(ob.page_size, soc.L1_ALIGNMENT)
    fits_in_cb = soc.L1_UNRESERVED_BASE + per_l1_bank <= (out_addr if not ob.is_dram else soc.L1_SIZE)
    if not non_overlap and fits_in_cb:
        # tt-metal's MULTI_CORE_OVERLAP strategy (move_overlap_program_factory.cpp)
        raise NotModelledError(f"{op}: the new buffer overlaps the old one; tt-metal then runs move's overlap program "
                               "(a multicast-synchronised copy through CBs), which tensix.ttnn does not model.")
    backwards = (not old.is_dram) and (not ob.is_dram) and not non_overlap and out_addr > in_addr
    key = ("move", O.spec_key(a), O.spec_key(out), backwards)
    O.run(op, dev, key, lambda: _copy_same_config_factory(dev, ghost, out, backwards), [ghost, out], [out], {},
          started)
    return out


move = reallocate
