"""Random legal games, for property tests, benchmarks and demo data.

Deals a shuffled deck, picks a game, and plays random legal cards with random legal
announcements, always through :class:`~rules_engine.game.Game`, so every game produced is
legal by construction and can be written as a ``replay`` record of the contract.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .calls import Call
from .cards import DECK, KREUZ_DAME, Card
from .errors import DokoError
from .game import Game, GameSpec
from .gametypes import GameType, SoloCategory, SoloType
from .records import summary_to_record
from .ruledplay import RuledGame, deck_codes, game_from_ruled_record, order_for
from .rulesets import Armut, ExtraGame, Pflichtsolo, RuleSet, Schweinchen, parse_rules
from .scorelist import game_entry
from .table_list import TableList

NAMES = ("Anna", "Ben", "Cem", "Dora")


def deal(rng: random.Random) -> list[list[Card]]:
    deck = list(DECK)
    rng.shuffle(deck)
    return [deck[i * 12 : (i + 1) * 12] for i in range(4)]


def random_spec(rng: random.Random, hands: list[list[Card]]) -> GameSpec:
    """A game the hands allow: Normalspiel (maybe a stille Hochzeit), Hochzeit or a solo."""
    hochzeiter = next((p for p in range(4) if hands[p].count(KREUZ_DAME) == 2), None)
    roll = rng.random()
    if hochzeiter is not None and roll < 0.5:
        return GameSpec(GameType.HOCHZEIT, hochzeiter)
    if roll < 0.7:
        return GameSpec()
    category = rng.choice(list(SoloCategory))
    return GameSpec(GameType.SOLO, rng.randrange(4), rng.choice(list(SoloType)), category)


def play_random(game: Game, rng: random.Random, call_rate: float = 0.08) -> list[str]:
    """Play ``game`` to its end; return the actions in contract notation."""
    actions: list[str] = []
    names = game.names
    while not game.is_over:
        if rng.random() < call_rate:
            player = rng.randrange(4)
            calls = game.legal_calls(player)
            if calls:
                call = rng.choice(calls)
                game.announce(player, call)
                actions.append(f"{names[player]}:{call.value}")
                continue
        player = game.to_move
        card = rng.choice(game.legal_cards(player))
        game.play(player, card)
        actions.append(f"{names[player]}:{card.code}")
    return actions


def random_record(
    rng: random.Random, record_id: Any = None, call_rate: float = 0.08
) -> dict[str, Any]:
    """A complete, legal ``replay`` record."""
    hands = deal(rng)
    spec = random_spec(rng, hands)
    game = Game(hands, spec, NAMES)
    actions = play_random(game, rng, call_rate)
    spec_record: dict[str, Any] = {"type": spec.game_type.value}
    if spec.player is not None:
        spec_record["player"] = NAMES[spec.player]
    if spec.solo is not None and spec.category is not None:
        spec_record["solo"] = spec.solo.value
        spec_record["pflicht"] = (
            "vorgefuehrt" if spec.category is SoloCategory.VORFUEHRUNG else spec.category.is_pflicht
        )
    return {
        "id": record_id,
        "players": list(NAMES),
        "hands": {NAMES[p]: [c.code for c in hands[p]] for p in range(4)},
        "game": spec_record,
        "actions": actions,
    }


def renamed(record: dict[str, Any], names: Sequence[str]) -> dict[str, Any]:
    """The same ``replay`` record with other player names, seats unchanged."""
    rename = dict(zip(record["players"], names, strict=True))
    game = dict(record["game"])
    if "player" in game:
        game["player"] = rename[game["player"]]
    actions = []
    for action in record["actions"]:
        name, _, what = action.rpartition(":")
        actions.append(f"{rename[name]}:{what}")
    return record | {
        "players": list(names),
        "hands": {rename[p]: cards for p, cards in record["hands"].items()},
        "game": game,
        "actions": actions,
    }


def random_list(
    rng: random.Random, players: tuple[str, ...] = NAMES, list_id: Any = None
) -> dict[str, Any]:
    """A complete, legal score list of one table (``docs/contracts/score-list.md``): every
    game played card by card, Pflichtsoli at random moments, Vorführungen when due."""
    round_ = TableList(players)
    entries: list[dict[str, Any]] = []
    while not round_.is_complete:
        playing = round_.playing()
        names = tuple(players[p] for p in playing)
        hands = deal(rng)
        spec = _round_spec(rng, round_, playing, hands)
        game = Game(hands, spec, names)
        play_random(game, rng)
        entry: dict[str, Any] = {"kind": "game", "dealer": players[round_.next_dealer]}
        entry.update(summary_to_record(game.summary()))
        if spec.player is not None:
            entry["player"] = names[spec.player]
        round_.add_game(game_entry(entry, round_))
        entry["points"] = dict(zip(players, round_.games[-1].points, strict=True))
        entries.append(entry)
    return {"id": list_id, "players": list(players), "entries": entries}


def _round_spec(
    rng: random.Random, round_: TableList, playing: tuple[int, ...], hands: list[list[Card]]
) -> GameSpec:
    """The game the round allows next: a due Vorführung, sometimes a Pflicht- or Lustsolo."""
    solo = rng.choice(list(SoloType))
    due = round_.vorfuehrung
    if due is not None:
        return GameSpec(GameType.SOLO, playing.index(due), solo, SoloCategory.VORFUEHRUNG)
    roll = rng.random()
    missing = [p for p in round_.pflicht_missing if p in playing]
    if missing and roll < 0.2:
        seat = playing.index(rng.choice(missing))
        return GameSpec(GameType.SOLO, seat, solo, SoloCategory.PFLICHTSOLO)
    done = [p for p in playing if round_.has_played_pflicht(p)]
    if done and roll > 0.95:
        return GameSpec(GameType.SOLO, playing.index(rng.choice(done)), solo, SoloCategory.LUSTSOLO)
    hochzeiter = next((s for s in range(4) if hands[s].count(KREUZ_DAME) == 2), None)
    if hochzeiter is not None and rng.random() < 0.5:
        return GameSpec(GameType.HOCHZEIT, hochzeiter)
    return GameSpec()


def deal_for(rng: random.Random, rules: RuleSet) -> list[list[str]]:
    """A shuffled deal of the rule set's deck (48 cards, or 40 without the Neunen)."""
    deck = [code for code in deck_codes(rules.deck) for _ in range(2)]
    rng.shuffle(deck)
    size = rules.tricks
    return [deck[i * size : (i + 1) * size] for i in range(4)]


def _ruled_spec(rng: random.Random, rules: RuleSet, hands: list[list[str]]) -> dict[str, Any]:
    """A game the hands and the rule set allow, as the ``game`` field of a replay record."""
    kinds = ["normal", "normal", "solo"]
    hochzeiter = next((p for p in range(4) if hands[p].count("CQ") == 2), None)
    if hochzeiter is not None:
        kinds += ["hochzeit", "hochzeit"]
    order = order_for(rules.deck, rules.dullen, rules.farbsolo_keeps_dullen, None)
    poor = []
    if rules.armut is not Armut.NONE:
        for p in range(4):
            trumps = [c for c in hands[p] if order.follow[c] is None]
            counted = [
                c for c in trumps if not (rules.armut is Armut.TRUMPS_FOXES_OPEN and c == "DA")
            ]
            if len(counted) <= rules.armut_max_trumps:
                poor.append(p)
        if poor:
            kinds += ["armut", "armut"]
    kinds += [extra.value for extra in rules.extra_games if extra is not ExtraGame.SCHWARZ_SPIEL]
    kind = rng.choice(kinds)
    spec: dict[str, Any] = {"type": kind}
    if kind == "hochzeit":
        spec["player"] = NAMES[hochzeiter] if hochzeiter is not None else None
    elif kind == "solo":
        spec["player"] = NAMES[rng.randrange(4)]
        spec["solo"] = rng.choice(sorted(s.value for s in rules.solos))
        if rules.pflichtsolo is not Pflichtsolo.NONE:
            spec["pflicht"] = rng.choice([False, True, "vorgefuehrt"])
    elif kind == "armut":
        giver = rng.choice(poor)
        taker = rng.choice([p for p in range(4) if p != giver])
        gives = sorted(c for c in hands[giver] if order.follow[c] is None)
        held = hands[taker] + gives
        if rules.armut is Armut.TRUMPS_FOXES_OPEN:
            fehl = [c for c in held if order.follow[c] is not None]
            trumps = [c for c in held if order.follow[c] is None]
            rng.shuffle(fehl)
            rng.shuffle(trumps)
            returns = (fehl + trumps)[: len(gives)]
        else:
            returns = rng.sample(held, len(gives))
        spec.update(player=NAMES[giver], partner=NAMES[taker], gives=gives, returns=returns)
    if (
        rules.schweinchen is not Schweinchen.NONE
        and kind not in ("schwarze_sau", "hammelrennen", "armut")
        and spec.get("solo") in (None, "karo")
        and any(hand.count("DA") == 2 for hand in hands)
        and rng.random() < 0.7
    ):
        spec["schweinchen"] = True
    return spec


def play_ruled_random(game: RuledGame, rng: random.Random, call_rate: float = 0.08) -> list[str]:
    """Play ``game`` to its end with random legal cards and calls; the actions."""
    actions: list[str] = []
    names = game.names
    calls = list(Call)
    while not game.is_over:
        if rng.random() < call_rate:
            player = rng.randrange(4)
            call = rng.choice(calls)
            text = f"{names[player]}:{call.value}"
            try:
                game.announce(player, call, text)
            except DokoError:
                pass
            else:
                actions.append(text)
                continue
        player = game.to_move
        card = rng.choice(game.legal_cards(player))
        if card == "DA" and game.can_play_schwein(player) and rng.random() < 0.5:
            game.play(player, card, schwein=True)
            actions.append(f"{names[player]}:DA=schwein")
            continue
        game.play(player, card)
        actions.append(f"{names[player]}:{card}")
    return actions


def random_ruled_record(
    rng: random.Random, rules_value: Any, record_id: Any = None, call_rate: float = 0.08
) -> dict[str, Any]:
    """A complete, legal ``replay`` record under a rule set (a preset key or an object)."""
    rules = parse_rules(rules_value)
    hands = deal_for(rng, rules)
    spec = _ruled_spec(rng, rules, hands)
    record: dict[str, Any] = {
        "id": record_id,
        "rules": rules_value,
        "players": list(NAMES),
        "hands": {NAMES[p]: list(hands[p]) for p in range(4)},
        "game": spec,
    }
    game = game_from_ruled_record(
        record | {"hands": {NAMES[p]: list(hands[p]) for p in range(4)}}, rules
    )
    record["actions"] = play_ruled_random(game, rng, call_rate)
    return record
