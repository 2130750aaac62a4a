"""ttnn.prod, as tt-metal 622c6fb9 runs it (ttnn/cpp/ttnn/operations/reduction/prod/).

prod.cpp prod_impl: a TILE input first gets its tile padding filled with 1.0 (fill_implicit_tile_padding); then
- no dim (or a rank-1 input): compute_prod_all, the ProdAllProgramFactory on one core (the input tilized with 1.0
  padding first if it is ROW_MAJOR): reader_unary_interleaved_start_id, prod_all.cpp (the input tiles multiplied
  element by element into one tile, HiFi4, 16-bit Dst) and writer_unary_interleaved_start_id into a [1, 1, 1, 1024]
  tile; then on the host prod_result_computation_WH_B0 (functions.hpp) multiplies that tile's 1024 values in their
  storage order (faces 0-3, each row by row) as bfloat16 (each product of the float values rounded to bfloat16, to
  nearest even) and returns a rank-0 tensor (TILE, on the device); keepdim reshapes it to rank ones;
- a dim of a rank <= 4 input: the input seen as 4D (unsqueeze_to_4D), H or W moved to the front by ttnn.permute
  ({2, 0, 1, 3} / {3, 0, 1, 2}), compute_prod_nc (ProdNcProgramFactory: reader_prod_nc, prod_nc.cpp,
  writer_unary_interleaved_start_id, output tiles split over the grid column-major, into a ttnn.zeros output of the
  reduced shape), then for H / W the result permuted back ({1, 2, 0, 3}, and {0, 1, 3, 2} for W) around a
  ttnn.slice to the logical extent, squeezed to the input's rank (squeeze_from_4D) and, without keepdim, the dim
  squeezed (ttnn.squeeze);
- a dim of a rank > 4 input: the dim permuted to the third-last place, squeezed to 4D, prod_nc over dim 1,
  reshaped and permuted back.

Only bfloat16 (prod_nc and prod_all refuse other dtypes, as the C++ TT_FATALs). Not modelled (NotModelledError): the
product of all elements of an input of more than one tile (prod_all.cpp's compute kernel reads the running product
from c_2 without waiting for the packer's push: a race between its UNPACK and PACK threads), sharded inputs. A rank-0 input is returned as ttnn.clone of it, a
zero-volume one as ttnn.full(1.0) of the reduced shape (zero_volume_reduce).
"""

from __future__ import annotations

import time

import numpy as np

from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.types import ComputeConfig, MathFidelity, ReaderDataMovementConfig, WriterDataMovementConfig
from tensix.ttnn import op as O
from tensix.ttnn.errors import DTypeError, TTNNError
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import DataType, Layout

__all__ = ["prod"]

_KDIR = "reduction/"


def _check(what, t: Tensor):
    if not isinstance(t, Tensor):
        raise TTNNError(f"{what}: input_tensor is a {type(t).__name__}, not a ttnn.Tensor.\nFix: ttnn.from_torch(...) "
                        "first.")
    O.device_of(what, t)
    if t.is_sharded():
        raise NotModelledError(f"{what} of a sharded tensor is not modelled; use an interleaved memory config.")
    if t.dtype != DataType.BFLOAT16:
        raise DTypeError(f"{what}: Error - unsupported data type for prod, expected BFLOAT16 but got {t.dtype!r}.\n"
                         "Fix: ttnn.typecast the input to bfloat16.")


def _tiled(t: Tensor) -> Tensor:
    """compute_prod_all / compute_prod_nc: a ROW_MAJOR input tilized with 1.0 padding (in its memory config)."""
    if t.layout == Layout.TILE:
        return t
    from tensix.ttnn.operations.data_movement import tilize_with_val_padding
    padded = tuple(t.padded_shape)[:-2] + tuple(-(-d // 32) * 32 for d in tuple(t.padded_shape)[-2:])
    return tilize_with_val_padding(t, padded, 1.0, memory_config=t.memory_config())


def _bf16_bits(v: np.float32) -> int:
    """bfloat16(float): round to nearest even (tt-metal bfloat16.cpp fp32_to_bf16_bits_round_to_nearest_even), a NaN
    to 0x7FC0."""
    if np.isnan(v):
        return 0x7FC0
    u = int(np.float32(v).view(np.uint32))
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16) & 0xFFFF


def host_tile_product(tile: np.ndarray) -> np.float32:
    """prod_result_computation_WH_B0: the product of a (32, 32) tile's values in storage order (faces 0-3, each row by
    row), each step bfloat16(float(result) * float(value)) from bfloat16 1.0."""
    faces = np.asarray(tile, np.float32).reshape(2, 16, 2, 16).transpose(0, 2, 1, 3).reshape(-1)
    result = np.float32(1.0)
    with np.errstate(over="ignore", under="ignore", invalid="ignore"):
        for v in faces.tolist():
            p = np.float32(np.float64(result) * v)      # the product of two bfloat16 values, rounded once to float
            result = np.uint32(_bf16_bits(p) << 16).view(np.float32)
    return result


def _prod_all(what, t: Tensor, mc) -> Tensor:
    """compute_prod_all: the ProdAll program into a [1, 1, 1, 1024] tile, then its values multiplied on the host into
    a rank-0 bfloat16 tensor on the device (TILE)."""
    started = time.perf_counter()
    a = _tiled(t)
    dev = O.device_of(what, a)
    tile = O.output_tensor(dev, (1, 1, 1, 1024), a.dtype, Layout.TILE, mc)
    num_tiles = a.padded_shape.volume() // 1024
    if num_tiles > 1:
        raise NotModelledError(
            f"{what} of all {num_tiles} tiles of {a.shape!r}: prod_all.cpp multiplies each input tile with the running "
            "product it packed to c_2 without a cb_wait_front on c_2 (the UNPACK thread does not wait for the PACK "
            "thread's cb_push_back), so on a card each tile's product reads c_2 whenever the unpacker gets there, "
            "packed or not: a race tensix does not model (it only reads CB pages a wait made visible).\nFix: reduce "
            "one dim at a time (ttnn.prod(t, dim=d) runs prod_nc, which waits), or an input of one tile.")
    key = ("prod_all", O.spec_key(a), O.spec_key(tile))

    def factory():
        prog = mh.CreateProgram()
        cores = [mh.CoreCoord(0, 0)]
        for cb in (0, 2, 3):
            O.cb(prog, cores, cb, 2, a.dtype)
        rk = mh.CreateKernel(prog, O.kernel_path("eltwise/reader_unary_interleaved_start_id.py"), cores,
                             ReaderDataMovementConfig(compile_args=O.accessor_args(a)))
        wk = mh.CreateKernel(prog, O.kernel_path("eltwise/writer_unary_interleaved_start_id.py"), cores,
                             WriterDataMovementConfig(compile_args=[3] + O.accessor_args(tile)))
        mh.CreateKernel(prog, O.kernel_path(_KDIR + "prod_all.py"), cores, ComputeConfig(
            math_fidelity=MathFidelity.HiFi4, fp32_dest_acc_en=False, dst_full_sync_en=False, math_approx_mode=True,
            compile_args=[num_tiles, 1]))

        def set_args(tensors):
            ta, to = tensors
            mh.SetRuntimeArgs(prog, rk, cores[0], [ta.buffer_address(), num_tiles, 0])
            mh.SetRuntimeArgs(prog, wk, cores[0], [to.buffer_address(), 1, 0])

        return O.ProgramEntry(prog, set_args, 1, "ProdAllProgramFactory")

    O.run(what, dev, key, factory, [a, tile], [tile], {"dtype": a.dtype.name}, started)
    first = np.asarray(tile.host_values(), np.float32).reshape(32, 1024)[:, :32]
    from tensix.ttnn import core
    value = host_tile_product(first)
    host = core.from_numpy(np.array(value, np.float32).reshape(()), dtype=a.dtype, layout=Layout.TILE)
    return core.to_device(host, dev, memory_config=mc)


def _prod_nc(what, t: Tensor, dim: int, mc) -> Tensor:
    """compute_prod_nc: the input (tilized with 1.0 padding if ROW_MAJOR) reduced over dim 0 or 1 (dim 1 for -3,
    else 0) by the ProdNc program into a ttnn.zeros output of the reduced logical shape."""
    started = time.perf_counter()
    a = _tiled(t)
    dev = O.device_of(what, a)
    rdim = 1 if dim in (1, -3) else 0
    s = tuple(a.shape)
    required = (s[0] if rdim == 1 else 1, 1 if rdim == 1 else s[1], s[2], s[3])
    from tensix.ttnn import core
    out = core.zeros(required, dtype=a.dtype, layout=a.layout, device=dev, memory_config=mc)
    n, c, h, w = a.padded_shape
    Ht, Wt = h // 32, w // 32
    HtWt, CHtWt = Ht * Wt, c * Ht * Wt
    num_reduce = (n, c)[rdim]
    offset = CHtWt if rdim == 0 else HtWt
    num_out = out.padded_shape.volume() // 1024
    grid = O.grid_of(dev)
    key = ("prod_nc", rdim, O.spec_key(a), O.spec_key(out))

    def factory():
        prog = mh.CreateProgram()
        n_cores, _all, g1, g2, n1, n2 = mh.split_work_to_cores(grid, num_out, False)
        cores = [mh.CoreCoord(i // grid.y, i % grid.y) for i in range(n_cores)]
        O.cb(prog, cores, 0, 2, a.dtype)
        O.cb(prog, cores, 1, 1, a.dtype)
        O.cb(prog, cores, 2, 1, a.dtype)
        O.cb(prog, cores, 3, 2, a.dtype)
        rk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "reader_prod_nc.py"), cores,
                             ReaderDataMovementConfig(compile_args=[rdim] + O.accessor_args(a)))
        wk = mh.CreateKernel(prog, O.kernel_path("eltwise/writer_unary_interleaved_start_id.py"), cores,
                             WriterDataMovementConfig(compile_args=[3] + O.accessor_args(out)))
        ck = {}
        for group in (g1, g2):
            group = list(group)
            if group:
                k = mh.CreateKernel(prog, O.kernel_path(_KDIR + "prod_nc.py"), group, ComputeConfig(
                    math_fidelity=MathFidelity.HiFi4, fp32_dest_acc_en=False, dst_full_sync_en=False))
                ck.update({(cc.x, cc.y): k for cc in group})
        in1 = {(cc.x, cc.y) for cc in g1}
        plan = [(cc, n1 if (cc.x, cc.y) in in1 else n2) for cc in cores]

        def set_args(tensors):
            ta, to = tensors
            start = 0
            for cc, k in plan:
                mh.SetRuntimeArgs(prog, rk, cc, [ta.buffer_address(), num_reduce, k, offset, start, HtWt, CHtWt, rdim])
                mh.SetRuntimeArgs(prog, wk, cc, [to.buffer_address(), k, start])
                mh.SetRuntimeArgs(prog, ck[(cc.x, cc.y)], cc, [num_reduce, k])
                start += k

        return O.ProgramEntry(prog, set_args, n_cores, "ProdNcProgramFactory")

    O.run(what, dev, key, factory, [a, out], [out], {"dim": rdim, "dtype": a.dtype.name}, started)
    return out


def prod(input_tensor, dim=None, keepdim: bool = False, *, memory_config=None, **kwargs) -> Tensor:
    """ttnn.prod(input_tensor, dim=None, keepdim=False, *, memory_config=None): the product of the elements over
    `dim` (an int; None: all of them, a rank-0 result), bfloat16 only; tile padding counts as 1."""
    from tensix.ttnn.operations.reduction import fill_implicit_tile_padding
    from tensix.ttnn.operations.dm_permute import permute
    from tensix.ttnn.operations.dm_reshape import reshape, squeeze
    from tensix.ttnn.operations.dm_slice import slice as tslice
    what = "ttnn.prod"
    O.refuse_unknown_kwargs(what, kwargs)
    _check(what, input_tensor)
    mc = memory_config or input_tensor.memory_config()
    t = fill_implicit_tile_padding(input_tensor, 1.0) if input_tensor.layout == Layout.TILE else input_tensor
    shape = tuple(t.shape)
    rank = len(shape)
    if dim is not None:
        dim = int(dim)
        if not (-rank <= dim <= rank - 1 or (rank == 0 and dim in (0, -1))):
            lo, hi = (-1, 0) if rank == 0 else (-rank, rank - 1)
            raise TTNNError(f"{what}: Dimension for prod is out of range (expected to be in range of [{lo}, {hi}]), got "
                            f"{dim}.\nFix: pass a dim in that range, or None for the product of all elements.")
    if rank == 0:               # prod_impl: a copy of the scalar
        from tensix.ttnn.operations.dm_memory import clone
        return clone(t, memory_config=memory_config)
    if t.logical_volume() == 0:
        from tensix.ttnn.operations.reduction import _generate_reduce_dim, zero_volume_reduce
        return zero_volume_reduce("prod", t, _generate_reduce_dim(t, dim), keepdim, mc)
    if dim is None or rank == 1:
        result = _prod_all(what, t, mc)
        return reshape(result, (1,) * rank) if keepdim else result
    pos = dim + rank if dim < 0 else dim
    if rank > 4:
        third = rank - 3
        order = list(range(rank))
        order[third], order[pos] = order[pos], order[third]
        moved = permute(t, order, memory_config=mc) if third != pos else t
        ms = tuple(moved.shape)
        result = _prod_nc(what, reshape(moved, (int(np.prod(ms[:-3])),) + ms[-3:]), 1, mc)
        out_shape = list(shape)
        out_shape[pos], out_shape[third] = out_shape[third], 1
        result = reshape(result, out_shape)
        if third != pos:
            result = permute(result, order, memory_config=mc)
        return result if keepdim else squeeze(result, pos)
    t4 = reshape(t, (1,) * (4 - rank) + shape)
    dim4 = 4 - rank + dim if dim >= 0 else dim
    s4 = tuple(t4.shape)
    if dim4 in (2, -2):
        temp = permute(t4, (2, 0, 1, 3), memory_config=mc)
    elif dim4 in (3, -1):
        temp = permute(t4, (3, 0, 1, 2), memory_config=mc)
    else:
        temp = t4
    result = _prod_nc(what, temp, dim4, mc)
    if dim4 in (2, -2):
        back = permute(result, (1, 2, 0, 3), memory_config=mc)
        result = tslice(back, [0, 0, 0, 0], [s4[0], s4[1], 1, s4[3]], [1, 1, 1, 1])
    elif dim4 in (3, -1):
        back = permute(result, (1, 2, 0, 3), memory_config=mc)
        unpadded = tslice(back, [0, 0, 0, 0], [s4[0], s4[1], 1, s4[2]], [1, 1, 1, 1])
        result = permute(unpadded, (0, 1, 3, 2), memory_config=mc)
    result = reshape(result, tuple(result.shape)[4 - rank:])      # squeeze_from_4D
    return result if keepdim else squeeze(result, dim)
