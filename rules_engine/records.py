"""JSON game records of ``docs/contracts/game-records.md`` <-> engine values.

Parsing is strict about types (``true`` is not a number, ``"150"`` is not 150) and every
error names the field as the contract spells it, plus the TSR rule it belongs to.
"""

from __future__ import annotations

from typing import Any

from .calls import Call, Party
from .cards import CARDS_BY_CODE, Card
from .errors import DokoError, IllegalActionError, RecordError
from .game import Game, GameSpec
from .gametypes import GameType, SoloCategory, SoloType
from .scoring import NO_SPECIALS, GameResult, GameSummary, Specials, score, verify_summary

Record = dict[str, Any]

#: The TSR section a malformed field belongs to.
_FIELD_RULE = {
    "players": "TSR 3.1",
    "type": "TSR 4.1",
    "solo": "TSR 2.3",
    "pflicht": "TSR 4.2",
    "solo_pflicht": "TSR 9.4",
    "re": "TSR 4.4.1",
    "re_eyes": "TSR 7.1",
    "re_tricks": "TSR 7.1",
    "calls": "TSR 6",
    "specials": "TSR 7.2.3",
    "hands": "TSR 2.2",
    "game": "TSR 4.1",
    "actions": "TSR 5",
}
_TYPES = {t.value: t for t in GameType}
_SOLOS = {s.value: s for s in SoloType}
_CALLS = {c.value: c for c in Call}
_SPECIAL_KEYS = ("doppelkopf", "fuchs", "karlchen")
_PARTY_KEYS = {"re", "kontra"}
_NO_COUNTS = {"doppelkopf": 0, "fuchs": 0, "karlchen": 0}
_RE_CALLS = {c.value: c for c in Call if c is not Call.KONTRA}
_KONTRA_CALLS = {c.value: c for c in Call if c is not Call.RE}


def _bad(field: str, what: str) -> RecordError:
    rule = _FIELD_RULE[field.split(".")[0].split("[")[0]]
    return RecordError(f"{field}: {what} ({rule})")


def _get(record: Record, field: str) -> Any:
    if field not in record:
        raise _bad(field, "missing")
    return record[field]


def _int(value: Any, field: str, low: int, high: int) -> int:
    if type(value) is not int:
        raise _bad(field, f"{json_repr(value)} is not a whole number")
    if not low <= value <= high:
        raise _bad(field, f"{value} is outside {low} to {high}")
    return value


def json_repr(value: Any) -> str:
    """Short representation of a JSON value for an error message."""
    text = repr(value) if not isinstance(value, str) else f'"{value}"'
    return text if len(text) <= 40 else text[:37] + "..."


def parse_players(record: Record) -> tuple[str, ...]:
    """The ``players`` list as a tuple of names; how many and whether distinct is checked later."""
    players = _get(record, "players")
    if type(players) is not list:
        raise _bad("players", "must be a list of four player names")
    for name in players:
        if type(name) is not str or not name or name.isspace():
            raise _bad("players", f"{json_repr(name)} is not a player name")
    return tuple(players)


def _solo_fields(
    record: Record, game_type: GameType, prefix: str = ""
) -> tuple[SoloType | None, SoloCategory | None]:
    solo_value = record.get("solo")
    if game_type is GameType.SOLO:
        if type(solo_value) is not str or solo_value not in _SOLOS:
            raise _bad(
                prefix + "solo",
                f"{json_repr(solo_value)} is not one of {', '.join(_SOLOS)}",
            )
        solo: SoloType | None = _SOLOS[solo_value]
    elif solo_value is not None:
        raise _bad(
            prefix + "solo", f"given for a game of type {game_type.value}, only a solo has one"
        )
    else:
        solo = None
    category: SoloCategory | None = parse_pflicht(record.get("pflicht"), prefix + "pflicht")
    if solo is None:
        if category is not SoloCategory.LUSTSOLO:
            raise _bad(prefix + "pflicht", f"only a solo is a Pflichtsolo, not a {game_type.value}")
        category = None
    return solo, category


def parse_pflicht(value: Any, field: str = "pflicht") -> SoloCategory:
    """A solo's ``pflicht``: ``true``, ``"vorgefuehrt"``, or ``false``/absent for a Lustsolo."""
    if value is None or value is False:
        return SoloCategory.LUSTSOLO
    if value is True:
        return SoloCategory.PFLICHTSOLO
    if value == "vorgefuehrt":
        return SoloCategory.VORFUEHRUNG
    raise _bad(field, f'{json_repr(value)} is not true, false or "vorgefuehrt"')


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
        raise _bad("calls", "must be an object with the keys re and kontra")
    for key in calls:
        if key not in ("re", "kontra"):
            raise _bad("calls", f'unknown key "{key}", only re and kontra')
    result: list[Call | None] = []
    for party in (Party.RE, Party.KONTRA):
        value = calls.get(party.value)
        if value is None:
            result.append(None)
            continue
        call = _CALLS.get(value) if type(value) is str else None
        if call is None or call.party_call(party) is not call:
            allowed = ", ".join(Call.of_level(level, party).value for level in range(5))
            raise _bad(
                f"calls.{party.value}", f"{json_repr(value)} is not null or one of {allowed}"
            )
        result.append(call)
    return result[0], result[1]


def _specials(record: Record) -> tuple[Specials, Specials]:
    specials = record.get("specials")
    if not specials:
        if specials is None or type(specials) is dict:
            return NO_SPECIALS, NO_SPECIALS
        raise _bad("specials", "must be an object with the keys re and kontra")
    if type(specials) is not dict:
        raise _bad("specials", "must be an object with the keys re and kontra")
    for key in specials:
        if key not in ("re", "kontra"):
            raise _bad("specials", f'unknown key "{key}", only re and kontra')
    return _party_specials(specials, "re"), _party_specials(specials, "kontra")


def _party_specials(specials: Record, party: str) -> Specials:
    counts = specials.get(party)
    if counts is None or counts == _NO_COUNTS:
        return NO_SPECIALS
    if type(counts) is not dict:
        raise _bad(f"specials.{party}", "must be an object of doppelkopf, fuchs, karlchen")
    values = {"doppelkopf": 0, "fuchs": 0, "karlchen": 0}
    for key, count in counts.items():
        if key not in values:
            raise _bad(f"specials.{party}", f'unknown Sonderpunkt "{key}"')
        values[key] = _int(count, f"specials.{party}.{key}", 0, 12)
    if not any(values.values()):
        return NO_SPECIALS
    return Specials(**values)


def summary_from_record(record: Record) -> GameSummary:
    """Parse and verify the ``score`` input of the contract."""
    players = parse_players(record)
    type_value = record.get("type")
    game_type = _TYPES.get(type_value) if type(type_value) is str else None
    if game_type is None:
        raise _bad("type", f"{json_repr(type_value)} is not one of {', '.join(_TYPES)}")
    if game_type is GameType.SOLO or "solo" in record or "pflicht" in record:
        solo, category = _solo_fields(record, game_type)
    else:
        solo, category = None, None
    re = record.get("re")
    if type(re) is not list:
        raise _bad("re", "must be a list of player names")
    re_eyes = record.get("re_eyes")
    if type(re_eyes) is not int:
        raise _bad("re_eyes", f"{json_repr(re_eyes)} is not a whole number")
    re_tricks = record.get("re_tricks")
    if type(re_tricks) is not int:
        raise _bad("re_tricks", f"{json_repr(re_tricks)} is not a whole number")
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
    """The ``score`` command for one parsed JSON line."""
    summary = summary_from_record(record)
    return result_to_record(record.get("id"), summary, score(summary))


def _hands(record: Record, players: tuple[str, ...]) -> list[list[Card]]:
    hands = _get(record, "hands")
    if type(hands) is not dict or set(hands) != set(players):
        raise _bad("hands", "must be an object with exactly one hand per player")
    result = []
    for name in players:
        hand = hands[name]
        if type(hand) is not list:
            raise _bad(f"hands.{name}", "must be a list of cards")
        cards = []
        for code in hand:
            card = CARDS_BY_CODE.get(code) if type(code) is str else None
            if card is None:
                raise _bad(f"hands.{name}", f"{json_repr(code)} is not a card")
            cards.append(card)
        result.append(cards)
    return result


def game_from_record(record: Record) -> Game:
    """Set up the :class:`Game` of a ``replay`` record (before its actions)."""
    players = parse_players(record)
    hands = _hands(record, players)
    spec_record = _get(record, "game")
    if type(spec_record) is not dict:
        raise _bad("game", 'must be an object such as {"type": "normal"}')
    type_value = spec_record.get("type")
    game_type = _TYPES.get(type_value) if type(type_value) is str else None
    if game_type is None or game_type is GameType.STILLE_HOCHZEIT:
        raise _bad(
            "game.type",
            f"{json_repr(type_value)} is not normal, hochzeit or solo "
            "(a stille Hochzeit is a normal game, found from the hands)",
        )
    solo, category = _solo_fields(spec_record, game_type, "game.")
    player = spec_record.get("player")
    if game_type is GameType.NORMAL:
        if player is not None:
            raise _bad("game.player", "a Normalspiel has no player")
        seat = None
    else:
        if player not in players:
            raise _bad("game.player", f"{json_repr(player)} is not one of the players")
        seat = players.index(player)
    return Game(hands, GameSpec(game_type, seat, solo, category), players)


def apply_action(game: Game, number: int, action: Any) -> None:
    """Apply the ``number``-th action string; errors name the action number."""
    if type(action) is not str or ":" not in action:
        raise RecordError(
            f'action {number}: {json_repr(action)} is not "PLAYER:CARD" or "PLAYER:CALL" (TSR 5)'
        )
    name, _, what = action.rpartition(":")
    if name not in game.names:
        raise RecordError(f'action {number}: "{name}" is not one of the players (TSR 5)')
    player = game.names.index(name)
    try:
        card = CARDS_BY_CODE.get(what)
        if card is not None:
            game.play(player, card)
            return
        call = _CALLS.get(what)
        if call is None:
            raise RecordError(
                f'"{what}" is neither a card nor one of re, kontra, keine90, keine60, '
                "keine30, schwarz (TSR 2.2, 6)"
            )
        game.announce(player, call)
    except IllegalActionError as error:
        raise IllegalActionError(f"action {number}: {error}") from None
    except DokoError as error:
        raise RecordError(f"action {number}: {error}") from None


def replay_record(record: Record) -> Record:
    """The ``replay`` command for one parsed JSON line."""
    game = game_from_record(record)
    actions = _get(record, "actions")
    if type(actions) is not list:
        raise _bad("actions", "must be a list of action strings")
    for number, action in enumerate(actions, start=1):
        apply_action(game, number, action)
    if not game.is_over:
        played = sum(len(t.cards) for t in game.tricks) + len(game.current_trick)
        raise _bad(
            "actions",
            f"only {played} of 48 cards are played; this format has no game cut short by the "
            "soloist (TSR 5.4), so every card must be played",
        )
    summary = game.summary()
    output = result_to_record(record.get("id"), summary, score(summary))
    output["summary"] = summary_to_record(summary)
    return output
