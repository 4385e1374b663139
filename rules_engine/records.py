"""JSON game records of ``docs/contracts/game-records.md`` <-> engine values.

Parsing is strict about types (``true`` is not a number, ``"150"`` is not 150) and every
error names the field as the contract spells it, plus the TSR rule it belongs to.
"""

from __future__ import annotations

from typing import Any

from .calls import Call, Party
from .cards import CARDS_BY_CODE, Card
from .errors import DokoError, IllegalActionError, RecordError
from .findings import Code, Finding, JsonValue, Player
from .game import Game, GameSpec
from .gametypes import GameType, SoloCategory, SoloType
from .record_fields import Record, field_error, parse_pflicht, parse_players, required, whole_number
from .ruledplay import replay_ruled_record
from .rulescore import score_ruled_record
from .rulesets import DDV, parse_rules
from .scoring import NO_SPECIALS, GameResult, GameSummary, Specials, score, verify_summary

_TYPES = {t.value: t for t in GameType}
_SOLOS = {s.value: s for s in SoloType}
_CALLS = {c.value: c for c in Call}
_SPECIAL_KEYS = ("doppelkopf", "fuchs", "karlchen")
_PARTY_KEYS = {"re", "kontra"}
_NO_COUNTS = {"doppelkopf": 0, "fuchs": 0, "karlchen": 0}
_RE_CALLS = {c.value: c for c in Call if c is not Call.KONTRA}
_KONTRA_CALLS = {c.value: c for c in Call if c is not Call.RE}


def _solo_fields(
    record: Record, game_type: GameType, prefix: str = ""
) -> tuple[SoloType | None, SoloCategory | None]:
    solo_value = record.get("solo")
    if game_type is GameType.SOLO:
        if type(solo_value) is not str or solo_value not in _SOLOS:
            raise field_error(
                Code.SOLO_UNKNOWN,
                prefix + "solo",
                value=JsonValue.of(solo_value),
                choices=tuple(_SOLOS),
            )
        solo: SoloType | None = _SOLOS[solo_value]
    elif solo_value is not None:
        raise field_error(Code.SOLO_FOR_NON_SOLO, prefix + "solo", game_type=game_type)
    else:
        solo = None
    category: SoloCategory | None = parse_pflicht(record.get("pflicht"), prefix + "pflicht")
    if solo is None:
        if category is not SoloCategory.LUSTSOLO:
            raise field_error(
                Code.PFLICHT_FOR_NON_SOLO,
                prefix + "pflicht",
                game_type=game_type,
            )
        category = None
    return solo, category


def _calls(record: Record) -> tuple[Call | None, Call | None]:
    calls = record.get("calls")
    if calls is None:
        return None, None
    if type(calls) is dict and calls.keys() <= _PARTY_KEYS:
        re_value, kontra_value = calls.get("re"), calls.get("kontra")
        re_call = _RE_CALLS.get(re_value) if type(re_value) is str else None
        kontra_call = _KONTRA_CALLS.get(kontra_value) if type(kontra_value) is str else None
        if (re_call is not None or re_value is None) and (
            kontra_call is not None or kontra_value is None
        ):
            return re_call, kontra_call
    if type(calls) is not dict:
        raise RecordError.of(Code.PARTIES_NOT_OBJECT, field="calls")
    for key in calls:
        if key not in ("re", "kontra"):
            raise RecordError.of(Code.PARTY_KEY_UNKNOWN, field="calls", key=key)
    result: list[Call | None] = []
    for party in (Party.RE, Party.KONTRA):
        value = calls.get(party.value)
        if value is None:
            result.append(None)
            continue
        call = _CALLS.get(value) if type(value) is str else None
        if call is None or call.party_call(party) is not call:
            allowed = tuple(Call.of_level(level, party).value for level in range(5))
            raise RecordError.of(
                Code.CALL_UNKNOWN,
                field=f"calls.{party.value}",
                value=JsonValue.of(value),
                choices=allowed,
            )
        result.append(call)
    return result[0], result[1]


def _specials(record: Record) -> tuple[Specials, Specials]:
    specials = record.get("specials")
    if not specials:
        if specials is None or type(specials) is dict:
            return NO_SPECIALS, NO_SPECIALS
        raise field_error(Code.PARTIES_NOT_OBJECT, "specials")
    if type(specials) is not dict:
        raise field_error(Code.PARTIES_NOT_OBJECT, "specials")
    for key in specials:
        if key not in ("re", "kontra"):
            raise field_error(Code.PARTY_KEY_UNKNOWN, "specials", key=key)
    return _party_specials(specials, "re"), _party_specials(specials, "kontra")


def _party_specials(specials: Record, party: str) -> Specials:
    counts = specials.get(party)
    if counts is None or counts == _NO_COUNTS:
        return NO_SPECIALS
    if type(counts) is not dict:
        raise RecordError.of(Code.SONDERPUNKTE_NOT_OBJECT, field=f"specials.{party}")
    values = {"doppelkopf": 0, "fuchs": 0, "karlchen": 0}
    for key, count in counts.items():
        if key not in values:
            raise RecordError.of(Code.SONDERPUNKT_UNKNOWN, field=f"specials.{party}", key=key)
        values[key] = whole_number(count, f"specials.{party}.{key}", 0, 12)
    if not any(values.values()):
        return NO_SPECIALS
    return Specials(**values)


def summary_from_record(record: Record) -> GameSummary:
    """Parse and verify the ``score`` input of the contract."""
    players = parse_players(record)
    type_value = record.get("type")
    game_type = _TYPES.get(type_value) if type(type_value) is str else None
    if game_type is None:
        raise RecordError.of(
            Code.TYPE_UNKNOWN, value=JsonValue.of(type_value), choices=tuple(_TYPES)
        )
    if game_type is GameType.SOLO or "solo" in record or "pflicht" in record:
        solo, category = _solo_fields(record, game_type)
    else:
        solo, category = None, None
    re = record.get("re")
    if type(re) is not list:
        raise RecordError.of(Code.RE_NOT_LIST)
    re_eyes = record.get("re_eyes")
    if type(re_eyes) is not int:
        raise field_error(Code.NOT_WHOLE_NUMBER, "re_eyes", value=JsonValue.of(re_eyes))
    re_tricks = record.get("re_tricks")
    if type(re_tricks) is not int:
        raise field_error(Code.NOT_WHOLE_NUMBER, "re_tricks", value=JsonValue.of(re_tricks))
    re_call, kontra_call = _calls(record)
    re_specials, kontra_specials = _specials(record)
    summary = GameSummary(
        players,
        game_type,
        tuple(re),
        re_eyes,
        re_tricks,
        re_call,
        kontra_call,
        re_specials,
        kontra_specials,
        solo,
        category,
    )
    verify_summary(summary)
    return summary


def summary_to_record(summary: GameSummary) -> Record:
    """The ``score`` input fields for a summary (without ``id`` and ``players``)."""
    record: Record = {"type": summary.game_type.value}
    if summary.solo is not None:
        record["solo"] = summary.solo.value
        category = summary.category
        record["pflicht"] = (
            "vorgefuehrt"
            if category is SoloCategory.VORFUEHRUNG
            else category is SoloCategory.PFLICHTSOLO
        )
    record["re"] = list(summary.re)
    record["re_eyes"] = summary.re_eyes
    record["re_tricks"] = summary.re_tricks
    record["calls"] = {
        "re": summary.re_call.value if summary.re_call else None,
        "kontra": summary.kontra_call.value if summary.kontra_call else None,
    }
    record["specials"] = {
        party: {"doppelkopf": sp.doppelkopf, "fuchs": sp.fuchs, "karlchen": sp.karlchen}
        for party, sp in (("re", summary.re_specials), ("kontra", summary.kontra_specials))
    }
    return record


_PARTY_TOKENS = {party: party.value for party in Party}


def result_to_record(record_id: Any, summary: GameSummary, result: GameResult) -> Record:
    tokens = _PARTY_TOKENS
    return {
        "id": record_id,
        "winner": None if result.winner is None else tokens[result.winner],
        "value": result.value,
        "scores": dict(zip(summary.players, result.scores, strict=True)),
        "items": [[label, tokens[party], points] for label, party, points in result.items],
    }


def score_record(record: Record) -> Record:
    """The ``score`` command for one parsed JSON line; a ``"rules"`` field other than the
    DDV preset goes to :mod:`rules_engine.rulescore`."""
    rules_value = record.get("rules")
    if rules_value is not None:
        rules = parse_rules(rules_value)
        if rules is not DDV:
            return score_ruled_record(record, rules)
    summary = summary_from_record(record)
    return result_to_record(record.get("id"), summary, score(summary))


def _hands(record: Record, players: tuple[str, ...]) -> list[list[Card]]:
    hands = required(record, "hands")
    if type(hands) is not dict or set(hands) != set(players):
        raise RecordError.of(Code.HANDS_NOT_OBJECT)
    result = []
    for name in players:
        hand = hands[name]
        if type(hand) is not list:
            raise RecordError.of(Code.HAND_NOT_LIST, player=Player(name))
        cards = []
        for code in hand:
            card = CARDS_BY_CODE.get(code) if type(code) is str else None
            if card is None:
                raise RecordError.of(Code.NOT_A_CARD, player=Player(name), value=JsonValue.of(code))
            cards.append(card)
        result.append(cards)
    return result


def game_from_record(record: Record) -> Game:
    """Set up the :class:`Game` of a ``replay`` record (before its actions)."""
    players = parse_players(record)
    hands = _hands(record, players)
    spec_record = required(record, "game")
    if type(spec_record) is not dict:
        raise RecordError.of(Code.GAME_NOT_OBJECT)
    type_value = spec_record.get("type")
    game_type = _TYPES.get(type_value) if type(type_value) is str else None
    if game_type is None or game_type is GameType.STILLE_HOCHZEIT:
        raise RecordError.of(Code.GAME_TYPE_UNKNOWN, value=JsonValue.of(type_value))
    solo, category = _solo_fields(spec_record, game_type, "game.")
    player = spec_record.get("player")
    if game_type is GameType.NORMAL:
        if player is not None:
            raise RecordError.of(Code.NORMAL_HAS_NO_PLAYER)
        seat = None
    else:
        if player not in players:
            raise RecordError.of(Code.GAME_PLAYER_UNKNOWN, value=JsonValue.of(player))
        seat = players.index(player)
    return Game(hands, GameSpec(game_type, seat, solo, category), players)


def apply_action(game: Game, number: int, action: Any) -> None:
    """Apply the ``number``-th action string; errors name the action number."""
    if type(action) is not str or ":" not in action:
        raise RecordError(
            Finding.of(Code.ACTION_MALFORMED, value=JsonValue.of(action)).with_context(
                action=number
            )
        )
    name, _, what = action.rpartition(":")
    if name not in game.names:
        raise RecordError(
            Finding.of(Code.ACTION_PLAYER_UNKNOWN, name=name).with_context(action=number)
        )
    player = game.names.index(name)
    try:
        card = CARDS_BY_CODE.get(what)
        if card is not None:
            game.play(player, card)
            return
        call = _CALLS.get(what)
        if call is None:
            raise RecordError.of(Code.ACTION_UNKNOWN, what=what)
        game.announce(player, call)
    except IllegalActionError as error:
        raise IllegalActionError(error.finding.with_context(action=number)) from None
    except DokoError as error:
        raise RecordError(error.finding.with_context(action=number)) from None


def replay_record(record: Record) -> Record:
    """The ``replay`` command for one parsed JSON line; a ``"rules"`` field other than the
    DDV preset goes to :mod:`rules_engine.ruledplay`."""
    rules_value = record.get("rules")
    if rules_value is not None:
        rules = parse_rules(rules_value)
        if rules is not DDV:
            return replay_ruled_record(record, rules)
    game = game_from_record(record)
    actions = required(record, "actions")
    if type(actions) is not list:
        raise RecordError.of(Code.ACTIONS_NOT_LIST)
    for number, action in enumerate(actions, start=1):
        apply_action(game, number, action)
    if not game.is_over:
        played = sum(len(t.cards) for t in game.tricks) + len(game.current_trick)
        raise RecordError.of(Code.GAME_CUT_SHORT, played=played)
    summary = game.summary()
    output = result_to_record(record.get("id"), summary, score(summary))
    output["summary"] = summary_to_record(summary)
    return output
