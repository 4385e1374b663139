"""The engine's findings in German (tournament/texts/findings.py), worded from data.

Every code has a German template whose placeholders are the code's parameters; every
sentence names the TSR section of its finding; and for a corpus of real findings the German
is the one the app showed before, when it rewrote the English sentences with regular
expressions (tests/data/german_findings.json, recorded from that translator, so the table
keeps its value now that the translator is gone).
"""

from __future__ import annotations

import json
import random
import string
from pathlib import Path
from typing import Any

import pytest

from rules_engine import simulate
from rules_engine.calls import Party
from rules_engine.cards import Suit
from rules_engine.errors import DokoError
from rules_engine.findings import Code, Finding, JsonValue, Player
from rules_engine.game import Game, GameSpec
from rules_engine.gametypes import GameType
from rules_engine.records import replay_record
from rules_engine.scorelist import game_entry
from rules_engine.table_list import EntryKind, TableList
from tests.support.deals import NORMAL
from tests.support.findings import sample_parameters
from tournament.texts import german, german_error
from tournament.texts.findings import GERMAN

DATA = Path(__file__).resolve().parents[1] / "data" / "german_findings.json"
NAMES = {
    "101": "Anna Albers",
    "102": "Ben Becker",
    "103": "Cem Çelik",
    "104": "Dora Dietz",
    "105": "Emil Engel",
}

#: A plausible value for every parameter name of the English templates, typed as the
#: A value for every parameter name of the English templates, typed as the engine gives it.
SAMPLE: dict[str, Any] = sample_parameters("101", "102")
#: Where one code's parameter differs in type or meaning from the sample.
OVERRIDES: dict[Code, dict[str, Any]] = {
    Code.SITTING_OUT_POINTS: {"points": 2},
    Code.SOLO_UNKNOWN: {"field": "solo"},
    Code.SOLO_FOR_NON_SOLO: {"field": "solo"},
    Code.PFLICHT_FOR_NON_SOLO: {"field": "pflicht", "game_type": GameType.NORMAL},
    Code.PFLICHT_UNKNOWN: {"field": "pflicht"},
    Code.PARTIES_NOT_OBJECT: {"field": "calls"},
    Code.PARTY_KEY_UNKNOWN: {"field": "specials"},
    Code.CALL_UNKNOWN: {"field": "calls.re", "choices": ("re", "keine90")},
    Code.SONDERPUNKTE_NOT_OBJECT: {"field": "specials.kontra"},
    Code.SONDERPUNKT_UNKNOWN: {"field": "specials.re"},
    Code.NOT_A_TABLE_PLAYER: {"field": "dealer", "value": JsonValue.of("999")},
    Code.POINTS_PER_PLAYER: {"field": "points"},
    Code.POINT_NOT_WHOLE: {"field": "points", "value": JsonValue.of(2.5)},
    Code.SITS_OUT: {"field": "offender"},
    Code.SOLO_RE_SIZE: {"game_type": GameType.SOLO},
    Code.SPEC_NEEDS_PLAYER: {"game_type": GameType.SOLO},
    Code.MUST_FOLLOW: {"led": None},
    Code.DETAILS_NOT_KIND: {"kind": EntryKind.VORFUEHRUNG},
}


def placeholders(template: str) -> set[str]:
    """The parameter names a template uses (``{kind.ein}`` uses ``kind``)."""
    names = set()
    for _, field, _, _ in string.Formatter().parse(template):
        if field:
            names.add(field.split(".")[0].split("[")[0])
    return names


def sample(code: Code, **context: Any) -> Finding:
    """A finding of ``code`` with plausible parameters, in the order of its template."""
    values = SAMPLE | OVERRIDES.get(code, {})
    params = [(name, values[name]) for name in _ordered(code.template)]
    return Finding(code, tuple(params)).with_context(**context)


def _ordered(template: str) -> list[str]:
    seen: list[str] = []
    for _, field, _, _ in string.Formatter().parse(template):
        if field:
            name = field.split(".")[0].split("[")[0]
            if name not in seen:
                seen.append(name)
    return seen


def test_every_code_has_a_german_template() -> None:
    assert set(GERMAN) == set(Code)
    assert all(GERMAN[code].strip() for code in Code)


@pytest.mark.parametrize("code", list(Code), ids=lambda code: code.value)
def test_placeholders_are_parameters_of_the_code(code: Code) -> None:
    assert placeholders(GERMAN[code]) <= placeholders(code.template)


@pytest.mark.parametrize("code", list(Code), ids=lambda code: code.value)
def test_the_german_names_the_tsr_section(code: Code) -> None:
    finding = sample(code)
    text = german(finding.to_data(), NAMES)
    assert text and "{" not in text.replace('{"type"', "")
    if code is Code.DETAILS_IMPOSSIBLE:
        # the finding inside names the rule that the details break
        assert text.endswith("(TSR 2.2)")
    elif code is Code.NO_WINNER_MARKED:
        assert text.endswith("(TSR 7.1.3)")
    elif code.section is not None:
        assert f"(TSR {code.cite or code.section})" in text
        assert f"TSR {code.section}" in text
    else:
        assert "TSR" not in text
    for key, name in NAMES.items():
        if key in finding.message:
            assert key not in text.replace("(TSR", "")
            assert name in text


def test_an_overridden_section_is_named() -> None:
    finding = Finding.of(Code.NOT_WHOLE_NUMBER, "9", field="absagen", value=JsonValue.of("x"))
    assert german(finding.to_data()) == 'Absagen: "x" ist keine ganze Zahl (TSR 9)'
    late = Finding.of(Code.PENALTY_POINTS_DIFFER, "9.4", **_points())
    assert german(late.to_data(), NAMES).endswith("(TSR 9.4)")


def _points() -> dict[str, Any]:
    return {"written": SAMPLE["written"], "points": SAMPLE["points"]}


def test_prefixes_and_parameters() -> None:
    data = sample(Code.MUST_FOLLOW, action=17).to_data()
    assert german(data, NAMES) == "Spielzug 17: Anna Albers muss Trumpf bedienen (TSR 5.2.2)"
    data = Finding.of(Code.MUST_FOLLOW, player=Player("101"), led=Suit.KREUZ).to_data()
    assert german(data) == "101 muss Kreuz bedienen (TSR 5.2.2)"
    data = sample(Code.GAME_POINTS_DIFFER, game=3, entry=4).to_data()
    assert german(data, NAMES) == (
        "Eintrag 4: Auf der Liste steht Anna Albers +3, Ben Becker -1, das Spiel ergibt aber "
        "Anna Albers +2, Ben Becker -2 (TSR 7.2)"
    )
    data = sample(Code.CARD_NOT_HELD).to_data()
    assert german(data, NAMES) == "Anna Albers hat Kreuz Dame nicht auf der Hand (TSR 5.1)"
    data = sample(Code.NOT_A_TABLE_PLAYER, entry=2).to_data()
    data["params"]["value"] = {"json": '"102"'}
    assert german(data, NAMES) == 'Eintrag 2: Geber: "Ben Becker" ist kein Spieler dieses Tisches'
    data = sample(Code.ABSAGE_LATE).to_data()
    assert german(data, NAMES) == (
        "Anna Albers sagt keine 90 mit 9 Karten auf der Hand; dafür sind mindestens 10 nötig "
        "(Hochzeit: 1 weniger, TSR 6.4.2) (TSR 6.3.4)"
    )
    data = Finding.of(
        Code.ANSAGE_LATE, player=Player("102"), party=Party.KONTRA, cards=1, need=11, shift=0
    ).to_data()
    assert german(data, NAMES) == (
        "Ben Becker sagt Kontra mit 1 Karte auf der Hand; die Erstansage verlangt mindestens 11 "
        "(TSR 6.2.2, 6.4.4)"
    )
    data = sample(Code.EYES_ABOVE_TRICKS).to_data()
    data["params"]["tricks"] = 1
    assert german(data) == (
        "Augen von Re: 130 Augen sind mit 1 Stich unmöglich: in 1 Stich passen höchstens 44 "
        "(TSR 2.2)"
    )


def test_german_error_says_the_game_when_the_english_does() -> None:
    keys = ("101", "102", "103", "104")
    table = TableList(keys)
    entry = game_entry(
        {"kind": "game", "dealer": "102", "type": "normal", "quick": True,
         "points": {"101": 1, "102": 1, "103": -1, "104": -1}, "winners": ["101", "102"]},
        table,
    )  # fmt: skip
    with pytest.raises(DokoError) as raised:
        table.verify_game(entry)
    assert str(raised.value).startswith("game 1: ")
    assert german_error(raised.value, NAMES) == (
        "Spiel 1: Ben Becker ist als Geber angegeben, aber Anna Albers gibt dieses Spiel "
        "(TSR 3.3.1)"
    )


TABLE: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
CASES: list[dict[str, Any]] = TABLE["cases"]


def test_the_regression_table_covers_the_codes() -> None:
    codes = {case["data"]["code"] for case in CASES}
    assert len(CASES) >= 300
    assert len(codes) >= 100


@pytest.mark.parametrize(
    "case", CASES, ids=[f"{n}-{case['data']['code']}" for n, case in enumerate(CASES)]
)
def test_german_as_the_app_showed_it(case: dict[str, Any]) -> None:
    assert german(case["data"], TABLE["names"]) == case["expected"], case["english"]


KEYS = ("101", "102", "103", "104")


def _broken(rng: random.Random, record: dict[str, Any]) -> dict[str, Any]:
    """``record`` with one thing wrong: the order of play, a call, a hand or the game."""
    actions: list[str] = record["actions"]
    hands: dict[str, list[str]] = record["hands"]
    what = rng.randrange(7)
    if what == 0:
        i, j = rng.randrange(len(actions)), rng.randrange(len(actions))
        actions[i], actions[j] = actions[j], actions[i]
    elif what == 1:
        calls = ("re", "kontra", "keine90", "keine60", "keine30", "schwarz")
        at = rng.randrange(len(actions) + 1)
        actions.insert(at, f"{rng.choice(KEYS)}:{rng.choice(calls)}")
    elif what == 2:
        actions.append(f"{rng.choice(KEYS)}:{rng.choice(hands['101'])}")
    elif what == 3:
        key = rng.choice(KEYS)
        hands[key] = hands[key][:-1] + ([hands[key][0]] if rng.random() < 0.5 else [])
    elif what == 4:
        record["game"] = rng.choice(
            [
                {"type": "hochzeit", "player": rng.choice(KEYS)},
                {"type": "solo", "player": rng.choice(KEYS), "solo": "kreuz", "pflicht": True},
                {"type": "normal"},
            ]
        )
    elif what == 5:
        del actions[rng.randrange(len(actions)) :]
    else:
        i = rng.randrange(len(actions))
        actions[i] = actions[i].split(":")[0] + ":" + rng.choice(["ZZ", "CQ", "keine"])
    return record


def test_replay_errors_read_as_german_sentences() -> None:
    """The codes of a replay (card play, announcements, hands) worded from real errors:
    players by name, the action in front, the rule at the end, no placeholder left."""
    rng = random.Random(4711)
    codes = set()
    for _ in range(300):
        record = _broken(rng, simulate.renamed(simulate.random_record(rng, call_rate=0.15), KEYS))
        try:
            replay_record(record)
        except DokoError as error:
            finding = error.finding
            text = german_error(error, NAMES)
            codes.add(finding.code)
            assert "{" not in text and "}" not in text, text
            assert not any(key in text for key in KEYS), (finding.message, text)
            if finding.action is not None:
                assert text.startswith(f"Spielzug {finding.action}: "), text
            if finding.section is not None:
                assert text.endswith(")") and "(TSR " in text, text
    fresh = {
        Code.NOT_YOUR_TURN,
        Code.MUST_FOLLOW,
        Code.CARD_NOT_HELD,
        Code.PLAY_AFTER_END,
        Code.CARD_COUNT,
        Code.HAND_SIZE,
        Code.HOCHZEITER_LACKS_KREUZ_DAMEN,
        Code.ANSAGE_LATE,
        Code.ERWIDERUNG_LATE,
        Code.ABSAGE_WITHOUT_ANSAGE_LATE,
        Code.ABSAGE_AFTER_LATE_ERWIDERUNG,
        Code.ANSAGE_OF_OTHER_PARTY,
        Code.CALL_REPEATED,
    }
    assert fresh <= codes, fresh - codes


def test_card_play_in_german() -> None:
    game = Game(NORMAL, GameSpec(), KEYS)
    with pytest.raises(DokoError) as raised:
        game.play(1, NORMAL[1][0])
    assert german_error(raised.value, NAMES) == (
        "Anna Albers ist an der Reihe, nicht Ben Becker (TSR 5.1)"
    )
    foreign = next(card for card in NORMAL[1] if card not in NORMAL[0])
    with pytest.raises(DokoError) as raised:
        game.play(0, foreign)
    assert german_error(raised.value, NAMES) == (
        f"Anna Albers hat {foreign.name} nicht auf der Hand (TSR 5.1)"
    )
