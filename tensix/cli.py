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


_MODES = {"normal": 0, "neox": 2, "mrope": 8, "vision": 24, "imrope": 40}


def _rope_mode(text: str) -> int:
    t = text.strip().lower()
    if t in _MODES:
        return _MODES[t]
    try:
        return int(t)
    except ValueError:
        raise argparse.ArgumentTypeError(f"mode is one of {', '.join(_MODES)} or a number, not {text!r}") from None


def _rope_sections(mode: int, n_dims: int):
    """Default sections: Qwen2-VL's split (t 1/4, h 3/8, w 3/8 of the pairs) for MROPE/IMROPE; VISION halves."""
    if not mode & 8:
        return None
    if mode == 24:
        n = n_dims
        return [n // 2, n - n // 2, 0, 0]
    n = n_dims // 2
    hw = 3 * n // 8
    return [n - 2 * hw, hw, hw, 0]


class _Progress:
    """A progress bar on stderr for long runs (updated at most every 1%)."""

    def __init__(self, label: str, enabled: bool):
        self.label, self.enabled, self.last = label, enabled, -1

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        pct = done * 100 // max(total, 1)
        if pct == self.last:
            return
        self.last = pct
        bar = "#" * (pct // 4) + "." * (25 - pct // 4)
        print(f"\r{self.label} [{bar}] {pct:3d}% ({done}/{total} tile rows)", end="", file=sys.stderr, flush=True)
        if done >= total:
            print(file=sys.stderr, flush=True)


def cmd_rope(args) -> int:
    """GGML RoPE as reader/compute/writer kernels on the simulated Wormhole, checked against GGML's CPU op."""
    import numpy as np

    import tensix.metalium as tm
    from tensix.errors import TensixError
    from tensix.ggml import MODE_NAMES, rope_ext
    from tensix.ggml.rope_device import rope_device

    mode = args.mode
    n_dims = args.n_dims if args.n_dims is not None else (args.head_dim // 2 if mode == 24 else args.head_dim)
    rng = np.random.default_rng(args.seed)
    if args.dtype == "bfloat16":  # device only: GGML's RoPE takes float32/float16
        import ml_dtypes

        dtype = np.dtype(ml_dtypes.bfloat16)
    else:
        dtype = np.dtype(args.dtype)
    a = rng.uniform(-1.0, 1.0, (args.tokens, args.heads, args.head_dim)).astype(dtype)
    n_pos = 4 * args.tokens if mode & 8 else args.tokens
    pos = rng.integers(0, max(args.max_pos, 1), n_pos).astype(np.int32)
    kw = dict(n_dims=n_dims, mode=mode, sections=_rope_sections(mode, n_dims) if mode in MODE_NAMES else None)
    blocks = args.tokens * -(-args.heads // 32)
    progress = _Progress("tensix rope", blocks >= 256 and not args.quiet)
    dev = tm.CreateDevice(0)
    try:
        t = time.perf_counter()
        out = rope_device(a, pos, device=dev, variant=args.variant, cores=args.cores, progress=progress,
                          zones=bool(args.trace), **kw)
        wall = time.perf_counter() - t
        run = dev.profiler.last_run()
        t = time.perf_counter()
        if dtype.name == "bfloat16":
            # GGML has no bfloat16 RoPE: the reference is its float32 op, rounded to bfloat16 like the result
            ref = rope_ext(a.astype(np.float32), pos, **kw).astype(dtype)
        else:
            ref = rope_ext(a, pos, **kw)
        ref_wall = time.perf_counter() - t
    except TensixError as e:
        print(f"tensix rope: {e}", file=sys.stderr)
        return 2
    finally:
        tm.CloseDevice(dev)
    r64, o64 = ref.astype(np.float64), out.astype(np.float64)
    err = np.abs(o64 - r64)
    denom = float((r64 ** 2).sum())
    nmse = float((err ** 2).sum() / denom) if denom > 0 else float((err ** 2).sum())
    result = {
        "mode": MODE_NAMES.get(mode, str(mode)), "variant": args.variant, "dtype": dtype.name,
        "shape": [args.tokens, args.heads, args.head_dim], "n_dims": n_dims, "max_pos": args.max_pos,
        "cores": args.cores, "max_abs_err": float(err.max()) if err.size else 0.0, "nmse": nmse,
        "pass_rate": float((err <= 0.1).mean()) if err.size else 1.0,
        "meets_ggml_tolerance": nmse <= 1e-7,
        "device_cycles": int(run.duration_cycles), "device_us": run.duration_cycles / 1e3,
        "wall_s": wall, "reference_wall_s": ref_wall,
    }
    if args.trace:
        run.to_perfetto(args.trace)
        result["trace"] = args.trace
    if args.plot:
        _rope_plot(args.plot, err, pos, mode, args.tokens, result)
        result["plot"] = args.plot
    if args.json:
        print(json.dumps(result))
    else:
        print(f"tensix rope: {result['mode']} {args.variant} {dtype.name} tokens={args.tokens} heads={args.heads} "
              f"head_dim={args.head_dim} n_dims={n_dims} positions<{args.max_pos} on {args.cores} cores")
        print(f"  vs GGML CPU reference: max abs err {result['max_abs_err']:.3e}, NMSE {nmse:.3e} "
              f"({'meets' if result['meets_ggml_tolerance'] else 'exceeds'} GGML's 1e-7), "
              f"{100 * result['pass_rate']:.2f}% of elements within 0.1")
        print(f"  simulated device: {run.duration_cycles} cycles = {result['device_us']:.1f} us at 1 GHz")
        print(f"  wall: simulation {wall:.2f} s, numpy reference {ref_wall:.3f} s")
        for key in ("trace", "plot"):
            if key in result:
                print(f"  wrote {result[key]}")
    return 0 if (args.variant != "accurate" or result["meets_ggml_tolerance"]) else 1


def _rope_plot(path, err, pos, mode, n_tokens, result) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    tok_pos = pos[:n_tokens]  # MROPE family: the t section's position
    per_tok = err.reshape(n_tokens, -1).max(axis=1)
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4))
    nz = err[err > 0]
    if nz.size:
        ax1.hist(np.log10(nz), bins=60)
    ax1.set_xlabel("log10 |device - reference|")
    ax1.set_ylabel("elements")
    ax1.set_title(f"error distribution ({(err == 0).mean() * 100:.1f}% exact)")
    ax2.scatter(tok_pos, per_tok, s=4)
    ax2.set_xlabel("position" + (" (t section)" if mode & 8 else ""))
    ax2.set_ylabel("max abs error of the token")
    ax2.set_yscale("log" if per_tok.max() > 0 else "linear")
    ax2.set_title("error vs position")
    fig.suptitle(f"tensix rope {result['mode']} {result['variant']}: NMSE {result['nmse']:.2e}")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def cmd_run(args) -> int:
    """Run a ttnn script unmodified: `import ttnn` (and ttnn.device, ttnn.operations...) resolves to tensix.ttnn."""
    import runpy
    import traceback

    from tensix.errors import NotModelledError
    from tensix.ttnn import compat

    compat.install()
    if args.module:
        target = args.module
        argv0 = target
    else:
        if args.script is None:
            print("tensix run: give a script (tensix run script.py [args]) or -m module", file=sys.stderr)
            return 2
        path = pathlib.Path(args.script)
        if not path.is_file():
            print(f"tensix run: no such file {args.script}", file=sys.stderr)
            return 2
        target = str(path)
        argv0 = str(path)
    old_argv, old_path = sys.argv, list(sys.path)
    sys.argv = [argv0, *args.args]
    if not args.module:
        sys.path.insert(0, str(pathlib.Path(target).resolve().parent))
    code = 0
    try:
        if args.module:
            runpy.run_module(target, run_name="__main__", alter_sys=True)
        else:
            runpy.run_path(target, run_name="__main__")
    except SystemExit as e:
        if e.code is None:
            code = 0
        elif isinstance(e.code, int):
            code = e.code
        else:
            print(e.code, file=sys.stderr)
            code = 1
    except KeyboardInterrupt:
        code = 130
    except BaseException as e:  # noqa: BLE001 -- reported like Python's own top level, then a tensix line
        traceback.print_exc()
        if isinstance(e, NotModelledError):
            print(f"tensix run: {argv0} uses something tensix does not model: {str(e).splitlines()[0]}",
                  file=sys.stderr)
        code = 1
    finally:
        sys.argv = old_argv
        sys.path[:] = old_path
    _run_reports(args)
    return code


def _run_reports(args) -> None:
    """The per-op report of everything the script ran, as asked by --op-report / --op-report-csv / --trace."""
    from tensix.ttnn import report

    if args.op_report:
        print(report.format_op_report(), file=sys.stderr)
    if args.op_report_csv:
        report.op_report_csv(args.op_report_csv)
        print(f"tensix run: wrote {args.op_report_csv}", file=sys.stderr)
    if args.trace:
        report.op_trace(args.trace)
        print(f"tensix run: wrote {args.trace}", file=sys.stderr)


def cmd_disasm(args) -> int:
    """Disassemble Tensix instruction words (tensix.tile.isa), or .ttinsn RISC-V words with --riscv."""
    from tensix.tile import TileError, isa

    tokens = args.words or sys.stdin.read().split()
    try:
        words = [int(t, 16) if not t.lower().startswith("0b") else int(t, 2) for t in tokens]
        if args.riscv:
            words = [isa.from_riscv_stream(w) for w in words]
        print(isa.listing(words, names="isa" if args.isa else "ckernel"))
    except (ValueError, TileError) as e:
        print(f"tensix disasm: {e}", file=sys.stderr)
        return 1
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

    p = sub.add_parser("disasm", help="disassemble Tensix instruction words (hex; stdin if none given)")
    p.add_argument("words", nargs="*", help="32-bit words in hex (0x optional)")
    p.add_argument("--riscv", action="store_true", help="the words are .ttinsn RISC-V instructions (rotated by two)")
    p.add_argument("--isa", action="store_true", help="field names of the ISA pages instead of ckernel_ops.h's")
    p.set_defaults(func=cmd_disasm)

    p = sub.add_parser("info", help="Wormhole facts used by the simulator, with their sources")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_info)

    p = sub.add_parser("rope", help="GGML RoPE as kernels on the simulated chip, checked against GGML's CPU op")
    p.add_argument("--tokens", type=int, default=64)
    p.add_argument("--heads", type=int, default=32)
    p.add_argument("--head-dim", type=int, default=128)
    p.add_argument("--n-dims", type=int, default=None, help="rotated dims (default head-dim; VISION head-dim/2)")
    p.add_argument("--mode", type=_rope_mode, default=2, help="normal, neox, mrope, vision, imrope or a number")
    p.add_argument("--max-pos", type=int, default=4096, help="positions are drawn from [0, max-pos)")
    p.add_argument("--variant", choices=("accurate", "exp_21f", "exp_24f"), default="accurate")
    p.add_argument("--dtype", choices=("float32", "float16", "bfloat16"), default="float32",
                   help="bfloat16 is device-only (checked against GGML's float32 op rounded to bfloat16)")
    p.add_argument("--cores", type=int, default=64)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--trace", metavar="OUT.json", help="write a Perfetto trace of the device run")
    p.add_argument("--plot", metavar="ERR.png", help="plot the error distribution and error vs position")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_rope)

    p = sub.add_parser("run", help="run a ttnn script unmodified: `import ttnn` is tensix.ttnn on the simulated chip",
                       description="Runs SCRIPT (or -m MODULE) with `import ttnn` resolved to tensix.ttnn through "
                                   "sys.modules; tensix's options go before the script, the script's own after it.")
    p.add_argument("-m", dest="module", metavar="MODULE", help="run a module (as python -m) instead of a script")
    p.add_argument("--op-report", action="store_true", help="print the per-op device-time report on stderr at exit")
    p.add_argument("--op-report-csv", metavar="OUT.csv", help="write the per-op report as tt-metal's ops perf CSV")
    p.add_argument("--trace", metavar="OUT.json", help="write a Perfetto trace of the ops the script ran")
    p.add_argument("script", nargs="?", help="the script (python file) to run")
    p.add_argument("args", nargs=argparse.REMAINDER, help="the script's arguments")
    p.set_defaults(func=cmd_run)

    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
