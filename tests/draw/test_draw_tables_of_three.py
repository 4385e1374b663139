"""The draw's ``"table_sizes"`` field (docs/contracts/draw.md): tables of three (with the
Strohmann, preset 004) only where fours and fives cannot seat everyone, the other qualities of
the draw kept, and bad values refused with their code."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from table_draw import DrawCode, DrawError, parse_request, run, table_sizes

Request = dict[str, Any]
THREES = [3, 4, 5]


def players(count: int) -> list[dict[str, str]]:
    return [{"id": f"p{number}"} for number in range(1, count + 1)]


def ask(request: Request) -> dict[str, Any]:
    output, code = run(json.dumps(request))
    assert code == 0, output
    response: dict[str, Any] = json.loads(output)
    return response


def refusal(request: Request) -> str:
    output, code = run(json.dumps(request))
    assert code == 1, output
    answer: dict[str, str] = json.loads(output)
    return answer["code"]


@pytest.mark.parametrize(
    ("count", "sizes"),
    [(3, (3,)), (6, (3, 3)), (7, (4, 3)), (11, (4, 4, 3))],
)
def test_threes_seat_the_counts_fours_and_fives_cannot(count: int, sizes: tuple[int, ...]) -> None:
    assert table_sizes(count, (3, 4, 5)) == sizes
    with pytest.raises(DrawError):
        table_sizes(count)


def test_counts_fours_and_fives_can_seat_get_no_table_of_three() -> None:
    for count in range(4, 80):
        if count in (6, 7, 11):
            continue
        assert table_sizes(count, (3, 4, 5)) == table_sizes(count)


def test_without_fives_the_fewest_threes() -> None:
    assert table_sizes(9, (3, 4)) == (3, 3, 3)
    assert table_sizes(10, (3, 4)) == (4, 3, 3)
    assert table_sizes(13, (3, 4)) == (4, 3, 3, 3)


def test_seven_players_get_a_table_of_four_and_one_of_three() -> None:
    response = ask({"players": players(7), "seed": 5, "table_sizes": THREES})
    assert list(response) == ["tables", "seed", "repeats", "five_tables"]
    assert [len(table) for table in response["tables"]] == [4, 3]
    assert sorted(p for table in response["tables"] for p in table) == sorted(
        entry["id"] for entry in players(7)
    )
    assert response["five_tables"] == 0


def test_the_default_sizes_named_answer_as_without_the_field() -> None:
    request: Request = {"players": players(13), "seed": 8, "rounds_planned": 3}
    named = {**request, "table_sizes": [5, 4]}
    assert run(json.dumps(named)) == run(json.dumps(request))
    assert parse_request(named) == parse_request(request)


@pytest.mark.parametrize(
    "value",
    ["3,4,5", [3, 5], [4, 4], [3, 4, 6], [True, 4], [4.0], {}, []],
    ids=["text", "no-four", "twice", "six", "bool", "float", "object", "empty"],
)
def test_bad_table_sizes_are_refused(value: object) -> None:
    request = {"players": players(8), "seed": 1, "table_sizes": value}
    assert refusal(request) == DrawCode.TABLE_SIZES_INVALID.value
    output, _ = run(json.dumps(request))
    assert "Tischgrößen" in json.loads(output)["error"]


def test_too_few_for_a_table_of_three_says_three() -> None:
    request = {"players": players(2), "seed": 1, "table_sizes": THREES}
    assert refusal(request) == DrawCode.TOO_FEW_FOR_THREE.value
    assert refusal({"players": players(3), "seed": 1}) == DrawCode.TOO_FEW_PLAYERS.value


def test_three_players_are_one_table() -> None:
    response = ask({"players": players(3), "seed": 2, "table_sizes": THREES})
    assert [len(table) for table in response["tables"]] == [3]


def test_fixed_players_keep_their_table_numbers_in_a_round_with_a_three() -> None:
    for seed in range(4):
        request = {
            "players": players(7),
            "seed": seed,
            "table_sizes": THREES,
            "options": {"fixed": {"p3": 2, "p5": 1}},
        }
        tables = ask(request)["tables"]
        assert "p3" in tables[1] and "p5" in tables[0]
        assert sorted(len(table) for table in tables) == [3, 4]


def test_four_fixed_at_one_table_do_not_fit_a_round_of_threes() -> None:
    fixed = {f"p{number}": 1 for number in range(1, 5)}
    request = {
        "players": players(6),
        "seed": 1,
        "table_sizes": THREES,
        "options": {"fixed": fixed},
    }
    assert refusal(request) == DrawCode.FIXED_TABLE_FULL.value
    fixed.update({f"p{number}": 2 for number in range(5, 9)})
    request = {
        "players": players(10),
        "seed": 1,
        "table_sizes": [3, 4],
        "options": {"fixed": fixed},
    }
    assert refusal(request) == DrawCode.FIXED_TOO_MANY_FOURS.value


def test_standings_put_the_last_three_at_the_table_of_three() -> None:
    order = [f"p{number}" for number in (7, 1, 6, 2, 5, 3, 4)]
    request = {
        "players": players(7),
        "seed": 3,
        "method": "standings",
        "standings": order,
        "table_sizes": THREES,
    }
    tables = ask(request)["tables"]
    assert set(tables[0]) == set(order[:4]) and set(tables[1]) == set(order[4:])


@pytest.mark.parametrize("planned", [None, 6])
def test_seats_at_the_table_of_three_are_spread(planned: int | None) -> None:
    # 7 players, 6 rounds: 18 seats at the table of three, two or three for everybody (the
    # spread gives way only to fewer repeated meetings, as that of the tables of five).
    roster = players(7)
    history: list[list[list[str]]] = []
    threes: Counter[str] = Counter()
    for _ in range(6):
        request: Request = {
            "players": roster,
            "history": history,
            "seed": 11,
            "table_sizes": THREES,
        }
        if planned is not None:
            request["rounds_planned"] = planned
        tables = ask(request)["tables"]
        assert [len(table) for table in tables] == [4, 3]
        threes.update(tables[1])
        history.append(tables)
    assert max(threes.values()) - min(threes.values()) <= 1
