"""The planned rounds of a draw as the search sees them: players 0..n-1 (in sorted id order),
who sits at which table in each round, how often each pair has met (history included), and
the greedy start of a round."""

from __future__ import annotations

import random
from collections.abc import Sequence

__all__ = ["Schedule", "known_masks"]


def known_masks(met: list[list[int]]) -> list[int]:
    """Bit masks of the players each player has met."""
    masks = []
    for row in met:
        mask = 0
        for b, c in enumerate(row):
            if c:
                mask |= 1 << b
        masks.append(mask)
    return masks


class Schedule:
    """Planned rounds over players 0..n-1 (sorted ids) with counts for the local search.

    ``rounds[w]`` are the tables (groups of players) of planned round w and ``where[w][p]``
    the table of player p in it; ``hist`` counts the meetings of the history and ``count``
    those of the history and the planned rounds together; ``known`` has a bit mask per player
    of everybody met. ``hist_fives``: tables of five each player had in the history;
    ``pinned``: players with a fixed table -> their group; ``clubs``: a club index per player
    (-1 none) if clubs are kept apart.
    """

    def __init__(
        self,
        sizes: Sequence[int],
        met: list[list[int]],
        fives: list[int],
        pinned: dict[int, int],
        clubs: list[int] | None,
        rng: random.Random,
    ) -> None:
        self.n = len(met)
        self.sizes = list(sizes)
        # Tables of five, or of three (a round has one kind or the other): the odd tables
        # whose seats the search spreads ("fives" in the names below).
        self.five = [size != 4 for size in sizes]
        self.hist = met
        self.count = [row[:] for row in met]
        self.hist_fives = fives
        self.pinned = pinned
        self.clubs = clubs
        self.rng = rng
        self.rounds: list[list[list[int]]] = []
        self.where: list[list[int]] = []
        self.known = known_masks(met)

    # -- building ------------------------------------------------------------------------

    def add_round(self, groups: list[list[int]]) -> None:
        """Append a round and count its meetings."""
        where = [0] * self.n
        count, known = self.count, self.known
        for g, group in enumerate(groups):
            mask = 0
            for a in group:
                mask |= 1 << a
            for i, a in enumerate(group):
                where[a] = g
                known[a] |= mask & ~(1 << a)
                row = count[a]
                for b in group[i + 1 :]:
                    row[b] += 1
                    count[b][a] += 1
        self.rounds.append(groups)
        self.where.append(where)

    def five_counts(self, upto: int) -> list[int]:
        """Tables of five per player before planned round ``upto`` (history included)."""
        counts = self.hist_fives[:]
        five = self.five
        for where in self.where[:upto]:
            for p in range(self.n):
                if five[where[p]]:
                    counts[p] += 1
        return counts

    def greedy_round(self) -> list[list[int]]:
        """A round built greedily from the meetings so far: the seats at tables of five go to
        the players with the fewest tables of five so far (ties by lot), then the players, the
        most constrained first, each take the table where they know the fewest players."""
        n, rng, sizes, known = self.n, self.rng, self.sizes, self.known
        groups: list[list[int]] = [[] for _ in sizes]
        masks = [0] * len(sizes)
        for p, g in self.pinned.items():
            groups[g].append(p)
            masks[g] |= 1 << p
        free = [p for p in range(n) if p not in self.pinned]
        fives = self.five_counts(len(self.rounds))
        lots = {p: rng.random() for p in free}
        free.sort(key=lambda p: (fives[p], lots[p]))
        five_seats = sum(size - len(groups[g]) for g, size in enumerate(sizes) if size != 4)
        degree = [mask.bit_count() for mask in known]
        clubs = self.clubs
        for chosen, want_five in ((free[:five_seats], True), (free[five_seats:], False)):
            chosen.sort(key=lambda p: (-degree[p], lots[p]))
            targets = [g for g, size in enumerate(sizes) if (size != 4) == want_five]
            for p in chosen:
                mask = known[p]
                club = clubs[p] if clubs is not None else -1
                start = int(rng.random() * len(targets))
                best_key = (n + 1, n + 1)
                best_group = -1
                for i in range(len(targets)):
                    g = targets[(start + i) % len(targets)]
                    group = groups[g]
                    if len(group) >= sizes[g]:
                        continue
                    clash = (mask & masks[g]).bit_count()
                    mates = 0
                    if club >= 0 and clubs is not None:
                        mates = sum(1 for x in group if clubs[x] == club)
                    if (clash, mates) < best_key:
                        best_key, best_group = (clash, mates), g
                        if clash == 0 and mates == 0:
                            break
                groups[best_group].append(p)
                masks[best_group] |= 1 << p
                if len(groups[best_group]) == sizes[best_group]:
                    targets.remove(best_group)
        return groups

    # -- costs ---------------------------------------------------------------------------

    def repeats(self) -> int:
        """Repeated meetings in the planned rounds (against history and each other)."""
        total = 0
        hist, count = self.hist, self.count
        for a in range(self.n):
            row, hrow = count[a], hist[a]
            for b in range(a + 1, self.n):
                c = row[b]
                if c > hrow[b] and c >= 2:
                    total += c - max(1, hrow[b])
        return total

    def club_pairs(self) -> int:
        """Pairs of club mates at one table, over the planned rounds."""
        clubs = self.clubs
        if clubs is None:
            return 0
        total = 0
        for groups in self.rounds:
            for group in groups:
                for i, a in enumerate(group):
                    if clubs[a] >= 0:
                        total += sum(1 for b in group[i + 1 :] if clubs[b] == clubs[a])
        return total

    def reset(self, rounds: list[list[list[int]]]) -> None:
        """Replace the planned rounds (recounting the meetings)."""
        self.count = [row[:] for row in self.hist]
        self.known = known_masks(self.hist)
        self.rounds = []
        self.where = []
        for groups in rounds:
            self.add_round(groups)
