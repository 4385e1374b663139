"""QR codes as inline SVG, e.g. the link to a table's score list on its table card.

Inline ``<svg>`` markup passes the Content-Security-Policy ``default-src 'self'`` (no
``style`` attribute, no ``data:`` URI) and prints sharp at any size.
"""

from __future__ import annotations

import segno
from markupsafe import Markup

# One module is 5 CSS pixels: a link of ~45 characters (version 3 or 4) makes a code of
# about 5 cm, easily scanned from the printed card on the table.
SCALE = 5


def svg(text: str, *, title: str = "", scale: int = SCALE) -> Markup:
    """``text`` as a QR code (``<svg>`` element, safe to put into a page as it is).

    ``title`` names the image for screen readers. Error correction is at least M (a card
    gets creased and coffee-stained) and raised for free where the symbol has room.
    """
    code = segno.make(text, error="m", micro=False)
    markup: str = code.svg_inline(
        scale=scale,
        omitsize=False,
        title=title or None,
        svgclass="qr",
        lineclass=None,
        dark="#000",
        light="#fff",
    )
    # segno escapes the title itself; the rest of its output is fixed markup.
    return Markup(markup)
