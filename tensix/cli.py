"""The `tensix` command."""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import pathlib
import sys
import time


def _load_function(spec: str):
    """`path/to/file.py:name` or `package.module:name` -> the function."""
    target, _, name = spec.rpartition(":")
    if not target or not name:
        raise SystemExit(f"tensix: expected FILE.py:FUNCTION or MODULE:FUNCTION, got {spec!r}")
    if target.endswith(".py"):
        path = pathlib.Path(target)
        if not path.exists():
            raise SystemExit(f"tensix: no such file {target}")
        mod_spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(mod_spec)
        sys.modules[path.stem] = module
        mod_spec.loader.exec_module(module)
    else:
        module = importlib.import_module(target)
    try:
        return getattr(module, name)
    except AttributeError:
        raise SystemExit(f"tensix: {target} has no function {name!r}") from None


def _parse_arg(text: str):
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    if text in ("true", "True"):
        return True
    if text in ("false", "False"):
        return False
    return text


def cmd_listing(args) -> int:
    import tensix.sfpi as sfpi

    fn = _load_function(args.function)
    fargs = [_parse_arg(a) for a in args.args]
    text = sfpi.listing(fn, *fargs)
    print(text)
    n = len(text.splitlines())
    print(f"; {n} instructions", file=sys.stderr)
    return 0


def cmd_info(args) -> int:
    from tensix import arch

    rows = [(f.name, f.value, f.source) for f in arch.FACTS.values()]
    if args.json:
        print(json.dumps({name: value for name, value, _ in rows}, default=str))
        return 0
    width = max(len(r[0]) for r in rows)
    for name, value, source in rows:
        print(f"{name:<{width}}  {value!s:<24}  {source}")
    return 0


def cmd_demo(args) -> int:
    """Seed 000's accuracy story on the bit-exact SFPU: exp_21f vs exp_24f, and the sine routine."""
    import numpy as np

    import tensix.sfpi as sfpi
    from tensix.sfpi import lib

    rng = np.random.default_rng(args.seed)
    x = rng.uniform(-10.0, 0.0, (args.tiles, 32, 32)).astype(np.float32)
    ref = np.exp(x.astype(np.float64))
    print(f"tensix demo: {args.tiles} tiles of 32x32 float32 through the simulated Wormhole SFPU")
    print(f"{'routine':<10} {'max rel err':>12} {'SFPU cycles/tile':>17} {'wall s':>8}")
    report = {}
    for variant in ("exp_21f", "exp_24f"):
        t = time.perf_counter()
        r = sfpi.map_tiles(lib.exp_tile, x, variant)
        wall = time.perf_counter() - t
        rel = float(np.max(np.abs(r.tiles - ref) / ref))
        report[variant] = rel
        print(f"{variant:<10} {rel:>12.3e} {r.cycles / args.tiles:>17.0f} {wall:>8.2f}")
    xs = rng.uniform(-np.pi, np.pi, (args.tiles, 32, 32)).astype(np.float32)
    t = time.perf_counter()
    r = sfpi.map_tiles(lib.sin_tile, xs)
    wall = time.perf_counter() - t
    err = float(np.max(np.abs(r.tiles - np.sin(xs.astype(np.float64)))))
    print(f"{'sin':<10} {err:>12.3e} {r.cycles / args.tiles:>17.0f} {wall:>8.2f}   (max abs err)")
    ratio = report["exp_21f"] / report["exp_24f"]
    print(f"exp_24f is {ratio:.0f}x more accurate than exp_21f (seed 000: the fix for RoPE's large angles)")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="tensix", description="The Tenstorrent Wormhole stack, simulated.")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("demo", help="exp_21f vs exp_24f and sine on the bit-exact SFPU (seed 000's story)")
    p.add_argument("--tiles", type=int, default=64)
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(func=cmd_demo)

    p = sub.add_parser("listing", help="print the SFPU assembly an SFPI function compiles to")
    p.add_argument("function", help="FILE.py:FUNCTION or MODULE:FUNCTION")
    p.add_argument("args", nargs="*", help="arguments (numbers become runtime inputs)")
    p.set_defaults(func=cmd_listing)

    p = sub.add_parser("info", help="Wormhole facts used by the simulator, with their sources")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_info)

    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
