"""A list entry as a spreadsheet row and back: every kind of entry the page stores
reads back identically, and cells that cannot be read name themselves and say why."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules_engine.simulate import random_list
from tournament.domain import list_entries as entries
from tournament.domain.excel import list_cells
from tournament.domain.excel.list_cells import TablePlayer

PLAYERS = [
    TablePlayer("11", 1, "Anna"),
    TablePlayer("12", 2, "=Ben"),
    TablePlayer("13", 3, "Cem"),
    TablePlayer("14", 4, "Dora"),
]
NAMES = {p.key: p.name for p in PLAYERS}
POSITIONS = {p.key: p.position for p in PLAYERS}
# Names that a list once had to split or could take for a formula, and two namesakes.
HOSTILE = [
    TablePlayer("21", 1, "Müller, Hans"),
    TablePlayer("22", 2, "a/b; c"),
    TablePlayer("23", 3, "<script>alert(1)</script>"),
    TablePlayer("24", 4, '=HYPERLINK("http://x","y")'),
]
NAMESAKES = [
    TablePlayer("31", 1, "Hans Müller"),
    TablePlayer("32", 2, "Eva"),
    TablePlayer("33", 3, "Hans Müller"),
    TablePlayer("34", 4, "3"),
]


def ref(row: int, column: int) -> str:
    return f"{chr(64 + column)}{row}"


def read(
    fixed: list[Any], points: list[Any] | None = None, players: list[TablePlayer] = PLAYERS
) -> list_cells.ReadRow:
    reader = list_cells.Reader(players, ref)
    return reader.read(14, fixed, points or [None] * 4, [None] * 4)


def round_trip(
    record: dict[str, Any], plus: tuple[int, ...] = (), players: list[TablePlayer] = PLAYERS
) -> dict[str, Any] | None:
    cells = list_cells.cells(record, 7, plus, {p.key: p.position for p in players})
    points = [record["points"][p.key] for p in players] if record.get("quick") else None
    return read(cells, points, players).record


def page_games(players: list[TablePlayer] = PLAYERS) -> list[dict[str, Any]]:
    made = random_list(random.Random(4), players=tuple(p.key for p in players))["entries"]
    return [{k: v for k, v in e.items() if k != "points"} for e in made if not e.get("quick")]


@pytest.mark.parametrize("number", range(24))
def test_every_detailed_game_of_a_list_reads_back_identically(number: int) -> None:
    record = page_games()[number]
    assert round_trip(record) == record


@pytest.mark.parametrize("players", [HOSTILE, NAMESAKES], ids=["hostile", "namesakes"])
def test_players_are_written_as_positions_and_read_back_whatever_their_names(
    players: list[TablePlayer],
) -> None:
    games = page_games(players)
    for record in games:
        assert round_trip(record, players=players) == record
    cells = list_cells.cells(games[0], 1, (1, 3), {p.key: p.position for p in players})
    names = {p.name for p in players}
    assert not any(str(value) in names or "Müller" in str(value) for value in cells)
    assert cells[list_cells.PLUS] == "1, 3"
    penalty = entries.penalty(category="geringfuegig", offender=players[2].key, note="x")
    facts = list_cells.cells(penalty, 5, (), {p.key: p.position for p in players})
    assert facts[list_cells.FACTS].startswith("Kategorie: geringfügig; Verursacher: 3; ")
    assert read(facts, players=players).record == penalty


def test_a_single_player_cell_takes_a_unique_name_but_not_a_namesakes() -> None:
    fixed: list[Any] = [None] * len(list_cells.FIXED)
    fixed[list_cells.KIND] = "Normalspiel"
    fixed[list_cells.RE] = "1, 2"
    fixed[list_cells.EYES] = 130
    fixed[list_cells.DEALER] = "eva"  # a name nobody else at the table has
    row = read(fixed, players=NAMESAKES)
    assert row.record is not None and row.record["dealer"] == "32"
    fixed[list_cells.DEALER] = "3"  # a number is a position, even with a player called "3"
    row = read(fixed, players=NAMESAKES)
    assert row.record is not None and row.record["dealer"] == "33"
    fixed[list_cells.DEALER] = "Hans Müller"
    row = read(fixed, players=NAMESAKES)
    assert row.record is None
    assert row.problems == [
        "B14: „Hans Müller“ heißen an diesem Tisch mehrere Spieler (Platz 1, 3): bitte die "
        "Platznummer angeben"
    ]


@pytest.mark.parametrize("written", ["1, 3", "1 3", "1;3", "13", 1.3, "3, 1"])
def test_the_re_party_is_read_as_position_numbers(written: Any) -> None:
    fixed: list[Any] = [None] * len(list_cells.FIXED)
    fixed[list_cells.KIND] = "Normalspiel"
    fixed[list_cells.RE] = written
    fixed[list_cells.EYES] = 130
    record = read(fixed).record
    assert record is not None
    assert sorted(record["re"]) == ["11", "13"]


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
        entries.penalty(category="geringfuegig", offender="12", note="zu früh; Abzug: 3; Notiz: x"),
        {"kind": "nachspielzeit", "minutes": 5, "reason": "Regelfrage: Schiedsrichter geholt"},
        {"kind": "nachspielzeit", "minutes": 3, "reason": "Streit; Minuten: 9"},
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
        "note-with-keys",
        "nachspielzeit",
        "reason-with-keys",
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
            list_cells.DEALER,
            "Anan",
            "B14: „Anan“ sitzt nicht an diesem Tisch (Anna, =Ben, Cem, Dora) – meinten Sie Anna?",
        ),
        (
            list_cells.RE,
            "Anna, Cem",
            "F14: „Anna, Cem“ – die Re-Partei wird mit Platznummern angegeben, z. B. „1, 3“ "
            "(1 = Anna, 2 = =Ben, 3 = Cem, 4 = Dora)",
        ),
        (list_cells.RE, "1, 6", "F14: Platz 6 gibt es an diesem Tisch nicht"),
        (list_cells.EYES, "viel", "I14: „viel“ ist keine ganze Zahl"),
        (list_cells.EYES, 241, "I14: 241 liegt nicht zwischen 0 und 240"),
        (list_cells.RE_CALL, "Kontra", "G14: „Kontra“ ist keine Ansage"),
        (list_cells.SPECIALS_RE, "Schwein", "K14: „Schwein“ ist kein Sonderpunkt"),
        (list_cells.PLUS, "1, 7", "M14: Platz 7 gibt es an diesem Tisch nicht"),
        (
            list_cells.PLUS,
            "Anna",
            "M14: „Anna“ – unter Pluspunkte stehen die Plätze der Spieler mit Pluspunkten "
            "(TSR 7.3.3), „keiner“ wenn niemand Pluspunkte hat",
        ),
        (list_cells.SOLO, "Kreuz", "D14: „Kreuz“ – ein Solo-Typ nur bei einem Solo"),
    ],
)
def test_a_cell_that_cannot_be_read_names_itself(column: int, value: Any, message: str) -> None:
    fixed: list[Any] = [None] * len(list_cells.FIXED)
    fixed[list_cells.KIND] = "Normalspiel"
    fixed[list_cells.RE] = "1, 3"
    fixed[list_cells.EYES] = 130
    fixed[column] = value
    row = read(fixed)
    assert row.record is None
    assert any(p.startswith(message) for p in row.problems), row.problems


def test_a_game_as_points_needs_every_players_points_and_the_plus_point_players() -> None:
    fixed: list[Any] = [None] * len(list_cells.FIXED)
    fixed[list_cells.KIND] = "Normalspiel"
    row = read(fixed, [2, 2, -2, None])
    assert row.problems == [
        "R14: ohne Augen ist das Spiel nur in Punkten eingetragen; dann braucht jeder "
        "Spieler Punkte (es fehlen die Punkte von Platz 4; TSR 7.3)"
    ]
    row = read(fixed, [2, 2, -2, -2])
    assert row.problems and row.problems[0].startswith("M14: bei einem Spiel nur in Punkten")
    # Filled in the old way, with the party that won (TSR 7.1) where it has minus points.
    fixed[list_cells.PLUS] = "3, 4"
    row = read(fixed, [2, 2, -2, -2])
    assert row.problems == [
        "M14: Pluspunkte: in der Datei Platz 3, 4, nach den Punkten dieser Zeile Platz 1, 2 "
        "(TSR 7.3.3)"
    ]
    fixed[list_cells.PLUS] = "1, 2"
    assert read(fixed, [2, 2, -2, -2]).problems == []


def test_penalty_facts_name_what_is_missing() -> None:
    fixed: list[Any] = [None] * len(list_cells.FIXED)
    fixed[list_cells.KIND] = "Strafe"
    fixed[list_cells.FACTS] = "Verursacher: Cem"
    assert read(fixed).problems[0].startswith("N14: Kategorie der Strafe fehlt")
    fixed[list_cells.FACTS] = "Kategorie: geringfügig; Täter: Cem"
    assert "(„geringfügig; Täter: Cem“" in read(fixed).problems[0]
    fixed[list_cells.FACTS] = "Grad: geringfügig"
    assert "„Grad: geringfügig“ ist keine Angabe" in read(fixed).problems[0]


def test_a_single_player_cell_takes_the_label_that_tells_namesakes_apart() -> None:
    labelled = [
        TablePlayer("31", 1, "Hans Müller", "Hans Müller (31)"),
        TablePlayer("32", 2, "Eva"),
        TablePlayer("33", 3, "Hans Müller", "Hans Müller (33)"),
        TablePlayer("34", 4, "Dora"),
    ]
    fixed: list[Any] = [None] * len(list_cells.FIXED)
    fixed[list_cells.KIND] = "Normalspiel"
    fixed[list_cells.RE] = "1, 2"
    fixed[list_cells.EYES] = 130
    fixed[list_cells.DEALER] = "hans müller (33)"
    row = read(fixed, players=labelled)
    assert row.record is not None and row.record["dealer"] == "33"
    fixed[list_cells.RE] = "Hans Müller (31), Eva"
    (problem,) = read(fixed, players=labelled).problems
    assert problem.endswith("(1 = Hans Müller (31), 2 = Eva, 3 = Hans Müller (33), 4 = Dora)")
