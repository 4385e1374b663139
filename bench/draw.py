"""Benchmark of the table draw: repeated meetings and time per draw (not a test).

Plays whole tournaments through the draw, round by round: every round is drawn with the tables
of the earlier rounds as ``history`` (exactly what the web app and ``python -m
tournament.draw`` do), with ``rounds_planned`` set to the number of rounds unless
``--no-plan`` asks for the search alone. Each draw goes through :func:`table_draw.run`,
the command line without the interpreter start (JSON in, JSON out); the start of
``python -m tournament.draw`` is timed once on its own.

For every case and seed it records the repeated meetings of each round (as the draw reports
them, checked against an independent count), whether the tables of five were spread fairly
(nobody gets a second table of five while someone has had none) and the slowest draw. The
summary line shows the worst over all seeds:

    N=41: 8 rounds, repeats per round worst over 20 seeds: 0 0 0 0 0 0 0 0; worst draw 0.41 s

For 16 players the aim is 5 rounds without a repeat (the affine plane of order 4); where some
round has a repeat (20 and 24 players cannot have 8 rounds without), the line also tells how
many rounds from the start had no repeat for every seed.

    python bench/draw.py [--quick] [--seeds 20] [--cases 16,41] [--no-plan] [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from table_draw import run  # noqa: E402

# (players, rounds); 16 players: the affine plane gives 5 rounds without a repeat.
CASES: tuple[tuple[int, int], ...] = (
    (16, 5),
    (20, 8),
    (24, 8),
    (32, 8),
    (33, 8),
    (34, 8),
    (35, 8),
    (36, 8),
    (39, 8),
    (41, 8),
    (42, 8),
    (43, 8),
    (48, 8),
    (64, 8),
    (101, 8),
    (128, 8),
    (202, 8),
    (256, 8),
    (400, 8),
    (403, 8),
)
TIME_TARGET = 2.0


@dataclass(frozen=True)
class Outcome:
    """One tournament: repeats per round, fairness of the tables of five, slowest draw."""

    players: int
    seed: int
    repeats: tuple[int, ...]
    fives_fair: bool
    slowest: float


def independent_repeats(tables: Sequence[Sequence[str]], met: set[frozenset[str]]) -> int:
    """Pairs of this round who met before, counted without the draw's code."""
    return sum(1 for table in tables for a, b in combinations(table, 2) if frozenset((a, b)) in met)


def tournament(players: int, rounds: int, seed: int, plan: bool) -> Outcome:
    """Draw ``rounds`` rounds for ``players`` players, feeding each round back as history."""
    ids = [{"id": str(number)} for number in range(1, players + 1)]
    history: list[list[list[str]]] = []
    met: set[frozenset[str]] = set()
    fives = {entry["id"]: 0 for entry in ids}
    repeats: list[int] = []
    fair = True
    slowest = 0.0
    for _ in range(rounds):
        request: dict[str, object] = {
            "players": ids,
            "history": history,
            "method": "random",
            "seed": seed,
        }
        if plan:
            request["rounds_planned"] = rounds
        text = json.dumps(request)
        start = time.perf_counter()
        output, code = run(text)
        slowest = max(slowest, time.perf_counter() - start)
        if code != 0:
            raise SystemExit(f"N={players} seed={seed}: draw failed: {output}")
        response = json.loads(output)
        tables: list[list[str]] = response["tables"]
        counted = independent_repeats(tables, met)
        if counted != response["repeats"]:
            raise SystemExit(f"N={players} seed={seed}: repeats {response['repeats']} != {counted}")
        repeats.append(counted)
        at_five = {player for table in tables if len(table) == 5 for player in table}
        if at_five:
            most_at_five = max(fives[player] for player in at_five)
            least_elsewhere = min(
                (fives[player] for player in fives if player not in at_five), default=most_at_five
            )
            fair = fair and most_at_five <= least_elsewhere
        for player in at_five:
            fives[player] += 1
        for table in tables:
            met.update(frozenset(pair) for pair in combinations(table, 2))
        history.append(tables)
    return Outcome(players, seed, tuple(repeats), fair, slowest)


def interpreter_start() -> float:
    """Seconds for ``python -m tournament.draw`` on a tiny request (best of three)."""
    request = json.dumps({"players": [{"id": str(i)} for i in range(8)], "seed": 1})
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "tournament.draw"],
            input=request.encode(),
            capture_output=True,
            cwd=ROOT,
            check=True,
        )
        best = min(best, time.perf_counter() - start)
    return best


def zero_rounds(worst: Sequence[int]) -> int:
    """Rounds from the start without a repeat."""
    count = 0
    for value in worst:
        if value:
            break
        count += 1
    return count


def parse_cases(text: str | None) -> list[tuple[int, int]]:
    if not text:
        return list(CASES)
    known = dict(CASES)
    cases = []
    for part in text.split(","):
        players, _, rounds = part.partition(":")
        count = int(players)
        cases.append((count, int(rounds) if rounds else known.get(count, 8)))
    return cases


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20, help="seeds per case (default 20)")
    parser.add_argument("--quick", action="store_true", help="3 seeds per case")
    parser.add_argument("--cases", help="players[:rounds],... (default: the issue's cases)")
    parser.add_argument("--no-plan", action="store_true", help="without rounds_planned")
    parser.add_argument("--jobs", type=int, default=1, help="processes (timings get noisier)")
    args = parser.parse_args(argv)
    seeds = 3 if args.quick else args.seeds
    cases = parse_cases(args.cases)
    plan = not args.no_plan
    print(
        f"draw benchmark: {seeds} seeds per case, rounds_planned {'given' if plan else 'not given'}"
    )
    print(f"interpreter start of python -m tournament.draw: {interpreter_start():.3f} s")
    slowest_all = 0.0
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for players, rounds in cases:
            futures = [
                pool.submit(tournament, players, rounds, seed, plan) for seed in range(1, seeds + 1)
            ]
            outcomes = [future.result() for future in futures]
            worst = [max(outcome.repeats[k] for outcome in outcomes) for k in range(rounds)]
            slowest = max(outcome.slowest for outcome in outcomes)
            slowest_all = max(slowest_all, slowest)
            fair = all(outcome.fives_fair for outcome in outcomes)
            line = (
                f"N={players}: {rounds} rounds, repeats per round worst over {seeds} seeds: "
                f"{' '.join(str(value) for value in worst)}; worst draw {slowest:.2f} s"
            )
            if players % 4:
                line += f"; tables of five spread fairly: {'yes' if fair else 'NO'}"
            if any(worst):
                line += f"; rounds without a repeat: {zero_rounds(worst)}"
            print(line, flush=True)
    verdict = "within" if slowest_all < TIME_TARGET else "OVER"
    print(f"slowest draw {slowest_all:.2f} s: {verdict} the {TIME_TARGET:.0f} s target")
    return 0


if __name__ == "__main__":
    sys.exit(main())
