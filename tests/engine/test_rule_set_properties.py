"""Properties of ``score`` under every preset (hypothesis): plus-minus presets sum to
zero, a Punktetopf or Kasse pays exactly what the players gain, the general scorer agrees
with the DDV scorer on the DDV's own rules, and a summary a preset makes impossible is
refused, never scored (docs/rule-sets.md)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine import DokoError
from rules_engine.records import score_record
from rules_engine.rulescore import eye_sums, ruled_summary_from_record, score_ruled
from rules_engine.rulesets import (
    DDV,
    PRESETS,
    Armut,
    CallSystem,
    Context,
    ExtraGame,
    RuleSet,
    Settlement,
    SoloKind,
    Special,
)
from tests.support.examples import examples

SETTINGS = settings(
    max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
PLAYERS = ["Anna", "Ben", "Cem", "Dora"]
LEVELS = ("keine90", "keine60", "keine30", "schwarz")


@st.composite
def records(draw: st.DrawFn, key: str, rules: RuleSet) -> dict[str, Any]:
    """A valid ``score`` record under ``rules`` (the preset ``key``)."""
    kinds = ["normal", "hochzeit", "solo"]
    if rules.stille_hochzeit:
        kinds.append("stille_hochzeit")
    if rules.armut is not Armut.NONE:
        kinds.append("armut")
    if ExtraGame.SCHWARZE_SAU in rules.extra_games:
        kinds.append("schwarze_sau")
    kind = draw(st.sampled_from(kinds))
    record: dict[str, Any] = {"id": 1, "rules": key, "players": PLAYERS, "type": kind}
    tricks = draw(st.integers(0, rules.tricks))
    if kind == "hochzeit" and draw(st.booleans()):
        tricks = max(tricks, rules.hochzeit_deadline or rules.tricks)
        record["re"] = ["Ben"]
    elif kind in ("normal", "hochzeit", "armut"):
        record["re"] = draw(st.permutations(PLAYERS))[:2]
    else:
        record["re"] = [draw(st.sampled_from(PLAYERS))]
    if kind == "solo":
        record["solo"] = draw(st.sampled_from(sorted(s.value for s in rules.solos)))
    record["re_tricks"] = tricks
    record["re_eyes"] = draw(st.sampled_from(sorted(eye_sums(rules.deck)[tricks])))
    if kind != "schwarze_sau":
        solo_like = kind in ("solo", "stille_hochzeit") or len(record["re"]) == 1
        top = (
            0
            if rules.calls is CallSystem.KONTRA_RE or (solo_like and not rules.absagen_in_solo)
            else 4
        )
        calls: dict[str, Any] = {}
        for party in ("kontra", "re"):
            level = draw(st.integers(-1, top))
            if level >= 0:
                calls[party] = party if level == 0 else LEVELS[level - 1]
        if rules.calls is CallSystem.KONTRA_RE and "kontra" not in calls:
            calls.pop("re", None)
        record["calls"] = calls
        contexts = {Context.NORMAL} if not solo_like else {Context.SOLO}
        if kind == "armut":
            contexts = {Context.ARMUT}
        if (
            rules.special_counts(Special.FUCHS, frozenset(contexts))
            and rules.premiums_to.value == "party"
            and record["re_eyes"] >= 11
            and tricks > 0
            and draw(st.booleans())
        ):
            record["specials"] = {"re": {"fuchs": 1}}
    if 5 in rules.table_sizes and rules.key != "ddv" and draw(st.booleans()):
        record["sitting_out"] = "Emil"
    return record


def preset_records() -> st.SearchStrategy[dict[str, Any]]:
    return st.sampled_from([k for k in PRESETS if k != "ddv"]).flatmap(
        lambda key: records(key, PRESETS[key])
    )


@SETTINGS
@given(preset_records())
def test_plus_minus_presets_sum_to_zero_and_pots_pay_what_the_players_gain(
    record: dict[str, Any],
) -> None:
    result = score_record(record)
    rules = PRESETS[record["rules"]]
    total = sum(result["scores"].values())
    if rules.settlement is Settlement.PLUS_MINUS:
        assert total == 0 and "pot" not in result
    else:
        assert total == result["pot"] and result["pot"] >= 0
    assert result["unit"] == rules.unit.value


@SETTINGS
@given(preset_records())
def test_the_value_is_the_items_netted_times_the_factors(record: dict[str, Any]) -> None:
    result = score_record(record)
    base = sum(p if party == "re" else -p for _, party, p in result["items"])
    for _, factor in result["factors"]:
        base *= factor
    assert base == result["value"]


@SETTINGS
@given(records("ddv", DDV))
def test_the_general_scorer_agrees_with_the_ddv_scorer_on_the_ddv_rules(
    record: dict[str, Any],
) -> None:
    del record["rules"]
    if record["type"] in ("solo", "stille_hochzeit") or len(record["re"]) == 1:
        record.pop("specials", None)
    expected = score_record(record)
    copy = replace(DDV, name="a copy")
    result = score_ruled(ruled_summary_from_record(record, copy))
    assert result.value == expected["value"]
    assert dict(result.scores) == expected["scores"]
    assert sorted(map(tuple, expected["items"])) == sorted(result.items)


@SETTINGS
@given(preset_records(), st.data())
def test_a_summary_the_preset_makes_impossible_is_refused(
    record: dict[str, Any], data: st.DataObject
) -> None:
    rules = PRESETS[record["rules"]]
    if record["type"] == "schwarze_sau" or "re_eyes" not in record:
        return
    how = data.draw(st.sampled_from(["tricks", "eyes", "solo"]))
    if how == "tricks":
        record["re_tricks"] = data.draw(st.integers(rules.tricks + 1, 48))
    elif how == "eyes":
        sums = eye_sums(rules.deck)[record["re_tricks"]]
        record["re_eyes"] = data.draw(st.integers(0, 240).filter(lambda e: e not in sums))
    else:
        missing = sorted(s.value for s in set(SoloKind) - rules.solos)
        if not missing:
            return
        record.update(type="solo", solo=data.draw(st.sampled_from(missing)), re=["Ben"], calls={})
        record.pop("specials", None)
    try:
        score_record(record)
    except DokoError:
        return
    raise AssertionError(f"scored an impossible summary: {record}")
