"""``check-list`` under a rule set other than the DDV preset (``docs/rule-sets.md``).

:func:`check_ruled_list` verifies one table's list under a :class:`~.rulesets.RuleSet` and
reports every finding as data, as :func:`.scorelist.check_list` does for the TSR. Each game
is scored by the general scorer (:mod:`.rulescore`) and compared with what the list says;
around the games, the list rules of the preset:

* the table sizes it allows (004 L91: three with a Strohmann, L93: five, one sitting out in
  turn who pays and collects in solos; the others four);
* the settlement: plus-minus rows sum to 0; a Punktetopf (000 L61) or a Kasse (004 L63) has
  a balance that each game's payment lowers, and when it is empty the Punkterunden end; the
  Kasse calls for the Hammelrennen when it holds at most twice the Grundbetrag (004 L83);
* the solos a player owes: a Pflichtsolo per round (TSR), per evening, vorgeführt once the pot
  is empty (000 L61), a Zwangssolo within a Frist (004 L61), or none (001, 002 L74);
* the dealer after a solo (000 L37: he stays, unless it was the third solo in a row);
* the number of games: fixed where the list or the preset names one, else none.

A game with a problem is still counted as written, and a wrong dealer is reported once while
the deal goes on from the dealer the rules name, as on a TSR list.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .errors import DokoError, RecordError
from .findings import Code, Finding, JsonValue, Level, Player, Points
from .gametypes import SoloCategory
from .record_fields import Record, parse_pflicht
from .rulescore import Kind, game_kind, ruled_summary_from_record, score_ruled
from .rulesets import DealerAfterSolo, Hammelrennen, Pflichtsolo, RuleSet, Settlement

#: Grundbeträge each player puts into the Kasse when the list names no start (004 L63:
#: "zum Beispiel 50 Pfennig in Fünfpfennigstücken", at a Grundbetrag of 5 Pfennig).
KASSE_SHARES = 10
#: The name of the open dummy hand at a table of three (004 L91), unless the list names one.
STROHMANN = "Strohmann"
#: Solos in a row after which the dealer changes (000 L37).
SOLOS_IN_A_ROW = 3
_SOLO_KINDS = (Kind.SOLO, Kind.STILLE_HOCHZEIT)
_SEEDS = {
    "ddv": "TSR",
    "hausregeln-2024": "000",
    "reglement-2001": "001",
    "schweinchen": "002",
    "ravensburger-2015": "004",
}
#: The seed line each finding of a list comes from, per seed; points that differ are filed
#: under the seed's scoring lines, any other finding under the seed alone.
_RULE_LINES: dict[str, dict[Code, str]] = {
    "000": {
        Code.WRONG_DEALER: "L37",
        Code.POT_EMPTY: "L61",
        Code.POT_START_MISSING: "L61",
        Code.POT_PAYMENT_DIFFERS: "L61, L79, D2",
        Code.ROW_SUM_NOT_POT: "L61, L79, D2",
        Code.SOLO_VORFUEHRUNG_DUE: "L61",
        Code.SOLO_VORFUEHRUNG_EARLY: "L61",
        Code.SOLO_NOT_OWED: "L61",
        Code.PFLICHTSOLO_TWICE: "L61",
        Code.LIST_COMPLETE: "L61",
        Code.GAMES_LEFT: "L61",
        Code.TABLE_SIZE_FOR_RULES: "L7",
    },
    "001": {Code.ROW_SUM_NOT_ZERO: "L119, L127"},
    "002": {Code.ROW_SUM_NOT_ZERO: "L59", Code.GRUNDWERT_DIFFERS: "L59"},
    "004": {
        Code.TABLE_SIZE_FOR_RULES: "L91, L93",
        Code.SITTING_OUT_POINTS: "L93",
        Code.POT_EMPTY: "L63",
        Code.POT_PAYMENT_DIFFERS: "L63-65",
        Code.ROW_SUM_NOT_POT: "L63-65",
        Code.HAMMELRENNEN_DUE: "L83",
        Code.HAMMELRENNEN_NOT_DUE: "L83",
        Code.SOLO_VORFUEHRUNG_DUE: "L61",
        Code.SOLO_VORFUEHRUNG_EARLY: "L61",
        Code.SOLO_NOT_OWED: "L61",
        Code.LIST_COMPLETE: "L61, L63",
        Code.GAMES_LEFT: "L61, L63",
    },
}
_SCORING_LINES = {
    "000": "L61, L81, D1-D3",
    "001": "L119-129",
    "002": "L59-64",
    "004": "L61-67",
}
#: Where each seed says what the set has of a part (the sources of ``docs/rule-sets.md``, as
#: the page „Regelwerk“ gives them): a finding that a game or the list has what the set lacks,
#: or breaks what it says of that part, names these lines. A part a seed names no line for
#: (the table at 001 and 002, games of four throughout) is filed under the seed.
_PART_LINES: dict[str, dict[str, str]] = {
    "000": {
        "table": "L7",
        "deck": "L7",
        "armut": "L34, L39",
        "kinds": "L28-34, L39, L79, L81",
        "solos": "L28-33",
        "pflicht": "L61",
        "calls": "L22, L57, D24",
        "deadlines": "L57, D37",
        "specials": "L65-77, D35",
        "settlement": "L61, L79, D2",
    },
    "001": {
        "kinds": "L63, L67-73, L87, L145-149",
        "deck": "L18, L89-90",
        "armut": "L63, L87",
        "solos": "L67, L73, D10",
        "pflicht": "L67, L73",
        "calls": "L116-121, D24",
        "deadlines": "L119, L121, D11",
        "specials": "L39, L43, D14",
        "settlement": "L119, L127",
    },
    "002": {
        "kinds": "L24, L33, L72, L74",
        "deck": "L5, L9, L53",
        "armut": "L72",
        "schweinchen": "L68, D22",
        "solos": "L24, L33, L74",
        "pflicht": "L74",
        "calls": "L40-46, L58, L74, D24",
        "deadlines": "L40, L43-46",
        "specials": "L22-26, L68, L70, D23",
        "settlement": "L59",
    },
    "004": {
        "table": "L91, L93",
        "deck": "L87",
        "armut": "L87",
        "kinds": "L51-59, L83, L87",
        "solos": "L53-59",
        "pflicht": "L61",
        "calls": "L23, L49, L67, D29, D30",
        "deadlines": "L67",
        "specials": "L75-81",
        "settlement": "L61-65",
    },
}
#: The part of the set each finding about what the set lacks concerns.
_CODE_PARTS: dict[Code, str] = {
    Code.TABLE_SIZE_FOR_RULES: "table",
    Code.PLAYERS_FOR_RULES: "table",
    Code.TYPE_NOT_IN_RULES: "kinds",
    Code.SOLO_NOT_IN_RULES: "solos",
    Code.CALL_NOT_IN_RULES: "calls",
    Code.CALL_AFTER_DEADLINE: "deadlines",
    Code.CALL_AFTER_DEADLINE_HAND: "deadlines",
    Code.CALL_GAP: "deadlines",
    Code.SONDERPUNKT_NOT_IN_RULES: "specials",
    Code.SPECIAL_TOO_MANY: "specials",
    Code.ENTRY_NOT_IN_RULES: "settlement",
    Code.POT_START_MISSING: "settlement",
    Code.SOLO_VORFUEHRUNG_DUE: "pflicht",
    Code.SOLO_VORFUEHRUNG_EARLY: "pflicht",
    Code.CARD_NOT_IN_DECK: "deck",
    Code.HAND_SIZE_FOR_RULES: "deck",
    Code.RULED_GAME_CUT_SHORT: "deck",
    Code.CALL_AFTER_END: "deadlines",
    Code.SCHWEINCHEN_NEEDS_BOTH: "schweinchen",
    Code.SCHWEIN_NOT_ALLOWED: "schweinchen",
    Code.ARMUT_TOO_MANY_TRUMPS: "armut",
    Code.ARMUT_GIVES_NOT_TRUMPS: "armut",
    Code.ARMUT_RETURNS_WRONG: "armut",
    Code.ARMUT_FEHL_FIRST: "armut",
}
#: The part a field that the set lacks belongs to (``field_not_in_rules``,
#: ``list_field_not_in_rules``), by the field's first name.
_FIELD_PARTS: dict[str, str] = {
    "sitting_out": "table",
    "strohmann": "table",
    "strohmann_by": "table",
    "solo": "solos",
    "pflicht": "pflicht",
    "calls": "calls",
    "timing": "deadlines",
    "specials": "specials",
    "premiums": "specials",
    "schweinchen": "specials",
    "pot": "settlement",
    "frist": "pflicht",
    "zwangssoli": "pflicht",
}


@dataclass(frozen=True, slots=True)
class ListSetup:
    """The list-level settings: the rule set and what the list adds to it."""

    rules: RuleSet
    #: The table's players in position order (position 1 deals first).
    names: tuple[str, ...]
    #: The open dummy hand at a table of three, by the name the games give it.
    strohmann: str | None
    #: Games planned, ``None``: no fixed number.
    planned: int | None
    #: The Punktetopf's or the Kasse's start in the unit, ``None`` under plus-minus.
    pot_start: int | None
    #: Games within which each player owes his Zwangssoli (004 L61), ``None``: until the
    #: Kasse is empty.
    frist: int | None
    #: Solos each player owes: a Pflichtsolo (1), the Zwangssoli, or none.
    owed: int


def _whole(record: Record, field: str, low: int, high: int, default: int | None) -> int | None:
    value = record.get(field)
    if value is None:
        return default
    if type(value) is not int:
        raise RecordError.of(Code.NOT_WHOLE_NUMBER, field=field, value=JsonValue.of(value))
    if not low <= value <= high:
        raise RecordError.of(Code.OUT_OF_RANGE, field=field, number=value, low=low, high=high)
    return value


def _not_in_rules(record: Record, rules: RuleSet, field: str) -> None:
    if record.get(field) is not None:
        raise RecordError.of(Code.LIST_FIELD_NOT_IN_RULES, field=field, preset=rules.key)


def list_setup(record: Record, rules: RuleSet) -> ListSetup:
    """The list's players and settings under ``rules``; a :class:`RecordError` with its code
    for a list that cannot be checked at all."""
    players = record.get("players")
    if type(players) is not list or not all(type(p) is str for p in players):
        raise RecordError.of(Code.LIST_PLAYERS_INVALID)
    names = tuple(players)
    size = len(names)
    if size not in rules.table_sizes or (size == 3 and not rules.strohmann):
        sizes = sorted(s for s in rules.table_sizes if s != 3 or rules.strohmann)
        raise RecordError.of(
            Code.TABLE_SIZE_FOR_RULES,
            preset=rules.key,
            choices=tuple(str(s) for s in sizes),
            count=size,
        )
    if len(set(names)) != size or not all(n.strip() for n in names):
        raise RecordError.of(Code.TABLE_PLAYERS_NOT_DISTINCT)
    strohmann = None
    if size == 3:
        strohmann = record.get("strohmann", STROHMANN)
        if type(strohmann) is not str or not strohmann.strip() or strohmann in names:
            raise RecordError.of(Code.NOT_A_PLAYER_NAME, value=JsonValue.of(strohmann))
    else:
        _not_in_rules(record, rules, "strohmann")
    default_games = None
    if rules.games_per_round is not None:
        default_games = rules.games_per_round * size // 4  # TSR 10.2: 30 at five
    games = record.get("games")
    if games is not None and (type(games) is not int or not 1 <= games <= 60):
        raise RecordError.of(Code.LIST_GAMES_INVALID, value=JsonValue.of(games))
    planned = default_games if games is None else games
    pot_start: int | None = None
    if rules.settlement is Settlement.PLUS_MINUS:
        _not_in_rules(record, rules, "pot")
    elif rules.settlement is Settlement.KASSE:
        pot_start = _whole(record, "pot", 1, 10**6, KASSE_SHARES * rules.grundbetrag * size)
    else:
        if record.get("pot") is None:
            raise RecordError.of(Code.POT_START_MISSING, preset=rules.key)
        pot_start = _whole(record, "pot", 1, 10**6, None)
    frist = None
    owed = 0 if rules.pflichtsolo is Pflichtsolo.NONE else 1
    if rules.pflichtsolo is Pflichtsolo.ZWANGSSOLO:
        # 004 L61 "Oft vereinbaren die Spieler": a Zwangssolo only where the list names
        # its Frist.
        frist = _whole(record, "frist", 1, 1000, None)
        zwangssoli = _whole(record, "zwangssoli", 1, 2, 1) or 1
        owed = 0 if frist is None else zwangssoli
    else:
        _not_in_rules(record, rules, "frist")
        _not_in_rules(record, rules, "zwangssoli")
    return ListSetup(rules, names, strohmann, planned, pot_start, frist, owed)


@dataclass(frozen=True, slots=True)
class RuledGame:
    """One game of the list as the check reads it."""

    dealer: int
    kind: str
    category: SoloCategory | None
    soloist: int | None
    points: tuple[int, ...]
    #: What the pot paid (``None`` under plus-minus).
    pot: int | None
    #: The game's value (the Grundwert), ``None`` for a row of points only.
    value: int | None


_Report = Callable[..., None]


class RuleList:
    """The list of one table under a rule set, game by game."""

    def __init__(self, setup: ListSetup) -> None:
        self.setup = setup
        self.rules = setup.rules
        self.names = setup.names
        self.size = len(setup.names)
        self.dealer = 0
        self.played = 0
        self.beyond_end = 0
        self.in_a_row = 0
        self.solos = [0] * self.size
        self.balance = setup.pot_start
        self.totals = [0] * self.size

    # ------------------------------------------------------------------ questions
    @property
    def has_end(self) -> bool:
        s = self.setup
        return s.planned is not None or s.pot_start is not None or s.frist is not None

    @property
    def ended(self) -> bool:
        """The Punkterunden are over: the planned games played, the pot empty, the Frist
        run out."""
        s = self.setup
        return (
            (s.planned is not None and self.played >= s.planned)
            or (self.balance is not None and self.balance <= 0)
            or (s.frist is not None and self.played >= s.frist)
        )

    @property
    def missing(self) -> list[int]:
        """Positions that still owe a solo, in position order."""
        return [p for p, done in enumerate(self.solos) if done < self.setup.owed]

    @property
    def owed_left(self) -> int:
        return sum(self.setup.owed - done for done in self.solos if done < self.setup.owed)

    @property
    def per_round(self) -> bool:
        return self.rules.pflichtsolo is Pflichtsolo.PER_ROUND and self.setup.planned is not None

    @property
    def games_left(self) -> int | None:
        s = self.setup
        if self.ended:
            return self.owed_left
        if s.planned is None:
            return None
        left = s.planned - self.played
        return left if self.per_round else left + self.owed_left

    @property
    def closed(self) -> bool:
        """No further game may be written."""
        return self.ended and not self.owed_left

    @property
    def complete(self) -> bool:
        return not self.owed_left and (self.ended or not self.has_end)

    @property
    def vorfuehrung_due(self) -> bool:
        """Solos owed must now be played vorgeführt: after the end of the Punkterunden, or
        under a Pflichtsolo per round when the solos owed fill the games left (TSR 4.2.3)."""
        left = self.owed_left
        if not left:
            return False
        if self.ended:
            return True
        planned = self.setup.planned
        return self.per_round and planned is not None and left >= planned - self.played

    @property
    def vorfuehrung(self) -> int | None:
        """The front seat (from the dealer's left) of those who must now play a solo
        vorgeführt, or ``None``."""
        if not self.vorfuehrung_due:
            return None
        missing = self.missing
        order = [(self.dealer + i) % self.size for i in range(1, self.size + 1)]
        if self.size == 5:
            order.remove(self.dealer)  # he sits out (the deal passed on if he alone owes)
        return next((p for p in order if p in missing), None)

    @property
    def hammelrennen_due(self) -> bool:
        """004 L83: the Kasse holds at most twice the Grundbetrag."""
        return (
            self.rules.hammelrennen is Hammelrennen.FIRST_TO_60
            and self.balance is not None
            and not self.ended
            and 0 < self.balance <= 2 * self.rules.grundbetrag
        )

    def playing(self, dealer: int) -> list[str]:
        """The names at a game dealt by ``dealer``: from his left; at five without him
        (004 L93, in turn: the dealer, as TSR 10.1), at three with the Strohmann."""
        seats = [self.names[(dealer + i) % self.size] for i in range(1, self.size + 1)]
        if self.size == 5:
            seats.remove(self.names[dealer])
        if self.setup.strohmann is not None:
            seats.append(self.setup.strohmann)
        return seats

    def row(self, points: tuple[int, ...]) -> Points:
        return Points(tuple((Player(n), p) for n, p in zip(self.names, points, strict=True)))

    def player(self, position: int) -> Player:
        return Player(self.names[position])

    def position(self, value: Any, field: str) -> int:
        if type(value) is not str or value not in self.names:
            raise RecordError.of(Code.NOT_A_TABLE_PLAYER, field=field, value=JsonValue.of(value))
        return self.names.index(value)

    # ------------------------------------------------------------------ games
    def read_game(self, entry: Record, dealer: int, error: _Report) -> RuledGame:
        """The game of an entry dealt by ``dealer``, scored under the rule set where its
        details are given; the written points, pot payment and Grundwert compared with the
        score."""
        if entry.get("quick") is True:
            return self._quick(entry, dealer, error)
        playing = self.playing(dealer)
        given = entry.get("players")
        if given is not None and (type(given) is not list or set(given) != set(playing)):
            error(Code.GAME_PLAYERS_NOT_TABLE)
        game_record = dict(entry)
        game_record["players"] = playing[:4]
        game_record.pop("sitting_out", None)
        if self.size == 5:
            game_record["sitting_out"] = self.names[dealer]
        if self.setup.strohmann is not None:
            game_record["strohmann"] = self.setup.strohmann
        summary = ruled_summary_from_record(game_record, self.rules)
        result = score_ruled(summary)
        scores = dict(result.scores)
        points = tuple(scores.get(name, 0) for name in self.names)
        soloist = None
        if summary.kind in _SOLO_KINDS and summary.re[0] in self.names:
            soloist = self.names.index(summary.re[0])
        pot = None if self.balance is None else result.pot
        written = entry.get("points")
        if written is not None:
            written_points = self._points(written)
            if written_points != points:
                error(
                    Code.GAME_POINTS_DIFFER,
                    written=self.row(written_points),
                    points=self.row(points),
                )
        if pot is not None and entry.get("pot") is not None:
            paid = _whole(entry, "pot", -(10**6), 10**6, None)
            if paid != pot:
                error(Code.POT_PAYMENT_DIFFERS, number=paid, total=pot)
        if entry.get("grundwert") is not None:
            grundwert = _whole(entry, "grundwert", 0, 10**6, None)
            if grundwert != abs(result.value):
                error(Code.GRUNDWERT_DIFFERS, number=grundwert, total=abs(result.value))
        return RuledGame(dealer, summary.kind, summary.category, soloist, points, pot, result.value)

    def _quick(self, entry: Record, dealer: int, error: _Report) -> RuledGame:
        """A row of points only: the sum against 0 or the pot's payment."""
        kind = game_kind(entry, self.rules)
        category = parse_pflicht(entry.get("pflicht")) if kind == Kind.SOLO else None
        soloist = None
        if entry.get("player") is not None:
            soloist = self.position(entry["player"], "player")
        elif kind in _SOLO_KINDS:
            raise RecordError.of(Code.FIELD_MISSING, field="player")
        if entry.get("points") is None:
            raise RecordError.of(Code.QUICK_WITHOUT_POINTS)
        points = self._points(entry["points"])
        if self.size == 5 and kind in (Kind.NORMAL, Kind.ARMUT) and points[dealer]:
            # 004 L93: the one sitting out pays or collects in solos only
            error(Code.SITTING_OUT_POINTS, player=self.player(dealer), points=points[dealer])
        total = sum(points)
        pot = None
        if self.balance is None:
            if total != 0:
                error(Code.ROW_SUM_NOT_ZERO, total=total)
        else:
            if entry.get("pot") is None:
                raise RecordError.of(Code.FIELD_MISSING, field="pot")
            pot = _whole(entry, "pot", -(10**6), 10**6, None)
            if total != pot:
                error(Code.ROW_SUM_NOT_POT, total=total, number=pot)
        error(Code.POINTS_ONLY, Level.INFO)
        return RuledGame(dealer, kind, category, soloist, points, pot, None)

    def _points(self, value: Any) -> tuple[int, ...]:
        if type(value) is not dict or set(value) != set(self.names):
            raise RecordError.of(Code.POINTS_PER_PLAYER, field="points")
        for name in self.names:
            if type(value[name]) is not int:
                raise RecordError.of(
                    Code.POINT_NOT_WHOLE,
                    field="points",
                    player=Player(name),
                    value=JsonValue.of(value[name]),
                )
        return tuple(value[name] for name in self.names)

    def check_order(self, game: RuledGame, error: _Report) -> None:
        """The solos owed and the Hammelrennen at this point of the list."""
        preset = self.rules.key
        due = self.vorfuehrung
        vorgefuehrt = game.category is SoloCategory.VORFUEHRUNG
        missing = self.missing
        if due is not None:
            if vorgefuehrt and game.soloist is not None and game.soloist not in missing:
                error(Code.SOLO_NOT_OWED, player=self.player(game.soloist))
            elif not vorgefuehrt or game.soloist is None:
                error(
                    Code.SOLO_VORFUEHRUNG_DUE,
                    preset=preset,
                    player=self.player(due),
                    names=tuple(self.player(p) for p in missing),
                    value=JsonValue.of(_label(game)),
                )
        elif vorgefuehrt:
            error(Code.SOLO_VORFUEHRUNG_EARLY, preset=preset)
        pflicht = self.rules.pflichtsolo in (Pflichtsolo.PER_ROUND, Pflichtsolo.PER_SESSION)
        if pflicht and game.soloist is not None and game.category is not None:
            done = self.solos[game.soloist] >= self.setup.owed
            if game.category is SoloCategory.PFLICHTSOLO and done:
                error(Code.PFLICHTSOLO_TWICE, player=self.player(game.soloist))
            if self.per_round and game.category is SoloCategory.LUSTSOLO and not done:
                error(Code.LUSTSOLO_BEFORE_PFLICHTSOLO, player=self.player(game.soloist))
        if self.hammelrennen_due and game.kind != Kind.HAMMELRENNEN:
            error(Code.HAMMELRENNEN_DUE, total=self.balance, value=JsonValue.of(game.kind))
        elif (
            game.kind == Kind.HAMMELRENNEN
            and self.rules.hammelrennen is Hammelrennen.FIRST_TO_60
            and not self.hammelrennen_due
        ):
            error(Code.HAMMELRENNEN_NOT_DUE, total=self.balance)

    def apply(self, game: RuledGame, error: _Report) -> None:
        """Put the game on the list: totals, pot, solos owed, the next dealer."""
        for position, value in enumerate(game.points):
            self.totals[position] += value
        if self.balance is not None and game.pot is not None:
            before = self.balance
            self.balance -= game.pot
            if before > 0 >= self.balance:
                error(Code.POT_EMPTY, Level.INFO, total=self.balance)
        self.played += 1
        if game.soloist is not None and self._counts_as_owed(game):
            self.solos[game.soloist] += 1
        self.dealer = (self.dealer + (0 if self._dealer_stays(game) else 1)) % self.size
        if self.size == 5 and self.vorfuehrung_due and self.missing == [self.dealer]:
            # As TSR 4.2.3 at five: a Vorführung of the one who would sit out passes the
            # deal on to his left, so that he can play.
            self.dealer = (self.dealer + 1) % self.size

    def _counts_as_owed(self, game: RuledGame) -> bool:
        if self.rules.pflichtsolo is Pflichtsolo.ZWANGSSOLO:
            return game.kind in _SOLO_KINDS
        return game.category in (SoloCategory.PFLICHTSOLO, SoloCategory.VORFUEHRUNG)

    def _dealer_stays(self, game: RuledGame) -> bool:
        rule = self.rules.dealer_after_solo
        if rule is DealerAfterSolo.REPEAT_AFTER_PFLICHTSOLO:
            return game.category is SoloCategory.PFLICHTSOLO
        if rule is DealerAfterSolo.STAY_UNTIL_THIRD_SOLO:
            if game.kind not in _SOLO_KINDS:
                self.in_a_row = 0
                return False
            self.in_a_row += 1
            if self.in_a_row >= SOLOS_IN_A_ROW:
                self.in_a_row = 0
                return False
            return True
        return False


def _label(game: RuledGame) -> str:
    if game.category is SoloCategory.PFLICHTSOLO:
        return "solo (pflicht)"
    if game.category is SoloCategory.LUSTSOLO:
        return "solo (lust)"
    return game.kind


def rule_of(finding: Finding, rules: RuleSet) -> str:
    """The rule a finding of a list under ``rules`` names: the seed's line, e.g. ``000 L61``."""
    seed = _SEEDS.get(rules.key, rules.key)
    if seed == "TSR":
        return finding.rule
    line = _RULE_LINES.get(seed, {}).get(finding.code)
    if line is None and finding.code is Code.GAME_POINTS_DIFFER:
        line = _SCORING_LINES.get(seed)
    if line is None:
        part = _CODE_PARTS.get(finding.code)
        field = finding.parameters.get("field")
        if part is None and isinstance(field, str):
            part = _FIELD_PARTS.get(field.split(".")[0])
        if part is not None:
            line = _PART_LINES.get(seed, {}).get(part)
    return f"{seed} {line}" if line else seed


def check_ruled_list(record: Record, rules: RuleSet, *, finding_data: bool = False) -> Record:
    """Verify a whole score list under ``rules``: the report of
    ``docs/contracts/score-list.md`` with the rule set's own fields."""
    setup = list_setup(record, rules)
    table = RuleList(setup)
    entries = record.get("entries", [])
    if type(entries) is not list:
        raise RecordError.of(Code.ENTRIES_NOT_LIST)
    findings: list[Finding] = []
    rows: list[Record] = []
    for number, entry in enumerate(entries, start=1):
        try:
            _check_entry(table, entry, number, findings, rows)
        except DokoError as problem:
            findings.append(
                problem.finding.with_context(game=table.played + table.beyond_end + 1, entry=number)
            )
    left = table.games_left
    if left:
        planned = table.played + left
        findings.append(Finding.of(Code.GAMES_LEFT, None, Level.INFO, left=left, planned=planned))
    report = _report(record.get("id"), table, findings, rows)
    if finding_data:
        for shown, finding in zip(report["findings"], findings, strict=True):
            shown["data"] = finding.to_data()
    return report


def _check_entry(
    table: RuleList, entry: Any, number: int, findings: list[Finding], rows: list[Record]
) -> None:
    if type(entry) is not dict:
        raise RecordError.of(Code.ENTRY_NOT_OBJECT)
    kind = entry.get("kind")
    if kind in ("penalty", "nachspielzeit", "time_up"):
        # TSR 8.5 and 9: a tournament's time limit and penalties, not the house rules'.
        raise RecordError.of(
            Code.ENTRY_NOT_IN_RULES, value=JsonValue.of(kind), preset=table.rules.key
        )
    if kind != "game":
        raise RecordError.of(Code.ENTRY_KIND_UNKNOWN, value=JsonValue.of(kind))
    game_number = table.played + table.beyond_end + 1

    def error(code: Code, level: Level = Level.ERROR, /, **params: Any) -> None:
        findings.append(Finding(code, tuple(params.items()), level, game=game_number, entry=number))

    if table.closed:
        error(Code.LIST_COMPLETE)
        table.beyond_end += 1
        return
    dealer = table.position(entry.get("dealer"), "dealer")
    if dealer != table.dealer:
        error(Code.WRONG_DEALER, given=table.player(dealer), expected=table.player(table.dealer))
    game = table.read_game(entry, dealer, error)
    table.check_order(game, error)
    dealt_by = table.dealer  # a wrong dealer is a slip: the deal goes on from the rules' one
    table.apply(game, error)
    names = table.names
    row: Record = {
        "entry": number,
        "game": table.played,
        "dealer": names[dealt_by],
        "kind": game.kind,
        "section": "pflicht" if game.category in _PFLICHT else "normal",
        "player": None if game.soloist is None else names[game.soloist],
        "points": dict(zip(names, game.points, strict=True)),
        "totals": dict(zip(names, table.totals, strict=True)),
        "value": game.value,
    }
    if table.balance is not None:
        row["pot"] = game.pot
        row["pot_balance"] = table.balance
    rows.append(row)


_PFLICHT = (SoloCategory.PFLICHTSOLO, SoloCategory.VORFUEHRUNG)


def _report(record_id: Any, table: RuleList, findings: list[Finding], rows: list[Record]) -> Record:
    names = table.names
    rules = table.rules
    complete = table.complete
    closed = table.closed
    due = table.vorfuehrung
    return {
        "id": record_id,
        "rules": rules.key,
        "unit": rules.unit.value,
        "valid": not any(f.level is Level.ERROR for f in findings),
        "complete": complete,
        "findings": [
            {
                "game": f.game,
                "level": f.level.value,
                "rule": rule_of(f, rules),
                "message": f.message,
                "code": f.code.value,
            }
            for f in findings
        ],
        "totals": dict(zip(names, table.totals, strict=True)),
        "games_played": table.played,
        "games_left": table.games_left,
        "struck": 0,
        "time_up": False,
        "time_limit": None,
        "next_dealer": None if closed else names[table.dealer],
        "sits_out": None if closed or table.size != 5 else names[table.dealer],
        "pflicht_missing": [names[p] for p in table.missing],
        "vorfuehrung": None if due is None else names[due],
        "pot": None
        if table.balance is None
        else {"start": table.setup.pot_start, "balance": table.balance},
        "hammelrennen_due": table.hammelrennen_due,
        "rows": rows,
    }


__all__ = [
    "KASSE_SHARES",
    "STROHMANN",
    "ListSetup",
    "RuleList",
    "check_ruled_list",
    "list_setup",
    "rule_of",
]
