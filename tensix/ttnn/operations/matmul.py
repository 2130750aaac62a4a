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
- MatmulMultiCoreReuseMultiCastDRAMShardedProgramConfig: matmul_multicore_reuse_mcast_dram_sharded_program_factory.cpp
  (LLM decode's weight matmuls): a one-tile-high in0 width-sharded in L1, in1 (and the bias) width-sharded in DRAM,
  a width-sharded L1 output. The worker next to each DRAM bank holding real in1 columns streams its bank's shard
  (reader_bmm_tile_layout_in1_sender_dram_sharded), in0's storage cores multicast their K blocks to the whole grid
  (reader_bmm_tile_layout_in0_sender_dram_sharded), the compute kernel runs with MATMUL_DRAM_SHARDED, and each worker
  writes its columns into the output's shards.
- MatmulMultiCoreReuseMultiCastBatchedDRAMShardedProgramConfig:
  matmul_multicore_reuse_batched_hs_dram_sharded_program_factory.cpp ([1, B, M, K] x [1, B, K, N], DeepSeek's wkv_b):
  in0 and the output height-sharded by batch in L1 on the workers next to the DRAM banks, in1 height-sharded by batch
  in the banks; worker i reads its batches' in0 from its shard and in1 from bank i
  (reader_bmm_tile_layout_in0 / in1_sender_dram_sharded_height) and writes each batch's output into its shard; no
  fused bias (a batched in1's bias is added after the matmul anyway).
Fused activations (bmm_fused_activation.hpp): RELU as the packer's ReLU, gelu / tanh / silu / sigmoid / hardtanh /
relu6 as SFPU ops run from the pack thread; the others raise NotModelledError. transpose_a on the blocked programs
transposes the in0 tiles in the compute kernel (transpose_wh_tile into cb_in0_transposed).
Interleaved tensors (DRAM or L1) in TILE layout; bfloat16, bfloat8_b, bfloat4_b and float32 inputs, outputs and
bias. L1-sharded tensors take the factories' sharded paths:
- 1D mcast_in0: a width-sharded in0 (IN0 sharded: every shard core multicasts the K blocks of its shard,
  reader_bmm_tile_layout_in0_sender_receiver_padding_block_sharded, c_2 on in0's buffer), a width-sharded in1 and
  bias (IN1_SHARDED / BIAS_SHARDED: c_1 / c_3 on their buffers), a WIDTH_SHARDED output (OUT_SHARDED: c_4 on the
  output's buffer); 1D mcast_in1: a height-sharded in0 (IN0_SHARDED of reader_bmm_tile_layout_in0_sender_padding: c_0
  on the shard, or the blocks copied out of c_2), a HEIGHT_SHARDED output;
- 2D: a block-sharded in0 (the block-sharded reader along rows, or down columns with transpose_mcast; transpose_mcast
  with interleaved tensors too), a height-sharded in0 on the first column (IN0_SHARDED: c_0 on the shard), a
  BLOCK_SHARDED output;
- MatmulMultiCoreReuseProgramConfig: height-sharded in0 / in1 / output on the shard grid (IN0_SHARDED, IN1_SHARDED,
  OUT_SHARDED of its two kernels).
ttnn's config selection for a sharded in0 (get_matmul_program_config) and for sharded outputs
(create_simple_matmul_program_config), and the output's shard spec from the program config (compute_output_specs),
as tt-metal does. Where tt-metal's sharded programs assume a shard placement they do not check (shard i on core i of
the grid, shards the size of the per-core blocks), tensix checks it and raises NotModelledError instead of reading or
writing other L1. DRAM-sharded tensors outside the DRAM-sharded programs, sharded
in1 / bias outside the 1D mcast_in0, reuse and DRAM-sharded programs, gather_in0, untilize_out and global CBs raise
NotModelledError. The 2D program takes a DRAM in1 sharded by height (batched: IN1_DRAM_HEIGHT_SHARDED), by width
(IN1_DRAM_WIDTH_SHARDED: each in1 sender walks the banks' ceil(N / 12)-column shards for its per_core_N columns, as
the factory's runtime args say; no bias) or ND-sharded (through the accessor).
Tiles other than 32x32 (_tile_config: get_matmul_tile / get_output_tile and the tile checks of the device operation):
with a 1D / 2D multicast, reuse or DRAM-sharded program config, in0 in [h, 32] tiles (h = 1 ... 32), in1 in [32, 32]
or [32, 16] tiles or transposed 32x32 ones (IN1_TRANSPOSE_TILE when the stored tile's transpose and transpose_b
differ), output and bias in [h, in1 tile width] tiles: M in in0 tile rows, N in in1 tile columns, CB pages of
Tile::get_tile_size with the CBs' tile dims (set_tile_dims: c_0 / c_2 in0, c_1 in1, c_3 bias, c_4 / c_5 / c_6
output), and the compute API moves those pages' faces (tensix.kernel.tile_shape). Refused: transposed 32x16 in1, an
output tile wider than in1's (tile_width_ratio), a row bias in 32x16 tiles, tiny tiles with transpose_a / transpose_b,
a K that is not a multiple of 32 with a tiny in0. Without a program config, ttnn's config generation counts M, K and
N in the operands' tiles where tt-metal's does (create_simple_matmul_program_config, get_mcast_1d_config, the
sharded-in0 configs; create_matmul_1d_systolic_array_program_config and the user-grid configs count 32x32 tiles, as
tt-metal's do).
sub_device_id (a loaded sub-device manager: tensix.ttnn.sub_device): the 1D and 2D multicast programs anchor their
core grid at the sub-device's first core (sub_device_start_core; the 1D program refuses a non-rectangular
sub-device or a grid past its bounding box, as matmul_device_operation.cpp validates); interleaved operands only
there (sharded ones with a start core other than (0, 0) raise NotModelledError). The other programs ignore
sub_device_id, as tt-metal's do (their cores are then checked against the sub-devices when enqueued).

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
from tensix.device.memory import align
from tensix.errors import NotModelledError
from tensix.kernel import tile_shape
from tensix.metalium import host as mh
from tensix.metalium.types import (ComputeConfig, CoreCoord, CoreRange, CoreRangeSet, DataMovementConfig,
                                   DataMovementProcessor, MathFidelity, NOC)
from tensix.ttnn import op as O
from tensix.ttnn.errors import DTypeError, LayoutError, ShapeError, TTNNError
from tensix.ttnn import tensor as T
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import (DRAM_MEMORY_CONFIG, BufferType, DataType, Layout, MemoryConfig, Shape,
                               TensorMemoryLayout, WormholeComputeKernelConfig, data_format, describe_tile,
                               is_full_tile)
from tensix.ttnn.types import Tile as types_Tile

__all__ = ["matmul", "linear", "addmm", "MatmulMultiCoreProgramConfig", "MatmulMultiCoreReuseProgramConfig",
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


@dataclass(kw_only=True)
class MatmulMultiCoreReuseMultiCastDRAMShardedProgramConfig:
    """ttnn.MatmulMultiCoreReuseMultiCastDRAMShardedProgramConfig(*, in0_block_w, per_core_M, per_core_N,
    fused_activation=None) (keyword-only, as matmul_nanobind.cpp binds it): the DRAM-sharded program (in0
    width-sharded in L1, in1 width-sharded in DRAM, a width-sharded L1 output; _dram_sharded)."""

    in0_block_w: int
    per_core_M: int
    per_core_N: int
    fused_activation: object = None


@dataclass(kw_only=True)
class MatmulMultiCoreReuseMultiCastBatchedDRAMShardedProgramConfig:
    """ttnn.MatmulMultiCoreReuseMultiCastBatchedDRAMShardedProgramConfig(*, in0_block_w, per_core_M, per_core_N,
    fused_activation=None) (keyword-only, as matmul_nanobind.cpp binds it): the batched DRAM-sharded program
    ([1, B, M, K] x [1, B, K, N], in0 and the output height-sharded by batch in L1 on the DRAM banks' workers, in1
    height-sharded by batch in DRAM; _batched_dram_sharded)."""

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


def _M(p, fuse_batch: bool, th: int = TILE) -> int:
    """get_M_dim: M in tiles of height th (in0_tile.get_height())."""
    return (math.prod(p) // p[-1] // th) if fuse_batch else p[-2] // th


def _tile_of(t):
    """The ttnn.Tile a matmul operand's pages hold, None for the 32x32 tile in normal face order."""
    return None if t is None else T.storage_tile(t)


def _hw(t) -> tuple:
    """(tile height, tile width) of a matmul operand's pages."""
    tile = _tile_of(t)
    return (TILE, TILE) if tile is None else tuple(int(v) for v in tile.tile_shape)


def _tile_key(t):
    """A tensor's tile in a program cache key (the tile shapes the CBs, their page sizes and IN1_TRANSPOSE_TILE)."""
    tile = _tile_of(t)
    return None if tile is None else (tuple(tile.tile_shape), bool(tile.transpose_within_face))


def _h0(a) -> int:
    """in0_tile.get_height() (tiny in0 tiles are modelled without transpose_a only: matmul_tiles._check_tiles)."""
    return _hw(a)[0]


def _w1(b) -> int:
    """in1_tile.get_width() (tiny in1 tiles are modelled without transpose_b only)."""
    return _hw(b)[1]


def _in1_transpose_tile(b, tb: bool) -> bool:
    """The factories' in1_transpose_tile: get_matmul_tile(b, transpose_b) is a transposed tile -- the stored tile is
    transposed (transpose_tile) xor transpose_b (which flips the tile's transpose flags, matmul_utilities.cpp)."""
    tile = _tile_of(b)
    return bool(tile is not None and tile.transpose_within_face) != bool(tb)


def _tsz(fmt, t) -> int:
    """Tile::get_tile_size of the tile of tensor t (or of the Tile t) in format fmt."""
    tile = t if (t is None or not isinstance(t, Tensor)) else _tile_of(t)
    return tile_shape.size(fmt, tile)


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
    """matmul_utilities get_estimated_size_of_cbs (a sharded in0 adds its shard CB: per_core_M x shard width)."""
    s0, s1 = _tile_size(a.dtype), _tile_size(b.dtype)
    in0 = pm * k * MCAST_INPUT_BUFFERING_DEPTH * s0
    in1 = pn * k * MCAST_INPUT_BUFFERING_DEPTH * s1
    size = in0 + in1 + pm * pn * s0 + pm * pn * interm + pn * bias_size
    if a.is_sharded():
        size += pm * (a.memory_config().shard_spec.shape[1] // TILE) * s0
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
    """create_matmul_1d_systolic_array_program_config (a height- / width-sharded in0 forces mcast_in1 / mcast_in0)."""
    pa, pb = _pshape(a, ta), _pshape(b, tb)
    k_size, m_size, n_size = pa[-1], pa[-2], pb[-1]
    ba, bb = _batch(pa), _batch(pb)
    if bb != 1:
        raise TTNNError("Second input cannot be currently batched when running matmul using 1d systolic array")
    bm, kt, nt = ba * m_size // TILE, k_size // TILE, n_size // TILE
    ncores = grid.x * grid.y
    tall = bm > nt
    layout = a.memory_config().memory_layout
    if layout == TensorMemoryLayout.HEIGHT_SHARDED:
        tall = True
    elif layout == TensorMemoryLayout.WIDTH_SHARDED:
        tall = False
    if tall:
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
        mcast_in0=not tall)


def _mcast_1d_config(a, b, ta, tb, bias_size, fuse_batch, mcast_in0, grid, ckc, out_dtype, l1, user_spec=None):
    """get_mcast_1d_config (out_sharded=False, as create_simple_matmul_program_config calls it); a user shard spec
    (BLOCK_SHARDED output on a 1-row / 1-column grid) gives per_core_M / N and the grid. M, K and N are in elements,
    divided by the operands' tiles (in0_tile height and width, in1_tile width) as tt-metal does."""
    pa, pb = _pshape(a, ta), _pshape(b, tb)
    h0, w0, w1 = _hw(a)[0], _hw(a)[1], _hw(b)[1]
    M = (math.prod(pa) // pa[-1]) if fuse_batch else pa[-2]
    K, N = pa[-1], pb[-1]
    ncores = grid.x * grid.y
    if user_spec is not None:
        sh_, sw_ = user_spec.shape
        if sh_ % h0:
            raise TTNNError(f"Shard height {sh_} must be divisible by tile height {h0} for BLOCK_SHARDED on 1D grid")
        if sw_ % w1:
            raise TTNNError(f"Shard width {sw_} must be divisible by tile width {w1} for BLOCK_SHARDED on 1D grid")
        pm, pn = sh_ // h0, sw_ // w1
        bw_, bh_ = _bbox(user_spec.grid)
        if bw_ * bh_ != user_spec.grid.num_cores():
            raise TTNNError(f"BLOCK_SHARDED on 1D grid requires a contiguous core grid without gaps. Bounding box has "
                            f"{bw_ * bh_} cores but grid has {user_spec.grid.num_cores()} cores.")
        grid = CoreCoord(bw_, bh_)
    elif mcast_in0:
        pm, pn = M // h0, _div_up(_div_up(N, ncores), w1)
    else:
        pm, pn = _div_up(_div_up(M, ncores), h0), N // w1
    k = 2 if (K // w0) % 2 == 0 else 1
    fp32 = bool(ckc.fp32_dest_acc_en)
    obh, obw, _ = _multi_dim_per_core_factor(a, b, ta, tb, bias_size, pm, pn, k, _interm_tile_size(ckc, out_dtype),
                                             False, l1)
    sh, sw = _subblock_params(obh, obw, False, False, fp32)
    return MatmulMultiCoreReuseMultiCast1DProgramConfig(
        compute_with_storage_grid_size=grid, in0_block_w=k, out_subblock_h=sh, out_subblock_w=sw, out_block_h=obh,
        out_block_w=obw, per_core_M=pm, per_core_N=pn, fuse_batch=fuse_batch, fused_activation=None,
        mcast_in0=mcast_in0)


def _simple_config(a, b, ta, tb, bias_size, ckc, grid, mem, out_dtype, l1):
    """create_simple_matmul_program_config (interleaved tensors; sharded output configs are refused earlier). Mt, Kt
    and Nt count the operands' own tiles (get_M_dim / get_K_dim / get_N_dim with in0_tile and in1_tile), so tiny
    tiles get their blocks in [h, 32] rows and [32, w] columns."""
    pa, pb = _pshape(a, ta), _pshape(b, tb)
    h0, w0, w1 = _hw(a)[0], _hw(a)[1], _hw(b)[1]
    Mt, Kt, Nt = pa[-2] // h0, pa[-1] // w0, pb[-1] // w1
    in0_block_w = 2
    ncx, ncy = grid.x, grid.y
    all_interleaved = not (a.is_sharded() or b.is_sharded() or mem.is_sharded())
    all_dram = (a.memory_config().buffer_type == BufferType.DRAM and b.memory_config().buffer_type == BufferType.DRAM
                and mem.buffer_type == BufferType.DRAM)
    all_dram_interleaved = all_dram and all_interleaved
    height, width = pa[-2], pb[-1]
    is_narrow = _is_narrow(height, width, all_dram)
    is_wide = all_interleaved and is_narrow and width > height
    is_tall = all_interleaved and is_narrow and not is_wide
    per_core_M = per_core_N = _per_core_factor(a, b, ta, tb, bias_size, in0_block_w, ckc, out_dtype, l1)
    nby = (Mt - 1) // per_core_M + 1
    nbx = (Nt - 1) // per_core_N + 1
    if (mem.is_sharded() or nby > 1 or nbx > 1) and Kt % in0_block_w != 0:
        in0_block_w = 1
    if all_dram_interleaved or (nbx * nby <= ncx * ncy and Kt % in0_block_w == 0):
        cr_x, cr_y = 0, 0
        if not (nby == 1 and nbx == 1) and nby <= ncy and nbx <= ncx:
            cr_x, cr_y = nbx, nby
        col_1d = row_1d = False
        if mem.is_sharded() and mem.memory_layout == TensorMemoryLayout.BLOCK_SHARDED and mem.shard_spec is not None:
            bw_, bh_ = _bbox(mem.shard_spec.grid)
            single = bw_ == 1 and bh_ == 1
            col_1d, row_1d = not single and bw_ == 1, not single and bh_ == 1
            if (col_1d or row_1d) and _batch(pb) > 1:
                raise TTNNError("BLOCK_SHARDED output on a 1D grid (single row or column of cores) is not supported "
                                "when both input tensors are batched. Either use HEIGHT_SHARDED/WIDTH_SHARDED "
                                "explicitly, use a 2D core grid for BLOCK_SHARDED, or ensure the second input tensor "
                                "(B) has batch size 1. See GitHub issue #32306 for details.")
        layout = mem.memory_layout
        mc_in0 = is_wide or (cr_y == 0 and mem.is_sharded() and (layout == TensorMemoryLayout.WIDTH_SHARDED
                                                                 or row_1d))
        mc_in1 = is_tall or (cr_y == 0 and mem.is_sharded() and (layout == TensorMemoryLayout.HEIGHT_SHARDED
                                                                 or col_1d))
        mc_2d = all_dram_interleaved or (cr_y == 0 and mem.is_sharded() and layout == TensorMemoryLayout.BLOCK_SHARDED
                                         and not col_1d and not row_1d)
        if cr_y == 1 or mc_in0:
            user_spec = mem.shard_spec if row_1d else None
            fuse = user_spec is not None and _batch(pb) == 1
            return _mcast_1d_config(a, b, ta, tb, bias_size, fuse, True, grid, ckc, out_dtype, l1, user_spec)
        if cr_x == 1 or mc_in1:
            user_spec = mem.shard_spec if col_1d else None
            fuse = user_spec is not None and _batch(pb) == 1
            return _mcast_1d_config(a, b, ta, tb, bias_size, fuse, False, grid, ckc, out_dtype, l1, user_spec)
        if (cr_y > 0 and nbx <= ncx and nby <= ncy) or mc_2d:
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
    """create_matmul_program_config (a user core grid, with its branches for a sharded in0 / in1)."""
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
        if not a.is_sharded() and not b.is_sharded():
            pm, pn, kpc = _div_up(m_size, TILE), _div_up(n_size, TILE), 1
            if _cb_bytes(pm, pn, kpc, a, b, ta, _interm_tile_size(ckc, out_dtype), bias_size) >= l1:
                return _simple_config(a, b, ta, tb, bias_size, ckc, grid, mem, out_dtype, l1)
        elif a.is_sharded():
            if a.memory_config().memory_layout == TensorMemoryLayout.WIDTH_SHARDED:
                raise TTNNError("MatmulMultiCoreReuseProgramConfig: Input A cannot be width sharded, got layout: "
                                f"{a.memory_config().memory_layout!r}")
            shard = a.memory_config().shard_spec.shape
            pm, pn, kpc = shard[0] // TILE, sb[-1] // TILE, shard[1] // TILE
        else:
            if b.memory_config().memory_layout == TensorMemoryLayout.WIDTH_SHARDED:
                raise TTNNError("MatmulMultiCoreReuseProgramConfig: Input B cannot be width sharded, got layout: "
                                f"{b.memory_config().memory_layout!r}")
            pm, pn, kpc = _div_up(m_size, TILE), b.memory_config().shard_spec.shape[1] // TILE, 1
        sh, sw = _subblock_sizes(pm, pn, fp32)
        return MatmulMultiCoreReuseProgramConfig(grid, kpc, sh, sw, pm, pn)
    height, width = ba * m_size, n_size
    a_block = a.memory_config().memory_layout == TensorMemoryLayout.BLOCK_SHARDED
    if (_is_narrow(height, width, False) or any_within_tile) and not a_block:
        return _systolic_1d_config(a, b, ta, tb, bias_size, grid, activation, fp32, ckc, out_dtype, l1)
    transpose_mcast = False
    if not a.is_sharded():
        pm = math.ceil(ba * m_size / TILE / grid.y)
        pn = math.ceil(n_size / TILE / grid.x)
        kpc = 4
        while (k_size // TILE) % kpc:
            kpc -= 1
    else:
        if not a_block:
            return _systolic_1d_config(a, b, ta, tb, bias_size, grid, activation, fp32, ckc, out_dtype, l1)
        spec = a.memory_config().shard_spec
        k, n = k_size // TILE, n_size // TILE
        pm = spec.shape[0] // TILE
        pn = (n * spec.shape[1]) // (k * TILE)
        kpc = math.gcd(spec.shape[1] // TILE, k)
        transpose_mcast = spec.orientation.name == "COL_MAJOR"
    pn = max(pn, 1)
    obh, obw, _ = _multi_dim_per_core_factor(a, b, ta, tb, bias_size, pm, pn, kpc, _interm_tile_size(ckc, out_dtype),
                                             False, l1)
    sh, sw = _subblock_sizes(obh, obw, fp32)
    if sw != pn:
        sh = 1
    return MatmulMultiCoreReuseMultiCastProgramConfig(
        compute_with_storage_grid_size=grid, in0_block_w=kpc, out_subblock_h=sh, out_subblock_w=sw, out_block_h=obh,
        out_block_w=obw, per_core_M=pm, per_core_N=pn, transpose_mcast=transpose_mcast, fused_activation=activation)


def _sharded_in0_config(a, b, ta, tb, bias_size, at, l1):
    """get_matmul_program_config (generate_matmul_program_config for a sharded in0 without a user core grid): the
    1D program for a width- (mcast_in0) or height-sharded (mcast_in1) in0 on more than one core, the 2D program for
    a block-sharded in0 on a grid of more than one row and column; a batched in1 takes the reuse program."""
    from math import gcd
    from tensix.ttnn.types import ShardOrientation
    mc = a.memory_config()
    spec = mc.shard_spec
    mem = at.output_mem_config
    ckc = at.compute_kernel_config
    fp32 = bool(ckc.fp32_dest_acc_en)
    gx, gy = _bbox(spec.grid)
    grid = CoreCoord(gx, gy)
    pa, pb = _pshape(a, ta), _pshape(b, tb)
    h0, w0, w1 = _hw(a)[0], _hw(a)[1], _hw(b)[1]      # get_M_dim / get_K_dim / get_N_dim with the operands' tiles
    M, K, N = _M(pa, True, h0), pa[-1] // w0, pb[-1] // w1
    sh_t, sw_t = spec.shape[0] // h0, spec.shape[1] // w0
    interm = _interm_tile_size(ckc, at.output_dtype)

    def out_matches():
        if mem.is_sharded():
            if mc.buffer_type != mem.buffer_type:
                raise TTNNError(f"Input A and output buffer types must match, got input: {mc.buffer_type!r} vs "
                                f"output: {mem.buffer_type!r}")
            if mc.memory_layout != mem.memory_layout:
                raise TTNNError(f"Input A and output memory layouts must match, got input: {mc.memory_layout!r} vs "
                                f"output: {mem.memory_layout!r}")
            return True
        return False

    kind = mc.memory_layout
    if at.user_run_batched:
        # a batched in1: the reuse program on the shard grid, a core's shard rows and all of N per core
        if kind == TensorMemoryLayout.WIDTH_SHARDED:
            raise TTNNError(f"Input A memory layout must not be WIDTH_SHARDED, got: {kind!r}")
        n_eq_w = out_matches()
        sh, sw = _subblock_params(sh_t, N, False, n_eq_w, fp32)
        if _batch(pa) > 1 and _batch(pb) == 1:
            raise TTNNError("Batch broadcasting is not supported for the chosen program config")
        if b.is_sharded():
            bmc = b.memory_config()
            if mc.buffer_type != bmc.buffer_type:
                raise TTNNError("Input A and B buffer types must match")
            if kind != bmc.memory_layout:
                raise TTNNError("Input A and B memory layouts must match")
            if list(spec.grid) != list(bmc.shard_spec.grid):
                raise TTNNError("Input A and B shard grids must match")
            if spec.orientation != bmc.shard_spec.orientation:
                raise TTNNError(f"Orientation mismatch a {spec.orientation!r} vs b {bmc.shard_spec.orientation!r}.")
        return MatmulMultiCoreReuseProgramConfig(grid, sw_t, sh, sw, sh_t, N)
    if b.is_sharded():
        raise TTNNError(f"Input tensor B must have INTERLEAVED memory layout, got: {b.memory_config().memory_layout!r}")
    if kind in (TensorMemoryLayout.WIDTH_SHARDED, TensorMemoryLayout.HEIGHT_SHARDED) and (gx > 1 or gy > 1):
        if spec.orientation != ShardOrientation.ROW_MAJOR:
            raise TTNNError(f"Input tensor A must have ROW_MAJOR shard orientation, got: {spec.orientation!r}")
        n_eq_w = out_matches()
        if kind == TensorMemoryLayout.WIDTH_SHARDED:
            mcast_in0, pm, pn, kw = True, M, _div_up(N, spec.grid.num_cores()), gcd(sw_t, K)
        else:
            mcast_in0, pm, pn, kw = False, sh_t, N, K
        obh, obw, _ = _multi_dim_per_core_factor(a, b, ta, tb, bias_size, pm, pn, kw, interm, False, l1)
        sh, sw = _subblock_params(obh, obw, False, n_eq_w, fp32)
        return MatmulMultiCoreReuseMultiCast1DProgramConfig(
            compute_with_storage_grid_size=grid, in0_block_w=kw, out_subblock_h=sh, out_subblock_w=sw,
            out_block_h=obh, out_block_w=obw, per_core_M=pm, per_core_N=pn, fuse_batch=True,
            fused_activation=None, mcast_in0=mcast_in0)
    if kind == TensorMemoryLayout.BLOCK_SHARDED and gx > 1 and gy > 1:
        transpose_mcast = spec.orientation == ShardOrientation.COL_MAJOR
        n_eq_w = out_matches()
        vx, vy = (gy, gx) if transpose_mcast else (gx, gy)
        x_match = vx == K // sw_t
        y_match = vy == M // sh_t
        if not (y_match or vy == _div_up(M, sh_t)):
            raise TTNNError(f"Num cores along y ({vy}) must match provided grid size ({M // sh_t}) or divided up size "
                            f"({_div_up(M, sh_t)})")
        if not (x_match or vx == _div_up(K, sw_t)):
            raise TTNNError(f"Num cores along x ({vx}) must match provided grid size ({K // sw_t}) or divided up size "
                            f"({_div_up(K, sw_t)})")
        pm, pn = _div_up(M, vy), _div_up(N, vx)
        kw = gcd(sw_t, K) if x_match else 1
        obh, obw, _ = _multi_dim_per_core_factor(a, b, ta, tb, bias_size, pm, pn, kw, interm, False, l1)
        sh, sw = _subblock_params(obh, obw, False, n_eq_w, fp32)
        return MatmulMultiCoreReuseMultiCastProgramConfig(
            compute_with_storage_grid_size=grid, in0_block_w=kw, out_subblock_h=sh, out_subblock_w=sw,
            out_block_h=obh, out_block_w=obw, per_core_M=pm, per_core_N=pn, transpose_mcast=transpose_mcast,
            fused_activation=None)
    raise NotModelledError(f"ttnn.matmul: a {kind.name} input_tensor_a on a {gx}x{gy} shard grid takes "
                           "create_matmul_program_config in ttnn (get_matmul_program_config's fall-through), which "
                           "tensix does not model for sharded inputs.\nFix: pass a program config, or use an "
                           "interleaved input_tensor_a.")


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
    sub_device_id: object = None                                        # MatmulParams.sub_device_id
    start_core: CoreCoord = field(default_factory=lambda: CoreCoord(0, 0))   # the multicast programs' anchor


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
    if a.is_sharded():
        return _sharded_in0_config(a, b, ta, tb, bias_size, at, l1)
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


def _cb(prog, cores, fmts: dict, total: int, page_size: int, tiles=None):
    """CreateCircularBuffer of `total` bytes holding the CB indices of `fmts` (several indices share the buffer, as
    a CBDescriptor with several format descriptors); tiles: CB index -> its ttnn.Tile (set_tile_dims) if not 32x32."""
    cfg = mh.CircularBufferConfig(total, dict(fmts))
    for idx in fmts:
        cfg.set_page_size(idx, page_size)
        if tiles and tiles.get(idx) is not None:
            cfg.set_tile_dims(idx, tiles[idx])
    return mh.CreateCircularBuffer(prog, cores, cfg)


def _cb_sized(prog, cores, spec: list, total: int, tiles=None):
    """A CB descriptor with several (index, format, page size) entries sharing `total` bytes."""
    cfg = mh.CircularBufferConfig(total, {i: f for i, f, _ in spec})
    for i, _, ps in spec:
        cfg.set_page_size(i, ps)
        if tiles and tiles.get(i) is not None:
            cfg.set_tile_dims(i, tiles[i])
    return mh.CreateCircularBuffer(prog, cores, cfg)


def _block_cbs(prog, cores, in0, in1, fmt_out, interm0_fmt, out_block_tiles, bias, in0_transpose: bool,
               in0_shard=None, out_shard=None, in1_buf=None, bias_buf=None, tiles=None):
    """The blocked factories' CBs: c_0 / c_1 ((format, tiles)), c_4 output and c_5 intermediate (one buffer shared
    by both when their formats agree, else two), c_3 the bias block ((format, tiles) or None), c_10 the transposed
    in0 tiles (as big as c_0) with transpose_a. in0_shard (buffer, c_2 tiles, c_6, c_0 on the buffer): a sharded in0 --
    c_2 placed on its buffer (tiles per core; none when 0) and, with c_6, the 64-byte L1 array of the block-sharded
    reader; c_0 itself on the buffer (the 1D program's height-sharded in0 read in place). in1_buf / bias_buf: c_1 / c_3
    on a sharded in1's / bias's buffer (IN1_SHARDED / BIAS_SHARDED). out_shard (buffer, tiles, separate): a
    sharded output -- c_4 of `tiles` on its buffer, and a c_5 of its own when `separate` (do_not_inplace_interm0_out_CB
    of the factories) even when the formats agree. tiles: CB index (0 in0, 1 in1, 3 bias, 4 output) -> the ttnn.Tile
    of its pages when not 32x32 (set_tile_dims of the factories: c_0 / c_2 / c_10 in0_tile, c_1 in1_tile, c_3
    bias_tile, c_4 / c_5 output_tile), pages of Tile::get_tile_size."""
    tiles = dict(tiles or {})
    for i, j in ((2, 0), (10, 0), (5, 4)):
        tiles.setdefault(i, tiles.get(j))
    mh_cfg = mh.CircularBufferConfig

    def sz(idx, fmt):
        return _tsz(fmt, tiles.get(idx))

    def cfgt(cfg):
        for idx in cfg.formats:
            cfg.set_tile_dims(idx, tiles.get(int(idx)))
        return cfg
    if in0_transpose:
        size = sz(10, in0[0])
        _cb(prog, cores, {10: in0[0]}, in0[1] * size, size, tiles)
    buf0, c2_tiles, c6, c0_on_buf = in0_shard if in0_shard is not None else (None, 0, False, False)
    for idx, (fmt, ntiles) in ((0, in0), (1, in1)):
        size = sz(idx, fmt)
        on = buf0 if (idx == 0 and c0_on_buf) else (in1_buf if idx == 1 else None)
        if on is not None:
            cfg = cfgt(mh_cfg(ntiles * size, {idx: fmt}).set_page_size(idx, size))
            cfg.set_globally_allocated_address(on)
            cfg.matmul_tensor = idx     # rebound to this run's in0 / in1 by _entry's set_args
            mh.CreateCircularBuffer(prog, cores, cfg)
            continue
        _cb(prog, cores, {idx: fmt}, ntiles * size, size, tiles)
    if c2_tiles:
        size = sz(2, in0[0])
        cfg = cfgt(mh_cfg(c2_tiles * size, {2: in0[0]}).set_page_size(2, size))
        cfg.set_globally_allocated_address(buf0)
        cfg.matmul_tensor = 0
        mh.CreateCircularBuffer(prog, cores, cfg)
    if c6:
        _cb(prog, cores, {6: formats.DataFormat.Float16_b}, 64, 64)
    s_out, s_interm = sz(4, fmt_out), sz(5, interm0_fmt)
    if out_shard is not None:
        buf, ntiles, separate = out_shard
        if separate or interm0_fmt != fmt_out:
            cfg = cfgt(mh_cfg(ntiles * s_out, {4: fmt_out}).set_page_size(4, s_out))
            cfg.set_globally_allocated_address(buf)
            cfg.matmul_tensor = 3
            mh.CreateCircularBuffer(prog, cores, cfg)
            _cb(prog, cores, {5: interm0_fmt}, out_block_tiles * s_interm, s_interm, tiles)
        else:
            cfg = cfgt(mh_cfg(ntiles * s_out, {4: fmt_out, 5: interm0_fmt}))
            cfg.set_page_size(4, s_out)
            cfg.set_page_size(5, s_interm)
            cfg.set_globally_allocated_address(buf)
            cfg.matmul_tensor = 3
            mh.CreateCircularBuffer(prog, cores, cfg)
    elif interm0_fmt != fmt_out:
        _cb(prog, cores, {4: fmt_out}, out_block_tiles * s_out, s_out, tiles)
        _cb(prog, cores, {5: interm0_fmt}, out_block_tiles * s_interm, s_interm, tiles)
    else:
        _cb_sized(prog, cores, [(4, fmt_out, s_out), (5, interm0_fmt, s_interm)], out_block_tiles * s_out, tiles)
    if bias is not None:
        size = sz(3, bias[0])
        if bias_buf is not None:
            cfg = cfgt(mh_cfg(bias[1] * size, {3: bias[0]}).set_page_size(3, size))
            cfg.set_globally_allocated_address(bias_buf)
            cfg.matmul_tensor = 2
            mh.CreateCircularBuffer(prog, cores, cfg)
        else:
            _cb(prog, cores, {3: bias[0]}, bias[1] * size, size, tiles)


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
        self.bias, self.out, self.b = bias, out, b
        self.fp32 = bool(self.ckc.fp32_dest_acc_en)
        pa, pb = _pshape(a, self.ta), _pshape(b, self.tb)
        fuse_batch = getattr(pc, "fuse_batch", False)
        self.in0_B, self.in1_B = in0_B, in1_B
        th0, tw1 = _h0(a), _w1(b)
        self.tiles = {0: _tile_of(a), 1: _tile_of(b), 3: _tile_of(bias), 4: _tile_of(out)}
        self.M, M_per_batch, self.K, self.N = _M(pa, fuse_batch, th0), _M(pa, False, th0), pa[-1] // TILE, pb[-1] // tw1
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
        self.s_out = _tsz(self.fmt_out, self.tiles[4])
        self.s0 = _tsz(self.fmt0, self.tiles[0])
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
        if _in1_transpose_tile(self.b, self.tb):
            defines["IN1_TRANSPOSE_TILE"] = "1"
        named = {"cb_in0": 0, "cb_in1": 1, "cb_bias": 3, "cb_out": 4, "cb_intermed0": 5, "cb_in0_transposed": 10,
                 "bias_ntiles": self.in1_per_core_w, **named_act}
        return ct, defines, named

    def cbs(self, prog, cores, in0_tiles, in1_tiles, packer_l1_acc_en: bool, in0_shard=None, in1_buf=None,
            bias_buf=None):
        out_shard = None
        if self.out.is_sharded():
            # the whole output shard (per_core_M x per_core_N tiles) is c_4, on the output's buffer
            out_shard = (self.out._buffer, self.pm * self.pn, self.pm != self.obh)
        _block_cbs(prog, cores, (self.fmt0, in0_tiles), (self.fmt1, in1_tiles), self.fmt_out,
                   self.interm0(packer_l1_acc_en), self.out_block_tiles,
                   (self.fmt_bias, self.obw) if self.bias is not None else None, self.ta, in0_shard, out_shard, in1_buf,
                   bias_buf, self.tiles)

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
    (no fused CCL op; the grid anchored at at.start_core, the sub-device's first core) for interleaved in0, a
    block-sharded in0 (each core of the shard grid sends
    the K blocks of its shard along its row, down its column with transpose_mcast:
    reader_bmm_tile_layout_in0_sender_receiver_padding_block_sharded) or a height-sharded in0 (the left column
    multicasts from c_0 on its shard: IN0_SHARDED), and an interleaved or BLOCK_SHARDED output (OUT_SHARDED: c_4 on
    the output's shard)."""
    B = 1 if pc.fuse_batch else _batch(_pshape(a, at.transpose_a))
    in0_bs = a.is_sharded() and a.memory_config().memory_layout == TensorMemoryLayout.BLOCK_SHARDED
    in0_hs = a.is_sharded() and a.memory_config().memory_layout == TensorMemoryLayout.HEIGHT_SHARDED
    out_sharded = out.is_sharded()
    if out_sharded and out.memory_config().memory_layout != TensorMemoryLayout.BLOCK_SHARDED:
        raise NotModelledError("ttnn.matmul: a width- or height-sharded output of the 2D multicast program (written "
                               "through a TensorAccessor over the sharded buffer) is not modelled by tensix.\nFix: "
                               "block-shard the output, or use an interleaved one.")
    if out_sharded and B > 1:
        raise TTNNError(f"Block-sharded output is incompatible with batch > 1 (B={B}). The output CB is backed by the "
                        f"shard buffer which only holds per_core_M * per_core_N = {pc.per_core_M * pc.per_core_N} "
                        f"tiles, but the kernel would produce B * per_core_M * per_core_N = "
                        f"{B * pc.per_core_M * pc.per_core_N} tiles without draining. Use fuse_batch=True.")
    g = _Blocked(a, b, bias, out, at, pc, B, B)
    grid = pc.compute_with_storage_grid_size
    # sub_device_start_core: the core grid is anchored there (every logical core below is relative to it)
    o = at.start_core
    S = lambda x, y: CoreCoord(o.x + x, o.y + y)        # noqa: E731
    W = lambda x, y: _worker(dev, o.x + x, o.y + y)     # noqa: E731
    if (o.x or o.y) and (in0_bs or in0_hs or out_sharded):
        raise NotModelledError("ttnn.matmul: sharded operands of the 2D multicast program anchored at a sub-device's "
                               f"start core (x={o.x},y={o.y}) are not modelled by tensix (their shards are checked "
                               "against the grid from (0, 0)).\nFix: interleaved tensors on a sub-device.")
    nby, nbx = g.nby, g.nbx
    tm = pc.transpose_mcast
    if in0_hs:
        _in0_height_shards_2d(a, nby, g)
    # transpose_mcast: in0 flows down the columns from the top row, in1 along the rows from the left column (the
    # core grid is the transposed block grid: core (x, y) computes output block (row x, column y))
    gbx, gby = (nby, nbx) if tm else (nbx, nby)
    if gbx > grid.x or gby > grid.y:
        raise TTNNError(f"Num output blocks along x ({gbx}) must be smaller than or equal to the number of columns in "
                        f"compute grid ({grid.x})!" if gbx > grid.x else
                        f"Num output blocks along y ({gby}) must be smaller than or equal to the number of rows in "
                        f"compute grid ({grid.y})!")
    packer_l1_acc_en = bool(g.ckc.packer_l1_acc) and ((bias is not None and g.num_blocks > 1) or g.num_blocks > 2)
    depth = MCAST_INPUT_BUFFERING_DEPTH if B * g.num_blocks > 1 else 1

    cores_c, cores_r = gbx, gby
    width = nbx
    if in0_bs:
        width = _in0_block_shard_width(a, nby, tm)
    if out_sharded:
        blocks = [(x, y) if tm else (y, x) for y in range(cores_r) for x in range(cores_c)]
        _check_out_shards(out, [CoreCoord(x, y) for y in range(cores_r) for x in range(cores_c)], blocks, g.pm, g.pn)
    all_c, all_r = (cores_c, max(cores_r, width)) if tm else (max(cores_c, width), cores_r)
    all_cores = CoreRange(S(0, 0), S(all_c - 1, all_r - 1))
    work_set = CoreRangeSet([CoreRange(S(0, 0), S(cores_c - 1, cores_r - 1))])
    cores = [CoreCoord(x, y) for y in range(all_r) for x in range(all_c)]      # grid_to_cores, row-wise (relative)
    left_col = CoreRangeSet([CoreRange(S(0, 0), S(0, cores_r - 1))])
    top_row = CoreRangeSet([CoreRange(S(0, 0), S(cores_c - 1, 0))])
    in0_sender, in1_sender = (top_row, left_col) if tm else (left_col, top_row)
    split_half = cores_c > 2 and cores_r > 1 and not (in0_bs or in0_hs)
    half_core = cores_c // 2 if split_half else cores_c - 1
    top_rest = [CoreRange(S(1, 0), S(cores_c - 1, 0))] if cores_c > 1 else []
    left_rest = [CoreRange(S(0, 1), S(0, cores_r - 1))] if cores_r > 1 else []
    in0_recv, in1_recv = (list(left_rest), list(top_rest)) if tm else (list(top_rest), list(left_rest))
    other = []
    if cores_c > 1 and cores_r > 1:
        left = CoreRange(S(1, 1), S(half_core, cores_r - 1))
        in0_recv.append(left)
        in1_recv.append(left)
    if split_half:
        other.append(CoreRange(S(half_core + 1, 1), S(cores_c - 1, cores_r - 1)))
    in0_recv_set, in1_recv_set, other_set = CoreRangeSet(in0_recv), CoreRangeSet(in1_recv), CoreRangeSet(other)

    in0_sems, in1_sems = (0, 1), (2, 3)
    in0_sender_ct = g.in0_sender_ct(in0_sems, nbx - 1, nbx - 1, False, a)
    in1_sender_ct = g.in1_sender_ct(in1_sems, nby - 1, nby - 1, B, at.bcast_batch, b)
    in0_recv_ct, in1_recv_ct = g.in0_recv_ct(in0_sems, B), g.in1_recv_ct(in1_sems, B)
    compute_ct, mm_defines, named_compute = g.compute(B, packer_l1_acc_en)
    in1_sender_defines = {"FUSE_BIAS": "1"} if bias is not None else {}
    if out_sharded:
        in1_sender_defines["OUT_SHARDED"] = "1"
    in1_recv_defines = dict(in1_sender_defines)
    if _dram_hs_in1(b, pc):
        # IN1_DRAM_HEIGHT_SHARDED: batch b's [K, N] tiles from bank b / batches_per_bank (the ct args after the bias
        # accessor: K * N, batches per bank)
        in1_sender_defines["IN1_DRAM_HEIGHT_SHARDED"] = "1"
        in1_sender_ct += [g.K * g.N, b.memory_config().shard_spec.shape[0] // TILE // g.K]
    dram_ws = None
    if _dram_ws_in1(b, pc):
        # IN1_DRAM_WIDTH_SHARDED: per_core_N_storage = ceil(N / num_dram_channels()) columns a bank (12 DRAM views
        # on Wormhole: tt-metal's Device::num_dram_channels is the SoC descriptor's dram_views); the ct args after
        # the bias accessor: the tiles of one K block of a bank's shard, a shard row's bytes
        in1_sender_defines["IN1_DRAM_WIDTH_SHARDED"] = "1"
        pcs = _div_up(g.N, soc.NUM_DRAM_BANKS)
        s1 = _tsz(g.fmt1, g.tiles[1])
        in1_sender_ct += [pcs * g.in0_block_w, pcs * s1]
        dram_ws = _dram_ws_walk(soc.NUM_DRAM_BANKS, pcs, g.pn, cores_c, s1)
    in0_sender_defines = {"SKIP_MCAST": "1"} if in0_recv_set.num_cores() == 0 else {}
    if in1_recv_set.num_cores() == 0:
        in1_sender_defines["SKIP_MCAST"] = "1"

    prog = mh.CreateProgram()
    allset = CoreRangeSet([all_cores])
    k_in0_nowork = None
    if in0_hs:
        # IN0_SHARDED: the left column's senders multicast from c_0, which is their own shard (no extraction: one
        # K block, the shard's width)
        in0_sender_ct[9:12] = [0, a.memory_config().shard_spec.shape[1] // TILE,
                               a.memory_config().shard_spec.shape[0] // _h0(a)]
        in0_sender_defines["IN0_SHARDED"] = "1"
    if in0_bs:
        sspec = a.memory_config().shard_spec
        shard_w_t, shard_h_t = sspec.shape[1] // TILE, sspec.shape[0] // _h0(a)
        in0_block_num_tiles = g.obh * g.in0_block_w
        num_x, num_y = (1, width) if tm else (width, 1)
        ct = [1, 1, in0_block_num_tiles, in0_block_num_tiles * g.s0, g.in0_last_ktile_w,
              g.in0_last_ktile_h, g.num_blocks, g.out_nbx, g.out_nby, in0_sems[0], in0_sems[1], nbx, nbx, num_x,
              num_y, int(tm), shard_w_t, shard_h_t, g.in0_block_w, g.obh, B, 0] + _accessor(a) + [0, 0]
        kpath = O.kernel_path("matmul/reader_bmm_tile_layout_in0_sender_receiver_padding_block_sharded.py")
        named_sh = {"cb_in0": 0, "cb_in0_sharded": 2, "cb_l1_array": 6}
        k_in0_sender = mh.CreateKernel(prog, kpath, work_set, _dm(DataMovementProcessor.RISCV_1, _IN0_NOC, ct, {},
                                                                  named_sh))
        if width > nbx:
            nowork = (CoreRange(CoreCoord(0, nbx), CoreCoord(nby - 1, width - 1)) if tm else
                      CoreRange(CoreCoord(nbx, 0), CoreCoord(width - 1, nby - 1)))
            k_in0_nowork = mh.CreateKernel(prog, kpath, CoreRangeSet([nowork]), _dm(
                DataMovementProcessor.RISCV_1, _IN0_NOC, [0, 0] + ct[2:], {}, named_sh))
        in0_recv_set = CoreRangeSet([])     # no in0 receiver kernels: every core runs the sharded reader
    else:
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
    mh.CreateKernel(prog, O.kernel_path("matmul/bmm_large_block_zm_fused_bias_activation.py"), work_set,
                    _compute(g.ckc, compute_ct, mm_defines, named_compute, bool(g.ckc.dst_full_sync_en)))
    in0_shard = (a._buffer, g.pm * shard_w_t, True, False) if in0_bs else (a._buffer, 0, False, True) if in0_hs \
        else None
    g.cbs(prog, allset, g.obh * g.in0_block_w * depth, g.obw * g.in0_block_w * depth, packer_l1_acc_en, in0_shard)
    for _ in range(4):
        mh.CreateSemaphore(prog, allset, 0)

    # runtime args (addresses patched per run: set_args)
    last_pm = g.M % g.pm or g.pm
    last_obh = last_pm % g.obh or g.obh
    in0_end, in1_end = nby - 1, nbx - 1
    plan = []       # (kernel, core, args, address slots: {index: "a" | "b" | "out" | "bias"})
    if in0_bs:
        # the multicast span along the row (column with transpose_mcast; NOC_1: start and end swapped) and the
        # NoC x (y) of the shard senders along it
        if tm:
            diff_start, diff_end = W(0, nbx - 1).y, W(0, 0).y
            noc_along = [W(0, y).y for y in range(width)]
        else:
            diff_start, diff_end = W(nbx - 1, 0).x, W(0, 0).x
            noc_along = [W(x, 0).x for x in range(width)]
    for rel in cores:
        core = S(rel.x, rel.y)
        in0_idx, in1_idx = (rel.x, rel.y) if tm else (rel.y, rel.x)
        left, left1 = W(0, rel.y), W(1, rel.y)
        right = W(cores_c - 1, rel.y)
        top, top1 = W(rel.x, 0), W(rel.x, 1)
        bottom = W(rel.x, cores_r - 1)
        # (in0 multicast start, end), (in1 ...): NOC_1 / NOC_0 order, exchanged with transpose_mcast
        in0_span, in1_span = ((bottom, top1), (left1, right)) if tm else ((right, left1), (top1, bottom))
        in0_from, in1_from = (top, left) if tm else (left, top)
        if in0_bs:
            if tm:
                same = W(rel.x, rel.y).x
                args = [core.y, same, diff_start, same, diff_end, same, *noc_along]
            else:
                same = W(rel.x, rel.y).y
                args = [core.x, diff_start, same, diff_end, same, *noc_along, same]
            plan.append((k_in0_sender if in1_idx < nbx else k_in0_nowork, core, args, {}))
            if in1_idx >= nbx:
                continue
        elif in1_idx == 0:
            args = [0, g.pm * g.in0_stride_h * in0_idx, in0_span[0].x, in0_span[0].y, in0_span[1].x,
                    in0_span[1].y, last_obh if in0_idx == in0_end else g.obh, 0]
            plan.append((k_in0_sender, core, args, {0: "a"}))
        else:
            kid = k_in0_recv if (rel.x <= half_core or (not tm and rel.y == 0)) else k_in0_recv_other
            plan.append((kid, core, [in0_from.x, in0_from.y], {}))
        out_start = in1_idx * g.pn + in0_idx * g.pm * g.N
        last_col, last_row = in1_idx == in1_end, in0_idx == in0_end
        if in0_idx == 0:
            args, slots = g.in1_sender_args(
                g.pn * g.in1_stride_w * in1_idx, [in1_span[0].x, in1_span[0].y, in1_span[1].x, in1_span[1].y],
                out_start, g.last_obw() if last_col else g.obw, g.pad_h(None), g.pad_w(last_col), g.pn * in1_idx,
                g.last_num_blocks_w() if last_col else g.out_nbx)
            args = args[:-1] if out_sharded else args
            if dram_ws is not None:
                args = args + dram_ws[rel.x]
            plan.append((k_in1_sender, core, args, slots))
        else:
            ph = g.pad_h(last_pm if last_row else None)
            args = [in1_from.x, in1_from.y, 0, out_start, g.obh // g.sh, *ph, *g.pad_w(last_col)]
            if not out_sharded:
                args += [g.last_num_blocks_h() if last_row else g.out_nby,
                         g.last_num_blocks_w() if last_col else g.out_nbx]
            kid = k_in1_recv if (rel.x <= half_core or (tm and rel.y == 0)) else k_in1_recv_other
            plan.append((kid, core, args, {2: "out"}))
    return _entry(prog, plan, nbx * nby, "matmul_multicore_reuse_mcast_2d", a, b, bias, out)


def _in0_height_shards_2d(a, nby, g):
    """The 2D program's height-sharded in0 (validated: one column of shards, K = in0_block_w = the shard width): the
    sender of block row y, core (0, y), multicasts from c_0 placed on its own L1 at in0's buffer. tt-metal does not
    check that shard y is on core (0, y), nor that one output block covers the shard (out_block_h == per_core_M: c_0
    is out_block_h x K tiles, and the multicast always starts at its first page); tensix refuses otherwise."""
    from tensix.ttnn import sharded
    geom = sharded.geometry_of(a)
    got = [((c.x, c.y), r) for c, r, _ in geom.shards][:nby]
    if got != [((0, y), y) for y in range(nby)] or g.obh != g.pm:
        raise NotModelledError(f"ttnn.matmul: the height-sharded input_tensor_a of the 2D program has shards on "
                               f"{[c for c, _ in got]} (out_block_h {g.obh}, per_core_M {g.pm}); tt-metal's program "
                               "reads block row y's shard from core (0, y) in one block, which tensix requires.\nFix: "
                               "shard input_tensor_a on the grid's first column from (0, 0) with out_block_h == "
                               "per_core_M, or use an interleaved one.")


def _in0_block_shard_width(a, nby, transpose_mcast: bool) -> int:
    """The number of shard columns of a block-sharded in0 (in0_sender_num_cores_along_width: the shard grid's width,
    its height with transpose_mcast). The 2D factory makes core (x, y) the sender of shard column x of block row y
    (with transpose_mcast: column y of block row x) and reads it from its own L1; tt-metal does not check that the
    shard grid starts at (0, 0) in that order (another placement multicasts other L1 contents), so tensix refuses
    any other placement."""
    from tensix.ttnn import sharded
    geom = sharded.geometry_of(a)
    spec = a.memory_config().shard_spec
    bw_, bh_ = _bbox(spec.grid)
    for c, r, col in geom.shards:
        if (c.x, c.y) != ((r, col) if transpose_mcast else (col, r)):
            raise NotModelledError(f"ttnn.matmul: the block-sharded input_tensor_a has shard ({r}, {col}) on core "
                                   f"({c.x}, {c.y}); tt-metal's 2D program reads shard (row r, column c) from core "
                                   f"{'(r, c)' if transpose_mcast else '(c, r)'} of a grid starting at (0, 0), which "
                                   "tensix requires (other placements are not modelled).\nFix: shard input_tensor_a "
                                   "on a grid from (0, 0).")
    if geom.n_h < nby:
        raise NotModelledError(f"ttnn.matmul: the block-sharded input_tensor_a has {geom.n_h} shard rows for {nby} "
                               "rows of output blocks; the other rows' cores would multicast L1 without a shard.\nFix: "
                               "shard input_tensor_a with per_core_M-tile-high shards over the block rows.")
    return bh_ if transpose_mcast else bw_


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
    reads its own in0 rows), no fused CCL op; the cores from at.start_core (the sub-device's first core). Sharded: a
    width-sharded in0 of mcast_in0 (each shard core multicasts its K blocks), width-sharded in1 / bias of mcast_in0
    (c_1 / c_3 on their buffers), a height-sharded in0 of mcast_in1 (read in place), a sharded output (c_4 on the
    output's shard, nothing written)."""
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
    # sub_device_start_core: num_cores_to_corerangeset_in_subcoregrids from there within the grid-sized rectangle
    # anchored there, row-major (the cores from (0, 0) translated)
    o = at.start_core
    if (o.x or o.y) and (a.is_sharded() or b.is_sharded() or out.is_sharded()
                         or (bias is not None and bias.is_sharded())):
        raise NotModelledError("ttnn.matmul: sharded operands of the 1D multicast program anchored at a sub-device's "
                               f"start core (x={o.x},y={o.y}) are not modelled by tensix (their shards are checked "
                               "against the grid from (0, 0)).\nFix: interleaved tensors on a sub-device.")
    cores = [CoreCoord(o.x + c.x, o.y + c.y) for c in _row_major_cores(num_cores, grid.x)]
    all_set = _core_set(cores)
    bbox_end = CoreCoord(grid.x - 1 if num_cores > grid.x else num_cores - 1, (num_cores - 1) // grid.x)
    bbox_cores = (bbox_end.x + 1) * (bbox_end.y + 1)
    top_left, bottom_right = _worker(dev, o.x, o.y), _worker(dev, o.x + bbox_end.x, o.y + bbox_end.y)
    recv_set = _core_set(cores[1:]) if bbox_cores > 1 else CoreRangeSet([])
    sems = (0, 1)
    start = CoreRangeSet([CoreRange(o, o)])
    prog = mh.CreateProgram()
    plan = []
    sem_cores = all_set
    if out.is_sharded():
        _check_out_shards(out, cores, [(i // g.nbx, i % g.nbx) for i in range(num_cores)], g.pm, g.pn)
    if pc.mcast_in0:
        if g.nby != 1:
            raise TTNNError(f"matmul_multicore_reuse_mcast_1d requires num_blocks_y == 1 (M <= per_core_M) for "
                            f"mcast_in0. Got M={g.M}, per_core_M={g.pm}, num_blocks_y={g.nby}.\nFix: set per_core_M "
                            f"to {g.M} (or use mcast_in0=False).")
        packer_l1_acc_en = bool(g.ckc.packer_l1_acc) and g.num_blocks > 1
        in0_tiles = g.obh * g.in0_block_w * (MCAST_INPUT_BUFFERING_DEPTH if in0_B * g.num_blocks > 1 else 1)
        in1_tiles = g.obw * g.in0_block_w * (MCAST_INPUT_BUFFERING_DEPTH if in1_B * g.num_blocks > 1 else 1)
        in0_sharded, out_sharded = a.is_sharded(), out.is_sharded()
        in1_sharded, bias_sharded = b.is_sharded(), bias is not None and bias.is_sharded()
        in1_sender_ct = g.in1_sender_ct((0, 0), 0, 0, in0_B, at.bcast_batch, b)
        compute_ct, mm_defines, named_compute = g.compute(in0_B, packer_l1_acc_en)
        in1_defines = {"FUSE_BIAS": "1"} if bias is not None else {}
        if in1_sharded:
            # IN1_SHARDED: c_1 is the core's in1 shard (per_core_N x the shard height)
            in1_tiles = g.pn * _in1_bias_shards(b, bias, cores, g, in0_B)
            in1_defines["IN1_SHARDED"] = "1"
        if bias_sharded:
            in1_defines["BIAS_SHARDED"] = "1"
        if out_sharded:
            in1_defines["OUT_SHARDED"] = "1"
        in1_defines["SKIP_MCAST"] = "1"
        in0_defines = {"SKIP_MCAST": "1"} if bbox_cores == 1 else {}
        cb_cores, in0_shard = all_set, None
        if in0_sharded:
            # IN0_SHARDED: every core of the shard grid (the first cores of the grid, row-major) sends the K blocks of
            # its shard; the CBs are on those cores too when they outnumber the cores with work
            shard_w_t, shard_h_t, sender_num = _in0_shard_senders(a, grid, "width-sharded in0 of the 1D program")
            total = max(num_cores, sender_num)
            all_cores_list = _row_major_cores(total, grid.x)
            cb_cores = sem_cores = _core_set(all_cores_list)
            num_dests = min(bbox_cores, total)
            sgx = grid.x if sender_num > grid.x else sender_num
            sgy = (sender_num - 1) // grid.x + 1
            noc_xs = [_worker(dev, x, 0).x for x in range(sgx)]
            noc_ys = [_worker(dev, 0, y).y for y in range(sgy)]
            in0_block_num_tiles = g.obh * g.in0_block_w
            ct = [1, 1, in0_block_num_tiles, in0_block_num_tiles * g.s0, g.in0_last_ktile_w,
                  g.in0_last_ktile_h, g.num_blocks, g.out_nbx, g.out_nby, sems[0], sems[1], num_dests, bbox_cores,
                  sgx, sgy, 0, shard_w_t, shard_h_t, g.in0_block_w, g.obh, in0_B, 0] + _accessor(a) + [0, 0]
            kpath = O.kernel_path("matmul/reader_bmm_tile_layout_in0_sender_receiver_padding_block_sharded.py")
            named_sh = {"cb_in0": 0, "cb_in0_sharded": 2, "cb_l1_array": 6, "cb_sparsity": 6}
            k_in0_sender = mh.CreateKernel(prog, kpath, all_set, _dm(DataMovementProcessor.RISCV_1, _IN0_NOC, ct,
                                                                     in0_defines, named_sh))
            k_in0_in, k_in0_out = None, None
            if num_dests > num_cores:
                k_in0_in = mh.CreateKernel(prog, kpath, _core_set(all_cores_list[num_cores:num_dests]), _dm(
                    DataMovementProcessor.RISCV_1, _IN0_NOC, [0, 1] + ct[2:], in0_defines, named_sh))
            if sender_num > num_dests:
                k_in0_out = mh.CreateKernel(prog, kpath, _core_set(all_cores_list[num_dests:]), _dm(
                    DataMovementProcessor.RISCV_1, _IN0_NOC, [0, 0] + ct[2:], in0_defines, named_sh))
            in0_shard = (a._buffer, g.pm * shard_w_t, True, False)
            for i, core in enumerate(all_cores_list):
                kid = k_in0_sender if i < num_cores else (k_in0_in if i < num_dests else k_in0_out)
                # NOC_1: the rectangle from the bottom right to the top left
                plan.append((kid, core, [i, bottom_right.x, bottom_right.y, top_left.x, top_left.y, *noc_xs,
                                         *noc_ys], {}))
        else:
            in0_sender_ct = g.in0_sender_ct(sems, num_cores - 1, bbox_cores - 1, False, a)
            k_in0_sender = mh.CreateKernel(
                prog, O.kernel_path("matmul/reader_bmm_tile_layout_in0_sender_padding.py"), start,
                _dm(DataMovementProcessor.RISCV_1, _IN0_NOC, in0_sender_ct, in0_defines, _NAMED_IN0_SENDER))
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
        g.cbs(prog, cb_cores, in0_tiles, in1_tiles, packer_l1_acc_en, in0_shard, b._buffer if in1_sharded else None,
              bias._buffer if bias_sharded else None)
        ph = g.pad_h(g.M if g.M < g.pm else g.pm)      # M padding lies in the single h block
        for i, core in enumerate(cores):
            ox = i % g.nbx
            last_col = ox == g.nbx - 1
            if in0_sharded:
                pass
            elif i == 0:
                # NOC_1: the rectangle from the bottom right to the top left
                plan.append((k_in0_sender, core, [0, 0, bottom_right.x, bottom_right.y, top_left.x, top_left.y,
                                                  (g.M if g.M < g.pm else g.pm) % g.obh or g.obh, 0], {0: "a"}))
            else:
                plan.append((k_in0_recv, core, [top_left.x, top_left.y], {}))
            args, slots = g.in1_sender_args(
                g.pn * g.in1_stride_w * ox, [0, 0, 0, 0], ox * g.pn, g.last_obw() if last_col else g.obw, ph,
                g.pad_w(last_col), g.pn * ox, g.last_num_blocks_w() if last_col else g.out_nbx)
            plan.append((k_in1, core, args[:-1] if out_sharded else args, slots))
    else:
        packer_l1_acc_en = bool(g.ckc.packer_l1_acc) and ((bias is not None and g.num_blocks > 1) or g.num_blocks > 2)
        in0_sharded = a.is_sharded()
        reuse = (in0_B == 1 and in1_B > 1 and not in0_sharded and not out.is_sharded() and not at.bcast_batch
                 and pc.fused_activation is None)
        batch = in1_B if reuse else in0_B
        if in0_B == 1 and in1_B > 1:
            in0_tiles = g.pm * g.num_blocks * g.in0_block_w
        elif in0_sharded:
            in0_tiles = g.num_blocks * g.pm * g.in0_block_w * in0_B
        else:
            in0_tiles = g.obh * g.in0_block_w * (2 if in0_B * g.num_blocks > 1 else 1)
        in1_tiles = g.obw * g.in0_block_w * (2 if in1_B * g.num_blocks > 1 else 1)
        in0_sender_ct = g.in0_sender_ct((0, 0), 0, 0, reuse, a)
        in0_defines = {"SKIP_MCAST": "1"}
        in0_shard = None
        if in0_sharded:
            # IN0_SHARDED: each core reads its own rows from its shard (c_0 is the shard, or c_2 is and the blocks
            # are copied out of it when a shard row holds more than one K block)
            shard_w_t, shard_h_t, _ = _in0_shard_senders(a, grid, "height-sharded in0 of the 1D program")
            extract = shard_w_t // g.in0_block_w > 1
            in0_sender_ct[9:12] = [int(extract), shard_w_t, shard_h_t]
            in0_defines["IN0_SHARDED"] = "1"
            in0_shard = (a._buffer, g.obh * g.in0_block_w if extract else 0, False, not extract)
        in1_sender_ct = g.in1_sender_ct(sems, num_cores - 1, bbox_cores - 1, batch, at.bcast_batch, b)
        compute_ct, mm_defines, named_compute = g.compute(batch, packer_l1_acc_en)
        in1_defines = {"FUSE_BIAS": "1"} if bias is not None else {}
        if out.is_sharded():
            in1_defines["OUT_SHARDED"] = "1"
        recv_defines = dict(in1_defines)
        if bbox_cores == 1:
            in1_defines["SKIP_MCAST"] = "1"
        k_in0 = mh.CreateKernel(prog, O.kernel_path("matmul/reader_bmm_tile_layout_in0_sender_padding.py"), all_set,
                                _dm(DataMovementProcessor.RISCV_1, _IN0_NOC, in0_sender_ct, in0_defines,
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
        g.cbs(prog, all_set, in0_tiles, in1_tiles, packer_l1_acc_en, in0_shard)
        last_pm = g.M % g.pm or g.pm
        for i, core in enumerate(cores):
            ox, oy = i // g.nby, i % g.nby
            out_start = ox * g.pn + oy * g.pm * g.N
            if i == 0:
                # NOC_0: the rectangle from the top left to the bottom right
                args, slots = g.in1_sender_args(
                    g.pn * g.in1_stride_w * ox, [top_left.x, top_left.y, bottom_right.x, bottom_right.y], out_start,
                    g.obw, g.pad_h(None), g.pad_w(False), g.pn * ox, g.out_nbx)
                plan.append((k_in1_sender, core, args[:-1] if out.is_sharded() else args, slots))
            else:
                last_row = oy == g.nby - 1
                args = [top_left.x, top_left.y, 0, out_start, g.obh // g.sh, *g.pad_h(last_pm if last_row else None),
                        *g.pad_w(False)]
                if not out.is_sharded():
                    args += [g.last_num_blocks_h() if last_row else g.out_nby, g.out_nbx]
                plan.append((k_in1_recv, core, args, {2: "out"}))
            plan.append((k_in0, core, [0, g.pm * g.in0_stride_h * oy, 0, 0, 0, 0, g.pm, 0], {0: "a"}))
    for _ in sems:
        mh.CreateSemaphore(prog, sem_cores, 0)
    return _entry(prog, plan, num_cores, "matmul_multicore_reuse_mcast_1d", a, b, bias, out)


def _check_reuse_shards(a, b, out, cores, n1, pm_batch, pm, pn, K):
    """What the reuse program's sharded paths take for granted, checked: core i of the shard grid (in its order)
    holds shard i of each sharded operand, and the shard is exactly what the core's compute kernel consumes or
    produces: its n1 blocks of in0 (n1 x per_core_M-per-batch rows, K wide), of in1 (n1 x K rows, per_core_N wide),
    of output (filling c_4's per_core_M x per_core_N tiles). tt-metal would compute from or write to other L1
    otherwise (or overrun the shard); tensix refuses."""
    from tensix.ttnn import sharded
    want = [(c.x, c.y) for c in cores]
    th0, tw1 = _h0(a), _w1(b)
    oh, ow = _hw(out)
    for t, name, shard in ((a, "input_tensor_a", (n1 * pm_batch * th0, K * TILE)),
                           (b, "input_tensor_b", (n1 * K * TILE, pn * tw1)),
                           (out, "output", (pm * oh, pn * ow) if n1 * pm_batch == pm else None)):
        if not t.is_sharded():
            continue
        geom = sharded.geometry_of(t)
        got = [(c.x, c.y) for c, _, _ in geom.shards]
        if got != want or any(col for _, _, col in geom.shards) or (geom.shard_h, geom.shard_w) != shard:
            raise NotModelledError(
                f"ttnn.matmul: the sharded {name} ({t.memory_config().shard_spec.shape} shards on {got}) is not what "
                f"MatmulMultiCoreReuseProgramConfig's sharded path takes as each core's share (cores {want}, "
                f"{n1} block(s) each{'' if shard is None else f': {list(shard)} shards'}); tt-metal would use other "
                "L1 contents, which tensix does not model.\nFix: shard the operands height-wise on one grid, one "
                "shard per core's blocks, or use interleaved tensors.")


def _in1_bias_shards(b, bias, cores, g, in0_B) -> int:
    """The in1 shard height in tiles, after tensix's checks of what tt-metal's IN1_SHARDED / BIAS_SHARDED paths take
    for granted: core i of the cores with work holds in1 shard (0, i) (and bias shard (0, i)), the compute kernel's
    in1 blocks (in0_block_w x out_block_w, K blocks in turn) are the shard's tiles in order (out_block_w ==
    per_core_N, shard height == K, one batch: the writer pushes the shard once). Other cases would have the compute
    kernel read other tiles, or wait for a push that never comes; tensix refuses them."""
    from tensix.ttnn import sharded
    geom = sharded.geometry_of(b)
    want = {(c.x, c.y): (0, i) for i, c in enumerate(cores)}
    got = {(c.x, c.y): (r, col) for c, r, col in geom.shards}
    sh_t = b.memory_config().shard_spec.shape[0] // TILE
    if got != want or sh_t != g.K or g.obw != g.pn or in0_B != 1:
        raise NotModelledError(
            f"ttnn.matmul: the width-sharded input_tensor_b (shards {b.memory_config().shard_spec.shape} on "
            f"{sorted(got)}) is not the per-core in1 of the 1D program (K={g.K} x per_core_N={g.pn} tiles on cores "
            f"{sorted(want)}, out_block_w == per_core_N, one batch); tt-metal's IN1_SHARDED path would feed the "
            "compute kernel other tiles, which tensix does not model.\nFix: shard input_tensor_b as [K, per_core_N * "
            "32] on the cores with work, or use an interleaved input_tensor_b.")
    if bias is not None and bias.is_sharded():
        bg = sharded.geometry_of(bias)
        bgot = {(c.x, c.y): (r, col) for c, r, col in bg.shards}
        if bgot != want or bg.shard_h != _hw(bias)[0]:
            raise NotModelledError(f"ttnn.linear: the sharded bias (shards {bias.memory_config().shard_spec.shape} on "
                                   f"{sorted(bgot)}) is not one tile row per core with work ({sorted(want)}); "
                                   "tt-metal's BIAS_SHARDED path would feed the compute kernel other tiles.\nFix: "
                                   "shard the bias like input_tensor_b, one tile row high, or use an interleaved bias.")
    return sh_t


def _in0_shard_senders(a, grid, what):
    """The sharded in0 reader's view of in0's shards: (shard width in tiles, shard height in tiles, number of shard
    cores). The factory makes core i of the grid (row-major from (0, 0)) the sender of the i-th K blocks and reads
    them from its own L1 at the buffer's address; tt-metal does not check that the shard grid is those cores in
    that order (another grid would multicast whatever that L1 holds), so tensix refuses any other grid."""
    from tensix.ttnn import sharded
    geom = sharded.geometry_of(a)
    spec = a.memory_config().shard_spec
    n = len(geom.shards)
    if n > grid.x * grid.y or [c for c, _, _ in geom.shards] != _row_major_cores(n, grid.x):
        raise NotModelledError(f"ttnn.matmul: the {what} has its shards on cores "
                               f"{[(c.x, c.y) for c, _, _ in geom.shards]}; tt-metal's sharded in0 reader takes shard "
                               f"i from core i of the {grid.x}x{grid.y} compute grid in row-major order from (0, 0) "
                               "and would multicast other L1 contents for another placement, which tensix does not "
                               "model.\nFix: shard in0 on the first cores of the grid, row-major.")
    return spec.shape[1] // TILE, spec.shape[0] // _h0(a), n


def _row_broadcastable(bias) -> bool:
    """matmul_utilities fused_matmul_bias_row_broadcastable."""
    s = list(bias.shape)
    return len(s) < 2 or s[-2] == 1


def _entry(prog, plan, ncores, name, a, b, bias, out):
    """A ProgramEntry whose set_args writes the runtime args of `plan` with this run's buffer addresses
    (override_runtime_arguments patches the same slots)."""
    def set_args(tensors):
        for _, cfg in prog.cbs:
            which = getattr(cfg, "matmul_tensor", None)
            if which is not None:       # a CB on a sharded tensor's buffer: this run's tensor
                cfg.set_globally_allocated_address(tensors[which]._buffer)
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


def _nd_dram_in1(b, program_config) -> bool:
    """An ND_SHARDED in1 in DRAM under the 2D multicast program: matmul_device_operation.cpp accepts it there (the
    factory's in1_is_sharded covers WIDTH / HEIGHT only, so its in1 reader addresses the ND layout through the
    TensorAccessor args, as for an interleaved in1)."""
    return (isinstance(program_config, MatmulMultiCoreReuseMultiCastProgramConfig)
            and b.memory_config().memory_layout == TensorMemoryLayout.ND_SHARDED
            and b.memory_config().buffer_type == BufferType.DRAM)


def _dram_hs_in1(b, program_config) -> bool:
    """A HEIGHT_SHARDED in1 in DRAM under the 2D multicast program (the batched DRAM matmul: each DRAM bank holds
    whole [K, N] matrices; the factory's IN1_DRAM_HEIGHT_SHARDED reader)."""
    mc = b.memory_config()
    return (isinstance(program_config, MatmulMultiCoreReuseMultiCastProgramConfig)
            and mc.memory_layout == TensorMemoryLayout.HEIGHT_SHARDED and mc.buffer_type == BufferType.DRAM)


def _dram_ws_in1(b, program_config) -> bool:
    """A WIDTH_SHARDED in1 in DRAM under the 2D multicast program (prefill on decode-sharded weights: each DRAM bank
    holds a [K, N / banks] column block; the factory's IN1_DRAM_WIDTH_SHARDED reader walks the banks)."""
    mc = b.memory_config()
    return (isinstance(program_config, MatmulMultiCoreReuseMultiCastProgramConfig)
            and mc.memory_layout == TensorMemoryLayout.WIDTH_SHARDED and mc.buffer_type == BufferType.DRAM)


def _dram_ws_walk(nbanks: int, pcs: int, pn: int, nsenders: int, tile_bytes: int) -> list:
    """The 2D factory's runtime args of IN1_DRAM_WIDTH_SHARDED, per in1 sender in core order: the NoC virtual channel
    (cycling 1, 2, 3, 0, ...), the number of bank reads, the byte offset of the first read in its bank's shard, then
    (bytes of a shard row to read, bank id) per read. The walk carries over from one sender to the next: each takes
    the rest of the current bank's pcs = per_core_N_storage columns, then whole banks, until it has per_core_N."""
    out = []
    wcs = scs = cw = cs = vc = 0      # worker_core_stride, storage_core_stride, curr_worker_core, curr_storage_core
    for _ in range(nsenders):
        vc = 0 if vc == 3 else vc + 1
        reads = []
        if cs < nbanks:
            wcs = pcs - scs
            reads.append([scs * tile_bytes, wcs * tile_bytes, cs])
            cs += (scs + wcs) // pcs
            scs = (scs + wcs) % pcs
            old = cw
            if wcs >= pn:
                cw += 1
            while cw <= old and cs < nbanks:
                stride = min(wcs + pcs, pn)
                reads.append([(stride - wcs) * tile_bytes, cs])
                if stride >= pn:
                    cw += 1
                scs = (stride - wcs) % pcs
                cs += (stride - wcs) // pcs
                wcs = stride
        out.append([vc, len(reads)] + [v for r in reads for v in r])
    return out


def _check_inputs(what, a, b, bias, program_config=None):
    nd_b = _nd_dram_in1(b, program_config) or _dram_hs_in1(b, program_config) or _dram_ws_in1(b, program_config)
    dev = O.device_of(what, a, b, bias, nd_ok=nd_b)
    if nd_b:
        O.device_of(what, a, bias)             # ND-sharded in0 / bias stay refused
    dram_sharded = isinstance(program_config, (MatmulMultiCoreReuseMultiCastDRAMShardedProgramConfig,
                                               MatmulMultiCoreReuseMultiCastBatchedDRAMShardedProgramConfig))
    for t, name in ((a, "input_tensor_a"), (b, "input_tensor_b")):
        if t.layout != Layout.TILE:
            raise LayoutError(f"{what}: Inputs to matmul must be tilized ({name} is in {t.layout!r}).\nFix: "
                              f"ttnn.to_layout({name}, ttnn.TILE_LAYOUT) first (or from_torch(..., "
                              "layout=ttnn.TILE_LAYOUT)).")
        if t.dtype not in _MATMUL_DTYPES:
            raise DTypeError(f"{what}: {name} is {t.dtype!r}; matmul takes bfloat16, float32, bfloat8_b and bfloat4_b "
                             "(tensix does not model integer matmuls).\nFix: ttnn.typecast it to bfloat16.")
        if t.is_sharded() and t.memory_config().buffer_type != BufferType.L1 and not ((dram_sharded or nd_b)
                                                                                      and t is b):
            raise NotModelledError(f"{what}: {name} sharded in DRAM is not modelled by tensix's matmul outside "
                                   "MatmulMultiCoreReuseMultiCastDRAMShardedProgramConfig (an in1 in DRAM banks) and "
                                   "the 2D multicast program's WIDTH_SHARDED, HEIGHT_SHARDED (batched) or ND_SHARDED "
                                   "in1.\nFix: use "
                                   "an interleaved or L1-sharded memory config, or one of those for input_tensor_b.")
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
    if isinstance(pc, MatmulMultiCoreReuseMultiCastDRAMShardedProgramConfig):
        _validate_dram_sharded(a, b, at, pc)
    elif isinstance(pc, MatmulMultiCoreReuseMultiCastBatchedDRAMShardedProgramConfig):
        _validate_batched_dram_sharded(a, b, bias, at, pc)
    elif a.is_sharded() or b.is_sharded() or (bias is not None and bias.is_sharded()) \
            or at.output_mem_config.is_sharded():
        _validate_sharded(a, b, bias, at, pc)
    if bias is not None:
        ps = list(bias.padded_shape)
        if _batch(list(bias.shape)) != 1:
            raise ShapeError("Unsupported bias shape: batch size not equal to 1.")
        if ps[-2] != _h0(a):        # in0_tile.get_height()
            raise ShapeError(f"Unsupported bias shape: padded second last dimension of bias, {ps[-2]}, not equal to "
                             f"tile height, {_h0(a)}")
        if ps[-1] != pb[-1]:
            raise ShapeError(f"Unsupported bias shape: padded last dimension of bias, {ps[-1]}, not equal to second "
                             f"input's padded last dimension, {pb[-1]}.")
        if list(bias.shape)[-1] < sb[-1]:
            raise ShapeError(f"Unsupported bias shape: last dimension of bias, {list(bias.shape)[-1]}, not equal to or "
                             f"greater than second input's last dimension, {sb[-1]}.")


def _validate_dram_sharded(a, b, at: _Attrs, pc):
    """validate_on_program_cache_miss for MatmulMultiCoreReuseMultiCastDRAMShardedProgramConfig (and the checks of
    its compute_output_specs), with tensix's refusal of transposed operands (the program has no transpose)."""
    mem = at.output_mem_config
    if at.transpose_a or at.transpose_b:
        raise NotModelledError("ttnn.matmul: transpose_a / transpose_b with "
                               "MatmulMultiCoreReuseMultiCastDRAMShardedProgramConfig are not modelled by tensix (the "
                               "DRAM-sharded factory has no transpose path).\nFix: transpose the operands first.")
    if not a.is_sharded():
        raise TTNNError("Input tensor A must be sharded for DRAM sharded program config")
    if not mem.is_sharded():
        raise TTNNError("Output memory config must be sharded for DRAM sharded program config")
    mc = a.memory_config()
    if mc.memory_layout != TensorMemoryLayout.WIDTH_SHARDED:
        raise TTNNError(f"Input A memory layout must be WIDTH_SHARDED, got: {mc.memory_layout!r}")
    if mc.buffer_type != mem.buffer_type:
        raise TTNNError(f"Input A and output buffer types must match, got input: {mc.buffer_type!r} vs output: "
                        f"{mem.buffer_type!r}")
    if mc.memory_layout != mem.memory_layout:
        raise TTNNError(f"Input A and output memory layouts must match, got input: {mc.memory_layout!r} vs output: "
                        f"{mem.memory_layout!r}")
    spec = mc.shard_spec
    if spec.orientation.name != "ROW_MAJOR":
        raise TTNNError(f"Input A shard orientation must be ROW_MAJOR, got: {spec.orientation!r}")
    pa = _pshape(a, False)
    M, K = pa[-2] // _h0(a), pa[-1] // TILE
    if M != pc.per_core_M:
        raise TTNNError(f"M ({M}) must equal per_core_M ({pc.per_core_M})")
    if M != 1:
        raise TTNNError("currently only support in0 tensor height of tile height")
    if pc.per_core_M != spec.shape[0] // _h0(a):
        raise TTNNError(f"per_core_M ({pc.per_core_M}) must equal shard_shape[0] / in0_tile.get_height() "
                        f"({spec.shape[0] // _h0(a)})")
    if pc.in0_block_w <= 0 or K % pc.in0_block_w:
        raise TTNNError(f"K ({K}) must be divisible by in0_block_w ({pc.in0_block_w})")
    if (spec.shape[1] // TILE) % pc.in0_block_w:
        raise TTNNError(f"shard_shape[1] / in0_tile.get_width() ({spec.shape[1] // TILE}) must be divisible by "
                        f"in0_block_w ({pc.in0_block_w})")
    if not b.is_sharded() or b.memory_config().memory_layout != TensorMemoryLayout.WIDTH_SHARDED:
        raise TTNNError(f"Input B memory layout must be WIDTH_SHARDED, got: {b.memory_config().memory_layout!r}")
    if b.memory_config().buffer_type != BufferType.DRAM:
        raise NotModelledError("ttnn.matmul: MatmulMultiCoreReuseMultiCastDRAMShardedProgramConfig with an "
                               "input_tensor_b sharded in L1 is not modelled by tensix (its reader streams the shard "
                               "from a DRAM bank).\nFix: shard input_tensor_b in DRAM (BufferType.DRAM).")
    per_core_K = spec.shape[1] // TILE
    if K % per_core_K:
        raise TTNNError(f"in DRAM sharded Matmul we don't have support for un-even sharding currently. K: {K}, "
                        f"per_core_K: {per_core_K}.")
    if pc.per_core_N <= 0:
        raise TTNNError("per_core_N must be greater than 0!")


def _validate_dram_hs_in1(a, b, at: _Attrs, pc):
    """matmul_device_operation.cpp, the 2D program's HEIGHT_SHARDED in1 (DRAM only, batched, no fused batch; each
    bank whole [K, N] matrices), and tensix's refusals where IN1_DRAM_HEIGHT_SHARDED's reads would not be in1's."""
    if pc.fuse_batch:
        raise TTNNError("HEIGHT_SHARDED input B requires fuse_batch=false for batched matmul")
    K = _pshape(a, at.transpose_a)[-1] // TILE
    N = _pshape(b, at.transpose_b)[-1] // _w1(b)
    spec = b.memory_config().shard_spec
    sh, sw = spec.shape[0] // TILE, spec.shape[1] // _w1(b)
    banks = spec.grid.num_cores()
    if sw != N:
        raise TTNNError(f"HEIGHT_SHARDED input B shard width ({sw} tiles) must equal N ({N} tiles)")
    if sh < K:
        raise TTNNError(f"HEIGHT_SHARDED input B shard height ({sh} tiles) must be >= K ({K} tiles)")
    if sh % K:
        raise TTNNError(f"HEIGHT_SHARDED input B shard height ({sh} tiles) must be divisible by K ({K} tiles) so each "
                        "bank holds complete [K, N] matrices")
    B = _batch(_pshape(b, at.transpose_b))
    if (sh // K) * banks < B:
        raise TTNNError(f"HEIGHT_SHARDED input B: batches_per_bank ({sh // K}) * num_banks ({banks}) = "
                        f"{sh // K * banks} must be >= batch size B ({B})")
    fix = "\nFix: an interleaved input_tensor_b, or HEIGHT shards on DRAM banks 0, 1, ... with every batch of in1."
    if at.transpose_b or _in1_transpose_tile(b, at.transpose_b):
        raise NotModelledError("ttnn.matmul: transpose_b with a HEIGHT_SHARDED DRAM in1 (IN1_DRAM_HEIGHT_SHARDED "
                               "reads the banks' [K, N] tiles row by row) is not modelled by tensix." + fix)
    if B < _batch(_pshape(a, at.transpose_a)):
        raise NotModelledError(
            f"ttnn.matmul: a HEIGHT_SHARDED DRAM in1 of {B} batch(es) broadcast over in0's "
            f"{_batch(_pshape(a, at.transpose_a))}: reader_bmm_tile_layout_in1_sender_writer_padding "
            "(IN1_DRAM_HEIGHT_SHARDED) reads batch b from bank b / batches_per_bank whatever in1's batch count, so "
            "the card would multiply by other banks' bytes; tensix does not model that." + fix)
    g = b._buffer.geom                          # (DRAM shards: tensix.ttnn.nd_sharded's placement, cores as (x, y))
    cores = [(c.x, c.y) if hasattr(c, "x") else tuple(c) for c in g.cores][:getattr(g, "num_shards", len(g.cores))]
    if any(c != (i, 0) for i, c in enumerate(cores)):
        raise NotModelledError(
            "ttnn.matmul: a HEIGHT_SHARDED DRAM in1 whose shard i is not on DRAM bank i: IN1_DRAM_HEIGHT_SHARDED "
            "reads batch b from bank b / batches_per_bank counted from bank 0, so the card would read other banks; "
            "tensix does not model that." + fix)


def _validate_dram_ws_in1(a, b, bias, at: _Attrs, pc):
    """matmul_device_operation.cpp, the 2D program's WIDTH_SHARDED in1 (no transpose_mcast, a one-row shard grid),
    and tensix's refusals where IN1_DRAM_WIDTH_SHARDED's reads would not be in1's columns: the reader copies rows of
    per_core_N_storage tiles from bank i's shard (no strides, no transpose), so shard i must be on bank i, shards
    per_core_N_storage tiles wide, and every in1 sender's walk must fill its per_core_N columns."""
    spec = b.memory_config().shard_spec
    if pc.transpose_mcast:
        raise TTNNError("Transpose MCAST not supported when input B is sharded")
    bw_, bh_ = _bbox(spec.grid)
    if bh_ != 1:
        raise TTNNError("Width-sharded input tensor B grid bounding box must have equal start and end y coordinates")
    fix = ("\nFix: an interleaved input_tensor_b, or WIDTH shards of ceil(N / 12) tiles on DRAM banks 0, 1, ... with "
           "per_core_N a multiple of that width.")
    N = _pshape(b, at.transpose_b)[-1] // _w1(b)
    pcs = _div_up(N, soc.NUM_DRAM_BANKS)
    if at.transpose_b or _tile_of(b) is not None or _tile_of(a) is not None:
        raise NotModelledError("ttnn.matmul: transpose_b or tiles other than 32x32 with a WIDTH_SHARDED DRAM in1 "
                               "(IN1_DRAM_WIDTH_SHARDED copies the shards' rows as stored) are not modelled by "
                               "tensix." + fix)
    if bias is not None:
        raise NotModelledError("ttnn.linear: a fused bias with a WIDTH_SHARDED DRAM in1 (the IN1_DRAM_WIDTH_SHARDED "
                               "reader then reads the bias from the same banks) is not modelled by tensix." + fix)
    if spec.shape[1] // TILE != pcs:
        raise NotModelledError(f"ttnn.matmul: a WIDTH_SHARDED DRAM in1 with shards {spec.shape[1] // TILE} tiles wide: "
                               f"IN1_DRAM_WIDTH_SHARDED reads rows of ceil(N / 12) = {pcs} tiles, so the card would "
                               "read other columns; tensix does not model that." + fix)
    g = b._buffer.geom
    cores = [(c.x, c.y) if hasattr(c, "x") else tuple(c) for c in g.cores][:getattr(g, "num_shards", len(g.cores))]
    if any(c != (i, 0) for i, c in enumerate(cores)):
        raise NotModelledError("ttnn.matmul: a WIDTH_SHARDED DRAM in1 whose shard i is not on DRAM bank i: "
                               "IN1_DRAM_WIDTH_SHARDED walks the banks from bank 0." + fix)
    nbx = _div_up(N, pc.per_core_N)
    if pc.out_block_w != pc.per_core_N:
        raise NotModelledError("ttnn.matmul: out_block_w below per_core_N with a WIDTH_SHARDED DRAM in1: the "
                               "IN1_DRAM_WIDTH_SHARDED reader fills per_core_N columns into an out_block_w block."
                               + fix)
    s1 = formats.tile_size(data_format(b.dtype))
    for i, args in enumerate(_dram_ws_walk(soc.NUM_DRAM_BANKS, pcs, pc.per_core_N, nbx, s1)):
        got = sum(args[3::2]) // s1 if args[1] else 0
        need = pc.per_core_N if i < nbx - 1 else N - pc.per_core_N * (nbx - 1)
        if not need <= got <= pc.per_core_N:
            raise NotModelledError(f"ttnn.matmul: with a WIDTH_SHARDED DRAM in1, in1 sender {i} would read {got} "
                                   f"columns from the banks for a block of {pc.per_core_N} (per_core_N_storage "
                                   f"{pcs}): IN1_DRAM_WIDTH_SHARDED's bank walk does not fill the block, which "
                                   "tensix does not model." + fix)


def _validate_sharded(a, b, bias, at: _Attrs, pc):
    """MatmulDeviceOperation::validate_on_program_cache_miss for sharded operands or output (the 1D and 2D multicast
    checks), and tensix's refusals of the sharded paths it does not model."""
    mem = at.output_mem_config
    ckind = type(pc).__name__
    is_1d = isinstance(pc, MatmulMultiCoreReuseMultiCast1DProgramConfig)
    if isinstance(pc, MatmulMultiCoreReuseProgramConfig):
        _validate_reuse_sharded(a, b, at, pc)
        return
    if is_1d and not pc.mcast_in0 and b.is_sharded():
        raise TTNNError("Error: Operand B must be interleaved.")
    b_sh = b.is_sharded()
    if _nd_dram_in1(b, pc) or _dram_hs_in1(b, pc) or _dram_ws_in1(b, pc):
        if pc.transpose_mcast:
            raise TTNNError("Transpose MCAST not supported when input B is sharded")
        if _dram_hs_in1(b, pc):
            _validate_dram_hs_in1(a, b, at, pc)
        if _dram_ws_in1(b, pc):
            _validate_dram_ws_in1(a, b, bias, at, pc)
        b_sh = False                            # the 2D program's own in1 readers (not the IN1_SHARDED paths)
    if (b_sh or (bias is not None and bias.is_sharded())) and not (is_1d and pc.mcast_in0):
        raise NotModelledError(f"ttnn.matmul: a sharded {'input_tensor_b' if b_sh else 'bias'} with {ckind} "
                               "is not modelled by tensix's matmul (it models the IN1_SHARDED / BIAS_SHARDED paths of "
                               "the 1D mcast_in0 program only).\nFix: use an interleaved input_tensor_b and bias.")
    if bias is not None and bias.is_sharded() and not b_sh:
        raise NotModelledError("ttnn.linear: a sharded bias with an interleaved input_tensor_b is not modelled by "
                               "tensix's matmul.\nFix: use an interleaved bias.")
    if b_sh:
        bmc = b.memory_config()
        if bmc.memory_layout != TensorMemoryLayout.WIDTH_SHARDED:
            raise TTNNError("Operand B can only be interleaved or L1 width sharded.")
        if pc.per_core_N != bmc.shard_spec.shape[1] // _w1(b):
            raise TTNNError("Shard width must match per core N.")
        if bias is not None and bias.is_sharded() \
                and bmc.shard_spec.shape[1] != bias.memory_config().shard_spec.shape[1]:
            raise TTNNError("Bias shard spec width must match second inputs shard spec width.")
    if isinstance(pc, MatmulMultiCoreReuseMultiCastProgramConfig):
        if a.is_sharded():
            mc = a.memory_config()
            spec = mc.shard_spec
            if not pc.fuse_batch:
                raise TTNNError("Batch fusion is required when input A is sharded")
            if mc.memory_layout not in (TensorMemoryLayout.BLOCK_SHARDED, TensorMemoryLayout.HEIGHT_SHARDED):
                raise TTNNError(f"Unsupported memory layout {mc.memory_layout!r}.")
            if mc.memory_layout == TensorMemoryLayout.HEIGHT_SHARDED:
                K = _pshape(a, at.transpose_a)[-1] // TILE
                if pc.transpose_mcast:
                    raise TTNNError("Transpose MCAST not supported with HEIGHT_SHARDED layout")
                if K != pc.in0_block_w:
                    raise TTNNError(f"K ({K}) must equal in0_block_w ({pc.in0_block_w})")
                if pc.in0_block_w != spec.shape[1] // TILE:
                    raise TTNNError(f"in0_block_w ({pc.in0_block_w}) must equal shard_shape[1] / "
                                    f"in0_tile.get_width() ({spec.shape[1] // TILE})")
                if _bbox(spec.grid)[0] != 1:
                    raise TTNNError("Grid bounding box x coordinates must match")
            if mc.memory_layout == TensorMemoryLayout.BLOCK_SHARDED:
                want = "COL_MAJOR" if pc.transpose_mcast else "ROW_MAJOR"
                if spec.orientation.name != want:
                    raise TTNNError(f"Input tensor A must have {want} shard orientation for "
                                    f"{'' if pc.transpose_mcast else 'non-'}transpose MCAST, got: "
                                    f"{spec.orientation!r}")
                if mem.is_sharded():
                    if mc.buffer_type != mem.buffer_type:
                        raise TTNNError(f"Input tensor A and output buffer types must match, got input: "
                                        f"{mc.buffer_type!r} vs output: {mem.buffer_type!r}")
                    if mc.memory_layout != mem.memory_layout:
                        raise TTNNError(f"Input tensor A and output memory layouts must match, got input: "
                                        f"{mc.memory_layout!r} vs output: {mem.memory_layout!r}")
            if pc.per_core_M != spec.shape[0] // _h0(a):
                raise TTNNError(f"per_core_M ({pc.per_core_M}) must equal shard_shape[0] / in0_tile.get_height() "
                                f"({spec.shape[0] // _h0(a)})")
            if (spec.shape[1] // TILE) % pc.in0_block_w:
                raise TTNNError(f"shard_shape[1] / in0_tile.get_width() ({spec.shape[1] // TILE}) must be divisible by "
                                f"in0_block_w ({pc.in0_block_w})")
        if mem.is_sharded():
            if mem.memory_layout != TensorMemoryLayout.BLOCK_SHARDED:
                raise TTNNError(f"Output memory layout must be BLOCK_SHARDED, got: {mem.memory_layout!r}")
            if not (pc.out_subblock_w == pc.per_core_N or pc.out_subblock_h == 1):
                raise TTNNError("Error: out_subblock_w must be equal to per_core_N or out_subblock_h must be equal "
                                "to 1.")
            if not (pc.out_block_w == pc.per_core_N or pc.out_block_h == 1):
                raise TTNNError("Error: out_block_w must be equal to per_core_N or out_block_h must be equal to 1.")
        return
    if not isinstance(pc, MatmulMultiCoreReuseMultiCast1DProgramConfig):
        raise NotModelledError(f"ttnn.matmul: a sharded {'input_tensor_a' if a.is_sharded() else 'output'} with "
                               f"{ckind} is not modelled by tensix's matmul (it models the sharded paths of the 1D "
                               "and 2D multicast programs only).\nFix: use interleaved tensors, or a multicast "
                               "program config.")
    pa = _pshape(a, at.transpose_a)
    pb = _pshape(b, at.transpose_b)
    M, K, N = _M(pa, pc.fuse_batch, _h0(a)), pa[-1] // TILE, pb[-1] // _w1(b)
    if pc.mcast_in0:
        if a.is_sharded():
            mc = a.memory_config()
            spec = mc.shard_spec
            if not pc.fuse_batch:
                raise TTNNError("Error: Batch fusion must be enabled.")
            if mc.memory_layout != TensorMemoryLayout.WIDTH_SHARDED:
                raise TTNNError(f"Error: input_tensor_a must be width sharded. Provided tensor memory layout: "
                                f"{mc.memory_layout!r}")
            if mem.is_sharded():
                if mc.buffer_type != mem.buffer_type:
                    raise TTNNError("Error: Buffer type mismatch.")
                if mc.memory_layout != mem.memory_layout:
                    raise TTNNError("Error: Memory layout mismatch.")
            if spec.orientation.name != "ROW_MAJOR":
                raise TTNNError("Error: Shard orientation must be ROW_MAJOR.")
            if M != pc.per_core_M:
                raise TTNNError(f"Error: M ({M}) must be equal to per_core_M ({pc.per_core_M}).")
            if pc.per_core_M != spec.shape[0] // _h0(a):
                raise TTNNError(f"Error: per_core_M must be equal to shard_shape[0] ({spec.shape[0]}) / "
                                f"in0_tile.get_height() ({_h0(a)}).")
            if K % pc.in0_block_w:
                raise TTNNError(f"Error: K {K} must be divisible by in0_block_w {pc.in0_block_w}.")
            if (spec.shape[1] // TILE) % pc.in0_block_w:
                raise TTNNError(f"Error: shard_shape[1] ({spec.shape[1]}) / in0_tile.get_width() ({TILE}) must be "
                                f"divisible by in0_block_w ({pc.in0_block_w}).")
        if mem.is_sharded():
            row = (mem.memory_layout == TensorMemoryLayout.BLOCK_SHARDED and mem.shard_spec is not None
                   and _bbox(mem.shard_spec.grid)[1] == 1)
            if mem.memory_layout != TensorMemoryLayout.WIDTH_SHARDED and not row:
                raise TTNNError(f"Error: Output memory layout must be WIDTH_SHARDED or BLOCK_SHARDED on a 1-row grid. "
                                f"Provided tensor memory layout: {mem.memory_layout!r}")
            if M != pc.per_core_M:
                raise TTNNError(f"Error: M {M} must be equal to per_core_M {pc.per_core_M}.")
    else:
        if a.is_sharded():
            mc = a.memory_config()
            spec = mc.shard_spec
            if not pc.fuse_batch:
                raise TTNNError("Error: Batch fusion must be enabled.")
            if mc.memory_layout != TensorMemoryLayout.HEIGHT_SHARDED:
                raise TTNNError("Error: input_tensor_a must be height sharded.")
            if mem.is_sharded():
                if mc.buffer_type != mem.buffer_type:
                    raise TTNNError("Error: Buffer type mismatch.")
                if mc.memory_layout != mem.memory_layout:
                    raise TTNNError("Error: Memory layout mismatch.")
            if spec.orientation.name != "ROW_MAJOR":
                raise TTNNError("Error: Shard orientation must be ROW_MAJOR.")
            if _div_up(M, pc.per_core_M) > spec.grid.num_cores():
                raise TTNNError("Error: M must be divisible by per_core_M.")
            if pc.per_core_M != spec.shape[0] // _h0(a):
                raise TTNNError("Error: per_core_M must be equal to shard_shape[0] / in0_tile.get_height().")
            if K % pc.in0_block_w:
                raise TTNNError("Error: K must be divisible by in0_block_w.")
            if K != spec.shape[1] // TILE:
                raise TTNNError("Error: K must be equal to shard_shape[1] / in0_tile.get_width().")
        if mem.is_sharded():
            col = (mem.memory_layout == TensorMemoryLayout.BLOCK_SHARDED and mem.shard_spec is not None
                   and _bbox(mem.shard_spec.grid)[0] == 1)
            if mem.memory_layout != TensorMemoryLayout.HEIGHT_SHARDED and not col:
                raise TTNNError("Error: Output memory layout must be HEIGHT_SHARDED or BLOCK_SHARDED on a 1-column "
                                "grid.")
            if N != pc.per_core_N:
                raise TTNNError("Error: N must be equal to per_core_N.")
    if mem.is_sharded():
        if not (pc.out_subblock_w == pc.per_core_N or pc.out_subblock_h == 1):
            raise TTNNError("Error: out_subblock_w must be equal to per_core_N or out_subblock_h must be equal to 1.")
        if not (pc.out_block_w == pc.per_core_N or pc.out_block_h == 1):
            raise TTNNError("Error: out_block_w must be equal to per_core_N or out_block_h must be equal to 1.")


def _output_memory_config(a, b, at: _Attrs, pc) -> MemoryConfig:
    """MatmulDeviceOperation::compute_output_specs for a sharded output memory config: the shard spec comes from the
    program config (per_core_M x per_core_N shards on the cores with work; a user shard spec is replaced, as tt-metal
    does with a warning), except a BLOCK_SHARDED spec on a 1-row / 1-column grid with the 1D program, which becomes
    WIDTH_ / HEIGHT_SHARDED with the user's shard spec."""
    from tensix.ttnn.types import ShardOrientation, ShardSpec
    mem = at.output_mem_config
    pa, pb = _pshape(a, at.transpose_a), _pshape(b, at.transpose_b)
    N = pb[-1] // _w1(b)
    if isinstance(pc, MatmulMultiCoreReuseMultiCast1DProgramConfig):
        if mem.memory_layout == TensorMemoryLayout.BLOCK_SHARDED and mem.shard_spec is not None:
            bw_, bh_ = _bbox(mem.shard_spec.grid)
            if bw_ == 1 or bh_ == 1:
                kind = TensorMemoryLayout.HEIGHT_SHARDED if bw_ == 1 else TensorMemoryLayout.WIDTH_SHARDED
                return MemoryConfig(kind, mem.buffer_type, mem.shard_spec)
        M = _M(pa, pc.fuse_batch, _h0(a))
        n = ((M - 1) // pc.per_core_M + 1) * ((N - 1) // pc.per_core_N + 1)
        g = pc.compute_with_storage_grid_size
        if n > g.x * g.y:
            raise TTNNError(f"ttnn.matmul: the output's {n} shards do not fit the {g.x}x{g.y} grid of the program "
                            "config (num_cores_to_corerangeset).\nFix: raise per_core_M / per_core_N.")
        cores = _core_set(_row_major_cores(n, g.x))
        orient = ShardOrientation.ROW_MAJOR
    elif isinstance(pc, MatmulMultiCoreReuseMultiCastProgramConfig):
        M = _M(pa, True, _h0(a))
        nby, nbx = (M - 1) // pc.per_core_M + 1, (N - 1) // pc.per_core_N + 1
        if pc.transpose_mcast:
            cores = CoreRangeSet([CoreRange(CoreCoord(0, 0), CoreCoord(nby - 1, nbx - 1))])
            orient = ShardOrientation.COL_MAJOR
        else:
            cores = CoreRangeSet([CoreRange(CoreCoord(0, 0), CoreCoord(nbx - 1, nby - 1))])
            orient = ShardOrientation.ROW_MAJOR
    elif isinstance(pc, MatmulMultiCoreReuseMultiCastDRAMShardedProgramConfig):
        # num_cores_to_corerangeset(num_blocks, device grid, row_wise=true)
        M = _M(pa, True, _h0(a))
        n = ((M - 1) // pc.per_core_M + 1) * ((N - 1) // pc.per_core_N + 1)
        g = a.device().compute_with_storage_grid_size()
        if n > g.x * g.y:
            raise TTNNError(f"ttnn.matmul: the output's {n} shards do not fit the {g.x}x{g.y} device grid "
                            "(num_cores_to_corerangeset).\nFix: raise per_core_N.")
        cores = _core_set(_row_major_cores(n, g.x))
        orient = ShardOrientation.ROW_MAJOR
    elif isinstance(pc, MatmulMultiCoreReuseMultiCastBatchedDRAMShardedProgramConfig):
        # the user's shard spec as it is (compute_output_specs checks the tile width ratio only)
        if mem.shard_spec is None:
            raise TTNNError("Output memory config must have a shard spec for batched DRAM sharded matmul\nFix: give "
                            "the output memory config a ShardSpec (one batch-shard per DRAM bank's worker).")
        return mem
    elif isinstance(pc, MatmulMultiCoreReuseProgramConfig):
        M = _M(pa, True, _h0(a))
        n = ((M - 1) // pc.per_core_M + 1) * ((N - 1) // pc.per_core_N + 1)
        orient = ShardOrientation.COL_MAJOR
        if a.is_sharded():
            orient = a.memory_config().shard_spec.orientation
        elif b.is_sharded():
            orient = b.memory_config().shard_spec.orientation
        if mem.shard_spec is not None:
            cores = mem.shard_spec.grid
        else:
            g = pc.compute_with_storage_grid_size
            row = orient == ShardOrientation.ROW_MAJOR
            cl = [CoreCoord(i % g.x, i // g.x) if row else CoreCoord(i // g.y, i % g.y) for i in range(n)]
            cores = _core_set(cl) if row else CoreRangeSet(
                [CoreRange(CoreCoord(x, min(c.y for c in cl if c.x == x)), CoreCoord(x, max(c.y for c in cl
                                                                                          if c.x == x)))
                 for x in sorted({c.x for c in cl})])
    else:
        raise NotModelledError(f"ttnn.matmul: a sharded output with {type(pc).__name__} is not modelled by tensix's "
                               "matmul (the MatmulMultiCoreProgram has no sharded output in tt-metal either).\nFix: "
                               "use an interleaved output memory config or another program config.")
    return MemoryConfig(mem.memory_layout, mem.buffer_type,
                        ShardSpec(cores, [pc.per_core_M * _h0(a), pc.per_core_N * _w1(b)], orient))


def _validate_reuse_sharded(a, b, at: _Attrs, pc):
    """validate_on_program_cache_miss for MatmulMultiCoreReuseProgramConfig with sharded tensors."""
    mem = at.output_mem_config
    pa, pb = _pshape(a, at.transpose_a), _pshape(b, at.transpose_b)
    M, K = pa[-2] // _h0(a), pa[-1]
    pm, pn = pc.per_core_M, pc.per_core_N
    if a.is_sharded():
        mc = a.memory_config()
        spec = mc.shard_spec
        if mc.memory_layout == TensorMemoryLayout.WIDTH_SHARDED:
            raise TTNNError(f"Error: memory layout, {mc.memory_layout!r}, is not width sharded")
        if K != spec.shape[1]:
            raise TTNNError(f"Error: K, {K}, needs to be equal to {spec.shape[1]}")
        if spec.shape[1] != pc.in0_block_w * TILE:
            raise TTNNError(f"Error: {spec.shape[1]} needs to equal {pc.in0_block_w} * {TILE}")
        if pm * _h0(a) != spec.shape[0]:
            raise TTNNError(f"Error: {pm} * {_h0(a)} needs to equal {spec.shape[0]}")
        if b.is_sharded():
            bmc = b.memory_config()
            if mc.buffer_type != bmc.buffer_type:
                raise TTNNError("Input tensors A and B must have matching buffer types")
            if mc.memory_layout != bmc.memory_layout:
                raise TTNNError("Input tensors A and B must have matching memory layouts")
            if list(spec.grid) != list(bmc.shard_spec.grid):
                raise TTNNError("Input tensors A and B must have matching shard spec grids")
            if spec.orientation != bmc.shard_spec.orientation:
                raise TTNNError("Input tensors A and B must have matching shard orientations")
        if mem.is_sharded():
            if mc.buffer_type != mem.buffer_type:
                raise TTNNError("Input tensor A and output buffer types must match")
            if mc.memory_layout != mem.memory_layout:
                raise TTNNError("Input tensor A and output memory layouts must match")
    if b.is_sharded():
        bmc = b.memory_config()
        if pm % M:
            raise TTNNError("per_core_M must be a multiple of M if input b is sharded!")
        if bmc.memory_layout == TensorMemoryLayout.WIDTH_SHARDED:
            raise TTNNError(f"Input B memory layout must not be WIDTH_SHARDED, got: {bmc.memory_layout!r}")
        if bmc.shard_spec.shape[1] != pb[-1]:
            raise TTNNError(f"Input B shard shape[1] ({bmc.shard_spec.shape[1]}) must equal padded shape[-1] "
                            f"({pb[-1]})")
        if pn * _w1(b) != bmc.shard_spec.shape[1]:
            raise TTNNError(f"per_core_N * in1_tile.get_width() ({pn * _w1(b)}) must equal in1_shard_shape[1] "
                            f"({bmc.shard_spec.shape[1]})")
        if bmc.shard_spec.shape[0] % K:
            raise TTNNError(f"Input B shard shape[0] ({bmc.shard_spec.shape[0]}) must be divisible by K ({K})")
    if mem.is_sharded():
        if mem.memory_layout == TensorMemoryLayout.WIDTH_SHARDED:
            raise TTNNError(f"Output memory layout must not be WIDTH_SHARDED, got: {mem.memory_layout!r}")
        if not (pc.out_subblock_w == pn or pc.out_subblock_h == 1):
            raise TTNNError(f"Either out_subblock_w ({pc.out_subblock_w}) must equal per_core_N ({pn}) or "
                            f"out_subblock_h ({pc.out_subblock_h}) must be 1")


def _bbox(grid):
    """(width, height) of a CoreRangeSet's bounding box."""
    xs = [v for r in grid.ranges for v in (r.start.x, r.end.x)]
    ys = [v for r in grid.ranges for v in (r.start.y, r.end.y)]
    return max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


def _check_out_shards(out, cores, blocks, pm, pn):
    """The compute kernel fills c_4 -- the output's shard on each core with work -- with that core's per_core_M x
    per_core_N block, row-major; tt-metal does not check that the output's shards are those blocks on those cores
    (it would leave other shards unwritten or scatter the block), so tensix refuses any other placement."""
    from tensix.ttnn import sharded
    geom = sharded.geometry_of(out)
    got = {(c.x, c.y): (r, col) for c, r, col in geom.shards}
    want = {(c.x, c.y): blk for c, blk in zip(cores, blocks)}
    oh, ow = _hw(out)
    if got != want or geom.shard_h != pm * oh or geom.shard_w != pn * ow:
        raise NotModelledError(
            f"ttnn.matmul: the sharded output's shards ({geom.shard_h}x{geom.shard_w} on "
            f"{sorted(got)}) are not the program's output blocks ({pm * oh}x{pn * ow}, block (row, col) on core: "
            f"{ {k: v for k, v in sorted(want.items())} }); tt-metal's program writes each core's block into that "
            "core's shard regardless, which tensix does not model.\nFix: shard the output as the program config's "
            "per_core_M x per_core_N blocks on the first cores of the grid, row-major.")


def _post_process_bias(bias, pc, at: _Attrs, a, b) -> bool:
    """matmul.cpp get_post_process_bias."""
    if bias is None:
        return False
    if _is_batched(b.shape) or _is_batched(bias.shape):
        return True
    if bias.padded_shape[-2] != _hw(a)[1 if at.transpose_a else 0]:     # in0's tile height
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
           repr(pc), repr(at.compute_kernel_config), at.transpose_a, at.transpose_b, at.bcast_batch,
           (at.start_core.x, at.start_core.y), tuple(_tile_key(t) for t in (a, b, bias, out)))
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
    elif isinstance(pc, MatmulMultiCoreReuseMultiCastDRAMShardedProgramConfig):
        factory = lambda: _dram_sharded(dev, a, b, bias, out, at, pc)      # noqa: E731
        name = "MatmulMultiCoreReuseMultiCastDRAMShardedProgramFactory"
    elif isinstance(pc, MatmulMultiCoreReuseMultiCastBatchedDRAMShardedProgramConfig):
        factory = lambda: _batched_dram_sharded(dev, a, b, out, at, pc)      # noqa: E731
        name = "MatmulMultiCoreReuseBatchedHSDRAMShardedProgramFactory"
    else:
        raise NotModelledError(f"ttnn.matmul with {type(pc).__name__} is not modelled by tensix.\nFix: use one of "
                               "ttnn's matmul program configs.")
    attrs = {"program_config": repr(pc), "math_fidelity": _fidelity(at.compute_kernel_config.math_fidelity).name,
             "fp32_dest_acc_en": bool(at.compute_kernel_config.fp32_dest_acc_en),
             "packer_l1_acc": bool(at.compute_kernel_config.packer_l1_acc), "dtype": at.output_dtype.name}
    O.run("ttnn.matmul", dev, key, factory, [a, b, bias, out], [out], attrs, started)
    return name


def _reuse(dev, a, b, bias, out, at: _Attrs, pc: MatmulMultiCoreReuseProgramConfig):
    """matmul_multicore_reuse_optimized_program_factory.cpp create_descriptor: the output blocks (per_core_M x
    per_core_N tiles, a whole batch each when per_core_M exceeds M) split over the cores column-major
    (split_work_to_cores), each core reading its own in0 and in1 blocks, no multicast. With a sharded in0 / in1 /
    output the cores are the shard grid's (in its orientation), the total split evenly, and c_0 / c_1 / c_4 are the
    core's shards (IN0_SHARDED, IN1_SHARDED: all blocks pushed at once; OUT_SHARDED: nothing written)."""
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
    B, M, K, N = _batch(pa), pa[-2] // _h0(a), pa[-1] // TILE, pb[-1] // _w1(b)
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
    in0_sh, in1_sh, out_sh = a.is_sharded(), b.is_sharded(), out.is_sharded()
    spec_t = a if in0_sh else b if in1_sh else out if out_sh else None
    if spec_t is not None:
        spec = spec_t.memory_config().shard_spec
        all_cores = spec.grid
        ncores = all_cores.num_cores()
        g1, g2 = all_cores, CoreRangeSet([])
        n1, n2 = num_output_blocks // ncores * batch_scale, 0
        core_list = mh.corerange_to_cores(all_cores, ncores, spec.orientation.name == "ROW_MAJOR")
        _check_reuse_shards(a, b, out, core_list, n1, pm_batch, pm, pn, K)
    else:
        ncores, all_cores, g1, g2, n1, n2 = mh.split_work_to_cores(pc.compute_with_storage_grid_size,
                                                                   num_output_blocks)
        n1, n2 = n1 * batch_scale, n2 * batch_scale
        core_list = None
    if ncores == 0 or num_output_blocks // ncores == 0:
        raise TTNNError("Not all cores from core_range was used!")

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
    if _in1_transpose_tile(b, tb):
        defines["IN1_TRANSPOSE_TILE"] = "1"

    prog = mh.CreateProgram()
    reader_defines = {"IN0_SHARDED": "1"} if in0_sh else {}
    writer_defines = {}
    if in1_sh:
        writer_defines["IN1_SHARDED"] = "1"
    if out_sh:
        writer_defines["OUT_SHARDED"] = "1"
    k_reader = mh.CreateKernel(prog, O.kernel_path("matmul/reader_bmm_tile_layout_in0.py"), all_cores,
                               _dm(DataMovementProcessor.RISCV_1, NOC.RISCV_1_default, reader_ct, reader_defines,
                                   named))
    k_writer = mh.CreateKernel(prog, O.kernel_path("matmul/reader_writer_bmm_tile_layout_in1.py"), all_cores,
                               _dm(DataMovementProcessor.RISCV_0, NOC.RISCV_0_default, writer_ct, writer_defines,
                                   named))
    for group, n in ((g1, n1), (g2, n2)):
        if group.num_cores():
            ct = [in0_block_w, in0_num_subblocks, in0_block_num_tiles, sh * in0_block_w, in1_num_subblocks,
                  in1_block_num_tiles, sw * in1_num_subblocks, num_blocks, 1, 1, sh, sw, sh * sw, n, out_block_tiles,
                  0, 0, int(ta)]
            mh.CreateKernel(prog, O.kernel_path("matmul/bmm_large_block_zm_fused_bias_activation.py"), group,
                            _compute(ckc, ct, defines, named, bool(ckc.dst_full_sync_en)))
    _block_cbs(prog, all_cores, (fmt0, pm * K if in0_sh else in0_block_num_tiles * 2),
               (fmt1, in1_block_num_tiles * (num_blocks * batch_scale if in1_sh else 2)), fmt_out, interm0,
               out_block_tiles, None, ta, (a._buffer, 0, False, True) if in0_sh else None,
               (out._buffer, out_block_tiles, False) if out_sh else None, b._buffer if in1_sh else None,
               tiles={0: _tile_of(a), 1: _tile_of(b), 4: _tile_of(out)})

    g1_cores = g1.num_cores()
    n_blocks_per_batch = N // pn
    blocks_per_batch = (M // pm_batch) * n_blocks_per_batch
    plan, written = [], 0
    for i, core in enumerate(core_list or mh.corerange_to_cores(all_cores, ncores)):
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


# ------------------------------------------------------------------------------------- the DRAM-sharded program
_NOC_MAX_BURST_SIZE = 8192      # matmul_utilities get_max_page_size_and_num_pages on Wormhole


def _max_page_size_and_num_pages(num_tiles: int, tile_size: int):
    """dram_sharded_helpers::get_max_page_size_and_num_pages: the largest whole-tile page up to the NoC's burst size
    that divides the block."""
    total = num_tiles * tile_size
    page = (_NOC_MAX_BURST_SIZE // tile_size) * tile_size
    while total % page and page >= tile_size:
        page -= tile_size
    return page, total // page


def _dram_subblock(pm, pn, fp32: bool):
    """The factory's subblock choice: get_matmul_subblock_params, then, for a one-row subblock, the widest
    out_subblock_w (up to 8, 4 with fp32 accumulation) that needs fewer subblocks to cover per_core_N -- per_core_N
    padded up to a whole number of them. -> (out_subblock_h, out_subblock_w, per_core_N_compute)."""
    sh, sw = _subblock_params(pm, pn, False, False, fp32)
    max_w = 4 if fp32 else 8
    if sh == 1 and sw < max_w:
        n_sub, best = pn // sw, sw
        for w in range(sw + 1, max_w + 1):
            if _div_up(pn, w) < n_sub:
                n_sub, best = _div_up(pn, w), w
        sw, pn = best, best * n_sub
    return sh, sw, pn


def _dram_workers(b, N):
    """get_optimal_dram_bank_to_reader_assignment (the worker next to each DRAM bank, NoC 0) less the workers of
    the banks that would hold only padding of in1's width: [logical worker of bank i]."""
    from tensix.device.core_assignment import optimal_dram_bank_workers
    workers = [CoreCoord(x, y) for x, y in optimal_dram_bank_workers(0)]
    shard_w = b.memory_config().shard_spec.shape[1] // TILE
    padded = shard_w * len(workers)
    if padded > N:
        only_padding = (padded - N) // shard_w
        if only_padding >= len(workers):
            raise TTNNError(f"Padding banks count {only_padding} must be less than workers count {len(workers)}")
        workers = workers[:len(workers) - only_padding]
    return workers


def _check_dram_shards(t, name, nbanks, shard):
    """tensix's check of what the DRAM-sharded reader takes for granted: bank i (i < nbanks) holds shard i, exactly
    `shard` ([height, width] in elements) -- the reader streams the bank's pages from the shard's start as the
    worker's K blocks (or bias row). tt-metal checks none of it and would feed the compute kernel other tiles."""
    mc = t.memory_config()
    ok = mc.memory_layout == TensorMemoryLayout.WIDTH_SHARDED and mc.buffer_type == BufferType.DRAM
    if ok:
        geom = t._buffer.geom
        ok = ([tuple(c) for c in geom.cores[:nbanks]] == [(i, 0) for i in range(nbanks)]
              and list(mc.shard_spec.shape) == list(shard) and geom.num_shards >= nbanks)
    if not ok:
        raise NotModelledError(
            f"ttnn.matmul: the {name} ({mc.memory_layout.name} in {mc.buffer_type.name}, shards "
            f"{list(mc.shard_spec.shape) if mc.shard_spec else None}) is not what the DRAM-sharded program's reader "
            f"streams: WIDTH_SHARDED in DRAM, shard i of {list(shard)} on bank i for the {nbanks} worker bank(s); "
            "tt-metal would read other bytes, which tensix does not model.\nFix: shard it in DRAM as "
            f"[{shard[0]}, {shard[1]}] over banks 0..{nbanks - 1} (width padded to the banks).")


def _dram_sharded(dev, a, b, bias, out, at: _Attrs, pc):
    """matmul_multicore_reuse_mcast_dram_sharded_program_factory.cpp create_program_dram_sharded_descriptor: the
    workers are the cores next to the DRAM banks (one per bank holding real in1 columns, bank i's worker reads bank
    i's in1 shard: reader_bmm_tile_layout_in1_sender_dram_sharded); in0, width-sharded in L1 on its storage cores,
    is multicast block by block from the storage core of each K block to the whole grid
    (reader_bmm_tile_layout_in0_sender_dram_sharded); each worker computes its per_core_N columns
    (bmm_large_block_zm_fused_bias_activation with MATMUL_DRAM_SHARDED) and writes them into the width-sharded
    output's shards on the output's cores (c_6 on the output's buffer), splitting its columns over the shards they
    fall in. Runs on the bounding box of the storage and worker cores; the other cores of it return at once."""
    from tensix.ttnn import sharded
    ckc = at.compute_kernel_config
    fp32 = bool(ckc.fp32_dest_acc_en)
    if b.memory_config().shard_spec.orientation.name != "ROW_MAJOR":
        raise TTNNError("Only ROW_MAJOR sharding is supported")
    pa, pb = list(a.padded_shape), list(b.padded_shape)
    Kt, Nt = pa[-1] // TILE, pb[-1] // TILE
    if Kt % pc.in0_block_w:
        raise TTNNError(f"Kt ({Kt}) must be divisible by in0_block_w ({pc.in0_block_w})")
    in0_last_ktile_w = list(a.shape)[-1] % TILE
    pm, in0_block_w, pn_storage = pc.per_core_M, pc.in0_block_w, pc.per_core_N
    B = 1
    grid = dev.compute_with_storage_grid_size()
    num_mcast_cores = grid.x * grid.y
    top_left, bottom_right = _worker(dev, 0, 0), _worker(dev, grid.x - 1, grid.y - 1)
    start_noc, end_noc = bottom_right, top_left        # in0 on NOC_1: the rectangle from the bottom right
    workers = _dram_workers(b, Nt)
    nbanks = len(workers)
    pn = _div_up(Nt, nbanks)                           # per_core_N_in1_sender
    sh, sw, pn_compute = _dram_subblock(pm, pn, fp32)
    last_subblock_w_valid = sw - (pn_compute - pn)
    num_blocks = Kt // in0_block_w
    packer_l1_acc_en = bool(ckc.packer_l1_acc) and num_blocks > 1
    fmt0, fmt1, fmt_out = data_format(a.dtype), data_format(b.dtype), data_format(out.dtype)
    fmt_bias = data_format(bias.dtype) if bias is not None else formats.DataFormat.Bfp8_b
    if packer_l1_acc_en:
        interm0 = formats.DataFormat.Float32 if fp32 else formats.DataFormat.Float16_b
    else:
        interm0 = formats.DataFormat.Float32 if fp32 else fmt_out
    # the CBs' tiles (set_tile_dims): c_0 / c_2 in0_tile, c_1 in1_tile, c_3 bias_tile, c_4 / c_5 / c_6 output_tile
    tiles = {0: _tile_of(a), 2: _tile_of(a), 1: _tile_of(b), 3: _tile_of(bias), 4: _tile_of(out), 5: _tile_of(out),
             6: _tile_of(out)}
    s0, s_out = _tsz(fmt0, tiles[0]), _tsz(fmt_out, tiles[4])
    s1 = align(_tsz(fmt1, tiles[1]), soc.DRAM_ALIGNMENT)       # DRAM pages padded to the DRAM alignment
    s_bias = align(_tsz(fmt_bias, tiles[3]), soc.DRAM_ALIGNMENT)
    in0_block_tiles = pm * in0_block_w
    in0_cb_tiles = in0_block_tiles * (2 if B * num_blocks > 1 else 1)
    in1_block_tiles = pn * in0_block_w
    in1_cb_tiles = in1_block_tiles * (3 if B * num_blocks > 1 else 1)
    out_block_tiles = pm * pn_compute
    in1_page_size, in1_num_pages = _max_page_size_and_num_pages(in1_block_tiles, s1)
    bias_page_size, bias_num_pages = _max_page_size_and_num_pages(pn, s_bias)

    # the in0 storage cores (multicast senders) and the workers; cores that are both send and compute
    storage = list(a.memory_config().shard_spec.grid)
    storage_set = {(c.x, c.y) for c in storage}
    worker_set = {(c.x, c.y) for c in workers}
    senders = sorted(storage, key=lambda c: (c.y, c.x))
    n_storage = len(senders)
    num_blocks_per_shard = num_blocks // n_storage
    if pm > 1 and num_blocks_per_shard != 1:
        raise TTNNError(f"currently not support per_core_M larger than 1, while split one shard into multiple blocks "
                        f"(per_core_M {pm}, num_blocks_per_shard {num_blocks_per_shard})")
    geom = sharded.geometry_of(a)
    got = [(c.x, c.y) for c, _, _ in geom.shards]
    shard_w_t = geom.shard_w // TILE
    if got != [(c.x, c.y) for c in senders] or num_blocks_per_shard * n_storage != num_blocks \
            or shard_w_t != num_blocks_per_shard * in0_block_w:
        raise NotModelledError(
            f"ttnn.matmul: the width-sharded in0 has its {len(got)} shards ({geom.shard_h}x{geom.shard_w}) on {got}; "
            f"the DRAM-sharded program makes the i-th core of its shard grid (row by row) the sender of K blocks "
            f"i * {num_blocks_per_shard}.. ({in0_block_w} tiles each) and multicasts its L1 from the shard's start, "
            "other L1 contents for another placement, which tensix does not model.\nFix: one shard per core of the "
            "shard grid, the grid's cores row-major, K split evenly.")
    _check_dram_shards(b, "input_tensor_b", nbanks, [Kt * TILE, pn * TILE])
    if bias is not None:
        _check_dram_shards(bias, "bias", nbanks, [_hw(bias)[0], pn * TILE])
    receivers = [c for c in workers if (c.x, c.y) not in storage_set]
    xs = [c.x for c in storage + workers]
    ys = [c.y for c in storage + workers]
    rect = CoreRangeSet([CoreRange(CoreCoord(min(xs), min(ys)), CoreCoord(max(xs), max(ys)))])
    rect_cores = [CoreCoord(x, y) for y in range(min(ys), max(ys) + 1) for x in range(min(xs), max(xs) + 1)]

    sems = (0, 1, 2)        # in0 sender, receiver, sender-valid (CreateSemaphore order)
    in0_ct = [in0_block_tiles, in0_block_tiles * s0, in0_last_ktile_w, 0, sems[0], sems[1], nbanks, num_mcast_cores,
              num_blocks, start_noc.x, start_noc.y, end_noc.x, end_noc.y, sems[2], num_blocks_per_shard, in0_block_w]
    in1_ct = [in1_page_size, in1_num_pages, pn_compute, pn * in0_block_w, num_blocks, out_block_tiles,
              pn_compute * s_out, pn_storage * s_out, pm]
    if bias is not None:
        in1_ct += [bias_page_size, bias_num_pages, 1]
    mm_defines, named_act = _fused(pc.fused_activation)
    in1_defines = {"OUT_SHARDED": "1", "SKIP_MCAST": "1"}
    if bias is not None:
        mm_defines["FUSE_BIAS"] = "1"
        in1_defines["FUSE_BIAS"] = "1"
    if packer_l1_acc_en:
        mm_defines["PACKER_L1_ACC"] = "1"
    if fp32:
        mm_defines["FP32_DEST_ACC_EN"] = "1"
    mm_defines["MATMUL_DRAM_SHARDED"] = "1"
    compute_ct = [in0_block_w, pm // sh, in0_block_tiles, sh * in0_block_w, pn_compute // sw, in1_block_tiles, pn,
                  num_blocks, 1, 1, sh, sw, sh * sw, B, out_block_tiles, 0, 0, 0]
    if bias is not None:
        compute_ct.append(int(_row_broadcastable(bias)))
    named_compute = {"cb_in0": 0, "cb_in1": 1, "cb_bias": 3, "cb_out": 4, "cb_intermed0": 5,
                     "cb_in0_intermediate": 8, "cb_in1_intermediate": 9, "cb_in0_transposed": 10,
                     "bias_ntiles": pn_compute, "last_subblock_w_valid": last_subblock_w_valid, **named_act}

    prog = mh.CreateProgram()
    k_in0 = mh.CreateKernel(prog, O.kernel_path("matmul/reader_bmm_tile_layout_in0_sender_dram_sharded.py"), rect,
                            _dm(DataMovementProcessor.RISCV_1, _IN0_NOC, in0_ct, {},
                                {"cb_in0": 0, "cb_in0_sharded": 2}))
    k_in1 = mh.CreateKernel(prog, O.kernel_path("matmul/reader_bmm_tile_layout_in1_sender_dram_sharded.py"), rect,
                            _dm(DataMovementProcessor.RISCV_0, _IN1_NOC, in1_ct, in1_defines,
                                {"cb_in1": 1, "cb_bias": 3, "cb_out": 4, "cb_out_reshard": 6}))
    k_mm = mh.CreateKernel(prog, O.kernel_path("matmul/bmm_large_block_zm_fused_bias_activation.py"), rect,
                           _compute(ckc, compute_ct, mm_defines, named_compute, bool(ckc.dst_full_sync_en)))

    # CBs: c_0 in0 blocks, c_1 in1 blocks, c_2 on in0's shard, c_4 / c_5 output and partials, c_6 on the output's
    # shard, c_3 the bias row
    _cb(prog, rect, {0: fmt0}, in0_cb_tiles * s0, s0, tiles)
    _cb(prog, rect, {1: fmt1}, in1_cb_tiles * s1, s1, tiles)
    cfg = mh.CircularBufferConfig(pm * shard_w_t * s0, {2: fmt0}).set_page_size(2, s0).set_tile_dims(2, tiles[2])
    cfg.set_globally_allocated_address(a._buffer)
    cfg.matmul_tensor = 0
    mh.CreateCircularBuffer(prog, rect, cfg)
    s_interm = _tsz(interm0, tiles[5])
    if interm0 != fmt_out:
        _cb(prog, rect, {4: fmt_out}, out_block_tiles * s_out, s_out, tiles)
        _cb(prog, rect, {5: interm0}, out_block_tiles * s_interm, s_interm, tiles)
    else:
        _cb_sized(prog, rect, [(4, fmt_out, s_out), (5, interm0, s_interm)], out_block_tiles * s_out, tiles)
    cfg = mh.CircularBufferConfig(pm * pn_storage * s_out, {6: fmt_out}).set_page_size(6, s_out)
    cfg.set_tile_dims(6, tiles[6])
    cfg.set_globally_allocated_address(out._buffer)
    cfg.matmul_tensor = 3
    mh.CreateCircularBuffer(prog, rect, cfg)
    if bias is not None:
        _cb(prog, rect, {3: fmt_bias}, pn_compute * s_bias, s_bias, tiles)
    for v in (0, 0, 1):     # INVALID, INVALID, VALID
        mh.CreateSemaphore(prog, rect, v)

    plan = []
    noc_x = [_worker(dev, c.x, c.y).x for c in senders]
    noc_y = [_worker(dev, c.x, c.y).y for c in senders]
    # is_last_ktile_padded goes to the last core of corerange_to_cores(the shard grid): its last range's end
    last_storage = a.memory_config().shard_spec.grid.ranges[-1].end
    for i, c in enumerate(senders):
        kind = 2 if (c.x, c.y) in worker_set else 1
        padded = int((c.x, c.y) == (last_storage.x, last_storage.y) and in0_last_ktile_w > 0)
        plan.append((k_in0, c, [kind, i, padded, *noc_x, *noc_y], {}))
    for c in receivers:
        plan.append((k_in0, c, [3, 0, 0, *noc_x, *noc_y], {}))
    for c in rect_cores:
        if (c.x, c.y) not in storage_set and (c.x, c.y) not in worker_set:
            plan.append((k_in0, c, [0], {}))
    for c in rect_cores:
        is_worker = (c.x, c.y) in worker_set
        plan.append((k_mm, c, [int(is_worker)], {}))
        if not is_worker:
            plan.append((k_in1, c, [0], {}))

    # the worker's columns into the output's shards (the storage cores of the output, row by row)
    out_cores = [c for c, _, _ in sharded.geometry_of(out).shards]
    ox = [_worker(dev, c.x, c.y).x for c in out_cores]
    oy = [_worker(dev, c.x, c.y).y for c in out_cores]
    n_written_back = _div_up(Nt, pn_storage)
    written = 0
    cur_idx = cur_stride = 0                                    # the sender < storage case
    worker_stride = storage_stride = cur_worker = cur_storage = 0
    for i, c in enumerate(workers):
        # the NoC virtual channel: the bank's low bits, moved on when an earlier worker of the same row has them
        # (tensix's NoC model gives it no timing)
        vc = i & 0x3
        for j in range(i):
            if workers[j].y == c.y and (j & 0x3) == (i & 0x3):
                vc = (vc + 1) & 0x3
                break
        args = [1, 0, 0, i, vc]         # is_worker, in1 and bias addresses (slots), bank id, vc
        if pn < pn_storage:
            if cur_idx >= n_written_back:
                raise TTNNError(f"Worker {c} has no storage area assigned")
            r1 = min(pn, pn_storage - cur_stride)
            r2 = pn - r1
            two = r2 != 0 and cur_idx + 1 < n_written_back
            args += [2 if two else 1, cur_stride * s_out, r1 * s_out, ox[cur_idx], oy[cur_idx]]
            written += r1
            if two:
                args += [r2 * s_out, ox[cur_idx + 1], oy[cur_idx + 1]]
                written += r2
            cur_idx += (cur_stride + pn) // pn_storage
            cur_stride = (cur_stride + pn) % pn_storage
        else:
            n = 0
            tail = []
            if cur_storage < n_written_back:
                n += 1
                worker_stride = pn_storage - storage_stride
                tail += [storage_stride * s_out, worker_stride * s_out, ox[cur_storage], oy[cur_storage]]
                cur_storage += (storage_stride + worker_stride) // pn_storage
                storage_stride = (storage_stride + worker_stride) % pn_storage
                if worker_stride >= pn:
                    cur_worker += 1
                written += worker_stride
                while cur_worker <= i and cur_storage < n_written_back:
                    n += 1
                    inc = worker_stride + pn_storage >= pn
                    total = pn if inc else worker_stride + pn_storage
                    wb = total - worker_stride
                    if inc:
                        cur_worker += 1
                    tail += [wb * s_out, ox[cur_storage], oy[cur_storage]]
                    written += wb
                    storage_stride = wb % pn_storage
                    cur_storage += wb // pn_storage
                    worker_stride = total
            args += [n] + tail
        if len(args) < 10:
            raise TTNNError(f"Kernel requires at least 10 runtime args, got {len(args)}")
        slots = {1: "b"}
        if bias is not None:
            slots[2] = "bias"
        plan.append((k_in1, c, args, slots))
    if written > n_written_back * pn_storage:
        raise TTNNError(f"more datums written back to sharded tensor, L1 corruption, expected: "
                        f"{n_written_back * pn_storage}, actual: {written}")
    return _entry(prog, plan, len(rect_cores), "matmul_multicore_reuse_mcast_dram_sharded", a, b, bias, out)


# ------------------------------------------------------------------------------ the batched DRAM-sharded program
def _validate_batched_dram_sharded(a, b, bias, at: _Attrs, pc):
    """validate_on_program_cache_miss for MatmulMultiCoreReuseMultiCastBatchedDRAMShardedProgramConfig
    (matmul_device_operation.cpp), then tensix's refusals of what the program's readers would not read as the
    operands (the factory checks the shard placement)."""
    mem = at.output_mem_config
    what = "ttnn.matmul with MatmulMultiCoreReuseMultiCastBatchedDRAMShardedProgramConfig"
    if at.transpose_a or at.transpose_b:
        raise NotModelledError(f"{what}: transpose_a / transpose_b are not modelled by tensix (the batched "
                               "DRAM-sharded factory has no transpose path).\nFix: transpose the operands first.")
    if not a.is_sharded():
        raise TTNNError("Input tensor A must be sharded for batch-sharded DRAM matmul\nFix: height-shard "
                        "input_tensor_a by batch in L1 on the DRAM banks' workers.")
    if not mem.is_sharded():
        raise TTNNError("Output memory config must be sharded for batch-sharded DRAM matmul\nFix: a HEIGHT_SHARDED "
                        "L1 memory config on the DRAM banks' workers.")
    mc = a.memory_config()
    if mc.memory_layout != TensorMemoryLayout.HEIGHT_SHARDED:
        raise TTNNError(f"Input A memory layout must be HEIGHT_SHARDED for batch-sharded DRAM matmul, got: "
                        f"{mc.memory_layout!r}")
    if mc.buffer_type != mem.buffer_type:
        raise TTNNError(f"Input A and output buffer types must match, got input: {mc.buffer_type!r} vs output: "
                        f"{mem.buffer_type!r}")
    if mc.memory_layout != mem.memory_layout:
        raise TTNNError(f"Input A and output memory layouts must match, got input: {mc.memory_layout!r} vs output: "
                        f"{mem.memory_layout!r}")
    if mc.shard_spec.orientation.name != "ROW_MAJOR":
        raise TTNNError(f"Input A shard orientation must be ROW_MAJOR, got: {mc.shard_spec.orientation!r}")
    pa, pb = list(a.padded_shape), list(b.padded_shape)
    K = pa[-1] // TILE
    if pc.in0_block_w <= 0 or K % pc.in0_block_w:
        raise TTNNError(f"N dimension ({K}) must be divisible by in0_block_w ({pc.in0_block_w})")
    bm = b.memory_config()
    if not b.is_sharded() or bm.memory_layout != TensorMemoryLayout.HEIGHT_SHARDED:
        raise TTNNError(f"Input B memory layout must be HEIGHT_SHARDED for batch-sharded DRAM matmul, got: "
                        f"{bm.memory_layout!r}")
    # tensix's refusals
    if bm.buffer_type != BufferType.DRAM:
        raise NotModelledError(f"{what}: an input_tensor_b sharded in L1 is not modelled by tensix (the reader reads "
                               "DRAM bank i's pages as worker i's in1, L1 shards would be other bytes).\nFix: shard "
                               "input_tensor_b in DRAM (BufferType.DRAM), one batch-shard per bank.")
    if bias is not None:
        raise NotModelledError(f"{what}: a fused bias is not modelled by tensix (the writer reads the bias from the "
                               "worker's DRAM bank at the bias's address for every batch).\nFix: add the bias after "
                               "the matmul (ttnn.add).")
    if len(pa) != 4 or len(pb) != 4 or pa[0] != 1 or pb[0] != 1:
        raise NotModelledError(f"{what}: input shapes {list(a.shape)} x {list(b.shape)}: the factory takes the "
                               "batch from dim 1 of a [1, B, M, K] x [1, B, K, N] product (B = a.padded_shape[1]) "
                               "and would drop the other batch dims, which tensix does not model.\nFix: reshape "
                               "the operands to [1, B, M, K] and [1, B, K, N].")


def _batched_worker_order(grid, workers, which):
    """The factory's TT_FATALs: the storage cores, in corerange_to_cores order, are the workers (bank order)."""
    from tensix.ttnn.sharded import _cores_in_order
    cores = _cores_in_order(grid, True)
    if len(cores) != len(workers):
        raise TTNNError(f"{which} storage cores ({len(cores)}) must match number of workers/DRAM banks "
                        f"({len(workers)})\nFix: shard on the cores of "
                        "device.get_optimal_dram_bank_to_logical_worker_assignment(ttnn.NOC.NOC_0), in its order.")
    for i, (c, w) in enumerate(zip(cores, workers)):
        if (c.x, c.y) != (w.x, w.y):
            raise TTNNError(f"{which} storage core ordering mismatch at index {i}\nFix: shard on the cores of "
                            "device.get_optimal_dram_bank_to_logical_worker_assignment(ttnn.NOC.NOC_0), in its "
                            f"order (core {i} is ({w.x}, {w.y}), not ({c.x}, {c.y})).")


def _check_batch_shards(t, name, kind, nworkers, shard):
    """tensix's check of what the batched readers take for granted: the tensor holds one shard of exactly `shard`
    ([height, width] in elements) on each of the nworkers workers (L1) or banks 0.. (DRAM, shard i in bank i), so
    that batch j of worker i is at shard i's start + j * (the batch's bytes). tt-metal checks none of it; its
    readers would read other L1 / DRAM bytes, which tensix does not model."""
    mc = t.memory_config()
    geom = t._buffer.geom
    ok = list(mc.shard_spec.shape) == list(shard) and len(geom.cores) == nworkers
    if ok and kind == "DRAM":
        ok = [tuple(c) for c in geom.cores] == [(i, 0) for i in range(nworkers)]
    if not ok:
        where = f" in banks 0..{nworkers - 1}" if kind == "DRAM" else ""
        raise NotModelledError(
            f"ttnn.matmul: the {name} ({mc.memory_layout.name} in {mc.buffer_type.name}, {len(geom.cores)} shards of "
            f"{list(mc.shard_spec.shape)}) is not what the batched DRAM-sharded program reads: {nworkers} shards of "
            f"{list(shard)} (batches_per_core whole matrices each){where}; "
            "tt-metal would read other bytes, which tensix does not model.\nFix: pad the batch to a multiple of the "
            f"{nworkers} DRAM banks and shard {name} as [{shard[0]}, {shard[1]}].")


def _batched_dram_sharded(dev, a, b, out, at: _Attrs, pc):
    """matmul_multicore_reuse_batched_hs_dram_sharded_program_factory.cpp create_program_batch_sharded_descriptor:
    [1, B, M, K] x [1, B, K, N] with the batches split over the workers next to the DRAM banks
    (get_optimal_dram_bank_to_reader_assignment, worker i for bank i). in0 is height-sharded by batch in L1 on the
    workers themselves (its storage cores must be the workers, in order), in1 height-sharded by batch in DRAM (shard i
    in bank i), the output height-sharded by batch in L1 on the workers. Each worker, for each of its
    ceil(B / workers) batches, reads in0's K blocks from its shard (reader_bmm_tile_layout_in0_sender_dram_sharded_
    height), in1's from its bank (reader_bmm_tile_layout_in1_sender_dram_sharded_height), computes the batch's
    per_core_M x per_core_N tiles (bmm_large_block_zm_fused_bias_activation with MATMUL_DRAM_SHARDED, batch =
    batches per core) and writes them whole into the output's shard (c_6 on the output's buffer). Runs on the
    bounding box of the workers; its other cores return at once. As in the C++, an in0 K block is the shard's next
    per_core_M * in0_block_w tiles as they lie: with per_core_M > 1 and several K blocks those are not the block's
    tiles, and tensix computes what the card would (the product of those bytes). Not ported: the bias (refused by
    _validate_batched_dram_sharded) and the compute throttle / stagger defines (no effect on tensix's numbers)."""
    from tensix.device.core_assignment import optimal_dram_bank_workers
    ckc = at.compute_kernel_config
    fp32 = bool(ckc.fp32_dest_acc_en)
    pa, pb = list(a.padded_shape), list(b.padded_shape)
    h0, w1 = _h0(a), _w1(b)
    if pa[-1] != pb[-2]:
        raise TTNNError(f"Dimension K (A.shape[-1] = {pa[-1]}, B.shape[-2] = {pb[-2]}) must match for matmul")
    for cond, msg in ((pa[-2] % h0, "A.shape[-2] must be divisible by tile shape[0]"),
                      (pa[-1] % TILE, "A.shape[-1] must be divisible by tile shape[1]"),
                      (pb[-2] % TILE, "B.shape[-2] must be divisible by tile shape[0]"),
                      (pb[-1] % w1, "B.shape[-1] must be divisible by tile shape[1]")):
        if cond:
            raise TTNNError(msg)
    B, M, K, N = pa[1], pa[-2] // h0, pa[-1] // TILE, pb[-1] // w1
    pm, pn, in0_block_w = pc.per_core_M, pc.per_core_N, pc.in0_block_w
    if pm != M:
        raise TTNNError(f"For batch sharding, per_core_M ({pm}) must equal M ({M})")
    if pn != N:
        raise TTNNError(f"For batch sharding, per_core_N ({pn}) must equal N ({N})")
    if K % in0_block_w:
        raise TTNNError(f"K ({K}) must be divisible by in0_block_w ({in0_block_w})")

    workers = [CoreCoord(x, y) for x, y in optimal_dram_bank_workers(0)]      # preferred_noc_for_dram_read: NOC_0
    in_grid = a.memory_config().shard_spec.grid
    out_grid = out.memory_config().shard_spec.grid
    _batched_worker_order(in_grid, workers, "Input")
    _batched_worker_order(out_grid, workers, "Output")
    nw = len(workers)
    if nw > dev.num_dram_channels():
        raise TTNNError(f"Number of worker cores ({nw}) cannot exceed number of DRAM banks ({dev.num_dram_channels()})")
    bpc = _div_up(B, nw)
    if B % nw:
        raise NotModelledError(
            f"ttnn.matmul with MatmulMultiCoreReuseMultiCastBatchedDRAMShardedProgramConfig: B = {B} batches on {nw} "
            f"workers: every worker computes ceil(B / {nw}) = {bpc} batches, the last ones from the L1 / DRAM beyond "
            f"the tensors' {_div_up(B, bpc)} shards, which tensix does not model.\nFix: pad the batch to a multiple "
            f"of {nw} (as tt-metal's tests do).")
    _check_batch_shards(a, "input_tensor_a", "L1", nw, [bpc * M * h0, K * TILE])
    _check_batch_shards(b, "input_tensor_b", "DRAM", nw, [bpc * K * TILE, N * w1])
    _check_batch_shards(out, "output", "L1", nw, [bpc * M * h0, N * w1])

    sh, sw = _subblock_params(pm, pn, False, False, fp32)
    num_blocks = K // in0_block_w
    packer_l1_acc_en = bool(ckc.packer_l1_acc) and num_blocks > 1
    fmt0, fmt1, fmt_out = data_format(a.dtype), data_format(b.dtype), data_format(out.dtype)
    if packer_l1_acc_en:
        interm0 = formats.DataFormat.Float32 if fp32 else formats.DataFormat.Float16_b
    else:
        interm0 = formats.DataFormat.Float32 if fp32 else fmt_out
    # the CBs' tiles: c_0 / c_2 in0_tile, c_1 in1_tile, c_4 / c_5 / c_6 output_tile
    tiles = {0: _tile_of(a), 2: _tile_of(a), 1: _tile_of(b), 4: _tile_of(out), 5: _tile_of(out), 6: _tile_of(out)}
    s0, s1, s_out = _tsz(fmt0, tiles[0]), _tsz(fmt1, tiles[1]), _tsz(fmt_out, tiles[4])
    s_interm = _tsz(interm0, tiles[5])
    in0_block_tiles = pm * in0_block_w
    in1_block_tiles = in0_block_w * pn
    out_block_tiles = pm * pn
    in0_shard_size = bpc * pm * K * s0                     # in0_shard_tiles * in0_single_tile_size
    out_shard_size = bpc * pm * pn * s_out                 # out_reshard_CB_size
    in1_page_size, in1_num_pages = _max_page_size_and_num_pages(in1_block_tiles, s1)
    in0_batch_stride = pm * K * s0
    in1_batch_stride = K * pn * s1
    out_batch_stride = pm * pn * s_out

    worker_set = {(c.x, c.y) for c in workers}
    xs, ys = [c.x for c in workers], [c.y for c in workers]     # the storage cores are the workers (checked)
    rect = CoreRangeSet([CoreRange(CoreCoord(min(xs), min(ys)), CoreCoord(max(xs), max(ys)))])
    rect_cores = [CoreCoord(x, y) for y in range(min(ys), max(ys) + 1) for x in range(min(xs), max(xs) + 1)]
    worker_crs = CoreRangeSet([CoreRange(c, c) for c in workers])

    mm_defines, named_act = _fused(pc.fused_activation)
    if packer_l1_acc_en:
        mm_defines["PACKER_L1_ACC"] = "1"
    if fp32:
        mm_defines["FP32_DEST_ACC_EN"] = "1"
    mm_defines["MATMUL_DRAM_SHARDED"] = "1"
    in0_ct = [in0_block_tiles, in0_block_tiles * s0, num_blocks, bpc, in0_batch_stride, in0_shard_size]
    in1_ct = [in1_page_size, in1_num_pages, pn, in1_block_tiles, num_blocks, out_block_tiles, bpc, in1_batch_stride,
              out_batch_stride, out_shard_size]
    compute_ct = [in0_block_w, pm // sh, in0_block_tiles, sh * in0_block_w, pn // sw, in1_block_tiles, pn,
                  num_blocks, 1, 1, sh, sw, sh * sw, bpc, out_block_tiles, 0, 0, 0]
    named_compute = {"cb_in0": 0, "cb_in1": 1, "cb_bias": 3, "cb_out": 4, "cb_intermed0": 5,
                     "cb_in0_intermediate": 8, "cb_in1_intermediate": 9, "cb_in0_transposed": 10,
                     "bias_ntiles": pn, "last_subblock_w_valid": sw, **named_act}

    prog = mh.CreateProgram()
    k_in0 = mh.CreateKernel(prog, O.kernel_path("matmul/reader_bmm_tile_layout_in0_sender_dram_sharded_height.py"),
                            rect, _dm(DataMovementProcessor.RISCV_1, _IN0_NOC, in0_ct, {}, {"cb_in0": 0}))
    k_in1 = mh.CreateKernel(prog, O.kernel_path("matmul/reader_bmm_tile_layout_in1_sender_dram_sharded_height.py"),
                            rect, _dm(DataMovementProcessor.RISCV_0, _IN1_NOC, in1_ct, {"OUT_SHARDED": "1"},
                                      {"cb_in1": 1, "cb_bias": 3, "cb_out": 4}))
    k_mm = mh.CreateKernel(prog, O.kernel_path("matmul/bmm_large_block_zm_fused_bias_activation.py"), rect,
                           _compute(ckc, compute_ct, mm_defines, named_compute, bool(ckc.dst_full_sync_en)))

    # CBs: c_0 in0 blocks (double), c_1 in1 blocks (triple), c_2 on in0's shard, c_4 / c_5 output and partials
    # (c_4 holds the worker's whole output shard), c_6 on the output's shard
    _cb(prog, rect, {0: fmt0}, in0_block_tiles * 2 * s0, s0, tiles)
    _cb(prog, rect, {1: fmt1}, in1_block_tiles * 3 * s1, s1, tiles)
    cfg = mh.CircularBufferConfig(in0_shard_size, {2: fmt0}).set_page_size(2, s0).set_tile_dims(2, tiles[2])
    cfg.set_globally_allocated_address(a._buffer)
    cfg.matmul_tensor = 0
    mh.CreateCircularBuffer(prog, in_grid, cfg)
    if interm0 != fmt_out:
        _cb(prog, worker_crs, {4: fmt_out}, out_shard_size, s_out, tiles)
        _cb(prog, worker_crs, {5: interm0}, out_block_tiles * s_interm, s_interm, tiles)
    else:
        _cb_sized(prog, worker_crs, [(4, fmt_out, s_out), (5, interm0, s_interm)], out_shard_size, tiles)
    cfg = mh.CircularBufferConfig(out_shard_size, {6: fmt_out}).set_page_size(6, s_out).set_tile_dims(6, tiles[6])
    cfg.set_globally_allocated_address(out._buffer)
    cfg.matmul_tensor = 3
    mh.CreateCircularBuffer(prog, out_grid, cfg)

    plan = []
    for c in rect_cores:
        if (c.x, c.y) not in worker_set:
            for k in (k_in0, k_in1, k_mm):
                plan.append((k, c, [0], {}))
    bank_ids = []
    for i, c in enumerate(workers):
        # the NoC virtual channel: the bank's low bits, moved on when an earlier worker of the same row has them
        # (tensix's NoC model gives it no timing)
        vc = i & 0x3
        bank_ids.append(i)
        for j in range(i):
            if workers[j].y == c.y and (i & 0x3) == (bank_ids[j] & 0x3):
                vc = (vc + 1) & 0x3
                break
        noc = _worker(dev, c.x, c.y)        # the storage core of batch-shard i is worker i (checked above)
        plan.append((k_in0, c, [1, noc.x, noc.y, 0], {3: "a"}))
        plan.append((k_in1, c, [1, 0, 0, i, vc, noc.x, noc.y, 0], {1: "b", 7: "out"}))
        plan.append((k_mm, c, [1], {}))
    return _entry(prog, plan, len(rect_cores), "matmul_multicore_reuse_batched_hs_dram_sharded", a, b, None, out)


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
                  compute_kernel_config, core_grid, optional_output_tensor, sub_device_id=None, output_tile=None):
    started = time.perf_counter()
    for t, name in ((a, "input_tensor_a"), (b, "input_tensor_b")):
        if not isinstance(t, Tensor):
            raise TTNNError(f"{what}: {name} is a {type(t).__name__}, not a ttnn.Tensor.\nFix: ttnn.from_torch(...).")
    if len(a.shape) == 0 or len(b.shape) == 0:
        raise ShapeError(f"{what}: Both arguments to matmul need to be at least 1D, but got shapes {a.shape} and "
                         f"{b.shape}")
    dev = _check_inputs(what, a, b, bias, program_config)
    if program_config is not None and not isinstance(program_config, _CONFIG_TYPES):
        raise TTNNError(f"{what}: program_config {program_config!r} is not a matmul program config.\nFix: pass one of "
                        "ttnn.MatmulMultiCoreReuseMultiCastProgramConfig, ...1DProgramConfig, ...ReuseProgramConfig.")
    mem = memory_config or DRAM_MEMORY_CONFIG
    if mem.is_sharded() and mem.buffer_type != BufferType.L1:
        raise NotModelledError(f"{what}: a sharded output memory config in DRAM is not modelled by tensix's matmul."
                               "\nFix: shard the output in L1, or use an interleaved memory config.")
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
    out_tile = _tile_config(what, a, b, bias, output_tile, optional_output_tensor, at.output_mem_config,
                            program_config, transpose_a, transpose_b, bias is not None and _row_broadcastable(bias))
    bias_size = _tile_size(bias.dtype) if bias is not None else 0
    pc = _program_config(a, b, transpose_a, transpose_b, bias_size, at)
    # (the DRAM-sharded program keeps the flags: its validation refuses them)
    blocked = isinstance(pc, (MatmulMultiCoreReuseMultiCast1DProgramConfig, MatmulMultiCoreReuseMultiCastProgramConfig,
                              MatmulMultiCoreReuseProgramConfig, MatmulMultiCoreReuseMultiCastDRAMShardedProgramConfig,
                              MatmulMultiCoreReuseMultiCastBatchedDRAMShardedProgramConfig))
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
    _tile_program_check(what, a, b, pc)
    _validate(a, b, fused_bias, at, pc)
    if sub_device_id is not None:
        from tensix.ttnn import sub_device
        at.sub_device_id = sub_device_id
        sub_device.worker_cores(dev, sub_device_id)        # refuses an id the loaded manager does not have
        if isinstance(pc, MatmulMultiCoreReuseMultiCast1DProgramConfig) and not pc.gather_in0:
            awc = pc.allowed_worker_cores
            grid = awc.bounding_box().grid_size() if awc is not None else pc.compute_with_storage_grid_size
            at.start_core = sub_device.matmul_start_core(dev, sub_device_id, grid, True)
        elif isinstance(pc, MatmulMultiCoreReuseMultiCastProgramConfig):
            at.start_core = sub_device.matmul_start_core(dev, sub_device_id, pc.compute_with_storage_grid_size, False)
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
    elif out_tile is not None:
        mc = _output_memory_config(a, b, at, pc) if at.output_mem_config.is_sharded() else at.output_mem_config
        out = _make_out(dev, shape, at.output_dtype, mc, out_tile)
    elif at.output_mem_config.is_sharded():
        from tensix.ttnn.operations import _dm_common
        out = _dm_common.make_output(dev, shape, at.output_dtype, Layout.TILE, _output_memory_config(a, b, at, pc))
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


_TILED_CONFIGS = (MatmulMultiCoreReuseMultiCast1DProgramConfig, MatmulMultiCoreReuseMultiCastProgramConfig,
                  MatmulMultiCoreReuseProgramConfig)


def _desc(tile) -> str:
    return "the 32x32 tile" if tile is None else describe_tile(tile)


def _tile_config(what, a, b, bias, output_tile, out_tensor, mem, program_config, ta, tb, row_bias):
    """The matmul's tiles (matmul_utilities.cpp get_matmul_tile / get_output_tile and the tile checks of
    MatmulDeviceOperation::validate_on_program_cache_miss): the output's ttnn.Tile (None: 32x32), after refusing what
    tensix does not model. Modelled (tensix.kernel.tile_shape, the 1D / 2D multicast and reuse programs with a
    program config): in0 in [h, 32] tiles (h = 1 ... 32), in1 in [32, 32] or [32, 16] tiles or transposed 32x32
    ones, the output (and a bias) in [h, in1 tile width] tiles. tt-metal's errors come as TTNNError, the rest as
    NotModelledError naming the tile and the fix."""
    t0, t1 = _tile_of(a), _tile_of(b)
    tbias = _tile_of(bias)
    ot = out_tensor._tile if out_tensor is not None else None
    if t0 is None and t1 is None and tbias is None and is_full_tile(output_tile) and ot is None:
        return None         # 32x32 tiles throughout (an output_tile of 32x32 is what get_output_tile gives)
    if ta and t0 is not None or t0 is not None and t0.transpose_within_face:
        raise NotModelledError(f"{what}: input_tensor_a in {_desc(t0)}{' with transpose_a' if ta else ''}: tensix "
                               "models an in0 of [h, 32] tiles in normal face order without transpose_a only "
                               "(tt-metal's in0 transpose of tiny tiles in the compute kernel is not ported).\nFix: "
                               "store input_tensor_a in [h, 32] tiles and transpose it beforehand.")
    if t1 is not None and tb and not tile_shape.is_full(t1):
        raise NotModelledError(f"{what}: input_tensor_b in {_desc(t1)} with transpose_b (a transposed "
                               f"{t1.tile_shape[1]}x{t1.tile_shape[0]} in1 tile) is not modelled by tensix.\nFix: "
                               "store input_tensor_b transposed in [32, w] tiles, without transpose_b.")
    h0, w0 = (TILE, TILE) if t0 is None else tuple(t0.tile_shape)
    h1, w1 = (TILE, TILE) if t1 is None else tuple(t1.tile_shape)
    if h0 != TILE and _lshape(a, ta)[-1] % TILE:
        raise NotModelledError(f"{what}: input_tensor_a in {_desc(t0)} with K = {_lshape(a, ta)[-1]} (not a "
                               "multiple of 32): the readers zero the last K tile's padding with pad_tile.hpp "
                               "pad_last_ktile, which fills the faces of a 32x32 tile, past the end of a [h, 32] page; "
                               "tensix does not model it.\nFix: pad K to a multiple of 32.")
    if w0 != TILE or h1 != TILE:
        raise TTNNError(f"{what}: Input tile dims must have inner dim equal to 32 due to llk constraints (in0 tile "
                        f"{[h0, w0]}, in1 tile {[h1, w1]}).\nFix: store input_tensor_a in [h, 32] tiles and "
                        "input_tensor_b in [32, w] tiles.")
    if t1 is not None and t1.transpose_within_face and w1 != TILE:
        raise NotModelledError(f"{what}: input_tensor_b in {_desc(t1)}: tt-llk's matmul has no address-modifier "
                               "handling for a transposed 32x16 in1 (llk_math_matmul.h), so what the card computes "
                               "is not modelled.\nFix: transposed tiles of 32x32, or [32, 16] tiles without "
                               "transpose_tile.")
    # get_output_tile
    if output_tile is not None and ot is not None:
        raise TTNNError("Matmul cannot have both an output_tile and an optional_output_tensor. Configure the tile type "
                        "of the output tensor instead if both are required.")
    over = output_tile
    if over is None and out_tensor is not None:
        over = ot if ot is not None else types_Tile((TILE, TILE))
    if over is not None:
        oh, ow = (int(v) for v in over.tile_shape)
        if ow % w1:
            raise TTNNError(f"the override output tile width ({ow}) must be a multiple of in1 tile width ({w1})")
        if oh != h0:
            raise TTNNError(f"the override output tile height ({oh}) must equal to the in0 tile height ({h0})")
        if ow != w1 and oh > 16:
            raise TTNNError(f"the override output tile height ({oh}) must equal or less to face height (16)")
        if not mem.is_sharded() and ow != w1:
            raise TTNNError(f"the override output tile width ({ow}) must equal the in0 tile width ({w1})")
        if over.transpose_within_face:
            raise NotModelledError(f"{what}: a transposed output tile is not modelled by tensix (the packer's "
                                   "transposed output).\nFix: a normal output tile.")
        if ow != w1:
            raise NotModelledError(f"{what}: an output tile {[oh, ow]} wider than the in1 tile ({w1}): tt-metal packs "
                                   "two narrow results into one output tile (tile_width_ratio), which tensix does not "
                                   "model.\nFix: output_tile=ttnn.Tile([%d, %d])." % (oh, w1))
        out = over
    else:
        out = types_Tile((h0, w1))
    for t, name in ((a, "input_tensor_a"), (b, "input_tensor_b")):
        if t.dtype == DataType.BFLOAT4_B and ((name == "input_tensor_a" and h0 < 4)
                                              or (name == "input_tensor_b" and min(h1, w1) < 4)):
            raise TTNNError(f"{what}: BFLOAT4_B matmul requires {name[-1] == 'a' and 'in0' or 'in1'} tile dims >= 4")
    if bias is not None:
        bh, bw = (TILE, TILE) if tbias is None else tuple(tbias.tile_shape)
        if (bh, bw) != (h0, w1):
            raise TTNNError(f"{what}: Input tile dims must have inner dim equal to 32 due to llk constraints (the bias "
                            f"tile {[bh, bw]} must be [in0 tile height, in1 tile width] = {[h0, w1]}).")
        if row_bias and bh == TILE and bw < TILE:
            raise NotModelledError(f"{what}: a row-broadcast bias in {_desc(tbias)}: the row broadcast of a 32x16 "
                                   "tile is not supported by tt-llk (its LLK asserts refuse it), so what the card "
                                   "computes is not modelled.\nFix: bias tiles of [16, 16] with [16, 32] in0 tiles, "
                                   "or 32x32 tiles.")
    return None if is_full_tile(out) else out


def _tile_program_check(what, a, b, pc):
    """The program-config half of the tile checks, on the config the op runs (the user's, or the one
    generate_matmul_program_config made from the operands' tiles): MatmulMultiCoreProgramConfig refuses tiny tiles
    (MatmulDeviceOperation::validate_on_program_cache_miss); tensix models them in the 1D / 2D multicast and reuse
    programs, and an in0 of [h, 32] tiles in the DRAM-sharded one."""
    t0, t1 = _tile_of(a), _tile_of(b)
    if t0 is None and t1 is None:
        return
    h0, w1 = _hw(a)[0], _hw(b)[1]
    if isinstance(pc, MatmulMultiCoreProgramConfig) and (h0 != TILE or w1 != TILE):
        raise TTNNError(f"{what}: matmul with non-optimized program config does not support tiny tile (in0 tile "
                        f"height={h0}, in1 tile width={w1}, expected TILE_HEIGHT=32, TILE_WIDTH=32)")
    dram = isinstance(pc, (MatmulMultiCoreReuseMultiCastDRAMShardedProgramConfig,
                           MatmulMultiCoreReuseMultiCastBatchedDRAMShardedProgramConfig))
    if not isinstance(pc, _TILED_CONFIGS) and not (dram and t1 is None):
        raise NotModelledError(f"{what}: tiles other than 32x32 ({_desc(t0)} in0, {_desc(t1)} in1) with "
                               f"{type(pc).__name__}: tensix models them in the 1D / 2D multicast and "
                               "reuse programs, and an in0 of [h, 32] tiles in the DRAM-sharded one (whose in1, "
                               "sharded in DRAM banks, tensix stores in 32x32 tiles only).\nFix: use one of those "
                               "program configs, or 32x32 tiles.")


def _make_out(dev, shape, dtype, mc, tile):
    """The output tensor in `tile` (compute_output_specs with PageConfig(TILE, output_tile)): pages of
    Tile::get_tile_size, its buffer tagged with the tile (tensix.ttnn.tensor.storage_tile)."""
    t = Tensor._make(shape, dtype, Layout.TILE, device=dev, memory_config=mc, tile=tile)
    if mc.is_sharded():
        from tensix.ttnn import sharded
        geom = sharded.ShardGeometry(t.shape, t.padded_shape, dtype, Layout.TILE, mc, "ttnn.matmul output", tile=tile)
        t._buffer = sharded.allocate(dev, geom)
        t._memory_config = geom.memory_config
    else:
        t._buffer = T.allocate_buffer(dev, max(t.num_pages * t.page_size, t.page_size), t.page_size, mc)
    t._buffer.ttnn_tile = tile
    return t


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
    if _tile_of(src) is not None or _tile_of(dst) is not None:
        raise NotModelledError("ttnn.matmul: copying the result into an optional output tensor stored in tiles other "
                               "than 32x32 (after a post-processed bias / activation or a 1-D input_tensor_b) is not "
                               "modelled by tensix.\nFix: run without optional_output_tensor, or with 32x32 tiles.")
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
    _refuse_extras("ttnn.matmul", global_cb)
    return _bound_matmul("ttnn.matmul", input_tensor_a, input_tensor_b, None, transpose_a=transpose_a,
                         transpose_b=transpose_b, memory_config=memory_config, dtype=dtype,
                         program_config=program_config, activation=activation,
                         compute_kernel_config=compute_kernel_config, core_grid=core_grid,
                         optional_output_tensor=optional_output_tensor, sub_device_id=sub_device_id,
                         output_tile=output_tile)


def linear(input_tensor_a, input_tensor_b, *, bias=None, transpose_a=False, transpose_b=False, memory_config=None,
           dtype=None, program_config=None, activation=None, compute_kernel_config=None, core_grid=None,
           output_tile=None, optional_output_tensor=None, global_cb=None, sub_device_id=None, **kwargs):
    """ttnn.linear(a, b, *, bias=None, ...): a @ b + bias (the bias a row [..., 1, N] or [N] broadcast over the rows,
    fused into the program as a row-broadcast add where ttnn fuses it), then the activation."""
    O.refuse_unknown_kwargs("ttnn.linear", kwargs)
    _refuse_extras("ttnn.linear", global_cb)
    return _bound_matmul("ttnn.linear", input_tensor_a, input_tensor_b, bias, transpose_a=transpose_a,
                         transpose_b=transpose_b, memory_config=memory_config, dtype=dtype,
                         program_config=program_config, activation=activation,
                         compute_kernel_config=compute_kernel_config, core_grid=core_grid,
                         optional_output_tensor=optional_output_tensor, sub_device_id=sub_device_id,
                         output_tile=output_tile)


_ADDMM_DTYPES = (DataType.BFLOAT16, DataType.FLOAT32, DataType.BFLOAT8_B)


def _addmm_validate(input_tensor, mat1, mat2, alpha, beta):
    """matmul.cpp addmm_validate: alpha nonzero; with beta != 0 an input of the product's [n, p] (dims 0 and 1 only,
    as ttnn compares them) and one of the three float dtypes; mat1 / mat2 of those dtypes."""
    if alpha == 0.0:
        raise TTNNError("ttnn.addmm: alpha parameter cannot be 0.\nFix: pass a nonzero alpha (alpha scales "
                        "mat1_tensor @ mat2_tensor).")
    if beta != 0.0:
        ish, m1, m2 = list(input_tensor.shape), list(mat1.shape), list(mat2.shape)
        if len(ish) < 2 or len(m1) < 1 or len(m2) < 2 or ish[0] != m1[0] or ish[1] != m2[1]:
            raise ShapeError(f"ttnn.addmm: input_tensor must have shape matching one of result of mat1_tensor @ "
                             f"mat2_tensor (input_tensor {ish}, mat1_tensor {m1}, mat2_tensor {m2}).\nFix: pass an "
                             "input_tensor of shape [n, p] for an [n, m] mat1_tensor and an [m, p] mat2_tensor, or "
                             "beta=0.")
        if input_tensor.dtype not in _ADDMM_DTYPES:
            raise DTypeError("ttnn.addmm: only ttnn.bfloat16, ttnn.float32 and ttnn.bfloat8_b types are supported for "
                             f"input_tensor (it is {input_tensor.dtype}).\nFix: ttnn.typecast it to one of them.")
    for t, name in ((mat1, "mat1_tensor"), (mat2, "mat2_tensor")):
        if t.dtype not in _ADDMM_DTYPES:
            raise DTypeError("ttnn.addmm: only ttnn.bfloat16, ttnn.float32 and ttnn.bfloat8_b types are supported for "
                             f"{name} (it is {t.dtype}).\nFix: ttnn.typecast it to one of them.")


def addmm(input_tensor, mat1_tensor, mat2_tensor, *, alpha=1.0, beta=1.0, memory_config=None, dtype=None,
          program_config=None, compute_kernel_config=None, core_grid=None, output_tile=None,
          optional_output_tensor=None, **kwargs):
    """ttnn.addmm(input_tensor, mat1_tensor, mat2_tensor, *, alpha=1.0, beta=1.0, ...): beta * input_tensor + alpha *
    (mat1_tensor @ mat2_tensor), composed as matmul.cpp addmm does: the matmul (bound_matmul, no bias, no activation,
    the optional output as its output), then ttnn.multiply_(out, alpha) unless alpha is 1, then ttnn.add_(out,
    input_tensor) unless beta is 0 (the input first scaled by ttnn.multiply(input_tensor, beta) unless beta is 1), so
    the result is rounded to the output's dtype after each step, as on the card."""
    O.refuse_unknown_kwargs("ttnn.addmm", kwargs)
    if output_tile is not None:
        raise TTNNError("ttnn.addmm: output_tile must not be provided.\nFix: drop output_tile (addmm's output is in "
                        "32x32 tiles).")
    for t, name in ((input_tensor, "input_tensor"), (mat1_tensor, "mat1_tensor"), (mat2_tensor, "mat2_tensor")):
        if not isinstance(t, Tensor):
            raise TTNNError(f"ttnn.addmm: {name} is a {type(t).__name__}, not a ttnn.Tensor.\n"
                            "Fix: ttnn.from_torch(...).")
    alpha, beta = float(alpha), float(beta)
    _addmm_validate(input_tensor, mat1_tensor, mat2_tensor, alpha, beta)
    out = _bound_matmul("ttnn.addmm", mat1_tensor, mat2_tensor, None, transpose_a=False, transpose_b=False,
                        memory_config=memory_config, dtype=dtype, program_config=program_config, activation=None,
                        compute_kernel_config=compute_kernel_config, core_grid=core_grid,
                        optional_output_tensor=optional_output_tensor)
    from tensix.ttnn.operations import binary
    if alpha != 1.0:
        binary.multiply_(out, alpha)
    if beta != 0.0:
        add = binary.multiply(input_tensor, beta) if beta != 1.0 else input_tensor
        binary.add_(out, add)
    return out


def _refuse_extras(what, global_cb):
    if global_cb is not None:
        raise NotModelledError(f"{what}: global circular buffers are not modelled by tensix.")
