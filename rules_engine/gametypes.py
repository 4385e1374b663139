"""Game types and their rank orders (TSR 2.3), trick winner (TSR 5.3.3).

A :class:`Ranking` maps every card to its *follow class* (``None`` for trump, else the
suit that must be followed, TSR 5.2) and its *power*; the power of trumps is above every
Fehl card. Equal cards have equal power, so the first one played stays ahead: "first of
two equal cards wins, also the Herz 10" (TSR 5.3.3).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache

from .cards import CARDS, Card, Rank, Suit


class GameType(Enum):
    """The four kinds of game on a score list (values as in the game-record contract)."""

    __hash__ = object.__hash__  # members are singletons; Enum's hash is slow Python

    NORMAL = "normal"
    HOCHZEIT = "hochzeit"
    STILLE_HOCHZEIT = "stille_hochzeit"
    SOLO = "solo"

    @property
    def german(self) -> str:
        return _GAME_TYPE_NAMES[self]


_GAME_TYPE_NAMES = {
    GameType.NORMAL: "Normalspiel",
    GameType.HOCHZEIT: "Hochzeit",
    GameType.STILLE_HOCHZEIT: "stille Hochzeit",
    GameType.SOLO: "Solo",
}


class SoloType(Enum):
    """The solos of TSR 2.3 (values as in the game-record contract)."""

    __hash__ = object.__hash__  # members are singletons; Enum's hash is slow Python

    KREUZ = "kreuz"
    PIK = "pik"
    HERZ = "herz"
    KARO = "karo"
    DAMEN = "damen"
    BUBEN = "buben"
    FLEISCHLOS = "fleischlos"

    @property
    def german(self) -> str:
        return _SOLO_NAMES[self]

    @property
    def trump_suit(self) -> Suit | None:
        """The suit whose A, 10, K, 9 join the trumps in a Farbsolo; ``None`` otherwise."""
        return _FARBSOLO_SUITS.get(self)


_SOLO_NAMES = {
    SoloType.KREUZ: "Farbsolo Kreuz",
    SoloType.PIK: "Farbsolo Pik",
    SoloType.HERZ: "Farbsolo Herz",
    SoloType.KARO: "Farbsolo Karo",
    SoloType.DAMEN: "Damensolo",
    SoloType.BUBEN: "Bubensolo",
    SoloType.FLEISCHLOS: "Fleischloser",
}
_FARBSOLO_SUITS = {
    SoloType.KREUZ: Suit.KREUZ,
    SoloType.PIK: Suit.PIK,
    SoloType.HERZ: Suit.HERZ,
    SoloType.KARO: Suit.KARO,
}


class SoloCategory(Enum):
    """Why a solo is played: it decides the score-list section and the next dealer."""

    __hash__ = object.__hash__  # members are singletons; Enum's hash is slow Python

    LUSTSOLO = "lust"
    PFLICHTSOLO = "pflicht"
    VORFUEHRUNG = "vorgefuehrt"

    @property
    def is_pflicht(self) -> bool:
        return self is not SoloCategory.LUSTSOLO

    @property
    def german(self) -> str:
        return _CATEGORY_NAMES[self]


_CATEGORY_NAMES = {
    SoloCategory.LUSTSOLO: "Lustsolo",
    SoloCategory.PFLICHTSOLO: "Pflichtsolo",
    SoloCategory.VORFUEHRUNG: "vorgeführtes Pflichtsolo",
}

_SUIT_ORDER = (Suit.KREUZ, Suit.PIK, Suit.HERZ, Suit.KARO)
#: Fehl cards rank A > 10 > K > D > B > 9 in every game (TSR 2.3).
_FEHL_ORDER = (Rank.ASS, Rank.ZEHN, Rank.KOENIG, Rank.DAME, Rank.BUBE, Rank.NEUN)
_TRUMP_BASE = 100


@dataclass(frozen=True, slots=True)
class Ranking:
    """Rank order of one game type: trumps high to low, plus follow class and power."""

    trumps: tuple[Card, ...]
    follow: dict[str, Suit | None]
    power: dict[str, int]

    def is_trump(self, card: Card) -> bool:
        return self.follow[card.code] is None

    def follow_name(self, card: Card) -> str:
        """German name of what must be followed when ``card`` is led (TSR 5.2)."""
        suit = self.follow[card.code]
        return "Trumpf" if suit is None else suit.german

    def beats(self, card: Card, best: Card) -> bool:
        """Whether ``card``, played later, takes the trick from ``best`` (TSR 5.3)."""
        follow = self.follow
        if follow[card.code] is None:
            return follow[best.code] is not None or self.power[card.code] > self.power[best.code]
        return follow[card.code] == follow[best.code] and (
            self.power[card.code] > self.power[best.code]
        )

    def trick_winner(self, cards: Sequence[Card]) -> int:
        """Index (in play order) of the card that wins a trick."""
        best = 0
        for i in range(1, len(cards)):
            if self.beats(cards[i], cards[best]):
                best = i
        return best


def _card(suit: Suit, rank: Rank) -> Card:
    return Card(suit, rank)


@cache
def ranking_for(solo: SoloType | None) -> Ranking:
    """The rank order for a Normalspiel (``None``) or a solo (TSR 2.3)."""
    if solo is SoloType.DAMEN:
        trumps = [_card(s, Rank.DAME) for s in _SUIT_ORDER]
    elif solo is SoloType.BUBEN:
        trumps = [_card(s, Rank.BUBE) for s in _SUIT_ORDER]
    elif solo is SoloType.FLEISCHLOS:
        trumps = []
    else:
        suit = Suit.KARO if solo is None else solo.trump_suit
        assert suit is not None
        dulle = _card(Suit.HERZ, Rank.ZEHN)
        trumps = [dulle]
        trumps += [_card(s, Rank.DAME) for s in _SUIT_ORDER]
        trumps += [_card(s, Rank.BUBE) for s in _SUIT_ORDER]
        for rank in (Rank.ASS, Rank.ZEHN, Rank.KOENIG, Rank.NEUN):
            card = _card(suit, rank)
            if card != dulle:
                trumps.append(card)
    follow: dict[str, Suit | None] = {}
    power: dict[str, int] = {}
    for i, card in enumerate(trumps):
        follow[card.code] = None
        power[card.code] = _TRUMP_BASE + len(trumps) - i
    for card in CARDS:
        if card.code not in follow:
            follow[card.code] = card.suit
            power[card.code] = len(_FEHL_ORDER) - _FEHL_ORDER.index(card.rank)
    return Ranking(tuple(trumps), follow, power)
