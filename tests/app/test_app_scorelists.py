"""Score lists in the database: stored only through the rules engine, seats keep the totals.

Tournaments, rounds and tables are built directly from the models (``tests/support/scorelists.py``,
which the standings and file tests use too).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import func, select

from tests.support.scorelists import complete_entries, keys, make_round, make_tournament, make_user
from tournament.domain import list_store, score_lists
from tournament.domain.errors import ScoreListRefused
from tournament.extensions import db
from tournament.models import (
    AuditEvent,
    ListEntry,
    RoundTable,
    User,
)

# ------------------------------------------------------------------ builders


def _players(count: int) -> list[tuple[str, str]]:
    return [(f"Spieler {n}", f"Verein {n % 3}") for n in range(1, count + 1)]


def _seat_points(table: RoundTable) -> dict[str, int]:
    return {str(seat.registration.start_number): seat.points for seat in table.seats}


def _stored(table_id: int) -> list[tuple[int, str, dict[str, Any]]]:
    query = select(ListEntry).where(ListEntry.table_id == table_id).order_by(ListEntry.number)
    return [(e.number, e.kind, json.loads(e.record)) for e in db.session.execute(query).scalars()]


def _audit_count() -> int:
    return db.session.execute(select(func.count(AuditEvent.id))).scalar_one()


@pytest.fixture
def table_of_four(app: Flask) -> Iterator[tuple[User, RoundTable]]:
    """An app context with one round of one table of four (start numbers 1-4), committed."""
    with app.app_context():
        user = make_user()
        tournament, regs = make_tournament(_players(4))
        make_round(tournament, 1, [regs])
        db.session.commit()
        yield user, db.session.execute(select(RoundTable)).scalar_one()


# ------------------------------------------------------------------ tests


def test_list_record_names_players_by_start_number_in_position_order(app: Flask) -> None:
    with app.app_context():
        make_user()
        tournament, regs = make_tournament(_players(9))
        round_ = make_round(
            tournament,
            2,
            [[regs[6], regs[2], regs[8], regs[0]], [regs[i] for i in (1, 3, 4, 5, 7)]],
        )
        db.session.commit()
        first, second = round_.tables
        assert list_store.list_record(first) == {
            "id": "r2-t1",
            "players": ["7", "3", "9", "1"],
            "entries": [],
        }
        assert list_store.list_record(second)["players"] == ["2", "4", "5", "6", "8"]


def test_stored_complete_list_sets_each_seat_to_the_engine_total(
    table_of_four: tuple[User, RoundTable],
) -> None:
    user, table = table_of_four
    entries = complete_entries(table, seed=1)
    report = score_lists.replace_entries(table, entries, user)
    db.session.commit()
    assert report["valid"] and report["complete"]
    assert report["id"] == "r1-t1"
    assert _seat_points(table) == report["totals"]
    assert sum(report["totals"].values()) == 0
    stored = _stored(table.id)
    assert [number for number, _, _ in stored] == list(range(1, len(entries) + 1))
    assert [kind for _, kind, _ in stored] == [entry["kind"] for entry in entries]
    assert [record for _, _, record in stored] == entries
    assert list_store.check(table) == report


def test_every_table_of_a_round_sums_to_zero_tables_of_five_included(app: Flask) -> None:
    with app.app_context():
        user = make_user()
        tournament, regs = make_tournament(_players(13))
        round_ = make_round(tournament, 1, [regs[0:4], regs[4:9], regs[9:13]])
        db.session.commit()
        for seed, table in enumerate(round_.tables):
            report = score_lists.replace_entries(table, complete_entries(table, seed), user)
            assert report["valid"] and report["complete"]
            assert _seat_points(table) == report["totals"]
        db.session.commit()
        tables = db.session.execute(select(RoundTable).order_by(RoundTable.number)).scalars()
        for table in tables:
            assert len(table.seats) == table.size
            assert sum(seat.points for seat in table.seats) == 0
        assert round_.tables[1].size == 5
        assert len(_stored(round_.tables[1].id)) == 30


def test_list_with_a_changed_game_score_is_refused_and_nothing_changes(
    table_of_four: tuple[User, RoundTable],
) -> None:
    user, table = table_of_four
    good = complete_entries(table, seed=2)
    score_lists.replace_entries(table, good, user)
    db.session.commit()
    before = (_stored(table.id), _seat_points(table), _audit_count())

    bad = copy.deepcopy(good)
    game = bad[4]
    first, second = list(game["points"])[:2]
    game["points"][first] += 2
    game["points"][second] -= 2
    with pytest.raises(ScoreListRefused) as refused:
        score_lists.replace_entries(table, bad, user)
    assert refused.value.errors
    assert all(f["level"] == "error" for f in refused.value.errors)
    assert any(f["message"].startswith("entry 5:") for f in refused.value.errors)
    assert str(refused.value).startswith("Nicht gespeichert")
    db.session.commit()  # whatever the service had changed would now be stored
    db.session.expire_all()
    assert (_stored(table.id), _seat_points(table), _audit_count()) == before


def test_list_with_a_wrong_dealer_is_refused_naming_the_dealer_order(
    table_of_four: tuple[User, RoundTable],
) -> None:
    user, table = table_of_four
    entries = complete_entries(table, seed=3)
    right = entries[0]["dealer"]
    entries[0]["dealer"] = next(key for key in keys(table) if key != right)
    with pytest.raises(ScoreListRefused) as refused:
        score_lists.replace_entries(table, entries, user)
    assert any(f["rule"] == "TSR 3.3.1" for f in refused.value.errors)
    db.session.commit()
    assert _stored(table.id) == []
    assert set(_seat_points(table).values()) == {0}
    assert _audit_count() == 0


def test_entry_that_is_not_a_game_entry_is_refused(table_of_four: tuple[User, RoundTable]) -> None:
    user, table = table_of_four
    with pytest.raises(ScoreListRefused):
        score_lists.replace_entries(table, [{"kind": "kaffeepause"}], user)
    with pytest.raises(ScoreListRefused):
        score_lists.replace_entries(table, [{"kind": "game", "dealer": "Anna"}], user)
    assert _stored(table.id) == []


def test_table_with_a_missing_seat_cannot_store_a_list(app: Flask) -> None:
    with app.app_context():
        user = make_user()
        tournament, regs = make_tournament(_players(4))
        round_ = make_round(tournament, 1, [regs])
        db.session.commit()
        [table] = round_.tables
        entries = complete_entries(table, seed=4)
        db.session.delete(table.seats[-1])
        db.session.commit()
        db.session.refresh(table)
        with pytest.raises(ScoreListRefused) as refused:
            score_lists.replace_entries(table, entries, user)
        assert refused.value.errors[0]["data"]["code"] == "table_size"
    assert "Ein Tisch hat 4 oder 5 Spieler, nicht 3" in refused.value.messages[0]


def test_unfinished_list_is_stored_with_the_games_still_to_play_reported(
    table_of_four: tuple[User, RoundTable],
) -> None:
    user, table = table_of_four
    entries = complete_entries(table, seed=5)[:7]
    report = score_lists.replace_entries(table, entries, user)
    db.session.commit()
    assert report["valid"] and not report["complete"]
    assert report["games_left"] == 24 - 7
    assert [f["level"] for f in report["findings"]] == ["info"]
    assert _seat_points(table) == report["totals"]
    assert len(_stored(table.id)) == 7


def test_unsigned_penalty_is_stored_with_a_warning_and_counts_in_the_totals(
    table_of_four: tuple[User, RoundTable],
) -> None:
    user, table = table_of_four
    offender = keys(table)[2]
    penalty = {"kind": "penalty", "category": "geringfuegig", "offender": offender}
    entries = [penalty, *complete_entries(table, seed=6)]
    report = score_lists.replace_entries(table, entries, user)
    db.session.commit()
    assert report["valid"]
    assert [f["rule"] for f in report["findings"] if f["level"] == "warning"] == ["TSR 8.2.2"]
    game_totals = report["rows"][-1]["totals"]
    assert game_totals == report["totals"]
    assert _seat_points(table) == report["totals"]
    assert sum(report["totals"].values()) == 0
    [penalty_row] = [row for row in report["rows"] if "penalty" in row]
    assert penalty_row["points"][offender] == -3
    assert _stored(table.id)[0][1] == "penalty"


def test_replacing_a_list_swaps_all_entries_and_audits_old_and_new_totals(
    table_of_four: tuple[User, RoundTable],
) -> None:
    user, table = table_of_four
    first = score_lists.replace_entries(table, complete_entries(table, seed=7), user)
    db.session.commit()
    shorter = complete_entries(table, seed=8)[:10]
    second = score_lists.replace_entries(table, shorter, user)
    db.session.commit()
    assert [record for _, _, record in _stored(table.id)] == shorter
    assert _seat_points(table) == second["totals"]
    events = audit_events(table.id)
    assert len(events) == 2
    old, new = events[1]
    assert old == {"entries": first["games_played"], "totals": first["totals"]}
    assert new == {"entries": 10, "totals": second["totals"], "version": 3}
    assert events[0][0] == {"entries": 0, "totals": dict.fromkeys(keys(table), 0)}


def audit_events(table_id: int) -> list[tuple[Any, Any]]:
    query = (
        select(AuditEvent)
        .where(AuditEvent.object_type == "round_table", AuditEvent.object_id == table_id)
        .order_by(AuditEvent.id)
    )
    return [
        (json.loads(e.old_value or "null"), json.loads(e.new_value or "null"))
        for e in db.session.execute(query).scalars()
    ]


def test_stored_entries_are_exactly_what_the_engine_checked(
    table_of_four: tuple[User, RoundTable],
) -> None:
    """A tuple passes a JSON round trip as a list: the check sees what will be stored."""
    user, table = table_of_four
    entries = complete_entries(table, seed=9)
    entries[0] = {**entries[0], "re": tuple(entries[0]["re"])}
    score_lists.replace_entries(table, entries, user)
    db.session.commit()
    assert isinstance(_stored(table.id)[0][2]["re"], list)
    assert list_store.check(table)["valid"]
