"""Score lists as Excel workbooks, laid out like the paper Spielliste.

The running totals are written twice: as the engine's values and as formulas over the
points, with a check column comparing both, so the sheet checks itself in any spreadsheet
program. Every formula works on ranges that span a section from its title row to the empty
row under it (the "Summe" row the whole block), so rows a user inserts anywhere inside the
block to carry the list on are counted. Players stand in the rows as their positions at the
table (``list_cells``); the header rows say who sits where. Text that a spreadsheet would
run as a formula (a name beginning with ``=``, ``+``, ``-`` or ``@``) is written as plain
text with a quote prefix. The blank template of a table
has the same block layout with empty rows to fill in, so a filled-in template reads back
like an exported list (``list_cells``).

The sheets are laid out in memory (:class:`Grid`) and written by ``writing``: streamed
row by row through openpyxl's write-only mode, a big workbook's sheets in parallel.
"""

from __future__ import annotations

import contextlib
import gc
import threading
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from openpyxl.utils import get_column_letter

from tournament.domain import list_sheet, names, registrations, rule_sets, standings, table_play
from tournament.domain.excel import list_cells, rule_set_cells
from tournament.domain.excel.writing import Bold, Formula, Grid, xlsx
from tournament.models import RoundTable, Tournament
from tournament.texts import rule_set_excel as set_words
from tournament.texts.list_cells import PLUS_POINTS, PLUS_POINTS_HINT

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
HEADER_ROW = list_cells.HEADER_ROW
NORMAL_SECTION = list_cells.NORMAL_SECTION
PFLICHT_SECTION = list_cells.PFLICHT_SECTION
# Empty rows of the blank template per table size: (first section, Pflichtsolo section).
TEMPLATE_ROWS = {4: (24, 4), 5: (30, 5)}
TEMPLATE_HINT = (
    "Ausfüllen: Nr. = Spielnummer (bei einer Strafe die Nummer des folgenden Spiels); Re "
    "(Plätze) mit Platznummern (z. B. „1, 3“); Geber, Solist/Hochzeiter und Verursacher mit "
    "Platznummer (oder dem Namen, wenn ihn niemand sonst am Tisch trägt); "
    f"{PLUS_POINTS}: {PLUS_POINTS_HINT}; Augen Re leer lassen bei einem Spiel, "
    "das nur in Punkten eingetragen wird (dann Punkte aller Spieler und die Pluspunkte "
    "angeben, TSR 7.3); Pflichtsoli im Abschnitt Pflichtsoli. Die Stand-Spalten müssen "
    "nicht ausgefüllt werden: eingelesen werden die Punkte, der Stand wird aus ihnen "
    "berechnet."
)


# --------------------------------------------------------------------- the workbooks


def list_filename(table: RoundTable) -> str:
    return f"liste-runde-{table.round.number}-tisch-{table.number}.xlsx"


def list_workbook(table: RoundTable) -> bytes:
    """One table's score list as an .xlsx file."""
    grid = Grid(f"Tisch {table.number}")
    write_list(grid, list_sheet.sheet(table))
    return xlsx([grid])


def template_filename(table: RoundTable) -> str:
    return f"vorlage-runde-{table.round.number}-tisch-{table.number}.xlsx"


def template_workbook(table: RoundTable) -> bytes:
    """A blank score list of one table, ready to fill in (or to print)."""
    grid = Grid(f"Tisch {table.number}")
    write_template(grid, table)
    return xlsx([grid])


def tournament_filename(tournament: Tournament) -> str:
    return f"turnier-{tournament.id}-{tournament.date.isoformat()}.xlsx"


def tournament_workbook(tournament: Tournament) -> bytes:
    """The whole tournament: standings, players, and per round one sheet with every table's
    list one below the other and one with every table's blank template."""
    with _collection_paused():
        return xlsx(tournament_sheets(tournament))


def tournament_sheets(tournament: Tournament) -> Iterator[Grid]:
    """The tournament workbook's sheets, each laid out when it is asked for (the writer
    hands a finished round to a worker while the next one is laid out)."""
    yield _standings(standings.overall(tournament))
    yield _players(tournament)
    for round_ in tournament.rounds:
        lists = Grid(f"Runde {round_.number}")
        templates = Grid(f"Vorlagen Runde {round_.number}")
        row = template_row = 1
        for table in table_play.tables_of_round(round_):
            row = write_list(lists, list_sheet.sheet(table), row) + 3
            template_row = write_template(templates, table, template_row) + 3
        yield lists
        yield templates


_paused = 0
_paused_lock = threading.Lock()


@contextlib.contextmanager
def _collection_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused while a tournament's lists are loaded and
    laid out: every few thousand new objects it would walk all of them (the loaded rows,
    the growing sheets), and they are all still in use. It pays: the 400 x 8 workbook took
    4.4-4.5 s paused against 5.2-6.0 s with the collector running (``bench/excel_export.py``,
    taken in turns, 2 cores). Counted, so that two exports at once (threads of one server)
    do not switch it back on under each other."""
    global _paused
    with _paused_lock:
        ours = _paused > 0 or gc.isenabled()  # switched off by someone else: leave it so
        if ours:
            _paused += 1
            gc.disable()
    try:
        yield
    finally:
        if ours:
            with _paused_lock:
                _paused -= 1
                if _paused == 0:
                    gc.enable()


def _standings(table: standings.Standings) -> Grid:
    grid = Grid("Stand")
    headers = ["Platz", "Nr.", "Name", "Verein", *(f"Runde {n}" for n in table.rounds)]
    grid.put_row(1, (Bold(h) for h in [*headers, "Gesamt", "Runden"]))
    for row, entry in enumerate(table.rows, start=2):
        grid.put_row(row, (entry.rank, entry.start_number, entry.name, entry.club))
        grid.put_row(row, entry.points, start=5)
        grid.put(row, 5 + len(table.rounds), entry.total)
        grid.put(row, 6 + len(table.rounds), entry.rounds_played)
    grid.widths.update({3: 28, 4: 20})
    return grid


def _players(tournament: Tournament) -> Grid:
    """The registrations in start-number order, with their players in the same query (not
    one query per player). The names are the plain names, not the display labels: the
    start number, club and DDV number stand in their own columns, and the sheet reads back
    as a player list (``player_files``) with the names as they were registered."""
    grid = Grid("Spieler")
    headers = ["Nr.", "Name", "Verein", "DDV-Nr.", "ab Runde", "zurückgezogen nach Runde"]
    grid.put_row(1, (Bold(h) for h in headers))
    for row, registration in enumerate(registrations.with_players(tournament), start=2):
        player = registration.player
        grid.put_row(
            row,
            (
                registration.start_number,
                player.name,
                player.club,
                player.ddv_number,
                registration.first_round,
                registration.withdrawn_after_round,
            ),
        )
    grid.widths.update({2: 28, 3: 20})
    return grid


# --------------------------------------------------------------------- a list block


class Seated(NamedTuple):
    position: int
    name: str
    start_number: int


_BLOCKS = {"points": 0, "total": 1, "formula": 2}


class Columns:
    """Where the per-player columns of the list start: points, totals, total formulas; the
    check, the pot's balance under a rule set with a pot, and the names of a row's players."""

    def __init__(self, fixed: int, size: int, layout: rule_set_cells.Layout | None = None) -> None:
        self.fixed = fixed
        self.size = size
        self.layout = layout
        self.check = fixed + 3 * size + 1
        self.balance = self.check + 1 if layout is not None and layout.pot is not None else None
        self.hint = (self.balance or self.check) + 1
        # Column letters worked out once per list: a tournament's lists hold 300,000 refs.
        self.letters = {
            kind: [get_column_letter(self.col(kind, player)) for player in range(size)]
            for kind in _BLOCKS
        }

    def col(self, kind: str, player: int) -> int:
        return self.fixed + _BLOCKS[kind] * self.size + player + 1

    def ref(self, kind: str, player: int, row: int) -> str:
        return f"{self.letters[kind][player]}{row}"


def _write_head(
    grid: Grid,
    table: RoundTable,
    players: Sequence[Seated],
    top: int,
    pot_start: int | None = None,
) -> Columns:
    """Title, the list's facts, the players by position, and the header row; under a set with
    a pot, its start beside the set (``pot_start``, the engine's)."""
    base = top - 1
    round_ = table.round
    tournament = round_.tournament
    grid.put(top, 1, Bold(list_cells.TITLE.format(number=table.number)))
    facts = [
        ("Turnier", tournament.name),
        ("Datum", tournament.date.strftime("%d.%m.%Y")),
        ("Runde", str(round_.number)),
        ("Tisch", f"{table.number} ({len(players)} Spieler)"),
        ("Listenführer", players[-1].name if players else ""),
        ("Regelwerk", rule_sets.name_of(tournament)),
    ]
    for row, (label, value) in enumerate(facts, start=top + 1):
        grid.put_row(row, (label, value))
    layout = rule_set_cells.layout_of(tournament, table.size)
    positions = [p.position for p in players]
    if layout is None:
        headers = list_cells.headers(positions)
    else:
        # The set by its key, for the import: a list is read only under its own rule set.
        grid.put(top + rule_set_cells.RULES_ROW, rule_set_cells.KEY_COLUMN, layout.key)
        if layout.pot_start_label is not None:
            grid.put_row(
                top + rule_set_cells.RULES_ROW,
                (layout.pot_start_label, pot_start),
                start=rule_set_cells.POT_START_COLUMN - 1,
            )
        headers = layout.headers(positions)
    grid.put_row(base + 8, ("Platz", *positions))
    grid.put_row(base + 9, ("Name", *(p.name for p in players)))
    grid.put_row(base + 10, ("Nr.", *(p.start_number for p in players)))
    grid.put_row(base + HEADER_ROW, (Bold(h) for h in headers))
    grid.widths.update({1: 12, 4: 30, len(headers): 40})
    if layout is None:
        return Columns(len(list_cells.FIXED), len(players))
    return Columns(layout.fixed, len(players), layout)


def _offer(grid: Grid, columns: Columns, first: int, last: int) -> None:
    """The drop-down lists of the set's words in rows ``first`` to ``last`` (a set's list)."""
    if columns.layout is None or last < first:
        return
    for column, offered in rule_set_cells.offers(columns.layout):
        letter = get_column_letter(column + 1)
        grid.offer(f"{letter}{first}:{letter}{last}", offered)


def write_list(grid: Grid, list_sheet: list_sheet.Sheet, top: int = 1) -> int:
    """Write the list with its first row at ``top``; returns the last row written."""
    players = list_sheet.players
    seated = [Seated(p.position, p.name, p.start_number) for p in players]
    pot = (list_sheet.report or {}).get("pot") or {}
    columns = _write_head(grid, list_sheet.table, seated, top, pot.get("start"))
    positions = {p.key: p.position for p in players}

    row = top - 1 + HEADER_ROW + 1
    sections = (
        (NORMAL_SECTION, list_sheet.normal_rows),
        (PFLICHT_SECTION, list_sheet.pflicht_rows),
    )
    numbers = _numbers(list_sheet.rows)
    # The pot's balance after each entry (a set with a pot), as the engine computed it.
    balances = {
        int(r["entry"]): r.get("pot_balance") for r in (list_sheet.report or {}).get("rows", [])
    }
    # Each section from its title row to the empty row under it: rows a spreadsheet program
    # inserts anywhere between them are inside every range the formulas use.
    spans: list[tuple[int, int]] = []
    with_points: list[tuple[int, int]] = []  # (section, row) of each row with points
    for section, (title, rows) in enumerate(sections):
        grid.put(row, 1, Bold(title))
        first = row
        row += 1
        for entry in rows:
            _write_row(grid, row, entry, numbers[entry.entry], positions, columns)
            grid.put(row, columns.hint, list_cells.names_hint(entry.record, list_sheet.names))
            if columns.balance is not None:
                grid.put(row, columns.balance, balances.get(entry.entry))
            if entry.points:
                with_points.append((section, row))
            row += 1
        spans.append((first, row))
        row += 1
    for section, here in with_points:
        _write_running_total(grid, here, section, spans, columns)
    _offer(grid, columns, spans[0][0] + 1, row - 2)

    grid.put(row, 1, Bold("Summe"))
    first_row = spans[0][0]
    for i, player in enumerate(players):
        column = columns.letters["points"][i]
        grid.put(
            row, columns.col("points", i), Formula(f"=SUM({column}{first_row}:{column}{row - 1})")
        )
        grid.put(row, columns.col("total", i), player.total)
    return _write_foot(grid, row, columns, _status(list_sheet))


def _write_running_total(
    grid: Grid, here: int, section: int, spans: Sequence[tuple[int, int]], columns: Columns
) -> None:
    """The running totals of row ``here`` as formulas over ranges of the points: in game order
    (by "Nr.", TSR 8.4), the rows above it in its own section and the other section's rows
    that came before it. A penalty's "Nr." is the game it came before, so a Pflichtsolo counts
    the other section's rows up to its own number, a row of the first section those below it."""
    own_first, _ = spans[section]
    other_first, other_last = spans[1 - section]
    before = '"<="' if section == 1 else '"<"'
    numbers = f"$A${other_first}:$A${other_last}"
    for i in range(columns.size):
        points = columns.letters["points"][i]
        own = f"SUM({points}${own_first}:{points}{here})"
        other = f"SUMIF({numbers},{before}&$A{here},{points}${other_first}:{points}${other_last})"
        grid.put(here, columns.col("formula", i), Formula(f"={own}+{other}"))
    checks = ",".join(
        f"{columns.ref('formula', i, here)}={columns.ref('total', i, here)}"
        for i in range(columns.size)
    )
    grid.put(here, columns.check, Formula(f'=IF(AND({checks}),"ja","NEIN")'))


def write_template(grid: Grid, table: RoundTable, top: int = 1) -> int:
    """A blank list of the table with its first row at ``top``: the same block as
    :func:`write_list`, with empty rows to fill in; returns the last row written."""
    labels = names.of_tournament(table.round.tournament_id)
    seated = [
        Seated(
            s.position,
            labels.get(s.registration_id, s.registration.player.name),
            s.registration.start_number,
        )
        for s in table.seats
    ]
    size = len(seated)
    columns = _write_head(grid, table, seated, top, rule_set_cells.pot_start(table))
    row = first_row = top - 1 + HEADER_ROW + 1
    counts = TEMPLATE_ROWS.get(size, (6 * size, size))
    for title, count in zip((NORMAL_SECTION, PFLICHT_SECTION), counts, strict=True):
        grid.put(row, 1, Bold(title))
        row += count + 2
    grid.put(row, 1, Bold("Summe"))
    for i in range(size):
        column = columns.letters["points"][i]
        grid.put(
            row, columns.col("points", i), Formula(f"=SUM({column}{first_row}:{column}{row - 1})")
        )
    _offer(grid, columns, first_row + 1, row - 2)
    layout = columns.layout
    hint = TEMPLATE_HINT
    if layout is not None:
        three = layout.strohmann is not None
        hint = (set_words.STROHMANN_TEMPLATE_HINT if three else set_words.TEMPLATE_HINT).format(
            name=layout.name,
            specials=", ".join(layout.specials.values()) or "keine",
            columns=", ".join(h for h in layout.extra if h != set_words.STROHMANN_BY) or "keine",
            unit=layout.unit,
            strohmann=layout.strohmann,
            column=set_words.STROHMANN_BY,
        )
    return _write_foot(grid, row, columns, hint)


def _write_foot(grid: Grid, summe: int, columns: Columns, status: str) -> int:
    """The zero-sum check under the "Summe" row and the "Prüfung" line; its row."""
    row = summe + 1
    grid.put(row, 1, "Summe aller Spieler (muss 0 sein)")
    if columns.size:
        first = columns.ref("points", 0, summe)
        last = columns.ref("points", columns.size - 1, summe)
        grid.put(row, columns.col("points", 0), Formula(f"=SUM({first}:{last})"))
    row += 2
    grid.put_row(row, ("Prüfung", status))
    return row


def _write_row(
    grid: Grid,
    row: int,
    entry: list_sheet.SheetRow,
    number: int | None,
    positions: dict[str, int],
    columns: Columns,
) -> None:
    """One entry: players as their positions, the positions with plus points (TSR 7.3.3)."""
    keys = list(positions)
    plus = [positions[keys[i]] for i in entry.winners]
    if columns.layout is None:
        grid.put_row(row, list_cells.cells(entry.record, number, plus, positions))
    else:
        grid.put_row(
            row, rule_set_cells.cells(columns.layout, entry.record, number, plus, positions)
        )
    grid.put_row(row, entry.points, start=columns.col("points", 0))
    grid.put_row(row, entry.totals, start=columns.col("total", 0))


def _numbers(rows: tuple[list_sheet.SheetRow, ...]) -> dict[int, int | None]:
    """Each entry's "Nr.": a game its number, a penalty or time note the game it came before
    (after the last game: one more), so that reading the sheet in game order restores the list."""
    numbers: dict[int, int | None] = {}
    following: int | None = None
    last = max((r.game for r in rows if r.kind == "game" and r.game is not None), default=0)
    for row in reversed(rows):
        if row.kind == "game" and row.game is not None:
            following = row.game
        numbers[row.entry] = row.game if row.game is not None else (following or last + 1)
    return numbers


def _status(list_sheet: list_sheet.Sheet) -> str:
    if not list_sheet.valid:
        return "Die Liste enthält Fehler."
    if list_sheet.complete:
        struck = f", {list_sheet.struck} gestrichen" if list_sheet.struck else ""
        return f"vollständig und fehlerfrei ({list_sheet.games_played} Spiele{struck})"
    return f"unvollständig: noch {list_sheet.games_left} Spiele"
