"""`tensix run script.py`: unmodified ttnn scripts with `import ttnn` resolved to tensix.ttnn through sys.modules
(tensix.ttnn.compat), and the module mapping itself: submodules, golden functions, errors for what is missing,
exit codes, the per-op report."""

import os
import subprocess
import sys
import textwrap
import types
from pathlib import Path

import numpy as np
import pytest

from tensix.errors import NotModelledError
from tensix.ttnn import compat

ROOT = Path(__file__).resolve().parent.parent


def _run(tmp_path, source, *args, opts=()):
    script = tmp_path / "script.py"
    script.write_text(textwrap.dedent(source))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "tensix.cli", "run", *opts, str(script), *args], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=300)


def test_run_maps_ttnn_and_passes_arguments(tmp_path):
    proc = _run(tmp_path, """
        import sys
        import ttnn
        import ttnn.device
        from ttnn import TILE_LAYOUT, bfloat16
        from ttnn.device import Arch
        import numpy as np
        assert ttnn.device.is_wormhole_b0() and Arch.WORMHOLE_B0.name == "WORMHOLE_B0"
        device = ttnn.open_device(device_id=0)
        a = ttnn.from_numpy(np.arange(64 * 32, dtype=np.float32).reshape(64, 32) / 64, dtype=bfloat16,
                            layout=TILE_LAYOUT, device=device)
        b = ttnn.add(a, a)
        assert isinstance(b, ttnn.Tensor) and b.shape == [64, 32]
        print("out", float(ttnn.to_numpy(b)[1, 0]), sys.argv[1:], __name__)
        ttnn.close_device(device)
    """, "x", "--flag", "3", opts=["--op-report"])
    assert proc.returncode == 0, proc.stderr
    assert "out 1.0 ['x', '--flag', '3'] __main__" in proc.stdout
    assert "ttnn.add" in proc.stderr and "device us" in proc.stderr      # the per-op report, on stderr


def test_run_exit_codes(tmp_path):
    assert _run(tmp_path, "import sys; sys.exit(3)").returncode == 3
    assert _run(tmp_path, "import sys; sys.exit()").returncode == 0
    proc = _run(tmp_path, "raise ValueError('boom')")
    assert proc.returncode == 1 and "ValueError: boom" in proc.stderr and "Traceback" in proc.stderr
    proc = subprocess.run([sys.executable, "-m", "tensix.cli", "run", str(tmp_path / "missing.py")], cwd=tmp_path,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and "no such file" in proc.stderr


def test_run_missing_op_is_a_clear_error(tmp_path):
    proc = _run(tmp_path, """
        import ttnn
        ttnn.some_op_tensix_does_not_have(1)
    """)
    assert proc.returncode == 1
    assert "NotModelledAttributeError" in proc.stderr
    assert "tensix run:" in proc.stderr and "does not model" in proc.stderr
    assert "ttnn.some_op_tensix_does_not_have" in proc.stderr


def test_run_module_and_csv_report(tmp_path):
    (tmp_path / "mymod.py").write_text(textwrap.dedent("""
        import ttnn, numpy as np
        with ttnn.manage_device(0) as device:
            a = ttnn.from_numpy(np.ones((32, 32), np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT,
                                device=device)
            print(float(ttnn.to_numpy(ttnn.multiply(a, a))[0, 0]))
    """))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(tmp_path)]))
    csv = tmp_path / "ops.csv"
    proc = subprocess.run([sys.executable, "-m", "tensix.cli", "run", "--op-report-csv", str(csv), "-m", "mymod"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "1.0"
    assert csv.read_text().splitlines()[1].startswith("ttnn.multiply,")


# ------------------------------------------------------------------------------------ the mapping, in process
@pytest.fixture
def mapped():
    was = compat.is_installed()
    compat.install()
    yield sys.modules["ttnn"]
    if not was:
        compat.uninstall()


def test_mapping_modules_and_names(mapped):
    import ttnn
    import ttnn.operations.activations
    from ttnn.device import Arch
    import tensix.ttnn as tt
    assert ttnn is mapped and ttnn.Tensor is tt.Tensor and ttnn.add is tt.add and ttnn.TILE_SIZE == 32
    assert ttnn.CoreGrid is tt.CoreGrid and Arch is tt.Arch and ttnn.device.Arch is tt.Arch
    assert ttnn.get_arch_name() == "wormhole_b0" and ttnn.get_num_devices() == 1
    assert ttnn.CONFIG.enable_fast_runtime_mode and ttnn.CONFIG.report_name is None
    with ttnn.manage_config("report_name", "x"):
        assert ttnn.CONFIG.report_name == "x"
    assert ttnn.CONFIG.report_name is None
    assert repr(ttnn.fp8_e4m3) == "DataType.FP8_E4M3"
    assert "add" in dir(ttnn)
    assert not hasattr(ttnn, "no_such_op")
    with pytest.raises(NotModelledError, match="ttnn.no_such_op"):
        ttnn.no_such_op
    import ttnn.model_preprocessing     # tt-metal's tutorials preprocess torch weights with it
    assert callable(ttnn.model_preprocessing.preprocess_model_parameters)
    with pytest.raises(ModuleNotFoundError, match="ttnn.no_such_module.*does not model"):
        import ttnn.no_such_module  # noqa: F401


def test_uninstall_restores_an_earlier_ttnn():
    assert not compat.is_installed()
    fake = types.ModuleType("ttnn")
    sys.modules["ttnn"] = fake
    try:
        with compat.installed():
            import ttnn
            assert ttnn is not fake and hasattr(ttnn, "from_torch")
        assert sys.modules["ttnn"] is fake and "ttnn.device" not in sys.modules
    finally:
        sys.modules.pop("ttnn", None)


def test_golden_functions(mapped):
    torch = pytest.importorskip("torch")
    import ttnn
    x = torch.tensor([[-1.0, 0.5], [2.0, -3.0]])
    assert torch.equal(ttnn.get_golden_function(ttnn.add)(x, x), x + x)
    assert ttnn.get_golden_function(ttnn.sub) is ttnn.get_golden_function(ttnn.subtract)
    assert torch.equal(ttnn.get_golden_function("relu")(x, device=None), torch.relu(x))
    assert torch.allclose(ttnn.get_golden_function("softmax")(x, dim=-1), torch.softmax(x, -1))
    assert torch.equal(ttnn.get_golden_function("sum")(x, dim=1, keepdim=True), x.sum(1, keepdim=True))
    assert ttnn.get_golden_function("max")(x).item() == 2.0
    w = torch.tensor([1.0, 2.0])
    assert torch.allclose(ttnn.get_golden_function("rms_norm")(x, w, epsilon=1e-6),
                          w * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6))
    relu = ttnn.UnaryWithParam(ttnn.UnaryOpType.RELU)
    assert torch.equal(ttnn.get_golden_function("add")(x, x, activations=[relu]), torch.relu(x + x))
    m, b = torch.arange(9.0).reshape(3, 3), torch.tensor([1.0, 2.0, 3.0])
    assert torch.equal(ttnn.get_golden_function("linear")(m, m, bias=b), m @ m + b)
    with pytest.raises(RuntimeError, match="bias must be a 1D tensor"):     # ttnn's len(bias) == 2 check, kept
        ttnn.get_golden_function("linear")(x, x, bias=torch.ones(2, 2))
    assert torch.equal(ttnn.get_golden_function("to_torch")(torch.zeros(1, 1, 3), torch_rank=1), torch.zeros(3))
    with pytest.raises(RuntimeError, match="does not have a golden function"):
        ttnn.get_golden_function("no_such_op")


def test_pearson_correlation_coefficient(mapped):
    torch = pytest.importorskip("torch")
    import ttnn
    a = torch.arange(10, dtype=torch.float32)
    assert ttnn.pearson_correlation_coefficient(a, a) == 1.0
    b = a.clone()
    b[3] += 1
    ref = np.corrcoef(a.numpy().astype(np.float64), b.numpy().astype(np.float64))[0, 1]
    assert abs(ttnn.pearson_correlation_coefficient(a, b) - ref) < 1e-6
    assert ttnn.pearson_correlation_coefficient(a, torch.zeros(10)) == 0.0
