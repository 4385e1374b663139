"""The standings as files to take away: CSV for Excel and a printable A4 PDF.

Both are made from one :class:`Sheet`, the standings of ``tournament.standings.service`` as
rows of cells with the standings pages' columns, so the files show what the pages show.

- CSV: ``;``-separated, UTF-8 with a byte order mark and a decimal comma, which German Excel
  opens as a table by a double click. A text cell that a spreadsheet would read as a formula
  (``=``, ``+``, ``-``, ``@``, a tab or a carriage return first) gets a ``'`` in front.
- PDF: fpdf2 (pure Python, so a club laptop needs nothing else), A4 portrait, the title, the
  tournament's name and date and the moment of the standings on the first page, the table's
  header on every page and "Seite x von y" at the foot. The font is DejaVu Sans Condensed,
  embedded (``fonts/``), so every name prints.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import logging
from collections.abc import Sequence
from dataclasses import dataclass

from fpdf import FPDF, FontFace
from fpdf.enums import TableCellFillMode, TableHeadingsDisplay
from fpdf.table import Row

from tournament.domain import rule_sets, settlement, standings
from tournament.domain import series as series_service
from tournament.domain.a4_pages import FONT, A4Pages
from tournament.models import Round, RoundStatus, Series, Tournament
from tournament.texts import publish as words
from tournament.texts import results as results_words
from tournament.texts import series as series_words

# fontTools reports every subset of the embedded font at INFO: in the server's log, a
# page of lines per PDF downloaded.
logging.getLogger("fontTools").setLevel(logging.WARNING)

#: What a spreadsheet takes for the start of a formula in a cell.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: Space left and right of a cell's text (mm).
CELL_PADDING = 1.2


@dataclass(frozen=True, slots=True)
class Sheet:
    """Standings as a table of text cells: ``numeric`` says which columns hold numbers (right
    aligned, never neutralised); ``lines`` are what stands above the table."""

    title: str
    lines: tuple[str, ...]
    headers: tuple[str, ...]
    numeric: tuple[bool, ...]
    rows: tuple[tuple[str, ...], ...]
    #: How the text columns share the width the number columns leave, in their order
    #: (empty: name and club, 3 : 2).
    shares: tuple[float, ...] = ()


def stamp(moment: dt.datetime | None = None) -> str:
    """``dd.mm.yyyy HH:MM`` of ``moment`` (now) in this computer's local time."""
    moment = (moment or dt.datetime.now(dt.UTC)).astimezone()
    return moment.strftime("%d.%m.%Y %H:%M")


def is_provisional(tournament: Tournament) -> bool:
    """Whether a round is running: the standings may still change."""
    return any(round_.status == RoundStatus.RUNNING for round_ in tournament.rounds)


def stamp_line(tournament: Tournament, moment: str) -> str:
    """ "Stand: 25.11.2026 21:40 Uhr", with "vorläufig" while a round runs."""
    return _stamped(moment, provisional=is_provisional(tournament))


def _stamped(moment: str, *, provisional: bool) -> str:
    line = words.STAMP.format(moment=moment)
    return f"{line} ({words.PROVISIONAL})" if provisional else line


def series_stamp_line(table: series_service.SeriesStandings, moment: str) -> str:
    """The stamp of a series' standings: "vorläufig" while a round of one of its tournaments
    runs."""
    return _stamped(moment, provisional=series_service.is_provisional(table))


def _head(tournament: Tournament, moment: str) -> tuple[str, ...]:
    place = f" · {tournament.venue}" if tournament.venue else ""
    return (
        f"{tournament.name} · {tournament.date.strftime('%d.%m.%Y')}{place}",
        words.RULE_SET.format(name=rule_sets.name_of(tournament)),
        stamp_line(tournament, moment),
    )


def _scoring_lines(
    scoring: standings.Scoring, pots: Sequence[standings.RoundPot], *, per_table: bool = False
) -> tuple[str, ...]:
    """Under another unit than points or under a pot: the unit's line and each pot's."""
    if not (scoring.money or scoring.has_pot):
        return ()
    unit = scoring.unit
    lines = [
        results_words.UNIT_LINE_MONEY.format(currency=results_words.CURRENCY[unit])
        if scoring.money
        else results_words.UNIT_LINE_POINTS
    ]
    name = results_words.POT_NAME.get(scoring.settlement, "")
    for pot in pots:
        lines.append(
            results_words.POT_LINE.format(
                pot=name,
                number=pot.number,
                start=results_words.amount(pot.start, unit),
                paid=results_words.amount(pot.paid, unit),
                balance=results_words.amount(pot.balance, unit),
            )
        )
        if per_table:
            lines.extend(
                results_words.POT_TABLE_LINE.format(
                    table=t.number,
                    start=results_words.amount(t.start, unit),
                    paid=results_words.amount(t.paid, unit),
                    balance=results_words.amount(t.balance, unit),
                )
                for t in pot.tables
            )
    return tuple(lines)


def overall_sheet(tournament: Tournament, moment: str | None = None) -> Sheet:
    """The overall standings: Platz, Nr., Name, Verein, R1 …, Summe, Schnitt, Runden."""
    table = standings.overall(tournament)
    unit = table.scoring.unit
    total = words.TOTAL if not table.scoring.money else results_words.TOTAL_HEADER[unit]
    rounds = tuple(words.ROUND_COLUMN.format(number=number) for number in table.rounds)
    headers = (
        words.RANK,
        words.START_NUMBER,
        words.NAME,
        words.CLUB,
        *rounds,
        total,
        words.AVERAGE,
        words.ROUNDS_PLAYED,
    )
    rows = tuple(
        (
            str(row.rank),
            str(row.start_number),
            row.name,
            row.club,
            *("" if points is None else results_words.plain(points, unit) for points in row.points),
            results_words.plain(row.total, unit),
            results_words.plain_average(row.average, unit),
            str(row.rounds_played),
        )
        for row in table.rows
    )
    return Sheet(
        title=words.OVERALL_TITLE,
        lines=_head(tournament, moment or stamp()) + _scoring_lines(table.scoring, table.pots),
        headers=headers,
        numeric=(True, True, False, False, *(True for _ in rounds), True, True, True),
        rows=rows,
    )


def round_sheet(round_: Round, moment: str | None = None) -> Sheet:
    """One round's standings: Platz, Nr., Name, Verein, Tisch, Pos., Punkte."""
    table = standings.for_round(round_)
    unit = table.scoring.unit
    rows = tuple(
        (
            str(row.rank),
            str(row.start_number),
            row.name,
            row.club,
            str(row.table),
            str(row.position),
            results_words.plain(row.points, unit),
        )
        for row in table.rows
    )
    return Sheet(
        title=words.ROUND_TITLE.format(number=round_.number),
        lines=_head(round_.tournament, moment or stamp())
        + _scoring_lines(table.scoring, () if table.pot is None else (table.pot,), per_table=True),
        headers=(
            words.RANK,
            words.START_NUMBER,
            words.NAME,
            words.CLUB,
            words.TABLE,
            words.POSITION,
            words.POINTS if not table.scoring.money else results_words.FILE_VALUE_HEADER[unit],
        ),
        numeric=(True, True, False, False, True, True, True),
        rows=rows,
    )


def series_sheet(
    series: Series, table: series_service.SeriesStandings, moment: str | None = None
) -> Sheet:
    """A season series' standings (``domain/series.py``): Platz, Name, Verein, Wertung, the
    tournaments played, and which counted and which were struck (with rank and value each);
    above the table the series' rules as its page states them."""
    rules = series_service.rules_name(series)
    lines = [series_words.SEASON_LINE.format(name=series.name, season=series.season)]
    if rules:
        lines.append(series_words.RULES.format(name=rules))
    lines += [
        series_words.counting_line(series.counting.value, series.best_of),
        series_words.measure_line(series.measure.value, series.placement_points),
        series_words.MIN_LINE.format(
            count=series.min_tournaments,
            noun=series_words.tournaments_noun(series.min_tournaments),
        ),
        series_words.tie_break_line(series.tie_breaks),
        series_stamp_line(table, moment or stamp()),
    ]
    rows = tuple(
        (
            series_words.NOT_RANKED if row.rank is None else str(row.rank),
            row.name,
            row.club,
            series_service.amount(row.value),
            str(len(row.results)),
            series_service.result_list(row.counted),
            series_service.result_list(row.struck),
        )
        for row in table.rows
    )
    return Sheet(
        title=series_words.TITLE,
        lines=tuple(lines),
        headers=series_words.PDF_HEADERS,
        numeric=(True, False, False, True, True, False, False),
        rows=rows,
        shares=(3.0, 2.0, 4.0, 3.0),
    )


def settlement_sheet(found: settlement.RoundSettlement, round_: Round) -> Sheet:
    """A round's settlement as a printed table: under plus-minus one row per payment (Tisch,
    zahlt, an, Betrag), under a Punktetopf one per player (what he won), under a Kasse one
    per player (eingezahlt, erhalten, Saldo); each pot's rest in the lines above."""
    scoring = found.scoring
    unit = scoring.unit
    lines = list(_head(round_.tournament, stamp()))
    if found.point_value is not None and not scoring.money:
        lines.append(
            results_words.POINT_VALUE_LINE.format(
                value=results_words.point_value(found.point_value)
            )
        )
        lines.append(results_words.ROUNDING)
    rows: list[tuple[str, ...]] = []
    for table in found.tables:
        number = str(table.number)
        if table.problem:
            lines.append(
                f"{results_words.TABLE_HEADING.format(number=number)}: "
                + results_words.NO_LIST.format(reason=table.problem)
            )
            continue
        if scoring.has_pot:
            lines.append(
                f"{results_words.TABLE_HEADING.format(number=number)}: "
                + results_words.REST_LINE[scoring.settlement].format(
                    amount=results_words.amount(table.rest, unit)
                )
            )
        if scoring.settlement == "kasse":
            rows.extend(
                (
                    number,
                    p.name,
                    results_words.plain(p.paid_in, unit),
                    results_words.plain(p.took_out, unit),
                    results_words.plain(p.net, unit),
                )
                for p in table.players
            )
        elif scoring.settlement == "pot_winners":
            rows.extend(
                (
                    number,
                    p.name,
                    str(p.total),
                    *(() if p.priced is None else (results_words.hundredths(p.priced),)),
                )
                for p in table.players
            )
        else:
            rows.extend(
                (
                    number,
                    table.name(pay.payer),
                    table.name(pay.payee),
                    results_words.hundredths(pay.amount) if found.in_cents else str(pay.amount),
                )
                for pay in table.payments
            )
    if scoring.settlement == "kasse":
        money = results_words.CURRENCY[unit]
        headers: tuple[str, ...] = (
            words.TABLE,
            results_words.PLAYER,
            f"{results_words.PAID_IN} ({money})",
            f"{results_words.TOOK_OUT} ({money})",
            f"{results_words.NET} ({money})",
        )
    elif scoring.settlement == "pot_winners":
        headers = (words.TABLE, results_words.PLAYER, results_words.WON)
        if found.in_cents:
            headers += (f"{results_words.AMOUNT} ({results_words.EURO})",)
    else:
        amount = (
            f"{results_words.AMOUNT} ({results_words.EURO})" if found.in_cents else words.POINTS
        )
        headers = (words.TABLE, results_words.PAYER, results_words.PAYEE, amount)
    numeric = tuple(
        header not in (results_words.PLAYER, results_words.PAYER, results_words.PAYEE)
        for header in headers
    )
    return Sheet(
        title=results_words.SETTLEMENT_TITLE.format(number=found.number),
        lines=tuple(lines),
        headers=headers,
        numeric=numeric,
        rows=tuple(rows),
    )


def neutralised(text: str) -> str:
    """A text cell a spreadsheet will not run as a formula."""
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def to_csv(sheet: Sheet) -> bytes:
    """The sheet's header and rows as CSV for German Excel (UTF-8 with BOM, ``;``)."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerow(sheet.headers)
    for row in sheet.rows:
        writer.writerow(
            cell if number else neutralised(cell)
            for cell, number in zip(row, sheet.numeric, strict=True)
        )
    return out.getvalue().encode("utf-8-sig")


def _widths(pdf: FPDF, sheet: Sheet) -> tuple[float, ...]:
    """Number columns as wide as their widest cell; name and club share the rest (3 : 2)."""
    size = pdf.font_size_pt
    narrow = [0.0] * len(sheet.headers)
    for i, number in enumerate(sheet.numeric):
        if number:
            cells = [pdf.get_string_width(row[i]) for row in sheet.rows]
            pdf.set_font(FONT, "B", size)
            cells.append(pdf.get_string_width(sheet.headers[i]))
            pdf.set_font(FONT, "", size)
            narrow[i] = max(cells) + 2 * CELL_PADDING + 1
    rest = pdf.epw - sum(narrow)
    texts = [i for i, number in enumerate(sheet.numeric) if not number]
    shares = list(sheet.shares or (3.0, 2.0))[: len(texts)] or [1.0]
    for i, share in zip(texts, shares, strict=False):
        narrow[i] = rest * share / sum(shares)
    return tuple(narrow)


def to_pdf(sheet: Sheet) -> bytes:
    """The sheet as an A4 PDF; any number of rows runs over as many pages as needed."""
    pdf = A4Pages(foot=f"{sheet.title} · {sheet.lines[0]}")
    pdf.set_title(f"{sheet.title} – {sheet.lines[0]}")
    pdf.set_lang("de")
    pdf.add_page()
    pdf.set_font(FONT, "B", 16)
    pdf.cell(0, 9, sheet.title, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(FONT, size=10)
    for line in sheet.lines:  # a long line (a series' placement table) wraps
        pdf.multi_cell(0, 6, line, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(3)
    pdf.set_font(FONT, size=8 if len(sheet.headers) > 10 else 9)
    if not sheet.rows:
        pdf.cell(0, 6, words.NO_ROWS, new_x="LMARGIN", new_y="NEXT")
        return bytes(pdf.output())
    align = tuple("RIGHT" if number else "LEFT" for number in sheet.numeric)
    with pdf.table(
        col_widths=_widths(pdf, sheet),
        width=pdf.epw,
        text_align=align,
        line_height=4.6,
        repeat_headings=TableHeadingsDisplay.ON_TOP_OF_EVERY_PAGE,
        headings_style=FontFace(emphasis="BOLD", fill_color=(225, 225, 225)),
        cell_fill_color=(245, 245, 245),
        cell_fill_mode=TableCellFillMode.ROWS,
        borders_layout="HORIZONTAL_LINES",
        padding=(0.6, CELL_PADDING),
    ) as table:
        _row(table.row(), sheet.headers)
        for cells in sheet.rows:
            _row(table.row(), cells)
    return bytes(pdf.output())


def _row(row: Row, cells: Sequence[str]) -> None:
    for cell in cells:
        row.cell(cell)
