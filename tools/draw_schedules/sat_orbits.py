"""Schedules with a cyclic symmetry, found with SAT: rounds are the images of a few base rounds.

Not part of the draw (it needs python-sat, which the project does not depend on: install it
into a separate virtual environment, e.g. ``python -m venv /tmp/satenv &&
/tmp/satenv/bin/pip install python-sat``)::

    /tmp/satenv/bin/python sat_orbits.py N ROUNDS M [--lo A --hi B] [--seconds S] [--seed K]

The cyclic group Z_M (M divides ROUNDS) acts on the N players: players 0..M*k-1 form k orbits
of size M (player M*i + a is point a of orbit i, and h moves it to M*i + (a + h) % M), the
other N - M*k players (fewer than M) stay fixed.  The schedule has ROUNDS / M base rounds;
each is taken with all its M images under the group, so only the base rounds are searched.
No pair of players meets twice exactly when the pairs of the base rounds lie in different
orbits of the group on pairs, and none of them is a pair that some h other than 0 maps to
itself (that pair would meet again in an image of its own round).

The number of tables of five of a player is the number of base rounds in which some image of
him sits at a table of five, summed over the images: with M = 2 and no fixed player (34
players) or one (35) the totals can be exactly as fair as the draw wants (``--lo``/``--hi``
bound them per player).

It prints the whole schedule as tabu2 does (one round per line, tables separated by spaces,
players separated by commas): base round 1, its images, base round 2, ... (order it with
order_rounds.py), and reports on standard error.
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("players", type=int)
    parser.add_argument("rounds", type=int)
    parser.add_argument("order", type=int, help="M, the order of the group")
    parser.add_argument("--lo", type=int, default=0, help="fewest tables of five per player")
    parser.add_argument("--hi", type=int, default=99, help="most tables of five per player")
    parser.add_argument(
        "--lo-moving", type=int, default=0, help="fewest tables of five per player not fixed"
    )
    parser.add_argument("--budget", type=int, default=0, help="conflicts (0: none)")
    parser.add_argument("--seed", type=int, default=0, help="shuffles the clauses")
    args = parser.parse_args()
    n, rounds, order = args.players, args.rounds, args.order
    assert rounds % order == 0
    bases = rounds // order
    regular = n // order * order
    tables = n // 4
    sizes = [4] * (tables - n % 4) + [5] * (n % 4)

    def act(h: int, p: int) -> int:
        if p >= regular:
            return p
        return p - p % order + (p % order + h) % order

    # orbits of the group on pairs
    orbit_of: dict[tuple[int, int], int] = {}
    stabilised: set[tuple[int, int]] = set()
    orbits: list[list[tuple[int, int]]] = []
    for p, q in itertools.combinations(range(n), 2):
        if (p, q) in orbit_of:
            continue
        images = []
        for h in range(order):
            a, b = sorted((act(h, p), act(h, q)))
            images.append((a, b))
        if len(set(images)) < order:
            stabilised.update(images)
        for pair in set(images):
            orbit_of[pair] = len(orbits)
        orbits.append(sorted(set(images)))

    pool = IDPool()
    clauses: list[list[int]] = []

    def x(p: int, r: int, t: int) -> int:
        return pool.id(("x", p, r, t))

    def together(p: int, q: int, r: int) -> int:
        return pool.id(("m", p, q, r))

    for r in range(bases):
        for p in range(n):
            lits = [x(p, r, t) for t in range(tables)]
            clauses.append(lits)
            clauses.extend([-a, -b] for a, b in itertools.combinations(lits, 2))
        for t in range(tables):
            enc = CardEnc.equals(
                [x(p, r, t) for p in range(n)], sizes[t], vpool=pool, encoding=EncType.seqcounter
            )
            clauses.extend(enc.clauses)
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
        for p, q in itertools.combinations(range(n), 2):
            for t in range(tables):
                if (p, q) in stabilised:
                    clauses.append([-x(p, r, t), -x(q, r, t)])
                else:
                    clauses.append([-x(p, r, t), -x(q, r, t), together(p, q, r)])
    for members in orbits:
        if members[0] in stabilised:
            continue
        lits = [together(p, q, r) for p, q in members for r in range(bases)]
        enc = CardEnc.atmost(lits, 1, vpool=pool, encoding=EncType.seqcounter)
        clauses.extend(enc.clauses)
    # tables of five: player p gets one in round (h, r) when act(-h, p) sits at one in base r
    five_tables = [t for t in range(tables) if sizes[t] == 5]
    for p in range(n):
        lits = [
            x(act(-h % order, p), r, t)
            for r in range(bases)
            for h in range(order)
            for t in five_tables
        ]
        if args.hi < len(lits):
            clauses.extend(
                CardEnc.atmost(lits, args.hi, vpool=pool, encoding=EncType.totalizer).clauses
            )
        lo = max(args.lo, args.lo_moving if p < regular else 0)
        if lo:
            clauses.extend(
                CardEnc.atleast(lits, lo, vpool=pool, encoding=EncType.totalizer).clauses
            )
    if args.seed:
        random.Random(args.seed).shuffle(clauses)
    print(f"{pool.top} variables, {len(clauses)} clauses", file=sys.stderr, flush=True)
    began = time.time()
    with Solver(name="cadical195", bootstrap_with=clauses) as solver:
        if args.budget:
            solver.conf_budget(args.budget)
            result = solver.solve_limited()
        else:
            result = solver.solve()
        print(f"result {result} after {time.time() - began:.0f} s", file=sys.stderr)
        if not result:
            return 1
        model = set(lit for lit in solver.get_model() if lit > 0)
    schedule = []
    for r in range(bases):
        base = [[p for p in range(n) if x(p, r, t) in model] for t in range(tables)]
        for h in range(order):
            schedule.append([[act(h, p) for p in g] for g in base])
    met: set[frozenset[int]] = set()
    fives = [0] * n
    for groups in schedule:
        print(" ".join(",".join(map(str, g)) for g in groups))
        for g in groups:
            if len(g) == 5:
                for p in g:
                    fives[p] += 1
            for pair in itertools.combinations(g, 2):
                assert frozenset(pair) not in met, pair
                met.add(frozenset(pair))
    print(f"tables of five per player: {sorted(fives)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
