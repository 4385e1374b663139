"""TSR 2.2, 2.3 and 5.3.3: cards, Augen, rank orders and the trick winner.

Every expected value below is written out by hand from docs/rules.md.
"""

from __future__ import annotations

from collections import Counter

import pytest

from rules_engine import CARDS, DECK, Card, DokoError, Rank, SoloType, Suit, ranking_for


def cards(text: str) -> list[Card]:
    return [Card.parse(code) for code in text.split()]


# --------------------------------------------------------------------------- TSR 2.2 notation


@pytest.mark.parametrize(
    ("code", "suit", "rank"),
    [
        ("HT", Suit.HERZ, Rank.ZEHN),
        ("CQ", Suit.KREUZ, Rank.DAME),
        ("DA", Suit.KARO, Rank.ASS),
        ("CJ", Suit.KREUZ, Rank.BUBE),
        ("SK", Suit.PIK, Rank.KOENIG),
        ("D9", Suit.KARO, Rank.NEUN),
    ],
)
def test_tsr2_2_parse_contract_code(code: str, suit: Suit, rank: Rank) -> None:
    """Contract notation: suit letter then rank letter (game-records.md, TSR 2.2)."""
    card = Card.parse(code)
    assert card == Card(suit, rank)
    assert str(card) == code
    assert card.code == code


def test_tsr2_2_every_card_round_trips() -> None:
    """All 24 distinct cards parse back from their own string (TSR 2.2)."""
    codes = [s + r for s in "CSHD" for r in "ATKQJ9"]
    assert sorted(str(c) for c in CARDS) == sorted(codes)
    for code in codes:
        assert str(Card.parse(code)) == code


@pytest.mark.parametrize("code", ["", "H", "H10", "TH", "HX", "XT", "HTT", "10H", "h t"])
def test_tsr2_2_parse_rejects_non_cards(code: str) -> None:
    """Anything but suit C/S/H/D plus rank A/T/K/Q/J/9 is not a card (TSR 2.2)."""
    with pytest.raises(DokoError, match=r"TSR 2\.2"):
        Card.parse(code)


@pytest.mark.parametrize(
    ("code", "name", "symbol"),
    [
        ("HT", "Herz Zehn", "♥10"),
        ("CQ", "Kreuz Dame", "♣D"),
        ("DA", "Karo As", "♦A"),
        ("CJ", "Kreuz Bube", "♣B"),
        ("SK", "Pik König", "♠K"),
        ("S9", "Pik Neun", "♠9"),
    ],
)
def test_tsr2_2_german_names_and_symbols(code: str, name: str, symbol: str) -> None:
    """German card names and compact symbols as used at the table."""
    card = Card.parse(code)
    assert card.name == name
    assert card.symbol == symbol


@pytest.mark.parametrize(
    ("rank", "eyes"),
    [("A", 11), ("T", 10), ("K", 4), ("Q", 3), ("J", 2), ("9", 0)],
)
def test_tsr2_2_augen_per_rank(rank: str, eyes: int) -> None:
    """A 11, 10 10, K 4, D 3, B 2, 9 0 in every suit (TSR 2.2)."""
    for suit in "CSHD":
        assert Card.parse(suit + rank).eyes == eyes


def test_tsr2_2_deck_is_48_cards_each_twice_240_augen() -> None:
    """48 cards, each of the 24 twice, 240 Augen (TSR 2.2)."""
    assert len(DECK) == 48
    counts = Counter(c.code for c in DECK)
    assert len(counts) == 24
    assert set(counts.values()) == {2}
    assert sum(c.eyes for c in DECK) == 240


# --------------------------------------------------------------------------- TSR 2.3 trump orders

TRUMPS = {
    None: "HT CQ SQ HQ DQ CJ SJ HJ DJ DA DT DK D9",
    SoloType.KARO: "HT CQ SQ HQ DQ CJ SJ HJ DJ DA DT DK D9",
    SoloType.KREUZ: "HT CQ SQ HQ DQ CJ SJ HJ DJ CA CT CK C9",
    SoloType.PIK: "HT CQ SQ HQ DQ CJ SJ HJ DJ SA ST SK S9",
    SoloType.HERZ: "HT CQ SQ HQ DQ CJ SJ HJ DJ HA HK H9",
    SoloType.DAMEN: "CQ SQ HQ DQ",
    SoloType.BUBEN: "CJ SJ HJ DJ",
    SoloType.FLEISCHLOS: "",
}

FEHL = {
    None: ["CA CT CK C9", "SA ST SK S9", "HA HK H9"],
    SoloType.KARO: ["CA CT CK C9", "SA ST SK S9", "HA HK H9"],
    SoloType.KREUZ: ["SA ST SK S9", "HA HK H9", "DA DT DK D9"],
    SoloType.PIK: ["CA CT CK C9", "HA HK H9", "DA DT DK D9"],
    SoloType.HERZ: ["CA CT CK C9", "SA ST SK S9", "DA DT DK D9"],
    SoloType.DAMEN: [f"{s}A {s}T {s}K {s}J {s}9" for s in "CSHD"],
    SoloType.BUBEN: [f"{s}A {s}T {s}K {s}Q {s}9" for s in "CSHD"],
    SoloType.FLEISCHLOS: [f"{s}A {s}T {s}K {s}Q {s}J {s}9" for s in "CSHD"],
}

GAMES = list(TRUMPS)


def game_id(solo: SoloType | None) -> str:
    return "normal" if solo is None else solo.value


@pytest.mark.parametrize("solo", GAMES, ids=game_id)
def test_tsr2_3_trump_order(solo: SoloType | None) -> None:
    """The trumps of each game, high to low (TSR 2.3)."""
    assert [c.code for c in ranking_for(solo).trumps] == TRUMPS[solo].split()


@pytest.mark.parametrize(
    ("solo", "trump_cards"),
    [
        (None, 26),
        (SoloType.KREUZ, 26),
        (SoloType.HERZ, 24),
        (SoloType.DAMEN, 8),
        (SoloType.BUBEN, 8),
        (SoloType.FLEISCHLOS, 0),
    ],
    ids=["normal", "kreuz", "herz", "damen", "buben", "fleischlos"],
)
def test_tsr2_3_number_of_trump_cards_in_the_deck(solo: SoloType | None, trump_cards: int) -> None:
    """Normalspiel 26 trumps, Herzsolo 24 (the H10 counts once), Damen/Buben 8 (TSR 2.3)."""
    ranking = ranking_for(solo)
    assert sum(ranking.is_trump(c) for c in DECK) == trump_cards


def test_tsr2_3_herzsolo_keeps_the_herz_10_on_top() -> None:
    """Herzsolo: the H10 stays the highest trump, HA K 9 join below the Buben (TSR 2.3)."""
    trumps = [c.code for c in ranking_for(SoloType.HERZ).trumps]
    assert trumps[0] == "HT"
    assert trumps.count("HT") == 1
    assert trumps[-3:] == ["HA", "HK", "H9"]


@pytest.mark.parametrize("solo", GAMES, ids=game_id)
def test_tsr2_3_trumps_and_fehl_cover_the_deck(solo: SoloType | None) -> None:
    """Every card is either trump or Fehl of exactly one suit (TSR 2.3)."""
    ranking = ranking_for(solo)
    fehl = [c for suit in FEHL[solo] for c in cards(suit)]
    trumps = cards(TRUMPS[solo])
    assert sorted(map(str, fehl + trumps)) == sorted(map(str, CARDS))
    for card in trumps:
        assert ranking.is_trump(card), card
    for suit_cards in FEHL[solo]:
        for card in cards(suit_cards):
            assert not ranking.is_trump(card), card
            assert ranking.follow_name(card) == card.suit.german


def order_cases() -> list[tuple[SoloType | None, str]]:
    cases = []
    for solo in GAMES:
        if TRUMPS[solo]:
            cases.append((solo, TRUMPS[solo]))
        cases += [(solo, suit) for suit in FEHL[solo]]
    return cases


@pytest.mark.parametrize(
    ("solo", "order"),
    order_cases(),
    ids=[f"{game_id(s)}-{o.split()[-1]}" for s, o in order_cases()],
)
def test_tsr2_3_rank_order_decides_between_two_cards(solo: SoloType | None, order: str) -> None:
    """Within trumps and within each Fehl suit, the higher card takes the trick (TSR 2.3)."""
    ranking = ranking_for(solo)
    high_to_low = cards(order)
    for i, high in enumerate(high_to_low):
        for low in high_to_low[i + 1 :]:
            assert ranking.trick_winner([low, high]) == 1, (high, low)
            assert ranking.trick_winner([high, low]) == 0, (high, low)


# --------------------------------------------------------------------------- TSR 5.3 trick winner


@pytest.mark.parametrize(
    ("solo", "trick", "winner"),
    [
        # 5.3.3: the first of two equal cards wins, also the Herz 10.
        (None, "HT HT CQ CQ", 0),
        (None, "CQ HT HT D9", 1),
        (None, "CA SA CA C9", 0),
        (None, "CQ CQ SQ DJ", 0),
        (SoloType.HERZ, "HA HT HT HK", 1),
        (SoloType.FLEISCHLOS, "HK HA HA HT", 1),
        # trump beats Fehl, even the lowest trump
        (None, "CA D9 CT CA", 1),
        (None, "H9 HT HA HK", 1),
        (None, "SA ST DK D9", 2),
        (SoloType.DAMEN, "HA DQ HT HK", 1),
        (SoloType.BUBEN, "CA CQ DJ CT", 2),
        (SoloType.KREUZ, "HA C9 HK HA", 1),
        # a discarded other suit never wins
        (None, "C9 SA HA CK", 3),
        (None, "C9 SA HA SA", 0),
        (SoloType.DAMEN, "HT CJ H9 HK", 0),
        (SoloType.BUBEN, "SK CQ S9 DQ", 0),
        (SoloType.HERZ, "D9 CA SA DK", 3),
        (SoloType.FLEISCHLOS, "HQ HJ CA H9", 0),
        # Fehl orders in play: Damensolo H10 is Fehl below HA; Herzsolo Karo is plain Fehl
        (SoloType.DAMEN, "HT HA H9 HJ", 1),
        (SoloType.HERZ, "DK DT D9 DA", 3),
    ],
)
def test_tsr5_3_trick_winner(solo: SoloType | None, trick: str, winner: int) -> None:
    """Highest trump, else highest card of the led suit; first of equals wins (TSR 5.3)."""
    assert ranking_for(solo).trick_winner(cards(trick)) == winner
