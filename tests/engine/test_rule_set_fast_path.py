"""The ``score`` command's memo for summaries with a ``"rules"`` field
(rules_engine/fastscore.py ``RulesMemo``): byte for byte the full path's output."""

from __future__ import annotations

import json
import random

from rules_engine import cli
from rules_engine.fastscore import RulesMemo

PLAYERS = ["Anna", "Ben", "Cem", "Dora"]


def lines(count: int) -> list[str]:
    rng = random.Random(7)
    out = []
    for number in range(count):
        rules = rng.choice(
            ["schweinchen", "reglement-2001", "hausregeln-2024", "ravensburger-2015", "ddv"]
        )
        names = rng.sample([*PLAYERS, "Émile", "Zoë", "Ugur"], 4)
        kind = rng.choice(["normal", "solo", "normal"])
        record = {
            "id": rng.choice([number, f"g{number}", None]),
            "rules": rules,
            "players": names,
            "type": kind,
            "re": names[:2] if kind == "normal" else [names[2]],
            "re_eyes": rng.choice([60, 89, 120, 121, 151, 200]),
            "re_tricks": rng.choice([3, 5, 6, 8]),
        }
        if kind == "solo":
            record["solo"] = "buben"
        if rules == "ravensburger-2015":
            record["calls"] = rng.choice(
                [{}, {"kontra": "kontra"}, {"kontra": "kontra", "re": "re"}]
            )
            if rng.random() < 0.3:
                record["sitting_out"] = "Fünfter"
        else:
            record["calls"] = rng.choice([{}, {"re": "re"}, {"kontra": "keine90"}])
        if rng.random() < 0.1:
            record["re_eyes"] = 7  # impossible
        out.append(json.dumps(record, ensure_ascii=rng.random() < 0.5))
    return out


def test_the_rules_memo_gives_the_full_paths_lines_byte_for_byte() -> None:
    inputs = lines(1500) * 2
    memo_lines = [cli._score_line(line)[0] for line in inputs]
    full_lines = [cli._full_line(cli.score_record, line)[0] for line in inputs]
    assert memo_lines == full_lines
    # other calls of filed games were scored, and pieces shared between games
    assert cli._RULES_MEMO._by_result


def test_the_rules_memo_answers_a_known_game_without_the_full_path() -> None:
    memo = RulesMemo(cli._encode_utf8)
    first = {
        "id": 1,
        "rules": "schweinchen",
        "players": PLAYERS,
        "type": "normal",
        "re": ["Anna", "Cem"],
        "re_eyes": 130,
        "re_tricks": 6,
    }
    assert memo.line(first) is not None
    second = first | {"id": 2, "players": ["W", "X", "Y", "Z"], "re": ["X", "Y"]}
    line = memo.line(second)
    assert line is not None
    assert json.loads(line)["scores"] == {"W": -1, "X": 1, "Y": 1, "Z": -1}
    assert memo.line(first | {"strohmann": "Anna"}) is None  # names elsewhere: full path
