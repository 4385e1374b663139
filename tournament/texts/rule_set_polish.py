"""German words that follow the tournament's rule set on the list, the round overview and
the round's start (issue 33: the owed solo's name, a round without a clock)."""

from __future__ import annotations

from collections.abc import Mapping

#: The list's section of owed solos, by the set's kind of owed solo.
PFLICHT_HEADINGS: Mapping[str, str] = {
    "pflichtsolo": "Pflicht- und vorgeführte Soli",
    "zwangssolo": "Zwangssoli",
}
#: The section's line while it is empty.
PFLICHT_NONE: Mapping[str, str] = {
    "pflichtsolo": "Noch kein Pflichtsolo.",
    "zwangssolo": "Noch kein Zwangssolo.",
}
#: The round overview's column of owed solos and the Vorführung.
OVERVIEW_COLUMNS: Mapping[str, str] = {
    "pflichtsolo": "Pflichtsoli, Vorführung",
    "zwangssolo": "Zwangssolo, Vorführung",
}
#: The round page's start button and the note after it, for a round without a time limit.
START_BUTTON = "Runde starten (Uhr läuft)"
START_BUTTON_NO_CLOCK = "Runde starten"
ROUND_STARTED_NO_CLOCK = "Runde {round} läuft (ohne Zeitlimit)."
