"""Instruction-level tile throughput (issue 16): Tensix instructions per second through the whole tile (push,
MOP / Replay expanders, Wait Gate, Sync, ThCon, Configuration Unit) and words per second out of the MOP
expander alone (Tile(execute=False), template 0 and template 1).

Prints one JSON line: tile_instr_per_s (one thread), tile_instr_per_s_three_threads (three threads taking turns),
the same per CPU second (steadier when other processes share the machine), mop_words_per_s (the better of the
two templates), and the counts.
Usage: python benchmarks/tile_throughput.py [--instructions 100000] [--repeat 3]
"""

import argparse
import json
import platform
import time

from tensix.tile import Tile, ops


def whole_tile(n, threads=1):
    """ThCon, Sync and Configuration instructions pushed to `threads` threads (each its own semaphore)."""
    total = 0
    tile = Tile()
    t0, c0 = time.perf_counter(), time.process_time()
    for t in range(threads):
        body = [ops.TT_OP_ADDDMAREG(1, 5, 1, 5), ops.TT_OP_SETDMAREG(0, 7, 0, 4), ops.TT_OP_SEMPOST(1 << t),
                ops.TT_OP_SEMGET(1 << t), ops.TT_OP_SETC16(1, 3)]
        program = body * (n // len(body) // threads)
        tile.push(t, program)
        total += len(program)
    tile.run()
    tile.profile()  # the clocks: time is accounted when it is read (tensix.tile.timing)
    dt, dc = time.perf_counter() - t0, time.process_time() - c0
    assert sum(tile.executed(t) for t in range(threads)) == total
    return total, dt, dc


def mop_expander(n, template):
    tile = Tile(execute=False)
    if template == 1:
        cfg = [127, 127, ops.TT_OP_NOP, ops.TT_OP_DMANOP, ops.TT_OP_NOP, ops.TT_OP_DMANOP, ops.TT_OP_NOP,
               ops.TT_OP_DMANOP, ops.TT_OP_DMANOP]
        mop, per = ops.TT_OP_MOP(1, 0, 0), 127 * 127
    else:
        cfg = [0, 3, *[ops.TT_OP_DMANOP] * 7]
        mop, per = ops.TT_OP_MOP(0, 127, 0x5555), 128 * 5 - 64 * 3
    for i, v in enumerate(cfg):
        tile.mmio_write("T0", 0xFFB80000 + 4 * i, v)
    mops = max(1, n // per)
    t0 = time.perf_counter()
    tile.push(0, [mop] * mops)
    dt = time.perf_counter() - t0
    return len(tile.issued(0)), dt


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--instructions", type=int, default=100_000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    best = lambda f, *a: min((f(*a) for _ in range(args.repeat)), key=lambda r: r[1] / r[0])  # noqa: E731
    n_tile, t_tile, c_tile = best(whole_tile, args.instructions)
    n_three, t_three, c_three = best(whole_tile, args.instructions, 3)
    mop = [best(mop_expander, args.instructions * 10, t) for t in (0, 1)]
    print(json.dumps({
        "tile_instructions": n_tile, "tile_instr_per_s": round(n_tile / t_tile),
        "tile_instr_per_s_three_threads": round(n_three / t_three),
        "tile_instr_per_cpu_s": round(n_tile / c_tile), "tile_instr_per_cpu_s_three_threads": round(n_three / c_three),
        "mop_words": [m[0] for m in mop], "mop_words_per_s": round(max(m[0] / m[1] for m in mop)),
        "mop_words_per_s_by_template": [round(m[0] / m[1]) for m in mop],
        "targets": {"tile_instr_per_s": 1_000_000, "mop_words_per_s": 5_000_000},
        "python": platform.python_version(),
    }))


if __name__ == "__main__":
    main()
