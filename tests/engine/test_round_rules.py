"""Round rules: dealer order, Pflichtsolo and Vorführung, time up, five-player tables,
penalties, the score-list checks of TSR 7.3 and the whole-list check (``check-list``).

Every expected value (dealers, who is vorgeführt, who sits out, totals, struck games) is worked
out by hand from ``docs/rules.md``; the working is in the comments. Positions are
table positions: position 1 (Anna, index 0) deals first (TSR 3.1.1).
"""

from __future__ import annotations

import itertools
import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine.gametypes import GameType, SoloCategory, SoloType
from rules_engine.penalties import Penalty, PenaltyCategory, PenaltyPhase
from rules_engine.scorelist import check_list
from rules_engine.scoring import GameSummary
from rules_engine.simulate import random_list
from rules_engine.table_list import EntryKind, GameEntry, QuickScore, TableList, TableListError
from tests.support.examples import examples

ROOT = Path(__file__).resolve().parents[2]

NAMES4 = ("Anna", "Ben", "Cem", "Dora")
NAMES5 = ("Anna", "Ben", "Cem", "Dora", "Emil")
ANNA, BEN, CEM, DORA, EMIL = range(5)
LETTER = {"A": ANNA, "B": BEN, "C": CEM, "D": DORA, "E": EMIL}

N = EntryKind.NORMALSPIEL
H = EntryKind.HOCHZEIT
SH = EntryKind.STILLE_HOCHZEIT
L = EntryKind.LUSTSOLO
P = EntryKind.PFLICHTSOLO
V = EntryKind.VORFUEHRUNG

#: One game of a hand-built list: (dealer, kind) for a Normalspiel won by the default pair,
#: or (dealer, kind, soloist, value) for a solo; ``value`` < 0 means the soloist lost.
Script = list[tuple[Any, ...]]


# ---------------------------------------------------------------------------- helpers
def normal_points(
    size: int, dealer: int, winners: tuple[int, int], value: int = 1
) -> tuple[int, ...]:
    """A Normalspiel row: the two winners +value, the other players -value; at a table of
    five the dealer sits out with 0 (TSR 10.1)."""
    points = []
    for p in range(size):
        if size == 5 and p == dealer:
            points.append(0)
        else:
            points.append(value if p in winners else -value)
    return tuple(points)


def solo_points(size: int, dealer: int, soloist: int, value: int) -> tuple[int, ...]:
    """A solo row: the soloist 3 x value, each opponent -value (TSR 7.2.4)."""
    points = []
    for p in range(size):
        if p == soloist:
            points.append(3 * value)
        elif size == 5 and p == dealer:
            points.append(0)
        else:
            points.append(-value)
    return tuple(points)


def normal(
    dealer: int, winners: tuple[int, int] = (ANNA, BEN), value: int = 1, size: int = 4
) -> GameEntry:
    points = normal_points(size, dealer, winners, value)
    return GameEntry(dealer, N, quick=QuickScore(points, frozenset(winners)))


def solo(dealer: int, kind: EntryKind, soloist: int, value: int = 1, size: int = 4) -> GameEntry:
    points = solo_points(size, dealer, soloist, value)
    if value > 0:
        winners = frozenset({soloist})
    else:
        winners = frozenset(p for p in range(size) if p != soloist and points[p] != 0)
    return GameEntry(dealer, kind, quick=QuickScore(points, winners), soloist=soloist)


def entry_of(game: tuple[Any, ...], size: int = 4) -> GameEntry:
    """A script line as a quick entry. At a table of five a Normalspiel is won by the two
    players left of the dealer (each player deals five of them, so these net to 0)."""
    dealer, kind = game[0], game[1]
    if kind is N:
        if size == 5:
            return normal(dealer, ((dealer + 1) % 5, (dealer + 2) % 5), size=5)
        return normal(dealer)
    return solo(dealer, kind, game[2], game[3], size)


def play(round_: TableList, script: Script) -> None:
    for game in script:
        round_.add_game(entry_of(game, round_.size))


def quick(
    dealer: int,
    points: tuple[int, ...],
    winners: set[int],
    kind: EntryKind = N,
    soloist: int | None = None,
) -> GameEntry:
    return GameEntry(dealer, kind, quick=QuickScore(points, frozenset(winners)), soloist=soloist)


def errors(findings: list[Any]) -> list[tuple[int | None, str]]:
    return [(f.game, f.rule) for f in findings if f.level == "error"]


_JSON_TYPES = {
    N: ("normal", None),
    H: ("hochzeit", None),
    SH: ("stille_hochzeit", None),
    L: ("solo", False),
    P: ("solo", True),
    V: ("solo", "vorgefuehrt"),
}


def to_json(entry: GameEntry, names: tuple[str, ...] = NAMES4) -> dict[str, Any]:
    """A quick entry in the JSON list format read by ``check_list``."""
    assert entry.quick is not None
    game_type, pflicht = _JSON_TYPES[entry.kind]
    record: dict[str, Any] = {
        "kind": "game",
        "dealer": names[entry.dealer],
        "type": game_type,
        "quick": True,
        "points": dict(zip(names, entry.quick.points, strict=True)),
        "winners": [names[p] for p in sorted(entry.quick.winners)],
    }
    if pflicht is not None:
        record["pflicht"] = pflicht
    if entry.soloist is not None:
        record["player"] = names[entry.soloist]
    return record


def json_list(script: Script, names: tuple[str, ...] = NAMES4, list_id: Any = "t1") -> Any:
    entries = [to_json(entry_of(game, len(names)), names) for game in script]
    return {"id": list_id, "players": list(names), "entries": entries}


def report_errors(report: dict[str, Any]) -> list[tuple[int | None, str]]:
    return [(f["game"], f["rule"]) for f in report["findings"] if f["level"] == "error"]


def run_cli(text: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules_engine", "check-list"],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


# ---------------------------------------------------------------------------- lists
# 24 games, four Pflichtsoli; the dealer column by hand: +1 after every game, the same dealer
# again after a Pflichtsolo (TSR 3.3.1, 4.2.5). Normalspiele: Anna and Ben win 1.
FOUR_PFLICHTSOLI: Script = [
    (ANNA, N), (BEN, N), (CEM, P, BEN, 2),  # 3: Ben's Pflichtsolo, Cem deals again
    (CEM, N), (DORA, N), (ANNA, N), (BEN, N), (CEM, P, ANNA, -1),  # 8: Anna's, lost
    (CEM, N), (DORA, N), (ANNA, N), (BEN, N), (CEM, N), (DORA, N), (ANNA, P, DORA, 1),  # 15
    (ANNA, N), (BEN, N), (CEM, N), (DORA, N), (ANNA, P, CEM, 3),  # 20: Cem's
    (ANNA, N), (BEN, N), (CEM, N), (DORA, N),
]  # fmt: skip
# Totals: 20 Normalspiele +-20 (Anna, Ben +20; Cem, Dora -20);
# Ben's solo +6/-2, Anna's lost solo -3/+1, Dora's +3/-1, Cem's +9/-3:
# Anna 20-2-3-1-3 = 11, Ben 20+6+1-1-3 = 23, Cem -20-2+1-1+9 = -13, Dora -20-2+1+3-3 = -21.
FOUR_PFLICHTSOLI_TOTALS = (11, 23, -13, -21)

# Ben, Cem and Dora play their Pflichtsolo; Anna never does. 23 games with 3 repeats leave 20
# moves of the deal, so Anna deals game 24: missing 1 = games left 1, and she is the next one
# missing counted from her own left (Ben, Cem, Dora, Anna): the dealer plays it himself.
VORFUEHRUNG_AT_END: Script = [
    (ANNA, N), (BEN, P, BEN, 1),
    (BEN, N), (CEM, N), (DORA, N), (ANNA, N), (BEN, N), (CEM, N), (DORA, P, CEM, 1),
    (DORA, N), (ANNA, N), (BEN, N), (CEM, N), (DORA, N), (ANNA, N), (BEN, P, DORA, -2),
    (BEN, N), (CEM, N), (DORA, N), (ANNA, N), (BEN, N), (CEM, N), (DORA, N),
    (ANNA, V, ANNA, 1),
]  # fmt: skip

# Ben and Dora play their Pflichtsolo; Anna and Cem are missing. After 22 games (2 repeats,
# 20 moves) Anna deals: missing 2 = games left 2. From Anna's left: Ben (done), Cem -> Cem,
# although Anna sits at position 1. The deal passes on to Ben: from his left Cem (done),
# Dora (done), Anna -> Anna.
TWO_VORFUEHRUNGEN: Script = [
    (ANNA, N), (BEN, N), (CEM, N), (DORA, N), (ANNA, P, BEN, 1),
    (ANNA, N), (BEN, N), (CEM, N), (DORA, N), (ANNA, N), (BEN, N), (CEM, P, DORA, 1),
    (CEM, N), (DORA, N), (ANNA, N), (BEN, N), (CEM, N), (DORA, N), (ANNA, N), (BEN, N),
    (CEM, N), (DORA, N),
    (ANNA, V, CEM, 1), (BEN, V, ANNA, -1),
]  # fmt: skip

# Anna's and Ben's Pflichtsoli first (Anna deals both and again after each), then 13
# Normalspiele dealt by Anna, Ben, Cem, Dora, ... : 13 moves from Anna, so Ben deals game 16.
# Cem and Dora still owe their Pflichtsolo.
BEFORE_TIME_UP: Script = [
    (ANNA, P, ANNA, 1), (ANNA, P, BEN, 1),
    (ANNA, N), (BEN, N), (CEM, N), (DORA, N), (ANNA, N), (BEN, N), (CEM, N), (DORA, N),
    (ANNA, N), (BEN, N), (CEM, N), (DORA, N), (ANNA, N),
]  # fmt: skip


def five_player_list() -> Script:
    """30 games at a table of five. Anna deals games 1-5: Ben, Cem, Dora and Emil play their
    Pflichtsolo (she deals again after each), then a Normalspiel. Ben deals games 6-7: Anna's
    Pflichtsolo, a Normalspiel. Then 23 Normalspiele dealt in turn from Cem."""
    dealers = "AAAAABB" + "CDEAB" * 4 + "CDE"
    kinds: list[tuple[Any, ...]] = [
        (P, BEN, 1), (P, CEM, 1), (P, DORA, 1), (P, EMIL, 1), (N,), (P, ANNA, 1), (N,),
    ]  # fmt: skip
    kinds += [(N,)] * 23
    return [(LETTER[d], *k) for d, k in zip(dealers, kinds, strict=True)]


# ---------------------------------------------------------------------------- complete lists
@pytest.mark.parametrize(
    "script",
    [FOUR_PFLICHTSOLI, VORFUEHRUNG_AT_END, TWO_VORFUEHRUNGEN],
    ids=["four_pflichtsoli", "vorfuehrung_at_end", "two_vorfuehrungen"],
)
def test_tsr_3_3_1_and_4_2_5_dealer_order_of_a_complete_list(script: Script) -> None:
    """Before each game the round names the dealer of the hand-made list and, only for the
    vorgeführte ones, the player who must play (TSR 3.3.1, 4.2.3, 4.2.5)."""
    r = TableList(NAMES4)
    assert len(script) == 24
    for number, game in enumerate(script, start=1):
        dealer, kind = game[0], game[1]
        assert r.next_dealer == dealer, f"game {number}"
        assert r.vorfuehrung == (game[2] if kind is V else None), f"game {number}"
        assert r.games_left == 25 - number
        assert not r.is_complete
        r.add_game(entry_of(game))
    assert r.is_complete
    assert r.games_left == 0
    assert r.pflicht_missing == []
    assert r.games_played == 24


def test_tsr_7_3_totals_of_the_four_pflichtsoli_list() -> None:
    r = TableList(NAMES4)
    play(r, FOUR_PFLICHTSOLI)
    assert r.totals == FOUR_PFLICHTSOLI_TOTALS
    assert [g.dealer for g in r.games] == [g[0] for g in FOUR_PFLICHTSOLI]
    assert [g.number for g in r.games] == list(range(1, 25))


def test_tsr_8_6_pflicht_missing_and_lustsolo_permission_along_the_list() -> None:
    """After games 3 (Ben), 8 (Anna), 15 (Dora) and 20 (Cem) one fewer is missing; a Lustsolo
    is allowed exactly to those who have played their Pflichtsolo (TSR 4.3.1, 8.6)."""
    r = TableList(NAMES4)
    expected_missing = {
        0: [ANNA, BEN, CEM, DORA],
        3: [ANNA, CEM, DORA],
        8: [CEM, DORA],
        15: [CEM],
        20: [],
    }
    for number, game in enumerate(FOUR_PFLICHTSOLI):
        if number in expected_missing:
            missing = expected_missing[number]
            assert r.pflicht_missing == missing
            for p in range(4):
                assert r.may_play_lustsolo(p) is (p not in missing)
                assert r.has_played_pflicht(p) is (p not in missing)
        r.add_game(entry_of(game))


def test_tsr_4_2_3_vorfuehrung_when_missing_equals_games_left() -> None:
    """Before game 23 of the two-Vorführungen list: missing 2 (Anna, Cem) = games left 2."""
    r = TableList(NAMES4)
    play(r, TWO_VORFUEHRUNGEN[:21])
    assert (r.pflicht_missing, r.games_left, r.vorfuehrung) == ([ANNA, CEM], 3, None)
    r.add_game(entry_of(TWO_VORFUEHRUNGEN[21]))
    assert (r.pflicht_missing, r.games_left, r.vorfuehrung) == ([ANNA, CEM], 2, CEM)
    assert r.next_dealer == ANNA


def test_tsr_4_2_3_vorfuehrung_by_the_dealer_himself_at_a_table_of_four() -> None:
    r = TableList(NAMES4)
    play(r, VORFUEHRUNG_AT_END[:23])
    assert (r.next_dealer, r.vorfuehrung) == (ANNA, ANNA)
    assert r.leader(V, ANNA) == ANNA  # the soloist of a Pflichtsolo leads (TSR 4.2.2)
    with pytest.raises(TableListError, match=r"TSR 4\.2\.3"):
        r.add_game(normal(ANNA))
    with pytest.raises(TableListError, match=r"TSR 4\.2\.3"):
        r.add_game(solo(ANNA, P, ANNA))  # nobody chooses it now: it is vorgeführt
    r.add_game(solo(ANNA, V, ANNA))
    assert r.is_complete


# (Pflichtsoli played in games 1.. by choice, Anna dealing each and again after it; then 20
# Normalspiele, dealt Anna, Ben, Cem, Dora five times, so Anna deals the first Vorführung.)
# Expected (dealer, vorgeführt) of each Vorführung: the next one missing from the dealer's
# left, the dealer himself last; the deal passes on after each.
VORFUEHRUNG_ORDER = [
    ((), [(ANNA, BEN), (BEN, CEM), (CEM, DORA), (DORA, ANNA)]),
    ((ANNA,), [(ANNA, BEN), (BEN, CEM), (CEM, DORA)]),
    ((CEM,), [(ANNA, BEN), (BEN, DORA), (CEM, ANNA)]),
    ((ANNA, BEN), [(ANNA, CEM), (BEN, DORA)]),
    ((CEM, DORA), [(ANNA, BEN), (BEN, ANNA)]),
    ((BEN, DORA), [(ANNA, CEM), (BEN, ANNA)]),
    ((BEN, CEM, DORA), [(ANNA, ANNA)]),
    ((ANNA, CEM, DORA), [(ANNA, BEN)]),
]


@pytest.mark.parametrize(("done", "expected"), VORFUEHRUNG_ORDER)
def test_tsr_4_2_3_vorfuehrung_order_from_the_dealers_left(
    done: tuple[int, ...], expected: list[tuple[int, int]]
) -> None:
    r = TableList(NAMES4)
    play(r, [(ANNA, P, p, 1) for p in done])
    play(r, [(i % 4, N) for i in range(20)])
    seen = []
    while not r.is_complete:
        dealer, due = r.next_dealer, r.vorfuehrung
        assert due is not None
        seen.append((dealer, due))
        r.add_game(solo(dealer, V, due))
    assert seen == expected
    assert r.games_played == 24


def test_tsr_4_2_3_wrong_player_for_a_due_vorfuehrung_is_refused() -> None:
    r = TableList(NAMES4)
    play(r, TWO_VORFUEHRUNGEN[:22])
    # Anna is missing too, but Cem sits further forward from the dealer Anna's left.
    with pytest.raises(TableListError, match=r"TSR 4\.2\.3"):
        r.add_game(solo(ANNA, V, ANNA))
    assert r.games_played == 22


# ---------------------------------------------------------------------------- leader
@pytest.mark.parametrize(
    ("kind", "soloist", "leader"),
    [
        (N, None, BEN),  # Vorhand: the dealer Anna's left (TSR 5.1.1)
        (H, CEM, BEN),
        (L, DORA, BEN),  # Lustsolo: the dealer's left leads (TSR 4.3.1)
        (P, DORA, DORA),  # Pflichtsolo: the soloist leads (TSR 4.2.2)
        (V, CEM, CEM),
    ],
)
def test_tsr_4_2_2_and_4_3_1_who_leads_the_first_trick(
    kind: EntryKind, soloist: int | None, leader: int
) -> None:
    assert TableList(NAMES4).leader(kind, soloist) == leader


def test_tsr_10_1_leader_at_a_table_of_five_is_left_of_the_dealer() -> None:
    r = TableList(NAMES5)
    play(r, [(ANNA, N), (BEN, N), (CEM, N), (DORA, N)])
    assert r.next_dealer == EMIL
    assert r.playing() == (ANNA, BEN, CEM, DORA)
    assert r.leader(N) == ANNA
    assert r.leader(P, CEM) == CEM


# ---------------------------------------------------------------------------- time up
def test_tsr_8_5_3_time_up_while_dealing_finishes_that_game_then_vorfuehrungen() -> None:
    """After 15 games, Ben dealing game 16: 9 games were left, 1 is finished, 2 Pflichtsoli
    are missing, so 9 - 1 - 2 = 6 Normalspiele are struck. Game 16 may be a Normalspiel;
    then Cem deals, missing 2 = games left 2: from Cem's left Dora, then (Dora dealing) Cem."""
    r = TableList(NAMES4)
    play(r, BEFORE_TIME_UP)
    assert r.next_dealer == BEN
    assert r.declare_time_up(being_dealt=True) == 6
    assert (r.time_up, r.struck, r.games_left, r.vorfuehrung) == (True, 6, 3, None)
    r.add_game(normal(BEN))
    assert (r.games_left, r.next_dealer, r.vorfuehrung) == (2, CEM, DORA)
    with pytest.raises(TableListError, match=r"TSR 4\.2\.3"):
        r.add_game(normal(CEM))  # no Normalspiel after time (TSR 8.6)
    r.add_game(solo(CEM, V, DORA))
    assert (r.games_left, r.next_dealer, r.vorfuehrung) == (1, DORA, CEM)
    r.add_game(solo(DORA, V, CEM, -1))
    assert r.is_complete
    assert r.games_played + r.struck == 24
    with pytest.raises(TableListError, match=r"TSR 8\.5"):
        r.add_game(normal(ANNA))


def test_tsr_8_5_3_time_up_between_games_strikes_all_normalspiele() -> None:
    """Nothing being dealt: 9 - 0 - 2 = 7 struck; at once missing 2 = games left 2; the dealer
    Ben: from his left Cem, then (Cem dealing) Dora."""
    r = TableList(NAMES4)
    play(r, BEFORE_TIME_UP)
    assert r.declare_time_up(being_dealt=False) == 7
    assert (r.struck, r.games_left, r.next_dealer, r.vorfuehrung) == (7, 2, BEN, CEM)
    with pytest.raises(TableListError, match=r"TSR 4\.2\.3"):
        r.add_game(normal(BEN))
    r.add_game(solo(BEN, V, CEM))
    assert (r.next_dealer, r.vorfuehrung) == (CEM, DORA)
    r.add_game(solo(CEM, V, DORA))
    assert r.is_complete
    assert r.games_played + r.struck == 24
    with pytest.raises(TableListError, match=r"TSR 8\.5"):
        r.add_game(solo(DORA, V, DORA))


def test_tsr_8_6_game_dealt_at_time_up_may_be_a_pflichtsolo() -> None:
    """The game being dealt is Cem's Pflichtsolo by choice: Ben deals again (TSR 3.3.1); only
    Dora is missing and one game is left, so she is vorgeführt."""
    r = TableList(NAMES4)
    play(r, BEFORE_TIME_UP)
    r.declare_time_up(being_dealt=True)
    r.add_game(solo(BEN, P, CEM))
    assert (r.games_left, r.next_dealer, r.vorfuehrung) == (1, BEN, DORA)
    r.add_game(solo(BEN, V, DORA))
    assert r.is_complete


def test_tsr_8_5_3_time_up_with_no_pflichtsolo_missing_ends_the_list() -> None:
    r = TableList(NAMES4)
    play(r, FOUR_PFLICHTSOLI[:20])  # all four Pflichtsoli played, 4 games left
    assert r.declare_time_up(being_dealt=False) == 4
    assert r.is_complete
    with pytest.raises(TableListError, match=r"TSR 8\.5"):
        r.add_game(normal(ANNA))


def test_tsr_8_5_time_up_twice_is_refused() -> None:
    r = TableList(NAMES4)
    r.declare_time_up(being_dealt=False)
    with pytest.raises(TableListError, match=r"TSR 8\.5"):
        r.declare_time_up(being_dealt=True)


def test_tsr_8_5_3_time_up_while_vorfuehrungen_run_adds_no_game() -> None:
    """Anna's and Ben's Pflichtsoli, then 20 Normalspiele: Anna deals game 23, which is Cem's
    Vorführung (missing 2 = games left 2). Time is called while it is being dealt: that game
    is finished, nothing else is outstanding but Dora's Pflichtsolo. The round still has 24
    games; no Normalspiel can come in between (TSR 8.5.3, 8.6: after time nothing is played
    but the game being dealt and the vorgeführten Pflichtsoli)."""
    r = TableList(NAMES4)
    play(r, [(ANNA, P, ANNA, 1), (ANNA, P, BEN, 1)])
    play(r, [(i % 4, N) for i in range(20)])
    assert (r.next_dealer, r.vorfuehrung, r.games_left) == (ANNA, CEM, 2)
    r.declare_time_up(being_dealt=True)
    assert (r.struck, r.games_left, r.vorfuehrung) == (0, 2, CEM)
    assert not r.can_add_game(normal(ANNA))
    r.add_game(solo(ANNA, V, CEM))
    r.add_game(solo(BEN, V, DORA))
    assert r.is_complete
    assert r.games_played == 24


def test_tsr_8_6_game_not_played_after_time_is_not_repeated() -> None:
    """Time up while game 16 (a Normalspiel) is dealt; a schwerwiegend fault makes it count as
    not played (TSR 9.4). After time it is not dealt again: only the two Vorführungen are left."""
    r = TableList(NAMES4)
    play(r, BEFORE_TIME_UP)
    r.declare_time_up(being_dealt=True)
    # Ben deals: the players from his left are Cem (0), Dora (1), Anna (2), Ben (3).
    entry = r.add_penalty(Penalty(PenaltyCategory.SCHWERWIEGEND, 0))
    assert entry.points == (4, 4, -12, 4)
    assert (r.games_played, r.games_left) == (15, 2)
    assert r.vorfuehrung is not None
    assert not r.can_add_game(normal(r.next_dealer))


def test_tsr_8_5_1_nachspielzeit_extends_the_time_limit() -> None:
    r = TableList(NAMES4)
    assert r.time_limit == 100
    r.add_extension(7, "Reklamation")
    r.add_extension(3, "Reklamation")
    assert r.time_limit == 110
    with pytest.raises(TableListError, match=r"TSR 8\.5\.1"):
        r.add_extension(0, "nothing")
    assert TableList(NAMES5).time_limit == 125


# ---------------------------------------------------------------------------- table of five
FIVE = five_player_list()


def test_tsr_10_1_five_player_list_who_sits_out_and_how_many_games_each_plays() -> None:
    """The dealer sits out each game with 0 points. Each player deals exactly five of the 25
    non-Pflicht games; a player plays 30 minus the games he deals: Anna deals 9 (games 1-5,
    11, 16, 21, 26) and plays 21, Ben deals 6 (6, 7, 12, 17, 22, 27) and plays 24, Cem, Dora
    and Emil deal 5 and play 25 (TSR 10.1, 10.2)."""
    r = TableList(NAMES5)
    assert len(FIVE) == 30
    played: Counter[int] = Counter()
    for number, game in enumerate(FIVE, start=1):
        dealer = game[0]
        assert r.next_dealer == dealer, f"game {number}"
        assert r.sits_out == dealer, f"game {number}"
        assert dealer not in r.playing()
        assert sorted(r.playing()) == sorted(set(range(5)) - {dealer})
        assert r.vorfuehrung is None
        r.add_game(entry_of(game, 5))
        assert r.games[-1].points[dealer] == 0
        played.update(p for p in range(5) if p != dealer)
    assert r.is_complete
    assert r.games_played == 30
    assert dict(played) == {ANNA: 21, BEN: 24, CEM: 25, DORA: 25, EMIL: 25}
    assert max(played.values()) <= 25
    normals_dealt = Counter(g.dealer for g in r.games if not g.kind.is_pflicht)
    assert dict(normals_dealt) == {p: 5 for p in range(5)}
    # Normalspiele net to 0 for everyone (each position is 1st/2nd/3rd/4th left of the dealer
    # five times); Ben, Cem, Dora, Emil each +3 for their own solo and -1 in the three others
    # Anna dealt; Anna +3 for hers, Cem, Dora, Emil -1 (Ben dealt it).
    assert r.totals == (3, 0, -1, -1, -1)


def test_tsr_10_1_sitting_out_dealer_cannot_play_a_solo() -> None:
    r = TableList(NAMES5)
    with pytest.raises(TableListError, match=r"TSR 10\.1"):
        r.add_game(solo(ANNA, P, ANNA, size=5))
    assert r.can_add_game(solo(ANNA, P, BEN, size=5))


def test_tsr_10_1_sitting_out_dealer_scores_zero_in_a_quick_row() -> None:
    r = TableList(NAMES5)
    findings, _ = r.game_findings(quick(ANNA, (2, 1, 1, -2, -2), {BEN, CEM}))
    assert "TSR 10.1" in [rule for _, rule in errors(findings)]
    with pytest.raises(TableListError, match=r"TSR 10\.1"):
        r.verify_game(quick(ANNA, (2, 1, 1, -2, -2), {BEN, CEM}))


def test_tsr_10_1_sitting_out_dealer_named_as_soloist_of_a_quick_row_is_a_finding() -> None:
    """Not a crash: the row's shape cannot be checked against a soloist who did not play."""
    r = TableList(NAMES5)
    findings, _ = r.game_findings(quick(ANNA, (0, 3, -1, -1, -1), {BEN}, P, soloist=ANNA))
    assert "TSR 10.1" in [rule for _, rule in errors(findings)]


def test_tsr_10_2_even_odd_rule_does_not_apply_at_a_table_of_five() -> None:
    """0 for the dealer beside four odd scores: no finding of TSR 7.3.3."""
    r = TableList(NAMES5)
    findings, points = r.game_findings(quick(ANNA, (0, 1, 1, -1, -1), {BEN, CEM}))
    assert errors(findings) == []
    assert points == (0, 1, 1, -1, -1)


def test_tsr_4_2_3_five_players_vorfuehrung_of_the_dealer_passes_the_deal() -> None:
    """Project default where the TSR is silent: Ben, Cem, Dora and Emil play their
    Pflichtsolo in games 1-4 (Anna dealing), then 25 Normalspiele dealt five times round from
    Anna, so Anna would deal game 30 and she alone is missing. She cannot sit out her own
    Vorführung: the deal passes to Ben, who sits out."""
    r = TableList(NAMES5)
    play(r, [(ANNA, P, p, 1) for p in (BEN, CEM, DORA, EMIL)])
    play(r, [(i % 5, N) for i in range(25)])
    assert (r.games_left, r.pflicht_missing) == (1, [ANNA])
    assert (r.next_dealer, r.vorfuehrung, r.sits_out) == (BEN, ANNA, BEN)
    r.add_game(solo(BEN, V, ANNA, size=5))
    assert r.is_complete


# ---------------------------------------------------------------------------- refusals
def test_tsr_8_6_second_pflichtsolo_of_one_player_is_refused() -> None:
    r = TableList(NAMES4)
    r.add_game(solo(ANNA, P, BEN))
    with pytest.raises(TableListError, match=r"TSR 8\.6"):
        r.add_game(solo(ANNA, P, BEN))
    assert r.games_played == 1


def test_tsr_4_3_1_lustsolo_before_own_pflichtsolo_is_refused() -> None:
    r = TableList(NAMES4)
    r.add_game(solo(ANNA, P, BEN))
    with pytest.raises(TableListError, match=r"TSR 4\.3\.1"):
        r.add_game(solo(ANNA, L, CEM))
    # Ben has played his: his Lustsolo is a Normalspiel on the list and the deal passes on.
    game = r.add_game(solo(ANNA, L, BEN))
    assert (game.kind, r.next_dealer, r.pflicht_missing) == (L, BEN, [ANNA, CEM, DORA])


def test_tsr_4_2_3_normalspiel_while_a_vorfuehrung_is_due_is_refused() -> None:
    r = TableList(NAMES4)
    play(r, VORFUEHRUNG_AT_END[:23])
    with pytest.raises(TableListError, match=r"TSR 4\.2\.3"):
        r.verify_game(normal(ANNA))
    assert r.games_played == 23


def test_tsr_4_2_3_vorfuehrung_when_none_is_due_is_refused() -> None:
    r = TableList(NAMES4)
    with pytest.raises(TableListError, match=r"TSR 4\.2\.3"):
        r.add_game(solo(ANNA, V, BEN))
    assert r.games_played == 0


def test_tsr_8_5_list_already_complete_is_refused() -> None:
    r = TableList(NAMES4)
    play(r, FOUR_PFLICHTSOLI)
    with pytest.raises(TableListError, match=r"TSR 8\.5"):
        r.add_game(normal(ANNA))
    assert r.games_played == 24


@pytest.mark.parametrize(
    ("before", "written", "rules_dealer"),
    [
        ([], BEN, ANNA),  # position 1 deals first (TSR 3.1.1)
        ([(ANNA, N)], ANNA, BEN),  # after a Normalspiel the deal passes on
        ([(ANNA, P, CEM, 1)], BEN, ANNA),  # after a Pflichtsolo the same dealer again
        ([(ANNA, L, CEM, 1)], ANNA, BEN),  # not after a Lustsolo (Cem's Pflichtsolo first)
    ],
)
def test_tsr_3_3_1_wrong_dealer_is_refused(before: Script, written: int, rules_dealer: int) -> None:
    r = TableList(NAMES4)
    if before and before[0][1] is L:
        play(r, [(ANNA, P, CEM, 1)])  # so Cem may play his Lustsolo
    play(r, before)
    assert r.next_dealer == rules_dealer
    with pytest.raises(TableListError, match=r"TSR 3\.3\.1"):
        r.add_game(normal(written))
    r.add_game(normal(rules_dealer))


def _normal_summary() -> GameSummary:
    # Re (Anna, Ben) 130 Augen, 7 tricks, no calls: Re reaches 121 and wins; Kontra's 110
    # are not under 90. Value 1: Anna, Ben +1; Cem, Dora -1 (TSR 7.1, 7.2).
    return GameSummary(NAMES4, GameType.NORMAL, ("Anna", "Ben"), 130, 7)


def _pflicht_summary() -> GameSummary:
    # Ben's Damensolo, 185 Augen: won; Kontra 55 is under 90 and under 60: value 3;
    # Ben 3 x 3 = +9, the others -3 (TSR 7.2.4).
    return GameSummary(
        NAMES4,
        GameType.SOLO,
        ("Ben",),
        185,
        9,
        solo=SoloType.DAMEN,
        category=SoloCategory.PFLICHTSOLO,
    )


def test_tsr_7_2_detailed_game_points_are_the_engines() -> None:
    r = TableList(NAMES4)
    game = r.add_game(GameEntry(ANNA, N, summary=_normal_summary(), points=(1, 1, -1, -1)))
    assert game.points == (1, 1, -1, -1)
    game = r.add_game(GameEntry(BEN, P, summary=_pflicht_summary(), soloist=BEN))
    assert game.points == (-3, 9, -3, -3)
    assert r.next_dealer == BEN  # Pflichtsolo: Ben deals again
    assert r.totals == (-2, 10, -4, -4)


@pytest.mark.parametrize(
    ("summary", "kind", "soloist", "written"),
    [
        (_normal_summary(), N, None, (2, 2, -2, -2)),
        (_normal_summary(), N, None, (-1, -1, 1, 1)),
        (_pflicht_summary(), P, BEN, (-1, 3, -1, -1)),
    ],
)
def test_tsr_7_2_written_points_not_matching_the_game_are_refused(
    summary: GameSummary, kind: EntryKind, soloist: int | None, written: tuple[int, ...]
) -> None:
    r = TableList(NAMES4)
    entry = GameEntry(ANNA, kind, summary=summary, soloist=soloist, points=written)
    with pytest.raises(TableListError, match=r"TSR 7\.2\)"):
        r.add_game(entry)
    assert r.games_played == 0


def test_tsr_4_2_4_details_of_another_kind_of_game_are_refused() -> None:
    r = TableList(NAMES4)
    with pytest.raises(TableListError, match=r"TSR 4\.2\.4"):
        r.add_game(GameEntry(ANNA, P, summary=_normal_summary(), soloist=ANNA))


def test_tsr_4_1_solo_without_its_player_is_refused() -> None:
    r = TableList(NAMES4)
    entry = GameEntry(ANNA, P, quick=QuickScore((-1, 3, -1, -1), frozenset({BEN})))
    with pytest.raises(TableListError, match=r"TSR 4\.1"):
        r.add_game(entry)


def test_tsr_3_1_a_table_has_four_or_five_distinct_players() -> None:
    with pytest.raises(TableListError, match=r"TSR 3\.1"):
        TableList(("Anna", "Ben", "Cem"))
    with pytest.raises(TableListError, match=r"TSR 3\.1"):
        TableList(("Anna", "Ben", "Cem", "Anna"))
    assert (TableList(NAMES4).planned_games, TableList(NAMES5).planned_games) == (24, 30)


# ---------------------------------------------------------------------------- TSR 7.3 quick
QUICK_CASES = [
    # (points, kind, soloist, winners, error rules)
    pytest.param((1, 1, -1, -1), N, None, {ANNA, BEN}, set(), id="normal_ok"),
    pytest.param((-3, -3, 3, 3), N, None, {CEM, DORA}, set(), id="kontra_won_3"),
    # a game value can come out negative (Sonderpunkte, 7.2.3): the winners have minus points
    pytest.param((1, 1, -1, -1), N, None, {CEM, DORA}, set(), id="winners_with_minus"),
    pytest.param((3, 1, -1, -1), N, None, {ANNA, BEN}, {"TSR 7.3.3", "TSR 7.2"}, id="sum_2"),
    pytest.param(
        (2, -1, -1, 0), N, None, {ANNA}, {"TSR 7.3.3", "TSR 7.2"}, id="even_and_odd_mixed"
    ),
    pytest.param((3, 1, -2, -2), N, None, {ANNA, BEN}, {"TSR 7.3.3", "TSR 7.2"}, id="3_1_-2_-2"),
    pytest.param((3, 1, -1, -3), N, None, {ANNA, BEN}, {"TSR 7.2"}, id="3_1_-1_-3"),
    pytest.param((4, 0, -2, -2), N, None, {ANNA}, {"TSR 7.2"}, id="4_0_-2_-2"),
    pytest.param((3, -1, -1, -1), N, None, {ANNA}, {"TSR 7.2"}, id="solo_row_as_normalspiel"),
    pytest.param((1, 1, -1, -1), N, None, {ANNA, CEM}, {"TSR 7.3"}, id="winners_across"),
    pytest.param((1, 1, -1, -1), N, None, {ANNA}, {"TSR 7.3"}, id="half_a_party"),
    pytest.param((1, 1, -1, -1), N, None, {ANNA, BEN, CEM}, {"TSR 7.3"}, id="three_winners"),
    pytest.param((-1, 3, -1, -1), P, BEN, {BEN}, set(), id="solo_won"),
    pytest.param((2, -6, 2, 2), P, BEN, {ANNA, CEM, DORA}, set(), id="solo_lost"),
    pytest.param((1, 1, -1, -1), P, BEN, {ANNA, BEN}, {"TSR 7.2.4"}, id="solo_as_pairs"),
    pytest.param((-2, 2, 2, -2), P, BEN, {BEN, CEM}, {"TSR 7.2.4"}, id="solo_2_2"),
    pytest.param((3, -1, -1, -1), P, BEN, {ANNA}, {"TSR 7.2.4"}, id="3x_to_a_non_soloist"),
    pytest.param((-1, 3, -1, -1), P, BEN, {BEN, CEM}, {"TSR 7.3"}, id="solo_winners_mixed"),
    pytest.param((1, 1, -1, -1), H, ANNA, {ANNA, BEN}, set(), id="hochzeit_with_partner"),
    pytest.param((6, -2, -2, -2), H, ANNA, {ANNA}, set(), id="hochzeit_alone"),
    pytest.param((-3, 1, 1, 1), SH, ANNA, {BEN, CEM, DORA}, set(), id="stille_hochzeit"),
    pytest.param((1, 1, -1, -1), SH, ANNA, {ANNA, BEN}, {"TSR 7.2.4"}, id="stille_as_pairs"),
]


@pytest.mark.parametrize(("points", "kind", "soloist", "winners", "rules"), QUICK_CASES)
def test_tsr_7_3_quick_entry_checks(
    points: tuple[int, ...],
    kind: EntryKind,
    soloist: int | None,
    winners: set[int],
    rules: set[str],
) -> None:
    r = TableList(NAMES4)
    findings, written = r.game_findings(quick(ANNA, points, winners, kind, soloist))
    assert {rule for _, rule in errors(findings)} == rules
    assert all(game == 1 for game, _ in errors(findings))
    assert written == points
    infos = [f for f in findings if f.level == "info"]
    assert [f.rule for f in infos] == ["TSR 7.3"]
    assert "could not be checked" in infos[0].message
    assert r.can_add_game(quick(ANNA, points, winners, kind, soloist)) is (not rules)


def test_tsr_7_3_3_sum_is_the_first_error_raised() -> None:
    r = TableList(NAMES4)
    with pytest.raises(TableListError, match=r"sums to 2.*TSR 7\.3\.3"):
        r.add_game(quick(ANNA, (3, 1, -1, -1), {ANNA, BEN}))
    with pytest.raises(TableListError, match=r"even or all odd.*TSR 7\.3\.3"):
        r.add_game(quick(ANNA, (3, 1, -2, -2), {ANNA, BEN}))


def test_tsr_7_1_3_no_winner_marked_is_a_warning_only() -> None:
    r = TableList(NAMES4)
    entry = quick(ANNA, (1, 1, -1, -1), set())
    findings, _ = r.game_findings(entry)
    assert errors(findings) == []
    warnings = [f for f in findings if f.level == "warning"]
    assert [(f.game, f.rule) for f in warnings] == [(1, "TSR 7.3")]
    assert "7.1.3" in warnings[0].message
    r.add_game(entry)
    assert r.totals == (1, 1, -1, -1)


def test_tsr_7_3_a_row_has_one_number_per_player() -> None:
    r = TableList(NAMES4)
    findings, _ = r.game_findings(quick(ANNA, (1, -1), {ANNA}))
    assert errors(findings) == [(1, "TSR 7.3")]


# ---------------------------------------------------------------------------- penalties
def test_tsr_9_3_geringfuegig_in_a_normalspiel_game_goes_on() -> None:
    r = TableList(NAMES4)
    # Anna deals: seats from her left Ben (0), Cem (1), Dora (2), Anna (3). Dora: -3, others +1.
    entry = r.add_penalty(Penalty(PenaltyCategory.GERINGFUEGIG, 2))
    assert (entry.before_game, entry.points) == (1, (1, 1, 1, -3))
    assert (r.games_played, r.next_dealer) == (0, ANNA)
    r.add_game(normal(ANNA))
    assert r.totals == (2, 2, 0, -4)


def test_tsr_9_3_geringfuegig_at_a_table_of_five_gives_the_dealer_nothing() -> None:
    r = TableList(NAMES5)
    r.add_game(normal(ANNA, (BEN, CEM), size=5))
    # Ben deals and sits out: seats Cem (0), Dora (1), Emil (2), Anna (3). Emil -3.
    entry = r.add_penalty(Penalty(PenaltyCategory.GERINGFUEGIG, 2))
    assert entry.points == (1, 0, 1, 1, -3)
    assert r.totals == (1, 1, 2, 0, -4)


def test_tsr_9_4_schwerwiegend_normalspiel_counts_as_not_played() -> None:
    """Cem's fault with 2 Absagen of the other party: Cem -12 - 6 = -18, the three others
    +4 + 2 = +6. The game is not played: Anna deals again, still 24 games to play."""
    r = TableList(NAMES4)
    entry = r.add_penalty(Penalty(PenaltyCategory.SCHWERWIEGEND, 1, absagen=2))
    assert entry.points == (6, 6, -18, 6)
    assert (r.games_played, r.games_left, r.next_dealer) == (0, 24, ANNA)
    assert sum(r.totals) == 0


def test_tsr_9_4_opponents_fault_in_a_pflichtsolo_counts_it_as_played() -> None:
    """Ben's Pflichtsolo (Anna dealing), Dora's schwerwiegend fault, Ben had 1 Absage:
    Dora -15, Ben +15, Anna and Cem 0. The Pflichtsolo counts: Ben's is done, Anna deals
    again (TSR 3.3.1)."""
    r = TableList(NAMES4)
    penalty = Penalty(PenaltyCategory.SCHWERWIEGEND, 2, PenaltyPhase.SOLO, soloist=0, absagen=1)
    entry = r.add_penalty(penalty, P)
    assert entry.points == (0, 15, 0, -15)
    assert (r.games_played, r.next_dealer, r.pflicht_missing) == (1, ANNA, [ANNA, CEM, DORA])
    with pytest.raises(TableListError, match=r"TSR 8\.6"):
        r.add_game(solo(ANNA, P, BEN))


def test_tsr_9_4_solo_counted_by_penalty_must_be_allowed_there() -> None:
    """A Lustsolo of Ben before his Pflichtsolo cannot be counted as played (TSR 4.3.1); the
    solo-phase penalty needs to know which solo it was (TSR 9.4)."""
    r = TableList(NAMES4)
    penalty = Penalty(PenaltyCategory.SCHWERWIEGEND, 2, PenaltyPhase.SOLO, soloist=0)
    with pytest.raises(TableListError, match=r"TSR 4\.3\.1"):
        r.add_penalty(penalty, L)
    with pytest.raises(TableListError, match=r"TSR 9\.4"):
        r.add_penalty(penalty)
    assert (r.games_played, r.penalties) == (0, [])


def test_tsr_9_4_soloists_own_fault_the_solo_is_not_played() -> None:
    r = TableList(NAMES4)
    penalty = Penalty(PenaltyCategory.SCHWERWIEGEND, 0, PenaltyPhase.SOLO, soloist=0)
    entry = r.add_penalty(penalty, P)
    assert entry.points == (4, -12, 4, 4)
    assert (r.games_played, r.pflicht_missing) == (0, [ANNA, BEN, CEM, DORA])


def test_tsr_9_7_unsportlich_deduction_without_credit() -> None:
    r = TableList(NAMES4)
    r.add_game(normal(ANNA))
    # Ben deals: seats Cem (0), Dora (1), Anna (2), Ben (3). Anna loses 5.
    entry = r.add_penalty(Penalty(PenaltyCategory.UNSPORTLICH, 2, deduction=5))
    assert entry.points == (-5, 0, 0, 0)
    assert r.totals == (-4, 1, -1, -1)
    assert sum(r.totals) == -5


def test_tsr_8_5_1_no_solo_counted_by_penalty_after_the_last_game() -> None:
    """A complete list has no game being played: a penalty cannot count a 25th game."""
    r = TableList(NAMES4)
    play(r, FOUR_PFLICHTSOLI)
    penalty = Penalty(PenaltyCategory.SCHWERWIEGEND, 2, PenaltyPhase.SOLO, soloist=0)
    with pytest.raises(TableListError):
        r.add_penalty(penalty, L)
    assert r.games_played == 24


# ---------------------------------------------------------------------------- check_list
def test_tsr_7_3_check_list_of_a_complete_list() -> None:
    report = check_list(json_list(FOUR_PFLICHTSOLI))
    assert report["valid"] is True
    assert report["complete"] is True
    assert report["id"] == "t1"
    assert report_errors(report) == []
    assert report["totals"] == dict(zip(NAMES4, FOUR_PFLICHTSOLI_TOTALS, strict=True))
    assert report["games_played"] == 24
    assert (report["games_left"], report["struck"], report["time_up"]) == (0, 0, False)
    assert report["pflicht_missing"] == []
    sections = [row["section"] for row in report["rows"]]
    assert [i + 1 for i, s in enumerate(sections) if s == "pflicht"] == [3, 8, 15, 20]
    assert [row["dealer"] for row in report["rows"]] == [NAMES4[g[0]] for g in FOUR_PFLICHTSOLI]


def test_tsr_7_3_check_list_totals_and_running_totals_with_penalty() -> None:
    record = {
        "id": 7,
        "players": list(NAMES4),
        "entries": [
            to_json(normal(ANNA)),  # (1, 1, -1, -1)
            {"kind": "penalty", "category": "geringfuegig", "offender": "Cem"},  # Cem -3
            to_json(solo(BEN, P, BEN, 2)),  # (-2, 6, -2, -2)
            to_json(normal(BEN, (CEM, DORA), 3)),  # (-3, -3, 3, 3)
            {"kind": "nachspielzeit", "minutes": 5, "reason": "Reklamation"},
            to_json(solo(CEM, P, DORA, -1)),  # (1, 1, 1, -3)
        ],
    }
    report = check_list(record)
    assert report["valid"] is True
    assert report_errors(report) == []
    rows = report["rows"]
    points = [tuple(row["points"][n] for n in NAMES4) for row in rows]
    running = [tuple(row["totals"][n] for n in NAMES4) for row in rows]
    assert points == [(1, 1, -1, -1), (1, 1, -3, 1), (-2, 6, -2, -2), (-3, -3, 3, 3), (1, 1, 1, -3)]
    assert running == [
        (1, 1, -1, -1),
        (2, 2, -4, 0),
        (0, 8, -6, -2),
        (-3, 5, -3, 1),
        (-2, 6, -2, -2),
    ]
    assert report["totals"] == {"Anna": -2, "Ben": 6, "Cem": -2, "Dora": -2}
    sums = [sum(row["points"][n] for row in rows) for n in NAMES4]
    assert [report["totals"][n] for n in NAMES4] == sums
    assert rows[1]["before_game"] == 2
    assert [row.get("section") for row in rows] == ["normal", None, "pflicht", "normal", "pflicht"]
    assert report["time_limit"] == 105
    assert (report["games_played"], report["games_left"]) == (4, 20)
    assert report["next_dealer"] == "Cem"  # after Dora's Pflichtsolo Cem deals again
    assert report["pflicht_missing"] == ["Anna", "Cem"]
    assert report["complete"] is False
    assert [(f["game"], f["rule"], f["level"]) for f in report["findings"]][-1] == (
        None,
        "TSR 8.5",
        "info",
    )


def test_tsr_9_check_list_written_penalty_points_are_checked() -> None:
    record = {
        "players": list(NAMES4),
        "entries": [
            {
                "kind": "penalty",
                "category": "geringfuegig",
                "offender": "Cem",
                "points": {"Anna": 1, "Ben": 1, "Cem": -3, "Dora": 1},
            },
            {
                "kind": "penalty",
                "category": "geringfuegig",
                "offender": "Cem",
                "points": {"Anna": 0, "Ben": 0, "Cem": -3, "Dora": 3},
            },
        ],
    }
    report = check_list(record)
    assert report_errors(report) == [(1, "TSR 9.3")]


def test_tsr_9_4_check_list_penalty_counts_a_solo_as_played() -> None:
    record = {
        "players": list(NAMES4),
        "entries": [
            {
                "kind": "penalty",
                "category": "schwerwiegend",
                "offender": "Dora",
                "phase": "solo",
                "soloist": "Ben",
                "absagen": 1,
                "solo_pflicht": True,
            },
            to_json(normal(ANNA)),  # Anna deals again after Ben's Pflichtsolo
        ],
    }
    report = check_list(record)
    assert report["valid"] is True
    assert report["totals"] == {"Anna": 1, "Ben": 16, "Cem": -1, "Dora": -16}
    assert report["pflicht_missing"] == ["Anna", "Cem", "Dora"]
    assert report["games_played"] == 2


def test_tsr_7_3_check_list_reports_every_finding_with_game_and_rule() -> None:
    entries = [
        to_json(normal(ANNA)),
        to_json(quick(BEN, (1, 1, -1, -1), {ANNA, CEM})),  # 2: winners no party (7.3)
        to_json(solo(CEM, L, DORA)),  # 3: Lustsolo before Dora's Pflichtsolo (4.3.1)
        to_json(normal(ANNA)),  # 4: Dora deals (3.3.1)
        to_json(solo(ANNA, P, BEN)),  # 5: Anna deals, Ben's Pflichtsolo: fine
        to_json(solo(ANNA, P, BEN)),  # 6: Ben's second Pflichtsolo (8.6)
    ]
    report = check_list({"players": list(NAMES4), "entries": entries})
    assert report["valid"] is False
    assert report_errors(report) == [
        (2, "TSR 7.3"),
        (3, "TSR 4.3.1"),
        (4, "TSR 3.3.1"),
        (6, "TSR 8.6"),
    ]
    messages = [f["message"] for f in report["findings"] if f["level"] == "error"]
    assert [m.split(":")[0] for m in messages] == ["entry 2", "entry 3", "entry 4", "entry 6"]


@pytest.mark.parametrize(
    ("script", "wrong_game", "written"),
    [
        # game 2 dealt by Ben, written Cem; games 3, 4 written as the rules go on: Cem, Dora
        ([(ANNA, N), (CEM, N), (CEM, N), (DORA, N)], 2, "Cem"),
        # game 2 is Ben's Pflichtsolo dealt by Ben, written Dora; Ben deals game 3 again
        ([(ANNA, N), (DORA, P, BEN, 1), (BEN, N), (CEM, N)], 2, "Dora"),
        # game 1 written Dora instead of Anna; Ben deals game 2
        ([(DORA, N), (BEN, N), (CEM, N)], 1, "Dora"),
    ],
)
def test_tsr_3_3_1_single_wrong_dealer_gives_exactly_one_finding(
    script: Script, wrong_game: int, written: str
) -> None:
    report = check_list(json_list(script))
    assert report_errors(report) == [(wrong_game, "TSR 3.3.1")]
    (message,) = [f["message"] for f in report["findings"] if f["level"] == "error"]
    assert f"{written} is given as dealer" in message


def _bad_entries() -> list[Any]:
    good = to_json(normal(BEN))
    return [
        pytest.param({"kind": "bogus"}, id="unknown_kind"),
        pytest.param("game", id="entry_is_a_string"),
        pytest.param([1, 2], id="entry_is_a_list"),
        pytest.param(None, id="entry_is_null"),
        pytest.param({**good, "type": "armut"}, id="unknown_type"),
        pytest.param({**good, "dealer": "Zoe"}, id="unknown_dealer"),
        pytest.param({**good, "dealer": 1}, id="dealer_a_number"),
        pytest.param({**good, "winners": ["Ben", "Zoe"]}, id="unknown_winner"),
        pytest.param({**good, "winners": "Ben"}, id="winners_not_a_list"),
        pytest.param({**good, "points": {**good["points"], "Anna": "1"}}, id="points_string"),
        pytest.param({**good, "points": {**good["points"], "Anna": 1.0}}, id="points_float"),
        pytest.param({**good, "points": {**good["points"], "Anna": True}}, id="points_bool"),
        pytest.param({**good, "points": [1, 1, -1, -1]}, id="points_a_list"),
        pytest.param({**good, "points": {"Anna": 1, "Ben": -1}}, id="points_missing_players"),
        pytest.param({**good, "points": None}, id="quick_without_points"),
        pytest.param({**good, "type": "solo", "pflicht": "yes", "player": "Ben"}, id="pflicht"),
        pytest.param({**good, "type": "solo", "pflicht": True, "player": "Zoe"}, id="player"),
        pytest.param({"kind": "game", "dealer": "Ben", "type": "normal"}, id="no_details"),
        pytest.param({"kind": "penalty", "category": "mild", "offender": "Cem"}, id="category"),
        pytest.param({"kind": "penalty", "category": "geringfuegig", "offender": "Zoe"}, id="off"),
        pytest.param({"kind": "nachspielzeit", "minutes": "ten"}, id="minutes"),
        pytest.param({"kind": "nachspielzeit", "minutes": -5}, id="minutes_negative"),
        pytest.param({"kind": "time_up", "being_dealt": "yes"}, id="being_dealt"),
    ]


@pytest.mark.parametrize("bad", _bad_entries())
def test_tsr_7_3_check_list_bad_entry_is_a_finding_not_an_exception(bad: Any) -> None:
    record = {"id": "x", "players": list(NAMES4), "entries": [to_json(normal(ANNA)), bad]}
    report = check_list(record)
    assert report["valid"] is False
    found = [f for f in report["findings"] if f["level"] == "error"]
    assert len(found) == 1
    assert found[0]["game"] == 2
    assert found[0]["message"].startswith("entry 2")
    assert found[0]["rule"].startswith("TSR ")
    assert report["totals"] == {"Anna": 1, "Ben": 1, "Cem": -1, "Dora": -1}
    json.dumps(report)


def test_tsr_4_3_1_check_list_refused_penalty_names_its_rule() -> None:
    """A schwerwiegend fault of Dora in a Lustsolo of Ben, who has not played his
    Pflichtsolo: that solo cannot be counted (TSR 4.3.1); the finding names that rule."""
    penalty = {
        "kind": "penalty",
        "category": "schwerwiegend",
        "offender": "Dora",
        "phase": "solo",
        "soloist": "Ben",
    }
    report = check_list({"players": list(NAMES4), "entries": [penalty]})
    assert report_errors(report) == [(1, "TSR 4.3.1")]
    assert report["games_played"] == 0


def test_tsr_8_5_check_list_of_a_time_up_list() -> None:
    entries: list[Any] = [to_json(entry_of(g)) for g in BEFORE_TIME_UP]
    entries.append({"kind": "time_up", "being_dealt": True})
    entries += [to_json(normal(BEN)), to_json(solo(CEM, V, DORA)), to_json(solo(DORA, V, CEM))]
    report = check_list({"players": list(NAMES4), "entries": entries})
    assert report_errors(report) == []
    assert (report["valid"], report["complete"], report["time_up"]) == (True, True, True)
    assert (report["games_played"], report["struck"], report["games_left"]) == (18, 6, 0)
    kinds = [row["kind"] for row in report["rows"]]
    assert kinds[-3:] == ["normal", "vorfuehrung", "vorfuehrung"]


def test_tsr_8_5_1_every_game_after_the_24th_is_refused() -> None:
    """Games 25 and 26 are both too many: each gets its finding, and the list stays complete
    with no game left (a round is 24 games, TSR 8.5.1)."""
    script = [*FOUR_PFLICHTSOLI, (ANNA, N), (BEN, N)]
    report = check_list(json_list(script))
    assert report_errors(report) == [(25, "TSR 8.5"), (26, "TSR 8.5")]
    assert report["games_left"] == 0
    assert report["complete"] is True


def test_tsr_10_check_list_five_player_list() -> None:
    report = check_list(json_list(FIVE, NAMES5))
    assert report_errors(report) == []
    assert (report["valid"], report["complete"], report["games_played"]) == (True, True, 30)
    assert report["totals"] == {"Anna": 3, "Ben": 0, "Cem": -1, "Dora": -1, "Emil": -1}
    for row in report["rows"]:
        assert row["points"][row["dealer"]] == 0


def test_tsr_3_1_check_list_unreadable_table_raises_list_error() -> None:
    from rules_engine.scorelist import ListError

    with pytest.raises(ListError, match=r"TSR 3\.1"):
        check_list({"players": "Anna, Ben", "entries": []})


# ---------------------------------------------------------------------------- command line
def test_cli_check_list_pretty_printed_document_gives_one_line() -> None:
    text = json.dumps(json_list(FOUR_PFLICHTSOLI), indent=2)
    assert text.count("\n") > 10
    done = run_cli(text)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 1
    report = json.loads(lines[0])
    assert (report["id"], report["valid"], report["complete"]) == ("t1", True, True)
    assert report["totals"] == dict(zip(NAMES4, FOUR_PFLICHTSOLI_TOTALS, strict=True))


def test_cli_check_list_json_lines_give_one_line_each_in_order() -> None:
    good = json_list(FOUR_PFLICHTSOLI, list_id="good")
    bad = json_list([(ANNA, N), (CEM, N)], list_id="bad")  # game 2 is Ben's to deal
    partial = json_list(VORFUEHRUNG_AT_END[:10], list_id="partial")
    text = "\n".join(json.dumps(x) for x in (good, bad, partial)) + "\n"
    done = run_cli(text)
    reports = [json.loads(line) for line in done.stdout.splitlines()]
    assert [(r["id"], r["valid"], r["complete"]) for r in reports] == [
        ("good", True, True),
        ("bad", False, False),
        ("partial", True, False),
    ]
    assert report_errors(reports[1]) == [(2, "TSR 3.3.1")]


def test_cli_check_list_exit_1_when_any_list_has_an_error() -> None:
    """A list whose report says ``"valid": false`` (an error finding) makes the run fail."""
    good = json_list(FOUR_PFLICHTSOLI, list_id="good")
    bad = json_list([(ANNA, N), (CEM, N)], list_id="bad")
    done = run_cli(json.dumps(good) + "\n" + json.dumps(bad) + "\n")
    assert [json.loads(line)["valid"] for line in done.stdout.splitlines()] == [True, False]
    assert done.returncode == 1
    done = run_cli(json.dumps(bad, indent=2))
    assert json.loads(done.stdout)["valid"] is False
    assert done.returncode == 1


def test_cli_check_list_json_lines_all_valid_exit_0() -> None:
    lists = [json_list(s, list_id=i) for i, s in enumerate([VORFUEHRUNG_AT_END, TWO_VORFUEHRUNGEN])]
    done = run_cli("".join(json.dumps(x) + "\n" for x in lists))
    assert done.returncode == 0, done.stdout
    assert [json.loads(line)["id"] for line in done.stdout.splitlines()] == [0, 1]


@pytest.mark.parametrize(
    "text",
    ["{not json\n", '{"players": ["Anna"\n', "[1, 2,\n"],
    ids=["garbage", "cut_off_document", "cut_off_array"],
)
def test_cli_check_list_invalid_json_gives_an_error_line(text: str) -> None:
    done = run_cli(text)
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert len(lines) == 1
    assert "error" in json.loads(lines[0])


def test_cli_check_list_invalid_line_among_json_lines() -> None:
    text = json.dumps(json_list(TWO_VORFUEHRUNGEN, list_id="ok")) + "\n{oops\n"
    done = run_cli(text)
    assert done.returncode == 1
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert (first["id"], first["valid"]) == ("ok", True)
    assert "error" in second


# ---------------------------------------------------------------------------- properties
PROPERTY = settings(
    max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
NON_PFLICHT = {"normal", "hochzeit", "stille_hochzeit", "lustsolo"}


def _check_random(seed: int, names: tuple[str, ...]) -> dict[str, Any]:
    record = random_list(random.Random(seed), names, list_id=seed)
    report = check_list(record)
    size, games = len(names), {4: 24, 5: 30}[len(names)]
    assert report_errors(report) == []
    assert (report["valid"], report["complete"], report["games_played"]) == (True, True, games)
    rows = report["rows"]
    assert len(rows) == games
    # TSR 8.6: one Pflichtsolo each, in its own section (7.3)
    pflicht = Counter(row["player"] for row in rows if row["section"] == "pflicht")
    assert pflicht == Counter(names)
    for row in rows:
        assert (row["section"] == "pflicht") is (row["kind"] in ("pflichtsolo", "vorfuehrung"))
    # TSR 7.3: no unsportlich penalties here, so every row and the totals sum to 0
    assert sum(report["totals"].values()) == 0
    assert all(sum(row["points"].values()) == 0 for row in rows)
    for n in names:
        assert report["totals"][n] == sum(row["points"][n] for row in rows)
    # TSR 3.1.1, 3.3.1, 4.2.5: position 1 first; the same dealer after a Pflichtsolo not
    # vorgeführt, else the next position
    assert rows[0]["dealer"] == names[0]
    for before, row in itertools.pairwise(rows):
        position = names.index(before["dealer"])
        if before["kind"] == "pflichtsolo":
            expected = position
        else:
            expected = (position + 1) % size
            if size == 5 and row["kind"] == "vorfuehrung" and row["player"] == names[expected]:
                expected = (expected + 1) % size  # project default: he cannot sit out his own
        assert row["dealer"] == names[expected]
    # TSR 4.2.3: once a Vorführung comes, every later game is one
    kinds = [row["kind"] for row in rows]
    if "vorfuehrung" in kinds:
        first = kinds.index("vorfuehrung")
        assert set(kinds[first:]) == {"vorfuehrung"}
    return report


@PROPERTY
@given(SEEDS)
def test_tsr_8_6_random_lists_of_four_are_valid_and_complete(seed: int) -> None:
    _check_random(seed, NAMES4)


@PROPERTY
@given(SEEDS)
def test_tsr_10_random_lists_of_five_are_valid_and_complete(seed: int) -> None:
    report = _check_random(seed, NAMES5)
    rows = report["rows"]
    for row in rows:
        assert row["points"][row["dealer"]] == 0  # the dealer sits out (10.1)
    dealt_normal = Counter(row["dealer"] for row in rows if row["kind"] in NON_PFLICHT)
    assert dealt_normal == Counter({n: 5 for n in NAMES5})  # TSR 10.2
    played = Counter(n for row in rows for n in NAMES5 if n != row["dealer"])
    assert all(21 <= played[n] <= 25 for n in NAMES5)
