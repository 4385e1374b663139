"""Benchmark of the whole-list check of a tournament's score lists (not a test).

Builds the score lists of a tournament, by default 400 players over 8 rounds: 100 tables of
four per round, 800 lists of 24 games, 19,200 games, each game played card by card by
:func:`rules_engine.simulate.random_list` with Pflichtsoli and Vorführungen where the round
rules put them. The tables of each round are drawn at random from the players. Generation is
not timed; with ``--distinct N`` only N lists are generated and the others are copies with the
players of their table put in (the games stay the same, the names change).

Then it times verifying all of them, best of ``--runs`` runs:

(a) through the Python API, :func:`rules_engine.scorelist.check_list` on every list in this
    process;
(b) through the command line, end to end with interpreter start,
    ``python -m rules_engine check-list < lists.jsonl > reports.jsonl``.

Every report of every run is checked: valid, complete, no finding, 24 games played, the
list's id, totals equal to the points written on the list; the command line's reports must
equal the API's.

With ``--rules KEY`` the lists are under that preset (``docs/rule-sets.md``): 24 games each
(``"games": 24`` on the list), made of random game summaries (a fifth of them solos, Re and
Kontra at random) scored by ``score`` under the preset, the dealer as the preset moves it, a
pot too large to run dry where there is one, and under ``hausregeln-2024`` the Pflichtsoli
not played in the 24 games vorgeführt after them.

    python bench/check_lists.py [--players 400] [--rounds 8] [--distinct N] [--runs 3]
                                [--rules KEY]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cli_timing import time_cli  # noqa: E402

from rules_engine.records import score_record  # noqa: E402
from rules_engine.rulescore import eye_sums  # noqa: E402
from rules_engine.rulesets import PRESETS, CallSystem, Pflichtsolo  # noqa: E402
from rules_engine.scorelist import check_list  # noqa: E402
from rules_engine.simulate import random_list  # noqa: E402
from rules_engine.table_list import GAMES  # noqa: E402

Record = dict[str, Any]

TARGET_SECONDS = 2.0
TABLE_SIZE = 4


@dataclass(frozen=True, slots=True)
class Expected:
    """What the report of one list must say."""

    list_id: str
    totals: dict[str, int]
    games: int


# ----------------------------------------------------------------------------- generation
def draw_tables(players: Sequence[str], rounds: int, rng: random.Random) -> list[list[str]]:
    """Every round's tables of four, players drawn at random, in round and table order."""
    tables: list[list[str]] = []
    for _ in range(rounds):
        order = list(players)
        rng.shuffle(order)
        tables.extend(order[i : i + TABLE_SIZE] for i in range(0, len(order), TABLE_SIZE))
    return tables


def renamed_list(score_list: Record, names: Sequence[str], list_id: str) -> Record:
    """The same list with other players in the same positions."""
    rename = dict(zip(score_list["players"], names, strict=True))
    entries = []
    for entry in score_list["entries"]:
        copy = dict(entry)
        copy["dealer"] = rename[entry["dealer"]]
        copy["re"] = [rename[p] for p in entry["re"]]
        if "player" in entry:
            copy["player"] = rename[entry["player"]]
        copy["points"] = {rename[p]: v for p, v in entry["points"].items()}
        entries.append(copy)
    renamed = dict(score_list)
    renamed.update({"id": list_id, "players": list(names), "entries": entries})
    return renamed


def ruled_list(rng: random.Random, names: Sequence[str], list_id: str, key: str) -> Record:
    """A 24-game list under the preset ``key``, each game scored by ``score``."""
    rules = PRESETS[key]
    record: Record = {"id": list_id, "rules": key, "players": list(names), "games": 24}
    if rules.settlement.value != "plus_minus":
        record["pot"] = 10**6
    per_session = rules.pflichtsolo is Pflichtsolo.PER_SESSION
    owes = set(names) if per_session else set()
    solos = sorted(s.value for s in rules.solos)
    entries: list[Record] = []
    dealer, in_a_row = 0, 0
    while len(entries) < 24 or owes:
        seats = [names[(dealer + i) % 4] for i in range(1, 5)]
        entry: Record = {"kind": "game", "dealer": names[dealer]}
        tricks = rng.randint(0, rules.tricks)
        eyes = rng.choice(sorted(eye_sums(rules.deck)[tricks]))
        entry.update({"re_tricks": tricks, "re_eyes": eyes})
        after = len(entries) >= 24
        if after or rng.random() < 0.2:
            soloist = next(n for n in seats if n in owes) if after else rng.choice(seats)
            entry.update({"type": "solo", "solo": rng.choice(solos), "re": [soloist]})
            if soloist in owes and (after or rng.random() < 0.5):
                entry["pflicht"] = "vorgefuehrt" if after else True
                owes.discard(soloist)
        else:
            entry.update({"type": "normal", "re": rng.sample(seats, 2)})
        if entry["type"] == "normal" or rules.absagen_in_solo:
            if rules.calls is CallSystem.KONTRA_RE:
                entry["calls"] = rng.choice([{}, {"kontra": "kontra"}])
            else:
                entry["calls"] = rng.choice([{}, {"re": "re"}, {"kontra": "kontra"}])
        game = {k: v for k, v in entry.items() if k not in ("kind", "dealer")}
        scored = score_record(game | {"id": 0, "rules": key, "players": seats})
        entry["points"] = {n: scored["scores"][n] for n in names}
        entries.append(entry)
        stays = False
        if key == "hausregeln-2024":  # 000 L37: the dealer stays until the third solo
            in_a_row = in_a_row + 1 if entry["type"] == "solo" else 0
            stays = entry["type"] == "solo" and in_a_row < 3
            in_a_row = 0 if in_a_row >= 3 else in_a_row
        dealer = dealer if stays else (dealer + 1) % 4
    record["entries"] = entries
    return record


def build_lists(
    tables: list[list[str]], rounds: int, distinct: int, rng: random.Random, rules: str = "ddv"
) -> list[Record]:
    """One list per table; the first ``distinct`` generated, the rest renamed copies."""
    per_round = len(tables) // rounds
    lists: list[Record] = []
    for index, names in enumerate(tables):
        list_id = f"R{index // per_round + 1}T{index % per_round + 1:03d}"
        if index < distinct:
            seed = rng.getrandbits(64)
            if rules == "ddv":
                lists.append(random_list(random.Random(seed), tuple(names), list_id))
            else:
                lists.append(ruled_list(random.Random(seed), tuple(names), list_id, rules))
        else:
            lists.append(renamed_list(lists[index % distinct], names, list_id))
    return lists


def expected_of(score_list: Record) -> Expected:
    """The totals are the sum of the points written on the list."""
    totals = dict.fromkeys(score_list["players"], 0)
    for entry in score_list["entries"]:
        for name, points in entry["points"].items():
            totals[name] += points
    return Expected(score_list["id"], totals, len(score_list["entries"]))


def describe(lists: list[Record]) -> str:
    """The mix of games on the lists."""
    kinds: Counter[str] = Counter()
    for score_list in lists:
        for entry in score_list["entries"]:
            kind = entry["type"]
            if kind == "solo":
                pflicht = entry.get("pflicht")
                kind = {True: "Pflichtsolo", "vorgefuehrt": "Vorführung"}.get(pflicht, "Lustsolo")
            kinds[kind] += 1
    total = sum(kinds.values())
    return ", ".join(f"{k} {100 * v / total:.1f}%" for k, v in kinds.most_common())


# ----------------------------------------------------------------------------- checking
def check_report(report: Any, expected: Expected, where: str) -> None:
    """One report: the list's id, valid and complete, no finding, every game, the totals."""
    if type(report) is not dict:
        raise SystemExit(f"{where}: the report is not an object: {report!r}")
    if "error" in report:
        raise SystemExit(f"{where}: {report['error']}")
    problems = []
    if report.get("id") != expected.list_id:
        problems.append(f"id {report.get('id')!r}, expected {expected.list_id!r}")
    if report.get("valid") is not True:
        problems.append("not valid")
    if report.get("complete") is not True:
        problems.append("not complete")
    if report.get("findings"):
        problems.append(f"findings {report['findings']}")
    if report.get("games_played") != expected.games or report.get("games_left") != 0:
        problems.append(f"games {report.get('games_played')} + left {report.get('games_left')}")
    if len(report.get("rows", ())) != expected.games:
        problems.append(f"{len(report.get('rows', ()))} rows")
    if report.get("totals") != expected.totals:
        problems.append(f"totals {report.get('totals')}, expected {expected.totals}")
    if problems:
        raise SystemExit(f"{where}: " + "; ".join(problems))


def check_reports(reports: Sequence[Any], expected: Sequence[Expected], how: str) -> None:
    if len(reports) != len(expected):
        raise SystemExit(f"{how}: {len(reports)} reports for {len(expected)} lists")
    for number, (report, want) in enumerate(zip(reports, expected, strict=True), start=1):
        check_report(report, want, f"{how}: list {number} ({want.list_id})")


# ----------------------------------------------------------------------------- timing
def run_api(lists: list[Record]) -> tuple[float, list[Record]]:
    start = time.perf_counter()
    reports = [check_list(score_list) for score_list in lists]
    return time.perf_counter() - start, reports


def run_cli(source: Path, target: Path, jobs: int | None) -> float:
    """One end-to-end run of the command line; return the wall time in seconds."""
    return time_cli("check-list", source, target, jobs)


def bench_api(lists: list[Record], expected: list[Expected], runs: int) -> tuple[float, list[Any]]:
    """Best wall time of ``runs`` API runs, every run's reports checked; the last reports as
    JSON values (for comparison with the command line's)."""
    before = json.dumps(lists)
    times = []
    reports: list[Record] = []
    for _ in range(runs):
        elapsed, reports = run_api(lists)
        times.append(elapsed)
        check_reports(reports, expected, "API")
    if json.dumps(lists) != before:
        raise SystemExit("API: check_list changed the lists it was given")
    print(f"  API runs: {', '.join(f'{t:.2f}' for t in times)} s", file=sys.stderr)
    return min(times), json.loads(json.dumps(reports))


def bench_cli(
    lists: list[Record],
    expected: list[Expected],
    api_reports: list[Any],
    runs: int,
    jobs: int | None,
    directory: Path,
) -> float:
    """Best wall time of ``runs`` command-line runs, every run's output checked."""
    source = directory / "lists.jsonl"
    source.write_text(
        "".join(json.dumps(score_list, ensure_ascii=False) + "\n" for score_list in lists),
        encoding="utf-8",
    )
    size = source.stat().st_size
    print(f"  CLI input: {size / 1e6:.1f} MB of JSON Lines", file=sys.stderr)
    times = []
    for run in range(1, runs + 1):
        target = directory / f"reports-{run}.jsonl"
        times.append(run_cli(source, target, jobs))
        lines = target.read_text(encoding="utf-8").splitlines()
        reports = [json.loads(line) for line in lines]
        check_reports(reports, expected, "CLI")
        if reports != api_reports:
            bad = next(
                i for i, (a, b) in enumerate(zip(reports, api_reports, strict=True)) if a != b
            )
            raise SystemExit(f"CLI: report of list {bad + 1} differs from the API's")
        target.unlink()
    print(f"  CLI runs: {', '.join(f'{t:.2f}' for t in times)} s", file=sys.stderr)
    return min(times)


# ----------------------------------------------------------------------------- main
def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--players", type=int, default=400, help="players, a multiple of 4 (400)")
    parser.add_argument("--rounds", type=int, default=8, help="rounds (8)")
    parser.add_argument(
        "--distinct", type=int, help="lists generated, the others renamed copies (default: all)"
    )
    parser.add_argument("--runs", type=int, default=3, help="runs per way, best counts (3)")
    parser.add_argument(
        "--target", type=float, default=TARGET_SECONDS, help="seconds for all lists (2)"
    )
    parser.add_argument("--seed", type=int, default=20260301, help="random seed")
    parser.add_argument(
        "--jobs", type=int, help="pass --jobs N to the command line (default: its own default)"
    )
    parser.add_argument("--skip-cli", action="store_true", help="time the Python API only")
    parser.add_argument(
        "--rules", default="ddv", choices=sorted(PRESETS), help="the lists' rule set (ddv)"
    )
    parser.add_argument(
        "--strict", action="store_true", help="exit with status 1 when the target is missed"
    )
    args = parser.parse_args(argv)
    for name in ("players", "rounds", "distinct", "runs", "jobs"):
        if getattr(args, name) is not None and getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1")
    if args.players % TABLE_SIZE:
        parser.error("--players must be a multiple of 4 (tables of four)")
    if args.target <= 0:
        parser.error("--target must be positive")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    rng = random.Random(args.seed)
    players = [f"Spieler {n:03d}" for n in range(1, args.players + 1)]
    tables = draw_tables(players, args.rounds, rng)
    distinct = min(args.distinct or len(tables), len(tables))
    start = time.perf_counter()
    lists = build_lists(tables, args.rounds, distinct, rng, args.rules)
    expected = [expected_of(score_list) for score_list in lists]
    games = sum(e.games for e in expected)
    if any(e.games < GAMES[TABLE_SIZE] for e in expected):
        raise SystemExit(f"generation: a list without {GAMES[TABLE_SIZE]} games")
    print(
        f"Python {platform.python_version()}, {os.cpu_count()} CPUs, rules {args.rules}, "
        f"load average {os.getloadavg()[0]:.1f}; {args.players} players, "
        f"{args.rounds} rounds: {len(lists)} lists ({distinct} generated), {games:,} games, "
        f"built in {time.perf_counter() - start:.1f} s",
        file=sys.stderr,
    )
    print(f"  games: {describe(lists)}", file=sys.stderr)
    api, api_reports = bench_api(lists, expected, args.runs)
    cli: float | None = None
    if not args.skip_cli:
        with tempfile.TemporaryDirectory(prefix="doko-bench-") as tmp:
            cli = bench_cli(lists, expected, api_reports, args.runs, args.jobs, Path(tmp))
    met = api <= args.target and (cli is None or cli <= args.target)
    cli_text = "" if cli is None else f" / {cli:.2f} s (CLI)"
    print(
        f"check-list ({args.rules}): {len(lists)} lists, {games:,} games in {api:.2f} s "
        f"(API, {len(lists) / api:,.0f} lists/s){cli_text}, "
        f"target {args.target:g} s{'' if met else '  MISSED'}",
        flush=True,
    )
    return 0 if met or not args.strict else 1


if __name__ == "__main__":
    raise SystemExit(main())
