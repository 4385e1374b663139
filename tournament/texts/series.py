"""The German words of the season series (Jahreswertung): its form, its refusals, its page
and its CSV (``tournament/domain/series.py``, ``tournament/series/``)."""

from __future__ import annotations

from typing import Final

TITLE: Final = "Jahreswertung"
LIST_TITLE: Final = "Jahreswertungen"
NEW_TITLE: Final = "Neue Jahreswertung"
EDIT_TITLE: Final = "Jahreswertung bearbeiten"

NAME: Final = "Name der Wertung"
NAME_MISSING: Final = "Bitte einen Namen eingeben."
SEASON: Final = "Saison (Jahr)"
SEASON_MISSING: Final = "Bitte das Jahr der Saison eingeben, z. B. 2026."
COUNTING: Final = "Es zählen"
COUNTING_CHOICES: Final = (("all", "alle Turniere"), ("best", "die besten N Turniere"))
BEST_OF: Final = "N: so viele Turniere zählen"
BEST_OF_HINT: Final = "Nur bei „die besten N Turniere“."
BEST_OF_MISSING: Final = "Bei „die besten N Turniere“ bitte N angeben (1 oder mehr)."
MEASURE: Final = "Gewertet nach"
MEASURE_CHOICES: Final = (
    ("total", "Gesamtpunkten"),
    ("average", "Rundenschnitt (Punkte je Runde)"),
    ("placement", "Platzierungspunkten"),
)
PLACEMENT: Final = "Platzierungspunkte (1., 2., 3. Platz …)"
PLACEMENT_HINT: Final = (
    "Ganze Zahlen, durch Komma oder Leerzeichen getrennt, z. B. „20, 18, 16, 14“; "
    "ein Platz dahinter bekommt 0."
)
PLACEMENT_MISSING: Final = "Bei Platzierungspunkten bitte die Punkte der Plätze angeben."
PLACEMENT_BAD: Final = (
    "Platzierungspunkte: „{item}“ (Stelle {position}) ist keine ganze Zahl von 0 bis 1000."
)
PLACEMENT_RISING: Final = (
    "Platzierungspunkte: Platz {place} ({higher}) bekommt mehr als Platz {before} ({lower}); "
    "ein besserer Platz muss mindestens so viele Punkte bekommen."
)
PLACEMENT_TOO_MANY: Final = "Platzierungspunkte: höchstens {limit} Plätze."
MIN_TOURNAMENTS: Final = "Mindestens so viele Turniere, um gewertet zu werden"
TIE_BREAK: Final = "Bei Gleichstand {number}."
TIE_BREAK_NONE: Final = "—"
TIE_BREAK_CHOICES: Final = (
    ("best_placement", "bester Einzelplatz"),
    ("more_tournaments", "mehr gewertete Turniere"),
    ("all_points", "mehr Punkte aus allen Turnieren"),
)
TIE_BREAK_TWICE: Final = "Bei Gleichstand: „{name}“ ist zweimal gewählt."
SAVE: Final = "Speichern"

TOURNAMENT: Final = "Turnier"
ADD: Final = "Hinzufügen"
REMOVE: Final = "Entfernen"
OTHER_RULE_SET: Final = (
    "„{tournament}“ wird nach „{tournament_rules}“ gespielt, die Jahreswertung „{series}“ "
    "nach „{series_rules}“: eine Jahreswertung hat ein Regelwerk."
)
ALREADY_IN: Final = "„{tournament}“ gehört schon zur Jahreswertung."
NOT_IN: Final = "„{tournament}“ gehört nicht zur Jahreswertung."
NO_SUCH_TOURNAMENT: Final = "Dieses Turnier gibt es nicht."
STALE: Final = (
    "Die Jahreswertung wurde inzwischen geändert. Bitte die Seite neu laden und noch einmal."
)

CREATED: Final = "Jahreswertung „{name}“ angelegt."
SAVED: Final = "Jahreswertung gespeichert."
ADDED: Final = "„{tournament}“ zählt jetzt zur Jahreswertung."
REMOVED: Final = "„{tournament}“ zählt nicht mehr zur Jahreswertung."

RULES_NONE: Final = "Regelwerk: das des ersten Turniers"
RULES: Final = "Regelwerk: {name}"

# The CSV's columns.
CSV_HEADERS: Final = (
    "Platz",
    "Name",
    "Verein",
    "Wertung",
    "Turniere gespielt",
    "Turniere gewertet",
    "Gewertet",
    "Gestrichen",
)
NOT_RANKED: Final = "–"
UNRANKED_NOTE: Final = "zu wenige Turniere (mindestens {count})"


def counting_line(counting: str, best_of: int | None) -> str:
    """„Es zählen alle Turniere“ or „Es zählen die besten 4 Turniere“."""
    if counting == "best":
        return f"Es zählen die besten {best_of} Turniere."
    return "Es zählen alle Turniere."


def measure_line(measure: str, placement_points: list[int]) -> str:
    """What a tournament gives, in one sentence."""
    if measure == "placement":
        points = ", ".join(f"{place}. = {value}" for place, value in enumerate(placement_points, 1))
        return f"Gewertet nach Platzierungspunkten: {points}; jeder weitere Platz 0."
    if measure == "average":
        return "Gewertet nach Rundenschnitt: Punkte der gewerteten Turniere je gespielter Runde."
    return "Gewertet nach Gesamtpunkten der gewerteten Turniere."


def tie_break_line(keys: list[str]) -> str:
    names = dict(TIE_BREAK_CHOICES)
    if not keys:
        return "Bei Gleichstand gleicher Platz."
    return "Bei Gleichstand entscheidet: " + ", dann ".join(names[k] for k in keys) + "."


# The PDF (``tournament/publish/standings_files.py``, ``series_sheet``).
PDF_HEADERS: Final = (
    "Platz",
    "Name",
    "Verein",
    "Wertung",
    "Turniere",
    "Gewertet",
    "Gestrichen",
)
SEASON_LINE: Final = "{name} · Saison {season}"
MIN_LINE: Final = "Gewertet wird ab {count} {noun}; „–“: zu wenige Turniere."
PDF_FILE: Final = "jahreswertung-{id}-{season}"


def tournaments_noun(count: int) -> str:
    """„Turnier“ after 1, else „Turnieren“ (after „ab“)."""
    return "Turnier" if count == 1 else "Turnieren"


# The navigation of the exported static site (``templates/publish/_exported_nav.html``).
NAV_LINK: Final = "Jahreswertung {name}"

# The projector (``templates/series/``).
PROJECTOR: Final = "Leinwand"
PROJECTOR_TITLE: Final = "Leinwand {name}"
PROJECTOR_HINT: Final = (
    "Die Jahreswertung für den Beamer im Saal: groß, ohne Bedienelemente, blättert von selbst "
    "(„?sekunden=20“ in der Adresse: 20 Sekunden je Seite)."
)
STANDINGS: Final = "Stand der Jahreswertung"
PROVISIONAL_STANDINGS: Final = "Vorläufiger Stand der Jahreswertung"
RUNNING: Final = "läuft"
TOURNAMENTS: Final = "Turniere"
PLAYED: Final = "Turniere gespielt"
VALUE: Final = "Wertung"
NO_RESULTS: Final = "Noch keine Ergebnisse."
NO_TOURNAMENTS: Final = "Noch kein Turnier."

# A player's page (``templates/player_pages/show.html``).
PLAYER_HEADING: Final = "Jahreswertung {name}"
PLAYER_RANK: Final = "Platz in der Jahreswertung"
PLAYER_UNRANKED: Final = "noch nicht gewertet: zu wenige Turniere (mindestens {count})"
PLAYER_VALUE: Final = "Wertung"
PLAYER_TABLE: Final = "Turniere von {name} in der Jahreswertung {series}"
PLACE: Final = "Platz"
POINTS: Final = "Punkte"
COUNTS: Final = "Zählt"
COUNTED: Final = "gewertet"
STRUCK: Final = "gestrichen"
