"""tensix: the Tenstorrent Wormhole programming stack in Python, on a simulated chip.

Every error class tensix raises on purpose is importable from here (`from tensix import DeadlockError`). Those
defined beside heavier modules (the FPU, the data formats, GGML) are loaded when first asked for."""

from tensix.errors import (
    DeadlockError,
    DeviceError,
    NotModelledError,
    RegisterSpillError,
    SfpiError,
    SfpuError,
    TensixError,
    UndefinedBehaviourError,
)

__version__ = "0.1.0"

# error classes that live beside the module raising them: name -> module (imported on first access)
_LAZY_ERRORS = {
    # the runtime's diagnostics: importing them eagerly would load tensix.device under every layer below it
    **{name: "tensix.device.errors" for name in ("CircularBufferConfigError", "CircularBufferError",
                                                 "ComputeInitError", "DramOverflowError", "DstCapacityError",
                                                 "DstUndefinedError", "KernelError", "L1OverflowError",
                                                 "NocAddressError", "ReadBarrierError", "RuntimeArgError",
                                                 "SemaphoreNeverSatisfiedError", "TileRegsError")},
    "FmaOperandError": "tensix.sfpu.fma_model",
    "FormatError": "tensix.device.formats",
    "FpuError": "tensix.device.fpu",
    "SfpuInitError": "tensix.kernel.sfpu_ops",
    "GgmlError": "tensix.ggml.rope",
    "RopeArgumentError": "tensix.ggml.rope",
    "NotModelledAttributeError": "tensix.ttnn.compat",
    "TileError": "tensix.tile.errors",
    **{name: "tensix.ttnn.errors" for name in ("TTNNError", "ShapeError", "LayoutError", "DTypeError",
                                               "DeviceMismatchError", "DeallocatedError", "OutOfMemoryError",
                                               "ShardSpecError", "UnknownKeywordError")},
    # tensix.mlir needs the `mlir` extra (xDSL); its errors load with it
    "MLIRError": "tensix.mlir.errors",
    "MLIRLayoutError": "tensix.mlir.errors",
}


def __getattr__(name):
    module = _LAZY_ERRORS.get(name)
    if module is None:
        raise AttributeError(f"module 'tensix' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_LAZY_ERRORS))


__all__ = [
    "TensixError",
    "NotModelledError",
    "SfpuError",
    "SfpiError",
    "RegisterSpillError",
    "UndefinedBehaviourError",
    "DeviceError",
    "DeadlockError",
    *_LAZY_ERRORS,
    "__version__",
]
