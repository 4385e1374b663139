"""Method "standings": the tables filled in the order of the standings, best first (fixed
tables kept)."""

from __future__ import annotations

from table_draw.context import Context
from table_draw.request import DrawRequest

__all__ = ["standings_round"]


def standings_round(request: DrawRequest, context: Context) -> list[list[int]]:
    """Table 1 gets the best players, and so on; the tables of five are the last ones. Players
    with a fixed table sit there, the others fill the remaining seats in standings order."""
    index = {player_id: i for i, player_id in enumerate(context.ids)}
    assert request.standings is not None
    order = [index[player_id] for player_id in request.standings if player_id in index]
    fixed = {index[player_id]: table for player_id, table in request.fixed}
    tables: list[list[int]] = [[] for _ in context.sizes]
    for p, table in fixed.items():
        tables[table - 1].append(p)
    rest = iter(p for p in order if p not in fixed)
    for t, size in enumerate(context.sizes):
        while len(tables[t]) < size:
            tables[t].append(next(rest))
    return tables
