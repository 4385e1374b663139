"""The app's own German sentences: why a service refuses, what a flash reports.

A service refuses with a :class:`Refusal` code and its parameters
(``ServiceError(Refusal.ROUND_NOT_RUNNING, round=3)``); a route flashes a :class:`Notice`
(``flash(notice(Notice.SAVED), "success")``). A :class:`Part` is a piece of a sentence a
page lists (a problem of a pasted line, a table keeping a round from closing).
:data:`GERMAN_REFUSALS`, :data:`GERMAN_NOTICES` and :data:`GERMAN_PARTS` hold one German
template per code, with the parameters as placeholders; :func:`refusal_text`,
:func:`notice` and :func:`part` put the text together (:func:`fill` any template).

Besides :meth:`str.format`'s own, the templates use

* ``{x!l}``: a list of sentence parts, joined with ``"; "``;
* ``{x!w}``: a list of sentences, joined with a space;
* ``{x!u}``: a list of names, joined with " und ";
* ``{n:Runden}``, ``{n:Listen}``, ``{n:wiederholte Begegnungen}``, ``{n:Spiele fehlen}``,
  ``{n:Minuten}``: a count with its noun ("1 Runde", "3 Runden", "keine wiederholten Begegnungen",
  "1 Spiel fehlt"), see :func:`counted`.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from enum import Enum
from typing import Any

__all__ = [
    "GERMAN_NOTICES",
    "GERMAN_PARTS",
    "GERMAN_REFUSALS",
    "Notice",
    "Part",
    "Refusal",
    "counted",
    "fill",
    "notice",
    "part",
    "placeholders",
    "refusal_text",
]


class Refusal(Enum):
    """Why a service refuses a request (:class:`tournament.domain.errors.ServiceError`)."""

    #: A sentence built elsewhere (the engine's findings, the draw, a spreadsheet): ``text``.
    SENTENCE = "sentence"
    #: The page was rendered before the tournament changed (:class:`StaleError`).
    STALE = "stale"

    # accounts
    USERNAME_TAKEN = "username_taken"
    OWN_ACCOUNT_LOCK = "own_account_lock"
    LAST_LEITUNG_LOCK = "last_leitung_lock"

    # tournaments
    FEWER_ROUNDS_THAN_DRAWN = "fewer_rounds_than_drawn"
    RULE_SET_UNKNOWN = "rule_set_unknown"
    RULE_SET_VARIANT_UNKNOWN = "rule_set_variant_unknown"
    RULE_SET_FIXED = "rule_set_fixed"

    # registrations
    TOO_MANY_LINES = "too_many_lines"
    EMPTY_PASTE = "empty_paste"
    PASTE_PROBLEMS = "paste_problems"
    PASTE_UNDECIDED = "paste_undecided"
    PASTE_SAME_PLAYER = "paste_same_player"
    PASTE_DDV_TAKEN = "paste_ddv_taken"
    NAME_MISSING = "name_missing"
    NAME_PROBLEM = "name_problem"
    START_NUMBER_TAKEN = "start_number_taken"
    START_NUMBER_FIXED = "start_number_fixed"
    DDV_TAKEN = "ddv_taken"
    ALREADY_WITHDRAWN = "already_withdrawn"
    WITHDRAW_DURING_ROUND = "withdraw_during_round"
    NOT_WITHDRAWN = "not_withdrawn"

    # rounds
    PREVIOUS_ROUND_NOT_STARTED = "previous_round_not_started"
    ALL_ROUNDS_DRAWN = "all_rounds_drawn"
    STANDINGS_NOT_FINAL = "standings_not_final"
    REDRAW_STARTED = "redraw_started"
    REDRAW_NOT_LAST = "redraw_not_last"
    ALREADY_STARTED = "already_started"
    SEATING_WRONG = "seating_wrong"
    FINISH_NOT_RUNNING = "finish_not_running"
    LISTS_OPEN = "lists_open"

    # tables: codes, locks, time
    NO_ACCESS_CODE = "no_access_code"
    ROUND_FINISHED = "round_finished"
    ROUND_NOT_RUNNING = "round_not_running"
    TIME_ALREADY_UP = "time_already_up"
    TIME_UP_ALREADY_MARKED = "time_up_already_marked"
    LIST_COMPLETE = "list_complete"
    TIME_NOT_CALLED = "time_not_called"
    EXTRA_TIME_LEFT = "extra_time_left"
    EXTENSION_NOT_ALLOWED = "extension_not_allowed"
    EXTENSION_MINUTES = "extension_minutes"
    EXTENSION_REASON_MISSING = "extension_reason_missing"
    PENALTY_NOT_ALLOWED = "penalty_not_allowed"

    # score lists
    ENTRY_NOT_STORABLE = "entry_not_storable"
    ROUND_NOT_STARTED = "round_not_started"
    LIST_OF_FINISHED_ROUND = "list_of_finished_round"
    LIST_LOCKED = "list_locked"
    NO_SUCH_ENTRY = "no_such_entry"
    RULES_FOUND_ERRORS = "rules_found_errors"
    ENTRY_ALREADY_SAVED = "entry_already_saved"
    LIST_CHANGED_ELSEWHERE = "list_changed_elsewhere"
    ONLY_LAST_GAME = "only_last_game"

    # imports of lists
    IMPORT_HAS_ERRORS = "import_has_errors"
    IMPORT_UNCHANGED = "import_unchanged"
    IMPORT_ROUND_NOT_STARTED = "import_round_not_started"
    IMPORT_ROUND_FINISHED = "import_round_finished"

    # forms of the routes: an error shown at the field
    WRONG_CREDENTIALS = "wrong_credentials"
    NO_SUCH_CODE = "no_such_code"
    WRONG_SETUP_CODE = "wrong_setup_code"
    SETUP_CODE_MISSING = "setup_code_missing"
    TOO_MANY_ATTEMPTS = "too_many_attempts"

    # a new password: why it is refused
    PASSWORD_TOO_SHORT = "password_too_short"
    PASSWORD_COMMON = "password_common"
    PASSWORD_NAME = "password_name"
    PASSWORD_KEYBOARD = "password_keyboard"
    PASSWORD_REPEATS = "password_repeats"
    PASSWORD_SEQUENCE = "password_sequence"
    PASSWORD_DATE = "password_date"
    PASSWORD_WORDS = "password_words"
    PASSWORD_GUESSABLE = "password_guessable"


class Notice(Enum):
    """What a flash message reports (done, or not done for a reason of the page itself)."""

    # accounts
    SETUP_DONE = "setup_done"
    SETUP_CODE = "setup_code"
    NO_SETUP_CODE = "no_setup_code"
    FIRST_ACCOUNT_CREATED = "first_account_created"
    LOGGED_IN = "logged_in"
    LOGGED_OUT = "logged_out"
    ACCOUNT_CREATED = "account_created"
    ACCOUNT_LOCKED = "account_locked"
    ACCOUNT_UNLOCKED = "account_unlocked"
    PASSWORD_SET = "password_set"

    # tournaments
    TOURNAMENT_CREATED = "tournament_created"
    TOURNAMENT_SAVED = "tournament_saved"

    # registrations
    PLAYERS_REGISTERED = "players_registered"
    REGISTRATION_SAVED = "registration_saved"
    WITHDRAWN = "withdrawn"
    WITHDRAWN_REDRAW = "withdrawn_redraw"
    REINSTATED = "reinstated"
    FORM_INCOMPLETE = "form_incomplete"

    # rounds
    NOT_DRAWN = "not_drawn"
    NOT_DONE = "not_done"
    ROUND_DRAWN = "round_drawn"
    ROUND_REDRAWN = "round_redrawn"
    ROUND_STARTED = "round_started"
    ROUND_CLOSED = "round_closed"

    # the round overview
    TIME_UP_CALLED = "time_up_called"
    CODE_RENEWED = "code_renewed"
    CODE_REVOKED = "code_revoked"
    LIST_LOCKED = "list_locked"
    LIST_UNLOCKED = "list_unlocked"
    # table cards and the overview: their links name this computer only
    ADDRESS_UNREACHABLE = "address_unreachable"

    # imports of lists
    CONFIRMATION_INCOMPLETE = "confirmation_incomplete"
    LISTS_IMPORTED = "lists_imported"

    # score lists
    SAVED = "saved"
    GAME_SAVED = "game_saved"
    ENTRY_CORRECTED = "entry_corrected"
    ENTRY_DELETED = "entry_deleted"
    DELETE_PAGE_INCOMPLETE = "delete_page_incomplete"
    DELETE_REFUSED = "delete_refused"
    BEING_DEALT_MISSING = "being_dealt_missing"
    # the Schiedsrichter's screens: what was stored
    PENALTY_SAVED = "penalty_saved"
    EXTENSION_SAVED = "extension_saved"
    TIME_UP_SAVED_DEALT = "time_up_saved_dealt"
    TIME_UP_SAVED = "time_up_saved"


class Part(Enum):
    """A piece of a sentence: an item of a list a page shows, or of a refusal's list."""

    # a line of a pasted player list: why it cannot be registered, after the name
    LINE_WITHOUT_NAME = "line_without_name"
    NAME_TOO_LONG = "name_too_long"
    CLUB_TOO_LONG = "club_too_long"
    NAME_SEPARATOR = "name_separator"
    CLUB_SEPARATOR = "club_separator"
    NAME_ERROR_VALUE = "name_error_value"
    CLUB_ERROR_VALUE = "club_error_value"
    DDV_INVALID = "ddv_invalid"
    TOO_MANY_PARTS = "too_many_parts"
    LINE_REGISTERED = "line_registered"
    LINE_REPEATED = "line_repeated"
    LINE_DDV_REGISTERED = "line_ddv_registered"
    LINE_SAME_DDV = "line_same_ddv"
    # a line registered as another person with a name already there (a note, not a problem)
    LINE_NAMESAKE_REGISTERED = "line_namesake_registered"
    LINE_NAMESAKE_LINE = "line_namesake_line"
    # the line with its problem, for the refusal; an empty name
    PASTED_LINE = "pasted_line"
    NAMELESS = "nameless"

    # what keeps a round from closing, per table
    GAMES_MISSING = "games_missing"
    LIST_HAS_ERRORS = "list_has_errors"
    LIST_UNREADABLE = "list_unreadable"

    # what keeps a drawn round from starting, per player
    SEATED_WITHDRAWN = "seated_withdrawn"
    NO_SEAT = "no_seat"

    # what happened to a list on another device since a page was shown
    ENTRY_ADDED = "entry_added"
    ENTRY_CORRECTED = "entry_corrected"
    ENTRY_DELETED = "entry_deleted"
    LIST_REPLACED = "list_replaced"
    LIST_CHANGED = "list_changed"


#: One German template per refusal; the placeholders are the refusal's parameters.
GERMAN_REFUSALS: Mapping[Refusal, str] = {
    Refusal.SENTENCE: "{text}",
    Refusal.STALE: (
        "Diese Seite war nicht mehr aktuell: Inzwischen wurde am Turnier etwas geändert "
        "(anderer Tab oder doppelter Klick). Es wurde nichts gespeichert. Bitte prüfen Sie "
        "den aktuellen Stand und wiederholen Sie die Aktion, falls nötig."
    ),
    Refusal.USERNAME_TAKEN: "Den Benutzernamen „{username}“ gibt es schon.",
    Refusal.OWN_ACCOUNT_LOCK: "Das eigene Konto kann man nicht sperren.",
    Refusal.LAST_LEITUNG_LOCK: "Das letzte Konto der Turnierleitung kann nicht gesperrt werden.",
    Refusal.FEWER_ROUNDS_THAN_DRAWN: (
        "Es sind schon {drawn} Runden ausgelost; das Turnier kann nicht weniger "
        "Runden haben (eingegeben: {planned})."
    ),
    Refusal.RULE_SET_UNKNOWN: (
        "Das Regelwerk „{value}“ gibt es nicht; bitte eines der Liste wählen. Nichts wurde "
        "geändert."
    ),
    Refusal.RULE_SET_VARIANT_UNKNOWN: (
        "Die Variante „{value}“ gehört nicht zum Regelwerk „{rule_set}“; nichts wurde geändert."
    ),
    Refusal.RULE_SET_FIXED: (
        "Das Regelwerk kann nicht mehr geändert werden: es ist schon ein Spiel eingetragen, "
        "und ein anderes Regelwerk würde die gespeicherten Werte ändern. Nichts wurde geändert."
    ),
    Refusal.TOO_MANY_LINES: "Höchstens {limit} Zeilen auf einmal (eingefügt: {lines}).",
    Refusal.EMPTY_PASTE: "Die Liste ist leer: bitte einen Namen pro Zeile eingeben.",
    Refusal.PASTE_PROBLEMS: "Nichts angemeldet. {problems!l}.",
    Refusal.PASTE_UNDECIDED: (
        "Nichts angemeldet. Zeile {line}: {name} gibt es schon in der "
        "Datenbank; bitte auswählen, ob es derselbe Spieler ist oder ein neuer."
    ),
    Refusal.PASTE_SAME_PLAYER: (
        "Nichts angemeldet. Zeile {line} und Zeile {other_line} "
        "meinen beide {name}; ein Spieler kann nur einmal angemeldet werden."
    ),
    Refusal.PASTE_DDV_TAKEN: (
        "Nichts angemeldet. Zeile {line}: Die DDV-Nr. {ddv} "
        "gehört schon einem Spieler; ein neuer Spieler kann sie nicht bekommen."
    ),
    Refusal.NAME_MISSING: "Bitte einen Namen eingeben.",
    Refusal.NAME_PROBLEM: "{name} {problem}.",
    Refusal.START_NUMBER_TAKEN: "Die Startnummer {start_number} hat schon {holder}.",
    Refusal.START_NUMBER_FIXED: (
        "Die Startnummer kann nach der ersten Auslosung dieses Spielers nicht mehr "
        "geändert werden: sie steht schon in Tischplänen und Listen."
    ),
    Refusal.DDV_TAKEN: "Die DDV-Nr. {ddv} gehört schon {holder}.",
    Refusal.ALREADY_WITHDRAWN: "{name} ist schon zurückgezogen.",
    Refusal.WITHDRAW_DURING_ROUND: (
        "Runde {round} läuft: ein Spieler kann erst nach dem Ende der Runde "
        "zurückgezogen werden (bei Abbruch mitten in der Runde entscheidet die "
        "Turnierleitung über die Liste, TSR 8.6)."
    ),
    Refusal.NOT_WITHDRAWN: "{name} ist nicht zurückgezogen.",
    Refusal.PREVIOUS_ROUND_NOT_STARTED: (
        "Runde {round} ist ausgelost, aber noch nicht gestartet: die nächste "
        "Runde kann erst danach ausgelost werden."
    ),
    Refusal.ALL_ROUNDS_DRAWN: (
        "Das Turnier hat {planned:Runden}; alle sind ausgelost. "
        "Für eine weitere Runde bitte zuerst die Rundenzahl in den Turnierdaten erhöhen."
    ),
    Refusal.STANDINGS_NOT_FINAL: (
        "Auslosung nach Tabellenstand erst, wenn Runde {round} abgeschlossen ist "
        "(sonst steht der Stand noch nicht fest)."
    ),
    Refusal.REDRAW_STARTED: (
        "Runde {round} hat schon begonnen und kann nicht neu ausgelost werden."
    ),
    Refusal.REDRAW_NOT_LAST: "Nur die letzte Runde kann neu ausgelost werden.",
    Refusal.ALREADY_STARTED: "Runde {round} wurde schon gestartet.",
    Refusal.SEATING_WRONG: (
        "Runde {round} kann so nicht beginnen: {problems!l}. Bitte neu auslosen."
    ),
    Refusal.FINISH_NOT_RUNNING: ("Runde {round} läuft nicht und kann nicht abgeschlossen werden."),
    Refusal.LISTS_OPEN: "Runde {round} kann noch nicht abgeschlossen werden: {missing!l}.",
    Refusal.NO_ACCESS_CODE: "Tisch {table} hat keinen Zugangscode.",
    Refusal.ROUND_FINISHED: "Runde {round} ist abgeschlossen.",
    Refusal.ROUND_NOT_RUNNING: "Runde {round} läuft nicht.",
    Refusal.TIME_ALREADY_UP: "Für Runde {round} ist die Zeit schon abgelaufen.",
    Refusal.TIME_UP_ALREADY_MARKED: (
        "Auf dieser Liste ist die Zeit schon als abgelaufen eingetragen."
    ),
    Refusal.LIST_COMPLETE: "Die Liste ist vollständig; es gibt nichts mehr zu streichen.",
    Refusal.TIME_NOT_CALLED: "Die Turnierleitung hat die Zeit noch nicht für beendet erklärt.",
    Refusal.EXTRA_TIME_LEFT: "Dieser Tisch hat noch Nachspielzeit.",
    Refusal.EXTENSION_NOT_ALLOWED: (
        "Nachspielzeit gibt nur der Schiedsrichter oder die Turnierleitung."
    ),
    Refusal.EXTENSION_MINUTES: "Nachspielzeit: {minutes} Minuten; bitte 1 bis {most} Minuten.",
    Refusal.EXTENSION_REASON_MISSING: "Bitte einen Grund für die Nachspielzeit angeben.",
    Refusal.PENALTY_NOT_ALLOWED: (
        "Strafpunkte trägt nur der Schiedsrichter oder die Turnierleitung ein."
    ),
    Refusal.ROUND_NOT_STARTED: (
        "Runde {round} hat noch nicht begonnen: Spiele können erst eingetragen "
        "werden, wenn die Turnierleitung die Runde startet."
    ),
    Refusal.LIST_OF_FINISHED_ROUND: (
        "Runde {round} ist abgeschlossen: die Liste kann nicht mehr geändert werden."
    ),
    Refusal.LIST_LOCKED: (
        "Die Liste von Tisch {table} ist von der Turnierleitung gesperrt: bitte "
        "an die Turnierleitung oder den Schiedsrichter wenden."
    ),
    Refusal.NO_SUCH_ENTRY: "Die Liste hat keinen Eintrag {entry}.",
    Refusal.RULES_FOUND_ERRORS: "Nicht gespeichert: die Regelprüfung fand {count} Fehler.{first}",
    Refusal.ENTRY_ALREADY_SAVED: (
        "Dieser Eintrag ist schon gespeichert (Eintrag {entry}); er wurde nicht noch einmal "
        "eingetragen."
    ),
    Refusal.LIST_CHANGED_ELSEWHERE: (
        "Nicht gespeichert: Die Liste wurde inzwischen auf einem anderen Gerät geändert "
        "({since}). Bitte die aktuelle Liste prüfen und den Eintrag, falls er noch fehlt, "
        "erneut eingeben."
    ),
    Refusal.ENTRY_NOT_STORABLE: "Eintrag {entry}: nicht als JSON speicherbar ({why}) (TSR 8.4)",
    Refusal.ONLY_LAST_GAME: (
        "Am Tisch kann nur das zuletzt eingetragene Spiel korrigiert oder gelöscht werden; "
        "für frühere Einträge bitte den Schiedsrichter oder die Turnierleitung holen."
    ),
    Refusal.IMPORT_HAS_ERRORS: (
        "Nichts eingelesen: die Datei hat Fehler. Bitte korrigieren und erneut hochladen."
    ),
    Refusal.IMPORT_UNCHANGED: (
        "Nichts eingelesen: die Listen der Datei sind schon so gespeichert."
    ),
    Refusal.IMPORT_ROUND_NOT_STARTED: (
        "Nichts eingelesen: Runde {round} hat noch nicht begonnen; die Liste von Tisch "
        "{table} kann nicht geändert werden."
    ),
    Refusal.IMPORT_ROUND_FINISHED: (
        "Nichts eingelesen: Runde {round} ist abgeschlossen; die Liste von Tisch "
        "{table} kann nicht geändert werden."
    ),
    Refusal.WRONG_CREDENTIALS: "Benutzername oder Passwort ist falsch.",
    Refusal.NO_SUCH_CODE: (
        "Diesen Code gibt es nicht, oder die Runde ist vorbei. Bitte den Code auf der "
        "Tischkarte prüfen oder die Turnierleitung fragen."
    ),
    Refusal.WRONG_SETUP_CODE: (
        "Der Einrichtungscode stimmt nicht. Er steht im Fenster, in dem Doko-Turnier "
        "gestartet wurde."
    ),
    Refusal.SETUP_CODE_MISSING: (
        "Bitte den Einrichtungscode eingeben. Er steht im Fenster, in dem Doko-Turnier "
        "gestartet wurde."
    ),
    Refusal.TOO_MANY_ATTEMPTS: "Zu viele Versuche. Bitte in {minutes:Minuten} erneut versuchen.",
    Refusal.PASSWORD_TOO_SHORT: "Das Passwort muss mindestens {minimum} Zeichen lang sein.",
    Refusal.PASSWORD_COMMON: (
        "Dieses Passwort gehört zu den häufigsten Passwörtern und wird zuerst ausprobiert. "
        "Bitte ein anderes wählen."
    ),
    Refusal.PASSWORD_NAME: (
        "Das Passwort enthält den Benutzernamen oder ein naheliegendes Wort wie "
        "„Doppelkopf“ oder „Passwort“. Bitte ein anderes wählen."
    ),
    Refusal.PASSWORD_KEYBOARD: (
        "Das Passwort folgt einer Tastaturreihe (wie „qwertz“ oder „asdf“) und ist leicht "
        "zu erraten. Bitte ein anderes wählen."
    ),
    Refusal.PASSWORD_REPEATS: (
        "Das Passwort wiederholt Zeichen oder Silben (wie „aaaa“ oder „abab“) und ist leicht "
        "zu erraten. Bitte ein anderes wählen."
    ),
    Refusal.PASSWORD_SEQUENCE: (
        "Das Passwort ist eine Folge (wie „1234“ oder „abcd“) und ist leicht zu erraten. "
        "Bitte ein anderes wählen."
    ),
    Refusal.PASSWORD_DATE: (
        "Das Passwort besteht vor allem aus einem Datum oder einer Jahreszahl und ist leicht "
        "zu erraten. Bitte ein anderes wählen."
    ),
    Refusal.PASSWORD_WORDS: (
        "Das Passwort besteht aus einem bekannten Wort oder Namen und ist leicht zu erraten. "
        "Bitte mehrere Wörter, Ziffern und Zeichen verbinden."
    ),
    Refusal.PASSWORD_GUESSABLE: (
        "Das Passwort ist zu leicht zu erraten. Bitte länger wählen, z. B. mehrere Wörter "
        "mit Ziffern und Zeichen dazwischen."
    ),
}

#: One German template per notice; the placeholders are the notice's parameters.
GERMAN_NOTICES: Mapping[Notice, str] = {
    Notice.SETUP_DONE: "Die Einrichtung ist bereits abgeschlossen.",
    Notice.SETUP_CODE: (
        "Einrichtungscode: {code} – Doko-Turnier hat noch kein Konto; die Einrichtungsseite "
        "fragt nach diesem Code."
    ),
    Notice.NO_SETUP_CODE: (
        "Die Einrichtung ist abgeschlossen: es gibt keinen Einrichtungscode mehr."
    ),
    Notice.FIRST_ACCOUNT_CREATED: (
        "Das Konto „{username}“ (Turnierleitung) ist angelegt. Bitte melden Sie sich an."
    ),
    Notice.LOGGED_IN: "Angemeldet als {username} ({role}).",
    Notice.LOGGED_OUT: "Sie sind abgemeldet.",
    Notice.ACCOUNT_CREATED: "Das Konto „{username}“ ({role}) ist angelegt.",
    Notice.ACCOUNT_LOCKED: "Das Konto „{username}“ ist gesperrt.",
    Notice.ACCOUNT_UNLOCKED: "Das Konto „{username}“ ist entsperrt.",
    Notice.PASSWORD_SET: "Das Passwort von „{username}“ ist neu gesetzt.",
    Notice.TOURNAMENT_CREATED: "Das Turnier „{name}“ ist angelegt.",
    Notice.TOURNAMENT_SAVED: "Die Turnierdaten sind gespeichert.",
    Notice.PLAYERS_REGISTERED: "{count} Spieler angemeldet.",
    Notice.REGISTRATION_SAVED: "{name} ist gespeichert.",
    Notice.WITHDRAWN: "{name} ist nach Runde {round} zurückgezogen.",
    Notice.WITHDRAWN_REDRAW: (
        "{name} ist nach Runde {round} zurückgezogen. Runde {drawn} ist schon ausgelost: "
        "bitte neu auslosen, bevor sie beginnt."
    ),
    Notice.REINSTATED: "{name} spielt ab Runde {round} wieder mit.",
    Notice.FORM_INCOMPLETE: "Die Aktion wurde nicht ausgeführt: das Formular war unvollständig.",
    Notice.NOT_DRAWN: "Nicht ausgelost: {error}",
    Notice.NOT_DONE: "Nicht ausgeführt: {errors!w}",
    Notice.ROUND_DRAWN: (
        "Runde {round} ist ausgelost (Startwert {seed}, {repeats:wiederholte Begegnungen})."
    ),
    Notice.ROUND_REDRAWN: (
        "Runde {round} ist neu ausgelost (Startwert {seed}, {repeats:wiederholte Begegnungen})."
    ),
    Notice.ROUND_STARTED: "Runde {round} läuft: die Zeit beginnt.",
    Notice.ROUND_CLOSED: "Runde {round} ist abgeschlossen.",
    Notice.TIME_UP_CALLED: (
        "Runde {round}: Die Zeit ist abgelaufen. Jeder Tisch trägt jetzt auf seiner "
        "Liste ein, ob gerade ein Spiel gegeben wurde."
    ),
    Notice.CODE_RENEWED: (
        "Tisch {table} hat den neuen Zugangscode {code}; der alte gilt nicht mehr. "
        "Bitte die Tischkarte neu drucken."
    ),
    Notice.CODE_REVOKED: (
        "Der Zugangscode von Tisch {table} ist entzogen: Die Liste öffnet sich "
        "nur noch für die Turnierleitung und den Schiedsrichter."
    ),
    Notice.LIST_LOCKED: (
        "Die Liste von Tisch {table} ist gesperrt: Am Tisch kann nichts mehr "
        "eingetragen werden, nur noch von der Turnierleitung und dem Schiedsrichter."
    ),
    Notice.LIST_UNLOCKED: "Die Liste von Tisch {table} ist wieder für den Tisch freigegeben.",
    Notice.ADDRESS_UNREACHABLE: (
        "Diese Adresse erreichen die Telefone nicht: {address} (sie gilt nur auf diesem "
        "Computer). Doko-Turnier ohne --host 127.0.0.1 starten und mit dem Saal-WLAN "
        "verbinden; dann tragen Karten und QR-Codes die Adresse im Netzwerk."
    ),
    Notice.CONFIRMATION_INCOMPLETE: (
        "Die Bestätigung war unvollständig; bitte die Datei erneut hochladen."
    ),
    Notice.LISTS_IMPORTED: "{stored:Listen} eingelesen und von der Regelprüfung bestätigt.",
    Notice.SAVED: "Gespeichert.",
    Notice.GAME_SAVED: "Spiel {game} gespeichert: {label} – {points}.",
    Notice.ENTRY_CORRECTED: "Eintrag {entry} ist korrigiert; die Liste ist neu geprüft.",
    Notice.ENTRY_DELETED: "Eintrag {entry} ist gelöscht; die Liste ist neu geprüft.",
    Notice.DELETE_PAGE_INCOMPLETE: "Nicht gelöscht: die Seite war unvollständig. Bitte neu laden.",
    Notice.DELETE_REFUSED: (
        "Nicht gelöscht: ohne diesen Eintrag stimmt die Liste nicht mehr. {problems!w}"
    ),
    Notice.BEING_DEALT_MISSING: "Bitte angeben, ob gerade ein Spiel gegeben wurde.",
    Notice.PENALTY_SAVED: "Strafe gegen {offender} gespeichert: {what}; {points!l}.",
    Notice.EXTENSION_SAVED: (
        "Nachspielzeit gespeichert: {minutes} Minuten für Tisch {table} ({reason}); "
        "die Liste hat jetzt {limit} Minuten."
    ),
    Notice.TIME_UP_SAVED_DEALT: (
        "Zeit abgelaufen gespeichert: Das Spiel, das gerade gegeben wurde, wird zu Ende "
        "gespielt; die übrigen offenen Normalspiele sind gestrichen (TSR 8.5.3)."
    ),
    Notice.TIME_UP_SAVED: (
        "Zeit abgelaufen gespeichert: Es wurde kein Spiel gegeben; die offenen Normalspiele "
        "sind gestrichen (TSR 8.5.3)."
    ),
}

#: One German template per part; the placeholders are the part's parameters.
GERMAN_PARTS: Mapping[Part, str] = {
    Part.ENTRY_ADDED: "Eintrag {entry} ({what}) hinzugefügt",
    Part.ENTRY_CORRECTED: "Eintrag {entry} ({what}) korrigiert",
    Part.ENTRY_DELETED: "Eintrag {entry} ({what}) gelöscht",
    Part.LIST_REPLACED: "die ganze Liste neu eingetragen",
    Part.LIST_CHANGED: "die Liste wurde geändert",
    Part.LINE_WITHOUT_NAME: "hat keinen Namen",
    Part.NAME_TOO_LONG: "ist länger als {limit} Zeichen",
    Part.CLUB_TOO_LONG: "hat einen Vereinsnamen über {limit} Zeichen",
    Part.NAME_SEPARATOR: (
        "hat ein Semikolon ({separator}) im Namen; es trennt in Spielerlisten Name, Verein und "
        "DDV-Nr. (bitte z. B. durch ein Komma ersetzen)"
    ),
    Part.CLUB_SEPARATOR: (
        "hat ein Semikolon ({separator}) im Verein; es trennt in Spielerlisten Name, Verein und "
        "DDV-Nr. (bitte z. B. durch ein Komma ersetzen)"
    ),
    Part.NAME_ERROR_VALUE: (
        "hat als Namen „{value}“, einen Fehlerwert von Excel, der aus einer Excel-Datei nicht "
        "als Name gelesen wird"
    ),
    Part.CLUB_ERROR_VALUE: (
        "hat als Verein „{value}“, einen Fehlerwert von Excel, der aus einer Excel-Datei nicht "
        "als Verein gelesen wird"
    ),
    Part.DDV_INVALID: "hat keine gültige DDV-Nr. ({ddv}…)",
    Part.TOO_MANY_PARTS: "hat mehr als drei Teile (Name; Verein; DDV-Nr.)",
    Part.LINE_REGISTERED: (
        "ist schon angemeldet (Startnummer {start_number}) – eine andere Person gleichen "
        "Namens bitte mit Verein oder DDV-Nr. eintragen"
    ),
    Part.LINE_REPEATED: (
        "steht genauso schon in Zeile {line} – eine andere Person gleichen Namens bitte mit "
        "Verein oder DDV-Nr. eintragen"
    ),
    Part.LINE_DDV_REGISTERED: "DDV-Nr. {ddv} ist schon angemeldet ({holder})",
    Part.LINE_SAME_DDV: "hat dieselbe DDV-Nr. {ddv} wie Zeile {line}",
    Part.LINE_NAMESAKE_REGISTERED: (
        "gleichnamig mit Startnummer {start_numbers} – wird als weitere Person "
        "angemeldet; zur Unterscheidung Verein oder DDV-Nr. angeben"
    ),
    Part.LINE_NAMESAKE_LINE: (
        "gleichnamig mit Zeile {line} – wird als weitere Person angemeldet; zur "
        "Unterscheidung Verein oder DDV-Nr. angeben"
    ),
    Part.PASTED_LINE: "Zeile {line}: {name} {problem}",
    Part.NAMELESS: "(leer)",
    Part.GAMES_MISSING: "Tisch {table}: {left:Spiele fehlen} noch",
    Part.LIST_HAS_ERRORS: "Tisch {table}: die Liste enthält Fehler",
    Part.LIST_UNREADABLE: "Tisch {table}: die Liste kann nicht gelesen werden",
    Part.SEATED_WITHDRAWN: (
        "{name} (Nr. {start_number}) ist zurückgezogen, sitzt aber an Tisch {table}"
    ),
    Part.NO_SEAT: "{name} (Nr. {start_number}) hat keinen Platz",
}

#: Counted nouns by their format spec: singular, plural, and the words for none (if not "0 …").
#: Nouns that follow a count, by their plural as the templates' format spec names them
#: (``{n:Runden}``): the singular, the plural, and what to say for none (``None``: "0 …").
COUNT_NOUNS: Mapping[str, tuple[str, str, str | None]] = {
    "Runden": ("Runde", "Runden", None),
    "Listen": ("Liste", "Listen", None),
    "wiederholte Begegnungen": (
        "wiederholte Begegnung",
        "wiederholte Begegnungen",
        "keine wiederholten Begegnungen",
    ),
    "Spiele fehlen": ("Spiel fehlt", "Spiele fehlen", None),
    "Minuten": ("Minute", "Minuten", None),
    # the rules engine's findings (tournament.texts.findings)
    "Stiche": ("Stich", "Stiche", None),
    "Stichen": ("Stich", "Stichen", None),
    "Füchse": ("Fuchs", "Füchse", None),
    "Doppelköpfe": ("Doppelkopf", "Doppelköpfe", None),
    "Karten": ("Karte", "Karten", None),
}


def counted(count: int, noun: str) -> str:
    """A count with its noun, ``noun`` given in the plural: ``counted(1, "Runden")`` is
    "1 Runde", ``counted(0, "wiederholte Begegnungen")`` "keine wiederholten Begegnungen"."""
    singular, plural, none = COUNT_NOUNS[noun]
    if count == 0 and none is not None:
        return none
    return f"1 {singular}" if count == 1 else f"{count} {plural}"


class _Formatter(string.Formatter):
    """:meth:`str.format` with the list conversions and count specs of the templates."""

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion == "l":
            return "; ".join(str(item) for item in value)
        if conversion == "w":
            return " ".join(str(item) for item in value)
        if conversion == "u":
            return " und ".join(str(item) for item in value)
        return super().convert_field(value, conversion)

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec in COUNT_NOUNS:
            return counted(int(value), format_spec)
        return super().format_field(value, format_spec)


_FORMATTER = _Formatter()


def placeholders(template: str) -> dict[str, tuple[str | None, str]]:
    """A template's parameters, each with its conversion and format spec."""
    return {
        name: (conversion, spec or "")
        for _, name, spec, conversion in _FORMATTER.parse(template)
        if name is not None
    }


def fill(template: str, /, **params: Any) -> str:
    """A template with its parameters; a missing parameter raises :class:`KeyError`."""
    return _FORMATTER.vformat(template, (), params)


def refusal_text(code: Refusal, /, **params: Any) -> str:
    """The German sentence of a refusal; a missing parameter raises :class:`KeyError`."""
    return fill(GERMAN_REFUSALS[code], **params)


def notice(code: Notice, /, **params: Any) -> str:
    """The German sentence of a notice; a missing parameter raises :class:`KeyError`."""
    return fill(GERMAN_NOTICES[code], **params)


def part(code: Part, /, **params: Any) -> str:
    """The German piece of a sentence; a missing parameter raises :class:`KeyError`."""
    return fill(GERMAN_PARTS[code], **params)
