"""ttnn.bcast, as tt-metal 622c6fb9 runs it (ttnn/cpp/ttnn/operations/data_movement/bcast/).

ttnn.bcast(a, b, math_op, dim): a op b with b broadcast over a's rows (dim H: b is one tile row), columns (W: one
tile column) or both (HW: one tile per batch), math_op ADD / SUB / MUL on the FPU.

- bcast.cpp: the shape checks on the padded shapes (b's broadcast dim one tile, or 1 for a ROW_MAJOR b), then both
  inputs tilized with zero padding (tilize_with_val_padding: a TILE input as it is), the output memory config
  memory_config or a's;
- bcast_device_operation.cpp: validate_on_program_cache_miss (TILE layouts, a floating-point a, the preallocated
  output's dtype and logical shape, the memory layouts per dim, b's batch 1 or a's, the padded dims) and
  select_program_factory (dim H / W / HW: BcastMultiCore{H,W,HW}ProgramFactory for interleaved tensors); the output
  has a's logical and padded shape and dtype, TILE layout;
- bcast_multi_core_{h,w,hw}_program_factory.cpp: CBs c_0 / c_1 (2 tiles, a's / b's format) and c_16 (2 tiles, the
  output's), the kernels on every core of the compute grid (tensix.ttnn.kernels.bcast, and for HW the unary writer
  writer_unary_interleaved_start_id), the default compute config (HiFi4, 16-bit Dst). Work split: H splits a's tile
  rows (Ht), W its tile columns (Wt), both column-major over the grid; HW splits all tiles with split_work_to_cores'
  row-wise groups while giving out start ids in column-major core order, as the C++ does. Cores without work run the
  kernels with zero arguments (as the C++ sets them).
- bcast_types.cpp get_defines: BCAST_OP (add/sub/mul_tiles_bcast), BCAST_LLKOP (ELWADD/ELWSUB/ELWMUL), BCAST_DIM
  (H -> ROW, W -> COL, HW -> SCALAR); HW with a b of one batch adds BCAST_SCALAR.

Not modelled (NotModelledError): sharded inputs or outputs (BcastShardedH*ProgramFactory, and HW's height-sharded
path), inputs of rank > 4 (the factories take N and C from dims -4 and -3 only, so tiles of the other outer dims
would never be written), a b of a non-floating-point dtype (b's dtype is not checked by the C++; its integer tiles
would meet the float FPU op).
"""

from __future__ import annotations

import time

from tensix.errors import NotModelledError
from tensix.kernel.compute import BroadcastType, EltwiseBinaryType, add_tiles_bcast, mul_tiles_bcast, sub_tiles_bcast
from tensix.metalium import host as mh
from tensix.metalium.types import ComputeConfig, CoreCoord, ReaderDataMovementConfig, WriterDataMovementConfig
from tensix.ttnn import op as O
from tensix.ttnn.errors import DTypeError, LayoutError, ShapeError, TTNNError
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import DataType, Layout, TensorMemoryLayout, _CppEnum

__all__ = ["bcast", "BcastOpDim", "BcastOpMath"]

_WHAT = "ttnn.bcast"
_TILE = 32
_FLOAT = (DataType.BFLOAT16, DataType.FLOAT32, DataType.BFLOAT8_B, DataType.BFLOAT4_B)    # is_floating_point


class BcastOpMath(_CppEnum):
    """ttnn.BcastOpMath (bcast_types.hpp): the op applied between a and the broadcast b."""
    ADD = 0
    SUB = 1
    MUL = 2


class BcastOpDim(_CppEnum):
    """ttnn.BcastOpDim (bcast_types.hpp): the dims b is broadcast over (H: b is one row, W: one column, HW: one
    datum per batch)."""
    H = 0
    W = 1
    HW = 2


def get_defines(dim: BcastOpDim, math: BcastOpMath) -> dict:
    """bcast_op_utils::get_defines (bcast_types.cpp): the compute kernel's BCAST_OP, BCAST_LLKOP and BCAST_DIM."""
    return {"BCAST_OP": (add_tiles_bcast, sub_tiles_bcast, mul_tiles_bcast)[math.value],
            "BCAST_LLKOP": (EltwiseBinaryType.ELWADD, EltwiseBinaryType.ELWSUB, EltwiseBinaryType.ELWMUL)[math.value],
            "BCAST_DIM": (BroadcastType.ROW, BroadcastType.COL, BroadcastType.SCALAR)[dim.value]}


# ---- checks ---------------------------------------------------------------------------------------------------
def _fatal(msg: str, fix: str, cls=ShapeError):
    raise cls(f"{_WHAT}: {msg}\nFix: {fix}")


def _check_host_side(a: Tensor, b: Tensor, dim: BcastOpDim) -> None:
    """bcast.cpp's checks on the padded shapes, before the inputs are tilized."""
    pa, pb = tuple(a.padded_shape), tuple(b.padded_shape)
    for name, p in (("input_a", pa), ("input_b", pb)):
        if len(p) < 2:
            _fatal(f"{name} has rank {len(p)}; ttnn.bcast indexes dims -2 and -1 of both inputs.",
                   f"give {name} at least two dims (ttnn.reshape(t, [1, W]) or ttnn.unsqueeze).")
    row_major_b = b.layout == Layout.ROW_MAJOR
    if dim == BcastOpDim.W:
        if pa[-2] != pb[-2]:
            _fatal(f"Input tensor A height ({pa[-2]}) must equal input tensor B height ({pb[-2]}) for width broadcast",
                   "b must have a's height (dim -2) for BcastOpDim.W.")
        if not row_major_b and pb[-1] != _TILE:
            _fatal(f"Input tensor B width ({pb[-1]}) must equal TILE_WIDTH ({_TILE}) for tile layout",
                   "b must be one tile wide (logical width 1..32, e.g. [..., H, 1]) for BcastOpDim.W.")
        if row_major_b and pb[-1] not in (1, _TILE):
            _fatal(f"Input tensor B width ({pb[-1]}) must be 1 or TILE_WIDTH ({_TILE}) for row major layout",
                   "b must have width 1 (or 32) for BcastOpDim.W.")
    elif dim == BcastOpDim.H:
        if pa[-1] != pb[-1]:
            _fatal(f"Input tensor A width ({pa[-1]}) must equal input tensor B width ({pb[-1]}) for height broadcast",
                   "b must have a's width (dim -1) for BcastOpDim.H.")
        if not row_major_b and pb[-2] != _TILE:
            _fatal(f"Input tensor B height ({pb[-2]}) must equal TILE_HEIGHT ({_TILE}) for tile layout",
                   "b must be one tile high (logical height 1..32, e.g. [..., 1, W]) for BcastOpDim.H.")
        if row_major_b and pb[-2] not in (1, _TILE):
            _fatal(f"Input tensor B height ({pb[-2]}) must be 1 or TILE_HEIGHT ({_TILE}) for row major layout",
                   "b must have height 1 (or 32) for BcastOpDim.H.")
    else:
        ok = (pb[-2] == 1 and pb[-1] == 1) if row_major_b else False
        if not (ok or (pb[-2] == _TILE and pb[-1] == _TILE)):
            # the C++ message is just "Error"
            _fatal(f"Error (BcastOpDim.HW needs b's last two dims to be one tile, padded [32, 32], or [1, 1] row "
                   f"major; b's padded shape is {list(pb)})", "b must be [..., 1, 1] for BcastOpDim.HW.")


def _check_device_op(a: Tensor, b: Tensor, dim: BcastOpDim, out: Tensor | None, out_mc) -> None:
    """BcastDeviceOperation::validate_on_program_cache_miss, on the tilized inputs."""
    for name, t in (("A", a), ("B", b)):
        if t.layout != Layout.TILE:
            _fatal(f"Input tensor {name} layout must be TILE but got {t.layout!r}",
                   "ttnn.to_layout(t, ttnn.TILE_LAYOUT).", LayoutError)
    if a.dtype not in _FLOAT:
        _fatal(f"Unsupported data format (input_a is {a.dtype!r}; bcast takes floating-point inputs)",
               "ttnn.typecast input_a to bfloat16.", DTypeError)
    if out is not None:
        if out.dtype not in _FLOAT:
            _fatal(f"Unsupported data format (output_tensor is {out.dtype!r})",
                   "preallocate a bfloat16 / float32 / bfloat8_b output.", DTypeError)
        if tuple(out.shape) != tuple(a.shape):
            _fatal(f"The input tensors need a shape of {a.shape!r}, however the output tensor is only "
                   f"{out.padded_shape!r}", "preallocate the output with input_a's shape.")
    a_layout = a.memory_config().memory_layout
    o_layout = out_mc.memory_layout
    inter = TensorMemoryLayout.INTERLEAVED
    if dim == BcastOpDim.W:
        if not (a_layout == inter and o_layout == inter):
            _fatal("Bcast does not currently support input0 sharding, except if dim is W",
                   "use interleaved input_a and output for BcastOpDim.W.", TTNNError)
    elif dim == BcastOpDim.H:
        if a_layout == inter:
            if o_layout != inter:
                _fatal("Bcast does not currently support input0 sharding, except if dim is HW",
                       "use an interleaved output with an interleaved input_a.", TTNNError)
        elif not (a.memory_config().is_sharded() and out_mc.is_sharded()):
            _fatal("Input and output mem layouts must be the same for bcast H op!",
                   "give the output a sharded memory config too.", TTNNError)
    else:
        if a_layout not in (inter, TensorMemoryLayout.HEIGHT_SHARDED):
            _fatal("HW bcast in0 supports Height Sharding or Interleaving",
                   "use an interleaved or height-sharded input_a.", TTNNError)
        if a_layout != o_layout:
            _fatal("Input and output mem layouts must be the same for bcast HW op!",
                   "give the output input_a's memory layout.", TTNNError)
    pa, pb = tuple(a.padded_shape), tuple(b.padded_shape)
    if not (a.is_sharded() and dim == BcastOpDim.H):
        batch_b = 1
        for d in pb[:-2]:
            batch_b *= d
        if batch_b != 1:
            if len(pa) != len(pb):
                _fatal("Broadcast with batch is currently only supported when input tensor ranks are the same",
                       "give b rank of a (or a batch of 1).")
            if pa[:-2] != pb[:-2]:
                _fatal("Broadcast with batch is currently only supported when bN*bC=1 or N & C match or equivalent",
                       f"b's outer dims {list(pb[:-2])} must be all 1 or equal a's {list(pa[:-2])}.")
    ha, wa, hb, wb = pa[-2], pa[-1], pb[-2], pb[-1]
    if dim == BcastOpDim.W and not (ha == hb and wb == _TILE):
        _fatal(f"For width broadcast: height_a ({ha}) must equal height_b ({hb}) and width_b ({wb}) must equal "
               f"TILE_WIDTH ({_TILE})", "b must be [..., H, 1] with a's H.")
    if dim == BcastOpDim.H and not (wa == wb and hb == _TILE):
        _fatal(f"For height broadcast: width_a ({wa}) must equal width_b ({wb}) and height_b ({hb}) must equal "
               f"TILE_HEIGHT ({_TILE})", "b must be [..., 1, W] with a's W.")
    if dim == BcastOpDim.HW and not (wb == _TILE and hb == _TILE):
        _fatal(f"For HW broadcast: width_b ({wb}) must equal TILE_WIDTH ({_TILE}) and height_b ({hb}) must equal "
               f"TILE_HEIGHT ({_TILE})", "b must be [..., 1, 1].")


# ---- program factories ----------------------------------------------------------------------------------------
def _dims(t: Tensor):
    p = tuple(t.padded_shape)
    n = p[-4] if len(p) >= 4 else 1
    c = p[-3] if len(p) >= 3 else 1
    return n, c, p[-2], p[-1]


def _common(prog, grid_cores, a, b, out):
    """The three CBs of every bcast factory (2 tiles each, on the whole grid)."""
    O.cb(prog, grid_cores, 0, 2, a.dtype)
    O.cb(prog, grid_cores, 1, 2, b.dtype)
    O.cb(prog, grid_cores, 16, 2, out.dtype)


def _all_cores(grid):
    """grid_to_cores(num_cores_total, x, y, row_major=false): the grid column by column."""
    return [CoreCoord(i // grid.y, i % grid.y) for i in range(grid.x * grid.y)]


def _per_core(grid, units, row_wise):
    """split_work_to_cores' units per core, keyed by (x, y); cores outside both groups absent."""
    _n, _all, g1, g2, n1, n2 = mh.split_work_to_cores(grid, units, row_wise)
    per = {(c.x, c.y): n2 for c in g2}
    per.update({(c.x, c.y): n1 for c in g1})
    return per


def _factory_h_or_w(dim, math, a, b, out, grid):
    """BcastMultiCoreHProgramFactory / BcastMultiCoreWProgramFactory (they differ in the split dim, the reader and
    the compute kernel)."""
    N, C, H, W = _dims(a)
    bN, bC, bH, bW = _dims(b)
    NC, Ht, Wt = N * C, H // _TILE, W // _TILE
    bnc1 = int(bN * bC == 1)
    num_btensor_tiles = NC * bH * bW // (_TILE * _TILE)
    is_h = dim == BcastOpDim.H
    per = _per_core(grid, Ht if is_h else Wt, False)
    cores = _all_cores(grid)
    prog = mh.CreateProgram()
    _common(prog, cores, a, b, out)
    if is_h:
        reader, compute, name = "reader_bcast_h_interleaved_input_rows_partitioned", "bcast_h", \
            "BcastMultiCoreHProgramFactory"
    else:
        reader, compute, name = "reader_bcast_w_interleaved_input_cols_partitioned", "bcast_w", \
            "BcastMultiCoreWProgramFactory"
    rk = mh.CreateKernel(prog, O.kernel_path(f"bcast/{reader}.py"), cores,
                         ReaderDataMovementConfig(compile_args=O.accessor_args(a, b)))
    wk = mh.CreateKernel(prog, O.kernel_path("bcast/writer_unary_interleaved_input_cols_batched.py"), cores,
                         WriterDataMovementConfig(compile_args=O.accessor_args(out)))
    ck = mh.CreateKernel(prog, O.kernel_path(f"bcast/{compute}.py"), cores,
                         ComputeConfig(defines=get_defines(dim, math)))
    # per core: (reader args without the addresses, compute args, writer args without the address)
    plan = []
    read = 0
    for core in cores:
        k = per.get((core.x, core.y))
        if k is None:
            plan.append((core, None, [0] * 3, None))
            continue
        if is_h:
            n_tiles = NC * k * Wt
            rargs = [n_tiles, num_btensor_tiles, n_tiles, NC, k, Wt, bnc1, read, Ht * Wt]
            cargs = [NC, k, Wt]
            wargs = [k, Wt, read, 0, NC, Ht * Wt]
            read += k * Wt
        else:
            n_tiles = NC * Ht * k
            skip = Wt - k
            rargs = [n_tiles, num_btensor_tiles, n_tiles, NC, Ht, k, bnc1, read, Ht * Wt, skip]
            cargs = [NC, Ht, k]
            wargs = [Ht, k, read, skip, NC, Ht * Wt]
            read += k
        plan.append((core, rargs, cargs, wargs))
    for core, _r, cargs, _w in plan:
        mh.SetRuntimeArgs(prog, ck, core, cargs)
    n_reader = 15 if is_h else 16

    def set_args(tensors):
        ta, tb, to = tensors
        a_addr, b_addr, o_addr = ta.buffer_address(), tb.buffer_address(), to.buffer_address()
        for core, rargs, _c, wargs in plan:
            if rargs is None:
                mh.SetRuntimeArgs(prog, rk, core, [0] * n_reader)
                mh.SetRuntimeArgs(prog, wk, core, [0] * 9)
                continue
            n_tiles, nbt = rargs[0], rargs[1]
            mh.SetRuntimeArgs(prog, rk, core, [a_addr, 0, 0, n_tiles, b_addr, 0, 0, nbt] + rargs[2:])
            mh.SetRuntimeArgs(prog, wk, core, [o_addr, 0, 0] + wargs)

    return O.ProgramEntry(prog, set_args, len(per), name, {"reader": reader, "compute": compute})


def _factory_hw(math, a, b, out, grid):
    """BcastMultiCoreHWProgramFactory (interleaved): every tile of a split over the grid (split_work_to_cores
    row-wise), its start ids handed out walking the cores column by column."""
    N, C, H, W = _dims(a)
    bN, bC, _bH, _bW = _dims(b)
    NC, Ht, Wt = N * C, H // _TILE, W // _TILE
    HtWt = Ht * Wt
    bnc1 = bN * bC == 1
    per = _per_core(grid, NC * HtWt, True)
    cores = _all_cores(grid)      # {i / num_cores_y, i % num_cores_y}
    prog = mh.CreateProgram()
    _common(prog, cores, a, b, out)
    defines = get_defines(BcastOpDim.HW, math)
    reader_defines = {}
    if bnc1:
        reader_defines["BCAST_SCALAR"] = 1
        defines["BCAST_SCALAR"] = 1
    reader = "reader_bcast_hw_interleaved_partitioned"
    rk = mh.CreateKernel(prog, O.kernel_path(f"bcast/{reader}.py"), cores,
                         ReaderDataMovementConfig(compile_args=O.accessor_args(a, b), defines=reader_defines))
    wk = mh.CreateKernel(prog, O.kernel_path("data_movement/writer_unary_interleaved_start_id.py"), cores,
                         WriterDataMovementConfig(compile_args=[16] + O.accessor_args(out)))
    ck = mh.CreateKernel(prog, O.kernel_path("bcast/bcast_hw.py"), cores, ComputeConfig(defines=defines))
    plan = []
    read = 0
    for core in cores:
        k = per.get((core.x, core.y))
        if k is None:
            plan.append((core, None))
            mh.SetRuntimeArgs(prog, ck, core, [1, 1, 0])
            continue
        plan.append((core, (k, read)))
        mh.SetRuntimeArgs(prog, ck, core, [1, 1, k])
        read += k

    def set_args(tensors):
        ta, tb, to = tensors
        a_addr, b_addr, o_addr = ta.buffer_address(), tb.buffer_address(), to.buffer_address()
        for core, work in plan:
            if work is None:
                # as the C++: zeros; with BCAST_SCALAR the reader still reads page 0 at address 0 into c_1
                mh.SetRuntimeArgs(prog, rk, core, [0] * 7)
                mh.SetRuntimeArgs(prog, wk, core, [0] * 3)
                continue
            k, start = work
            mh.SetRuntimeArgs(prog, rk, core, [a_addr, b_addr, k, HtWt, start // HtWt * HtWt, start % HtWt,
                                               0 if bnc1 else start // HtWt])
            mh.SetRuntimeArgs(prog, wk, core, [o_addr, k, start])

    return O.ProgramEntry(prog, set_args, len(per), "BcastMultiCoreHWProgramFactory",
                          {"reader": reader, "compute": "bcast_hw", "bcast_scalar": bnc1})


# ---- the op ---------------------------------------------------------------------------------------------------
def _tilized(t: Tensor) -> Tensor:
    """bcast.cpp: a ROW_MAJOR input is tilized first (data_movement.tilize_padded_to_tiles)."""
    from tensix.ttnn.operations.data_movement import tilize_padded_to_tiles
    return tilize_padded_to_tiles(t)


def bcast(input_a, input_b, math_op, dim, *, memory_config=None, output_tensor=None, **kwargs) -> Tensor:
    """ttnn.bcast(input_a, input_b, math_op, dim, *, memory_config=None, output_tensor=None): input_a math_op
    input_b, input_b broadcast over dim (BcastOpDim.H: b is [..., 1, W]; W: [..., H, 1]; HW: [..., 1, 1]); b's outer
    dims all 1 or equal to a's. The result has input_a's shape and dtype (or is output_tensor)."""
    started = time.perf_counter()
    O.refuse_unknown_kwargs(_WHAT, kwargs)
    for name, t in (("input_a", input_a), ("input_b", input_b)):
        if not isinstance(t, Tensor):
            raise TypeError(f"{_WHAT}: {name} is a {type(t).__name__}, not a ttnn.Tensor.\nFix: ttnn.from_torch(..., "
                            "device=device) first.")
    if not isinstance(math_op, BcastOpMath):
        raise TypeError(f"{_WHAT}: math_op is {math_op!r}, not a ttnn.BcastOpMath.\nFix: pass ttnn.BcastOpMath.ADD, "
                        "SUB or MUL.")
    if not isinstance(dim, BcastOpDim):
        raise TypeError(f"{_WHAT}: dim is {dim!r}, not a ttnn.BcastOpDim.\nFix: pass ttnn.BcastOpDim.H, W or HW.")
    if output_tensor is not None and not isinstance(output_tensor, Tensor):
        raise TypeError(f"{_WHAT}: output_tensor is a {type(output_tensor).__name__}, not a ttnn.Tensor.")
    dev = O.device_of(_WHAT, input_a, input_b, output_tensor)
    out_mc = memory_config or input_a.memory_config()
    _check_host_side(input_a, input_b, dim)
    a, b = _tilized(input_a), _tilized(input_b)
    _check_device_op(a, b, dim, output_tensor, output_tensor.memory_config() if output_tensor is not None else out_mc)

    if a.is_sharded() or b.is_sharded() or out_mc.is_sharded() or (
            output_tensor is not None and output_tensor.is_sharded()):
        raise NotModelledError(
            f"{_WHAT} of sharded tensors (BcastShardedHProgramFactory / BcastShardedHOptimisedProgramFactory, the "
            "height-sharded path of BcastMultiCoreHWProgramFactory) is not modelled by tensix.ttnn.\nFix: use "
            "interleaved inputs and output (ttnn.sharded_to_interleaved first).")
    if len(a.padded_shape) > 4 or len(b.padded_shape) > 4:
        raise NotModelledError(
            f"{_WHAT} of rank-{max(len(a.padded_shape), len(b.padded_shape))} inputs: the bcast factories take N and "
            "C from dims -4 and -3 only, so on a card the tiles of the outer dims beyond those are never written "
            "(the output would hold whatever its buffer held); tensix does not reproduce that.\nFix: reshape the "
            "inputs to rank 4 (fold the outer dims into dim -4 for both).")
    if b.dtype not in _FLOAT:
        raise NotModelledError(
            f"{_WHAT} with input_b of {b.dtype!r}: the C++ does not check b's dtype, and its integer tiles would be "
            "unpacked for a floating-point FPU op; tensix does not model that.\nFix: ttnn.typecast input_b to "
            "input_a's dtype.")

    out = output_tensor
    if out is not None and (out.layout != Layout.TILE or tuple(out.padded_shape) != tuple(a.padded_shape)):
        raise NotModelledError(
            f"{_WHAT}: output_tensor is {out.layout!r} with padded shape {out.padded_shape!r}; the C++ checks only its "
            f"logical shape and writes input_a's tiles ({a.padded_shape!r}) into it page by page, which would leave "
            "a different layout or padding scrambled; tensix does not reproduce that.\nFix: preallocate the output "
            "as input_a is (TILE layout, same shape).")
    if out is None:
        out = O.output_tensor(dev, a.shape, a.dtype, Layout.TILE, out_mc)
    grid = O.grid_of(dev)
    key = ("bcast", math_op, dim, O.spec_key(a), O.spec_key(b), O.spec_key(out))
    if dim == BcastOpDim.HW:
        def factory():
            return _factory_hw(math_op, a, b, out, grid)
    else:
        def factory():
            return _factory_h_or_w(dim, math_op, a, b, out, grid)
    O.run(_WHAT, dev, key, factory, [a, b, out], [out], {"math_op": math_op.name, "dim": dim.name}, started)
    return out
