"""Standings: overall and per round, from the seats' list totals; public pages."""

from __future__ import annotations

import concurrent.futures
import time
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event, select

from tests.support.scorelists import complete_entries, make_round, make_tournament, make_user
from tests.support.webapp import sign_in
from tournament.domain import score_lists, standings
from tournament.extensions import db
from tournament.models import Registration, Round, RoundStatus, Tournament, User
from tournament.standings import routes as standings_routes
from tournament.web.public_pages import pages_by_state


def _set_points(round_: Round, points: dict[int, int]) -> None:
    """Seat totals by start number, for rankings a random list would not produce reliably."""
    for table in round_.tables:
        for seat in table.seats:
            seat.points = points.get(seat.registration.start_number, 0)


def _tournament_with_two_rounds() -> tuple[Tournament, list[Registration]]:
    """Eight players; 7 enters late (round 2), 4 withdraws after round 1, 8 only round 2."""
    tournament, regs = make_tournament(
        [
            ("Anna", "Kreuz Köln"),
            ("Ben", "Pik Bonn"),
            ("Cem", "Kreuz Köln"),
            ("Dora", "Herz Hürth"),
            ("Emil", "Pik Bonn"),
            ("Frida", "Karo Kerpen"),
            ("Gero", "Herz Hürth"),
            ("Hanna", "Karo Kerpen"),
        ]
    )
    regs[6].first_round = 2
    regs[7].first_round = 2
    regs[3].withdrawn_after_round = 1
    first = make_round(tournament, 1, [regs[0:4]])
    second = make_round(tournament, 2, [[regs[0], regs[1], regs[6], regs[7]]])
    _set_points(first, {1: 10, 2: 5, 3: -20, 4: 5})
    _set_points(second, {1: -3, 2: 2, 7: 9, 8: -8})
    first.status = second.status = RoundStatus.FINISHED
    return tournament, regs


@pytest.fixture
def two_rounds(app: Flask) -> Iterator[int]:
    """An app context with the tournament of ``_tournament_with_two_rounds``; yields its id."""
    with app.app_context():
        make_user()
        tournament, _ = _tournament_with_two_rounds()
        db.session.commit()
        yield tournament.id


def _rows(tournament_id: int) -> dict[int, standings.StandingsRow]:
    tournament = db.session.get(Tournament, tournament_id)
    assert tournament is not None
    return {row.start_number: row for row in standings.overall(tournament).rows}


def test_overall_ranks_by_total_and_ties_share_a_rank(two_rounds: int) -> None:
    tournament = db.session.get(Tournament, two_rounds)
    assert tournament is not None
    table = standings.overall(tournament)
    assert table.rounds == (1, 2)
    # Totals: 1: 7, 2: 7, 7: 9, 4: 5, 5: 0, 6: 0, 8: -8, 3: -20.
    ranked = [(row.rank, row.start_number, row.total) for row in table.rows]
    assert ranked == [
        (1, 7, 9),
        (2, 1, 7),
        (2, 2, 7),
        (4, 4, 5),
        (5, 5, 0),
        (5, 6, 0),
        (7, 8, -8),
        (8, 3, -20),
    ]


def test_ranks_are_competition_ranks() -> None:
    assert standings.ranks([9, 7, 7, 5]) == [1, 2, 2, 4]
    assert standings.ranks([0, 0, 0]) == [1, 1, 1]
    assert standings.ranks([]) == []


def test_rundenschnitt_is_total_per_round_played(two_rounds: int) -> None:
    rows = _rows(two_rounds)
    assert (rows[1].points, rows[1].rounds_played, rows[1].average) == ((10, -3), 2, Decimal(7) / 2)
    assert (rows[3].total, rows[3].rounds_played, rows[3].average) == (-20, 1, Decimal(-20))
    assert (rows[5].rounds_played, rows[5].average) == (0, None)


def test_late_entrant_has_no_points_for_rounds_before_the_first(two_rounds: int) -> None:
    late = _rows(two_rounds)[7]
    assert late.first_round == 2
    assert late.points == (None, 9)
    assert (late.total, late.rounds_played, late.average) == (9, 1, Decimal(9))


def test_withdrawn_player_keeps_the_points_of_the_rounds_played(two_rounds: int) -> None:
    gone = _rows(two_rounds)[4]
    assert gone.withdrawn and gone.withdrawn_after_round == 1
    assert gone.points == (5, None)
    assert (gone.total, gone.rounds_played, gone.rank) == (5, 1, 4)


def test_without_games_everybody_has_zero_and_shares_first_place(app: Flask) -> None:
    with app.app_context():
        tournament, regs = make_tournament([("Anna", ""), ("Ben", ""), ("Cem", ""), ("Dora", "")])
        make_round(tournament, 1, [regs])
        db.session.commit()
        table = standings.overall(tournament)
        assert table.rounds == (1,)
        assert [(r.rank, r.start_number, r.points, r.total) for r in table.rows] == [
            (1, n, (0,), 0) for n in (1, 2, 3, 4)
        ]


def test_registrations_before_the_first_draw_are_listed_without_rounds(app: Flask) -> None:
    with app.app_context():
        tournament, _ = make_tournament([("Anna", ""), ("Ben", "")])
        db.session.commit()
        table = standings.overall(tournament)
        assert table.rounds == ()
        assert [(r.rank, r.points, r.total, r.average) for r in table.rows] == [
            (1, (), 0, None),
            (1, (), 0, None),
        ]


def test_overall_totals_are_the_engine_totals_of_stored_lists(app: Flask) -> None:
    with app.app_context():
        user = make_user()
        tournament, regs = make_tournament([(f"Spieler {n}", "") for n in range(1, 10)])
        rounds = [
            make_round(tournament, 1, [regs[0:4], regs[4:9]]),
            make_round(tournament, 2, [regs[5:9], [regs[4], *regs[0:4]]]),
        ]
        db.session.commit()
        expected: dict[str, list[int]] = {str(r.start_number): [] for r in regs}
        for round_ in rounds:
            for table in round_.tables:
                seed = 10 * round_.number + table.number
                report = score_lists.replace_entries(table, complete_entries(table, seed), user)
                for key, points in report["totals"].items():
                    expected[key].append(points)
        db.session.commit()
        rows = standings.overall(tournament).rows
        assert {str(row.start_number): list(row.points) for row in rows} == expected
        assert sum(row.total for row in rows) == 0
        totals = [row.total for row in rows]
        assert totals == sorted(totals, reverse=True)


def test_standings_take_a_fixed_number_of_queries(two_rounds: int) -> None:
    """The rounds' states, the seats, and an open round's games per table: never per player."""
    tournament = db.session.get(Tournament, two_rounds)
    assert tournament is not None
    statements: list[str] = []

    def count(*args: Any) -> None:
        statements.append(args[2])

    event.listen(db.engine, "before_cursor_execute", count)
    try:
        standings.overall(tournament)
        round_ = tournament.rounds[1]
        statements.clear()
        standings.overall(tournament)
        assert len(statements) == 2
        standings.for_round(round_)
        assert len(statements) == 3
        round_.status = RoundStatus.RUNNING
        db.session.flush()
        statements.clear()
        standings.overall(tournament)
        assert len(statements) == 3
        standings.for_round(round_)
        assert len(statements) == 5
    finally:
        event.remove(db.engine, "before_cursor_execute", count)


def test_round_standings_rank_by_the_rounds_points_with_table_and_position(
    two_rounds: int,
) -> None:
    tournament = db.session.get(Tournament, two_rounds)
    assert tournament is not None
    result = standings.for_round(tournament.rounds[1])
    assert result.number == 2
    assert [(r.rank, r.start_number, r.table, r.position, r.points) for r in result.rows] == [
        (1, 7, 1, 3, 9),
        (2, 2, 1, 2, 2),
        (3, 1, 1, 1, -3),
        (4, 8, 1, 4, -8),
    ]


# ------------------------------------------------------------------ pages


def test_overall_page_shows_columns_ranks_and_german_average(
    two_rounds: int, client: FlaskClient
) -> None:
    response = client.get(f"/turniere/{two_rounds}/stand")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    for header in ("Platz", "Nr.", "Name", "Verein", "R1", "R2", "Summe", "Schnitt", "Runden"):
        assert f">{header}<" in page
    assert '<th scope="col"' in page and '<th scope="row"' in page
    assert "<caption>" in page
    # Anna: 10 and -3 in two rounds, Schnitt 3,5; Cem: -20 in his one round, -20,0.
    assert "3,5" in page
    assert "-20,0" in page
    assert page.index("Gero") < page.index("Anna") < page.index("Ben") < page.index("Dora")
    assert f'href="/turniere/{two_rounds}/runden/2/stand"' in page


def test_overall_page_marks_withdrawn_and_late_players(
    two_rounds: int, client: FlaskClient
) -> None:
    page = client.get(f"/turniere/{two_rounds}/stand").get_data(as_text=True)
    dora = page[page.index("Dora") : page.index("</tr>", page.index("Dora"))]
    assert "zurückgezogen nach R1" in dora
    gero = page[page.index("Gero") : page.index("</tr>", page.index("Gero"))]
    assert "ab R2" in gero
    assert "nicht gespielt" in gero
    assert page.count("zurückgezogen") == 1


def test_schnitt_is_rounded_half_up_with_a_decimal_comma(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        make_user()
        tournament, regs = make_tournament([("Anna", ""), ("Ben", ""), ("Cem", ""), ("Dora", "")])
        for number in range(1, 5):
            _set_points(make_round(tournament, number, [regs]), {1: 3, 2: -3, 3: 2, 4: -2})
            tournament.rounds[-1].status = RoundStatus.FINISHED
        _set_points(tournament.rounds[0], {1: 0, 2: 0, 3: 3, 4: -3})
        db.session.commit()
        tournament_id = tournament.id
    page = client.get(f"/turniere/{tournament_id}/stand").get_data(as_text=True)
    # Anna 9 / 4 = 2,25 -> 2,3; Ben -2,3; Cem 9 / 4 -> 2,3; Dora -2,3.
    assert page.count(">2,3<") == 2
    assert page.count(">-2,3<") == 2


def test_hostile_player_name_is_escaped(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        make_user()
        tournament, regs = make_tournament(
            [
                ("<script>alert('x')</script>", '"><img src=x onerror=alert(1)>'),
                ("Ben", ""),
                ("Cem", ""),
                ("Dora", ""),
            ]
        )
        make_round(tournament, 1, [regs])
        db.session.commit()
        tournament_id = tournament.id
    for path in (f"/turniere/{tournament_id}/stand", f"/turniere/{tournament_id}/runden/1/stand"):
        page = client.get(path).get_data(as_text=True)
        assert "<script>" not in page
        assert "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;" in page
        assert "<img" not in page
        assert "&#34;&gt;&lt;img src=x onerror=alert(1)&gt;" in page


def test_round_page_lists_table_and_position_and_links_back(
    two_rounds: int, client: FlaskClient
) -> None:
    response = client.get(f"/turniere/{two_rounds}/runden/2/stand")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "Stand Runde 2" in page
    for header in ("Platz", "Tisch", "Punkte"):
        assert f">{header}<" in page
    assert page.index("Gero") < page.index("Ben") < page.index("Anna") < page.index("Hanna")
    assert "Dora" not in page  # withdrawn after round 1, no seat in round 2
    assert f'href="/turniere/{two_rounds}/stand"' in page
    assert f'href="/turniere/{two_rounds}/runden/1/stand"' in page


def test_standings_pages_are_public(two_rounds: int, client: FlaskClient) -> None:
    assert client.get(f"/turniere/{two_rounds}/stand").status_code == 200
    assert client.get(f"/turniere/{two_rounds}/runden/1/stand").status_code == 200


def test_unknown_tournament_or_round_is_404_in_german(two_rounds: int, client: FlaskClient) -> None:
    with_other = make_tournament([("Zoe", "")], name="Anderes Turnier")[0]
    db.session.commit()
    for path in (
        "/turniere/9999/stand",
        "/turniere/9999/runden/1/stand",
        f"/turniere/{two_rounds}/runden/3/stand",
        f"/turniere/{with_other.id}/runden/1/stand",
    ):
        response = client.get(path)
        assert response.status_code == 404, path
        assert "Diese Seite gibt es nicht." in response.get_data(as_text=True)


def test_print_stylesheet_hides_navigation_for_a4() -> None:
    css = (Path(__file__).resolve().parents[2] / "tournament" / "static" / "style.css").read_text()
    printed = css[css.index("@media print") :]
    assert "size: A4" in printed
    assert ".site-header" in printed and "display: none" in printed


def test_phones_share_the_standings_page_of_its_state_staff_and_messages_get_their_own(
    app: Flask, two_rounds: int, client: FlaskClient
) -> None:
    """Hundreds of phones load the standings: every anonymous load of the same state gets the
    page rendered once for that state, and a saved list (a new state) shows at once. Staff,
    and a visitor with a message waiting, get a page of their own."""
    app.config["PUBLIC_PAGE_SECONDS"] = 60
    paths = [f"/turniere/{two_rounds}/stand", f"/turniere/{two_rounds}/runden/1/stand"]
    renders = pages_by_state(app).renders
    before = {path: client.get(path).get_data(as_text=True) for path in paths}
    phone = app.test_client()
    for path in paths:
        assert phone.get(path).get_data(as_text=True) == before[path], path
    assert pages_by_state(app).renders == renders + len(paths)

    tournament = db.session.get(Tournament, two_rounds)
    assert tournament is not None
    _set_points(tournament.rounds[0], {1: 4321, 2: 5, 3: -20, 4: 5})
    tournament.rounds[0].tables[0].version += 1  # as every saved entry does
    db.session.commit()
    for path in paths:
        assert "4321" not in before[path]
        shared = phone.get(path).get_data(as_text=True)
        assert "4321" in shared and "Abmelden" not in shared, path

    db.session.commit()  # the pages' reads end (they ran in this test's app context)
    staff = app.test_client()
    sign_in(app, staff, "stand.leitung")
    with_message = app.test_client()
    with with_message.session_transaction() as session:
        session["_flashes"] = [("info", "Willkommen")]
    assert "Willkommen" in with_message.get(paths[0]).get_data(as_text=True)
    for path in paths:
        assert "Abmelden" in staff.get(path).get_data(as_text=True), path


def test_phones_opening_the_standings_at_once_wait_for_one_render(
    app: Flask, two_rounds: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hall's phones open the standings within the same moment: the first renders the
    page, the others wait for it instead of rendering it side by side."""
    app.config["PUBLIC_PAGE_SECONDS"] = 60
    renders: list[str] = []
    render = standings_routes.render_template

    def slow(template: str, **context: Any) -> str:
        renders.append(template)
        time.sleep(0.2)
        return render(template, **context)

    monkeypatch.setattr(standings_routes, "render_template", slow)
    path = f"/turniere/{two_rounds}/stand"
    with concurrent.futures.ThreadPoolExecutor(6) as phones:
        pages = list(
            phones.map(lambda _n: app.test_client().get(path).get_data(as_text=True), range(6))
        )
    assert renders == ["standings/overall.html"]
    assert len(set(pages)) == 1


def test_open_standings_are_told_204_until_a_list_changes(app: Flask, client: FlaskClient) -> None:
    """The live pages' poll (``?stand=``): nothing rendered while the state is the one the
    page shows; a saved list moves the state on, and the page is sent again."""
    with app.app_context():
        user = make_user()
        tournament, regs = make_tournament([(f"Spieler {n}", "") for n in range(1, 5)])
        round_ = make_round(tournament, 1, [regs[0:4]])
        db.session.commit()
        tid, token = tournament.id, standings.state_token(tournament)
        user_id, round_id = user.id, round_.id
    for path in (f"/turniere/{tid}/stand", f"/turniere/{tid}/runden/1/stand"):
        page = client.get(path).get_data(as_text=True)
        assert f'"stand": "{token}"' in page
        assert client.get(path, query_string={"stand": token}).status_code == 204
    with app.app_context():
        table = db.session.get_one(Round, round_id).tables[0]
        by = db.session.get_one(type(user), user_id)
        score_lists.replace_entries(table, complete_entries(table, 3), by)
        db.session.commit()
        moved = standings.state_token(db.session.get_one(Tournament, tid))
    assert moved != token
    for path in (f"/turniere/{tid}/stand", f"/turniere/{tid}/runden/1/stand"):
        again = client.get(path, query_string={"stand": token})
        assert again.status_code == 200
        assert f'"stand": "{moved}"' in again.get_data(as_text=True)


# ------------------------------------------------------------------ a round in progress


def _third_round(tournament_id: int, games: int, status: RoundStatus) -> dict[str, int]:
    """Round 3 with one table (Anna, Ben, Gero, Hanna) and its first ``games`` games stored;
    the engine's totals of those games by start number."""
    tournament = db.session.get(Tournament, tournament_id)
    assert tournament is not None
    regs = {r.start_number: r for r in tournament.registrations}
    third = make_round(tournament, 3, [[regs[1], regs[2], regs[7], regs[8]]])
    third.status = status
    db.session.commit()
    [table] = third.tables
    totals: dict[str, int] = {}
    if games:
        entries = [e for e in complete_entries(table, 3) if e["kind"] == "game"][:games]
        user = db.session.execute(select(User)).scalars().first()
        report = score_lists.replace_entries(table, entries, user)
        totals = report["totals"]
    db.session.commit()
    return {int(key): points for key, points in totals.items()}


def test_running_round_counts_as_far_as_entered_and_is_provisional(two_rounds: int) -> None:
    points = _third_round(two_rounds, 2, RoundStatus.RUNNING)
    tournament = db.session.get(Tournament, two_rounds)
    assert tournament is not None
    table = standings.overall(tournament)
    assert table.provisional and table.closed == (1, 2) and table.rounds == (1, 2, 3)
    assert table.open_round is not None
    assert (table.open_round.number, table.open_round.games, table.open_round.planned) == (3, 2, 24)
    assert [(t.number, t.games, t.planned) for t in table.open_round.tables] == [(1, 2, 24)]
    rows = {row.start_number: row for row in table.rows}
    anna = rows[1]
    assert anna.points == (10, -3, points[1]) and anna.games == (None, None, 2)
    assert anna.total == 7 + points[1]
    # The Rundenschnitt stays over the closed rounds 1 and 2.
    assert (anna.rounds_played, anna.average) == (2, Decimal(7) / 2)
    emil = rows[5]
    assert emil.points == (None, None, None) and emil.games == (None, None, None)
    # The places moved by round 3 so far: before it, Gero led with 9 (rank 1).
    before = {n: r for n, r in zip((7, 1, 2, 4, 5, 6, 8, 3), (1, 2, 2, 4, 5, 5, 7, 8), strict=True)}
    assert table.movement_round == 3
    for number, row in rows.items():
        assert row.previous_rank == before[number]
        assert row.movement == before[number] - row.rank


def test_a_round_drawn_but_not_begun_leaves_the_standings_final(two_rounds: int) -> None:
    _third_round(two_rounds, 0, RoundStatus.DRAWN)
    tournament = db.session.get(Tournament, two_rounds)
    assert tournament is not None
    table = standings.overall(tournament)
    assert table.open_round is not None and not table.provisional
    assert table.movement_round == 2  # the arrows still tell round 2's moves
    assert {row.start_number: row.games[2] for row in table.rows}[1] == 0


def test_overall_page_says_vorlaeufig_with_games_per_table(
    two_rounds: int, client: FlaskClient
) -> None:
    _third_round(two_rounds, 2, RoundStatus.RUNNING)
    page = client.get(f"/turniere/{two_rounds}/stand").get_data(as_text=True)
    assert "Vorläufiger Gesamtstand während Runde 3" in page
    assert "Runde 3 läuft" in page and "2 von 24 Spielen eingetragen" in page
    assert "Tisch 1: 2/24" in page
    anna = page[page.index(">Anna") : page.index("</tr>", page.index(">Anna"))]
    assert "nach 2" in anna
    assert "nur abgeschlossene Runden (1, 2)" in page
    assert "3,5" in anna  # Schnitt over rounds 1 and 2


def test_overall_page_shows_no_zero_for_a_table_without_games(
    two_rounds: int, client: FlaskClient
) -> None:
    _third_round(two_rounds, 0, RoundStatus.RUNNING)
    page = client.get(f"/turniere/{two_rounds}/stand").get_data(as_text=True)
    assert "0 von 24 Spielen eingetragen" in page
    anna = page[page.index(">Anna") : page.index("</tr>", page.index(">Anna"))]
    assert "noch kein Spiel" in anna


def test_closed_standings_show_the_places_moved_by_the_last_round(
    two_rounds: int, client: FlaskClient
) -> None:
    page = client.get(f"/turniere/{two_rounds}/stand").get_data(as_text=True)
    assert "Vorläufig" not in page and "Gesamtstand nach 2 Runden" in page
    # Gero was 4th after round 1 (0 points, shared with Emil, Frida, Hanna), leads after 2.
    gero = page[page.index(">Gero") - 400 : page.index(">Gero")]
    assert "3 Plätze gewonnen" in gero
    assert "durch Runde 2" in page


def test_round_page_of_an_open_round_counts_games_per_table(
    two_rounds: int, client: FlaskClient
) -> None:
    _third_round(two_rounds, 2, RoundStatus.RUNNING)
    page = client.get(f"/turniere/{two_rounds}/runden/3/stand").get_data(as_text=True)
    assert "Vorläufiges Ergebnis der Runde 3" in page and ">Spiele<" in page
    closed = client.get(f"/turniere/{two_rounds}/runden/2/stand").get_data(as_text=True)
    assert "Vorläufig" not in closed and ">Spiele<" not in closed


# ------------------------------------------------------------------ the projector


def test_projector_shows_round_clock_standings_and_latest_games(
    two_rounds: int, client: FlaskClient
) -> None:
    points = _third_round(two_rounds, 2, RoundStatus.RUNNING)
    with client.application.app_context():
        third = db.session.execute(select(Round).where(Round.number == 3)).scalar_one()
        third.started_at = third.drawn_at
        db.session.commit()
    response = client.get(f"/turniere/{two_rounds}/leinwand")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "Runde 3 läuft · vorläufig: 2 von 24 Spielen" in page
    assert "Vierertische:" in page and "data-deadline=" in page
    assert "Vorläufiger Gesamtstand" in page and ">Runde 3<" in page
    # The latest games, newest first, with every player's points.
    assert page.index("Tisch 1 · Spiel 2") < page.index("Tisch 1 · Spiel 1")
    anna = page[page.index(">Anna") : page.index("</tr>", page.index(">Anna"))]
    assert f">{7 + points[1]}<" in anna
    # A kiosk: nothing to click, no forms, no site navigation.
    assert "<a " not in page and "<form" not in page and "Anmelden" not in page
    assert 'data-pager-seconds="12"' in page
    assert 'data-pager-seconds="5"' in client.get(
        f"/turniere/{two_rounds}/leinwand?sekunden=5"
    ).get_data(as_text=True)
    for asked, used in (("0", 12), ("1", 3), ("x", 12), ("9999", 12), ("120", 120)):
        paged = client.get(f"/turniere/{two_rounds}/leinwand?sekunden={asked}")
        assert f'data-pager-seconds="{used}"' in paged.get_data(as_text=True), asked


def test_projector_before_any_round_and_after_time_up(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        make_user()
        tournament, _ = make_tournament([("Anna", ""), ("Ben", ""), ("Cem", ""), ("Dora", "")])
        db.session.commit()
        tournament_id = tournament.id
    page = client.get(f"/turniere/{tournament_id}/leinwand").get_data(as_text=True)
    assert "Noch keine Runde ausgelost" in page and "Anna" in page
    with app.app_context():
        tournament = db.session.get_one(Tournament, tournament_id)
        round_ = make_round(tournament, 1, [tournament.registrations])
        round_.status = RoundStatus.RUNNING
        round_.started_at = round_.time_up_at = round_.drawn_at
        db.session.commit()
    page = client.get(f"/turniere/{tournament_id}/leinwand").get_data(as_text=True)
    assert "Zeit abgelaufen" in page and "Noch kein Spiel eingetragen." in page


def test_projector_polls_like_the_standings(two_rounds: int, client: FlaskClient) -> None:
    page = client.get(f"/turniere/{two_rounds}/leinwand").get_data(as_text=True)
    token = page.split('"stand": "', 1)[1].split('"', 1)[0]
    assert 'hx-select-oob="#leinwand,#live"' in page
    fresh = client.get(f"/turniere/{two_rounds}/leinwand?stand={token}")
    assert fresh.status_code == 204
    _third_round(two_rounds, 1, RoundStatus.RUNNING)
    changed = client.get(f"/turniere/{two_rounds}/leinwand?stand={token}")
    assert changed.status_code == 200 and "Tisch 1 · Spiel 1" in changed.get_data(as_text=True)


def test_standings_pages_link_to_the_projector(two_rounds: int, client: FlaskClient) -> None:
    for path in (f"/turniere/{two_rounds}/stand", f"/turniere/{two_rounds}/runden/1/stand"):
        page = client.get(path).get_data(as_text=True)
        assert f'href="/turniere/{two_rounds}/leinwand">Leinwand</a>' in page


def test_pages_behind_the_state_share_one_render_of_it(
    app: Flask, two_rounds: int, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Open live pages with older states all get the one page of the current state, rendered
    once; a new state is rendered at once, not after the shared moment."""
    app.config["PUBLIC_PAGE_SECONDS"] = 60
    renders: list[int] = []
    original = standings.overall

    def counted(tournament: Tournament) -> standings.Standings:
        renders.append(tournament.id)
        return original(tournament)

    monkeypatch.setattr(standings, "overall", counted)
    path = f"/turniere/{two_rounds}/stand"
    first = client.get(path, query_string={"stand": "alt-1"}).get_data(as_text=True)
    second = client.get(path, query_string={"stand": "alt-2"}).get_data(as_text=True)
    assert first == second and len(renders) == 1
    _third_round(two_rounds, 1, RoundStatus.RUNNING)
    moved = client.get(path, query_string={"stand": "alt-1"}).get_data(as_text=True)
    assert len(renders) == 2 and "Vorläufiger Gesamtstand während Runde 3" in moved


def test_a_shared_page_is_compressed_once_for_all_who_get_it(
    app: Flask, two_rounds: int, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    import flask_compress.flask_compress as compressing

    app.config["PUBLIC_PAGE_SECONDS"] = 60
    calls: list[int] = []
    original = compressing._compress_data

    def counted(*args: Any) -> bytes:
        calls.append(1)
        return original(*args)

    monkeypatch.setattr(compressing, "_compress_data", counted)
    path = f"/turniere/{two_rounds}/stand"
    answers = [client.get(path, headers={"Accept-Encoding": "gzip"}) for _ in range(3)]
    assert all(a.headers["Content-Encoding"] == "gzip" for a in answers)
    assert len({a.get_data() for a in answers}) == 1 and len(calls) == 1
    # Staff get a page of their own, compressed on its own.
    db.session.rollback()  # the requests above share this test's session: end its reading
    staff = app.test_client()
    sign_in(app, staff, "stand.leitung")
    answer = staff.get(path, headers={"Accept-Encoding": "gzip"})
    assert answer.headers["Content-Encoding"] == "gzip" and len(calls) == 2
