"""A public page per player, names linked to it everywhere, and the search and big print of
"Wo sitze ich?".

The lists are stored through the score-list service (checked by the rules engine); the page's
games, explanations and Pflichtsolo are compared with the engine's report of the same list.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.scorelists import complete_entries, make_round, make_tournament, make_user
from tests.support.webapp import sign_in
from tournament.domain import score_lists, standings
from tournament.extensions import db
from tournament.models import RoundStatus, RoundTable, Tournament

PLAYERS = [
    ("Anna Schmidt", "Kreuz Köln"),
    ("Ben Meier", "Pik Bonn"),
    ("Cem Wolf", "Kreuz Köln"),
    ("Dora Becker", "Herz Hürth"),
    ("Emil Hansen", "Pik Bonn"),
    ("Frida Jürgens", "Karo Kerpen"),
    ("Gero Lange", "Herz Hürth"),
    ("Hanna Krüger", "Karo Kerpen"),
    ("Ilse Brandt", ""),
]
RUNNING_GAMES = 5  # games on the lists of the running round


@dataclass(frozen=True)
class Day:
    """Round 1 finished (two complete lists, table 1's with a penalty against Ben and
    Nachspielzeit), Dora (4) withdrawn after it, Ilse (9) entered for round 2, round 2
    running with a few games on its lists."""

    tid: int
    first: dict[str, Any]  # the engine's report of round 1, table 1 (Anna, Ben, Cem, Dora)
    running: dict[str, Any]  # the report of round 2, table 1 (Ilse, Anna, Emil, Ben)


def _store(table: RoundTable, entries: list[dict[str, Any]]) -> dict[str, Any]:
    report: dict[str, Any] = score_lists.replace_entries(table, entries, None)
    assert report["valid"], report["findings"]
    return report


@pytest.fixture
def day(app: Flask) -> Day:
    with app.app_context():
        make_user()
        tournament, regs = make_tournament(PLAYERS)
        regs[8].first_round = 2
        first = make_round(tournament, 1, [regs[0:4], regs[4:8]])
        first.status = RoundStatus.FINISHED
        table_1, table_2 = first.tables
        penalty = {"kind": "penalty", "category": "geringfuegig", "offender": "2"}
        extra = {"kind": "nachspielzeit", "minutes": 4, "reason": "Reklamation an Tisch 1"}
        report_1 = _store(table_1, [penalty, extra, *complete_entries(table_1, seed=3)])
        _store(table_2, complete_entries(table_2, seed=4))
        regs[3].withdrawn_after_round = 1
        second = make_round(
            tournament,
            2,
            [[regs[8], regs[0], regs[4], regs[1]], [regs[5], regs[6], regs[7], regs[2]]],
        )
        second.status = RoundStatus.RUNNING
        running = second.tables[0]
        report_2 = _store(running, complete_entries(running, seed=5)[:RUNNING_GAMES])
        tournament.version += 1
        db.session.commit()
        return Day(tournament.id, report_1, report_2)


class _Text(HTMLParser):
    """A page's shown text (elements with ``hidden`` left out) and its links."""

    VOID = frozenset(("br", "input", "meta", "link", "img", "hr", "source", "wbr"))
    BLOCKS = frozenset(
        ("p", "div", "dt", "dd", "li", "td", "th", "tr", "h1", "h2", "summary", "caption", "br")
    )

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.links: list[tuple[str, str]] = []
        self._hidden = 0
        self._href: str | None = None
        self._link: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.BLOCKS and not self._hidden:
            self.parts.append(" ")
        if tag in self.VOID:
            return
        found = dict(attrs)
        if self._hidden or "hidden" in found or tag in ("script", "style", "title"):
            self._hidden += 1
            return
        if tag == "a":
            self._href, self._link = found.get("href"), []

    def handle_endtag(self, tag: str) -> None:
        if tag in self.BLOCKS and not self._hidden:
            self.parts.append(" ")
        if tag in self.VOID:
            return
        if self._hidden:
            self._hidden -= 1
            return
        if tag == "a" and self._href is not None:
            self.links.append((" ".join("".join(self._link).split()), self._href))
            self._href = None

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.parts.append(data)
            if self._href is not None:
                self._link.append(data)

    @property
    def text(self) -> str:
        return " ".join("".join(self.parts).split())


def _parse(markup: str) -> _Text:
    parsed = _Text()
    parsed.feed(markup)
    return parsed


def _get(client: FlaskClient, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200, path
    return response.get_data(as_text=True)


def _player_url(tid: int, number: int) -> str:
    return f"/turniere/{tid}/startnummer/{number}"


def _rounds(markup: str) -> dict[int, _Text]:
    """The parts of a player's page on each round, by round number."""
    parts = markup.split('<section class="player-round"')[1:]
    found = {}
    for part in parts:
        number = int(re.search(r'id="runde-(\d+)"', part)[1])  # type: ignore[index]
        found[number] = _parse(part[part.index(">") + 1 : part.index("</section>")])
    return found


def _pflicht_game(report: dict[str, Any], key: str) -> dict[str, Any] | None:
    return next(
        (r for r in report["rows"] if r.get("section") == "pflicht" and r.get("player") == key),
        None,
    )


# ------------------------------------------------------------------ the player's page


def test_player_page_shows_rank_total_and_each_rounds_table_games_and_pflichtsolo(
    client: FlaskClient, day: Day
) -> None:
    markup = _get(client, _player_url(day.tid, 1))
    page = _parse(markup)
    with client.application.app_context():
        tournament = db.session.get(Tournament, day.tid)
        assert tournament is not None
        row = next(r for r in standings.overall(tournament).rows if r.start_number == 1)
    assert "Anna Schmidt" in page.text
    assert "Startnummer 1 Verein Kreuz Köln" in page.text
    assert f"Platz gesamt {row.rank} (vorläufig: Runde 2 läuft)" in page.text
    assert f"Punkte gesamt {row.total}" in page.text

    rounds = _rounds(markup)
    first = rounds[1]
    points = day.first["totals"]["1"]
    assert f"Tisch 1, Platz 1 (gibt zuerst) · {points} Punkte" in first.text
    mates = [("Ben Meier", 2), ("Cem Wolf", 3), ("Dora Becker", 4)]
    for name, number in mates:
        assert (name, _player_url(day.tid, number)) in first.links
    # Every game of the list (a table of four: Anna played them all), with her points and
    # the engine's explanation ending in the game's value.
    games = [r for r in day.first["rows"] if "game" in r and "penalty" not in r]
    explained = re.findall("Spielwert aus Sicht von Re", first.text)
    assert len(explained) == len(games) == 24
    for game in games:
        mine = game["points"]["1"]
        assert f"{mine:+d} {game['totals']['1']}" in first.text, game
    # The penalty against Ben: Anna's share of it, and the Nachspielzeit.
    [penalty] = [r for r in day.first["rows"] if "penalty" in r]
    assert f"{penalty['points']['1']:+d} Punkte für Anna Schmidt" in first.text
    assert "Nachspielzeit 4 Minuten: Reklamation an Tisch 1" in first.text
    played = _pflicht_game(day.first, "1")
    assert played is not None
    said = "vorgeführt in Spiel" if played["kind"] == "vorfuehrung" else "gespielt in Spiel"
    assert f"Pflichtsolo: {said} {played['game']}" in first.text

    second = rounds[2]
    assert second.text.startswith("Runde 2 läuft")
    assert f"Tisch 1, Platz 2 · {day.running['totals']['1']} Punkte bisher" in second.text
    assert ("Ilse Brandt", _player_url(day.tid, 9)) in second.links
    assert "1" in day.running["pflicht_missing"]  # the engine's word: still owed
    assert "Pflichtsolo: noch offen" in second.text
    assert len(re.findall(r"Spielwert aus Sicht von Re", second.text)) == RUNNING_GAMES


def test_withdrawn_and_late_players_pages_say_why_a_round_has_no_seat(
    client: FlaskClient, day: Day
) -> None:
    dora = _get(client, _player_url(day.tid, 4))
    assert "Status zurückgezogen nach Runde 1" in _parse(dora).text
    rounds = _rounds(dora)
    assert "Tisch 1, Platz 4 (führt die Liste)" in rounds[1].text
    assert rounds[2].text == "Runde 2 läuft Nicht dabei: zurückgezogen nach Runde 1."
    ilse = _get(client, _player_url(day.tid, 9))
    assert "Status spielt ab Runde 2" in _parse(ilse).text
    assert _rounds(ilse)[1].text == "Runde 1 Nicht dabei: spielt ab Runde 2."


@pytest.mark.parametrize(
    "path",
    [
        "/turniere/{tid}/startnummer/99",
        "/turniere/{tid}/startnummer/0",
        "/turniere/{tid}/startnummer/99999999999999999999999",
        "/turniere/9999/startnummer/1",
        "/turniere/{tid}/startnummer/eins",
    ],
)
def test_unknown_start_number_is_the_german_404_page(
    client: FlaskClient, day: Day, path: str
) -> None:
    response = client.get(path.format(tid=day.tid))
    assert response.status_code == 404
    assert "Diese Seite gibt es nicht." in response.get_data(as_text=True)


def test_player_page_is_live_with_the_standings_token(client: FlaskClient, day: Day) -> None:
    markup = _get(client, _player_url(day.tid, 1))
    token = re.search(r'hx-vals=\'\{"stand": "([^"]+)"\}\'', markup)
    assert token is not None
    assert 'hx-select-oob="#spieler-inhalt,#live"' in markup
    url = _player_url(day.tid, 1)
    assert client.get(url, query_string={"stand": token[1]}).status_code == 204
    with client.application.app_context():
        table = db.session.get(RoundTable, 3)
        assert table is not None and table.round.number == 2
        _store(table, complete_entries(table, seed=5)[: RUNNING_GAMES + 1])
        db.session.commit()
    changed = client.get(url, query_string={"stand": token[1]})
    assert changed.status_code == 200
    assert len(
        re.findall("Spielwert aus Sicht von Re", _rounds(changed.get_data(as_text=True))[2].text)
    ) == (RUNNING_GAMES + 1)


# ------------------------------------------------------------------ links to the pages


LINKED_PAGES = (
    "/turniere/{tid}/stand",
    "/turniere/{tid}/runden/1/stand",
    "/turniere/{tid}/runden/1",
    "/turniere/{tid}/runden/1/sitzplaetze",
    "/turniere/{tid}/runden/1/sitzplaetze?gross=1",
    "/turniere/{tid}/runden/1/tischkarten",
    "/turniere/{tid}/runden/1/uebersicht",
    "/turniere/{tid}/runden/1/tische/1/",
    "/turniere/{tid}/spieler/",
)


def test_names_link_to_the_player_pages(app: Flask, client: FlaskClient, day: Day) -> None:
    sign_in(app, client, username="chefin")
    for path in LINKED_PAGES:
        links = _parse(_get(client, path.format(tid=day.tid))).links
        for number in (1, 2, 3, 4):
            url = _player_url(day.tid, number)
            name = PLAYERS[number - 1][0]
            assert any(href == url and name in text for text, href in links), (path, name)


# ------------------------------------------------------------------ "Wo sitze ich?"


def _shown_names(markup: str) -> list[str]:
    """The names the seat list shows (rows without ``hidden``), in order."""
    found = re.findall(
        r"<(?:tr|li) data-suche=\"[^\"]*\" data-nr=\"\d+\"( hidden)?>(.*?)</(?:tr|li)>", markup
    )
    return [_parse(row).links[0][0] for hidden, row in found if not hidden]


SEARCHES: tuple[tuple[str, list[str], str], ...] = (
    ("", [name for name, _ in sorted(PLAYERS[:8])], ""),
    ("anna", ["Anna Schmidt", "Hanna Krüger"], "2 von 8 Spielern gefunden"),
    ("JURGENS", ["Frida Jürgens"], "1 von 8 Spielern gefunden"),
    ("krü", ["Hanna Krüger"], "1 von 8 Spielern gefunden"),
    ("Kruegers", [], "Kein Name passt zu dieser Suche."),
    ("KRUEGER", ["Hanna Krüger"], "1 von 8 Spielern gefunden"),
    ("juergens", ["Frida Jürgens"], "1 von 8 Spielern gefunden"),
    ("Jue", ["Frida Jürgens"], "1 von 8 Spielern gefunden"),
    ("  7 ", ["Gero Lange"], "1 von 8 Spielern gefunden"),
    ("zzz", [], "Kein Name passt zu dieser Suche."),
    ("x" * 5000, [], "Kein Name passt zu dieser Suche."),
)


@pytest.mark.parametrize("big", [False, True])
def test_seat_search_without_javascript_shows_only_the_matching_names(
    client: FlaskClient, day: Day, big: bool
) -> None:
    for query, names, count in SEARCHES:
        args = {"q": query} | ({"gross": "1"} if big else {})
        response = client.get(f"/turniere/{day.tid}/runden/1/sitzplaetze", query_string=args)
        assert response.status_code == 200
        markup = response.get_data(as_text=True)
        assert _shown_names(markup) == names, query
        assert len(re.findall(r"data-suche=", markup)) == 8  # all kept for the script
        status = re.search(r"<p class=\"seat-count\"[^>]*>(.*?)</p>", markup, re.S)
        assert status is not None and status[1].strip() == count
        assert f'value="{query.strip()[:80]}"' in markup


def test_big_print_is_one_player_a_line_with_table_and_position(
    client: FlaskClient, day: Day
) -> None:
    markup = _get(client, f"/turniere/{day.tid}/runden/1/sitzplaetze?gross=1")
    lines = re.findall(r"<li data-suche[^>]*>(.*?)</li>", markup)
    texts = [_parse(line).text for line in lines]
    assert texts[0] == "Anna Schmidt Tisch 1 · Platz 1"
    assert texts[-1] == "Hanna Krüger Tisch 2 · Platz 4"
    assert [t.split(" Tisch")[0] for t in texts] == sorted(name for name, _ in PLAYERS[:8])
    normal = _get(client, f"/turniere/{day.tid}/runden/1/sitzplaetze")
    assert f'href="/turniere/{day.tid}/runden/1/sitzplaetze?gross=1">Großdruck</a>' in normal


def test_seat_list_is_live_with_the_tournaments_version(client: FlaskClient, day: Day) -> None:
    url = f"/turniere/{day.tid}/runden/1/sitzplaetze"
    markup = _get(client, url + "?q=anna")
    assert f'hx-get="{url}?q=anna"' in markup
    assert 'hx-select-oob="#sitzplaetze,#live"' in markup
    with client.application.app_context():
        tournament = db.session.get(Tournament, day.tid)
        assert tournament is not None
        version = str(tournament.version)
    assert client.get(url, query_string={"q": "anna", "stand": version}).status_code == 204
    with client.application.app_context():
        tournament = db.session.get(Tournament, day.tid)
        assert tournament is not None
        tournament.version += 1
        db.session.commit()
    assert client.get(url, query_string={"q": "anna", "stand": version}).status_code == 200


def test_a_list_that_cannot_be_read_is_said_on_the_page_not_a_500(
    client: FlaskClient, day: Day
) -> None:
    """A table of round 2 lost a seat (it can no longer form a list): the others' pages say
    so for that round and show the rest."""
    with client.application.app_context():
        table = db.session.get(RoundTable, 4)
        assert table is not None and table.round.number == 2
        missing = table.seats[0]
        assert missing.registration.start_number == 6
        db.session.delete(missing)
        db.session.commit()
    markup = _get(client, _player_url(day.tid, 7))
    rounds = _rounds(markup)
    assert rounds[2].text.startswith("Runde 2 läuft Tisch 2, Platz 2")
    assert "Die Liste des Tisches kann nicht gelesen werden:" in rounds[2].text
    assert "Spielwert aus Sicht von Re" in rounds[1].text


def test_player_page_before_the_first_draw(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        make_user()
        tournament, _ = make_tournament(PLAYERS[:2])
        db.session.commit()
        tid = tournament.id
    text = _parse(_get(client, _player_url(tid, 2))).text
    assert "Ben Meier Startnummer 2 Verein Pik Bonn Platz gesamt noch keiner" in text
    assert "Punkte gesamt 0 Noch keine Runde ausgelost." in text
