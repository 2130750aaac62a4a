"""Every error class tensix raises on purpose is importable from the package top level."""

import importlib
import inspect
import pkgutil

import tensix


def _all_error_classes():
    found = {}
    for mod in pkgutil.walk_packages(tensix.__path__, "tensix."):
        if mod.name.startswith(("tensix.cli", "tensix.ttnn.pytest_plugin")):
            continue
        m = importlib.import_module(mod.name)
        for name, obj in vars(m).items():
            if inspect.isclass(obj) and issubclass(obj, tensix.TensixError) and obj.__module__ == m.__name__:
                found[name] = obj
    return found


def test_every_error_class_is_exported_from_tensix():
    classes = _all_error_classes()
    assert "DeadlockError" in classes and "FpuError" in classes
    for name, cls in classes.items():
        assert getattr(tensix, name) is cls, name
        assert name in tensix.__all__, name


def test_from_tensix_import_deadlock_error():
    from tensix import DeadlockError, FormatError, SfpuInitError  # noqa: F401
    assert issubclass(DeadlockError, tensix.TensixError)
