"""The engine's findings under a rule set other than the DDV's, as the app shows them.

Every finding code is walked under each of the four other presets and put into German the
way the list pages and the refusals do (``cite_rule(on_the_list(data), rule)``, the ``rule``
from ``rules_engine.rulelist.rule_of`` as in the report of ``check-list``): each has a German
text, none names a set by its key („im Regelwerk hausregeln-2024“), a finding that names the
set names it as the page „Regelwerk“ does, and each cites the seed line its report gives;
a finding about what the set lacks always has that line. A few real lists under each preset
check the same on the engine's own findings.
"""

from __future__ import annotations

import re
import string
from typing import Any

import pytest

from rules_engine.findings import Code, Finding, JsonValue, Player, Points
from rules_engine.gametypes import GameType
from rules_engine.rulelist import check_ruled_list, rule_of
from rules_engine.rulesets import PRESETS, Armut, RuleSet, Schweinchen
from tests.support.findings import sample_parameters
from tournament.texts import on_the_list
from tournament.texts.findings import FIELDS, GERMAN
from tournament.texts.rule_set_entry import cite_rule, seed_reference
from tournament.texts.rule_sets import PRESET_NAMES

OTHER_PRESETS = [key for key in PRESETS if key != "ddv"]
NAMES = {"Anna": "Anna Albers", "Ben": "Ben Becker", "Cem": "Cem Çelik", "Dora": "Dora Dietz"}

#: A value for every parameter name of the English templates, typed as the engine gives it.
SAMPLE: dict[str, Any] = sample_parameters("Anna", "Ben") | {
    "detail": "Expecting value",
    "value": JsonValue.of("armut"),
    "choices": ("3", "4"),
    "game_type": GameType.SOLO,
    "name": "Anna",
    "shift": 0,
    "names": (Player("Anna"), Player("Ben")),
    "limit": 2,
    "written": Points(((Player("Anna"), 3), (Player("Ben"), -3))),
    "minutes": 5,
}
OVERRIDES: dict[Code, dict[str, Any]] = {
    Code.SITTING_OUT_POINTS: {"points": 2},
    Code.MUST_FOLLOW: {"led": None},
    Code.SPECIAL_TOO_MANY: {"kind": "fuchs"},
}
#: The fields the engine says a set lacks (``field_not_in_rules`` from the scorer,
#: ``list_field_not_in_rules`` from the list check).
FIELDS_NOT_IN_RULES = {
    Code.FIELD_NOT_IN_RULES: (
        "sitting_out",
        "strohmann",
        "solo",
        "pflicht",
        "timing",
        "calls",
        "specials",
        "specials.re.fuchs",
        "premiums",
        "schweinchen",
    ),
    Code.LIST_FIELD_NOT_IN_RULES: ("strohmann", "pot", "frist", "zwangssoli"),
}
#: The findings about the table: 001 and 002 name no line for it, their whole text is a
#: game of four.
TABLE = {Code.TABLE_SIZE_FOR_RULES, Code.PLAYERS_FOR_RULES}
TABLE_FIELDS = {"sitting_out", "strohmann"}
#: Findings only a set with the Schweinchen or the Armut can give.
SCHWEINCHEN = {Code.SCHWEINCHEN_NEEDS_BOTH, Code.SCHWEIN_NOT_ALLOWED}
ARMUT = {
    Code.ARMUT_TOO_MANY_TRUMPS,
    Code.ARMUT_GIVES_NOT_TRUMPS,
    Code.ARMUT_RETURNS_WRONG,
    Code.ARMUT_FEHL_FIRST,
}


def _needs_a_line(finding: Finding, rules: RuleSet) -> bool:
    """Whether ``finding`` names the set, and the set's seed has a line for what it says."""
    code = finding.code
    if "preset" not in finding.parameters:
        return False
    if code in SCHWEINCHEN:
        return rules.schweinchen is not Schweinchen.NONE
    if code in ARMUT:
        return rules.armut is not Armut.NONE
    four_only = rules.key in ("reglement-2001", "schweinchen")
    return not four_only or (
        code not in TABLE and finding.parameters.get("field") not in TABLE_FIELDS
    )


def _names(template: str) -> list[str]:
    seen: list[str] = []
    for _, field, _, _ in string.Formatter().parse(template):
        if field:
            name = field.split(".")[0].split("[")[0]
            if name not in seen:
                seen.append(name)
    return seen


def _findings(code: Code, rules: RuleSet) -> list[Finding]:
    """Findings of ``code`` as the engine gives them under ``rules``, at game 2."""
    values = SAMPLE | {"preset": rules.key} | OVERRIDES.get(code, {})
    fields = FIELDS_NOT_IN_RULES.get(code, (values["field"],))
    return [
        Finding(
            code, tuple((name, (values | {"field": field})[name]) for name in _names(code.template))
        ).with_context(game=2, entry=2)
        for field in fields
    ]


def _shown(finding: Finding, rules: RuleSet, names: dict[str, str]) -> tuple[str, str]:
    """The finding as the app shows it under ``rules``, and the rule its report names."""
    rule = rule_of(finding, rules)
    return cite_rule(on_the_list(finding.to_data(), names), rule), rule


def _names_a_key(text: str) -> list[str]:
    return [key for key in PRESETS if re.search(rf"(?<![\w-]){re.escape(key)}(?![\w-])", text)]


def _check(text: str, rule: str, finding: Finding, rules: RuleSet) -> None:
    assert text and "{" not in text.replace('{"type"', "")
    assert _names_a_key(text) == [], text
    if "preset" in finding.parameters:
        assert f"„{PRESET_NAMES[rules.key]}“" in text, text
    seed = rule.split(" ")[0]
    assert seed.isdigit() and seed != "003", rule
    assert text.endswith(f"({seed_reference(rule)})"), (text, rule)
    if " " in rule:
        assert re.search(r"\((\d{3}) (Z\. \d|Vorgabe D\d)", text), text


@pytest.mark.parametrize("preset", OTHER_PRESETS)
@pytest.mark.parametrize("code", list(Code), ids=lambda code: code.value)
def test_every_finding_under_a_set_names_it_in_german_and_cites_its_line(
    code: Code, preset: str
) -> None:
    rules = PRESETS[preset]
    assert GERMAN[code].strip()
    for finding in _findings(code, rules):
        text, rule = _shown(finding, rules, NAMES)
        _check(text, rule, finding, rules)
        if _needs_a_line(finding, rules):
            assert " " in rule, f"{code.value} under {preset} cites no line: {text}"


def test_every_field_a_set_lacks_is_named_in_german() -> None:
    fields = {field for names in FIELDS_NOT_IN_RULES.values() for field in names}
    assert sorted(fields - set(FIELDS)) == []


def _game(dealer: str, **fields: Any) -> dict[str, Any]:
    return {"kind": "game", "dealer": dealer, **fields}


@pytest.mark.parametrize("preset", OTHER_PRESETS)
def test_real_findings_of_a_list_under_a_set(preset: str) -> None:
    rules = PRESETS[preset]
    record: dict[str, Any] = {
        "players": ["Anna", "Ben", "Cem", "Dora"],
        "entries": [
            _game("Anna", type="schwarze_sau", player="Ben", points={"Anna": 0}),
            {"kind": "penalty", "offender": "Ben", "category": "geringfuegig"},
            _game("Ben", type="solo", solo="fleischlos", re=["Cem"], re_eyes=130, points={}),
            _game("Ben", type="normal", re=["Anna", "Ben"], re_eyes=130, schweinchen="Cem"),
        ],
    }
    if preset == "hausregeln-2024":
        record["pot"] = 40
    report = check_ruled_list(record, rules, finding_data=True)
    codes = {f["code"] for f in report["findings"]}
    assert "entry_not_in_rules" in codes
    shown = []
    for finding in report["findings"]:
        text = cite_rule(on_the_list(finding["data"], NAMES), finding["rule"])
        shown.append(text)
        assert _names_a_key(text) == [], text
        assert text.endswith(f"({seed_reference(finding['rule'])})"), text
        if "preset" in finding["data"]["params"]:
            assert f"„{PRESET_NAMES[preset]}“" in text
            assert " " in finding["rule"], text
    assert any(PRESET_NAMES[preset] in text for text in shown)
