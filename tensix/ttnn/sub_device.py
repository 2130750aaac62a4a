"""Sub-devices: ttnn.SubDevice, ttnn.SubDeviceId, ttnn.SubDeviceManagerId and the sub-device manager of a device
(device.create_sub_device_manager / load_sub_device_manager / clear_loaded_sub_device_manager /
remove_sub_device_manager / set_sub_device_stall_group / reset_sub_device_stall_group), as tt-metal 622c6fb9 has
them:
- tt_metal/impl/sub_device/sub_device.cpp (SubDeviceImpl::validate),
- tt_metal/impl/sub_device/sub_device_manager.cpp (validate_sub_devices, populate_sub_device_ids, the stall group),
- tt_metal/impl/sub_device/sub_device_manager_tracker.cpp (the default manager, load / clear / remove),
- tt_metal/distributed/mesh_device.cpp (worker_cores(core_type, sub_device_id) of the active manager),
- ttnn/core/distributed/distributed_nanobind.cpp and ttnn/cpp/ttnn-nanobind/device.cpp (the Python bindings).

A device starts with its default manager: one sub-device, every worker core of the compute grid. A loaded manager
changes what ops may use:
- the ops whose tt-metal factories ask for a worker grid (get_worker_grid of binary_ng, unary and ternary:
  `op_worker_grid`) take the cores of a sub-device (the one a sharded operand's grid intersects, else the first), or
  of the sub-device `sub_device_id` names (binary_ng);
- the 1D / 2D multicast matmuls with `sub_device_id` anchor their core grid at the sub-device's first core
  (`matmul_start_core`, with the 1D program's rectangular-sub-device checks);
- every program is checked when it is enqueued (`check_program`: ProgramImpl::determine_sub_device_ids and
  FDMeshCommandQueue::enqueue_mesh_workload): its kernels' cores must all lie in the manager's sub-devices ("Kernel
  group cores do not match sub device cores ...") and in exactly one of them ("Programs must be executed on a single
  sub-device").
compute_with_storage_grid_size() is the device's grid whatever manager is loaded (MeshDeviceImpl's). The other ops
tensix models pick their cores as their tt-metal factories do, from that grid or their sub_core_grids (tilize's:
tensix.ttnn.operations.data_movement), without asking the manager (in tt-metal 622c6fb9 only binary_ng, unary,
ternary, the matmuls, bias_gelu, indexed_fill and the CCL ops do), so a loaded manager that does not hold their cores
makes the dispatch check refuse them, as tt-metal's does. synchronize_device(sub_device_ids=...) checks the ids.

Not modelled (NotModelledError, raised where tt-metal would start using them):
- local_l1_size > 0: tt-metal gives each sub-device with Tensix cores its own L1 allocator over the bottom
  local_l1_size bytes of the unreserved L1 (and shrinks the global allocator by as much when the manager is loaded);
  tensix's L1 allocator has no such split (create_sub_device_manager refuses it);
- active Ethernet cores (the second CoreRangeSet of ttnn.SubDevice): tensix models no Ethernet cores or fabric, so
  it cannot tell which ones tt-metal's control plane would report active on the card.
The stall group is kept and validated as tt-metal does; it changes nothing in tensix, whose dispatch runs every
program to completion when it is enqueued (nothing is left to stall on). Traces per manager are not modelled (tensix
has no traces)."""

from __future__ import annotations

import itertools

from tensix.errors import NotModelledError
from tensix.metalium.types import CoreCoord, CoreRange, CoreRangeSet
from tensix.ttnn.errors import TTNNError

# HalProgrammableCoreType (tt_metal/api/tt-metalium/hal_types.hpp); NumHalProgrammableCoreTypes = 3
TENSIX, ACTIVE_ETH, IDLE_ETH = 0, 1, 2
_CORE_TYPE_NAMES = ("TENSIX", "ACTIVE_ETH", "IDLE_ETH")
NUM_CORE_TYPES = 3
DISPATCH_MESSAGE_ENTRIES = 8        # tt_metal/impl/dispatch/dispatch_settings.hpp: the most sub-devices a manager has
L1_ALIGNMENT = 16                   # Wormhole's HAL L1 alignment (local_l1_size is aligned up to it)

_next_manager_id = itertools.count()    # SubDeviceManager::next_sub_device_manager_id_ (one counter for all devices)


# --------------------------------------------------------------------------------------------------- core sets
def _xy(crs) -> frozenset:
    """The (x, y) of a CoreRangeSet's cores."""
    return frozenset((c.x, c.y) for c in crs)


def _crs_str(crs: CoreRangeSet) -> str:
    """tt-metal's CoreRangeSet::str: {[(x=0,y=0) - (x=7,y=0)], ...}."""
    return "{" + ", ".join(f"[(x={r.start.x},y={r.start.y}) - (x={r.end.x},y={r.end.y})]" for r in crs.ranges) + "}"


def _as_crs(v, what: str) -> CoreRangeSet:
    if isinstance(v, CoreRangeSet):
        return v
    raise TypeError(f"{what}: expected a ttnn.CoreRangeSet, got {type(v).__name__}.\nFix: "
                    "ttnn.SubDevice([ttnn.CoreRangeSet([ttnn.CoreRange(start, end)])]).")


# --------------------------------------------------------------------------------------------------- the types
class SubDevice:
    """ttnn.SubDevice(cores): a list of CoreRangeSets, one per programmable core type in the order Tensix, then
    (active) Ethernet. SubDeviceImpl::validate: at most NumHalProgrammableCoreTypes sets, none of IDLE_ETH."""

    def __init__(self, cores):
        if isinstance(cores, (CoreRangeSet, CoreRange, CoreCoord)):
            raise TypeError("ttnn.SubDevice(cores): cores is a list of ttnn.CoreRangeSet (Tensix, then Ethernet), "
                            f"not one {type(cores).__name__}.\nFix: ttnn.SubDevice([core_range_set]).")
        try:
            cores = list(cores)
        except TypeError:
            raise TypeError(f"ttnn.SubDevice(cores): cores must be a list of ttnn.CoreRangeSet, got "
                            f"{type(cores).__name__}.") from None
        if len(cores) > NUM_CORE_TYPES:
            raise TTNNError(f"Too many core types for SubDevice ({len(cores)} CoreRangeSets, at most "
                            f"{NUM_CORE_TYPES}: Tensix, then Ethernet).\nFix: pass [tensix_cores] or "
                            "[tensix_cores, ethernet_cores].")
        sets = [_as_crs(c, "ttnn.SubDevice") for c in cores]
        sets += [CoreRangeSet([]) for _ in range(NUM_CORE_TYPES - len(sets))]
        if sets[IDLE_ETH].ranges:
            raise TTNNError("CoreType IDLE_ETH is not allowed in SubDevice.\nFix: pass only Tensix and active "
                            "Ethernet cores.")
        self._cores = tuple(sets)

    def cores(self, core_type: int = TENSIX) -> CoreRangeSet:
        """SubDevice::cores(HalProgrammableCoreType) (C++ API; ttnn's Python binding has only the constructor)."""
        return self._cores[int(core_type)]

    def __repr__(self):
        return f"SubDevice(tensix={_crs_str(self._cores[TENSIX])}, ethernet={_crs_str(self._cores[ACTIVE_ETH])})"


class SubDeviceId:
    """ttnn.SubDeviceId(id): the index of a sub-device in the loaded manager (a uint8)."""

    def __init__(self, id):     # noqa: A002 (ttnn's argument name)
        if isinstance(id, bool) or not isinstance(id, int) or not 0 <= id <= 255:
            raise TypeError(f"ttnn.SubDeviceId(id): id must be an int in 0..255 (a uint8), got {id!r}.")
        self._id = int(id)

    def __int__(self):
        return self._id

    __index__ = __int__

    def __eq__(self, other):
        return isinstance(other, SubDeviceId) and other._id == self._id

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash(("SubDeviceId", self._id))

    def __repr__(self):
        return f"SubDeviceId({self._id})"


class SubDeviceManagerId:
    """ttnn.SubDeviceManagerId: what device.create_sub_device_manager returns (ttnn binds no constructor)."""

    __slots__ = ("_id",)

    def __init__(self, *args, **kwargs):
        raise TypeError("ttnn.SubDeviceManagerId has no constructor: it is returned by "
                        "device.create_sub_device_manager(sub_devices, local_l1_size).")

    @classmethod
    def _make(cls, value: int) -> "SubDeviceManagerId":
        obj = object.__new__(cls)
        obj._id = value
        return obj

    def __eq__(self, other):
        return isinstance(other, SubDeviceManagerId) and other._id == self._id

    def __hash__(self):
        return hash(("SubDeviceManagerId", self._id))

    def __repr__(self):
        return f"SubDeviceManagerId({self._id})"


# --------------------------------------------------------------------------------------------------- managers
class SubDeviceManager:
    """One manager: its sub-devices (validated against the device's grid and each other), their ids 0..n-1, the
    local L1 size and the stall group."""

    def __init__(self, device, sub_devices, local_l1_size: int, default: bool = False):
        self.id = SubDeviceManagerId._make(next(_next_manager_id))
        self.sub_devices = list(sub_devices)
        self.local_l1_size = -(-int(local_l1_size) // L1_ALIGNMENT) * L1_ALIGNMENT
        if not default:
            self._validate(device)
        self.sub_device_ids = [SubDeviceId(i) for i in range(len(self.sub_devices))]
        self.stall_group = list(self.sub_device_ids)
        self._tensix = [_xy(sd.cores(TENSIX)) for sd in self.sub_devices]

    def _validate(self, device):
        """SubDeviceManager::validate_sub_devices (and the parts tensix does not model)."""
        n = len(self.sub_devices)
        if n > DISPATCH_MESSAGE_ENTRIES:
            raise TTNNError(f"Number of sub-devices specified {n} is larger than the max number of sub-devices "
                            f"{DISPATCH_MESSAGE_ENTRIES}.\nFix: group the cores into at most "
                            f"{DISPATCH_MESSAGE_ENTRIES} sub-devices.")
        g = device.compute_with_storage_grid_size()
        grid = f"[(x=0,y=0) - (x={g.x - 1},y={g.y - 1})]"
        for sd in self.sub_devices:
            cores = sd.cores(TENSIX)
            outside = [c for c in cores if not (0 <= c.x < g.x and 0 <= c.y < g.y)]
            if outside:
                raise TTNNError(f"Tensix cores {_crs_str(cores)} specified in sub device must be within device grid "
                                f"{grid} (core (x={outside[0].x},y={outside[0].y}) is not).\nFix: cores with "
                                f"0 <= x < {g.x} and 0 <= y < {g.y}.")
            if sd.cores(ACTIVE_ETH).ranges:
                raise NotModelledError(
                    f"ttnn.SubDevice with Ethernet cores {_crs_str(sd.cores(ACTIVE_ETH))}: tensix models no Ethernet "
                    "cores (tt-metal checks them against the control plane's active Ethernet cores of the card).\n"
                    "Fix: give the sub-devices Tensix cores only.")
        for i in range(n):
            for j in range(i + 1, n):
                if self._xy_of(i) & self._xy_of(j):
                    raise TTNNError(f"SubDevices specified for SubDeviceManager intersect (sub-devices {i} and {j} "
                                    f"share core(s) {sorted(self._xy_of(i) & self._xy_of(j))[:4]}).\nFix: give "
                                    "each core to one sub-device.")
        if self.local_l1_size:
            raise NotModelledError(
                f"create_sub_device_manager(local_l1_size={self.local_l1_size}): the sub-devices' local L1 "
                "allocators (an L1BankingAllocator per sub-device over the bottom local_l1_size bytes of the "
                "unreserved L1, the global allocator shrunk by as much when the manager is loaded) are not modelled "
                "by tensix.\nFix: local_l1_size=0 (tensors then live in the global allocator, as ttnn's tests do).")

    def _xy_of(self, i):
        return _xy(self.sub_devices[i].cores(TENSIX))

    def index(self, sub_device_id) -> int:
        """SubDeviceManager::get_sub_device_index."""
        if not isinstance(sub_device_id, SubDeviceId):
            raise TypeError(f"expected a ttnn.SubDeviceId, got {type(sub_device_id).__name__} "
                            f"({sub_device_id!r}).\nFix: ttnn.SubDeviceId(i).")
        i = int(sub_device_id)
        if i >= len(self.sub_devices):
            raise TTNNError(f"SubDevice index {i} out of bounds {len(self.sub_devices)} (the loaded sub-device "
                            f"manager has {len(self.sub_devices)} sub-device(s)).\nFix: ttnn.SubDeviceId(0.."
                            f"{len(self.sub_devices) - 1}), or load the manager that has it.")
        return i

    def set_stall_group(self, sub_device_ids):
        ids = list(sub_device_ids)
        if not ids:
            raise TTNNError("sub_device_ids to stall must not be empty.\nFix: pass at least one ttnn.SubDeviceId "
                            "(or reset_sub_device_stall_group()).")
        for s in ids:
            self.index(s)
        self.stall_group = ids


class SubDeviceManagerTracker:
    """SubDeviceManagerTracker: the managers of one device, its default manager and the active one."""

    def __init__(self, device):
        g = device.compute_with_storage_grid_size()
        full = SubDevice([CoreRangeSet([CoreRange(CoreCoord(0, 0), CoreCoord(g.x - 1, g.y - 1))])])
        self.default = SubDeviceManager(device, [full], 0, default=True)
        self.active = self.default
        self.managers = {self.default.id: self.default}

    def _find(self, manager_id) -> SubDeviceManager:
        if not isinstance(manager_id, SubDeviceManagerId):
            raise TypeError(f"expected a ttnn.SubDeviceManagerId (from create_sub_device_manager), got "
                            f"{type(manager_id).__name__}.")
        m = self.managers.get(manager_id)
        if m is None:
            raise TTNNError(f"Sub device manager does not exist ({manager_id!r}: never created on this device, or "
                            "removed).\nFix: use an id create_sub_device_manager returned on this device.")
        return m

    def create(self, device, sub_devices, local_l1_size) -> SubDeviceManagerId:
        sds = list(sub_devices)
        for sd in sds:
            if not isinstance(sd, SubDevice):
                raise TypeError(f"create_sub_device_manager(sub_devices, ...): expected ttnn.SubDevice objects, got "
                                f"{type(sd).__name__}.")
        if isinstance(local_l1_size, bool) or not isinstance(local_l1_size, int) or local_l1_size < 0:
            raise TypeError(f"create_sub_device_manager(..., local_l1_size): an unsigned int, got {local_l1_size!r}.")
        m = SubDeviceManager(device, sds, local_l1_size)
        self.managers[m.id] = m
        return m.id

    def load(self, manager_id):
        """SubDeviceManagerTracker::load_sub_device_manager (reset_sub_device_state resets the stall group)."""
        if self.active.id == manager_id:
            return
        m = self._find(manager_id)
        m.stall_group = list(m.sub_device_ids)
        self.active = m

    def clear(self):
        self.load(self.default.id)

    def remove(self, manager_id):
        if manager_id == self.active.id:
            raise TTNNError(f"Cannot remove active sub device manager {manager_id!r}.\nFix: "
                            "device.clear_loaded_sub_device_manager() first.")
        if manager_id == self.default.id:
            raise TTNNError(f"Cannot remove default sub device manager {manager_id!r}.")
        self._find(manager_id)
        del self.managers[manager_id]


def tracker(device) -> SubDeviceManagerTracker:
    """The device's tracker (made on first use: the default manager of the whole grid)."""
    device.sim      # refuses a closed device
    t = device.__dict__.get("_sub_device_tracker")
    if t is None:
        t = device.__dict__["_sub_device_tracker"] = SubDeviceManagerTracker(device)
    return t


def _active(device):
    """The loaded manager, or None while the default one is (nothing to check or restrict then)."""
    t = device.__dict__.get("_sub_device_tracker")
    if t is None or t.active is t.default:
        return None
    return t.active


# --------------------------------------------------------------------------------------------------- for the ops
def sub_device_ids(device) -> list:
    """IDevice::get_sub_device_ids: the loaded manager's ids (SubDeviceId(0) with the default manager)."""
    return list(tracker(device).active.sub_device_ids)


def check_sub_device_ids(device, ids) -> None:
    """buffer_dispatch::select_sub_device_ids (synchronize_device's sub_device_ids): each a sub-device of the loaded
    manager."""
    m = tracker(device).active
    for s in ids:
        if not isinstance(s, SubDeviceId):
            raise TypeError(f"sub_device_ids: expected ttnn.SubDeviceId objects, got {type(s).__name__} ({s!r}).")
        if int(s) >= len(m.sub_devices):
            n = len(m.sub_devices)
            raise TTNNError(f"Invalid sub-device id specified {int(s)} (the loaded sub-device manager has {n} "
                            f"sub-device(s)).\nFix: ttnn.SubDeviceId(0..{n - 1}).")


def worker_cores(device, sub_device_id, core_type: int = TENSIX) -> CoreRangeSet:
    """MeshDeviceImpl::worker_cores: the cores of one sub-device of the loaded manager."""
    m = tracker(device).active
    return m.sub_devices[m.index(sub_device_id)].cores(core_type)


def op_worker_grid(device, sub_core_grids=None, output_tensor=None, memory_config=None, native_sharded=()):
    """get_worker_grid of binary_ng / unary / ternary (binary_ng_device_operation.cpp, unary_utils.cpp,
    ternary_device_operation.cpp), None meaning the whole compute grid (the default manager): sub_core_grids if
    given; else the sub-device a sharded output's grid (or a sharded memory_config's) intersects; else the first
    sub-device if an output tensor or memory config was given; else the sub-device the grid of the first sharded
    input on the native L1 path (`native_sharded`) intersects; else the first sub-device."""
    if sub_core_grids is not None:
        return sub_core_grids
    m = _active(device)
    if m is None:
        return None

    def containing(grid, must):
        xy = _xy(grid)
        for sd in m.sub_devices:
            if _xy(sd.cores(TENSIX)) & xy:
                return sd.cores(TENSIX)
        if must:        # tt-metal: __builtin_unreachable()
            raise TTNNError(f"the shard grid {_crs_str(grid)} intersects no sub-device of the loaded sub-device "
                            "manager (tt-metal's get_worker_grid has no answer for it).\nFix: shard the tensor on "
                            "cores of one sub-device.")
        return None

    if output_tensor is not None and output_tensor.is_sharded():
        return containing(output_tensor.memory_config().shard_spec.grid, True)
    if memory_config is not None and memory_config.is_sharded() and memory_config.shard_spec is not None:
        found = containing(memory_config.shard_spec.grid, False)
        if found is not None:
            return found
    if output_tensor is None and memory_config is None:
        for t in native_sharded:
            if t is not None and t.is_sharded():
                return containing(t.memory_config().shard_spec.grid, True)
    return m.sub_devices[0].cores(TENSIX)


def matmul_start_core(device, sub_device_id, grid, one_d: bool):
    """The core a multicast matmul's grid is anchored at (sub_device_start_core of
    matmul_multicore_reuse_mcast_{1d,2d}_program_factory.cpp create_descriptor): the bounding box's first core of
    the sub-device `sub_device_id`, or (0, 0) without one. The 1D program also checks (TT_FATAL) that the sub-device
    is a rectangle and that `grid` (compute_with_storage_grid_size) anchored there stays inside it."""
    if sub_device_id is None:
        return CoreCoord(0, 0)
    cores = worker_cores(device, sub_device_id)
    if not cores.ranges:
        raise TTNNError(f"sub-device {sub_device_id!r} has no Tensix cores (bounding_box of an empty CoreRangeSet)."
                        "\nFix: run the matmul on a sub-device with worker cores.")
    bbox = cores.bounding_box()
    if one_d:
        if len(_xy(cores)) != bbox.size():
            box = _crs_str(CoreRangeSet([bbox]))
            raise TTNNError(f"matmul_multicore_reuse_mcast_1d only supports rectangular sub-device worker grids. Got "
                            f"sub-device worker cores: {_crs_str(cores)} (bounding box: {box})\nFix: a sub-device "
                            "whose cores form one rectangle.")
        if bbox.start.x + grid.x - 1 > bbox.end.x or bbox.start.y + grid.y - 1 > bbox.end.y:
            raise TTNNError(f"matmul_multicore_reuse_mcast_1d grid_size (x={grid.x},y={grid.y}) anchored at sub-device "
                            f"start (x={bbox.start.x},y={bbox.start.y}) extends past the sub-device's worker bounding "
                            f"box {_crs_str(CoreRangeSet([bbox]))}.\nFix: a compute_with_storage_grid_size (or "
                            "core_grid) no larger than the sub-device.")
    return bbox.start


def check_program(op: str, device, program) -> None:
    """ProgramImpl::determine_sub_device_ids + FDMeshCommandQueue::enqueue_mesh_workload, when a manager is loaded:
    the cores of the program's kernels must all be cores of the manager's sub-devices, and of one sub-device."""
    m = _active(device)
    if m is None:
        return
    cache = program.__dict__.setdefault("_sub_device_ids", {})
    if m.id in cache:
        return
    used = set()
    for k in program.kernels:
        for c in k.cores:
            for i, xy in enumerate(m._tensix):
                if (c.x, c.y) in xy:
                    used.add(i)
                    break
            else:
                raise TTNNError(
                    f"{op}: Kernel group cores do not match sub device cores for programmable core type TENSIX: "
                    f"kernel {k.name} runs on core (x={c.x},y={c.y}), which is in none of the loaded sub-device "
                    f"manager's sub-devices {[_crs_str(sd.cores(TENSIX)) for sd in m.sub_devices]}.\nFix: run the op "
                    "on a sub-device's cores (its sub_device_id or sub_core_grids argument), or "
                    "device.clear_loaded_sub_device_manager() first.")
    if len(used) != 1:
        raise TTNNError(f"{op}: Programs must be executed on a single sub-device (this program's kernels run on "
                        f"sub-devices {sorted(used)} of the loaded manager).\nFix: confine the op to one sub-device "
                        "(its sub_device_id or sub_core_grids argument).")
    cache[m.id] = [SubDeviceId(i) for i in used]
