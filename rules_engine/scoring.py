"""Who wins and what a game is worth (TSR 7.1, 7.2).

:class:`GameSummary` is what a score-list row knows about a game (no cards);
:func:`score` turns it into a :class:`GameResult`: the winner, the game value from Re's
side, every player's plus-minus points and the itemised reasons, labelled as on a score
list so that a person can check the sum.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import NamedTuple

from .calls import ABSAGE_TARGET, AGAINST_TARGET, REACHED_AGAINST, Call, Party
from .cards import TOTAL_EYES
from .errors import RecordError
from .findings import Code, Player
from .gametypes import GameType, SoloCategory, SoloType

TRICKS = 12


@dataclass(frozen=True, slots=True)
class Specials:
    """Sonderpunkte won by one party (TSR 7.2.3)."""

    doppelkopf: int = 0
    fuchs: int = 0
    karlchen: int = 0

    def __bool__(self) -> bool:
        return bool(self.doppelkopf or self.fuchs or self.karlchen)


NO_SPECIALS = Specials()


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One game as a score list records it (the ``score`` input of the contract)."""

    players: tuple[str, ...]
    game_type: GameType
    re: tuple[str, ...]
    re_eyes: int
    re_tricks: int
    re_call: Call | None = None
    kontra_call: Call | None = None
    re_specials: Specials = NO_SPECIALS
    kontra_specials: Specials = NO_SPECIALS
    solo: SoloType | None = None
    category: SoloCategory | None = None

    @property
    def scored_as_solo(self) -> bool:
        """Solo, stille Hochzeit and the Hochzeit played alone score x3 (TSR 7.2.4)."""
        return self.game_type in (GameType.SOLO, GameType.STILLE_HOCHZEIT) or (
            self.game_type is GameType.HOCHZEIT and len(self.re) == 1
        )

    @property
    def kontra(self) -> tuple[str, ...]:
        return tuple(p for p in self.players if p not in self.re)

    def eyes(self, party: Party) -> int:
        return self.re_eyes if party is Party.RE else TOTAL_EYES - self.re_eyes

    def tricks(self, party: Party) -> int:
        return self.re_tricks if party is Party.RE else TRICKS - self.re_tricks


class Item(NamedTuple):
    """One reason for points: ``points`` credited to ``party`` (TSR 7.2.2, 7.2.3)."""

    label: str
    party: Party
    points: int


#: Items are immutable and few, so every distinct one is made once and shared.
_item = cache(Item)


@dataclass(frozen=True, slots=True)
class GameResult:
    winner: Party | None
    value: int
    scores: tuple[int, ...]
    items: tuple[Item, ...] = field(default=())

    def explanation(self, summary: GameSummary) -> str:
        """Itemised German explanation of every point, as a Schiedsrichter reads it."""
        lines = []
        for item in self.items:
            sign = "+" if item.party is Party.RE else "-"
            lines.append(f"{sign}{item.points} {item.label} ({item.party.german})")
        if self.winner is None:
            lines.append("Keine Partei hat ihr Ziel erreicht: niemand hat gewonnen (TSR 7.1.3).")
        else:
            lines.append(f"Gewonnen hat {self.winner.german}.")
        factor = " (Solo: der Alleinspieler dreifach, TSR 7.2.4)" if summary.scored_as_solo else ""
        lines.append(f"Spielwert aus Sicht von Re: {self.value}{factor}")
        lines.append(
            ", ".join(f"{p} {s:+d}" for p, s in zip(summary.players, self.scores, strict=True))
        )
        return "\n".join(lines)


def _eye_sums() -> tuple[frozenset[int], ...]:
    """For k = 0..12 tricks, every Augen total that 4k cards of the deck can make.

    Dynamic programming over the six card values (eight cards each), with one bit set per
    reachable sum: ``masks[n]`` has bit ``s`` set when some n cards add up to s Augen.
    """
    masks = [1] + [0] * 48
    for eyes in (11, 10, 4, 3, 2, 0):
        new = [0] * 49
        for n, mask in enumerate(masks):
            if mask:
                for k in range(min(8, 48 - n) + 1):
                    new[n + k] |= mask << (k * eyes)
        masks = new
    return tuple(
        frozenset(s for s in range(TOTAL_EYES + 1) if masks[4 * tricks] >> s & 1)
        for tricks in range(TRICKS + 1)
    )


#: EYE_SUMS[k]: the Augen totals that k tricks can hold.
EYE_SUMS = _eye_sums()


def verify_summary(summary: GameSummary) -> None:
    """Raise :class:`DokoError` if the summary is impossible; messages name the field."""
    players = summary.players
    if len(players) != 4 or len(set(players)) != 4 or not all(players):
        raise RecordError.of(Code.GAME_PLAYERS_INVALID)
    re = summary.re
    for name in re:
        if name not in players:
            raise RecordError.of(Code.RE_NOT_A_PLAYER, name=name)
    if len(set(re)) != len(re):
        raise RecordError.of(Code.RE_TWICE, names=tuple(map(Player, re)))
    _verify_re_size(summary)
    game_type = summary.game_type
    if (game_type is GameType.SOLO) != (summary.solo is not None):
        raise RecordError.of(Code.SOLO_KIND_MISMATCH)
    if summary.category is not None and game_type is not GameType.SOLO:
        raise RecordError.of(Code.PFLICHT_NOT_SOLO)
    eyes, tricks = summary.re_eyes, summary.re_tricks
    if not 0 <= eyes <= TOTAL_EYES:
        raise RecordError.of(Code.EYES_OUT_OF_RANGE, eyes=eyes)
    if not 0 <= tricks <= TRICKS:
        raise RecordError.of(Code.TRICKS_OUT_OF_RANGE, tricks=tricks)
    if eyes not in EYE_SUMS[tricks]:
        raise _eyes_error(eyes, tricks)
    if game_type is GameType.HOCHZEIT and len(re) == 1 and tricks < 3:
        raise RecordError.of(Code.HOCHZEIT_ALONE_TRICKS, tricks=tricks)
    re_call, kontra_call = summary.re_call, summary.kontra_call
    if re_call is Call.KONTRA:
        raise RecordError.of(Code.RE_CALLS_KONTRA)
    if kontra_call is Call.RE:
        raise RecordError.of(Code.KONTRA_CALLS_RE)
    _verify_specials(summary)


def _verify_re_size(summary: GameSummary) -> None:
    size, kind = len(summary.re), summary.game_type
    if kind is GameType.NORMAL and size != 2:
        raise RecordError.of(Code.NORMAL_RE_SIZE, size=size)
    if kind is GameType.HOCHZEIT and size not in (1, 2):
        raise RecordError.of(Code.HOCHZEIT_RE_SIZE, size=size)
    if kind in (GameType.SOLO, GameType.STILLE_HOCHZEIT) and size != 1:
        raise RecordError.of(Code.SOLO_RE_SIZE, game_type=kind, size=size)


def _eyes_error(eyes: int, tricks: int) -> RecordError:
    sums = EYE_SUMS[tricks]
    if eyes > max(sums):
        return RecordError.of(Code.EYES_ABOVE_TRICKS, eyes=eyes, tricks=tricks, limit=max(sums))
    if eyes < min(sums):
        return RecordError.of(Code.EYES_BELOW_TRICKS, eyes=eyes, tricks=tricks, limit=min(sums))
    return RecordError.of(Code.EYES_NO_CARD_SUM, eyes=eyes, tricks=tricks, cards=4 * tricks)


def _verify_specials(summary: GameSummary) -> None:
    re_sp, ko_sp = summary.re_specials, summary.kontra_specials
    if re_sp is NO_SPECIALS and ko_sp is NO_SPECIALS:
        return
    if summary.scored_as_solo and (re_sp or ko_sp):
        raise RecordError.of(Code.SPECIALS_IN_SOLO)
    for party, sp in ((Party.RE, re_sp), (Party.KONTRA, ko_sp)):
        tricks, eyes = summary.tricks(party), summary.eyes(party)
        if sp.doppelkopf > tricks or sp.doppelkopf * 40 > eyes:
            raise RecordError.of(
                Code.DOPPELKOPF_IMPOSSIBLE,
                party=party,
                count=sp.doppelkopf,
                tricks=tricks,
                eyes=eyes,
            )
        if (sp.fuchs or sp.karlchen) and tricks == 0:
            raise RecordError.of(Code.SONDERPUNKT_WITHOUT_TRICK, party=party)
        if sp.fuchs * 11 > eyes:
            raise RecordError.of(
                Code.FUCHS_IMPOSSIBLE,
                party=party,
                count=sp.fuchs,
                fuchs_eyes=sp.fuchs * 11,
                eyes=eyes,
            )
    if re_sp.doppelkopf + ko_sp.doppelkopf > 4:
        raise RecordError.of(Code.TOO_MANY_DOPPELKOPF)
    if re_sp.fuchs + ko_sp.fuchs > 2:
        raise RecordError.of(Code.TOO_MANY_FUCHS)
    if re_sp.karlchen + ko_sp.karlchen > 1:
        raise RecordError.of(Code.TOO_MANY_KARLCHEN)


def _reached(eyes: int, tricks: int, own: int, opp: int, default: int) -> bool:
    """Whether a party reached its target (TSR 7.1.1, 7.1.2); levels -1 = no call."""
    if own > 0:
        target = ABSAGE_TARGET[own]
        return tricks == TRICKS if target is None else eyes >= target
    if opp > 0:
        target = AGAINST_TARGET[opp]
        return tricks >= 1 if target is None else eyes >= target
    if own == 0 and opp < 0:
        return eyes >= 121
    if own < 0 and opp == 0:
        return eyes >= 120
    return eyes >= default


def _winner(re_eyes: int, re_tricks: int, re_level: int, kontra_level: int) -> Party | None:
    if _reached(re_eyes, re_tricks, re_level, kontra_level, 121):
        return Party.RE
    if _reached(TOTAL_EYES - re_eyes, TRICKS - re_tricks, kontra_level, re_level, 120):
        return Party.KONTRA
    return None


def _level(call: Call | None) -> int:
    return -1 if call is None else call.level


def winner_of(summary: GameSummary) -> Party | None:
    """The party that reached its target, or ``None`` (TSR 7.1.3)."""
    return _winner(
        summary.re_eyes, summary.re_tricks, _level(summary.re_call), _level(summary.kontra_call)
    )


_UNDER = ((90, "unter 90 gespielt"), (60, "unter 60 gespielt"), (30, "unter 30 gespielt"))
_REACHED_LABELS = (
    "",
    "120 Augen gegen keine 90",
    "90 Augen gegen keine 60",
    "60 Augen gegen keine 30",
    "30 Augen gegen schwarz",
)
_ABSAGE_LABELS = (
    "",
    "keine 90 abgesagt",
    "keine 60 abgesagt",
    "keine 30 abgesagt",
    "schwarz abgesagt",
)


def _under_items(items: list[Item], party: Party, other_eyes: int, other_tricks: int) -> None:
    """(a) ``party`` played the other party unter 90/60/30 or schwarz."""
    for limit, label in _UNDER:
        if other_eyes < limit:
            items.append(_item(label, party, 1))
    if other_tricks == 0:
        items.append(_item("schwarz gespielt", party, 1))


def score(summary: GameSummary) -> GameResult:
    """Score a verified summary (TSR 7.2); call :func:`verify_summary` first for raw input."""
    return score_with_calls(summary, summary.re_call, summary.kontra_call)


def score_with_calls(
    summary: GameSummary, re_call: Call | None, kontra_call: Call | None
) -> GameResult:
    """:func:`score` of the summary with these calls in place of its own.

    Apart from an Ansage of the wrong party, which :func:`verify_summary` refuses, calls never
    make a summary impossible: one verified summary stands for the same game with any other
    valid Ansagen and Absagen (the ``score`` command's memo relies on this).
    """
    winner, value, items = _score_numbers(
        summary.scored_as_solo,
        summary.re_eyes,
        summary.re_tricks,
        _level(re_call),
        _level(kontra_call),
        summary.re_specials,
        summary.kontra_specials,
    )
    return GameResult(winner, value, _player_scores(summary, value), items)


@lru_cache(maxsize=1 << 16)
def _score_numbers(
    scored_as_solo: bool,
    re_eyes: int,
    re_tricks: int,
    re_level: int,
    kontra_level: int,
    re_specials: Specials,
    kontra_specials: Specials,
) -> tuple[Party | None, int, tuple[Item, ...]]:
    """Winner, value and items: TSR 7.1 and 7.2 depend on nothing but these numbers.

    That domain is small and a tournament repeats it often, so each combination is worked
    out once and kept (a pure function; the cache only saves time).
    """
    kontra_eyes, kontra_tricks = TOTAL_EYES - re_eyes, TRICKS - re_tricks
    winner = _winner(re_eyes, re_tricks, re_level, kontra_level)
    items: list[Item] = []
    if winner is Party.RE:
        # (a) only the winner scores "gewonnen" and the loser's unter 90 ... schwarz.
        items.append(_item("gewonnen", winner, 1))
        _under_items(items, winner, kontra_eyes, kontra_tricks)
    elif winner is Party.KONTRA:
        items.append(_item("gewonnen", winner, 1))
        _under_items(items, winner, re_eyes, re_tricks)
    else:
        # TSR 7.1.3: nobody won, each party keeps what it played the other under.
        _under_items(items, Party.RE, kontra_eyes, kontra_tricks)
        _under_items(items, Party.KONTRA, re_eyes, re_tricks)
    # (e, f) Augen reached against the other party's Absagen, cumulative.
    _reached_items(items, Party.RE, re_eyes, kontra_level)
    _reached_items(items, Party.KONTRA, kontra_eyes, re_level)
    if winner is not None:
        # (b, c, d) every Ansage and Absage level of either party counts for the winner.
        _call_items(items, winner, "Re angesagt", re_level)
        _call_items(items, winner, "Kontra angesagt", kontra_level)
    if not scored_as_solo:
        _special_items(items, winner, re_specials, kontra_specials)
    value = 0
    for _, party, points in items:
        value += points if party is Party.RE else -points
    return winner, value, tuple(items)


def _reached_items(items: list[Item], party: Party, eyes: int, other_level: int) -> None:
    for level in range(1, other_level + 1):
        if eyes >= REACHED_AGAINST[level]:
            items.append(_item(_REACHED_LABELS[level], party, 1))


def _call_items(items: list[Item], winner: Party, ansage: str, level: int) -> None:
    if level >= 0:
        items.append(_item(ansage, winner, 2))
        for absage in range(1, level + 1):
            items.append(_item(_ABSAGE_LABELS[absage], winner, 1))


def _special_items(
    items: list[Item], winner: Party | None, re_specials: Specials, kontra_specials: Specials
) -> None:
    """Sonderpunkte of a Normalspiel (TSR 7.2.3), netted with the rest through the sum."""
    if winner is Party.KONTRA:
        items.append(_item("gegen die Kreuz-Damen gewonnen", Party.KONTRA, 1))
    for party, sp in ((Party.RE, re_specials), (Party.KONTRA, kontra_specials)):
        if sp.doppelkopf:
            items.append(_item("Doppelkopf", party, sp.doppelkopf))
        if sp.fuchs:
            items.append(_item("Fuchs gefangen", party, sp.fuchs))
        if sp.karlchen:
            items.append(_item("Karlchen", party, sp.karlchen))


def _player_scores(summary: GameSummary, value: int) -> tuple[int, ...]:
    """Plus-minus points per player; a soloist gets three times the value (TSR 7.2.4)."""
    re = summary.re
    re_points = 3 * value if len(re) == 1 else value
    return tuple([re_points if p in re else -value for p in summary.players])
