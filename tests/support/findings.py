"""Sample parameters of the engine's findings, for the tests that put every finding code into
German (``tests/texts``): a value for every parameter name of the English templates, typed as the
engine gives it, with the two players a finding may name."""

from __future__ import annotations

from typing import Any

from rules_engine.calls import Call, Party
from rules_engine.cards import CARDS_BY_CODE, Suit
from rules_engine.findings import Code, Finding, JsonValue, Player, Points
from rules_engine.gametypes import GameType
from rules_engine.penalties import PenaltyCategory, PenaltyPhase
from rules_engine.table_list import EntryKind


def sample_parameters(first: str, second: str) -> dict[str, Any]:
    """A value for every parameter name, the players ``first`` and ``second``."""
    return {
        "detail": "Expecting value: line 1 column 1 (char 0)",
        "preset": "schweinchen",
        "command": "replay",
        "deck": 40,
        "field": "re_eyes",
        "value": JsonValue.of("101"),
        "choices": ("normal", "hochzeit", "solo"),
        "game_type": GameType.HOCHZEIT,
        "number": 250,
        "low": 0,
        "high": 240,
        "key": "x",
        "player": Player(first),
        "played": 40,
        "name": "105",
        "what": "CX",
        "code": "ZZ",
        "count": 3,
        "card": CARDS_BY_CODE["CQ"],
        "seat": 2,
        "turn": Player(second),
        "led": Suit.KREUZ,
        "tricks": 3,
        "trick": 2,
        "call": Call.KEINE_90,
        "party": Party.RE,
        "said": Call.KEINE_60,
        "need": 10,
        "shift": 1,
        "cards": 9,
        "other": Party.KONTRA,
        "answer": 10,
        "skipped": Call.KEINE_90,
        "names": (Player(first), Player(first)),
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
        "given": Player(second),
        "expected": Player(first),
        "written": Points(((Player(first), 3), (Player(second), -1))),
        "points": Points(((Player(first), 2), (Player(second), -2))),
        "kind": EntryKind.LUSTSOLO,
        "problem": Finding.of(Code.EYES_OUT_OF_RANGE, eyes=300),
        "total": 2,
        "minutes": -5,
        "left": 3,
        "planned": 24,
    }
