"""A season of five one-round tournaments with 30 players (some missing some evenings, two
namesakes), built through the app's own pages, and the season series' standings worked out
here from the tournaments' own standings CSV: for ``tests/app/test_app_series.py`` and
``tests/browser/test_browser_series.py``."""

from __future__ import annotations

import csv
import io
import re
from decimal import Decimal
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from tests.support.webapp import (
    complete_lists,
    create_tournament,
    draw_round,
    flashes,
    paste_players,
    round_action,
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


def person(index: int) -> tuple[str, str]:
    return NAMESAKES.get(index, (f"Spieler {index:03d}", CLUBS[index % len(CLUBS)]))


def present(evening: int) -> list[int]:
    """Everyone misses one evening; four miss evening 1 too (24, 20, 24, 24, 24 players)."""
    absent = {p for p in range(PLAYERS) if p % EVENINGS == evening}
    if evening == 1:
        absent |= set(TWICE_ABSENT)
    return [p for p in range(PLAYERS) if p not in absent]


def decisions(app: Flask, people: list[tuple[str, str]]) -> dict[str, str]:
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


def build_season(app: Flask, client: FlaskClient) -> list[int]:
    """The five tournaments, each played and closed, by a signed-in Turnierleitung."""
    ids = []
    for evening in range(EVENINGS):
        tid = create_tournament(
            client, f"Clubabend {evening + 1}", rounds=1, date=f"2026-0{evening + 1}-15"
        )
        people = [person(p) for p in present(evening)]
        text = "\n".join(f"{name}; {club}" for name, club in people)
        paste_players(client, tid, text, decisions(app, people))
        draw_round(client, tid, seed=evening + 1)
        round_action(client, tid, 1, "starten")
        complete_lists(app, tid, 1, seed=evening * 7)
        round_action(client, tid, 1, "abschliessen")
        ids.append(tid)
    return ids


def csv_rows(client: FlaskClient, path: str) -> list[list[str]]:
    response = client.get(path)
    assert response.status_code == 200, path
    assert response.data.startswith(b"\xef\xbb\xbf")
    return list(csv.reader(io.StringIO(response.data.decode("utf-8-sig")), delimiter=";"))


def base_name(name: str) -> str:
    return re.sub(r" \(.*\)$", "", name)


def own_standings(client: FlaskClient, tid: int) -> dict[tuple[str, str], dict[str, int]]:
    """A tournament's own standings, from its CSV: (name, club) -> rank, total, rounds."""
    header, *rows = csv_rows(client, f"/turniere/{tid}/stand.csv")
    assert header[0] == "Platz" and header[-1] == "Runden"
    return {
        (base_name(row[2]), row[3]): {
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
    # Other tie-breaks: none (equal values share a place), and another order.
    "all-placement-no-ties": {"counting": "all", "measure": "placement", "ties": []},
    "best2-placement-points-first": {
        "counting": "best",
        "best_of": 2,
        "measure": "placement",
        "ties": ["all_points", "more_tournaments", "best_placement"],
    },
}
PLACEMENT = [20, 18, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
TIE_BREAKS = ["best_placement", "more_tournaments", "all_points"]


def create_series(client: FlaskClient, season: list[int], rule: dict[str, Any]) -> int:
    data = {
        "name": "Jahreswertung Kiel",
        "season": "2026",
        "counting": rule["counting"],
        "best_of": str(rule.get("best_of", "")),
        "measure": rule["measure"],
        "placement_points": ", ".join(str(p) for p in PLACEMENT),
        "min_tournaments": str(rule.get("min", 1)),
    }
    ties = rule.get("ties", TIE_BREAKS)
    for number in (1, 2, 3):
        data[f"tie_break_{number}"] = ties[number - 1] if number <= len(ties) else ""
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


def expected_standings(
    client: FlaskClient, season: list[int], rule: dict[str, Any]
) -> dict[tuple[str, str], tuple[str, str]]:
    """(name, club) -> (Platz, Wertung) as the series CSV should give them."""
    own = [own_standings(client, tid) for tid in season]
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
        tie_values = {
            "best_placement": -Decimal(min(line["rank"] for _, line in counted)),
            "more_tournaments": Decimal(len(counted)),
            "all_points": Decimal(sum(line["total"] for _, line in played)),
        }
        ties = rule.get("ties", TIE_BREAKS)
        keys[person] = (result, *(tie_values[key] for key in ties))
        if len(played) >= rule.get("min", 1):
            ranked.add(person)
    order = sorted(ranked, key=lambda person: tuple(-k for k in keys[person]))
    expected: dict[tuple[str, str], tuple[str, str]] = {}
    for position, person in enumerate(order, start=1):
        before = order[position - 2] if position > 1 else None
        same = before is not None and keys[before] == keys[person]
        rank = expected[before][0] if same and before is not None else str(position)
        expected[person] = (rank, amount(values[person]))
    for person in people - ranked:
        expected[person] = ("–", amount(values[person]))
    return expected


def amount(value: Decimal) -> str:
    if value == value.to_integral_value():
        return str(int(value))
    return f"{value.quantize(Decimal('0.01')):.2f}".replace(".", ",")
