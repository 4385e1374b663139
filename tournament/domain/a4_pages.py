"""The A4 pages of the printed lists (the standings, a series, the prize list): the DejaVu
font the app ships in ``tournament/publish/fonts``, the margins, and the foot of every page
with the sheet's title and „Seite x von y“."""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF

from tournament.texts import publish as words

FONTS = Path(__file__).resolve().parent.parent / "publish" / "fonts"
FONT = "DejaVuSansCondensed"


class A4Pages(FPDF):
    """A4 upright, the app's font in plain and bold, ``foot`` and the page's number at the
    foot of every page."""

    def __init__(self, foot: str) -> None:
        super().__init__(orientation="P", unit="mm", format="A4")
        self.foot = foot
        self.add_font(FONT, "", str(FONTS / f"{FONT}.ttf"))
        self.add_font(FONT, "B", str(FONTS / f"{FONT}-Bold.ttf"))
        self.set_auto_page_break(auto=True, margin=15)
        self.set_margins(12, 12, 12)

    def footer(self) -> None:
        self.set_y(-11)
        self.set_font(FONT, size=8)
        self.cell(0, 5, self.foot, align="L")
        self.set_x(self.l_margin)
        page = words.PAGE.format(page=self.page_no(), pages="{nb}")
        self.cell(0, 5, page, align="R")
