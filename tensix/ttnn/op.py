"""How an op runs: its program factory builds a tensix.metalium Program once per configuration (the program cache
key), the cached program gets this call's runtime arguments (buffer addresses, ...), runs on the simulated device,
and the run lands in the op report.

A program factory is a function `factory() -> ProgramEntry`; `ProgramEntry.set_runtime_args(tensors)` is called on
every run (first and cached) with the op's input and output tensors, as tt-metal's
`override_runtime_arguments`. Kernels are files in tensix/ttnn/kernels/ (one per tt-metal kernel, each naming the
tt-metal source it ports), loaded by path (`kernel_path("eltwise/reader_binary.py")`).

Helpers shared by the factories: `output_tensor` (allocate an op's result on the device), `spec_key` (a tensor's
part of a cache key), `cb` (a circular buffer of n tiles), `accessor_args`, `split_work`."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from tensix.device import formats
from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.accessor import TensorAccessorArgs
from tensix.metalium.types import CoreCoord
from tensix.ttnn import mesh, report, sub_device
from tensix.ttnn import tensor as T
from tensix.ttnn.errors import DeviceMismatchError, LayoutError, UnknownKeywordError
from tensix.ttnn.types import DRAM_MEMORY_CONFIG, DataType, Layout, MemoryConfig, data_format, describe_tile
from tensix.ttnn.tensor import Tensor

KERNELS = Path(__file__).resolve().parent / "kernels"


def kernel_path(rel: str) -> str:
    return str(KERNELS / rel)


@dataclass
class ProgramEntry:
    """A built program and how to give it one call's runtime arguments."""

    program: object
    set_runtime_args: object          # set_runtime_args(tensors: list[Tensor]) -> None
    cores: int
    name: str = ""
    extra: dict = field(default_factory=dict)


def spec_key(t: Tensor):
    """Everything about a tensor that shapes a program (not its address)."""
    return (tuple(t.shape), tuple(t.padded_shape), t.dtype, t.layout, t.memory_config())


def describe(t: Tensor) -> str:
    where = "host" if t._device is None else t.memory_config().buffer_type.name
    return f"{list(t.shape)} {t.dtype.name} {t.layout.name} {where}"


# ops whose programs handle other tiles themselves (their own checks refuse the tiles they do not model):
# ttnn.matmul / ttnn.linear (tensix.ttnn.operations.matmul _tile_config, tensix.kernel.tile_shape)
TILE_AWARE_OPS = frozenset({"ttnn.matmul", "ttnn.linear"})


def refuse_other_tiles(what: str, tensors, n_outputs: int = 0, first: int = 0) -> None:
    """Every op computes on 32x32 tiles in their normal face order: a tensor stored in another ttnn.Tile (a tiny tile,
    a transposed one; tensix.ttnn.tile_layout), or a view of one, raises NotModelledError naming the op, before the op
    could read its pages as 32x32 tiles. Called by device_of (the op's inputs) and run (inputs and outputs); `first`
    is the index of tensors[0] among the op's inputs. The ops of TILE_AWARE_OPS check their tiles themselves."""
    if what in TILE_AWARE_OPS:
        return
    n_in = len(tensors) - n_outputs
    for i, t in enumerate(tensors):
        if not isinstance(t, Tensor):
            continue
        tile = T.storage_tile(t) if t._device is not None else t._tile
        if tile is not None:
            which = f"input {first + i}" if i < n_in else f"output {i - n_in}"
            raise NotModelledError(
                f"{what}: {which} (shape {t.shape!r}) is stored in {describe_tile(tile)}; tensix.ttnn stores tensors "
                "in any ttnn.Tile but models its operations on 32x32 tiles in their normal face order only (tt-metal's "
                f"kernels for other tiles, with their LLK face and tile dimensions, are not ported).\nFix: make the "
                "tensor with the default tile (no tile= in ttnn.from_torch / ttnn.TensorSpec).")


def device_of(what: str, *tensors, nd_ok: bool = False):
    """The device all device tensors among `tensors` are on (refusing host tensors, deallocated ones, two
    devices and a closed device). ND-sharded tensors (tensix.ttnn.nd_sharded) are refused unless nd_ok: the op's
    program reaches its inputs through TensorAccessors only."""
    dev = None
    for i, t in enumerate(tensors):
        if t is None:
            continue
        t._check_alive(what)
        if t._device is None:
            raise DeviceMismatchError(
                f"{what}: input {i} (shape {t.shape!r}) is on the host; the op runs on the device.\nFix: "
                "ttnn.to_device(tensor, device) or ttnn.from_torch(..., device=device).")
        if dev is not None and t._device is not dev:
            raise DeviceMismatchError(f"{what}: the inputs are on different devices.\nFix: put them on one device.")
        refuse_other_tiles(what, [t], first=i)
        if not nd_ok and getattr(t._buffer, "nd_placement", False):
            raise NotModelledError(
                f"{what}: input {i} is ND-sharded ({t.memory_config().nd_shard_spec!r}, no legacy 2-D equivalent or "
                "in DRAM): tensix.ttnn stores such a tensor the way tt-metal's BufferDistributionSpec places it, and "
                f"only the ops whose programs reach it through TensorAccessors (tilize, untilize) take it; {what}'s "
                "ND-sharded program is not modelled.\nFix: create the tensor interleaved or with a legacy "
                "height / width / block shard spec for the op.")
        dev = t._device
    if dev is None:
        raise DeviceMismatchError(f"{what}: no input is on a device.")
    dev.sim     # refuses a closed device
    return dev


def refuse_unknown_kwargs(what: str, kwargs: dict) -> None:
    """An op's keyword arguments that its signature does not name: UnknownKeywordError (both NotModelledError and
    TypeError, see there), never dropped silently. queue_id=0 (or None) is the one command queue tensix has; another
    queue is refused with the rest."""
    left = {k: v for k, v in kwargs.items() if not (k == "queue_id" and v in (None, 0))}
    if left:
        raise UnknownKeywordError(
            f"{what}() got unexpected keyword argument(s) {sorted(left)}: tensix.ttnn does not model them (or they are "
            f"not ttnn's).\nFix: drop them, or check the spelling against ttnn's signature of {what}.")


def require_tile(what: str, t: Tensor, name: str = "input_tensor"):
    if t.layout != Layout.TILE:
        raise LayoutError(f"{what}: {name} is in {t.layout!r}; this op works on tiles.\nFix: "
                          f"ttnn.to_layout({name}, ttnn.TILE_LAYOUT) first (or from_torch(..., layout=ttnn.TILE_LAYOUT)).")


def output_tensor(device, shape, dtype: DataType, layout: Layout, memory_config: MemoryConfig | None) -> Tensor:
    """A new device tensor for an op's result (its buffer allocated, contents undefined until the op writes it)."""
    mc = memory_config or DRAM_MEMORY_CONFIG
    t = Tensor._make(shape, dtype, layout, device=device, memory_config=mc)
    t._buffer = T.allocate_buffer(device, t.num_pages * t.page_size, t.page_size, mc)
    return t


def cb(program, cores, index: int, num_tiles: int, dtype_or_format, page_size: int | None = None):
    """CreateCircularBuffer of `num_tiles` pages of the dtype's tile (or `page_size`) on `cores`."""
    fmt = dtype_or_format if isinstance(dtype_or_format, formats.DataFormat) else data_format(dtype_or_format)
    ps = page_size or formats.tile_size(fmt)
    cfg = mh.CircularBufferConfig(num_tiles * ps, {index: fmt}).set_page_size(index, ps)
    return mh.CreateCircularBuffer(program, cores, cfg)


def accessor_args(*tensors) -> list:
    """The compile-time words of TensorAccessorArgs for each tensor's buffer, concatenated."""
    out = []
    for t in tensors:
        out += TensorAccessorArgs(t._buffer).get_compile_time_args()
    return out


def grid_of(device) -> CoreCoord:
    return device.compute_with_storage_grid_size()


def split_work(device, units: int, row_wise: bool = True):
    """tt-metal split_work_to_cores over the device's compute grid: (cores in order, units per core)."""
    n, _all, g1, g2, n1, n2 = mh.split_work_to_cores(grid_of(device), units, row_wise)
    return [(c, n1) for c in g1] + [(c, n2) for c in g2]


def run(op: str, device, key, factory, tensors: list[Tensor], outputs: list[Tensor], attributes=None,
        started: float | None = None, runtime=None):
    """Run the op's program: from the device's program cache under `key`, else built by `factory()` and cached;
    record it in the op report. `tensors` are all the program's tensors, inputs first then outputs, as the entry's
    set_runtime_args expects them; `runtime`, if given, is passed on as its second argument (call values that are
    runtime args but not tensors, e.g. a binary op's scalar). Returns the report record."""
    t0 = time.perf_counter() if started is None else started
    refuse_other_tiles(op, tensors, len(outputs))
    cache = device.program_cache
    entry = cache.get(key)
    hit = entry is not None
    if not hit:
        entry = factory()
        cache.put(key, entry)
    if runtime is None:
        entry.set_runtime_args(tensors)
    else:
        entry.set_runtime_args(tensors, runtime)
    sim = device.sim
    sub_device.check_program(op, device, entry.program)     # a loaded sub-device manager confines programs
    run_info = mh.EnqueueProgram(sim.command_queue(), entry.program)
    inputs = tensors[: len(tensors) - len(outputs)]
    top = mesh.output_topology(inputs)      # update_output_tensor_topologies (device_operation.hpp)
    if top is not None:
        for t in outputs:
            mesh.set_topology(t, top)
    ins = [describe(t) for t in inputs if t is not None]
    return report.record(op, run_info, entry.cores, hit, time.perf_counter() - t0, ins,
                         [describe(t) for t in outputs], attributes or {}, entry.name)
