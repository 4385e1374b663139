"""Cards and the deck (TSR 2.2).

Cards use the two-character notation of the game-record contract: suit letter then rank
letter, e.g. ``HT`` (Herz 10, the Dulle) or ``CQ`` (Kreuz Dame). There are only 24
distinct cards; each exists twice in the 48-card deck, so a card is a value, not an object
with identity.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from .errors import DokoError
from .findings import Code


class Suit(Enum):
    """The four suits; the value is the contract letter."""

    __hash__ = object.__hash__  # members are singletons; Enum's hash is slow Python

    KREUZ = "C"
    PIK = "S"
    HERZ = "H"
    KARO = "D"

    @property
    def german(self) -> str:
        return _SUIT_NAMES[self]

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]


class Rank(Enum):
    """The six ranks; the value is the contract letter."""

    __hash__ = object.__hash__  # members are singletons; Enum's hash is slow Python

    ASS = "A"
    ZEHN = "T"
    KOENIG = "K"
    DAME = "Q"
    BUBE = "J"
    NEUN = "9"

    @property
    def eyes(self) -> int:
        """Augen (card points) of this rank (TSR 2.2)."""
        return _EYES[self]

    @property
    def german(self) -> str:
        return _RANK_NAMES[self]

    @property
    def short(self) -> str:
        return _RANK_SHORT[self]


_SUIT_NAMES = {Suit.KREUZ: "Kreuz", Suit.PIK: "Pik", Suit.HERZ: "Herz", Suit.KARO: "Karo"}
_SUIT_SYMBOLS = {Suit.KREUZ: "♣", Suit.PIK: "♠", Suit.HERZ: "♥", Suit.KARO: "♦"}
_EYES = {Rank.ASS: 11, Rank.ZEHN: 10, Rank.KOENIG: 4, Rank.DAME: 3, Rank.BUBE: 2, Rank.NEUN: 0}
_RANK_NAMES = {
    Rank.ASS: "As",
    Rank.ZEHN: "Zehn",
    Rank.KOENIG: "König",
    Rank.DAME: "Dame",
    Rank.BUBE: "Bube",
    Rank.NEUN: "Neun",
}
_RANK_SHORT = {
    Rank.ASS: "A",
    Rank.ZEHN: "10",
    Rank.KOENIG: "K",
    Rank.DAME: "D",
    Rank.BUBE: "B",
    Rank.NEUN: "9",
}


@dataclass(frozen=True, slots=True)
class Card:
    """One of the 24 distinct Doppelkopf cards."""

    suit: Suit
    rank: Rank
    #: Contract notation, e.g. ``"HT"``; stored because every lookup in a game is keyed by it.
    code: str = field(init=False, compare=False, repr=False)
    #: Augen of the card (TSR 2.2).
    eyes: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", self.suit.value + self.rank.value)
        object.__setattr__(self, "eyes", _EYES[self.rank])

    def __hash__(self) -> int:
        return hash(self.code)

    @property
    def name(self) -> str:
        """German name as spoken at the table, e.g. ``"Kreuz Dame"``."""
        return f"{self.suit.german} {self.rank.german}"

    @property
    def symbol(self) -> str:
        """Compact German display, e.g. ``"♥10"`` or ``"♣D"``."""
        return self.suit.symbol + self.rank.short

    def __str__(self) -> str:
        return self.code

    @classmethod
    def parse(cls, code: str) -> Card:
        """Return the card for a contract code; raise :class:`DokoError` for anything else."""
        card = CARDS_BY_CODE.get(code) if isinstance(code, str) else None
        if card is None:
            raise DokoError.of(Code.CARD_CODE_UNKNOWN, code=code)
        return card


#: The 24 distinct cards, suit by suit in contract order.
CARDS: tuple[Card, ...] = tuple(Card(s, r) for s in Suit for r in Rank)
CARDS_BY_CODE: dict[str, Card] = {c.code: c for c in CARDS}
#: The full deck: every card twice (TSR 2.2), 240 Augen in all.
DECK: tuple[Card, ...] = CARDS + CARDS
TOTAL_EYES = 240

KREUZ_DAME = CARDS_BY_CODE["CQ"]
KARO_ASS = CARDS_BY_CODE["DA"]
KREUZ_BUBE = CARDS_BY_CODE["CJ"]
HERZ_ZEHN = CARDS_BY_CODE["HT"]
