"""The draw's refusals in German: every code has its German sentence, with the request's values."""

from __future__ import annotations

import pytest

import table_draw as draw
from tournament import texts


def test_every_draw_code_has_a_german_sentence() -> None:
    assert set(draw.MESSAGES) == set(draw.DrawCode)


@pytest.mark.parametrize(
    ("count", "expected"),
    [
        (3, "Nur 3 Spieler: für eine Runde braucht es mindestens 4 Spieler (einen Vierertisch)."),
        (7, "7 Spieler lassen sich nicht auf Tische zu 4 und 5 Spielern verteilen."),
    ],
)
def test_a_refused_count_is_said_in_german(count: int, expected: str) -> None:
    with pytest.raises(draw.DrawError) as refused:
        draw.table_sizes(count)
    text = texts.german_refusal(refused.value)
    assert text.startswith(expected)
    assert " / " not in text and "players" not in text
