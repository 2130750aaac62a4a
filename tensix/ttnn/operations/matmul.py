"""ttnn.matmul and ttnn.linear as tt-metal 622c6fb9 runs them on Wormhole (ttnn/cpp/ttnn/operations/matmul/).

The op (matmul.cpp bound_matmul): zero-volume inputs give zeros (plus the bias); a rank-1 b is reshaped to [K, 1];
the program config is the user's or ttnn's choice (device/config/matmul_program_config.cpp get_program_config:
create_simple_matmul_program_config without a core grid, create_matmul_program_config with one); transpose_a/b are
done by the blocked programs themselves (strides and a transposed-tile flag), else by ttnn.transpose first; a bias
the fused program cannot take (batched, not a single tile row, or the L1 / non-DRAM cases of get_post_process_bias)
is added afterwards with ttnn.add, and a user activation without a core grid runs afterwards as ttnn's unary chain
(only program-config activations are fused). The compute kernel config defaults as create_matmul_attributes: HiFi2
(LoFi with a user grid or program config, or two block-float inputs; HiFi3 for two float32 inputs on Wormhole),
approx off, fp32 accumulation and packer L1 accumulation iff the output is (not) float32.

Programs (device/factory/*.cpp, their kernels in tensix/ttnn/kernels/matmul/):
- MatmulMultiCoreReuseMultiCastProgramConfig: matmul_multicore_reuse_mcast_2d_program_factory.cpp
  (create_program_mcast_in0_in1_descriptor): the left column reads in0 blocks and multicasts them along rows, the
  top row reads in1 blocks and multicasts them down columns and writes the output; the compute kernel is
  bmm_large_block_zm_fused_bias_activation.
- MatmulMultiCoreReuseMultiCast1DProgramConfig: matmul_multicore_reuse_mcast_1d_program_factory.cpp
  (create_program_mcast_in0_descriptor / create_program_mcast_in1_descriptor): the start core reads in0 (in1) and
  multicasts it to the bounding box of the cores with work, every core reads its own in1 (in0) columns (rows) and
  writes its output; in0 reuse in L1 for a [1, 1, M, K] in0 and batched in1.
- MatmulMultiCoreReuseProgramConfig: matmul_multicore_reuse_optimized_program_factory.cpp (reader_bmm_tile_layout_in0,
  reader_writer_bmm_tile_layout_in1): output blocks split over the cores, no multicast; it has no bias path
  (tt-metal would drop a fused bias: NotModelledError).
- MatmulMultiCoreProgramConfig: matmul_multicore_program_factory.cpp (reader_bmm_8bank_output_tiles_partitioned,
  bmm.cpp with matmul_tiles, writer_unary_interleaved_start_id): output tiles split over the cores.
Fused activations (bmm_fused_activation.hpp): RELU as the packer's ReLU, gelu / tanh / silu / sigmoid / hardtanh /
relu6 as SFPU ops run from the pack thread; the others raise NotModelledError. transpose_a on the blocked programs
transposes the in0 tiles in the compute kernel (transpose_wh_tile into cb_in0_transposed).
Interleaved tensors (DRAM or L1) in TILE layout; bfloat16, bfloat8_b, bfloat4_b and float32 inputs, outputs and
bias. Sharded tensors, DRAM-sharded configs, gather_in0, untilize_out, transpose_mcast, sub-devices, global CBs and
tiles other than 32x32 raise NotModelledError.

Numerics: every tile product is tensix.device.fpu.matmul's (fidelity phases, Dst accumulation), run in batches
(tensix.kernel.matmul_batch); the intermediate CB formats are the factory's (Float32 partials with fp32_dest_acc_en,
Float16_b with packer L1 accumulation, else the output format), the packer's L1 accumulation is
tensix.device.fpu.pack_l1_accumulate, and the bias is an FPU row-broadcast add.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

import numpy as np

from tensix.device import formats, soc
from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.types import (ComputeConfig, CoreCoord, CoreRange, CoreRangeSet, DataMovementConfig,
                                   DataMovementProcessor, MathFidelity, NOC)
from tensix.ttnn import op as O
from tensix.ttnn.errors import DTypeError, LayoutError, ShapeError, TTNNError
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import (DRAM_MEMORY_CONFIG, BufferType, DataType, Layout, MemoryConfig, Shape,
                               TensorMemoryLayout, WormholeComputeKernelConfig, data_format)

__all__ = ["matmul", "linear", "MatmulMultiCoreProgramConfig", "MatmulMultiCoreReuseProgramConfig",
           "MatmulMultiCoreReuseMultiCastProgramConfig", "MatmulMultiCoreReuseMultiCast1DProgramConfig",
           "MatmulMultiCoreReuseMultiCastDRAMShardedProgramConfig",
           "MatmulMultiCoreReuseMultiCastBatchedDRAMShardedProgramConfig"]

TILE = 32
MCAST_INPUT_BUFFERING_DEPTH = 2     # matmul_utilities.hpp


# ------------------------------------------------------------------------------------------- program configs
def _grid(c) -> CoreCoord:
    if isinstance(c, CoreCoord):
        return c
    if isinstance(c, (tuple, list)):
        return CoreCoord(int(c[0]), int(c[1]))
    return CoreCoord(int(c.x), int(c.y))


def _cc(c) -> str:
    return f"(x={c.x},y={c.y})"


@dataclass
class MatmulMultiCoreProgramConfig:
    """ttnn.MatmulMultiCoreProgramConfig: the simple multi-core program (output tiles split over the cores)."""

    allowed_worker_cores: object = None

    def __repr__(self):
        return "MatmulMultiCoreProgramConfig()"


@dataclass
class MatmulMultiCoreReuseProgramConfig:
    """ttnn.MatmulMultiCoreReuseProgramConfig(compute_with_storage_grid_size, in0_block_w, out_subblock_h,
    out_subblock_w, per_core_M, per_core_N, allowed_worker_cores=None)."""

    compute_with_storage_grid_size: object
    in0_block_w: int
    out_subblock_h: int
    out_subblock_w: int
    per_core_M: int
    per_core_N: int
    allowed_worker_cores: object = None

    def __post_init__(self):
        self.compute_with_storage_grid_size = _grid(self.compute_with_storage_grid_size)

    def __repr__(self):
        grid = _cc(self.compute_with_storage_grid_size)
        return (f"MatmulMultiCoreReuseProgramConfig(compute_with_storage_grid_size={grid}"
                f", in0_block_w={self.in0_block_w}, out_subblock_h={self.out_subblock_h}, "
                f"out_subblock_w={self.out_subblock_w}, per_core_M={self.per_core_M}, per_core_N={self.per_core_N}, "
                f"allowed_worker_cores={self.allowed_worker_cores})")


@dataclass(init=False)
class MatmulMultiCoreReuseMultiCastProgramConfig:
    """ttnn.MatmulMultiCoreReuseMultiCastProgramConfig(*, compute_with_storage_grid_size, in0_block_w,
    out_subblock_h, out_subblock_w, out_block_h=None, out_block_w=None, per_core_M, per_core_N, transpose_mcast,
    fused_activation=None, fuse_batch=True, allowed_worker_cores=None): the 2D multicast program. out_block_h / _w
    default to per_core_M / _N (matmul_nanobind.cpp)."""

    compute_with_storage_grid_size: object
    in0_block_w: int
    out_subblock_h: int
    out_subblock_w: int
    out_block_h: int
    out_block_w: int
    per_core_M: int
    per_core_N: int
    transpose_mcast: bool
    fused_activation: object
    fuse_batch: bool
    allowed_worker_cores: object

    def __init__(self, *, compute_with_storage_grid_size, in0_block_w, out_subblock_h, out_subblock_w,
                 out_block_h=None, out_block_w=None, per_core_M, per_core_N, transpose_mcast=False,
                 fused_activation=None, fuse_batch=True, allowed_worker_cores=None):
        self.compute_with_storage_grid_size = _grid(compute_with_storage_grid_size)
        self.in0_block_w, self.out_subblock_h, self.out_subblock_w = int(in0_block_w), int(out_subblock_h), \
            int(out_subblock_w)
        self.per_core_M, self.per_core_N = int(per_core_M), int(per_core_N)
        self.out_block_h = self.per_core_M if out_block_h is None else int(out_block_h)
        self.out_block_w = self.per_core_N if out_block_w is None else int(out_block_w)
        self.transpose_mcast = bool(transpose_mcast)
        self.fused_activation = fused_activation
        self.fuse_batch = bool(fuse_batch)
        self.allowed_worker_cores = allowed_worker_cores

    def __repr__(self):
        return (f"MatmulMultiCoreReuseMultiCastProgramConfig(compute_with_storage_grid_size="
                f"{_cc(self.compute_with_storage_grid_size)}, in0_block_w={self.in0_block_w}, out_subblock_h="
                f"{self.out_subblock_h}, out_subblock_w={self.out_subblock_w}, out_block_h={self.out_block_h}, "
                f"out_block_w={self.out_block_w}, per_core_M={self.per_core_M}, per_core_N={self.per_core_N}, "
                f"transpose_mcast={int(self.transpose_mcast)}, fused_activation={self.fused_activation}, "
                f"fuse_batch={int(self.fuse_batch)}, allowed_worker_cores={self.allowed_worker_cores})")


@dataclass(init=False)
class MatmulMultiCoreReuseMultiCast1DProgramConfig:
    """ttnn.MatmulMultiCoreReuseMultiCast1DProgramConfig(*, compute_with_storage_grid_size, in0_block_w,
    out_subblock_h, out_subblock_w, out_block_h=None, out_block_w=None, per_core_M, per_core_N, fuse_batch,
    fused_activation=None, mcast_in0, gather_in0=False, hop_cores=CoreRangeSet(), num_global_cb_receivers=1,
    untilize_out=False, allowed_worker_cores=None): the 1D multicast program."""

    compute_with_storage_grid_size: object
    in0_block_w: int
    out_subblock_h: int
    out_subblock_w: int
    out_block_h: int
    out_block_w: int
    per_core_M: int
    per_core_N: int
    fuse_batch: bool
    fused_activation: object
    mcast_in0: bool
    gather_in0: bool
    hop_cores: object
    num_global_cb_receivers: int
    untilize_out: bool
    allowed_worker_cores: object

    def __init__(self, *, compute_with_storage_grid_size, in0_block_w, out_subblock_h, out_subblock_w,
                 out_block_h=None, out_block_w=None, per_core_M, per_core_N, fuse_batch, fused_activation=None,
                 mcast_in0, gather_in0=False, hop_cores=None, num_global_cb_receivers=1, untilize_out=False,
                 allowed_worker_cores=None):
        self.compute_with_storage_grid_size = _grid(compute_with_storage_grid_size)
        self.in0_block_w, self.out_subblock_h, self.out_subblock_w = int(in0_block_w), int(out_subblock_h), \
            int(out_subblock_w)
        self.per_core_M, self.per_core_N = int(per_core_M), int(per_core_N)
        self.out_block_h = self.per_core_M if out_block_h is None else int(out_block_h)
        self.out_block_w = self.per_core_N if out_block_w is None else int(out_block_w)
        self.fuse_batch = bool(fuse_batch)
        self.fused_activation = fused_activation
        self.mcast_in0 = bool(mcast_in0)
        self.gather_in0 = bool(gather_in0)
        self.hop_cores = hop_cores if hop_cores is not None else CoreRangeSet([])
        self.num_global_cb_receivers = int(num_global_cb_receivers)
        self.untilize_out = bool(untilize_out)
        self.allowed_worker_cores = allowed_worker_cores

    def __repr__(self):
        return (f"MatmulMultiCoreReuseMultiCast1DProgramConfig(compute_with_storage_grid_size="
                f"{_cc(self.compute_with_storage_grid_size)}, in0_block_w={self.in0_block_w}, out_block_h="
                f"{self.out_block_h}, out_block_w={self.out_block_w}, out_subblock_h={self.out_subblock_h}, "
                f"out_subblock_w={self.out_subblock_w}, per_core_M={self.per_core_M}, per_core_N={self.per_core_N}, "
                f"fuse_batch={int(self.fuse_batch)}, fused_activation={self.fused_activation}, mcast_in0="
                f"{int(self.mcast_in0)}, gather_in0={int(self.gather_in0)}, hop_cores={self.hop_cores}, "
                f"num_global_cb_receivers={self.num_global_cb_receivers}, untilize_out={int(self.untilize_out)}, "
                f"allowed_worker_cores={self.allowed_worker_cores})")


@dataclass
class MatmulMultiCoreReuseMultiCastDRAMShardedProgramConfig:
    """ttnn.MatmulMultiCoreReuseMultiCastDRAMShardedProgramConfig (sharded inputs only: not modelled)."""

    in0_block_w: int
    per_core_M: int
    per_core_N: int
    fused_activation: object = None


@dataclass
class MatmulMultiCoreReuseMultiCastBatchedDRAMShardedProgramConfig:
    """ttnn.MatmulMultiCoreReuseMultiCastBatchedDRAMShardedProgramConfig (sharded inputs only: not modelled)."""

    in0_block_w: int
    per_core_M: int
    per_core_N: int
    fused_activation: object = None


_CONFIG_TYPES = (MatmulMultiCoreProgramConfig, MatmulMultiCoreReuseProgramConfig,
                 MatmulMultiCoreReuseMultiCastProgramConfig, MatmulMultiCoreReuseMultiCast1DProgramConfig,
                 MatmulMultiCoreReuseMultiCastDRAMShardedProgramConfig,
                 MatmulMultiCoreReuseMultiCastBatchedDRAMShardedProgramConfig)


# ----------------------------------------------------------------------------------------------- shapes
def _pshape(t: Tensor, transpose: bool) -> list:
    """matmul_utilities get_matmul_tensor_padded_shape: the padded shape, last two dims swapped with transpose."""
    s = list(t.padded_shape)
    if transpose:
        s[-1], s[-2] = s[-2], s[-1]
    return s


def _lshape(t: Tensor, transpose: bool) -> list:
    s = list(t.shape)
    if transpose and len(s) >= 2:
        s[-1], s[-2] = s[-2], s[-1]
    return s


def _batch(shape) -> int:
    """ttnn get_batch_size: the product of all dims but the last two."""
    return math.prod(shape[:-2]) if len(shape) > 2 else 1


def _M(p, fuse_batch: bool) -> int:
    return (math.prod(p) // p[-1] // TILE) if fuse_batch else p[-2] // TILE


def _div_up(a, b) -> int:
    return -(-a // b)


def _is_batched(shape) -> bool:
    """matmul.cpp detail::is_input_batched: some dim before the last two is above 1."""
    return len(shape) >= 2 and any(d > 1 for d in list(shape)[:-2])


def _output_shape(a: Tensor, b: Tensor, ta: bool, tb: bool) -> list:
    """matmul_utilities compute_matmul_output_shape."""
    sa, sb = _lshape(a, ta), _lshape(b, tb)
    ra, rb = len(sa), len(sb)
    out_rank = max(ra, rb) - (1 if (ra == 1 or rb == 1) else 0)
    diff = max(0, out_rank - ra)
    out = list(sb) if rb > ra else list(sa)
    for i in range(diff):
        if sb[i] != 1:
            raise ShapeError(f"ttnn.matmul: When in1 rank greater than in0 rank front dimensions need to be 1 (input "
                             f"b {list(b.shape)}).\nFix: give input_tensor_b leading dims of 1, or as many dims as a.")
        out[i] = sb[i]
    for i in range(ra - 1):
        out[diff + i] = sa[i]
    out[-1] = sb[-1]
    if ra == 1 and len(out) > 1:
        del out[-2]
    if rb == 1:
        out = out[:-1]
    if ra == 4 and rb == 4 and sa[1] == 1 and sb[1] > 1:
        out[1] = sb[1]
    return out


# ------------------------------------------------------------------------------- program config selection
_SUBBLOCK_HW_CHOICES = ((4, 2), (2, 4), (8, 1), (1, 8), (7, 1), (1, 7), (3, 2), (2, 3), (6, 1), (1, 6), (5, 1), (1, 5),
                        (2, 2), (4, 1), (1, 4), (3, 1), (1, 3), (2, 1), (1, 2), (1, 1))


def _tile_size(dtype: DataType) -> int:
    return formats.tile_size(data_format(dtype))


def _max_l1_space(device) -> int:
    """matmul_utilities get_max_l1_space: from the allocator's base to the lowest L1 buffer (tensix's L1 layout:
    program data from L1_UNRESERVED_BASE, L1 buffers from the top down)."""
    return device.sim.l1_alloc.bottom - soc.L1_UNRESERVED_BASE


def _interm_tile_size(ckc, out_dtype: DataType) -> int:
    """matmul_utilities estimate_interm_tile_size."""
    if ckc.fp32_dest_acc_en:
        return formats.tile_size(formats.DataFormat.Float32)
    return max(formats.tile_size(formats.DataFormat.Float16_b), _tile_size(out_dtype))


def _cb_bytes(pm, pn, k, a: Tensor, b: Tensor, ta: bool, interm, bias_size) -> int:
    """matmul_utilities get_estimated_size_of_cbs (interleaved in0: no shard CB)."""
    s0, s1 = _tile_size(a.dtype), _tile_size(b.dtype)
    in0 = pm * k * MCAST_INPUT_BUFFERING_DEPTH * s0
    in1 = pn * k * MCAST_INPUT_BUFFERING_DEPTH * s1
    size = in0 + in1 + pm * pn * s0 + pm * pn * interm + pn * bias_size
    if ta:
        size += in0
    return size


def _per_core_factor(a, b, ta, tb, bias_size, k, ckc, out_dtype, l1) -> int:
    for f in (16, 8, 4, 2):
        if _cb_bytes(f, f, k, a, b, ta, _interm_tile_size(ckc, out_dtype), bias_size) < l1:
            return f
    return 1


def _multi_dim_per_core_factor(a, b, ta, tb, bias_size, pm, pn, k, interm, adjust_k: bool, l1):
    """matmul_program_config.cpp get_multi_dim_per_core_factor."""
    if _cb_bytes(pm, pn, k, a, b, ta, interm, bias_size) < l1:
        return pm, pn, k
    m_f = [pm, 1] + [f for f in range(pm // 2, 1, -1) if pm % f == 0]
    n_f = [pn, 1] + [f for f in range(pn // 2, 1, -1) if pn % f == 0]
    factors: dict = {}
    for fm in m_f:
        for fn in n_f:
            mult = fm * fn
            ratio = max(fm, fn) / min(fm, fn)
            old = factors.get(mult)
            if old is None or not (max(old) / min(old) < ratio):
                factors[mult] = (fm, fn)
    for fk in range(k, (1 if adjust_k else k) - 1, -1):
        if k % fk:
            continue
        for mult in sorted(factors, reverse=True):
            fm, fn = factors[mult]
            if _cb_bytes(fm, fn, fk, a, b, ta, interm, bias_size) < l1:
                return fm, fn, fk
    return 1, 1, 1


def _subblock_sizes(m, n, fp32: bool):
    """get_subblock_sizes: (out_subblock_h, out_subblock_w); note the choice's first entry is the width here."""
    for w, h in _SUBBLOCK_HW_CHOICES:
        if h * w <= 4 or not fp32:
            if m % h == 0 and n % w == 0:
                return h, w
    raise TTNNError("Unable to find subblock sizes")


def _subblock_params(m, n, m_equals_h: bool, n_equals_w: bool, fp32: bool):
    """bmm_op_utils::get_matmul_subblock_params: (out_subblock_h, out_subblock_w)."""
    for h, w in _SUBBLOCK_HW_CHOICES:
        if fp32 and h * w > 4:
            continue
        if n_equals_w and (w != n or h != 1):
            continue
        if m_equals_h and (h != m or w != 1):
            continue
        if m % h == 0 and n % w == 0:
            return h, w
    return 1, 1


def _is_narrow(h, w, all_dram: bool) -> bool:
    ratio = h // w if h > w else w // h
    if ratio > 8:
        return True
    if all_dram:
        return h <= TILE or w <= TILE
    return False


def _systolic_1d_config(a, b, ta, tb, bias_size, grid, activation, fp32, ckc, out_dtype, l1):
    """create_matmul_1d_systolic_array_program_config (interleaved in0)."""
    pa, pb = _pshape(a, ta), _pshape(b, tb)
    k_size, m_size, n_size = pa[-1], pa[-2], pb[-1]
    ba, bb = _batch(pa), _batch(pb)
    if bb != 1:
        raise TTNNError("Second input cannot be currently batched when running matmul using 1d systolic array")
    bm, kt, nt = ba * m_size // TILE, k_size // TILE, n_size // TILE
    ncores = grid.x * grid.y
    if bm > nt:     # tall
        pm, kpc, pn = _div_up(bm, ncores), _div_up(kt, ncores), nt
    else:
        pm, kpc, pn = bm, _div_up(kt, ncores), _div_up(nt, ncores)
    while kt % kpc:
        kpc -= 1
    obh, obw, _ = _multi_dim_per_core_factor(a, b, ta, tb, bias_size, pm, pn, kpc, _interm_tile_size(ckc, out_dtype),
                                             False, l1)
    sh, sw = _subblock_sizes(obh, obw, fp32)
    return MatmulMultiCoreReuseMultiCast1DProgramConfig(
        compute_with_storage_grid_size=grid, in0_block_w=kpc, out_subblock_h=sh, out_subblock_w=sw, out_block_h=obh,
        out_block_w=obw, per_core_M=pm, per_core_N=pn, fuse_batch=True, fused_activation=activation,
        mcast_in0=not (bm > nt))


def _mcast_1d_config(a, b, ta, tb, bias_size, fuse_batch, mcast_in0, grid, ckc, out_dtype, l1):
    """get_mcast_1d_config (no user shard spec: tensix has no sharded outputs)."""
    pa, pb = _pshape(a, ta), _pshape(b, tb)
    M = (math.prod(pa) // pa[-1]) if fuse_batch else pa[-2]
    K, N = pa[-1], pb[-1]
    ncores = grid.x * grid.y
    if mcast_in0:
        pm, pn = M // TILE, _div_up(_div_up(N, ncores), TILE)
    else:
        pm, pn = _div_up(_div_up(M, ncores), TILE), N // TILE
    k = 2 if (K // TILE) % 2 == 0 else 1
    fp32 = bool(ckc.fp32_dest_acc_en)
    obh, obw, _ = _multi_dim_per_core_factor(a, b, ta, tb, bias_size, pm, pn, k, _interm_tile_size(ckc, out_dtype),
                                             False, l1)
    sh, sw = _subblock_params(obh, obw, False, False, fp32)
    return MatmulMultiCoreReuseMultiCast1DProgramConfig(
        compute_with_storage_grid_size=grid, in0_block_w=k, out_subblock_h=sh, out_subblock_w=sw, out_block_h=obh,
        out_block_w=obw, per_core_M=pm, per_core_N=pn, fuse_batch=fuse_batch, fused_activation=None,
        mcast_in0=mcast_in0)


def _simple_config(a, b, ta, tb, bias_size, ckc, grid, mem, out_dtype, l1):
    """create_simple_matmul_program_config (interleaved tensors; sharded output configs are refused earlier)."""
    pa, pb = _pshape(a, ta), _pshape(b, tb)
    Mt, Kt, Nt = pa[-2] // TILE, pa[-1] // TILE, pb[-1] // TILE
    in0_block_w = 2
    ncx, ncy = grid.x, grid.y
    all_dram = (a.memory_config().buffer_type == BufferType.DRAM and b.memory_config().buffer_type == BufferType.DRAM
                and mem.buffer_type == BufferType.DRAM)
    all_dram_interleaved = all_dram     # every tensor is interleaved in tensix
    height, width = pa[-2], pb[-1]
    is_narrow = _is_narrow(height, width, all_dram)
    is_wide = is_narrow and width > height
    is_tall = is_narrow and not is_wide
    per_core_M = per_core_N = _per_core_factor(a, b, ta, tb, bias_size, in0_block_w, ckc, out_dtype, l1)
    nby = (Mt - 1) // per_core_M + 1
    nbx = (Nt - 1) // per_core_N + 1
    if (nby > 1 or nbx > 1) and Kt % in0_block_w != 0:
        in0_block_w = 1
    if all_dram_interleaved or (nbx * nby <= ncx * ncy and Kt % in0_block_w == 0):
        cr_x, cr_y = 0, 0
        if not (nby == 1 and nbx == 1) and nby <= ncy and nbx <= ncx:
            cr_x, cr_y = nbx, nby
        if cr_y == 1 or is_wide:
            return _mcast_1d_config(a, b, ta, tb, bias_size, False, True, grid, ckc, out_dtype, l1)
        if cr_x == 1 or is_tall:
            return _mcast_1d_config(a, b, ta, tb, bias_size, False, False, grid, ckc, out_dtype, l1)
        if (cr_y > 0 and nbx <= ncx and nby <= ncy) or all_dram_interleaved:
            out_block_h, out_block_w = per_core_M, per_core_N
            sh, sw = 4, 2
            if sw != per_core_N:
                sh = 1
            if all_dram_interleaved:
                in0_block_w = Kt // ncx if Kt % ncx == 0 else 1
                per_core_M = _div_up(Mt, ncy)
                per_core_N = _div_up(Nt, ncx)
                out_block_h, out_block_w, in0_block_w = _multi_dim_per_core_factor(
                    a, b, ta, tb, bias_size, per_core_M, per_core_N, in0_block_w, _interm_tile_size(ckc, out_dtype),
                    True, l1)
                sh, sw = _subblock_params(out_block_h, out_block_w, False, False, bool(ckc.fp32_dest_acc_en))
            return MatmulMultiCoreReuseMultiCastProgramConfig(
                compute_with_storage_grid_size=CoreCoord(ncx, ncy), in0_block_w=in0_block_w, out_subblock_h=sh,
                out_subblock_w=sw, out_block_h=out_block_h, out_block_w=out_block_w, per_core_M=per_core_M,
                per_core_N=per_core_N, transpose_mcast=False, fused_activation=None, fuse_batch=False)
    return MatmulMultiCoreProgramConfig()


def _user_grid_config(a, b, ta, tb, bias_size, user_grid, activation, ckc, mem, out_dtype, l1):
    """create_matmul_program_config (a user core grid; interleaved in0)."""
    sa, sb = _lshape(a, ta), _lshape(b, tb)
    pa, pb = _pshape(a, ta), _pshape(b, tb)
    k_size, m_size, n_size = pa[-1], pa[-2], pb[-1]
    ba, bb = _batch(pa), _batch(pb)
    any_within_tile = k_size <= TILE or m_size <= TILE or n_size <= TILE
    fp32 = bool(ckc.fp32_dest_acc_en)
    if sa[-1] != sb[-2]:
        raise ShapeError("The k dimension does not match between tensors")
    dev_grid = a.device().compute_with_storage_grid_size()
    grid = dev_grid
    if user_grid.x <= dev_grid.x and user_grid.y <= dev_grid.y:
        grid = CoreCoord(user_grid.x, user_grid.y)
    if bb > 1:
        if activation is not None:
            raise TTNNError("ttnn.matmul: Cannot use activation with batched input b.\nFix: apply the activation "
                            "with a separate ttnn op, or do not batch input_tensor_b.")
        pm, pn, kpc = _div_up(m_size, TILE), _div_up(n_size, TILE), 1
        if _cb_bytes(pm, pn, kpc, a, b, ta, _interm_tile_size(ckc, out_dtype), bias_size) >= l1:
            return _simple_config(a, b, ta, tb, bias_size, ckc, grid, mem, out_dtype, l1)
        sh, sw = _subblock_sizes(pm, pn, fp32)
        return MatmulMultiCoreReuseProgramConfig(grid, kpc, sh, sw, pm, pn)
    height, width = ba * m_size, n_size
    if _is_narrow(height, width, False) or any_within_tile:
        return _systolic_1d_config(a, b, ta, tb, bias_size, grid, activation, fp32, ckc, out_dtype, l1)
    pm = math.ceil(ba * m_size / TILE / grid.y)
    pn = max(math.ceil(n_size / TILE / grid.x), 1)
    kpc = 4
    while (k_size // TILE) % kpc:
        kpc -= 1
    obh, obw, _ = _multi_dim_per_core_factor(a, b, ta, tb, bias_size, pm, pn, kpc, _interm_tile_size(ckc, out_dtype),
                                             False, l1)
    sh, sw = _subblock_sizes(obh, obw, fp32)
    if sw != pn:
        sh = 1
    return MatmulMultiCoreReuseMultiCastProgramConfig(
        compute_with_storage_grid_size=grid, in0_block_w=kpc, out_subblock_h=sh, out_subblock_w=sw, out_block_h=obh,
        out_block_w=obw, per_core_M=pm, per_core_N=pn, transpose_mcast=False, fused_activation=activation)


# ------------------------------------------------------------------------------------------------ attributes
@dataclass
class _Attrs:
    """The resolved MatmulParams of create_matmul_attributes."""

    program_config: object
    bcast_batch: bool
    output_mem_config: MemoryConfig
    output_dtype: DataType
    compute_kernel_config: object
    user_core_coord: object
    user_fused_activation: object
    user_run_batched: bool
    transpose_a: bool
    transpose_b: bool


def _bcast_batch(a, b, ta, tb, program_config) -> bool:
    """get_broadcast_batch."""
    bc = _batch(_pshape(b, tb)) == 1
    if isinstance(program_config, MatmulMultiCoreReuseProgramConfig):
        bc = bc and _batch(_pshape(a, ta)) > 1
    return bc


def _attributes(a, b, program_config, mem, dtype, ckc, core_grid, activation, ta, tb, out_tensor) -> _Attrs:
    """create_matmul_attributes: the default compute kernel config, the output dtype and memory config."""
    has_grid, has_pc = core_grid is not None, program_config is not None
    if has_grid and has_pc:
        raise TTNNError("ttnn.matmul: Cannot use both user core grid/coordinates and a program config.\nFix: pass "
                        "either core_grid or program_config.")
    low = (DataType.BFLOAT8_B, DataType.BFLOAT4_B)
    increase = not has_pc and not has_grid and not (a.dtype in low and b.dtype in low)
    fidelity = MathFidelity.HiFi2 if increase else MathFidelity.LoFi
    if a.dtype == DataType.FLOAT32 and b.dtype == DataType.FLOAT32:
        fidelity = MathFidelity.HiFi3       # Wormhole (hardware bug #38306 with HiFi4 + fp32 accumulation)
    out_dtype = dtype
    if out_tensor is not None:
        if mem == DRAM_MEMORY_CONFIG:
            mem = out_tensor.memory_config()
        elif out_tensor.memory_config() != mem:
            raise TTNNError(f"ttnn.matmul: Memory config mismatch between optional output tensor "
                            f"{out_tensor.memory_config()} & output tensor {mem}")
        if out_dtype is not None and out_tensor.dtype != out_dtype:
            raise DTypeError(f"ttnn.matmul: Type mismatch between optional output tensor {out_tensor.dtype} & output "
                             f"tensor {out_dtype}")
        out_dtype = out_tensor.dtype
    elif out_dtype is None:
        out_dtype = a.dtype
    is_f32 = out_dtype == DataType.FLOAT32
    if ckc is None:
        ckc = WormholeComputeKernelConfig(math_fidelity=fidelity, math_approx_mode=False, fp32_dest_acc_en=is_f32,
                                          packer_l1_acc=not is_f32)
    return _Attrs(program_config, _bcast_batch(a, b, ta, tb, program_config), mem, out_dtype, ckc, core_grid,
                  activation, _is_batched(b.shape), ta, tb)


def _program_config(a, b, ta, tb, bias_size, at: _Attrs):
    """get_program_config: the user's, else generate_matmul_program_config."""
    if at.program_config is not None:
        return at.program_config
    l1 = _max_l1_space(a.device())
    if at.user_core_coord is not None:
        g = at.user_core_coord
        return _user_grid_config(a, b, ta, tb, bias_size, CoreCoord(g.x, g.y), at.user_fused_activation,
                                 at.compute_kernel_config, at.output_mem_config, at.output_dtype, l1)
    grid = a.device().compute_with_storage_grid_size()
    return _simple_config(a, b, ta, tb, bias_size, at.compute_kernel_config, grid,
                          at.output_mem_config, at.output_dtype, l1)


# --------------------------------------------------------------------------------------------- factories
_IN0_NOC = NOC.NOC_1     # preferred_noc_for_dram_write on Wormhole
_IN1_NOC = NOC.NOC_0     # preferred_noc_for_dram_read


def _dm(processor, noc, compile_args, defines, named):
    return DataMovementConfig(processor=processor, noc=noc, compile_args=list(compile_args),
                              defines={"DEFINES": dict(defines), "NAMED": dict(named)})


def _compute(ckc, compile_args, defines, named, dst_full_sync_en: bool):
    return ComputeConfig(math_fidelity=_fidelity(ckc.math_fidelity), fp32_dest_acc_en=bool(ckc.fp32_dest_acc_en),
                         dst_full_sync_en=dst_full_sync_en, math_approx_mode=bool(ckc.math_approx_mode),
                         compile_args=list(compile_args),
                         defines={"DEFINES": dict(defines), "NAMED": dict(named)})


def _fidelity(f):
    return f if isinstance(f, MathFidelity) else MathFidelity[getattr(f, "name", str(f))]


def _accessor(t) -> list:
    return O.accessor_args(t)


def _cb(prog, cores, fmts: dict, total: int, page_size: int):
    """CreateCircularBuffer of `total` bytes holding the CB indices of `fmts` (several indices share the buffer, as
    a CBDescriptor with several format descriptors)."""
    cfg = mh.CircularBufferConfig(total, dict(fmts))
    for idx in fmts:
        cfg.set_page_size(idx, page_size)
    return mh.CreateCircularBuffer(prog, cores, cfg)


def _cb_sized(prog, cores, spec: list, total: int):
    """A CB descriptor with several (index, format, page size) entries sharing `total` bytes."""
    cfg = mh.CircularBufferConfig(total, {i: f for i, f, _ in spec})
    for i, _, ps in spec:
        cfg.set_page_size(i, ps)
    return mh.CreateCircularBuffer(prog, cores, cfg)


def _block_cbs(prog, cores, in0, in1, fmt_out, interm0_fmt, out_block_tiles, bias, in0_transpose: bool):
    """The blocked factories' CBs: c_0 / c_1 ((format, tiles)), c_4 output and c_5 intermediate (one buffer shared
    by both when their formats agree, else two), c_3 the bias block ((format, tiles) or None), c_10 the transposed
    in0 tiles (as big as c_0) with transpose_a."""
    if in0_transpose:
        size = formats.tile_size(in0[0])
        _cb(prog, cores, {10: in0[0]}, in0[1] * size, size)
    for idx, (fmt, tiles) in ((0, in0), (1, in1)):
        size = formats.tile_size(fmt)
        _cb(prog, cores, {idx: fmt}, tiles * size, size)
    s_out, s_interm = formats.tile_size(fmt_out), formats.tile_size(interm0_fmt)
    if interm0_fmt != fmt_out:
        _cb(prog, cores, {4: fmt_out}, out_block_tiles * s_out, s_out)
        _cb(prog, cores, {5: interm0_fmt}, out_block_tiles * s_interm, s_interm)
    else:
        _cb_sized(prog, cores, [(4, fmt_out, s_out), (5, interm0_fmt, s_interm)], out_block_tiles * s_out)
    if bias is not None:
        size = formats.tile_size(bias[0])
        _cb(prog, cores, {3: bias[0]}, bias[1] * size, size)


def _worker(dev, x, y):
    return dev.sim.worker_core_from_logical_core(CoreCoord(x, y))


def _fused(fused_activation):
    """(compute defines, named args) of a program config's fused activation: RELU -> PACK_RELU, anything else ->
    SFPU_ACTIVATION with matmul_utilities get_activation_params' type and params as named args."""
    if fused_activation is None:
        return {}, {}
    name = fused_activation.op_type.name
    if name == "RELU":
        return {"PACK_RELU": "1"}, {}
    from tensix.ttnn.kernels.matmul.matmul_api import MODELLED_ACTIVATIONS
    kind, p0, p1, p2 = _activation_params(fused_activation)
    if kind not in MODELLED_ACTIVATIONS:
        raise NotModelledError(f"ttnn.matmul: the fused activation {name} needs the SFPU kernel of "
                               f"{kind.name.lower()}, which tensix does not model (it has "
                               f"{', '.join(k.name.lower() for k in MODELLED_ACTIVATIONS)} and relu).\nFix: run the "
                               "matmul without the activation and apply it with its ttnn op.")
    return {"SFPU_ACTIVATION": "1"}, {"activation_type": int(kind), "activation_param0": p0, "activation_param1": p1,
                                      "activation_param2": p2}


def _f32_bits(x) -> int:
    return int(np.array(x, dtype=np.float32).view(np.uint32))


def _activation_params(act):
    """matmul_utilities.hpp get_activation_params: (KernelActivation, param0, param1, param2)."""
    from tensix.ttnn.kernels.matmul.matmul_api import KernelActivation as K
    p = [float(x) for x in act.params]
    if len(p) > 2:
        raise TTNNError(f"Invalid number of activation parameters: {len(p)}. Expected no more than 2.")
    name = act.op_type.name
    first = p[0] if p else None
    second = p[1] if len(p) > 1 else None
    if name in ("GELU", "TANH", "HARDSIGMOID"):
        return K[name], int(first) if first is not None else 0, 0, 0
    if name == "SILU":
        return K.SILU, 0, 0, 0
    if name == "RELU6":
        return K.RELU6, _f32_bits(first) if first is not None else 0x40C00000, 0, 0
    if name == "SIGMOID":
        p0 = int(first) if first is not None else 0
        if p0 > 4:
            raise TTNNError(f"Invalid Vector mode value: {p0}")
        return K.SIGMOID, p0, int(second) if second is not None else 0, 0
    if name == "HARDTANH":
        return (K.HARDTANH, _f32_bits(first) if first is not None else 0xBF800000,
                _f32_bits(second) if second is not None else 0x3F800000, 0)
    if name == "SELU":
        return (K.SELU, _f32_bits(first) if first is not None else 0x3FD637BD,
                _f32_bits(second) if second is not None else 0x3F8674F5, 0)
    if name == "SOFTPLUS":
        if first is not None and first == 0:
            raise TTNNError("SOFTPLUS activation beta parameter cannot be zero")
        beta = first if first is not None else 1.0
        return (K.SOFTPLUS, _f32_bits(beta), _f32_bits(second) if second is not None else 0x41A00000,
                _f32_bits(np.float32(1.0) / np.float32(beta)))
    raise TTNNError(f"Unsupported UnaryOpType for fused activation: {name}\nFix: fuse one of gelu, tanh, silu, relu, "
                    "relu6, sigmoid, hardsigmoid, hardtanh, selu, softplus, or apply it with its ttnn op.")


class _Blocked:
    """What the blocked factories (2D / 1D multicast) compute alike from the tensors and the program config: the
    tile dims, strides, block counts, data formats, the readers' / writers' / compute kernel's compile-time args
    and the padding args of the last row and column (the shared parts of
    matmul_multicore_reuse_mcast_{2d,1d}_program_factory.cpp)."""

    def __init__(self, a, b, bias, out, at: _Attrs, pc, in0_B, in1_B):
        self.ta, self.tb, self.ckc = at.transpose_a, at.transpose_b, at.compute_kernel_config
        self.bias, self.out = bias, out
        self.fp32 = bool(self.ckc.fp32_dest_acc_en)
        pa, pb = _pshape(a, self.ta), _pshape(b, self.tb)
        fuse_batch = getattr(pc, "fuse_batch", False)
        self.in0_B, self.in1_B = in0_B, in1_B
        self.M, M_per_batch, self.K, self.N = _M(pa, fuse_batch), _M(pa, False), pa[-1] // TILE, pb[-1] // TILE
        la = _lshape(a, self.ta)
        self.in0_last_ktile_w = 0 if self.ta else la[-1] % TILE
        self.in0_last_ktile_h = la[-1] % TILE if self.ta else 0
        self.in0_block_w, self.sh, self.sw = pc.in0_block_w, pc.out_subblock_h, pc.out_subblock_w
        self.obh, self.obw, self.pm, self.pn = pc.out_block_h, pc.out_block_w, pc.per_core_M, pc.per_core_N
        if self.K % self.in0_block_w:
            raise TTNNError(f"Kt ({self.K}) must be divisible by in0_block_w ({self.in0_block_w})")
        if self.obh % self.sh or self.obw % self.sw:
            raise TTNNError("out_block_h must be multiple of out_subblock_h" if self.obh % self.sh else
                            "out_block_w must be multiple of out_subblock_w")
        self.nby, self.nbx = (self.M - 1) // self.pm + 1, (self.N - 1) // self.pn + 1
        self.num_blocks = self.K // self.in0_block_w
        self.out_nbx, self.out_nby = self.pn // self.obw, self.pm // self.obh
        self.fmt0, self.fmt1, self.fmt_out = data_format(a.dtype), data_format(b.dtype), data_format(out.dtype)
        self.fmt_bias = data_format(bias.dtype) if bias is not None else formats.DataFormat.Bfp8_b
        self.s_out = formats.tile_size(self.fmt_out)
        batch_fused = self.M != M_per_batch
        self.in0_stride_w = M_per_batch if (self.ta and not batch_fused) else 1
        self.in0_stride_h = 1 if (self.ta and not batch_fused) else self.K
        self.in1_stride_w = self.K if self.tb else 1
        self.in1_stride_h = 1 if self.tb else self.N
        self.in0_num_subblocks = self.obh // self.sh
        self.in0_block_num_tiles = self.sh * self.in0_block_w * self.in0_num_subblocks
        self.in1_num_subblocks = self.obw // self.sw
        self.in1_per_core_w = self.sw * self.in1_num_subblocks
        self.out_block_tiles = self.obh * self.obw
        self.fused_activation = pc.fused_activation

    def interm0(self, packer_l1_acc_en: bool):
        if packer_l1_acc_en:
            return formats.DataFormat.Float32 if self.fp32 else formats.DataFormat.Float16_b
        return formats.DataFormat.Float32 if self.fp32 else self.fmt_out

    def in0_sender_ct(self, sems, num_dests, num_cores, reuse_in0: bool, a) -> list:
        return [self.in0_stride_w, self.in0_stride_h, self.in0_block_w * self.in0_stride_w,
                self.obh * self.in0_stride_h, self.in0_block_w, self.obh, self.in0_block_num_tiles,
                self.in0_last_ktile_w, self.in0_last_ktile_h, 0, 0, 0, self.num_blocks, self.out_nbx, self.out_nby,
                sems[0], sems[1], num_dests, num_cores, self.M * self.K, self.in0_B, self.in1_B, int(reuse_in0),
                0, 0, 1, 0, 0] + _accessor(a) + [0, 0]

    def in1_sender_ct(self, sems, num_dests, num_cores, batch, bcast_batch, b) -> list:
        bias, out = self.bias, self.out
        return [self.in1_stride_w, self.in1_stride_h, self.in0_block_w * self.in1_stride_h,
                self.obw * self.in1_stride_w, self.obw, self.in0_block_w, self.obw * self.in0_block_w,
                self.num_blocks, self.out_nbx, self.out_nby, sems[0], sems[1], num_dests, num_cores,
                self.K * self.N, batch, int(bcast_batch), 0, 0] + self._writer_ct() \
            + [1 if bias is not None else 0, 0, 0] + _accessor(b) + [0] + _accessor(out) \
            + (_accessor(bias) if bias is not None else [])

    def _writer_ct(self) -> list:
        N, sh, sw = self.N, self.sh, self.sw
        return [1, N, sw, sh * N, self.obw, self.obh * N, sw, sh, sw * sh, self.M * N]

    def in1_recv_ct(self, sems, batch) -> list:
        return [self.obw * self.in0_block_w, self.num_blocks, self.out_nbx, self.out_nby, sems[0], sems[1], batch] \
            + self._writer_ct() + [self.obw if self.bias is not None else 0, 0] + _accessor(self.out)

    def in0_recv_ct(self, sems, batch) -> list:
        return [self.in0_block_w * self.obh, self.num_blocks, self.out_nbx, self.out_nby, sems[0], sems[1], batch, 0]

    def compute(self, batch, packer_l1_acc_en: bool):
        """(compile-time args, defines, named args) of bmm_large_block_zm_fused_bias_activation."""
        ct = [self.in0_block_w, self.in0_num_subblocks, self.in0_block_num_tiles, self.sh * self.in0_block_w,
              self.in1_num_subblocks, self.sw * self.in0_block_w * self.in1_num_subblocks, self.in1_per_core_w,
              self.num_blocks, self.out_nbx, self.out_nby, self.sh, self.sw, self.sh * self.sw, batch,
              self.out_block_tiles, 0, 0, int(self.ta)]
        if self.bias is not None:
            ct.append(int(_row_broadcastable(self.bias)))
        defines, named_act = _fused(self.fused_activation)
        if self.bias is not None:
            defines["FUSE_BIAS"] = "1"
        if packer_l1_acc_en:
            defines["PACKER_L1_ACC"] = "1"
        if self.fp32:
            defines["FP32_DEST_ACC_EN"] = "1"
        if self.tb:
            defines["IN1_TRANSPOSE_TILE"] = "1"
        named = {"cb_in0": 0, "cb_in1": 1, "cb_bias": 3, "cb_out": 4, "cb_intermed0": 5, "cb_in0_transposed": 10,
                 "bias_ntiles": self.in1_per_core_w, **named_act}
        return ct, defines, named

    def cbs(self, prog, cores, in0_tiles, in1_tiles, packer_l1_acc_en: bool):
        _block_cbs(prog, cores, (self.fmt0, in0_tiles), (self.fmt1, in1_tiles), self.fmt_out,
                   self.interm0(packer_l1_acc_en), self.out_block_tiles,
                   (self.fmt_bias, self.obw) if self.bias is not None else None, self.ta)

    def pad_w(self, last: bool) -> list:
        """The writer's width padding args (out_num_nonzero_subblocks_w, its last-block count, last subblock width,
        address skip, padded tiles skip): of the last column of cores when `last`, else no padding."""
        nsw = self.obw // self.sw
        if not last:
            return [nsw, nsw, self.sw, 0, 0]
        last_pn = self.N % self.pn or self.pn
        last_obw = last_pn % self.obw or self.obw
        nz = (last_obw - 1) // self.sw + 1
        lsb = last_obw % self.sw or self.sw
        return [nsw, nz, lsb, self.s_out * (self.sw - lsb), self.sw * self.sh * (nsw - nz)]

    def pad_h(self, last_pm) -> list:
        """The writer's height padding args (out_num_nonzero_subblocks_h, last subblock height, padded tiles skip)
        for a row of cores with last_pm valid tile rows (None: no padding)."""
        nsh = self.obh // self.sh
        if last_pm is None:
            return [nsh, self.sh, 0]
        last_obh = last_pm % self.obh or self.obh
        nz = (last_obh - 1) // self.sh + 1
        lsb = last_obh % self.sh or self.sh
        return [nz, lsb, (nsh - nz) * (self.obw * self.sh)]

    def last_obw(self) -> int:
        last_pn = self.N % self.pn or self.pn
        return last_pn % self.obw or self.obw

    def last_num_blocks_w(self) -> int:
        return ((self.N % self.pn or self.pn) - 1) // self.obw + 1

    def last_num_blocks_h(self) -> int:
        return ((self.M % self.pm or self.pm) - 1) // self.obh + 1

    def in1_sender_args(self, in1_start, mcast, out_start, last_block_w, pad_h, pad_w, bias_start, last_nbw) -> tuple:
        """The in1 sender/writer's runtime args and their address slots."""
        args = [0, in1_start, *mcast, 0, 0, out_start, last_block_w, *pad_h[:3], pad_w[0], *pad_w[1:]] \
            + [0, bias_start if self.bias is not None else 0, last_nbw]
        slots = {0: "b", 7: "out"}
        if self.bias is not None:
            slots[18] = "bias"
        return args, slots


def _mcast_2d(dev, a, b, bias, out, at: _Attrs, pc: MatmulMultiCoreReuseMultiCastProgramConfig):
    """matmul_multicore_reuse_mcast_2d_program_factory.cpp create_descriptor + create_program_mcast_in0_in1_descriptor
    for interleaved tensors (no sharding, no sub-device, no fused CCL op)."""
    B = 1 if pc.fuse_batch else _batch(_pshape(a, at.transpose_a))
    g = _Blocked(a, b, bias, out, at, pc, B, B)
    grid = pc.compute_with_storage_grid_size
    nby, nbx = g.nby, g.nbx
    if pc.transpose_mcast:
        raise NotModelledError("ttnn.matmul: MatmulMultiCoreReuseMultiCastProgramConfig with transpose_mcast=True "
                               "(block-sharded in0 in column-major order) is not modelled by tensix.\nFix: use "
                               "transpose_mcast=False with interleaved inputs.")
    if nbx > grid.x or nby > grid.y:
        raise TTNNError(f"Num output blocks along x ({nbx}) must be smaller than or equal to the number of columns in "
                        f"compute grid ({grid.x})!" if nbx > grid.x else
                        f"Num output blocks along y ({nby}) must be smaller than or equal to the number of rows in "
                        f"compute grid ({grid.y})!")
    packer_l1_acc_en = bool(g.ckc.packer_l1_acc) and ((bias is not None and g.num_blocks > 1) or g.num_blocks > 2)
    depth = MCAST_INPUT_BUFFERING_DEPTH if B * g.num_blocks > 1 else 1

    cores_c, cores_r = nbx, nby
    all_cores = CoreRange(CoreCoord(0, 0), CoreCoord(cores_c - 1, cores_r - 1))
    cores = [CoreCoord(x, y) for y in range(cores_r) for x in range(cores_c)]      # grid_to_cores, row-wise
    in0_sender = CoreRangeSet([CoreRange(CoreCoord(0, 0), CoreCoord(0, cores_r - 1))])
    in1_sender = CoreRangeSet([CoreRange(CoreCoord(0, 0), CoreCoord(cores_c - 1, 0))])
    split_half = cores_c > 2 and cores_r > 1
    half_core = cores_c // 2 if split_half else cores_c - 1
    in0_recv, in1_recv, other = [], [], []
    if cores_c > 1:
        in0_recv.append(CoreRange(CoreCoord(1, 0), CoreCoord(cores_c - 1, 0)))             # in0 receiver, in1 sender
    if cores_r > 1:
        in1_recv.append(CoreRange(CoreCoord(0, 1), CoreCoord(0, cores_r - 1)))             # in0 sender, in1 receiver
    if cores_c > 1 and cores_r > 1:
        left = CoreRange(CoreCoord(1, 1), CoreCoord(half_core, cores_r - 1))
        in0_recv.append(left)
        in1_recv.append(left)
    if split_half:
        other.append(CoreRange(CoreCoord(half_core + 1, 1), CoreCoord(cores_c - 1, cores_r - 1)))
    in0_recv_set, in1_recv_set, other_set = CoreRangeSet(in0_recv), CoreRangeSet(in1_recv), CoreRangeSet(other)

    in0_sems, in1_sems = (0, 1), (2, 3)
    in0_sender_ct = g.in0_sender_ct(in0_sems, nbx - 1, nbx - 1, False, a)
    in1_sender_ct = g.in1_sender_ct(in1_sems, nby - 1, nby - 1, B, at.bcast_batch, b)
    in0_recv_ct, in1_recv_ct = g.in0_recv_ct(in0_sems, B), g.in1_recv_ct(in1_sems, B)
    compute_ct, mm_defines, named_compute = g.compute(B, packer_l1_acc_en)
    in1_sender_defines = {"FUSE_BIAS": "1"} if bias is not None else {}
    in1_recv_defines = dict(in1_sender_defines)
    in0_sender_defines = {"SKIP_MCAST": "1"} if in0_recv_set.num_cores() == 0 else {}
    if in1_recv_set.num_cores() == 0:
        in1_sender_defines["SKIP_MCAST"] = "1"

    prog = mh.CreateProgram()
    allset = CoreRangeSet([all_cores])
    k_in0_sender = mh.CreateKernel(prog, O.kernel_path("matmul/reader_bmm_tile_layout_in0_sender_padding.py"),
                                   in0_sender, _dm(DataMovementProcessor.RISCV_1, _IN0_NOC, in0_sender_ct,
                                                   in0_sender_defines, _NAMED_IN0_SENDER))
    k_in1_sender = mh.CreateKernel(prog, O.kernel_path("matmul/reader_bmm_tile_layout_in1_sender_writer_padding.py"),
                                   in1_sender, _dm(DataMovementProcessor.RISCV_0, _IN1_NOC, in1_sender_ct,
                                                   in1_sender_defines, _NAMED_IN1_SENDER))
    k_in1_recv = k_in0_recv = k_in1_recv_other = k_in0_recv_other = None
    if in1_recv_set.num_cores():
        k_in1_recv = mh.CreateKernel(prog,
                                     O.kernel_path("matmul/reader_bmm_tile_layout_in1_receiver_writer_padding.py"),
                                     in1_recv_set, _dm(DataMovementProcessor.RISCV_0, _IN1_NOC, in1_recv_ct,
                                                       in1_recv_defines, _NAMED_IN1_RECV))
    if in0_recv_set.num_cores():
        k_in0_recv = mh.CreateKernel(prog, O.kernel_path("matmul/reader_bmm_tile_layout_in0_receiver.py"),
                                     in0_recv_set, _dm(DataMovementProcessor.RISCV_1, _IN0_NOC, in0_recv_ct, {},
                                                       {"cb_in0": 0}))
    if other_set.num_cores():
        # the right half uses the other NoCs (in0: preferred_noc_for_dram_read, in1: _for_dram_write)
        k_in1_recv_other = mh.CreateKernel(
            prog, O.kernel_path("matmul/reader_bmm_tile_layout_in1_receiver_writer_padding.py"), other_set,
            _dm(DataMovementProcessor.RISCV_0, _IN0_NOC, in1_recv_ct, in1_recv_defines, _NAMED_IN1_RECV))
        k_in0_recv_other = mh.CreateKernel(
            prog, O.kernel_path("matmul/reader_bmm_tile_layout_in0_receiver.py"), other_set,
            _dm(DataMovementProcessor.RISCV_1, _IN1_NOC, in0_recv_ct, {}, {"cb_in0": 0}))
    mh.CreateKernel(prog, O.kernel_path("matmul/bmm_large_block_zm_fused_bias_activation.py"), allset,
                    _compute(g.ckc, compute_ct, mm_defines, named_compute, bool(g.ckc.dst_full_sync_en)))
    g.cbs(prog, allset, g.obh * g.in0_block_w * depth, g.obw * g.in0_block_w * depth, packer_l1_acc_en)
    for _ in range(4):
        mh.CreateSemaphore(prog, allset, 0)

    # runtime args (addresses patched per run: set_args)
    last_pm = g.M % g.pm or g.pm
    last_obh = last_pm % g.obh or g.obh
    in0_end, in1_end = nby - 1, nbx - 1
    plan = []       # (kernel, core, args, address slots: {index: "a" | "b" | "out" | "bias"})
    for core in cores:
        in0_idx, in1_idx = core.y, core.x
        left, left1 = _worker(dev, 0, core.y), _worker(dev, 1, core.y)
        right = _worker(dev, cores_c - 1, core.y)
        top, top1 = _worker(dev, core.x, 0), _worker(dev, core.x, 1)
        bottom = _worker(dev, core.x, cores_r - 1)
        if in1_idx == 0:
            # NOC_1: the multicast rectangle's start and end swapped
            args = [0, g.pm * g.in0_stride_h * in0_idx, right.x, right.y, left1.x, left1.y,
                    last_obh if in0_idx == in0_end else g.obh, 0]
            plan.append((k_in0_sender, core, args, {0: "a"}))
        else:
            kid = k_in0_recv if (core.x <= half_core or core.y == 0) else k_in0_recv_other
            plan.append((kid, core, [left.x, left.y], {}))
        out_start = in1_idx * g.pn + in0_idx * g.pm * g.N
        last_col, last_row = in1_idx == in1_end, in0_idx == in0_end
        if in0_idx == 0:
            plan.append((k_in1_sender, core, *g.in1_sender_args(
                g.pn * g.in1_stride_w * in1_idx, [top1.x, top1.y, bottom.x, bottom.y], out_start,
                g.last_obw() if last_col else g.obw, g.pad_h(None), g.pad_w(last_col), g.pn * in1_idx,
                g.last_num_blocks_w() if last_col else g.out_nbx)))
        else:
            ph = g.pad_h(last_pm if last_row else None)
            args = [top.x, top.y, 0, out_start, g.obh // g.sh, *ph, *g.pad_w(last_col),
                    g.last_num_blocks_h() if last_row else g.out_nby,
                    g.last_num_blocks_w() if last_col else g.out_nbx]
            kid = k_in1_recv if core.x <= half_core else k_in1_recv_other
            plan.append((kid, core, args, {2: "out"}))
    return _entry(prog, plan, len(cores), "matmul_multicore_reuse_mcast_2d", a, b, bias, out)


_NAMED_IN0_SENDER = {"cb_in0": 0, "cb_in0_sharded": 2, "cb_sparsity": 6}
_NAMED_IN1_SENDER = {"cb_in1": 1, "cb_bias": 3, "cb_out": 4, "cb_sparsity": 7}
_NAMED_IN1_RECV = {"cb_in1": 1, "cb_bias": 3, "cb_out": 4}


def _row_major_cores(n: int, gx: int) -> list:
    """num_cores_to_corerangeset_in_subcoregrids from (0, 0), row-major: the first n cores of a gx-wide grid."""
    return [CoreCoord(i % gx, i // gx) for i in range(n)]


def _core_set(cores: list) -> CoreRangeSet:
    """A CoreRangeSet of row-major cores (one range per row)."""
    rows: dict = {}
    for c in cores:
        rows.setdefault(c.y, []).append(c.x)
    return CoreRangeSet([CoreRange(CoreCoord(min(xs), y), CoreCoord(max(xs), y)) for y, xs in rows.items()])


def _mcast_1d(dev, a, b, bias, out, at: _Attrs, pc: MatmulMultiCoreReuseMultiCast1DProgramConfig):
    """matmul_multicore_reuse_mcast_1d_program_factory.cpp create_descriptor with create_program_mcast_in0_descriptor
    (mcast_in0: the start core reads in0 and multicasts it to every core, each core reads its own in1 columns and
    writes its output) or create_program_mcast_in1_descriptor (the start core reads in1 and multicasts it, each core
    reads its own in0 rows), for interleaved tensors (no sharding, sub-device or fused CCL op)."""
    fuse = pc.fuse_batch
    in0_B = 1 if fuse else _batch(_pshape(a, at.transpose_a))
    in1_B = 1 if fuse else _batch(_pshape(b, at.transpose_b))
    g = _Blocked(a, b, bias, out, at, pc, in0_B, in1_B)
    grid = pc.compute_with_storage_grid_size
    num_cores = g.nbx * g.nby
    if num_cores > grid.x * grid.y:
        raise TTNNError(f"ttnn.matmul: the 1D program needs {num_cores} cores ({g.nby} x {g.nbx} output blocks of "
                        f"per_core_M={g.pm}, per_core_N={g.pn}) but compute_with_storage_grid_size {grid.x}x{grid.y} "
                        "has fewer.\nFix: raise per_core_M / per_core_N or the grid.")
    cores = _row_major_cores(num_cores, grid.x)
    all_set = _core_set(cores)
    bbox_end = CoreCoord(grid.x - 1 if num_cores > grid.x else num_cores - 1, (num_cores - 1) // grid.x)
    bbox_cores = (bbox_end.x + 1) * (bbox_end.y + 1)
    top_left, bottom_right = _worker(dev, 0, 0), _worker(dev, bbox_end.x, bbox_end.y)
    recv_set = _core_set(cores[1:]) if bbox_cores > 1 else CoreRangeSet([])
    sems = (0, 1)
    start = CoreRangeSet([CoreRange(CoreCoord(0, 0), CoreCoord(0, 0))])
    prog = mh.CreateProgram()
    plan = []
    if pc.mcast_in0:
        if g.nby != 1:
            raise TTNNError(f"matmul_multicore_reuse_mcast_1d requires num_blocks_y == 1 (M <= per_core_M) for "
                            f"mcast_in0. Got M={g.M}, per_core_M={g.pm}, num_blocks_y={g.nby}.\nFix: set per_core_M "
                            f"to {g.M} (or use mcast_in0=False).")
        packer_l1_acc_en = bool(g.ckc.packer_l1_acc) and g.num_blocks > 1
        in0_tiles = g.obh * g.in0_block_w * (MCAST_INPUT_BUFFERING_DEPTH if in0_B * g.num_blocks > 1 else 1)
        in1_tiles = g.obw * g.in0_block_w * (MCAST_INPUT_BUFFERING_DEPTH if in1_B * g.num_blocks > 1 else 1)
        in0_sender_ct = g.in0_sender_ct(sems, num_cores - 1, bbox_cores - 1, False, a)
        in1_sender_ct = g.in1_sender_ct((0, 0), 0, 0, in0_B, at.bcast_batch, b)
        compute_ct, mm_defines, named_compute = g.compute(in0_B, packer_l1_acc_en)
        in1_defines = {"FUSE_BIAS": "1"} if bias is not None else {}
        in1_defines["SKIP_MCAST"] = "1"
        k_in0_sender = mh.CreateKernel(
            prog, O.kernel_path("matmul/reader_bmm_tile_layout_in0_sender_padding.py"), start,
            _dm(DataMovementProcessor.RISCV_1, _IN0_NOC, in0_sender_ct,
                {"SKIP_MCAST": "1"} if bbox_cores == 1 else {}, _NAMED_IN0_SENDER))
        k_in0_recv = None
        if recv_set.num_cores():
            k_in0_recv = mh.CreateKernel(prog, O.kernel_path("matmul/reader_bmm_tile_layout_in0_receiver.py"),
                                         recv_set, _dm(DataMovementProcessor.RISCV_1, _IN0_NOC,
                                                       g.in0_recv_ct(sems, in0_B), {}, {"cb_in0": 0}))
        k_in1 = mh.CreateKernel(prog, O.kernel_path("matmul/reader_bmm_tile_layout_in1_sender_writer_padding.py"),
                                all_set, _dm(DataMovementProcessor.RISCV_0, _IN1_NOC, in1_sender_ct, in1_defines,
                                             _NAMED_IN1_SENDER))
        mh.CreateKernel(prog, O.kernel_path("matmul/bmm_large_block_zm_fused_bias_activation.py"), all_set,
                        _compute(g.ckc, compute_ct, mm_defines, named_compute, False))
        g.cbs(prog, all_set, in0_tiles, in1_tiles, packer_l1_acc_en)
        ph = g.pad_h(g.M if g.M < g.pm else g.pm)      # M padding lies in the single h block
        for i, core in enumerate(cores):
            ox = i % g.nbx
            last_col = ox == g.nbx - 1
            if i == 0:
                # NOC_1: the rectangle from the bottom right to the top left
                plan.append((k_in0_sender, core, [0, 0, bottom_right.x, bottom_right.y, top_left.x, top_left.y,
                                                  (g.M if g.M < g.pm else g.pm) % g.obh or g.obh, 0], {0: "a"}))
            else:
                plan.append((k_in0_recv, core, [top_left.x, top_left.y], {}))
            plan.append((k_in1, core, *g.in1_sender_args(
                g.pn * g.in1_stride_w * ox, [0, 0, 0, 0], ox * g.pn, g.last_obw() if last_col else g.obw, ph,
                g.pad_w(last_col), g.pn * ox, g.last_num_blocks_w() if last_col else g.out_nbx)))
    else:
        packer_l1_acc_en = bool(g.ckc.packer_l1_acc) and ((bias is not None and g.num_blocks > 1) or g.num_blocks > 2)
        reuse = in0_B == 1 and in1_B > 1 and not at.bcast_batch and pc.fused_activation is None
        batch = in1_B if reuse else in0_B
        if in0_B == 1 and in1_B > 1:
            in0_tiles = g.pm * g.num_blocks * g.in0_block_w
        else:
            in0_tiles = g.obh * g.in0_block_w * (2 if in0_B * g.num_blocks > 1 else 1)
        in1_tiles = g.obw * g.in0_block_w * (2 if in1_B * g.num_blocks > 1 else 1)
        in0_sender_ct = g.in0_sender_ct((0, 0), 0, 0, reuse, a)
        in1_sender_ct = g.in1_sender_ct(sems, num_cores - 1, bbox_cores - 1, batch, at.bcast_batch, b)
        compute_ct, mm_defines, named_compute = g.compute(batch, packer_l1_acc_en)
        in1_defines = {"FUSE_BIAS": "1"} if bias is not None else {}
        recv_defines = dict(in1_defines)
        if bbox_cores == 1:
            in1_defines["SKIP_MCAST"] = "1"
        k_in0 = mh.CreateKernel(prog, O.kernel_path("matmul/reader_bmm_tile_layout_in0_sender_padding.py"), all_set,
                                _dm(DataMovementProcessor.RISCV_1, _IN0_NOC, in0_sender_ct, {"SKIP_MCAST": "1"},
                                    _NAMED_IN0_SENDER))
        k_in1_sender = mh.CreateKernel(
            prog, O.kernel_path("matmul/reader_bmm_tile_layout_in1_sender_writer_padding.py"), start,
            _dm(DataMovementProcessor.RISCV_0, _IN1_NOC, in1_sender_ct, in1_defines, _NAMED_IN1_SENDER))
        k_in1_recv = None
        if recv_set.num_cores():
            k_in1_recv = mh.CreateKernel(
                prog, O.kernel_path("matmul/reader_bmm_tile_layout_in1_receiver_writer_padding.py"), recv_set,
                _dm(DataMovementProcessor.RISCV_0, _IN1_NOC, g.in1_recv_ct(sems, batch), recv_defines,
                    _NAMED_IN1_RECV))
        mh.CreateKernel(prog, O.kernel_path("matmul/bmm_large_block_zm_fused_bias_activation.py"), all_set,
                        _compute(g.ckc, compute_ct, mm_defines, named_compute, False))
        g.cbs(prog, all_set, in0_tiles, in1_tiles, packer_l1_acc_en)
        last_pm = g.M % g.pm or g.pm
        for i, core in enumerate(cores):
            ox, oy = i // g.nby, i % g.nby
            out_start = ox * g.pn + oy * g.pm * g.N
            if i == 0:
                # NOC_0: the rectangle from the top left to the bottom right
                plan.append((k_in1_sender, core, *g.in1_sender_args(
                    g.pn * g.in1_stride_w * ox, [top_left.x, top_left.y, bottom_right.x, bottom_right.y], out_start,
                    g.obw, g.pad_h(None), g.pad_w(False), g.pn * ox, g.out_nbx)))
            else:
                last_row = oy == g.nby - 1
                args = [top_left.x, top_left.y, 0, out_start, g.obh // g.sh, *g.pad_h(last_pm if last_row else None),
                        *g.pad_w(False), g.last_num_blocks_h() if last_row else g.out_nby, g.out_nbx]
                plan.append((k_in1_recv, core, args, {2: "out"}))
            plan.append((k_in0, core, [0, g.pm * g.in0_stride_h * oy, 0, 0, 0, 0, g.pm, 0], {0: "a"}))
    for _ in sems:
        mh.CreateSemaphore(prog, all_set, 0)
    return _entry(prog, plan, num_cores, "matmul_multicore_reuse_mcast_1d", a, b, bias, out)


def _row_broadcastable(bias) -> bool:
    """matmul_utilities fused_matmul_bias_row_broadcastable."""
    s = list(bias.shape)
    return len(s) < 2 or s[-2] == 1


def _entry(prog, plan, ncores, name, a, b, bias, out):
    """A ProgramEntry whose set_args writes the runtime args of `plan` with this run's buffer addresses
    (override_runtime_arguments patches the same slots)."""
    def set_args(tensors):
        addr = {"a": tensors[0].buffer_address(), "b": tensors[1].buffer_address(),
                "bias": tensors[2].buffer_address() if tensors[2] is not None else 0,
                "out": tensors[3].buffer_address()}
        for kid, core, args, slots in plan:
            for i, which in slots.items():
                args[i] = addr[which]
            mh.SetRuntimeArgs(prog, kid, core, args)
    return O.ProgramEntry(prog, set_args, ncores, name)


# ------------------------------------------------------------------------------------------------- the op
# matmul_nanobind.cpp: the dtypes of the inputs and the bias
_MATMUL_DTYPES = (DataType.BFLOAT16, DataType.FLOAT32, DataType.BFLOAT8_B, DataType.BFLOAT4_B)


def _check_inputs(what, a, b, bias):
    dev = O.device_of(what, a, b, bias)
    for t, name in ((a, "input_tensor_a"), (b, "input_tensor_b")):
        if t.layout != Layout.TILE:
            raise LayoutError(f"{what}: Inputs to matmul must be tilized ({name} is in {t.layout!r}).\nFix: "
                              f"ttnn.to_layout({name}, ttnn.TILE_LAYOUT) first (or from_torch(..., "
                              "layout=ttnn.TILE_LAYOUT)).")
        if t.dtype not in _MATMUL_DTYPES:
            raise DTypeError(f"{what}: {name} is {t.dtype!r}; matmul takes bfloat16, float32, bfloat8_b and bfloat4_b "
                             "(tensix does not model integer matmuls).\nFix: ttnn.typecast it to bfloat16.")
        if t.is_sharded():
            raise NotModelledError(f"{what}: sharded {name} is not modelled by tensix's matmul.\nFix: use an "
                                   "interleaved memory config.")
    if bias is not None:
        if bias.layout != Layout.TILE:
            raise LayoutError(f"{what}: Unsupported input layout: the bias must be tilized.\nFix: ttnn.to_layout(bias, "
                              "ttnn.TILE_LAYOUT).")
        if bias.dtype not in _MATMUL_DTYPES:
            raise DTypeError(f"{what}: the bias is {bias.dtype!r}; use bfloat16, float32, bfloat8_b or bfloat4_b.")
    return dev


def _validate(a, b, bias, at: _Attrs, pc):
    """The checks of MatmulDeviceOperation::validate_on_program_cache_miss that interleaved inputs reach."""
    ta, tb = at.transpose_a, at.transpose_b
    sa, sb = _lshape(a, ta), _lshape(b, tb)
    pa, pb = _pshape(a, ta), _pshape(b, tb)
    if len(sb) < 2:
        raise ShapeError(f"Matmul expects input B rank >= 2, got {len(sb)}")
    if sa[-1] != sb[-2]:
        raise ShapeError(f"The width of the first tensor must be equal to the height of the second tensor. Mismatch: "
                         f"width={sa[-1]} height={sb[-2]}\nFix: give input_tensor_a shape [..., M, K] and "
                         "input_tensor_b shape [..., K, N] (or use transpose_a / transpose_b).")
    if at.bcast_batch and _batch(pb) != 1:
        raise ShapeError("The batch bcast variant of matmul requires input tensors of shapes BCMK*11KN=BCMN or "
                         "equivalent. Please change the second input tensor or adjust the program config.")
    if not at.bcast_batch:
        if len(sa) != len(sb):
            raise ShapeError(f"Input tensors must have the same rank, got a_shape rank: {len(sa)} vs b_shape rank: "
                             f"{len(sb)}\nFix: unsqueeze one of them (ttnn.reshape) to the other's rank.")
        # in0 reuse (1D mcast_in1 keeping a [1, 1, M, K] in0 in L1 across the in1 batches) allows dim 1 to differ
        in0_reuse = (isinstance(pc, MatmulMultiCoreReuseMultiCast1DProgramConfig) and not pc.fuse_batch
                     and pc.fused_activation is None and not pc.mcast_in0 and len(sa) == 4 and len(sb) == 4
                     and sa[1] == 1)
        for i in range(len(sa) - 2):
            if sa[i] != sb[i] and not (i == 1 and in0_reuse):
                raise ShapeError(f"bmm (non-bcast matmul) expects input tensors of shapes BCMK*BCKN=BCMN or batch "
                                 f"dimension {i} mismatch: a={sa[i]} vs b={sb[i]}\nFix: make the batch dims equal, or "
                                 "give input_tensor_b batch size 1.")
    if isinstance(pc, (MatmulMultiCoreReuseMultiCastProgramConfig, MatmulMultiCoreReuseMultiCast1DProgramConfig)) \
            and pc.fuse_batch:
        if _batch(pb) != 1:
            raise ShapeError("Matmul with fused batch requires input tensors of shapes BCMK*11KN=BCMN or equivalent. "
                             "Please change the second input tensor or adjust the program config.")
        if ta and _batch(pa) != 1 and pa[-2] // TILE != 1:
            raise TTNNError(f"transpose_a with fuse_batch is not supported when batch dimensions exist and "
                            f"M_per_batch > 1 (batch_size={_batch(pa)}, M_per_batch={pa[-2] // TILE}, "
                            f"a_shape_padded={pa})\nFix: pass fuse_batch=False, or ttnn.transpose input_tensor_a.")
    if isinstance(pc, (MatmulMultiCoreReuseProgramConfig, MatmulMultiCoreReuseMultiCastProgramConfig,
                       MatmulMultiCoreReuseMultiCast1DProgramConfig)):
        ckc = at.compute_kernel_config
        regs = 16 if ckc.dst_full_sync_en else 8
        if ckc.fp32_dest_acc_en:
            regs //= 2
        if pc.out_subblock_h * pc.out_subblock_w > regs:
            raise TTNNError(f"out_subblock_w {pc.out_subblock_w} times out_subblock_h {pc.out_subblock_h} needs to be "
                            f"at most {regs} to fit in hardware\nFix: choose smaller subblocks in the program config.")
        for f in ("in0_block_w", "per_core_M", "per_core_N", "out_subblock_h", "out_subblock_w"):
            if getattr(pc, f) <= 0:
                raise TTNNError(f"{f} must be greater than 0!")
        if (pa[-1] // TILE) % pc.in0_block_w:
            raise TTNNError("Kt must be divisible by in0_block_w\nFix: choose an in0_block_w that divides K / 32.")
        g = pc.compute_with_storage_grid_size
        dg = a.device().compute_with_storage_grid_size()
        if g.x > dg.x or g.y > dg.y:
            raise TTNNError(f"compute_with_storage_grid_size ({g.x}, {g.y}) must fit within device grid ({dg.x}, "
                            f"{dg.y})")
    if bias is not None:
        ps = list(bias.padded_shape)
        if _batch(list(bias.shape)) != 1:
            raise ShapeError("Unsupported bias shape: batch size not equal to 1.")
        if ps[-2] != TILE:
            raise ShapeError(f"Unsupported bias shape: padded second last dimension of bias, {ps[-2]}, not equal to "
                             f"tile height, {TILE}")
        if ps[-1] != pb[-1]:
            raise ShapeError(f"Unsupported bias shape: padded last dimension of bias, {ps[-1]}, not equal to second "
                             f"input's padded last dimension, {pb[-1]}.")
        if list(bias.shape)[-1] < sb[-1]:
            raise ShapeError(f"Unsupported bias shape: last dimension of bias, {list(bias.shape)[-1]}, not equal to or "
                             f"greater than second input's last dimension, {sb[-1]}.")


def _post_process_bias(bias, pc, at: _Attrs, a, b) -> bool:
    """matmul.cpp get_post_process_bias."""
    if bias is None:
        return False
    if _is_batched(b.shape) or _is_batched(bias.shape):
        return True
    if bias.padded_shape[-2] != TILE:
        return True
    if pc is not None:
        return isinstance(pc, MatmulMultiCoreProgramConfig)
    if at.user_core_coord is None:
        if at.output_mem_config.buffer_type != BufferType.DRAM:
            return True
        if not (a.memory_config().buffer_type == BufferType.DRAM and b.memory_config().buffer_type == BufferType.DRAM):
            return True
    return False


def _run_program(dev, a, b, bias, out, at, pc, started):
    key = ("matmul", O.spec_key(a), O.spec_key(b), O.spec_key(bias) if bias is not None else None, O.spec_key(out),
           repr(pc), repr(at.compute_kernel_config), at.transpose_a, at.transpose_b, at.bcast_batch)
    if isinstance(pc, MatmulMultiCoreReuseMultiCastProgramConfig):
        factory, name = (lambda: _mcast_2d(dev, a, b, bias, out, at, pc)), "MatmulMultiCoreReuseMcast2DProgramFactory"
    elif isinstance(pc, MatmulMultiCoreReuseMultiCast1DProgramConfig):
        if pc.gather_in0 or pc.untilize_out:
            raise NotModelledError(f"ttnn.matmul: MatmulMultiCoreReuseMultiCast1DProgramConfig with "
                                   f"{'gather_in0' if pc.gather_in0 else 'untilize_out'}=True is not modelled by "
                                   "tensix.\nFix: use the default config or mcast_in0 with interleaved tensors.")
        factory, name = (lambda: _mcast_1d(dev, a, b, bias, out, at, pc)), "MatmulMultiCoreReuseMcast1DProgramFactory"
    elif isinstance(pc, MatmulMultiCoreReuseProgramConfig):
        factory, name = (lambda: _reuse(dev, a, b, bias, out, at, pc)), "MatmulMultiCoreReuseOptimizedProgramFactory"
    elif isinstance(pc, MatmulMultiCoreProgramConfig):
        factory, name = (lambda: _multicore(dev, a, b, out, at)), "MatmulMultiCoreProgramFactory"
    else:
        raise NotModelledError(f"ttnn.matmul with {type(pc).__name__} (DRAM-sharded inputs) is not modelled by "
                               "tensix.\nFix: use interleaved tensors and the default program config.")
    attrs = {"program_config": repr(pc), "math_fidelity": _fidelity(at.compute_kernel_config.math_fidelity).name,
             "fp32_dest_acc_en": bool(at.compute_kernel_config.fp32_dest_acc_en),
             "packer_l1_acc": bool(at.compute_kernel_config.packer_l1_acc), "dtype": at.output_dtype.name}
    O.run("ttnn.matmul", dev, key, factory, [a, b, bias, out], [out], attrs, started)
    return name


def _reuse(dev, a, b, bias, out, at: _Attrs, pc: MatmulMultiCoreReuseProgramConfig):
    """matmul_multicore_reuse_optimized_program_factory.cpp create_descriptor for interleaved tensors: the output
    blocks (per_core_M x per_core_N tiles, a whole batch each when per_core_M exceeds M) split over the cores
    column-major (split_work_to_cores), each core reading its own in0 and in1 blocks, no multicast."""
    ta, tb, ckc = at.transpose_a, at.transpose_b, at.compute_kernel_config
    if bias is not None:
        raise NotModelledError("ttnn.linear with MatmulMultiCoreReuseProgramConfig: tt-metal 622c6fb9's "
                               "MatmulMultiCoreReuseOptimizedProgramFactory has no bias path (ttnn fuses the bias "
                               "into it and it is never added), so tensix refuses rather than return the product "
                               "without the bias.\nFix: use another program config, or ttnn.matmul then ttnn.add.")
    fp32 = bool(ckc.fp32_dest_acc_en)
    sh, sw, pm, pn, in0_block_w = pc.out_subblock_h, pc.out_subblock_w, pc.per_core_M, pc.per_core_N, pc.in0_block_w
    if fp32 and sh * sw > 4:
        raise TTNNError("Total number of tiles in a subblock must be less than 4 when in fp32_dest_acc mode\nFix: "
                        "choose out_subblock_h * out_subblock_w <= 4.")
    pa, pb = _pshape(a, ta), _pshape(b, tb)
    B, M, K, N = _batch(pa), pa[-2] // TILE, pa[-1] // TILE, pb[-1] // TILE
    in0_last_ktile = _lshape(a, ta)[-1] % TILE
    pm_batch = M if pm > M else pm
    batch_scale = pm // M if pm > M else 1
    num_blocks = K // in0_block_w
    packer_l1_acc_en = bool(ckc.packer_l1_acc) and num_blocks > 2
    fmt0, fmt1, fmt_out = data_format(a.dtype), data_format(b.dtype), data_format(out.dtype)
    if packer_l1_acc_en:
        interm0 = formats.DataFormat.Float32 if fp32 else formats.DataFormat.Float16_b
    else:
        interm0 = formats.DataFormat.Float32 if fp32 else fmt_out
    in0_block_num_tiles, in1_block_num_tiles = pm_batch * in0_block_w, pn * in0_block_w
    in0_num_subblocks, in1_num_subblocks = pm_batch // sh, pn // sw
    out_block_tiles = pm * pn
    num_output_blocks = (B * M // pm) * (N // pn)
    ncores, all_cores, g1, g2, n1, n2 = mh.split_work_to_cores(pc.compute_with_storage_grid_size, num_output_blocks)
    if ncores == 0 or num_output_blocks // ncores == 0:
        raise TTNNError("Not all cores from core_range was used!")
    n1, n2 = n1 * batch_scale, n2 * batch_scale

    in0_stride_w, in0_stride_h = (M, 1) if ta else (1, K)
    reader_ct = [in0_stride_w, in0_stride_h, in0_block_w * in0_stride_w, in0_block_w, pm_batch, in0_block_num_tiles,
                 0 if ta else in0_last_ktile, in0_last_ktile if ta else 0, num_blocks, int(at.bcast_batch),
                 M * K] + _accessor(a)
    in1_stride_w, in1_stride_h = (K, 1) if tb else (1, N)
    writer_ct = [in1_stride_w, in1_stride_h, in0_block_w * in1_stride_h, pn, in0_block_w, in1_block_num_tiles,
                 num_blocks, int(at.bcast_batch), K * N, 1, N, sw, sh * N, sw, sh, sw * sh, in1_num_subblocks,
                 pm_batch // sh, M * N] + _accessor(b) + _accessor(out)
    named = {"cb_in0": 0, "cb_in1": 1, "cb_bias": 3, "cb_out": 4, "cb_intermed0": 5, "cb_in0_transposed": 10}
    defines = {}
    if packer_l1_acc_en:
        defines["PACKER_L1_ACC"] = "1"
    if fp32:
        defines["FP32_DEST_ACC_EN"] = "1"
    if tb:
        defines["IN1_TRANSPOSE_TILE"] = "1"

    prog = mh.CreateProgram()
    k_reader = mh.CreateKernel(prog, O.kernel_path("matmul/reader_bmm_tile_layout_in0.py"), all_cores,
                               _dm(DataMovementProcessor.RISCV_1, NOC.RISCV_1_default, reader_ct, {}, named))
    k_writer = mh.CreateKernel(prog, O.kernel_path("matmul/reader_writer_bmm_tile_layout_in1.py"), all_cores,
                               _dm(DataMovementProcessor.RISCV_0, NOC.RISCV_0_default, writer_ct, {}, named))
    for group, n in ((g1, n1), (g2, n2)):
        if group.num_cores():
            ct = [in0_block_w, in0_num_subblocks, in0_block_num_tiles, sh * in0_block_w, in1_num_subblocks,
                  in1_block_num_tiles, sw * in1_num_subblocks, num_blocks, 1, 1, sh, sw, sh * sw, n, out_block_tiles,
                  0, 0, int(ta)]
            mh.CreateKernel(prog, O.kernel_path("matmul/bmm_large_block_zm_fused_bias_activation.py"), group,
                            _compute(ckc, ct, defines, named, bool(ckc.dst_full_sync_en)))
    _block_cbs(prog, all_cores, (fmt0, in0_block_num_tiles * 2), (fmt1, in1_block_num_tiles * 2), fmt_out, interm0,
               out_block_tiles, None, ta)

    g1_cores = g1.num_cores()
    n_blocks_per_batch = N // pn
    blocks_per_batch = (M // pm_batch) * n_blocks_per_batch
    plan, written = [], 0
    for i, core in enumerate(mh.corerange_to_cores(all_cores, ncores)):
        n = n1 if i < g1_cores else n2
        start_batch, within = divmod(written, blocks_per_batch)
        m_block, n_block = divmod(within, n_blocks_per_batch)
        in0_start = start_batch * M * K + m_block * pm_batch * (1 if ta else K)
        in1_start = (0 if at.bcast_batch else start_batch * K * N) + n_block * pn * (K if tb else 1)
        out_start = start_batch * M * N + m_block * pm_batch * N + n_block * pn
        plan.append((k_reader, core, [0, in0_start, n], {0: "a"}))
        plan.append((k_writer, core, [0, in1_start, n, 0, out_start], {0: "b", 3: "out"}))
        written += n
    return _entry(prog, plan, ncores, "matmul_multicore_reuse_optimized", a, b, bias, out)


def _multicore(dev, a, b, out, at: _Attrs):
    """matmul_multicore_program_factory.cpp create_descriptor: the output tiles split over the device grid
    column-major (split_work_to_cores), each core reading for each of its tiles the in0 row and in1 column tile by
    tile (reader_bmm_8bank_output_tiles_partitioned) and summing the Kt products with matmul_tiles (bmm.cpp)."""
    ckc = at.compute_kernel_config
    pa, pb, pc_ = list(a.padded_shape), list(b.padded_shape), list(out.padded_shape)
    B, Mt, Kt, Nt = _batch(pa), pa[-2] // TILE, pa[-1] // TILE, pb[-1] // TILE
    grid = a.device().compute_with_storage_grid_size()
    total = _batch(pc_) * pc_[-2] * pc_[-1] // (TILE * TILE)
    ncores, all_cores, g1, g2, n1, n2 = mh.split_work_to_cores(grid, total)
    fmt0, fmt1, fmt_out = data_format(a.dtype), data_format(b.dtype), data_format(out.dtype)
    prog = mh.CreateProgram()
    for idx, fmt in ((0, fmt0), (1, fmt1), (16, fmt_out)):
        size = formats.tile_size(fmt)
        _cb(prog, all_cores, {idx: fmt}, 2 * size, size)
    reader_ct = [list(a.shape)[-1] % TILE, 0] + _accessor(a) + _accessor(b)
    k_reader = mh.CreateKernel(prog, O.kernel_path("matmul/reader_bmm_8bank_output_tiles_partitioned.py"), all_cores,
                               _dm(DataMovementProcessor.RISCV_1, NOC.RISCV_1_default, reader_ct, {},
                                   {"cb_in0": 0, "cb_in1": 1}))
    k_writer = mh.CreateKernel(prog, O.kernel_path("matmul/writer_unary_interleaved_start_id.py"), all_cores,
                               _dm(DataMovementProcessor.RISCV_0, NOC.RISCV_0_default, _accessor(out), {},
                                   {"cb_out": 16}))
    named = {"cb_in0": 0, "cb_in1": 1, "cb_out": 16}
    for group, n in ((g1, n1), (g2, n2)):
        if group.num_cores():
            mh.CreateKernel(prog, O.kernel_path("matmul/bmm.py"), group,
                            _compute(ckc, [1, 1, Kt, n], {}, named, bool(ckc.dst_full_sync_en)))
    plan, written = [], 0
    g1_cores = g1.num_cores()
    for i in range(ncores):
        core = CoreCoord(i // grid.y, i % grid.y)
        n = n1 if i < g1_cores else n2
        plan.append((k_reader, core, [0, 0, Mt, Kt, Nt, Mt * Kt, Kt * Nt, B, int(at.bcast_batch), written, n,
                                      Mt * Nt], {0: "a", 1: "b"}))
        plan.append((k_writer, core, [0, n, written], {0: "out"}))
        written += n
    return _entry(prog, plan, ncores, "matmul_multicore", a, b, None, out)


def _activation_of(activation):
    """matmul.cpp get_fused_activation: a string (ttnn's string_to_unary_with_param) or a UnaryWithParam."""
    if activation is None:
        return None
    from tensix.ttnn.operations import unary
    if isinstance(activation, str):
        return unary.string_to_unary_with_param(activation)
    return activation


def _bound_matmul(what, a, b, bias, *, transpose_a, transpose_b, memory_config, dtype, program_config, activation,
                  compute_kernel_config, core_grid, optional_output_tensor):
    started = time.perf_counter()
    for t, name in ((a, "input_tensor_a"), (b, "input_tensor_b")):
        if not isinstance(t, Tensor):
            raise TTNNError(f"{what}: {name} is a {type(t).__name__}, not a ttnn.Tensor.\nFix: ttnn.from_torch(...).")
    if len(a.shape) == 0 or len(b.shape) == 0:
        raise ShapeError(f"{what}: Both arguments to matmul need to be at least 1D, but got shapes {a.shape} and "
                         f"{b.shape}")
    dev = _check_inputs(what, a, b, bias)
    if program_config is not None and not isinstance(program_config, _CONFIG_TYPES):
        raise TTNNError(f"{what}: program_config {program_config!r} is not a matmul program config.\nFix: pass one of "
                        "ttnn.MatmulMultiCoreReuseMultiCastProgramConfig, ...1DProgramConfig, ...ReuseProgramConfig.")
    mem = memory_config or DRAM_MEMORY_CONFIG
    if mem.is_sharded():
        raise NotModelledError(f"{what}: a sharded output memory config is not modelled by tensix's matmul.\nFix: use "
                               "ttnn.DRAM_MEMORY_CONFIG or ttnn.L1_MEMORY_CONFIG.")
    fused = _activation_of(activation)
    if a.logical_volume() == 0 or b.logical_volume() == 0:
        from tensix.ttnn import core as C
        from tensix.ttnn import operations
        shape = _output_shape(a, b, transpose_a, transpose_b)
        out = C.full(shape, 0.0, dtype or a.dtype, a.layout, dev, mem)
        return operations.add(out, bias, memory_config=mem) if bias is not None else out
    b_in = b
    if len(b.shape) == 1:
        from tensix.ttnn import operations
        b = operations.reshape(b, (b.shape[-1], 1))
    at = _attributes(a, b, program_config, mem, dtype, compute_kernel_config, core_grid, fused, transpose_a,
                     transpose_b, optional_output_tensor)
    bias_size = _tile_size(bias.dtype) if bias is not None else 0
    pc = _program_config(a, b, transpose_a, transpose_b, bias_size, at)
    blocked = isinstance(pc, (MatmulMultiCoreReuseMultiCast1DProgramConfig, MatmulMultiCoreReuseMultiCastProgramConfig,
                              MatmulMultiCoreReuseProgramConfig))
    if (transpose_a or transpose_b) and not blocked:
        from tensix.ttnn import operations
        if transpose_a:
            a = operations.transpose(a, -1, -2, memory_config=a.memory_config())
        if transpose_b:
            b = operations.transpose(b, -1, -2, memory_config=b.memory_config())
        transpose_a = transpose_b = False
    post_bias = _post_process_bias(bias, program_config, at, a, b)
    at = _attributes(a, b, program_config, mem, dtype, compute_kernel_config, core_grid, fused, transpose_a,
                     transpose_b, optional_output_tensor)
    pc = _program_config(a, b, transpose_a, transpose_b, bias_size, at)
    fused_bias = None if post_bias else bias
    _validate(a, b, fused_bias, at, pc)
    shape = _output_shape(a, b, transpose_a, transpose_b)
    if optional_output_tensor is not None:
        # bound_matmul: the result (with the bias's broadcast) must have the optional output's volume; it comes back
        # in the optional output's shape
        mm = _output_shape(a, b_in, transpose_a, transpose_b) if len(b_in.shape) == 1 else shape
        result = _bias_shape(mm, list(bias.shape)) if bias is not None else mm
        if math.prod(optional_output_tensor.shape) != math.prod(result):
            raise TTNNError(f"{what}: Invalid optional output tensor (shape {list(optional_output_tensor.shape)}, the "
                            f"result is {result}).\nFix: pass an optional_output_tensor of the result's volume.")
    if optional_output_tensor is not None and not post_bias and at.user_fused_activation is None \
            and len(b_in.shape) != 1:
        out = optional_output_tensor    # compute_output_specs: the optional output's spec, whatever its shape
    else:
        out = O.output_tensor(dev, shape, at.output_dtype, Layout.TILE, at.output_mem_config)
    _run_program(dev, a, b, fused_bias, out, at, pc, started)
    from tensix.ttnn import operations
    if len(b_in.shape) == 1:
        out = operations.reshape(out, _output_shape(a, b_in, False, False))
    if post_bias:
        out = operations.add(out, bias, memory_config=out.memory_config())
    if bias is not None and out is not optional_output_tensor:
        full = _bias_shape(list(out.shape), list(bias.shape))
        if full != list(out.shape):
            out = operations.reshape(out, full)
    if at.user_fused_activation is not None and core_grid is None:
        out = operations.unary_chain(out, [at.user_fused_activation], memory_config=out.memory_config())
    if optional_output_tensor is not None and out is not optional_output_tensor:
        _copy_into(out, optional_output_tensor)
        out = optional_output_tensor
    return out


def _bias_shape(mm, bias) -> list:
    """compute_matmul_with_bias_output_shape: the broadcast of the two shapes."""
    r = max(len(mm), len(bias))
    out = []
    for i in range(r):
        da = mm[i - r + len(mm)] if i - r + len(mm) >= 0 else 1
        db = bias[i - r + len(bias)] if i - r + len(bias) >= 0 else 1
        if da != db and 1 not in (da, db):
            raise ShapeError("Broadcast error: Invalid dimension")
        out.append(max(da, db))
    return out


def _copy_into(src: Tensor, dst: Tensor):
    """The result into the optional output tensor (of the same volume: reshaped to its shape first)."""
    if list(src.shape) != list(dst.shape):
        from tensix.ttnn import operations
        src = operations.reshape(src, list(dst.shape))
    if src.dtype != dst.dtype or list(src.padded_shape) != list(dst.padded_shape) or src.layout != dst.layout:
        raise TTNNError("Invalid optional output tensor: its dtype, layout or padded shape differs from the result's."
                        "\nFix: allocate it like the result (ttnn.matmul's output dtype, TILE layout).")
    raw = np.empty(src.num_pages * src.page_size, np.uint8)
    src._buffer.read_into(raw, raw.size)
    dst._buffer.write_bytes(raw)


def matmul(input_tensor_a, input_tensor_b, *, transpose_a=False, transpose_b=False, memory_config=None, dtype=None,
           program_config=None, activation=None, compute_kernel_config=None, core_grid=None, output_tile=None,
           optional_output_tensor=None, global_cb=None, sub_device_id=None, **kwargs):
    """ttnn.matmul(a, b, *, transpose_a=False, transpose_b=False, memory_config=None, dtype=None, program_config=None,
    activation=None, compute_kernel_config=None, core_grid=None, optional_output_tensor=None): a @ b on the device,
    with numpy's matmul broadcasting of the batch dims that ttnn supports (b with batch 1, or equal batches)."""
    O.refuse_unknown_kwargs("ttnn.matmul", kwargs)
    _refuse_extras("ttnn.matmul", output_tile, global_cb, sub_device_id)
    return _bound_matmul("ttnn.matmul", input_tensor_a, input_tensor_b, None, transpose_a=transpose_a,
                         transpose_b=transpose_b, memory_config=memory_config, dtype=dtype,
                         program_config=program_config, activation=activation,
                         compute_kernel_config=compute_kernel_config, core_grid=core_grid,
                         optional_output_tensor=optional_output_tensor)


def linear(input_tensor_a, input_tensor_b, *, bias=None, transpose_a=False, transpose_b=False, memory_config=None,
           dtype=None, program_config=None, activation=None, compute_kernel_config=None, core_grid=None,
           output_tile=None, optional_output_tensor=None, global_cb=None, sub_device_id=None, **kwargs):
    """ttnn.linear(a, b, *, bias=None, ...): a @ b + bias (the bias a row [..., 1, N] or [N] broadcast over the rows,
    fused into the program as a row-broadcast add where ttnn fuses it), then the activation."""
    O.refuse_unknown_kwargs("ttnn.linear", kwargs)
    _refuse_extras("ttnn.linear", output_tile, global_cb, sub_device_id)
    return _bound_matmul("ttnn.linear", input_tensor_a, input_tensor_b, bias, transpose_a=transpose_a,
                         transpose_b=transpose_b, memory_config=memory_config, dtype=dtype,
                         program_config=program_config, activation=activation,
                         compute_kernel_config=compute_kernel_config, core_grid=core_grid,
                         optional_output_tensor=optional_output_tensor)


def _refuse_extras(what, output_tile, global_cb, sub_device_id):
    if output_tile is not None:
        tile_shape = tuple(getattr(output_tile, "tile_shape", output_tile))
        if tile_shape != (32, 32):
            raise NotModelledError(f"{what}: output_tile {tile_shape} is not modelled; tensix uses 32x32 tiles.")
    if global_cb is not None or sub_device_id is not None:
        raise NotModelledError(f"{what}: global circular buffers and sub-devices are not modelled by tensix.")
