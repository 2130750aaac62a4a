"""Reductions (ttnn.sum, ttnn.mean, ttnn.max, ttnn.min) and ttnn.fill_implicit_tile_padding, as tt-metal 622c6fb9 runs them on
Wormhole.

How ttnn composes a reduction (ttnn/cpp/ttnn/operations/reduction/generic/generic_reductions.cpp):
- the dims are normalised and sorted (reduction_common.cpp generate_reduce_dim; None = all dims);
- a TILE input first gets its implicit tile padding filled with the reduction's identity,
  ``ttnn.fill_implicit_tile_padding(t, -inf)`` for max and ``0`` for sum and mean (get_pad_value): on the input's
  own buffer, as tt-metal's fill_pad op works in place; so the padding (which tt-metal's tests fill with -42) never
  reaches a result;
- a reduction over the last dim (W), the second to last (H) or both (HW) is one reduce op on the tensor seen as 4D
  (unsqueeze_to_4D / squeeze_from_ND_to_4D); HW over more than one tile is W then H (reduce_op.cpp); mean is the AVG
  pool with the scaler 1/(product of the reduced logical dims); the reduce op's default compute config on Wormhole is
  HiFi3 with fp32 accumulation (the HiFi4 + fp32 hardware bug #38306);
- the result is reshaped to drop (or keep as 1) the reduced dims (adjust_shape).

The reduce op (reduction/generic/device/): ReduceMultiCoreWProgramFactory (rows NC*Ht split over the grid
column-major; reader_unary_reduce_universal_start_id, compute reduce.cpp, writer_unary_interleaved_start_id),
ReduceMultiCoreHProgramFactory (columns NC*Wt; reader_unary_transpose_wh_universal_input_cols_partitioned) and
ReduceSingleCoreHwProgramFactory (one tile, sqrt of the scaler applied twice); the kernels are in
tensix/ttnn/kernels/reduction/ with ttnn's kernel library in reduce_lib.py (SUM/AVG along rows is a matmul by a
column-0 scaler at HiFi4; the others reduce_tile on GAPOOL/GMPOOL).

fill_pad (ttnn/cpp/ttnn/operations/data_movement/fill_pad/, FillPadProgramFactory): the border tiles of every
[H, W] slice (right column, bottom row, corner) are read, a mask tile made by the writer selects the padding, and the
compute kernel writes the fill value there (fill_tile_bitcast, or fill_tile_int for integer tensors, then where_tile)
before the tiles are written back.

A bfloat16 / bfloat8_b sum over outer dims first runs fast_reduce_nc per dim (experimental/reduction/fast_reduce_nc:
FastReduceNCProgramFactory, output tiles round-robin over the cores, add_tiles with acc_to_dest against a zero tile),
then ttnn.slice back to the logical extent; a bfloat16 sum over several (not all) dims keeps its intermediate stages
in float32 and packs bfloat16 only at the last (the "precision chain").

ttnn.min is reduce_min (reduce_op.cpp): the MAX reduce of -x, negated back, by the factories' negate variants
(compute kernels reduce_w_neg / reduce_h_neg / reduce_hw_neg: negative_tile, GMPOOL onto a running maximum kept in
c_4, the negated tiles in c_5); the H step negates outside (ttnn.neg, a plain MAX reduce, ttnn.neg) when its c_4 /
c_5 (Ht x the per-core columns each) do not fit in L1 (h_reduce_negate_fits_in_l1). A ROW_MAJOR input reduced over
its last two dims is tilized first (tilize_with_val_padding with the reduction's identity: +inf for min).

Other reductions over several dims, or over dims outside the last two, are reduce_impl's reduce_nd_loop: dim by dim from
the last, an outer dim transposed into H (ttnn.transpose, with the reduction's identity as the pad value) around a
one-dim reduce and back; a mean over several dims is a loop of sums with the scalar 1/volume on the first step.

max / min with a scalar other than 1 reduce with 1.0 and multiply each result by the scalar on the SFPU
(REDUCE_POST_MUL: mul_unary_tile, GMPOOL taking only the scaler's exponent); a negative one flips max and min.

Sharded tensors: the W / H / HW factories and fast_reduce_nc reach sharded inputs and outputs (legacy or ND) through
their TensorAccessors, as in tt-metal; the output's memory config is common.cpp build_reduce_output_tensor_spec's;
an H reduce of a WIDTH_SHARDED input into a WIDTH_SHARDED output is the H factory's width-sharded variant (each shard
core reduces its own columns from CBs over the buffers). fill_pad of an L1-sharded tensor is
FillPadL1ShardedProgramFactory (each core its own shard). sub_core_grids (reduce_op_device_operation.cpp: inside the
device grid, covering the input's shard grid) are split with split_work_to_cores(CoreRangeSet) (_sub_core_split) by
the W / H factories and fast_reduce_nc, the single-core HW program runs on the first range's start; fill_pad, slice
and transpose run on the whole grid, as reduce_impl calls them without the grids.

Not modelled (NotModelledError): Int32 / UInt32 inputs (SFPU reduce), ROW_MAJOR inputs reduced over outer dims,
fast_reduce_nc's divide_by_shards split (dim 0, sharded in and out, more output shards than cores) and its round
robin on sub_core_grids whose core groups interleave (tt-metal would skip output tiles and write past the buffer), a
width-sharded H reduce whose output shards are narrower than the input's (rank-0 inputs are returned as ttnn.clone of
them and zero-volume ones as ttnn.full of the reduced shape, as reduce_impl does)."""

from __future__ import annotations

import builtins
import math
import time

import numpy as np

from tensix.errors import NotModelledError
from tensix.kernel import PoolType, ReduceDim
from tensix.metalium import host as mh
from tensix.metalium.types import (ComputeConfig, CoreCoord, CoreRange, CoreRangeSet, MathFidelity,
                                   ReaderDataMovementConfig, WriterDataMovementConfig)
from tensix.ttnn import op as O
from tensix.ttnn.errors import DTypeError, LayoutError, TTNNError
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.operations import _sub_core_split as SC
from tensix.ttnn.types import (DataType, Layout, MemoryConfig, ShardOrientation, TensorMemoryLayout,
                               WormholeComputeKernelConfig, data_format)

__all__ = ["sum", "mean", "max", "min", "fill_implicit_tile_padding"]

_KDIR = "reduction/"
_REDUCE_DTYPES = (DataType.BFLOAT16, DataType.FLOAT32, DataType.BFLOAT8_B)


# ------------------------------------------------------------------------------------------------ helpers
def _f32_bits(x) -> int:
    return int(np.float32(x).view(np.uint32))


def _view(t: Tensor, shape) -> Tensor:
    """A tensor of another shape over the same buffer, where the tile layout does not change (the last two dims, as
    ttnn pads rank 0 / 1 shapes to [1, w], are equal): ttnn's reshape is a view there (unsqueeze_to_4D,
    squeeze_from_ND_to_4D, dropping or adding leading 1s)."""
    shape = tuple(int(d) for d in shape)
    if shape == tuple(t.shape):
        return t
    v = Tensor._make(shape, t.dtype, t.layout, device=t._device, buffer=t._buffer, memory_config=t.memory_config())
    v._view_of = t          # keeps the owner (and its buffer) alive
    return v


def _last2(shape):
    s = tuple(shape)
    s = (1,) * builtins.max(0, 2 - len(s)) + s
    return s[-2:]


def _reshape(t: Tensor, shape) -> Tensor:
    """ttnn::reshape of a reduce result: a view where the tile layout stays, else the data movement op."""
    shape = tuple(int(d) for d in shape)
    if _last2(shape) == _last2(t.shape) and math.prod(shape) == math.prod(t.shape):
        return _view(t, shape)
    from tensix.ttnn import operations
    fn = getattr(operations, "reshape", None)
    if fn is None:
        raise NotModelledError(
            f"the reduction's result {list(t.shape)} must be reshaped to {list(shape)}, which moves data between "
            "tiles (ttnn::reshape on the device); tensix.ttnn has no ttnn.reshape yet.\nFix: pass keepdim=True.")
    return fn(t, shape)


def _to_4d(t: Tensor) -> Tensor:
    s = tuple(t.shape)
    if len(s) < 4:
        return _view(t, (1,) * (4 - len(s)) + s)
    if len(s) > 4:
        return _view(t, (math.prod(s[:-3]),) + s[-3:])
    return t


def _compute_config(cfg):
    """ttnn::init_device_compute_kernel_config(arch, cfg, HiFi3, approx False, fp32 acc True) as reduce_op.cpp asks
    on Wormhole: `cfg` if given."""
    if cfg is not None:
        return cfg
    return WormholeComputeKernelConfig(math_fidelity=MathFidelity.HiFi3, math_approx_mode=False,
                                       fp32_dest_acc_en=True, packer_l1_acc=False, dst_full_sync_en=False)


def _cfg_key(cfg):
    return (str(cfg.math_fidelity), bool(cfg.math_approx_mode), bool(cfg.fp32_dest_acc_en),
            bool(cfg.packer_l1_acc), bool(cfg.dst_full_sync_en))


def _grid_key(grids):
    return None if grids is None else tuple((r.start.x, r.start.y, r.end.x, r.end.y) for r in grids.ranges)


def _device_grid(dev):
    """num_cores_to_corerangeset(x * y, grid, false): the whole compute grid as one range."""
    g = O.grid_of(dev)
    return CoreRangeSet([CoreRange(CoreCoord(0, 0), CoreCoord(g.x - 1, g.y - 1))])


def _contains(outer, inner) -> bool:
    """CoreRangeSet::contains(CoreRangeSet): every core of inner is in outer."""
    return all(outer.contains(c) for c in inner)


def _fmt_grid(crs) -> str:
    return "{" + ", ".join(f"[({r.start.x}, {r.start.y}) - ({r.end.x}, {r.end.y})]" for r in crs.ranges) + "}"


def _sub_core_grids(what, dev, sub_core_grids):
    """sub_core_grids as the reduce device operation checks it (reduce_op_device_operation.cpp
    validate_on_program_cache_miss): not empty, inside the device's compute grid."""
    if sub_core_grids is None:
        return None
    crs = sub_core_grids if isinstance(sub_core_grids, CoreRangeSet) else CoreRangeSet(sub_core_grids)
    if not crs.ranges:
        raise TTNNError(f"{what}: Program core grid must not be empty.\nFix: sub_core_grids with at least one "
                        "CoreRange, or omit it.")
    device_grid = _device_grid(dev)
    if not _contains(device_grid, crs):
        raise TTNNError(f"{what}: Program core grid {_fmt_grid(crs)} must be contained in device grid "
                        f"{_fmt_grid(device_grid)}.\nFix: cores inside the compute grid.")
    return crs


def _validate_reduce(what, dev, a: Tensor, out_mc: MemoryConfig, grids) -> None:
    """reduce_op_device_operation.cpp validate_on_program_cache_miss (622c6fb9), the sharding part:
    validate_reduce_sharded_buffer_types (sharded input / output in L1 only), the input's shard grid inside the
    program grid (sub_core_grids, else the device grid) and its shard shape tile-aligned."""
    in_mc = a.memory_config()
    for name, mc in (("output", out_mc), ("input", in_mc)):
        if mc.is_sharded() and not mc.is_l1():
            raise TTNNError(f"{what}: reduce: sharded {name} memory layout {mc.memory_layout!r} is only supported "
                            f"with L1 buffers, got buffer type {mc.buffer_type!r}.\nFix: shard in L1, or use an "
                            "interleaved memory config.")
    program_grid = grids if grids is not None else _device_grid(dev)
    spec = in_mc.shard_spec         # tensor.shard_spec(): the legacy spec only (none for an ND-only sharding)
    if spec is not None:
        if not _contains(program_grid, spec.grid):
            raise TTNNError(f"{what}: Input shard grid {_fmt_grid(spec.grid)} must be contained in program core grid "
                            f"{_fmt_grid(program_grid)}.\nFix: sub_core_grids that cover the input's shard grid.")
        sh, sw = spec.shape
        if sh % 32 or sw % 32:
            raise TTNNError(f"{what}: Sharded reduce input: shard_shape {[sh, sw]} must be tile-aligned (32x32).")


def _make_reduce_output(what, dev, out_shape, out_dtype, out_mc: MemoryConfig, in_mc: MemoryConfig, dim: str):
    """The reduce op's output (common.cpp build_reduce_output_tensor_spec): interleaved as asked; HEIGHT / WIDTH /
    BLOCK sharded over the grid and orientation of the output config's (ND, then legacy) spec, else the input's, with
    the shard shape TensorSpec::height_sharded / width_sharded / block_sharded derive from the output's physical
    shape; ND_SHARDED: the (output's, else input's) ND spec with the reduced shard dims set to 1 (aligned up to the
    tile: ShardShapeAlignment::REQUIRED)."""
    from tensix.ttnn.operations import _dm_common as C
    from tensix.ttnn.tensor_spec import NdShardSpec, ShardShapeAlignment, TensorSpec
    from tensix.ttnn.types import Shape
    kind = out_mc.memory_layout
    if kind == TensorMemoryLayout.INTERLEAVED:
        return C.make_output(dev, out_shape, out_dtype, Layout.TILE, out_mc)
    spec = TensorSpec(out_shape, out_dtype, Layout.TILE, buffer_type=out_mc.buffer_type)
    if kind in (TensorMemoryLayout.HEIGHT_SHARDED, TensorMemoryLayout.WIDTH_SHARDED, TensorMemoryLayout.BLOCK_SHARDED):
        src = next((s for s in (out_mc.nd_shard_spec, out_mc.shard_spec, in_mc.nd_shard_spec, in_mc.shard_spec)
                    if s is not None), None)
        if src is None:
            raise TTNNError(f"{what}: Sharded memory layout {kind!r} requires either nd_shard_spec or shard_spec to "
                            "be set on the output memory config or the input tensor.\nFix: give the output memory "
                            "config a shard spec.")
        if kind == TensorMemoryLayout.HEIGHT_SHARDED:
            spec = spec.height_sharded(src.grid, src.orientation)
        elif kind == TensorMemoryLayout.WIDTH_SHARDED:
            spec = spec.width_sharded(src.grid, src.orientation)
        else:
            if len(src.grid.ranges) != 1:
                raise TTNNError(f"{what}: Block sharding requires a single CoreRange, got {len(src.grid.ranges)} "
                                "ranges.\nFix: a rectangular shard grid.")
            spec = spec.block_sharded(src.grid.bounding_box(), src.orientation)
    else:
        nd = out_mc.nd_shard_spec or in_mc.nd_shard_spec
        if nd is None:
            raise TTNNError(f"{what}: ND_SHARDED memory layout requires nd_shard_spec to be set on the output memory "
                            "config or the input tensor.")
        shard = list(nd.shard_shape)
        if dim in ("W", "HW"):
            shard[-1] = 1
        if dim in ("H", "HW") and len(shard) > 1:
            shard[-2] = 1
        nd = NdShardSpec(Shape(shard), nd.grid, nd.orientation, nd.shard_distribution_strategy)
        spec = spec.sharded(nd, ShardShapeAlignment.REQUIRED)
    return C.make_output(dev, out_shape, out_dtype, Layout.TILE, spec.memory_config, nd_ok=True)


def _check_input(what, t: Tensor):
    O.device_of(what, t, nd_ok=True)
    if t.dtype not in _REDUCE_DTYPES:
        if t.dtype in (DataType.INT32, DataType.UINT32):
            raise NotModelledError(f"{what} of a {t.dtype!r} tensor runs the SFPU reduce in tt-metal, which "
                                   "tensix.ttnn does not model yet.")
        raise DTypeError(f"{what}: Only FLOAT32, BFLOAT16, BFLOAT8_B, and UINT32 are supported for generic "
                         f"reduction (INT32 is supported for MAX/MIN) - got {t.dtype!r}.\nFix: ttnn.typecast the "
                         "input to bfloat16 or float32.")


_POOL = {"sum": PoolType.SUM, "avg": PoolType.AVG, "max": PoolType.MAX}
_DIM = {"W": ReduceDim.REDUCE_ROW, "H": ReduceDim.REDUCE_COL, "HW": ReduceDim.REDUCE_SCALAR}


# -------------------------------------------------------------------------------------- the reduce op (prim)
def _prim_reduce(what, a: Tensor, math_op: str, dim: str, scaler: float, out_mc: MemoryConfig,
                 out_dtype: DataType, cfg, negate: bool = False, post_mul: float = 1.0, grids=None) -> Tensor:
    """ttnn::prim::reduce on a 4D TILE tensor: one program (W, H or single-core HW factory). `negate` (reduce_min's
    MAX of -x, negated back): the factories' FPU-negate variant, the compute kernel reduce_{w,h,hw}_neg with the
    running maximum in c_4 and the negated tiles in c_5. `post_mul` != 1 (max / min with a scalar): REDUCE_POST_MUL,
    each result multiplied by it on the SFPU (mul_unary_tile) before it is packed."""
    started = time.perf_counter()
    dev = O.device_of(what, a, nd_ok=True)     # the factories reach the input (and output) through TensorAccessors
    n, c, h, w = a.padded_shape
    out_shape = list(a.shape)
    if dim in ("H", "HW"):
        out_shape[2] = 1
    if dim in ("W", "HW"):
        out_shape[3] = 1
    _validate_reduce(what, dev, a, out_mc, grids)
    out = _make_reduce_output(what, dev, out_shape, out_dtype, out_mc, a.memory_config(), dim)
    width_sharded = (dim == "H" and a.memory_config().memory_layout == TensorMemoryLayout.WIDTH_SHARDED
                     and out.memory_config().memory_layout == TensorMemoryLayout.WIDTH_SHARDED)
    NC, Ht, Wt = n * c, h // 32, w // 32
    src_fmt = data_format(a.dtype)
    scaler_dtype = DataType.FLOAT32 if a.dtype == DataType.FLOAT32 else DataType.BFLOAT16
    pool, rdim = _POOL[math_op], _DIM[dim]
    defines = {"REDUCE_OP": pool, "REDUCE_DIM": rdim}
    if post_mul != 1.0:
        defines["REDUCE_POST_MUL"] = 1
    fid = cfg.math_fidelity
    key = ("reduce", math_op, dim, _f32_bits(scaler), O.spec_key(a), O.spec_key(out), _cfg_key(cfg), negate,
           _f32_bits(post_mul), _grid_key(grids))
    grid = O.grid_of(dev)
    compute_src = {"W": "reduce_w_neg.py", "H": "reduce_h_neg.py", "HW": "reduce_hw_neg.py"}[dim] if negate \
        else "reduce.py"

    def factory():
        if width_sharded:
            return _width_sharded_h_program(a, out, scaler, cfg, negate, post_mul, defines, compute_src)
        prog = mh.CreateProgram()
        if dim == "HW":
            if NC * Ht * Wt != 1:
                raise TTNNError("internal: the single-core HW reduce takes one tile")
            # the first range's start core with sub_core_grids, else (0, 0)
            core = grids.ranges[0].start if grids is not None else mh.CoreCoord(0, 0)
            cores = [core]
            O.cb(prog, cores, 0, 2, a.dtype)
            O.cb(prog, cores, 2, 1, scaler_dtype)
            O.cb(prog, cores, 3, 2, out_dtype)
            if negate:
                O.cb(prog, cores, 4, 1, out_dtype)
                O.cb(prog, cores, 5, 1, out_dtype)
            rk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "reader_unary_reduce_universal_start_id.py"), cores,
                                 ReaderDataMovementConfig(compile_args=[_f32_bits(math.sqrt(scaler))]
                                                          + O.accessor_args(a), defines=defines))
            wk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "writer_unary_interleaved_start_id.py"), cores,
                                 WriterDataMovementConfig(compile_args=[3] + O.accessor_args(out)))
            mh.CreateKernel(prog, O.kernel_path(_KDIR + compute_src), cores, ComputeConfig(
                math_fidelity=fid, fp32_dest_acc_en=cfg.fp32_dest_acc_en,
                compile_args=[Ht, Wt, NC, _f32_bits(post_mul)], defines=defines))

            def set_args(tensors):
                ta, to = tensors
                mh.SetRuntimeArgs(prog, rk, core, [ta.buffer_address(), NC * Ht * Wt, 0])
                mh.SetRuntimeArgs(prog, wk, core, [to.buffer_address(), NC, 0])

            return O.ProgramEntry(prog, set_args, 1, "ReduceSingleCoreHwProgramFactory")

        units = NC * Ht if dim == "W" else NC * Wt
        if grids is not None:
            # split_work_to_cores(sub_core_grids, units) (column-wise groups); the cores walked range by range, row
            # by row, each given its group's count
            num_cores, all_cores, cg1, cg2, n1, n2 = SC.split_work_to_cores(grids, units, False)
            order = SC.cores_row_wise(all_cores)
            g1 = [cc for cc in order if cg1.contains(cc)]
            g2 = [cc for cc in order if not cg1.contains(cc)]
        else:
            num_cores, _all, g1, g2, n1, n2 = mh.split_work_to_cores(grid, units, False)
            g1, g2 = list(g1), list(g2)
            order = g1 + g2                 # grid_to_cores(num_cores, x, y, false): column-major, as the split
        if num_cores == 0:
            raise TTNNError(f"{what}: Reduce {dim} requires at least one worker core")
        # the H factory's negate variant: c_0 and c_3 hold a chunk of DEST_AUTO_LIMIT columns (get_dest_reg_count),
        # c_4 and c_5 Ht x lcm(columns per core of both groups) tiles, so that their write pointers wrap at each NC
        chunk = _dest_reg_count(cfg) if negate and dim == "H" else 2
        O.cb(prog, order, 0, chunk, a.dtype)
        O.cb(prog, order, 2, 1, scaler_dtype)
        O.cb(prog, order, 3, chunk, out_dtype)
        if negate:
            neg_tiles = Ht * _per_nc_advance(n1 if g1 else 0, n2 if g2 else 0) if dim == "H" else 1
            O.cb(prog, order, 4, neg_tiles, out_dtype)
            O.cb(prog, order, 5, neg_tiles, out_dtype)
        if dim == "W":
            rk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "reader_unary_reduce_universal_start_id.py"), order,
                                 ReaderDataMovementConfig(compile_args=[_f32_bits(scaler)] + O.accessor_args(a),
                                                          defines=defines))
        else:
            rdef = dict(defines, ENABLE_FP32_DEST_ACC=1 if cfg.fp32_dest_acc_en else 0,
                        DST_SYNC_FULL=1 if cfg.dst_full_sync_en else 0)
            rk = mh.CreateKernel(
                prog, O.kernel_path(_KDIR + "reader_unary_transpose_wh_universal_input_cols_partitioned.py"), order,
                ReaderDataMovementConfig(compile_args=[Ht, Wt, Ht * Wt, _f32_bits(scaler), 0] + O.accessor_args(a),
                                         defines=rdef))
        wk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "writer_unary_interleaved_start_id.py"), order,
                             WriterDataMovementConfig(compile_args=[3] + O.accessor_args(out), defines=defines))
        for group, per in ((g1, n1), (g2, n2)):
            if not group:
                continue
            ct = [per, Wt, 1, _f32_bits(post_mul)] if dim == "W" else [Ht, per, 1, _f32_bits(post_mul)]
            mh.CreateKernel(prog, O.kernel_path(_KDIR + compute_src), group, ComputeConfig(
                math_fidelity=fid, fp32_dest_acc_en=cfg.fp32_dest_acc_en,
                dst_full_sync_en=bool(cfg.dst_full_sync_en) if dim == "H" else False,
                compile_args=ct, defines=defines))
        g1s = {(cc.x, cc.y) for cc in g1}
        work = [(cc, n1 if (cc.x, cc.y) in g1s else n2) for cc in order]

        def set_args(tensors):
            ta, to = tensors
            done = 0
            for cc, k in work:
                if dim == "W":
                    mh.SetRuntimeArgs(prog, rk, cc, [ta.buffer_address(), k * Wt, done * Wt])
                    mh.SetRuntimeArgs(prog, wk, cc, [to.buffer_address(), k, done])
                else:
                    mh.SetRuntimeArgs(prog, rk, cc, [ta.buffer_address(), (done // Wt) * Ht * Wt + done % Wt,
                                                     done % Wt, k])
                    mh.SetRuntimeArgs(prog, wk, cc, [to.buffer_address(), k, done])
                done += k

        name = "ReduceMultiCoreWProgramFactory" if dim == "W" else "ReduceMultiCoreHProgramFactory"
        return O.ProgramEntry(prog, set_args, num_cores, name)

    O.run(what, dev, key, factory, [a, out], [out],
          {"math_op": math_op.upper(), "dim": dim, "scaler": float(scaler), "dtype": out_dtype.name,
           "negate": negate, "post_mul": float(post_mul)}, started)
    return out


def _width_sharded_h_program(a: Tensor, out: Tensor, scaler: float, cfg, negate: bool, post_mul: float, defines,
                              compute_src: str) -> O.ProgramEntry:
    """ReduceMultiCoreHProgramFactory's width-sharded variant (input and output WIDTH_SHARDED): on every core of the
    input's shard grid, c_1 is the input's shard and c_3 the output's (CBs over the buffers, rebound at each call);
    reader_unary_transpose_wh_interleaved_input_cols_partitioned_sharded feeds the shard's tiles to c_0 in the
    compute kernel's order, the compute kernel (Ht, shard_Wt, NC) reduces each column, writer_unary_sharded waits for
    the NC * shard_Wt result tiles."""
    from tensix.device.formats import tile_size
    n, c, h, _w = a.padded_shape
    NC, Ht = n * c, h // 32
    spec = a.memory_config().shard_spec
    cores = list(spec.grid)                       # the ranges in turn, row by row within each (all_cores' walk)
    shard_Wt = spec.shape[1] // 32
    num_cols = NC * shard_Wt
    in_ts, out_ts = tile_size(data_format(a.dtype)), tile_size(data_format(out.dtype))
    scaler_dtype = DataType.FLOAT32 if a.dtype == DataType.FLOAT32 else DataType.BFLOAT16
    prog = mh.CreateProgram()
    O.cb(prog, cores, 0, 2, a.dtype)
    in_cfg = mh.CircularBufferConfig(spec.shape[0] * spec.shape[1] // 1024 * in_ts,
                                     {1: data_format(a.dtype)}).set_page_size(1, in_ts)
    in_cfg.set_globally_allocated_address(a._buffer)
    mh.CreateCircularBuffer(prog, cores, in_cfg)
    O.cb(prog, cores, 2, 1, scaler_dtype)
    osh = out.memory_config().shard_spec.shape
    if osh[1] != spec.shape[1]:
        # the compute kernel packs NC x shard_Wt tiles into c_3, which holds the output's shard; writer_unary_sharded
        # never pops it, so a narrower output shard would stall the card's compute kernel
        raise NotModelledError(
            f"ttnn reduce: the width-sharded H reduce of shards {spec.shape[1]} wide into output shards {osh[1]} "
            "wide (build_reduce_output_tensor_spec's width_sharded over the same grid) would overfill the output's "
            "shard CB (a hang on the card), which tensix.ttnn does not model.\nFix: shards that split the width "
            "evenly over the grid's cores, or an interleaved output memory_config.")
    out_cfg = mh.CircularBufferConfig(osh[0] * osh[1] // 1024 * out_ts,
                                      {3: data_format(out.dtype)}).set_page_size(3, out_ts)
    out_cfg.set_globally_allocated_address(out._buffer)
    mh.CreateCircularBuffer(prog, cores, out_cfg)
    if negate:          # c_4 / c_5: Ht x shard_Wt tiles (one group of cores)
        O.cb(prog, cores, 4, Ht * shard_Wt, out.dtype)
        O.cb(prog, cores, 5, Ht * shard_Wt, out.dtype)
    rdef = dict(defines, REDUCE_SCALER=1, ENABLE_FP32_DEST_ACC=1 if cfg.fp32_dest_acc_en else 0,
                DST_SYNC_FULL=1 if cfg.dst_full_sync_en else 0)
    rk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "reader_unary_transpose_wh_interleaved_input_cols_partitioned_"
                                             "sharded.py"), cores,
                         ReaderDataMovementConfig(compile_args=[0, 1, 2, _f32_bits(scaler)], defines=rdef))
    wk = mh.CreateKernel(prog, O.kernel_path("data_movement/writer_unary_sharded.py"), cores,
                         WriterDataMovementConfig(compile_args=[3]))
    mh.CreateKernel(prog, O.kernel_path(_KDIR + compute_src), cores, ComputeConfig(
        math_fidelity=cfg.math_fidelity, fp32_dest_acc_en=cfg.fp32_dest_acc_en,
        dst_full_sync_en=bool(cfg.dst_full_sync_en), compile_args=[Ht, shard_Wt, NC, _f32_bits(post_mul)],
        defines=defines))
    row = shard_Wt * in_ts
    rt = [num_cols * Ht, shard_Wt, Ht, NC, row, row * Ht]

    def set_args(tensors):
        ta, to = tensors
        in_cfg.set_globally_allocated_address(ta._buffer)
        out_cfg.set_globally_allocated_address(to._buffer)
        for cc in cores:
            mh.SetRuntimeArgs(prog, rk, cc, rt)
            mh.SetRuntimeArgs(prog, wk, cc, [num_cols])

    return O.ProgramEntry(prog, set_args, len(cores), "ReduceMultiCoreHProgramFactory")


def _dest_reg_count(cfg) -> int:
    """compute_kernel_config.cpp get_dest_reg_count: Dst tiles of a 32x32 tile for the config's sync and accumulation
    modes (16-bit baseline: 16 full, 8 half; halved again with fp32 accumulation)."""
    from tensix.ttnn.kernels.reduction.reduce_lib import dest_auto_limit
    return dest_auto_limit(bool(cfg.fp32_dest_acc_en), bool(cfg.dst_full_sync_en))


def _per_nc_advance(wt_g1: int, wt_g2: int) -> int:
    """The negate H factory's per-NC advance of c_4 / c_5 in tiles per row: one group's columns, or the lcm of
    both groups' (one CB size serves both)."""
    if not wt_g2:
        return wt_g1
    if not wt_g1:
        return wt_g2
    return math.lcm(wt_g1, wt_g2)


def _h_negate_fits_in_l1(a: Tensor, grids=None) -> bool:
    """common.cpp h_reduce_negate_fits_in_l1: whether the negate H factory's c_4 and c_5 (Ht x per-NC advance tiles
    each, in the input's format) fit between the allocator's base and the lowest L1 buffer; if not, reduce_min's H
    step negates outside (ttnn.neg, a plain MAX reduce, ttnn.neg)."""
    from tensix.device.formats import tile_size
    from tensix.kernel.dataflow import NUM_SEMAPHORES, SEMAPHORE_BASE, SEMAPHORE_STRIDE
    base = SEMAPHORE_BASE + SEMAPHORE_STRIDE * NUM_SEMAPHORES     # where a program's CBs start (the allocator base)
    n, c, h, w = a.padded_shape
    NC, Ht, Wt = n * c, h // 32, w // 32
    if NC * Wt == 0:
        return True
    dev = O.device_of("reduce", a, nd_ok=True)
    if a.memory_config().memory_layout == TensorMemoryLayout.WIDTH_SHARDED and a.memory_config().shard_spec:
        # the width-sharded H factory: each core its shard's columns (NC * shard_Wt, counted per NC)
        n1, _g1, _g2, n2 = a.memory_config().shard_spec.shape[1] // 32, True, False, 0
    elif grids is not None:
        _n, _all, _g1, _g2, n1, n2 = SC.split_work_to_cores(grids, NC * Wt)
        _g1, _g2 = bool(_g1.ranges), bool(_g2.ranges)
    else:
        _n, _all, _g1, _g2, n1, n2 = mh.split_work_to_cores(O.grid_of(dev), NC * Wt, False)
    tiles = Ht * _per_nc_advance(n1 if _g1 else 0, n2 if _g2 else 0)
    if tiles == 0:
        return True
    top = dev.sim.l1_alloc.bottom          # the lowest L1 buffer, or the end of L1 when there is none
    if top <= base:
        return False
    return 2 * tiles * tile_size(data_format(a.dtype)) <= top - base


def _detail_reduce(what, t4: Tensor, math_op: str, dim: str, scaler: float, out_mc, out_dtype, cfg,
                   chain: bool = False, grids=None) -> Tensor:
    """generic::detail::reduce (reduce_op.cpp): the default compute config, the post-multiply for max, HW over more
    than one tile as W then H (the scaler on the H step)."""
    cfg = _compute_config(cfg)
    negate = math_op == "min"       # reduce_min: detail::reduce of MAX with negate (-max(-x))
    if negate:
        math_op = "max"
    if t4.layout == Layout.ROW_MAJOR:
        # reduce_min tilizes with +inf into the output's memory config; detail::reduce with its pad value (-inf for
        # MAX, else 0) into the input's
        from tensix.ttnn.operations.data_movement import tilize_with_val_padding
        padded = tuple(t4.padded_shape)[:-2] + tuple(-(-d // 32) * 32 for d in tuple(t4.padded_shape)[-2:])
        pad = float("inf") if negate else (float("-inf") if math_op == "max" else 0.0)
        t4 = tilize_with_val_padding(t4, padded, pad, memory_config=out_mc if negate else t4.memory_config(),
                                     sub_core_grids=grids)
    # reduce_op.cpp: GMPOOL takes only the scaler's exponent, so max (and min) reduce with 1.0 and multiply the
    # result by the scalar on the SFPU (REDUCE_POST_MUL)
    post_mul = scaler if math_op == "max" and scaler != 1.0 else 1.0
    if post_mul != 1.0:
        scaler = 1.0
    num_tiles = t4.padded_shape.volume() // 1024
    if dim == "HW" and (num_tiles > 1 or scaler < 0):
        # the bf16 sum chain's last stage: a float32 input keeps its W step in float32, only H packs bfloat16
        keep_w_fp32 = chain and out_dtype == DataType.BFLOAT16 and t4.dtype == DataType.FLOAT32
        w_out = _prim_reduce(what, t4, math_op, "W", 1.0, out_mc, DataType.FLOAT32 if keep_w_fp32 else out_dtype,
                             cfg, negate, grids=grids)
        if negate and not _h_negate_fits_in_l1(w_out, grids):
            return _h_reduce_external_negate(what, w_out, scaler, out_mc, out_dtype, cfg, post_mul, grids)
        return _prim_reduce(what, w_out, math_op, "H", scaler, out_mc, out_dtype, cfg, negate, post_mul, grids)
    if negate and dim == "H" and not _h_negate_fits_in_l1(t4, grids):
        return _h_reduce_external_negate(what, t4, scaler, out_mc, out_dtype, cfg, post_mul, grids)
    return _prim_reduce(what, t4, math_op, dim, scaler, out_mc, out_dtype, cfg, negate, post_mul, grids)


def _h_reduce_external_negate(what, t4: Tensor, scaler: float, out_mc, out_dtype, cfg, post_mul: float,
                              grids=None) -> Tensor:
    """reduce_op.cpp h_reduce_with_external_negate (the negate H factory's CBs do not fit in L1): ttnn.neg in the
    input's memory config, a plain MAX reduce along H (with the post-multiply), ttnn.neg into the output's."""
    from tensix.ttnn.operations.unary import neg
    h_out = _prim_reduce(what, neg(t4, sub_core_grids=grids), "max", "H", scaler, out_mc, out_dtype, cfg,
                         post_mul=post_mul, grids=grids)
    return neg(h_out, memory_config=out_mc, sub_core_grids=grids)


def _generate_reduce_dim(t: Tensor, dim) -> list[int]:
    rank = len(t.shape)
    if dim is None:
        return list(range(rank))
    dims = [int(dim)] if isinstance(dim, (int, np.integer)) else [int(d) for d in dim]
    if not dims:
        return list(range(rank))
    out = []
    for i, d in enumerate(dims):
        if d < 0:
            d += rank
            if rank == 0 and d == -1:
                d = 0
        if not ((0 <= d < rank) or (rank == 0 and d == 0)):
            raise TTNNError(f"Unsupported dim {dims[i]} at index {i}. After possible adjustment, needs to be at least "
                            f"0 and less than rank {rank}, or exactly 0 for a rank 0 tensor.\nFix: pass dims in "
                            f"[-{rank}, {rank - 1}].")
        out.append(d)
    out.sort()
    for i in range(1, len(out)):
        if out[i] == out[i - 1]:
            raise TTNNError(f"reduce dim list contains a duplicate axis after sorting (indices {i - 1} and {i}, value "
                            f"{out[i]}).\nFix: name each dim once.")
    return out


def _reduce(kind: str, t: Tensor, dim, keepdim: bool, memory_config, compute_kernel_config, scalar: float,
            sub_core_grids=None):
    """generic_reductions.cpp reduce<Sum|Mean|Max>: dims normalised, the tile padding filled with the identity, a
    bfloat16 / bfloat8_b sum's outer dims by fast_reduce_nc, the rest by reduce_impl."""
    what = f"ttnn.{kind}"
    if not isinstance(t, Tensor):
        raise TTNNError(f"{what}: input_tensor is a {type(t).__name__}, not a ttnn.Tensor.\nFix: ttnn.from_torch(...) "
                        "first.")
    _check_input(what, t)
    grids = _sub_core_grids(what, t.device(), sub_core_grids)
    dims = _generate_reduce_dim(t, dim)
    in_shape = tuple(t.shape)
    rank = len(in_shape)
    if t.layout == Layout.TILE:
        t = fill_implicit_tile_padding(t, _pad_value(kind))
    elif not (dims and all(d >= rank - 2 for d in dims)) or kind not in ("sum", "mean", "max", "min"):
        # reduce_op.cpp tilizes a ROW_MAJOR input right before the one reduce op (tilize_with_val_padding); the
        # other paths (fast_reduce_nc, reduce_nd_loop's transposes) would get the row-major tensor
        raise NotModelledError(f"{what} of a ROW_MAJOR tensor over dims {dims} (rank {rank}): only a reduction over "
                               "the last two dims (one reduce op, its input tilized first) is modelled.\nFix: "
                               "ttnn.to_layout(t, ttnn.TILE_LAYOUT) first.")
    # the bf16 multi-axis sum precision chain (not for full-tensor reductions)
    chain = kind == "sum" and len(dims) > 1 and t.dtype == DataType.BFLOAT16 and len(dims) < rank
    non_hw: list[int] = []
    if kind == "sum" and t.dtype in (DataType.BFLOAT16, DataType.BFLOAT8_B) and scalar == 1.0:    # call_fast_nc
        non_hw = [d for d in dims if d < rank - 2]
        hw = [d for d in dims if d >= rank - 2]
        if non_hw:
            if t.logical_volume() == 0:
                return zero_volume_reduce(kind, t, dims, keepdim, memory_config)
            final = (DataType.BFLOAT16 if not hw else DataType.FLOAT32) if chain else None
            t = _non_height_width_reduce(what, t, non_hw, memory_config, compute_kernel_config, final,
                                         chain and len(non_hw) > 1, grids)
            if not hw:
                return _adjust_shape(t, in_shape, keepdim, dims)
            dims = hw
    return _reduce_impl(what, kind, t, dims, keepdim, memory_config, compute_kernel_config, scalar, non_hw, chain,
                        chain, grids)


def _pad_value(kind: str) -> float:
    """get_pad_value: the identity of the reduction (float inputs)."""
    return {"max": float("-inf"), "min": float("inf")}.get(kind, 0.0)


def zero_volume_reduce(kind: str, t: Tensor, dims, keepdim: bool, memory_config) -> Tensor:
    """reduction_common.hpp zero_volume_reduce: the reduction of a tensor of no elements is ttnn.full of the reduced
    shape (the dims dropped, or 1 with keepdim) with 0 for sum, 1 for prod, NaN otherwise, in the input's dtype and
    layout; max / min refuse a reduced dim of size 0 (there is no identity to give)."""
    from tensix.ttnn.core import full
    shape = tuple(t.shape)
    if kind in ("max", "min"):
        if not shape:
            raise TTNNError(f"ttnn.{kind}: Input tensor cannot be a scalar (rank 0).")
        for d in dims:
            if shape[d] == 0:
                raise TTNNError(f"ttnn.{kind}: Expected reduction dim {d} to have non-zero size (the input is "
                                f"{list(shape)}).\nFix: reduce over dims of non-zero size.")
    out_shape = [1 if i in dims else d for i, d in enumerate(shape) if keepdim or i not in dims]
    fill = {"sum": 0.0, "prod": 1.0}.get(kind, float("nan"))
    return full(tuple(out_shape), fill, dtype=t.dtype, layout=t.layout, device=t.device(),
                memory_config=memory_config or t.memory_config())


def _adjust_shape(t: Tensor, in_shape, keepdim: bool, dims) -> Tensor:
    """adjust_shape: the reduced axes dropped, or kept as 1 with keepdim (ttnn.reshape)."""
    return _reshape(t, [1 if i in dims else d for i, d in enumerate(in_shape) if keepdim or i not in dims])


def _reduce_impl(what, kind: str, t: Tensor, dims, keepdim: bool, memory_config, cfg, scalar: float, non_hw,
                 chain_active: bool, is_last: bool, grids=None) -> Tensor:
    """generic_reductions.cpp reduce_impl: one reduce op when the dims are W, H or HW; otherwise reduce_nd_loop, dim
    by dim from the last, each dim outside the last two transposed into H (ttnn.transpose with the reduction's pad
    value) around a one-dim reduce_impl and transposed back; a mean over several dims is a loop of sums with the
    scalar 1/volume applied on the first step, a max's scalar on the smallest axis' step."""
    shape = tuple(t.shape)
    rank = len(shape)
    mc = memory_config or t.memory_config()
    if rank == 0:               # reduce_impl: a rank-0 input is returned as a copy (ttnn.clone)
        from tensix.ttnn.operations.dm_memory import clone
        return clone(t, memory_config=mc, compute_kernel_config=cfg)
    if t.logical_volume() == 0:
        return zero_volume_reduce(kind, t, dims, keepdim, mc)
    single = (not dims or (len(dims) == 1 and dims[0] in (rank - 1, rank - 2))
              or (len(dims) == 2 and dims[0] == rank - 2 and dims[1] == rank - 1))
    if not single:
        from tensix.ttnn import operations
        transpose = getattr(operations, "transpose", None)
        if transpose is None:
            raise NotModelledError(f"{what} over dims {list(dims)}: tt-metal transposes outer dims into place "
                                   "(ttnn.transpose), which tensix.ttnn does not have.")
        pad_value = _pad_value(kind)

        def nd_loop(step_kind: str, sc: float) -> Tensor:
            out = t
            first = True
            lowest = builtins.min(dims)
            for i in range(rank - 1, -1, -1):
                if i not in dims:
                    continue
                eff = sc if first else 1.0
                if kind in ("max", "min"):
                    eff = sc if i == lowest else 1.0
                first = False
                moved = i < rank - 2
                rdim = rank - 2 if moved else i
                if moved:
                    out = transpose(out, i, -2, memory_config=mc, pad_value=pad_value)
                sub_last = chain_active and is_last and i == lowest
                out = _reduce_impl(what, step_kind, out, [rdim], True, mc, cfg, eff, non_hw, chain_active, sub_last,
                                   grids)
                if moved:
                    out = transpose(out, i, -2, memory_config=mc, pad_value=pad_value)
            return out

        if len(dims) == 1 or kind in ("sum", "max", "min"):
            out = nd_loop(kind, scalar)
        else:   # mean over several dims: sums, the scalar divided by the reduced volume (a float division)
            volume = math.prod(shape[d] for d in dims)
            out = nd_loop("sum", float(np.float32(scalar) / np.float32(volume)))
        return _adjust_shape(out, shape, keepdim, set(dims) | set(non_hw))
    if not dims or dims == [rank - 1]:
        rdim = "W"
    elif dims == [rank - 2]:
        rdim = "H"
    else:
        rdim = "HW"
    reduced = math.prod(shape[d] for d in dims)
    out_dtype = t.dtype
    if kind == "mean":
        math_op, sc = "avg", float(np.float32(scalar) / np.float32(reduced))
    else:
        math_op, sc = kind, float(scalar)
        if kind == "sum" and chain_active:      # the chain packs float32 except on its last stage
            out_dtype = DataType.BFLOAT16 if is_last else DataType.FLOAT32
    out = _detail_reduce(what, _to_4d(t), math_op, rdim, sc, mc, out_dtype, cfg, chain_active and kind == "sum",
                         grids)
    return _adjust_shape(out, shape, keepdim, set(dims) | set(non_hw))


def _non_height_width_reduce(what, t: Tensor, dims, memory_config, cfg, output_dtype, fp32_intermediate,
                             grids=None):
    """generic_reductions.cpp non_height_width_reduce: fast_reduce_nc over the outer dims (default config on
    Wormhole: HiFi3, approx off, fp32 accumulation), then ttnn.slice back to the input's logical extent."""
    cfg = cfg if cfg is not None else WormholeComputeKernelConfig(
        math_fidelity=MathFidelity.HiFi3, math_approx_mode=False, fp32_dest_acc_en=True, packer_l1_acc=False,
        dst_full_sync_en=False)
    mc = memory_config or t.memory_config()
    in_shape = tuple(t.shape)
    dims = sorted(dims)
    inter = DataType.FLOAT32 if fp32_intermediate else None
    cur = t
    for d in reversed(dims[1:]):
        cur = _fast_reduce_nc(what, cur, d, mc, cfg, inter, grids)
    out = _fast_reduce_nc(what, cur, dims[0], mc, cfg, output_dtype, grids)
    end = [builtins.min(a, b) for a, b in zip(in_shape, out.shape)]
    if end != list(out.shape):
        from tensix.ttnn import operations
        sl = getattr(operations, "slice", None)
        if sl is None:
            raise NotModelledError(f"{what}: fast_reduce_nc's result must be sliced (ttnn.slice), which tensix.ttnn "
                                   "does not have yet.")
        out = sl(out, [0] * len(end), end, [1] * len(end))
    return out


def _fast_reduce_nc(what, a: Tensor, dim: int, mc, cfg, output_dtype, grids=None) -> Tensor:
    """ttnn::prim::fast_reduce_nc (FastReduceNCProgramFactory, interleaved): the sum over outer dim `dim`; the output
    is the input's padded shape with that dim 1 (its logical shape too, as tt-metal's output spec)."""
    started = time.perf_counter()
    dev = O.device_of(what, a, nd_ok=True)       # reader and writer reach both tensors through TensorAccessors
    if a.dtype not in (DataType.BFLOAT16, DataType.BFLOAT8_B, DataType.FLOAT32):
        raise DTypeError(f"{what}: FastReduceNC input must be BFLOAT16, BFLOAT8_B or FLOAT32, got {a.dtype!r}.")
    pshape = list(a.padded_shape)
    out_shape = list(pshape)
    out_shape[dim] = 1
    out_dtype = output_dtype or a.dtype
    from tensix.ttnn.operations import _dm_common as C
    out = C.make_output(dev, out_shape, out_dtype, Layout.TILE, mc, nd_ok=True)
    if _divide_by_shards(a, out, dim, O.grid_of(dev)):
        raise NotModelledError(
            f"{what}: fast_reduce_nc over dim 0 of a sharded input into a sharded output with more output shards "
            "than cores (FastReduceNCProgramFactory's divide_by_shards split: the work by shards, core groups from "
            "the output's BufferDistributionSpec) is not modelled by tensix.ttnn.\nFix: an interleaved input or "
            "memory_config.")
    Wt, Ht = pshape[-1] // 32, pshape[-2] // 32
    inner = math.prod(pshape[dim + 1:-2]) * Ht * Wt
    reduce_tile_size = pshape[dim] * inner
    num_reduce = pshape[dim]
    num_out = out.num_pages
    gran = next(g for g in range(8, 0, -1) if num_reduce % g == 0)
    grid = O.grid_of(dev)
    fp32 = bool(cfg.fp32_dest_acc_en)
    inter_dtype = DataType.FLOAT32 if fp32 else out_dtype
    key = ("fast_reduce_nc", dim, O.spec_key(a), O.spec_key(out), _cfg_key(cfg), _grid_key(grids))

    def factory():
        prog = mh.CreateProgram()
        if grids is not None:
            # split_work_to_cores(sub_core_grids, n) (column-wise groups), the cores walked range by range, row by
            # row: core i takes output tiles i, i + n_cores, ... (its group's count of them)
            n_cores, all_cores, g1, g2, n1, n2 = SC.split_work_to_cores(grids, num_out)
            cores = SC.cores_row_wise(all_cores)
            _check_round_robin(what, cores, g1, n1, n2, num_out)
        else:
            n_cores, _all, g1, g2, n1, n2 = mh.split_work_to_cores(grid, num_out, True)
            cores = [mh.CoreCoord(i % grid.x, i // grid.x) for i in range(n_cores)]
        g1s = {(c.x, c.y) for c in g1}
        O.cb(prog, cores, 0, gran * 2, a.dtype)
        O.cb(prog, cores, 1, 1, DataType.BFLOAT16)
        O.cb(prog, cores, 24, 1, inter_dtype)
        O.cb(prog, cores, 16, 2, out_dtype)
        rk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "reader_reduce_nc.py"), cores, ReaderDataMovementConfig(
            compile_args=[gran, 1, n_cores] + O.accessor_args(a)))
        wk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "writer_reduce_nc.py"), cores, WriterDataMovementConfig(
            compile_args=[1, n_cores] + O.accessor_args(out)))
        defines = {"FP32_DEST_ACC_EN": 1} if fp32 else {}
        for group, n in (([c for c in cores if (c.x, c.y) in g1s], n1), ([c for c in cores if (c.x, c.y) not in g1s],
                                                                            n2)):
            if group:
                mh.CreateKernel(prog, O.kernel_path(_KDIR + "reduce_nc.py"), group, ComputeConfig(
                    math_fidelity=cfg.math_fidelity, fp32_dest_acc_en=fp32,
                    dst_full_sync_en=bool(cfg.dst_full_sync_en), math_approx_mode=bool(cfg.math_approx_mode),
                    compile_args=[n, num_reduce, gran], defines=defines))
        plan = [(c, n1 if (c.x, c.y) in g1s else n2, i) for i, c in enumerate(cores)]

        def set_args(tensors):
            ta, to = tensors
            for c, n, i in plan:
                mh.SetRuntimeArgs(prog, rk, c, [ta.buffer_address(), num_reduce, n * n_cores, i, dim,
                                                reduce_tile_size, inner])
                mh.SetRuntimeArgs(prog, wk, c, [to.buffer_address(), n * n_cores, i])

        return O.ProgramEntry(prog, set_args, n_cores, "FastReduceNCProgramFactory")

    O.run(what, dev, key, factory, [a, out], [out], {"dim": dim, "dtype": out_dtype.name}, started)
    return out


def _divide_by_shards(a: Tensor, out: Tensor, dim: int, grid) -> bool:
    """fast_reduce_nc_program_factory.cpp divide_by_shards: dim 0, both tensors with an ND shard spec (legacy sharded
    ones have theirs filled in), both ROW_MAJOR-oriented and ROUND_ROBIN_1D, the input's padded shape a whole number
    of shards, and more output shards than the grid has cores."""
    from tensix.ttnn.tensor_spec import ShardDistributionStrategy
    ia, oa = a.memory_config().nd_shard_spec, out.memory_config().nd_shard_spec
    if dim != 0 or not (a.is_sharded() and out.is_sharded()) or ia is None or oa is None:
        return False
    if any(s.orientation != ShardOrientation.ROW_MAJOR
           or s.shard_distribution_strategy != ShardDistributionStrategy.ROUND_ROBIN_1D for s in (ia, oa)):
        return False
    shape, shard = list(a.padded_shape), list(ia.shard_shape)
    if any(shard[-i] == 0 or shape[-i] % shard[-i] for i in range(1, len(shard) + 1)):
        return False
    oshape, oshard = list(out.padded_shape), list(oa.shard_shape)
    oshard = [1] * (len(oshape) - len(oshard)) + oshard
    n_shards = math.prod(-(-d // s) for d, s in zip(oshape, oshard))
    return n_shards > grid.x * grid.y


def _check_round_robin(what, cores, g1, n1: int, n2: int, num_out: int) -> None:
    """fast_reduce_nc's round robin (core i: tiles i, i + n, ..., n1 of them in core group 1, n2 in group 2) covers
    every output tile once only when group 1's cores come first in the cores' walk. With sub_core_grids the groups
    are split column by column and the cores walked row by row, so several ranges or rows can interleave them: tt-metal
    (622c6fb9) then skips some output tiles and writes others past the output's last tile. tensix refuses that case
    rather than model writes outside the buffer."""
    in_g1 = [g1.contains(c) for c in cores]
    if n1 == n2 or all(in_g1[:builtins.sum(in_g1)]):
        return
    n = len(cores)
    done = sorted(i + k * n for i, g in enumerate(in_g1) for k in range(n1 if g else n2))
    missing = sorted(set(range(num_out)) - set(done))
    past = [t for t in done if t >= num_out]
    raise NotModelledError(
        f"{what}: fast_reduce_nc on these sub_core_grids splits its {num_out} output tiles so that core group 1 "
        "(one tile more each) is not first in the cores' row-by-row walk; tt-metal 622c6fb9's round robin then never "
        f"writes output tiles {missing} and writes tiles {past} past the end of the output buffer, which tensix.ttnn "
        "does not model.\nFix: sub_core_grids of one range whose columns fill evenly, a number of cores that divides "
        "the output tiles, or omit sub_core_grids.")



def sum(input_tensor, dim=None, keepdim: bool = False, *, memory_config=None, compute_kernel_config=None,
        scalar: float = 1.0, correction: bool = True, sub_core_grids=None, **kwargs):
    """ttnn.sum(input_tensor, dim=None, keepdim=False, *, memory_config=None, compute_kernel_config=None,
    scalar=1.0): the sum over `dim` (an int, a list, or None for all), times `scalar`; tile padding ignored."""
    O.refuse_unknown_kwargs("ttnn.sum", kwargs)
    return _reduce("sum", input_tensor, dim, keepdim, memory_config, compute_kernel_config, scalar, sub_core_grids)


def mean(input_tensor, dim=None, keepdim: bool = False, *, memory_config=None, compute_kernel_config=None,
         scalar: float = 1.0, correction: bool = True, sub_core_grids=None, **kwargs):
    """ttnn.mean(input_tensor, dim=None, keepdim=False, ...): the sum times scalar/N (N the number of reduced logical
    elements), as ttnn's AVG reduce with that scaler."""
    O.refuse_unknown_kwargs("ttnn.mean", kwargs)
    return _reduce("mean", input_tensor, dim, keepdim, memory_config, compute_kernel_config, scalar, sub_core_grids)


def max(input_tensor, dim=None, keepdim: bool = False, *, memory_config=None, compute_kernel_config=None,
        scalar: float = 1.0, correction: bool = True, sub_core_grids=None, **kwargs):
    """ttnn.max(input_tensor, dim=None, keepdim=False, ...): the maximum over `dim` (GMPOOL); tile padding is set
    to -inf first."""
    O.refuse_unknown_kwargs("ttnn.max", kwargs)
    # max(s * x) = s * min(x) for s < 0 (generic_reductions.cpp max): the post-multiplied min
    return _reduce("min" if scalar < 0 else "max", input_tensor, dim, keepdim, memory_config, compute_kernel_config,
                   scalar, sub_core_grids)


def min(input_tensor, dim=None, keepdim: bool = False, *, memory_config=None, compute_kernel_config=None,
        scalar: float = 1.0, correction: bool = True, sub_core_grids=None, **kwargs):
    """ttnn.min(input_tensor, dim=None, keepdim=False, ...): the minimum over `dim`, as reduce_min runs it: the MAX
    reduce (GMPOOL) of the negated input, negated back (the negate variants of the reduce programs); tile padding is
    set to +inf first. A negative scalar makes it the post-multiplied max (generic_reductions.cpp min)."""
    O.refuse_unknown_kwargs("ttnn.min", kwargs)
    return _reduce("max" if scalar < 0 else "min", input_tensor, dim, keepdim, memory_config, compute_kernel_config,
                   scalar, sub_core_grids)


# -------------------------------------------------------------------------------- fill_implicit_tile_padding
def _fill_value_bits(dtype: DataType, value) -> int:
    """fill_pad_program_factory.hpp pack_fill_value_for_dtype (622c6fb9). A Python int is PadValue's uint32 arm: the
    word itself for INT32 / UINT32, its low 16 bits twice for UINT16, the float of it for the float dtypes. A float is
    the float arm: its float32 bits for the float dtypes, else C++'s static_cast to int32_t / uint32_t / uint16_t as
    the x86-64 wheel compiles it (cvttss2si: truncation; out of range or NaN gives 0x80000000 for int32, for uint32
    the low word of the 64-bit conversion, for uint16 the low half of the 32-bit one), uint16 duplicated into both
    halves. (Where an integer is exact in float32 both arms give the same word.)"""
    if dtype not in (DataType.INT32, DataType.UINT32, DataType.UINT16):
        return _f32_bits(float(np.float32(value)))
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        v = int(value) & 0xFFFFFFFF
    else:
        f = float(np.float32(value))
        width = 63 if dtype == DataType.UINT32 else 31
        t = math.trunc(f) if math.isfinite(f) else None
        v = (t if t is not None and -2 ** width <= t < 2 ** width else -2 ** width) & 0xFFFFFFFF
    if dtype == DataType.UINT16:
        v &= 0xFFFF
        return (v << 16) | v
    return v


def fill_implicit_tile_padding(input_tensor, fill_value, *, memory_config=None, **kwargs):
    """ttnn.fill_implicit_tile_padding(tensor, fill_value): write `fill_value` into the tile padding of a TILE tensor
    (the rows past its logical height and columns past its logical width in each [H, W] slice), in place, as
    tt-metal's fill_pad op does; returns the tensor. A tensor without padding is returned untouched. bfloat8_b goes
    through bfloat16 (ttnn.typecast) and back, as in tt-metal. Integer tensors (int32, uint32, uint16) are filled
    with fill_tile_int and selected with an integer where_tile (_fill_value_bits says how the value is packed)."""
    O.refuse_unknown_kwargs("ttnn.fill_implicit_tile_padding", kwargs)
    what = "ttnn.fill_implicit_tile_padding"
    t = input_tensor
    O.device_of(what, t, nd_ok=True)
    if t.layout != Layout.TILE:
        raise LayoutError(f"{what}: FillPad should only be used for tile layout; the tensor is {t.layout!r}.\n"
                          "Fix: ttnn.to_layout(tensor, ttnn.TILE_LAYOUT) first.")
    shape = tuple(t.shape)
    h, w = _last2(shape)
    if h % 32 == 0 and w % 32 == 0:     # no padding: returned before any sharding check, as fill_pad.cpp does
        return t
    mc = t.memory_config()
    if t.is_sharded() and mc.is_l1() and mc.shard_spec is None:
        raise TTNNError(f"{what}: an L1 ND-sharded tensor without a legacy (2-D) shard spec goes to tt-metal's "
                        "FillPadL1ShardedProgramFactory, which reads input_tensor.shard_spec().value(): there is none "
                        "(std::bad_optional_access in tt-metal 622c6fb9).\nFix: a height / width / block shard spec, "
                        "or an interleaved tensor.")
    if t.dtype == DataType.BFLOAT8_B:
        from tensix.ttnn import operations
        tc = getattr(operations, "typecast", None)
        if tc is None:
            raise NotModelledError(f"{what} of a bfloat8_b tensor typecasts it to bfloat16 and back on the device; "
                                   "tensix.ttnn has no device typecast yet.")
        b = tc(t, DataType.BFLOAT16)
        _fill_pad(what, b if len(b.shape) <= 3 else _view(b, (math.prod(shape[:-2]),) + shape[-2:]), fill_value)
        return tc(b, DataType.BFLOAT8_B)
    v = t if len(shape) <= 3 else _view(t, (math.prod(shape[:-2]),) + shape[-2:])
    _fill_pad(what, v, fill_value)
    return t


def _fill_pad(what, t: Tensor, fill_value):
    """ttnn::prim::fill_pad: FillPadL1ShardedProgramFactory for an L1-sharded tensor, else FillPadProgramFactory
    (interleaved, or DRAM-sharded through its TensorAccessor): in place on t's buffer."""
    if t.is_sharded() and t.memory_config().is_l1():
        return _fill_pad_l1_sharded(what, t, fill_value)
    started = time.perf_counter()
    dev = O.device_of(what, t, nd_ok=True)
    shape = tuple(t.shape)
    height, width = _last2(shape)
    n_slices = shape[-3] if len(shape) > 2 else 1
    H_tiles, W_tiles = -(-height // 32), -(-width // 32)
    H_mod, W_mod = height % 32, width % 32
    right, bottom = W_mod != 0, H_mod != 0
    is_fp32 = t.dtype == DataType.FLOAT32
    is_float = t.dtype in (DataType.FLOAT32, DataType.BFLOAT16)
    wide = t.dtype in (DataType.FLOAT32, DataType.INT32, DataType.UINT32)    # need_fp32_dest_acc, 4-byte elements
    elem = 4 if wide else 2
    fill_bits = _fill_value_bits(t.dtype, fill_value)
    where_fmt = {DataType.FLOAT32: "Float32", DataType.UINT32: "UInt32", DataType.INT32: "Int32"}.get(t.dtype,
                                                                                                     "Float16_b")
    fill_fmt = None if is_float else {DataType.INT32: "Int32", DataType.UINT32: "UInt32"}.get(t.dtype, "UInt16")
    right_stride = (H_tiles - 1 if bottom else H_tiles) if right else 0
    bottom_stride = (W_tiles - 1 if right else W_tiles) if bottom else 0
    T_right = n_slices * right_stride if right else 0
    T_bottom = n_slices * bottom_stride if bottom else 0
    T_corner = n_slices if (right and bottom) else 0
    total = T_right + T_bottom + T_corner
    if total == 0:      # no border tile (a tensor of zero height): split_work_to_cores gives the program no core
        return
    key = ("fill_pad", fill_bits, O.spec_key(t))
    defines = {"MASK_VALUE": (0x3F800000 if is_fp32 else 0x3F80) if is_float else 1, "MASK_ELEM_BYTES": elem,
               "FILL_PAD_DATA_FMT": where_fmt, "FILL_PAD_FILL_DATA_FMT": fill_fmt}
    grid = O.grid_of(dev)

    def factory():
        prog = mh.CreateProgram()
        num_cores, _all, g1, g2, n1, n2 = mh.split_work_to_cores(grid, total, False)
        work = [(c, n1) for c in g1] + [(c, n2) for c in g2]
        cores = [c for c, _ in work]
        O.cb(prog, cores, 0, 2, t.dtype)
        if right:
            O.cb(prog, cores, 1, 1, t.dtype)
        if bottom:
            O.cb(prog, cores, 2, 1, t.dtype)
        O.cb(prog, cores, 16, 2, t.dtype)
        common = [W_tiles, H_tiles, n_slices, int(right), int(bottom), W_mod, H_mod]
        rk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "fill_pad_reader.py"), cores, ReaderDataMovementConfig(
            compile_args=common + [elem, fill_bits, 0] + O.accessor_args(t), defines=defines))
        wk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "fill_pad_writer.py"), cores, WriterDataMovementConfig(
            compile_args=common + [1, 2, 16] + O.accessor_args(t), defines=defines))
        # unpack to Dst for float32 only (the factory's unpack_modes); integer data goes through SrcA
        utd = {0: "UnpackToDestFp32", 1: "UnpackToDestFp32", 2: "UnpackToDestFp32"} if is_fp32 else None
        ck = mh.CreateKernel(prog, O.kernel_path(_KDIR + "fill_pad_compute.py"), cores, ComputeConfig(
            fp32_dest_acc_en=wide, unpack_to_dest_mode=utd,
            compile_args=[W_tiles, H_tiles, int(right), int(bottom), elem, fill_bits, 0, 1, 2, 16], defines=defines))
        phases = []
        start = 0
        for c, n in work:
            lo, hi = start, start + n
            per = []
            for bstart, bsize in ((0, T_right), (T_right, T_bottom), (T_right + T_bottom, T_corner)):
                a, b = builtins.max(lo, bstart), builtins.min(hi, bstart + bsize)
                per += [a - bstart, b - a] if bsize and b > a else [0, 0]
            phases.append((c, per))
            start = hi

        def set_args(tensors):
            (tt,) = tensors
            for c, per in phases:
                mh.SetRuntimeArgs(prog, rk, c, [tt.buffer_address()] + per)
                mh.SetRuntimeArgs(prog, wk, c, [tt.buffer_address()] + per)
                mh.SetRuntimeArgs(prog, ck, c, [per[1], per[3], per[5]])

        return O.ProgramEntry(prog, set_args, num_cores, "FillPadProgramFactory")

    O.run("ttnn.fill_implicit_tile_padding", dev, key, factory, [t], [t],
          {"fill_value": float(np.uint32(fill_bits).view(np.float32)) if is_float else fill_bits}, started)


def _fill_pad_l1_sharded(what, t: Tensor, fill_value):
    """FillPadL1ShardedProgramFactory (fill_pad_program_factory.cpp, 622c6fb9): every shard core fills the border
    tiles of its own shard in its L1 (fill_pad_sharded_reader / fill_pad_sharded_writer, the interleaved factory's
    compute kernel). A core's shard (row, col) in the shard grid (HEIGHT: (i, 0), WIDTH: (0, i), BLOCK: from the
    grid's rows / columns in its orientation) gives its first tile row and column; cores whose shard starts past the
    tensor's tiles do nothing; the last shard row holds the bottom padding, the last shard column the right padding
    (local_right_col: the tensor's last tile column within the shard). Reader and writer are one kernel per
    has_right_pad value, the compute kernel one per (right, bottom, shard height, valid width) group."""
    started = time.perf_counter()
    dev = O.device_of(what, t)
    shape = tuple(t.shape)
    height, width = _last2(shape)
    n_slices = shape[-3] if len(shape) > 2 else 1
    if n_slices != 1:
        raise TTNNError(f"{what}: FillPadL1ShardedProgramFactory: N_slices > 1 not yet supported (got {n_slices}).\n"
                        "Fix: an interleaved tensor (ttnn.to_memory_config), or a tensor whose dims before the last "
                        "two are all 1.")
    from tensix.ttnn.sharded import _cores_in_order
    mc = t.memory_config()
    spec = mc.shard_spec
    H_tiles, W_tiles_tensor = -(-height // 32), -(-width // 32)
    W_mod, H_mod = width % 32, height % 32
    right, bottom = W_mod != 0, H_mod != 0
    ph, pw = spec.shape[0] // 32, spec.shape[1] // 32         # the buffer's shard shape in pages
    rm = spec.orientation == ShardOrientation.ROW_MAJOR
    cores = _cores_in_order(spec.grid, rm)
    bb = spec.grid.bounding_box()
    ncols, nrows = bb.end.x - bb.start.x + 1, bb.end.y - bb.start.y + 1
    kind = mc.memory_layout
    active = []     # (core, shard_H_tiles, has_right, has_bottom, num_work, local_valid_w)
    for i, core in enumerate(cores):
        if kind == TensorMemoryLayout.HEIGHT_SHARDED:
            row, col = i, 0
        elif kind == TensorMemoryLayout.WIDTH_SHARDED:
            row, col = 0, i
        else:
            row, col = divmod(i, ncols) if rm else (i % nrows, i // nrows)
        h0, w0 = row * ph, col * pw
        if h0 >= H_tiles or w0 >= W_tiles_tensor:
            continue
        sh = builtins.min(ph, H_tiles - h0)
        r = int(right and w0 + pw >= W_tiles_tensor)
        b = int(bottom and h0 + ph >= H_tiles)
        nw = 1 if b else (sh if r else 0)
        active.append((core, sh, r, b, nw, builtins.min(pw, W_tiles_tensor - w0)))
    if not active:
        raise TTNNError(f"{what}: FillPadL1ShardedProgramFactory: no active shard cores.")
    is_fp32 = t.dtype == DataType.FLOAT32
    is_float = t.dtype in (DataType.FLOAT32, DataType.BFLOAT16)
    wide = t.dtype in (DataType.FLOAT32, DataType.INT32, DataType.UINT32)
    elem = 4 if wide else 2
    fill_bits = _fill_value_bits(t.dtype, fill_value)
    where_fmt = {DataType.FLOAT32: "Float32", DataType.UINT32: "UInt32", DataType.INT32: "Int32"}.get(t.dtype,
                                                                                                     "Float16_b")
    fill_fmt = None if is_float else {DataType.INT32: "Int32", DataType.UINT32: "UInt32"}.get(t.dtype, "UInt16")
    defines = {"MASK_VALUE": (0x3F800000 if is_fp32 else 0x3F80) if is_float else 1, "MASK_ELEM_BYTES": elem,
               "FILL_PAD_DATA_FMT": where_fmt, "FILL_PAD_FILL_DATA_FMT": fill_fmt}
    key = ("fill_pad_l1_sharded", fill_bits, O.spec_key(t))

    def factory():
        prog = mh.CreateProgram()
        all_active = [a[0] for a in active]
        O.cb(prog, all_active, 0, 2, t.dtype)
        if right:
            O.cb(prog, all_active, 1, 1, t.dtype)
        if bottom:
            O.cb(prog, all_active, 2, 1, t.dtype)
        O.cb(prog, all_active, 16, 2, t.dtype)
        rks, wks = {}, {}
        for rp in (0, 1):
            group = [a[0] for a in active if a[2] == rp]
            if not group:
                continue
            rks[rp] = mh.CreateKernel(prog, O.kernel_path(_KDIR + "fill_pad_sharded_reader.py"), group,
                                      ReaderDataMovementConfig(compile_args=[pw, rp, elem, 0], defines=defines))
            wks[rp] = mh.CreateKernel(prog, O.kernel_path(_KDIR + "fill_pad_sharded_writer.py"), group,
                                      WriterDataMovementConfig(compile_args=[pw, rp, W_mod, H_mod, 1, 2, 16],
                                                               defines=defines))
        utd = {0: "UnpackToDestFp32", 1: "UnpackToDestFp32", 2: "UnpackToDestFp32"} if is_fp32 else None
        groups: dict = {}
        for a in active:
            core, sh, r, b, _nw, valid_w = a
            groups.setdefault((r, b, sh if b else ph, valid_w), []).append(core)
        cks = {}
        for (r, b, kh, valid_w), group in sorted(groups.items()):
            cks[(r, b, kh, valid_w)] = mh.CreateKernel(
                prog, O.kernel_path(_KDIR + "fill_pad_compute.py"), group, ComputeConfig(
                    fp32_dest_acc_en=wide, unpack_to_dest_mode=utd,
                    compile_args=[valid_w, kh, r, b, elem, fill_bits, 0, 1, 2, 16], defines=defines))
        plan = []
        for core, sh, r, b, nw, valid_w in active:
            if not b:
                counts = [sh if r else 0, 0, 0]
            elif r:
                counts = [sh - 1, valid_w - 1, 1]
            else:
                counts = [0, valid_w, 0]
            plan.append((core, sh, r, b, nw, valid_w - 1, counts, cks[(r, b, sh if b else ph, valid_w)]))

        def set_args(tensors):
            (tt,) = tensors
            addr = tt.buffer_address()
            for core, sh, r, b, nw, right_col, counts, ck in plan:
                rt = [addr, sh, b, nw, right_col]
                mh.SetRuntimeArgs(prog, rks[r], core, rt)
                mh.SetRuntimeArgs(prog, wks[r], core, rt)
                mh.SetRuntimeArgs(prog, ck, core, counts)

        return O.ProgramEntry(prog, set_args, len(active), "FillPadL1ShardedProgramFactory")

    O.run("ttnn.fill_implicit_tile_padding", dev, key, factory, [t], [t],
          {"fill_value": float(np.uint32(fill_bits).view(np.float32)) if is_float else fill_bits}, started)
