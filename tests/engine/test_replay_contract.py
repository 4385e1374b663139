"""The `replay` command of docs/contracts/game-records.md, via replay_record and the CLI.

The hand-made game below is the Normalspiel of tests/support/deals.py with announcements;
its result is worked out by hand. Random legal games come from rules_engine.simulate and are
mutated into illegal ones whose first bad action is known.
"""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rules_engine import DokoError, replay_record, score_record
from rules_engine.findings import Code
from rules_engine.simulate import random_record
from tests.support.deals import NAMES, NORMAL, NORMAL_TRICKS, card_plays

ROOT = Path(__file__).resolve().parents[2]
Record = dict[str, Any]


# The NORMAL deal of tests/support/deals.py as record hands: name -> card codes.
HANDS = {name: [card.code for card in hand] for name, hand in zip(NAMES, NORMAL, strict=True)}
# Trick winners: Anna Anna Anna Ben Ben Anna Anna Anna Anna Anna Ben Cem
# (see tests/support/deals.py).
CARD_PLAYS = card_plays(NORMAL_TRICKS)
# Anna: Re with 12 cards; Ben: Kontra with 12; Anna: keine 90 with 11.
ACTIONS = [
    "Anna:re",
    CARD_PLAYS[0],
    "Ben:kontra",
    CARD_PLAYS[1],
    "Anna:keine90",
    *CARD_PLAYS[2:],
]


def full_game(record_id: str = "g1") -> Record:
    return {
        "id": record_id,
        "players": list(NAMES),
        "hands": copy.deepcopy(HANDS),
        "game": {"type": "normal"},
        "actions": list(ACTIONS),
    }


# Re (Anna, Cem) 161 Augen in 9 tricks; keine 90 needs 151: Re wins. Kontra 79.
EXPECTED_ITEMS = [
    ["gewonnen", "re", 1],
    ["unter 90 gespielt", "re", 1],
    ["Re angesagt", "re", 2],
    ["Kontra angesagt", "re", 2],
    ["keine 90 abgesagt", "re", 1],
    ["Doppelkopf", "re", 1],  # trick 1: CA CT CA CT = 42
    ["Fuchs gefangen", "re", 1],  # trick 6: Dora's Karo As won by Anna
    ["Karlchen", "re", 1],  # trick 12 won by Cem's Kreuz Bube
]
EXPECTED_SUMMARY = {
    "type": "normal",
    "re": ["Anna", "Cem"],
    "re_eyes": 161,
    "re_tricks": 9,
    "calls": {"re": "keine90", "kontra": "kontra"},
    "specials": {
        "re": {"doppelkopf": 1, "fuchs": 1, "karlchen": 1},
        "kontra": {"doppelkopf": 0, "fuchs": 0, "karlchen": 0},
    },
}


def specials(summary: Record) -> dict[str, dict[str, int]]:
    """Specials with missing keys as 0 (the contract allows leaving them out)."""
    given = summary.get("specials") or {}
    return {
        party: {k: (given.get(party) or {}).get(k, 0) for k in ("doppelkopf", "fuchs", "karlchen")}
        for party in ("re", "kontra")
    }


def check_full_game(out: Record) -> None:
    assert out["id"] == "g1"
    assert "error" not in out
    assert out["winner"] == "re"
    assert out["value"] == 10
    assert out["scores"] == {"Anna": 10, "Ben": -10, "Cem": 10, "Dora": -10}
    assert sorted(map(tuple, out["items"])) == sorted(map(tuple, EXPECTED_ITEMS))
    summary = out["summary"]
    for key in ("type", "re", "re_eyes", "re_tricks", "calls"):
        assert summary[key] == EXPECTED_SUMMARY[key], key
    assert specials(summary) == EXPECTED_SUMMARY["specials"]


def test_replay_full_legal_game() -> None:
    """A legal game gives winner, value, scores, items and the derived summary (contract)."""
    check_full_game(replay_record(full_game()))


def test_replay_stille_hochzeit_is_found_from_the_hands() -> None:
    """Anna holds both CQ in a "normal" game: stille Hochzeit, scored as a solo (TSR 4.4.5).

    Anna alone wins tricks 1-3 and 6-10: 151 Augen; gewonnen 1, unter 90 1 = 2, Anna x3.
    """
    record = full_game("stille")
    record["hands"]["Anna"][record["hands"]["Anna"].index("HQ")] = "CQ"
    record["hands"]["Cem"][record["hands"]["Cem"].index("CQ")] = "HQ"
    cards = [a.replace("Anna:HQ", "Anna:CQ").replace("Cem:CQ", "Cem:HQ") for a in CARD_PLAYS]
    record["actions"] = cards
    out = replay_record(record)
    assert out["summary"]["type"] == "stille_hochzeit"
    assert out["summary"]["re"] == ["Anna"]
    assert (out["summary"]["re_eyes"], out["summary"]["re_tricks"]) == (151, 8)
    assert specials(out["summary"])["re"] == {"doppelkopf": 0, "fuchs": 0, "karlchen": 0}
    assert (out["winner"], out["value"]) == ("re", 2)
    assert out["scores"] == {"Anna": 6, "Ben": -2, "Cem": -2, "Dora": -2}


def test_replay_summary_scores_the_same() -> None:
    """The summary fed to `score` gives the same result as the replay (contract)."""
    out = replay_record(full_game())
    again = score_record({"id": "g1", "players": list(NAMES), **out["summary"]})
    assert {k: again[k] for k in ("id", "winner", "value", "scores")} == {
        k: out[k] for k in ("id", "winner", "value", "scores")
    }
    assert sorted(map(tuple, again["items"])) == sorted(map(tuple, out["items"]))


# --------------------------------------------------------------------------- illegal records


def with_actions(actions: list[Any], record_id: str) -> Record:
    record = full_game(record_id)
    record["actions"] = actions
    return record


def with_hand(name: str, hand: list[Any], record_id: str) -> Record:
    record = full_game(record_id)
    record["hands"][name] = hand
    return record


def with_game(game: Any, record_id: str) -> Record:
    record = full_game(record_id)
    record["game"] = game
    return record


def replaced(index: int, action: Any) -> list[Any]:
    actions = list(ACTIONS)
    actions[index] = action
    return actions


def inserted(index: int, *actions: Any) -> list[Any]:
    return [*ACTIONS[:index], *actions, *ACTIONS[index:]]


ANNA = HANDS["Anna"]

# id -> (record, how the error must start, words it must contain)
BAD: dict[str, tuple[Record, str, list[str]]] = {
    # 7th action is Dora's first card: Kreuz was led and she holds CT, C9
    "must-follow": (
        with_actions(replaced(6, "Dora:SA"), "must-follow"),
        "action 7: Dora must follow Kreuz (TSR 5.2.2)",
        [],
    ),
    "out-of-turn": (
        with_actions(["Ben:CT", *ACTIONS], "out-of-turn"),
        "action 1:",
        ["Ben", "TSR 5.1"],
    ),
    "not-in-hand": (
        with_actions(replaced(1, "Anna:DA"), "not-in-hand"),
        "action 2:",
        ["Anna", "DA", "TSR 5.1"],
    ),
    # after trick 4 (16 cards, 3 calls) Cem holds 8 cards; keine 60 needs 9
    "late-absage": (
        with_actions(inserted(19, "Cem:keine60"), "late-absage"),
        "action 20:",
        ["Cem", "TSR 6.3.4"],
    ),
    "kontra-says-re": (
        with_actions(inserted(0, "Dora:re"), "kontra-says-re"),
        "action 1:",
        ["Dora", "TSR 6.2"],
    ),
    "repeated-call": (
        with_actions(inserted(1, "Cem:re"), "repeated-call"),
        "action 2:",
        ["Cem", "TSR 6.4.7"],
    ),
    # two illegal actions: the first one is reported
    "first-of-two": (
        with_actions(inserted(4, "Dora:re", "Zoe:CA"), "first-of-two"),
        "action 5:",
        ["Dora"],
    ),
    "after-the-end": (
        with_actions([*ACTIONS, "Cem:CA"], "after-the-end"),
        f"action {len(ACTIONS) + 1}:",
        ["Cem"],
    ),
    "unknown-player": (
        with_actions(inserted(0, "Zoe:CA"), "unknown-player"),
        "action 1:",
        ["Zoe"],
    ),
    "no-colon": (with_actions(replaced(1, "AnnaCA"), "no-colon"), "action 2:", []),
    "space": (with_actions(replaced(1, "Anna CA"), "space"), "action 2:", []),
    "empty-what": (with_actions(replaced(1, "Anna:"), "empty-what"), "action 2:", []),
    "empty-name": (with_actions(replaced(1, ":CA"), "empty-name"), "action 2:", []),
    "bad-card": (with_actions(replaced(1, "Anna:C10"), "bad-card"), "action 2:", ["C10"]),
    "lower-card": (with_actions(replaced(1, "Anna:ca"), "lower-card"), "action 2:", []),
    "bad-call": (with_actions(replaced(0, "Anna:Re!"), "bad-call"), "action 1:", []),
    "number": (with_actions(replaced(1, 17), "number"), "action 2:", []),
    "null": (with_actions(replaced(1, None), "null"), "action 2:", []),
    "too-few-cards": (with_actions(ACTIONS[:-1], "too-few-cards"), "actions", ["47"]),
    "no-cards": (with_actions([], "no-cards"), "actions", ["0 of 48"]),
    "actions-not-list": (with_actions("Anna:CA", "actions-not-list"), "actions", []),
    "card-three-times": (
        with_hand("Anna", [c if c != "CK" else "CA" for c in ANNA], "card-three-times"),
        "hands",
        ["TSR 2.2"],
    ),
    "eleven-cards": (with_hand("Anna", ANNA[:-1], "eleven-cards"), "hands", ["Anna"]),
    "thirteen-cards": (with_hand("Anna", [*ANNA, "CA"], "thirteen-cards"), "hands", ["Anna"]),
    "unknown-code": (with_hand("Anna", ["XX", *ANNA[1:]], "unknown-code"), "hands", ["XX"]),
    "hand-not-list": (with_hand("Anna", "CA CK", "hand-not-list"), "hands", ["Anna"]),
    "hochzeit-without-cq": (
        with_game({"type": "hochzeit", "player": "Ben"}, "hochzeit-without-cq"),
        "game.player",
        ["Ben", "TSR 4.4"],
    ),
    "hochzeit-one-cq": (
        with_game({"type": "hochzeit", "player": "Anna"}, "hochzeit-one-cq"),
        "game.player",
        ["Anna"],
    ),
    "stille-explicit": (
        with_game({"type": "stille_hochzeit"}, "stille-explicit"),
        "game.type",
        [],
    ),
    "unknown-type": (with_game({"type": "armut"}, "unknown-type"), "game.type", []),
    "solo-unnamed": (
        with_game({"type": "solo", "player": "Ben"}, "solo-unnamed"),
        "game.solo",
        [],
    ),
    "solo-unknown-player": (
        with_game({"type": "solo", "solo": "damen", "player": "Zoe"}, "solo-unknown-player"),
        "game.player",
        [],
    ),
}


def check_error(error: str, start: str, contains: list[str]) -> None:
    assert error.startswith(start), error
    for part in contains:
        assert part in error, (part, error)


@pytest.mark.parametrize("key", list(BAD))
def test_replay_record_errors(key: str) -> None:
    """Each bad record raises an error naming the field or action and the rule (contract)."""
    record, start, contains = BAD[key]
    with pytest.raises(DokoError) as info:
        replay_record(copy.deepcopy(record))
    check_error(str(info.value), start, contains)


def test_replay_hands_missing_a_player() -> None:
    """Every player needs a hand (contract: hands, TSR 2.2)."""
    record = full_game()
    del record["hands"]["Dora"]
    with pytest.raises(DokoError, match=r"^hands"):
        replay_record(record)


# --------------------------------------------------------------------------- random games

SEEDS = range(40)


@pytest.fixture(scope="module")
def random_games() -> list[Record]:
    return [random_record(random.Random(seed), f"r{seed}") for seed in SEEDS]


def card_indices(record: Record) -> list[int]:
    """Indices of the card plays among the actions."""
    return [
        i
        for i, action in enumerate(record["actions"])
        if action.split(":")[1] not in ("re", "kontra", "keine90", "keine60", "keine30", "schwarz")
    ]


def test_random_games_replay_and_rescore(random_games: list[Record]) -> None:
    """Simulated legal games replay cleanly; their summary scores the same (contract)."""
    for record in random_games:
        out = replay_record(copy.deepcopy(record))
        assert "error" not in out
        assert sum(out["scores"].values()) == 0
        assert len(card_indices(record)) == 48
        again = score_record({"id": out["id"], "players": record["players"], **out["summary"]})
        assert (again["winner"], again["value"], again["scores"]) == (
            out["winner"],
            out["value"],
            out["scores"],
        )


def mutations(record: Record) -> list[tuple[Record, str, list[str]]]:
    """Illegal variants of a legal game, each with the error it must give."""
    actions = record["actions"]
    cards = card_indices(record)
    result = []

    first, second = cards[0], cards[1]
    swapped = list(actions)
    swapped[first], swapped[second] = actions[second], actions[first]
    intruder = actions[second].split(":")[0]
    result.append(({**record, "actions": swapped}, f"action {first + 1}:", [intruder, "TSR 5.1"]))

    name, _ = actions[first].split(":")
    all_codes = [s + r for s in "CSHD" for r in "ATKQJ9"]
    foreign = next(c for c in all_codes if c not in record["hands"][name])
    changed = list(actions)
    changed[first] = f"{name}:{foreign}"
    result.append(
        ({**record, "actions": changed}, f"action {first + 1}:", [name, foreign, "TSR 5.1"])
    )

    result.append(({**record, "actions": actions[:-1]}, "actions", ["47 of 48"]))
    result.append(({**record, "actions": actions[: cards[20]]}, "actions", ["20 of 48"]))
    result.append(
        ({**record, "actions": [*actions, f"{name}:CA"]}, f"action {len(actions) + 1}:", [name])
    )
    renamed = list(actions)
    renamed[cards[5]] = "Zoe:" + actions[cards[5]].split(":")[1]
    result.append(({**record, "actions": renamed}, f"action {cards[5] + 1}:", ["Zoe"]))

    calls = [i for i in range(len(actions)) if i not in set(cards)]
    if calls:
        i = calls[0]
        repeated = [*actions[: i + 1], actions[i], *actions[i + 1 :]]
        who = actions[i].split(":")[0]
        result.append(({**record, "actions": repeated}, f"action {i + 2}:", [who, "TSR 6.4.7"]))
    return result


def test_random_games_mutated(random_games: list[Record]) -> None:
    """The first illegal action of a mutated legal game is reported by number (contract)."""
    repeats = 0
    for record in random_games:
        for bad, start, contains in mutations(record):
            with pytest.raises(DokoError) as info:
                replay_record(copy.deepcopy(bad))
            check_error(str(info.value), start, contains)
            repeats += "TSR 6.4.7" in contains
    assert repeats > 0  # some simulated games have announcements


# --------------------------------------------------------------------------- command line


def run_cli(lines: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules_engine", "replay"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        check=False,
    )


@pytest.fixture(scope="module")
def cli_mixed() -> tuple[subprocess.CompletedProcess[str], list[Record]]:
    lines = [json.dumps(full_game()), ""]
    for record, _, _ in BAD.values():
        lines += [json.dumps(record), "   "]
    lines.append("{not json")
    lines.append(json.dumps(full_game("last")))
    done = run_cli(lines)
    return done, [json.loads(line) for line in done.stdout.splitlines()]


def test_cli_one_line_per_non_blank_line(
    cli_mixed: tuple[subprocess.CompletedProcess[str], list[Record]],
) -> None:
    """One JSON object per non-blank input line, in order; exit 1 when any line failed."""
    done, outputs = cli_mixed
    assert done.returncode == 1
    assert done.stderr == ""
    ids = [out["id"] for out in outputs]
    assert ids == ["g1", *BAD, None, "last"]


def test_cli_full_game(cli_mixed: tuple[subprocess.CompletedProcess[str], list[Record]]) -> None:
    """The CLI gives the same result as replay_record for a legal game."""
    _, outputs = cli_mixed
    check_full_game(outputs[0])
    assert outputs[-1]["value"] == 10
    assert outputs[0] == replay_record(full_game())


@pytest.mark.parametrize("key", list(BAD))
def test_cli_error_lines(
    cli_mixed: tuple[subprocess.CompletedProcess[str], list[Record]], key: str
) -> None:
    """Each bad line gives {"id", "error", "code"} naming the field or action and the rule."""
    _, outputs = cli_mixed
    out = next(o for o in outputs if o["id"] == key)
    assert list(out) == ["id", "error", "code"]
    assert Code(out["code"]).section is not None
    _, start, contains = BAD[key]
    check_error(out["error"], start, contains)


def test_cli_bad_json_line(
    cli_mixed: tuple[subprocess.CompletedProcess[str], list[Record]],
) -> None:
    """A line that is not JSON gives an error with id null (contract)."""
    _, outputs = cli_mixed
    assert outputs[-2] == {"id": None, "error": outputs[-2]["error"], "code": "line_not_json"}
    assert outputs[-2]["id"] is None


def test_cli_all_valid_exit_0(random_games: list[Record]) -> None:
    """Exit status 0 when every line is valid; outputs match replay_record."""
    done = run_cli([json.dumps(r) for r in random_games[:10]])
    assert done.returncode == 0
    assert done.stderr == ""
    outputs = [json.loads(line) for line in done.stdout.splitlines()]
    assert outputs == [replay_record(copy.deepcopy(r)) for r in random_games[:10]]
