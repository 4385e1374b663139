"""The DDV ranking report (Ranglistenmeldung) of a tournament: the result file the DDV needs
for its ranking, and the plausibility checks to pass before it is sent
(``docs/ddv-report.md``).

:func:`report` is pure: from a tournament's :class:`Facts` (its head data, its standings as
``standings.overall`` worked them out, its players' own names, clubs and DDV numbers, the
penalties on its lists) to the report's rows and :class:`Finding` s. Nothing is worked out
again: place, points, rounds played and Rundenschnitt are the standings' own values. Bad data
is named and never dropped: a player without DDV number stays in the rows with an empty cell
and a finding.

:func:`to_csv` and :func:`to_xlsx` write one layout (:func:`cells`): the head (label, value),
one line per finding, an empty line, then the table. CSV as the app's other CSV files
(``;``, UTF-8 with BOM, decimal comma, text a spreadsheet would run as a formula with a ``'``
first); Excel by ``domain/excel/writing.py`` (openpyxl, such text with a quote prefix).
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from tournament.domain import registrations, standings
from tournament.domain.excel.writing import Bold, Grid, xlsx
from tournament.models import RoundStatus
from tournament.texts import ddv_report as words
from tournament.texts.ddv_report import Check, Level

#: docs/rules.md, "Where the TSR is silent: this project's defaults": "DDV ranking
#: tournaments need at least 32 players and normally 3 rounds."
MIN_PLAYERS = 32
MIN_ROUNDS = 3
#: The Rundenschnitt in the files: two decimals, halves up.
HUNDREDTH = Decimal("0.01")
#: What a spreadsheet takes for the start of a formula in a CSV cell (as the standings CSV).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: A level's order on the page and in the files.
LEVELS = (Level.ERROR, Level.WARNING, Level.INFO)

Cell = int | Decimal | str | None


@dataclass(frozen=True, slots=True)
class Head:
    """The tournament's head data the report names."""

    tournament_id: int
    name: str
    date: dt.date
    venue: str
    organiser: str
    #: The rule set's German name, and whether it is the DDV's TSR without changes.
    rule_set: str
    ddv_rules: bool
    rounds_planned: int


@dataclass(frozen=True, slots=True)
class Entrant:
    """A registration's player as stored: the own name (no namesake label), club, DDV
    number."""

    start_number: int
    name: str
    club: str
    ddv_number: str | None


@dataclass(frozen=True, slots=True)
class Penalty:
    """A penalty entry on a list: its round and table."""

    round: int
    table: int


@dataclass(frozen=True, slots=True)
class Facts:
    """What the report is made from."""

    head: Head
    standings: standings.Standings
    entrants: tuple[Entrant, ...]
    penalties: tuple[Penalty, ...] = ()


@dataclass(frozen=True, slots=True)
class Finding:
    """One plausibility finding: its check (code), level and parameters."""

    check: Check
    level: Level
    parameters: tuple[tuple[str, str | int], ...] = ()

    @property
    def params(self) -> dict[str, str | int]:
        return dict(self.parameters)

    @property
    def text(self) -> str:
        return words.sentence(self.check, self.params)

    @property
    def source(self) -> str:
        return words.SOURCES[self.check]

    @property
    def level_name(self) -> str:
        return words.LEVEL_NAMES[self.level]


@dataclass(frozen=True, slots=True)
class Row:
    """One player's line: the standings' place, total, closed rounds and Rundenschnitt."""

    rank: int
    ddv_number: str
    name: str
    club: str
    points: int
    rounds: int
    average: Decimal | None
    start_number: int

    @property
    def average_rounded(self) -> Decimal | None:
        if self.average is None:
            return None
        return self.average.quantize(HUNDREDTH, rounding=ROUND_HALF_UP)


@dataclass(frozen=True, slots=True)
class Report:
    head: Head
    rows: tuple[Row, ...]
    findings: tuple[Finding, ...]
    #: Players with at least one closed round, and every registration.
    players: int
    registered: int
    rounds_closed: int

    @property
    def errors(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.level is Level.ERROR)

    @property
    def qualifies(self) -> bool:
        """Whether nothing keeps the tournament from the ranking (no error)."""
        return not self.errors


def _finding(check: Check, level: Level, **parameters: str | int) -> Finding:
    return Finding(check, level, tuple(parameters.items()))


def same_ddv_key(ddv: str) -> str:
    """Two DDV numbers that differ only in case, spaces or hyphens are taken for one."""
    return "".join(ddv.split()).replace("-", "").upper()


def report(facts: Facts) -> Report:
    """The report's rows (in the standings' order) and findings (the tournament's first,
    then each player's, by place)."""
    head, table = facts.head, facts.standings
    by_start = {entrant.start_number: entrant for entrant in facts.entrants}
    rows = []
    for line in table.rows:
        entrant = by_start[line.start_number]
        rows.append(
            Row(
                rank=line.rank,
                ddv_number=entrant.ddv_number or "",
                name=entrant.name,
                club=entrant.club,
                points=line.total,
                rounds=line.rounds_played,
                average=line.average,
                start_number=line.start_number,
            )
        )
    players = sum(1 for row in rows if row.rounds > 0)
    closed = len(table.closed)
    findings: list[Finding] = []
    if not head.ddv_rules:
        findings.append(_finding(Check.RULE_SET, Level.ERROR, rule_set=head.rule_set))
    found = table.open_round
    if found is not None:
        unfinished = [str(t.number) for t in found.tables if not t.done]
        running = found.status is not RoundStatus.DRAWN
        findings.append(
            _finding(
                Check.ROUND_OPEN,
                Level.ERROR,
                round=found.number,
                status=found.status.label,
                tables=", ".join(unfinished) if running else "",
            )
        )
    if closed < head.rounds_planned:
        findings.append(
            _finding(
                Check.ROUNDS_MISSING, Level.WARNING, planned=head.rounds_planned, closed=closed
            )
        )
    if players < MIN_PLAYERS:
        findings.append(
            _finding(Check.TOO_FEW_PLAYERS, Level.ERROR, players=players, minimum=MIN_PLAYERS)
        )
    if closed < MIN_ROUNDS:
        findings.append(
            _finding(Check.TOO_FEW_ROUNDS, Level.WARNING, rounds=closed, minimum=MIN_ROUNDS)
        )
    holders: dict[str, list[Row]] = {}
    for row in rows:
        who: dict[str, str | int] = {"name": row.name, "start_number": row.start_number}
        if not row.ddv_number:
            findings.append(_finding(Check.DDV_MISSING, Level.WARNING, **who))
        else:
            if not registrations.ddv_number_valid(row.ddv_number):
                findings.append(
                    _finding(
                        Check.DDV_MALFORMED,
                        Level.ERROR,
                        ddv=row.ddv_number,
                        length=registrations.DDV_LENGTH,
                        **who,
                    )
                )
            holders.setdefault(same_ddv_key(row.ddv_number), []).append(row)
        if row.rounds == 0:
            findings.append(_finding(Check.NO_ROUND, Level.WARNING, **who))
    for rows_of_one in holders.values():
        if len(rows_of_one) > 1:
            findings.append(
                _finding(
                    Check.DDV_TWICE,
                    Level.ERROR,
                    ddv=rows_of_one[0].ddv_number,
                    names=", ".join(
                        f"{row.name} (Nr. {row.start_number}, „{row.ddv_number}“)"
                        for row in rows_of_one
                    ),
                )
            )
    if facts.penalties:
        places = sorted({(p.round, p.table) for p in facts.penalties})
        findings.append(
            _finding(
                Check.PENALTIES,
                Level.INFO,
                count=len(places),
                where=", ".join(f"Runde {r} Tisch {t}" for r, t in places),
            )
        )
    findings.sort(key=lambda f: LEVELS.index(f.level))
    return Report(
        head=head,
        rows=tuple(rows),
        findings=tuple(findings),
        players=players,
        registered=len(rows),
        rounds_closed=closed,
    )


def head_lines(found: Report) -> list[tuple[str, Cell]]:
    """The head as (label, value): name, date, place and organiser where stored, rule set,
    players, rounds and the status."""
    head = found.head
    lines: list[tuple[str, Cell]] = [
        (words.HEAD_NAME, head.name),
        (words.HEAD_DATE, head.date.strftime("%d.%m.%Y")),
    ]
    if head.venue:
        lines.append((words.HEAD_VENUE, head.venue))
    if head.organiser:
        lines.append((words.HEAD_ORGANISER, head.organiser))
    lines += [
        (words.HEAD_RULE_SET, head.rule_set),
        (words.HEAD_PLAYERS, found.players),
        (words.HEAD_REGISTERED, found.registered),
        (words.HEAD_ROUNDS, found.rounds_closed),
        (words.HEAD_PLANNED, head.rounds_planned),
        (words.HEAD_STATUS, words.STATUS_QUALIFIES if found.qualifies else words.STATUS_NOT),
    ]
    return lines


def row_cells(row: Row) -> tuple[Cell, ...]:
    return (
        row.rank,
        row.ddv_number or None,
        row.name,
        row.club or None,
        row.points,
        row.rounds,
        row.average_rounded,
        row.start_number,
    )


def cells(found: Report) -> list[tuple[Cell, ...]]:
    """The files' lines: the head, each finding (level, sentence, source), an empty line,
    the columns' names and one line per player."""
    lines: list[tuple[Cell, ...]] = [(label, value) for label, value in head_lines(found)]
    lines += [(f.level_name, f.text, f.source) for f in found.findings]
    lines.append(())
    lines.append(words.COLUMNS)
    lines += [row_cells(row) for row in found.rows]
    return lines


def filename(found: Report, suffix: str) -> str:
    """``ddv-rangliste-<id>-<date>.csv``, marked when the tournament does not qualify."""
    mark = "" if found.qualifies else "-NICHT-RANGLISTENFAEHIG"
    return f"ddv-rangliste-{found.head.tournament_id}-{found.head.date.isoformat()}{mark}.{suffix}"


def decimal_comma(value: Decimal) -> str:
    return f"{value:.2f}".replace(".", ",")


def _csv_cell(value: Cell) -> str:
    if value is None:
        return ""
    if isinstance(value, Decimal):
        return decimal_comma(value)
    if isinstance(value, int):
        return str(value)
    return f"'{value}" if value.startswith(FORMULA_STARTS) else value


def to_csv(found: Report) -> bytes:
    """The report for German Excel: ``;``, UTF-8 with BOM, decimal comma."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    for line in cells(found):
        writer.writerow(_csv_cell(value) for value in line)
    return out.getvalue().encode("utf-8-sig")


#: Column widths of the Excel sheet (characters).
WIDTHS: Mapping[int, float] = {1: 34, 2: 60, 3: 28, 4: 24, 5: 9, 6: 9, 7: 14, 8: 10}


def grid(found: Report) -> Grid:
    """The report's one sheet: the same lines as the CSV, numbers as numbers, the head's
    labels and the columns' names in bold."""
    sheet = Grid(words.PLAYERS_SHEET)
    sheet.widths.update(WIDTHS)
    head = len(head_lines(found))
    header = head + len(found.findings) + 2
    for number, line in enumerate(cells(found), start=1):
        values: list[int | float | str | None] = []
        for column, value in enumerate(line, start=1):
            if isinstance(value, Decimal):
                values.append(float(value))
            elif isinstance(value, str) and (number == header or (number <= head and column == 1)):
                values.append(Bold(value))
            else:
                values.append(value)
        sheet.put_row(number, values)
    return sheet


def to_xlsx(found: Report) -> bytes:
    return xlsx([grid(found)])


def findings_by_level(found: Report) -> Sequence[tuple[Level, tuple[Finding, ...]]]:
    """The findings grouped by level, errors first (levels without one left out)."""
    grouped = [(level, tuple(f for f in found.findings if f.level is level)) for level in LEVELS]
    return [(level, group) for level, group in grouped if group]
