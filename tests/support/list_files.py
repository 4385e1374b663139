"""A score list's Excel file in the app tests: cells changed as a user would, the file read
into a table's emptied list through the import, and what the import found wrong."""

from __future__ import annotations

import io
from typing import Any

from openpyxl import load_workbook

from tournament.domain import list_store, score_lists
from tournament.excel import imports
from tournament.extensions import db
from tournament.models import RoundTable

Record = dict[str, Any]


def with_cells(data: bytes, changes: dict[str, Any]) -> bytes:
    """The workbook with some cells of its first sheet changed (``{"C14": "Armut"}``), saved
    by openpyxl."""
    workbook = load_workbook(io.BytesIO(data))
    sheet = workbook.worksheets[0]
    for ref, value in changes.items():
        sheet[ref] = value
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def problems_of(found: imports.FileImport) -> list[str]:
    """Everything the import found wrong: in the file, in a list, in a row."""
    return [
        *found.problems,
        *(p for lst in found.lists for p in lst.problems),
        *(p for lst in found.lists for row in lst.rows for p in row.problems),
    ]


def read_into_empty_list(table_id: int, data: bytes, filename: str = "liste.xlsx") -> list[Record]:
    """The file (a table's list, or with a ``turnier…`` name the tournament's workbook) read
    into the table's list emptied first, stored, and the list read back."""
    table = db.session.get(RoundTable, table_id)
    assert table is not None
    score_lists.replace_entries(table, [], None)
    db.session.commit()
    if filename.startswith("turnier"):
        found = imports.read_tournament_file(table.round.tournament, data, filename)
    else:
        found = imports.read_table_file(table, data, filename)
    assert found.ok, problems_of(found)
    imports.store(None, found, {table.id: table.version})
    db.session.commit()
    return list_store.entries_of(table)
