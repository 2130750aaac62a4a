"""The pytest plugin tensix.ttnn.pytest_plugin: tt-metal's conftest fixtures and rules for unmodified ttnn tests
(device, device_params, use_module_device, reset_seeds, requires_grid_size, ids, markers), and tensix's size cap and
expected-failures list. Each scenario runs pytest in a subprocess on small test files, as a user would."""

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

TESTS = '''
import numpy as np
import pytest
import ttnn

SEEN = {}


def test_device_is_a_fresh_n150(device):
    assert device.compute_with_storage_grid_size().x == 8 and ttnn.GetDefaultDevice() is device
    assert device.num_program_cache_entries() == 0
    a = ttnn.from_numpy(np.ones((32, 32), np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    with device.cache_entries_counter.measure():
        ttnn.add(a, a)
        ttnn.add(a, a)
    assert device.cache_entries_counter.total == 1
    SEEN["first"] = device


def test_next_test_gets_another_device(device):
    assert device is not SEEN["first"] and not SEEN["first"].is_open


@pytest.mark.parametrize("device_params", [{"l1_small_size": 16384}], indirect=True)
def test_device_params(device):
    assert device.l1_small_size == 16384


@pytest.mark.parametrize("h", [32, 64])
@pytest.mark.parametrize("dtype", [ttnn.bfloat16])
def test_ids(h, dtype, request):
    assert request.node.name == f"test_ids[dtype=DataType.BFLOAT16-h={h}]"


@pytest.mark.parametrize("op", [ttnn.add])
def test_op_ids(op, request):
    assert request.node.name == "test_op_ids[op=ttnn.add]"


def test_reset_seeds(reset_seeds):
    import torch
    assert np.random.rand() == np.random.RandomState(213919).rand()
    assert torch.equal(torch.rand(3), torch.Generator().manual_seed(213919) and torch.rand(3, generator=torch.Generator().manual_seed(213919)))


@pytest.mark.requires_grid_size((9, 9))
def test_needs_bigger_grid(device):
    raise AssertionError("must be skipped")


@pytest.mark.requires_grid_size(64)
def test_fits_grid(device):
    pass


def test_size_cap(device):
    ttnn.from_numpy(np.zeros((64, 64), np.float32))
    raise AssertionError("must be skipped by the size cap")


def test_listed_not_modelled():
    ttnn.some_missing_op()


def test_listed_but_wrong_number():
    assert 1 == 2


@pytest.mark.parametrize("mesh_device", [2], indirect=True)
def test_two_chips(mesh_device):
    raise AssertionError("must be skipped")


def test_silicon_arch(silicon_arch_name, silicon_arch_wormhole_b0):
    assert silicon_arch_name == "wormhole_b0"
'''

MODULE_SCOPED = '''
import pytest
import ttnn

pytestmark = pytest.mark.use_module_device({"l1_small_size": 8192})
SEEN = []


def test_a(device):
    SEEN.append(device)
    assert device.l1_small_size == 8192


def test_b(device):
    assert device is SEEN[0] and device.is_open
'''

HELPERS = '''
from tests.ttnn.utils_for_testing import assert_with_pcc, assert_with_ulp
from models.common.utility_functions import comp_pcc, skip_for_blackhole, is_wormhole_b0
import torch
import ttnn


@skip_for_blackhole()
def test_helpers(device):
    assert is_wormhole_b0()
    x = torch.rand(3, 40, dtype=torch.bfloat16)
    t = ttnn.from_torch(x, layout=ttnn.TILE_LAYOUT, device=device)
    y = ttnn.to_torch(ttnn.add(t, t))
    assert_with_ulp(x + x, y, 0)
    assert_with_pcc(x + x, y, 0.9999)
    assert comp_pcc(x, x)[0]


@pytest.mark.requires_fast_runtime_mode_off
def test_needs_slow_runtime():
    raise AssertionError("skipped under tests/ttnn")
'''


def _pytest(tmp_path, *args):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-m", "pytest", "-p", "tensix.ttnn.pytest_plugin", "-p", "no:cacheprovider",
                           "-rA", *args], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    return proc, proc.stdout + proc.stderr


def _outcomes(out):
    line = out.strip().splitlines()[-1]
    return {k: int(n) for n, k in re.findall(r"(\d+) (passed|failed|errors?|skipped|xfailed|xpassed)", line)}


def test_plugin_fixtures_ids_cap_and_expected_failures(tmp_path):
    pytest.importorskip("torch")
    (tmp_path / "test_x.py").write_text(TESTS.replace("torch.Generator().manual_seed(213919) and ", ""))
    (tmp_path / "xf.py").write_text(textwrap.dedent('''
        EXPECTED_FAILURES = {"test_x.py::test_listed_not_modelled": "some_missing_op is not written",
                             "test_x.py::test_listed_but_wrong*": "must not hide a wrong number"}
    '''))
    (tmp_path / "test_scope.py").write_text(MODULE_SCOPED)
    proc, out = _pytest(tmp_path, "--tensix-max-elements=2048", "--tensix-expected-failures=xf.py", "test_x.py",
                        "test_scope.py")
    res = _outcomes(out)
    assert res == {"passed": 11, "failed": 1, "skipped": 3, "xfailed": 1}, out
    assert "FAILED test_x.py::test_listed_but_wrong_number" in out      # an AssertionError is not hidden
    assert "XFAIL test_x.py::test_listed_not_modelled" in out
    assert "tensix size cap: a tensor of shape [64, 64] (4096 elements)" in out
    assert "Test requires device worker grid at least 9x9" in out
    assert "Requested more devices (2) than available (1)" in out
    assert proc.returncode == 1


def test_plugin_imports_tt_metal_helpers_and_applies_tests_ttnn_rules(tmp_path):
    pytest.importorskip("torch")
    pytest.importorskip("loguru")
    vendored = ROOT / "tests" / "ttnn_vendored"
    d = tmp_path / "tests" / "ttnn" / "unit_tests"
    d.mkdir(parents=True)
    (d / "test_h.py").write_text("import pytest\n" + HELPERS)
    proc, out = _pytest(tmp_path, "--tt-metal-root", str(vendored), "--import-mode=importlib", str(d))
    assert _outcomes(out) == {"passed": 1, "skipped": 1}, out
    assert "requires_fast_runtime_mode_off" in out


def test_plugin_device_id_and_mesh(tmp_path):
    (tmp_path / "test_d.py").write_text(
        "import ttnn\n\n\ndef test_d(device):\n    pass\n\n\ndef test_m(mesh_device):\n"
        "    assert mesh_device.get_num_devices() == 1 and mesh_device.shape == ttnn.MeshShape(1, 1)\n"
        "    assert mesh_device.cache_entries_counter.total == 0\n")
    proc, out = _pytest(tmp_path, "--device-id=1", "test_d.py")
    assert "tensix simulates one Wormhole n150, device 0" in out
    # tt-metal's mesh_device opens the system mesh (the 1x1 mesh of the one n150), whatever --device-id says
    assert _outcomes(out) in ({"error": 1, "passed": 1}, {"errors": 1, "passed": 1}), out


def test_plugin_leaves_tensix_own_tests_alone(tmp_path):
    proc, out = _pytest(ROOT, str(ROOT / "tests" / "test_arch.py"), "-q")
    assert proc.returncode == 0, out


FREES = '''
import gc
import numpy as np
import pytest
import ttnn

pytestmark = pytest.mark.use_module_device
gc.disable()  # only reference counting may free the failed test's tensor
START = []


def test_fails_holding_l1(device):
    START.append(device._sim.l1_alloc.bottom)
    t = ttnn.from_numpy(np.ones((64, 64), np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device,
                        memory_config=ttnn.L1_MEMORY_CONFIG)
    assert t is None


def test_l1_is_free_again(device):
    try:
        assert device._sim.l1_alloc.bottom == START[0]
    finally:
        gc.enable()
'''


def test_plugin_frees_a_failed_tests_tensors(tmp_path):
    """A failed test's frames let go of its tensors when the failure is reported, so a module-scoped device's L1 is
    free again for the next test, as in ttnn, whenever Python's cyclic collector runs (the vendored run had a DRAM
    read refused for an L1 buffer allocated around such leftovers)."""
    (tmp_path / "test_f.py").write_text(FREES)
    proc, out = _pytest(tmp_path, "test_f.py")
    assert _outcomes(out) == {"passed": 1, "failed": 1}, out
    assert "assert t is None" in out  # the report still shows the failing line
