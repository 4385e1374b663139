"""Score lists: a table's list is stored only as the rules engine accepts it.

The engine knows players by name; here a table's players are their start numbers as text
(``"12"``), because names repeat and get corrected while start numbers stay. A seat's
``points`` is the engine's total for that player, written whenever the list is stored, so the
standings read one row per player and never replay lists.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from rules_engine.errors import DokoError
from rules_engine.scorelist import check_list
from tournament.extensions import db
from tournament.models import ListEntry, RoundTable, User
from tournament.services import audit

Report = dict[str, Any]
_RULE = re.compile(r"\(TSR (\d+(?:\.\d+)*)")


class ScoreListRefused(ValueError):
    """The engine found errors in a list, so nothing was stored; ``findings`` are the report's
    findings (warnings too), ``str()`` a German sentence for the page."""

    def __init__(self, findings: Sequence[dict[str, Any]]) -> None:
        self.findings = list(findings)
        errors = self.errors
        first = f" Erster Fehler: {errors[0]['message']}" if errors else ""
        super().__init__(f"Die Liste wurde nicht gespeichert ({len(errors)} Fehler).{first}")

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
    """The table's stored list in the format of ``docs/score-list-format.md``."""
    return _record(table, [json.loads(entry.record) for entry in table.entries])


def check(table: RoundTable) -> Report:
    """The engine's report of the stored list (raises ScoreListRefused if the table's seats
    cannot form a list at all, e.g. a seat is missing)."""
    return _engine_report(list_record(table))


def replace_entries(table: RoundTable, entries: list[dict[str, Any]], user: User | None) -> Report:
    """Store ``entries`` as the table's whole list if the engine finds no error.

    The entries are checked exactly as they will be stored (after the JSON round trip), so no
    entry reaches the database unchecked. On an error nothing changes and ScoreListRefused is
    raised; otherwise the old entries are replaced, every seat gets its new total and the
    change is audited. Warnings and infos (an unfinished list, an unsigned penalty) do not
    stop storing; they are in the returned report.
    """
    texts = _serialise(entries)
    stored = [json.loads(text) for text in texts]
    report = _engine_report(_record(table, stored))
    if not report["valid"]:
        raise ScoreListRefused(report["findings"])

    seats = list(table.seats)
    old = {
        "entries": len(table.entries),
        "totals": {player_key(s.registration.start_number): s.points for s in seats},
    }
    # Flush the deletions first: the new rows reuse the numbers 1..n of the old ones.
    table.entries.clear()
    db.session.flush()
    table.entries.extend(
        ListEntry(number=number, kind=entry["kind"], record=text)
        for number, (entry, text) in enumerate(zip(stored, texts, strict=True), start=1)
    )
    totals: dict[str, int] = report["totals"]
    for seat in seats:
        seat.points = totals[player_key(seat.registration.start_number)]
    audit.record(
        user,
        "replace_list",
        "round_table",
        table.id,
        old=old,
        new={"entries": len(stored), "totals": dict(totals)},
    )
    return report


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


def _serialise(entries: list[dict[str, Any]]) -> list[str]:
    if not isinstance(entries, list):
        raise _refusal("entries: the list's entries in the order they happened", "TSR 8.4")
    texts = []
    for number, entry in enumerate(entries, start=1):
        try:
            texts.append(json.dumps(entry, ensure_ascii=False, allow_nan=False))
        except (TypeError, ValueError) as problem:
            message = f"entry {number}: not storable as JSON ({problem})"
            raise _refusal(message, "TSR 8.4") from problem
    return texts


def _refusal(message: str, rule: str) -> ScoreListRefused:
    """A refusal for a list the engine cannot even read, shaped like its own findings."""
    return ScoreListRefused([{"game": None, "level": "error", "rule": rule, "message": message}])
