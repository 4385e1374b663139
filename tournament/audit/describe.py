"""A Protokoll entry in German: one sentence with names instead of ids, and the fields it
changed, before and after.

:func:`describe` is a pure function of an event (:class:`EventData`) and what the page looked
up about the objects it names (:class:`Lookups`, built by
:func:`tournament.audit.service.lookups_for` with one query per kind of object). It reads any
stored value: JSON that does not parse, or has a shape this module does not know, is shown as
it is, and an object that no longer exists is named by its id ("Tisch #24").
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules_engine import DokoError, score, score_record, summary_from_record
from rules_engine.rulesets import parse_rules
from tournament.domain.list_entries import (
    GAME_TYPE_LABELS,
    KONTRA_CALLS,
    PENALTY_LABELS,
    PFLICHT_LABELS,
    RE_CALLS,
)
from tournament.texts import audit as words
from tournament.texts import results as results_words
from tournament.texts.messages import counted
from tournament.texts.solos import SOLO_NAMES

# ------------------------------------------------------------------------------ the input


@dataclass(frozen=True, slots=True)
class EventData:
    """One stored audit event, as read from the database (the JSON still as text)."""

    id: int
    at: dt.datetime
    user_id: int | None
    action: str
    object_type: str
    object_id: int | None
    old_value: str | None = None
    new_value: str | None = None


@dataclass(frozen=True, slots=True)
class RoundInfo:
    number: int
    tournament_id: int


@dataclass(frozen=True, slots=True)
class TableInfo:
    """A table, and its players as (start number as text, name) in seat order."""

    number: int
    round_number: int
    tournament_id: int
    players: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class RegistrationInfo:
    name: str
    start_number: int
    tournament_id: int


@dataclass(frozen=True, slots=True)
class Lookups:
    """What a page of the Protokoll knows about the objects its events name, by id."""

    users: Mapping[int, str] = field(default_factory=dict)
    tournaments: Mapping[int, str] = field(default_factory=dict)
    rounds: Mapping[int, RoundInfo] = field(default_factory=dict)
    tables: Mapping[int, TableInfo] = field(default_factory=dict)
    registrations: Mapping[int, RegistrationInfo] = field(default_factory=dict)
    #: A tournament's players: start number as text to name.
    start_numbers: Mapping[int, Mapping[str, str]] = field(default_factory=dict)
    #: The rule set of a tournament not under the plain DDV rules: the engine's ``"rules"``.
    rules: Mapping[int, Any] = field(default_factory=dict)

    def tournament_of(self, event: EventData) -> int | None:
        """The tournament the event's object belongs to (``None``: an account, or gone)."""
        object_id = event.object_id
        if object_id is None:
            return None
        kind = event.object_type
        if kind == "tournament":
            return object_id
        found: RoundInfo | TableInfo | RegistrationInfo | None = None
        if kind == "round":
            found = self.rounds.get(object_id)
        elif kind == "round_table":
            found = self.tables.get(object_id)
        elif kind == "registration":
            found = self.registrations.get(object_id)
        return None if found is None else found.tournament_id


# ------------------------------------------------------------------------------ the output


@dataclass(frozen=True, slots=True)
class Change:
    """One field of the before/after table, both values as German text."""

    label: str
    before: str
    after: str

    @property
    def changed(self) -> bool:
        return self.before != self.after


@dataclass(frozen=True, slots=True)
class Described:
    """An event in German: ``sentence`` is what the list shows (subject, action, who, and the
    short ``summary`` of the change); ``changes`` the before/after table of the detail page."""

    subject: str
    action: str
    by: str
    summary: str
    changes: tuple[Change, ...]
    tournament: str | None = None

    @property
    def sentence(self) -> str:
        head = f"{self.subject}: {self.action}"
        if self.by:
            head += f" {self.by}"
        return f"{head}: {self.summary}" if self.summary else head

    @property
    def changed(self) -> tuple[Change, ...]:
        return tuple(c for c in self.changes if c.changed)

    @property
    def unchanged(self) -> tuple[Change, ...]:
        return tuple(c for c in self.changes if not c.changed)


# ------------------------------------------------------------------------------ describing

_LIST_ENTRY_ACTIONS = ("add_list_entry", "correct_list_entry", "delete_list_entry")
#: Stored fields no Turnierleiter needs to read (the list's version number, how it was sent).
_HIDDEN = frozenset({"version", "via"})
#: Actions whose sentence says all: no summary after it.
_NO_SUMMARY = frozenset(
    {
        ("round", "start"),
        ("round", "finish"),
        ("round", "time_up"),
        ("round_table", "renew_code"),
        ("round_table", "revoke_code"),
        ("round_table", "lock_list"),
        ("round_table", "unlock_list"),
        ("user", "login"),
        ("user", "logout"),
        ("user", "password"),
        ("user", "update"),
        ("registration", "reinstate"),
    }
)


def describe(event: EventData, lookups: Lookups) -> Described:
    """The event as a German sentence with names, and its before/after table."""
    old, old_raw = parse(event.old_value)
    new, new_raw = parse(event.new_value)
    players = _players(event, lookups)
    kind = (event.object_type, event.action)
    if event.object_type == "round_table" and event.action in _LIST_ENTRY_ACTIONS:
        table = lookups.tables.get(event.object_id) if event.object_id is not None else None
        seats = [key for key, _ in table.players] if table is not None else []
        rules = lookups.rules.get(table.tournament_id) if table is not None else None
        action, summary, changes = _list_entry(event.action, old, new, players, seats, rules)
    elif kind == ("round_table", "replace_list"):
        action, summary, changes = _replace_list(old, new, players)
    else:
        action = _action_text(event, new)
        changes = _field_changes(old, new, players)
        summary = "" if kind in _NO_SUMMARY else _summary(event, old, new, changes, players)
    if old_raw is not None:
        changes = (*changes, _unreadable(old_raw, ""))
    if new_raw is not None:
        changes = (*changes, _unreadable("", new_raw))
    tournament_id = lookups.tournament_of(event)
    tournament = None if tournament_id is None else lookups.tournaments.get(tournament_id)
    return Described(
        subject=_subject(event, lookups, old, new),
        action=action,
        by=_by(event, lookups, new),
        summary=summary,
        changes=changes,
        tournament=tournament,
    )


def _unreadable(before: str, after: str) -> Change:
    """A stored value that is no JSON object, shown as it is."""
    return Change(
        words.FIELD_LABELS["record"],
        words.UNREADABLE.format(text=before) if before else "",
        words.UNREADABLE.format(text=after) if after else "",
    )


def parse(text: str | None) -> tuple[dict[str, Any], str | None]:
    """A stored value as a dict, and the text itself if it is no JSON object."""
    if text is None or text == "":
        return {}, None
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return {}, text
    if isinstance(value, dict):
        return value, None
    return {}, text


def _subject(
    event: EventData, lookups: Lookups, old: Mapping[str, Any], new: Mapping[str, Any]
) -> str:
    kind, object_id = event.object_type, event.object_id
    template = words.OBJECTS.get(kind)
    if template is None:
        if object_id is None:
            return words.NO_OBJECT.format(type=kind)
        return words.UNKNOWN_OBJECT.format(type=kind, id=object_id)
    if object_id is not None:
        if kind == "tournament" and object_id in lookups.tournaments:
            return template.format(name=lookups.tournaments[object_id])
        if kind == "registration" and object_id in lookups.registrations:
            registration = lookups.registrations[object_id]
            return template.format(name=registration.name, number=registration.start_number)
        if kind == "round" and object_id in lookups.rounds:
            return template.format(number=lookups.rounds[object_id].number)
        if kind == "round_table" and object_id in lookups.tables:
            table = lookups.tables[object_id]
            return template.format(number=table.number, round=table.round_number)
        if kind == "user" and object_id in lookups.users:
            return template.format(name=lookups.users[object_id])
    # Gone from the database: what the event itself stored, else the id.
    stored = {**old, **new}
    if kind == "registration" and "name" in stored and "start_number" in stored:
        return template.format(name=_plain(stored["name"]), number=_plain(stored["start_number"]))
    if kind in ("tournament", "user", "series") and ("name" in stored or "username" in stored):
        return template.format(name=_plain(stored.get("name", stored.get("username"))))
    if kind == "round" and "number" in stored:
        return template.format(number=_plain(stored["number"]))
    return words.MISSING_OBJECTS[kind].format(id="?" if object_id is None else object_id)


def _by(event: EventData, lookups: Lookups, new: Mapping[str, Any]) -> str:
    by_code = new.get("via") == "Tischcode"
    user_id = event.user_id
    if user_id is None:
        return words.BY_CODE if by_code else ""
    own = event.object_type == "user" and event.object_id == user_id
    if own and event.action in ("login", "logout", "create"):
        return ""  # "Konto anna: am System angemeldet", not "... von anna"
    name = lookups.users.get(user_id)
    if name is None:
        return words.BY_UNKNOWN_USER.format(id=user_id)
    return (words.BY_USER_AND_CODE if by_code else words.BY_USER).format(name=name)


def _action_text(event: EventData, new: Mapping[str, Any]) -> str:
    if (event.object_type, event.action) == ("user", "update") and set(new) == {"active"}:
        return words.USER_UNLOCKED if new["active"] else words.USER_LOCKED
    template = words.ACTIONS.get((event.object_type, event.action))
    if template is None:
        return words.UNKNOWN_ACTION.format(action=event.action)
    return template


def _players(event: EventData, lookups: Lookups) -> dict[str, str]:
    """Start numbers (as text) to names, for the values an event stores by start number."""
    names: dict[str, str] = {}
    tournament_id = lookups.tournament_of(event)
    if tournament_id is not None:
        names.update(lookups.start_numbers.get(tournament_id, {}))
    table = lookups.tables.get(event.object_id) if event.object_id is not None else None
    if event.object_type == "round_table" and table is not None:
        names.update(table.players)
    return names


# ------------------------------------------------------------------------- plain fields


def _field_changes(
    old: Mapping[str, Any], new: Mapping[str, Any], players: Mapping[str, str]
) -> tuple[Change, ...]:
    return tuple(
        Change(
            _label(key),
            _value(key, old[key], players) if key in old else words.NOTHING,
            _value(key, new[key], players) if key in new else words.NOTHING,
        )
        for key in _keys(old, new)
    )


def _summary(
    event: EventData,
    old: Mapping[str, Any],
    new: Mapping[str, Any],
    changes: tuple[Change, ...],
    players: Mapping[str, str],
) -> str:
    kind = (event.object_type, event.action)
    if kind == ("registration", "withdraw"):
        return words.ROUND_OF.format(number=_plain(new.get("withdrawn_after_round")))
    if kind in (("round", "draw"), ("round", "redraw")):
        return _draw_summary(new)
    if kind == ("tournament", "import_lists"):
        tables = new.get("tables")
        if isinstance(tables, list):
            return "; ".join(_table_code(str(t)) for t in tables)
    if not old:  # a creation: its values, but the name the subject already says
        shown = [
            f"{c.label} {c.after}"
            for key, c in zip(_keys(old, new), changes, strict=True)
            if key not in _NAMED and c.after != words.NOTHING
        ]
        return "; ".join(shown)
    return "; ".join(
        words.ARROW.format(before=f"{c.label} {c.before}", after=c.after)
        for c in changes
        if c.changed
    )


#: Fields a creation's subject names already ("Anna (Nr. 5)", "Turnier „Herbstturnier“").
_NAMED = frozenset({"name", "username", "start_number"})
_ORDER = {key: place for place, key in enumerate(words.FIELD_LABELS)}


def _keys(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[str]:
    """The fields of an event in the order of :data:`words.FIELD_LABELS` (others after)."""
    keys = [k for k in dict.fromkeys([*old, *new]) if k not in _HIDDEN]
    return sorted(keys, key=lambda k: _ORDER.get(k, len(_ORDER)))


def _draw_summary(new: Mapping[str, Any]) -> str:
    parts = []
    tables = new.get("tables")
    if isinstance(tables, list):
        count = len(tables)
        parts.append(words.TABLE_COUNT_ONE if count == 1 else words.TABLE_COUNT.format(count=count))
    repeats = new.get("repeats")
    if isinstance(repeats, int) and not isinstance(repeats, bool):
        parts.append(counted(repeats, "wiederholte Begegnungen"))
    if "method" in new:
        parts.append(f"{words.FIELD_LABELS['method']}: {_value('method', new['method'], {})}")
    return "; ".join(parts)


_TABLE_CODE = re.compile(r"^R(\d+)/T(\d+)$")


def _table_code(text: str) -> str:
    """``"R1/T3"`` (how a list import names its tables) as "Tisch 3, Runde 1"."""
    found = _TABLE_CODE.match(text)
    if found is None:
        return text
    return words.OBJECTS["round_table"].format(number=found[2], round=found[1])


def _label(key: str) -> str:
    return words.FIELD_LABELS.get(key, key)


def _value(key: str, value: Any, players: Mapping[str, str]) -> str:
    """A stored value of field ``key`` as a Turnierleiter reads it."""
    if value is None:
        return words.NOTHING
    if key in words.VALUE_WORDS and isinstance(value, str):
        return words.VALUE_WORDS[key].get(value, value)
    if key in words.VALUE_WORDS and isinstance(value, list):
        return ", ".join(words.VALUE_WORDS[key].get(str(v), str(v)) for v in value) or (
            words.NOTHING
        )
    if key == "tables" and isinstance(value, list):
        return "\n".join(
            words.TABLE_LINE.format(number=number, names=_names(seats, players))
            if isinstance(seats, list)
            else _table_code(str(seats))
            for number, seats in enumerate(value, start=1)
        )
    if key == "fixed_table" and isinstance(value, int) and not isinstance(value, bool):
        return words.TABLE_OF.format(number=value)
    if key == "totals" and isinstance(value, dict):
        return "; ".join(f"{_name(k, players)} {_signed(v)}" for k, v in value.items())
    return _plain(value)


def _plain(value: Any) -> str:
    if value is None or value == "":
        return words.NOTHING
    if isinstance(value, bool):
        return words.YES if value else words.NO
    if isinstance(value, str):
        return _moment(value)
    if isinstance(value, list):
        return ", ".join(_plain(v) for v in value) or words.NOTHING
    if isinstance(value, dict):
        return "; ".join(f"{_label(str(k))}: {_plain(v)}" for k, v in value.items())
    return str(value)


_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_MOMENT = re.compile(r"^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}")


def _moment(text: str) -> str:
    """A stored date (dd.mm.yyyy) or moment (local dd.mm.yyyy HH:MM); other text as it is."""
    try:
        if _DATE.match(text):
            return dt.date.fromisoformat(text).strftime("%d.%m.%Y")
        if _MOMENT.match(text):
            moment = dt.datetime.fromisoformat(text)
            if moment.tzinfo is None:
                moment = moment.replace(tzinfo=dt.UTC)
            return moment.astimezone().strftime("%d.%m.%Y %H:%M")
    except ValueError:
        return text
    return text


def _name(key: Any, players: Mapping[str, str]) -> str:
    """A player stored by start number, by name (an unknown number as "Nr. 12")."""
    text = str(key)
    return players.get(text) or words.START_NUMBER.format(number=text)


def _names(keys: Any, players: Mapping[str, str]) -> str:
    if not isinstance(keys, list):
        return _plain(keys)
    return ", ".join(_name(k, players) for k in keys) or words.NOTHING


def _signed(value: Any) -> str:
    """Points with their sign, the minus as a real minus: "+2", "−3", "0"."""
    if isinstance(value, bool) or not isinstance(value, int):
        return _plain(value)
    return f"{value:+d}".replace("-", "−") if value else "0"


# ------------------------------------------------------------------------- list entries


def _list_entry(
    action: str,
    old: Mapping[str, Any],
    new: Mapping[str, Any],
    players: Mapping[str, str],
    seat_keys: Sequence[str],
    rules: Any = None,
) -> tuple[str, str, tuple[Change, ...]]:
    """A list entry's event; ``rules``: the tournament's rule set (None: the DDV's), under
    which its games are scored and in whose unit their values are shown."""
    before = old.get("record") if isinstance(old.get("record"), dict) else None
    after = new.get("record") if isinstance(new.get("record"), dict) else None
    number = new.get("entry", old.get("entry"))
    record = after or before or {}
    template = words.ENTRY_NAMES.get(str(record.get("kind")), words.UNKNOWN_ENTRY)
    entry = template.format(number=_plain(number) if number is not None else "?")
    action_text = words.ACTIONS[("round_table", action)].format(entry=entry)
    old_fields = _entry_fields(before, players, seat_keys, rules) if before else []
    new_fields = _entry_fields(after, players, seat_keys, rules) if after else []
    changes = _merge(old_fields, new_fields)
    if not record:
        summary = ""
    elif before and after:
        summary = _correction(
            _short(before, players, seat_keys, rules), _short(after, players, seat_keys, rules)
        )
    else:
        summary = _shown(_short(record, players, seat_keys, rules))
    return action_text, summary, changes


def _merge(
    old_fields: list[tuple[str, str]], new_fields: list[tuple[str, str]]
) -> tuple[Change, ...]:
    before, after = dict(old_fields), dict(new_fields)
    labels = dict.fromkeys([label for label, _ in (*old_fields, *new_fields)])
    return tuple(
        Change(label, before.get(label, words.NOTHING), after.get(label, words.NOTHING))
        for label in labels
    )


def _entry_fields(
    record: Mapping[str, Any],
    players: Mapping[str, str],
    seat_keys: Sequence[str],
    rules: Any = None,
) -> list[tuple[str, str]]:
    """A list entry's parts as (label, value), in the order a list-keeper thinks of them."""
    label = words.FIELD_LABELS
    kind = record.get("kind")
    fields: list[tuple[str, str]] = [(label["kind"], _entry_kind(record))]
    if kind == "game":
        if "dealer" in record:
            fields.append((label["dealer"], _name(record["dealer"], players)))
        if "player" in record:
            fields.append((label["player"], _name(record["player"], players)))
        if record.get("quick") is True:
            fields.append((label["winners"], _names(record.get("winners"), players)))
        else:
            fields.append((label["re"], _names(record.get("re"), players)))
            fields.append((label["re_eyes"], _plain(record.get("re_eyes"))))
            calls = record.get("calls") if isinstance(record.get("calls"), dict) else {}
            assert isinstance(calls, dict)
            fields.append((label["re_call"], _call(calls.get("re"), RE_CALLS)))
            fields.append((label["kontra_call"], _call(calls.get("kontra"), KONTRA_CALLS)))
            fields.append((label["specials"], _specials(record.get("specials"))))
        fields.extend(_set_fields(record, players))
        unit = _unit(rules)
        points_of = results_words.AMOUNT_OF if unit in results_words.CURRENCY else words.POINTS_OF
        for key, points in _game_points(record, seat_keys, rules).items():
            fields.append((points_of.format(name=_name(key, players)), _valued(points, unit)))
        return fields
    shown = {
        "penalty": (
            "category",
            "offender",
            "phase",
            "soloist",
            "absagen",
            "harms_soloist",
            "deduction",
            "note",
            "signed_by",
        ),
        "nachspielzeit": ("minutes", "reason"),
        "time_up": ("being_dealt",),
    }.get(str(kind))
    keys = shown if shown is not None else tuple(k for k in record if k != "kind")
    for key in keys:
        if key not in record:
            continue
        value = record[key]
        if key in ("offender", "soloist"):
            text = _name(value, players)
        elif key == "category":
            labels = PENALTY_LABELS.get(str(value))
            text = f"{labels.title} ({labels.rule})" if labels else _plain(value)
        else:
            text = _value(key, value, players)
        fields.append((_label(key), text))
    return fields


def _set_fields(record: Mapping[str, Any], players: Mapping[str, str]) -> list[tuple[str, str]]:
    """A game's fields that only another rule set than the DDV's has, labelled in German."""
    fields = []
    for key, label in results_words.SET_FIELDS.items():
        if key not in record:
            continue
        value = record[key]
        if key in ("first_to_60", "culprit", "strohmann_by"):
            text = _name(value, players)
        elif key == "eyes" and isinstance(value, dict):
            text = ", ".join(f"{_name(k, players)} {_plain(v)}" for k, v in value.items())
        elif key == "premiums" and isinstance(value, list):
            text = ", ".join(_premium(p, players) for p in value) or words.NOTHING
        else:
            text = _plain(value)
        fields.append((label, text))
    return fields


def _premium(value: Any, players: Mapping[str, str]) -> str:
    if not isinstance(value, dict):
        return _plain(value)
    by = _name(value.get("by"), players)
    if value.get("from") is None:
        return results_words.PREMIUM_FROM_KASSE.format(by=by)
    return results_words.PREMIUM.format(by=by, source=_name(value.get("from"), players))


def _entry_kind(record: Mapping[str, Any]) -> str:
    kind = record.get("kind")
    if kind == "penalty":
        return words.ENTRY_KINDS["penalty"]
    if kind == "nachspielzeit":
        return words.ENTRY_KINDS["nachspielzeit"]
    if kind == "time_up":
        return words.ENTRY_KINDS["time_up"]
    if kind != "game":
        return words.UNKNOWN_KIND if kind is None else _plain(kind)
    game_type = record.get("type")
    if game_type == "solo":
        pflicht = record.get("pflicht")
        label = PFLICHT_LABELS.get(pflicht if pflicht in (True, False, "vorgefuehrt") else False)
        solo = SOLO_NAMES.get(str(record.get("solo")))
        return f"{label} ({solo})" if solo else str(label)
    return GAME_TYPE_LABELS.get(str(game_type)) or results_words.SET_GAME_TYPES.get(
        str(game_type), words.ENTRY_KINDS["game"]
    )


def _call(value: Any, labels: Mapping[str, str]) -> str:
    if value is None:
        return words.NOTHING
    return labels.get(str(value), str(value))


def _specials(value: Any) -> str:
    if not isinstance(value, dict):
        return words.NOTHING
    parts = []
    for party in ("re", "kontra"):
        counts = value.get(party)
        if not isinstance(counts, dict):
            continue
        items = [
            f"{count}× {_special_name(str(name))}"
            for name, count in counts.items()
            if isinstance(count, int) and count
        ]
        if items:
            parts.append(words.SPECIALS_OF.format(party=_label(party), items=", ".join(items)))
    return "; ".join(parts) or words.NOTHING


def _unit(rules: Any) -> str:
    """The unit of the rule set's values (``"Punkte"``, ``"Pfennig"``)."""
    if rules is None:
        return "Punkte"
    try:
        return parse_rules(rules).unit.value
    except DokoError:
        return "Punkte"


def _valued(value: Any, unit: str) -> str:
    """A value with its sign: points as :func:`_signed`, money as ``+0,15 DM``."""
    if unit not in results_words.CURRENCY or isinstance(value, bool) or not isinstance(value, int):
        return _signed(value)
    return results_words.signed(value, unit)


def _special_name(name: str) -> str:
    return words.SPECIAL_NAMES.get(name) or results_words.SET_SPECIALS.get(name, name)


def _game_points(
    record: Mapping[str, Any], seat_keys: Sequence[str], rules: Any = None
) -> dict[str, int]:
    """Each player's points for a game: as written (points entered as on paper), or as the
    rules engine scores the game under the tournament's rule set (``rules``, None: the
    DDV's); empty if the record cannot be scored."""
    if record.get("quick") is True:
        points = record.get("points")
        if isinstance(points, dict):
            return {
                str(k): v
                for k, v in points.items()
                if isinstance(v, int) and not isinstance(v, bool)
            }
        return {}
    keys = list(seat_keys)
    if len(keys) == 5:  # the dealer sits out (TSR 10.1)
        keys = [k for k in keys if k != str(record.get("dealer"))]
    if len(keys) != 4:
        return {}
    if rules is not None:
        return _ruled_points(record, list(seat_keys), keys, rules)
    try:
        summary = summary_from_record({**record, "players": keys})
        result = score(summary)
    except (DokoError, TypeError, ValueError, KeyError):
        return {}
    scores = dict(zip(summary.players, result.scores, strict=True))
    return {key: scores[key] for key in keys}  # in seat order


def _ruled_points(
    record: Mapping[str, Any], seat_keys: list[str], playing: list[str], rules: Any
) -> dict[str, int]:
    """A game's values under another rule set than the DDV's, by the engine's scorer of
    that set; at five the dealer sits out (and pays or collects in solos where the set says
    so, 004 L93)."""
    game = {**record, "players": playing, "rules": rules}
    game.pop("points", None)
    if len(seat_keys) == 5:
        game["sitting_out"] = str(record.get("dealer"))
    try:
        scores = score_record(game)["scores"]
    except (DokoError, TypeError, ValueError, KeyError):
        return {}
    return {key: int(scores[key]) for key in seat_keys if key in scores}


#: A part of an entry's summary: its template (``{value}`` in it) and the value.
_Part = tuple[str, str]


def _short(
    record: Mapping[str, Any],
    players: Mapping[str, str],
    seat_keys: Sequence[str],
    rules: Any = None,
) -> dict[str, _Part]:
    """The few parts of an entry the list shows: for a game its kind, the Re players, the
    Augen, the calls and the points ("+2/−2": Re's, then Kontra's)."""
    kind = record.get("kind")
    parts: dict[str, _Part] = {}
    if kind == "penalty":
        parts["offender"] = (words.PENALTY_AGAINST, _name(record.get("offender"), players))
        labels = PENALTY_LABELS.get(str(record.get("category")))
        if labels:
            parts["category"] = (words.PLAIN, labels.title)
        return parts
    if kind == "nachspielzeit":
        parts["minutes"] = (words.EXTENSION_MINUTES, _plain(record.get("minutes")))
        if record.get("reason"):
            parts["reason"] = (words.PLAIN, _plain(record.get("reason")))
        return parts
    if kind == "time_up":
        parts["being_dealt"] = (words.BEING_DEALT, _plain(record.get("being_dealt")))
        return parts
    parts["kind"] = (words.PLAIN, _entry_kind(record))
    if kind != "game":
        return parts
    points = _game_points(record, seat_keys, rules)
    unit = _unit(rules)
    game_points = results_words.GAME_AMOUNT if unit in results_words.CURRENCY else words.GAME_POINTS
    if record.get("quick") is True:
        winners = record.get("winners") if isinstance(record.get("winners"), list) else []
        assert isinstance(winners, list)
        parts["winners"] = (words.GAME_WINNERS, _names(winners, players))
        first = [points[str(w)] for w in winners if str(w) in points]
        others = [v for k, v in points.items() if k not in map(str, winners) and v]
        values = list(dict.fromkeys([*first, *others]))
        if values:
            parts["points"] = (game_points, "/".join(_valued(v, unit) for v in values))
        return parts
    re_players = record.get("re") if isinstance(record.get("re"), list) else []
    assert isinstance(re_players, list)
    parts["re"] = (words.GAME_RE, _names(re_players, players))
    parts["eyes"] = (words.GAME_RE_EYES, _plain(record.get("re_eyes")))
    calls = record.get("calls") if isinstance(record.get("calls"), dict) else {}
    assert isinstance(calls, dict)
    made = [
        text
        for text in (
            _call(calls.get("re"), RE_CALLS) if calls.get("re") else "",
            _call(calls.get("kontra"), KONTRA_CALLS) if calls.get("kontra") else "",
        )
        if text
    ]
    parts["calls"] = (words.GAME_CALLS, ", ".join(made))
    re_keys = [str(k) for k in re_players]
    re_points = [v for k, v in points.items() if k in re_keys]
    kontra_points = [v for k, v in points.items() if k not in re_keys]
    if re_points and kontra_points:
        parts["points"] = (
            game_points,
            f"{_valued(re_points[0], unit)}/{_valued(kontra_points[0], unit)}",
        )
    return parts


def _shown(parts: Mapping[str, _Part]) -> str:
    """An entry's summary: its parts that hold a value."""
    return "; ".join(template.format(value=value) for template, value in parts.values() if value)


def _correction(before: Mapping[str, _Part], after: Mapping[str, _Part]) -> str:
    """What a correction changed, part by part: "Re 121 → 119 Augen; Punkte +2/−2 → −3/+3"."""
    changed = []
    for key in dict.fromkeys([*before, *after]):
        template, old = before.get(key, after.get(key, (words.PLAIN, "")))
        new = after.get(key, (template, ""))[1]
        if old != new:
            changed.append(template.format(value=_arrow(old, new)))
    return "; ".join(changed) or words.UNCHANGED


def _arrow(old: str, new: str) -> str:
    return words.ARROW.format(before=old or words.NOTHING, after=new or words.NOTHING)


# ------------------------------------------------------------------------- whole lists


def _replace_list(
    old: Mapping[str, Any], new: Mapping[str, Any], players: Mapping[str, str]
) -> tuple[str, str, tuple[Change, ...]]:
    action = words.ACTIONS[("round_table", "replace_list")]
    changes: list[Change] = [
        Change(_label("entries"), _plain(old.get("entries")), _plain(new.get("entries")))
    ]
    before = old.get("totals") if isinstance(old.get("totals"), dict) else {}
    after = new.get("totals") if isinstance(new.get("totals"), dict) else {}
    assert isinstance(before, dict) and isinstance(after, dict)
    for key in dict.fromkeys([*before, *after]):
        changes.append(
            Change(
                words.POINTS_OF.format(name=_name(key, players)),
                _signed(before.get(key)) if key in before else words.NOTHING,
                _signed(after.get(key)) if key in after else words.NOTHING,
            )
        )
    summary = ""
    if "entries" in new:
        count, before_count = _plain(new.get("entries")), _plain(old.get("entries"))
        shown = count if count == before_count else _arrow(before_count, count)
        summary = words.ENTRY_COUNT.format(value=shown)
    return action, summary, tuple(changes)
