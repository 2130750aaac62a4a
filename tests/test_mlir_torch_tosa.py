"""torch -> torch-mlir (PyPI torch-mlir==20261001) -> TOSA -> TTIR -> TTNN -> tensix: the real front end of issue 15.

The models are a Llama-style MLP (gate / up / down projections, SiLU, multiply) and a small attention block (q / k /
v projections, heads reshape / transpose, q @ k^T * scale, softmax, @ v, output projection), exported with
`torch_mlir.fx.export_and_import(..., output_type="tosa")` in bf16, compiled by tensix.mlir and run on the simulated
Wormhole through tensix.ttnn; the reference is torch itself."""

import re
import subprocess
import sys

import numpy as np
import pytest

pytest.importorskip("xdsl")
torch = pytest.importorskip("torch")
pytest.importorskip("torch_mlir", reason="torch-mlir is not installed (pip install 'tensix[torch-mlir]')")

from torch_mlir import fx  # noqa: E402

import tensix.mlir as tm  # noqa: E402
from tensix.errors import NotModelledError  # noqa: E402
from tensix.mlir import MLIRError  # noqa: E402
from tensix.mlir.opt import run  # noqa: E402

from mlir_torch_models import MLP, Attention, pcc  # noqa: E402


def export(model, x, output_type="tosa"):
    return fx.export_and_import(model, x, output_type=output_type)


@pytest.fixture(scope="module")
def mlp():
    torch.manual_seed(0)
    model = MLP(64, 128).eval().to(torch.bfloat16)
    x = torch.randn(32, 64).to(torch.bfloat16)
    return model, x, str(export(model, x))


@pytest.fixture(scope="module")
def attention():
    torch.manual_seed(1)
    model = Attention(64, 2).eval().to(torch.bfloat16)
    x = torch.randn(32, 64).to(torch.bfloat16)
    return model, x, str(export(model, x))


def test_exported_tosa_is_the_current_spec(mlp, attention):
    """What the lowering must read: shape operands, 3-operand mul, 4-operand matmul, casts, const_shape."""
    text = mlp[2] + attention[2]
    for needle in ("tosa.const_shape", "!tosa.shape<", "tosa.matmul", "tosa.reshape", "tosa.cast", "tosa.sigmoid",
                   "tosa.transpose", "tosa.reduce_max", "tosa.reduce_sum", "tosa.reciprocal", "tosa.exp"):
        assert needle in text, needle
    assert re.search(r"tosa\.mul %\w+, %\w+, %\w+ :", text)


def test_mlp_runs_on_tensix_and_matches_torch(mlp):
    model, x, text = mlp
    compiled = tm.compile(text)
    y = compiled(x)
    assert isinstance(y, torch.Tensor) and y.dtype == torch.bfloat16 and y.shape == (32, 64)
    ref = model(x).detach()
    assert pcc(ref, y) >= 0.99
    names = [o.op for o in compiled.report.ops]
    assert names.count("ttnn.matmul") == 3 and "ttnn.sigmoid" in names and names.count("ttnn.multiply") == 2
    assert compiled.report.device_ns > 0


def test_attention_runs_on_tensix_and_matches_torch(attention):
    model, x, text = attention
    compiled = tm.compile(text)
    y = compiled(x)
    ref = model(x).detach()
    assert pcc(ref, y) >= 0.99
    names = [o.op for o in compiled.report.ops]
    # 4 projections + q@k^T + a@v; the softmax torch-mlir decomposed: max, subtract, exp, sum, reciprocal, multiply
    assert names.count("ttnn.matmul") == 6
    for op in ("ttnn.max", "ttnn.subtract", "ttnn.exp", "ttnn.sum", "ttnn.reciprocal", "ttnn.transpose"):
        assert op in names, op


def test_torch_mlir_module_object_compiles(mlp):
    """compile() takes torch-mlir's module object as it is (its full text, resources included)."""
    model, x, _ = mlp
    compiled = tm.compile(export(model, x))
    assert pcc(model(x).detach(), compiled(x)) >= 0.99


def test_f32_mlp_with_numpy_inputs():
    torch.manual_seed(2)
    model = MLP(32, 64).eval()
    x = torch.randn(32, 32)
    out = tm.compile(export(model, x))(x.numpy())
    assert isinstance(out, np.ndarray)
    assert pcc(model(x).detach(), out) >= 0.99


def test_lowered_ttir_ops(mlp, attention):
    ttir = run(attention[2], [("convert-tosa-to-ttir", "")])
    assert "tosa." not in ttir.split("{-#")[0]
    ops = re.findall(r'"(ttir\.\w+)"', ttir)
    assert ops.count("ttir.matmul") == 6 and ops.count("ttir.constant") == 5
    # perms [1, 0, 2] (q, v, the output) are one transpose each, k's [1, 2, 0] (heads and k^T fused) two
    assert ops.count("ttir.transpose") == 5
    assert 'keep_dim = true' in ttir and 'dim_arg = [2 : i32]' in ttir
    # the broadcasting subtract keeps its operand shapes (TTIR's implicit broadcast)
    assert re.search(r'"ttir.subtract".*\(tensor<2x32x32xf32>, tensor<2x32x1xf32>, tensor<2x32x32xf32>\)', ttir)


def test_pipeline_output_reparses(mlp):
    out = run(mlp[2], [("convert-tosa-to-ttir", ""), ("ttir-to-ttnn-backend-pipeline", "")])
    assert '"ttnn.constant"' in out and '"ttnn.matmul"' in out
    assert run(out, []) == out


def test_unlowered_op_fails_like_mlir(tmp_path):
    class Erf(torch.nn.Module):
        def forward(self, x):
            return torch.erf(x) + x

    x = torch.randn(32, 32)
    src = tmp_path / "erf.mlir"
    src.write_text(str(export(Erf(), x)))
    with pytest.raises(MLIRError, match=r"erf.mlir:\d+:\d+: error: failed to legalize operation 'tosa.erf' "
                                        r"that was explicitly marked illegal"):
        tm.compile(src.read_text(), filename=str(src))
    out = tmp_path / "out.mlir"
    r = subprocess.run([sys.executable, "-m", "tensix.mlir.opt", "--convert-tosa-to-ttir", str(src), "-o", str(out)],
                       capture_output=True, text=True)
    assert r.returncode != 0
    assert "failed to legalize operation 'tosa.erf'" in r.stderr and f"{src}:" in r.stderr
    assert not out.exists()


def test_shifted_and_quantised_refused():
    t = "tensor<32x32xf32>"
    body = (f'    %s = "tosa.const"() <{{values = dense<2> : tensor<1xi8>}}> : () -> tensor<1xi8>\n'
            f'    %0 = tosa.mul %a, %a, %s : ({t}, {t}, tensor<1xi8>) -> {t}\n    return %0 : {t}')
    text = f"module {{\n  func.func @f(%a: {t}) -> {t} {{\n{body}\n  }}\n}}\n"
    with pytest.raises(MLIRError, match="conversion does not support shifted multiply"):
        run(text, [("convert-tosa-to-ttir", "")])


def test_compiled_mlp_benchmark_runs():
    import json
    import os

    script = os.path.join(os.path.dirname(__file__), "..", "benchmarks", "compiled_mlp.py")
    r = subprocess.run([sys.executable, script, "--tokens", "32", "--dim", "64", "--hidden", "128"],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    line = json.loads(r.stdout.strip().splitlines()[-1])
    for key in ("dram_device_us", "l1_interleaved_device_us", "saving_us", "dram_pcc", "bit_identical"):
        assert key in line
    # at this size the matmuls on L1 operands take other device times and differ in the last bits (not yet traced):
    # both variants must still match torch; at the default size they are bit-identical
    assert line["dram_pcc"] >= 0.99 and line["l1_interleaved_pcc"] >= 0.99


class RMSNormMLP(torch.nn.Module):
    """Llama's RMSNorm (x * rsqrt(mean(x^2) + eps) * w) before the MLP, and tanh, abs, max and neg on top."""

    def __init__(self, dim=64, hidden=128):
        super().__init__()
        self.w = torch.nn.Parameter(torch.rand(dim) + 0.5)
        self.mlp = MLP(dim, hidden)

    def forward(self, x):
        h = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * self.w
        y = self.mlp(h)
        return torch.tanh(y) + torch.maximum(y, -y).abs() * 0.5


def test_rmsnorm_tanh_abs_max_match_torch():
    torch.manual_seed(6)
    model = RMSNormMLP().eval()
    x = torch.randn(32, 64)
    text = str(export(model, x))
    for needle in ("tosa.rsqrt", "tosa.pow", "tosa.tanh", "tosa.negate", "tosa.maximum", "tosa.abs"):
        assert needle in text, needle
    compiled = tm.compile(text)
    assert pcc(model(x).detach(), compiled(x)) >= 0.99
    names = {o.op for o in compiled.report.ops}
    assert {"ttnn.rsqrt", "ttnn.tanh", "ttnn.neg", "ttnn.abs", "ttnn.maximum"} <= names


def test_pow_other_than_square_fails_to_legalize():
    """x ** 3 (what tanh-GELU's cubic term becomes) has no lowering: tensix.ttnn has no pow program."""
    class Cube(torch.nn.Module):
        def forward(self, x):
            return x.pow(3)

    with pytest.raises(MLIRError, match="failed to legalize operation 'tosa.pow'"):
        tm.compile(str(export(Cube(), torch.randn(32, 32))))


def test_emitpy_script_of_the_torch_mlp_matches_compile(mlp):
    """TOSA -> TTNN -> EmitPy: the weights become ttnn.from_torch of their float32 bytes; the script computes the
    bits the TTNN route computes."""
    from tensix.mlir.ir import parse
    from tensix.mlir.translate import to_python
    from tensix.ttnn import compat

    model, x, text = mlp
    ttnn_text = run(text, [("convert-tosa-to-ttir", ""), ("ttir-to-ttnn-backend-pipeline", "")])
    code = to_python(parse(run(ttnn_text, [("convert-ttnn-to-emitpy", "")])))
    assert "import torch" in code and "ttnn.from_torch(torch.frombuffer(bytearray.fromhex(" in code
    expected = tm.compile(text)(x.float().numpy())
    with compat.installed(["ttnn"]):
        import ttnn

        namespace = {"__name__": "generated"}
        exec(compile(code, "generated.py", "exec"), namespace)  # noqa: S102
        got = ttnn.to_numpy(namespace["main"](ttnn.from_numpy(x.float().numpy(), dtype=ttnn.bfloat16)))
    assert np.array_equal(np.asarray(got, np.float32).view(np.uint32), np.asarray(expected, np.float32).view(np.uint32))


def test_ttmetal_route_refuses_what_it_cannot_lower():
    torch.manual_seed(7)
    model = MLP(32, 64).eval()
    x = torch.randn(32, 32)
    with pytest.raises(NotModelledError, match=r"leaves 'ttir.constant' as it is.*\nFix: compile with route='ttnn'"):
        tm.compile(export(model, x), route="ttmetal")(x)
