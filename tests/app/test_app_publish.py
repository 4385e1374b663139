"""Results outside the hall: the standings as CSV and PDF, and the public pages as a static
site (``tournament/publish``); the same standings as the live pages."""

from __future__ import annotations

import csv
import io
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from posixpath import dirname, normpath
from posixpath import join as join_path

import pypdf
import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from tests.support.scorelists import make_round, make_tournament, make_user
from tests.support.webapp import sign_in
from tournament import serve
from tournament.config import INSTANCE_PATH_VARIABLE
from tournament.domain import standings
from tournament.extensions import db
from tournament.models import Round, RoundStatus, Tournament
from tournament.publish import site as static_site
from tournament.publish import standings_files as tables

STAFF = "chefin"
# Names and a club a spreadsheet would run as formulas.
PLAYERS = [
    ("Anna Łukasiewicz", "Kreuz Köln"),
    ('=HYPERLINK("http://x")', "Pik Bonn"),
    ("Cem", "+49 Club"),
    ("@Dora", "Herz Hürth"),
    ("-Emil", "Pik Bonn"),
    ("Frida", "Karo Kerpen"),
    ("Gero", "Herz Hürth"),
    ("Hanna", "Karo Kerpen"),
]


def _set_points(round_: Round, points: dict[int, int]) -> None:
    for table in round_.tables:
        for seat in table.seats:
            seat.points = points.get(seat.registration.start_number, 0)


@pytest.fixture
def tournament_id(app: Flask) -> int:
    """Eight players, round 1 finished, round 2 running (the standings are provisional).
    No application context stays open: each client's request has its own (and user)."""
    with app.app_context():
        make_user()
        tournament, regs = make_tournament(PLAYERS)
        first = make_round(tournament, 1, [regs[0:4], regs[4:8]])
        second = make_round(tournament, 2, [[regs[0], regs[2], regs[4], regs[6]]])
        first.status = RoundStatus.FINISHED
        second.status = RoundStatus.RUNNING
        _set_points(first, {1: 10, 2: 5, 3: -20, 4: 5, 5: 12, 6: -12, 7: 3, 8: -3})
        _set_points(second, {1: -3, 3: 9, 5: -8, 7: 2})
        db.session.flush()
        tid = tournament.id
        db.session.commit()
    return tid


@pytest.fixture
def staff(app: Flask, tournament_id: int) -> FlaskClient:
    """The Turnierleitung's client, signed in before anything else reads the database."""
    client = app.test_client()
    sign_in(app, client, STAFF)
    return client


def _site(staff: FlaskClient, tournament_id: int) -> zipfile.ZipFile:
    response = staff.get(f"/turniere/{tournament_id}/ergebnisse.zip")
    assert response.status_code == 200
    assert response.mimetype == "application/zip"
    assert "attachment" in response.headers["Content-Disposition"]
    return zipfile.ZipFile(io.BytesIO(response.get_data()))


class _Links(HTMLParser):
    """Every href and src of a page, and its standings table's rows as cell texts."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.rows: list[list[str]] = []
        self.in_standings = False
        self.cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        self.links += [value for name, value in attrs if name in ("href", "src") and value]
        if tag == "table" and "standings" in (values.get("class") or ""):
            self.in_standings = True
        elif self.in_standings and tag == "tr":
            self.rows.append([])
        elif self.in_standings and tag in ("td", "th") and self.rows:
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self.in_standings = False
        elif tag in ("td", "th") and self.cell is not None and self.rows:
            self.rows[-1].append(" ".join("".join(self.cell).split()))
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)


def _parsed(page: str) -> _Links:
    parser = _Links()
    parser.feed(page)
    return parser


def _body_rows(page: str) -> list[list[str]]:
    """The standings table's rows without the header row."""
    return [row for row in _parsed(page).rows[1:] if row]


# ---------------------------------------------------------------------- the static site


def test_the_site_has_an_index_and_every_round_s_pages(
    tournament_id: int, staff: FlaskClient
) -> None:
    site = _site(staff, tournament_id)
    names = set(site.namelist())
    assert "index.html" in names
    for number in (1, 2):
        for page in ("stand.html", "tischplan.html", "wo-sitze-ich.html", "stand.csv"):
            assert f"runde-{number}-{page}" in names
    assert {"gesamtstand.csv", "gesamtstand.pdf", "static/style.css"} <= names
    assert {f"spieler-{number}.html" for number in range(1, len(PLAYERS) + 1)} <= names


def test_every_link_of_every_exported_page_is_relative_and_resolves_in_the_zip(
    tournament_id: int, staff: FlaskClient
) -> None:
    site = _site(staff, tournament_id)
    names = set(site.namelist())
    pages = [name for name in names if name.endswith(".html")]
    # The overall standings, per round standings, plan and seats, and a page per player.
    assert len(pages) == 1 + 2 * 3 + len(PLAYERS)
    for name in pages:
        page = site.read(name).decode("utf-8")
        assert "<script" not in page, name
        assert "<form" not in page, name
        assert "hx-" not in page, name
        assert "Anmelden" not in page, name
        assert "Stand: " in page and " Uhr (vorläufig)" in page, name
        links = _parsed(page).links
        assert links, name
        for link in links:
            assert not link.startswith(("/", "http:", "https:")), (name, link)
            target = link.split("#")[0]
            if target:
                assert normpath(join_path(dirname(name), target)) in names, (name, link)


def test_links_to_pages_not_exported_keep_only_their_text(
    tournament_id: int, staff: FlaskClient
) -> None:
    plan = _site(staff, tournament_id).read("runde-1-tischplan.html").decode("utf-8")
    assert "Tischkarten" in plan  # the crumbs' link to the table cards, which are not exported
    assert "tischkarten" not in plan
    assert '<a href="runde-1-wo-sitze-ich.html">Wo sitze ich?</a>' in plan


def test_exported_standings_are_the_live_pages_standings(
    tournament_id: int, staff: FlaskClient, client: FlaskClient
) -> None:
    live_overall = client.get(f"/turniere/{tournament_id}/stand").get_data(as_text=True)
    live_round = client.get(f"/turniere/{tournament_id}/runden/2/stand").get_data(as_text=True)
    site = _site(staff, tournament_id)
    exported = _body_rows(site.read("index.html").decode("utf-8"))
    assert len(exported) == len(PLAYERS)
    assert exported == _body_rows(live_overall)
    # First place (with the places it moved), start number 1.
    assert exported[0][0].split("▲")[0] == "1" and exported[0][1:3] == ["1", "Anna Łukasiewicz"]
    assert _body_rows(site.read("runde-2-stand.html").decode("utf-8")) == _body_rows(live_round)


def test_the_live_pages_keep_their_poller_after_an_export(
    tournament_id: int, app: Flask, staff: FlaskClient
) -> None:
    """An export renders in a context of its own: the live page a visitor gets next (served
    from the shared page cache or freshly) is the live one."""
    app.config["PUBLIC_PAGE_SECONDS"] = 60
    visitor = app.test_client()
    before = visitor.get(f"/turniere/{tournament_id}/stand").get_data(as_text=True)
    _site(staff, tournament_id)
    after = visitor.get(f"/turniere/{tournament_id}/stand").get_data(as_text=True)
    fresh = app.test_client().get(f"/turniere/{tournament_id}/runden/1/stand")
    for page in (before, after, fresh.get_data(as_text=True)):
        assert 'id="live"' in page and "hx-get" in page
        assert "Anmelden" in page
        assert "Stand: " not in page


def test_the_site_is_for_the_turnierleitung_only(tournament_id: int, client: FlaskClient) -> None:
    response = client.get(f"/turniere/{tournament_id}/ergebnisse.zip")
    assert response.status_code == 302
    assert "/anmelden" in response.headers["Location"]


def test_a_tournament_without_rounds_exports_its_empty_standings(app: Flask) -> None:
    with app.app_context():
        tournament, _ = make_tournament([("Anna", "")], name="Frühjahr")
        db.session.flush()
        tid = tournament.id
        db.session.commit()
    staff = app.test_client()
    sign_in(app, staff, STAFF)
    site = _site(staff, tid)
    assert sorted(site.namelist()) == [
        "gesamtstand.csv",
        "gesamtstand.pdf",
        "index.html",
        "spieler-1.html",
        "static/style.css",
    ]
    index = site.read("index.html").decode("utf-8")
    assert "Gesamtstand: noch keine Runde ausgelost" in index
    assert "vorläufig" not in index
    rows = list(
        csv.reader(io.StringIO(site.read("gesamtstand.csv").decode("utf-8-sig")), delimiter=";")
    )
    assert rows == [
        ["Platz", "Nr.", "Name", "Verein", "Summe", "Schnitt", "Runden"],
        ["1", "1", "Anna", "", "0", "", "0"],
    ]


def test_the_command_line_writes_the_site_into_a_folder(
    tournament_id: int, app: Flask, tmp_path: Path
) -> None:
    folder = tmp_path / "vereinsseite"
    result = app.test_cli_runner().invoke(args=["export-site", str(tournament_id), str(folder)])
    assert result.exit_code == 0, result.output
    assert "index.html" in result.output
    assert (folder / "index.html").is_file()
    assert (folder / "static" / "style.css").is_file()
    assert 'href="runde-1-stand.html"' in (folder / "index.html").read_text(encoding="utf-8")
    missing = app.test_cli_runner().invoke(args=["export-site", "9999", str(tmp_path / "x")])
    assert missing.exit_code != 0
    assert "Kein Turnier mit der Nummer 9999." in missing.output


def test_doko_turnier_writes_the_site_into_a_folder_from_its_own_database(
    tournament_id: int, app: Flask, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``doko-turnier --export-site``: the laptop's command, on the database it serves."""
    monkeypatch.setenv(INSTANCE_PATH_VARIABLE, app.instance_path)
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql"):
        monkeypatch.setenv("DATABASE_URL", app.config["SQLALCHEMY_DATABASE_URI"])
    folder = tmp_path / "Ergebnisse"
    assert serve.main(["--export-site", str(tournament_id), str(folder)]) == 0
    assert _body_rows((folder / "index.html").read_text(encoding="utf-8"))[0][1:3] == [
        "1",
        "Anna Łukasiewicz",
    ]
    assert serve.main(["--export-site", "9999", str(tmp_path / "x")]) == 1
    assert not (tmp_path / "x").exists()


def test_the_turnierleitung_is_offered_the_results_on_the_tournament_page(
    tournament_id: int, staff: FlaskClient, client: FlaskClient
) -> None:
    public = client.get(f"/turniere/{tournament_id}").get_data(as_text=True)
    assert "Ergebnisse veröffentlichen" not in public
    page = staff.get(f"/turniere/{tournament_id}").get_data(as_text=True)
    assert "Ergebnisse veröffentlichen" in page
    for path in ("ergebnisse.zip", "stand.csv", "stand.pdf"):
        assert f'href="/turniere/{tournament_id}/{path}"' in page


# ---------------------------------------------------------------------- CSV


def _csv_rows(client: FlaskClient, path: str) -> list[list[str]]:
    response = client.get(path)
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    content = response.get_data()
    assert content.startswith(b"\xef\xbb\xbf")  # the BOM German Excel needs to read UTF-8
    return list(csv.reader(io.StringIO(content.decode("utf-8-sig")), delimiter=";"))


def test_overall_csv_is_the_standings_for_german_excel(
    tournament_id: int, app: Flask, client: FlaskClient
) -> None:
    rows = _csv_rows(client, f"/turniere/{tournament_id}/stand.csv")
    assert rows[0] == [
        "Platz", "Nr.", "Name", "Verein", "R1", "R2", "Summe", "Schnitt", "Runden"
    ]  # fmt: skip
    with app.app_context():
        table = standings.overall(db.session.get_one(Tournament, tournament_id))
    assert len(rows) == 1 + len(table.rows)
    by_number = {row[1]: row for row in rows[1:]}
    for row in table.rows:
        line = by_number[str(row.start_number)]
        assert line[0] == str(row.rank)
        assert line[2].lstrip("'") == row.name
        assert line[6] == str(row.total)
        assert line[8] == str(row.rounds_played)
    # Anna: 10 and -3 so far in the running round 2; the average over the closed round 1
    # with a decimal comma.
    assert by_number["1"] == [
        "1",
        "1",
        "Anna Łukasiewicz",
        "Kreuz Köln",
        "10",
        "-3",
        "7",
        "10,0",
        "1",
    ]
    # Not seated in round 2: an empty cell.
    assert by_number["2"][4:7] == ["5", "", "5"]


def test_csv_neutralises_names_a_spreadsheet_would_run_as_formulas(
    tournament_id: int, client: FlaskClient
) -> None:
    rows = _csv_rows(client, f"/turniere/{tournament_id}/stand.csv")
    names = {row[1]: (row[2], row[3]) for row in rows[1:]}
    assert names["2"] == ('\'=HYPERLINK("http://x")', "Pik Bonn")
    assert names["3"] == ("Cem", "'+49 Club")
    assert names["4"][0] == "'@Dora"
    assert names["5"][0] == "'-Emil"
    # Numbers stay numbers: a negative total is not quoted.
    assert any(row[6].startswith("-") for row in rows[1:])


def test_round_csv_is_that_round_s_standings(tournament_id: int, client: FlaskClient) -> None:
    rows = _csv_rows(client, f"/turniere/{tournament_id}/runden/2/stand.csv")
    assert rows == [
        ["Platz", "Nr.", "Name", "Verein", "Tisch", "Pos.", "Punkte"],
        ["1", "3", "Cem", "'+49 Club", "1", "2", "9"],
        ["2", "7", "Gero", "Herz Hürth", "1", "4", "2"],
        ["3", "1", "Anna Łukasiewicz", "Kreuz Köln", "1", "1", "-3"],
        ["4", "5", "'-Emil", "Pik Bonn", "1", "3", "-8"],
    ]


@pytest.mark.parametrize(
    "path",
    [
        "/turniere/9999/stand.csv",
        "/turniere/9999/stand.pdf",
        "/turniere/{id}/runden/3/stand.csv",
        "/turniere/{id}/runden/3/stand.pdf",
    ],
)
def test_unknown_tournament_or_round_is_404(
    tournament_id: int, client: FlaskClient, path: str
) -> None:
    assert client.get(path.format(id=tournament_id)).status_code == 404


def test_standings_pages_link_their_csv_and_pdf(tournament_id: int, client: FlaskClient) -> None:
    overall = client.get(f"/turniere/{tournament_id}/stand").get_data(as_text=True)
    assert f'href="/turniere/{tournament_id}/stand.csv"' in overall
    assert f'href="/turniere/{tournament_id}/stand.pdf"' in overall
    one = client.get(f"/turniere/{tournament_id}/runden/1/stand").get_data(as_text=True)
    assert f'href="/turniere/{tournament_id}/runden/1/stand.csv"' in one
    assert f'href="/turniere/{tournament_id}/runden/1/stand.pdf"' in one


# ---------------------------------------------------------------------- PDF


def _pdf_pages(content: bytes) -> list[str]:
    assert content.startswith(b"%PDF-")
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(content)).pages]


def test_overall_pdf_has_the_title_the_moment_and_the_standings(
    tournament_id: int, client: FlaskClient
) -> None:
    response = client.get(f"/turniere/{tournament_id}/stand.pdf")
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    [text] = _pdf_pages(response.get_data())
    assert "Gesamtstand" in text
    assert "Herbstturnier · 21.11.2026" in text
    assert "Stand: " in text and "(vorläufig)" in text
    assert "Anna Łukasiewicz" in text  # a letter outside Latin-1, from the embedded font
    assert '=HYPERLINK("http://x")' in text  # the PDF shows names as they are
    assert "10 -3 7 10,0 1" in text  # Anna's row: R1, R2, Summe, Schnitt, Runden
    assert "Seite 1 von 1" in text


def test_the_pdf_follows_a_change_of_the_standings(
    tournament_id: int, app: Flask, client: FlaskClient
) -> None:
    """A PDF is laid out once per state of the standings (``standings.state_token``)."""
    path = f"/turniere/{tournament_id}/stand.pdf"
    [before] = _pdf_pages(client.get(path).get_data())
    assert "10 -3 7 10,0 1" in before
    with app.app_context():
        round_ = db.session.execute(
            select(Round).where(Round.tournament_id == tournament_id, Round.number == 2)
        ).scalar_one()
        [table] = round_.tables
        for seat in table.seats:
            if seat.registration.start_number == 1:
                seat.points = 5
        table.version += 1  # as every saved entry does
        db.session.commit()
    [after] = _pdf_pages(client.get(path).get_data())
    assert "10 5 15 10,0 1" in after


def test_round_pdf_has_the_round_s_table(tournament_id: int, client: FlaskClient) -> None:
    [text] = _pdf_pages(client.get(f"/turniere/{tournament_id}/runden/1/stand.pdf").get_data())
    assert "Stand Runde 1" in text
    for header in ("Platz", "Nr.", "Name", "Verein", "Tisch", "Pos.", "Punkte"):
        assert header in text
    assert "Frida" in text


def test_pdf_of_400_players_runs_over_pages_each_with_the_header(app: Flask) -> None:
    with app.app_context():
        tournament, regs = make_tournament(
            [(f"Spieler {number:03d}", f"Verein {number % 7}") for number in range(1, 401)]
        )
        round_ = make_round(tournament, 1, [regs[i : i + 4] for i in range(0, 400, 4)])
        _set_points(round_, {number: (number * 37) % 101 - 50 for number in range(1, 401)})
        db.session.flush()
        sheet = tables.overall_sheet(tournament)
        pages = _pdf_pages(tables.to_pdf(sheet))
    assert len(pages) > 5
    for number, text in enumerate(pages, start=1):
        assert "Platz" in text and "Summe" in text and "Schnitt" in text, number
        assert f"Seite {number} von {len(pages)}" in text
    everything = "\n".join(pages)
    for row in sheet.rows:
        assert row[2] in everything
    assert pages[0].count("Gesamtstand") >= 1


def test_the_files_a_stylesheet_refers_to_go_with_it(tmp_path: Path) -> None:
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / "sans.woff2").write_bytes(b"font")
    (tmp_path / "img.png").write_bytes(b"png")
    (tmp_path / "style.css").write_text(
        "@font-face { src: url('fonts/sans.woff2') format('woff2'); }\n"
        'a { background: url(img.png); } b { background: url("data:image/png;base64,AA"); }\n'
        "i { background: url(../outside.png); } u { background: url(/static/x.png); }\n",
        encoding="utf-8",
    )
    (tmp_path.parent / "outside.png").write_bytes(b"no")
    assert static_site._with_their_files(tmp_path, {"style.css"}) == {
        "style.css",
        "fonts/sans.woff2",
        "img.png",
    }


def test_a_sheet_s_text_columns_share_the_width_as_it_says_and_long_lines_wrap() -> None:
    """The series' PDF (four text columns, a placement table longer than a line) through the
    standings' ``to_pdf``: every column gets its share, nothing is cut off."""
    long_line = "Platzierungspunkte: " + ", ".join(f"{p}. = {200 - p}" for p in range(1, 61))
    cells = ("1", "Anna Łukasiewicz", "DK Kiel", "12", "Abend 1 (1.: 20)", "Abend 2 (3.: 16)")
    sheet = tables.Sheet(
        title="Probe",
        lines=("Kopf", long_line),
        headers=("Platz", "Name", "Verein", "Wert", "Gewertet", "Gestrichen"),
        numeric=(True, False, False, True, False, False),
        rows=(cells,),
        shares=(3.0, 2.0, 4.0, 3.0),
    )
    text = " ".join(" ".join(_pdf_pages(tables.to_pdf(sheet))).split())
    assert long_line in text
    assert " ".join(cells) in text
