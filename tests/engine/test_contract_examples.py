"""The verified examples of docs/contracts/score-examples.jsonl, through the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "contracts" / "score-examples.jsonl"


def _examples() -> list[dict[str, object]]:
    return [json.loads(line) for line in EXAMPLES.read_text(encoding="utf-8").splitlines() if line]


@pytest.fixture(scope="module")
def cli_output() -> list[dict[str, object]]:
    text = "\n".join(json.dumps(ex["input"]) for ex in _examples()) + "\n"
    done = subprocess.run(
        [sys.executable, "-m", "rules_engine", "score"],
        input=text,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    assert done.stderr == ""
    assert done.returncode == 1  # ex8 is an error line
    return [json.loads(line) for line in done.stdout.splitlines()]


@pytest.mark.parametrize(
    "index", range(len(_examples())), ids=lambda i: _examples()[i]["input"]["id"]
)
def test_contract_example(cli_output: list[dict[str, object]], index: int) -> None:
    expect = _examples()[index]["expect"]
    got = cli_output[index]
    assert got["id"] == expect["id"]
    if "error" in expect:
        assert got == expect
        return
    assert (got["winner"], got["value"], got["scores"]) == (
        expect["winner"],
        expect["value"],
        expect["scores"],
    )
    assert sorted(map(tuple, got["items"])) == sorted(map(tuple, expect["items"]))
