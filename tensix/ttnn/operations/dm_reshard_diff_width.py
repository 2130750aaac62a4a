"""ttnn.reshard's ReshardGenericFactory between row-major shards of different widths (different input and output
page sizes), as tt-metal 622c6fb9 builds it: reshard/device/reshard_program_factory_generic.cpp
(get_core_page_ranges_diff_width, create_map_for_reshard, create_stride_of_strides_ret_map,
get_runtime_args_for_given_ranges_diff_width, ReshardGenericFactory::create_descriptor) with the reader
sharded/device/kernels/dataflow/reshard_reader_diff_width.cpp (tensix.ttnn.kernels.data_movement.
reshard_reader_diff_width).

Both sides' pages are cut into base pages of gcd(input page, output page) bytes. A row of the tensor is
`total_page_number` base pages; a row's pages hold more base pages than that when the last shard of the row is
partial, and get_core_page_ranges_diff_width drops those "invalid" base pages by subtracting, per row, a count it
finds on the first page of a last-in-row core. Each output core's shard then is a list of (input core, input base
page) entries (None for padding), compressed by create_map_for_reshard into strided page ranges and those by
create_stride_of_strides_ret_map into repeated blocks of ranges. The blocks split in two halves over the reader and
writer RISC-Vs, each running reshard_reader_diff_width.

Faithful or loud: tt-metal's host code finds the invalid count by a core's position in the first range of the shard
grid (core.x == grid width - 1, core.y for COL_MAJOR), packs core coordinates, page offsets and counts into 8- and
16-bit fields, and packs negative meta strides of cores into one word; where any of that makes the reads differ
from the tensor's (the shard grid not starting at core (0, 0) with a partial last shard, fields that overflow, a
core meta stride that is negative), the card's output shards would not hold the tensor. Before running, the
program's reads are replayed here with the kernel's 32-bit arithmetic and compared with the tensor's own page
placement; a mismatch raises NotModelledError naming the step, instead of reproducing the card's wrong data."""

from __future__ import annotations

import math
from dataclasses import dataclass

from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.types import CoreCoord, CoreRange, CoreRangeSet, ReaderDataMovementConfig, WriterDataMovementConfig
from tensix.ttnn import op as O
from tensix.ttnn.errors import TTNNError
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import ShardOrientation, data_format, element_size

_M32 = 0xFFFFFFFF
_MAX_RUNTIME_ARGS = 341            # tt_metal/api/tt-metalium/kernel_types.hpp max_runtime_args (Tensix cores)
_FIX = ("\nFix: ttnn.to_memory_config(t, ttnn.DRAM_MEMORY_CONFIG) then to the new sharded config, or shards whose "
        "grid starts at core (0, 0) and whose widths divide the tensor's width.")


def _page_map(t: Tensor) -> dict:
    # the legacy page mapping of dm_reshard (imported lazily: dm_reshard imports this module)
    from tensix.ttnn.operations.dm_reshard import _page_map as pm
    return pm(t)


def _is_last_in_row(core: CoreCoord, geom) -> bool:
    """get_core_page_ranges_diff_width's test: the core's x (y for COL_MAJOR) is the first range's width (height)
    minus one, a position in the range's size, not its coordinates."""
    r = geom.memory_config.shard_spec.grid.ranges[0]
    gx, gy = r.end.x - r.start.x + 1, r.end.y - r.start.y + 1
    if geom.orientation == ShardOrientation.COL_MAJOR:
        return core.y == gy - 1
    return core.x == gx - 1


def _num_invalid(pmap: dict, geom, per_orig: int, per_row: int, total: int, clamp: bool) -> int:
    """The invalid base pages of a row's last page, from the first mapped page (in the page mapping's order: core by
    core, device pages ascending) of a last-in-row core that has some. The input's loop clamps next_total to at
    least total_page_number, the output's does not (as in tt-metal); the differences are uint32."""
    for host_page, (core, _dpage) in pmap.items():
        valid = per_orig
        if _is_last_in_row(core, geom):
            base = host_page * per_orig
            nxt = ((base + per_row) // per_row) * total
            if clamp:
                nxt = max(nxt, total)
            valid = min((nxt - base) & _M32, per_orig)
        if per_orig - valid > 0:
            return per_orig - valid
    return 0


def _base_page_map(pmap: dict, per_orig: int, per_row: int, total: int, num_rows: int, invalid: int,
                   what: str) -> list:
    """host base page -> (core, device base page), as get_core_page_ranges_diff_width fills its vector (size
    total_page_number * num_rows, default-initialized to (core (0, 0), page 0); later pages overwrite)."""
    out = [(CoreCoord(0, 0), 0)] * (total * num_rows)
    for host_page, (core, dpage) in pmap.items():
        base = host_page * per_orig
        nxt = max(((base + per_row) // per_row) * total, total)
        # invalid_mapping[total * i] = (i - 1) * invalid for i in 1..num_rows; another key reads 0 (operator[])
        row = nxt // total
        if 1 <= row <= num_rows:
            base -= (row - 1) * invalid
        valid = min((nxt - base) & _M32, per_orig)
        if base < 0 or base + valid > len(out):
            raise NotModelledError(
                f"ttnn.reshard: get_core_page_ranges_diff_width maps the {what}'s page {host_page} to base pages "
                f"{base}..{base + valid - 1}, outside its table of {len(out)} (its invalid-page count, {invalid}, does "
                f"not fit this shard grid): tt-metal writes past its vector there, so tensix.ttnn does not model "
                f"it.{_FIX}")
        d0 = dpage * per_orig
        for i in range(valid):
            out[base + i] = (core, d0 + i)
    return out


def core_vectors(a: Tensor, out: Tensor):
    """get_core_page_ranges_diff_width up to create_map_for_reshard: for each output core with data (in the output
    page mapping's order), its shard's base pages as (input core, input base page) or None; and the base page
    size."""
    ig, og = a._buffer.geom, out._buffer.geom
    in_page, out_page = a._buffer.page_size, out._buffer.page_size
    base = math.gcd(in_page, out_page)
    ipo, opo = in_page // base, out_page // base
    width = a.shape[-1]
    num_rows = math.prod(tuple(a.shape)[:-1]) if len(a.shape) > 1 else 1
    total = -(-width * element_size(a.dtype) // base)
    in_row = ipo * -(-width // ig.shard_w)
    out_row = opo * -(-width // og.shard_w)
    for g, per_row in ((ig, in_row), (og, out_row)):
        if len(g.memory_config.shard_spec.grid.ranges) > 1 and per_row != total:
            raise NotModelledError(
                "ttnn.reshard: ReshardGenericFactory with different page sizes over a shard grid of several core "
                "ranges with a partial last shard per row: get_core_page_ranges_diff_width finds the last shard of a "
                "row by the first range's size, which tensix.ttnn does not model for several ranges." + _FIX)
    in_pm, out_pm = _page_map(a), _page_map(out)
    inv_in = _num_invalid(in_pm, ig, ipo, in_row, total, clamp=True)
    inv_out = _num_invalid(out_pm, og, opo, out_row, total, clamp=False)
    in_map = _base_page_map(in_pm, ipo, in_row, total, num_rows, inv_in, "input")
    out_map = _base_page_map(out_pm, opo, out_row, total, num_rows, inv_out, "output")
    vecs: dict = {}
    for host_page, (core, dpage) in enumerate(out_map):
        v = vecs.setdefault((core.x, core.y), [])
        if len(v) <= dpage:
            v.extend([None] * (dpage + 1 - len(v)))
        v[dpage] = in_map[host_page]
    return vecs, base


# ------------------------------------------------------------------------------ create_stride_of_strides_ret_map
@dataclass
class _Block:
    base_pattern: list          # dm_reshard._PageStride
    meta_strides: list          # ((dx, dy), ddata) per pattern entry, as signed integers
    num_repeats: int


def _shape_key(p) -> tuple:
    """are_strides_structurally_equal compares these fields (not the start core and page)."""
    return (p.stride_size, p.stride_core, p.stride_data, p.num_strides, p.skip)


def compress(strides: list) -> list:
    """create_stride_of_strides_ret_map for one core: from each position, the pattern length whose repetitions
    (structurally equal ranges whose start core and page advance by the same meta stride each time) cover the most
    ranges (the first such length on ties) becomes a block; no repetition: a block of one range."""
    blocks = []
    keys = [_shape_key(p) for p in strides]
    n = len(strides)
    i = 0
    while i < n:
        best_len, best_rep, best_meta = 0, 1, None
        for plen in range(1, n - i + 1):
            if i + 2 * plen > n:                # no room for a repetition at this length or any longer one
                break
            if keys[i] != keys[i + plen] or (n - i) // plen * plen <= best_len * best_rep:
                continue                        # no repetition, or it cannot cover more than the best one
            pattern = keys[i:i + plen]
            rep = 1
            while i + (rep + 1) * plen <= n and keys[i + rep * plen:i + (rep + 1) * plen] == pattern:
                rep += 1
            if rep <= 1:
                continue
            meta = []
            for k in range(plen):
                b, r = strides[i + k], strides[i + plen + k]
                meta.append(((r.start_core.x - b.start_core.x, r.start_core.y - b.start_core.y),
                             r.start_data - b.start_data))
            for r in range(1, rep):
                ok = True
                for k in range(plen):
                    o, c = strides[i + k], strides[i + r * plen + k]
                    (mx, my), md = meta[k]
                    if (c.start_core.x, c.start_core.y) != (o.start_core.x + r * mx, o.start_core.y + r * my) or \
                            c.start_data != o.start_data + r * md:
                        ok = False
                        break
                if not ok:
                    rep = r
                    break
            if rep > 1 and plen * rep > best_len * best_rep:
                best_len, best_rep, best_meta = plen, rep, meta
        if best_len:
            blocks.append(_Block(strides[i:i + best_len], best_meta, best_rep))
            i += best_len * best_rep
        else:
            blocks.append(_Block([strides[i]], [((0, 0), 0)], 1))
            i += 1
    return blocks


def range_args(blocks: list, first: int, end: int, output_page_offset: int, n_coords: int) -> list:
    """get_runtime_args_for_given_ranges_diff_width without the NoC coordinates and the input address: the pages
    this half fills, its block count, its output page offset, then per block num_repeats, the pattern length and
    five words per pattern entry (the meta stride's core (x << 16 | y) and page, then the range's three words), all
    truncated to 32 bits as tt-metal's uint32 runtime args are.

    The page count is summed through a reference to its vector element (`auto& num_output_pages_for_this_call =
    runtime_args.emplace_back(0)`), taken in a vector copied from the n_coords NoC coordinates (capacity n_coords,
    doubling when full, as libstdc++ and libc++ grow it): once a push reallocates the vector, the later sums go to
    the freed storage and the word keeps what was summed before. The factory passes that word to the second half
    as its output page offset, so it is modelled as stored; check() refuses the reads it makes wrong."""
    words = []
    size = cap = n_coords
    ref_valid = True

    def push(n):
        nonlocal size, cap, ref_valid
        for _ in range(n):
            if size == cap:
                cap = max(2 * cap, 1)
                ref_valid = False
            size += 1

    push(2)                                     # input address, then the page count the reference points at
    ref_valid = True
    push(2)                                     # the block count and the output page offset
    stored = 0
    for b in blocks[first:end]:
        words += [b.num_repeats, len(b.base_pattern)]
        in_pattern = 0
        for ps, ((mx, my), md) in zip(b.base_pattern, b.meta_strides):
            words += [(((mx & _M32) << 16) | (my & _M32)) & _M32, md & _M32,
                      ((ps.start_core.x << 24) | (ps.start_core.y << 16) | (ps.stride_core[0] << 8)
                       | ps.stride_core[1]) & _M32,
                      ((ps.stride_data << 16) | ps.start_data) & _M32,
                      ((ps.stride_size << 16) | (ps.num_strides << 8) | int(ps.skip)) & _M32]
            in_pattern += ps.stride_size * ps.num_strides
        push(2 + 5 * len(b.base_pattern))
        if ref_valid:
            stored = (stored + in_pattern * b.num_repeats) & _M32
    return [stored, end - first, output_page_offset] + words


def replay(args: list, grid_x: int, grid_y: int, unit: int):
    """The reads reshard_reader_diff_width makes from `args` (the words after the input address), in its 32-bit
    arithmetic: yields (output base page, x index, y index, input byte offset, bytes); (page, None, ...) for a
    skipped range. A core index outside the grid yields None for it (the kernel would read another argument as a
    NoC coordinate)."""
    num_blocks, out_off = args[1], args[2]
    pos = out_off
    a = 3
    for _ in range(num_blocks):
        num_repeats, plen = args[a], args[a + 1]
        a += 2
        for r in range(num_repeats):
            p = a
            for _ in range(plen):
                msc, msd, css, sdo, sns = args[p:p + 5]
                p += 5
                sx, sy = (css >> 8) & 0xFF, css & 0xFF
                nstr, skip = (sns >> 8) & 0xFF, (sns & 0xFF) == 1
                sdata = sdo >> 16
                npg = sns >> 16
                size = npg * unit & _M32
                xi = ((css >> 24) + r * (msc >> 16)) & _M32
                yi = (((css >> 16) & 0xFF) + r * (msc & 0xFFFF)) & _M32
                off = (((sdo & 0xFFFF) + r * msd) & _M32) * unit & _M32
                for _s in range(nstr):
                    yield (pos, None if skip else (xi if xi < grid_x else None),
                           None if skip else (yi if yi < grid_y else None), off, npg, skip)
                    pos += npg
                    off = (off + sdata * unit + (size if sx == 0 and sy == 0 else 0)) & _M32
                    xi, yi = (xi + sx) & _M32, (yi + sy) & _M32
        a += plen * 5


def _truth(a: Tensor, out: Tensor, base: int) -> dict:
    """Where each output core's base page must come from for the shard to hold the tensor: {(x, y): {output base
    page: (input core, input base page)}} for the base pages holding tensor bytes (the others are padding)."""
    ig, og = a._buffer.geom, out._buffer.geom
    in_page, out_page = a._buffer.page_size, out._buffer.page_size
    ipo, opo = in_page // base, out_page // base
    row_bytes = a.shape[-1] * element_size(a.dtype)
    in_pm = _page_map(a)
    truth: dict = {}
    for host_page, (core, dpage) in _page_map(out).items():
        row, c = divmod(host_page, og.n_w)
        t = truth.setdefault((core.x, core.y), {})
        for i in range(opo):
            byte = c * out_page + i * base
            if byte >= row_bytes:
                break
            c_in, rest = divmod(byte, in_page)
            icore, idp = in_pm[row * ig.n_w + c_in]
            t[dpage * opo + i] = (icore, idp * ipo + rest // base)
    return truth


def check(a: Tensor, out: Tensor, per_core_args: dict, base: int, grid_x: int, grid_y: int,
          offsets: dict | None = None) -> None:
    """Replays both RISC-Vs' reads of every output core and compares them with the tensor's page placement; raises
    NotModelledError (the card's shard would not hold the tensor) on the first difference. offsets: {core: (the
    second half's output page offset as tt-metal passes it, the first half's true page count)}, named in the message
    when they differ."""
    truth = _truth(a, out, base)
    og = out._buffer.geom
    shard_pages = og.shard_h * (out._buffer.page_size // base)
    for key, halves in per_core_args.items():
        got = {}
        for args in halves:
            for pos, xi, yi, off, npg, skip in replay(args, grid_x, grid_y, base):
                for k in range(npg):
                    got[pos + k] = None if skip or xi is None or yi is None else \
                        ((xi, yi), (off // base + k) if off % base == 0 else None)
        past = [p for p in got if p >= shard_pages]
        if past:
            raise NotModelledError(
                f"ttnn.reshard: ReshardGenericFactory with different page sizes (reshard_reader_diff_width): "
                f"output core ({key[0]}, {key[1]})'s reads reach base page {max(past)} of a shard of {shard_pages}: "
                "tt-metal writes past the output shard there, so tensix.ttnn does not model this reshard." + _FIX)
        for page, (icore, ipage) in truth.get(key, {}).items():
            if got.get(page) != ((icore.x, icore.y), ipage):
                passed, true = (offsets or {}).get(key, (0, 0))
                if passed != true:
                    raise NotModelledError(
                        f"ttnn.reshard: ReshardGenericFactory with different page sizes: "
                        f"get_runtime_args_for_given_ranges_diff_width sums the first half's page count through a "
                        f"reference into its runtime-arg vector that the vector's growth leaves dangling, so output "
                        f"core ({key[0]}, {key[1]})'s second RISC-V gets output page offset {passed} instead of "
                        f"{true} and writes over the first half's pages: the card's output would not be the tensor, "
                        "so tensix.ttnn does not model this reshard." + _FIX)
                raise NotModelledError(
                    f"ttnn.reshard: ReshardGenericFactory with different page sizes (reshard_reader_diff_width): "
                    f"output core ({key[0]}, {key[1]})'s base page {page} should come from input core "
                    f"({icore.x}, {icore.y}) base page {ipage}, but tt-metal's page ranges "
                    f"(get_core_page_ranges_diff_width, create_stride_of_strides_ret_map and their bit-packed "
                    f"runtime args) read {got.get(page)} (core indices, base page) there: the card's output would "
                    f"not be the tensor, so tensix.ttnn does not model this reshard." + _FIX)


def factory(dev, a: Tensor, out: Tensor, strides_of, phys: list, kernel: str) -> O.ProgramEntry:
    """ReshardGenericFactory::create_descriptor with different input and output page sizes (both in L1):
    the output shard is c_16 (allocated in the output buffer, page size the output page), reshard_reader_diff_width
    on both RISC-Vs of the output's cores with compile-time args (c_16, grid x, grid y, base page, base page)."""
    grid = dev.sim.compute_with_storage_grid_size()
    og = out._buffer.geom
    cores = list(og.cores)                       # get_optimal_worker_cores_for_sharded_tensor(output)
    all_cores = CoreRangeSet([CoreRange(c, c) for c in cores])
    fmt = data_format(a.dtype)
    dst_cb = 16
    vecs, base = core_vectors(a, out)
    total = og.shard_h * og.shard_w * element_size(a.dtype)
    prog = mh.CreateProgram()
    cfg = mh.CircularBufferConfig(total, {dst_cb: fmt}).set_page_size(dst_cb, out._buffer.page_size)
    cfg.set_globally_allocated_address(out._buffer)
    mh.CreateCircularBuffer(prog, all_cores, cfg)
    ct = [dst_cb, grid.x, grid.y, base, base]
    k0 = mh.CreateKernel(prog, kernel, all_cores, ReaderDataMovementConfig(compile_args=ct))
    k1 = mh.CreateKernel(prog, kernel, all_cores, WriterDataMovementConfig(compile_args=ct))
    work, per_core, offsets = [], {}, {}
    for core in cores:
        blocks = compress(strides_of(vecs.get((core.x, core.y), []), core))
        half = -(-len(blocks) // 2)
        args0 = range_args(blocks, 0, half, 0, len(phys))
        args1 = range_args(blocks, half, len(blocks), args0[0], len(phys))
        offsets[(core.x, core.y)] = (args0[0], sum(sum(p.stride_size * p.num_strides for p in b.base_pattern)
                                                   * b.num_repeats for b in blocks[:half]))
        for args in (args0, args1):
            n = len(phys) + 1 + len(args)
            if n > _MAX_RUNTIME_ARGS:
                raise TTNNError(
                    f"ttnn.reshard: ReshardGenericFactory gives core ({core.x}, {core.y})'s "
                    f"reshard_reader_diff_width {n} runtime args, over tt-metal's limit of {_MAX_RUNTIME_ARGS} per "
                    f"kernel and core (tt-metal fails there too: its page ranges do not compress into fewer).\nFix: "
                    "ttnn.to_memory_config(t, ttnn.DRAM_MEMORY_CONFIG) then to the new sharded config, or output "
                    "shards of fewer rows.")
        per_core[(core.x, core.y)] = (args0, args1)
        work.append((core, args0, args1))
    check(a, out, per_core, base, grid.x, grid.y, offsets)

    return two_reader_entry(prog, cfg, k0, k1, phys, work, len(cores), "reshard_generic_diff_width")


def two_reader_entry(prog, cfg, k0, k1, phys, work, ncores, name) -> O.ProgramEntry:
    """The ReshardGenericFactory programs' runtime arguments (both page-size cases): the output CB on the output's
    buffer, and per core its two readers' words after the physical core table and the input's address."""
    def set_args(tensors):
        src, dst = tensors
        cfg.set_globally_allocated_address(dst._buffer)
        addr = src.buffer_address()
        for core, args0, args1 in work:
            mh.SetRuntimeArgs(prog, k0, core, phys + [addr] + args0)
            mh.SetRuntimeArgs(prog, k1, core, phys + [addr] + args1)

    return O.ProgramEntry(prog, set_args, ncores, name)
