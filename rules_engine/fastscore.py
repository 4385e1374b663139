"""The ``score`` command's fast path: a well-formed summary straight to its output line.

The full path (:func:`~rules_engine.records.score_record`, then JSON encoding) parses each
summary into a :class:`GameSummary`, verifies it, scores it and builds and encodes an
output dict: many Python-level steps per field. A tournament's summaries are almost all
well formed and repeat the same game shapes over and over, so :class:`ScoreMemo`

* checks directly, with a few cheap steps, what depends on the names (four distinct
  player names, one or two distinct Re players among them) and the exact JSON types
  (``true`` and ``1.0`` equal ``1`` in Python, so equality alone must not decide);
* looks the calls up in a fixed table of every valid ``calls`` object;
* keys everything else the verdict and the score depend on, but no id, no name and no
  seat (:data:`GameKey`), in a bounded memo of the games the full path has accepted:
  there the full path's own checks (:func:`summary_from_record`) decided once;
* writes the output line from text pieces made once per game and calls pair by the full
  path's scoring (:func:`score_with_calls`), output record and JSON encoder, with the
  record's id and names put in, and its Re players' points at their seats.

Anything else (an unusual shape, any invalid field) answers ``None`` and the caller takes
the full path, which gives the exact result or error message; so does a game the memo
does not know and the full path refuses.
"""

from __future__ import annotations

from collections.abc import Callable
from json.encoder import encode_basestring
from typing import Any

from .calls import Call, Party
from .errors import DokoError
from .gametypes import GameType, SoloType
from .record_fields import Record
from .records import result_to_record, summary_from_record
from .rulescore import (
    RuledResult,
    RuledSummary,
    call_levels,
    ruled_result_to_record,
    ruled_summary_from_record,
    score_ruled,
)
from .rulesets import DDV, parse_rules
from .scoring import GameSummary, Item, score_with_calls

#: The CLI's JSON encoding of one value (without its check for lone surrogates).
Encoder = Callable[[Any], str]


#: Stands for a key missing from ``calls`` (equal to nothing else).
_ABSENT: Any = object()


def _call_table() -> tuple[dict[Any, int], tuple[tuple[Call | None, Call | None], ...]]:
    """Every valid ``calls`` value as ``(calls.get("re", _ABSENT), calls.get("kontra",
    _ABSENT), len(calls))``, mapped to the index of its (Re call, Kontra call) pair (TSR 6).

    The length tells that there is no third key: ``{"re": "re", "x": 1}`` is not valid.
    """
    re_calls = (None, Call.RE, Call.KEINE_90, Call.KEINE_60, Call.KEINE_30, Call.SCHWARZ)
    kontra_calls = (None, Call.KONTRA, Call.KEINE_90, Call.KEINE_60, Call.KEINE_30, Call.SCHWARZ)
    pairs = tuple((re, kontra) for re in re_calls for kontra in kontra_calls)
    table: dict[Any, int] = {(_ABSENT, _ABSENT, 0): 0}
    for index, (re, kontra) in enumerate(pairs):
        re_value = None if re is None else re.value
        kontra_value = None if kontra is None else kontra.value
        table[re_value, kontra_value, 2] = index
        if kontra is None:
            table[re_value, _ABSENT, 1] = index
        if re is None:
            table[_ABSENT, kontra_value, 1] = index
    return table, pairs


_CALL_INDEX, _CALL_PAIRS = _call_table()


#: What the verdict and the score of a summary depend on, besides names, ids and calls:
#: the game type (its index), whether there is a (valid) solo kind, whether ``pflicht``
#: says Lustsolo (or is a valid Pflichtsolo value), the number of Re players, re_eyes,
#: re_tricks and the six Sonderpunkt counts, Re's then Kontra's (a count not given is 0).
#: Which seats are Re decides only who gets which points. Numbers are kept only after
#: their type was checked to be ``int``: ``true`` and ``1.0`` equal ``1`` in Python but
#: are no valid counts.
GameKey = tuple[int, bool, bool, int, int, int, tuple[int, ...]]

#: A well-formed summary of a game the memo does not know (yet): its key, the index of
#: its calls pair and the seats of its Re players.
Miss = tuple[GameKey, int, tuple[int, ...]]

#: Output text around the id and the names: head, Re points, Kontra points, tail.
Pieces = tuple[str, str, str, str]

_TYPE_INDEX = {game_type.value: index for index, game_type in enumerate(GameType)}
_SOLO_KINDS = frozenset(kind.value for kind in SoloType)
#: The parties and the Sonderpunkte in the order of the counts in a :data:`GameKey`.
_PARTIES = ("re", "kontra")
_COUNT_NAMES = ("doppelkopf", "fuchs", "karlchen")
_PARTY_SET, _COUNT_NAME_SET = frozenset(_PARTIES), frozenset(_COUNT_NAMES)
#: The counts of a summary without ``specials``: none, as if all were given as 0.
_NO_COUNTS = (0, 0, 0, 0, 0, 0)
#: ``winner`` as the JSON encoder writes it (:func:`result_to_record` uses the values).
_WINNER_TEXTS: dict[Party | None, str] = {None: "null"} | {p: f'"{p.value}"' for p in Party}

#: Games a memo files at most. A few thousand shapes cover most games of a tournament;
#: a much larger memo costs more in memory traffic than its rare extra hits save.
MAX_GAMES = 4096
#: Blocks of lines a full memo sits out when most summaries of a block missed it.
REST_BLOCKS = 16


class _Game:
    """A filed game: the summary it was filed from (the Re players at ``seats``), a Re and
    a Kontra seat, and the output pieces per calls pair, made when first needed."""

    __slots__ = ("kontra_seat", "pieces", "re_seat", "summary")

    def __init__(self, summary: GameSummary, seats: tuple[int, ...]) -> None:
        self.summary = summary
        self.re_seat = seats[0]
        self.kontra_seat = min({0, 1, 2} - set(seats))  # at most two seats are Re
        self.pieces: list[Pieces | None] = [None] * len(_CALL_PAIRS)


class ScoreMemo:
    """Output lines of ``score`` for well-formed summaries of games seen before.

    ``encode`` is the CLI's JSON encoder. Bounded: once ``max_games`` games are filed it
    files no more and answers for those (the common shapes come first and come back);
    other games take the full path, at its cost plus a look-up, and when they are most of
    the input the memo rests for a while (:meth:`end_block`).
    """

    def __init__(self, encode: Encoder, max_games: int = MAX_GAMES) -> None:
        self._encode = encode
        self._max_games = max_games
        self._games: dict[GameKey, _Game] = {}
        #: The end of the output line with the encoded items, per distinct items.
        self._tails: dict[tuple[Item, ...], str] = {}
        #: Each distinct head and points text once, shared by the pieces.
        self._shared: dict[str, str] = {}
        #: Summaries of unknown games since the last :meth:`end_block`.
        self._misses = 0
        #: Blocks of lines still to leave to the full path (see :meth:`end_block`).
        self.resting = 0

    def end_block(self, lines: int) -> None:
        """Note the end of a block of ``lines`` input lines.

        A full memo that most summaries of the block missed costs a look-up per line and
        saves nothing: the games vary more than it holds. Then the next
        :data:`REST_BLOCKS` blocks go by the full path alone, and the memo tries again.
        """
        if self.resting:
            self.resting -= 1
        elif 2 * self._misses > lines and len(self._games) >= self._max_games:
            self.resting = REST_BLOCKS
        self._misses = 0

    def learn(self, miss: Miss, record: Record) -> str | None:
        """File the game of ``record`` (which gave ``miss``) if the full path accepts it,
        and return its output line; ``None`` when the full path refuses it (the caller
        gives the error line), the id needs the full path or the memo is full."""
        self._misses += 1
        if len(self._games) >= self._max_games:
            return None
        try:
            summary = summary_from_record(record)
        except (DokoError, RecursionError):
            return None
        key, call_index, seats = miss
        game = self._games[key] = _Game(summary, seats)
        return _line(record, self._make_pieces(game, call_index), seats)

    def lookup(self, record: Record) -> str | Miss | None:
        """The output line of a well-formed summary of a known game; a :data:`Miss` if
        the game is unknown; ``None`` when the record does not have the plain shape (a
        missing key or a value of another type makes a step fail: the full path tells)."""
        if "rules" in record:  # another rule set, or the DDV's named: the full path
            return None
        try:
            players = record["players"]
            re = record["re"]
            if type(players) is not list or type(re) is not list or len(players) != 4:
                return None
            a, b, c, d = players
            if not (type(a) is str and type(b) is str and type(c) is str and type(d) is str):
                return None
            # four distinct names, none empty ("" makes a fifth element) or only white space
            if len({a, b, c, d, ""}) != 5:
                return None
            if a.isspace() or b.isspace() or c.isspace() or d.isspace():
                return None
            # the Re players' seats, distinct; ValueError for a Re name that is no player's
            index = players.index
            seats: tuple[int, ...]
            if len(re) == 2:
                seats = (index(re[0]), index(re[1]))
                if seats[0] == seats[1]:
                    return None
            elif len(re) == 1:
                seats = (index(re[0]),)
            else:
                return None
            re_eyes = record["re_eyes"]
            re_tricks = record["re_tricks"]
            if type(re_eyes) is not int or type(re_tricks) is not int:
                return None
            # The kind of solo and why it is played do not change the score: only whether
            # they are valid matters, and that depends on the type, which is in the key.
            solo = record.get("solo")
            if solo is not None and solo not in _SOLO_KINDS:
                return None
            pflicht = record.get("pflicht")
            if pflicht is None or pflicht is False:
                lustsolo = True
            elif pflicht is True or pflicht == "vorgefuehrt":
                lustsolo = False
            else:
                return None
            calls = record.get("calls")
            call_index = (
                0
                if calls is None
                else _CALL_INDEX.get(
                    (calls.get("re", _ABSENT), calls.get("kontra", _ABSENT), len(calls))
                )
            )
            if call_index is None:
                return None
            specials = record.get("specials")
            counts: tuple[int, ...] | None
            if specials is None:
                counts = _NO_COUNTS
            elif (
                type(re_counts := specials.get("re")) is dict
                and type(kontra_counts := specials.get("kontra")) is dict
                and len(specials) == 2
                and len(re_counts) == 3
                and len(kontra_counts) == 3
            ):  # every count given, as the score-list entry writes them
                counts = (
                    dk_re := re_counts["doppelkopf"],
                    fu_re := re_counts["fuchs"],
                    ka_re := re_counts["karlchen"],
                    dk_ko := kontra_counts["doppelkopf"],
                    fu_ko := kontra_counts["fuchs"],
                    ka_ko := kontra_counts["karlchen"],
                )
                if not (
                    type(dk_re) is int
                    and type(fu_re) is int
                    and type(ka_re) is int
                    and type(dk_ko) is int
                    and type(fu_ko) is int
                    and type(ka_ko) is int
                ):
                    return None
            elif (counts := _sparse_counts(specials)) is None:
                return None
            key = (
                _TYPE_INDEX[record["type"]],
                solo is None,
                lustsolo,
                len(seats),
                re_eyes,
                re_tricks,
                counts,
            )
            game = self._games.get(key)
            if game is None:
                return key, call_index, seats
            pieces = game.pieces[call_index] or self._make_pieces(game, call_index)
            return _line(record, pieces, seats)
        except (KeyError, TypeError, AttributeError, ValueError):
            return None

    def _make_pieces(self, game: _Game, call_index: int) -> Pieces:
        """The output line around the id and the names, for one calls pair: scored by
        :func:`score_with_calls`, shaped by :func:`result_to_record`, the items encoded by
        the CLI's encoder (winner, value and points are ``null``, a token or an ``int``,
        written as that encoder writes them)."""
        summary = game.summary
        result = score_with_calls(summary, *_CALL_PAIRS[call_index])
        tail = self._tails.get(result.items)
        if tail is None:
            items = self._encode(result_to_record(None, summary, result)["items"])
            tail = self._tails[result.items] = f'}}, "items": {items}}}'
        winner = _WINNER_TEXTS[result.winner]
        scores = result.scores  # by seat
        shared = self._shared.setdefault
        pieces = (
            shared(head := f', "winner": {winner}, "value": {result.value!r}, "scores": {{', head),
            shared(re_points := repr(scores[game.re_seat]), re_points),
            shared(kontra_points := repr(scores[game.kontra_seat]), kontra_points),
            tail,
        )
        game.pieces[call_index] = pieces
        return pieces


def _sparse_counts(specials: Record) -> tuple[int, ...] | None:
    """The six Sonderpunkt counts of a ``specials`` object that leaves some out (missing
    keys and ``null`` mean 0, TSR 7.2.3); ``None`` if it is not that plain."""
    if not specials.keys() <= _PARTY_SET:
        return None
    counts: list[int] = []
    for party in _PARTIES:
        party_counts = specials.get(party)
        if party_counts is None:
            counts += (0, 0, 0)
            continue
        if type(party_counts) is not dict or not party_counts.keys() <= _COUNT_NAME_SET:
            return None
        for name in _COUNT_NAMES:
            count = party_counts.get(name, 0)
            if type(count) is not int:
                return None
            counts.append(count)
    return tuple(counts)


def _line(record: Record, pieces: Pieces, seats: tuple[int, ...]) -> str | None:
    """The output line of ``record`` (its Re players at ``seats``): its id and names in
    ``pieces``; ``None`` for an id other than a string, a whole number or ``null``."""
    record_id = record.get("id")
    if type(record_id) is str:
        id_text = encode_basestring(record_id)
    elif record_id is None:
        id_text = "null"
    elif type(record_id) is int:
        id_text = repr(record_id)
    else:
        return None
    head, re_points, kontra_points, tail = pieces
    a, b, c, d = record["players"]
    return (
        f'{{"id": {id_text}{head}{encode_basestring(a)}: '
        f"{re_points if 0 in seats else kontra_points}, {encode_basestring(b)}: "
        f"{re_points if 1 in seats else kontra_points}, {encode_basestring(c)}: "
        f"{re_points if 2 in seats else kontra_points}, {encode_basestring(d)}: "
        f"{re_points if 3 in seats else kontra_points}{tail}"
    )


#: The fields a summary under a rule set may have for :class:`RulesMemo`; any other field
#: (one that names a player, such as ``strohmann`` or ``culprit``) takes the full path.
_RULES_FIELDS = frozenset(
    {
        "id",
        "rules",
        "players",
        "type",
        "solo",
        "pflicht",
        "re",
        "re_eyes",
        "re_tricks",
        "calls",
        "specials",
        "timing",
        "schweinchen",
        "sitting_out",
        "klaerungsstich",
    }
)
#: The fields besides names, id and calls that a result depends on, in a fixed order.
_RULES_KEY_FIELDS = (
    "rules",
    "type",
    "solo",
    "pflicht",
    "re_eyes",
    "re_tricks",
    "specials",
    "timing",
    "schweinchen",
    "klaerungsstich",
)
#: Output text before the scores, the points of a Re player, of a Kontra player and of the
#: player sitting out, the text after them.
RulesPieces = tuple[str, str, str, str, str]
#: Games a :class:`RulesMemo` files at most.
MAX_RULES_GAMES = 1 << 15


def _role_points(summary: RuledSummary, result: RuledResult) -> tuple[int, ...]:
    """The points of a Re player, a Kontra player and the player sitting out."""
    scores = dict(result.scores)
    kontra = next(name for name in summary.players if name not in summary.re)
    sitter = summary.sitting_out
    return (scores[summary.re[0]], scores[kontra], scores[sitter] if sitter else 0)


class _RulesGame:
    """A filed game under a rule set: its summary when the general scorer made it (``None``
    for the DDV's rules), and the output pieces per ``repr`` of its ``calls``."""

    __slots__ = ("pieces", "summary")

    def __init__(self, summary: RuledSummary | None) -> None:
        self.summary = summary
        self.pieces: dict[str, RulesPieces] = {}


class RulesMemo:
    """Output lines of ``score`` for summaries with a ``"rules"`` field, by the same idea as
    :class:`ScoreMemo`: names, seats and id are checked here, everything else keys a memo
    of what the full path (:func:`~rules_engine.records.score_record`) answered.

    The key holds ``repr`` of each other field: it tells ``true`` from ``1`` and ``1.0``,
    and two spellings of one value (keys in another order) are merely two entries. Calls
    are kept apart: a filed game scores other calls by the general scorer without parsing
    the rest again (calls never make the rest of a summary impossible).
    """

    def __init__(self, encode: Encoder, max_games: int = MAX_RULES_GAMES) -> None:
        self._encode = encode
        self._max_games = max_games
        self._games: dict[tuple[Any, ...], _RulesGame] = {}
        #: Encoded parts of output lines, by ``repr`` of the part.
        self._texts: dict[str, str] = {}
        #: Pieces by what they show: games with equal results share them.
        self._by_result: dict[tuple[Any, ...], RulesPieces] = {}

    def line(self, record: Record) -> str | None:
        """The output line of a valid summary; ``None``: the caller takes the full path."""
        try:
            if not record.keys() <= _RULES_FIELDS:
                return None
            players = record["players"]
            re = record["re"]
            if type(players) is not list or type(re) is not list or len(players) != 4:
                return None
            a, b, c, d = players
            if not (type(a) is str and type(b) is str and type(c) is str and type(d) is str):
                return None
            if len({a, b, c, d, ""}) != 5:
                return None
            if a.isspace() or b.isspace() or c.isspace() or d.isspace():
                return None
            index = players.index
            seats = tuple([index(name) for name in re])
            if len(set(seats)) != len(seats):
                return None
            sitter = record.get("sitting_out")
            if sitter is not None and (
                type(sitter) is not str or not sitter or sitter.isspace() or sitter in players
            ):
                return None
            get = record.get
            key = (len(seats), sitter is None, *map(repr, map(get, _RULES_KEY_FIELDS)))
            calls = repr(get("calls"))
            game = self._games.get(key)
            pieces = None if game is None else game.pieces.get(calls)
            if pieces is None:
                pieces = self._learn(record, key, game, calls, seats)
                if pieces is None:
                    return None
            record_id = get("id")
            if type(record_id) is str:
                id_text = encode_basestring(record_id)
            elif record_id is None:
                id_text = "null"
            elif type(record_id) is int:
                id_text = repr(record_id)
            else:
                return None
            head, re_points, kontra_points, sitter_points, tail = pieces
            body = (
                f"{encode_basestring(a)}: {re_points if 0 in seats else kontra_points}, "
                f"{encode_basestring(b)}: {re_points if 1 in seats else kontra_points}, "
                f"{encode_basestring(c)}: {re_points if 2 in seats else kontra_points}, "
                f"{encode_basestring(d)}: {re_points if 3 in seats else kontra_points}"
            )
            if sitter_points and sitter is not None:
                body += f", {encode_basestring(sitter)}: {sitter_points}"
            return f'{{"id": {id_text}{head}{body}{tail}'
        except (KeyError, TypeError, AttributeError, ValueError):
            return None

    def _learn(
        self,
        record: Record,
        key: tuple[Any, ...],
        game: _RulesGame | None,
        calls: str,
        seats: tuple[int, ...],
    ) -> RulesPieces | None:
        """The pieces of ``record`` (its Re players at ``seats``), filed: by the general
        scorer with this record's calls for a filed game, else by the full path. The points
        of its Re players stand for every Re player, as the rule sets score parties."""
        from .records import score_record

        by_result: tuple[Any, ...] | None = None
        try:
            if game is not None and game.summary is not None and "timing" not in record:
                summary = game.summary
                result = score_ruled(summary, call_levels(record, summary))
                by_result = (key[2], result.winner, result.value, result.items, result.factors)
                by_result += (result.pot, result.premiums, summary.sitting_out is None)
                by_result += _role_points(summary, result)
                known = self._by_result.get(by_result)
                if known is not None:
                    game.pieces[calls] = known
                    return known
                output = ruled_result_to_record(None, record["rules"], summary, result)
                players = list(summary.players)
                sitter = summary.sitting_out
                filed_seats = tuple(players.index(name) for name in summary.re)
            else:
                if game is None and len(self._games) >= self._max_games:
                    return None
                output = score_record(record)
                players = record["players"]
                sitter = record.get("sitting_out")
                filed_seats = seats
                if game is None:
                    rules = parse_rules(record["rules"])
                    ruled = ruled_summary_from_record(record, rules) if rules is not DDV else None
                    game = self._games[key] = _RulesGame(ruled)
        except (DokoError, RecursionError):
            return None
        scores = output["scores"]
        names = [*players, sitter] if sitter is not None and sitter in scores else players
        if list(scores) != names:
            return None
        points = [scores[name] for name in players]
        re_values = {points[seat] for seat in filed_seats}
        kontra_values = {points[seat] for seat in range(4) if seat not in filed_seats}
        if len(re_values) != 1 or len(kontra_values) != 1:
            return None
        keys = list(output)
        cut = keys.index("scores")
        pieces = (
            self._text({k: output[k] for k in keys[1:cut]}, ", ", ', "scores": {'),
            repr(re_values.pop()),
            repr(kontra_values.pop()),
            repr(scores[sitter]) if len(names) == 5 else "",
            self._text({k: output[k] for k in keys[cut + 1 :]}, "}, ", "}", "}}"),
        )
        game.pieces[calls] = pieces
        if by_result is not None:
            self._by_result[by_result] = pieces
        return pieces

    def _text(self, part: Record, before: str, after: str, empty: str | None = None) -> str:
        """``part`` encoded without its braces between ``before`` and ``after`` (``empty``
        when it has no field); each distinct text made once."""
        frozen = repr(part)
        text = self._texts.get(frozen)
        if text is None:
            inner = self._encode(part)[1:-1]
            text = self._texts[frozen] = (
                before + inner + after if inner else (empty if empty is not None else after)
            )
        return text
