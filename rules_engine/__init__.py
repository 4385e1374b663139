"""The DDV Doppelkopf rules engine: pure Python, standard library only.

It follows the Turnier-Spielregeln (TSR) of the Deutscher Doppelkopf-Verband as summarised
in ``docs/rules.md``: cards and rank orders, game finding, a game card by card
with every announcement checked for its timing, and the scoring of TSR 7.
"""

from .calls import Call, Party
from .cards import CARDS, DECK, Card, Rank, Suit
from .errors import DokoError, IllegalActionError, RecordError
from .findings import Code, Finding, Level, Player
from .game import Announcement, CardPlay, Game, GameSpec, Trick
from .gametypes import GameType, Ranking, SoloCategory, SoloType, ranking_for
from .records import replay_record, score_record, summary_from_record, summary_to_record
from .scoring import GameResult, GameSummary, Item, Specials, score, verify_summary
from .vorbehalt import Vorbehalt, VorbehaltKind, find_game

__all__ = [
    "CARDS",
    "DECK",
    "Announcement",
    "Call",
    "Card",
    "CardPlay",
    "Code",
    "DokoError",
    "Finding",
    "Game",
    "GameResult",
    "GameSpec",
    "GameSummary",
    "GameType",
    "IllegalActionError",
    "Item",
    "Level",
    "Party",
    "Player",
    "Rank",
    "Ranking",
    "RecordError",
    "SoloCategory",
    "SoloType",
    "Specials",
    "Suit",
    "Trick",
    "Vorbehalt",
    "VorbehaltKind",
    "find_game",
    "ranking_for",
    "replay_record",
    "score",
    "score_record",
    "summary_from_record",
    "summary_to_record",
    "verify_summary",
]
