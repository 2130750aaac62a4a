"""The compiled fast paths of tensix/kernel/_fast.py are bit-exact against the reference formats/fpu functions."""

import numpy as np
import pytest

from tensix.device import formats, fpu
from tensix.kernel import _fast

F16B, F32 = formats.DataFormat.Float16_b, formats.DataFormat.Float32


def random_bits(rng, n, wide):
    """Random bit patterns with many specials: zeros, denormals, exponent 255, near-overflow, ties."""
    if wide:
        b = rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32)
        exps = np.array([0, 0, 1, 254, 255, 127, 128, 100], np.uint32)
        pick = rng.integers(0, 3, n) == 0
        b[pick] = (b[pick] & np.uint32(0x807FFFFF)) | (exps[rng.integers(0, 8, pick.sum())] << 23)
        return b
    h = rng.integers(0, 2**16, n, dtype=np.uint32).astype(np.uint16)
    exps = np.array([0, 0, 1, 254, 255, 127, 128], np.uint16)
    pick = rng.integers(0, 3, n) == 0
    h[pick] = (h[pick] & np.uint16(0x807F)) | (exps[rng.integers(0, 7, pick.sum())] << 7)
    return h


def tile_bytes(rng, fmt):
    bits = random_bits(rng, 1024, fmt == F32)
    return bits.view(np.uint8).copy()


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("fmt_a,fmt_b", [(F16B, F16B), (F32, F32), (F16B, F32)])
@pytest.mark.parametrize("fp32", [False, True])
@pytest.mark.parametrize("op", ["add", "sub"])
def test_eltwise_matches_reference(seed, fmt_a, fmt_b, fp32, op):
    rng = np.random.default_rng(seed)
    ra, rb = tile_bytes(rng, fmt_a), tile_bytes(rng, fmt_b)
    a = formats.unpack_to_src(ra, fmt_a, fp32_dest=fp32)
    b = formats.unpack_to_src(rb, fmt_b, fp32_dest=fp32)
    ref = fpu.eltwise_binary(op, a, b, None, fpu.MathFidelity.HiFi4, fp32)
    out = np.zeros((32, 32), np.uint32 if fp32 else np.uint16)
    _fast.eltwise(ra, rb, fmt_a == F32, fmt_b == F32, 0 if op == "add" else 1, fp32, out)
    np.testing.assert_array_equal(out, ref)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("fmt_a,fmt_b", [(F16B, F16B), (F32, F32), (F32, F16B)])
@pytest.mark.parametrize("fp32", [False, True])
@pytest.mark.parametrize("bcast", [None, "row", "col", "scalar"])
def test_eltwise_any_matches_reference(seed, fmt_a, fmt_b, fp32, bcast):
    """_fast.eltwise_any (the broadcasts, and mul through its fidelity phases) against fpu.eltwise_binary."""
    rng = np.random.default_rng(seed)
    ra, rb = tile_bytes(rng, fmt_a), tile_bytes(rng, fmt_b)
    a = formats.unpack_to_src(ra, fmt_a, fp32_dest=fp32)
    b = formats.unpack_to_src(rb, fmt_b, fp32_dest=fp32)
    for kind, op in enumerate(("add", "sub", "mul")):
        for fid in (fpu.MathFidelity.LoFi, fpu.MathFidelity.HiFi2, fpu.MathFidelity.HiFi3, fpu.MathFidelity.HiFi4):
            ref = fpu.eltwise_binary(op, a, b, bcast, fid, fp32)
            out = np.full((32, 32), 0x5A5A, np.uint32 if fp32 else np.uint16)    # every datum must be written
            _fast.eltwise_any(ra, rb, fmt_a == F32, fmt_b == F32, kind, [None, "row", "col", "scalar"].index(bcast),
                              fpu.num_fidelity_phases(fid), fp32, out)
            np.testing.assert_array_equal(out, ref, err_msg=f"{op} {fid}")


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("fmt", [F16B, F32])
@pytest.mark.parametrize("fp32", [False, True])
def test_src_tile_matches_unpack_to_src(seed, fmt, fp32):
    raw = tile_bytes(np.random.default_rng(seed), fmt)
    out = np.full((32, 32), 0xDEADBEEF, np.uint32)
    _fast.src_tile(raw, fmt == F32, fp32, out)
    np.testing.assert_array_equal(out, formats.unpack_to_src(raw, fmt, fp32_dest=fp32).view(np.uint32))


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("fmt", [F16B, F32])
@pytest.mark.parametrize("fp32", [False, True])
@pytest.mark.parametrize("flush", [True, False], ids=["zero-flag", "preserve"])
def test_copy_matches_reference(seed, fmt, fp32, flush):
    """The compiled copy_tile against formats.copy_tile_to_dest, with the Src zero flag enabled (exponent-0 datums
    flushed to +0 by MOVA2D) and disabled (moved unchanged): they differ exactly on those datums."""
    rng = np.random.default_rng(100 + seed)
    raw = tile_bytes(rng, fmt)
    ref = formats.copy_tile_to_dest(raw, fmt, fp32_dest=fp32, flush=flush)
    out = np.zeros((32, 32), np.uint32 if fp32 else np.uint16)
    _fast.copy_to_dst(raw, fmt == F32, fp32, out, flush)
    np.testing.assert_array_equal(out, ref)
    other = formats.copy_tile_to_dest(raw, fmt, fp32_dest=fp32, flush=not flush)
    exp0 = ((ref.astype(np.uint32) << (0 if fp32 else 16)) & 0x7F800000) == 0
    np.testing.assert_array_equal(ref[~exp0], other[~exp0])


@pytest.mark.parametrize("seed", range(6))
def test_copy_unpack_to_dest_fp32_matches_reference(seed):
    rng = np.random.default_rng(200 + seed)
    raw = tile_bytes(rng, F32)
    ref = formats.copy_tile_to_dest(raw, F32, fp32_dest=True, unpack_to_dest_fp32=True)
    out = np.zeros((32, 32), np.uint32)
    _fast.copy_exact32(raw, out)
    np.testing.assert_array_equal(out, ref)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("out_fmt", [F16B, F32])
@pytest.mark.parametrize("fp32", [False, True])
def test_pack_matches_reference(seed, out_fmt, fp32):
    rng = np.random.default_rng(200 + seed)
    dst = random_bits(rng, 1024, fp32).reshape(32, 32)
    ref = formats.pack_from_dest(dst, fp32, out_fmt)
    out = np.zeros(formats.tile_size(out_fmt), np.uint8)
    _fast.pack(dst, fp32, out_fmt == F32, out)
    np.testing.assert_array_equal(out, ref)
