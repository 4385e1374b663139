"""The German words of the published results: the CSV and PDF standings' headers and titles,
and what ``flask export-site`` prints (``tournament.publish``). ``{...}`` are filled in with
``format``."""

from __future__ import annotations

# Column headers, the same as the standings pages'.
RANK = "Platz"
START_NUMBER = "Nr."
NAME = "Name"
CLUB = "Verein"
ROUND_COLUMN = "R{number}"
TOTAL = "Summe"
AVERAGE = "Schnitt"
ROUNDS_PLAYED = "Runden"
TABLE = "Tisch"
POSITION = "Pos."
POINTS = "Punkte"

# Titles and lines of the PDF.
OVERALL_TITLE = "Gesamtstand"
ROUND_TITLE = "Stand Runde {number}"
STAMP = "Stand: {moment} Uhr"
RULE_SET = "Regelwerk: {name}"
PROVISIONAL = "vorläufig"
PAGE = "Seite {page} von {pages}"
NO_ROWS = "Noch keine Einträge."

# File names (without extension) of the downloads.
OVERALL_FILE = "gesamtstand"
ROUND_FILE = "runde-{number}-stand"

# The command line.
EXPORTED = "{count} Dateien geschrieben nach {folder} (Startseite: index.html)."
NO_TOURNAMENT = "Kein Turnier mit der Nummer {id}."
