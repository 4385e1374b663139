"""One table's list in a round (Spielrunde): dealer order, Pflichtsolo, Vorführung, time-up,
penalties.

A :class:`TableList` holds the table's players in position order (position 1 deals first) and
the score list so far. It answers who deals next, who sits out, how many games are left,
who still owes a Pflichtsolo and whether the next game must be a Vorführung. Entries are
added in the verify/can/do style of the game: ``verify_game`` raises the first problem as a
:class:`TableListError`, ``game_findings`` lists every problem, ``add_game`` verifies and adds.

Rules (numbers are the TSR's, see ``docs/rules.md``):

* 24 games at a table of four, 30 at a table of five (8.5.1, 10.2); at five the dealer sits
  out and scores 0 (10.1).
* The deal passes clockwise; after a Pflichtsolo the same dealer deals again, but not after
  a vorgeführtes one (3.3.1, 4.2.5).
* Every player plays one Pflichtsolo a round (8.6); a Lustsolo only after it (4.3.1).
* Vorführung (4.2.3): when the missing Pflichtsoli equal the games left, the next player
  missing one, counted from the left of the player who would deal next, must play it now.
  Our default where the TSR is silent: at a table of five, if that would be the dealer
  himself (who sits out), the deal passes on to his left so that he can play.
* Time up (8.5, 8.6): the game being dealt is finished, the other Normalspiele are struck
  and every missing Pflichtsolo is played as a Vorführung; after time nothing is repeated
  except a vorgeführtes Pflichtsolo. Nachspielzeit moves one table's end.
* Penalties (9) are added with :meth:`TableList.add_penalty`; a game that counts as not played
  is dealt again by the same dealer (before time up).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol

from .errors import DokoError
from .findings import Code, Finding, Level, Player, Points
from .gametypes import GameType, SoloCategory
from .penalties import (
    SITTING_DEALER,
    GameEffect,
    Penalty,
    PenaltyPhase,
    PenaltyResult,
    penalty_points,
)
from .scoring import GameResult, GameSummary, score, verify_summary

GAMES = {4: 24, 5: 30}
MINUTES = {4: 100, 5: 125}


class TableListError(DokoError):
    """An entry the round rules do not allow at this point of the list."""


class EntryKind(Enum):
    """How a game is written on the list (TSR 4.2.4, 4.3.2: Pflichtsoli in their section)."""

    __hash__ = object.__hash__  # members are singletons; Enum's hash is slow Python

    NORMALSPIEL = "normal"
    HOCHZEIT = "hochzeit"
    STILLE_HOCHZEIT = "stille_hochzeit"
    LUSTSOLO = "lustsolo"
    PFLICHTSOLO = "pflichtsolo"
    VORFUEHRUNG = "vorfuehrung"

    @property
    def is_pflicht(self) -> bool:
        return self in (EntryKind.PFLICHTSOLO, EntryKind.VORFUEHRUNG)

    @property
    def is_solo(self) -> bool:
        return self in (EntryKind.LUSTSOLO, EntryKind.PFLICHTSOLO, EntryKind.VORFUEHRUNG)

    @property
    def german(self) -> str:
        return _KIND_NAMES[self]

    @staticmethod
    def of(game_type: GameType, category: SoloCategory | None) -> EntryKind:
        if game_type is GameType.SOLO:
            return _CATEGORY_KINDS[category or SoloCategory.LUSTSOLO]
        return _TYPE_KINDS[game_type]


_KIND_NAMES = {
    EntryKind.NORMALSPIEL: "Normalspiel",
    EntryKind.HOCHZEIT: "Hochzeit",
    EntryKind.STILLE_HOCHZEIT: "stille Hochzeit",
    EntryKind.LUSTSOLO: "Lustsolo",
    EntryKind.PFLICHTSOLO: "Pflichtsolo",
    EntryKind.VORFUEHRUNG: "vorgeführtes Pflichtsolo",
}
_CATEGORY_KINDS = {
    SoloCategory.LUSTSOLO: EntryKind.LUSTSOLO,
    SoloCategory.PFLICHTSOLO: EntryKind.PFLICHTSOLO,
    SoloCategory.VORFUEHRUNG: EntryKind.VORFUEHRUNG,
}
_TYPE_KINDS = {
    GameType.NORMAL: EntryKind.NORMALSPIEL,
    GameType.HOCHZEIT: EntryKind.HOCHZEIT,
    GameType.STILLE_HOCHZEIT: EntryKind.STILLE_HOCHZEIT,
}


#: Games played alone that count as themselves when a penalty stops them (TSR 9.4, 9.6).
_COUNTED_AS = {
    PenaltyPhase.HOCHZEIT_ALLEIN: EntryKind.HOCHZEIT,
    PenaltyPhase.STILLE_HOCHZEIT_OFFEN: EntryKind.STILLE_HOCHZEIT,
}


class _Report(Protocol):
    """Records a finding about the entry being checked."""

    def __call__(self, code: Code, level: Level = Level.ERROR, /, **params: Any) -> None: ...


@dataclass(frozen=True, slots=True)
class QuickScore:
    """A game entered as on paper: points per table position and the winners marked."""

    points: tuple[int, ...]
    winners: frozenset[int]


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One game for the list. Exactly one of ``summary`` (details, scored by the engine)
    and ``quick`` (bare points) is given. ``soloist`` is the table position of the soloist
    or Hochzeiter (derived from ``summary`` when details are given). ``points``, when
    given, are the points written on the list, checked against the engine's score."""

    dealer: int
    kind: EntryKind
    summary: GameSummary | None = None
    quick: QuickScore | None = None
    soloist: int | None = None
    points: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A game on the list, as the round counts it."""

    number: int
    dealer: int
    kind: EntryKind
    soloist: int | None
    points: tuple[int, ...]
    result: GameResult | None


@dataclass(frozen=True, slots=True)
class PenaltyEntry:
    """A penalty on the list; ``players`` are the table positions the penalty's indexes
    refer to: the four who play the game, then the dealer who sits out if a deduction for
    unsportliches Verhalten is his (TSR 9.7)."""

    before_game: int
    penalty: Penalty
    players: tuple[int, ...]
    points: tuple[int, ...]
    result: PenaltyResult
    #: The game this penalty counts as, when it stops a solo that counts as played (TSR 9.4).
    counted_as: EntryKind | None = None


@dataclass(frozen=True, slots=True)
class Extension:
    minutes: int
    reason: str


@dataclass
class _State:
    dealer: int = 0
    played: int = 0
    pflicht_done: list[bool] = field(default_factory=list)
    time_up: bool = False
    #: Games still to finish after time up: the one being dealt (0 or 1).
    dealt_at_time_up: int = 0
    #: Games written after the list was complete: reported, never counted.
    beyond_end: int = 0


class TableList:
    """The score list of one table in one round."""

    def __init__(self, players: Sequence[str], games: int | None = None) -> None:
        names = tuple(players)
        if len(names) not in GAMES:
            raise TableListError.of(Code.TABLE_SIZE, count=len(names))
        if len(set(names)) != len(names) or not all(names):
            raise TableListError.of(Code.TABLE_PLAYERS_NOT_DISTINCT)
        self.names = names
        self.size = len(names)
        self.planned_games = GAMES[self.size] if games is None else games
        if self.planned_games < self.size:
            raise TableListError.of(Code.GAMES_TOO_FEW, games=self.planned_games)
        self.minutes = MINUTES[self.size]
        self.games: list[PlayedGame] = []
        self.penalties: list[PenaltyEntry] = []
        self.extensions: list[Extension] = []
        self._state = _State(pflicht_done=[False] * self.size)
        self._totals = [0] * self.size

    # ------------------------------------------------------------------ questions
    @property
    def games_played(self) -> int:
        return self._state.played

    @property
    def time_up(self) -> bool:
        return self._state.time_up

    @property
    def struck(self) -> int:
        """Games struck at time up (TSR 8.5.3): planned, but neither played nor still due."""
        if not self._state.time_up:
            return 0
        return self.planned_games - self._state.played - self.games_left

    @property
    def games_left(self) -> int:
        state = self._state
        if state.time_up:
            return state.dealt_at_time_up + len(self.pflicht_missing)
        return self.planned_games - state.played

    @property
    def is_complete(self) -> bool:
        return self.games_left == 0

    @property
    def pflicht_missing(self) -> list[int]:
        """Positions that still owe their Pflichtsolo, in position order (TSR 8.6)."""
        return [p for p, done in enumerate(self._state.pflicht_done) if not done]

    def has_played_pflicht(self, position: int) -> bool:
        return self._state.pflicht_done[position]

    def may_play_lustsolo(self, position: int) -> bool:
        """Only after the player's own Pflichtsolo (TSR 4.3.1)."""
        return self.has_played_pflicht(position)

    @property
    def vorfuehrung(self) -> int | None:
        """The position that must play a vorgeführtes Pflichtsolo next, or ``None`` (4.2.3)."""
        return self._vorfuehrung()[1]

    @property
    def next_dealer(self) -> int:
        return self._vorfuehrung()[0]

    @property
    def sits_out(self) -> int | None:
        """At a table of five the dealer gets no cards (TSR 10.1)."""
        return self.next_dealer if self.size == 5 else None

    def playing(self, dealer: int | None = None) -> tuple[int, ...]:
        """The four positions that play a game dealt by ``dealer``, from the dealer's left."""
        dealer = self.next_dealer if dealer is None else dealer
        seats = [(dealer + i) % self.size for i in range(1, self.size + 1)]
        return tuple(p for p in seats if self.size == 4 or p != dealer)

    def leader(self, kind: EntryKind, soloist: int | None = None) -> int:
        """Who leads the first trick: the soloist of a Pflichtsolo, else the dealer's left
        neighbour among the players (TSR 4.2.2, 4.3.1, 5.1.1)."""
        if kind.is_pflicht and soloist is not None:
            return soloist
        return self.playing()[0]

    @property
    def totals(self) -> tuple[int, ...]:
        """Points per position so far: games and penalties."""
        return tuple(self._totals)

    def _add_points(self, points: Sequence[int]) -> None:
        for position, value in enumerate(points):
            self._totals[position] += value

    @property
    def time_limit(self) -> int:
        """Minutes of pure playing time, Nachspielzeit included (TSR 8.5.1)."""
        return self.minutes + sum(e.minutes for e in self.extensions)

    def row(self, points: Sequence[int]) -> Points:
        """A row of points with the players, e.g. ``Anna +3, Ben -1`` as text."""
        return Points(tuple((Player(n), p) for n, p in zip(self.names, points, strict=False)))

    def player(self, position: int) -> Player:
        """The player at a table position."""
        return Player(self.names[position])

    def _vorfuehrung(self) -> tuple[int, int | None]:
        """(dealer of the next game, position that must be vorgeführt or ``None``)."""
        state = self._state
        dealer = state.dealer
        missing = self.pflicht_missing
        if not missing or len(missing) != self.games_left:
            return dealer, None
        order = [(dealer + i) % self.size for i in range(1, self.size + 1)]
        if self.size == 5:
            order.remove(dealer)
            if order and all(p not in missing for p in order):
                dealer = (dealer + 1) % self.size
                return dealer, state.dealer
        return dealer, next(p for p in order if p in missing)

    # ------------------------------------------------------------------ games
    def game_findings(self, entry: GameEntry) -> tuple[list[Finding], tuple[int, ...]]:
        """Every problem of ``entry`` at this point of the list, and its points per table
        position (the engine's where details are given, else the entered ones)."""
        findings, points, _ = self._check(entry)
        return findings, points

    def _check(self, entry: GameEntry) -> tuple[list[Finding], tuple[int, ...], GameResult | None]:
        number = self._state.played + self._state.beyond_end + 1
        findings: list[Finding] = []

        def error(code: Code, level: Level = Level.ERROR, /, **params: Any) -> None:
            findings.append(Finding(code, tuple(params.items()), level, game=number))

        if self.is_complete:
            error(Code.LIST_COMPLETE_TIME_UP if self.time_up else Code.LIST_COMPLETE)
            return findings, (0,) * self.size, None
        expected = self.next_dealer
        if entry.dealer != expected:
            error(
                Code.WRONG_DEALER, given=self.player(entry.dealer), expected=self.player(expected)
            )
        playing = self.playing(entry.dealer)
        self._check_kind(entry, playing, error)
        result = None
        if entry.summary is not None:
            points, result = self._detailed_points(entry, playing, error)
        elif entry.quick is not None:
            points = self._quick_points(entry, playing, error)
        else:
            error(Code.GAME_WITHOUT_SCORE)
            points = (0,) * self.size
        if entry.points is not None and entry.summary is not None and entry.points != points:
            error(Code.GAME_POINTS_DIFFER, written=self.row(entry.points), points=self.row(points))
        return findings, points, result

    def _check_kind(self, entry: GameEntry, playing: tuple[int, ...], error: _Report) -> None:
        kind, soloist, state = entry.kind, entry.soloist, self._state
        needs_soloist = kind.is_solo or kind is EntryKind.STILLE_HOCHZEIT
        if needs_soloist and soloist is None:
            error(Code.SOLO_NEEDS_PLAYER, kind=kind)
            return
        if soloist is not None and soloist not in playing:
            error(Code.SOLOIST_SITS_OUT, player=self.player(soloist), kind=kind)
            return
        due = self.vorfuehrung
        if due is not None and (kind is not EntryKind.VORFUEHRUNG or soloist != due):
            error(Code.VORFUEHRUNG_DUE, player=self.player(due), kind=kind)
            return
        if kind is EntryKind.VORFUEHRUNG and due is None:
            error(Code.VORFUEHRUNG_NOT_DUE)
        if soloist is None:
            return
        if kind.is_pflicht and state.pflicht_done[soloist]:
            error(Code.PFLICHTSOLO_TWICE, player=self.player(soloist))
        if kind is EntryKind.LUSTSOLO and not state.pflicht_done[soloist]:
            error(Code.LUSTSOLO_BEFORE_PFLICHTSOLO, player=self.player(soloist))

    def _detailed_points(
        self, entry: GameEntry, playing: tuple[int, ...], error: _Report
    ) -> tuple[tuple[int, ...], GameResult | None]:
        summary = entry.summary
        assert summary is not None
        points = [0] * self.size
        expected = {self.names[p] for p in playing}
        if set(summary.players) != expected:
            if self.size == 5:
                error(Code.GAME_PLAYERS_SITTING_OUT, player=self.player(entry.dealer))
            else:
                error(Code.GAME_PLAYERS_NOT_TABLE)
            return tuple(points), None
        try:
            verify_summary(summary)
        except DokoError as problem:
            error(Code.DETAILS_IMPOSSIBLE, problem=problem.finding)
            return tuple(points), None
        if EntryKind.of(summary.game_type, summary.category) is not entry.kind:
            error(Code.DETAILS_NOT_KIND, kind=entry.kind)
        result = score(summary)
        for name, value in zip(summary.players, result.scores, strict=True):
            points[self.names.index(name)] = value
        return tuple(points), result

    def _quick_points(
        self, entry: GameEntry, playing: tuple[int, ...], error: _Report
    ) -> tuple[int, ...]:
        """Checks of TSR 7.3 for a row entered as bare points plus winners."""
        quick = entry.quick
        assert quick is not None
        points = quick.points
        if len(points) != self.size:
            error(Code.ROW_LENGTH, size=self.size, count=len(points))
            return (0,) * self.size
        for p in range(self.size):
            if p not in playing and points[p] != 0:
                error(Code.SITTING_OUT_POINTS, player=self.player(p), points=points[p])
        total = sum(points)
        if total != 0:
            error(Code.ROW_SUM_NOT_ZERO, total=total)
        four = [points[p] for p in playing]
        if self.size == 4 and len({v % 2 for v in four}) > 1:
            error(Code.ROW_PARITY)
        self._check_pattern(entry, playing, four, error)
        error(Code.POINTS_ONLY, Level.INFO)
        return points

    def _check_pattern(
        self, entry: GameEntry, playing: tuple[int, ...], four: list[int], error: _Report
    ) -> None:
        """The row must be one a game of its type produces, with its winners marked."""
        quick = entry.quick
        assert quick is not None
        winners = quick.winners
        if not winners <= set(playing):
            error(Code.WINNER_NOT_PLAYING)
            return
        if not any(four):
            return  # a game worth 0 after netting: any party may have won
        soloist = entry.soloist
        solo_like = entry.kind.is_solo or entry.kind is EntryKind.STILLE_HOCHZEIT
        if soloist is not None and soloist not in playing:
            return  # reported by the kind check: the dealer sits out (TSR 10.1)
        if soloist is not None and (solo_like or entry.kind is EntryKind.HOCHZEIT):
            solo_points = four[playing.index(soloist)]
            others = [v for p, v in zip(playing, four, strict=True) if p != soloist]
            if len(set(others)) == 1 and solo_points == -3 * others[0]:
                _check_winners(winners, [{soloist}, set(playing) - {soloist}], error)
                return
            if solo_like:
                error(Code.SOLO_POINTS_PATTERN, kind=entry.kind)
                return
        first = {p for p, v in zip(playing, four, strict=True) if v == four[0]}
        if len(first) != 2 or any(v not in (four[0], -four[0]) for v in four):
            error(Code.NORMAL_POINTS_PATTERN)
            return
        _check_winners(winners, [first, set(playing) - first], error)

    def verify_game(self, entry: GameEntry) -> None:
        """Raise :class:`TableListError` for the first problem of ``entry``."""
        _raise_first(self.game_findings(entry)[0])

    def can_add_game(self, entry: GameEntry) -> bool:
        try:
            self.verify_game(entry)
        except TableListError:
            return False
        return True

    def add_game(self, entry: GameEntry) -> PlayedGame:
        findings, points, result = self._check(entry)
        _raise_first(findings)
        return self._apply_game(entry, points, result)

    def enter_game(self, entry: GameEntry) -> tuple[PlayedGame | None, list[Finding]]:
        """Put a game on the list as written, with every problem found: for checking a
        paper list, where one mistake must not hide the rest. A wrong dealer is taken as a
        slip of the pen: the deal goes on from the dealer the rules name. A game after the
        list is complete is only reported, never counted (``None``)."""
        findings, points, result = self._check(entry)
        if self.is_complete:
            self._state.beyond_end += 1
            return None, findings
        return self._apply_game(entry, points, result), findings

    def _apply_game(
        self, entry: GameEntry, points: tuple[int, ...], result: GameResult | None
    ) -> PlayedGame:
        """Put a game on the list and move the deal on (TSR 3.3.1, 4.2.5)."""
        state = self._state
        dealer = self.next_dealer
        self._add_points(points)
        game = PlayedGame(state.played + 1, dealer, entry.kind, entry.soloist, points, result)
        self.games.append(game)
        self._count_game(dealer, entry.kind, entry.soloist)
        return game

    def _count_game(self, dealer: int, kind: EntryKind, soloist: int | None) -> None:
        state = self._state
        state.played += 1
        if state.time_up and state.dealt_at_time_up:
            state.dealt_at_time_up -= 1
        if kind.is_pflicht and soloist is not None:
            state.pflicht_done[soloist] = True
        repeat = kind is EntryKind.PFLICHTSOLO
        state.dealer = dealer if repeat else (dealer + 1) % self.size

    # ------------------------------------------------------------------ penalties
    def penalty_entry(self, penalty: Penalty, solo_kind: EntryKind | None = None) -> PenaltyEntry:
        """The penalty placed in the game now being played, with points per table position.
        A deduction for unsportliches Verhalten (TSR 9.7) may be the sitting dealer's
        (``penalty.offender`` :data:`~.penalties.SITTING_DEALER`); every other penalty concerns
        the four who play (TSR 9.2-9.5, 10.1).

        When a schwerwiegend fault of an opponent makes the solo count as played (TSR 9.4),
        ``solo_kind`` says which solo it was (Pflichtsolo, vorgeführt or Lustsolo); a Hochzeit
        played alone or a stille Hochzeit counts as itself and needs none (TSR 4.4.3, 4.4.5).
        """
        result = penalty_points(penalty)
        players = self.playing()
        if penalty.offender == SITTING_DEALER:
            if self.sits_out is None:
                raise TableListError.of(Code.OFFENDER_POSITION, position=penalty.offender)
            players = (*players, self.sits_out)
        points = [0] * self.size
        for index, value in enumerate(result.points):
            points[players[index]] = value
        counted = None
        if result.game_effect is GameEffect.SOLO_PLAYED:
            counted = _COUNTED_AS.get(penalty.phase, solo_kind)
            if counted is None or not (counted.is_solo or counted in _COUNTED_AS.values()):
                raise TableListError.of(Code.PENALTY_SOLO_KIND_NEEDED)
        return PenaltyEntry(
            self._state.played + 1, penalty, players, tuple(points), result, counted
        )

    def add_penalty(self, penalty: Penalty, solo_kind: EntryKind | None = None) -> PenaltyEntry:
        entry = self.penalty_entry(penalty, solo_kind)
        if entry.counted_as is not None and penalty.soloist is not None:
            self._check_solo_counted(entry.counted_as, entry.players[penalty.soloist])
        self.penalties.append(entry)
        self._add_points(entry.points)
        self._apply_penalty_effect(entry)
        return entry

    def _check_solo_counted(self, kind: EntryKind, soloist: int) -> None:
        if self.is_complete:
            raise TableListError.of(Code.PENALTY_AFTER_COMPLETE)
        problems: list[Finding] = []
        number = self._state.played + 1

        def report(code: Code, level: Level = Level.ERROR, /, **params: Any) -> None:
            problems.append(Finding(code, tuple(params.items()), level, game=number))

        self._check_kind(GameEntry(self.next_dealer, kind, soloist=soloist), self.playing(), report)
        _raise_first(problems)

    def _apply_penalty_effect(self, entry: PenaltyEntry) -> None:
        effect, state = entry.result.game_effect, self._state
        if effect is GameEffect.SOLO_PLAYED:
            assert entry.counted_as is not None and entry.penalty.soloist is not None
            soloist = entry.players[entry.penalty.soloist]
            self._count_game(self.next_dealer, entry.counted_as, soloist)
        elif effect is GameEffect.NOT_PLAYED and state.time_up and state.dealt_at_time_up:
            # After time nothing is repeated except a vorgeführtes Pflichtsolo (TSR 8.6).
            state.dealt_at_time_up -= 1

    # ------------------------------------------------------------------ time
    def add_extension(self, minutes: int, reason: str) -> Extension:
        """Nachspielzeit for this table, granted by the Schiedsrichter (TSR 8.5.1)."""
        if minutes <= 0:
            raise TableListError.of(Code.NACHSPIELZEIT_NOT_POSITIVE, minutes=minutes)
        extension = Extension(minutes, reason)
        self.extensions.append(extension)
        return extension

    def declare_time_up(self, being_dealt: bool) -> int:
        """Time is up (TSR 8.5.3): return how many Normalspiele are struck."""
        state = self._state
        if state.time_up:
            raise TableListError.of(Code.TIME_ALREADY_UP)
        left = self.planned_games - state.played
        # A Vorführung being dealt is one of the missing Pflichtsoli, not an extra game.
        dealt = 1 if being_dealt and left > 0 and self.vorfuehrung is None else 0
        state.time_up = True
        state.dealt_at_time_up = dealt
        return self.struck


def _check_winners(winners: frozenset[int], sides: list[set[int]], error: _Report) -> None:
    if not winners:
        error(Code.NO_WINNER_MARKED, Level.WARNING)
    elif set(winners) not in sides:
        error(Code.WINNERS_NOT_PARTY)


def _raise_first(findings: list[Finding]) -> None:
    for finding in findings:
        if finding.level is Level.ERROR:
            raise TableListError(finding.with_context(says_game=True))
