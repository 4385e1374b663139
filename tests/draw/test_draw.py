"""The table draw of docs/contracts/draw.md: the command line, its errors and its promises.

Contract tests run ``python -m tournament.draw`` (and ``python -m table_draw``) as a
subprocess; each refusal's answer is checked on the command line's ``main`` in this process
(its streams replaced); the property tests call :func:`table_draw.run` (the command line
without its streams) to stay fast, with a smaller search budget where only the shape of the
draw is checked.
"""

from __future__ import annotations

import ast
import io
import json
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import table_draw as draw_module
from table_draw import plan, run, search, table_sizes
from table_draw.designs import affine_plane_16, spread_32, stored_schedule
from table_draw.stored_schedules import STORED_SCHEDULES
from tests.support.examples import examples
from tools.record_draw_corpus import plan_seed_refusals, refusals

ROOT = Path(__file__).resolve().parents[2]
Request = dict[str, Any]


def cli(request: Request | str, **env: str) -> tuple[bytes, int]:
    """Run the command line on a request (object or raw text): (stdout bytes, exit code)."""
    text = request if isinstance(request, str) else json.dumps(request)
    done = subprocess.run(
        [sys.executable, "-m", "tournament.draw"],
        input=text.encode("utf-8"),
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, **env},
        timeout=60,
    )
    assert done.stderr == b"", done.stderr.decode()
    return done.stdout, done.returncode


def cli_in_process(request: Request | str, monkeypatch: pytest.MonkeyPatch) -> tuple[bytes, int]:
    """The command line's ``main`` in this process, its standard streams replaced: (stdout
    bytes, exit code). The process itself is started by :func:`cli` (the tests above and
    ``tests/draw/test_draw_package.py``)."""
    text = request if isinstance(request, str) else json.dumps(request)
    stdout, stderr = io.BytesIO(), io.BytesIO()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode("utf-8"))))
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(stdout, encoding="utf-8"))
    monkeypatch.setattr(sys, "stderr", io.TextIOWrapper(stderr, encoding="utf-8"))
    code = draw_module.main()
    sys.stderr.flush()
    assert stderr.getvalue() == b"", stderr.getvalue().decode()
    return stdout.getvalue(), code


def ask(request: Request) -> dict[str, Any]:
    """The response of ``run`` to a valid request."""
    output, code = run(json.dumps(request))
    assert code == 0, output
    response: dict[str, Any] = json.loads(output)
    return response


def players(count: int, clubs: int = 0) -> list[dict[str, str]]:
    entries = [{"id": f"p{number}"} for number in range(1, count + 1)]
    if clubs:
        for number, entry in enumerate(entries):
            entry["club"] = f"Club {number % clubs}"
    return entries


def met_pairs(history: list[list[list[str]]]) -> set[frozenset[str]]:
    return {
        frozenset(pair) for past in history for table in past for pair in combinations(table, 2)
    }


def repeats_of(tables: list[list[str]], history: list[list[list[str]]]) -> int:
    """Independent count: pairs of this round who shared a table before, once each."""
    met = met_pairs(history)
    return sum(1 for table in tables for pair in combinations(table, 2) if frozenset(pair) in met)


def check_shape(response: dict[str, Any], ids: list[str]) -> None:
    assert list(response) == ["tables", "seed", "repeats", "five_tables"]
    tables = response["tables"]
    seated = [player for table in tables for player in table]
    assert sorted(seated) == sorted(ids)
    assert all(isinstance(player, str) for player in seated)
    sizes = Counter(len(table) for table in tables)
    assert set(sizes) <= {4, 5}
    assert sizes[5] == len(ids) % 4 == response["five_tables"]
    assert sizes[4] == len(ids) // 4 - len(ids) % 4


# --------------------------------------------------------------------------------------------
# The command line: a valid request


def test_cli_valid_request_gives_the_contract_response() -> None:
    request = {
        "players": [{"id": str(number), "club": "DK Kiel"} for number in range(1, 18)],
        "history": [],
        "method": "random",
        "seed": 20261121,
        "rounds_planned": 8,
        "options": {"separate_clubs": False, "fixed": {"4": 1}},
    }
    output, code = cli(request)
    assert code == 0
    assert output.endswith(b"\n") and output.count(b"\n") == 1
    response = json.loads(output)
    check_shape(response, [str(number) for number in range(1, 18)])
    assert response["seed"] == 20261121
    assert response["repeats"] == 0
    assert "4" in response["tables"][0]


def test_cli_same_request_same_bytes_whatever_the_hash_seed() -> None:
    history = [[["p1", "p2", "p3", "p4"], ["p5", "p6", "p7", "p8", "p9"], ["x", "p10", "p11"]]]
    request = {
        "players": players(21, clubs=3),
        "history": history,
        "seed": 7,
        "rounds_planned": 4,
        "options": {"separate_clubs": True},
    }
    first, code = cli(request, PYTHONHASHSEED="1")
    second, _ = cli(request, PYTHONHASHSEED="2")
    assert code == 0
    assert first == second
    assert run(json.dumps(request))[0].encode("utf-8") == first


def test_cli_different_seeds_usually_differ() -> None:
    outputs = {cli({"players": players(24), "seed": seed})[0] for seed in range(1, 6)}
    assert len(outputs) >= 4


def test_cli_reports_repeats_honestly() -> None:
    # 8 players after a round: 2 tables of 4 can keep at most 2 + 2 old partners apart.
    history = [[["a", "b", "c", "d"], ["e", "f", "g", "h"]]]
    request = {"players": [{"id": x} for x in "abcdefgh"], "history": history, "seed": 3}
    output, code = cli(request)
    response = json.loads(output)
    assert code == 0
    assert response["repeats"] == repeats_of(response["tables"], history) == 4


def test_cli_reads_utf8_names() -> None:
    request = {"players": [{"id": name} for name in ("Jörg", "Gül", "Frieda", "Ömer")], "seed": 1}
    output, code = cli(request)
    assert code == 0
    assert sorted(json.loads(output)["tables"][0]) == sorted(["Jörg", "Gül", "Frieda", "Ömer"])


# --------------------------------------------------------------------------------------------
# The command line: errors


def valid(**changes: Any) -> Request:
    request: Request = {"players": players(17), "history": [], "seed": 1}
    request.update(changes)
    return request


ERRORS = [
    (name.removeprefix("refusal/"), request)
    for name, request in (*refusals(), *plan_seed_refusals())
]


@pytest.mark.parametrize("request_", [case for _, case in ERRORS], ids=[n for n, _ in ERRORS])
def test_cli_errors_are_one_json_object_and_exit_1(
    request_: Request | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    output, code = cli_in_process(request_, monkeypatch)
    assert code == 1
    response = json.loads(output)
    assert list(response) == ["error", "code"]
    assert isinstance(response["error"], str) and len(response["error"]) > 20
    assert draw_module.DrawCode(response["code"]) in draw_module.MESSAGES


def test_every_refusal_has_a_code_with_an_english_and_a_german_sentence() -> None:
    assert set(draw_module.MESSAGES) == set(draw_module.DrawCode)
    for english, german in draw_module.MESSAGES.values():
        assert english.strip() and german.strip() and english != german


@pytest.mark.parametrize(
    ("request_", "code", "params"),
    [
        (valid(players=players(7)), "unsplittable_count", {"count": 7}),
        (valid(options={"fixed": {"p1": 9}}), "fixed_table_out_of_range", {"count": 4}),
    ],
    ids=["count", "fixed"],
)
def test_a_refusal_carries_its_code_and_parameters(
    request_: Request, code: str, params: dict[str, object]
) -> None:
    text = json.dumps(request_)
    with pytest.raises(draw_module.DrawError) as refused:
        draw_module.draw(draw_module.parse_request(request_))
    assert refused.value.code is draw_module.DrawCode(code)
    assert params.items() <= refused.value.params.items()
    assert json.loads(run(text)[0])["code"] == code


def test_error_messages_say_why_and_what_to_do() -> None:
    for count in (6, 7, 11):
        output, code = run(json.dumps(valid(players=players(count))))
        message = json.loads(output)["error"]
        assert code == 1
        assert str(count) in message and "add or withdraw" in message
        assert "Spieler" in message
    message = json.loads(run(json.dumps(valid(players=[*players(4), {"id": "p2"}])))[0])["error"]
    assert '"p2"' in message and "twice" in message
    message = json.loads(run(json.dumps(valid(options={"fixed": {"p1": 9}})))[0])["error"]
    assert "1 to 4" in message


def test_not_utf8_is_an_error() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tournament.draw"],
        input=b'{"players": "\xff"}',
        capture_output=True,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 1
    assert json.loads(done.stdout)["code"] == "not_utf8"


@pytest.mark.parametrize(
    ("count", "sizes"),
    [
        (4, (4,)),
        (5, (5,)),
        (8, (4, 4)),
        (9, (4, 5)),
        (10, (5, 5)),
        (12, (4, 4, 4)),
        (15, (5, 5, 5)),
        (19, (4, 5, 5, 5)),
        (43, (4,) * 7 + (5,) * 3),
    ],
)
def test_table_sizes(count: int, sizes: tuple[int, ...]) -> None:
    assert table_sizes(count) == sizes


# --------------------------------------------------------------------------------------------
# Properties of single draws


@st.composite
def requests(draw: st.DrawFn) -> Request:
    count = draw(st.integers(4, 44).filter(lambda n: n % 4 <= n // 4))
    ids = [f"s{number}" for number in draw(st.permutations(range(count)))]
    entries: list[dict[str, str]] = []
    for player_id in ids:
        club = draw(st.sampled_from(["", "DK Kiel", "Herz Dame"]))
        entries.append({"id": player_id, "club": club} if club else {"id": player_id})
    gone = [f"gone{number}" for number in range(draw(st.integers(0, 3)))]
    history = []
    for _ in range(draw(st.integers(0, 3))):
        pool = draw(st.permutations(ids + gone))
        tables = [pool[start : start + 4] for start in range(0, len(pool), 4)]
        history.append([table for table in tables if table])
    tables = len(table_sizes(count))
    fixed_players = draw(st.lists(st.sampled_from(ids), unique=True, max_size=3))
    fixed = {player: draw(st.integers(1, tables)) for player in fixed_players}
    request: Request = {
        "players": entries,
        "history": history,
        "seed": draw(st.integers(-(2**40), 2**40)),
        "options": {"separate_clubs": draw(st.booleans()), "fixed": fixed},
    }
    if draw(st.booleans()):
        request["rounds_planned"] = draw(st.integers(1, 6))
    return request


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(requests())
def test_every_player_seated_once_tables_right_fixed_kept(request: Request) -> None:
    # What is checked here holds for any search budget: a small one keeps the examples quick.
    with_budget = search.SEARCH_STEPS, plan.TABU_BUDGET
    search.SEARCH_STEPS, plan.TABU_BUDGET = 2000, 20_000
    try:
        response = ask(request)
    finally:
        search.SEARCH_STEPS, plan.TABU_BUDGET = with_budget
    ids = [entry["id"] for entry in request["players"]]
    check_shape(response, ids)
    for player, table in request["options"]["fixed"].items():
        assert player in response["tables"][table - 1]
    assert response["repeats"] == repeats_of(response["tables"], request["history"])
    assert response["seed"] == request["seed"]


def test_positions_go_to_who_had_them_least() -> None:
    history: list[list[list[str]]] = []
    ids = [entry["id"] for entry in players(21)]
    deals: Counter[str] = Counter()
    lists: Counter[str] = Counter()
    for _ in range(6):
        response = ask({"players": players(21), "history": history, "seed": 11})
        for table in response["tables"]:
            assert deals[table[0]] == min(deals[player] for player in table)
            assert lists[table[-1]] == min(lists[player] for player in table[1:])
            deals[table[0]] += 1
            lists[table[-1]] += 1
        history.append(response["tables"])
    # 6 rounds of 5 tables: 30 first deals and 30 lists for 21 players.
    assert max(deals[player] for player in ids) <= 3
    assert max(lists[player] for player in ids) <= 3


def test_standings_fill_tables_in_order() -> None:
    order = [f"p{number}" for number in (7, 3, 12, 1, 9, 2, 8, 4, 6, 5, 11, 10, 13)]
    request = {
        "players": players(13),
        "method": "standings",
        "standings": ["withdrawn", *order],
        "seed": 5,
        "history": [[["p7", "p3", "p12", "p1"]]],
    }
    response = ask(request)
    check_shape(response, order)
    assert [sorted(table) for table in response["tables"]] == [
        sorted(order[0:4]),
        sorted(order[4:8]),
        sorted(order[8:13]),
    ]
    assert response["repeats"] == 6
    fixed = ask({**request, "options": {"fixed": {"p7": 3}}})
    assert "p7" in fixed["tables"][2]
    assert sorted(fixed["tables"][0]) == sorted(order[1:5])


def test_clubs_kept_apart_when_asked() -> None:
    request = {"players": players(40, clubs=10), "seed": 2, "options": {"separate_clubs": True}}
    response = ask(request)
    club = {entry["id"]: entry["club"] for entry in request["players"]}
    for table in response["tables"]:
        assert len({club[player] for player in table}) == len(table)


# --------------------------------------------------------------------------------------------
# Whole tournaments


def play(
    count: int, rounds: int, seed: int, planned: int | None, withdraw: dict[int, int] | None = None
) -> list[dict[str, Any]]:
    """Draw round after round, feeding each back as history; ``withdraw``: round -> players."""
    roster = players(count)
    history: list[list[list[str]]] = []
    responses = []
    for number in range(rounds):
        if withdraw and number in withdraw:
            roster = roster[: len(roster) - withdraw[number]]
        request: Request = {"players": roster, "history": history, "seed": seed}
        if planned is not None:
            request["rounds_planned"] = planned
        response = ask(request)
        check_shape(response, [entry["id"] for entry in roster])
        assert response["repeats"] == repeats_of(response["tables"], history)
        responses.append(response)
        history.append(response["tables"])
    return responses


def fives_fair(responses: list[dict[str, Any]]) -> bool:
    """Nobody at a table of five who had more of them than someone present not at one."""
    fives: Counter[str] = Counter()
    for response in responses:
        at_five = {p for table in response["tables"] if len(table) == 5 for p in table}
        others = {p for table in response["tables"] if len(table) == 4 for p in table}
        if at_five and others and max(fives[p] for p in at_five) > min(fives[p] for p in others):
            return False
        fives.update(at_five)
    return True


@settings(max_examples=examples(12), deadline=None)
@given(
    count=st.integers(37, 63).filter(lambda n: n % 4 != 0),
    rounds=st.integers(2, 6),
    seed=st.integers(0, 10**6),
)
def test_tables_of_five_are_spread(count: int, rounds: int, seed: int) -> None:
    # A planned tournament with enough players: no repeats and an exact spread, both due.
    responses = play(count, rounds, seed, planned=rounds)
    assert all(response["repeats"] == 0 for response in responses)
    assert fives_fair(responses)


def partitions(people: list[str], sizes: list[int]) -> Iterator[list[list[str]]]:
    """Every split of ``people`` into tables of the given sizes (tables unordered)."""
    if not sizes:
        yield []
        return
    first, rest = people[0], people[1:]
    for size in sorted(set(sizes)):
        remaining = list(sizes)
        remaining.remove(size)
        for others in combinations(rest, size - 1):
            left = [p for p in rest if p not in others]
            for tail in partitions(left, remaining):
                yield [[first, *others], *tail]


@pytest.mark.parametrize(("count", "seed"), [(9, 1), (9, 2), (10, 3), (10, 4), (13, 5)])
def test_spread_gives_way_only_to_fewer_repeats(count: int, seed: int) -> None:
    """After 2 rounds the draw has the fewest repeats possible, and is fair unless that costs."""
    history = [response["tables"] for response in play(count, 2, seed, planned=None)]
    ids = [entry["id"] for entry in players(count)]
    response = ask({"players": players(count), "history": history, "seed": seed})
    fives: Counter[str] = Counter(p for past in history for t in past if len(t) == 5 for p in t)
    sizes = sorted(len(table) for table in response["tables"])
    best_any = best_fair = 10**6
    for tables in partitions(ids, sizes):
        repeats = repeats_of(tables, history)
        best_any = min(best_any, repeats)
        at_five = {p for table in tables if len(table) == 5 for p in table}
        rest = [fives[p] for p in ids if p not in at_five]
        if max(fives[p] for p in at_five) <= min(rest, default=10**6):
            best_fair = min(best_fair, repeats)
    assert response["repeats"] == best_any
    at_five = {p for table in response["tables"] if len(table) == 5 for p in table}
    rest = [fives[p] for p in ids if p not in at_five]
    fair = max(fives[p] for p in at_five) <= min(rest, default=10**6)
    assert fair or best_fair > best_any


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_16_players_meet_everybody_once_in_5_rounds(seed: int) -> None:
    responses = play(16, 5, seed, planned=5)
    assert [response["repeats"] for response in responses] == [0] * 5
    partners: dict[str, set[str]] = {}
    for response in responses:
        for table in response["tables"]:
            for player in table:
                partners.setdefault(player, set()).update(set(table) - {player})
    assert all(len(met) == 15 for met in partners.values())


@pytest.mark.parametrize(("count", "seed"), [(32, 1), (38, 2), (41, 3), (43, 4), (101, 5)])
def test_planned_tournament_of_8_rounds_has_no_repeats(count: int, seed: int) -> None:
    responses = play(count, 8, seed, planned=8)
    assert [response["repeats"] for response in responses] == [0] * 8
    assert fives_fair(responses)


@pytest.mark.parametrize(("count", "seed", "planned"), [(45, 9, 6), (38, 4, None), (55, 0, None)])
def test_withdrawals_replan_from_the_real_history(
    count: int, seed: int, planned: int | None
) -> None:
    responses = play(count, 5, seed, planned, withdraw={2: 1, 4: 2})
    assert [response["repeats"] for response in responses] == [0] * 5


def test_plan_is_followed_and_depends_only_on_the_request() -> None:
    ordered = play(36, 3, seed=4, planned=8)
    # The same tournament with the players listed in another order draws the same tables.
    roster = list(reversed(players(36)))
    history: list[list[list[str]]] = []
    for response in ordered:
        again = ask({"players": roster, "history": history, "seed": 4, "rounds_planned": 8})
        assert again == response
        history.append(response["tables"])


def groups_of(response: dict[str, Any]) -> frozenset[frozenset[str]]:
    """Who sits with whom, whatever the table numbers and positions."""
    return frozenset(frozenset(table) for table in response["tables"])


@pytest.mark.parametrize(("count", "rounds"), [(16, 5), (32, 8), (40, 8), (43, 8)])
def test_a_new_seed_each_round_with_one_plan_seed_follows_the_plan(count: int, rounds: int) -> None:
    history: list[list[list[str]]] = []
    for number in range(rounds):
        request: Request = {
            "players": players(count),
            "history": history,
            "seed": 1000 + number,
            "plan_seed": 77,
            "rounds_planned": rounds,
        }
        response = ask(request)
        assert response["repeats"] == 0
        # The round's seed only draws table numbers and positions.
        assert groups_of(ask({**request, "seed": 5})) == groups_of(response)
        history.append(response["tables"])


def test_without_plan_seed_the_plan_comes_from_the_seed() -> None:
    history = [response["tables"] for response in play(41, 2, seed=8, planned=8)]
    request: Request = {
        "players": players(41),
        "history": history,
        "seed": 8,
        "rounds_planned": 8,
    }
    assert ask(request) == ask({**request, "plan_seed": 8})
    assert groups_of(ask({**request, "plan_seed": 9})) != groups_of(ask(request))


# --------------------------------------------------------------------------------------------
# The fixed designs and stored schedules


# Stored schedules that give up the even spread of the tables of five for no repeated meeting
# (the draw's first aim): the most tables of five a player gets in their 8 rounds.
UNEVEN_FIVES = {33: 2, 34: 3, 35: 4}


def check_schedule(count: int, rounds: list[list[list[int]]]) -> None:
    """Right tables, no pair twice, and the tables of five spread evenly round by round (or,
    for the counts of UNEVEN_FIVES, no player at more of them than it says)."""
    met: set[frozenset[int]] = set()
    fives = [0] * count
    for groups in rounds:
        assert sorted(p for group in groups for p in group) == list(range(count))
        assert sorted(len(group) for group in groups) == sorted(table_sizes(count))
        for group in groups:
            for pair in combinations(group, 2):
                assert frozenset(pair) not in met
                met.add(frozenset(pair))
            if len(group) == 5:
                for p in group:
                    fives[p] += 1
        assert count in UNEVEN_FIVES or max(fives) - min(fives) <= 1
    assert max(fives) <= UNEVEN_FIVES.get(count, len(rounds))


def test_affine_plane_and_spread() -> None:
    plane = affine_plane_16()
    check_schedule(16, plane)
    assert len(plane) == 5
    spread = spread_32()
    check_schedule(32, spread)
    assert len(spread) == 9


@pytest.mark.parametrize("count", sorted(STORED_SCHEDULES))
def test_stored_schedules_have_no_repeats_and_fair_fives(count: int) -> None:
    schedule = stored_schedule(count)
    assert schedule is not None
    check_schedule(count, schedule)


PACKAGE_DIR = ROOT / "table_draw"


@pytest.mark.parametrize("path", sorted(PACKAGE_DIR.glob("*.py")), ids=lambda path: path.name)
def test_draw_package_imports_the_standard_library_only(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            assert name not in ("import_module", "__import__"), f"{path.name} imports dynamically"
    assert imported <= set(sys.stdlib_module_names) | {"__future__", "table_draw"}


def test_importing_the_draw_loads_the_standard_library_only() -> None:
    """In a fresh, isolated interpreter: ``table_draw`` (with its command line) loads nothing
    but the standard library, and ``tournament.draw`` nothing of the web app's libraries."""
    probe = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); before = set(sys.modules); "
        "import table_draw, table_draw.__main__; "
        "new = sorted(set(sys.modules) - before); "
        "import tournament.draw; "
        "print(json.dumps({'new': new, 'all': sorted(sys.modules), "
        "'file': table_draw.__file__}))"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-c", probe, str(ROOT)],
        capture_output=True,
        cwd=ROOT,
        text=True,
        check=True,
        timeout=60,
    )
    report = json.loads(done.stdout)
    assert Path(report["file"]).resolve().parent == PACKAGE_DIR
    outside = {
        name
        for name in report["new"]
        if name.split(".")[0] not in sys.stdlib_module_names and name.split(".")[0] != "table_draw"
    }
    assert not outside
    assert {"table_draw.search", "table_draw.cli"} <= set(report["new"])
    loaded = {name.split(".")[0] for name in report["all"]}
    assert not loaded & {"flask", "sqlalchemy", "wtforms", "openpyxl"}


@pytest.mark.parametrize("count", [33, 34, 35])
@pytest.mark.parametrize("seed", [6, 7])
def test_33_to_35_players_stored_rounds_have_no_repeats(count: int, seed: int) -> None:
    """Repeats come before the spread: 8 stored rounds, no repeated meeting in the 8 rounds
    planned, and nobody at more tables of five than the stored schedule gives anybody."""
    schedule = stored_schedule(count)
    assert schedule is not None and len(schedule) == 8
    rounds = 8
    responses = play(count, rounds, seed=seed, planned=8)
    assert [response["repeats"] for response in responses] == [0] * rounds
    fives = Counter(p for r in responses for t in r["tables"] if len(t) == 5 for p in t)
    assert max(fives.values()) <= UNEVEN_FIVES[count]
