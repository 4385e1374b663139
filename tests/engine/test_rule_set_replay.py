"""``replay`` under the rule sets other than the DDV's, card by card (``docs/rule-sets.md``).

Tests are named by seed and line: 000 hausregeln-2024, 001 reglement-2001, 002 schweinchen,
004 ravensburger-2015 (the rule texts the presets were made from).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine.errors import DokoError, IllegalActionError
from rules_engine.findings import Code
from rules_engine.records import replay_record, score_record
from rules_engine.ruledplay import RuledGame, deck_codes, game_from_ruled_record
from rules_engine.rulesets import PRESETS, parse_rules
from rules_engine.simulate import random_ruled_record
from tests.support.examples import examples

NAMES = ["Anna", "Ben", "Cem", "Dora"]
KEYS = [key for key in PRESETS if key != "ddv"]
SETTINGS = settings(
    max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def deal(rules_value: Any, wanted: list[list[str]]) -> dict[str, list[str]]:
    """Hands that hold the ``wanted`` cards, filled up from the rest of the deck."""
    rules = parse_rules(rules_value)
    deck = [code for code in deck_codes(rules.deck) for _ in range(2)]
    for hand in wanted:
        for code in hand:
            deck.remove(code)
    hands = [list(hand) for hand in wanted]
    for hand in hands:
        while len(hand) < rules.tricks:
            hand.append(deck.pop())
    return dict(zip(NAMES, hands, strict=True))


def record(rules_value: Any, hands: dict[str, list[str]], game: Any, actions: Any = ()) -> Any:
    return {
        "id": 1,
        "rules": rules_value,
        "players": NAMES,
        "hands": hands,
        "game": game,
        "actions": list(actions),
    }


def start(rules_value: Any, wanted: list[list[str]], game: Any | None = None) -> RuledGame:
    rec = record(rules_value, deal(rules_value, wanted), game or {"type": "normal"})
    return game_from_ruled_record(rec, parse_rules(rules_value))


def trick(game: RuledGame, cards: list[str]) -> int:
    """Play one trick from the player to move; the winner's seat."""
    for code in cards:
        schwein = code.endswith("=schwein")
        game.play(game.to_move, code.removesuffix("=schwein"), schwein=schwein)
    return game.tricks[-1][3]


def play_out(game: RuledGame) -> None:
    while not game.is_over:
        game.play(game.to_move, game.legal_cards(game.to_move)[0])


# ------------------------------------------------------------------ deck
def test_000_L7_forty_cards_a_deal_with_a_neun_is_refused() -> None:
    hands = deal("hausregeln-2024", [[], [], [], []])
    hands["Anna"][0] = "C9"
    with pytest.raises(DokoError) as caught:
        replay_record(record("hausregeln-2024", hands, {"type": "normal"}))
    assert caught.value.code is Code.CARD_NOT_IN_DECK


def test_000_L7_ten_tricks_of_ten_cards() -> None:
    game = start("hausregeln-2024", [[], [], [], []])
    play_out(game)
    assert len(game.tricks) == 10
    assert sum(eyes for eyes in _eyes(game)) == 240


def _eyes(game: RuledGame) -> list[int]:
    values = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
    return [sum(values[c[1]] for c in t[1]) for t in game.tricks]


def test_001_L89_ohne_neunen_variant_deals_forty_cards() -> None:
    rules = {"preset": "reglement-2001", "deck": 40}
    hands = deal(rules, [[], [], [], []])
    assert all(len(hand) == 10 for hand in hands.values())
    hands["Ben"][0] = "S9"
    with pytest.raises(DokoError) as caught:
        replay_record(record(rules, hands, {"type": "normal"}))
    assert caught.value.code is Code.CARD_NOT_IN_DECK


def test_001_L18_twelve_cards_each_a_short_hand_is_refused() -> None:
    hands = deal("reglement-2001", [[], [], [], []])
    hands["Cem"].pop()
    with pytest.raises(DokoError) as caught:
        replay_record(record("reglement-2001", hands, {"type": "normal"}))
    assert caught.value.code is Code.HAND_SIZE_FOR_RULES


# ------------------------------------------------------------------ Herz 10
def test_000_L24_second_herz_10_beats_the_first_also_in_the_last_trick() -> None:
    game = start("hausregeln-2024", [["HT"], ["HT"], ["DQ"], ["DJ"]])
    assert trick(game, ["HT", "HT", "DQ", "DJ"]) == 1


def test_001_L34_second_herz_10_is_higher_than_the_first() -> None:
    game = start("reglement-2001", [["HT"], ["SQ"], ["HT"], ["DJ"]])
    assert trick(game, ["HT", "SQ", "HT", "DJ"]) == 2


def test_002_L82_second_dulle_beats_the_first_in_the_middle_of_the_game() -> None:
    game = start("schweinchen", [["HT"], ["HT"], ["DQ"], ["DJ"]])
    assert trick(game, ["HT", "HT", "DQ", "DJ"]) == 1


def test_002_L82_first_dulle_stays_on_top_in_the_last_trick() -> None:
    for rules, first_wins in (("schweinchen", True), ("hausregeln-2024", False)):
        game = start(rules, [["HT"], ["HT"], ["DQ"], ["DJ"]])
        game.tricks.extend([(0, ("CA", "CA", "CK", "CK"), -1, 0)] * 9)  # nine tricks gone
        assert trick(game, ["HT", "HT", "DQ", "DJ"]) == (0 if first_wins else 1)


def test_003_L38_ddv_keeps_the_first_dulle() -> None:
    game = start({"preset": "ddv", "deck": 40}, [["HT"], ["HT"], ["DQ"], ["DJ"]])
    assert trick(game, ["HT", "HT", "DQ", "DJ"]) == 0


def test_004_L33_no_dullen_the_herz_10_is_a_fehl_card() -> None:
    game = start("ravensburger-2015", [["HA"], ["HT"], ["DJ"], ["HK"]])
    assert trick(game, ["HA", "HT", "DJ", "HK"]) == 2  # the Karo Bube trumps
    tolle = {"preset": "ravensburger-2015", "dullen": True, "farbsolo_keeps_dullen": True}
    game = start(tolle, [["CQ"], ["HT"], ["DJ"], ["HT"]])
    assert trick(game, ["CQ", "HT", "DJ", "HT"]) == 1  # 004 L43: the first of equal cards


# ------------------------------------------------------------------ Schweinchen
def test_002_L68_the_schwein_is_above_the_herz_10() -> None:
    game = start("schweinchen", [["DA", "DA"], ["HT"], ["HT"], ["DJ"]], schweinchen_game())
    assert trick(game, ["DA=schwein", "HT", "HT", "DJ"]) == 0


def schweinchen_game() -> dict[str, Any]:
    return {"type": "normal", "schweinchen": True}


def test_002_L68_the_other_karo_as_is_a_fuchs_and_only_one_is_a_schwein() -> None:
    game = start("schweinchen", [["DA", "DA", "SJ"], ["HT"], ["DQ"], ["DJ"]], schweinchen_game())
    assert trick(game, ["DA", "HT", "DQ", "DJ"]) == 1  # said nothing: the Fuchs
    assert game.schwein_played is False
    game = start("schweinchen", [["DA", "DA"], ["HT"], ["HT"], ["DJ"]], schweinchen_game())
    assert trick(game, ["DA=schwein", "HT", "HT", "DJ"]) == 0
    game.to_move = game._leader = 0
    with pytest.raises(IllegalActionError) as caught:
        game.play(0, "DA", schwein=True)
    assert caught.value.code is Code.SCHWEIN_NOT_ALLOWED


def test_002_L68_a_forgotten_vorbehalt_makes_both_karo_asse_fuechse() -> None:
    game = start("schweinchen", [["DA", "DA"], ["HT"], ["HT"], ["DJ"]])
    with pytest.raises(IllegalActionError) as caught:
        trick(game, ["DA=schwein", "HT", "HT", "DJ"])
    assert caught.value.code is Code.SCHWEIN_NOT_ALLOWED
    game = start("schweinchen", [["DA", "DA"], ["HT"], ["HT"], ["DJ"]])
    assert trick(game, ["DA", "HT", "HT", "DJ"]) == 2


def test_002_L68_schweinchen_needs_both_karo_asse_in_one_hand() -> None:
    with pytest.raises(DokoError) as caught:
        start("schweinchen", [["DA"], ["DA"], [], []], schweinchen_game())
    assert caught.value.code is Code.SCHWEINCHEN_NEEDS_BOTH


# ------------------------------------------------------------------ solos
def test_000_L31_damen_buben_solo_has_sixteen_trumps_and_the_herz_10_is_fehl() -> None:
    game = start(
        "hausregeln-2024",
        [["HA"], ["HT"], ["DJ"], ["HK"]],
        {"type": "solo", "solo": "damen_buben", "player": "Anna"},
    )
    assert game.order.follow["HT"] is not None
    assert sum(1 for code, cls in game.order.follow.items() if cls is None) == 8
    assert trick(game, ["HA", "HT", "DJ", "HK"]) == 2


def test_000_L28_the_soloist_always_leads() -> None:
    game = start(
        "hausregeln-2024", [[], [], [], []], {"type": "solo", "solo": "pik", "player": "Cem"}
    )
    assert game.to_move == 2


def test_002_L74_the_solo_does_not_lead_and_has_no_fleischloser() -> None:
    game = start("schweinchen", [[], [], [], []], {"type": "solo", "solo": "karo", "player": "Cem"})
    assert game.to_move == 0
    with pytest.raises(DokoError) as caught:
        start(
            "schweinchen", [[], [], [], []], {"type": "solo", "solo": "fleischlos", "player": "Cem"}
        )
    assert caught.value.code is Code.SOLO_NOT_IN_RULES


def test_004_L53_farbsolo_without_the_dullen_and_L59_fleischloser() -> None:
    game = start(
        "ravensburger-2015", [[], [], [], []], {"type": "solo", "solo": "herz", "player": "Ben"}
    )
    assert game.order.follow["HT"] is None and game.order.power["HT"] < game.order.power["HA"]
    game = start(
        "ravensburger-2015",
        [[], [], [], []],
        {"type": "solo", "solo": "fleischlos", "player": "Ben"},
    )
    assert all(cls is not None for cls in game.order.follow.values())


# ------------------------------------------------------------------ Hochzeit
def test_001_L67_the_first_fehl_trick_decides_the_hochzeit() -> None:
    game = start(
        "reglement-2001",
        [["CQ", "CQ", "DJ", "SA"], ["HT", "SK", "S9"], ["SQ", "S9"], ["DA", "ST"]],
        {"type": "hochzeit", "player": "Anna"},
    )
    assert trick(game, ["DJ", "HT", "SQ", "DA"]) == 1  # a trump trick: no partner yet
    assert not game.clarified
    assert trick(game, ["S9", "S9", "ST", "SA"]) == 0  # Anna takes the Fehl trick herself
    assert not game.clarified
    game.tricks.append(game.tricks[-1])  # third trick of the Hochzeit: D9, alone
    game._clarify(0)
    assert game.clarified and game.parties == [0, 1, 1, 1]


def test_000_L33_the_first_card_chooses_fehl_or_trumpf_for_the_findungsstich() -> None:
    game = start(
        "hausregeln-2024",
        [["CQ", "CQ", "DJ", "CK"], ["HT", "CA"], ["SQ", "CT"], ["DA", "CK"]],
        {"type": "hochzeit", "player": "Anna"},
    )
    assert trick(game, ["DJ", "HT", "SQ", "DA"]) == 1  # a trump trick: Ben is the partner
    assert game.clarified and game.parties == [0, 0, 1, 1]


def test_002_L33_the_first_trick_won_by_another_player_decides() -> None:
    game = start(
        "schweinchen",
        [["CQ", "CQ", "SA"], ["SK"], ["ST"], ["SA"]],
        {"type": "hochzeit", "player": "Anna"},
    )
    assert trick(game, ["SA", "SK", "ST", "SA"]) == 0
    assert not game.clarified


def test_004_L51_no_hochzeit_deadline() -> None:
    game = start(
        "ravensburger-2015", [["CQ", "CQ"], [], [], []], {"type": "hochzeit", "player": "Anna"}
    )
    assert game.rules.hochzeit_deadline is None


# ------------------------------------------------------------------ announcements
def test_000_L57_re_until_the_5th_card_on_the_table() -> None:
    from rules_engine.calls import Call

    game = start("hausregeln-2024", [["CQ"], [], [], ["CQ"]])
    for _ in range(5):
        game.play(game.to_move, game.legal_cards(game.to_move)[0])
    game.announce(0, Call.RE, "Anna:re")  # 5 cards on the table
    game.play(game.to_move, game.legal_cards(game.to_move)[0])
    with pytest.raises(IllegalActionError) as caught:
        game.announce(1, Call.KONTRA, "Ben:kontra")  # 6 cards: too late
    assert caught.value.code is Code.CALL_AFTER_DEADLINE


def test_000_L57_keine_luecken_a_raise_after_a_skipped_trick_is_refused() -> None:
    from rules_engine.calls import Call

    game = start("hausregeln-2024", [["CQ"], [], [], ["CQ"]])
    game.announce(0, Call.RE, "Anna:re")  # 0 cards on the table
    for _ in range(8):
        game.play(game.to_move, game.legal_cards(game.to_move)[0])
    re_seat = 0
    with pytest.raises(IllegalActionError) as caught:
        game.announce(re_seat, Call.KEINE_90, "Anna:keine90")  # 8 cards, latest 5
    assert caught.value.code is Code.CALL_GAP


def test_002_L74_in_a_solo_only_re_and_kontra() -> None:
    from rules_engine.calls import Call

    game = start(
        "schweinchen", [[], [], [], []], {"type": "solo", "solo": "damen", "player": "Anna"}
    )
    game.announce(0, Call.RE, "Anna:re")
    with pytest.raises(IllegalActionError) as caught:
        game.announce(0, Call.KEINE_90, "Anna:keine90")
    assert caught.value.code is Code.CALL_NOT_IN_RULES


def test_004_L67_re_only_as_the_answer_to_kontra() -> None:
    from rules_engine.calls import Call

    game = start("ravensburger-2015", [["CQ"], ["CQ"], [], []])
    with pytest.raises(IllegalActionError) as caught:
        game.announce(0, Call.RE, "Anna:re")
    assert caught.value.code is Code.CALL_NOT_IN_RULES
    game.announce(2, Call.KONTRA, "Cem:kontra")
    game.announce(0, Call.RE, "Anna:re")
    assert game.levels == [0, 0]


# ------------------------------------------------------------------ extra games
def test_000_L81_schwarze_sau_who_takes_the_second_pik_dame_plays_the_solo() -> None:
    rec = random_ruled_record(random.Random(5), "hausregeln-2024", 1)
    rec["game"] = {"type": "schwarze_sau"}
    rules = parse_rules("hausregeln-2024")
    game = game_from_ruled_record(rec, rules)
    play_out(game)
    taker = next(
        t[3]
        for n, t in enumerate(game.tricks)
        if sum(x[1].count("SQ") for x in game.tricks[: n + 1]) == 2
    )
    assert game.player == taker and game.parties[taker] == 0
    summary = game.summary_record()
    assert summary["re"] == [NAMES[taker]] and "calls" not in summary


def test_000_L79_hammelrennen_each_for_himself_no_calls() -> None:
    from rules_engine.calls import Call

    rec = random_ruled_record(random.Random(6), "hausregeln-2024", 1)
    rec["game"] = {"type": "hammelrennen"}
    game = game_from_ruled_record(rec, parse_rules("hausregeln-2024"))
    with pytest.raises(IllegalActionError) as caught:
        game.announce(0, Call.RE, "Anna:re")
    assert caught.value.code is Code.CALL_NOT_IN_RULES
    play_out(game)
    assert sum(game.summary_record()["eyes"].values()) == 240


def test_004_L83_hammelrennen_the_first_to_60() -> None:
    rec = random_ruled_record(random.Random(7), "ravensburger-2015", 1)
    rec["game"] = {"type": "hammelrennen"}
    game = game_from_ruled_record(rec, parse_rules("ravensburger-2015"))
    play_out(game)
    assert game.summary_record()["first_to_60"] in NAMES


# ------------------------------------------------------------------ Armut
def _poor_deal(rules_value: Any) -> dict[str, list[str]]:
    rules = parse_rules(rules_value)
    fehl = [c for c in deck_codes(rules.deck) if c[1] not in "QJ" and c[0] != "D" and c != "HT"]
    return deal(rules_value, [[*fehl[: rules.tricks - 2], "DK", "DK"], [], [], []])


def test_000_L34_trumpfabgabe_gives_only_the_trumps_and_gets_as_many_back() -> None:
    hands = _poor_deal("hausregeln-2024")
    ben = hands["Ben"]
    game = {"type": "armut", "player": "Anna", "partner": "Ben", "gives": ["DK", "DK"],
            "returns": ben[:2]}  # fmt: skip
    ruled = game_from_ruled_record(
        record("hausregeln-2024", hands, game), parse_rules("hausregeln-2024")
    )
    assert ruled.parties == [0, 0, 1, 1]
    assert sorted(ruled.hands[0]) == sorted(hands["Anna"][:-2] + ben[:2])
    bad = dict(game, gives=["DK"])
    with pytest.raises(DokoError) as caught:
        replay_record(record("hausregeln-2024", hands, bad))
    assert caught.value.code is Code.ARMUT_GIVES_NOT_TRUMPS


def test_000_L34_more_than_three_trumps_is_no_trumpfabgabe() -> None:
    hands = deal("hausregeln-2024", [["DK", "DK", "DQ", "DQ"], [], [], []])
    game = {"type": "armut", "player": "Anna", "partner": "Ben", "gives": [], "returns": []}
    with pytest.raises(DokoError) as caught:
        replay_record(record("hausregeln-2024", hands, game))
    assert caught.value.code is Code.ARMUT_TOO_MANY_TRUMPS


def test_001_L87_the_taker_returns_every_fehl_card_first() -> None:
    hands = _poor_deal("reglement-2001")
    ben = hands["Ben"]
    order_trump = [c for c in ben if c[1] in "QJ" or c[0] == "D" or c == "HT"]
    fehl = [c for c in ben if c not in order_trump]
    game = {"type": "armut", "player": "Anna", "partner": "Ben", "gives": ["DK", "DK"]}
    if fehl and order_trump:
        with pytest.raises(DokoError) as caught:
            replay_record(
                record("reglement-2001", hands, dict(game, returns=[order_trump[0], "DK"]))
            )
        assert caught.value.code is Code.ARMUT_FEHL_FIRST


def test_002_L72_armut_not_in_ravensburger_without_the_variant() -> None:
    hands = _poor_deal("ravensburger-2015")
    game = {
        "type": "armut",
        "player": "Anna",
        "partner": "Ben",
        "gives": ["DK", "DK"],
        "returns": [],
    }
    with pytest.raises(DokoError) as caught:
        replay_record(record("ravensburger-2015", hands, game))
    assert caught.value.code is Code.TYPE_NOT_IN_RULES


# ------------------------------------------------------------------ Sonderpunkte
def test_000_L73_herzstich_is_found_from_the_tricks() -> None:
    game = start("hausregeln-2024", [["HA", "CQ"], ["HK"], ["HA", "CQ"], ["HK"]])
    trick(game, ["HA", "HK", "HA", "HK"])
    play_out(game)
    specials = game.summary_record().get("specials", {})
    assert specials.get("re", {}).get("herzstich") == 1


def test_002_L70_karlchen_gefangen_in_the_last_trick() -> None:
    for seed in range(300):
        rec = random_ruled_record(random.Random(seed), "schweinchen", seed)
        if rec["game"]["type"] != "normal":
            continue
        out = replay_record(rec)
        game = game_from_ruled_record(rec, parse_rules("schweinchen"))
        play = [a for a in rec["actions"]]
        for n, action in enumerate(play, 1):
            from rules_engine.ruledplay import apply_ruled_action

            apply_ruled_action(game, n, action)
        leader, codes, _, winner = game.tricks[-1]
        caught = sum(
            1
            for i, c in enumerate(codes)
            if c == "CJ" and game.parties[(leader + i) % 4] != game.parties[winner]
        )
        party = "re" if game.parties[winner] == 0 else "kontra"
        found = out["summary"].get("specials", {}).get(party, {}).get("karlchen_gefangen", 0)
        assert found == caught
        if caught:
            return
    pytest.fail("no Karlchen gefangen in 300 games")


# ------------------------------------------------------------------ findings
def test_replay_an_illegal_card_is_refused_with_its_action_number() -> None:
    hands = deal("schweinchen", [["CA"], [], [], []])
    with pytest.raises(IllegalActionError) as caught:
        replay_record(record("schweinchen", hands, {"type": "normal"}, ["Ben:CA"]))
    assert caught.value.code is Code.NOT_YOUR_TURN
    assert caught.value.finding.action == 1


def test_replay_a_game_cut_short_is_refused() -> None:
    hands = deal("schweinchen", [[], [], [], []])
    with pytest.raises(DokoError) as caught:
        replay_record(record("schweinchen", hands, {"type": "normal"}, []))
    assert caught.value.code is Code.RULED_GAME_CUT_SHORT


# ------------------------------------------------------------------ properties per preset
@SETTINGS
@given(key=st.sampled_from(KEYS), seed=st.integers(0, 2**32 - 1))
def test_random_legal_games_replay_and_score_as_their_summary(key: str, seed: int) -> None:
    rec = random_ruled_record(random.Random(seed), key, seed)
    out = replay_record(rec)
    summary = out.pop("summary")
    assert score_record(dict(summary, id=seed, players=NAMES, rules=key)) == out


@SETTINGS
@given(key=st.sampled_from(KEYS), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_an_illegal_card_is_refused_never_scored(key: str, seed: int, data: st.DataObject) -> None:
    rec = random_ruled_record(random.Random(seed), key, seed)
    actions = rec["actions"]
    cards = [i for i, a in enumerate(actions) if not a.endswith(("re", "kontra", "0", "schwarz"))]
    index = data.draw(st.sampled_from(cards))
    name = actions[index].rpartition(":")[0]
    hand = list(rec["hands"][name])
    if rec["game"].get("type") == "armut":
        return  # the exchange changes the hands
    for action in actions[:index]:
        if action.startswith(name + ":") and action.rpartition(":")[2][:2] in hand:
            hand.remove(action.rpartition(":")[2][:2])
    gone = [c for c in deck_codes(parse_rules(key).deck) if c not in hand]
    wrong = data.draw(st.sampled_from(gone))
    rec["actions"] = [*actions[:index], f"{name}:{wrong}", *actions[index + 1 :]]
    with pytest.raises(DokoError) as caught:
        replay_record(rec)
    assert caught.value.finding.action == index + 1


def test_001_L69_a_hochzeiter_alone_may_have_fewer_than_three_tricks_under_a_selector() -> None:
    summary = {
        "id": 1,
        "players": NAMES,
        "type": "hochzeit",
        "re": ["Anna"],
        "re_eyes": 40,
        "re_tricks": 1,
    }
    assert score_record(dict(summary, rules="reglement-2001"))["winner"] == "kontra"
    with pytest.raises(DokoError) as caught:
        score_record(dict(summary, rules="schweinchen", re_eyes=30))
    assert caught.value.code is Code.HOCHZEIT_ALONE_TRICKS


def test_002_D22_no_schweinchen_in_a_damensolo_and_no_call_after_the_last_card() -> None:
    with pytest.raises(DokoError) as caught:
        start(
            "schweinchen",
            [["DA", "DA"], [], [], []],
            {"type": "solo", "solo": "damen", "player": "Anna", "schweinchen": True},
        )
    assert caught.value.code is Code.FIELD_NOT_IN_RULES
    from rules_engine.calls import Call

    game = start("hausregeln-2024", [["CQ"], ["CQ"], [], []])
    play_out(game)
    with pytest.raises(IllegalActionError) as caught_call:
        game.announce(0, Call.RE, "Anna:re")
    assert caught_call.value.code is Code.CALL_AFTER_END


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), call_rate=st.sampled_from([0.0, 0.08, 0.3]))
def test_003_the_ruled_replay_under_the_ddv_rules_agrees_with_the_ddv_replay(
    seed: int, call_rate: float
) -> None:
    """The general card play, given the DDV rule set, plays and scores every random legal
    DDV game (calls with the Hochzeit shift and the Erwiderung included) as the DDV engine."""
    from rules_engine.ruledplay import replay_ruled_record
    from rules_engine.rulesets import DDV
    from rules_engine.simulate import random_record

    rec = random_record(random.Random(seed), seed, call_rate)
    ddv = replay_record(rec)
    ruled = replay_ruled_record(rec, DDV)
    assert (ruled["winner"], ruled["value"], ruled["scores"]) == (
        ddv["winner"],
        ddv["value"],
        ddv["scores"],
    )
