"""ttnn.pad's program factories for height-sharded row-major tensors in L1, as tt-metal 622c6fb9 runs them
(ttnn/cpp/ttnn/operations/data_movement/pad/device/): pad_device_operation.cpp select_program_factory sends a
HEIGHT_SHARDED L1 input with a HEIGHT_SHARDED output whose shard width is the padded width and whose shard height is
at least the input's (can_use_sharded_optimized_factory) to

- PadRmShardedWidthOnlyProgramFactory (pad_rm_sharded_width_only_program_factory.cpp) when only the width changes:
  each core pads its own shard's sticks in place (writer_pad_dims_rm_sharded_stickwise fills every output stick with
  the pad value, reader_pad_dims_rm_sharded_stickwise copies the input stick over it). As tt-metal's, the factory
  takes the stick's front padding from input_tensor_start[-3] (the channel offset, not the width one: pad.cpp's
  width-then-height recipe passes a zero there, so a width front pad would be dropped), and packs a uint16 pad value
  into the word's upper half, of which the writer stores the lower one (uint16 tensors would pad with 0): both
  refused (NotModelledError), the card's data would be wrong;
- PadRmShardedHeightOnlyProgramFactory (pad_rm_sharded_height_only_program_factory.cpp) when the width does not
  change: each output core reads runs of input sticks from the input shards' cores (reader_pad_dims_rm_sharded, the
  host's get_pad_runtime_args_rm_sharded listing, per output shard, the input cores in the order of a std::map over
  their NoC coordinates and the runs of consecutive stick ids on each) and writes pad sticks where the output lies
  outside the input (writer_pad_dims_rm_sharded)."""

from __future__ import annotations

from tensix.device import formats
from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.types import (CoreCoord, CoreRange, CoreRangeSet, ReaderDataMovementConfig,
                                   WriterDataMovementConfig)
from tensix.ttnn import op as O
from tensix.ttnn.operations import _dm_common as C
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import DataType, ShardOrientation, data_format, element_size

__all__ = ["width_only_factory", "height_only_factory"]

_L1_ALIGN = 16


def _k(name):
    return O.kernel_path(f"data_movement/{name}.py")


def _bf16_bits(v: float) -> int:
    import numpy as np
    return int(formats.fp32_to_bf16_rne(np.array([np.float32(v)]).view(np.uint32))[0])


def _u16(v: float) -> int:
    return int(v) & 0xFFFF


def _global_cb(prog, cores, index, total, page, fmt, buffer):
    cfg = mh.CircularBufferConfig(total, {index: fmt}).set_page_size(index, page)
    cfg.set_globally_allocated_address(buffer)
    mh.CreateCircularBuffer(prog, cores, cfg)
    return cfg


def _total_cores(dev) -> CoreRangeSet:
    g = dev.compute_with_storage_grid_size()
    return CoreRangeSet([CoreRange(CoreCoord(0, 0), CoreCoord(g.x - 1, g.y - 1))])


def width_only_factory(a: Tensor, out: Tensor, front, value: float) -> O.ProgramEntry:
    """PadRmShardedWidthOnlyProgramFactory::create_descriptor. Two inputs it gets wrong on the card are refused: a
    width front pad (its reader offsets the stick by input_tensor_start[-3], so the data would land at column 0) and a
    nonzero uint16 pad value (packed into the word's upper half, of which the writer stores the lower: the card would
    pad with 0)."""
    if front[-1]:
        raise NotModelledError(
            f"ttnn.pad: a front pad of {front[-1]} in the last dim of a height-sharded row-major tensor runs "
            "PadRmShardedWidthOnlyProgramFactory, whose reader takes the stick offset from input_tensor_start[-3] "
            "(tt-metal 622c6fb9), so the card would write the data at column 0 (wrong data); tensix.ttnn does not "
            "model that.\nFix: pad the end of the last dim only, or pad an interleaved tensor.")
    if a.dtype == DataType.UINT16 and _u16(value):
        raise NotModelledError(
            f"ttnn.pad: a uint16 pad value of {value} through PadRmShardedWidthOnlyProgramFactory: the factory packs "
            "it into the upper half of the fill word and the writer stores the lower half, so the card would pad with "
            "0 (wrong data); tensix.ttnn does not model that.\nFix: pad value 0, or pad an interleaved tensor.")
    dev = a._device
    es = element_size(a.dtype)
    unpadded = a.shape[-1] * es
    padded = out.shape[-1] * es
    sh_in = a.memory_config().shard_spec.shape[0]
    sh_out = out.memory_config().shard_spec.shape[0]
    cores = list(out._buffer.geom.cores)        # get_optimal_worker_cores_for_sharded_tensor(output)
    kcores = CoreRangeSet([CoreRange(c, c) for c in cores])
    total = _total_cores(dev)
    fmt = data_format(a.dtype)
    prog = mh.CreateProgram()
    cfg_in = _global_cb(prog, total, 0, sh_in * unpadded, unpadded, fmt, a._buffer)
    cfg_out = _global_cb(prog, total, 16, sh_out * padded, padded, fmt, out._buffer)
    O.cb(prog, total, 1, 1, fmt, page_size=padded)
    if a.dtype == DataType.BFLOAT16:
        word = _bf16_bits(value)
    elif a.dtype == DataType.FLOAT32:
        import struct
        word = struct.unpack("<I", struct.pack("<f", value))[0]
    elif a.dtype == DataType.UINT16:
        word = _u16(value) << 16            # pack_two_uint16_into_uint32({0, value}): the value in the upper half
    else:
        word = int(value) & 0xFFFFFFFF
    front_bytes = front[-3] * es            # input_tensor_start[-3], as tt-metal's factory reads it
    rct = [unpadded, padded, sh_in, sh_out, front_bytes, 0, 16, C.round_up(unpadded, _L1_ALIGN),
           C.round_up(padded, _L1_ALIGN)]
    wct = [padded, sh_out, word, element_size(out.dtype), 16, 1, C.round_up(padded, _L1_ALIGN)]
    rk = mh.CreateKernel(prog, _k("reader_pad_dims_rm_sharded_stickwise"), kcores,
                         ReaderDataMovementConfig(compile_args=rct))
    wk = mh.CreateKernel(prog, _k("writer_pad_dims_rm_sharded_stickwise"), kcores,
                         WriterDataMovementConfig(compile_args=wct))

    def set_args(tensors):
        src, dst = tensors
        cfg_in.set_globally_allocated_address(src._buffer)
        cfg_out.set_globally_allocated_address(dst._buffer)
        for core in cores:
            mh.SetRuntimeArgs(prog, rk, core, [])
            mh.SetRuntimeArgs(prog, wk, core, [])

    return O.ProgramEntry(prog, set_args, len(cores), "pad_rm_sharded_width_only")


def _group_runs(values: list) -> list:
    """group_contiguous_and_repeated_values: runs whose next value is the previous one or one more (uint32, so a
    -1 pad id followed by stick 0 joins its run, as on the host)."""
    runs = []
    for v in values:
        if runs and (v == runs[-1][-1] or v == (runs[-1][-1] + 1) & 0xFFFFFFFF):
            runs[-1].append(v)
        else:
            runs.append([v])
    return runs


def _height_only_args(dev, a: Tensor, out: Tensor, front, n_out_cores, row_major, sh_out, sh_in, start,
                      nx_in, ny_in) -> list:
    """get_pad_runtime_args_rm_sharded: per output core, (reader args, writer args)."""
    N, Cc, H = a.padded_shape[0], a.padded_shape[1], a.padded_shape[2]
    Hp, Cp = out.padded_shape[2], out.padded_shape[1]
    fn, fc, fh = front[0], front[1], front[2]
    sim = dev.sim if hasattr(dev, "sim") else dev
    ch = cc = cn = 0
    read = 0
    offset = [0, 0, 0, 0]
    result = []
    first = sim.worker_core_from_logical_core(start)
    for _ in range(n_out_cores):
        wargs = [sh_out, read, fn, fc, fh] + offset
        ids = []
        for _j in range(sh_out):
            if fh <= ch < H + fh and fc <= cc < Cc + fc and fn <= cn < N + fn:
                ids.append(read)
                read += 1
            elif ch < fh or cc < fc or cn < fn:
                ids.append(0xFFFFFFFE)          # front padding (-2)
            else:
                ids.append(0xFFFFFFFF)          # end padding (-1)
            ch += 1
            if ch == Hp:
                cc += 1
                ch = 0
                if cc == Cp:
                    cn += 1
                    cc = 0
        offset = [0, ch, cc, cn]
        # the sticks' cores, keyed as the host's std::map: (noc y, noc x) for ROW_MAJOR shards, else (x, y)
        prev = (first.y, first.x) if row_major else (first.x, first.y)
        core_map: dict = {}
        for sid in ids:
            if sid >= 0xFFFFFFFE:
                core_map.setdefault(prev, []).append(sid)
                continue
            shard = sid // sh_in
            in_shard = sid - shard * sh_in
            inner = nx_in if row_major else ny_in
            outer_id, inner_id = shard // inner, shard % inner
            lx = start.x + (inner_id if row_major else outer_id)
            ly = start.y + (outer_id if row_major else inner_id)
            if lx < start.x + nx_in and ly < start.y + ny_in:
                p = sim.worker_core_from_logical_core(CoreCoord(lx, ly))
                key = (p.y, p.x) if row_major else (p.x, p.y)
                core_map.setdefault(key, []).append(in_shard)
                prev = key
        keys = sorted(core_map)
        rargs = [len(keys)]
        for k in keys:
            rargs += [k[1], k[0]] if row_major else [k[0], k[1]]
        runs = [_group_runs(core_map[k]) for k in keys]
        rargs += [len(r) for r in runs]
        for r in runs:
            for chunk in r:
                rargs += [chunk[0], len(chunk)]
        result.append((rargs, wargs))
    return result


def height_only_factory(a: Tensor, out: Tensor, front, value: float) -> O.ProgramEntry:
    """PadRmShardedHeightOnlyProgramFactory::create_descriptor."""
    from tensix.ttnn.errors import ShapeError
    dev = a._device
    es = element_size(a.dtype)
    stick = a.shape[-1] * es
    stick_p = out.shape[-1] * es
    if stick != stick_p:
        raise ShapeError("ttnn.pad: sharded pad does not support pad on last dim currently as that will cause perf "
                         "degradation")
    N, Cc, H = a.shape[0], a.shape[1], a.shape[2]
    Np, Cp, Hp = out.shape[0], out.shape[1], out.shape[2]
    zero_size = _max_divisor(stick_p, 512)
    n_zero = stick_p // zero_size
    in_spec, out_spec = a.memory_config().shard_spec, out.memory_config().shard_spec
    sh_in, sh_out = in_spec.shape[0], out_spec.shape[0]
    row_major = in_spec.orientation == ShardOrientation.ROW_MAJOR
    bb_in, bb_out = in_spec.grid.bounding_box(), out_spec.grid.bounding_box()
    g_in, g_out = bb_in.grid_size(), bb_out.grid_size()
    n_out_cores = out_spec.num_cores()
    total = _total_cores(dev)
    fmt = data_format(a.dtype)
    prog = mh.CreateProgram()
    cfg_in = _global_cb(prog, total, 0, sh_in * stick, stick, fmt, a._buffer)
    cfg_out = _global_cb(prog, total, 16, sh_out * stick_p, stick_p, fmt, out._buffer)
    O.cb(prog, total, 1, 1, fmt, page_size=stick_p)
    if a.dtype in (DataType.INT32, DataType.UINT32):
        packed = int(value) & 0xFFFFFFFF
    elif a.dtype == DataType.UINT16:
        packed = (_u16(value) << 16) | _u16(value)
    else:
        b = _bf16_bits(value)
        packed = (b << 16) | b
    wct = [N + front[0], H + front[2], Cc + front[1], stick_p, Np, Hp, Cp, n_zero, zero_size, int(value != 0),
           packed, 16, stick_p // 16]
    kcores = out_spec.grid
    rk = mh.CreateKernel(prog, _k("reader_pad_dims_rm_sharded"), kcores,
                         ReaderDataMovementConfig(compile_args=[stick_p, sh_out]))
    wk = mh.CreateKernel(prog, _k("writer_pad_dims_rm_sharded"), kcores, WriterDataMovementConfig(compile_args=wct))
    args = _height_only_args(dev, a, out, front, n_out_cores, row_major, sh_out, sh_in, bb_in.start, g_in.x, g_in.y)
    per_core = []
    for i in range(n_out_cores):
        if row_major:
            core = CoreCoord(bb_out.start.x + i % g_out.x, bb_out.start.y + i // g_out.x)
        else:
            core = CoreCoord(bb_out.start.x + i // g_out.y, bb_out.start.y + i % g_out.y)
        per_core.append((core, args[i]))

    def set_args(tensors):
        src, dst = tensors
        cfg_in.set_globally_allocated_address(src._buffer)
        cfg_out.set_globally_allocated_address(dst._buffer)
        for core, (r, w) in per_core:
            mh.SetRuntimeArgs(prog, rk, core, r)
            mh.SetRuntimeArgs(prog, wk, core, w)

    return O.ProgramEntry(prog, set_args, len(per_core), "pad_rm_sharded_height_only")


def _max_divisor(n: int, limit: int) -> int:
    """tt::tt_metal::find_max_divisor(val, start_max_div): the largest divisor of n not above limit, skipping 5 and
    7 (work_split.cpp)."""
    for d in range(limit, 0, -1):
        if d in (5, 7):
            continue
        if n % d == 0:
            return d
    return 1
