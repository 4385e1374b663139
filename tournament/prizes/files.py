"""The prize list as rows of text, for its page, its CSV and its printed PDF.

Made like the standings' files (``tournament/publish/standings_files.py``): CSV for German
Excel (``;``, UTF-8 with BOM, decimal comma, a formula's first character neutralised), and an
A4 PDF by fpdf2 in the embedded DejaVu Sans Condensed with the header on every page and
"Seite x von y" at the foot.
"""

from __future__ import annotations

import csv
import io
import logging
from dataclasses import dataclass

from fpdf import FontFace
from fpdf.enums import TableCellFillMode, TableHeadingsDisplay

from tournament.domain import prizes as domain
from tournament.domain.a4_pages import FONT, A4Pages
from tournament.prizes.service import PrizeList
from tournament.texts import prizes as words

logging.getLogger("fontTools").setLevel(logging.WARNING)

#: The standings' fonts (``tournament/publish/fonts``), so both printouts look alike.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
HEADERS = (words.PLACE, words.PRIZE, words.START_NUMBER, words.NAME, words.POINTS, words.AMOUNT)
NUMERIC = (False, False, True, False, True, True)


@dataclass(frozen=True, slots=True)
class Line:
    """One winner's line: the place(s), the prize's name, the player and his amount."""

    place: str
    prize: str
    start_number: int
    name: str
    points: int
    amount: int


def _prize_name(award: domain.Award) -> str:
    if award.kind == "best_round":
        kind = words.KIND_BEST_ROUND
    elif award.kind == "category":
        kind = words.KIND_CATEGORY.format(category=award.category)
    else:
        kind = words.KIND_PLACE
    if len(award.winners) > 1:
        return words.KIND_SHARED.format(kind=kind, count=len(award.winners))
    return kind


def _place(award: domain.Award) -> str:
    if award.kind != "place":
        return ""
    if award.last > award.first:
        return words.TIED_LABEL.format(first=award.first, last=award.last)
    return words.PLACE_LABEL.format(place=award.first)


def lines(found: PrizeList) -> list[Line]:
    """Every winner, in the order the prizes are given."""
    result = []
    for award in found.distribution.awards:
        for winner in award.winners:
            name = winner.name
            if winner.withdrawn_after_round is not None:
                name = f"{name} {words.WITHDRAWN_MARK}"
            result.append(
                Line(
                    place=_place(award),
                    prize=_prize_name(award),
                    start_number=winner.start_number,
                    name=name,
                    points=award.measure,
                    amount=award.each,
                )
            )
    return result


def summary(found: PrizeList) -> list[str]:
    """The sums under the list and the rules it follows, as sentences."""
    d = found.distribution
    result = [
        words.SUMMARY_POT.format(amount=domain.euros(d.pot)),
        words.SUMMARY_KEPT.format(amount=domain.euros(d.kept_back)),
        words.SUMMARY_POOL.format(amount=domain.euros(d.pool)),
        words.SUMMARY_PAID.format(amount=domain.euros(d.paid_out)),
        words.SUMMARY_REST.format(amount=domain.euros(d.rounding_rest)),
    ]
    if d.unclaimed:
        result.append(words.SUMMARY_UNCLAIMED.format(amount=domain.euros(d.unclaimed)))
    result.append(words.SUMMARY_LEFT.format(amount=domain.euros(d.left_over)))
    result.extend(d.notes)
    return result


def rule_lines(found: PrizeList) -> list[str]:
    rules = found.rules
    return [
        *words.RULE_LINES,
        words.RULE_WITHDRAWN_KEEP if rules.withdrawn_keep else words.RULE_WITHDRAWN_LOSE,
        words.RULE_SEVERAL if rules.several_prizes else words.RULE_ONE_PRIZE,
    ]


def head(found: PrizeList) -> str:
    t = found.tournament
    place = f" · {t.venue}" if t.venue else ""
    return f"{t.name} · {t.date.strftime('%d.%m.%Y')}{place}"


def stamp(found: PrizeList) -> str:
    line = words.STAMP.format(moment=found.moment.astimezone().strftime("%d.%m.%Y %H:%M"))
    return f"{line} ({words.PROVISIONAL})" if found.provisional else line


def _cells(line: Line) -> tuple[str, ...]:
    return (
        line.place,
        line.prize,
        str(line.start_number),
        line.name,
        str(line.points),
        domain.plain_euros(line.amount),
    )


def to_csv(found: PrizeList) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerow(HEADERS)
    for line in lines(found):
        writer.writerow(
            cell if number or not cell.startswith(FORMULA_STARTS) else f"'{cell}"
            for cell, number in zip(_cells(line), NUMERIC, strict=True)
        )
    return out.getvalue().encode("utf-8-sig")


def to_pdf(found: PrizeList) -> bytes:
    """The prize list on A4: title, tournament, stamp, the winners' table, sums and rules."""
    title = words.LIST_TITLE
    pdf = A4Pages(foot=f"{title} · {head(found)}")
    pdf.set_title(f"{title} – {head(found)}")
    pdf.set_lang("de")
    pdf.add_page()
    pdf.set_font(FONT, "B", 16)
    pdf.cell(0, 9, title, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(FONT, size=10)
    for text in (head(found), stamp(found)):
        pdf.cell(0, 6, text, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(3)
    pdf.set_font(FONT, size=9)
    rows = lines(found)
    if rows:
        with pdf.table(
            col_widths=(14, 52, 10, 60, 16, 20),
            width=pdf.epw,
            text_align=tuple("RIGHT" if n else "LEFT" for n in NUMERIC),
            line_height=4.6,
            repeat_headings=TableHeadingsDisplay.ON_TOP_OF_EVERY_PAGE,
            headings_style=FontFace(emphasis="BOLD", fill_color=(225, 225, 225)),
            cell_fill_color=(245, 245, 245),
            cell_fill_mode=TableCellFillMode.ROWS,
            borders_layout="HORIZONTAL_LINES",
            padding=(0.6, 1.2),
        ) as table:
            header = table.row()
            for cell in HEADERS:
                header.cell(cell)
            for line in rows:
                row = table.row()
                for cell in _cells(line):
                    row.cell(cell)
    else:
        pdf.cell(0, 6, words.NO_AWARDS, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(3)
    pdf.set_font(FONT, size=9)
    for text in summary(found) + rule_lines(found):
        pdf.multi_cell(0, 5, text, new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())
