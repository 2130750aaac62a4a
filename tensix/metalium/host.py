"""Host API with Metalium's names: devices, buffers, programs, kernels, CBs, semaphores, command queue.

EnqueueProgram runs the program to completion on the simulated device (the scheduler is synchronous), so
Finish() has nothing left to wait for; device time is reported by device.profiler.last_run()."""

from __future__ import annotations

import types
import weakref
from pathlib import Path

import numpy as np

from tensix.device import hostcopy, soc
from tensix.device.cb import CircularBuffer
from tensix.device.device import CommandQueue, Device
from tensix.device.errors import (CircularBufferConfigError, DeviceError, KernelError, L1OverflowError,
                                  RuntimeArgError)
from tensix.device.interleave import L1_BANK_NOC, aligned_page_size, num_banks
from tensix.device.memory import align
from tensix.device.noc import NocTiming
from tensix.device.scheduler import Scheduler, gc_paused
from tensix.kernel import _ctx
from tensix.kernel.dataflow import NUM_SEMAPHORES, SEMAPHORE_BASE, SEMAPHORE_STRIDE
from tensix.metalium.types import (BufferType, ComputeConfig, CoreCoord, CoreRangeSet,
                                   DataMovementConfig, DataMovementProcessor, to_core_set)

_devices: dict[int, Device] = {}


def CreateDevice(device_id: int = 0, *args, **kwargs) -> Device:
    if device_id != 0:
        raise DeviceError(f"CreateDevice({device_id}): tensix simulates one Wormhole n150 (device 0).\n"
                          "Fix: use device id 0.")
    dev = Device(device_id)
    _devices[device_id] = dev
    return dev


def CloseDevice(device: Device) -> bool:
    device.closed = True
    _devices.pop(device.id, None)
    return True


def _cq_device(cq) -> Device:
    return cq.device if isinstance(cq, CommandQueue) else cq


# ---- buffers --------------------------------------------------------------------------------------------
class InterleavedBufferConfig:
    def __init__(self, device, size, page_size, buffer_type=BufferType.DRAM):
        self.device, self.size, self.page_size, self.buffer_type = device, int(size), int(page_size), buffer_type


class Buffer:
    def __init__(self, cfg: InterleavedBufferConfig):
        if cfg.page_size <= 0 or cfg.size <= 0:
            raise DeviceError(f"CreateBuffer: size={cfg.size} and page_size={cfg.page_size} must be positive.\n"
                              "Fix: give a positive size and page size (e.g. one tile).")
        self.device = cfg.device
        self.size, self.page_size, self.buffer_type = cfg.size, cfg.page_size, cfg.buffer_type
        self.is_dram = cfg.buffer_type == BufferType.DRAM
        self.aligned_page_size = aligned_page_size(self.page_size, self.is_dram)
        self.num_pages = -(-self.size // self.page_size)
        self.nbanks = num_banks(self.is_dram)
        self.pages_per_bank = -(-self.num_pages // self.nbanks)
        per_bank = self.pages_per_bank * self.aligned_page_size
        if self.is_dram:
            self._address = self.device.dram.allocate(per_bank)
        else:
            top = max((c.program_top for c in self.device.cores.values()), default=soc.L1_UNRESERVED_BASE)
            self._address = self.device.l1_alloc.allocate(per_bank, top)
        self._per_bank = per_bank
        self.deallocated = False
        self.device.allocated_buffers.add(self)

    def __del__(self):
        """A buffer nobody refers to any more gives its memory back, as tt-metal's Buffer does when its last
        shared_ptr goes (a program run reuses the DRAM of the previous run's buffers instead of growing)."""
        try:
            if not self.deallocated and not self.device.closed:
                DeallocateBuffer(self)
        except (AttributeError, TypeError):  # __init__ raised before the buffer was allocated, or interpreter exit
            pass

    def address(self) -> int:
        return self._address

    def bank_memory(self, bank):
        if self.is_dram:
            return self.device.dram.mem[bank]
        return self.device.noc_to_core[L1_BANK_NOC[bank]].l1

    # Page i of the buffer lives in bank i % nbanks at slot i // nbanks (bank address address() + slot *
    # aligned_page_size) [interleave.py]. The pages of one bank within a range of page ids are therefore
    # consecutive slots, so a host copy is one strided numpy copy per bank (at most 12 DRAM / 64 L1 banks),
    # never a loop over pages.
    def _bank_runs(self, p0: int, p1: int):
        """For pages p0 <= i < p1: (r, bank slots view (count, page_size)) for each residue r < nbanks, where the
        view holds pages p0 + r, p0 + r + nbanks, ... (rows r::nbanks of a (p1 - p0, page_size) array)."""
        nb, ps, aps = self.nbanks, self.page_size, self.aligned_page_size
        for r in range(min(nb, max(p1 - p0, 0))):
            i0 = p0 + r
            count = (p1 - 1 - i0) // nb + 1
            lo = self._address + (i0 // nb) * aps
            yield r, self.bank_memory(i0 % nb)[lo:lo + count * aps].reshape(count, aps)[:, :ps]

    def _page_bytes(self, i: int) -> np.ndarray:
        """The page_size bytes of page i in its bank."""
        lo = self._address + (i // self.nbanks) * self.aligned_page_size
        return self.bank_memory(i % self.nbanks)[lo:lo + self.page_size]

    def write_bytes(self, data: np.ndarray):
        """Write contiguous uint8 `data` (at most the buffer's bytes) from byte 0. Every page of the buffer is
        written in full: bytes past the data, up to the end of the last page, become zero (the host pads the
        data to whole pages). The alignment gap after each page in its bank is left untouched."""
        ps, n = self.page_size, self.num_pages
        data = data[: n * ps]
        full, rem = divmod(data.size, ps)
        pages = data[: full * ps].reshape(full, ps)
        _bank_copies([(slots, pages[r::self.nbanks]) for r, slots in self._bank_runs(0, full)])
        if rem:  # a partly covered page: its data, then zeros
            page = self._page_bytes(full)
            page[:rem] = data[full * ps:]
            page[rem:] = 0
            full += 1
        for _, slots in self._bank_runs(full, n):
            slots[...] = 0

    def read_into(self, flat: np.ndarray, nbytes: int) -> None:
        """Copy the buffer's first `nbytes` bytes (nbytes <= size) into the contiguous uint8 array `flat`."""
        ps = self.page_size
        full, rem = divmod(nbytes, ps)
        pages = flat[: full * ps].reshape(full, ps)
        _bank_copies([(pages[r::self.nbanks], slots) for r, slots in self._bank_runs(0, full)])
        if rem:
            flat[full * ps:nbytes] = self._page_bytes(full)[:rem]

    def read_bytes(self) -> np.ndarray:
        out = np.empty(self.size, np.uint8)
        self.read_into(out, self.size)
        return out


def _bank_copies(pairs) -> None:
    """dst[...] = src for each (dst, src) pair (one per bank): half of the banks on the host copy thread when
    the data is large (hostcopy)."""
    if sum(d.nbytes for d, _ in pairs) < hostcopy.MIN_BYTES:
        for d, s in pairs:
            np.copyto(d, s)
        return
    half = len(pairs) // 2

    def copy(part):
        return lambda: [np.copyto(d, s) for d, s in part]

    hostcopy.both(copy(pairs[:half]), copy(pairs[half:]))


def CreateBuffer(config: InterleavedBufferConfig) -> Buffer:
    return Buffer(config)


class BufferView(Buffer):
    """Pages first .. first + num_pages - 1 of an interleaved `parent` whose first page is a multiple of the bank
    count: the same banks and slots, the address moved by first / banks slots (tt-metal's narrowed MeshBuffer, made
    at the parent's address + offset, ttnn::narrow). It keeps the parent alive and owns no memory: deallocating it
    frees nothing."""

    def __init__(self, parent: Buffer, first_page: int, num_pages: int):
        if first_page % parent.nbanks or not 0 <= first_page < first_page + num_pages <= parent.num_pages:
            raise DeviceError(f"BufferView: pages {first_page}..{first_page + num_pages - 1} of a {parent.num_pages}-page "
                              f"buffer over {parent.nbanks} banks (the first page must be a multiple of the banks).")
        self.__dict__.update(parent.__dict__)
        self._parent = parent
        self.num_pages = num_pages
        self.size = num_pages * self.page_size
        self.pages_per_bank = -(-num_pages // self.nbanks)
        self._per_bank = self.pages_per_bank * self.aligned_page_size
        self._address = parent._address + first_page // self.nbanks * self.aligned_page_size
        self.deallocated = False

    def __del__(self):
        pass


def DeallocateBuffer(buffer: Buffer) -> None:
    if getattr(buffer, "_parent", None) is not None:     # a view (BufferView, ttnn's ShardedBufferView): no memory
        buffer.deallocated = True
        return
    if not buffer.deallocated:
        (buffer.device.dram if buffer.is_dram else buffer.device.l1_alloc).release(buffer._address, buffer._per_bank)
        buffer.deallocated = True


def _as_bytes(data) -> np.ndarray:
    if isinstance(data, (bytes, bytearray, memoryview)):
        return np.frombuffer(bytes(data), np.uint8)
    if isinstance(data, list):
        data = np.asarray(data, np.uint32)
    a = np.ascontiguousarray(data)
    return a.reshape(-1).view(np.uint8)


def EnqueueWriteBuffer(cq, buffer: Buffer, data, blocking: bool = False) -> None:
    b = _as_bytes(data)
    if b.size > buffer.size:
        raise DeviceError(f"EnqueueWriteBuffer: {b.size} bytes of data do not fit the {buffer.size}-byte buffer.\n"
                          "Fix: create a larger buffer or write less data.")
    buffer.write_bytes(b)


def EnqueueReadBuffer(cq, buffer: Buffer, out=None, blocking: bool = True, dtype=None):
    """Read the whole buffer. `out` may be a numpy array (filled in place), a list (replaced by uint32 words, as
    a std::vector<uint32_t>), or None: then a new array of `dtype` (default uint8) is returned.
    The banks are copied straight into the result (no intermediate copies of the buffer)."""
    if out is None:
        dt = np.dtype(np.uint8 if dtype is None else dtype)
        if dt.hasobject or dt.itemsize == 0:  # no byte view exists: the general expression raises numpy's error
            raw = buffer.read_bytes()
            return raw[: raw.size // dt.itemsize * dt.itemsize].view(dt).copy()
        res = np.empty(buffer.size // dt.itemsize, dt)
        buffer.read_into(res.view(np.uint8), res.nbytes)
        return res
    if isinstance(out, list):
        raw = buffer.read_bytes()
        out[:] = raw[: raw.size // 4 * 4].view(np.uint32).tolist()
        return out
    if not isinstance(out, np.ndarray) or not out.flags.c_contiguous:
        from tensix.errors import TensixError
        raise TensixError(
            f"EnqueueReadBuffer(out=...): out must be a C-contiguous numpy array (or a list), got "
            f"{type(out).__name__}{'' if not isinstance(out, np.ndarray) else ' that is not C-contiguous'}; "
            "its bytes would be written into a temporary copy and your array left unchanged.\n"
            "Fix: pass np.ascontiguousarray(...) storage, or out=None to get a new array.")
    flat = out.reshape(-1).view(np.uint8)
    buffer.read_into(flat, min(flat.size, buffer.size))
    return out


def Finish(cq) -> None:
    return None


# ---- programs ---------------------------------------------------------------------------------------------
class CircularBufferConfig:
    def __init__(self, total_size, data_format_spec: dict):
        self.total_size = int(total_size)
        self.formats = dict(data_format_spec)
        self.page_sizes = {}
        self.tiles = {}             # CB index -> its tile when not 32x32 in normal face order (set_tile_dims)
        self._global_buffer = None

    def set_page_size(self, cb_index, page_size):
        self.page_sizes[int(cb_index)] = int(page_size)
        return self

    def set_tile_dims(self, cb_index, tile):
        """tt-metal CircularBufferConfig::set_tile_dims: the CB holds tiles of `tile` (a ttnn.Tile); the compute API
        unpacks / packs its pages with the tile's faces (tensix.kernel.tile_shape). A 32x32 tile in normal face
        order is the default."""
        from tensix.kernel import tile_shape
        if tile is not None and not (tile_shape.is_full(tile) and not tile.transpose_within_face):
            self.tiles[int(cb_index)] = tile
        else:
            self.tiles.pop(int(cb_index), None)
        return self

    def set_globally_allocated_address(self, buffer):
        """tt-metal CircularBufferConfig::set_globally_allocated_address: the CB lives in `buffer`'s L1 region on each
        core (a sharded buffer's shard: the op reads or writes the shard in place), not in the program's CB area.
        The address is read at each EnqueueProgram (tt-metal's dynamic CB: a cached program is rebound to the
        buffer of the new call by calling this again). As tt-metal's (a `const Buffer*`), the config does not own the
        buffer: a program kept in a cache does not keep its last call's tensors alive."""
        if buffer is not None and getattr(buffer, "is_dram", False):
            # circular_buffer_config.cpp set_globally_allocated_address_and_total_size
            raise CircularBufferConfigError("Only L1 buffers can have an associated circular buffer! (the buffer is in "
                                            "DRAM)\nFix: back the CB with an L1 buffer, or give it its own space.")
        self._global_buffer = None if buffer is None else weakref.ref(buffer)
        return self

    @property
    def global_buffer(self):
        if self._global_buffer is None:
            return None
        buf = self._global_buffer()
        if buf is None:
            raise CircularBufferConfigError(
                "a circular buffer placed in a buffer (set_globally_allocated_address) outlived that buffer: it was "
                "deallocated before the program ran.\nFix: keep the buffer alive, or call set_globally_allocated_"
                "address with the current buffer before EnqueueProgram.")
        return buf


class Kernel:
    def __init__(self, program, spec, cores: CoreRangeSet, config):
        self.program = program
        self.cores = cores
        self.config = config
        self.is_compute = isinstance(config, ComputeConfig)
        self.compile_args = list(config.compile_args)
        self.common_args: list = []
        self.runtime_args: dict = {}
        self.fn, self.name, self.source_files = _load_kernel(spec, config.defines)
        if self.is_compute:
            self.riscvs = ("TRISC0", "TRISC1", "TRISC2")
            self.noc = 0
        else:
            proc = config.processor
            self.riscvs = ("BRISC",) if proc == DataMovementProcessor.RISCV_0 else ("NCRISC",)
            self.noc = getattr(config.noc, "value", config.noc)


def _load_kernel(spec, defines):
    if callable(spec):
        fn = spec
        if defines:
            g = dict(fn.__globals__)
            g.update(defines)
            fn = types.FunctionType(fn.__code__, g, fn.__name__, fn.__defaults__, fn.__closure__)
        return fn, getattr(spec, "__qualname__", "kernel"), {fn.__code__.co_filename}
    path = Path(spec)
    if not path.is_file():
        raise KernelError(f"CreateKernel: kernel file {str(path)!r} does not exist.\n"
                          "Fix: pass a path to a .py file defining kernel_main(), or the function itself.")
    src = path.read_text()
    ns = {"__name__": f"tensix_kernel_{path.stem}", "__file__": str(path)}
    ns.update(defines or {})
    exec(compile(src, str(path), "exec"), ns)
    fn = ns.get("kernel_main")
    if not callable(fn):
        raise KernelError(f"CreateKernel: {str(path)!r} defines no kernel_main().\n"
                          "Fix: define `def kernel_main():` in the kernel file.")
    return fn, path.name, {str(path)}


class Program:
    def __init__(self):
        self.kernels: list[Kernel] = []
        self.cbs: list[tuple[CoreRangeSet, CircularBufferConfig]] = []
        self.semaphores: list[tuple[CoreRangeSet, int]] = []


def CreateProgram() -> Program:
    return Program()


def CreateKernel(program: Program, kernel, core_spec, config=None) -> int:
    """Returns the kernel's id in the program (tt-metal's KernelHandle: 0, 1, 2, ... in creation order), which
    SetRuntimeArgs / SetCommonRuntimeArgs / GetRuntimeArgs take."""
    if config is None:
        config = DataMovementConfig()
    program.kernels.append(Kernel(program, kernel, to_core_set(core_spec), config))
    return len(program.kernels) - 1


def _kernel(program: Program, kernel_id, call) -> Kernel:
    if (isinstance(kernel_id, (int, np.integer)) and not isinstance(kernel_id, bool)
            and 0 <= kernel_id < len(program.kernels)):
        return program.kernels[kernel_id]
    raise RuntimeArgError(f"{call}: {kernel_id!r} is not a kernel id of this program (it has "
                          f"{len(program.kernels)} kernel(s), ids 0..{len(program.kernels) - 1}).\nFix: pass the id "
                          "CreateKernel returned for this program.")


def CreateCircularBuffer(program: Program, core_spec, config: CircularBufferConfig):
    cores = to_core_set(core_spec)
    for idx in config.formats:
        if not 0 <= int(idx) < 32:
            raise CircularBufferConfigError(f"CircularBufferConfig: CB index {idx} is outside 0..31.\n"
                                            "Fix: use tt::CBIndex::c_0 .. c_31.")
        ps = config.page_sizes.get(int(idx))
        if ps is None:
            raise CircularBufferConfigError(
                f"CircularBufferConfig: no page size for CB {idx}.\nFix: .set_page_size({idx}, page_size).")
        if ps <= 0 or config.total_size <= 0 or config.total_size % ps:
            raise CircularBufferConfigError(
                f"CircularBufferConfig: CB {idx} total size {config.total_size} is not a positive multiple of its page "
                f"size {ps}; the FIFO would wrap inside a page.\nFix: total_size = num_pages * page_size.")
    program.cbs.append((cores, config))
    return len(program.cbs) - 1


def CreateSemaphore(program: Program, core_spec, initial_value: int = 0, core_type=None) -> int:
    program.semaphores.append((to_core_set(core_spec), int(initial_value)))
    sid = len(program.semaphores) - 1
    if sid >= NUM_SEMAPHORES:
        raise DeviceError(f"CreateSemaphore: more than {NUM_SEMAPHORES} semaphores in one program.\n"
                          "Fix: reuse semaphores.")
    return sid


def _check_args(args, what):
    try:        # the common case, plain ints (bool is a subclass of int, not int itself)
        return [a & 0xFFFFFFFF if a.__class__ is int else _word(a, what) for a in args]
    except TypeError:
        return [_word(a, what) for a in args]


def _word(a, what) -> int:
    if isinstance(a, (bool, np.bool_)) or not isinstance(a, (int, np.integer)):
        raise RuntimeArgError(f"{what}: argument {a!r} is not an integer; kernel arguments are uint32 words.\n"
                              "Fix: pass ints (reinterpret floats with np.float32(x).view(np.uint32)).")
    return int(a) & 0xFFFFFFFF


def SetRuntimeArgs(program: Program, kernel_id: int, core_spec, args) -> None:
    kernel = _kernel(program, kernel_id, "SetRuntimeArgs")
    words = _check_args(args, "SetRuntimeArgs")
    if core_spec.__class__ is CoreCoord:     # one core, as program factories set them: no CoreRangeSet to build
        if kernel.cores.has_core(core_spec):
            kernel.runtime_args[(core_spec.x, core_spec.y)] = words
            return
    for c in to_core_set(core_spec):
        if not kernel.cores.has_core(c):
            # tt-metal's Kernel::set_runtime_args refuses it too ("Cannot set runtime args for core ... since
            # kernel ... is not placed on it"): the args would reach no kernel, and the core meant gets none
            raise RuntimeArgError(
                f"SetRuntimeArgs: kernel {kernel.name!r} is not placed on core ({c.x}, {c.y}) (its cores: "
                f"{kernel.cores!r}); these runtime args would reach no kernel.\nFix: pass one of the kernel's cores, "
                "or create the kernel on this core too.")
        kernel.runtime_args[(c.x, c.y)] = list(words)


def GetRuntimeArgs(program, kernel_id: int, core):
    kernel = _kernel(program, kernel_id, "GetRuntimeArgs")
    c = core if isinstance(core, CoreCoord) else CoreCoord(*core)
    return kernel.runtime_args.setdefault((c.x, c.y), [])


def SetCommonRuntimeArgs(program: Program, kernel_id: int, args) -> None:
    kernel = _kernel(program, kernel_id, "SetCommonRuntimeArgs")
    kernel.common_args = _check_args(args, "SetCommonRuntimeArgs")


def EnqueueProgram(cq, program: Program, blocking: bool = False):
    # the collector stays off from the program's set-up to the release of its run (Scheduler.run says why): the
    # threads, CBs and compute states made here would otherwise be promoted to its oldest generation by the
    # collections their own allocation triggers, and count towards its next full scan though freed right after
    with gc_paused():
        return _enqueue_program(cq, program)


def _enqueue_program(cq, program: Program):
    dev = _cq_device(cq)
    used = {}
    for k in program.kernels:
        for c in k.cores:
            used.setdefault((c.x, c.y), []).append(k)
    # per-core program state: semaphores at the unreserved base, then CBs (same address on every core)
    touched = set(used)
    for cores, _ in program.cbs + program.semaphores:
        touched.update((c.x, c.y) for c in cores)
    for xy in touched:
        core = dev.cores[xy]
        core.cbs = {}
        core.sem_waiters = {}
        core.sem_time = {}
        core.num_semaphores = 0
        core.program_top = SEMAPHORE_BASE + SEMAPHORE_STRIDE * NUM_SEMAPHORES
        core.dst = None
        core.dst_bits = None
        core.sfpu_state = None
    for sid, (cores, init) in enumerate(program.semaphores):
        for c in cores:
            core = dev.cores[(c.x, c.y)]
            core.num_semaphores = max(core.num_semaphores, sid + 1)
            addr = SEMAPHORE_BASE + SEMAPHORE_STRIDE * sid
            core.l1[addr:addr + 4].view(np.uint32)[0] = init
    l1_floor = dev.l1_alloc.bottom
    for cores, cfg in program.cbs:
        cs = [dev.cores[(c.x, c.y)] for c in cores]
        gb = cfg.global_buffer
        if gb is not None:      # a CB inside a buffer (set_globally_allocated_address)
            if gb.is_dram or cfg.total_size > gb._per_bank:
                raise CircularBufferConfigError(
                    f"circular buffers {sorted(cfg.formats)}: {cfg.total_size} bytes do not fit the "
                    f"{'DRAM' if gb.is_dram else 'L1'} buffer they are allocated in ({gb._per_bank} bytes per core).\n"
                    "Fix: size the CB to the buffer's shard (an L1 buffer).")
            for core in cs:
                for idx, fmt in cfg.formats.items():
                    core.cbs[int(idx)] = CircularBuffer(core, int(idx), gb.address(), cfg.total_size,
                                                        cfg.page_sizes[int(idx)], fmt)
                    core.cbs[int(idx)].tile = cfg.tiles.get(int(idx))
            continue
        # each CB starts at the DRAM alignment (tt-metal 622c6fb9 program.cpp allocate_circular_buffers:
        # align(computed_addr, allocator->get_alignment(BufferType::DRAM)), 32 bytes on Wormhole), so that a CB
        # page can be the destination of a DRAM read
        base = align(max(core.program_top for core in cs), soc.DRAM_ALIGNMENT)
        top = base + cfg.total_size
        if top > l1_floor:
            raise L1OverflowError(
                f"L1 overflow: circular buffers {sorted(cfg.formats)} ({cfg.total_size} bytes) would end at {top:#x}, "
                f"beyond the free L1 of core(s) {[c.logical for c in cs][:4]} (limit {l1_floor:#x}: L1 is "
                f"{soc.L1_SIZE} bytes, L1 buffers start at {l1_floor:#x}).\nFix: use fewer/smaller CB pages or "
                "smaller L1 buffers.")
        for core in cs:
            core.program_top = top
            for idx, fmt in cfg.formats.items():
                core.cbs[int(idx)] = CircularBuffer(core, int(idx), base, cfg.total_size,
                                                    cfg.page_sizes[int(idx)], fmt)
                core.cbs[int(idx)].tile = cfg.tiles.get(int(idx))
    # one kernel per RISC-V per core
    for xy, ks in used.items():
        seen = {}
        for k in ks:
            for rv in k.riscvs:
                if rv in seen:
                    raise KernelError(f"EnqueueProgram: core {xy} has two kernels on {rv} ({seen[rv].name!r} and "
                                      f"{k.name!r}).\nFix: put one kernel on RISCV_0, one on RISCV_1, one compute.")
                seen[rv] = k
    if dev.sched is not None:
        dev.sched.release()
    sched = Scheduler()
    sched.ctx = _ctx  # the kernel API reads the running thread from _ctx.th
    dev.sched = sched
    dev.timing = NocTiming(dev.timing)
    for k in program.kernels:
        for c in k.cores:
            core = dev.cores[(c.x, c.y)]
            th = sched.spawn(core, k, k.riscvs, k.fn)
            th.rt_args = k.runtime_args.get((c.x, c.y), [])
            th.noc = k.noc
            if k.is_compute:
                from tensix.kernel.compute import ComputeState
                th.compute = ComputeState(th, k.config)
    try:
        sched.run()
    finally:
        _ctx.set_current(None)
        # the program's CBs are gone once it has run: L1 buffers allocated later may use that space (tt-metal checks
        # CBs against L1 buffers when a program is launched, not when a buffer is allocated)
        for xy in touched:
            dev.cores[xy].program_top = SEMAPHORE_BASE + SEMAPHORE_STRIDE * NUM_SEMAPHORES
    run = dev.profiler.record(sched.threads)
    # freed now rather than when the next program replaces it: a run's thousands of objects (threads, compute
    # states, CB waitlists, batches) would otherwise survive into the collector's oldest generation, whose full
    # scans (hundreds of ms with torch loaded) they trigger every few dozen programs
    sched.release()
    return run


# ---- work splitting ---------------------------------------------------------------------------------------
def split_work_to_cores(grid_size, units_to_divide: int, row_wise: bool = False):
    """tt-metal's split_work_to_cores: (num_cores, all_cores, core_group_1, core_group_2, units_per_core_group_1,
    units_per_core_group_2). The first `units % num_cores` cores get one unit more. Cores are numbered
    column-major (x = i // grid_y, y = i % grid_y) unless row_wise."""
    gx, gy = (grid_size.x, grid_size.y) if hasattr(grid_size, "x") else grid_size
    total = gx * gy
    num_cores = min(units_to_divide, total)
    if num_cores == 0:
        return 0, CoreRangeSet([]), CoreRangeSet([]), CoreRangeSet([]), 0, 0

    def core(i):
        return CoreCoord(i % gx, i // gx) if row_wise else CoreCoord(i // gy, i % gy)

    per = units_to_divide // num_cores
    extra = units_to_divide % num_cores
    allc = CoreRangeSet([core(i) for i in range(num_cores)])
    if extra == 0:
        return num_cores, allc, allc, CoreRangeSet([]), per, 0
    g1 = CoreRangeSet([core(i) for i in range(extra)])
    g2 = CoreRangeSet([core(i) for i in range(extra, num_cores)])
    return num_cores, allc, g1, g2, per + 1, per


def corerange_to_cores(crs, max_cores=None, row_wise=False):
    cores = list(to_core_set(crs))
    if row_wise:
        cores.sort(key=lambda c: (c.y, c.x))
    return cores[:max_cores] if max_cores else cores
