"""Unmodified ttnn code on tensix: `import ttnn` resolved to tensix.ttnn through `sys.modules`.

tensix ships no top-level `ttnn` package (it would shadow the real one where both are installed). Instead,
`install()` registers module objects under the names a ttnn program imports: `ttnn` is the facade package
`tensix.ttnn.compat.ttnn` (every name of tensix.ttnn, plus what ttnn's Python package adds on top of its C++ ops:
`ttnn.device`, golden functions, `pearson_correlation_coefficient`, `CONFIG`, ...), and each module of that facade
package is registered under its ttnn name (`tensix.ttnn.compat.ttnn.device` as `ttnn.device`, ...). A meta path
finder in front of `sys.meta_path` answers any other `ttnn.*` import with a ModuleNotFoundError that says tensix
does not model that module, instead of letting Python find a real ttnn's file.

`tensix run script.py` and the pytest plugin (`pytest -p tensix.ttnn.pytest_plugin`) call `install()`.

Other top-level names (TT-MLIR's `ttmlir`) are mapped the same way: add the facade package under
tensix/ttnn/compat/ (or anywhere) and its entry to `MAPPINGS`.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.abc
import importlib.util
import pkgutil
import sys

# top-level module name -> the tensix package that stands for it
MAPPINGS: dict[str, str] = {
    "ttnn": "tensix.ttnn.compat.ttnn",
}
try:  # tt-mlir's Python API, with tensix's `mlir` extra
    if importlib.util.find_spec("xdsl") is not None:
        MAPPINGS["ttmlir"] = "tensix.mlir.compat.ttmlir"
except (ImportError, ValueError):
    pass

from tensix.errors import NotModelledError


class NotModelledAttributeError(NotModelledError, AttributeError):
    """A name a ttnn program uses (`ttnn.foo`) that tensix does not model: both tensix's NotModelledError and an
    AttributeError (so `hasattr(ttnn, "foo")` is False, as Python code expects)."""


def fallback_getattr(module_name: str, targets, name: str):
    """A facade module's attribute `name` from the first of `targets` (modules) that has it; else the
    NotModelledAttributeError that names what is missing."""
    if name.startswith("__"):
        raise AttributeError(name)
    for target in targets:
        try:
            return getattr(target, name)
        except AttributeError:
            continue
    where = ", ".join(getattr(t, "__name__", repr(t)) for t in targets)
    raise NotModelledAttributeError(
        f"module {module_name!r} has no attribute {name!r}: tensix does not model {module_name}.{name} yet "
        f"(looked in {where}).\nFix: use an op tensix has (dir({module_name})), or add {name} to tensix.ttnn.")


_saved: dict[str, object] = {}          # sys.modules entries we replaced, to put back on uninstall
_installed: set[str] = set()            # the top-level names mapped now
_registered: set[str] = set()           # every sys.modules key install() wrote


def _walk(package_name: str):
    """The package and every module below it, imported, as (relative dotted name, module)."""
    pkg = importlib.import_module(package_name)
    yield "", pkg
    for info in pkgutil.walk_packages(pkg.__path__, prefix=package_name + "."):
        mod = importlib.import_module(info.name)
        yield info.name[len(package_name):], mod


class _MappedNameFinder(importlib.abc.MetaPathFinder):
    """Refuses, with a message that says why, the import of a `ttnn.*` module the facade does not have."""

    def find_spec(self, fullname, path=None, target=None):
        top = fullname.partition(".")[0]
        if top not in _installed or fullname in sys.modules:
            return None
        target_pkg = MAPPINGS[top]
        raise ModuleNotFoundError(
            f"No module named {fullname!r}: tensix maps {top!r} to its own {target_pkg} (tensix run / the pytest "
            f"plugin), which has no module {fullname!r}; tensix does not model it yet.\n"
            f"Fix: use what `import {top}` gives (dir({top})), or add the module to {target_pkg}.",
            name=fullname)


_FINDER = _MappedNameFinder()


def install(names=None) -> None:
    """Map each top-level name in `names` (default: every entry of MAPPINGS) to its tensix package in sys.modules.
    Idempotent. A module already imported under a mapped name (a real ttnn imported earlier in the process) is put
    aside and restored by `uninstall()`."""
    for top in (names or MAPPINGS):
        if top in _installed:
            continue
        target = MAPPINGS[top]
        for rel, mod in _walk(target):
            key = top + rel
            if key in sys.modules and sys.modules[key] is not mod and key not in _saved:
                _saved[key] = sys.modules[key]
            sys.modules[key] = mod
            _registered.add(key)
        _installed.add(top)
    if _installed and _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)


def uninstall() -> None:
    """Undo install(): the mapped names leave sys.modules (earlier entries come back), the finder is removed."""
    for key in list(_registered):
        sys.modules.pop(key, None)
    for key, mod in _saved.items():
        sys.modules[key] = mod
    _saved.clear()
    _registered.clear()
    _installed.clear()
    while _FINDER in sys.meta_path:
        sys.meta_path.remove(_FINDER)


def is_installed(name: str = "ttnn") -> bool:
    return name in _installed


@contextlib.contextmanager
def installed(names=None):
    """`with installed(): import ttnn` -- the mapping for the duration of the block only (if it was not on before)."""
    was = set(_installed)
    install(names)
    try:
        yield
    finally:
        if not was:
            uninstall()
