"""ttnn.reshard: a sharded tensor into another sharded memory config, as tt-metal 622c6fb9 runs it
(ttnn/cpp/ttnn/operations/data_movement/sharded/reshard/; ttnn.to_memory_config calls it for sharded -> sharded,
see tensix.ttnn.operations.dm_memory.to_memory_config).

- validate_inputs and select_program_factory: reshard/device/reshard_device_operation.cpp. With legacy 2-D shard
  specs on both sides (is_valid_for_legacy_reshard): HEIGHT -> HEIGHT runs ReshardSameWidthFactory<local_is_output>
  (local_is_output when the output is in L1); ROW_MAJOR WIDTH -> WIDTH with an L1 output runs
  ReshardSameHeightFactory<true> unless a shard grid row covers more than the tensor's width (then the generic
  factory); everything else runs ReshardGenericFactory. Without legacy specs the ND factories
  (NdReshardCopyPagesFactory, NdReshardCopyLocalShardFactory) run.
- ReshardSameWidthFactory<true>: reshard_program_factory_same_width.cpp. One program on the cores holding output
  shards; the output shard is the CB (allocated in the output buffer); reshard_same_width_reader runs on both
  RISC-Vs, each reading half of the core's units (tiles, or shard rows) as runs of consecutive units out of the
  input shards (by L1 bank id).
- ReshardGenericFactory with equal input / output page sizes: reshard_program_factory_generic.cpp
  (get_core_page_ranges, create_map_for_reshard: for each output core, the input (core, page) of each of its shard's
  pages, compressed into strided page ranges; the ranges split in two halves over the reader and writer RISC-Vs
  running reshard_reader, which reads through the grid's NoC coordinates).
- ReshardGenericFactory with different page sizes (row-major shards of different widths):
  tensix.ttnn.operations.dm_reshard_diff_width (get_core_page_ranges_diff_width's base pages of gcd(page sizes),
  create_stride_of_strides_ret_map's repeated blocks, reshard_reader_diff_width), refusing the page ranges that
  would not reproduce the tensor on a card (see that module).
- ReshardSameHeightFactory<true>: reshard_program_factory_same_height.cpp with
  data_movement/common/common.cpp compute_width_sharding_reshard_segments: each output core reads, for every
  input shard overlapping its columns, the overlapping column segment of every row (reshard_same_height_reader on
  both RISC-Vs, the rows split in two halves).

- The ND factories, when either side has no legacy shard spec (is_valid_for_legacy_reshard fails):
  NdReshardCopyLocalShardFactory<local_is_input> (nd_reshard_program_factory_copy_local.cpp: both RISC-Vs of the
  local buffer's cores with data run nd_reshard_copy_local_shards over every other of the core's shards; the local
  buffer is the input unless it is in DRAM) and NdReshardCopyPagesFactory (nd_reshard_program_factory_copy_pages.cpp,
  DRAM -> DRAM: the whole grid, the pages split evenly, nd_reshard_copy_pages_reader / _writer through a one-page CB).

Not modelled (NotModelledError, each naming the factory): legacy DRAM-sharded sides (ReshardSameWidthFactory<false>,
ReshardSameHeightFactory<false> and the DRAM sides of the others), ReshardGenericFactory with different input and
output page sizes where tt-metal's page ranges would read the wrong pages (dm_reshard_diff_width), the ND factories
between pages of different (aligned) sizes (they copy page p to page p, or by byte offsets that assume both sides'
pages tile the tensor alike, so tt-metal's result is not the tensor) and
NdReshardCopyLocalShardFactory with legacy shard specs on both sides (its width / gcd branch), and
ReshardSameWidthFactory's `unaligned` path in L1 (row-major shard rows that are not a multiple of 16 bytes:
tt-metal's reader packs such rows unit_size apart while the buffer holds them 16-byte aligned, so its result is not
the tensor)."""

from __future__ import annotations

import time
from dataclasses import dataclass

from tensix.device import formats, soc
from tensix.device.memory import align
from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.types import CoreCoord, CoreRange, CoreRangeSet, ReaderDataMovementConfig, WriterDataMovementConfig
from tensix.ttnn import op as O
from tensix.ttnn.errors import ShardSpecError, TTNNError
from tensix.ttnn.operations import _dm_common as C
from tensix.ttnn.operations import dm_reshard_diff_width as DW
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.tensor_spec import resolve_memory_config
from tensix.ttnn.types import (TILE_SIZE, BufferType, DataType, Layout, MemoryConfig, ShardOrientation,
                               TensorMemoryLayout, data_format, element_size)

__all__ = ["reshard"]

_H = TensorMemoryLayout.HEIGHT_SHARDED
_W = TensorMemoryLayout.WIDTH_SHARDED
_B = TensorMemoryLayout.BLOCK_SHARDED


def _k(name):
    return O.kernel_path(f"data_movement/{name}.py")


def _crs(cores) -> CoreRangeSet:
    return CoreRangeSet([CoreRange(c, c) for c in cores])


def _max_l1_size(device) -> int:
    """l1_size_per_core() - the allocator's L1 base (to_memory_config_op.cpp's CB capacity checks)."""
    return soc.L1_SIZE - soc.L1_UNRESERVED_BASE


def _l1_bank_id(core) -> int:
    """Allocator::get_bank_ids_from_logical_core(L1, core)[0]: tensix's L1 banks are the worker cores row by row
    (tensix.device.interleave.L1_BANK_NOC)."""
    return core.y * soc.GRID_X + core.x


def _page_size(t_or_geom_dtype, layout, shard_w) -> int:
    return formats.tile_size(data_format(t_or_geom_dtype)) if layout == Layout.TILE else \
        shard_w * element_size(t_or_geom_dtype)


# ------------------------------------------------------------------------------------------------- validation
def validate_inputs(a: Tensor, mc: MemoryConfig, output_tensor=None) -> tuple[bool, str]:
    """ReshardDeviceOperation::validate_inputs (legacy specs; `mc` already resolved to its legacy equivalent)."""
    if not a.is_sharded():
        return False, "input must be sharded"
    if output_tensor is not None:
        o = output_tensor
        for what, got, want in (("logical shape", tuple(a.shape), tuple(o.shape)), ("dtype", a.dtype, o.dtype),
                                ("layout", a.layout, o.layout)):
            if got != want:
                return False, f"Input tensor {what} ({got}) must equal output tensor {what} ({want})"
        mc = o.memory_config()
    if not mc.is_sharded():
        return False, "output must be sharded"
    im = a.memory_config()
    if a.layout == Layout.ROW_MAJOR and not (im.memory_layout == _H and mc.memory_layout == _H):
        in_page = a._buffer.page_size
        if in_page != align(in_page, soc.L1_ALIGNMENT if im.buffer_type == BufferType.L1 else soc.DRAM_ALIGNMENT):
            w_in = im.shard_spec.shape[1] if im.shard_spec is not None else 0
            return False, (f"Input row-major shard width {w_in} with data type {a.dtype.name} gives "
                           f"page size {in_page} bytes, which must be aligned to {soc.L1_ALIGNMENT} bytes for reshard")
        w = mc.shard_spec.shape[1] if mc.shard_spec is not None else mc.nd_shard_spec.shard_shape[-1]
        out_page = w * element_size(a.dtype)
        if out_page % soc.L1_ALIGNMENT:
            return False, (f"Output row-major shard width {w} with data type {a.dtype.name} gives page size "
                           f"{out_page} bytes, which must be aligned to {soc.L1_ALIGNMENT} bytes for reshard")
    return True, ""


def _legacy(a: Tensor, mc: MemoryConfig) -> bool:
    """is_valid_for_legacy_reshard (both have legacy shard specs; at least one buffer in L1 for HEIGHT / WIDTH ->
    same layout, else the output in L1)."""
    im = a.memory_config()
    if im.shard_spec is None or mc.shard_spec is None:
        return False
    if im.memory_layout == mc.memory_layout and im.memory_layout != _B:
        return im.buffer_type == BufferType.L1 or mc.buffer_type == BufferType.L1
    return mc.buffer_type == BufferType.L1


def can_use_reshard(a: Tensor, mc: MemoryConfig, raw_has_shard_spec: bool, output_tensor=None) -> bool:
    """to_memory_config_op.cpp can_use_reshard (no dtype): validate_inputs, then the scratch CB of an unaligned
    HEIGHT -> HEIGHT reshard must fit L1."""
    ok, _ = validate_inputs(a, mc, output_tensor)
    if not ok:
        return False
    im = a.memory_config()
    legacy = False
    if im.shard_spec is not None and raw_has_shard_spec:
        if im.memory_layout == mc.memory_layout and im.memory_layout != _B:
            legacy = im.buffer_type == BufferType.L1 or mc.buffer_type == BufferType.L1
        else:
            legacy = mc.buffer_type == BufferType.L1
    if legacy and im.memory_layout == _H and mc.memory_layout == _H:
        local_is_output = mc.buffer_type == BufferType.L1
        remote = im if local_is_output else mc
        if a.layout == Layout.TILE:
            unit = formats.tile_size(data_format(a.dtype))
            remote_units = remote.shard_spec.shape[0] * remote.shard_spec.shape[1] // (TILE_SIZE * TILE_SIZE)
        else:
            unit = im.shard_spec.shape[1] * element_size(a.dtype)
            remote_units = remote.shard_spec.shape[0]
        al = {BufferType.L1: soc.L1_ALIGNMENT, BufferType.DRAM: soc.DRAM_ALIGNMENT}
        local_al = al[mc.buffer_type if local_is_output else im.buffer_type]
        remote_al = al[remote.buffer_type]
        if align(unit, remote_al) != unit or align(unit, local_al) != unit:
            if remote_units * align(unit, remote_al) >= _max_l1_size(None):
                return False
    return True


# --------------------------------------------------------------------------------------------------- reshard
def reshard(input_tensor: Tensor, output_memory_config: MemoryConfig, output_tensor=None, **kwargs) -> Tensor:
    """ttnn.reshard(input_tensor, output_memory_config, output_tensor=None): the sharded tensor in another sharded
    memory config, by ReshardDeviceOperation's program factories (see the module docstring for which are
    modelled)."""
    O.refuse_unknown_kwargs("ttnn.reshard", kwargs)
    started = time.perf_counter()
    op = "ttnn.reshard"
    a = input_tensor
    dev = O.device_of(op, a, nd_ok=True)        # ND-sharded sides are refused below, naming the factory
    if output_tensor is not None:
        O.device_of(op, a, output_tensor, nd_ok=True)
    if not isinstance(output_memory_config, MemoryConfig):
        raise TTNNError(f"{op}: output_memory_config must be a ttnn.MemoryConfig, got "
                        f"{type(output_memory_config).__name__}.")
    mc = output_memory_config
    if mc.is_sharded():
        mc = resolve_memory_config(mc, a.shape, a.dtype, a.layout, a.padded_shape, strict=False)
    ok, msg = validate_inputs(a, mc, output_tensor)
    if not ok:
        raise ShardSpecError(f"{op}: {msg}.\nFix: a sharded input and output (row-major shard rows a multiple of "
                             "16 bytes unless HEIGHT -> HEIGHT), or ttnn.to_memory_config, which falls back to "
                             "sharded_to_interleaved -> interleaved_to_sharded.")
    if output_tensor is not None:
        mc = output_tensor.memory_config()
    im = a.memory_config()
    kind_in, kind_out = im.memory_layout, mc.memory_layout
    if not _legacy(a, mc):
        return _nd_reshard(op, dev, a, mc, output_tensor, started)
    if mc.buffer_type != BufferType.L1 or im.buffer_type != BufferType.L1:
        if kind_in == _H and kind_out == _H:      # reshard_device_operation.cpp: the local side is the L1 one
            factory = ("ReshardSameWidthFactory<local_is_output=false> (writing DRAM shards)"
                       if mc.buffer_type != BufferType.L1 else
                       "ReshardSameWidthFactory<local_is_output=true> (reading DRAM shards)")
        else:
            factory = "its DRAM-sharded Reshard program factories"
        raise NotModelledError(
            f"{op}: resharding {im.buffer_type.name} {kind_in.name} -> {mc.buffer_type.name} {kind_out.name} runs "
            f"{factory}, which tensix.ttnn does not model (DRAM-sharded tensors are stored as tt-metal places them and "
            "reached through TensorAccessors; these factories address the DRAM banks from L1 shards).\nFix: shard in "
            "L1 on both sides (buffer_type=ttnn.BufferType.L1), or go through ttnn.DRAM_MEMORY_CONFIG.")
    if kind_in == _H and kind_out == _H:
        name = "ReshardSameWidthFactory<local_is_output=true>"
    elif a.layout == Layout.ROW_MAJOR and kind_in == _W and kind_out == _W:
        name = "ReshardGenericFactory" if _width_has_padding(a, im, mc) else "ReshardSameHeightFactory<local_is_output=true>"
    else:
        name = "ReshardGenericFactory"
    out_dtype = a.dtype
    if name.startswith("ReshardSameWidth"):
        unit = _page_size(a.dtype, a.layout, im.shard_spec.shape[1])
        if align(unit, soc.L1_ALIGNMENT) != unit:
            raise NotModelledError(
                f"{op}: {name} with row-major shard rows of {unit} bytes (not a multiple of 16) takes its `unaligned` "
                "path, whose reader (reshard_same_width_reader.cpp) packs the rows unit_size apart in the output "
                "shard while the L1 buffer holds them 16-byte aligned: tt-metal's result is not the tensor, so "
                "tensix.ttnn does not model it.\nFix: a row width (last dim x element size) that is a multiple of "
                "16 bytes, or ttnn.to_memory_config(t, ttnn.DRAM_MEMORY_CONFIG) then to the new config.")
    diff_width = name == "ReshardGenericFactory" and (
        _page_size(a.dtype, a.layout, im.shard_spec.shape[1]) != _page_size(a.dtype, a.layout, mc.shard_spec.shape[1]))
    if output_tensor is None:
        out = C.make_output(dev, a.shape, out_dtype, a.layout, mc, padded=a.padded_shape)
    else:
        out = output_tensor
    if name.startswith("ReshardSameWidth"):
        factory = lambda: _same_width_factory(dev, a, out)     # noqa: E731
    elif name.startswith("ReshardSameHeight"):
        factory = lambda: _same_height_factory(dev, a, out)    # noqa: E731
    elif diff_width:
        kern = _k("reshard_reader_diff_width")
        factory = lambda: DW.factory(dev, a, out, _strides, _noc_coords(dev), kern)     # noqa: E731
    else:
        factory = lambda: _generic_factory(dev, a, out)        # noqa: E731
    key = ("reshard", name, O.spec_key(a), O.spec_key(out))
    O.run(op, dev, key, factory, [a, out], [out], {"factory": name}, started)
    return out


def _width_has_padding(a: Tensor, im: MemoryConfig, mc: MemoryConfig) -> bool:
    """select_program_factory's has_padding: the first range of a shard grid (its row, or its column when one
    core wide) times the shard width exceeds the tensor's last dim."""
    def cores_along(grid):
        r = grid.ranges[0]
        gx, gy = r.end.x - r.start.x + 1, r.end.y - r.start.y + 1
        return gy if gx == 1 else gx
    w = a.shape[-1]
    return (cores_along(im.shard_spec.grid) * im.shard_spec.shape[1] > w
            or cores_along(mc.shard_spec.grid) * mc.shard_spec.shape[1] > w)


def _geom(t: Tensor):
    return t._buffer.geom


def _tensor_pages(t: Tensor) -> int:
    """Buffer::num_pages() of a legacy-sharded tensor: the pages of its physical shape (tiles, or shard-wide row
    pieces), without the padding of partial shards."""
    g = _geom(t)
    if t.layout == Layout.TILE:
        return (g.height // TILE_SIZE) * (g.width // TILE_SIZE)
    return g.height * g.n_w


# ------------------------------------------------------------------------------------- ReshardSameWidthFactory
def _same_width_factory(dev, a: Tensor, out: Tensor) -> O.ProgramEntry:
    """ReshardSameWidthFactory<local_is_output=true>::create_descriptor (both buffers in L1, aligned units)."""
    local, remote = out, a
    lg, rg = _geom(local), _geom(remote)
    local_cores = list(lg.cores)                 # get_optimal_worker_cores_for_sharded_tensor (L1: cores with data)
    remote_cores = list(rg.cores)                # buffer_distribution_spec().cores_with_data()
    fmt = data_format(local.dtype)
    if local.layout == Layout.TILE:
        unit = formats.tile_size(fmt)
        local_ups = lg.shard_h * lg.shard_w // (TILE_SIZE * TILE_SIZE)
        remote_ups = rg.shard_h * rg.shard_w // (TILE_SIZE * TILE_SIZE)
    else:
        unit = lg.shard_w * element_size(local.dtype)
        local_ups, remote_ups = lg.shard_h, rg.shard_h
    local_pad, remote_pad = align(unit, soc.L1_ALIGNMENT), align(unit, soc.L1_ALIGNMENT)
    unaligned = local_pad != unit or remote_pad != unit
    assert not unaligned, "refused in reshard()"
    cb_index, cb_scratch = 0, 1
    all_cores = _crs(local_cores)
    prog = mh.CreateProgram()
    cfg = mh.CircularBufferConfig(local_ups * unit, {cb_index: fmt}).set_page_size(cb_index, unit)
    cfg.set_globally_allocated_address(local._buffer)
    mh.CreateCircularBuffer(prog, all_cores, cfg)
    ct = [cb_index, 0, int(unaligned), unit, local_pad, remote_pad, cb_scratch]
    kern = _k("reshard_same_width_reader")
    kids = [mh.CreateKernel(prog, kern, all_cores, ReaderDataMovementConfig(compile_args=ct)),
            mh.CreateKernel(prog, kern, all_cores, WriterDataMovementConfig(compile_args=ct))]
    remote_idx, remote_rem = 0, remote_ups
    left = _tensor_pages(local)
    work = []                                    # (kernel, core, args after the remote address)
    for core in local_cores:
        per_core = min(left, local_ups)
        left -= per_core
        per_kernel = C.div_up(per_core, len(kids))
        start = 0
        for kid in kids:
            args = [0, 0]
            todo = min(per_core, per_kernel)
            if todo:
                n = 0
                args[0] = start
                start += todo * unit
                while todo > 0:
                    if remote_rem == 0:
                        remote_idx += 1
                        remote_rem = remote_ups
                    k = min(remote_rem, todo)
                    args += [_l1_bank_id(remote_cores[remote_idx]), (remote_ups - remote_rem) * remote_pad, k]
                    per_core -= k
                    todo -= k
                    remote_rem -= k
                    n += 1
                args[1] = n
            work.append((kid, core, args))

    def set_args(tensors):
        src, dst = tensors
        cfg.set_globally_allocated_address(dst._buffer)
        addr = src.buffer_address()
        for kid, core, args in work:
            mh.SetRuntimeArgs(prog, kid, core, [addr, *args])

    return O.ProgramEntry(prog, set_args, len(local_cores), "reshard_same_width")


# ---------------------------------------------------------------------------------------- ReshardGenericFactory
def _page_map(t: Tensor) -> dict:
    """BufferPageMapping of a legacy-sharded buffer: host page -> (core, device page in the core's shard); the
    padding pages of partial shards are not mapped."""
    g = _geom(t)
    if t.layout == Layout.TILE:
        th, tw = g.height // TILE_SIZE, g.width // TILE_SIZE
    else:
        th, tw = g.height, g.n_w
    m = {}
    for core, r, c in g.shards:
        for pr in range(g.pages_h):
            row = r * g.pages_h + pr
            if row >= th:
                break
            for pc in range(g.pages_w):
                col = c * g.pages_w + pc
                if col >= tw:
                    break
                m[row * tw + col] = (core, pr * g.pages_w + pc)
    return m


@dataclass
class _PageStride:
    start_core: CoreCoord
    start_data: int
    stride_size: int
    stride_core: tuple          # (x, y)
    stride_data: int
    num_strides: int
    skip: bool


def _strides(vec: list, output_core) -> list:
    """create_map_for_reshard for one output core: its shard's pages (input (core, page) or None for padding) as
    PageStrides. Ported step by step, including its conservative stops (a run continues on the same core or with
    the same offset on the next core)."""
    out = []
    n = len(vec)
    i = 0
    while i < n:
        if vec[i] is None:
            j = i
            while j + 1 < n and vec[j + 1] is None:
                j += 1
            size = j - i + 1
            out.append(_PageStride(output_core, 0, size, (0, 0), 0, 1, True))
            i += size
            continue
        start_core, start_data = vec[i]
        stride_core, stride_data = (0, 0), 0
        if i + 1 == n:
            out.append(_PageStride(start_core, start_data, 1, stride_core, 0, 1, False))
            break
        last = i
        k = i + 1
        while k < n and vec[k] is not None:
            if vec[last][0] != vec[k][0] or vec[last][1] + 1 != vec[k][1]:
                break
            last = k
            k += 1
        stride_size = last - i + 1
        s_it = i + stride_size
        last_s = i
        if s_it != n and vec[s_it] is not None:
            nxt, prv = vec[s_it], vec[last_s]
            if nxt[0] == prv[0] and nxt[1] > prv[1]:
                stride_data = nxt[1] - prv[1] - stride_size
            elif nxt[0] != prv[0] and nxt[0].x >= vec[i][0].x and nxt[0].y >= vec[i][0].y and nxt[1] == vec[i][1]:
                stride_core = (nxt[0].x - vec[i][0].x, nxt[0].y - vec[i][0].y)
            else:
                out.append(_PageStride(start_core, start_data, stride_size, stride_core, 0, 1, False))
                i = s_it
                continue
        num_strides = 1
        while s_it != n and vec[s_it] is not None:
            complete = True
            inner, last_inner = s_it + 1, s_it
            for _ in range(stride_size - 1):
                # (tt-metal dereferences past the end here when fewer pages are left than a stride: not a stride)
                if inner >= n or vec[inner] is None or vec[inner][0] != vec[last_inner][0] or \
                        vec[inner][1] != vec[last_inner][1] + 1:
                    complete = False
                    break
                last_inner = inner
                inner += 1
            if not complete:
                break
            num_strides += 1
            last_s = inner - 1
            s_it = inner
            if s_it == n or vec[s_it] is None:
                break
            nxt, cur = vec[s_it], vec[last_s]
            if (nxt[0].x - cur[0].x != stride_core[0] or nxt[0].y - cur[0].y != stride_core[1]
                    or abs(nxt[1] - cur[1]) != stride_data):
                break
        out.append(_PageStride(start_core, start_data, stride_size, stride_core, stride_data, num_strides, False))
        i = s_it
    return out


def _range_args(phys: list, strides: list, output_page_offset: int, first: int, end: int) -> tuple[list, int]:
    """get_runtime_args_for_given_ranges (ALL_STRIDES) without the input address (set per call): the words after
    the NoC coordinates and the pages they fill."""
    words = []
    pages = 0
    for ps in strides[first:end]:
        if ps.num_strides > 0:
            vals = (ps.start_core.x, ps.start_core.y, ps.stride_core[0], ps.stride_core[1])
            if max(vals) > 0xFF or ps.stride_data > 0xFFFF or ps.start_data > 0xFFFF or \
                    ps.stride_size > 0xFFFF or ps.num_strides > 0xFF:
                raise NotModelledError(
                    f"ttnn.reshard: ReshardGenericFactory packs a page range into bit fields (cores 8 bits, page "
                    f"offsets and stride sizes 16 bits, strides 8 bits); this range ({ps}) overflows them, so "
                    "tt-metal's reader would read the wrong pages.\nFix: smaller shards, or ttnn.to_memory_config(t, "
                    "ttnn.DRAM_MEMORY_CONFIG) then to the new config.")
            words += [(vals[0] << 24) | (vals[1] << 16) | (vals[2] << 8) | vals[3],
                      (ps.stride_data << 16) | ps.start_data,
                      (ps.stride_size << 16) | (ps.num_strides << 8) | int(ps.skip)]
            pages += ps.stride_size * ps.num_strides
    return [pages, end - first, output_page_offset] + words, pages


def _noc_coords(dev) -> list:
    """ReshardGenericFactory's physical_core_coords: the NoC x of each grid column, then the NoC y of each row."""
    sim = dev.sim
    grid = sim.compute_with_storage_grid_size()
    return ([sim.worker_core_from_logical_core(CoreCoord(i, 0)).x for i in range(grid.x)]
            + [sim.worker_core_from_logical_core(CoreCoord(0, i)).y for i in range(grid.y)])


def _generic_factory(dev, a: Tensor, out: Tensor) -> O.ProgramEntry:
    """ReshardGenericFactory::create_descriptor with equal input and output page sizes (reshard_reader)."""
    grid = dev.sim.compute_with_storage_grid_size()
    dst_cb = 16
    og = _geom(out)
    cores = list(og.cores)                       # get_optimal_worker_cores_for_sharded_tensor(output)
    all_cores = _crs(cores)
    fmt = data_format(a.dtype)
    if a.layout == Layout.TILE:
        page = unit = formats.tile_size(fmt)
        total = og.shard_h * og.shard_w // (TILE_SIZE * TILE_SIZE) * unit
    else:
        page = unit = a._buffer.page_size        # gcd(input page, output page) = the page (equal sizes)
        total = og.shard_h * og.shard_w * element_size(a.dtype)
    prog = mh.CreateProgram()
    cfg = mh.CircularBufferConfig(total, {dst_cb: fmt}).set_page_size(dst_cb, out._buffer.page_size)
    cfg.set_globally_allocated_address(out._buffer)
    mh.CreateCircularBuffer(prog, all_cores, cfg)
    ct = [dst_cb, grid.x, grid.y, page, unit]
    kern = _k("reshard_reader")
    k0 = mh.CreateKernel(prog, kern, all_cores, ReaderDataMovementConfig(compile_args=ct))
    k1 = mh.CreateKernel(prog, kern, all_cores, WriterDataMovementConfig(compile_args=ct))
    phys = _noc_coords(dev)
    # get_core_page_ranges: each output core's shard pages -> the input (core, page) holding them
    in_map = _page_map(a)
    per_core: dict = {}
    for host_page, (core, dpage) in _page_map(out).items():
        v = per_core.setdefault((core.x, core.y), [])
        if len(v) <= dpage:
            v.extend([None] * (dpage + 1 - len(v)))
        v[dpage] = in_map[host_page]
    work = []
    for core in cores:
        strides = _strides(per_core.get((core.x, core.y), []), core)
        half = C.div_up(len(strides), 2)
        args0, pages0 = _range_args(phys, strides, 0, 0, half)
        args1, _ = _range_args(phys, strides, pages0, half, len(strides))
        work.append((core, args0, args1))

    return DW.two_reader_entry(prog, cfg, k0, k1, phys, work, len(cores), "reshard_generic")


# ------------------------------------------------------------------------------------ ReshardSameHeightFactory
def _width_segments(local_shape, remote_shape, local_cores, remote_cores, es):
    """sharded_common.cpp compute_width_sharding_reshard_segments: per local core, the (size, local offset,
    remote bank id, remote offset) byte segments of one row; the rows, and the local / remote row strides."""
    lw, rw = local_shape[1], remote_shape[1]
    assert local_shape[0] == remote_shape[0]
    per_core = []
    local_off = remote_off = 0
    ridx = 0
    for lidx in range(len(local_cores)):
        segs = []
        while local_off < lw:
            rem_in, rem_out = lw - local_off, rw - remote_off
            final = lidx >= len(local_cores) - 1 and ridx >= len(remote_cores) - 1
            size = rem_out if final else min(rem_in, rem_out)
            segs.append((es * size, es * local_off, _l1_bank_id(remote_cores[ridx]), es * remote_off))
            local_off += size
            remote_off += size
            if remote_off == rw:
                ridx += 1
                remote_off = 0
            if final:
                break
        local_off = 0
        per_core.append(segs)
    return per_core, local_shape[0], es * lw, es * rw


def _same_height_factory(dev, a: Tensor, out: Tensor) -> O.ProgramEntry:
    """ReshardSameHeightFactory<local_is_output=true>::create_descriptor (row-major, both buffers in L1)."""
    local, remote = out, a
    lg, rg = _geom(local), _geom(remote)
    local_cores, remote_cores = list(lg.cores), list(rg.cores)
    es = element_size(local.dtype)
    if lg.n_w * lg.shard_w != lg.width or rg.n_w * rg.shard_w != rg.width:
        # not reached: select_program_factory sends shard grids wider than the tensor to the generic factory
        raise NotModelledError(
            "ttnn.reshard: ReshardSameHeightFactory with a partial last shard: its final segment would run past the "
            "local shard, which tensix.ttnn does not model.\nFix: shard widths that divide the tensor's width.")
    fmt = data_format(local.dtype)
    unit = lg.shard_w * es
    cb_index = 0
    all_cores = _crs(local_cores)
    prog = mh.CreateProgram()
    cfg = mh.CircularBufferConfig(rg.shard_h * unit, {cb_index: fmt}).set_page_size(cb_index, unit)
    cfg.set_globally_allocated_address(local._buffer)
    mh.CreateCircularBuffer(prog, all_cores, cfg)
    ct = [cb_index, 0]
    kern = _k("reshard_same_height_reader")
    k0 = mh.CreateKernel(prog, kern, all_cores, ReaderDataMovementConfig(compile_args=ct))
    k1 = mh.CreateKernel(prog, kern, all_cores, WriterDataMovementConfig(compile_args=ct))
    segs, sticks, lstride, rstride = _width_segments((lg.shard_h, lg.shard_w), (rg.shard_h, rg.shard_w),
                                                     local_cores, remote_cores, es)
    n0 = sticks // 2
    n1 = sticks - n0
    work = []
    for core, core_segs in zip(local_cores, segs):
        w0, w1 = [], []
        for size, loff, bank, roff in core_segs:
            w0 += [size, loff, bank, roff]
            w1 += [size, loff + n0 * lstride, bank, roff + n0 * rstride]
        work.append((core, w0, w1, len(core_segs)))

    def set_args(tensors):
        src, dst = tensors
        cfg.set_globally_allocated_address(dst._buffer)
        addr = src.buffer_address()
        for core, w0, w1, n in work:
            mh.SetRuntimeArgs(prog, k0, core, [n0, lstride, rstride, addr, n, *w0])
            mh.SetRuntimeArgs(prog, k1, core, [n1, lstride, rstride, addr, n, *w1])

    return O.ProgramEntry(prog, set_args, len(local_cores), "reshard_same_height")


# ------------------------------------------------------------------------------------------ ND reshard factories
def _nd_reshard(op, dev, a: Tensor, mc: MemoryConfig, output_tensor, started) -> Tensor:
    """reshard_device_operation.cpp select_program_factory without legacy shard specs on both sides: both in DRAM
    NdReshardCopyPagesFactory; else NdReshardCopyLocalShardFactory<local_is_input> (false when the input is in
    DRAM). Both copy page p of the input to page p of the output (the local-shard kernel through byte offsets that
    reduce to that when neither side has a legacy shard spec), so tensix runs them when the two buffers' page sizes
    and aligned page sizes are equal; otherwise their result is not the tensor (a page copied over its neighbour or
    to another byte offset) and NotModelledError is raised."""
    im = a.memory_config()
    if im.buffer_type == BufferType.DRAM and mc.buffer_type == BufferType.DRAM:
        name = "NdReshardCopyPagesFactory"
    else:
        local_is_input = im.buffer_type != BufferType.DRAM
        name = f"NdReshardCopyLocalShardFactory<local_is_input={str(local_is_input).lower()}>"
    out = output_tensor if output_tensor is not None else \
        C.make_output(dev, a.shape, a.dtype, a.layout, mc, padded=a.padded_shape, nd_ok=True)
    ib, ob = a._buffer, out._buffer
    fix = ("\nFix: the same shard width on both sides (row-major), or go through ttnn.DRAM_MEMORY_CONFIG "
           "(ttnn.to_memory_config twice).")
    if (ib.page_size, ib.aligned_page_size) != (ob.page_size, ob.aligned_page_size):
        raise NotModelledError(
            f"{op}: {name} between pages of {ib.page_size} bytes ({ib.aligned_page_size} aligned) and "
            f"{ob.page_size} ({ob.aligned_page_size} aligned): its kernels copy page by page (or by byte offsets that "
            "assume the pages tile the tensor alike), so tt-metal's result is not the tensor; tensix.ttnn does not "
            f"model it.{fix}")
    if name.startswith("NdReshardCopyLocalShard") and im.shard_spec is not None and \
            out.memory_config().shard_spec is not None:
        raise NotModelledError(
            f"{op}: {name} with legacy shard specs on both sides (its source / destination width and gcd transfer "
            f"size branch) is not modelled.{fix}")
    if name == "NdReshardCopyPagesFactory":
        factory = lambda: _nd_copy_pages_factory(dev, a, out)           # noqa: E731
    else:
        factory = lambda: _nd_copy_local_factory(dev, a, out, im.buffer_type != BufferType.DRAM)   # noqa: E731
    key = ("reshard", name, O.spec_key(a), O.spec_key(out))
    O.run(op, dev, key, factory, [a, out], [out], {"factory": name}, started)
    return out


def _cores_with_data(buf):
    """BufferDistributionSpec::cores_with_data (the cores holding at least one shard, in distribution order) and
    num_shards, for an ND-sharded or a legacy-sharded buffer."""
    g = buf.geom
    if hasattr(g, "num_shards"):                # tensix.ttnn.nd_sharded.NdGeometry
        cores = [CoreCoord(x, y) for x, y in g.cores[:min(g.num_shards, len(g.cores))]]
        return cores, g.num_shards
    return list(g.cores), len(g.shards)


def _nd_copy_local_factory(dev, a: Tensor, out: Tensor, local_is_input: bool) -> O.ProgramEntry:
    """NdReshardCopyLocalShardFactory<local_is_input>::create_descriptor (nd_reshard_program_factory_copy_local.cpp):
    nd_reshard_copy_local_shards on both RISC-Vs of the local buffer's cores with data, BRISC on shards i, i + 2n,
    ..., NCRISC on i + n, i + 3n, ... (n cores). Neither side has a legacy shard spec here (the factory refuses
    that branch), so source and destination widths are the logical row's bytes and the transfer is the local
    aligned page."""
    local, other = (a._buffer, out._buffer) if local_is_input else (out._buffer, a._buffer)
    cores, num_shards = _cores_with_data(local)
    stride = len(cores) * 2
    es = 1 if a.dtype in (DataType.BFLOAT8_B, DataType.BFLOAT4_B) else element_size(a.dtype)  # Tensor::element_size
    logical_width = a.shape[-1] * es
    ct = O.accessor_args(a) + O.accessor_args(out) + [local.aligned_page_size, other.aligned_page_size,
                                                      int(local_is_input), logical_width, logical_width,
                                                      logical_width, local.aligned_page_size]
    prog = mh.CreateProgram()
    grid = _crs(cores)
    kern = _k("nd_reshard_copy_local_shards")
    brisc = mh.CreateKernel(prog, kern, grid, WriterDataMovementConfig(compile_args=ct))
    ncrisc = mh.CreateKernel(prog, kern, grid, ReaderDataMovementConfig(compile_args=ct))
    for i, core in enumerate(cores):
        mh.SetRuntimeArgs(prog, brisc, core, [i])
        mh.SetRuntimeArgs(prog, ncrisc, core, [i + stride // 2])

    def set_args(tensors):
        src, dst = tensors
        for k in (brisc, ncrisc):
            mh.SetCommonRuntimeArgs(prog, k, [src.buffer_address(), dst.buffer_address(), num_shards, stride])

    return O.ProgramEntry(prog, set_args, len(cores), "nd_reshard_copy_local_shard")


def _nd_copy_pages_factory(dev, a: Tensor, out: Tensor) -> O.ProgramEntry:
    """NdReshardCopyPagesFactory::create_descriptor (nd_reshard_program_factory_copy_pages.cpp): the whole compute
    grid (corerange_to_cores, row-wise for a ROW_MAJOR input shard orientation), the input's pages split evenly in
    page-id order (the first `remainder` cores one more), each page through a one-page c_0."""
    grid_size = dev.compute_with_storage_grid_size()
    grid = CoreRangeSet([CoreRange(CoreCoord(0, 0), CoreCoord(grid_size.x - 1, grid_size.y - 1))])
    spec = a.memory_config().nd_shard_spec
    cores = C.corerange_to_cores(grid, None, row_wise=spec.orientation == ShardOrientation.ROW_MAJOR)
    page = a._buffer.aligned_page_size
    prog = mh.CreateProgram()
    O.cb(prog, grid, 0, 1, data_format(a.dtype), page_size=page)
    rk = mh.CreateKernel(prog, _k("nd_reshard_copy_pages_reader"), grid,
                         ReaderDataMovementConfig(compile_args=O.accessor_args(a) + [0, page]))
    wk = mh.CreateKernel(prog, _k("nd_reshard_copy_pages_writer"), grid,
                         WriterDataMovementConfig(compile_args=O.accessor_args(out)
                                                  + [0, page, out._buffer.aligned_page_size]))
    num_pages = a._buffer.geom.num_pages
    per, rem = divmod(num_pages, len(cores))
    start = 0
    for core in cores:
        n = per + (1 if rem > 0 else 0)
        rem -= 1 if rem > 0 else 0
        mh.SetRuntimeArgs(prog, rk, core, [start, start + n])
        mh.SetRuntimeArgs(prog, wk, core, [start, start + n])
        start += n

    def set_args(tensors):
        src, dst = tensors
        mh.SetCommonRuntimeArgs(prog, rk, [src.buffer_address()])
        mh.SetCommonRuntimeArgs(prog, wk, [dst.buffer_address()])

    return O.ProgramEntry(prog, set_args, len(cores), "nd_reshard_copy_pages")
