"""ttnn.argmax, as tt-metal 622c6fb9 runs it on Wormhole (ttnn/cpp/ttnn/operations/reduction/argmax/).

The host side (argmax.cpp, ttnn::argmax): the dim checked against the rank; a zero-volume input gives ttnn.full of the
output shape (get_output_shape refuses a zero-sized reduction dim), a rank-0 input ttnn.full(0); then
- a reduction over a non-HW dim (rank >= 3, dim < rank - 2) of a BFLOAT16 / FLOAT32 interleaved tensor runs the NC
  program (ttnn::prim::argmax_nc, argmax_nc_program_factory.cpp) on the tilized input, its TILE uint32 result (the
  reduced dim kept as 1) untilized by ttnn.to_layout and reshaped without the dim unless keepdim; a preallocated
  output_tensor gets it by ttnn::copy;
- a ROW_MAJOR BFLOAT16 / FLOAT32 tensor reduced along H (rank - 2) is tilized first (should_row_major_h_via_tile);
- everything else is ttnn::prim::argmax (argmax_device_operation.cpp): ArgMaxMultiCoreProgramFactory for a ROW_MAJOR
  input reduced along the last dim or over everything (dim=None; argmax_multi_core_program_factory.cpp: the last dim
  split over the grid in blocks of alignment / 2 elements, a reduce core merging the cores' partial (value, index)
  pairs), else ArgMaxSingleCoreProgramFactory (argmax_single_core_program_factory.cpp: one core with
  reader_argmax_tile_layout for TILE along W, reader_argmax_tile_layout_h for TILE along H).
The output is UINT32, ROW_MAJOR, in memory_config (default: the input's).

The dataflow kernels compare raw words as tt-metal's bfloat16_greater / float32_greater / int32_greater do (see
tensix/ttnn/kernels/argmax/argmax_lib.py: for bfloat16, +0 beats -0 and a NaN pattern beats +inf; float32 NaN never
wins); the NC path compares on the SFPU (gt_binary_tile). Ties: the first index wins everywhere.

Not modelled (NotModelledError): sub_core_grids (the multi-core split over a given CoreRangeSet and the NC path's)."""

from __future__ import annotations

import math
import time

from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.types import (NOC, ComputeConfig, CoreCoord, CoreRange, DataMovementConfig,
                                   CoreRangeSet, DataMovementProcessor, MathFidelity, ReaderDataMovementConfig,
                                   UnpackToDestMode,
                                   WriterDataMovementConfig)
from tensix.device import formats
from tensix.ttnn import op as O
from tensix.ttnn.errors import DTypeError, LayoutError, TTNNError
from tensix.ttnn.operations import _dm_common as D
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import DataType, Layout, TensorMemoryLayout, data_format as _fmt

__all__ = ["argmax"]

_KDIR = "argmax/"
_RM_DTYPES = (DataType.BFLOAT16, DataType.FLOAT32, DataType.INT32, DataType.UINT32, DataType.UINT16)
_FLOAT_DTYPES = (DataType.BFLOAT16, DataType.FLOAT32)


def _ops():
    from tensix.ttnn import operations
    return operations


def _core():
    from tensix.ttnn import core
    return core


def _interleaved(mc) -> bool:
    return mc.memory_layout == TensorMemoryLayout.INTERLEAVED


def _norm(dim: int, rank: int) -> int:
    return dim + rank if dim < 0 else dim


def argmax(input_tensor: Tensor, dim=None, keepdim: bool = False, *, sub_core_grids=None, memory_config=None,
           output_tensor=None, **kwargs) -> Tensor:
    """ttnn.argmax(input_tensor, dim=None, keepdim=False, *, sub_core_grids=None, memory_config=None,
    output_tensor=None) -> UINT32 ROW_MAJOR indices (argmax_nanobind.cpp / argmax.cpp)."""
    what = "ttnn.argmax"
    O.refuse_unknown_kwargs(what, kwargs)
    t = input_tensor
    dev = O.device_of(what, t)
    if output_tensor is not None:
        O.device_of(what, output_tensor)
    mc = memory_config or t.memory_config()
    shape = tuple(int(d) for d in t.shape)
    rank = len(shape)
    keepdim = bool(keepdim)
    if dim is not None:
        dim = int(dim)
        if rank > 0 and not -rank <= dim < rank:
            raise TTNNError(f"{what}: Dimension out of range (expected to be in range of [{-rank}, {rank - 1}], but "
                            f"got {dim})")
        if rank == 0 and dim not in (0, -1):
            raise TTNNError(f"{what}: Dimension out of range for scalar tensor (expected 0 or -1, but got {dim})")
    if sub_core_grids is not None:
        raise NotModelledError(f"{what}: sub_core_grids (the multi-core and NC programs' split over a given "
                               "CoreRangeSet) is not modelled.\nFix: omit sub_core_grids (the whole grid is used).")
    if math.prod(shape) == 0:
        return _zero_volume(what, t, dim, keepdim, mc, output_tensor, dev)
    if rank == 0:
        if output_tensor is None:
            return _core().full(list(shape), 0, dtype=DataType.UINT32, layout=t.layout, device=dev, memory_config=mc)
        if tuple(output_tensor.shape) != shape:
            raise TTNNError(f"{what}: Preallocated output tensor has incorrect shape! Got : {list(output_tensor.shape)}"
                            f", expected: {list(shape)}")
        if output_tensor.dtype != DataType.UINT32:
            raise DTypeError(f"{what}: Preallocated output tensor must be UINT32 for rank 0 input tensor")
        return _core().full(list(shape), 0, optional_tensor=output_tensor)
    if _use_nc_path(t, dim, mc):
        return _run_nc(what, t, _norm(dim, rank), keepdim, mc, output_tensor)
    if (dim is not None and t.layout == Layout.ROW_MAJOR and rank >= 2 and _norm(dim, rank) == rank - 2
            and t.dtype in _FLOAT_DTYPES and not t.is_sharded() and _interleaved(mc)):
        t = _core().to_layout(t, Layout.TILE)
    return _prim_argmax(what, t, dim, keepdim, mc, output_tensor)


def _use_nc_path(t: Tensor, dim, mc) -> bool:
    """argmax.cpp should_use_nc_path."""
    rank = len(t.shape)
    return (dim is not None and rank >= 3 and 0 <= _norm(dim, rank) < rank - 2 and t.dtype in _FLOAT_DTYPES
            and not t.is_sharded() and _interleaved(mc))


def output_shape(what, shape, dim, keepdim) -> list[int]:
    """argmax_device_operation.cpp get_output_shape."""
    rank = len(shape)
    red = _norm(dim if dim is not None else 0, rank)
    out = []
    for d in range(rank):
        if dim is None or d == red:
            if shape[d] == 0:
                raise TTNNError(f"{what}: Expected reduction dim {d} to have non-zero size")
            if keepdim:
                out.append(1)
        else:
            out.append(shape[d])
    return out


def _zero_volume(what, t, dim, keepdim, mc, output_tensor, dev):
    """argmax.cpp zero_volume_argmax: ttnn.full of the output shape, or the preallocated output (no elements)."""
    shape = output_shape(what, tuple(int(d) for d in t.shape), dim, keepdim)
    if output_tensor is None:
        return _core().full(shape, 0, dtype=DataType.UINT32, layout=t.layout, device=dev, memory_config=mc)
    if list(output_tensor.shape) != shape:
        raise TTNNError(f"{what}: Preallocated output tensor has incorrect shape! Got : {list(output_tensor.shape)}, "
                        f"expected: {shape}")
    return output_tensor


# ------------------------------------------------------------------------------------- ttnn::prim::argmax
def _validate(what, a: Tensor, dim, mc, output_tensor):
    """ArgMaxDeviceOperation::validate_on_program_cache_miss."""
    if not not a.is_sharded():
        raise TTNNError(f"{what}: Only INTERLEAVED memory layout is supported for inputs, got "
                        f"{a.memory_config().memory_layout!r}")
    rank = len(a.shape)
    if a.layout == Layout.ROW_MAJOR:
        if a.dtype not in _RM_DTYPES:
            raise DTypeError(f"{what}: Only BFLOAT16, FLOAT32, INT32, UINT32, and UINT16 are supported for inputs with "
                             f"ROW_MAJOR layout, got {a.dtype!r}")
    else:
        if a.dtype not in _FLOAT_DTYPES:
            raise DTypeError(f"{what}: Only BFLOAT16, FLOAT32 are supported for inputs with TILE layout, got "
                             f"{a.dtype!r}")
        ps = tuple(a.padded_shape)
        if len(ps) < 2:
            raise LayoutError(f"{what}: Invalid rank {len(ps)} for input tensor with TILE layout")
    if not _interleaved(mc):
        raise TTNNError(f"{what}: Only INTERLEAVED memory layout is supported for outputs, got {mc.memory_layout!r}")
    if output_tensor is not None:
        o = output_tensor
        if o.dtype != DataType.UINT32:
            raise DTypeError(f"{what}: Only UINT32 is supported for outputs, got {o.dtype!r}")
        if not not o.is_sharded():
            raise TTNNError(f"{what}: Only INTERLEAVED memory layout is supported for outputs, got "
                            f"{o.memory_config().memory_layout!r}")
        if o.layout != Layout.ROW_MAJOR:
            raise LayoutError(f"{what}: Output tensor must have ROW_MAJOR layout, got {o.layout!r}")
    if dim is not None:
        nd = _norm(dim, rank)
        if a.layout == Layout.TILE:
            if not (nd == rank - 1 or (rank >= 2 and nd == rank - 2)):
                raise TTNNError(f"{what}: TILE: argmax dim must be H (rank-2) or W (last). Got dim={dim} "
                                f"(normalized={nd}) for rank {rank}.")
        elif nd != rank - 1:
            raise TTNNError(f"{what}: ROW_MAJOR: only argmax on the last dim is supported. Got dim={dim} "
                            f"(normalized={nd}), expected {rank - 1}")
    elif a.layout == Layout.TILE:
        raise TTNNError(f"{what}: For inputs with TILE layout, dim parameter must be specified!")


def _prim_argmax(what, a: Tensor, dim, keepdim, mc, output_tensor) -> Tensor:
    started = time.perf_counter()
    dev = O.device_of(what, a)
    _validate(what, a, dim, mc, output_tensor)
    shape = tuple(int(d) for d in a.shape)
    rank = len(shape)
    want = output_shape(what, shape, dim, keepdim)
    if output_tensor is not None:
        out = output_tensor
    else:
        out = O.output_tensor(dev, want, DataType.UINT32, Layout.ROW_MAJOR, mc)
    multicore = a.layout == Layout.ROW_MAJOR and (dim is None or _norm(dim, rank) == rank - 1)
    key = ("argmax", dim if dim is None else _norm(dim, rank), keepdim, O.spec_key(a), O.spec_key(out))
    if multicore:
        factory = lambda: _multi_core_factory(dev, a, out, dim is None, keepdim)     # noqa: E731
    else:
        factory = lambda: _single_core_factory(dev, a, out, dim, keepdim)            # noqa: E731
    O.run(what, dev, key, factory, [a, out], [out], {"dim": dim, "keepdim": keepdim}, started)
    return out


def _mul32(n: int) -> int:
    return -(-n // 32) * 32


def _multi_core_factory(dev, a: Tensor, out: Tensor, reduce_all: bool, keepdim: bool) -> O.ProgramEntry:
    """ArgMaxMultiCoreProgramFactory::create_descriptor (distribute_work_to_cores without sub_core_grids)."""
    ps = tuple(int(d) for d in a.padded_shape)
    rank = len(ps)
    unit = a.element_size()
    red = ps[-1]
    out_last = 1 if (reduce_all or keepdim or rank < 2) else ps[-2]
    src_is_dram = a.memory_config().buffer_type.name == "DRAM"
    min_units = (32 if src_is_dram else 16) // 2        # alignment / sizeof(bfloat16), whatever the dtype
    grid = O.grid_of(dev)
    ws = D.split_work_to_cores(grid, -(-red // min_units))
    cores0, cores1 = ws.group_1, ws.group_2
    units0, units1 = ws.per_core_1 * min_units, ws.per_core_2 * min_units
    list0 = D.corerange_to_cores(cores0, None, row_wise=True)
    list1 = D.corerange_to_cores(cores1, None, row_wise=True) if cores1.ranges else []
    n0, n1 = len(list0), len(list1)
    n = n0 + n1
    all_ranges = ws.all_ranges
    ifmt = _fmt(a.dtype)
    dst_page = _mul32(out_last * 4)
    red_idx_page = _mul32(out_last * 4) * n
    red_val_page = _mul32(out_last * unit) * n
    inner = out_last
    outer = math.prod(int(d) for d in a.shape) // inner // red
    sim = dev.sim
    reduce_core = sim.worker_core_from_logical_core(D.corerange_to_cores(CoreRangeSet(all_ranges), n, True)[0])
    g0 = all_ranges[0]
    g1 = all_ranges[1] if len(all_ranges) > 1 else CoreRange(CoreCoord(0, 0), CoreCoord(0, 0))
    s0, e0 = sim.worker_core_from_logical_core(g0.start), sim.worker_core_from_logical_core(g0.end)
    s1, e1 = sim.worker_core_from_logical_core(g1.start), sim.worker_core_from_logical_core(g1.end)
    nr0 = g0.size()
    nr1 = g1.size() if len(all_ranges) > 1 else 0
    read0, read1 = units0 * unit, units1 * unit
    ideal = n0 * units0 + n1 * units1
    if n1 > 0:
        last0, last1 = units0, units1 if ideal == red else units1 - (ideal - red)
    else:
        last0, last1 = (units0 if ideal == red else units0 - (ideal - red)), 0

    def factory_program():
        prog = mh.CreateProgram()
        O.cb(prog, list0, 0, 1, ifmt, page_size=_mul32(units0 * unit))
        if n1:
            O.cb(prog, list1, 0, 1, ifmt, page_size=_mul32(units1 * unit))
        every = list0 + list1
        O.cb(prog, every, 1, 1, DataType.UINT32, page_size=dst_page)
        O.cb(prog, every, 2, 1, DataType.UINT32, page_size=red_idx_page)
        O.cb(prog, every, 3, 1, ifmt, page_size=red_val_page)
        start_sem = mh.CreateSemaphore(prog, every, 0)
        done_sem = mh.CreateSemaphore(prog, every, 0)
        args = [0, 1, 2, 3, _mul32(red * unit), dst_page, red_idx_page // n, red_val_page // n, outer, inner, red,
                int(reduce_all), n, 0, reduce_core.x, reduce_core.y,
                e0.x, e0.y, s0.x, s0.y, e1.x, e1.y, s1.x, s1.y,    # NoC 1 multicast: the end corner first
                nr0, nr1, start_sem, done_sem] + O.accessor_args(a, out)
        cfg = dict(processor=DataMovementProcessor.RISCV_1, noc=NOC.RISCV_1_default, compile_args=args)
        k0 = mh.CreateKernel(prog, O.kernel_path(_KDIR + "reader_argmax_interleaved_multicore.py"), list0,
                             DataMovementConfig(**cfg))
        k1 = (mh.CreateKernel(prog, O.kernel_path(_KDIR + "reader_argmax_interleaved_multicore.py"), list1,
                              DataMovementConfig(**cfg)) if n1 else None)

        def set_args(tensors):
            ta, to = tensors[0], tensors[-1]
            src, dst = ta.buffer_address(), to.buffer_address()
            for i, cc in enumerate(list0):
                last = i == n0 - 1
                mh.SetRuntimeArgs(prog, k0, cc, [src, dst, i, i * read0, i * units0, (last0 if last else units0) * unit,
                                                 last0 if last else units0])
            for i, cc in enumerate(list1):
                last = i == n1 - 1
                mh.SetRuntimeArgs(prog, k1, cc, [src, dst, n0 + i, read0 * n0 + i * read1, units0 * n0 + i * units1,
                                                 (last1 if last else units1) * unit, last1 if last else units1])

        return O.ProgramEntry(prog, set_args, n, "ArgMaxMultiCoreProgramFactory")

    return factory_program()


def _single_core_factory(dev, a: Tensor, out: Tensor, dim, keepdim: bool) -> O.ProgramEntry:
    """ArgMaxSingleCoreProgramFactory::create_descriptor for a TILE input (the ROW_MAJOR single-core reader is reached
    only by layouts the device op's validation refuses: every ROW_MAJOR case goes multi-core)."""
    ps = tuple(int(d) for d in a.padded_shape)
    shape = tuple(int(d) for d in a.shape)
    rank = len(shape)
    if a.layout != Layout.TILE:
        raise NotModelledError("ttnn.argmax: ArgMaxSingleCoreProgramFactory's ROW_MAJOR reader "
                               "(reader_argmax_interleaved.cpp) is not modelled.")
    dim_is_h = rank >= 2 and _norm(dim, rank) == rank - 2
    th, tw = 32, 32
    w_l = shape[-1]
    h_l = shape[-2] if rank > 1 else 1
    outer = math.prod(shape) // (h_l * w_l)
    ifmt = _fmt(a.dtype)
    src_page = formats.tile_size(ifmt)
    dst_page = out.page_size
    cta = [0, 1, src_page, dst_page, th, tw, ps[-2] // th, ps[-1] // tw, h_l, w_l, outer]
    if not dim_is_h:
        cta += [0, int(keepdim)]
    cta += O.accessor_args(a, out)
    kernel = "reader_argmax_tile_layout_h.py" if dim_is_h else "reader_argmax_tile_layout.py"
    core = CoreCoord(0, 0)

    prog = mh.CreateProgram()
    O.cb(prog, [core], 0, 1, ifmt, page_size=src_page)
    O.cb(prog, [core], 1, 1, DataType.UINT32, page_size=dst_page)
    rk = mh.CreateKernel(prog, O.kernel_path(_KDIR + kernel), [core], ReaderDataMovementConfig(compile_args=cta))

    def set_args(tensors):
        mh.SetRuntimeArgs(prog, rk, core, [tensors[0].buffer_address(), tensors[-1].buffer_address()])

    return O.ProgramEntry(prog, set_args, 1, "ArgMaxSingleCoreProgramFactory")


# ------------------------------------------------------------------------------------- the NC path
def _run_nc(what, t: Tensor, nd: int, keepdim: bool, mc, output_tensor) -> Tensor:
    """argmax.cpp run_argmax_nc, then ttnn::copy into a preallocated output."""
    ops = _ops()
    tiled = t if t.layout == Layout.TILE else _core().to_layout(t, Layout.TILE)
    tile_out = _prim_argmax_nc(what, tiled, nd, mc)
    rm = _core().to_layout(tile_out, Layout.ROW_MAJOR)
    if not keepdim:
        rm = ops.reshape(rm, [d for i, d in enumerate(rm.shape) if i != nd])
    if output_tensor is None:
        return rm
    from tensix.ttnn.operations.dm_memory import _copy
    return _copy(f"{what} (ttnn::copy into output_tensor)", rm, output_tensor.memory_config(), output_tensor.dtype,
                 output_tensor=output_tensor)


def _prim_argmax_nc(what, a: Tensor, nd: int, mc) -> Tensor:
    """ttnn::prim::argmax_nc (argmax_nc_device_operation.cpp, ArgMaxNCProgramFactory)."""
    started = time.perf_counter()
    dev = O.device_of(what, a)
    shape = [int(d) for d in a.shape]
    shape[nd] = 1
    out = O.output_tensor(dev, shape, DataType.UINT32, Layout.TILE, mc)
    ps = tuple(int(d) for d in a.padded_shape)
    rank = len(ps)
    wt, ht = ps[-1] // 32, ps[-2] // 32
    inner = math.prod(ps[nd + 1:rank - 2]) * ht * wt
    num_reduce = ps[nd]
    reduce_size = num_reduce * inner
    num_out = math.prod(int(d) for d in out.padded_shape) // 1024
    ifmt = _fmt(a.dtype)
    key = ("argmax_nc", nd, O.spec_key(a), O.spec_key(out))
    grid = O.grid_of(dev)

    def factory():
        ws = D.split_work_to_cores(grid, num_out, row_wise=True)
        ordered = [CoreCoord(i % grid.x, i // grid.x) for i in range(ws.num_cores)]
        prog = mh.CreateProgram()
        O.cb(prog, ordered, 0, 2, ifmt)
        O.cb(prog, ordered, 16, 2, DataType.UINT32)
        rk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "reader_argmax_nc.py"), ordered,
                             ReaderDataMovementConfig(compile_args=O.accessor_args(a)))
        wk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "writer_argmax_nc.py"), ordered,
                             WriterDataMovementConfig(compile_args=O.accessor_args(out)))
        utd = {0: UnpackToDestMode.UnpackToDestFp32} if a.dtype == DataType.FLOAT32 else None
        for group, per in ((ws.group_1, ws.per_core_1), (ws.group_2, ws.per_core_2)):
            cores = [c for c in ordered if group.contains(c)]
            if cores:
                mh.CreateKernel(prog, O.kernel_path(_KDIR + "argmax_nc_compute.py"), cores, ComputeConfig(
                    math_fidelity=MathFidelity.HiFi4, fp32_dest_acc_en=True, unpack_to_dest_mode=utd,
                    compile_args=[per, num_reduce], defines={"FP32_DEST_ACC_EN": 1}))
        work = [(c, ws.units_of(c)) for c in ordered]

        def set_args(tensors):
            ta, to = tensors
            off = 0
            for c, per in work:
                mh.SetRuntimeArgs(prog, rk, c, [ta.buffer_address(), per, off, num_reduce, reduce_size, inner,
                                                int(nd == 0)])
                mh.SetRuntimeArgs(prog, wk, c, [to.buffer_address(), per, off])
                off += per

        return O.ProgramEntry(prog, set_args, ws.num_cores, "ArgMaxNCProgramFactory")

    O.run(f"{what} (ttnn::prim::argmax_nc)", dev, key, factory, [a, out], [out], {"dim": nd}, started)
    return out
