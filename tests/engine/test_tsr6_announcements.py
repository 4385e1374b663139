"""TSR 6: Ansagen and Absagen, their timing, skipping, Erwiderung and the Hochzeit shift.

The card counts are the announcer's own cards in hand. Deadlines from the rules summary:
Re/Kontra >= 11 (6.2.2); keine 90 >= 10, keine 60 >= 9, keine 30 >= 8, schwarz >= 7 (6.3.4);
an Erwiderung one card later than the opponent's call needed (6.4.4); in a Hochzeit every
count drops by 1 (Klärungsstich in trick 2) or 2 (trick 3) (6.4.2).
Seats: 0 Anna (Vorhand), 1 Ben, 2 Cem, 3 Dora.
"""

from __future__ import annotations

import re

import pytest

from rules_engine import Call, Game, GameSpec, GameType, IllegalActionError, Party, SoloType
from rules_engine.gametypes import SoloCategory
from tests.support.deals import (
    BOTH_CQ,
    HOCHZEIT_ANNA,
    KLAERUNG,
    NAMES,
    NORMAL,
    NORMAL_TRICKS,
    card_plays,
    play,
)

RE, KONTRA = Party.RE, Party.KONTRA
ANSAGE = {RE: Call.RE, KONTRA: Call.KONTRA}
ABSAGEN = [Call.KEINE_90, Call.KEINE_60, Call.KEINE_30, Call.SCHWARZ]


# The Normalspiel of tests/support/deals.py card by card (trick winners: A A A B B A A A A A B C).
NORMAL_PLAYS = card_plays(NORMAL_TRICKS)


def normal_game() -> Game:
    return Game(NORMAL, GameSpec(), NAMES)


def advance(game: Game, seat: int, cards: int, plays: list[str] = NORMAL_PLAYS) -> None:
    """Play on along ``plays`` until ``seat`` holds exactly ``cards`` cards."""
    played = len(game.tricks) * 4 + len(game.current_trick)
    while game.cards_in_hand(seat) > cards:
        play(game, [plays[played]])
        played += 1
    assert game.cards_in_hand(seat) == cards


def say(game: Game, seat: int, call: Call) -> None:
    game.announce(seat, call)


def refused(game: Game, seat: int, call: Call, rule: str) -> None:
    """The call is illegal; the message names the player and the TSR rule (or its start)."""
    assert not game.can_announce(seat, call)
    assert call not in game.legal_calls(seat)
    with pytest.raises(IllegalActionError) as info:
        game.announce(seat, call)
    message = str(info.value)
    assert NAMES[seat] in message
    # "(TSR 6.2.2, 6.4.4)" names both rules
    assert re.search(rf"TSR [0-9., ]*\b{re.escape(rule)}", message), message


# --------------------------------------------------------------------------- 6.2 Erstansage


@pytest.mark.parametrize(("seat", "party"), [(0, RE), (2, RE), (1, KONTRA), (3, KONTRA)])
@pytest.mark.parametrize(("cards", "legal"), [(12, True), (11, True), (10, False), (9, False)])
def test_tsr6_2_2_erstansage_until_11_cards(
    seat: int, party: Party, cards: int, legal: bool
) -> None:
    """Re/Kontra at the latest with 11 cards in the announcer's hand (TSR 6.2.2)."""
    game = normal_game()
    advance(game, seat, cards)
    call = ANSAGE[party]
    if legal:
        say(game, seat, call)
        assert game.call_level(party) == 0
        assert game.call_level(party.other) == -1
    else:
        refused(game, seat, call, "6.2.2")


def test_tsr6_2_2_counts_the_announcers_own_hand() -> None:
    """After Anna, Ben, Cem, Dora, Anna: Anna holds 10 (too late), Ben 11 (on time)."""
    game = normal_game()
    play(game, NORMAL_PLAYS[:5])
    assert [game.cards_in_hand(p) for p in range(4)] == [10, 11, 11, 11]
    refused(game, 0, Call.RE, "6.2.2")
    say(game, 1, Call.KONTRA)
    say(game, 2, Call.RE)  # Cem, Anna's partner, still holds 11


def test_tsr6_2_legal_calls_at_the_start() -> None:
    """With 12 cards each party may say its Ansage or skip to any Absage (TSR 6.2, 6.4.3)."""
    game = normal_game()
    absagen = [Call.KEINE_90, Call.KEINE_60, Call.KEINE_30, Call.SCHWARZ]
    assert game.legal_calls(0) == [Call.RE, *absagen]
    assert game.legal_calls(1) == [Call.KONTRA, *absagen]


@pytest.mark.parametrize(("seat", "call"), [(1, Call.RE), (3, Call.RE), (0, Call.KONTRA)])
def test_tsr6_2_1_ansage_of_the_other_party_is_illegal(seat: int, call: Call) -> None:
    """A Kontra player cannot say Re, a Re player cannot say Kontra (TSR 6.2.1)."""
    game = normal_game()
    refused(game, seat, call, "6.2")


def test_tsr6_2_after_the_last_card_no_call() -> None:
    """With no cards left every call is too late (TSR 6.2.2, 6.3.4)."""
    game = normal_game()
    play(game, NORMAL_PLAYS)
    assert game.is_over
    for seat in range(4):
        assert game.legal_calls(seat) == []


# --------------------------------------------------------------------------- 6.3 Absagen


@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize(
    ("call", "minimum"),
    [(Call.KEINE_90, 10), (Call.KEINE_60, 9), (Call.KEINE_30, 8), (Call.SCHWARZ, 7)],
)
def test_tsr6_3_4_absage_deadlines(seat: int, call: Call, minimum: int) -> None:
    """keine 90 >= 10, keine 60 >= 9, keine 30 >= 8, schwarz >= 7 cards (TSR 6.3.4).

    Every lower level was said at once with 12 cards, so only this level's own time counts.
    """
    party = RE if seat == 0 else KONTRA
    for cards, legal in ((minimum, True), (minimum - 1, False)):
        game = normal_game()
        say(game, seat, ANSAGE[party])
        for lower in ABSAGEN[: call.level - 1]:
            say(game, seat, lower)
        advance(game, seat, cards)
        if legal:
            say(game, seat, call)
            assert game.call_level(party) == call.level
        else:
            refused(game, seat, call, "6.3.4")


def test_tsr6_3_2_absage_needs_own_partys_erstansage() -> None:
    """Anna with 10 cards: keine 90 without Re is too late; after Cem's Re it is fine (6.3.2)."""
    game = normal_game()
    advance(game, 0, 10)
    refused(game, 0, Call.KEINE_90, "6.3.2")
    game = normal_game()
    say(game, 2, Call.RE)  # the partner's Erstansage counts for the party
    advance(game, 0, 10)
    say(game, 0, Call.KEINE_90)
    assert game.call_level(RE) == 1


def test_tsr6_3_2_other_partys_ansage_does_not_count() -> None:
    """Kontra's Ansage is no Erstansage for Re: Anna at 10 cards cannot say keine 90."""
    game = normal_game()
    say(game, 1, Call.KONTRA)
    advance(game, 0, 10)
    refused(game, 0, Call.KEINE_90, "6.3.2")


def test_tsr6_4_5_both_parties_may_make_absagen() -> None:
    """Re and Kontra may both announce keine 90 and more (TSR 6.4.5)."""
    game = normal_game()
    say(game, 0, Call.KEINE_90)
    say(game, 1, Call.KEINE_90)
    say(game, 3, Call.KEINE_60)
    assert (game.call_level(RE), game.call_level(KONTRA)) == (1, 2)


# --------------------------------------------------------------------------- 6.4.3 skipping


@pytest.mark.parametrize(
    ("said", "cards", "call", "legal"),
    [
        # no Erstansage yet: the Erstansage (11 cards) decides
        (None, 11, Call.KEINE_60, True),
        (None, 11, Call.SCHWARZ, True),
        (None, 10, Call.KEINE_90, False),
        (None, 10, Call.KEINE_60, False),
        # Re said: every skipped Absage must still be on time
        (Call.RE, 10, Call.KEINE_60, True),
        (Call.RE, 10, Call.SCHWARZ, True),
        (Call.RE, 9, Call.KEINE_60, False),
        (Call.KEINE_90, 9, Call.KEINE_30, True),
        (Call.KEINE_90, 8, Call.KEINE_30, False),
        (Call.KEINE_60, 8, Call.SCHWARZ, True),
        (Call.KEINE_60, 7, Call.SCHWARZ, False),
    ],
)
def test_tsr6_4_3_skipping_only_while_skipped_levels_are_on_time(
    said: Call | None, cards: int, call: Call, legal: bool
) -> None:
    """Skipping is allowed while every skipped level would still be on time (TSR 6.4.3)."""
    game = normal_game()
    if said is not None:
        say(game, 0, said)
    advance(game, 0, cards)
    if legal:
        say(game, 0, call)
        assert game.call_level(RE) == call.level
    else:
        refused(game, 0, call, "6.4.3")


def test_tsr6_4_3_skipped_levels_count_in_the_score() -> None:
    """Anna says keine 60 with 11 cards: Re, keine 90, keine 60 all count (TSR 6.4.3, 7.2).

    Re 161 Augen < 181 loses; Kontra 79 >= 60 wins. Kontra: gewonnen 1, Re angesagt 2,
    keine 90 abgesagt 1, keine 60 abgesagt 1, gegen die Kreuz-Damen 1 = 6. Re: Doppelkopf,
    Fuchs, Karlchen = 3. Value -3.
    """
    game = normal_game()
    play(game, NORMAL_PLAYS[:1])
    say(game, 0, Call.KEINE_60)
    play(game, NORMAL_PLAYS[1:])
    summary = game.summary()
    assert (summary.re_call, summary.kontra_call) == (Call.KEINE_60, None)
    result = game.result()
    assert (result.winner, result.value, result.scores) == (KONTRA, -3, (-3, 3, -3, 3))


# --------------------------------------------------------------------------- 6.4.4 Erwiderung


@pytest.mark.parametrize(
    ("re_call", "cards"),
    [(Call.RE, 10), (Call.KEINE_90, 9), (Call.KEINE_60, 8), (Call.KEINE_30, 7), (Call.SCHWARZ, 6)],
)
def test_tsr6_4_4_erwiderung_one_card_later(re_call: Call, cards: int) -> None:
    """Kontra answers Re with 10 cards, keine 90 with 9, keine 60 with 8 ... (TSR 6.4.4)."""
    game = normal_game()
    say(game, 0, re_call)  # Anna, 12 cards, skipping as needed
    advance(game, 1, cards)
    say(game, 1, Call.KONTRA)
    assert game.call_level(KONTRA) == 0

    game = normal_game()
    say(game, 0, re_call)
    advance(game, 1, cards - 1)
    refused(game, 1, Call.KONTRA, "6.4.4")


def test_tsr6_4_4_re_answers_kontra() -> None:
    """Re as an Erwiderung to Kontra: 10 cards yes, 9 no (TSR 6.4.4)."""
    game = normal_game()
    say(game, 1, Call.KONTRA)
    advance(game, 0, 10)
    say(game, 0, Call.RE)

    game = normal_game()
    say(game, 1, Call.KONTRA)
    advance(game, 0, 9)
    refused(game, 0, Call.RE, "6.4.4")


def test_tsr6_4_4_no_erwiderung_without_a_call_to_answer() -> None:
    """With 10 cards and nothing said by Re, Kontra is simply too late (TSR 6.2.2)."""
    game = normal_game()
    advance(game, 1, 10)
    refused(game, 1, Call.KONTRA, "6.2.2")


def test_tsr6_4_4_no_absage_after_a_late_erwiderung() -> None:
    """Ben's Kontra with 10 cards is a late Erwiderung: no keine 90 after it (TSR 6.4.4)."""
    game = normal_game()
    say(game, 0, Call.RE)
    advance(game, 1, 10)
    say(game, 1, Call.KONTRA)
    refused(game, 1, Call.KEINE_90, "6.4.4")  # 10 cards would be on time for keine 90
    refused(game, 3, Call.KEINE_90, "6.4.4")  # nor for Dora, 11 cards


def test_tsr6_4_4_absage_after_an_erwiderung_that_was_on_time() -> None:
    """Ben answers Re with 11 cards, on time as an Erstansage: keine 90 at 10 is fine."""
    game = normal_game()
    say(game, 0, Call.RE)
    advance(game, 1, 11)
    say(game, 1, Call.KONTRA)
    advance(game, 1, 10)
    say(game, 1, Call.KEINE_90)
    assert game.call_level(KONTRA) == 1


def test_tsr6_4_4_erwiderung_with_absage_at_once_is_too_late() -> None:
    """'Kontra, keine 90' with 10 cards would need the Kontra on time as Erstansage."""
    game = normal_game()
    say(game, 0, Call.RE)
    advance(game, 1, 10)
    refused(game, 1, Call.KEINE_90, "6.")


# --------------------------------------------------------------------------- 6.4.7 no repeats


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ((0, Call.RE), (0, Call.RE)),
        ((0, Call.RE), (2, Call.RE)),
        ((1, Call.KONTRA), (3, Call.KONTRA)),
        ((0, Call.KEINE_90), (0, Call.KEINE_90)),
        ((0, Call.KEINE_90), (2, Call.KEINE_90)),
        ((3, Call.KEINE_60), (1, Call.KEINE_60)),
        ((0, Call.KEINE_90), (2, Call.RE)),  # keine 90 already said Re (TSR 6.4.3)
        ((1, Call.SCHWARZ), (3, Call.KEINE_30)),
    ],
)
def test_tsr6_4_7_no_repeated_call(first: tuple[int, Call], second: tuple[int, Call]) -> None:
    """A party may not repeat a call it has made (TSR 6.4.7)."""
    game = normal_game()
    say(game, *first)
    refused(game, *second, "6.4.7")


# --------------------------------------------------------------------------- solo, stille Hochzeit


def test_tsr6_in_a_solo_the_soloist_is_re() -> None:
    """Damensolo of Ben: Ben says Re, the three others Kontra (TSR 6.2.1)."""
    game = Game(NORMAL, GameSpec(GameType.SOLO, 1, SoloType.DAMEN, SoloCategory.PFLICHTSOLO), NAMES)
    refused(game, 0, Call.RE, "6.2")
    refused(game, 1, Call.KONTRA, "6.2")
    say(game, 1, Call.RE)
    say(game, 0, Call.KONTRA)


def test_tsr4_4_5_stille_hochzeit_normal_times() -> None:
    """Stille Hochzeit: parties known at once, times as in a Normalspiel (TSR 4.4.5, 6.2.2)."""
    game = Game(BOTH_CQ, GameSpec(), NAMES)
    assert game.game_type is GameType.STILLE_HOCHZEIT
    refused(game, 2, Call.RE, "6.2")  # Cem is Kontra
    play(game, "Anna:CA")
    say(game, 0, Call.RE)  # 11 cards
    play(game, "Ben:CT Cem:CA Dora:CT Anna:CK")
    say(game, 0, Call.KEINE_90)  # 10 cards
    say(game, 2, Call.KONTRA)  # Cem, 11 cards

    game = Game(BOTH_CQ, GameSpec(), NAMES)
    play(game, "Anna:CA Ben:CT Cem:CA Dora:CT Anna:CK")
    refused(game, 0, Call.RE, "6.2.2")  # 10 cards: no Hochzeit shift


# --------------------------------------------------------------------------- 6.4.2 Hochzeit


def hochzeit(number: int) -> tuple[Game, list[str], int | None, list[str]]:
    before, partner, after = KLAERUNG[number]
    return Game(BOTH_CQ, HOCHZEIT_ANNA, NAMES), before.split(), partner, after.split()


@pytest.mark.parametrize("number", [1, 2, 3, 0], ids=["trick1", "trick2", "trick3", "alone"])
def test_tsr6_4_2_nothing_before_the_klaerungsstich(number: int) -> None:
    """In a Hochzeit nobody announces before the Klärungsstich, not even the Hochzeiter."""
    game, before, _, _ = hochzeit(number)
    for action in before:
        for seat in range(4):
            for call in (Call.RE, Call.KONTRA, Call.KEINE_90):
                assert not game.can_announce(seat, call), (action, seat, call)
            with pytest.raises(IllegalActionError, match=NAMES[seat]):
                game.announce(seat, Call.RE if seat == 0 else Call.KONTRA)
        play(game, action)
    assert any(game.can_announce(seat, call) for seat in range(4) for call in Call)


@pytest.mark.parametrize("number", [1, 2, 3, 0], ids=["trick1", "trick2", "trick3", "alone"])
def test_tsr6_4_2_erstansage_shift(number: int) -> None:
    """Klärungsstich in trick 1, 2, 3: Erstansage until 11, 10, 9 cards (TSR 6.4.2)."""
    game, before, partner, after = hochzeit(number)
    play(game, before)
    deadline = {1: 11, 2: 10, 3: 9, 0: 9}[number]
    assert [game.cards_in_hand(p) for p in range(4)] == [deadline] * 4
    leader = game.to_move
    play(game, after[:1])  # the Klärungsstich winner leads: one card below the deadline
    assert game.cards_in_hand(leader) == deadline - 1
    lead_party = game.party_of(leader)
    assert lead_party is not None
    refused(game, leader, ANSAGE[lead_party], "6.2.2")
    others = [p for p in range(4) if p != leader]
    for seat in others:
        party = game.party_of(seat)
        assert party is not None
        assert game.can_announce(seat, ANSAGE[party]), seat
    expect_re = {0} if partner is None else {0, partner}
    assert {p for p in range(4) if game.party_of(p) is RE} == expect_re


def test_tsr6_4_2_absage_shift_trick2() -> None:
    """Klärungsstich in trick 2: keine 90 without Re until 10 cards, not at 9 (TSR 6.4.2)."""
    game, before, partner, after = hochzeit(2)
    play(game, before)
    assert partner == 3
    say(game, 3, Call.KEINE_90)  # Dora, 10 cards: Re and keine 90 at once
    assert game.call_level(RE) == 1

    game, before, _, after = hochzeit(2)
    play(game, before + after[:1])  # Dora leads: 9 cards
    refused(game, 3, Call.KEINE_90, "6.4.2")
    say(game, 0, Call.KEINE_90)  # Anna still holds 10


def test_tsr6_4_2_absage_and_erwiderung_shift_trick3() -> None:
    """Klärungsstich in trick 3 (shift 2): Re until 9, keine 90 until 8, Erwiderung 8 (6.4.2)."""
    game, before, partner, after = hochzeit(3)
    play(game, before)
    assert partner == 1
    say(game, 1, Call.RE)  # Ben, the partner, 9 cards
    play(game, after[:4])  # trick 4, won by Cem
    assert [game.cards_in_hand(p) for p in range(4)] == [8, 8, 8, 8]
    say(game, 1, Call.KEINE_90)  # 8 cards: 10 - 2
    say(game, 2, Call.KONTRA)  # 8 cards: too late as Erstansage (9), an Erwiderung (7)
    refused(game, 2, Call.KEINE_90, "6.4.4")  # no Absage after a late Erwiderung


def test_tsr6_4_2_erwiderung_deadline_trick3() -> None:
    """Shift 2: after Re the Erwiderung is allowed until 11 - 1 - 2 = 8 cards, not 7."""
    game, before, _, after = hochzeit(3)
    play(game, before)
    say(game, 0, Call.RE)  # Anna, 9 cards
    play(game, after[:4])  # Cem 8 cards
    assert game.can_announce(2, Call.KONTRA)
    play(game, after[4:5])  # Cem leads trick 5: 7 cards
    refused(game, 2, Call.KONTRA, "6.4.4")
    assert game.can_announce(3, Call.KONTRA)  # Dora still holds 8
