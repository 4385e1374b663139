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
            raise DokoError(
                "game.type: a stille Hochzeit is a Normalspiel whose hands give one player both "
                "Kreuz-Damen; the engine finds it (TSR 4.4.5)"
            )
        if kind is GameType.NORMAL:
            if self.player is not None or self.solo is not None or self.category is not None:
                raise DokoError("game: a Normalspiel has no player, solo or pflicht (TSR 4.1)")
            return
        if self.player not in range(4):
            raise DokoError(f"game.player: a {kind.german} needs the seat of its player (TSR 4.1)")
        if kind is GameType.HOCHZEIT and (self.solo is not None or self.category is not None):
            raise DokoError("game: a Hochzeit has no solo kind and no pflicht (TSR 4.4.3)")
        if kind is GameType.SOLO and self.solo is None:
            raise DokoError("game.solo: a solo must be named (TSR 4.2.1, 2.3)")


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
                raise DokoError(
                    f"game.player: {self.names[spec.player]} does not hold both Kreuz-Damen, "
                    "a Hochzeit needs both (TSR 4.4.3)"
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
        name = self.names[player]
        if self.is_over:
            raise IllegalActionError(f"{name} plays {card}, but all 48 cards are played (TSR 5.1)")
        if player != self.to_move:
            raise IllegalActionError(
                f"it is {self.names[self.to_move]}'s turn, not {name}'s (TSR 5.1)"
            )
        if not self._counts[player].get(card.code):
            raise IllegalActionError(f"{name} does not hold {card} (TSR 5.1)")
        if self._trick:
            follow = self.ranking.follow
            led = follow[self._trick[0].code]
            if follow[card.code] != led and self._follow_counts[player].get(led):
                what = self.ranking.follow_name(self._trick[0])
                raise IllegalActionError(f"{name} must follow {what} (TSR 5.2.2)")

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
        name = self.names[player]
        party = self.parties[player]
        if party is None or not self.clarified:
            raise IllegalActionError(
                f"{name} says {call.german} before the Klärungsstich of the Hochzeit; "
                "announcements wait until the parties are settled (TSR 6.2.2, 4.4.3)"
            )
        if call.is_ansage and call.party_call(party) is not call:
            raise IllegalActionError(
                f"{name} says {call.german}, but plays in the {party.german} party (TSR 6.2.1)"
            )
        level, current = call.level, self._levels[party]
        if level <= current:
            said = Call.of_level(current, party).german
            raise IllegalActionError(
                f"{name} says {call.german}, but the {party.german} party has already said {said}; "
                "a call cannot be repeated or taken back (TSR 6.4.7)"
            )
        cards = self.cards_in_hand(player)
        shift = self.shift
        note = f" (Hochzeit: {shift} fewer, TSR 6.4.2)" if shift else ""
        ansage = party.german
        if current < 0:
            on_time = cards >= MIN_CARDS[0] - shift
            if level > 0 and not on_time:
                raise IllegalActionError(
                    f"{name} says {call.german} without an Erstansage of his party: that counts as "
                    f"{ansage} and {call.german} and needs the {ansage} still on time, at least "
                    f"{MIN_CARDS[0] - shift} cards{note}; {name} has {cards} (TSR 6.3.2, 6.4.3)"
                )
            if level == 0 and not on_time:
                other = self._levels[party.other]
                answer = MIN_CARDS[other] - 1 - shift if other >= 0 else None
                if answer is None or cards < answer:
                    allowed = (
                        ""
                        if answer is None
                        else f", as an Erwiderung to {Call.of_level(other, party.other).german} "
                        f"at least {answer}"
                    )
                    raise IllegalActionError(
                        f"{name} says {ansage} with {cards} cards in hand; the Erstansage needs at "
                        f"least {MIN_CARDS[0] - shift}{allowed}{note} (TSR 6.2.2, 6.4.4)"
                    )
            return
        if self._late_erwiderung[party]:
            raise IllegalActionError(
                f"{name} says {call.german}, but the {ansage} of his party was a late Erwiderung; "
                "after it no Absage is allowed (TSR 6.4.4)"
            )
        need = MIN_CARDS[current + 1] - shift
        if cards < need:
            if level > current + 1:
                skipped = Call.of_level(current + 1, party).german
                raise IllegalActionError(
                    f"{name} says {call.german}, skipping {skipped}, which needs at least {need} "
                    f"cards{note}; {name} has {cards} (TSR 6.4.3)"
                )
            raise IllegalActionError(
                f"{name} says {call.german} with {cards} cards in hand; it needs at least "
                f"{need}{note} (TSR 6.3.4)"
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
            raise DokoError(
                f"the game is not over: {len(self.tricks)} of 12 tricks played (TSR 5.1)"
            )
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
        raise DokoError("players: a game has four distinct, non-empty player names (TSR 3.1)")
    if len(hands) != 4:
        raise DokoError("hands: a game has four players with twelve cards each (TSR 2.2)")
    for name, hand in zip(names, hands, strict=True):
        if len(hand) != HAND_SIZE:
            raise DokoError(f"hands.{name}: {len(hand)} cards, each player gets 12 (TSR 2.2)")
    counts: dict[Card, int] = {}
    for hand in hands:
        for card in hand:
            counts[card] = counts.get(card, 0) + 1
    for card in CARDS:
        if counts.get(card, 0) != 2:
            raise DokoError(
                f"hands: {card} appears {counts.get(card, 0)} times, the deck has every card "
                "twice (TSR 2.2)"
            )
