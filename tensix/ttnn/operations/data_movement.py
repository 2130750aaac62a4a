"""Layouts on the device: ttnn.tilize, ttnn.tilize_with_val_padding / tilize_with_zero_padding, ttnn.untilize,
ttnn.untilize_with_unpadding, and device-side ttnn.to_layout (core.py calls `device_to_layout`), as tt-metal 622c6fb9
runs them on Wormhole.

Programs (ttnn/cpp/ttnn/operations/data_movement/...):
- tilize: TilizeMultiCoreDefaultProgramFactory (tilize/device/tilize_multi_core_default_program_factory.cpp):
  blocks of 32 rows split over the grid with split_blocks_for_tilize (a cliff core last), reader
  reader_unary_stick_layout_split_rows_multicore, compute ttnn/kernel/compute/tilize.cpp (compute_kernel_lib::tilize:
  fast tilize for Float16_b input, tilize_block for Float32 input), writer writer_unary_interleaved_start_id;
  fp32_dest_acc_en and UnpackToDestFp32 on c_0 for Float32 input or a bfloat8_b output.
- tilize_with_val_padding: TilizeWithValPaddingMultiCoreDefaultFactory (.../factories/
  tilize_with_val_padding_multi_core_default_program_factory.cpp): the tensor as block representations
  (distribute_work), reader reader_unary_pad_dims_split_rows_multicore filling padding with the packed pad value,
  the same compute kernel and writer.
- untilize: UntilizeMultiCoreProgramFactory (untilize/device/factories/untilize_multi_core_program_factory.cpp),
  interleaved input: tile-rows split row-wise over the grid (split_blocks_for_tilize over the grid size), reader
  reader_unary_start_id, compute untilize_variable_num_blocks (compute_kernel_lib::untilize: pack_untilize_block,
  in sub-blocks when the row is wider than Dst), writer writer_unary_stick_layout_split_rows_multi_core; bfloat8_b
  input gives a bfloat16 output; fp32_dest_acc_en for Float32 / UInt32 input.
- untilize_with_unpadding: UntilizeWithUnpaddingMultiCoreInterleavedProgramFactory (untilize_with_unpadding/device/
  factories/untilize_with_unpadding_multi_core_interleaved_program_factory.cpp): reader
  reader_unary_interleaved_start_id, compute untilize.cpp, writer writer_unary_stick_layout_split_rows_multicore
  writing only the logical rows and columns.
- the block factories tt-metal picks for rows wider than 32 tiles with few tile-rows, or rows that do not fit L1:
  TilizeMultiCoreBlockProgramFactory / TilizeWithValPaddingMultiCoreBlockInterleavedFactory (square blocks of tiles
  from split_blocks_for_tilize_wh, reader reader_unary_pad_multicore_both_dims, compute tilize_wh, writer
  writer_unary_interleaved_start_id_wh) and UntilizeMultiCoreBlockProgramFactory /
  UntilizeWithUnpaddingMultiCoreBlockInterleavedProgramFactory (reader reader_unary_interleaved_wh_multicore, compute
  untilize_wh, writer writer_unary_stick_layout_wh_multicore); their unsigned column arithmetic is kept (a tilize
  block starting past the input row's width reads past the row instead of padding, as on the card) or refused where
  the card would write far past a row (an unpadding that drops a block's whole tile columns).
- to_layout on a device tensor: core/to_layout/to_layout_op.cpp to_layout_impl (untilize when no padding changes,
  else untilize_with_unpadding; tilize, else tilize_with_val_padding; rank < 2 viewed as [1, W] and reshaped back).

untilize(use_multicore=False): UntilizeSingleCoreProgramFactory on core (0, 0) (reader_unary_start_id, the untilize
compute kernel over blocks of a row's tiles, writer_unary_stick_layout_split_rows_single_core).

tilize / tilize_with_val_padding / untilize_with_unpadding / to_layout(..., sub_core_grids=): the interleaved
factories on those cores (available_grid: split_blocks_for_tilize over the CoreRangeSet, compute_ncores over its
area; one core included, except for ttnn.tilize, whose single-core factory takes a one-core sub grid).

untilize(sub_core_grids=...): UntilizeMultiCoreSubCoreGridsProgramFactory (_untilize_sub_core_grids), for inputs
of one tile row (on more its writer waits for tiles that never come: refused).

Not modelled (NotModelledError): the other single-core factories (use_multicore=False, use_low_perf, ttnn.tilize on
one core), untilize's column-parallel factory (rows wider than a CB), sub_core_grids on ttnn.untilize of more than
one tile row and on the block tilize programs, and the sharded factories (sharded
inputs and outputs: move them to interleaved first)."""

from __future__ import annotations

import math
import struct
import time

import numpy as np

from tensix.device import formats
from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.types import (ComputeConfig, CoreCoord, CoreRange, CoreRangeSet, ReaderDataMovementConfig,
                                   UnpackToDestMode, WriterDataMovementConfig)
from tensix.ttnn import op as O
from tensix.ttnn.errors import DTypeError, LayoutError, ShapeError, ShardSpecError, TTNNError
from tensix.ttnn.operations import _dm_common as C
from tensix.ttnn.nd_sharded import dram_worker_cores
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import (TILE_SIZE, BufferType, DataType, Layout, MemoryConfig, Shape, ShardOrientation,
                               TensorMemoryLayout, data_format, element_size, padded_shape)

__all__ = ["tilize", "untilize", "tilize_with_val_padding", "tilize_with_zero_padding", "untilize_with_unpadding",
           "device_to_layout"]

_TILIZE_DTYPES = (DataType.BFLOAT16, DataType.FLOAT32, DataType.UINT32, DataType.INT32, DataType.UINT16)
_UTD = {0: UnpackToDestMode.UnpackToDestFp32}


def _k(name: str) -> str:
    return O.kernel_path(f"data_movement/{name}.py")


def _tile_size(dtype: DataType) -> int:
    return formats.tile_size(data_format(dtype))


def view(t: Tensor, shape, padded=None) -> Tensor:
    """A tensor of another shape over the same device buffer (ttnn's views: the pages do not move). The view and the
    original share the buffer, as in ttnn."""
    v = Tensor._make(shape, t.dtype, t.layout, device=t._device, buffer=t._buffer, memory_config=t._memory_config,
                     padded=padded)
    return v


def _squeeze_to_4d(t: Tensor):
    """squeeze_from_ND_to_4D (data_movement/common/common.cpp) for rank > 4: the outer dims merged (a view: pages
    are ordered by the outer dims either way)."""
    s, p = tuple(t.shape), tuple(t.padded_shape)
    lead = int(np.prod(s[:-3]))
    lead_p = int(np.prod(p[:-3]))
    return view(t, (lead,) + s[-3:], (lead_p,) + p[-3:])


def _check_device_input(op, t, layout=None, nd_ok=False):
    dev = O.device_of(op, t, nd_ok=nd_ok)
    if layout is not None and t.layout != layout:
        raise LayoutError(f"{op}: the input is in {t.layout!r}; {op} takes {layout!r} data.\nFix: "
                          + ("ttnn.untilize / ttnn.to_layout(t, ttnn.ROW_MAJOR_LAYOUT) first." if layout ==
                             Layout.ROW_MAJOR else "ttnn.tilize / ttnn.to_layout(t, ttnn.TILE_LAYOUT) first."))
    return dev


def _refuse_variant(op, what, fix):
    raise NotModelledError(f"{op}: {what} is not modelled by tensix.ttnn.\nFix: {fix}")


def _common_checks(op, t, memory_config, use_multicore, sub_core_grids, use_low_perf=False, single_core_ok=False,
                   sharded_input_ok=False):
    C.refuse_sharded(op, None if sharded_input_ok else t, memory_config=memory_config)
    if sub_core_grids is not None:
        _refuse_variant(op, "sub_core_grids (tt-metal's sub-core-grid factories)", "omit sub_core_grids.")
    if (not use_multicore and not single_core_ok) or use_low_perf:
        _refuse_variant(op, "the single-core program (use_multicore=False / use_low_perf=True)",
                        "use the default use_multicore=True.")


def _sub_core_grid(op, dev, sub_core_grids, one_core_single: bool = True) -> CoreRangeSet:
    """The cores a tilize / untilize may use (available_grid of their factories): sub_core_grids (validated as the
    eltwise ops' worker grids), else the whole compute grid. ttnn.tilize runs its single-core factory on a sub grid of
    one core (tilize_device_operation.cpp select_program_factory), which tensix does not model (one_core_single);
    tilize_with_val_padding and untilize_with_unpadding run their multi-core factories on that one core."""
    if sub_core_grids is None:
        return C.device_grid(dev)
    from tensix.ttnn.operations.unary import worker_grid
    grid = worker_grid(op, dev, sub_core_grids)
    if one_core_single and grid.num_cores() < 2:
        _refuse_variant(op, "sub_core_grids of one core (tt-metal's single-core factory)", "give two or more cores.")
    return grid


# ------------------------------------------------------------------------------------------------ tilize
def tilize(input_tensor: Tensor, *, memory_config: MemoryConfig | None = None, dtype: DataType | None = None,
           use_multicore: bool = True, use_low_perf: bool = False, sub_core_grids=None, **kwargs) -> Tensor:
    """ttnn.tilize(input_tensor, *, memory_config=None, dtype=None, use_multicore=True): ROW_MAJOR -> TILE on the
    device; height and width must already be multiples of 32 (else ttnn.tilize_with_val_padding / to_layout)."""
    O.refuse_unknown_kwargs("ttnn.tilize", kwargs)
    started = time.perf_counter()
    op = "ttnn.tilize"
    dev = _check_device_input(op, input_tensor, Layout.ROW_MAJOR, nd_ok=True)
    # a sharded output is written by the same factories through a TensorAccessor (tilize_device_operation.cpp)
    _common_checks(op, input_tensor, None, use_multicore, None, use_low_perf, sharded_input_ok=True)
    grid = _sub_core_grid(op, dev, sub_core_grids)
    a = input_tensor
    if a.is_sharded() and a._buffer.page_size != a._buffer.aligned_page_size:
        raise ShardSpecError(f"{op}: Input row-major shard width {_shard_width(a.memory_config())} gives page "
                             f"size {a._buffer.page_size} bytes, which must be aligned to 16 bytes L1 SRAM buffer "
                             "alignment requirement.\nFix: a shard width whose rows are a multiple of 16 bytes.")
    if a.dtype not in _TILIZE_DTYPES:
        raise DTypeError(f"{op}: data type must be bfloat16, float32, uint32, int32 or uint16, not {a.dtype!r}.\n"
                         "Fix: ttnn.typecast first.")
    shape = tuple(a.shape)
    if len(shape) < 2 or shape[-1] % TILE_SIZE or shape[-2] % TILE_SIZE:
        raise ShapeError(f"{op}: input shape {a.shape!r}: the last two dims must be multiples of 32 "
                         "(TILE_WIDTH / TILE_HEIGHT).\nFix: ttnn.tilize_with_val_padding or ttnn.to_layout, which pad.")
    out_dtype = dtype or a.dtype
    mc = memory_config or a.memory_config()
    orig = None
    if len(shape) > 4:
        orig = shape
        a = _squeeze_to_4d(a)
    out = _tilize_prim(op, dev, a, mc, out_dtype, started, grid if sub_core_grids is not None else None)
    return view(out, orig, orig) if orig is not None else out


def _tilize_sharded_optimized(a, mc) -> bool:
    """tilize_device_operation.cpp can_use_sharded_optimized_factories (622c6fb9), for a legacy-sharded input in L1."""
    ami = a.memory_config()
    kind = ami.memory_layout
    if not a.is_sharded() or kind not in (TensorMemoryLayout.HEIGHT_SHARDED, TensorMemoryLayout.WIDTH_SHARDED):
        return False
    if mc.memory_layout == TensorMemoryLayout.ND_SHARDED:
        return False
    if kind == TensorMemoryLayout.WIDTH_SHARDED:
        if mc.memory_layout == TensorMemoryLayout.INTERLEAVED or mc.shard_spec is None:
            return False
        if mc.shard_spec.shape[1] % TILE_SIZE or mc.shard_spec.shape[0] != TILE_SIZE:
            return False
    if mc.buffer_type == BufferType.DRAM:
        return False
    return mc.memory_layout == kind and ami.shard_spec.orientation == ShardOrientation.ROW_MAJOR


def _tilize_prim(op, dev, a, mc, out_dtype, started, sub_grid=None):
    if sub_grid is None and _tilize_sharded_optimized(a, mc):     # not with sub_core_grids (tt-metal's check)
        if a.memory_config().memory_layout == TensorMemoryLayout.WIDTH_SHARDED:
            _refuse_variant(op, "the width-sharded tilize program (TilizeMultiCoreWidthShardedProgramFactory)",
                            "tilize into an interleaved output, then shard it.")
        # compute_output_specs: the optimized program's output takes the input's shard spec
        out = C.make_output(dev, a.shape, out_dtype, Layout.TILE, MemoryConfig(
            a.memory_config().memory_layout, mc.buffer_type, a.memory_config().shard_spec))
        key = ("tilize", "multi_core_sharded", O.spec_key(a), O.spec_key(out))
        O.run(op, dev, key, lambda: _tilize_sharded_factory(a, out), [a, out], [out], {"dtype": out_dtype.name},
              started)
        return out
    ntpr = a.padded_shape[-1] // TILE_SIZE
    ntpc = a.padded_shape[-2] // TILE_SIZE
    in_ts, out_ts = _tile_size(a.dtype), _tile_size(out_dtype)
    block = not C.is_enough_space(dev, in_ts, out_ts, ntpr) and not a.is_sharded()
    nblocks = a.padded_shape.volume() // a.padded_shape[-1] // TILE_SIZE      # tile rows (32 sticks each)
    grid = sub_grid or C.device_grid(dev)
    ncores, _ = C.compute_ncores(grid.num_cores(), nblocks)
    if ntpr > 32 and (ntpc > 32 or ntpr > ntpc) and not a.is_sharded():
        block = block or ncores < C.compute_ncores_wh(grid.num_cores(), (a.padded_shape[-1] * a.padded_shape[-2])
                                                       // C.TILE_HW, ntpr, ntpc)
    if block and sub_grid is not None:
        _refuse_variant(op, "the block tilize program (TilizeMultiCoreBlockProgramFactory) on sub_core_grids",
                        "omit sub_core_grids, or tilize a tensor with fewer tiles per row.")
    out = C.make_output(dev, a.shape, out_dtype, Layout.TILE, mc, nd_ok=True)
    key = ("tilize", "multi_core_block" if block else "multi_core_default", O.spec_key(a), O.spec_key(out),
           grid.ranges)

    def factory():
        if block:
            return _tilize_block_factory(dev, a, out, 0, a.padded_shape[-1] * element_size(a.dtype),
                                         "tilize_multi_core_block")
        return _tilize_default_factory(dev, a, out, grid)

    O.run(op, dev, key, factory, [a, out], [out], {"dtype": out_dtype.name}, started)
    return out


def _tilize_compute(prog, split, fp32_llk_acc, tiles_per_block):
    """The tilize compute kernel on the full cores and (with its block count) on the cliff core."""
    utd = _UTD if fp32_llk_acc else None
    for cores, nb in ((split.full, split.nblocks_per_core), (split.cliff, split.nblocks_per_core_cliff)):
        if cores:
            mh.CreateKernel(prog, _k("tilize"), C.ranges_of(cores), ComputeConfig(
                fp32_dest_acc_en=fp32_llk_acc, unpack_to_dest_mode=utd, compile_args=[nb, tiles_per_block]))


def _tilize_default_factory(dev, a, out, grid) -> O.ProgramEntry:
    """TilizeMultiCoreDefaultProgramFactory::create_descriptor (interleaved input) on `grid` (available_grid)."""
    fp32_llk_acc = a.dtype == DataType.FLOAT32 or out.dtype == DataType.BFLOAT8_B
    logical_width = a.shape[-1]
    ntiles_per_block = C.div_up(logical_width, TILE_SIZE)
    ntiles = out.num_pages
    nblocks = C.div_up(ntiles, ntiles_per_block)
    split = C.split_blocks_for_tilize(grid, nblocks)
    all_cores = C.ranges_of(split.cores)
    prog = mh.CreateProgram()
    O.cb(prog, all_cores, 0, ntiles_per_block, a.dtype)
    O.cb(prog, all_cores, 16, ntiles_per_block, out.dtype)
    page_size = a._buffer.page_size
    aligned = a._buffer.aligned_page_size
    pages_in_row, last = 1, page_size
    if a.is_sharded():      # a row is several pages (shard-wide pieces); the last one may hold padding
        pages_in_row = C.div_up(logical_width, _shard_width(a.memory_config()))
        last = page_size - (pages_in_row * page_size - logical_width * element_size(a.dtype))
    rk = mh.CreateKernel(prog, _k("reader_unary_stick_layout_split_rows_multicore"), all_cores,
                         ReaderDataMovementConfig(compile_args=[aligned, pages_in_row, last] + O.accessor_args(a)))
    wk = mh.CreateKernel(prog, _k("writer_unary_interleaved_start_id"), all_cores,
                         WriterDataMovementConfig(compile_args=[16] + O.accessor_args(out)))
    _tilize_compute(prog, split, fp32_llk_acc, ntiles_per_block)
    work = [(c, split.nblocks_per_core) for c in split.full] + [(c, split.nblocks_per_core_cliff)
                                                               for c in split.cliff]

    def set_args(tensors):
        src, dst = tensors
        tile_start = page_start = 0
        for c, nb in work:
            mh.SetRuntimeArgs(prog, rk, c, [src.buffer_address(), nb * TILE_SIZE, page_size, ntiles_per_block,
                                            page_size, 1, 0, 0, page_start])
            mh.SetRuntimeArgs(prog, wk, c, [dst.buffer_address(), ntiles_per_block * nb, tile_start])
            tile_start += ntiles_per_block * nb
            page_start += TILE_SIZE * nb * pages_in_row

    return O.ProgramEntry(prog, set_args, len(work), "tilize_multi_core_default")


def _tilize_sharded_factory(a, out) -> O.ProgramEntry:
    """TilizeMultiCoreShardedProgramFactory::create_descriptor: the height-sharded input's row-major shard tilized in
    place into the output's shard (_shard_to_shard_program), tilize over shard rows / 32 blocks of shard width / 32
    tiles."""
    spec = a.memory_config().shard_spec
    tpr = spec.shape[1] // TILE_SIZE
    fp32_llk_acc = a.dtype == DataType.FLOAT32 or out.dtype == DataType.BFLOAT8_B
    return _shard_to_shard_program(a, out, "tilize", [spec.shape[0] * spec.shape[1] // C.TILE_HW // tpr, tpr],
                                   fp32_llk_acc, {}, "tilize_multi_core_sharded")


# ----------------------------------------------------------------------------------- tilize with padding
def _packed_pad_value(dtype: DataType, pad_value) -> int:
    """tilize_with_val_padding_factory_helper.cpp get_packed_value: float pad values as bfloat16 pairs (bfloat16),
    float32 bits (float32, and int32 with a float value), uint16 pairs; integer pad values (to_layout's for int32 /
    uint32) as the integer."""
    if isinstance(pad_value, float):
        if dtype == DataType.BFLOAT16:
            b = int(formats.fp32_to_bf16_rne(np.array([np.float32(pad_value)]).view(np.uint32))[0])
            return (b << 16) | b
        if dtype == DataType.UINT16:
            v = int(pad_value) & 0xFFFF
            return (v << 16) | v
        if dtype in (DataType.FLOAT32, DataType.INT32):
            return struct.unpack("<I", struct.pack("<f", pad_value))[0]
        return int(pad_value) & 0xFFFFFFFF
    v = int(pad_value)
    if dtype == DataType.BFLOAT16:
        b = int(formats.fp32_to_bf16_rne(np.array([np.float32(v)]).view(np.uint32))[0])
        return (b << 16) | b
    if dtype == DataType.UINT16:
        v &= 0xFFFF
        return (v << 16) | v
    return v & 0xFFFFFFFF


def tilize_with_val_padding(input_tensor: Tensor, output_tensor_shape, pad_value, *,
                            memory_config: MemoryConfig | None = None, dtype: DataType | None = None,
                            use_multicore: bool = True, sub_core_grids=None, **kwargs) -> Tensor:
    """ttnn.tilize_with_val_padding(input_tensor, output_tensor_shape, pad_value, *, memory_config=None, dtype=None):
    ROW_MAJOR -> TILE, padded to output_tensor_shape with pad_value (a float, or an int for integer dtypes)."""
    O.refuse_unknown_kwargs("ttnn.tilize_with_val_padding", kwargs)
    started = time.perf_counter()
    op = "ttnn.tilize_with_val_padding"
    if input_tensor.layout == Layout.TILE:
        return input_tensor
    dev = _check_device_input(op, input_tensor)
    # a sharded output is written by the interleaved-input factories through a TensorAccessor
    _common_checks(op, input_tensor, None, use_multicore, None)
    sub_grid = None if sub_core_grids is None else _sub_core_grid(op, dev, sub_core_grids, one_core_single=False)
    grid = sub_grid or C.device_grid(dev)
    a = input_tensor
    if a.dtype not in _TILIZE_DTYPES:
        raise DTypeError(f"{op}: can only tilize bfloat16/float32 or int32/uint32/uint16 tensors, not {a.dtype!r}."
                         "\nFix: ttnn.typecast first.")
    out_padded = tuple(int(d) for d in output_tensor_shape)
    in_shape = tuple(a.shape)
    if len(in_shape) == 1:
        if in_shape[0] > out_padded[-1]:
            raise ShapeError(f"{op}: output shape {list(out_padded)} is smaller than the input {a.shape!r}.\nFix: "
                             "pass a padded shape at least the input's in every dim.")
    else:
        if len(out_padded) != len(in_shape) or any(i > o for i, o in zip(in_shape, out_padded)):
            raise ShapeError(f"{op}: output shape {list(out_padded)} must be greater than or equal to the input shape "
                             f"{list(in_shape)} in each dimension.\nFix: pass a padded shape of the input's rank, at "
                             "least the input in every dim.")
    if out_padded[-1] % TILE_SIZE or out_padded[-2] % TILE_SIZE:
        raise ShapeError(f"{op}: to be tilizable the output shape {list(out_padded)} must be divisible by the tile "
                         "size (32, 32) in its last two dims.\nFix: round them up to multiples of 32.")
    if (out_padded[-1] * element_size(a.dtype)) % 16:
        raise ShapeError(f"{op}: output padded width size {out_padded[-1] * element_size(a.dtype)} must be aligned "
                         "to 16 bytes for INTERLEAVED tensors.")
    out_dtype = dtype or a.dtype
    mc = memory_config or a.memory_config()
    packed = _packed_pad_value(a.dtype, pad_value)
    orig = None
    if len(in_shape) > 4:
        orig = (in_shape, out_padded)
        a = _squeeze_to_4d(a)
        out_padded = (int(np.prod(out_padded[:-3])),) + out_padded[-3:]
    ntpr = out_padded[-1] // TILE_SIZE
    ntpc = out_padded[-2] // TILE_SIZE
    in_ts, out_ts = _tile_size(a.dtype), (_tile_size(dtype) if dtype else _tile_size(a.dtype))
    block = not C.is_enough_space(dev, in_ts, out_ts, ntpr)
    num_blocks = int(np.prod(out_padded)) // out_padded[-1] // TILE_SIZE
    ncores, _ = C.compute_ncores(grid.num_cores(), num_blocks)
    if ntpr > 32 and (ntpc > 32 or ntpr > ntpc):
        pad_in = tuple(a.padded_shape)
        block = block or ncores < C.compute_ncores_wh(grid.num_cores(), (pad_in[-1] * C.dim(pad_in, -2)) // C.TILE_HW,
                                                       ntpr, ntpc)
    if block and sub_grid is not None:
        _refuse_variant(op, "the block program (TilizeWithValPaddingMultiCoreBlockInterleavedFactory) on "
                        "sub_core_grids", "omit sub_core_grids, or tilize a tensor with fewer tiles per row.")
    out = C.make_output(dev, a.shape, out_dtype, Layout.TILE, mc, padded=out_padded, nd_ok=True)
    key = ("tilize_with_val_padding", "block" if block else "default", O.spec_key(a), O.spec_key(out), packed,
           grid.ranges)

    def factory():
        if block:
            return _tilize_block_factory(dev, a, out, packed, out_padded[-1] * element_size(a.dtype),
                                         "tilize_with_val_padding_multi_core_block_interleaved")
        return _tilize_val_padding_factory(dev, a, out, packed, grid)

    O.run(op, dev, key, factory, [a, out], [out], {"dtype": out_dtype.name, "pad_value": pad_value}, started)
    if orig is not None:
        return view(out, orig[0], orig[1])
    return out


def _tilize_val_padding_factory(dev, a, out, packed_pad_value, grid) -> O.ProgramEntry:
    """TilizeWithValPaddingMultiCoreDefaultFactory::create_descriptor (interleaved input) on `grid`
    (available_grid)."""
    fp32_llk_acc = a.dtype == DataType.FLOAT32 or out.dtype == DataType.BFLOAT8_B
    out_padded = tuple(out.padded_shape)
    num_blocks = int(np.prod(out_padded)) // out_padded[-1] // TILE_SIZE
    ntpr = out_padded[-1] // TILE_SIZE
    split = C.split_blocks_for_tilize(grid, num_blocks)
    es = element_size(a.dtype)
    unpadded_row = a.shape[-1] * es
    padded_row = out_padded[-1] * es
    all_cores = C.ranges_of(split.cores)
    prog = mh.CreateProgram()
    O.cb(prog, all_cores, 0, ntpr, a.dtype)
    O.cb(prog, all_cores, 16, ntpr, out.dtype)
    shift_bits = int(np.log2(es * TILE_SIZE))
    page_size = unpadded_row
    aligned = a._buffer.aligned_page_size
    ct = [shift_bits, unpadded_row, es, 1, page_size, aligned, unpadded_row] + O.accessor_args(a)
    rk = mh.CreateKernel(prog, _k("reader_unary_pad_dims_split_rows_multicore"), all_cores,
                         ReaderDataMovementConfig(compile_args=ct))
    wk = mh.CreateKernel(prog, _k("writer_unary_interleaved_start_id"), all_cores,
                         WriterDataMovementConfig(compile_args=[16] + O.accessor_args(out)))
    _tilize_compute(prog, split, fp32_llk_acc, ntpr)
    per_core = C.block_rep_work(split, out.shape, out_padded, ntpr)

    def set_args(tensors):
        src, dst = tensors
        for c, sp, words, ts, nt, n_reps in per_core:
            mh.SetRuntimeArgs(prog, rk, c, [src.buffer_address(), padded_row, packed_pad_value, sp, n_reps, *words])
            mh.SetRuntimeArgs(prog, wk, c, [dst.buffer_address(), nt, ts])

    return O.ProgramEntry(prog, set_args, len(per_core), "tilize_with_val_padding_multi_core_default")


def _tilize_block_factory(dev, a, out, packed_pad_value, row_size_bytes, name) -> O.ProgramEntry:
    """TilizeMultiCoreBlockProgramFactory / TilizeWithValPaddingMultiCoreBlockInterleavedFactory::create_descriptor
    (the two differ in the pad value and the row size the start columns wrap at: the input's, or the padded
    output's): square blocks of tiles over the grid (split_blocks_for_tilize_wh, sub-blocks when a block does not
    fit L1), reader_unary_pad_multicore_both_dims, tilize_wh, writer_unary_interleaved_start_id_wh."""
    es = element_size(a.dtype)
    in_ts, out_ts = _tile_size(a.dtype), _tile_size(out.dtype)
    fp32_llk_acc = a.dtype == DataType.FLOAT32 or out.dtype == DataType.BFLOAT8_B
    grid = C.device_grid(dev)
    op_ = tuple(out.padded_shape)
    ntpc, ntpr = op_[-2] // TILE_SIZE, op_[-1] // TILE_SIZE
    limit = C.max_l1_space(dev) // (in_ts + out_ts)
    sp = C.split_blocks_for_tilize_wh(grid, (op_[-1] * op_[-2]) // C.TILE_HW, ntpr, ntpc, limit)
    if sp.single_sub_block_size > 0 and sp.single_block_size % sp.single_sub_block_size:
        raise ShapeError("tilize: single_block_size is not divided by single_sub_block_size")
    total_tiles_per_row = sp.full_cores_per_row * sp.single_block_size + sp.has_cliff_row * \
        sp.single_block_size_cliff_row
    unpadded_row = a.padded_shape[-1] * es
    prog = mh.CreateProgram()
    row_bytes = in_ts // TILE_SIZE

    def cb_pair(cores, n):
        if not cores:
            return
        r = C.ranges_of(cores)
        tmp = row_bytes * n + 2 * 32
        O.cb(prog, r, 1, 1, a.dtype, page_size=tmp)
        O.cb(prog, r, 0, n, a.dtype)
        O.cb(prog, r, 16, n, out.dtype)

    b, sub = sp.single_block_size, sp.single_sub_block_size
    cb_pair(sp.core_range, sub)
    if sp.has_cliff_col and sp.has_cliff_row:
        cb_pair(sp.cliff_col_row, sp.single_block_size_cliff_row)
    if sp.has_cliff_row:
        cb_pair(sp.cliff_row, sp.single_block_size_cliff_row)
    if sp.has_cliff_col:
        cb_pair(sp.cliff_col, sub)
    shape = tuple(out.shape)
    third = 1 if len(shape) < 3 else (shape[-3] if len(shape) == 3 else shape[-3] * shape[-4])
    total_rows = a.shape[-2] if len(a.shape) > 1 else 1
    if op_[-2] > C.round_up(total_rows, TILE_SIZE):
        total_rows = op_[-2]
    all_cores = C.ranges_of(sp.cores)
    rk = mh.CreateKernel(prog, _k("reader_unary_pad_multicore_both_dims"), all_cores, ReaderDataMovementConfig(
        compile_args=[total_rows, third, TILE_SIZE, es, unpadded_row, 32] + O.accessor_args(a)
        + [a._buffer.page_size]))
    wk = mh.CreateKernel(prog, _k("writer_unary_interleaved_start_id_wh"), all_cores, WriterDataMovementConfig(
        compile_args=[16, op_[-1] * op_[-2] // C.TILE_HW, third, total_tiles_per_row] + O.accessor_args(out)))
    utd = _UTD if fp32_llk_acc else None
    for cores, col, row in ((sp.core_range, b * b // sub, sub),
                            (sp.cliff_col_row if sp.has_cliff_col and sp.has_cliff_row else [],
                             sp.single_block_size_cliff_col, sp.single_block_size_cliff_row),
                            (sp.cliff_row if sp.has_cliff_row else [], b, sp.single_block_size_cliff_row),
                            (sp.cliff_col if sp.has_cliff_col else [], sp.single_block_size_cliff_col * b // sub,
                             sub)):
        if cores:
            mh.CreateKernel(prog, _k("tilize_wh"), C.ranges_of(cores), ComputeConfig(
                fp32_dest_acc_en=fp32_llk_acc, unpack_to_dest_mode=utd, compile_args=[col, row, third]))
    per_core = []
    start_row = start_col = tile_start = 0
    total_row_cores = sp.full_cores_per_row + (1 if sp.has_cliff_row else 0)
    col_count = 1
    n = len(sp.cores)
    for i, core in enumerate(sp.cores):
        if sp.has_cliff_col and sp.has_cliff_row and i == n - 1:
            r_arg, c_arg, s_arg = sp.single_block_size_cliff_row, sp.single_block_size_cliff_col, \
                sp.single_block_size_cliff_row
        elif sp.has_cliff_row and i != 0 and (i + 1) % (sp.full_cores_per_row + 1) == 0:
            r_arg, c_arg, s_arg = sp.single_block_size_cliff_row, b, sp.single_block_size_cliff_row
        elif i < total_row_cores * sp.full_cores_per_col:
            r_arg, c_arg, s_arg = b, b, sub
        else:
            r_arg, c_arg, s_arg = b, sp.single_block_size_cliff_col, sub
        per_core.append((core, [TILE_SIZE * es * r_arg, start_row, start_col, r_arg, c_arg, TILE_SIZE * es * s_arg,
                                s_arg], [tile_start, r_arg, c_arg]))
        end_col = start_col + r_arg * TILE_SIZE * es
        start_col = end_col % row_size_bytes
        if end_col % row_size_bytes == 0 and end_col != 0:
            start_row += c_arg * TILE_SIZE
        if start_col == 0:
            tile_start = col_count * c_arg * total_tiles_per_row
            col_count += 1
        else:
            tile_start += r_arg

    def set_args(tensors):
        src, dst = tensors
        for c, r, w in per_core:
            mh.SetRuntimeArgs(prog, rk, c, [src.buffer_address(), packed_pad_value] + r)
            mh.SetRuntimeArgs(prog, wk, c, [dst.buffer_address()] + w)

    return O.ProgramEntry(prog, set_args, len(per_core), name)


def tilize_padded_to_tiles(t: Tensor) -> Tensor:
    """What several ops do to a ROW_MAJOR input before their tiled program (bcast.cpp, rotary_embedding.cpp):
    tilize_with_val_padding(t, pad_to_tile_shape(t's padded shape), 0.0, t's memory config). A TILE tensor is
    returned as it is."""
    if t.layout == Layout.TILE:
        return t
    p = list(t.padded_shape)
    p[-1] = -(-p[-1] // TILE_SIZE) * TILE_SIZE
    if len(p) >= 2:
        p[-2] = -(-p[-2] // TILE_SIZE) * TILE_SIZE
    return tilize_with_val_padding(t, p, 0.0, memory_config=t.memory_config())


def tilize_with_zero_padding(input_tensor: Tensor, *, memory_config=None, output_dtype=None, dtype=None,
                             use_multicore=True, sub_core_grids=None, **kwargs) -> Tensor:
    """ttnn.tilize_with_zero_padding(input_tensor, *, memory_config=None, output_dtype=None): tilize, padding the
    last two dims to multiples of 32 with zeros."""
    O.refuse_unknown_kwargs("ttnn.tilize_with_zero_padding", kwargs)
    t = input_tensor
    shape = tuple(t.shape)
    if len(shape) < 2:
        # tt-metal's Shape keeps hidden leading 1s: padded_shape[-2] of a rank-1 tensor is its hidden 1, rounded up
        # to 32; the op runs on that [1, W] view and the result keeps the input's rank (as to_layout's rank < 2)
        t = view(t, (1, shape[0] if shape else 1))
    p = list(t.padded_shape)
    p[-2], p[-1] = C.round_up(p[-2], TILE_SIZE), C.round_up(p[-1], TILE_SIZE)
    pad = 0.0 if t.dtype in (DataType.BFLOAT16, DataType.FLOAT32) else 0
    out = tilize_with_val_padding(t, p, pad, memory_config=memory_config, dtype=output_dtype or dtype,
                                  use_multicore=use_multicore, sub_core_grids=sub_core_grids)
    if len(shape) < 2:
        return view(out, shape, padded_shape(shape, Layout.TILE))
    return out


# ----------------------------------------------------------------------------------------------- untilize
def untilize(input_tensor: Tensor, *, memory_config: MemoryConfig | None = None, use_multicore: bool = True,
             sub_core_grids=None, **kwargs) -> Tensor:
    """ttnn.untilize(input_tensor, *, memory_config=None, use_multicore=True): TILE -> ROW_MAJOR on the device
    (bfloat8_b input gives bfloat16). The tensor must not hold tile padding (else untilize_with_unpadding or
    to_layout)."""
    O.refuse_unknown_kwargs("ttnn.untilize", kwargs)
    started = time.perf_counter()
    op = "ttnn.untilize"
    dev = _check_device_input(op, input_tensor, Layout.TILE, nd_ok=True)
    _common_checks(op, input_tensor, None, use_multicore, None, single_core_ok=True, sharded_input_ok=True)
    a = input_tensor
    sub_grid = None
    if sub_core_grids is not None:
        sub_grid = _sub_core_grid(op, dev, sub_core_grids, one_core_single=False)
        _check_sub_core_grids_untilize(op, a, memory_config or a.memory_config(), use_multicore)
    if memory_config is not None and memory_config.is_sharded():
        _check_sharded_untilize_output(op, a, memory_config, use_multicore)
    if a.is_sharded() and not use_multicore:
        _check_even_sharded_untilize_input(op, a)
    if tuple(a.shape) != tuple(a.padded_shape):
        raise NotModelledError(
            f"{op}: the input {a.shape!r} holds padding (padded shape {a.padded_shape!r}); ttnn's untilize keeps it "
            "in a row-major tensor whose padded shape differs from its logical one, which tensix.ttnn does not "
            "model.\nFix: ttnn.untilize_with_unpadding or ttnn.to_layout(t, ttnn.ROW_MAJOR_LAYOUT), which drop it.")
    mc = memory_config or a.memory_config()
    orig = None
    if len(a.shape) > 4:
        orig = tuple(a.shape)
        a = _squeeze_to_4d(a)
    if sub_grid is not None:
        out = _untilize_sub_core_grids(op, dev, a, mc, sub_grid, started)
    else:
        out = _untilize_prim(op, dev, a, mc, started, use_multicore)
    return view(out, orig) if orig is not None else out


def _check_sub_core_grids_untilize(op, a: Tensor, mc: MemoryConfig, use_multicore: bool) -> None:
    """untilize_device_operation.cpp validate_on_program_cache_miss, sub_core_grids: interleaved input and output,
    the multi-core program."""
    fix = "\nFix: omit sub_core_grids, or untilize an interleaved tensor into an interleaved memory config."
    if a.memory_config().memory_layout != TensorMemoryLayout.INTERLEAVED:
        raise TTNNError(f"{op}: Input memory layout must be interleaved when sub_core_grid argument provided.{fix}")
    if mc.memory_layout != TensorMemoryLayout.INTERLEAVED:
        raise TTNNError(f"{op}: Output memory layout must be interleaved when sub_core_grid argument provided.{fix}")
    if not use_multicore:
        raise TTNNError(f"{op}: sub_core_grid implementation only supported when use_multicore flag argument is set "
                        "to true.\nFix: use_multicore=True, or omit sub_core_grids.")


def _untilize_sub_core_grids(op, dev, a: Tensor, mc: MemoryConfig, grid: CoreRangeSet, started) -> Tensor:
    """UntilizeMultiCoreSubCoreGridsProgramFactory::create_descriptor
    (untilize/device/factories/untilize_multi_core_sub_core_grids_program_factory.cpp): the tiles split evenly over
    the largest number of the sub grid's cores that divides them (row-wise, corerange_to_cores), a block being one
    tile (get_largest_divisor(tiles per row, 1)); each core reads its run of consecutive tiles
    (reader_unary_interleaved_start_id), untilizes them one at a time (untilize.cpp) and
    writer_unary_stick_layout_split_rows_interleaved_parallel_columns writes each tile's 32 rows at the core's byte
    offset into every stick of the tensor's tile rows.

    That writer waits for (tile rows) x (the core's tiles) tiles while the core gets its tiles once, and does not
    rewind its offset between tile rows: the program is for one tile row (decode-shaped [.., 32, W] inputs). On more
    rows the card's writer waits for tiles that never come, so tensix refuses them (NotModelledError)."""
    fp32_dest_acc_en = a.dtype in (DataType.UINT32, DataType.FLOAT32)
    width = a.padded_shape[-1]
    ntiles = a.padded_shape.volume() // C.TILE_HW
    ntpr = width // TILE_SIZE
    ntpc = ntiles // ntpr
    if ntpc != 1:
        raise NotModelledError(
            f"{op}: sub_core_grids on an input of {ntpc} tile rows (padded shape {a.padded_shape!r}): "
            "UntilizeMultiCoreSubCoreGridsProgramFactory's writer (writer_unary_stick_layout_split_rows_interleaved_"
            f"parallel_columns) waits for {ntpc} times the tiles its core untilizes, so the program hangs on the card; "
            "tensix.ttnn does not model that.\nFix: an input of 32 rows (one tile row), or omit sub_core_grids.")
    out_dtype = DataType.BFLOAT16 if a.dtype == DataType.BFLOAT8_B else a.dtype
    out = C.make_output(dev, a.shape, out_dtype, Layout.ROW_MAJOR, mc)
    ncores = grid.num_cores()
    while ntiles % ncores:
        ncores -= 1
    key = ("untilize", "sub_core_grids", tuple(grid.ranges), O.spec_key(a), O.spec_key(out))

    def factory():
        per_core = ntiles // ncores
        cores = C.corerange_to_cores(grid, ncores, row_wise=True)
        from tensix.ttnn.operations._sub_core_split import cores_in_subcoregrids
        all_cores = cores_in_subcoregrids(cores[0], ncores, grid, row_wise=True)
        oes = element_size(out_dtype)
        prog = mh.CreateProgram()
        O.cb(prog, all_cores, 0, 2, a.dtype)
        O.cb(prog, all_cores, 16, 2, out_dtype)
        rk = mh.CreateKernel(prog, O.kernel_path("eltwise/reader_unary_interleaved_start_id.py"), all_cores,
                             ReaderDataMovementConfig(compile_args=O.accessor_args(a)))
        wk = mh.CreateKernel(prog, _k("writer_unary_stick_layout_split_rows_interleaved_parallel_columns"),
                             all_cores, WriterDataMovementConfig(compile_args=[width * oes] + O.accessor_args(out)))
        mh.CreateKernel(prog, _k("untilize"), all_cores, ComputeConfig(
            fp32_dest_acc_en=fp32_dest_acc_en, unpack_to_dest_mode=_UTD if fp32_dest_acc_en else None,
            compile_args=[per_core, 1, 0, 16], defines=_untilize_compute_defines(a)))

        def set_args(tensors):
            src, dst = tensors
            for i, core in enumerate(cores):
                mh.SetRuntimeArgs(prog, rk, core, [src.buffer_address(), per_core, i * per_core])
                mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address(), ntpc * TILE_SIZE, per_core,
                                                   TILE_SIZE * oes, 0, i * per_core * TILE_SIZE * oes])
        return O.ProgramEntry(prog, set_args, ncores, "untilize_multi_core_sub_core_grids")

    O.run(op, dev, key, factory, [a, out], [out], {}, started)
    return out


def _untilize_prim(op, dev, a, mc, started, multicore=True):
    fp32_dest_acc_en = a.dtype in (DataType.UINT32, DataType.FLOAT32)
    ts = _tile_size(a.dtype)
    width = a.padded_shape[-1]
    height = a.padded_shape.volume() // width
    ntpr, ntpc = width // TILE_SIZE, height // TILE_SIZE
    block = not C.is_enough_space(dev, ts, ts, ntpr)
    ncores, _ = C.compute_ncores(64, ntpc)
    if ntpr > 32 and (ntpc > 32 or ntpr > ntpc):
        nbb = (a.padded_shape[-1] * a.padded_shape[-2]) // C.TILE_HW
        block = block or ncores < C.compute_ncores_wh(64, nbb, ntpr, C.dim(a.padded_shape, -2) // TILE_SIZE)
    max_tiles_per_cb = (dev.l1_size_per_core() // 2 - C.soc.L1_UNRESERVED_BASE) // (2 * ts)
    block = block and not a.is_sharded()
    if multicore and not block and not a.is_sharded() and ntpr > max_tiles_per_cb:
        _refuse_variant(op, "the column-parallel / single-core untilize (a row of tiles does not fit a CB)",
                        "untilize narrower tensors.")
    out_dtype = DataType.BFLOAT16 if a.dtype == DataType.BFLOAT8_B else a.dtype
    out = C.make_output(dev, a.shape, out_dtype, Layout.ROW_MAJOR, mc, nd_ok=True)
    block = block and not out.is_sharded()     # the block factory is for interleaved input and output only
    ami, omc = a.memory_config(), out.memory_config()
    identical = (a.is_sharded() and out.is_sharded() and omc.buffer_type == BufferType.L1
                 and ami.buffer_type == BufferType.L1
                 and ami.memory_layout == omc.memory_layout and ami.shard_spec is not None
                 and ami.shard_spec == omc.shard_spec)
    kind = ("identical_shard_spec" if identical else "multi_core_block" if block else "multi_core") if multicore \
        else "single_core"
    key = ("untilize", kind, O.spec_key(a), O.spec_key(out))

    def factory():
        if not multicore:       # untilize_device_operation.cpp: use_multicore=False picks it first
            return _untilize_single_core_factory(dev, a, out, fp32_dest_acc_en)
        if identical:
            return _untilize_identical_shards_factory(a, out, fp32_dest_acc_en)
        if getattr(a._buffer, "nd_placement", False):
            if (out.is_sharded() and omc.buffer_type == BufferType.L1 and ami.buffer_type == BufferType.L1
                    and ami.memory_layout == omc.memory_layout and omc.nd_shard_spec == ami.nd_shard_spec):
                return _untilize_identical_nd_shards_factory(a, out, fp32_dest_acc_en)
            return _untilize_nd_shard_input_factory(a, out, fp32_dest_acc_en)
        if block:
            return _untilize_block_factory(dev, a, out, fp32_dest_acc_en, dev.compute_with_storage_grid_size(),
                                           "untilize_multi_core_block")
        return _untilize_multi_core_factory(dev, a, out, fp32_dest_acc_en)

    O.run(op, dev, key, factory, [a, out], [out], {}, started)
    return out


def _shard_width(mc) -> int:
    """A sharded config's shard width: the legacy spec's, else the ND spec's last dim."""
    return mc.shard_spec.shape[1] if mc.shard_spec is not None else mc.nd_shard_spec.shard_shape[-1]


def _output_page_width(a, out) -> int:
    """The row-major output's page width in elements (untilize factories): the tensor's width, or the shard's for a
    width-, block- or ND-sharded output."""
    mc = out.memory_config()
    if mc.memory_layout in (TensorMemoryLayout.WIDTH_SHARDED, TensorMemoryLayout.BLOCK_SHARDED,
                            TensorMemoryLayout.ND_SHARDED):
        return _shard_width(mc)
    return a.padded_shape[-1]


def _check_sharded_untilize_output(op, a, mc, multicore) -> None:
    """untilize_device_operation.cpp validate_on_program_cache_miss (622c6fb9) for a sharded output config."""
    width = _shard_width(mc)
    es = 2 if a.dtype == DataType.BFLOAT8_B else element_size(a.dtype)
    al = C.soc.DRAM_ALIGNMENT if mc.buffer_type == BufferType.DRAM else C.soc.L1_ALIGNMENT
    if width * es % al:
        raise ShardSpecError(f"{op}: Output shard row size {width * es} bytes must be aligned to {al} bytes buffer "
                             f"alignment requirement (a shard {width} elements wide).\nFix: a shard width that is a "
                             f"multiple of {al // es} elements.")
    if mc.memory_layout == TensorMemoryLayout.BLOCK_SHARDED and mc.buffer_type != BufferType.L1:
        raise ShardSpecError(f"{op}: We don't support DRAM block sharding.\nFix: block-shard in L1.")
    if multicore:
        return
    if width % TILE_SIZE:
        raise ShardSpecError(f"{op}: Output shard width {width} must be a multiple of tile width 32 for single core "
                             "implementation.\nFix: use_multicore=True, or a tile-wide shard.")
    p = tuple(a.padded_shape)
    if mc.shard_spec is not None:
        sh, sw = mc.shard_spec.shape
        uneven = p[-1] % sw or (math.prod(p) // p[-1]) % sh
    else:
        from tensix.ttnn.nd_sharded import squeeze_shape_ranks
        t_sq, s_sq = squeeze_shape_ranks(list(p), list(mc.nd_shard_spec.shard_shape))
        uneven = any(t % d for t, d in zip(t_sq, s_sq)) and math.prod(p) != 0
    if uneven:
        raise ShardSpecError(f"{op}: Uneven sharding of the output tensor is not supported for single core "
                             "implementation.\nFix: use_multicore=True, or shards that divide the tensor.")


def _check_even_sharded_untilize_input(op, a) -> None:
    """validate_on_program_cache_miss: the single-core program takes evenly sharded inputs only."""
    sh, sw = a.memory_config().shard_spec.shape
    p = tuple(a.padded_shape)
    if p[-1] % sw or (math.prod(p) // p[-1]) % sh:
        raise ShardSpecError(f"{op}: Uneven input shard ({sh} x {sw} for a tensor of padded shape {list(p)}) not "
                             "supported for single core implementation.\nFix: use_multicore=True.")


def _untilize_compute_defines(a) -> dict:
    return {"DST_ACCUM_MODE": 1} if a.dtype in (DataType.INT32, DataType.UINT32, DataType.FLOAT32) else {}


def _untilize_identical_shards_factory(a, out, fp32_dest_acc_en) -> O.ProgramEntry:
    """UntilizeMultiCoreInputAndOutputShardTypeAndShardSpecIdenticalProgramFactory::create_descriptor: input and output
    sharded alike in L1; on every core of the shard grid the input CB is the input's shard and the output CB the
    output's (both backed by the buffers), reader_unary_sharded, untilize (shard rows / 32 blocks of shard width / 32
    tiles), writer_unary_sharded."""
    spec = a.memory_config().shard_spec
    tpb, bpc = spec.shape[1] // TILE_SIZE, spec.shape[0] // TILE_SIZE
    return _shard_to_shard_program(a, out, "untilize", [bpc, tpb, 0, 16], fp32_dest_acc_en,
                                   _untilize_compute_defines(a), "untilize_identical_shard_spec")


def _shard_backed_reader_writer(prog, a, out, n, grid):
    """c_0 backed by a's buffer and c_16 by out's (n tiles each) on grid, with reader_unary_sharded pushing c_0 and
    writer_unary_sharded waiting on c_16: the frame of the shard-in-place programs. Returns the two CB configs (to
    rebind at each call) and the reader and writer kernels."""
    in_ts, out_ts = _tile_size(a.dtype), _tile_size(out.dtype)
    in_cfg = mh.CircularBufferConfig(n * in_ts, {0: data_format(a.dtype)}).set_page_size(0, in_ts)
    in_cfg.set_globally_allocated_address(a._buffer)
    out_cfg = mh.CircularBufferConfig(n * out_ts, {16: data_format(out.dtype)}).set_page_size(16, out_ts)
    out_cfg.set_globally_allocated_address(out._buffer)
    mh.CreateCircularBuffer(prog, grid, in_cfg)
    mh.CreateCircularBuffer(prog, grid, out_cfg)
    rk = mh.CreateKernel(prog, _k("reader_unary_sharded"), grid, ReaderDataMovementConfig(compile_args=[0]))
    wk = mh.CreateKernel(prog, _k("writer_unary_sharded"), grid, WriterDataMovementConfig(compile_args=[16]))
    return in_cfg, out_cfg, rk, wk


def _shard_to_shard_program(a, out, compute, compute_args, fp32, defines, name) -> O.ProgramEntry:
    """The shape of tilize's and untilize's shard-in-place programs: on every core of the input's shard grid, c_0 is
    the input's shard and c_16 the output's (CBs backed by the buffers, rebound at each call), reader_unary_sharded
    pushes the shard, the compute kernel converts it, writer_unary_sharded waits for the result."""
    spec = a.memory_config().shard_spec
    n = spec.shape[0] * spec.shape[1] // C.TILE_HW
    grid = spec.grid
    prog = mh.CreateProgram()
    in_cfg, out_cfg, rk, wk = _shard_backed_reader_writer(prog, a, out, n, grid)
    mh.CreateKernel(prog, _k(compute), grid, ComputeConfig(fp32_dest_acc_en=fp32, unpack_to_dest_mode=_UTD if fp32
                                                           else None, compile_args=compute_args, defines=defines))
    cores = list(grid)

    def set_args(tensors):
        src, dst = tensors
        in_cfg.set_globally_allocated_address(src._buffer)
        out_cfg.set_globally_allocated_address(dst._buffer)
        for c in cores:
            mh.SetRuntimeArgs(prog, rk, c, [n])
            mh.SetRuntimeArgs(prog, wk, c, [n])

    return O.ProgramEntry(prog, set_args, len(cores), name)


def _untilize_identical_nd_shards_factory(a, out, fp32_dest_acc_en) -> O.ProgramEntry:
    """UntilizeMultiCoreInputAndOutputNDShardTypeAndShardSpecIdenticalProgramFactory::create_descriptor: input and
    output ND-sharded alike in L1; on every core of the grid (in the spec's orientation) c_0 is the input's shards and
    c_16 the output's (backed by the buffers), each core untilizing its shards' blocks in place (a core without
    shards: 0 blocks)."""
    g = a._buffer.geom
    spec = a.memory_config().nd_shard_spec
    tpb = spec.shard_shape[-1] // TILE_SIZE
    bps = g.shard_volume // tpb                   # blocks per shard (shard planes x shard rows of tiles)
    n = g.shard_volume * g.shards_per_core
    grid = spec.grid
    prog = mh.CreateProgram()
    in_cfg, out_cfg, rk, wk = _shard_backed_reader_writer(prog, a, out, n, grid)
    ck = mh.CreateKernel(prog, _k("untilize_variable_num_blocks"), grid, ComputeConfig(
        fp32_dest_acc_en=fp32_dest_acc_en, unpack_to_dest_mode=_UTD if fp32_dest_acc_en else None,
        compile_args=[tpb, 0, 16], defines=_untilize_compute_defines(a)))
    from tensix.ttnn.sharded import _cores_in_order
    index = {xy: i for i, xy in enumerate(g.cores)}
    work = []
    for c in _cores_in_order(grid, spec.orientation == ShardOrientation.ROW_MAJOR):
        i = index.get((c.x, c.y))
        shards = 0 if i is None else len(range(i, g.num_shards, len(g.cores)))
        work.append((c, bps * shards))

    def set_args(tensors):
        src, dst = tensors
        in_cfg.set_globally_allocated_address(src._buffer)
        out_cfg.set_globally_allocated_address(dst._buffer)
        for c, blocks in work:
            mh.SetRuntimeArgs(prog, rk, c, [blocks * tpb])
            mh.SetRuntimeArgs(prog, ck, c, [blocks])
            mh.SetRuntimeArgs(prog, wk, c, [blocks * tpb])

    return O.ProgramEntry(prog, set_args, len(work), "untilize_identical_nd_shard_spec")


def _untilize_nd_shard_input_factory(a, out, fp32_dest_acc_en, unpadding: bool = False) -> O.ProgramEntry:
    """UntilizeMultiCoreNDShardInputProgramFactory::create_descriptor (an ND-sharded input without a legacy equivalent,
    or in DRAM), and with `unpadding` UntilizeWithUnpaddingMultiCoreNDShardedProgramFactory (the same program but for
    its writer, writer_unary_stick_layout_split_rows_multicore_nd_sharded, which drops the blocks outside the output
    and takes both padded shapes as common runtime args): a core per core with data, each untilizing its shards block
    by block (a block: a shard row of tiles) through the input's TensorAccessor; the writer places each block from its
    first page's id. The compute kernel's block count per core is the count of the core's device pages at multiples
    of the block width that hold a tensor page (compute_page_mapping). A DRAM input's shards are worked on by the
    worker core of each bank with data (get_optimal_worker_cores_for_sharded_tensor: tensix.device.core_assignment)."""
    g = a._buffer.geom
    spec = a.memory_config().nd_shard_spec
    tpib = spec.shard_shape[-1] // TILE_SIZE
    width = a.padded_shape[-1]
    ncores = min(len(g.cores), g.num_shards)
    cores = dram_worker_cores(g) if g.is_dram else [CoreCoord(x, y) for x, y in g.cores[:ncores]]   # with data
    counts = []
    for i in range(ncores):
        held = np.zeros(g.shards_per_core * g.shard_volume, bool)
        held[g.page_slot[g.page_core == i]] = True
        counts.append(int(held[::tpib].sum()))
    per_full = -(-g.num_shards // len(g.cores)) * (g.shard_volume // tpib)     # blocks per full core
    crs = C.ranges_of(cores)
    prog = mh.CreateProgram()
    O.cb(prog, crs, 0, tpib if per_full == 1 else 2 * tpib, a.dtype)
    O.cb(prog, crs, 16, tpib if per_full == 1 else 2 * tpib, out.dtype)
    rk = mh.CreateKernel(prog, _k("reader_unary_nd_sharded_blocks"), crs, ReaderDataMovementConfig(
        compile_args=[0, tpib, g.num_shards, ncores] + O.accessor_args(a)))
    oes = element_size(out.dtype)
    out_w = out.padded_shape[-1]
    page_w = _output_page_width(out, out)      # the output's row, or its shard's width when width / block / ND sharded
    wct = [16, page_w * oes, TILE_SIZE, tpib, C.div_up(out_w, page_w), oes, tpib * TILE_SIZE, page_w,
           _tile_size(a.dtype), g.num_shards, ncores, width // TILE_SIZE]
    if unpadding:
        out_padded = tuple(out.padded_shape)
        wct += [C.div_up(out_w, TILE_SIZE), TILE_SIZE, out_w, C.dim(out_padded, -2), len(a.padded_shape)]
        wk = mh.CreateKernel(prog, _k("writer_unary_stick_layout_split_rows_multicore_nd_sharded"), crs,
                             WriterDataMovementConfig(compile_args=wct + O.accessor_args(out, a)))
        mh.SetCommonRuntimeArgs(prog, wk, list(out_padded) + list(a.padded_shape))
    else:
        wct += [TILE_SIZE, out_w, out.padded_shape.volume() // out_w]
        wk = mh.CreateKernel(prog, _k("writer_unary_stick_layout_split_rows_multi_core_nd_shard"), crs,
                             WriterDataMovementConfig(compile_args=wct + O.accessor_args(out, a)))
    ck = mh.CreateKernel(prog, _k("untilize_variable_num_blocks"), crs, ComputeConfig(
        fp32_dest_acc_en=fp32_dest_acc_en, unpack_to_dest_mode=_UTD if fp32_dest_acc_en else None,
        compile_args=[tpib, 0, 16], defines=_untilize_compute_defines(a)))

    def set_args(tensors):
        src, dst = tensors
        for i, c in enumerate(cores):
            mh.SetRuntimeArgs(prog, rk, c, [src.buffer_address(), i])
            mh.SetRuntimeArgs(prog, wk, c, [dst.buffer_address(), src.buffer_address(), i])
            mh.SetRuntimeArgs(prog, ck, c, [counts[i]])

    return O.ProgramEntry(prog, set_args, ncores, "untilize_with_unpadding_multi_core_nd_sharded" if unpadding
                          else "untilize_multi_core_nd_shard_input")


def _untilize_block_factory(dev, a, out, fp32_dest_acc_en, grid, name) -> O.ProgramEntry:
    """UntilizeMultiCoreBlockProgramFactory (cores row by row from (0, 0); `grid` the grid size) and
    UntilizeWithUnpaddingMultiCoreBlockInterleavedProgramFactory (corerange_to_cores order; `grid` the core set;
    output rows cut at the output's width)::create_descriptor: square blocks of tiles (split_blocks_for_tilize_wh,
    sub-blocks when a block does not fit L1), reader_unary_interleaved_wh_multicore, untilize_wh,
    writer_unary_stick_layout_wh_multicore."""
    in_ts, out_ts = _tile_size(a.dtype), _tile_size(out.dtype)
    ap = tuple(a.padded_shape)
    ntpr, ntpc = ap[-1] // TILE_SIZE, C.dim(ap, -2) // TILE_SIZE
    limit = C.max_l1_space(dev) // (in_ts + out_ts)
    sp = C.split_blocks_for_tilize_wh(grid, ap[-1] * C.dim(ap, -2) // C.TILE_HW, ntpr, ntpc, limit)
    if sp.single_sub_block_size > 0 and sp.single_block_size % sp.single_sub_block_size:
        raise ShapeError("untilize: single_block_size is not divided by single_sub_block_size")
    total_tiles_per_row = sp.full_cores_per_row * sp.single_block_size + sp.has_cliff_row * \
        sp.single_block_size_cliff_row
    el = element_size(out.dtype)
    padded_row = ap[-1] * el
    unpadded_row = out.shape[-1] * el
    prog = mh.CreateProgram()

    def cb_pair(cores, n):
        if cores:
            r = C.ranges_of(cores)
            O.cb(prog, r, 0, n, a.dtype)
            O.cb(prog, r, 16, n, out.dtype)

    b, sub = sp.single_block_size, sp.single_sub_block_size
    cb_pair(sp.core_range, sub)
    if sp.has_cliff_col and sp.has_cliff_row:
        cb_pair(sp.cliff_col_row, sp.single_block_size_cliff_row)
    if sp.has_cliff_row:
        cb_pair(sp.cliff_row, sp.single_block_size_cliff_row)
    if sp.has_cliff_col:
        cb_pair(sp.cliff_col, sub)
    shape = tuple(out.shape)
    third = 1 if len(shape) < 3 else (shape[-3] if len(shape) == 3 else shape[-3] * shape[-4])
    all_cores = C.ranges_of(sp.cores)
    rk = mh.CreateKernel(prog, _k("reader_unary_interleaved_wh_multicore"), all_cores, ReaderDataMovementConfig(
        compile_args=[ap[-1] * C.dim(ap, -2) // C.TILE_HW, third, total_tiles_per_row] + O.accessor_args(a)))
    wk = mh.CreateKernel(prog, _k("writer_unary_stick_layout_wh_multicore"), all_cores, WriterDataMovementConfig(
        compile_args=[C.dim(shape, -2), third, TILE_SIZE, unpadded_row] + O.accessor_args(out)
        + [out._buffer.page_size]))
    defines = {"DST_ACCUM_MODE": 1} if a.dtype in (DataType.INT32, DataType.UINT32, DataType.FLOAT32) else {}
    utd = _UTD if fp32_dest_acc_en else None
    for cores, col, row in ((sp.core_range, b * b // sub, sub),
                            (sp.cliff_col_row if sp.has_cliff_col and sp.has_cliff_row else [],
                             sp.single_block_size_cliff_col, sp.single_block_size_cliff_row),
                            (sp.cliff_row if sp.has_cliff_row else [], b, sp.single_block_size_cliff_row),
                            (sp.cliff_col if sp.has_cliff_col else [], sp.single_block_size_cliff_col * b // sub,
                             sub)):
        if cores:
            mh.CreateKernel(prog, _k("untilize_wh"), C.ranges_of(cores), ComputeConfig(
                fp32_dest_acc_en=fp32_dest_acc_en, unpack_to_dest_mode=utd, compile_args=[col, row, third],
                defines=defines))
    per_core = []
    start_row = start_col = tile_start = 0
    total_row_cores = sp.full_cores_per_row + (1 if sp.has_cliff_row else 0)
    col_count = 1
    n = len(sp.cores)
    for i, core in enumerate(sp.cores):
        if sp.has_cliff_col and sp.has_cliff_row and i == n - 1:
            r_arg, c_arg, s_arg = sp.single_block_size_cliff_row, sp.single_block_size_cliff_col, \
                sp.single_block_size_cliff_row
        elif sp.has_cliff_row and i != 0 and (i + 1) % (sp.full_cores_per_row + 1) == 0:
            r_arg, c_arg, s_arg = sp.single_block_size_cliff_row, b, sp.single_block_size_cliff_row
        elif i < total_row_cores * sp.full_cores_per_col:
            r_arg, c_arg, s_arg = b, b, sub
        else:
            r_arg, c_arg, s_arg = b, sp.single_block_size_cliff_col, sub
        per_core.append((core, [tile_start, r_arg, c_arg], [TILE_SIZE * el * r_arg, start_row, start_col, r_arg,
                                                             c_arg, TILE_SIZE * el * s_arg, s_arg]))
        if start_col > unpadded_row:
            raise NotModelledError(
                f"{name}: the unpadding drops whole tile columns of a block (a block starts at byte {start_col} of "
                f"rows {unpadded_row} bytes wide): writer_unary_stick_layout_wh_multicore's write size wraps "
                "(unsigned) there, so the card would write far past the row.\nFix: untilize, then ttnn.slice.")
        end_col = start_col + r_arg * TILE_SIZE * el
        start_col = end_col % padded_row
        if end_col % padded_row == 0 and end_col != 0:
            start_row += c_arg * TILE_SIZE
        if start_col == 0:
            tile_start = col_count * c_arg * total_tiles_per_row
            col_count += 1
        else:
            tile_start += r_arg

    def set_args(tensors):
        src, dst = tensors
        for c, r, w in per_core:
            mh.SetRuntimeArgs(prog, rk, c, [src.buffer_address()] + r)
            mh.SetRuntimeArgs(prog, wk, c, [dst.buffer_address()] + w)

    return O.ProgramEntry(prog, set_args, len(per_core), name)


def _untilize_single_core_factory(dev, a, out, fp32_dest_acc_en) -> O.ProgramEntry:
    """UntilizeSingleCoreProgramFactory::create_descriptor, interleaved output, on core (0, 0): blocks of the largest
    divisor of a row's tiles whose input and output CBs fit half of L1 above the allocator base."""
    width = a.padded_shape[-1]
    volume = a.padded_shape.volume()
    ncb = width // _output_page_width(a, out)          # num_columns_of_blocks: one per output shard column
    ntpr = width // ncb // TILE_SIZE                    # num_tiles_per_column_row
    nbh = volume // width // TILE_SIZE
    ts_in, ts_out = _tile_size(a.dtype), _tile_size(out.dtype)
    max_tiles = (dev.l1_size_per_core() // 2 - C.soc.L1_UNRESERVED_BASE) // (ts_in + ts_out)
    tpb = ntpr if ntpr <= max_tiles else next(i for i in range(max_tiles, 0, -1) if ntpr % i == 0)
    nbpr = ntpr // tpb
    oes = element_size(out.dtype)
    core = CoreCoord(0, 0)
    cores = CoreRangeSet([CoreRange(core, core)])
    prog = mh.CreateProgram()
    O.cb(prog, cores, 0, tpb, a.dtype)
    O.cb(prog, cores, 16, tpb, out.dtype)
    rk = mh.CreateKernel(prog, _k("reader_unary_start_id"), cores,
                         ReaderDataMovementConfig(compile_args=[0] + O.accessor_args(a)))
    wct = [16, width // ncb * oes, TILE_SIZE, nbh, ncb, nbpr, tpb, tpb * TILE_SIZE * oes] + O.accessor_args(out)
    wk = mh.CreateKernel(prog, _k("writer_unary_stick_layout_split_rows_single_core"), cores,
                         WriterDataMovementConfig(compile_args=wct))
    defines = {"DST_ACCUM_MODE": 1} if a.dtype in (DataType.INT32, DataType.UINT32, DataType.FLOAT32) else {}
    mh.CreateKernel(prog, _k("untilize"), cores, ComputeConfig(
        fp32_dest_acc_en=fp32_dest_acc_en, unpack_to_dest_mode=_UTD if fp32_dest_acc_en else None,
        compile_args=[ncb * nbpr * nbh, tpb, 0, 16], defines=defines))
    n_tiles = volume // C.TILE_HW

    def set_args(tensors):
        src, dst = tensors
        mh.SetRuntimeArgs(prog, rk, core, [src.buffer_address(), n_tiles, 0])
        mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address()])

    return O.ProgramEntry(prog, set_args, 1, "untilize_single_core")


def _untilize_multi_core_factory(dev, a, out, fp32_dest_acc_en) -> O.ProgramEntry:
    """UntilizeMultiCoreProgramFactory::create_descriptor. Interleaved input: rows of tiles split over the grid
    (split_blocks_for_tilize), reader_unary_start_id. Legacy-sharded input: one core per shard (the cores with data,
    in shard order), an input block being a row of the shard's tiles; the input CB is the shard itself
    (reader_unary_sharded) when the shards divide the tensor, else a double buffer filled by
    reader_unary_sharded_blocks (use_block_reader), and the writer drops the columns and rows of a partial shard that
    lie outside the tensor."""
    width = a.padded_shape[-1]
    height = a.padded_shape.volume() // width
    ntpr, ntpc = width // TILE_SIZE, height // TILE_SIZE
    oes = element_size(out.dtype)
    page_w = _output_page_width(a, out)
    prog = mh.CreateProgram()
    in_cfg = None
    if a.is_sharded():
        spec = a.memory_config().shard_spec
        sh, sw = spec.shape
        across = C.div_up(width, sw)                  # num_input_blocks_across_width
        tpib, per_full = sw // TILE_SIZE, sh // TILE_SIZE
        if getattr(a._buffer, "dram_sharded", False):
            # input_is_dram_sharded: the block reader over the TensorAccessor, on the worker core of each bank with
            # shards (get_optimal_worker_cores_for_sharded_tensor -> get_optimal_dram_bank_to_logical_worker_assignment)
            cores = dram_worker_cores(a._buffer.geom)
            block_reader = True
        else:
            cores = list(a._buffer.geom.cores)        # get_optimal_worker_cores_for_sharded_tensor (L1)
            block_reader = bool(height % sh or width % sw)
        all_cores = C.ranges_of(cores)
        in_ts = _tile_size(a.dtype)
        if block_reader:
            O.cb(prog, all_cores, 0, tpib if per_full == 1 else 2 * tpib, a.dtype)
            rk = mh.CreateKernel(prog, _k("reader_unary_sharded_blocks"), all_cores,
                                 ReaderDataMovementConfig(compile_args=[0, tpib] + O.accessor_args(a)))
        else:
            in_cfg = mh.CircularBufferConfig(tpib * per_full * in_ts, {0: data_format(a.dtype)}).set_page_size(0, in_ts)
            in_cfg.set_globally_allocated_address(a._buffer)
            mh.CreateCircularBuffer(prog, all_cores, in_cfg)
            rk = mh.CreateKernel(prog, _k("reader_unary_sharded"), all_cores, ReaderDataMovementConfig(compile_args=[0]))
        O.cb(prog, all_cores, 16, tpib if per_full == 1 else 2 * tpib, out.dtype)
        full, cliff = cores, []
        n_h = C.div_up(height, sh)
        work = []
        for i, c in enumerate(cores):
            wi, hi = i % across, i // across
            cols = tpib * TILE_SIZE - (C.div_up(width, sw) * sw - width if wi == across - 1 else 0)
            nb = per_full - ((n_h * sh - height) // TILE_SIZE if hi == n_h - 1 else 0)
            work.append((c, 0, nb, hi * per_full, (i, nb) if block_reader else (tpib * nb,), cols, wi * tpib * TILE_SIZE))
    else:
        split = C.split_blocks_for_tilize_grid(dev.compute_with_storage_grid_size(), ntpc)
        tpib, per_full, per_cliff = ntpr, split.nblocks_per_core, split.nblocks_per_core_cliff
        cb_tiles = ntpr if per_full == 1 else ntpr * 2
        all_cores = C.ranges_of(split.cores)
        O.cb(prog, all_cores, 0, cb_tiles, a.dtype)
        O.cb(prog, all_cores, 16, cb_tiles, out.dtype)
        rk = mh.CreateKernel(prog, _k("reader_unary_start_id"), all_cores,
                             ReaderDataMovementConfig(compile_args=[0] + O.accessor_args(a)))
        full, cliff = split.full, split.cliff
        work = []
        tile_start = 0
        for i, c in enumerate(full):
            work.append((c, 0, per_full, i * per_full, (ntpr * per_full, tile_start), ntpr * TILE_SIZE, 0))
            tile_start += ntpr * per_full
        for c in cliff:
            work.append((c, 1, per_cliff, len(full) * per_full, (ntpr * per_cliff, tile_start), ntpr * TILE_SIZE, 0))
    cols_in = tpib * TILE_SIZE
    wct = [16, page_w * oes, TILE_SIZE, tpib, C.div_up(width, page_w), oes, cols_in, page_w] + O.accessor_args(out)
    wk = mh.CreateKernel(prog, _k("writer_unary_stick_layout_split_rows_multi_core"), all_cores,
                         WriterDataMovementConfig(compile_args=wct))
    utd = _UTD if fp32_dest_acc_en else None
    cks = [mh.CreateKernel(prog, _k("untilize_variable_num_blocks"), C.ranges_of(cores), ComputeConfig(
        fp32_dest_acc_en=fp32_dest_acc_en, unpack_to_dest_mode=utd, compile_args=[tpib, 0, 16],
        defines=_untilize_compute_defines(a))) if cores else None for cores in (full, cliff)]
    sharded_in = a.is_sharded()

    def set_args(tensors):
        src, dst = tensors
        if in_cfg is not None:
            in_cfg.set_globally_allocated_address(src._buffer)
        for c, ck, nb, hstart, rargs, cols, col0 in work:
            if sharded_in and in_cfg is not None:
                mh.SetRuntimeArgs(prog, rk, c, list(rargs))
            else:
                mh.SetRuntimeArgs(prog, rk, c, [src.buffer_address(), *rargs])
            mh.SetRuntimeArgs(prog, wk, c, [dst.buffer_address(), nb, hstart, cols, col0 // page_w, col0 % page_w])
            mh.SetRuntimeArgs(prog, cks[ck], c, [nb])

    return O.ProgramEntry(prog, set_args, len(work), "untilize_multi_core")


def _refuse_batched_sharded_to_interleaved(op, a: Tensor, memory_config) -> None:
    """untilize_with_unpadding_device_operation.cpp validate (tt-metal 622c6fb9): an interleaved input gives an
    interleaved output; a legacy-sharded input (height, width or block) untilized into an interleaved output must be
    one [H, W] slice; the card's factory would misplace the
    tile padding of each outer slice, so ttnn refuses (TT_FATAL) rather than run it."""
    if not a.is_sharded():
        # the interleaved-input branch: the output must be interleaved too
        if memory_config is not None and memory_config.is_sharded():
            raise TTNNError(f"{op}: Output memory config layout must be INTERLEAVED but got "
                            f"{memory_config.memory_layout.name} (an interleaved input).\nFix: an interleaved "
                            "memory_config, then ttnn.to_memory_config(result, sharded_config).")
        return
    if a.memory_config().shard_spec is None:
        return
    if memory_config is not None and memory_config.is_sharded():
        return
    p = tuple(a.padded_shape)
    if math.prod(p[:-2]) != 1:
        raise TTNNError(f"{op}: Can only write unbatched output interleaved (a {a.memory_config().memory_layout.name} "
                        f"input of padded shape {list(p)} has {math.prod(p[:-2])} outer slices).\nFix: "
                        "ttnn.to_memory_config(tensor, ttnn.DRAM_MEMORY_CONFIG) first, or a sharded output.")


def untilize_with_unpadding(input_tensor: Tensor, output_tensor_end, *, memory_config: MemoryConfig | None = None,
                            use_multicore: bool = True, sub_core_grids=None, **kwargs) -> Tensor:
    """ttnn.untilize_with_unpadding(input_tensor, output_tensor_end, *, memory_config=None): TILE -> ROW_MAJOR keeping
    indices 0..output_tensor_end[i] of each dim (inclusive ends, as ttnn)."""
    O.refuse_unknown_kwargs("ttnn.untilize_with_unpadding", kwargs)
    started = time.perf_counter()
    op = "ttnn.untilize_with_unpadding"
    dev = _check_device_input(op, input_tensor, Layout.TILE, nd_ok=True)
    a = input_tensor
    nd_input = bool(getattr(a._buffer, "nd_placement", False))
    if nd_input:
        _check_nd_untilize_with_unpadding(op, a, memory_config, sub_core_grids)
    else:
        _refuse_batched_sharded_to_interleaved(op, input_tensor, memory_config)
        if a.is_sharded() and sub_core_grids is not None:
            raise ShardSpecError(f"{op}: Sharded untilize does not support sub core grid specification.\nFix: omit "
                                 "sub_core_grids (the shards decide the cores).")
        # select_program_factory takes the sharded factory for a sharded input whatever use_multicore says
        _common_checks(op, input_tensor, None if a.is_sharded() else memory_config,
                       use_multicore or a.is_sharded(), None, sharded_input_ok=a.is_sharded())
    end = [int(e) for e in output_tensor_end]
    rank = len(a.shape)
    if len(end) != rank:
        raise ShapeError(f"{op}: output_tensor_end {end} must have one entry per dim of the input {a.shape!r}.")
    padded = tuple(a.padded_shape)
    if rank == 1:
        padded = padded[-1:]
    for i, (e, p) in enumerate(zip(end, padded[-rank:])):
        if not 0 <= e < p:
            raise ShapeError(f"{op}: output_tensor_end[{i}] = {e} is outside the input's padded dim {p}.")
    out_shape = tuple(e + 1 for e in end)
    orig = None
    if rank > 4:
        if nd_input:
            raise TTNNError(f"{op}: a rank-{rank} ND-sharded input: ttnn squeezes it to 4-D through "
                            "ttnn::experimental::view, which refuses ND-sharded tensors (tensor_ops.cpp view_device)."
                            "\nFix: a tensor of rank 4 or less, or an interleaved input.")
        orig = out_shape
        if out_shape[:-3] != tuple(a.shape[:-3]) or tuple(a.shape[:-3]) != tuple(a.padded_shape[:-3]):
            raise NotModelledError(f"{op}: unpadding the outer dims of a rank-{rank} tensor is not modelled.")
        a = _squeeze_to_4d(a)
        out_shape = (int(np.prod(out_shape[:-3])),) + out_shape[-3:]
    out_dtype = DataType.BFLOAT16 if a.dtype == DataType.BFLOAT8_B else a.dtype
    ts = _tile_size(a.dtype)
    ntpr = a.padded_shape[-1] // TILE_SIZE
    ntpc = C.dim(a.padded_shape, -2) // TILE_SIZE
    block = not C.is_enough_space(dev, ts, ts, ntpr)
    num_blocks = a.padded_shape.volume() // a.padded_shape[-1] // TILE_SIZE
    # available_grid (select_program_factory and the interleaved factories): sub_core_grids, else the compute grid
    grid = _sub_core_grid(op, dev, sub_core_grids, one_core_single=False)
    ncores, _ = C.compute_ncores(grid.num_cores(), num_blocks)
    if ntpr > 32 and (ntpc > 32 or ntpr > ntpc):
        block = block or ncores < C.compute_ncores_wh(
            grid.num_cores(), (a.padded_shape[-1] * C.dim(a.padded_shape, -2)) // C.TILE_HW, ntpr, ntpc)
    mc = memory_config or a.memory_config()
    if a.is_sharded() and not nd_input and mc.is_sharded():
        mc = _sharded_unpadding_output_config(a, mc, out_shape)
    out = C.make_output(dev, out_shape, out_dtype, Layout.ROW_MAJOR, mc, nd_ok=nd_input)
    kind = "nd_sharded" if nd_input else "block" if block else "default"
    key = ("untilize_with_unpadding", kind, O.spec_key(a), O.spec_key(out), grid.ranges)
    fp32_dest_acc_en = a.dtype in (DataType.UINT32, DataType.FLOAT32)

    if a.is_sharded() and not nd_input:
        _check_sharded_untilize_with_unpadding(op, a, out, memory_config)
        key = ("untilize_with_unpadding", "sharded", O.spec_key(a), O.spec_key(out))

    def factory():
        if nd_input:
            return _untilize_nd_shard_input_factory(a, out, fp32_dest_acc_en, unpadding=True)
        if a.is_sharded():
            return _untilize_unpadding_sharded_factory(a, out, fp32_dest_acc_en)
        if block:
            return _untilize_block_factory(dev, a, out, fp32_dest_acc_en, grid,
                                           "untilize_with_unpadding_multi_core_block_interleaved")
        return _untilize_unpadding_factory(dev, a, out, fp32_dest_acc_en, grid)

    O.run(op, dev, key, factory, [a, out], [out], {}, started)
    return view(out, orig) if orig is not None else out


def _check_nd_untilize_with_unpadding(op, a: Tensor, memory_config, sub_core_grids) -> None:
    """untilize_with_unpadding_device_operation.cpp (622c6fb9) for an ND-sharded input: no sub_core_grids, shards of
    whole tiles, a sharded output's shard rows aligned to its buffer's alignment."""
    if sub_core_grids is not None:
        raise TTNNError(f"{op}: Sharded untilize does not support sub core grid specification.\nFix: omit "
                        "sub_core_grids.")
    shard = a.memory_config().nd_shard_spec.shard_shape
    if shard[-1] % TILE_SIZE or shard[-2] % TILE_SIZE:
        raise ShardSpecError(f"{op}: Input shard shape {list(shard)}: its last two dims must be multiples of the "
                             f"tile ({TILE_SIZE}).\nFix: shard in whole tiles.")
    if memory_config is not None and memory_config.is_sharded():
        width = _shard_width(memory_config)
        es = 2 if a.dtype == DataType.BFLOAT8_B else element_size(a.dtype)
        al = C.soc.DRAM_ALIGNMENT if memory_config.buffer_type == BufferType.DRAM else C.soc.L1_ALIGNMENT
        if width * es % al:
            raise ShardSpecError(f"{op}: Output shard row size {width * es} bytes must be aligned to {al} bytes "
                                 "buffer alignment requirement.\nFix: an output shard width whose row is a multiple "
                                 f"of {al} bytes.")


def _sharded_unpadding_output_config(a: Tensor, mc: MemoryConfig, out_shape) -> MemoryConfig:
    """untilize_with_unpadding_device_operation.cpp compute_output_specs for a legacy-sharded input into a sharded
    output: the input's layout, grid and orientation; a height-sharded output's shards the output rows over the cores
    (rounded up to tiles) by the output width, otherwise all output rows by the input's shard width."""
    from tensix.ttnn.types import ShardSpec
    spec = a.memory_config().shard_spec
    fused_h = math.prod(out_shape) // out_shape[-1]
    if a.memory_config().memory_layout == TensorMemoryLayout.HEIGHT_SHARDED:
        shape = (C.round_up(C.div_up(fused_h, spec.grid.num_cores()), TILE_SIZE), out_shape[-1])
    else:
        shape = (fused_h, spec.shape[1])
    return MemoryConfig(a.memory_config().memory_layout, mc.buffer_type, ShardSpec(spec.grid, shape, spec.orientation))


def _check_sharded_untilize_with_unpadding(op, a: Tensor, out: Tensor, asked: MemoryConfig | None) -> None:
    """untilize_with_unpadding_device_operation.cpp validate_on_program_cache_miss (622c6fb9) for a legacy-sharded
    input (the unbatched-into-interleaved rule is _refuse_batched_sharded_to_interleaved's); `asked` is the memory
    config as the caller gave it (an ND one is refused before any legacy twin is found for it). The width-16 path
    copies the left 16 columns of every tile of a shard, so a shard wider than one tile is refused too: the card would
    interleave other tiles' columns into the output rows."""
    kind, omc = a.memory_config().memory_layout, out.memory_config()
    spec = a.memory_config().shard_spec
    opd = tuple(out.padded_shape)
    if out.is_sharded() and opd[-1] == 16 and C.dim(opd, -2) % TILE_SIZE == 0 and spec.shape[1] != TILE_SIZE:
        raise NotModelledError(f"{op}: unpadding to width 16 from shards {spec.shape[1]} wide: the factory's width-16 "
                               "path copies faces 0 and 2 of every tile of the shard, so the card's output rows would "
                               "hold the other tiles' columns too.\nFix: shards one tile (32 columns) wide.")
    if omc.memory_layout == TensorMemoryLayout.ND_SHARDED or (asked is not None and asked.memory_layout ==
                                                              TensorMemoryLayout.ND_SHARDED):
        raise TTNNError(f"{op}: Output memory config layout must not be ND_SHARDED when input has a legacy 2d "
                        "shard_spec.\nFix: a legacy (height / width / block) sharded or interleaved output.")
    if kind == TensorMemoryLayout.BLOCK_SHARDED:
        if len(spec.grid.ranges) != 1 or omc.is_sharded():
            raise TTNNError(f"{op}: a BLOCK_SHARDED input needs a single grid range and an INTERLEAVED output.\nFix: "
                            "memory_config=ttnn.DRAM_MEMORY_CONFIG (or L1_MEMORY_CONFIG).")
    elif kind == TensorMemoryLayout.HEIGHT_SHARDED:
        if omc.is_sharded() and omc.memory_layout != TensorMemoryLayout.HEIGHT_SHARDED:
            raise TTNNError(f"{op}: Output memory config layout must be HEIGHT_SHARDED when output is sharded but got "
                            f"{omc.memory_layout.name}.")
    else:
        ip, op_ = tuple(a.padded_shape), tuple(out.padded_shape)
        if ip[:-2] != op_[:-2]:
            raise TTNNError(f"{op}: a WIDTH_SHARDED input keeps its outer dims: input padded shape {list(ip)}, output "
                            f"{list(op_)}.")
        if omc.is_sharded():
            if omc.memory_layout != kind:
                raise TTNNError(f"{op}: Output memory config layout ({omc.memory_layout.name}) must match input "
                                f"tensor memory layout ({kind.name}).")
            if ip[-1] != op_[-1] and -(-op_[-1] // spec.shape[1]) != spec.grid.num_cores():
                raise TTNNError(f"{op}: Input tensor width ({ip[-1]}) must equal output width ({op_[-1]}) or output "
                                "width / shard width must equal num cores.")
        elif ip[-1] - op_[-1] >= spec.shape[1]:
            raise TTNNError(f"{op}: Input tensor width difference ({ip[-1] - op_[-1]}) must be less than shard width "
                            f"({spec.shape[1]}).")


def _untilize_unpadding_sharded_factory(a: Tensor, out: Tensor, fp32_dest_acc_en) -> O.ProgramEntry:
    """UntilizeWithUnpaddingMultiCoreShardedProgramFactory::create_descriptor (622c6fb9): c_0 is each core's input
    shard; untilize.cpp (eltwise_copy for an output of width 16) into c_16; into a sharded output
    writer_unary_unpad_batch_rows_sharded (writer_unary_unpad_width_16_sharded) copies the unpadded rows into the
    output shard (c_17), into an interleaved one writer_unary_stick_layout_interleaved_blocks writes them, each core
    from its block's first row and byte offset (the last block of a row and of the tensor cut to the output)."""
    spec = a.memory_config().shard_spec
    out_sharded = out.is_sharded()
    out_spec = out.memory_config().shard_spec if out_sharded else spec
    kind = a.memory_config().memory_layout
    ip, opd = tuple(a.padded_shape), tuple(out.padded_shape)
    w16 = opd[-1] == 16 and C.dim(opd, -2) % TILE_SIZE == 0
    if w16 and not out_sharded:
        raise NotModelledError("ttnn.untilize_with_unpadding of a sharded input into an interleaved output of width 16: "
                               "the factory then copies the tiles without untilizing them (eltwise_copy) but writes "
                               "them with the interleaved row writer; what the card leaves there is not modelled.\n"
                               "Fix: a sharded output, or unpad to a width other than 16.")
    row_major = spec.orientation == ShardOrientation.ROW_MAJOR
    tpb, bpc = spec.shape[1] // TILE_SIZE, spec.shape[0] // TILE_SIZE
    hw = C.dim(ip, -2) * ip[-1]
    global_batch = a.padded_shape.volume() // hw
    batch = max(1, spec.shape[0] * spec.shape[1] // hw) if kind == TensorMemoryLayout.HEIGHT_SHARDED else global_batch
    tiles_per_batch = tpb * bpc // batch
    oes = element_size(out.dtype)
    rows_block = out_spec.shape[0]
    block_row = out_spec.shape[1] * oes
    out_row = opd[-1] * oes
    last_unpadded = block_row - (C.round_up(opd[-1], out_spec.shape[1]) - opd[-1]) * oes
    out_rows = out.padded_shape.volume() // opd[-1]
    rows_unpadded_last = rows_block - (C.round_up(out_rows, out_spec.shape[0]) - out_rows)
    last_idx, end = 0, None
    if kind == TensorMemoryLayout.WIDTH_SHARDED:
        last_idx = C.div_up(opd[-1], out_spec.shape[1]) - 1
    elif kind == TensorMemoryLayout.HEIGHT_SHARDED:
        last_idx = C.div_up(out_rows, out_spec.shape[0]) - 1
    else:
        end = (C.div_up(opd[-1], out_spec.shape[1]) - 1, C.div_up(out_rows, out_spec.shape[0]) - 1)
        if not row_major:
            end = end[::-1]
    grid = spec.grid
    n_in = tpb * bpc
    prog = mh.CreateProgram()
    in_ts, out_ts = _tile_size(a.dtype), _tile_size(out.dtype)
    in_cfg = mh.CircularBufferConfig(n_in * in_ts, {0: data_format(a.dtype)}).set_page_size(0, in_ts)
    in_cfg.set_globally_allocated_address(a._buffer)
    mh.CreateCircularBuffer(prog, grid, in_cfg)
    O.cb(prog, grid, 16, (16 if w16 else tiles_per_batch * 2) if out_sharded else tpb * 2, out.dtype)
    bound = [(in_cfg, 0)]
    if out_sharded:
        aps = out._buffer.aligned_page_size
        out_cfg = mh.CircularBufferConfig(rows_unpadded_last * aps, {17: data_format(out.dtype)}).set_page_size(
            17, aps)
        out_cfg.set_globally_allocated_address(out._buffer)
        mh.CreateCircularBuffer(prog, grid, out_cfg)
        bound.append((out_cfg, 1))
    rk = mh.CreateKernel(prog, _k("reader_unary_sharded"), grid, ReaderDataMovementConfig(compile_args=[0]))
    fmt = data_format(a.dtype)
    is32 = fmt in (formats.DataFormat.Float32, formats.DataFormat.UInt32, formats.DataFormat.Int32)
    if out_sharded:
        wk = mh.CreateKernel(prog, _k("writer_unary_unpad_width_16_sharded" if w16 else
                                      "writer_unary_unpad_batch_rows_sharded"), grid,
                             WriterDataMovementConfig(compile_args=[16, 17, out._buffer.aligned_page_size]))
    else:
        wk = mh.CreateKernel(prog, _k("writer_unary_stick_layout_interleaved_blocks"), grid,
                             WriterDataMovementConfig(compile_args=[int(is32), out_row] + O.accessor_args(out)))
    utd = _UTD if fp32_dest_acc_en else None
    if w16:
        mh.CreateKernel(prog, _k("eltwise_copy"), grid, ComputeConfig(
            fp32_dest_acc_en=fp32_dest_acc_en, unpack_to_dest_mode=utd, compile_args=[n_in],
            defines={"DST_ACCUM_MODE": 1} if is32 else {}))
    else:
        mh.CreateKernel(prog, _k("untilize"), grid, ComputeConfig(
            fp32_dest_acc_en=fp32_dest_acc_en, unpack_to_dest_mode=utd, compile_args=[bpc, tpb, 0, 16],
            defines={"DST_ACCUM_MODE": 1} if is32 else {}))
    cores = C.corerange_to_cores(grid, None, row_wise=row_major)
    writer_args = []
    for i, core in enumerate(cores):
        if out_sharded:
            writer_args.append((core, [rows_unpadded_last, n_in] if w16 else
                                [rows_unpadded_last, tiles_per_batch, out_spec.shape[0] // batch,
                                 spec.shape[1] * oes, block_row, batch]))
            continue
        row_unpadded, rows_unpadded = block_row, rows_block
        if kind == TensorMemoryLayout.WIDTH_SHARDED:
            row_offset, row_id = i * block_row, 0
            if i > last_idx:
                row_unpadded = rows_unpadded = 0
            else:
                rows_unpadded = rows_unpadded_last
                if i == last_idx:
                    row_unpadded = last_unpadded
        elif kind == TensorMemoryLayout.HEIGHT_SHARDED:
            row_offset, row_id = 0, i * rows_block
            if i > last_idx:
                row_unpadded = rows_unpadded = 0
            else:
                if i == last_idx:
                    rows_unpadded = rows_unpadded_last
                row_unpadded = last_unpadded
        else:
            cw, ch = (core.x, core.y) if row_major else (core.y, core.x)
            row_offset, row_id = cw * block_row, ch * rows_block
            ex, ey = (end[0], end[1]) if row_major else (end[1], end[0])
            if cw == ex:
                row_unpadded = last_unpadded
            if ch == ey:
                rows_unpadded = rows_unpadded_last
            if core.x > end[0] or core.y > end[1]:
                row_unpadded = rows_unpadded = 0
        writer_args.append((core, [None, rows_block, block_row, 1, 1, 1, row_unpadded, rows_unpadded, row_id,
                                   row_offset]))

    def set_args(tensors):
        src, dst = tensors
        for cfg, which in bound:
            cfg.set_globally_allocated_address((src, dst)[which]._buffer)
        for core, args in writer_args:
            mh.SetRuntimeArgs(prog, rk, core, [n_in])
            mh.SetRuntimeArgs(prog, wk, core, args if args[0] is not None else [dst.buffer_address()] + args[1:])

    return O.ProgramEntry(prog, set_args, len(cores), "untilize_with_unpadding_multi_core_sharded")


def _untilize_unpadding_factory(dev, a, out, fp32_dest_acc_en, grid) -> O.ProgramEntry:
    """UntilizeWithUnpaddingMultiCoreInterleavedProgramFactory::create_descriptor on `grid` (available_grid)."""
    in_padded = tuple(a.padded_shape)      # a rank-1 tiled tensor is [32, W] inside; its data is row 0
    out_shape = tuple(out.shape) if len(out.shape) > 1 else (1,) + tuple(out.shape)
    num_blocks = int(np.prod(in_padded)) // in_padded[-1] // TILE_SIZE
    ntpr = in_padded[-1] // TILE_SIZE
    split = C.split_blocks_for_tilize(grid, num_blocks)
    es = element_size(out.dtype)
    padded_row = in_padded[-1] * es
    unpadded_row = out_shape[-1] * es
    all_cores = C.ranges_of(split.cores)
    prog = mh.CreateProgram()
    O.cb(prog, all_cores, 0, ntpr, a.dtype)
    O.cb(prog, all_cores, 16, ntpr, out.dtype)
    rk = mh.CreateKernel(prog, _k("reader_unary_interleaved_start_id"), all_cores,
                         ReaderDataMovementConfig(compile_args=O.accessor_args(a)))
    fmt = data_format(a.dtype)
    is32 = fmt in (formats.DataFormat.Float32, formats.DataFormat.UInt32, formats.DataFormat.Int32)
    wk = mh.CreateKernel(prog, _k("writer_unary_stick_layout_split_rows_multicore"), all_cores,
                         WriterDataMovementConfig(compile_args=[int(is32), unpadded_row] + O.accessor_args(out)))
    defines = {"DST_ACCUM_MODE": 1} if is32 else {}
    utd = _UTD if fp32_dest_acc_en else None
    for cores, nb in ((split.full, split.nblocks_per_core), (split.cliff, split.nblocks_per_core_cliff)):
        if cores:
            mh.CreateKernel(prog, _k("untilize"), C.ranges_of(cores), ComputeConfig(
                fp32_dest_acc_en=fp32_dest_acc_en, unpack_to_dest_mode=utd, compile_args=[nb, ntpr, 0, 16],
                defines=defines))
    per_core = C.block_rep_work(split, out_shape, in_padded, ntpr)

    def set_args(tensors):
        src, dst = tensors
        for c, rs, words, ts, nt, n_reps in per_core:
            mh.SetRuntimeArgs(prog, rk, c, [src.buffer_address(), nt, ts])
            mh.SetRuntimeArgs(prog, wk, c, [dst.buffer_address(), padded_row, rs, n_reps, *words])

    return O.ProgramEntry(prog, set_args, len(per_core), "untilize_with_unpadding_multi_core_interleaved")


# ------------------------------------------------------------------------------------------ to_layout
def device_to_layout(tensor: Tensor, layout: Layout, dtype: DataType | None = None, memory_config=None,
                     pad_value=None, sub_core_grids=None, **kwargs) -> Tensor:
    """ttnn.to_layout for a device tensor (core/to_layout/to_layout_op.cpp to_layout_impl)."""
    t = tensor
    if t.layout == layout:
        return t
    if layout not in (Layout.ROW_MAJOR, Layout.TILE):
        raise LayoutError(f"ttnn::to_layout: Unsupported layout conversion from {t.layout!r} to {layout!r}!")
    mc = memory_config or t.memory_config()
    pad = 0.0 if pad_value is None else float(pad_value)
    shape = tuple(t.shape)
    rank = len(shape)
    if layout == Layout.ROW_MAJOR:
        if dtype is not None and dtype != t.dtype and not (t.dtype == DataType.BFLOAT8_B
                                                           and dtype == DataType.BFLOAT16):
            raise DTypeError("ttnn.to_layout: dtype cannot be different from tensor dtype when converting to "
                             "ROW_MAJOR_LAYOUT on device (allowed exception: BFLOAT8_B -> BFLOAT16, which untilize "
                             "handles natively)!\nFix: ttnn.typecast before or after.")
        if shape == tuple(t.padded_shape):
            return untilize(t, memory_config=mc, sub_core_grids=sub_core_grids)
        return untilize_with_unpadding(t, [d - 1 for d in shape], memory_config=mc, sub_core_grids=sub_core_grids)
    # to TILE
    if t.is_sharded() and rank < 2:
        raise TTNNError(f"ttnn::to_layout: Cannot convert a sharded device tensor with rank {rank} to TILE_LAYOUT. "
                        "Tilize requires shard dimensions divisible by tile size, but rank promotion to 2D produces a "
                        "shard height of 1. Move to interleaved first, then tilize.")
    if rank < 2:
        t = view(t, (1, shape[0] if rank else 1))
    target = padded_shape(t.shape, Layout.TILE)
    if tuple(target) == tuple(t.padded_shape):
        if t.is_sharded():
            tmc = t.memory_config()
            sh, sw = (tmc.shard_spec.shape if tmc.shard_spec is not None else tmc.nd_shard_spec.shard_shape[-2:])
            if sh % TILE_SIZE or sw % TILE_SIZE:
                raise TTNNError(f"ttnn::to_layout: Sharded tensor must have shard shape that is a multiple of "
                                f"TILE_SIZE! (shards of {sh} x {sw})\nFix: ttnn.to_memory_config(t, "
                                "ttnn.DRAM_MEMORY_CONFIG) first, or tile-sized shards.")
        out = tilize(t, memory_config=mc, dtype=dtype, sub_core_grids=sub_core_grids)
    else:
        if t.dtype in (DataType.BFLOAT16, DataType.FLOAT32):
            pv = pad
        elif t.dtype == DataType.INT32:
            if not -2 ** 31 <= pad < 2 ** 31:
                raise TTNNError("ttnn.to_layout: Pad value must be in the range of INT32 type.")
            pv = int(pad) & 0xFFFFFFFF
        else:
            if not 0 <= pad < 2 ** 32:
                raise TTNNError("ttnn.to_layout: Pad value must be in the range of UINT32 type.")
            pv = int(pad)
        out = tilize_with_val_padding(t, list(target), pv, memory_config=mc, dtype=dtype,
                                      sub_core_grids=sub_core_grids)
    if rank < 2:
        return view(out, shape if rank else (), padded_shape(shape, Layout.TILE))
    return out
