"""Records ``tests/data/draw_corpus.jsonl``: draw requests and the draw's exact answers.

Each line is one case: ``{"name": ..., "request": <request text>, "output": <response line>,
"exit": <exit code>}``; ``tests/draw/test_draw_package.py`` replays every request through the
command line's ``run`` and asserts the same bytes and exit code. The corpus covers single
draws for many player counts (with and without ``rounds_planned``), whole tournaments drawn
round by round as the app draws them (the tables of each round fed back as history, with one
seed for every round or a new seed each round), withdrawals and late arrivals, fixed tables,
clubs kept apart, the standings method and refusals.

Record it again only when a change of the draw's results is intended:

    python tools/record_draw_corpus.py
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from table_draw import run  # noqa: E402

CORPUS = ROOT / "tests" / "data" / "draw_corpus.jsonl"
Request = dict[str, Any]

# Player counts that can be split into tables of four and five.
COUNTS = [n for n in range(4, 61) if n % 4 <= n // 4] + [64, 100, 202, 400]


def players(count: int, clubs: int = 0, first: int = 1) -> list[dict[str, str]]:
    """Players "1", "2", ... (start numbers, as the app sends them), optionally in clubs."""
    entries = [{"id": str(number)} for number in range(first, first + count)]
    if clubs:
        for number, entry in enumerate(entries):
            if number % 7 != 3:  # some players without a club
                entry["club"] = f"Club {number % clubs}"
    return entries


def answer(request: Request | str) -> tuple[str, str, int]:
    """The request as text, the draw's output line and its exit code."""
    text = request if isinstance(request, str) else json.dumps(request, ensure_ascii=False)
    output, code = run(text)
    return text, output, code


def single_draws(lots: random.Random) -> Iterator[tuple[str, Request | str]]:
    """One draw per player count: a first round without and with ``rounds_planned``."""
    for count in COUNTS:
        seed = lots.randrange(10**9)
        yield f"single/{count}", {"players": players(count), "history": [], "seed": seed}
        if count <= 64 or count == 100:
            planned = 5 if count < 32 else 8
            request = {
                "players": players(count),
                "history": [],
                "method": "random",
                "seed": seed,
                "rounds_planned": planned,
                "options": {"separate_clubs": False, "fixed": {}},
            }
            yield f"planned/{count}/{planned}", request


def tournament(
    name: str,
    count: int,
    rounds: int,
    lots: random.Random,
    *,
    planned: int | None,
    new_seed_each_round: bool,
    roster_at: dict[int, list[dict[str, str]]] | None = None,
    clubs: int = 0,
    separate_clubs: bool = False,
    fixed: dict[str, int] | None = None,
    plan_seed: int | None = None,
) -> Iterator[tuple[str, Request | str]]:
    """Rounds drawn one after another as the app draws them, each fed back as history.

    ``roster_at``: round index -> the players from that round on (withdrawals, late players).
    ``plan_seed``: sent with every round, as the app sends its tournament's plan seed.
    """
    roster = players(count, clubs)
    seed = lots.randrange(2**40) - 2**39
    history: list[list[list[str]]] = []
    for number in range(rounds):
        if roster_at and number in roster_at:
            roster = roster_at[number]
        if new_seed_each_round and number:
            seed = lots.randrange(10**9)
        present = {entry["id"] for entry in roster}
        request: Request = {
            "players": roster,
            "history": history,
            "method": "random",
            "seed": seed,
            "rounds_planned": planned,
            "options": {
                "separate_clubs": separate_clubs,
                "fixed": {p: t for p, t in (fixed or {}).items() if p in present},
            },
        }
        if planned is None:
            del request["rounds_planned"]
        if plan_seed is not None:
            request["plan_seed"] = plan_seed
        yield f"{name}/round {number + 1}", request
        _, output, code = answer(request)
        assert code == 0, output
        history = [*history, json.loads(output)["tables"]]


def whole_tournaments(lots: random.Random) -> Iterator[tuple[str, Request | str]]:
    """Tournaments: one seed or a new seed each round, planned or not, players changing."""
    for count, rounds in ((16, 5), (20, 5), (21, 4), (32, 6), (33, 5), (41, 5), (45, 4)):
        for new_seed in (False, True):
            yield from tournament(
                f"tournament/{count}/{'new seeds' if new_seed else 'one seed'}",
                count,
                rounds,
                lots,
                planned=8,
                new_seed_each_round=new_seed,
            )
    for count in (13, 24, 38):
        yield from tournament(
            f"unplanned/{count}", count, 4, lots, planned=None, new_seed_each_round=True
        )
    yield from tournament("tournament/64", 64, 3, lots, planned=8, new_seed_each_round=True)
    yield from tournament("unplanned/100", 100, 2, lots, planned=None, new_seed_each_round=False)
    yield from tournament("tournament/202", 202, 2, lots, planned=8, new_seed_each_round=True)
    yield from tournament("tournament/400", 400, 2, lots, planned=None, new_seed_each_round=True)
    # Withdrawals: the last player or one from the middle is missing from a later round.
    yield from tournament(
        "withdrawal/32 to 31 after round 2",
        32,
        5,
        lots,
        planned=8,
        new_seed_each_round=True,
        roster_at={2: [p for p in players(32) if p["id"] != "17"]},
    )
    yield from tournament(
        "withdrawal/20 to 19 after round 2, one seed",
        20,
        4,
        lots,
        planned=5,
        new_seed_each_round=False,
        roster_at={2: players(19)},
    )
    yield from tournament(
        "withdrawal/41 to 40 to 39",
        41,
        5,
        lots,
        planned=8,
        new_seed_each_round=False,
        roster_at={1: players(40), 3: players(39)},
    )
    yield from tournament(
        "withdrawal/unplanned 27 to 25",
        27,
        4,
        lots,
        planned=None,
        new_seed_each_round=True,
        roster_at={2: players(25)},
    )
    # Late arrivals: a player joins after round 1.
    yield from tournament(
        "late/16 to 17",
        16,
        4,
        lots,
        planned=8,
        new_seed_each_round=True,
        roster_at={1: players(17)},
    )
    yield from tournament(
        "late/32 to 33, one seed",
        32,
        4,
        lots,
        planned=8,
        new_seed_each_round=False,
        roster_at={1: players(33)},
    )
    # Fixed tables, clubs kept apart.
    yield from tournament(
        "fixed/17",
        17,
        4,
        lots,
        planned=8,
        new_seed_each_round=False,
        fixed={"4": 1, "9": 3},
    )
    yield from tournament(
        "fixed/16 design",
        16,
        3,
        lots,
        planned=5,
        new_seed_each_round=False,
        fixed={"2": 1, "5": 2},
    )
    yield from tournament(
        "fixed/34 stored",
        34,
        3,
        lots,
        planned=8,
        new_seed_each_round=True,
        fixed={"1": 2},
    )
    yield from tournament(
        "fixed/23 five at a table",
        23,
        3,
        lots,
        planned=None,
        new_seed_each_round=True,
        fixed={str(n): 2 for n in range(1, 6)},
    )
    yield from tournament(
        "clubs/40",
        40,
        3,
        lots,
        planned=8,
        new_seed_each_round=True,
        clubs=10,
        separate_clubs=True,
    )
    yield from tournament(
        "clubs/33 stored",
        33,
        3,
        lots,
        planned=8,
        new_seed_each_round=False,
        clubs=5,
        separate_clubs=True,
    )
    yield from tournament(
        "clubs/29 unplanned with a fixed table",
        29,
        3,
        lots,
        planned=None,
        new_seed_each_round=True,
        clubs=4,
        separate_clubs=True,
        fixed={"3": 7},
    )
    yield from tournament(
        "clubs/16 design",
        16,
        2,
        lots,
        planned=5,
        new_seed_each_round=False,
        clubs=3,
        separate_clubs=True,
    )
    yield from tournament(
        "clubs given, not kept apart/18",
        18,
        2,
        lots,
        planned=8,
        new_seed_each_round=True,
        clubs=3,
    )


def standings_draws(lots: random.Random) -> Iterator[tuple[str, Request | str]]:
    """Method "standings": tables filled in order of the standings, positions drawn."""
    history: list[list[list[str]]] = []
    for _, request in tournament(
        "standings history", 21, 3, lots, planned=8, new_seed_each_round=True
    ):
        history = request["history"]
    for count, fixed in ((21, {}), (21, {"5": 2, "11": 5}), (13, {"1": 3}), (40, {})):
        order = [entry["id"] for entry in players(count)]
        lots.shuffle(order)
        request = {
            "players": players(count),
            "history": history,
            "method": "standings",
            "standings": ["withdrawn", *order],
            "seed": lots.randrange(10**9),
            "rounds_planned": 8,
            "options": {"separate_clubs": False, "fixed": fixed},
        }
        yield f"standings/{count}/fixed {len(fixed)}", request
    five = {str(n): 1 for n in range(1, 6)}
    order = [str(n) for n in range(21, 0, -1)]
    request = {
        "players": players(21),
        "method": "standings",
        "standings": order,
        "seed": 3,
        "options": {"fixed": {**five}},
    }
    yield "standings/21/five fixed at table 1", request


def valid(**changes: Any) -> Request:
    request: Request = {"players": players(17), "history": [], "seed": 1}
    request.update(changes)
    return request


def refusals() -> Iterator[tuple[str, Request | str]]:
    """Requests the draw refuses, one of each kind and some more (``tests/draw/test_draw.py`` also
    sends them through the command line)."""
    cases: list[tuple[str, Request | str]] = [
        ("bad JSON", '{"players": [}'),
        ("empty input", ""),
        ("byte order mark and spaces", "\ufeff  "),
        ("too deep", "[" * 100_000),
        ("not an object", "[1, 2, 3]"),
        ("players missing", {"seed": 1}),
        ("players not a list", valid(players={"id": "1"})),
        ("player not an object", valid(players=["p1", "p2", "p3", "p4"])),
        ("id missing", valid(players=[{"club": "x"}, *players(4)])),
        ("empty id", valid(players=[{"id": ""}, *players(4)])),
        ("number id", valid(players=[{"id": 17}, *players(4)])),
        ("list id", valid(players=[{"id": ["a"]}, *players(4)])),
        ("duplicate id", valid(players=[*players(4), {"id": "1"}])),
        ("club not a text", valid(players=[{"id": "a", "club": 3}, *players(4)])),
        ("no players", valid(players=[])),
        ("3 players", valid(players=players(3))),
        ("6 players", valid(players=players(6))),
        ("7 players", valid(players=players(7))),
        ("11 players", valid(players=players(11))),
        ("seed missing", {"players": players(8)}),
        ("seed a float", valid(seed=1.5)),
        ("seed a text", valid(seed="1")),
        ("seed a bool", valid(seed=True)),
        ("unknown method", valid(method="swiss")),
        ("method not a text", valid(method=1)),
        ("history not a list", valid(history={"1": []})),
        ("history round not a list", valid(history=["p1"])),
        ("history table not a list", valid(history=[["p1", "p2"]])),
        ("history empty table", valid(history=[[[]]])),
        ("history number id", valid(history=[[["1", 2, "3", "4"]]])),
        ("history seats a player twice", valid(history=[[["1", "2"], ["1", "3"]]])),
        ("rounds_planned zero", valid(rounds_planned=0)),
        ("rounds_planned a text", valid(rounds_planned="8")),
        ("rounds_planned a bool", valid(rounds_planned=True)),
        ("options not an object", valid(options=[])),
        ("separate_clubs not a bool", valid(options={"separate_clubs": "yes"})),
        ("fixed not an object", valid(options={"fixed": [["1", 1]]})),
        ("fixed unknown player", valid(options={"fixed": {"nobody": 1}})),
        ("fixed table zero", valid(options={"fixed": {"1": 0}})),
        ("fixed table out of range", valid(options={"fixed": {"1": 5}})),
        ("fixed table a text", valid(options={"fixed": {"1": "1"}})),
        ("fixed table a bool", valid(options={"fixed": {"1": True}})),
        ("six fixed at one table", valid(options={"fixed": {str(n): 2 for n in range(1, 7)}})),
        (
            "five fixed at a table without tables of five",
            valid(players=players(16), options={"fixed": {str(n): 1 for n in range(1, 6)}}),
        ),
        (
            "five fixed at two tables but one table of five",
            valid(
                players=players(21), options={"fixed": {str(n): 1 + (n > 5) for n in range(1, 11)}}
            ),
        ),
        ("standings missing", valid(method="standings")),
        ("standings not a list", valid(method="standings", standings="1")),
        (
            "standings miss a player",
            valid(method="standings", standings=[str(n) for n in range(1, 17)]),
        ),
        (
            "standings miss many players",
            valid(method="standings", standings=[str(n) for n in range(1, 8)]),
        ),
        (
            "standings twice the same player",
            valid(method="standings", standings=[str(n) for n in range(1, 18)] + ["1"]),
        ),
        (
            "standings with a number",
            valid(method="standings", standings=[str(n) for n in range(1, 18)] + [5]),
        ),
        (
            "five fixed at a table of four by standings",
            valid(
                method="standings",
                standings=[str(n) for n in range(1, 18)],
                options={"fixed": {str(n): 1 for n in range(1, 6)}},
            ),
        ),
    ]
    for name, request in cases:
        yield f"refusal/{name}", request


def accepted_oddities() -> Iterator[tuple[str, Request | str]]:
    """Valid requests in unusual spellings: nulls, empty clubs, names, a byte order mark."""
    yield "odd/null options and history", valid(options=None, history=None)
    yield "odd/null fixed", valid(options={"fixed": None, "separate_clubs": True})
    yield "odd/empty club", valid(players=[{"id": "a", "club": ""}, *players(7)])
    names = [{"id": name} for name in ("Jörg", "Gül", "Frieda", "Ömer", "Zoë")]
    yield "odd/names", {"players": names, "seed": 0}
    yield "odd/byte order mark", "\ufeff" + json.dumps({"players": players(4), "seed": 2})
    yield (
        "odd/history of strangers",
        valid(history=[[["x1", "x2", "x3", "x4"], ["1", "2", "x5"]], [["1", "3", "4", "5", "6"]]]),
    )
    yield "odd/history of 6-seat tables", valid(history=[[[str(n) for n in range(1, 7)]]])
    yield "odd/rounds_planned beyond 12", valid(rounds_planned=40)
    yield "odd/rounds_planned 1", valid(rounds_planned=1)
    yield (
        "odd/all rounds played",
        valid(rounds_planned=1, history=[[[str(n) for n in range(1, 5)]]]),
    )
    yield "odd/players listed backwards", valid(players=list(reversed(players(17))))


def plan_seed_cases(lots: random.Random) -> Iterator[tuple[str, Request | str]]:
    """Requests with ``plan_seed``, as the app sends them: a new seed each round, one plan
    seed for the tournament; with players changing, fixed tables and clubs; refusals."""
    for count, rounds, planned in ((16, 5, 5), (20, 5, 5), (32, 6, 8), (36, 4, 8), (43, 5, 8)):
        yield from tournament(
            f"plan seed/{count}",
            count,
            rounds,
            lots,
            planned=planned,
            new_seed_each_round=True,
            plan_seed=lots.randrange(10**9),
        )
    yield from tournament(
        "plan seed/withdrawal 32 to 31 after round 2",
        32,
        4,
        lots,
        planned=8,
        new_seed_each_round=True,
        roster_at={2: [p for p in players(32) if p["id"] != "17"]},
        plan_seed=lots.randrange(10**9),
    )
    yield from tournament(
        "plan seed/late 16 to 17",
        16,
        3,
        lots,
        planned=5,
        new_seed_each_round=True,
        roster_at={1: players(17)},
        plan_seed=lots.randrange(10**9),
    )
    yield from tournament(
        "plan seed/fixed 34 stored",
        34,
        3,
        lots,
        planned=8,
        new_seed_each_round=True,
        fixed={"1": 2},
        plan_seed=lots.randrange(10**9),
    )
    yield from tournament(
        "plan seed/clubs 40",
        40,
        3,
        lots,
        planned=8,
        new_seed_each_round=True,
        clubs=10,
        separate_clubs=True,
        plan_seed=lots.randrange(10**9),
    )
    yield "plan seed/unplanned", valid(plan_seed=5)
    yield "plan seed/null", valid(plan_seed=None, rounds_planned=5)
    yield "plan seed/negative", valid(plan_seed=-(2**45), rounds_planned=5)
    yield from plan_seed_refusals()


def plan_seed_refusals() -> Iterator[tuple[str, Request | str]]:
    """Requests refused for their ``plan_seed``."""
    for name, value in (("a text", "5"), ("a float", 1.5), ("a bool", True), ("a list", [5])):
        yield f"refusal/plan_seed {name}", valid(plan_seed=value, rounds_planned=5)


def cases() -> Iterator[tuple[str, Request | str]]:
    lots = random.Random("doko-draw corpus")
    yield from single_draws(lots)
    yield from whole_tournaments(lots)
    yield from standings_draws(lots)
    yield from refusals()
    yield from accepted_oddities()
    # Recorded after the cases above with lots of their own, so those stay as they were.
    yield from plan_seed_cases(random.Random("doko-draw corpus, plan seed"))


def main() -> None:
    lines = []
    names: set[str] = set()
    for name, request in cases():
        assert name not in names, name
        names.add(name)
        text, output, code = answer(request)
        case = {"name": name, "request": text, "output": output, "exit": code}
        lines.append(json.dumps(case, ensure_ascii=False))
    CORPUS.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(lines)} cases written to {CORPUS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
