"""The draw answers every recorded request exactly as recorded (``tests/data/draw_corpus.jsonl``).

The corpus (made by ``tools/record_draw_corpus.py``) holds requests and the draw's response
lines: single draws for 4 to 400 players, whole tournaments drawn round by round (one seed or
a new seed each round, planned or not), withdrawals and late players, fixed tables, clubs
kept apart, the standings method and refusals. A change of any response byte fails here.
``make check`` draws a quarter of the drawn cases (every kind, every refusal), ``make test``
all of them.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from table_draw import run
from tests.support.examples import QUICK_SHARE, quick

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "data" / "draw_corpus.jsonl"


def corpus() -> list[dict[str, Any]]:
    with CORPUS.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


def checked(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The cases drawn here: all of them, or in the quick run of ``make check``
    (``tests/support/examples.py``) every refusal and every fourth drawn case of each kind,
    the first of each kind included (``make test`` draws all of them)."""
    if not quick():
        return cases
    seen: Counter[str] = Counter()
    chosen = []
    for case in cases:
        kind = case["name"].split("/")[0]
        if case["exit"] != 0 or seen[kind] % QUICK_SHARE == 0:
            chosen.append(case)
        if case["exit"] == 0:
            seen[kind] += 1
    return chosen


CASES = corpus()
CHECKED = checked(CASES)


def test_the_corpus_covers_what_it_promises() -> None:
    names = [case["name"] for case in CASES]
    assert len(names) == len(set(names))
    kinds = {name.split("/")[0] for name in names}
    assert {"single", "planned", "tournament", "unplanned", "withdrawal", "late"} <= kinds
    assert {"fixed", "clubs", "standings", "refusal", "plan seed"} <= kinds
    refused = {json.loads(case["output"])["code"] for case in CASES if case["exit"] == 1}
    assert len(refused) >= 25
    drawn = {len(json.loads(case["request"])["players"]) for case in CASES if case["exit"] == 0}
    assert {4, 5, 9, 33, 60, 64, 100, 202, 400} <= drawn
    # What is drawn here reaches every kind and every refusal.
    assert {case["name"].split("/")[0] for case in CHECKED} == kinds
    assert [case for case in CASES if case["exit"] == 1] == [
        case for case in CHECKED if case["exit"] == 1
    ]


# One test per case, so that the workers of a parallel run share the corpus's minutes.
@pytest.mark.parametrize("case", CHECKED, ids=[case["name"] for case in CHECKED])
def test_the_package_draws_what_the_module_drew(case: dict[str, Any]) -> None:
    assert run(case["request"]) == (case["output"], case["exit"])


@pytest.mark.parametrize("module", ["table_draw", "tournament.draw"])
def test_the_command_lines_answer_as_recorded(module: str) -> None:
    """The command line as a subprocess, on some cases (a byte order mark is the command line's
    to strip, so those are left out here)."""
    chosen = [
        case
        for case in CASES
        if case["name"].startswith(("withdrawal/41", "refusal/", "odd/names"))
        and not case["request"].startswith("\ufeff")
    ]
    for case in chosen[:14]:
        done = subprocess.run(
            [sys.executable, "-m", module],
            input=case["request"].encode("utf-8"),
            capture_output=True,
            cwd=ROOT,
            timeout=60,
        )
        assert (done.stdout.decode("utf-8"), done.returncode) == (case["output"], case["exit"])
        assert done.stderr == b""
