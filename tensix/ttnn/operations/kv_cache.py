"""ttnn.update_cache / ttnn.fill_cache (and ttnn.kv_cache.update_cache_for_token_ / fill_cache_for_user_, the same
device op) as tt-metal 622c6fb9 runs them on Wormhole (ttnn/cpp/ttnn/operations/kv_cache/): in-place writes into a
tiled KV cache [users, heads, max_seq_len, head_dim]; the cache tensor is returned.

fill_cache(cache, input, batch_idx, *, update_idx=0): the input [1, heads, seq_len, head_dim] becomes rows
update_idx .. update_idx + seq_len of user batch_idx (update_idx a multiple of 32). FillCacheMultiCoreProgramFactory
(fill_cache_multi_core_program_factory.cpp): no compute, the input's tile rows (blocks of Wt tiles) split over the grid
(split_work_to_cores, row-wise) or over the input's shard grid (each core its shard), the reader
(reader_fill_cache_interleaved_start_id) feeds c_0 and the writer (eltwise writer_unary_interleaved_start_id) writes
each core's tiles as one contiguous run of cache pages from its first block's position. As in tt-metal, a core's
blocks are assumed not to cross a head (the factory's TODO): a split that gives a core blocks of two heads writes the
second head's tiles after the first head's rows, as the card does.

update_cache(cache, input, update_idx, *, batch_offset=0, compute_kernel_config=None): the input [1, heads, B, head_dim]
(B >= users, tile-padded: 32 rows hold 32 users) writes row update_idx of every user and head; users batch_offset ..
batch_offset + users of the input's rows are taken when the cache has fewer than 32 users.
UpdateCacheMultiCoreProgramFactory (update_cache_multi_core_program_factory.cpp): the batched heads (heads * B / 32
tile rows of the input) split over the grid or the input's shard grid; per head the compute kernel untilizes the
input's tile row, then per pair of users (granularity min(2, users)) untilizes the users' cache tile rows holding
update_idx, the writer copies each user's row over row update_idx % 32 in L1 (c_24 and c_25 are two indices of one
buffer), the compute kernel tilizes them back (c_16) and the writer writes them to the cache. The untilized buffers are
Float32 with fp32_dest_acc_en, else Float16_b: a float32 cache updated without fp32_dest_acc_en loses its other rows'
low mantissa bits, and float32 data goes through SrcA (TF32) in the untilize / tilize copies, as on the card.
Kernels: tensix/ttnn/kernels/kv_cache/ (the compute kernel is update_cache.py, ported call by call).

Deviations: tt-metal's program hash is the op type and the two tensors only (update_idx, batch_idx, batch_offset are
runtime args; the compute config is left out of the hash, so a second call with another config would reuse the first
program on the card); tensix keys its program cache on the compute config too.

Not modelled (NotModelledError): an input sharded with an ND shard spec only (no legacy shard spec: the factory reads
input.shard_spec()). A cache in L1 sharded with a legacy spec is refused as tt-metal's validation refuses it."""

from __future__ import annotations

import time
import types

from tensix.device import formats
from tensix.device.formats import DataFormat
from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.types import ComputeConfig, ReaderDataMovementConfig, WriterDataMovementConfig
from tensix.ttnn import op as O
from tensix.ttnn.errors import DTypeError, LayoutError, ShapeError, ShardSpecError, TTNNError
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import DataType, Layout, TensorMemoryLayout, data_format, init_device_compute_kernel_config

__all__ = ["update_cache", "fill_cache", "kv_cache"]

_KDIR = "kv_cache/"
_DTYPES = (DataType.FLOAT32, DataType.BFLOAT16, DataType.BFLOAT8_B)
_FILL, _UPDATE = "FILL", "UPDATE"


def _validate(what: str, cache: Tensor, x: Tensor, op_type: str, batch_idx: int, update_idx: int,
              batch_offset: int):
    """UpdateKVCacheOperation::validate_on_program_cache_miss (update_cache_device_operation.cpp)."""
    for name, t in (("cache", cache), ("input", x)):
        if not isinstance(t, Tensor):
            raise TTNNError(f"{what}: {name} is a {type(t).__name__}, not a ttnn.Tensor.\nFix: ttnn.from_torch(...).")
    dev = O.device_of(what, cache, nd_ok=True)
    if O.device_of(what, x) is not dev:
        raise TTNNError(f"{what}: Operands to update_cache need to be on the same device!")
    if x.layout != Layout.TILE or cache.layout != Layout.TILE:
        raise LayoutError(f"{what}: Inputs to update_cache must be tilized (cache {cache.layout!r}, input "
                          f"{x.layout!r}).\nFix: ttnn.to_layout(t, ttnn.TILE_LAYOUT).")
    for name, t in (("Input", x), ("Cache", cache)):
        if t.dtype not in _DTYPES:
            raise DTypeError(f"{what}: {name} tensor dtype must be FLOAT32, BFLOAT16, or BFLOAT8_B but got "
                             f"{t.dtype!r}.\nFix: ttnn.typecast it.")
    xp, cp = tuple(x.padded_shape), tuple(cache.padded_shape)
    if len(xp) != 4 or len(cp) != 4:
        raise ShapeError(f"{what}: cache {list(cp)} and input {list(xp)} must be 4-D ([users, heads, seq, head_dim] "
                         "and [1, heads, rows, head_dim]).")
    if xp[-1] != cp[-1]:
        raise ShapeError(f"{what}: Input tensor width ({xp[-1]}) must equal cache tensor width ({cp[-1]}).")
    if xp[0] != 1:
        raise ShapeError(f"{what}: Input tensor batch size must be 1 but got {xp[0]}.\nFix: put the users in dim -2 "
                         "(update_cache) or pass one user (fill_cache).")
    if xp[1] != cp[1]:
        raise ShapeError(f"{what}: Input tensor height ({xp[1]}) must equal cache tensor height ({cp[1]}) (dim 1, the "
                         "heads).")
    cmc = cache.memory_config()
    ok = (cmc.memory_layout in (TensorMemoryLayout.INTERLEAVED, TensorMemoryLayout.ND_SHARDED)
          or (cmc.memory_layout == TensorMemoryLayout.HEIGHT_SHARDED and cmc.created_with_nd_shard_spec
              and cmc.is_dram()))
    if not ok:
        raise ShardSpecError(f"{what}: Cache tensor memory layout must be INTERLEAVED, ND_SHARDED, or HEIGHT_SHARDED "
                             f"(created from ND shard spec) but got {cmc.memory_layout!r}.\nFix: an interleaved cache "
                             "(ttnn.DRAM_MEMORY_CONFIG).")
    if x.is_sharded():
        xmc = x.memory_config()
        if xmc.memory_layout == TensorMemoryLayout.WIDTH_SHARDED:
            raise ShardSpecError(f"{what}: Input tensor memory layout must not be WIDTH_SHARDED but got "
                                 f"{xmc.memory_layout!r}.\nFix: height-shard the input.")
        spec = xmc.shard_spec
        if spec is None:
            raise NotModelledError(f"{what}: an input sharded with an ND shard spec only ({xmc.nd_shard_spec!r}) is "
                                   "not modelled (the factory reads input.shard_spec()).\nFix: a legacy height shard "
                                   "spec (ttnn.ShardSpec) or an interleaved input.")
        if spec.shape[1] != xp[-1]:
            raise ShardSpecError(f"{what}: Input tensor shard width ({spec.shape[1]}) must equal padded width "
                                 f"({xp[-1]}).")
        rows = x.padded_shape.volume() // xp[-1]
        if op_type == _FILL and xp[-2] % spec.shape[0]:
            raise ShardSpecError(f"{what}: Seq len must be divisible by shard height! ({xp[-2]} rows, shards of "
                                 f"{spec.shape[0]}).")
        if op_type == _UPDATE and rows % spec.shape[0]:
            raise ShardSpecError(f"{what}: Error (the input's {rows} rows are not a whole number of shards of "
                                 f"{spec.shape[0]} rows: update_cache requires an even division).")
    elif op_type == _UPDATE and x.memory_config().memory_layout != TensorMemoryLayout.INTERLEAVED:
        raise ShardSpecError(f"{what}: Input tensor memory layout must be INTERLEAVED but got "
                             f"{x.memory_config().memory_layout!r}.")
    if op_type == _FILL:
        if x.dtype != cache.dtype:
            raise DTypeError(f"{what}: Input and cache tensors must have same dtype! (input {x.dtype!r}, cache "
                             f"{cache.dtype!r}; fill_cache has no compute kernel to convert).\nFix: ttnn.typecast "
                             "the input to the cache's dtype.")
        if not 0 <= batch_idx < cp[0]:
            raise ShapeError(f"{what}: Batch index ({batch_idx}) must be less than cache tensor batch size ({cp[0]}).")
        if update_idx % 32:
            raise ShapeError(f"{what}: Fill update_idx ({update_idx}) must be a multiple of TILE_HEIGHT (32).")
        if not (0 <= update_idx <= cp[-2] and xp[-2] <= cp[-2] - update_idx):
            raise ShapeError(f"{what}: Fill update_idx ({update_idx}) + input tensor height ({xp[-2]}) must be <= "
                             f"cache tensor height ({cp[-2]}).")
    else:
        if cp[0] > xp[-2]:
            raise ShapeError(f"{what}: Cache tensor batch size ({cp[0]}) must be <= input tensor height ({xp[-2]}) "
                             "(the input holds one row per user in dim -2).")
        if cp[0] < 32:
            if batch_offset + cp[0] > 32:
                raise ShapeError(f"{what}: Batch offset ({batch_offset}) + cache tensor batch size ({cp[0]}) must be "
                                 "<= 32.")
        elif batch_offset != 0:
            raise ShapeError(f"{what}: Batch offset must be 0 when cache tensor batch size >= 32 (got "
                             f"{batch_offset}).")
        if update_idx < 0:
            raise ShapeError(f"{what}: update_idx ({update_idx}) is a uint32 position in the cache.")
    return dev


def _grid_to_cores(spec) -> list:
    """grid_to_cores(num_cores, bbox.x + 1, bbox.y + 1, row_major) over the input's shard grid."""
    from tensix.ttnn.operations.transformer import _shard_grid_cores
    return _shard_grid_cores(spec)


def _core_plan(dev, x: Tensor, units: int):
    """The cores in order and units of work (tile rows of the input) each: the input's shard grid (its shard's rows
    each), or split_work_to_cores over the compute grid row-wise. Returns (plan [(core, n)], cores, groups
    [(cores, n)], shard spec or None)."""
    if x.is_sharded():
        spec = x.memory_config().shard_spec
        cores = _grid_to_cores(spec)
        n = spec.shape[0] // 32
        return [(c, n) for c in cores], cores, [(cores, n)], spec
    _num, _all, g1, g2, n1, n2 = mh.split_work_to_cores(O.grid_of(dev), units, True)
    g1, g2 = list(g1), list(g2)
    groups = [(g1, n1)] + ([(g2, n2)] if g2 else [])
    return [(c, n1) for c in g1] + [(c, n2) for c in g2], g1 + g2, groups, None


def _input_cb(prog, cores, index, x: Tensor, spec, unsharded_tiles):
    """The input's CB: the core's shard (globally allocated on the input's buffer) or `unsharded_tiles` tiles."""
    fmt = data_format(x.dtype)
    size = formats.tile_size(fmt)
    if spec is None:
        O.cb(prog, cores, index, unsharded_tiles, fmt)
        return None
    cfg = mh.CircularBufferConfig(spec.shape[0] * spec.shape[1] // 1024 * size, {index: fmt}).set_page_size(index,
                                                                                                          size)
    cfg.set_globally_allocated_address(x._buffer)
    mh.CreateCircularBuffer(prog, cores, cfg)
    return cfg


# ------------------------------------------------------------------------------------------------ fill
def _fill(what: str, cache: Tensor, x: Tensor, batch_idx: int, update_idx: int) -> Tensor:
    started = time.perf_counter()
    batch_idx, update_idx = int(batch_idx), int(update_idx)
    dev = _validate(what, cache, x, _FILL, batch_idx, update_idx, 0)
    xp, cp = tuple(x.padded_shape), tuple(cache.padded_shape)
    Wt = cp[-1] // 32
    input_Ht = xp[-2] // 32
    cache_HtWt = cp[-2] * Wt // 32
    cache_CHtWt = cp[1] * cache_HtWt
    num_blocks = xp[1] * xp[-2] // 32
    key = ("fill_cache", O.spec_key(cache), O.spec_key(x))

    def factory():
        prog = mh.CreateProgram()
        plan, cores, _groups, spec = _core_plan(dev, x, num_blocks)
        bound = _input_cb(prog, cores, 0, x, spec, 2)
        defines = {"INPUT_SHARDED": 1} if spec is not None else {}
        rk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "reader_fill_cache_interleaved_start_id.py"), cores,
                             ReaderDataMovementConfig(compile_args=O.accessor_args(x), defines=defines))
        wk = mh.CreateKernel(prog, O.kernel_path("eltwise/writer_unary_interleaved_start_id.py"), cores,
                             WriterDataMovementConfig(compile_args=[0] + O.accessor_args(cache)))

        def set_args(tensors, runtime):
            tc, tx, _out = tensors
            b_idx, u_idx = runtime
            if bound is not None:
                bound.set_globally_allocated_address(tx._buffer)
            start_idx = b_idx * cache_CHtWt + u_idx // 32 * Wt
            written = 0
            for c, n in plan:
                mh.SetRuntimeArgs(prog, rk, c, [tx.buffer_address(), n * Wt, written * Wt])
                first = start_idx + written // input_Ht * cache_HtWt + written % input_Ht * Wt
                mh.SetRuntimeArgs(prog, wk, c, [tc.buffer_address(), n * Wt, first])
                written += n

        return O.ProgramEntry(prog, set_args, len(cores), "FillCacheMultiCoreProgramFactory")

    O.run(what, dev, key, factory, [cache, x, cache], [cache], {"batch_idx": batch_idx, "update_idx": update_idx},
          started, runtime=(batch_idx, update_idx))
    return cache


# ------------------------------------------------------------------------------------------------ update
def _update(what: str, cache: Tensor, x: Tensor, update_idx: int, batch_offset: int, compute_kernel_config):
    started = time.perf_counter()
    update_idx, batch_offset = int(update_idx), int(batch_offset)
    dev = _validate(what, cache, x, _UPDATE, 0, update_idx, batch_offset)
    cfg = init_device_compute_kernel_config(None, compute_kernel_config)
    fp32 = bool(cfg.fp32_dest_acc_en)
    xp, cp = tuple(x.padded_shape), tuple(cache.padded_shape)
    cache_fmt = data_format(cache.dtype)
    interm_fmt = DataFormat.Float32 if fp32 else DataFormat.Float16_b
    interm_size = formats.tile_size(interm_fmt)
    Wt = cp[-1] // 32
    Wbytes = cp[-1] * (4 if fp32 else 2)        # one untilized row
    cache_total = cache.padded_shape.volume() // 1024
    cache_batch = cache_total // cp[0]
    cache_head = cache_batch // cp[1]
    B = xp[-2]
    Bcache = cp[0]
    granularity = min(2, Bcache)                # "granularity = 2 best for performance"
    num_batched_heads = xp[1] * B // 32
    u_count = min(32, Bcache) // granularity
    key = ("update_cache", O.spec_key(cache), O.spec_key(x), str(cfg.math_fidelity), bool(cfg.math_approx_mode), fp32,
           bool(cfg.dst_full_sync_en))

    def factory():
        prog = mh.CreateProgram()
        plan, cores, groups, spec = _core_plan(dev, x, num_batched_heads)
        O.cb(prog, cores, 0, 2 * granularity * Wt, cache_fmt)
        bound = _input_cb(prog, cores, 1, x, spec, 2 * Wt)
        # c_24 (untilized cache rows) and c_25 (the same rows once the writer has updated them): one buffer
        n_interm = 2 * granularity * Wt
        shared = mh.CircularBufferConfig(n_interm * interm_size, {24: interm_fmt, 25: interm_fmt})
        mh.CreateCircularBuffer(prog, cores, shared.set_page_size(24, interm_size).set_page_size(25, interm_size))
        O.cb(prog, cores, 26, n_interm, interm_fmt)
        O.cb(prog, cores, 16, B * Wt, cache_fmt)       # "must buffer all tiles for a single head"
        defines = {"INPUT_SHARDED": 1} if spec is not None else {}
        rk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "reader_update_cache_interleaved_start_id.py"), cores,
                             ReaderDataMovementConfig(compile_args=[0, 1, granularity, u_count]
                                                      + O.accessor_args(cache, x), defines=defines))
        wk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "writer_update_cache_interleaved_start_id.py"), cores,
                             WriterDataMovementConfig(compile_args=[16, 24, 25, 26, granularity, u_count]
                                                      + O.accessor_args(cache)))
        for group, n in groups:
            mh.CreateKernel(prog, O.kernel_path(_KDIR + "update_cache.py"), group, ComputeConfig(
                math_fidelity=cfg.math_fidelity, fp32_dest_acc_en=fp32, math_approx_mode=bool(cfg.math_approx_mode),
                dst_full_sync_en=bool(cfg.dst_full_sync_en),
                compile_args=[0, 1, 24, 25, 26, 16, n, Wt, granularity, u_count]))

        def set_args(tensors, runtime):
            tc, tx, _out = tensors
            u_idx, b_off = runtime
            if bound is not None:
                bound.set_globally_allocated_address(tx._buffer)
            cache_tile_idx = u_idx // 32 * Wt
            tile_update_offset = u_idx % 32 * Wbytes
            batch_read_offset = b_off * Wbytes
            done = 0
            for c, n in plan:
                input_start_id = done * Wt
                batch_start_id = done * 32 % B
                cache_start_id = (batch_start_id * cache_batch + done * 32 // B * cache_head) + cache_tile_idx
                mh.SetRuntimeArgs(prog, rk, c, [tc.buffer_address(), tx.buffer_address(), Wt, Bcache, n, cache_total,
                                                cache_batch, cache_head, cache_start_id, input_start_id,
                                                batch_start_id])
                mh.SetRuntimeArgs(prog, wk, c, [tc.buffer_address(), Wt, Bcache, n, cache_total, cache_batch,
                                                cache_head, cache_start_id, batch_start_id, Wbytes,
                                                tile_update_offset, batch_read_offset])
                done += n

        return O.ProgramEntry(prog, set_args, len(cores), "UpdateCacheMultiCoreProgramFactory")

    O.run(what, dev, key, factory, [cache, x, cache], [cache],
          {"update_idx": update_idx, "batch_offset": batch_offset}, started, runtime=(update_idx, batch_offset))
    return cache


def _ints(what, **values):
    for name, v in values.items():
        if isinstance(v, bool) or not isinstance(v, int) and not hasattr(v, "__index__"):
            raise TTNNError(f"{what}: {name} must be an int, not {type(v).__name__}.")


def update_cache(cache, input, update_idx, *, batch_offset=0, compute_kernel_config=None, **kwargs):
    """ttnn.update_cache(cache, input, update_idx, *, batch_offset=0, compute_kernel_config=None): row update_idx of
    every user and head of the cache from the input [1, heads, B, head_dim] (one row per user); returns the cache."""
    what = "ttnn.update_cache"
    O.refuse_unknown_kwargs(what, kwargs)
    _ints(what, update_idx=update_idx, batch_offset=batch_offset)
    return _update(what, cache, input, update_idx, batch_offset, compute_kernel_config)


def fill_cache(cache_tensor, input_tensor, batch_idx, *, update_idx=0, **kwargs):
    """ttnn.fill_cache(cache_tensor, input_tensor, batch_idx, *, update_idx=0): rows update_idx .. of user batch_idx
    from the input [1, heads, seq_len, head_dim]; returns the cache."""
    what = "ttnn.fill_cache"
    O.refuse_unknown_kwargs(what, kwargs)
    _ints(what, batch_idx=batch_idx, update_idx=update_idx)
    return _fill(what, cache_tensor, input_tensor, batch_idx, update_idx)


def update_cache_for_token_(cache, input, update_index, batch_offset=0, compute_kernel_config=None, **kwargs):
    """ttnn.kv_cache.update_cache_for_token_(cache, input, update_index, batch_offset=0, compute_kernel_config=None):
    ttnn.update_cache (kv_cache.cpp: the same device op)."""
    what = "ttnn.kv_cache.update_cache_for_token_"
    O.refuse_unknown_kwargs(what, kwargs)
    _ints(what, update_index=update_index, batch_offset=batch_offset)
    return _update(what, cache, input, update_index, batch_offset, compute_kernel_config)


def fill_cache_for_user_(cache, input, batch_index, *, update_idx=0, **kwargs):
    """ttnn.kv_cache.fill_cache_for_user_(cache, input, batch_index, *, update_idx=0): ttnn.fill_cache."""
    what = "ttnn.kv_cache.fill_cache_for_user_"
    O.refuse_unknown_kwargs(what, kwargs)
    _ints(what, batch_index=batch_index, update_idx=update_idx)
    return _fill(what, cache, input, batch_index, update_idx)


kv_cache = types.SimpleNamespace(fill_cache_for_user_=fill_cache_for_user_,
                                 update_cache_for_token_=update_cache_for_token_)
"""ttnn.kv_cache: the in-place cache ops under their kv_cache names (kv_cache_nanobind.cpp)."""
