"""ttnn::prim::copy's SameMemoryConfig program over a row-major legacy-sharded tensor in L1 (the SHARDED define), as
tt-metal 622c6fb9 builds it: copy/device/copy_same_memory_config_program_factory.cpp with shard_builder's host
args (ttnn/cpp/ttnn/operations/ccl/sharding_addrgen_helper.cpp) and the kernels reader_unary_stick_start_id /
writer_unary_stick_start_id (tensix.ttnn.kernels.data_movement, their ShardedAddrGen in sharding_addrgen).
ttnn.to_memory_config(t, its own config, output_tensor=...) of row-major shards reaches it when reshard and
sharded_to_interleaved refuse the tensor (shard rows that are not 16-byte aligned).

The tensor's rows are split over the grid (split_work_to_cores, column by column); each row is num_shards =
(row bytes) // (shard row bytes) pages, page row * num_shards + k, read from the input and written to the output at
the address ShardedAddrGen gives it (both from the input's shard layout: the configs are equal, so each page goes
back to the same core and offset in the output).

Faithful or loud: ShardedAddrGen numbers the cores in shard_builder's order (x-major for HEIGHT ROW_MAJOR and for
WIDTH / BLOCK COL_MAJOR, y-major otherwise; pages_per_tensor_row counts a partial last shard) while num_shards
floors; where those do not meet the tensor's own placement (a partial last shard column, a HEIGHT ROW_MAJOR grid of
several rows with fewer shards than cores, ...), the card copies other bytes or misses some. The host replays the
page addresses before running and raises NotModelledError when a row of the tensor would not be copied, or a page
would land outside the shards, instead of reproducing that."""

from __future__ import annotations

from tensix.device import soc
from tensix.device.memory import align
from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.types import CoreCoord, CoreRangeSet, ReaderDataMovementConfig, WriterDataMovementConfig
from tensix.ttnn import op as O
from tensix.ttnn.kernels.data_movement.sharding_addrgen import shard_coordinates
from tensix.ttnn.operations import _dm_common as C
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import BufferType, ShardOrientation, TensorMemoryLayout, data_format, element_size

_LAYOUT_VALUE = {TensorMemoryLayout.HEIGHT_SHARDED: 2, TensorMemoryLayout.WIDTH_SHARDED: 3,
                 TensorMemoryLayout.BLOCK_SHARDED: 4}
# shard_addr_gen_consts::ContiguityType (L1 values)
_L1_PADDING_BETWEEN_PAGES, _L1_PADDING_IN_RIGHTMOST_SHARD, _L1_NO_SHARD_PADDING = 0, 1, 2
_FIX = ("\nFix: ttnn.to_memory_config(t, ttnn.DRAM_MEMORY_CONFIG) then back to the sharded config, or shards whose "
        "width divides the tensor's width on a grid they fill.")


def _table_cores(t: Tensor) -> list:
    """shard_builder::get_shard_cores: the logical cores of the shard grid in ShardedAddrGen's core numbering."""
    mc = t.memory_config()
    spec = mc.shard_spec
    transposed = ((mc.memory_layout == TensorMemoryLayout.HEIGHT_SHARDED
                   and spec.orientation == ShardOrientation.ROW_MAJOR)
                  or (mc.memory_layout in (TensorMemoryLayout.WIDTH_SHARDED, TensorMemoryLayout.BLOCK_SHARDED)
                      and spec.orientation == ShardOrientation.COL_MAJOR))
    cores = []
    for r in spec.grid.ranges:
        if transposed:
            cores += [CoreCoord(x, y) for x in range(r.start.x, r.end.x + 1) for y in range(r.start.y, r.end.y + 1)]
        else:
            cores += [CoreCoord(x, y) for y in range(r.start.y, r.end.y + 1) for x in range(r.start.x, r.end.x + 1)]
    return cores


def compile_args(t: Tensor) -> list:
    """shard_builder::generate_compile_time_args (L1): layout, core count, aligned page size, pages per tensor row,
    contiguity, pages per shard width, rows per shard height (row-major pages are one shard row)."""
    g, buf = t._buffer.geom, t._buffer
    ncores = len(_table_cores(t))
    if buf.aligned_page_size != buf.page_size:
        contiguity = _L1_PADDING_BETWEEN_PAGES
    elif g.n_w == ncores:
        contiguity = _L1_NO_SHARD_PADDING
    else:
        contiguity = _L1_PADDING_IN_RIGHTMOST_SHARD
    return [_LAYOUT_VALUE[g.kind], ncores, buf.aligned_page_size, g.n_w, contiguity, 1, g.shard_h]


def run_time_args(dev, t: Tensor) -> list:
    """shard_builder::generate_run_time_args: the cores' NoC (x << 8 | y), two a word, the first in the high half."""
    sim = dev.sim
    words, held = [], None
    for c in _table_cores(t):
        n = sim.worker_core_from_logical_core(c)
        v = (n.x & 0xFF) << 8 | (n.y & 0xFF)
        if held is None:
            held = v
        else:
            words.append(held << 16 | v)
            held = None
    if held is not None:
        words.append(held << 16)
    return words


def _check(a: Tensor, info: list, num_rows: int, num_shards: int) -> None:
    """Replays the page addresses of rows 0 .. num_rows - 1 (pages row * num_shards + k) and checks that they land in
    the shards and that every row of every shard holding tensor data is copied."""
    g = a._buffer.geom
    table = _table_cores(a)
    shard_pages = g.shard_h
    touched = set()
    for page in range(num_rows * num_shards):
        core, core_page = shard_coordinates(info, page)
        if core >= len(table) or core_page >= shard_pages:
            raise NotModelledError(
                f"ttnn.to_memory_config: copy's SameMemoryConfig program (reader / writer_unary_stick_start_id with "
                f"shard_builder's ShardedAddrGen) puts page {page} at core number {core}, shard page {core_page}, "
                f"outside the {len(table)} cores' shards of {shard_pages} rows: tt-metal would write outside the "
                "output's shards, so tensix.ttnn does not model it." + _FIX)
        c = table[core]
        touched.add((c.x, c.y, core_page))
    for core, r, _c in g.shards:
        for pr in range(min(g.shard_h, g.height - r * g.shard_h)):
            if (core.x, core.y, pr) not in touched:
                raise NotModelledError(
                    f"ttnn.to_memory_config: copy's SameMemoryConfig program (ShardedAddrGen over {num_shards} "
                    f"pages a row, its cores in shard_builder's order) never copies row {pr} of the shard on core "
                    f"({core.x}, {core.y}): tt-metal's output would keep its old bytes there, so tensix.ttnn does not "
                    "model it." + _FIX)


def factory(dev, a: Tensor, out: Tensor, grid_work) -> O.ProgramEntry:
    """CopyDeviceOperation::SameMemoryConfig::create_descriptor for a row-major L1-sharded tensor, same dtype."""
    if a.memory_config().buffer_type != BufferType.L1:
        raise NotModelledError("ttnn.to_memory_config: copy's SameMemoryConfig program over a DRAM-sharded row-major "
                               "tensor (ShardedAddrGen's DRAM banks) is not modelled by tensix.ttnn." + _FIX)
    fmt = data_format(a.dtype)
    es = element_size(a.dtype)
    full_row = a.padded_shape[-1] * es
    unit = a.memory_config().shard_spec.shape[1] * es
    num_rows = a.padded_shape.volume() // a.padded_shape[-1]
    num_shards = full_row // unit
    info = compile_args(a)
    _check(a, info, num_rows, num_shards)
    grid = dev.compute_with_storage_grid_size()
    ws = C.split_work_to_cores(grid, num_rows)
    all_cores = CoreRangeSet(ws.all_ranges)
    prog = mh.CreateProgram()
    O.cb(prog, all_cores, 0, 2, fmt, page_size=align(unit, soc.L1_ALIGNMENT))
    rk = mh.CreateKernel(prog, O.kernel_path("data_movement/reader_unary_stick_start_id.py"), all_cores,
                         ReaderDataMovementConfig(compile_args=[0, unit] + info, defines={"SHARDED": 1}))
    wk = mh.CreateKernel(prog, O.kernel_path("data_movement/writer_unary_stick_start_id.py"), all_cores,
                         WriterDataMovementConfig(compile_args=[0, unit] + info, defines={"SHARDED": 1}))
    table = run_time_args(dev, a)
    work = grid_work(ws, grid, num_rows)

    def set_args(tensors):
        src, dst = tensors
        for core, n, start in work:
            mh.SetRuntimeArgs(prog, rk, core, [src.buffer_address(), unit, n, start, num_shards] + table)
            mh.SetRuntimeArgs(prog, wk, core, [dst.buffer_address(), unit, n, start, num_shards] + table)

    return O.ProgramEntry(prog, set_args, len(work), "copy_same_memory_config_sharded")
