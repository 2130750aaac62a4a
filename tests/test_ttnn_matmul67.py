"""ttnn.addmm, ttnn.matmul's program-config generation for tiny tiles, and the batch-mismatch linear (tt-metal
622c6fb9: ttnn/cpp/ttnn/operations/matmul/matmul.cpp addmm / addmm_validate, device/config/matmul_program_config.cpp
create_simple_matmul_program_config / get_mcast_1d_config, matmul_device_operation.cpp's tiny-tile validation).

- addmm is matmul.cpp's composite: bound_matmul, then multiply_(out, alpha) unless alpha is 1, then add_(out,
  beta * input) unless beta is 0; checked bit for bit against that chain of tensix ops and against torch.addmm.
- addmm's refusals with ttnn's messages (the vendored test_addmm.py matches their text).
- The numerics of the two vendored addmm cases listed FAILS ON ANY DEVICE: float64 models written here from the
  kernels (HiFi2's two fidelity phases with in0 in SrcB; bfloat8_b rows sharing one exponent) equal tensix, and the
  ideal chains already miss the tests' bounds.
- Tiny tiles without a program config: the generated config counts M / N in the operands' tiles (2D for an all-DRAM
  matmul, 1D mcast_in1 / mcast_in0 for tall / wide ones), the output equals the 32x32-tile product bit for bit, and
  a generated MatmulMultiCoreProgramConfig is refused with tt-metal's message.
- The 2D program with a WIDTH_SHARDED DRAM in1 (IN1_DRAM_WIDTH_SHARDED of
  matmul_multicore_reuse_mcast_2d_program_factory.cpp): the factory's bank walk, the product equal bit for bit to the
  one with an interleaved in1 (a partial last column block included), and the refusals.
"""

import importlib

import numpy as np
import pytest
import torch

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError

from test_ttnn_open_numerics import bf16, dst16, split_a, split_b

MM = importlib.import_module("tensix.ttnn.operations.matmul")


@pytest.fixture(scope="module")
def dev():
    d = ttnn.open_device(device_id=0)
    yield d
    ttnn.close_device(d)


def put(dev, t, dtype=ttnn.bfloat16, tile=None, mem=None):
    return ttnn.from_torch(t, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=dev, tile=tile,
                           memory_config=mem or ttnn.DRAM_MEMORY_CONFIG)


def rel_fro(gold, got):
    gold, got = np.asarray(gold, np.float64), np.asarray(got, np.float64)
    return float(np.linalg.norm(got - gold) / np.linalg.norm(gold))


# ------------------------------------------------------------------------------------------------ ttnn.addmm
@pytest.mark.parametrize("alpha, beta", [(1.0, 1.0), (0.5, 1.0), (1.0, 0.0), (-1.5, 0.5), (1.0, -0.5)])
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32])
def test_addmm_is_matmul_then_scaled_add(dev, alpha, beta, dtype):
    torch.manual_seed(1)
    x, m1, m2 = torch.randn(40, 72), torch.randn(40, 96), torch.randn(96, 72)
    tx, t1, t2 = put(dev, x, dtype), put(dev, m1, dtype), put(dev, m2, dtype)
    got = ttnn.to_torch(ttnn.addmm(tx, t1, t2, alpha=alpha, beta=beta))
    # the chain matmul.cpp runs
    want = ttnn.matmul(t1, t2)
    if alpha != 1.0:
        ttnn.multiply_(want, alpha)
    if beta != 0.0:
        ttnn.add_(want, ttnn.multiply(tx, beta) if beta != 1.0 else tx)
    assert torch.equal(got, ttnn.to_torch(want))
    # and close to torch's addmm of the stored inputs
    s = lambda t: ttnn.to_torch(t).double()
    gold = torch.addmm(s(tx), s(t1), s(t2), alpha=alpha, beta=beta)
    assert rel_fro(gold, got.double()) < (0.01 if dtype == ttnn.bfloat16 else 0.002)


def test_addmm_output_dtype_and_optional_output(dev):
    torch.manual_seed(2)
    x, m1, m2 = torch.randn(32, 32), torch.randn(32, 64), torch.randn(64, 32)
    tx, t1, t2 = put(dev, x), put(dev, m1), put(dev, m2)
    out = ttnn.addmm(tx, t1, t2, dtype=ttnn.float32)
    assert out.dtype == ttnn.float32
    buf = put(dev, torch.zeros(32, 32), ttnn.float32)
    res = ttnn.addmm(tx, t1, t2, optional_output_tensor=buf)
    assert res is buf and buf.dtype == ttnn.float32
    assert torch.equal(ttnn.to_torch(buf), ttnn.to_torch(out))
    gold = torch.addmm(x.bfloat16().double(), m1.bfloat16().double(), m2.bfloat16().double())
    assert rel_fro(gold, ttnn.to_torch(buf).double()) < 0.005


def test_addmm_beta_zero_ignores_input(dev):
    torch.manual_seed(3)
    m1, m2 = torch.randn(4, 4), torch.randn(4, 4)
    t1, t2 = put(dev, m1), put(dev, m2)
    wrong_shape = put(dev, torch.randn(8, 8))
    got = ttnn.addmm(wrong_shape, t1, t2, beta=0.0)
    assert torch.equal(ttnn.to_torch(got), ttnn.to_torch(ttnn.matmul(t1, t2)))


def test_addmm_refusals(dev):
    x, m = put(dev, torch.randn(4, 4)), put(dev, torch.randn(4, 4))
    with pytest.raises(RuntimeError, match="alpha parameter cannot be 0"):
        ttnn.addmm(x, m, m, alpha=0.0)
    with pytest.raises(RuntimeError, match="input_tensor must have shape matching one of result of mat1_tensor @ "
                                           "mat2_tensor"):
        ttnn.addmm(put(dev, torch.randn(8, 8)), m, m)
    u = put(dev, torch.randn(4, 4), ttnn.uint32)
    with pytest.raises(RuntimeError, match="only ttnn.bfloat16, ttnn.float32 and ttnn.bfloat8_b types are supported "
                                           "for input_tensor"):
        ttnn.addmm(u, u, u)
    with pytest.raises(RuntimeError, match="supported for mat1_tensor"):
        ttnn.addmm(x, u, m)
    with pytest.raises(RuntimeError, match="supported for mat2_tensor"):
        ttnn.addmm(x, m, u, beta=0.0)
    with pytest.raises(RuntimeError, match="output_tile must not be provided"):
        ttnn.addmm(x, m, m, output_tile=ttnn.Tile((32, 32)))
    with pytest.raises(TypeError):
        ttnn.addmm(x, m, m, bias=x)


# ---------------------------------------------------------- the numerics of the FAILS ON ANY DEVICE addmm cases
def test_addmm_k4_bf16_misses_the_bound_on_any_device(dev):
    """test_addmm_square_matrices[4, bfloat16]: HiFi2 (in0 in SrcB: phases 0-1 see its top 7 significant bits), the
    product rounded to bfloat16, then the add rounded again."""
    torch.manual_seed(0)
    x, m1, m2 = (torch.randn((4, 4), dtype=torch.bfloat16) for _ in range(3))
    gold = torch.addmm(x, m1, m2).double().numpy()
    a, b, c = (t.double().numpy() for t in (m1, m2, x))
    ah, al = split_a(b)
    bh, _ = split_b(a)
    model = dst16(dst16(dst16(bh @ ah) + bh @ al) + c)
    got = ttnn.to_torch(ttnn.addmm(put(dev, x), put(dev, m1), put(dev, m2))).double().numpy()
    assert np.array_equal(got, model)
    assert rel_fro(gold, got) > 0.004
    for ties_even in (True, False):
        r = lambda v: bf16(v, ties_even)
        assert rel_fro(gold, r(r(r(bh @ ah) + bh @ al) + c)) > 0.004
    assert rel_fro(gold, bf16(bf16(a @ b) + c)) < 0.004       # the exact product would pass


def _bfp8_rows(v, ties_even):
    """bfloat8_b of rows that lie in one 16-wide face row each: the row's largest exponent, 7 magnitude bits."""
    v = np.asarray(v, np.float64)
    out = np.zeros_like(v)
    for i, row in enumerate(v):
        nz = row[row != 0]
        if nz.size:
            q = 2.0 ** (np.floor(np.log2(np.abs(nz))).max() - 6)
            r = np.abs(row) / q
            out[i] = np.sign(row) * np.minimum(np.round(r) if ties_even else np.floor(r + 0.5), 127) * q
    return out


def test_addmm_bfp8_2x3x4_misses_the_bound_on_any_device(dev):
    """test_addmm_rectangular_matrices[(2, 3, 4), bfloat8_b]: the bfloat8_b output of the matmul, then of the add."""
    torch.manual_seed(0)
    x = torch.randn(2, 4, dtype=torch.bfloat16)
    m1 = torch.randn(2, 3, dtype=torch.bfloat16)
    m2 = torch.randn(3, 4, dtype=torch.bfloat16)
    gold = torch.addmm(x, m1, m2).double().numpy()
    tx, t1, t2 = (put(dev, t, ttnn.bfloat8_b) for t in (x, m1, m2))
    c, a, b = (ttnn.to_torch(t).double().numpy() for t in (tx, t1, t2))
    assert np.array_equal(a, _bfp8_rows(m1.double().numpy(), True))     # the host's encoding of the inputs
    for ties_even in (True, False):
        q = lambda v: _bfp8_rows(v, ties_even)
        assert rel_fro(gold, q(q(a @ b) + c)) > 0.015                   # exact product, exact add
    ah, _ = split_a(b)
    bh, _ = split_b(a)                                                  # LoFi: phase 0 only
    model = _bfp8_rows(dst16(_bfp8_rows(dst16(bh @ ah), False) + c), False)
    got = ttnn.to_torch(ttnn.addmm(tx, t1, t2)).double().numpy()
    assert np.array_equal(got, model)


# ------------------------------------------------------------------- tiny tiles without a program config
def _spy(monkeypatch):
    seen = []
    orig = MM._run_program

    def run(dev, a, b, bias, out, at, pc, started):
        seen.append(pc)
        return orig(dev, a, b, bias, out, at, pc, started)

    monkeypatch.setattr(MM, "_run_program", run)
    return seen


@pytest.mark.parametrize("m, k, n, th, tw, mem, kind", [
    (1024, 64, 512, 16, 16, "dram", "2d"),
    (1024, 64, 512, 8, 32, "dram", "mcast_in1"),
    (64, 128, 2048, 16, 32, "l1", "mcast_in0"),
    (2048, 64, 64, 4, 16, "l1", "mcast_in1"),
])
def test_tiny_tiles_generated_config(dev, monkeypatch, m, k, n, th, tw, mem, kind):
    torch.manual_seed(4)
    mc = ttnn.DRAM_MEMORY_CONFIG if mem == "dram" else ttnn.L1_MEMORY_CONFIG
    a, b = torch.rand(m, k), torch.rand(k, n)
    seen = _spy(monkeypatch)
    got = ttnn.matmul(put(dev, a, tile=ttnn.Tile((th, 32)), mem=mc), put(dev, b, tile=ttnn.Tile((32, tw)), mem=mc),
                      memory_config=mc)
    pc = seen[-1]
    if kind == "2d":
        assert isinstance(pc, ttnn.MatmulMultiCoreReuseMultiCastProgramConfig)
        assert (pc.per_core_M, pc.per_core_N) == (-(-m // th // 8), -(-n // tw // 8))     # div_up(Mt, 8), Nt / 8
    else:
        assert isinstance(pc, ttnn.MatmulMultiCoreReuseMultiCast1DProgramConfig)
        assert pc.mcast_in0 == (kind == "mcast_in0")
        if pc.mcast_in0:
            assert (pc.per_core_M, pc.per_core_N) == (m // th, -(-(-(-n // 64)) // tw))
        else:
            assert (pc.per_core_M, pc.per_core_N) == (-(-(-(-m // 64)) // th), n // tw)
    full = ttnn.matmul(put(dev, a, mem=mc), put(dev, b, mem=mc), memory_config=mc)
    assert torch.equal(ttnn.to_torch(got), ttnn.to_torch(full))
    ref = a.bfloat16().double() @ b.bfloat16().double()
    assert rel_fro(ref, ttnn.to_torch(got).double()) < 0.01


def test_tiny_tiles_optional_output_without_program_config(dev):
    torch.manual_seed(5)
    a, b = torch.rand(256, 64), torch.rand(64, 128)
    ta, tb = put(dev, a, tile=ttnn.Tile((8, 32))), put(dev, b, tile=ttnn.Tile((32, 16)))
    out = put(dev, torch.zeros(256, 128), tile=ttnn.Tile((8, 16)))
    res = ttnn.matmul(ta, tb, optional_output_tensor=out)
    assert res is out
    assert torch.equal(ttnn.to_torch(out), ttnn.to_torch(ttnn.matmul(ta, tb)))


def test_tiny_tiles_generated_multicore_config_is_refused(dev):
    """L1 inputs, a DRAM output and one block: create_simple_matmul_program_config falls through to
    MatmulMultiCoreProgramConfig, which matmul_device_operation.cpp refuses for tiny tiles."""
    a = put(dev, torch.rand(32, 64), tile=ttnn.Tile((16, 32)), mem=ttnn.L1_MEMORY_CONFIG)
    b = put(dev, torch.rand(64, 64), mem=ttnn.L1_MEMORY_CONFIG)
    with pytest.raises(ttnn.TTNNError, match=r"non-optimized program config does not support tiny tile \(in0 tile "
                                             r"height=16, in1 tile width=32"):
        ttnn.matmul(a, b)


# ----------------------------------------------------------------------------------- batch-mismatch linear
def test_linear_batched_in0_unbatched_weight(dev):
    """test_matmul_batch_mismatch's shape class at a small size: [b, M, K] @ [K, N] + [N]."""
    torch.manual_seed(6)
    x, w, bias = torch.randn(6, 300, 64), torch.randn(64, 96), torch.randn(96)
    out = ttnn.linear(put(dev, x), put(dev, w), bias=put(dev, bias))
    assert list(out.shape) == [6, 300, 96]
    s = lambda t: t.bfloat16().double()
    gold = s(x) @ s(w) + s(bias)
    assert rel_fro(gold, ttnn.to_torch(out).double()) < 0.01


# ------------------------------------------------------------ the 2D program with a DRAM width-sharded in1
def _dram_ws(dev, w, shard_w, banks=12, dtype=ttnn.bfloat16):
    grid = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(banks - 1, 0))})
    spec = ttnn.ShardSpec(grid, [w.shape[-2], shard_w], ttnn.ShardOrientation.ROW_MAJOR)
    mc = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.WIDTH_SHARDED, ttnn.BufferType.DRAM, spec)
    return ttnn.from_torch(w, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=dev, memory_config=mc)


def _cfg_2d(gx, gy, kw, pm, pn):
    return ttnn.MatmulMultiCoreReuseMultiCastProgramConfig(
        compute_with_storage_grid_size=(gx, gy), in0_block_w=kw, out_subblock_h=1, out_subblock_w=1,
        out_block_h=pm, out_block_w=pn, per_core_M=pm, per_core_N=pn, transpose_mcast=False, fused_activation=None,
        fuse_batch=True)


def test_dram_width_sharded_walk():
    """The bank walk of the 2D factory: 11 columns a sender over banks of 6 (the deepseek qkv_a prefill)."""
    walk = MM._dram_ws_walk(12, 6, 11, 6, 1)
    assert walk[0] == [1, 2, 0, 6, 0, 5, 1]               # vc 1: bank 0 from column 0 (6), bank 1 (5)
    assert walk[1] == [2, 3, 5, 1, 1, 6, 2, 4, 3]         # bank 1 from column 5 (1), bank 2 (6), bank 3 (4)
    for args in walk:
        assert sum(args[3::2]) == 11


@pytest.mark.parametrize("n, shard_w, pn, gx, kw", [(2112, 192, 11, 6, 8), (640, 64, 6, 4, 2), (896, 96, 4, 7, 4)])
def test_matmul_2d_dram_width_sharded_in1(dev, n, shard_w, pn, gx, kw):
    torch.manual_seed(7)
    k = 256
    x, w = torch.randn(1, 1, 64, k), torch.randn(1, 1, k, n)
    a = put(dev, x)
    pc = _cfg_2d(gx, 2, kw, 1, pn)
    ckc = ttnn.WormholeComputeKernelConfig(math_fidelity=ttnn.MathFidelity.HiFi4, math_approx_mode=False,
                                           fp32_dest_acc_en=True, packer_l1_acc=False)
    got = ttnn.matmul(a, _dram_ws(dev, w, shard_w, dtype=ttnn.bfloat8_b), program_config=pc,
                      compute_kernel_config=ckc)
    want = ttnn.matmul(a, put(dev, w, ttnn.bfloat8_b), program_config=pc, compute_kernel_config=ckc)
    assert torch.equal(ttnn.to_torch(got), ttnn.to_torch(want))


def test_matmul_2d_dram_width_sharded_in1_refusals(dev):
    a = put(dev, torch.randn(1, 1, 64, 64))
    w = torch.randn(1, 1, 64, 384)
    with pytest.raises(NotModelledError, match="ceil\\(N / 12\\) = 1 tiles"):
        ttnn.matmul(a, _dram_ws(dev, w, 64, banks=6), program_config=_cfg_2d(4, 2, 2, 1, 3))
    with pytest.raises(NotModelledError, match="out_block_w below per_core_N"):
        pc = ttnn.MatmulMultiCoreReuseMultiCastProgramConfig(
            compute_with_storage_grid_size=(2, 2), in0_block_w=2, out_subblock_h=1, out_subblock_w=1, out_block_h=1,
            out_block_w=3, per_core_M=1, per_core_N=6, transpose_mcast=False, fused_activation=None, fuse_batch=True)
        ttnn.matmul(a, _dram_ws(dev, w, 32), program_config=pc)
    with pytest.raises(NotModelledError, match="fused bias"):
        ttnn.linear(a, _dram_ws(dev, w, 32), bias=put(dev, torch.randn(1, 1, 1, 384)),
                    program_config=_cfg_2d(4, 2, 2, 1, 3))
