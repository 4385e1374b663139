"""The German words of the DDV ranking report (Ranglistenmeldung): its page, its files and
its plausibility checks (``tournament/domain/ddv_report.py``, ``tournament/ddv_report/``).

Each check is a :class:`Check` with a sentence worded from the finding's parameters
(:data:`SENTENCES`) and the rule it comes from (:data:`SOURCES`); ``docs/ddv-report.md``
names the same sources."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Final


class Check(enum.StrEnum):
    """The plausibility checks of the report, each a stable code."""

    RULE_SET = "rule_set"
    TOO_FEW_PLAYERS = "too_few_players"
    TOO_FEW_ROUNDS = "too_few_rounds"
    ROUNDS_MISSING = "rounds_missing"
    ROUND_OPEN = "round_open"
    DDV_MISSING = "ddv_missing"
    DDV_MALFORMED = "ddv_malformed"
    DDV_TWICE = "ddv_twice"
    NO_ROUND = "no_round"
    PENALTIES = "penalties"


class Level(enum.StrEnum):
    """How grave a finding is: an error keeps the tournament from qualifying (the files say
    so), a warning is to be looked at, a note only informs."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


LEVEL_NAMES: Final[Mapping[Level, str]] = {
    Level.ERROR: "Fehler",
    Level.WARNING: "Warnung",
    Level.INFO: "Hinweis",
}

SENTENCES: Final[Mapping[Check, str]] = {
    Check.RULE_SET: (
        "Das Turnier wird nach dem Regelwerk „{rule_set}“ gespielt, nicht nach den "
        "Turnier-Spielregeln des DDV: es zählt nicht für die DDV-Rangliste."
    ),
    Check.TOO_FEW_PLAYERS: (
        "Nur {players} Spieler haben mindestens eine Runde gespielt; ein Ranglistenturnier "
        "braucht mindestens {minimum}."
    ),
    Check.TOO_FEW_ROUNDS: (
        "Nur {rounds} abgeschlossene {rounds_word}; ein Ranglistenturnier hat in der Regel "
        "{minimum} Runden."
    ),
    Check.ROUNDS_MISSING: (
        "Geplant sind {planned} Runden, abgeschlossen sind {closed}: das Turnier ist noch "
        "nicht zu Ende gespielt."
    ),
    Check.ROUND_OPEN: (
        "Runde {round} ist noch nicht abgeschlossen ({status}){tables}; ihre Punkte zählen "
        "erst nach dem Abschluss."
    ),
    Check.DDV_MISSING: (
        "{name} (Nr. {start_number}) hat keine DDV-Nr.: die Zeile steht mit leerer DDV-Nr. in "
        "der Datei; bitte auf der Spielerseite nachtragen."
    ),
    Check.DDV_MALFORMED: (
        "{name} (Nr. {start_number}) hat keine gültige DDV-Nr. („{ddv}“): erlaubt sind "
        "höchstens {length} Buchstaben, Ziffern und Bindestriche."
    ),
    Check.DDV_TWICE: "Die DDV-Nr. „{ddv}“ steht bei mehreren Spielern: {names}.",
    Check.NO_ROUND: (
        "{name} (Nr. {start_number}) hat keine abgeschlossene Runde gespielt: die Zeile hat "
        "0 Runden und keinen Rundenschnitt."
    ),
    Check.PENALTIES: (
        "Auf {count} {lists_word} stehen Strafen ({where}); ihre Punkte sind in den Summen "
        "enthalten."
    ),
}

SOURCES: Final[Mapping[Check, str]] = {
    Check.RULE_SET: "TSR des DDV; Hausregeln sind nicht Teil der TSR (docs/rules.md)",
    Check.TOO_FEW_PLAYERS: (
        "Vorgabe des Projekts, wo die TSR schweigt: mindestens 32 Spieler (docs/rules.md)"
    ),
    Check.TOO_FEW_ROUNDS: (
        "Vorgabe des Projekts, wo die TSR schweigt: in der Regel 3 Runden (docs/rules.md)"
    ),
    Check.ROUNDS_MISSING: "Turnierdaten: geplante Runden",
    Check.ROUND_OPEN: (
        "TSR 8.3, 10.1: 24 Spiele je Runde, 30 am Fünfertisch; der Rundenschnitt zählt "
        "nur abgeschlossene Runden (docs/tournament-day.md)"
    ),
    Check.DDV_MISSING: "DDV-Nr. der Anmeldung (docs/tournament-day.md)",
    Check.DDV_MALFORMED: "Prüfung der DDV-Nr. bei der Anmeldung (docs/tournament-day.md)",
    Check.DDV_TWICE: "Eine DDV-Nr. gehört zu genau einem Spieler (docs/tournament-day.md)",
    Check.NO_ROUND: "Rundenschnitt: Punkte je gespielter Runde (docs/rules.md)",
    Check.PENALTIES: "TSR 9, 8.2.2: Strafpunkte zählen im Ergebnis (docs/rules.md)",
}


def sentence(check: Check, parameters: Mapping[str, str | int]) -> str:
    """The finding of ``check`` in German."""
    values = dict(parameters)
    if check is Check.TOO_FEW_ROUNDS:
        values["rounds_word"] = "Runde" if values["rounds"] == 1 else "Runden"
    if check is Check.PENALTIES:
        values["lists_word"] = "Liste" if values["count"] == 1 else "Listen"
    if check is Check.ROUND_OPEN:
        tables = str(values.get("tables", ""))
        values["tables"] = f", Listen nicht vollständig an Tisch {tables}" if tables else ""
    return SENTENCES[check].format(**values)


TITLE: Final = "DDV-Ranglistenmeldung"
INTRO: Final = (
    "Das Ergebnis für die Rangliste des DDV: jeder Spieler mit DDV-Nr., Verein, Platz, "
    "Punkten, gespielten Runden und Rundenschnitt. Die Prüfung unten zeigt, was vor dem "
    "Einreichen zu klären ist."
)
QUALIFIES: Final = "Ranglistenfähig: keine Fehler gefunden."
NOT_QUALIFYING: Final = "Nicht ranglistenfähig: {count} {errors_word} (siehe Prüfung)."
NOT_QUALIFYING_DOWNLOAD: Final = (
    "Die Dateien lassen sich trotzdem herunterladen, zum Prüfen und Berichtigen: sie tragen "
    "„NICHT RANGLISTENFÄHIG“ im Dateinamen und im Kopf und nennen jeden Fehler."
)
NO_FINDINGS: Final = "Die Prüfung hat nichts gefunden."
CHECKS_TITLE: Final = "Prüfung"
HEAD_TITLE: Final = "Turnier"
ROWS_TITLE: Final = "Spieler"
DOWNLOADS: Final = "Herunterladen"
CSV_LINK: Final = "Meldung als CSV (Excel)"
XLSX_LINK: Final = "Meldung als Excel-Datei"
SOURCE: Final = "Quelle"
LINK: Final = "DDV-Ranglistenmeldung"
NO_PLAYERS: Final = "Noch keine Spielerinnen und Spieler angemeldet."
NO_DDV_NUMBER: Final = "keine DDV-Nr."
TABLE_LABEL: Final = "Spieler der Meldung (Tabelle, seitlich verschiebbar)"

# The head of the report (page and files): (label, value) lines.
HEAD_NAME: Final = "Turnier"
HEAD_DATE: Final = "Datum"
HEAD_VENUE: Final = "Ort"
HEAD_ORGANISER: Final = "Veranstalter"
HEAD_RULE_SET: Final = "Regelwerk"
HEAD_PLAYERS: Final = "Spieler (mit mindestens einer Runde)"
HEAD_REGISTERED: Final = "Angemeldet"
HEAD_ROUNDS: Final = "Runden (abgeschlossen)"
HEAD_PLANNED: Final = "Runden (geplant)"
HEAD_STATUS: Final = "Status"
STATUS_QUALIFIES: Final = "ranglistenfähig"
STATUS_NOT: Final = "NICHT RANGLISTENFÄHIG"
FINDING_LINE: Final = "{level}: {text} (Quelle: {source})"
FINDINGS_HEAD: Final = "Prüfung"
PLAYERS_SHEET: Final = "Rangliste"
HEAD_SHEET: Final = "Turnier"

# The table's columns (page and files).
RANK: Final = "Platz"
DDV_NUMBER: Final = "DDV-Nr."
NAME: Final = "Name"
CLUB: Final = "Verein"
POINTS: Final = "Punkte"
ROUNDS: Final = "Runden"
AVERAGE: Final = "Rundenschnitt"
START_NUMBER: Final = "Start-Nr."
COLUMNS: Final = (RANK, DDV_NUMBER, NAME, CLUB, POINTS, ROUNDS, AVERAGE, START_NUMBER)


def not_qualifying(count: int) -> str:
    return NOT_QUALIFYING.format(count=count, errors_word="Fehler")
