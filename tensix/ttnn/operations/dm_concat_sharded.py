"""ttnn.concat of sharded tensors, as tt-metal 622c6fb9 runs it (ttnn/cpp/ttnn/operations/data_movement/concat/
device/concat_device_operation.cpp validate_on_program_cache_miss and select_program_factory, and the sharded
program factories next to it):

- validation: every input sharded (or none), the same shard grid and memory layout, no BLOCK_SHARDED inputs, no
  WIDTH_SHARDED pair; the output sharded with the inputs' memory layout and grid (so a sharded -> interleaved concat
  is refused: ConcatS2IProgramFactory is unreachable); width concat (last dim) of HEIGHT_SHARDED tensors or height
  concat (dim -2) of WIDTH_SHARDED ones; groups > 1 only when HEIGHT_SHARDED;
- ConcatS2SRMProgramFactory (two ROW_MAJOR inputs, dim 3, widths divisible by groups): both RISC-Vs of every core
  build the output rows in L1 from the two input shards, the first half of the core's rows on one, the rest on the
  other; the last core in the output's shard order gets the leftover rows (padded_shape[-2] % shard height) when the
  shards do not divide them;
- ConcatS2STiledProgramFactory (two TILE inputs, dim 3): the input tiles are transposed, their groups interleaved as
  bytes, and transposed back (so group widths must be >= 16: two faces of a transposed tile);
- ConcatS2SMultiProgramFactory (dim 2 or 3 otherwise): every input's shard rows (tile rows, or rows cut in pages of
  the greatest common aligned stick size) copied into the output shard at the input's offset.

Not modelled (NotModelledError): tensors of rank other than 4 (tt-metal chooses these factories by the literal dim
indices 2 and 3, so on other ranks it would run a height-concat factory for a width concat or vice versa, or its
interleaved ConcatProgramFactory over sharded buffers); ND-sharded tensors (tt-metal's interleaved factory over
them); groups > 1 with more than two inputs (ConcatS2SMultiProgramFactory ignores groups: tt-metal returns the
ungrouped concat)."""

from __future__ import annotations

import math
import time

from tensix.device import formats, soc
from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.types import ComputeConfig, MathFidelity, ReaderDataMovementConfig, WriterDataMovementConfig
from tensix.ttnn import op as O
from tensix.ttnn.errors import DTypeError, LayoutError, ShapeError, ShardSpecError
from tensix.ttnn.operations import _dm_common as C
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import (TILE_SIZE, DataType, Layout, ShardOrientation, TensorMemoryLayout, data_format,
                               element_size)

__all__ = ["MAX_SHARDED_TENSORS", "prim_concat_sharded", "select_factory", "validate"]

OP = "ttnn.concat"
HEIGHT, WIDTH = TensorMemoryLayout.HEIGHT_SHARDED, TensorMemoryLayout.WIDTH_SHARDED

# calculate_max_tensors_per_concat, sharded: (256 args - 4) / 4 per tensor, 90 % of it
MAX_SHARDED_TENSORS = max(2, int((256 - 4) // 4 * 0.9))
_CB_DST = 16
_NOC_MAX_BURST = 8192           # Wormhole noc_parameters.h NOC_MAX_BURST_SIZE


def _k(name):
    return O.kernel_path(f"data_movement/{name}.py")


def _esize(dtype) -> int:
    """Tensor::element_size (1 for the block-float bfloat8_b)."""
    return 1 if dtype == DataType.BFLOAT8_B else element_size(dtype)


def _grid_key(grid) -> frozenset:
    return frozenset((c.x, c.y) for c in grid)


def _round32(n: int) -> int:
    return C.round_up(n, 32)


# ----------------------------------------------------------------------------------------------- validation
def validate(tensors, dim: int, groups: int, mc) -> None:
    """ConcatDeviceOperation::validate_on_program_cache_miss for sharded inputs (the interleaved checks are the
    interleaved path's)."""
    first = tensors[0]
    fspec = first.memory_config().shard_spec
    flayout = first.memory_config().memory_layout
    rank = len(first.shape)
    for i, t in enumerate(tensors):
        if t._device is not first._device:
            raise ShapeError(f"{OP}: Operands to concat need to be on the same device (input {i}).\nFix: put all "
                             "inputs on one device.")
        if t.layout != first.layout:
            raise LayoutError(f"{OP}: All Tensors should have same layouts (input {i} is {t.layout!r}, input 0 "
                              f"{first.layout!r}).\nFix: ttnn.to_layout the inputs to one layout first.")
        if t.dtype != first.dtype:
            raise DTypeError(f"{OP}: All Tensors should have same dtypes (input {i} is {t.dtype!r}, input 0 "
                             f"{first.dtype!r}).\nFix: ttnn.typecast first.")
        if not t.is_sharded():
            raise ShardSpecError(f"{OP}: All tensors must be sharded or all must be interleaved (input 0 is sharded, "
                                 f"input {i} is not).\nFix: shard input {i} like input 0 (ttnn.to_memory_config), or "
                                 "give every input an interleaved memory config.")
        mcfg = t.memory_config()
        if mcfg.shard_spec is None:
            raise ShardSpecError(f"{OP}: Sharded tensors must have a shard spec (input {i}).\nFix: a legacy "
                                 "HEIGHT / WIDTH sharded memory config with a ttnn.ShardSpec.")
        if _grid_key(mcfg.shard_spec.grid) != _grid_key(fspec.grid):
            raise ShardSpecError(f"{OP}: Sharded tensors must have the same grid (input {i}: {mcfg.shard_spec.grid!r}"
                                 f", input 0: {fspec.grid!r}).\nFix: shard every input over one core grid.")
        if mcfg.memory_layout != flayout:
            raise ShardSpecError(f"{OP}: Sharded tensors must have the same memory layout (input {i} is "
                                 f"{mcfg.memory_layout.name}, input 0 {flayout.name}).\nFix: shard every input the "
                                 "same way.")
        if len(tensors) <= 2 and mcfg.memory_layout == WIDTH:
            raise ShardSpecError(f"{OP}: Width sharded inputs are not supported for two tensors concat yet.\nFix: "
                                 "height-shard the inputs (width concat), or concat interleaved tensors and shard the "
                                 "result.")
        if mcfg.memory_layout == TensorMemoryLayout.BLOCK_SHARDED:
            raise ShardSpecError(f"{OP}: Block sharded inputs are not supported (input {i}).\nFix: height-shard "
                                 "(width concat) or width-shard (height concat) the inputs, or concat interleaved "
                                 "tensors.")
    if mc.memory_layout != flayout:
        raise ShardSpecError(f"{OP}: Sharded output and inputs must have the same memory layout (output "
                             f"{mc.memory_layout.name}, inputs {flayout.name}).\nFix: memory_config= a "
                             f"{flayout.name} config over the inputs' grid (tt-metal has no sharded -> interleaved "
                             "concat: ttnn.to_memory_config the result instead).")
    if mc.shard_spec is None:
        raise ShardSpecError(f"{OP}: the sharded output memory config has no shard spec (tt-metal reads "
                             "output_mem_config.shard_spec().value()).\nFix: give memory_config= a ttnn.ShardSpec "
                             "over the inputs' grid.")
    if _grid_key(mc.shard_spec.grid) != _grid_key(fspec.grid):
        raise ShardSpecError(f"{OP}: Sharded output and inputs must have the same grid (output {mc.shard_spec.grid!r}"
                             f", inputs {fspec.grid!r}).\nFix: shard the output over the inputs' grid.")
    if dim == rank - 1:
        if flayout != HEIGHT:
            raise ShardSpecError(f"{OP}: Only support width concat on height-sharded tensors (inputs are "
                                 f"{flayout.name}).\nFix: height-shard the inputs for a last-dim concat.")
    elif dim == rank - 2:
        if flayout != WIDTH:
            raise ShardSpecError(f"{OP}: Only support height concat on width-sharded tensors (inputs are "
                                 f"{flayout.name}).\nFix: width-shard the inputs for a dim -2 concat.")
    else:
        raise ShardSpecError(f"{OP}: Only width or height concat on sharded tensors (dim {dim} of rank {rank}).\n"
                             "Fix: concat interleaved tensors along that dim (ttnn.to_memory_config first).")
    if groups != 1 and flayout != HEIGHT:
        raise ShardSpecError(f"{OP}: Groups > 1 is only supported on height-sharded tensors (groups={groups} and "
                             f"memory_layout={flayout.name} was provided).\nFix: groups=1, or height-shard the inputs.")


def select_factory(tensors, dim: int, groups: int, mc) -> str:
    """ConcatDeviceOperation::select_program_factory for sharded inputs (after validation)."""
    first = tensors[0]
    if not mc.is_sharded():
        return "s2i"
    nd = TensorMemoryLayout.ND_SHARDED
    if first.memory_config().memory_layout == nd or mc.memory_layout == nd:
        return "default"
    if len(tensors) == 2 and tensors[0].layout == tensors[1].layout and dim == 3:
        if first.layout == Layout.ROW_MAJOR and all(t.padded_shape[-1] % groups == 0 for t in tensors):
            return "s2s_rm"
        return "s2s_tiled"          # both inputs have a shard spec (validated)
    if dim in (2, 3):
        return "s2s_multi"
    return "default"


# ------------------------------------------------------------------------------------------------- the op
def prim_concat_sharded(tensors, dim: int, groups: int, mc) -> Tensor:
    """ttnn::prim::concat with sharded inputs: validate, pick the factory, run it."""
    started = time.perf_counter()
    validate(tensors, dim, groups, mc)
    kind = select_factory(tensors, dim, groups, mc)
    rank = len(tensors[0].shape)
    if kind == "s2i":           # unreachable: validation wants the output sharded like the inputs
        raise NotModelledError(f"{OP}: ConcatS2IProgramFactory (sharded inputs, interleaved output) is not modelled: "
                               "tt-metal 622c6fb9's validation refuses that combination first, and the factory's "
                               "reader kernel reader_s2i_width.cpp no longer exists there.\nFix: concat into a "
                               "sharded output and ttnn.to_memory_config the result.")
    if kind == "default":
        raise NotModelledError(f"{OP}: tt-metal runs its interleaved ConcatProgramFactory over these sharded tensors "
                               f"(ND-sharded, or dim {dim} of rank {rank}, which is neither 2 nor 3); tensix does not "
                               "model that factory over sharded buffers.\nFix: concat rank-4 legacy-sharded tensors, "
                               "or interleaved ones and shard the result.")
    if rank != 4:
        raise NotModelledError(f"{OP}: sharded concat of rank-{rank} tensors: tt-metal picks its sharded factories by "
                               "the literal dim indices 2 (height) and 3 (width), which are not the last two dims "
                               "here, so it would run a height-concat program for a width concat (or the reverse); "
                               "tensix does not reproduce that.\nFix: ttnn.reshape the inputs to rank 4 first.")
    if kind == "s2s_multi" and groups != 1:
        raise NotModelledError(f"{OP}: groups={groups} with {len(tensors)} sharded inputs runs tt-metal's "
                               "ConcatS2SMultiProgramFactory, which ignores groups (its result is the ungrouped "
                               "concat); tensix refuses rather than return it.\nFix: groups=1, or two inputs.")
    first = tensors[0]
    shape = list(first.shape)
    shape[dim] = sum(t.shape[dim] for t in tensors)
    out = C.make_output(first._device, shape, first.dtype, first.layout, mc)
    _refuse_misplaced(tensors, out, dim, kind)
    factory = {"s2s_rm": _s2s_rm_factory, "s2s_tiled": _s2s_tiled_factory, "s2s_multi": _s2s_multi_factory}[kind]
    key = ("concat_sharded", kind, dim, groups, tuple(O.spec_key(t) for t in tensors), O.spec_key(out))
    O.run(OP, first._device, key, lambda: factory(tensors, out, dim, groups), tensors + [out], [out],
          {"dim": dim, "groups": groups}, started)
    return out


def _refuse_misplaced(tensors, out: Tensor, dim: int, kind: str) -> None:
    """The sharded factories copy shard by shard on each core, trusting that shard k of every input and of the output
    cover the same rows (width concat) or columns (height concat) of the tensor, and (height concat) that the output's
    shard is the inputs' shards one after the other. Where that does not hold tt-metal leaves output rows unwritten
    or puts them in the wrong place; tensix refuses those cases instead of inventing their contents."""
    specs = [t.memory_config().shard_spec for t in tensors + [out]]
    axis, what = (0, "heights") if dim == 3 else (1, "widths")
    if len({s.shape[axis] for s in specs}) != 1:
        raise NotModelledError(
            f"{OP}: the inputs' and the output's shard {what} differ ({[list(s.shape) for s in specs]}): tt-metal's "
            "sharded concat copies each core's shards as they are, so its output would not be the concat.\nFix: "
            f"shard every input and the output with one shard {what[:-1]}.")
    if dim == 2 and math.prod(out.padded_shape[:-2]) != 1:
        raise NotModelledError(
            f"{OP}: a height concat of width-sharded tensors with outer dims {list(out.shape[:-2])}: tt-metal's "
            "ConcatS2SMultiProgramFactory stacks each core's input shards whole, which is the concat only when the "
            "dims before the last two are 1.\nFix: ttnn.reshape to [1, 1, H, W] first, or concat interleaved tensors.")
    if kind == "s2s_rm":
        ospec = specs[-1]
        rows = tensors[0].memory_config().shard_spec.shape[0]
        rows_last = out.padded_shape[-2] % rows
        geom = out._buffer.geom
        cores = C.corerange_to_cores(ospec.grid, None, ospec.orientation == ShardOrientation.ROW_MAJOR)
        held = {(c.x, c.y): min(rows, geom.height - r * rows) for c, r, _ in geom.shards}
        real = held.get((cores[-1].x, cores[-1].y), 0)
        if rows_last and real > rows_last:
            raise NotModelledError(
                f"{OP}: ConcatS2SRMProgramFactory gives the last core of the grid padded_shape[-2] % shard height = "
                f"{rows_last} rows, but that core's shard holds {real} rows of the tensor (outer dims "
                f"{list(out.shape[:-2])}): tt-metal would leave the rest of that shard unwritten.\nFix: shard heights "
                "that divide padded_shape[-2], or outer dims of 1.")


def _shard_cb(prog, cores, index: int, total: int, fmt, page: int, t: Tensor):
    """A CB of `total` bytes in pages of `page`, placed in t's buffer (its shard on each core)."""
    cfg = mh.CircularBufferConfig(total, {index: fmt}).set_page_size(index, page)
    cfg.set_globally_allocated_address(t._buffer)
    mh.CreateCircularBuffer(prog, cores, cfg)
    return cfg


def _rebinder(cfgs):
    """set_runtime_args of a program whose only per-call state is the CBs placed in the tensors' buffers."""
    def set_args(ts):
        for cfg, t in zip(cfgs, ts):
            cfg.set_globally_allocated_address(t._buffer)
    return set_args


# -------------------------------------------------------------------------------- ConcatS2SRMProgramFactory
def _s2s_rm_factory(tensors, out: Tensor, dim: int, groups: int) -> O.ProgramEntry:
    """ConcatS2SRMProgramFactory::create_descriptor (concat_s2s_rm_program_factory.cpp)."""
    a, b = tensors
    fmt = data_format(out.dtype)
    all_cores = a.memory_config().shard_spec.grid
    prog = mh.CreateProgram()
    cfgs = []
    for i, t in enumerate(tensors):
        spec = t.memory_config().shard_spec
        page = _round32(spec.shape[1] * t.element_size())
        cfgs.append(_shard_cb(prog, all_cores, i, spec.shape[0] * page, fmt, page, t))
    ospec = out.memory_config().shard_spec
    opage = _round32(ospec.shape[1] * out.element_size())
    cfgs.append(_shard_cb(prog, all_cores, _CB_DST, ospec.shape[0] * opage, fmt, opage, out))

    out_stick = ospec.shape[1] * out.element_size()
    stick_a = a.memory_config().shard_spec.shape[1] * a.element_size()
    stick_b = b.memory_config().shard_spec.shape[1] * b.element_size()
    rows_total = out.padded_shape[-2]
    rows = a.memory_config().shard_spec.shape[0]
    half = C.div_up(rows, 2)
    rows_last = rows_total % rows
    half_last = C.div_up(rows_last, 2)
    common = [_CB_DST, stick_a, stick_b, out_stick - stick_a, out_stick - stick_b]

    def ct_pair(n_rows, n_half):
        first = common + [n_rows * 2, 0, n_half, 0, 0, 0, groups, 0, 1]
        second = common + [n_rows * 2, n_half, n_rows, n_half * out_stick, n_half * stick_a, n_half * stick_b,
                           groups, 0, 1]
        return first, second

    def add(cores, pair):
        kern = _k("reader_height_sharded_width_concat_two_tensors")
        mh.CreateKernel(prog, kern, cores, ReaderDataMovementConfig(compile_args=pair[0]))
        mh.CreateKernel(prog, kern, cores, WriterDataMovementConfig(compile_args=pair[1]))

    if rows_last > 0:
        cores = C.corerange_to_cores(all_cores, None, ospec.orientation == ShardOrientation.ROW_MAJOR)
        if len(cores) > 1:
            add(C.ranges_of(cores[:-1]), ct_pair(rows, half))
        add(C.ranges_of(cores[-1:]), ct_pair(rows_last, half_last))
    else:
        add(all_cores, ct_pair(rows, half))
    return O.ProgramEntry(prog, _rebinder(cfgs), all_cores.num_cores(), "concat_s2s_rm")


# ----------------------------------------------------------------------------- ConcatS2STiledProgramFactory
def _tiles_of_shard(t: Tensor) -> tuple[int, int]:
    h, w = t.memory_config().shard_spec.shape
    if h % TILE_SIZE:
        raise ShardSpecError(f"{OP}: Shard height must be aligned to tile height (shard {[h, w]}).\nFix: shard "
                             "heights a multiple of 32.")
    if w % TILE_SIZE:
        raise ShardSpecError(f"{OP}: Shard width must be aligned to tile width (shard {[h, w]}).\nFix: shard widths "
                             "a multiple of 32.")
    return h // TILE_SIZE, w // TILE_SIZE


def _s2s_tiled_checks(tensors, groups):
    for i, t in enumerate(tensors):
        if t.shape[-1] != t.padded_shape[-1]:
            raise ShapeError(f"{OP}: Cannot have padding along width dimension in input tensor {i} ({t.shape[-1]} != "
                             f"{t.padded_shape[-1]}).\nFix: last dims that are multiples of 32.")
    for i, t in enumerate(tensors):
        if t.padded_shape[-1] % groups:
            raise ShapeError(f"{OP}: Input tensor {i} columns must be evenly divisible by groups "
                             f"(W={t.padded_shape[-1]}, groups={groups}).\nFix: a groups value dividing every "
                             "input's last dim.")
    for i, t in enumerate(tensors):
        if t.padded_shape[-1] // groups < TILE_SIZE // 2:
            raise ShapeError(f"{OP}: Group size must be at least 16 for input{i} (was {t.padded_shape[-1] // groups})"
                             ".\nFix: fewer groups (the tiled program moves whole tile faces), or ROW_MAJOR inputs.")


def _s2s_tiled_factory(tensors, out: Tensor, dim: int, groups: int) -> O.ProgramEntry:
    """ConcatS2STiledProgramFactory::create_descriptor (concat_s2s_tiled_program_factory.cpp)."""
    _s2s_tiled_checks(tensors, groups)
    a = tensors[0]
    all_cores = a.memory_config().shard_spec.grid
    tiles = [_tiles_of_shard(t) for t in tensors]
    out_tiles = _tiles_of_shard(out)
    fmt = data_format(a.dtype)
    ts = formats.tile_size(fmt)
    n = len(tensors)
    prog = mh.CreateProgram()
    cfgs = [_shard_cb(prog, all_cores, i, tiles[i][0] * tiles[i][1] * ts, data_format(t.dtype), ts, t)
            for i, t in enumerate(tensors)]
    cfgs.append(_shard_cb(prog, all_cores, n, out_tiles[0] * out_tiles[1] * ts, data_format(out.dtype), ts, out))
    bf8 = a.dtype == DataType.BFLOAT8_B
    cb_fmt = data_format(DataType.BFLOAT16) if bf8 else fmt
    cb_ts = formats.tile_size(cb_fmt)
    w0, w1 = tiles[0][1], tiles[1][1]
    in0_t, in1_t, concat_cb, out_t = n + 1, n + 2, n + 3, n + 4
    O.cb(prog, all_cores, in0_t, w0, cb_fmt, page_size=cb_ts)
    O.cb(prog, all_cores, in1_t, w1, cb_fmt, page_size=cb_ts)
    O.cb(prog, all_cores, concat_cb, w0 + w1, cb_fmt, page_size=cb_ts)
    O.cb(prog, all_cores, out_t, w0 + w1, fmt, page_size=ts)
    batch = 16 // _esize(a.dtype)
    stride_ts = cb_ts if bf8 else ts
    single_packet = stride_ts * w0 // groups <= _NOC_MAX_BURST and stride_ts * w1 // groups <= _NOC_MAX_BURST
    ct = [0, 1, in0_t, in1_t, concat_cb, out_t, n, tiles[0][0], w0, tiles[1][0], w1, ts, groups, batch]
    defines = {}
    if bf8:
        defines["BF8"] = 1
    if single_packet:
        defines["USE_SINGLE_PACKET_READ"] = 1
    mh.CreateKernel(prog, _k("reader_height_sharded_width_concat_two_tensors_tiled"), all_cores,
                    ReaderDataMovementConfig(compile_args=ct, defines=defines))
    mh.CreateKernel(prog, _k("writer_height_sharded_width_concat_two_tensors_tiled"), all_cores,
                    WriterDataMovementConfig(compile_args=ct))
    wide = fmt in (formats.DataFormat.Float32, formats.DataFormat.Int32, formats.DataFormat.UInt32)
    mh.CreateKernel(prog, _k("height_sharded_width_concat_two_tensors"), all_cores, ComputeConfig(
        math_fidelity=MathFidelity.HiFi4, fp32_dest_acc_en=wide, math_approx_mode=False, compile_args=ct))
    return O.ProgramEntry(prog, _rebinder(cfgs), all_cores.num_cores(), "concat_s2s_tiled")


# ----------------------------------------------------------------------------- ConcatS2SMultiProgramFactory
def _s2s_multi_factory(tensors, out: Tensor, dim: int, groups: int) -> O.ProgramEntry:
    """ConcatS2SMultiProgramFactory::create_descriptor (concat_s2s_multi_program_factory.cpp)."""
    n = len(tensors)
    if n > _CB_DST:
        raise ShapeError(f"{OP}: Not enough circular buffer for {n} inputs.\nFix: at most {_CB_DST} sharded inputs "
                         "per concat (concat in steps).")
    height_concat = dim == 2
    fmt = data_format(out.dtype)
    rm = out.layout == Layout.ROW_MAJOR
    es = tensors[0].element_size()
    align = soc.L1_ALIGNMENT            # the inputs' buffer alignment (L1)
    specs = [t.memory_config().shard_spec for t in tensors]
    ospec = out.memory_config().shard_spec
    if rm:
        # tt-metal lists the output's shard width in elements (not bytes) among the stick sizes; kept as is
        sizes = [ospec.shape[1]] + [t.element_size() * s.shape[1] for t, s in zip(tensors, specs)]
        page = C.round_up(sizes[0], align)
        for s in sizes[1:]:
            page = math.gcd(page, C.round_up(s, align))
        per_w, per_h = page // es, 1
    else:
        page = formats.tile_size(fmt)
        per_w, per_h = TILE_SIZE, TILE_SIZE
    all_cores = specs[0].grid
    prog = mh.CreateProgram()
    cfgs = []
    pages_per_stick, sticks, offsets = [], [], []
    off = 0
    for i, (t, s) in enumerate(zip(tensors, specs)):
        pages_per_stick.append(C.div_up(s.shape[1], per_w))
        sticks.append(C.div_up(s.shape[0], per_h))
        offsets.append(off)
        n_pages = pages_per_stick[-1] * sticks[-1]
        cfgs.append(_shard_cb(prog, all_cores, i, page * n_pages, fmt, page, t))
        off += page * (n_pages if height_concat else pages_per_stick[-1])
    out_pps = C.div_up(ospec.shape[1], per_w)
    out_sticks = C.div_up(ospec.shape[0], per_h)
    cfgs.append(_shard_cb(prog, all_cores, _CB_DST, page * out_sticks * out_pps, fmt, page, out))
    stride = page * out_pps
    ct = [_CB_DST, page, stride, n]
    args0, args1 = [], []
    for i in range(n):
        first = C.div_up(sticks[i], 2)
        args0 += [pages_per_stick[i], first, offsets[i], 0]
        args1 += [pages_per_stick[i], sticks[i] - first, offsets[i] + stride * first,
                  page * pages_per_stick[i] * first]
    kern = _k("reader_s2s_tensor_concat")
    rk = mh.CreateKernel(prog, kern, all_cores, ReaderDataMovementConfig(compile_args=ct))
    wk = mh.CreateKernel(prog, kern, all_cores, WriterDataMovementConfig(compile_args=ct))
    cores = list(all_cores)
    for c in cores:
        mh.SetRuntimeArgs(prog, rk, c, args0)
        mh.SetRuntimeArgs(prog, wk, c, args1)
    return O.ProgramEntry(prog, _rebinder(cfgs), len(cores), "concat_s2s_multi")

