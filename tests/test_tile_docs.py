"""docs/tile_instructions.md is current and says what the Tile does; examples/tile/ run; the tile benchmark
prints its JSON line (figures not asserted)."""

import json
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

import tensix
from tensix.tile import Tile, isa, ops, status
from tensix.tile._tables import ENCODINGS

ROOT = Path(__file__).resolve().parents[1]


def test_instruction_page_is_current():
    assert (ROOT / "docs" / "tile_instructions.md").read_text() == status.markdown()


def _word(name):
    if name in ("LOADREG", "STOREREG"):
        return isa.encode(name, RegAddr=0x4800)  # 0xFFB12000: above the RISC-V local memories
    return isa.encode(name)


@pytest.mark.parametrize("name", sorted(n for n in ENCODINGS if isa.UNIT[n] not in ("mop", "replay")))
def test_status_is_what_the_tile_does(name):
    st, _ = status.status(name)
    tile = Tile()
    if name == "SFPPOPC":  # Mod1=0 pops: on an empty flag stack that is undefined behaviour (SFPPOPC.md)
        tile.push(0, [isa.encode("SFPPUSHC")])
        tile.run()
    tile.push(0, [_word(name)])
    if st == status.NOT_MODELLED:
        with pytest.raises(tensix.NotModelledError):
            tile.run()
    elif st == status.EXECUTED:
        tile.run()  # an all-zero-operand word runs (or waits) without NotModelledError
        assert tile.executed(0) == 1 + (name == "SFPPOPC") or tile.blocked() == [0]


@pytest.mark.parametrize("example", sorted((ROOT / "examples" / "tile").glob("*.py")), ids=lambda p: p.name)
def test_example_runs(example, capsys):
    runpy.run_path(str(example), run_name="__main__")
    assert capsys.readouterr().out


def test_benchmark_prints_one_json_line():
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "tile_throughput.py"), "--instructions", "3000",
                          "--repeat", "1"], capture_output=True, text=True, check=True, timeout=300).stdout
    lines = out.strip().splitlines()
    assert len(lines) == 1
    r = json.loads(lines[0])
    assert r["tile_instructions"] == 3000 and r["tile_instr_per_s"] > 0 and r["mop_words_per_s"] > 0
    assert r["tile_instr_per_s_three_threads"] > 0 and r["targets"]["tile_instr_per_s"] == 1_000_000

