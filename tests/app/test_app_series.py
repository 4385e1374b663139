"""The season series (Jahreswertung): a season of five tournaments with 30 players, some
missing some evenings, two namesakes, built through the app's own pages; the series
standings by each counting rule and measure agree with a computation written here from the
tournaments' own standings (their CSV files). The standings as PDF, on the projector, in the
static site of each of its tournaments, and on each player's page."""

from __future__ import annotations

import html
import io
import re
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from posixpath import normpath

import pypdf
import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.apps import CopiedDay
from tests.support.season import (
    NAMESAKES,
    PLAYERS,
    SETTINGS,
    TWICE_ABSENT,
    base_name,
    build_season,
    create_series,
    csv_rows,
    expected_standings,
    own_standings,
    person,
    present,
)
from tests.support.webapp import (
    field_errors,
    flashes,
    live_state,
    log_out,
    post_new_tournament,
    send,
    sign_in,
    submit,
)
from tournament.extensions import db
from tournament.models import Player, Registration


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
    token = live_state(page)
    unchanged = client.get(f"/jahreswertungen/{series_id}", query_string={"stand": token})
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


# ---------------------------------------------------------------- the PDF


def _pdf_pages(content: bytes) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(content)).pages]


def test_the_pdf_has_the_rules_and_every_row_of_the_standings_over_its_pages(
    client: FlaskClient, season: list[int]
) -> None:
    series_id = create_series(client, season, SETTINGS["best3-total"])
    log_out(client)
    response = client.get(f"/jahreswertungen/{series_id}/stand.pdf")
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    assert (
        f'filename="jahreswertung-{series_id}-2026.pdf"' in response.headers["Content-Disposition"]
    )
    pages = _pdf_pages(response.get_data())
    # 30 players, each with the tournaments counted and struck: more than one page.
    assert len(pages) >= 2
    for number, text in enumerate(pages, start=1):
        assert "Platz Name Verein Wertung Turniere Gewertet Gestrichen" in text, number
        assert f"Seite {number} von {len(pages)}" in text, number
        assert "Jahreswertung · Jahreswertung Kiel · Saison 2026" in text, number
    first = pages[0]
    assert first.startswith("Jahreswertung\nJahreswertung Kiel · Saison 2026\n")
    assert "Regelwerk: DDV-Turnierspielregeln" in first
    assert "Es zählen die besten 3 Turniere." in first
    assert "Gewertet wird ab 1 Turnier" in first
    assert "Stand: " in first and " Uhr" in first
    everything = " ".join(" ".join(pages).split())
    _, *rows = csv_rows(client, f"/jahreswertungen/{series_id}/stand.csv")
    for rank, name, club, value, played, *_ in rows:
        assert f"{rank} {name} {club} {value} {played} " in everything, name
    # Each counted and each struck tournament of a player, with rank and value there.
    assert everything.count("Clubabend") == sum(int(row[4]) for row in rows)


def test_a_placement_table_too_long_for_a_line_wraps_in_the_pdf(
    client: FlaskClient, season: list[int]
) -> None:
    series_id = create_series(client, season[:1], SETTINGS["all-placement"])
    path = f"/jahreswertungen/{series_id}/bearbeiten"
    table = ", ".join(str(200 - place) for place in range(60))
    submit(client, path, data={"placement_points": table}, follow=True)
    text = " ".join(
        " ".join(_pdf_pages(client.get(f"/jahreswertungen/{series_id}/stand.pdf").data)).split()
    )
    assert "1. = 200, 2. = 199" in text and "60. = 141; jeder weitere Platz 0." in text


def test_the_pdf_follows_a_change_of_the_series(client: FlaskClient, season: list[int]) -> None:
    series_id = create_series(client, season, SETTINGS["all-total"])
    path = f"/jahreswertungen/{series_id}/stand.pdf"
    assert "Clubabend 5" in " ".join(_pdf_pages(client.get(path).data))
    edit = f"/jahreswertungen/{series_id}/bearbeiten"
    submit(client, edit, f"/jahreswertungen/{series_id}/turniere/{season[4]}/entfernen")
    assert "Clubabend 5" not in " ".join(_pdf_pages(client.get(path).data))


def test_the_series_page_links_its_csv_and_pdf(client: FlaskClient, season: list[int]) -> None:
    series_id = create_series(client, season[:1], SETTINGS["all-total"])
    page = client.get(f"/jahreswertungen/{series_id}").get_data(as_text=True)
    assert f'href="/jahreswertungen/{series_id}/stand.csv"' in page
    assert f'href="/jahreswertungen/{series_id}/stand.pdf"' in page
    assert client.get("/jahreswertungen/999/stand.pdf").status_code == 404


# ---------------------------------------------------------------- the projector


def test_the_projector_shows_the_series_standings_paged_and_live(
    client: FlaskClient, season: list[int]
) -> None:
    series_id = create_series(client, season, SETTINGS["best2-placement"])
    path = f"/jahreswertungen/{series_id}/leinwand"
    # Linked from the series page for the Turnierleitung, not for the public.
    assert f'href="{path}"' in client.get(f"/jahreswertungen/{series_id}").get_data(as_text=True)
    _, *rows = csv_rows(client, f"/jahreswertungen/{series_id}/stand.csv")
    log_out(client)
    assert f'href="{path}"' not in client.get(f"/jahreswertungen/{series_id}").get_data(
        as_text=True
    )
    page = html.unescape(client.get(path).get_data(as_text=True))
    assert 'class="projector"' in page
    assert 'data-pager data-pager-seconds="12"' in page
    assert "<h1>Jahreswertung: Jahreswertung Kiel</h1>" in page
    assert "Es zählen die besten 2 Turniere." in page
    shown = re.findall(
        r'<tr data-key="\d+" data-total="[^"]*"[^>]*><td>([^<]*)</td><th scope="row" '
        r'class="name">([^<]*?) (?:<small>([^<]*)</small>)?</th><td>[^<]*</td>'
        r'<td class="total">([^<]*)</td>',
        page,
    )
    assert [list(row) for row in shown] == [[r[0], r[1], r[2], r[3]] for r in rows]
    for tid in range(1, 6):
        assert f"Clubabend {tid}" in page
    # Seconds per page as the tournament's projector takes them, within its limits.
    assert 'data-pager-seconds="30"' in client.get(f"{path}?sekunden=30").get_data(as_text=True)
    assert 'data-pager-seconds="3"' in client.get(f"{path}?sekunden=1").get_data(as_text=True)
    assert 'data-pager-seconds="12"' in client.get(f"{path}?sekunden=x").get_data(as_text=True)
    # Live: it asks whether the standings moved on, and nothing changed yet.
    token = live_state(page)
    assert client.get(path, query_string={"stand": token}).status_code == 204
    assert client.get("/jahreswertungen/999/leinwand").status_code == 404


# ---------------------------------------------------------------- the players' pages


def _player(app: Flask, index: int) -> int:
    name, club = person(index)
    with app.app_context():
        return db.session.execute(
            db.select(Player.id).where(Player.name == name, Player.club == club)
        ).scalar_one()


def _start_numbers(app: Flask, player_id: int) -> dict[int, int]:
    with app.app_context():
        query = db.select(Registration.tournament_id, Registration.start_number).where(
            Registration.player_id == player_id
        )
        return {t: n for t, n in db.session.execute(query)}


class _Table(HTMLParser):
    """The rows of the player's series table: each cell's text and the links in it."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.links: list[str] = []
        self.inside = False
        self.cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "table" and "player-series-tournaments" in (values.get("class") or ""):
            self.inside = True
        elif self.inside and tag == "tr":
            self.rows.append([])
        elif self.inside and tag == "td":
            self.cell = []
        elif self.inside and tag == "a" and values.get("href"):
            self.links.append(str(values["href"]))

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self.inside = False
        elif tag == "td" and self.cell is not None:
            self.rows[-1].append(" ".join(" ".join(self.cell).split()))
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)


@pytest.mark.parametrize("index", [1, 28, 29, 0])
def test_a_player_s_page_lists_the_series_and_its_tournaments_he_played(
    app: Flask, client: FlaskClient, season: list[int], index: int
) -> None:
    """Player 1 misses evening 2 (best 3 of 4 count), the namesakes 28 and 29 stay apart,
    player 0 plays three evenings (unranked under a minimum of 4)."""
    rule = {**SETTINGS["best3-total"], "min": 4}
    series_id = create_series(client, season, rule)
    _, *rows = csv_rows(client, f"/jahreswertungen/{series_id}/stand.csv")
    name, club = person(index)
    [line] = [row for row in rows if base_name(row[1]) == name and row[2] == club]
    numbers = _start_numbers(app, _player(app, index))
    played = [tid for evening, tid in enumerate(season) if index in present(evening)]
    assert sorted(numbers) == played
    log_out(client)
    tid = played[-1]
    page = html.unescape(
        client.get(f"/turniere/{tid}/startnummer/{numbers[tid]}").get_data(as_text=True)
    )
    assert f'href="/jahreswertungen/{series_id}">Jahreswertung Jahreswertung Kiel</a>' in page
    said = re.search(r"<dt>Platz in der Jahreswertung</dt>\s*<dd>(.*?)</dd>", page, re.DOTALL)
    assert said
    if line[0] == "–":
        assert "noch nicht gewertet: zu wenige Turniere (mindestens 4)" in said.group(1)
        assert index == 0
    else:
        assert said.group(1) == f"<strong>{line[0]}</strong>"
    assert re.search(rf"<dt>Wertung</dt><dd><strong>{re.escape(line[3])}</strong></dd>", page)
    table = _Table()
    table.feed(page)
    own = {t: own_standings(client, t)[(name, club)] for t in played}
    expected = []
    counted = {part.split(" (")[0] for part in line[6].split(", ") if part}
    for evening, t in enumerate(season):
        if t not in played:
            continue
        title = f"Clubabend {evening + 1}"
        state = "gewertet" if title in counted else "gestrichen"
        date = f"15.0{evening + 1}.2026"
        points = str(own[t]["total"])
        expected.append([f"{title} {date}", str(own[t]["rank"]), points, points, state])
    assert table.rows[1:] == expected
    assert [r[-1] for r in expected].count("gewertet") == min(3, len(played))
    assert table.links == [f"/turniere/{t}/startnummer/{numbers[t]}" for t in played]
    if index in NAMESAKES:  # the other Hans Müller's evenings are not his
        other = _start_numbers(app, _player(app, 57 - index))
        assert not {f"/turniere/{t}/startnummer/{n}" for t, n in other.items()} & set(table.links)


def test_a_player_s_page_without_a_series_has_none(client: FlaskClient, season: list[int]) -> None:
    page = client.get(f"/turniere/{season[0]}/startnummer/1").get_data(as_text=True)
    assert "Jahreswertung" not in page


# ---------------------------------------------------------------- the static site


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.links += [value for name, value in attrs if name in ("href", "src") and value]


def _links(page: str) -> list[str]:
    parser = _Links()
    parser.feed(page)
    return parser.links


def test_the_static_site_carries_the_series_with_working_links(
    client: FlaskClient, season: list[int]
) -> None:
    series_id = create_series(client, season, SETTINGS["best3-total"])
    response = client.get(f"/turniere/{season[2]}/ergebnisse.zip")
    assert response.status_code == 200
    site = zipfile.ZipFile(io.BytesIO(response.get_data()))
    names = set(site.namelist())
    stem = f"jahreswertung-{series_id}"
    assert {f"{stem}.html", f"{stem}.csv", f"{stem}.pdf"} <= names
    assert site.read(f"{stem}.csv") == client.get(f"/jahreswertungen/{series_id}/stand.csv").data
    assert "Es zählen die besten 3 Turniere." in _pdf_pages(site.read(f"{stem}.pdf"))[0]
    pages = {name: site.read(name).decode("utf-8") for name in names if name.endswith(".html")}
    for name, page in pages.items():
        assert "<script" not in page and "<form" not in page, name
        for link in _links(page):
            assert not link.startswith(("/", "http:", "https:")), (name, link)
            target = link.split("#")[0]
            if target:
                assert normpath(target) in names, (name, link)
    # From the start page and each player's page to the series, and from it back.
    assert f'href="{stem}.html"' in pages["index.html"]
    series_page = html.unescape(pages[f"{stem}.html"])
    assert f'href="{stem}.csv"' in series_page and f'href="{stem}.pdf"' in series_page
    assert '<a href="index.html">Clubabend 3</a>' in series_page
    # The other tournaments are not exported: their names stay, as text.
    for other in ("Clubabend 1", "Clubabend 2", "Clubabend 4", "Clubabend 5"):
        assert f"<span>{other}</span>" in series_page, other
    assert "Jahreswertung bearbeiten" not in series_page and "Leinwand" not in series_page
    players = [name for name in pages if name.startswith("spieler-")]
    assert players
    for name in players:
        assert f'href="{stem}.html"' in pages[name], name


def test_the_command_line_writes_the_series_into_the_folder(
    app: Flask, client: FlaskClient, season: list[int], tmp_path: Path
) -> None:
    series_id = create_series(client, season, SETTINGS["all-total"])
    folder = tmp_path / "seite"
    result = app.test_cli_runner().invoke(args=["export-site", str(season[0]), str(folder)])
    assert result.exit_code == 0, result.output
    for suffix in ("html", "csv", "pdf"):
        assert (folder / f"jahreswertung-{series_id}.{suffix}").is_file()
    page = (folder / f"jahreswertung-{series_id}.html").read_text(encoding="utf-8")
    assert 'href="index.html"' in page


def test_a_player_s_page_follows_a_change_of_the_series(
    client: FlaskClient, season: list[int]
) -> None:
    series_id = create_series(client, season, SETTINGS["all-total"])
    path = f"/turniere/{season[0]}/startnummer/1"
    before = client.get(path).get_data(as_text=True)
    assert ">Clubabend 5</a>" in before
    token = live_state(before)
    assert client.get(path, query_string={"stand": token}).status_code == 204
    edit = f"/jahreswertungen/{series_id}/bearbeiten"
    submit(client, edit, f"/jahreswertungen/{series_id}/turniere/{season[4]}/entfernen")
    changed = client.get(path, query_string={"stand": token})
    assert changed.status_code == 200
    assert ">Clubabend 5</a>" not in changed.get_data(as_text=True)
