"""The local search that improves planned rounds: simulated annealing over swaps of two players
of different tables in one round, with a fixed number of steps (``search``, ``Annealer``).

The cost is ``REPEAT_WEIGHT`` for every repeated meeting in the planned rounds and, if clubs
are kept apart, 1 for every pair of club mates at a table; in the soft search also
``FAIR_WEIGHT`` for every table of five beyond the fairest choice. How the search moves is told
in ``docs/draw.md`` (Improvement).
"""

from __future__ import annotations

import math

from table_draw.schedule import Schedule

__all__ = [
    "FAIR_WEIGHT",
    "FIVES_ABOVE_FAIR",
    "KICK_SWAPS",
    "POLISH_STEPS_PER_PLAYER",
    "REPEAT_WEIGHT",
    "SEARCH_STEPS",
    "STALL_STEPS",
    "TABU_BUDGET",
    "TABU_PAIRS",
    "TABU_STALL",
    "Annealer",
    "TabuSearch",
    "fives_cap",
    "search",
]

# Costs in the search: a repeated meeting, a table of five more than the fairest choice gives
# (in the last planned round; earlier rounds keep the fair spread exactly) and a pair of club
# mates at one table.
REPEAT_WEIGHT = 16
FAIR_WEIGHT = 3
# Steps of the local search (it stops early once no meeting is repeated), and the further
# steps per player spent on keeping clubs apart or on the spread of the tables of five.
SEARCH_STEPS = 80_000
POLISH_STEPS_PER_PLAYER = 40
# Steps without a new best schedule after which the search makes a few random swaps.
STALL_STEPS = 3_000
KICK_SWAPS = 3
# Iterations of the tabu search without a new best schedule after which it makes a few
# random swaps.
TABU_STALL = 200
# The pairs that meet too often whose swaps one step of the tabu search looks at (drawn by
# lot; all of them if there are no more).
TABU_PAIRS = 6
# Swaps the tabu search of a replan looks at (the budget of a replan, in steps, not seconds).
TABU_BUDGET = 1_200_000
# Where the search may give up the exact spread of the tables of five (the tabu search of a
# replan, the soft annealing), no player gets more of them (history included) than the fairest
# spread gives plus this many.
FIVES_ABOVE_FAIR = 1
# The heat of the annealing, as a share of the cost of one repeated meeting.
HEAT = 0.15


def fives_cap(fives: list[int]) -> int:
    """The most tables of five a player may have where the spread is not kept exactly: the
    fairest spread of all these seats (history included) plus ``FIVES_ABOVE_FAIR``."""
    return -(-sum(fives) // len(fives)) + FIVES_ABOVE_FAIR


def search(schedule: Schedule, polish: int, cap: int | None = None) -> None:
    """Improve the schedule's planned rounds in place with ``SEARCH_STEPS`` steps (and up to
    ``polish`` more for clubs and the spread): if the exact spread of the tables of five
    leaves repeated meetings, half the steps go to a search where the spread is a cost, whose
    rounds are kept if they have fewer repeated meetings; there, with ``cap``, no player gets
    more tables of five than ``cap``."""
    if all(size == 4 for size in schedule.sizes) or len(schedule.sizes) < 2:
        Annealer(schedule).run(SEARCH_STEPS, polish)
        return
    Annealer(schedule).run(SEARCH_STEPS // 2, polish)
    exact = schedule.repeats()
    if exact == 0:
        return
    kept = [[group[:] for group in groups] for groups in schedule.rounds]
    Annealer(schedule, soft=True, cap=cap).run(SEARCH_STEPS // 2, polish)
    if schedule.repeats() >= exact:
        schedule.reset(kept)


class Annealer:
    """One run of simulated annealing over all planned rounds of a schedule.

    It works on the schedule's own rounds and counts: a move swaps two players of different
    tables in one round and updates who sits where and how often each pair met. ``bad`` holds
    the pairs that meet more often than the history allows (as ``a * n + b`` with ``a < b``;
    ``bad_at`` their places in it), from which the search draws its next move.

    ``soft``: the spread of the tables of five is a cost instead of a rule (used when the
    exact spread leaves repeated meetings); ``cap``: in the soft search, no swap gives a player
    more tables of five than this (history included).
    """

    def __init__(self, schedule: Schedule, soft: bool = False, cap: int | None = None) -> None:
        self.schedule = schedule
        self.soft = soft
        self.cap = cap
        self.n = schedule.n
        self.rounds = schedule.rounds
        self.where = schedule.where
        self.count = schedule.count
        self.hist = schedule.hist
        self.hist_fives = schedule.hist_fives
        self.five = schedule.five
        self.clubs = schedule.clubs
        self.planned = len(schedule.rounds)
        self.bad: list[int] = []
        self.bad_at: dict[int, int] = {}

    # -- the pairs that meet too often -----------------------------------------------------

    def mark(self, a: int, b: int) -> None:
        """Note that ``a`` and ``b`` meet more often than their history allows."""
        n = self.n
        key = a * n + b if a < b else b * n + a
        bad_at = self.bad_at
        if key not in bad_at:
            bad = self.bad
            bad_at[key] = len(bad)
            bad.append(key)

    def unmark(self, a: int, b: int) -> None:
        """Forget that ``a`` and ``b`` meet too often (if noted)."""
        n = self.n
        key = a * n + b if a < b else b * n + a
        bad_at = self.bad_at
        index = bad_at.pop(key, -1)
        if index >= 0:
            bad = self.bad
            last = bad.pop()
            if index < len(bad):
                bad[index] = last
                bad_at[last] = index

    def mark_all(self) -> None:
        """Note every pair that meets more often than its history allows."""
        n, count, hist, mark = self.n, self.count, self.hist, self.mark
        for a in range(n):
            row, hrow = count[a], hist[a]
            for b in range(a + 1, n):
                if row[b] >= 2 and row[b] > hrow[b]:
                    mark(a, b)

    # -- a move: two players of one round swap tables --------------------------------------

    def repeated_at_table(self, w: int) -> list[int]:
        """For each player, ``REPEAT_WEIGHT`` times the players at their table in round w
        whom they meet more than once: what leaving that table takes off the cost."""
        count = self.count
        stay = [0] * self.n
        for group in self.rounds[w]:
            for q in group:
                cq = count[q]
                for y in group:
                    if y != q and cq[y] >= 2:
                        stay[q] += REPEAT_WEIGHT
        return stay

    def delta(self, w: int, p: int, q: int) -> int:
        """Change of the cost (repeats and club mates) if ``p`` and ``q`` swap in round w."""
        groups, wh = self.rounds[w], self.where[w]
        count = self.count
        cp, cq = count[p], count[q]
        d = 0
        for x in groups[wh[p]]:
            if x != p:
                if cp[x] >= 2:
                    d -= REPEAT_WEIGHT
                if cq[x]:
                    d += REPEAT_WEIGHT
        for y in groups[wh[q]]:
            if y != q:
                if cq[y] >= 2:
                    d -= REPEAT_WEIGHT
                if cp[y]:
                    d += REPEAT_WEIGHT
        clubs = self.clubs
        if clubs is not None:
            kp, kq = clubs[p], clubs[q]
            if kp != kq:
                for x in groups[wh[p]]:
                    if x != p:
                        kx = clubs[x]
                        if kx >= 0:
                            d += (kx == kq) - (kx == kp)
                for y in groups[wh[q]]:
                    if y != q:
                        ky = clubs[y]
                        if ky >= 0:
                            d += (ky == kp) - (ky == kq)
        return d

    def swap(self, w: int, p: int, q: int) -> None:
        """Swap ``p`` and ``q`` in round w, updating the meetings and the pairs met too often
        (``mark`` and ``unmark`` written out: the search spends much of its time here)."""
        groups, wh = self.rounds[w], self.where[w]
        count, hist, n, bad, bad_at = self.count, self.hist, self.n, self.bad, self.bad_at
        g, h = wh[p], wh[q]
        first, second = groups[g], groups[h]
        for a, b, table in ((p, q, first), (q, p, second)):
            # a leaves the table, b takes a's seat.
            ca, cb = count[a], count[b]
            ha, hb = hist[a], hist[b]
            for x in table:
                if x != a:
                    cx = count[x]
                    c = ca[x]
                    if c >= 2 and c > ha[x] and (c == 2 or c - 1 == ha[x]):
                        # unmark(a, x)
                        index = bad_at.pop(a * n + x if a < x else x * n + a, -1)
                        if index >= 0:
                            last = bad.pop()
                            if index < len(bad):
                                bad[index] = last
                                bad_at[last] = index
                    ca[x] = cx[a] = c - 1
                    c = cb[x] + 1
                    cb[x] = cx[b] = c
                    if c >= 2 and c > hb[x] and (c == 2 or c - 1 == hb[x]):
                        # mark(b, x)
                        key = b * n + x if b < x else x * n + b
                        if key not in bad_at:
                            bad_at[key] = len(bad)
                            bad.append(key)
        first[first.index(p)] = q
        second[second.index(q)] = p
        wh[p], wh[q] = h, g

    # -- the spread of the tables of five --------------------------------------------------

    def fives_before(self, w: int, p: int) -> int:
        """Tables of five ``p`` had before planned round w (history included)."""
        five, where = self.five, self.where
        total = self.hist_fives[p]
        for v in range(w):
            if five[where[v][p]]:
                total += 1
        return total

    def over_cap(self, small: int) -> bool:
        """Whether one more table of five would give ``small`` more than the cap."""
        cap = self.cap
        if cap is None:
            return False
        five, where = self.five, self.where
        total = self.hist_fives[small]
        for v in range(self.planned):
            if five[where[v][small]]:
                total += 1
        return total >= cap

    def unfairness(self, w: int, big: int, small: int) -> int:
        """Change of the tables of five had before, summed over all seats at tables of five
        of the planned rounds, when ``big`` leaves one to ``small`` in round w."""
        five, where = self.five, self.where
        shift = self.fives_before(w, small) - self.fives_before(w, big)
        for v in range(w + 1, self.planned):
            wv = where[v]
            shift += five[wv[small]] - five[wv[big]]
        return shift

    def partner_round(self, w: int, p: int, q: int) -> int:
        """For p at a five and q at a four in round w: the round where they swap back.

        -1 if none is needed, -2 if the move would spoil the spread.
        """
        five, where = self.five, self.where
        for v in range(w + 1, self.planned):
            fp, fq = five[where[v][p]], five[where[v][q]]
            if fq and not fp:
                return v
            if fp and not fq:
                return -2
        return -1

    @staticmethod
    def chance(d: int, heat_now: float, heat: float, chances: list[float]) -> float:
        """The chance to accept a move that raises the cost by ``d`` at this heat."""
        if heat_now == heat and d < len(chances):
            return chances[d]
        return math.exp(-d / heat_now)

    # -- the run -----------------------------------------------------------------------------

    def run(self, steps: int, polish_steps: int) -> None:
        """Anneal for ``steps`` steps, or until no meeting is repeated and then at most
        ``polish_steps`` more (for clubs and the spread); the schedule ends with the best
        rounds seen."""
        schedule = self.schedule
        planned = self.planned
        if planned == 0 or len(schedule.sizes) < 2:
            return
        self.mark_all()
        n, rounds, where, five = self.n, self.rounds, self.where, self.five
        pinned, clubs, soft, bad = schedule.pinned, self.clubs, self.soft, self.bad
        delta, swap, chance = self.delta, self.swap, self.chance
        fives_before, unfairness, partner_round, over_cap = (
            self.fives_before,
            self.unfairness,
            self.partner_round,
            self.over_cap,
        )
        cost = REPEAT_WEIGHT * schedule.repeats() + schedule.club_pairs()
        best_cost = cost
        best_rounds = [[group[:] for group in groups] for groups in rounds]
        movable = [p for p in range(n) if p not in pinned]
        if len(movable) < 2:
            return
        lot = schedule.rng.random
        moving = len(movable)
        heat = HEAT * REPEAT_WEIGHT
        chances = [math.exp(-d / heat) for d in range(8 * REPEAT_WEIGHT + 1)]
        limit = steps + polish_steps
        polish_start = -1
        unfair = 0  # seats at tables of five in the last round beyond the fairest choice
        last_gain = 0
        heat_now = heat
        step = 0
        while step < limit:
            step += 1
            if polish_start >= 0:
                heat_now = heat * max(0.05, (limit - step) / max(1, polish_steps))
            if step - last_gain > STALL_STEPS:
                # Stuck in a dead end: a few random swaps, then search on.
                last_gain = step
                for _ in range(KICK_SWAPS):
                    w = int(lot() * planned)
                    p = movable[int(lot() * moving)]
                    q = movable[int(lot() * moving)]
                    wh = where[w]
                    if wh[p] == wh[q]:
                        continue
                    if five[wh[p]] == five[wh[q]]:
                        cost += delta(w, p, q)
                        swap(w, p, q)
                    elif soft:
                        big, small = (p, q) if five[wh[p]] else (q, p)
                        if over_cap(small):
                            continue
                        shift = unfairness(w, big, small)
                        cost += delta(w, p, q) + FAIR_WEIGHT * shift
                        unfair += shift
                        swap(w, p, q)
            if not bad:
                if clubs is None and unfair <= 0:
                    break
                if polish_start < 0:
                    polish_start = step
                    limit = min(limit, step + polish_steps)
                w = int(lot() * planned)
                p = movable[int(lot() * moving)]
            else:
                a, b = divmod(bad[int(lot() * len(bad))], n)
                meets = [v for v in range(planned) if where[v][a] == where[v][b]]
                w = meets[int(lot() * len(meets))]
                p = a if lot() < 0.5 else b
                if p in pinned:
                    p = b if p == a else a
                    if p in pinned:
                        continue
            q = movable[int(lot() * moving)]
            wh = where[w]
            if wh[p] == wh[q]:
                continue
            if five[wh[p]] == five[wh[q]]:
                d = delta(w, p, q)
                if d <= 0 or lot() < chance(d, heat_now, heat, chances):
                    swap(w, p, q)
                    cost += d
                else:
                    continue
            else:
                big, small = (p, q) if five[wh[p]] else (q, p)
                if soft and over_cap(small):
                    continue
                shift = unfairness(w, big, small)
                if soft:
                    # The spread of the tables of five is a cost, not a rule.
                    d = delta(w, p, q) + FAIR_WEIGHT * shift
                    if d <= 0 or lot() < chance(d, heat_now, heat, chances):
                        swap(w, p, q)
                        cost += d
                        unfair += shift
                    else:
                        continue
                else:
                    if fives_before(w, small) != fives_before(w, big):
                        continue
                    u = partner_round(w, big, small)
                    if u == -2:
                        continue
                    d = delta(w, p, q)
                    swap(w, p, q)
                    if u >= 0:
                        d += delta(u, p, q)
                    if d <= 0 or lot() < chance(d, heat_now, heat, chances):
                        if u >= 0:
                            swap(u, p, q)
                        cost += d
                    else:
                        swap(w, p, q)
                        continue
            if cost < best_cost:
                best_cost = cost
                last_gain = step
                best_rounds = [[group[:] for group in groups] for groups in rounds]
        if cost > best_cost:
            schedule.reset(best_rounds)


class TabuSearch:
    """A tabu search over the planned rounds of a schedule, for replanning.

    Each iteration takes ``TABU_PAIRS`` of the pairs that meet too often (drawn by lot), looks
    at every swap of one of them, in a round where they meet, with a player of another table
    in that round, and makes the best one that is not tabu (a tabu swap only if it gives a new
    best schedule); the swapped pair stays tabu in that round for a few iterations drawn by
    lot. Its cost is the annealing's
    (``REPEAT_WEIGHT`` per repeated meeting, 1 per pair of club mates at a table) plus the sum
    of the squares of every player's tables of five (history included), so a seat at a table
    of five goes to a player who had fewer, after repeated meetings. The budget counts the
    swaps looked at, so the result never depends on the computer's speed; after
    ``TABU_STALL`` iterations without a new best a few random swaps are made. The schedule
    ends with the best rounds seen.
    """

    def __init__(self, schedule: Schedule) -> None:
        self.schedule = schedule
        self.moves = Annealer(schedule)
        self.looked = 0  # swaps looked at in the last run

    def run(self, budget: int) -> None:
        """Search until no meeting is repeated or ``budget`` swaps have been looked at."""
        schedule, moves = self.schedule, self.moves
        planned = len(schedule.rounds)
        if planned == 0 or len(schedule.sizes) < 2:
            return
        moves.mark_all()
        n, rounds, where, five, bad = moves.n, moves.rounds, moves.where, moves.five, moves.bad
        count, clubs = moves.count, moves.clubs
        pinned = schedule.pinned
        movable = [p for p in range(n) if p not in pinned]
        if len(movable) < 2:
            return
        delta, swap = moves.delta, moves.swap
        lot = schedule.rng.random
        fives = schedule.five_counts(planned)
        cap = fives_cap(fives)
        cost = REPEAT_WEIGHT * schedule.repeats() + schedule.club_pairs()
        cost += sum(f * f for f in fives)
        best_cost = cost
        best_rounds = [[group[:] for group in groups] for groups in rounds]
        tabu: dict[tuple[int, int, int], int] = {}
        looked = 0
        iteration = 0
        last_gain = 0
        while bad and looked < budget:
            iteration += 1
            best_d = 1 << 30
            chosen: list[tuple[int, int, int]] = []
            sources: set[tuple[int, int]] = set()
            keys = bad
            if len(bad) > TABU_PAIRS:
                keys = [bad[int(lot() * len(bad))] for _ in range(TABU_PAIRS)]
            for key in keys:
                a, b = divmod(key, n)
                for w in range(planned):
                    if where[w][a] == where[w][b]:
                        sources.add((w, a))
                        sources.add((w, b))
            stays: dict[int, list[int]] = {}
            for w, p in sorted(sources):
                if p in pinned:
                    continue
                wh = where[w]
                g = wh[p]
                size = five[g]
                if clubs is None:
                    # delta(w, p, q) for every q: what depends on p alone is summed here,
                    # what depends on q alone once per round and iteration.
                    groups, cp = rounds[w], count[p]
                    others = [x for x in groups[g] if x != p]
                    leave = 0
                    for x in others:
                        if cp[x] >= 2:
                            leave -= REPEAT_WEIGHT
                    met = [0] * len(groups)
                    for i, group in enumerate(groups):
                        for y in group:
                            if cp[y]:
                                met[i] += REPEAT_WEIGHT
                    if w not in stays:
                        stays[w] = moves.repeated_at_table(w)
                    stay = stays[w]
                for q in movable:
                    h = wh[q]
                    if h == g:
                        continue
                    if clubs is None:
                        cq = count[q]
                        d = leave + met[h] - stay[q]
                        if cp[q]:
                            d -= REPEAT_WEIGHT
                        for x in others:
                            if cq[x]:
                                d += REPEAT_WEIGHT
                    else:
                        d = delta(w, p, q)
                    if five[h] != size:
                        big, small = (p, q) if size else (q, p)
                        if fives[small] >= cap:
                            continue
                        d += 2 * (fives[small] - fives[big] + 1)
                    looked += 1
                    if d > best_d:
                        continue
                    pair = (w, p, q) if p < q else (w, q, p)
                    if tabu.get(pair, 0) > iteration and cost + d >= best_cost:
                        continue
                    if d < best_d:
                        best_d = d
                        chosen = [pair]
                    else:
                        chosen.append(pair)
            if not chosen:
                break
            w, p, q = chosen[int(lot() * len(chosen))]
            if five[where[w][p]] != five[where[w][q]]:
                big, small = (p, q) if five[where[w][p]] else (q, p)
                fives[big] -= 1
                fives[small] += 1
            swap(w, p, q)
            cost += best_d
            tabu[(w, p, q)] = iteration + 3 + int(lot() * 8)
            if cost < best_cost:
                best_cost = cost
                last_gain = iteration
                best_rounds = [[group[:] for group in groups] for groups in rounds]
            elif iteration - last_gain > TABU_STALL:
                last_gain = iteration
                for _ in range(KICK_SWAPS):
                    w = int(lot() * planned)
                    p = movable[int(lot() * len(movable))]
                    q = movable[int(lot() * len(movable))]
                    wh = where[w]
                    if wh[p] != wh[q] and five[wh[p]] == five[wh[q]]:
                        cost += delta(w, p, q)
                        swap(w, p, q)
        self.looked = looked
        if cost > best_cost:
            schedule.reset(best_rounds)
