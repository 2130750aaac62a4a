"""Regression tests for what running tt-metal's own ttnn tests (tests/ttnn_vendored) found or needed in tensix.ttnn:
- layer_norm / rms_norm with a ROW_MAJOR weight and bias (reader_unary_interleaved_ln_rm_gb): the same numbers as the
  TILE weights (the compute kernel reads row 0 of each weight tile either way), padding ignored, shape rules;
- the compat facade's placeholders for ttnn operations tensix does not model (a test module naming ttnn.eq in a
  parametrize table imports; calling it raises NotModelledError);
- the pytest plugin's per-file size cap (tensix_max_elements_per_file)."""

import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _bf16(x):
    """float32 -> bfloat16 values (round to nearest even), as float32."""
    b = np.asarray(x, np.float32).view(np.uint32)
    b = (b + np.uint32(0x7FFF) + ((b >> 16) & np.uint32(1))) & np.uint32(0xFFFF0000)
    return b.view(np.float32)


@pytest.mark.parametrize("rms", [False, True])
@pytest.mark.parametrize("h,w", [(32, 42), (40, 96), (64, 519)])
def test_norm_row_major_weights_match_tile_weights(device, rms, h, w):
    """A ROW_MAJOR weight / bias given as [Wt, 32] sticks (zero-padded to the input's padded width) gives bit for bit the
    result of the same weight / bias in TILE layout, and both are close to float64 layer_norm / rms_norm; the input's
    tile padding (-42) never reaches a row's statistics (the reader's partial scaler)."""
    rng = np.random.default_rng(5)
    x = _bf16(rng.uniform(-2, 2, (h, w)))
    g = _bf16(rng.uniform(0.5, 1.5, w))
    bta = _bf16(rng.uniform(-1, 1, w))
    wp = -(-w // 32) * 32
    t = ttnn.fill_implicit_tile_padding(ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT,
                                                        device=device), -42.0)
    pad = np.zeros(wp - w, np.float32)
    g_rm = ttnn.from_numpy(np.concatenate([g, pad]).reshape(wp // 32, 32), dtype=ttnn.bfloat16, device=device)
    b_rm = ttnn.from_numpy(np.concatenate([bta, pad]).reshape(wp // 32, 32), dtype=ttnn.bfloat16, device=device)
    g_t = ttnn.from_numpy(g.reshape(1, w), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    b_t = ttnn.from_numpy(bta.reshape(1, w), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    fn = ttnn.rms_norm if rms else ttnn.layer_norm
    kw = {} if rms else {}
    got_rm = ttnn.to_numpy(fn(t, weight=g_rm, bias=b_rm, **kw))
    got_t = ttnn.to_numpy(fn(t, weight=g_t, bias=b_t, **kw))
    np.testing.assert_array_equal(got_rm, got_t)
    x64 = x.astype(np.float64)
    if rms:
        ref = x64 / np.sqrt((x64 ** 2).mean(-1, keepdims=True) + 1e-12)
    else:
        ref = (x64 - x64.mean(-1, keepdims=True)) / np.sqrt(x64.var(-1, keepdims=True) + 1e-12)
    ref = ref * g + bta
    # bfloat16 intermediates and output (rms_norm: a 16-bit Dst, approximate rsqrt): a few bfloat16 ulps of |ref| + 1
    np.testing.assert_allclose(got_rm, ref, atol=0.05 * (np.abs(ref).max() + 1))


def test_norm_row_major_weight_rules(device):
    x = np.ones((32, 64), np.float32)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    wrong = ttnn.from_numpy(np.ones((1, 64), np.float32), dtype=ttnn.bfloat16, device=device)
    with pytest.raises(ttnn.ShapeError, match="tile width"):
        ttnn.layer_norm(t, weight=wrong)
    f32 = ttnn.from_numpy(np.ones((2, 32), np.float32), dtype=ttnn.float32, device=device)
    with pytest.raises(NotModelledError, match="64-byte"):
        ttnn.rms_norm(t, weight=f32)


def _run(code: str, tmp_path):
    script = tmp_path / "script.py"
    script.write_text(textwrap.dedent(code))
    return subprocess.run([sys.executable, str(script)], cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_unmodelled_ttnn_operations_resolve_and_raise(tmp_path):
    proc = _run("""
        from tensix.ttnn import compat
        compat.install()
        import ttnn
        from tensix.errors import NotModelledError
        assert repr(ttnn.adaptive_avg_pool2d) == "ttnn.adaptive_avg_pool2d"
        assert ttnn.adaptive_avg_pool2d.python_fully_qualified_name == "ttnn.adaptive_avg_pool2d"
        assert hasattr(ttnn, "var") and not hasattr(ttnn, "no_such_op")
        assert repr(ttnn.experimental.rotary_embedding_llama) == "ttnn.experimental.rotary_embedding_llama"
        assert ttnn.BcastOpDim.H != ttnn.BcastOpDim.W and repr(ttnn.BcastOpMath.ADD) == "BcastOpMath.ADD"
        for call in (lambda: ttnn.adaptive_avg_pool2d(1, 2), lambda: ttnn.get_golden_function(ttnn.moreh_sum)):
            try:
                call()
            except NotModelledError as e:
                assert "does not model" in str(e)
            else:
                raise AssertionError("no NotModelledError")
        assert ttnn.add is not None and type(ttnn.add).__name__ != "UnmodelledOperation"
        print("ok")
    """, tmp_path)
    assert proc.returncode == 0 and "ok" in proc.stdout, proc.stderr[-3000:]


def test_plugin_per_file_size_cap(tmp_path):
    (tmp_path / "tests" / "ttnn").mkdir(parents=True)
    (tmp_path / "pytest.ini").write_text("[pytest]\naddopts = -p tensix.ttnn.pytest_plugin\n"
                                         "tensix_max_elements = 100000\n"
                                         "tensix_max_elements_per_file =\n    tests/ttnn/test_small.py 1000\n")
    body = textwrap.dedent("""
        import torch, ttnn
        def test_make(device):
            ttnn.from_torch(torch.zeros(64, 64), device=device)
    """)
    (tmp_path / "tests" / "ttnn" / "test_small.py").write_text(body)
    (tmp_path / "tests" / "ttnn" / "test_big.py").write_text(body)
    pytest.importorskip("torch")
    proc = subprocess.run([sys.executable, "-m", "pytest", "-c", str(tmp_path / "pytest.ini"), str(tmp_path / "tests"),
                           "-v", "-rs", "-p", "no:cacheprovider"], cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    out = proc.stdout + proc.stderr
    assert "1 passed, 1 skipped" in out, out[-3000:]
    assert "test_small.py::test_make SKIPPED" in out and "the cap of 1000" in out, out[-3000:]


def test_num_cores_to_corerangeset_as_work_split(tmp_path):
    """tt-metal work_split.cpp num_cores_to_corerangeset: a partial first row, full rows (only when more than one row
    remains), a partial last row; column-wise likewise; a start core; too many cores refused."""
    proc = _run("""
        from tensix.ttnn import compat
        compat.install()
        import ttnn
        C, R = ttnn.CoreCoord, ttnn.CoreRange
        g = C(8, 8)
        f = lambda *a: repr(ttnn.num_cores_to_corerangeset(*a))   # CoreRangeSet has no __eq__: compare reprs
        S = lambda rs: repr(ttnn.CoreRangeSet(rs))
        assert f(8, g, True) == S([R(C(0, 0), C(7, 0))])
        assert f(13, g, True) == S([R(C(0, 0), C(7, 0)), R(C(0, 1), C(4, 1))])
        assert f(16, g, True) == S([R(C(0, 0), C(7, 1))])
        assert f(9, g, False) == S([R(C(0, 0), C(0, 7)), R(C(1, 0), C(1, 0))])
        assert f(C(3, 1), 10, g, True) == S([R(C(3, 1), C(7, 1)), R(C(0, 2), C(4, 2))])
        try:
            ttnn.num_cores_to_corerangeset(65, g, True)
        except RuntimeError as e:
            assert "greater than total number of available cores 64" in str(e)
        else:
            raise AssertionError("65 cores accepted")
        print("ok")
    """, tmp_path)
    assert proc.returncode == 0 and "ok" in proc.stdout, proc.stderr[-3000:]


def test_tensor_constructor_array_overload_and_host_bfp8_layout(device):
    """ttnn.Tensor(array, data_type): the array overload (a bfloat8_b tensor comes out in TILE layout, as ttnn's); a
    host bfloat8_b tensor converted to ROW_MAJOR stays TILE (tt-metal tensor_apis.cpp to_layout_bfloat_impl: a warning,
    no conversion), and one with tile padding is refused (host unpad needs ROW_MAJOR)."""
    x = np.linspace(-1, 1, 32 * 64, dtype=np.float32).reshape(1, 1, 32, 64)
    t = ttnn.Tensor(x, ttnn.bfloat16)
    assert t.layout == ttnn.ROW_MAJOR_LAYOUT and t.dtype == ttnn.bfloat16
    q = ttnn.Tensor(x, ttnn.bfloat8_b)
    assert q.layout == ttnn.TILE_LAYOUT and q.dtype == ttnn.bfloat8_b
    with pytest.warns(UserWarning, match="was not executed"):
        same = q.to(ttnn.ROW_MAJOR_LAYOUT)
    assert same is q
    padded = ttnn.Tensor(np.ones((1, 1, 30, 60), np.float32), ttnn.bfloat8_b)
    with pytest.raises(ttnn.TTNNError, match="must be ROW_MAJOR for unpadding"):
        padded.to(ttnn.ROW_MAJOR_LAYOUT)


def test_plugin_sampling(tmp_path):
    """tensix_sample: of the cases a line names, those whose node id's CRC-32 is 0 mod k run, the rest are deselected;
    --tensix-no-sample runs them all."""
    import zlib
    (tmp_path / "tests").mkdir()
    (tmp_path / "pytest.ini").write_text("[pytest]\naddopts = -p tensix.ttnn.pytest_plugin\n"
                                         "tensix_sample =\n    tests/test_grid.py::test_case 4\n")
    (tmp_path / "tests" / "test_grid.py").write_text(textwrap.dedent("""
        import pytest
        @pytest.mark.parametrize("i", range(40))
        def test_case(i):
            pass
        def test_other():
            pass
    """))
    ids = [f"tests/test_grid.py::test_case[i={i}]" for i in range(40)]
    kept = sum(zlib.crc32(n.encode()) % 4 == 0 for n in ids)
    assert 0 < kept < 40
    env = {**__import__("os").environ, "PYTHONPATH": str(ROOT)}
    args = [sys.executable, "-m", "pytest", "-c", str(tmp_path / "pytest.ini"), str(tmp_path / "tests"), "-q",
            "-p", "no:cacheprovider"]
    proc = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=300, env=env)
    assert f"{kept + 1} passed, {40 - kept} deselected" in proc.stdout, proc.stdout[-2000:]
    proc = subprocess.run(args + ["--tensix-no-sample"], cwd=ROOT, capture_output=True, text=True, timeout=300, env=env)
    assert "41 passed" in proc.stdout, proc.stdout[-2000:]


def test_matmul_batch_operand_slots_after_compaction():
    """tensix.kernel.matmul_batch._Operands.slots: when a run has prepared more than _PREP_KEEP tiles of one use, the
    tiles no live CB page holds are dropped (_compact, a new slot map); the slots of the batch's new tiles must index
    that compacted table. They were written into the old map and pointed past its end ("a product names a tile outside
    dst, a or b" in fpu.matmul_sequence; found by tt-metal's test_matmul_1d_multiple_output_blocks_per_core and the
    ttnn_multihead_attention tutorial)."""
    from tensix.device import formats, fpu
    from tensix.device.formats import DataFormat
    from tensix.kernel import matmul_batch as mb

    ops = mb._Operands()
    rng = np.random.default_rng(0)
    n_tiles = mb._PREP_KEEP + 70
    for i in range(n_tiles):
        vals = rng.uniform(-2, 2, (32, 32)).astype(np.float32)
        ops.raw.append((DataFormat.Float16_b, formats.pack_tile_bytes(vals, DataFormat.Float16_b).tobytes()))
    first = list(range(mb._PREP_KEEP - 10))
    ops.slots(first, "b", False, fpu.MathFidelity.HiFi4, False)
    batch = list(range(mb._PREP_KEEP - 10, n_tiles)) + first[-4:]     # new tiles: the table is compacted first
    slots, prep = ops.slots(batch, "b", False, fpu.MathFidelity.HiFi4, False)
    assert slots.max() < prep.n and len(set(slots.tolist())) == len(batch)
    fresh = fpu.MatmulOperands.prepare(ops.src_values(batch, False), "b", fpu.MathFidelity.HiFi4)
    got = prep.operands()
    np.testing.assert_array_equal(got.hi[slots], fresh.hi)
