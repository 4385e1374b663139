"""Writing at the table, service level (no HTTP): games, corrections, penalties, time.

``tournament.domain.score_lists`` (add, correct, delete with the per-table version check and
who may do what), ``entries`` (records from what the list-keeper taps in), ``tables`` (access
codes, locks, the clock, Nachspielzeit, time up) and ``sheets`` (the page model). Tables are
built with the model helpers of ``test_app_scorelists`` and started with the round service, so
the round's life cycle is the real one. A refused change is followed by the rollback the page
does, then nothing may have changed. Tests of a rule are named after its TSR paragraph.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import func, select

from rules_engine.cards import TOTAL_EYES
from rules_engine.scorelist import check_list
from rules_engine.scoring import EYE_SUMS, TRICKS
from tests.support.scorelists import (
    KEEPER,
    add_entry,
    complete_entries,
    delete_entry,
    leitung,
    make_tournament,
    make_user,
    normal,
    normals,
    replace_entry,
    schiri,
    seated,
    user,
)
from tournament.domain import list_entries as entries
from tournament.domain import list_sheet, list_store, score_lists, table_clock, table_play
from tournament.domain.errors import ScoreListRefused, ServiceError, StaleList
from tournament.domain.score_lists import Actor
from tournament.extensions import db
from tournament.models import (
    AuditEvent,
    DrawMethod,
    ListEntry,
    Round,
    RoundStatus,
    RoundTable,
    utcnow,
)
from tournament.rounds import service as rounds

ENGLISH = re.compile(r"\b(only after|must play|is given as|deals this game|not one of)\b")


# ------------------------------------------------------------------ set-up


@pytest.fixture
def ctx(app: Flask) -> Iterator[None]:
    with app.app_context():
        yield


def solo(kind: str, player: str, eyes: int = 150, suit: str = "kreuz") -> dict[str, Any]:
    return entries.game(kind=kind, re=[player], re_eyes=eyes, solo=suit)


def add(actor: Actor, table: RoundTable, entry: dict[str, Any]) -> dict[str, Any]:
    """Add ``entry`` from a page showing the current version, and commit."""
    report = add_entry(actor, table, table.version, entry)
    db.session.commit()
    return report


def store(table: RoundTable, entries_: list[dict[str, Any]]) -> None:
    """Set up a list in one go (the whole-list service) and commit."""
    score_lists.replace_entries(table, entries_, user("leitung"))
    db.session.commit()


def stored(table: RoundTable) -> list[dict[str, Any]]:
    query = select(ListEntry).where(ListEntry.table_id == table.id).order_by(ListEntry.number)
    return [json.loads(e.record) for e in db.session.execute(query).scalars()]


def points(table: RoundTable) -> dict[str, int]:
    return {str(seat.registration.start_number): seat.points for seat in table.seats}


def events(table: RoundTable) -> list[tuple[str, int | None, Any, Any]]:
    query = (
        select(AuditEvent)
        .where(AuditEvent.object_type == "round_table", AuditEvent.object_id == table.id)
        .order_by(AuditEvent.id)
    )
    return [
        (e.action, e.user_id, json.loads(e.old_value or "null"), json.loads(e.new_value or "null"))
        for e in db.session.execute(query).scalars()
    ]


def state(table: RoundTable) -> tuple[Any, ...]:
    """What a refused change must leave as it was: version, entries, totals, audit log."""
    db.session.expire_all()
    audit_count = db.session.execute(select(func.count(AuditEvent.id))).scalar_one()
    return table.version, stored(table), points(table), audit_count


def assert_german(messages_: list[str], *names: str) -> None:
    """Refusals are German sentences (no untranslated engine message) that name players by
    name, not by their start numbers (the engine's keys)."""
    assert messages_
    for text in messages_:
        assert not ENGLISH.search(text), text
        assert not re.search(r"'\d+'|\b\d+ (ist|darf|muss|gibt)\b", text), text
    for name in names:
        assert any(name in text for text in messages_), (name, messages_)


# ------------------------------------------------------------------ add_entry


def test_tsr_3_3_1_a_new_game_gets_the_dealer_the_rules_name_position_1_first(ctx: None) -> None:
    table = seated()
    assert table.version == 1
    first = add(KEEPER, table, normal(["1", "3"]))
    assert table.version == 2
    second = add(leitung(), table, normal(["2", "3"], eyes=100))
    assert table.version == 3
    assert [e["dealer"] for e in stored(table)] == ["1", "2"]
    assert first["totals"] == {"1": 1, "2": -1, "3": 1, "4": -1}
    assert second["totals"] == {"1": 3, "2": -3, "3": -1, "4": 1}  # Kontra won: 2 (TSR 7.2.2)
    assert points(table) == second["totals"]
    assert second["next_dealer"] == "3"
    [(action, by, old, new), (action2, by2, _, new2)] = events(table)
    assert (action, by, old) == ("add_list_entry", None, None)
    assert new == {
        "entry": 1,
        "record": {**normal(["1", "3"]), "dealer": "1"},
        "version": 2,
        "via": "Tischcode",
    }
    assert (action2, by2) == ("add_list_entry", user("leitung").id)
    assert new2 == {"entry": 2, "record": stored(table)[1], "version": 3}


def test_a_quick_game_is_stored_with_its_dealer_and_an_info(ctx: None) -> None:
    table = seated()
    quick = entries.quick_game(
        kind="normal", points={"1": 3, "2": -3, "3": 3, "4": -3}, winners=["1", "3"]
    )
    report = add(KEEPER, table, quick)
    assert stored(table) == [{**quick, "dealer": "1"}]
    assert points(table) == {"1": 3, "2": -3, "3": 3, "4": -3}
    assert "TSR 7.3" in [f["rule"] for f in report["findings"] if f["level"] == "info"]


def test_tsr_4_3_1_lustsolo_before_the_own_pflichtsolo_is_refused_nothing_changes(
    ctx: None,
) -> None:
    table = seated()
    add(KEEPER, table, normal(["1", "3"]))
    before = state(table)
    with pytest.raises(ScoreListRefused) as refused:
        add_entry(KEEPER, table, table.version, solo("lustsolo", "2", suit="damen"))
    db.session.rollback()
    assert [f["rule"] for f in refused.value.errors] == ["TSR 4.3.1"]
    assert str(refused.value).startswith("Nicht gespeichert")
    assert_german(refused.value.messages, "Ben")
    assert state(table) == before


def test_tsr_4_2_3_a_normalspiel_while_a_vorfuehrung_is_due_is_refused(ctx: None) -> None:
    table = seated()
    store(table, normals(table, 20))  # 4 games left, 4 Pflichtsoli missing
    assert list_sheet.sheet(table).vorfuehrung == "Ben"  # left of Anna, who deals game 21
    before = state(table)
    with pytest.raises(ScoreListRefused) as refused:
        add_entry(KEEPER, table, table.version, normal(["1", "2"]))
    db.session.rollback()
    assert [f["rule"] for f in refused.value.errors] == ["TSR 4.2.3"]
    assert_german(refused.value.messages, "Ben")
    assert state(table) == before
    # Nor is a Vorführung by somebody else.
    with pytest.raises(ScoreListRefused):
        add_entry(KEEPER, table, table.version, solo("vorfuehrung", "3"))
    db.session.rollback()
    assert state(table) == before


@pytest.mark.parametrize("eyes", [1, 239, 241, -5])
def test_tsr_2_2_impossible_augen_are_refused(ctx: None, eyes: int) -> None:
    table = seated()
    before = state(table)
    with pytest.raises(ScoreListRefused) as refused:
        add_entry(KEEPER, table, table.version, normal(["1", "2"], eyes=eyes))
    db.session.rollback()
    assert [f["rule"] for f in refused.value.errors] == ["TSR 2.2"]
    assert all("Augen" in text for text in refused.value.messages)
    assert state(table) == before


def test_an_entry_json_cannot_hold_is_refused_before_the_engine_sees_it(ctx: None) -> None:
    table = seated()
    before = state(table)
    with pytest.raises(ScoreListRefused) as refused:
        add_entry(KEEPER, table, table.version, {**normal(["1", "2"]), "note": float("nan")})
    db.session.rollback()
    assert refused.value.messages == [
        "Eintrag 1: nicht als JSON speicherbar (Out of range float values are not JSON "
        "compliant) (TSR 8.4)"
    ]
    assert state(table) == before


def test_tsr_8_5_a_game_after_the_last_one_is_refused_as_the_list_is_complete(
    ctx: None,
) -> None:
    table = seated()
    store(table, complete_entries(table, seed=11))
    before = state(table)
    with pytest.raises(ScoreListRefused) as refused:
        add_entry(KEEPER, table, table.version, normal(["1", "2"]))
    db.session.rollback()
    assert [f["rule"] for f in refused.value.errors] == ["TSR 8.5"]
    assert_german(refused.value.messages)
    assert "vollständig" in refused.value.messages[0]
    assert state(table) == before


def test_trial_reports_without_storing(ctx: None) -> None:
    table = seated()
    add(KEEPER, table, normal(["1", "3"]))
    before = state(table)
    game = score_lists.with_dealer(table, normal(["2", "4"], eyes=200))
    assert game["dealer"] == "2"
    report = list_store.trial(table, [*list_store.entries_of(table), game])
    assert report["valid"]
    assert report["rows"][-1]["points"] == {"1": -3, "2": 3, "3": -3, "4": 3}
    assert state(table) == before
    # A dealer already written is left as it is (and checked by the engine).
    assert score_lists.with_dealer(table, {**game, "dealer": "4"})["dealer"] == "4"
    penalty = entries.penalty(category="geringfuegig", offender="1")
    assert score_lists.with_dealer(table, penalty) == penalty


# ------------------------------------------------------------------ Pflichtsolo, table of five


def test_tsr_3_3_1_the_same_dealer_deals_again_after_a_pflichtsolo(ctx: None) -> None:
    table = seated()
    report = add(KEEPER, table, solo("pflichtsolo", "3"))
    assert report["next_dealer"] == "1"
    add(KEEPER, table, normal(["2", "4"]))
    add(KEEPER, table, solo("pflichtsolo", "1", eyes=80))
    report = add(KEEPER, table, normal(["1", "4"]))
    assert [e["dealer"] for e in stored(table)] == ["1", "1", "2", "2"]
    assert report["next_dealer"] == "3"
    assert report["pflicht_missing"] == ["2", "4"]
    assert points(table) == report["totals"]
    # The Pflichtsolo counts: a second one by Cem is refused, a Lustsolo now allowed (4.3.1).
    with pytest.raises(ScoreListRefused) as refused:
        add_entry(KEEPER, table, table.version, solo("pflichtsolo", "3"))
    db.session.rollback()
    assert [f["rule"] for f in refused.value.errors] == ["TSR 8.6"]
    assert_german(refused.value.messages, "Cem")
    add(KEEPER, table, solo("lustsolo", "3", suit="buben"))


def test_tsr_4_2_5_the_deal_passes_on_after_a_vorgefuehrtes_pflichtsolo(ctx: None) -> None:
    table = seated()
    store(table, normals(table, 20))
    report = add(KEEPER, table, solo("vorfuehrung", "2"))
    assert report["next_dealer"] == "2"
    assert report["vorfuehrung"] == "3"
    for player in ("3", "4", "1"):
        report = add(KEEPER, table, solo("vorfuehrung", player))
    assert [e["dealer"] for e in stored(table)[20:]] == ["1", "2", "3", "4"]
    assert report["complete"] and report["valid"]
    assert report["pflicht_missing"] == []


def test_tsr_10_1_at_a_table_of_five_the_dealer_sits_out(ctx: None) -> None:
    table = seated(5)
    page = list_sheet.sheet(table)
    assert (page.next_dealer, page.sits_out, page.planned, page.games_left) == (
        "Anna",
        "Anna",
        30,
        30,
    )
    before = state(table)
    with pytest.raises(ScoreListRefused) as refused:
        add_entry(KEEPER, table, table.version, normal(["1", "2"]))
    db.session.rollback()
    assert_german(refused.value.messages, "Anna")
    assert state(table) == before
    report = add(KEEPER, table, normal(["2", "3"]))
    assert report["rows"][0]["points"] == {"1": 0, "2": 1, "3": 1, "4": -1, "5": -1}
    assert report["sits_out"] == "2"
    # A Pflichtsolo: Ben deals again and sits out again (3.3.1, 10.1).
    report = add(KEEPER, table, solo("pflichtsolo", "5"))
    assert report["rows"][-1]["points"]["2"] == 0
    assert (report["next_dealer"], report["sits_out"]) == ("2", "2")
    assert list_sheet.sheet(table).sits_out == "Ben"


def test_tsr_10_2_a_table_of_five_plays_30_games(ctx: None) -> None:
    table = seated(5)
    full = complete_entries(table, seed=12)
    assert sum(1 for e in full if e["kind"] == "game") == 30
    store(table, full)
    page = list_sheet.sheet(table)
    assert page.complete and page.valid and page.games_played == 30
    assert page.status == "green"
    assert sum(points(table).values()) == 0


# ------------------------------------------------------------------ the version check


def test_the_same_entry_sent_again_is_recognised_as_already_saved(ctx: None) -> None:
    """A double click or a retried request: the second copy is not stored."""
    table = seated()
    version = table.version
    game = normal(["1", "3"])
    add_entry(KEEPER, table, version, game)
    db.session.commit()
    before = state(table)
    with pytest.raises(StaleList) as stale:
        add_entry(KEEPER, table, version, game)
    db.session.rollback()
    assert stale.value.already_saved == 1
    assert "schon gespeichert" in str(stale.value)
    assert state(table) == before
    assert len(stored(table)) == 1


def test_an_entry_from_an_older_page_is_refused_saying_what_changed(ctx: None) -> None:
    """Two devices on one list: the second learns what the first wrote."""
    table = seated()
    version = table.version
    add_entry(KEEPER, table, version, normal(["1", "3"]))
    db.session.commit()
    before = state(table)
    with pytest.raises(StaleList) as stale:
        add_entry(leitung(), table, version, normal(["2", "4"]))
    db.session.rollback()
    assert stale.value.already_saved is None
    assert stale.value.changes == ["Eintrag 1 (Normalspiel, Re: Anna, Cem) hinzugefügt"]
    assert "anderen Gerät" in str(stale.value)
    assert state(table) == before

    # A correction and a deletion are described too; a resent entry among other changes is
    # not taken as already saved.
    version = table.version
    add(KEEPER, table, normal(["2", "4"]))
    replace_entry(KEEPER, table, table.version, 2, normal(["2", "3"]))
    db.session.commit()
    delete_entry(KEEPER, table, table.version, 2)
    db.session.commit()
    with pytest.raises(StaleList) as stale:
        add_entry(KEEPER, table, version, normal(["2", "4"]))
    db.session.rollback()
    assert stale.value.already_saved is None
    assert stale.value.changes == [
        "Eintrag 2 (Normalspiel, Re: Ben, Dora) hinzugefügt",
        "Eintrag 2 (Normalspiel, Re: Ben, Cem) korrigiert",
        "Eintrag 2 (Normalspiel, Re: Ben, Cem) gelöscht",
    ]
    assert len(stored(table)) == 1


def test_a_correction_from_an_older_page_is_refused_saying_what_changed(ctx: None) -> None:
    """The list-keeper's page showed game 1 as the last; another device added game 2."""
    table = seated()
    add(KEEPER, table, normal(["1", "3"]))
    version = table.version
    add(KEEPER, table, normal(["2", "4"]))
    before = state(table)
    with pytest.raises(StaleList) as stale:
        replace_entry(KEEPER, table, version, 1, normal(["1", "2"]))
    db.session.rollback()
    assert stale.value.changes == ["Eintrag 2 (Normalspiel, Re: Ben, Dora) hinzugefügt"]
    with pytest.raises(StaleList):
        delete_entry(KEEPER, table, version, 1)
    db.session.rollback()
    assert state(table) == before


def test_what_changed_names_penalties_nachspielzeit_and_time_up(ctx: None) -> None:
    table = seated()
    version = table.version
    penalty = entries.penalty(category="geringfuegig", offender="2")
    table_play.add_penalty(schiri(), table, table.version, penalty)
    table_play.grant_extension(schiri(), table, table.version, 5, "Reklamation")
    table_play.mark_time_up(leitung(), table, table.version, False)
    db.session.commit()
    with pytest.raises(StaleList) as stale:
        add_entry(KEEPER, table, version, normal(["1", "3"]))
    db.session.rollback()
    assert stale.value.changes == [
        "Eintrag 1 (Strafpunkte gegen Ben) hinzugefügt",
        "Eintrag 2 (Nachspielzeit 5 Minuten) hinzugefügt",
        "Eintrag 3 (Zeit abgelaufen) hinzugefügt",
    ]


def test_a_penalty_sent_twice_is_stored_once(ctx: None) -> None:
    table = seated()
    version = table.version
    penalty = entries.penalty(category="geringfuegig", offender="2")
    table_play.add_penalty(schiri(), table, version, penalty)
    db.session.commit()
    with pytest.raises(StaleList) as stale:
        table_play.add_penalty(schiri(), table, version, penalty)
    db.session.rollback()
    assert stale.value.already_saved == 1
    assert len(stored(table)) == 1


@pytest.mark.parametrize("same", [True, False], ids=["same game", "two games"])
def test_two_devices_sending_at_once_store_one_entry(app: Flask, same: bool) -> None:
    """Two requests from pages of the same version at the same moment: exactly one is
    stored; the other learns that it was already saved, or what was saved instead."""
    with app.app_context():
        table = seated()
        table_id, version = table.id, table.version
    sent = [normal(["1", "3"]), normal(["1", "3"] if same else ["2", "4"])]
    barrier = threading.Barrier(2)
    outcomes: list[object] = [None, None]

    def send(index: int) -> None:
        # A POST request's context: on SQLite the transaction begins with BEGIN IMMEDIATE.
        with app.test_request_context("/", method="POST"):
            barrier.wait()
            table = db.session.get(RoundTable, table_id)
            assert table is not None
            try:
                add_entry(KEEPER, table, version, sent[index])
                db.session.commit()
                outcomes[index] = "stored"
            except StaleList as stale:
                db.session.rollback()
                outcomes[index] = stale

    threads = [threading.Thread(target=send, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert outcomes.count("stored") == 1
    [stale] = [o for o in outcomes if isinstance(o, StaleList)]
    assert stale.already_saved == (1 if same else None)
    assert len(stale.changes) == 1
    with app.app_context():
        after = db.session.get(RoundTable, table_id)
        assert after is not None
        assert after.version == version + 1
        assert len(stored(after)) == 1


@pytest.mark.parametrize("version", [0, -1, 2**31 - 1, 2**40])
def test_versions_out_of_range_are_refused(ctx: None, version: int) -> None:
    table = seated()
    add(KEEPER, table, normal(["1", "3"]))
    before = state(table)
    with pytest.raises(StaleList):
        add_entry(KEEPER, table, version, normal(["2", "4"]))
    db.session.rollback()
    with pytest.raises(StaleList):
        replace_entry(leitung(), table, version, 1, normal(["2", "4"]))
    db.session.rollback()
    with pytest.raises(StaleList):
        delete_entry(leitung(), table, version, 1)
    db.session.rollback()
    assert state(table) == before


def test_a_version_never_given_out_is_refused(ctx: None) -> None:
    table = seated()
    before = state(table)
    with pytest.raises(StaleList) as stale:
        add_entry(KEEPER, table, table.version + 1, normal(["1", "3"]))
    db.session.rollback()
    assert stale.value.changes == [] and stale.value.already_saved is None
    assert state(table) == before


# ------------------------------------------------------------------ corrections and deletions


def five_games(table: RoundTable) -> None:
    """Anna, Ben (Cem's Pflichtsolo), Ben, Cem (Cem's Lustsolo), Dora deal games 1-5."""
    store(
        table,
        [
            {**normal(["1", "2"]), "dealer": "1"},
            {**solo("pflichtsolo", "3"), "dealer": "2"},
            {**normal(["2", "4"]), "dealer": "2"},
            {**solo("lustsolo", "3", suit="damen"), "dealer": "3"},
            {**normal(["1", "3"]), "dealer": "4"},
        ],
    )


def test_correcting_game_3_rechecks_the_later_games_and_keeps_its_dealer(ctx: None) -> None:
    table = seated()
    five_games(table)
    old = stored(table)
    version = table.version
    # The page sends no dealer; a dealer sent anyway is replaced by the one written.
    corrected = {**normal(["1", "4"], eyes=60), "dealer": "4"}
    report = replace_entry(schiri(), table, version, 3, corrected)
    db.session.commit()
    assert table.version == version + 1
    new = stored(table)
    assert new[2] == {**corrected, "dealer": "2"}
    assert new[:2] == old[:2] and new[3:] == old[3:]
    assert report["valid"]
    assert report["rows"][2]["points"] == {"1": -3, "2": 3, "3": 3, "4": -3}
    assert points(table) == report["totals"]
    action, by, before, after = events(table)[-1]
    assert (action, by) == ("correct_list_entry", user("schiri").id)
    assert before == {"entry": 3, "record": old[2]}
    assert after == {"entry": 3, "record": new[2], "version": version + 1}


def test_a_correction_that_makes_a_later_game_invalid_is_refused(ctx: None) -> None:
    """Game 2 as Ben's Pflichtsolo makes Cem's Lustsolo in game 4 come too early (4.3.1)."""
    table = seated()
    five_games(table)
    before = state(table)
    with pytest.raises(ScoreListRefused) as refused:
        replace_entry(leitung(), table, table.version, 2, solo("pflichtsolo", "2"))
    db.session.rollback()
    [error] = refused.value.errors
    assert error["rule"] == "TSR 4.3.1"
    assert error["message"].startswith("entry 4:")
    assert_german(refused.value.messages, "Cem")
    assert refused.value.messages[0].startswith("Spiel 4: ")  # the page counts games
    assert state(table) == before


def test_deleting_the_last_game_and_a_penalty_rechecks_the_list(ctx: None) -> None:
    table = seated()
    add(KEEPER, table, normal(["1", "3"]))
    table_play.add_penalty(
        schiri(), table, table.version, entries.penalty(category="geringfuegig", offender="4")
    )
    db.session.commit()
    add(KEEPER, table, normal(["2", "3"]))
    assert points(table) == {"1": 1, "2": 1, "3": 3, "4": -5}
    last = stored(table)[-1]
    version = table.version
    report = delete_entry(KEEPER, table, version, 3)
    db.session.commit()
    assert table.version == version + 1
    assert report["next_dealer"] == "2"
    assert points(table) == {"1": 2, "2": 0, "3": 2, "4": -4}
    action, by, old, new = events(table)[-1]
    assert (action, by) == ("delete_list_entry", None)
    assert old == {"entry": 3, "record": last}
    assert new == {"version": version + 1, "via": "Tischcode"}
    # Staff may strike the penalty in the middle of the list.
    delete_entry(schiri(), table, table.version, 2)
    db.session.commit()
    assert points(table) == {"1": 1, "2": -1, "3": 1, "4": -1}
    assert [e["kind"] for e in stored(table)] == ["game"]


def test_tsr_3_3_1_deleting_a_game_in_the_middle_is_refused_as_the_deal_would_shift(
    ctx: None,
) -> None:
    table = seated()
    five_games(table)
    before = state(table)
    with pytest.raises(ScoreListRefused) as refused:
        delete_entry(leitung(), table, table.version, 3)
    db.session.rollback()
    assert "TSR 3.3.1" in {f["rule"] for f in refused.value.errors}
    assert_german(refused.value.messages)
    assert state(table) == before


# ------------------------------------------------------------------ who may write


def test_the_list_keeper_may_correct_and_delete_only_the_last_entry_if_it_is_a_game(
    ctx: None,
) -> None:
    table = seated()
    add(KEEPER, table, normal(["1", "3"]))
    add(KEEPER, table, normal(["2", "4"]))
    before = state(table)
    earlier: list[Callable[[], object]] = [
        lambda: replace_entry(KEEPER, table, table.version, 1, normal(["1", "2"])),
        lambda: delete_entry(KEEPER, table, table.version, 1),
    ]
    for change in earlier:
        with pytest.raises(ServiceError, match="zuletzt eingetragene Spiel"):
            change()
        db.session.rollback()
    assert state(table) == before
    replace_entry(KEEPER, table, table.version, 2, normal(["2", "3"]))
    db.session.commit()
    # The last entry a penalty: not the list-keeper's to change, but staff's.
    table_play.add_penalty(
        schiri(), table, table.version, entries.penalty(category="geringfuegig", offender="1")
    )
    db.session.commit()
    before = state(table)
    with pytest.raises(ServiceError, match="zuletzt eingetragene Spiel"):
        delete_entry(KEEPER, table, table.version, 3)
    db.session.rollback()
    assert state(table) == before
    replace_entry(leitung(), table, table.version, 1, normal(["1", "4"]))
    delete_entry(schiri(), table, table.version, 3)
    db.session.commit()
    assert [e["re"] for e in stored(table)] == [["1", "4"], ["2", "3"]]


@pytest.mark.parametrize("number", [0, 3, -1])
def test_an_entry_that_does_not_exist_cannot_be_changed(ctx: None, number: int) -> None:
    table = seated()
    add(KEEPER, table, normal(["1", "3"]))
    add(KEEPER, table, normal(["2", "4"]))
    before = state(table)
    with pytest.raises(ServiceError, match=f"keinen Eintrag {number}"):
        replace_entry(leitung(), table, table.version, number, normal(["1", "2"]))
    db.session.rollback()
    with pytest.raises(ServiceError, match=f"keinen Eintrag {number}"):
        delete_entry(leitung(), table, table.version, number)
    db.session.rollback()
    assert state(table) == before


def test_a_locked_list_refuses_the_code_but_not_staff(ctx: None) -> None:
    table = seated()
    add(KEEPER, table, normal(["1", "3"]))
    tournament = table.round.tournament
    table_play.set_locked(user("leitung"), table, tournament.version, True)
    db.session.commit()
    before = state(table)
    by_code: list[Callable[[], object]] = [
        lambda: add_entry(KEEPER, table, table.version, normal(["2", "4"])),
        lambda: replace_entry(KEEPER, table, table.version, 1, normal(["1", "2"])),
        lambda: delete_entry(KEEPER, table, table.version, 1),
    ]
    for change in by_code:
        with pytest.raises(ServiceError, match="gesperrt"):
            change()
        db.session.rollback()
    assert state(table) == before
    add(schiri(), table, normal(["2", "4"]))
    replace_entry(leitung(), table, table.version, 1, normal(["1", "2"]))
    db.session.commit()
    table_play.set_locked(user("leitung"), table, tournament.version, False)
    db.session.commit()
    add(KEEPER, table, normal(["3", "4"]))
    assert len(stored(table)) == 3


def test_a_round_not_started_refuses_everybody(ctx: None) -> None:
    table = seated(start=False)
    assert table.round.status is RoundStatus.DRAWN
    for actor in (KEEPER, leitung(), schiri()):
        with pytest.raises(ServiceError, match="noch nicht begonnen"):
            add_entry(actor, table, table.version, normal(["1", "3"]))
        db.session.rollback()
    with pytest.raises(ServiceError, match="noch nicht begonnen"):
        table_play.add_penalty(
            schiri(), table, table.version, entries.penalty(category="geringfuegig", offender="1")
        )
    db.session.rollback()
    assert stored(table) == [] and table.version == 1


def test_a_finished_round_refuses_everybody(ctx: None) -> None:
    table = seated()
    store(table, complete_entries(table, seed=13))
    round_ = table.round
    rounds.finish(user("leitung"), round_, round_.tournament.version)
    db.session.commit()
    before = state(table)
    changes: list[Callable[[Actor], object]] = [
        lambda actor: add_entry(actor, table, table.version, normal(["1", "3"])),
        lambda actor: replace_entry(actor, table, table.version, 24, normal(["1"])),
        lambda actor: delete_entry(actor, table, table.version, 24),
        lambda actor: table_play.grant_extension(actor, table, table.version, 5, "Reklamation"),
    ]
    for actor in (KEEPER, leitung(), schiri()):
        for change in changes:
            with pytest.raises(ServiceError):
                change(actor)
            db.session.rollback()
    with pytest.raises(ServiceError, match="abgeschlossen"):
        delete_entry(leitung(), table, table.version, 24)
    db.session.rollback()
    with pytest.raises(ServiceError, match="vollständig"):
        table_play.mark_time_up(leitung(), table, table.version, False)
    db.session.rollback()
    assert state(table) == before


# ------------------------------------------------------------------ penalties (TSR 8.2.2, 9)


@pytest.mark.parametrize("username", ["leitung", "schiri"])
def test_tsr_9_3_a_geringfuegig_penalty_is_signed_by_the_staff_member(
    ctx: None, username: str
) -> None:
    table = seated()
    add(KEEPER, table, normal(["1", "3"]))
    record = {**entries.penalty(category="geringfuegig", offender="2"), "signed_by": "jemand"}
    report = table_play.add_penalty(Actor(user(username)), table, table.version, record)
    db.session.commit()
    penalty = stored(table)[-1]
    assert penalty["signed_by"] == username
    assert penalty["kind"] == "penalty" and "dealer" not in penalty
    row = report["rows"][-1]
    assert row["points"] == {"1": 1, "2": -3, "3": 1, "4": 1}
    assert row["signed_by"] == username
    assert report["totals"] == {"1": 2, "2": -4, "3": 2, "4": 0}
    assert points(table) == report["totals"]
    assert not [f for f in report["findings"] if f["rule"] == "TSR 8.2.2"]
    assert events(table)[-1][0] == "add_list_entry"
    page = list_sheet.sheet(table)
    assert page.rows[-1].label == "Strafpunkte: geringfügiger Regelverstoß (TSR 9.3)"
    assert page.rows[-1].details == f"gegen Ben, abgezeichnet von {username}"


def test_tsr_9_3_at_a_table_of_five_the_dealer_sitting_out_gets_no_penalty_points(
    ctx: None,
) -> None:
    table = seated(5)
    report = table_play.add_penalty(
        schiri(), table, table.version, entries.penalty(category="geringfuegig", offender="3")
    )
    assert report["rows"][-1]["points"] == {"1": 0, "2": 1, "3": -3, "4": 1, "5": 1}


def test_tsr_9_4_a_schwerwiegend_fault_in_a_normalspiel_is_dealt_again(ctx: None) -> None:
    table = seated()
    add(KEEPER, table, normal(["1", "3"]))
    report = table_play.add_penalty(
        schiri(),
        table,
        table.version,
        entries.penalty(category="schwerwiegend", offender="4", absagen=1),
    )
    db.session.commit()
    assert report["rows"][-1]["points"] == {"1": 5, "2": 5, "3": 5, "4": -15}
    assert report["games_played"] == 1 and report["next_dealer"] == "2"
    add(KEEPER, table, normal(["2", "4"]))
    assert stored(table)[-1]["dealer"] == "2"


def test_tsr_8_2_2_only_staff_enter_penalties(ctx: None) -> None:
    table = seated()
    before = state(table)
    with pytest.raises(ServiceError, match="Schiedsrichter"):
        table_play.add_penalty(
            KEEPER, table, table.version, entries.penalty(category="geringfuegig", offender="1")
        )
    db.session.rollback()
    assert state(table) == before


# ------------------------------------------------------------------ Nachspielzeit, time up


def test_tsr_8_5_1_nachspielzeit_moves_the_tables_time_limit(ctx: None) -> None:
    table = seated()
    started = utcnow()
    table.round.started_at = started
    db.session.commit()
    clock = table_clock.clock(table, list_store.check(table), now=started)
    assert (clock.minutes, clock.seconds_left, clock.text) == (100, 6000, "noch 100:00 min")
    report = table_play.grant_extension(
        schiri(), table, table.version, 5, "  Reklamation an Tisch 1 "
    )
    db.session.commit()
    assert stored(table) == [
        {"kind": "nachspielzeit", "minutes": 5, "reason": "Reklamation an Tisch 1"}
    ]
    assert report["time_limit"] == 105
    later = started + dt.timedelta(minutes=104)
    clock = table_clock.clock(table, list_store.check(table), now=later)
    assert clock.minutes == 105 and not clock.over and clock.seconds_left == 60
    clock = table_clock.clock(table, list_store.check(table), now=later + dt.timedelta(minutes=1))
    assert clock.over and clock.text == "abgelaufen"
    assert [r.label for r in list_sheet.sheet(table).extensions] == ["Nachspielzeit 5 Minuten"]
    table_play.grant_extension(leitung(), table, table.version, 60, "Stromausfall")
    table_play.grant_extension(leitung(), table, table.version, 1, "Kartenwechsel")
    assert list_store.check(table)["time_limit"] == 166


def test_tsr_8_5_1_nachspielzeit_only_by_staff_with_minutes_and_a_reason(ctx: None) -> None:
    table = seated()
    before = state(table)
    with pytest.raises(ServiceError, match="nur der Schiedsrichter"):
        table_play.grant_extension(KEEPER, table, table.version, 5, "Reklamation")
    for minutes in (0, -5, 61):
        with pytest.raises(ServiceError) as refused:
            table_play.grant_extension(schiri(), table, table.version, minutes, "Reklamation")
        assert refused.value.field == "minutes"
    for reason in ("", "   "):
        with pytest.raises(ServiceError) as refused:
            table_play.grant_extension(schiri(), table, table.version, 5, reason)
        assert refused.value.field == "reason"
    db.session.rollback()
    assert state(table) == before
    page = list_sheet.sheet(table)
    assert page.clock.minutes == 100


def test_tsr_8_5_3_time_up_while_a_game_is_dealt_finishes_it_then_vorfuehrungen(
    ctx: None,
) -> None:
    table = seated()
    store(table, [{**solo("pflichtsolo", "2"), "dealer": "1"}, *normals(table, 5)])
    report = table_play.mark_time_up(leitung(), table, table.version, True)
    db.session.commit()
    assert stored(table)[-1] == {"kind": "time_up", "being_dealt": True}
    page = list_sheet.sheet(table)
    assert page.time_up
    assert (page.games_played, page.games_left, page.struck) == (6, 4, 14)
    assert page.pflicht_missing == ["Anna", "Cem", "Dora"]
    assert page.vorfuehrung is None  # the game being dealt (a Normalspiel) comes first
    assert page.status == "yellow"
    assert report["next_dealer"] == "2"
    add(KEEPER, table, normal(["1", "2"]))
    page = list_sheet.sheet(table)
    assert (page.games_left, page.vorfuehrung) == (3, "Dora")  # Cem deals, Dora on his left
    with pytest.raises(ScoreListRefused) as refused:
        add_entry(KEEPER, table, table.version, normal(["3", "4"]))
    db.session.rollback()
    assert [f["rule"] for f in refused.value.errors] == ["TSR 4.2.3"]
    for player in ("4", "1", "3"):
        add(KEEPER, table, solo("vorfuehrung", player))
    page = list_sheet.sheet(table)
    assert page.complete and page.valid and page.status == "green"
    assert len(page.pflicht_rows) == 4
    with pytest.raises(ServiceError, match="schon als abgelaufen"):
        table_play.mark_time_up(leitung(), table, table.version, False)
    db.session.rollback()


def test_tsr_8_5_3_time_up_between_games_strikes_the_normalspiele(ctx: None) -> None:
    table = seated()
    store(table, normals(table, 5))
    table_play.mark_time_up(schiri(), table, table.version, False)
    db.session.commit()
    page = list_sheet.sheet(table)
    assert (page.games_left, page.struck) == (4, 15)
    assert page.vorfuehrung == "Cem"  # Ben deals game 6, Cem sits on his left
    with pytest.raises(ServiceError, match="schon als abgelaufen"):
        table_play.mark_time_up(schiri(), table, table.version, True)
    db.session.rollback()


def test_the_list_keeper_marks_time_up_only_when_declared_and_the_tables_time_is_over(
    ctx: None,
) -> None:
    table = seated()
    round_ = table.round
    store(table, normals(table, 3))
    report = list_store.check(table)
    assert score_lists.may_mark_time_up(leitung(), table, report)
    assert not score_lists.may_mark_time_up(KEEPER, table, report)
    with pytest.raises(ServiceError, match="noch nicht für beendet erklärt"):
        table_play.mark_time_up(KEEPER, table, table.version, False)
    db.session.rollback()

    table_play.declare_time_up(user("leitung"), round_, round_.tournament.version)
    db.session.commit()
    assert round_.time_up_at is not None
    before = state(table)
    with pytest.raises(ServiceError, match="schon abgelaufen"):
        table_play.declare_time_up(user("leitung"), round_, round_.tournament.version)
    db.session.rollback()
    assert state(table) == before
    # Time called: the regular time ends now, whatever the app's clock said (TSR 8.5.3);
    # only Nachspielzeit keeps a table playing after it.
    assert score_lists.may_mark_time_up(KEEPER, table, list_store.check(table))
    table_play.grant_extension(schiri(), table, table.version, 10, "Reklamation")
    db.session.commit()
    assert not score_lists.may_mark_time_up(KEEPER, table, list_store.check(table))
    with pytest.raises(ServiceError, match="noch Nachspielzeit"):
        table_play.mark_time_up(KEEPER, table, table.version, False)
    db.session.rollback()
    round_.time_up_at = utcnow() - dt.timedelta(minutes=11)
    db.session.commit()
    assert score_lists.may_mark_time_up(KEEPER, table, list_store.check(table))
    report = table_play.mark_time_up(KEEPER, table, table.version, True)
    db.session.commit()
    assert report["time_up"] and report["struck"] == 24 - 3 - 1 - 4
    assert events(table)[-1][3]["via"] == "Tischcode"


def test_time_up_is_declared_only_for_a_running_round(ctx: None) -> None:
    table = seated(start=False)
    round_ = table.round
    with pytest.raises(ServiceError, match="läuft nicht"):
        table_play.declare_time_up(user("leitung"), round_, round_.tournament.version)
    db.session.rollback()
    assert round_.time_up_at is None


# ------------------------------------------------------------------ entries


@pytest.mark.parametrize(
    ("eyes", "schwarz", "re_at_least", "kontra_at_least", "expected"),
    [
        (0, None, 0, 0, 1),  # Re made a trick, but of four Neunen
        (0, "re", 0, 0, 0),  # Re stayed schwarz
        (240, None, 0, 0, 11),  # Kontra made a trick of four Neunen
        (240, "kontra", 0, 0, 12),  # Kontra stayed schwarz
        (121, None, 0, 0, 6),
        (120, None, 0, 0, 6),
        (60, None, 0, 0, 3),
        (200, None, 0, 0, 10),
        (30, None, 3, 0, 3),  # Hochzeit played alone: the first three tricks
        (0 + 8, None, 3, 0, 3),  # ... with the fewest Augen three tricks can hold
        (160, None, 4, 0, 8),  # four Doppelköpfe of Re
        (80, None, 0, 4, 4),  # four Doppelköpfe of Kontra
    ],
)
def test_tricks_for_fits_the_augen(
    eyes: int, schwarz: str | None, re_at_least: int, kontra_at_least: int, expected: int
) -> None:
    tricks = entries.tricks_for(eyes, schwarz, re_at_least, kontra_at_least)
    assert tricks == expected
    assert eyes in EYE_SUMS[tricks]
    assert tricks >= re_at_least and TRICKS - tricks >= kontra_at_least


def test_tricks_for_finds_a_fitting_count_whenever_the_augen_are_possible() -> None:
    """Without schwarz each party has a trick; with a Hochzeit alone Re has three."""
    for re_at_least in (0, 3):
        lowest = max(1, re_at_least)
        for eyes in range(TOTAL_EYES + 1):
            possible = any(eyes in EYE_SUMS[k] for k in range(lowest, TRICKS))
            tricks = entries.tricks_for(eyes, None, re_at_least)
            assert 1 <= tricks <= TRICKS - 1
            assert (eyes in EYE_SUMS[tricks] and tricks >= lowest) == possible, eyes


GAMES = [
    normal(["A", "C"], eyes=0),
    normal(["A", "C"], eyes=0, schwarz="re", kontra_call="schwarz"),
    normal(["A", "C"], eyes=240, schwarz="kontra"),
    normal(["A", "C"], eyes=240, re_call="re"),
    normal(["B", "D"], eyes=165, specials={"re": {"doppelkopf": 3, "fuchs": 1}}),
    normal(["B", "D"], eyes=75, specials={"kontra": {"doppelkopf": 4, "karlchen": 1}}),
    entries.game(kind="hochzeit", re=["B"], re_eyes=30, player="B"),
    entries.game(kind="hochzeit", re=["B", "C"], re_eyes=130, player="B"),
    entries.game(kind="stille_hochzeit", re=["D"], re_eyes=121),
    entries.game(kind="pflichtsolo", re=["A"], re_eyes=0, schwarz="re", solo="buben"),
    entries.game(kind="pflichtsolo", re=["C"], re_eyes=240, schwarz="kontra", solo="fleischlos"),
]


@pytest.mark.parametrize("game", GAMES)
def test_games_built_from_the_form_are_accepted_by_the_engine(game: dict[str, Any]) -> None:
    report = check_list({"players": ["A", "B", "C", "D"], "entries": [{**game, "dealer": "A"}]})
    assert report["valid"], report["findings"]


@pytest.mark.parametrize("kind", list(entries.KINDS))
def test_kind_of_reads_back_the_forms_game_kind(kind: str) -> None:
    record = entries.game(kind=kind, re=["A"], re_eyes=150, solo="kreuz")
    assert entries.kind_of(record) == kind
    quick = entries.quick_game(kind=kind, points={}, winners=[])
    assert entries.kind_of(quick) == kind


# ------------------------------------------------------------------ the page model


def test_tsr_4_2_4_pflichtsoli_are_in_their_own_section(ctx: None) -> None:
    table = seated()
    add(KEEPER, table, normal(["1", "3"]))
    add(KEEPER, table, solo("pflichtsolo", "3", suit="damen"))
    add(KEEPER, table, solo("lustsolo", "3", eyes=60, suit="herz"))
    table_play.add_penalty(
        schiri(), table, table.version, entries.penalty(category="unerheblich", offender="4")
    )
    page = list_sheet.sheet(table)
    assert [r.label for r in page.pflicht_rows] == ["Pflichtsolo (Damensolo): Cem"]
    assert [r.label for r in page.normal_rows] == [
        "Normalspiel",
        "Lustsolo (Herz-Solo): Cem",
        "Strafpunkte: unerheblicher Regelverstoß (TSR 9.2)",
    ]
    pflicht = page.pflicht_rows[0]
    assert (pflicht.entry, pflicht.game, pflicht.dealer) == (2, 2, "Ben")
    assert pflicht.points == (-1, -1, 3, -1)
    assert pflicht.winners == frozenset({2})
    assert page.rows[0].details == "Re: Anna, Cem · Re 150 Augen"
    assert page.rows[-1].totals == tuple(points(table).values())
    assert [p.owes_pflicht for p in page.players] == [True, True, False, True]
    assert [p.name for p in page.players] == ["Anna", "Ben", "Cem", "Dora"]
    assert page.last_game_entry is None  # the last entry is a penalty
    assert page.pflicht_missing == ["Anna", "Ben", "Dora"]


def test_the_sheet_names_the_next_dealer_and_who_sits_out(ctx: None) -> None:
    table = seated(5)
    add(KEEPER, table, normal(["2", "3"]))
    page = list_sheet.sheet(table)
    assert (page.next_dealer, page.next_dealer_key, page.sits_out) == ("Ben", "2", "Ben")
    assert page.games_played == 1 and page.games_left == 29
    assert page.last_game_entry == 1
    assert page.rows[0].dealer == "Anna"
    assert [p.total for p in page.players] == [0, 1, 1, -1, -1]


def test_at_a_table_of_four_nobody_sits_out(ctx: None) -> None:
    table = seated()
    add(KEEPER, table, normal(["2", "3"]))
    page = list_sheet.sheet(table)
    assert (page.next_dealer, page.sits_out, page.planned) == ("Ben", None, 24)


def test_sheet_status_yellow_while_playing_red_when_time_is_over_green_when_complete(
    ctx: None,
) -> None:
    table = seated()
    store(table, normals(table, 3))
    now = utcnow()
    assert list_sheet.sheet(table, now=now).status == "yellow"
    late = now + dt.timedelta(minutes=101)
    page = list_sheet.sheet(table, now=late)
    assert page.clock.over and page.status == "red"
    table_play.mark_time_up(leitung(), table, table.version, False)
    db.session.commit()
    assert list_sheet.sheet(table, now=late).status == "yellow"  # Vorführungen still to play
    for player in ("1", "2", "3", "4"):
        add(KEEPER, table, solo("vorfuehrung", player))
    assert list_sheet.sheet(table, now=late).status == "green"


def test_a_complete_list_is_green_before_the_time_is_over(ctx: None) -> None:
    table = seated()
    store(table, complete_entries(table, seed=14))
    page = list_sheet.sheet(table)
    assert page.complete and page.status == "green" and page.next_dealer is None


def test_a_round_not_started_has_no_clock(ctx: None) -> None:
    table = seated(start=False)
    page = list_sheet.sheet(table)
    assert page.clock.deadline is None and page.clock.text == "nicht gestartet"
    assert page.status == "yellow"


# ------------------------------------------------------------------ access codes


def drawn_round() -> Round:
    """Eight players of a tournament, round 1 drawn with the draw service (two tables)."""
    leitung_user = make_user()
    tournament, _ = make_tournament([(f"Spieler {n}", "Kiel") for n in range(1, 9)])
    db.session.commit()
    round_ = rounds.draw_next_round(
        leitung_user,
        tournament,
        tournament.version,
        method=DrawMethod.RANDOM,
        seed=7,
        separate_clubs=False,
    )
    db.session.commit()
    return round_


def test_every_table_gets_an_access_code_when_the_round_is_drawn(ctx: None) -> None:
    round_ = drawn_round()
    codes = [table.access_code for table in round_.tables]
    assert len(codes) == 2 and len(set(codes)) == 2
    for code in codes:
        assert code is not None and len(code) == table_play.CODE_LENGTH
        assert set(code) <= set(table_play.CODE_ALPHABET)
    rounds.start(user("leitung"), round_, round_.tournament.version)
    db.session.commit()
    assert [table.access_code for table in round_.tables] == codes  # start keeps them
    table_play.issue_codes(round_)
    assert [table.access_code for table in round_.tables] == codes


def test_an_access_code_opens_its_table_as_typed(ctx: None) -> None:
    round_ = drawn_round()
    first, second = round_.tables
    code = first.access_code
    assert code is not None
    assert table_play.table_by_code(code) is first
    assert table_play.table_by_code(code.lower()) is first
    assert table_play.table_by_code(" ".join(code)) is first
    assert table_play.table_by_code(f" {code[:4]}-{code[4:]} ") is first
    assert table_play.table_by_code(second.access_code or "") is second
    assert table_play.table_by_code(code[:-1]) is None
    assert table_play.table_by_code(code + "A") is None
    assert table_play.table_by_code("") is None
    unknown = next(
        c for c in ("AAAAAAAA", "BBBBBBBB", "CCCCCCCC") if c not in (code, second.access_code)
    )
    assert table_play.table_by_code(unknown) is None


def test_a_renewed_or_revoked_code_stops_working_at_once(ctx: None) -> None:
    round_ = drawn_round()
    first = round_.tables[0]
    tournament = round_.tournament
    old = first.access_code or ""
    new = table_play.renew_code(user("leitung"), first, tournament.version)
    db.session.commit()
    assert new != old and first.access_code == new
    assert table_play.table_by_code(old) is None
    assert table_play.table_by_code(new) is first
    table_play.revoke_code(user("leitung"), first, tournament.version)
    db.session.commit()
    assert first.access_code is None and table_play.table_by_code(new) is None
    with pytest.raises(ServiceError, match="keinen Zugangscode"):
        table_play.revoke_code(user("leitung"), first, tournament.version)
    db.session.rollback()
    assert [e[0] for e in events(first)] == ["renew_code", "revoke_code"]


def test_no_code_opens_a_table_of_a_finished_round(ctx: None) -> None:
    round_ = drawn_round()
    tournament = round_.tournament
    rounds.start(user("leitung"), round_, tournament.version)
    db.session.commit()
    for seed, table in enumerate(round_.tables):
        store(table, complete_entries(table, seed=seed))
    codes = [table.access_code or "" for table in round_.tables]
    assert all(table_play.table_by_code(code) is not None for code in codes)
    rounds.finish(user("leitung"), round_, tournament.version)
    db.session.commit()
    assert [table_play.table_by_code(code) for code in codes] == [None, None]


def test_tsr_8_2_2_penalties_and_time_notes_only_through_their_own_forms(ctx: None) -> None:
    """The list-keeper writes games only: a penalty needs the Schiedsrichter's sign-off,
    Nachspielzeit the Schiedsrichter, time up its time (each refused in the one write path)."""
    table = seated()
    before = state(table)
    for entry, why in (
        ({"kind": "penalty", "category": "geringfuegig", "offender": "1"}, "PENALTY_NOT_ALLOWED"),
        (
            {"kind": "nachspielzeit", "minutes": 30, "reason": "selbst genehmigt"},
            "EXTENSION_NOT_ALLOWED",
        ),
        ({"kind": "time_up", "being_dealt": False}, "TIME_NOT_CALLED"),
    ):
        with pytest.raises(ServiceError) as refused:
            add_entry(KEEPER, table, table.version, entry)
        assert refused.value.code.name == why
        db.session.rollback()
    assert state(table) == before


# ------------------------------------------------------------------ reports stored with lists


def _engine_must_not_run(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(record: dict[str, Any]) -> dict[str, Any]:
        raise AssertionError("the engine checked a list whose report is stored")

    monkeypatch.setattr(list_store, "_engine_report", refuse)


def test_a_restarted_server_uses_the_report_stored_with_the_list(
    ctx: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = seated()
    store(table, normals(table, 5))
    expected = list_store.check(table)
    list_store.forget_reports()  # as after a restart
    db.session.expire_all()
    _engine_must_not_run(monkeypatch)
    assert list_store.check(db.session.get(RoundTable, table.id)) == expected


def test_a_report_stored_for_other_entries_is_not_used(ctx: None) -> None:
    table = seated()
    store(table, normals(table, 5))
    before = list_store.check(table)
    # The list changed behind the service's back (by hand in the database): its stored
    # report no longer fits, and the engine checks the list as it is now.
    last = table.entries[-1]
    last.record = json.dumps({**json.loads(last.record), "re_eyes": 100})
    db.session.commit()
    list_store.forget_reports()
    now = list_store.check(table)
    assert now == check_list(list_store.list_record(table), finding_data=True)
    assert now["totals"] != before["totals"]


def test_a_report_made_by_another_engine_is_not_used(
    ctx: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = seated()
    store(table, normals(table, 5))
    list_store.forget_reports()
    monkeypatch.setattr(list_store, "ENGINE_SOURCE", "a newer engine")
    _engine_must_not_run(monkeypatch)
    with pytest.raises(AssertionError):
        list_store.check(table)


def test_a_corrected_entry_reads_back_corrected_before_the_commit(ctx: None) -> None:
    """The change is written with Core statements: the session must not hand out the old
    entry's object for the new row, which SQLite may give the old row's id."""
    table = seated()
    store(table, normals(table, 3))
    table = db.session.get(RoundTable, table.id)
    assert table is not None
    loaded = list(table.entries)  # as objects, still held by someone
    corrected = normal(["2", "4"], eyes=100)
    replace_entry(leitung(), table, table.version, 3, corrected)
    assert json.loads(table.entries[-1].record)["re"] == ["2", "4"]
    assert len(loaded) == 3
    assert list_store.entries_of(table)[-1]["re"] == ["2", "4"]
    db.session.commit()
    assert stored(table)[-1]["re"] == ["2", "4"]
