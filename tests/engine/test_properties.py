"""Property-based tests of the rules engine (hypothesis).

(a) every scored game sums to zero; (b) the even/odd rule and the solo factor of TSR 7.2.4;
(c) replaying a random legal game and scoring its summary agree; (d) a random illegal action
is rejected with the right rule and the right action number; (e) arbitrary JSON through the
command-line line handler never raises and always gives one line of JSON.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from rules_engine.cli import process_line
from rules_engine.errors import DokoError
from rules_engine.records import replay_record, score_record
from rules_engine.simulate import random_record
from tests.support.examples import examples
from tests.support.strategies import CALL_LEVELS, SOLOS, scored_as_solo, summaries

SETTINGS = settings(
    max_examples=examples(250),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
FUZZ_SETTINGS = settings(
    max_examples=examples(300),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

CARD_CODES = tuple(s + r for s in "CSHD" for r in "ATKQJ9")
ANNOUNCEMENTS = ("re", "kontra", *CALL_LEVELS)


# --------------------------------------------------------------------------- (a), (b)


@SETTINGS
@given(summaries())
def test_every_scored_game_sums_to_zero(summary: dict[str, Any]) -> None:
    result = score_record(summary)
    assert result["id"] == summary["id"]
    assert set(result["scores"]) == set(summary["players"])
    assert sum(result["scores"].values()) == 0
    assert result["winner"] in ("re", "kontra", None)
    netted = sum(points if party == "re" else -points for _, party, points in result["items"])
    assert netted == result["value"]
    assert json.loads(json.dumps(result)) == result


@SETTINGS
@given(summaries())
def test_normalspiel_parity_and_solo_factor(summary: dict[str, Any]) -> None:
    result = score_record(summary)
    scores = result["scores"]
    value = result["value"]
    re = summary["re"]
    if scored_as_solo(summary):
        (soloist,) = re
        for player in summary["players"]:
            if player != soloist:
                assert scores[soloist] == -3 * scores[player]
                assert scores[player] == -value
        assert not any(label in ("Doppelkopf", "Fuchs gefangen") for label, _, _ in result["items"])
    else:
        assert summary["type"] == "normal" or (summary["type"] == "hochzeit" and len(re) == 2)
        assert len({s % 2 for s in scores.values()}) == 1, scores
        for player in summary["players"]:
            assert scores[player] == (value if player in re else -value)


# --------------------------------------------------------------------------- (c)
SEEDS = st.integers(0, 2**32 - 1)
CALL_RATES = st.sampled_from([0.0, 0.08, 0.08, 0.3])


def legal_record(seed: int, call_rate: float = 0.08) -> dict[str, Any]:
    return random_record(random.Random(seed), f"g{seed}", call_rate)


@SETTINGS
@given(SEEDS, CALL_RATES)
def test_replay_and_score_of_its_summary_agree(seed: int, call_rate: float) -> None:
    record = legal_record(seed, call_rate)
    replayed = replay_record(record)
    summary = dict(replayed["summary"])
    assert not set(summary) & {"id", "players"}
    summary.update(id=record["id"], players=record["players"])
    scored = score_record(summary)
    assert replayed["id"] == scored["id"] == record["id"]
    assert replayed["winner"] == scored["winner"]
    assert replayed["value"] == scored["value"]
    assert replayed["scores"] == scored["scores"]
    assert sorted(map(tuple, replayed["items"])) == sorted(map(tuple, scored["items"]))
    assert sum(replayed["scores"].values()) == 0


# --------------------------------------------------------------------------- (d)
def follow_class(code: str, solo: str | None) -> str | None:
    """What a card must be followed by (TSR 2.3, 5.2): ``None`` for trump, else its suit.

    Written from the rules summary, independently of the engine's rank tables.
    """
    suit, rank = code[0], code[1]
    if solo == "damen":
        return None if rank == "Q" else suit
    if solo == "buben":
        return None if rank == "J" else suit
    if solo == "fleischlos":
        return suit
    trump_suit = {"kreuz": "C", "pik": "S", "herz": "H"}.get(solo or "", "D")
    if rank in "QJ" or code == "HT" or suit == trump_suit:
        return None
    return suit


class Walk:
    """The state before each action of a legal record, derived from the record alone."""

    def __init__(self, record: dict[str, Any]) -> None:
        self.record = record
        self.players: list[str] = record["players"]
        self.solo: str | None = record["game"].get("solo")
        self.re: set[str] = set(replay_record(record)["summary"]["re"])
        #: Per action index: (hands left, cards of the current trick, calls so far).
        self.states: list[tuple[dict[str, Counter[str]], list[str], set[str]]] = []
        hands = {p: Counter(record["hands"][p]) for p in self.players}
        trick: list[str] = []
        called: set[str] = set()
        for action in record["actions"]:
            self.states.append(
                ({p: Counter(h) for p, h in hands.items()}, list(trick), set(called))
            )
            name, what = action.split(":")
            if what in ANNOUNCEMENTS:
                called.add(self.party(name))
                continue
            hands[name][what] -= 1
            trick = [*trick, what] if len(trick) < 3 else []
        self.states.append(({p: Counter(h) for p, h in hands.items()}, list(trick), set(called)))

    def party(self, name: str) -> str:
        return "re" if name in self.re else "kontra"

    @property
    def actions(self) -> list[str]:
        return list(self.record["actions"])

    def card_plays(self) -> list[int]:
        return [i for i, a in enumerate(self.actions) if a.split(":")[1] not in ANNOUNCEMENTS]

    def with_actions(self, actions: list[str]) -> dict[str, Any]:
        return {**self.record, "actions": actions}


def rejected(record: dict[str, Any]) -> str:
    with pytest.raises(DokoError) as caught:
        replay_record(record)
    return str(caught.value)


@SETTINGS
@given(SEEDS, st.data())
def test_card_not_in_hand_is_rejected(seed: int, data: st.DataObject) -> None:
    walk = Walk(legal_record(seed))
    index = data.draw(st.sampled_from(walk.card_plays()))
    name = walk.actions[index].split(":")[0]
    hand = walk.states[index][0][name]
    card = data.draw(st.sampled_from([c for c in CARD_CODES if not hand[c]]))
    actions = walk.actions
    actions[index] = f"{name}:{card}"
    message = rejected(walk.with_actions(actions))
    assert message.startswith(f"action {index + 1}:"), message
    assert "does not hold" in message and "TSR 5.1" in message, message


@SETTINGS
@given(SEEDS, st.data())
def test_revoke_is_rejected(seed: int, data: st.DataObject) -> None:
    walk = Walk(legal_record(seed))
    candidates = []
    for index in walk.card_plays():
        hands, trick, _ = walk.states[index]
        if not trick:
            continue
        name = walk.actions[index].split(":")[0]
        led = follow_class(trick[0], walk.solo)
        held = [c for c in CARD_CODES if hands[name][c]]
        revokes = [c for c in held if follow_class(c, walk.solo) != led]
        if revokes and len(revokes) < len(held):
            candidates.append((index, name, revokes))
    assume(candidates)
    index, name, revokes = data.draw(st.sampled_from(candidates))
    actions = walk.actions
    actions[index] = f"{name}:{data.draw(st.sampled_from(revokes))}"
    message = rejected(walk.with_actions(actions))
    assert message.startswith(f"action {index + 1}:"), message
    assert "must follow" in message and "TSR 5.2.2" in message, message


@SETTINGS
@given(SEEDS, st.data())
def test_late_erstansage_is_rejected(seed: int, data: st.DataObject) -> None:
    walk = Walk(legal_record(seed))
    # In a Hochzeit the times move by up to two cards (TSR 6.4.2): stay clear of that.
    latest = 8 if walk.record["game"]["type"] == "hochzeit" else 10
    candidates = []
    for index, (hands, _, called) in enumerate(walk.states):
        if called:
            break  # an Erwiderung would be on time longer (TSR 6.4.4)
        for name in walk.players:
            if hands[name].total() <= latest:
                candidates.append((index, name))
    assume(candidates)
    index, name = data.draw(st.sampled_from(candidates))
    party = walk.party(name)
    actions = walk.actions
    actions.insert(index, f"{name}:{party}")
    message = rejected(walk.with_actions(actions))
    assert message.startswith(f"action {index + 1}:"), message
    assert "TSR 6.2.2" in message, message


@SETTINGS
@given(SEEDS, st.data())
def test_wrong_players_turn_is_rejected(seed: int, data: st.DataObject) -> None:
    walk = Walk(legal_record(seed))
    index = data.draw(st.sampled_from(walk.card_plays()))
    mover = walk.actions[index].split(":")[0]
    other = data.draw(st.sampled_from([p for p in walk.players if p != mover]))
    hand = walk.states[index][0][other]
    held = [c for c in CARD_CODES if hand[c]] or list(CARD_CODES)
    actions = walk.actions
    actions[index] = f"{other}:{data.draw(st.sampled_from(held))}"
    message = rejected(walk.with_actions(actions))
    assert message.startswith(f"action {index + 1}:"), message
    assert "turn" in message and "TSR 5.1" in message, message


# --------------------------------------------------------------------------- (e)
JSON_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=20,
)
FOUR_NAMES = st.just(["Anna", "Ben", "Cem", "Dora"])


def maybe(valid: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Mostly a plausible value of a field, sometimes anything at all."""
    return st.one_of(valid, valid, JSON_VALUES)


def _call_tokens(party: str) -> st.SearchStrategy[Any]:
    return st.sampled_from([None, party, *CALL_LEVELS, "re", "kontra", "keine 90"])


SUMMARY_SHAPED = st.fixed_dictionaries(
    {},
    optional={
        "id": JSON_VALUES,
        "players": maybe(FOUR_NAMES),
        "type": maybe(st.sampled_from(["normal", "hochzeit", "stille_hochzeit", "solo"])),
        "solo": maybe(st.sampled_from(SOLOS)),
        "pflicht": maybe(st.sampled_from([True, False, "vorgefuehrt"])),
        "re": maybe(st.lists(st.sampled_from(["Anna", "Ben", "Cem", "Dora", "Eve"]), max_size=3)),
        "re_eyes": maybe(st.integers(-10, 250)),
        "re_tricks": maybe(st.integers(-1, 13)),
        "calls": maybe(
            st.fixed_dictionaries(
                {},
                optional={"re": maybe(_call_tokens("re")), "kontra": maybe(_call_tokens("kontra"))},
            )
        ),
        "specials": maybe(
            st.dictionaries(
                st.sampled_from(["re", "kontra", "x"]),
                maybe(
                    st.dictionaries(
                        st.sampled_from(["doppelkopf", "fuchs", "karlchen", "schwein"]),
                        maybe(st.integers(-1, 13)),
                    )
                ),
            )
        ),
    },
)
GAME_SHAPED = st.fixed_dictionaries(
    {},
    optional={
        "type": maybe(st.sampled_from(["normal", "hochzeit", "stille_hochzeit", "solo"])),
        "player": maybe(st.sampled_from(["Anna", "Ben", "Cem", "Dora", "Eve"])),
        "solo": maybe(st.sampled_from(SOLOS)),
        "pflicht": maybe(st.sampled_from([True, False, "vorgefuehrt"])),
    },
)
ACTION_SHAPED = st.builds(
    "{}:{}".format,
    st.sampled_from(["Anna", "Ben", "Cem", "Dora", "Eve", ""]),
    st.sampled_from([*CARD_CODES, *ANNOUNCEMENTS, "XX", ""]),
)


@st.composite
def mutated_summaries(draw: st.DrawFn) -> dict[str, Any]:
    """A valid summary with some fields replaced by (or added as) odd values."""
    record = draw(summaries())
    fields = sorted({*record, "solo", "pflicht", "calls", "specials"})
    for field in draw(st.lists(st.sampled_from(fields), min_size=1, max_size=3, unique=True)):
        record[field] = draw(JSON_VALUES)
    return record


@st.composite
def mutated_games(draw: st.DrawFn) -> dict[str, Any]:
    """A legal game with some fields replaced by odd values."""
    record = legal_record(draw(SEEDS))
    players, hands, actions = list(record["players"]), dict(record["hands"]), record["actions"]
    for field in draw(st.lists(st.sampled_from(sorted(record)), max_size=3, unique=True)):
        if field == "game":
            record[field] = draw(maybe(GAME_SHAPED))
        elif field == "actions":
            if draw(st.booleans()):
                record[field] = draw(JSON_VALUES)
            else:  # the game cut off somewhere, then odd actions
                cut = draw(st.integers(0, len(actions)))
                record[field] = actions[:cut] + draw(st.lists(ACTION_SHAPED, max_size=6))
        elif field == "hands":
            hands[draw(st.sampled_from(players))] = draw(JSON_VALUES)
            record[field] = hands
        else:
            record[field] = draw(JSON_VALUES)
    return record


def check_output(line: str) -> None:
    try:
        record = json.loads(line)
    except ValueError:
        record = None
    for command in (score_record, replay_record):
        text, valid = process_line(command, line)
        assert isinstance(text, str) and isinstance(valid, bool)
        assert "\n" not in text and "\r" not in text
        result = json.loads(text, parse_constant=_reject_constant)
        assert isinstance(result, dict)
        assert ("error" in result) != ("value" in result), result
        assert valid == ("value" in result)
        if "error" in result:
            assert isinstance(result["error"], str) and result["error"]
        if isinstance(record, dict):  # an error line may give null (contract: "id or null")
            assert result["id"] == record.get("id") or ("error" in result and result["id"] is None)


def _reject_constant(name: str) -> Any:
    raise AssertionError(f"output is not strict JSON: {name}")


@FUZZ_SETTINGS
@given(JSON_VALUES)
def test_fuzz_any_json_value(value: Any) -> None:
    check_output(json.dumps(value))


@FUZZ_SETTINGS
@given(SUMMARY_SHAPED)
@example(  # an unhashable "solo" raised TypeError instead of giving an error line
    {
        "players": ["A", "B", "C", "D"],
        "type": "solo",
        "re": ["A"],
        "re_eyes": 0,
        "re_tricks": 0,
        "solo": [],
    }
)
def test_fuzz_summary_shaped_objects(record: dict[str, Any]) -> None:
    check_output(json.dumps(record))


@FUZZ_SETTINGS
@given(
    st.fixed_dictionaries(
        {"players": maybe(FOUR_NAMES)},
        optional={
            "id": JSON_VALUES,
            "hands": maybe(
                st.fixed_dictionaries(
                    {
                        n: st.lists(st.sampled_from(CARD_CODES), max_size=13)
                        for n in ["Anna", "Ben", "Cem", "Dora"]
                    }
                )
            ),
            "game": maybe(GAME_SHAPED),
            "actions": maybe(st.lists(ACTION_SHAPED, max_size=8)),
        },
    )
)
@example(  # an unhashable "game.solo" raised TypeError instead of giving an error line
    {
        "players": ["Anna", "Ben", "Cem", "Dora"],
        "hands": {n: [] for n in ["Anna", "Ben", "Cem", "Dora"]},
        "game": {"type": "solo", "solo": {}},
    }
)
def test_fuzz_replay_shaped_objects(record: dict[str, Any]) -> None:
    check_output(json.dumps(record))


@FUZZ_SETTINGS
@given(mutated_summaries())
def test_fuzz_mutated_valid_summaries(record: dict[str, Any]) -> None:
    check_output(json.dumps(record))


@FUZZ_SETTINGS
@given(mutated_games())
def test_fuzz_mutated_legal_games(record: dict[str, Any]) -> None:
    check_output(json.dumps(record))


@FUZZ_SETTINGS
@given(st.text(max_size=40))
def test_fuzz_any_text_line(line: str) -> None:
    check_output(line)


@FUZZ_SETTINGS
@given(
    st.text(alphabet=st.characters(codec="utf-8") | st.characters(categories=["Cs"]), max_size=6)
)
def test_fuzz_strings_with_lone_surrogates(text: str) -> None:
    """A JSON string may escape a lone surrogate (``"\\ud800"``); the output goes to a UTF-8
    stream, so it must still be encodable (the CLI crashed on it with UnicodeEncodeError)."""
    for record in ({"id": text}, {"id": 1, "players": [text, "b", "c", "d"], "type": "x"}):
        line = json.dumps(record)
        check_output(line)
        for command in (score_record, replay_record):
            process_line(command, line)[0].encode("utf-8")


def test_deeply_nested_lines_never_raise() -> None:
    """Nesting just below the decoder's limit must not break the line handler.

    The value is decoded, then shown in an error message (``repr``) or echoed as the id
    (``json`` encoding): both recurse a few frames deeper than the decoder did.
    """
    for depth in range(0, 1100, 1):
        nested = "[" * depth + "]" * depth
        for line in (
            f'{{"id": {nested}}}',
            f'{{"players": ["a", "b", "c", "d"], "type": "normal", "re": [], "re_eyes": {nested}}}',
        ):
            for command in (score_record, replay_record):
                text, _ = process_line(command, line)
                _loads_deep(text)


def _loads_deep(text: str) -> Any:
    """Parse output that may echo a deeply nested id, with room on the stack to do so."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(limit + 2000)
    try:
        return json.loads(text)
    finally:
        sys.setrecursionlimit(limit)
