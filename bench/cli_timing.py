"""Timing one end-to-end run of ``python -m rules_engine COMMAND`` (shared by the benchmarks)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def time_cli(command: str, source: Path, target: Path, jobs: int | None) -> float:
    """Pipe ``source`` through the command line into ``target``; return the wall time in
    seconds (interpreter start included). A failed run stops the benchmark."""
    options = [] if jobs is None else ["--jobs", str(jobs)]
    with source.open("rb") as stdin, target.open("wb") as stdout:
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "rules_engine", command, *options],
            stdin=stdin,
            stdout=stdout,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            check=False,
        )
        elapsed = time.perf_counter() - start
    if done.returncode != 0 or done.stderr:
        raise SystemExit(
            f"{command}: exit status {done.returncode}\n"
            f"{done.stderr.decode('utf-8', 'replace')[-2000:]}"
        )
    return elapsed
