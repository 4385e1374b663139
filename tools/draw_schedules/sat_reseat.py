"""Large neighbourhood search: seat K rounds of a schedule again at once, exactly, with SAT.

Not part of the draw (it needs python-sat, which the project does not depend on: install it
into a separate virtual environment, e.g. ``python -m venv /tmp/satenv &&
/tmp/satenv/bin/pip install python-sat``)::

    /tmp/satenv/bin/python sat_reseat.py START_FILE SEED SECONDS K CAP [--budget CONFLICTS]

START_FILE is a schedule as tabu2 prints it (one round per line, tables separated by spaces,
players 0..N-1 separated by commas; it may have repeated meetings).  A step frees K rounds
(one of them a round of a repeated meeting, the others by lot), keeps the other rounds as they
are and asks a SAT solver (CaDiCaL) for a seating of the free rounds with right table sizes,
nobody at more than CAP tables of five in all, and, first, no repeated meeting at all in the
whole schedule.  If the solver finds none within BUDGET conflicts it is asked again for a
seating with at most as many repeated meetings as now, with random phases, and that one is
taken (a sideways step that moves the search on).  It stops at zero repeated meetings or after
SECONDS (wall time), prints the best schedule (exit code 0 if it has no repeated meeting) and
reports on standard error.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver

Schedule = list[list[list[int]]]
STATUS: list[bool | None] = []  # the solver's answers: True, False (none), None (budget)


def read(path: str) -> Schedule:
    with open(path, encoding="ascii") as lines:
        return [
            [[int(p) for p in table.split(",")] for table in line.split()]
            for line in lines
            if line.strip()
        ]


def counts(schedule: Schedule, n: int) -> tuple[dict[frozenset[int], int], list[int]]:
    met: dict[frozenset[int], int] = {}
    fives = [0] * n
    for groups in schedule:
        for g in groups:
            if len(g) == 5:
                for p in g:
                    fives[p] += 1
            for pair in itertools.combinations(g, 2):
                key = frozenset(pair)
                met[key] = met.get(key, 0) + 1
    return met, fives


def repeats(schedule: Schedule, n: int) -> int:
    met, _ = counts(schedule, n)
    return sum(c - 1 for c in met.values())


def reseat(
    schedule: Schedule,
    n: int,
    free: list[int],
    cap: int,
    allowed: int,
    budget: int,
    rng: random.Random,
    least: int = 0,
    shuffle: bool = False,
) -> Schedule | None:
    """The schedule with the rounds ``free`` seated again, at most ``allowed`` repeated pairs
    (pairs meeting more than once; 0: none), or None if the solver found none in budget."""
    sizes = sorted(len(g) for g in schedule[0])
    tables = len(sizes)
    fixed = [r for r in range(len(schedule)) if r not in free]
    met, _ = counts([schedule[r] for r in fixed], n)
    fixed_fives = [0] * n
    for r in fixed:
        for g in schedule[r]:
            if len(g) == 5:
                for p in g:
                    fixed_fives[p] += 1
    pool = IDPool()
    clauses: list[list[int]] = []

    def x(p: int, r: int, t: int) -> int:
        return pool.id(("x", p, r, t))

    def m(p: int, q: int, r: int) -> int:
        return pool.id(("m", p, q, r))

    def rep(p: int, q: int) -> int:
        return pool.id(("rep", p, q))

    for r in free:
        for p in range(n):
            lits = [x(p, r, t) for t in range(tables)]
            clauses.append(lits)
            clauses.extend([-a, -b] for a, b in itertools.combinations(lits, 2))
        for t in range(tables):
            enc = CardEnc.equals(
                [x(p, r, t) for p in range(n)], sizes[t], vpool=pool, encoding=EncType.seqcounter
            )
            clauses.extend(enc.clauses)
        # tables of one size ordered by their smallest player
        for t in range(tables - 1):
            if sizes[t] != sizes[t + 1]:
                continue
            y = [pool.id(("y", r, t, p)) for p in range(n)]
            clauses.append([-y[0], x(0, r, t)])
            for p in range(1, n):
                clauses.append([-y[p], y[p - 1], x(p, r, t)])
            clauses.append([-x(0, r, t + 1)])
            for p in range(1, n):
                clauses.append([-x(p, r, t + 1), y[p - 1]])
    soft = allowed > 0
    rep_lits = []
    for p, q in itertools.combinations(range(n), 2):
        before = met.get(frozenset((p, q)), 0)
        if before >= 2 and not soft:
            return None
        if before:
            for r in free:
                for t in range(tables):
                    clause = [-x(p, r, t), -x(q, r, t)]
                    if soft:
                        clause.append(rep(p, q))
                    clauses.append(clause)
            if before >= 2:
                clauses.append([rep(p, q)])
        else:
            for r in free:
                for t in range(tables):
                    clauses.append([-x(p, r, t), -x(q, r, t), m(p, q, r)])
            for r, s in itertools.combinations(free, 2):
                clause = [-m(p, q, r), -m(p, q, s)]
                if soft:
                    clause.append(rep(p, q))
                clauses.append(clause)
        if soft and (before or len(free) > 1):
            rep_lits.append(rep(p, q))
    if soft:
        enc = CardEnc.atmost(rep_lits, allowed, vpool=pool, encoding=EncType.totalizer)
        clauses.extend(enc.clauses)
    fives_tables = [t for t in range(tables) if sizes[t] == 5]
    for p in range(n):
        room = cap - fixed_fives[p]
        if room < 0:
            return None
        lits = [x(p, r, t) for r in free for t in fives_tables]
        if room < len(free):
            enc = CardEnc.atmost(lits, room, vpool=pool, encoding=EncType.seqcounter)
            clauses.extend(enc.clauses)
        need = least - fixed_fives[p]
        if need > len(free):
            return None
        if need > 0:
            enc = CardEnc.atleast(lits, need, vpool=pool, encoding=EncType.seqcounter)
            clauses.extend(enc.clauses)
    with Solver(name="cadical195", bootstrap_with=clauses) as solver:
        phases = []
        if soft or shuffle:
            for r in free:
                for p in range(n):
                    for t in range(tables):
                        lit = x(p, r, t)
                        phases.append(lit if rng.random() < 1 / tables else -lit)
        else:
            for r in free:
                ordered = sorted(schedule[r], key=lambda g: (len(g), min(g)))
                for t, g in enumerate(ordered):
                    phases.extend(x(p, r, t) for p in g)
        solver.set_phases(phases)
        solver.conf_budget(budget)
        status = solver.solve_limited()
        STATUS.append(status)
        if not status:
            return None
        model = set(lit for lit in solver.get_model() if lit > 0)
    result = [list(map(list, groups)) for groups in schedule]
    for r in free:
        result[r] = [[p for p in range(n) if x(p, r, t) in model] for t in range(tables)]
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("start")
    parser.add_argument("seed", type=int)
    parser.add_argument("seconds", type=float)
    parser.add_argument("k", type=int)
    parser.add_argument("cap", type=int)
    parser.add_argument("--budget", type=int, default=20000)
    parser.add_argument("--min", type=int, default=0, help="fewest tables of five per player")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    schedule = read(args.start)
    n = sum(len(g) for g in schedule[0])
    rounds = len(schedule)
    began = time.time()
    current = repeats(schedule, n)
    best, best_cost = schedule, current
    step = 0

    def fair(schedule: Schedule) -> bool:
        _, fives = counts(schedule, n)
        return args.min <= min(fives) and max(fives) <= args.cap

    while (current or not fair(schedule)) and time.time() - began < args.seconds:
        step += 1
        met, _ = counts(schedule, n)
        if not current:
            # no repeated meeting: seat K rounds by lot again with the spread asked for,
            # else (sideways) with zero repeated meetings and random phases
            free = sorted(rng.sample(range(rounds), args.k))
            found = reseat(schedule, n, free, args.cap, 0, args.budget, rng, args.min)
            kind = "fair"
            if found is None:
                kind = f"sideways (fair: {STATUS[-1] if STATUS else 'skipped'})"
                found = reseat(schedule, n, free, 99, 0, args.budget, rng, 0, True)
            if found is not None:
                schedule = found
                best = schedule
            _, fives = counts(schedule, n)
            print(
                f"step {step} free {free} {kind} fives {sorted(fives)} {time.time() - began:.0f} s",
                file=sys.stderr,
                flush=True,
            )
            continue
        bad_rounds = sorted(
            {
                r
                for r, groups in enumerate(schedule)
                for g in groups
                for pair in itertools.combinations(g, 2)
                if met[frozenset(pair)] > 1
            }
        )
        first = rng.choice(bad_rounds)
        others = [r for r in range(rounds) if r != first]
        free = sorted([first, *rng.sample(others, args.k - 1)])
        found = reseat(schedule, n, free, args.cap, 0, args.budget, rng)
        kind = "exact"
        if found is None:
            kind = f"sideways (exact: {STATUS[-1] if STATUS else 'skipped'})"
            found = reseat(schedule, n, free, args.cap, current, args.budget, rng)
        if found is not None:
            schedule = found
            current = repeats(schedule, n)
            if current < best_cost:
                best, best_cost = schedule, current
        print(
            f"step {step} free {free} {kind} repeats {current} best {best_cost}"
            f" {time.time() - began:.0f} s",
            file=sys.stderr,
            flush=True,
        )
    for groups in best:
        print(" ".join(",".join(map(str, g)) for g in groups))
    _, fives = counts(best, n)
    print(f"repeats {best_cost}, tables of five per player {sorted(fives)}", file=sys.stderr)
    return 0 if best_cost == 0 and fair(best) else 1


if __name__ == "__main__":
    sys.exit(main())
