"""--convert-tosa-to-ttir (tt-mlir be6c5b5c98 TosaToTTIR.cpp) on the 2024 TOSA spelling (`tosa.mul` with a `shift`
attribute, as tt-mlir's own test writes it) and the current one (a `shift` operand, as torch-mlir emits it)."""

import re

import numpy as np
import pytest

pytest.importorskip("xdsl")

import tensix.mlir as tm  # noqa: E402
from tensix.mlir import MLIRError  # noqa: E402
from tensix.mlir.opt import run  # noqa: E402

T = "tensor<32x64xf32>"


def module(body):
    return f"module {{\n  func.func @f(%a: {T}, %b: {T}) -> {T} {{\n{body}\n  }}\n}}\n"


CURRENT = module(f'    %s = "tosa.const"() <{{values = dense<0> : tensor<1xi8>}}> : () -> tensor<1xi8>\n'
                 f'    %0 = tosa.mul %a, %b, %s : ({T}, {T}, tensor<1xi8>) -> {T}\n'
                 f'    %1 = tosa.sub %0, %b : ({T}, {T}) -> {T}\n'
                 f'    %2 = tosa.add %1, %a : ({T}, {T}) -> {T}\n    return %2 : {T}')


def test_current_spec_mul_sub_add():
    out = run(CURRENT, [("convert-tosa-to-ttir", "")])
    assert re.findall(r'"(ttir\.\w+)"', out) == ["ttir.multiply", "ttir.subtract", "ttir.add"]
    assert "tosa." not in out                       # the zero shift constant goes with the mul
    assert out.count("tensor.empty()") == 3
    assert "operand_constraints = [#any_device_tile, #any_device_tile, #any_device_tile]" in out


def test_tosa_module_compiles_and_runs():
    a = np.random.default_rng(0).standard_normal((32, 64)).astype(np.float32)
    b = np.random.default_rng(1).standard_normal((32, 64)).astype(np.float32)
    ttir = run(CURRENT, [("convert-tosa-to-ttir", "")])
    out = tm.compile(ttir)(a, b)
    np.testing.assert_allclose(out, (a * b - b) + a, rtol=1e-6, atol=1e-6)


def test_2024_spelling_and_greater_equal():
    body = (f'    %0 = tosa.mul %a, %b {{shift = 0 : i8}} : ({T}, {T}) -> {T}\n'
            f'    %1 = tosa.greater_equal %0, %a : ({T}, {T}) -> {T}\n    return %1 : {T}')
    out = run(module(body), [("convert-tosa-to-ttir", "")])
    assert re.findall(r'"(ttir\.\w+)"', out) == ["ttir.multiply", "ttir.ge"]


def test_shift_and_unknown_ops_fail_like_mlir():
    body = f'    %0 = tosa.mul %a, %b {{shift = 3 : i8}} : ({T}, {T}) -> {T}\n    return %0 : {T}'
    with pytest.raises(MLIRError, match="shift"):
        run(module(body), [("convert-tosa-to-ttir", "")])
    body = f'    %0 = tosa.sin %a : ({T}) -> {T}\n    return %0 : {T}'
    with pytest.raises(MLIRError) as e:
        run(module(body), [("convert-tosa-to-ttir", "")], "m.mlir")
    assert e.value.diagnostic.startswith(
        "m.mlir:3:5: error: failed to legalize operation 'tosa.sin' that was explicitly marked illegal")
