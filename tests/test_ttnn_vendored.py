"""tt-metal's own ttnn tests and tutorials, vendored unmodified under tests/ttnn_vendored/ (tt-metal 622c6fb9), run on
tensix: the unit tests through pytest with tensix.ttnn.pytest_plugin (tests/ttnn_vendored/pytest.ini: size cap,
expected-failures list), the tutorials through `tensix run`. Each runs in a subprocess, as a user would run it.

The cases tensix cannot run yet are listed, with their reasons, in tests/ttnn_vendored/expected_failures.py; they are
xfail only while they stop on what the list says (NotModelledError for a missing op), so a wrong number anywhere is
a failure here. MIN_PASSED is the number of cases that passed when the list was last made: fewer means a regression."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("torch")
pytest.importorskip("loguru")

ROOT = Path(__file__).resolve().parent.parent
VENDORED = ROOT / "tests" / "ttnn_vendored"
MIN_PASSED = 9880      # ~9930 on 2026-11-28 (08:05 UTC); a margin for the cases whose unseeded inputs differ with the run order


def _env():
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT)] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    return env


def _summary(text: str) -> dict:
    """pytest's closing line ("666 passed, 463 skipped, 1286 xfailed in 57.29s") as counts."""
    line = [ln for ln in text.strip().splitlines() if re.search(r"\d+ (passed|failed|error)", ln)][-1]
    return {k: int(n) for n, k in re.findall(r"(\d+) (passed|failed|errors?|skipped|xfailed|xpassed)", line)}


# pytest-xdist workers of the vendored run: it is the suite's longest test by far (most of CI's time), so it spreads
# its own cases over the cores rather than keeping one outer worker busy long after the others are done (on two cores
# the other outer worker shares them meanwhile: the same work, finished sooner)
_WORKERS = min(4, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))


def test_vendored_ttnn_unit_tests_pass_unmodified():
    proc = subprocess.run([sys.executable, "-m", "pytest", "-c", str(VENDORED / "pytest.ini"), str(VENDORED / "tests"),
                           "-q", "-p", "no:cacheprovider", "--tb=short", "-n", str(_WORKERS), "--dist", "worksteal"],
                          cwd=ROOT, env=_env(), capture_output=True, text=True, timeout=2100)
    out = proc.stdout + proc.stderr
    counts = _summary(out)
    tail = "\n".join(out.splitlines()[-60:])
    assert counts.get("failed", 0) == 0 and counts.get("error", 0) + counts.get("errors", 0) == 0, tail
    assert counts.get("passed", 0) >= MIN_PASSED, f"{counts}: fewer cases pass than when the list was made\n{tail}"
    assert counts.get("xfailed", 0) > 0 and proc.returncode == 0, tail
    if counts.get("xpassed"):
        print(f"{counts['xpassed']} listed cases pass now: delete their entries from "
              "tests/ttnn_vendored/expected_failures.py (run with --tensix-xfail-strict to see which)")


def _expected_tutorials():
    import runpy
    return runpy.run_path(str(VENDORED / "expected_failures.py"))["EXPECTED_TUTORIAL_FAILURES"]


@pytest.mark.parametrize("tutorial", sorted(p.relative_to(VENDORED).as_posix()
                                            for p in (VENDORED / "tutorials").rglob("*.py")))
def test_vendored_tutorial_runs_with_tensix_run(tutorial):
    proc = subprocess.run([sys.executable, "-m", "tensix.cli", "run", str(VENDORED / tutorial)],
                          cwd=ROOT, env=_env(), capture_output=True, text=True, timeout=600)
    expected = _expected_tutorials().get(tutorial)
    if expected is None:
        assert proc.returncode == 0, proc.stderr[-4000:]
    elif proc.returncode == 0:
        print(f"{tutorial} runs now: delete its EXPECTED_TUTORIAL_FAILURES entry ({expected})")
    else:
        assert proc.returncode == 1, proc.stderr[-4000:]
        assert "uses something tensix does not model" in proc.stderr, proc.stderr[-4000:]
