"""The Excel list of a table of three with the Strohmann (preset 004 ``ravensburger-2015``, L91:
"Der Partner spielt außer seinen eigenen Karten ... auch die Karten des Strohmännchens aus"):
the single table's list, its blank template and its upload work as at a four or five. The
Strohmann stands by his word in the party cells („1, Strohmann“, Armut: nimmt „Strohmann“) and
the column „Strohmann gespielt von (Platz)“ says who played his cards (``strohmann_by``). An
exported list reads back into the same records, also after LibreOffice saved it, and so does
the tournament workbook's list; a row whose Strohmann data is wrong or missing is refused in
German naming the cell and 004 Z. 91, and nothing is stored."""

from __future__ import annotations

import io
from types import ModuleType
from typing import Any

import pytest
from flask import Flask
from openpyxl import load_workbook
from openpyxl.utils import get_column_letter

from tests.support.list_files import problems_of, read_into_empty_list, with_cells
from tests.support.scorelists import KEEPER, add_entry, make_round, make_tournament, make_user
from tournament.domain import list_store
from tournament.domain.errors import ServiceError
from tournament.domain.excel import exports
from tournament.domain.rule_sets import choose
from tournament.excel import imports
from tournament.extensions import db
from tournament.models import RoundTable
from tournament.rounds import service as rounds

Record = dict[str, Any]
DUMMY = "Strohmann"
BY_COLUMN = "Strohmann gespielt von (Platz)"


def game(kind: str, **fields: Any) -> Record:
    record: Record = {"kind": "game", "type": kind, **fields}
    record.setdefault("calls", {"re": None, "kontra": None})
    record.setdefault("specials", {"re": {}, "kontra": {}})
    return record


def table_of_three() -> RoundTable:
    """Seven players under 004 with Füchse and Armut: a table of three (start numbers 1-3 in
    positions 1-3) and one of four, round 1 started; the table of three."""
    leitung = make_user()
    tournament, regs = make_tournament([(f"Spieler {n}", "Kiel") for n in range(1, 8)])
    choice = choose("ravensburger-2015", ("fuechse", "armut"))
    tournament.rules_preset = choice.preset
    tournament.rules_variants = list(choice.variants)
    tournament.rules_overrides = dict(choice.overrides)
    round_ = make_round(tournament, 1, [regs[:3], regs[3:]])
    db.session.commit()
    rounds.start(leitung, round_, tournament.version)
    db.session.commit()
    table = round_.tables[0]
    assert table.size == 3
    return table


def records() -> list[Record]:
    """Every game kind 004 has at the three, the Strohmann on Re and on Kontra, with who played
    his cards as the entry form stores it (also where only one could have)."""
    return [
        game(
            "normal",
            re=["1", DUMMY],
            re_eyes=151,
            re_tricks=7,
            calls={"re": "re", "kontra": "kontra"},
            premiums=[{"kind": "fuchs", "by": "2"}],
            strohmann_by="1",
        ),
        game("normal", re=["2", "3"], re_eyes=100, re_tricks=5, strohmann_by="1"),
        game("hochzeit", player="3", re=["3", DUMMY], re_eyes=130, re_tricks=6, strohmann_by="3"),
        game("stille_hochzeit", player="1", re=["1"], re_eyes=170, re_tricks=9, strohmann_by="2"),
        game(
            "solo",
            solo="buben",
            player="2",
            re=["2"],
            re_eyes=151,
            re_tricks=7,
            strohmann_by="3",
        ),
        game(
            "solo",
            solo="fleischlos",
            player="3",
            re=["3"],
            re_eyes=90,
            re_tricks=4,
            strohmann_by="1",
        ),
        game("armut", re=["1", DUMMY], re_eyes=125, re_tricks=6, strohmann_by="1"),
    ]


def stored_three() -> tuple[int, list[Record]]:
    table = table_of_three()
    made: list[Record] = []
    for record in records():
        record["dealer"] = list_store.trial(table, made)["next_dealer"]
        made.append(record)
        add_entry(KEEPER, table, table.version, record)
        db.session.commit()
    assert list_store.check(table)["valid"]
    return table.id, list_store.entries_of(table)


def sheet_rows(data: bytes, title: str | None = None) -> list[tuple[Any, ...]]:
    workbook = load_workbook(io.BytesIO(data))
    sheet = workbook[title] if title else workbook.worksheets[0]
    return list(sheet.iter_rows(values_only=True))


def test_the_list_of_a_three_reads_back_unchanged_also_after_libreoffice(
    app: Flask, libreoffice: ModuleType
) -> None:
    with app.app_context():
        table_id, stored = stored_three()
        table = db.session.get(RoundTable, table_id)
        assert table is not None
        exported = exports.list_workbook(table)
        rows = sheet_rows(exported)
        headers = list(rows[11])
        by = headers.index(BY_COLUMN)
        assert "Pfennig 3" in headers and "Pfennig 4" not in headers
        # Row 14 is the first game: Re „1, Strohmann“, his cards played by position 1.
        assert rows[13][5] == "1, Strohmann" and rows[13][by] == 1
        assert all("strohmann_by" not in str(row[13]) for row in rows[13:20])
        assert read_into_empty_list(table_id, exported) == stored
        resaved = libreoffice.convert(exported)
        assert read_into_empty_list(table_id, resaved) == stored
        # The tournament workbook writes the same block and reads back the same.
        workbook = exports.tournament_workbook(table.round.tournament)
        heads = [r for r in sheet_rows(workbook, "Runde 1") if r[:2] == ("Nr.", "Geber")]
        assert [BY_COLUMN in r for r in heads] == [True, False]
        assert read_into_empty_list(table_id, workbook, "turnier.xlsx") == stored


def test_the_template_of_a_three_has_the_strohmann_column_and_a_filled_row_reads(
    app: Flask,
) -> None:
    with app.app_context():
        table = table_of_three()
        data = exports.template_workbook(table)
        rows = sheet_rows(data)
        headers = list(rows[11])
        by = headers.index(BY_COLUMN)
        assert any(isinstance(c, str) and "004 Z. 91" in c for row in rows for c in row)
        filled = with_cells(
            data,
            {
                "A14": 1,
                "B14": 1,
                "C14": "Solo",
                "D14": "Grand (Bubensolo)",
                "E14": "2",
                "I14": 151,
                "J14": 7,
                f"{letter(by)}14": "Spieler 3",
            },
        )
        read = read_into_empty_list(table.id, filled)
        assert read == [
            game(
                "solo",
                solo="buben",
                player="2",
                re=["2"],
                re_eyes=151,
                re_tricks=7,
                strohmann_by="3",
                dealer="1",
            )
        ]


def letter(index: int) -> str:
    return get_column_letter(index + 1)


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        # The Buben-Solo of position 2 (row 18): two on the Strohmann's side, none named.
        ({"by:18": None}, ("wer die Karten des Strohmanns gespielt hat", "1 (Spieler 1) oder 3")),
        # Position 2 is the soloist, not on the Strohmann's side.
        ({"by:18": 2}, ("„2“ war nicht auf der Seite des Strohmanns", "1 (Spieler 1) oder 3")),
        # The Strohmann named as soloist.
        ({"E18": "Strohmann", "F18": "Strohmann"}, ("„Strohmann“", "kein Solo und keine Hochzeit")),
        # A game in points only at the three.
        ({"I15": None, "J15": None}, ("mit Augen eintragen", "Pfennig allein")),
    ],
)
def test_wrong_or_missing_strohmann_data_is_refused_naming_the_cell_and_004_l91(
    app: Flask, change: dict[str, Any], expected: tuple[str, ...]
) -> None:
    with app.app_context():
        table_id, stored = stored_three()
        table = db.session.get(RoundTable, table_id)
        assert table is not None
        exported = exports.list_workbook(table)
        by = list(sheet_rows(exported)[11]).index(BY_COLUMN)
        changes = {
            (f"{letter(by)}{ref[3:]}" if ref.startswith("by:") else ref): value
            for ref, value in change.items()
        }
        found = imports.read_table_file(table, with_cells(exported, changes), "liste.xlsx")
        assert not found.ok
        problems = problems_of(found)
        cell = f"Zelle {next(iter(changes))}"
        assert any(
            cell in p and "004 Z. 91" in p and all(part in p for part in expected) for p in problems
        ), problems
        with pytest.raises(ServiceError):
            imports.store(None, found, {table.id: table.version})
        assert list_store.entries_of(table) == stored
