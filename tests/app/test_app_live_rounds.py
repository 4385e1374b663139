"""The round overview and the table plans follow every change by themselves
(``tournament.web.live``): their poll (``?stand=``) is told ``204`` while the state the page
shows is current, and gets the page with its new state after each kind of change. The public
table plan names no seed and no file; the staff find them under "Nachprüfen"."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable

from flask import Flask
from flask.testing import FlaskClient

from tests.support.scorelists import (
    KEEPER,
    add_entry,
    leitung,
    normal,
    normals,
    replace_entry,
    schiri,
    seated,
    user,
)
from tests.support.webapp import (
    complete_lists,
    create_tournament,
    draw_round,
    live_state,
    log_out,
    paste_players,
    player_names,
    round_action,
    sign_in,
    submit,
)
from tournament.domain import list_entries as entries
from tournament.domain import table_play
from tournament.extensions import db
from tournament.models import Round, RoundTable, Tournament
from tournament.rounds import overview
from tournament.rounds import service as rounds


def _state_of(page: str, part: str) -> str:
    found = re.search(rf'id="{part}"[^>]* data-state="([^"]+)"', page)
    assert found, f"no live part {part}"
    return found.group(1)


def _moved_on(client: FlaskClient, path: str, shown: str) -> str:
    """The page's poll with the state it showed is answered with the page and a new state;
    that state is then current (204)."""
    answer = client.get(path, query_string={"stand": shown})
    assert answer.status_code == 200, path
    token = live_state(answer.get_data(as_text=True))
    assert token != shown
    assert client.get(path, query_string={"stand": token}).status_code == 204
    return token


# ------------------------------------------------------------------ the round overview


def test_the_overview_is_told_204_until_any_change_of_its_round(
    app: Flask, client: FlaskClient
) -> None:
    """Start, a saved game, a correction, a penalty, Nachspielzeit, time called, time up on a
    list, a lock, a new and a revoked code, a whole list stored and the close each move the
    overview's state on."""
    with app.app_context():
        table = seated(start=False)
        tid, table_id = table.round.tournament_id, table.id
    sign_in(app, client, "chef")
    path = f"/turniere/{tid}/runden/1/uebersicht"
    shown = live_state(client.get(path).get_data(as_text=True))
    assert client.get(path, query_string={"stand": shown}).status_code == 204

    def tournament() -> Tournament:
        return db.session.get_one(Tournament, tid)

    def the_table() -> RoundTable:
        return db.session.get_one(RoundTable, table_id)

    def the_round() -> Round:
        return the_table().round

    def game(t: RoundTable) -> None:
        add_entry(KEEPER, t, t.version, normals(t, 1)[0])

    penalty = entries.penalty(category="geringfuegig", offender="2")
    changes: list[tuple[str, Callable[[RoundTable], object]]] = [
        ("start", lambda t: rounds.start(user("leitung"), the_round(), tournament().version)),
        ("game", game),
        (
            "correction",
            lambda t: replace_entry(leitung(), t, t.version, 1, normal(["1", "3"])),
        ),
        ("penalty", lambda t: table_play.add_penalty(schiri(), t, t.version, penalty)),
        (
            "nachspielzeit",
            lambda t: table_play.grant_extension(schiri(), t, t.version, 5, "Reklamation"),
        ),
        (
            "time called",
            lambda t: table_play.declare_time_up(
                user("leitung"), the_round(), tournament().version
            ),
        ),
        ("time up on the list", lambda t: table_play.mark_time_up(leitung(), t, t.version, False)),
        ("lock", lambda t: table_play.set_locked(user("leitung"), t, tournament().version, True)),
        ("new code", lambda t: table_play.renew_code(user("leitung"), t, tournament().version)),
        (
            "code revoked",
            lambda t: table_play.revoke_code(user("leitung"), t, tournament().version),
        ),
        (
            "unlock",
            lambda t: table_play.set_locked(user("leitung"), t, tournament().version, False),
        ),
    ]
    for what, change in changes:
        with app.app_context():
            change(the_table())
            db.session.commit()
        shown = _moved_on(client, path, shown)
        assert shown, what
    complete_lists(app, tid, 1)
    shown = _moved_on(client, path, shown)
    with app.app_context():
        rounds.finish(user("leitung"), the_round(), tournament().version)
        db.session.commit()
    page = client.get(path, query_string={"stand": shown}).get_data(as_text=True)
    assert "Die Runde ist abgeschlossen." in page
    assert client.get(path, query_string={"stand": live_state(page)}).status_code == 204


def test_a_table_whose_time_runs_out_moves_the_state_on_by_itself(app: Flask) -> None:
    """No list changes when a table's time is over, yet its row turns red: the state counts
    the whole minutes since the start, and every table's time ends on such a minute."""
    with app.app_context():
        table = seated()
        game = normals(table, 1)[0]
        add_entry(KEEPER, table, table.version, game)
        db.session.commit()
        round_ = table.round
        started = overview.aware(round_.started_at or dt.datetime.now(dt.UTC))
        end = started + dt.timedelta(minutes=100)
        before, after = end - dt.timedelta(seconds=1), end + dt.timedelta(seconds=1)
        tid = round_.tournament_id

        def token(now: dt.datetime) -> str:
            return overview.state_token(tid, 1, now)

        assert token(before) == token(before - dt.timedelta(seconds=50))
        assert token(before) != token(after)
        assert overview.round_overview(round_, before).tables[0].status == "yellow"
        assert overview.round_overview(round_, after).tables[0].status == "red"


def test_only_staff_poll_the_overview(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        table = seated()
        tid = table.round.tournament_id
        token = overview.state_token(tid, 1)
    path = f"/turniere/{tid}/runden/1/uebersicht"
    answer = client.get(path, query_string={"stand": token})
    assert answer.status_code == 302 and "/anmelden" in answer.headers["Location"]


def test_the_overview_rows_name_what_they_show_and_the_forms_the_current_version(
    app: Flask, client: FlaskClient
) -> None:
    """Each row's state changes with its own list only, so an update replaces that row; the
    version the page's forms must send comes with every update."""
    sign_in(app, client)
    tid = create_tournament(client, rounds=2)
    paste_players(client, tid, "\n".join(player_names(8)))
    draw_round(client, tid, seed=3)
    round_action(client, tid, 1, "starten")
    path = f"/turniere/{tid}/runden/1/uebersicht"
    page = client.get(path).get_data(as_text=True)
    rows = {n: _state_of(page, f"tisch-{n}") for n in (1, 2)}
    with app.app_context():
        found = db.session.get_one(Tournament, tid)
        version = found.version
        table = found.rounds[0].tables[0]
        add_entry(KEEPER, table, table.version, normals(table, 1)[0])
        db.session.commit()
    assert f'data-form-version="{version}"' in page
    again = client.get(path).get_data(as_text=True)
    assert _state_of(again, "tisch-1") != rows[1]
    assert _state_of(again, "tisch-2") == rows[2]
    assert "neu laden" not in again
    renewed = submit(client, path, f"/turniere/{tid}/runden/1/tische/2/code-neu", follow=True)
    after = renewed.get_data(as_text=True)
    assert f'data-form-version="{version + 1}"' in after
    assert _state_of(after, "tisch-2-zugang") != _state_of(again, "tisch-2-zugang")
    assert _state_of(after, "tisch-1-zugang") == _state_of(again, "tisch-1-zugang")


# ------------------------------------------------------------------ table plan, seats, cards


def _drawn(app: Flask, client: FlaskClient) -> int:
    sign_in(app, client)
    tid = create_tournament(client, rounds=2)
    paste_players(client, tid, "\n".join(player_names(9)))
    draw_round(client, tid, seed=20261)
    return tid


def test_table_plan_seats_and_cards_follow_a_redraw(app: Flask, client: FlaskClient) -> None:
    tid = _drawn(app, client)
    base = f"/turniere/{tid}/runden/1"
    paths = {
        base: "tischplan",
        f"{base}/sitzplaetze": "sitzplaetze",
        f"{base}/tischkarten": "tischkarten",
    }
    shown = {path: client.get(path).get_data(as_text=True) for path in paths}
    tokens = {path: live_state(page) for path, page in shown.items()}
    for path, token in tokens.items():
        assert client.get(path, query_string={"stand": token}).status_code == 204
    redrawn = submit(client, base, f"{base}/neu-auslosen", {"seed": "77"}, follow=True)
    assert "neu ausgelost" in redrawn.get_data(as_text=True)
    for path, part in paths.items():
        page = client.get(path, query_string={"stand": tokens[path]}).get_data(as_text=True)
        assert live_state(page) != tokens[path]
        assert _state_of(page, part) != _state_of(shown[path], part), path


def test_the_next_round_drawn_leaves_an_earlier_plan_as_it_is(
    app: Flask, client: FlaskClient
) -> None:
    """A new round moves the tournament's state on, but round 1's plan shows the same: its
    parts keep their state, so an open page replaces nothing."""
    tid = _drawn(app, client)
    round_action(client, tid, 1, "starten")
    complete_lists(app, tid, 1)
    round_action(client, tid, 1, "abschliessen")
    path = f"/turniere/{tid}/runden/1"
    before = client.get(path).get_data(as_text=True)
    draw_round(client, tid, seed=6)
    after = client.get(path, query_string={"stand": live_state(before)}).get_data(as_text=True)
    assert live_state(after) != live_state(before)
    assert _state_of(after, "tischplan") == _state_of(before, "tischplan")


def test_the_public_table_plan_names_no_seed_and_no_file_staff_find_them(
    app: Flask, client: FlaskClient
) -> None:
    tid = _drawn(app, client)
    path = f"/turniere/{tid}/runden/1"
    with app.app_context():
        seed = db.session.get_one(Tournament, tid).rounds[0].seed
    staff = client.get(path).get_data(as_text=True)
    assert "Nachprüfen" in staff and f"Startwert {seed}" in staff
    assert f'href="{path}/auslosung.json"' in staff
    log_out(client)
    for public in (path, f"{path}/sitzplaetze", f"{path}/tischkarten"):
        page = client.get(public).get_data(as_text=True)
        for word in ("Startwert", "JSON", "auslosung.json", "Nachprüfen", "Seed"):
            assert word not in page, (public, word)
        assert not re.search(rf"\b{seed}\b", page), public


def test_the_tournament_page_follows_a_draw_and_a_start(app: Flask, client: FlaskClient) -> None:
    tid = _drawn(app, client)
    path = f"/turniere/{tid}"
    log_out(client)
    before = client.get(path).get_data(as_text=True)
    shown = live_state(before)
    assert client.get(path, query_string={"stand": shown}).status_code == 204
    sign_in(app, client, "chef")
    round_action(client, tid, 1, "starten")
    log_out(client)
    after = client.get(path, query_string={"stand": shown}).get_data(as_text=True)
    assert live_state(after) != shown
    assert _state_of(after, "turnier-stand") != _state_of(before, "turnier-stand")
    assert "läuft" in after
