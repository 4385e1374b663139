"""TSR 7: who wins (7.1), the game value (7.2.2), Sonderpunkte (7.2.3) and solos (7.2.4).

Every expected value is worked out by hand from docs/rules.md, never taken from the
engine; the arithmetic is in each case's id. Items are ``(label, party credited, points)``;
R and K are the parties Re and Kontra. Every case also checks the score-list properties of
TSR 7.3: the row sums to 0 and the four scores are all even or all odd.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import Call, DokoError, GameType, Party
from rules_engine.records import score_record, summary_from_record
from rules_engine.scoring import GameSummary, Specials, score, verify_summary, winner_of

PLAYERS = ["Anna", "Ben", "Cem", "Dora"]
R, K = "re", "kontra"

GEW = "gewonnen"
U90, U60, U30, SCHWARZ = (
    "unter 90 gespielt",
    "unter 60 gespielt",
    "unter 30 gespielt",
    "schwarz gespielt",
)
RE_A, KO_A = "Re angesagt", "Kontra angesagt"
K90, K60, K30, KS = (
    "keine 90 abgesagt",
    "keine 60 abgesagt",
    "keine 30 abgesagt",
    "schwarz abgesagt",
)
G90, G60, G30, GS = (
    "120 Augen gegen keine 90",
    "90 Augen gegen keine 60",
    "60 Augen gegen keine 30",
    "30 Augen gegen schwarz",
)
DK, FU, KA = "Doppelkopf", "Fuchs gefangen", "Karlchen"
ALTE = "gegen die Kreuz-Damen gewonnen"

NO = (None, None)  # no calls at all

Items = list[tuple[str, str, int]]


def won(party: str, *labels: str) -> Items:
    """Items credited to ``party``: 2 points for an Ansage (TSR 7.2.2 b), else 1."""
    return [(label, party, 2 if label in (RE_A, KO_A) else 1) for label in labels]


def game(
    calls: tuple[str | None, str | None],
    re_eyes: int,
    re_tricks: int,
    specials: dict[str, Any] | None = None,
    **fields: Any,
) -> dict[str, Any]:
    """A ``score`` input; a Normalspiel with Re = Anna and Cem unless ``fields`` say otherwise."""
    record: dict[str, Any] = {
        "id": "t",
        "players": PLAYERS,
        "type": "normal",
        "re": ["Anna", "Cem"],
        "re_eyes": re_eyes,
        "re_tricks": re_tricks,
        "calls": {"re": calls[0], "kontra": calls[1]},
        "specials": specials or {},
    }
    record.update(fields)
    return record


def check(record: dict[str, Any], winner: str | None, items: Items, value: int) -> None:
    """Winner, items (order free), value and the per-player scores of one game."""
    # The table itself must add up: the value is the items netted from Re's side.
    assert sum(p if party == R else -p for _, party, p in items) == value, "bad test table"
    out = score_record(record)
    assert out["winner"] == winner
    assert sorted(map(tuple, out["items"])) == sorted(items)
    assert out["value"] == value
    check_scores(record, out["scores"], value)


def check_scores(record: dict[str, Any], scores: dict[str, int], value: int) -> None:
    """Plus-minus scores (TSR 7.2, 7.2.4) and the score-list checks of TSR 7.3."""
    solo = record["type"] in ("solo", "stille_hochzeit") or (
        record["type"] == "hochzeit" and len(record["re"]) == 1
    )
    expected = {p: (3 * value if solo else value) if p in record["re"] else -value for p in PLAYERS}
    assert scores == expected
    assert sum(scores.values()) == 0
    assert len({s % 2 for s in scores.values()}) == 1, "all even or all odd (TSR 7.3)"


# --- TSR 7.1: who wins ---------------------------------------------------------------------
# (calls, re_eyes, re_tricks, winner); Kontra has 240 - re_eyes Augen and 12 - re_tricks tricks.


def check_winner(calls: tuple[str | None, str | None], eyes: int, tricks: int, winner: Any) -> None:
    record = game(calls, eyes, tricks)
    assert score_record(record)["winner"] == winner
    party = winner_of(summary_from_record(record))
    assert (party.value if party else None) == winner


@pytest.mark.parametrize(
    ("calls", "re_eyes", "re_tricks", "winner"),
    [
        pytest.param(NO, 121, 6, R, id="Re 121 >= 121"),
        pytest.param(NO, 120, 6, K, id="Re 120 < 121, Kontra 120 >= 120"),
        pytest.param(NO, 240, 12, R, id="Re all tricks"),
        pytest.param(NO, 0, 0, K, id="Kontra all tricks"),
        pytest.param(("re", "kontra"), 121, 6, R, id="both Ansagen: Re 121"),
        pytest.param(("re", "kontra"), 120, 6, K, id="both Ansagen: Kontra 120"),
    ],
)
def test_tsr_7_1_1_re_needs_121_without_calls(
    calls: Any, re_eyes: int, re_tricks: int, winner: str
) -> None:
    """7.1 no. 4: no Ansage or both Ansagen: Re needs 121, Kontra 120."""
    check_winner(calls, re_eyes, re_tricks, winner)


@pytest.mark.parametrize(
    ("calls", "re_eyes", "re_tricks", "winner"),
    [
        pytest.param(("re", None), 121, 6, R, id="only Re: Re 121 >= 121"),
        pytest.param(("re", None), 120, 6, K, id="only Re: Kontra 120 >= 120"),
        pytest.param((None, "kontra"), 121, 6, R, id="only Kontra: Re 121"),
        pytest.param((None, "kontra"), 120, 6, R, id="only Kontra: Re 120 >= 120"),
        pytest.param((None, "kontra"), 119, 6, K, id="only Kontra: Kontra 121 >= 121"),
    ],
)
def test_tsr_7_1_only_one_party_announced(
    calls: Any, re_eyes: int, re_tricks: int, winner: str
) -> None:
    """7.1 no. 3: the only party that made an Ansage needs 121, the other 120."""
    check_winner(calls, re_eyes, re_tricks, winner)


@pytest.mark.parametrize(
    ("calls", "re_eyes", "re_tricks", "winner"),
    [
        pytest.param(("keine90", None), 151, 8, R, id="keine 90: Re 151 >= 151"),
        pytest.param(("keine90", None), 150, 8, K, id="keine 90: Kontra 90 >= 90"),
        pytest.param(("keine90", "kontra"), 151, 8, R, id="keine 90 + Kontra: Re 151"),
        pytest.param(("keine90", "kontra"), 150, 8, K, id="keine 90 + Kontra: Kontra 90 >= 90"),
        pytest.param(("keine60", None), 181, 9, R, id="keine 60: Re 181 >= 181"),
        pytest.param(("keine60", None), 180, 9, K, id="keine 60: Kontra 60 >= 60"),
        pytest.param(("keine30", None), 211, 11, R, id="keine 30: Re 211 >= 211"),
        pytest.param(("keine30", None), 210, 10, K, id="keine 30: Kontra 30 >= 30"),
        pytest.param(("schwarz", None), 240, 12, R, id="schwarz: Re all 12 tricks"),
        pytest.param(("schwarz", None), 240, 11, K, id="schwarz: Kontra 1 trick of 0 Augen"),
    ],
)
def test_tsr_7_1_re_absage(calls: Any, re_eyes: int, re_tricks: int, winner: str) -> None:
    """7.1 no. 1 and 2: Re's Absage: Re needs 151/181/211/all tricks, Kontra 90/60/30/one trick."""
    check_winner(calls, re_eyes, re_tricks, winner)


@pytest.mark.parametrize(
    ("calls", "re_eyes", "re_tricks", "winner"),
    [
        pytest.param((None, "keine90"), 90, 4, R, id="keine 90: Re 90 >= 90"),
        pytest.param((None, "keine90"), 89, 4, K, id="keine 90: Kontra 151 >= 151"),
        pytest.param(("re", "keine90"), 90, 4, R, id="Re's Ansage keeps 90 against keine 90"),
        pytest.param((None, "keine60"), 60, 3, R, id="keine 60: Re 60 >= 60"),
        pytest.param((None, "keine60"), 59, 3, K, id="keine 60: Kontra 181 >= 181"),
        pytest.param((None, "keine30"), 30, 2, R, id="keine 30: Re 30 >= 30"),
        pytest.param((None, "keine30"), 29, 1, K, id="keine 30: Kontra 211 >= 211"),
        pytest.param((None, "schwarz"), 0, 1, R, id="schwarz: Re 1 trick of 0 Augen"),
        pytest.param((None, "schwarz"), 0, 0, K, id="schwarz: Kontra all 12 tricks"),
    ],
)
def test_tsr_7_1_kontra_absage(calls: Any, re_eyes: int, re_tricks: int, winner: str) -> None:
    """7.1 no. 1 and 2: Kontra's Absage: Kontra needs 151/181/211/all, Re 90/60/30/one trick."""
    check_winner(calls, re_eyes, re_tricks, winner)


@pytest.mark.parametrize(
    ("calls", "re_eyes", "re_tricks", "winner"),
    [
        pytest.param(("keine90", "keine90"), 151, 8, R, id="k90/k90: Re 151"),
        pytest.param(("keine90", "keine90"), 150, 8, None, id="k90/k90: Re 150, Kontra 90"),
        pytest.param(("keine90", "keine90"), 90, 4, None, id="k90/k90: Re 90, Kontra 150"),
        pytest.param(("keine90", "keine90"), 89, 4, K, id="k90/k90: Kontra 151"),
        pytest.param(("keine60", "keine90"), 181, 9, R, id="k60/k90: Re 181"),
        pytest.param(("keine60", "keine90"), 180, 9, None, id="k60/k90: Re 180 < 181"),
        pytest.param(("keine60", "keine90"), 90, 4, None, id="k60/k90: Kontra 150 < 151"),
        pytest.param(("keine60", "keine90"), 89, 4, K, id="k60/k90: Kontra 151"),
        pytest.param(("keine90", "keine60"), 151, 8, R, id="k90/k60: Re 151"),
        pytest.param(("keine90", "keine60"), 150, 8, None, id="k90/k60: Re 150 < 151"),
        pytest.param(("keine90", "keine60"), 60, 3, None, id="k90/k60: Kontra 180 < 181"),
        pytest.param(("keine90", "keine60"), 59, 3, K, id="k90/k60: Kontra 181"),
        pytest.param(("keine30", "keine30"), 211, 11, R, id="k30/k30: Re 211"),
        pytest.param(("keine30", "keine30"), 210, 10, None, id="k30/k30: Re 210 < 211"),
        pytest.param(("keine30", "keine30"), 30, 2, None, id="k30/k30: Kontra 210 < 211"),
        pytest.param(("keine30", "keine30"), 29, 1, K, id="k30/k30: Kontra 211"),
        pytest.param(("schwarz", "keine90"), 240, 12, R, id="s/k90: Re all tricks"),
        pytest.param(("schwarz", "keine90"), 240, 11, None, id="s/k90: Re 11 tricks"),
        pytest.param(("schwarz", "keine90"), 90, 4, None, id="s/k90: Kontra 150 < 151"),
        pytest.param(("schwarz", "keine90"), 89, 4, K, id="s/k90: Kontra 151"),
        pytest.param(("schwarz", "schwarz"), 240, 12, R, id="s/s: Re all tricks"),
        pytest.param(("schwarz", "schwarz"), 240, 11, None, id="s/s: Re 11 tricks"),
        pytest.param(("schwarz", "schwarz"), 0, 1, None, id="s/s: Kontra 11 tricks"),
        pytest.param(("schwarz", "schwarz"), 0, 0, K, id="s/s: Kontra all tricks"),
    ],
)
def test_tsr_7_1_3_both_absagen_nobody_may_win(
    calls: Any, re_eyes: int, re_tricks: int, winner: str | None
) -> None:
    """7.1 no. 1 for both parties; when neither reaches its target nobody won (7.1.3)."""
    check_winner(calls, re_eyes, re_tricks, winner)


# --- TSR 7.2.2: the game value --------------------------------------------------------------
# (calls, re_eyes, re_tricks, winner, items, value); value from Re's side.


@pytest.mark.parametrize(
    ("calls", "re_eyes", "re_tricks", "winner", "items", "value"),
    [
        pytest.param(NO, 121, 6, R, won(R, GEW), 1, id="Re 121: gewonnen = +1"),
        pytest.param(NO, 150, 8, R, won(R, GEW), 1, id="Kontra 90 is not unter 90: +1"),
        pytest.param(NO, 151, 8, R, won(R, GEW, U90), 2, id="Kontra 89: 1+u90 = +2"),
        pytest.param(NO, 180, 9, R, won(R, GEW, U90), 2, id="Kontra 60 is not unter 60: +2"),
        pytest.param(NO, 181, 9, R, won(R, GEW, U90, U60), 3, id="Kontra 59: 1+1+1 = +3"),
        pytest.param(NO, 210, 10, R, won(R, GEW, U90, U60), 3, id="Kontra 30 not unter 30: +3"),
        pytest.param(NO, 211, 11, R, won(R, GEW, U90, U60, U30), 4, id="Kontra 29: +4"),
        pytest.param(
            NO, 240, 11, R, won(R, GEW, U90, U60, U30), 4, id="Kontra 1 trick 0 Augen: not schwarz"
        ),
        pytest.param(
            NO, 240, 12, R, won(R, GEW, U90, U60, U30, SCHWARZ), 5, id="schwarz: 1+4 = +5"
        ),
        pytest.param(NO, 120, 6, K, won(K, GEW, ALTE), -2, id="Kontra 120: 1+Kreuz-Damen = -2"),
        pytest.param(NO, 90, 4, K, won(K, GEW, ALTE), -2, id="Re 90 is not unter 90: -2"),
        pytest.param(NO, 89, 4, K, won(K, GEW, U90, ALTE), -3, id="Re 89: 1+1+1 = -3"),
        pytest.param(NO, 59, 3, K, won(K, GEW, U90, U60, ALTE), -4, id="Re 59: -4"),
        pytest.param(NO, 29, 1, K, won(K, GEW, U90, U60, U30, ALTE), -5, id="Re 29: -5"),
        pytest.param(
            NO, 0, 1, K, won(K, GEW, U90, U60, U30, ALTE), -5, id="Re 1 trick 0 Augen: -5"
        ),
        pytest.param(
            NO, 0, 0, K, won(K, GEW, U90, U60, U30, SCHWARZ, ALTE), -6, id="Re schwarz: 1+4+1 = -6"
        ),
    ],
)
def test_tsr_7_2_2_a_gewonnen_and_unter_90_60_30_schwarz(
    calls: Any, re_eyes: int, re_tricks: int, winner: str, items: Items, value: int
) -> None:
    """(a) gewonnen 1; the loser unter 90, unter 60, unter 30, schwarz: 1 each."""
    check(game(calls, re_eyes, re_tricks), winner, items, value)


@pytest.mark.parametrize(
    ("calls", "re_eyes", "re_tricks", "winner", "items", "value"),
    [
        pytest.param(("re", None), 121, 6, R, won(R, GEW, RE_A), 3, id="Re wins: 1+2 = +3"),
        pytest.param(
            ("re", None), 120, 6, K, won(K, GEW, RE_A, ALTE), -4, id="Re's Ansage to Kontra: -4"
        ),
        pytest.param(
            (None, "kontra"), 120, 6, R, won(R, GEW, KO_A), 3, id="Kontra's Ansage to Re: +3"
        ),
        pytest.param(
            (None, "kontra"), 119, 6, K, won(K, GEW, KO_A, ALTE), -4, id="Kontra 121: 1+2+1 = -4"
        ),
        pytest.param(
            ("re", "kontra"), 121, 6, R, won(R, GEW, RE_A, KO_A), 5, id="both to Re: 1+2+2 = +5"
        ),
        pytest.param(
            ("re", "kontra"), 120, 6, K, won(K, GEW, RE_A, KO_A, ALTE), -6, id="both to Kontra: -6"
        ),
        pytest.param(
            ("re", "kontra"), 151, 8, R, won(R, GEW, U90, RE_A, KO_A), 6, id="1+1+2+2 = +6"
        ),
    ],
)
def test_tsr_7_2_2_b_re_and_kontra_angesagt_two_each_to_the_winner(
    calls: Any, re_eyes: int, re_tricks: int, winner: str, items: Items, value: int
) -> None:
    """(b) "Re" angesagt +2, "Kontra" angesagt +2, whoever said it, for the winner."""
    check(game(calls, re_eyes, re_tricks), winner, items, value)


@pytest.mark.parametrize(
    ("calls", "re_eyes", "re_tricks", "winner", "items", "value"),
    [
        pytest.param(
            ("keine90", None), 151, 8, R, won(R, GEW, U90, RE_A, K90), 5, id="k90 Re: 1+1+2+1 = +5"
        ),
        pytest.param(
            ("keine90", None),
            150,
            8,
            K,
            won(K, GEW, RE_A, K90, ALTE),
            -5,
            id="k90 Re lost to Kontra 90: 1+2+1+1 = -5",
        ),
        pytest.param(
            ("keine60", None),
            181,
            9,
            R,
            won(R, GEW, U90, U60, RE_A, K90, K60),
            7,
            id="k60 implies k90: 1+2+2+2 = +7",
        ),
        pytest.param(
            ("keine60", None),
            180,
            9,
            K,
            won(K, GEW, RE_A, K90, K60, ALTE),
            -6,
            id="k60 lost to Kontra 60: 1+2+2+1 = -6",
        ),
        pytest.param(
            ("keine30", None),
            211,
            11,
            R,
            won(R, GEW, U90, U60, U30, RE_A, K90, K60, K30),
            9,
            id="k30: 1+3+2+3 = +9",
        ),
        pytest.param(
            ("keine30", None),
            210,
            10,
            K,
            won(K, GEW, RE_A, K90, K60, K30, ALTE),
            -7,
            id="k30 lost to Kontra 30: 1+2+3+1 = -7",
        ),
        pytest.param(
            ("schwarz", None),
            240,
            12,
            R,
            won(R, GEW, U90, U60, U30, SCHWARZ, RE_A, K90, K60, K30, KS),
            11,
            id="schwarz: 1+4+2+4 = +11",
        ),
        pytest.param(
            ("schwarz", None),
            240,
            11,
            K,
            won(K, GEW, RE_A, K90, K60, K30, KS, ALTE),
            -8,
            id="schwarz lost, Kontra 1 trick: 1+2+4+1 = -8",
        ),
        pytest.param(
            (None, "keine90"), 90, 4, R, won(R, GEW, KO_A, K90), 4, id="k90 Kontra lost: +4"
        ),
        pytest.param(
            (None, "keine90"),
            89,
            4,
            K,
            won(K, GEW, U90, KO_A, K90, ALTE),
            -6,
            id="k90 Kontra: 1+1+2+1+1 = -6",
        ),
        pytest.param(
            (None, "keine60"), 60, 3, R, won(R, GEW, KO_A, K90, K60), 5, id="k60 Kontra lost: +5"
        ),
        pytest.param(
            (None, "keine60"),
            59,
            3,
            K,
            won(K, GEW, U90, U60, KO_A, K90, K60, ALTE),
            -8,
            id="k60 Kontra: 1+2+2+2+1 = -8",
        ),
        pytest.param(
            (None, "keine30"),
            30,
            2,
            R,
            won(R, GEW, KO_A, K90, K60, K30),
            6,
            id="k30 Kontra lost: 1+2+3 = +6",
        ),
        pytest.param(
            (None, "keine30"),
            29,
            1,
            K,
            won(K, GEW, U90, U60, U30, KO_A, K90, K60, K30, ALTE),
            -10,
            id="k30 Kontra: 1+3+2+3+1 = -10",
        ),
        pytest.param(
            (None, "schwarz"),
            0,
            1,
            R,
            won(R, GEW, KO_A, K90, K60, K30, KS),
            7,
            id="schwarz Kontra lost to 1 Re trick: 1+2+4 = +7",
        ),
        pytest.param(
            (None, "schwarz"),
            0,
            0,
            K,
            won(K, GEW, U90, U60, U30, SCHWARZ, KO_A, K90, K60, K30, KS, ALTE),
            -12,
            id="schwarz Kontra: 1+4+2+4+1 = -12",
        ),
        pytest.param(
            ("keine90", "kontra"),
            151,
            8,
            R,
            won(R, GEW, U90, RE_A, KO_A, K90),
            7,
            id="k90 + Kontra: 1+1+2+2+1 = +7",
        ),
        pytest.param(
            ("keine90", "kontra"),
            150,
            8,
            K,
            won(K, GEW, RE_A, KO_A, K90, ALTE),
            -7,
            id="k90 + Kontra, Kontra 90 wins: 1+2+2+1+1 = -7",
        ),
        pytest.param(
            ("re", "keine60"),
            60,
            3,
            R,
            won(R, GEW, RE_A, KO_A, K90, K60),
            7,
            id="Re + k60 Kontra, Re 60 wins: 1+2+2+2 = +7",
        ),
    ],
)
def test_tsr_7_2_2_c_d_every_absage_level_counts_for_the_winner(
    calls: Any, re_eyes: int, re_tricks: int, winner: str, items: Items, value: int
) -> None:
    """(c, d) every Absage level of either party +1 for the winner, skipped levels included."""
    check(game(calls, re_eyes, re_tricks), winner, items, value)


@pytest.mark.parametrize(
    ("calls", "re_eyes", "re_tricks", "winner", "items", "value"),
    [
        pytest.param(
            ("keine90", None),
            121,
            6,
            K,
            won(K, GEW, RE_A, K90, ALTE),
            -5,
            id="Kontra 119 < 120 against k90: 1+2+1+1 = -5",
        ),
        pytest.param(
            ("keine90", None),
            120,
            6,
            K,
            won(K, GEW, RE_A, K90, G90, ALTE),
            -6,
            id="Kontra 120 against k90: 1+2+1+1+1 = -6",
        ),
        pytest.param(
            ("keine60", None),
            151,
            8,
            K,
            won(K, GEW, RE_A, K90, K60, ALTE),
            -6,
            id="Kontra 89 < 90 against k60: -6",
        ),
        pytest.param(
            ("keine60", None),
            150,
            8,
            K,
            won(K, GEW, RE_A, K90, K60, G60, ALTE),
            -7,
            id="Kontra 90 against k60: 1+2+2+1+1 = -7",
        ),
        pytest.param(
            ("keine60", None),
            120,
            6,
            K,
            won(K, GEW, RE_A, K90, K60, G90, G60, ALTE),
            -8,
            id="Kontra 120 against k60 gets the 120 and the 90 item: -8",
        ),
        pytest.param(
            ("keine30", None),
            181,
            9,
            K,
            won(K, GEW, RE_A, K90, K60, K30, ALTE),
            -7,
            id="Kontra 59 < 60 against k30: -7",
        ),
        pytest.param(
            ("keine30", None),
            180,
            9,
            K,
            won(K, GEW, RE_A, K90, K60, K30, G30, ALTE),
            -8,
            id="Kontra 60 against k30: -8",
        ),
        pytest.param(
            ("keine30", None),
            150,
            8,
            K,
            won(K, GEW, RE_A, K90, K60, K30, G60, G30, ALTE),
            -9,
            id="Kontra 90 against k30: 1+2+3+2+1 = -9",
        ),
        pytest.param(
            ("keine30", None),
            120,
            6,
            K,
            won(K, GEW, RE_A, K90, K60, K30, G90, G60, G30, ALTE),
            -10,
            id="Kontra 120 against k30: 1+2+3+3+1 = -10",
        ),
        pytest.param(
            ("schwarz", None),
            211,
            11,
            K,
            won(K, GEW, RE_A, K90, K60, K30, KS, ALTE),
            -8,
            id="Kontra 29 in 1 trick against schwarz: -8",
        ),
        pytest.param(
            ("schwarz", None),
            210,
            11,
            K,
            won(K, GEW, RE_A, K90, K60, K30, KS, GS, ALTE),
            -9,
            id="Kontra 30 in 1 trick against schwarz: 1+2+4+1+1 = -9",
        ),
        pytest.param(
            ("schwarz", None),
            120,
            6,
            K,
            won(K, GEW, RE_A, K90, K60, K30, KS, G90, G60, G30, GS, ALTE),
            -12,
            id="Kontra 120 against schwarz: 1+2+4+4+1 = -12",
        ),
        pytest.param(
            (None, "keine90"), 119, 6, R, won(R, GEW, KO_A, K90), 4, id="Re 119 against k90: +4"
        ),
        pytest.param(
            (None, "keine90"),
            120,
            6,
            R,
            won(R, GEW, KO_A, K90, G90),
            5,
            id="Re 120 against k90: 1+2+1+1 = +5",
        ),
        pytest.param(
            (None, "keine60"), 89, 4, R, won(R, GEW, KO_A, K90, K60), 5, id="Re 89 against k60: +5"
        ),
        pytest.param(
            (None, "keine60"),
            90,
            4,
            R,
            won(R, GEW, KO_A, K90, K60, G60),
            6,
            id="Re 90 against k60: +6",
        ),
        pytest.param(
            (None, "keine60"),
            120,
            6,
            R,
            won(R, GEW, KO_A, K90, K60, G90, G60),
            7,
            id="Re 120 against k60: 1+2+2+2 = +7",
        ),
        pytest.param(
            (None, "keine30"),
            59,
            3,
            R,
            won(R, GEW, KO_A, K90, K60, K30),
            6,
            id="Re 59 against k30: +6",
        ),
        pytest.param(
            (None, "keine30"),
            60,
            3,
            R,
            won(R, GEW, KO_A, K90, K60, K30, G30),
            7,
            id="Re 60 against k30: +7",
        ),
        pytest.param(
            (None, "schwarz"),
            29,
            1,
            R,
            won(R, GEW, KO_A, K90, K60, K30, KS),
            7,
            id="Re 29 against schwarz: +7",
        ),
        pytest.param(
            (None, "schwarz"),
            30,
            2,
            R,
            won(R, GEW, KO_A, K90, K60, K30, KS, GS),
            8,
            id="Re 30 against schwarz: +8",
        ),
        pytest.param(
            (None, "schwarz"),
            120,
            6,
            R,
            won(R, GEW, KO_A, K90, K60, K30, KS, G90, G60, G30, GS),
            11,
            id="Re 120 against schwarz: 1+2+4+4 = +11",
        ),
    ],
)
def test_tsr_7_2_2_e_f_augen_reached_against_an_absage(
    calls: Any, re_eyes: int, re_tricks: int, winner: str, items: Items, value: int
) -> None:
    """(e, f) 120 against keine 90, 90 against keine 60, 60 against keine 30, 30 against schwarz.

    Cumulative: against keine 60 a party with 120 Augen gets both the 120 and the 90 item.
    """
    check(game(calls, re_eyes, re_tricks), winner, items, value)


@pytest.mark.parametrize(
    ("calls", "re_eyes", "re_tricks", "winner", "items", "value"),
    [
        pytest.param(
            ("keine90", "keine90"),
            151,
            8,
            R,
            won(R, GEW, U90, RE_A, KO_A, K90, K90, G90),
            9,
            id="k90/k90 Re 151: 1+1+2+2+1+1+1 = +9",
        ),
        pytest.param(
            ("keine90", "keine90"),
            89,
            4,
            K,
            won(K, GEW, U90, RE_A, KO_A, K90, K90, G90, ALTE),
            -10,
            id="k90/k90 Kontra 151: 1+1+2+2+1+1+1+1 = -10",
        ),
        pytest.param(
            ("keine60", "keine90"),
            181,
            9,
            R,
            won(R, GEW, U90, U60, RE_A, KO_A, K90, K60, K90, G90),
            11,
            id="k60/k90 Re 181: 1+2+2+2+2+1+1 = +11",
        ),
        pytest.param(
            ("schwarz", "schwarz"),
            240,
            12,
            R,
            won(R, GEW, U90, U60, U30, SCHWARZ, RE_A, KO_A)
            + won(R, K90, K60, K30, KS, K90, K60, K30, KS, G90, G60, G30, GS),
            21,
            id="s/s Re all tricks: 1+4+2+2+4+4+4 = +21",
        ),
    ],
)
def test_tsr_7_2_2_both_parties_absagen_and_a_winner(
    calls: Any, re_eyes: int, re_tricks: int, winner: str, items: Items, value: int
) -> None:
    """(b)-(f) when both parties made Absagen and one still reached its target."""
    check(game(calls, re_eyes, re_tricks), winner, items, value)


@pytest.mark.parametrize(
    ("calls", "re_eyes", "re_tricks", "items", "value"),
    [
        pytest.param(
            ("keine90", "keine90"),
            150,
            8,
            won(R, G90),
            1,
            id="Re 150 vs k90 +1, Kontra 90 nothing: +1",
        ),
        pytest.param(
            ("keine90", "keine90"),
            120,
            6,
            won(R, G90) + won(K, G90),
            0,
            id="both 120 vs k90: 1-1 = 0",
        ),
        pytest.param(("keine90", "keine90"), 90, 4, won(K, G90), -1, id="Kontra 150 vs k90: -1"),
        pytest.param(
            ("keine60", "keine90"),
            150,
            8,
            won(R, G90) + won(K, G60),
            0,
            id="Re 150 vs k90 +1, Kontra 90 vs k60 -1 = 0",
        ),
        pytest.param(
            ("keine60", "keine90"),
            180,
            9,
            won(R, U90, G90),
            2,
            id="Kontra 60 unter 90 not unter 60, Re 180 vs k90: +2",
        ),
        pytest.param(
            ("keine30", "keine30"),
            150,
            8,
            won(R, G90, G60, G30) + won(K, G60, G30),
            1,
            id="Re 150 vs k30 +3, Kontra 90 vs k30 -2 = +1",
        ),
        pytest.param(
            ("schwarz", "keine90"),
            210,
            11,
            won(R, U90, U60, G90) + won(K, GS),
            2,
            id="Kontra 30 in 1 trick: u90+u60+120vk90 - 30vs = +2",
        ),
        pytest.param(
            ("schwarz", "keine90"),
            240,
            11,
            won(R, U90, U60, U30, G90),
            4,
            id="Kontra 1 trick 0 Augen: not schwarz gespielt, +4",
        ),
        pytest.param(
            ("schwarz", "schwarz"),
            120,
            6,
            won(R, G90, G60, G30, GS) + won(K, G90, G60, G30, GS),
            0,
            id="s/s 120 each: 4-4 = 0",
        ),
    ],
)
def test_tsr_7_1_3_nobody_won_only_unter_and_reached_items_netted(
    calls: Any, re_eyes: int, re_tricks: int, items: Items, value: int
) -> None:
    """Nobody won: no gewonnen, no Ansage or Absage points; (a) unter and (e, f) netted."""
    check(game(calls, re_eyes, re_tricks), None, items, value)


# --- TSR 7.2.3: Sonderpunkte -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("calls", "re_eyes", "re_tricks", "specials", "winner", "items", "value"),
    [
        pytest.param(
            NO,
            121,
            6,
            {"re": {"doppelkopf": 1, "fuchs": 1, "karlchen": 1}},
            R,
            won(R, GEW, DK, FU, KA),
            4,
            id="Re wins with DK, Fuchs, Karlchen: 1+1+1+1 = +4",
        ),
        pytest.param(
            NO,
            121,
            6,
            {"re": {"doppelkopf": 1}, "kontra": {"doppelkopf": 1}},
            R,
            won(R, GEW, DK) + won(K, DK),
            1,
            id="one DK each nets to 0: +1",
        ),
        pytest.param(
            NO,
            121,
            6,
            {"kontra": {"doppelkopf": 2, "fuchs": 1}},
            R,
            [*won(R, GEW), (DK, K, 2), (FU, K, 1)],
            -2,
            id="Re wins, Kontra 3 Sonderpunkte: 1-3 = -2, negative for the winner",
        ),
        pytest.param(
            NO,
            120,
            6,
            {"re": {"doppelkopf": 1, "fuchs": 2, "karlchen": 1}},
            K,
            [*won(K, GEW, ALTE), (DK, R, 1), (FU, R, 2), (KA, R, 1)],
            2,
            id="Kontra wins 1+1, Re's 4 Sonderpunkte: -2+4 = +2",
        ),
        pytest.param(
            NO,
            89,
            4,
            {"kontra": {"doppelkopf": 1}},
            K,
            won(K, GEW, U90, ALTE, DK),
            -4,
            id="Kontra 151 with DK: 1+1+1+1 = -4",
        ),
        pytest.param(
            ("re", "kontra"),
            120,
            6,
            {"re": {"doppelkopf": 2}},
            K,
            [*won(K, GEW, RE_A, KO_A, ALTE), (DK, R, 2)],
            -4,
            id="Kontra 1+2+2+1 = 6, Re 2 DK: -6+2 = -4",
        ),
        pytest.param(
            ("keine90", "keine90"),
            150,
            8,
            {"re": {"fuchs": 1}, "kontra": {"doppelkopf": 1, "karlchen": 1}},
            None,
            won(R, G90, FU) + won(K, DK, KA),
            0,
            id="nobody won, no Kreuz-Damen point: 1+1-1-1 = 0",
        ),
    ],
)
def test_tsr_7_2_3_sonderpunkte_netted_in_a_normalspiel(
    calls: Any,
    re_eyes: int,
    re_tricks: int,
    specials: dict[str, Any],
    winner: str | None,
    items: Items,
    value: int,
) -> None:
    """Doppelkopf, Fuchs gefangen, Karlchen 1 each; Kontra's win against the Kreuz-Damen 1."""
    check(game(calls, re_eyes, re_tricks, specials), winner, items, value)


@pytest.mark.parametrize(
    ("calls", "re_eyes", "re_tricks", "specials", "winner", "items", "value"),
    [
        pytest.param(NO, 120, 6, {}, K, won(K, GEW, ALTE), -2, id="Kontra wins: 1+1 = -2"),
        pytest.param(
            (None, "kontra"),
            119,
            6,
            {},
            K,
            won(K, GEW, KO_A, ALTE),
            -4,
            id="Kontra 121 with Ansage: 1+2+1 = -4",
        ),
        pytest.param(
            NO,
            121,
            6,
            {"re": {"doppelkopf": 1}, "kontra": {"karlchen": 1, "fuchs": 1}},
            R,
            won(R, GEW, DK) + won(K, KA, FU),
            0,
            id="Re wins 1+1, Kontra 2: 0",
        ),
    ],
)
def test_tsr_7_2_3_hochzeit_with_partner_counts_as_normalspiel(
    calls: Any,
    re_eyes: int,
    re_tricks: int,
    specials: dict[str, Any],
    winner: str,
    items: Items,
    value: int,
) -> None:
    """A Hochzeit with partner scores as a Normalspiel: Sonderpunkte and Kreuz-Damen count."""
    record = game(calls, re_eyes, re_tricks, specials, type="hochzeit", re=["Ben", "Dora"])
    check(record, winner, items, value)


# --- TSR 7.2.4: solo ---------------------------------------------------------------------------


def solo_game(kind: str, calls: Any, re_eyes: int, re_tricks: int) -> dict[str, Any]:
    """A game scored as a solo: ``kind`` is a solo, stille_hochzeit or hochzeit-alone."""
    if kind == "stille_hochzeit":
        return game(calls, re_eyes, re_tricks, type="stille_hochzeit", re=["Dora"])
    if kind == "hochzeit":
        return game(calls, re_eyes, re_tricks, type="hochzeit", re=["Anna"])
    return game(calls, re_eyes, re_tricks, type="solo", solo=kind, re=["Ben"])


@pytest.mark.parametrize(
    ("kind", "calls", "re_eyes", "re_tricks", "winner", "items", "value"),
    [
        pytest.param("kreuz", NO, 121, 6, R, won(R, GEW), 1, id="kreuz Re 121: 1, x3"),
        pytest.param(
            "kreuz", NO, 120, 6, K, won(K, GEW), -1, id="kreuz Kontra 120: 1, no Kreuz-Damen"
        ),
        pytest.param(
            "buben",
            ("keine90", None),
            150,
            8,
            K,
            won(K, GEW, RE_A, K90),
            -4,
            id="buben k90 lost: 1+2+1 = -4, soloist -12",
        ),
        pytest.param(
            "herz",
            ("keine60", "kontra"),
            181,
            9,
            R,
            won(R, GEW, U90, U60, RE_A, KO_A, K90, K60),
            9,
            id="herz k60+Kontra won: 1+2+2+2+2 = +9, soloist +27",
        ),
        pytest.param(
            "fleischlos",
            ("schwarz", None),
            240,
            12,
            R,
            won(R, GEW, U90, U60, U30, SCHWARZ, RE_A, K90, K60, K30, KS),
            11,
            id="fleischlos schwarz: 1+4+2+4 = +11, soloist +33",
        ),
        pytest.param(
            "damen",
            (None, "keine90"),
            120,
            6,
            R,
            won(R, GEW, KO_A, K90, G90),
            5,
            id="damen soloist 120 vs Kontra k90: 1+2+1+1 = +5",
        ),
        pytest.param(
            "stille_hochzeit", NO, 121, 6, R, won(R, GEW), 1, id="stille Hochzeit Re 121: +1"
        ),
        pytest.param(
            "stille_hochzeit",
            (None, "kontra"),
            119,
            6,
            K,
            won(K, GEW, KO_A),
            -3,
            id="stille Hochzeit Kontra 121: 1+2 = -3, no Kreuz-Damen",
        ),
        pytest.param("hochzeit", NO, 121, 6, R, won(R, GEW), 1, id="Hochzeit alone Re 121: +1"),
        pytest.param(
            "hochzeit", NO, 120, 6, K, won(K, GEW), -1, id="Hochzeit alone lost: -1, no Kreuz-Damen"
        ),
        pytest.param(
            "hochzeit",
            ("keine90", None),
            120,
            6,
            K,
            won(K, GEW, RE_A, K90, G90),
            -5,
            id="Hochzeit alone k90, Kontra 120: 1+2+1+1 = -5, Hochzeiter -15",
        ),
    ],
)
def test_tsr_7_2_4_solo_scores_three_times_for_the_soloist(
    kind: str,
    calls: Any,
    re_eyes: int,
    re_tricks: int,
    winner: str,
    items: Items,
    value: int,
) -> None:
    """Solo, stille Hochzeit, Hochzeit alone: only (a)-(f); soloist 3x, each opponent 1x."""
    check(solo_game(kind, calls, re_eyes, re_tricks), winner, items, value)


@pytest.mark.parametrize("key", ["doppelkopf", "fuchs", "karlchen"])
@pytest.mark.parametrize("party", [R, K])
@pytest.mark.parametrize("kind", ["kreuz", "fleischlos", "stille_hochzeit", "hochzeit"])
def test_tsr_7_2_4_sonderpunkte_in_a_solo_are_an_error(kind: str, party: str, key: str) -> None:
    """Sonderpunkte exist only in a Normalspiel; giving any in a solo is an error (7.2.3)."""
    record = solo_game(kind, NO, 150, 8)
    record["specials"] = {party: {key: 1}}
    with pytest.raises(DokoError, match=r"^specials.*TSR"):
        score_record(record)


@pytest.mark.parametrize("kind", ["pik", "stille_hochzeit", "hochzeit"])
def test_tsr_7_2_4_zero_sonderpunkte_in_a_solo_are_fine(kind: str) -> None:
    """Only a non-zero count is an error; explicit zeros in a solo are accepted."""
    record = solo_game(kind, NO, 151, 8)
    record["specials"] = {"re": {"doppelkopf": 0, "fuchs": 0}, "kontra": {"karlchen": 0}}
    check(record, R, won(R, GEW, U90), 2)  # Kontra 89: 1+1


@pytest.mark.parametrize("pflicht", [True, "vorgefuehrt", False, None])
def test_tsr_7_2_4_pflicht_does_not_change_the_score(pflicht: Any) -> None:
    """Pflicht-, vorgeführtes or Lustsolo: the same value (contract: pflicht is for the list)."""
    record = solo_game("damen", ("re", None), 151, 8)
    record["pflicht"] = pflicht
    check(record, R, won(R, GEW, U90, RE_A), 4)


# --- Python API: GameSummary, verify_summary, winner_of, score, explanation --------------------


def test_python_api_summary_scores_like_the_record() -> None:
    """GameSummary through verify_summary/winner_of/score: k90 + Kontra, Re 151 = +7 (7.2.2)."""
    summary = GameSummary(
        players=tuple(PLAYERS),
        game_type=GameType.NORMAL,
        re=("Anna", "Cem"),
        re_eyes=151,
        re_tricks=8,
        re_call=Call.KEINE_90,
        kontra_call=Call.KONTRA,
        re_specials=Specials(doppelkopf=1),
        kontra_specials=Specials(fuchs=1),
    )
    verify_summary(summary)
    assert winner_of(summary) is Party.RE
    result = score(summary)
    # gewonnen 1 + unter 90 1 + Re 2 + Kontra 2 + keine 90 1 + Doppelkopf 1 - Fuchs 1 = 7
    assert result.winner is Party.RE
    assert result.value == 7
    assert tuple(result.scores) == (7, -7, 7, -7)
    got = sorted((i.label, i.party.value, i.points) for i in result.items)
    assert got == sorted(won(R, GEW, U90, RE_A, KO_A, K90, DK) + won(K, FU))


def test_python_api_solo_summary_scores_three_times() -> None:
    """A stille Hochzeit as GameSummary: Kontra wins with 120, 1 point, no Kreuz-Damen (7.2.4)."""
    summary = GameSummary(
        players=tuple(PLAYERS),
        game_type=GameType.STILLE_HOCHZEIT,
        re=("Cem",),
        re_eyes=120,
        re_tricks=6,
    )
    verify_summary(summary)
    result = score(summary)
    assert (result.winner, result.value, tuple(result.scores)) == (Party.KONTRA, -1, (1, 1, -3, 1))


@pytest.mark.parametrize(
    "record",
    [
        pytest.param(game(("keine60", "kontra"), 120, 6), id="Kontra wins against k60"),
        pytest.param(
            game(
                ("schwarz", "keine90"),
                210,
                11,
                {"re": {"doppelkopf": 1, "fuchs": 1}, "kontra": {"karlchen": 1}},
            ),
            id="nobody won, Sonderpunkte",
        ),
        pytest.param(game(("schwarz", "schwarz"), 240, 12), id="schwarz against schwarz"),
        pytest.param(solo_game("kreuz", (None, "keine30"), 60, 3), id="solo"),
    ],
)
def test_explanation_names_every_item(record: dict[str, Any]) -> None:
    """GameResult.explanation: German text that contains the label of every item."""
    summary = summary_from_record(record)
    result = score(summary)
    text = result.explanation(summary)
    assert isinstance(text, str)
    assert result.items
    for item in result.items:
        assert item.label in text
