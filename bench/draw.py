"""Benchmark of the table draw as the app draws: repeated meetings and time per draw (not a test).

Plays whole tournaments round by round the way the web app does:

* the request of every round is built by the app's own ``tournament.rounds.service.draw_request``
  from the tournament's registrations and earlier rounds (model objects kept in memory, no
  database): ``history`` is the tables actually played, ``rounds_planned`` the tournament's
  rounds, ``plan_seed`` the tournament's plan seed, given at the first draw by the app's
  ``settle_plan_seed`` (the seed of round 1);
* every round gets a new seed, as ``new_seed()`` gives one when the Turnierleiter types none
  (here from a generator seeded per tournament, so that a run can be repeated);
* the draw is the app's call, ``table_draw.draw(table_draw.parse_request(request))``, timed.

Scenarios (``--scenario``, default all): ``same`` (the same players all day); ``withdraw-1``,
``withdraw-2``, ``withdraw-4``: one player, drawn by lot, withdraws after round 1, 2 or 4 (the
app's ``withdrawn_after_round``; the others play on); ``late-1``: one player registers after
round 1 and plays from round 2 (the app's ``first_round``).

For every case, scenario and seed it records the repeated meetings of each round (as the draw
reports them, checked against an independent count), whether the tables of five were spread
fairly and the slowest draw (wall clock and CPU time: on a busy machine the wall clock also
counts the other processes; the verdict on the 2 s target goes by the CPU time). Where the
spread was unfair in some seed, the line gives the fewest and the most tables of five a player
present at the end had, over all seeds. A line per
case and scenario shows the seed with the most repeats in all (its repeats per round), the
worst of each round over all seeds, and two lower bounds:

* ``bound``: for each round of that worst seed, the repeats forced by pigeonhole given the
  history that seed had: a player who has not yet met only k of the others present must meet
  at least s - k players again (s = 3, or 4 when every table has five seats), and a repeated
  pair is counted by both of its players, so the round has at least
  ceil(sum of max(0, s - k) / 2);
* ``at least``: for the whole tournament, whatever the draw, the larger of two counts: the
  meetings all rounds hold together (6 per table of four, 10 per table of five) minus the
  pairs of players who are ever present in the same round (each can be met once without a
  repeat); and half the sum over the players of the partners each has at least (3 a round, 4
  in a round of tables of five only) beyond the players ever present with them.

Both are 0 where they know nothing; neither is claimed to be reachable.

    python bench/draw.py [--quick] [--seeds 20] [--cases 16,41:8] [--scenario same,late-1]
                         [--jobs 2]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import table_draw  # noqa: E402
from tournament.models import (  # noqa: E402
    DrawMethod,
    Player,
    Registration,
    Round,
    RoundStatus,
    RoundTable,
    Seat,
    Tournament,
)
from tournament.rounds.service import SEED_LIMIT, draw_request, settle_plan_seed  # noqa: E402

# (players, rounds): the counts, 8 rounds (16 players: the 5 rounds of the affine plane).
CASES: tuple[tuple[int, int], ...] = (
    (16, 5),
    (20, 8),
    (24, 8),
    (28, 8),
    *((count, 8) for count in range(31, 46)),
    (48, 8),
    (64, 8),
    (100, 8),
    (202, 8),
    (400, 8),
)
# Scenario -> (round after which one player withdraws, round after which one joins).
SCENARIOS: dict[str, tuple[int | None, int | None]] = {
    "same": (None, None),
    "withdraw-1": (1, None),
    "withdraw-2": (2, None),
    "withdraw-4": (4, None),
    "late-1": (None, 1),
}
TIME_TARGET = 2.0


@dataclass(frozen=True)
class Outcome:
    """One tournament: repeats per round, the pigeonhole bound per round, fairness, timing."""

    players: int
    seed: int
    repeats: tuple[int, ...]
    bounds: tuple[int, ...]
    at_least: int
    fives_fair: bool
    fives_range: tuple[int, int]  # fewest and most tables of five of a player present at the end
    slowest: float  # wall-clock seconds of the slowest draw
    slowest_cpu: float  # CPU seconds of the slowest draw (what other load does not change)


def independent_repeats(tables: Sequence[Sequence[str]], met: set[frozenset[str]]) -> int:
    """Pairs of this round who met before, counted without the draw's code."""
    return sum(1 for table in tables for a, b in combinations(table, 2) if frozenset((a, b)) in met)


def round_bound(present: Sequence[str], met: set[frozenset[str]]) -> int:
    """Repeats this round must have, given who met before (see the module's docstring)."""
    seats = min(table_draw.table_sizes(len(present))) - 1
    forced = 0
    for player in present:
        new = sum(
            1 for other in present if other != player and frozenset((player, other)) not in met
        )
        forced += max(0, seats - new)
    return math.ceil(forced / 2)


def counting_bound(rosters: Sequence[Sequence[str]]) -> int:
    """Repeats any draw of these rounds has (see the module's docstring)."""
    meetings = 0
    together: set[frozenset[str]] = set()
    partners: dict[str, int] = {}  # each player's fewest meetings over the rounds played
    for roster in rosters:
        sizes = table_draw.table_sizes(len(roster))
        meetings += sum(size * (size - 1) // 2 for size in sizes)
        together.update(frozenset(pair) for pair in combinations(roster, 2))
        for player in roster:
            partners[player] = partners.get(player, 0) + min(sizes) - 1
    possible: dict[str, int] = {}
    for pair in together:
        for player in pair:
            possible[player] = possible.get(player, 0) + 1
    by_player = sum(max(0, partners[p] - possible.get(p, 0)) for p in partners)
    return max(meetings - len(together), math.ceil(by_player / 2), 0)


def _seat(
    round_: Round, tables: Sequence[Sequence[str]], by_number: dict[str, Registration]
) -> None:
    """Seat the drawn tables into the round, as the app's ``_draw_into`` does."""
    for table_number, ids in enumerate(tables, start=1):
        table = RoundTable(number=table_number, size=len(ids))
        round_.tables.append(table)
        for position, player_id in enumerate(ids, start=1):
            table.seats.append(
                Seat(round=round_, registration=by_number[player_id], position=position)
            )


def tournament(players: int, rounds: int, seed: int, scenario: str) -> Outcome:
    """Draw ``rounds`` rounds for ``players`` players in the app's way, with the scenario's
    change of players; every round a new seed."""
    lots = random.Random(f"bench/draw/{players}/{rounds}/{scenario}/{seed}")
    withdraw_after, late_after = SCENARIOS[scenario]
    event = Tournament(name="Bench", rounds_planned=rounds, draw_plan_seed=None)
    by_number: dict[str, Registration] = {}

    def register(number: int, first_round: int) -> None:
        registration = Registration(
            tournament=event,
            player=Player(name=f"Spieler {number}", club="", ddv_number=None),
            start_number=number,
            first_round=first_round,
            withdrawn_after_round=None,
            fixed_table=None,
        )
        by_number[str(number)] = registration

    for number in range(1, players + 1):
        register(number, 1)
    met: set[frozenset[str]] = set()
    fives: dict[str, int] = {}
    repeats: list[int] = []
    bounds: list[int] = []
    rosters: list[list[str]] = []
    fair = True
    slowest = slowest_cpu = 0.0
    for number in range(1, rounds + 1):
        if withdraw_after is not None and number == withdraw_after + 1:
            leaving = by_number[str(lots.randrange(1, players + 1))]
            leaving.withdrawn_after_round = withdraw_after
        if late_after is not None and number == late_after + 1:
            register(players + 1, number)
        round_ = Round(
            tournament=event,
            number=number,
            method=DrawMethod.RANDOM,
            seed=lots.randrange(SEED_LIMIT),  # as new_seed() gives one
            separate_clubs=False,
            status=RoundStatus.DRAWN,
        )
        settle_plan_seed(event)
        request = draw_request(round_)
        start, start_cpu = time.perf_counter(), time.process_time()
        parsed = table_draw.parse_request(request)
        result = table_draw.draw(parsed)
        slowest = max(slowest, time.perf_counter() - start)
        slowest_cpu = max(slowest_cpu, time.process_time() - start_cpu)
        tables = [list(table) for table in result.tables]
        present = [player.id for player in parsed.players]
        rosters.append(present)
        bounds.append(round_bound(present, met))
        counted = independent_repeats(tables, met)
        if counted != result.repeats:
            raise SystemExit(f"N={players} seed={seed}: repeats {result.repeats} != {counted}")
        repeats.append(counted)
        at_five = {player for table in tables if len(table) == 5 for player in table}
        if at_five:
            most_at_five = max(fives.get(player, 0) for player in at_five)
            least_elsewhere = min(
                (fives.get(player, 0) for player in present if player not in at_five),
                default=most_at_five,
            )
            fair = fair and most_at_five <= least_elsewhere
        for player in at_five:
            fives[player] = fives.get(player, 0) + 1
        for table in tables:
            met.update(frozenset(pair) for pair in combinations(table, 2))
        _seat(round_, tables, by_number)
        round_.status = RoundStatus.RUNNING
    at_end = [fives.get(player, 0) for player in rosters[-1]]
    return Outcome(
        players,
        seed,
        tuple(repeats),
        tuple(bounds),
        counting_bound(rosters),
        fair,
        (min(at_end), max(at_end)),
        slowest,
        slowest_cpu,
    )


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


def parse_scenarios(text: str | None) -> list[str]:
    if not text:
        return list(SCENARIOS)
    chosen = [name.strip() for name in text.split(",")]
    unknown = [name for name in chosen if name not in SCENARIOS]
    if unknown:
        raise SystemExit(f"unknown scenario {', '.join(unknown)}: one of {', '.join(SCENARIOS)}")
    return chosen


def _numbers(values: Sequence[int]) -> str:
    return " ".join(str(value) for value in values)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20, help="seeds per case (default 20)")
    parser.add_argument("--quick", action="store_true", help="3 seeds per case")
    parser.add_argument("--cases", help="players[:rounds],... (default: the issue's cases)")
    parser.add_argument(
        "--scenario", help=f"comma-separated, of {', '.join(SCENARIOS)} (default: all)"
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes (timings get noisier)")
    args = parser.parse_args(argv)
    seeds = 3 if args.quick else args.seeds
    cases = parse_cases(args.cases)
    scenarios = parse_scenarios(args.scenario)
    print(f"draw benchmark as the app draws: a new seed each round, {seeds} seeds per case")
    slowest_all = slowest_cpu_all = 0.0
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for players, rounds in cases:
            for scenario in scenarios:
                futures = [
                    pool.submit(tournament, players, rounds, seed, scenario)
                    for seed in range(1, seeds + 1)
                ]
                outcomes = [future.result() for future in futures]
                worst = max(outcomes, key=lambda outcome: (sum(outcome.repeats), -outcome.seed))
                per_round = [max(outcome.repeats[k] for outcome in outcomes) for k in range(rounds)]
                slowest = max(outcome.slowest for outcome in outcomes)
                slowest_cpu = max(outcome.slowest_cpu for outcome in outcomes)
                slowest_all = max(slowest_all, slowest)
                slowest_cpu_all = max(slowest_cpu_all, slowest_cpu)
                line = (
                    f"N={players} {scenario}: worst of {seeds} seeds {sum(worst.repeats)} "
                    f"(seed {worst.seed}: {_numbers(worst.repeats)}; bound {_numbers(worst.bounds)}"
                    f"); each round's worst {_numbers(per_round)}; at least {worst.at_least}; "
                    f"worst draw {slowest:.2f} s ({slowest_cpu:.2f} s CPU)"
                )
                if not all(outcome.fives_fair for outcome in outcomes):
                    fewest = min(outcome.fives_range[0] for outcome in outcomes)
                    most = max(outcome.fives_range[1] for outcome in outcomes)
                    line += f"; tables of five spread unfairly ({fewest}-{most} a player)"
                print(line, flush=True)
    verdict = "within" if slowest_cpu_all < TIME_TARGET else "OVER"
    print(
        f"slowest draw {slowest_all:.2f} s, {slowest_cpu_all:.2f} s CPU: {verdict} the "
        f"{TIME_TARGET:.0f} s target (CPU time: other load on the machine does not count)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
