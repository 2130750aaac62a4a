"""ttnn.where, ttnn.addcmul and ttnn.addcdiv as tt-metal 622c6fb9 runs them.

Sources (tt-metal 622c6fb9, ttnn/cpp/ttnn/operations/eltwise/ternary/): ternary.cpp (ttnn::where: the
tensor / scalar variants and their dispatch, where_impl, typecast_predicate), ternary_nanobind.cpp (the Python
signature), device/ternary_device_operation.cpp (validate_on_program_cache_miss, compute_output_specs,
resolve_mem_config_actual, prim::ternary), device/ternary_op_utils.cpp (get_broadcast_type, kernel_config_map,
compute_broadcasted_output_ternary, get_compute_defines), device/ternary_program_factory.cpp (CBs, kernels, compute
config, runtime args). The kernels: tensix/ttnn/kernels/eltwise/ternary_*.py and eltwise_where_*.py (binary_ng's);
where_tile: tensix.kernel.

- where(cond, t, f), three tensors: an integer predicate with float t and f is typecast to t's dtype first. The
  broadcast type of the three shapes (get_broadcast_type) picks the path: INVALID_BCAST runs where_impl, the old
  composite add(multiply(gtz(cond), t), multiply(lez(cond), f)) (so a negative predicate selects f there, unlike
  the where_tile paths, as in tt-metal); the others run prim::ternary WHERE with ternary_writer_nobcast, compute
  where_tile<format of the predicate's dtype> and (kernel_config_map): NONE / OUTER_BCAST
  ternary_reader_nosubtilebcast_ttt + ternary_sfpu_no_bcast_ttt; COL_BCAST ternary_reader_colbcast_ttt +
  ternary_sfpu_col_scalar_bcast_ttt; ROW_BCAST ternary_reader_rowbcast_ttt + ternary_sfpu_no_bcast_ttt (the reader
  fills row 0 over the tile), or for three BFLOAT16 operands (is_llk_bcast) ternary_sfpu_row_bcast_ttt
  (unary_bcast<ROW> into c_4..c_6, BCAST_LLK 1: no fill; its unary_bcast_init turns the Src zero flag back on, so
  a -0.0 predicate selects f there); SCALAR_BCAST ternary_reader_scalar_ttt and ROW_COL_BCAST
  ternary_reader_row_col_bcast_ttt, both with ternary_sfpu_col_scalar_bcast_ttt. A block-float operand the reader
  would fill is refused (NotModelledError): ternary's make_dataflow_defines gives it the bfloat16 fill helpers.
- where(cond, t, number) / where(cond, number, f) (TTS / TST): an integer predicate with a float tensor is typecast
  first; then binary.cpp where_operation_with_scalar: prim::binary_ng WHERE_TTS / WHERE_TST (binary_ng
  program_factory / binary_ng_utils.cpp: the output takes the condition's dtype, the number packed for the tensor's
  dtype, a bfloat16 pair for BFLOAT16) with writer_interleaved_no_bcast and, by the subtile broadcast between the
  condition (a) and the tensor (b) (where_ts_kernels): NONE reader_interleaved_no_bcast + eltwise_where_no_bcast
  (fill_tile / fill_tile_int of the number, where_tile); ROW_A / ROW_B the row-broadcast reader with
  eltwise_where_sfpu_row_bcast (one dtype: the LLK broadcast) or eltwise_where_no_bcast (the reader fills);
  COL_* / SCALAR_* the column / scalar readers with eltwise_where_sfpu; ROW_A_COL_B / ROW_B_COL_A the mixed reader
  with eltwise_where_sfpu_row_col_bcast (one dtype) or eltwise_where_sfpu (the two LLK kernels' unary_bcast_init
  turns the Src zero flag back on: a 16-bit -0.0 condition selects the false value there). A UINT32 tensor operand
  is refused as tt-metal's build would fail (FILL_LLK = fill_tile_uint, which the compute API does not have).
- where(cond, number, number) (TSS): unary.cpp where_tss: an INT32 / UINT32 condition with a float number is
  typecast to FLOAT32; then UnaryOpType::WHERE_TSS on where_tss_kernel (tensix.ttnn.operations.unary).
- The compute kernels switch between the input CBs with copy_tile_to_dst_init_short, which keeps SrcA's data format:
  a condition and values of different formats would be misread on the card, and tensix refuses that copy
  (ComputeInitError).
- addcmul(a, b, c, *, value=1.0) / addcdiv(a, b, c, *, value=1.0) (ternary.cpp ttnn::addcmul / addcdiv,
  ternary_nanobind.cpp): out = a + value * b * c / a + value * b / c, three tensors only (TTT). addcmul takes
  BFLOAT16 / BFLOAT8_B / FLOAT32 / INT32 / UINT32 operands of one dtype; addcdiv refuses three INT32. prim::ternary
  ADDCMUL / ADDCDIV (the output: output_tensor's dtype, else a's) with the readers of `where` and the addc compute
  kernels (kernel_config_map): NONE / OUTER_BCAST / ROW_BCAST ternary_addc_ops_sfpu (ROW_BCAST: the reader fills),
  for three BFLOAT16 operands in ROW_BCAST (is_llk_bcast, is_fpu) ternary_addc_ops_fpu_rowbcast (unary_bcast<ROW>,
  BCAST_LLK 1); COL / SCALAR / ROW_COL_BCAST ternary_addc_ops_sfpu_bcast. The SFPU op is addcmul_tile /
  addcdiv_tile<Float32 for a FLOAT32 a, else Float16_b> (tensix.sfpi.llk_addc), its `value` the compute runtime arg
  3: the float32 bits of value (pack_compute_scalar_arg -> ternary_op_utils.cpp pack_scalar_runtime_arg for a float
  dtype). INT32 / UINT32 addcmul runs ternary_addcmul_int_sfpu(_bcast) (override_addcmul_compute_kernel: fill_tile_int
  of the value, mul_int_tile twice, add_int_tile; the value packed as an int32 / uint32 word). Not modelled
  (NotModelledError): the composite fallbacks _addcmul / _addcdiv (ternary_composite_op.cpp) that ternary.cpp takes
  for INVALID_BCAST, for a block-float operand in ROW / COL / SCALAR_BCAST (addcmul) and for any block-float operand
  (addcdiv). addcdiv
  does not check that the dtypes agree; operands of different formats are refused at copy_tile (ComputeInitError),
  as for where.
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

__all__ = ["where", "addcmul", "addcdiv"]

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


# ---- device/ternary_program_factory.cpp (TTT, interleaved) ------------------------------------------------------
_TTT_KERNELS = {    # kernel_config_map (WHERE, TTT): reader, compute (ROW_BCAST: ComputeNoBcastTTT unless is_llk_bcast)
    "NONE": ("ternary_reader_nosubtilebcast_ttt", "ternary_sfpu_no_bcast_ttt"),
    "OUTER_BCAST": ("ternary_reader_nosubtilebcast_ttt", "ternary_sfpu_no_bcast_ttt"),
    "COL_BCAST": ("ternary_reader_colbcast_ttt", "ternary_sfpu_col_scalar_bcast_ttt"),
    "ROW_BCAST": ("ternary_reader_rowbcast_ttt", "ternary_sfpu_no_bcast_ttt"),
    "SCALAR_BCAST": ("ternary_reader_scalar_ttt", "ternary_sfpu_col_scalar_bcast_ttt"),
    "ROW_COL_BCAST": ("ternary_reader_row_col_bcast_ttt", "ternary_sfpu_col_scalar_bcast_ttt"),
}


def _hw(shape):
    return _dim(shape, -2), _dim(shape, -1)


def detect_broadcasts(bcast: str, p, t, f) -> tuple:
    """ternary_program_factory.cpp detect_broadcasts (TTT): (pred_is_bcast, true_is_bcast, false_is_bcast). COL_BCAST
    and ROW_COL_BCAST: width 1 where another is wider (ROW_COL_BCAST: the column and scalar operands, read once per
    tile row); ROW_BCAST: height 1 where another is taller; SCALAR_BCAST: both; NONE / OUTER_BCAST: none."""
    (ph, pw), (th, tw), (fh, fw) = _hw(p), _hw(t), _hw(f)
    mh_, mw = max(ph, th, fh), max(pw, tw, fw)
    if bcast in ("COL_BCAST", "ROW_COL_BCAST"):
        return int(pw == 1 and mw > 1), int(tw == 1 and mw > 1), int(fw == 1 and mw > 1)
    if bcast == "ROW_BCAST":
        return int(ph == 1 and mh_ > 1), int(th == 1 and mh_ > 1), int(fh == 1 and mh_ > 1)
    if bcast == "SCALAR_BCAST":
        return tuple(int(h == 1 and mh_ > 1 and w == 1 and mw > 1) for h, w in ((ph, pw), (th, tw), (fh, fw)))
    return 0, 0, 0


def _row_col_defines(p, t, f) -> dict:
    """The ROW_COL_BCAST reader's SRC_ROW_BCAST_* (height 1, not width 1) and SRC_SCALAR_* (both)."""
    hws = (_hw(p), _hw(t), _hw(f))
    mh_, mw = max(h for h, _ in hws), max(w for _, w in hws)
    out = {}
    for tag, (h, w) in zip("ABC", hws):
        h1, w1 = h == 1 and mh_ > 1, w == 1 and mw > 1
        out[f"SRC_ROW_BCAST_{tag}"] = int(h1 and not w1)
        out[f"SRC_SCALAR_{tag}"] = int(h1 and w1)
    return out


def _filled(bcast: str, p, t, f) -> tuple:
    """Which operands the subtile-broadcast readers fill in L1 (FILL_TILE_WITH_FIRST_*; with BCAST_LLK the ROW_BCAST
    reader fills none): every operand that is not full in the last two dims."""
    if bcast in ("NONE", "OUTER_BCAST"):
        return (False,) * 3
    hws = (_hw(p), _hw(t), _hw(f))
    mh_, mw = max(h for h, _ in hws), max(w for _, w in hws)
    return tuple((h == 1 and mh_ > 1) or (w == 1 and mw > 1) for h, w in hws)


def is_llk_bcast(bcast: str, p: DataType, t: DataType, f: DataType) -> bool:
    """ternary_program_factory.cpp is_llk_bcast: ROW_BCAST of three BFLOAT16 operands."""
    return bcast == "ROW_BCAST" and p == t == f == DataType.BFLOAT16


def _addc_compute(bcast: str, llk: bool) -> str:
    """kernel_config_map (ADDCMUL / ADDCDIV, TTT) and get_kernel_file_path: ComputeNoBcastAddcOp for NONE / OUTER /
    ROW_BCAST, ComputeBcastAddcOp for COL / SCALAR / ROW_COL_BCAST; ROW_BCAST with is_llk_bcast becomes
    ComputeRowBcastAddcOp, which is ternary_addc_ops_fpu_rowbcast when is_fpu (three operands of one dtype, not
    FLOAT32 / INT32 / UINT32: always so for is_llk_bcast's three BFLOAT16)."""
    if llk:
        return "ternary_addc_ops_fpu_rowbcast"
    if bcast in ("COL_BCAST", "SCALAR_BCAST", "ROW_COL_BCAST"):
        return "ternary_addc_ops_sfpu_bcast"
    return "ternary_addc_ops_sfpu"


def _factory(device, workers, p: Tensor, t: Tensor, f: Tensor, out: Tensor, bcast: str, op: str = "WHERE"):
    """ternary_program_factory.cpp create_descriptor + populate_runtime_arguments for TTT on interleaved tiles:
    c_0..c_2 the inputs' formats, c_3 the output's (2 tiles each), for ROW_BCAST also c_4..c_6 (the operands'
    formats, 2 tiles each: ternary_sfpu_row_bcast_ttt's expanded tiles); the reader / compute kernels of
    kernel_config_map, ROW_BCAST of three bfloat16 operands switched to ternary_sfpu_row_bcast_ttt with BCAST_LLK 1;
    fp32 Dst for a 32-bit output, UnpackToDestFp32 for each float32 CB of c_0..c_3; the work split row-wise over the
    worker grid; compute runtime args (num_tiles, freq, counter, 0): (Wt, the start's column) for COL_BCAST /
    ROW_COL_BCAST, (Ht * Wt, the start's tile in its channel) for SCALAR_BCAST, (0, 0) otherwise."""
    from tensix.ttnn.operations.binary import _nd_dims, _shape_dims, _strides
    from tensix.ttnn.operations.unary import range_cores, split_work
    crs = workers
    prog = mh.CreateProgram()
    p_fmt, t_fmt, f_fmt, o_fmt = (data_format(x.dtype) for x in (p, t, f, out))
    for index, fmt in ((0, p_fmt), (1, t_fmt), (2, f_fmt)):
        O.cb(prog, crs, index, 2, fmt)          # num_tiles_per_cb = 2
    if bcast == "ROW_BCAST":
        for index, fmt in ((4, p_fmt), (5, t_fmt), (6, f_fmt)):
            O.cb(prog, crs, index, 2, fmt)
    O.cb(prog, crs, 3, 2, o_fmt)
    reader, compute = _TTT_KERNELS[bcast]
    llk = is_llk_bcast(bcast, p.dtype, t.dtype, f.dtype)
    if llk:
        compute = "ternary_sfpu_row_bcast_ttt"
    addcmul_int = op == "ADDCMUL" and out.dtype in (DataType.INT32, DataType.UINT32)
    if op != "WHERE":   # use_addcmul_int_kernel: override_addcmul_compute_kernel (no LLK broadcast for integers)
        compute = _addc_compute(bcast, llk)
        if addcmul_int:
            compute = ("ternary_addcmul_int_sfpu" if compute == "ternary_addc_ops_sfpu"
                       else "ternary_addcmul_int_sfpu_bcast")
    writer = "ternary_writer_nobcast"
    flags = detect_broadcasts(bcast, p.shape, t.shape, f.shape)
    reader_defines = {"SRC_SHARDED_A": 0, "SRC_SHARDED_B": 0, "SRC_SHARDED_C": 0, "SRC_BCAST_A": flags[0],
                      "SRC_BCAST_B": flags[1], "SRC_BCAST_C": flags[2], "BCAST_LLK": int(llk)}
    if bcast == "ROW_COL_BCAST":
        reader_defines.update(_row_col_defines(p.shape, t.shape, f.shape))
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
    if addcmul_int:     # get_addcmul_int_kernel_defines
        fmt = "UInt32" if out.dtype == DataType.UINT32 else "Int32"
        compute_defines["ADDCMUL_DATA_FORMAT"] = fmt
    elif op != "WHERE":
        fmt = "Float32" if p.dtype == DataType.FLOAT32 else "Float16_b"     # get_compute_defines(ADDC*, a's dtype)
        compute_defines.update(_addc_defines(op, fmt))
    ck = mh.CreateKernel(prog, O.kernel_path(f"eltwise/{compute}.py"), crs, ComputeConfig(
        fp32_dest_acc_en=fp32, unpack_to_dest_mode=utd, compile_args=[1, 0], defines=compute_defines))
    entry = O.ProgramEntry(prog, None, 0, "ternary", {"reader": reader, "compute": compute, "writer": writer,
                                                      "fp32_dest_acc_en": fp32,
                                                      ("where_tile" if op == "WHERE" else op.lower()): fmt,
                                                      "bcast_llk": llk})
    cores = range_cores(workers, True)

    def set_args(tensors, scalar_bits=None):
        tp, tt, tf, to = tensors
        scalar_bits = 0 if scalar_bits is None else scalar_bits   # pack_compute_scalar_arg: 0 for TTT where
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
            if bcast in ("COL_BCAST", "ROW_COL_BCAST"):
                freq, counter = wt, start % (ht * wt) % wt
            elif bcast == "SCALAR_BCAST":
                freq, counter = ht * wt, start % (ht * wt)
            else:
                freq, counter = 0, 0
            mh.SetRuntimeArgs(prog, ck, core, [k, freq, counter, scalar_bits])
            start += k
        entry.cores = len(work)

    entry.set_runtime_args = set_args
    return entry


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


def _refuse_block_float_fill(what, bcast, p: Tensor, t: Tensor, f: Tensor):
    """The TTT subtile-broadcast readers fill a broadcast operand's tile in L1 with the FILL_TILE_WITH_FIRST_* of
    ternary_op_utils.cpp make_dataflow_defines, which for every dtype but FLOAT32 / INT32 / UINT32 is the bfloat16
    variant: on a BFLOAT8_B / BFLOAT4_B tile (1088 / 576 bytes) it stores 2 KiB as if the tile held 1024 16-bit
    datums, past the page. What the card then computes is not modelled."""
    for name, x, filled in zip(("predicate", "true_value", "false_value"), (p, t, f), _filled(bcast, p.shape, t.shape,
                                                                                               f.shape)):
        if filled and x.dtype in (DataType.BFLOAT8_B, DataType.BFLOAT4_B):
            raise NotModelledError(f"{what}: a {x.dtype.name} {name} broadcast by the {bcast} reader (shapes "
                                   f"{list(p.shape)}, {list(t.shape)}, {list(f.shape)}) is not modelled: tt-metal "
                                   "622c6fb9's ternary make_dataflow_defines gives block-float operands the bfloat16 "
                                   "FILL_TILE_WITH_FIRST_* helpers, which store 2 KiB over a block-float tile's "
                                   f"{1088 if x.dtype == DataType.BFLOAT8_B else 576}-byte page.\nFix: "
                                   "ttnn.typecast the operands to bfloat16, or ttnn.repeat the broadcast operand to "
                                   "the output's last two dims.")


def _prim_ternary(what, dev, workers, p: Tensor, t: Tensor, f: Tensor, memory_config, output_tensor, started,
                  op: str = "WHERE", scalar_bits=None):
    """prim::ternary(op, p, t, f[, scalar]): validate_on_program_cache_miss, compute_output_specs, the program
    (scalar_bits: ADDCMUL / ADDCDIV's packed value, a runtime arg outside the program hash)."""
    bcast = broadcast_type(p.shape, t.shape, f.shape)
    out_shape = broadcast_shape(what, p.shape, t.shape, f.shape)
    if p.layout != Layout.TILE:
        raise LayoutError(f"{what}: Ternary operation requires tensor to be in Tile layout when working with "
                          f"non-sharded input tensor. Input tensor layout: {p.layout!r}.\nFix: "
                          "ttnn.to_layout(predicate, ttnn.TILE_LAYOUT).")
    _refuse_unmodelled(what, (("predicate", p), ("true_value", t), ("false_value", f)), memory_config,
                       output_tensor)
    if not is_llk_bcast(bcast, p.dtype, t.dtype, f.dtype):
        _refuse_block_float_fill(what, bcast, p, t, f)
    if bcast == "NONE":
        out_shape = tuple(p.shape)          # compute_output_specs: the predicate's logical shape
    out_dtype = output_tensor.dtype if output_tensor is not None else (t.dtype if op == "WHERE" else p.dtype)
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
    key = ("ternary", op, "TTT", bcast, hw, mc, out.dtype, out.memory_config(),
           p.dtype, p.memory_config(), t.dtype, t.memory_config(), f.dtype, f.memory_config(), workers.ranges)
    O.run(what, dev, key, lambda: _factory(dev, workers, p, t, f, out, bcast, op), [p, t, f, out], [out],
          {"dtype": out.dtype.name, "bcast": bcast, ("where_tile" if op == "WHERE" else op.lower()):
           _where_format(p.dtype) if op == "WHERE" else ("Float32" if p.dtype == DataType.FLOAT32 else "Float16_b")},
          started, runtime=scalar_bits)
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
    from tensix.ttnn import sub_device      # get_worker_grid: sharded operands are refused, so no native path here
    from tensix.ttnn.operations.unary import worker_grid
    workers = worker_grid(what, dev, sub_device.op_worker_grid(dev, sub_core_grids, output_tensor, memory_config))
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
    from tensix.ttnn import sub_device      # binary_ng's get_worker_grid, with prim::binary_ng's memory config
    workers = worker_grid(what, dev, sub_device.op_worker_grid(
        dev, sub_core_grids, output_tensor, memory_config if memory_config is not None else tensor.memory_config()))
    cond = predicate
    if _typecast_predicate(predicate, tensor):
        cond = typecast(predicate, tensor.dtype, sub_core_grids=sub_core_grids)
    mc = memory_config if memory_config is not None else tensor.memory_config()
    _refuse_unmodelled(what, (("predicate", cond), ("tensor operand", tensor)), mc, output_tensor)
    out_shape = B.broadcast_shape("where", tuple(cond.shape), tuple(tensor.shape))
    bc = B.subtile_broadcast_type(_dim(cond.shape, -2), _dim(cond.shape, -1), _dim(tensor.shape, -2),
                                  _dim(tensor.shape, -1))
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
    # compute_program_hash: the attributes (subtile_broadcast_type among them), a's and b's dtype and memory config
    key = ("binary_ng", op, bc, mc, out.dtype, cond.dtype, cond.memory_config(), tensor.dtype,
           tensor.memory_config(), workers.ranges)
    O.run(what, dev, key, lambda: _where_ts_factory(workers, op, cond, tensor, out, bc), [cond, tensor, out], [out],
          {"dtype": out.dtype.name, "op": op, "bcast": bc.name, "where_tile": _where_format_ng(cond.dtype)}, started,
          runtime=scalar)
    return out


def _where_format_ng(dtype: DataType) -> str:
    """binary_ng_utils.cpp get_sfpu_init_fn(WHERE, a's dtype): Int32, UInt32, Float32, else Float16_b."""
    return {DataType.INT32: "Int32", DataType.UINT32: "UInt32", DataType.FLOAT32: "Float32"}.get(dtype, "Float16_b")


def where_ts_kernels(bc, a_dtype: DataType, b_dtype: DataType):
    """The kernels binary_ng picks for WHERE_TTS / WHERE_TST on interleaved tiles (BinaryNgKernelConfig,
    get_reader_kernel_name_and_defines, get_kernel_file_path with is_where_op, is_llk_bcast on Wormhole: a subtile
    broadcast of operands of one dtype among BFLOAT16 / BFLOAT8_B / BFLOAT4_B / FLOAT32 / INT32 / UINT32 / UINT16,
    which the factory then drops for where's COL / SCALAR broadcasts; overwrite_compute_kernel_name_and_defines):
    (reader, compute, reader defines, compute defines, use_llk)."""
    from tensix.ttnn.operations import binary as B
    Bc = B.Bcast
    use_llk = B._is_llk_bcast(bc, a_dtype, b_dtype) and bc not in (Bc.COL_A, Bc.COL_B, Bc.SCALAR_A, Bc.SCALAR_B)
    bcast_input = {Bc.SCALAR_A: 0, Bc.SCALAR_B: 1, Bc.COL_A: 0, Bc.ROW_B_COL_A: 0, Bc.COL_B: 1,
                   Bc.ROW_A_COL_B: 1}.get(bc, 0)
    compute_defines = {"BCAST_INPUT": bcast_input}
    if bc == Bc.NONE:
        return "reader_binary_ng_no_bcast", "eltwise_where_no_bcast", {"BCAST_LLK": 0}, compute_defines, False
    if bc in (Bc.ROW_A, Bc.ROW_B):
        reader = "reader_binary_ng_row_bcast"
        reader_defines = {"SRC_BCAST": int(bc == Bc.ROW_A), "SRC_BCAST_B": int(bc == Bc.ROW_B)}
        compute = "eltwise_where_no_bcast"          # ComputeNoBcast
        if use_llk:                                 # ComputeRowBcastNg
            compute = "eltwise_where_sfpu_row_bcast"
            compute_defines.update(reader_defines)
    elif bc in (Bc.COL_A, Bc.COL_B):
        reader = "reader_binary_ng_col_bcast"
        reader_defines = {"SRC_BCAST": int(bc == Bc.COL_A), "SRC_BCAST_B": int(bc == Bc.COL_B)}
        compute = "eltwise_where_sfpu"              # ComputeBcast
    elif bc in (Bc.SCALAR_A, Bc.SCALAR_B):
        reader = "reader_binary_ng_scalar_bcast"
        reader_defines = {"SRC_BCAST": int(bc == Bc.SCALAR_A), "SRC_BCAST_B": int(bc == Bc.SCALAR_B)}
        compute = "eltwise_where_sfpu"
    else:
        reader = "reader_binary_ng_row_col_mixed_bcast"
        reader_defines = {"SRC_BCAST_COL": int(bc == Bc.ROW_B_COL_A), "SRC_BCAST_ROW_B": int(bc == Bc.ROW_B_COL_A)}
        compute = "eltwise_where_sfpu_row_col_bcast" if use_llk else "eltwise_where_sfpu"
    reader_defines["BCAST_LLK"] = int(use_llk)
    return reader, compute, reader_defines, compute_defines, use_llk


def _where_ts_factory(workers, op: str, a: Tensor, b: Tensor, c: Tensor, bc):
    """binary_ng_program_factory.cpp for WHERE_TTS / WHERE_TST, interleaved tiles: c_0 (the condition), c_1 (the
    tensor operand), c_2 (the output), 2 tiles each, and for a broadcast of a / b c_5 / c_6 (its format, 2 tiles:
    the LLK broadcast's expanded tile); the reader / compute kernels of where_ts_kernels, writer_interleaved_no_bcast;
    an SFPU op: every input CB UnpackToDestFp32, fp32 Dst as binary_ng decides it; one tile a cycle (no multi-tile
    for where); compute runtime args (num_tiles, freq, counter of calculate_compute_kernel_args, the scalar packed
    for b's dtype)."""
    from tensix.kernel import fill_tile, fill_tile_int, where_tile, where_tile_init
    from tensix.ttnn.operations import binary as B
    from tensix.ttnn.operations.unary import range_cores, split_work
    crs = workers
    prog = mh.CreateProgram()
    a_fmt, b_fmt, c_fmt = data_format(a.dtype), data_format(b.dtype), data_format(c.dtype)
    O.cb(prog, crs, 0, 2, a_fmt)
    O.cb(prog, crs, 1, 2, b_fmt)
    if bc in (B.Bcast.ROW_A, B.Bcast.ROW_A_COL_B, B.Bcast.COL_A, B.Bcast.SCALAR_A):
        O.cb(prog, crs, 5, 2, a_fmt)
    if bc in (B.Bcast.ROW_B, B.Bcast.ROW_B_COL_A, B.Bcast.COL_B, B.Bcast.SCALAR_B):
        O.cb(prog, crs, 6, 2, b_fmt)
    O.cb(prog, crs, 2, 2, c_fmt)
    reader, compute, reader_defines, bcast_defines, use_llk = where_ts_kernels(bc, a.dtype, b.dtype)
    writer = "writer_binary_ng"
    rk = mh.CreateKernel(prog, O.kernel_path(f"eltwise/{reader}.py"), crs, ReaderDataMovementConfig(
        compile_args=O.accessor_args(a, b) + [0], defines={"SRC_SHARDED": 0, "SRC_SHARDED_B": 0, **reader_defines}))
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
               "WHERE_TTS": int(op == "WHERE_TTS"), "WHERE_TST": int(op == "WHERE_TST"), **bcast_defines,
               **fill_kind}
    ck = mh.CreateKernel(prog, O.kernel_path(f"eltwise/{compute}.py"), crs, ComputeConfig(
        fp32_dest_acc_en=fp32, unpack_to_dest_mode=utd, compile_args=[1], defines=defines))
    entry = O.ProgramEntry(prog, None, 0, "binary_ng", {"reader": reader, "compute": compute, "writer": writer,
                                                        "fp32_dest_acc_en": fp32, "where_tile": fmt,
                                                        "bcast_llk": use_llk})
    cores = range_cores(workers, True)

    def set_args(tensors, scalar=None):
        ta, tb, tc = tensors
        rank = len(tc.shape)
        cnd = B._nd_dims(tc, rank)
        dims = [*B._shape_dims(tc), cnd]
        c_ht, c_wt = dims[3], dims[4]
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
            freq, counter = B._compute_freq(bc, start, c_ht, c_wt)
            mh.SetRuntimeArgs(prog, ck, core, [n, freq, counter, packed])
            start += n
        entry.cores = len(work)

    entry.set_runtime_args = set_args
    return entry


# ---- addcmul / addcdiv ----------------------------------------------------------------------------------------------
def _addc_defines(op: str, fmt: str) -> dict:
    """get_compute_defines(ADDCMUL / ADDCDIV): TERNARY_SFPU_OP_INIT addcmul_tile_init / addcdiv_tile_init,
    TERNARY_SFPU_OP_FUNC addcmul_tile / addcdiv_tile<DataFormat::fmt>(idst0, idst1, idst2, odst, value) (tensix's
    registered form: the tiles as template parameters, the call at Dst tile 0; tensix.sfpi.llk_addc)."""
    import tensix.kernel as K
    name = op.lower()
    tile, init = getattr(K, f"{name}_tile"), getattr(K, f"{name}_tile_init")

    def op_init():
        init(data_format=fmt, version="622c6fb9")

    def op_func(i0, i1, i2, o, value):
        tile(0, value, data_format=fmt, idst0=i0, idst1=i1, idst2=i2, odst=o, version="622c6fb9")

    return {"TERNARY_SFPU_OP_INIT": op_init, "TERNARY_SFPU_OP_FUNC": op_func}


def _pack_value(value, dtype: DataType) -> int:
    """ternary_op_utils.cpp pack_scalar_runtime_arg: for the float dtypes the float32 bits of (float) value (an int
    value of the ScalarVariant is static_cast<float> first); for INT32 / UINT32 an int value's bits, a float value
    truncated toward zero (static_cast<int32_t>, or through int64 for UINT32) and taken modulo 2^32."""
    import struct

    import numpy as np
    if dtype in (DataType.INT32, DataType.UINT32):
        v = int(value) if isinstance(value, (int, np.integer)) else int(np.trunc(np.float32(value)))
        return v & 0xFFFFFFFF
    return struct.unpack("<I", struct.pack("<f", float(value)))[0]


def _addc(op: str, what: str, input_a, input_b, input_c, value, memory_config, output_tensor, kwargs):
    started = time.perf_counter()
    O.refuse_unknown_kwargs(what, kwargs)
    for name, x in (("input_a", input_a), ("input_b", input_b), ("input_c", input_c)):
        if not isinstance(x, Tensor):
            raise TTNNError(f"{what}: {name} must be a ttnn.Tensor (only the TTT variant is bound), got "
                            f"{type(x).__name__}.")
    if not _is_scalar(value):
        raise TTNNError(f"{what}: value must be a number, got {type(value).__name__}.")
    a, b, c = input_a, input_b, input_c
    if op == "ADDCMUL":
        if a.dtype not in (DataType.BFLOAT16, DataType.FLOAT32, DataType.INT32, DataType.BFLOAT8_B,
                           DataType.UINT32):
            raise TTNNError(f"{what}: Addcmul supports only BFLOAT16, BFLOAT8_B, FLOAT32, INT32, and UINT32 dtypes. "
                            f"Got {a.dtype.name}.")
        if not (b.dtype == a.dtype and c.dtype == a.dtype):
            raise TTNNError(f"{what}: Addcmul TTT requires all input tensors to have the same dtype. Got "
                            f"input_a={a.dtype.name}, input_b={b.dtype.name}, input_c={c.dtype.name}.\nFix: "
                            "ttnn.typecast them to one dtype.")
    elif a.dtype == b.dtype == c.dtype == DataType.INT32:
        raise TTNNError(f"{what}: Addcdiv TTT does not support INT32 inputs.")
    bcast = broadcast_type(a.shape, b.shape, c.shape)
    block = any(x.dtype in (DataType.BFLOAT8_B, DataType.BFLOAT4_B) for x in (a, b, c))
    subtile = bcast in ("ROW_BCAST", "COL_BCAST", "SCALAR_BCAST")
    if bcast == "INVALID_BCAST" or (block and (subtile if op == "ADDCMUL" else True)):
        why = "an INVALID_BCAST of the shapes" if bcast == "INVALID_BCAST" else f"a block-float operand ({bcast})"
        raise NotModelledError(f"{what}: ternary.cpp takes the composite fallback _{op.lower()} "
                               f"(ternary_composite_op.cpp) for {why} (shapes {list(a.shape)}, {list(b.shape)}, "
                               f"{list(c.shape)}; dtypes {a.dtype.name}, {b.dtype.name}, {c.dtype.name}); tensix does "
                               "not model that path.\nFix: ttnn.typecast block-float operands to bfloat16, or "
                               "ttnn.repeat operands to broadcastable shapes.")
    out_dtype = output_tensor.dtype if output_tensor is not None else a.dtype
    dev = O.device_of(what, a, b, c)
    from tensix.ttnn import sub_device      # get_worker_grid (sharded operands are refused)
    from tensix.ttnn.operations.unary import worker_grid
    workers = worker_grid(what, dev, sub_device.op_worker_grid(dev, None, output_tensor, memory_config))
    return _prim_ternary(what, dev, workers, a, b, c, memory_config, output_tensor, started, op,
                         _pack_value(value, out_dtype))


def addcmul(input_a, input_b, input_c, *, value=1.0, memory_config: MemoryConfig | None = None,
            output_tensor=None, **kwargs):
    """ttnn.addcmul(input_a, input_b, input_c, *, value=1.0, memory_config=None, output_tensor=None):
    input_a + value * input_b * input_c (ternary.cpp ttnn::addcmul; see the module docstring)."""
    return _addc("ADDCMUL", "ttnn.addcmul", input_a, input_b, input_c, value, memory_config, output_tensor, kwargs)


def addcdiv(input_a, input_b, input_c, *, value=1.0, memory_config: MemoryConfig | None = None,
            output_tensor=None, **kwargs):
    """ttnn.addcdiv(input_a, input_b, input_c, *, value=1.0, memory_config=None, output_tensor=None):
    input_a + value * input_b / input_c (ternary.cpp ttnn::addcdiv; see the module docstring)."""
    return _addc("ADDCDIV", "ttnn.addcdiv", input_a, input_b, input_c, value, memory_config, output_tensor, kwargs)
