"""The cost model: loads `costs.json` (the one data file of cycle figures, each with its source).

Use `cost("riscv.cb_push_back")` for a figure; `source("...")` for its provenance. Nothing else in tensix may
hard-code a cycle count."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from tensix.errors import TensixError

_PATH = Path(__file__).with_name("costs.json")


@cache
def table() -> dict[str, dict]:
    data = json.loads(_PATH.read_text())
    data.pop("_doc", None)
    for name, entry in data.items():
        v = entry.get("value") if isinstance(entry, dict) else None
        if isinstance(v, bool) or not isinstance(v, int):
            # the clocks are integer cycle counts, and the compiled NoC/DRAM paths take them as int64
            raise TensixError(f"cost model figure {name!r} in {_PATH} is {v!r}, not an integer number of cycles "
                              "(or bytes per cycle).\nFix: round it to an integer and say so in its source.")
    return data


def cost(name: str) -> int:
    try:
        return table()[name]["value"]
    except KeyError:
        raise TensixError(f"cost model has no figure {name!r}; add it with its source to {_PATH}") from None


def source(name: str) -> str:
    return table()[name]["source"]
