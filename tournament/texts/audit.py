"""The Protokoll's German words: what each recorded action says, the names of the fields it
changed, the words for stored values, and the filter's kinds of entries.

:mod:`tournament.audit.describe` puts them together into one sentence per event and a
before/after table; an action or field not listed here is still shown, under its stored name.
"""

from __future__ import annotations

from enum import Enum

from tournament.texts import prizes as prize_words
from tournament.texts import series as series_words
from tournament.texts.rule_sets import PRESET_NAMES, VARIANT_TEXTS


class LogKind(Enum):
    """The filter of the Protokoll page: which kind of entries to show (``?art=``)."""

    REGISTRATIONS = "anmeldungen"
    ROUNDS = "runden"
    LISTS = "listen"
    TABLES = "tische"
    ACCOUNTS = "konten"
    TOURNAMENT = "turnier"

    @property
    def label(self) -> str:
        return KIND_LABELS[self]


KIND_LABELS: dict[LogKind, str] = {
    LogKind.REGISTRATIONS: "Anmeldungen",
    LogKind.ROUNDS: "Runden und Auslosung",
    LogKind.LISTS: "Listen und Spiele",
    LogKind.TABLES: "Tische (Codes, Sperren)",
    LogKind.ACCOUNTS: "Konten und Anmeldungen am System",
    LogKind.TOURNAMENT: "Turnier",
}

#: What happened, by (object type, action): the middle of the sentence
#: "‹Objekt›: ‹was› von ‹wem›". ``{entry}`` names a list entry ("Spiel 14").
ACTIONS: dict[tuple[str, str], str] = {
    ("tournament", "create"): "angelegt",
    ("tournament", "update"): "Angaben geändert",
    ("tournament", "import_lists"): "Listen aus einer Datei eingelesen",
    ("series", "create"): "angelegt",
    ("series", "update"): "Regeln geändert",
    ("series", "add_tournament"): "Turnier aufgenommen",
    ("series", "remove_tournament"): "Turnier herausgenommen",
    ("registration", "register"): "angemeldet",
    ("registration", "update"): "Anmeldung geändert",
    ("registration", "withdraw"): "zurückgezogen",
    ("registration", "reinstate"): "wieder aufgenommen",
    ("registration", "entry_fee_paid"): "Startgeld erfasst",
    ("registration", "entry_fee_refunded"): "Startgeld erstattet",
    ("registration", "entry_fee_undone"): "Startgeld-Buchung rückgängig gemacht",
    ("tournament", "prize_rules"): "Preisregeln geändert",
    ("round", "draw"): "ausgelost",
    ("round", "redraw"): "neu ausgelost",
    ("round", "start"): "gestartet",
    ("round", "finish"): "abgeschlossen",
    ("round", "time_up"): "Zeit abgelaufen ausgerufen",
    ("round_table", "renew_code"): "neuer Tischcode ausgegeben",
    ("round_table", "revoke_code"): "Tischcode gesperrt",
    ("round_table", "lock_list"): "Liste für den Tischcode gesperrt",
    ("round_table", "unlock_list"): "Liste für den Tischcode freigegeben",
    ("round_table", "add_list_entry"): "{entry} eingetragen",
    ("round_table", "correct_list_entry"): "{entry} korrigiert",
    ("round_table", "delete_list_entry"): "{entry} gelöscht",
    ("round_table", "replace_list"): "ganze Liste neu eingetragen",
    ("user", "create"): "angelegt",
    ("user", "update"): "geändert",
    ("user", "login"): "am System angemeldet",
    ("user", "logout"): "vom System abgemeldet",
    ("user", "password"): "Passwort geändert",
}
#: An account locked or unlocked (an ``update`` of ``active`` alone).
USER_LOCKED = "gesperrt"
USER_UNLOCKED = "entsperrt"
#: A correction that stored the entry as it was.
UNCHANGED = "nichts geändert"
#: An action this catalogue does not know: ``{action}`` is its stored name.
UNKNOWN_ACTION = "Änderung „{action}“"

#: The objects, by type: ``{name}`` and ``{number}`` from the database, ``{id}`` the stored id.
OBJECTS: dict[str, str] = {
    "tournament": "Turnier „{name}“",
    "registration": "{name} (Nr. {number})",
    "round": "Runde {number}",
    "round_table": "Tisch {number}, Runde {round}",
    "user": "Konto {name}",
    "series": "Jahreswertung „{name}“",
}
#: An object no longer in the database (or never found), by type.
MISSING_OBJECTS: dict[str, str] = {
    "tournament": "Turnier #{id}",
    "registration": "Anmeldung #{id}",
    "round": "Runde #{id}",
    "round_table": "Tisch #{id}",
    "user": "Konto #{id}",
    "series": "Jahreswertung #{id}",
}
UNKNOWN_OBJECT = "{type} #{id}"
NO_OBJECT = "{type}"

#: Who did it, appended to the action.
BY_USER = "von {name}"
BY_USER_AND_CODE = "von {name} über den Tischcode"
BY_CODE = "über den Tischcode"
BY_UNKNOWN_USER = "von Konto #{id}"

#: A list entry, by its record's ``kind``; ``{number}`` is its place in the list.
ENTRY_NAMES: dict[str, str] = {
    "game": "Spiel {number}",
    "penalty": "Strafpunkte (Eintrag {number})",
    "nachspielzeit": "Nachspielzeit (Eintrag {number})",
    "time_up": "Zeit abgelaufen (Eintrag {number})",
}
UNKNOWN_ENTRY = "Eintrag {number}"
UNKNOWN_KIND = "unbekannter Eintrag"

#: The German names of stored fields (of a tournament, a registration, a round, an account, a
#: table, and the parts of a list entry).
FIELD_LABELS: dict[str, str] = {
    "name": "Name",
    "season": "Saison",
    "counting": "Es zählen",
    "best_of": "beste N",
    "measure": "Gewertet nach",
    "placement_points": "Platzierungspunkte",
    "min_tournaments": "Mindestens Turniere",
    "tie_breaks": "Bei Gleichstand",
    "series_tournament": "Turnier",
    "date": "Datum",
    "venue": "Ort",
    "organiser": "Ausrichter",
    "rounds_planned": "Runden geplant",
    "status": "Stand",
    "rule_set": "Regelwerk",
    "rules_preset": "Regelwerk",
    "rules_variants": "Regelvarianten",
    "club": "Verein",
    "ddv_number": "DDV-Nr.",
    "start_number": "Startnummer",
    "first_round": "spielt ab Runde",
    "fixed_table": "fester Tisch",
    "withdrawn_after_round": "zurückgezogen nach Runde",
    "number": "Runde",
    "method": "Auslosung",
    "seed": "Startwert",
    "repeats": "wiederholte Begegnungen",
    "tables": "Tische",
    "separate_clubs": "Vereine getrennt",
    "fixed": "feste Tische",
    "time_up_at": "Zeit abgelaufen um",
    "had_code": "hatte einen Tischcode",
    "locked": "für den Tischcode gesperrt",
    "username": "Benutzername",
    "role": "Rolle",
    "active": "aktiv",
    "entries": "Einträge",
    "totals": "Punkte",
    "version": "Stand der Liste",
    "via": "eingegeben über",
    # list entries
    "entry": "Eintrag",
    "kind": "Art",
    "dealer": "Geber",
    "re": "Re",
    "kontra": "Kontra",
    "re_eyes": "Augen Re",
    "kontra_eyes": "Augen Kontra",
    "re_call": "Ansage Re",
    "kontra_call": "Ansage Kontra",
    "specials": "Sonderpunkte",
    "player": "Solist / Hochzeiter",
    "winners": "Spieler mit Pluspunkten",
    "points": "Punkte",
    "category": "Verstoß",
    "offender": "Verursacher",
    "phase": "Spielphase",
    "soloist": "Solist",
    "absagen": "Absagen",
    "harms_soloist": "schadet dem Solisten",
    "deduction": "Abzug",
    "solo_pflicht": "Solo war",
    "note": "Notiz",
    "signed_by": "abgezeichnet von",
    "minutes": "Minuten",
    "reason": "Grund",
    "being_dealt": "ein Spiel wurde gerade gegeben",
    "record": "Eintrag",
    # the day under a rule set (tournament form)
    "round_games": "Spiele je Runde",
    "until_pot_empty": "bis der Topf leer ist",
    "pot_start": "Topf oder Kasse am Start",
    "zwangssolo_frist": "Zwangssolo-Frist",
    "time_limit": "Zeitlimit (Minuten)",
    **prize_words.AUDIT_FIELDS,
}
#: One player's points in the before/after table.
POINTS_OF = "Punkte {name}"

YES = "ja"
NO = "nein"
NOTHING = "–"
UNREADABLE = "nicht lesbar: {text}"
ARROW = "{before} → {after}"

#: Stored words, by field.
VALUE_WORDS: dict[str, dict[str, str]] = {
    "counting": dict(series_words.COUNTING_CHOICES),
    "measure": dict(series_words.MEASURE_CHOICES),
    "payment": prize_words.KIND,
    "rules_preset": dict(PRESET_NAMES),
    "rules_variants": {
        key: variant.name
        for variants in VARIANT_TEXTS.values()
        for key, variant in variants.items()
    },
    "role": {"turnierleitung": "Turnierleitung", "schiedsrichter": "Schiedsrichter"},
    "method": {"random": "Zufall (wenig Wiederholungen)", "standings": "nach Tabellenstand"},
    "status": {
        "planned": "geplant",
        "drawn": "ausgelost",
        "running": "läuft",
        "finished": "abgeschlossen",
    },
    "phase": {
        "normal": "Normalspiel",
        "solo": "Solo",
        "hochzeit_vor_klaerung": "Hochzeit vor der Klärung",
        "hochzeit_mit_partner": "Hochzeit mit Partner",
        "hochzeit_allein": "Hochzeit allein gespielt",
        "stille_hochzeit_vor_zweiter_kreuz_dame": "stille Hochzeit vor der zweiten Kreuz-Dame",
        "stille_hochzeit_nach_zweiter_kreuz_dame": "stille Hochzeit nach der zweiten Kreuz-Dame",
    },
}

TABLE_LINE = "Tisch {number}: {names}"
TABLE_COUNT = "{count} Tische"
TABLE_COUNT_ONE = "1 Tisch"
#: A player only known by start number.
START_NUMBER = "Nr. {number}"
#: A list entry's kind, by its record's ``kind`` (a game says its game type instead).
ENTRY_KINDS = {
    "game": "Spiel",
    "penalty": "Strafpunkte",
    "nachspielzeit": "Nachspielzeit",
    "time_up": "Zeit abgelaufen",
}
ROUND_OF = "nach Runde {number}"
TABLE_OF = "Tisch {number}"
ENTRY_COUNT = "{value} Einträge"

#: The parts of a list entry's summary, each with its ``{value}``: for a game its kind, the
#: Re players, Re's Augen, the calls and the points (Re/Kontra, or winners/others).
PLAIN = "{value}"
GAME_RE = "Re: {value}"
GAME_RE_EYES = "Re {value} Augen"
GAME_CALLS = "Ansagen {value}"
GAME_POINTS = "Punkte {value}"
GAME_WINNERS = "Pluspunkte: {value}"
PENALTY_AGAINST = "gegen {value}"
EXTENSION_MINUTES = "{value} Minuten"
BEING_DEALT = "ein Spiel wurde gerade gegeben: {value}"
SPECIALS_OF = "{party}: {items}"
SPECIAL_NAMES = {"doppelkopf": "Doppelkopf", "fuchs": "Fuchs", "karlchen": "Karlchen"}
