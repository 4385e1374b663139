"""A list entry as a spreadsheet row and back: every kind of entry the page stores
reads back identically, and cells that cannot be read name themselves and say why."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules_engine.simulate import random_list
from tournament.excel import list_cells
from tournament.excel.list_cells import TablePlayer
from tournament.scorelists import entries

PLAYERS = [
    TablePlayer("11", 1, "Anna"),
    TablePlayer("12", 2, "=Ben"),
    TablePlayer("13", 3, "Cem"),
    TablePlayer("14", 4, "Dora"),
]
NAMES = {p.key: p.name for p in PLAYERS}


def ref(row: int, column: int) -> str:
    return f"{chr(64 + column)}{row}"


def read(fixed: list[Any], points: list[Any] | None = None) -> list_cells.ReadRow:
    reader = list_cells.Reader(PLAYERS, ref)
    return reader.read(14, fixed, points or [None] * 4, [None] * 4)


def round_trip(record: dict[str, Any], winners: tuple[int, ...] = ()) -> dict[str, Any] | None:
    cells = list_cells.cells(record, 7, winners, NAMES)
    points = [record["points"][p.key] for p in PLAYERS] if record.get("quick") else None
    return read(cells, points).record


def page_games() -> list[dict[str, Any]]:
    made = random_list(random.Random(4), players=tuple(NAMES))["entries"]
    return [{k: v for k, v in e.items() if k != "points"} for e in made if not e.get("quick")]


@pytest.mark.parametrize("number", range(24))
def test_every_detailed_game_of_a_list_reads_back_identically(number: int) -> None:
    record = page_games()[number]
    assert round_trip(record) == record


@pytest.mark.parametrize(
    "record",
    [
        {
            **entries.quick_game(
                kind="normal", points={"11": 2, "12": 2, "13": -2, "14": -2}, winners=["11", "12"]
            ),
            "dealer": "13",
        },
        {
            **entries.quick_game(
                kind="pflichtsolo",
                points={"11": -9, "12": 3, "13": 3, "14": 3},
                winners=["12", "13", "14"],
                player="11",
            ),
            "dealer": "11",
        },
        {
            **entries.quick_game(
                kind="normal", points={"11": 0, "12": 0, "13": 0, "14": 0}, winners=[]
            ),
            "dealer": "14",
        },
        {
            **entries.penalty(category="geringfuegig", offender="13", note="zu früh; ausgespielt"),
            "signed_by": "schiri",
        },
        entries.penalty(
            category="schwerwiegend",
            offender="12",
            phase="solo",
            soloist="14",
            absagen=2,
            harms_soloist=True,
            solo_pflicht="vorgefuehrt",
        ),
        entries.penalty(category="unsportlich", offender="11", deduction=4),
        {"kind": "nachspielzeit", "minutes": 5, "reason": "Regelfrage: Schiedsrichter geholt"},
        {"kind": "time_up", "being_dealt": True},
        {"kind": "time_up", "being_dealt": False},
    ],
    ids=[
        "quick",
        "quick-solo",
        "nobody-won",
        "penalty",
        "penalty-solo",
        "deduction",
        "nachspielzeit",
        "time-up-dealt",
        "time-up",
    ],
)
def test_points_games_penalties_and_time_notes_read_back_identically(
    record: dict[str, Any],
) -> None:
    winners = tuple(p.position for p in PLAYERS if p.key in record.get("winners", []))
    assert round_trip(record, winners) == record


def test_a_typed_row_reads_in_the_words_people_write() -> None:
    fixed: list[Any] = [None] * len(list_cells.FIXED)
    fixed[list_cells.KIND] = "lustsolo"
    fixed[list_cells.SOLO] = "Damen"
    fixed[list_cells.PLAYER] = "3"  # a position number names a player too
    fixed[list_cells.RE_CALL] = "Keine 90"
    fixed[list_cells.EYES] = 151.0  # numbers arrive as floats from some programs
    fixed[list_cells.SPECIALS_KONTRA] = "2 Füchse, Doppelkopf"
    record = read(fixed).record
    assert record is not None
    assert record["solo"] == "damen" and record["re"] == ["13"] and record["player"] == "13"
    assert record["calls"] == {"re": "keine90", "kontra": None}
    assert record["specials"]["kontra"] == {"doppelkopf": 1, "fuchs": 2, "karlchen": 0}


@pytest.mark.parametrize(
    ("column", "value", "message"),
    [
        (list_cells.KIND, "Ramsch", "C14: „Ramsch“ ist keine Spielart"),
        (
            list_cells.RE,
            "Anan, Cem",
            "F14: „Anan“ sitzt nicht an diesem Tisch (Anna, =Ben, Cem, Dora) – meinten Sie Anna?",
        ),
        (list_cells.EYES, "viel", "I14: „viel“ ist keine ganze Zahl"),
        (list_cells.EYES, 241, "I14: 241 liegt nicht zwischen 0 und 240"),
        (list_cells.RE_CALL, "Kontra", "G14: „Kontra“ ist keine Ansage"),
        (list_cells.SPECIALS_RE, "Schwein", "K14: „Schwein“ ist kein Sonderpunkt"),
        (list_cells.WINNERS, "1, 7", "M14: „7“ ist keine Platznummer dieses Tisches"),
        (list_cells.SOLO, "Kreuz", "D14: „Kreuz“ – ein Solo-Typ nur bei einem Solo"),
    ],
)
def test_a_cell_that_cannot_be_read_names_itself(column: int, value: Any, message: str) -> None:
    fixed: list[Any] = [None] * len(list_cells.FIXED)
    fixed[list_cells.KIND] = "Normalspiel"
    fixed[list_cells.RE] = "Anna, Cem"
    fixed[list_cells.EYES] = 130
    fixed[column] = value
    row = read(fixed)
    assert row.record is None
    assert any(p.startswith(message) for p in row.problems), row.problems


def test_a_game_as_points_needs_every_players_points_and_the_winners() -> None:
    fixed: list[Any] = [None] * len(list_cells.FIXED)
    fixed[list_cells.KIND] = "Normalspiel"
    row = read(fixed, [2, 2, -2, None])
    assert row.problems == [
        "Zeile 14: ohne Augen ist das Spiel nur in Punkten eingetragen; dann braucht jeder "
        "Spieler Punkte (es fehlen: Dora; TSR 7.3)"
    ]
    row = read(fixed, [2, 2, -2, -2])
    assert row.problems and row.problems[0].startswith("M14: bei einem Spiel nur in Punkten")


def test_penalty_facts_name_what_is_missing() -> None:
    fixed: list[Any] = [None] * len(list_cells.FIXED)
    fixed[list_cells.KIND] = "Strafe"
    fixed[list_cells.FACTS] = "Verursacher: Cem"
    assert read(fixed).problems[0].startswith("N14: Kategorie der Strafe fehlt")
    fixed[list_cells.FACTS] = "Kategorie: geringfügig; Täter: Cem"
    assert "(„geringfügig; Täter: Cem“" in read(fixed).problems[0]
    fixed[list_cells.FACTS] = "Grad: geringfügig"
    assert "„Grad: geringfügig“ ist keine Angabe" in read(fixed).problems[0]
