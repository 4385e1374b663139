"""One table's round (Spielrunde): dealer order, Pflichtsolo, Vorführung, time-up, penalties.

A :class:`Round` holds the table's players in position order (position 1 deals first) and
the score list so far. It answers who deals next, who sits out, how many games are left,
who still owes a Pflichtsolo and whether the next game must be a Vorführung. Entries are
added in the verify/can/do style of the game: ``verify_game`` raises the first problem as a
:class:`RoundError`, ``game_findings`` lists every problem, ``add_game`` verifies and adds.

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
* Penalties (9) are added with :meth:`Round.add_penalty`; a game that counts as not played
  is dealt again by the same dealer (before time up).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Protocol

from .errors import DokoError
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


class RoundError(DokoError):
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


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem or remark about the list. ``game`` is the game number (1-based) it
    concerns, or ``None`` for the list as a whole; ``level`` is error, warning or info."""

    game: int | None
    rule: str
    message: str
    level: str = "error"


class _Report(Protocol):
    """Records a finding about the entry being checked."""

    def __call__(self, rule: str, message: str, level: str = "error") -> None: ...


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


class Round:
    """The score list of one table in one round."""

    def __init__(self, players: Sequence[str], games: int | None = None) -> None:
        names = tuple(players)
        if len(names) not in GAMES:
            raise RoundError(
                f"players: a table has 4 or 5 players, not {len(names)} (TSR 3.1, 10.1)"
            )
        if len(set(names)) != len(names) or not all(names):
            raise RoundError("players: the players of a table must be distinct names (TSR 3.1)")
        self.names = names
        self.size = len(names)
        self.planned_games = GAMES[self.size] if games is None else games
        if self.planned_games < self.size:
            raise RoundError(
                f"games: {self.planned_games} games leave no room for a Pflichtsolo each (TSR 8.6)"
            )
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

    def row(self, points: Sequence[int]) -> str:
        """A row of points with the players' names, e.g. ``Anna +3, Ben -1``."""
        return ", ".join(f"{n} {p:+d}" for n, p in zip(self.names, points, strict=False))

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

        def error(rule: str, message: str, level: str = "error") -> None:
            findings.append(Finding(number, rule, message, level))

        if self.is_complete:
            what = "time is up and no Pflichtsolo is missing" if self.time_up else "all games"
            error("TSR 8.5", f"the list is complete ({what} played); no further game")
            return findings, (0,) * self.size, None
        expected = self.next_dealer
        if entry.dealer != expected:
            error(
                "TSR 3.3.1",
                f"{self.names[entry.dealer]} is given as dealer, but {self.names[expected]} "
                "deals this game",
            )
        playing = self.playing(entry.dealer)
        self._check_kind(entry, playing, error)
        result = None
        if entry.summary is not None:
            points, result = self._detailed_points(entry, playing, error)
        elif entry.quick is not None:
            points = self._quick_points(entry, playing, error)
        else:
            error("TSR 7.3", "a game needs either its details or its points")
            points = (0,) * self.size
        if entry.points is not None and entry.summary is not None and entry.points != points:
            error(
                "TSR 7.2",
                f"the list says {self.row(entry.points)}, but the game is worth {self.row(points)}",
            )
        return findings, points, result

    def _check_kind(self, entry: GameEntry, playing: tuple[int, ...], error: _Report) -> None:
        kind, soloist, state = entry.kind, entry.soloist, self._state
        needs_soloist = kind.is_solo or kind is EntryKind.STILLE_HOCHZEIT
        if needs_soloist and soloist is None:
            error("TSR 4.1", f"a {kind.german} needs its player")
            return
        if soloist is not None and soloist not in playing:
            error(
                "TSR 10.1",
                f"{self.names[soloist]} deals and sits out this game, so cannot play a "
                f"{kind.german}",
            )
            return
        due = self.vorfuehrung
        if due is not None and (kind is not EntryKind.VORFUEHRUNG or soloist != due):
            error(
                "TSR 4.2.3",
                f"a Vorführung is due: {self.names[due]} must play his Pflichtsolo now "
                f"(missing Pflichtsoli = games left), not a {kind.german}",
            )
            return
        if kind is EntryKind.VORFUEHRUNG and due is None:
            error(
                "TSR 4.2.3",
                "no Vorführung is due (the missing Pflichtsoli are fewer than the games "
                "left); a Pflichtsolo played by choice is written as Pflichtsolo",
            )
        if soloist is None:
            return
        if kind.is_pflicht and state.pflicht_done[soloist]:
            error(
                "TSR 8.6",
                f"{self.names[soloist]} has already played his Pflichtsolo in this round; "
                "a further solo is a Lustsolo",
            )
        if kind is EntryKind.LUSTSOLO and not state.pflicht_done[soloist]:
            error(
                "TSR 4.3.1",
                f"{self.names[soloist]} may play a Lustsolo only after his own Pflichtsolo",
            )

    def _detailed_points(
        self, entry: GameEntry, playing: tuple[int, ...], error: _Report
    ) -> tuple[tuple[int, ...], GameResult | None]:
        summary = entry.summary
        assert summary is not None
        points = [0] * self.size
        expected = {self.names[p] for p in playing}
        if set(summary.players) != expected:
            sitting = self.names[entry.dealer]
            error(
                "TSR 10.1",
                f"the game's players must be the four who play; {sitting} deals and sits out"
                if self.size == 5
                else "the game's players must be the table's players",
            )
            return tuple(points), None
        try:
            verify_summary(summary)
        except DokoError as problem:
            error("TSR 7", str(problem))
            return tuple(points), None
        if EntryKind.of(summary.game_type, summary.category) is not entry.kind:
            error("TSR 4.2.4", f"the details describe no {entry.kind.german}")
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
            error("TSR 7.3", f"a row has {self.size} points, one per player, not {len(points)}")
            return (0,) * self.size
        for p in range(self.size):
            if p not in playing and points[p] != 0:
                error("TSR 10.1", f"{self.names[p]} deals and sits out: 0 points, not {points[p]}")
        total = sum(points)
        if total != 0:
            error("TSR 7.3.3", f"the row sums to {total}, not 0")
        four = [points[p] for p in playing]
        if self.size == 4 and len({v % 2 for v in four}) > 1:
            error("TSR 7.3.3", "the points must be all even or all odd")
        self._check_pattern(entry, playing, four, error)
        error(
            "TSR 7.3",
            "entered as points only: Augen, calls and Sonderpunkte could not be checked",
            "info",
        )
        return points

    def _check_pattern(
        self, entry: GameEntry, playing: tuple[int, ...], four: list[int], error: _Report
    ) -> None:
        """The row must be one a game of its type produces, with its winners marked."""
        quick = entry.quick
        assert quick is not None
        winners = quick.winners
        if not winners <= set(playing):
            error("TSR 7.3", "a winner is marked who did not play this game")
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
                error(
                    "TSR 7.2.4",
                    f"in a {entry.kind.german} the soloist gets three times what each "
                    "opponent loses",
                )
                return
        first = {p for p, v in zip(playing, four, strict=True) if v == four[0]}
        if len(first) != 2 or any(v not in (four[0], -four[0]) for v in four):
            error(
                "TSR 7.2",
                "a Normalspiel gives two players the same points and the other two the opposite",
            )
            return
        _check_winners(winners, [first, set(playing) - first], error)

    def verify_game(self, entry: GameEntry) -> None:
        """Raise :class:`RoundError` for the first problem of ``entry``."""
        _raise_first(self.game_findings(entry)[0])

    def can_add_game(self, entry: GameEntry) -> bool:
        try:
            self.verify_game(entry)
        except RoundError:
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
                raise RoundError(
                    f"offender: position {penalty.offender} is not one of the four players"
                )
            players = (*players, self.sits_out)
        points = [0] * self.size
        for index, value in enumerate(result.points):
            points[players[index]] = value
        counted = None
        if result.game_effect is GameEffect.SOLO_PLAYED:
            counted = _COUNTED_AS.get(penalty.phase, solo_kind)
            if counted is None or not (counted.is_solo or counted in _COUNTED_AS.values()):
                raise RoundError(
                    "penalty: the solo counts as played, so say whether it was a Pflichtsolo, "
                    "vorgeführt or a Lustsolo (TSR 9.4)"
                )
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
            raise RoundError(
                "penalty: the list is complete, no solo can count as played any more (TSR 8.5)"
            )
        problems: list[Finding] = []
        self._check_kind(
            GameEntry(self.next_dealer, kind, soloist=soloist),
            self.playing(),
            lambda rule, message, level="error": problems.append(
                Finding(self._state.played + 1, rule, message, level)
            ),
        )
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
            raise RoundError(f"nachspielzeit: {minutes} minutes, it must be positive (TSR 8.5.1)")
        extension = Extension(minutes, reason)
        self.extensions.append(extension)
        return extension

    def declare_time_up(self, being_dealt: bool) -> int:
        """Time is up (TSR 8.5.3): return how many Normalspiele are struck."""
        state = self._state
        if state.time_up:
            raise RoundError("time_up: time is already up for this table (TSR 8.5)")
        left = self.planned_games - state.played
        # A Vorführung being dealt is one of the missing Pflichtsoli, not an extra game.
        dealt = 1 if being_dealt and left > 0 and self.vorfuehrung is None else 0
        state.time_up = True
        state.dealt_at_time_up = dealt
        return self.struck


def _check_winners(winners: frozenset[int], sides: list[set[int]], error: _Report) -> None:
    if not winners:
        error(
            "TSR 7.3",
            "no winner marked: right only if neither party reached its target (TSR 7.1.3)",
            "warning",
        )
    elif set(winners) not in sides:
        error("TSR 7.3", "the winners marked must be one whole party")


def _raise_first(findings: list[Finding]) -> None:
    for finding in findings:
        if finding.level == "error":
            raise RoundError(f"game {finding.game}: {finding.message} ({finding.rule})")
