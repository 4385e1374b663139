"""TSR 9: penalty points (9.2-9.5, 9.7), the phases of a Hochzeit (9.6), and what a penalty
does to the round and to a checked score list.

Every expected row is worked out by hand from docs/rules.md ("Penalties (9)"), never
taken from the engine. Rows are the four playing positions 0..3 (as :class:`Penalty` counts
them). In the solo cases the soloist and the offender are named in the case id.

* 9.2 unerheblich: 0 for everybody.
* 9.3 geringfügig: offender -3, each other +1; in a solo, a Kontra player whose fault could
  harm the soloist: offender -3, soloist +3, the other two 0.
* 9.4 schwerwiegend: Normalspiel or the soloist's fault: not played, offender -12 and -3 per
  Absage of the other party, the three others +4 (+5 .. +8); an opponent's fault in a solo:
  the solo counts as played, offender -12 (-3 per Absage of the soloist), soloist +12 (.. +24),
  the other two 0.
* 9.5 game already decided: rest of the tricks to the other party, plus a geringfügig penalty.
* 9.6 Hochzeit: Normalspiel rules up to and including the Klärungsstich (and with a partner),
  solo rules when the Hochzeiter plays alone; stille Hochzeit: Normalspiel rules until the
  second Kreuz Dame is played, then solo rules.
* 9.7 unsportlich: a deduction of up to 12 points, no credit to the others.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from rules_engine.errors import DokoError
from rules_engine.penalties import (
    SITTING_DEALER,
    GameEffect,
    Penalty,
    PenaltyCategory,
    PenaltyPhase,
    penalty_points,
)
from rules_engine.scorelist import check_list
from rules_engine.table_list import EntryKind, GameEntry, QuickScore, TableList, TableListError

UN = PenaltyCategory.UNERHEBLICH
GF = PenaltyCategory.GERINGFUEGIG
SW = PenaltyCategory.SCHWERWIEGEND
ENT = PenaltyCategory.ENTSCHIEDEN
US = PenaltyCategory.UNSPORTLICH

NORMAL = PenaltyPhase.NORMALSPIEL
SOLO = PenaltyPhase.SOLO
HZ_BIS = PenaltyPhase.HOCHZEIT_BIS_KLAERUNG
HZ_PARTNER = PenaltyPhase.HOCHZEIT_MIT_PARTNER
HZ_ALLEIN = PenaltyPhase.HOCHZEIT_ALLEIN
SH_VERDECKT = PenaltyPhase.STILLE_HOCHZEIT_VERDECKT
SH_OFFEN = PenaltyPhase.STILLE_HOCHZEIT_OFFEN

ON = GameEffect.GOES_ON
NOT_PLAYED = GameEffect.NOT_PLAYED
SOLO_PLAYED = GameEffect.SOLO_PLAYED
REST = GameEffect.REST_TO_OTHERS

NAMES4 = ("Anna", "Ben", "Cem", "Dora")
NAMES5 = ("Anna", "Ben", "Cem", "Dora", "Emil")

Row = tuple[int, int, int, int]


@dataclass(frozen=True)
class Case:
    id: str
    penalty: Penalty
    points: Row
    effect: GameEffect


def case(
    case_id: str,
    category: PenaltyCategory,
    offender: int,
    points: Row,
    effect: GameEffect,
    phase: PenaltyPhase = NORMAL,
    soloist: int | None = None,
    absagen: int = 0,
    harms: bool = False,
    deduction: int = 0,
) -> Case:
    penalty = Penalty(category, offender, phase, soloist, absagen, harms, deduction)
    return Case(case_id, penalty, points, effect)


CASES = [
    # ---------------------------------------------------------------- 9.2 unerheblich
    case("9.2 Normalspiel: 0/0/0/0", UN, 0, (0, 0, 0, 0), ON),
    case("9.2 solo, opponent 1, soloist 2: 0/0/0/0", UN, 1, (0, 0, 0, 0), ON, SOLO, 2),
    # ---------------------------------------------------------------- 9.3 geringfügig
    case("9.3 Normalspiel, offender 0: -3 +1 +1 +1", GF, 0, (-3, 1, 1, 1), ON),
    case("9.3 Normalspiel, offender 3: +1 +1 +1 -3", GF, 3, (1, 1, 1, -3), ON),
    case(
        "9.3 Normalspiel, harms flag means nothing: +1 +1 -3 +1",
        GF,
        2,
        (1, 1, -3, 1),
        ON,
        harms=True,
    ),
    case(
        "9.3 Normalspiel, Absagen do not raise it: -3 +1 +1 +1",
        GF,
        0,
        (-3, 1, 1, 1),
        ON,
        absagen=2,
    ),
    case("9.3 solo, the soloist 1 himself: +1 -3 +1 +1", GF, 1, (1, -3, 1, 1), ON, SOLO, 1),
    case(
        "9.3 solo, the soloist 1 himself (harms flag ignored): +1 -3 +1 +1",
        GF,
        1,
        (1, -3, 1, 1),
        ON,
        SOLO,
        1,
        harms=True,
    ),
    case(
        "9.3 solo, Kontra 3 harms soloist 1: 0 +3 0 -3",
        GF,
        3,
        (0, 3, 0, -3),
        ON,
        SOLO,
        1,
        harms=True,
    ),
    case(
        "9.3 solo, Kontra 2 harms soloist 0: +3 0 -3 0",
        GF,
        2,
        (3, 0, -3, 0),
        ON,
        SOLO,
        0,
        harms=True,
    ),
    case(
        "9.3 solo, Kontra 3 cannot harm soloist 1: +1 +1 +1 -3",
        GF,
        3,
        (1, 1, 1, -3),
        ON,
        SOLO,
        1,
    ),
    case(
        "9.3 solo, Kontra 0 cannot harm soloist 2: -3 +1 +1 +1",
        GF,
        0,
        (-3, 1, 1, 1),
        ON,
        SOLO,
        2,
    ),
    # ---------------------------------------------------------------- 9.4 schwerwiegend
    case("9.4 Normalspiel, 0 Absagen: -12, +4 each", SW, 0, (-12, 4, 4, 4), NOT_PLAYED),
    case(
        "9.4 Normalspiel, 1 Absage: -12-3=-15, +5 each",
        SW,
        1,
        (5, -15, 5, 5),
        NOT_PLAYED,
        absagen=1,
    ),
    case(
        "9.4 Normalspiel, 2 Absagen: -12-6=-18, +6 each",
        SW,
        2,
        (6, 6, -18, 6),
        NOT_PLAYED,
        absagen=2,
    ),
    case(
        "9.4 Normalspiel, 3 Absagen: -12-9=-21, +7 each",
        SW,
        3,
        (7, 7, 7, -21),
        NOT_PLAYED,
        absagen=3,
    ),
    case(
        "9.4 Normalspiel, 4 Absagen: -12-12=-24, +8 each",
        SW,
        0,
        (-24, 8, 8, 8),
        NOT_PLAYED,
        absagen=4,
    ),
    case(
        "9.4 solo, soloist 2 at fault, 0 Absagen: -12, +4 each",
        SW,
        2,
        (4, 4, -12, 4),
        NOT_PLAYED,
        SOLO,
        2,
    ),
    case(
        "9.4 solo, soloist 2 at fault, 1 Absage: -15, +5 each",
        SW,
        2,
        (5, 5, -15, 5),
        NOT_PLAYED,
        SOLO,
        2,
        absagen=1,
    ),
    case(
        "9.4 solo, soloist 0 at fault, 2 Absagen: -18, +6 each",
        SW,
        0,
        (-18, 6, 6, 6),
        NOT_PLAYED,
        SOLO,
        0,
        absagen=2,
    ),
    case(
        "9.4 solo, soloist 3 at fault, 3 Absagen: -21, +7 each",
        SW,
        3,
        (7, 7, 7, -21),
        NOT_PLAYED,
        SOLO,
        3,
        absagen=3,
    ),
    case(
        "9.4 solo, soloist 1 at fault, 4 Absagen: -24, +8 each",
        SW,
        1,
        (8, -24, 8, 8),
        NOT_PLAYED,
        SOLO,
        1,
        absagen=4,
    ),
    case(
        "9.4 solo, opponent 0 vs soloist 1, 0 Absagen: -12 +12 0 0",
        SW,
        0,
        (-12, 12, 0, 0),
        SOLO_PLAYED,
        SOLO,
        1,
    ),
    case(
        "9.4 solo, opponent 2 vs soloist 1, 1 Absage: 0 +15 -15 0",
        SW,
        2,
        (0, 15, -15, 0),
        SOLO_PLAYED,
        SOLO,
        1,
        absagen=1,
    ),
    case(
        "9.4 solo, opponent 3 vs soloist 1, 2 Absagen: 0 +18 0 -18",
        SW,
        3,
        (0, 18, 0, -18),
        SOLO_PLAYED,
        SOLO,
        1,
        absagen=2,
    ),
    case(
        "9.4 solo, opponent 0 vs soloist 1, 3 Absagen: -21 +21 0 0",
        SW,
        0,
        (-21, 21, 0, 0),
        SOLO_PLAYED,
        SOLO,
        1,
        absagen=3,
    ),
    case(
        "9.4 solo, opponent 2 vs soloist 3, 4 Absagen: 0 0 -24 +24",
        SW,
        2,
        (0, 0, -24, 24),
        SOLO_PLAYED,
        SOLO,
        3,
        absagen=4,
    ),
    case(
        "9.4 solo, opponent 1 vs soloist 0, harms flag changes nothing: +12 -12 0 0",
        SW,
        1,
        (12, -12, 0, 0),
        SOLO_PLAYED,
        SOLO,
        0,
        harms=True,
    ),
    # ---------------------------------------------------------------- 9.5 already decided
    case("9.5 Normalspiel, offender 1: +1 -3 +1 +1, rest", ENT, 1, (1, -3, 1, 1), REST),
    case(
        "9.5 solo, the soloist 0 himself: -3 +1 +1 +1, rest",
        ENT,
        0,
        (-3, 1, 1, 1),
        REST,
        SOLO,
        0,
    ),
    case(
        "9.5 solo, Kontra 2 harms soloist 0: +3 0 -3 0, rest",
        ENT,
        2,
        (3, 0, -3, 0),
        REST,
        SOLO,
        0,
        harms=True,
    ),
    case(
        "9.5 solo, Kontra 2 cannot harm soloist 0: +1 +1 -3 +1, rest",
        ENT,
        2,
        (1, 1, -3, 1),
        REST,
        SOLO,
        0,
    ),
    # ---------------------------------------------------------------- 9.7 unsportlich
    case("9.7 deduction 0", US, 1, (0, 0, 0, 0), ON, deduction=0),
    case("9.7 deduction 5, no credit", US, 1, (0, -5, 0, 0), ON, deduction=5),
    case("9.7 deduction 12 (the most), no credit", US, 3, (0, 0, 0, -12), ON, deduction=12),
    case("9.7 in a solo, soloist 0: deduction 7", US, 0, (-7, 0, 0, 0), ON, SOLO, 0, deduction=7),
    case(
        "9.7 in a solo, opponent 2: deduction 3, soloist gets nothing",
        US,
        2,
        (0, 0, -3, 0),
        ON,
        SOLO,
        0,
        deduction=3,
    ),
    # ---------------------------------------------------------------- 9.6 phases
    case(
        "9.6 Hochzeit up to the Klaerungsstich: Normalspiel, -12 +4 +4 +4",
        SW,
        0,
        (-12, 4, 4, 4),
        NOT_PLAYED,
        HZ_BIS,
    ),
    case(
        "9.6 Hochzeit up to the Klaerungsstich: geringfuegig +1 +1 -3 +1",
        GF,
        2,
        (1, 1, -3, 1),
        ON,
        HZ_BIS,
        harms=True,
    ),
    case(
        "9.6 Hochzeit with partner: Normalspiel, 1 Absage +5 +5 +5 -15",
        SW,
        3,
        (5, 5, 5, -15),
        NOT_PLAYED,
        HZ_PARTNER,
        absagen=1,
    ),
    case(
        "9.6 Hochzeit with partner: geringfuegig +1 -3 +1 +1",
        GF,
        1,
        (1, -3, 1, 1),
        ON,
        HZ_PARTNER,
        harms=True,
    ),
    case(
        "9.6 Hochzeit alone (Hochzeiter 0), opponent 1: solo, +12 -12 0 0",
        SW,
        1,
        (12, -12, 0, 0),
        SOLO_PLAYED,
        HZ_ALLEIN,
        0,
    ),
    case(
        "9.6 Hochzeit alone (Hochzeiter 0), Kontra 2 harms: +3 0 -3 0",
        GF,
        2,
        (3, 0, -3, 0),
        ON,
        HZ_ALLEIN,
        0,
        harms=True,
    ),
    case(
        "9.6 Hochzeit alone, the Hochzeiter 0 at fault, 1 Absage: -15 +5 +5 +5",
        SW,
        0,
        (-15, 5, 5, 5),
        NOT_PLAYED,
        HZ_ALLEIN,
        0,
        absagen=1,
    ),
    case(
        "9.6 stille Hochzeit before the 2nd Kreuz Dame: Normalspiel, +4 +4 -12 +4",
        SW,
        2,
        (4, 4, -12, 4),
        NOT_PLAYED,
        SH_VERDECKT,
    ),
    case(
        "9.6 stille Hochzeit before the 2nd Kreuz Dame: geringfuegig +1 -3 +1 +1",
        GF,
        1,
        (1, -3, 1, 1),
        ON,
        SH_VERDECKT,
        harms=True,
    ),
    case(
        "9.6 stille Hochzeit after the 2nd Kreuz Dame (player 3), opponent 0, 2 Absagen: "
        "-18 0 0 +18",
        SW,
        0,
        (-18, 0, 0, 18),
        SOLO_PLAYED,
        SH_OFFEN,
        3,
        absagen=2,
    ),
    case(
        "9.6 stille Hochzeit after the 2nd Kreuz Dame (player 3), Kontra 1 harms: 0 -3 0 +3",
        GF,
        1,
        (0, -3, 0, 3),
        ON,
        SH_OFFEN,
        3,
        harms=True,
    ),
    case(
        "9.6 stille Hochzeit after the 2nd Kreuz Dame, player 3 at fault: +4 +4 +4 -12",
        SW,
        3,
        (4, 4, 4, -12),
        NOT_PLAYED,
        SH_OFFEN,
        3,
    ),
]

#: The rows of TSR 7.3 that break "all even or all odd": penalties in a solo in the soloist's
#: favour (sorted high to low).
PARITY_EXCEPTIONS = {(3, 0, 0, -3), (15, 0, 0, -15), (21, 0, 0, -21)}


@pytest.mark.parametrize("c", CASES, ids=[c.id for c in CASES])
def test_penalty_points(c: Case) -> None:
    result = penalty_points(c.penalty)
    assert result.points == c.points
    assert result.game_effect is c.effect
    assert result.explanation


@pytest.mark.parametrize("c", CASES, ids=[c.id for c in CASES])
def test_row_sums_to_zero_except_the_unsportlich_deduction(c: Case) -> None:
    points = penalty_points(c.penalty).points
    if c.penalty.category is US:
        assert sum(points) == -c.penalty.deduction
        assert all(v == 0 for i, v in enumerate(points) if i != c.penalty.offender)
    else:
        assert sum(points) == 0


def test_parity_exceptions_are_exactly_the_solo_patterns_of_tsr_7_3() -> None:
    seen: set[tuple[int, ...]] = set()
    for c in CASES:
        if c.penalty.category is US:
            continue  # a deduction, not a row of the list's even/odd check
        points = penalty_points(c.penalty).points
        if len({v % 2 for v in points}) > 1:
            pattern = tuple(sorted(points, reverse=True))
            assert pattern in PARITY_EXCEPTIONS, c.id
            soloist = c.penalty.soloist
            assert soloist is not None and c.penalty.phase.as_solo, c.id
            assert c.penalty.offender != soloist and points[soloist] > 0, c.id
            seen.add(pattern)
    assert seen == PARITY_EXCEPTIONS


def test_every_category_and_phase_is_covered() -> None:
    assert {c.penalty.category for c in CASES} == set(PenaltyCategory)
    assert {c.penalty.phase for c in CASES} == set(PenaltyPhase)
    assert {c.effect for c in CASES} == set(GameEffect)


@pytest.mark.parametrize(
    "phase, as_solo",
    [
        (NORMAL, False),
        (SOLO, True),
        (HZ_BIS, False),
        (HZ_PARTNER, False),
        (HZ_ALLEIN, True),
        (SH_VERDECKT, False),
        (SH_OFFEN, True),
    ],
)
def test_which_phases_use_the_solo_rules(phase: PenaltyPhase, as_solo: bool) -> None:
    assert phase.as_solo is as_solo


# ----------------------------------------------------------------------------- invalid
INVALID = [
    ("offender", Penalty(GF, -1)),
    ("offender", Penalty(GF, 4)),
    ("offender", Penalty(SW, 7, SOLO, 0)),
    ("soloist", Penalty(GF, 0, SOLO)),
    ("soloist", Penalty(SW, 0, HZ_ALLEIN)),
    ("soloist", Penalty(SW, 0, SH_OFFEN)),
    ("soloist", Penalty(SW, 0, SOLO, 4)),
    ("soloist", Penalty(SW, 0, SOLO, -1)),
    ("absagen", Penalty(SW, 0, absagen=5)),
    ("absagen", Penalty(SW, 0, SOLO, 1, absagen=5)),
    ("absagen", Penalty(SW, 0, absagen=-1)),
    ("deduction", Penalty(UN, 0, deduction=1)),
    ("deduction", Penalty(GF, 0, deduction=3)),
    ("deduction", Penalty(SW, 0, deduction=12)),
    ("deduction", Penalty(ENT, 0, deduction=2)),
    ("deduction", Penalty(US, 0, deduction=13)),
    ("deduction", Penalty(US, 0, deduction=-1)),
]


def short(field: str, p: Penalty) -> str:
    return (
        f"{field}: {p.category.value} {p.phase.value} offender={p.offender} "
        f"soloist={p.soloist} absagen={p.absagen} deduction={p.deduction}"
    )


@pytest.mark.parametrize("field, penalty", INVALID, ids=[short(f, p) for f, p in INVALID])
def test_invalid_penalty_names_the_field(field: str, penalty: Penalty) -> None:
    with pytest.raises(DokoError, match=rf"^{field}\b"):
        penalty_points(penalty)
    with pytest.raises(DokoError, match=rf"^{field}\b"):
        penalty.verify()


def test_invalid_penalty_is_refused_by_the_round_and_changes_nothing() -> None:
    round_ = TableList(NAMES4)
    with pytest.raises(DokoError, match=r"^absagen\b"):
        round_.add_penalty(Penalty(SW, 0, absagen=5))
    assert round_.penalties == []
    assert round_.totals == (0, 0, 0, 0)


# ----------------------------------------------------------------------------- the round
def play_normal(round_: TableList) -> None:
    """A Normalspiel entered as points: the first two playing +1, the other two -1."""
    dealer = round_.next_dealer
    playing = round_.playing()
    points = [0] * round_.size
    for p in playing[:2]:
        points[p] = 1
    for p in playing[2:]:
        points[p] = -1
    round_.add_game(
        GameEntry(
            dealer,
            EntryKind.NORMALSPIEL,
            quick=QuickScore(tuple(points), frozenset(playing[:2])),
        )
    )


def test_five_players_penalty_maps_to_table_positions_dealer_gets_0() -> None:
    round_ = TableList(NAMES5)
    # Dealer Anna (0) sits out; playing are Ben, Cem, Dora, Emil = positions 0..3.
    entry = round_.add_penalty(Penalty(GF, 2))  # Dora
    assert entry.players == (1, 2, 3, 4)
    assert entry.points == (0, 1, 1, -3, 1)
    play_normal(round_)
    play_normal(round_)
    # Dealer Cem (2) sits out; playing from his left: Dora, Emil, Anna, Ben.
    assert round_.next_dealer == 2
    entry = round_.add_penalty(Penalty(GF, 0))  # Dora
    assert entry.players == (3, 4, 0, 1)
    assert entry.points == (1, 1, 0, -3, 1)
    assert entry.before_game == 3


def test_tsr_9_7_deduction_for_the_dealer_who_sits_out() -> None:
    """TSR 9.7 with 9.1.5 and 10.1.2: the dealer who sits out at a table of five is a
    Teilnehmer, and a deduction is no game score, so it can be his; nobody else gets points."""
    round_ = TableList(NAMES5)
    play_normal(round_)
    # Dealer Ben (1) sits out; playing from his left: Cem, Dora, Emil, Anna.
    entry = round_.add_penalty(Penalty(US, SITTING_DEALER, deduction=5))
    assert entry.players == (2, 3, 4, 0, 1)
    assert entry.points == (0, -5, 0, 0, 0)
    assert entry.result.game_effect is ON
    assert (round_.games_played, round_.next_dealer) == (1, 1)
    # Game 1 dealt by Anna: (0, +1, +1, -1, -1).
    assert round_.totals == (0, 1 - 5, 1, -1, -1)


@pytest.mark.parametrize("category", [UN, GF, SW, ENT])
def test_tsr_10_1_faults_in_a_game_concern_only_the_four_who_play(
    category: PenaltyCategory,
) -> None:
    """TSR 9.2-9.5 with 10.1: the dealer who sits out plays no game, so commits no fault in it."""
    with pytest.raises(DokoError, match=r"offender: the dealer sits out this game.*\(TSR 10.1\)"):
        penalty_points(Penalty(category, SITTING_DEALER))


def test_tsr_9_7_no_sitting_dealer_at_a_table_of_four() -> None:
    with pytest.raises(TableListError, match="offender: position 4 is not one of the four players"):
        TableList(NAMES4).add_penalty(Penalty(US, SITTING_DEALER, deduction=3))


def test_five_players_solo_penalty_maps_soloist_and_offender() -> None:
    round_ = TableList(NAMES5)
    play_normal(round_)
    play_normal(round_)
    play_normal(round_)
    # Games: (0, +1, +1, -1, -1), (-1, 0, +1, +1, -1), (-1, -1, 0, +1, +1).
    # Dealer Dora (3) sits out; playing: Emil, Anna, Ben, Cem. Soloist Ben (index 2) plays his
    # Pflichtsolo, Emil (index 0) commits a schwerwiegend fault after 2 Absagen: -18 / +18.
    entry = round_.add_penalty(Penalty(SW, 0, SOLO, 2, absagen=2), EntryKind.PFLICHTSOLO)
    assert entry.players == (4, 0, 1, 2)
    assert entry.points == (0, 18, 0, 0, -18)
    assert round_.games_played == 4
    assert round_.has_played_pflicht(1)
    assert round_.pflicht_missing == [0, 2, 3, 4]
    assert round_.next_dealer == 3  # after a Pflichtsolo the same dealer deals again
    assert round_.sits_out == 3
    assert round_.totals == (-2, 0 + 18, 2, 1, -1 - 18)


def test_not_played_keeps_game_count_and_dealer() -> None:
    round_ = TableList(NAMES4)
    play_normal(round_)
    play_normal(round_)
    assert (round_.games_played, round_.next_dealer, round_.games_left) == (2, 2, 22)
    # Dealer Cem (2): playing Dora, Anna, Ben, Cem. Ben (index 2) at fault, 1 Absage.
    entry = round_.add_penalty(Penalty(SW, 2, absagen=1))
    assert entry.result.game_effect is NOT_PLAYED
    assert entry.points == (5, -15, 5, 5)
    assert (round_.games_played, round_.next_dealer, round_.games_left) == (2, 2, 22)
    # Games: dealer Anna (-1, +1, +1, -1), dealer Ben (-1, -1, +1, +1).
    assert round_.totals == (-1 - 1 + 5, 1 - 1 - 15, 1 + 1 + 5, -1 + 1 + 5)
    play_normal(round_)  # the same dealer deals the game again
    assert round_.games[-1].dealer == 2
    assert round_.games_played == 3


def test_soloist_fault_in_pflichtsolo_not_played_pflicht_still_owed() -> None:
    round_ = TableList(NAMES4)
    # Dealer Anna: playing Ben, Cem, Dora, Anna. Cem (index 1) fails in his Pflichtsolo.
    round_.add_penalty(Penalty(SW, 1, SOLO, 1))
    assert round_.games_played == 0
    assert not round_.has_played_pflicht(2)
    assert round_.next_dealer == 0


@pytest.mark.parametrize(
    "kind, next_dealer", [(EntryKind.PFLICHTSOLO, 0), (EntryKind.VORFUEHRUNG, None)]
)
def test_solo_played_counts_the_solo(kind: EntryKind, next_dealer: int | None) -> None:
    round_ = TableList(NAMES4)
    if kind is EntryKind.VORFUEHRUNG:
        for _ in range(20):  # 4 Pflichtsoli missing, 4 games left: a Vorführung is due
            play_normal(round_)
        # Dealer Anna (20 games passed the deal round five times); counted from her left,
        # Ben is the first who misses his Pflichtsolo.
        assert round_.next_dealer == 0
        assert round_.vorfuehrung == 1
    dealer = round_.next_dealer
    playing = round_.playing()
    soloist_pos = round_.vorfuehrung if kind is EntryKind.VORFUEHRUNG else 2
    assert soloist_pos is not None
    soloist = playing.index(soloist_pos)
    offender = (soloist + 1) % 4
    played = round_.games_played
    entry = round_.add_penalty(Penalty(SW, offender, SOLO, soloist), kind)
    assert entry.points[soloist_pos] == 12
    assert entry.points[playing[offender]] == -12
    assert round_.games_played == played + 1
    assert round_.has_played_pflicht(soloist_pos)
    if next_dealer is None:  # after a vorgeführtes Pflichtsolo the deal passes on
        assert round_.next_dealer == (dealer + 1) % 4
    else:  # after a Pflichtsolo the same dealer deals again
        assert round_.next_dealer == dealer == next_dealer


def test_solo_played_lustsolo_moves_the_deal_on() -> None:
    round_ = TableList(NAMES4)
    # Cem (2) plays his Pflichtsolo (dealer Anna stays), then a Lustsolo that counts as played.
    round_.add_penalty(Penalty(SW, 0, SOLO, 1), EntryKind.PFLICHTSOLO)
    assert round_.next_dealer == 0
    entry = round_.add_penalty(Penalty(SW, 2, SOLO, 1, absagen=1), EntryKind.LUSTSOLO)
    assert entry.points == (0, 0, 15, -15)
    assert round_.games_played == 2
    assert round_.next_dealer == 1
    assert round_.totals == (0, -12, 12 + 15, -15)


def test_solo_played_needs_the_kind_of_solo() -> None:
    round_ = TableList(NAMES4)
    with pytest.raises(TableListError, match="Pflichtsolo"):
        round_.add_penalty(Penalty(SW, 0, SOLO, 1))
    with pytest.raises(TableListError, match="Pflichtsolo"):
        round_.add_penalty(Penalty(SW, 0, SOLO, 1), EntryKind.NORMALSPIEL)
    assert round_.games_played == 0
    assert round_.penalties == []


def test_solo_played_lustsolo_before_own_pflichtsolo_is_refused() -> None:
    round_ = TableList(NAMES4)
    with pytest.raises(TableListError, match=r"TSR 4\.3\.1"):
        round_.add_penalty(Penalty(SW, 0, SOLO, 1), EntryKind.LUSTSOLO)
    assert round_.games_played == 0


def test_goes_on_penalties_change_nothing_but_the_totals() -> None:
    round_ = TableList(NAMES4)
    play_normal(round_)
    for penalty in (Penalty(UN, 0), Penalty(GF, 1), Penalty(ENT, 2), Penalty(US, 3, deduction=4)):
        round_.add_penalty(penalty)
    assert (round_.games_played, round_.next_dealer, round_.games_left) == (1, 1, 23)
    # Game (dealer Anna; Ben and Cem +1): (-1, +1, +1, -1). Dealer Ben: playing Cem, Dora,
    # Anna, Ben; GF index 1 = Dora, ENT index 2 = Anna, US index 3 = Ben.
    assert round_.totals == (
        -1 + 1 - 3,  # Anna: game -1, GF +1, ENT -3
        1 + 1 + 1 - 4,  # Ben: game +1, GF +1, ENT +1, deduction 4
        1 + 1 + 1,  # Cem: game +1, GF +1, ENT +1
        -1 - 3 + 1,  # Dora: game -1, GF -3, ENT +1
    )


def test_after_time_up_a_not_played_game_is_not_repeated() -> None:
    round_ = TableList(NAMES4)
    for _ in range(3):
        play_normal(round_)
    # 21 games left, 4 Pflichtsoli missing, one game being dealt: 16 struck.
    assert round_.declare_time_up(being_dealt=True) == 16
    assert round_.games_left == 1 + 4
    assert round_.vorfuehrung is None
    round_.add_penalty(Penalty(SW, 0))  # the game being dealt counts as not played
    assert round_.games_played == 3
    assert round_.games_left == 4  # not repeated: only the 4 Vorführungen are left
    assert round_.vorfuehrung == 0  # dealer Dora (3): Anna is first from his left
    assert round_.next_dealer == 3
    # A vorgeführtes Pflichtsolo is repeated even after time (TSR 8.6): soloist Anna fails.
    round_.add_penalty(Penalty(SW, 0, SOLO, 0))
    assert round_.games_left == 4
    assert round_.vorfuehrung == 0
    # Now an opponent fails: the Vorführung counts as played, the deal passes to Anna.
    round_.add_penalty(Penalty(SW, 1, SOLO, 0), EntryKind.VORFUEHRUNG)
    assert round_.games_played == 4
    assert round_.games_left == 3
    assert round_.has_played_pflicht(0)
    assert round_.next_dealer == 0
    assert round_.vorfuehrung == 1


def test_no_solo_counts_as_played_after_the_last_game() -> None:
    """TSR 8.5.1: a round is 24 games. Once they are all played (here 20 Normalspiele and the
    four Vorführungen, each counted as played through an opponent's schwerwiegend fault) no
    further game is being played, so no solo can count as played: a 25th game is refused."""
    round_ = TableList(NAMES4)
    for _ in range(20):
        play_normal(round_)
    while round_.vorfuehrung is not None:
        soloist = round_.playing().index(round_.vorfuehrung)
        round_.add_penalty(Penalty(SW, (soloist + 1) % 4, SOLO, soloist), EntryKind.VORFUEHRUNG)
    assert (round_.games_played, round_.games_left, round_.is_complete) == (24, 0, True)
    with pytest.raises(TableListError):
        round_.add_penalty(Penalty(SW, 1, SOLO, 0), EntryKind.LUSTSOLO)
    assert round_.games_played == 24
    assert round_.games_left == 0


def test_before_time_up_a_not_played_game_is_repeated() -> None:
    round_ = TableList(NAMES4)
    for _ in range(3):
        play_normal(round_)
    round_.add_penalty(Penalty(SW, 0))
    assert round_.games_left == 21
    assert round_.next_dealer == 3


# ----------------------------------------------------------------------------- check_list
def quick_game(dealer: str, points: dict[str, int], winners: list[str]) -> dict[str, Any]:
    return {
        "kind": "game",
        "dealer": dealer,
        "type": "normal",
        "quick": True,
        "points": points,
        "winners": winners,
    }


def penalty(**fields: Any) -> dict[str, Any]:
    return {"kind": "penalty", "signed_by": "Schiedsrichter Meyer", **fields}


def errors(report: dict[str, Any]) -> list[dict[str, Any]]:
    return [f for f in report["findings"] if f["level"] == "error"]


def test_check_list_penalty_rows_and_totals() -> None:
    report = check_list(
        {
            "id": "t1",
            "players": list(NAMES4),
            "entries": [
                quick_game("Anna", {"Anna": -1, "Ben": 1, "Cem": 1, "Dora": -1}, ["Ben", "Cem"]),
                penalty(
                    category="geringfuegig",
                    offender="Cem",
                    points={"Anna": 1, "Ben": 1, "Cem": -3, "Dora": 1},
                ),
                # Dealer Ben: Cem plays a Pflichtsolo; Dora fails after 1 Absage of Cem.
                penalty(
                    category="schwerwiegend",
                    offender="Dora",
                    phase="solo",
                    soloist="Cem",
                    absagen=1,
                    solo_pflicht=True,
                    points={"Anna": 0, "Ben": 0, "Cem": 15, "Dora": -15},
                ),
                penalty(category="unsportlich", offender="Anna", deduction=6),
            ],
        }
    )
    assert errors(report) == []
    assert report["valid"]
    rows = report["rows"]
    assert [row["entry"] for row in rows] == [1, 2, 3, 4]
    assert [row.get("penalty") for row in rows] == [
        None,
        "geringfuegig",
        "schwerwiegend",
        "unsportlich",
    ]
    assert rows[1]["points"] == {"Anna": 1, "Ben": 1, "Cem": -3, "Dora": 1}
    assert rows[1]["totals"] == {"Anna": 0, "Ben": 2, "Cem": -2, "Dora": 0}
    assert rows[2]["points"] == {"Anna": 0, "Ben": 0, "Cem": 15, "Dora": -15}
    assert rows[2]["totals"] == {"Anna": 0, "Ben": 2, "Cem": 13, "Dora": -15}
    assert rows[3]["points"] == {"Anna": -6, "Ben": 0, "Cem": 0, "Dora": 0}
    assert report["totals"] == {"Anna": -6, "Ben": 2, "Cem": 13, "Dora": -15}
    assert report["games_played"] == 2  # the quick game and the Pflichtsolo counted as played
    assert "Cem" not in report["pflicht_missing"]
    assert report["next_dealer"] == "Ben"  # after a Pflichtsolo the same dealer deals again


def test_check_list_five_players_penalty() -> None:
    report = check_list(
        {
            "players": list(NAMES5),
            "entries": [
                # Dealer Anna sits out and gets 0.
                penalty(
                    category="schwerwiegend",
                    offender="Emil",
                    absagen=4,
                    points={"Anna": 0, "Ben": 8, "Cem": 8, "Dora": 8, "Emil": -24},
                ),
            ],
        }
    )
    assert errors(report) == []
    assert report["totals"] == {"Anna": 0, "Ben": 8, "Cem": 8, "Dora": 8, "Emil": -24}
    assert report["games_played"] == 0
    assert report["next_dealer"] == "Anna"
    assert report["sits_out"] == "Anna"


def test_check_list_tsr_9_7_deduction_for_the_dealer_who_sits_out() -> None:
    report = check_list(
        {
            "players": list(NAMES5),
            "entries": [
                # Dealer Anna sits out; the deduction is hers, nobody gets a credit.
                penalty(
                    category="unsportlich",
                    offender="Anna",
                    deduction=4,
                    points={"Anna": -4, "Ben": 0, "Cem": 0, "Dora": 0, "Emil": 0},
                ),
            ],
        }
    )
    assert report["findings"][:-1] == []  # only the "games still to play" note
    assert report["rows"][0]["points"] == {"Anna": -4, "Ben": 0, "Cem": 0, "Dora": 0, "Emil": 0}
    assert report["totals"]["Anna"] == -4
    assert (report["games_played"], report["next_dealer"]) == (0, "Anna")


@pytest.mark.parametrize("category", ["unerheblich", "geringfuegig", "schwerwiegend"])
def test_check_list_tsr_10_1_no_fault_in_a_game_for_the_dealer_who_sits_out(
    category: str,
) -> None:
    report = check_list(
        {"players": list(NAMES5), "entries": [penalty(category=category, offender="Anna")]}
    )
    (finding,) = errors(report)
    assert finding["rule"] == "TSR 10.1"
    assert finding["message"] == "entry 1: offender: Anna sits out this game (TSR 10.1)"


def test_check_list_wrong_written_points_give_a_finding() -> None:
    report = check_list(
        {
            "players": list(NAMES4),
            "entries": [
                # Written as if the Kontra fault did not harm the soloist: wrong.
                penalty(
                    category="geringfuegig",
                    offender="Dora",
                    phase="solo",
                    soloist="Ben",
                    harms_soloist=True,
                    points={"Anna": 1, "Ben": 1, "Cem": 1, "Dora": -3},
                ),
            ],
        }
    )
    assert not report["valid"]
    (finding,) = errors(report)
    assert finding["rule"] == "TSR 9.3"
    assert finding["game"] == 1
    assert "entry 1" in finding["message"]
    # The engine's points count, not the written ones.
    assert report["totals"] == {"Anna": 0, "Ben": 3, "Cem": 0, "Dora": -3}


def test_check_list_wrong_schwerwiegend_points_give_a_finding() -> None:
    report = check_list(
        {
            "players": list(NAMES4),
            "entries": [
                penalty(
                    category="schwerwiegend",
                    offender="Ben",
                    absagen=2,
                    points={"Anna": 4, "Ben": -12, "Cem": 4, "Dora": 4},  # Absagen forgotten
                ),
            ],
        }
    )
    (finding,) = errors(report)
    assert finding["rule"] == "TSR 9.4"
    assert report["totals"] == {"Anna": 6, "Ben": -18, "Cem": 6, "Dora": 6}


@pytest.mark.parametrize("phase", ["hochzeit_allein", "stille_hochzeit_nach_zweiter_kreuz_dame"])
def test_check_list_hochzeit_alone_counted_as_played_is_no_pflichtsolo(phase: str) -> None:
    """TSR 9.4 with 9.6 and 4.4.3/4.4.5: a schwerwiegend fault of an opponent of the Hochzeiter
    playing alone makes the game count as played. It is a Hochzeit, written among the
    Normalspiele, does not replace the Pflichtsolo, and needs no Pflichtsolo before it (it
    is no Lustsolo): one game played, the Hochzeiter still owes his Pflichtsolo, and the deal
    passes on as after any Normalspiel."""
    report = check_list(
        {
            "players": list(NAMES4),
            "entries": [
                # Dealer Anna; Ben is the Hochzeiter playing alone, Cem fails.
                penalty(
                    category="schwerwiegend",
                    offender="Cem",
                    phase=phase,
                    soloist="Ben",
                    points={"Anna": 0, "Ben": 12, "Cem": -12, "Dora": 0},
                ),
            ],
        }
    )
    assert errors(report) == []
    assert report["totals"] == {"Anna": 0, "Ben": 12, "Cem": -12, "Dora": 0}
    assert report["games_played"] == 1
    assert "Ben" in report["pflicht_missing"]
    assert report["next_dealer"] == "Ben"
