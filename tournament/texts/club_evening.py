"""A club evening in German (issue 33, item 6): the quick start's page and form, its refusals,
and the links to the evening's settlement."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

TITLE = "Spieleabend starten"
INTRO = (
    "Ein Spieleabend ohne Auslosung: ein Tisch, die Spieler in Sitzreihenfolge, das Regelwerk, "
    "kein Zeitlimit. Am Ende zeigt die Abrechnung, wer wem zahlt."
)
START_LINK = "Spieleabend starten"
NAME_LABEL = "Name des Abends"
POINT_VALUE_LABEL = "Punktwert in Cent (freiwillig)"
POINT_VALUE_HINT = "Zum Beispiel 5 oder 0,5; leer: abgerechnet in Punkten."
POINT_VALUE_BAD = "Punktwert „{text}“: bitte Cent je Punkt eingeben, z. B. 5 oder 0,5."
SUBMIT = "Spieleabend starten"
HOW_IT_ENDS = (
    "Gespielt wird, solange der Tisch mag (höchstens so viele Spiele, wie das Regelwerk je "
    "Runde hat). Den Abend beendet die Turnierleitung mit „Runde abschließen“ im Tischplan; "
    "danach erscheint die Abrechnung."
)
SETTLEMENT_LINK = "Abrechnung"
STARTED = "Spieleabend „{name}“ gestartet: {count} Spieler an Tisch 1."
NO_PLAYERS = "Bitte die Spieler eintragen, einen je Platz."
#: The default name: „Spieleabend 27.11.2026“.
DEFAULT_NAME = "Spieleabend {date}"


def default_name(day: dt.date) -> str:
    return DEFAULT_NAME.format(date=day.strftime("%d.%m.%Y"))


def _sizes(sizes: Iterable[int]) -> str:
    shown = [str(size) for size in sorted(sizes)]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " oder " + shown[-1]


def too_few(rule_set: str, sizes: Iterable[int], count: int) -> str:
    """Fewer players than the set's smallest table the app seats."""
    return (
        f"Zu wenige Spieler: unter {rule_set} sitzen {_sizes(sizes)} Spieler an einem Tisch, "
        f"eingetragen {'ist' if count == 1 else 'sind'} {count}."
    )


def cannot_seat(rule_set: str, sizes: Iterable[int], count: int) -> str:
    """A count the set's one table cannot seat."""
    return (
        f"{count} Spieler passen an keinen Tisch unter {rule_set}: dort sitzen {_sizes(sizes)} "
        "Spieler an einem Tisch. Ein Spieleabend hat einen Tisch; für mehr Tische bitte ein "
        "Turnier anlegen."
    )


def player_lines(problem: str) -> str:
    """A problem of the typed names (the registration's own sentence)."""
    return f"Spieler: {problem}"


ALREADY_SEATED = "Dieser Abend hat seinen Tisch schon."

#: The players as one field a seat (each suggests the known players while typing).
SEATS_LEGEND = "Spieler in Sitzreihenfolge"
SEAT_LABEL = "Platz {number}"
SEATS_HINT = (
    "Der erste gibt zuerst, der letzte führt die Liste; Platz 5 nur zu fünft. Beim Tippen "
    "schlägt jedes Feld die bekannten Spieler vor (aus den Turnieren und Abenden des letzten "
    "Jahres, die häufigsten zuerst; andere bekannte Spieler genauso eintippen): wer "
    "so gewählt wird, spielt als derselbe Spieler weiter. Zwei mit gleichem Namen unterscheidet "
    "der Verein nach einem Semikolon, sonst die DDV-Nummer: „Anna; Rot-Weiß“."
)
SEAT_ONE_LINE = "Bitte nur einen Spieler je Platz, in einer Zeile."

#: A seat's problem, shown at its field: its number, the typed name and what is wrong.
SEAT_PROBLEM = "Platz {number}: {name} {problem}"
SEAT_REPEATED = (
    "Platz {number}: {name} steht genauso schon auf Platz {other} – eine andere Person "
    "gleichen Namens bitte mit Verein oder DDV-Nr. eintragen"
)
SEAT_SAME_DDV = "Platz {number}: {name} hat dieselbe DDV-Nr. {ddv} wie Platz {other}"
SEAT_SAME_PLAYER = "Platz {number}: {name} sitzt schon auf Platz {other}"
SEAT_NAMELESS = "(ohne Namen)"
