"""The table draw: who sits at which table, and in which position, in a round.

Command line (contract: ``docs/contracts/draw.md``)::

    python -m tournament.draw < request.json > draw.json

How the draw works (for the Turnierleitung)
===========================================

Tables.  N players sit at N // 4 tables: N mod 4 of them are tables of five, the others
tables of four.  4, 5, 8, 9, 10 and every count from 12 on can be split like that; fewer than
4 players and 6, 7 or 11 players cannot, and the draw says so (add or withdraw a player).

Everything the draw does is decided by the request alone: the players are taken in the order
of their sorted ids, and every random choice comes from a random generator started from the
``seed`` (Python's ``random.Random`` seeded with a text made of the seed and the step, e.g.
``"doko-draw/plan/41/8/20261121"`` for the plan of 41 players over 8 rounds).  The same
request therefore gives the same draw, byte for byte, on any computer, and anyone can repeat
it with ``python -m tournament.draw``.

Method ``"standings"``.  Players are taken in the order of ``standings`` (best first) and
fill table 1, then table 2 and so on; the tables of five are the last ones.  Players with a
fixed table (``options.fixed``) keep their seat there, the others fill the remaining seats.
Positions are then drawn within each table as described below.

Method ``"random"`` (the default).  The aims, in this order:

1. as few repeated meetings as possible: a pair of players who already shared a table in an
   earlier round (``history``) should not meet again;
2. tables of five spread fairly: a player only gets a second table of five when every other
   player has had one (in general: the seats at tables of five go to the players with the
   fewest tables of five so far);
3. players of one club apart, if ``options.separate_clubs`` asks for it;
4. positions spread fairly (see below).

Players with a fixed table are always seated there.  In the search they keep a table of four
(unless five players are fixed at one table); in a stored schedule they may get a table of
five like everybody else.

The draw works in three steps.

*Plan.*  If ``rounds_planned`` is given, the draw plans the whole tournament at once: a
schedule of all planned rounds for exactly the present players, computed from the sorted
ids, the clubs, the fixed tables and the seed only.  As long as the history is exactly the
schedule so far (nobody withdrew or joined, nobody changed tables), the round is taken from
the schedule, so every round of the tournament is drawn from the same plan.  Otherwise the
rounds still to come are planned anew from the real history, and the first of them is drawn.
At most 12 rounds are planned at once.  Without ``rounds_planned`` only the next round is
drawn (the search alone, with the history).

*Start.*  When a whole tournament of at least two rounds is planned from its first round,
some player counts start from a schedule without any repeated meeting, whose points are
given to the players by a random permutation drawn from the seed:

* 16 players: the affine plane of order 4, built over the field with four elements: in 5
  rounds everybody meets every other player exactly once;
* 32 players: 9 rounds made of the cosets of 9 two-dimensional subspaces of the vector space
  of dimension 5 over the field with two elements that share only the zero vector (a partial
  spread);
* 33-35, 37-39, 41-43, 45-47 and 49-51 players (8 rounds) and 20, 24 and 28 players (5, 6
  and 7 rounds): schedules found once by a longer computer search (a tabu search and a
  simulated annealing written in C; for 34 and 35 players a SAT solver that looks only at
  schedules whose 8 rounds are the 8 turns of one round under a cyclic relabelling of the
  players; none of it part of the draw, all in ``tools/draw_schedules``) and stored below in
  ``STORED_SCHEDULES``.  These are the counts where the draw's own search (below) does not
  reliably reach zero repeated meetings in 8 rounds within its step budget.  They spread the
  tables of five fairly, except those for 33-35 players: no schedules of 8 rounds without a
  repeated meeting were found that also do, so (repeats first) their tables of five are spread
  less evenly: nobody sits at more than two of them (33 players; a fair spread gives seven
  players two, the others one), three (34 players; fair: twelve players three, the others two;
  here sixteen have three, sixteen two and two none) or four (35 players; fair: fifteen players
  four, the others three; here twenty-four have four, eight three and three none).

With fixed tables a schedule is only used if every fixed table has one fixed player; those
players get points that never share a table.  Rounds beyond a schedule's length, and all other
player counts, are built greedily, round by round: the seats at tables of five go to the
players with the fewest tables of five so far (ties drawn by lot), then the players, the most
constrained first (those who already met the most others), each take the table where they
already know the fewest players (ties drawn by lot).

*Improvement.*  Then a local search (simulated annealing with a fixed number of steps, so
that the result never depends on the speed of the computer) swaps two players of different
tables of the same round whenever that lowers the cost, and sometimes, by lot, when it raises
it a little, to leave dead ends; after 3000 steps without a better schedule it makes three
swaps by lot.  The cost is 16 points for every repeated meeting in the planned rounds and, if
asked, 1 point for every pair of players of one club at a table.  Two players swap between a
table of five and a table of four only if they had the same number of tables of five so far,
and in a plan they then also swap at the next table of five, so the tables of five stay
exactly as fairly spread as in the start.  Only if that leaves repeated meetings, a second
search (with the other half of the steps) may also give a table of five to a player who had
more of them, at 3 points for each table of five more than the fairest choice, so that a
repeated meeting is avoided before the spread; its schedule is taken if it has fewer repeated
meetings.  Players with a fixed table never move.  The search ends when no meeting is
repeated (after some further steps for the clubs), and the best schedule seen is kept.

Positions.  Within each table position 1 (first dealer) goes to the player who had it least
often in the history, and the position that keeps the score list (4 at a table of four, 5 at a
table of five) to the one of the others who had it least often; ties and the other positions
are drawn by lot.  Table numbers: players with a fixed table sit at that table; the tables of
five take the highest of the remaining numbers, the tables of four the others, in an order
drawn by lot.

The response counts ``repeats``: the pairs at the same table in this round who already shared
a table in the history of the request (each pair once).
"""

from __future__ import annotations

import json
import math
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

__all__ = [
    "MESSAGES",
    "DrawCode",
    "DrawError",
    "DrawRequest",
    "DrawResult",
    "Player",
    "count_repeats",
    "draw",
    "main",
    "parse_request",
    "run",
    "table_sizes",
]

METHODS = ("random", "standings")
# Costs in the search: a repeated meeting, a table of five more than the fairest choice gives
# (in the last planned round; earlier rounds keep the fair spread exactly) and a pair of club
# mates at one table.
REPEAT_WEIGHT = 16
FAIR_WEIGHT = 3
# At most this many rounds are planned at once.
MAX_PLAN_ROUNDS = 12
# Steps of the local search (it stops early once no meeting is repeated), and the further
# steps per player spent on keeping clubs apart or on the spread of the tables of five.
SEARCH_STEPS = 80_000
# Steps without a new best schedule after which the search makes a few random swaps.
STALL_STEPS = 3_000
KICK_SWAPS = 3
POLISH_STEPS_PER_PLAYER = 40
SUGGESTIONS = {
    6: ("5 or 8", "5 oder 8"),
    7: ("8 (or 5)", "8 (oder 5)"),
    11: ("10 or 12", "10 oder 12"),
}


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


@dataclass(frozen=True)
class Player:
    """A player drawn in this round."""

    id: str
    club: str | None = None


@dataclass(frozen=True)
class DrawRequest:
    """A checked request (see ``parse_request``)."""

    players: tuple[Player, ...]
    seed: int
    history: tuple[tuple[tuple[str, ...], ...], ...] = ()
    method: str = "random"
    rounds_planned: int | None = None
    separate_clubs: bool = False
    fixed: tuple[tuple[str, int], ...] = ()
    standings: tuple[str, ...] | None = None


@dataclass(frozen=True)
class DrawResult:
    """The drawn round: tables (table 1 first) with player ids in position order."""

    tables: tuple[tuple[str, ...], ...]
    seed: int
    repeats: int
    five_tables: int

    def to_json(self) -> dict[str, object]:
        """The response object of the contract, keys in contract order."""
        return {
            "tables": [list(table) for table in self.tables],
            "seed": self.seed,
            "repeats": self.repeats,
            "five_tables": self.five_tables,
        }


# --------------------------------------------------------------------------------------------
# Table sizes and request checking


def table_sizes(count: int) -> tuple[int, ...]:
    """Sizes of the tables for ``count`` players by table: fours first, then the fives."""
    if count < 4:
        raise DrawError(DrawCode.TOO_FEW_PLAYERS, count=count)
    tables, fives = divmod(count, 4)
    if fives > tables:
        hint, hinweis = SUGGESTIONS.get(count, ("another number of", "eine andere Zahl"))
        raise DrawError(DrawCode.UNSPLITTABLE_COUNT, count=count, hint=hint, hinweis=hinweis)
    return (4,) * (tables - fives) + (5,) * fives


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_id(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise DrawError(DrawCode.ID_NOT_TEXT, where=where, value=json.dumps(value))
    if not value:
        raise DrawError(DrawCode.ID_EMPTY, where=where)
    return value


def parse_request(data: object) -> DrawRequest:
    """Check a decoded JSON request and return it as a ``DrawRequest``.

    Raises ``DrawError`` with a sentence for the Turnierleitung on anything wrong.
    """
    if not isinstance(data, dict):
        raise DrawError(DrawCode.REQUEST_NOT_OBJECT)
    raw_players = data.get("players")
    if not isinstance(raw_players, list):
        raise DrawError(DrawCode.PLAYERS_NOT_LIST)
    players: list[Player] = []
    seen: set[str] = set()
    for number, entry in enumerate(raw_players, start=1):
        if not isinstance(entry, dict):
            raise DrawError(DrawCode.PLAYER_NOT_OBJECT, number=number)
        player_id = _check_id(entry.get("id"), f"Player {number}")
        if player_id in seen:
            raise DrawError(DrawCode.PLAYER_TWICE, player=json.dumps(player_id))
        seen.add(player_id)
        club = entry.get("club")
        if club is not None and not isinstance(club, str):
            raise DrawError(DrawCode.CLUB_NOT_TEXT, player=json.dumps(player_id))
        players.append(Player(player_id, club or None))
    sizes = table_sizes(len(players))

    seed = data.get("seed")
    if not _is_int(seed):
        raise DrawError(DrawCode.SEED_MISSING)
    assert isinstance(seed, int)

    history = _parse_history(data.get("history", []))

    method = data.get("method", "random")
    if method not in METHODS:
        raise DrawError(DrawCode.METHOD_UNKNOWN, method=json.dumps(method))
    assert isinstance(method, str)

    rounds_planned = data.get("rounds_planned")
    if rounds_planned is not None and (not _is_int(rounds_planned) or rounds_planned < 1):
        raise DrawError(DrawCode.ROUNDS_PLANNED_INVALID)
    assert rounds_planned is None or isinstance(rounds_planned, int)

    options = data.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise DrawError(DrawCode.OPTIONS_NOT_OBJECT)
    separate_clubs = options.get("separate_clubs", False)
    if not isinstance(separate_clubs, bool):
        raise DrawError(DrawCode.SEPARATE_CLUBS_NOT_BOOL)
    fixed = _parse_fixed(options.get("fixed", {}), seen, sizes, method)

    standings: tuple[str, ...] | None = None
    if method == "standings":
        standings = _parse_standings(data.get("standings"), players)

    return DrawRequest(
        players=tuple(players),
        seed=seed,
        history=history,
        method=method,
        rounds_planned=rounds_planned,
        separate_clubs=separate_clubs,
        fixed=fixed,
        standings=standings,
    )


def _parse_history(raw: object) -> tuple[tuple[tuple[str, ...], ...], ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise DrawError(DrawCode.HISTORY_NOT_LIST)
    rounds: list[tuple[tuple[str, ...], ...]] = []
    for round_number, raw_round in enumerate(raw, start=1):
        if not isinstance(raw_round, list):
            raise DrawError(DrawCode.HISTORY_ROUND_NOT_LIST, round=round_number)
        seated: set[str] = set()
        tables: list[tuple[str, ...]] = []
        for table_number, raw_table in enumerate(raw_round, start=1):
            where = f"History round {round_number}, table {table_number}"
            if not isinstance(raw_table, list) or not raw_table:
                raise DrawError(
                    DrawCode.HISTORY_TABLE_INVALID, round=round_number, table=table_number
                )
            ids = tuple(_check_id(value, where) for value in raw_table)
            for player_id in ids:
                if player_id in seated:
                    raise DrawError(
                        DrawCode.HISTORY_SEATED_TWICE,
                        player=json.dumps(player_id),
                        round=round_number,
                    )
                seated.add(player_id)
            tables.append(ids)
        rounds.append(tuple(tables))
    return tuple(rounds)


def _parse_fixed(
    raw: object, ids: set[str], sizes: Sequence[int], method: str
) -> tuple[tuple[str, int], ...]:
    if raw is None:
        return ()
    if not isinstance(raw, dict):
        raise DrawError(DrawCode.FIXED_NOT_OBJECT)
    count = len(sizes)
    fives = sizes.count(5)
    per_table: dict[int, list[str]] = {}
    for player_id, table in raw.items():
        if player_id not in ids:
            raise DrawError(DrawCode.FIXED_NOT_PLAYING, player=json.dumps(player_id))
        if not _is_int(table) or not 1 <= table <= count:
            raise DrawError(
                DrawCode.FIXED_TABLE_OUT_OF_RANGE,
                player=json.dumps(player_id),
                count=count,
                value=json.dumps(table),
            )
        per_table.setdefault(table, []).append(player_id)
    full = 0
    for table, members in sorted(per_table.items()):
        limit = sizes[table - 1] if method == "standings" else (5 if fives else 4)
        if len(members) > limit:
            raise DrawError(DrawCode.FIXED_TABLE_FULL, fixed=len(members), table=table, limit=limit)
        if len(members) == 5:
            full += 1
    if full > fives:
        raise DrawError(DrawCode.FIXED_TOO_MANY_FIVES, full=full, fives=fives)
    return tuple((player_id, table) for player_id, table in raw.items())


def _parse_standings(raw: object, players: Sequence[Player]) -> tuple[str, ...]:
    if not isinstance(raw, list):
        raise DrawError(DrawCode.STANDINGS_MISSING)
    order: list[str] = []
    seen: set[str] = set()
    for number, value in enumerate(raw, start=1):
        player_id = _check_id(value, f"Standings place {number}")
        if player_id in seen:
            raise DrawError(DrawCode.STANDINGS_TWICE, player=json.dumps(player_id))
        seen.add(player_id)
        order.append(player_id)
    missing = [player.id for player in players if player.id not in seen]
    if missing:
        shown = ", ".join(json.dumps(player_id) for player_id in missing[:5])
        more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
        raise DrawError(DrawCode.STANDINGS_INCOMPLETE, missing=f"{shown}{more}")
    return tuple(order)


# --------------------------------------------------------------------------------------------
# Counting


def count_repeats(
    tables: Sequence[Sequence[str]], history: Sequence[Sequence[Sequence[str]]]
) -> int:
    """Pairs at one table in ``tables`` who already shared a table in ``history`` (once each)."""
    met: set[tuple[str, str]] = set()
    for past_round in history:
        for table in past_round:
            for i, first in enumerate(table):
                for second in table[i + 1 :]:
                    met.add((first, second) if first < second else (second, first))
    repeats = 0
    for table in tables:
        for i, first in enumerate(table):
            for second in table[i + 1 :]:
                if ((first, second) if first < second else (second, first)) in met:
                    repeats += 1
    return repeats


def _rng(seed: int, *parts: object) -> random.Random:
    """A random generator for one step of the draw: reproducible from the seed and the step."""
    return random.Random("doko-draw/" + "/".join(str(part) for part in (*parts, seed)))


# --------------------------------------------------------------------------------------------
# Fixed designs


def _gf4_mul(a: int, b: int) -> int:
    """Multiplication in the field with four elements 0, 1, w, w+1 coded 0..3 (add = xor)."""
    result = 0
    for bit in range(2):
        if b >> bit & 1:
            result ^= a << bit
    if result & 4:
        result ^= 0b111  # w*w = w + 1
    return result


def affine_plane_16() -> list[list[list[int]]]:
    """The 5 parallel classes of the affine plane over GF(4): points 4x + y."""
    rounds: list[list[list[int]]] = []
    for slope in range(4):
        rounds.append([[4 * x + (_gf4_mul(slope, x) ^ b) for x in range(4)] for b in range(4)])
    rounds.append([[4 * x + y for y in range(4)] for x in range(4)])
    return rounds


# Nine 2-dimensional subspaces of GF(2)^5 meeting only in 0 (each given by its nonzero vectors).
SPREAD_32 = (
    (1, 2, 3),
    (4, 8, 12),
    (5, 10, 15),
    (6, 16, 22),
    (7, 18, 21),
    (9, 17, 24),
    (11, 20, 31),
    (13, 19, 30),
    (14, 23, 25),
)


def spread_32() -> list[list[list[int]]]:
    """9 rounds for 32 players: the cosets of the subspaces of ``SPREAD_32``."""
    rounds: list[list[list[int]]] = []
    for a, b, c in SPREAD_32:
        seen: set[int] = set()
        groups: list[list[int]] = []
        for x in range(32):
            if x not in seen:
                group = [x, x ^ a, x ^ b, x ^ c]
                seen.update(group)
                groups.append(group)
        rounds.append(groups)
    return rounds


def stored_schedule(count: int) -> list[list[list[int]]] | None:
    """The stored schedule for ``count`` players as rounds of tables of points, if any."""
    rounds = STORED_SCHEDULES.get(count)
    if rounds is None:
        return None
    sizes = table_sizes(count)
    schedule: list[list[list[int]]] = []
    for text in rounds:
        points = [ALPHABET.index(char) for char in text]
        groups: list[list[int]] = []
        start = 0
        for size in sizes:
            groups.append(points[start : start + size])
            start += size
        schedule.append(groups)
    return schedule


def _design(count: int) -> list[list[list[int]]] | None:
    if count == 16:
        return affine_plane_16()
    if count == 32:
        return spread_32()
    return stored_schedule(count)


# Schedules found once by a longer computer search (tabu search, SAT; not part of the draw) for
# player counts where the draw's own search does not reliably reach zero repeated meetings in
# 8 rounds (or, below 32 players, for as many rounds as it reached).  Each round lists the
# points 0..N-1 as characters of ALPHABET, table by table, tables of four first.  They have no
# repeated meeting and spread the tables of five fairly (33-35 players: only capped, see the
# module docstring); tests/test_draw.py checks both.
ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
STORED_SCHEDULES: dict[int, tuple[str, ...]] = {
    20: (
        "c5j3821ebfghi9a406d7",
        "093hjad8e4gc6b1i527f",
        "6caf73ebd2ih40j189g5",
        "0ab536g2feji748hdc19",
        "e56h7ag1ci08f34dbj29",
    ),
    24: (
        "86b73jmdefln5a091ihc42gk",
        "0cge8nd2l7hj146593kimbaf",
        "2h6m47cf0l83k5degainb19j",
        "cj851dla7e2i94mnbk0hgf63",
        "7dg981mekc6a2f0jbl4i5n3h",
        "cb32k17n5mglae4j0di68hf9",
    ),
    28: (
        "6b410hmajo2idfpg5kq87l9nr3ec",
        "jnqpc9h10kldg2m5f6ar3bo7e84i",
        "i1k3c47fjlgaq9mbo86hnd5rep02",
        "4p9aoqel17g0cmd83n26f5ibkhjr",
        "4hd23p5lci0qbna8gr9ofjm1e6k7",
        "gcbknfhe8pr17a2q6mil054odj93",
        "3q4gblr2konmpi7h1dae56jc0f98",
    ),
    33: (
        "u3t8971cdjmi5gr0wbvoqp6ela2hks4fn",
        "eios7n0h6wtkp42djlg1aqubrf89cm53v",
        "0qk16fvlncdumwge287o4ia35s9hpjtrb",
        "gihcfmb7p18svrda2u56kj3o04tenqw9l",
        "dl0orsc263n14bg8ejvh7wa5fqitkp9um",
        "tv21b096i5pl8anmer7kuhof4jwcdgsq3",
        "w30pgot9n2ibhrqm7v4ujas6c8kl5fe1d",
        "jq58npgv29e3cfa0s7ltkdbh4mo6wiru1",
    ),
    34: (
        "1kps34jt5emw68ix7abdchoq02fuv9glnr",
        "2lqt45ku6fnw79jx0bcedipr138voahmgs",
        "3mru56lv78gw0akx1cdfejqs249opbinht",
        "4nsv67mo09hw1blx2de8fkrt35apqcjgiu",
        "5gto70np1aiw2cmx3ef98lsu46bqrdkhjv",
        "6hup01gq2bjw3dnx4f8a9mtv57crseliko",
        "7ivq12hr3ckw4egx589banuo60dstfmjlp",
        "0jor23is4dlw5fhx69acbgvp71etu8nkmq",
    ),
    35: (
        "0fpy1ivx2dgq5esw9hmn3lotu467cj8abkr",
        "18qy2jox3ehr6ftwaing4mpuv570dk9bcls",
        "29ry3kpx4fis78uwbjgh5nqvo601elacdmt",
        "3asy4lqx58jt09vwckhi6grop712fmbdenu",
        "4bty5mrx69ku1aowdlij7hspq0238ncefgv",
        "5cuy6nsx7alv2bpwemjk0itqr1349gdf8ho",
        "6dvy7gtx0bmo3cqwfnkl1jurs245ahe89ip",
        "7eoy0hux1cnp4drw8glm2kvst356bif9ajq",
    ),
    37: (
        "zkc4wpqirhjaAgsufx825l1y37vm9bt0oed6n",
        "1q26wbrA8vzln3yhatmujxokgd07secp9i45f",
        "ysrmAtiva3qfc1db9ohlj2gezx65p4n0wku87",
        "s4d29wcmbexvhuzqtykpf1n7oa58rig6l03Aj",
        "8b34ncjq9A72rofzglaw5vpd6km0uyiexths1",
        "aAnxh0i2cufl7qso6w4y53ek8tdjv91rmpbgz",
        "rnu547ehwz0sfjp6qx9dbilk3togAm812yvac",
        "a96spuo1kfvgjb7y4lxmzi3dAh5cnt2wqr8e0",
    ),
    38: (
        "6bedarv7015uykwf34qhojBt9Apxi2s8lnmcgz",
        "7xck8unjeigB2zaAvdqs19bflwhm460or3y5tp",
        "rsA52cf01pn6qgltmk3Boid748zyaxhjbewvu9",
        "3w0ntmes2gxohy6izpjvcurb958a7fqBA1l4dk",
        "kgb04s97aqic6utAlvynd8pm3je2o5zhfBrxw1",
        "fd3rvkth2w659zBl8bqoc1eAnx4i0my7jgpuas",
        "B0hpumxq4efajwAg5bl7syo1rkizt92dn386cv",
        "2uyBgr9h187tl3oaj6fszxd04wcpmbAivnek5q",
    ),
    39: (
        "Cmf3gpruxdbl8qnwk947zavcio52Bys10Atejh6",
        "1z2whspBiCyeAxtk69o0cjq5u43vbm7d8gaflnr",
        "a0i4Ameo2fgt5sl8h7nu63yd1cBCkpwjvxrbz9q",
        "r3187ojldsweg9AvbakhqfBxC05utpi6nz2c4ym",
        "1t4nmBr0pCb2zfyjicdu76v5gkqsowAh3lx89ea",
        "vh1ie3k5qam6s2xup9tlCo8zc0fw7d4AjrbgnBy",
        "tcrs5wy9AB7z0x3nC4ghibmjfku68doap1qvl2e",
        "wBau2k0dl1g6bcA8yrovep4fh5xmz3t7qiCn9sj",
    ),
    41: (
        "lErzuxn2gkpqfeiCcdo5vst3j8y1m60B9awAD7hb4",
        "o37iwkrv8Dl2fAy4hdnBgc90bq6Esju5exmpCta1z",
        "Bjaq3fnl17rugiw20Dtdx4968ACmsebcozhkvEp5y",
        "hlamfwz5dbCp9o1Dcnvj702Au4EkisxqygBt8r36e",
        "smgEweDy9nC5ovxB23b10jphfk6az87dq4rtuAlic",
        "wxE3uqfDena71v6dptc840ClziybormjgA5h9Bs2k",
        "ArdsCE7czD6gabvu4Bip1x5lky3mjte2f98hqwn0o",
        "aEo8c3z40kb5hyCunrDil79tBA1evm2q6pswxjdfg",
    ),
    42: (
        "mwce0157xn4ublq8fEtByhCjiDAvsz3pg9ra6koF2d",
        "zam08gf2jpubxEDkdrC5F9l46syABeo73wtihvcnq1",
        "ki1Bzwyft29bxdgAa7nhF3crq4Co8v6psDe0u5lmjE",
        "0gyoq39jukvaicpdnEswDtrm1l2eh65Fbx7fCz8A4B",
        "l6if1aAbtkzcx35ovEgCu8wFerjnq2h0ypBD9s4md7",
        "nm2yfDc5w9kAt08xEaqdg7jiFBbsph4ezorlv61C3u",
        "89hmtj14w6Dov3de2E7zasiCcBlxquryfA0pFbnk5g",
        "lA37hucgmkCpBnd604br5stvqzFDf1o9e8iEyjwax2",
    ),
    43: (
        "e9Amsr0BCftG86okFbpwgz1xqyhn5au2iljdEvDc734",
        "iEzwocmj4puxt23d5q7lD8ArevaG1kyCBFf9sngh06b",
        "1269yD5jkfh7cFvBagnC0u3Esb4lAGzdomtip8rxqwe",
        "j6a4kFix7BpdbEy2mvhrCze5s31Awcl8fDo0ntugG9q",
        "8gesi3yGmDfu09xcoqF2wnd6tzBlk5vA41paEh7bCrj",
        "ovbitE7gGc15hj98f0aqklnrACuw2spDz3mBx6yde4F",
        "jie0kqDEtvsxlFCmGr6po41wucdhz79ayB2Afgn3b58",
        "E5B9Axn73lheC28vopygDdabf4rzqcsi61uFjtkwGm0",
    ),
    45: (
        "6rkp5uiHADC7xht0wmGgbIsvn2ezBljaofc1qy4Ed9F83",
        "Avr53bClEFGiH9qnmdf6uh17p2oaeywBgxsjc80Dtkz4I",
        "pt73ji4D1wrHhvmcs5Gf0zbuqdkgeAIF2EB89yolxnCa6",
        "67wlbgn1ctBFIadDAs9pEzHo25Ckyih3r4f8emxuGqv0j",
        "DswhqIfBom8nzAli6j53vFa17yxkGCr9Eugt40d2peHcb",
        "927md5etpujIH8xvq1slkfnDG4bhAy6cE03aCFzwBigor",
        "7eivcqzaHBAG34xowtbjIh62Cuy8Fpfg019knrsdDm5lE",
        "1GytdzpvHg7Iln0F49c5mk3BDxqr8aiboe6sCEjhuwA2f",
    ),
    46: (
        "i530BGmuIxCd2e7qbgvrFfz6ckHho4njwADEyJp98l1tas",
        "1Ih4azeCjtAclqrywHmx6D9gpb07fJu5v8sik2dnB3GFoE",
        "wvhGEBx7pdjak1yu9tzIcDni2A8FoeJlf3rsCmg04b65Hq",
        "20cJqEvtlbFn4aB6D8Imp5G1foyH39kCsedgrAxzhuwij7",
        "JGAC5oxtnug8971dBlH3mkpq06swabh2F4rieEcfIDyvjz",
        "opgwEk4zJIHn32uDev5maF7y10qA9scBxfjbGrt8dihCl6",
        "BybIqohs0rjkEgl53678mczdeApianfG2wCtx1DJFv49Hu",
        "hBDpx9GiucorvJk6jEHCw4dy8z1bm2fl0etFA7sn5I3aqg",
    ),
    47: (
        "ysrFHqBdmI2ajzunlGo4p1tAbw03gEx7fkChc8vK5ieD69J",
        "6EdbKCBlxGFD8o0J25hptzIk7vf9ceiu1yq3anArHmws4jg",
        "fA4ysmDC1eHw5lkaq9gi8pc6hJKnv3jr7uGbIFtEoB0zxd2",
        "4DhBwkJr3K9Hbxo1s2Ef78tnaG6j0qIclAevgmFpzid5yCu",
        "2ruB3o5cnFgCJm4d1zGvxeKys7ki6wAqIl8fHE0aDpjbth9",
        "8AGEaedfu06Hylmjg5zbqvhFCp9ItDiroK7w2BcJ1sx34kn",
        "9su8vdokBxIizHaJ23CehywEt045nlDbrqGpfK61mgcFjA7",
        "il1he7qmFKuaHvpbc9wG5AJxtdg30jBfIn6osE4rzCk2y8D",
    ),
    49: (
        "DJG41jkfH58heKvMogsCIt9cmixl0BLnbFwA63yuEqapr2dz7",
        "0tKmMaiCfgnbhuzJ2IGjwsB8q1oF3d54xeD9vp7kcyrlHALE6",
        "zfpLmh2D8c7Gjrq6AIusg9kyvaHF04ExedJBnMolitw51KCb3",
        "cojL2Bq5HruKDEwM7A39FlptyGneb4isd1xgv8zmCfh6kaJI0",
        "a9KLdwnqF0CzMbI83JlH4A2vh7BE5uc1mkrGsxp6tgjeyoDif",
        "Jtf7HMGxvE5oDl6g90u2IyBCA1armdFszbcewhkKLi3qjp4n8",
        "v1I6fEGK9C8dhya47H0o3tsDnzkAmjb5wlL2cJxqiperFMgBu",
        "5kCDcfwHq8uet2naMApdL7xbBz3jFi6Jhr0gK4IomEy1vsGl9",
    ),
    50: (
        "gdwcAEx6j40FvBHizkmqMh59oK2DrJl8fpstye7aN3uL1bIGnC",
        "rou6aHKsiMLjNg08kIfhJpv1lFnqbE7tBdxC32wGym9DczA5e4",
        "6Hz3uhqJgmjCnLyK9AvtfGa5IeDx4blMoNsdE1cBrkw0i872pF",
        "neNpcFhC1lkGzwv7aIu849grE5DiAmsb2L603MydBfjKJtqxHo",
        "FGuteK0qIBzybDfwAjn812CrmH4Npi9xkJLc37o5gsvMEhdla6",
        "CuKAnzcsHk8Dmrax2MNt6i7GFEJw5yqjd4pI0f91le3gBbhLov",
        "0oElrpBqLC85IvN61htisywuKmdGce2H3jb9g7AkFMfxzJDn4a",
        "NGhDlsjI8zib97BL1gyFoeMJqv3CA0pacx4KnrfHEud2k56twm",
    ),
    51: (
        "oue89gCmy1Dqi2cGb4KjFpIAlrnhxdkBawzN5EO3J7LHs6M0tvf",
        "eD0git19H8F5fNk4sGBEwlJ6Av7xcOLr3ozMnCbydhIuKq2ampj",
        "gNb7G5mIvua6hLy3K2OnfdFJMlqjxps0CHtE9zBce8k1wAr4iDo",
        "kEe2DcvmI4yB0bq6fpK3wt5rjuJ7M89nzCL1GNoxFlOdaHsAhig",
        "wi03gf2HmFth5C6oxEyldcsuNO1IArejBMaKq748zv9kGbJDnLp",
        "6N2d8mbL7kCaDOwhnsjIzvJi4AHurGpqofE9tB3glKyF0c5eM1x",
        "cAqndhz0taJsgy8vF1bl5iBLoKkH9pO437GeNrumEMwC2I6jDfx",
        "NMJcuzpgovBnax3q2b5ht8I601Hj97drADGKiCfelkmsOyLE4wF",
    ),
}


# --------------------------------------------------------------------------------------------
# The search


def _known(met: list[list[int]]) -> list[int]:
    """Bit masks of the players each player has met."""
    masks = []
    for row in met:
        mask = 0
        for b, c in enumerate(row):
            if c:
                mask |= 1 << b
        masks.append(mask)
    return masks


class _Schedule:
    """Planned rounds over players 0..n-1 (sorted ids) with counts for the local search."""

    def __init__(
        self,
        sizes: Sequence[int],
        met: list[list[int]],
        fives: list[int],
        pinned: dict[int, int],
        clubs: list[int] | None,
        rng: random.Random,
    ) -> None:
        self.n = len(met)
        self.sizes = list(sizes)
        self.five = [size == 5 for size in sizes]
        self.hist = met
        self.count = [row[:] for row in met]
        self.hist_fives = fives
        self.pinned = pinned
        self.clubs = clubs
        self.rng = rng
        self.rounds: list[list[list[int]]] = []
        self.where: list[list[int]] = []
        self.steps_used = 0
        self.known = _known(met)

    # -- building ------------------------------------------------------------------------

    def add_round(self, groups: list[list[int]]) -> None:
        """Append a round and count its meetings."""
        where = [0] * self.n
        count, known = self.count, self.known
        for g, group in enumerate(groups):
            mask = 0
            for a in group:
                mask |= 1 << a
            for i, a in enumerate(group):
                where[a] = g
                known[a] |= mask & ~(1 << a)
                row = count[a]
                for b in group[i + 1 :]:
                    row[b] += 1
                    count[b][a] += 1
        self.rounds.append(groups)
        self.where.append(where)

    def five_counts(self, upto: int) -> list[int]:
        """Tables of five per player before planned round ``upto`` (history included)."""
        counts = self.hist_fives[:]
        five = self.five
        for where in self.where[:upto]:
            for p in range(self.n):
                if five[where[p]]:
                    counts[p] += 1
        return counts

    def greedy_round(self) -> list[list[int]]:
        """A round built greedily from the meetings so far (see the module docstring)."""
        n, rng, sizes, known = self.n, self.rng, self.sizes, self.known
        groups: list[list[int]] = [[] for _ in sizes]
        masks = [0] * len(sizes)
        for p, g in self.pinned.items():
            groups[g].append(p)
            masks[g] |= 1 << p
        free = [p for p in range(n) if p not in self.pinned]
        fives = self.five_counts(len(self.rounds))
        lots = {p: rng.random() for p in free}
        free.sort(key=lambda p: (fives[p], lots[p]))
        five_seats = sum(size - len(groups[g]) for g, size in enumerate(sizes) if size == 5)
        degree = [mask.bit_count() for mask in known]
        clubs = self.clubs
        for chosen, want_five in ((free[:five_seats], True), (free[five_seats:], False)):
            chosen.sort(key=lambda p: (-degree[p], lots[p]))
            targets = [g for g, size in enumerate(sizes) if (size == 5) == want_five]
            for p in chosen:
                mask = known[p]
                club = clubs[p] if clubs is not None else -1
                start = int(rng.random() * len(targets))
                best_key = (n + 1, n + 1)
                best_group = -1
                for i in range(len(targets)):
                    g = targets[(start + i) % len(targets)]
                    group = groups[g]
                    if len(group) >= sizes[g]:
                        continue
                    clash = (mask & masks[g]).bit_count()
                    mates = 0
                    if club >= 0 and clubs is not None:
                        mates = sum(1 for x in group if clubs[x] == club)
                    if (clash, mates) < best_key:
                        best_key, best_group = (clash, mates), g
                        if clash == 0 and mates == 0:
                            break
                groups[best_group].append(p)
                masks[best_group] |= 1 << p
                if len(groups[best_group]) == sizes[best_group]:
                    targets.remove(best_group)
        return groups

    # -- costs ---------------------------------------------------------------------------

    def repeats(self) -> int:
        """Repeated meetings in the planned rounds (against history and each other)."""
        total = 0
        hist, count = self.hist, self.count
        for a in range(self.n):
            row, hrow = count[a], hist[a]
            for b in range(a + 1, self.n):
                c = row[b]
                if c > hrow[b] and c >= 2:
                    total += c - max(1, hrow[b])
        return total

    def club_pairs(self) -> int:
        """Pairs of club mates at one table, over the planned rounds."""
        clubs = self.clubs
        if clubs is None:
            return 0
        total = 0
        for groups in self.rounds:
            for group in groups:
                for i, a in enumerate(group):
                    if clubs[a] >= 0:
                        total += sum(1 for b in group[i + 1 :] if clubs[b] == clubs[a])
        return total

    # -- local search --------------------------------------------------------------------

    def improve(self, steps: int, polish_steps: int, soft: bool = False) -> None:
        """Simulated annealing over all planned rounds (see the module docstring).

        ``soft``: the spread of the tables of five is a cost instead of a rule (used when the
        exact spread leaves repeated meetings).
        """
        n, rng, rounds, where = self.n, self.rng, self.rounds, self.where
        count, hist, five, pinned, clubs = self.count, self.hist, self.five, self.pinned, self.clubs
        planned = len(rounds)
        if planned == 0 or len(self.sizes) < 2:
            return
        bad: list[int] = []
        bad_at: dict[int, int] = {}

        def mark(a: int, b: int) -> None:
            key = a * n + b if a < b else b * n + a
            if key not in bad_at:
                bad_at[key] = len(bad)
                bad.append(key)

        def unmark(a: int, b: int) -> None:
            key = a * n + b if a < b else b * n + a
            index = bad_at.pop(key, -1)
            if index >= 0:
                last = bad.pop()
                if index < len(bad):
                    bad[index] = last
                    bad_at[last] = index

        for a in range(n):
            row, hrow = count[a], hist[a]
            for b in range(a + 1, n):
                if row[b] >= 2 and row[b] > hrow[b]:
                    mark(a, b)

        def delta(w: int, p: int, q: int) -> int:
            groups, wh = rounds[w], where[w]
            cp, cq = count[p], count[q]
            d = 0
            for x in groups[wh[p]]:
                if x != p:
                    if cp[x] >= 2:
                        d -= REPEAT_WEIGHT
                    if cq[x]:
                        d += REPEAT_WEIGHT
            for y in groups[wh[q]]:
                if y != q:
                    if cq[y] >= 2:
                        d -= REPEAT_WEIGHT
                    if cp[y]:
                        d += REPEAT_WEIGHT
            if clubs is not None:
                kp, kq = clubs[p], clubs[q]
                if kp != kq:
                    for x in groups[wh[p]]:
                        if x != p:
                            kx = clubs[x]
                            if kx >= 0:
                                d += (kx == kq) - (kx == kp)
                    for y in groups[wh[q]]:
                        if y != q:
                            ky = clubs[y]
                            if ky >= 0:
                                d += (ky == kp) - (ky == kq)
            return d

        def swap(w: int, p: int, q: int) -> None:
            groups, wh = rounds[w], where[w]
            g, h = wh[p], wh[q]
            first, second = groups[g], groups[h]
            cp, cq = count[p], count[q]
            hp, hq = hist[p], hist[q]
            for x in first:
                if x != p:
                    cx = count[x]
                    c = cp[x]
                    if c >= 2 and c > hp[x] and (c == 2 or c - 1 == hp[x]):
                        unmark(p, x)
                    cp[x] = cx[p] = c - 1
                    c = cq[x] + 1
                    cq[x] = cx[q] = c
                    if c >= 2 and c > hq[x] and (c == 2 or c - 1 == hq[x]):
                        mark(q, x)
            for y in second:
                if y != q:
                    cy = count[y]
                    c = cq[y]
                    if c >= 2 and c > hq[y] and (c == 2 or c - 1 == hq[y]):
                        unmark(q, y)
                    cq[y] = cy[q] = c - 1
                    c = cp[y] + 1
                    cp[y] = cy[p] = c
                    if c >= 2 and c > hp[y] and (c == 2 or c - 1 == hp[y]):
                        mark(p, y)
            first[first.index(p)] = q
            second[second.index(q)] = p
            wh[p], wh[q] = h, g

        def fives_before(w: int, p: int) -> int:
            total = self.hist_fives[p]
            for v in range(w):
                if five[where[v][p]]:
                    total += 1
            return total

        def unfairness(w: int, big: int, small: int) -> int:
            """Change of the tables of five had before, summed over all seats at tables of
            five of the planned rounds, when ``big`` leaves one to ``small`` in round w."""
            shift = fives_before(w, small) - fives_before(w, big)
            for v in range(w + 1, planned):
                wv = where[v]
                shift += five[wv[small]] - five[wv[big]]
            return shift

        def partner_round(w: int, p: int, q: int) -> int:
            """For p at a five and q at a four in round w: the round where they swap back.

            -1 if none is needed, -2 if the move would spoil the spread.
            """
            for v in range(w + 1, planned):
                fp, fq = five[where[v][p]], five[where[v][q]]
                if fq and not fp:
                    return v
                if fp and not fq:
                    return -2
            return -1

        cost = REPEAT_WEIGHT * self.repeats() + self.club_pairs()
        best_cost = cost
        best_rounds = [[group[:] for group in groups] for groups in rounds]
        movable = [p for p in range(n) if p not in pinned]
        if len(movable) < 2:
            return
        lot = rng.random
        moving = len(movable)
        heat = 0.15 * REPEAT_WEIGHT
        chances = [math.exp(-d / heat) for d in range(8 * REPEAT_WEIGHT + 1)]
        limit = steps + polish_steps
        polish_start = -1
        unfair = 0  # seats at tables of five in the last round beyond the fairest choice
        last_gain = 0
        heat_now = heat
        step = 0
        while step < limit:
            step += 1
            if polish_start >= 0:
                heat_now = heat * max(0.05, (limit - step) / max(1, polish_steps))
            if step - last_gain > STALL_STEPS:
                # Stuck in a dead end: a few random swaps, then search on.
                last_gain = step
                for _ in range(KICK_SWAPS):
                    w = int(lot() * planned)
                    p = movable[int(lot() * moving)]
                    q = movable[int(lot() * moving)]
                    wh = where[w]
                    if wh[p] == wh[q]:
                        continue
                    if five[wh[p]] == five[wh[q]]:
                        cost += delta(w, p, q)
                        swap(w, p, q)
                    elif soft:
                        big, small = (p, q) if five[wh[p]] else (q, p)
                        shift = unfairness(w, big, small)
                        cost += delta(w, p, q) + FAIR_WEIGHT * shift
                        unfair += shift
                        swap(w, p, q)
            if not bad:
                if clubs is None and unfair <= 0:
                    break
                if polish_start < 0:
                    polish_start = step
                    limit = min(limit, step + polish_steps)
                w = int(lot() * planned)
                p = movable[int(lot() * moving)]
            else:
                a, b = divmod(bad[int(lot() * len(bad))], n)
                meets = [v for v in range(planned) if where[v][a] == where[v][b]]
                w = meets[int(lot() * len(meets))]
                p = a if lot() < 0.5 else b
                if p in pinned:
                    p = b if p == a else a
                    if p in pinned:
                        continue
            q = movable[int(lot() * moving)]
            wh = where[w]
            if wh[p] == wh[q]:
                continue
            if five[wh[p]] == five[wh[q]]:
                d = delta(w, p, q)
                if d <= 0 or lot() < self._chance(d, heat_now, heat, chances):
                    swap(w, p, q)
                    cost += d
                else:
                    continue
            else:
                big, small = (p, q) if five[wh[p]] else (q, p)
                shift = unfairness(w, big, small)
                if soft:
                    # The spread of the tables of five is a cost, not a rule.
                    d = delta(w, p, q) + FAIR_WEIGHT * shift
                    if d <= 0 or lot() < self._chance(d, heat_now, heat, chances):
                        swap(w, p, q)
                        cost += d
                        unfair += shift
                    else:
                        continue
                else:
                    if fives_before(w, small) != fives_before(w, big):
                        continue
                    u = partner_round(w, big, small)
                    if u == -2:
                        continue
                    d = delta(w, p, q)
                    swap(w, p, q)
                    if u >= 0:
                        d += delta(u, p, q)
                    if d <= 0 or lot() < self._chance(d, heat_now, heat, chances):
                        if u >= 0:
                            swap(u, p, q)
                        cost += d
                    else:
                        swap(w, p, q)
                        continue
            if cost < best_cost:
                best_cost = cost
                last_gain = step
                best_rounds = [[group[:] for group in groups] for groups in rounds]
        self.steps_used = step
        if cost > best_cost:
            self.reset(best_rounds)

    @staticmethod
    def _chance(d: int, heat_now: float, heat: float, chances: list[float]) -> float:
        if heat_now == heat and d < len(chances):
            return chances[d]
        return math.exp(-d / heat_now)

    def reset(self, rounds: list[list[list[int]]]) -> None:
        """Replace the planned rounds (recounting the meetings)."""
        self.count = [row[:] for row in self.hist]
        self.known = _known(self.hist)
        self.rounds = []
        self.where = []
        for groups in rounds:
            self.add_round(groups)


@dataclass
class _Context:
    """The present players as indices 0..n-1 in sorted id order, with their past."""

    ids: list[str]
    sizes: tuple[int, ...]
    met: list[list[int]]
    fives: list[int]
    dealer: list[int]
    keeper: list[int]
    pinned: dict[int, int]  # player with a fixed table -> group index in the search
    fixed: dict[int, int]  # player with a fixed table -> table number (1-based)
    clubs: list[int] | None
    history: list[list[list[int]]]  # past rounds over present players (others left out)
    same_players: bool  # every past round seated exactly the present players


def _context(request: DrawRequest) -> _Context:
    ids = sorted(player.id for player in request.players)
    index = {player_id: i for i, player_id in enumerate(ids)}
    n = len(ids)
    sizes = table_sizes(n)
    met = [[0] * n for _ in range(n)]
    fives = [0] * n
    dealer = [0] * n
    keeper = [0] * n
    history: list[list[list[int]]] = []
    same_players = True
    for past_round in request.history:
        groups: list[list[int]] = []
        seated = 0
        for table in past_round:
            group = [index[player_id] for player_id in table if player_id in index]
            seated += len(table)
            if len(group) != len(table) or len(table) not in (4, 5):
                same_players = False
            if not group:
                continue
            if table[0] in index:
                dealer[index[table[0]]] += 1
            if table[-1] in index:
                keeper[index[table[-1]]] += 1
            for i, a in enumerate(group):
                if len(table) == 5:
                    fives[a] += 1
                for b in group[i + 1 :]:
                    met[a][b] += 1
                    met[b][a] += 1
            groups.append(group)
        if seated != n:
            same_players = False
        history.append(groups)
    clubs: list[int] | None = None
    if request.separate_clubs:
        club_of = {player.id: player.club for player in request.players}
        names = sorted({club for club in club_of.values() if club is not None})
        club_index = {name: i for i, name in enumerate(names)}
        clubs = [
            club_index[c] if (c := club_of[player_id]) is not None else -1 for player_id in ids
        ]
    pinned = _pin(request.fixed, index, sizes)
    fixed = {index[player_id]: table for player_id, table in request.fixed}
    return _Context(
        ids,
        sizes,
        met,
        fives,
        dealer,
        keeper,
        pinned,
        fixed,
        clubs,
        history,
        same_players,
    )


def _pin(
    fixed: Sequence[tuple[str, int]], index: dict[str, int], sizes: Sequence[int]
) -> dict[int, int]:
    """Group indices for the fixed tables: fives for five fixed players, fours where possible."""
    per_table: dict[int, list[int]] = {}
    for player_id, table in fixed:
        per_table.setdefault(table, []).append(index[player_id])
    fours = [g for g, size in enumerate(sizes) if size == 4]
    fives = [g for g, size in enumerate(sizes) if size == 5]
    pinned: dict[int, int] = {}
    ordered = sorted(per_table.items(), key=lambda item: (-len(item[1]), item[0]))
    for _table, members in ordered:
        group = fives.pop(0) if len(members) == 5 or not fours else fours.pop(0)
        for p in members:
            pinned[p] = group
    return pinned


def _plan(
    context: _Context, rounds: int, history: list[list[list[int]]], rng: random.Random
) -> list[list[list[int]]]:
    """Plan ``rounds`` rounds after ``history`` (rounds over the present players)."""
    n = len(context.ids)
    if history:
        met, fives = context.met, context.fives
    else:
        met, fives = [[0] * n for _ in range(n)], [0] * n
    schedule = _Schedule(context.sizes, met, fives, context.pinned, context.clubs, rng)
    design = None if history else _design(n)
    if design is not None and rounds >= 2:
        relabelled = _relabel(design[:rounds], context, rng)
        if relabelled is not None:
            for groups in relabelled:
                schedule.add_round(groups)
            met = schedule.count
            fives = schedule.five_counts(len(schedule.rounds))
            if len(schedule.rounds) >= rounds:
                return schedule.rounds
            extension = _Schedule(context.sizes, met, fives, context.pinned, context.clubs, rng)
            done = schedule.rounds
            for _ in range(rounds - len(done)):
                extension.add_round(extension.greedy_round())
            _search(extension, POLISH_STEPS_PER_PLAYER * n)
            return done + extension.rounds
    for _ in range(rounds):
        schedule.add_round(schedule.greedy_round())
    _search(schedule, POLISH_STEPS_PER_PLAYER * n)
    return schedule.rounds


def _search(schedule: _Schedule, polish: int) -> None:
    """The local search; if the exact spread of the tables of five leaves repeated meetings,
    half the steps go to a search where the spread is a cost."""
    if 5 not in schedule.sizes or len(schedule.sizes) < 2:
        schedule.improve(SEARCH_STEPS, polish)
        return
    schedule.improve(SEARCH_STEPS // 2, polish)
    exact = schedule.repeats()
    if exact == 0:
        return
    kept = [[group[:] for group in groups] for groups in schedule.rounds]
    schedule.improve(SEARCH_STEPS // 2, polish, soft=True)
    if schedule.repeats() >= exact:
        schedule.reset(kept)


def _relabel(
    design: list[list[list[int]]], context: _Context, rng: random.Random
) -> list[list[list[int]]] | None:
    """The design with its points given to the players by lot (fixed tables respected).

    None if the fixed tables cannot be kept in the design: two players fixed at one table
    (they would have to meet every round), or no points for the fixed players that never
    share a table.
    """
    n = len(context.ids)
    label = list(range(n))
    rng.shuffle(label)  # label[point] = player
    fixed = context.fixed
    if fixed:
        if len(set(fixed.values())) != len(fixed):
            return None
        together = [[False] * n for _ in range(n)]
        for groups in design:
            for group in groups:
                for a in group:
                    for b in group:
                        together[a][b] = True
        chosen: list[int] = []
        for point in label:
            if all(not together[point][other] for other in chosen):
                chosen.append(point)
                if len(chosen) == len(fixed):
                    break
        if len(chosen) < len(fixed):
            return None
        point_player = dict(zip(chosen, sorted(fixed), strict=True))
        rest = iter(p for p in label if p not in fixed)
        label = [point_player[pt] if pt in point_player else next(rest) for pt in range(n)]
    if context.clubs is not None:
        label = _club_labels(design, label, context.clubs, set(fixed), rng)
    return [[[label[pt] for pt in group] for group in groups] for groups in design]


def _club_labels(
    design: list[list[list[int]]],
    label: list[int],
    clubs: list[int],
    pinned: set[int],
    rng: random.Random,
) -> list[int]:
    """Swap the players of two points while it lowers the club mates meeting at a table."""
    n = len(label)
    partners: list[list[int]] = [[] for _ in range(n)]
    for groups in design:
        for group in groups:
            for a in group:
                partners[a].extend(b for b in group if b != a)

    def clash(point: int, player: int, skip: int) -> int:
        club = clubs[player]
        if club < 0:
            return 0
        return sum(1 for other in partners[point] if other != skip and clubs[label[other]] == club)

    points = [pt for pt in range(n) if label[pt] not in pinned]
    for _ in range(60 * n):
        a = points[rng.randrange(len(points))]
        b = points[rng.randrange(len(points))]
        pa, pb = label[a], label[b]
        if a == b or clubs[pa] == clubs[pb]:
            continue
        before = clash(a, pa, b) + clash(b, pb, a)
        after = clash(a, pb, b) + clash(b, pa, a)
        if after < before:
            label[a], label[b] = pb, pa
    return label


# --------------------------------------------------------------------------------------------
# Seating


def _seat(
    group: Sequence[int], dealer: list[int], keeper: list[int], rng: random.Random
) -> list[int]:
    """Positions within a table: fewest first deals at 1, fewest lists at the last seat."""
    order = list(group)
    rng.shuffle(order)
    first = min(order, key=lambda p: dealer[p])
    order.remove(first)
    last = min(order, key=lambda p: keeper[p])
    order.remove(last)
    return [first, *order, last]


def _number_tables(
    groups: list[list[int]], fixed: dict[int, int], rng: random.Random
) -> list[list[int]]:
    """Table order: fixed tables at their numbers, fives at the highest numbers left."""
    count = len(groups)
    numbered: list[list[int] | None] = [None] * count
    rest: list[list[int]] = []
    for group in groups:
        table = next((fixed[p] for p in group if p in fixed), 0)
        if table:
            numbered[table - 1] = group
        else:
            rest.append(group)
    free = [t for t in range(count) if numbered[t] is None]
    fours = [group for group in rest if len(group) == 4]
    fives = [group for group in rest if len(group) != 4]
    rng.shuffle(fours)
    rng.shuffle(fives)
    for t, group in zip(free, fours + fives, strict=True):
        numbered[t] = group
    return [group for group in numbered if group is not None]


def _random_round(request: DrawRequest, context: _Context) -> list[list[int]]:
    """The groups of this round for method "random"."""
    n = len(context.ids)
    done = len(request.history)
    planned = request.rounds_planned
    seed = request.seed
    if planned is not None and done < planned:
        horizon = min(planned, MAX_PLAN_ROUNDS)
        if context.same_players and done < horizon:
            plan = _plan(context, horizon, [], _rng(seed, "plan", n, horizon))
            if all(_as_sets(plan[k]) == _as_sets(context.history[k]) for k in range(done)):
                return plan[done]
        ahead = min(planned - done, MAX_PLAN_ROUNDS)
        return _plan(context, ahead, context.history, _rng(seed, "replan", done, ahead))[0]
    return _plan(context, 1, context.history, _rng(seed, "round", done))[0]


def _as_sets(groups: list[list[int]]) -> frozenset[frozenset[int]]:
    return frozenset(frozenset(group) for group in groups)


def _standings_round(request: DrawRequest, context: _Context) -> list[list[int]]:
    index = {player_id: i for i, player_id in enumerate(context.ids)}
    assert request.standings is not None
    order = [index[player_id] for player_id in request.standings if player_id in index]
    fixed = {index[player_id]: table for player_id, table in request.fixed}
    tables: list[list[int]] = [[] for _ in context.sizes]
    for p, table in fixed.items():
        tables[table - 1].append(p)
    rest = iter(p for p in order if p not in fixed)
    for t, size in enumerate(context.sizes):
        while len(tables[t]) < size:
            tables[t].append(next(rest))
    return tables


def draw(request: DrawRequest) -> DrawResult:
    """Draw one round for a checked request."""
    context = _context(request)
    seed = request.seed
    done = len(request.history)
    if request.method == "standings":
        numbered = _standings_round(request, context)
    else:
        groups = _random_round(request, context)
        numbered = _number_tables(groups, context.fixed, _rng(seed, "tables", done))
    seat_rng = _rng(seed, "positions", done)
    seated = [_seat(group, context.dealer, context.keeper, seat_rng) for group in numbered]
    tables = tuple(tuple(context.ids[p] for p in group) for group in seated)
    return DrawResult(
        tables=tables,
        seed=seed,
        repeats=count_repeats(tables, request.history),
        five_tables=sum(1 for table in tables if len(table) == 5),
    )


def run(text: str) -> tuple[str, int]:
    """The command line without its streams: request text -> (response line, exit code)."""
    try:
        try:
            data = json.loads(text)
        except ValueError as error:
            raise DrawError(DrawCode.NOT_JSON, detail=str(error)) from None
        result = draw(parse_request(data))
    except DrawError as error:
        return json.dumps(error.to_json(), ensure_ascii=False) + "\n", 1
    except RecursionError:
        too_deep = DrawError(DrawCode.TOO_DEEP).to_json()
        return json.dumps(too_deep, ensure_ascii=False) + "\n", 1
    return json.dumps(result.to_json(), ensure_ascii=False) + "\n", 0


def main() -> int:
    """Read one request from standard input, write the response to standard output."""
    raw = sys.stdin.buffer.read()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        not_utf8 = DrawError(DrawCode.NOT_UTF8).to_json()
        output = json.dumps(not_utf8, ensure_ascii=False) + "\n"
        code = 1
    else:
        output, code = run(text)
    sys.stdout.buffer.write(output.encode("utf-8"))
    sys.stdout.buffer.flush()
    return code


if __name__ == "__main__":
    sys.exit(main())
