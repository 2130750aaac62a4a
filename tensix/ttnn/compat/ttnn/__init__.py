"""`ttnn` as a ttnn program sees it under `tensix run` or the pytest plugin: every name of tensix.ttnn (its ops, types,
tensors and devices), plus what ttnn's own Python package (tt-metal 622c6fb9 ttnn/ttnn/__init__.py) adds and
tt-metal's tests use: `ttnn.device` (Arch, is_wormhole_b0, DispatchCoreConfig, ...), golden functions
(`get_golden_function(op)`), `pearson_correlation_coefficient`, `CONFIG` / `manage_config`, `get_arch_name`,
`get_num_devices`, the sharded memory-config constants and `fp8_e4m3`.

A name that neither has raises NotModelledAttributeError (an AttributeError) naming it, so a script that needs an op
tensix does not run yet stops with a message that says so."""

from __future__ import annotations

import contextlib
import importlib
import json
import os

import tensix.ttnn as _tt
from tensix.ttnn.compat import fallback_getattr
from tensix.ttnn.compat.ttnn import (_provisional, _ttnn, core, decorators, device, experimental, operations,
                                     transformer, types)
from tensix.ttnn.compat.ttnn.decorators import (attach_golden_function, get_fallback_function, get_golden_function,
                                                register_python_operation)
from tensix.ttnn.compat.ttnn.device import (DispatchCoreAxis, DispatchCoreConfig, DispatchCoreType, get_arch_name,
                                            is_blackhole, is_wormhole_b0)
from tensix.ttnn.compat.ttnn.operations.comparison import pearson_correlation_coefficient
from tensix.ttnn.compat.ttnn.types import (L1_BLOCK_SHARDED_MEMORY_CONFIG, L1_HEIGHT_SHARDED_MEMORY_CONFIG,
                                           L1_WIDTH_SHARDED_MEMORY_CONFIG, fp8_e4m3)

Device = _tt.MeshDevice
decorators.expose_golden_attributes()       # ttnn.exp.golden_function, as ttnn's operation objects have


# ---------------------------------------------------------------------------------------------- CONFIG
class Config:
    """ttnn.Config: ttnn's runtime configuration, with ttnn's defaults (as the 0.81.1 wheel prints them). tensix reads
    none of it: there is no model cache, no graph report and no comparison mode; fast runtime mode is on, as in a
    release ttnn, so tt-metal's conftest skips the tests marked requires_fast_runtime_mode_off."""

    _FIELDS = dict(cache_path="~/.cache/ttnn", model_cache_path="~/.cache/ttnn/models", tmp_dir="/tmp/ttnn",
                   enable_model_cache=False, enable_fast_runtime_mode=True, validate_program_args=False,
                   throw_exception_on_fallback=False, enable_logging=False, enable_graph_report=False,
                   enable_graph_python_stack_traces=False, enable_detailed_buffer_report=False,
                   enable_detailed_tensor_report=False, enable_comparison_mode=False,
                   comparison_mode_should_raise_exception=False, comparison_mode_pcc=0.9999,
                   root_report_path="generated/ttnn/reports", report_name=None, strict_ccl_topology=False)

    def __init__(self, other=None, **kwargs):
        for k, v in self._FIELDS.items():
            setattr(self, k, getattr(other, k) if other is not None else v)
        for k, v in kwargs.items():
            setattr(self, k, v)

    @property
    def report_path(self):
        if self.report_name is None:
            return None
        import pathlib
        return pathlib.Path(self.root_report_path) / str(self.report_name)

    def __repr__(self):
        def fmt(v):
            if v is None:
                return "std::nullopt"
            if isinstance(v, bool):
                return str(v).lower()
            return str(v)
        return "Config{" + ",".join(f"{k}={fmt(getattr(self, k))}" for k in self._FIELDS) + "}"


CONFIG = Config()
CONFIG_PATH = None
CONFIG_OVERRIDES = os.environ.get("TTNN_CONFIG_OVERRIDES", None)


def load_config_from_dictionary(config, from_file=False):
    for k, v in config.items():
        if k not in Config._FIELDS:
            raise ValueError(f"ttnn.CONFIG has no field {k!r}")
        setattr(CONFIG, k, v)


def load_config_from_json_file(json_path):
    with open(json_path) as f:
        load_config_from_dictionary(json.load(f), from_file=True)


def save_config_to_json_file(json_path):
    with open(json_path, "w") as f:
        json.dump({k: getattr(CONFIG, k) for k in Config._FIELDS}, f, indent=4)


@contextlib.contextmanager
def manage_config(name: str, value):
    """with ttnn.manage_config("report_name", "x"): ... -- a CONFIG field set for the block."""
    old = getattr(CONFIG, name)
    setattr(CONFIG, name, value)
    try:
        yield
    finally:
        setattr(CONFIG, name, old)


# ------------------------------------------------------------------------------------- cluster queries
def get_num_devices() -> int:
    return 1


def get_device_ids() -> list[int]:
    return [0]


def get_pcie_device_ids() -> list[int]:
    return [0]


def using_distributed_env() -> bool:
    return False


def num_cores_to_corerangeset(*args, row_wise: bool = False):
    """ttnn.num_cores_to_corerangeset([start_core,] target_num_cores, grid_size, row_wise=False): the first
    target_num_cores cores of the grid (from start_core, along rows or columns) as at most three CoreRanges (a partial
    row / column, full rows / columns, a partial row / column), as tt-metal 622c6fb9 tt_metal/common/work_split.cpp
    builds them (full rows only when more than one row's worth remains)."""
    from tensix.metalium.types import CoreCoord, CoreRange, CoreRangeSet
    if len(args) == 4:
        start, target, grid, row_wise = args
    elif len(args) == 3 and isinstance(args[0], CoreCoord):
        start, target, grid = args
    else:
        start, (target, grid, *rest) = CoreCoord(0, 0), args
        if rest:
            row_wise = rest[0]
    nx, ny = int(grid.x), int(grid.y)
    target = int(target)
    if not (start.x < nx and start.y < ny):
        raise RuntimeError("Start core must be within grid size")
    avail = ((ny - 1 - start.y) * nx + nx - start.x) if row_wise else ((nx - 1 - start.x) * ny + ny - start.y)
    if target > avail:
        raise RuntimeError(f"Target number of cores {target} is greater than total number of available cores {avail}")
    ranges, left, sx, sy = [], target, start.x, start.y
    if row_wise:
        if sx != 0 and left > nx - start.x:
            ranges.append(CoreRange(CoreCoord(sx, sy), CoreCoord(nx - 1, sy)))
            left -= nx - sx
            sx, sy = 0, sy + 1
        if left > nx:
            rows = left // nx
            ranges.append(CoreRange(CoreCoord(sx, sy), CoreCoord(nx - 1, sy + rows - 1)))
            left -= rows * nx
            sx, sy = 0, sy + rows
        if left > 0:
            ranges.append(CoreRange(CoreCoord(sx, sy), CoreCoord(sx + left - 1, sy)))
    else:
        if sy != 0 and left > ny - start.y:
            ranges.append(CoreRange(CoreCoord(sx, sy), CoreCoord(sx, ny - 1)))
            left -= ny - sy
            sx, sy = sx + 1, 0
        if left > ny:
            cols = left // ny
            ranges.append(CoreRange(CoreCoord(sx, sy), CoreCoord(sx + cols - 1, ny - 1)))
            left -= cols * ny
            sx, sy = sx + cols, 0
        if left > 0:
            ranges.append(CoreRange(CoreCoord(sx, sy), CoreCoord(sx, sy + left - 1)))
    return CoreRangeSet(ranges)


def num_cores_to_corerangeset_in_subcoregrids(start_core, target_num_cores, sub_core_grids, row_wise=False):
    """ttnn.num_cores_to_corerangeset_in_subcoregrids(start_core, target_num_cores, sub_core_grids, row_wise=False):
    target_num_cores cores of sub_core_grids from start_core on, as tt-metal 622c6fb9 tt_metal/common/work_split.cpp
    takes them (tensix.ttnn.operations._sub_core_split.cores_in_subcoregrids)."""
    from tensix.metalium.types import to_core_set
    from tensix.ttnn.operations._sub_core_split import cores_in_subcoregrids
    return cores_in_subcoregrids(start_core, int(target_num_cores), to_core_set(sub_core_grids), bool(row_wise))


# ttnn spells some ops twice (ttnn/ttnn/__init__.py: divide = ttnn.div, sub = subtract, mul = multiply, ...); a name
# tensix.ttnn has under one spelling is served under the other
_ALIASES = {"divide": "div", "div": "divide", "sub": "subtract", "subtract": "sub", "mul": "multiply",
            "multiply": "mul", "sub_": "subtract_", "mul_": "multiply_", "div_": "divide_"}


def __getattr__(name):
    try:
        return fallback_getattr("ttnn", [_tt, _provisional], name)
    except AttributeError:
        alias = _ALIASES.get(name)
        if alias is not None and hasattr(_tt, alias):
            return getattr(_tt, alias)
        if name.startswith("_"):     # a submodule being imported (`from ttnn import _x` asks here first): not an op
            raise
        # an operation of ttnn's that tensix does not run: a placeholder whose call raises NotModelledError
        # (imported by name: `from <this package> import _unmodelled` would ask this __getattr__ again)
        _unmodelled = importlib.import_module("tensix.ttnn.compat.ttnn._unmodelled")
        op = _unmodelled.lookup("ttnn", name)
        if op is not None:
            return op
        raise


def __dir__():
    return sorted(set(globals()) | set(dir(_tt)) | {"UnaryOpType", "UnaryWithParam"})
