"""MLIR dialect resources (`dense_resource<key>` + the `{-# dialect_resources #-}` block, torch-mlir's weights) and
the current TOSA spec's shape values, without torch: hand-made blobs, a permutation property against numpy."""

import ml_dtypes
import numpy as np
import pytest

pytest.importorskip("xdsl")
from hypothesis import assume, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import tensix.mlir as tm  # noqa: E402
from tensix.mlir import MLIRError  # noqa: E402
from tensix.mlir.opt import run  # noqa: E402


def blob(a: np.ndarray) -> str:
    """MLIR's resource encoding: a u32 alignment (4 here), then the raw little-endian elements."""
    return "0x04000000" + a.astype("<f4").tobytes().hex().upper()


def module_with(key: str, w: np.ndarray) -> str:
    t = "tensor<32x32xf32>"
    return (f"module {{\n  func.func @f(%a: {t}) -> {t} {{\n"
            f'    %w = "tosa.const"() <{{values = dense_resource<{key}> : {t}}}> : () -> {t}\n'
            f"    %0 = tosa.add %a, %w : ({t}, {t}) -> {t}\n    return %0 : {t}\n  }}\n}}\n\n"
            f"{{-#\n  dialect_resources: {{\n    builtin: {{\n      {key}: \"{blob(w)}\"\n    }}\n  }}\n#-}}\n")


def test_dense_resource_weights_run():
    rng = np.random.default_rng(0)
    w = rng.standard_normal((32, 32)).astype(np.float32)
    a = rng.standard_normal((32, 32)).astype(np.float32)
    y = tm.compile(module_with("weights.w0", w))(a)
    np.testing.assert_allclose(y, a + w, rtol=1e-2, atol=1e-2)


def test_same_key_other_data_in_a_second_module():
    """xDSL keeps resources per dialect, process-wide: a second module reusing a key must not read the first's."""
    a = np.zeros((32, 32), np.float32)
    y1 = tm.compile(module_with("torch_tensor_32_32", np.full((32, 32), 1.0, np.float32)))(a)
    y2 = tm.compile(module_with("torch_tensor_32_32", np.full((32, 32), 2.0, np.float32)))(a)
    assert np.all(y1 == 1.0) and np.all(y2 == 2.0)


def test_printed_module_keeps_its_blobs():
    w = np.arange(1024, dtype=np.float32).reshape(32, 32)
    out = run(module_with("k.round", w), [("convert-tosa-to-ttir", "")])
    assert '"ttir.constant"() <{value = dense_resource<k.round> : tensor<32x32xf32>}>' in out
    assert out.rstrip().endswith("#-}") and blob(w) in out
    assert run(out, []) == out


def test_elided_resource_is_refused():
    text = module_with("__elided__", np.zeros((32, 32), np.float32)).split("{-#")[0]
    with pytest.raises(MLIRError, match=r"dense_resource<__elided__> has no data.*\nFix: print the module in full"):
        tm.compile(text)(np.zeros((32, 32), np.float32))


def test_blob_size_must_match_the_type():
    text = module_with("short", np.zeros((32, 32), np.float32)).replace(blob(np.zeros((32, 32))),
                                                                        blob(np.zeros((4,))))
    with pytest.raises(MLIRError, match="holds 16 bytes after its 4-byte alignment, but tensor<32x32xf32> needs 4096"):
        tm.compile(text)(np.zeros((32, 32), np.float32))


def test_errors_point_into_a_module_with_resources():
    text = module_with("k.lines", np.zeros((32, 32), np.float32)).replace("tosa.add", "tosa.tanh_like", 1)
    with pytest.raises(MLIRError, match=r"m.mlir:4:25: error: Operation tosa.tanh_like is not registered"):
        tm.compile(text, filename="m.mlir")


@settings(max_examples=8, deadline=None)
@given(st.permutations([0, 1, 2]), st.sampled_from([(2, 32, 64), (3, 64, 32), (32, 2, 32)]))
def test_tosa_transpose_as_swaps_matches_numpy(perm, shape):
    """tosa.transpose {perms} becomes the swaps that make the permutation, one ttir.transpose each, on the device."""
    perm = list(perm)
    assume(perm != [0, 1, 2])   # the identity is no op at all: the function returns its argument
    out_shape = [shape[p] for p in perm]
    t_in = "tensor<" + "x".join(map(str, shape)) + "xf32>"
    t_out = "tensor<" + "x".join(map(str, out_shape)) + "xf32>"
    text = (f"module {{\n  func.func @f(%a: {t_in}) -> {t_out} {{\n"
            f"    %0 = tosa.transpose %a {{perms = array<i32: {', '.join(map(str, perm))}>}} : ({t_in}) -> {t_out}\n"
            f"    return %0 : {t_out}\n  }}\n}}\n")
    # values bf16 holds exactly: the f32 transpose runs through the FPU's datacopy, which keeps fewer mantissa bits
    a = np.random.default_rng(1).standard_normal(shape).astype(ml_dtypes.bfloat16).astype(np.float32)
    c = tm.compile(text)
    np.testing.assert_array_equal(c(a), np.transpose(a, perm))
    swaps = sum(1 for o in c.report.ops if o.op == "ttnn.transpose")
    assert swaps == {2: 1, 3: 2}[sum(1 for i, p in enumerate(perm) if i != p)]


def test_reshape_reads_its_const_shape():
    text = ("module {\n  func.func @f(%a: tensor<32x64xf32>) -> tensor<2x32x32xf32> {\n"
            "    %s = tosa.const_shape  {values = dense<[2, 32, 32]> : tensor<3xindex>} : () -> !tosa.shape<3>\n"
            "    %0 = tosa.reshape %a, %s : (tensor<32x64xf32>, !tosa.shape<3>) -> tensor<2x32x32xf32>\n"
            "    return %0 : tensor<2x32x32xf32>\n  }\n}\n")
    out = run(text, [("convert-tosa-to-ttir", "")])
    assert "shape = [2 : i32, 32 : i32, 32 : i32]" in out and "tosa." not in out
    a = np.arange(32 * 64, dtype=np.float32).reshape(32, 64)
    np.testing.assert_array_equal(tm.compile(text)(a), a.reshape(2, 32, 32))
