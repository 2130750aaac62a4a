"""The EmitC route of seed 003: --convert-ttnn-to-emitc (tt-mlir be6c5b5c98 TTNNToEmitC.cpp) and
`tensix-translate -mlir-to-cpp` give the seed's EmitC listing and C++ (the seed's C++ carries hand-added comments,
stripped here; its EmitC module line predates tt.device and the `grid = 8x8` spelling, so only the body is
compared)."""

import os
import re
import subprocess
import sys

import pytest

pytest.importorskip("xdsl")

from tensix.mlir import MLIRError  # noqa: E402
from tensix.mlir.ir import parse  # noqa: E402
from tensix.mlir.opt import run  # noqa: E402
from tensix.mlir.translate import main as translate_main  # noqa: E402
from tensix.mlir.translate import to_cpp  # noqa: E402

LIT = os.path.join(os.path.dirname(__file__), "mlir_lit", "TTNN")
MULTIPLY = open(os.path.join(LIT, "simple_multiply.mlir")).read()

SEED_EMITC_BODY = """\
  emitc.include "ttnn/device.h"
  emitc.include "ttnn/operations/eltwise/binary/binary.hpp"
  emitc.include "ttnn/operations/core.hpp"
  emitc.include "ttnn/operations/creation.hpp"
  emitc.include "ttnn/operations/reduction/generic/generic_reductions.hpp"
  emitc.include "ttnn/operations/normalization.hpp"
  func.func @forward(%arg0: !emitc.opaque<"ttnn::Tensor">, %arg1: !emitc.opaque<"ttnn::Tensor">) -> !emitc.opaque<"ttnn::Tensor"> {
    %0 = emitc.call_opaque "ttnn::open_device"() : () -> !emitc.opaque<"ttnn::Device">
    %1 = emitc.call_opaque "ttnn::full"(%0) : (!emitc.opaque<"ttnn::Device">) -> !emitc.opaque<"ttnn::Tensor">
    %2 = emitc.call_opaque "ttnn::to_memory_config"(%arg0, %1) : (!emitc.opaque<"ttnn::Tensor">, !emitc.opaque<"ttnn::Tensor">) -> !emitc.opaque<"ttnn::Tensor">
    %3 = emitc.call_opaque "ttnn::full"(%0) : (!emitc.opaque<"ttnn::Device">) -> !emitc.opaque<"ttnn::Tensor">
    %4 = emitc.call_opaque "ttnn::to_memory_config"(%arg1, %3) : (!emitc.opaque<"ttnn::Tensor">, !emitc.opaque<"ttnn::Tensor">) -> !emitc.opaque<"ttnn::Tensor">
    %5 = emitc.call_opaque "ttnn::full"(%0) : (!emitc.opaque<"ttnn::Device">) -> !emitc.opaque<"ttnn::Tensor">
    %6 = emitc.call_opaque "ttnn::multiply"(%2, %4, %5) : (!emitc.opaque<"ttnn::Tensor">, !emitc.opaque<"ttnn::Tensor">, !emitc.opaque<"ttnn::Tensor">) -> !emitc.opaque<"ttnn::Tensor">
    %7 = emitc.call_opaque "ttnn::full"(%0) : (!emitc.opaque<"ttnn::Device">) -> !emitc.opaque<"ttnn::Tensor">
    %8 = emitc.call_opaque "ttnn::to_memory_config"(%6, %7) : (!emitc.opaque<"ttnn::Tensor">, !emitc.opaque<"ttnn::Tensor">) -> !emitc.opaque<"ttnn::Tensor">
    emitc.call_opaque "ttnn::close_device"(%0) : (!emitc.opaque<"ttnn::Device">) -> ()
    return %8 : !emitc.opaque<"ttnn::Tensor">
  }
}
"""

SEED_CPP = """\
#include "ttnn/device.h"
#include "ttnn/operations/eltwise/binary/binary.hpp"
#include "ttnn/operations/core.hpp"
#include "ttnn/operations/creation.hpp"
#include "ttnn/operations/reduction/generic/generic_reductions.hpp"
#include "ttnn/operations/normalization.hpp"
ttnn::Tensor forward(ttnn::Tensor v1, ttnn::Tensor v2) {
  ttnn::Device v3 = ttnn::open_device();
  ttnn::Tensor v4 = ttnn::full(v3);
  ttnn::Tensor v5 = ttnn::to_memory_config(v1, v4);
  ttnn::Tensor v6 = ttnn::full(v3);
  ttnn::Tensor v7 = ttnn::to_memory_config(v2, v6);
  ttnn::Tensor v8 = ttnn::full(v3);
  ttnn::Tensor v9 = ttnn::multiply(v5, v7, v8);
  ttnn::Tensor v10 = ttnn::full(v3);
  ttnn::Tensor v11 = ttnn::to_memory_config(v9, v10);
  ttnn::close_device(v3);
  return v11;
}
"""


def emitc_text():
    ttnn_text = run(MULTIPLY, [("ttir-to-ttnn-backend-pipeline", "")])
    return run(ttnn_text, [("convert-ttnn-to-emitc", "")])


def test_emitc_listing_is_the_seeds():
    text = emitc_text()
    first, _, body = text.partition("\n")
    assert first.startswith("module attributes {tt.device = #tt.device<") and first.endswith(" {")
    assert body == SEED_EMITC_BODY


def test_cpp_is_the_seeds():
    assert to_cpp(parse(emitc_text())) == SEED_CPP


SEED = os.path.join(os.path.dirname(__file__), "..", "..", "shared", "seeds", "003_45f48980c870b6f7.txt")


@pytest.mark.skipif(not os.path.exists(SEED), reason="seed 003 is not beside the repository")
def test_the_seed_shows_these_listings():
    seed = open(SEED).read()
    assert SEED_EMITC_BODY.rstrip("}\n") in seed
    without_comments = "\n".join(re.sub(r"\s*//.*$", "", ln) for ln in seed.splitlines())
    assert SEED_CPP.strip() in without_comments


def test_translate_cli(tmp_path, capsys):
    src = tmp_path / "emitc.mlir"
    src.write_text(emitc_text())
    out = tmp_path / "out.cpp"
    assert translate_main(["-mlir-to-cpp", "-allow-unregistered-dialect", str(src), "-o", str(out)]) == 0
    assert out.read_text() == SEED_CPP
    # a TTNN module is not EmitC: an error naming the op, no output file
    ttnn_src = tmp_path / "ttnn.mlir"
    ttnn_src.write_text(run(MULTIPLY, [("ttir-to-ttnn-backend-pipeline", "")]))
    bad_out = tmp_path / "bad.cpp"
    assert translate_main(["-mlir-to-cpp", str(ttnn_src), "-o", str(bad_out)]) == 1
    assert not bad_out.exists()
    assert "ttnn.mlir:7:3: error: cannot emit type tensor<64x128xf32, #tt.layout<" in capsys.readouterr().err
    assert translate_main([str(src)]) == 1


def test_emitc_of_ttir_fails_like_mlir():
    with pytest.raises(MLIRError, match="failed to legalize operation 'tensor.empty'"):
        run(MULTIPLY, [("convert-ttnn-to-emitc", "")])


def test_pipeline_as_a_shell_pipe():
    opt = [sys.executable, "-m", "tensix.mlir.opt"]
    a = subprocess.run(opt + ["--ttir-to-ttnn-backend-pipeline", "-"], input=MULTIPLY, capture_output=True,
                       text=True, check=True).stdout
    b = subprocess.run(opt + ["--convert-ttnn-to-emitc"], input=a, capture_output=True, text=True, check=True).stdout
    c = subprocess.run([sys.executable, "-m", "tensix.mlir.translate", "-mlir-to-cpp"], input=b,
                       capture_output=True, text=True, check=True).stdout
    assert c == SEED_CPP
