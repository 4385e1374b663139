"""The day under a rule set: how long a round is, what its lists start with, the clock, and
the tables the draw may make.

Under the DDV rules a round has 24 games at a table of four and 30 at five in 100 or 125
minutes (TSR 8.5.1, 10.2), and nothing here changes that. Under another set the tournament
chooses (fixed with the rule set once a game is entered): the games per round (the set's, else
24 at four; a quarter more at five, where one sits out in turn), or play until the Punktetopf
or the Kasse is empty; the pot's start (required under 000's Punktetopf; 004's Kasse defaults
to the engine's ten Grundbeträge a player); 004's Zwangssolo Frist; a time limit, none by
default. The lists carry them to the engine (``list_store.list_setting``); a bad value is
refused in German with the rule and the seed line it comes from.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from rules_engine.rulelist import STROHMANN
from rules_engine.rulesets import Pflichtsolo, Settlement
from rules_engine.table_list import GAMES, MINUTES
from tournament.domain import rule_sets
from tournament.domain.errors import ServiceError
from tournament.models import Round, RoundTable, Tournament
from tournament.texts import rule_set_day as words
from tournament.texts.rule_sets import rule_set_name

#: The engine's limits of a list's fields (``rules_engine.rulelist.list_setup``).
MAX_GAMES = 60
MAX_POT = 10**6
MAX_FRIST = 1000
MAX_MINUTES = 600
#: Games per round at a table of four when the set names none (as under the DDV rules).
DEFAULT_GAMES = GAMES[4]


@dataclass(frozen=True, slots=True)
class DayPlan:
    """The day's settings as the tournament keeps them (field names as its columns)."""

    round_games: int | None = None
    until_pot_empty: bool = False
    pot_start: int | None = None
    zwangssolo_frist: int | None = None
    time_limit: int | None = None

    def as_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


FIELDS = tuple(f.name for f in fields(DayPlan))
#: No setting of its own: the DDV rules' day, and a set's defaults.
DDV_DAY = DayPlan()


def of(tournament: Tournament) -> DayPlan:
    return DayPlan(**{name: getattr(tournament, name) for name in FIELDS})


def _refuse(text: str, field: str) -> ServiceError:
    return ServiceError.sentence(text, field)


def _in_range(plan: DayPlan, field: str, low: int, high: int, why: str = "") -> None:
    value = getattr(plan, field)
    if value is not None and not low <= value <= high:
        raise _refuse(words.out_of_range(words.LABELS[field], low, high, why), field)


def check(choice: rule_sets.Choice, plan: DayPlan) -> DayPlan:
    """The settings checked against the chosen rule set (the preset with its variants); a
    :class:`ServiceError` naming the field, the rule and the seed line otherwise."""
    preset = choice.preset
    if choice.engine_rules is None:
        for field in FIELDS:
            if getattr(plan, field) not in (None, False):
                raise _refuse(words.ddv_field(words.LABELS[field]), field)
        return plan
    rules = rule_sets.rules_of_choice(choice)
    name = rule_set_name(preset, choice.variants)
    has_fives = 5 in rules.table_sizes
    high = MAX_GAMES * 4 // 5 if has_fives else MAX_GAMES
    _in_range(plan, "round_games", 1, high, words.games_at_five(MAX_GAMES) if has_fives else "")
    _in_range(plan, "pot_start", 1, MAX_POT)
    _in_range(plan, "zwangssolo_frist", 1, MAX_FRIST)
    _in_range(plan, "time_limit", 1, MAX_MINUTES)
    if rules.settlement is Settlement.PLUS_MINUS:
        line = words.PLUS_MINUS_LINES.get(preset, words.SEEDS[preset])
        if plan.pot_start is not None:
            raise _refuse(words.pot_not_in_set(name, line), "pot_start")
        if plan.until_pot_empty:
            raise _refuse(words.until_empty_without_pot(name, line), "until_pot_empty")
    else:
        line = words.POT_LINES.get(preset, words.SEEDS[preset])
        if rules.settlement is Settlement.POT_WINNERS and plan.pot_start is None:
            raise _refuse(words.pot_required(name, line), "pot_start")
        if plan.until_pot_empty and plan.round_games is not None:
            pot = words.POT_NAMES[rules.settlement.value]
            raise _refuse(words.until_empty_and_games(pot, line), "round_games")
    if plan.zwangssolo_frist is not None and rules.pflichtsolo is not Pflichtsolo.ZWANGSSOLO:
        raise _refuse(words.frist_not_in_set(name), "zwangssolo_frist")
    return plan


def apply(tournament: Tournament, plan: DayPlan) -> bool:
    """Set the checked settings on the tournament (the caller claims it and audits); whether
    they changed. Refused, with nothing changed, once a game is entered."""
    if of(tournament) == plan:
        return False
    if rule_sets.has_games(tournament):
        raise _refuse(words.SETTINGS_FIXED, "round_games")
    for name in FIELDS:
        setattr(tournament, name, getattr(plan, name))
    return True


def _under_a_set(tournament: Tournament) -> bool:
    return tournament.engine_rules is not None


def games_at(tournament: Tournament, size: int) -> int | None:
    """The games a round has at a table of ``size``; ``None``: until the pot is empty."""
    if not _under_a_set(tournament):
        return GAMES.get(size, GAMES[4])
    if tournament.until_pot_empty:
        return None
    per_four = tournament.round_games
    if per_four is None:
        per_four = rule_sets.rules_of(tournament).games_per_round or DEFAULT_GAMES
    return per_four * size // 4


def round_end(tournament: Tournament, size: int) -> int | None:
    """The game after which the Punkterunden end at a table of ``size`` (the solos still owed
    follow): the games per round, or the Zwangssolo's Frist if it comes first (004 L61, as
    the engine ends a list); ``None``: until the pot is empty."""
    ends = [games_at(tournament, size)]
    if _under_a_set(tournament):
        ends.append(tournament.zwangssolo_frist)
    known = [end for end in ends if end is not None]
    return min(known) if known else None


def planned_games(tournament: Tournament, size: int, report: dict[str, Any]) -> int | None:
    """The games a list under the tournament's set plans, by the engine's ``report``: the
    games played once it is complete (the pot empty, the Frist or the games per round
    reached), else the day's end (:func:`round_end`); ``None``: until the pot is empty."""
    if report["complete"]:
        return int(report["games_played"])
    return round_end(tournament, size)


def owed_solo(tournament: Tournament) -> str | None:
    """The kind of solo the tournament's lists owe: ``"pflichtsolo"`` (the DDV rules, 000),
    ``"zwangssolo"`` (004), ``None`` under a set that owes none (001, 002) and under 004
    without a Frist (L61: a Zwangssolo only where the day names one)."""
    if not _under_a_set(tournament):
        return "pflichtsolo"
    kind = rule_sets.rules_of(tournament).pflichtsolo
    if kind is Pflichtsolo.NONE or (
        kind is Pflichtsolo.ZWANGSSOLO and tournament.zwangssolo_frist is None
    ):
        return None
    return "zwangssolo" if kind is Pflichtsolo.ZWANGSSOLO else "pflichtsolo"


def minutes_at(tournament: Tournament, size: int) -> int | None:
    """The regular playing time of a table of ``size``; ``None``: no time limit (as at a club
    evening under any set)."""
    if tournament.evening:
        return None
    if not _under_a_set(tournament):
        return MINUTES.get(size)
    if tournament.time_limit is None:
        return None
    return tournament.time_limit * size // 4


def list_fields(tournament: Tournament, size: int) -> dict[str, Any]:
    """The list's fields under the tournament's set besides ``rules`` (``games``, ``pot``,
    ``frist``; ``docs/contracts/score-list.md``); empty under the DDV rules."""
    if not _under_a_set(tournament):
        return {}
    setting: dict[str, Any] = {}
    games = games_at(tournament, size)
    if games is not None:
        setting["games"] = games
    if tournament.pot_start is not None:
        setting["pot"] = tournament.pot_start
    if tournament.zwangssolo_frist is not None:
        setting["frist"] = tournament.zwangssolo_frist
    if size == 3:
        setting["strohmann"] = STROHMANN
    return setting


def table_count_problem(tournament: Tournament, count: int) -> str | None:
    """Why the set's tables cannot seat ``count`` players, in German, or ``None``: under a set
    of tables of four only (000-002), a count that is no multiple of four. (Counts the draw
    cannot split into fours and fives at all it refuses itself.)"""
    rules = rule_sets.rules_of(tournament)
    if 5 in rules.table_sizes or count < 4 or count % 4 == 0:
        return None
    preset = tournament.rules_preset
    line = words.TABLE_LINES.get(preset, words.SEEDS.get(preset, preset))
    return words.draw_fours_only(rule_sets.name_of(tournament), line, count)


def draw_table_sizes(tournament: Tournament) -> list[int] | None:
    """The draw's ``table_sizes`` (docs/contracts/draw.md) where the set plays at a table of
    three with the Strohmann (004 L91): ``[3, 4, 5]``, a three only where fours and fives
    cannot seat everyone; ``None`` otherwise (the draw's fours and fives, unchanged)."""
    if not _under_a_set(tournament):
        return None
    rules = rule_sets.rules_of(tournament)
    if not (rules.strohmann and 3 in rules.table_sizes):
        return None
    return sorted(size for size in rules.table_sizes if size in (3, 4, 5))


def check_table_count(tournament: Tournament, count: int) -> None:
    """Refuse, before drawing, a player count the set's tables cannot seat."""
    problem = table_count_problem(tournament, count)
    if problem is not None:
        raise ServiceError.sentence(words.not_drawn(problem))


def summary(tournament: Tournament) -> list[tuple[str, str]]:
    """The day's settings in German as (label, value) lines; none under the DDV rules."""
    if not _under_a_set(tournament):
        return []
    rules = rule_sets.rules_of(tournament)
    pot = words.POT_NAMES.get(rules.settlement.value)
    return words.day_summary(
        games_four=games_at(tournament, 4),
        games_five=games_at(tournament, 5) if 5 in rules.table_sizes else None,
        pot=pot,
        pot_start=tournament.pot_start,
        unit=rules.unit.value,
        zwangssolo=rules.pflichtsolo is Pflichtsolo.ZWANGSSOLO,
        frist=tournament.zwangssolo_frist,
        minutes=tournament.time_limit,
    )


@dataclass(frozen=True, slots=True)
class ListDay:
    """Where a table's list under a rule set stands, for its header and the round overview:
    the Punkterunden's games (``planned``: :func:`round_end`, ``None`` until the pot is empty;
    ``left``: of those, the solos still owed follow), the pot's balance, the solos owed as the
    set owes them, and the banners due, each with the seed line."""

    played: int
    planned: int | None
    left: int | None
    complete: bool
    pot: str | None
    #: What the header calls the solos owed, ``None`` where the set owes none (001, 002, 004
    #: without a Frist): nothing is shown then.
    owed_label: str | None
    owed: tuple[str, ...]
    vorfuehrung: str | None
    hammelrennen: str | None


def list_day(table: RoundTable, report: dict[str, Any], names: dict[str, str]) -> ListDay | None:
    """The list's state under the tournament's set (``report``: the engine's report, ``names``
    its player keys' labels); ``None`` under the DDV rules, whose pages show it their way."""
    tournament = table.round.tournament
    if not _under_a_set(tournament):
        return None
    rules = rule_sets.rules_of(tournament)
    preset = tournament.rules_preset
    pot = None
    if report.get("pot") is not None:
        pot = words.pot_line(
            words.POT_NAMES[rules.settlement.value],
            int(report["pot"]["balance"]),
            rules.unit.value,
            words.POT_LINES.get(preset, words.SEEDS.get(preset, preset)),
            tournament.until_pot_empty,
        )
    line = words.PFLICHT_LINES.get(preset, words.SEEDS.get(preset, preset))
    owes = rules.pflichtsolo is not Pflichtsolo.NONE and (
        rules.pflichtsolo is not Pflichtsolo.ZWANGSSOLO or tournament.zwangssolo_frist
    )
    owed_label = (
        words.owed_label(rules.pflichtsolo.value, tournament.zwangssolo_frist, line)
        if owes
        else None
    )
    due = report.get("vorfuehrung")
    vorfuehrung = None
    if due is not None:
        zwangssolo = rules.pflichtsolo is Pflichtsolo.ZWANGSSOLO
        vorfuehrung = words.vorfuehrung_banner(names.get(due, due), line, zwangssolo)
    hammelrennen = None
    if report.get("hammelrennen_due") and report.get("pot") is not None:
        hammelrennen = words.hammelrennen_banner(int(report["pot"]["balance"]), rules.unit.value)
    played = int(report["games_played"])
    planned = planned_games(tournament, table.size, report)
    return ListDay(
        played=played,
        planned=planned,
        left=None if planned is None else max(0, planned - played),
        complete=bool(report["complete"]),
        pot=pot,
        owed_label=owed_label,
        owed=tuple(names.get(key, key) for key in report["pflicht_missing"]),
        vorfuehrung=vorfuehrung,
        hammelrennen=hammelrennen,
    )


def check_time_up(tournament: Tournament) -> None:
    """TSR 8.5.3's time up is the DDV rules' step: refused under another set, whose lists
    take no time-up entry (the clock shows its limit; the round ends with its games)."""
    if _under_a_set(tournament):
        raise ServiceError.sentence(words.no_time_up(rule_sets.name_of(tournament)))


def check_drawn_sizes(round_: Round) -> None:
    """Refuse to start a round drawn with a table the tournament's set does not play at (the
    set was chosen after the draw): it is to be drawn again."""
    tournament = round_.tournament
    rules = rule_sets.rules_of(tournament)
    for table in round_.tables:
        if table.size not in rules.table_sizes:
            preset = tournament.rules_preset
            line = words.TABLE_LINES.get(preset, words.SEEDS.get(preset, preset))
            name = rule_sets.name_of(tournament)
            text = words.drawn_table_misfit(name, line, round_.number, table.number, table.size)
            raise ServiceError.sentence(text)


def card_line(tournament: Tournament, size: int) -> str:
    """The foot of a table card for a table of ``size``: its games or pot, its time, the
    solos its players owe (TSR 4.2 under the DDV rules, the set's otherwise)."""
    rules = rule_sets.rules_of(tournament)
    owed = words.CARD_OWED.get(rules.pflichtsolo.value)
    if rules.pflichtsolo is Pflichtsolo.ZWANGSSOLO:
        frist = tournament.zwangssolo_frist
        owed = None if frist is None or owed is None else owed.format(frist=frist)
    return words.card_line(
        games=round_end(tournament, size),
        pot=words.POT_NAMES.get(rules.settlement.value),
        pot_start=tournament.pot_start,
        unit=rules.unit.value,
        minutes=minutes_at(tournament, size),
        owed=owed,
    )
