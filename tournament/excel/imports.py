"""Score lists read from spreadsheets: a table's list, or every list of a tournament workbook.

A list is found by its title cell "Spielliste Tisch N" and read in the layout the export
writes (:mod:`tournament.domain.excel.list_cells`): the players row must name the table's players
in seat order, the header row must be the export's, and every row becomes a list entry. Then
the whole list goes through the engine exactly as the page's entries do, and each row is shown
accepted or refused with the cell or rule that refused it. Nothing is stored until the
Turnierleitung confirms, and then all lists of the file or none.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Any

from rules_engine.calls import Party
from rules_engine.errors import DokoError
from rules_engine.records import score_record, summary_from_record
from rules_engine.scoring import winner_of
from tournament import texts
from tournament.domain import audit_log as audit
from tournament.domain import list_sheet, list_store, score_lists, table_play
from tournament.domain.errors import ScoreListRefused, ServiceError, SpreadsheetError
from tournament.domain.excel import list_cells, rule_set_cells
from tournament.domain.excel.list_cells import FIXED, ReadRow, TablePlayer, cell_text, normalise
from tournament.domain.excel.reading import (
    FormulaWithoutValue,
    Grid,
    read_upload,
)
from tournament.domain.list_entries import describe_entry
from tournament.domain.list_store import Report, entry_texts, player_key
from tournament.models import RoundStatus, RoundTable, Tournament, User
from tournament.texts import Refusal
from tournament.texts import rule_set_day as day_words
from tournament.texts import rule_set_excel as set_words
from tournament.texts.list_cells import PLUS_POINTS, ListCell, list_cell
from tournament.texts.spreadsheets import FilePart, FileProblem, file_part

TITLE = re.compile(r"^\s*Spielliste\s+Tisch\s+(\d+)\s*$", re.IGNORECASE)
ROUND_SHEET = re.compile(r"^Runde (\d+)$")
# Sheets of the tournament workbook that hold no lists to read.
TEMPLATE_SHEET = re.compile(r"^Vorlagen Runde (\d+)$")
OTHER_SHEETS = re.compile(r"^(Stand|Spieler)$")
SECTION_TITLES = {normalise(list_cells.NORMAL_SECTION), normalise(list_cells.PFLICHT_SECTION)}
# Headers of the layout before players were written as positions, and their successors.
OLDER_HEADERS = {"re": list_cells.RE_HEADER, "gewinner": PLUS_POINTS}
# Rows below the title row: the round, the players' names, the header row.
ROUND_ROW, PLAYERS_ROW, HEADER_ROW = 3, 8, list_cells.HEADER_ROW - 1


@dataclass(frozen=True)
class ImportRow:
    """One spreadsheet row as the preview shows it."""

    line: int
    number: int | None
    description: str
    points: tuple[int, ...] = ()
    problems: tuple[str, ...] = ()


@dataclass
class ListImport:
    """One table's list read from a sheet: its rows, entries and what stops it."""

    table: RoundTable
    sheet: str
    top: int
    rows: list[ImportRow] = field(default_factory=list)
    entries: list[dict[str, Any]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    # What the reader corrected rather than refused: Stand columns recomputed from the points.
    corrections: list[str] = field(default_factory=list)
    report: Report | None = None

    @property
    def ok(self) -> bool:
        return not self.problems and not any(row.problems for row in self.rows)

    @property
    def refused(self) -> int:
        return sum(1 for row in self.rows if row.problems)

    @property
    def unchanged(self) -> bool:
        """Whether the file's list is the stored one: the same entries, whatever points the
        list page wrote beside a game in detail or a penalty (a stored list's written points
        are the engine's, and the file's are checked against the engine's, see ``_check``)."""
        stored = list_store.entries_of(self.table)
        return len(self.entries) == len(stored) and all(
            _decisive(read) == _decisive(kept)
            for read, kept in zip(self.entries, stored, strict=True)
        )

    @property
    def stored(self) -> int:
        return len(entry_texts(self.table))

    @property
    def names(self) -> list[str]:
        """The players in seat order as the app tells them apart (``scorelists.names_of``)."""
        labels = list_store.names_of(self.table)
        return [labels[player_key(seat.registration.start_number)] for seat in self.table.seats]


def _decisive(entry: dict[str, Any]) -> dict[str, Any]:
    """An entry without the points written beside what the engine scores itself; an entry
    given as points (a game "nur in Punkten") keeps them: they are what it says."""
    if entry.get("quick") is True:
        return entry
    return {key: value for key, value in entry.items() if key != "points"}


@dataclass
class FileImport:
    """Every list a file holds, and problems of the file itself."""

    lists: list[ListImport] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems and all(lst.ok for lst in self.lists)

    @property
    def changed(self) -> list[ListImport]:
        return [lst for lst in self.lists if not lst.unchanged]


# ---------------------------------------------------------------------------- reading


def read_table_file(table: RoundTable, data: bytes, filename: str) -> FileImport:
    """The one list of ``table`` in an uploaded file (a single sheet with one list)."""
    grids = [grid for grid in read_upload(data, filename) if grid.rows]
    if not grids:
        raise SpreadsheetError(FileProblem.ONLY_EMPTY_SHEETS)
    if len(grids) > 1:
        titles = ", ".join(f"„{grid.title}“" for grid in grids)
        raise SpreadsheetError(FileProblem.SEVERAL_SHEETS, sheets=titles)
    grid = grids[0]
    blocks = _blocks(grid)
    if not blocks:
        first = grid.value(1, 1)
        shown = f"„{first}“" if first not in (None, "") else file_part(FilePart.EMPTY_CELL)
        raise SpreadsheetError(FileProblem.NO_LIST, sheet=grid.title, first=shown)
    if len(blocks) > 1:
        raise SpreadsheetError(FileProblem.SEVERAL_LISTS, sheet=grid.title, lists=len(blocks))
    top, number = blocks[0]
    result = FileImport()
    if number != table.number:
        result.problems.append(
            f"Zelle {grid.ref(top, 1)}: Das ist die Liste von Tisch {number}, nicht von "
            f"Tisch {table.number}."
        )
        return result
    result.lists.append(read_list(grid, top, table))
    return result


def read_tournament_file(tournament: Tournament, data: bytes, filename: str) -> FileImport:
    """Every list of a tournament workbook: sheets "Runde N" with the tables' lists, and
    "Vorlagen Runde N" with their blank templates, read where somebody filled one in.

    A CSV file is one sheet without a name (a round's sheet saved as CSV, or lists of several
    rounds one below the other): each of its lists is read for the round its "Runde" row
    names."""
    result = FileImport()
    rounds = {round_.number: round_ for round_ in tournament.rounds}
    # Per round its tables by number, loaded once with everything their lists read.
    tables: dict[int, dict[int, RoundTable]] = {}
    # Per table the list read for it, with where it was found.
    found_lists: dict[int, ListImport] = {}
    is_csv = PurePath(filename).suffix.casefold() == ".csv"
    for grid in read_upload(data, filename):
        found = ROUND_SHEET.match(grid.title) or TEMPLATE_SHEET.match(grid.title)
        if found is None and not is_csv:
            if not OTHER_SHEETS.match(grid.title) and grid.rows:
                result.problems.append(
                    f"Blatt „{grid.title}“ gehört nicht zu einer Turnier-Datei (erwartet: Stand, "
                    "Spieler, Runde N, Vorlagen Runde N)."
                )
            continue
        if found and int(found.group(1)) not in rounds:
            result.problems.append(
                f"Blatt „{grid.title}“: Runde {found.group(1)} gibt es in diesem Turnier nicht."
            )
            continue
        is_template = TEMPLATE_SHEET.match(grid.title) is not None
        for top, number in _blocks(grid):
            round_number = int(found.group(1)) if found else _round_of_list(grid, top)
            round_ = rounds.get(round_number) if round_number is not None else None
            if round_ is None:
                cell = grid.ref(top + ROUND_ROW, 2)
                result.problems.append(
                    f"Zelle {cell}: Runde {round_number} gibt es in diesem Turnier nicht."
                    if round_number is not None
                    else f"Zelle {cell}: bitte die Nummer der Runde angeben."
                )
                continue
            if round_.number not in tables:
                tables[round_.number] = {t.number: t for t in table_play.tables_of_round(round_)}
            table = tables[round_.number].get(number)
            if table is None:
                result.problems.append(
                    f"Blatt „{grid.title}“, Zelle {grid.ref(top, 1)}: Tisch {number} gibt es in "
                    f"Runde {round_.number} nicht."
                )
                continue
            read = read_list(grid, top, table)
            if is_template and not read.rows and not read.problems:
                continue  # a template nobody filled in
            earlier = found_lists.get(table.id)
            if earlier is None or not (earlier.rows or earlier.problems):
                found_lists[table.id] = read
            elif read.rows:
                result.problems.append(
                    f"Tisch {number} von Runde {round_.number} steht ausgefüllt auf Blatt "
                    f"„{earlier.sheet}“ und auf Blatt „{grid.title}“: bitte nur eine der "
                    "beiden Listen ausfüllen."
                )
            else:
                result.problems.extend(read.problems)
    result.lists = list(found_lists.values())
    if not result.lists and not result.problems:
        result.problems.append(
            "Die Datei enthält keine Spielliste: erwartet werden Blätter „Runde N“ mit Listen, "
            "deren erste Zelle „Spielliste Tisch N“ heißt."
        )
    return result


def _round_of_list(grid: Grid, top: int) -> int | None:
    """The round a list names in its "Runde" row (the list's title in row ``top``)."""
    text = cell_text(grid.value(top + ROUND_ROW, 2))
    return int(text) if text.isdigit() else None


def _blocks(grid: Grid) -> list[tuple[int, int]]:
    """(title row, table number) of every list on the sheet."""
    found = []
    for line, row in enumerate(grid.rows, start=1):
        value = row[0] if row else None
        match = TITLE.match(value) if isinstance(value, str) else None
        if match:
            found.append((line, int(match.group(1))))
    return found


def read_list(grid: Grid, top: int, table: RoundTable) -> ListImport:
    """The list whose title is in row ``top``, read for ``table`` and checked by the engine."""
    result = ListImport(table, grid.title, top)
    seats = list(table.seats)
    labels = list_store.names_of(table)
    players = [
        TablePlayer(
            key,
            seat.position,
            seat.registration.player.name,
            labels.get(key, seat.registration.player.name),
        )
        for seat in seats
        for key in (player_key(seat.registration.start_number),)
    ]
    where = f"Blatt „{grid.title}“, "
    round_text = cell_text(grid.value(top + ROUND_ROW, 2))
    if round_text not in ("", str(table.round.number)):
        result.problems.append(
            f"{where}Zelle {grid.ref(top + ROUND_ROW, 2)}: Runde {round_text}, aber diese "
            f"Liste wird für Runde {table.round.number} eingelesen."
        )
    for i, player in enumerate(players, start=2):
        written = cell_text(grid.value(top + PLAYERS_ROW, i))
        if normalise(written) not in (normalise(player.name), normalise(player.shown)):
            result.problems.append(
                f"{where}Zelle {grid.ref(top + PLAYERS_ROW, i)}: „{written}“ – auf Platz "
                f"{player.position} sitzt {player.shown}."
            )
    layout = rule_set_cells.layout_of(table.round.tournament, table.size)
    other = _other_rule_set(grid, top, layout, where)
    if other is None and layout is not None:
        other = _other_pot_start(grid, top, layout, table, where)
    if other is not None:
        result.problems.append(other)
        return result
    positions = [p.position for p in players]
    expected = list_cells.headers(positions) if layout is None else layout.headers(positions)
    for col, header in enumerate(expected, start=1):
        written = cell_text(grid.value(top + HEADER_ROW, col))
        if normalise(written) != normalise(header):
            older = OLDER_HEADERS.get(normalise(written)) == header
            unit = layout is not None and _other_unit(written, header, layout)
            result.problems.append(
                f"{where}Zelle {grid.ref(top + HEADER_ROW, col)}: Spalte „{header}“ erwartet, "
                f"gefunden „{written}“. "
                + (
                    "Die Datei hat die Spalten einer älteren Vorlage (Spieler mit Namen, "
                    "Gewinner statt Pluspunkte): bitte die Liste oder Vorlage neu "
                    "herunterladen und die Zeilen dort eintragen."
                    if older
                    else "Die Spalten der Vorlage dürfen nicht verschoben, eingefügt oder "
                    "gelöscht werden."
                )
                + (
                    set_words.WRONG_UNIT.format(
                        name=layout.name, unit=layout.unit, rule=layout.rule("Abrechnung")
                    )
                    if unit and layout is not None
                    else ""
                )
            )
            break
    if result.problems:
        return result
    reader: list_cells.Reader = (
        list_cells.Reader(players, grid.ref)
        if layout is None
        else rule_set_cells.SetReader(players, grid.ref, layout)
    )
    width = len(FIXED) if layout is None else layout.fixed
    read = _rows(grid, top + HEADER_ROW + 1, reader, len(players), width)
    _order(read)
    if any(row.problems for row in read):
        result.rows = sorted((_shown(row, (), table, ()) for row in read), key=lambda r: r.line)
        result.notes.append("Die Regelprüfung folgt, sobald alle Zeilen lesbar sind.")
        return result
    _fill_dealers(table, read)
    entries = [dict(row.record) for row in read if row.record is not None]
    checked = _check(table, entries, read, players, grid.ref, width)
    report = checked.report
    result.entries = entries
    result.report = report
    computed = {int(r["entry"]): r for r in report["rows"]} if report else {}
    shown = []
    for number, row in enumerate(read, start=1):
        points = computed[number]["points"] if number in computed else {}
        shown.append(
            _shown(
                row,
                tuple(int(points[p.key]) for p in players if p.key in points),
                table,
                tuple(checked.problems.get(number, ())),
            )
        )
    result.rows = sorted(shown, key=lambda r: r.line)
    result.problems.extend(checked.problems.get(0, ()))
    result.corrections.extend(checked.notes)
    result.notes.extend(_notes(report, table))
    return result


def _rows(
    grid: Grid, first: int, reader: list_cells.Reader, size: int, fixed: int = len(FIXED)
) -> list[ReadRow]:
    points_end = fixed + size
    width = points_end + size
    read: list[ReadRow] = []
    for line in range(first, len(grid.rows) + 1):
        head = cell_text(grid.value(line, 1))
        if normalise(head) == "summe" or TITLE.match(head):
            break
        if normalise(head) in SECTION_TITLES:
            continue
        values = [grid.value(line, col) for col in range(1, width + 1)]
        if all(v is None or (isinstance(v, str) and not v.strip()) for v in values):
            continue
        # A running total is recomputed from the points: one without a stored value is empty.
        formulas = [
            f"Zelle {grid.ref(line, col)}: Formel ohne gespeicherten Wert ({v.formula}) – bitte "
            "die Datei in Excel oder LibreOffice öffnen und speichern, damit die Werte "
            "mitgespeichert werden"
            for col, v in enumerate(values[:points_end], start=1)
            if isinstance(v, FormulaWithoutValue)
        ]
        cleaned = [None if isinstance(v, FormulaWithoutValue) else v for v in values]
        row = reader.read(
            line,
            cleaned[:fixed],
            cleaned[fixed:points_end],
            cleaned[points_end:width],
        )
        row.problems[:0] = formulas
        read.append(row)
    return read


def _other_rule_set(
    grid: Grid, top: int, layout: rule_set_cells.Layout | None, where: str
) -> str | None:
    """Why the list cannot be read under the tournament's rule set: its key cell names another
    set (a list without one is a DDV list); ``None`` when the sets agree."""
    row, column = top + rule_set_cells.RULES_ROW, rule_set_cells.KEY_COLUMN
    text = cell_text(grid.value(row, column))
    if layout is None:
        ours: tuple[str, tuple[str, ...]] = (rule_set_cells.DDV, ())
        key = rule_set_cells.DDV
    else:
        ours = (layout.preset, layout.variants)
        key = layout.key
    tournament = rule_set_cells.name_of_key(*ours)
    found = rule_set_cells.read_key(text)
    if found is None:
        return set_words.UNKNOWN_RULE_SET.format(
            where=where, ref=grid.ref(row, column), text=text, key=key, tournament=tournament
        )
    if (found[0], tuple(sorted(found[1]))) == (ours[0], tuple(sorted(ours[1]))):
        return None
    return set_words.OTHER_RULE_SET.format(
        where=where,
        ref=grid.ref(row, column),
        file=rule_set_cells.name_of_key(*found),
        tournament=tournament,
    )


def _other_pot_start(
    grid: Grid, top: int, layout: rule_set_cells.Layout, table: RoundTable, where: str
) -> str | None:
    """Why the list cannot be read: it starts its pot elsewhere than the tournament's lists
    do; ``None`` when the starts agree or the file leaves the cell empty."""
    label = layout.pot_start_label
    row, column = top + rule_set_cells.RULES_ROW, rule_set_cells.POT_START_COLUMN
    text = cell_text(grid.value(row, column))
    start = rule_set_cells.pot_start(table)
    if label is None or start is None or text in ("", str(start)):
        return None
    return set_words.OTHER_POT_START.format(
        where=where,
        ref=grid.ref(row, column),
        text=text,
        label=label,
        start=start,
        setting=day_words.LABELS["pot_start"],
        rule=layout.rule("Abrechnung"),
    )


def _other_unit(written: str, header: str, layout: rule_set_cells.Layout) -> bool:
    """Whether a points header differs from the expected one only by its unit."""
    units = ("punkte", "pfennig")
    first, _, rest = normalise(written).partition(" ")
    expected, _, expected_rest = normalise(header).partition(" ")
    return first in units and expected in units and first != expected and rest == expected_rest


def _order(rows: list[ReadRow]) -> None:
    """Game order: games by "Nr.", a penalty or time note before the game of its "Nr." (one
    without a number right after the row above it), rows of one number in sheet order."""
    keys: dict[int, tuple[float, int, int]] = {}
    previous = 0.0
    for index, row in enumerate(rows):
        is_game = row.record is not None and row.record.get("kind") == "game"
        if row.number is not None:
            keys[index] = (float(row.number), 1 if is_game else 0, index)
            previous = float(row.number)
        else:
            keys[index] = (previous if not is_game else math.inf, 2, index)
    ordered = [rows[i] for i in sorted(keys, key=lambda i: keys[i])]
    rows[:] = ordered


def _fill_dealers(table: RoundTable, rows: list[ReadRow]) -> None:
    """A game row without "Geber" gets the dealer the rules name at that point (TSR 3.3.1)."""
    done: list[dict[str, Any]] = []
    for row in rows:
        if row.record is None:
            continue
        if row.needs_dealer:
            try:
                dealer = list_store.trial(table, done)["next_dealer"]
            except ScoreListRefused:
                dealer = None
            if dealer is not None:
                row.record["dealer"] = dealer
        done.append(row.record)


#: The column an engine finding about a game row is about (the rest name the row).
_COLUMN_OF_PART = {
    "kind": list_cells.KIND,
    "player": list_cells.PLAYER,
    "re": list_cells.RE,
    "eyes": list_cells.EYES,
    "calls": list_cells.RE_CALL,
    "specials": list_cells.SPECIALS_RE,
}
_COLUMN_OF_CODE = {
    **{code: _COLUMN_OF_PART[part] for code, part in list_sheet.FIELD_OF_CODE.items()},
    "wrong_dealer": list_cells.DEALER,
    "sitting_dealer_fault": list_cells.DEALER,
    **dict.fromkeys(
        ("winner_not_playing", "no_winner_marked", "winners_not_party"), list_cells.PLUS
    ),
}
# Findings about a row of points as a whole: they name the row's Punkte cells.
_POINTS_CODES = frozenset(
    (
        "row_length",
        "sitting_out_points",
        "row_sum_not_zero",
        "row_parity",
        "solo_points_pattern",
        "normal_points_pattern",
        "penalty_points_differ",
    )
)


@dataclass
class _Checked:
    """The engine's verdict on a list read from a sheet: its report, the problems per entry
    (key: entry number, 0 for the whole list) and one note per Stand column that disagrees."""

    report: Report | None
    problems: dict[int, list[str]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def _check(
    table: RoundTable,
    entries: list[dict[str, Any]],
    rows: list[ReadRow],
    players: Sequence[TablePlayer],
    ref: Callable[[int, int], str],
    fixed: int = len(FIXED),
) -> _Checked:
    """The engine's verdict per entry, with what the rows wrote compared to what the engine
    computed; every problem of a row names its cell (``ref(line, column)``, e.g. "P14")."""
    checked = _Checked(None)
    problems = checked.problems
    try:
        report = list_store.trial(table, entries)
    except ScoreListRefused as refused:
        problems[0] = refused.messages
        return checked
    checked.report = report
    names = list_store.names_of(table)
    refusal = ScoreListRefused(report["findings"], names)
    points_at = fixed + 1
    for finding in refusal.errors:
        data = finding["data"]
        number = data["entry"] or 0
        # A row names its cell itself: the finding without the game it concerns.
        text = texts.on_the_list({**data, "game": None}, names)
        if 0 < number <= len(rows):
            line = rows[number - 1].line
            code = str(data.get("code"))
            column = _COLUMN_OF_CODE.get(code)
            # Otherwise the game's kind, or the facts of a penalty or time note.
            is_game = (rows[number - 1].record or {}).get("kind") == "game"
            if column is None:
                column = list_cells.KIND if is_game else list_cells.FACTS
            if code in _POINTS_CODES:
                cells = f"Zellen {ref(line, points_at)}–{ref(line, points_at + len(players) - 1)}"
                text = list_cell(ListCell.FINDING, ref=cells, text=text)
            elif column is not None:
                text = list_cell(ListCell.FINDING, ref=f"Zelle {ref(line, column + 1)}", text=text)
        problems.setdefault(number, []).append(text)
    by_entry = {int(row["entry"]): row for row in report["rows"]}
    # Per Stand column: the first row (in the sheet) whose total disagrees with the points.
    stale: dict[int, tuple[int, int | str, int]] = {}
    for number, row in enumerate(rows, start=1):
        computed = by_entry.get(number)
        if computed is None:
            continue
        for i, player in enumerate(players):
            points = int(computed["points"][player.key])
            total = int(computed["totals"][player.key])
            written = row.points[i] if i < len(row.points) else None
            if written is not None and written != points:
                problems.setdefault(number, []).append(
                    list_cell(
                        ListCell.POINTS_DIFFER,
                        ref=f"Zelle {ref(row.line, points_at + i)}",
                        position=player.position,
                        written=_signed(written),
                        points=_signed(points),
                    )
                )
            shown = row.totals[i] if i < len(row.totals) else None
            first = i not in stale or row.line < stale[i][0]
            if shown is not None and shown != total and first:
                stale[i] = (row.line, shown, total)
        record = row.record or {}
        game = computed.get("game")
        if record.get("kind") == "game" and row.number is not None and row.number != game:
            problems.setdefault(number, []).append(
                list_cell(
                    ListCell.NUMBER_OUT_OF_ORDER,
                    ref=f"Zelle {ref(row.line, list_cells.NR + 1)}",
                    number=row.number,
                    game=game,
                )
            )
        if row.plus is not None and record.get("kind") == "game" and not record.get("quick"):
            plus = tuple(p.position for p in players if int(computed["points"][p.key]) > 0)
            if plus != row.plus:
                won = _winning_party(record, computed, players, list_store.rules_text(table))
                wrong = (
                    ListCell.PLUS_IS_THE_WINNING_PARTY if won == row.plus else ListCell.PLUS_DIFFERS
                )
                problems.setdefault(number, []).append(
                    list_cell(
                        wrong,
                        ref=f"Zelle {ref(row.line, list_cells.PLUS + 1)}",
                        written=list_cells.places(row.plus),
                        plus=list_cells.places(plus),
                    )
                )
    totals_at = points_at + len(players)
    for i, (line, shown, total) in sorted(stale.items()):
        letters = ref(line, totals_at + i).rstrip("0123456789")
        checked.notes.append(
            list_cell(
                ListCell.STAND_COLUMN,
                column=letters,
                header=f"Stand {players[i].position}",
                line=line,
                written=_signed(shown) if isinstance(shown, int) else f"„{shown}“",
                total=_signed(total),
            )
        )
    return checked


def _winning_party(
    record: dict[str, Any], computed: dict[str, Any], players: Sequence[TablePlayer], rules: str
) -> tuple[int, ...] | None:
    """The positions of the party that won the game in detail (TSR 7.1.3), None if nobody;
    under the tournament's rule set ``rules`` (``list_store.rules_text``)."""
    playing = [p for p in players if len(players) == 4 or p.key != computed.get("dealer")]
    game = {**record, "players": [p.key for p in playing]}
    try:
        if rules:
            winner = score_record({**game, "rules": json.loads(rules)})["winner"]
            re_won = winner == "re"
        else:
            party = winner_of(summary_from_record(game))
            winner, re_won = party, party is Party.RE
    except DokoError:
        return None
    if winner is None:
        return None
    re = {str(k) for k in record.get("re") or []}
    side = [p for p in playing if (p.key in re) == re_won]
    return tuple(sorted(p.position for p in side))


def _signed(number: int) -> str:
    """A number as a German message writes it, with a true minus sign."""
    return str(number).replace("-", "−")


def _shown(
    row: ReadRow, points: tuple[int, ...], table: RoundTable, problems: tuple[str, ...]
) -> ImportRow:
    """A row of the preview: the points the file holds (the engine's where a cell is empty)."""
    names = list_store.names_of(table)
    description = describe_entry(row.record, names) if row.record is not None else "nicht lesbar"
    found = tuple(_at(row.line, p) for p in [*row.problems, *problems])
    if row.points and any(p is not None for p in row.points):
        points = tuple(
            written if written is not None else (points[i] if i < len(points) else 0)
            for i, written in enumerate(row.points)
        )
    return ImportRow(row.line, row.number, description, points, found)


def _at(line: int, problem: str) -> str:
    """A problem prefixed with its row, unless it names its cell already."""
    if problem.startswith(("Zelle ", "Zellen ", "Zeile ")):
        return problem
    if re.match(r"^[A-Z]{1,3}\d+:", problem):
        return f"Zelle {problem}"
    return f"Zeile {line}: {problem}"


def _notes(report: Report | None, table: RoundTable) -> list[str]:
    if report is None:
        return []
    names = list_store.names_of(table)
    refusal = ScoreListRefused(report["findings"], names)
    return [refusal.german(f) for f in report["findings"] if f.get("level") != "error"]


# ---------------------------------------------------------------------------- storing


def store(user: User | None, found: FileImport, versions: dict[int, int]) -> int:
    """Store every changed list of ``found``, all or nothing; returns how many were stored.

    ``versions``: each table's version when the preview was shown; a list changed since then
    refuses the whole import (its entries were read against the older list)."""
    if not found.ok:
        raise ServiceError(Refusal.IMPORT_HAS_ERRORS)
    changed = found.changed
    if not changed:
        raise ServiceError(Refusal.IMPORT_UNCHANGED)
    for lst in changed:
        table = lst.table
        round_ = table.round
        if round_.status is not RoundStatus.RUNNING:
            refusal = (
                Refusal.IMPORT_ROUND_NOT_STARTED
                if round_.status is RoundStatus.DRAWN
                else Refusal.IMPORT_ROUND_FINISHED
            )
            raise ServiceError(refusal, round=round_.number, table=table.number)
        score_lists.claim(table, versions.get(table.id, 0))
        score_lists.replace_entries(table, lst.entries, user)
    audit.record(
        user,
        "import_lists",
        "tournament",
        changed[0].table.round.tournament_id,
        new={"tables": [f"R{lst.table.round.number}/T{lst.table.number}" for lst in changed]},
    )
    return len(changed)
