"""ttnn.device (tt-metal 622c6fb9 ttnn/ttnn/device.py) over tensix's simulated n150: Arch, the dispatch-core
configuration types, open/close, the default device, is_wormhole_b0 / is_blackhole. Other names fall back to
tensix.ttnn.device."""

from __future__ import annotations

import enum

from tensix.errors import NotModelledError
from tensix.ttnn.device import (Arch, CloseDevice, GetDefaultDevice, GetNumAvailableDevices, GetNumPCIeDevices,
                                GetPCIeDeviceID, MeshDevice, SetDefaultDevice, close_device, manage_device,
                                open_device, synchronize_device)
from tensix.ttnn.sub_device import SubDevice, SubDeviceId, SubDeviceManagerId  # noqa: F401 (ttnn/ttnn/device.py)
from tensix.ttnn.types import init_device_compute_kernel_config

Device = MeshDevice

# ttnn 0.81.1 prints 0 for both (ttnn._ttnn.device.DEFAULT_L1_SMALL_SIZE / DEFAULT_TRACE_REGION_SIZE)
DEFAULT_L1_SMALL_SIZE = 0
DEFAULT_TRACE_REGION_SIZE = 0


class _NbEnum(enum.Enum):
    def __repr__(self):
        return f"{type(self).__name__}.{self.name}"

    __str__ = __repr__


class DispatchCoreType(_NbEnum):
    WORKER = 0
    ETH = 1


class DispatchCoreAxis(_NbEnum):
    ROW = 0
    COL = 1


class DispatchCoreConfig:
    """ttnn.DispatchCoreConfig(type=None, axis=None, fabric_tensix_config=None). tensix models no dispatch cores
    (programs are enqueued straight onto the simulated workers), so the configuration is kept but changes nothing:
    the worker grid stays 8x8 (compute_with_storage_grid_size)."""

    def __init__(self, type=None, axis=None, fabric_tensix_config=None):
        self.type = type if type is not None else DispatchCoreType.WORKER
        self.axis = axis if axis is not None else DispatchCoreAxis.ROW
        self.fabric_tensix_config = fabric_tensix_config

    def __eq__(self, other):
        return isinstance(other, DispatchCoreConfig) and (self.type, self.axis) == (other.type, other.axis)

    def __hash__(self):
        return hash((self.type, self.axis))

    def __repr__(self):
        return f"DispatchCoreConfig(type={self.type}, axis={self.axis})"


def CreateDevice(device_id: int = 0, num_command_queues: int = 1, l1_small_size: int = DEFAULT_L1_SMALL_SIZE,
                 trace_region_size: int = DEFAULT_TRACE_REGION_SIZE, dispatch_core_config=None, **kwargs):
    """ttnn.CreateDevice(device_id, num_command_queues=1, l1_small_size=..., trace_region_size=...,
    dispatch_core_config=None, *, worker_l1_size=...)."""
    return open_device(device_id=device_id, l1_small_size=l1_small_size, trace_region_size=trace_region_size,
                       num_command_queues=num_command_queues, dispatch_core_config=dispatch_core_config, **kwargs)


def get_arch_name() -> str:
    return "wormhole_b0"


def is_wormhole_b0(device=None) -> bool:
    if device is not None:
        return device.arch() == Arch.WORMHOLE_B0
    return "wormhole_b0" in get_arch_name()


def is_blackhole(device=None) -> bool:
    if device is not None:
        return device.arch() == Arch.BLACKHOLE
    return "blackhole" in get_arch_name()


def is_grayskull(device=None) -> bool:
    if device is not None:
        return device.arch() == Arch.GRAYSKULL
    return "grayskull" in get_arch_name()


def _memory_reports(*args, **kwargs):
    raise NotModelledError("ttnn.device.EnableMemoryReports / DisableMemoryReports: tensix writes no memory "
                           "reports.\nFix: use tensix.ttnn.op_report() for the per-op device time.")


EnableMemoryReports = DisableMemoryReports = _memory_reports


def __getattr__(name):
    import tensix.ttnn.device as dev
    from tensix.ttnn.compat import fallback_getattr
    return fallback_getattr("ttnn.device", [dev], name)
