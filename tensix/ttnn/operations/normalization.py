"""Normalizations: ttnn.softmax and ttnn.scale_mask_softmax (this part), as tt-metal 622c6fb9 runs them on Wormhole.

softmax (ttnn/cpp/ttnn/operations/normalization/softmax/): ttnn::softmax checks the dim, sees the input as 4D
(unsqueeze_to_4D) and, for the last dim, runs SoftmaxDeviceOperation with SoftmaxProgramFactoryAttentionOptimized
(softmax_program_factory_attention_optimized.cpp): the tile rows (N x C*H/32) split over the grid row-wise
(split_work_to_cores(grid, rows, true)), kernels on every core of the grid (idle ones with zero arguments), the row
processed in blocks of find_max_divisor(Wt, 8) tiles (4 with fp32 accumulation), a padded width masked with -inf by
a row-broadcast mask tile on each row's last tile, numeric_stable subtracting the row max. Its compute config
(softmax_init_compute_kernel_config): HiFi4 (HiFi3 for float32 inputs), math_approx_mode = true (the approximate
exp), fp32 accumulation for float32 inputs. Kernels: tensix/ttnn/kernels/normalization/.
scale_mask_softmax: the same program with FUSED_SCALE_MASK (x * scale + mask, the mask [N, 1, 32 or 1, W] broadcast
over rows, or with is_causal_mask a full [N, 1, H, W] mask).

Over the other dims of the 4D view softmax runs tt-metal's general programs with the moreh softmax kernels
(ttnn/cpp/ttnn/operations/moreh/moreh_softmax/device/kernels/): the second-last dim SoftmaxProgramFactoryGeneralHSmall
(each tile column held whole in L1) or, for a column whose CBs pass 512 KB of L1, GeneralHLarge (the column streamed
three times), dims 0 and 1 SoftmaxProgramFactoryGeneralCLarge (tile by tile along the dim). A tensor of rank > 4 goes
to the device op as it is (softmax_device_operation.cpp prim::softmax): its last dim runs
SoftmaxProgramFactoryGeneralWSmall (or GeneralWLarge for a row whose CBs pass 512 KB), its second-last GeneralH, the
others GeneralCLarge.

The *_in_place ops (softmax_in_place, scale_mask_softmax_in_place, scale_causal_mask_hw_dims_softmax_in_place) take a
program_config: with ttnn.SoftmaxShardedMultiCoreProgramConfig they run SoftmaxShardedProgramFactoryAttentionOptimized
(softmax_program_factory_attention_optimized_sharded.cpp) in place on a sharded input whose shard is a whole number of
full-width tile rows (height sharded, or block sharded one shard wide): see "the sharded softmax" below.

Not modelled (NotModelledError): widths whose CBs exceed 90% of L1 in the attention program (the large-tensor
kernel), sharded inputs with the default program config (the interleaved program over TensorAccessors),
the sharded program with a ROW_MAJOR mask (reader_unary_sharded_sm_rm_mask.cpp) or a sharded non-causal / hw_dims
mask, ROW_MAJOR inputs of scale_mask_softmax and ROW_MAJOR masks
(tilize_with_val_padding), masks on tensors of rank > 4. ttnn.softmax tilizes a ROW_MAJOR input with -inf where the
C++ does (the dim of the 4D view equal to the input's rank - 1) and refuses it elsewhere with the device operation's
"Inputs to softmax must be tilized" (LayoutError)."""

from __future__ import annotations

import time

import numpy as np

from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.types import ComputeConfig, MathFidelity, ReaderDataMovementConfig, WriterDataMovementConfig
from tensix.ttnn import op as O
from tensix.ttnn.core import full
from tensix.ttnn.errors import DTypeError, LayoutError, ShapeError, ShardSpecError, TTNNError
from tensix.ttnn.operations.reduction import _view
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import (TILE_SIZE, BufferType, DataType, Layout, ShardOrientation, TensorMemoryLayout,
                               WormholeComputeKernelConfig, data_format)

__all__ = ["softmax", "scale_mask_softmax", "scale_mask_softmax_in_place", "layer_norm", "rms_norm",
           "LayerNormDefaultProgramConfig", "LayerNormShardedMultiCoreProgramConfig", "SoftmaxDefaultProgramConfig",
           "create_layer_norm_reciprocals", "SoftmaxShardedMultiCoreProgramConfig", "softmax_in_place",
           "scale_causal_mask_hw_dims_softmax_in_place", "LayerNormInputs"]

_KDIR = "normalization/"
_FLOATS = (DataType.FLOAT32, DataType.BFLOAT16, DataType.BFLOAT8_B)


def _f32_bits(x) -> int:
    return int(np.float32(x).view(np.uint32))


def find_max_divisor(val: int, start_max_div: int) -> int:
    """tt-metal work_split.cpp find_max_divisor: the largest divisor of val up to start_max_div, skipping 7 and 5."""
    for d in range(start_max_div, 0, -1):
        if d in (7, 5):
            continue
        if val % d == 0:
            return d
    return 1


def _cfg_key(cfg):
    return (str(cfg.math_fidelity), bool(cfg.math_approx_mode), bool(cfg.fp32_dest_acc_en),
            bool(cfg.packer_l1_acc), bool(cfg.dst_full_sync_en))


def _softmax_config(cfg, is_fp32: bool):
    """softmax_init_compute_kernel_config: HiFi3 on Wormhole for float32 inputs (hardware bug #38306), else HiFi4;
    approx mode on; fp32 accumulation for float32 inputs; `cfg` if given."""
    if cfg is not None:
        return cfg
    return WormholeComputeKernelConfig(math_fidelity=MathFidelity.HiFi3 if is_fp32 else MathFidelity.HiFi4,
                                       math_approx_mode=True, fp32_dest_acc_en=is_fp32, packer_l1_acc=False,
                                       dst_full_sync_en=False)


def _to_4d(t: Tensor) -> Tensor:
    s = tuple(t.shape)
    return _view(t, (1,) * (4 - len(s)) + s) if len(s) < 4 else t


def _check(what, t, name="input_tensor", row_major_ok=False):
    if not isinstance(t, Tensor):
        raise TTNNError(f"{what}: {name} is a {type(t).__name__}, not a ttnn.Tensor.\nFix: ttnn.from_torch(...) first.")
    O.device_of(what, t)
    if t.layout != Layout.TILE and not row_major_ok:
        raise NotModelledError(f"{what}: {name} is ROW_MAJOR; ttnn tilizes it first (tilize_with_val_padding with "
                               "-inf), which tensix.ttnn does not run yet.\nFix: pass a TILE_LAYOUT tensor.")
    if t.is_sharded():
        raise NotModelledError(f"{what}: a sharded {name} with the default program config (the interleaved program "
                               "reaching the shards through TensorAccessors) is not modelled.\nFix: an interleaved "
                               "memory config, or softmax_in_place / scale_mask_softmax_in_place with "
                               "ttnn.SoftmaxShardedMultiCoreProgramConfig (the sharded program).")
    if t.dtype not in _FLOATS:
        raise DTypeError(f"{what}: Input tensor must be FLOAT32, BFLOAT16, or BFLOAT8_B, got: {t.dtype!r}.\nFix: "
                         "ttnn.typecast it to bfloat16 or float32.")


def _attention_optimized(what, a: Tensor, mask: Tensor | None, scale, causal: bool, out_mc, cfg,
                         numeric_stable: bool, inplace: bool = False) -> Tensor:
    """SoftmaxProgramFactoryAttentionOptimized (interleaved) on the 4D TILE tensor `a`; `inplace`: the output is `a`
    (the *_in_place ops: SoftmaxDeviceOperation::create_output_tensors returns the input, the same program writing
    back into its buffer)."""
    started = time.perf_counter()
    dev = O.device_of(what, a, mask)
    shape = tuple(a.padded_shape)
    W, NC = shape[-1], shape[0]
    H = a.padded_shape.volume() // (NC * W)
    Wt, Ht = W // 32, H // 32
    W_unpadded = a.shape[-1]
    mask_padded_data = W > W_unpadded
    num_datum_padded = W - W_unpadded if mask_padded_data else 0
    mask_H = mask.padded_shape[2] if mask is not None else H
    mask_Ht = mask_H // 32
    fp32 = bool(cfg.fp32_dest_acc_en)
    in0_fmt = data_format(a.dtype)
    max_scaler_dtype = DataType.FLOAT32 if a.dtype == DataType.FLOAT32 else DataType.BFLOAT16
    im_dtype = DataType.FLOAT32 if fp32 else DataType.BFLOAT16
    mask_dtype = mask.dtype if mask is not None else DataType.BFLOAT16
    block = find_max_divisor(Wt, 4 if fp32 else 8)
    uses_in0_at_wt = numeric_stable and mask is None and not mask_padded_data
    uses_x_at_wt = numeric_stable and (mask is not None or mask_padded_data)
    in0_t = -(-Wt // block) * block if uses_in0_at_wt else block * 2
    out0_t = block * 2
    in4_t = -(-Wt // block) * block
    im4_t = -(-Wt // block) * block
    im0_t = block * -(-Wt // block)
    im3_t = block * (-(-Wt // block) + 1)
    from tensix.device import formats
    ts = formats.tile_size
    im_ts = ts(data_format(im_dtype))
    cb_bytes = in0_t * ts(in0_fmt) + im0_t * im_ts + out0_t * ts(data_format(a.dtype)) + 5 * im_ts
    if uses_x_at_wt:
        cb_bytes += im4_t * im_ts
    if mask is not None:
        cb_bytes += im3_t * im_ts + ts(data_format(DataType.BFLOAT16)) + in4_t * ts(data_format(mask_dtype))
    from tensix.device import soc
    if soc.L1_SIZE * 0.9 < cb_bytes:
        raise NotModelledError(f"{what}: a row of {Wt} tiles needs {cb_bytes} B of circular buffers, over 90% of L1, so "
                               "tt-metal runs the large-tensor softmax kernel (softmax_large_tensor.cpp), which "
                               "tensix.ttnn does not run yet.")
    out = a if inplace else O.output_tensor(dev, tuple(a.shape), a.dtype, Layout.TILE, out_mc)
    grid = O.grid_of(dev)
    rows = NC * Ht
    defines = {}
    if mask is not None:
        defines["FUSED_SCALE_MASK"] = 1
    if causal:
        defines["CAUSAL_MASK"] = 1
    if numeric_stable:
        defines["NUMERIC_STABLE"] = 1
    cdefines = dict(defines, EXP_APPROX=1 if cfg.math_approx_mode else 0, ENABLE_FP32_DEST_ACC=1 if fp32 else 0)
    scale_value = _f32_bits(1.0 if scale is None else scale)
    key = ("softmax", O.spec_key(a), O.spec_key(out), None if mask is None else O.spec_key(mask), scale_value,
           causal, numeric_stable, _cfg_key(cfg), inplace)

    def factory():
        prog = mh.CreateProgram()
        num_cores, _all, g1, g2, n1, n2 = mh.split_work_to_cores(grid, rows, True)
        g1s = {(c.x, c.y) for c in g1}
        g2s = {(c.x, c.y) for c in g2}
        cores = [mh.CoreCoord(i % grid.x, i // grid.x) for i in range(grid.x * grid.y)]
        O.cb(prog, cores, 0, in0_t, a.dtype)
        O.cb(prog, cores, 11, out0_t, a.dtype)
        O.cb(prog, cores, 7, 1, im_dtype)
        O.cb(prog, cores, 2, 1, max_scaler_dtype)
        O.cb(prog, cores, 13, 1, DataType.FLOAT32 if fp32 else DataType.BFLOAT16)
        O.cb(prog, cores, 6, im0_t, im_dtype)
        if mask is not None:
            O.cb(prog, cores, 9, im3_t, im_dtype)
            O.cb(prog, cores, 3, 1, DataType.BFLOAT16)
            O.cb(prog, cores, 4, in4_t, mask_dtype)
        O.cb(prog, cores, 5, 1, mask_dtype)
        if numeric_stable:
            O.cb(prog, cores, 8, 1, im_dtype)
        if uses_x_at_wt:
            O.cb(prog, cores, 10, im4_t, im_dtype)
        rct = O.accessor_args(a) + (O.accessor_args(mask) if mask is not None else [])
        if causal:
            rct.append(mask.padded_shape[-1] * mask.padded_shape[-2] // 1024)
        rk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "reader_unary_interleaved_sm.py"), cores,
                             ReaderDataMovementConfig(compile_args=rct, defines=defines))
        wk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "writer_unary_interleaved_start_id_blocked_sm.py"), cores,
                             WriterDataMovementConfig(compile_args=[num_datum_padded, 1024] + O.accessor_args(out)))
        ck = mh.CreateKernel(prog, O.kernel_path(_KDIR + "softmax.py"), cores, ComputeConfig(
            math_fidelity=cfg.math_fidelity, fp32_dest_acc_en=fp32, dst_full_sync_en=bool(cfg.dst_full_sync_en),
            math_approx_mode=bool(cfg.math_approx_mode), defines=cdefines))
        plan = []
        curr_row = 0
        for i, c in enumerate(cores):
            if i >= num_cores:
                plan.append((c, None))
                continue
            n = n1 if (c.x, c.y) in g1s else n2 if (c.x, c.y) in g2s else None
            if n is None:
                raise TTNNError("internal: core not in specified core ranges")
            plan.append((c, (n, curr_row)))
            curr_row += n

        def set_args(tensors):
            ta = tensors[0]
            tm = tensors[1] if mask is not None else None
            to = tensors[-1]
            mask_addr = tm.buffer_address() if tm is not None else 0
            for c, p in plan:
                if p is None:
                    mh.SetRuntimeArgs(prog, rk, c, [0] * (13 if causal else 11))
                    mh.SetRuntimeArgs(prog, ck, c, [0] * 7)
                    mh.SetRuntimeArgs(prog, wk, c, [0] * 6)
                    continue
                n, row = p
                tile_offset = row * Wt
                curr_ht = row % Ht
                mask_curr_ht = curr_ht % mask_Ht
                mask_offset = row // Ht * mask_Ht * Wt
                mask_id = (mask_curr_ht * Wt + mask_offset) if causal else (row // Ht * Wt)
                ra = [ta.buffer_address(), block, scale_value, n, tile_offset, Wt, Ht, mask_addr, curr_ht, mask_id,
                      in0_t]
                if causal:
                    ra += [mask_curr_ht, mask_offset]
                mh.SetRuntimeArgs(prog, rk, c, ra)
                mh.SetRuntimeArgs(prog, ck, c, [n, Ht, Wt, block, curr_ht, int(mask_padded_data), in0_t])
                mh.SetRuntimeArgs(prog, wk, c, [to.buffer_address(), n * Wt, tile_offset, block,
                                                int(mask_padded_data), num_datum_padded])

        return O.ProgramEntry(prog, set_args, num_cores, "SoftmaxProgramFactoryAttentionOptimized")

    tensors = [a] + ([mask] if mask is not None else []) + [out]
    O.run(what, dev, key, factory, tensors, [out],
          {"numeric_stable": numeric_stable, "dtype": a.dtype.name, "fused_scale_mask": mask is not None}, started)
    return out


def softmax(input_tensor, dim: int = -1, *, memory_config=None, compute_kernel_config=None,
            numeric_stable: bool = True, **kwargs):
    """ttnn.softmax(input_tensor, dim=-1, *, memory_config=None, compute_kernel_config=None, numeric_stable=True):
    softmax along any `dim`: the last (the tile padding of the width masked with -inf), the second-last of the 4D view
    (the padding rows masked to 0) or the first two (the general C program); a tensor of rank > 4 along any dim (the
    general W, H and C programs on the tensor as it is)."""
    O.refuse_unknown_kwargs("ttnn.softmax", kwargs)
    what = "ttnn.softmax"
    _check(what, input_tensor, row_major_ok=True)
    t = input_tensor
    shape = tuple(t.shape)
    rank = len(shape)
    d = dim + rank if dim < 0 else dim
    if d < 0 or d >= rank:
        raise TTNNError(f"{what}: Dimension out of range. Dim: {d} (the tensor has rank {rank}).\nFix: pass dim in "
                        f"[-{rank}, {rank - 1}].")
    if rank == 0 or t.logical_volume() == 0:   # softmax.cpp's early exit: a host full(1.0) written to the device
        return full(shape, 1.0, t.dtype, t.layout, t.device(), memory_config)
    if t.layout == Layout.ROW_MAJOR:
        # prim::softmax tilizes (tilize_with_val_padding with -inf, into the input's memory config) only when the
        # dim of the 4D view equals the input's rank - 1 (the C++ compares dim_adjusted with the unadjusted rank);
        # anything else reaches the device operation's validate as it is
        if rank > 4 or d + 4 - rank != rank - 1:
            raise LayoutError(f"{what}: Inputs to softmax must be tilized (a ROW_MAJOR input of rank {rank} along "
                              f"dim {d} is not tilized by ttnn.softmax).\nFix: ttnn.to_layout(t, ttnn.TILE_LAYOUT) "
                              "first.")
        from tensix.ttnn.operations.data_movement import tilize_with_val_padding
        t4 = _to_4d(t)
        tail = tuple(-(-x // TILE_SIZE) * TILE_SIZE for x in tuple(t4.padded_shape)[-2:])
        padded = tuple(t4.padded_shape)[:-2] + tail
        t = tilize_with_val_padding(t4, padded, float("-inf"), memory_config=t4.memory_config())
    cfg = _softmax_config(compute_kernel_config, t.dtype == DataType.FLOAT32)
    out_mc = memory_config or t.memory_config()
    # prim::softmax (softmax_device_operation.cpp): a rank > 4 tensor goes to the device op as it is, with its own dim;
    # a smaller one as its 4D view (unsqueeze_to_4D) with the dim of the view (dim_adjusted)
    a, da = (t, d) if rank > 4 else (_to_4d(t), d + 4 - rank)
    r = len(a.shape)
    # select_program_factory: the last dim of a 4D tensor AttentionOptimized, else the last dim GeneralW, the
    # second-last GeneralH, any other GeneralCLarge
    if r == 4 and da == 3:
        out = _attention_optimized(what, a, None, None, False, out_mc, cfg, numeric_stable)
    elif da == r - 1:
        out = _general_w(what, a, out_mc, cfg)
    elif da == r - 2:
        out = _general_h(what, a, out_mc, cfg)
    else:
        out = _general_c(what, a, da, out_mc, cfg)
    return _view(out, shape)


def _check_fp32_acc(what, a, fp32):
    if a.dtype == DataType.FLOAT32 and not fp32:
        raise TTNNError(f"{what}: FP32 destination accumulation must be enabled when input tensor has FLOAT32 data "
                        "type. Please update the compute kernel configuration.")


def _moreh_kernels(prog, name, a, out, all_cores, groups, reader_ct, compute_ct, defines, cfg):
    """The reader / writer on every core of the split and the compute kernel once per core group (its tile count
    first among its compile-time args), as the general softmax factories create them."""
    rk = mh.CreateKernel(prog, O.kernel_path(_KDIR + f"reader_moreh_softmax_{name}.py"), all_cores,
                         ReaderDataMovementConfig(compile_args=reader_ct + O.accessor_args(a)))
    wk = mh.CreateKernel(prog, O.kernel_path(_KDIR + f"writer_moreh_softmax_{name}.py"), all_cores,
                         WriterDataMovementConfig(compile_args=O.accessor_args(out)))
    for group, n in groups:
        if n:
            mh.CreateKernel(prog, O.kernel_path(_KDIR + f"moreh_softmax_{name}.py"), group, ComputeConfig(
                math_fidelity=cfg.math_fidelity, fp32_dest_acc_en=bool(cfg.fp32_dest_acc_en),
                dst_full_sync_en=bool(cfg.dst_full_sync_en), math_approx_mode=bool(cfg.math_approx_mode),
                compile_args=[n] + compute_ct, defines=defines))
    return rk, wk


def _column_major_plan(grid, num_cores, g1, n1, n2):
    """(core, tiles, first tile) per core of split_work_to_cores_wt_core_range's split, numbered column-major."""
    g1s = {(c.x, c.y) for c in g1}
    plan, offset = [], 0
    for i in range(num_cores):
        c = mh.CoreCoord(i // grid.y, i % grid.y)
        n = n1 if (c.x, c.y) in g1s else n2
        plan.append((c, n, offset))
        offset += n
    return plan


def _general_c(what, a: Tensor, dim: int, out_mc, cfg) -> Tensor:
    """SoftmaxProgramFactoryGeneralCLarge (softmax_program_factory_general_c_large.cpp) on the TILE tensor `a` (the 4D
    view, or a rank > 4 tensor as it is), softmax along a dim before the second-last: the tile positions of one slice
    (the tiles outside the softmax dim) split over the grid column-major, each streamed tile by tile along the dim
    three times (max, sum of exps, result); the tiles of one position dim_size apart by the product of the dims after
    it (outer_stride / dim_size); intermediates in Float32 with fp32 accumulation, else in the input's format."""
    started = time.perf_counter()
    dev = O.device_of(what, a)
    shape = tuple(a.padded_shape)
    Ht, Wt = shape[-2] // 32, shape[-1] // 32
    fp32 = bool(cfg.fp32_dest_acc_en)
    _check_fp32_acc(what, a, fp32)
    num_tiles = a.padded_shape.volume() // shape[dim] // (shape[-2] * shape[-1]) * Ht * Wt
    outer_stride = Ht * Wt
    for i in range(dim, len(shape) - 2):
        outer_stride *= shape[i]
    dim_size = shape[dim]
    inner_size = outer_stride // dim_size
    im_dtype = DataType.FLOAT32 if fp32 else a.dtype
    out = O.output_tensor(dev, tuple(a.shape), a.dtype, Layout.TILE, out_mc)
    grid = O.grid_of(dev)
    key = ("softmax_general_c", dim, O.spec_key(a), O.spec_key(out), _cfg_key(cfg))

    def factory():
        prog = mh.CreateProgram()
        num_cores, all_cores, g1, g2, n1, n2 = mh.split_work_to_cores(grid, num_tiles)
        for idx, n, dtype in ((0, 2, a.dtype), (16, 2, a.dtype), (24, 1, im_dtype), (25, 1, im_dtype),
                              (26, 2, im_dtype), (27, 1, a.dtype), (28, 1, im_dtype)):
            O.cb(prog, all_cores, idx, n, dtype)
        defines = {"SOFTMAX": 1, **({"FP32_DEST_ACC_EN": 1} if fp32 else {})}
        rk, wk = _moreh_kernels(prog, "c_large", a, out, all_cores, ((g1, n1), (g2, n2)), [], [dim_size], defines,
                                cfg)
        plan = _column_major_plan(grid, num_cores, g1, n1, n2)

        def set_args(tensors):
            ta, to = tensors
            for c, n, off in plan:
                mh.SetRuntimeArgs(prog, rk, c, [ta.buffer_address(), n, off, outer_stride, inner_size, dim_size])
                mh.SetRuntimeArgs(prog, wk, c, [to.buffer_address(), n, off, outer_stride, inner_size, dim_size])

        return O.ProgramEntry(prog, set_args, num_cores, "SoftmaxProgramFactoryGeneralCLarge")

    O.run(what, dev, key, factory, [a, out], [out], {"dim": dim, "dtype": a.dtype.name}, started)
    return out


def _moreh_cb_usage(n, dtype, im_dtype, ms_dtype):
    """The CB bytes the small W / H program needs for a row / column of n tiles, as softmax_device_operation.cpp's
    is_softmax_general_w_small_available / is_softmax_general_h_small_available count them (input, output, exps and
    x - max: n tiles each; mask, two scalers, reduce, max, tmp: one)."""
    from tensix.device import formats
    ts, im_ts, ms_ts = (formats.tile_size(data_format(x)) for x in (dtype, im_dtype, ms_dtype))
    return 2 * n * ts + 2 * ms_ts + 2 * n * im_ts + 3 * im_ts


def _moreh_small_available(n, dtype, im_dtype, ms_dtype) -> bool:
    """The L1 check that picks the small program: the allocator's L1 base plus the CBs within 512 KB (L1_512KB)."""
    from tensix.device import soc
    return soc.L1_UNRESERVED_BASE + _moreh_cb_usage(n, dtype, im_dtype, ms_dtype) <= 512 * 1024


def _moreh_formats(a: Tensor, fp32: bool):
    """The W / H programs' intermediate format (Float32 with fp32 accumulation, else Float16_b) and the mask / scaler
    format (Float16_b for a Bfp8_b input: the reader writes them as 16-bit words, issue #32934)."""
    im_dtype = DataType.FLOAT32 if fp32 else DataType.BFLOAT16
    ms_dtype = DataType.BFLOAT16 if a.dtype == DataType.BFLOAT8_B else a.dtype
    return im_dtype, ms_dtype


def _moreh_defines(a: Tensor, fp32: bool):
    """SOFTMAX, and FP32_DEST_ACC_EN with fp32 accumulation or a Bfp8_b input (the format reconfigurations of the moreh
    helpers between the Bfp8_b input and the Float16_b intermediates, issue #32934)."""
    defines = {"SOFTMAX": 1}
    if fp32 or a.dtype == DataType.BFLOAT8_B:
        defines["FP32_DEST_ACC_EN"] = 1
    return defines


def _general_h(what, a: Tensor, out_mc, cfg) -> Tensor:
    """SoftmaxProgramFactoryGeneralHSmall (softmax_program_factory_general_h_small.cpp) on the TILE tensor `a` (the 4D
    view, or a rank > 4 tensor as it is), softmax down each tile column: the tile columns (all leading dims x Wt) split
    over the grid (split_work_to_cores_wt_core_range: column-major), the whole column of Ht tiles held in the CBs,
    intermediates in Float32 with fp32 accumulation else Float16_b. The padding rows of the last tile row are masked
    (generate_mask_h / mask_tile): they count as 0.0 in the column max and their exps as 0.0 in the sum. Kernels: the
    moreh softmax kernels (SOFTMAX defined).

    A column whose CBs would pass 512 KB of L1 (is_softmax_general_h_small_available) runs
    SoftmaxProgramFactoryGeneralHLarge (softmax_program_factory_general_h_large.cpp): the same split, CBs of two
    tiles (input, output, exps) or one, the column streamed three times through the *_h_large kernels."""
    return _general_moreh_2d(what, a, out_mc, cfg, "h")


def _general_w(what, a: Tensor, out_mc, cfg) -> Tensor:
    """SoftmaxProgramFactoryGeneralWSmall (softmax_program_factory_general_w_small.cpp) on the rank > 4 TILE tensor `a`,
    softmax along each tile row (the 4D view's last dim runs AttentionOptimized instead): the tile rows (all leading
    dims x Ht) split over the grid (split_work_to_cores_wt_core_range: column-major), each row of Wt tiles held whole
    in the CBs, intermediates in Float32 with fp32 accumulation else Float16_b. The padding columns of the last tile
    column are masked (generate_mask_w / mask_tile): they count as 0.0 in the row max and their exps as 0.0 in the sum.
    Kernels: the moreh softmax kernels moreh_softmax_w / reader_ / writer_ (SOFTMAX defined).

    A row whose CBs would pass 512 KB of L1 (is_softmax_general_w_small_available) runs
    SoftmaxProgramFactoryGeneralWLarge (softmax_program_factory_general_w_large.cpp): the same split, CBs of two tiles
    (input, output, exps) or one, the row streamed three times through the *_w_large kernels."""
    return _general_moreh_2d(what, a, out_mc, cfg, "w")


def _general_moreh_2d(what, a: Tensor, out_mc, cfg, dim: str) -> Tensor:
    """The GeneralH / GeneralW programs (softmax_program_factory_general_{h,w}_{small,large}.cpp), which differ only in
    the axis: `dim` "h" splits the tile columns (num * Wt units of Ht tiles), "w" the tile rows (num * Ht units of Wt
    tiles); the reader and writer get the unit's first tile (a column index, or the row index times Wt) and the
    length of the axis, the reader the valid rows (columns) of the last tile."""
    started = time.perf_counter()
    dev = O.device_of(what, a)
    H, W = a.padded_shape[-2], a.padded_shape[-1]
    Ht, Wt = H // 32, W // 32
    num = a.padded_shape.volume() // (H * W)
    fp32 = bool(cfg.fp32_dest_acc_en)
    _check_fp32_acc(what, a, fp32)
    im_dtype, ms_dtype = _moreh_formats(a, fp32)
    n_axis = Ht if dim == "h" else Wt
    logical = a.shape[-2] if dim == "h" else a.shape[-1]
    small = _moreh_small_available(-(-logical // 32), a.dtype, im_dtype, ms_dtype)     # the logical tile count
    name = f"SoftmaxProgramFactoryGeneral{dim.upper()}" + ("Small" if small else "Large")
    out = O.output_tensor(dev, tuple(a.shape), a.dtype, Layout.TILE, out_mc)
    grid = O.grid_of(dev)
    units = num * (Wt if dim == "h" else Ht)
    key = (f"softmax_general_{dim}", O.spec_key(a), O.spec_key(out), _cfg_key(cfg))
    n_in, n_x = (n_axis, n_axis) if small else (2, 1)     # c_0 / c_16 / c_24 and c_27 (x - max; large: the max)

    def factory():
        prog = mh.CreateProgram()
        num_cores, all_cores, g1, g2, n1, n2 = mh.split_work_to_cores(grid, units)
        for idx, n, dtype in ((0, n_in, a.dtype), (1, 1, ms_dtype), (2, 1, ms_dtype), (3, 1, ms_dtype),
                              (16, n_in, a.dtype), (24, n_in, im_dtype), (25, 1, im_dtype), (26, 1, im_dtype),
                              (27, n_x, im_dtype), (28, 1, im_dtype)):
            O.cb(prog, all_cores, idx, n, dtype)
        rk, wk = _moreh_kernels(prog, dim if small else f"{dim}_large", a, out, all_cores, ((g1, n1), (g2, n2)),
                                [int(a.dtype == DataType.FLOAT32)], [n_axis], _moreh_defines(a, fp32), cfg)
        plan = _column_major_plan(grid, num_cores, g1, n1, n2)
        mask = logical % 32 or 32

        def set_args(tensors):
            ta, to = tensors
            for c, n, off in plan:
                if dim == "h":
                    mh.SetRuntimeArgs(prog, rk, c, [ta.buffer_address(), n, off, Ht, Wt, mask])
                    mh.SetRuntimeArgs(prog, wk, c, [to.buffer_address(), n, off, Ht, Wt])
                else:           # the first tile of the core's rows: tile_offset += rows * Wt
                    mh.SetRuntimeArgs(prog, rk, c, [ta.buffer_address(), n, off * Wt, Wt, mask])
                    mh.SetRuntimeArgs(prog, wk, c, [to.buffer_address(), n, off * Wt, Wt])

        return O.ProgramEntry(prog, set_args, num_cores, name)

    O.run(what, dev, key, factory, [a, out], [out], {"dim": -2 if dim == "h" else -1, "dtype": a.dtype.name}, started)
    return out


def scale_mask_softmax(input_tensor, scale=None, mask=None, *, memory_config=None, is_causal_mask: bool = False,
                       compute_kernel_config=None, numeric_stable: bool = False, **kwargs):
    """ttnn.scale_mask_softmax(input_tensor, scale=None, mask=None, *, memory_config=None, is_causal_mask=False,
    compute_kernel_config=None, numeric_stable=False): softmax(input * scale + mask) along the last dim; the mask
    [N, 1, 32, W] is broadcast over the rows of each batch (or a full [N, 1, H, W] causal mask)."""
    O.refuse_unknown_kwargs("ttnn.scale_mask_softmax", kwargs)
    return _scale_mask_softmax("ttnn.scale_mask_softmax", input_tensor, scale, mask, memory_config, is_causal_mask,
                               compute_kernel_config, numeric_stable, False)


def scale_mask_softmax_in_place(input_tensor, scale=None, mask=None, *, program_config=None,
                                is_causal_mask: bool = False, compute_kernel_config=None, numeric_stable: bool = False,
                                **kwargs):
    """ttnn.scale_mask_softmax_in_place(input_tensor, scale=None, mask=None, *, program_config=
    SoftmaxDefaultProgramConfig(), is_causal_mask=False, compute_kernel_config=None, numeric_stable=False):
    scale_mask_softmax written back into input_tensor's buffer; returns input_tensor (softmax.cpp
    scale_mask_softmax_in_place -> prim::scale_mask_softmax_in_place, inplace=true)."""
    O.refuse_unknown_kwargs("ttnn.scale_mask_softmax_in_place", kwargs)
    what = "ttnn.scale_mask_softmax_in_place"
    if _is_sharded_config(what, program_config):
        return _sharded_in_place(what, input_tensor, scale, mask, bool(is_causal_mask), False, program_config,
                                 compute_kernel_config, numeric_stable)
    _scale_mask_softmax(what, input_tensor, scale, mask, None, is_causal_mask, compute_kernel_config,
                        numeric_stable, True)
    return input_tensor


def _scale_mask_softmax(what, input_tensor, scale, mask, memory_config, is_causal_mask, compute_kernel_config,
                        numeric_stable, inplace):
    """scale_mask_softmax and its in-place form (also ttnn.transformer.attention_softmax_'s), reported as `what`."""
    _check(what, input_tensor)
    t = input_tensor
    shape = tuple(t.shape)
    if len(shape) == 0 or t.logical_volume() == 0:
        if not inplace:     # scale_mask_softmax's early exit: full(scale or 1.0), on the host, written to the device
            return full(shape, 1.0 if scale is None else scale, t.dtype, t.layout, t.device(), memory_config)
        raise NotModelledError(f"{what} of an empty tensor runs ttnn.fill (a device program tensix does not model).")
    if len(shape) > 4:
        raise NotModelledError(f"{what} of a rank-{len(shape)} tensor is not modelled.")
    if mask is None and scale is not None:
        raise TTNNError(f"{what}: Scale value must not be set when mask is not present.\nFix: pass a mask, or "
                        "scale the input first.")
    a = _to_4d(t)
    m = None
    if mask is not None:
        _check(what, mask, "mask")
        m = _to_4d(mask)
        if a.padded_shape[-1] != m.padded_shape[-1]:
            raise ShapeError(f"{what}: Input and mask inner dimensions must match, got input: {a.padded_shape[-1]} vs "
                             f"mask: {m.padded_shape[-1]}.\nFix: give the mask the input's width.")
        if a.padded_shape[0] != m.padded_shape[0]:
            raise ShapeError(f"{what}: Input and mask batch sizes must match, got input: {a.padded_shape[0]} vs "
                             f"mask: {m.padded_shape[0]}.\nFix: one mask per batch.")
        if m.padded_shape[1] != 1:
            raise ShapeError(f"{what}: Mask intermediate dimension 1 must be 1, got: {m.padded_shape[1]}.")
        if not is_causal_mask and m.padded_shape[-2] != 32:
            raise ShapeError(f"{what}: Mask height must be 1 or input tensor tile height, got: {m.padded_shape[-2]}.")
    cfg = _softmax_config(compute_kernel_config, t.dtype == DataType.FLOAT32)
    out = _attention_optimized(what, a, m, scale if m is not None else None, bool(is_causal_mask and m is not None),
                               memory_config or t.memory_config(), cfg, numeric_stable, inplace)
    return _view(out, shape)


# ------------------------------------------------------------------------------------------ the sharded softmax
# SoftmaxShardedProgramFactoryAttentionOptimized (softmax_program_factory_attention_optimized_sharded.cpp, 622c6fb9):
# select_program_factory picks it for every softmax_type whose program_config is a SoftmaxShardedMultiCoreProgramConfig;
# only the *_in_place ops take a program_config, so it runs in place (the device op requires `inplace`).


def _is_sharded_config(what, program_config) -> bool:
    """True for a SoftmaxShardedMultiCoreProgramConfig, False for None / SoftmaxDefaultProgramConfig; anything else is
    not one of the SoftmaxProgramConfig variant's types (nanobind's TypeError)."""
    if program_config is None or isinstance(program_config, SoftmaxDefaultProgramConfig):
        return False
    if isinstance(program_config, SoftmaxShardedMultiCoreProgramConfig):
        return True
    raise TypeError(f"{what}: program_config is a {type(program_config).__name__}, not a SoftmaxProgramConfig.\nFix: "
                    "ttnn.SoftmaxDefaultProgramConfig() or ttnn.SoftmaxShardedMultiCoreProgramConfig(...).")


def softmax_in_place(input_tensor, dim: int = -1, *, program_config=None, compute_kernel_config=None,
                     numeric_stable: bool = True, **kwargs):
    """ttnn.softmax_in_place(input_tensor, dim=-1, *, program_config=SoftmaxDefaultProgramConfig(),
    compute_kernel_config=None, numeric_stable=True): softmax along the last dim written back into input_tensor's
    buffer; returns input_tensor (softmax.cpp softmax_in_place -> prim::softmax_in_place, inplace=true). With the
    default config the interleaved AttentionOptimized program, with a SoftmaxShardedMultiCoreProgramConfig the sharded
    one (the input sharded, each core its own shard)."""
    O.refuse_unknown_kwargs("ttnn.softmax_in_place", kwargs)
    what = "ttnn.softmax_in_place"
    t = input_tensor
    if not isinstance(t, Tensor):
        raise TTNNError(f"{what}: input_tensor is a {type(t).__name__}, not a ttnn.Tensor.\nFix: ttnn.from_torch(...) "
                        "first.")
    shape = tuple(t.shape)
    rank = len(shape)
    d = dim + rank if dim < 0 else dim
    if d < 0 or d >= rank:
        raise TTNNError(f"{what}: Dimension out of range. Dim: {d} (the tensor has rank {rank}).\nFix: pass dim in "
                        f"[-{rank}, {rank - 1}].")
    if t.logical_volume() == 0:
        raise NotModelledError(f"{what} of an empty tensor runs ttnn.fill (a device program tensix does not model).")
    a = _to_4d(t)
    # prim::softmax_in_place gets the 4D view with the unadjusted dim (softmax.cpp): only dim -1 of a 4D input passes
    if d != len(a.shape) - 1:
        raise TTNNError(f"{what}: Invalid dimension: {d}. Currently softmax inplace supports dim -1.\nFix: dim=-1 (or "
                        "ttnn.softmax for other dims).")
    if len(a.shape) != 4:
        raise TTNNError(f"{what}: Invalid tensor shape: {len(a.shape)}. Currently softmax inplace supports 4D "
                        "tensors.\nFix: ttnn.softmax for tensors of rank > 4.")
    if _is_sharded_config(what, program_config):
        return _sharded_in_place(what, t, None, None, False, False, program_config, compute_kernel_config,
                                 numeric_stable)
    if t.layout != Layout.TILE:
        raise LayoutError(f"{what}: Inputs to softmax must be tilized.\nFix: ttnn.to_layout(t, ttnn.TILE_LAYOUT) first.")
    _check(what, t)
    cfg = _softmax_config(compute_kernel_config, t.dtype == DataType.FLOAT32)
    _attention_optimized(what, a, None, None, False, t.memory_config(), cfg, numeric_stable, True)
    return t


def scale_causal_mask_hw_dims_softmax_in_place(input_tensor, scale=None, mask=None, *, program_config=None,
                                               compute_kernel_config=None, numeric_stable: bool = False, **kwargs):
    """ttnn.scale_causal_mask_hw_dims_softmax_in_place(input_tensor, scale=None, mask=None, *, program_config=
    SoftmaxDefaultProgramConfig(), compute_kernel_config=None, numeric_stable=False): softmax(input * scale + mask) in
    place on a sharded input with one [.., H, W] causal mask (interleaved, TILE) shared by every head, read by the
    sharded program's hw_dims reader (reader_unary_sharded_sm_causal_mask_hw_dims.cpp). Needs a
    SoftmaxShardedMultiCoreProgramConfig (the device op refuses the default one when a mask is given)."""
    O.refuse_unknown_kwargs("ttnn.scale_causal_mask_hw_dims_softmax_in_place", kwargs)
    what = "ttnn.scale_causal_mask_hw_dims_softmax_in_place"
    if _is_sharded_config(what, program_config):
        return _sharded_in_place(what, input_tensor, scale, mask, True, True, program_config, compute_kernel_config,
                                 numeric_stable)
    if mask is not None and not (isinstance(mask, Tensor) and mask.is_sharded()):
        raise TTNNError(f"{what}: Scale causal mask HW dims softmax not supported in default program config.\nFix: "
                        "pass program_config=ttnn.SoftmaxShardedMultiCoreProgramConfig(...) with a sharded input.")
    raise NotModelledError(f"{what} with the default program config (the interleaved program with the "
                           "is_scale_causal_mask_hw_dims_softmax attribute) is not modelled.\nFix: a "
                           "SoftmaxShardedMultiCoreProgramConfig.")


def _sharded_in_place(what, input_tensor, scale, mask, causal, hw_dims, pc, compute_kernel_config, numeric_stable):
    """The *_in_place ops with a SoftmaxShardedMultiCoreProgramConfig: the device op's validation, then the sharded
    program on the 4D view; returns input_tensor."""
    t = input_tensor
    if not isinstance(t, Tensor):
        raise TTNNError(f"{what}: input_tensor is a {type(t).__name__}, not a ttnn.Tensor.\nFix: ttnn.from_torch(...) "
                        "first.")
    if mask is not None and not isinstance(mask, Tensor):
        raise TTNNError(f"{what}: mask is a {type(mask).__name__}, not a ttnn.Tensor.")
    if t.logical_volume() == 0:
        raise NotModelledError(f"{what} of an empty tensor runs ttnn.fill (a device program tensix does not model).")
    a = _to_4d(t)
    m = _to_4d(mask) if mask is not None else None
    _validate_sharded(what, a, m, scale, causal, hw_dims, pc)
    if causal and m is None:
        raise TTNNError(f"{what}: is_causal_mask=True without a mask: the sharded program factory reads mask.value() "
                        "(std::bad_optional_access in tt-metal).\nFix: pass the causal mask, or is_causal_mask=False.")
    if m is not None and m.layout != Layout.TILE:
        raise NotModelledError(f"{what}: a ROW_MAJOR mask runs reader_unary_sharded_sm_rm_mask.cpp (each row copied "
                               "into row 0 of a tile's two upper faces), which tensix.ttnn does not run yet.\nFix: "
                               "a TILE_LAYOUT mask.")
    if m is not None and m.is_sharded() and (not causal or hw_dims):
        raise NotModelledError(f"{what}: a sharded mask {'with the hw_dims reader' if hw_dims else 'without is_causal_mask'}"
                               ": tt-metal places c_3 on the mask's shard yet its reader still reads mask tiles through "
                               "a TensorAccessor into that CB (over the mask's own data); tensix.ttnn does not model "
                               "that.\nFix: an interleaved mask, or is_causal_mask=True with a mask sharded as the input.")
    cfg = _softmax_config(compute_kernel_config, t.dtype == DataType.FLOAT32)
    _attention_sharded(what, a, m, scale if m is not None else None, causal, hw_dims, pc, cfg, bool(numeric_stable))
    return t


def _validate_sharded(what, a: Tensor, m, scale, causal, hw_dims, pc):
    """SoftmaxDeviceOperation::validate_on_program_cache_miss (softmax_device_operation.cpp, 622c6fb9) for a
    SoftmaxShardedMultiCoreProgramConfig, in its order and with its messages (the output memory config is the input's:
    these ops run in place)."""
    O.device_of(what, a, m)
    if pc.subblock_w == 0:      # the C++ takes block_w % 0 and block_w / 0 (undefined behaviour): refused here
        raise TTNNError(f"{what}: subblock_w must be > 0 (the program runs block_w / subblock_w subblocks).\nFix: a "
                        "divisor of block_w, at most the Dst capacity (8 tiles, 4 with fp32_dest_acc_en).")
    if a.layout != Layout.TILE:
        raise LayoutError(f"{what}: Inputs to softmax must be tilized.\nFix: ttnn.to_layout(t, ttnn.TILE_LAYOUT) first.")
    if a.dtype not in _FLOATS:
        raise DTypeError(f"{what}: Input tensor must be FLOAT32, BFLOAT16, or BFLOAT8_B, got: {a.dtype!r}.\nFix: "
                         "ttnn.typecast it to bfloat16 or float32.")
    shape = tuple(a.padded_shape)
    if m is not None:
        if m.is_sharded():      # the sharded-config checks below sit in the non-sharded branch of the C++
            if m.layout != Layout.TILE:
                raise LayoutError(f"{what}: Sharded mask must have TILE layout.\nFix: a TILE_LAYOUT mask.")
            if tuple(m.padded_shape) != shape:
                raise ShapeError(f"{what}: Sharded mask shape must match input tensor shape (mask "
                                 f"{list(m.padded_shape)}, input {list(shape)}).")
        else:
            _validate_sharded_with_mask(what, a, m, scale, causal, hw_dims, pc)
    elif scale is not None:
        raise TTNNError(f"{what}: Scale value must not be set when mask is not present.\nFix: pass a mask, or scale "
                        "the input first.")
    mc = a.memory_config()
    if not mc.is_sharded() or mc.shard_spec is None:
        raise TTNNError(f"{what}: output_mem_config must have a shard_spec when using "
                        "SoftmaxShardedMultiCoreProgramConfig (the op runs in place: the output memory config is the "
                        "input's).\nFix: shard the input (ttnn.to_memory_config with a sharded memory config), or use "
                        "SoftmaxDefaultProgramConfig().")
    sh, sw = mc.shard_spec.shape
    if pc.block_h != sh // TILE_SIZE:
        raise TTNNError(f"{what}: block_h ({pc.block_h}) must match the shard height in tiles ({sh // TILE_SIZE}). "
                        f"Shard shape is [{sh}, {sw}] with tile height {TILE_SIZE}.")
    if pc.block_w != sw // TILE_SIZE:
        raise TTNNError(f"{what}: block_w ({pc.block_w}) must match the shard width in tiles ({sw // TILE_SIZE}). "
                        f"Shard shape is [{sh}, {sw}] with tile width {TILE_SIZE}.")
    _validate_sharded_input(what, a, pc.compute_with_storage_grid_size)


def _validate_sharded_with_mask(what, a, m, scale, causal, hw_dims, pc):
    """The non-sharded mask branch: the mask's layout and dims, then the sharded program config's rules."""
    shape = tuple(a.padded_shape)
    if m.layout == Layout.ROW_MAJOR:
        expected = (m.padded_shape[0], 1, shape[-1] // TILE_SIZE, TILE_SIZE)
        if tuple(m.padded_shape) != expected:
            raise ShapeError(f"{what}: Non-sharded mask shape must match expected shape {list(expected)} (got "
                             f"{list(m.padded_shape)}).")
    for i in range(1, len(shape) - 2):
        if m.padded_shape[i] != 1:
            raise ShapeError(f"{what}: Non-sharded mask intermediate dimensions must be 1 (mask "
                             f"{list(m.padded_shape)}).")
    if not a.is_sharded() or a.memory_config().shard_spec is None:
        raise TTNNError(f"{what}: Input tensor must be sharded when using SoftmaxShardedMultiCoreProgramConfig.\n"
                        "Fix: shard the input, or use SoftmaxDefaultProgramConfig().")
    K = shape[-1]
    M = a.padded_shape.volume() // K
    if M % TILE_SIZE:
        raise ShapeError(f"{what}: M must be divisible by tile height.")
    if K % TILE_SIZE:
        raise ShapeError(f"{what}: K must be divisible by tile width.")
    if pc.block_w % pc.subblock_w:
        raise TTNNError(f"{what}: block_w must be divisible by subblock_w (block_w {pc.block_w}, subblock_w "
                        f"{pc.subblock_w}).")
    if pc.block_w * TILE_SIZE != shape[3]:
        raise TTNNError(f"{what}: shard width must equal to input tensor shape[3]! (block_w {pc.block_w} tiles, "
                        f"width {shape[3]}).")
    if not hw_dims:
        g = pc.compute_with_storage_grid_size
        if M * K // (pc.block_w * pc.block_h * TILE_SIZE * TILE_SIZE) != g.x * g.y:
            raise TTNNError(f"{what}: number of shards must equal to number of cores. M = {M}, K = {K}, block_w = "
                            f"{pc.block_w}, block_h = {pc.block_h}, num_cores = {g.x * g.y}")
        return
    checks = ((causal, "Causal mask is required for scale causal mask HW dims softmax"),
              (m.layout == Layout.TILE, "Mask must have TILE layout for scale causal mask HW dims softmax"),
              (not m.is_sharded(), "Mask must not be sharded for scale causal mask HW dims softmax"),
              (a.layout == Layout.TILE, "Input must have TILE layout for scale causal mask HW dims softmax"),
              (a.is_sharded(), "Input must be sharded for scale causal mask HW dims softmax"),
              (a.memory_config().shard_spec.orientation == ShardOrientation.ROW_MAJOR,
               "Input must have ROW_MAJOR shard orientation for scale causal mask HW dims softmax"),
              (scale is not None, "Scale value is required for scale causal mask HW dims softmax"))
    for ok, msg in checks:
        if not ok:
            raise TTNNError(f"{what}: {msg}.")


def _validate_sharded_input(what, a: Tensor, program_grid):
    """normalization/shard_spec_validation.cpp validate_sharded_input (622c6fb9): the program grid within the device's,
    the shard grid's bounding box (moved to the origin) within the program grid, tile-aligned non-empty shards, and
    as many shards as the layout needs over the physical shape."""
    spec = a.memory_config().shard_spec
    sh, sw = spec.shape
    grid = spec.grid
    n = grid.num_cores()
    if n <= 0:
        raise ShardSpecError(f"{what}: Shard grid must have at least one core.")
    dg = O.grid_of(a.device())
    if program_grid.x > dg.x or program_grid.y > dg.y:
        raise ShardSpecError(f"{what}: program_config grid ({program_grid.x}x{program_grid.y}) must be contained within "
                             f"device grid ({dg.x}x{dg.y}).\nFix: a compute_with_storage_grid_size within "
                             "device.compute_with_storage_grid_size().")
    bb = grid.bounding_box()
    bw, bh = bb.end.x - bb.start.x + 1, bb.end.y - bb.start.y + 1
    if bw > program_grid.x or bh > program_grid.y:
        raise ShardSpecError(f"{what}: shard_spec.grid size {bw}x{bh} does not fit within program_config grid "
                             f"{program_grid.x}x{program_grid.y}.")
    if sh <= 0 or sw <= 0:
        raise ShardSpecError(f"{what}: shard shape must be non-zero, got H={sh} W={sw}")
    if sh % TILE_SIZE:
        raise ShardSpecError(f"{what}: shard height {sh} must be divisible by tile height {TILE_SIZE}")
    if sw % TILE_SIZE:
        raise ShardSpecError(f"{what}: shard width {sw} must be divisible by tile width {TILE_SIZE}")
    W = a.padded_shape[-1]
    H = a.padded_shape.volume() // W
    layout = a.memory_config().memory_layout
    nh, nw = (n, 1) if layout == TensorMemoryLayout.HEIGHT_SHARDED else (1, n) if \
        layout == TensorMemoryLayout.WIDTH_SHARDED else (-(-H // sh), -(-W // sw))
    if nh * nw != n:
        raise ShardSpecError(f"{what}: Shard layout requires {nh}x{nw} = {nh * nw} shards but shard grid has {n} cores")
    if not (nh * sh >= H and nh * sh - H < sh):
        raise ShardSpecError(f"{what}: Shard-padded height ({nh}x{sh} = {nh * sh}) does not align with tensor height "
                             f"{H}: trailing pad {nh * sh - H} must be less than one shard height ({sh})")
    if not (nw * sw >= W and nw * sw - W < sw):
        raise ShardSpecError(f"{what}: Shard-padded width ({nw}x{sw} = {nw * sw}) does not align with tensor width "
                             f"{W}: trailing pad {nw * sw - W} must be less than one shard width ({sw})")


def _global_cb(prog, cores, index, pages, dtype, buffer):
    """A CB of `pages` tiles placed on `buffer` (set_globally_allocated_address: the core's shard); its config, to
    rebind it to the next call's buffer."""
    fmt = data_format(dtype)
    from tensix.device import formats
    ps = formats.tile_size(fmt)
    cfg = mh.CircularBufferConfig(pages * ps, {index: fmt}).set_page_size(index, ps)
    cfg.set_globally_allocated_address(buffer)
    mh.CreateCircularBuffer(prog, cores, cfg)
    return cfg


def _sharded_cores(pc, orientation):
    """The program grid's cores in the order the factory hands out reader args: column by column for a COL_MAJOR
    shard orientation, else row by row (the shards' order over the grid)."""
    gx, gy = pc.compute_with_storage_grid_size.x, pc.compute_with_storage_grid_size.y
    if orientation == ShardOrientation.COL_MAJOR:
        return [mh.CoreCoord(x, y) for x in range(gx) for y in range(gy)]
    return [mh.CoreCoord(x, y) for y in range(gy) for x in range(gx)]


def _mask_start_ids(a, m, causal, hw_dims, pc, n_cores):
    """Each core's mask_start_tile_id (in the factory's core order): hw_dims: block_h * block_w tiles on per core,
    wrapping at the mask's end; else one batch's mask further every num_cores_per_batch cores (a tile row of a
    row-broadcast mask, the whole H x W of a causal one)."""
    if m is None:
        return [0] * n_cores
    shape = a.padded_shape
    if hw_dims:
        total = m.padded_shape[-1] * m.padded_shape[-2] // 1024
        per_core = pc.block_h * pc.block_w
        return [(i * per_core) % total for i in range(n_cores)]
    sh, sw = a.memory_config().shard_spec.shape
    per_batch = shape[1] * shape[2] * shape[3] // (sh * sw)
    step = m.padded_shape[-1] * m.padded_shape[-2] // 1024 if causal else m.padded_shape[-1] // TILE_SIZE
    ids, start, k = [], 0, 0
    for _ in range(n_cores):
        ids.append(start)
        k += 1
        if k == per_batch:
            k = 0
            start += step
    return ids


def _attention_sharded(what, a: Tensor, m, scale, causal: bool, hw_dims: bool, pc, cfg, numeric_stable: bool):
    """SoftmaxShardedProgramFactoryAttentionOptimized (softmax_program_factory_attention_optimized_sharded.cpp,
    622c6fb9) in place on the sharded 4D TILE tensor `a`: on the program grid (compute_with_storage_grid_size from
    (0, 0)) each core's shard of block_h x block_w tiles is c_0 and c_11 (both placed on the buffer); a reader (the
    scalers, the scale tile, the mask) and softmax_sharded's compute kernel, no writer. Intermediates in Float32 with
    fp32 accumulation, else Float16_b; the mask CB in the mask's format (Float16_b without one)."""
    started = time.perf_counter()
    dev = O.device_of(what, a, m)
    fp32 = bool(cfg.fp32_dest_acc_en)
    im_dtype = DataType.FLOAT32 if fp32 else DataType.BFLOAT16
    mask_dtype = m.dtype if m is not None else DataType.BFLOAT16
    max_scaler_dtype = DataType.FLOAT32 if a.dtype == DataType.FLOAT32 else DataType.BFLOAT16
    bh, bw, sw = int(pc.block_h), int(pc.block_w), int(pc.subblock_w)
    mask_sharded = m is not None and m.is_sharded()
    mask_Ht = (m.padded_shape[2] if m is not None else a.padded_shape[2]) // TILE_SIZE
    if causal:
        in3_pages = bh * bw if mask_sharded else bw * (1 if hw_dims else 2)
    else:
        in3_pages = bw
    defines = {}
    if m is not None:
        defines["FUSED_SCALE_MASK"] = 1
    if causal:
        defines["CAUSAL_MASK"] = 1
        if mask_sharded:
            defines["SHARDED_CAUSAL_MASK"] = 1
    cdefines = dict(defines, EXP_APPROX=1 if cfg.math_approx_mode else 0, ENABLE_FP32_DEST_ACC=1 if fp32 else 0)
    if numeric_stable:
        cdefines["NUMERIC_STABLE"] = 1
    rct = [bw] + (O.accessor_args(m) if m is not None else [_ABSENT]) + [0, 0]
    if causal:
        rct.append(bh if hw_dims else bh // mask_Ht)        # block_ht, or the heads (fused_head) in a shard
    rct += [int(mask_dtype == DataType.FLOAT32), mask_Ht]
    scale_value = _f32_bits(1.0 if scale is None else scale)
    orientation = a.memory_config().shard_spec.orientation
    cores = _sharded_cores(pc, orientation)
    mask_ids = _mask_start_ids(a, m, causal, hw_dims, pc, len(cores))
    num_mask_tiles = m.padded_shape[-1] * m.padded_shape[-2] // 1024 if hw_dims else None
    g = pc.compute_with_storage_grid_size
    key = ("softmax_sharded", O.spec_key(a), None if m is None else O.spec_key(m), scale_value, causal, hw_dims,
           numeric_stable, _cfg_key(cfg), (g.x, g.y, sw, bh, bw))

    def factory():
        prog = mh.CreateProgram()
        in_cfg = _global_cb(prog, cores, 0, bh * bw, a.dtype, a._buffer)
        O.cb(prog, cores, 1, 1, max_scaler_dtype)
        O.cb(prog, cores, 13, 1, im_dtype)
        mask_cfg = None
        if m is not None:
            O.cb(prog, cores, 8, bw, im_dtype)
            O.cb(prog, cores, 2, 1, DataType.BFLOAT16)
            if mask_sharded:
                mask_cfg = _global_cb(prog, cores, 3, in3_pages, mask_dtype, m._buffer)
            else:
                O.cb(prog, cores, 3, in3_pages, mask_dtype)
        out_cfg = _global_cb(prog, cores, 11, bh * bw, a.dtype, a._buffer)
        O.cb(prog, cores, 6, bw, im_dtype)
        O.cb(prog, cores, 7, 1, im_dtype)
        if numeric_stable:
            O.cb(prog, cores, 9, 1, im_dtype)
            O.cb(prog, cores, 10, bw, im_dtype)
        reader = "reader_unary_sharded_sm_causal_mask_hw_dims.py" if hw_dims else "reader_unary_sharded_sm.py"
        rk = mh.CreateKernel(prog, O.kernel_path(_KDIR + reader), cores,
                             ReaderDataMovementConfig(compile_args=rct, defines=defines))
        mh.CreateKernel(prog, O.kernel_path(_KDIR + "softmax_sharded.py"), cores, ComputeConfig(
            math_fidelity=cfg.math_fidelity, fp32_dest_acc_en=fp32, dst_full_sync_en=bool(cfg.dst_full_sync_en),
            math_approx_mode=bool(cfg.math_approx_mode), compile_args=[bh, bw, sw, bw // sw], defines=cdefines))

        def set_args(tensors):
            ta, to = tensors[0], tensors[-1]
            tm = tensors[1] if m is not None else None
            in_cfg.set_globally_allocated_address(ta._buffer)
            out_cfg.set_globally_allocated_address(to._buffer)
            if mask_cfg is not None:
                mask_cfg.set_globally_allocated_address(tm._buffer)
            mask_addr = tm.buffer_address() if tm is not None else 0
            for c, mid in zip(cores, mask_ids):
                mh.SetRuntimeArgs(prog, rk, c, [scale_value, mask_addr, mid] + ([num_mask_tiles] if hw_dims else []))

        return O.ProgramEntry(prog, set_args, len(cores), "SoftmaxShardedProgramFactoryAttentionOptimized")

    tensors = [a] + ([m] if m is not None else []) + [a]
    O.run(what, dev, key, factory, tensors, [a],
          {"numeric_stable": numeric_stable, "dtype": a.dtype.name, "fused_scale_mask": m is not None,
           "sharded": True}, started)
    return a


# ------------------------------------------------------------------------------------------ layer_norm / rms_norm
from dataclasses import dataclass as _dataclass  # noqa: E402


@_dataclass
class LayerNormDefaultProgramConfig:
    """ttnn.LayerNormDefaultProgramConfig (layernorm_types.hpp): legacy_reduction (reduce without fp32 accumulation),
    legacy_rsqrt (rsqrt_tile<true>), use_welford (E[x] and Var[x] in one pass by Welford's algorithm on the SFPU,
    layernorm_welford.cpp; layer_norm then needs recip_tensor=ttnn.create_layer_norm_reciprocals(...); rows too wide
    for L1 run layernorm_large_tensor_welford.cpp)."""

    legacy_reduction: bool = False
    legacy_rsqrt: bool = False
    use_welford: bool = False


@_dataclass
class LayerNormShardedMultiCoreProgramConfig:
    """ttnn.LayerNormShardedMultiCoreProgramConfig: the sharded layernorm's config (LayerNormShardedProgramFactory,
    tensix/ttnn/operations/layernorm_sharded.py)."""

    compute_with_storage_grid_size: object = None
    subblock_w: int = 0
    block_h: int = 0
    block_w: int = 0
    inplace: bool = False
    legacy_reduction: bool = False
    legacy_rsqrt: bool = False
    use_welford: bool = False


class LayerNormInputs:
    """ttnn.LayerNormInputs(input) (ttnn::prim::LayerNormInputs, layernorm_device_operation_types.hpp; bound in
    layernorm_nanobind.cpp, 622c6fb9): the device operation's tensor arguments -- input, and the optional
    residual_input_tensor, weight, bias, stats (post all-gather) and recip_tensor (Welford), all None at first.
    `input` is required and every field holds a ttnn.Tensor (or None for the optional ones): anything else raises
    TypeError, as nanobind's constructor and setters do. tensix's ops take their tensors as arguments; this is the
    record ttnn's Python API exposes (LayerNormDeviceOperation's static methods take it)."""

    _OPTIONAL = ("residual_input_tensor", "weight", "bias", "stats", "recip_tensor")

    def __init__(self, input):      # noqa: A002 (nanobind's argument name)
        self.input = input
        for name in self._OPTIONAL:
            object.__setattr__(self, name, None)

    def __setattr__(self, name, value):
        if name == "input" and not isinstance(value, Tensor):
            raise TypeError(f"LayerNormInputs.input: expected a ttnn.Tensor, got {type(value).__name__}.")
        if name in self._OPTIONAL and value is not None and not isinstance(value, Tensor):
            raise TypeError(f"LayerNormInputs.{name}: expected a ttnn.Tensor or None, got {type(value).__name__}.")
        if name != "input" and name not in self._OPTIONAL:
            raise AttributeError(f"LayerNormInputs has no field {name!r} (fields: input, "
                                 f"{', '.join(self._OPTIONAL)}).")
        object.__setattr__(self, name, value)

    def __repr__(self):
        set_ = [n for n in self._OPTIONAL if getattr(self, n) is not None]
        return f"LayerNormInputs(input={self.input!r}" + "".join(f", {n}=..." for n in set_) + ")"


def create_layer_norm_reciprocals(device, core_range_set, width: int):
    """ttnn.create_layer_norm_reciprocals(device, core_range_set, width) (ttnn/ttnn/operations/normalization.py,
    622c6fb9): the table [1/1, 1/2, ..., 1/width] (Python doubles rounded to float32 by torch.tensor), one copy per
    core of core_range_set, as a (num_cores, width) float32 ROW_MAJOR tensor HEIGHT_SHARDED in L1 with (1, width)
    shards: each core holds the whole table (Welford's layernorm reads it as CB 25)."""
    from tensix.ttnn import core as _core
    from tensix.ttnn.types import MemoryConfig, ShardOrientation, ShardSpec, TensorMemoryLayout
    n = core_range_set.num_cores()
    table = np.array([1.0 / (i + 1) for i in range(int(width))], np.float64).astype(np.float32)
    mc = MemoryConfig(TensorMemoryLayout.HEIGHT_SHARDED, BufferType.L1,
                      ShardSpec(core_range_set, (1, int(width)), ShardOrientation.ROW_MAJOR))
    return _core.from_torch(np.tile(table, (n, 1)), dtype=DataType.FLOAT32, layout=Layout.ROW_MAJOR, device=device,
                            memory_config=mc)


@_dataclass
class SoftmaxDefaultProgramConfig:
    """ttnn.SoftmaxDefaultProgramConfig (the interleaved softmax programs)."""


class SoftmaxShardedMultiCoreProgramConfig:
    """ttnn.SoftmaxShardedMultiCoreProgramConfig(*, compute_with_storage_grid_size, subblock_w, block_h, block_w)
    (softmax_operation_types.hpp / softmax_nanobind.cpp, 622c6fb9): the sharded softmax program on the cores (0, 0) to
    compute_with_storage_grid_size - 1 (a CoreCoord, or an (x, y) pair as nanobind converts it), each core's shard
    block_h x block_w tiles, subblock_w tiles per Dst acquire. The sizes are ints (nanobind's noconvert: no floats or
    bools); the fields are read-write."""

    __slots__ = ("compute_with_storage_grid_size", "subblock_w", "block_h", "block_w")

    def __init__(self, *, compute_with_storage_grid_size, subblock_w, block_h, block_w):
        from tensix.metalium.types import CoreCoord
        g = compute_with_storage_grid_size
        if isinstance(g, (tuple, list)) and len(g) == 2:
            g = CoreCoord(int(g[0]), int(g[1]))
        if not (hasattr(g, "x") and hasattr(g, "y")):
            raise TypeError(f"SoftmaxShardedMultiCoreProgramConfig: compute_with_storage_grid_size must be a CoreCoord "
                            f"or an (x, y) pair, got {g!r}.")
        for name, v in (("subblock_w", subblock_w), ("block_h", block_h), ("block_w", block_w)):
            if type(v) is not int or v < 0:
                raise TypeError(f"SoftmaxShardedMultiCoreProgramConfig: {name} must be a non-negative int (std::size_t, "
                                f"no conversion), got {v!r}.")
        self.compute_with_storage_grid_size = g
        self.subblock_w, self.block_h, self.block_w = subblock_w, block_h, block_w

    def __eq__(self, other):
        return isinstance(other, SoftmaxShardedMultiCoreProgramConfig) and all(
            getattr(self, f) == getattr(other, f) for f in self.__slots__)

    def __hash__(self):
        g = self.compute_with_storage_grid_size
        return hash((g.x, g.y, self.subblock_w, self.block_h, self.block_w))

    def __repr__(self):
        g = self.compute_with_storage_grid_size
        return (f"SoftmaxShardedMultiCoreProgramConfig(compute_with_storage_grid_size=(x={g.x},y={g.y}), "
                f"subblock_w={self.subblock_w}, block_h={self.block_h}, block_w={self.block_w})")


_LN_CBS = {"cb_in": 0, "cb_inb": 1, "cb_scaler": 2, "cb_eps": 3, "cb_gamma": 5, "cb_beta": 6, "cb_out": 16,
           "cb_ex": 18, "cb_ex2": 19, "cb_xmm2": 20, "cb_ex2pe": 21, "cb_fusion": 22, "cb_x": 23, "cb_xmm": 24,
           "cb_reciprocals": 25, "cb_accumulate": 26, "cb_in_rm": 27, "cb_out_rm": 28}
_ABSENT = 0xFFFFFFFF        # TensorAccessorArgs of an absent tensor (tensix's encoding: the kernel skips it)


# CB_can_fit_in_L1 (layernorm_op_multi_core.cpp): the share of L1 the small layernorm program's CBs may take; past it
# the large-tensor program runs (tests lower it to run that program on narrow rows)
_LN_L1_SHARE = 0.95


def _cb_alias(prog, cores, index: int, num_tiles: int, dtype, alias: int | None):
    """O.cb, and with `alias` a second buffer index over the same memory (the Welford fp32 aliases 29, 30, 31: their
    own read and write pointers, the same format and pages)."""
    if alias is None:
        return O.cb(prog, cores, index, num_tiles, dtype)
    fmt = data_format(dtype)
    from tensix.device import formats
    ps = formats.tile_size(fmt)
    cfg = mh.CircularBufferConfig(num_tiles * ps, {index: fmt, alias: fmt}).set_page_size(index, ps)
    return mh.CreateCircularBuffer(prog, cores, cfg.set_page_size(alias, ps))


def _ln_config(cfg, rms: bool):
    """layernorm_default_compute_config (HiFi4, approx off, fp32 accumulation) / rmsnorm_default_compute_config
    (HiFi4, approx on, no fp32 accumulation); `cfg` if given."""
    if cfg is not None:
        return cfg
    return WormholeComputeKernelConfig(math_fidelity=MathFidelity.HiFi4, math_approx_mode=rms,
                                       fp32_dest_acc_en=not rms, packer_l1_acc=False, dst_full_sync_en=False)


def _check_residual(what, a, b) -> None:
    """layernorm_device_operation.cpp's residual checks (interleaved and sharded programs): on the input's device,
    TILE layout, the input's logical and padded shapes."""
    if b is None:
        return
    O.device_of(what, b)
    if b.layout != Layout.TILE:
        raise TTNNError(f"{what}: Residual tensor must have TILE layout, got: {b.layout!r}.\nFix: "
                        "ttnn.to_layout(residual, ttnn.TILE_LAYOUT).")
    if tuple(a.shape) != tuple(b.shape) or tuple(a.padded_shape) != tuple(b.padded_shape):
        raise ShapeError(f"{what}: Input and residual logical and padded shapes must match, got input: "
                         f"{list(a.shape)} vs residual: {list(b.shape)}.\nFix: pass a residual of the input's "
                         "shape.")


def _ln_program_config(program_config):
    """LayerNormDefaultProgramConfig fields (legacy_reduction, legacy_rsqrt, use_welford); sharded configs go to
    layernorm_sharded (_norm) before this."""
    if program_config is None:
        return False, False, False
    if isinstance(program_config, LayerNormShardedMultiCoreProgramConfig) or hasattr(program_config, "block_h"):
        raise NotModelledError("layer_norm with LayerNormShardedMultiCoreProgramConfig (sharded layernorm) is not "
                               "modelled.")
    return (bool(getattr(program_config, "legacy_reduction", False)),
            bool(getattr(program_config, "legacy_rsqrt", False)), bool(getattr(program_config, "use_welford", False)))


def _check_weight(what, name, w, a):
    if w is None:
        return
    O.device_of(what, w)
    if w.layout != Layout.TILE:
        # layernorm_device_operation.cpp validate: a ROW_MAJOR gamma / beta is the weight as [Wt, 32] sticks
        if not (w.padded_shape[-1] == 32 and w.padded_shape.volume() // 32 == a.padded_shape[-1] // 32):
            raise ShapeError(f"{what}: {name.capitalize()}'s last padded dim needs to equal tile width and {name}'s "
                             f"volume needs to align with last padded dim of input. Got {name} padded shape "
                             f"{list(w.padded_shape)}, input padded shape {list(a.padded_shape)}.\nFix: pass {name} "
                             "zero-padded to the input's padded width and reshaped to [Wt, 32].")
        if w.dtype != DataType.BFLOAT16 or w.memory_config().is_sharded():
            raise NotModelledError(f"{what}: a ROW_MAJOR {name} of {w.dtype!r} (or sharded): "
                                   "reader_unary_interleaved_ln_rm_gb.cpp copies 64-byte (32 x bfloat16) sticks, "
                                   f"tensix models only that.\nFix: pass {name} as bfloat16, or in TILE_LAYOUT.")
        return
    if a.padded_shape[-1] != w.padded_shape[-1] or w.shape[-1] < a.shape[-1]:
        raise ShapeError(f"{what}: Input and {name} padded widths must match and {name} logical width must be >= "
                         f"input logical width; got input {list(a.shape)} (padded {list(a.padded_shape)}) vs {name} "
                         f"{list(w.shape)} (padded {list(w.padded_shape)}).\nFix: give {name} the input's last dim.")
    if w.padded_shape[-2] != 32:
        raise ShapeError(f"{what}: {name.capitalize()} tensor height must equal tile height (32), got: "
                         f"{w.padded_shape[-2]}.\nFix: pass {name} of shape [W] or [1, W].")


def _layer_norm(what, a: Tensor, eps, gamma, beta, b, out_mc, cfg, rms: bool, program_config, recip=None):
    """LayerNormDeviceOperation with LayerNormMultiCoreProgramFactory (layernorm_op_multi_core.cpp); with
    use_welford, layernorm_welford.cpp and the reciprocal table `recip` (ttnn.create_layer_norm_reciprocals) as CB 25,
    a CB placed in the table's L1 buffer. A row whose CBs do not fit in 95% of L1 (large_tensor_needed) runs
    layernorm_large_tensor.cpp and its reader (the row streamed in blocks, capped CBs, CB 26 accumulating the sum of
    squares), with use_welford layernorm_large_tensor_welford.cpp and its reader (with a residual and an fp32 Dst the
    running mean / M2 read back through c_30 / c_31, UnpackToDestFp32 aliases of cb_ex / cb_ex2)."""
    started = time.perf_counter()
    legacy_reduction, legacy_rsqrt, use_welford = _ln_program_config(program_config)
    if use_welford and rms:
        raise TTNNError(f"{what}: Welford's algorithm is not supported for RMSNorm")
    if use_welford and recip is None:
        raise TTNNError(f"{what}: Reciprocal tensor not provided for Welford layernorm\nFix: pass recip_tensor="
                        "ttnn.create_layer_norm_reciprocals(device, core_range_set, width).")
    dev = O.device_of(what, a, gamma, beta, b, *([recip] if use_welford else []))
    if use_welford and not (recip.memory_config().is_sharded() and recip.memory_config().buffer_type == BufferType.L1):
        raise TTNNError(f"{what}: the Welford reciprocal tensor backs a circular buffer, so it must be sharded in "
                        "L1 (circular_buffer_config.cpp: only L1 buffers can have an associated circular buffer).")
    recip_bytes = recip._buffer._per_bank if use_welford else 0    # aligned_size_per_bank
    W = a.shape[-1]
    Wp, Hp = a.padded_shape[-1], a.padded_shape[-2]
    NC = a.padded_shape.volume() // (Hp * Wp)
    fp32 = bool(cfg.fp32_dest_acc_en)
    Wt, Ht = Wp // 32, Hp // 32
    block_size = 4 if fp32 else 8
    from tensix.device import formats, soc
    ts = formats.tile_size
    cb_dtype = DataType.FLOAT32 if fp32 else DataType.BFLOAT16
    single = ts(data_format(cb_dtype))
    in_ts = ts(data_format(a.dtype))
    g_dt = gamma.dtype if gamma is not None else DataType.BFLOAT16
    b_dt = beta.dtype if beta is not None else DataType.BFLOAT16
    wup = -(-Wt // block_size) * block_size
    in0_t, in1_t, out0_t = wup, block_size * 2, block_size * 2
    im0_t = im3_t = in5_t = in6_t = wup
    im6_t = block_size * 2
    if b is not None:
        im6_t, in0_t = wup, 2 * block_size
    im5_t, im4_t, im1_t, in2_t, in3_t, im2_t = 2 * block_size, 8, 2, 2, 2, 2
    bf16_ts = ts(data_format(DataType.BFLOAT16))
    total = (in0_t * in_ts + in1_t * (ts(data_format(b.dtype)) if b is not None else 0) + out0_t * in_ts
             + im0_t * single + im3_t * single + in5_t * ts(data_format(g_dt)) + in6_t * ts(data_format(b_dt))
             + im6_t * single + im5_t * single + im4_t * single + im1_t * single + in2_t * bf16_ts + in3_t * bf16_ts
             + im2_t * single + recip_bytes)
    rm_weights = any(t is not None and t.layout != Layout.TILE for t in (gamma, beta))
    # use_row_major_kernel skips the large-tensor check (layernorm_op_multi_core.cpp): the CBs are allocated as sized
    large = not rm_weights and not total < soc.L1_SIZE * _LN_L1_SHARE
    if large:
        # large_tensor_needed: the row-sized CBs capped at 56 tiles (with gamma or beta, or a Float32 input) or 112,
        # both scaled by bfloat16's tile size over the intermediates' (28 / 56 with fp32 accumulation)
        weighted = gamma is not None or beta is not None or a.dtype == DataType.FLOAT32
        cap = (56 if weighted else 112) * bf16_ts // single
        in0_t = im0_t = im3_t = in5_t = in6_t = cap
        if b is not None:
            im6_t, in0_t = cap, 2 * block_size
    # Welford on a Float32 input reads it for the SFPU through CB 29, a second index of cb_x's memory configured
    # UnpackToDestFp32 (the post-Welford FPU ops read cb_x through SrcA)
    # (not with a residual on the large path: cb_x holds a + b, already through the FPU's TF32)
    alias = use_welford and a.dtype == DataType.FLOAT32 and not (b is not None and large)
    # the large Welford kernel with a residual keeps the running mean / M2 in cb_ex / cb_ex2 between blocks and reads
    # them back through c_30 / c_31, UnpackToDestFp32 aliases of their memory, when they are Float32
    state_alias = use_welford and b is not None and large and fp32
    float32_reduction = fp32 and not legacy_reduction
    out = O.output_tensor(dev, tuple(a.shape), a.dtype, Layout.TILE, out_mc)
    grid = O.grid_of(dev)
    rows = NC * Ht
    # use_row_major_kernel: a ROW_MAJOR gamma or beta selects reader_unary_interleaved_ln_rm_gb (its last compile-time
    # arg is the stick size, its arg 3 the first tile, curr_row * Wt)
    rm_gb = next((t for t in (gamma, beta) if t is not None and t.layout != Layout.TILE), None)
    rm_stick = rm_gb.padded_shape[-1] * 2 if rm_gb is not None else None    # (no tensor in the cached closures)
    del rm_gb
    names = _LN_CBS if not use_welford else dict(
        _LN_CBS, cb_x_welford=29 if alias else (23 if b is not None else 0), welford_fp32_alias=int(alias),
        cb_ex_welford=30 if state_alias else 18, cb_ex2_welford=31 if state_alias else 19,
        welford_state_fp32_alias=int(state_alias))
    rdef, cdef = {"CB_NAMES": names}, {"CB_NAMES": names}
    if b is not None:
        rdef["FUSE_PRE_ADD"] = 1
        if not use_welford:
            cdef["FUSE_PRE_ADD"] = 1
    if gamma is not None:
        rdef["FUSE_GAMMA"] = 1
    if beta is not None:
        rdef["FUSE_BETA"] = 1
    if rms:
        rdef["RMSNORM"] = cdef["RMSNORM"] = 1
    eps_bits = _f32_bits(eps)
    key = ("layernorm", rms, O.spec_key(a), O.spec_key(out), *(None if t is None else O.spec_key(t)
                                                               for t in (gamma, beta, b)),
           eps_bits, _cfg_key(cfg), legacy_reduction, legacy_rsqrt, use_welford and O.spec_key(recip), large)

    def acc(t):
        return O.accessor_args(t) if t is not None else [_ABSENT]

    def factory():
        prog = mh.CreateProgram()
        num_cores, _all, g1, g2, n1, n2 = mh.split_work_to_cores(grid, rows, True)
        cores = sorted(list(g1) + list(g2), key=lambda c: (c.y, c.x))    # corerange_to_cores(..., row_wise)
        g1s = {(c.x, c.y) for c in g1}
        _cb_alias(prog, cores, 0, in0_t, a.dtype, 29 if (alias and b is None) else None)
        O.cb(prog, cores, 16, out0_t, a.dtype)
        if not rms:
            _cb_alias(prog, cores, 18, im1_t, cb_dtype, 30 if state_alias else None)
        if not use_welford:
            O.cb(prog, cores, 2, in2_t, DataType.BFLOAT16)
        O.cb(prog, cores, 3, in3_t, DataType.BFLOAT16)
        _cb_alias(prog, cores, 19, im2_t, cb_dtype, 31 if state_alias else None)
        if not rms or b is not None or large:
            O.cb(prog, cores, 24, im0_t, cb_dtype)
        if not use_welford:
            O.cb(prog, cores, 20, im3_t, cb_dtype)
        O.cb(prog, cores, 21, im4_t, cb_dtype)
        if large and not use_welford:       # cb_accumulate: the running sum of squares between blocks
            O.cb(prog, cores, 26, 1, DataType.FLOAT32 if float32_reduction else cb_dtype)
        if gamma is not None or beta is not None:
            O.cb(prog, cores, 22, im5_t, cb_dtype)
        if gamma is not None:
            O.cb(prog, cores, 5, in5_t, g_dt)
        if beta is not None:
            O.cb(prog, cores, 6, in6_t, b_dt)
        if b is not None:
            if not rms:
                _cb_alias(prog, cores, 23, im6_t, cb_dtype, 29 if alias else None)
            O.cb(prog, cores, 1, in1_t, b.dtype)
        recip_cfg = None
        if use_welford:     # CB 25: the reciprocal table, in the table's own L1 buffer (rebound at each call)
            recip_cfg = mh.CircularBufferConfig(recip_bytes, {25: formats.DataFormat.Float32}).set_page_size(
                25, recip_bytes)
            recip_cfg.set_globally_allocated_address(recip._buffer)
            mh.CreateCircularBuffer(prog, cores, recip_cfg)
        last = rm_stick if rm_stick is not None else in_ts
        rct = [block_size] + ([] if large else [int(use_welford)]) + [W] + acc(a) + acc(b) + acc(gamma) + acc(beta)
        rct.append(last)
        reader = ("reader_unary_interleaved_ln_large_tensor_welford.py" if large and use_welford else
                  "reader_unary_interleaved_ln_large_tensor.py" if large else
                  "reader_unary_interleaved_ln_rm_gb.py" if rm_stick is not None else "reader_unary_interleaved_ln.py")
        rk = mh.CreateKernel(prog, O.kernel_path(_KDIR + reader), cores,
                             ReaderDataMovementConfig(compile_args=rct, defines=rdef))
        wk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "writer_unary_interleaved_start_id_blocked.py"), cores,
                             WriterDataMovementConfig(compile_args=[block_size] + O.accessor_args(out),
                                                      defines={"CB_NAMES": _LN_CBS}))
        utd = {26: "UnpackToDestFp32"} if float32_reduction else {}
        if state_alias:
            utd[30] = utd[31] = "UnpackToDestFp32"
        if alias:
            utd[29] = "UnpackToDestFp32"
        cargs = [Wt, block_size, int(gamma is not None), int(beta is not None), int(fp32)]
        cargs += [W, 32, 0, int(b is not None)] if use_welford else [int(float32_reduction), int(legacy_rsqrt), W, 32]
        kernel = "layernorm_welford.py" if use_welford else "layernorm.py"
        if large:
            kernel = "layernorm_large_tensor_welford.py" if use_welford else "layernorm_large_tensor.py"
        ck = mh.CreateKernel(prog, O.kernel_path(_KDIR + kernel), cores, ComputeConfig(
            math_fidelity=cfg.math_fidelity, fp32_dest_acc_en=fp32, dst_full_sync_en=bool(cfg.dst_full_sync_en),
            math_approx_mode=bool(cfg.math_approx_mode), unpack_to_dest_mode=utd or None,
            compile_args=cargs, defines=cdef))
        # the Welford large-tensor reader and the rm_gb one take the first tile (curr_row * Wt), the others the row
        legacy_start = (use_welford and large) or rm_stick is not None
        plan = []
        curr = 0
        for c in cores:
            n = n1 if (c.x, c.y) in g1s else n2
            plan.append((c, n, curr))
            curr += n
        packed_one = 0x3F803F80

        def set_args(tensors):
            ta = tensors[0]
            tb, tg, tbe = (tensors[1 + i] for i in range(3))
            to = tensors[-1]
            if recip_cfg is not None:
                recip_cfg.set_globally_allocated_address(tensors[4]._buffer)
            addr = lambda t: t.buffer_address() if t is not None else 0  # noqa: E731
            for c, n, row in plan:
                mh.SetRuntimeArgs(prog, rk, c, [ta.buffer_address(), n, Wt, row * Wt if legacy_start else row,
                                                packed_one, eps_bits, addr(tg), addr(tbe), addr(tb)])
                mh.SetRuntimeArgs(prog, wk, c, [to.buffer_address(), Wt, n, row * Wt])
                mh.SetRuntimeArgs(prog, ck, c, [n])

        return O.ProgramEntry(prog, set_args, num_cores, "LayerNormMultiCoreProgramFactory")

    O.run(what, dev, key, factory, [a, b, gamma, beta, recip if use_welford else None, out], [out],
          {"norm": "RMSNORM" if rms else "LAYERNORM", "epsilon": float(eps), "dtype": a.dtype.name}, started)
    return out


def _norm(what, rms, input_tensor, epsilon, weight, bias, residual_input_tensor, memory_config, program_config,
          compute_kernel_config, kwargs):
    O.refuse_unknown_kwargs(what, {k: v for k, v in kwargs.items() if k != "recip_tensor"})
    if isinstance(input_tensor, Tensor) and (input_tensor.is_sharded() or hasattr(program_config, "block_h")):
        # a sharded input (or config): LayerNormShardedProgramFactory (layernorm_sharded.py)
        from tensix.ttnn.operations.layernorm_sharded import norm as _sharded_norm
        return _sharded_norm(what, rms, input_tensor, epsilon, weight, bias, residual_input_tensor, memory_config,
                             program_config, compute_kernel_config, kwargs)
    _check(what, input_tensor)
    a = input_tensor
    if len(a.shape) == 0:
        raise TTNNError(f"{what}: LayerNorm operation not supported for 0D tensors. (rank=0)\nFix: pass a tensor of "
                        "rank >= 1.")
    if a.logical_volume() == 0:
        raise NotModelledError(f"{what} of a zero-volume tensor returns ttnn.clone of it; not modelled here.")
    for name, w in (("weight", weight), ("bias", bias)):
        _check_weight(what, name, w, a)
    if weight is not None and bias is not None and weight.layout != bias.layout:
        raise TTNNError(f"{what}: Gamma and beta must have the same layout!")
    b = residual_input_tensor
    _check_residual(what, a, b)
    cfg = _ln_config(compute_kernel_config, rms)
    return _layer_norm(what, a, float(epsilon), weight, bias, b, memory_config or a.memory_config(), cfg, rms,
                       program_config, kwargs.get("recip_tensor"))


def layer_norm(input_tensor, *, epsilon: float = 1e-12, weight=None, bias=None, residual_input_tensor=None,
               memory_config=None, program_config=None, compute_kernel_config=None, **kwargs):
    """ttnn.layer_norm(input_tensor, *, epsilon=1e-12, weight=None, bias=None, residual_input_tensor=None,
    memory_config=None, program_config=None, compute_kernel_config=None): (x - E[x]) / sqrt(Var[x] + epsilon) * weight
    + bias over the last dim (x = input + residual when given); the width's tile padding is left out of the means by
    the reduce scaler."""
    return _norm("ttnn.layer_norm", False, input_tensor, epsilon, weight, bias, residual_input_tensor, memory_config,
                 program_config, compute_kernel_config, kwargs)


def rms_norm(input_tensor, *, epsilon: float = 1e-12, weight=None, bias=None, residual_input_tensor=None,
             memory_config=None, program_config=None, compute_kernel_config=None, **kwargs):
    """ttnn.rms_norm(input_tensor, *, epsilon=1e-12, weight=None, bias=None, residual_input_tensor=None, ...):
    x / sqrt(E[x^2] + epsilon) * weight + bias over the last dim."""
    if input_tensor is not None and isinstance(input_tensor, Tensor) and input_tensor.layout == Layout.ROW_MAJOR:
        raise TTNNError("ttnn.rms_norm: ttnn::rms_norm does not support ROW_MAJOR input tensors. Use TILE layout.\n"
                        "Fix: ttnn.to_layout(input_tensor, ttnn.TILE_LAYOUT).")
    return _norm("ttnn.rms_norm", True, input_tensor, epsilon, weight, bias, residual_input_tensor, memory_config,
                 program_config, compute_kernel_config, kwargs)
