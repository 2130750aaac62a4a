"""ttnn's kernel library for reductions (tt-metal 622c6fb9 ttnn/cpp/ttnn/kernel_lib/), as kernels call it:

- dataflow: ``prepare_reduce_scaler`` (reduce_helpers_dataflow.inl): the scaler tile the reduce LLK (row 0 of
  every face) or the matmul-based row reduce (column 0 of the left faces) reads;
- compute: ``reduce`` (reduce_helpers_compute.inl, ``compute_kernel_lib::reduce``) with its input policies,
  data-format reconfiguration modes, accumulation and post-reduce op; ``reduce_with_matmul_init`` /
  ``reduce_matmul_tiles``: a SUM or AVG along REDUCE_ROW is a matmul of the input tile by the column-0 scaler tile at
  HiFi4 (REDUCE_MATMUL_FIDELITY), whatever the kernel's math fidelity;
- ``dest_auto_limit`` (dest_helpers.hpp DEST_AUTO_LIMIT): the Dst tiles of the compute kernel's mode.

Kernels import it: ``from tensix.ttnn.kernels.reduction import reduce_lib as R``. The template parameters of the C++
helpers are keyword arguments. Only the float datapath (FPU GAPOOL/GMPOOL and matmul) is modelled: the Int32 SFPU
max path raises NotModelledError."""

from __future__ import annotations

import enum

import numpy as np

from tensix.device import formats, fpu
from tensix.errors import NotModelledError
from tensix.kernel import (PoolType, ReduceDim, cb_pop_front, cb_push_back, cb_reserve_back, cb_wait_front,
                           copy_tile, copy_tile_to_dst_init_short, get_dataformat, get_tile_size, get_write_ptr,
                           l1_ptr, pack_reconfig_data_format, pack_tile, reconfig_data_format,
                           reconfig_data_format_srca, reduce_init, reduce_tile, reduce_uninit, tile_regs_acquire,
                           tile_regs_commit, tile_regs_release, tile_regs_wait)
from tensix.kernel import compute as _C
from tensix.kernel import hwconfig
from tensix.metalium.types import DataFormat

REDUCE_MATMUL_FIDELITY = "HiFi4"


class ReduceInputPolicy(enum.Enum):
    WaitAndPopPerTile = 0
    BulkWaitBulkPop = 1
    WaitUpfrontNoPop = 2
    NoWaitNoPop = 3


class ReduceDataFormatReconfigMode(enum.Enum):
    NONE = 0
    INPUT = 1
    OUTPUT = 2
    INPUT_AND_OUTPUT = 3


class Accumulate:
    """compute_kernel_lib::Accumulate::at(cb, iteration, dst): reload the running result from `cb` (all but the first
    iteration) into Dst `dst` before reducing more tiles onto it."""

    __slots__ = ("cb_accumulator", "iteration", "dst_index")

    def __init__(self, cb, iteration=0, dst=0):
        self.cb_accumulator, self.iteration, self.dst_index = cb, iteration, dst

    @classmethod
    def at(cls, cb, iteration, dst=0):
        return cls(cb, iteration, dst)

    def is_first(self):
        return self.iteration == 0


def reduce_post_mul(enabled):
    """The REDUCE_POST_MUL post-reduce op of the reduce kernels (reduce_helpers_compute.inl detail::reduce_post_mul_tile,
    float formats): binop_with_scalar_tile_init, then mul_unary_tile of the result by the float whose bits are
    compile-time arg 3 (GMPOOL takes only the scaler's exponent, so max / min multiply afterwards). None when the
    kernel's REDUCE_POST_MUL define (`enabled`) is off."""
    if not enabled:
        return None
    from tensix.kernel import binop_with_scalar_tile_init, get_compile_time_arg_val, mul_unary_tile
    bits = get_compile_time_arg_val(3)

    def post_mul(dst):
        binop_with_scalar_tile_init()
        mul_unary_tile(dst, bits)
    return post_mul


def reduce_uses_matmul(pool, dim) -> bool:
    """reduce_helpers_common.hpp: SUM/AVG along REDUCE_ROW runs as a matmul with a column-0 scaler."""
    return PoolType(pool) in (PoolType.SUM, PoolType.AVG) and ReduceDim(dim) == ReduceDim.REDUCE_ROW


def dest_auto_limit(fp32_dest_acc: bool, full_sync: bool) -> int:
    """dest_helpers.hpp get_dest_limit: Dst tiles for the sync and accumulation modes."""
    if full_sync:
        return 8 if fp32_dest_acc else 16
    return 4 if fp32_dest_acc else 8


def compute_dest_auto_limit() -> int:
    """DEST_AUTO_LIMIT in a compute kernel (from its ComputeConfig: DST_ACCUM_MODE, DST_SYNC_MODE)."""
    th, cs = _C._cs("DEST_AUTO_LIMIT")
    return dest_auto_limit(cs.fp32, cs.full)


# ---------------------------------------------------------------------------------------------- dataflow
def _f32_bits(x: float) -> int:
    return int(np.float32(x).view(np.uint32))


def prepare_reduce_scaler(cb_id, pool, dim, scaler_f, compute_uses_reduce_tile=False, valid=32):
    """dataflow_kernel_lib::prepare_reduce_scaler<cb, pool, dim, compute_uses_reduce_tile>(scaler_f): reserve a
    page of `cb_id`, zero it (noc.async_write_zeros), write the scaler and push it. The float goes to the CB's
    format by truncation (Float16_b: the top 16 bits of the float32, float_to_scaler_bits). Row-0 fill of every
    face for the reduce LLK; column-0 fill of faces 0 and 2 for the matmul path (SUM/AVG along REDUCE_ROW unless
    `compute_uses_reduce_tile`). `valid` < 32 fills only the first valid elements along the reduced dimension
    (fill_each_face_row0_partial / fill_tile_col0_partial)."""
    fmt = get_dataformat(cb_id)
    if fmt not in (DataFormat.Float16_b, DataFormat.Float32):
        raise NotModelledError(f"prepare_reduce_scaler: the scaler CB {int(cb_id)} is {fmt.name}; tt-metal's helper "
                               "supports Float16_b and Float32 only (static_assert).")
    fp32 = fmt == DataFormat.Float32
    use_matmul = not compute_uses_reduce_tile and reduce_uses_matmul(pool, dim)
    dim = ReduceDim(dim)
    cb_reserve_back(cb_id, 1)
    addr = get_write_ptr(cb_id)
    size = get_tile_size(cb_id)
    w = l1_ptr(addr, np.uint32, size // 4)
    w[:] = 0
    bits = _f32_bits(scaler_f)
    face = 256 if fp32 else 128          # u32 words per face
    row = 16 if fp32 else 8              # u32 words per face row
    if use_matmul:
        s = bits if fp32 else bits >> 16     # float_to_col0_scaler_bits: column 0 only
        if s:
            for fr in range(2):
                rows = max(0, min(16, valid - 16 * fr))
                base = fr * 2 * face
                w[base:base + rows * row:row] = s
    else:
        s = bits if fp32 else ((bits >> 16) << 16) | (bits >> 16)
        if s:
            if valid >= 32 or dim == ReduceDim.REDUCE_SCALAR:
                for f in range(4):
                    w[f * face:f * face + row] = s
            else:
                for fr in range(2):
                    for fc in range(2):
                        start = (fc if dim == ReduceDim.REDUCE_ROW else fr) * 16
                        n = max(0, min(16, valid - start))
                        base = (fr * 2 + fc) * face
                        if fp32:
                            w[base:base + n] = s
                        else:
                            w[base:base + n // 2] = s
                            if n & 1:
                                w[base + n // 2] = s & 0xFFFF
    cb_push_back(cb_id, 1)


def calculate_and_prepare_reduce_scaler(cb_id, pool, dim, reduce_factor=1, compute_uses_reduce_tile=False,
                                        valid=32):
    """calculate_and_prepare_reduce_scaler: 1/N for AVG along a row or column, 1/sqrt(N) for AVG over both (the
    LLK applies it twice), 1.0 for SUM and MAX."""
    if PoolType(pool) == PoolType.AVG:
        n = float(np.float32(reduce_factor))
        if ReduceDim(dim) == ReduceDim.REDUCE_SCALAR:
            s = np.float32(1.0) / np.sqrt(np.float32(n))
        else:
            s = np.float32(1.0) / np.float32(n)
    else:
        s = 1.0
    prepare_reduce_scaler(cb_id, pool, dim, float(s), compute_uses_reduce_tile, valid)


# ----------------------------------------------------------------------------------------------- compute
def reduce_with_matmul_init(in0_cb, in1_cb):
    """reduce_with_matmul_init(in0, in1): state_configure(in1, in0) and the matmul unpack/math init (no transpose) at
    REDUCE_MATMUL_FIDELITY; the packer is left as it is."""
    th, cs = _C._cs("reduce_with_matmul_init")
    cs.mm_transpose = False
    _C._configure("reduce_with_matmul_init", op=hwconfig.MATMUL)


def reduce_with_matmul_init_with_dt(in0_cb, in1_cb, old_srca_cb):
    """reduce_with_matmul_init_with_dt: SrcA's format from in1 (the scaler), then reduce_with_matmul_init."""
    _C._configure("reduce_with_matmul_init_with_dt", src=(in1_cb, None))
    reduce_with_matmul_init(in0_cb, in1_cb)


def reduce_matmul_tiles(in0_cb, in1_cb, i0, i1, idst):
    """reduce_matmul_tiles: Dst[idst] += in0 @ in1 (llk_unpack_AB_matmul + llk_math_matmul<HiFi4>): the input tile
    times the column-0 scaler tile, at HiFi4 whatever the kernel's MATH_FIDELITY."""
    th, cs = _C._cs("reduce_matmul_tiles")
    if cs.mm_transpose:
        raise NotModelledError("reduce_matmul_tiles after a transposing matmul init: the reduce helper's init has "
                               "no transpose.")
    # the product is queued as matmul_tiles' are (tensix.kernel.matmul_batch: the same numbers as fpu.matmul at
    # REDUCE_MATMUL_FIDELITY, run with the other cores' when this Dst is next read; the same checks and costs)
    _C._mm_queue("reduce_matmul_tiles", th, cs, in0_cb, in1_cb, i0, i1, idst, 1, 1, 1, False,
                 REDUCE_MATMUL_FIDELITY)


def _reduce_init_short_with_dt(pool, dim, old_cb, in_cb, scaler_cb):
    """reduce_init_short_with_dt: SrcA format from in_cb, the reduce unpack and math; the packer (and its edge mask)
    stays as reduce_init left it."""
    _C._configure("reduce_init_short_with_dt", op=hwconfig.reduce(PoolType(pool).value, ReduceDim(dim).value),
                  src=(in_cb, None))


def _reload_accumulator(accumulate, pool, dim, in_cb, scaler_cb, use_matmul):
    """reload_accumulator_if_needed: the running result back into Dst before more tiles are reduced onto it. For MAX
    along REDUCE_ROW (GMPOOL) the copy transposes within each face: GMPOOL accumulates in row 0 of faces 0 and 2,
    the result was packed from column 0 (tensix.kernel.compute._reduce_row_accumulator)."""
    if accumulate is None or accumulate.is_first():
        return
    within_face = PoolType(pool) == PoolType.MAX and ReduceDim(dim) == ReduceDim.REDUCE_ROW
    cb_wait_front(accumulate.cb_accumulator, 1)
    reconfig_data_format_srca(scaler_cb if use_matmul else in_cb, accumulate.cb_accumulator)
    copy_tile_to_dst_init_short(accumulate.cb_accumulator, 0, 1 if within_face else 0)
    copy_tile(accumulate.cb_accumulator, 0, accumulate.dst_index)
    cb_pop_front(accumulate.cb_accumulator, 1)
    if use_matmul:
        reduce_with_matmul_init_with_dt(in_cb, scaler_cb, accumulate.cb_accumulator)
    else:
        _reduce_init_short_with_dt(pool, dim, accumulate.cb_accumulator, in_cb, scaler_cb)


def _pack_result(dst0, out_cb, pops, post_reduce_op):
    """The end of a REDUCE_SCALAR / REDUCE_ROW step: the post-reduce op, then one result packed (reserved and pushed
    per tile in the popping policies)."""
    if post_reduce_op is not None:
        post_reduce_op(dst0)
    if pops:
        cb_reserve_back(out_cb, 1)
    tile_regs_commit()
    tile_regs_wait()
    pack_tile(dst0, out_cb)
    tile_regs_release()
    if pops:
        cb_push_back(out_cb, 1)


def reduce(pool, dim, in_cb, scaler_cb, out_cb, rows, cols, batches=1, *,
           policy=ReduceInputPolicy.WaitAndPopPerTile,
           reconfig=ReduceDataFormatReconfigMode.INPUT_AND_OUTPUT, row_stride=0, accumulate=None,
           post_reduce_op=None):
    """compute_kernel_lib::reduce<pool, dim, in_cb, scaler_cb, out_cb, policy, reconfig>(ReduceInputBlockShape::of(
    rows, cols, batches), ReduceInputMemoryLayout(row_stride), accumulate, post_reduce_op), as
    reduce_helpers_compute.inl at 622c6fb9 runs it: REDUCE_SCALAR folds every tile of a batch into one; REDUCE_ROW
    each row of `cols` tiles into one (through reduce_matmul_tiles for SUM/AVG); REDUCE_COL each column of `rows`
    tiles, DEST_AUTO_LIMIT columns per Dst section. `post_reduce_op(dst)` runs on each result before it is packed.
    Ends with reduce_uninit for the GAPOOL/GMPOOL paths."""
    pool, dim, policy = PoolType(pool), ReduceDim(dim), ReduceInputPolicy(policy)
    th, cs = _C._cs("compute_kernel_lib::reduce")
    in_fmt = th.core.cbs[in_cb].fmt if in_cb in th.core.cbs else None
    if pool == PoolType.MAX and in_fmt == DataFormat.Int32:
        raise NotModelledError("compute_kernel_lib::reduce on Int32 data runs the SFPU max path (binary_max_int32_tile,"
                               " sfpu_reduce), which tensix does not model.")
    use_matmul = reduce_uses_matmul(pool, dim)
    reconfig = ReduceDataFormatReconfigMode(reconfig)
    if reconfig in (ReduceDataFormatReconfigMode.INPUT, ReduceDataFormatReconfigMode.INPUT_AND_OUTPUT):
        if use_matmul:
            reconfig_data_format(scaler_cb, in_cb)
        else:
            reconfig_data_format(in_cb, scaler_cb)
    if reconfig in (ReduceDataFormatReconfigMode.OUTPUT, ReduceDataFormatReconfigMode.INPUT_AND_OUTPUT):
        pack_reconfig_data_format(out_cb)
    if use_matmul:
        reduce_with_matmul_init(in_cb, scaler_cb)
    else:
        reduce_init(in_cb, scaler_cb, out_cb, pool=pool, dim=dim)
    cb_wait_front(scaler_cb, 1)

    per_tile = policy == ReduceInputPolicy.WaitAndPopPerTile
    bulk = policy == ReduceInputPolicy.BulkWaitBulkPop
    upfront = policy == ReduceInputPolicy.WaitUpfrontNoPop
    pops = per_tile or bulk
    dst0 = accumulate.dst_index if accumulate is not None else 0
    Ht, Wt, NC = rows, cols, batches
    stride = row_stride if row_stride > 0 else Wt

    def op(tile, idst):
        if use_matmul:
            reduce_matmul_tiles(in_cb, scaler_cb, tile, 0, idst)
        else:
            reduce_tile(in_cb, scaler_cb, tile, 0, idst, pool=pool, dim=dim)

    def one(tile_if_indexed, idst):
        if per_tile:
            cb_wait_front(in_cb, 1)
            op(0, idst)
            cb_pop_front(in_cb, 1)
        else:
            op(tile_if_indexed, idst)

    if dim == ReduceDim.REDUCE_SCALAR:
        tiles_per_bulk = Ht * stride
        if not pops:
            cb_reserve_back(out_cb, NC)
        if upfront:
            cb_wait_front(in_cb, tiles_per_bulk * NC)
        offset = 0
        for _nc in range(NC):
            if bulk:
                cb_wait_front(in_cb, tiles_per_bulk)
            tile_regs_acquire()
            _reload_accumulator(accumulate, pool, dim, in_cb, scaler_cb, False)
            for ht in range(Ht):
                for wt in range(Wt):
                    one((ht * stride + wt) if bulk else (offset + ht * stride + wt), dst0)
            _pack_result(dst0, out_cb, pops, post_reduce_op)
            if bulk:
                cb_pop_front(in_cb, tiles_per_bulk)
            if not pops:
                offset += tiles_per_bulk
        if not pops:
            cb_push_back(out_cb, NC)
    elif dim == ReduceDim.REDUCE_ROW:
        total_out = Ht * NC
        if not pops:
            cb_reserve_back(out_cb, total_out)
        if upfront:
            cb_wait_front(in_cb, Ht * stride * NC)
        offset = 0
        for _nc in range(NC):
            for _ht in range(Ht):
                if bulk:
                    cb_wait_front(in_cb, Wt)
                tile_regs_acquire()
                _reload_accumulator(accumulate, pool, dim, in_cb, scaler_cb, use_matmul)
                for wt in range(Wt):
                    one(wt if bulk else wt + offset, dst0)
                _pack_result(dst0, out_cb, pops, post_reduce_op)
                if bulk:
                    cb_pop_front(in_cb, Wt)
                if not pops:
                    offset += stride
        if not pops:
            cb_push_back(out_cb, total_out)
    else:
        chunk_size = dest_auto_limit(cs.fp32, cs.full)
        tiles_per_bulk = Ht * stride
        total_out = Wt * NC
        if not pops:
            cb_reserve_back(out_cb, total_out)
        if upfront:
            cb_wait_front(in_cb, tiles_per_bulk * NC)
        batch_offset = 0
        for _nc in range(NC):
            for wt in range(0, Wt, chunk_size):
                chunk_end = min(wt + chunk_size, Wt)
                current = chunk_end - wt
                if bulk:
                    cb_wait_front(in_cb, Ht * current)
                tile_regs_acquire()
                _reload_accumulator(accumulate, pool, dim, in_cb, scaler_cb, False)
                for ht in range(Ht):
                    idst = dst0
                    for i in range(wt, chunk_end):
                        if per_tile:
                            one(0, idst)
                        elif bulk:
                            op(ht * current + (i - wt), idst)
                        else:
                            op(batch_offset + ht * stride + i, idst)
                        idst += 1
                if post_reduce_op is not None:
                    for i in range(current):
                        post_reduce_op(dst0 + i)
                tile_regs_commit()
                tile_regs_wait()
                for i in range(current):
                    if pops:
                        cb_reserve_back(out_cb, 1)
                    pack_tile(dst0 + i, out_cb)
                    if pops:
                        cb_push_back(out_cb, 1)
                tile_regs_release()
                if bulk:
                    cb_pop_front(in_cb, Ht * current)
            if not pops:
                batch_offset += tiles_per_bulk
        if not pops:
            cb_push_back(out_cb, total_out)
    if not use_matmul:
        reduce_uninit()


def reduce_tile_ex(icb, icb_scaler, itile, itile_scaler, idst, pool, dim, enforce_fp32_accumulation=False):
    """reduce_tile<pool, dim, enforce_fp32_accumulation>(icb, icb_scaler, itile, itile_scaler, idst) as ttnn's
    normalization kernels call it (kernel_util/compute/numeric.h), with two things tensix.kernel's reduce_tile does
    not model:
    - enforce_fp32_accumulation (tt-llk llk_math_reduce.h: REDUCE_ROW moves its partial results as two 16-bit
      halves, nothing truncated; tensix.device.fpu.reduce);
    - a partial scaler tile (prepare_reduce_scaler with valid < 32): row 0 of every face filled only in the valid
      columns, 0 elsewhere. Along rows GAPOOL multiplies each (transposed) data column by its scaler datum, so the
      columns whose scaler is 0 contribute exactly 0: here they are zeroed before the pool. Data that is not
      finite there (0 * inf is NaN on the FPU) is refused, as are scalers that are not one value and zeros."""
    pool, dim = PoolType(pool), ReduceDim(dim)
    call = "reduce_tile"
    th, cs = _C._cs(call)
    dst = cs.need_math(call)
    cs.check_dst(idst, call)
    h = (cs.n_acq - 1) % cs.nbuf
    fresh = idst not in cs.defined[h]
    cs.defined[h].add(idst)
    ca = _C._cb(th, icb, call)
    cscl = _C._cb(th, icb_scaler, call)
    cs.hw.check_op(hwconfig.reduce(pool.value, dim.value), call, _C._where(th), ((ca, "SrcA"), (cscl, "SrcB")))
    a = _C._src_values(cs, ca, itile, call)
    s = _C._src_values(cs, cscl, itile_scaler, call)
    row = s[0].astype(np.float64)
    if np.all(row == row[0]):
        scaler = float(row[0])
    else:
        keep = row != 0
        vals = np.unique(row[keep])
        if dim != ReduceDim.REDUCE_ROW or len(vals) != 1 or not np.array_equal(s[16], s[0]):
            raise NotModelledError(f"reduce_tile on core {th.core.logical} at {th.source_line_now()}: a scaler tile "
                                   "whose row 0 is not one value (or that value and zeros, along rows) is not "
                                   "modelled (tensix models GAPOOL/GMPOOL with one scaler value).")
        data = np.array(a, copy=True)
        dropped = data[:, ~keep].astype(np.float64)
        if not np.all(np.isfinite(dropped)):
            raise NotModelledError(f"reduce_tile on core {th.core.logical} at {th.source_line_now()}: the data "
                                   "under the partial scaler's zeros holds inf or NaN; the FPU's 0 * inf is not "
                                   "modelled.")
        data[:, ~keep] = 0
        a = data
        scaler = float(vals[0])
    row = dim == ReduceDim.REDUCE_ROW     # the running result of a row reduce: row 0 of faces 0 and 2 (as reduce_tile)
    acc = None if fresh else (_C._reduce_row_accumulator(dst[idst]) if row else dst[idst])
    out = fpu.reduce(pool.value, a, dim.value, scaler, cs.fidelity, cs.fp32, acc=acc, in_fmt=ca.fmt,
                     enforce_fp32_accumulation=bool(enforce_fp32_accumulation))
    dst[idst] = _C._reduce_row_result(out) if row else out
    cs.reduced[h][idst] = (pool.value, dim.value, _C._where(th))
    cs.unpack_math(_C._unpack_cost(ca) + _C._unpack_cost(cscl), _C._C_RED)


# ---- add_tiles with acc_to_dest (fast_reduce_nc) ------------------------------------------------------------------
def add_tiles_init_acc(icb0, icb1):
    """add_tiles_init(icb0, icb1, acc_to_dest = true): ELWADD with Dst accumulation (tt-llk
    _llk_math_eltwise_binary_init_ with acc_to_dest: the MOP adds into Dst)."""
    _C._configure("add_tiles_init", op=hwconfig.binary("add", None))
    th, cs = _C._cs("add_tiles_init")
    cs.__dict__["_acc_to_dest_add"] = True


def add_tiles_acc(icb0, icb1, i0, i1, idst):
    """add_tiles after add_tiles_init(..., acc_to_dest = true): Dst[idst] += in0 + in1 (ISA ELWADD.md with AddDst:
    the FP32 sum of the two Src values added onto Dst with Dst's rounding). tensix computes the Src sum exactly in
    float64 before that single rounding; fast_reduce_nc adds a zero tile as in1, where the two readings agree."""
    call = "add_tiles"
    th, cs = _C._cs(call)
    if not cs.__dict__.get("_acc_to_dest_add"):
        raise NotModelledError("add_tiles_acc without add_tiles_init_acc: the ELWADD would not accumulate.")
    dst = cs.need_math(call)
    cs.check_dst(idst, call)
    h = (cs.n_acq - 1) % cs.nbuf
    fresh = idst not in cs.defined[h]
    cs.defined[h].add(idst)
    ca = _C._cb(th, icb0, call)
    cb = _C._cb(th, icb1, call)
    cs.hw.check_op(hwconfig.binary("add", None), call, _C._where(th), ((ca, "SrcA"), (cb, "SrcB")))
    a = formats.unpack_to_src(cs.tile_bytes(ca, i0, call), ca.fmt, fp32_dest=cs.fp32).astype(np.float64)
    b = formats.unpack_to_src(cs.tile_bytes(cb, i1, call), cb.fmt, fp32_dest=cs.fp32).astype(np.float64)
    d = fpu._Dst(cs.fp32)
    prev = np.zeros((32, 32)) if fresh else d.read(dst[idst])
    dst[idst] = d.write(prev + (a + b))
    cs.reduced[h].pop(idst, None)
    cs.unpack_math(_C._unpack_cost(ca) + _C._unpack_cost(cb), _C._C_ELT * (2 if cs.fp32 else 1))
