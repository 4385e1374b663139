"""``replay`` under a rule set other than the DDV preset: a whole game card by card.

:class:`RuledGame` plays one game under a :class:`~rules_engine.rulesets.RuleSet`: the deck
(48 cards, or 40 without the Neunen), the trump order of the game (Herz 10 on top or not,
the second Herz 10 over the first, the Schwein of 002 L68, each solo of the set), the
Hochzeit selectors and their deadline, the calls with their deadlines by cards on the table
(or in hand) and 000's "keine Lücken", the Armut exchange, the Schwarze Sau and the
Hammelrennen of 000, and the Sonderpunkte found from the tricks. At the end it derives the
``score`` record of the game (:meth:`RuledGame.summary_record`), which
:mod:`rules_engine.rulescore` verifies and scores: the replay's result is the score of its
summary by construction.

Seed references as in :mod:`rules_engine.rulesets` ("002 L82": line 82 of seed 002, ``D<n>``
a default of ``docs/rule-sets.md``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import Any

from .calls import Call, Party
from .cards import CARDS, CARDS_BY_CODE, Rank, Suit
from .errors import DokoError, IllegalActionError, RecordError
from .findings import Code, Finding, JsonValue, Player
from .gametypes import SoloCategory
from .record_fields import Record, parse_pflicht, parse_players, required
from .rulescore import (
    Kind,
    contexts_of,
    ruled_result_to_record,
    ruled_summary_from_record,
    score_ruled,
)
from .rulesets import (
    Armut,
    CallSystem,
    Context,
    DullenOrder,
    ExtraGame,
    Hammelrennen,
    HochzeitSelector,
    PremiumFrom,
    PremiumsTo,
    RuleSet,
    Schweinchen,
    SoloistLeads,
    SoloKind,
    Special,
    Timing,
)

_SUIT_ORDER = (Suit.KREUZ, Suit.PIK, Suit.HERZ, Suit.KARO)
_FEHL_ORDER = (Rank.ASS, Rank.ZEHN, Rank.KOENIG, Rank.DAME, Rank.BUBE, Rank.NEUN)
_FARBE = {
    SoloKind.KREUZ: Suit.KREUZ,
    SoloKind.PIK: Suit.PIK,
    SoloKind.HERZ: Suit.HERZ,
    SoloKind.KARO: Suit.KARO,
}
_SOLOS = {s.value: s for s in SoloKind}
_CALLS = {c.value: c for c in Call}
_GAME_KINDS = (
    Kind.NORMAL,
    Kind.HOCHZEIT,
    Kind.SOLO,
    Kind.ARMUT,
    Kind.SCHWARZE_SAU,
    Kind.HAMMELRENNEN,
)
_TOKENS = ("re", "keine90", "keine60", "keine30", "schwarz")
#: Power of the Schwein: above every trump (002 L68).
_SCHWEIN_POWER = 1000
_SCHWEIN_SUFFIX = "=schwein"
_HT, _DA, _CJ, _SQ, _CQ = "HT", "DA", "CJ", "SQ", "CQ"
_HERZSTICH = sorted(("HA", "HA", "HK", "HK"))


class Order:
    """The rank order of one game: per card code its follow class (``None``: trump) and
    its power (trumps above every Fehl card)."""

    __slots__ = ("follow", "ht_trump", "power")

    def __init__(self, trumps: Sequence[str], deck_codes: Sequence[str]) -> None:
        self.follow: dict[str, Suit | None] = {}
        self.power: dict[str, int] = {}
        for i, code in enumerate(trumps):
            self.follow[code] = None
            self.power[code] = 100 + len(trumps) - i
        for code in deck_codes:
            if code not in self.follow:
                card = CARDS_BY_CODE[code]
                self.follow[code] = card.suit
                self.power[code] = len(_FEHL_ORDER) - _FEHL_ORDER.index(card.rank)
        self.ht_trump = self.follow.get(_HT, Suit.HERZ) is None


@cache
def deck_codes(deck: int) -> tuple[str, ...]:
    """The distinct cards of the deck: 24, or 20 without the Neunen."""
    return tuple(c.code for c in CARDS if deck == 48 or c.rank is not Rank.NEUN)


@cache
def order_for(deck: int, dullen: bool, farbsolo_keeps_dullen: bool, solo: SoloKind | None) -> Order:
    """The trump order of a Normalspiel (``None``) or a solo under these rules (003 L36,
    000 L9-12, L29-32, 002 L30-32, 004 L33-35, L53-59)."""
    codes = deck_codes(deck)
    damen = [s.value + "Q" for s in _SUIT_ORDER]
    buben = [s.value + "J" for s in _SUIT_ORDER]
    if solo is SoloKind.DAMEN:
        trumps = damen
    elif solo is SoloKind.BUBEN:
        trumps = buben
    elif solo is SoloKind.DAMEN_BUBEN:
        trumps = damen + buben
    elif solo is SoloKind.FLEISCHLOS:
        trumps = []
    else:
        suit = Suit.KARO if solo is None else _FARBE[solo]
        on_top = dullen and (solo is None or solo is SoloKind.KARO or farbsolo_keeps_dullen)
        trumps = ([_HT] if on_top else []) + damen + buben
        for rank in ("A", "T", "K", "9"):
            code = suit.value + rank
            if code in codes and code not in trumps:
                trumps.append(code)
    return Order(trumps, codes)


def _finding(code: Code, rules: RuleSet, **params: Any) -> RecordError:
    return RecordError.of(code, preset=rules.key, **params)


class RuledGame:
    """One game under a rule set, at a table of four, from the deal to the last card."""

    def __init__(
        self,
        rules: RuleSet,
        names: tuple[str, ...],
        hands: list[list[str]],
        kind: str,
        player: int | None = None,
        solo: SoloKind | None = None,
        category: SoloCategory | None = None,
        schweinchen: bool = False,
    ) -> None:
        self.rules = rules
        self.names = names
        self.kind = kind
        self.player = player
        self.solo = solo
        self.category = category
        self.tricks_total = rules.tricks
        self.order = order_for(rules.deck, rules.dullen, rules.farbsolo_keeps_dullen, solo)
        self._follow = self.order.follow
        self._led: Suit | None = None
        self.cards_total = 4 * rules.tricks
        self.hands = hands
        follow = self.order.follow
        self._counts: list[dict[str, int]] = []
        self._classes: list[dict[Suit | None, int]] = []
        for hand in hands:
            counts: dict[str, int] = {}
            classes: dict[Suit | None, int] = {}
            for code in hand:
                counts[code] = counts.get(code, 0) + 1
                cls = follow[code]
                classes[cls] = classes.get(cls, 0) + 1
            self._counts.append(counts)
            self._classes.append(classes)
        self.second_dulle = rules.dullen_order is not DullenOrder.FIRST_WINS
        self.first_dulle_last = rules.dullen_order is DullenOrder.SECOND_WINS_EXCEPT_LAST
        #: The seat that holds the Schweinchen, once it is announced; its Schwein played.
        self.schwein_holder: int | None = None
        self.schwein_played = False
        if schweinchen:
            holder = next((p for p in range(4) if self._counts[p].get(_DA) == 2), None)
            if holder is None:
                raise _finding(Code.SCHWEINCHEN_NEEDS_BOTH, rules)
            self.schwein_holder = holder
        #: Finished tricks: (leader, codes, schwein index or -1, winner).
        self.tricks: list[tuple[int, tuple[str, ...], int, int]] = []
        self._trick: list[str] = []
        self._schwein_at = -1
        self._leader = 0
        self.played = 0
        self.levels = [-1, -1]  # Re, Kontra
        self._late_answer = [False, False]
        #: Per party, per call level: cards on the table (or in hand) when it was made.
        self.timing: list[dict[int, int]] = [{}, {}]
        self._last_call_cards = [-1, -1]
        self.shift = 0
        self.klaerung = 0
        self.hochzeit_class: int = -1  # 000: 0 Fehl, 1 Trumpf (the first card led)
        self.parties: list[int] = [-1] * 4  # 0 Re, 1 Kontra, -1 open
        self.clarified = True
        self._setup_parties()
        self.to_move = self._first_leader()
        self._leader = self.to_move

    # ------------------------------------------------------------------ set-up
    def _setup_parties(self) -> None:
        holders = [p for p in range(4) for _ in range(self._counts[p].get(_CQ, 0))]
        kind = self.kind
        if kind == Kind.SOLO:
            self.parties = [0 if p == self.player else 1 for p in range(4)]
        elif kind == Kind.HOCHZEIT:
            assert self.player is not None
            if holders != [self.player, self.player]:
                raise RecordError.of(
                    Code.HOCHZEITER_LACKS_KREUZ_DAMEN, player=Player(self.names[self.player])
                )
            self.parties[self.player] = 0
            self.clarified = False
        elif kind == Kind.NORMAL:
            if holders[0] == holders[1]:
                self.kind = Kind.STILLE_HOCHZEIT
            self.parties = [0 if p in holders else 1 for p in range(4)]
        elif kind in (Kind.SCHWARZE_SAU, Kind.HAMMELRENNEN):
            self.clarified = False  # each for himself (000 L79, L81)
        # Armut: set by :func:`_armut` before play

    def _first_leader(self) -> int:
        leads = self.rules.soloist_leads
        if self.kind != Kind.SOLO or self.player is None:
            return 0
        if leads is SoloistLeads.ALWAYS:
            return self.player
        if leads is SoloistLeads.PFLICHT_ONLY and self.category is not None:
            return self.player if self.category.is_pflicht else 0
        return 0

    @property
    def is_over(self) -> bool:
        return self.played == self.cards_total

    # ------------------------------------------------------------------ cards
    def play(self, seat: int, code: str, schwein: bool = False) -> None:
        counts = self._counts[seat]
        if seat != self.to_move or self.played == self.cards_total or not counts.get(code):
            self._refuse_play(seat, code)
        follow = self._follow
        cls = follow[code]
        if (
            schwein or (code == _DA and seat == self.schwein_holder and counts[code] == 1)
        ) and self._schwein(seat, code, schwein):
            cls = None
        trick = self._trick
        if trick:
            led = self._led
            if cls is not led and self._classes[seat].get(led):
                raise IllegalActionError.of(
                    Code.MUST_FOLLOW, player=Player(self.names[seat]), led=led
                )
        else:
            self._led = cls
        counts[code] -= 1
        self._classes[seat][follow[code]] -= 1
        trick.append(code)
        self.played += 1
        if len(trick) < 4:
            self.to_move = (seat + 1) % 4
            return
        leader = self._leader
        winner = (leader + self._winner_index()) % 4
        self.tricks.append((leader, tuple(trick), self._schwein_at, winner))
        if self.hochzeit_class < 0 and self.kind == Kind.HOCHZEIT:
            self.hochzeit_class = 1 if self._led is None else 0
        trick.clear()
        self._schwein_at = -1
        self.to_move = self._leader = winner
        if not self.clarified:
            self._clarify(winner)

    def _refuse_play(self, seat: int, code: str) -> None:
        names = self.names
        if self.is_over:
            raise IllegalActionError.of(
                Code.PLAY_AFTER_END, player=Player(names[seat]), card=CARDS_BY_CODE[code]
            )
        if seat != self.to_move:
            raise IllegalActionError.of(
                Code.NOT_YOUR_TURN, turn=Player(names[self.to_move]), player=Player(names[seat])
            )
        raise IllegalActionError.of(
            Code.CARD_NOT_HELD, player=Player(names[seat]), card=CARDS_BY_CODE[code]
        )

    def _schwein(self, seat: int, code: str, said: bool) -> bool:
        """002 L68: the holder says which Karo As is the Schwein; the last one left is it
        when he has not said so before. Whether this card is the Schwein."""
        if self.schwein_played and not said:
            return False
        if seat != self.schwein_holder or self.schwein_played or code != _DA:
            raise _illegal(Code.SCHWEIN_NOT_ALLOWED, self.rules, player=Player(self.names[seat]))
        self.schwein_played = True
        self._schwein_at = len(self._trick)
        return True

    def legal_cards(self, seat: int) -> list[str]:
        """The distinct cards ``seat`` may play now (empty when it is not his turn)."""
        if self.is_over or seat != self.to_move:
            return []
        counts = self._counts[seat]
        hand = [code for code, n in counts.items() if n]
        if not self._trick:
            return hand
        follow = self.order.follow
        led = self._led
        same = [code for code in hand if follow[code] == led]
        return same or hand

    def can_play_schwein(self, seat: int) -> bool:
        """Whether ``seat`` may play a Karo As as the Schwein now (002 L68)."""
        return (
            seat == self.schwein_holder
            and not self.schwein_played
            and _DA in self.legal_cards(seat)
        )

    def _winner_index(self) -> int:
        trick = self._trick
        if self._schwein_at >= 0:
            return self._schwein_at
        follow, power = self.order.follow, self.order.power
        second = self.second_dulle and self.order.ht_trump
        if second and self.first_dulle_last and len(self.tricks) == self.tricks_total - 1:
            second = False  # 002 L82: in the last trick the first Herz 10 stays on top
        best = 0
        best_code = trick[0]
        for i in range(1, 4):
            code = trick[i]
            cls = follow[code]
            if cls is None:
                if follow[best_code] is not None or power[code] > power[best_code]:
                    best, best_code = i, code
                elif second and code == _HT and best_code == _HT:
                    best = i  # 000 L24, 001 L34, 002 L82: the second Herz 10 wins
            elif cls == follow[best_code] and power[code] > power[best_code]:
                best, best_code = i, code
        return best

    def _clarify(self, winner: int) -> None:
        number = len(self.tricks)
        kind = self.kind
        if kind == Kind.SCHWARZE_SAU:
            # 000 L81: who takes the trick with the second Pik Dame plays the solo.
            seen = sum(codes.count(_SQ) for _, codes, _, _ in self.tricks)
            if seen == 2:
                self.player = winner
                self.parties = [0 if p == winner else 1 for p in range(4)]
                self.clarified = True
            return
        if kind == Kind.HAMMELRENNEN:
            return
        hochzeiter = self.player
        deadline = self.rules.hochzeit_deadline or self.tricks_total
        selector = self.rules.hochzeit_selector
        _, codes, schwein, _ = self.tricks[-1]
        led_trump = schwein == 0 or self.order.follow[codes[0]] is None
        if selector is HochzeitSelector.FIRST_FEHL:
            qualifies = not led_trump  # 001 L67-68
        elif selector is HochzeitSelector.FEHL_OR_TRUMP:
            qualifies = led_trump == (self.hochzeit_class == 1)  # 000 L33
        else:
            qualifies = True  # 003 L42, 002 L33, 004 L51
        found = qualifies and winner != hochzeiter  # D9
        if not found and number < deadline:
            return
        partner = winner if found else None
        for p in range(4):
            if p != hochzeiter:
                self.parties[p] = 0 if p == partner else 1
        self.clarified = True
        self.klaerung = number
        self.shift = number - 1

    # ------------------------------------------------------------------ calls
    def announce(self, seat: int, call: Call, text: str) -> None:
        rules = self.rules
        name = Player(self.names[seat])
        if self.kind in (Kind.SCHWARZE_SAU, Kind.HAMMELRENNEN):
            raise _illegal(
                Code.CALL_NOT_IN_RULES, rules, field=text, value=JsonValue.of(call.value)
            )
        if self.is_over:
            raise _illegal(Code.CALL_AFTER_END, rules, player=name)
        party_index = self.parties[seat]
        if party_index < 0 or not self.clarified:
            raise IllegalActionError.of(Code.CALL_BEFORE_KLAERUNG, player=name, call=call)
        party = Party.RE if party_index == 0 else Party.KONTRA
        if call.is_ansage and call.party_call(party) is not call:
            raise IllegalActionError.of(
                Code.ANSAGE_OF_OTHER_PARTY, player=name, call=call, party=party
            )
        level, current = call.level, self.levels[party_index]
        if level <= current:
            raise IllegalActionError.of(
                Code.CALL_REPEATED,
                player=name,
                call=call,
                party=party,
                said=Call.of_level(current, party),
            )
        contexts = contexts_of(self.kind, self._re_size(), self.solo, self.category)
        solo_like = Context.SOLO in contexts
        if level > 0 and (
            rules.calls is CallSystem.KONTRA_RE or (solo_like and not rules.absagen_in_solo)
        ):
            raise _illegal(
                Code.CALL_NOT_IN_RULES, rules, field=text, value=JsonValue.of(call.value)
            )
        if rules.calls is CallSystem.KONTRA_RE and party is Party.RE and self.levels[1] < 0:
            # 004 L67 (D30): Re is the answer to a Kontra.
            raise _illegal(Code.CALL_NOT_IN_RULES, rules, field=text, value=JsonValue.of("re"))
        timing = rules.timing
        if timing is Timing.PLAYED and rules.deadlines:
            cards = self.played
            for step in range(current + 1, level + 1):
                limit = rules.deadlines[step] + 4 * self.shift
                if cards > limit:
                    raise _illegal(
                        Code.CALL_AFTER_DEADLINE, rules, field=text, cards=cards, limit=limit
                    )
            previous = self._last_call_cards[party_index]
            if rules.raise_no_gap and previous >= 0:
                latest = 4 * (previous // 4 + 1) + 1  # D37
                if cards > latest:
                    raise _illegal(Code.CALL_GAP, rules, field=text, cards=cards, limit=latest)
        elif timing is Timing.HAND and rules.deadlines:
            cards = self.tricks_total - len(self.tricks) - (1 if self._has_played(seat) else 0)
            self._hand_deadline(party_index, current, level, cards, text)
        else:
            cards = self.played
        self.levels[party_index] = level
        self.timing[party_index][level] = cards
        self._last_call_cards[party_index] = cards

    def _has_played(self, seat: int) -> bool:
        trick = self._trick
        return (seat - self._leader) % 4 < len(trick)

    def _hand_deadline(self, party: int, current: int, level: int, cards: int, text: str) -> None:
        """Deadlines by cards in hand (003 L73-74, L79; 40 cards: two fewer, 003 L104)."""
        rules = self.rules
        less = 12 - self.tricks_total + self.shift
        first = current + 1
        need = rules.deadlines[first] - less
        if cards >= need and not (current >= 0 and self._late_answer[party]):
            return
        other = self.levels[1 - party]
        if current < 0 and level == 0 and rules.erwiderung and other >= 0:
            answer = rules.deadlines[other] - 1 - less
            if cards >= answer:
                self._late_answer[party] = True
                return
        raise _illegal(Code.CALL_AFTER_DEADLINE_HAND, rules, field=text, cards=cards, limit=need)

    def _re_size(self) -> int:
        return sum(1 for p in self.parties if p == 0)

    # ------------------------------------------------------------------ result
    def summary_record(self) -> Record:
        """The ``score`` record of the finished game (without ``id``, ``players``, ``rules``)."""
        if self.kind == Kind.HAMMELRENNEN:
            return self._hammel_record()
        parties = self.parties
        re = [self.names[p] for p in range(4) if parties[p] == 0]
        re_tricks = [t for t in self.tricks if parties[t[3]] == 0]
        record: Record = {"type": self.kind}
        if self.solo is not None:
            record["solo"] = self.solo.value
            category = self.category
            record["pflicht"] = (
                "vorgefuehrt"
                if category is SoloCategory.VORFUEHRUNG
                else category is not None and category.is_pflicht
            )
        record["re"] = re
        record["re_eyes"] = sum(_eyes(t[1]) for t in re_tricks)
        record["re_tricks"] = len(re_tricks)
        if self.kind == Kind.SCHWARZE_SAU:
            return record
        record["calls"] = {
            "re": None if self.levels[0] < 0 else _TOKENS[self.levels[0]],
            "kontra": None
            if self.levels[1] < 0
            else ("kontra" if self.levels[1] == 0 else _TOKENS[self.levels[1]]),
        }
        rules = self.rules
        if rules.timing is Timing.PLAYED and rules.deadlines and (self.timing[0] or self.timing[1]):
            timing: Record = {}
            for index, party in enumerate(("re", "kontra")):
                if self.timing[index]:
                    tokens = (party, *_TOKENS[1:])
                    timing[party] = {tokens[lv]: c for lv, c in sorted(self.timing[index].items())}
            record["timing"] = timing
            if self.kind == Kind.HOCHZEIT:
                record["klaerungsstich"] = self.klaerung
        if self.schwein_played:
            record["schweinchen"] = True
        specials, premiums = self._specials()
        if specials:
            record["specials"] = specials
        if premiums:
            record["premiums"] = premiums
        return record

    def _specials(self) -> tuple[Record, list[Record]]:
        """Every Sonderpunkt the rule set counts in this game, found from the tricks."""
        rules = self.rules
        contexts = contexts_of(self.kind, self._re_size(), self.solo, self.category)
        counting = [s for s in rules.special_kinds if rules.special_counts(s, contexts)]
        if not counting:
            return {}, []
        parties = self.parties
        counts: list[dict[str, int]] = [{}, {}]
        premiums: list[Record] = []
        to_player = rules.premiums_to is PremiumsTo.PLAYER
        last = self.tricks_total
        for number, (leader, codes, schwein, winner) in enumerate(self.tricks, start=1):
            won_by = parties[winner]
            own = counts[won_by]
            winning = codes[(winner - leader) % 4]
            for special in counting:
                if special is Special.DOPPELKOPF:
                    if _eyes(codes) >= 40:
                        own["doppelkopf"] = own.get("doppelkopf", 0) + 1
                elif special is Special.FUCHS:
                    for i, code in enumerate(codes):
                        loser = (leader + i) % 4
                        if code == _DA and i != schwein and parties[loser] != won_by:
                            if to_player:
                                premium: Record = {"kind": "fuchs", "by": self.names[winner]}
                                if rules.premium_from is PremiumFrom.LOSER:
                                    premium["from"] = self.names[loser]
                                premiums.append(premium)
                            else:
                                own["fuchs"] = own.get("fuchs", 0) + 1
                elif special is Special.HERZSTICH:
                    if sorted(codes) == _HERZSTICH:
                        own["herzstich"] = own.get("herzstich", 0) + 1
                elif number != last:
                    continue
                elif special is Special.KARLCHEN:
                    if winning == _CJ:
                        own["karlchen"] = own.get("karlchen", 0) + 1
                elif special is Special.KARLCHEN_GEFANGEN:
                    for i, code in enumerate(codes):
                        if code == _CJ and parties[(leader + i) % 4] != won_by:
                            own["karlchen_gefangen"] = own.get("karlchen_gefangen", 0) + 1
                elif (
                    special is Special.FUCHS_LETZTER_STICH
                    and winning == _DA
                    and (winner - leader) % 4 != schwein
                ):
                    own["fuchs_letzter_stich"] = own.get("fuchs_letzter_stich", 0) + 1
        specials: Record = {}
        for index, party in enumerate(("re", "kontra")):
            if counts[index]:
                specials[party] = counts[index]
        return specials, premiums

    def _hammel_record(self) -> Record:
        eyes = [0, 0, 0, 0]
        first: int | None = None
        for _, codes, _, winner in self.tricks:
            eyes[winner] += _eyes(codes)
            if first is None and eyes[winner] >= 60:
                first = winner
        record: Record = {"type": Kind.HAMMELRENNEN}
        if self.rules.hammelrennen is Hammelrennen.FIRST_TO_60:
            assert first is not None
            record["first_to_60"] = self.names[first]  # 004 L83
        else:
            record["eyes"] = dict(zip(self.names, eyes, strict=True))  # 000 L79
        return record


_EYES = {c.code: c.eyes for c in CARDS}


def _eyes(codes: Sequence[str]) -> int:
    eyes = _EYES
    return eyes[codes[0]] + eyes[codes[1]] + eyes[codes[2]] + eyes[codes[3]]


def _illegal(code: Code, rules: RuleSet, **params: Any) -> IllegalActionError:
    return IllegalActionError.of(code, preset=rules.key, **params)


# ---------------------------------------------------------------------------- records
def _hands(record: Record, rules: RuleSet, players: tuple[str, ...]) -> list[list[str]]:
    hands = required(record, "hands")
    if type(hands) is not dict or set(hands) != set(players):
        raise RecordError.of(Code.HANDS_NOT_OBJECT)
    size = rules.tricks
    in_deck = _in_deck(rules.deck)
    result: list[list[str]] = []
    for name in players:
        hand = hands[name]
        if type(hand) is not list:
            raise RecordError.of(Code.HAND_NOT_LIST, player=Player(name))
        if not in_deck.issuperset(hand):
            for code in hand:
                card = CARDS_BY_CODE.get(code) if type(code) is str else None
                if card is None:
                    raise RecordError.of(
                        Code.NOT_A_CARD, player=Player(name), value=JsonValue.of(code)
                    )
                if code not in in_deck:
                    raise _finding(
                        Code.CARD_NOT_IN_DECK,
                        rules,
                        player=Player(name),
                        card=card,
                        deck=rules.deck,
                    )
        if len(hand) != size:
            raise _finding(
                Code.HAND_SIZE_FOR_RULES, rules, player=Player(name), count=len(hand), size=size
            )
        result.append(list(hand))
    counts = Counter(code for hand in result for code in hand)
    for code in deck_codes(rules.deck):
        if counts[code] != 2:
            raise RecordError.of(Code.CARD_COUNT, card=CARDS_BY_CODE[code], count=counts[code])
    return result


@cache
def _in_deck(deck: int) -> frozenset[str]:
    return frozenset(deck_codes(deck))


def _game_player(spec: Record, players: tuple[str, ...], field: str = "player") -> int:
    player = spec.get(field)
    if player not in players:
        raise RecordError.of(Code.GAME_PLAYER_UNKNOWN, value=JsonValue.of(player))
    return players.index(player)


def game_from_ruled_record(record: Record, rules: RuleSet) -> RuledGame:
    """Set up the :class:`RuledGame` of a ``replay`` record under ``rules``."""
    players = parse_players(record)
    if len(players) != 4 or len(set(players)) != 4:
        raise _finding(Code.PLAYERS_FOR_RULES, rules, count=len(players))
    hands = _hands(record, rules, players)
    spec = required(record, "game")
    if type(spec) is not dict:
        raise RecordError.of(Code.GAME_NOT_OBJECT)
    kind = spec.get("type")
    if type(kind) is not str or kind not in _GAME_KINDS:
        raise RecordError.of(Code.GAME_TYPE_UNKNOWN, value=JsonValue.of(kind))
    lacking = (
        (kind == Kind.ARMUT and rules.armut is Armut.NONE)
        or (kind == Kind.SCHWARZE_SAU and ExtraGame.SCHWARZE_SAU not in rules.extra_games)
        or (kind == Kind.HAMMELRENNEN and ExtraGame.HAMMELRENNEN not in rules.extra_games)
    )
    if lacking:
        raise _finding(Code.TYPE_NOT_IN_RULES, rules, value=JsonValue.of(kind))
    known = {"type", "player", "solo", "pflicht", "schweinchen", "partner", "gives", "returns"}
    for key in spec:
        if key not in known:
            raise _finding(Code.FIELD_NOT_IN_RULES, rules, field=f"game.{key}")
    solo: SoloKind | None = None
    category: SoloCategory | None = None
    player: int | None = None
    if kind == Kind.SOLO:
        value = spec.get("solo")
        if type(value) is not str or value not in _SOLOS:
            raise RecordError.of(
                Code.SOLO_UNKNOWN,
                field="game.solo",
                value=JsonValue.of(value),
                choices=tuple(_SOLOS),
            )
        solo = _SOLOS[value]
        if solo not in rules.solos:
            raise _finding(Code.SOLO_NOT_IN_RULES, rules, value=JsonValue.of(value))
        category = parse_pflicht(spec.get("pflicht"), "game.pflicht")
    else:
        for key in ("solo", "pflicht"):
            if spec.get(key) not in (None, False):
                raise _finding(Code.FIELD_NOT_IN_RULES, rules, field=f"game.{key}")
    if kind in (Kind.SOLO, Kind.HOCHZEIT, Kind.ARMUT):
        player = _game_player(spec, players)
    elif spec.get("player") is not None:
        raise RecordError.of(Code.NORMAL_HAS_NO_PLAYER)
    schweinchen = spec.get("schweinchen", False)
    # 002 L68 (D22): a Vorbehalt, only where the Karo As is trump.
    if schweinchen is not False and (
        schweinchen is not True
        or rules.schweinchen is Schweinchen.NONE
        or kind in (Kind.SCHWARZE_SAU, Kind.HAMMELRENNEN)
        or (solo is not None and solo is not SoloKind.KARO)
    ):
        raise _finding(Code.FIELD_NOT_IN_RULES, rules, field="game.schweinchen")
    if kind == Kind.ARMUT:
        assert player is not None
        _armut(spec, rules, players, hands, player)
    elif any(key in spec for key in ("partner", "gives", "returns")):
        raise _finding(Code.FIELD_NOT_IN_RULES, rules, field="game.partner")
    game = RuledGame(rules, players, hands, kind, player, solo, category, schweinchen is True)
    if kind == Kind.ARMUT:
        assert player is not None
        taker = players.index(spec["partner"])
        game.parties = [0 if p in (player, taker) else 1 for p in range(4)]
    return game


def _armut(
    spec: Record, rules: RuleSet, players: tuple[str, ...], hands: list[list[str]], giver: int
) -> None:
    """The exchange of an Armut / Schieben / Trumpfabgabe (000 L34, 001 L87, 002 L72,
    004 L87): the giver hands over all his trumps, the taker returns as many cards;
    ``hands`` become the hands the game is played with."""
    taker = _game_player(spec, players, "partner")
    if taker == giver:
        raise RecordError.of(
            Code.NOT_ONE_OF_PLAYERS, field="game.partner", value=JsonValue.of(players[taker])
        )
    order = order_for(rules.deck, rules.dullen, rules.farbsolo_keeps_dullen, None)
    follow = order.follow
    trumps = sorted(c for c in hands[giver] if follow[c] is None)
    counted = len([c for c in trumps if not (rules.armut is Armut.TRUMPS_FOXES_OPEN and c == _DA)])
    if counted > rules.armut_max_trumps:
        raise _finding(
            Code.ARMUT_TOO_MANY_TRUMPS,
            rules,
            player=Player(players[giver]),
            count=counted,
            limit=rules.armut_max_trumps,
        )
    gives, returns = spec.get("gives"), spec.get("returns")
    if type(gives) is not list or sorted(map(str, gives)) != trumps:
        raise _finding(
            Code.ARMUT_GIVES_NOT_TRUMPS, rules, player=Player(players[giver]), count=len(trumps)
        )
    taken = hands[taker] + list(trumps)
    if type(returns) is not list or len(returns) != len(trumps):
        raise _finding(
            Code.ARMUT_RETURNS_WRONG, rules, player=Player(players[taker]), count=len(trumps)
        )
    left = list(taken)
    for code in returns:
        if type(code) is not str or code not in left:
            raise _finding(
                Code.ARMUT_RETURNS_WRONG, rules, player=Player(players[taker]), count=len(trumps)
            )
        left.remove(code)
    # 001 L87: "muß zuerst alle Farbenkarten zurückgeben".
    if (
        rules.armut is Armut.TRUMPS_FOXES_OPEN
        and any(follow[c] is None for c in returns)
        and any(follow[c] is not None for c in left)
    ):
        raise _finding(Code.ARMUT_FEHL_FIRST, rules, player=Player(players[taker]))
    given = list(hands[giver])
    for code in trumps:
        given.remove(code)
    hands[giver] = given + list(returns)
    hands[taker] = left


def apply_ruled_action(game: RuledGame, number: int, action: Any) -> None:
    """Apply the ``number``-th action string; errors name the action number."""
    if type(action) is not str or ":" not in action:
        raise RecordError(
            Finding.of(Code.ACTION_MALFORMED, value=JsonValue.of(action)).with_context(
                action=number
            )
        )
    name, _, what = action.rpartition(":")
    names = game.names
    if name not in names:
        raise RecordError(
            Finding.of(Code.ACTION_PLAYER_UNKNOWN, name=name).with_context(action=number)
        )
    seat = names.index(name)
    try:
        if what in _EYES:
            game.play(seat, what)
            return
        if what.endswith(_SCHWEIN_SUFFIX) and what[: -len(_SCHWEIN_SUFFIX)] in _EYES:
            game.play(seat, what[: -len(_SCHWEIN_SUFFIX)], schwein=True)
            return
        call = _CALLS.get(what)
        if call is None:
            raise RecordError.of(Code.ACTION_UNKNOWN, what=what)
        game.announce(seat, call, action)
    except IllegalActionError as error:
        raise IllegalActionError(error.finding.with_context(action=number)) from None
    except DokoError as error:
        raise RecordError(error.finding.with_context(action=number)) from None


def replay_ruled_record(record: Record, rules: RuleSet) -> Record:
    """The ``replay`` command for one record under a rule set other than the DDV preset."""
    game = game_from_ruled_record(record, rules)
    actions = required(record, "actions")
    if type(actions) is not list:
        raise RecordError.of(Code.ACTIONS_NOT_LIST)
    seats = {name: seat for seat, name in enumerate(game.names)}
    play = game.play
    eyes = _EYES
    for number, action in enumerate(actions, start=1):
        if type(action) is str:
            name, _, what = action.rpartition(":")
            seat = seats.get(name)
            if seat is not None and what in eyes:
                try:
                    play(seat, what)
                except IllegalActionError as error:
                    raise IllegalActionError(error.finding.with_context(action=number)) from None
                continue
        apply_ruled_action(game, number, action)
    if not game.is_over:
        raise _finding(Code.RULED_GAME_CUT_SHORT, rules, played=game.played, cards=rules.deck)
    summary_record = game.summary_record()
    scored = dict(summary_record, players=list(game.names))
    summary = ruled_summary_from_record(scored, rules)
    output = ruled_result_to_record(
        record.get("id"), record.get("rules"), summary, score_ruled(summary)
    )
    output["summary"] = summary_record
    return output
