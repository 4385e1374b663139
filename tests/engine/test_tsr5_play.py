"""TSR 5 (play), 4.4 (Hochzeit) and 7.2.3 (Sonderpunkte) on hand-made deals.

Every deal is written out card by card (the shared ones in tests/support/deals.py); trick winners,
Augen and game values in the expectations are worked out by hand from docs/rules.md
(noted next to each trick).
Seats: 0 Anna (Vorhand), 1 Ben, 2 Cem, 3 Dora.
"""

from __future__ import annotations

import pytest

from rules_engine import (
    Card,
    Game,
    GameSpec,
    GameType,
    IllegalActionError,
    Party,
    SoloCategory,
    SoloType,
    Specials,
)
from tests.support.deals import (
    BOTH_CQ,
    HOCHZEIT_ANNA,
    KLAERUNG,
    NAMES,
    NORMAL,
    NORMAL_TRICKS,
    hands,
    play,
)

RE, KONTRA = Party.RE, Party.KONTRA


def codes(cards: list[Card] | tuple[Card, ...]) -> list[str]:
    return sorted(c.code for c in cards)


# Same hands, tricks 10 and 12 exchanged: the Kreuz Buben fall in trick 10, not the last.
NORMAL_TRICKS_NO_KARLCHEN = [
    *NORMAL_TRICKS[:9],
    ("Anna:CJ Ben:DK Cem:CJ Dora:DJ", 0, 10),
    ("Anna:DT Ben:DA Cem:DT Dora:DK", 1, 35),
    ("Ben:SJ Cem:HJ Dora:HJ Anna:SJ", 1, 8),
]

# NORMAL with Anna's Karo 10 and Dora's Karo 9 exchanged: four Zehnen fall in trick 7.
TEN_TRICK = hands(
    "CA CK SA SK H9 DJ HT CQ HQ SJ D9 CJ",
    "CT C9 S9 ST HA HK HT SQ HQ SJ DA DK",
    "CA CK ST S9 HK H9 D9 CQ DQ HJ DT CJ",
    "CT C9 SA SK HA DA DT SQ DQ HJ DK DJ",
)
TEN_TRICK_TRICKS = [
    *NORMAL_TRICKS[:6],
    ("Anna:HT Ben:HT Cem:DT Dora:DT", 0, 40),  # exactly 40 Augen: a Doppelkopf
    *NORMAL_TRICKS[7:10],
    ("Anna:D9 Ben:DA Cem:D9 Dora:DK", 1, 15),
    NORMAL_TRICKS[11],
]

# The NORMAL_TRICKS game, played on BOTH_CQ: Anna wins tricks 1-3.
BOTH_CQ_TRICKS = [
    *NORMAL_TRICKS[:7],
    ("Anna:CQ Ben:SQ Cem:HQ Dora:SQ", 0, 12),
    ("Anna:CQ Ben:HQ Cem:DQ Dora:DQ", 0, 12),
    *NORMAL_TRICKS[9:],
]

# On BOTH_CQ, Cem wins trick 1 (Klärungsstich of a Hochzeit in trick 1).
BOTH_CQ_CEM_FIRST = [
    ("Anna:CK Ben:C9 Cem:CA Dora:CT", 2, 25),
    ("Cem:CK Dora:C9 Anna:CA Ben:CT", 0, 25),
    *BOTH_CQ_TRICKS[2:],
]


def play_tricks(game: Game, tricks: list[tuple[str, int, int]]) -> None:
    for number, (plays, winner, eyes) in enumerate(tricks, start=1):
        play(game, plays)
        trick = game.tricks[-1]
        assert (number, trick.winner, trick.eyes) == (number, winner, eyes)
        assert game.to_move == winner


def test_deals_are_consistent() -> None:
    """The scripted tricks use exactly each player's hand and add up to 240 Augen."""
    for deal, tricks in (
        (NORMAL, NORMAL_TRICKS),
        (NORMAL, NORMAL_TRICKS_NO_KARLCHEN),
        (TEN_TRICK, TEN_TRICK_TRICKS),
        (BOTH_CQ, BOTH_CQ_TRICKS),
        (BOTH_CQ, BOTH_CQ_CEM_FIRST),
    ):
        played: list[list[str]] = [[], [], [], []]
        for plays, _, _ in tricks:
            for action in plays.split():
                name, code = action.split(":")
                played[NAMES.index(name)].append(code)
        assert [sorted(p) for p in played] == [codes(h) for h in deal]
        assert sum(eyes for _, _, eyes in tricks) == 240


def new_game(deal: list[list[Card]], spec: GameSpec | None = None) -> Game:
    return Game(deal, spec if spec is not None else GameSpec(), NAMES)


# --------------------------------------------------------------------------- TSR 5.1


def test_tsr5_1_vorhand_leads_and_play_goes_clockwise() -> None:
    """Vorhand (seat 0) leads, then clockwise; nobody plays out of turn (TSR 5.1)."""
    game = new_game(NORMAL)
    assert game.to_move == 0
    with pytest.raises(IllegalActionError, match=r"Anna.*Ben.*TSR 5\.1"):
        game.play(1, Card.parse("CT"))
    play(game, "Anna:CA")
    assert game.to_move == 1
    with pytest.raises(IllegalActionError, match=r"TSR 5\.1"):
        game.play(0, Card.parse("CK"))
    with pytest.raises(IllegalActionError, match=r"TSR 5\.1"):
        game.play(2, Card.parse("CA"))
    play(game, "Ben:CT Cem:CA")
    assert game.to_move == 3


def test_tsr5_1_card_must_be_in_hand() -> None:
    """A player can only play a card he still holds (TSR 5.1)."""
    game = new_game(NORMAL)
    assert not game.can_play(0, Card.parse("DA"))
    with pytest.raises(IllegalActionError, match=r"Anna.*DA.*TSR 5\.1"):
        game.play(0, Card.parse("DA"))
    play(game, NORMAL_TRICKS[0][0])
    # Anna had one Kreuz As and has played it.
    assert not game.can_play(0, Card.parse("CA"))
    assert game.cards_in_hand(0) == 11
    assert "CA" not in codes(game.hand(0))


def test_tsr5_3_trick_winner_leads_next() -> None:
    """The winner of each trick leads the next one (TSR 5.3)."""
    game = new_game(NORMAL)
    play_tricks(game, NORMAL_TRICKS)
    assert [t.leader for t in game.tricks] == [0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1]
    assert game.is_over
    with pytest.raises(IllegalActionError):
        game.play(2, Card.parse("CJ"))


@pytest.mark.parametrize(
    ("spec", "leader"),
    [
        (GameSpec(GameType.SOLO, 2, SoloType.DAMEN, SoloCategory.PFLICHTSOLO), 2),
        (GameSpec(GameType.SOLO, 3, SoloType.BUBEN, SoloCategory.VORFUEHRUNG), 3),
        (GameSpec(GameType.SOLO, 2, SoloType.DAMEN, SoloCategory.LUSTSOLO), 0),
        (GameSpec(GameType.HOCHZEIT, 0), 0),
    ],
    ids=["pflicht", "vorgefuehrt", "lust", "hochzeit"],
)
def test_tsr4_2_2_pflichtsolo_soloist_leads(spec: GameSpec, leader: int) -> None:
    """Pflichtsolo (also vorgeführt): the soloist leads; otherwise Vorhand (TSR 4.2.2, 4.3.1)."""
    game = new_game(BOTH_CQ, spec)
    assert game.to_move == leader
    other = (leader + 1) % 4
    with pytest.raises(IllegalActionError, match=r"TSR 5\.1"):
        game.play(other, game.hand(other)[0])
    game.play(leader, game.hand(leader)[0])
    assert game.to_move == other


# --------------------------------------------------------------------------- TSR 5.2

PFLICHT = SoloCategory.PFLICHTSOLO
LUST = SoloCategory.LUSTSOLO
DAMEN_BEN = GameSpec(GameType.SOLO, 1, SoloType.DAMEN, PFLICHT)  # Ben leads
BUBEN_CEM = GameSpec(GameType.SOLO, 2, SoloType.BUBEN, LUST)  # Anna leads
HERZ_ANNA = GameSpec(GameType.SOLO, 0, SoloType.HERZ, PFLICHT)
FLEISCHLOS_DORA = GameSpec(GameType.SOLO, 3, SoloType.FLEISCHLOS, LUST)  # Anna leads


@pytest.mark.parametrize(
    ("spec", "before", "player", "allowed", "refused"),
    [
        # Normalspiel: Kreuz led; Kreuz Dame and Bube are trump, not Kreuz
        (GameSpec(), "Anna:CA", "Ben", "CT C9", "S9 HT SQ DK"),
        (GameSpec(), "Anna:CA Ben:CT", "Cem", "CA CK", "CQ CJ ST"),
        # Normalspiel: Herz 10 led is trump, Herz A/K are Fehl
        (GameSpec(), "Anna:HT", "Ben", "HT SQ HQ SJ DA DK", "HA HK CT S9"),
        # Normalspiel: Herz led, the Herz 10 does not follow Herz
        (GameSpec(), "Anna:H9", "Ben", "HA HK", "HT HQ DA C9"),
        # Damensolo: Herz 10 and Herz Bube are Fehl Herz, the Herz Dame is trump
        (DAMEN_BEN, "Ben:HA", "Cem", "HK H9 HJ", "CQ DQ"),
        (DAMEN_BEN, "Ben:HA Cem:HK Dora:HJ", "Anna", "H9 HT", "HQ CQ"),
        (DAMEN_BEN, "Ben:HT", "Cem", "HK H9 HJ", "DQ CQ D9"),
        # Damensolo: trump led, only Damen follow
        (DAMEN_BEN, "Ben:SQ", "Cem", "CQ DQ", "HJ CJ HK"),
        # Bubensolo: a Dame is Fehl of its suit
        (BUBEN_CEM, "Anna:CA Ben:CT", "Cem", "CA CK CQ", "CJ HJ"),
        (BUBEN_CEM, "Anna:CQ", "Ben", "CT C9", "SJ SQ HQ"),
        (BUBEN_CEM, "Anna:SJ", "Ben", "SJ", "SQ HQ S9 DA"),
        # Herzsolo: Herz is trump, Karo is Fehl (also the Karo As)
        (HERZ_ANNA, "Anna:DT", "Ben", "DA DK", "HA HT SQ"),
        (HERZ_ANNA, "Anna:H9", "Ben", "HA HK HT SQ HQ SJ", "DA DK C9"),
        # Fleischloser: no trumps, Damen and Buben follow their suit
        (FLEISCHLOS_DORA, "Anna:CQ", "Ben", "CT C9", "SQ HT"),
        (FLEISCHLOS_DORA, "Anna:HT", "Ben", "HA HK HT HQ", "SJ DA"),
    ],
    ids=[
        "normal-kreuz",
        "normal-kreuz-dame-is-trump",
        "normal-dulle-led",
        "normal-herz-led",
        "damen-herz",
        "damen-herz10-is-fehl",
        "damen-herz10-led",
        "damen-trump-led",
        "buben-kreuz-dame-is-kreuz",
        "buben-dame-led",
        "buben-trump-led",
        "herz-karo-is-fehl",
        "herz-trump-led",
        "fleischlos-kreuz",
        "fleischlos-herz",
    ],
)
def test_tsr5_2_bedienpflicht(
    spec: GameSpec, before: str, player: str, allowed: str, refused: str
) -> None:
    """Follow the led suit, or trump if trump was led (TSR 5.2)."""
    game = new_game(NORMAL, spec)
    play(game, before)
    seat = NAMES.index(player)
    assert codes(game.legal_cards(seat)) == sorted(allowed.split())
    for code in allowed.split():
        assert game.can_play(seat, Card.parse(code)), code
    for code in refused.split():
        card = Card.parse(code)
        assert card in game.hand(seat), code
        assert not game.can_play(seat, card), code
        with pytest.raises(IllegalActionError, match=rf"{player} must follow .*TSR 5\.2"):
            game.play(seat, card)


def test_tsr5_2_must_follow_message_names_suit() -> None:
    """The error names the player and what must be followed (TSR 5.2.2)."""
    game = new_game(NORMAL)
    play(game, "Anna:CA")
    with pytest.raises(IllegalActionError, match=r"Ben must follow Kreuz \(TSR 5\.2\.2\)"):
        game.play(1, Card.parse("S9"))
    game = new_game(NORMAL)
    play(game, "Anna:HT")
    with pytest.raises(IllegalActionError, match=r"Ben must follow Trumpf \(TSR 5\.2\.2\)"):
        game.play(1, Card.parse("HA"))


def test_tsr5_2_without_the_led_suit_anything_goes() -> None:
    """Dora has no Herz left: she may play any card, trump or Fehl (TSR 5.2)."""
    game = new_game(NORMAL)
    for plays, _, _ in NORMAL_TRICKS[:5]:
        play(game, plays)
    play(game, "Ben:HK Cem:H9")
    assert codes(game.legal_cards(3)) == sorted(["DA", "D9", "SQ", "DQ", "HJ", "DK", "DJ"])
    assert game.legal_cards(0) == []  # not Anna's turn


# --------------------------------------------------------------------------- TSR 7.2.3


def test_tsr7_2_3_sonderpunkte_from_the_tricks() -> None:
    """Doppelkopf (42 Augen), Dora's Fuchs caught by Anna, Karlchen wins trick 12 (TSR 7.2.3).

    Ben's own Fuchs, won by Ben, is no Sonderpunkt. Re 161 Augen, 9 tricks: gewonnen 1,
    Kontra unter 90 1, Sonderpunkte 3 = 5.
    """
    game = new_game(NORMAL)
    play_tricks(game, NORMAL_TRICKS)
    summary = game.summary()
    assert summary.game_type is GameType.NORMAL
    assert summary.re == ("Anna", "Cem")
    assert (summary.re_eyes, summary.re_tricks) == (161, 9)
    assert summary.re_specials == Specials(doppelkopf=1, fuchs=1, karlchen=1)
    assert summary.kontra_specials == Specials(doppelkopf=0, fuchs=0, karlchen=0)
    result = game.result()
    assert (result.winner, result.value, result.scores) == (RE, 5, (5, -5, 5, -5))


def test_tsr7_2_3_karlchen_only_in_the_last_trick() -> None:
    """Kreuz Bube wins trick 10, not 12: no Karlchen (TSR 7.2.3).

    Re 153 Augen in 8 tricks, Kontra 87: gewonnen 1, unter 90 1, Doppelkopf 1, Fuchs 1 = 4.
    """
    game = new_game(NORMAL)
    play_tricks(game, NORMAL_TRICKS_NO_KARLCHEN)
    summary = game.summary()
    assert (summary.re_eyes, summary.re_tricks) == (153, 8)
    assert summary.re_specials == Specials(doppelkopf=1, fuchs=1, karlchen=0)
    assert summary.kontra_specials == Specials()
    assert game.result().value == 4


def test_tsr7_2_3_doppelkopf_from_40_augen() -> None:
    """A trick of exactly 40 Augen (four Zehnen) is a Doppelkopf (TSR 7.2.3).

    Re 181 Augen, Kontra 59: gewonnen 1, unter 90 1, unter 60 1, Doppelkopf 2, Fuchs 1,
    Karlchen 1 = 7.
    """
    game = new_game(TEN_TRICK)
    play_tricks(game, TEN_TRICK_TRICKS)
    summary = game.summary()
    assert (summary.re_eyes, summary.re_tricks) == (181, 9)
    assert summary.re_specials == Specials(doppelkopf=2, fuchs=1, karlchen=1)
    assert summary.kontra_specials == Specials()
    result = game.result()
    assert (result.winner, result.value, result.scores) == (RE, 7, (7, -7, 7, -7))


@pytest.mark.parametrize("category", [PFLICHT, LUST])
def test_tsr7_2_4_no_sonderpunkte_in_a_solo(category: SoloCategory) -> None:
    """Karo-Solo of Anna, same cards as the Normalspiel: no Sonderpunkte (TSR 7.2.3, 7.2.4).

    Anna alone wins 8 tricks, 151 Augen; Kontra 89: gewonnen 1, unter 90 1 = 2, Anna x3.
    """
    game = new_game(NORMAL, GameSpec(GameType.SOLO, 0, SoloType.KARO, category))
    play_tricks(game, NORMAL_TRICKS)
    summary = game.summary()
    assert summary.game_type is GameType.SOLO
    assert summary.re == ("Anna",)
    assert (summary.re_eyes, summary.re_tricks) == (151, 8)
    assert summary.re_specials == Specials()
    assert summary.kontra_specials == Specials()
    result = game.result()
    assert (result.winner, result.value, result.scores) == (RE, 2, (6, -2, -2, -2))


# --------------------------------------------------------------------------- TSR 4.4 Hochzeit


@pytest.mark.parametrize("number", [1, 2, 3])
def test_tsr4_4_3_klaerungsstich(number: int) -> None:
    """Partner = the first other player to win a trick within tricks 1-3 (TSR 4.4.3)."""
    plays, partner, _ = KLAERUNG[number]
    game = new_game(BOTH_CQ, HOCHZEIT_ANNA)
    assert game.game_type is GameType.HOCHZEIT
    actions = plays.split()
    for i, action in enumerate(actions):
        assert [game.party_of(p) for p in (1, 2, 3)] == [None, None, None], i
        play(game, action)
    assert len(game.tricks) == number
    assert game.tricks[-1].winner == partner
    expect = [RE if p in (0, partner) else KONTRA for p in range(4)]
    assert [game.party_of(p) for p in range(4)] == expect


def test_tsr4_4_3_hochzeiter_wins_three_tricks_plays_alone() -> None:
    """Anna wins tricks 1-3: trick 3 is the Klärungsstich, she plays alone (TSR 4.4.3)."""
    game = new_game(BOTH_CQ, HOCHZEIT_ANNA)
    play(game, "Anna:CA Ben:C9 Cem:CK Dora:CT Anna:SA Ben:S9 Cem:S9 Dora:SK")
    assert [game.party_of(p) for p in (1, 2, 3)] == [None, None, None]
    play(game, "Anna:HT Ben:SQ Cem:D9 Dora:D9")
    assert [game.party_of(p) for p in range(4)] == [RE, KONTRA, KONTRA, KONTRA]


def test_tsr4_4_3_hochzeit_alone_scored_as_solo() -> None:
    """Hochzeit played alone: type hochzeit, one Re player, x3, no Sonderpunkte (TSR 7.2.4).

    Anna 8 tricks, 151 Augen (Dora's Fuchs caught and Doppelkopf do not count): gewonnen 1,
    Kontra 89 unter 90 1 = 2; Anna +6, the others -2.
    """
    game = new_game(BOTH_CQ, HOCHZEIT_ANNA)
    play_tricks(game, BOTH_CQ_TRICKS)
    summary = game.summary()
    assert summary.game_type is GameType.HOCHZEIT
    assert summary.re == ("Anna",)
    assert (summary.re_eyes, summary.re_tricks) == (151, 8)
    assert summary.re_specials == Specials()
    assert summary.kontra_specials == Specials()
    result = game.result()
    assert (result.winner, result.value, result.scores) == (RE, 2, (6, -2, -2, -2))


def test_tsr4_4_3_hochzeit_with_partner_scored_as_normalspiel() -> None:
    """Cem wins trick 1 and is Anna's partner: a Normalspiel with Sonderpunkte (TSR 7.2.3).

    Re (Anna, Cem) 161 Augen, 9 tricks; Fuchs of Dora caught, Karlchen of Cem in trick 12:
    gewonnen 1, unter 90 1, Fuchs 1, Karlchen 1 = 4 each.
    """
    game = new_game(BOTH_CQ, HOCHZEIT_ANNA)
    play_tricks(game, BOTH_CQ_CEM_FIRST)
    summary = game.summary()
    assert summary.game_type is GameType.HOCHZEIT
    assert summary.re == ("Anna", "Cem")
    assert (summary.re_eyes, summary.re_tricks) == (161, 9)
    assert summary.re_specials == Specials(doppelkopf=0, fuchs=1, karlchen=1)
    assert summary.kontra_specials == Specials()
    result = game.result()
    assert (result.winner, result.value, result.scores) == (RE, 4, (4, -4, 4, -4))


def test_tsr4_4_5_stille_hochzeit_found_from_the_hands() -> None:
    """Gesund with both Kreuz-Damen: stille Hochzeit, Anna alone from the start (TSR 4.4.5).

    Scored as a solo: 151 Augen, 8 tricks, no Sonderpunkte, 2 x3.
    """
    game = new_game(BOTH_CQ)
    assert game.game_type is GameType.STILLE_HOCHZEIT
    assert [game.party_of(p) for p in range(4)] == [RE, KONTRA, KONTRA, KONTRA]
    play_tricks(game, BOTH_CQ_TRICKS)
    summary = game.summary()
    assert summary.game_type is GameType.STILLE_HOCHZEIT
    assert summary.re == ("Anna",)
    assert (summary.re_eyes, summary.re_tricks) == (151, 8)
    assert summary.re_specials == Specials()
    assert summary.kontra_specials == Specials()
    result = game.result()
    assert (result.winner, result.value, result.scores) == (RE, 2, (6, -2, -2, -2))


def test_tsr4_4_normal_deal_is_no_stille_hochzeit() -> None:
    """Kreuz-Damen in two hands: a Normalspiel, Re = their holders (TSR 4.4.1)."""
    game = new_game(NORMAL)
    assert game.game_type is GameType.NORMAL
    assert [game.party_of(p) for p in range(4)] == [RE, KONTRA, RE, KONTRA]
