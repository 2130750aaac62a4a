"""ttnn.topk, as tt-metal 622c6fb9 runs it on Wormhole (ttnn/cpp/ttnn/operations/reduction/topk/).

The host side (topk.cpp, ttnn::topk): the dim is moved last (ttnn.transpose(dim, -1), reduction_common's
perform_transpose), the tensor seen as 4D (unsqueeze_to_4D / squeeze_from_ND_to_4D: views), a last dim under 64
(constants::min_dim_per_core) padded to 64 with -inf (largest) / +inf (smallest) by ttnn.pad, and the implicit tile
padding filled with the same value (ttnn.fill_implicit_tile_padding: in place, on the caller's tensor when nothing
was padded, as in tt-metal); k is rounded up to whole tiles (get_nearest_supported_k_value) for the device op and the
result sliced back to k, reshaped to the original rank and transposed back.

The device op (device/topk_device_operation.cpp): validation (4D, last dim >= 64, BFLOAT16 / BFLOAT8_B, TILE,
interleaved output, enough L1: topk_utils.cpp verify_single_core_cost / verify_multi_core_cost) and the factory choice:
TopKMultiCoreProgramFactory for a power-of-two last dim of at least 8192 (multi_core_min_width) below 65535 with
k <= 64 when find_topk_core_config finds a split, else TopKSingleCoreProgramFactory. Indices are UINT16, or UINT32 for a
last dim above 65535 (then the compute kernel runs with fp32_dest_acc_en).

TopKSingleCoreProgramFactory (topk_single_core_program_factory.cpp): the rows of tiles (Ht) split over the grid
(split_work_to_cores on sub_core_grids, row-wise); per core reader_create_index_tensor (input tiles to c_0, generated
index tiles to c_1; a given indices_tensor is not read, GH issue #36329), compute topk.cpp (insertion of each tile into
the kept K, tt-llk's bitonic topk_local_sort on the SFPU) and writer_binary_interleaved (c_6 values, c_7 indices); c_2 /
c_4 are bfloat16 for a bfloat8_b input.

TopKMultiCoreProgramFactory (topk_multi_core_program_factory.cpp): the width split over a rectangle of local cores
(topk_local.cpp: local sort, then log2(Wt_local) topk_merge / topk_rebuild iterations) whose Kt best tiles per row are
gathered by semaphores into one final core (topk_final.cpp, the same iterations over them). writer_local_topk.cpp pops
c_8 / c_9 right after noc.async_write with no write barrier: a race only if the compute kernel packs into the freed
page before the NoC has read it out, which tensix checks in simulated time (tensix.device.cb CircularBuffer.guard); the
next local sort takes longer than the write, so the program runs as on a card, with the numbers of the flushed program
(tests/test_ttnn_topk.py). Refused, loudly: topk_final.cpp copies the second row of tiles' gathered tiles with the
unpacker still programmed for transpose_wh (ComputeInitError for Ht > 1).

The kernels are in tensix/ttnn/kernels/topk/, the SFPU kernel in tensix.sfpi.llk_topk, its compute API in
tensix.kernel.sfpu_topk.

Ties: the bitonic network keeps no order among equal values (stable_sort = false); which index comes first is what
the network leaves, bit for bit as on the card (tests/test_ttnn_topk.py pins a case).

Not modelled (NotModelledError): preallocated outputs (output_tensor: their shapes and dtypes are checked first),
rank-0 and zero-volume inputs, k = 0, sharded tensors."""

from __future__ import annotations

import math
import time

from tensix.device.formats import DataFormat, tile_size
from tensix.device import soc
from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.types import ComputeConfig, ReaderDataMovementConfig, WriterDataMovementConfig
from tensix.ttnn import op as O
from tensix.ttnn.errors import DTypeError, LayoutError, TTNNError
from tensix.ttnn.operations.reduction import _to_4d, _view
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import DataType, Layout, data_format as _fmt

__all__ = ["topk"]

MULTI_CORE_MIN_WIDTH = 8192   # topk_constants.hpp
MIN_DIM_PER_CORE = 64
_KDIR = "topk/"


def _ops():
    from tensix.ttnn import operations
    return operations


def topk(input_tensor: Tensor, k: int, dim: int = -1, largest: bool = True, sorted: bool = True, *,  # noqa: A002
         memory_config=None, output_tensor=None, sub_core_grids=None, indices_tensor=None):
    """ttnn.topk(input_tensor, k, dim=-1, largest=True, sorted=True, *, memory_config=None, output_tensor=None,
    sub_core_grids=None, indices_tensor=None) -> (values, indices) (topk_nanobind.cpp / topk.cpp)."""
    what = "ttnn.topk"
    t = input_tensor
    O.device_of(what, t)
    if sub_core_grids is not None and len(list(sub_core_grids.ranges)) != 1:
        raise TTNNError(f"{what}: Only one core range is supported right now, got {len(list(sub_core_grids.ranges))}")
    shape = tuple(int(d) for d in t.shape)
    rank = len(shape)
    k = int(k)
    if not ((-rank <= dim <= rank - 1) or (rank == 0 and dim in (0, -1))):
        raise TTNNError(f"{what}: Dimension for topk is out of range (expected to be in range of [{-rank}, "
                        f"{rank - 1}])")
    if rank == 0:
        raise NotModelledError(f"{what} of a rank-0 tensor (ttnn.clone and ttnn.full) is not modelled.")
    adim = dim + rank if dim < 0 else dim
    if shape[adim] < k:
        raise TTNNError(f"{what}: K cannot be larger than the dimension size! K={k}, dimension size={shape[adim]}")
    if output_tensor is not None:
        _check_preallocated(what, t, output_tensor, shape, adim, k)
    if math.prod(shape) == 0 or k == 0:
        raise NotModelledError(f"{what} of a zero-volume input or k = 0 (ttnn.full of the result shape) is not "
                               "modelled.")
    if t.layout != Layout.TILE:
        raise LayoutError(f"{what}: The input must be in tiled format; it is {t.layout!r}.\nFix: "
                          "ttnn.to_layout(t, ttnn.TILE_LAYOUT) first.")
    is_dim_last = adim == rank - 1
    mc = memory_config or t.memory_config()
    adjusted_k = 32 * -(-k // 32)
    ops = _ops()
    transposed = t if is_dim_last else ops.transpose(t, adim, -1, memory_config=t.memory_config())
    t4 = _to_4d(transposed)
    pad_val = -math.inf if largest else math.inf
    padded = t4
    pad_amount = max(MIN_DIM_PER_CORE - int(t4.shape[-1]), 0)
    if pad_amount > 0:
        padded = ops.pad(t4, [(0, 0), (0, 0), (0, 0), (0, pad_amount)], pad_val)
    padded = ops.fill_implicit_tile_padding(padded, pad_val)
    if indices_tensor is not None and indices_tensor.dtype not in (DataType.UINT16, DataType.UINT32):
        raise DTypeError(f"{what}: Optional input tensor must be UINT16, or UINT32, got: {indices_tensor.dtype!r}")
    values, indices = _prim_topk(what, padded, adjusted_k, bool(largest), bool(sorted), mc, sub_core_grids,
                                 indices_tensor)
    return _post(transposed, [values, indices], adim, rank, is_dim_last, k, adjusted_k, shape, mc)


def _check_preallocated(what, t, output_tensor, shape, adim, k):
    """topk.cpp's shape checks of preallocated outputs and the device op's dtype checks; a valid pair then raises
    NotModelledError (tensix does not write into preallocated outputs)."""
    values, indices = output_tensor
    want = list(shape)
    want[adim] = k
    for name, o in (("values", values), ("indices", indices)):
        O.device_of(what, o)
        if list(o.shape) != want:
            raise TTNNError(f"{what}: Preallocated {name} tensor has incorrect shape! Got : {list(o.shape)}, "
                            f"expected: {want}")
    if values.dtype not in (DataType.BFLOAT16, DataType.BFLOAT8_B):
        raise DTypeError(f"{what}: Preallocated output tensor must be BFLOAT16 or BFLOAT8_B got: {values.dtype!r}")
    if indices.dtype not in (DataType.UINT16, DataType.UINT32):
        raise DTypeError(f"{what}: Preallocated indices tensor must be UINT16 or UINT32 got: {indices.dtype!r}")
    if values.dtype != t.dtype:
        raise DTypeError(f"{what}: Preallocated output tensor dtype must match input tensor dtype. Got output: "
                         f"{values.dtype!r}, input: {t.dtype!r}")
    raise NotModelledError(f"{what}: preallocated output tensors (output_tensor=) are not modelled: tensix returns "
                           "new tensors only.")


def _post(transposed, result, adim, rank, is_dim_last, k, adjusted_k, original, mc):
    """post_topk_transform_tensor: slice to k, back to the original rank, transpose back, final slice."""
    ops = _ops()
    final = list(original)
    final[adim] = min(original[adim], k)
    if adjusted_k != k:
        s = result[0].shape
        result = [ops.slice(r, [0, 0, 0, 0], [s[0], s[1], s[2], k], [1, 1, 1, 1], memory_config=mc) for r in result]
    if 1 < rank < 4:
        result = [_view(r, tuple(r.shape)[4 - rank:]) for r in result]
    elif rank != 4:
        want = list(transposed.shape)
        want[-1] = k
        result = [ops.reshape(r, want) for r in result]
    if not is_dim_last:
        result = [ops.transpose(r, adim, -1, memory_config=transposed.memory_config()) for r in result]
    if list(result[0].shape) != final:
        result = [ops.slice(r, [0] * rank, final, [1] * rank, memory_config=mc) for r in result]
    if list(result[0].shape) != final:
        raise TTNNError("ttnn.topk: Output tensor transformation failed to create correct output shape!")
    return result[0], result[1]


# ------------------------------------------------------------------------------------------ the device op
def _single_core_cost_ok(a: Tensor, k: int, uint16_output: bool) -> bool:
    """topk_utils.cpp verify_single_core_cost."""
    ktiles = -(-k // 32)
    vfmt = _fmt(a.dtype)
    vt = tile_size(vfmt)
    it = tile_size(DataFormat.UInt16 if uint16_output else DataFormat.UInt32)
    ct = tile_size(DataFormat.Float16_b) if vfmt in (DataFormat.Bfp8_b, DataFormat.Bfp4_b) else vt
    cost = 4 * (vt + it) + (4 + 2 * ktiles) * (ct + it) + ktiles * (vt + it)
    return cost < soc.L1_SIZE


def _largest_power_of_two(x: int) -> int:
    return 0 if x == 0 else 1 << (x.bit_length() - 1)


def find_topk_core_config(width, min_dim, max_dim, k, core_range, l1_size, value_tile_size, index_tile_size,
                          tile_width=32):
    """topk_utils.cpp find_topk_core_config over `core_range` ((start x, start y), (end x, end y)), with its counts as
    the C++ has them (end - start, so one column and one row fewer than the range holds): the first power-of-two split
    that divides the width, fits L1 and a rectangle of cores; None if there is none. Returns (num_cores, split_size,
    final_input_size, selected_x, selected_y)."""
    (sx, sy), (ex, ey) = core_range
    max_cores = (ey - sy - 1) * (ex - sx)
    if max_cores <= 0:
        raise TTNNError(f"ttnn.topk: Core grid must contain at least one core. Got core range: {core_range}")
    split = (width // tile_width // _largest_power_of_two(max_cores)) * tile_width
    transposed_tile = max(value_tile_size, tile_size(DataFormat.Float16_b))
    while split <= max_dim:
        if split == 0:
            raise TTNNError(f"ttnn.topk: Split size must be non-zero (got 0 for width={width}, max_cores={max_cores}, "
                            f"max_dim={max_dim})")
        rem = width % split
        num_cores = width // split + (rem > 0)
        gather = 2 * num_cores * (transposed_tile + index_tile_size)
        local = (split // tile_width) * (transposed_tile + index_tile_size)
        max_x, max_y = ex - sx, ey - sy - 1
        if num_cores <= max_x * max_y:
            sel = None
            for y in range(max_y, 0, -1):       # the C++'s break leaves only the inner loop: the last match wins
                for x in range(max_x, 0, -1):
                    if x * y == num_cores:
                        sel = (x, y)
                        break
            if (num_cores <= max_cores and gather + local * num_cores < l1_size * num_cores and num_cores > 1
                    and split >= min_dim and sel is not None and rem == 0):
                return num_cores, split, num_cores * max(k, tile_width), sel[0], sel[1]
        split *= 2
    return None


def _core_range(grid, sub_core_grids):
    """The first core range of sub_core_grids (default: the whole compute grid) as ((sx, sy), (ex, ey))."""
    if sub_core_grids is None:
        return (0, 0), (grid.x - 1, grid.y - 1)
    ranges = list(sub_core_grids.ranges)
    r = ranges[0]
    return (r.start.x, r.start.y), (r.end.x, r.end.y)


def _range_cores(core_range, row_wise):
    """grid_to_cores over a core range: row-wise (x fastest) or column-wise (y fastest)."""
    (sx, sy), (ex, ey) = core_range
    if row_wise:
        return [mh.CoreCoord(x, y) for y in range(sy, ey + 1) for x in range(sx, ex + 1)]
    return [mh.CoreCoord(x, y) for x in range(sx, ex + 1) for y in range(sy, ey + 1)]


def _sub_grid_cores(grid, sub_core_grids):
    """The cores of sub_core_grids (default: the whole grid) in corerange_to_cores order, row-wise."""
    if sub_core_grids is None:
        return _range_cores(((0, 0), (grid.x - 1, grid.y - 1)), True)
    out = []
    for r in sub_core_grids.ranges:
        out += _range_cores(((r.start.x, r.start.y), (r.end.x, r.end.y)), True)
    return out


def _prim_topk(what, a: Tensor, k: int, largest: bool, sorted_: bool, out_mc, sub_core_grids=None,
               indices_tensor=None):
    """ttnn::prim::topk on the 4D padded tensor (dim = -1)."""
    started = time.perf_counter()
    dev = O.device_of(what, a)
    n, c, h, w = (int(d) for d in a.padded_shape)
    if w < MIN_DIM_PER_CORE:
        raise TTNNError(f"{what}: Input shape inner dim {w} must be >= {MIN_DIM_PER_CORE}, pad with +/-infinity if "
                        "necessary")
    if (n * c * h) % 32:
        raise TTNNError(f"{what}: Input height (combined input_shape[0-3]) {n * c * h} must be a multiple of 32")
    if out_mc.is_sharded() or a.is_sharded():
        raise NotModelledError(f"{what}: Sharded implementation not supported yet")
    if a.dtype not in (DataType.BFLOAT16, DataType.BFLOAT8_B):
        raise DTypeError(f"{what}: Input tensor must be BFLOAT16, or BFLOAT8_B, got: {a.dtype!r}")
    grid = O.grid_of(dev)
    vfmt = _fmt(a.dtype)
    uint16_output = w <= 65535
    multicore = w >= MULTI_CORE_MIN_WIDTH and w < 65535 and (w & (w - 1)) == 0 and k <= 64
    crange = _core_range(grid, sub_core_grids)
    config = None
    if multicore:
        config = find_topk_core_config(w, MIN_DIM_PER_CORE, w // 2, k, crange, soc.L1_SIZE, tile_size(vfmt),
                                       tile_size(DataFormat.UInt16))
    if config is not None:
        return _multi_core(what, a, k, largest, sorted_, out_mc, crange, config, indices_tensor, started)
    if not _single_core_cost_ok(a, k, uint16_output):
        raise TTNNError(f"{what}: Not enough cores or cache size available to run TopK operation")
    out_shape = list(a.shape)
    out_shape[-1] = k
    values = O.output_tensor(dev, out_shape, a.dtype, Layout.TILE, out_mc)
    indices = O.output_tensor(dev, out_shape, DataType.UINT16 if uint16_output else DataType.UINT32, Layout.TILE,
                              out_mc)
    Ht, Wt, Kt = n * c * h // 32, w // 32, -(-k // 32)
    compute_fmt = DataFormat.Float16_b if vfmt in (DataFormat.Bfp8_b, DataFormat.Bfp4_b) else vfmt
    ind_fmt = DataFormat.UInt16 if w < 65535 else DataFormat.UInt32
    key = ("topk", k, largest, sorted_, O.spec_key(a), O.spec_key(values), O.spec_key(indices),
           _grid_key(sub_core_grids))

    def factory():
        prog = mh.CreateProgram()
        avail = _sub_grid_cores(grid, sub_core_grids)
        num_cores = min(Ht, len(avail))     # split_work_to_cores(sub_core_grids, Ht, row_wise = true)
        per, extra = divmod(Ht, num_cores)
        work = [(cc, per + 1 if i < extra else per) for i, cc in enumerate(avail[:num_cores])]
        cores = [cc for cc, _ in work]
        for idx, tiles, fmt in ((0, 2, vfmt), (1, 2, ind_fmt), (2, 4, compute_fmt), (3, 4, ind_fmt),
                                (4, 2 * Kt, compute_fmt), (5, 2 * Kt, ind_fmt), (6, Kt, _fmt(values.dtype)),
                                (7, Kt, _fmt(indices.dtype))):
            O.cb(prog, cores, idx, tiles, fmt)
        rk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "reader_create_index_tensor.py"), cores,
                             ReaderDataMovementConfig(compile_args=[0, 1, Ht, Wt, num_cores, int(uint16_output)]
                                                      + O.accessor_args(a), defines={"GENERATE_INDICES": 1}))
        wk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "writer_binary_interleaved.py"), cores,
                             WriterDataMovementConfig(compile_args=[6, 7, Ht, Kt, num_cores]
                                                      + O.accessor_args(values, indices)))
        ck = mh.CreateKernel(prog, O.kernel_path(_KDIR + "topk.py"), cores, ComputeConfig(
            fp32_dest_acc_en=not (w < 65535), dst_full_sync_en=False,
            compile_args=[0, 1, 2, 3, 4, 5, 6, 7, Ht, Wt, Kt, int(largest)]))

        def set_args(tensors):
            ta, tv, ti = tensors
            for i, (cc, per) in enumerate(work):
                mh.SetRuntimeArgs(prog, rk, cc, [ta.buffer_address(), i, per, 0])
                mh.SetRuntimeArgs(prog, wk, cc, [tv.buffer_address(), ti.buffer_address(), i, per])
                mh.SetRuntimeArgs(prog, ck, cc, [per])

        return O.ProgramEntry(prog, set_args, num_cores, "TopKSingleCoreProgramFactory")

    O.run(what, dev, key, factory, [a, values, indices], [values, indices],
          {"k": k, "dim": -1, "largest": largest, "sorted": sorted_}, started)
    return values, indices


def _grid_key(sub_core_grids):
    if sub_core_grids is None:
        return None
    return tuple((r.start.x, r.start.y, r.end.x, r.end.y) for r in sub_core_grids.ranges)


def _multi_core(what, a, k, largest, sorted_, out_mc, crange, config, indices_tensor, started):
    """TopKMultiCoreProgramFactory (topk_multi_core_program_factory.cpp): the width split over a rectangle of local
    cores (column-major from the range's start, each its Wt_local tiles of every row: reader_create_index_local_topk,
    topk_local, writer_local_topk), their Kt tiles per row gathered by semaphores into the final core (the one at
    column-major index selected_y of the range, just below the rectangle: reader_final_topk, topk_final,
    writer_final_topk)."""
    dev = O.device_of(what, a)
    n, c, h, w = (int(d) for d in a.padded_shape)
    num_local, split, final_size, sel_x, sel_y = config
    vfmt = _fmt(a.dtype)
    compute_fmt = DataFormat.Float16_b if vfmt in (DataFormat.Bfp8_b, DataFormat.Bfp4_b) else vfmt
    ind_fmt = DataFormat.UInt16
    out_shape = list(a.shape)
    out_shape[-1] = k
    values = O.output_tensor(dev, out_shape, a.dtype, Layout.TILE, out_mc)
    indices = O.output_tensor(dev, out_shape, DataType.UINT16, Layout.TILE, out_mc)
    Ht, Kt = n * c * h // 32, -(-k // 32)
    Wt_local, Wt_final = split // 32, final_size // 32
    (sx, sy), (ex, ey) = crange
    local_cores = _range_cores(((sx, sy), (sx + sel_x - 1, sy + sel_y - 1)), False)
    final_core = _range_cores(crange, False)[sel_y]
    all_cores = local_cores + [final_core]
    key = ("topk_multi", k, largest, sorted_, O.spec_key(a), O.spec_key(values), O.spec_key(indices), crange,
           indices_tensor is not None and O.spec_key(indices_tensor))
    sim = dev.sim

    def phys(cc):
        return sim.worker_core_from_logical_core(cc)

    def factory():
        prog = mh.CreateProgram()
        # shared CBs first, so that they sit at the same L1 address on every core (the local writers address the
        # final core's c_4 / c_5 with their own write pointers)
        for idx, tiles, fmt in ((0, 4, vfmt), (1, 4, ind_fmt), (4, Wt_final, compute_fmt), (5, Wt_final, ind_fmt),
                                (9, 2, ind_fmt)):
            O.cb(prog, all_cores, idx, tiles, fmt)
        for idx, tiles, fmt in ((2, Wt_local, compute_fmt), (3, Wt_local, ind_fmt), (8, 2, compute_fmt)):
            O.cb(prog, local_cores, idx, tiles, fmt)
        for idx, tiles, fmt in ((8, 2, vfmt), (6, Wt_final, compute_fmt), (7, Wt_final, ind_fmt)):
            O.cb(prog, [final_core], idx, tiles, fmt)
        sender_sem = mh.CreateSemaphore(prog, all_cores, 0)
        receiver_sem = mh.CreateSemaphore(prog, all_cores, 0)
        gen = indices_tensor is None
        rl_args = [0, 1, Ht, Wt_local, w // 32] + O.accessor_args(a)
        if not gen:
            rl_args += O.accessor_args(indices_tensor)
        rl = mh.CreateKernel(prog, O.kernel_path(_KDIR + "reader_create_index_local_topk.py"), local_cores,
                             ReaderDataMovementConfig(compile_args=rl_args, defines={"GENERATE_INDICES": int(gen)}))
        p0, p1, pf = phys(local_cores[0]), phys(local_cores[-1]), phys(final_core)
        mh.CreateKernel(prog, O.kernel_path(_KDIR + "reader_final_topk.py"), [final_core],
                        ReaderDataMovementConfig(compile_args=[receiver_sem, sender_sem, p0.x, p0.y, p1.x, p1.y,
                                                               Ht, Wt_final, num_local, 4, 5]))
        wl = mh.CreateKernel(prog, O.kernel_path(_KDIR + "writer_local_topk.py"), local_cores,
                             WriterDataMovementConfig(compile_args=[receiver_sem, sender_sem, pf.x, pf.y, Ht, k, Kt,
                                                                    8, 9, 4, 5]))
        wf = mh.CreateKernel(prog, O.kernel_path(_KDIR + "writer_final_topk.py"), [final_core],
                             WriterDataMovementConfig(compile_args=[8, 9, Ht, Kt] + O.accessor_args(values, indices)))
        logk = int(math.log2(k))
        cl = mh.CreateKernel(prog, O.kernel_path(_KDIR + "topk_local.py"), local_cores, ComputeConfig(
            dst_full_sync_en=False, compile_args=[0, 1, 2, 3, 8, 9, Ht, Wt_local, k, Kt, logk,
                                                  int(math.log2(Wt_local)), int(largest), int(sorted_)]))
        mh.CreateKernel(prog, O.kernel_path(_KDIR + "topk_final.py"), [final_core], ComputeConfig(
            dst_full_sync_en=False, compile_args=[4, 5, 6, 7, 8, 9, Ht, Wt_final, k, Kt, logk,
                                                  int(math.log2(Wt_final)), int(largest), int(sorted_)]))

        def set_args(tensors):
            ta, tv, ti = tensors[0], tensors[-2], tensors[-1]
            ind_addr = tensors[1].buffer_address() if len(tensors) == 4 else 0
            ascending = not largest
            for core_id, cc in enumerate(local_cores):
                mh.SetRuntimeArgs(prog, rl, cc, [ta.buffer_address(), 0, core_id * Wt_local, 0, ind_addr])
                mh.SetRuntimeArgs(prog, wl, cc, [core_id])
                mh.SetRuntimeArgs(prog, cl, cc, [int(ascending)])
                ascending = not ascending
            mh.SetRuntimeArgs(prog, wf, final_core, [tv.buffer_address(), ti.buffer_address()])

        return O.ProgramEntry(prog, set_args, len(all_cores), "TopKMultiCoreProgramFactory")

    ins = [a] if indices_tensor is None else [a, indices_tensor]
    O.run(what, dev, key, factory, ins + [values, indices], [values, indices],
          {"k": k, "dim": -1, "largest": largest, "sorted": sorted_}, started)
    return values, indices
