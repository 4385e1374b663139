"""Score lists: a table's list is stored only as the rules engine accepts it, and only here.

A seat's ``points`` is the engine's total for that player, written whenever the list is
stored, so the standings read one row per player and never replay lists.

Every change at the table (a game added, corrected or deleted, a penalty, Nachspielzeit, time
up) goes through :func:`write`: it checks who may make the change, builds the whole new list
and lets the engine check it (so a correction re-checks everything after it), claims the
table's ``version``, stores the list, writes the audit event and gives back the engine's report
with the list's page model (:class:`Written`). A page saved from an older version (second
device, double click, retried request) is refused and told what changed in between.

How a list is kept and read back (its entries, the engine's report cached and stored, the Core
statements, the version claim) is :mod:`tournament.domain.list_store`; the reading that pages
and features need is offered here too.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from tournament.domain import audit_log as audit
from tournament.domain import list_sheet, list_store
from tournament.domain.errors import ScoreListRefused, ServiceError, StaleList
from tournament.domain.list_entries import describe_entry
from tournament.domain.list_sheet import Sheet
from tournament.domain.list_store import (
    Report,
    check,
    entries_of,
    names_of,
    player_key,
    serialise,
    trial,
)
from tournament.domain.table_clock import clock
from tournament.domain.tournaments import MAX_VERSION
from tournament.extensions import db
from tournament.models import Role, RoundStatus, RoundTable, User
from tournament.texts.messages import Part, Refusal, part

#: The most Nachspielzeit the Schiedsrichter gives a table at once, in minutes.
MAX_EXTENSION = 60


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


# ---------------------------------------------------------------------- the one write path


@dataclass(frozen=True, slots=True)
class NewEntry:
    """An entry written at the end of the list: a game, a penalty, Nachspielzeit or time up."""

    entry: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Correction:
    """Entry ``number`` written anew; a game keeps its dealer, all later entries are
    re-checked."""

    number: int
    entry: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Deletion:
    """Entry ``number`` struck from the list; all later entries are re-checked."""

    number: int


ListChange = NewEntry | Correction | Deletion


@dataclass(frozen=True, slots=True)
class Written:
    """A stored change: the engine's report of the list as it is now, and its page model."""

    report: Report
    sheet: Sheet


def write(actor: Actor, table: RoundTable, version: int, change: ListChange) -> Written:
    """Make ``change`` on the table's list, for a page that showed list ``version``.

    Who may: the list-keeper writes games and corrects the last one; penalties and
    Nachspielzeit are the Schiedsrichter's (and the Turnierleitung's), time up is staff's, and
    the list-keeper's once the table's time is over after time was called. Raises
    ServiceError (a :class:`StaleList` for a page from before another change, a
    ScoreListRefused when the engine finds an error in the new list); nothing is then stored.
    """
    if isinstance(change, NewEntry):
        return _add(actor, table, version, change.entry)
    # The version first: a page from before another change is told what changed, not that
    # its entry is no longer the last one or no longer there.
    _may_write(actor, table)
    _unchanged(table, version)
    old = entries_of(table)
    _may_change(actor, table, old, change.number)
    texts = list_store.entry_texts(table)
    previous = old[change.number - 1]
    before = {"entry": change.number, "record": previous}
    if isinstance(change, Deletion):
        checked = _checked_change(table, [*texts[: change.number - 1], *texts[change.number :]])
        return _store(actor, table, version, checked, "delete_list_entry", before, {})
    entry = change.entry
    if entry.get("kind") == "game" and previous.get("kind") == "game":
        entry = {**entry, "dealer": previous.get("dealer")}
    new = serialise([entry], change.number)
    checked = _checked_change(table, [*texts[: change.number - 1], *new, *texts[change.number :]])
    after = {"entry": change.number, "record": entry}
    return _store(actor, table, version, checked, "correct_list_entry", before, after)


def _add(actor: Actor, table: RoundTable, version: int, entry: dict[str, Any]) -> Written:
    entry = _allowed_entry(actor, table, entry)
    _may_write(actor, table)
    sent = entry
    _unchanged(table, version, sent)
    old = list_store.entry_texts(table)
    entry = with_dealer(table, entry)
    checked = _checked_change(table, [*old, *serialise([entry], len(old) + 1)])
    new = {"entry": len(old) + 1, "record": entry}
    return _store(actor, table, version, checked, "add_list_entry", None, new, sent)


def _allowed_entry(actor: Actor, table: RoundTable, entry: dict[str, Any]) -> dict[str, Any]:
    """The new entry as it is written, if ``actor`` may write an entry of its kind now: a
    penalty signed by the Schiedsrichter who enters it (TSR 8.2.2), Nachspielzeit of whole
    minutes with its reason (TSR 8.5.1), time up once it is due (TSR 8.5.3)."""
    kind = entry.get("kind")
    if kind == "penalty":
        if not actor.is_schiedsrichter or actor.user is None:
            raise ServiceError(Refusal.PENALTY_NOT_ALLOWED)
        return {**entry, "signed_by": actor.user.username}
    if kind == "nachspielzeit":
        if not actor.is_schiedsrichter:
            raise ServiceError(Refusal.EXTENSION_NOT_ALLOWED)
        minutes = entry.get("minutes")
        if type(minutes) is not int or not 1 <= minutes <= MAX_EXTENSION:
            raise ServiceError(
                Refusal.EXTENSION_MINUTES, field="minutes", minutes=minutes, most=MAX_EXTENSION
            )
        reason = entry.get("reason")
        reason = reason.strip() if isinstance(reason, str) else ""
        if not reason:
            raise ServiceError(Refusal.EXTENSION_REASON_MISSING, field="reason")
        return {**entry, "reason": reason}
    if kind == "time_up":
        report = check(table)
        if not may_mark_time_up(actor, table, report):
            raise why_not_time_up(table, report)
    return entry


def _store(
    actor: Actor,
    table: RoundTable,
    version: int,
    change: list_store.Change,
    action: str,
    old: dict[str, Any] | None,
    new: dict[str, Any],
    sent: dict[str, Any] | None = None,
) -> Written:
    """Claim the list (``sent``: the entry as the page sent it), write the checked change and
    audit it as ``action``; the event's ``new`` gains the list's new version."""
    claim(table, version, sent, by_code=actor.by_code)
    list_store.write(table, change)
    audit.record(
        actor.user,
        action,
        "round_table",
        table.id,
        old=old,
        new={**new, "version": table.version, **actor.audit_note},
    )
    return Written(change.report, list_sheet.sheet(table))


def replace_entries(table: RoundTable, entries: list[dict[str, Any]], user: User | None) -> Report:
    """Store ``entries`` as the table's whole list if the engine finds no error.

    For whole lists typed in afterwards (and the demo). On an error nothing changes and
    ScoreListRefused is raised; otherwise the old entries are replaced, every seat gets its
    new total, the list's version moves on and the change is audited. Warnings and infos (an
    unfinished list, an unsigned penalty) do not stop storing; they are in the returned report.
    """
    seats = list(table.seats)
    old = {
        "entries": len(list_store.entry_texts(table)),
        "totals": {player_key(s.registration.start_number): s.points for s in seats},
    }
    change = _checked_change(table, serialise(entries))
    list_store.write(table, change)
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


def _checked_change(table: RoundTable, texts: list[str]) -> list_store.Change:
    """Check the new list exactly as it will be stored, as JSON texts (so no entry reaches the
    database unchecked); raises ScoreListRefused on an error. Only reads."""
    key = list_store.key_of(table, texts)
    report = list_store.report_for(*key)
    if not report["valid"]:
        raise ScoreListRefused(report["findings"], names_of(table))
    # Rows up to the first change stay as they are (a new game touches one row, not the list).
    old = list_store.entry_texts(table)
    keep = 0
    while keep < min(len(old), len(texts)) and old[keep] == texts[keep]:
        keep += 1
    stored = list_store.report_text(key, report)
    return list_store.Change(key, report, texts, keep, len(old), stored)


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
        dealer = list_store.players_of(table)[0]
    return {**entry, "dealer": dealer}


# ---------------------------------------------------------------------- who may write


def _may_write(actor: Actor, table: RoundTable) -> None:
    _may_write_to(table, by_code=actor.by_code)


def _may_write_to(table: RoundTable, *, by_code: bool) -> None:
    round_ = table.round
    if round_.status is RoundStatus.DRAWN:
        raise ServiceError(Refusal.ROUND_NOT_STARTED, round=round_.number)
    if round_.status is RoundStatus.FINISHED:
        raise ServiceError(Refusal.LIST_OF_FINISHED_ROUND, round=round_.number)
    if by_code and table.locked:
        raise ServiceError(Refusal.LIST_LOCKED, table=table.number)


def why_not_writable(actor: Actor, table: RoundTable) -> ServiceError | None:
    """Why ``actor`` may not change ``table``'s list now (round not running, list locked for
    the code), or ``None`` if they may."""
    try:
        _may_write(actor, table)
    except ServiceError as error:
        return error
    return None


def _may_change(actor: Actor, table: RoundTable, old: list[dict[str, Any]], number: int) -> None:
    """Corrections: staff any entry; the list-keeper only the last entry, if it is a game."""
    if not 1 <= number <= len(old):
        raise ServiceError(Refusal.NO_SUCH_ENTRY, entry=number)
    if actor.is_staff:
        return
    if number != len(old) or old[-1].get("kind") != "game":
        raise ServiceError(Refusal.ONLY_LAST_GAME)


def may_mark_time_up(actor: Actor, table: RoundTable, report: Report) -> bool:
    """Staff always; the list-keeper once time is called and the table's own time is over."""
    if report["time_up"] or report["complete"] or table.round.status is not RoundStatus.RUNNING:
        return False
    if actor.is_staff:
        return True
    return table.round.time_up_at is not None and clock(table, report).over


def why_not_time_up(table: RoundTable, report: Report) -> ServiceError:
    """Why nobody may write time up on this list now (what :func:`may_mark_time_up` refused)."""
    if report["time_up"]:
        return ServiceError(Refusal.TIME_UP_ALREADY_MARKED)
    if report["complete"]:
        return ServiceError(Refusal.LIST_COMPLETE)
    if table.round.status is not RoundStatus.RUNNING:
        return ServiceError(Refusal.ROUND_NOT_RUNNING, round=table.round.number)
    if table.round.time_up_at is None:
        return ServiceError(Refusal.TIME_NOT_CALLED)
    return ServiceError(Refusal.EXTRA_TIME_LEFT)


# ---------------------------------------------------------------------- the version claim


def _unchanged(table: RoundTable, version: int, entry: dict[str, Any] | None = None) -> None:
    """Refuse a page showing another version than the one read, saying what changed since."""
    if table.version != version or not 0 < version < MAX_VERSION:
        raise _stale(table, version, entry)


def claim(
    table: RoundTable, version: int, entry: dict[str, Any] | None = None, *, by_code: bool = False
) -> None:
    """Take the list for one change (:func:`list_store.claim_version`), or refuse: the round is
    not running, the list is locked for the list-keeper's code (``by_code``), or it is no
    longer at the version this request read (:class:`StaleList`, saying what changed since)."""
    if not (
        0 < version < MAX_VERSION and list_store.claim_version(table, version, by_code=by_code)
    ):
        db.session.refresh(table)
        db.session.refresh(table.round)
        _may_write_to(table, by_code=by_code)
        raise _stale(table, version, entry)


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
    "add_list_entry": Part.ENTRY_ADDED,
    "correct_list_entry": Part.ENTRY_CORRECTED,
    "delete_list_entry": Part.ENTRY_DELETED,
    "replace_list": Part.LIST_REPLACED,
}


def _describe_change(
    action: str, old: dict[str, Any], new: dict[str, Any], names: dict[str, str]
) -> str:
    record = new.get("record") or old.get("record") or {}
    entry = new.get("entry") or old.get("entry") or "?"
    if action not in _ACTIONS:
        return part(Part.LIST_CHANGED)
    return part(_ACTIONS[action], entry=entry, what=describe_entry(record, names))
