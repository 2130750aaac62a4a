"""ttnn.where as tt-metal 622c6fb9 runs it.

Sources (tt-metal 622c6fb9, ttnn/cpp/ttnn/operations/eltwise/ternary/): ternary.cpp (ttnn::where: the
tensor / scalar variants and their dispatch, where_impl, typecast_predicate), ternary_nanobind.cpp (the Python
signature), device/ternary_device_operation.cpp (validate_on_program_cache_miss, compute_output_specs,
resolve_mem_config_actual, prim::ternary), device/ternary_op_utils.cpp (get_broadcast_type, kernel_config_map,
compute_broadcasted_output_ternary, get_compute_defines), device/ternary_program_factory.cpp (CBs, kernels, compute
config, runtime args). The kernels: tensix/ttnn/kernels/eltwise/ternary_*.py; where_tile: tensix.kernel.

- where(cond, t, f), three tensors: an integer predicate with float t and f is typecast to t's dtype first. The
  broadcast type of the three shapes (get_broadcast_type) picks the path: INVALID_BCAST runs where_impl, the old
  composite add(multiply(gtz(cond), t), multiply(lez(cond), f)) (so a negative predicate selects f there, unlike
  the where_tile paths, as in tt-metal); NONE and OUTER_BCAST run prim::ternary WHERE with ternary_reader_nosubtilebcast_ttt,
  ternary_sfpu_no_bcast_ttt (where_tile<format of the predicate's dtype>) and ternary_writer_nobcast; COL_BCAST
  with ternary_reader_colbcast_ttt and ternary_sfpu_col_scalar_bcast_ttt. The other subtile broadcasts (ROW_BCAST,
  SCALAR_BCAST, ROW_COL_BCAST) are not modelled (NotModelledError).
- where(cond, t, number) / where(cond, number, f) (TTS / TST): an integer predicate with a float tensor is typecast
  first; then binary.cpp where_operation_with_scalar: prim::binary_ng WHERE_TTS / WHERE_TST (binary_ng
  program_factory / binary_ng_utils.cpp: the output takes the condition's dtype, the number packed for the tensor's
  dtype, a bfloat16 pair for BFLOAT16) with reader_interleaved_no_bcast, eltwise_where_no_bcast (fill_tile /
  fill_tile_int of the number, where_tile) and writer_interleaved_no_bcast. A subtile broadcast between the condition
  and the tensor (eltwise_where_sfpu*.cpp) is not modelled; a UINT32 tensor operand is refused as tt-metal's build
  would fail (FILL_LLK = fill_tile_uint, which the compute API does not have).
- where(cond, number, number) (TSS): unary.cpp where_tss: an INT32 / UINT32 condition with a float number is
  typecast to FLOAT32; then UnaryOpType::WHERE_TSS on where_tss_kernel (tensix.ttnn.operations.unary).
- The compute kernels switch between the input CBs with copy_tile_to_dst_init_short, which keeps SrcA's data format:
  a condition and values of different formats would be misread on the card, and tensix refuses that copy
  (ComputeInitError).
- Sharded operands or outputs and row-major operands are not modelled (NotModelledError).
"""

from __future__ import annotations

import time

from tensix.device.formats import DataFormat
from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.types import (ComputeConfig, ReaderDataMovementConfig, UnpackToDestMode,
                                   WriterDataMovementConfig)
from tensix.ttnn import op as O
from tensix.ttnn.errors import LayoutError, ShapeError, TTNNError
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import DataType, Layout, MemoryConfig, Shape, data_format

__all__ = ["where"]

_FLOAT = (DataType.BFLOAT16, DataType.FLOAT32, DataType.BFLOAT8_B, DataType.BFLOAT4_B)


def _dim(shape, i: int) -> int:
    return shape[i] if -i <= len(shape) else 1


def _is_scalar(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) or type(x).__module__ == "numpy" and \
        getattr(x, "shape", None) == ()


# ---- ternary_op_utils.cpp ---------------------------------------------------------------------------------------
def broadcast_type(p, t, f) -> str:
    """get_broadcast_type(predicate, true, false) of three logical shapes: NONE, OUTER_BCAST, ROW_BCAST, COL_BCAST,
    SCALAR_BCAST, ROW_COL_BCAST or INVALID_BCAST."""
    p, t, f = tuple(p), tuple(t), tuple(f)
    if p == t == f:
        return "NONE"
    pw, tw, fw = _dim(p, -1), _dim(t, -1), _dim(f, -1)
    ph, th, fh = _dim(p, -2), _dim(t, -2), _dim(f, -2)
    same_w = pw == tw == fw
    same_h = ph == th == fh
    if same_h and same_w:
        return "OUTER_BCAST"
    if not same_h and not same_w:
        mh_, mw = max(ph, th, fh), max(pw, tw, fw)
        kinds = []
        for h, w in ((ph, pw), (th, tw), (fh, fw)):
            row, col = h == 1 and mh_ > 1, w == 1 and mw > 1
            kinds.append(("scalar" if row and col else "full" if (h == mh_ and w == mw) else
                          "row" if row else "col" if col else "bad"))
        if all(k in ("scalar", "full") for k in kinds):
            return "SCALAR_BCAST"
        if "bad" not in kinds:
            return "ROW_COL_BCAST"
        return "INVALID_BCAST"
    if not same_h:
        m = max(ph, th, fh)
        if any(h == 1 and m > 1 for h in (ph, th, fh)) and pw == tw == fw:
            return "ROW_BCAST"
    if not same_w:
        m = max(pw, tw, fw)
        if any(w == 1 and m > 1 for w in (pw, tw, fw)) and ph == th == fh:
            return "COL_BCAST"
    return "INVALID_BCAST"


def broadcast_shape(what, a, b, c) -> tuple:
    """compute_broadcasted_output_ternary (its TT_FATALs as ShapeError)."""
    a, b, c = tuple(a), tuple(b), tuple(c)
    rank = max(len(a), len(b), len(c))
    out = []
    for i in range(-1, -rank - 1, -1):
        dims = [_dim(s, i) if -i <= len(s) else 1 for s in (a, b, c)]
        m = max([1] + [d for d in dims if d != 1])
        if any(d != 1 and d != m for d in dims):
            raise ShapeError(f"{what}: Broadcasting rule violation at dimension index {i} (output rank {rank}), "
                             f"dim a: {dims[0]}, dim b: {dims[1]}, dim c: {dims[2]} (shapes {list(a)}, {list(b)}, "
                             f"{list(c)}).\nFix: make each dim equal across the three, or 1.")
        if i <= -7 and not dims[0] == dims[1] == dims[2]:
            raise ShapeError(f"{what}: Broadcasting rule violation for rank >= 7 at dimension index {i} (output rank "
                             f"{rank}). Broadcast is supported up to rank 6. dim a: {dims[0]}, dim b: {dims[1]}, "
                             f"dim c: {dims[2]}.")
        out.append(m)
    return tuple(reversed(out))


def _where_format(dtype: DataType) -> str:
    """get_compute_defines(WHERE, predicate dtype): where_tile<Float32 / Int32 / Float16_b> (UInt32 and the block
    formats take Float16_b there)."""
    return {DataType.FLOAT32: "Float32", DataType.INT32: "Int32"}.get(dtype, "Float16_b")


# ---- device/ternary_program_factory.cpp (TTT, NONE / OUTER_BCAST, interleaved) ---------------------------------
def _factory(device, workers, p: Tensor, t: Tensor, f: Tensor, out: Tensor, bcast: str):
    """ternary_program_factory.cpp create_descriptor + populate_runtime_arguments for TTT NONE / OUTER_BCAST /
    COL_BCAST on interleaved tiles: c_0..c_2 the inputs' formats, c_3 the output's (2 tiles each); fp32 Dst for a
    32-bit output, UnpackToDestFp32 for each float32 CB; the work split row-wise over the worker grid."""
    from tensix.ttnn.operations.binary import _nd_dims, _shape_dims, _strides
    from tensix.ttnn.operations.unary import range_cores, split_work
    crs = workers
    prog = mh.CreateProgram()
    p_fmt, t_fmt, f_fmt, o_fmt = (data_format(x.dtype) for x in (p, t, f, out))
    for index, fmt in ((0, p_fmt), (1, t_fmt), (2, f_fmt), (3, o_fmt)):
        O.cb(prog, crs, index, 2, fmt)          # num_tiles_per_cb = 2
    col = bcast == "COL_BCAST"
    reader = "ternary_reader_colbcast_ttt" if col else "ternary_reader_nosubtilebcast_ttt"
    compute = "ternary_sfpu_col_scalar_bcast_ttt" if col else "ternary_sfpu_no_bcast_ttt"
    writer = "ternary_writer_nobcast"
    flags = _col_bcast_flags(p.shape, t.shape, f.shape) if col else (0, 0, 0)
    reader_defines = {"SRC_SHARDED_A": 0, "SRC_SHARDED_B": 0, "SRC_SHARDED_C": 0, "SRC_BCAST_A": flags[0],
                      "SRC_BCAST_B": flags[1], "SRC_BCAST_C": flags[2], "BCAST_LLK": 0}
    rk = mh.CreateKernel(prog, O.kernel_path(f"eltwise/{reader}.py"), crs, ReaderDataMovementConfig(
        compile_args=[0, 1, 2] + O.accessor_args(p, t, f) + [0], defines=reader_defines))
    wk = mh.CreateKernel(prog, O.kernel_path(f"eltwise/{writer}.py"), crs, WriterDataMovementConfig(
        compile_args=[3] + O.accessor_args(out) + [0], defines={"DST_SHARDED": 0}))
    fp32 = o_fmt in (DataFormat.UInt32, DataFormat.Int32, DataFormat.Float32)
    utd = {i: UnpackToDestMode.UnpackToDestFp32 for i, x in ((0, p), (1, t), (2, f), (3, out))
           if x.dtype == DataType.FLOAT32}
    fmt = _where_format(p.dtype)
    from tensix.kernel import where_tile, where_tile_init

    def op_func(i0, i1, i2, o):
        where_tile(i0, i1, i2, o, fmt)

    compute_defines = {"BCAST_A": flags[0], "BCAST_B": flags[1], "BCAST_C": flags[2],
                       "TERNARY_SFPU_OP_INIT": where_tile_init,
                       "TERNARY_SFPU_OP_FUNC": op_func}
    ck = mh.CreateKernel(prog, O.kernel_path(f"eltwise/{compute}.py"), crs, ComputeConfig(
        fp32_dest_acc_en=fp32, unpack_to_dest_mode=utd, compile_args=[1, 0], defines=compute_defines))
    entry = O.ProgramEntry(prog, None, 0, "ternary", {"reader": reader, "compute": compute, "writer": writer,
                                                      "fp32_dest_acc_en": fp32, "where_tile": fmt})
    cores = range_cores(workers, True)

    def set_args(tensors, _runtime=None):
        tp, tt, tf, to = tensors
        rank = len(to.shape)
        d, n, c, ht, wt = _shape_dims(to)
        cnd = _nd_dims(to, rank)
        sp, st, sf = _strides(tp, rank), _strides(tt, rank), _strides(tf, rank)
        work = split_work(cores, to.num_pages)
        start = 0
        for core in cores:
            k = work.get(core, 0)
            if k == 0:
                mh.SetRuntimeArgs(prog, rk, core, [0] * 27)
                mh.SetRuntimeArgs(prog, wk, core, [0] * 11)
                mh.SetRuntimeArgs(prog, ck, core, [0] * 4)
                continue
            mh.SetRuntimeArgs(prog, rk, core, [tp.buffer_address(), tt.buffer_address(), tf.buffer_address(), k,
                                               start, *sp, d, n, c, ht, wt, cnd, *st, 0, *sf, 0, 0, 0])
            mh.SetRuntimeArgs(prog, wk, core, [to.buffer_address(), k, start, 0, d, n, c, ht, wt, cnd, 0])
            # freq, counter: (Wt, the start's column) for COL_BCAST, 0 for NONE / OUTER_BCAST
            mh.SetRuntimeArgs(prog, ck, core, [k, wt, start % (ht * wt) % wt, 0] if col else [k, 0, 0, 0])
            start += k
        entry.cores = len(work)

    entry.set_runtime_args = set_args
    return entry


def _col_bcast_flags(p, t, f) -> tuple:
    """detect_broadcasts for TTT COL_BCAST: an operand of width 1 broadcasts when another is wider."""
    pw, tw, fw = _dim(p, -1), _dim(t, -1), _dim(f, -1)
    return (int(pw == 1 and (tw > 1 or fw > 1)), int(tw == 1 and (pw > 1 or fw > 1)),
            int(fw == 1 and (pw > 1 or tw > 1)))


def _refuse_unmodelled(what, tensors, memory_config, output_tensor):
    for name, x in tensors:
        if x.is_sharded():
            raise NotModelledError(f"{what}: a sharded {name} (the ternary program's native L1 sharding) is not "
                                   "modelled by tensix.ttnn.\nFix: ttnn.to_memory_config(t, "
                                   "ttnn.DRAM_MEMORY_CONFIG) first.")
        if x.layout != Layout.TILE:
            raise NotModelledError(f"{what}: a {x.layout!r} {name} is not modelled by tensix.ttnn (the ternary "
                                   "program reads tiles; tt-metal checks only the predicate's layout).\nFix: "
                                   "ttnn.to_layout(t, ttnn.TILE_LAYOUT) first.")
    if memory_config is not None and memory_config.is_sharded():
        raise NotModelledError(f"{what}: a sharded memory_config is not modelled by tensix.ttnn for ternary ops.")
    if output_tensor is not None and output_tensor.is_sharded():
        raise NotModelledError(f"{what}: a sharded output_tensor is not modelled by tensix.ttnn for ternary ops.")


def _prim_ternary(what, dev, workers, p: Tensor, t: Tensor, f: Tensor, memory_config, output_tensor, started):
    """prim::ternary(WHERE, p, t, f): validate_on_program_cache_miss, compute_output_specs, the program."""
    bcast = broadcast_type(p.shape, t.shape, f.shape)
    out_shape = broadcast_shape(what, p.shape, t.shape, f.shape)
    if p.layout != Layout.TILE:
        raise LayoutError(f"{what}: Ternary operation requires tensor to be in Tile layout when working with "
                          f"non-sharded input tensor. Input tensor layout: {p.layout!r}.\nFix: "
                          "ttnn.to_layout(predicate, ttnn.TILE_LAYOUT).")
    _refuse_unmodelled(what, (("predicate", p), ("true_value", t), ("false_value", f)), memory_config,
                       output_tensor)
    if bcast not in ("NONE", "OUTER_BCAST", "COL_BCAST"):
        kernel = {"ROW_BCAST": "ternary_reader_rowbcast_ttt + ternary_sfpu_row_bcast_ttt (bfloat16) / "
                               "ternary_sfpu_no_bcast_ttt",
                  "SCALAR_BCAST": "ternary_reader_scalar_ttt + ternary_sfpu_col_scalar_bcast_ttt",
                  "ROW_COL_BCAST": "ternary_reader_row_col_bcast_ttt + ternary_sfpu_col_scalar_bcast_ttt"}[bcast]
        raise NotModelledError(f"{what}: the {bcast} broadcast of shapes {list(p.shape)}, {list(t.shape)}, "
                               f"{list(f.shape)} ({kernel}) is not modelled by tensix.ttnn; only equal last two "
                               "dims (NONE / OUTER_BCAST) and COL_BCAST are.\nFix: ttnn.repeat the operands to "
                               "the output's last two dims first.")
    if bcast == "NONE":
        out_shape = tuple(p.shape)          # compute_output_specs: the predicate's logical shape
    out_dtype = output_tensor.dtype if output_tensor is not None else t.dtype
    if output_tensor is not None:
        if tuple(output_tensor.shape) != tuple(out_shape):
            raise ShapeError(f"{what}: When preallocted output tensor is used, Ternary operation requires its shape "
                             f"to match the computed shape. Computed shape: {list(out_shape)}, Shape in "
                             f"preallocated output tensor: {list(output_tensor.shape)}.\nFix: allocate "
                             f"output_tensor with shape {list(out_shape)}.")
        O.device_of(what, output_tensor)
        mc = memory_config if memory_config is not None else output_tensor.memory_config()
        out = output_tensor
    else:
        mc = memory_config if memory_config is not None else p.memory_config()
        from tensix.ttnn.operations.unary import make_output
        out = make_output(dev, out_shape, out_dtype, Layout.TILE, mc, None)
    if Shape(out_shape).volume() == 0:      # skip_launch
        return out
    # compute_program_hash: with the H, W of each operand (they pick the broadcast defines)
    hw = tuple((_dim(x.shape, -2), _dim(x.shape, -1)) for x in (p, t, f))
    key = ("ternary", "WHERE", "TTT", bcast, hw, mc, out.dtype, out.memory_config(),
           p.dtype, p.memory_config(), t.dtype, t.memory_config(), f.dtype, f.memory_config(), workers.ranges)
    O.run(what, dev, key, lambda: _factory(dev, workers, p, t, f, out, bcast), [p, t, f, out], [out],
          {"dtype": out.dtype.name, "bcast": bcast, "where_tile": _where_format(p.dtype)}, started)
    return out


def _typecast_predicate(p: Tensor, *values) -> bool:
    """ternary.cpp typecast_predicate: an integer predicate with float value tensors."""
    return p.dtype not in _FLOAT and all(v.dtype in _FLOAT for v in values)


def where(predicate, true_value, false_value, *, memory_config: MemoryConfig | None = None, output_tensor=None,
          sub_core_grids=None, **kwargs):
    """ttnn.where(predicate, true_value, false_value, *, memory_config=None, output_tensor=None,
    sub_core_grids=None): true_value where predicate != 0, else false_value (ternary.cpp ttnn::where). See the
    module docstring for the paths."""
    started = time.perf_counter()
    what = "ttnn.where"
    O.refuse_unknown_kwargs(what, kwargs)
    if not isinstance(predicate, Tensor):
        raise TTNNError(f"{what}: predicate must be a ttnn.Tensor, got {type(predicate).__name__}.")
    for name, v in (("true_value", true_value), ("false_value", false_value)):
        if not isinstance(v, Tensor) and not _is_scalar(v):
            raise TTNNError(f"{what}: {name} must be a ttnn.Tensor or a number, got {type(v).__name__}.")
    t_tensor, f_tensor = isinstance(true_value, Tensor), isinstance(false_value, Tensor)
    if not t_tensor and not f_tensor:
        return _where_tss(what, predicate, true_value, false_value, memory_config, output_tensor, sub_core_grids)
    if not (t_tensor and f_tensor):
        return _where_ts(what, predicate, true_value, false_value, memory_config, output_tensor, sub_core_grids,
                         started)
    dev = O.device_of(what, predicate, true_value, false_value)
    from tensix.ttnn.operations.unary import worker_grid
    workers = worker_grid(what, dev, sub_core_grids)
    cond = predicate
    bcast = broadcast_type(predicate.shape, true_value.shape, false_value.shape)
    if _typecast_predicate(predicate, true_value, false_value):
        from tensix.ttnn.operations.unary import typecast
        cond = typecast(predicate, true_value.dtype, sub_core_grids=sub_core_grids)
    if bcast == "INVALID_BCAST":        # where_impl: the composite of multiply / add
        from tensix.ttnn.operations.binary import add, multiply
        from tensix.ttnn.operations.unary import gtz, lez
        mc = memory_config if memory_config is not None else predicate.memory_config()
        return add(multiply(gtz(cond, memory_config=mc), true_value, memory_config=mc),
                   multiply(lez(cond, memory_config=mc), false_value, memory_config=mc),
                   memory_config=mc, output_tensor=output_tensor)
    return _prim_ternary(what, dev, workers, cond, true_value, false_value, memory_config, output_tensor, started)


# ---- the scalar forms ---------------------------------------------------------------------------------------------
def _where_tss(what, cond: Tensor, vt, vf, memory_config, output_tensor, sub_core_grids):
    """unary.cpp where_tss: an INT32 / UINT32 condition with a float number is typecast to FLOAT32; then unary_impl
    of UnaryOpType::WHERE_TSS {vt, vf} (two ints: the where<int32_t> overload, else both floats)."""
    from tensix.ttnn.operations.unary import typecast, unary_impl
    both_int = all(isinstance(v, int) for v in (vt, vf))
    params = (int(vt), int(vf)) if both_int else (float(vt), float(vf))
    if cond.dtype in (DataType.INT32, DataType.UINT32) and not both_int:
        cond = typecast(cond, DataType.FLOAT32, sub_core_grids=sub_core_grids)
    return unary_impl("where", cond, [("WHERE_TSS", params)], memory_config, output_tensor, sub_core_grids)


def _where_ts(what, predicate: Tensor, vt, vf, memory_config, output_tensor, sub_core_grids, started):
    """ternary.cpp TTS / TST: an integer predicate with a float tensor operand is typecast to the operand's dtype;
    then binary.cpp where_operation_with_scalar<WHERE_TTS / WHERE_TST>: prim::binary_ng(condition, tensor, op,
    dtype nullopt (the output takes the condition's dtype), memory_config or the tensor's, scalar)."""
    from tensix.ttnn.operations import binary as B
    from tensix.ttnn.operations.unary import make_output, typecast, worker_grid
    tts = isinstance(vt, Tensor)
    tensor, scalar = (vt, vf) if tts else (vf, vt)
    op = "WHERE_TTS" if tts else "WHERE_TST"
    dev = O.device_of(what, predicate, tensor)
    workers = worker_grid(what, dev, sub_core_grids)
    cond = predicate
    if _typecast_predicate(predicate, tensor):
        cond = typecast(predicate, tensor.dtype, sub_core_grids=sub_core_grids)
    mc = memory_config if memory_config is not None else tensor.memory_config()
    _refuse_unmodelled(what, (("predicate", cond), ("tensor operand", tensor)), mc, output_tensor)
    out_shape = B.broadcast_shape("where", tuple(cond.shape), tuple(tensor.shape))
    bc = B.subtile_broadcast_type(_dim(cond.shape, -2), _dim(cond.shape, -1), _dim(tensor.shape, -2),
                                  _dim(tensor.shape, -1))
    if bc != B.Bcast.NONE:
        raise NotModelledError(f"{what}: binary_ng {op} with the subtile broadcast {bc.name} (shapes "
                               f"{list(cond.shape)} and {list(tensor.shape)}; eltwise_where_sfpu*.cpp and the "
                               "broadcast readers) is not modelled by tensix.ttnn; equal last two dims are.\nFix: "
                               "ttnn.repeat the operands to the output's last two dims first.")
    if tensor.dtype == DataType.UINT32:
        raise TTNNError(f"{what}: binary_ng {op} with a UINT32 tensor operand defines FILL_LLK as "
                        "fill_tile_uint<DataFormat::UInt32>, which tt-metal 622c6fb9's compute API does not have "
                        "(api/compute/eltwise_unary/fill.h: fill_tile, fill_tile_int, fill_tile_bitcast): the compute "
                        "kernel does not compile.\nFix: an INT32 tensor operand.")
    out_dtype = output_tensor.dtype if output_tensor is not None else cond.dtype
    if output_tensor is not None:
        O.device_of(what, output_tensor)
        B._check_output_shape(what, tuple(output_tensor.shape), out_shape)
        out = output_tensor
        mc = output_tensor.memory_config() if memory_config is None else mc
    else:
        out = make_output(dev, out_shape, out_dtype, Layout.TILE, mc, None)
    if Shape(out_shape).volume() == 0:
        return out
    key = ("binary_ng", op, mc, out.dtype, cond.dtype, cond.memory_config(), tensor.dtype, tensor.memory_config(),
           workers.ranges)
    O.run(what, dev, key, lambda: _where_ts_factory(workers, op, cond, tensor, out), [cond, tensor, out], [out],
          {"dtype": out.dtype.name, "op": op, "where_tile": _where_format_ng(cond.dtype)}, started, runtime=scalar)
    return out


def _where_format_ng(dtype: DataType) -> str:
    """binary_ng_utils.cpp get_sfpu_init_fn(WHERE, a's dtype): Int32, UInt32, Float32, else Float16_b."""
    return {DataType.INT32: "Int32", DataType.UINT32: "UInt32", DataType.FLOAT32: "Float32"}.get(dtype, "Float16_b")


def _where_ts_factory(workers, op: str, a: Tensor, b: Tensor, c: Tensor):
    """binary_ng_program_factory.cpp for WHERE_TTS / WHERE_TST, interleaved tiles, no subtile broadcast: c_0 (the
    condition), c_1 (the tensor operand), c_2 (the output), 2 tiles each; reader_interleaved_no_bcast,
    eltwise_where_no_bcast, writer_interleaved_no_bcast; an SFPU op: every input CB UnpackToDestFp32, fp32 Dst as
    binary_ng decides it; one tile a cycle (no multi-tile for where); compute runtime arg 3 the scalar packed for
    b's dtype."""
    from tensix.kernel import fill_tile, fill_tile_int, where_tile, where_tile_init
    from tensix.ttnn.operations import binary as B
    from tensix.ttnn.operations.unary import range_cores, split_work
    crs = workers
    prog = mh.CreateProgram()
    a_fmt, b_fmt, c_fmt = data_format(a.dtype), data_format(b.dtype), data_format(c.dtype)
    O.cb(prog, crs, 0, 2, a_fmt)
    O.cb(prog, crs, 1, 2, b_fmt)
    O.cb(prog, crs, 2, 2, c_fmt)
    reader, compute, writer = "reader_binary_ng_no_bcast", "eltwise_where_no_bcast", "writer_binary_ng"
    rk = mh.CreateKernel(prog, O.kernel_path(f"eltwise/{reader}.py"), crs, ReaderDataMovementConfig(
        compile_args=O.accessor_args(a, b) + [0], defines={"SRC_SHARDED": 0, "SRC_SHARDED_B": 0, "BCAST_LLK": 0}))
    wk = mh.CreateKernel(prog, O.kernel_path(f"eltwise/{writer}.py"), crs, WriterDataMovementConfig(
        compile_args=O.accessor_args(c) + [0], defines={"SRC_SHARDED": 0, "DST_SHARDED": 0}))
    fp32 = B._fp32_dest(a_fmt, b_fmt, c_fmt)
    utd = {i: UnpackToDestMode.UnpackToDestFp32 for i in (0, 1, 3, 4, 5, 6)}
    fmt = _where_format_ng(a.dtype)
    if b.dtype == DataType.INT32:       # FILL_LLK fill_tile_int<DataFormat::Int32>, FILL_WITH_VALUE_INT
        def fill(idst, word):
            fill_tile_int(idst, word, "Int32")
        fill_kind = {"FILL_WITH_VALUE_INT": 1}
    else:                               # FILL_LLK fill_tile, FILL_WITH_VALUE_FLOAT: the word as a float
        def fill(idst, word):
            fill_tile(idst, word)
        fill_kind = {"FILL_WITH_VALUE_FLOAT": 1}

    def where_op(i0, i1, i2, o):
        where_tile(i0, i1, i2, o, fmt)

    defines = {"BINARY_SFPU_INIT": where_tile_init, "BINARY_SFPU_OP": where_op, "FILL_LLK": fill,
               "WHERE_TTS": int(op == "WHERE_TTS"), "WHERE_TST": int(op == "WHERE_TST"), "BCAST_INPUT": 0,
               **fill_kind}
    ck = mh.CreateKernel(prog, O.kernel_path(f"eltwise/{compute}.py"), crs, ComputeConfig(
        fp32_dest_acc_en=fp32, unpack_to_dest_mode=utd, compile_args=[1], defines=defines))
    entry = O.ProgramEntry(prog, None, 0, "binary_ng", {"reader": reader, "compute": compute, "writer": writer,
                                                        "fp32_dest_acc_en": fp32, "where_tile": fmt})
    cores = range_cores(workers, True)

    def set_args(tensors, scalar=None):
        ta, tb, tc = tensors
        rank = len(tc.shape)
        cnd = B._nd_dims(tc, rank)
        dims = [*B._shape_dims(tc), cnd]
        sa, sb = B._strides(ta, rank), B._strides(tb, rank)
        packed = B.pack_scalar_runtime_arg(scalar, tb.dtype)
        work = split_work(cores, tc.num_pages)
        start = 0
        for core in cores:
            n = work.get(core, 0)
            if n == 0:
                mh.SetRuntimeArgs(prog, rk, core, [0] * 21)
                mh.SetRuntimeArgs(prog, wk, core, [0] * 11)
                mh.SetRuntimeArgs(prog, ck, core, [0] * 4)
                continue
            mh.SetRuntimeArgs(prog, rk, core, [ta.buffer_address(), start, 0, n, 0, *sa, *dims,
                                               tb.buffer_address(), *sb, 0])
            mh.SetRuntimeArgs(prog, wk, core, [tc.buffer_address(), start, n, 0, *dims, 0])
            mh.SetRuntimeArgs(prog, ck, core, [n, 1, 0, packed])
            start += n
        entry.cores = len(work)

    entry.set_runtime_args = set_args
    return entry
