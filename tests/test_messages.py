"""German sentences for the rules engine's messages (tournament/services/messages.py).

Every message is produced by the real engine (score lists through ``check_list``, or
``TableList``, ``verify_summary``, ``summary_from_record``, ``penalty_points`` and the replay
reader called directly with bad input), so a changed English text shows up here as a
message that falls back to "Regelprüfung: ...". Players are keyed as in the web app, by
start numbers as text; the German must show their names instead.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from typing import Any

import pytest

from rules_engine import Call, DokoError, GameSummary, GameType, SoloCategory
from rules_engine.penalties import Penalty, PenaltyCategory, PenaltyPhase, penalty_points
from rules_engine.records import game_from_record, replay_record, summary_from_record
from rules_engine.scorelist import check_list
from rules_engine.scoring import verify_summary
from rules_engine.table_list import EntryKind, GameEntry, QuickScore, TableList
from tests.deals import NORMAL
from tournament.scorelists import messages
from tournament.scorelists.messages import FALLBACK, german

FOUR = ("101", "102", "103", "104")
FIVE = (*FOUR, "105")
NAMES = {
    "101": "Wolfgang Meyer",
    "102": "Anna Schmidt",
    "103": "Jörg Müller",
    "104": "Petra Groß",
    "105": "Hans Klein",
}
#: A player key left in a text (no test value is 101 to 105 otherwise).
KEY = re.compile(r"(?<![\d.])10[1-5](?![\d.])")
REFERENCE = re.compile(r"\((TSR [^()]*)\)\s*$")
#: English words that must not survive the translation.
ENGLISH = re.compile(r"\b(the|is|are|not|must|and|only|player|players)\b")

Entry = dict[str, Any]


# ---------------------------------------------------------------------------- list helpers
def game(dealer: str, **fields: Any) -> Entry:
    """A detailed Normalspiel (Re 102 and 104 win with 166 Augen), fields changed."""
    base: Entry = {
        "kind": "game",
        "dealer": dealer,
        "type": "normal",
        "re": ["102", "104"],
        "re_eyes": 166,
        "re_tricks": 8,
    }
    return {**base, **fields}


def solo(dealer: str, player: str, pflicht: Any = True, **fields: Any) -> Entry:
    """A detailed Damensolo of ``player`` (won with 130 Augen), fields changed."""
    base = game(
        dealer, type="solo", solo="damen", pflicht=pflicht, re=[player], re_eyes=130, re_tricks=7
    )
    return {**base, **fields}


def quick(dealer: str, points: dict[str, int], winners: Any = (), **fields: Any) -> Entry:
    base: Entry = {
        "kind": "game",
        "dealer": dealer,
        "quick": True,
        "type": "normal",
        "points": points,
        "winners": list(winners),
    }
    return {**base, **fields}


def row(*values: int) -> dict[str, int]:
    """Points per player in position order, for a table of four or five."""
    return dict(zip(FIVE, values, strict=False))


def penalty(**fields: Any) -> Entry:
    base: Entry = {
        "kind": "penalty",
        "category": "geringfuegig",
        "offender": "102",
        "signed_by": "Schiedsrichter Weber",
    }
    return {**base, **fields}


#: A list of four games at a table of four: every game is a vorgeführtes Pflichtsolo.
VORGEFUEHRT = [
    solo("101", "102", "vorgefuehrt"),
    solo("102", "103", "vorgefuehrt"),
    solo("103", "104", "vorgefuehrt"),
    solo("104", "101", "vorgefuehrt"),
]
#: Everybody's Pflichtsolo, all dealt by 101.
PFLICHTSOLI = [solo("101", p) for p in ("102", "103", "104", "101")]


def listed(*entries: Any, players: tuple[str, ...] = FOUR, games: Any = None) -> list[str]:
    """Every finding message of ``check_list`` for a list of these entries."""
    record: Entry = {"id": "t", "players": list(players), "entries": list(entries)}
    if games is not None:
        record["games"] = games
    return [f["message"] for f in check_list(record)["findings"]]


def raised(call: Callable[[], object]) -> list[str]:
    """The message of the DokoError that ``call`` raises."""
    with pytest.raises(DokoError) as info:
        call()
    return [str(info.value)]


def checked_list(**record: Any) -> list[str]:
    """``check_list`` of a whole record that it refuses to read."""
    return raised(lambda: check_list(record))


def summary(**fields: Any) -> list[str]:
    """``summary_from_record`` of a Normalspiel record with some fields changed."""
    record: Entry = {
        "players": list(FOUR),
        "type": "normal",
        "re": ["102", "104"],
        "re_eyes": 166,
        "re_tricks": 8,
        **fields,
    }
    return raised(lambda: summary_from_record(record))


def verified(**fields: Any) -> list[str]:
    """``verify_summary`` of a GameSummary with some fields changed."""
    base: dict[str, Any] = {
        "players": FOUR,
        "game_type": GameType.NORMAL,
        "re": ("102", "104"),
        "re_eyes": 166,
        "re_tricks": 8,
    }
    return raised(lambda: verify_summary(GameSummary(**{**base, **fields})))


def round_findings(entry: GameEntry) -> list[str]:
    return [f.message for f in TableList(FOUR).game_findings(entry)[0]]


HANDS = {key: [card.code for card in hand] for key, hand in zip(FOUR, NORMAL, strict=True)}


def replayed(**fields: Any) -> list[str]:
    """``replay_record`` of a Normalspiel replay with some fields changed."""
    record: Entry = {"players": list(FOUR), "hands": HANDS, "game": {"type": "normal"}}
    record.update(fields)
    return raised(lambda: replay_record(record))


def specials(re: dict[str, int] | None = None, kontra: dict[str, int] | None = None) -> Any:
    return {"re": re or {}, "kontra": kontra or {}}


# ---------------------------------------------------------------------------- the cases
def case(id: str, fragment: str, produce: Callable[[], list[str]]) -> Any:
    return pytest.param(produce, fragment, id=id)


CASES = [
    # round.py: the table
    case("table-of-three", "a table has 4 or 5", lambda: raised(lambda: TableList(FOUR[:3]))),
    case(
        "table-names-twice", "distinct names", lambda: raised(lambda: TableList([*FOUR[:3], "101"]))
    ),
    case("too-few-games", "leave no room", lambda: checked_list(players=list(FOUR), games=3)),
    # round.py: dealer, kind, Pflichtsolo, Vorführung
    case("wrong-dealer", "is given as dealer", lambda: listed(game("102"))),
    case(
        "wrong-dealer-raised",
        "is given as dealer",
        lambda: raised(
            lambda: TableList(FOUR).verify_game(
                GameEntry(1, EntryKind.NORMALSPIEL, quick=QuickScore((2, 2, -2, -2), frozenset()))
            )
        ),
    ),
    case("list-complete", "all games played", lambda: listed(*VORGEFUEHRT, game("101"), games=4)),
    case(
        "list-complete-after-time",
        "time is up",
        lambda: listed(*PFLICHTSOLI, {"kind": "time_up"}, game("101")),
    ),
    case("vorfuehrung-due", "a Vorführung is due", lambda: listed(game("101"), games=4)),
    case(
        "no-vorfuehrung-due",
        "no Vorführung is due",
        lambda: listed(solo("101", "102", "vorgefuehrt")),
    ),
    case(
        "pflichtsolo-twice",
        "already played his Pflichtsolo",
        lambda: listed(solo("101", "102"), solo("101", "102")),
    ),
    case("lustsolo-first", "Lustsolo only after", lambda: listed(solo("101", "102", False))),
    case(
        "pflichtsolo-without-player",
        "needs its player",
        lambda: listed(quick("101", row(-1, -1, -1, 3), type="solo", pflicht=True)),
    ),
    case(
        "stille-hochzeit-without-player",
        "stille Hochzeit needs its player",
        lambda: listed(quick("101", row(-1, -1, -1, 3), type="stille_hochzeit")),
    ),
    case(
        "dealer-at-five-plays-solo",
        "sits out this game, so cannot play",
        lambda: listed(
            quick("101", row(0, 0, 0, 0, 0), type="solo", pflicht=False, player="101"),
            players=FIVE,
        ),
    ),
    case(
        "game-players-at-five",
        "the four who play",
        lambda: listed(game("101", players=list(FOUR)), players=FIVE),
    ),
    case(
        "game-players-at-four",
        "the table's players",
        lambda: listed(game("101", players=["101", "102", "103", "99"], re=["102", "103"])),
    ),
    case(
        "details-describe-no",
        "the details describe no",
        lambda: round_findings(
            GameEntry(
                0,
                EntryKind.HOCHZEIT,
                summary=summary_from_record({**game("101"), "players": list(FOUR)}),
            )
        ),
    ),
    case(
        "needs-details-or-points",
        "either its details",
        lambda: round_findings(GameEntry(0, EntryKind.NORMALSPIEL)),
    ),
    case(
        "game-points-differ",
        "but the game is worth",
        lambda: listed(game("101", points=row(-2, 2, -2, 3))),
    ),
    # round.py: games as points only
    case(
        "row-length",
        "a row has",
        lambda: round_findings(
            GameEntry(0, EntryKind.NORMALSPIEL, quick=QuickScore((1, -1), frozenset()))
        ),
    ),
    case(
        "sits-out-points",
        "deals and sits out: 0 points",
        lambda: listed(quick("101", row(2, 2, 2, -2, -2), winners=["102", "103"]), players=FIVE),
    ),
    case("row-sum", "the row sums to", lambda: listed(quick("101", row(3, -1, -1, -2)))),
    case("even-odd", "all even or all odd", lambda: listed(quick("101", row(2, 2, -3, -1)))),
    case(
        "points-only",
        "entered as points only",
        lambda: listed(quick("101", row(2, 2, -2, -2), ["101", "102"])),
    ),
    case(
        "winner-sat-out",
        "did not play this game",
        lambda: listed(quick("101", row(0, 2, 2, -2, -2), winners=["101"]), players=FIVE),
    ),
    case(
        "solo-three-times",
        "three times what each",
        lambda: listed(quick("101", row(-1, 5, -1, -3), type="solo", pflicht=True, player="102")),
    ),
    case(
        "normalspiel-shape",
        "two players the same points",
        lambda: listed(quick("101", row(3, 1, -1, -3), ["101"])),
    ),
    case("no-winner", "no winner marked", lambda: listed(quick("101", row(2, 2, -2, -2)))),
    case(
        "winners-one-party",
        "one whole party",
        lambda: listed(quick("101", row(2, 2, -2, -2), ["101", "103"])),
    ),
    # round.py: penalties and time
    case(
        "penalty-solo-kind",
        "say whether it was",
        lambda: raised(
            lambda: TableList(FOUR).penalty_entry(
                Penalty(PenaltyCategory.SCHWERWIEGEND, 1, PenaltyPhase.SOLO, soloist=0)
            )
        ),
    ),
    case(
        "penalty-after-complete",
        "no solo can count as played",
        lambda: listed(
            *VORGEFUEHRT,
            penalty(category="schwerwiegend", offender="103", phase="solo", soloist="102"),
            games=4,
        ),
    ),
    case(
        "penalty-counts-as-lustsolo",
        "game 1: 102 may play a Lustsolo",
        lambda: listed(
            penalty(category="schwerwiegend", offender="103", phase="solo", soloist="102")
        ),
    ),
    case(
        "penalty-while-vorfuehrung-due",
        "game 1: a Vorführung is due",
        lambda: listed(
            penalty(
                category="schwerwiegend",
                offender="104",
                phase="solo",
                soloist="103",
                solo_pflicht=True,
            ),
            games=4,
        ),
    ),
    case(
        "nachspielzeit-zero",
        "it must be positive",
        lambda: listed({"kind": "nachspielzeit", "minutes": 0}),
    ),
    case(
        "time-up-twice",
        "time is already up",
        lambda: listed({"kind": "time_up"}, {"kind": "time_up"}),
    ),
    # scorelist.py
    case("games-to-play", "games still to play", lambda: listed()),
    case("dealer-unknown", "is not a player of this table", lambda: listed(game("99"))),
    case(
        "player-unknown",
        'player: "99"',
        lambda: listed(quick("101", row(2, 2, -2, -2), player="99")),
    ),
    case(
        "winners-unknown", 'winners: "99"', lambda: listed(quick("101", row(2, 2, -2, -2), ["99"]))
    ),
    case("offender-unknown", 'offender: "99"', lambda: listed(penalty(offender="99"))),
    case("soloist-unknown", 'soloist: "99"', lambda: listed(penalty(phase="solo", soloist="99"))),
    case(
        "points-not-per-player",
        "one number for each player",
        lambda: listed(game("101", points="x")),
    ),
    case(
        "points-of-player-not-number",
        "points.101",
        lambda: listed(game("101", points={**row(-2, 2, -2, 2), "101": "x"})),
    ),
    case("type-unknown", 'type: "armut"', lambda: listed(game("101", type="armut"))),
    case("pflicht-unknown", 'pflicht: "ja"', lambda: listed(solo("101", "102", "ja"))),
    case(
        "quick-without-points",
        "a quick entry",
        lambda: listed({"kind": "game", "dealer": "101", "quick": True, "type": "normal"}),
    ),
    case(
        "winners-not-list",
        "a list of the players marked",
        lambda: listed({**quick("101", row(2, 2, -2, -2)), "winners": "101"}),
    ),
    case("category-unknown", 'category: "gross"', lambda: listed(penalty(category="gross"))),
    case("phase-unknown", 'phase: "mitte"', lambda: listed(penalty(phase="mitte"))),
    case(
        "offender-sits-out",
        "offender: 101 sits out",
        lambda: listed(penalty(offender="101"), players=FIVE),
    ),
    case(
        "soloist-sits-out",
        "soloist: 101 sits out",
        lambda: listed(penalty(phase="solo", soloist="101"), players=FIVE),
    ),
    case("absagen-not-number", 'absagen: "zwei"', lambda: listed(penalty(absagen="zwei"))),
    case(
        "deduction-not-number",
        "deduction: 1.5",
        lambda: listed(penalty(category="unsportlich", deduction=1.5)),
    ),
    case("harms-soloist-not-bool", "harms_soloist", lambda: listed(penalty(harms_soloist="ja"))),
    case("solo-pflicht-unknown", 'solo_pflicht: "ja"', lambda: listed(penalty(solo_pflicht="ja"))),
    case(
        "penalty-points-differ",
        "but the penalty gives",
        lambda: listed(penalty(points=row(1, -3, 1, 0))),
    ),
    case("penalty-not-signed", "not signed off", lambda: listed(penalty(signed_by=" "))),
    case("entry-not-object", "an entry is an object", lambda: listed("x")),
    case(
        "minutes-not-number",
        'minutes: "5"',
        lambda: listed({"kind": "nachspielzeit", "minutes": "5"}),
    ),
    case(
        "being-dealt-not-bool",
        "being_dealt",
        lambda: listed({"kind": "time_up", "being_dealt": "ja"}),
    ),
    case("kind-unknown", 'kind: "pause"', lambda: listed({"kind": "pause"})),
    case("list-players-not-list", "position order", lambda: checked_list(players="x")),
    case(
        "list-games-unknown",
        "not a number of games",
        lambda: checked_list(players=list(FOUR), games=0),
    ),
    case(
        "list-entries-not-list",
        "in the order they happened",
        lambda: checked_list(players=list(FOUR), entries="x"),
    ),
    # penalties.py
    case(
        "solo-penalty-without-soloist",
        "needs the soloist",
        lambda: listed(penalty(category="schwerwiegend", phase="solo")),
    ),
    case(
        "soloist-in-normalspiel", "given for phase normal", lambda: listed(penalty(soloist="103"))
    ),
    case(
        "soloist-in-hochzeit-with-partner",
        "given for phase hochzeit_mit_partner",
        lambda: listed(penalty(phase="hochzeit_mit_partner", soloist="103")),
    ),
    case(
        "absagen-five",
        "a party makes at most 4",
        lambda: listed(penalty(category="schwerwiegend", absagen=5)),
    ),
    case(
        "deduction-too-high",
        "costs up to 12",
        lambda: listed(penalty(category="unsportlich", deduction=13)),
    ),
    case(
        "deduction-not-unsportlich", "only for unsportliches", lambda: listed(penalty(deduction=2))
    ),
    case(
        "offender-position",
        "position 7",
        lambda: raised(lambda: penalty_points(Penalty(PenaltyCategory.GERINGFUEGIG, 7))),
    ),
    # records.py: summary_from_record
    case("players-missing", "players: missing", lambda: raised(lambda: summary_from_record({}))),
    case("players-not-list", "list of four player names", lambda: listed(game("101", players="x"))),
    case(
        "players-not-names",
        "players: 1 is not a player name",
        lambda: listed(game("101", players=[1, 2, 3, 4])),
    ),
    case("record-type-unknown", "type: None", lambda: summary(type=None)),
    case("solo-unknown", 'solo: "herz-dame"', lambda: listed(solo("101", "102", solo="herz-dame"))),
    case(
        "solo-for-normalspiel",
        "given for a game of type",
        lambda: listed(game("101", solo="damen")),
    ),
    case(
        "pflicht-for-normalspiel",
        "only a solo is a Pflichtsolo, not a normal",
        lambda: listed(game("101", pflicht=True)),
    ),
    case(
        "pflicht-for-hochzeit",
        "not a hochzeit",
        lambda: listed(game("101", type="hochzeit", pflicht="vorgefuehrt")),
    ),
    case("re-not-list", "re: must be a list", lambda: listed(game("101", re="102"))),
    case("re-eyes-not-number", 're_eyes: "viel"', lambda: listed(game("101", re_eyes="viel"))),
    case("re-tricks-not-number", "re_tricks: 7.5", lambda: listed(game("101", re_tricks=7.5))),
    case("calls-not-object", "calls: must be an object", lambda: listed(game("101", calls="re"))),
    case(
        "calls-unknown-key",
        "calls: unknown key",
        lambda: listed(game("101", calls={"re": None, "solo": "x"})),
    ),
    case(
        "calls-re-kontra",
        'calls.re: "kontra" is not null',
        lambda: listed(game("101", calls={"re": "kontra"})),
    ),
    case(
        "calls-kontra-re",
        'calls.kontra: "re" is not null',
        lambda: listed(game("101", calls={"kontra": "re"})),
    ),
    case(
        "specials-empty-list",
        "specials: must be an object",
        lambda: listed(game("101", specials=[])),
    ),
    case(
        "specials-not-object",
        "specials: must be an object",
        lambda: listed(game("101", specials="x")),
    ),
    case(
        "specials-unknown-key",
        "specials: unknown key",
        lambda: listed(game("101", specials={"schwein": {}})),
    ),
    case(
        "specials-party-not-object",
        "must be an object of doppelkopf",
        lambda: listed(game("101", specials={"re": 3})),
    ),
    case(
        "specials-unknown",
        "unknown Sonderpunkt",
        lambda: listed(game("101", specials={"re": {"schwein": 1}})),
    ),
    case(
        "specials-not-number",
        'specials.re.fuchs: "1"',
        lambda: listed(game("101", specials={"re": {"fuchs": "1"}})),
    ),
    case(
        "specials-out-of-range",
        "is outside 0 to 12",
        lambda: listed(game("101", specials={"kontra": {"karlchen": 13}})),
    ),
    # scoring.py: verify_summary
    case(
        "game-players-twice",
        "four distinct",
        lambda: listed(game("101", players=["101", "101", "102", "104"])),
    ),
    case(
        "re-sits-out",
        "re: '101' is not one of the players",
        lambda: listed(game("101", re=["101", "102"]), players=FIVE),
    ),
    case("re-twice", "names a player twice", lambda: listed(game("101", re=["102", "102"]))),
    case("normalspiel-one-re", "two Re players", lambda: listed(game("101", re=["102"]))),
    case(
        "hochzeit-three-re",
        "the Hochzeiter alone",
        lambda: listed(game("101", type="hochzeit", re=["102", "103", "104"])),
    ),
    case(
        "solo-two-re",
        "a Solo is played by one",
        lambda: listed(solo("101", "102", re=["102", "103"])),
    ),
    case(
        "stille-hochzeit-two-re",
        "a stille Hochzeit is played by one",
        lambda: listed(game("101", type="stille_hochzeit")),
    ),
    case(
        "solo-without-kind",
        "the solo kind is given",
        lambda: verified(game_type=GameType.SOLO, re=("102",)),
    ),
    case(
        "pflicht-not-solo",
        "only a solo can be",
        lambda: verified(category=SoloCategory.PFLICHTSOLO),
    ),
    case(
        "re-eyes-out-of-range",
        "is outside 0 to 240 Augen",
        lambda: listed(game("101", re_eyes=250)),
    ),
    case(
        "re-tricks-out-of-range",
        "is outside 0 to 12 tricks",
        lambda: listed(game("101", re_tricks=13)),
    ),
    case("eyes-too-many", "fit in 2 tricks", lambda: listed(game("101", re_eyes=200, re_tricks=2))),
    case(
        "eyes-too-few",
        "12 tricks hold at least 240",
        lambda: listed(game("101", re_eyes=100, re_tricks=12)),
    ),
    case(
        "eyes-one-trick",
        "at most 44 fit in 1 tricks",
        lambda: listed(game("101", re_eyes=50, re_tricks=1)),
    ),
    case(
        "eyes-gap",
        "no 44 cards of the deck",
        lambda: listed(game("101", re_eyes=239, re_tricks=11)),
    ),
    case(
        "hochzeit-alone-two-tricks",
        "first three tricks, not 2",
        lambda: listed(game("101", type="hochzeit", re=["102"], re_eyes=50, re_tricks=2)),
    ),
    case(
        "call-re-kontra", 'calls.re: "kontra" is not a call', lambda: verified(re_call=Call.KONTRA)
    ),
    case(
        "call-kontra-re", 'calls.kontra: "re" is not a call', lambda: verified(kontra_call=Call.RE)
    ),
    case(
        "specials-in-solo",
        "scored as a solo",
        lambda: listed(solo("101", "102", specials=specials({"fuchs": 1}))),
    ),
    case(
        "doppelkoepfe-need-tricks",
        "3 Doppelköpfe need",
        lambda: listed(game("101", re_eyes=80, re_tricks=2, specials=specials({"doppelkopf": 3}))),
    ),
    case(
        "doppelkopf-needs-40",
        "1 Doppelköpfe need",
        lambda: listed(game("101", re_eyes=30, re_tricks=1, specials=specials({"doppelkopf": 1}))),
    ),
    case(
        "specials-without-trick",
        "a party without a trick",
        lambda: listed(
            game("101", re_eyes=240, re_tricks=12, specials=specials(kontra={"karlchen": 1}))
        ),
    ),
    case(
        "fuechse-need-eyes",
        "2 Füchse are 22 Augen",
        lambda: listed(game("101", re_eyes=20, re_tricks=1, specials=specials({"fuchs": 2}))),
    ),
    case(
        "fuchs-needs-eyes",
        "1 Füchse are 11 Augen",
        lambda: listed(game("101", re_eyes=10, re_tricks=1, specials=specials({"fuchs": 1}))),
    ),
    case(
        "five-doppelkoepfe",
        "more than 4 Doppelköpfe",
        lambda: listed(
            game(
                "101",
                re_eyes=120,
                re_tricks=6,
                specials=specials({"doppelkopf": 3}, {"doppelkopf": 2}),
            )
        ),
    ),
    case(
        "three-fuechse",
        "more than two Füchse",
        lambda: listed(
            game("101", re_eyes=120, re_tricks=6, specials=specials({"fuchs": 2}, {"fuchs": 1}))
        ),
    ),
    case(
        "two-karlchen",
        "at most one Karlchen",
        lambda: listed(
            game(
                "101", re_eyes=120, re_tricks=6, specials=specials({"karlchen": 1}, {"karlchen": 1})
            )
        ),
    ),
    # records.py: the replay reader
    case(
        "hands-missing",
        "hands: missing",
        lambda: raised(lambda: game_from_record({"players": list(FOUR)})),
    ),
    case("hands-not-object", "one hand per player", lambda: replayed(hands={})),
    case(
        "hand-not-list", "hands.101: must be a list", lambda: replayed(hands={**HANDS, "101": "x"})
    ),
    case("card-unknown", "is not a card", lambda: replayed(hands={**HANDS, "102": ["ZZ"]})),
    case(
        "replay-game-missing",
        "game: missing",
        lambda: raised(lambda: game_from_record({"players": list(FOUR), "hands": HANDS})),
    ),
    case("replay-game-not-object", "such as", lambda: replayed(game="x")),
    case(
        "replay-stille-hochzeit",
        "found from the hands",
        lambda: replayed(game={"type": "stille_hochzeit"}),
    ),
    case("replay-solo-unknown", "game.solo", lambda: replayed(game={"type": "solo", "solo": "x"})),
    case(
        "replay-pflicht-for-hochzeit",
        "game.pflicht",
        lambda: replayed(game={"type": "hochzeit", "pflicht": True}),
    ),
    case(
        "replay-normalspiel-player",
        "has no player",
        lambda: replayed(game={"type": "normal", "player": "101"}),
    ),
    case(
        "replay-player-unknown",
        'game.player: "99"',
        lambda: replayed(game={"type": "solo", "solo": "damen", "player": "99"}),
    ),
    case("actions-missing", "actions: missing", lambda: replayed()),
    case("actions-not-list", "list of action strings", lambda: replayed(actions="x")),
    case("actions-too-few", "only 0 of 48 cards", lambda: replayed(actions=[])),
    case("action-malformed", "PLAYER:CARD", lambda: replayed(actions=[5])),
    case(
        "action-player-unknown",
        '"99" is not one of the players',
        lambda: replayed(actions=["99:CQ"]),
    ),
    case("action-unknown-call", "neither a card nor", lambda: replayed(actions=["101:XX"])),
]


@pytest.mark.parametrize(("produce", "fragment"), CASES)
def test_every_engine_message_has_a_german_sentence(
    produce: Callable[[], list[str]], fragment: str
) -> None:
    english = produce()
    assert any(fragment in message for message in english), english
    for message in english:
        text = german(message, NAMES)
        assert not text.startswith(FALLBACK), message
        reference = REFERENCE.search(message)
        if reference:
            assert text.endswith(f"({reference[1]})"), text
        if message.startswith("entry "):
            assert text.startswith("Eintrag "), text
        assert not KEY.search(text), text
        if KEY.search(message):
            assert any(name in text for name in NAMES.values()), text
        assert not ENGLISH.search(text), text


def test_the_service_message_for_an_entry_json_cannot_store() -> None:
    # tournament/services/scorelists.py refuses such an entry before the engine sees it.
    message = "entry 2: not storable as JSON (Out of range float values are not JSON compliant)"
    assert german(message) == (
        "Eintrag 2: nicht als JSON speicherbar (Out of range float values are not JSON compliant)"
    )


def only(fragment: str, messages_: list[str]) -> str:
    found = [m for m in messages_ if fragment in m]
    assert len(found) == 1, messages_
    return found[0]


@pytest.mark.parametrize(
    ("english", "expected"),
    [
        pytest.param(
            only("dealer", listed(game("102"))),
            "Eintrag 1: Anna Schmidt ist als Geber angegeben, aber Wolfgang Meyer gibt "
            "dieses Spiel",
            id="wrong-dealer",
        ),
        pytest.param(
            raised(
                lambda: TableList(FOUR).verify_game(
                    GameEntry(
                        1, EntryKind.NORMALSPIEL, quick=QuickScore((2, 2, -2, -2), frozenset())
                    )
                )
            )[0],
            "Spiel 1: Anna Schmidt ist als Geber angegeben, aber Wolfgang Meyer gibt "
            "dieses Spiel (TSR 3.3.1)",
            id="wrong-dealer-with-rule",
        ),
        pytest.param(
            only("Lustsolo", listed(solo("101", "102", False))),
            "Eintrag 1: Anna Schmidt darf ein Lustsolo erst nach dem eigenen Pflichtsolo spielen",
            id="lustsolo-before-pflichtsolo",
        ),
        pytest.param(
            only(
                "Lustsolo",
                listed(
                    penalty(category="schwerwiegend", offender="103", phase="solo", soloist="102")
                ),
            ),
            "Eintrag 1: Spiel 1: Anna Schmidt darf ein Lustsolo erst nach dem eigenen "
            "Pflichtsolo spielen (TSR 4.3.1)",
            id="lustsolo-before-pflichtsolo-by-penalty",
        ),
        pytest.param(
            only("Vorführung", listed(game("101"), games=4)),
            "Eintrag 1: Eine Vorführung ist fällig: Anna Schmidt muss jetzt das eigene Pflichtsolo "
            "spielen (fehlende Pflichtsoli = verbleibende Spiele), eingetragen ist aber "
            "ein Normalspiel",
            id="vorfuehrung-due",
        ),
        pytest.param(
            only("complete", listed(*VORGEFUEHRT, game("101"), games=4)),
            "Eintrag 5: Die Liste ist vollständig (alle Spiele sind gespielt); kein weiteres Spiel",
            id="list-complete",
        ),
        pytest.param(
            only("sums", listed(quick("101", row(3, -1, -1, -3), ["101"]))),
            "Eintrag 1: Die Zeile ergibt in der Summe -2, nicht 0",
            id="row-sum",
        ),
        pytest.param(
            only("re_eyes", listed(game("101", re_eyes=250))),
            "Eintrag 1: Augen von Re: 250 liegt nicht zwischen 0 und 240 Augen (TSR 2.2)",
            id="augen-out-of-range",
        ),
        pytest.param(
            only(
                "sits out",
                listed(
                    quick("101", row(0, 0, 0, 0, 0), type="solo", pflicht=False, player="101"),
                    players=FIVE,
                ),
            ),
            "Eintrag 1: Wolfgang Meyer ist Geber und sitzt in diesem Spiel aus, kann also "
            "kein Lustsolo spielen",
            id="sits-out-at-five",
        ),
        pytest.param(
            only("whole party", listed(quick("101", row(2, 2, -2, -2), ["101", "103"]))),
            "Eintrag 1: Die markierten Gewinner müssen genau eine ganze Partei sein",
            id="winners-not-one-party",
        ),
        pytest.param(
            only("signed", listed(penalty(signed_by=""))),
            "Eintrag 1: Die Strafe ist nicht vom Schiedsrichter abgezeichnet",
            id="penalty-not-signed",
        ),
        pytest.param(
            only("still to play", listed(game("101"))),
            "Noch 23 von 24 Spielen zu spielen",
            id="games-still-to-play",
        ),
        pytest.param(
            only("worth", listed(game("101", points=row(-2, 2, -2, 3)))),
            "Eintrag 1: Auf der Liste steht Wolfgang Meyer -2, Anna Schmidt +2, Jörg Müller -2, "
            "Petra Groß +3, das Spiel ergibt aber Wolfgang Meyer -2, Anna Schmidt +2, "
            "Jörg Müller -2, Petra Groß +2",
            id="row-with-names",
        ),
        pytest.param(
            only("twice", listed(game("101", re=["102", "102"]))),
            "Eintrag 1: Re-Partei: In „Anna Schmidt, Anna Schmidt“ ist ein Spieler doppelt "
            "genannt (TSR 4.4.1)",
            id="list-of-keys",
        ),
        pytest.param(
            only("points.101", listed(game("101", points={**row(-2, 2, -2, 2), "101": "x"}))),
            'Eintrag 1: Punkte von Wolfgang Meyer: "x" ist keine ganze Zahl',
            id="field-with-player",
        ),
        pytest.param(
            only(
                "doppelkopf",
                listed(game("101", re_eyes=30, re_tricks=1, specials=specials({"doppelkopf": 1}))),
            ),
            "Eintrag 1: Doppelköpfe von Re: Für 1 Doppelkopf braucht die Partei ebenso viele "
            "Stiche mit 40 Augen, sie hat 1 Stich mit 30 Augen (TSR 7.2.3)",
            id="singular-counts",
        ),
        pytest.param(
            only("re:", listed(game("101", re=["101", "102"]), players=FIVE)),
            "Eintrag 1: Re-Partei: 'Wolfgang Meyer' ist keiner der Spieler des Spiels (TSR 4.4.1)",
            id="quoted-key",
        ),
    ],
)
def test_exact_german(english: str, expected: str) -> None:
    assert german(english, NAMES) == expected


def test_keys_stay_without_names() -> None:
    message = "entry 1: 102 is given as dealer, but 101 deals this game"
    assert german(message) == "Eintrag 1: 102 ist als Geber angegeben, aber 101 gibt dieses Spiel"
    assert german(message, {"102": "Anna Schmidt"}).startswith("Eintrag 1: Anna Schmidt ist")


@pytest.mark.parametrize(
    "message",
    [
        "something the engine says in future (TSR 1.2)",
        "entry 3: game 3: something the engine says in future (TSR 4.2.3)",
        "a Pfund needs its player",  # a known sentence with an unknown kind of game
        "deduction: only for unsportliches Verhalten, not schlimm",
        "",
    ],
)
def test_unknown_messages_fall_back_unchanged(message: str) -> None:
    assert german(message, NAMES) == FALLBACK + message


def test_every_template_uses_only_its_patterns_groups() -> None:
    for pattern, template in messages._MESSAGES:
        fields = {
            name.split(".")[0] for _, name, _, _ in string.Formatter().parse(template) if name
        }
        assert fields <= set(pattern.groupindex), pattern.pattern
