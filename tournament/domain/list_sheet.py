"""A table's score list as its page shows it: players, both sections, what is due next.

Everything comes from the engine's report of the stored list (``list_store.check``), read in
German with the players' names: whose deal it is, who sits out, games left, the Pflichtsoli
still owed and a Vorführung when it is due (TSR 4.2.3, 4.2.4, 4.3.2, 8.5, 8.6).
"""

from __future__ import annotations

import datetime as dt
import functools
import json
from dataclasses import dataclass, field
from typing import Any

from rules_engine.errors import DokoError
from rules_engine.records import score_record
from rules_engine.rulelist import STROHMANN
from rules_engine.rulesets import PRESETS, Pflichtsolo
from rules_engine.scorelist import game_entry
from rules_engine.scoring import score
from rules_engine.table_list import GAMES, TableList
from tournament import texts
from tournament.domain import day_plans, list_store, rule_sets
from tournament.domain.errors import ScoreListRefused
from tournament.domain.list_entries import (
    KIND_LABELS,
    KONTRA_CALLS,
    PENALTY_LABELS,
    RE_CALLS,
    describe_entry,
    kind_of,
)
from tournament.domain.list_store import Report
from tournament.domain.names import distinction
from tournament.domain.table_clock import Clock, clock
from tournament.models import Player, RoundTable
from tournament.texts import rule_set_day as day_words
from tournament.texts import rule_set_entry as entry_words
from tournament.texts.rule_set_entry import cite_rule
from tournament.texts.solos import ZWANGSSOLO_LABELS, solo_name


@dataclass(frozen=True)
class SheetPlayer:
    """A player of the list: ``name`` is the display label (namesakes told apart, see
    :mod:`tournament.registrations.names`), ``registered`` the name alone; a namesake's
    ``note`` is what tells him apart besides the start number (club or DDV number)."""

    key: str
    position: int
    start_number: int
    name: str
    total: int
    owes_pflicht: bool
    registered: str
    note: str


@dataclass(frozen=True)
class SheetRow:
    """One entry of the list; ``points`` and ``totals`` are per table position."""

    entry: int
    kind: str
    label: str
    record: dict[str, Any]
    game: int | None = None
    section: str = "normal"
    dealer: str | None = None
    details: str = ""
    points: tuple[int, ...] = ()
    totals: tuple[int, ...] = ()
    winners: frozenset[int] = frozenset()
    explanation: tuple[str, ...] = ()
    quick: bool = False
    #: A game at a table of five: the key of its dealer, who sits it out (TSR 10.1).
    sat_out: str | None = None


@dataclass(frozen=True)
class Sheet:
    table: RoundTable
    players: tuple[SheetPlayer, ...]
    rows: tuple[SheetRow, ...]
    report: Report
    names: dict[str, str]
    clock: Clock
    notes: tuple[str, ...] = field(default=())

    def name(self, key: str | None) -> str | None:
        return None if key is None else self.names.get(key, key)

    @property
    def ruled(self) -> bool:
        """Whether the list is kept under another rule set than the DDV's."""
        return bool(self.report.get("rules"))

    @property
    def owed_solo(self) -> str | None:
        """The kind of solo the list owes (:func:`day_plans.owed_solo`), ``None``: none."""
        return day_plans.owed_solo(self.table.round.tournament)

    @property
    def pflicht_heading(self) -> str:
        """The heading of the owed solos' section under the set (its word for them)."""
        return day_words.PFLICHT_HEADINGS[self.owed_solo or "pflichtsolo"]

    @property
    def pflicht_none(self) -> str:
        return day_words.PFLICHT_NONE[self.owed_solo or "pflichtsolo"]

    @property
    def normal_rows(self) -> list[SheetRow]:
        return [r for r in self.rows if r.section != "pflicht"]

    @property
    def pflicht_rows(self) -> list[SheetRow]:
        return [r for r in self.rows if r.section == "pflicht"]

    @property
    def next_dealer(self) -> str | None:
        return self.name(self.report["next_dealer"])

    @property
    def next_dealer_key(self) -> str | None:
        value = self.report["next_dealer"]
        return None if value is None else str(value)

    @property
    def sits_out(self) -> str | None:
        return self.name(self.report["sits_out"])

    @property
    def vorfuehrung(self) -> str | None:
        return self.name(self.report["vorfuehrung"])

    @property
    def vorfuehrung_key(self) -> str | None:
        value = self.report["vorfuehrung"]
        return None if value is None else str(value)

    @property
    def pflicht_missing(self) -> list[str]:
        return [self.names.get(k, k) for k in self.report["pflicht_missing"]]

    @property
    def planned(self) -> int:
        return GAMES[len(self.players)]

    @property
    def games_played(self) -> int:
        return int(self.report["games_played"])

    @property
    def games_left(self) -> int:
        return int(self.report["games_left"])

    @property
    def complete(self) -> bool:
        return bool(self.report["complete"])

    @property
    def valid(self) -> bool:
        return bool(self.report["valid"])

    @property
    def time_up(self) -> bool:
        return bool(self.report["time_up"])

    @property
    def struck(self) -> int:
        return int(self.report["struck"])

    @property
    def last_game_entry(self) -> int | None:
        """The entry number of the list's last entry if it is a game (the list-keeper may
        correct only that one)."""
        if self.rows and self.rows[-1].kind == "game":
            return self.rows[-1].entry
        return None

    @property
    def extensions(self) -> list[SheetRow]:
        return [r for r in self.rows if r.kind == "nachspielzeit"]

    @property
    def status(self) -> str:
        """``green`` complete and verified, ``red`` errors or time over with games still
        to enter, else ``yellow`` (still being played)."""
        if not self.valid:
            return "red"
        if self.complete:
            return "green"
        if self.clock.over and not self.time_up:
            return "red"
        return "yellow"


def sheet(table: RoundTable, now: dt.datetime | None = None) -> Sheet:
    """The page model of the table's list."""
    report = list_store.check(table)
    names = list_store.names_of(table)
    keys = [list_store.player_key(seat.registration.start_number) for seat in table.seats]
    missing = set(report["pflicht_missing"])
    players = tuple(
        SheetPlayer(
            key,
            seat.position,
            seat.registration.start_number,
            names[key],
            int(report["totals"][key]),
            key in missing,
            seat.registration.player.name,
            _namesake_note(seat.registration.player, names[key]),
        )
        for key, seat in zip(keys, table.seats, strict=True)
    )
    rows_by_entry = {row["entry"]: row for row in report["rows"]}
    rows = tuple(
        _row(
            number,
            text,
            rows_by_entry.get(number),
            keys,
            names,
            _armut_word(table),
            table.round.tournament.rules_preset,
        )
        for number, text in enumerate(list_store.entry_texts(table), start=1)
    )
    notes = tuple(
        cite_rule(texts.german(f["data"], names), f.get("rule"))
        for f in report["findings"]
        if f["level"] != "error" and f["game"] is not None
    )
    return Sheet(table, players, rows, report, names, clock(table, report, now), notes)


def _namesake_note(player: Player, label: str) -> str:
    """A namesake's club, else DDV number, as his label shows it besides the start number;
    nothing for a name nobody else has (its label is the name)."""
    if label == player.name:
        return ""
    return distinction(player.club, player.ddv_number)


#: The entry form's part that an engine finding is about (the rest shows only in the bar).
FIELD_OF_CODE = {
    **dict.fromkeys(
        (
            "vorfuehrung_due",
            "vorfuehrung_not_due",
            "pflichtsolo_twice",
            "lustsolo_before_pflichtsolo",
            "pflicht_not_solo",
            "solo_kind_mismatch",
        ),
        "kind",
    ),
    **dict.fromkeys(
        ("solo_needs_player", "soloist_sits_out", "solo_re_size", "hochzeiter_lacks_kreuz_damen"),
        "player",
    ),
    **dict.fromkeys(
        (
            "normal_re_size",
            "hochzeit_re_size",
            "re_twice",
            "re_not_a_player",
            "game_players_sitting_out",
            "sits_out",
        ),
        "re",
    ),
    **dict.fromkeys(
        (
            "eyes_out_of_range",
            "eyes_above_tricks",
            "eyes_below_tricks",
            "eyes_no_card_sum",
            "hochzeit_alone_tricks",
            "tricks_out_of_range",
        ),
        "eyes",
    ),
    **dict.fromkeys(("re_calls_kontra", "kontra_calls_re", "call_unknown"), "calls"),
    **dict.fromkeys(
        (
            "specials_in_solo",
            "doppelkopf_impossible",
            "sonderpunkt_without_trick",
            "fuchs_impossible",
            "too_many_doppelkopf",
            "too_many_fuchs",
            "too_many_karlchen",
        ),
        "specials",
    ),
}
#: The parts of the entry form that can show an engine finding next to them.
FORM_PARTS = ("kind", "player", "re", "eyes", "calls", "specials")


@dataclass(frozen=True)
class Trial:
    """The engine's verdict on a game not yet stored: the row as it would stand in the list
    with the items of its value and who won at what value (``verdict``), or the errors that
    refuse it, each also under the form part it is about."""

    row: SheetRow | None
    items: tuple[str, ...] = ()
    verdict: tuple[str, ...] = ()
    problems: tuple[str, ...] = ()
    at_parts: dict[str, tuple[str, ...]] = field(default_factory=dict)


def trial(table: RoundTable, trial_entries: list[dict[str, Any]], at: int) -> Trial:
    """The engine's verdict on ``trial_entries`` as the table's list, for entry ``at``."""
    names = list_store.names_of(table)
    try:
        report = list_store.trial(table, trial_entries)
        refused = ScoreListRefused(report["findings"], names)
    except ScoreListRefused as error:
        report, refused = {"rows": []}, error
    if refused.errors:
        return refused_trial(refused)
    row = next((r for r in report["rows"] if r["entry"] == at), None)
    if row is None:
        return Trial(None)
    record = trial_entries[at - 1]
    items, verdict = _value_parts(
        json.dumps(record, ensure_ascii=False),
        tuple(names),
        list_store.rules_text(table),
        tuple(names.values()),
    )
    return Trial(preview_row(table, record, row), items, verdict)


def refused_trial(refused: ScoreListRefused) -> Trial:
    """The engine's refusal of a game as a trial: its errors, each also under its form part."""
    at_parts: dict[str, list[str]] = {}
    for finding in refused.errors:
        code = (finding.get("data") or {}).get("code")
        part = FIELD_OF_CODE.get(str(code))
        if part is not None:
            at_parts.setdefault(part, []).append(refused.german(finding))
    return Trial(
        None,
        problems=tuple(refused.messages),
        at_parts={part: tuple(lines) for part, lines in at_parts.items()},
    )


def preview_row(table: RoundTable, record: dict[str, Any], row: dict[str, Any]) -> SheetRow:
    """A row of the engine's trial report (a game or penalty not yet stored), as shown."""
    names = list_store.names_of(table)
    text = json.dumps(record, ensure_ascii=False)
    preset = table.round.tournament.rules_preset
    return _row(int(row["entry"]), text, row, list(names), names, _armut_word(table), preset)


def _armut_word(table: RoundTable) -> str:
    """The Armut as the tournament's set calls it (Trumpfabgabe, Schieben, Armut)."""
    tournament = table.round.tournament
    if tournament.engine_rules is None:
        return entry_words.KIND_NAMES["armut"]
    armut = rule_sets.rules_of(tournament).armut
    return entry_words.ARMUT_TAPS.get(armut, entry_words.KIND_NAMES["armut"])


def _row(
    number: int,
    text: str,
    row: dict[str, Any] | None,
    keys: list[str],
    names: dict[str, str],
    armut: str,
    preset: str,
) -> SheetRow:
    record = json.loads(text)
    kind = str(record.get("kind"))
    points = tuple(int(row["points"][k]) for k in keys) if row else ()
    totals = tuple(int(row["totals"][k]) for k in keys) if row else ()
    if kind == "nachspielzeit":
        return SheetRow(
            number,
            kind,
            f"Nachspielzeit {record.get('minutes')} Minuten",
            record,
            details=str(record.get("reason", "")),
        )
    if kind == "time_up":
        dealt = (
            "ein Spiel wurde gerade gegeben" if record.get("being_dealt") else "kein Spiel im Gange"
        )
        return SheetRow(number, kind, "Zeit abgelaufen", record, details=dealt)
    if kind == "penalty" and row is not None:
        offender = names.get(str(record.get("offender")), str(record.get("offender")))
        signed = record.get("signed_by")
        details = f"gegen {offender}" + (f", abgezeichnet von {signed}" if signed else "")
        if record.get("note"):
            details += f" – {record['note']}"
        return SheetRow(
            number,
            kind,
            "Strafpunkte: " + _penalty_title(record.get("category")),
            record,
            game=row.get("before_game"),
            details=details,
            points=points,
            totals=totals,
            explanation=(str(row.get("explanation", "")),),
        )
    if kind != "game" or row is None:
        return SheetRow(number, kind, describe_entry(record, names), record)
    return SheetRow(
        number,
        kind,
        _game_label(record, names, armut, preset),
        record,
        game=row["game"],
        section=row["section"],
        dealer=names.get(row["dealer"], row["dealer"]),
        details=_game_details(record, names),
        points=points,
        totals=totals,
        winners=_winners(points),
        quick=record.get("quick") is True,
        sat_out=str(row["dealer"]) if len(keys) == 5 else None,
    )


def _game_label(
    record: dict[str, Any], names: dict[str, str], armut: str, preset: str = "ddv"
) -> str:
    kind = kind_of(record)
    solo = solo_name(preset, str(record["solo"])) if record.get("solo") else None
    rules = PRESETS.get(preset)
    if record.get("type") == "solo" and "pflicht" not in record and solo is not None:
        label = solo  # a rule set without a Pflichtsolo: the solo by its name, no more
    elif kind == "armut":
        label = armut
    elif rules is not None and rules.pflichtsolo is Pflichtsolo.ZWANGSSOLO and solo is not None:
        label = ZWANGSSOLO_LABELS.get(record.get("pflicht"), ZWANGSSOLO_LABELS[None])
        label += f", {solo}"  # 004 L57, L61: a Zwangssolo vorgeführt, the solo named as there
    else:
        label = KIND_LABELS.get(kind) or entry_words.KIND_NAMES.get(kind, "Spiel")
        if solo is not None:
            label += f" ({solo})"
    if record.get("culprit") is not None:
        label += f": {names.get(str(record['culprit']), str(record['culprit']))}"
    if record.get("first_to_60") is not None:
        label += f": {names.get(str(record['first_to_60']), str(record['first_to_60']))}"
    player = record.get("player")
    if player is None and record.get("type") in ("solo", "stille_hochzeit"):
        re = record.get("re") or []
        player = re[0] if len(re) == 1 else None
    if player is not None:
        label += f": {names.get(str(player), str(player))}"
    return label


def _game_details(record: dict[str, Any], names: dict[str, str]) -> str:
    if record.get("quick") is True:
        return "nur Punkte eingetragen"
    parts = []
    re = record.get("re") or []
    if record.get("type") == "normal" or (record.get("type") == "hochzeit" and len(re) == 2):
        parts.append("Re: " + ", ".join(names.get(str(k), str(k)) for k in re))
    calls = record.get("calls") or {}
    said = [RE_CALLS.get(str(calls.get("re")), "")] if calls.get("re") else []
    if calls.get("kontra"):
        said.append(KONTRA_CALLS.get(str(calls["kontra"]), ""))
    if said:
        parts.append("Ansagen: " + ", ".join(said))
    eyes = record.get("re_eyes")
    if isinstance(eyes, int):
        parts.append(f"Re {eyes} Augen")
    return " · ".join(parts)


def _winners(points: tuple[int, ...]) -> frozenset[int]:
    """The positions marked on the list: exactly the players with plus points (TSR 7.3.3(3))."""
    return frozenset(i for i, p in enumerate(points) if p > 0)


def value_explanation(
    record: dict[str, Any], keys: tuple[str, ...], rules: str = "", names: tuple[str, ...] = ()
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A stored game's value as the engine explains it, for a table of players ``keys`` under
    the rule set ``rules`` (``list_store.rules_text``): the items, then who won at what value
    (none for a game entered as points). ``names``: the players' names, by key's position,
    for items credited to a player (a Hammelrennen, a Schwarz-Spiel)."""
    return _value_parts(json.dumps(record, ensure_ascii=False), keys, rules, names)


@functools.lru_cache(maxsize=4096)
def _value_parts(
    text: str, keys: tuple[str, ...], rules: str = "", names: tuple[str, ...] = ()
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A game's value as the engine explains it: one line per item ("+1 gewonnen (Re)"),
    then who won and the value (without the last line, the points by key); none for a game
    entered as points. Under another rule set the items, factors and value of the engine's
    score under that set (:func:`_ruled_value_parts`). Worked out once per game as typed."""
    record = json.loads(text)
    if record.get("quick") is True:
        return (), ()
    if rules:
        return _ruled_value_parts(record, keys, json.loads(rules), names)
    try:
        summary = game_entry(record, TableList(keys)).summary
    except DokoError:
        return (), ()
    if summary is None:
        return (), ()
    result = score(summary)
    lines = result.explanation(summary).splitlines()[:-1]
    return tuple(lines[: len(result.items)]), tuple(lines[len(result.items) :])


def _ruled_value_parts(
    record: dict[str, Any], keys: tuple[str, ...], rules: Any, names: tuple[str, ...]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A game's value under a rule set as the engine's ``score`` gives it: each item
    („+1 gewonnen (Re)“, a player's by name), each factor („x2 Re angesagt“); then who won,
    the value in the set's unit and what the pot paid."""
    game = {k: v for k, v in record.items() if k not in _LIST_FIELDS}
    players = list(keys)
    dealer = record.get("dealer")
    if len(players) == 5 and dealer in players:
        game["sitting_out"] = dealer
        players.remove(dealer)
    if len(players) == 3:
        game["strohmann"] = STROHMANN
        players.append(STROHMANN)
    result = score_record({**game, "players": players, "rules": rules})
    if "error" in result:
        return (), ()
    by_key = dict(zip(keys, names, strict=False))
    unit = str(result.get("unit", ""))
    items = []
    for label, party, amount in result.get("items", ()):
        if party in entry_words.PARTIES:
            sign = "+" if party == "re" else "-"
            items.append(f"{sign}{amount} {label} ({entry_words.PARTIES[party]})")
        else:
            items.append(f"{amount:+d} {label} ({by_key.get(party, party)})")
    items += [f"x{factor} {label}" for label, factor in result.get("factors", ())]
    winner = result.get("winner")
    verdict = []
    if winner is None:
        verdict.append(entry_words.NOBODY_WON)
    else:
        shown = entry_words.PARTIES.get(winner) or by_key.get(winner, winner)
        verdict.append(entry_words.WON_BY.format(winner=shown))
    value_unit = entry_words.unit_of(result["value"], unit)
    if winner in entry_words.PARTIES or winner is None:
        verdict.append(entry_words.VALUE_LINE.format(value=result["value"], unit=value_unit))
    else:
        verdict.append(entry_words.WINNER_VALUE_LINE.format(value=result["value"], unit=value_unit))
    if result.get("pot"):
        pot_line = entry_words.KASSE_LINE if unit == "Pfennig" else entry_words.POT_LINE
        pot_unit = entry_words.unit_of(result["pot"], unit)
        verdict.append(pot_line.format(pot=result["pot"], unit=pot_unit))
    return tuple(items), tuple(verdict)


#: Fields of a list's game entry that the ``score`` record does not have.
_LIST_FIELDS = frozenset({"kind", "dealer", "points", "pot", "grundwert", "player", "quick"})


def _penalty_title(category: Any) -> str:
    labels = PENALTY_LABELS.get(str(category))
    return f"{labels.title} ({labels.rule})" if labels is not None else "Strafe"
