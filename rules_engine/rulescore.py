"""``score`` under a rule set other than the DDV preset (``docs/rule-sets.md``).

:func:`ruled_summary_from_record` parses and verifies a ``score`` record under a
:class:`~rules_engine.rulesets.RuleSet` into a :class:`RuledSummary`; :func:`score_ruled`
turns it into a :class:`RuledResult`: the winner, the value from Re's side, the items and
factors that make it, every player's score in the rule set's unit and what the Punktetopf
or the Kasse paid. Payments are worked out as transfers between players and the pot, so
that plus-minus rows sum to zero and a pot pays exactly what the players gain.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from .calls import Party
from .errors import RecordError
from .findings import Code, JsonValue, Player
from .gametypes import GameType, SoloCategory
from .record_fields import Record, parse_pflicht, parse_players
from .rulesets import (
    Armut,
    CallSystem,
    Context,
    ExtraGame,
    FiveSitter,
    Hammelrennen,
    HochzeitSelector,
    KontraWin,
    Model,
    Pflichtsolo,
    PremiumFrom,
    PremiumsTo,
    RuleSet,
    Schweinchen,
    Settlement,
    SoloKind,
    Special,
    Timing,
)
from .scoring import EYE_SUMS


class Kind:
    """The ``type`` tokens of games under a rule set."""

    NORMAL = "normal"
    HOCHZEIT = "hochzeit"
    STILLE_HOCHZEIT = "stille_hochzeit"
    SOLO = "solo"
    ARMUT = "armut"
    SCHWARZE_SAU = "schwarze_sau"
    HAMMELRENNEN = "hammelrennen"
    SCHWARZ_SPIEL = "schwarz_spiel"


_KINDS = (
    Kind.NORMAL,
    Kind.HOCHZEIT,
    Kind.STILLE_HOCHZEIT,
    Kind.SOLO,
    Kind.ARMUT,
    Kind.SCHWARZE_SAU,
    Kind.HAMMELRENNEN,
    Kind.SCHWARZ_SPIEL,
)
_SPECIALS = tuple(Special)
_SPECIAL_BY_NAME = {s.value: s for s in Special}
_SOLOS = {s.value: s for s in SoloKind}
#: Per Sonderpunkt kind, the counts by party; a tuple in :data:`_SPECIALS` order.
Counts = tuple[int, ...]
NO_COUNTS: Counts = (0,) * len(_SPECIALS)
#: Kasse, the pot, as the payer or payee of a transfer.
POT = ""
STUFEN = ((90, "unter 90 gespielt"), (60, "unter 60 gespielt"), (30, "unter 30 gespielt"))
ABSAGE_TARGET = (None, 151, 181, 211, None)
AGAINST_TARGET = (None, 90, 60, 30, None)
REACHED_AGAINST = (0, 120, 90, 60, 30)
_DDV_CALL_TOKENS = ("re", "keine90", "keine60", "keine30", "schwarz")
_CALL_GERMAN = ("Re", "keine 90", "keine 60", "keine 30", "schwarz")


@dataclass(frozen=True, slots=True)
class Premium:
    """A Sonderpunkt paid to one player (004 L75-79): who caught it, who lost it."""

    special: Special
    by: str
    loser: str | None


@dataclass(frozen=True, slots=True)
class RuledSummary:
    """One game under a rule set, as its ``score`` record gives it."""

    rules: RuleSet
    players: tuple[str, ...]
    kind: str
    re: tuple[str, ...] = ()
    re_eyes: int = 0
    re_tricks: int = 0
    #: The highest call of each party: -1 none, 0 Re/Kontra, 1..4 keine 90 .. schwarz.
    re_level: int = -1
    kontra_level: int = -1
    re_specials: Counts = NO_COUNTS
    kontra_specials: Counts = NO_COUNTS
    solo: SoloKind | None = None
    category: SoloCategory | None = None
    sitting_out: str | None = None
    strohmann: str | None = None
    strohmann_by: str | None = None
    schweinchen: bool = False
    premiums: tuple[Premium, ...] = ()
    #: Hammelrennen (000): each player's Augen, in player order.
    player_eyes: tuple[int, ...] = ()
    #: Hammelrennen (004) winner, Schwarz-Spiel (001) culprit.
    player: str | None = None

    @property
    def contexts(self) -> frozenset[Context]:
        return contexts_of(self.kind, len(self.re), self.solo, self.category)

    @property
    def scored_as_solo(self) -> bool:
        return Context.SOLO in self.contexts or self.kind == Kind.SCHWARZE_SAU


@cache
def contexts_of(
    kind: str, re_size: int, solo: SoloKind | None, category: SoloCategory | None
) -> frozenset[Context]:
    """The kinds of game a scoring rule may be limited to, for this game."""
    result: set[Context] = set()
    if kind == Kind.NORMAL or (kind == Kind.HOCHZEIT and re_size == 2):
        result.add(Context.NORMAL)
    elif kind == Kind.ARMUT:
        result.add(Context.ARMUT)
    elif kind in (Kind.STILLE_HOCHZEIT, Kind.HOCHZEIT) or solo is SoloKind.KARO:
        result |= {Context.SOLO, Context.KARO_SOLO}
    elif kind == Kind.SOLO:
        result.add(Context.SOLO)
    elif kind == Kind.SCHWARZE_SAU:
        result.add(Context.SCHWARZE_SAU)
    if category is SoloCategory.VORFUEHRUNG:
        result.add(Context.VORGEFUEHRT)
    return frozenset(result)


@dataclass(frozen=True, slots=True)
class RuledResult:
    """Winner (a party, a player's name, or ``None``), value from Re's side (or the
    winner's), items and factors, each player's score and the pot's payment."""

    winner: Party | str | None
    value: int
    items: tuple[tuple[str, str, int], ...]
    factors: tuple[tuple[str, int], ...]
    scores: tuple[tuple[str, int], ...]
    pot: int
    premiums: tuple[tuple[str, str, int, str], ...] = ()


# ----------------------------------------------------------------------------- parsing
def _error(code: Code, rules: RuleSet, **params: Any) -> RecordError:
    return RecordError.of(code, preset=rules.key, **params)


def _whole(record: Record, field: str, low: int, high: int) -> int:
    value = record.get(field)
    if type(value) is not int:
        raise RecordError.of(Code.NOT_WHOLE_NUMBER, field=field, value=JsonValue.of(value))
    if not low <= value <= high:
        raise RecordError.of(Code.OUT_OF_RANGE, field=field, number=value, low=low, high=high)
    return value


def _player(record: Record, field: str, players: Iterable[str], required: bool) -> str | None:
    value = record.get(field)
    if value is None and not required:
        return None
    if type(value) is not str or value not in players:
        raise RecordError.of(Code.NOT_ONE_OF_PLAYERS, field=field, value=JsonValue.of(value))
    return value


def _players(record: Record, rules: RuleSet) -> tuple[tuple[str, ...], str | None, str | None]:
    """The four players at the game, the one sitting out and the Strohmann."""
    players = parse_players(record)
    if len(set(players)) != len(players):
        raise RecordError.of(Code.GAME_PLAYERS_INVALID)
    sitting_out = record.get("sitting_out")
    strohmann = record.get("strohmann")
    if sitting_out is not None:
        if 5 not in rules.table_sizes:
            raise _error(Code.FIELD_NOT_IN_RULES, rules, field="sitting_out")
        if type(sitting_out) is not str or not sitting_out.strip() or sitting_out in players:
            raise RecordError.of(Code.NOT_A_PLAYER_NAME, value=JsonValue.of(sitting_out))
    if strohmann is not None:
        if not rules.strohmann or 3 not in rules.table_sizes:
            raise _error(Code.FIELD_NOT_IN_RULES, rules, field="strohmann")
        _player(record, "strohmann", players, True)
    if len(players) != 4:
        raise _error(Code.PLAYERS_FOR_RULES, rules, count=len(players))
    return players, sitting_out, strohmann


def _kind(record: Record, rules: RuleSet) -> str:
    value = record.get("type")
    if type(value) is not str or value not in _KINDS:
        raise RecordError.of(Code.TYPE_UNKNOWN, value=JsonValue.of(value), choices=_KINDS)
    lacking = (
        (value == Kind.ARMUT and rules.armut is Armut.NONE)
        or (value == Kind.STILLE_HOCHZEIT and not rules.stille_hochzeit)
        or (value == Kind.SCHWARZE_SAU and ExtraGame.SCHWARZE_SAU not in rules.extra_games)
        or (value == Kind.HAMMELRENNEN and ExtraGame.HAMMELRENNEN not in rules.extra_games)
        or (value == Kind.SCHWARZ_SPIEL and ExtraGame.SCHWARZ_SPIEL not in rules.extra_games)
    )
    if lacking:
        raise _error(Code.TYPE_NOT_IN_RULES, rules, value=JsonValue.of(value))
    return value


def game_kind(record: Record, rules: RuleSet) -> str:
    """The ``type`` of a record, refused where ``rules`` lack that game."""
    return _kind(record, rules)


def _solo(record: Record, rules: RuleSet, kind: str) -> tuple[SoloKind | None, SoloCategory | None]:
    value = record.get("solo")
    if kind != Kind.SOLO:
        if value is not None:
            raise _error(Code.FIELD_NOT_IN_RULES, rules, field="solo")
        if record.get("pflicht") not in (None, False):
            raise _error(Code.FIELD_NOT_IN_RULES, rules, field="pflicht")
        return None, None
    if type(value) is not str or value not in _SOLOS:
        raise RecordError.of(
            Code.SOLO_UNKNOWN, field="solo", value=JsonValue.of(value), choices=tuple(_SOLOS)
        )
    solo = _SOLOS[value]
    if solo not in rules.solos:
        raise _error(Code.SOLO_NOT_IN_RULES, rules, value=JsonValue.of(value))
    category = parse_pflicht(record.get("pflicht"))
    if category.is_pflicht and rules.pflichtsolo is Pflichtsolo.NONE:
        raise _error(Code.FIELD_NOT_IN_RULES, rules, field="pflicht")
    return solo, category


def _re(record: Record, rules: RuleSet, kind: str, players: tuple[str, ...]) -> tuple[str, ...]:
    re = record.get("re")
    if type(re) is not list:
        raise RecordError.of(Code.RE_NOT_LIST)
    for name in re:
        if name not in players:
            raise RecordError.of(Code.RE_NOT_A_PLAYER, name=name)
    if len(set(re)) != len(re):
        raise RecordError.of(Code.RE_TWICE, names=tuple(map(Player, re)))
    size = len(re)
    if kind in (Kind.NORMAL, Kind.ARMUT) and size != 2:
        raise RecordError.of(Code.NORMAL_RE_SIZE, size=size)
    if kind == Kind.HOCHZEIT and size not in (1, 2):
        raise RecordError.of(Code.HOCHZEIT_RE_SIZE, size=size)
    if kind in (Kind.SOLO, Kind.STILLE_HOCHZEIT, Kind.SCHWARZE_SAU) and size != 1:
        raise RecordError.of(Code.SOLO_RE_SIZE, game_type=GameType.SOLO, size=size)
    return tuple(re)


def _levels(
    record: Record, rules: RuleSet, contexts: frozenset[Context], kind: str
) -> tuple[int, int]:
    calls = record.get("calls")
    if calls is None:
        return -1, -1
    if type(calls) is not dict:
        raise RecordError.of(Code.PARTIES_NOT_OBJECT, field="calls")
    for key in calls:
        if key not in ("re", "kontra"):
            raise RecordError.of(Code.PARTY_KEY_UNKNOWN, field="calls", key=key)
    levels = []
    no_calls = kind == Kind.SCHWARZE_SAU
    for party in ("re", "kontra"):
        value = calls.get(party)
        if value is None:
            levels.append(-1)
            continue
        tokens = (party, *_DDV_CALL_TOKENS[1:])
        if type(value) is not str or value not in tokens:
            raise RecordError.of(
                Code.CALL_UNKNOWN,
                field=f"calls.{party}",
                value=JsonValue.of(value),
                choices=tokens,
            )
        level = tokens.index(value)
        if (
            no_calls
            or (level > 0 and rules.calls is CallSystem.KONTRA_RE)
            or (level > 0 and Context.SOLO in contexts and not rules.absagen_in_solo)
        ):
            raise _error(
                Code.CALL_NOT_IN_RULES, rules, field=f"calls.{party}", value=JsonValue.of(value)
            )
        levels.append(level)
    if rules.calls is CallSystem.KONTRA_RE and levels[0] == 0 and levels[1] < 0:
        # 004 L67 (D30): Re is the answer to a Kontra.
        raise _error(Code.CALL_NOT_IN_RULES, rules, field="calls.re", value=JsonValue.of("re"))
    return levels[0], levels[1]


def call_levels(record: Record, summary: RuledSummary) -> tuple[int, int]:
    """The calls of ``record`` as levels, checked for the game of ``summary``."""
    return _levels(record, summary.rules, summary.contexts, summary.kind)


def _timing(record: Record, rules: RuleSet, kind: str, re_level: int, kontra_level: int) -> None:
    """Optional ``timing``: when each call was made; checked against the deadlines."""
    timing = record.get("timing")
    if timing is None:
        return
    if rules.timing is Timing.NONE or not rules.deadlines:
        raise _error(Code.FIELD_NOT_IN_RULES, rules, field="timing")
    if type(timing) is not dict:
        raise RecordError.of(Code.PARTIES_NOT_OBJECT, field="timing")
    shift = 0
    if kind == Kind.HOCHZEIT:
        # D36: calls after the Klärungsstich, the deadlines moved by its tricks.
        klaerung = record.get("klaerungsstich", 1)
        limit = rules.hochzeit_deadline or rules.tricks
        if type(klaerung) is not int or not 1 <= klaerung <= limit:
            raise RecordError.of(
                Code.OUT_OF_RANGE, field="klaerungsstich", number=klaerung, low=1, high=limit
            )
        shift = klaerung - 1
    for party, level in (("re", re_level), ("kontra", kontra_level)):
        if kind == Kind.HOCHZEIT:
            _after_klaerung(rules, timing.get(party), party, shift + 1)
        times = timing.get(party)
        if times is None:
            continue
        if type(times) is not dict:
            raise RecordError.of(Code.PARTIES_NOT_OBJECT, field=f"timing.{party}")
        tokens = (party, *_DDV_CALL_TOKENS[1:])
        previous: int | None = None
        for call_level, token in enumerate(tokens):
            field = f"timing.{party}.{token}"
            if token not in times:
                previous = None
                continue
            if call_level > level:
                raise RecordError.of(Code.TIMING_WITHOUT_CALL, field=field)
            cards = _whole(times, token, 0, rules.deck)
            _check_deadline(rules, field, cards, rules.deadlines[call_level], shift)
            if rules.raise_no_gap and previous is not None:
                latest = 4 * (previous // 4 + 1) + 1
                if cards > latest:
                    raise _error(Code.CALL_GAP, rules, field=field, cards=cards, limit=latest)
            previous = cards
        for token in times:
            if token not in tokens:
                raise RecordError.of(Code.PARTY_KEY_UNKNOWN, field=f"timing.{party}", key=token)
    for key in timing:
        if key not in ("re", "kontra"):
            raise RecordError.of(Code.PARTY_KEY_UNKNOWN, field="timing", key=key)


def _after_klaerung(rules: RuleSet, times: Any, party: str, klaerung: int) -> None:
    """D36: in a Hochzeit the calls wait until trick ``klaerung`` has settled the parties."""
    if type(times) is not dict:
        return
    for token, cards in times.items():
        if type(cards) is not int:
            continue  # refused with its field by the deadlines' check
        if rules.timing is Timing.PLAYED:
            early = cards < 4 * klaerung
        else:  # cards in the caller's hand: he has played one to each trick so far
            early = cards > rules.tricks - klaerung
        if early:
            raise _error(
                Code.CALL_BEFORE_KLAERUNG_TIMED,
                rules,
                field=f"timing.{party}.{token}",
                cards=cards,
                trick=klaerung,
            )


def _check_deadline(rules: RuleSet, field: str, cards: int, deadline: int, shift: int) -> None:
    if rules.timing is Timing.PLAYED:
        limit = deadline + 4 * shift
        if cards > limit:
            raise _error(Code.CALL_AFTER_DEADLINE, rules, field=field, cards=cards, limit=limit)
    else:  # cards in the caller's hand; 003 L104: two fewer without the Neunen
        need = deadline - (12 - rules.tricks) - shift
        if cards < need:
            raise _error(Code.CALL_AFTER_DEADLINE_HAND, rules, field=field, cards=cards, limit=need)


def _counts(record: Record, rules: RuleSet, contexts: frozenset[Context], party: str) -> Counts:
    specials = record.get("specials")
    if specials is None:
        return NO_COUNTS
    if type(specials) is not dict:
        raise RecordError.of(Code.PARTIES_NOT_OBJECT, field="specials")
    for key in specials:
        if key not in ("re", "kontra"):
            raise RecordError.of(Code.PARTY_KEY_UNKNOWN, field="specials", key=key)
    counts = specials.get(party)
    if counts is None:
        return NO_COUNTS
    if type(counts) is not dict:
        raise RecordError.of(Code.SONDERPUNKTE_NOT_OBJECT, field=f"specials.{party}")
    values = [0] * len(_SPECIALS)
    for key in counts:
        special = _SPECIAL_BY_NAME.get(key) if type(key) is str else None
        if special is None:
            raise RecordError.of(Code.SONDERPUNKT_UNKNOWN, field=f"specials.{party}", key=key)
        field = f"specials.{party}.{key}"
        number = _whole(counts, key, 0, rules.tricks)
        if number and not rules.special_counts(special, contexts):
            raise _error(Code.SONDERPUNKT_NOT_IN_RULES, rules, field=field)
        if number and special is Special.FUCHS and rules.premiums_to is PremiumsTo.PLAYER:
            # 004 L75-79: a Fuchs is paid to the player who caught it (``premiums``).
            raise _error(Code.FIELD_NOT_IN_RULES, rules, field=field)
        values[_SPECIALS.index(special)] = number
    return tuple(values)


def _premiums(
    record: Record,
    rules: RuleSet,
    contexts: frozenset[Context],
    players: tuple[str, ...],
    re: tuple[str, ...],
) -> tuple[Premium, ...]:
    premiums = record.get("premiums")
    if premiums is None:
        return ()
    if rules.premiums_to is not PremiumsTo.PLAYER or not rules.special_counts(
        Special.FUCHS, contexts
    ):
        raise _error(Code.FIELD_NOT_IN_RULES, rules, field="premiums")
    if type(premiums) is not list or len(premiums) > 2:
        raise _error(
            Code.SPECIAL_TOO_MANY,
            rules,
            count=len(premiums) if type(premiums) is list else 0,
            kind="fuchs",
            limit=2,
        )
    result = []
    for number, premium in enumerate(premiums):
        field = f"premiums[{number}]"
        if type(premium) is not dict or premium.get("kind") != "fuchs":
            raise RecordError.of(
                Code.SONDERPUNKT_UNKNOWN,
                field=field,
                key=str(premium.get("kind") if type(premium) is dict else premium),
            )
        by = _player(premium, "by", players, True)
        loser = _player(premium, "from", players, rules.premium_from is PremiumFrom.LOSER)
        assert by is not None
        if loser is not None and (loser in re) == (by in re):
            raise RecordError.of(
                Code.NOT_ONE_OF_PLAYERS, field=f"{field}.from", value=JsonValue.of(loser)
            )
        result.append(Premium(Special.FUCHS, by, loser))
    return tuple(result)


def ruled_summary_from_record(record: Record, rules: RuleSet) -> RuledSummary:
    """Parse and verify a ``score`` record under ``rules``; a :class:`RecordError` with its
    code for anything the rule set makes impossible."""
    players, sitting_out, strohmann = _players(record, rules)
    strohmann_by = _player(record, "strohmann_by", players, False) if strohmann else None
    if record.get("strohmann_by") is not None and strohmann_by in (None, strohmann):
        raise RecordError.of(
            Code.NOT_ONE_OF_PLAYERS,
            field="strohmann_by",
            value=JsonValue.of(record.get("strohmann_by")),
        )
    kind = _kind(record, rules)
    if kind == Kind.HAMMELRENNEN:
        return _hammel_summary(record, rules, players, sitting_out, strohmann, strohmann_by)
    if kind == Kind.SCHWARZ_SPIEL:
        culprit = _player(record, "culprit", players, True)
        return RuledSummary(rules, players, kind, player=culprit)
    solo, category = _solo(record, rules, kind)
    re = _re(record, rules, kind, players)
    re_eyes = _whole(record, "re_eyes", 0, 240)
    tricks_value = record.get("re_tricks")
    if type(tricks_value) is not int:
        raise RecordError.of(
            Code.NOT_WHOLE_NUMBER, field="re_tricks", value=JsonValue.of(tricks_value)
        )
    if not 0 <= tricks_value <= rules.tricks:
        raise _error(
            Code.TRICKS_ABOVE_DECK, rules, tricks=tricks_value, limit=rules.tricks, deck=rules.deck
        )
    re_tricks = tricks_value
    sums = eye_sums(rules.deck)[re_tricks]
    if re_eyes not in sums:
        raise _error(
            Code.EYES_IMPOSSIBLE_IN_DECK,
            rules,
            eyes=re_eyes,
            tricks=re_tricks,
            deck=rules.deck,
            low=min(sums),
            high=max(sums),
        )
    contexts = contexts_of(kind, len(re), solo, category)
    if (
        kind == Kind.HOCHZEIT
        and len(re) == 1
        and rules.hochzeit_selector is HochzeitSelector.FIRST_FOREIGN
    ):
        # Alone when another player took none of the first tricks; with the selectors of
        # 000 L33 and 001 L67-68 only the qualifying tricks decide, so no minimum.
        need = rules.hochzeit_deadline or rules.tricks
        if re_tricks < need:
            raise RecordError.of(Code.HOCHZEIT_ALONE_TRICKS, tricks=re_tricks)
    re_level, kontra_level = _levels(record, rules, contexts, kind)
    _timing(record, rules, kind, re_level, kontra_level)
    schweinchen = record.get("schweinchen", False)
    if schweinchen is not False:
        if schweinchen is not True:
            raise RecordError.of(
                Code.NOT_WHOLE_NUMBER, field="schweinchen", value=JsonValue.of(schweinchen)
            )
        # D22: only where the Karo As is trump.
        if rules.schweinchen is Schweinchen.NONE or (
            kind == Kind.SOLO and solo is not SoloKind.KARO
        ):
            raise _error(Code.FIELD_NOT_IN_RULES, rules, field="schweinchen")
    if kind == Kind.SCHWARZE_SAU and record.get("specials"):
        raise _error(Code.FIELD_NOT_IN_RULES, rules, field="specials")
    re_counts = _counts(record, rules, contexts, "re")
    kontra_counts = _counts(record, rules, contexts, "kontra")
    premiums = _premiums(record, rules, contexts, players, re)
    summary = RuledSummary(
        rules,
        players,
        kind,
        re,
        re_eyes,
        re_tricks,
        re_level,
        kontra_level,
        re_counts,
        kontra_counts,
        solo,
        category,
        sitting_out,
        strohmann,
        strohmann_by,
        schweinchen,
        premiums,
    )
    _verify_specials(summary)
    return summary


def _hammel_summary(
    record: Record,
    rules: RuleSet,
    players: tuple[str, ...],
    sitting_out: str | None,
    strohmann: str | None,
    strohmann_by: str | None,
) -> RuledSummary:
    if record.get("calls") or record.get("specials"):
        field = "calls" if record.get("calls") else "specials"
        raise _error(Code.FIELD_NOT_IN_RULES, rules, field=field)
    if rules.hammelrennen is Hammelrennen.FIRST_TO_60:
        winner = _player(record, "first_to_60", players, True)
        return RuledSummary(
            rules,
            players,
            Kind.HAMMELRENNEN,
            sitting_out=sitting_out,
            strohmann=strohmann,
            strohmann_by=strohmann_by,
            player=winner,
        )
    eyes = record.get("eyes")
    if type(eyes) is not dict or set(eyes) != set(players):
        raise RecordError.of(Code.NOT_ONE_OF_PLAYERS, field="eyes", value=JsonValue.of(eyes))
    values = tuple(_whole(eyes, name, 0, 240) for name in players)
    if sum(values) != 240:
        raise RecordError.of(Code.HAMMEL_EYES, total=sum(values))
    return RuledSummary(
        rules,
        players,
        Kind.HAMMELRENNEN,
        sitting_out=sitting_out,
        strohmann=strohmann,
        strohmann_by=strohmann_by,
        player_eyes=values,
    )


def _index(special: Special) -> int:
    return _SPECIALS.index(special)


_DK, _FU, _KA, _KG, _HS, _FL = (_index(s) for s in _SPECIALS)
_LAST_TRICK = (_KA, _KG, _FL)


def _verify_specials(summary: RuledSummary) -> None:
    rules = summary.rules
    re_sp, ko_sp = summary.re_specials, summary.kontra_specials
    if re_sp == NO_COUNTS and ko_sp == NO_COUNTS and not summary.premiums:
        return
    tricks_all = rules.tricks
    for party, sp in ((Party.RE, re_sp), (Party.KONTRA, ko_sp)):
        tricks = summary.re_tricks if party is Party.RE else tricks_all - summary.re_tricks
        eyes = summary.re_eyes if party is Party.RE else 240 - summary.re_eyes
        if any(sp) and tricks == 0:
            raise RecordError.of(Code.SONDERPUNKT_WITHOUT_TRICK, party=party)
        if sp[_DK] > tricks or sp[_DK] * 40 > eyes:
            raise RecordError.of(
                Code.DOPPELKOPF_IMPOSSIBLE, party=party, count=sp[_DK], tricks=tricks, eyes=eyes
            )
        if sp[_FU] * 11 > eyes:
            raise RecordError.of(
                Code.FUCHS_IMPOSSIBLE,
                party=party,
                count=sp[_FU],
                fuchs_eyes=sp[_FU] * 11,
                eyes=eyes,
            )
        if sp[_HS] * 30 > eyes:
            raise _error(Code.SPECIAL_TOO_MANY, rules, count=sp[_HS], kind="herzstich", limit=0)
    if re_sp[_DK] + ko_sp[_DK] > 4:
        raise RecordError.of(Code.TOO_MANY_DOPPELKOPF)
    fuchs_limit = 1 if summary.schweinchen else 2
    fuchs = re_sp[_FU] + ko_sp[_FU] + len(summary.premiums)
    if fuchs > fuchs_limit:
        raise _error(Code.SPECIAL_TOO_MANY, rules, count=fuchs, kind="fuchs", limit=fuchs_limit)
    if re_sp[_KA] + ko_sp[_KA] > 1:
        raise RecordError.of(Code.TOO_MANY_KARLCHEN)
    for index, limit in ((_KG, 2), (_HS, 1), (_FL, 1)):
        total = re_sp[index] + ko_sp[index]
        if total > limit:
            raise _error(
                Code.SPECIAL_TOO_MANY, rules, count=total, kind=_SPECIALS[index].value, limit=limit
            )
    if re_sp[_KA] + ko_sp[_KA] + re_sp[_KG] + ko_sp[_KG] > 2:
        raise _error(Code.SPECIAL_TOO_MANY, rules, count=3, kind="karlchen", limit=2)
    if any(re_sp[i] for i in _LAST_TRICK) and any(ko_sp[i] for i in _LAST_TRICK):
        raise RecordError.of(Code.LAST_TRICK_BOTH_PARTIES)
    if re_sp[_FL] + ko_sp[_FL] and re_sp[_KA] + ko_sp[_KA] + re_sp[_KG] + ko_sp[_KG]:
        # 000 L75-77: the last trick is made by one card, and a Karo As beats no Kreuz Bube.
        raise RecordError.of(Code.LAST_TRICK_FUCHS_AND_KARLCHEN)


@cache
def eye_sums(deck: int) -> tuple[frozenset[int], ...]:
    """For k tricks, every Augen total that 4k cards of the deck can make."""
    if deck == 48:
        return EYE_SUMS
    values = (11, 10, 4, 3, 2, 0) if deck == 48 else (11, 10, 4, 3, 2)
    masks = [1] + [0] * deck
    for eyes in values:
        new = [0] * (deck + 1)
        for n, mask in enumerate(masks):
            if mask:
                for k in range(min(8, deck - n) + 1):
                    new[n + k] |= mask << (k * eyes)
        masks = new
    return tuple(
        frozenset(s for s in range(241) if masks[4 * tricks] >> s & 1)
        for tricks in range(deck // 4 + 1)
    )


# ----------------------------------------------------------------------------- scoring
def _reached(rules: RuleSet, eyes: int, tricks: int, own: int, opp: int, default: int) -> bool:
    if own > 0:
        target = ABSAGE_TARGET[own]
        return tricks == rules.tricks if target is None else eyes >= target
    if opp > 0:
        target = AGAINST_TARGET[opp]
        return tricks >= 1 if target is None else eyes >= target
    if rules.re_120_vs_kontra_only:
        if own == 0 and opp < 0:
            return eyes >= 121
        if own < 0 and opp == 0:
            return eyes >= 120
    return eyes >= default


def winner_of(
    rules: RuleSet,
    contexts: frozenset[Context],
    re_eyes: int,
    re_tricks: int,
    re_level: int,
    kontra_level: int,
) -> Party | None:
    """The party that reached its target (003 L85-88, D24, D25), after the 60er-Regel."""
    kontra_eyes = 240 - re_eyes
    if not contexts.isdisjoint(rules.sixty_rule_in):
        # 000 L59 (D5): above 180 without a call of its own, the party loses.
        if re_eyes > 180 and re_level < 0:
            return Party.KONTRA
        if kontra_eyes > 180 and kontra_level < 0:
            return Party.RE
    if _reached(rules, re_eyes, re_tricks, re_level, kontra_level, 121):
        return Party.RE
    if _reached(rules, kontra_eyes, rules.tricks - re_tricks, kontra_level, re_level, 120):
        return Party.KONTRA
    return None


def _stufen(
    items: list[tuple[str, str, int]],
    rules: RuleSet,
    party: Party,
    other_eyes: int,
    other_tricks: int,
    points: int,
) -> None:
    for limit, label in STUFEN:
        if other_eyes < limit:
            items.append((label, party.value, points))
    if other_tricks == 0:
        items.append(("schwarz gespielt", party.value, points))


@lru_cache(maxsize=1 << 14)
def _value(
    rules: RuleSet,
    contexts: frozenset[Context],
    re_eyes: int,
    re_tricks: int,
    re_level: int,
    kontra_level: int,
    re_specials: Counts,
    kontra_specials: Counts,
) -> tuple[Party | None, int, tuple[tuple[str, str, int], ...], tuple[tuple[str, int], ...]]:
    """Winner, value from Re's side, items and factors of a party game."""
    g = rules.grundbetrag
    kontra_eyes, kontra_tricks = 240 - re_eyes, rules.tricks - re_tricks
    winner = winner_of(rules, contexts, re_eyes, re_tricks, re_level, kontra_level)
    items: list[tuple[str, str, int]] = []
    factors: list[tuple[str, int]] = []
    is_solo = Context.SOLO in contexts
    if winner is not None:
        items.append(("gewonnen", winner.value, g))
        if winner is Party.RE:
            _stufen(items, rules, winner, kontra_eyes, kontra_tricks, g)
        else:
            _stufen(items, rules, winner, re_eyes, re_tricks, g)
        if (
            winner is Party.KONTRA
            and rules.kontra_win is not KontraWin.NONE
            and not contexts.isdisjoint(rules.kontra_win_in)
        ):
            if rules.kontra_win is KontraWin.DOUBLE:
                factors.append(("Kontra gewinnt", 2))
            else:
                items.append((_kontra_win_label(rules, is_solo), "kontra", g))
        if rules.solo_point and is_solo:
            items.append(("Solo gespielt", winner.value, rules.solo_point * g))
    else:
        _stufen(items, rules, Party.RE, kontra_eyes, kontra_tricks, g)
        _stufen(items, rules, Party.KONTRA, re_eyes, re_tricks, g)
    if rules.reached_against_points:
        for party, eyes, other in (
            (Party.RE, re_eyes, kontra_level),
            (Party.KONTRA, kontra_eyes, re_level),
        ):
            for level in range(1, other + 1):
                if eyes >= REACHED_AGAINST[level]:
                    label = f"{REACHED_AGAINST[level]} Augen gegen {_CALL_GERMAN[level]}"
                    items.append((label, party.value, g))
    if winner is not None:
        absage_word = "abgesagt" if rules.model is Model.DDV else "angesagt"
        for party_name, level in (("Re", re_level), ("Kontra", kontra_level)):
            if level >= 0 and rules.ansage_points:
                items.append((f"{party_name} angesagt", winner.value, rules.ansage_points * g))
            if rules.absage_points:
                for absage in range(1, level + 1):
                    label = f"{_CALL_GERMAN[absage]} {absage_word}"
                    items.append((label, winner.value, rules.absage_points * g))
    if rules.premiums_to is PremiumsTo.PARTY:
        for party, sp in ((Party.RE, re_specials), (Party.KONTRA, kontra_specials)):
            for special, count in zip(_SPECIALS, sp, strict=True):
                if count:
                    items.append((special.german, party.value, count * g))
    if rules.model is not Model.DDV:
        names = (
            ("Re", "Kontra") if rules.model is Model.KASSE else ("Re angesagt", "Kontra angesagt")
        )
        if kontra_level >= 0:
            factors.append((names[1], 2))
        if re_level >= 0:
            factors.append((names[0], 2))
    value = 0
    for _, party_name, points in items:
        value += points if party_name == "re" else -points
    for _, factor in factors:
        value *= factor
    return winner, value, tuple(items), tuple(factors)


def _kontra_win_label(rules: RuleSet, is_solo: bool) -> str:
    if rules.model is Model.DDV:
        return "gegen die Kreuz-Damen gewonnen"
    if rules.model is Model.DOUBLING and Context.SOLO in rules.kontra_win_in:
        return "Kontra gewinnt"
    return "gegen den Solospieler gewonnen" if is_solo else "gegen die Alten gewonnen"


Transfer = tuple[str, str, int]  # payer, payee (POT: the Punktetopf/Kasse), amount


def score_ruled(summary: RuledSummary, levels: tuple[int, int] | None = None) -> RuledResult:
    """Score a verified summary under its rule set; with ``levels``, the calls of Re and
    Kontra (as levels, checked by :func:`call_levels`) in place of the summary's own."""
    rules = summary.rules
    if summary.kind == Kind.HAMMELRENNEN:
        return _hammelrennen(summary)
    if summary.kind == Kind.SCHWARZ_SPIEL:
        culprit = summary.player
        assert culprit is not None
        others = [p for p in summary.players if p != culprit]
        transfers = [(culprit, other, 6 * rules.grundbetrag) for other in others]
        penalty = (("Schwarz-Spiel verursacht", culprit, -18 * rules.grundbetrag),)
        return _settle(summary, None, 6 * rules.grundbetrag, penalty, (), transfers)
    re_level, kontra_level = (summary.re_level, summary.kontra_level) if levels is None else levels
    winner, value, items, factors = _value(
        rules,
        summary.contexts,
        summary.re_eyes,
        summary.re_tricks,
        re_level,
        kontra_level,
        summary.re_specials,
        summary.kontra_specials,
    )
    if summary.kind == Kind.SCHWARZE_SAU:
        # 000 L81: no calls, "die Punkte pauschal verdoppelt (wie bei RE)".
        factors += (("pauschal verdoppelt", 2),)
        value *= 2
    transfers = _payments(summary, value)
    premiums = _premium_transfers(summary, transfers)
    return _settle(summary, winner, value, items, factors, transfers, premiums)


def _payments(summary: RuledSummary, value: int) -> list[Transfer]:
    """Who pays whom the game value (``value`` from Re's side, per opponent)."""
    rules = summary.rules
    re = summary.re
    kontra = [p for p in summary.players if p not in re]
    transfers: list[Transfer] = []
    if value == 0:
        return transfers
    settlement = rules.settlement
    if summary.scored_as_solo:
        soloist = re[0]
        payers = list(kontra)
        if summary.sitting_out is not None and rules.five_sitter is FiveSitter.PAYS_IN_SOLO:
            payers.append(summary.sitting_out)
        if settlement is Settlement.POT_WINNERS:
            if value > 0:  # D3: the soloist three times
                transfers.append((POT, soloist, rules.solo_factor * value))
            else:
                transfers += [(POT, p, -value) for p in kontra]
            return transfers
        # plus-minus (the soloist three times, 003 L89) and the Kasse's solos "aus der
        # Tasche" (004 L65): every opponent pays the soloist, or is paid by him.
        transfers += [(p, soloist, value) for p in payers]
        return transfers
    if settlement is Settlement.PLUS_MINUS:
        transfers += [(k, r, value) for k, r in zip(kontra, re, strict=True)]
        return transfers
    # Punktetopf (D2) and Kasse (004 L63): each winner is paid from the pot.
    winners = re if value > 0 else kontra
    return [(POT, p, abs(value)) for p in winners]


def _premium_transfers(
    summary: RuledSummary, transfers: list[Transfer]
) -> tuple[tuple[str, str, int, str], ...]:
    """004's premiums: Füchse to the player, Müllers Karle to the party (from the Kasse)."""
    rules = summary.rules
    if rules.premiums_to is not PremiumsTo.PLAYER:
        return ()
    g = rules.grundbetrag
    result = []
    for premium in summary.premiums:
        payer = POT if premium.loser is None else premium.loser
        transfers.append((payer, premium.by, g))
        result.append((premium.special.german, premium.by, g, payer or "Kasse"))
    kontra = tuple(p for p in summary.players if p not in summary.re)
    for party, sp in ((summary.re, summary.re_specials), (kontra, summary.kontra_specials)):
        if sp[_KA]:
            for player in party:
                transfers.append((POT, player, g))
                result.append((Special.KARLCHEN.german, player, g, "Kasse"))
    return tuple(result)


def _settle(
    summary: RuledSummary,
    winner: Party | str | None,
    value: int,
    items: tuple[tuple[str, str, int], ...],
    factors: tuple[tuple[str, int], ...],
    transfers: list[Transfer],
    premiums: tuple[tuple[str, str, int, str], ...] = (),
) -> RuledResult:
    """Scores and the pot's payment from the transfers; the Strohmann's share is booked to
    the player who plays its cards, or dropped (D32)."""
    seats = list(summary.players)
    if summary.sitting_out is not None:
        seats.append(summary.sitting_out)
    dummy, by = summary.strohmann, summary.strohmann_by
    scores = dict.fromkeys(seats, 0)
    pot = 0
    for payer, payee, amount in transfers:
        if dummy is not None:
            payer = (by or "-") if payer == dummy else payer
            payee = (by or "-") if payee == dummy else payee
            if "-" in (payer, payee):
                continue  # D32: nobody books the Strohmann's share
        if payer == POT:
            pot += amount
        else:
            scores[payer] -= amount
        scores[payee] += amount
    if dummy is not None:
        del scores[dummy]
    return RuledResult(winner, value, items, factors, tuple(scores.items()), pot, premiums)


def _hammelrennen(summary: RuledSummary) -> RuledResult:
    rules = summary.rules
    g = rules.grundbetrag
    if rules.hammelrennen is Hammelrennen.FIRST_TO_60:
        # 004 L83: played when the Kasse holds twice the Grundbetrag; the first to 60 takes it.
        winner = summary.player
        assert winner is not None
        amount = 2 * g
        items = (("Hammelrennen gewonnen", winner, amount),)
        return _settle(summary, winner, amount, items, (), [(POT, winner, amount)])
    eyes = dict(zip(summary.players, summary.player_eyes, strict=True))
    over = [p for p, e in eyes.items() if e > 120]
    if over:
        hammel: str | None = over[0]
    else:  # D6: nearest to 60; a tie: nobody
        best = min(abs(e - 60) for e in eyes.values())
        nearest = [p for p, e in eyes.items() if abs(e - 60) == best]
        hammel = nearest[0] if len(nearest) == 1 else None
    if hammel is None:
        return _settle(summary, None, 0, (), (), [])
    items = (("Hammelrennen gewonnen", hammel, g),)
    if rules.settlement is Settlement.PLUS_MINUS:
        transfers = [(p, hammel, g) for p in summary.players if p != hammel]
    else:
        transfers = [(POT, hammel, g)]
    return _settle(summary, hammel, g, items, (), transfers)


def ruled_result_to_record(
    record_id: Any, rules_value: Any, summary: RuledSummary, result: RuledResult
) -> Record:
    """The output line: ``rules`` as the input gave it, the unit, the DDV fields, the pot's
    payment where there is a pot, the factors and the premiums paid to players."""
    rules = summary.rules
    winner = result.winner
    output: Record = {
        "id": record_id,
        "rules": rules_value,
        "unit": rules.unit.value,
        "winner": winner.value if isinstance(winner, Party) else winner,
        "value": result.value,
        "scores": dict(result.scores),
    }
    if rules.settlement is not Settlement.PLUS_MINUS or result.pot:
        output["pot"] = result.pot
    output["items"] = [list(item) for item in result.items]
    output["factors"] = [list(factor) for factor in result.factors]
    if result.premiums:
        output["premiums"] = [list(premium) for premium in result.premiums]
    return output


def score_ruled_record(record: Record, rules: RuleSet) -> Record:
    """The ``score`` command for one record under a rule set other than the DDV preset."""
    summary = ruled_summary_from_record(record, rules)
    return ruled_result_to_record(
        record.get("id"), record.get("rules"), summary, score_ruled(summary)
    )
