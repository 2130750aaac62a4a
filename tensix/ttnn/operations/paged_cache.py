"""ttnn.experimental.paged_update_cache / paged_fill_cache as tt-metal 622c6fb9 runs them on Wormhole
(ttnn/cpp/ttnn/operations/experimental/paged_cache/): decode-time and prefill writes into a KV cache, in place, the
cache tensor returned. The cache is [users, kv_heads, max_seq_len, head_dim], or paged [max_num_blocks, kv_heads,
block_size, head_dim] with a page table [users, max_blocks_per_seq] (int32, row-major) mapping each user's virtual
blocks to physical ones.

paged_update_cache(cache, input, *, update_idxs=[] | update_idxs_tensor, share_cache, page_table, ...):
PagedUpdateCacheProgramFactory (update/paged_update_cache_program_factory.cpp). The input [1, users, heads (padded to
32), head_dim] is height-sharded one user per core (the validation requires as many shards as users); per core the
compute kernel untilizes the user's tile row (its heads are the rows), then per head untilizes the head's cache tile
row holding the update position, the writer copies the head's row over it (c_24 / c_25: one buffer), the compute
kernel tilizes it back and the writer writes it. The position comes from update_idxs (runtime args) or from the
int32 index tensor (the kernels read its page; -1 skips the user; cache_position_modulo wraps it), through the
user's page-table row in paged mode (block_size / num_kv_heads overrides reinterpret the blocks, the per-block element
count preserved). share_cache (one cache of batch 1 for all users) chains the cores with a semaphore: each core's
reader waits until the previous core's writer is done. The untilized buffers are Float32 with fp32_dest_acc_en
(compute_kernel_config), else Float16_b.

paged_fill_cache(cache, input, page_table, *, batch_idx_tensor=None, batch_idx=0, block_size, cache_position_modulo):
PagedFillCacheProgramFactory (fill_cache/paged_fill_cache_program_factory.cpp): no compute; the input's tile rows
[input_batch, heads, seq_tiles] split over the grid, the writer maps each row through the page table of its batch
index (the scalar, or the batch_idx tensor's entry for the row) and writes its Wt tiles; page-table entries of -1 drop
the row; a bounded cache (cache_position_modulo) keeps the last rows of each head.
Kernels: tensix/ttnn/kernels/paged_cache/.

paged_fused_update_cache(cache1, input1, cache2, input2, *, update_idxs | update_idxs_tensor, share_cache,
page_table, ...): PagedTiledFusedUpdateCacheProgramFactory / PagedRowMajorFusedUpdateCacheProgramFactory
(fused_update_cache/), both caches in one program, each input on its own grid (docstring of paged_fused_update_cache
below).

Not modelled (NotModelledError): mesh_coords (the mesh workload factories), a sharded page table (UINT16 in L1: the
kernels read its entries as uint32) and a sharded update_idxs_tensor. Refused as tt-metal does not check them (its
program would copy wrong data): a paged_fill_cache whose input dtype differs from the cache's (the writer copies
input tiles unconverted into the cache's pages) or whose input is row-major; a paged_fused_update_cache whose two
caches (or two inputs) differ in dtype or shape (the program sizes both from the first), whose grids do not have one
core per user, whose users' heads do not fit the input's rows (32 tiled, 8 row-major), or whose row-major input rows
are not as wide as the untilized cache rows (a float32 input needs fp32_dest_acc_en, a bfloat16 one its absence).
Deviation: TensorAccessorArgs of an absent tensor (no index tensor, no page table) is one placeholder word here."""

from __future__ import annotations

import time

from tensix.device import formats
from tensix.device.formats import DataFormat
from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.types import ComputeConfig, CoreRangeSet, ReaderDataMovementConfig, WriterDataMovementConfig
from tensix.ttnn import op as O
from tensix.ttnn.errors import DTypeError, LayoutError, ShapeError, ShardSpecError, TTNNError
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import (BufferType, DataType, Layout, ShardOrientation, TensorMemoryLayout, data_format,
                               init_device_compute_kernel_config)

__all__: list[str] = []     # the ops join ttnn.experimental (below)

_KDIR = "paged_cache/"
_ABSENT = [0]               # TensorAccessorArgs(nullptr): one placeholder word


def _tensor(what, name, t, optional=False):
    if t is None and optional:
        return None
    if not isinstance(t, Tensor):
        raise TTNNError(f"{what}: {name} is a {type(t).__name__}, not a ttnn.Tensor.\nFix: ttnn.from_torch(...).")
    return t


def _no_mesh(what, mesh_coords):
    if mesh_coords is not None:
        raise NotModelledError(f"{what}: mesh_coords (the op's MeshWorkloadFactory, which runs the program on the "
                               "listed mesh coordinates only) is not modelled by tensix.\nFix: call it without "
                               "mesh_coords on a single device.")


def _corerange_to_cores(grid, n, row_wise=True) -> list:
    """corerange_to_cores(all_cores, num_cores, row_wise): the ranges in order, each row by row (row_wise) or
    column by column."""
    out = []
    for r in grid.ranges:
        if row_wise:
            coords = [(x, y) for y in range(r.start.y, r.end.y + 1) for x in range(r.start.x, r.end.x + 1)]
        else:
            coords = [(x, y) for x in range(r.start.x, r.end.x + 1) for y in range(r.start.y, r.end.y + 1)]
        out += coords
    from tensix.metalium.types import CoreCoord
    return [CoreCoord(x, y) for x, y in out[:n]]


def _check_geometry(what, cache: Tensor, heads: int, block_size: int, head_dim: int):
    cp = tuple(cache.padded_shape)
    have = cp[1] * cp[2] * cp[3]
    view = heads * block_size * head_dim
    if have != view:
        raise ShapeError(f"{what} geometry mismatch: cache has {have} elems/block (kv_heads={cp[1]}, block_size="
                         f"{cp[2]}, head_dim={cp[3]}) but call view is {view} (kv_heads={heads}, block_size="
                         f"{block_size}, head_dim={head_dim}).\nFix: overrides that keep kv_heads * block_size * "
                         "head_dim equal to the cache's.")
    if block_size % 32:
        raise ShapeError(f"{what}: effective block_size ({block_size}) must be a multiple of TILE_HEIGHT (32).")


def _check_page_table(what, pt: Tensor, sharded_ok: bool):
    if pt.layout != Layout.ROW_MAJOR:
        raise LayoutError(f"{what}: Expect page table to have memory layout in ROW MAJOR.")
    if pt.is_sharded():
        if not sharded_ok:
            raise ShardSpecError(f"{what}: Expect page_table_tensor to have memory layout INTERLEAVED.")
        raise NotModelledError(f"{what}: a sharded page table (UINT16, read by the kernels as uint32 words) is not "
                               "modelled.\nFix: an INT32 page table in DRAM, interleaved.")
    if pt.dtype != DataType.INT32:
        raise DTypeError(f"{what}: Expect page table to have datatype INT32 (got {pt.dtype!r}).")


# ------------------------------------------------------------------------------------------------ update
def _check_indices_and_input_shards(what, x, xp, idxs, idx_t):
    """The update-index and input-shard checks paged_update_cache and paged_fused_update_cache share (tt-metal
    622c6fb9 paged_update_cache_device_operation.cpp / paged_fused_update_cache_device_operation.cpp validate both
    the same way): exactly one of the index forms, an INT32 row-major DRAM index tensor, one index per user, the
    input height-sharded one user per core, row-major orientation, full-width shards. Returns the input's shard
    spec."""
    if (idx_t is not None) == bool(idxs):
        raise TTNNError(f"{what}: Only an update tensor or an update vector can be provided. Not both or neither.")
    if idx_t is not None:
        if idx_t.dtype != DataType.INT32:
            raise DTypeError(f"{what}: Expected update_idxs to have datatype INT32 (got {idx_t.dtype!r}).")
        if idx_t.layout != Layout.ROW_MAJOR:
            raise LayoutError(f"{what}: Expected update_idxs to have memory layout in ROW MAJOR.")
        if idx_t.is_sharded():
            raise NotModelledError(f"{what}: an L1 height-sharded update_idxs_tensor (the index CB on the tensor's "
                                   "own shard) is not modelled.\nFix: an INT32 index tensor in DRAM, interleaved.")
        if idx_t.memory_config().buffer_type != BufferType.DRAM:
            raise ShardSpecError(f"{what}: Expect update_idxs to have buffer type DRAM.")
        num_indices = idx_t.padded_shape[0]
    else:
        num_indices = len(idxs)
    if xp[1] != num_indices:
        raise ShapeError(f"{what}: Number of update_idxs ({num_indices}) should match batch size ({xp[1]}).")
    if not x.is_sharded():
        raise ShardSpecError(f"{what}: Expect input_tensor to be sharded (height-sharded, one user per core).")
    xmc = x.memory_config()
    spec = xmc.shard_spec
    if xmc.memory_layout == TensorMemoryLayout.WIDTH_SHARDED:
        raise ShardSpecError(f"{what}: Expect input_tensor to NOT have memory layout WIDTH SHARDED.")
    if spec is None:
        raise NotModelledError(f"{what}: an input sharded with an ND shard spec only is not modelled (the factory "
                               "reads input.shard_spec()).\nFix: a legacy height shard spec.")
    if spec.shape[1] != xp[-1]:
        raise ShardSpecError(f"{what}: Expect input_tensor to have shard width ({spec.shape[1]}) equal to the last "
                             f"dimension of the input tensor padded shape ({xp[-1]}).")
    rows = x.padded_shape.volume() // xp[-1]
    if rows % spec.shape[0]:
        raise ShardSpecError(f"{what}: Input tensor's height must be divisible by the number of shards along the "
                             f"height dimension. Got height = {rows}, number of shards = {spec.shape[0]}.")
    if spec.orientation != ShardOrientation.ROW_MAJOR:
        raise ShardSpecError(f"{what}: Only ROW_MAJOR sharding is supported.")
    return spec


def _validate_update(what, cache, x, idxs, idx_t, share, pt, batch_offset, block_override, heads_override, modulo):
    """PagedUpdateCacheDeviceOperation::validate_on_program_cache_miss (paged_update_cache_device_operation.cpp)."""
    if x.layout != Layout.TILE:
        raise LayoutError(f"{what}: Input tensor in non-fused update_cache must be tilized.")
    if cache.layout != Layout.TILE:
        raise LayoutError(f"{what}: Cache tensor in update_cache must be tilized.")
    if cache.dtype not in (DataType.FLOAT32, DataType.BFLOAT16, DataType.BFLOAT8_B, DataType.BFLOAT4_B):
        raise DTypeError(f"{what}: Data type of cache tensor must be FLOAT32, BFLOAT16, BFLOAT8_B, or BFLOAT4_B and is "
                         f"{cache.dtype!r}.")
    xp, cp = tuple(x.padded_shape), tuple(cache.padded_shape)
    if len(xp) != 4 or len(cp) != 4:
        raise ShapeError(f"{what}: cache {list(cp)} and input {list(xp)} must be 4-D.")
    if xp[0] != 1:
        raise ShapeError(f"{what}: Dim 0 of input tensor must be 1 (got {xp[0]}).")
    if cache.memory_config().memory_layout != TensorMemoryLayout.INTERLEAVED:
        raise ShardSpecError(f"{what}: Only interleaved cache is supported.")
    for name, v in (("block_size_override", block_override), ("num_kv_heads_override", heads_override),
                    ("cache_position_modulo", modulo)):
        if v is not None and pt is None:
            raise TTNNError(f"{what}: {name} is only supported in paged mode (when page_table is provided).")
    head_dim = xp[-1]
    if pt is not None:
        block = block_override if block_override is not None else cp[2]
        _check_geometry("paged_update_cache", cache, heads_override if heads_override is not None else cp[1], block,
                        head_dim)
        if modulo is not None and not (modulo > 0 and modulo % block == 0):
            raise ShapeError(f"{what}: cache_position_modulo ({modulo}) must be a positive multiple of effective "
                             f"block_size ({block}); otherwise a wrapped position would split across blocks.")
    elif head_dim != cp[-1]:
        raise ShapeError(f"{what}: Last dim of input tensor ({head_dim}) must match last dim of cache tensor "
                         f"({cp[-1]}) in non-paged mode.")
    if head_dim % 32:
        raise ShapeError(f"{what}: input_tensor last dim ({head_dim}) must be a multiple of TILE_WIDTH (32).")
    if pt is None:
        if share:
            if cp[0] != 1:
                raise ShapeError(f"{what}: Share cache feature expects cache tensor to have batch of 1.")
        elif xp[1] != cp[0]:
            raise ShapeError(f"{what}: Expect batch in input tensor ({xp[1]}) match the batch in cache tensor "
                             f"({cp[0]}).")
    else:
        if share:
            raise TTNNError(f"{what}: share_cache not supported with paged cache.")
        if idx_t is None:
            raise TTNNError(f"{what}: Paged cache requires update_idxs tensor.\nFix: pass update_idxs_tensor.")
        _check_page_table(what, pt, sharded_ok=True)
        ptp = tuple(pt.padded_shape)
        if ptp[0] != xp[1]:
            raise ShapeError(f"{what}: Batch size between page_table ({ptp[0]}) and input_tensor ({xp[1]}) must "
                             "match.")
        if modulo is not None:
            block = block_override if block_override is not None else cp[2]
            if modulo // block > cp[0]:
                raise ShapeError(f"{what}: cache_position_modulo/block_size ({modulo // block}) must be <= "
                                 f"max_num_blocks ({cp[0]}).")
        elif ptp[1] > cp[0]:
            raise ShapeError(f"{what}: max_num_blocks_per_seq must be less than max_num_blocks: "
                             f"max_num_blocks_per_seq={ptp[1]}, max_num_blocks={cp[0]}.")
    spec = _check_indices_and_input_shards(what, x, xp, idxs, idx_t)
    if spec.grid.num_cores() != xp[1]:
        raise ShardSpecError(f"{what}: Input tensor shard grid must have num_cores ({spec.grid.num_cores()}) equal to "
                             f"the number of users / batch ({xp[1]}). The kernel dispatches one user per core; use a "
                             "{num_users, 1} grid (or any CoreRangeSet whose num_cores == num_users).")
    if x.dtype not in (DataType.FLOAT32, DataType.BFLOAT16):
        raise DTypeError(f"{what}: Data type of input tensor for update cache must be FLOAT32 or BFLOAT16 (got "
                         f"{x.dtype!r}).")
    if batch_offset != 0:
        raise ShapeError(f"{what}: batch_offset must be 0 (got {batch_offset}).")


def paged_update_cache(cache_tensor, input_tensor, *, update_idxs=(), update_idxs_tensor=None, share_cache=None,
                       page_table=None, batch_offset=0, compute_kernel_config=None, mesh_coords=None, block_size=None,
                       num_kv_heads=None, cache_position_modulo=None, **kwargs):
    """ttnn.experimental.paged_update_cache: one row per user and head written at the user's update index."""
    what = "ttnn.experimental.paged_update_cache"
    started = time.perf_counter()
    O.refuse_unknown_kwargs(what, kwargs)
    cache = _tensor(what, "cache_tensor", cache_tensor)
    x = _tensor(what, "input_tensor", input_tensor)
    idx_t = _tensor(what, "update_idxs_tensor", update_idxs_tensor, True)
    pt = _tensor(what, "page_table", page_table, True)
    _no_mesh(what, mesh_coords)
    dev = O.device_of(what, cache, x, idx_t, pt)
    idxs = [int(i) for i in (update_idxs or ())]
    if any(not 0 <= i <= 0xFFFFFFFF for i in idxs):
        raise TTNNError(f"{what}: update_idxs {idxs} must be uint32 positions (ttnn's binding takes a "
                        "std::vector<uint32_t>; the -1 'skip this user' sentinel is an update_idxs_tensor feature).\n"
                        "Fix: pass update_idxs_tensor (int32) to skip users.")
    share = bool(share_cache)
    _validate_update(what, cache, x, idxs, idx_t, share, pt, int(batch_offset), block_size, num_kv_heads,
                     cache_position_modulo)
    cfg = init_device_compute_kernel_config(None, compute_kernel_config)
    fp32 = bool(cfg.fp32_dest_acc_en)
    xp, cp = tuple(x.padded_shape), tuple(cache.padded_shape)
    cache_fmt = data_format(cache.dtype)
    interm_fmt = DataFormat.Float32 if fp32 else DataFormat.Float16_b
    interm_size = formats.tile_size(interm_fmt)
    Wt = xp[-1] // 32
    paged = pt is not None
    block = (block_size if block_size is not None else cp[2]) if paged else 0
    block_t = block // 32
    St = block_t if paged else cp[-2] // 32
    Wbytes = xp[-1] * (4 if fp32 else 2)
    cache_total = cache.padded_shape.volume() // 1024
    cache_batch = 0 if share else cache_total // cp[0]     # a shared cache: every user at batch offset 0
    B = xp[1]
    num_heads = num_kv_heads if num_kv_heads is not None else cp[1]
    modulo = int(cache_position_modulo or 0)
    spec = x.memory_config().shard_spec
    use_index = idx_t is not None
    index_stick = idx_t._buffer.aligned_page_size if use_index else 0
    pt_stick = pt.padded_shape[-1] * pt.element_size() if paged else 0
    max_blocks = pt.padded_shape[1] if paged else 0
    key = ("paged_update_cache", O.spec_key(cache), O.spec_key(x), O.spec_key(idx_t) if use_index else None,
           O.spec_key(pt) if paged else None, share, block_size, num_kv_heads, modulo, str(cfg.math_fidelity), fp32)

    def factory():
        prog = mh.CreateProgram()
        cores = _corerange_to_cores(spec.grid, spec.grid.num_cores(), True)
        O.cb(prog, cores, 0, 2 * Wt, cache_fmt)
        in_size = formats.tile_size(data_format(x.dtype))
        in_cfg = mh.CircularBufferConfig(spec.shape[0] * spec.shape[1] // 1024 * in_size,
                                         {1: data_format(x.dtype)}).set_page_size(1, in_size)
        in_cfg.set_globally_allocated_address(x._buffer)
        mh.CreateCircularBuffer(prog, cores, in_cfg)
        shared = mh.CircularBufferConfig(2 * Wt * interm_size, {24: interm_fmt, 25: interm_fmt})
        mh.CreateCircularBuffer(prog, cores, shared.set_page_size(24, interm_size).set_page_size(25, interm_size))
        O.cb(prog, cores, 26, 2 * Wt, interm_fmt)
        O.cb(prog, cores, 16, B * Wt, cache_fmt)
        sem = mh.CreateSemaphore(prog, cores, 0)
        if use_index:
            O.cb(prog, cores, 2, 1, DataFormat.Int32)
        if paged:
            O.cb(prog, cores, 3, 1, DataFormat.Int32, page_size=pt_stick)
        reader_ct = [0, 1, int(use_index), 2, cache_batch, Wt, 0, index_stick, int(paged), num_heads, block, block_t,
                     max_blocks, 0, pt_stick, 3, St, sem, modulo]
        reader_ct += O.accessor_args(cache) + (O.accessor_args(idx_t) if use_index else _ABSENT) + (
            O.accessor_args(pt) if paged else _ABSENT)
        writer_ct = [16, 24, 25, 26, int(use_index), 2, cache_batch, Wt, Wbytes, int(paged), num_heads, block,
                     block_t, max_blocks, 3, St, sem, modulo] + O.accessor_args(cache)
        rk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "reader_update_cache_interleaved_start_id.py"), cores,
                             ReaderDataMovementConfig(compile_args=reader_ct))
        wk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "writer_update_cache_interleaved_start_id.py"), cores,
                             WriterDataMovementConfig(compile_args=writer_ct))
        # ComputeConfigDescriptor{.fp32_dest_acc_en}: the other fields at their defaults (HiFi4, no approx)
        mh.CreateKernel(prog, O.kernel_path(_KDIR + "update_cache.py"), cores, ComputeConfig(
            fp32_dest_acc_en=fp32, compile_args=[0, 1, 24, 25, 26, 16, Wt, num_heads]))
        phys = [dev.sim.worker_core_from_logical_core(c) for c in cores]

        def set_args(tensors, runtime):
            tc, tx, ti, tp, _out = tensors
            in_cfg.set_globally_allocated_address(tx._buffer)
            n = len(cores)
            for i, c in enumerate(cores):
                start, offset_B = 0, 0
                if not use_index:
                    u = runtime[i]
                    start = i * cache_batch + u // 32 * Wt
                    offset_B = u % 32 * Wbytes
                wait, send = (i != 0, i != n - 1) if share else (False, False)
                nx, ny = phys[min(i + 1, n - 1)] if share else (0, 0)
                mh.SetRuntimeArgs(prog, rk, c, [tc.buffer_address(), start, ti.buffer_address() if use_index else 0,
                                                i, tp.buffer_address() if paged else 0, int(wait)])
                mh.SetRuntimeArgs(prog, wk, c, [tc.buffer_address(), start, offset_B, i, int(send), nx, ny])

        return O.ProgramEntry(prog, set_args, len(cores), "PagedUpdateCacheProgramFactory")

    O.run(what, dev, key, factory, [cache, x, idx_t, pt, cache], [cache], {"paged": paged, "share_cache": share},
          started, runtime=tuple(idxs))
    return cache


# ------------------------------------------------------------------------------------------------ fill
def _validate_fill(what, cache, x, pt, bidx_t, batch_idx, block_override, modulo):
    """PagedFillCacheDeviceOperation::validate_on_program_cache_miss (paged_fill_cache_device_operation.cpp), with
    the program's own requirements (the batch_idx fallback needs a single input batch row)."""
    if not (x.dtype in (DataType.FLOAT32, DataType.BFLOAT16)
            or cache.dtype in (DataType.BFLOAT8_B, DataType.BFLOAT4_B)):
        raise DTypeError(f"{what}: Data type of input tensor for fill cache must be FLOAT32, BFLOAT16, or BFLOAT8_b "
                         f"(input {x.dtype!r}, cache {cache.dtype!r}).")
    if x.memory_config().memory_layout != TensorMemoryLayout.INTERLEAVED:
        raise ShardSpecError(f"{what}: Expect input_tensor to have memory layout INTERLEAVED.")
    _check_page_table(what, pt, sharded_ok=False)
    if x.layout != Layout.TILE or cache.layout != Layout.TILE:
        raise LayoutError(f"{what}: the program copies tiles (input {x.layout!r}, cache {cache.layout!r}); tt-metal "
                          "does not check this and would write row-major pages as tiles.\nFix: "
                          "ttnn.to_layout(t, ttnn.TILE_LAYOUT).")
    if x.dtype != cache.dtype:
        raise DTypeError(f"{what}: the input ({x.dtype!r}) and the cache ({cache.dtype!r}) differ in dtype; the "
                         "writer copies input tiles unconverted into the cache's pages (tt-metal does not check this; "
                         "the card would write other-sized tiles).\nFix: ttnn.typecast the input to the cache's dtype.")
    xp, cp, ptp = tuple(x.padded_shape), tuple(cache.padded_shape), tuple(pt.padded_shape)
    if len(xp) != 4 or len(cp) != 4 or len(ptp) != 2:
        raise ShapeError(f"{what}: cache {list(cp)} and input {list(xp)} must be 4-D, page_table {list(ptp)} 2-D.")
    if not 0 <= batch_idx < ptp[0]:
        raise ShapeError(f"{what}: Batch idx ({batch_idx}) must be within the page_table batch size ({ptp[0]}).")
    block = block_override if block_override is not None else cp[2]
    _check_geometry("paged_fill_cache", cache, xp[1], block, xp[3])
    if xp[3] % 32:
        raise ShapeError(f"{what}: input_tensor last dim ({xp[3]}) must be a multiple of TILE_WIDTH (32).")
    if modulo is not None:
        if modulo <= 0:
            raise ShapeError(f"{what}: cache_position_modulo must be > 0 when provided.")
        if modulo % block:
            raise ShapeError(f"{what}: cache_position_modulo ({modulo}) must be a positive multiple of effective "
                             f"block_size ({block}).")
        if modulo > block * ptp[1]:
            raise ShapeError(f"{what}: cache_position_modulo ({modulo}) must fit in max_num_blocks_per_seq ({ptp[1]}) "
                             f"* block_size ({block}).")
    elif xp[2] > block * ptp[1]:
        raise ShapeError(f"{what}: Input seq_len ({xp[2]}) must fit in max_num_blocks_per_seq ({ptp[1]}) * block_size "
                         f"({block}).")
    if bidx_t is not None:
        if bidx_t.padded_shape.volume() != xp[0]:
            raise ShapeError(f"{what}: Batch idx tensor must have input_tensor batch dim ({xp[0]}) elements, got "
                             f"{bidx_t.padded_shape.volume()}.")
        if bidx_t.dtype not in (DataType.UINT32, DataType.INT32):
            raise DTypeError(f"{what}: Batch idx tensor must be an integer type.")
        if bidx_t.layout != Layout.ROW_MAJOR:
            raise LayoutError(f"{what}: Batch idx tensor must be in ROW_MAJOR layout.")
        if bidx_t.memory_config().memory_layout != TensorMemoryLayout.INTERLEAVED:
            raise ShardSpecError(f"{what}: Batch idx tensor must have INTERLEAVED memory layout.")
        if bidx_t.memory_config().buffer_type != BufferType.DRAM:
            raise ShardSpecError(f"{what}: Batch idx tensor must be DRAM-resident.")
    elif xp[0] != 1:
        raise ShapeError(f"{what}: When no batch_idx_tensor is provided, input_batch must be 1 (got {xp[0]}); pass a "
                         "batch_idx_tensor of size input_batch to fill multiple batch rows in one call.")


def paged_fill_cache(cache_tensor, input_tensor, page_table, *, batch_idx_tensor=None, batch_idx=0,
                     compute_kernel_config=None, mesh_coords=None, block_size=None, cache_position_modulo=None,
                     **kwargs):
    """ttnn.experimental.paged_fill_cache: the input's sequence written through the page table of its batch index."""
    what = "ttnn.experimental.paged_fill_cache"
    started = time.perf_counter()
    O.refuse_unknown_kwargs(what, kwargs)
    del compute_kernel_config           # paged_cache.cpp: unused by the fill
    cache = _tensor(what, "cache_tensor", cache_tensor)
    x = _tensor(what, "input_tensor", input_tensor)
    pt = _tensor(what, "page_table", page_table)
    bidx_t = _tensor(what, "batch_idx_tensor", batch_idx_tensor, True)
    _no_mesh(what, mesh_coords)
    dev = O.device_of(what, cache, x, pt, bidx_t)
    batch_idx = int(batch_idx)
    _validate_fill(what, cache, x, pt, bidx_t, batch_idx, block_size, cache_position_modulo)
    xp, cp = tuple(x.padded_shape), tuple(cache.padded_shape)
    input_batch, num_heads, seq = xp[0], xp[1], xp[2]
    block = block_size if block_size is not None else cp[2]
    seq_t, Wt, block_t = seq // 32, xp[3] // 32, block // 32
    per_batch = num_heads * seq_t
    num_rows = input_batch * per_batch
    pt_stick = pt._buffer.aligned_page_size
    if pt_stick % 32:
        raise ShapeError(f"{what}: page table page size in bytes ({pt_stick}) must be a multiple of 32 due to "
                         "address alignment.")
    use_bidx = bidx_t is not None
    bidx_elem = bidx_t.element_size() if use_bidx else 4
    bidx_n = bidx_t.padded_shape.volume() if use_bidx else 1
    capacity_t = int(cache_position_modulo or 0) // 32
    key = ("paged_fill_cache", O.spec_key(cache), O.spec_key(x), O.spec_key(pt),
           O.spec_key(bidx_t) if use_bidx else None, block_size, capacity_t)

    def factory():
        prog = mh.CreateProgram()
        _n, _all, g1, g2, n1, n2 = mh.split_work_to_cores(O.grid_of(dev), num_rows, True)
        plan = [(c, n1) for c in g1] + [(c, n2) for c in g2]
        cores = [c for c, _ in plan]
        O.cb(prog, cores, 0, 2 * Wt, x.dtype)
        O.cb(prog, cores, 1, 1, DataFormat.Int32, page_size=pt_stick)
        if use_bidx:
            fmt = DataFormat.UInt32 if bidx_t.dtype == DataType.UINT32 else DataFormat.Int32
            O.cb(prog, cores, 2, bidx_n, fmt, page_size=bidx_elem)
        rk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "reader_fill_cache_interleaved.py"), cores,
                             ReaderDataMovementConfig(compile_args=[0, Wt] + O.accessor_args(x)))
        wct = [0, 1, num_heads, seq_t, block_t, Wt, 0, pt_stick, int(use_bidx), 2, bidx_elem, bidx_n, per_batch,
               capacity_t] + O.accessor_args(cache, pt) + (O.accessor_args(bidx_t) if use_bidx else _ABSENT)
        wk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "writer_fill_cache_interleaved.py"), cores,
                             WriterDataMovementConfig(compile_args=wct))

        def set_args(tensors, runtime):
            tc, tx, tp, tb, _out = tensors
            written = 0
            for c, n in plan:
                mh.SetRuntimeArgs(prog, rk, c, [tx.buffer_address(), written * Wt, n, 0])
                mh.SetRuntimeArgs(prog, wk, c, [tc.buffer_address(), tp.buffer_address(), written, n,
                                                tb.buffer_address() if use_bidx else runtime, 0])
                written += n

        return O.ProgramEntry(prog, set_args, len(cores), "PagedFillCacheProgramFactory")

    O.run(what, dev, key, factory, [cache, x, pt, bidx_t, cache], [cache], {"batch_idx": batch_idx}, started,
          runtime=batch_idx)
    return cache


# ------------------------------------------------------------------------------------------------ fused update
def _validate_fused(what, c1, x1, c2, x2, idxs, idx_t, share, pt, batch_offset):
    """PagedFusedUpdateCacheDeviceOperation::validate_on_program_cache_miss
    (fused_update_cache/paged_fused_update_cache_device_operation.cpp), each (cache, input) pair in turn, then the
    pair's layouts and grids; with what the tiled program needs that tt-metal does not check (it sizes every buffer
    and offset from cache1 / input1 and reads one tile row per user on each core)."""
    for k, (cache, x) in enumerate(((c1, x1), (c2, x2)), 1):
        w = f"{what} (cache_tensor{k}, input_tensor{k})"
        if cache.layout != Layout.TILE:
            raise LayoutError(f"{w}: Cache tensor in update_cache must be tilized.")
        if cache.dtype not in (DataType.FLOAT32, DataType.BFLOAT16, DataType.BFLOAT8_B, DataType.BFLOAT4_B):
            raise DTypeError(f"{w}: Data type of cache tensor must be FLOAT32, BFLOAT16, BFLOAT8_B, or BFLOAT4_B and "
                             f"is {cache.dtype!r}.")
        xp, cp = tuple(x.padded_shape), tuple(cache.padded_shape)
        if len(xp) != 4 or len(cp) != 4:
            raise ShapeError(f"{w}: cache {list(cp)} and input {list(xp)} must be 4-D.")
        if xp[0] != 1:
            raise ShapeError(f"{w}: Dim 0 of input tensor must be 1 (got {xp[0]}).")
        if cache.memory_config().memory_layout != TensorMemoryLayout.INTERLEAVED:
            raise ShardSpecError(f"{w}: Only interleaved cache is supported.")
        if xp[-1] != cp[-1]:
            raise ShapeError(f"{w}: Last dim of input tensor ({xp[-1]}) must match last dim of cache tensor "
                             f"({cp[-1]}).")
        if pt is None:
            if share:
                if cp[0] != 1:
                    raise ShapeError(f"{w}: Share cache feature expects cache tensor to have batch of 1.")
            elif xp[1] != cp[0]:
                raise ShapeError(f"{w}: Expect batch in input tensor ({xp[1]}) match the batch in cache tensor "
                                 f"({cp[0]}).")
        else:
            if share:
                raise TTNNError(f"{w}: share_cache not supported with paged cache.")
            if idx_t is None:
                raise TTNNError(f"{w}: Paged cache requires update_idxs tensor.\nFix: pass update_idxs_tensor.")
            if pt.layout != Layout.ROW_MAJOR:
                raise LayoutError(f"{w}: Expect page table to have memory layout in ROW MAJOR.")
            if pt.is_sharded():
                raise NotModelledError(f"{w}: an L1-sharded page table (UINT16 entries, the CB on the table's own "
                                       "shard) is not modelled.\nFix: an INT32 page table in DRAM, interleaved.")
            if pt.dtype != DataType.INT32:
                raise DTypeError(f"{w}: Expect page table to have datatype INT32 (got {pt.dtype!r}).")
            ptp = tuple(pt.padded_shape)
            if ptp[0] != xp[1]:
                raise ShapeError(f"{w}: Batch size between page_table ({ptp[0]}) and input_tensor ({xp[1]}) must "
                                 "match.")
            if ptp[1] > cp[0]:
                raise ShapeError(f"{w}: max_num_blocks_per_seq must be less than max_num_blocks: "
                                 f"max_num_blocks_per_seq={ptp[1]}, max_num_blocks={cp[0]}.")
        _check_indices_and_input_shards(w, x, xp, idxs, idx_t)
        if x.dtype not in (DataType.FLOAT32, DataType.BFLOAT16):
            raise DTypeError(f"{w}: Data type of input tensor for update cache must be FLOAT32 or BFLOAT16 (got "
                             f"{x.dtype!r}).")
        if batch_offset != 0:
            raise ShapeError(f"{w}: batch_offset must be 0 (got {batch_offset}).")
    if not (x1.layout == x2.layout and x1.layout in (Layout.TILE, Layout.ROW_MAJOR)):
        raise LayoutError(f"{what}: input_tensor1 and input_tensor2 must be either both tiled or both row-major (got "
                          f"{x1.layout!r} and {x2.layout!r}).")
    row_major = x1.layout == Layout.ROW_MAJOR
    if row_major and not (x1.padded_shape[-1] == 128 and x2.padded_shape[-2] == 8):
        raise ShapeError(f"{what}: when input_tensor1 and input_tensor2 are row major, only Llama70b tensor shapes are "
                         f"supported (head_dim 128, 8 heads; got {list(x1.padded_shape)}, {list(x2.padded_shape)}).")
    g1, g2 = x1.memory_config().shard_spec.grid, x2.memory_config().shard_spec.grid
    if g1.intersects(g2):
        raise ShardSpecError(f"{what}: input_tensor1 ({g1}) and input_tensor2 ({g2}) must not overlap.\nFix: shard "
                             "the inputs on disjoint core grids (CoreRangeSet.subtract).")
    if g1.num_cores() != g2.num_cores():
        raise ShardSpecError(f"{what}: input_tensor1 ({g1}) and input_tensor2 ({g2}) must have same number of "
                             f"cores ({g1.num_cores()} vs {g2.num_cores()}).")
    # what PagedTiledFusedUpdateCacheProgramFactory assumes without checking: on the card these calls copy wrong data
    users = x1.padded_shape[1]
    if g1.num_cores() != users:
        raise ShardSpecError(f"{what}: the input shard grids have {g1.num_cores()} cores for {users} users; the "
                             "program updates one user per core from its shard (tt-metal does not check this: other "
                             "counts would write a shard of several users as one, or read past the indices).\nFix: "
                             "one core per user in each grid.")
    rows = 8 if row_major else 32
    if x1.padded_shape[2] != rows:
        how = "row-major program copies a shard of 8 rows" if row_major else "tiled program untilizes one tile row"
        raise ShapeError(f"{what}: each user's heads must be {rows} rows (input padded heads {x1.padded_shape[2]}): "
                         f"the {how} per user (tt-metal does not check this).\nFix: at most {rows} heads, padded to "
                         f"{rows}.")
    if c1.padded_shape[1] > rows:
        raise ShapeError(f"{what}: the cache has {c1.padded_shape[1]} heads, more than the input's {rows} rows; the "
                         "writer would copy rows past the user's input (tt-metal does not check this).\nFix: at most "
                         f"{rows} kv heads.")
    if (c1.dtype, tuple(c1.padded_shape)) != (c2.dtype, tuple(c2.padded_shape)):
        raise ShapeError(f"{what}: cache_tensor2 ({c2.dtype!r}, {list(c2.padded_shape)}) differs from cache_tensor1 "
                         f"({c1.dtype!r}, {list(c1.padded_shape)}); the program sizes both caches' tiles and offsets "
                         "from cache_tensor1 (tt-metal does not check this: the second cache would get misplaced "
                         "tiles).\nFix: two caches of one dtype and shape, or two paged_update_cache calls.")
    if (x1.dtype, tuple(x1.padded_shape)) != (x2.dtype, tuple(x2.padded_shape)):
        raise ShapeError(f"{what}: input_tensor2 ({x2.dtype!r}, {list(x2.padded_shape)}) differs from input_tensor1 "
                         f"({x1.dtype!r}, {list(x1.padded_shape)}); the program reads both inputs' shards in "
                         "input_tensor1's format and size (tt-metal does not check this).\nFix: inputs of one dtype "
                         "and shape.")


def paged_fused_update_cache(cache_tensor1, input_tensor1, cache_tensor2, input_tensor2, *, update_idxs=(),
                             update_idxs_tensor=None, share_cache=None, page_table=None, batch_offset=0,
                             compute_kernel_config=None, mesh_coords=None, **kwargs):
    """ttnn.experimental.paged_fused_update_cache: paged_update_cache of two caches (K and V) by one program, each
    input sharded one user per core on its own grid, user i of both at the same position; returns (cache1, cache2).

    PagedTiledFusedUpdateCacheProgramFactory (fused_update_cache/paged_tiled_fused_update_cache_program_factory.cpp):
    one program on the bounding box of the two grids (its other cores idle); core i of input1's grid updates cache1
    and core i of input2's grid cache2, each as paged_update_cache's program does (untilize the user's tile row,
    untilize each head's cache tile row, copy the head's row in, tilize it back, write it), with the kernels of
    kernels/paged_cache/*paged_fused_update_cache*. Buffers, tile sizes and offsets come from cache1 and input1.
    Row-major inputs (Llama-70b's [1, users, 8, 128] only): PagedRowMajorFusedUpdateCacheProgramFactory
    (paged_row_major_fused_update_cache_program_factory.cpp), the same program without the input untilize (the
    writer copies the shard's rows as they are; CBs c_5 / c_6 / c_7 for c_24 / c_25 / c_16), kernels
    *paged_row_major_fused_update_cache*.
    The positions: update_idxs (runtime args, outside the program's cache key) or the int32 index tensor (-1 skips
    the user), through the user's page-table row in paged mode (the cache's own block size; no overrides, no
    cache_position_modulo). share_cache chains each grid's cores with the semaphore."""
    what = "ttnn.experimental.paged_fused_update_cache"
    started = time.perf_counter()
    O.refuse_unknown_kwargs(what, kwargs)
    c1 = _tensor(what, "cache_tensor1", cache_tensor1)
    x1 = _tensor(what, "input_tensor1", input_tensor1)
    c2 = _tensor(what, "cache_tensor2", cache_tensor2)
    x2 = _tensor(what, "input_tensor2", input_tensor2)
    idx_t = _tensor(what, "update_idxs_tensor", update_idxs_tensor, True)
    pt = _tensor(what, "page_table", page_table, True)
    _no_mesh(what, mesh_coords)
    dev = O.device_of(what, c1, x1, c2, x2, idx_t, pt)
    idxs = [int(i) for i in (update_idxs or ())]
    if any(not 0 <= i <= 0xFFFFFFFF for i in idxs):
        raise TTNNError(f"{what}: update_idxs {idxs} must be uint32 positions (ttnn's binding takes a "
                        "std::vector<uint32_t>; the -1 'skip this user' sentinel is an update_idxs_tensor feature).\n"
                        "Fix: pass update_idxs_tensor (int32) to skip users.")
    share = bool(share_cache)
    _validate_fused(what, c1, x1, c2, x2, idxs, idx_t, share, pt, int(batch_offset))
    cfg = init_device_compute_kernel_config(None, compute_kernel_config)
    fp32 = bool(cfg.fp32_dest_acc_en)
    row_major = x1.layout == Layout.ROW_MAJOR
    if row_major and (x1.dtype == DataType.FLOAT32) != fp32:
        raise DTypeError(f"{what}: a row-major {x1.dtype!r} input with fp32_dest_acc_en={fp32}: the writer copies each "
                         "input row as it is into the untilized cache rows (Float32 with fp32_dest_acc_en, else "
                         "Float16_b), so a row of another width lands misaligned (tt-metal does not check this).\n"
                         "Fix: a float32 input with fp32_dest_acc_en=True, or a bfloat16 one without.")
    cp = tuple(c1.padded_shape)
    cache_fmt, in_fmt = data_format(c1.dtype), data_format(x1.dtype)
    interm_fmt = DataFormat.Float32 if fp32 else DataFormat.Float16_b
    interm_size, in_size = formats.tile_size(interm_fmt), formats.tile_size(in_fmt)
    B, num_heads = x1.padded_shape[1], cp[1]
    Wt, St = cp[-1] // 32, cp[-2] // 32
    Wbytes = cp[-1] * (4 if fp32 else 2)
    cache_batch = 0 if share else c1.padded_shape.volume() // 1024 // cp[0]   # shared: every user at batch 0
    paged, use_index = pt is not None, idx_t is not None
    block = cp[2] if paged else 0
    max_blocks = pt.padded_shape[1] if paged else 0
    pt_stick = pt._buffer.aligned_page_size if paged else 0
    index_stick = idx_t._buffer.aligned_page_size if use_index else 0
    spec1, spec2 = x1.memory_config().shard_spec, x2.memory_config().shard_spec
    key = ("paged_fused_update_cache", O.spec_key(c1), O.spec_key(x1), O.spec_key(c2), O.spec_key(x2),
           O.spec_key(idx_t) if use_index else None, O.spec_key(pt) if paged else None, share,
           str(cfg.math_fidelity), fp32)

    def factory():
        prog = mh.CreateProgram()
        cores1 = _corerange_to_cores(spec1.grid, spec1.grid.num_cores(), True)
        cores2 = _corerange_to_cores(spec2.grid, spec2.grid.num_cores(), True)
        bb = CoreRangeSet([spec1.grid.merge(spec2.grid).bounding_box()])
        idle = list(bb.subtract(spec1.grid.merge(spec2.grid)))
        box = list(bb)
        O.cb(prog, box, 0, 2 * Wt, cache_fmt)
        in_cfgs = []
        for cb_id, spec, cores, t in ((1, spec1, cores1, x1), (2, spec2, cores2, x2)):
            cfg_in = mh.CircularBufferConfig(spec.shape[0] * spec.shape[1] // 1024 * in_size,
                                             {cb_id: in_fmt}).set_page_size(cb_id, in_size)
            cfg_in.set_globally_allocated_address(t._buffer)
            mh.CreateCircularBuffer(prog, cores, cfg_in)
            in_cfgs.append(cfg_in)
        # the row-major program: the untilized cache in c_5 / c_6, the output in c_7, no untilized input CB
        ia, ib, iin, out = (5, 6, None, 7) if row_major else (24, 25, 26, 16)
        shared = mh.CircularBufferConfig(2 * Wt * interm_size, {ia: interm_fmt, ib: interm_fmt})
        mh.CreateCircularBuffer(prog, box, shared.set_page_size(ia, interm_size).set_page_size(ib, interm_size))
        if not row_major:
            O.cb(prog, box, iin, 2 * Wt, interm_fmt)
        O.cb(prog, box, out, B * Wt, cache_fmt)
        sem = mh.CreateSemaphore(prog, box, 0)
        if use_index:
            O.cb(prog, box, 3, 1, DataFormat.Int32, page_size=index_stick)
        if paged:
            O.cb(prog, box, 4, 1, DataFormat.Int32, page_size=pt_stick)
        reader_ct = [1, 2, 0, int(use_index), 1, 3, cache_batch, Wt, 0, index_stick, int(paged), num_heads, block,
                     block // 32, max_blocks, 0, pt_stick, 1, 4, St, sem, B]
        reader_ct += O.accessor_args(c1) + (O.accessor_args(idx_t) if use_index else _ABSENT) + (
            O.accessor_args(pt) if paged else _ABSENT)
        writer_ct = ([out, ia, ib, 1, 2] if row_major else [out, ia, ib, iin]) + [
            int(use_index), 3, cache_batch, Wt, Wbytes, int(paged), num_heads, block, block // 32, max_blocks, 4, St,
            sem, B, pt_stick, 1] + O.accessor_args(c1)
        kind = "paged_row_major_fused_update_cache" if row_major else "paged_fused_update_cache"
        rk = mh.CreateKernel(prog, O.kernel_path(f"{_KDIR}reader_{kind}_interleaved_start_id.py"), box,
                             ReaderDataMovementConfig(compile_args=reader_ct))
        wk = mh.CreateKernel(prog, O.kernel_path(f"{_KDIR}writer_{kind}_interleaved_start_id.py"), box,
                             WriterDataMovementConfig(compile_args=writer_ct))
        # ComputeConfigDescriptor{.fp32_dest_acc_en}: the other fields at their defaults (HiFi4, no approx)
        ck = mh.CreateKernel(prog, O.kernel_path(f"{_KDIR}{kind}.py"), box, ComputeConfig(
            fp32_dest_acc_en=fp32, compile_args=[1, 2, 0, ia, ib] + ([] if row_major else [iin]) + [out, Wt,
                                                                                               num_heads]))
        phys1 = [dev.sim.worker_core_from_logical_core(c) for c in cores1]
        phys2 = [dev.sim.worker_core_from_logical_core(c) for c in cores2]
        for c in idle:
            for k in (rk, wk, ck):
                mh.SetRuntimeArgs(prog, k, c, [0])

        def set_args(tensors, runtime):
            tc1, tx1, tc2, tx2, ti, tp, _o1, _o2 = tensors
            in_cfgs[0].set_globally_allocated_address(tx1._buffer)
            in_cfgs[1].set_globally_allocated_address(tx2._buffer)
            n = len(cores1)
            for i in range(n):
                start, offset_B = 0, 0
                if not use_index:       # compute_tiled_fused_offsets: re-patched on every call
                    u = runtime[i]
                    start = i * cache_batch + u // 32 * Wt
                    offset_B = u % 32 * Wbytes
                wait, send = (i != 0, i != n - 1) if share else (False, False)
                for is_in1, core, tc, phys in ((1, cores1[i], tc1, phys1), (0, cores2[i], tc2, phys2)):
                    nx, ny = phys[i + 1] if send else (0, 0)
                    mh.SetRuntimeArgs(prog, rk, core, [1, is_in1, tc.buffer_address(), start,
                                                       ti.buffer_address() if use_index else 0, i,
                                                       tp.buffer_address() if paged else 0, int(wait)])
                    mh.SetRuntimeArgs(prog, wk, core, [1] + ([is_in1] if row_major else []) + [
                        tc.buffer_address(), start, offset_B, i, int(send), nx, ny])
                    mh.SetRuntimeArgs(prog, ck, core, [1, is_in1])

        return O.ProgramEntry(prog, set_args, len(box), "PagedRowMajorFusedUpdateCacheProgramFactory" if row_major
                              else "PagedTiledFusedUpdateCacheProgramFactory")

    O.run(what, dev, key, factory, [c1, x1, c2, x2, idx_t, pt, c1, c2], [c1, c2],
          {"paged": paged, "share_cache": share, "row_major": row_major}, started, runtime=tuple(idxs))
    return c1, c2


def _register() -> None:
    """The ops join the `experimental` namespace that tensix.ttnn.operations.transformer exports."""
    from tensix.ttnn.operations import transformer
    for fn in (paged_update_cache, paged_fill_cache, paged_fused_update_cache):
        if not hasattr(transformer.experimental, fn.__name__):
            setattr(transformer.experimental, fn.__name__, fn)


_register()
