"""Every exported list reads back into the same list, whatever its players are called.

Hypothesis draws the players of a table (names with ", ", "/", ";", quotes, a leading "=",
"+", "-" or "@", markup, and players of the same name at one table) and a legal list of random
length played card by card by the engine (``rules_engine.simulate``). The list is stored,
exported, and read back: straight from the export, after openpyxl saved it again, and after
LibreOffice Calc opened and saved it (one LibreOffice start for every example's file). Every
row must be accepted and the entries must equal the stored ones.
"""

from __future__ import annotations

import io
import random
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from flask import Flask
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from openpyxl import load_workbook

from rules_engine.simulate import random_list
from tests.support.examples import examples
from tests.support.scorelists import make_round, make_tournament, make_user
from tests.support.uploads import page_shaped
from tournament.domain import list_store, score_lists
from tournament.domain.excel import exports
from tournament.excel import imports
from tournament.extensions import db
from tournament.models import RoundTable

# Pieces that break a reader splitting free text, or that a spreadsheet runs as a formula.
PIECES = (
    ", ",
    "/",
    ";",
    '"',
    "'",
    "=",
    "+",
    "-",
    "@",
    "Müller, Hans",
    "<script>alert(1)</script>",
    '=HYPERLINK("http://x","y")',
    "1",
    "keiner",
)
TEXT = st.text(st.characters(blacklist_categories=("Cc", "Cs")), min_size=1, max_size=12)
NAME = (
    st.lists(st.one_of(st.sampled_from(PIECES), TEXT), min_size=1, max_size=4)
    .map("".join)
    .filter(lambda name: bool(name.strip()) and len(name) <= 80)
)
HOSTILE = ["Müller, Hans", "a/b", "<script>…</script>", '=HYPERLINK("http://x","y")']


@st.composite
def tables(draw: st.DrawFn) -> tuple[list[str], int, int]:
    """(the players' names by position, a seed for the list, how many entries of it)."""
    size = draw(st.sampled_from((4, 5)))
    names = draw(st.lists(NAME, min_size=size, max_size=size))
    # Namesakes: some players take another's name.
    for target, source in draw(
        st.lists(st.tuples(st.integers(0, size - 1), st.integers(0, size - 1)), max_size=2)
    ):
        names[target] = names[source]
    seed = draw(st.integers(0, 2**32 - 1))
    length = draw(st.integers(1, 40))
    return names, seed, length


@dataclass(frozen=True)
class Exported:
    table_id: int
    data: bytes
    entries: list[dict[str, Any]]


def store_and_export(names: list[str], seed: int, length: int) -> Exported:
    """A new tournament with one table of these players and a legal list; its export."""
    tournament, regs = make_tournament([(name, f"Verein {i}") for i, name in enumerate(names)])
    make_round(tournament, 1, [regs])
    db.session.flush()
    table = tournament.rounds[0].tables[0]
    keys = tuple(str(reg.start_number) for reg in regs)
    made = page_shaped(random_list(random.Random(seed), players=keys)["entries"])
    score_lists.replace_entries(table, made[:length], None)
    db.session.commit()
    stored = list_store.entries_of(table)
    assert stored == made[:length]
    return Exported(table.id, exports.list_workbook(table), stored)


def read_back(exported: Exported, data: bytes) -> None:
    table = db.session.get(RoundTable, exported.table_id)
    assert table is not None
    found = imports.read_table_file(table, data, "liste.xlsx")
    (read,) = found.lists
    problems = [p for row in read.rows for p in row.problems]
    assert found.ok, [*found.problems, *read.problems, *problems]
    assert read.entries == exported.entries


def resaved(data: bytes) -> bytes:
    """The workbook as openpyxl saves it again (another program's XML for the same cells)."""
    buffer = io.BytesIO()
    load_workbook(io.BytesIO(data)).save(buffer)
    return buffer.getvalue()


def test_every_exported_list_reads_back_whatever_the_names(app: Flask) -> None:
    with app.app_context():
        make_user()
        db.session.commit()

        @settings(
            max_examples=examples(60),
            deadline=None,
            suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
        )
        @given(tables())
        @example((HOSTILE, 1, 24))
        @example(([*HOSTILE[:3], HOSTILE[0]], 2, 24))
        @example((["Hans Müller", "Eva", "Hans Müller", "3", "Eva"], 3, 40))
        def check(table: tuple[list[str], int, int]) -> None:
            exported = store_and_export(*table)
            read_back(exported, exported.data)
            read_back(exported, resaved(exported.data))

        check()


def test_every_exported_list_reads_back_after_libreoffice_whatever_the_names(
    app: Flask, libreoffice: ModuleType
) -> None:
    """The export opened and saved by LibreOffice: the files of all examples converted by one
    LibreOffice start, then each read back."""
    with app.app_context():
        make_user()
        db.session.commit()
        done: list[Exported] = []

        @settings(
            max_examples=12,
            deadline=None,
            database=None,
            suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
        )
        @given(tables())
        @example((HOSTILE, 1, 24))
        @example((["Hans Müller", "Eva", "Hans Müller", "=3", "@Eva"], 3, 40))
        def collect(table: tuple[list[str], int, int]) -> None:
            done.append(store_and_export(*table))

        collect()
        assert len(done) >= 12
        for exported, data in zip(
            done, libreoffice.convert_all([e.data for e in done]), strict=True
        ):
            read_back(exported, data)
