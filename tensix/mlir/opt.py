"""`tensix-opt`: ttmlir-opt's 2024 command line on tensix.mlir.

    tensix-opt [--pass[="options"]]... [input.mlir | -] [-o output.mlir]

Parses the input (stdin without a file or with `-`), verifies it, runs the passes in the order given (verifying
after each, as MLIR's pass manager does) and prints the module as ttmlir-opt did. On any error the diagnostic goes
to stderr (`file:line:col: error: ...`), the exit status is 1 and no output file is written (the output is written
to a temporary file beside it and renamed only on success).
"""

from __future__ import annotations

import os
import sys
import tempfile

USAGE = """usage: tensix-opt [options] [input.mlir | -] [-o output.mlir]

Options:
  -o FILE                 write the output to FILE (default: stdout)
  --show-dialects         list the registered dialects
  --print-system-desc[=default|n150]
                          print tt-mlir's 2024 default #tt.system_desc, or the simulated n150's (tensix's own
                          Wormhole facts: 1499136 bytes of L1, 12 x 1 GiB DRAM), for --ttir-load-system-desc="path=..."
  --mlir-print-op-generic accepted for compatibility (tt ops always print generic)
  -h, --help              this text

Passes (run in the order given):
"""


def _usage() -> str:
    from tensix.mlir.passes import PASSES

    lines = [USAGE]
    for p in PASSES.values():
        lines.append(f"  --{p.name:<34}{p.summary}")
        for k, h in p.options.items():
            lines.append(f"      {k}=...{'':<{max(1, 24 - len(k))}}{h}")
    return "\n".join(lines) + "\n"


def _write_atomically(path: str, text: str) -> None:
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".tensix-opt-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        from tensix.mlir.errors import MLIRError
    except ImportError as e:
        print(f"tensix-opt: {e}", file=sys.stderr)
        return 1
    from tensix.mlir.passes import PASSES

    passes: list[tuple[str, str]] = []
    inputs: list[str] = []
    output = None
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            sys.stdout.write(_usage())
            return 0
        if a == "-o":
            if i + 1 >= len(argv):
                print("tensix-opt: error: -o needs a file name", file=sys.stderr)
                return 1
            output = argv[i + 1]
            i += 2
            continue
        if a.startswith("-o") and len(a) > 2 and not a.startswith("--"):
            output = a[2:]
        elif a == "--show-dialects":
            from tensix.mlir.ir import _dialect_list

            names = sorted(d.name for d in _dialect_list())
            print("Available Dialects: " + ",".join(names))
            return 0
        elif a.split("=", 1)[0] == "--print-system-desc":
            from tensix.mlir.asm import attr_str
            from tensix.mlir.dialects.tt import SystemDescAttr

            which = a.partition("=")[2] or "default"
            descs = {"default": SystemDescAttr.default, "n150": SystemDescAttr.wormhole_b0_n150}
            if which not in descs:
                print(f"tensix-opt: error: --print-system-desc={which}: expected default (tt-mlir's 2024 placeholder "
                      f"figures) or n150 (the simulated chip's)", file=sys.stderr)
                return 1
            print(attr_str(descs[which]()))
            return 0
        elif a in ("--mlir-print-op-generic", "-allow-unregistered-dialect", "--allow-unregistered-dialect"):
            pass
        elif a.startswith("-") and a != "-":
            name, _, opts = a.lstrip("-").partition("=")
            if name not in PASSES:
                print(f"tensix-opt: error: unknown option '{a}' (tensix-opt --help lists the passes)",
                      file=sys.stderr)
                return 1
            passes.append((name, opts.strip('"').strip("'").strip("{}")))
        else:
            inputs.append(a)
        i += 1
    if len(inputs) > 1:
        print(f"tensix-opt: error: one input file expected, got {len(inputs)}: {' '.join(inputs)}", file=sys.stderr)
        return 1
    src = inputs[0] if inputs else "-"
    try:
        text = sys.stdin.read() if src == "-" else open(src).read()
    except OSError as e:
        print(f"tensix-opt: error: could not open input file '{src}': {e.strerror}", file=sys.stderr)
        return 1
    fname = "<stdin>" if src == "-" else src
    try:
        result = run(text, passes, fname)
    except MLIRError as e:
        print(e.diagnostic, file=sys.stderr)
        return 1
    except Exception as e:  # noqa: BLE001 - a bug of tensix-opt: say so, exit non-zero, write nothing
        import traceback

        traceback.print_exc()
        print(f"{fname}: error: tensix-opt failed internally ({type(e).__name__}: {e}); this is a tensix bug, "
              f"please report it with the input", file=sys.stderr)
        return 1
    if output is None or output == "-":
        sys.stdout.write(result)
    else:
        _write_atomically(output, result)
    return 0


def run(text: str, passes: list[tuple[str, str]], filename: str = "<stdin>") -> str:
    """Parse, verify, run `passes` ([(name, options)]) and print; MLIRError on any failure."""
    from tensix.mlir.asm import print_module
    from tensix.mlir.ir import parse, verify
    from tensix.mlir.passes import run_pass

    sources = {filename: text}
    module = parse(text, filename)
    verify(module, sources)
    for name, opts in passes:
        run_pass(module, name, opts, sources)
        verify(module, sources)
    return print_module(module)


if __name__ == "__main__":
    sys.exit(main())
