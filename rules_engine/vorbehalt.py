"""Finding the game: the Vorbehaltsabfrage (TSR 4.1).

Each player, from the dealer's left, answers "gesund" or "Vorbehalt"; a Vorbehalt is then
named as Pflichtsolo, Lustsolo or Hochzeit. Pflichtsolo beats Lustsolo beats Hochzeit, and
among equals the player sitting further forward wins (TSR 4.1.5-4.1.7). A Hochzeit therefore
never comes through against another Vorbehalt. A Lustsolo is only allowed after the player's
own Pflichtsolo of the round (TSR 4.3.1). A Vorführung (TSR 4.2.3) skips the query: see
:func:`vorfuehrung`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from .cards import KREUZ_DAME, Card
from .errors import DokoError
from .findings import Code
from .game import GameSpec
from .gametypes import GameType, SoloCategory, SoloType


class VorbehaltKind(Enum):
    GESUND = "gesund"
    PFLICHTSOLO = "pflichtsolo"
    LUSTSOLO = "lustsolo"
    HOCHZEIT = "hochzeit"


@dataclass(frozen=True, slots=True)
class Vorbehalt:
    """One player's answer; a solo Vorbehalt names its solo (Taufen)."""

    kind: VorbehaltKind = VorbehaltKind.GESUND
    solo: SoloType | None = None


GESUND = Vorbehalt()
_RANK = (VorbehaltKind.PFLICHTSOLO, VorbehaltKind.LUSTSOLO, VorbehaltKind.HOCHZEIT)


def verify_answers(
    answers: Sequence[Vorbehalt],
    pflicht_played: Sequence[bool] = (False, False, False, False),
    hands: Sequence[Sequence[Card]] | None = None,
) -> None:
    """Raise :class:`DokoError` if an answer is not allowed for that player."""
    if len(answers) != 4 or len(pflicht_played) != 4:
        raise DokoError.of(Code.ANSWERS_COUNT)
    for seat, answer in enumerate(answers):
        is_solo = answer.kind in (VorbehaltKind.PFLICHTSOLO, VorbehaltKind.LUSTSOLO)
        if is_solo and answer.solo is None:
            raise DokoError.of(Code.SOLO_VORBEHALT_UNNAMED, seat=seat)
        if not is_solo and answer.solo is not None:
            raise DokoError.of(Code.VORBEHALT_NAMES_SOLO, seat=seat)
        if answer.kind is VorbehaltKind.PFLICHTSOLO and pflicht_played[seat]:
            raise DokoError.of(Code.VORBEHALT_PFLICHTSOLO_PLAYED, seat=seat)
        if answer.kind is VorbehaltKind.LUSTSOLO and not pflicht_played[seat]:
            raise DokoError.of(Code.VORBEHALT_LUSTSOLO_EARLY, seat=seat)
        if (
            answer.kind is VorbehaltKind.HOCHZEIT
            and hands is not None
            and sum(card == KREUZ_DAME for card in hands[seat]) != 2
        ):
            raise DokoError.of(Code.VORBEHALT_HOCHZEIT_HAND, seat=seat)


def find_game(
    answers: Sequence[Vorbehalt],
    pflicht_played: Sequence[bool] = (False, False, False, False),
    hands: Sequence[Sequence[Card]] | None = None,
) -> GameSpec:
    """The game that is played, from the answers in seat order (seat 0: dealer's left).

    ``pflicht_played[seat]`` says whether that player already played his Pflichtsolo this
    round. With all players gesund the game is a Normalspiel (a stille Hochzeit if one hand
    holds both Kreuz-Damen; the :class:`~rules_engine.game.Game` finds that).
    """
    verify_answers(answers, pflicht_played, hands)
    for kind in _RANK:
        for seat, answer in enumerate(answers):
            if answer.kind is not kind:
                continue
            if kind is VorbehaltKind.HOCHZEIT:
                return GameSpec(GameType.HOCHZEIT, seat)
            category = (
                SoloCategory.PFLICHTSOLO
                if kind is VorbehaltKind.PFLICHTSOLO
                else SoloCategory.LUSTSOLO
            )
            return GameSpec(GameType.SOLO, seat, answer.solo, category)
    return GameSpec()


def vorfuehrung(seat: int, solo: SoloType) -> GameSpec:
    """The forced Pflichtsolo of TSR 4.2.3: no Vorbehaltsabfrage (TSR 4.1.9)."""
    if seat not in range(4):
        raise DokoError.of(Code.SEAT_OUT_OF_RANGE, seat=seat)
    return GameSpec(GameType.SOLO, seat, solo, SoloCategory.VORFUEHRUNG)
