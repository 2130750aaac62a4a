"""Any stream of instruction words, pushed from any core and run on the tile, either runs or raises a
TensixError subclass (NotModelledError, UndefinedBehaviourError, TileError, ...): never a Python error."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import tensix
from tensix.tile import Tile, isa
from tensix.tile._tables import ENCODINGS

EXECUTED = sorted(n for n in ENCODINGS if isa.UNIT[n] in ("mop", "replay", "sync", "scalar", "config", "nop"))


@st.composite
def word(draw):
    if draw(st.integers(0, 9)) == 0:
        return draw(st.integers(0, 0xFFFFFFFF))  # anything at all
    name = draw(st.sampled_from(EXECUTED))
    return (ENCODINGS[name][0] << 24) | draw(st.integers(0, 0xFFFFFF))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2), st.booleans(), st.lists(word(), max_size=12)), max_size=6),
       st.integers(0, 2**32 - 1))
def test_random_words_run_or_raise_tensix_errors(pushes, seed):
    tile = Tile()
    rng = np.random.default_rng(seed)
    for t in range(3):
        tile.gpr(t)[:] = rng.integers(0, 2**32, 64) & np.uint32(rng.choice([0xFFFF, 0xFFFFFFFF]))
    try:
        for thread, from_b, words in pushes:
            tile.push(thread, words, core="B" if from_b else None)
            tile.run()
        for t in range(3):
            if tile.blocked():
                assert tile.wait_reason(t) is None or isinstance(tile.wait_reason(t), str)
    except tensix.TensixError as e:
        assert str(e)
