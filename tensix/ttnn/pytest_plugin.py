"""pytest plugin: tt-metal's ttnn tests, unmodified, on tensix's simulated Wormhole.

    pytest -p tensix.ttnn.pytest_plugin path/to/tt-metal-style/tests/...

What it gives the test files (what tt-metal 622c6fb9's /conftest.py and tests/ttnn/conftest.py give them):

- `import ttnn` (and `ttnn.device`, `ttnn.operations...`) resolves to tensix.ttnn (tensix.ttnn.compat.install()).
- The pytest rootdir (the stand-in for the tt-metal checkout) goes on sys.path, as tt-metal's environment puts
  TT_METAL_HOME there, so `from tests.ttnn.utils_for_testing import ...` and `from models.common.utility_functions
  import ...` resolve (tensix vendors both under tests/ttnn_vendored/). `--tt-metal-root DIR` names another root.
- Fixtures: `device` (function scope; module scope under `@pytest.mark.use_module_device`, with its positional or
  `device_params=` form; `device.cache_entries_counter`), `device_params` (indirect parametrization), `reset_seeds`,
  `function_level_defaults`, `is_ci_env`, `expect_error`, `grid_size`, `silicon_arch_name` / `silicon_arch_<arch>`
  parametrization, `mesh_device` (a test asking for more devices than the one n150 is skipped as tt-metal skips it;
  the others get the 1x1 mesh of the simulated n150, tensix.ttnn.mesh).
- Autouse: `requires_grid_size` skipping, the default device restored after each test.
- Options: `--device-id`, `--tt-arch` (wormhole_b0 only), `--runslow`, `--grid-size`; the markers tt-metal's
  pytest.ini registers; ttnn's collection rules (tests marked `requires_fast_runtime_mode_off` are skipped, since
  fast runtime mode is on as in a release ttnn; `slow` ones without --runslow), for tests under a tests/ttnn dir.
- Case ids `argname=value` (tt-metal's tests/ttnn/conftest.py pytest_make_parametrize_id), ops as `ttnn.add`.

tensix's own additions:

- `--tensix-max-elements N` (ini `tensix_max_elements`): a size cap. A test that makes a ttnn tensor of more than N
  elements (host or device) is skipped at that point, with the shape in the reason; nothing is edited in the test.
- ini `tensix_max_elements_per_file` (lines of `<fnmatch pattern on the node id's file part> <N>`): a lower cap for the
  files it names (the first matching line wins), to keep a large vendored file's CI time in check without editing it.
  `--tensix-max-elements` on the command line overrides both.
- ini `tensix_sample` (lines of `<fnmatch pattern on the node id> <k>`): of the cases a line matches, one in k runs
  (those whose node id's CRC-32 is 0 mod k: the same cases on every run), the others are deselected; for the long
  parameter grids of a vendored file whose cases all exercise the same code. `--tensix-no-sample` runs them all.
- `--tensix-expected-failures FILE` (ini `tensix_expected_failures`): a Python file with
  `EXPECTED_FAILURES = {"node id or fnmatch pattern": "reason", ...}` (a value may also be `(reason, ExceptionType)`).
  Matching cases are marked xfail with `raises=` tensix's NotModelledError (by default), so they count as expected
  only when they stop on something tensix does not model yet; a wrong number is still a failure. When the op lands
  the case XPASSes and its entry can be deleted. `--tensix-xfail-strict` makes an XPASS fail (to find stale entries).

In a tt-metal checkout, pass `--noconftest` (this plugin replaces its conftest files, which need the real ttnn).
"""

from __future__ import annotations

import contextlib
import fnmatch
import math
import os
import random
import runpy
import sys
from pathlib import Path

import pytest

# tt-metal 622c6fb9 /pytest.ini markers
_MARKERS = [
    "t3k_compat: mark tests that run on T3K (no Galaxy required)",
    "post_commit: mark tests to run on post-commit",
    "frequent: mark tests to run every couple of hours",
    "slow: marks tests as slow and long",
    "skip_post_commit: mark tests excluded by default in profiler regression script",
    "frequently_hangs: mark tests that frequently hang cards",
    "eager_host_side: mark tests meant for host-side eager release builds",
    "eager_package_silicon: mark silicon tests meant for eager release builds",
    "models_performance_bare_metal: mark model silicon tests for performance on bare metal",
    "models_performance_virtual_machine: mark model silicon tests for performance on virtual_machine",
    "models_device_performance_bare_metal: mark model silicon tests for device performance on bare metal",
    "model_perf_t3000: mark model silicon tests for performance on t3000 bare metal",
    "model_perf_tg: mark model silicon tests for performance on tg bare metal",
    "requires_fast_runtime_mode_off: mark tests which require fast runtime mode to be off",
    "requires_grid_size(min_x, min_y) or min_cores: skip if the device worker grid is smaller",
    "use_module_device(device_params): use module-scoped device fixture",
    "no_reset_default_device: do not restore the default device after the test",
]

_ALL_ARCHS = ("grayskull", "wormhole_b0", "blackhole")


# ----------------------------------------------------------------------------------------------- options
def pytest_addoption(parser):
    group = parser.getgroup("tensix-ttnn", "tensix: tt-metal's ttnn tests on the simulated Wormhole")
    group.addoption("--device-id", type=int, default=0, help="Target device id")
    group.addoption("--tt-arch", choices=list(_ALL_ARCHS), default="wormhole_b0",
                    help="Target arch (tensix simulates wormhole_b0)")
    group.addoption("--runslow", action="store_true", default=False, help="run tests marked as slow")
    group.addoption("--grid-size", default=None, help="chip grid for the test, e.g. 8x8 (grid_size fixture)")
    group.addoption("--tt-metal-root", default=None,
                    help="the directory standing for the tt-metal checkout (put on sys.path; default: rootdir)")
    group.addoption("--tensix-max-elements", type=int, default=None,
                    help="skip a test when it makes a ttnn tensor of more elements than this")
    group.addoption("--tensix-expected-failures", default=None,
                    help="Python file with EXPECTED_FAILURES = {pattern: reason}: cases marked xfail(NotModelled)")
    group.addoption("--tensix-xfail-strict", action="store_true", default=False,
                    help="an expected failure that passes fails the run (find entries to delete)")
    group.addoption("--tensix-plain-ids", action="store_true", default=False,
                    help="pytest's own parametrize ids instead of tt-metal's argname=value")
    parser.addini("tensix_max_elements", "default of --tensix-max-elements", default="")
    parser.addini("tensix_max_elements_per_file", "lines '<file pattern> <N>': a size cap per test file",
                  type="linelist", default=[])
    parser.addini("tensix_sample", "lines '<node id pattern> <k>': run one case in k of those the pattern matches",
                  type="linelist", default=[])
    group.addoption("--tensix-no-sample", action="store_true", default=False,
                    help="run every case (ignore the ini's tensix_sample lines)")
    parser.addini("tensix_expected_failures", "default of --tensix-expected-failures (relative to the ini file)",
                  default="")


def _opt(config, name, ini):
    value = config.getoption(name)
    if value is None or value == "":
        value = config.getini(ini) or None
        if value is not None and ini == "tensix_expected_failures" and config.inipath is not None:
            value = str(Path(config.inipath).parent / value)
    return value


# ----------------------------------------------------------------------------------------- configuration
def pytest_configure(config):
    from tensix.ttnn import compat

    config._tensix_installed_compat = not compat.is_installed("ttnn")
    compat.install()
    for line in _MARKERS:
        config.addinivalue_line("markers", line)
    root = config.getoption("tt_metal_root") or str(config.rootpath)
    root = str(Path(root).resolve())
    if root not in sys.path:
        sys.path.insert(0, root)
    cap = _opt(config, "tensix_max_elements", "tensix_max_elements")
    per_file = []
    if config.getoption("tensix_max_elements") is None:
        for line in config.getini("tensix_max_elements_per_file"):
            try:
                pattern, n = line.split()
                per_file.append((pattern, int(n)))
            except ValueError:
                raise pytest.UsageError(f"tensix_max_elements_per_file: {line!r} is not '<file pattern> <N>'") from None
    config._tensix_cap = (int(cap) if cap is not None else None, per_file)
    if cap is not None or per_file:
        _install_size_cap(int(cap) if cap is not None else None)
    config._tensix_expected = _load_expected(_opt(config, "tensix_expected_failures", "tensix_expected_failures"))


def pytest_unconfigure(config):
    _remove_size_cap()
    if getattr(config, "_tensix_installed_compat", False):
        from tensix.ttnn import compat
        compat.uninstall()


# --------------------------------------------------------------------------------------------- size cap
_size_cap_state: dict = {}


def _install_size_cap(cap: int) -> None:
    """Wrap Tensor._make (every ttnn tensor, host or device, is made by it) to skip the running test past `cap`."""
    from tensix.ttnn.tensor import Tensor

    if "orig" in _size_cap_state:
        _size_cap_state["cap"] = cap
        return
    orig = Tensor.__dict__["_make"]
    func = orig.__func__
    _size_cap_state.update(orig=orig, cap=cap)

    def _make(cls, shape, *args, **kwargs):
        n = math.prod(int(d) for d in shape)
        if _size_cap_state["cap"] is not None and n > _size_cap_state["cap"]:
            pytest.skip(f"tensix size cap: a tensor of shape {list(shape)} ({n} elements) is over "
                        f"the cap of {_size_cap_state['cap']} (--tensix-max-elements / tensix_max_elements_per_file)")
        return func(cls, shape, *args, **kwargs)

    Tensor._make = classmethod(_make)


def _cap_for(config, nodeid: str):
    """The size cap of a test: the first per-file line whose pattern matches the node id's file part, else the
    global cap."""
    cap, per_file = getattr(config, "_tensix_cap", (None, []))
    path = nodeid.split("::", 1)[0]
    for pattern, n in per_file:
        if fnmatch.fnmatchcase(path, pattern):
            return n
    return cap


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    if "orig" in _size_cap_state:
        _size_cap_state["cap"] = _cap_for(item.config, item.nodeid)


def _remove_size_cap() -> None:
    if "orig" in _size_cap_state:
        from tensix.ttnn.tensor import Tensor
        Tensor._make = _size_cap_state.pop("orig")
        _size_cap_state.clear()


# ------------------------------------------------------------------------------------ expected failures
def _load_expected(path):
    if not path:
        return {}
    if not Path(path).is_file():
        raise pytest.UsageError(f"--tensix-expected-failures: no such file {path}")
    table = runpy.run_path(str(path)).get("EXPECTED_FAILURES")
    if not isinstance(table, dict):
        raise pytest.UsageError(f"{path} must define EXPECTED_FAILURES = {{pattern: reason}}")
    return table


def _expected_for(nodeid: str, table: dict):
    for pattern, value in table.items():
        if nodeid == pattern or fnmatch.fnmatchcase(nodeid, pattern) or nodeid.startswith(pattern + "["):
            return value
    return None


def _under_tests_ttnn(path) -> bool:
    parts = Path(str(path)).parts
    return any(a == "tests" and b == "ttnn" for a, b in zip(parts, parts[1:]))


def _sample_lines(config):
    out = []
    for line in config.getini("tensix_sample"):
        try:
            pattern, k = line.split()
            out.append((pattern, int(k)))
        except ValueError:
            raise pytest.UsageError(f"tensix_sample: {line!r} is not '<node id pattern> <k>'") from None
    return out


def _sampled_out(nodeid: str, lines) -> bool:
    """True when a tensix_sample line matches the node id and its CRC-32 is not 0 mod k (the case is left out)."""
    import zlib
    for pattern, k in lines:
        if fnmatch.fnmatchcase(nodeid, pattern) or nodeid.startswith(pattern + "["):
            return k > 1 and zlib.crc32(nodeid.encode()) % k != 0
    return False


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Once a test's failure is reported, let go of its frames' locals. An exception's traceback keeps the frames
    of the failing test alive in a reference cycle, and with them its tensors and their device buffers, until
    Python's cyclic collector runs: on a module-scoped device the next tests would then allocate around them, at L1
    addresses that depend on when the collector last ran (and a DRAM read into a buffer 16 bytes off its alignment
    is refused). ttnn frees a tensor when its last reference goes; with the frames cleared, so does tensix.
    Not under --pdb, which needs the frames."""
    outcome = yield
    if call.excinfo is not None and not item.config.getoption("usepdb", False):
        import traceback
        outcome.get_result()  # the report (and its text) exists before the frames go
        for frame, _ in traceback.walk_tb(call.excinfo.tb):
            try:
                frame.clear()
            except RuntimeError:  # still running
                continue
            frame.f_locals  # noqa: B018 - Python 3.11 keeps the dict of locals a rendering took; reading it drops them


def pytest_collection_modifyitems(config, items):
    from tensix.errors import NotModelledError

    lines = [] if config.getoption("tensix_no_sample") else _sample_lines(config)
    if lines:
        keep, drop = [], []
        for item in items:
            (drop if _sampled_out(item.nodeid, lines) else keep).append(item)
        if drop:
            config.hook.pytest_deselected(items=drop)
            items[:] = keep

    table = getattr(config, "_tensix_expected", {})
    runslow = config.getoption("runslow")
    for item in items:
        if _under_tests_ttnn(item.path):
            # tt-metal tests/ttnn/conftest.py: fast runtime mode is on (a release ttnn), so these are skipped
            if "requires_fast_runtime_mode_off" in item.keywords:
                item.add_marker(pytest.mark.skip(reason="Skipping test with requires_fast_runtime_mode_off"))
            if "slow" in item.keywords and not runslow:
                item.add_marker(pytest.mark.skip(reason="need --runslow option to run"))
        value = _expected_for(item.nodeid, table)
        if value is not None:
            reason, raises = (value, NotModelledError) if isinstance(value, str) else value
            item.add_marker(pytest.mark.xfail(reason=f"tensix: {reason}", raises=raises,
                                              strict=config.getoption("tensix_xfail_strict")))


# ------------------------------------------------------------------------------------------------- ids
def pytest_make_parametrize_id(config, val, argname):
    """tt-metal tests/ttnn/conftest.py: `argname=value`; modules by name, ttnn ops by their ttnn name."""
    if config.getoption("tensix_plain_ids"):
        return None
    import types
    if isinstance(val, types.ModuleType):
        val = val.__name__
    elif hasattr(val, "python_fully_qualified_name"):
        val = val.python_fully_qualified_name
    elif callable(val) and str(getattr(val, "__module__", "")).startswith("tensix.ttnn"):
        from tensix.ttnn.compat.ttnn.decorators import operation_name
        val = "ttnn." + operation_name(val)
    elif type(val).__name__ == "TensorSpec":
        val = f"TensorSpec({val.shape},{val.dtype},{val.layout})"
    return f"{argname}={val}"


def pytest_generate_tests(metafunc):
    """tt-metal /conftest.py: silicon_arch_name from --tt-arch, narrowed by silicon_arch_<arch> fixtures."""
    tt_arch = metafunc.config.getoption("tt_arch")
    specific = [f for f in metafunc.fixturenames if f.startswith("silicon_arch_") and f != "silicon_arch_name"
                and f[len("silicon_arch_"):] in _ALL_ARCHS]
    archs = set(_ALL_ARCHS)
    for f in specific:
        archs &= {f[len("silicon_arch_"):]}
    uses_arch = "silicon_arch_name" in metafunc.fixturenames
    if specific and not uses_arch:
        raise Exception(f"{metafunc.function} requesting a specific silicon target, but doesn't use "
                        "silicon_arch_name fixture")
    if uses_arch:
        metafunc.parametrize("silicon_arch_name", [a for a in archs if a == tt_arch], scope="session")
        for f in specific:
            metafunc.parametrize(f, [True], scope="session")


# ---------------------------------------------------------------------------------------------- fixtures
@pytest.fixture(scope="function")
def reset_seeds():
    """tt-metal's seeds: torch (if installed), numpy and random all seeded with 213919."""
    import numpy as np
    try:
        import torch
        torch.manual_seed(213919)
    except ImportError:
        pass
    np.random.seed(213919)
    random.seed(213919)
    yield


@pytest.fixture(scope="function")
def function_level_defaults(reset_seeds):
    yield


@pytest.fixture(scope="function")
def is_ci_env():
    return os.getenv("CI") == "true"


@pytest.fixture(scope="function")
def device_params(request):
    return getattr(request, "param", {})


class CacheEntriesCounter:
    """tt-metal tests/tests_common/cache_entries_counter.py: program-cache entries added while measuring."""

    def __init__(self, device):
        self.device = device
        self.total = 0

    def reset(self):
        self.total = 0

    @contextlib.contextmanager
    def measure(self):
        before = self.device.num_program_cache_entries()
        yield
        self.total += self.device.num_program_cache_entries() - before

    def decorator(self, fn):
        import functools

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            with self.measure():
                return fn(*args, **kwargs)
        return wrapper


def get_updated_device_params(device_params):
    """tt-metal tests/scripts/common.py: dispatch_core_axis / dispatch_core_type become a DispatchCoreConfig."""
    import ttnn
    params = dict(device_params)
    axis = params.pop("dispatch_core_axis", None)
    core_type = params.pop("dispatch_core_type", None)
    params["dispatch_core_config"] = ttnn.DispatchCoreConfig(core_type, axis, params.get("fabric_tensix_config"))
    return params


def _open(request, device_params):
    import ttnn
    device_id = request.config.getoption("device_id")
    device = ttnn.CreateDevice(device_id=device_id, **get_updated_device_params(device_params))
    request.node.pci_ids = [ttnn.GetPCIeDeviceID(device_id)]
    return device


@pytest.fixture(scope="module")
def _device_module_impl(request):
    """The module-scoped device behind `device` under @pytest.mark.use_module_device(params | device_params=...)."""
    import ttnn
    marker = request.node.get_closest_marker("use_module_device")
    if marker and marker.args:
        params = marker.args[0]
    elif marker and marker.kwargs:
        extra = set(marker.kwargs) - {"device_params"}
        if extra:
            raise ValueError(f"@pytest.mark.use_module_device received unexpected keyword argument(s): {extra}. "
                             "Only 'device_params' is supported.")
        params = marker.kwargs.get("device_params", {})
    else:
        params = {}
    original = ttnn.GetDefaultDevice()
    device = _open(request, params)
    ttnn.SetDefaultDevice(device)
    yield device
    ttnn.SetDefaultDevice(original)
    ttnn.close_device(device)


@pytest.fixture(scope="function")
def device(request, device_params):
    """A fresh simulated n150 per test (ttnn.CreateDevice with `device_params`), or the module's device under
    @pytest.mark.use_module_device."""
    import ttnn
    if request.node.get_closest_marker("use_module_device"):
        if device_params:
            raise ValueError("Cannot use @pytest.mark.use_module_device with @pytest.mark.parametrize("
                             "'device_params', ...).")
        yield request.getfixturevalue("_device_module_impl")
        return
    original = ttnn.GetDefaultDevice()
    dev = _open(request, device_params)
    ttnn.SetDefaultDevice(dev)
    dev.cache_entries_counter = CacheEntriesCounter(dev)
    yield dev
    ttnn.SetDefaultDevice(original)
    ttnn.close_device(dev)


@pytest.fixture(scope="function")
def mesh_device(request, device_params):
    """tt-metal's mesh_device (conftest.py): a mesh of `request.param` devices (an int n: MeshShape(1, n); a tuple:
    that shape; none: the system mesh) opened with `device_params`. tensix's system is one n150, so a test asking
    for more devices is skipped as tt-metal skips it on a one-card machine, and the others get the 1x1 mesh."""
    import ttnn
    param = getattr(request, "param", 1)
    if isinstance(param, tuple):
        assert len(param) == 2, "Device mesh grid shape should have exactly two elements."
        n, shape = param[0] * param[1], ttnn.MeshShape(*param)
    else:
        n, shape = int(param), ttnn.MeshShape(1, int(param))
    if device_params.get("require_exact_physical_num_devices", False) and n != 1:
        pytest.skip(f"Test requires exact match of requested num devices ({n}) to available physical num devices (1).")
    if n > 1:
        pytest.skip(f"Requested more devices ({n}) than available (1). Test not applicable for machine")
    request.node.pci_ids = ttnn.get_pcie_device_ids()
    params = get_updated_device_params(device_params)
    for key in ("require_exact_physical_num_devices", "fabric_config", "fabric_tensix_config", "reliability_mode",
                "fabric_manager", "fabric_router_config"):
        params.pop(key, None)
    original = ttnn.GetDefaultDevice()
    dev = ttnn.open_mesh_device(mesh_shape=shape, **params)
    dev.cache_entries_counter = CacheEntriesCounter(dev)
    yield dev
    ttnn.SetDefaultDevice(original)
    ttnn.close_mesh_device(dev)


@pytest.fixture
def expect_error():
    """tt-metal's expect_error(error, message): pytest.raises with a match."""
    @contextlib.contextmanager
    def expect_error_(error, message):
        with pytest.raises(error, match=message) as info:
            yield info
    return expect_error_


@pytest.fixture
def grid_size(request):
    text = request.config.getoption("grid_size")
    if not text:
        return None
    try:
        rows, cols = map(int, text.split("x"))
    except ValueError:
        raise ValueError(f"Invalid grid size format: {text}. Use format 'rows x cols'.") from None
    return rows, cols


@pytest.fixture(autouse=True)
def check_requires_grid_size(request):
    """Skips a test marked requires_grid_size((x, y)) or requires_grid_size(n) on a smaller worker grid."""
    marker = request.node.get_closest_marker("requires_grid_size")
    if marker is None:
        return
    for name in ("mesh_device", "device"):
        if name in request.fixturenames:
            dev = request.getfixturevalue(name)
            if not marker.args:
                return
            need = marker.args[0]
            grid = dev.compute_with_storage_grid_size()
            if isinstance(need, tuple):
                if grid.x < need[0] or grid.y < need[1]:
                    pytest.skip(f"Test requires device worker grid at least {need[0]}x{need[1]} but got "
                                f"{grid.x}x{grid.y} ({grid.x * grid.y} cores)")
            elif grid.x * grid.y < int(need):
                pytest.skip(f"Test requires at least {int(need)} worker cores but got {grid.x * grid.y} "
                            f"({grid.x}x{grid.y})")
            return
    pytest.skip("requires_grid_size mark requires one of: device, mesh_device (none requested by test)")


@pytest.fixture(autouse=True)
def reset_default_device(request):
    """The default device as it was before the test (tt-metal's autouse fixture)."""
    if "no_reset_default_device" in request.keywords:
        yield
        return
    from tensix.ttnn import device as tdev
    before = tdev.GetDefaultDevice()
    yield
    if before is not None:
        tdev.SetDefaultDevice(before)
    elif "device" in request.fixturenames:
        tdev.SetDefaultDevice(None)
