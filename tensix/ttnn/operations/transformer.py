"""ttnn.experimental.rotary_embedding as tt-metal 622c6fb9 runs it on Wormhole
(ttnn/cpp/ttnn/operations/experimental/transformer/rotary_embedding/): out = x * cos + rotate_half(x) * sin, with
rotate_half(x) = [-x2, x1] over the halves of the last dim, the cos / sin caches [1, 1, S, X] indexed by the row's
position in the sequence (wrapping every Ht tile rows).

RotaryEmbeddingProgramFactory, multi-tile path (head dim X a multiple of 64): the tile rows split row-wise over the
grid; the reader feeds per tile the rotate_half partner tile (rotate half by the reader's choice of tile), the sin,
input and cos tiles; the compute kernel negates the first half's partners (times a -1 scalar tile), multiplies by sin
and cos on the FPU and adds. ttnn's compute config for it: HiFi4, approx on, no fp32 accumulation; the program gives
the first core group a default ComputeConfigDescriptor (HiFi4, 16-bit Dst) and the second the op's config, as the
C++ factory does. The output's logical shape is the input's padded shape (compute_output_specs builds it from the
padded shape). Kernels: tensix/ttnn/kernels/transformer/.

Sharded (legacy height / block, the head dim whole in a shard, as the device op validates): the shard grid's cores,
each its shard's rows; a sharded input is c_0 (reader_rotary_embedding_interleaved_start_id_sharded copies each row's
rotate_half partner from L1), a sharded output is c_16 (the writer only waits for it); a sharded output takes the
input's shard spec, or for an interleaved input tile-row blocks over the most grid cores that divide them
(compute_output_specs).

Single-tile head dim (X = 32, create_single_tile_descriptor): the reader builds the rotate_half matrix
[[0, I], [-I, 0]] in L1 (Float16_b, Bfp8_b for a bfloat8_b input) and the compute kernel rotates by matmul_tiles, then
multiplies by sin and cos and adds, with the op's fidelity and Dst mode on both core groups. For a float32 input its
kernel unpacks the Float16_b matrix with SrcA configured for Float32, which tensix reports (ComputeInitError).

Decode mode (token_index, an input of one sequence position: padded [1, batch, heads, head_dim]): the readers take
the token's tile row of cos / sin once, the compute kernel untilizes it, the writer moves the token's row to the top
of the untilized buffers (c_27 / c_28, shared with their sync indices c_5 / c_6), the compute kernel tilizes them back
(c_29 / c_30) and broadcasts that row over the input's rows (mul_tiles_bcast_rows). tt-metal's program hash leaves
out the token (it is a runtime arg) and the compute config; tensix keys its cache on the config too.

ROW_MAJOR inputs are tilized first (tilize_with_val_padding to tile-padded shapes, as rotary_embedding.cpp does).

Not modelled (NotModelledError): sharded cos / sin caches, ND-sharded inputs.

This module also holds the `experimental` and `transformer` namespaces (ttnn.experimental.*, ttnn.transformer.*); the
attention-head ops in them live in transformer_heads.py."""

from __future__ import annotations

import time
import types

from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.device import formats
from tensix.metalium.types import (ComputeConfig, CoreCoord, CoreRange, CoreRangeSet, MathFidelity,
                                   ReaderDataMovementConfig, WriterDataMovementConfig)
from tensix.ttnn import op as O
from tensix.ttnn.errors import DTypeError, ShapeError, ShardSpecError, TTNNError
from tensix.ttnn.operations import sdpa as _sdpa
from tensix.ttnn.operations import transformer_heads as _heads
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.operations import _dm_common as _dm
from tensix.ttnn.types import (DataType, Layout, MemoryConfig, ShardOrientation, ShardSpec, TensorMemoryLayout,
                               WormholeComputeKernelConfig, data_format)

__all__ = ["experimental", "transformer"]

_KDIR = "transformer/"
_BF16_MINUS_ONE = 0xBF80


def _config(cfg):
    """init_device_compute_kernel_config(arch, cfg, HiFi4, approx true, fp32 false, l1 acc false)."""
    if cfg is not None:
        return cfg
    return WormholeComputeKernelConfig(math_fidelity=MathFidelity.HiFi4, math_approx_mode=True,
                                       fp32_dest_acc_en=False, packer_l1_acc=False, dst_full_sync_en=False)


def rotary_embedding(input_tensor, cos_cache, sin_cache, token_index=None, *, memory_config=None,
                     compute_kernel_config=None, **kwargs):
    """ttnn.experimental.rotary_embedding(input_tensor, cos_cache, sin_cache, token_index=None, *, memory_config=None,
    compute_kernel_config=None): x * cos + rotate_half(x) * sin (GPT-NeoX style halves) over the last dim."""
    what = "ttnn.experimental.rotary_embedding"
    started = time.perf_counter()
    for name, t in (("input_tensor", input_tensor), ("cos_cache", cos_cache), ("sin_cache", sin_cache)):
        if not isinstance(t, Tensor):
            raise TTNNError(f"{what}: {name} is a {type(t).__name__}, not a ttnn.Tensor.\nFix: ttnn.from_torch(...).")
    x, cos, sin = input_tensor, cos_cache, sin_cache
    dev = O.device_of(what, x, cos, sin)
    X = x.padded_shape[-1]
    if not (X == 32 or X % 64 == 0):
        raise ShapeError(f"{what}: Input X dimension ({X}) must be either 32 (single tile) or divisible by 64 "
                         "(rotate_half midpoint must align with a tile boundary).\nFix: pad the head dim to a multiple "
                         "of 64.")
    if tuple(cos.shape) != tuple(sin.shape):
        raise ShapeError(f"{what}: Cosine and Sine cache dimensions must match. Cos cache dimensions: "
                         f"{list(cos.padded_shape)}, Sin cache dimensions: {list(sin.padded_shape)}.")
    cp = tuple(cos.padded_shape)
    if len(cp) < 3 or cp[0] != 1 or cp[1] != 1 or cp[-1] != X:
        raise ShapeError(f"{what}: Cosine cache dimensions must match input dimensions. Expected (1, 1, {X}), but "
                         f"got {list(cp)}.\nFix: pass caches of shape [1, 1, seq_len, {X}].")
    decode = token_index is not None
    if decode:                  # rotary_embedding.cpp: decode mode
        token_index = int(token_index)
        if x.padded_shape[0] != 1:
            raise ShapeError(f"{what}: When token index is provided, sequence length must be 1. Current sequence "
                             f"length: {x.padded_shape[0]}.\nFix: an input of shape [1, batch, heads, head_dim].")
        if not 0 <= token_index < cos.shape[-2]:
            raise ShapeError(f"{what}: Cosine cache must cover the token index. Token index: {token_index}, Cos "
                             f"cache sequence length: {cos.shape[-2]}.")
    elif cos.shape[-2] < x.shape[-2]:
        raise ShapeError(f"{what}: Cosine cache must cover the input sequence length. Input sequence length: "
                         f"{x.shape[-2]}, Cos cache sequence length: {cos.shape[-2]}.")
    if Layout.ROW_MAJOR in (x.layout, cos.layout, sin.layout):
        # rotary_embedding.cpp: every input goes through tilize_with_val_padding (a TILE one as it is), after the
        # checks above on its row-major shape
        from tensix.ttnn.operations.data_movement import tilize_padded_to_tiles
        x, cos, sin = (tilize_padded_to_tiles(t) for t in (x, cos, sin))
    for name, t in (("input_tensor", x), ("cos_cache", cos), ("sin_cache", sin)):
        if t.is_sharded() and (t is not x or t.memory_config().shard_spec is None):
            raise NotModelledError(f"{what}: a sharded {name} is not modelled (only a legacy height- or block-sharded "
                                   "input_tensor; sharded cos / sin caches and ND-sharded inputs are not).\nFix: "
                                   "interleaved caches (ttnn.to_memory_config(t, ttnn.DRAM_MEMORY_CONFIG)).")
        if t.dtype not in (DataType.BFLOAT16, DataType.FLOAT32, DataType.BFLOAT8_B):
            raise DTypeError(f"{what}: {name} is {t.dtype!r}; rotary embedding takes float tensors.")
    if cos.dtype != sin.dtype:
        raise DTypeError(f"{what}: Cos and Sin dtypes must match.\nFix: ttnn.typecast one of them.")
    cfg = _config(compute_kernel_config)
    mc = memory_config or x.memory_config()
    num_rows = x.padded_shape.volume() // X // 32
    mc = _output_memory_config(what, dev, x, mc, num_rows)
    pshape = tuple(x.padded_shape)
    out = O.output_tensor(dev, pshape, x.dtype, Layout.TILE, mc) if not mc.is_sharded() else \
        _dm.make_output(dev, pshape, x.dtype, Layout.TILE, mc)
    Ht, Wt = pshape[-2] // 32, X // 32
    HtWt = Ht * Wt
    single = Wt == 1            # RotaryEmbeddingProgramFactory::create_descriptor: the single-tile descriptor
    grid = O.grid_of(dev)
    in_sharded, out_sharded = x.is_sharded(), out.is_sharded()
    spec = (x if in_sharded else out).memory_config().shard_spec if (in_sharded or out_sharded) else None
    key = ("rotary_embedding", O.spec_key(x), O.spec_key(cos), O.spec_key(sin), O.spec_key(out),
           str(cfg.math_fidelity), bool(cfg.fp32_dest_acc_en), decode)

    def factory():
        prog = mh.CreateProgram()
        if spec is None:
            num_cores, _all, g1, g2, n1, n2 = mh.split_work_to_cores(grid, num_rows, True)
            g1, g2 = list(g1), list(g2)
            cores = g1 + g2                 # grid_to_cores(num_cores, x, y, row_major): row-wise, as the split
        else:                               # each core of the shard grid its shard's rows
            cores = _shard_grid_cores(spec)
            num_cores, g1, g2, n1, n2 = len(cores), cores, [], spec.shape[0] // 32, 0
        shard_tiles = spec.shape[0] * spec.shape[1] // 1024 if spec is not None else 0
        bound = []
        for index, t, sharded in ((0, x, in_sharded), (16, out, out_sharded)):
            if sharded:
                size = formats.tile_size(data_format(t.dtype))
                cb_cfg = mh.CircularBufferConfig(shard_tiles * size, {index: data_format(t.dtype)}).set_page_size(
                    index, size)
                cb_cfg.set_globally_allocated_address(t._buffer)
                mh.CreateCircularBuffer(prog, cores, cb_cfg)
                bound.append((index, cb_cfg))
            else:
                O.cb(prog, cores, index, 2 * Wt, t.dtype)
        if decode:
            _decode_cbs(prog, cores, Wt, cos, sin)
        if single:
            rk, wk = _single_tile_kernels(prog, cores, g1, g2, n1, n2, x, cos, sin, out, cfg, in_sharded, Ht, HtWt,
                                          decode)
        else:
            rk, wk = _multi_tile_kernels(prog, cores, g1, g2, n1, n2, x, cos, sin, out, cfg, in_sharded, Ht, Wt,
                                         HtWt, decode)
        plan = []
        written = 0
        for i, c in enumerate(cores):
            n = n1 if i < len(g1) else n2
            plan.append((c, n, written))
            written += n * Wt

        def set_args(tensors, token=None):
            tx, tc, ts, to = tensors
            for index, cb_cfg in bound:
                cb_cfg.set_globally_allocated_address((tx if index == 0 else to)._buffer)
            # decode: the token's tile row of cos / sin, and its row's byte offset in the untilized tiles
            offset = 0 if token is None else token % 32 * X * 2
            for c, n, w in plan:
                first = w % HtWt if token is None else token // 32 * Wt
                if in_sharded:
                    mh.SetRuntimeArgs(prog, rk, c, [tc.buffer_address(), ts.buffer_address(), n, w // Wt % Ht, first])
                else:
                    mh.SetRuntimeArgs(prog, rk, c, [tx.buffer_address(), tc.buffer_address(), ts.buffer_address(), n,
                                                    w, w // Wt % Ht, first])
                mh.SetRuntimeArgs(prog, wk, c, [to.buffer_address(), n * Wt, w, offset, Wt, X * 2])

        return O.ProgramEntry(prog, set_args, num_cores, "RotaryEmbeddingProgramFactory")

    O.run(what, dev, key, factory, [x, cos, sin, out], [out], {"dtype": x.dtype.name}, started,
          runtime=token_index)
    return out


_DECODE_CBS = [27, 5, 28, 6]          # untilized cos, its sync, untilized sin, its sync
_RETILIZED = [29, 30]                   # retilized cos, sin


def _decode_cbs(prog, cores, Wt, cos, sin):
    """The DECODE_MODE CBs: c_29 / c_30 (Wt retilized cos / sin tiles in their formats) and two Float16_b buffers of
    Wt tiles, each under two CB indices (c_27 + c_5 untilized cos and its sync, c_28 + c_6 for sin)."""
    from tensix.device.formats import DataFormat
    O.cb(prog, cores, 29, Wt, cos.dtype)
    O.cb(prog, cores, 30, Wt, sin.dtype)
    size = formats.tile_size(DataFormat.Float16_b)
    for a, b in ((27, 5), (28, 6)):
        cfg = mh.CircularBufferConfig(Wt * size, {a: DataFormat.Float16_b, b: DataFormat.Float16_b})
        mh.CreateCircularBuffer(prog, cores, cfg.set_page_size(a, size).set_page_size(b, size))


def _writer(prog, cores, out, out_sharded, decode):
    return mh.CreateKernel(prog, O.kernel_path(_KDIR + "writer_rotary_embedding_interleaved_start_id.py"), cores,
                           WriterDataMovementConfig(compile_args=[16] + O.accessor_args(out)
                                                    + (_DECODE_CBS if decode else []),
                                                    defines={"OUT_SHARDED": int(out_sharded),
                                                             "DECODE_MODE": int(decode)}))


def _multi_tile_kernels(prog, cores, g1, g2, n1, n2, x, cos, sin, out, cfg, in_sharded, Ht, Wt, HtWt, decode):
    """create_multi_tile_descriptor's CBs c_1 - c_4, c_24 - c_26 and kernels: the first core group's compute kernel
    gets a default ComputeConfigDescriptor (HiFi4, 16-bit Dst), the second the op's config."""
    half_Wt = Wt // 2
    n_cs = Wt if decode else 2 * Wt
    O.cb(prog, cores, 1, 2 * Wt, x.dtype)
    O.cb(prog, cores, 2, n_cs, cos.dtype)
    O.cb(prog, cores, 3, n_cs, sin.dtype)
    O.cb(prog, cores, 4, 1, DataType.BFLOAT16)
    dm = {"DECODE_MODE": int(decode)}
    extra = _DECODE_CBS + _RETILIZED if decode else []
    O.cb(prog, cores, 24, 1, x.dtype)
    O.cb(prog, cores, 25, 1, cos.dtype)
    O.cb(prog, cores, 26, 1, sin.dtype)
    if in_sharded:
        rk = mh.CreateKernel(
            prog, O.kernel_path(_KDIR + "reader_rotary_embedding_interleaved_start_id_sharded.py"), cores,
            ReaderDataMovementConfig(compile_args=[0, 1, 2, 3, 4, _BF16_MINUS_ONE, Ht, Wt, HtWt,
                                                   half_Wt * formats.tile_size(data_format(x.dtype))]
                                     + O.accessor_args(cos, sin), defines=dm))
    else:
        rk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "reader_rotary_embedding_interleaved_start_id.py"),
                             cores, ReaderDataMovementConfig(compile_args=[0, 1, 2, 3, 4, _BF16_MINUS_ONE, Ht, Wt,
                                                                           HtWt, half_Wt]
                                                             + O.accessor_args(x, cos, sin), defines=dm))
    wk = _writer(prog, cores, out, out.is_sharded(), decode)
    ct = [0, 1, 2, 3, 4, 24, 25, 26, 16, n1, Wt, half_Wt] + extra
    mh.CreateKernel(prog, O.kernel_path(_KDIR + "rotary_embedding.py"), g1, ComputeConfig(compile_args=ct,
                                                                                          defines=dm))
    if g2:
        mh.CreateKernel(prog, O.kernel_path(_KDIR + "rotary_embedding.py"), g2, ComputeConfig(
            math_fidelity=cfg.math_fidelity, fp32_dest_acc_en=bool(cfg.fp32_dest_acc_en),
            compile_args=ct[:9] + [n2, Wt, half_Wt] + extra, defines=dm))
    return rk, wk


def _single_tile_kernels(prog, cores, g1, g2, n1, n2, x, cos, sin, out, cfg, in_sharded, Ht, HtWt, decode):
    """create_single_tile_descriptor (head dim of one tile): c_1 the rotate_half transformation matrix (Bfp8_b for
    a bfloat8_b input, else Float16_b; the reader builds it), c_2 / c_3 two cos / sin tiles, c_24 - c_26 one tile each
    in the input's format; rotary_embedding_single_tile on both core groups with the op's fidelity and fp32_dest_acc_en.
    Returns the reader and writer kernel ids."""
    from tensix.device.formats import DataFormat
    tm_fmt = DataFormat.Bfp8_b if x.dtype == DataType.BFLOAT8_B else DataFormat.Float16_b
    tm_size = formats.tile_size(tm_fmt)
    mh.CreateCircularBuffer(prog, cores, mh.CircularBufferConfig(tm_size, {1: tm_fmt}).set_page_size(1, tm_size))
    O.cb(prog, cores, 2, 1 if decode else 2, cos.dtype)
    O.cb(prog, cores, 3, 1 if decode else 2, sin.dtype)
    dm = {"DECODE_MODE": int(decode)}
    for index in (24, 25, 26):
        O.cb(prog, cores, index, 1, x.dtype)
    name = "reader_rotary_embedding_single_tile_interleaved_start_id" + ("_sharded" if in_sharded else "")
    rk = mh.CreateKernel(prog, O.kernel_path(_KDIR + name + ".py"), cores, ReaderDataMovementConfig(
        compile_args=[0, 2, 3, 1, Ht, HtWt] + (O.accessor_args(cos, sin) if in_sharded else
                                               O.accessor_args(x, cos, sin)), defines=dm))
    wk = _writer(prog, cores, out, out.is_sharded(), decode)
    for group, n in ((g1, n1), (g2, n2)):
        if group:
            mh.CreateKernel(prog, O.kernel_path(_KDIR + "rotary_embedding_single_tile.py"), group, ComputeConfig(
                math_fidelity=cfg.math_fidelity, fp32_dest_acc_en=bool(cfg.fp32_dest_acc_en),
                compile_args=[0, 2, 3, 1, 24, 25, 26, 16, n] + (_DECODE_CBS + _RETILIZED if decode else []),
                defines=dm))
    return rk, wk


def _output_memory_config(what, dev, x: Tensor, mc: MemoryConfig, num_rows: int) -> MemoryConfig:
    """rotary_embedding_device_operation.cpp validate_on_program_cache_miss (the sharding rules) and
    compute_output_specs (a sharded output takes the input's shard spec, or for an interleaved input one of tile-row
    blocks over the most cores of the grid that divide them evenly, ROW_MAJOR)."""
    if x.is_sharded():
        xmc = x.memory_config()
        if xmc.memory_layout == TensorMemoryLayout.WIDTH_SHARDED:
            raise ShardSpecError(f"{what}: Input tensor memory layout must not be WIDTH_SHARDED.\nFix: height- or "
                                 "block-shard the input, with the whole head dim in a shard.")
        if xmc.shard_spec.shape[1] != x.padded_shape[-1]:
            raise ShardSpecError(f"{what}: Input tensor shard width ({xmc.shard_spec.shape[1]}) must equal padded "
                                 f"width ({x.padded_shape[-1]}).\nFix: a shard of width {x.padded_shape[-1]}.")
        if x.padded_shape.volume() // x.padded_shape[-1] % xmc.shard_spec.shape[0]:
            raise ShardSpecError(f"{what}: the input's rows ({x.padded_shape.volume() // x.padded_shape[-1]}) are not "
                                 f"a whole number of shards of {xmc.shard_spec.shape[0]} rows (ttnn requires an even "
                                 "division).\nFix: a shard height that divides them.")
    elif not mc.is_sharded() and x.memory_config().memory_layout != TensorMemoryLayout.INTERLEAVED:
        raise ShardSpecError(f"{what}: Input tensor memory layout must be INTERLEAVED.")
    if not mc.is_sharded():
        return mc
    if mc.memory_layout == TensorMemoryLayout.WIDTH_SHARDED:
        raise ShardSpecError(f"{what}: Output memory config layout must not be WIDTH_SHARDED.\nFix: height or block "
                             "sharding.")
    if x.is_sharded():
        spec = x.memory_config().shard_spec
    else:
        g = O.grid_of(dev)
        n = next(i for i in range(g.x * g.y, 0, -1) if num_rows % i == 0)
        full, part = divmod(n, g.x)      # num_cores_to_corerangeset(n, grid, row_wise=true): whole rows, then a part
        ranges = [CoreRange(CoreCoord(0, 0), CoreCoord(g.x - 1, full - 1))] if full else []
        if part:
            ranges.append(CoreRange(CoreCoord(0, full), CoreCoord(part - 1, full)))
        grid = CoreRangeSet(ranges)
        spec = ShardSpec(grid, (-(-num_rows // n) * 32, x.padded_shape[-1]), ShardOrientation.ROW_MAJOR)
    return MemoryConfig(mc.memory_layout, mc.buffer_type, spec)


def _shard_grid_cores(spec) -> list:
    """grid_to_cores(num_cores, bbox.x + 1, bbox.y + 1, row_major) over the shard grid's bounding box."""
    xs = [r.end.x for r in spec.grid.ranges]
    ys = [r.end.y for r in spec.grid.ranges]
    nx, ny = max(xs) + 1, max(ys) + 1
    n = spec.grid.num_cores()
    if spec.orientation == ShardOrientation.ROW_MAJOR:
        return [CoreCoord(i % nx, i // nx) for i in range(n)]
    return [CoreCoord(i // ny, i % ny) for i in range(n)]


experimental = types.SimpleNamespace(rotary_embedding=rotary_embedding,
                                     nlp_create_qkv_heads=_heads.nlp_create_qkv_heads,
                                     nlp_concat_heads=_heads.nlp_concat_heads)
"""ttnn.experimental: the experimental ops tensix.ttnn has (rotary_embedding, nlp_create_qkv_heads,
nlp_concat_heads)."""

transformer = types.SimpleNamespace(
    split_query_key_value_and_split_heads=_heads.split_query_key_value_and_split_heads,
    concatenate_heads=_heads.concatenate_heads,
    attention_softmax=_heads.attention_softmax,
    attention_softmax_=_heads.attention_softmax_,
    scaled_dot_product_attention=_sdpa.scaled_dot_product_attention,
    chunked_scaled_dot_product_attention=_sdpa.chunked_scaled_dot_product_attention,
    scaled_dot_product_attention_decode=_sdpa.scaled_dot_product_attention_decode,
    paged_scaled_dot_product_attention_decode=_sdpa.paged_scaled_dot_product_attention_decode,
    windowed_scaled_dot_product_attention=_sdpa.windowed_scaled_dot_product_attention)
"""ttnn.transformer: the transformer ops tensix.ttnn has (tensix/ttnn/operations/transformer_heads.py; the prefill
scaled_dot_product_attention in sdpa.py, whose decode / chunked / paged / windowed variants raise NotModelledError)."""
