"""The season series (Jahreswertung): a season of five tournaments with 30 players, some
missing some evenings, two namesakes, built through the app's own pages; the series
standings by each counting rule and measure agree with a computation written here from the
tournaments' own standings (their CSV files)."""

from __future__ import annotations

import html
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.apps import CopiedDay
from tests.support.season import (
    PLAYERS,
    SETTINGS,
    TWICE_ABSENT,
    base_name,
    build_season,
    create_series,
    csv_rows,
    expected_standings,
)
from tests.support.webapp import (
    field_errors,
    flashes,
    log_out,
    post_new_tournament,
    send,
    sign_in,
    submit,
)


@pytest.fixture
def season(copied_day: CopiedDay) -> list[int]:
    """The season, built once per database and worker, then copied."""
    return copied_day(
        (__name__, "season"), lambda: _signed_in_season(copied_day.app, copied_day.client)
    )


def _signed_in_season(app: Flask, client: FlaskClient) -> list[int]:
    sign_in(app, client)
    return build_season(app, client)


@pytest.mark.parametrize("rule_name", list(SETTINGS))
def test_series_standings_agree_with_the_tournaments_own_standings(
    client: FlaskClient, season: list[int], rule_name: str
) -> None:
    rule = SETTINGS[rule_name]
    series_id = create_series(client, season, rule)
    header, *rows = csv_rows(client, f"/jahreswertungen/{series_id}/stand.csv")
    assert header[:4] == ["Platz", "Name", "Verein", "Wertung"]
    got = {(base_name(row[1]), row[2]): (row[0], row[3]) for row in rows}
    expected = expected_standings(client, season, rule)
    assert len(got) == PLAYERS
    assert got == expected
    if rule.get("ties") == []:  # without tie-breaks, equal values share a place
        ranks = [rank for rank, _ in got.values()]
        assert len(set(ranks)) < len(ranks)
    # The unranked come last, and only under a minimum above what everyone played.
    unranked = [row for row in rows if row[0] == "–"]
    assert len(unranked) == (len(TWICE_ABSENT) if rule.get("min") == 4 else 0)
    assert rows[-len(unranked) :] == unranked if unranked else True
    # Each line names the tournaments that counted and those struck.
    for row in rows:
        played, counted = int(row[4]), int(row[5])
        assert counted == (min(played, rule["best_of"]) if rule["counting"] == "best" else played)
        assert row[6].count("Clubabend") == counted
        assert row[7].count("Clubabend") == played - counted


def test_the_public_page_lists_counted_and_struck_tournaments_and_namesakes_apart(
    client: FlaskClient, season: list[int]
) -> None:
    series_id = create_series(client, season, SETTINGS["best3-total"])
    log_out(client)
    page = html.unescape(client.get(f"/jahreswertungen/{series_id}").get_data(as_text=True))
    assert "Jahreswertung: Jahreswertung Kiel" in page
    assert "Hans Müller (SC Bonn)" in page and "Hans Müller (DK Kiel)" in page
    assert page.count("gestrichen:") == PLAYERS - len(TWICE_ABSENT)
    assert "Es zählen die besten 3 Turniere." in page
    # Linked from the start page and from each of its tournaments.
    assert f"/jahreswertungen/{series_id}" in client.get("/jahreswertungen/").get_data(as_text=True)
    assert "/jahreswertungen/" in client.get("/").get_data(as_text=True)


def test_the_page_polls_and_answers_204_while_nothing_changed(
    client: FlaskClient, season: list[int]
) -> None:
    series_id = create_series(client, season, SETTINGS["all-total"])
    page = client.get(f"/jahreswertungen/{series_id}").get_data(as_text=True)
    token = re.search(r'"stand": "([^"]+)"', page)
    assert token
    unchanged = client.get(f"/jahreswertungen/{series_id}", query_string={"stand": token.group(1)})
    assert unchanged.status_code == 204
    assert (
        client.get(f"/jahreswertungen/{series_id}", query_string={"stand": "x"}).status_code == 200
    )


def test_each_tournament_links_its_series(client: FlaskClient, season: list[int]) -> None:
    series_id = create_series(client, season, SETTINGS["all-total"])
    page = html.unescape(client.get(f"/turniere/{season[2]}").get_data(as_text=True))
    assert f"/jahreswertungen/{series_id}" in page
    assert "Jahreswertung Jahreswertung Kiel (2026)" in page


def test_a_tournament_of_another_rule_set_is_refused_naming_both(
    client: FlaskClient, season: list[int]
) -> None:
    series_id = create_series(client, season[:1], SETTINGS["all-total"])
    other = post_new_tournament(client, "Ravensburger Abend", rules_preset="ravensburger-2015")
    assert other.status_code == 302
    tid = int(re.findall(r"\d+", other.headers["Location"])[0])
    path = f"/jahreswertungen/{series_id}/bearbeiten"
    page = submit(
        client,
        path,
        f"/jahreswertungen/{series_id}/turniere",
        {"tournament": str(tid)},
        follow=True,
    )
    message = " ".join(flashes(page.get_data(as_text=True)))
    assert "„Ravensburger Abend“ wird nach „Ravensburger 2015 (Kasse)“ gespielt" in message
    assert "die Jahreswertung „Jahreswertung Kiel“ nach „DDV-Turnierspielregeln“" in message
    assert "eine Jahreswertung hat ein Regelwerk" in message
    table = csv_rows(client, f"/jahreswertungen/{series_id}/stand.csv")
    assert all("Ravensburger" not in cell for row in table for cell in row)


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("20, x, 16", "Platzierungspunkte: „x“ (Stelle 2) ist keine ganze Zahl von 0 bis 1000."),
        ("20, 18, 19", "Platz 3 (19) bekommt mehr als Platz 2 (18)"),
        ("20, -3", "„-3“ (Stelle 2) ist keine ganze Zahl"),
        ("", "Bei Platzierungspunkten bitte die Punkte der Plätze angeben."),
        ("20, ²", "„²“ (Stelle 2) ist keine ganze Zahl"),
        ("9" * 5000, "(Stelle 1) ist keine ganze Zahl von 0 bis 1000."),
    ],
)
def test_a_bad_placement_table_is_refused_next_to_its_field(
    app: Flask, client: FlaskClient, typed: str, said: str
) -> None:
    sign_in(app, client)
    data = {
        "name": "Wertung",
        "season": "2026",
        "counting": "all",
        "measure": "placement",
        "placement_points": typed,
        "min_tournaments": "1",
    }
    response = submit(client, "/jahreswertungen/neu", data=data)
    assert response.status_code == 200
    errors = " ".join(
        field_errors(html.unescape(response.get_data(as_text=True)), "placement_points")
    )
    assert said in errors
    assert "Wertung (" not in client.get("/jahreswertungen/").get_data(as_text=True)


def test_best_n_without_n_and_a_tie_break_twice_are_refused(
    app: Flask, client: FlaskClient
) -> None:
    sign_in(app, client)
    base = {"name": "W", "season": "2026", "measure": "total", "min_tournaments": "1"}
    response = submit(client, "/jahreswertungen/neu", data={**base, "counting": "best"})
    assert "Bei „die besten N Turniere“ bitte N angeben" in html.unescape(
        response.get_data(as_text=True)
    )
    twice = {**base, "counting": "all", "tie_break_1": "all_points", "tie_break_2": "all_points"}
    response = submit(client, "/jahreswertungen/neu", data=twice)
    assert "„mehr Punkte aus allen Turnieren“ ist zweimal gewählt" in html.unescape(
        response.get_data(as_text=True)
    )


def test_the_public_cannot_change_a_series(app: Flask, client: FlaskClient) -> None:
    sign_in(app, client)
    log_out(client)
    assert client.get("/jahreswertungen/neu").status_code in (302, 401, 403)
    assert client.get("/jahreswertungen/999").status_code == 404


def test_a_change_from_an_old_page_is_refused(client: FlaskClient, season: list[int]) -> None:
    series_id = create_series(client, season[:1], SETTINGS["all-total"])
    path = f"/jahreswertungen/{series_id}/bearbeiten"
    old = client.get(path).get_data(as_text=True)
    submit(client, path, data={"name": "Neuer Name", "season": "2026"}, follow=True)
    page = send(client, old, path, {"name": "Alter Stand"}, follow=True)
    assert "Die Jahreswertung wurde inzwischen geändert." in html.unescape(
        page.get_data(as_text=True)
    )
    added = send(
        client, old, f"/jahreswertungen/{series_id}/turniere", {"tournament": str(season[1])}
    )
    assert added.status_code == 302
    assert "Clubabend 2" not in html.unescape(
        client.get(f"/jahreswertungen/{series_id}").get_data(as_text=True)
    )
    assert "Neuer Name" in client.get(path).get_data(as_text=True)


def test_the_protokoll_names_each_change_of_a_series(
    client: FlaskClient, season: list[int]
) -> None:
    series_id = create_series(client, season[:2], SETTINGS["all-total"])
    path = f"/jahreswertungen/{series_id}/bearbeiten"
    submit(client, path, data={"measure": "placement"}, follow=True)
    submit(client, path, f"/jahreswertungen/{series_id}/turniere/{season[1]}/entfernen")
    log = html.unescape(client.get("/protokoll").get_data(as_text=True))
    log = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", log))
    subject = "Jahreswertung „Jahreswertung Kiel“:"
    assert f"{subject} angelegt von leitung: Saison 2026; Es zählen alle Turniere" in log
    assert "Bei Gleichstand bester Einzelplatz, mehr gewertete Turniere" in log
    assert log.count(f"{subject} Turnier aufgenommen von leitung") == 2
    assert f"{subject} Turnier herausgenommen von leitung: Turnier Clubabend 2" in log
    assert "Gewertet nach Gesamtpunkten → Platzierungspunkten" in log
