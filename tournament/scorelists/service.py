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

The checks and who may write are here; how a list is kept (its entries, the engine's report
cached and stored, the Core statements, the version claim) is :mod:`tournament.scorelists.store`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from rules_engine.findings import Code, Finding
from tournament.domain import audit_log as audit
from tournament.domain import names
from tournament.domain.errors import (
    ScoreListRefused,
    ServiceError,
    StaleList,
    not_storable,
    unreadable,
)
from tournament.domain.tournaments import MAX_VERSION
from tournament.extensions import db
from tournament.models import Role, RoundStatus, RoundTable, User
from tournament.scorelists import store
from tournament.scorelists.entries import describe_entry
from tournament.scorelists.store import Report, player_key
from tournament.texts.messages import Part, Refusal, part, refusal_text


def list_id(table: RoundTable) -> str:
    """The list's ``id`` in reports and exports, e.g. ``"r1-t3"``."""
    return f"r{table.round.number}-t{table.number}"


def list_record(table: RoundTable) -> dict[str, Any]:
    """The table's stored list in the format of ``docs/contracts/score-list.md``."""
    return _record(table, [json.loads(text) for text in store.entry_texts(table)])


def check(table: RoundTable) -> Report:
    """The engine's report of the stored list (raises ScoreListRefused if the table's seats
    cannot form a list at all, e.g. a seat is missing). Shared from a cache: read it, never
    change it."""
    players = tuple(player_key(seat.registration.start_number) for seat in table.seats)
    return store.report_for(list_id(table), players, store.entry_texts(table), table)


def replace_entries(table: RoundTable, entries: list[dict[str, Any]], user: User | None) -> Report:
    """Store ``entries`` as the table's whole list if the engine finds no error.

    For whole lists typed in afterwards (and the demo). On an error nothing changes and
    ScoreListRefused is raised; otherwise the old entries are replaced, every seat gets its
    new total, the list's version moves on and the change is audited. Warnings and infos (an
    unfinished list, an unsigned penalty) do not stop storing; they are in the returned report.
    """
    seats = list(table.seats)
    old = {
        "entries": len(store.entry_texts(table)),
        "totals": {player_key(s.registration.start_number): s.points for s in seats},
    }
    change = _checked_change(table, _serialise(entries))
    store.write(table, change)
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


def _checked_change(table: RoundTable, texts: list[str]) -> store.Change:
    """Check the new list exactly as it will be stored, as JSON texts (so no entry reaches the
    database unchecked); raises ScoreListRefused on an error. Only reads."""
    players = tuple(player_key(seat.registration.start_number) for seat in table.seats)
    key = (list_id(table), players, tuple(texts))
    report = store.report_for(*key)
    if not report["valid"]:
        raise ScoreListRefused(report["findings"], names_of(table))
    # Rows up to the first change stay as they are (a new game touches one row, not the list).
    old = store.entry_texts(table)
    keep = 0
    while keep < min(len(old), len(texts)) and old[keep] == texts[keep]:
        keep += 1
    return store.Change(key, report, texts, keep, len(old), store.report_text(key, report))


def _serialise(entries: list[dict[str, Any]], first: int = 1) -> list[str]:
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


def _record(table: RoundTable, entries: list[Any]) -> dict[str, Any]:
    players = [player_key(seat.registration.start_number) for seat in table.seats]
    return {"id": list_id(table), "players": players, "entries": entries}


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


def entries_of(table: RoundTable) -> list[dict[str, Any]]:
    return [json.loads(text) for text in store.entry_texts(table)]


def names_of(table: RoundTable) -> dict[str, str]:
    """Engine player keys to the players' display labels (namesakes told apart, see
    :mod:`tournament.domain.names`), for the list's pages and German messages."""
    labels = names.of_tournament(table.round.tournament_id)
    return {
        player_key(seat.registration.start_number): labels.get(
            seat.registration_id, seat.registration.player.name
        )
        for seat in table.seats
    }


def trial(table: RoundTable, entries: list[dict[str, Any]]) -> Report:
    """The engine's report for ``entries`` as this table's list, without storing anything."""
    players = tuple(player_key(seat.registration.start_number) for seat in table.seats)
    return store.report_for(list_id(table), players, tuple(_serialise(entries)))


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
        raise ServiceError(Refusal.ENTRY_NEEDS_OWN_FORM)
    _may_write(actor, table)
    sent = entry
    _unchanged(table, version, sent)
    old = store.entry_texts(table)
    entry = with_dealer(table, entry)
    change = _checked_change(table, [*old, *_serialise([entry], len(old) + 1)])
    new = {"entry": len(old) + 1, "record": entry}
    return _store_change(actor, table, version, change, "add_list_entry", None, new, sent)


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
    texts = store.entry_texts(table)
    new = _serialise([entry], number)
    change = _checked_change(table, [*texts[: number - 1], *new, *texts[number:]])
    return _store_change(
        actor,
        table,
        version,
        change,
        "correct_list_entry",
        {"entry": number, "record": previous},
        {"entry": number, "record": entry},
    )


def delete_entry(actor: Actor, table: RoundTable, version: int, number: int) -> Report:
    """Strike entry ``number`` from the list; all later entries are re-checked."""
    _may_write(actor, table)
    _unchanged(table, version)
    old = entries_of(table)
    _may_change(actor, table, old, number)
    texts = store.entry_texts(table)
    change = _checked_change(table, [*texts[: number - 1], *texts[number:]])
    old_entry = {"entry": number, "record": old[number - 1]}
    return _store_change(actor, table, version, change, "delete_list_entry", old_entry, {})


def _store_change(
    actor: Actor,
    table: RoundTable,
    version: int,
    change: store.Change,
    action: str,
    old: dict[str, Any] | None,
    new: dict[str, Any],
    sent: dict[str, Any] | None = None,
) -> Report:
    """Claim the list (``sent``: the entry as the page sent it), write the checked change and
    audit it as ``action``; the event's ``new`` gains the list's new version."""
    claim(table, version, sent, by_code=actor.by_code)
    store.write(table, change)
    audit.record(
        actor.user,
        action,
        "round_table",
        table.id,
        old=old,
        new={**new, "version": table.version, **actor.audit_note},
    )
    return change.report


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


def _unchanged(table: RoundTable, version: int, entry: dict[str, Any] | None = None) -> None:
    """Refuse a page showing another version than the one read, saying what changed since."""
    if table.version != version or not 0 < version < MAX_VERSION:
        raise _stale(table, version, entry)


def claim(
    table: RoundTable, version: int, entry: dict[str, Any] | None = None, *, by_code: bool = False
) -> None:
    """Take the list for one change (:func:`store.claim_version`), or refuse: the round is not
    running, the list is locked for the list-keeper's code (``by_code``), or it is no longer at
    the version this request read (:class:`StaleList`, saying what changed since)."""
    if not (0 < version < MAX_VERSION and store.claim_version(table, version, by_code=by_code)):
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
