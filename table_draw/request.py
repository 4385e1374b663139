"""The request: players, seed, history, method, plan and options, checked field by field
(``parse_request``), and the table sizes a player count splits into (``table_sizes``)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from table_draw.errors import DrawCode, DrawError

__all__ = [
    "DEFAULT_TABLE_SIZES",
    "METHODS",
    "TABLE_SIZES",
    "DrawRequest",
    "Player",
    "parse_request",
    "table_sizes",
]

METHODS = ("random", "standings")
# The table sizes a request may allow (``"table_sizes"``), and those allowed without the field.
TABLE_SIZES = (3, 4, 5)
DEFAULT_TABLE_SIZES = (4, 5)
# The counts that cannot be split, and what to suggest instead (English, German).
SUGGESTIONS = {
    6: ("5 or 8", "5 oder 8"),
    7: ("8 (or 5)", "8 (oder 5)"),
    11: ("10 or 12", "10 oder 12"),
}


@dataclass(frozen=True)
class Player:
    """A player drawn in this round."""

    id: str
    club: str | None = None


@dataclass(frozen=True)
class DrawRequest:
    """A checked request (see ``parse_request``)."""

    players: tuple[Player, ...]
    seed: int
    history: tuple[tuple[tuple[str, ...], ...], ...] = ()
    method: str = "random"
    rounds_planned: int | None = None
    separate_clubs: bool = False
    fixed: tuple[tuple[str, int], ...] = ()
    standings: tuple[str, ...] | None = None
    plan_seed: int | None = None
    table_sizes: tuple[int, ...] = DEFAULT_TABLE_SIZES

    @property
    def planning_seed(self) -> int:
        """The seed the tournament's plan is made from: ``plan_seed``, else the round's seed."""
        return self.seed if self.plan_seed is None else self.plan_seed


def table_sizes(count: int, allowed: Sequence[int] = DEFAULT_TABLE_SIZES) -> tuple[int, ...]:
    """Sizes of the tables for ``count`` players by table, from the ``allowed`` sizes (4 always
    among them): as few threes as can be (a table of three only where fours and fives cannot
    seat everyone), then as few fives. Fours first, then fives, then threes."""
    if count < 3 or (count < 4 and 3 not in allowed):
        code = DrawCode.TOO_FEW_FOR_THREE if 3 in allowed else DrawCode.TOO_FEW_PLAYERS
        raise DrawError(code, count=count)
    best: tuple[int, int] | None = None
    for threes in range(count // 3 + 1 if 3 in allowed else 1):
        rest = count - 3 * threes
        fives = rest % 4  # the fewest fives for the rest
        if (fives and 5 not in allowed) or 4 * fives > rest:
            continue
        best = (fives, threes)
        break
    if best is None:
        hint, hinweis = ("another number of", "eine andere Zahl")
        if tuple(allowed) == DEFAULT_TABLE_SIZES:
            hint, hinweis = SUGGESTIONS.get(count, (hint, hinweis))
        raise DrawError(DrawCode.UNSPLITTABLE_COUNT, count=count, hint=hint, hinweis=hinweis)
    fives, threes = best
    fours = (count - 5 * fives - 3 * threes) // 4
    return (4,) * fours + (5,) * fives + (3,) * threes


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_id(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise DrawError(DrawCode.ID_NOT_TEXT, where=where, value=json.dumps(value))
    if not value:
        raise DrawError(DrawCode.ID_EMPTY, where=where)
    return value


def parse_request(data: object) -> DrawRequest:
    """Check a decoded JSON request and return it as a ``DrawRequest``.

    Raises ``DrawError`` with a sentence for the Turnierleitung on anything wrong.
    """
    if not isinstance(data, dict):
        raise DrawError(DrawCode.REQUEST_NOT_OBJECT)
    raw_players = data.get("players")
    if not isinstance(raw_players, list):
        raise DrawError(DrawCode.PLAYERS_NOT_LIST)
    players: list[Player] = []
    seen: set[str] = set()
    for number, entry in enumerate(raw_players, start=1):
        if not isinstance(entry, dict):
            raise DrawError(DrawCode.PLAYER_NOT_OBJECT, number=number)
        player_id = _check_id(entry.get("id"), f"Player {number}")
        if player_id in seen:
            raise DrawError(DrawCode.PLAYER_TWICE, player=json.dumps(player_id))
        seen.add(player_id)
        club = entry.get("club")
        if club is not None and not isinstance(club, str):
            raise DrawError(DrawCode.CLUB_NOT_TEXT, player=json.dumps(player_id))
        players.append(Player(player_id, club or None))
    allowed = _parse_table_sizes(data.get("table_sizes"))
    sizes = table_sizes(len(players), allowed)

    seed = data.get("seed")
    if not _is_int(seed):
        raise DrawError(DrawCode.SEED_MISSING)
    assert isinstance(seed, int)

    plan_seed = data.get("plan_seed")
    if plan_seed is not None and not _is_int(plan_seed):
        raise DrawError(DrawCode.PLAN_SEED_INVALID)
    assert plan_seed is None or isinstance(plan_seed, int)

    history = _parse_history(data.get("history", []))

    method = data.get("method", "random")
    if method not in METHODS:
        raise DrawError(DrawCode.METHOD_UNKNOWN, method=json.dumps(method))
    assert isinstance(method, str)

    rounds_planned = data.get("rounds_planned")
    if rounds_planned is not None and (not _is_int(rounds_planned) or rounds_planned < 1):
        raise DrawError(DrawCode.ROUNDS_PLANNED_INVALID)
    assert rounds_planned is None or isinstance(rounds_planned, int)

    options = data.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise DrawError(DrawCode.OPTIONS_NOT_OBJECT)
    separate_clubs = options.get("separate_clubs", False)
    if not isinstance(separate_clubs, bool):
        raise DrawError(DrawCode.SEPARATE_CLUBS_NOT_BOOL)
    fixed = _parse_fixed(options.get("fixed", {}), seen, sizes, method)

    standings: tuple[str, ...] | None = None
    if method == "standings":
        standings = _parse_standings(data.get("standings"), players)

    return DrawRequest(
        players=tuple(players),
        seed=seed,
        history=history,
        method=method,
        rounds_planned=rounds_planned,
        separate_clubs=separate_clubs,
        fixed=fixed,
        standings=standings,
        plan_seed=plan_seed,
        table_sizes=allowed,
    )


def _parse_table_sizes(raw: object) -> tuple[int, ...]:
    """The allowed table sizes: distinct sizes of ``TABLE_SIZES``, 4 among them."""
    if raw is None:
        return DEFAULT_TABLE_SIZES
    if (
        not isinstance(raw, list)
        or not all(_is_int(size) and size in TABLE_SIZES for size in raw)
        or len(set(raw)) != len(raw)
        or 4 not in raw
    ):
        raise DrawError(DrawCode.TABLE_SIZES_INVALID, value=json.dumps(raw))
    return tuple(sorted(raw))


def _parse_history(raw: object) -> tuple[tuple[tuple[str, ...], ...], ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise DrawError(DrawCode.HISTORY_NOT_LIST)
    rounds: list[tuple[tuple[str, ...], ...]] = []
    for round_number, raw_round in enumerate(raw, start=1):
        if not isinstance(raw_round, list):
            raise DrawError(DrawCode.HISTORY_ROUND_NOT_LIST, round=round_number)
        seated: set[str] = set()
        tables: list[tuple[str, ...]] = []
        for table_number, raw_table in enumerate(raw_round, start=1):
            where = f"History round {round_number}, table {table_number}"
            if not isinstance(raw_table, list) or not raw_table:
                raise DrawError(
                    DrawCode.HISTORY_TABLE_INVALID, round=round_number, table=table_number
                )
            ids = tuple(_check_id(value, where) for value in raw_table)
            for player_id in ids:
                if player_id in seated:
                    raise DrawError(
                        DrawCode.HISTORY_SEATED_TWICE,
                        player=json.dumps(player_id),
                        round=round_number,
                    )
                seated.add(player_id)
            tables.append(ids)
        rounds.append(tuple(tables))
    return tuple(rounds)


def _parse_fixed(
    raw: object, ids: set[str], sizes: Sequence[int], method: str
) -> tuple[tuple[str, int], ...]:
    if raw is None:
        return ()
    if not isinstance(raw, dict):
        raise DrawError(DrawCode.FIXED_NOT_OBJECT)
    count = len(sizes)
    fives = sizes.count(5)
    largest = max(sizes)
    per_table: dict[int, list[str]] = {}
    for player_id, table in raw.items():
        if player_id not in ids:
            raise DrawError(DrawCode.FIXED_NOT_PLAYING, player=json.dumps(player_id))
        if not _is_int(table) or not 1 <= table <= count:
            raise DrawError(
                DrawCode.FIXED_TABLE_OUT_OF_RANGE,
                player=json.dumps(player_id),
                count=count,
                value=json.dumps(table),
            )
        per_table.setdefault(table, []).append(player_id)
    full = 0
    for table, members in sorted(per_table.items()):
        limit = sizes[table - 1] if method == "standings" else largest
        if len(members) > limit:
            raise DrawError(DrawCode.FIXED_TABLE_FULL, fixed=len(members), table=table, limit=limit)
        if len(members) == 5:
            full += 1
    if full > fives:
        raise DrawError(DrawCode.FIXED_TOO_MANY_FIVES, full=full, fives=fives)
    fours = sum(1 for members in per_table.values() if len(members) == 4)
    large = sum(1 for size in sizes if size >= 4)
    if method != "standings" and fours + full > large:
        raise DrawError(DrawCode.FIXED_TOO_MANY_FOURS, full=fours + full, large=large)
    return tuple((player_id, table) for player_id, table in raw.items())


def _parse_standings(raw: object, players: Sequence[Player]) -> tuple[str, ...]:
    if not isinstance(raw, list):
        raise DrawError(DrawCode.STANDINGS_MISSING)
    order: list[str] = []
    seen: set[str] = set()
    for number, value in enumerate(raw, start=1):
        player_id = _check_id(value, f"Standings place {number}")
        if player_id in seen:
            raise DrawError(DrawCode.STANDINGS_TWICE, player=json.dumps(player_id))
        seen.add(player_id)
        order.append(player_id)
    missing = [player.id for player in players if player.id not in seen]
    if missing:
        shown = ", ".join(json.dumps(player_id) for player_id in missing[:5])
        more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
        raise DrawError(DrawCode.STANDINGS_INCOMPLETE, missing=f"{shown}{more}")
    return tuple(order)
