"""ttnn.embedding (tt-metal 622c6fb9's EmbeddingsRMProgramFactory, EmbeddingsFusedProgramFactory and
EmbeddingsTilizedIndicesProgramFactory) against numpy indexing of the weights: uint32 and bfloat16 indices, row-major
and tiled indices (several tiles per row, rows of at most a face), row-major and tiled outputs, PADDED and BINARY
types, ranks 1 and 2, dtype on tiled output, and the card's quirks the kernels carry (PADDED with tiled or bfloat16
indices), errors."""

import numpy as np
import pytest

import tensix
import tensix.ttnn as ttnn


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


RNG = np.random.default_rng(5)


def _case(device, ishape, vocab, dim, idt=ttnn.uint32, ilayout=ttnn.ROW_MAJOR_LAYOUT,
          wlayout=ttnn.ROW_MAJOR_LAYOUT):
    idx = RNG.integers(0, vocab, ishape)
    w = RNG.standard_normal((vocab, dim))
    ti = ttnn.from_numpy(idx, dtype=idt, layout=ilayout, device=device)
    tw = ttnn.from_numpy(w, dtype=ttnn.bfloat16, layout=wlayout, device=device)
    return idx, ti, tw, ttnn.to_numpy(tw)


def _program():
    return [r.program for r in ttnn.op_report() if r.op == "ttnn.embedding"][-1]


@pytest.mark.parametrize("idt", [ttnn.uint32, ttnn.bfloat16])
def test_row_major_output(device, idt):
    for ishape, vocab, dim in [((2, 40), 100, 48), ((70,), 100, 8), ((3, 7), 250, 1), ((1, 33), 5, 96)]:
        idx, ti, tw, w = _case(device, ishape, vocab, dim, idt)
        y = ttnn.embedding(ti, tw)
        assert _program() == "embeddings_rm" and y.layout == ttnn.ROW_MAJOR_LAYOUT and y.dtype == ttnn.bfloat16
        np.testing.assert_array_equal(ttnn.to_numpy(y), w[idx], err_msg=str(ishape))


def test_tiled_output_fused(device):
    idx, ti, tw, w = _case(device, (3, 64), 300, 96)
    y = ttnn.embedding(ti, tw, layout=ttnn.TILE_LAYOUT)
    assert _program() == "embeddings_fused" and y.layout == ttnn.TILE_LAYOUT and tuple(y.shape) == (3, 64, 96)
    np.testing.assert_array_equal(ttnn.to_numpy(y), w[idx])
    # tiled weights: untilized first, tiled output by default
    _, _, twt, _ = _case(device, (3, 64), 300, 96, wlayout=ttnn.TILE_LAYOUT)
    y = ttnn.embedding(ti, twt)
    assert _program() == "embeddings_fused" and y.layout == ttnn.TILE_LAYOUT
    np.testing.assert_array_equal(ttnn.to_numpy(y), ttnn.to_numpy(twt)[idx])
    # a tiled result in another dtype goes through ttnn.typecast
    y = ttnn.embedding(ti, tw, layout=ttnn.TILE_LAYOUT, dtype=ttnn.float32)
    assert y.dtype == ttnn.float32
    np.testing.assert_array_equal(ttnn.to_numpy(y), w[idx].astype(np.float32))
    # not tile-aligned: the row-major program, then to_layout
    idx2, ti2, tw2, w2 = _case(device, (2, 40), 100, 64)
    y = ttnn.embedding(ti2, tw2, layout=ttnn.TILE_LAYOUT)
    assert y.layout == ttnn.TILE_LAYOUT
    np.testing.assert_array_equal(ttnn.to_numpy(y), w2[idx2])


@pytest.mark.parametrize("idt", [ttnn.uint32, ttnn.bfloat16])
def test_tiled_indices(device, idt):
    for ishape in [(2, 64), (3, 40), (3, 10), (9, 70), (17, 64), (33, 16), (40, 10)]:
        idx, ti, tw, w = _case(device, ishape, 200, 64, idt, ilayout=ttnn.TILE_LAYOUT)
        y = ttnn.embedding(ti, tw)
        assert _program() == "embeddings_tilized_indices"
        np.testing.assert_array_equal(ttnn.to_numpy(y), w[idx], err_msg=str(ishape))


def test_padded_and_binary(device):
    idx, ti, tw, w = _case(device, (2, 40), 100, 48)
    np.testing.assert_array_equal(ttnn.to_numpy(ttnn.embedding(ti, tw, padding_idx=int(idx[0, 0]))), w[idx])
    idx, ti, tw, w = _case(device, (2, 64), 100, 64)
    y = ttnn.embedding(ti, tw, padding_idx=3, layout=ttnn.TILE_LAYOUT)
    np.testing.assert_array_equal(ttnn.to_numpy(y), w[idx])
    idx, ti, tw, w = _case(device, (2, 64), 2, 64)
    y = ttnn.embedding(ti, tw, embeddings_type=ttnn.EmbeddingsType.BINARY)
    np.testing.assert_array_equal(ttnn.to_numpy(y), w[idx])


def test_card_quirks_carried(device):
    """Behaviour of tt-metal's kernels that tensix reproduces:
    - PADDED with tiled indices: the reader reads a whole index tile into c_1 (512 bytes), over the pad-row cache in
      c_2 that follows it, so tokens equal to its pad token (runtime arg 6, not the factory's 7) get the clobbered
      row;
    - embedding_ind_tilized's walk: when a core's rows cross face row 16 of the index tiles, it continues at face 1
      row 0 (offset - 16 * 15), not face 2 (tt-metal's tests use at most 9 rows);
    - PADDED with bfloat16 indices takes the raw index bits as the row (the PADDED branch precedes the BFP16 one)."""
    idx, ti, tw, w = _case(device, (2, 64), 100, 64, ilayout=ttnn.TILE_LAYOUT)
    idx[:, :] = RNG.integers(1, 100, idx.shape)
    idx[0, 5] = 0
    ti = ttnn.from_numpy(idx, dtype=ttnn.uint32, layout=ttnn.TILE_LAYOUT, device=device)
    y = ttnn.to_numpy(ttnn.embedding(ti, tw, padding_idx=3))
    others = np.ones(idx.shape, bool)
    others[0, 5] = False
    np.testing.assert_array_equal(y[others], w[idx][others])
    assert not np.array_equal(y[0, 5], w[0])
    idx, ti, tw, w = _case(device, (40, 70), 200, 32, ilayout=ttnn.TILE_LAYOUT)
    y = ttnn.to_numpy(ttnn.embedding(ti, tw))
    np.testing.assert_array_equal(y[:16], w[idx[:16]])
    assert not np.array_equal(y[16], w[idx[16]])
    idx = RNG.integers(1, 9, (1, 32))
    w = RNG.standard_normal((17000, 32))
    tw = ttnn.from_numpy(w, dtype=ttnn.bfloat16, device=device)
    tib = ttnn.from_numpy(idx, dtype=ttnn.bfloat16, device=device)
    raw = (idx.astype(np.float32).view(np.uint32) >> 16).astype(np.int64)
    y = ttnn.to_numpy(ttnn.embedding(tib, tw, padding_idx=3))
    np.testing.assert_array_equal(y, ttnn.to_numpy(tw)[raw])


def test_errors(device):
    idx, ti, tw, w = _case(device, (2, 40), 100, 48)
    i32 = ttnn.from_numpy(idx, dtype=ttnn.int32, device=device)
    with pytest.raises(ttnn.TTNNError, match="UINT32 or BFLOAT16"):
        ttnn.embedding(i32, tw)
    wf = ttnn.from_numpy(w, dtype=ttnn.float32, device=device)
    with pytest.raises(ttnn.TTNNError, match="BFLOAT16 dtype"):
        ttnn.embedding(ti, wf)
    with pytest.raises(ttnn.TTNNError, match="2 embeddings for BINARY"):
        ttnn.embedding(ti, tw, embeddings_type=ttnn.EmbeddingsType.BINARY)
    with pytest.raises(ttnn.TTNNError, match="Pad token must be specified"):
        ttnn.embedding(ti, tw, embeddings_type=ttnn.EmbeddingsType.PADDED)
    _, ti64, tw64, _ = _case(device, (2, 64), 100, 64)
    with pytest.raises(ttnn.TTNNError, match="Can only typecast"):
        ttnn.embedding(ti64, tw64, dtype=ttnn.float32)
    sh = ttnn.create_sharded_memory_config((32, 48), ttnn.CoreGrid(x=1, y=1), ttnn.ShardStrategy.HEIGHT)
    with pytest.raises(tensix.NotModelledError, match="sharded"):
        ttnn.embedding(ti, tw, memory_config=sh)
