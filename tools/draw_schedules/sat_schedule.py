"""A SAT model of the whole schedule: N players, ROUNDS rounds, no pair of players twice.

Not part of the draw (it needs python-sat, which the project does not depend on: install it
into a separate virtual environment, e.g. ``python -m venv /tmp/satenv &&
/tmp/satenv/bin/pip install python-sat``)::

    /tmp/satenv/bin/python sat_schedule.py N ROUNDS [options] > schedule.txt

Variables x[p][r][t]: player p sits at table t in round r (the tables of four first, then the
tables of five, as in table_draw/stored_schedules.py).  Clauses: every player at exactly one
table per round, every table exactly its size, and a meeting variable m[p][q][r] that every table
shared by p and q in round r forces true, with at most one of m[p][q][0..ROUNDS-1] true (so
no pair meets twice).

Tables of five: ``--cap K`` allows nobody more than K of them in all, ``--min K`` nobody
fewer; ``--fair`` asks for the exact spread after every round (counts differ by at most one,
round by round, in the order of the rounds found).

Symmetry breaking: round 1 is fixed (players in order, table by table); in every round the
tables of one size are ordered by their smallest player.  ``--order`` also orders rounds 2..
by the second smallest player at player 0's table.

It prints the schedule as tabu2 does (one round per line, tables separated by spaces, players
separated by commas) and reports on standard error.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import threading
import time

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("players", type=int)
    parser.add_argument("rounds", type=int)
    parser.add_argument("--cap", type=int, default=0, help="most tables of five per player")
    parser.add_argument("--min", type=int, default=0, help="fewest tables of five per player")
    parser.add_argument("--fair", action="store_true", help="exact spread round by round")
    parser.add_argument("--order", action="store_true", help="order rounds 2.. as well")
    parser.add_argument("--solver", default="cadical195")
    parser.add_argument("--seconds", type=float, default=600.0)
    parser.add_argument("--seed", type=int, default=0, help="shuffles the clause order")
    parser.add_argument("--fix", help="file of rounds to keep (tabu2's format)")
    parser.add_argument("--fix-rounds", type=int, default=0, help="how many of them to keep")
    parser.add_argument("--hint", help="file of rounds used as phases")
    args = parser.parse_args()

    n, rounds = args.players, args.rounds
    tables = n // 4
    fives = n % 4
    sizes = [4] * (tables - fives) + [5] * fives
    pool = IDPool()
    clauses: list[list[int]] = []

    def x(p: int, r: int, t: int) -> int:
        return pool.id(("x", p, r, t))

    def m(p: int, q: int, r: int) -> int:
        return pool.id(("m", min(p, q), max(p, q), r))

    def card(lits: list[int], bound: int, kind: str) -> None:
        if kind == "eq":
            enc = CardEnc.equals(lits, bound, vpool=pool, encoding=EncType.seqcounter)
        elif kind == "le":
            enc = CardEnc.atmost(lits, bound, vpool=pool, encoding=EncType.seqcounter)
        else:
            enc = CardEnc.atleast(lits, bound, vpool=pool, encoding=EncType.seqcounter)
        clauses.extend(enc.clauses)

    for r in range(rounds):
        for p in range(n):
            lits = [x(p, r, t) for t in range(tables)]
            clauses.append(lits)
            clauses.extend([-a, -b] for a, b in itertools.combinations(lits, 2))
        for t in range(tables):
            card([x(p, r, t) for p in range(n)], sizes[t], "eq")
        for p, q in itertools.combinations(range(n), 2):
            for t in range(tables):
                clauses.append([-x(p, r, t), -x(q, r, t), m(p, q, r)])
    for p, q in itertools.combinations(range(n), 2):
        lits = [m(p, q, r) for r in range(rounds)]
        clauses.extend([-a, -b] for a, b in itertools.combinations(lits, 2))
    # every player meets exactly its table's size minus one in each round (redundant)
    for r in range(rounds):
        for p in range(n):
            five = pool.id(("f", p, r))
            for t in range(tables):
                if sizes[t] == 5:
                    clauses.append([-x(p, r, t), five])
            clauses.append([-five] + [x(p, r, t) for t in range(tables) if sizes[t] == 5])
            others = [m(p, q, r) for q in range(n) if q != p]
            card(others, 4, "le")
            card(others, 3, "ge")
            # four meetings exactly when at a table of five
            clauses.extend([-five, -x(p, r, t)] for t in range(tables) if sizes[t] == 4)
    if args.cap or args.min:
        for p in range(n):
            lits = [pool.id(("f", p, r)) for r in range(rounds)]
            if args.cap:
                card(lits, args.cap, "le")
            if args.min:
                card(lits, args.min, "ge")
    if args.fair:
        seats = fives * 5
        for r in range(rounds):
            low = (r + 1) * seats // n
            high = -(-(r + 1) * seats // n)
            for p in range(n):
                lits = [pool.id(("f", p, s)) for s in range(r + 1)]
                card(lits, high, "le")
                if low:
                    card(lits, low, "ge")
    # round 1 fixed
    start = 0
    for t in range(tables):
        for p in range(start, start + sizes[t]):
            clauses.append([x(p, 0, t)])
        start += sizes[t]
    # tables of one size ordered by their smallest player
    for r in range(1, rounds):
        for t in range(tables - 1):
            if sizes[t] != sizes[t + 1]:
                continue

            def y(p: int, r: int = r, t: int = t) -> int:
                return pool.id(("y", r, t, p))

            clauses.append([-y(0), x(0, r, t)])
            for p in range(1, n):
                clauses.append([-y(p), y(p - 1), x(p, r, t)])
            clauses.append([-x(0, r, t + 1)])
            for p in range(1, n):
                clauses.append([-x(p, r, t + 1), y(p - 1)])
    if args.order:
        # z[r][q]: player q sits with player 0 in round r; rounds 2.. ordered by the
        # smallest such q other than 0's round-1 table (all distinct by the no-repeat rule)
        first = sizes[0]
        for r in range(1, rounds - 1):

            def le(r: int, q: int) -> int:
                return pool.id(("le", r, q))

            # le(r, q): some partner of 0 in round r is <= q
            for q in range(first, n):
                lits = [m(0, s, r) for s in range(first, q + 1)]
                clauses.append([-le(r, q), *lits])
                for lit in lits:
                    clauses.append([-lit, le(r, q)])
            for q in range(first, n):
                # smallest partner in round r+1 is q -> some partner in round r is < q
                if q == first:
                    clauses.append([-m(0, q, r + 1)])
                else:
                    clauses.append([-m(0, q, r + 1), le(r, q - 1)])

    def read(path: str) -> list[list[list[int]]]:
        with open(path, encoding="ascii") as lines:
            return [
                [[int(p) for p in table.split(",")] for table in line.split()]
                for line in lines
                if line.strip()
            ]

    assumptions: list[int] = []
    if args.fix:
        fixed = read(args.fix)[: args.fix_rounds]
        for r, groups in enumerate(fixed):
            ordered = sorted(groups, key=lambda g: (len(g), min(g)))
            for t, group in enumerate(ordered):
                for p in group:
                    assumptions.append(x(p, r, t))
    phases: list[int] = []
    if args.hint:
        for r, groups in enumerate(read(args.hint)[:rounds]):
            ordered = sorted(groups, key=lambda g: (len(g), min(g)))
            for t, group in enumerate(ordered):
                for p in group:
                    phases.append(x(p, r, t))

    if args.seed:
        import random

        random.Random(args.seed).shuffle(clauses)
    print(f"{pool.top} variables, {len(clauses)} clauses", file=sys.stderr, flush=True)
    began = time.time()
    with Solver(name=args.solver, bootstrap_with=clauses) as solver:
        if phases:
            solver.set_phases(phases)
        timer = threading.Timer(args.seconds, solver.interrupt)
        timer.start()
        result = solver.solve_limited(assumptions=assumptions, expect_interrupt=True)
        timer.cancel()
        spent = time.time() - began
        print(f"result {result} after {spent:.0f} s", file=sys.stderr, flush=True)
        if not result:
            return 1
        model = set(lit for lit in solver.get_model() if lit > 0)
    schedule = []
    for r in range(rounds):
        groups = [[p for p in range(n) if x(p, r, t) in model] for t in range(tables)]
        schedule.append(groups)
        print(" ".join(",".join(map(str, g)) for g in groups))
    met: set[frozenset[int]] = set()
    count = [0] * n
    for groups in schedule:
        for g in groups:
            if len(g) == 5:
                for p in g:
                    count[p] += 1
            for pair in itertools.combinations(g, 2):
                assert frozenset(pair) not in met
                met.add(frozenset(pair))
    print(f"tables of five per player: {sorted(count)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
