"""The sliding-window path of ttnn.max_pool2d / ttnn.avg_pool2d (tt-metal 622c6fb9 generic_pools.cpp pool2d_L1 /
pool2d_DRAM: halo, then the pool program of pool/generic/device/pool_multi_core_program_factory.cpp with the kernels
reader_pool_2d.cpp and compute_pool_2d.cpp).

What is modelled, and how it differs from tt-metal:
- the numbers: every output stick is the pool of its window (kernel, stride, padding [top, bottom, left, right],
  dilation, ceil_mode's extra bottom / right padding, get_ceil_pad_hw) over the bfloat16 input sticks, the padding
  holding the pool's init value (-inf for max, 0 for average, get_bf16_pool_init_value); the window's rows are tilized
  and pooled on the FPU with reduce_tile<REDUCE_COL> in chunks of max_rows_for_reduction rows (32, or 16 when the last
  channel tile is at most half full), accumulating in Dst (fp32 Dst for an average pool whose window exceeds max_rows,
  init_device_compute_kernel_config's default there; else 16-bit), HiFi4, the scaler bfloat16::truncate(1/divisor)
  (get_bf16_pool_scalar truncates, it does not round); max is exact;
- the program: tensix runs one program (tensix/ttnn/kernels/pool/) on the output sticks split over the compute grid
  (split_work_to_cores, row-wise) that reads the window sticks from the interleaved input itself, instead of tt-
  metal's halo op (untilize_with_halo: each core's input shard with its neighbours' rows and the padding) and its
  sharded pool program fed by reader-index config tensors; the channel tiles of one Dst section are tt-metal's block
  (8, 4 for a large-kernel average) narrowed to fit c_1. The device time is therefore tensix's program's, not the halo
  + pool pair's. A TILE input is untilized first (ttnn.to_layout; tt-metal's halo untilizes it itself);
- the execution path (determine_pool2d_execution_path): an L1 input, dram_slice_config L1Full or num_slices 1, or a
  DRAM input small enough that op_slicing's determine_slice_config certainly picks one slice (pool2d_DRAM then runs
  pool2d_L1) take the L1 path: (1, 1, N*OH*OW, C); an explicit num_slices > 1 on a DRAM input the DRAM path: (N, OH,
  OW, C) DRAM-interleaved (the slices change how tt-metal schedules the work, not the numbers);
- the output memory config: pool2d_L1 returns the pool's sharded output (the shard spec of its parallel config:
  applied_shard_scheme's, or determine_pool_config_for_auto_shard's choice) and moves it to memory_config when one is
  given. tensix returns memory_config when given (sharded ones through ttnn.to_memory_config, as tt-metal), else
  L1-interleaved: the parallel-config choice, and so the sharded memory config of a call without memory_config, is not
  reproduced (the values and the shape are). applied_shard_scheme is validated (HEIGHT / WIDTH / BLOCK) and otherwise
  only steers that choice. TILE output is the ROW_MAJOR bfloat16 result tilized into dtype (ttnn.to_layout).

An average pool with a divisor per output stick (count_include_pad=False with padding, or ceil_mode with ceil padding:
not is_pool_op_one_scalar_per_core) gets one scaler tile per output stick, 1/area as get_bf16_avg_pool_config_scalars
computes it (tt-metal's reader reads it from the scalar config tensor; tensix's reader computes it).

Not modelled (NotModelledError naming the thing): return_indices (compute_mpwi.cpp), inputs other than bfloat16 /
bfloat8_b, windows of more chunks than c_1 holds (_C1_TILES), and op_slicing's automatic slice choice for DRAM inputs
too big to certainly fit one slice. A sharded input (ROW_MAJOR orientation, no applied_shard_scheme, as pool2d_L1
requires) is read through its buffer's TensorAccessor, and deallocated after the op with deallocate_input (or in
DRAM), as pool2d_L1 does. reallocate_halo_output and config_tensor_in_dram only place tt-metal's halo output and config
tensors, which tensix's program does not have: accepted, without effect."""

from __future__ import annotations

import math
import time

import numpy as np

from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.types import ComputeConfig, ReaderDataMovementConfig, WriterDataMovementConfig
from tensix.kernel import PoolType
from tensix.ttnn import op as O
from tensix.ttnn.errors import ShapeError, TTNNError
from tensix.ttnn.types import (L1_MEMORY_CONFIG, DRAM_MEMORY_CONFIG, DataType, Layout, MathFidelity,
                               ShardOrientation, TensorMemoryLayout, WormholeComputeKernelConfig)

_KDIR = "pool/"
_C1_TILES = 128        # c_1 (the tilized chunks of one Dst section): 256 KiB of bfloat16 tiles


def _f32_bits(x: float) -> int:
    return int(np.float32(x).view(np.uint32))


def _refuse(what: str, thing: str, fix: str):
    raise NotModelledError(f"{what}: {thing} is not modelled by tensix.ttnn (tt-metal's sliding-window pool).\n"
                           f"Fix: {fix}")


def _ceil_pad(ceil_mode, ih, iw, kernel, stride, pad4, dil) -> tuple[int, int]:
    """sliding_window.cpp SlidingWindowConfig::get_ceil_pad_hw: the extra bottom / right padding of ceil_mode (the
    float division and ceil as there; an output position whose window would start in the right / bottom padding
    is dropped)."""
    if not ceil_mode:
        return 0, 0
    pt, pb, pl, pr = pad4
    out = []
    for i, (n, p_lo, p) in enumerate(((ih, pt, pt + pb), (iw, pl, pl + pr))):
        q = float(np.float32(n + p - dil[i] * (kernel[i] - 1) - 1) / np.float32(stride[i]))
        o = math.ceil(q) + 1
        if (o - 1) * stride[i] >= n + p_lo:
            o -= 1
        extra = stride[i] * (o - 1) + dil[i] * (kernel[i] - 1) + 1 - n - p
        out.append(max(extra, 0))
    return out[0], out[1]


def _validate(what, t4, batch_size, ih, iw, channels, kernel, stride, pad4, dil):
    """pool_utils.cpp validate_input_params."""
    for name, v in (("Batch size", batch_size), ("Input height", ih), ("Input width", iw), ("Channels", channels)):
        if v <= 0:
            raise ShapeError(f"{what}: Pool2D: {name} must be greater than 0, got {v}")
    shape = tuple(t4.shape)
    nhw = batch_size * ih * iw
    if shape not in ((1, 1, nhw, channels), (batch_size, ih, iw, channels)):
        raise ShapeError(f"{what}: the input's shape {list(shape)} is neither (1, 1, N*H*W, C) = (1, 1, {nhw}, "
                         f"{channels}) nor (N, H, W, C) = ({batch_size}, {ih}, {iw}, {channels}).\nFix: pass the "
                         "batch_size, input_h, input_w and channels of the tensor.")
    if min(kernel) <= 0 or min(stride) <= 0 or min(dil) <= 0:
        raise ShapeError(f"{what}: Pool2D: kernel size {kernel}, stride {stride} and dilation {dil} must be greater "
                         "than 0 in both dimensions")
    pt, pb, pl, pr = pad4
    if pt > kernel[0] // 2 or pb > kernel[0] // 2 or pl > kernel[1] // 2:
        raise ShapeError(f"{what}: Pool2D: Padding ({pt}, {pb}, {pl}) should not exceed half of kernel size "
                         f"({kernel[0]}, {kernel[1]})")
    ekh, ekw = dil[0] * (kernel[0] - 1) + 1, dil[1] * (kernel[1] - 1) + 1
    if ekh > ih + pt + pb or ekw > iw + pl + pr:
        raise ShapeError(f"{what}: Pool2D: Effective kernel size ({ekh}, {ekw}) cannot exceed padded input size "
                         f"({ih + pt + pb}, {iw + pl + pr})")


def pool2d_sliding(what, pool_type, t4, batch_size, ih, iw, channels, kernel, stride, pad4, dil, ceil_mode,
                   count_include_pad, divisor_override, memory_config, dram_slice_config, applied_shard_scheme,
                   compute_kernel_config, deallocate_input, return_indices, dtype, output_layout,
                   config_tensor_in_dram):
    started = time.perf_counter()
    dev = O.device_of(what, t4)
    if return_indices:
        _refuse(what, "return_indices (max pool with indices, compute_mpwi.cpp)", "return_indices=False.")
    in_mc = t4.memory_config()
    if in_mc.is_sharded():
        # pool2d_L1 on a sharded input: its shard spec is the parallel config (tensix reads the sticks through the
        # buffer's TensorAccessor; see the module docstring)
        if applied_shard_scheme is not None:
            raise TTNNError(f"{what}: A sharding scheme should not be specified for a sharded input tensor.\nFix: "
                            "applied_shard_scheme=None.")
        if in_mc.shard_spec is None or in_mc.shard_spec.orientation != ShardOrientation.ROW_MAJOR:
            raise TTNNError(f"{what}: Only row major orientation is supported (the input's shard spec is "
                            f"{in_mc.shard_spec!r}).")
    if applied_shard_scheme is not None and applied_shard_scheme not in (
            TensorMemoryLayout.HEIGHT_SHARDED, TensorMemoryLayout.WIDTH_SHARDED, TensorMemoryLayout.BLOCK_SHARDED):
        raise TTNNError(f"{what}: Only height, width, or block sharding strategies are supported "
                        f"(applied_shard_scheme={applied_shard_scheme!r}).")
    if t4.dtype not in (DataType.BFLOAT16, DataType.BFLOAT8_B):
        _refuse(what, f"a {t4.dtype!r} input (tensix's pool program reads bfloat16 sticks; a bfloat8_b TILE input is "
                "untilized to them first)", "ttnn.typecast the input to bfloat16.")
    _validate(what, t4, batch_size, ih, iw, channels, kernel, stride, pad4, dil)
    pt, pb, pl, pr = pad4
    ceil_h, ceil_w = _ceil_pad(ceil_mode, ih, iw, kernel, stride, pad4, dil)
    oh = (ih + pt + pb + ceil_h - dil[0] * (kernel[0] - 1) - 1) // stride[0] + 1
    ow = (iw + pl + pr + ceil_w - dil[1] * (kernel[1] - 1) - 1) // stride[1] + 1
    # pool_utils.cpp is_pool_op_one_scalar_per_core: otherwise one scalar per output stick (tt-metal: from the scalar
    # config tensor; tensix's reader computes the same divisor, reader_pool_2d.py)
    one_scalar = (pool_type != "avg" or divisor_override is not None
                  or ((not ceil_mode or (ceil_h == 0 and ceil_w == 0)) and (count_include_pad or not any(pad4))))
    if oh <= 0 or ow <= 0:
        raise ShapeError(f"{what}: Pool2D: Computed output dimensions must be positive, got {oh}x{ow}")
    from tensix.ttnn.core import to_layout
    x = t4
    if x.layout == Layout.TILE:
        x = to_layout(x, Layout.ROW_MAJOR)
    if x.dtype != DataType.BFLOAT16:
        _refuse(what, f"a {x.dtype!r} ROW_MAJOR input", "bfloat16.")
    n_out = batch_size * oh * ow
    sliced = _dram_sliced(what, t4, dram_slice_config, ih, iw, oh, ow, channels, batch_size)
    if sliced:      # pool2d_DRAM's output: (N, OH, OW, C), DRAM-interleaved, whatever memory_config says
        out_shape, out_mc = (batch_size, oh, ow, channels), DRAM_MEMORY_CONFIG
    else:           # pool2d_L1's, moved to memory_config when one is given
        out_shape = (1, 1, n_out, channels)
        out_mc = memory_config if memory_config is not None and not memory_config.is_sharded() else L1_MEMORY_CONFIG
    out = O.output_tensor(dev, out_shape, DataType.BFLOAT16, Layout.ROW_MAJOR, out_mc)

    window = kernel[0] * kernel[1]
    ntiles_c = -(-channels // 32)
    rem = channels % 32
    max_rows = 16 if (rem != 0 and rem <= 16) else 32       # get_factory_parameters: last_tile_is_partial
    large = window > max_rows
    is_avg = pool_type == "avg"
    max_tiles_red = 4 if (is_avg and large) else 8
    chunks = -(-window // max_rows)
    if chunks > _C1_TILES:
        _refuse(what, f"a window of {window} positions ({chunks} chunks of {max_rows} rows; tensix tilizes every "
                f"chunk into c_1, at most {_C1_TILES} tiles, before the one Dst section that pools them)",
                "a smaller kernel.")
    # the channel tiles of one Dst section: tt-metal's MAX_TILES_PER_REDUCTION block, narrowed so that the block's
    # tilized chunks fit c_1 (each tile's pool is independent of the others, so the numbers do not change)
    max_tiles = min(ntiles_c, max_tiles_red, _C1_TILES // chunks)
    cfg = compute_kernel_config or WormholeComputeKernelConfig(math_fidelity=MathFidelity.HiFi4,
                                                               fp32_dest_acc_en=is_avg and large)
    if is_avg:
        div = divisor_override if divisor_override is not None else window
        scaler = np.float32(1.0 / float(div))
    else:
        scaler = np.float32(1.0)
    init_bits = 0xFF80 if not is_avg else 0         # bfloat16 -inf / 0 (get_bf16_pool_init_value)
    in_stick = x.page_size
    out_stick = out.page_size
    pool = PoolType.AVG if is_avg else PoolType.MAX
    key = ("pool2d", pool_type, batch_size, ih, iw, channels, kernel, stride, pad4, dil, _f32_bits(scaler), one_scalar,
           bool(count_include_pad), ceil_mode,
           O.spec_key(x), O.spec_key(out), cfg.math_fidelity, bool(cfg.fp32_dest_acc_en))

    def factory():
        prog = mh.CreateProgram()
        work = O.split_work(dev, n_out)
        cores = [c for c, _ in work]
        O.cb(prog, cores, 0, 2 * max_tiles, DataType.BFLOAT16)
        O.cb(prog, cores, 1, chunks * max_tiles, DataType.BFLOAT16)
        O.cb(prog, cores, 2, 1 if one_scalar else 2, DataType.BFLOAT16)
        O.cb(prog, cores, 16, 2 * max_tiles, DataType.BFLOAT16)
        O.cb(prog, cores, 17, 1, DataType.BFLOAT16, page_size=-(-ntiles_c * 64 // 32) * 32)
        defines = {"REDUCE_OP": pool}
        rk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "reader_pool_2d.py"), cores, ReaderDataMovementConfig(
            compile_args=[batch_size, ih, iw, oh, ow, kernel[0], kernel[1], stride[0], stride[1], pt, pl, dil[0],
                          dil[1], channels, in_stick, ntiles_c, max_tiles, chunks, max_rows, init_bits,
                          _f32_bits(scaler), int(not one_scalar), int(count_include_pad), pb, pr]
            + O.accessor_args(x), defines=defines))
        wk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "writer_pool_2d.py"), cores, WriterDataMovementConfig(
            compile_args=[channels, ntiles_c, max_tiles, out_stick] + O.accessor_args(out)))
        ck = mh.CreateKernel(prog, O.kernel_path(_KDIR + "compute_pool_2d.py"), cores, ComputeConfig(
            math_fidelity=cfg.math_fidelity, fp32_dest_acc_en=bool(cfg.fp32_dest_acc_en),
            compile_args=[ntiles_c, max_tiles, chunks, int(not one_scalar)], defines=defines))

        def set_args(tensors):
            ta, to = tensors
            done = 0
            for c, k in work:
                mh.SetRuntimeArgs(prog, rk, c, [ta.buffer_address(), done, k])
                mh.SetRuntimeArgs(prog, wk, c, [to.buffer_address(), done, k])
                mh.SetRuntimeArgs(prog, ck, c, [k])
                done += k

        return O.ProgramEntry(prog, set_args, len(cores), "Pool2D (tensix: window reads, no halo)")

    O.run(what, dev, key, factory, [x, out], [out],
          {"pool": pool_type, "kernel": kernel, "stride": stride, "padding": pad4, "dilation": dil,
           "scaler": float(scaler)}, started)
    if in_mc.is_sharded() and (deallocate_input or in_mc.is_dram()):
        # pool2d_L1 deallocates input_tensor_sharded after the halo, which for a sharded input is the input itself
        # (for an interleaved one, its sharded copy: nothing the caller holds)
        from tensix.ttnn.core import deallocate
        deallocate(t4, True)
    if output_layout == Layout.TILE:
        # compute_pool_2d.cpp packs the result rows to bfloat16 (pre_tilize_cb) and fast-tilizes them into the output
        # format: the same as tilizing the bfloat16 rows into `dtype` (block-float tiles share exponents per row of
        # 16 from bfloat16 values, their padding channels 0 either way)
        out = to_layout(out, Layout.TILE, dtype=dtype)
    if not sliced and memory_config is not None and memory_config.is_sharded():
        from tensix.ttnn.operations.dm_memory import to_memory_config
        out = to_memory_config(out, memory_config)
    return [out]


# op_slicing's automatic choice is modelled only where it is clear-cut: an L1 path whose input and output, spread over
# the 64 cores (twice, for the halo'd copy and the CBs), stay under a quarter of a core's L1 certainly fits in one
# slice (tt-metal then runs the L1 path); above that, tt-metal may slice, and which slicing it picks is not modelled
_AUTO_ONE_SLICE_BYTES = 64 * 1024 * 1024 * 4 // 16


def _dram_sliced(what, t4, cfg, ih, iw, oh, ow, channels, batch_size) -> bool:
    """generic_pools.cpp determine_pool2d_execution_path / pool2d_DRAM: True when the op runs DRAM-sliced (an
    explicit num_slices > 1 on a DRAM input), False for the L1 path (an L1 input, L1Full, num_slices 1, or a DRAM
    input small enough that determine_slice_config certainly picks one slice, which pool2d_DRAM runs as pool2d_L1)."""
    from tensix.ttnn.operations.pool import Op2DSliceConfig
    if cfg is not None and not isinstance(cfg, Op2DSliceConfig):
        raise TTNNError(f"{what}: dram_slice_config must be a ttnn.Op2DSliceConfig, got {type(cfg).__name__}.")
    if cfg is not None and (cfg.slice_type == Op2DSliceConfig.SliceTypeEnum.L1Full or cfg.num_slices == 1):
        return False
    if t4.memory_config().is_l1():
        return False
    if cfg is not None and cfg.num_slices > 1:
        return True
    cpad = -(-channels // 16) * 16
    need = 2 * 2 * cpad * (batch_size * ih * iw + batch_size * oh * ow)
    if need > _AUTO_ONE_SLICE_BYTES:
        _refuse(what, f"op_slicing's automatic DRAM slice choice (determine_slice_config) for a DRAM input of "
                f"{batch_size * ih * iw} sticks of {channels} channels (about {need >> 20} MiB of L1 for the L1 "
                "path; tt-metal may slice it and then returns (N, OH, OW, C) in DRAM)",
                "pass dram_slice_config=ttnn.Op2DSliceConfig(slice_type=ttnn.Op2DDRAMSliceWidth, num_slices=k) "
                "(k > 1: DRAM output) or ttnn.Op2DL1FullSliceConfig.")
    return False
