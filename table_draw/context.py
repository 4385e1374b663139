"""The request in the search's terms: the present players as indices 0..n-1 in sorted id
order, with their past (meetings, tables of five, positions), their clubs and fixed tables."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from table_draw.request import DrawRequest, table_sizes

__all__ = ["Context", "context_of", "pin"]


@dataclass
class Context:
    """The present players as indices 0..n-1 in sorted id order, with their past."""

    ids: list[str]
    sizes: tuple[int, ...]  # the table sizes of this round, fours first
    met: list[list[int]]  # met[a][b]: rounds of the history a and b shared a table
    # tables of five each player had in the history (of three, where this round has threes:
    # the search spreads the tables that are not of four, ``odd_size`` those of the history)
    fives: list[int]
    dealer: list[int]  # times each player had position 1 (first dealer)
    keeper: list[int]  # times each player had the last position (keeps the list)
    pinned: dict[int, int]  # player with a fixed table -> group index in the search
    fixed: dict[int, int]  # player with a fixed table -> table number (1-based)
    clubs: list[int] | None
    history: list[list[list[int]]]  # past rounds over present players (others left out)
    same_players: bool  # every past round seated exactly the present players
    settled: int  # past rounds before the last run of rounds that seated exactly these players
    five_seats: list[list[int]]  # per past round: the present players at an odd table (fives)


def context_of(request: DrawRequest) -> Context:
    """The context of a checked request: history counted over the present players only."""
    ids = sorted(player.id for player in request.players)
    index = {player_id: i for i, player_id in enumerate(ids)}
    n = len(ids)
    sizes = table_sizes(n, request.table_sizes)
    odd_size = 3 if 3 in sizes else 5
    met = [[0] * n for _ in range(n)]
    fives = [0] * n
    dealer = [0] * n
    keeper = [0] * n
    history: list[list[list[int]]] = []
    five_seats: list[list[int]] = []
    same_players = True
    settled = 0
    for number, past_round in enumerate(request.history, start=1):
        groups: list[list[int]] = []
        at_five: list[int] = []
        seated = 0
        complete = True
        for table in past_round:
            group = [index[player_id] for player_id in table if player_id in index]
            seated += len(table)
            if len(group) != len(table) or len(table) not in request.table_sizes:
                complete = False
            if not group:
                continue
            if table[0] in index:
                dealer[index[table[0]]] += 1
            if table[-1] in index:
                keeper[index[table[-1]]] += 1
            for i, a in enumerate(group):
                if len(table) == odd_size:
                    fives[a] += 1
                    at_five.append(a)
                for b in group[i + 1 :]:
                    met[a][b] += 1
                    met[b][a] += 1
            groups.append(group)
        if seated != n:
            complete = False
        if not complete:
            same_players = False
            settled = number
        history.append(groups)
        five_seats.append(at_five)
    clubs: list[int] | None = None
    if request.separate_clubs:
        club_of = {player.id: player.club for player in request.players}
        names = sorted({club for club in club_of.values() if club is not None})
        club_index = {name: i for i, name in enumerate(names)}
        clubs = [
            club_index[c] if (c := club_of[player_id]) is not None else -1 for player_id in ids
        ]
    pinned = pin(request.fixed, index, sizes)
    fixed = {index[player_id]: table for player_id, table in request.fixed}
    return Context(
        ids,
        sizes,
        met,
        fives,
        dealer,
        keeper,
        pinned,
        fixed,
        clubs,
        history,
        same_players,
        settled,
        five_seats,
    )


def pin(
    fixed: Sequence[tuple[str, int]], index: dict[str, int], sizes: Sequence[int]
) -> dict[int, int]:
    """Group indices for the fixed tables: fives for five fixed players, fours where possible,
    then the other tables (a table of three only for at most three fixed players)."""
    per_table: dict[int, list[int]] = {}
    for player_id, table in fixed:
        per_table.setdefault(table, []).append(index[player_id])
    fours = [g for g, size in enumerate(sizes) if size == 4]
    fives = [g for g, size in enumerate(sizes) if size != 4]  # fives first, then threes
    pinned: dict[int, int] = {}
    ordered = sorted(per_table.items(), key=lambda item: (-len(item[1]), item[0]))
    for _table, members in ordered:
        group = fives.pop(0) if len(members) == 5 or not fours else fours.pop(0)
        for p in members:
            pinned[p] = group
    return pinned
