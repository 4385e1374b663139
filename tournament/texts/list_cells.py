"""The German sentences about the cells of a score list read from a spreadsheet.

A cell that cannot be read, or whose value the rules engine contradicts, is named with a
:class:`ListCell` code and its parameters; :func:`list_cell` puts the sentence together,
filled like the app's own texts (:func:`tournament.texts.messages.fill`). ``ref`` is always the
cell as "Zelle P14" (or "Zellen O14–R14"), ``seats`` the table's positions with their
players ("1 = Anna, 2 = Ben, ...").
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from .messages import fill

__all__ = ["GERMAN_LIST_CELLS", "PLUS_POINTS", "PLUS_POINTS_HINT", "ListCell", "list_cell"]

#: The header of the column of the players with plus points, and what belongs in it.
PLUS_POINTS = "Pluspunkte"
PLUS_POINTS_HINT = (
    "Plätze der Spieler mit Pluspunkten (TSR 7.3.3), „keiner“ wenn niemand Pluspunkte hat"
)


class ListCell(Enum):
    RE_NOT_POSITIONS = "re_not_positions"
    NOT_A_POSITION = "not_a_position"
    NAMESAKES = "namesakes"
    PLUS_NOT_POSITIONS = "plus_not_positions"
    PLUS_MISSING = "plus_missing"
    PLUS_NOT_THE_POINTS = "plus_not_the_points"
    PLUS_IS_THE_WINNING_PARTY = "plus_is_the_winning_party"
    PLUS_DIFFERS = "plus_differs"
    POINTS_MISSING = "points_missing"
    POINTS_DIFFER = "points_differ"
    NUMBER_OUT_OF_ORDER = "number_out_of_order"
    STAND_COLUMN = "stand_column"
    FINDING = "finding"


GERMAN_LIST_CELLS: dict[ListCell, str] = {
    ListCell.RE_NOT_POSITIONS: (
        "{ref}: „{text}“ – die Re-Partei wird mit Platznummern angegeben, z. B. „1, 3“ ({seats})"
    ),
    ListCell.NOT_A_POSITION: "{ref}: Platz {text} gibt es an diesem Tisch nicht ({seats})",
    ListCell.NAMESAKES: (
        "{ref}: „{text}“ heißen an diesem Tisch mehrere Spieler (Platz {positions}): bitte "
        "die Platznummer angeben"
    ),
    ListCell.PLUS_NOT_POSITIONS: (
        "{ref}: „{text}“ – unter " + PLUS_POINTS + " stehen die " + PLUS_POINTS_HINT + " ({seats})"
    ),
    ListCell.PLUS_MISSING: (
        "{ref}: bei einem Spiel nur in Punkten bitte unter "
        + PLUS_POINTS
        + " die "
        + PLUS_POINTS_HINT
    ),
    ListCell.PLUS_NOT_THE_POINTS: (
        "{ref}: " + PLUS_POINTS + ": in der Datei {written}, nach den Punkten dieser Zeile "
        "{plus} (TSR 7.3.3)"
    ),
    ListCell.PLUS_IS_THE_WINNING_PARTY: (
        "{ref}: " + PLUS_POINTS + ": in der Datei {written} – das ist die Partei, die gewonnen "
        "hat; in diese Spalte gehören aber die Spieler mit Pluspunkten (TSR 7.3.3), hier {plus}"
    ),
    ListCell.PLUS_DIFFERS: (
        "{ref}: " + PLUS_POINTS + ": in der Datei {written}, nach der Regelprüfung haben "
        "{plus} Pluspunkte (TSR 7.3.3)"
    ),
    ListCell.POINTS_MISSING: (
        "{ref}: ohne Augen ist das Spiel nur in Punkten eingetragen; dann braucht jeder "
        "Spieler Punkte (es fehlen die Punkte von Platz {positions}; TSR 7.3)"
    ),
    ListCell.POINTS_DIFFER: (
        "{ref}: Punkte von Platz {position}: in der Datei {written}, nach der Regelprüfung "
        "{points} (TSR 7.2)"
    ),
    ListCell.NUMBER_OUT_OF_ORDER: (
        "{ref}: Nr. {number}, aber nach den Zeilen davor ist es Spiel {game} (TSR 8.4)"
    ),
    ListCell.STAND_COLUMN: (
        "Spalte {column} ({header}): ab Zeile {line} passt der Stand nicht zu den Punkten (in "
        "der Datei {written}, nach den Punkten {total}). Eingelesen werden die Punkte; der "
        "Stand wird aus ihnen neu berechnet (TSR 8.4)."
    ),
    ListCell.FINDING: "{ref}: {text}",
}


def list_cell(code: ListCell, /, **params: Any) -> str:
    """The German sentence about a list's cell; a missing parameter raises :class:`KeyError`."""
    return fill(GERMAN_LIST_CELLS[code], **params)
