"""Score lists as JSON (``docs/contracts/score-list.md``) and their whole-list verification.

:func:`check_list` reads one table's list, replays it through a :class:`~.round.Round`
and reports *every* finding with its game number and TSR section, not just the first, plus
the running and final totals. A game with a problem is still counted with the kind and
soloist it is written with, and a wrong dealer is reported once while the deal goes on from
the dealer the rules name, so one slip does not drown the rest of the list in follow-ups.
"""

from __future__ import annotations

import re
from typing import Any, TypeVar

from .errors import DokoError
from .gametypes import GameType
from .penalties import SITTING_DEALER, Penalty, PenaltyCategory, PenaltyPhase
from .records import Record, json_repr, parse_pflicht, summary_from_record
from .round import EntryKind, Finding, GameEntry, QuickScore, Round, RoundError
from .scoring import GameSummary

_T = TypeVar("_T")
_RULE = re.compile(r"\(TSR (\d+(?:\.\d+)*)[^)]*\)\s*$")
_CATEGORIES = {c.value: c for c in PenaltyCategory}
_PHASES = {p.value: p for p in PenaltyPhase}
_KINDS = {k.value: k for k in EntryKind}
_GAME_TYPES = ("normal", "hochzeit", "stille_hochzeit", "solo")


class ListError(DokoError):
    """An entry of a score list that cannot be read at all."""


def _lookup(table: dict[str, _T], value: Any) -> _T | None:
    return table.get(value) if type(value) is str else None


def _name(value: Any, names: tuple[str, ...], field: str) -> int:
    if type(value) is not str or value not in names:
        raise ListError(f"{field}: {json_repr(value)} is not a player of this table")
    return names.index(value)


def _points(value: Any, names: tuple[str, ...], field: str = "points") -> tuple[int, ...]:
    if type(value) is not dict or set(value) != set(names):
        raise ListError(f"{field}: one number for each player of the table (TSR 7.3)")
    points = []
    for name in names:
        number = value[name]
        if type(number) is not int:
            raise ListError(f"{field}.{name}: {json_repr(number)} is not a whole number")
        points.append(number)
    return tuple(points)


def _entry_kind(record: Record) -> EntryKind:
    game_type = record.get("type")
    if game_type not in _GAME_TYPES:
        raise ListError(
            f"type: {json_repr(game_type)} is not one of {', '.join(_GAME_TYPES)} (TSR 4.1)"
        )
    if game_type != "solo":
        return _KINDS[game_type]
    return EntryKind.of(GameType.SOLO, parse_pflicht(record.get("pflicht")))


def game_entry(record: Record, round_: Round) -> GameEntry:
    """A ``game`` entry of the list format as a :class:`GameEntry` for ``round_``."""
    names = round_.names
    dealer = _name(record.get("dealer"), names, "dealer")
    kind = _entry_kind(record)
    player = record.get("player")
    soloist = None if player is None else _name(player, names, "player")
    written = None if record.get("points") is None else _points(record["points"], names)
    if record.get("quick") is True:
        if written is None:
            raise ListError("points: a quick entry is its points per player (TSR 7.3)")
        winners = record.get("winners", [])
        if type(winners) is not list:
            raise ListError("winners: a list of the players marked as winners (TSR 7.3)")
        marked = frozenset(_name(w, names, "winners") for w in winners)
        return GameEntry(dealer, kind, quick=QuickScore(written, marked), soloist=soloist)
    playing = [names[p] for p in round_.playing(dealer)]
    game_record = dict(record)
    game_record.setdefault("players", playing)
    summary = summary_from_record(game_record)
    if soloist is None:
        soloist = _soloist(summary, names)
    return GameEntry(dealer, kind, summary=summary, soloist=soloist, points=written)


def _soloist(summary: GameSummary, names: tuple[str, ...]) -> int | None:
    """The soloist (or the Hochzeiter playing alone) from the Re party of a game."""
    if len(summary.re) == 1 and summary.re[0] in names:
        return names.index(summary.re[0])
    return None


def penalty_entry(record: Record, round_: Round) -> tuple[Penalty, EntryKind | None]:
    """A ``penalty`` entry: the positions are those of the four now playing, and for a
    deduction (TSR 9.7) at a table of five also the dealer who sits out."""
    category = _lookup(_CATEGORIES, record.get("category"))
    if category is None:
        raise ListError(
            f"category: {json_repr(record.get('category'))} is not one of "
            f"{', '.join(_CATEGORIES)} (TSR 9)"
        )
    phase = _lookup(_PHASES, record.get("phase", "normal"))
    if phase is None:
        raise ListError(
            f"phase: {json_repr(record.get('phase'))} is not one of {', '.join(_PHASES)} (TSR 9.6)"
        )
    playing = round_.playing()
    offender = _name(record.get("offender"), round_.names, "offender")
    if offender in playing:
        offender_index = playing.index(offender)
    elif category is PenaltyCategory.UNSPORTLICH:
        offender_index = SITTING_DEALER  # a Teilnehmer too (TSR 9.1.5, 9.7)
    else:
        raise ListError(f"offender: {round_.names[offender]} sits out this game (TSR 10.1)")
    soloist = None
    if record.get("soloist") is not None:
        soloist_pos = _name(record["soloist"], round_.names, "soloist")
        if soloist_pos not in playing:
            raise ListError(f"soloist: {round_.names[soloist_pos]} sits out this game (TSR 10.1)")
        soloist = playing.index(soloist_pos)
    numbers = {}
    for field in ("absagen", "deduction"):
        value = record.get(field, 0)
        if type(value) is not int:
            raise ListError(f"{field}: {json_repr(value)} is not a whole number (TSR 9)")
        numbers[field] = value
    harms = record.get("harms_soloist", False)
    if type(harms) is not bool:
        raise ListError(f"harms_soloist: {json_repr(harms)} is not true or false (TSR 9.3)")
    solo_kind = None
    if record.get("solo_pflicht") is not None or phase.as_solo:
        solo_kind = EntryKind.of(
            GameType.SOLO, parse_pflicht(record.get("solo_pflicht"), "solo_pflicht")
        )
    penalty = Penalty(
        category,
        offender_index,
        phase,
        soloist,
        numbers["absagen"],
        harms,
        numbers["deduction"],
    )
    return penalty, solo_kind


def check_list(record: Record) -> Record:
    """Verify a whole score list; the report of ``docs/contracts/score-list.md``."""
    players = record.get("players")
    if type(players) is not list or not all(type(p) is str for p in players):
        raise ListError("players: the table's players in position order, 4 or 5 names (TSR 3.1)")
    games = record.get("games")
    if games is not None and (type(games) is not int or not 1 <= games <= 60):
        raise ListError(f"games: {json_repr(games)} is not a number of games (TSR 8.5.1)")
    round_ = Round(players, games)
    entries = record.get("entries", [])
    if type(entries) is not list:
        raise ListError("entries: the list's entries in the order they happened")
    findings: list[Finding] = []
    rows: list[Record] = []
    for number, entry in enumerate(entries, start=1):
        try:
            _check_entry(round_, entry, number, findings, rows)
        except DokoError as problem:
            message = str(problem)
            findings.append(
                Finding(round_.games_played + 1, _rule_of(message), f"entry {number}: {message}")
            )
    if not round_.is_complete:
        findings.append(
            Finding(
                None,
                "TSR 8.5",
                f"{round_.games_left} of {round_.planned_games} games still to play",
                "info",
            )
        )
    return _report(record.get("id"), round_, findings, rows)


def _check_entry(
    round_: Round, entry: Any, number: int, findings: list[Finding], rows: list[Record]
) -> None:
    if type(entry) is not dict:
        raise ListError("an entry is an object with a kind")
    kind = entry.get("kind")
    names = round_.names
    if kind == "game":
        game = game_entry(entry, round_)
        played, problems = round_.enter_game(game)
        findings.extend(_numbered(problems, number))
        if played is None:
            return
        rows.append(
            {
                "entry": number,
                "game": played.number,
                "dealer": names[played.dealer],
                "kind": played.kind.value,
                "section": "pflicht" if played.kind.is_pflicht else "normal",
                "player": None if played.soloist is None else names[played.soloist],
                "points": dict(zip(names, played.points, strict=True)),
                "totals": dict(zip(names, round_.totals, strict=True)),
            }
        )
    elif kind == "penalty":
        penalty, solo_kind = penalty_entry(entry, round_)
        result = round_.add_penalty(penalty, solo_kind)
        if entry.get("points") is not None:
            written = _points(entry["points"], names)
            if written != result.points:
                findings.append(
                    Finding(
                        result.before_game,
                        penalty.category.rule,
                        f"entry {number}: the list says {round_.row(written)}, but the penalty "
                        f"gives {round_.row(result.points)}",
                    )
                )
        signed_by = entry.get("signed_by")
        if type(signed_by) is not str or not signed_by.strip():
            findings.append(
                Finding(
                    result.before_game,
                    "TSR 8.2.2",
                    f"entry {number}: the penalty is not signed off by the Schiedsrichter",
                    "warning",
                )
            )
        rows.append(
            {
                "entry": number,
                "penalty": penalty.category.value,
                "signed_by": signed_by if type(signed_by) is str else None,
                "before_game": result.before_game,
                "points": dict(zip(names, result.points, strict=True)),
                "totals": dict(zip(names, round_.totals, strict=True)),
                "explanation": result.result.explanation,
            }
        )
    elif kind == "nachspielzeit":
        minutes = entry.get("minutes")
        if type(minutes) is not int:
            raise ListError(f"minutes: {json_repr(minutes)} is not a whole number (TSR 8.5.1)")
        reason = entry.get("reason", "")
        round_.add_extension(minutes, reason if type(reason) is str else "")
    elif kind == "time_up":
        being_dealt = entry.get("being_dealt", False)
        if type(being_dealt) is not bool:
            raise ListError("being_dealt: true or false (TSR 8.5.3)")
        round_.declare_time_up(being_dealt)
    else:
        raise ListError(f"kind: {json_repr(kind)} is not game, penalty, nachspielzeit or time_up")


def _rule_of(message: str) -> str:
    """The TSR section an engine message ends with, e.g. ``... (TSR 4.3.1)``."""
    found = _RULE.search(message)
    return f"TSR {found.group(1)}" if found else "TSR 7.3"


def _numbered(findings: list[Finding], entry: int) -> list[Finding]:
    return [Finding(f.game, f.rule, f"entry {entry}: {f.message}", f.level) for f in findings]


def _report(record_id: Any, round_: Round, findings: list[Finding], rows: list[Record]) -> Record:
    names = round_.names
    due = round_.vorfuehrung
    complete = round_.is_complete
    return {
        "id": record_id,
        "valid": not any(f.level == "error" for f in findings),
        "complete": complete,
        "findings": [
            {"game": f.game, "level": f.level, "rule": f.rule, "message": f.message}
            for f in findings
        ],
        "totals": dict(zip(names, round_.totals, strict=True)),
        "games_played": round_.games_played,
        "games_left": round_.games_left,
        "struck": round_.struck,
        "time_up": round_.time_up,
        "time_limit": round_.time_limit,
        "next_dealer": None if complete else names[round_.next_dealer],
        "sits_out": None if complete or round_.sits_out is None else names[round_.sits_out],
        "pflicht_missing": [names[p] for p in round_.pflicht_missing],
        "vorfuehrung": None if due is None else names[due],
        "rows": rows,
    }


__all__ = ["ListError", "RoundError", "check_list", "game_entry", "penalty_entry"]
