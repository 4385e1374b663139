"""``check-list`` under every preset (docs/contracts/score-list.md, docs/rule-sets.md).

Tests named after a seed line check that line's list rule; the properties build whole lists
from games scored by ``score`` under a preset, with the dealer, the pot and the solos owed
as the seeds say, and check that such a list is clean, and that one changed point, a broken
row sum or a wrong dealer is found with its code, never passed.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine import DokoError
from rules_engine.findings import Code
from rules_engine.records import score_record
from rules_engine.rulescore import eye_sums
from rules_engine.rulesets import PRESETS, CallSystem, RuleSet, Settlement
from rules_engine.scorelist import check_list
from tests.support.examples import examples

SETTINGS = settings(
    max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
NAMES = ["Anna", "Ben", "Cem", "Dora", "Emil"]
HOUSE = [key for key in PRESETS if key != "ddv"]
Record = dict[str, Any]


def codes(report: Record) -> list[str]:
    return [f["code"] for f in report["findings"]]


def errors(report: Record) -> list[str]:
    return [f["code"] for f in report["findings"] if f["level"] == "error"]


def game(dealer: str, **fields: Any) -> Record:
    """A game entry with its details; a normal game Re wins with 150 by default."""
    entry: Record = {"kind": "game", "dealer": dealer, "type": "normal"}
    entry.update({"re_eyes": 150, "re_tricks": 6} | fields)
    return entry


def solo(dealer: str, soloist: str, pflicht: Any = False, eyes: int = 150, **fields: Any) -> Record:
    return game(
        dealer, type="solo", solo="buben", re=[soloist], re_eyes=eyes, pflicht=pflicht, **fields
    )


def check(rules: Any, entries: list[Record], players: int = 4, **fields: Any) -> Record:
    record: Record = {"id": "t", "rules": rules, "players": NAMES[:players], "entries": entries}
    record.update(fields)
    return check_list(record)


# ----------------------------------------------------------------------------- 000
def test_000_L61_the_punkterunden_end_when_the_pot_is_empty() -> None:
    # Re wins: each winner is paid 1 from the pot (D2); a pot of 4 lasts two games.
    entries = [
        game("Anna", re=["Ben", "Dora"]),
        game("Ben", re=["Anna", "Cem"]),
        game("Cem", re=["Anna", "Ben"]),
    ]
    report = check("hausregeln-2024", entries, pot=4)
    assert report["rows"][1]["pot_balance"] == 0
    assert [f["code"] for f in report["findings"]][:1] == ["pot_empty"]
    pot_empty = report["findings"][0]
    assert pot_empty["game"] == 2 and pot_empty["rule"] == "000 L61"
    # after the pot every player owes his Pflichtsolo, vorgeführt: a normal game is wrong
    assert "solo_vorfuehrung_due" in errors(report)
    assert report["vorfuehrung"] == "Anna" and report["complete"] is False


def test_000_L61_the_last_game_that_overdraws_the_pot_is_paid_in_full() -> None:
    # D2: the pot pays the game value to each winner; 3 left, two winners of 2 each (Re x2).
    entries = [game("Anna", re=["Ben", "Dora"], calls={"re": "re"})]
    report = check("hausregeln-2024", entries, pot=3)
    assert report["rows"][0]["points"] == {"Anna": 0, "Ben": 2, "Cem": 0, "Dora": 2}
    assert report["pot"] == {"start": 3, "balance": -1}
    assert report["valid"] is True and "pot_empty" in codes(report)


def test_000_L61_open_pflichtsoli_are_vorgefuehrt_then_the_list_is_complete() -> None:
    entries = [
        solo("Anna", "Ben", pflicht=True),  # his Pflichtsolo in the Punkterunden; dealer stays
        game("Anna", re=["Cem", "Dora"], calls={"re": "re"}),  # 2 + 2 empties the pot of 4
        # the front seat first (from the dealer's left: Cem), Ben owes none
        solo("Ben", "Cem", pflicht="vorgefuehrt"),
        solo("Ben", "Dora", pflicht="vorgefuehrt"),
        solo("Ben", "Anna", pflicht="vorgefuehrt"),
    ]
    report = check("hausregeln-2024", entries, pot=7)
    assert [row["pot_balance"] for row in report["rows"]][:2] == [4, 0]
    assert errors(report) == [] and report["complete"] is True
    assert report["pflicht_missing"] == [] and report["next_dealer"] is None
    after = check("hausregeln-2024", [*entries, game("Cem", re=["Anna", "Ben"])], pot=7)
    assert errors(after) == ["list_complete"]
    assert after["games_played"] == 5


def test_000_L61_a_vorfuehrung_before_the_pot_is_empty_is_early() -> None:
    report = check("hausregeln-2024", [solo("Anna", "Ben", pflicht="vorgefuehrt")], pot=50)
    assert errors(report) == ["solo_vorfuehrung_early"]


def test_000_L61_lustsoli_any_time_but_one_pflichtsolo_each() -> None:
    entries = [solo("Anna", "Ben"), solo("Anna", "Ben", pflicht=True)]
    assert errors(check("hausregeln-2024", entries, pot=50)) == []
    twice = [*entries, solo("Anna", "Ben", pflicht=True)]
    assert errors(check("hausregeln-2024", twice, pot=50)) == ["pflichtsolo_twice"]


def test_000_L37_the_dealer_stays_after_a_solo_until_the_third_in_a_row() -> None:
    entries = [
        solo("Anna", "Ben"),
        solo("Anna", "Cem"),
        solo("Anna", "Dora"),  # the third solo in a row: the deal passes on
        solo("Ben", "Anna"),
        game("Ben", re=["Anna", "Cem"]),
        game("Cem", re=["Anna", "Ben"]),
    ]
    report = check("hausregeln-2024", entries, pot=500)
    assert errors(report) == []
    assert [row["dealer"] for row in report["rows"]] == ["Anna"] * 3 + ["Ben"] * 2 + ["Cem"]
    wrong = check("hausregeln-2024", [solo("Anna", "Ben"), game("Ben", re=["Anna", "Cem"])], pot=9)
    assert errors(wrong) == ["wrong_dealer"]
    assert wrong["findings"][0]["rule"] == "000 L37"


def test_000_L61_the_pot_needs_its_start() -> None:
    with pytest.raises(DokoError) as caught:
        check("hausregeln-2024", [])
    assert caught.value.code is Code.POT_START_MISSING


@pytest.mark.parametrize("key", ["hausregeln-2024", "reglement-2001", "schweinchen"])
@pytest.mark.parametrize("players", [3, 5])
def test_000_001_002_tables_of_four_only(key: str, players: int) -> None:
    with pytest.raises(DokoError) as caught:
        check(key, [], players=players, pot=10)
    assert caught.value.code is Code.TABLE_SIZE_FOR_RULES


def test_000_L79_the_hammelrennen_goes_to_the_pot_s_winner() -> None:
    eyes = {"Anna": 130, "Ben": 40, "Cem": 40, "Dora": 30}
    report = check("hausregeln-2024", [game("Anna", type="hammelrennen", eyes=eyes)], pot=9)
    assert report["rows"][0]["points"] == {"Anna": 1, "Ben": 0, "Cem": 0, "Dora": 0}
    assert report["pot"]["balance"] == 8 and errors(report) == []


# ----------------------------------------------------------------------------- 001, 002
def test_002_L59_each_row_sums_to_zero_and_the_grundwert_has_its_column() -> None:
    entries = [
        game("Anna", re=["Ben", "Dora"], calls={"re": "re"}, grundwert=2),
        {"kind": "game", "dealer": "Ben", "quick": True, "type": "normal",
         "points": {"Anna": 2, "Ben": -2, "Cem": 2, "Dora": -2}},
    ]  # fmt: skip
    report = check("schweinchen", entries)
    assert errors(report) == [] and set(report["totals"].values()) == {0}
    entries[0]["grundwert"] = 5
    entries[1]["points"]["Anna"] = 3
    report = check("schweinchen", entries)
    assert errors(report) == ["grundwert_differs", "row_sum_not_zero"]
    assert [f["rule"] for f in report["findings"] if f["level"] == "error"] == ["002 L59"] * 2


def test_002_L74_no_pflichtsolo() -> None:
    report = check("schweinchen", [solo("Anna", "Ben", pflicht=True)])
    assert errors(report) == ["field_not_in_rules"]
    assert report["pflicht_missing"] == []


def test_001_no_fixed_number_of_games_unless_the_list_names_one() -> None:
    entries = [game(NAMES[n % 4], re=["Anna", "Ben"]) for n in range(30)]
    report = check("reglement-2001", entries)
    assert errors(report) == [] and report["complete"] is True
    assert report["games_left"] is None and report["games_played"] == 30
    planned = check("reglement-2001", entries[:5], games=8)
    assert planned["games_left"] == 3 and planned["complete"] is False
    assert codes(planned) == ["games_left"]
    assert errors(check("reglement-2001", entries[:9], games=8)) == ["list_complete"]


def test_001_L147_the_schwarz_spiel_costs_its_culprit_18() -> None:
    report = check("reglement-2001", [game("Anna", type="schwarz_spiel", culprit="Cem")])
    assert report["totals"] == {"Anna": 6, "Ben": 6, "Cem": -18, "Dora": 6}
    assert errors(report) == []


def test_001_silent_on_the_dealer_so_the_deal_rotates_after_every_solo() -> None:
    report = check("reglement-2001", [solo("Anna", "Ben"), solo("Anna", "Cem")])
    assert errors(report) == ["wrong_dealer"]


# ----------------------------------------------------------------------------- 004
def test_004_L63_the_kasse_starts_with_50_pfennig_each_and_pays_the_winners() -> None:
    report = check("ravensburger-2015", [game("Anna", re=["Ben", "Dora"])])
    assert report["unit"] == "Pfennig"
    assert report["pot"] == {"start": 200, "balance": 190}
    assert report["rows"][0]["points"] == {"Anna": 0, "Ben": 5, "Cem": 0, "Dora": 5}


def test_004_L65_solos_are_paid_from_the_pocket_not_the_kasse() -> None:
    report = check("ravensburger-2015", [solo("Anna", "Ben", pot=0)])
    assert report["pot"]["balance"] == 200 and errors(report) == []
    assert report["rows"][0]["points"] == {"Anna": -5, "Ben": 15, "Cem": -5, "Dora": -5}
    wrong = check("ravensburger-2015", [solo("Anna", "Ben", pot=15)])
    assert errors(wrong) == ["pot_payment_differs"]


def test_004_L83_the_hammelrennen_is_due_when_the_kasse_holds_twice_the_grundbetrag() -> None:
    entries = [game("Anna", re=["Ben", "Dora"])]  # 20 - 10 = 10: twice the Grundbetrag
    report = check("ravensburger-2015", entries, pot=20)
    assert report["hammelrennen_due"] is True
    late = check("ravensburger-2015", [*entries, game("Ben", re=["Anna", "Cem"])], pot=20)
    assert errors(late) == ["hammelrennen_due"] and late["findings"][0]["rule"] == "004 L83"
    hammel = game("Ben", type="hammelrennen", first_to_60="Cem")
    done = check("ravensburger-2015", [*entries, hammel], pot=20)
    assert errors(done) == [] and done["pot"]["balance"] == 0 and done["complete"] is True
    early = check("ravensburger-2015", [{**hammel, "dealer": "Anna"}], pot=200)
    assert errors(early) == ["hammelrennen_not_due"]


def test_004_L91_three_players_with_a_strohmann() -> None:
    entries = [
        game("Anna", re=["Ben", "Stroh"]),  # the Strohmann's share is dropped (D32)
        game("Ben", re=["Cem", "Stroh"], strohmann_by="Cem"),
        game("Cem", re=["Anna", "Ben"]),
    ]
    report = check("ravensburger-2015", entries, players=3, strohmann="Stroh")
    assert errors(report) == []
    assert report["pot"]["start"] == 150
    assert report["totals"] == {"Anna": 5, "Ben": 10, "Cem": 10}
    assert report["next_dealer"] == "Anna"


def test_004_L93_five_players_the_one_sitting_out_pays_in_solos() -> None:
    entries = [solo("Anna", "Ben"), game("Ben", re=["Cem", "Anna"])]
    report = check("ravensburger-2015", entries, players=5)
    assert errors(report) == []
    assert report["rows"][0]["points"] == {"Anna": -5, "Ben": 20, "Cem": -5, "Dora": -5, "Emil": -5}
    assert report["sits_out"] == "Cem"
    sitter = check("ravensburger-2015", [solo("Anna", "Anna")], players=5)
    assert errors(sitter) == ["re_not_a_player"]
    row = {"kind": "game", "dealer": "Anna", "quick": True, "type": "normal", "pot": 10,
           "points": {"Anna": 5, "Ben": 5, "Cem": 0, "Dora": 0, "Emil": 0}}  # fmt: skip
    assert errors(check("ravensburger-2015", [row], players=5)) == ["sitting_out_points"]


def test_004_L61_a_zwangssolo_is_vorgefuehrt_when_the_frist_ends() -> None:
    entries = [solo("Anna", "Ben"), game("Ben", re=["Cem", "Anna"])]
    report = check("ravensburger-2015", entries, frist=2)
    assert report["vorfuehrung"] == "Dora" and report["games_left"] == 3
    late = [*entries, game("Cem", re=["Anna", "Ben"])]
    assert errors(check("ravensburger-2015", late, frist=2)) == ["solo_vorfuehrung_due"]
    owed = [*entries, solo("Cem", "Ben", pflicht="vorgefuehrt")]
    assert errors(check("ravensburger-2015", owed, frist=2)) == ["solo_not_owed"]
    vorgefuehrt = [
        *entries,
        solo("Cem", "Dora", pflicht="vorgefuehrt"),
        solo("Dora", "Anna", pflicht="vorgefuehrt"),
        solo("Anna", "Cem", pflicht="vorgefuehrt"),
    ]
    done = check("ravensburger-2015", vorgefuehrt, frist=2)
    assert errors(done) == [] and done["complete"] is True


def test_004_L61_two_zwangssoli_each() -> None:
    report = check("ravensburger-2015", [solo("Anna", "Ben")], zwangssoli=2, frist=1)
    assert report["games_left"] == 7 and report["pflicht_missing"] == NAMES[:4]


def test_000_L65_L81_a_list_carries_the_preset_s_own_games_and_sonderpunkte() -> None:
    entries = [
        # Herzstich and Fuchs im letzten Stich count only under 000 (L67-77)
        game("Anna", re=["Ben", "Dora"], points={"Anna": 0, "Ben": 3, "Cem": 0, "Dora": 3},
             specials={"re": {"herzstich": 1, "fuchs_letzter_stich": 1}}),
        game("Ben", type="armut", re=["Cem", "Dora"], re_eyes=100, re_tricks=4),
        game("Cem", type="schwarze_sau", re=["Anna"], re_eyes=160, re_tricks=7),
    ]  # fmt: skip
    report = check("hausregeln-2024", entries, pot=100)
    assert errors(report) == []
    assert [row["kind"] for row in report["rows"]] == ["normal", "armut", "schwarze_sau"]
    assert report["rows"][0]["value"] == 3
    # the Schwarze Sau is not dealt as a solo (L37): the deal passes on
    assert report["next_dealer"] == "Dora"
    wrong = check("reglement-2001", entries[:1])
    assert errors(wrong) == ["sonderpunkt_not_in_rules"]


def test_004_L79_a_fuchs_paid_to_the_player_on_the_list() -> None:
    rules = {"preset": "ravensburger-2015", "specials": {"fuchs": ["normal", "armut", "solo"]}}
    premiums = [{"kind": "fuchs", "by": "Ben", "from": "Cem"}]
    entry = game("Anna", re=["Ben", "Dora"], premiums=premiums)  # Cem lost it, Cem pays
    report = check(rules, [entry])
    assert errors(report) == []
    assert report["rows"][0]["points"] == {"Anna": 0, "Ben": 10, "Cem": -5, "Dora": 5}
    assert report["findings"] == [] and report["pot"]["balance"] == 190
    assert report["rows"][0]["pot"] == 10


def test_tsr_with_overrides_the_dealer_repeats_after_a_pflichtsolo() -> None:
    rules = {"preset": "ddv", "deck": 40}
    entries = [
        solo("Anna", "Ben", pflicht=True),  # TSR 3.3.1: the same dealer again
        solo("Anna", "Ben"),  # his Lustsolo after his Pflichtsolo
        solo("Ben", "Cem"),  # a Lustsolo before his Pflichtsolo (TSR 4.3.1)
    ]
    report = check(rules, entries, games=6)
    assert errors(report) == ["lustsolo_before_pflichtsolo"]
    assert report["vorfuehrung"] == "Dora" and report["games_left"] == 3
    assert report["findings"][0]["rule"] == "TSR 4.3.1"
    late = check(rules, [*entries, game("Cem", re=["Anna", "Ben"])], games=6)
    assert errors(late)[1:] == ["solo_vorfuehrung_due"]


@pytest.mark.parametrize("kind", ["penalty", "nachspielzeit", "time_up"])
def test_tsr_entries_are_not_part_of_a_house_list(kind: str) -> None:
    report = check("schweinchen", [{"kind": kind}])
    assert errors(report) == ["entry_not_in_rules"]


def test_list_fields_of_other_rule_sets_are_refused() -> None:
    for key, fields in (("schweinchen", {"pot": 10}), ("reglement-2001", {"frist": 4})):
        with pytest.raises(DokoError) as caught:
            check(key, [], **fields)
        assert caught.value.code is Code.LIST_FIELD_NOT_IN_RULES


def test_the_command_line_checks_a_house_list() -> None:
    lines = [
        {"id": 1, "rules": "reglement-2001", "players": NAMES[:4],
         "entries": [game("Anna", re=["Ben", "Cem"])]},
        {"id": 2, "rules": "hausregeln-2024", "players": NAMES[:4], "entries": []},
    ]  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-m", "rules_engine", "check-list"],
        input="\n".join(json.dumps(line) for line in lines),
        capture_output=True,
        text=True,
        check=False,
    )
    first, second = map(json.loads, done.stdout.splitlines())
    assert first["valid"] is True and first["rules"] == "reglement-2001"
    assert second["code"] == "pot_start_missing"
    assert done.returncode == 1


# ----------------------------------------------------------------------------- properties
@dataclass
class Built:
    """A list built as the preset's rules say, and what its report must say."""

    record: Record
    totals: dict[str, int]
    complete: bool
    details: list[int] = field(default_factory=list)


def _calls(draw: st.DrawFn, rules: RuleSet) -> dict[str, str]:
    if rules.calls is CallSystem.KONTRA_RE:
        return draw(st.sampled_from([{}, {"kontra": "kontra"}, {"kontra": "kontra", "re": "re"}]))
    return draw(st.sampled_from([{}, {"re": "re"}, {"kontra": "kontra"}]))


def _details(draw: st.DrawFn, rules: RuleSet, seats: list[str], soloist: str | None) -> Record:
    tricks = draw(st.integers(0, rules.tricks))
    entry: Record = {
        "re_tricks": tricks,
        "re_eyes": draw(st.sampled_from(sorted(eye_sums(rules.deck)[tricks]))),
    }
    if soloist is None:
        entry |= {"type": "normal", "re": draw(st.permutations(seats))[:2]}
    else:
        kind = draw(st.sampled_from(sorted(s.value for s in rules.solos)))
        entry |= {"type": "solo", "solo": kind, "re": [soloist]}
    if rules.calls is CallSystem.KONTRA_RE or soloist is None or rules.absagen_in_solo:
        entry["calls"] = _calls(draw, rules)
    return entry


@st.composite
def built_lists(draw: st.DrawFn, key: str) -> Built:
    """A list under preset ``key`` as its rules make it: dealers, the pot, the solos owed,
    the Hammelrennen, each game's points and pot payment as ``score`` gives them."""
    rules = PRESETS[key]
    size = draw(st.sampled_from(sorted(rules.table_sizes)))
    names = NAMES[:size] if size != 3 else NAMES[:3]
    record: Record = {"id": key, "rules": key, "players": names, "entries": []}
    dummy = "Stroh" if size == 3 else None
    if dummy:
        record["strohmann"] = dummy
    balance: int | None = None
    if rules.settlement is Settlement.POT_WINNERS:
        balance = record["pot"] = draw(st.integers(1, 40))
    elif rules.settlement is Settlement.KASSE:
        balance = draw(st.integers(3, 40)) * rules.grundbetrag
        record["pot"] = balance
    owed = 1 if rules.pflichtsolo.value == "per_session" else 0  # 004: no Frist, no Zwangssolo
    done = dict.fromkeys(names, 0)
    wanted = draw(st.integers(1, 25))
    dealer, in_a_row, played = 0, 0, 0
    totals = dict.fromkeys(names, 0)
    g = rules.grundbetrag
    while True:
        ended = balance is not None and balance <= 0
        missing = [n for n in names if done[n] < owed]
        if ended and not missing:
            break
        if not ended and played >= wanted:
            break
        seats = [names[(dealer + i) % size] for i in range(1, size + 1)]
        if size == 5:
            seats.remove(names[dealer])
        human = list(seats)
        if dummy:
            seats.append(dummy)
        entry: Record = {"kind": "game", "dealer": names[dealer]}
        if ended:
            soloist = next(n for n in human if n in missing)
            entry |= _details(draw, rules, seats, soloist) | {"pflicht": "vorgefuehrt"}
        elif balance is not None and key == "ravensburger-2015" and balance <= 2 * g:
            entry |= {"type": "hammelrennen", "first_to_60": draw(st.sampled_from(seats[:4]))}
        else:
            soloist = draw(st.sampled_from([None, None, None, *human]))
            entry |= _details(draw, rules, seats, soloist)
            if soloist is not None and owed and rules.pflichtsolo.value == "per_session":
                entry["pflicht"] = done[soloist] < owed and draw(st.booleans())
        score_input = {k: v for k, v in entry.items() if k not in ("kind", "dealer")}
        score_input |= {"id": 0, "rules": key, "players": seats[:4]}
        if size == 5:
            score_input["sitting_out"] = names[dealer]
        if dummy:
            score_input["strohmann"] = dummy
        scored = score_record(score_input)
        points = {n: scored["scores"].get(n, 0) for n in names}
        entry["points"] = points
        if balance is not None:
            entry["pot"] = scored["pot"]
            balance -= scored["pot"]
        for n in names:
            totals[n] += points[n]
        record["entries"].append(entry)
        played += 1
        is_solo = entry["type"] == "solo"
        if is_solo and owed and entry.get("pflicht"):
            done[entry["re"][0]] += 1
        stays = False
        if key == "hausregeln-2024":
            in_a_row = in_a_row + 1 if is_solo else 0
            stays = is_solo and in_a_row < 3
            if in_a_row >= 3:
                in_a_row = 0
        dealer = dealer if stays else (dealer + 1) % size
    complete = balance is None or (balance <= 0 and all(done[n] >= owed for n in names))
    return Built(record, totals, complete)


def _clean(report: Record, built: Built) -> None:
    assert errors(report) == [], report["findings"]
    assert report["totals"] == built.totals
    assert report["complete"] is built.complete
    assert report["games_played"] == len(built.record["entries"])


@pytest.mark.parametrize("key", HOUSE)
@SETTINGS
@given(data=st.data())
def test_a_list_built_from_games_scored_under_the_preset_checks_clean(
    key: str, data: st.DataObject
) -> None:
    built = data.draw(built_lists(key))
    _clean(check_list(built.record), built)


@pytest.mark.parametrize("key", HOUSE)
@SETTINGS
@given(data=st.data())
def test_one_changed_point_is_found(key: str, data: st.DataObject) -> None:
    built = data.draw(built_lists(key))
    entry = data.draw(st.sampled_from(built.record["entries"]))
    name = data.draw(st.sampled_from(built.record["players"]))
    entry["points"][name] += data.draw(st.sampled_from([-1, 1, 5]))
    report = check_list(built.record)
    assert report["valid"] is False and "game_points_differ" in errors(report)


@pytest.mark.parametrize("key", HOUSE)
@SETTINGS
@given(data=st.data())
def test_a_broken_row_sum_is_found(key: str, data: st.DataObject) -> None:
    built = data.draw(built_lists(key))
    entries = built.record["entries"]
    number = data.draw(st.integers(0, len(entries) - 1))
    entry = entries[number]
    quick = {k: entry[k] for k in ("kind", "dealer", "type", "points") if k in entry}
    for extra in ("pot", "pflicht", "solo"):
        if extra in entry:
            quick[extra] = entry[extra]
    if entry["type"] == "solo":
        quick["player"] = entry["re"][0]
    quick["quick"] = True
    entries[number] = quick
    assert errors(check_list(built.record)) == []
    name = data.draw(st.sampled_from(built.record["players"]))
    quick["points"][name] += 1
    report = check_list(built.record)
    expected = "row_sum_not_zero" if "pot" not in entry else "row_sum_not_pot"
    assert report["valid"] is False and expected in errors(report)


@pytest.mark.parametrize("key", HOUSE)
@SETTINGS
@given(data=st.data())
def test_a_wrong_dealer_is_found(key: str, data: st.DataObject) -> None:
    built = data.draw(built_lists(key))
    entry = data.draw(st.sampled_from(built.record["entries"]))
    others = [n for n in built.record["players"] if n != entry["dealer"]]
    entry["dealer"] = data.draw(st.sampled_from(others))
    report = check_list(built.record)
    assert report["valid"] is False and "wrong_dealer" in errors(report)
