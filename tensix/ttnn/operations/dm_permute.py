"""ttnn.permute and ttnn.transpose as tt-metal 622c6fb9 runs them on interleaved tensors:

- ttnn.transpose (data_movement/transpose/transpose.cpp transpose_impl): rank < 4 unsqueezed to 4-D, rank > 4 a
  permute; bfloat8_b typecast to bfloat16 unless the transpose is WH or CN; equal dims, or two dims of padded size 1,
  return the tensor (a clone when another memory config is asked); then by the pair of dims:
  WH / HC / CN on row-major tensors -> prim::permute; NH, NW, CW -> ttnn.permute; tiled WH ->
  TransposeWHProgramFactory (transpose_wh_program_factory.cpp: reader_unary_transpose_wh_interleaved_start_id, the
  transpose_wh compute kernel, writer_unary_interleaved_start_id); tiled HC -> TransposeHCTiledInterleavedProgramFactory
  (transpose_hc_tiled_interleaved_program_factory.cpp: the padding-aware reader and writer, the channel tile's padding
  rows written with pad_value); tiled CN -> TransposeCNProgramFactory (transpose_cn_program_factory.cpp).
- ttnn.permute (permute/permute.cpp): a no-op permutation is ttnn.to_memory_config; rank < 4 unsqueezed to 4-D with the
  order adjusted; 4-D: bfloat8_b typecast unless the permutation is WH, CN or CN+WH; (0,1,3,2) -> transpose WH,
  (0,2,1,3) -> transpose HC, (1,0,2,3) -> transpose CN, others -> prim::permute (rank > 4: prim::permute directly).
- prim::permute (permute/device/permute_device_operation.cpp select_program_factory): ROW_MAJOR with the last dim kept
  -> MultiCoreRowInvariant, else MultiCoreBlockedGeneric (32 x 32 blocks tilized, transposed, untilized:
  transpose_xw_rm_single_tile_size); TILE with both tile dims in place or swapped -> MultiCoreTileInvariant (whole
  tiles, transpose_wh when swapped), one tile dim moved out -> MultiCoreTileRowInvariant (face-line writes, the
  padding-aware reader), both moved -> MultiCoreTiledGeneric (face lines gathered into 32 x 32 blocks, transpose_xw_tiled,
  face-line writes). Program factories: permute_rm_program_factory.cpp, permute_tiled_program_factory.cpp.

Numerics are the card's: float32 through the blocked / tiled-generic permutes goes through SrcA (tilize and
transpose_wh without UnpackToDestFp32) and comes out truncated to TF32, as tt-metal's tests note; the WH transpose and
the tile-invariant permute unpack float32 to Dst (exact). The padding of tiles the programs do not write holds what the
input's padding held.

Sharded transposes (tt-metal 622c6fb9 transpose.cpp transpose_impl / transpose_, transpose_device_operation.cpp
derive_effective_output_memory_config / select_program_factory, device/transpose_utils.cpp): an irregular row-major
BLOCK / WIDTH sharded input is moved to L1 interleaved first; the output config is derived from a natively sharded
input's spec (adjust_shard_spec_to_shape; WH of N = C = 1 full-width height shards promoted to WIDTH_SHARDED; L1
interleaved when the spec does not scale), a spec-less sharded config gets the input's scaled spec or a full-grid
one (generate_transpose_shard_spec). Native sharding (L1, HEIGHT / WIDTH, even shards, one grid) with whole H x W
planes per shard runs TransposeWHShardedProgramFactory (transpose_wh_sharded_program_factory.cpp: the shards
transposed in place) or, row-major, TransposeWHShardedRMProgramFactory (transpose_wh_sharded_rm_program_factory.cpp:
each core's rows tilized, transposed and pack-untilized into its output shard); native HEIGHT sharded row-major HC
runs TransposeHCShardedProgramFactory (transpose_hc_sharded_program_factory.cpp: each output shard gathered from the
input shards over the NoC, its USE_SPECIAL_CASE build when the shard height and H, C divide one another); everything
else runs the interleaved factories, whose kernels reach the sharded buffers through TensorAccessors: tiled WH / HC /
CN as above, row-major WH on TransposeWHProgramFactory's row-major path (transpose_wh_program_factory.cpp: 32-row
groups tilized, transposed, pack-untilized: transpose_wh_rm), row-major HC on TransposeHCRMProgramFactory
(transpose_hc_rm_program_factory.cpp), row-major CN on TransposeCNProgramFactory with CN_RM. Their row-major kernels
move each row with noc_async_read_sharded / noc_async_write_sharded (common/kernels/common.hpp, tensix's
kernels/data_movement/sharded_rows.py), which split a row of a BLOCK / WIDTH sharded buffer over its shards.

Sharded permutes (permute.cpp permute_impl, permute_device_operation.cpp compute_output_specs): an irregular
row-major BLOCK / WIDTH sharded input is moved to L1 interleaved first; a sharded 4-D input runs tt-metal's transpose
chains (WH, HC, HC then WH, WH then HC, WH HC WH, CN; only the last transpose gets the memory config) and everything
else prim::permute in the input's shard layout (no config given) with the spec derived at the device operation: the
input's spec scaled to the output's padded 2-D shape when the layouts match and the ratios divide (tile-aligned for
TILE), else generate_transpose_shard_spec's full-grid one; no bfloat8_b typecast for sharded inputs. The permute
factories reach sharded buffers through TensorAccessors, row-major rows through noc_async_read_sharded /
noc_async_write_sharded. A row-major sharded memory_config needs 16-byte shard rows (ttnn::permute's TT_FATAL).

Not modelled (NotModelledError): MultiCoreBlockedGeneric on a row-major BLOCK / WIDTH sharded side whose 32-datum
blocks straddle shard pages at a non-zero offset (tt-metal's noc_async_*_sharded sizes the later pieces wrongly
there and moves a whole page past the block); TransposeWHShardedRMProgramFactory when H is not a tile multiple,
unless H <= 16 in 16-byte rows with W a tile multiple (its compute kernel packs narrow rows, which gives the
transpose only there), when W is not a tile multiple with H <= 256 (tt-metal's output pages overlap) or when the shards do not hold whole planes in and out (tt-metal
leaves rows untransposed); int32 through TransposeWHShardedProgramFactory / TransposeWHShardedRMProgramFactory
(tt-metal's 16-bit Dst there; the simulator refuses it); TransposeHCShardedProgramFactory on rows that are not
16-byte multiples, on a shard grid that is not a prefix of its bounding box, or into output shards of another shape
than the input's; bfloat8_b permutes of rank > 4 that move tile dims."""

from __future__ import annotations

import struct
import time

import numpy as np

from tensix.device import formats
from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.types import (ComputeConfig, CoreCoord, CoreRange, CoreRangeSet, ReaderDataMovementConfig,
                                   UnpackToDestMode, WriterDataMovementConfig)
from tensix.ttnn import op as O
from tensix.ttnn.errors import DTypeError, ShapeError, ShardSpecError
from tensix.ttnn.operations import _dm_common as C
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import (TILE_SIZE, BufferType, DataType, Layout, MemoryConfig, ShardSpec, TensorMemoryLayout,
                               data_format, element_size)

__all__ = ["permute", "transpose"]

_UTD = {0: UnpackToDestMode.UnpackToDestFp32}
_FP32_ACC = (DataType.FLOAT32, DataType.INT32, DataType.UINT32)
_FACE = 16


def _k(name):
    return O.kernel_path(f"data_movement/{name}.py")


def _norm(d: int, rank: int, op: str, what: str) -> int:
    if not -rank <= d < rank:
        raise ShapeError(f"{op}: {what} {d} is out of range for a rank-{rank} tensor.\nFix: use -{rank} .. {rank - 1}.")
    return d + rank if d < 0 else d


def _packed_pad(dtype: DataType, pad_value) -> int:
    """The pad word of the transpose / permute factories (bit_cast for float32 and int32, the integer for uint32,
    two bfloat16 / uint16 halves)."""
    v = float(pad_value)
    if dtype in (DataType.FLOAT32, DataType.INT32):
        return struct.unpack("<I", struct.pack("<f", v))[0]
    if dtype == DataType.UINT32:
        return int(v) & 0xFFFFFFFF
    if dtype == DataType.BFLOAT16:
        b = int(formats.fp32_to_bf16_rne(np.array([np.float32(v)]).view(np.uint32))[0])
        return (b << 16) | b
    if dtype == DataType.UINT16:
        b = int(v) & 0xFFFF
        return (b << 16) | b
    return 0


def _to_4d(t: Tensor) -> Tensor:
    from tensix.ttnn.operations.dm_reshape import reshape
    s = list(t.shape)
    return reshape(t, [1] * (4 - len(s)) + s) if len(s) < 4 else t


def _from_4d(t: Tensor, rank: int) -> Tensor:
    from tensix.ttnn.operations.dm_reshape import reshape
    return reshape(t, list(t.shape)[4 - rank:]) if rank < 4 else t


def _typecast(t: Tensor, dtype: DataType) -> Tensor:
    from tensix.ttnn.operations.unary import typecast
    return typecast(t, dtype)


def _check_dtype(op, t: Tensor, bfloat4_b_ok: bool = False):
    if t.dtype == DataType.BFLOAT4_B and not bfloat4_b_ok:
        raise NotModelledError(f"{op}: a bfloat4_b tensor here is not modelled: tt-metal typecasts only bfloat8_b to "
                               "bfloat16 around the element-moving kernels, and tensix.ttnn runs bfloat4_b through the "
                               "tile-level WH and CN transposes only.\nFix: ttnn.typecast it to bfloat16 first.")
    if t.dtype not in (DataType.BFLOAT16, DataType.FLOAT32, DataType.INT32, DataType.UINT32, DataType.UINT16,
                       DataType.BFLOAT8_B, DataType.BFLOAT4_B):
        raise DTypeError(f"{op}: {t.dtype!r} is not supported (bfloat16, float32, int32, uint32, uint16, bfloat8_b, "
                         "bfloat4_b).\nFix: ttnn.typecast first.")


# ------------------------------------------------------------------------------------------------ transpose
def transpose(input_tensor: Tensor, dim1: int, dim2: int, *args, memory_config=None, pad_value: float = 0.0,
              **kwargs) -> Tensor:
    """ttnn.transpose(input_tensor, dim1, dim2, *, memory_config=None, pad_value=0.0): dims dim1 and dim2 swapped."""
    O.refuse_unknown_kwargs("ttnn.transpose", kwargs)
    op = "ttnn.transpose"
    if args:
        memory_config = args[0]
    t = input_tensor
    t._check_alive(op)
    O.device_of(op, t)                  # refuses ND-sharded storage without a legacy equivalent
    _check_dtype(op, t, bfloat4_b_ok=True)
    _refuse_nd_config(op, memory_config)
    rank = len(t.shape)
    if rank == 0:
        raise ShapeError(f"{op}: a rank-0 tensor has no dims to transpose.")
    if _irregular_rm_block_or_width(t):
        # transpose_impl: irregular RM block / width shards are unsharded to L1 first (tt-metal works around a
        # pages_per_shard misread of its noc_async_*_sharded helpers this way)
        from tensix.ttnn.operations.dm_memory import to_memory_config
        x = to_memory_config(t, MemoryConfig(TensorMemoryLayout.INTERLEAVED, BufferType.L1))
        return transpose(x, dim1, dim2, memory_config=memory_config, pad_value=pad_value)
    d1, d2 = _norm(dim1, rank, op, "dim1"), _norm(dim2, rank, op, "dim2")
    if rank > 4:
        perm = list(range(rank))
        perm[d1], perm[d2] = perm[d2], perm[d1]
        return permute(t, perm, memory_config=memory_config, pad_value=pad_value)
    x = _to_4d(t)
    d1, d2 = d1 + 4 - rank, d2 + 4 - rank
    lo, hi = min(d1, d2), max(d1, d2)
    wh, cn = (lo, hi) == (2, 3), (lo, hi) == (0, 1)
    if x.dtype == DataType.BFLOAT4_B and not (wh or cn):
        _check_dtype(op, x)                             # transpose.cpp typecasts bfloat8_b only
    cast = x.dtype == DataType.BFLOAT8_B and not (wh or cn)
    if cast:
        x = _typecast(x, DataType.BFLOAT16)
    p = tuple(x.padded_shape)
    if lo == hi or (p[lo] == 1 and p[hi] == 1):
        if memory_config is not None and memory_config != x.memory_config():
            from tensix.ttnn.operations.dm_memory import clone
            out = clone(x, memory_config=memory_config)
        else:
            out = x
    else:
        out = _transpose_4d(x, (lo, hi), memory_config, pad_value)
    out = _from_4d(out, rank)
    return _typecast(out, DataType.BFLOAT8_B) if cast else out


def _transpose_4d(a: Tensor, dims, mc, pad_value) -> Tensor:
    """transpose.cpp detail::transpose_: the output memory config constructed (sharded inputs and spec-less sharded
    configs included), then by the pair of dims: interleaved row-major WH / HC / CN -> prim::permute, NH / NW / CW ->
    ttnn.permute, the rest -> prim::transpose."""
    rm = a.layout == Layout.ROW_MAJOR
    if dims == (0, 2):
        return permute(a, (2, 1, 0, 3), memory_config=mc, pad_value=pad_value)
    if dims == (0, 3):
        return permute(a, (3, 1, 2, 0), memory_config=mc, pad_value=pad_value)
    if dims == (1, 3):
        return permute(a, (0, 3, 2, 1), memory_config=mc, pad_value=pad_value)
    name = {(1, 2): "HC", (0, 1): "CN", (2, 3): "WH"}[dims]
    if name != "HC":
        _no_pad_value("ttnn.transpose", pad_value, dims)
    out_mc = _constructed_output_config(a, name, mc)
    if rm and not a.is_sharded():
        order = {"HC": (0, 2, 1, 3), "CN": (1, 0, 2, 3), "WH": (0, 1, 3, 2)}[name]
        return _prim_permute(a, order, out_mc, pad_value)
    if rm and name == "WH" and _rm_wh_exceeds_l1(a):
        return _prim_permute(a, (0, 1, 3, 2), out_mc, pad_value)
    return _prim_transpose(a, name, out_mc, pad_value)


def _no_pad_value(op, pad_value, dims):
    if float(pad_value) != 0.0:
        raise ShapeError(f"{op}: Non-zero padding {pad_value} is not supported for any transpose other than HC "
                         f"(dims {dims}).\nFix: pad_value=0.")


# ------------------------------------------------------------------------------ transpose: sharded tensors
_ACCESSOR_PATHS = ("TransposeWHProgramFactory", "TransposeHCTiledInterleavedProgramFactory",
                   "TransposeCNProgramFactory")


def _refuse_nd_config(op, mc):
    if mc is not None and mc.memory_layout == TensorMemoryLayout.ND_SHARDED and mc.shard_spec is None:
        raise NotModelledError(f"{op}: an ND-sharded memory_config without a legacy 2-D equivalent is not modelled "
                               "for ttnn.transpose's output.\nFix: pass a HEIGHT / WIDTH / BLOCK sharded "
                               "memory_config (ttnn.create_sharded_memory_config) or an interleaved one.")


def _irregular_rm_block_or_width(t: Tensor) -> bool:
    """transpose_impl's guard: a ROW_MAJOR BLOCK / WIDTH sharded input whose last two logical dims are not tile
    multiples."""
    mc = t.memory_config()
    if t.layout != Layout.ROW_MAJOR or not mc.is_sharded() or mc.memory_layout not in (
            TensorMemoryLayout.BLOCK_SHARDED, TensorMemoryLayout.WIDTH_SHARDED):
        return False
    s = tuple(t.shape)
    return len(s) >= 2 and (s[-1] % TILE_SIZE != 0 or s[-2] % TILE_SIZE != 0)


def _height_of(shape) -> int:
    return int(np.prod(tuple(shape)[:-1], dtype=np.int64))


def _side_native(mc: MemoryConfig, layout: Layout) -> bool:
    """transpose_utils.cpp side_native: sharded in L1, not BLOCK, and for ROW_MAJOR a shard of whole tiles' worth
    of elements (the native kernels move tile-sized pages)."""
    if not mc.is_sharded() or mc.buffer_type == BufferType.DRAM:
        return False
    if mc.memory_layout == TensorMemoryLayout.BLOCK_SHARDED:
        return False
    spec = mc.shard_spec
    if layout == Layout.ROW_MAJOR and spec is not None and (spec.shape[0] * spec.shape[1]) % C.TILE_HW != 0:
        return False
    return True


def _unevenly_sharded(a: Tensor) -> bool:
    """transpose_utils.cpp is_unevenly_sharded (padded shape; no spec counts as uneven)."""
    mc = a.memory_config()
    if not mc.is_sharded():
        return False
    spec = mc.shard_spec
    p = tuple(a.padded_shape)
    if spec is None or len(p) < 2:
        return True
    return _height_of(p) % spec.shape[0] != 0 or p[-1] % spec.shape[1] != 0


def _is_native(a: Tensor, out_mc: MemoryConfig | None = None) -> bool:
    """transpose_utils.cpp is_native_transpose_sharding: both sides natively shardable, the input evenly sharded,
    one shared grid when both specs are known."""
    if not _side_native(a.memory_config(), a.layout) or _unevenly_sharded(a):
        return False
    if out_mc is None:
        return True
    if not _side_native(out_mc, a.layout):
        return False
    ins, outs = a.memory_config().shard_spec, out_mc.shard_spec
    return not (ins is not None and outs is not None and set(ins.grid) != set(outs.grid))


def _adjust_shard_spec(spec: ShardSpec, from_shape, to_shape) -> ShardSpec | None:
    """transpose_utils.cpp adjust_shard_spec_to_shape: the shard scaled by the ratio of the 2-D physical heights
    and widths; None when a ratio does not divide exactly."""
    fh, th = _height_of(from_shape), _height_of(to_shape)
    fw, tw = int(tuple(from_shape)[-1]), int(tuple(to_shape)[-1])
    if fh == 0 or fw == 0:
        return None
    h_num, w_num = spec.shape[0] * th, spec.shape[1] * tw
    if h_num % fh or w_num % fw:
        return None
    return ShardSpec(spec.grid, (h_num // fh, w_num // fw), spec.orientation)


def _tile_aligned(spec: ShardSpec) -> bool:
    return spec.shape[0] % TILE_SIZE == 0 and spec.shape[1] % TILE_SIZE == 0


def _generate_shard_spec(device, out_padded, kind: TensorMemoryLayout) -> ShardSpec:
    """transpose_utils.cpp generate_transpose_shard_spec: a ROW_MAJOR spec over the full compute grid."""
    g = device.compute_with_storage_grid_size()
    grid = CoreRangeSet([CoreRange(CoreCoord(0, 0), CoreCoord(g.x - 1, g.y - 1))])
    n = g.x * g.y
    h, w = _height_of(out_padded), int(tuple(out_padded)[-1])
    if kind == TensorMemoryLayout.HEIGHT_SHARDED:
        shape = (C.round_up(C.div_up(C.round_up(h, n * TILE_SIZE), n), TILE_SIZE), w)
    elif kind == TensorMemoryLayout.WIDTH_SHARDED:
        shape = (h, C.round_up(C.div_up(w, n), TILE_SIZE))
    else:
        shape = (C.round_up(C.div_up(C.round_up(h, g.y * TILE_SIZE), g.y), TILE_SIZE),
                 C.round_up(C.div_up(w, g.x), TILE_SIZE))
    from tensix.ttnn.types import ShardOrientation
    return ShardSpec(grid, shape, ShardOrientation.ROW_MAJOR)


def _transposed_shapes(a: Tensor, name: str):
    """transpose_device_operation.cpp transposed_shapes: the output's logical and padded shapes (HC on tiles: the
    channel dim padded to the tile height, H unpadded in slot 1)."""
    s, p = list(a.shape), list(a.padded_shape)
    i = {"CN": 0, "WH": 2, "HC": 1}[name]
    if name == "HC" and a.layout == Layout.TILE:
        return [s[0], s[2], s[1], s[3]], [p[0], s[2], C.round_up(s[1], TILE_SIZE), p[3]]
    s[i], s[i + 1] = s[i + 1], s[i]
    p[i], p[i + 1] = p[i + 1], p[i]
    return s, p


def _constructed_output_config(a: Tensor, name: str, mc: MemoryConfig | None) -> MemoryConfig:
    """transpose.cpp transpose_'s output_mem_constructed: an explicit config with a shard spec (or interleaved)
    as given; otherwise a natively sharded input derives the output's spec from its own (WH of N = C = 1 with
    full-width height shards promoted to WIDTH_SHARDED; a spec that does not scale: the layout asked for without a
    spec, or L1 interleaved), another sharded input keeps its layout without a spec."""
    if mc is not None and not (mc.is_sharded() and mc.shard_spec is None):
        return mc
    amc = a.memory_config()
    if a.is_sharded() and _is_native(a):
        user = mc is not None and mc.is_sharded()
        base = mc if user else amc
        fallback = (MemoryConfig(mc.memory_layout, mc.buffer_type) if user
                    else MemoryConfig(TensorMemoryLayout.INTERLEAVED, BufferType.L1))
        spec, p, tile = amc.shard_spec, tuple(a.padded_shape), a.layout == Layout.TILE
        if name == "WH" and not user and p[0] == 1 and p[1] == 1 and spec.shape[1] == p[3]:
            swapped = ShardSpec(spec.grid, (spec.shape[1], spec.shape[0]), spec.orientation)
            if tile and not _tile_aligned(swapped):
                return fallback
            return MemoryConfig(TensorMemoryLayout.WIDTH_SHARDED, base.buffer_type, swapped)
        if name == "WH" or (name == "HC" and tile):
            adjusted = _adjust_shard_spec(spec, p, _transposed_shapes(a, name)[1])
            if adjusted is None or (tile and not _tile_aligned(adjusted)):
                return fallback
            return MemoryConfig(base.memory_layout, base.buffer_type, adjusted)
        return base
    if mc is not None:
        return mc
    if a.is_sharded():
        return MemoryConfig(amc.memory_layout, amc.buffer_type)
    return amc


def _effective_output_config(a: Tensor, name: str, mc: MemoryConfig) -> MemoryConfig:
    """transpose_device_operation.cpp derive_effective_output_memory_config: a sharded config without a spec gets
    the input's spec scaled to the output (same layout, tile-aligned for tiles) or a fresh full-grid one."""
    if not mc.is_sharded() or mc.shard_spec is not None:
        return mc
    out_p = _transposed_shapes(a, name)[1]
    amc = a.memory_config()
    if a.is_sharded() and amc.shard_spec is not None and amc.memory_layout == mc.memory_layout:
        adjusted = _adjust_shard_spec(amc.shard_spec, a.padded_shape, out_p)
        if adjusted is not None and (a.layout != Layout.TILE or _tile_aligned(adjusted)):
            return MemoryConfig(mc.memory_layout, mc.buffer_type, adjusted)
    return MemoryConfig(mc.memory_layout, mc.buffer_type, _generate_shard_spec(a._device, out_p, mc.memory_layout))


def _rm_wh_exceeds_l1(a: Tensor) -> bool:
    """transpose_'s RM WH budget: the row-major WH factory's CBs would not fit L1 -> prim::permute."""
    wp, hp = C.round_up(a.shape[3], TILE_SIZE), C.round_up(a.shape[2], TILE_SIZE)
    return (2 * wp + 2 * hp + hp * wp) * element_size(a.dtype) > C.max_l1_space(a._device)


def _native_flags(a: Tensor, name: str, mc: MemoryConfig):
    """select_program_factory's use_sharded_wh and use_sharded_hc."""
    native = _is_native(a, mc)
    p = tuple(a.padded_shape)
    out_p = _transposed_shapes(a, name)[1]
    ins = a.memory_config().shard_spec if a.is_sharded() else None
    outs = mc.shard_spec if mc.is_sharded() else None
    in_h = native and ins is not None and ins.shape[1] == p[-1]
    in_full = in_h and ins.shape[0] % p[-2] == 0
    out_h = native and outs is not None and outs.shape[1] == out_p[-1]
    out_w = native and outs is not None and outs.shape[0] == out_p[-2]
    out_full = out_h and outs.shape[0] % out_p[-2] == 0
    use_wh = native and ((in_full and out_full) or (p[0] == 1 and p[1] == 1 and in_h and out_w))
    use_hc = native and in_h and out_h and a.layout == Layout.ROW_MAJOR
    return use_wh, use_hc


def _prim_transpose(a: Tensor, name: str, mc: MemoryConfig, pad_value) -> Tensor:
    """ttnn::prim::transpose (TransposeDeviceOperation): the effective output config, the output, and
    select_program_factory's choice: native sharding -> the sharded factories; otherwise the interleaved ones
    (their kernels reach sharded buffers through TensorAccessors)."""
    started = time.perf_counter()
    mc = _effective_output_config(a, name, mc)
    use_wh, use_hc = _native_flags(a, name, mc)
    rm = a.layout == Layout.ROW_MAJOR
    if name == "WH" and use_wh:
        factory = "TransposeWHShardedRMProgramFactory" if rm else "TransposeWHShardedProgramFactory"
    elif name == "WH":
        factory = "TransposeWHProgramFactory"
    elif name == "HC" and use_hc:
        factory = "TransposeHCShardedProgramFactory"
    elif name == "HC":
        factory = "TransposeHCRMProgramFactory" if rm else "TransposeHCTiledInterleavedProgramFactory"
    else:
        factory = "TransposeCNProgramFactory"
    build = _FACTORIES.get((factory, rm))
    if build is None:
        raise NotModelledError(
            f"ttnn.transpose: {factory}" + (" (row-major)" if rm and factory in _ACCESSOR_PATHS else "")
            + f" is not ported to tensix (a {name} transpose of {O.describe(a)} "
            f"{a.memory_config().memory_layout.name} to {mc.memory_layout.name}).\nFix: ttnn.to_layout(tensor, "
            "ttnn.TILE_LAYOUT) first, or an interleaved input.")
    shape, padded = _transposed_shapes(a, name)
    out = C.make_output(a._device, shape, a.dtype, a.layout, mc, padded=padded)
    key = ("transpose", factory, name, O.spec_key(a), O.spec_key(out), float(pad_value))
    return _run("ttnn.transpose", key, lambda: build(a, out, pad_value), a, out, {"dims": name}, started)


def _shard_cores_with_noop(spec: ShardSpec, grid: CoreCoord) -> list:
    """tt-metal grid_to_cores_with_noop(bbox end x, bbox end y, grid x, grid y, row_major): the cores of the shard
    grid's bounding box from (0, 0) in the spec's orientation, then the rest of the grid (the no-op cores)."""
    from tensix.ttnn.types import ShardOrientation
    end = spec.grid.bounding_box().end
    bx, by = end.x + 1, end.y + 1
    if spec.orientation == ShardOrientation.ROW_MAJOR:
        cores = [CoreCoord(x, y) for y in range(by) for x in range(bx)]
        cores += [CoreCoord(x, y) for y in range(by, grid.y) for x in range(grid.x)]
        cores += [CoreCoord(x, y) for y in range(by) for x in range(bx, grid.x)]
    else:
        cores = [CoreCoord(x, y) for x in range(bx) for y in range(by)]
        cores += [CoreCoord(x, y) for x in range(bx, grid.x) for y in range(grid.y)]
        cores += [CoreCoord(x, y) for x in range(bx) for y in range(by, grid.y)]
    return cores


def _transpose_wh_sharded_factory(a: Tensor, out: Tensor, pad_value=0.0) -> O.ProgramEntry:
    """TransposeWHShardedProgramFactory::create_descriptor (transpose_wh_sharded_program_factory.cpp at 622c6fb9):
    c_0 is the input's shard and c_16 the output's, reader_unary_sharded pushes the shard, transpose_wh_sharded
    transposes its blocks in place, writer_unary_sharded waits for the output shard. tt-metal puts the kernels on
    the whole grid with zero runtime args past the shard grid (grid_to_cores_with_noop order); those no-op cores do
    nothing and have no c_0 (tensix refuses a kernel touching a CB its core lacks), so the kernels here run on the
    shard grid only."""
    dev = a._device
    grid, total = _full_grid(dev)
    spec = a.memory_config().shard_spec
    fmt_in, fmt_out = data_format(a.dtype), data_format(out.dtype)
    n = spec.shape[0] * spec.shape[1] // C.TILE_HW
    in_ts, out_ts = formats.tile_size(fmt_in), formats.tile_size(fmt_out)
    prog = mh.CreateProgram()
    in_cfg = mh.CircularBufferConfig(n * in_ts, {0: fmt_in}).set_page_size(0, in_ts)
    in_cfg.set_globally_allocated_address(a._buffer)
    out_cfg = mh.CircularBufferConfig(n * out_ts, {16: fmt_out}).set_page_size(16, out_ts)
    out_cfg.set_globally_allocated_address(out._buffer)
    mh.CreateCircularBuffer(prog, spec.grid, in_cfg)
    mh.CreateCircularBuffer(prog, total, out_cfg)
    cores_in = spec.grid
    rk = mh.CreateKernel(prog, _k("reader_unary_sharded"), cores_in, ReaderDataMovementConfig(compile_args=[0]))
    wk = mh.CreateKernel(prog, _k("writer_unary_sharded"), cores_in, WriterDataMovementConfig(compile_args=[16]))
    ck = mh.CreateKernel(prog, _k("transpose_wh_sharded"), cores_in, ComputeConfig(
        fp32_dest_acc_en=a.dtype == DataType.FLOAT32, compile_args=[0, 16],
        unpack_to_dest_mode=_UTD if a.dtype == DataType.FLOAT32 else None))
    Ht = a.padded_shape[2] // TILE_SIZE
    Hts, Wts = spec.shape[0] // TILE_SIZE, spec.shape[1] // TILE_SIZE
    ht_per_shard = min(Ht, Hts)
    blocks = Hts // Ht if Hts > Ht else 1
    htwt = ht_per_shard * Wts
    cores = _shard_cores_with_noop(spec, grid)
    active = spec.num_cores()
    if {(c.x, c.y) for c in cores[:active]} != {(c.x, c.y) for c in spec.grid}:
        raise NotModelledError(
            f"ttnn.transpose: TransposeWHShardedProgramFactory with shard grid {spec.grid!r} ({spec.orientation!r}): "
            "the factory gives the work to the first cores of the grid's bounding box from (0, 0), which are not the "
            "shard grid's cores here (tt-metal would run the transpose on cores without shards).\nFix: a shard grid "
            "that is a prefix of its bounding box in the spec's orientation (e.g. one rectangle from (0, 0)).")
    work = [(c, [blocks * htwt], [blocks * htwt, htwt, blocks, ht_per_shard, Wts]) for c in cores[:active]]

    def set_args(tensors):
        src, dst = tensors
        in_cfg.set_globally_allocated_address(src._buffer)
        out_cfg.set_globally_allocated_address(dst._buffer)
        for c, dm, comp in work:
            mh.SetRuntimeArgs(prog, rk, c, dm)
            mh.SetRuntimeArgs(prog, wk, c, dm)
            mh.SetRuntimeArgs(prog, ck, c, comp)

    return O.ProgramEntry(prog, set_args, active, "transpose_wh_sharded")


def _full_grid(dev):
    g = dev.compute_with_storage_grid_size()
    return g, CoreRangeSet([CoreRange(CoreCoord(0, 0), CoreCoord(g.x - 1, g.y - 1))])


def _run(op, key, factory, a, out, attrs, started):
    O.run(op, a._device, key, factory, [a, out], [out], attrs, started)
    return out


def _column_cores(grid, ws):
    """The factories' loop over the whole grid, core (i / num_cores_y, i % num_cores_y): (core, its units, the
    units before it)."""
    done = 0
    for i in range(grid.x * grid.y):
        core = CoreCoord(i // grid.y, i % grid.y)
        n = _n(ws, core)
        yield core, n, done
        done += n


def _transpose_wh_factory(a: Tensor, out: Tensor, pad_value=0.0) -> O.ProgramEntry:
    """TransposeWHProgramFactory::create_descriptor, tiled input (interleaved or sharded: its reader and writer reach
    the buffers through TensorAccessors)."""
    dev = a._device
    grid, total = _full_grid(dev)
    p = tuple(a.padded_shape)
    Ht, Wt = p[2] // TILE_SIZE, p[3] // TILE_SIZE
    HtWt = Ht * Wt
    n_tiles = a.padded_shape.volume() // C.TILE_HW
    ws = C.split_work_to_cores(grid, n_tiles)
    fmt_in, fmt_out = data_format(a.dtype), data_format(out.dtype)
    prog = mh.CreateProgram()
    O.cb(prog, total, 0, 2, fmt_in)
    O.cb(prog, total, 16, 2, fmt_out)
    fp32 = a.dtype in _FP32_ACC
    rk = mh.CreateKernel(prog, _k("reader_unary_transpose_wh_interleaved_start_id"), total,
                         ReaderDataMovementConfig(compile_args=O.accessor_args(a)))
    wk = mh.CreateKernel(prog, _k("writer_unary_interleaved_start_id"), total,
                         WriterDataMovementConfig(compile_args=[16] + O.accessor_args(out)))
    ck = mh.CreateKernel(prog, _k("transpose_wh"), total, ComputeConfig(
        fp32_dest_acc_en=fp32, unpack_to_dest_mode=_UTD if a.dtype == DataType.FLOAT32 else None))
    per_core = []
    for core, n, done in _column_cores(grid, ws):
        h, w = done % Ht, done // Ht % Wt
        per_core.append((core, [n, done // HtWt * HtWt + h * Wt + w, h, w, Ht, Wt, HtWt], n, done))

    def set_args(tensors):
        src, dst = tensors
        for core, r, n, start in per_core:
            mh.SetRuntimeArgs(prog, rk, core, [src.buffer_address()] + r)
            mh.SetRuntimeArgs(prog, ck, core, [n])
            mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address(), n, start])

    return O.ProgramEntry(prog, set_args, len(per_core), "transpose_wh")


def _transpose_cn_factory(a: Tensor, out: Tensor, pad_value=0.0) -> O.ProgramEntry:
    """TransposeCNProgramFactory::create_descriptor: pages of tiles, or (a sharded row-major input: interleaved
    row-major CN goes to prim::permute) of rows with CN_RM defined; the kernels reach interleaved and sharded
    buffers through TensorAccessors."""
    dev = a._device
    grid, total = _full_grid(dev)
    N, Cc, H, W = tuple(a.padded_shape)
    rm = a.layout == Layout.ROW_MAJOR
    page_rows, page_cols = (1, W) if rm else (TILE_SIZE, TILE_SIZE)
    size = W * element_size(a.dtype) if rm else formats.tile_size(data_format(a.dtype))
    n_pages = a.padded_shape.volume() // (page_rows * page_cols)
    if rm:
        for name, t in (("input", a), ("output", out)):
            buf = t._buffer
            if t.is_sharded() and t.memory_config().memory_layout != TensorMemoryLayout.HEIGHT_SHARDED \
                    and buf.page_size != buf.aligned_page_size:
                # noc_async_*_sharded split a row at multiples of the aligned page size, so each shard's piece of a
                # row would take the pad bytes after the previous shard's piece
                raise NotModelledError(
                    f"ttnn.transpose (CN, row-major): the {name}'s {t.memory_config().memory_layout.name} shards are "
                    f"{buf.page_size} bytes wide, not a multiple of the 16-byte L1 alignment: tt-metal 622c6fb9's "
                    "noc_async_read_sharded / noc_async_write_sharded split each row at the aligned shard width "
                    f"({buf.aligned_page_size} bytes), so the card would move padding bytes into the rows (wrong "
                    "data); tensix.ttnn does not model that.\nFix: shards whose rows are a multiple of 16 bytes, or "
                    "an interleaved tensor.")
    ws = C.split_work_to_cores(grid, n_pages)
    all_cores = CoreRangeSet(ws.all_ranges)
    prog = mh.CreateProgram()
    O.cb(prog, all_cores, 0, 2, data_format(a.dtype), page_size=size)
    defines = {"CN_RM": 1} if rm else {}
    rk = mh.CreateKernel(prog, _k("reader_unary_transpose_cn_interleaved_start_id"), total, ReaderDataMovementConfig(
        compile_args=[0, a._buffer.aligned_page_size, size] + O.accessor_args(a), defines=dict(defines)))
    wk = mh.CreateKernel(prog, _k("writer_unary_transpose_cn_interleaved_start_id"), total, WriterDataMovementConfig(
        compile_args=[0, out._buffer.aligned_page_size, size] + O.accessor_args(out), defines=dict(defines)))
    HtWt = (H // page_rows) * (W // page_cols)
    CHtWt = Cc * HtWt
    batch_step = CHtWt - HtWt
    channel_step = n_pages - HtWt
    per_core = []
    for core, n, done in _column_cores(grid, ws):
        cur_c = done // HtWt
        start = done + cur_c * batch_step - (cur_c // N) * channel_step
        per_core.append((core, [N, Cc, HtWt, batch_step, channel_step, n, start, done % HtWt, cur_c % N], n, done))

    def set_args(tensors):
        src, dst = tensors
        for core, r, n, start in per_core:
            mh.SetRuntimeArgs(prog, rk, core, [src.buffer_address()] + r)
            mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address(), n, start])

    return O.ProgramEntry(prog, set_args, len(per_core), "transpose_cn")


def _split_pair(grid, units, padded_units):
    """Two split_work_to_cores over the grid (the unpadded and the padded work) and the union of their cores as
    tt-metal's factories take it (the larger split's core ranges)."""
    ws = C.split_work_to_cores(grid, units)
    pws = C.split_work_to_cores(grid, padded_units)
    ranges = ws.all_ranges if ws.num_cores > pws.num_cores else pws.all_ranges
    return ws, pws, CoreRangeSet(ranges)


def _n(ws, core) -> int:
    return ws.units_of(core) if (ws.group_1.contains(core) or ws.group_2.contains(core)) else 0


def _transpose_hc_factory(a: Tensor, out: Tensor, pad_value) -> O.ProgramEntry:
    """TransposeHCTiledInterleavedProgramFactory::create_descriptor (interleaved or sharded buffers, through
    TensorAccessors)."""
    dev = a._device
    grid, total = _full_grid(dev)
    _, Cc, H, W = tuple(a.shape)
    needs_padding = Cc % TILE_SIZE != 0
    fmt = data_format(a.dtype)
    es = element_size(a.dtype)
    prog = mh.CreateProgram()
    O.cb(prog, total, 0, 2, fmt)
    max_pad = _FACE * _FACE
    num_writes, packed = 0, 0
    if needs_padding:
        O.cb(prog, total, 1, 1, fmt, page_size=max_pad * es)
        num_writes = max_pad // (4 // es)
        packed = _packed_pad(a.dtype, pad_value)
    rk = mh.CreateKernel(prog, _k("reader_unary_transpose_hc_interleaved_tiled_padding_aware"), total,
                         ReaderDataMovementConfig(compile_args=O.accessor_args(a) + [
                             num_writes, packed, int(needs_padding), 0, 1, 1, 1, 1, 1]))
    wk = mh.CreateKernel(prog, _k("writer_unary_transpose_hc_interleaved_tiled_padding_aware"), total,
                         WriterDataMovementConfig(compile_args=[es, 0, Cc, H, W, 32, 32, 16, 16, int(needs_padding)]
                                                  + O.accessor_args(out)))
    n_tiles = a.padded_shape.volume() // C.TILE_HW
    n_out = out.padded_shape.volume() // C.TILE_HW
    padded_tiles = n_out // (out.padded_shape[2] // TILE_SIZE)
    ws, pws, _ = _split_pair(grid, n_tiles, padded_tiles)
    per_core = []
    start = pstart = 0
    for y in range(grid.y):             # CoreRange iteration: x fastest
        for x in range(grid.x):
            core = CoreCoord(x, y)
            n, pn = _n(ws, core), _n(pws, core)
            per_core.append((core, n, start, pstart, pn))
            start += n
            pstart += pn

    def set_args(tensors):
        src, dst = tensors
        for core, n, s0, p0, pn in per_core:
            mh.SetRuntimeArgs(prog, rk, core, [src.buffer_address(), n, s0])
            mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address(), s0, s0 + n, p0, p0 + pn])

    return O.ProgramEntry(prog, set_args, len(per_core), "transpose_hc_tiled")


def _transpose_hc_rm_factory(a: Tensor, out: Tensor, pad_value=0.0) -> O.ProgramEntry:
    """TransposeHCRMProgramFactory::create_descriptor (transpose_hc_rm_program_factory.cpp at 622c6fb9): the N*C*H
    output rows split over the grid; each core's reader gathers them (input row (n, c, h) for output row (n, h, c))
    in merged groups of at most 2 KiB, the writer writes them to consecutive output rows. Rows of BLOCK / WIDTH
    sharded buffers go through noc_async_*_sharded (split over the shards)."""
    dev = a._device
    grid, total = _full_grid(dev)
    N, Cc, H, W = tuple(a.shape)
    es = element_size(a.dtype)
    ws = C.split_work_to_cores(grid, N * Cc * H)
    prog = mh.CreateProgram()
    aligned = max(a._buffer.aligned_page_size, out._buffer.aligned_page_size)
    stick = max(W * es, aligned)
    num_sticks = max(ws.per_core_1, ws.per_core_2)
    O.cb(prog, total, 0, num_sticks, data_format(a.dtype), page_size=stick)
    rk = mh.CreateKernel(prog, _k("reader_unary_transpose_hc_interleaved_partitioned_rm"), total,
                         ReaderDataMovementConfig(compile_args=[N, H, Cc, stick, a._buffer.aligned_page_size]
                                                  + O.accessor_args(a)))
    wk = mh.CreateKernel(prog, _k("writer_unary_transpose_hc_interleaved_start_id_rm"), total,
                         WriterDataMovementConfig(compile_args=[0, stick, out._buffer.aligned_page_size]
                                                  + O.accessor_args(out)))
    Hp, Cp, Wp = a.padded_shape[2], a.padded_shape[1], a.padded_shape[3]
    w_bytes = Wp * es
    per_core = []
    curr_c = curr_h = curr_n = 0
    read = write = 0
    for core, n, _done in _column_cores(grid, ws):
        pushes = per_barrier = 0
        if n:
            pushes = C.merge_num_sticks_to_read(n, w_bytes, 2048)
            per_barrier = n // pushes
        per_core.append((core, [pushes, per_barrier, read, curr_c, curr_h, curr_n], [pushes, per_barrier, write]))
        write += n
        for _ in range(n):                  # emit_runtime_args_hc_rm's walk over the padded C / H
            curr_c += 1
            read += Hp
            if curr_c == Cp:
                curr_h += 1
                curr_c = 0
                if curr_h == Hp:
                    curr_n += 1
                    curr_h = 0
                    read = read - Hp + 1
                else:
                    read = read - Cp * Hp + 1

    def set_args(tensors):
        src, dst = tensors
        for core, r, w in per_core:
            mh.SetRuntimeArgs(prog, rk, core, [src.buffer_address()] + r)
            mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address()] + w)

    return O.ProgramEntry(prog, set_args, ws.num_cores, "transpose_hc_rm")


def _transpose_wh_rm_factory(a: Tensor, out: Tensor, pad_value=0.0) -> O.ProgramEntry:
    """TransposeWHProgramFactory::create_descriptor, row-major input (transpose_wh_program_factory.cpp at 622c6fb9,
    emit_runtime_args_wh_rm): the N*C planes split over the grid; per plane the reader brings Ht groups of 32 rows
    (c_0, Wt tiles wide), transpose_wh_rm tilizes them into c_24, transposes each tile column and pack-untilizes it
    into c_16, the writer writes its first rows to the output. c_25 is allocated as tt-metal does (unused). Rows of
    BLOCK / WIDTH sharded buffers go through noc_async_*_sharded (split over the shards)."""
    dev = a._device
    grid, total = _full_grid(dev)
    N, Cc, H, W = tuple(a.shape)
    es = element_size(a.dtype)
    ht, wt = C.div_up(H, TILE_SIZE), C.div_up(W, TILE_SIZE)
    ws = C.split_work_to_cores(grid, N * Cc)
    fmt_in, fmt_out = data_format(a.dtype), data_format(out.dtype)
    prog = mh.CreateProgram()
    O.cb(prog, total, 0, wt * 2, fmt_in)
    O.cb(prog, total, 16, ht * 2, fmt_out)
    O.cb(prog, total, 24, ht * wt, fmt_in)
    O.cb(prog, total, 25, ht, fmt_out)
    T = TILE_SIZE
    rk = mh.CreateKernel(prog, _k("reader_unary_transpose_wh_interleaved_start_id_rm"), total,
                         ReaderDataMovementConfig(compile_args=[
                             ht, T if H > T else H % T, T if H % T == 0 else H % T, wt, W, ht * wt, W * es,
                             wt * es * T, a._buffer.aligned_page_size] + O.accessor_args(a)))
    wk = mh.CreateKernel(prog, _k("writer_unary_transpose_wh_interleaved_start_id_rm"), total,
                         WriterDataMovementConfig(compile_args=[
                             16, ht, H, wt, T if W > T else W % T, T if W % T == 0 else W % T, ht * wt, H * es,
                             ht * es * T, out._buffer.aligned_page_size] + O.accessor_args(out)))
    utd = {0: UnpackToDestMode.UnpackToDestFp32, 24: UnpackToDestMode.UnpackToDestFp32}
    ck = mh.CreateKernel(prog, _k("transpose_wh_rm"), total, ComputeConfig(
        fp32_dest_acc_en=a.dtype in _FP32_ACC, compile_args=[ht, wt, ht * wt],
        defines={"DST_ACCUM_MODE": 1} if a.dtype in (DataType.INT32, DataType.UINT32) else {},
        unpack_to_dest_mode=utd if a.dtype == DataType.FLOAT32 else None))
    per_core = []
    read = write = 0
    for core, n, _done in _column_cores(grid, ws):
        per_core.append((core, read, write, n))
        read += n * H
        write += n * W

    def set_args(tensors):
        src, dst = tensors
        for core, r0, w0, n in per_core:
            mh.SetRuntimeArgs(prog, rk, core, [src.buffer_address(), r0, n])
            mh.SetRuntimeArgs(prog, ck, core, [n])
            mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address(), w0, n])

    return O.ProgramEntry(prog, set_args, ws.num_cores, "transpose_wh_rm")


def _hc_walk(n, curr, curr_c, curr_h, C_, H_, ids=None):
    """The factories' walk over output rows (n, h, c) -> input row (n, c, h): n steps from input row `curr` at
    (curr_c, curr_h); returns the new (curr, curr_c, curr_h), appending each row visited to `ids`."""
    for _ in range(n):
        if ids is not None:
            ids.append(curr)
        curr_c += 1
        curr += H_
        if curr_c == C_:
            curr_h += 1
            curr_c = 0
            if curr_h == H_:
                curr_h = 0
                curr = curr - H_ + 1
            else:
                curr = curr - C_ * H_ + 1
    return curr, curr_c, curr_h


def _hc_sharded_special_args(a, num_cores, nx, ny, phys):
    """transpose_hc_sharded_program_factory.cpp get_runtime_args_hc_rm_sharded_special_case: per shard, the input
    cores its rows come from (first stick offset, NoC x / y), the stick stride on them, and the split of the work
    between the reader and the writer RISC."""
    N, Cc, H, W = tuple(a.padded_shape)
    stick = W * element_size(a.dtype)
    spec = a.memory_config().shard_spec
    sh = spec.shape[0]
    from tensix.ttnn.types import ShardOrientation
    row_major = spec.orientation == ShardOrientation.ROW_MAJOR
    num_h = sh // H if sh // H > 0 else 1
    num_c_blocks = sh // Cc if sh > Cc else 1
    inner = nx if row_major else ny
    out = []
    curr = curr_c = curr_h = 0
    for _i in range(num_cores):
        ids = []
        curr, curr_c, curr_h = _hc_walk(sh, curr, curr_c, curr_h, Cc, H, ids)
        idx, offs, xs, ys = [], [], [], []
        for sid in ids:
            shard_id = sid // sh
            outer_id, inner_id = shard_id // inner, shard_id % inner
            wy, wx = (outer_id, inner_id) if row_major else (inner_id, outer_id)
            if wx < nx and wy < ny:
                p = phys(wx, wy)
                idx.append(shard_id)
                offs.append((sid - shard_id * sh) * stick)
                xs.append(p.x)
                ys.append(p.y)
        if len(idx) < 2:
            raise NotModelledError(
                "ttnn.transpose: TransposeHCShardedProgramFactory with a shard whose rows come from fewer than two "
                "input rows on the grid is not modelled (tt-metal reads past its list of stick offsets here).\nFix: "
                "shard so that each shard holds at least two rows.")
        n_cores = len(idx)
        stride = offs[1] - offs[0]
        r_c, w_c = num_c_blocks, 0
        w_src = w_dst = 0
        if num_h == 1:                      # each shard holds one H block or part of one
            for k in range(1, len(idx)):
                if idx[k] == idx[0]:
                    n_cores = k
                    stride = offs[k] - offs[0]
                    break
            per = sh // n_cores
            r_n, w_n = per, 0
            if per > 2:                     # split between the reader and the writer RISC
                r_n = per // 2
                w_n = per - r_n
                w_src = r_n * stride
                w_dst = w_src * n_cores
            sel = range(n_cores)
        else:                               # several H blocks per shard
            n_cores = len(set(idx))
            per = sh // n_cores // num_c_blocks
            r_n = w_n = per
            if num_c_blocks > 2:
                r_c = num_c_blocks // 2
                w_c = num_c_blocks - r_c
                w_src = r_c * stick
                w_dst = r_c * n_cores * per * stick
            sel = [k * per for k in range(n_cores)]
        tail = [offs[k] for k in sel] + [xs[k] for k in sel] + [ys[k] for k in sel]
        single = int(num_h == 1)
        out.append(([single, r_c, r_n, n_cores, stride] + tail,
                    [single, w_c, w_n, n_cores, stride, w_src, w_dst] + tail))
    return out


def _transpose_hc_sharded_factory(a: Tensor, out: Tensor, pad_value=0.0) -> O.ProgramEntry:
    """TransposeHCShardedProgramFactory::create_descriptor (transpose_hc_sharded_program_factory.cpp at 622c6fb9):
    c_0 on the input's shards, c_16 on the output's (one shard height of rows each); every core gathers its output
    shard from the input shards over the NoC. When the shard height and H, C divide one another (and the shard is at
    most a C x H plane) the host precomputes each shard's source cores and strides (USE_SPECIAL_CASE, the work split
    between a reader and a writer kernel); otherwise the reader alone walks the rows."""
    dev = a._device
    N, Cc, H, W = tuple(a.shape)
    es = element_size(a.dtype)
    stick = W * es
    if stick != a._buffer.aligned_page_size:
        raise NotModelledError(
            f"ttnn.transpose: TransposeHCShardedProgramFactory with rows of {stick} bytes (W = {W}) is not modelled: "
            f"the shards hold rows at the buffer's {a._buffer.aligned_page_size}-byte aligned pitch and tt-metal's "
            "kernels step by the unaligned row.\nFix: a width whose rows are a multiple of 16 bytes.")
    spec = a.memory_config().shard_spec
    sh = spec.shape[0]
    ospec = out.memory_config().shard_spec
    if tuple(ospec.shape) != tuple(spec.shape) or ospec.orientation != spec.orientation:
        raise NotModelledError(
            f"ttnn.transpose: TransposeHCShardedProgramFactory from {list(spec.shape)} input shards into "
            f"{list(ospec.shape)} ({ospec.orientation!r}) output shards is not modelled: the factory fills each "
            "core's output shard with an input shard's worth of rows, so other output shards get the rows in the "
            "wrong places.\nFix: the input's shard spec for the output (memory_config=input.memory_config()).")
    from tensix.ttnn.types import ShardOrientation
    row_major = spec.orientation == ShardOrientation.ROW_MAJOR
    special = ((sh % H == 0 or H % sh == 0) and (sh % Cc == 0 or Cc % sh == 0) and (Cc % H == 0 or H % Cc == 0)
               and sh <= Cc * H)
    all_cores = spec.grid
    num_cores = spec.num_cores()
    end = spec.grid.bounding_box().end
    nx, ny = end.x + 1, end.y + 1
    order = [CoreCoord(i % nx, i // nx) if row_major else CoreCoord(i // ny, i % ny) for i in range(num_cores)]
    if {(c.x, c.y) for c in order} != {(c.x, c.y) for c in spec.grid}:
        raise NotModelledError(
            f"ttnn.transpose: TransposeHCShardedProgramFactory with shard grid {spec.grid!r} ({spec.orientation!r}): "
            "the factory numbers the shards over the grid's bounding box from (0, 0), which does not give the shard "
            "grid's cores here.\nFix: a shard grid that is a prefix of its bounding box in the spec's orientation "
            "(e.g. one rectangle from (0, 0)).")
    prog = mh.CreateProgram()
    in_cfg = mh.CircularBufferConfig(sh * stick, {0: data_format(a.dtype)}).set_page_size(0, stick)
    in_cfg.set_globally_allocated_address(a._buffer)
    out_cfg = mh.CircularBufferConfig(sh * stick, {16: data_format(out.dtype)}).set_page_size(16, stick)
    out_cfg.set_globally_allocated_address(out._buffer)
    mh.CreateCircularBuffer(prog, all_cores, in_cfg)
    mh.CreateCircularBuffer(prog, all_cores, out_cfg)
    sim = dev.sim

    def phys(x, y):
        return sim.worker_core_from_logical_core(CoreCoord(x, y))

    if special:
        args = _hc_sharded_special_args(a, num_cores, nx, ny, phys)
        rk = mh.CreateKernel(prog, _k("reader_unary_transpose_hc_sharded_rm"), all_cores, ReaderDataMovementConfig(
            compile_args=[0, 16, stick], defines={"USE_SPECIAL_CASE": 1}))
        wk = mh.CreateKernel(prog, _k("writer_unary_transpose_hc_sharded_rm"), all_cores, WriterDataMovementConfig(
            compile_args=[0, 16, stick]))
    else:
        rk = mh.CreateKernel(prog, _k("reader_unary_transpose_hc_sharded_rm"), all_cores, ReaderDataMovementConfig(
            compile_args=[0, 16, N, H, Cc, stick, int(row_major), nx, ny]))
        wk = None
        maps = [phys(i, 0).x for i in range(nx)] + [phys(0, i).y for i in range(ny)]
        args = []
        Cp, Hp = a.padded_shape[1], a.padded_shape[2]
        curr = curr_c = curr_h = 0
        for i in range(num_cores):
            batch = (i * sh) // (Cp * Hp)          # curr_n of the walk (the kernel does not use it)
            args.append(([sh, curr, curr_c, curr_h, batch] + maps, []))
            curr, curr_c, curr_h = _hc_walk(sh, curr, curr_c, curr_h, Cp, Hp)
    work = list(zip(order, args))

    def set_args(tensors):
        src, dst = tensors
        in_cfg.set_globally_allocated_address(src._buffer)
        out_cfg.set_globally_allocated_address(dst._buffer)
        for core, (r, w) in work:
            mh.SetRuntimeArgs(prog, rk, core, r)
            if wk is not None:
                mh.SetRuntimeArgs(prog, wk, core, w)

    return O.ProgramEntry(prog, set_args, num_cores, "transpose_hc_sharded")


def _refuse_wh_sharded_rm(a: Tensor, out: Tensor):
    """The TransposeWHShardedRMProgramFactory cases tensix refuses, each with tt-metal's reason."""
    f = "ttnn.transpose: TransposeWHShardedRMProgramFactory"
    _, _, H, W = tuple(a.shape)
    sh = a.memory_config().shard_spec.shape[0]
    osh = out.memory_config().shard_spec.shape
    if sh % H or osh[1] != H or osh[0] != (sh // H) * W:
        raise NotModelledError(
            f"{f} with {sh}-row input shards of H = {H} row planes into {list(osh)} output shards is not modelled: "
            "the factory transposes shard_height / H whole planes per core in place of the core's own output "
            "shard, which leaves rows untransposed or writes past the shard here.\nFix: shards of whole H x W "
            "planes in and out (e.g. an interleaved or BLOCK sharded output, which takes the interleaved factory).")
    if H % TILE_SIZE and not (H < 16 + 1 and H * element_size(a.dtype) % 16 == 0 and W % TILE_SIZE == 0):
        raise NotModelledError(
            f"{f} with H = {H} (not a multiple of 32) and W = {W} is not modelled: its compute kernel packs the rows "
            "with pack_untilize_dest's narrow-row mode, which packs Dst tile 0 alone (tt-llk llk_pack_untilize.h), "
            "so only H <= 16 in whole 16-byte rows with W a multiple of 32 gives the transposed rows (tensix models "
            "that case; past it tt-metal's output is not the transpose, or the packer writes past the last "
            "page).\nFix: H a multiple of 32 (or H <= 16, W a multiple of 32), or an interleaved output "
            "(TransposeWHProgramFactory).")
    if C.div_up(H, TILE_SIZE) <= 8 and W % TILE_SIZE:
        raise NotModelledError(
            f"{f} with W = {W} (not a multiple of 32) and H <= 256 is not modelled: tt-metal packs 32 output rows "
            "straight into the output shard per tile column but advances its write pointer by only W % 32 "
            "output rows, so the columns overlap.\nFix: W a multiple of 32, or an interleaved output "
            "(TransposeWHProgramFactory).")


def _transpose_wh_sharded_rm_factory(a: Tensor, out: Tensor, pad_value=0.0) -> O.ProgramEntry:
    """TransposeWHShardedRMProgramFactory::create_descriptor (transpose_wh_sharded_rm_program_factory.cpp at
    622c6fb9): c_0 on the input's shards, c_16 on the output's; each core transposes its shard_height / H planes:
    the reader copies its own rows into c_24, transpose_wh_rm (SHARDED) tilizes them into c_25, transposes and
    pack-untilizes into c_16 directly (Ht <= 8) or into c_27, from which the writer copies the rows into the output
    shard (Ht > 8). Narrow-row packing (H not a tile multiple) runs for one tile row (H <= 16, W a tile multiple),
    the rest is refused (_refuse_wh_sharded_rm)."""
    _refuse_wh_sharded_rm(a, out)
    _, _, H, W = tuple(a.shape)
    es, oes = element_size(a.dtype), element_size(out.dtype)
    fmt_in, fmt_out = data_format(a.dtype), data_format(out.dtype)
    out_ts = formats.tile_size(fmt_out)
    stick = W * es
    ht, wt = C.div_up(H, TILE_SIZE), C.div_up(W, TILE_SIZE)
    T = TILE_SIZE
    wr, hr = W % T, H % T
    if wr and hr:
        page = wr * hr * oes
        pages, last_col, last_row, last_row_col = out_ts // page, out_ts // (T * hr * oes), out_ts // (T * wr * oes), 1
    elif wr:
        page = wr * T * oes
        pages = last_col = out_ts // page
        last_row = last_row_col = 1
    elif hr:
        page = T * hr * oes
        pages = last_row = out_ts // page
        last_col = last_row_col = 1
    else:
        page, pages, last_col, last_row, last_row_col = out_ts, 1, 1, 1, 1
    spec = a.memory_config().shard_spec
    sh = spec.shape[0]
    blocks = sh // H
    cores = spec.grid
    prog = mh.CreateProgram()
    in_cfg = mh.CircularBufferConfig(sh * stick, {0: fmt_in}).set_page_size(0, stick)
    in_cfg.set_globally_allocated_address(a._buffer)
    out_cfg = mh.CircularBufferConfig(sh * stick, {16: fmt_out}).set_page_size(16, page)
    out_cfg.set_globally_allocated_address(out._buffer)
    mh.CreateCircularBuffer(prog, cores, in_cfg)
    mh.CreateCircularBuffer(prog, cores, out_cfg)
    O.cb(prog, cores, 24, wt * 2, fmt_in)
    O.cb(prog, cores, 25, ht * wt, fmt_in)
    if ht > 8:
        O.cb(prog, cores, 26, ht, fmt_out)
        O.cb(prog, cores, 27, ht * 2, fmt_out)
    h_per = T if H > T else H % T
    h_last = T if H % T == 0 else H % T
    mh.CreateKernel(prog, _k("reader_unary_transpose_wh_sharded_rm"), cores, ReaderDataMovementConfig(
        compile_args=[blocks, ht, h_per, h_last, wt, stick, wt * es * T, h_per, h_last]))
    mh.CreateKernel(prog, _k("writer_unary_transpose_wh_sharded_rm"), cores, WriterDataMovementConfig(
        compile_args=[blocks, ht, wt, T if W > T else W % T, T if W % T == 0 else W % T, H * oes, ht * oes * T]))
    utd = {24: UnpackToDestMode.UnpackToDestFp32, 25: UnpackToDestMode.UnpackToDestFp32}
    mh.CreateKernel(prog, _k("transpose_wh_rm"), cores, ComputeConfig(
        fp32_dest_acc_en=a.dtype == DataType.FLOAT32, defines={"SHARDED": 1},
        compile_args=[ht, wt, ht * wt, blocks, h_last, pages, last_col, last_row, last_row_col],
        unpack_to_dest_mode=utd if a.dtype == DataType.FLOAT32 else None))

    def set_args(tensors):
        src, dst = tensors
        in_cfg.set_globally_allocated_address(src._buffer)
        out_cfg.set_globally_allocated_address(dst._buffer)

    return O.ProgramEntry(prog, set_args, spec.num_cores(), "transpose_wh_sharded_rm")


# prim::transpose's program factories ported, by (factory, row-major input); the others raise NotModelledError
_FACTORIES = {
    ("TransposeWHProgramFactory", False): _transpose_wh_factory,
    ("TransposeWHShardedProgramFactory", False): _transpose_wh_sharded_factory,
    ("TransposeHCTiledInterleavedProgramFactory", False): _transpose_hc_factory,
    ("TransposeCNProgramFactory", False): _transpose_cn_factory,
    ("TransposeCNProgramFactory", True): _transpose_cn_factory,
    ("TransposeWHProgramFactory", True): _transpose_wh_rm_factory,
    ("TransposeHCRMProgramFactory", True): _transpose_hc_rm_factory,
    ("TransposeHCShardedProgramFactory", True): _transpose_hc_sharded_factory,
    ("TransposeWHShardedRMProgramFactory", True): _transpose_wh_sharded_rm_factory,
}


# -------------------------------------------------------------------------------------------------- permute
def _is_nop(t: Tensor, dims) -> bool:
    """permute.cpp is_permute_nop."""
    rank = len(dims)
    if rank <= 1 or list(dims) == list(range(rank)):
        return True
    if t.layout == Layout.TILE and (dims[-1] != rank - 1 or dims[-2] != rank - 2):
        return False
    if t.layout == Layout.ROW_MAJOR and dims[-1] != rank - 1:
        return False
    shape = tuple(t.shape)
    if tuple(shape[d] for d in dims) != shape:
        return False
    return all(i == j or shape[i] <= 1 for i, j in enumerate(dims))


def permute(input_tensor: Tensor, dims, *args, memory_config=None, pad_value: float = 0.0, **kwargs) -> Tensor:
    """ttnn.permute(input_tensor, dims, *, memory_config=None, pad_value=0.0): output dim i is input dim dims[i]
    (permute.cpp ttnn::permute: the no-op check, rank < 4 unsqueezed with the order adjusted, a sharded row-major
    output's shard width checked against the L1 alignment, permute_impl, the result back to the input's layout)."""
    O.refuse_unknown_kwargs("ttnn.permute", kwargs)
    op = "ttnn.permute"
    if args:
        memory_config = args[0]
    t = input_tensor
    t._check_alive(op)
    rank = len(t.shape)
    dims = [int(d) for d in dims]
    if len(dims) != rank:
        raise ShapeError(f"{op}: The number of dimensions in the tensor input does not match the length of the "
                         f"desired ordering (a rank-{rank} tensor, {len(dims)} dims).\nFix: one entry per dim.")
    if t._device is None:
        raise ShapeError(f"{op}: Tensor must already be on device.\nFix: ttnn.to_device first.")
    O.device_of(op, t)                  # refuses ND-sharded storage without a legacy equivalent
    _check_dtype(op, t)
    nd = [_norm(d, rank, op, "dim") for d in dims]
    if sorted(nd) != list(range(rank)):
        raise ShapeError(f"{op}: {dims} is not a permutation of the dims of a rank-{rank} tensor.")
    if _is_nop(t, nd):
        from tensix.ttnn.operations.dm_memory import to_memory_config
        return to_memory_config(t, memory_config or t.memory_config())
    mc = memory_config
    if (t.layout == Layout.ROW_MAJOR and mc is not None and mc.is_sharded() and mc.shard_spec is not None
            and mc.shard_spec.shape[1] * element_size(t.dtype) % 16):
        raise ShardSpecError(
            f"{op}: Shard page size must be aligned to 16B for L1 Tensor (a row-major output's shard width "
            f"{mc.shard_spec.shape[1]} x {element_size(t.dtype)} bytes).\nFix: a shard width whose bytes are a "
            "multiple of 16.")
    x = _to_4d(t) if rank < 4 else t
    order = [i for i in range(4 - rank)] + [d + 4 - rank for d in nd] if rank < 4 else nd
    out = _permute_impl(x, order, mc, pad_value)
    if out.layout != t.layout:
        from tensix.ttnn.core import to_layout
        out = to_layout(out, t.layout)
    return _from_4d(out, rank)


# permute_impl's decompositions of a sharded 4-D input into transposes, innermost first (the last one gets the
# output memory config): the orders tt-metal runs as transpose chains.
_SHARDED_CHAINS = {
    (0, 1, 3, 2): ("WH",), (0, 2, 1, 3): ("HC",), (0, 2, 3, 1): ("HC", "WH"), (0, 3, 1, 2): ("WH", "HC"),
    (0, 3, 2, 1): ("WH", "HC", "WH"), (1, 0, 2, 3): ("CN",),
}
_TRANSPOSE_DIMS = {"WH": (-2, -1), "HC": (1, -2), "CN": (0, 1)}


def _permute_impl(a: Tensor, order, mc, pad_value) -> Tensor:
    """permute.cpp detail::permute_impl: an irregular row-major BLOCK / WIDTH sharded input moved to L1 interleaved
    first (tt-metal avoids a pages_per_shard misread of its noc_async_*_sharded helpers); rank > 4 -> prim::permute
    (a sharded input's layout kept without a spec when no config is given); 4-D: bfloat8_b typecast to bfloat16
    unless the permutation is WH, CN or CN+WH or the input is sharded; interleaved: WH / HC / CN transposes, the rest
    prim::permute; sharded: the transpose chains of _SHARDED_CHAINS, the rest prim::permute."""
    if _irregular_rm_block_or_width(a):             # the same guard as transpose_impl's
        from tensix.ttnn.operations.dm_memory import to_memory_config
        x = to_memory_config(a, MemoryConfig(TensorMemoryLayout.INTERLEAVED, BufferType.L1))
        return _permute_impl(x, order, mc, pad_value)
    amc = a.memory_config()
    kept = mc if mc is not None else (MemoryConfig(amc.memory_layout, amc.buffer_type) if a.is_sharded() else None)
    if len(order) > 4:
        if a.dtype == DataType.BFLOAT8_B and _tile_factory(order) != "tile_invariant":
            raise NotModelledError(f"ttnn.permute: a bfloat8_b permute of a rank-{len(order)} tensor that moves a tile "
                                   "dim is not modelled (tt-metal's element-wise kernels get no bfloat8_b element "
                                   "size).\nFix: ttnn.typecast to bfloat16 first.")
        return _prim_permute(a, order, kept, pad_value)
    order_t = tuple(order)
    keep8 = order_t in ((0, 1, 3, 2), (1, 0, 2, 3), (1, 0, 3, 2))
    cast = a.dtype == DataType.BFLOAT8_B and not keep8 and not a.is_sharded()
    x = _typecast(a, DataType.BFLOAT16) if cast else a
    if a.is_sharded():
        chain = _SHARDED_CHAINS.get(order_t)
        if chain is None:
            out = _prim_permute(x, order, kept, pad_value)
        else:
            out = x
            for i, name in enumerate(chain):
                last = i == len(chain) - 1
                # transpose_cn always gets the output config; the WH / HC lambdas only where the chain ends
                cfg = mc if (last or name == "CN") else None
                out = transpose(out, *_TRANSPOSE_DIMS[name], memory_config=cfg,
                                pad_value=pad_value if name == "HC" else 0.0)
    elif order_t == (0, 1, 3, 2):
        out = transpose(x, -2, -1, memory_config=mc)
    elif order_t == (0, 2, 1, 3):
        out = transpose(x, 1, -2, memory_config=mc, pad_value=pad_value)
    elif order_t == (1, 0, 2, 3):
        out = transpose(x, 0, 1, memory_config=mc)
    else:
        out = _prim_permute(x, order, mc, pad_value)
    return _typecast(out, DataType.BFLOAT8_B) if cast else out


def _tile_factory(dims) -> str:
    r = len(dims)
    if (dims[-1] == r - 1 and dims[-2] == r - 2) or (dims[-1] == r - 2 and dims[-2] == r - 1):
        return "tile_invariant"
    if dims[-1] in (r - 1, r - 2):
        return "tile_row_invariant"
    return "tiled_generic"


def _permute_output_config(a: Tensor, out_shape, mc: MemoryConfig) -> MemoryConfig:
    """permute_device_operation.cpp compute_output_specs: a sharded config without a spec gets the input's spec
    scaled to the output's padded shape (tile dims rounded up for TILE) when the input has the same shard layout,
    the ratios divide and, for TILE, the scaled shard is tile-aligned; otherwise a fresh full-grid spec
    (generate_transpose_shard_spec)."""
    if not mc.is_sharded() or mc.shard_spec is not None:
        return mc
    out_p = list(out_shape)
    if a.layout == Layout.TILE and len(out_p) >= 2:
        out_p[-2], out_p[-1] = C.round_up(out_p[-2], TILE_SIZE), C.round_up(out_p[-1], TILE_SIZE)
    amc = a.memory_config()
    if a.is_sharded() and amc.shard_spec is not None and amc.memory_layout == mc.memory_layout:
        adjusted = _adjust_shard_spec(amc.shard_spec, a.padded_shape, out_p)
        if adjusted is not None and (a.layout != Layout.TILE or _tile_aligned(adjusted)):
            return MemoryConfig(mc.memory_layout, mc.buffer_type, adjusted)
    return MemoryConfig(mc.memory_layout, mc.buffer_type, _generate_shard_spec(a._device, out_p, mc.memory_layout))


def _row_split_width(t: Tensor) -> int | None:
    """The shard width in datums over which noc_async_*_sharded splits a row of a ROW_MAJOR BLOCK / WIDTH sharded
    tensor (None when a row is one page)."""
    mc = t.memory_config()
    if t.layout != Layout.ROW_MAJOR or not mc.is_sharded() or mc.memory_layout not in (
            TensorMemoryLayout.BLOCK_SHARDED, TensorMemoryLayout.WIDTH_SHARDED):
        return None
    return int(mc.shard_spec.shape[1])


def _refuse_split_blocks(t: Tensor, row: int, side: str):
    """MultiCoreBlockedGeneric moves 32-datum pieces of rows at offsets of 32 datums through
    noc_async_read_sharded / noc_async_write_sharded (common/kernels/common.hpp). Their split sizes each piece after
    the first as min(size - i * page_size, page_size - offset), which ignores how short the first piece was: a
    piece that starts inside a shard page and runs into the next one moves a whole page after the first part
    (past the circular buffer's page on a read, over the next datums of the output shard on a write)."""
    sw = _row_split_width(t)
    if sw is None:
        return
    for start in range(0, row, TILE_SIZE):
        off, size = start % sw, min(TILE_SIZE, row - start)
        if off and off + size > sw:
            raise NotModelledError(
                f"ttnn.permute: MultiCoreBlockedGeneric on a row-major {t.memory_config().memory_layout.name} "
                f"{side} with {sw}-datum shard width is not modelled: the 32-datum block at datum {start} of each "
                f"row starts inside one shard page and runs into the next, where tt-metal's noc_async_*_sharded "
                "moves a whole page for the rest (it sizes the later pieces without the first one's offset), so "
                "the card writes past the block.\nFix: a shard width that is a multiple of 32 datums (or divides "
                "32), a HEIGHT sharded or interleaved " + side + ".")


def _prim_permute(a: Tensor, dims, mc, pad_value) -> Tensor:
    """ttnn::prim::permute (PermuteDeviceOperation): output logical shape permuted, default padding, the memory
    config's shard spec derived when missing (compute_output_specs). The factories reach interleaved and sharded
    buffers alike through TensorAccessors; row-major rows go through noc_async_read_sharded /
    noc_async_write_sharded (split over the shards of a BLOCK / WIDTH sharded buffer)."""
    started = time.perf_counter()
    op = "ttnn.permute"
    dims = [int(d) for d in dims]
    out_shape = [a.shape[d] for d in dims]
    mc = _permute_output_config(a, out_shape, mc or a.memory_config())
    out = C.make_output(a._device, out_shape, a.dtype, a.layout, mc)
    if a.layout == Layout.ROW_MAJOR:
        kind = "rm_row_invariant" if dims[-1] == len(dims) - 1 else "rm_blocked_generic"
    else:
        kind = _tile_factory(dims)
    if a.dtype == DataType.BFLOAT8_B and kind != "tile_invariant":
        raise NotModelledError(f"{op}: bfloat8_b through the {kind} permute is not modelled.\nFix: ttnn.typecast to "
                               "bfloat16 first.")
    if kind == "rm_blocked_generic":
        _refuse_split_blocks(a, a.shape[-1], "input")
        _refuse_split_blocks(out, out.shape[-1], "output")
    factory = {"rm_row_invariant": _permute_rm_row_invariant, "rm_blocked_generic": _permute_rm_blocked_generic,
               "tile_invariant": _permute_tile_invariant, "tile_row_invariant": _permute_tile_row_invariant,
               "tiled_generic": _permute_tiled_generic}[kind]
    key = ("permute", kind, O.spec_key(a), O.spec_key(out), tuple(dims), float(pad_value))
    return _run(op, key, lambda: factory(a, out, dims, pad_value), a, out, {"dims": dims}, started)


def _rm_page(t: Tensor) -> int:
    """permute_rm_program_factory.cpp detail::page_size: the row rounded up to the buffer's alignment."""
    al = 32 if t._buffer.is_dram else 16
    return C.round_up(t.shape[-1] * element_size(t.dtype), al)


def _row_strides(shape) -> list:
    """detail::get_row_strides: strides in rows (the last two dims have stride 1)."""
    r = len(shape)
    st = [1] * r
    for i in range(r - 3, -1, -1):
        st[i] = st[i + 1] * shape[i + 1]
    return st


def _permute_rm_row_invariant(a: Tensor, out: Tensor, dims, pad_value) -> O.ProgramEntry:
    """PermuteDeviceOperation::MultiCoreRowInvariant::create_descriptor."""
    dev = a._device
    in_page, out_page = _rm_page(a), _rm_page(out)
    rank = len(dims)
    rows = a.shape.volume() // a.shape[-1]
    ws = C.split_work_to_cores(dev.compute_with_storage_grid_size(), rows)
    all_cores = CoreRangeSet(ws.all_ranges)
    prog = mh.CreateProgram()
    O.cb(prog, all_cores, 0, 2, data_format(a.dtype), page_size=in_page)
    rk = mh.CreateKernel(prog, _k("reader_permute_interleaved_rm_row_invariant"), all_cores, ReaderDataMovementConfig(
        compile_args=O.accessor_args(a) + [rank, in_page, rows, a._buffer.aligned_page_size]))
    wk = mh.CreateKernel(prog, _k("writer_permute_interleaved_rm_row_invariant"), all_cores, WriterDataMovementConfig(
        compile_args=O.accessor_args(out) + [rank, out_page, rows, out._buffer.aligned_page_size]))
    tail = list(a.shape) + list(dims) + _row_strides(list(out.shape))
    per_core = []
    start = 0
    for core in C.corerange_to_cores(all_cores):
        n = _n(ws, core)
        per_core.append((core, start, start + n))
        start += n

    def set_args(tensors):
        src, dst = tensors
        for core, s0, s1 in per_core:
            mh.SetRuntimeArgs(prog, rk, core, [src.buffer_address(), s0, s1])
            mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address(), s0, s1] + tail)

    return O.ProgramEntry(prog, set_args, len(per_core), "permute_rm_row_invariant")


def _permute_rm_blocked_generic(a: Tensor, out: Tensor, dims, pad_value) -> O.ProgramEntry:
    """PermuteDeviceOperation::MultiCoreBlockedGeneric::create_descriptor."""
    dev = a._device
    es = element_size(a.dtype)
    fmt = data_format(a.dtype)
    xbs = wbs = TILE_SIZE
    in_cb_page, out_cb_page = wbs * es, xbs * es
    shape = list(a.shape)
    rank = len(dims)
    x_dim = dims[-1]
    X = shape[x_dim]
    in_strides = _row_strides(shape)
    out_strides = _row_strides(list(out.shape))
    W = shape[-1]
    rows = a.shape.volume() // W
    x_blocks, w_blocks = C.div_up(X, xbs), C.div_up(W, wbs)
    total = (rows // X) * x_blocks * w_blocks
    ws = C.split_work_to_cores(dev.compute_with_storage_grid_size(), total)
    all_cores = CoreRangeSet(ws.all_ranges)
    prog = mh.CreateProgram()
    O.cb(prog, all_cores, 0, 2 * xbs, fmt, page_size=in_cb_page)
    O.cb(prog, all_cores, 2, 2 * wbs, fmt, page_size=out_cb_page)
    O.cb(prog, all_cores, 1, 2, fmt, page_size=xbs * wbs * es)
    rk = mh.CreateKernel(prog, _k("reader_permute_interleaved_rm_blocked_generic"), all_cores,
                         ReaderDataMovementConfig(compile_args=O.accessor_args(a) + [
                             rank, in_cb_page, rows, x_dim, total, x_blocks, w_blocks, xbs, wbs, es,
                             a._buffer.aligned_page_size]))
    wk = mh.CreateKernel(prog, _k("writer_permute_interleaved_rm_blocked_generic"), all_cores,
                         WriterDataMovementConfig(compile_args=O.accessor_args(out) + [
                             rank, out_cb_page, rows, X, in_strides[x_dim], x_dim, out_strides[x_dim], in_cb_page,
                             es, total, x_blocks, w_blocks, xbs, wbs, W, out._buffer.aligned_page_size]))
    ck = mh.CreateKernel(prog, _k("transpose_xw_rm_single_tile_size"), all_cores, ComputeConfig(
        fp32_dest_acc_en=out.dtype in _FP32_ACC, compile_args=[xbs, wbs]))
    rtail = shape + in_strides
    wtail = shape + list(dims) + out_strides
    per_core = []
    start = 0
    for core in C.corerange_to_cores(all_cores):
        n = _n(ws, core)
        per_core.append((core, start, start + n, n))
        start += n

    def set_args(tensors):
        src, dst = tensors
        for core, s0, s1, n in per_core:
            mh.SetRuntimeArgs(prog, rk, core, [src.buffer_address(), s0, s1] + rtail)
            mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address(), s0, s1] + wtail)
            mh.SetRuntimeArgs(prog, ck, core, [n, 0, 0])

    return O.ProgramEntry(prog, set_args, len(per_core), "permute_rm_blocked_generic")


def _tiled_shape(t: Tensor) -> list:
    p = list(t.padded_shape)
    return p[:-2] + [p[-2] // TILE_SIZE, p[-1] // TILE_SIZE]


def _strides(shape) -> list:
    r = len(shape)
    st = [1] * r
    for i in range(r - 2, -1, -1):
        st[i] = st[i + 1] * shape[i + 1]
    return st


def _permute_tile_invariant(a: Tensor, out: Tensor, dims, pad_value) -> O.ProgramEntry:
    """PermuteDeviceOperation::MultiCoreTileInvariant::create_descriptor."""
    dev = a._device
    fmt = data_format(a.dtype)
    page = formats.tile_size(fmt)
    rank = len(dims)
    n_tiles = out.padded_shape.volume() // C.TILE_HW
    swap_hw = dims[-2] == rank - 1 and dims[-1] == rank - 2
    ws = C.split_work_to_cores(dev.compute_with_storage_grid_size(), n_tiles)
    all_cores = CoreRangeSet(ws.all_ranges)
    prog = mh.CreateProgram()
    O.cb(prog, all_cores, 0, 2, fmt)
    out_cb = 0
    if swap_hw:
        O.cb(prog, all_cores, 16, 2, fmt)
        out_cb = 16
    rk = mh.CreateKernel(prog, _k("reader_permute_interleaved_tiled_invariant"), all_cores, ReaderDataMovementConfig(
        compile_args=O.accessor_args(a) + [rank, page, n_tiles]))
    wk = mh.CreateKernel(prog, _k("writer_unary_interleaved_start_id"), all_cores, WriterDataMovementConfig(
        compile_args=[out_cb] + O.accessor_args(out)))
    ck = None
    if swap_hw:
        ck = mh.CreateKernel(prog, _k("transpose_wh"), all_cores, ComputeConfig(
            fp32_dest_acc_en=a.dtype in _FP32_ACC, unpack_to_dest_mode=_UTD if a.dtype == DataType.FLOAT32 else None))
    inv = [0] * rank
    for i, d in enumerate(dims):
        inv[d] = i
    tail = _tiled_shape(out) + inv + _strides(_tiled_shape(a))
    per_core = []
    start = 0
    for core in C.corerange_to_cores(all_cores):
        n = _n(ws, core)
        per_core.append((core, start, n))
        start += n

    def set_args(tensors):
        src, dst = tensors
        for core, s0, n in per_core:
            mh.SetRuntimeArgs(prog, rk, core, [src.buffer_address(), s0, s0 + n] + tail)
            mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address(), n, s0])
            if ck is not None:
                mh.SetRuntimeArgs(prog, ck, core, [n])

    return O.ProgramEntry(prog, set_args, len(per_core), "permute_tile_invariant")


def _permute_tile_row_invariant(a: Tensor, out: Tensor, dims, pad_value) -> O.ProgramEntry:
    """PermuteDeviceOperation::MultiCoreTileRowInvariant::create_descriptor (32 x 32 tiles, square faces: the swap
    of tile and face shapes changes nothing)."""
    dev = a._device
    rank = len(dims)
    dims = list(dims)
    shape = list(a.shape)
    out_padded = list(out.padded_shape)
    swap_hw = dims[-1] == rank - 2
    if swap_hw:
        dims = [rank - 1 if d == rank - 2 else (rank - 2 if d == rank - 1 else d) for d in dims]
        shape[-2], shape[-1] = shape[-1], shape[-2]
        out_padded[-2], out_padded[-1] = out_padded[-1], out_padded[-2]
    fmt = data_format(a.dtype)
    es = element_size(a.dtype)
    n_tiles = a.padded_shape.volume() // C.TILE_HW
    n_out = out.padded_shape.volume() // C.TILE_HW
    padded_tiles = n_out // (out_padded[-2] // TILE_SIZE)
    ws, pws, all_cores = _split_pair(dev.compute_with_storage_grid_size(), n_tiles, padded_tiles)
    prog = mh.CreateProgram()
    O.cb(prog, all_cores, 0, 2, fmt)
    out_H = shape[dims[-2]]
    needs_padding = out_H % TILE_SIZE != 0
    num_writes, packed = 0, 0
    if needs_padding:
        O.cb(prog, all_cores, 1, 1, fmt, page_size=_FACE * es)
        num_writes = _FACE // (4 // es)
        packed = _packed_pad(a.dtype, pad_value)
    out_cb = 0
    if swap_hw:
        O.cb(prog, all_cores, 16, 2, fmt)
        out_cb = 16
    h_in_dest = dims.index(rank - 2)
    outer = int(np.prod(shape[:-2], dtype=np.int64))
    rk = mh.CreateKernel(prog, _k("reader_unary_transpose_hc_interleaved_tiled_padding_aware"), all_cores,
                         ReaderDataMovementConfig(compile_args=O.accessor_args(a) + [
                             num_writes, packed, int(needs_padding), int(swap_hw), shape[-1], shape[-2], outer,
                             TILE_SIZE, TILE_SIZE]))
    ck = None
    if swap_hw:
        ck = mh.CreateKernel(prog, _k("transpose_wh"), all_cores, ComputeConfig(
            fp32_dest_acc_en=a.dtype in _FP32_ACC, unpack_to_dest_mode=_UTD if a.dtype == DataType.FLOAT32 else None))
    wk = mh.CreateKernel(prog, _k("writer_permute_interleaved_tiled_row_invariant"), all_cores,
                         WriterDataMovementConfig(compile_args=O.accessor_args(out) + [
                             es, out_cb, out_H, shape[-2], shape[-1], TILE_SIZE, TILE_SIZE, _FACE, _FACE,
                             int(needs_padding), rank, h_in_dest]))
    tail = shape + dims
    per_core = []
    start = pstart = 0
    for core in C.corerange_to_cores(all_cores):
        n = _n(ws, core)
        pn = _n(pws, core) if needs_padding else 0
        per_core.append((core, n, start, pstart, pstart + pn))
        start += n
        if needs_padding:
            pstart += pn

    def set_args(tensors):
        src, dst = tensors
        for core, n, s0, p0, p1 in per_core:
            mh.SetRuntimeArgs(prog, rk, core, [src.buffer_address(), n, s0])
            mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address(), s0, s0 + n, p0, p1] + tail)
            if ck is not None:
                mh.SetRuntimeArgs(prog, ck, core, [n])

    return O.ProgramEntry(prog, set_args, len(per_core), "permute_tile_row_invariant")


def _permute_tiled_generic(a: Tensor, out: Tensor, dims, pad_value) -> O.ProgramEntry:
    """PermuteDeviceOperation::MultiCoreTiledGeneric::create_descriptor."""
    dev = a._device
    rank = len(dims)
    shape = list(a.shape)
    out_shape = list(out.shape)
    y_dim, x_dim = dims[-2], dims[-1]
    x, y, w = shape[x_dim], shape[y_dim], shape[-1]
    es = element_size(a.dtype)
    T = TILE_SIZE
    X_p, W_p = C.round_up(x, T), C.round_up(w, T)
    H_p = C.round_up(shape[-2], T)
    H_t, W_t = H_p // T, W_p // T
    line = _FACE * es
    read_alignment = 32 if a._buffer.is_dram else 16
    misalignment = read_alignment - line if read_alignment > line else 0
    pw = dims.index(rank - 1)
    w_blocks, x_blocks = W_p // T, X_p // T
    nfw = T // _FACE
    xw_vol = X_p * W_p
    for i in range(rank - 1):
        if i != x_dim:
            xw_vol *= shape[i]
    xw_blocks = xw_vol // C.TILE_HW
    needs_x_padding = x % T != 0
    needs_y_padding = y % T != 0
    num_writes, packed = 0, 0
    if needs_x_padding or needs_y_padding:
        num_writes = _FACE // (4 // es)
        packed = _packed_pad(a.dtype, pad_value)
    frw = w % T
    frfw = nfw if frw == 0 else C.div_up(frw, _FACE)
    frx = x % T
    frfx = nfw if needs_x_padding else (nfw if frx == 0 else C.div_up(frx, _FACE))
    n_out = out.padded_shape.volume() // C.TILE_HW
    padded_tiles = n_out // (out.padded_shape[-2] // T)
    ws, pws, all_cores = _split_pair(dev.compute_with_storage_grid_size(), xw_blocks, padded_tiles)
    fmt = data_format(a.dtype)
    page = formats.tile_size(data_format(out.dtype)) + misalignment
    prog = mh.CreateProgram()
    for idx in (0, 1, 2):
        O.cb(prog, all_cores, idx, 2, fmt, page_size=page)
    if needs_y_padding:
        O.cb(prog, all_cores, 3, 1, fmt, page_size=_FACE * es)
    rows_per_x = (a.shape.volume() // w) // x
    rk = mh.CreateKernel(prog, _k("reader_permute_interleaved_tiled_generic"), all_cores, ReaderDataMovementConfig(
        compile_args=O.accessor_args(a) + [
            rank, page, es, T, T, _FACE, _FACE, x_dim, x, w, shape[-2], X_p, W_p, H_p, H_t, W_t, frw, frfw,
            xw_blocks, x_blocks, w_blocks, num_writes, packed, int(needs_x_padding), int(needs_y_padding),
            rows_per_x, misalignment, read_alignment]))
    ck = mh.CreateKernel(prog, _k("transpose_xw_tiled"), all_cores, ComputeConfig(
        fp32_dest_acc_en=a.dtype in _FP32_ACC))
    wk = mh.CreateKernel(prog, _k("writer_permute_interleaved_tiled_generic"), all_cores, WriterDataMovementConfig(
        compile_args=O.accessor_args(out) + [
            rank, page, es, T, T, _FACE, _FACE, x_dim, x, w, out_shape[-2], X_p, W_p, rows_per_x, H_t, W_t, frx,
            frfx, xw_blocks, x_blocks, w_blocks, int(needs_y_padding), pw]))
    tail = shape + list(dims)
    padding = needs_x_padding or needs_y_padding
    per_core = []
    start = pstart = 0
    for core in C.corerange_to_cores(all_cores):
        n = _n(ws, core)
        pn = _n(pws, core) if padding else 0
        per_core.append((core, start, start + n, pstart, pstart + pn))
        start += n
        pstart += pn

    def set_args(tensors):
        src, dst = tensors
        for core, s0, s1, p0, p1 in per_core:
            mh.SetRuntimeArgs(prog, rk, core, [src.buffer_address(), s0, s1] + tail)
            mh.SetRuntimeArgs(prog, ck, core, [s0, s1])
            mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address(), s0, s1, p0, p1] + tail)

    return O.ProgramEntry(prog, set_args, len(per_core), "permute_tiled_generic")
