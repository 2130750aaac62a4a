"""torch -> torch-mlir linalg-on-tensors -> --convert-linalg-to-ttir -> TTNN -> tensix (issue 15 item 5, linalg).

torch-mlir writes a Linear as linalg.transpose of the weight + linalg.fill 0 + linalg.matmul (bf16 inputs, f32
accumulator), SiLU as a sigmoid linalg.generic (negf, exp, addf 1, divf 1 by it) times x, bf16 <-> f32 as
truncf / extf generics, weights as dense_resource constants."""

import re

import numpy as np
import pytest

pytest.importorskip("xdsl")
torch = pytest.importorskip("torch")
pytest.importorskip("torch_mlir", reason="torch-mlir is not installed (pip install 'tensix[torch-mlir]')")

from torch_mlir import fx  # noqa: E402

import tensix.mlir as tm  # noqa: E402
from tensix.mlir import MLIRError  # noqa: E402
from tensix.mlir.opt import run  # noqa: E402

from mlir_torch_models import MLP, Attention, pcc  # noqa: E402


def export(model, x):
    return str(fx.export_and_import(model, x, output_type="linalg-on-tensors"))


@pytest.mark.parametrize("dtype", ["bfloat16", "float32"])
def test_mlp_through_linalg_matches_torch(dtype):
    torch.manual_seed(3)
    dt = getattr(torch, dtype)
    model = MLP(64, 128).eval().to(dt)
    x = torch.randn(32, 64).to(dt)
    text = export(model, x)
    assert "dense_resource<" in text and "{-#" in text
    compiled = tm.compile(text)
    y = compiled(x)
    assert y.dtype == dt
    assert pcc(model(x).detach(), y) >= 0.99
    names = [o.op for o in compiled.report.ops]
    assert names.count("ttnn.matmul") == 3 and "ttnn.sigmoid" in names


def test_linalg_lowering_ops():
    torch.manual_seed(4)
    model = MLP(32, 64).eval().to(torch.bfloat16)
    x = torch.randn(32, 32).to(torch.bfloat16)
    ttir = run(export(model, x), [("convert-linalg-to-ttir", "")])
    body = ttir.split("{-#")[0]
    assert "linalg." not in body and "arith." not in body
    ops = re.findall(r'"(ttir\.\w+)"', body)
    assert ops.count("ttir.constant") == 3 and ops.count("ttir.matmul") == 3 and ops.count("ttir.sigmoid") == 1
    assert "ttir.typecast" in ops
    # the weights stay dense_resource, and the printed module carries their blobs
    assert body.count("dense_resource<torch_tensor_") == 3 and "dialect_resources" in ttir


def test_batch_matmul_through_linalg():
    """linalg.batch_matmul (which tensix adds to xDSL 0.74's linalg) lowers to a 3-D ttir.matmul."""
    class BMM(torch.nn.Module):
        def forward(self, a, b):
            return torch.bmm(a, b)

    torch.manual_seed(8)
    a, b = torch.randn(2, 32, 64), torch.randn(2, 64, 32)
    text = str(fx.export_and_import(BMM(), a, b, output_type="linalg-on-tensors"))
    assert "linalg.batch_matmul ins(" in text
    f = tm.compile(text)
    assert pcc(torch.bmm(a, b), f(a, b)) >= 0.9999
    assert [o.op for o in f.report.ops if o.op == "ttnn.matmul"] == ["ttnn.matmul"]


def test_attention_through_linalg_is_refused_loudly():
    """torch-mlir's linalg for attention writes softmax as reduction generics, and expands `%14#0` (a result of the
    two-result max-with-indices generic), which xDSL 0.74's parser rejects: a parse error with its place."""
    torch.manual_seed(5)
    model = Attention(64, 2).eval()
    x = torch.randn(32, 64)
    with pytest.raises(MLIRError, match=r"<compile>:\d+:\d+: error: "):
        tm.compile(export(model, x))


def test_sigmoid_body_must_be_exact():
    """A generic that is not 1 / (1 + e^-x) (here 2 / (1 + e^-x)) is not taken for a sigmoid."""
    t = "tensor<32x32xf32>"
    text = f"""#map = affine_map<(d0, d1) -> (d0, d1)>
module {{
  func.func @f(%a: {t}) -> {t} {{
    %one = arith.constant 1.000000e+00 : f32
    %two = arith.constant 2.000000e+00 : f32
    %e = tensor.empty() : {t}
    %0 = linalg.generic {{indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}} ins(%a : {t}) outs(%e : {t}) {{
    ^bb0(%in: f32, %out: f32):
      %1 = arith.negf %in : f32
      %2 = math.exp %1 : f32
      %3 = arith.addf %2, %one : f32
      %4 = arith.divf %two, %3 : f32
      linalg.yield %4 : f32
    }} -> {t}
    return %0 : {t}
  }}
}}
"""
    out = run(text, [("convert-linalg-to-ttir", "")])
    assert "ttir.sigmoid" not in out and '"ttir.generic"' in out
    text_ok = text.replace("arith.divf %two", "arith.divf %one")
    out = run(text_ok, [("convert-linalg-to-ttir", "")])
    assert '"ttir.sigmoid"' in out
    a = np.random.default_rng(0).standard_normal((32, 32)).astype(np.float32)
    y = tm.compile(out)(a)
    assert pcc(1 / (1 + np.exp(-a)), y) >= 0.999
