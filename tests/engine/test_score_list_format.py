"""The complete example of docs/contracts/score-list.md is a valid, complete list."""

from __future__ import annotations

import json
import re
from pathlib import Path

from rules_engine.scorelist import check_list

DOC = Path(__file__).resolve().parents[2] / "docs" / "contracts" / "score-list.md"


def test_documented_example_is_valid_and_complete() -> None:
    block = re.search(r"```json\n(.*?)\n```", DOC.read_text(encoding="utf-8"), re.S)
    assert block is not None
    report = check_list(json.loads(block.group(1)))
    assert report["valid"] and report["complete"]
    assert [f["level"] for f in report["findings"]] == ["info", "info"]  # the two quick entries
    assert sum(report["totals"].values()) == 0
    assert report["time_limit"] == 104
    sections = [row["section"] for row in report["rows"] if "section" in row]
    assert sections.count("pflicht") == 4
