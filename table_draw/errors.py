"""Why a request cannot be drawn: a stable code per kind of refusal, its English and German
sentences, and the exception that carries them."""

from __future__ import annotations

from enum import Enum

__all__ = ["MESSAGES", "DrawCode", "DrawError"]


class DrawCode(Enum):
    """Why a request cannot be drawn: a stable code for each kind of refusal. The command
    line prints the English and the German sentence (``English / Deutsch``) and the code;
    the web app shows its own German text for the code."""

    TOO_FEW_PLAYERS = "too_few_players"
    UNSPLITTABLE_COUNT = "unsplittable_count"
    ID_NOT_TEXT = "id_not_text"
    ID_EMPTY = "id_empty"
    REQUEST_NOT_OBJECT = "request_not_object"
    PLAYERS_NOT_LIST = "players_not_list"
    PLAYER_NOT_OBJECT = "player_not_object"
    PLAYER_TWICE = "player_twice"
    CLUB_NOT_TEXT = "club_not_text"
    SEED_MISSING = "seed_missing"
    METHOD_UNKNOWN = "method_unknown"
    ROUNDS_PLANNED_INVALID = "rounds_planned_invalid"
    PLAN_SEED_INVALID = "plan_seed_invalid"
    OPTIONS_NOT_OBJECT = "options_not_object"
    SEPARATE_CLUBS_NOT_BOOL = "separate_clubs_not_bool"
    HISTORY_NOT_LIST = "history_not_list"
    HISTORY_ROUND_NOT_LIST = "history_round_not_list"
    HISTORY_TABLE_INVALID = "history_table_invalid"
    HISTORY_SEATED_TWICE = "history_seated_twice"
    FIXED_NOT_OBJECT = "fixed_not_object"
    FIXED_NOT_PLAYING = "fixed_not_playing"
    FIXED_TABLE_OUT_OF_RANGE = "fixed_table_out_of_range"
    FIXED_TABLE_FULL = "fixed_table_full"
    FIXED_TOO_MANY_FIVES = "fixed_too_many_fives"
    STANDINGS_MISSING = "standings_missing"
    STANDINGS_TWICE = "standings_twice"
    STANDINGS_INCOMPLETE = "standings_incomplete"
    NOT_JSON = "not_json"
    TOO_DEEP = "too_deep"
    NOT_UTF8 = "not_utf8"
    TABLE_SIZES_INVALID = "table_sizes_invalid"
    FIXED_TOO_MANY_FOURS = "fixed_too_many_fours"
    TOO_FEW_FOR_THREE = "too_few_for_three"


#: The sentences of each code, English then German, with the parameters in braces.
MESSAGES: dict[DrawCode, tuple[str, str]] = {
    DrawCode.TOO_FEW_PLAYERS: (
        "Only {count} player(s) to draw: a round needs at least 4 players (one table of four). "
        "Please add players.",
        "Nur {count} Spieler: für eine Runde braucht es mindestens 4 Spieler (einen "
        "Vierertisch). Bitte Spieler hinzufügen.",
    ),
    DrawCode.UNSPLITTABLE_COUNT: (
        "{count} players cannot be split into tables of 4 and 5 players. Please add or "
        "withdraw players: {hint} players can be drawn.",
        "{count} Spieler lassen sich nicht auf Tische zu 4 und 5 Spielern verteilen. Bitte "
        "Spieler hinzufügen oder abmelden: {hinweis} Spieler gehen.",
    ),
    DrawCode.ID_NOT_TEXT: (
        '{where}: a player id must be a text such as "17", not {value}.',
        "{where}: eine Spieler-ID muss ein Text sein.",
    ),
    DrawCode.ID_EMPTY: (
        "{where}: a player id must not be empty.",
        "{where}: eine Spieler-ID darf nicht leer sein.",
    ),
    DrawCode.REQUEST_NOT_OBJECT: (
        "The request must be one JSON object with players, history, method and seed.",
        "Die Anfrage muss ein JSON-Objekt sein.",
    ),
    DrawCode.PLAYERS_NOT_LIST: (
        'The request needs "players": a list of players such as {{"id": "17"}}.',
        'Die Anfrage braucht "players": eine Liste der Spieler.',
    ),
    DrawCode.PLAYER_NOT_OBJECT: (
        'Player {number} must be an object such as {{"id": "17", "club": "DK Kiel"}}.',
        'Spieler {number} muss ein Objekt mit "id" sein.',
    ),
    DrawCode.PLAYER_TWICE: (
        "Player id {player} appears twice in the players list; every player may be drawn only "
        "once.",
        "Die Spieler-ID {player} steht zweimal in der Spielerliste.",
    ),
    DrawCode.CLUB_NOT_TEXT: (
        "The club of player {player} must be a text.",
        "Der Verein von Spieler {player} muss ein Text sein.",
    ),
    DrawCode.SEED_MISSING: (
        'The request needs "seed": a whole number (e.g. 20261121) from which the draw is made; '
        "the same seed gives the same draw.",
        'Die Anfrage braucht "seed": eine ganze Zahl.',
    ),
    DrawCode.METHOD_UNKNOWN: (
        'Unknown method {method}: use "random" or "standings".',
        'Unbekannte Methode {method}: "random" oder "standings".',
    ),
    DrawCode.ROUNDS_PLANNED_INVALID: (
        '"rounds_planned" must be a whole number of rounds, at least 1.',
        '"rounds_planned" muss eine ganze Zahl ab 1 sein.',
    ),
    DrawCode.PLAN_SEED_INVALID: (
        '"plan_seed" must be a whole number (e.g. 20261121): the seed of the tournament\'s plan; '
        "leave it out to plan from the round's seed.",
        '"plan_seed" muss eine ganze Zahl sein (der Startwert des Turnierplans).',
    ),
    DrawCode.OPTIONS_NOT_OBJECT: (
        '"options" must be an object such as {{"separate_clubs": true}}.',
        '"options" muss ein Objekt sein.',
    ),
    DrawCode.SEPARATE_CLUBS_NOT_BOOL: (
        '"options.separate_clubs" must be true or false.',
        '"options.separate_clubs" muss true oder false sein.',
    ),
    DrawCode.HISTORY_NOT_LIST: (
        '"history" must be a list of earlier rounds, each a list of tables, each a list of '
        "player ids.",
        '"history" muss eine Liste der bisherigen Runden sein.',
    ),
    DrawCode.HISTORY_ROUND_NOT_LIST: (
        "Round {round} of the history must be a list of tables.",
        "Runde {round} der Historie muss eine Liste von Tischen sein.",
    ),
    DrawCode.HISTORY_TABLE_INVALID: (
        "History round {round}, table {table} must be a non-empty list of player ids.",
        "Historie Runde {round}, Tisch {table} muss eine Liste von Spieler-IDs sein.",
    ),
    DrawCode.HISTORY_SEATED_TWICE: (
        "Player {player} is seated twice in round {round} of the history.",
        "Spieler {player} sitzt in Runde {round} der Historie zweimal.",
    ),
    DrawCode.FIXED_NOT_OBJECT: (
        '"options.fixed" must be an object: player id -> table number, e.g. {{"4": 1}}.',
        '"options.fixed" muss ein Objekt Spieler-ID -> Tischnummer sein.',
    ),
    DrawCode.FIXED_NOT_PLAYING: (
        "Player {player} has a fixed table but is not among the players of this round.",
        "Spieler {player} hat einen festen Tisch, spielt aber in dieser Runde nicht mit.",
    ),
    DrawCode.FIXED_TABLE_OUT_OF_RANGE: (
        "The fixed table of player {player} must be a table number from 1 to {count} (this "
        "round has {count} tables), not {value}.",
        "Der feste Tisch von Spieler {player} muss eine Tischnummer von 1 bis {count} sein.",
    ),
    DrawCode.FIXED_TABLE_FULL: (
        "{fixed} players are fixed at table {table}, but it seats only {limit}: please give "
        "some of them another table.",
        "{fixed} Spieler sind fest an Tisch {table}, dort ist aber nur Platz für {limit}.",
    ),
    DrawCode.FIXED_TOO_MANY_FIVES: (
        "{full} tables have five fixed players, but this round has only {fives} table(s) of "
        "five: please change the fixed tables.",
        "{full} Tische haben fünf feste Spieler, es gibt aber nur {fives} Fünfertisch(e).",
    ),
    DrawCode.STANDINGS_MISSING: (
        'Method "standings" needs "standings": the list of player ids, best first.',
        'Die Methode "standings" braucht "standings": die Spieler-IDs nach Platzierung.',
    ),
    DrawCode.STANDINGS_TWICE: (
        "Player {player} appears twice in the standings.",
        "Spieler {player} steht zweimal in der Rangliste.",
    ),
    DrawCode.STANDINGS_INCOMPLETE: (
        "The standings miss player(s) {missing}: every player of this round needs a place.",
        "In der Rangliste fehlen Spieler: {missing}.",
    ),
    DrawCode.NOT_JSON: (
        "The request is not valid JSON ({detail}).",
        "Die Anfrage ist kein gültiges JSON.",
    ),
    DrawCode.TOO_DEEP: (
        "The request is nested too deeply.",
        "Die Anfrage ist zu tief verschachtelt.",
    ),
    DrawCode.NOT_UTF8: (
        "The request is not UTF-8 text.",
        "Die Anfrage ist kein UTF-8-Text.",
    ),
    DrawCode.TABLE_SIZES_INVALID: (
        "The table sizes {value} are not allowed: give a list of 3, 4 and 5 (each once, 4 "
        "among them).",
        "Die Tischgrößen {value} gehen nicht: erlaubt ist eine Liste aus 3, 4 und 5 (jede "
        "Größe einmal, 4 immer dabei).",
    ),
    DrawCode.FIXED_TOO_MANY_FOURS: (
        "{full} tables have four or more fixed players, but this round has only {large} "
        "table(s) of four or five: please change the fixed tables.",
        "{full} Tische haben vier oder mehr feste Spieler, es gibt aber nur {large} Vierer- "
        "oder Fünfertisch(e).",
    ),
    DrawCode.TOO_FEW_FOR_THREE: (
        "Only {count} player(s) to draw: a round needs at least 3 players (one table of three "
        "with the Strohmann). Please add players.",
        "Nur {count} Spieler: für eine Runde braucht es mindestens 3 Spieler (einen "
        "Dreiertisch mit Strohmann). Bitte Spieler hinzufügen.",
    ),
}


class DrawError(ValueError):
    """A request the draw cannot serve: its :class:`DrawCode` and the parameters of its
    sentences; ``str()`` is the English and the German sentence (``English / Deutsch``)."""

    def __init__(self, code: DrawCode, **params: str | int) -> None:
        self.code = code
        self.params: dict[str, str | int] = params
        english, german = MESSAGES[code]
        super().__init__(f"{english.format(**params)} / {german.format(**params)}")

    def to_json(self) -> dict[str, str]:
        """The command line's answer: the sentences and the code."""
        return {"error": str(self), "code": self.code.value}
