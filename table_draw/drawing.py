"""One round drawn for a checked request (``draw``): the groups by the request's method, the
table numbers, the positions within each table, and the result with its repeated meetings."""

from __future__ import annotations

from table_draw.context import context_of
from table_draw.plan import random_round
from table_draw.randomness import step_random
from table_draw.request import DrawRequest
from table_draw.result import DrawResult, count_repeats
from table_draw.seating import number_tables, seat
from table_draw.standings import standings_round

__all__ = ["draw"]


def draw(request: DrawRequest) -> DrawResult:
    """Draw one round for a checked request."""
    context = context_of(request)
    seed = request.seed
    done = len(request.history)
    if request.method == "standings":
        numbered = standings_round(request, context)
    else:
        groups = random_round(request, context)
        numbered = number_tables(groups, context.fixed, step_random(seed, "tables", done))
    seat_rng = step_random(seed, "positions", done)
    seated = [seat(group, context.dealer, context.keeper, seat_rng) for group in numbered]
    tables = tuple(tuple(context.ids[p] for p in group) for group in seated)
    return DrawResult(
        tables=tables,
        seed=seed,
        repeats=count_repeats(tables, request.history),
        five_tables=sum(1 for table in tables if len(table) == 5),
    )
