"""Put the rounds of a schedule in the order that spreads the tables of five most evenly.

Reads a schedule as ``tabu2`` prints it (one round per line, tables separated by spaces,
players 0..N-1 separated by commas) and prints its rounds in the order, of all orders, with
the fewest seats at a table of five given to a player who already had more of them than
someone not at one, then the latest first such seat; last it prints the rounds as the
strings of ``STORED_SCHEDULES`` in table_draw/stored_schedules.py.  The order does not change
who meets whom, so a schedule without repeated meetings stays one.

    python order_rounds.py schedule.txt
"""

from __future__ import annotations

import itertools
import sys

ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"


def main(path: str) -> None:
    with open(path, encoding="ascii") as lines:
        rounds = [
            [[int(p) for p in table.split(",")] for table in line.split()]
            for line in lines
            if line.strip()
        ]
    count = sum(len(table) for table in rounds[0])
    at_five = [{p for table in tables if len(table) == 5 for p in table} for tables in rounds]

    def unfairness(order: tuple[int, ...]) -> tuple[int, int]:
        had = [0] * count
        unfair, first = 0, len(order)
        for place, index in enumerate(order):
            fives = at_five[index]
            fewest = min((had[p] for p in range(count) if p not in fives), default=0)
            above = sum(1 for p in fives if had[p] > fewest)
            if above and first == len(order):
                first = place
            unfair += above
            for p in fives:
                had[p] += 1
        return unfair, -first

    best = min(itertools.permutations(range(len(rounds))), key=unfairness)
    for index in best:
        print(" ".join(",".join(map(str, table)) for table in rounds[index]))
    for index in best:
        print(f'"{"".join(ALPHABET[p] for table in rounds[index] for p in table)}",')


if __name__ == "__main__":
    main(sys.argv[1])
