"""The prize list worked out without Flask or a database (``tournament/domain/prizes.py``):
rounding to whole cents, ties on a prize rank, a withdrawn player, refunds in the pot, one
prize per player, category and best-round prizes, German money input."""

from __future__ import annotations

import pytest

from tournament.domain import prizes
from tournament.domain.errors import ServiceError


def _entrant(
    key: int,
    total: int,
    rounds: tuple[int | None, ...] | None = None,
    *,
    withdrawn: int | None = None,
    categories: tuple[str, ...] = (),
) -> prizes.Entrant:
    return prizes.Entrant(
        key=key,
        start_number=key,
        name=f"Spieler {key}",
        total=total,
        round_points=rounds if rounds is not None else (total,),
        withdrawn_after_round=withdrawn,
        categories=frozenset(categories),
    )


def _won(distribution: prizes.Distribution) -> dict[int, int]:
    won: dict[int, int] = {}
    for award in distribution.awards:
        for winner in award.winners:
            won[winner.key] = won.get(winner.key, 0) + award.each
    return won


def test_100_euro_over_three_tied_winners_rounds_down_and_keeps_the_cent() -> None:
    entrants = [_entrant(1, 90), _entrant(2, 90), _entrant(3, 90), _entrant(4, 10)]
    rules = prizes.Rules(fixed=(10_000,))
    found = prizes.distribute(entrants, rules, pot=10_000)
    assert _won(found) == {1: 3333, 2: 3333, 3: 3333}
    assert found.rounding_rest == 1
    assert found.paid_out + found.rounding_rest == 10_000
    (award,) = found.awards
    assert (award.first, award.last) == (1, 3)


def test_shares_are_taken_of_the_pool_and_rounded_down_to_cents() -> None:
    entrants = [_entrant(k, 100 - k) for k in range(1, 6)]
    rules = prizes.Rules(shares=(4000, 2500, 1500), kept_back=1001)
    found = prizes.distribute(entrants, rules, pot=10_001)  # pool 90,00 EUR
    assert found.pool == 9000
    assert found.place_prizes == (3600, 2250, 1350)
    assert _won(found) == {1: 3600, 2: 2250, 3: 1350}
    # 20 % of the pool is not given: it stays in the Kasse besides what is kept back.
    assert found.left_over == 9000 - 7200


def test_odd_pool_shares_lose_only_the_cents_below_one() -> None:
    entrants = [_entrant(k, 100 - k) for k in range(1, 4)]
    found = prizes.distribute(entrants, prizes.Rules(shares=(3333, 3333, 3334)), pot=1001)
    # 10,01 EUR: 3,3363.. -> 3,33; 3,3363.. -> 3,33; 3,3373.. -> 3,33
    assert found.place_prizes == (333, 333, 333)
    assert found.left_over == 2


def test_two_tied_for_second_share_the_prizes_of_second_and_third() -> None:
    entrants = [_entrant(1, 120), _entrant(2, 80), _entrant(3, 80), _entrant(4, 50)]
    rules = prizes.Rules(fixed=(5000, 3000, 2001))
    found = prizes.distribute(entrants, rules, pot=10_001)
    assert _won(found) == {1: 5000, 2: 2500, 3: 2500}
    # (30,00 + 20,01) / 2 = 25,005: each gets 25,00, the half cent... one cent stays.
    assert found.rounding_rest == 1
    tied = found.awards[1]
    assert (tied.first, tied.last, len(tied.winners)) == (2, 3, 2)
    # the fourth player is past the three prize places
    assert 4 not in _won(found)


def test_a_tie_over_the_last_prize_place_shares_only_that_place() -> None:
    entrants = [_entrant(1, 120), _entrant(2, 80), _entrant(3, 80)]
    found = prizes.distribute(entrants, prizes.Rules(fixed=(5000, 3000)), pot=8000)
    assert _won(found) == {1: 5000, 2: 1500, 3: 1500}


def test_a_withdrawn_player_keeps_his_place_by_default() -> None:
    entrants = [_entrant(1, 50), _entrant(2, 200, withdrawn=2), _entrant(3, 40)]
    rules = prizes.Rules(fixed=(3000, 2000))
    assert _won(prizes.distribute(entrants, rules, pot=5000)) == {2: 3000, 1: 2000}


def test_a_withdrawn_player_loses_his_prize_when_the_organiser_says_so() -> None:
    entrants = [_entrant(1, 50), _entrant(2, 200, withdrawn=2), _entrant(3, 40)]
    rules = prizes.Rules(fixed=(3000, 2000), withdrawn_keep=False)
    assert _won(prizes.distribute(entrants, rules, pot=5000)) == {1: 3000, 3: 2000}


def test_a_player_who_played_no_round_never_takes_a_prize() -> None:
    # negative totals: a player with 0 points and no round would rank first
    entrants = [_entrant(1, -20), _entrant(2, 0, (None,), withdrawn=0), _entrant(3, -50)]
    found = prizes.distribute(entrants, prizes.Rules(fixed=(1000,)), pot=1000)
    assert _won(found) == {1: 1000}


def test_refunds_come_off_the_pot_and_undone_marks_do_not_count() -> None:
    payments = [
        prizes.Payment(1, "cash", 1000),
        prizes.Payment(2, "transfer", 1000),
        prizes.Payment(3, "cash", 1000),
        prizes.Payment(3, "refund", 1000),  # withdrew before round 1
        prizes.Payment(4, "cash", 1000, undone=True),  # a wrong mark
    ]
    totals = prizes.totals(1000, [1, 2, 4, 5], payments)
    assert (totals.cash, totals.transfer, totals.refunded) == (2000, 1000, 1000)
    assert totals.pot == 2000
    assert totals.expected == 4000
    assert totals.open == 2000  # 4 and 5
    assert totals.payers == 2
    found = prizes.distribute([_entrant(1, 10)], prizes.Rules(shares=(10_000,)), totals.pot)
    assert _won(found) == {1: 2000}


def test_one_prize_per_player_passes_special_prizes_on() -> None:
    entrants = [
        _entrant(1, 100, (90, 10), categories=("Damen",)),
        _entrant(2, 60, (20, 40), categories=("Damen",)),
        _entrant(3, 50, (25, 25)),
        _entrant(4, 40, (30, 10), categories=("Jugend",)),
    ]
    rules = prizes.Rules(
        fixed=(3000,), best_round_prize=1000, category_prizes=(("Damen", 500), ("Jugend", 500))
    )
    found = prizes.distribute(entrants, rules, pot=5000)
    # 1 wins the place and also had the best round (90): the best round goes to 2 (40)
    assert _won(found) == {1: 3000, 2: 1000, 4: 500}
    # nobody left in "Damen": its prize is not given
    assert found.unclaimed == 500
    several = prizes.distribute(
        entrants, prizes.Rules(**{**_fields(rules), "several_prizes": True}), pot=5000
    )
    assert _won(several) == {1: 3000 + 1000 + 500, 4: 500}


def _fields(rules: prizes.Rules) -> dict[str, object]:
    return {name: getattr(rules, name) for name in rules.__slots__}


def test_a_category_prize_shared_by_a_tie_and_the_pool_after_specials() -> None:
    entrants = [
        _entrant(1, 100),
        _entrant(2, 60, categories=("Jugend",)),
        _entrant(3, 60, categories=("Jugend",)),
    ]
    rules = prizes.Rules(shares=(10_000,), category_prizes=(("Jugend", 1001),))
    found = prizes.distribute(entrants, rules, pot=3001)
    assert found.pool == 2000
    assert _won(found) == {1: 2000, 2: 500, 3: 500}
    assert found.rounding_rest == 1


def test_prizes_over_the_pot_give_a_note_and_no_shares() -> None:
    found = prizes.distribute(
        [_entrant(1, 5)], prizes.Rules(shares=(5000,), fixed=(2000,), kept_back=500), pot=1000
    )
    assert found.pool == 0
    assert found.notes and "übersteigen" in found.notes[0]
    assert found.left_over == 1000 - 500 - 2000


@pytest.mark.parametrize(
    ("text", "cents"),
    [
        ("12", 1200),
        ("12,5", 1250),
        ("12,50 €", 1250),
        ("1.234,56", 123_456),
        ("12.5", 1250),
        ("1.250", 125_000),
        ("", 0),
        (" 0,05 ", 5),
    ],
)
def test_german_money_is_read_as_cents(text: str, cents: int) -> None:
    assert prizes.parse_money(text) == cents


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("-5", "negativ"),
        ("zehn", "kein Geldbetrag"),
        ("12,505", "kein Geldbetrag"),
        ("9999999", "höchstens"),
    ],
)
def test_bad_money_is_refused_in_german_at_its_field(text: str, message: str) -> None:
    with pytest.raises(ServiceError) as refused:
        prizes.parse_money(text, "entry_fee")
    assert message in str(refused.value)
    assert refused.value.field == "entry_fee"


def test_shares_over_100_percent_are_refused_at_the_share_that_goes_over() -> None:
    shares = [prizes.parse_share(t) for t in ("50", "30", "20,5")]
    assert shares == [5000, 3000, 2050]
    with pytest.raises(ServiceError) as refused:
        prizes.check_shares(shares, ["share_1", "share_2", "share_3"])
    assert refused.value.field == "share_3"
    assert "100,5 %" in str(refused.value)


def test_euros_are_written_the_german_way() -> None:
    assert prizes.euros(123_456) == "1.234,56 €"
    assert prizes.euros(5) == "0,05 €"
    assert prizes.percent(1250) == "12,5 %"
    assert prizes.percent(4000) == "40 %"
