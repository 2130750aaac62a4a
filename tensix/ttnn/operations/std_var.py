"""ttnn.var and ttnn.std, as tt-metal 622c6fb9 runs them on Wormhole: Welford's single-pass algorithm on the SFPU.

generic_reductions.cpp ``std_var_impl``: the dims normalised (generate_reduce_dim: None or [] is every dim); a rank-0
input, or one whose reduced volume is 1, gives ttnn.full of NaN (correction) or 0 in the input's shape; a zero-volume
input gives ttnn.full of NaN in the reduced shape (zero_volume_reduce); the divisor (N, or N - 1 with Bessel's
correction) must be positive. One dim: W (the last) or H (the second last) directly (a rank-1 input seen as
[1, W]); another single dim is permuted into H (ttnn.permute swapping it with the second last), H-reduced and
permuted back. Then ``ttnn::prim::welford_reduce`` (welford_reduce_device_operation.cpp,
WelfordReduceProgramFactory in welford_reduce_program_factory.cpp): default compute config HiFi4, approx off, fp32
accumulation; the work split over the grid column-major (rows of Wt tiles for W, columns of Ht tiles for H); kernels
welford_reduce_w / welford_reduce_h (tensix/ttnn/kernels/reduction/) with the reduce readers and the generic tile
writer; the result reshaped for keepdim (adjust_shape). The tile padding is not filled first: the kernels leave the
padded rows / columns out (welford_update_rows).

Two or more dims: permuted to the end (kept dims first), the last two reduced as H and W and the others folded into
NC, reduce_batch_size slices per output: welford_reduce_hw (per column H-reduced by Welford, mean / variance pairs to
c_21) with writer_welford_hw (the pairs combined on the RISC-V in float32, Bessel's correction, the scalar back to
compute through c_22 for sqrt and the output format).

Not modelled (NotModelledError): ROW_MAJOR inputs (tilize_with_val_padding), sharded tensors, sub_core_grids."""

from __future__ import annotations

import math
import time

from tensix.errors import NotModelledError
from tensix.kernel import PoolType, ReduceDim
from tensix.metalium import host as mh
from tensix.metalium.types import ComputeConfig, MathFidelity, ReaderDataMovementConfig, WriterDataMovementConfig
from tensix.ttnn import op as O
from tensix.ttnn.errors import DTypeError, TTNNError
from tensix.ttnn.operations.reduction import _adjust_shape, _cfg_key, _f32_bits, _generate_reduce_dim, _view
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import DataType, Layout, WormholeComputeKernelConfig

__all__ = ["var", "std"]

_KDIR = "reduction/"
_DTYPES = (DataType.BFLOAT16, DataType.FLOAT32, DataType.BFLOAT8_B)


def _config(cfg):
    """welford_reduce's default: init_device_compute_kernel_config(arch, None, HiFi4, approx False, fp32 acc True)."""
    if cfg is not None:
        return cfg
    return WormholeComputeKernelConfig(math_fidelity=MathFidelity.HiFi4, math_approx_mode=False,
                                       fp32_dest_acc_en=True, packer_l1_acc=False, dst_full_sync_en=False)


def _welford_reduce(what, a: Tensor, is_std: bool, dim: str, scalar: float, out_mc, cfg, correction: bool,
                    rbs: int = 1) -> Tensor:
    """ttnn::prim::welford_reduce (W, H or HW; HW combines `rbs` = reduce_batch_size consecutive NC slices per
    output) of a TILE tensor of rank >= 2: one program."""
    started = time.perf_counter()
    dev = O.device_of(what, a)
    if a.layout != Layout.TILE:
        raise TTNNError(f"{what}: Inputs to Std/Var reductions must be tilized")
    if a.dtype not in _DTYPES:
        raise DTypeError(f"{what}: Only FLOAT32, BFLOAT16, and BFLOAT8_B are supported for Std/Var reduction - got "
                         f"{a.dtype!r}")
    if a.is_sharded() or out_mc.is_sharded():
        raise NotModelledError(f"{what} of a sharded tensor (or into a sharded memory config) is not modelled.")
    fp32 = bool(cfg.fp32_dest_acc_en)
    if a.dtype == DataType.FLOAT32 and not fp32:
        raise TTNNError(f"{what}: ttnn.std/var with Float32 input requires fp32_dest_acc_en=true in the compute kernel "
                        "config; otherwise precision is silently lost in the unpacker format conversion.")
    shape = tuple(a.shape)
    H, W = shape[-2], shape[-1]
    Hp, Wp = a.padded_shape[-2], a.padded_shape[-1]
    NC = a.padded_shape.volume() // (Hp * Wp)
    Ht, Wt = Hp // 32, Wp // 32
    n_red = {"W": W, "H": H, "HW": H * W * rbs}[dim]
    if correction and n_red < 2:
        raise TTNNError(f"{what}: Bessel's correction requires at least 2 elements along the reduction "
                        f"dimension{'s' if dim == 'HW' else ''}, got {n_red}")
    out_shape = list(shape)
    if dim != "H":
        out_shape[-1] = 1
    if dim != "W":
        out_shape[-2] = 1
    if dim == "HW":         # the extra reduced dims, folded into NC just before H and W, become 1 too
        if NC % rbs:
            raise TTNNError(f"{what}: NC ({NC}) must be divisible by reduce_batch_size ({rbs})")
        remaining, i = rbs, len(out_shape) - 3
        while i >= 0 and remaining > 1:
            remaining //= out_shape[i]
            out_shape[i] = 1
            i -= 1
    out = O.output_tensor(dev, tuple(out_shape), a.dtype, Layout.TILE, out_mc)
    in_dt = a.dtype
    scalar_dt = DataType.FLOAT32 if in_dt == DataType.FLOAT32 else DataType.BFLOAT16
    narrow = not is_std and out.dtype == DataType.BFLOAT16      # narrow_scratch_to_bf16
    do_scale = scalar != 1.0
    fp32_input = in_dt == DataType.FLOAT32
    rdim = {"W": ReduceDim.REDUCE_ROW, "H": ReduceDim.REDUCE_COL, "HW": ReduceDim.REDUCE_SCALAR}[dim]
    defines = {"REDUCE_OP": PoolType.SUM, "REDUCE_DIM": rdim, "ENABLE_FP32_DEST_ACC": int(fp32),
               "DST_SYNC_FULL": int(bool(cfg.dst_full_sync_en))}
    key = ("welford_reduce", is_std, dim, _f32_bits(scalar), correction, rbs, O.spec_key(a), O.spec_key(out),
           _cfg_key(cfg))
    grid = O.grid_of(dev)

    def factory():
        prog = mh.CreateProgram()
        units = {"W": NC * Ht, "H": NC * Wt, "HW": NC // rbs}[dim]
        num_cores, _all, g1, g2, n1, n2 = mh.split_work_to_cores(grid, units, False)
        g1, g2 = list(g1), list(g2)
        order = g1 + g2                 # grid_to_cores(num_cores, x, y, false): column-major, as the split
        O.cb(prog, order, 0, 2, in_dt)
        O.cb(prog, order, 2, 1, scalar_dt)
        O.cb(prog, order, 16, 2, out.dtype)
        utd = {}
        if fp32_input and not do_scale:
            utd[0] = "UnpackToDestFp32"
        if dim == "W":
            O.cb(prog, order, 19, 1, DataType.FLOAT32 if fp32 and not narrow else DataType.BFLOAT16)
            if fp32 and not narrow:
                utd[19] = "UnpackToDestFp32"
            if do_scale:
                O.cb(prog, order, 20, 1, in_dt)
                if fp32_input:
                    utd[20] = "UnpackToDestFp32"
            rk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "reader_unary_reduce_universal_start_id.py"), order,
                                 ReaderDataMovementConfig(compile_args=[_f32_bits(scalar)] + O.accessor_args(a),
                                                          defines=defines))
            cdef = dict(defines, CB_NAMES={"welford_fp32_input": int(fp32_input)})
            src, cargs = "welford_reduce_w.py", [Wt, W, 32, int(do_scale), int(correction), int(is_std)]
        else:
            rk = mh.CreateKernel(
                prog, O.kernel_path(_KDIR + "reader_unary_transpose_wh_universal_input_cols_partitioned.py"), order,
                ReaderDataMovementConfig(compile_args=[Ht, Wt, Ht * Wt, _f32_bits(scalar), 1] + O.accessor_args(a),
                                         defines=defines))
            cdef = defines
            src, cargs = "welford_reduce_h.py", [Ht, H, 32, int(do_scale), int(correction), int(is_std)]
        if dim == "HW":
            O.cb(prog, order, 21, 4, DataType.FLOAT32)
            O.cb(prog, order, 22, 1, DataType.BFLOAT16 if narrow else DataType.FLOAT32)
            if fp32 and not narrow:
                utd[22] = "UnpackToDestFp32"
            src, cargs = "welford_reduce_hw.py", [Ht, H, 32, Wt, int(do_scale), rbs, int(is_std)]
            wk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "writer_welford_hw.py"), order, WriterDataMovementConfig(
                compile_args=[Wt, W, 32, H, int(correction), rbs, int(narrow)] + O.accessor_args(out)))
        else:
            wk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "writer_unary_interleaved_start_id.py"), order,
                                 WriterDataMovementConfig(compile_args=[16] + O.accessor_args(out), defines=defines))
        ck = {}
        for group in (g1, g2):
            if group:
                k = mh.CreateKernel(prog, O.kernel_path(_KDIR + src), group, ComputeConfig(
                    math_fidelity=cfg.math_fidelity, fp32_dest_acc_en=fp32, unpack_to_dest_mode=utd or None,
                    compile_args=cargs, defines=cdef))
                ck.update({(c.x, c.y): k for c in group})
        work = [(c, n1) for c in g1] + [(c, n2) for c in g2]

        def set_args(tensors):
            ta, to = tensors
            done = 0
            for c, k in work:
                if dim == "W":
                    mh.SetRuntimeArgs(prog, rk, c, [ta.buffer_address(), k * Wt, done * Wt])
                elif dim == "H":
                    mh.SetRuntimeArgs(prog, rk, c, [ta.buffer_address(), (done // Wt) * Ht * Wt + done % Wt,
                                                    done % Wt, k])
                else:   # HW: k outputs of rbs NC slices each, read column by column
                    mh.SetRuntimeArgs(prog, rk, c, [ta.buffer_address(), done * rbs * Ht * Wt, 0, Wt * k * rbs])
                    mh.SetRuntimeArgs(prog, ck[(c.x, c.y)], c, [k * rbs])
                    mh.SetRuntimeArgs(prog, wk, c, [to.buffer_address(), k * rbs, done])
                    done += k
                    continue
                mh.SetRuntimeArgs(prog, ck[(c.x, c.y)], c, [k])
                mh.SetRuntimeArgs(prog, wk, c, [to.buffer_address(), k, done])
                done += k

        return O.ProgramEntry(prog, set_args, num_cores, "WelfordReduceProgramFactory")

    O.run(what, dev, key, factory, [a, out], [out],
          {"math_op": "STD" if is_std else "VAR", "reduce_dim": dim, "scalar": float(scalar),
           "correction": bool(correction)}, started)
    return out


def _std_var(kind: str, t, dim, keepdim, memory_config, compute_kernel_config, scalar, correction, sub_core_grids,
             kwargs):
    what = f"ttnn.{kind}"
    O.refuse_unknown_kwargs(what, {k: v for k, v in kwargs.items() if k != "use_legacy"})
    if not isinstance(t, Tensor):
        raise TTNNError(f"{what}: input_tensor is a {type(t).__name__}, not a ttnn.Tensor.\nFix: ttnn.from_torch(...) "
                        "first.")
    if sub_core_grids is not None:
        raise NotModelledError(f"{what}(..., sub_core_grids=...) is not modelled; the op uses the whole grid.")
    dev = O.device_of(what, t)
    dims = _generate_reduce_dim(t, dim)
    in_shape = tuple(t.shape)
    rank = len(in_shape)
    mc = memory_config or t.memory_config()
    correction = bool(correction)
    reduced = math.prod(in_shape[d] for d in dims) if rank else 1
    if rank == 0 or reduced == 1:
        # torch's answer for one element: NaN with Bessel's correction, else 0 (ttnn::full in TILE layout)
        from tensix.ttnn.core import full
        filled = full(in_shape, float("nan") if correction else 0.0, dtype=t.dtype, layout=Layout.TILE, device=dev,
                      memory_config=mc)
        return _adjust_shape(filled, in_shape, keepdim, dims)
    if t.logical_volume() == 0:
        from tensix.ttnn.core import full
        return full(tuple(d if i not in dims else 1 for i, d in enumerate(in_shape) if keepdim or i not in dims),
                    float("nan"), dtype=t.dtype, layout=t.layout, device=dev, memory_config=mc)
    if reduced - correction <= 0:
        raise TTNNError(f"{what}: Reduction is performed on too few elements, yielding divisor of "
                        f"{reduced - correction}")
    if t.layout != Layout.TILE:
        raise NotModelledError(f"{what} of a ROW_MAJOR tensor: ttnn tilizes it first (tilize_with_val_padding), "
                               "which tensix.ttnn does not run here yet.\nFix: pass a TILE_LAYOUT tensor.")
    cfg = _config(compute_kernel_config)
    is_std = kind == "std"
    if len(dims) == 1 and dims[0] >= rank - 2:
        a = _view(t, (1, in_shape[0])) if rank == 1 else t
        out = _welford_reduce(what, a, is_std, "W" if dims[0] == rank - 1 else "H", float(scalar), mc, cfg,
                              correction)
    elif len(dims) == 1:
        from tensix.ttnn.operations.dm_permute import permute
        swap = list(range(rank))
        swap[dims[0]], swap[rank - 2] = swap[rank - 2], swap[dims[0]]
        out = _welford_reduce(what, permute(t, swap, memory_config=mc), is_std, "H", float(scalar), mc, cfg,
                              correction)
        out = permute(out, swap, memory_config=mc)
    else:
        # the kept dims first, then the reduced ones: the last two become H and W, the others fold into NC
        perm = [i for i in range(rank) if i not in dims] + list(dims)
        if perm != list(range(rank)):
            from tensix.ttnn.operations.dm_permute import permute
            t = permute(t, perm, memory_config=mc)
        rbs = math.prod(in_shape[d] for d in dims[:-2])
        out = _welford_reduce(what, t, is_std, "HW", float(scalar), mc, cfg, correction, rbs)
    return _adjust_shape(out, in_shape, keepdim, dims)


def var(input_tensor, dim=None, keepdim: bool = False, *, memory_config=None, compute_kernel_config=None,
        scalar: float = 1.0, correction: bool = True, sub_core_grids=None, **kwargs):
    """ttnn.var(input_tensor, dim=None, keepdim=False, *, memory_config=None, compute_kernel_config=None, scalar=1.0,
    correction=True, sub_core_grids=None, use_legacy=False): the variance of input * scalar over `dim` (all dims if
    None), divided by N - 1 with Bessel's correction, else N."""
    return _std_var("var", input_tensor, dim, keepdim, memory_config, compute_kernel_config, scalar, correction,
                    sub_core_grids, kwargs)


def std(input_tensor, dim=None, keepdim: bool = False, *, memory_config=None, compute_kernel_config=None,
        scalar: float = 1.0, correction: bool = True, sub_core_grids=None, **kwargs):
    """ttnn.std(...): the square root of ttnn.var (sqrt_tile on the variance tile)."""
    return _std_var("std", input_tensor, dim, keepdim, memory_config, compute_kernel_config, scalar, correction,
                    sub_core_grids, kwargs)
