"""Findings as data: every engine error and score-list finding is a :class:`Finding`.

A finding carries a stable :class:`Code`, a :class:`Level`, the TSR section it belongs to
and its parameters as typed values (players as :class:`Player`, numbers as ``int``, the
engine's enums, field paths as ``str``, offending JSON values as :class:`JsonValue`), plus
where it happened: the game, the score-list entry, the replay action. Its English sentence
(:attr:`Finding.message`) is rendered from the code's template and is exactly the text of
the contracts (``docs/contracts``); another language is built from the code and the
parameters, never by reading that sentence.

The style follows python-chess's ``Status``/``Termination`` enums and ``Outcome`` value.
Standard library only, and no import of the rest of the engine: every module may raise.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum, StrEnum
from typing import Any


class Level(StrEnum):
    """How grave a finding is; a score list with an ``ERROR`` is not valid."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True, slots=True)
class Player:
    """A player, by the key the input names him with (the name on the list)."""

    key: str

    def __str__(self) -> str:
        return self.key


@dataclass(frozen=True, slots=True)
class JsonValue:
    """An offending value of the input, as the message shows it (shortened to 40 chars)."""

    text: str

    def __str__(self) -> str:
        return self.text

    @classmethod
    def of(cls, value: Any) -> JsonValue:
        return cls(json_repr(value))


@dataclass(frozen=True, slots=True)
class Points:
    """Points per player, e.g. a row of a score list: ``Anna +3, Ben -1``."""

    entries: tuple[tuple[Player, int], ...]

    def __str__(self) -> str:
        return ", ".join(f"{player} {points:+d}" for player, points in self.entries)


def json_repr(value: Any) -> str:
    """Short representation of a JSON value for an error message."""
    text = repr(value) if not isinstance(value, str) else f'"{value}"'
    return text if len(text) <= 40 else text[:37] + "..."


class Code(Enum):
    """Every distinct finding of the engine; the values are stable identifiers.

    Each member has its TSR ``section`` (``None`` where the message names no rule), the
    ``cite`` its English sentence ends with as ``(TSR cite)`` (``None``: no such ending;
    score-list findings give their section apart from the sentence) and the English
    ``template`` (:meth:`str.format` with the parameters; see :class:`_Formatter`).
    """

    __hash__ = object.__hash__  # members are singletons; Enum's hash is slow Python

    section: str | None
    cite: str | None
    template: str

    def __new__(cls, value: str, section: str | None, cite: str | None, template: str) -> Code:
        member = object.__new__(cls)
        member._value_ = value
        member.section = section
        member.cite = cite
        member.template = template
        return member

    # ---- the command line (no rule: the line is not a record at all)
    LINE_NOT_JSON = "line_not_json", None, None, "line is not valid JSON: {detail}"
    LINE_TOO_DEEP = "line_too_deep", None, None, "line is nested too deeply to be a game"
    LINE_NOT_OBJECT = (
        "line_not_object", None, None, "line is not a JSON object (one game per line)"
    )  # fmt: skip

    # ---- fields of a record (records.py); the section of many depends on the field
    FIELD_MISSING = "field_missing", "3.1", "3.1", "{field}: missing"
    PLAYERS_NOT_LIST = (
        "players_not_list", "3.1", "3.1", "players: must be a list of four player names"
    )  # fmt: skip
    NOT_A_PLAYER_NAME = "not_a_player_name", "3.1", "3.1", "players: {value} is not a player name"
    GAME_PLAYERS_INVALID = (
        "game_players_invalid", "3.1", "3.1",
        "players: a game has four distinct, non-empty player names",
    )  # fmt: skip
    TYPE_UNKNOWN = "type_unknown", "4.1", "4.1", "type: {value} is not one of {choices!l}"
    SOLO_UNKNOWN = "solo_unknown", "2.3", "2.3", "{field}: {value} is not one of {choices!l}"
    SOLO_FOR_NON_SOLO = (
        "solo_for_non_solo", "2.3", "2.3",
        "{field}: given for a game of type {game_type.value}, only a solo has one",
    )  # fmt: skip
    PFLICHT_FOR_NON_SOLO = (
        "pflicht_for_non_solo", "4.2", "4.2",
        "{field}: only a solo is a Pflichtsolo, not a {game_type.value}",
    )  # fmt: skip
    PFLICHT_UNKNOWN = (
        "pflicht_unknown", "4.2", "4.2", '{field}: {value} is not true, false or "vorgefuehrt"'
    )  # fmt: skip
    RE_NOT_LIST = "re_not_list", "4.4.1", "4.4.1", "re: must be a list of player names"
    NOT_WHOLE_NUMBER = "not_whole_number", "7.1", "7.1", "{field}: {value} is not a whole number"
    OUT_OF_RANGE = "out_of_range", "7.2.3", "7.2.3", "{field}: {number} is outside {low} to {high}"
    PARTIES_NOT_OBJECT = (
        "parties_not_object", "6", "6", "{field}: must be an object with the keys re and kontra"
    )  # fmt: skip
    PARTY_KEY_UNKNOWN = (
        "party_key_unknown", "6", "6", '{field}: unknown key "{key}", only re and kontra'
    )  # fmt: skip
    CALL_UNKNOWN = (
        "call_unknown", "6", "6", "{field}: {value} is not null or one of {choices!l}"
    )  # fmt: skip
    SONDERPUNKTE_NOT_OBJECT = (
        "sonderpunkte_not_object", "7.2.3", "7.2.3",
        "{field}: must be an object of doppelkopf, fuchs, karlchen",
    )  # fmt: skip
    SONDERPUNKT_UNKNOWN = (
        "sonderpunkt_unknown", "7.2.3", "7.2.3", '{field}: unknown Sonderpunkt "{key}"'
    )  # fmt: skip
    HANDS_NOT_OBJECT = (
        "hands_not_object", "2.2", "2.2",
        "hands: must be an object with exactly one hand per player",
    )  # fmt: skip
    HAND_NOT_LIST = "hand_not_list", "2.2", "2.2", "hands.{player}: must be a list of cards"
    NOT_A_CARD = "not_a_card", "2.2", "2.2", "hands.{player}: {value} is not a card"
    GAME_NOT_OBJECT = (
        "game_not_object", "4.1", "4.1", 'game: must be an object such as {{"type": "normal"}}'
    )  # fmt: skip
    GAME_TYPE_UNKNOWN = (
        "game_type_unknown", "4.1", "4.1",
        "game.type: {value} is not normal, hochzeit or solo (a stille Hochzeit is a normal "
        "game, found from the hands)",
    )  # fmt: skip
    NORMAL_HAS_NO_PLAYER = (
        "normal_has_no_player", "4.1", "4.1", "game.player: a Normalspiel has no player"
    )  # fmt: skip
    GAME_PLAYER_UNKNOWN = (
        "game_player_unknown", "4.1", "4.1", "game.player: {value} is not one of the players"
    )  # fmt: skip
    ACTIONS_NOT_LIST = "actions_not_list", "5", "5", "actions: must be a list of action strings"
    GAME_CUT_SHORT = (
        "game_cut_short", "5", "5",
        "actions: only {played} of 48 cards are played; this format has no game cut short "
        "by the soloist (TSR 5.4), so every card must be played",
    )  # fmt: skip
    ACTION_MALFORMED = (
        "action_malformed", "5", "5", '{value} is not "PLAYER:CARD" or "PLAYER:CALL"'
    )  # fmt: skip
    ACTION_PLAYER_UNKNOWN = (
        "action_player_unknown", "5", "5", '"{name}" is not one of the players'
    )  # fmt: skip
    ACTION_UNKNOWN = (
        "action_unknown", "2.2", "2.2, 6",
        '"{what}" is neither a card nor one of re, kontra, keine90, keine60, keine30, schwarz',
    )  # fmt: skip

    # ---- rule sets (rulesets.py) and games under a rule set other than the DDV's
    # (rulescore.py): the section is that of the TSR rule the rule set replaces (1: which
    # rules apply); the sentence names the rule set instead of citing the TSR
    RULES_NOT_A_RULE_SET = (
        "rules_not_a_rule_set", "1", None,
        'rules: {value} is not a preset key or an object with "preset"',
    )  # fmt: skip
    RULES_PRESET_UNKNOWN = (
        "rules_preset_unknown", "1", None, "rules: {value} is not one of {choices!l}"
    )  # fmt: skip
    RULES_OVERRIDE_UNKNOWN = (
        "rules_override_unknown", "1", None, 'rules: unknown override "{key}"'
    )  # fmt: skip
    RULES_OVERRIDE_INVALID = (
        "rules_override_invalid", "1", None, "rules.{key}: {value} is not {expected}"
    )  # fmt: skip
    PLAYERS_FOR_RULES = (
        "players_for_rules", "3.1", None,
        "players: {count} players at the game, a game under the rule set {preset} has four",
    )  # fmt: skip
    TYPE_NOT_IN_RULES = (
        "type_not_in_rules", "4.1", None, "type: {value} is not a game of the rule set {preset}"
    )  # fmt: skip
    SOLO_NOT_IN_RULES = (
        "solo_not_in_rules", "2.3", None, "solo: {value} is not a solo of the rule set {preset}"
    )  # fmt: skip
    FIELD_NOT_IN_RULES = (
        "field_not_in_rules", "4.1", None,
        "{field}: not part of this game under the rule set {preset}",
    )  # fmt: skip
    SONDERPUNKT_NOT_IN_RULES = (
        "sonderpunkt_not_in_rules", "7.2.3", None,
        "{field}: this Sonderpunkt does not count in this game under the rule set {preset}",
    )  # fmt: skip
    CALL_NOT_IN_RULES = (
        "call_not_in_rules", "6", None,
        "{field}: {value} is not a call of this game under the rule set {preset}",
    )  # fmt: skip
    TRICKS_ABOVE_DECK = (
        "tricks_above_deck", "2.2", None,
        "re_tricks: {tricks} is outside 0 to {limit}, the tricks of the {deck}-card deck",
    )  # fmt: skip
    EYES_IMPOSSIBLE_IN_DECK = (
        "eyes_impossible_in_deck", "2.2", None,
        "re_eyes: {eyes} Augen are impossible with re_tricks {tricks} in the {deck}-card "
        "deck (from {low} to {high}, and only sums of its cards)",
    )  # fmt: skip
    CALL_AFTER_DEADLINE = (
        "call_after_deadline", "6", None,
        "{field}: made with {cards} cards on the table, the rule set {preset} allows it "
        "until card {limit}",
    )  # fmt: skip
    CALL_AFTER_DEADLINE_HAND = (
        "call_after_deadline_hand", "6", None,
        "{field}: made with {cards} cards in hand, the rule set {preset} needs {limit}",
    )  # fmt: skip
    CALL_GAP = (
        "call_gap", "6", None,
        "{field}: raised with {cards} cards on the table, after a gap: the rule set {preset} "
        "allows it until card {limit}",
    )  # fmt: skip
    TIMING_WITHOUT_CALL = (
        "timing_without_call", "6", None, "{field}: a time for a call that was not made"
    )  # fmt: skip
    NOT_ONE_OF_PLAYERS = (
        "not_one_of_players", "3.1", None, "{field}: {value} is not one of the players"
    )  # fmt: skip
    SPECIAL_TOO_MANY = (
        "special_too_many", "7.2.3", None,
        "specials: {count} of {kind} in all, a game under the rule set {preset} has at "
        "most {limit}",
    )  # fmt: skip
    LAST_TRICK_FUCHS_AND_KARLCHEN = (
        "last_trick_fuchs_and_karlchen", "7.2.3", None,
        "specials: Fuchs im letzten Stich excludes Karlchen and Karlchen gefangen: the last "
        "trick is made by one card, and a Karo As beats no Kreuz Bube",
    )  # fmt: skip
    CALL_BEFORE_KLAERUNG_TIMED = (
        "call_before_klaerung_timed", "6.2.2", None,
        "{field}: made at {cards} cards, before the Klärungsstich (trick {trick}) of the "
        "Hochzeit had settled the parties",
    )  # fmt: skip
    LAST_TRICK_BOTH_PARTIES = (
        "last_trick_both_parties", "7.2.3", None,
        "specials: Karlchen, Karlchen gefangen and Fuchs im letzten Stich go to the party "
        "that won the last trick, not to both",
    )  # fmt: skip
    CARD_NOT_IN_DECK = (
        "card_not_in_deck", "2.2", None,
        "hands.{player}: {card} is not in the {deck}-card deck of the rule set {preset}",
    )  # fmt: skip
    HAND_SIZE_FOR_RULES = (
        "hand_size_for_rules", "2.2", None,
        "hands.{player}: {count} cards, each player gets {size} under the rule set {preset}",
    )  # fmt: skip
    RULED_GAME_CUT_SHORT = (
        "ruled_game_cut_short", "5", None,
        "actions: only {played} of {cards} cards are played under the rule set {preset}; "
        "every card must be played",
    )  # fmt: skip
    CALL_AFTER_END = (
        "call_after_end", "6", None,
        "{player} makes a call after the last card, the rule set {preset} has none then",
    )  # fmt: skip
    SCHWEINCHEN_NEEDS_BOTH = (
        "schweinchen_needs_both", "2.3", None,
        "game.schweinchen: nobody holds both Karo Asse, the Schweinchen of the rule set "
        "{preset} needs both in one hand",
    )  # fmt: skip
    SCHWEIN_NOT_ALLOWED = (
        "schwein_not_allowed", "2.3", None,
        "{player} plays a Karo As as the Schwein without a Schweinchen of his own still to "
        "play (rule set {preset})",
    )  # fmt: skip
    ARMUT_TOO_MANY_TRUMPS = (
        "armut_too_many_trumps", "4.1", None,
        "game.player: {player} holds {count} trumps, an Armut under the rule set {preset} "
        "allows at most {limit}",
    )  # fmt: skip
    ARMUT_GIVES_NOT_TRUMPS = (
        "armut_gives_not_trumps", "4.1", None,
        "game.gives: {player} gives exactly his {count} trumps under the rule set {preset}",
    )  # fmt: skip
    ARMUT_RETURNS_WRONG = (
        "armut_returns_wrong", "4.1", None,
        "game.returns: {player} returns {count} cards he holds after taking the Armut "
        "(rule set {preset})",
    )  # fmt: skip
    ARMUT_FEHL_FIRST = (
        "armut_fehl_first", "4.1", None,
        "game.returns: {player} returns a trump while keeping a Fehl card; the rule set "
        "{preset} has every Fehl card returned first",
    )  # fmt: skip
    HAMMEL_EYES = (
        "hammel_eyes", "7.1", None,
        "eyes: the Augen of the four players add up to {total}, not 240",
    )  # fmt: skip

    # ---- cards and hands (cards.py, game.py)
    CARD_CODE_UNKNOWN = (
        "card_code_unknown", "2.2", "2.2",
        "{code!r} is not a card: use suit C/S/H/D then rank A/T/K/Q/J/9",
    )  # fmt: skip
    HANDS_COUNT = (
        "hands_count", "2.2", "2.2", "hands: a game has four players with twelve cards each"
    )  # fmt: skip
    HAND_SIZE = "hand_size", "2.2", "2.2", "hands.{player}: {count} cards, each player gets 12"
    CARD_COUNT = (
        "card_count", "2.2", "2.2",
        "hands: {card} appears {count} times, the deck has every card twice",
    )  # fmt: skip

    # ---- finding the game (finding.py, game.py)
    ANSWERS_COUNT = (
        "answers_count", "4.1.1", "4.1.1", "answers: one answer for each of the four players"
    )  # fmt: skip
    SOLO_VORBEHALT_UNNAMED = (
        "solo_vorbehalt_unnamed", "4.1.8", "4.1.8",
        "answers[{seat}]: a solo Vorbehalt must name the solo",
    )  # fmt: skip
    VORBEHALT_NAMES_SOLO = (
        "vorbehalt_names_solo", "4.1.8", "4.1.8",
        "answers[{seat}]: only a solo Vorbehalt names a solo",
    )  # fmt: skip
    VORBEHALT_PFLICHTSOLO_PLAYED = (
        "vorbehalt_pflichtsolo_played", "4.2.1", "4.2.1, 8.6",
        "answers[{seat}]: this player has played his Pflichtsolo this round; another solo is "
        "a Lustsolo",
    )  # fmt: skip
    VORBEHALT_LUSTSOLO_EARLY = (
        "vorbehalt_lustsolo_early", "4.3.1", "4.3.1",
        "answers[{seat}]: a Lustsolo is allowed only after the player's own Pflichtsolo",
    )  # fmt: skip
    VORBEHALT_HOCHZEIT_HAND = (
        "vorbehalt_hochzeit_hand", "4.4.3", "4.4.3",
        "answers[{seat}]: a Hochzeit needs both Kreuz-Damen in the hand",
    )  # fmt: skip
    SEAT_OUT_OF_RANGE = "seat_out_of_range", "4.2.3", "4.2.3", "seat: {seat} is not a seat 0 to 3"
    SPEC_STILLE_HOCHZEIT = (
        "spec_stille_hochzeit", "4.4.5", "4.4.5",
        "game.type: a stille Hochzeit is a Normalspiel whose hands give one player both "
        "Kreuz-Damen; the engine finds it",
    )  # fmt: skip
    SPEC_NORMAL_EXTRA = (
        "spec_normal_extra", "4.1", "4.1", "game: a Normalspiel has no player, solo or pflicht"
    )  # fmt: skip
    SPEC_NEEDS_PLAYER = (
        "spec_needs_player", "4.1", "4.1",
        "game.player: a {game_type.german} needs the seat of its player",
    )  # fmt: skip
    SPEC_HOCHZEIT_EXTRA = (
        "spec_hochzeit_extra", "4.4.3", "4.4.3", "game: a Hochzeit has no solo kind and no pflicht"
    )  # fmt: skip
    SPEC_SOLO_UNNAMED = (
        "spec_solo_unnamed", "4.2.1", "4.2.1, 2.3", "game.solo: a solo must be named"
    )  # fmt: skip
    HOCHZEITER_LACKS_KREUZ_DAMEN = (
        "hochzeiter_lacks_kreuz_damen", "4.4.3", "4.4.3",
        "game.player: {player} does not hold both Kreuz-Damen, a Hochzeit needs both",
    )  # fmt: skip

    # ---- playing cards (game.py)
    PLAY_AFTER_END = (
        "play_after_end", "5.1", "5.1", "{player} plays {card}, but all 48 cards are played"
    )  # fmt: skip
    NOT_YOUR_TURN = "not_your_turn", "5.1", "5.1", "it is {turn}'s turn, not {player}'s"
    CARD_NOT_HELD = "card_not_held", "5.1", "5.1", "{player} does not hold {card}"
    MUST_FOLLOW = "must_follow", "5.2.2", "5.2.2", "{player} must follow {led!f}"
    GAME_NOT_OVER = (
        "game_not_over", "5.1", "5.1", "the game is not over: {tricks} of 12 tricks played"
    )  # fmt: skip

    # ---- announcements (game.py)
    CALL_BEFORE_KLAERUNG = (
        "call_before_klaerung", "6.2.2", "6.2.2, 4.4.3",
        "{player} says {call.german} before the Klärungsstich of the Hochzeit; announcements "
        "wait until the parties are settled",
    )  # fmt: skip
    ANSAGE_OF_OTHER_PARTY = (
        "ansage_of_other_party", "6.2.1", "6.2.1",
        "{player} says {call.german}, but plays in the {party.german} party",
    )  # fmt: skip
    CALL_REPEATED = (
        "call_repeated", "6.4.7", "6.4.7",
        "{player} says {call.german}, but the {party.german} party has already said "
        "{said.german}; a call cannot be repeated or taken back",
    )  # fmt: skip
    ABSAGE_WITHOUT_ANSAGE_LATE = (
        "absage_without_ansage_late", "6.3.2", "6.3.2, 6.4.3",
        "{player} says {call.german} without an Erstansage of his party: that counts as "
        "{party.german} and {call.german} and needs the {party.german} still on time, at "
        "least {need} cards{shift!h}; {player} has {cards}",
    )  # fmt: skip
    ANSAGE_LATE = (
        "ansage_late", "6.2.2", "6.2.2, 6.4.4",
        "{player} says {party.german} with {cards} cards in hand; the Erstansage needs at "
        "least {need}{shift!h}",
    )  # fmt: skip
    ERWIDERUNG_LATE = (
        "erwiderung_late", "6.2.2", "6.2.2, 6.4.4",
        "{player} says {party.german} with {cards} cards in hand; the Erstansage needs at "
        "least {need}, as an Erwiderung to {other.german} at least {answer}{shift!h}",
    )  # fmt: skip
    ABSAGE_AFTER_LATE_ERWIDERUNG = (
        "absage_after_late_erwiderung", "6.4.4", "6.4.4",
        "{player} says {call.german}, but the {party.german} of his party was a late "
        "Erwiderung; after it no Absage is allowed",
    )  # fmt: skip
    ABSAGE_SKIPPED_LATE = (
        "absage_skipped_late", "6.4.3", "6.4.3",
        "{player} says {call.german}, skipping {skipped.german}, which needs at least {need} "
        "cards{shift!h}; {player} has {cards}",
    )  # fmt: skip
    ABSAGE_LATE = (
        "absage_late", "6.3.4", "6.3.4",
        "{player} says {call.german} with {cards} cards in hand; it needs at least "
        "{need}{shift!h}",
    )  # fmt: skip

    # ---- game summaries (scoring.py)
    RE_NOT_A_PLAYER = "re_not_a_player", "4.4.1", "4.4.1", "re: {name!r} is not one of the players"
    RE_TWICE = "re_twice", "4.4.1", "4.4.1", "re: {names!L} names a player twice"
    NORMAL_RE_SIZE = (
        "normal_re_size", "4.4.1", "4.4.1", "re: a Normalspiel has two Re players, not {size}"
    )  # fmt: skip
    HOCHZEIT_RE_SIZE = (
        "hochzeit_re_size", "4.4.3", "4.4.3",
        "re: a Hochzeit has the Hochzeiter and his partner, or the Hochzeiter alone, not "
        "{size} players",
    )  # fmt: skip
    SOLO_RE_SIZE = (
        "solo_re_size", "4.2", "4.2, 4.4.5",
        "re: a {game_type.german} is played by one player against three, not {size}",
    )  # fmt: skip
    SOLO_KIND_MISMATCH = (
        "solo_kind_mismatch", "2.3", "2.3",
        "solo: the solo kind is given exactly when the type is solo",
    )  # fmt: skip
    PFLICHT_NOT_SOLO = (
        "pflicht_not_solo", "4.2", "4.2, 4.3",
        "pflicht: only a solo can be a Pflicht- or Lustsolo",
    )  # fmt: skip
    EYES_OUT_OF_RANGE = (
        "eyes_out_of_range", "2.2", "2.2", "re_eyes: {eyes} is outside 0 to 240 Augen"
    )  # fmt: skip
    TRICKS_OUT_OF_RANGE = (
        "tricks_out_of_range", "7.1", "7.1", "re_tricks: {tricks} is outside 0 to 12 tricks"
    )  # fmt: skip
    EYES_ABOVE_TRICKS = (
        "eyes_above_tricks", "2.2", "2.2",
        "re_eyes: {eyes} Augen are impossible with re_tricks {tricks}: at most {limit} fit in "
        "{tricks} tricks",
    )  # fmt: skip
    EYES_BELOW_TRICKS = (
        "eyes_below_tricks", "2.2", "2.2",
        "re_eyes: {eyes} Augen are impossible with re_tricks {tricks}: {tricks} tricks hold "
        "at least {limit}",
    )  # fmt: skip
    EYES_NO_CARD_SUM = (
        "eyes_no_card_sum", "2.2", "2.2",
        "re_eyes: {eyes} Augen are impossible with re_tricks {tricks}: no {cards} cards of "
        "the deck add up to it",
    )  # fmt: skip
    HOCHZEIT_ALONE_TRICKS = (
        "hochzeit_alone_tricks", "4.4.3", "4.4.3",
        "re_tricks: a Hochzeiter playing alone won the first three tricks, not {tricks}",
    )  # fmt: skip
    RE_CALLS_KONTRA = (
        "re_calls_kontra", "6.2", "6.2", 'calls.re: "kontra" is not a call of the Re party'
    )  # fmt: skip
    KONTRA_CALLS_RE = (
        "kontra_calls_re", "6.2", "6.2", 'calls.kontra: "re" is not a call of the Kontra party'
    )  # fmt: skip
    SPECIALS_IN_SOLO = (
        "specials_in_solo", "7.2.3", "7.2.3, 7.2.4",
        "specials: Sonderpunkte exist only in a Normalspiel, this game is scored as a solo",
    )  # fmt: skip
    DOPPELKOPF_IMPOSSIBLE = (
        "doppelkopf_impossible", "7.2.3", "7.2.3",
        "specials.{party.value}.doppelkopf: {count} Doppelköpfe need as many tricks of 40 "
        "Augen, the party has {tricks} tricks with {eyes} Augen",
    )  # fmt: skip
    SONDERPUNKT_WITHOUT_TRICK = (
        "sonderpunkt_without_trick", "7.2.3", "7.2.3",
        "specials.{party.value}: a party without a trick cannot catch a Fuchs or win the last "
        "trick with Karlchen",
    )  # fmt: skip
    FUCHS_IMPOSSIBLE = (
        "fuchs_impossible", "7.2.3", "7.2.3",
        "specials.{party.value}.fuchs: {count} Füchse are {fuchs_eyes} Augen, the party has "
        "{eyes}",
    )  # fmt: skip
    TOO_MANY_DOPPELKOPF = (
        "too_many_doppelkopf", "7.2.3", "7.2.3",
        "specials: more than 4 Doppelköpfe, the 16 Asse and Zehnen make at most 4",
    )  # fmt: skip
    TOO_MANY_FUCHS = (
        "too_many_fuchs", "7.2.3", "7.2.3",
        "specials: more than two Füchse caught, the deck has two Karo As",
    )  # fmt: skip
    TOO_MANY_KARLCHEN = (
        "too_many_karlchen", "7.2.3", "7.2.3",
        "specials: only one trick is the last, so at most one Karlchen",
    )  # fmt: skip

    # ---- penalties (penalties.py)
    OFFENDER_POSITION = (
        "offender_position", None, None,
        "offender: position {position} is not one of the four players",
    )  # fmt: skip
    SITTING_DEALER_FAULT = (
        "sitting_dealer_fault", "10.1", "10.1",
        "offender: the dealer sits out this game; only a deduction for unsportliches Verhalten "
        "concerns him, not a {category.german}",
    )  # fmt: skip
    PENALTY_NEEDS_SOLOIST = (
        "penalty_needs_soloist", "9.3", "9.3", "soloist: a solo penalty needs the soloist"
    )  # fmt: skip
    SOLOIST_IN_NORMAL_PHASE = (
        "soloist_in_normal_phase", "9.6", "9.6",
        "soloist: given for phase {phase.value}, where the Normalspiel rules apply",
    )  # fmt: skip
    ABSAGEN_OUT_OF_RANGE = (
        "absagen_out_of_range", "9.4", "9.4",
        "absagen: {absagen} Absagen, a party makes at most 4 (keine 90 .. schwarz)",
    )  # fmt: skip
    DEDUCTION_OUT_OF_RANGE = (
        "deduction_out_of_range", "9.7", "9.7",
        "deduction: {deduction} points, unsportliches Verhalten costs up to 12",
    )  # fmt: skip
    DEDUCTION_NOT_UNSPORTLICH = (
        "deduction_not_unsportlich", None, None,
        "deduction: only for unsportliches Verhalten, not {category.value}",
    )  # fmt: skip

    # ---- one table's list (table_list.py); its findings give the section apart
    TABLE_SIZE = (
        "table_size",
        "3.1",
        "3.1, 10.1",
        "players: a table has 4 or 5 players, not {count}",
    )
    TABLE_PLAYERS_NOT_DISTINCT = (
        "table_players_not_distinct", "3.1", "3.1",
        "players: the players of a table must be distinct names",
    )  # fmt: skip
    GAMES_TOO_FEW = (
        "games_too_few", "8.6", "8.6", "games: {games} games leave no room for a Pflichtsolo each"
    )  # fmt: skip
    LIST_COMPLETE = (
        "list_complete", "8.5", None,
        "the list is complete (all games played); no further game",
    )  # fmt: skip
    LIST_COMPLETE_TIME_UP = (
        "list_complete_time_up", "8.5", None,
        "the list is complete (time is up and no Pflichtsolo is missing played); no further game",
    )  # fmt: skip
    WRONG_DEALER = (
        "wrong_dealer", "3.3.1", None, "{given} is given as dealer, but {expected} deals this game"
    )  # fmt: skip
    GAME_WITHOUT_SCORE = (
        "game_without_score", "7.3", None, "a game needs either its details or its points"
    )  # fmt: skip
    GAME_POINTS_DIFFER = (
        "game_points_differ", "7.2", None,
        "the list says {written}, but the game is worth {points}",
    )  # fmt: skip
    SOLO_NEEDS_PLAYER = "solo_needs_player", "4.1", None, "a {kind.german} needs its player"
    SOLOIST_SITS_OUT = (
        "soloist_sits_out", "10.1", None,
        "{player} deals and sits out this game, so cannot play a {kind.german}",
    )  # fmt: skip
    VORFUEHRUNG_DUE = (
        "vorfuehrung_due", "4.2.3", None,
        "a Vorführung is due: {player} must play his Pflichtsolo now (missing Pflichtsoli = "
        "games left), not a {kind.german}",
    )  # fmt: skip
    VORFUEHRUNG_NOT_DUE = (
        "vorfuehrung_not_due", "4.2.3", None,
        "no Vorführung is due (the missing Pflichtsoli are fewer than the games left); a "
        "Pflichtsolo played by choice is written as Pflichtsolo",
    )  # fmt: skip
    PFLICHTSOLO_TWICE = (
        "pflichtsolo_twice", "8.6", None,
        "{player} has already played his Pflichtsolo in this round; a further solo is a "
        "Lustsolo",
    )  # fmt: skip
    LUSTSOLO_BEFORE_PFLICHTSOLO = (
        "lustsolo_before_pflichtsolo", "4.3.1", None,
        "{player} may play a Lustsolo only after his own Pflichtsolo",
    )  # fmt: skip
    GAME_PLAYERS_SITTING_OUT = (
        "game_players_sitting_out", "10.1", None,
        "the game's players must be the four who play; {player} deals and sits out",
    )  # fmt: skip
    GAME_PLAYERS_NOT_TABLE = (
        "game_players_not_table", "10.1", None, "the game's players must be the table's players"
    )  # fmt: skip
    DETAILS_IMPOSSIBLE = "details_impossible", "7", None, "{problem}"
    DETAILS_NOT_KIND = "details_not_kind", "4.2.4", None, "the details describe no {kind.german}"
    ROW_LENGTH = (
        "row_length", "7.3", None, "a row has {size} points, one per player, not {count}"
    )  # fmt: skip
    SITTING_OUT_POINTS = (
        "sitting_out_points", "10.1", None, "{player} deals and sits out: 0 points, not {points}"
    )  # fmt: skip
    ROW_SUM_NOT_ZERO = "row_sum_not_zero", "7.3.3", None, "the row sums to {total}, not 0"
    ROW_PARITY = "row_parity", "7.3.3", None, "the points must be all even or all odd"
    POINTS_ONLY = (
        "points_only", "7.3", None,
        "entered as points only: Augen, calls and Sonderpunkte could not be checked",
    )  # fmt: skip
    WINNER_NOT_PLAYING = (
        "winner_not_playing", "7.3", None, "a winner is marked who did not play this game"
    )  # fmt: skip
    SOLO_POINTS_PATTERN = (
        "solo_points_pattern", "7.2.4", None,
        "in a {kind.german} the soloist gets three times what each opponent loses",
    )  # fmt: skip
    NORMAL_POINTS_PATTERN = (
        "normal_points_pattern", "7.2", None,
        "a Normalspiel gives two players the same points and the other two the opposite",
    )  # fmt: skip
    NO_WINNER_MARKED = (
        "no_winner_marked", "7.3", None,
        "no winner marked: right only if neither party reached its target (TSR 7.1.3)",
    )  # fmt: skip
    WINNERS_NOT_PARTY = (
        "winners_not_party", "7.3", None, "the winners marked must be one whole party"
    )  # fmt: skip
    PENALTY_SOLO_KIND_NEEDED = (
        "penalty_solo_kind_needed", "9.4", "9.4",
        "penalty: the solo counts as played, so say whether it was a Pflichtsolo, vorgeführt "
        "or a Lustsolo",
    )  # fmt: skip
    PENALTY_AFTER_COMPLETE = (
        "penalty_after_complete", "8.5", "8.5",
        "penalty: the list is complete, no solo can count as played any more",
    )  # fmt: skip
    NACHSPIELZEIT_NOT_POSITIVE = (
        "nachspielzeit_not_positive", "8.5.1", "8.5.1",
        "nachspielzeit: {minutes} minutes, it must be positive",
    )  # fmt: skip
    TIME_ALREADY_UP = (
        "time_already_up", "8.5", "8.5", "time_up: time is already up for this table"
    )  # fmt: skip

    # ---- score lists as JSON (scorelist.py)
    LIST_PLAYERS_INVALID = (
        "list_players_invalid", "3.1", "3.1",
        "players: the table's players in position order, 4 or 5 names",
    )  # fmt: skip
    LIST_GAMES_INVALID = (
        "list_games_invalid", "8.5.1", "8.5.1", "games: {value} is not a number of games"
    )  # fmt: skip
    ENTRIES_NOT_LIST = (
        "entries_not_list", None, None, "entries: the list's entries in the order they happened"
    )  # fmt: skip
    ENTRY_NOT_OBJECT = "entry_not_object", None, None, "an entry is an object with a kind"
    ENTRY_KIND_UNKNOWN = (
        "entry_kind_unknown", None, None,
        "kind: {value} is not game, penalty, nachspielzeit or time_up",
    )  # fmt: skip
    NOT_A_TABLE_PLAYER = (
        "not_a_table_player", None, None, "{field}: {value} is not a player of this table"
    )  # fmt: skip
    POINTS_PER_PLAYER = (
        "points_per_player", "7.3", "7.3", "{field}: one number for each player of the table"
    )  # fmt: skip
    POINT_NOT_WHOLE = (
        "point_not_whole", None, None, "{field}.{player}: {value} is not a whole number"
    )  # fmt: skip
    QUICK_WITHOUT_POINTS = (
        "quick_without_points", "7.3", "7.3", "points: a quick entry is its points per player"
    )  # fmt: skip
    WINNERS_NOT_LIST = (
        "winners_not_list", "7.3", "7.3", "winners: a list of the players marked as winners"
    )  # fmt: skip
    PENALTY_CATEGORY_UNKNOWN = (
        "penalty_category_unknown", "9", "9", "category: {value} is not one of {choices!l}"
    )  # fmt: skip
    PENALTY_PHASE_UNKNOWN = (
        "penalty_phase_unknown", "9.6", "9.6", "phase: {value} is not one of {choices!l}"
    )  # fmt: skip
    SITS_OUT = "sits_out", "10.1", "10.1", "{field}: {player} sits out this game"
    HARMS_SOLOIST_NOT_BOOL = (
        "harms_soloist_not_bool", "9.3", "9.3", "harms_soloist: {value} is not true or false"
    )  # fmt: skip
    BEING_DEALT_NOT_BOOL = "being_dealt_not_bool", "8.5.3", "8.5.3", "being_dealt: true or false"
    PENALTY_POINTS_DIFFER = (
        "penalty_points_differ", "9", None,
        "the list says {written}, but the penalty gives {points}",
    )  # fmt: skip
    PENALTY_NOT_SIGNED = (
        "penalty_not_signed", "8.2.2", None,
        "the penalty is not signed off by the Schiedsrichter",
    )  # fmt: skip
    GAMES_LEFT = "games_left", "8.5", None, "{left} of {planned} games still to play"

    # ---- one table's list under a rule set other than the DDV preset (rulelist.py): the
    # section is the TSR rule it stands beside; the report names the seed's line as the rule
    TABLE_SIZE_FOR_RULES = (
        "table_size_for_rules", "3.1", None,
        "players: a table under the rule set {preset} has {choices!l} players, not {count}",
    )  # fmt: skip
    POT_START_MISSING = (
        "pot_start_missing", "7.3", None,
        "pot: a list under the rule set {preset} needs the pot's start, in its unit",
    )  # fmt: skip
    LIST_FIELD_NOT_IN_RULES = (
        "list_field_not_in_rules", "7.3", None,
        "{field}: not part of a list under the rule set {preset}",
    )  # fmt: skip
    ENTRY_NOT_IN_RULES = (
        "entry_not_in_rules", "7.3", None,
        "kind: {value} is not an entry of a list under the rule set {preset}",
    )  # fmt: skip
    POT_EMPTY = (
        "pot_empty", "8.5", None,
        "the pot is empty after this game (balance {total}): the Punkterunden end",
    )  # fmt: skip
    POT_PAYMENT_DIFFERS = (
        "pot_payment_differs", "7.2", None,
        "pot: the list says the pot paid {number}, but it pays {total}",
    )  # fmt: skip
    ROW_SUM_NOT_POT = (
        "row_sum_not_pot", "7.3.3", None,
        "the row sums to {total}, but the pot paid {number}; row and pot must agree",
    )  # fmt: skip
    GRUNDWERT_DIFFERS = (
        "grundwert_differs", "7.2", None,
        "grundwert: the list says {number}, but the game's value is {total}",
    )  # fmt: skip
    HAMMELRENNEN_DUE = (
        "hammelrennen_due", "4.1", None,
        "the Kasse holds {total}, at most twice the Grundbetrag: the Hammelrennen is due, "
        "not {value}",
    )  # fmt: skip
    HAMMELRENNEN_NOT_DUE = (
        "hammelrennen_not_due", "4.1", None,
        "the Kasse holds {total}: a Hammelrennen only when it holds at most twice the "
        "Grundbetrag",
    )  # fmt: skip
    SOLO_VORFUEHRUNG_DUE = (
        "solo_vorfuehrung_due", "4.2.3", None,
        "a Vorführung is due under the rule set {preset}: {player} (or another who still owes "
        "a solo: {names!L}) must play it now, not {value}",
    )  # fmt: skip
    SOLO_VORFUEHRUNG_EARLY = (
        "solo_vorfuehrung_early", "4.2.3", None,
        "no Vorführung is due yet under the rule set {preset}; a solo played by choice is "
        "written with pflicht true or false",
    )  # fmt: skip
    SOLO_NOT_OWED = (
        "solo_not_owed", "8.6", None,
        "{player} owes no solo any more: a vorgeführtes solo only for a player who still owes one",
    )  # fmt: skip


class _Formatter(string.Formatter):
    """:meth:`str.format` with the conversions the templates need besides ``!r``/``!s``:

    ``!l`` a sequence of strings comma-separated, ``!L`` a sequence of players as a Python
    list of their keys,
    ``!h`` the Hochzeit's shift of announcement times (nothing when 0), ``!f`` what must be
    followed (a suit, ``None`` for trump).
    """

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion == "l":
            return ", ".join(value)
        if conversion == "L":
            return repr([str(item) for item in value])
        if conversion == "h":
            return f" (Hochzeit: {value} fewer, TSR 6.4.2)" if value else ""
        if conversion == "f":
            return "Trumpf" if value is None else value.german
        return super().convert_field(value, conversion)


_FORMAT = _Formatter().vformat

#: One parameter of a finding: its name and typed value.
Param = tuple[str, Any]


def _data(value: Any) -> Any:
    """A parameter as JSON-safe data (see :meth:`Finding.to_data`)."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, Player):
        return {"player": value.key}
    if isinstance(value, Points):
        return {"points": [[player.key, points] for player, points in value.entries]}
    if isinstance(value, JsonValue):
        return {"json": value.text}
    if isinstance(value, Enum):
        return {"enum": type(value).__name__, "value": value.value}
    if isinstance(value, Finding):
        return {"finding": value.to_data()}
    if isinstance(value, tuple | list | frozenset | set):
        return [_data(item) for item in value]
    return {"text": str(value)}


@dataclass(frozen=True, slots=True)
class Finding:
    """One engine error or score-list finding, as data.

    ``params`` are (name, value) pairs in the order of the template. ``section`` overrides
    the code's section where one code is reported under several (a field's rule, a penalty
    category's rule). Context: ``game`` (1-based game number of a score list, ``None``
    for the list as a whole), ``entry`` (1-based entry of a score list), ``action``
    (1-based action of a replay record). ``says_game``: the sentence itself names the game
    and the section (``game 5: ... (TSR 4.3.1)``), as when a table list refuses an entry.
    """

    code: Code
    params: tuple[Param, ...] = ()
    level: Level = Level.ERROR
    section_override: str | None = None
    game: int | None = None
    entry: int | None = None
    action: int | None = None
    says_game: bool = False

    @classmethod
    def of(
        cls, code: Code, section: str | None = None, level: Level = Level.ERROR, /, **params: Any
    ) -> Finding:
        return cls(code, tuple(params.items()), level, section)

    @property
    def section(self) -> str | None:
        """The TSR section, e.g. ``"7.3.3"``; ``None`` where the finding names no rule."""
        return self.section_override or self.code.section

    @property
    def rule(self) -> str:
        """The section as a score list reports it, e.g. ``"TSR 7.3.3"``; a finding that names
        no rule is filed under TSR 7.3 (checking a score list)."""
        section = self.section
        return f"TSR {section}" if section else "TSR 7.3"

    @property
    def parameters(self) -> Mapping[str, Any]:
        """The parameters by name."""
        return dict(self.params)

    def with_context(self, **context: Any) -> Finding:
        """This finding at a place: ``game=``, ``entry=``, ``action=``, ``says_game=``."""
        return replace(self, **context)

    @property
    def message(self) -> str:
        """The English sentence of the contracts."""
        code = self.code
        text = _FORMAT(code.template, (), dict(self.params))
        if code.cite is not None:
            text = f"{text} (TSR {self.section_override or code.cite})"
        if self.says_game:
            text = f"game {self.game}: {text} ({self.rule})"
        if self.action is not None:
            text = f"action {self.action}: {text}"
        if self.entry is not None:
            text = f"entry {self.entry}: {text}"
        return text

    def __str__(self) -> str:
        return self.message

    def to_data(self) -> dict[str, Any]:
        """The finding as JSON-safe data, for a program that stores it or puts it into
        another language: ``code``, ``level``, ``section`` (``None``: no rule), the context
        (``game``, ``entry``, ``action``; ``says_game``: the sentence names the game, as when a
        table list refuses an entry) and ``params`` by name. A parameter that is no plain
        number or text is tagged by its kind: ``{"player": key}``, ``{"points": [[key, n],
        ...]}``, ``{"json": text}`` (an offending input value as the message shows it),
        ``{"enum": class name, "value": value}``, ``{"finding": data}`` (a finding inside
        this one), ``{"text": str(value)}`` (a card); sequences are lists."""
        return {
            "code": self.code.value,
            "level": self.level.value,
            "section": self.section,
            "game": self.game,
            "entry": self.entry,
            "action": self.action,
            "says_game": self.says_game,
            "params": {name: _data(value) for name, value in self.params},
        }
