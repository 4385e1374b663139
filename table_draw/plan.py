"""Method "random": the round taken from the tournament's plan, or planned anew from the real
history (``random_round``); a plan starts from a design or greedy rounds and is improved by
the search (``plan_rounds``); a design's points are given to the players by lot (``relabel``)."""

from __future__ import annotations

import functools
import random

from table_draw.context import Context
from table_draw.designs import design
from table_draw.randomness import step_random
from table_draw.request import DrawRequest
from table_draw.schedule import Schedule
from table_draw.search import POLISH_STEPS_PER_PLAYER, TABU_BUDGET, TabuSearch, fives_cap, search

__all__ = [
    "MAX_PLAN_ROUNDS",
    "club_labels",
    "past_counts",
    "plan_rounds",
    "planned",
    "random_round",
    "relabel",
]

# At most this many rounds are planned at once.
MAX_PLAN_ROUNDS = 12


def random_round(request: DrawRequest, context: Context) -> list[list[int]]:
    """The groups of this round for method "random".

    With ``rounds_planned``: the tournament's plan is made from the request's planning seed
    (``plan_seed``, else ``seed``); while the history is exactly the plan so far (same players,
    same tables), the round is the plan's next one. After the players changed, the rest of the
    tournament is planned once from the history up to the change (the replan, also from the
    planning seed, so that the rounds after the change follow it) and followed
    while the rounds since the change are exactly its rounds; otherwise the rounds still to
    come are planned anew from the whole history and the first of them is drawn. Without
    ``rounds_planned``: the next round alone, from the history.
    """
    n = len(context.ids)
    done = len(request.history)
    planned_rounds = request.rounds_planned
    seed = request.seed
    if planned_rounds is not None and done < planned_rounds:
        horizon = min(planned_rounds, MAX_PLAN_ROUNDS)
        # The tabu search of the replan: the whole budget for the first plan of this draw,
        # a quarter of it when the draw already made a plan that the history did not follow.
        budget = TABU_BUDGET
        if context.same_players and done < horizon:
            whole = planned(context, horizon, 0, (request.planning_seed, "plan", n, horizon))
            if _follows(whole, context.history, 0):
                return whole[done]
            budget = TABU_BUDGET // 4
        settled = context.settled
        if 0 < settled < done:
            ahead = min(planned_rounds - settled, MAX_PLAN_ROUNDS)
            if done - settled < ahead:
                steps = (request.planning_seed, "replan", settled, ahead)
                replan = planned(context, ahead, settled, steps, budget)
                if _follows(replan, context.history, settled):
                    return replan[done - settled]
                budget = TABU_BUDGET // 4
        # Planned anew from the whole history, from the planning seed: at the first round after
        # a change of players this is the replan that the rounds after it follow.
        ahead = min(planned_rounds - done, MAX_PLAN_ROUNDS)
        steps = (request.planning_seed, "replan", done, ahead)
        return planned(context, ahead, done, steps, budget)[0]
    return plan_rounds(context, 1, done, step_random(seed, "round", done))[0]


def planned(
    context: Context,
    rounds: int,
    past: int,
    steps: tuple[object, ...],
    tabu_budget: int = 0,
) -> list[list[list[int]]]:
    """``plan_rounds`` with the generator ``step_random(*steps)`` (the seed first), remembered:
    a tournament's plan (and a replan after its players changed) is made again for every round
    drawn from it, from the same players, history and seed, and it is a function of them alone,
    so a process that drew one round of a tournament draws the next from the plan it made."""
    plan = _remembered_plan(_PlanKey(context, past), rounds, past, steps, tabu_budget)
    return [[list(group) for group in groups] for groups in plan]


class _PlanKey:
    """A context as far as ``plan_rounds`` reads it, after ``past`` rounds: equal keys give
    equal plans."""

    __slots__ = ("context", "key")

    def __init__(self, context: Context, past: int) -> None:
        met, fives = past_counts(context, past)
        self.context = context
        self.key = (
            context.sizes,
            tuple(map(tuple, met)),
            tuple(fives),
            tuple(sorted(context.pinned.items())),
            tuple(sorted(context.fixed.items())),
            None if context.clubs is None else tuple(context.clubs),
        )

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _PlanKey) and self.key == other.key


#: Plans remembered: a few tournaments' plans and replans (a plan of 12 rounds of 400 players
#: is about 5,000 small tuples).
PLANS_REMEMBERED = 32


@functools.lru_cache(maxsize=PLANS_REMEMBERED)
def _remembered_plan(
    key: _PlanKey, rounds: int, past: int, steps: tuple[object, ...], tabu_budget: int
) -> tuple[tuple[tuple[int, ...], ...], ...]:
    seed, *parts = steps
    assert isinstance(seed, int)
    plan = plan_rounds(key.context, rounds, past, step_random(seed, *parts), tabu_budget)
    return tuple(tuple(tuple(group) for group in groups) for groups in plan)


def _follows(plan: list[list[list[int]]], history: list[list[list[int]]], start: int) -> bool:
    """Whether the past rounds from ``start`` on are exactly the plan's first rounds."""
    return all(
        _as_sets(plan[k - start]) == _as_sets(history[k]) for k in range(start, len(history))
    )


def _as_sets(groups: list[list[int]]) -> frozenset[frozenset[int]]:
    return frozenset(frozenset(group) for group in groups)


def past_counts(context: Context, past: int) -> tuple[list[list[int]], list[int]]:
    """How often each pair met, and the tables of five of each player, in the first ``past``
    rounds of the history (over the present players)."""
    if past == len(context.history):
        return context.met, context.fives
    n = len(context.ids)
    met = [[0] * n for _ in range(n)]
    fives = [0] * n
    for groups, at_five in zip(context.history[:past], context.five_seats[:past], strict=True):
        for group in groups:
            for i, a in enumerate(group):
                row = met[a]
                for b in group[i + 1 :]:
                    row[b] += 1
                    met[b][a] += 1
        for a in at_five:
            fives[a] += 1
    return met, fives


def plan_rounds(
    context: Context, rounds: int, past: int, rng: random.Random, tabu_budget: int = 0
) -> list[list[list[int]]]:
    """Plan ``rounds`` rounds after the first ``past`` rounds of the history.

    Without a history a plan of at least two rounds starts from the design for this many
    players, if there is one (its rounds beyond the design are built greedily and improved);
    otherwise every round is built greedily and the search improves them all: a replan first
    with the tabu search (``tabu_budget`` swaps looked at, if given), then the annealing.
    """
    n = len(context.ids)
    met, fives = past_counts(context, past)
    schedule = Schedule(context.sizes, met, fives, context.pinned, context.clubs, rng)
    start = None if past else design(n, context.sizes)
    if start is not None and rounds >= 2:
        relabelled = relabel(start[:rounds], context, rng)
        if relabelled is not None:
            for groups in relabelled:
                schedule.add_round(groups)
            met = schedule.count
            fives = schedule.five_counts(len(schedule.rounds))
            if len(schedule.rounds) >= rounds:
                return schedule.rounds
            extension = Schedule(context.sizes, met, fives, context.pinned, context.clubs, rng)
            done = schedule.rounds
            for _ in range(rounds - len(done)):
                extension.add_round(extension.greedy_round())
            search(extension, POLISH_STEPS_PER_PLAYER * n)
            return done + extension.rounds
    for _ in range(rounds):
        schedule.add_round(schedule.greedy_round())
    if tabu_budget:
        TabuSearch(schedule).run(tabu_budget)
    cap = fives_cap(schedule.five_counts(rounds))
    search(schedule, POLISH_STEPS_PER_PLAYER * n, cap)
    return schedule.rounds


def relabel(
    design: list[list[list[int]]], context: Context, rng: random.Random
) -> list[list[list[int]]] | None:
    """The design with its points given to the players by lot (fixed tables respected).

    None if the fixed tables cannot be kept in the design: two players fixed at one table
    (they would have to meet every round), or no points for the fixed players that never
    share a table.
    """
    n = len(context.ids)
    label = list(range(n))
    rng.shuffle(label)  # label[point] = player
    fixed = context.fixed
    if fixed:
        if len(set(fixed.values())) != len(fixed):
            return None
        together = [[False] * n for _ in range(n)]
        for groups in design:
            for group in groups:
                for a in group:
                    for b in group:
                        together[a][b] = True
        chosen: list[int] = []
        for point in label:
            if all(not together[point][other] for other in chosen):
                chosen.append(point)
                if len(chosen) == len(fixed):
                    break
        if len(chosen) < len(fixed):
            return None
        point_player = dict(zip(chosen, sorted(fixed), strict=True))
        rest = iter(p for p in label if p not in fixed)
        label = [point_player[pt] if pt in point_player else next(rest) for pt in range(n)]
    if context.clubs is not None:
        label = club_labels(design, label, context.clubs, set(fixed), rng)
    return [[[label[pt] for pt in group] for group in groups] for groups in design]


def club_labels(
    design: list[list[list[int]]],
    label: list[int],
    clubs: list[int],
    pinned: set[int],
    rng: random.Random,
) -> list[int]:
    """Swap the players of two points while it lowers the club mates meeting at a table."""
    n = len(label)
    partners: list[list[int]] = [[] for _ in range(n)]
    for groups in design:
        for group in groups:
            for a in group:
                partners[a].extend(b for b in group if b != a)

    def clash(point: int, player: int, skip: int) -> int:
        club = clubs[player]
        if club < 0:
            return 0
        return sum(1 for other in partners[point] if other != skip and clubs[label[other]] == club)

    points = [pt for pt in range(n) if label[pt] not in pinned]
    for _ in range(60 * n):
        a = points[rng.randrange(len(points))]
        b = points[rng.randrange(len(points))]
        pa, pb = label[a], label[b]
        if a == b or clubs[pa] == clubs[pb]:
            continue
        before = clash(a, pa, b) + clash(b, pb, a)
        after = clash(a, pb, b) + clash(b, pa, a)
        if after < before:
            label[a], label[b] = pb, pa
    return label
