"""The sharded layer_norm / rms_norm: LayerNormDeviceOperation with LayerNormShardedProgramFactory, as tt-metal
622c6fb9 runs it on Wormhole (ttnn/cpp/ttnn/operations/normalization/layernorm/device/
layernorm_op_multi_core_sharded.cpp, sharded_layernorm_factory_helpers.cpp; validation in
layernorm_device_operation.cpp validate_on_program_cache_miss; the default config for a sharded input in
layernorm_common.cpp create_layernorm_program_config).

The input is WIDTH_SHARDED or BLOCK_SHARDED in L1 on a rectangular grid; each core's shard (block_h x block_w tiles)
is CB c_0 in place (the residual's c_1, the output's c_16 likewise: nothing is read from or written to DRAM but gamma
and beta). A row of shards (the whole grid when the tensor is one shard high -- mcast_1d -- else one grid row, or one
grid column for COL_MAJOR shards) shares its rows' statistics: each core reduces its block_w tiles of each row
(against a 1/block_w scaler: the partial mean), the rows are split among the first cores of the row (the all-to-all
workers, ceil(block_h / num_blocks) rows each), which gather the row's partials from every core of the row and combine
them (against a 1/num_blocks scaler); the first core (the sender) gathers the combined rows and multicasts them to
the others. E[x] first (not for rms_norm), then the mean of (x - E[x])^2 (or of x^2), turned into 1/sqrt(. + eps) by
the workers before the multicast. A tensor one shard high on several grid rows (ROW_MAJOR), or on several COL_MAJOR
columns spanning the program grid's height, takes the two-stage reduce: each grid row (column) is first combined by
its own workers (against 1.0), and the workers of the first row (column) add the others' sums to theirs (against
1/num_blocks). Kernels: tensix/ttnn/kernels/normalization/ reader_mcast_sender_unary_sharded_ln,
reader_mcast_receiver_unary_sharded_ln, writer_unary_sharded_ln, layernorm_sharded (layernorm_sharded_welford).

The numbers differ from the interleaved program's (LayerNormMultiCoreProgramFactory) by construction: there a row's
tiles are summed with reduce_tile<SUM> against 1.0 and multiplied by 1/W on the SFPU (the logical W: the width's
padding left out); here each core's tiles go through the matmul row reduce against bfloat16(1/block_w), the partials
are summed again against bfloat16(1/num_blocks) (a Float32 c_4 holds the packed bfloat16 pair of it as a float and
the unpacker reads it as Float16_b: the kernel docstring) -- inexact unless num_blocks is a power of two: with 6 blocks
the combined mean is 6 * 0.1669921875 = 1.00195 times the row's --, and the means divide by num_blocks * block_w
columns whatever the logical width: the tile padding of a width not a multiple of 32 is summed and counted, and a
last core with fewer tiles of the row (num_reduce_tiles_per_block_h) still divides by block_w (tt-metal's
test_layernorm_sharded_mix_precision_rm "padding" case: 992 columns averaged over 1024).

ROW_MAJOR gamma / beta ([Wt, 32] sticks) are read by writer_unary_sharded_ln_rm_gb.

use_welford (layer_norm only) runs layernorm_sharded_welford.cpp instead: each core's E[x] and Var[x] of its columns
in one SFPU pass (Welford, with the reciprocal table recip_tensor as CB 25), the [mean, var] pairs of a row of shards
gathered and merged by the same all-to-all workers (combine_welford_partials, weighted by the block_w columns each
pair stands for -- exact for any num_blocks, no scaler tiles, but a last core with fewer tiles still counts block_w
samples, as get_next_set_size does --), the sender's multicast of [mean, 1/sqrt(Var + eps)] pairs; one reduction
instead of two (the readers pass num_tiles_scaler 2). A Float32 input with an fp32 Dst is read for Welford through
c_29, an UnpackToDestFp32 alias of cb_x's memory (the factory's welford_fp32_alias).

Not modelled (NotModelledError, naming the part of the program): an output shard spec other than the input's (the
writer without SKIP_WRITE_BACK, write_resharded_data), the distributed (pre / post all-gather) variants, which ttnn
reaches through other ops, and three Welford builds whose card result is not a layernorm (_check_welford: a
reciprocal table not covering block_w * 32 entries on every core; a bias without a weight, whose beta the kernel adds
to popped x - E[x] pages; a float32 / bfloat8_b input with neither a residual nor fp32_dest_acc_en, unpacked for
x - E[x] in the statistics' Float16_b format).

Deviations for tensix's CB model (no data moved, no number changed; see the compute kernel's docstring): the compute
kernel publishes the shards of c_0 / c_1 as pushed pages and waits for the eps tile and for each cb_ex2 tile it
reads, which the C++ reads unwaited; the misread of the Float32 c_4 through a Float16_b SrcB is modelled by reading
its bytes in that format."""

from __future__ import annotations

import time

import numpy as np

from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.types import ComputeConfig, ReaderDataMovementConfig, WriterDataMovementConfig
from tensix.ttnn import op as O
from tensix.ttnn.errors import LayoutError, ShapeError, ShardSpecError, TTNNError
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import (TILE_SIZE, BufferType, DataType, Layout, MemoryConfig, ShardOrientation,
                               TensorMemoryLayout, data_format)

__all__: list[str] = []

_KDIR = "normalization/"
_ABSENT = 0xFFFFFFFF
_SENDER_SEM, _RECEIVER_SEM, _SECOND_STAGE_SEM = 0, 1, 2
# the CB ids of the program (named compile-time args of its kernels, one dict for all of them)
_CBS = {"cb_in0": 0, "cb_in1": 1, "cb_scaler": 2, "cb_in_2": 2, "cb_eps": 3, "cb_scaler_global": 4, "cb_in_4": 4,
        "cb_gamma": 5, "cb_beta": 6, "cb_ex_partial": 8, "cb_ex": 9, "cb_ex_external": 10, "cb_ex_partial2": 11,
        "cb_ex2": 12, "cb_ex_external2": 13, "cb_ex_global": 15, "cb_out": 16, "cb_out_resharded": 17, "cb_xmm": 18,
        "cb_ex2pe": 20, "cb_x": 24}


def _bf16_rne(x: float) -> int:
    """bfloat16(float): the float32's top half rounded to nearest even (tt-metal bfloat16::from_float)."""
    b = int(np.float32(x).view(np.uint32))
    return ((b + 0x7FFF + ((b >> 16) & 1)) >> 16) & 0xFFFF


def _packed(x: float) -> int:
    """pack_two_bfloat16_into_uint32({bf, bf}) of bfloat16(x)."""
    h = _bf16_rne(x)
    return h | (h << 16)


def _div_up(a, b):
    return -(-a // b)


def default_program_config(a: Tensor):
    """create_layernorm_program_config for a sharded input: its shard grid's bounding box, subblock_w 1, block_h /
    block_w the shard's tiles, not in place."""
    from tensix.metalium.types import CoreCoord
    from tensix.ttnn.operations.normalization import LayerNormShardedMultiCoreProgramConfig
    spec = a.memory_config().shard_spec
    bb = spec.grid.bounding_box()
    return LayerNormShardedMultiCoreProgramConfig(
        compute_with_storage_grid_size=CoreCoord(bb.end.x - bb.start.x + 1, bb.end.y - bb.start.y + 1),
        subblock_w=1, block_h=spec.shape[0] // TILE_SIZE, block_w=spec.shape[1] // TILE_SIZE, inplace=False)


def _grid_xy(g):
    if isinstance(g, (tuple, list)) and len(g) == 2:
        return int(g[0]), int(g[1])
    return int(g.x), int(g.y)


def _validate(what, a: Tensor, b, out_mc: MemoryConfig, pc, rms: bool):
    """LayerNormDeviceOperation::validate_on_program_cache_miss's sharded checks, in its order and with its
    messages (the input's dtype, gamma / beta and the residual's shape are checked by the caller)."""
    if a.layout != Layout.TILE:
        raise LayoutError(f"{what}: ROW_MAJOR input is not supported with sharded tensors.\nFix: "
                          "ttnn.to_layout(input_tensor, ttnn.TILE_LAYOUT).")
    mc = a.memory_config()
    if mc.memory_layout == TensorMemoryLayout.HEIGHT_SHARDED:
        raise TTNNError(f"{what}: Height sharded inputs are not supported.\nFix: WIDTH_SHARDED or BLOCK_SHARDED, or "
                        "an interleaved input with the default program config.")
    if not out_mc.is_sharded() or out_mc.memory_layout == TensorMemoryLayout.HEIGHT_SHARDED:
        raise TTNNError(f"{what}: Sharded inputs require sharded outputs (got {out_mc.memory_layout!r}).\nFix: "
                        "memory_config=None (the input's) or a WIDTH / BLOCK sharded memory config.")
    if b is not None:
        if not b.is_sharded():
            raise TTNNError(f"{what}: residual tensor b should be sharded if input a is sharded")
        if b.memory_config().shard_spec != mc.shard_spec:
            raise ShardSpecError(f"{what}: Both a and b should have the same shard spec")
        if b.memory_config() != mc:
            raise TTNNError(f"{what}: Both a and b should have the same memory config")
    spec = mc.shard_spec
    bb = spec.grid.bounding_box()
    bw, bh = bb.end.x - bb.start.x + 1, bb.end.y - bb.start.y + 1
    if spec.grid.num_cores() != bw * bh:
        raise ShardSpecError(f"{what}: Sharded layernorm does not support non-rectangular core grids. The shard spec "
                             f"grid has {spec.grid.num_cores()} cores but its bounding box spans {bw * bh} cores "
                             f"({bw} x {bh}).")
    from tensix.metalium.types import CoreCoord
    from tensix.ttnn.operations.normalization import _validate_sharded_input
    gx, gy = _grid_xy(pc.compute_with_storage_grid_size)
    _validate_sharded_input(what, a, CoreCoord(gx, gy))
    if pc.use_welford and rms:
        raise TTNNError(f"{what}: Welford's algorithm is not supported for RMSNorm")
    if pc.inplace and not out_mc.is_sharded():
        raise TTNNError(f"{what}: Output memory config must be sharded for inplace operation")
    if mc.buffer_type != out_mc.buffer_type:
        raise TTNNError(f"{what}: Input and output buffer types must match, got input: {mc.buffer_type!r} vs output: "
                        f"{out_mc.buffer_type!r}")
    if mc.memory_layout != out_mc.memory_layout:
        raise TTNNError(f"{what}: Input and output memory layouts must match, got input: {mc.memory_layout!r} vs "
                        f"output: {out_mc.memory_layout!r}")
    K = a.padded_shape[-1]
    M = a.padded_shape.volume() // K
    Mt, Kt = M // TILE_SIZE, K // TILE_SIZE
    if pc.subblock_w <= 0 or pc.block_w % pc.subblock_w:
        raise TTNNError(f"{what}: block_w must be divisible by subblock_w (block_w {pc.block_w}, subblock_w "
                        f"{pc.subblock_w}).")
    if bb.end.x - bb.start.x >= gx or bb.end.y - bb.start.y >= gy:
        raise TTNNError(f"{what}: Bounding box dimensions must be smaller than compute grid size, got bbox x: "
                        f"{bb.start.x} to {bb.end.x}, y: {bb.start.y} to {bb.end.y} vs grid size x: {gx}, y: {gy}")
    row_wise = spec.orientation == ShardOrientation.ROW_MAJOR
    if M == pc.block_h * TILE_SIZE:
        if _div_up(Kt, spec.grid.num_cores()) != pc.block_w:
            raise TTNNError(f"{what}: block_w ({pc.block_w}) must equal to K (in tiles) / num_cores "
                            f"({_div_up(Kt, spec.grid.num_cores())})")
        if Mt != pc.block_h:
            raise TTNNError(f"{what}: block_h ({pc.block_h}) must equal to M (in tiles) ({Mt})")
    else:
        ncw, nch = (bw, bh) if row_wise else (bh, bw)
        if _div_up(Kt, ncw) != pc.block_w:
            raise TTNNError(f"{what}: block_w ({pc.block_w}) must equal to K (in tiles) / num_cores_"
                            f"{'c' if row_wise else 'r'} ({_div_up(Kt, ncw)})")
        if _div_up(Mt, nch) != pc.block_h:
            raise TTNNError(f"{what}: block_h ({pc.block_h}) must equal ceil(Mt / num_cores_"
                            f"{'r' if row_wise else 'c'}) ({_div_up(Mt, nch)}); Mt={Mt}, num_cores_"
                            f"{'r' if row_wise else 'c'}={nch}")
    if pc.block_h * TILE_SIZE != spec.shape[0]:
        raise TTNNError(f"{what}: Block height * tile_height must match shard shape[0], got "
                        f"{pc.block_h * TILE_SIZE} vs {spec.shape[0]}")
    if pc.block_w * TILE_SIZE != spec.shape[1]:
        raise TTNNError(f"{what}: Block width * tile_width must match shard shape[1], got "
                        f"{pc.block_w * TILE_SIZE} vs {spec.shape[1]}")


def _shard_cb(prog, cores, index, pages, dtype, buffer, alias=None):
    """A CB of `pages` tiles placed on `buffer` (set_globally_allocated_address: the core's shard), with `alias` a
    second buffer index over the same memory (Welford's c_29: its own read and write pointers, the same format and
    pages); its config, to rebind it to the next call's buffer."""
    from tensix.device import formats
    fmt = data_format(dtype)
    ps = formats.tile_size(fmt)
    idx = {index: fmt} if alias is None else {index: fmt, alias: fmt}
    cfg = mh.CircularBufferConfig(pages * ps, idx)
    for i in idx:
        cfg.set_page_size(i, ps)
    cfg.set_globally_allocated_address(buffer)
    mh.CreateCircularBuffer(prog, cores, cfg)
    return cfg


def _check_welford(what, a: Tensor, pc, gamma, beta, recip, b, fp32: bool):
    """use_welford: the factory's TT_FATAL on a missing reciprocal tensor; then what tensix refuses to run because
    the card's result would not be the layernorm (reads past the table or of pages the kernel never filled)."""
    if recip is None:
        raise TTNNError(f"{what}: Reciprocal tensor not provided for Welford layernorm\nFix: pass recip_tensor="
                        "ttnn.create_layer_norm_reciprocals(device, shard_spec.grid, shard_spec.shape[1]).")
    rmc = recip.memory_config()
    if not (rmc.is_sharded() and rmc.buffer_type == BufferType.L1):
        raise TTNNError(f"{what}: the Welford reciprocal tensor backs a circular buffer (CB 25), so it must be "
                        "sharded in L1 (circular_buffer_config.cpp: only L1 buffers can have an associated circular "
                        "buffer).\nFix: ttnn.create_layer_norm_reciprocals(device, shard_spec.grid, "
                        "shard_spec.shape[1]).")
    spec = a.memory_config().shard_spec
    missing = [c for c in spec.cores() if not rmc.shard_spec.grid.contains(c)]
    width = int(rmc.shard_spec.shape[1])
    if missing or width < int(pc.block_w) * TILE_SIZE:
        raise NotModelledError(
            f"{what}: layernorm_sharded_welford.cpp reads block_w * 32 = {int(pc.block_w) * TILE_SIZE} reciprocals "
            "from CB 25 on every core of the shard grid, but the reciprocal tensor "
            + (f"has no shard on core {missing[0]!r}" if missing else f"holds {width} per core")
            + ": the card would read whatever lies in L1 there, which tensix does not model.\nFix: "
            "ttnn.create_layer_norm_reciprocals(device, shard_spec.grid, shard_spec.shape[1]).")
    if not fp32 and b is None and a.dtype != DataType.BFLOAT16:
        raise NotModelledError(
            f"{what}: layernorm_sharded_welford.cpp reconfigures the unpacker for x - E[x] only with fp32_dest_acc_en "
            f"(FLOAT32_DTYPE): without it the {a.dtype!r} shard (c_0) is unpacked in the Float16_b format of the "
            "statistics' CBs, which tensix does not model.\nFix: fp32_dest_acc_en=True (layer_norm's default "
            "compute config), a bfloat16 input, or use_welford=False.")
    if beta is not None and gamma is None:
        raise NotModelledError(
            f"{what}: layernorm_sharded_welford.cpp with a bias and no weight normalizes into c_24 (its cb_im) but "
            "adds beta to c_18 (cb_fusion), which then holds the popped x - E[x] tiles: the card returns "
            "x - E[x] + beta from pages the kernel no longer owns, which tensix does not model.\nFix: pass "
            "weight=ones with the bias, or use_welford=False.")


def _check_subblock(what, cfg, subblock_w):
    """assert_subblock_compute_config_compatible: subblock_w within the Dst tiles of the sync / accumulation mode."""
    cap = (8 if cfg.fp32_dest_acc_en else 16) if cfg.dst_full_sync_en else (4 if cfg.fp32_dest_acc_en else 8)
    if subblock_w > cap:
        mode = ("in fp32 mode " if cfg.fp32_dest_acc_en else "") + (
            "when dst_full_sync_en is true" if cfg.dst_full_sync_en else "when dst_full_sync_en is false")
        raise TTNNError(f"{what}: subblock_wt={subblock_w}, but subblock width must less than {cap} tiles {mode}\n"
                        f"Fix: a subblock_w dividing block_w, at most {cap}.")


def sharded_norm(what, rms, a: Tensor, eps, gamma, beta, b, out_mc, pc, cfg, recip=None) -> Tensor:
    """ttnn.layer_norm / ttnn.rms_norm of the sharded `a` with the LayerNormShardedMultiCoreProgramConfig `pc` (the
    caller checked the dtype, gamma / beta and the residual's shape; `cfg` is the compute config with its
    defaults)."""
    started = time.perf_counter()
    out_mc = out_mc or a.memory_config()
    _validate(what, a, b, out_mc, pc, rms)
    welford = bool(pc.use_welford)
    if welford:
        _check_welford(what, a, pc, gamma, beta, recip, b, bool(cfg.fp32_dest_acc_en))
    # use_row_major_kernel: ROW_MAJOR gamma / beta ([Wt, 32] sticks) are read by writer_unary_sharded_ln_rm_gb
    rm_w = next((w for w in (gamma, beta) if w is not None and w.layout != Layout.TILE), None)
    rm_stick = rm_w.padded_shape[-1] * (4 if rm_w.dtype == DataType.FLOAT32 else 2) if rm_w is not None else None
    del rm_w
    mc = a.memory_config()
    spec = mc.shard_spec
    if out_mc.shard_spec is not None and out_mc.shard_spec != spec:
        raise NotModelledError(f"{what}: an output shard spec other than the input's ({out_mc.shard_spec!r} vs "
                               f"{spec!r}) builds the writer without SKIP_WRITE_BACK (write_resharded_data), whose "
                               "segment runtime args the factory sets only for the post-all-gather stage: tensix does "
                               "not model that path.\nFix: memory_config=None (the input's shard spec).")
    _check_subblock(what, cfg, pc.subblock_w)
    dev = O.device_of(what, a, b, gamma, beta, *([recip] if welford else []))
    gx_cfg, gy_cfg = _grid_xy(pc.compute_with_storage_grid_size)

    # GridParams / WorkerDistribution
    K = a.padded_shape[-1]
    M = a.padded_shape.volume() // K
    Kt = K // TILE_SIZE
    block_ht, block_wt, subblock_wt = int(pc.block_h), int(pc.block_w), int(pc.subblock_w)
    bb = spec.grid.bounding_box()
    gx, gy = bb.end.x - bb.start.x + 1, bb.end.y - bb.start.y + 1
    ox, oy = bb.start.x, bb.start.y
    mcast_1d = M == block_ht * TILE_SIZE
    row_wise = spec.orientation == ShardOrientation.ROW_MAJOR
    num_blocks = spec.grid.num_cores() if mcast_1d else (gx if row_wise else gy)
    two_stage = mcast_1d and ((row_wise and 1 < gx <= gx_cfg and gy > 1) or (not row_wise and gx > 1 and
                                                                              gy == gy_cfg))
    # WorkerDistribution: the rows split among the first cores of each row of blocks (of each grid row / column, with
    # the two-stage reduce, whose first grid row / column then combines the others' first-stage sums)
    nb_first = (gx if row_wise else gy) if two_stage else num_blocks
    nb_second = (gy if row_wise else gx) if two_stage else 0
    rows_per_worker = _div_up(block_ht, nb_first)
    rows_last = block_ht - (block_ht // rows_per_worker) * rows_per_worker or rows_per_worker
    num_workers = _div_up(block_ht, rows_per_worker)        # num_cores_all_to_all_first_stage

    fp32 = bool(cfg.fp32_dest_acc_en)
    float32_reduction = fp32 and not pc.legacy_reduction
    cb_dtype = DataType.FLOAT32 if fp32 else DataType.BFLOAT16
    from tensix.device import formats
    single = formats.tile_size(data_format(cb_dtype))
    out_ts = formats.tile_size(data_format(a.dtype))
    tiles = block_ht * block_wt
    inplace = bool(pc.inplace)
    if inplace:
        out = a
    else:
        omc = out_mc if out_mc.shard_spec is not None else MemoryConfig(out_mc.memory_layout, out_mc.buffer_type, spec)
        from tensix.ttnn.operations._dm_common import make_output
        out = make_output(dev, tuple(a.shape), a.dtype, Layout.TILE, omc, padded=tuple(a.padded_shape))

    # the cores in the program's order, each with its indices and role
    cores = spec.cores()        # corerange_to_cores(all_cores, n, row_wise): row by row, or column by column
    sim = dev.sim if hasattr(dev, "sim") else dev
    from tensix.metalium.types import CoreCoord
    noc_x = [sim.worker_core_from_logical_core(CoreCoord(x, oy)).x for x in range(ox, ox + gx)]
    noc_y = [sim.worker_core_from_logical_core(CoreCoord(ox, y)).y for y in range(oy, oy + gy)]
    last_width_index = len(cores) - 1 if mcast_1d else (gx - 1 if row_wise else gy - 1)
    packed_cinv = _packed(np.float32(1.0) / np.float32(num_blocks))
    packed_one = _packed(1.0)
    packed_winv = _packed(np.float32(1.0) / np.float32(block_wt * TILE_SIZE))
    plan = []
    for i, c in enumerate(cores):
        if mcast_1d:
            hi, wi = 0, i
        elif row_wise:
            hi, wi = c.y - oy, c.x - ox
        else:
            hi, wi = c.x - ox, c.y - oy
        wi2 = wi % nb_first                                 # width_index_two_stage
        a2a = (wi2 if two_stage else wi) < num_workers
        last = (wi2 if two_stage else wi) == num_workers - 1
        offset = (wi2 if two_stage else wi) * rows_per_worker * single
        second_reader = two_stage and wi < num_workers
        nred = Kt - last_width_index * block_wt if wi == last_width_index else block_wt
        comp = [nred] + ([rows_last if last else rows_per_worker, int(two_stage), int(second_reader)] if a2a else [])
        cinv = packed_one if (two_stage and a2a and wi >= num_workers) else packed_cinv
        if mcast_1d:
            rect = (noc_x[0], noc_y[0], noc_x[-1], noc_y[-1])
            pos, xs, ys = (c.x - ox, c.y - oy), noc_x, noc_y
        elif row_wise:
            yy = noc_y[hi]
            rect = (sim.worker_core_from_logical_core(CoreCoord(ox + 1, c.y)).x, yy, noc_x[-1], yy) if gx > 1 else None
            pos, xs, ys = (c.x - ox, 0), noc_x, [yy]
        else:
            xx = noc_x[hi]
            rect = (xx, sim.worker_core_from_logical_core(CoreCoord(c.x, oy + 1)).y, xx, noc_y[-1]) if gy > 1 else None
            pos, xs, ys = (0, c.y - oy), [xx], noc_y
        if wi == 0:
            role, rargs = "sender", list(rect or (0, 0, 0, 0)) + list(pos) + xs + ys
        elif a2a:
            role = "a2a"
            rargs = [int(last), offset, int(second_reader)] + list(pos) + xs + ys
        else:
            role = "none"
            rargs = [0, offset, 0, 0, 0, xs[0], ys[0]]
        plan.append((c, role, a2a, comp, rargs, wi, cinv))
    num_x, num_y = (gx, gy) if mcast_1d else ((gx, 1) if row_wise else (1, gy))

    # Welford on a Float32 input with an fp32 Dst reads x for the SFPU through CB 29, a second index of cb_x's memory
    # (c_0, or c_24 with a residual) configured UnpackToDestFp32; the FPU ops after it read cb_x through SrcA
    alias = welford and not rms and a.dtype == DataType.FLOAT32 and bool(cfg.fp32_dest_acc_en)
    names = dict(_CBS, cb_x_welford=29, welford_fp32_alias=int(alias))
    rdef = {"CB_NAMES": names}
    cdef = {"CB_NAMES": names}
    if b is not None:
        rdef["FUSE_PRE_ADD"] = cdef["FUSE_PRE_ADD"] = 1
    if gamma is not None:
        rdef["FUSE_GAMMA"] = 1
    if beta is not None:
        rdef["FUSE_BETA"] = 1
    wdef = {"CB_NAMES": names, "SKIP_WRITE_BACK": 1}
    if rms:
        wdef["RMSNORM"] = 1
        if not welford:
            cdef["RMSNORM"] = 1
    eps_bits = int(np.float32(eps).view(np.uint32))
    g_dt = gamma.dtype if gamma is not None else DataType.BFLOAT16
    b_dt = beta.dtype if beta is not None else DataType.BFLOAT16
    key = ("layernorm_sharded", rms, O.spec_key(a), O.spec_key(out), inplace,
           *(None if t is None else O.spec_key(t) for t in (gamma, beta, b)), eps_bits,
           (str(cfg.math_fidelity), bool(cfg.math_approx_mode), fp32, bool(cfg.dst_full_sync_en)),
           (gx_cfg, gy_cfg, subblock_wt, block_ht, block_wt, bool(pc.legacy_reduction), bool(pc.legacy_rsqrt)),
           welford and O.spec_key(recip))
    stats = 2 if welford else 1         # tiles per row of each statistic: Welford's [mean, var] pairs

    def acc(t):
        return O.accessor_args(t) if t is not None else [_ABSENT]

    def factory():
        from tensix.ttnn.operations.normalization import _cb_alias
        prog = mh.CreateProgram()
        all_cores = [p[0] for p in plan]
        for _ in range(3):                      # reduce_sender (0), reduce_receiver (1), reduce_second_stage (2)
            mh.CreateSemaphore(prog, all_cores, 0)
        cfgs = [_shard_cb(prog, all_cores, 0, tiles, a.dtype, a._buffer, 29 if (alias and b is None) else None)]
        if b is not None:
            cfgs.append(_shard_cb(prog, all_cores, 1, tiles, a.dtype, b._buffer))
        if gamma is not None:
            O.cb(prog, all_cores, 5, block_wt, g_dt)
        if beta is not None:
            O.cb(prog, all_cores, 6, block_wt, b_dt)
        _cb_alias(prog, all_cores, 24, tiles, cb_dtype, 29 if (alias and b is not None) else None)
        O.cb(prog, all_cores, 18, tiles, cb_dtype)
        ext = (nb_first + nb_second - 1 if two_stage else _div_up(Kt, block_wt)) * stats
        if not rms:
            O.cb(prog, all_cores, 8, block_ht * stats, cb_dtype)
            O.cb(prog, all_cores, 9, block_ht * stats, cb_dtype)
            O.cb(prog, all_cores, 10, ext, cb_dtype)
        if not welford:
            O.cb(prog, all_cores, 2, 1, DataType.BFLOAT16)
            O.cb(prog, all_cores, 3, 1, DataType.BFLOAT16)
            O.cb(prog, all_cores, 4, 1, cb_dtype)       # F32 when the intermediates are, else BF16
            O.cb(prog, all_cores, 11, block_ht, cb_dtype)
            O.cb(prog, all_cores, 12, block_ht, cb_dtype)
            O.cb(prog, all_cores, 13, ext, cb_dtype)
            O.cb(prog, all_cores, 20, rows_per_worker, cb_dtype)
        O.cb(prog, all_cores, 15, block_ht * stats, cb_dtype)
        if welford:
            O.cb(prog, all_cores, 22, block_ht * stats, cb_dtype)       # cb_transpose: cb_ex_global's size
            # CB 25: the reciprocal table, one page of the table's aligned size per bank, on its own L1 buffer
            recip_bytes = recip._buffer._per_bank
            rcfg = mh.CircularBufferConfig(recip_bytes, {25: data_format(DataType.FLOAT32)}).set_page_size(
                25, recip_bytes)
            rcfg.set_globally_allocated_address(recip._buffer)
            mh.CreateCircularBuffer(prog, all_cores, rcfg)
        else:
            rcfg = None
        cfgs.append(_shard_cb(prog, all_cores, 16, tiles, a.dtype, out._buffer))

        common = [num_blocks, block_ht]
        sender_ct = [_RECEIVER_SEM, _SENDER_SEM] + common + [
            block_ht * single, num_workers, rows_per_worker, rows_per_worker * single, rows_last, rows_last * single,
            int(row_wise), num_x, num_y, int(two_stage), nb_first, nb_second, _SECOND_STAGE_SEM, int(rms),
            int(welford)]

        def receiver_ct(is_a2a):
            return [_RECEIVER_SEM, _SENDER_SEM] + common + [
                int(is_a2a), num_workers, rows_per_worker, rows_last, int(row_wise),
                num_x if is_a2a else 1, num_y if is_a2a else 1, int(two_stage and is_a2a),
                nb_first if is_a2a else 0, nb_second if is_a2a else 0,
                _SECOND_STAGE_SEM, int(rms), int(welford)]

        def writer_ct(is_a2a):
            return ([int(is_a2a), int(gamma is not None), int(beta is not None), block_wt, int(welford)] + acc(gamma)
                    + acc(beta) + ([rm_stick] if rm_stick is not None else [])
                    + [int(g_dt == DataType.FLOAT32), int(b_dt == DataType.FLOAT32),
                                   block_wt * out_ts, block_wt * out_ts, block_ht]
                    + ([] if is_a2a else [int(welford)]))

        def compute_ct(is_a2a):
            ct = [0, int(gamma is not None), int(beta is not None), nb_first, block_ht, block_wt, subblock_wt,
                  block_wt // subblock_wt, int(is_a2a), tiles, int(fp32), int(float32_reduction),
                  int(bool(pc.legacy_rsqrt)), nb_second]
            if welford:     # tile_width, last_tile_W (of the padded K: always 32), K, eps, the table's length
                ct += [TILE_SIZE, K - ((K - TILE_SIZE) // TILE_SIZE) * TILE_SIZE, K, eps_bits, block_wt * TILE_SIZE]
            return ct

        groups = {}
        for c, role, a2a, _comp, _r, _wi, _cinv in plan:
            groups.setdefault(("reader", role), []).append(c)
            groups.setdefault(("rest", a2a), []).append(c)
        kernels = {}
        for (kind, r), cs in groups.items():
            if kind == "reader":
                path = ("reader_mcast_sender_unary_sharded_ln.py" if r == "sender"
                        else "reader_mcast_receiver_unary_sharded_ln.py")
                ct = sender_ct if r == "sender" else receiver_ct(r == "a2a")
                kernels[("reader", r)] = mh.CreateKernel(prog, O.kernel_path(_KDIR + path), cs,
                                                         ReaderDataMovementConfig(compile_args=ct, defines=rdef))
            else:
                writer = "writer_unary_sharded_ln_rm_gb.py" if rm_stick is not None else "writer_unary_sharded_ln.py"
                kernels[("writer", r)] = mh.CreateKernel(
                    prog, O.kernel_path(_KDIR + writer), cs,
                    WriterDataMovementConfig(compile_args=writer_ct(r), defines=wdef))
                kernels[("compute", r)] = mh.CreateKernel(
                    prog, O.kernel_path(_KDIR + ("layernorm_sharded_welford.py" if welford
                                                 else "layernorm_sharded.py")), cs, ComputeConfig(
                        math_fidelity=cfg.math_fidelity, fp32_dest_acc_en=fp32,
                        dst_full_sync_en=bool(cfg.dst_full_sync_en), math_approx_mode=bool(cfg.math_approx_mode),
                        unpack_to_dest_mode={29: "UnpackToDestFp32"} if alias else None,
                        compile_args=compute_ct(r), defines=cdef))

        def set_args(tensors):
            ta, tb, tg, tbe, tr, to = tensors
            cfgs[0].set_globally_allocated_address(ta._buffer)
            if rcfg is not None:
                rcfg.set_globally_allocated_address(tr._buffer)
            if tb is not None:
                cfgs[1].set_globally_allocated_address(tb._buffer)
            cfgs[-1].set_globally_allocated_address(to._buffer)
            g_addr = tg.buffer_address() if tg is not None else 0
            b_addr = tbe.buffer_address() if tbe is not None else 0
            for c, role, a2a, comp, rargs, wi, cinv in plan:
                mh.SetRuntimeArgs(prog, kernels[("reader", role)], c, rargs)
                mh.SetRuntimeArgs(prog, kernels[("compute", a2a)], c, comp)
                mh.SetRuntimeArgs(prog, kernels[("writer", a2a)], c, [
                    cinv, packed_winv, eps_bits, g_addr, b_addr, wi * block_wt, wi * block_wt])

        return O.ProgramEntry(prog, set_args, len(plan), "LayerNormShardedProgramFactory")

    O.run(what, dev, key, factory, [a, b, gamma, beta, recip if welford else None, out], [out],
          {"norm": "RMSNORM" if rms else "LAYERNORM", "epsilon": float(eps), "dtype": a.dtype.name,
           "sharded": True}, started)
    return out


def norm(what, rms, a, epsilon, weight, bias, b, memory_config, program_config, compute_kernel_config, kwargs):
    """normalization.py _norm for a sharded input or a sharded program config: ttnn::layer_norm / rms_norm's checks
    (rank, empty tensor), the device op's input, weight and residual checks, the default compute config and, with no
    program config, create_layernorm_program_config's; then LayerNormShardedProgramFactory."""
    from tensix.ttnn.errors import DTypeError
    from tensix.ttnn.operations.normalization import (LayerNormDefaultProgramConfig, _check_residual,
                                                      _check_weight, _ln_config)
    O.device_of(what, a)
    if len(a.shape) == 0:
        raise TTNNError(f"{what}: LayerNorm operation not supported for 0D tensors. (rank=0)\nFix: pass a tensor of "
                        "rank >= 1.")
    if a.logical_volume() == 0:
        raise NotModelledError(f"{what} of a zero-volume tensor returns ttnn.clone of it; not modelled here.")
    if not a.is_sharded():
        # the device op's sharded-config checks read a.shard_spec().value() (std::bad_optional_access)
        raise TTNNError(f"{what}: LayerNormShardedMultiCoreProgramConfig needs a sharded input (the input is "
                        f"{a.memory_config().memory_layout!r}).\nFix: shard the input (WIDTH_SHARDED or BLOCK_SHARDED "
                        "in L1), or use LayerNormDefaultProgramConfig().")
    if program_config is None:
        program_config = default_program_config(a)
    elif isinstance(program_config, LayerNormDefaultProgramConfig) or not hasattr(program_config, "block_h"):
        # validate_on_program_cache_miss: std::get<LayerNormShardedMultiCoreProgramConfig> of the default config
        raise TTNNError(f"{what}: a sharded input needs a LayerNormShardedMultiCoreProgramConfig (the device op reads "
                        "it for any sharded input; std::bad_variant_access with LayerNormDefaultProgramConfig).\nFix: "
                        "program_config=None (derived from the shard spec) or a "
                        "LayerNormShardedMultiCoreProgramConfig.")
    if a.dtype not in (DataType.FLOAT32, DataType.BFLOAT16, DataType.BFLOAT8_B):
        raise DTypeError(f"{what}: Input tensor must be FLOAT32, BFLOAT16, or BFLOAT8_B, got: {a.dtype!r}.\nFix: "
                         "ttnn.typecast it to bfloat16 or float32.")
    _check_residual(what, a, b)
    for name, w in (("weight", weight), ("bias", bias)):
        if w is not None and w.layout == Layout.TILE:
            _check_weight(what, name, w, a)
        elif w is not None:
            O.device_of(what, w)
            n = "Gamma" if name == "weight" else "Beta"
            if not (w.padded_shape[-1] == TILE_SIZE and w.padded_shape.volume() // TILE_SIZE
                    == a.padded_shape[-1] // TILE_SIZE):
                raise ShapeError(f"{what}: {n}'s last padded dim needs to equal tile width and its volume needs to "
                                 f"align with last padded dim of input. Got {name} padded shape "
                                 f"{list(w.padded_shape)}, input padded shape {list(a.padded_shape)}.\nFix: pass "
                                 f"{name} zero-padded to the input's padded width and reshaped to [Wt, 32].")
            if w.dtype not in (DataType.FLOAT32, DataType.BFLOAT16):
                raise DTypeError(f"{what}: {n} tensor must be FLOAT32 or BFLOAT16, got: {w.dtype!r}")
    if weight is not None and bias is not None and weight.layout != bias.layout:
        raise TTNNError(f"{what}: Gamma and beta must have the same layout!")
    cfg = _ln_config(compute_kernel_config, rms)
    return sharded_norm(what, rms, a, float(epsilon), weight, bias, b, memory_config or a.memory_config(),
                        program_config, cfg, kwargs.get("recip_tensor"))
