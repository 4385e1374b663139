"""Score lists as JSON (``docs/contracts/score-list.md``) and their whole-list verification.

:func:`check_list` reads one table's list, replays it through a
:class:`~.table_list.TableList`
and reports *every* finding with its game number and TSR section, not just the first, plus
the running and final totals. A game with a problem is still counted with the kind and
soloist it is written with, and a wrong dealer is reported once while the deal goes on from
the dealer the rules name, so one slip does not drown the rest of the list in follow-ups.
"""

from __future__ import annotations

from typing import Any, TypeVar

from .errors import DokoError
from .findings import Code, Finding, JsonValue, Level, Player
from .gametypes import GameType
from .penalties import SITTING_DEALER, Penalty, PenaltyCategory, PenaltyPhase
from .record_fields import Record, parse_pflicht
from .records import summary_from_record
from .rulelist import check_ruled_list
from .rulesets import DDV, parse_rules
from .scoring import GameSummary
from .table_list import EntryKind, GameEntry, QuickScore, TableList, TableListError

_T = TypeVar("_T")
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
        raise ListError.of(Code.NOT_A_TABLE_PLAYER, field=field, value=JsonValue.of(value))
    return names.index(value)


def _points(value: Any, names: tuple[str, ...], field: str = "points") -> tuple[int, ...]:
    if type(value) is not dict or set(value) != set(names):
        raise ListError.of(Code.POINTS_PER_PLAYER, field=field)
    points = []
    for name in names:
        number = value[name]
        if type(number) is not int:
            raise ListError.of(
                Code.POINT_NOT_WHOLE, field=field, player=Player(name), value=JsonValue.of(number)
            )
        points.append(number)
    return tuple(points)


def _entry_kind(record: Record) -> EntryKind:
    game_type = record.get("type")
    if game_type not in _GAME_TYPES:
        raise ListError.of(Code.TYPE_UNKNOWN, value=JsonValue.of(game_type), choices=_GAME_TYPES)
    if game_type != "solo":
        return _KINDS[game_type]
    return EntryKind.of(GameType.SOLO, parse_pflicht(record.get("pflicht")))


def game_entry(record: Record, round_: TableList) -> GameEntry:
    """A ``game`` entry of the list format as a :class:`GameEntry` for ``round_``."""
    names = round_.names
    dealer = _name(record.get("dealer"), names, "dealer")
    kind = _entry_kind(record)
    player = record.get("player")
    soloist = None if player is None else _name(player, names, "player")
    written = None if record.get("points") is None else _points(record["points"], names)
    if record.get("quick") is True:
        if written is None:
            raise ListError.of(Code.QUICK_WITHOUT_POINTS)
        winners = record.get("winners", [])
        if type(winners) is not list:
            raise ListError.of(Code.WINNERS_NOT_LIST)
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


def penalty_entry(record: Record, round_: TableList) -> tuple[Penalty, EntryKind | None]:
    """A ``penalty`` entry: the positions are those of the four now playing, and for a
    deduction (TSR 9.7) at a table of five also the dealer who sits out."""
    category = _lookup(_CATEGORIES, record.get("category"))
    if category is None:
        raise ListError.of(
            Code.PENALTY_CATEGORY_UNKNOWN,
            value=JsonValue.of(record.get("category")),
            choices=tuple(_CATEGORIES),
        )
    phase = _lookup(_PHASES, record.get("phase", "normal"))
    if phase is None:
        raise ListError.of(
            Code.PENALTY_PHASE_UNKNOWN,
            value=JsonValue.of(record.get("phase")),
            choices=tuple(_PHASES),
        )
    playing = round_.playing()
    offender = _name(record.get("offender"), round_.names, "offender")
    if offender in playing:
        offender_index = playing.index(offender)
    elif category is PenaltyCategory.UNSPORTLICH:
        offender_index = SITTING_DEALER  # a Teilnehmer too (TSR 9.1.5, 9.7)
    else:
        raise ListError.of(Code.SITS_OUT, field="offender", player=round_.player(offender))
    soloist = None
    if record.get("soloist") is not None:
        soloist_pos = _name(record["soloist"], round_.names, "soloist")
        if soloist_pos not in playing:
            raise ListError.of(Code.SITS_OUT, field="soloist", player=round_.player(soloist_pos))
        soloist = playing.index(soloist_pos)
    numbers = {}
    for field in ("absagen", "deduction"):
        value = record.get(field, 0)
        if type(value) is not int:
            raise ListError.of(Code.NOT_WHOLE_NUMBER, "9", field=field, value=JsonValue.of(value))
        numbers[field] = value
    harms = record.get("harms_soloist", False)
    if type(harms) is not bool:
        raise ListError.of(Code.HARMS_SOLOIST_NOT_BOOL, value=JsonValue.of(harms))
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


def check_list(record: Record, *, finding_data: bool = False) -> Record:
    """Verify a whole score list; the report of ``docs/contracts/score-list.md``. With
    ``finding_data`` each finding also carries ``"data"``, the finding as data
    (:meth:`~.findings.Finding.to_data`), for a program that words it in another language."""
    rules = parse_rules(record.get("rules"))
    if rules is not DDV:
        return check_ruled_list(record, rules, finding_data=finding_data)
    players = record.get("players")
    if type(players) is not list or not all(type(p) is str for p in players):
        raise ListError.of(Code.LIST_PLAYERS_INVALID)
    games = record.get("games")
    if games is not None and (type(games) is not int or not 1 <= games <= 60):
        raise ListError.of(Code.LIST_GAMES_INVALID, value=JsonValue.of(games))
    round_ = TableList(players, games)
    entries = record.get("entries", [])
    if type(entries) is not list:
        raise ListError.of(Code.ENTRIES_NOT_LIST)
    findings: list[Finding] = []
    rows: list[Record] = []
    for number, entry in enumerate(entries, start=1):
        try:
            _check_entry(round_, entry, number, findings, rows)
        except DokoError as problem:
            findings.append(
                problem.finding.with_context(game=round_.games_played + 1, entry=number)
            )
    if not round_.is_complete:
        findings.append(
            Finding.of(
                Code.GAMES_LEFT,
                None,
                Level.INFO,
                left=round_.games_left,
                planned=round_.planned_games,
            )
        )
    report = _report(record.get("id"), round_, findings, rows)
    if finding_data:
        for shown, finding in zip(report["findings"], findings, strict=True):
            shown["data"] = finding.to_data()
    return report


def _check_entry(
    round_: TableList, entry: Any, number: int, findings: list[Finding], rows: list[Record]
) -> None:
    if type(entry) is not dict:
        raise ListError.of(Code.ENTRY_NOT_OBJECT)
    kind = entry.get("kind")
    names = round_.names
    if kind == "game":
        game = game_entry(entry, round_)
        played, problems = round_.enter_game(game)
        findings.extend(problem.with_context(entry=number) for problem in problems)
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
                    Finding.of(
                        Code.PENALTY_POINTS_DIFFER,
                        penalty.category.section,
                        written=round_.row(written),
                        points=round_.row(result.points),
                    ).with_context(game=result.before_game, entry=number)
                )
        signed_by = entry.get("signed_by")
        if type(signed_by) is not str or not signed_by.strip():
            findings.append(
                Finding.of(Code.PENALTY_NOT_SIGNED, None, Level.WARNING).with_context(
                    game=result.before_game, entry=number
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
            raise ListError.of(
                Code.NOT_WHOLE_NUMBER, "8.5.1", field="minutes", value=JsonValue.of(minutes)
            )
        reason = entry.get("reason", "")
        round_.add_extension(minutes, reason if type(reason) is str else "")
    elif kind == "time_up":
        being_dealt = entry.get("being_dealt", False)
        if type(being_dealt) is not bool:
            raise ListError.of(Code.BEING_DEALT_NOT_BOOL)
        round_.declare_time_up(being_dealt)
    else:
        raise ListError.of(Code.ENTRY_KIND_UNKNOWN, value=JsonValue.of(kind))


def _report(
    record_id: Any, round_: TableList, findings: list[Finding], rows: list[Record]
) -> Record:
    names = round_.names
    due = round_.vorfuehrung
    complete = round_.is_complete
    return {
        "id": record_id,
        "valid": not any(f.level is Level.ERROR for f in findings),
        "complete": complete,
        "findings": [
            {
                "game": f.game,
                "level": f.level.value,
                "rule": f.rule,
                "message": f.message,
                "code": f.code.value,
            }
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


__all__ = ["ListError", "TableListError", "check_list", "game_entry", "penalty_entry"]
