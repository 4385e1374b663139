"""The season series (Jahreswertung): a season of five tournaments with 30 players, some
missing some evenings, two namesakes, built through the app's own pages; the series
standings by each counting rule and measure agree with a computation written here from the
tournaments' own standings (their CSV files)."""

from __future__ import annotations

import csv
import html
import io
import re
from decimal import Decimal
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from tests.support.apps import CopiedDay
from tests.support.webapp import (
    complete_lists,
    create_tournament,
    draw_round,
    field_errors,
    flashes,
    log_out,
    paste_players,
    post_new_tournament,
    round_action,
    sign_in,
    submit,
)
from tournament.extensions import db
from tournament.models import Player

CLUBS = ("Kreuz Kiel", "Pik Plön", "Herz Husum")
#: Players 28 and 29: two people of one name, told apart by their clubs.
NAMESAKES = {28: ("Hans Müller", "SC Bonn"), 29: ("Hans Müller", "DK Kiel")}
PLAYERS = 30
EVENINGS = 5
#: Who plays in the third tournament too few to be ranked under a minimum of 4.
TWICE_ABSENT = (0, 5, 10, 15)


def _person(index: int) -> tuple[str, str]:
    return NAMESAKES.get(index, (f"Spieler {index:03d}", CLUBS[index % len(CLUBS)]))


def _present(evening: int) -> list[int]:
    """Everyone misses one evening; four miss evening 1 too (24, 20, 24, 24, 24 players)."""
    absent = {p for p in range(PLAYERS) if p % EVENINGS == evening}
    if evening == 1:
        absent |= set(TWICE_ABSENT)
    return [p for p in range(PLAYERS) if p not in absent]


def _decisions(app: Flask, people: list[tuple[str, str]]) -> dict[str, str]:
    """The paste's decisions: a known person (name and club) is the club's player again, a
    namesake met for the first time is a new player."""
    with app.app_context():
        known = {(p.name, p.club): p.id for p in db.session.execute(select(Player)).scalars()}
    names_known = {name for name, _ in known}
    found: dict[str, str] = {}
    for line, person in enumerate(people, start=1):
        if person in known:
            found[f"zeile-{line}"] = str(known[person])
        elif person[0] in names_known:
            found[f"zeile-{line}"] = "neu"
    return found


def _season(app: Flask, client: FlaskClient) -> list[int]:
    sign_in(app, client)
    ids = []
    for evening in range(EVENINGS):
        tid = create_tournament(
            client, f"Clubabend {evening + 1}", rounds=1, date=f"2026-0{evening + 1}-15"
        )
        people = [_person(p) for p in _present(evening)]
        text = "\n".join(f"{name}; {club}" for name, club in people)
        paste_players(client, tid, text, _decisions(app, people))
        draw_round(client, tid, seed=evening + 1)
        round_action(client, tid, 1, "starten")
        complete_lists(app, tid, 1, seed=evening * 7)
        round_action(client, tid, 1, "abschliessen")
        ids.append(tid)
    return ids


@pytest.fixture
def season(copied_day: CopiedDay) -> list[int]:
    return copied_day((__name__, "season"), lambda: _season(copied_day.app, copied_day.client))


def _rows(client: FlaskClient, path: str) -> list[list[str]]:
    response = client.get(path)
    assert response.status_code == 200, path
    assert response.data.startswith(b"\xef\xbb\xbf")
    return list(csv.reader(io.StringIO(response.data.decode("utf-8-sig")), delimiter=";"))


def _base(name: str) -> str:
    return re.sub(r" \(.*\)$", "", name)


def _own_standings(client: FlaskClient, tid: int) -> dict[tuple[str, str], dict[str, int]]:
    """A tournament's own standings, from its CSV: (name, club) -> rank, total, rounds."""
    header, *rows = _rows(client, f"/turniere/{tid}/stand.csv")
    assert header[0] == "Platz" and header[-1] == "Runden"
    return {
        (_base(row[2]), row[3]): {
            "rank": int(row[0]),
            "total": int(row[-3]),
            "rounds": int(row[-1]),
        }
        for row in rows
    }


SETTINGS: dict[str, dict[str, Any]] = {
    "all-total": {"counting": "all", "measure": "total"},
    "best3-total": {"counting": "best", "best_of": 3, "measure": "total"},
    "all-average": {"counting": "all", "measure": "average"},
    "best3-average": {"counting": "best", "best_of": 3, "measure": "average", "min": 4},
    "all-placement": {"counting": "all", "measure": "placement"},
    "best2-placement": {"counting": "best", "best_of": 2, "measure": "placement", "min": 4},
}
PLACEMENT = [20, 18, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
TIE_BREAKS = ["best_placement", "more_tournaments", "all_points"]


def _create_series(client: FlaskClient, season: list[int], rule: dict[str, Any]) -> int:
    data = {
        "name": "Jahreswertung Kiel",
        "season": "2026",
        "counting": rule["counting"],
        "best_of": str(rule.get("best_of", "")),
        "measure": rule["measure"],
        "placement_points": ", ".join(str(p) for p in PLACEMENT),
        "min_tournaments": str(rule.get("min", 1)),
        "tie_break_1": TIE_BREAKS[0],
        "tie_break_2": TIE_BREAKS[1],
        "tie_break_3": TIE_BREAKS[2],
    }
    response = submit(client, "/jahreswertungen/neu", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    found = re.fullmatch(r"/jahreswertungen/(\d+)/bearbeiten", response.headers["Location"])
    assert found
    series_id = int(found.group(1))
    for tid in season:
        path = f"/jahreswertungen/{series_id}/bearbeiten"
        page = submit(
            client,
            path,
            f"/jahreswertungen/{series_id}/turniere",
            {"tournament": str(tid)},
            follow=True,
        )
        assert "zählt jetzt zur Jahreswertung" in " ".join(flashes(page.get_data(as_text=True)))
    return series_id


def _expected(
    client: FlaskClient, season: list[int], rule: dict[str, Any]
) -> dict[tuple[str, str], tuple[str, str]]:
    """(name, club) -> (Platz, Wertung) as the series CSV should give them."""
    own = [_own_standings(client, tid) for tid in season]
    measure = rule["measure"]

    def value(line: dict[str, int]) -> Decimal:
        if measure == "placement":
            rank = line["rank"]
            return Decimal(PLACEMENT[rank - 1] if rank <= len(PLACEMENT) else 0)
        if measure == "average":
            return Decimal(line["total"]) / line["rounds"]
        return Decimal(line["total"])

    people = {person for table in own for person in table}
    keys: dict[tuple[str, str], tuple[Decimal, ...]] = {}
    values: dict[tuple[str, str], Decimal] = {}
    ranked: set[tuple[str, str]] = set()
    for person in people:
        played = [(index, table[person]) for index, table in enumerate(own) if person in table]
        counted = played
        if rule["counting"] == "best":
            counted = sorted(played, key=lambda item: (-value(item[1]), item[0]))[: rule["best_of"]]
        if measure == "average":
            result = Decimal(sum(line["total"] for _, line in counted)) / sum(
                line["rounds"] for _, line in counted
            )
        else:
            result = sum((value(line) for _, line in counted), Decimal(0))
        values[person] = result
        keys[person] = (
            result,
            -Decimal(min(line["rank"] for _, line in counted)),
            Decimal(len(counted)),
            Decimal(sum(line["total"] for _, line in played)),
        )
        if len(played) >= rule.get("min", 1):
            ranked.add(person)
    order = sorted(ranked, key=lambda person: tuple(-k for k in keys[person]))
    expected: dict[tuple[str, str], tuple[str, str]] = {}
    for position, person in enumerate(order, start=1):
        before = order[position - 2] if position > 1 else None
        same = before is not None and keys[before] == keys[person]
        rank = expected[before][0] if same and before is not None else str(position)
        expected[person] = (rank, _amount(values[person]))
    for person in people - ranked:
        expected[person] = ("–", _amount(values[person]))
    return expected


def _amount(value: Decimal) -> str:
    if value == value.to_integral_value():
        return str(int(value))
    return f"{value.quantize(Decimal('0.01')):.2f}".replace(".", ",")


@pytest.mark.parametrize("rule_name", list(SETTINGS))
def test_series_standings_agree_with_the_tournaments_own_standings(
    client: FlaskClient, season: list[int], rule_name: str
) -> None:
    rule = SETTINGS[rule_name]
    series_id = _create_series(client, season, rule)
    header, *rows = _rows(client, f"/jahreswertungen/{series_id}/stand.csv")
    assert header[:4] == ["Platz", "Name", "Verein", "Wertung"]
    got = {(_base(row[1]), row[2]): (row[0], row[3]) for row in rows}
    expected = _expected(client, season, rule)
    assert len(got) == PLAYERS
    assert got == expected
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
    series_id = _create_series(client, season, SETTINGS["best3-total"])
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
    series_id = _create_series(client, season, SETTINGS["all-total"])
    page = client.get(f"/jahreswertungen/{series_id}").get_data(as_text=True)
    token = re.search(r'"stand": "([^"]+)"', page)
    assert token
    unchanged = client.get(f"/jahreswertungen/{series_id}", query_string={"stand": token.group(1)})
    assert unchanged.status_code == 204
    assert (
        client.get(f"/jahreswertungen/{series_id}", query_string={"stand": "x"}).status_code == 200
    )


def test_each_tournament_links_its_series(client: FlaskClient, season: list[int]) -> None:
    series_id = _create_series(client, season, SETTINGS["all-total"])
    page = html.unescape(client.get(f"/turniere/{season[2]}").get_data(as_text=True))
    assert f"/jahreswertungen/{series_id}" in page
    assert "Jahreswertung Jahreswertung Kiel (2026)" in page


def test_a_tournament_of_another_rule_set_is_refused_naming_both(
    client: FlaskClient, season: list[int]
) -> None:
    series_id = _create_series(client, season[:1], SETTINGS["all-total"])
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
    csv_rows = _rows(client, f"/jahreswertungen/{series_id}/stand.csv")
    assert all("Ravensburger" not in cell for row in csv_rows for cell in row)


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("20, x, 16", "Platzierungspunkte: „x“ (Stelle 2) ist keine ganze Zahl von 0 bis 1000."),
        ("20, 18, 19", "Platz 3 (19) bekommt mehr als Platz 2 (18)"),
        ("20, -3", "„-3“ (Stelle 2) ist keine ganze Zahl"),
        ("", "Bei Platzierungspunkten bitte die Punkte der Plätze angeben."),
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
