"""Numbers as a German page shows them."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

TENTH = Decimal("0.1")


def one_decimal(value: Decimal | None) -> str:
    """German display of a Rundenschnitt: one decimal, comma, rounded half up (2,25 → 2,3)."""
    if value is None:
        return ""
    rounded = value.quantize(TENTH, rounding=ROUND_HALF_UP)
    return f"{abs(rounded) if rounded == 0 else rounded}".replace(".", ",")
