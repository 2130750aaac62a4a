"""The block-at-once forms of the compute fast paths and of the matmul batches' Dst gather, against the per-tile /
per-core forms they replace: bit for bit, and the same device time (benchmarks/ttnn_mlp.py's speed work)."""

import numpy as np
import pytest

from tensix.kernel import _fast
from tensix.kernel import matmul_batch as mb

_SPECIALS = np.array([0, 0x80000000, 0x00000001, 0x807FFFFF, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7F800001,
                      0x3F800000, 0x00800000, 0x7F7FFFFF, 0xFFFFFFFF], np.uint32)


def _random_bits(rng, n):
    w = rng.integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32)
    w[rng.integers(0, n, n // 8)] = rng.choice(_SPECIALS, n // 8)
    return w


@pytest.mark.parametrize("fp32_dest", [False, True])
@pytest.mark.parametrize("is_f32", [False, True])
@pytest.mark.parametrize("exact", [False, True])
@pytest.mark.parametrize("first,n", [(0, 1), (1, 4), (5, 3)])   # (5, 3) wraps the ring of 6 pages
@pytest.mark.parametrize("flush", [True, False])
def test_copy_block_is_copy_to_dst_per_tile(fp32_dest, is_f32, exact, first, n, flush):
    if exact and not (is_f32 and fp32_dest):
        pytest.skip("copy_exact32 moves 32-bit CB data into a 32-bit Dst only")
    rng = np.random.default_rng(first * 7 + n)
    page = 4096 if is_f32 else 2048
    base, pages = 1024, 6
    size = page * pages
    l1 = _random_bits(rng, (base + size + 4096) // 4).view(np.uint8)
    rd = base + 4 * page                                      # the read pointer, two pages before the ring's end
    dt = np.uint32 if fp32_dest else np.uint16
    e = _fast.dst_entries(dt)
    ref = np.zeros((2, 8, 32, 32), dt)
    got = ref.copy()
    for i in range(n):
        a = rd + (first + i) * page
        a -= size if a >= base + size else 0
        if exact:
            e.copy_exact32(l1, a, ref, 1, 2 + i)
        else:
            e.copy_to_dst(l1, a, is_f32, fp32_dest, ref, 1, 2 + i, flush)
    e.copy_block(l1, rd, page, base + size, size, first, exact, is_f32, fp32_dest, got, 1, 2, n, flush)
    assert np.array_equal(got, ref)


@pytest.mark.parametrize("fp32_dest", [False, True])
@pytest.mark.parametrize("out_f32", [False, True])
@pytest.mark.parametrize("first,n", [(0, 4), (4, 4), (2, 1)])    # (4, 4) wraps the ring of 6 pages
def test_pack_block_is_pack_per_tile(fp32_dest, out_f32, first, n):
    rng = np.random.default_rng(first * 11 + n)
    dt = np.uint32 if fp32_dest else np.uint16
    dst = _random_bits(rng, 2 * 8 * 1024).astype(dt).reshape(2, 8, 32, 32)
    page = 4096 if out_f32 else 2048
    base, pages = 512, 6
    size = page * pages
    ref = np.zeros(base + size + 4096, np.uint8)
    got = ref.copy()
    wr = base + 2 * page
    e = _fast.dst_entries(dt)
    for i in range(n):
        a = wr + (first + i) * page
        a -= size if a >= base + size else 0
        e.pack(dst, 0, 3 + i, fp32_dest, out_f32, ref, a)
    e.pack_block(dst, 0, 3, n, fp32_dest, out_f32, got, wr, page, base + size, size, first)
    assert np.array_equal(got, ref)


def _matmul_run(activation=None):
    import tensix.ttnn as ttnn
    dev = ttnn.open_device(device_id=0)
    try:
        rng = np.random.default_rng(3)
        a = ttnn.from_numpy(rng.standard_normal((96, 512)).astype(np.float32), dtype=ttnn.bfloat16,
                            layout=ttnn.TILE_LAYOUT, device=dev)
        b = ttnn.from_numpy((rng.standard_normal((512, 640)) / 20).astype(np.float32), dtype=ttnn.bfloat16,
                            layout=ttnn.TILE_LAYOUT, device=dev)
        cfg = ttnn.WormholeComputeKernelConfig(math_fidelity=ttnn.MathFidelity.HiFi2, fp32_dest_acc_en=True)
        out = ttnn.matmul(a, b, compute_kernel_config=cfg) if activation is None else \
            ttnn.linear(a, b, compute_kernel_config=cfg, activation=activation)
        rec = ttnn.op_report()[-1]
        return ttnn.to_numpy(out).view(np.uint16 if out.dtype == ttnn.bfloat16 else np.uint32), rec.device_cycles
    finally:
        ttnn.close_device(dev)


@pytest.mark.parametrize("activation", [None, "silu"])
def test_pooled_dst_gather_is_the_per_core_gather(monkeypatch, activation):
    """The matmul batches move the Dst tiles of all cores through the run's Dst pool (tensix.kernel.dstpool, shared
    with the SFPU batches of a fused activation) in one fancy index; the per-core gather gives the same."""
    calls = []
    real = mb.MatmulBatch._pool_index

    def spy(self, q, uniq):
        r = real(self, q, uniq)
        calls.append(r is not None)
        return r

    monkeypatch.setattr(mb.MatmulBatch, "_pool_index", spy)
    pooled, cycles = _matmul_run(activation)
    assert calls and all(calls)
    monkeypatch.setattr(mb.MatmulBatch, "_pool_index", lambda self, q, uniq: None)
    per_core, cycles2 = _matmul_run(activation)
    assert np.array_equal(pooled, per_core) and cycles == cycles2


def test_operand_dedup_by_digest_survives_collisions(monkeypatch):
    """_Operands.tile finds equal tiles by a 64-bit digest and confirms by the bytes: with every digest colliding
    (a constant), the tiles are told apart by their bytes and the matmul gives the same numbers and time."""
    normal, cycles = _matmul_run()
    monkeypatch.setattr(mb, "_digest", lambda: (lambda l1, addr, size: 7))
    colliding, cycles2 = _matmul_run()
    assert np.array_equal(normal, colliding) and cycles == cycles2


def test_digest_reads_every_byte():
    rng = np.random.default_rng(5)
    l1 = rng.integers(0, 256, 8192, dtype=np.uint8)
    d = mb._digest()
    for size in (2048, 1088, 13, 1):
        ref = d(l1, 64, size)
        for i in range(0, size, max(1, size // 37)):
            l1[64 + i] ^= 1
            assert d(l1, 64, size) != ref
            l1[64 + i] ^= 1
        assert d(l1, 64, size) == ref
