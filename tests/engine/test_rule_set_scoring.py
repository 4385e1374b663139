"""``score`` under the presets: every worked example of the seeds 001, 002 and 004 that
concerns scoring, and what each preset makes impossible (docs/rule-sets.md).

Test names give the seed and line: ``test_001_l123`` is seed 001 (Reglement 2001), line 123.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from rules_engine import DokoError
from rules_engine.findings import Code
from rules_engine.records import replay_record, score_record
from rules_engine.rulesets import DDV, PRESETS, VARIANTS, parse_rules

PLAYERS = ["Anna", "Ben", "Cem", "Dora"]


def game(rules: Any, **fields: Any) -> dict[str, Any]:
    record: dict[str, Any] = {"id": "g", "rules": rules, "players": PLAYERS, "type": "normal"}
    record.update(fields)
    return record


def scored(rules: Any, **fields: Any) -> dict[str, Any]:
    return score_record(game(rules, **fields))


def refused(rules: Any, **fields: Any) -> Code:
    with pytest.raises(DokoError) as caught:
        score_record(game(rules, **fields))
    return caught.value.code


NORMAL = {"re": ["Anna", "Cem"]}


# ---------------------------------------------------------------- the rules field itself
def test_rules_presets_have_exactly_the_five_keys() -> None:
    assert list(PRESETS) == [
        "ddv",
        "hausregeln-2024",
        "reglement-2001",
        "schweinchen",
        "ravensburger-2015",
    ]


def test_rules_absent_null_and_ddv_are_the_ddv_output_byte_for_byte() -> None:
    plain = {
        "id": 1,
        "players": PLAYERS,
        "type": "normal",
        "re": ["Anna", "Cem"],
        "re_eyes": 151,
        "re_tricks": 8,
        "calls": {"re": "re", "kontra": None},
    }
    expected = score_record(plain)
    for value in (None, "ddv", {"preset": "ddv"}, {"preset": "ddv", "deck": 48}):
        assert score_record(plain | {"rules": value}) == expected


def test_rules_every_documented_variant_parses_as_an_override() -> None:
    for preset, variants in VARIANTS.items():
        for overrides in variants.values():
            rules = parse_rules({"preset": preset, **overrides})
            assert rules.key == preset
            assert rules != PRESETS[preset]


@pytest.mark.parametrize(
    ("value", "code"),
    [
        ("tsr", Code.RULES_PRESET_UNKNOWN),
        (7, Code.RULES_NOT_A_RULE_SET),
        ({"deck": 40}, Code.RULES_NOT_A_RULE_SET),
        ({"preset": "ddv", "dek": 40}, Code.RULES_OVERRIDE_UNKNOWN),
        ({"preset": "ddv", "key": "x"}, Code.RULES_OVERRIDE_UNKNOWN),
        ({"preset": "ddv", "deck": 36}, Code.RULES_OVERRIDE_INVALID),
        ({"preset": "ddv", "dullen": 1}, Code.RULES_OVERRIDE_INVALID),
        ({"preset": "ddv", "model": "skat"}, Code.RULES_OVERRIDE_INVALID),
        ({"preset": "ddv", "solos": ["grand"]}, Code.RULES_OVERRIDE_INVALID),
    ],
)
def test_rules_a_bad_rules_field_is_one_error_with_its_code(value: Any, code: Code) -> None:
    assert refused(value, **NORMAL, re_eyes=121, re_tricks=6) is code


def test_rules_replay_and_check_list_read_every_rule_set() -> None:
    with pytest.raises(DokoError) as caught:
        replay_record({"rules": "schweinchen", "players": PLAYERS})
    assert caught.value.code is Code.FIELD_MISSING
    from rules_engine.scorelist import check_list

    # check-list checks lists under every preset (tests/engine/test_rule_set_check_list.py)
    assert check_list({"rules": "reglement-2001", "players": PLAYERS})["valid"] is True
    with pytest.raises(DokoError) as caught:
        replay_record({"rules": "nope", "players": PLAYERS})
    assert caught.value.code is Code.RULES_PRESET_UNKNOWN


def test_rules_command_line_error_line_and_exit_status() -> None:
    lines = "\n".join(
        json.dumps(game(value, **NORMAL, re_eyes=121, re_tricks=6))
        for value in ("schweinchen", "nope")
    )
    done = subprocess.run(
        [sys.executable, "-m", "rules_engine", "score"],
        input=lines,
        capture_output=True,
        text=True,
        check=False,
    )
    first, second = map(json.loads, done.stdout.splitlines())
    assert done.returncode == 1
    assert first["unit"] == "Punkte" and first["winner"] == "re"
    assert second["code"] == "rules_preset_unknown" and second["id"] == "g"


def test_rules_the_ddv_preset_is_the_default_rule_set() -> None:
    assert parse_rules(None) is DDV is PRESETS["ddv"]


# ---------------------------------------------------------------- 001 Reglement 2001
R001 = "reglement-2001"


def test_001_l123_163_augen_re_and_keine_90_is_six_siegpunkte() -> None:
    result = scored(R001, **NORMAL, re_eyes=163, re_tricks=8, calls={"re": "keine90"})
    assert result["value"] == 6
    assert result["scores"] == {"Anna": 6, "Ben": -6, "Cem": 6, "Dora": -6}
    assert [item[2] for item in result["items"]] == [1, 1, 1]
    assert result["factors"] == [["Re angesagt", 2]]


def test_001_l130_bubensolo_163_augen_with_re_is_twelve_points() -> None:
    result = scored(
        R001, type="solo", solo="buben", re=["Ben"], re_eyes=163, re_tricks=8, calls={"re": "re"}
    )
    assert result["scores"] == {"Anna": -4, "Ben": 12, "Cem": -4, "Dora": -4}


def test_001_l116_patt_120_is_won_by_kontra_with_double_siegpunkte() -> None:
    result = scored(R001, **NORMAL, re_eyes=120, re_tricks=6)
    assert result["winner"] == "kontra"
    assert result["value"] == -2
    assert ["Kontra gewinnt", 2] in result["factors"]


def test_001_l121_re_keine_90_needs_more_than_150() -> None:
    result = scored(R001, **NORMAL, re_eyes=150, re_tricks=8, calls={"re": "keine90"})
    # Kontra: gewonnen 1 + keine 90 angesagt 1, Re angesagt x2, Kontra gewinnt x2 (L117)
    assert result["winner"] == "kontra" and result["value"] == -8


def test_001_l129_a_lost_solo_is_doubled_for_kontra_and_tripled_for_the_soloist() -> None:
    result = scored(R001, type="solo", solo="kreuz", re=["Dora"], re_eyes=100, re_tricks=5)
    assert result["scores"] == {"Anna": 2, "Ben": 2, "Cem": 2, "Dora": -6}


def test_001_l147_schwarz_spiel_costs_the_culprit_18_and_pays_the_others_6() -> None:
    result = scored(R001, type="schwarz_spiel", culprit="Cem")
    assert result["scores"] == {"Anna": 6, "Ben": 6, "Cem": -18, "Dora": 6}


def test_001_l43_l39_fuchs_and_karlchen_count_but_no_doppelkopf_d14() -> None:
    result = scored(
        R001,
        **NORMAL,
        re_eyes=151,
        re_tricks=8,
        specials={"re": {"fuchs": 1}, "kontra": {"karlchen": 1}},
    )
    assert result["value"] == 2  # gewonnen + unter 90 + Fuchs - Karlchen
    assert (
        refused(R001, **NORMAL, re_eyes=151, re_tricks=8, specials={"re": {"doppelkopf": 1}})
        is Code.SONDERPUNKT_NOT_IN_RULES
    )


def test_001_l119_l121_calls_until_the_fifth_and_ninth_card() -> None:
    ok = scored(
        R001,
        **NORMAL,
        re_eyes=163,
        re_tricks=8,
        calls={"re": "keine90"},
        timing={"re": {"re": 5, "keine90": 9}},
    )
    assert ok["value"] == 6
    late = refused(
        R001, **NORMAL, re_eyes=163, re_tricks=8, calls={"re": "keine90"}, timing={"re": {"re": 6}}
    )
    assert late is Code.CALL_AFTER_DEADLINE


def test_001_l89_ohne_neunen_variant_has_ten_tricks() -> None:
    rules = {"preset": R001, **VARIANTS[R001]["ohne_neunen"]}
    assert scored(rules, **NORMAL, re_eyes=240, re_tricks=10)["value"] == 5  # schwarz
    assert scored(R001, **NORMAL, re_eyes=240, re_tricks=10)["value"] == 4  # 8 Neunen left
    assert refused(rules, **NORMAL, re_eyes=240, re_tricks=9) is Code.EYES_IMPOSSIBLE_IN_DECK
    assert refused(rules, **NORMAL, re_eyes=240, re_tricks=11) is Code.TRICKS_ABOVE_DECK


# ---------------------------------------------------------------- 002 Schweinchen
S002 = "schweinchen"


def test_002_l61_re_keine_90_kontra_lost_with_80_and_a_fuchs_is_16() -> None:
    result = scored(
        S002,
        **NORMAL,
        re_eyes=160,
        re_tricks=7,
        calls={"re": "keine90", "kontra": "kontra"},
        specials={"re": {"fuchs": 1}},
    )
    assert result["scores"] == {"Anna": 16, "Ben": -16, "Cem": 16, "Dora": -16}
    assert sum(item[2] for item in result["items"]) == 4


def test_002_l63_solo_with_re_against_89_is_18_and_minus_6_each() -> None:
    result = scored(
        S002, type="solo", solo="damen", re=["Ben"], re_eyes=151, re_tricks=6, calls={"re": "re"}
    )
    assert result["scores"] == {"Anna": -6, "Ben": 18, "Cem": -6, "Dora": -6}
    assert ["Solo gespielt", "re", 1] in result["items"]


def test_002_l58_l16_kontra_wins_with_120_and_gets_a_point() -> None:
    result = scored(S002, **NORMAL, re_eyes=120, re_tricks=5)
    assert result["winner"] == "kontra" and result["value"] == -2


def test_002_l59_every_row_sums_to_zero() -> None:
    result = scored(
        S002,
        type="solo",
        solo="karo",
        re=["Dora"],
        re_eyes=60,
        re_tricks=2,
        calls={"kontra": "kontra"},
    )
    assert sum(result["scores"].values()) == 0 and "pot" not in result


def test_002_l74_no_fleischloser_no_farbsolo_but_karo() -> None:
    assert (
        refused(S002, type="solo", solo="fleischlos", re=["Ben"], re_eyes=121, re_tricks=5)
        is Code.SOLO_NOT_IN_RULES
    )
    assert (
        refused(S002, type="solo", solo="kreuz", re=["Ben"], re_eyes=121, re_tricks=5)
        is Code.SOLO_NOT_IN_RULES
    )


def test_002_l74_in_a_solo_only_re_and_kontra() -> None:
    assert (
        refused(
            S002,
            type="solo",
            solo="buben",
            re=["Ben"],
            re_eyes=121,
            re_tricks=5,
            calls={"re": "keine90"},
        )
        is Code.CALL_NOT_IN_RULES
    )


def test_002_l24_extras_count_in_the_trumpfsolo_only() -> None:
    karo = scored(
        S002,
        type="solo",
        solo="karo",
        re=["Ben"],
        re_eyes=150,
        re_tricks=6,
        specials={"re": {"doppelkopf": 1}},
    )
    assert ["Doppelkopf", "re", 1] in karo["items"]
    assert (
        refused(
            S002,
            type="solo",
            solo="damen",
            re=["Ben"],
            re_eyes=150,
            re_tricks=6,
            specials={"re": {"doppelkopf": 1}},
        )
        is Code.SONDERPUNKT_NOT_IN_RULES
    )


def test_002_l22_l70_karlchen_gefangen_counts() -> None:
    result = scored(
        S002, **NORMAL, re_eyes=130, re_tricks=6, specials={"kontra": {"karlchen_gefangen": 1}}
    )
    assert ["Karlchen gefangen", "kontra", 1] in result["items"]


def test_002_l68_with_a_schweinchen_only_one_fuchs_can_be_caught() -> None:
    assert (
        refused(
            S002,
            **NORMAL,
            re_eyes=130,
            re_tricks=6,
            schweinchen=True,
            specials={"re": {"fuchs": 2}},
        )
        is Code.SPECIAL_TOO_MANY
    )
    assert scored(S002, **NORMAL, re_eyes=130, re_tricks=6, specials={"re": {"fuchs": 2}})


def test_002_l72_armut_giver_and_taker_are_re_and_kontra_gewinnt_counts() -> None:
    result = scored(S002, type="armut", re=["Anna", "Ben"], re_eyes=100, re_tricks=4)
    assert result["winner"] == "kontra" and result["value"] == -2


def test_002_l40_l43_deadlines_before_the_sixth_and_tenth_card() -> None:
    assert (
        refused(
            S002,
            **NORMAL,
            re_eyes=130,
            re_tricks=6,
            calls={"kontra": "kontra"},
            timing={"kontra": {"kontra": 6}},
        )
        is Code.CALL_AFTER_DEADLINE
    )
    assert scored(
        S002,
        **NORMAL,
        re_eyes=130,
        re_tricks=6,
        calls={"re": "keine90"},
        timing={"re": {"keine90": 9}},
    )


def test_002_l53_ten_cards_each_so_ten_tricks_and_the_40_card_augen() -> None:
    assert refused(S002, **NORMAL, re_eyes=130, re_tricks=11) is Code.TRICKS_ABOVE_DECK
    # one trick of 40 cards holds at least 8 Augen (no Neunen)
    assert refused(S002, **NORMAL, re_eyes=7, re_tricks=1) is Code.EYES_IMPOSSIBLE_IN_DECK


# ---------------------------------------------------------------- 004 Ravensburger 2015
R004 = "ravensburger-2015"


def test_004_l63_a_simple_win_pays_each_winner_5_pfennig_from_the_kasse() -> None:
    result = scored(R004, **NORMAL, re_eyes=125, re_tricks=6)
    assert result["unit"] == "Pfennig"
    assert result["scores"] == {"Anna": 5, "Ben": 0, "Cem": 5, "Dora": 0}
    assert result["pot"] == 10


def test_004_l63_each_further_stufe_is_5_pfennig() -> None:
    result = scored(R004, **NORMAL, re_eyes=215, re_tricks=11)  # keine 90, 60, 30
    assert result["scores"]["Anna"] == 20 and result["pot"] == 40


def test_004_l63_the_alten_lose_kontra_gets_10_plus_5_per_stufe() -> None:
    assert scored(R004, **NORMAL, re_eyes=120, re_tricks=6)["scores"]["Ben"] == 10
    result = scored(R004, **NORMAL, re_eyes=80, re_tricks=4)
    assert result["scores"] == {"Anna": 0, "Ben": 15, "Cem": 0, "Dora": 15}


def test_004_l65_solos_from_the_pocket_5_from_each_or_10_to_each() -> None:
    won = scored(R004, type="solo", solo="buben", re=["Ben"], re_eyes=130, re_tricks=7)
    assert won["scores"] == {"Anna": -5, "Ben": 15, "Cem": -5, "Dora": -5}
    assert won["pot"] == 0
    lost = scored(R004, type="solo", solo="buben", re=["Ben"], re_eyes=110, re_tricks=5)
    assert lost["scores"] == {"Anna": 10, "Ben": -30, "Cem": 10, "Dora": 10}


def test_004_l67_kontra_doubles_re_quadruples_20_or_40_pfennig_each() -> None:
    calls = {"kontra": "kontra", "re": "re"}
    won = scored(R004, type="solo", solo="kreuz", re=["Ben"], re_eyes=130, re_tricks=7, calls=calls)
    assert won["scores"]["Ben"] == 60 and won["scores"]["Anna"] == -20
    lost = scored(
        R004, type="solo", solo="kreuz", re=["Ben"], re_eyes=110, re_tricks=5, calls=calls
    )
    assert lost["scores"]["Ben"] == -120 and lost["scores"]["Anna"] == 40


def test_004_l67_re_only_as_the_answer_to_kontra_and_no_absagen() -> None:
    assert (
        refused(R004, **NORMAL, re_eyes=130, re_tricks=7, calls={"re": "re"})
        is Code.CALL_NOT_IN_RULES
    )
    assert (
        refused(
            R004, **NORMAL, re_eyes=130, re_tricks=7, calls={"re": "keine90", "kontra": "kontra"}
        )
        is Code.CALL_NOT_IN_RULES
    )


def test_004_l57_l53_no_damensolo() -> None:
    assert (
        refused(R004, type="solo", solo="damen", re=["Ben"], re_eyes=130, re_tricks=7)
        is Code.SOLO_NOT_IN_RULES
    )


def test_004_l93_at_five_the_one_sitting_out_pays_in_a_solo() -> None:
    solo = scored(
        R004, type="solo", solo="karo", re=["Ben"], re_eyes=130, re_tricks=7, sitting_out="Emil"
    )
    assert solo["scores"] == {"Anna": -5, "Ben": 20, "Cem": -5, "Dora": -5, "Emil": -5}
    normal = scored(R004, **NORMAL, re_eyes=130, re_tricks=7, sitting_out="Emil")
    assert normal["scores"]["Emil"] == 0


def test_004_l91_three_players_the_strohmann_share_goes_to_his_partner_d32() -> None:
    booked = scored(R004, **NORMAL, re_eyes=130, re_tricks=7, strohmann="Cem", strohmann_by="Anna")
    assert booked["scores"] == {"Anna": 10, "Ben": 0, "Dora": 0}
    dropped = scored(R004, **NORMAL, re_eyes=130, re_tricks=7, strohmann="Cem")
    assert dropped["scores"] == {"Anna": 5, "Ben": 0, "Dora": 0} and dropped["pot"] == 5


def test_004_l83_hammelrennen_the_first_to_60_takes_the_kasse_rest() -> None:
    result = scored(R004, type="hammelrennen", first_to_60="Dora")
    assert result["scores"] == {"Anna": 0, "Ben": 0, "Cem": 0, "Dora": 10}
    assert result["pot"] == 10


def test_004_l75_fuechse_variant_pays_5_pfennig_to_the_catcher() -> None:
    rules = {"preset": R004, **VARIANTS[R004]["fuechse"]}
    result = scored(
        rules, **NORMAL, re_eyes=130, re_tricks=7, premiums=[{"kind": "fuchs", "by": "Anna"}]
    )
    assert result["scores"] == {"Anna": 10, "Ben": 0, "Cem": 5, "Dora": 0}
    assert result["pot"] == 15
    assert (
        refused(
            R004, **NORMAL, re_eyes=130, re_tricks=7, premiums=[{"kind": "fuchs", "by": "Anna"}]
        )
        is Code.FIELD_NOT_IN_RULES
    )


def test_004_l79_fuechse_paid_by_the_loser_of_the_fuchs() -> None:
    rules = {"preset": R004, **VARIANTS[R004]["fuechse"], "premium_from": "loser"}
    result = scored(
        rules,
        **NORMAL,
        re_eyes=130,
        re_tricks=7,
        premiums=[{"kind": "fuchs", "by": "Anna", "from": "Ben"}],
    )
    assert result["scores"] == {"Anna": 10, "Ben": -5, "Cem": 5, "Dora": 0}


def test_004_l49_l23_120_to_120_the_alten_lose_d29() -> None:
    assert scored(R004, **NORMAL, re_eyes=120, re_tricks=6)["winner"] == "kontra"


# ---------------------------------------------------------------- 000 Hausregeln 2024
H000 = "hausregeln-2024"


def test_000_l61_the_punktetopf_pays_the_winners_d2() -> None:
    result = scored(H000, **NORMAL, re_eyes=125, re_tricks=5, calls={"re": "re"})
    assert result["scores"] == {"Anna": 2, "Ben": 0, "Cem": 2, "Dora": 0}
    assert result["pot"] == 4


def test_000_plus_minus_variant_instead_of_the_punktetopf() -> None:
    rules = {"preset": H000, **VARIANTS[H000]["plus_minus"]}
    result = scored(rules, **NORMAL, re_eyes=125, re_tricks=5, calls={"re": "re"})
    assert result["scores"] == {"Anna": 2, "Ben": -2, "Cem": 2, "Dora": -2}


def test_000_l59_sixty_rule_above_180_without_a_call_loses() -> None:
    result = scored(H000, **NORMAL, re_eyes=185, re_tricks=8)
    assert result["winner"] == "kontra"
    called = scored(H000, **NORMAL, re_eyes=185, re_tricks=8, calls={"re": "re"})
    assert called["winner"] == "re"
    solo = scored(H000, type="solo", solo="damen_buben", re=["Ben"], re_eyes=185, re_tricks=8)
    assert solo["winner"] == "re"


def test_000_l34_no_gegen_die_alten_in_a_trumpfabgabe() -> None:
    armut = scored(H000, type="armut", re=["Anna", "Ben"], re_eyes=100, re_tricks=4)
    normal = scored(H000, **NORMAL, re_eyes=100, re_tricks=4)
    assert armut["scores"]["Cem"] == 1 and normal["scores"]["Ben"] == 2


def test_000_l67_l73_doppelkopf_in_solos_herzstich_only_in_normal_games() -> None:
    solo = scored(
        H000,
        type="solo",
        solo="pik",
        re=["Ben"],
        re_eyes=150,
        re_tricks=6,
        specials={"re": {"doppelkopf": 1}},
    )
    assert ["Doppelkopf", "re", 1] in solo["items"]
    assert (
        refused(
            H000,
            type="solo",
            solo="pik",
            re=["Ben"],
            re_eyes=150,
            re_tricks=6,
            specials={"re": {"herzstich": 1}},
        )
        is Code.SONDERPUNKT_NOT_IN_RULES
    )
    normal = scored(
        H000,
        **NORMAL,
        re_eyes=150,
        re_tricks=6,
        specials={"re": {"herzstich": 1, "fuchs_letzter_stich": 1}},
    )
    assert ["Herzstich", "re", 1] in normal["items"]
    assert ["Fuchs im letzten Stich", "re", 1] in normal["items"]


def test_000_l79_hammelrennen_over_120_or_nearest_60() -> None:
    over = scored(H000, type="hammelrennen", eyes={"Anna": 130, "Ben": 40, "Cem": 40, "Dora": 30})
    assert over["winner"] == "Anna" and over["scores"]["Anna"] == 1 and over["pot"] == 1
    near = scored(H000, type="hammelrennen", eyes={"Anna": 70, "Ben": 57, "Cem": 53, "Dora": 60})
    assert near["winner"] == "Dora"
    tie = scored(H000, type="hammelrennen", eyes={"Anna": 64, "Ben": 56, "Cem": 60, "Dora": 60})
    assert tie["winner"] is None and tie["pot"] == 0


def test_000_l81_schwarze_sau_is_doubled_and_has_no_calls() -> None:
    result = scored(H000, type="schwarze_sau", re=["Ben"], re_eyes=130, re_tricks=5)
    assert result["scores"] == {"Anna": 0, "Ben": 6, "Cem": 0, "Dora": 0}
    assert (
        refused(H000, type="schwarze_sau", re=["Ben"], re_eyes=130, re_tricks=5, calls={"re": "re"})
        is Code.CALL_NOT_IN_RULES
    )


def test_000_l57_no_gaps_between_raises_d37() -> None:
    ok = scored(
        H000,
        **NORMAL,
        re_eyes=200,
        re_tricks=8,
        calls={"re": "keine60"},
        timing={"re": {"re": 2, "keine90": 5, "keine60": 9}},
    )
    assert ok["winner"] == "re"
    assert (
        refused(
            H000,
            **NORMAL,
            re_eyes=200,
            re_tricks=8,
            calls={"re": "keine60"},
            timing={"re": {"re": 2, "keine90": 5, "keine60": 13}},
        )
        is Code.CALL_GAP
    )


def test_000_l7_l29_no_fleischloser_and_the_damen_buben_solo_exists() -> None:
    assert (
        refused(H000, type="solo", solo="fleischlos", re=["Ben"], re_eyes=150, re_tricks=6)
        is Code.SOLO_NOT_IN_RULES
    )
    assert (
        refused("ddv", type="solo", solo="damen_buben", re=["Ben"], re_eyes=150, re_tricks=8).value
        == "solo_unknown"
    )


def test_rules_every_field_of_every_preset_reads_back_as_an_override() -> None:
    from dataclasses import replace

    from rules_engine.rulesets import rules_to_data

    for preset in PRESETS.values():
        data = rules_to_data(preset)
        overrides = {k: v for k, v in data.items() if k not in ("key", "name")}
        assert parse_rules({"preset": "ddv", **overrides}) == replace(
            preset, key="ddv", name=DDV.name
        )


# ---------------------------------------------------------------- found trying it as a user
@pytest.mark.parametrize("rules", ["hausregeln-2024", "reglement-2001", "schweinchen"])
def test_002_l76_000_l57_d36_a_hochzeit_call_waits_for_the_klaerungsstich(rules: str) -> None:
    hochzeit = {
        "type": "hochzeit",
        "re": ["Anna", "Cem"],
        "re_eyes": 169,
        "re_tricks": 7,
        "klaerungsstich": 2,
        "calls": {"kontra": "kontra"},
    }
    assert refused(rules, **hochzeit, timing={"kontra": {"kontra": 3}}) is (
        Code.CALL_BEFORE_KLAERUNG_TIMED
    )
    assert refused(rules, **hochzeit, timing={"kontra": {"kontra": 7}}) is (
        Code.CALL_BEFORE_KLAERUNG_TIMED
    )
    assert scored(rules, **hochzeit, timing={"kontra": {"kontra": 8}})["winner"] == "re"


@pytest.mark.parametrize("other", ["karlchen", "karlchen_gefangen"])
def test_000_l75_l77_fuchs_im_letzten_stich_excludes_karlchen_in_that_trick(other: str) -> None:
    specials = {"re": {"fuchs_letzter_stich": 1, other: 1}}
    assert refused("hausregeln-2024", **NORMAL, re_eyes=140, re_tricks=6, specials=specials) is (
        Code.LAST_TRICK_FUCHS_AND_KARLCHEN
    )
    alone = {"re": {"fuchs_letzter_stich": 1}}
    assert scored("hausregeln-2024", **NORMAL, re_eyes=140, re_tricks=6, specials=alone)["value"]
