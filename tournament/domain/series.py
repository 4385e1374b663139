"""The season series (Jahreswertung): tournaments counted together under rules the
Turnierleitung sets, worked out from each tournament's own standings (``standings.overall``).

A player is the club's :class:`~tournament.models.Player` the registrations link to, so a
person is the same across tournaments and namesakes (two players of one name) stay apart.

What a tournament gives a player (the *measure*): its total points, its Rundenschnitt (the
closed rounds' points per round) or placement points by its rank there (a place beyond the
table gets 0). The tournaments that count: all, or the best N by that measure (the earlier
tournament first among equal ones); the others are *struck*. The series value: the counted
values' sum; under the Rundenschnitt the counted tournaments' closed points divided by their
closed rounds. A player with fewer tournaments played than the minimum is listed unranked.
Equal values are told apart by the tie-breaks in the series' order, else share a place.
"""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import select

from tournament.domain import audit_log, names, standings
from tournament.domain.errors import ServiceError
from tournament.extensions import db
from tournament.models import (
    Player,
    Registration,
    RoundStatus,
    Series,
    SeriesCounting,
    SeriesMeasure,
    SeriesTournament,
    Tournament,
    User,
)
from tournament.texts import series as words
from tournament.texts.rule_sets import rule_set_name

#: The tie-breaks a series may use, in the order the form offers them.
TIE_BREAKS = tuple(key for key, _ in words.TIE_BREAK_CHOICES)
#: The most places a placement table may have.
MAX_PLACES = 200
MAX_PLACE_POINTS = 1000
#: What a spreadsheet takes for the start of a formula in a cell (as the standings CSV).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def parse_placement_points(text: str) -> list[int]:
    """``"20, 18, 16"`` as ``[20, 18, 16]``: whole numbers 0..1000, never rising; refused with
    a German sentence naming the item."""
    items = [item for item in re.split(r"[\s,;]+", text.strip()) if item]
    if len(items) > MAX_PLACES:
        raise ServiceError.sentence(
            words.PLACEMENT_TOO_MANY.format(limit=MAX_PLACES), field="placement_points"
        )
    points: list[int] = []
    for position, item in enumerate(items, start=1):
        if not (item.isascii() and item.isdigit() and len(item) <= 4) or (
            int(item) > MAX_PLACE_POINTS
        ):
            raise ServiceError.sentence(
                words.PLACEMENT_BAD.format(item=item[:20], position=position),
                field="placement_points",
            )
        value = int(item)
        if points and value > points[-1]:
            raise ServiceError.sentence(
                words.PLACEMENT_RISING.format(
                    place=position, higher=value, before=position - 1, lower=points[-1]
                ),
                field="placement_points",
            )
        points.append(value)
    return points


@dataclass(frozen=True, slots=True)
class Settings:
    """What the Turnierleitung sets for a series (the form's data, checked by :func:`check`)."""

    name: str
    season: int
    counting: SeriesCounting
    best_of: int | None
    measure: SeriesMeasure
    placement_points: list[int]
    min_tournaments: int
    tie_breaks: list[str]


def check(settings: Settings) -> None:
    """Refuse settings that do not make a rule, with the field they belong to."""
    if settings.counting is SeriesCounting.BEST and not settings.best_of:
        raise ServiceError.sentence(words.BEST_OF_MISSING, field="best_of")
    if settings.measure is SeriesMeasure.PLACEMENT and not settings.placement_points:
        raise ServiceError.sentence(words.PLACEMENT_MISSING, field="placement_points")
    names_of = dict(words.TIE_BREAK_CHOICES)
    seen: set[str] = set()
    for key in settings.tie_breaks:
        if key not in names_of:
            raise ServiceError.sentence(words.TIE_BREAK_NONE, field="tie_break_1")
        if key in seen:
            raise ServiceError.sentence(
                words.TIE_BREAK_TWICE.format(name=names_of[key]), field="tie_break_1"
            )
        seen.add(key)


def _apply(series: Series, settings: Settings) -> None:
    check(settings)
    series.name = settings.name
    series.season = settings.season
    series.counting = settings.counting
    series.best_of = settings.best_of if settings.counting is SeriesCounting.BEST else None
    series.measure = settings.measure
    series.placement_points = list(settings.placement_points)
    series.min_tournaments = settings.min_tournaments
    series.tie_breaks = list(settings.tie_breaks)


def _fields(series: Series) -> dict[str, object]:
    """What the audit log keeps of a series' rules."""
    return {
        "name": series.name,
        "season": series.season,
        "counting": series.counting.value,
        "best_of": series.best_of,
        "measure": series.measure.value,
        "placement_points": ", ".join(str(p) for p in series.placement_points),
        "min_tournaments": series.min_tournaments,
        "tie_breaks": ", ".join(dict(words.TIE_BREAK_CHOICES)[k] for k in series.tie_breaks),
    }


def create(user: User | None, settings: Settings) -> Series:
    series = Series(rules_variants=[])
    _apply(series, settings)
    db.session.add(series)
    db.session.flush()
    audit_log.record(user, "create", "series", series.id, new=_fields(series))
    return series


def _claim(series: Series, version: int) -> None:
    if series.version != version:
        raise ServiceError.sentence(words.STALE)
    series.version += 1


def update(user: User | None, series: Series, version: int, settings: Settings) -> None:
    _claim(series, version)
    old = _fields(series)
    _apply(series, settings)
    new = _fields(series)
    changed = [key for key in new if new[key] != old[key]]
    if changed:
        audit_log.record(
            user,
            "update",
            "series",
            series.id,
            old={"name": old["name"], **{k: old[k] for k in changed}},
            new={"name": new["name"], **{k: new[k] for k in changed}},
        )


def get(series_id: int) -> Series | None:
    return db.session.get(Series, series_id)


def all_series() -> list[Series]:
    return list(
        db.session.execute(select(Series).order_by(Series.season.desc(), Series.name)).scalars()
    )


def tournaments_of(series: Series) -> list[Tournament]:
    """The series' tournaments by date (one query, however long the season)."""
    query = (
        select(Tournament)
        .join(SeriesTournament, SeriesTournament.tournament_id == Tournament.id)
        .where(SeriesTournament.series_id == series.id)
        .order_by(Tournament.date, Tournament.id)
    )
    return list(db.session.execute(query).scalars())


def series_of(tournament: Tournament) -> list[Series]:
    """The series a tournament counts in."""
    query = (
        select(Series)
        .join(SeriesTournament, SeriesTournament.series_id == Series.id)
        .where(SeriesTournament.tournament_id == tournament.id)
        .order_by(Series.season.desc(), Series.name)
    )
    return list(db.session.execute(query).scalars())


def rules_name(series: Series) -> str | None:
    if series.rules_preset is None:
        return None
    return rule_set_name(series.rules_preset, series.rules_variants)


def add(user: User | None, series: Series, version: int, tournament: Tournament) -> None:
    """Add ``tournament``; one under another rule set than the series' is refused, naming both.
    The first tournament gives a series without a rule set its own."""
    if any(entry.tournament_id == tournament.id for entry in series.entries):
        raise ServiceError.sentence(words.ALREADY_IN.format(tournament=tournament.name))
    if series.rules_preset is None:
        series.rules_preset = tournament.rules_preset
        series.rules_variants = list(tournament.rules_variants)
    elif (series.rules_preset, list(series.rules_variants)) != (
        tournament.rules_preset,
        list(tournament.rules_variants),
    ):
        raise ServiceError.sentence(
            words.OTHER_RULE_SET.format(
                tournament=tournament.name,
                tournament_rules=rule_set_name(tournament.rules_preset, tournament.rules_variants),
                series=series.name,
                series_rules=rules_name(series),
            )
        )
    _claim(series, version)
    series.entries.append(SeriesTournament(tournament_id=tournament.id))
    audit_log.record(
        user,
        "add_tournament",
        "series",
        series.id,
        new={"name": series.name, "series_tournament": tournament.name},
    )


def remove(user: User | None, series: Series, version: int, tournament: Tournament) -> None:
    entry = next((e for e in series.entries if e.tournament_id == tournament.id), None)
    if entry is None:
        raise ServiceError.sentence(words.NOT_IN.format(tournament=tournament.name))
    _claim(series, version)
    series.entries.remove(entry)
    audit_log.record(
        user,
        "remove_tournament",
        "series",
        series.id,
        new={"name": series.name, "series_tournament": tournament.name},
    )


# The standings


@dataclass(frozen=True, slots=True)
class Result:
    """One tournament of a player: rank and points there, what it gives in the series."""

    tournament_id: int
    tournament: str
    rank: int
    total: int
    rounds: int
    closed_points: Decimal
    value: Decimal
    counted: bool


@dataclass(frozen=True, slots=True)
class SeriesRow:
    rank: int | None
    player_id: int
    name: str
    club: str
    value: Decimal
    results: tuple[Result, ...]

    @property
    def counted(self) -> tuple[Result, ...]:
        return tuple(r for r in self.results if r.counted)

    @property
    def struck(self) -> tuple[Result, ...]:
        return tuple(r for r in self.results if not r.counted)


@dataclass(frozen=True, slots=True)
class SeriesStandings:
    tournaments: tuple[Tournament, ...]
    rows: tuple[SeriesRow, ...]
    min_tournaments: int


def running(tournament: Tournament) -> bool:
    """Whether a round of ``tournament`` runs: its standings, and the series', may change."""
    return any(round_.status == RoundStatus.RUNNING for round_ in tournament.rounds)


def is_provisional(table: SeriesStandings) -> bool:
    """Whether the series standings may still change: a round of one of its tournaments runs."""
    return any(running(t) for t in table.tournaments)


def _value(series: Series, row: standings.StandingsRow) -> Decimal:
    if series.measure is SeriesMeasure.PLACEMENT:
        table = series.placement_points
        return Decimal(table[row.rank - 1] if row.rank <= len(table) else 0)
    if series.measure is SeriesMeasure.AVERAGE:
        return row.average if row.average is not None else Decimal(0)
    return Decimal(row.total)


def _series_value(series: Series, counted: Sequence[Result]) -> Decimal:
    if series.measure is SeriesMeasure.AVERAGE:
        rounds = sum(r.rounds for r in counted)
        return (
            sum((r.closed_points for r in counted), Decimal(0)) / rounds if rounds else Decimal(0)
        )
    return sum((r.value for r in counted), Decimal(0))


def _tie_key(series: Series, value: Decimal, results: Sequence[Result]) -> tuple[Decimal, ...]:
    """Higher is better, key by key: the value, then each tie-break."""
    key = [value]
    counted = [r for r in results if r.counted]
    for tie_break in series.tie_breaks:
        if tie_break == "best_placement":
            key.append(-Decimal(min((r.rank for r in counted), default=10**6)))
        elif tie_break == "more_tournaments":
            key.append(Decimal(len(counted)))
        elif tie_break == "all_points":
            key.append(Decimal(sum(r.total for r in results)))
    return tuple(key)


def _players(tournament_ids: Iterable[int]) -> dict[tuple[int, int], Player]:
    """(tournament id, start number) -> the registration's player."""
    query = (
        select(Registration.tournament_id, Registration.start_number, Player)
        .join(Player, Player.id == Registration.player_id)
        .where(Registration.tournament_id.in_(list(tournament_ids)))
    )
    return {(t, s): p for t, s, p in db.session.execute(query)}


def labels_of(players: Iterable[Player]) -> dict[int, str]:
    """Player id to the name shown: a namesake's with his club (else DDV number, else his
    player number), as the tournaments tell namesakes apart."""
    found = list(players)
    counts = Counter(names.normalise(p.name) for p in found)
    labels = {}
    for player in found:
        if counts[names.normalise(player.name)] < 2:
            labels[player.id] = player.name
        else:
            extra = names.distinction(player.club, player.ddv_number) or f"Nr. {player.id}"
            labels[player.id] = f"{player.name} ({extra})"
    return labels


def overall(series: Series) -> SeriesStandings:
    tournaments = tournaments_of(series)
    player_of = _players(t.id for t in tournaments)
    results: dict[int, list[Result]] = {}
    people: dict[int, Player] = {}
    for tournament in tournaments:
        table = standings.overall(tournament)
        for row in table.rows:
            if all(points is None for points in row.points):
                continue  # registered, never seated: not played
            player = player_of[(tournament.id, row.start_number)]
            player_id = player.id
            people[player_id] = player
            closed = (row.average or Decimal(0)) * row.rounds_played
            results.setdefault(player_id, []).append(
                Result(
                    tournament.id,
                    tournament.name,
                    row.rank,
                    row.total,
                    row.rounds_played,
                    closed,
                    _value(series, row),
                    counted=True,
                )
            )
    labels = labels_of(people.values())
    order = {t.id: i for i, t in enumerate(tournaments)}
    lines: list[tuple[bool, tuple[Decimal, ...], SeriesRow]] = []
    for player_id, played in results.items():
        if series.counting is SeriesCounting.BEST and series.best_of is not None:
            ranked = sorted(played, key=lambda r: (-r.value, order[r.tournament_id]))
            keep = {r.tournament_id for r in ranked[: series.best_of]}
        else:
            keep = {r.tournament_id for r in played}
        marked = tuple(
            Result(
                r.tournament_id,
                r.tournament,
                r.rank,
                r.total,
                r.rounds,
                r.closed_points,
                r.value,
                r.tournament_id in keep,
            )
            for r in sorted(played, key=lambda r: order[r.tournament_id])
        )
        value = _series_value(series, [r for r in marked if r.counted])
        ranked_player = len(played) >= series.min_tournaments
        person = people[player_id]
        line = SeriesRow(None, player_id, labels[player_id], person.club, value, marked)
        lines.append((ranked_player, _tie_key(series, value, marked), line))
    lines.sort(key=lambda line: (not line[0], tuple(-k for k in line[1]), line[2].name))
    rows: list[SeriesRow] = []
    previous: tuple[Decimal, ...] | None = None
    rank = 0
    for position, (ranked_player, key, line) in enumerate(lines, start=1):
        if not ranked_player:
            rows.append(line)
            continue
        if key != previous:
            rank, previous = position, key
        rows.append(SeriesRow(rank, line.player_id, line.name, line.club, line.value, line.results))
    return SeriesStandings(tuple(tournaments), tuple(rows), series.min_tournaments)


def start_numbers(player_id: int, tournament_ids: Iterable[int]) -> dict[int, int]:
    """Tournament id to the start number the player has there, for links to his pages."""
    query = select(Registration.tournament_id, Registration.start_number).where(
        Registration.player_id == player_id,
        Registration.tournament_id.in_(list(tournament_ids)),
    )
    return {t: n for t, n in db.session.execute(query)}


def state_token(series: Series) -> str:
    """What the series standings show: the series' version and each tournament's standings."""
    parts = [str(series.version)]
    parts += [standings.state_token(t) for t in tournaments_of(series)]
    return "-".join(parts)


def amount(value: Decimal) -> str:
    """A series value with a decimal comma: whole, or two places under the Rundenschnitt."""
    if value == value.to_integral_value():
        return str(int(value))
    return f"{value.quantize(Decimal('0.01')):.2f}".replace(".", ",")


def _neutralised(text: str) -> str:
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def result_list(results: Sequence[Result]) -> str:
    """„Clubabend 1 (3.: 20), Clubabend 4 (1.: 24)“: each tournament with rank and value."""
    return ", ".join(f"{r.tournament} ({r.rank}.: {amount(r.value)})" for r in results)


def to_csv(table: SeriesStandings) -> bytes:
    """The series standings for German Excel: ``;``, UTF-8 with BOM, decimal comma, text that
    a spreadsheet would run as a formula with a ``'`` first (as the tournament standings)."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerow(words.CSV_HEADERS)
    for row in table.rows:
        writer.writerow(
            (
                words.NOT_RANKED if row.rank is None else str(row.rank),
                _neutralised(row.name),
                _neutralised(row.club),
                amount(row.value),
                str(len(row.results)),
                str(len(row.counted)),
                _neutralised(result_list(row.counted)),
                _neutralised(result_list(row.struck)),
            )
        )
    return out.getvalue().encode("utf-8-sig")
