"""Score lists: a table's list is stored only as the rules engine accepts it.

The engine knows players by name; here a table's players are their start numbers as text
(``"12"``), because names repeat and get corrected while start numbers stay. A seat's
``points`` is the engine's total for that player, written whenever the list is stored, so the
standings read one row per player and never replay lists.

Every change at the table (a game added, corrected or deleted, a penalty, Nachspielzeit, time
up) builds the whole new list and lets the engine check it, so a correction re-checks
everything after it. Each change claims the table's ``version`` first: a page saved from an
older version (second device, double click, retried request) is refused and told what
changed in between.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

from sqlalchemy import bindparam, delete, insert, inspect, select, update
from sqlalchemy import event as orm_event
from sqlalchemy.orm.attributes import set_committed_value

import rules_engine
from rules_engine.errors import DokoError
from rules_engine.scorelist import check_list
from tournament.audit import service as audit
from tournament.extensions import begin_writing, db
from tournament.models import (
    ListEntry,
    Role,
    Round,
    RoundStatus,
    RoundTable,
    Seat,
    User,
    core_table,
    utcnow,
)
from tournament.scorelists import messages
from tournament.tournaments.service import MAX_VERSION
from tournament.web.errors import ServiceError

Report = dict[str, Any]
_RULE = re.compile(r"\(TSR (\d+(?:\.\d+)*)")
_ENTRY_PREFIX = re.compile(r"^Eintrag \d+: (?:Spiel \d+: )?")


class ScoreListRefused(ServiceError):
    """The engine found errors in a list, so nothing was stored; ``findings`` are the report's
    findings (warnings too), ``str()`` a German sentence for the page."""

    def __init__(
        self, findings: Sequence[dict[str, Any]], names: dict[str, str] | None = None
    ) -> None:
        self.findings = list(findings)
        self.names = names or {}
        errors = self.errors
        first = f" {self.german(errors[0])}" if errors else ""
        super().__init__(f"Nicht gespeichert: die Regelprüfung fand {len(errors)} Fehler.{first}")

    def german(self, finding: dict[str, Any]) -> str:
        """One finding as a German sentence, players by name, with its TSR section."""
        text = messages.german(str(finding.get("message", "")), self.names)
        game = finding.get("game")
        if isinstance(game, int):
            # The page counts games, not list entries (penalties and time notes are entries).
            text = _ENTRY_PREFIX.sub(f"Spiel {game}: ", text, count=1)
        rule = finding.get("rule")
        return text if not rule or "(TSR" in text else f"{text} ({rule})"

    @property
    def messages(self) -> list[str]:
        """Every error in German, for the page."""
        return [self.german(f) for f in self.errors]

    @property
    def errors(self) -> list[dict[str, Any]]:
        """Only the findings of level ``error``, the ones that refused the list."""
        return [f for f in self.findings if f.get("level") == "error"]


def player_key(start_number: int) -> str:
    """How a player is named inside the engine's list: the start number as text."""
    return str(start_number)


def list_id(table: RoundTable) -> str:
    """The list's ``id`` in reports and exports, e.g. ``"r1-t3"``."""
    return f"r{table.round.number}-t{table.number}"


def list_record(table: RoundTable) -> dict[str, Any]:
    """The table's stored list in the format of ``docs/contracts/score-list.md``."""
    return _record(table, [json.loads(text) for text in entry_texts(table)])


def check(table: RoundTable) -> Report:
    """The engine's report of the stored list (raises ScoreListRefused if the table's seats
    cannot form a list at all, e.g. a seat is missing). Shared from a cache: read it, never
    change it."""
    players = tuple(player_key(seat.registration.start_number) for seat in table.seats)
    return _checked(list_id(table), players, entry_texts(table), table)


# A list's report depends only on its players and entries, so it is kept by exactly those:
# the list page, the save after it and the overview then check a list once, not each time.
# It is also stored with the list (``RoundTable.report``) under a digest of the same and of
# the engine's source, for a server that starts again; a report made for other entries or
# by another engine is never used.
ReportKey = tuple[str, tuple[str, ...], tuple[str, ...]]
_REPORTS: OrderedDict[ReportKey, Report] = OrderedDict()
_REPORTS_SIZE = 1024
_REPORTS_LOCK = threading.Lock()


def forget_reports() -> None:
    """Empty the report cache (benchmarks measuring a first look at every list)."""
    with _REPORTS_LOCK:
        _REPORTS.clear()


def _checked(
    list_name: str,
    players: tuple[str, ...],
    texts: tuple[str, ...],
    stored_on: RoundTable | None = None,
) -> Report:
    """The report from the cache, else as stored with ``stored_on``'s list, else the engine's."""
    key = (list_name, players, texts)
    with _REPORTS_LOCK:
        report = _REPORTS.get(key)
        if report is not None:
            _REPORTS.move_to_end(key)
            return report
    report = _stored_report(stored_on, key) if stored_on is not None else None
    if report is None:
        entries = [json.loads(t) for t in texts]
        report = _engine_report({"id": list_name, "players": list(players), "entries": entries})
    with _REPORTS_LOCK:
        _REPORTS[key] = report
        if len(_REPORTS) > _REPORTS_SIZE:
            _REPORTS.popitem(last=False)
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


def _report_digest(key: ReportKey) -> str:
    return hashlib.sha256(json.dumps([ENGINE_SOURCE, *key]).encode()).hexdigest()


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


def _report_text(key: ReportKey, report: Report) -> str:
    """The report as stored with the list, under the digest of what it was made for."""
    return json.dumps({"key": _report_digest(key), "report": report}, ensure_ascii=False)


def replace_entries(table: RoundTable, entries: list[dict[str, Any]], user: User | None) -> Report:
    """Store ``entries`` as the table's whole list if the engine finds no error.

    For whole lists typed in afterwards (and the demo). On an error nothing changes and
    ScoreListRefused is raised; otherwise the old entries are replaced, every seat gets its
    new total, the list's version moves on and the change is audited. Warnings and infos (an
    unfinished list, an unsigned penalty) do not stop storing; they are in the returned report.
    """
    seats = list(table.seats)
    old = {
        "entries": len(entry_texts(table)),
        "totals": {player_key(s.registration.start_number): s.points for s in seats},
    }
    change = _checked_change(table, _serialise(entries))
    _store(table, change)
    table.version += 1
    audit.record(
        user,
        "replace_list",
        "round_table",
        table.id,
        old=old,
        new={
            "entries": len(entries),
            "totals": dict(change.report["totals"]),
            "version": table.version,
        },
    )
    return change.report


@dataclass(frozen=True)
class _Change:
    """A table's new list as the engine accepted it, worked out before anything is written."""

    key: ReportKey
    report: Report
    texts: list[str]  # every entry as stored
    keep: int  # entries 1..keep stay as they are
    had: int  # entries before the change
    report_text: str  # the report as stored with the list


def _checked_change(table: RoundTable, texts: list[str]) -> _Change:
    """Check the new list exactly as it will be stored, as JSON texts (so no entry reaches the
    database unchecked); raises ScoreListRefused on an error. Only reads."""
    players = tuple(player_key(seat.registration.start_number) for seat in table.seats)
    key = (list_id(table), players, tuple(texts))
    report = _checked(*key)
    if not report["valid"]:
        raise ScoreListRefused(report["findings"], names_of(table))
    # Rows up to the first change stay as they are (a new game touches one row, not the list).
    old = entry_texts(table)
    keep = 0
    while keep < min(len(old), len(texts)) and old[keep] == texts[keep]:
        keep += 1
    return _Change(key, report, texts, keep, len(old), _report_text(key, report))


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
# The texts read for tables loaded without their entries, until the table is expired.
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


def _store(table: RoundTable, change: _Change) -> None:
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


def _record(table: RoundTable, entries: list[Any]) -> dict[str, Any]:
    players = [player_key(seat.registration.start_number) for seat in table.seats]
    return {"id": list_id(table), "players": players, "entries": entries}


def _engine_report(record: dict[str, Any]) -> Report:
    """check_list, with a list it cannot read at all (wrong number of players) as a refusal."""
    try:
        return check_list(record)
    except DokoError as problem:
        message = str(problem)
        found = _RULE.search(message)
        raise _refusal(message, f"TSR {found.group(1)}" if found else "TSR 3.1") from problem


def _serialise(entries: list[dict[str, Any]], first: int = 1) -> list[str]:
    """The entries as stored (JSON texts); ``first``: the number of the first of them."""
    if not isinstance(entries, list):
        raise _refusal("entries: the list's entries in the order they happened", "TSR 8.4")
    texts = []
    for number, entry in enumerate(entries, start=first):
        try:
            texts.append(json.dumps(entry, ensure_ascii=False, allow_nan=False))
        except (TypeError, ValueError) as problem:
            message = f"entry {number}: not storable as JSON ({problem})"
            raise _refusal(message, "TSR 8.4") from problem
    return texts


def _refusal(message: str, rule: str) -> ScoreListRefused:
    """A refusal for a list the engine cannot even read, shaped like its own findings."""
    return ScoreListRefused([{"game": None, "level": "error", "rule": rule, "message": message}])


# ---------------------------------------------------------------------- writing at the table


@dataclass(frozen=True, slots=True)
class Actor:
    """Who writes on a list: a signed-in user, or the table's list-keeper by access code."""

    user: User | None
    by_code: bool = False

    @property
    def is_staff(self) -> bool:
        """Turnierleitung or Schiedsrichter, signed in (not the list-keeper's code)."""
        return self.user is not None and not self.by_code

    @property
    def is_schiedsrichter(self) -> bool:
        """May sign off penalties and give Nachspielzeit (TSR 8.2.2, 8.5.1)."""
        return self.is_staff and self.user is not None and self.user.role in STAFF

    @property
    def audit_note(self) -> dict[str, str]:
        return {"via": "Tischcode"} if self.by_code else {}


STAFF = (Role.TURNIERLEITUNG, Role.SCHIEDSRICHTER)


class StaleList(ServiceError):
    """The page showed an older version of the list; ``changes`` says what happened since."""

    def __init__(self, changes: list[str], already_saved: int | None = None) -> None:
        self.changes = changes
        self.already_saved = already_saved
        if already_saved is not None:
            text = (
                f"Dieser Eintrag ist schon gespeichert (Eintrag {already_saved}); er wurde nicht "
                "noch einmal eingetragen."
            )
        else:
            since = "; ".join(changes) if changes else "die Liste wurde geändert"
            text = (
                f"Nicht gespeichert: Die Liste wurde inzwischen auf einem anderen Gerät geändert "
                f"({since}). Bitte die aktuelle Liste prüfen und den Eintrag, falls er noch "
                "fehlt, erneut eingeben."
            )
        super().__init__(text)


def entries_of(table: RoundTable) -> list[dict[str, Any]]:
    return [json.loads(text) for text in entry_texts(table)]


def names_of(table: RoundTable) -> dict[str, str]:
    """Engine player keys to the players' names, for German messages."""
    return {
        player_key(seat.registration.start_number): seat.registration.player.name
        for seat in table.seats
    }


def trial(table: RoundTable, entries: list[dict[str, Any]]) -> Report:
    """The engine's report for ``entries`` as this table's list, without storing anything."""
    players = tuple(player_key(seat.registration.start_number) for seat in table.seats)
    return _checked(list_id(table), players, tuple(_serialise(entries)))


def trial_problems(table: RoundTable, entries: list[dict[str, Any]]) -> tuple[Report, list[str]]:
    """The trial report for ``entries`` and its errors in German (none: the list may be
    stored); for previews, which show the engine's verdict before anything is stored."""
    try:
        report = trial(table, entries)
    except ScoreListRefused as refused:
        return {"rows": []}, refused.messages
    return report, ScoreListRefused(report["findings"], names_of(table)).messages


def with_dealer(table: RoundTable, entry: dict[str, Any]) -> dict[str, Any]:
    """A new game gets the dealer the rules name now (TSR 3.3.1): the page never sends one."""
    if entry.get("kind") != "game" or "dealer" in entry:
        return entry
    report = check(table)
    dealer = report["next_dealer"]
    if dealer is None:
        # A complete list names no next dealer; with any player of the table the engine
        # says that the list is complete (TSR 8.5) instead of "dealer: null".
        dealer = _record(table, [])["players"][0]
    return {**entry, "dealer": dealer}


def add_entry(
    actor: Actor,
    table: RoundTable,
    version: int,
    entry: dict[str, Any],
    *,
    checked_by_caller: bool = False,
) -> Report:
    """Write ``entry`` at the end of the list (a game, penalty, Nachspielzeit or time up).

    The list-keeper writes games; penalties, Nachspielzeit and time up come through
    :mod:`tournament.rounds.tables`, which checks who may (``checked_by_caller``).
    """
    if entry.get("kind") != "game" and not checked_by_caller:
        raise ServiceError("Strafen, Nachspielzeit und Zeitablauf nur über ihre eigenen Formulare.")
    _may_write(actor, table)
    sent = entry
    _unchanged(table, version, sent)
    old = entry_texts(table)
    entry = with_dealer(table, entry)
    change = _checked_change(table, [*old, *_serialise([entry], len(old) + 1)])
    claim(table, version, sent, by_code=actor.by_code)
    _store(table, change)
    audit.record(
        actor.user,
        "add_list_entry",
        "round_table",
        table.id,
        new={"entry": len(old) + 1, "record": entry, "version": table.version, **actor.audit_note},
    )
    return change.report


def replace_entry(
    actor: Actor, table: RoundTable, version: int, number: int, entry: dict[str, Any]
) -> Report:
    """Correct entry ``number``; the dealer stays as written, all later entries are re-checked."""
    # The version first: a page from before another change is told what changed, not that
    # its entry is no longer the last one or no longer there.
    _may_write(actor, table)
    _unchanged(table, version)
    old = entries_of(table)
    _may_change(actor, table, old, number)
    previous = old[number - 1]
    if entry.get("kind") == "game" and previous.get("kind") == "game":
        entry = {**entry, "dealer": previous.get("dealer")}
    texts = entry_texts(table)
    new = _serialise([entry], number)
    change = _checked_change(table, [*texts[: number - 1], *new, *texts[number:]])
    claim(table, version, by_code=actor.by_code)
    _store(table, change)
    audit.record(
        actor.user,
        "correct_list_entry",
        "round_table",
        table.id,
        old={"entry": number, "record": previous},
        new={"entry": number, "record": entry, "version": table.version, **actor.audit_note},
    )
    return change.report


def delete_entry(actor: Actor, table: RoundTable, version: int, number: int) -> Report:
    """Strike entry ``number`` from the list; all later entries are re-checked."""
    _may_write(actor, table)
    _unchanged(table, version)
    old = entries_of(table)
    _may_change(actor, table, old, number)
    texts = entry_texts(table)
    change = _checked_change(table, [*texts[: number - 1], *texts[number:]])
    claim(table, version, by_code=actor.by_code)
    _store(table, change)
    audit.record(
        actor.user,
        "delete_list_entry",
        "round_table",
        table.id,
        old={"entry": number, "record": old[number - 1]},
        new={"version": table.version, **actor.audit_note},
    )
    return change.report


def _may_write(actor: Actor, table: RoundTable) -> None:
    _may_write_to(table, by_code=actor.by_code)


def _may_write_to(table: RoundTable, *, by_code: bool) -> None:
    round_ = table.round
    if round_.status is RoundStatus.DRAWN:
        raise ServiceError(
            f"Runde {round_.number} hat noch nicht begonnen: Spiele können erst eingetragen "
            "werden, wenn die Turnierleitung die Runde startet."
        )
    if round_.status is RoundStatus.FINISHED:
        raise ServiceError(
            f"Runde {round_.number} ist abgeschlossen: die Liste kann nicht mehr geändert werden."
        )
    if by_code and table.locked:
        raise ServiceError(
            f"Die Liste von Tisch {table.number} ist von der Turnierleitung gesperrt: bitte "
            "an die Turnierleitung oder den Schiedsrichter wenden."
        )


def _may_change(actor: Actor, table: RoundTable, old: list[dict[str, Any]], number: int) -> None:
    """Corrections: staff any entry; the list-keeper only the last entry, if it is a game."""
    if not 1 <= number <= len(old):
        raise ServiceError(f"Die Liste hat keinen Eintrag {number}.")
    if actor.is_staff:
        return
    if number != len(old) or old[-1].get("kind") != "game":
        raise ServiceError(
            "Am Tisch kann nur das zuletzt eingetragene Spiel korrigiert oder gelöscht werden; "
            "für frühere Einträge bitte den Schiedsrichter oder die Turnierleitung holen."
        )


def _unchanged(table: RoundTable, version: int, entry: dict[str, Any] | None = None) -> None:
    """Refuse a page showing another version than the one read, saying what changed since."""
    if table.version != version or not 0 < version < MAX_VERSION:
        raise _stale(table, version, entry)


def claim(
    table: RoundTable, version: int, entry: dict[str, Any] | None = None, *, by_code: bool = False
) -> None:
    """Take the list for one change: a conditional UPDATE of its version, as
    ``tournaments.claim``. Writing begins here (``begin_writing``): the UPDATE matches only
    while the list is still at the version this request read, its round is running and, for
    the list-keeper's code (``by_code``), the list is not locked, so everything worked out
    from what was read is still right when it is stored."""
    ok = 0 < version < MAX_VERSION
    if ok:
        begin_writing()
        result = db.session.execute(
            _CLAIM_UNLOCKED if by_code else _CLAIM, {"table_row": table.id, "read_version": version}
        )
        ok = result.rowcount == 1  # type: ignore[attr-defined]
    if not ok:
        db.session.refresh(table)
        db.session.refresh(table.round)
        _may_write_to(table, by_code=by_code)
        raise _stale(table, version, entry)
    # The row now holds version + 1 (the UPDATE matched it): no need to read it back.
    set_committed_value(table, "version", version + 1)


def _stale(table: RoundTable, version: int, entry: dict[str, Any] | None) -> StaleList:
    """What changed on the list since ``version``, in German; a resent entry is recognised."""
    changes: list[str] = []
    resent = None
    names = names_of(table)
    for event in audit.events_for("round_table", table.id):
        new = json.loads(event.new_value or "{}")
        if not isinstance(new.get("version"), int) or new["version"] <= version:
            continue
        old = json.loads(event.old_value or "{}")
        changes.append(_describe_change(event.action, old, new, names))
        record = new.get("record")
        if entry is not None and event.action == "add_list_entry" and _same(record, entry):
            resent = new.get("entry")
    if resent is not None and len(changes) == 1:
        return StaleList(changes, already_saved=resent)
    return StaleList(changes)


def _same(stored: Any, sent: dict[str, Any]) -> bool:
    """The stored record is the sent one (a game's dealer is added when it is stored)."""
    if not isinstance(stored, dict):
        return False
    return {k: v for k, v in stored.items() if k != "dealer" or "dealer" in sent} == sent


_ACTIONS = {
    "add_list_entry": "Eintrag {entry} ({what}) hinzugefügt",
    "correct_list_entry": "Eintrag {entry} ({what}) korrigiert",
    "delete_list_entry": "Eintrag {entry} ({what}) gelöscht",
    "replace_list": "die ganze Liste neu eingetragen",
}


def _describe_change(
    action: str, old: dict[str, Any], new: dict[str, Any], names: dict[str, str]
) -> str:
    record = new.get("record") or old.get("record") or {}
    entry = new.get("entry") or old.get("entry") or "?"
    template = _ACTIONS.get(action, "geändert")
    return template.format(entry=entry, what=describe_entry(record, names))


def describe_entry(record: dict[str, Any], names: dict[str, str]) -> str:
    """A list entry in a few German words, e.g. "Normalspiel, Re: Anna, Ben"."""
    kind = record.get("kind")
    if kind == "penalty":
        offender = names.get(str(record.get("offender")), str(record.get("offender")))
        return f"Strafpunkte gegen {offender}"
    if kind == "nachspielzeit":
        return f"Nachspielzeit {record.get('minutes')} Minuten"
    if kind == "time_up":
        return "Zeit abgelaufen"
    if kind != "game":
        return "unbekannter Eintrag"
    label = GAME_LABELS.get(str(record.get("type")), "Spiel")
    if record.get("type") == "solo":
        label = SOLO_LABELS.get(_pflicht_key(record.get("pflicht")), "Solo")
    re = record.get("re")
    if isinstance(re, list) and re:
        return f"{label}, Re: {', '.join(names.get(str(k), str(k)) for k in re)}"
    player = record.get("player")
    if player is not None:
        return f"{label}, {names.get(str(player), str(player))}"
    return label


GAME_LABELS = {
    "normal": "Normalspiel",
    "hochzeit": "Hochzeit",
    "stille_hochzeit": "stille Hochzeit",
    "solo": "Solo",
}
SOLO_LABELS = {
    "pflicht": "Pflichtsolo",
    "vorgefuehrt": "vorgeführtes Pflichtsolo",
    "lust": "Lustsolo",
}


def _pflicht_key(value: Any) -> str:
    if value is True:
        return "pflicht"
    if value == "vorgefuehrt":
        return "vorgefuehrt"
    return "lust"
