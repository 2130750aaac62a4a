"""ttnn's device: open_device / close_device / manage_device over one simulated Wormhole n150 (tensix.device),
with the program cache and the per-op report.

ttnn.open_device returns a 1x1 MeshDevice in today's ttnn; here it is `MeshDevice`, with the calls ttnn scripts and
tt-metal's tests use (compute_with_storage_grid_size, arch, core_grid, the program cache counters, ...)."""

from __future__ import annotations

import contextlib
import enum

from tensix.device import soc
from tensix.metalium import host as mh
from tensix.metalium.types import CoreCoord
from tensix.ttnn.errors import DeviceMismatchError, TTNNError
from tensix.ttnn.types import CoreGrid


class Arch(enum.Enum):
    """ttnn.device.Arch."""

    GRAYSKULL = 0
    WORMHOLE_B0 = 1
    BLACKHOLE = 2
    QUASAR = 3

    def __repr__(self):
        return f"Arch.{self.name}"

    __str__ = __repr__


class ProgramCache:
    """Programs built by op factories, keyed by everything that shapes the program (op, attributes, input specs and
    memory configs); a hit reuses the kernels, circular buffers and work split and only rewrites the runtime
    arguments (the buffer addresses), as tt-metal's program cache does (`override_runtime_arguments`)."""

    def __init__(self):
        self.entries: dict = {}
        self.enabled = True     # always on in today's ttnn (enable_program_cache is kept for old scripts)
        self.hits = 0
        self.misses = 0

    def get(self, key):
        if not self.enabled:
            return None
        entry = self.entries.get(key)
        if entry is not None:
            self.hits += 1
        return entry

    def put(self, key, entry):
        self.misses += 1
        if self.enabled:
            self.entries[key] = entry

    def clear(self):
        self.entries.clear()


class MeshDevice:
    """One simulated Wormhole n150 as ttnn sees it (a 1x1 mesh)."""

    def __init__(self, device_id: int = 0, l1_small_size: int = 0, trace_region_size: int = 0, **kwargs):
        if device_id != 0:
            raise TTNNError(f"ttnn.open_device(device_id={device_id}): tensix simulates one Wormhole n150, device 0.\n"
                            "Fix: use device_id=0.")
        self.device_id = device_id
        self.l1_small_size = int(l1_small_size or 0)
        self.trace_region_size = int(trace_region_size or 0)
        self.params = dict(kwargs)
        self._sim = mh.CreateDevice(0)
        self.program_cache = ProgramCache()
        self.is_open = True
        self.tensors = set()        # ids of live device tensors (for diagnostics)

    # ---- the simulated chip underneath ----
    @property
    def sim(self):
        """The tensix.device.Device this ttnn device runs programs on."""
        if not self.is_open:
            raise DeviceMismatchError(f"device {self.device_id} is closed.\nFix: use a device from ttnn.open_device "
                                      "that was not closed, or open a new one.")
        return self._sim

    # ---- ttnn's queries ----
    def id(self) -> int:
        return self.device_id

    def get_device_ids(self):
        return [self.device_id]

    def get_num_devices(self) -> int:
        return 1

    def get_devices(self):
        return [self]

    @property
    def shape(self):
        """The mesh's ttnn.MeshShape: (1, 1), or the 1-device shape open_mesh_device / reshape gave it."""
        from tensix.ttnn.mesh import MeshShape
        return getattr(self, "_mesh_shape", None) or MeshShape(1, 1)

    def reshape(self, new_shape):
        """MeshDevice.reshape(MeshShape): a 1-device mesh can only take another 1-device shape."""
        from tensix.ttnn.mesh import MeshShape
        shape = MeshShape(new_shape)
        if shape.mesh_size() != 1:
            raise TTNNError(f"MeshDevice.reshape({shape!r}): the mesh has 1 device (tensix simulates one n150), the "
                            f"new shape {shape.mesh_size()}.\nFix: reshape to a shape of 1 device.")
        self._mesh_shape = shape

    def get_submeshes(self):
        return []

    def num_devices(self) -> int:
        return 1

    def arch(self) -> Arch:
        return Arch.WORMHOLE_B0

    def compute_with_storage_grid_size(self) -> CoreCoord:
        return CoreCoord(soc.GRID_X, soc.GRID_Y)

    @property
    def core_grid(self) -> CoreGrid:
        return CoreGrid(y=soc.GRID_Y, x=soc.GRID_X)

    def get_optimal_dram_bank_to_logical_worker_assignment(self, noc=0) -> list:
        """Device::get_optimal_dram_bank_to_logical_worker_assignment (tt-metal 622c6fb9 device.cpp): the logical
        worker core next to each DRAM bank (index = bank id), the cores tt-metal's DRAM-sharded programs read the
        banks from; ported in tensix.device.core_assignment (NOC_0 only: NOC_1 raises NotModelledError)."""
        from tensix.device.core_assignment import optimal_dram_bank_workers
        value = getattr(noc, "value", noc)
        if value not in (0, 1):
            raise TTNNError(f"get_optimal_dram_bank_to_logical_worker_assignment: noc {noc!r} is not a NoC.\nFix: "
                            "pass ttnn.NOC.NOC_0 (or NOC_1).")
        return [CoreCoord(x, y) for x, y in optimal_dram_bank_workers(value)]

    def dram_grid_size(self) -> CoreCoord:
        return CoreCoord(soc.NUM_DRAM_BANKS, 1)

    def num_dram_channels(self) -> int:
        """tt-metal's Device::num_dram_channels: the SoC descriptor's DRAM views (get_num_dram_views), 12 on Wormhole
        (6 controllers, two views each); its DRAM-sharded programs size their shards with it."""
        return soc.NUM_DRAM_BANKS

    def l1_size_per_core(self) -> int:
        return soc.L1_SIZE

    # the SFPU's stand-ins for IEEE specials, as tt-metal's HAL gives them for Wormhole B0 (tt-metal 622c6fb9
    # tt_metal/llrt/hal/tt-1xx/wormhole/wh_hal.cpp EPS_WHB0 / NAN_WHB0 / INF_WHB0); ttnn's golden functions use them
    def sfpu_eps(self) -> float:
        return 1.19209e-7

    def sfpu_nan(self) -> float:
        return 7.0040e19

    def sfpu_inf(self) -> float:
        return 1.7014e38

    # ---- program cache ----
    def enable_program_cache(self):
        self.program_cache.enabled = True

    def disable_and_clear_program_cache(self):
        self.program_cache.clear()
        self.program_cache.enabled = False

    def clear_program_cache(self):
        self.program_cache.clear()

    def num_program_cache_entries(self) -> int:
        return len(self.program_cache.entries)

    # ---- sub-devices (tensix.ttnn.sub_device) ----
    def create_sub_device_manager(self, sub_devices, local_l1_size):
        from tensix.ttnn import sub_device
        return sub_device.tracker(self).create(self, sub_devices, local_l1_size)

    def load_sub_device_manager(self, sub_device_manager_id):
        from tensix.ttnn import sub_device
        sub_device.tracker(self).load(sub_device_manager_id)

    def clear_loaded_sub_device_manager(self):
        from tensix.ttnn import sub_device
        sub_device.tracker(self).clear()

    def remove_sub_device_manager(self, sub_device_manager_id):
        from tensix.ttnn import sub_device
        sub_device.tracker(self).remove(sub_device_manager_id)

    def set_sub_device_stall_group(self, sub_device_ids):
        from tensix.ttnn import sub_device
        sub_device.tracker(self).active.set_stall_group(sub_device_ids)

    def reset_sub_device_stall_group(self):
        from tensix.ttnn import sub_device
        m = sub_device.tracker(self).active
        m.set_stall_group(m.sub_device_ids)

    def __repr__(self):
        return f"MeshDevice(1x1 grid, 1 devices)" if self.is_open else "MeshDevice(closed)"


Device = MeshDevice
_default_device: MeshDevice | None = None


def open_device(device_id: int = 0, l1_small_size: int = 0, trace_region_size: int = 0, **kwargs) -> MeshDevice:
    """ttnn.open_device(device_id=0, l1_small_size=..., trace_region_size=..., dispatch_core_config=..., ...)."""
    global _default_device
    dev = MeshDevice(device_id, l1_small_size, trace_region_size, **kwargs)
    _default_device = dev
    return dev


CreateDevice = open_device


def close_device(device: MeshDevice) -> None:
    global _default_device
    if device.is_open:
        device.program_cache.clear()
        mh.CloseDevice(device._sim)
        device.is_open = False
    if _default_device is device:
        _default_device = None


CloseDevice = close_device


@contextlib.contextmanager
def manage_device(device_id: int = 0, **kwargs):
    """with ttnn.manage_device(device_id=0) as device: ... (closed on exit)."""
    dev = open_device(device_id, **kwargs)
    try:
        yield dev
    finally:
        close_device(dev)


def synchronize_device(device: MeshDevice, *args, **kwargs) -> None:
    """Programs run to completion when enqueued on the simulated device: nothing is left to wait for. The
    sub_device_ids (ttnn.synchronize_device(device, cq_id=None, sub_device_ids=[])) are checked as tt-metal does."""
    device.sim   # refuses a closed device
    ids = kwargs.get("sub_device_ids", args[1] if len(args) > 1 else None)
    if ids:
        from tensix.ttnn import sub_device
        sub_device.check_sub_device_ids(device, ids)


def GetDefaultDevice():
    return _default_device


def SetDefaultDevice(device):
    global _default_device
    _default_device = device


def GetPCIeDeviceID(device_id: int = 0) -> int:
    return device_id


def GetNumAvailableDevices() -> int:
    return 1


def GetNumPCIeDevices() -> int:
    return 1


# tt-metal 622c6fb9 MetalEnv::get_max_worker_l1_unreserved_size (tt_metal/impl/context/metal_env.cpp): the end of a
# Tensix core's L1 minus the KERNEL_CONFIG base of the HAL's L1 map. Wormhole B0's value as the ttnn 0.81.1 wheel
# returns it (n150 mock cluster): 1499136 - 35168.
MAX_WORKER_L1_UNRESERVED_SIZE = 1463968


def get_max_worker_l1_unreserved_size() -> int:
    """ttnn.get_max_worker_l1_unreserved_size(): bytes of a worker core's L1 from the kernel-config base to its end."""
    return MAX_WORKER_L1_UNRESERVED_SIZE
