"""tensix-opt and the ttir / ttnn dialects: verifiers with tt-mlir's diagnostics, ttmlir-opt's printing, the TTIR
to TTNN passes, parse errors with file:line:col, exit codes and no half-written output.

The pipeline output for tt-mlir's simple_multiply.mlir is compared byte for byte with the listing seed 003 shows
for `ttmlir-opt --ttir-to-ttnn-backend-pipeline` (tt-mlir be6c5b5c98)."""

import os
import re
import subprocess
import sys

import pytest

pytest.importorskip("xdsl")

from tensix.mlir import MLIRError  # noqa: E402
from tensix.mlir.opt import main, run  # noqa: E402

HERE = os.path.dirname(__file__)
LIT = os.path.join(HERE, "mlir_lit")
SEED = os.path.join(os.path.dirname(HERE), "..", "shared", "seeds", "003_45f48980c870b6f7.txt")

MULTIPLY = open(os.path.join(LIT, "TTNN", "simple_multiply.mlir")).read()

SEED_TTNN = """\
#l1_ = #tt.memory_space<l1>
#system = #tt.memory_space<system>
#layout = #tt.layout<(d0, d1) -> (d0, d1), undef, <1x1>, memref<64x128xf32, #system>>
#layout1 = #tt.layout<(d0, d1) -> (d0, d1), undef, <8x8>, memref<8x16xf32, #system>>
#layout2 = #tt.layout<(d0, d1) -> (d0, d1), undef, <8x8>, memref<8x16xf32, #l1_>>
module attributes {tt.device = #tt.device<#tt.grid<8x8, (d0, d1) -> (0, d0, d1)>, [0]>, tt.system_desc = #tt.system_desc<[{arch = <wormhole_b0>, grid = 8x8, l1_size = 1048576, num_dram_channels = 12, dram_channel_size = 1048576, noc_l1_address_align_bytes = 16, pcie_address_align_bytes = 32, noc_dram_address_align_bytes = 32}], [0], [<pcie|host_mmio>], [<0, 0, 0, 0>]>} {
  func.func @forward(%arg0: tensor<64x128xf32, #layout>, %arg1: tensor<64x128xf32, #layout>) -> tensor<64x128xf32, #layout1> {
    %0 = "ttnn.open_device"() : () -> !tt.device<<#tt.grid<8x8, (d0, d1) -> (0, d0, d1)>, [0]>>
    %1 = "ttnn.full"(%0) <{fillValue = 0.000000e+00 : f32}> : (!tt.device<<#tt.grid<8x8, (d0, d1) -> (0, d0, d1)>, [0]>>) -> tensor<64x128xf32, #layout2>
    %2 = "ttnn.to_memory_config"(%arg0, %1) : (tensor<64x128xf32, #layout>, tensor<64x128xf32, #layout2>) -> tensor<64x128xf32, #layout2>
    %3 = "ttnn.full"(%0) <{fillValue = 0.000000e+00 : f32}> : (!tt.device<<#tt.grid<8x8, (d0, d1) -> (0, d0, d1)>, [0]>>) -> tensor<64x128xf32, #layout2>
    %4 = "ttnn.to_memory_config"(%arg1, %3) : (tensor<64x128xf32, #layout>, tensor<64x128xf32, #layout2>) -> tensor<64x128xf32, #layout2>
    %5 = "ttnn.full"(%0) <{fillValue = 0.000000e+00 : f32}> : (!tt.device<<#tt.grid<8x8, (d0, d1) -> (0, d0, d1)>, [0]>>) -> tensor<64x128xf32, #layout2>
    %6 = "ttnn.multiply"(%2, %4, %5) <{operandSegmentSizes = array<i32: 2, 1>}> : (tensor<64x128xf32, #layout2>, tensor<64x128xf32, #layout2>, tensor<64x128xf32, #layout2>) -> tensor<64x128xf32, #layout2>
    %7 = "ttnn.full"(%0) <{fillValue = 0.000000e+00 : f32}> : (!tt.device<<#tt.grid<8x8, (d0, d1) -> (0, d0, d1)>, [0]>>) -> tensor<64x128xf32, #layout1>
    %8 = "ttnn.to_memory_config"(%6, %7) : (tensor<64x128xf32, #layout2>, tensor<64x128xf32, #layout1>) -> tensor<64x128xf32, #layout1>
    "ttnn.close_device"(%0) : (!tt.device<<#tt.grid<8x8, (d0, d1) -> (0, d0, d1)>, [0]>>) -> ()
    return %8 : tensor<64x128xf32, #layout1>
  }
}
"""


def test_ttnn_pipeline_prints_the_seeds_listing():
    assert run(MULTIPLY, [("ttir-to-ttnn-backend-pipeline", "")], "simple_multiply.mlir") == SEED_TTNN


@pytest.mark.skipif(not os.path.exists(SEED), reason="seed 003 is not beside the repository")
def test_the_listing_is_the_seeds():
    assert SEED_TTNN in open(SEED).read()


def test_pipeline_output_parses_back_and_reprints_identically():
    out = run(MULTIPLY, [("ttir-to-ttnn-backend-pipeline", "")])
    assert run(out, []) == out


def test_layout_pass_structure_and_redundant_l1_copy():
    """The bottom-up greedy order: the second softmax gets a to_layout of the first one's result while that is
    still in System memory; once the first softmax is rewritten that copy is L1 to L1 (as in 2024 ttmlir-opt)."""
    text = open(os.path.join(LIT, "TTNN", "softmax", "simple_softmax.mlir")).read()
    out = run(text, [("ttir-load-system-desc", ""), ("ttir-layout", "")])
    ops = re.findall(r'"(ttir\.\w+)"|(tensor\.empty)|(return)', out)
    names = [next(x for x in t if x) for t in ops]
    assert names == ["tensor.empty", "ttir.to_layout", "tensor.empty", "ttir.softmax", "tensor.empty",
                     "ttir.to_layout", "tensor.empty", "ttir.softmax", "tensor.empty", "ttir.to_layout", "return"]
    l1_to_l1 = re.search(r'"ttir.to_layout"\(%3, %4\) : \(tensor<512x1024xbf16, (#layout\d*)>, '
                         r'tensor<512x1024xbf16, (#layout\d*)>\)', out)
    assert l1_to_l1 and l1_to_l1.group(1) == l1_to_l1.group(2)


def test_grid_overrides_follow_name_locations():
    text = open(os.path.join(LIT, "TTNN", "multiple_add_with_loc_grid_override.mlir")).read()
    out = run(text, [("ttir-to-ttnn-backend-pipeline", "override-grid-sizes=add_1_0=4x4,add_2_0=4x4")])
    assert "#layout2 = #tt.layout<(d0, d1, d2) -> (d0 * 32 + d1, d2), undef, <4x4>, memref<8x8xf32, #l1_>>" in out
    assert "return %20, %22 : tensor<1x32x32xf32, #layout1>, tensor<1x32x32xf32, #layout1>" in out


def test_grid_set_disabled():
    out = run(MULTIPLY, [("ttir-to-ttnn-backend-pipeline", "enable-grid-set=false")])
    assert "<8x8>, memref" not in out and "memref<64x128xf32, #l1_>" in out


# ------------------------------------------------------------------------------------------------ verifiers
def _module(body, args="%arg0: tensor<64x128xf32>", res="tensor<64x128xf32>"):
    return (f'#a = #tt.operand_constraint<dram|l1|tile|any_device_tile>\n'
            f'module {{\n  func.func @f({args}) -> {res} {{\n{body}\n  }}\n}}\n')


@pytest.mark.parametrize("body, message", [
    ('    %0 = tensor.empty() : tensor<64x128xf32>\n'
     '    %1 = "ttir.softmax"(%arg0, %0) <{dimension = 2 : si32, operand_constraints = [#a, #a]}> : '
     '(tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x128xf32>\n    return %1 : tensor<64x128xf32>',
     "'ttir.softmax' op Dimension attribute must be within the bounds of the input tensor"),
    ('    %0 = tensor.empty() : tensor<64x128xf32>\n'
     '    %1 = "ttir.transpose"(%arg0, %0) <{dimension1 = 0 : si32, dimension2 = 1 : si32, operand_constraints = '
     '[#a, #a]}> : (tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x128xf32>\n    return %1 : tensor<64x128xf32>',
     "'ttir.transpose' op Input-output transpose dimension mismatch."),
    ('    %0 = tensor.empty() : tensor<64x128xf32>\n'
     '    %1 = "ttir.matmul"(%arg0, %arg0, %0) <{operand_constraints = [#a, #a, #a]}> : '
     '(tensor<64x128xf32>, tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x128xf32>\n'
     '    return %1 : tensor<64x128xf32>',
     "'ttir.matmul' op Input A and B must have matching inner dimensions"),
    ('    %0 = tensor.empty() : tensor<64x128xf32>\n'
     '    %1 = "ttir.reshape"(%arg0, %0) <{shape = [64 : i32, -1 : i32, 1 : i32], operand_constraints = [#a, #a]}> : '
     '(tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x128xf32>\n    return %1 : tensor<64x128xf32>',
     "'ttir.reshape' op Shape attribute size must match output tensor rank"),
    ('    %0 = tensor.empty() : tensor<64x128xf32>\n'
     '    %1 = "ttir.concat"(%arg0, %arg0, %0) <{dim = 2 : si32, operand_constraints = [#a, #a, #a]}> : '
     '(tensor<64x128xf32>, tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x128xf32>\n'
     '    return %1 : tensor<64x128xf32>',
     "'ttir.concat' op Invalid dimension 2 for concatenation."),
    ('    %0 = tensor.empty() : tensor<64x64xf32>\n'
     '    %1 = "ttir.add"(%arg0, %arg0, %0) <{operandSegmentSizes = array<i32: 2, 1>, operand_constraints = '
     '[#a, #a, #a]}> : (tensor<64x128xf32>, tensor<64x128xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>\n'
     '    return %arg0 : tensor<64x128xf32>',
     "'ttir.add' op all non-scalar operands/results must have the same shape and base type"),
    ('    %0 = tensor.empty() : tensor<64x128xf32>\n'
     '    %1 = "ttir.relu"(%arg0, %0) <{operandSegmentSizes = array<i32: 1, 1>, operand_constraints = [#a, #a]}> : '
     '(tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x128xbf16>\n    return %arg0 : tensor<64x128xf32>',
     "'ttir.relu' op expected type of operand #1 (tensor<64x128xf32>) to match type of corresponding result "
     "(tensor<64x128xbf16>)"),
    ('    %0 = tensor.empty() : tensor<64x128xf32>\n'
     '    %1 = "ttir.to_layout"(%arg0, %0) : (tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x128xf32>\n'
     '    return %1 : tensor<64x128xf32>',
     "'ttir.to_layout' op Input tensor type missing layout attribute"),
])
def test_verifier_diagnostics(body, message, tmp_path):
    path = tmp_path / "bad.mlir"
    path.write_text(_module(body))
    with pytest.raises(MLIRError) as e:
        run(path.read_text(), [], str(path))
    assert e.value.message == message
    line = 1 + path.read_text().split("\n").index(next(ln for ln in path.read_text().split("\n") if "%1 =" in ln))
    assert e.value.diagnostic.startswith(f"{path}:{line}:5: error: {message}\n")


def test_embedding_and_alloc_rules():
    body = ('    %0 = tensor.empty() : tensor<4x8xf32>\n'
            '    %1 = "ttir.embedding"(%arg0, %arg1, %0) <{operand_constraints = [#a, #a, #a]}> : '
            '(tensor<4xf32>, tensor<16x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>\n    return %1 : tensor<4x8xf32>')
    run(_module(body, "%arg0: tensor<4xf32>, %arg1: tensor<16x8xf32>", "tensor<4x8xf32>"), [])
    bad = body.replace("tensor<16x8xf32>", "tensor<16x8x1xf32>")
    with pytest.raises(MLIRError, match="Weight must be a 2D tensor"):
        run(_module(bad, "%arg0: tensor<4xf32>, %arg1: tensor<16x8x1xf32>", "tensor<4x8xf32>"), [])
    alloc = ('#l = #tt.layout<(d0, d1) -> (d0, d1), undef, <1x1>, memref<64x128xf32, #tt.memory_space<l1>>>\n'
             'module {\n  func.func @f() {\n    %0 = "ttir.alloc"() <{address = 0 : i64, memory_space = '
             '#tt.memory_space<l1>, size = 32768 : i64}> : () -> tensor<64x128xf32, #l>\n    return\n  }\n}\n')
    with pytest.raises(MLIRError, match="device memory space must have address set to a non-zero value"):
        run(alloc, [])


# ------------------------------------------------------------------------------------------------ bad input, CLI
def test_parse_error_has_file_line_col_and_caret(tmp_path):
    path = tmp_path / "broken.mlir"
    path.write_text("module {\n  func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n    return %arg0 tensor<4xf32>\n  }\n}\n")
    with pytest.raises(MLIRError) as e:
        run(path.read_text(), [], str(path))
    first = e.value.diagnostic.split("\n")[0]
    assert re.match(rf"{re.escape(str(path))}:3:\d+: error: .*':'", first), first
    assert e.value.diagnostic.split("\n")[1] == "    return %arg0 tensor<4xf32>"
    assert e.value.diagnostic.split("\n")[2].strip() == "^"


def test_layout_attribute_error_in_text():
    bad = MULTIPLY.replace("module attributes {} {", "#x = #tt.layout<(d0) -> (d0), undef, <1x1>, memref<4xf32, "
                           "#tt.memory_space<l1>>>\nmodule attributes {} {")
    with pytest.raises(MLIRError, match="rank"):
        run(bad, [])


def test_cli_writes_output_only_on_success(tmp_path, capsys):
    good = tmp_path / "in.mlir"
    good.write_text(MULTIPLY)
    out = tmp_path / "out.mlir"
    assert main(["--ttir-to-ttnn-backend-pipeline", str(good), "-o", str(out)]) == 0
    assert out.read_text() == SEED_TTNN
    bad = tmp_path / "bad.mlir"
    bad.write_text(open(os.path.join(LIT, "TTNN", "softmax", "softmax_negative_1.mlir")).read())
    out2 = tmp_path / "out2.mlir"
    assert main(["--ttir-to-ttnn-backend-pipeline", str(bad), "-o", str(out2)]) == 1
    assert not out2.exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".tensix-opt")] == []
    err = capsys.readouterr().err
    assert f"{bad}:7:5: error: 'ttir.softmax' op Dimension attribute must be within the bounds" in err


def test_cli_unknown_pass_and_option(capsys):
    assert main(["--ttir-nonsense", "x.mlir"]) == 1
    assert "unknown option '--ttir-nonsense'" in capsys.readouterr().err
    assert main(["--ttir-to-ttnn-backend-pipeline=enable-grid=false", os.path.join(LIT, "TTNN",
                                                                                    "simple_multiply.mlir")]) == 1
    assert "does not provide an option named 'enable-grid'" in capsys.readouterr().err
    assert main(["--ttir-grid-set", os.path.join(LIT, "TTNN", "simple_multiply.mlir")]) == 1
    assert "--ttir-implicit-device first" in capsys.readouterr().err


def test_conversion_failure_is_mlirs_legalize_error(tmp_path):
    text = ('#a = #tt.operand_constraint<dram|l1|tile|any_device_tile>\nmodule {\n'
            '  func.func @f(%arg0: tensor<64x128xf32>) -> tensor<64x128xf32> {\n'
            '    %0 = tensor.empty() : tensor<64x128xf32>\n'
            '    %1 = "ttir.kernel"(%arg0, %0) <{kind = @eltwise, op = @relu, operandSegmentSizes = '
            'array<i32: 1, 1>}> : (tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x128xf32>\n'
            '    return %1 : tensor<64x128xf32>\n  }\n}\n')
    with pytest.raises(MLIRError) as e:
        run(text, [("ttir-load-system-desc", ""), ("ttnn-open-device", ""), ("convert-ttir-to-ttnn", "")], "k.mlir")
    assert e.value.diagnostic.startswith(
        "k.mlir:5:5: error: failed to legalize operation 'ttir.kernel' that was explicitly marked illegal")


def test_console_script_module_runs():
    r = subprocess.run([sys.executable, "-m", "tensix.mlir.opt", "--ttir-to-ttnn-backend-pipeline", "-"],
                       input=MULTIPLY, capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout == SEED_TTNN


def test_allocate_gives_the_seeds_ttmetal_addresses():
    """--ttir-allocate: the addresses, sizes, tt.arg_alloc and dealloc order of the seed's TTMetal listing."""
    out = run(MULTIPLY, [("ttir-load-system-desc", ""), ("ttir-implicit-device", ""), ("ttir-layout", ""),
                         ("ttir-allocate", "")])
    assert ("attributes {tt.arg_alloc = [#tt.arg_alloc<0, 32768, system>, #tt.arg_alloc<0, 32768, system>]}"
            in out)
    allocs = re.findall(r'"ttir.alloc"\(\) <\{address = (\d+) : i64, memory_space = (#\w+), size = (\d+)', out)
    assert allocs == [("262144", "#l1_", "32768"), ("294912", "#l1_", "32768"), ("327680", "#l1_", "32768"),
                      ("0", "#system", "32768")]
    deallocs = re.findall(r'"ttir.dealloc"\((%\d+)\)', out)
    assert deallocs == ["%2", "%0", "%4"]
    assert "tensor.empty" not in out


def test_generic_wraps_a_kernel_region():
    out = run(MULTIPLY, [("ttir-generic", "")])
    assert "#map = affine_map<(d0, d1) -> (d0, d1)>" in out and "#parallel = #tt.iterator_type<parallel>" in out
    assert ('"ttir.kernel"(%arg2, %arg3, %arg4) <{kind = @eltwise, op = @mulitply, operandSegmentSizes = '
            'array<i32: 2, 1>}>') in out
    assert run(out, []) == out


def test_allocate_refuses_bf16_like_tt_mlir():
    text = open(os.path.join(LIT, "TTNN", "simple_relu.mlir")).read().replace("f32", "bf16")
    with pytest.raises(MLIRError, match="f32 only"):
        run(text, [("ttir-load-system-desc", ""), ("ttir-implicit-device", ""), ("ttir-layout", ""),
                   ("ttir-allocate", "")])


SEED_TTMETAL_HEAD = """\
#l1_ = #tt.memory_space<l1>
#system = #tt.memory_space<system>
#layout = #tt.layout<(d0, d1) -> (d0, d1), undef, <1x1>, memref<64x128xf32, #system>>
#layout1 = #tt.layout<(d0, d1) -> (d0, d1), undef, <1x1>, memref<64x128xf32, #l1_>>
"""

SEED_TTMETAL_DISPATCH = """\
    %5 = "ttmetal.dispatch"(%1, %3, %4) <{core_ranges = [#ttmetal.core_range<0x0, 1x1>, #ttmetal.core_range<0x0, 1x1>, #ttmetal.core_range<0x0, 1x1>], operandSegmentSizes = array<i32: 2, 1>, operand_cb_port_mapping = [0, 1, 2], threadTypes = [#ttkernel.thread<noc0>, #ttkernel.thread<noc1>, #ttkernel.thread<tensix>]}> ({
    ^bb0(%arg2: !ttkernel.cb<0, 0, memref<64x128xf32, #l1_>>, %arg3: !ttkernel.cb<0, 1, memref<64x128xf32, #l1_>>, %arg4: !ttkernel.cb<0, 2, memref<64x128xf32, #l1_>>):
      "ttkernel.cb_push_back"(%arg2) : (!ttkernel.cb<0, 0, memref<64x128xf32, #l1_>>) -> ()
      "ttkernel.return"() : () -> ()
    }, {
    ^bb0(%arg2: !ttkernel.cb<0, 0, memref<64x128xf32, #l1_>>, %arg3: !ttkernel.cb<0, 1, memref<64x128xf32, #l1_>>, %arg4: !ttkernel.cb<0, 2, memref<64x128xf32, #l1_>>):
      "ttkernel.cb_push_back"(%arg3) : (!ttkernel.cb<0, 1, memref<64x128xf32, #l1_>>) -> ()
      "ttkernel.return"() : () -> ()
    }, {
    ^bb0(%arg2: !ttkernel.cb<0, 0, memref<64x128xf32, #l1_>>, %arg3: !ttkernel.cb<0, 1, memref<64x128xf32, #l1_>>, %arg4: !ttkernel.cb<0, 2, memref<64x128xf32, #l1_>>):
      "ttkernel.builtin"(%arg2, %arg3, %arg4) <{kind = @eltwise, op = @mulitply}> : (!ttkernel.cb<0, 0, memref<64x128xf32, #l1_>>, !ttkernel.cb<0, 1, memref<64x128xf32, #l1_>>, !ttkernel.cb<0, 2, memref<64x128xf32, #l1_>>) -> ()
      "ttkernel.return"() : () -> ()
    }) : (tensor<64x128xf32, #layout1>, tensor<64x128xf32, #layout1>, tensor<64x128xf32, #layout1>) -> tensor<64x128xf32, #layout1>
"""


def test_ttmetal_pipeline_prints_the_seeds_listing():
    out = run(MULTIPLY, [("ttir-to-ttmetal-backend-pipeline", "")])
    assert out.startswith(SEED_TTMETAL_HEAD)
    assert SEED_TTMETAL_DISPATCH in out
    assert re.findall(r'"(ttmetal\.\w+)"', out) == [
        "ttmetal.alloc", "ttmetal.host_write", "ttmetal.alloc", "ttmetal.host_write", "ttmetal.alloc",
        "ttmetal.dispatch", "ttmetal.dealloc", "ttmetal.dealloc", "ttmetal.alloc", "ttmetal.host_read",
        "ttmetal.dealloc"]
    assert run(out, []) == out


@pytest.mark.skipif(not os.path.exists(SEED), reason="seed 003 is not beside the repository")
def test_the_ttmetal_listing_is_the_seeds():
    out = run(MULTIPLY, [("ttir-to-ttmetal-backend-pipeline", "")])
    assert out in open(SEED).read()


def test_ttkernel_verifiers():
    text = ('#l1_ = #tt.memory_space<l1>\nmodule {\n  func.func @f(%arg0: !ttkernel.cb<0, 0, memref<4x4xf32, #l1_>>) {\n'
            '    "ttkernel.builtin"(%arg0) <{kind = @eltwise, op = @relu}> : '
            '(!ttkernel.cb<0, 0, memref<4x4xf32, #l1_>>) -> ()\n    return\n  }\n}\n')
    with pytest.raises(MLIRError, match="'ttkernel.builtin' op KernelOp must be inside of a DispatchOp region"):
        run(text, [])


def _chain(kinds, n):
    t = f"tensor<{n}x{n}xf32>"
    lines = ["#c = #tt.operand_constraint<dram|l1|tile|any_device_tile>", "module {",
             f"  func.func @f(%arg0: {t}, %arg1: {t}) -> {t} {{"]
    prev, v = "%arg0", 0
    for k in kinds:
        lines.append(f"    %{v} = tensor.empty() : {t}")
        out, v = f"%{v}", v + 1
        if k in ("add", "multiply", "subtract"):
            lines.append(f'    %{v} = "ttir.{k}"({prev}, %arg1, {out}) <{{operandSegmentSizes = array<i32: 2, 1>, '
                         f'operand_constraints = [#c, #c, #c]}}> : ({t}, {t}, {t}) -> {t}')
        elif k == "relu":
            lines.append(f'    %{v} = "ttir.relu"({prev}, {out}) <{{operandSegmentSizes = array<i32: 1, 1>, '
                         f'operand_constraints = [#c, #c]}}> : ({t}, {t}) -> {t}')
        elif k == "matmul":
            lines.append(f'    %{v} = "ttir.matmul"({prev}, %arg1, {out}) <{{operand_constraints = [#c, #c, #c]}}> :'
                         f' ({t}, {t}, {t}) -> {t}')
        else:
            lines.append(f'    %{v} = "ttir.softmax"({prev}, {out}) <{{dimension = -1 : si32, operand_constraints = '
                         f'[#c, #c]}}> : ({t}, {t}) -> {t}')
        prev, v = f"%{v}", v + 1
    lines += [f"    return {prev} : {t}", "  }", "}", ""]
    return "\n".join(lines)


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=25, deadline=None)
@given(kinds=st.lists(st.sampled_from(["add", "multiply", "subtract", "relu", "matmul", "softmax"]), min_size=1,
                      max_size=6),
       n=st.sampled_from([32, 64, 96]), pipeline=st.sampled_from(["ttnn", "ttnn-dram-l1", "emitc", "emitpy"]))
def test_pipeline_outputs_reparse_to_themselves(kinds, n, pipeline):
    """Whatever the pipeline prints parses back, verifies, and prints identically; SSA results are numbered
    %0, %1, ... in order; each TTIR op gives exactly one TTNN compute op."""
    steps = [("ttir-to-ttnn-backend-pipeline",
              "default-memory-space=dram enable-l1-interleaved=true" if pipeline == "ttnn-dram-l1" else "")]
    if pipeline in ("emitc", "emitpy"):
        steps.append((f"convert-ttnn-to-{pipeline}", ""))
    out = run(_chain(kinds, n), steps)
    assert run(out, []) == out
    numbers = [int(x) for x in re.findall(r"^\s+%(\d+) = ", out, re.M)]
    assert numbers == list(range(len(numbers)))
    if pipeline.startswith("ttnn"):
        compute = re.findall(r'"ttnn\.(add|multiply|subtract|relu|matmul|softmax)"', out)
        assert compute == kinds


def test_n150_system_desc_loads_from_a_file(tmp_path, capsys):
    assert main(["--print-system-desc=n150"]) == 0
    desc = capsys.readouterr().out
    assert "l1_size = 1499136" in desc and "dram_channel_size = 1073741824" in desc
    path = tmp_path / "n150.mlir"
    path.write_text(desc)
    out = run(MULTIPLY, [("ttir-load-system-desc", f"path={path}"), ("ttir-to-ttnn-backend-pipeline", "")])
    assert "l1_size = 1499136" in out            # the pipeline keeps a loaded system desc
    assert main(["--print-system-desc=grayskull"]) == 1
