"""The engine's findings in German (tournament/texts/findings.py), worded from data.

Every code has a German template whose placeholders are the code's parameters; every
sentence names the TSR section of its finding; and for a corpus of real findings the German
is the one the app showed before, when it rewrote the English sentences with regular
expressions (tests/data/german_findings.json, recorded from that translator, so the table
keeps its value now that the translator is gone).
"""

from __future__ import annotations

import json
import string
from pathlib import Path
from typing import Any

import pytest

from rules_engine.calls import Call, Party
from rules_engine.cards import CARDS_BY_CODE, Suit
from rules_engine.errors import DokoError
from rules_engine.findings import Code, Finding, JsonValue, Player, Points
from rules_engine.gametypes import GameType
from rules_engine.penalties import PenaltyCategory, PenaltyPhase
from rules_engine.scorelist import game_entry
from rules_engine.table_list import EntryKind, TableList
from tournament.texts import german, german_error
from tournament.texts.findings import GERMAN

DATA = Path(__file__).resolve().parent / "data" / "german_findings.json"
NAMES = {
    "101": "Anna Albers",
    "102": "Ben Becker",
    "103": "Cem Çelik",
    "104": "Dora Dietz",
    "105": "Emil Engel",
}

#: A plausible value for every parameter name of the English templates, typed as the
#: engine raises it.
SAMPLE: dict[str, Any] = {
    "detail": "Expecting value: line 1 column 1 (char 0)",
    "field": "re_eyes",
    "value": JsonValue.of("101"),
    "choices": ("normal", "hochzeit", "solo"),
    "game_type": GameType.HOCHZEIT,
    "number": 250,
    "low": 0,
    "high": 240,
    "key": "x",
    "player": Player("101"),
    "played": 40,
    "name": "105",
    "what": "CX",
    "code": "ZZ",
    "count": 3,
    "card": CARDS_BY_CODE["CQ"],
    "seat": 2,
    "turn": Player("102"),
    "led": Suit.KREUZ,
    "tricks": 3,
    "call": Call.KEINE_90,
    "party": Party.RE,
    "said": Call.KEINE_60,
    "need": 10,
    "shift": 1,
    "cards": 9,
    "other": Party.KONTRA,
    "answer": 10,
    "skipped": Call.KEINE_90,
    "names": (Player("101"), Player("101")),
    "size": 3,
    "eyes": 130,
    "limit": 44,
    "fuchs_eyes": 22,
    "position": 5,
    "category": PenaltyCategory.GERINGFUEGIG,
    "phase": PenaltyPhase.HOCHZEIT_BIS_KLAERUNG,
    "absagen": 5,
    "deduction": 13,
    "games": 3,
    "given": Player("102"),
    "expected": Player("101"),
    "written": Points(((Player("101"), 3), (Player("102"), -1))),
    "points": Points(((Player("101"), 2), (Player("102"), -2))),
    "kind": EntryKind.LUSTSOLO,
    "problem": Finding.of(Code.EYES_OUT_OF_RANGE, eyes=300),
    "total": 2,
    "minutes": -5,
    "left": 3,
    "planned": 24,
}
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
            assert name in text or code in (Code.NOT_A_TABLE_PLAYER,)


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
        "Anna Albers sagt keine 90 mit 9 Karten auf der Hand; dafür braucht es mindestens 10 "
        "(Hochzeit: 1 weniger, TSR 6.4.2) (TSR 6.3.4)"
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
