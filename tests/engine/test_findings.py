"""Findings are data: every engine error and list finding has a code, a level, its TSR
section and its parameters as typed values (rules_engine/findings.py).

The English sentences are asserted elsewhere (test_tsr*.py, the contract tests); here the
assertions are on codes and parameters, the way a translation into German reads them.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rules_engine import Call, DokoError, GameType, Party, SoloType, Suit
from rules_engine.errors import IllegalActionError, RecordError
from rules_engine.findings import Code, Finding, JsonValue, Level, Player, Points
from rules_engine.penalties import Penalty, PenaltyCategory, PenaltyPhase, penalty_points
from rules_engine.records import replay_record, summary_from_record
from rules_engine.scorelist import ListError, check_list
from rules_engine.scoring import GameSummary, verify_summary
from rules_engine.table_list import EntryKind, GameEntry, QuickScore, TableList, TableListError
from rules_engine.vorbehalt import Vorbehalt, VorbehaltKind, verify_answers
from tests.support.deals import NORMAL, NORMAL_TRICKS, card_plays

ENGINE = Path(__file__).resolve().parents[2] / "rules_engine"
PLAYERS = ["Anna", "Ben", "Cem", "Dora"]
SECTION = re.compile(r"\d+(\.\d+)*")
#: The codes whose message names no TSR rule: the line or entry is not a record at all, or
#: a value the format (not the TSR) forbids.
NO_RULE = {
    Code.LINE_NOT_JSON,
    Code.LINE_TOO_DEEP,
    Code.LINE_NOT_OBJECT,
    Code.ENTRIES_NOT_LIST,
    Code.ENTRY_NOT_OBJECT,
    Code.ENTRY_KIND_UNKNOWN,
    Code.NOT_A_TABLE_PLAYER,
    Code.POINT_NOT_WHOLE,
    Code.OFFENDER_POSITION,
    Code.DEDUCTION_NOT_UNSPORTLICH,
}


def summary(**changes: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "id": "g",
        "players": PLAYERS,
        "type": "normal",
        "re": ["Anna", "Cem"],
        "re_eyes": 121,
        "re_tricks": 6,
    }
    record.update(changes)
    return record


def replay(actions: list[str]) -> dict[str, Any]:
    return {
        "id": "r",
        "players": PLAYERS,
        "hands": {name: [c.code for c in hand] for name, hand in zip(PLAYERS, NORMAL, strict=True)},
        "game": {"type": "normal"},
        "actions": actions,
    }


def finding_of(error: pytest.ExceptionInfo[DokoError]) -> Finding:
    finding = error.value.finding
    assert str(error.value) == finding.message
    return finding


# ---------------------------------------------------------------- the catalogue of codes
def test_findings_every_code_has_a_stable_snake_case_value() -> None:
    values = [code.value for code in Code]
    assert len(values) == len(set(values))
    assert all(re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)*", value) for value in values)


@pytest.mark.parametrize("code", list(Code), ids=lambda code: code.value)
def test_findings_every_code_has_a_section_and_an_english_template(code: Code) -> None:
    assert code.template.strip()
    if code in NO_RULE:
        assert code.section is None and code.cite is None
        return
    assert code.section is not None and SECTION.fullmatch(code.section)
    if code.cite is not None:  # the sentence ends with "(TSR <cite>)", the section first
        assert code.cite.split(", ")[0] == code.section


def test_findings_the_section_of_a_list_finding_without_rule_is_tsr_7_3() -> None:
    assert Finding.of(Code.ENTRY_NOT_OBJECT).rule == "TSR 7.3"
    assert Finding.of(Code.ROW_SUM_NOT_ZERO, total=2).rule == "TSR 7.3.3"


def test_findings_parameter_values_are_typed() -> None:
    assert str(Player("101")) == "101" and Player("101") != "101"
    assert str(Points(((Player("Anna"), 3), (Player("Ben"), -1)))) == "Anna +3, Ben -1"
    assert str(JsonValue.of("150")) == '"150"'
    assert str(JsonValue.of(list(range(30)))).endswith("...")
    finding = Finding.of(Code.ROW_SUM_NOT_ZERO, total=2)
    assert finding.params == (("total", 2),) and finding.parameters == {"total": 2}
    assert finding.level is Level.ERROR and finding.level == "error"


def test_findings_no_engine_module_parses_its_own_text() -> None:
    """The section comes from the finding, not from a regular expression over a message."""
    for path in ENGINE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for alias in node.names
        }
        assert "re" not in imported, path.name


# ---------------------------------------------------------------- TSR 2.2, 7.1: summaries
def test_tsr_2_2_eyes_out_of_range_is_a_code_with_its_number() -> None:
    with pytest.raises(RecordError) as error:
        summary_from_record(summary(re_eyes=241, re_tricks=12))
    finding = finding_of(error)
    assert (finding.code, finding.section, finding.parameters) == (
        Code.EYES_OUT_OF_RANGE,
        "2.2",
        {"eyes": 241},
    )


def test_tsr_2_2_eyes_impossible_with_the_tricks_gives_the_limit() -> None:
    with pytest.raises(RecordError) as error:
        summary_from_record(summary(re_eyes=200, re_tricks=1))
    finding = finding_of(error)
    assert finding.code is Code.EYES_ABOVE_TRICKS
    assert finding.parameters == {"eyes": 200, "tricks": 1, "limit": 44}


def test_tsr_7_1_a_field_that_is_no_number_names_field_value_and_the_fields_section() -> None:
    with pytest.raises(RecordError) as error:
        summary_from_record(summary(re_eyes="150"))
    finding = finding_of(error)
    assert finding.code is Code.NOT_WHOLE_NUMBER
    assert finding.parameters == {"field": "re_eyes", "value": JsonValue('"150"')}
    assert finding.section == "7.1"
    with pytest.raises(RecordError) as error:
        summary_from_record(summary(specials={"re": {"fuchs": "x"}}))
    finding = finding_of(error)
    assert (finding.code, finding.section) == (Code.NOT_WHOLE_NUMBER, "7.2.3")
    assert finding.parameters["field"] == "specials.re.fuchs"


def test_tsr_7_2_3_fuchs_beyond_the_eyes_names_party_and_numbers() -> None:
    with pytest.raises(RecordError) as error:
        summary_from_record(summary(re_eyes=230, re_tricks=11, specials={"kontra": {"fuchs": 1}}))
    finding = finding_of(error)
    assert finding.code is Code.FUCHS_IMPOSSIBLE
    assert finding.parameters == {"party": Party.KONTRA, "count": 1, "fuchs_eyes": 11, "eyes": 10}


def test_tsr_4_4_1_re_twice_gives_the_players() -> None:
    game = GameSummary(tuple(PLAYERS), GameType.NORMAL, ("Anna", "Anna"), 121, 6)
    with pytest.raises(RecordError) as error:
        verify_summary(game)
    finding = finding_of(error)
    assert finding.code is Code.RE_TWICE
    assert finding.parameters == {"names": (Player("Anna"), Player("Anna"))}


# ---------------------------------------------------------------- TSR 5, 6: replays
def test_tsr_5_2_2_must_follow_names_action_player_and_suit() -> None:
    with pytest.raises(IllegalActionError) as error:
        replay_record(replay(["Anna:CA", "Ben:HA"]))
    finding = finding_of(error)
    assert (finding.code, finding.action, finding.section) == (Code.MUST_FOLLOW, 2, "5.2.2")
    assert finding.parameters == {"player": Player("Ben"), "led": Suit.KREUZ}


def test_tsr_6_3_4_late_absage_gives_cards_and_need() -> None:
    actions = ["Anna:re", *card_plays(NORMAL_TRICKS[:3]), "Anna:keine90"]
    with pytest.raises(IllegalActionError) as error:
        replay_record(replay(actions))
    finding = finding_of(error)
    assert (finding.code, finding.action) == (Code.ABSAGE_LATE, 14)
    assert finding.parameters == {
        "player": Player("Anna"),
        "call": Call.KEINE_90,
        "cards": 9,
        "need": 10,
        "shift": 0,
    }


def test_tsr_5_unknown_action_player_is_a_string_not_a_player() -> None:
    with pytest.raises(RecordError) as error:
        replay_record(replay(["Zoe:CA"]))
    finding = finding_of(error)
    assert (finding.code, finding.action, finding.parameters) == (
        Code.ACTION_PLAYER_UNKNOWN,
        1,
        {"name": "Zoe"},
    )


# ---------------------------------------------------------------- TSR 4.1, 9: finding, penalties
def test_tsr_4_1_8_and_4_3_1_vorbehalt_findings_name_the_seat() -> None:
    answers = [Vorbehalt(), Vorbehalt(VorbehaltKind.LUSTSOLO, solo=None), Vorbehalt(), Vorbehalt()]
    with pytest.raises(DokoError) as error:
        verify_answers(answers)
    assert finding_of(error).code is Code.SOLO_VORBEHALT_UNNAMED
    answers[1] = Vorbehalt(VorbehaltKind.LUSTSOLO, SoloType.DAMEN)
    with pytest.raises(DokoError) as error:
        verify_answers(answers)
    finding = finding_of(error)
    assert (finding.code, finding.parameters) == (Code.VORBEHALT_LUSTSOLO_EARLY, {"seat": 1})


def test_tsr_9_a_solo_penalty_without_soloist_is_filed_under_its_category() -> None:
    with pytest.raises(DokoError) as error:
        penalty_points(Penalty(PenaltyCategory.SCHWERWIEGEND, 0, PenaltyPhase.SOLO))
    finding = finding_of(error)
    assert (finding.code, finding.section) == (Code.PENALTY_NEEDS_SOLOIST, "9.4")
    with pytest.raises(DokoError) as error:
        penalty_points(Penalty(PenaltyCategory.UNSPORTLICH, 0, deduction=13))
    finding = finding_of(error)
    assert (finding.code, finding.parameters) == (Code.DEDUCTION_OUT_OF_RANGE, {"deduction": 13})


# ---------------------------------------------------------------- TSR 3.3.1, 7.3: a table's list
def test_tsr_3_3_1_wrong_dealer_finding_names_both_players() -> None:
    table = TableList(PLAYERS)
    entry = GameEntry(1, EntryKind.NORMALSPIEL, quick=QuickScore((1, -1, 1, -1), frozenset({0, 2})))
    findings, _ = table.game_findings(entry)
    errors = [f for f in findings if f.level is Level.ERROR]
    assert [(f.code, f.game, f.section) for f in errors] == [(Code.WRONG_DEALER, 1, "3.3.1")]
    assert errors[0].parameters == {"given": Player("Ben"), "expected": Player("Anna")}
    assert [f.code for f in findings if f.level is Level.INFO] == [Code.POINTS_ONLY]
    with pytest.raises(TableListError) as error:
        table.add_game(entry)
    finding = finding_of(error)
    assert finding.code is Code.WRONG_DEALER and finding.says_game
    assert str(error.value).startswith("game 1: Ben is given as dealer")
    assert str(error.value).endswith("(TSR 3.3.1)")


def test_tsr_7_3_3_row_sum_and_parity_are_separate_codes() -> None:
    table = TableList(PLAYERS)
    entry = GameEntry(0, EntryKind.NORMALSPIEL, quick=QuickScore((2, -1, 1, 0), frozenset({0})))
    findings, _ = table.game_findings(entry)
    codes = {f.code: f for f in findings}
    assert codes[Code.ROW_SUM_NOT_ZERO].parameters == {"total": 2}
    assert Code.ROW_PARITY in codes


def test_tsr_7_impossible_details_carry_the_summarys_own_finding() -> None:
    table = TableList(PLAYERS)
    game = GameSummary(tuple(PLAYERS), GameType.NORMAL, ("Anna", "Cem"), 241, 12)
    findings, _ = table.game_findings(GameEntry(0, EntryKind.NORMALSPIEL, summary=game))
    [finding] = findings
    assert (finding.code, finding.rule) == (Code.DETAILS_IMPOSSIBLE, "TSR 7")
    problem = finding.parameters["problem"]
    assert isinstance(problem, Finding) and problem.code is Code.EYES_OUT_OF_RANGE


# ---------------------------------------------------------------- score lists as JSON
def test_check_list_findings_carry_their_code() -> None:
    report = check_list(
        {
            "players": PLAYERS,
            "entries": [
                {"kind": "game", "dealer": "Zoe", "type": "normal"},
                {"kind": "penalty", "category": "geringfuegig", "offender": "Ben"},
            ],
        }
    )
    assert [(f["code"], f["level"], f["rule"]) for f in report["findings"]] == [
        ("not_a_table_player", "error", "TSR 7.3"),
        ("penalty_not_signed", "warning", "TSR 8.2.2"),
        ("games_left", "info", "TSR 8.5"),
    ]
    assert report["findings"][0]["message"].startswith("entry 1: dealer: ")


def test_check_list_refusing_a_list_is_a_list_error_with_code() -> None:
    with pytest.raises(ListError) as error:
        check_list({"players": "Anna"})
    assert finding_of(error).code is Code.LIST_PLAYERS_INVALID


# ---------------------------------------------------------------- the command line
def _cli(command: str, lines: list[str]) -> list[dict[str, Any]]:
    done = subprocess.run(
        [sys.executable, "-m", "rules_engine", command, "--jobs", "1"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    assert done.returncode == 1 and done.stderr == ""
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_cli_error_lines_add_the_code_after_the_sentence() -> None:
    bad = summary(re_eyes=241, re_tricks=12)
    with pytest.raises(DokoError) as error:
        summary_from_record(bad)
    out = _cli("score", [json.dumps(bad), "not json", "[1]"])
    assert out[0] == {"id": "g", "error": str(error.value), "code": "eyes_out_of_range"}
    assert [list(o) for o in out] == [["id", "error", "code"]] * 3
    assert [o["code"] for o in out[1:]] == ["line_not_json", "line_not_object"]
    [line] = _cli("replay", [json.dumps(replay(["Anna:CA", "Ben:HA"]))])
    assert line == {
        "id": "r",
        "error": "action 2: Ben must follow Kreuz (TSR 5.2.2)",
        "code": "must_follow",
    }


def test_cli_check_list_findings_add_the_code() -> None:
    game = {"kind": "game", "dealer": "Ben", "type": "normal", "quick": True}
    game["points"] = {"Anna": 1, "Ben": -1, "Cem": 1, "Dora": -1}
    game["winners"] = ["Anna", "Cem"]
    [report] = _cli("check-list", [json.dumps({"id": "l", "players": PLAYERS, "entries": [game]})])
    first = report["findings"][0]
    assert first == {
        "game": 1,
        "level": "error",
        "rule": "TSR 3.3.1",
        "message": "entry 1: Ben is given as dealer, but Anna deals this game",
        "code": "wrong_dealer",
    }
