"""ttnn.prod (tensix.ttnn.operations.prod), as tt-metal 622c6fb9 runs it.

- Over dim 0 or 1 the ProdNc program multiplies the tiles one by one (mul_tiles: the input tile in SrcA, the running
  product in SrcB, HiFi4, 16-bit Dst): checked bit for bit against the same chain of tensix.device.fpu.eltwise_binary
  calls, starting from the ones tile the reader makes.
- Over H or W ttnn permutes the dim to the front, runs the same program and permutes back: bit for bit the dim-0
  product of the permuted tensor, and within a bound of the float64 product.
- Over everything, one tile: the program copies the tile and the host multiplies its 1024 values in storage order
  (faces 0-3, row by row) as bfloat16, each product of the floats rounded to nearest even (an independent loop here).
Tile padding never counts: it is filled with 1.0 first (the tests set it to 0.0, which would annihilate a product)."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.device import fpu
from tensix.errors import NotModelledError


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


RNG = np.random.default_rng(11)


def _bf16(x):
    return (np.asarray(x, np.float32).view(np.uint32) & np.uint32(0xFFFF0000)).view(np.float32)


def _tensor(device, x, layout=ttnn.TILE_LAYOUT, pad=0.0):
    t = ttnn.from_numpy(np.asarray(x, np.float32), dtype=ttnn.bfloat16, layout=layout, device=device)
    return ttnn.fill_implicit_tile_padding(t, pad) if layout == ttnn.TILE_LAYOUT else t


def _tiles(a4):
    """(N, C, H, W) padded values -> (N, C, Ht, Wt, 32, 32) tiles."""
    n, c, h, w = a4.shape
    return a4.reshape(n, c, h // 32, 32, w // 32, 32).transpose(0, 1, 2, 4, 3, 5)


def _fpu_chain(tiles):
    """prod_nc.cpp's per-tile chain: d = mul(x_0, ones), then d = mul(x_j, d) (in0 = SrcA, the product SrcB)."""
    d = np.ones(tiles.shape[1:], np.float32)
    for x in tiles:
        bits = fpu.eltwise_binary("mul", x.reshape(-1, 32, 32), d.reshape(-1, 32, 32), None, "HiFi4", False)
        d = (bits.astype(np.uint32) << 16).view(np.float32).reshape(d.shape)
    return d


@pytest.mark.parametrize("shape,dim", [((3, 2, 40, 70), 0), ((3, 2, 40, 70), 1), ((5, 33, 64), 0), ((2, 7, 1, 3), 1)])
def test_prod_nc_bit_exact(device, shape, dim):
    x = _bf16(RNG.uniform(0.5, 1.5, shape) * RNG.choice([-1, 1], shape))
    t = _tensor(device, x)
    got = ttnn.to_numpy(ttnn.prod(t, dim=dim, keepdim=True))
    pad = (4 - len(shape)) * (1,)
    full = ttnn.to_numpy(ttnn.fill_implicit_tile_padding(t, 1.0))          # the values the program reads
    padded = np.ones(tuple(pad) + tuple(t.padded_shape), np.float32)
    padded[(...,) + tuple(slice(0, s) for s in full.shape[-2:])] = full.reshape(tuple(pad) + full.shape)
    d4 = dim + len(pad)
    moved = np.moveaxis(_tiles(padded), d4, 0)                 # (reduced dim, the other of N / C, Ht, Wt, 32, 32)
    want = np.expand_dims(_fpu_chain(moved), d4)
    n, c, ht, wt = want.shape[:4]
    want = want.transpose(0, 1, 2, 4, 3, 5).reshape(n, c, ht * 32, wt * 32)
    want = want[..., :shape[-2], :shape[-1]].reshape(got.shape)
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("dim", [-1, -2, 2, 3])
def test_prod_h_w_through_permutes(device, dim):
    """H / W: the permuted tensor's dim-0 product, permuted back; and near the float64 product: each HiFi4 product
    rounds four fidelity phases into the 16-bit Dst (about 0.6 BF16 ulp of spread, 0.05 of bias), so over these 40-70
    factors the results scatter by about 2 % (RMS at most 3 %, none past 10 %)."""
    shape = (1, 3, 40, 70)
    x = _bf16(RNG.uniform(0.8, 1.25, shape))
    t = _tensor(device, x)
    got = ttnn.to_numpy(ttnn.prod(t, dim=dim, keepdim=True))
    order = (2, 0, 1, 3) if dim in (2, -2) else (3, 0, 1, 2)
    moved = ttnn.to_numpy(ttnn.prod(ttnn.permute(t, order), dim=0, keepdim=True))
    np.testing.assert_array_equal(got, np.transpose(moved, np.argsort(order)))
    ref = np.prod(ttnn.to_numpy(t).astype(np.float64), axis=dim, keepdims=True)
    assert got.shape == ref.shape
    rel = (got - ref) / np.abs(ref)
    assert np.sqrt(np.mean(rel ** 2)) <= 0.03 and np.max(np.abs(rel)) <= 0.10


def _face_order_product(tile):
    out = np.float32(1.0)
    for f in range(4):
        r0, c0 = 16 * (f // 2), 16 * (f % 2)
        for r in range(16):
            for c in range(16):
                p = np.float32(float(out) * float(tile[r0 + r, c0 + c]))
                u = int(p.view(np.uint32))
                out = np.uint32((((u + 0x7FFF + ((u >> 16) & 1)) >> 16) & 0xFFFF) << 16).view(np.float32)
    return out


@pytest.mark.parametrize("shape", [(3, 10), (32, 32), (1, 1, 5, 7)])
@pytest.mark.parametrize("layout", [ttnn.TILE_LAYOUT, ttnn.ROW_MAJOR_LAYOUT])
def test_prod_all_one_tile(device, shape, layout):
    x = _bf16(RNG.uniform(0.7, 1.4, shape))
    t = _tensor(device, x, layout)
    out = ttnn.prod(t)
    assert tuple(out.shape) == ()
    tile = np.ones((32, 32), np.float32)
    tile[:shape[-2], :shape[-1]] = x.reshape(shape[-2], shape[-1])
    assert ttnn.to_numpy(out) == _face_order_product(tile)
    kept = ttnn.prod(t, keepdim=True)
    assert tuple(kept.shape) == (1,) * len(shape) and ttnn.to_numpy(kept).item() == ttnn.to_numpy(out).item()


def test_prod_row_major_dim(device):
    x = _bf16(RNG.uniform(0.7, 1.4, (2, 3, 20, 45)))
    rm, tiled = _tensor(device, x, ttnn.ROW_MAJOR_LAYOUT), _tensor(device, x)
    np.testing.assert_array_equal(ttnn.to_numpy(ttnn.prod(rm, dim=1)), ttnn.to_numpy(ttnn.prod(tiled, dim=1)))


def test_refusals(device):
    t = _tensor(device, np.ones((6, 3, 60), np.float32))
    with pytest.raises(NotModelledError, match="race"):
        ttnn.prod(t)                                    # prod_all.cpp reads c_2 without waiting
    with pytest.raises(ttnn.TTNNError, match="out of range"):
        ttnn.prod(t, dim=3)
    f32 = ttnn.from_numpy(np.ones((4, 4), np.float32), dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT, device=device)
    with pytest.raises(ttnn.DTypeError, match="BFLOAT16"):
        ttnn.prod(f32, dim=0)
