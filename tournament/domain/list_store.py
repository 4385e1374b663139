"""How a table's score list is kept and read back: its entries as JSON texts, the engine's
report of them (cached, and stored with the list), the seats' totals, the claim of the list's
version, and the list as the engine sees it (:func:`check`, :func:`trial`).

The engine knows players by name; here a table's players are their start numbers as text
(``"12"``), because names repeat and get corrected while start numbers stay.

Everything here is written with Core statements built once: a change runs them while it holds
SQLite's write lock, where the session's unit of work took longer than the writes.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

from cachetools import LRUCache
from flask import g
from sqlalchemy import bindparam, delete, insert, inspect, select, update
from sqlalchemy import event as orm_event
from sqlalchemy.orm import joinedload
from sqlalchemy.orm.attributes import set_committed_value

import rules_engine
from rules_engine.errors import DokoError
from rules_engine.findings import Code, Finding
from rules_engine.scorelist import check_list
from tournament.domain import day_plans, names, round_plans
from tournament.domain.errors import not_storable, unreadable
from tournament.extensions import begin_writing, db
from tournament.models import ListEntry, Round, RoundStatus, RoundTable, Seat, core_table, utcnow
from tournament.texts.messages import Refusal, refusal_text

Report = dict[str, Any]


def player_key(start_number: int) -> str:
    """How a player is named inside the engine's list: the start number as text."""
    return str(start_number)


# A list's report depends only on its players, entries and setting, so it is kept by exactly
# those: the list page, the save after it and the overview then check a list once, not each
# time. It is also stored with the list (``RoundTable.report``) under a digest of the same and
# of the engine's source, for a server that starts again; a report made for other entries, another
# setting or by another engine is never used. The setting (:func:`list_setting`) is the list's
# fields besides its id, players and entries as JSON text, empty for the plain DDV rules.
ReportKey = tuple[str, tuple[str, ...], tuple[str, ...], str]
_REPORTS: LRUCache[ReportKey, Report] = LRUCache(maxsize=1024)
_REPORTS_LOCK = threading.Lock()  # cachetools' caches are not thread-safe


def forget_reports() -> None:
    """Empty the report cache (benchmarks measuring a first look at every list)."""
    with _REPORTS_LOCK:
        _REPORTS.clear()


def rules_text(table: RoundTable) -> str:
    """The rule set of the table's tournament as the engine's ``"rules"`` (JSON text), or ``""``
    for the DDV rules without a field."""
    rules = table.round.tournament.engine_rules
    return "" if rules is None else json.dumps(rules, ensure_ascii=False, sort_keys=True)


def list_setting(table: RoundTable) -> str:
    """The fields of the table's list besides its id, players and entries, as JSON text: under
    another rule set than the plain DDV rules its ``"rules"`` and the day's settings of the
    tournament (``day_plans.list_fields``: ``games``, ``pot``, ``frist``); ``""`` for the DDV
    rules, whose lists carry none."""
    tournament = table.round.tournament
    rules = tournament.engine_rules
    if rules is None:
        return ""
    setting = {"rules": rules, **day_plans.list_fields(tournament, table.size)}
    return json.dumps(setting, ensure_ascii=False, sort_keys=True)


def report_for(
    list_name: str,
    players: tuple[str, ...],
    texts: tuple[str, ...],
    setting: str = "",
    stored_on: RoundTable | None = None,
) -> Report:
    """The report from the cache, else as stored with ``stored_on``'s list, else the engine's
    (``setting``: :func:`list_setting`)."""
    key = (list_name, players, texts, setting)
    with _REPORTS_LOCK:
        report = _REPORTS.get(key)
    if report is not None:
        return report
    report = _stored_report(stored_on, key) if stored_on is not None else None
    if report is None:
        entries = [json.loads(t) for t in texts]
        record: dict[str, Any] = {"id": list_name, "players": list(players), "entries": entries}
        if setting:
            record.update(json.loads(setting))
        report = _engine_report(record)
    with _REPORTS_LOCK:
        _REPORTS[key] = report
    return report


def _engine_source() -> str:
    """A digest of the rules engine's source: a stored report counts only for the engine
    that made it (a new version may judge a list differently)."""
    package = Path(rules_engine.__file__).resolve().parent
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


ENGINE_SOURCE = _engine_source()
#: How this app keeps a report: its findings carry their data (``check_list(finding_data=True)``).
REPORT_FORMAT = 2


def _report_digest(key: ReportKey) -> str:
    list_name, players, texts, setting = key
    made_for = [ENGINE_SOURCE, REPORT_FORMAT, list_name, players, texts]
    if setting:
        made_for.append(setting)
    return hashlib.sha256(json.dumps(made_for).encode()).hexdigest()


def _stored_report(table: RoundTable, key: ReportKey) -> Report | None:
    """The report stored with the table's list, if it was made for exactly this list by this
    engine."""
    if table.report is None:
        return None
    try:
        stored = json.loads(table.report)
    except ValueError:
        return None
    if not isinstance(stored, dict) or stored.get("key") != _report_digest(key):
        return None
    report = stored.get("report")
    return report if isinstance(report, dict) else None


def report_text(key: ReportKey, report: Report) -> str:
    """The report as stored with the list, under the digest of what it was made for."""
    return json.dumps({"key": _report_digest(key), "report": report}, ensure_ascii=False)


@dataclass(frozen=True)
class Change:
    """A table's new list as the engine accepted it, worked out before anything is written."""

    key: ReportKey
    report: Report
    texts: list[str]  # every entry as stored
    keep: int  # entries 1..keep stay as they are
    had: int  # entries before the change
    report_text: str  # the report as stored with the list


# What a change writes, as Core statements built once: a save runs them while it holds
# SQLite's write lock, and building a statement costs more than running it.
_ROUND_TABLE = core_table(RoundTable)
_LIST_ENTRY = core_table(ListEntry)
_SEAT = core_table(Seat)
_CLAIM = (
    update(_ROUND_TABLE)
    .where(
        _ROUND_TABLE.c.id == bindparam("table_row"),
        _ROUND_TABLE.c.version == bindparam("read_version"),
        _ROUND_TABLE.c.round_id.in_(select(Round.id).where(Round.status == RoundStatus.RUNNING)),
    )
    .values(version=_ROUND_TABLE.c.version + 1)
)
_CLAIM_UNLOCKED = _CLAIM.where(_ROUND_TABLE.c.locked.is_(False))
_STORE_REPORT = (
    update(_ROUND_TABLE)
    .where(_ROUND_TABLE.c.id == bindparam("table_row"))
    .values(report=bindparam("report_text"))
)
_DELETE_ENTRIES = delete(_LIST_ENTRY).where(
    _LIST_ENTRY.c.table_id == bindparam("table_row"), _LIST_ENTRY.c.number > bindparam("keep")
)
_INSERT_ENTRIES = insert(_LIST_ENTRY)
_SEAT_POINTS = (
    update(_SEAT).where(_SEAT.c.id == bindparam("seat_row")).values(points=bindparam("points_now"))
)


_ENTRY_TEXTS = (
    select(_LIST_ENTRY.c.record)
    .where(_LIST_ENTRY.c.table_id == bindparam("table_row"))
    .order_by(_LIST_ENTRY.c.number)
)
# The texts read for tables loaded without their entries, until the table is expired: kept
# with the loaded object and dropped by the session's expire and refresh events below, which no
# size-bound cache (functools, cachetools) follows.
_TEXTS: WeakKeyDictionary[RoundTable, tuple[str, ...]] = WeakKeyDictionary()


def entry_texts(table: RoundTable) -> tuple[str, ...]:
    """The list's entries as stored (JSON texts, in order).

    The list pages load their table without its entries, as two dozen objects cost more
    than one query for their texts; those texts are kept with the table until the session
    expires it, as the entries would be. A table loaded with its entries (exports, imports,
    the overview) gives theirs.
    """
    if _entries_loaded(table):
        return tuple(entry.record for entry in table.entries)
    texts = _TEXTS.get(table)
    if texts is None:
        texts = tuple(db.session.execute(_ENTRY_TEXTS, {"table_row": table.id}).scalars())
        _TEXTS[table] = texts
    return texts


_TABLES_ENTRY_TEXTS = (
    select(_LIST_ENTRY.c.table_id, _LIST_ENTRY.c.record)
    .where(_LIST_ENTRY.c.table_id.in_(bindparam("tables", expanding=True)))
    .order_by(_LIST_ENTRY.c.table_id, _LIST_ENTRY.c.number)
)


def load_entry_texts(tables: Iterable[RoundTable]) -> None:
    """Read the entries of those ``tables`` that have neither their entries nor their texts,
    in one query (a page that asks every table's report), kept as :func:`entry_texts` keeps
    them."""
    wanted = {t.id: t for t in tables if not _entries_loaded(t) and _TEXTS.get(t) is None}
    if not wanted:
        return
    found: dict[int, list[str]] = {table_id: [] for table_id in wanted}
    for table_id, text in db.session.execute(_TABLES_ENTRY_TEXTS, {"tables": list(wanted)}):
        found[table_id].append(text)
    for table_id, texts in found.items():
        _TEXTS[wanted[table_id]] = tuple(texts)


def read_lists(round_id: int) -> list[RoundTable]:
    """The round's tables in number order, each with its round, its seats' registrations and
    players, its entries' texts and its stored report: a page that asks every table's report
    (the standings of a round under way, its pots, its settlement) reads the round's lists in
    four queries, however many tables it has."""
    query = round_plans.tables_with_players(round_id).options(joinedload(RoundTable.round))
    tables = list(db.session.execute(query).scalars())
    load_entry_texts(tables)
    load_stored_reports(tables)
    return tables


def _entries_loaded(table: RoundTable) -> bool:
    return "entries" not in inspect(table).unloaded


@orm_event.listens_for(RoundTable, "expire")
def _forget_texts(table: RoundTable | None, attributes: Iterable[str] | None) -> None:
    # ``None``: an object the session expires while it is being collected.
    if table is not None and (attributes is None or "entries" in attributes):
        _TEXTS.pop(table, None)


@orm_event.listens_for(RoundTable, "refresh")
def _forget_texts_on_refresh(
    table: RoundTable | None, _context: object, attributes: Iterable[str] | None
) -> None:
    _forget_texts(table, attributes)


def write(table: RoundTable, change: Change) -> None:
    """Write the checked list, its report and the seats' totals (in a writing transaction).

    Core statements rather than the unit of work: a change writes a known handful of rows,
    and at the table this runs while the list holds the write lock (SQLite), where the
    session's bookkeeping took longer than the writes. The loaded objects are kept in step.
    """
    db.session.execute(_STORE_REPORT, {"table_row": table.id, "report_text": change.report_text})
    set_committed_value(table, "report", change.report_text)
    if change.keep < change.had:
        db.session.execute(_DELETE_ENTRIES, {"table_row": table.id, "keep": change.keep})
        if _entries_loaded(table):
            # Their rows are gone: a new row may get one of their ids (SQLite reuses the
            # highest), and the session must not hand out the old object for it.
            for gone in table.entries[change.keep :]:
                db.session.expunge(gone)
    new = range(change.keep + 1, len(change.texts) + 1)
    if new:
        now = utcnow()
        db.session.execute(
            _INSERT_ENTRIES,
            [
                {
                    "table_id": table.id,
                    "number": number,
                    "kind": json.loads(change.texts[number - 1])["kind"],
                    "record": change.texts[number - 1],
                    "entered_at": now,
                }
                for number in new
            ],
        )
    if change.keep < change.had or new:
        db.session.expire(table, ["entries"])
        _TEXTS[table] = tuple(change.texts)
    totals: dict[str, int] = change.report["totals"]
    changed = {}
    for seat in table.seats:
        points = totals[player_key(seat.registration.start_number)]
        if seat.points != points:
            changed[seat] = points
    if changed:
        db.session.execute(
            _SEAT_POINTS,
            [{"seat_row": seat.id, "points_now": points} for seat, points in changed.items()],
        )
        for seat, points in changed.items():
            set_committed_value(seat, "points", points)


def _engine_report(record: dict[str, Any]) -> Report:
    """check_list, with a list it cannot read at all (wrong number of players) as a refusal."""
    try:
        return check_list(record, finding_data=True)
    except DokoError as problem:
        raise unreadable(problem.finding) from problem


def claim_version(table: RoundTable, version: int, *, by_code: bool = False) -> bool:
    """Take the list for one change: a conditional UPDATE of its version, as
    ``tournaments.claim``. Writing begins here (``begin_writing``): the UPDATE matches only
    while the list is still at the version this request read, its round is running and, for
    the list-keeper's code (``by_code``), the list is not locked. False: it did not match."""
    begin_writing()
    result = db.session.execute(
        _CLAIM_UNLOCKED if by_code else _CLAIM, {"table_row": table.id, "read_version": version}
    )
    if result.rowcount != 1:  # type: ignore[attr-defined]
        return False
    # The row now holds version + 1 (the UPDATE matched it): no need to read it back.
    set_committed_value(table, "version", version + 1)
    return True


# ---------------------------------------------------------------------- the list as read


def list_id(table: RoundTable) -> str:
    """The list's ``id`` in reports and exports, e.g. ``"r1-t3"``."""
    return f"r{table.round.number}-t{table.number}"


def players_of(table: RoundTable) -> tuple[str, ...]:
    """The engine's keys of the table's players, in seat order."""
    return tuple(player_key(seat.registration.start_number) for seat in table.seats)


def list_record(table: RoundTable) -> dict[str, Any]:
    """The table's stored list in the format of ``docs/contracts/score-list.md``, with the
    tournament's rule set and the list's setting where it is not the plain DDV rules."""
    entries = [json.loads(text) for text in entry_texts(table)]
    record = {"id": list_id(table), "players": list(players_of(table)), "entries": entries}
    setting = list_setting(table)
    if setting:
        record.update(json.loads(setting))
    return record


def key_of(table: RoundTable, texts: Iterable[str]) -> ReportKey:
    """The report's key for ``texts`` as this table's list."""
    return (list_id(table), players_of(table), tuple(texts), list_setting(table))


_STORED_REPORTS = select(_ROUND_TABLE.c.id, _ROUND_TABLE.c.report).where(
    _ROUND_TABLE.c.id.in_(bindparam("tables", expanding=True))
)


def load_stored_reports(tables: Iterable[RoundTable]) -> None:
    """Read the stored reports of those ``tables`` whose report the cache lacks, in one query
    (a page of every table, as the round overview, on a cache that is cold after a start or
    in another worker: the column is deferred, so each table would read its own)."""
    wanted: dict[int, RoundTable] = {}
    for table in tables:
        if "report" not in inspect(table).unloaded:
            continue
        key = key_of(table, entry_texts(table))
        with _REPORTS_LOCK:
            cached = key in _REPORTS
        if not cached:
            wanted[table.id] = table
    if not wanted:
        return
    for table_id, text in db.session.execute(_STORED_REPORTS, {"tables": list(wanted)}):
        set_committed_value(wanted[table_id], "report", text)


def check(table: RoundTable) -> Report:
    """The engine's report of the stored list (raises ScoreListRefused if the table's seats
    cannot form a list at all, e.g. a seat is missing). Shared from a cache: read it, never
    change it."""
    return report_for(
        list_id(table), players_of(table), entry_texts(table), list_setting(table), table
    )


def entries_of(table: RoundTable) -> list[dict[str, Any]]:
    return [json.loads(text) for text in entry_texts(table)]


#: ``flask.g``'s name for the seats' labels made in this request, by table id: its labels of
#: the tournament (:func:`names.of_tournament`, itself kept for the request), its seats'
#: registrations, and the labels by player key.
_SEAT_LABELS = "_seat_labels"
_SeatLabels = tuple[dict[int, str], tuple[int, ...], dict[str, str]]


def names_of(table: RoundTable) -> dict[str, str]:
    """Engine player keys to the players' display labels (namesakes told apart, see
    :mod:`tournament.domain.names`), for the list's pages and German messages.

    Made once per request and table, as the tournament's labels are (a value preview asks
    four times); made again when the tournament's labels are (``names.forget``) or the
    table's seats changed. Shared: read it, never change it."""
    labels = names.of_tournament(table.round.tournament_id)
    seated = tuple(seat.registration_id for seat in table.seats)
    memo: dict[int, _SeatLabels] = g.setdefault(_SEAT_LABELS, {})
    kept = memo.get(table.id)
    if kept is not None and kept[0] is labels and kept[1] == seated:
        return kept[2]
    made = _labels_of_seats(table, labels)
    memo[table.id] = (labels, seated, made)
    return made


def _labels_of_seats(table: RoundTable, labels: dict[int, str]) -> dict[str, str]:
    made = {}
    for seat in table.seats:
        registration = seat.registration
        label = labels.get(seat.registration_id)
        made[player_key(registration.start_number)] = (
            label if label is not None else registration.player.name
        )
    return made


def trial(table: RoundTable, entries: list[dict[str, Any]]) -> Report:
    """The engine's report for ``entries`` as this table's list, without storing anything."""
    return report_for(
        list_id(table), players_of(table), tuple(serialise(entries)), list_setting(table)
    )


def serialise(entries: list[dict[str, Any]], first: int = 1) -> list[str]:
    """The entries as stored (JSON texts); ``first``: the number of the first of them."""
    if not isinstance(entries, list):
        raise unreadable(Finding.of(Code.ENTRIES_NOT_LIST, "8.4"))
    texts = []
    for number, entry in enumerate(entries, start=first):
        try:
            texts.append(json.dumps(entry, ensure_ascii=False, allow_nan=False))
        except (TypeError, ValueError) as problem:
            text = refusal_text(Refusal.ENTRY_NOT_STORABLE, entry=number, why=str(problem))
            raise not_storable(text, "TSR 8.4") from problem
    return texts
