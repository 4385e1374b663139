"""A game played card by card (TSR 4.4, 5, 6, 7.2.3).

:class:`Game` is mutable and keeps a log of frozen actions. For each action there is a
``verify_*`` method (raises :class:`IllegalActionError` naming the player and the TSR rule),
a ``can_*`` method (bool) and the action itself, which verifies first. Players are seat
indices 0..3 in seat order, starting with Vorhand (the dealer's left).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from .calls import MIN_CARDS, Call, Party
from .cards import CARDS, KARO_ASS, KREUZ_BUBE, KREUZ_DAME, Card, Suit
from .errors import DokoError, IllegalActionError
from .findings import Code, Player
from .gametypes import GameType, Ranking, SoloCategory, SoloType, ranking_for
from .scoring import TRICKS, GameResult, GameSummary, Specials, score

HAND_SIZE = 12
DOPPELKOPF_EYES = 40


@dataclass(frozen=True, slots=True)
class GameSpec:
    """The game the Vorbehaltsabfrage settled (TSR 4.1).

    ``NORMAL`` covers the stille Hochzeit too: the :class:`Game` finds it from the hands.
    ``player`` is the Hochzeiter's or soloist's seat.
    """

    game_type: GameType = GameType.NORMAL
    player: int | None = None
    solo: SoloType | None = None
    category: SoloCategory | None = None

    @property
    def leader(self) -> int:
        """Who leads the first trick: the soloist of a Pflichtsolo, else Vorhand (TSR 4.2.2)."""
        if self.category is not None and self.category.is_pflicht and self.player is not None:
            return self.player
        return 0

    def verify(self) -> None:
        kind = self.game_type
        if kind is GameType.STILLE_HOCHZEIT:
            raise DokoError.of(Code.SPEC_STILLE_HOCHZEIT)
        if kind is GameType.NORMAL:
            if self.player is not None or self.solo is not None or self.category is not None:
                raise DokoError.of(Code.SPEC_NORMAL_EXTRA)
            return
        if self.player not in range(4):
            raise DokoError.of(Code.SPEC_NEEDS_PLAYER, game_type=kind)
        if kind is GameType.HOCHZEIT and (self.solo is not None or self.category is not None):
            raise DokoError.of(Code.SPEC_HOCHZEIT_EXTRA)
        if kind is GameType.SOLO and self.solo is None:
            raise DokoError.of(Code.SPEC_SOLO_UNNAMED)


NORMAL_GAME = GameSpec()


@dataclass(frozen=True, slots=True)
class CardPlay:
    player: int
    card: Card


@dataclass(frozen=True, slots=True)
class Announcement:
    player: int
    call: Call


Action = CardPlay | Announcement


@dataclass(frozen=True, slots=True)
class Trick:
    leader: int
    cards: tuple[Card, ...]
    winner: int

    @property
    def eyes(self) -> int:
        return sum(c.eyes for c in self.cards)

    def player_of(self, index: int) -> int:
        """Seat of the player who played ``cards[index]``."""
        return (self.leader + index) % 4

    @property
    def winning_card(self) -> Card:
        return self.cards[(self.winner - self.leader) % 4]


class Game:
    """One game at a table of four, from the first card to the last (TSR 5)."""

    def __init__(
        self,
        hands: Sequence[Sequence[Card]],
        spec: GameSpec = NORMAL_GAME,
        names: Sequence[str] | None = None,
    ) -> None:
        self.names = (
            tuple(names) if names is not None else tuple(f"Spieler {i + 1}" for i in range(4))
        )
        _verify_hands(hands, self.names)
        spec.verify()
        self.spec = spec
        self.ranking: Ranking = ranking_for(spec.solo)
        self.log: list[Action] = []
        self.tricks: list[Trick] = []
        self._hands: list[list[Card]] = [list(h) for h in hands]
        self._counts: list[dict[str, int]] = []
        self._follow_counts: list[dict[Suit | None, int]] = []
        for hand in self._hands:
            counts: dict[str, int] = {}
            follows: dict[Suit | None, int] = {}
            for card in hand:
                counts[card.code] = counts.get(card.code, 0) + 1
                cls = self.ranking.follow[card.code]
                follows[cls] = follows.get(cls, 0) + 1
            self._counts.append(counts)
            self._follow_counts.append(follows)
        self._trick: list[Card] = []
        self._played = [0, 0, 0, 0]
        self._levels = {Party.RE: -1, Party.KONTRA: -1}
        self._late_erwiderung = {Party.RE: False, Party.KONTRA: False}
        #: Cards by which announcement times move in a Hochzeit (TSR 6.4.2).
        self.shift = 0
        self.game_type = spec.game_type
        self.parties: list[Party | None] = [None] * 4
        #: Whether the parties are settled (False in a Hochzeit before the Klärungsstich).
        self.clarified = spec.game_type is not GameType.HOCHZEIT
        self._setup_parties()
        self.to_move = spec.leader

    def _setup_parties(self) -> None:
        spec = self.spec
        holders = [p for p in range(4) for _ in range(self._counts[p].get(KREUZ_DAME.code, 0))]
        if spec.game_type is GameType.SOLO:
            assert spec.player is not None
            self.parties = [Party.RE if p == spec.player else Party.KONTRA for p in range(4)]
        elif spec.game_type is GameType.HOCHZEIT:
            assert spec.player is not None
            if holders != [spec.player, spec.player]:
                raise DokoError.of(
                    Code.HOCHZEITER_LACKS_KREUZ_DAMEN, player=Player(self.names[spec.player])
                )
            self.parties[spec.player] = Party.RE
        else:
            if holders[0] == holders[1]:
                self.game_type = GameType.STILLE_HOCHZEIT
            self.parties = [Party.RE if p in holders else Party.KONTRA for p in range(4)]

    # ----------------------------------------------------------------- state
    @property
    def is_over(self) -> bool:
        return len(self.tricks) == TRICKS

    @property
    def current_trick(self) -> tuple[Card, ...]:
        return tuple(self._trick)

    def hand(self, player: int) -> tuple[Card, ...]:
        return tuple(self._hands[player])

    def cards_in_hand(self, player: int) -> int:
        return HAND_SIZE - self._played[player]

    def party_of(self, player: int) -> Party | None:
        """The player's party, ``None`` in a Hochzeit before the Klärungsstich."""
        return self.parties[player]

    def call_level(self, party: Party) -> int:
        """Highest announcement level of ``party``: -1 none, 0 Re/Kontra, 1..4 keine 90..schwarz."""
        return self._levels[party]

    # ----------------------------------------------------------------- playing cards
    def verify_play(self, player: int, card: Card) -> None:
        if self.is_over:
            raise IllegalActionError.of(
                Code.PLAY_AFTER_END, player=Player(self.names[player]), card=card
            )
        if player != self.to_move:
            raise IllegalActionError.of(
                Code.NOT_YOUR_TURN,
                turn=Player(self.names[self.to_move]),
                player=Player(self.names[player]),
            )
        if not self._counts[player].get(card.code):
            raise IllegalActionError.of(
                Code.CARD_NOT_HELD, player=Player(self.names[player]), card=card
            )
        if self._trick:
            follow = self.ranking.follow
            led = follow[self._trick[0].code]
            if follow[card.code] != led and self._follow_counts[player].get(led):
                raise IllegalActionError.of(
                    Code.MUST_FOLLOW, player=Player(self.names[player]), led=led
                )

    def can_play(self, player: int, card: Card) -> bool:
        try:
            self.verify_play(player, card)
        except IllegalActionError:
            return False
        return True

    def legal_cards(self, player: int) -> list[Card]:
        """The distinct cards ``player`` may play now (empty when it is not his turn)."""
        if self.is_over or player != self.to_move:
            return []
        hand = list(dict.fromkeys(self._hands[player]))
        if not self._trick:
            return hand
        follow = self.ranking.follow
        led = follow[self._trick[0].code]
        same = [c for c in hand if follow[c.code] == led]
        return same or hand

    def play(self, player: int, card: Card) -> None:
        self.verify_play(player, card)
        self.log.append(CardPlay(player, card))
        self._hands[player].remove(card)
        self._counts[player][card.code] -= 1
        self._follow_counts[player][self.ranking.follow[card.code]] -= 1
        self._played[player] += 1
        self._trick.append(card)
        if len(self._trick) < 4:
            self.to_move = (player + 1) % 4
            return
        leader = (player + 1) % 4
        winner = (leader + self.ranking.trick_winner(self._trick)) % 4
        self.tricks.append(Trick(leader, tuple(self._trick), winner))
        self._trick.clear()
        self.to_move = winner
        if not self.clarified:
            self._clarify_hochzeit(winner)

    def _clarify_hochzeit(self, winner: int) -> None:
        """Klärungsstich: the first trick of tricks 1-3 won by another player (TSR 4.4.3)."""
        hochzeiter = self.spec.player
        number = len(self.tricks)
        if winner == hochzeiter and number < 3:
            return
        partner = winner if winner != hochzeiter else None
        for p in range(4):
            if p != hochzeiter:
                self.parties[p] = Party.RE if p == partner else Party.KONTRA
        self.clarified = True
        self.shift = number - 1

    # ----------------------------------------------------------------- announcements
    def verify_announce(self, player: int, call: Call) -> None:
        party = self.parties[player]
        if party is None or not self.clarified:
            raise IllegalActionError.of(
                Code.CALL_BEFORE_KLAERUNG, player=Player(self.names[player]), call=call
            )
        if call.is_ansage and call.party_call(party) is not call:
            raise IllegalActionError.of(
                Code.ANSAGE_OF_OTHER_PARTY,
                player=Player(self.names[player]),
                call=call,
                party=party,
            )
        level, current = call.level, self._levels[party]
        if level <= current:
            raise IllegalActionError.of(
                Code.CALL_REPEATED,
                player=Player(self.names[player]),
                call=call,
                party=party,
                said=Call.of_level(current, party),
            )
        cards = self.cards_in_hand(player)
        shift = self.shift
        if current < 0:
            on_time = cards >= MIN_CARDS[0] - shift
            if level > 0 and not on_time:
                raise IllegalActionError.of(
                    Code.ABSAGE_WITHOUT_ANSAGE_LATE,
                    player=Player(self.names[player]),
                    call=call,
                    party=party,
                    need=MIN_CARDS[0] - shift,
                    shift=shift,
                    cards=cards,
                )
            if level == 0 and not on_time:
                other = self._levels[party.other]
                if other < 0:
                    raise IllegalActionError.of(
                        Code.ANSAGE_LATE,
                        player=Player(self.names[player]),
                        party=party,
                        cards=cards,
                        need=MIN_CARDS[0] - shift,
                        shift=shift,
                    )
                answer = MIN_CARDS[other] - 1 - shift
                if cards < answer:
                    raise IllegalActionError.of(
                        Code.ERWIDERUNG_LATE,
                        player=Player(self.names[player]),
                        party=party,
                        cards=cards,
                        need=MIN_CARDS[0] - shift,
                        other=Call.of_level(other, party.other),
                        answer=answer,
                        shift=shift,
                    )
            return
        if self._late_erwiderung[party]:
            raise IllegalActionError.of(
                Code.ABSAGE_AFTER_LATE_ERWIDERUNG,
                player=Player(self.names[player]),
                call=call,
                party=party,
            )
        need = MIN_CARDS[current + 1] - shift
        if cards < need:
            if level > current + 1:
                raise IllegalActionError.of(
                    Code.ABSAGE_SKIPPED_LATE,
                    player=Player(self.names[player]),
                    call=call,
                    skipped=Call.of_level(current + 1, party),
                    need=need,
                    shift=shift,
                    cards=cards,
                )
            raise IllegalActionError.of(
                Code.ABSAGE_LATE,
                player=Player(self.names[player]),
                call=call,
                cards=cards,
                need=need,
                shift=shift,
            )

    def can_announce(self, player: int, call: Call) -> bool:
        try:
            self.verify_announce(player, call)
        except IllegalActionError:
            return False
        return True

    def legal_calls(self, player: int) -> list[Call]:
        return [c for c in Call if self.can_announce(player, c)]

    def announce(self, player: int, call: Call) -> None:
        self.verify_announce(player, call)
        party = self.parties[player]
        assert party is not None
        if self._levels[party] < 0 and self.cards_in_hand(player) < MIN_CARDS[0] - self.shift:
            self._late_erwiderung[party] = True
        self._levels[party] = call.level
        self.log.append(Announcement(player, call))

    # ----------------------------------------------------------------- result
    def summary(self) -> GameSummary:
        """The score-list view of the finished game, scored by :func:`score`."""
        if not self.is_over:
            raise DokoError.of(Code.GAME_NOT_OVER, tricks=len(self.tricks))
        parties = self.parties
        re_tricks = [t for t in self.tricks if parties[t.winner] is Party.RE]
        re = tuple(self.names[p] for p in range(4) if parties[p] is Party.RE)
        summary = GameSummary(
            players=self.names,
            game_type=self.game_type,
            re=re,
            re_eyes=sum(t.eyes for t in re_tricks),
            re_tricks=len(re_tricks),
            re_call=self._call(Party.RE),
            kontra_call=self._call(Party.KONTRA),
            solo=self.spec.solo,
            category=self.spec.category,
        )
        if summary.scored_as_solo:
            return summary
        re_specials, kontra_specials = self._specials()
        return replace(summary, re_specials=re_specials, kontra_specials=kontra_specials)

    def result(self) -> GameResult:
        return score(self.summary())

    def _call(self, party: Party) -> Call | None:
        level = self._levels[party]
        return None if level < 0 else Call.of_level(level, party)

    def _specials(self) -> tuple[Specials, Specials]:
        """Doppelkopf, Fuchs gefangen, Karlchen (TSR 7.2.3) from the tricks."""
        counts = {party: [0, 0, 0] for party in Party}
        parties = self.parties
        for number, trick in enumerate(self.tricks, start=1):
            won_by = parties[trick.winner]
            assert won_by is not None
            if trick.eyes >= DOPPELKOPF_EYES:
                counts[won_by][0] += 1
            for i, card in enumerate(trick.cards):
                if card == KARO_ASS and parties[trick.player_of(i)] is not won_by:
                    counts[won_by][1] += 1
            if number == TRICKS and trick.winning_card == KREUZ_BUBE:
                counts[won_by][2] += 1
        return Specials(*counts[Party.RE]), Specials(*counts[Party.KONTRA])


def _verify_hands(hands: Sequence[Sequence[Card]], names: Sequence[str]) -> None:
    if len(names) != 4 or len(set(names)) != 4 or not all(names):
        raise DokoError.of(Code.GAME_PLAYERS_INVALID)
    if len(hands) != 4:
        raise DokoError.of(Code.HANDS_COUNT)
    for name, hand in zip(names, hands, strict=True):
        if len(hand) != HAND_SIZE:
            raise DokoError.of(Code.HAND_SIZE, player=Player(name), count=len(hand))
    counts: dict[Card, int] = {}
    for hand in hands:
        for card in hand:
            counts[card] = counts.get(card, 0) + 1
    for card in CARDS:
        if counts.get(card, 0) != 2:
            raise DokoError.of(Code.CARD_COUNT, card=card, count=counts.get(card, 0))
