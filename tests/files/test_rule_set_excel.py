"""Score lists in Excel under a rule set other than the DDV's (issue 33, item 5): per preset a
list with every game kind the set has, built by hand as the engine's records
(``docs/contracts/score-list.md``), stored, exported, opened and saved by LibreOffice, and read
back into an empty list of the same table: the records must come back unchanged, and the
engine must score them as before (values, points, what the pot paid, its balance). 000 runs
with its Punktetopf until it is empty and the Vorführungen after it, and under plus-minus; 004
with its Kasse at a table of five. A file made under another set, a pot started elsewhere and
a game type the set lacks are refused in German naming the sets, the cell and the rule's
source; nothing is stored. The solos are written as the set names them, older words still read.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import pytest
from flask import Flask
from openpyxl import load_workbook
from sqlalchemy import select

from tests.support.list_files import problems_of, read_into_empty_list, with_cells
from tests.support.scorelists import KEEPER, add_entry, make_round, make_tournament, make_user
from tournament.domain import list_store
from tournament.domain.errors import ServiceError
from tournament.domain.excel import exports, rule_set_cells
from tournament.domain.excel.list_cells import TablePlayer
from tournament.domain.excel.reading import Grid
from tournament.domain.rule_sets import choose
from tournament.excel import imports
from tournament.extensions import db
from tournament.models import RoundTable, User
from tournament.rounds import service as rounds

Record = dict[str, Any]


def game(dealer: str, kind: str, **fields: Any) -> Record:
    """A game record as the contract has it (calls and specials of both parties)."""
    record: Record = {"kind": "game", "type": kind, "dealer": dealer, **fields}
    if kind not in ("hammelrennen", "schwarz_spiel"):
        record.setdefault("calls", {"re": None, "kontra": None})
    if kind not in ("hammelrennen", "schwarz_spiel", "schwarze_sau"):
        record.setdefault("specials", {"re": {}, "kontra": {}})
    return record


def schweinchen_list(table: RoundTable) -> list[Record]:
    return [
        game(
            "1",
            "normal",
            re=["1", "2"],
            re_eyes=130,
            re_tricks=6,
            calls={"re": "re", "kontra": None},
            specials={"re": {"doppelkopf": 1, "karlchen_gefangen": 1}, "kontra": {"fuchs": 1}},
            schweinchen=True,
            timing={"re": {"re": 3}},
        ),
        game("2", "hochzeit", re=["3", "4"], player="3", re_eyes=150, re_tricks=7),
        game("3", "stille_hochzeit", re=["1"], player="1", re_eyes=170, re_tricks=7),
        game(
            "4",
            "solo",
            solo="karo",
            re=["2"],
            player="2",
            re_eyes=150,
            re_tricks=7,
            calls={"re": "re", "kontra": None},
            specials={"re": {"karlchen": 1}, "kontra": {}},
            schweinchen=True,
        ),
        game(
            "1",
            "solo",
            solo="damen",
            re=["3"],
            player="3",
            re_eyes=100,
            re_tricks=4,
            calls={"re": None, "kontra": "kontra"},
        ),
        game("2", "solo", solo="buben", re=["4"], player="4", re_eyes=121, re_tricks=5),
        game(
            "3",
            "armut",
            re=["1", "3"],
            re_eyes=140,
            re_tricks=6,
            specials={"re": {}, "kontra": {"doppelkopf": 1}},
        ),
        {
            "kind": "game",
            "quick": True,
            "type": "normal",
            "dealer": "4",
            "points": {"1": 2, "2": -2, "3": 2, "4": -2},
            "winners": ["1", "3"],
        },
    ]


def reglement_list(table: RoundTable) -> list[Record]:
    return [
        game(
            "1",
            "normal",
            re=["1", "2"],
            re_eyes=130,
            re_tricks=7,
            calls={"re": "re", "kontra": None},
            specials={"re": {"fuchs": 1}, "kontra": {"karlchen": 1}},
        ),
        game("2", "hochzeit", re=["3", "4"], player="3", re_eyes=150, re_tricks=8),
        game("3", "stille_hochzeit", re=["1"], player="1", re_eyes=170, re_tricks=9),
        game("4", "solo", solo="kreuz", re=["2"], player="2", re_eyes=150, re_tricks=8),
        game(
            "1",
            "solo",
            solo="fleischlos",
            re=["4"],
            player="4",
            re_eyes=100,
            re_tricks=5,
            calls={"re": None, "kontra": "kontra"},
        ),
        game("2", "armut", re=["3", "1"], re_eyes=125, re_tricks=6),
        game("3", "schwarz_spiel", culprit="2"),
    ]


def played(table: RoundTable, made: list[Record], record: Record) -> None:
    """``record`` dealt by the dealer the rules name next, appended to ``made``; a game in
    detail that names a ``pot`` gets what the engine has the pot pay for it."""
    record["dealer"] = list_store.trial(table, made)["next_dealer"]
    if "pot" in record and not record.get("quick"):
        record["pot"] = list_store.trial(table, [*made, record])["rows"][-1]["pot"]
    made.append(record)


def pot_balance(table: RoundTable, made: list[Record]) -> int:
    return int(list_store.trial(table, made)["pot"]["balance"])


def ravensburger_list(table: RoundTable) -> list[Record]:
    """At a table of five (the dealer sits out, 004 L93): every game kind, a row of points
    only, then Normalspiele until the Kasse holds at most twice the Grundbetrag, then the
    Hammelrennen that is then due (004 L83) and empties it."""
    keys = [str(seat.registration.start_number) for seat in table.seats]
    made: list[Record] = []

    def playing() -> list[str]:
        dealer = list_store.trial(table, made)["next_dealer"]
        return [k for k in keys if k != dealer or len(keys) == 4]

    a, b, c, _ = playing()
    played(
        table,
        made,
        game(
            "",
            "normal",
            re=[a, b],
            re_eyes=130,
            re_tricks=7,
            calls={"re": "re", "kontra": "kontra"},
            premiums=[{"kind": "fuchs", "by": c}],
            pot=0,
        ),
    )
    a, b, c, d = playing()
    played(table, made, game("", "hochzeit", re=[c, d], player=c, re_eyes=150, re_tricks=8))
    a, b, c, d = playing()
    played(table, made, game("", "stille_hochzeit", re=[a], player=a, re_eyes=170, re_tricks=9))
    a, b, c, d = playing()
    played(
        table,
        made,
        game("", "solo", solo="buben", re=[b], player=b, re_eyes=150, re_tricks=8),
    )
    a, b, c, d = playing()
    played(
        table,
        made,
        game(
            "",
            "solo",
            solo="fleischlos",
            re=[d],
            player=d,
            re_eyes=100,
            re_tricks=5,
            calls={"re": None, "kontra": "kontra"},
        ),
    )
    a, b, c, d = playing()
    played(table, made, game("", "armut", re=[c, a], re_eyes=125, re_tricks=6))
    a, b, c, d = playing()
    points = dict.fromkeys(keys, 0) | {a: 5, c: 5}
    played(
        table,
        made,
        {
            "kind": "game",
            "quick": True,
            "type": "normal",
            "points": points,
            "winners": [a, c],
            "pot": 10,
        },
    )
    while pot_balance(table, made) > 10:
        a, b, c, d = playing()
        balance = pot_balance(table, made)
        candidates = [
            game("", "normal", re=[a, d], re_eyes=eyes, re_tricks=tricks, calls=calls)
            for eyes, tricks in ((125, 6), (170, 9), (200, 10))
            for calls in ({"re": None, "kontra": None}, {"re": "re", "kontra": "kontra"})
        ]
        paid = {}
        for candidate in candidates:
            candidate["dealer"] = list_store.trial(table, made)["next_dealer"]
            after = pot_balance(table, [*made, candidate])
            if after >= 1:
                paid[balance - after] = candidate
        made.append(paid[max(paid)])
    a, b, c, d = playing()
    played(table, made, game("", "hammelrennen", first_to_60=b))
    return made


def plus_minus_list(table: RoundTable) -> list[Record]:
    """``hausregeln-2024`` with plus-minus instead of the Punktetopf: every game kind of 000
    without the pot's payments, the dealer as 000 L37 has it."""
    made: list[Record] = []
    for record in hausregeln_records():
        if record.get("pflicht") == "vorgefuehrt":
            record["pflicht"] = False
        record.pop("pot", None)
        if record.get("quick"):
            record["points"] = {"1": 4, "2": -4, "3": 4, "4": -4}
        record["dealer"] = list_store.trial(table, made)["next_dealer"]
        made.append(record)
    return made


def punktetopf_list(table: RoundTable) -> list[Record]:
    """``hausregeln-2024`` with its Punktetopf: every game kind of 000 (a game in detail with
    what the pot paid, a row of points only), Normalspiele until the pot is empty, then the
    Pflichtsoli still owed, vorgeführt (000 L61): a complete list."""
    made: list[Record] = []
    vorgefuehrt = None
    for record in hausregeln_records():
        if record.get("pflicht") == "vorgefuehrt":
            vorgefuehrt = record
            continue
        played(table, made, record)
    assert vorgefuehrt is not None
    while pot_balance(table, made) > 0:
        assert list_store.trial(table, made)["valid"]
        played(
            table,
            made,
            game(
                "",
                "normal",
                re=["2", "4"],
                re_eyes=150,
                re_tricks=7,
                calls={"re": "re", "kontra": None},
            ),
        )
    for owed in list_store.trial(table, made)["pflicht_missing"]:
        solo = {**vorgefuehrt, "re": [owed], "player": owed}
        played(table, made, solo)
    assert list_store.trial(table, made)["complete"]
    return made


@dataclass(frozen=True)
class Case:
    """A list under a preset: its variants, the tournament's pot start, the table it is
    kept at (four players, or five), and how it is made."""

    preset: str
    variants: tuple[str, ...]
    build: Callable[[RoundTable], list[Record]]
    pot_start: int | None = None
    size: int = 4


CASES: dict[str, Case] = {
    "hausregeln-2024": Case("hausregeln-2024", (), punktetopf_list, pot_start=100),
    "hausregeln-2024+plus_minus": Case("hausregeln-2024", ("plus_minus",), plus_minus_list),
    "schweinchen": Case("schweinchen", (), schweinchen_list),
    "reglement-2001": Case("reglement-2001", (), reglement_list),
    "ravensburger-2015": Case("ravensburger-2015", ("fuechse", "armut"), ravensburger_list, size=5),
}


def running_table(
    preset: str, variants: tuple[str, ...] = (), pot_start: int | None = None, size: int = 4
) -> RoundTable:
    """Eight players under ``preset`` at two tables of four (nine: the first of five), round 1
    started; table 1."""
    leitung = db.session.execute(select(User)).scalars().first() or make_user()
    count = 4 + size
    tournament, regs = make_tournament([(f"Spieler {n}", "Kiel") for n in range(1, count + 1)])
    choice = choose(preset, variants)
    tournament.rules_preset = choice.preset
    tournament.rules_variants = list(choice.variants)
    tournament.rules_overrides = dict(choice.overrides)
    tournament.pot_start = pot_start
    round_ = make_round(tournament, 1, [regs[:size], regs[size:]])
    db.session.commit()
    rounds.start(leitung, round_, tournament.version)
    db.session.commit()
    return round_.tables[0]


def stored_list(name: str) -> tuple[int, list[Record]]:
    case = CASES[name]
    table = running_table(case.preset, case.variants, case.pot_start, case.size)
    for record in case.build(table):
        add_entry(KEEPER, table, table.version, record)
        db.session.commit()
    return table.id, list_store.entries_of(table)


def scored(table_id: int) -> tuple[Any, ...]:
    """What the engine makes of the table's stored list: each row's value, points, what the
    pot paid and its balance after it, the pot, and whether the list is complete."""
    table = db.session.get(RoundTable, table_id)
    assert table is not None
    report = list_store.trial(table, list_store.entries_of(table))
    rows = [
        (r.get("value"), r["points"], r.get("pot"), r.get("pot_balance")) for r in report["rows"]
    ]
    return rows, report.get("pot"), report["complete"], report["valid"]


@pytest.mark.parametrize("name", list(CASES))
def test_a_list_under_the_set_reads_back_unchanged_after_libreoffice(
    app: Flask, libreoffice: ModuleType, name: str
) -> None:
    with app.app_context():
        table_id, stored = stored_list(name)
        table = db.session.get(RoundTable, table_id)
        assert table is not None
        assert table.size == CASES[name].size
        kinds = {(r["type"], r.get("solo")) for r in stored}
        assert len(kinds) >= 6
        before = scored(table_id)
        exported = exports.list_workbook(table)
        assert read_into_empty_list(table_id, exported) == stored
        assert scored(table_id) == before
        resaved = libreoffice.convert(exported)
        assert read_into_empty_list(table_id, resaved) == stored
        assert scored(table_id) == before


def test_a_list_of_another_rule_set_is_refused_naming_both_and_nothing_is_stored(
    app: Flask,
) -> None:
    with app.app_context():
        table_id, _ = stored_list("schweinchen")
        table = db.session.get(RoundTable, table_id)
        assert table is not None
        schweinchen_file = exports.list_workbook(table)
        other = running_table("reglement-2001")
        ddv = running_table("ddv")
        ddv_file = exports.list_workbook(ddv)
        for target, data, names in (
            (other, schweinchen_file, ("„Hausregeln mit Schweinchen“", "„Reglement 2001“")),
            (other, ddv_file, ("„DDV-Turnierspielregeln“", "„Reglement 2001“")),
            (ddv, schweinchen_file, ("„Hausregeln mit Schweinchen“", "„DDV-Turnierspielregeln“")),
        ):
            found = imports.read_table_file(target, data, "liste.xlsx")
            assert not found.ok
            (problem,) = problems_of(found)
            assert "Zelle C7" in problem
            assert all(name in problem for name in names), problem
            assert "Nichts wurde übernommen" in problem
            assert found.lists[0].entries == []
            with pytest.raises(ServiceError):
                imports.store(None, found, {target.id: target.version})
            assert list_store.entries_of(target) == []
        # A key cell naming no rule set at all.
        found = imports.read_table_file(
            other, with_cells(schweinchen_file, {"C7": "hausregeln-1999"}), "liste.xlsx"
        )
        (problem,) = problems_of(found)
        assert "„hausregeln-1999“ ist kein Regelwerk" in problem
        assert "„reglement-2001“" in problem


@pytest.mark.parametrize(
    ("cell", "written", "expected"),
    [
        ("C14", "Schwarz-Spiel", ("Zelle C14", "„Schwarz-Spiel“", "Sonderspiele", "002")),
        ("C14", "Strafe", ("Zelle C14", "„Strafe“", "TSR 8.5, 9")),
        ("D17", "Kreuz-Solo", ("Zelle D17", "„Kreuz-Solo“", "Karo-Solo", "Soli", "002 Z.")),
        ("K14", "Herzstich", ("Zelle K14", "„Herzstich“", "Sonderpunkte", "002 Z.")),
        ("O14", "2", ("Zelle O14", "Armut: gibt ab", "nur bei Armut", "Quelle: 002 Z.")),
        ("Q14", "vielleicht", ("Zelle Q14", "„vielleicht“", "Schweinchen nach", "002 Z.")),
    ],
)
def test_what_the_set_lacks_is_refused_naming_the_cell_the_rule_and_its_source(
    app: Flask, cell: str, written: str, expected: tuple[str, ...]
) -> None:
    with app.app_context():
        table_id, stored = stored_list("schweinchen")
        table = db.session.get(RoundTable, table_id)
        assert table is not None
        data = with_cells(exports.list_workbook(table), {cell: written})
        found = imports.read_table_file(table, data, "liste.xlsx")
        assert not found.ok
        problems = problems_of(found)
        assert any(all(part in p for part in expected) for p in problems), problems
        assert any("Hausregeln mit Schweinchen" in p for p in problems)
        assert list_store.entries_of(table) == stored


def test_points_in_another_unit_are_refused_naming_the_unit_and_its_source(app: Flask) -> None:
    with app.app_context():
        table = running_table("ravensburger-2015")
        data = exports.template_workbook(table)
        sheet = load_workbook(io.BytesIO(data)).worksheets[0]
        headers = [cell.value for cell in sheet[12]]
        column = headers.index("Pfennig 1") + 1
        ref = f"{sheet.cell(12, column).column_letter}12"
        found = imports.read_table_file(table, with_cells(data, {ref: "Punkte 1"}), "liste.xlsx")
        (problem,) = problems_of(found)
        assert f"Zelle {ref}" in problem
        assert "„Pfennig 1“ erwartet, gefunden „Punkte 1“" in problem
        assert "in Pfennig" in problem
        assert "004 Z." in problem


def hausregeln_records() -> list[Record]:
    """Every game kind of ``hausregeln-2024`` (000), with its Sonderpunkte and the pot."""
    return [
        game(
            "1",
            "normal",
            re=["1", "2"],
            re_eyes=130,
            re_tricks=6,
            calls={"re": "keine90", "kontra": "kontra"},
            specials={
                "re": {"herzstich": 1, "fuchs_letzter_stich": 1},
                "kontra": {"fuchs": 1, "doppelkopf": 2},
            },
            pot=8,
        ),
        game("1", "hochzeit", re=["3", "4"], player="3", re_eyes=150, re_tricks=7),
        game("1", "stille_hochzeit", re=["1"], player="1", re_eyes=170, re_tricks=7),
        game(
            "1",
            "solo",
            solo="damen_buben",
            pflicht=True,
            re=["2"],
            player="2",
            re_eyes=150,
            re_tricks=7,
        ),
        game(
            "2",
            "solo",
            solo="herz",
            pflicht="vorgefuehrt",
            re=["3"],
            player="3",
            re_eyes=90,
            re_tricks=4,
        ),
        game(
            "3", "solo", solo="pik", pflicht=False, re=["4"], player="4", re_eyes=121, re_tricks=5
        ),
        game("4", "armut", re=["1", "3"], re_eyes=140, re_tricks=6),
        game("1", "schwarze_sau", re=["2"], re_eyes=150, re_tricks=6),
        game("2", "hammelrennen", eyes={"1": 70, "2": 50, "3": 60, "4": 60}),
        {
            "kind": "game",
            "quick": True,
            "type": "normal",
            "dealer": "3",
            "points": {"1": 4, "2": 0, "3": 4, "4": 0},
            "winners": ["1", "3"],
            "pot": 8,
        },
    ]


def test_the_hausregeln_list_has_its_columns_and_every_game_kind_reads_back(app: Flask) -> None:
    """000's template has its columns, the Punktetopf's start and the set's words; each game
    kind's row is written and read back as it was (without the engine, which would ask for
    the games before a Vorführung)."""
    with app.app_context():
        table = running_table("hausregeln-2024", pot_start=100)
        tournament = table.round.tournament
        layout = rule_set_cells.layout_of(tournament)
        assert layout is not None
        template = load_workbook(io.BytesIO(exports.template_workbook(table))).worksheets[0]
        assert template["C7"].value == "hausregeln-2024"
        assert template["B7"].value == "Hausregeln 2024 (40 Karten, Punktetopf)"
        assert (template["D7"].value, template["E7"].value) == (
            "Punktetopf zu Beginn (Punkte)",
            100,
        )
        headers = [cell.value for cell in template[12] if cell.value is not None]
        for header in (
            "Armut: gibt ab (Platz)",
            "Armut: nimmt (Platz)",
            "Schwarze Sau: Solist (Platz)",
            "Hammelrennen: Augen je Platz",
            "Punktetopf zahlt",
            "Punkte 1",
            "Punktetopf (Punkte)",
        ):
            assert header in headers
        assert "Schweinchen" not in headers
        offered = {
            str(v.sqref).split(":")[0][0]: v.formula1
            for v in template.data_validations.dataValidation
        }
        assert offered["C"] == (
            '"Normalspiel,Hochzeit,stille Hochzeit,Pflichtsolo,vorgeführtes Pflichtsolo,'
            'Lustsolo,Armut,Schwarze Sau,Hammelrennen"'
        )
        assert "gemischtes Damen/Buben-Solo" in offered["D"] and "Fleischloser" not in offered["D"]
        players = [TablePlayer(str(p), p, f"Spieler {p}") for p in range(1, 5)]
        positions = {p.key: p.position for p in players}
        reader = rule_set_cells.SetReader(players, Grid.ref, layout)
        for line, record in enumerate(hausregeln_records(), start=14):
            quick = record.get("quick") is True
            points = [record["points"][p.key] for p in players] if quick else [None] * 4
            plus = [positions[k] for k in record.get("winners", [])] or [1, 2]
            row = rule_set_cells.cells(layout, record, line - 13, plus, positions)
            read = reader.read(line, row, points, [None] * 4)
            assert read.problems == []
            assert read.record == record


def test_the_pot_starts_on_the_sheet_and_a_list_of_another_start_is_refused(app: Flask) -> None:
    """The list and the template name the pot's start beside the set (000: the tournament's
    Punktetopf; 004: the Kasse's default at five, 004 L63); a list starting it elsewhere is
    refused naming the cell, the tournament's setting and the rule; an empty cell reads."""
    with app.app_context():
        table_id, stored = stored_list("hausregeln-2024")
        table = db.session.get(RoundTable, table_id)
        assert table is not None
        listed = exports.list_workbook(table)
        sheet = load_workbook(io.BytesIO(listed)).worksheets[0]
        assert (sheet["D7"].value, sheet["E7"].value) == ("Punktetopf zu Beginn (Punkte)", 100)
        found = imports.read_table_file(table, with_cells(listed, {"E7": 80}), "liste.xlsx")
        (problem,) = problems_of(found)
        assert "Zelle E7: „80“" in problem
        assert "„Punktetopf zu Beginn (Punkte)“ ist in diesem Turnier 100" in problem
        assert "„Punktetopf oder Kasse am Start“" in problem
        assert "000 Z. 61, 79" in problem and "Nichts wurde übernommen" in problem
        with pytest.raises(ServiceError):
            imports.store(None, found, {table.id: table.version})
        assert list_store.entries_of(table) == stored
        assert read_into_empty_list(table_id, with_cells(listed, {"E7": None})) == stored
        kasse = running_table("ravensburger-2015", size=5)
        template = load_workbook(io.BytesIO(exports.template_workbook(kasse))).worksheets[0]
        assert (template["D7"].value, template["E7"].value) == ("Kasse zu Beginn (Pfennig)", 250)
        plain = running_table("schweinchen")
        template = load_workbook(io.BytesIO(exports.template_workbook(plain))).worksheets[0]
        assert (template["D7"].value, template["E7"].value) == (None, None)


def test_the_solos_are_written_as_the_set_names_them_and_older_words_still_read(
    app: Flask,
) -> None:
    """004 has no Pflichtsolo: its solos are „Solo“, its Bubensolo „Grand (Bubensolo)“ as the
    entry form names them (004 L57-61); lists written with the older words („Lustsolo“,
    „Bubensolo“; 000's „Damen-Buben-Solo“) read back the same."""
    with app.app_context():
        table_id, stored = stored_list("ravensburger-2015")
        table = db.session.get(RoundTable, table_id)
        assert table is not None
        listed = exports.list_workbook(table)
        sheet = load_workbook(io.BytesIO(listed)).worksheets[0]
        rows = {
            row[0].row: (row[2].value, row[3].value)
            for row in sheet.iter_rows(min_row=14, max_col=4)
            if row[2].value in ("Solo", "Lustsolo")
        }
        assert sorted(rows.values()) == [
            ("Solo", "Grand (Bubensolo)"),
            ("Solo", "Ohnetrumpf (Fleischloser)"),
        ]
        offered = " ".join(str(v.formula1) for v in sheet.data_validations.dataValidation)
        assert "Lustsolo" not in offered and "Pflichtsolo" not in offered
        assert "vorgeführtes Solo" in offered
        older = {}
        for line, (_, solo) in rows.items():
            older[f"C{line}"] = "Lustsolo"
            older[f"D{line}"] = "Bubensolo" if solo.startswith("Grand") else "Fleischloser"
        assert read_into_empty_list(table_id, with_cells(listed, older)) == stored
        table_id, stored = stored_list("hausregeln-2024")
        table = db.session.get(RoundTable, table_id)
        assert table is not None
        listed = exports.list_workbook(table)
        sheet = load_workbook(io.BytesIO(listed)).worksheets[0]
        (line,) = [
            row[0].row
            for row in sheet.iter_rows(min_row=14, max_col=4)
            if row[3].value == "gemischtes Damen/Buben-Solo"
        ]
        older = {f"D{line}": "Damen-Buben-Solo"}
        assert read_into_empty_list(table_id, with_cells(listed, older)) == stored
