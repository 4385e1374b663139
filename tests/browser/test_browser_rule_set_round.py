"""A whole round under each rule set other than the DDV's on the list-keeper's phone
(390×844, touch; issue 33): one game of every kind the set's entry form offers, with its
solos, calls, Sonderpunkte and the Schweinchen where the set has them, is tapped in; each
time the value in the bar and in the line "Spiel N gespeichert" is the rules engine's score
of the stored record. The round ends as the set says (000: the Punktetopf is empty, then the
Pflichtsoli owed are played vorgeführt; 001, 002: the games per round the tournament set;
004, at a table of four and of five where the dealer sits out: the Kasse nearly empty calls
the Hammelrennen, which empties it, then the Zwangssoli owed are played vorgeführt), it is
closed on the Turnierleitung's round page, and the standings,
the CSV and the Excel export and the settlement agree with the totals of the engine's own
check of the list. 004 is also played at a table of three with the Strohmann (L91): it plays
on Re or Kontra, and the player who plays its cards is tapped where two could have. axe-core
finds nothing serious or critical on the entry page, the standings, the settlement and the
page „Regelwerk“.

The tournaments are set up through the app's own forms with the Turnierleitung's test client;
the games themselves are entered in the browser. One site (doko-turnier on SQLite: the pages are
the same on gunicorn, where the DDV's browser tests run too) and one phone for the module.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import pytest
from openpyxl import load_workbook
from playwright.sync_api import Browser, Locator, Page, Response, expect

from rules_engine import score_record
from rules_engine.rulelist import STROHMANN
from rules_engine.rulesets import PRESETS, Settlement
from rules_engine.scorelist import check_list
from tests.support.accessibility import axe_findings
from tests.support.browser import ONE_SERVER
from tests.support.scorelist_browser import (
    LEITUNG,
    PHONE,
    Site,
    Table,
    sign_in,
    stored,
    surname,
    tables_of,
)
from tests.support.webapp import (
    created_tournament_id,
    draw_round,
    paste_players,
    post_new_tournament,
    round_action,
)
from tournament.domain import rule_set_entry
from tournament.models import Tournament
from tournament.texts import results as result_words

pytestmark = ONE_SERVER

Record = dict[str, Any]
FIRST_NAMES = ("Anna", "Ben", "Cem", "Dora", "Emil")
#: A seat of the game that is the one the list says must now play his solo vorgeführt.
DUE = -1
#: The Strohmann's seat in a game at a table of three (004 L91): its open hand.
STROH = 9


@dataclass(frozen=True)
class Game:
    """One game as the list-keeper taps it in; players by their seat at the table (from 0,
    who deals first)."""

    kind: str
    player: int | None = None
    re: tuple[int, ...] = ()
    eyes: int | None = None
    solo: str | None = None
    re_call: str | None = None
    kontra_call: str | None = None
    specials: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    schweinchen: bool = False
    #: Each seat's Augen in a Hammelrennen won by Augen (000).
    hammel: tuple[int, ...] = ()
    #: At a table of three: who played the Strohmann's cards, where two on its side could
    #: have (``DUE``: the first seat on its side in a Vorführung); else the form knows.
    strohmann_by: int | None = None


@dataclass(frozen=True)
class Plan:
    """A round at one table under a preset: its games in order and the day's settings."""

    preset: str
    games: tuple[Game, ...]
    #: The day's settings of the new-tournament form besides the pot's start.
    day: Mapping[str, str] = field(default_factory=dict)
    #: The pot's start: what the first ``pot_paid_by`` games pay from it and ``pot_over``
    #: Grundbeträge more; ``None``: the set's own (or no pot).
    pot_paid_by: int | None = None
    pot_over: int = 0
    #: The game that empties the pot, if one does.
    pot_empty_after: int | None = None
    #: Players at the one table (004 L93: at five the dealer sits out).
    players: int = 4


PLANS = {
    "hausregeln-2024": Plan(
        "hausregeln-2024",
        (
            Game(
                "normal",
                re=(0, 2),
                eyes=151,
                re_call="re",
                specials={"re": {"fuchs": 1, "doppelkopf": 1}, "kontra": {"karlchen": 1}},
            ),
            Game(
                "hochzeit",
                player=1,
                re=(1, 3),
                eyes=130,
                specials={"re": {"herzstich": 1, "fuchs_letzter_stich": 1}},
            ),
            Game("stille_hochzeit", player=2, eyes=100),
            Game(
                "armut",
                re=(0, 1),
                eyes=110,
                kontra_call="kontra",
                specials={"kontra": {"karlchen_gefangen": 1}},
            ),
            Game("pflichtsolo", player=0, solo="damen_buben", eyes=130),
            Game("lustsolo", player=1, solo="herz", eyes=90),
            Game("schwarze_sau", player=3, eyes=140),
            Game("hammelrennen", hammel=(20, 130, 50, 40)),
            Game("vorfuehrung", player=DUE, solo="kreuz", eyes=125),
            Game("vorfuehrung", player=DUE, solo="buben", eyes=100),
            Game("vorfuehrung", player=DUE, solo="pik", eyes=181, re_call="re"),
        ),
        day={"until_pot_empty": "y"},
        pot_paid_by=8,
        pot_empty_after=8,
    ),
    "reglement-2001": Plan(
        "reglement-2001",
        (
            Game(
                "normal",
                re=(0, 1),
                eyes=121,
                re_call="re",
                kontra_call="kontra",
                specials={"re": {"fuchs": 1}, "kontra": {"karlchen": 1}},
            ),
            Game("hochzeit", player=2, re=(2, 3), eyes=95),
            Game("stille_hochzeit", player=3, eyes=151),
            Game("armut", re=(1, 2), eyes=140, specials={"re": {"fuchs": 1}}),
            Game("solo", player=0, solo="fleischlos", eyes=100),
            Game("schwarz_spiel", player=1),
        ),
        day={"round_games": "6"},
    ),
    "schweinchen": Plan(
        "schweinchen",
        (
            Game(
                "normal",
                re=(0, 3),
                eyes=160,
                re_call="keine90",
                specials={"re": {"doppelkopf": 1, "karlchen": 1}, "kontra": {"fuchs": 1}},
                schweinchen=True,
            ),
            Game("hochzeit", player=1, re=(1, 2), eyes=125),
            Game("stille_hochzeit", player=2, eyes=80),
            Game("armut", re=(2, 3), eyes=131, specials={"kontra": {"karlchen_gefangen": 1}}),
            Game("solo", player=3, solo="karo", eyes=170, kontra_call="kontra"),
        ),
        day={"round_games": "5"},
    ),
    "ravensburger-2015": Plan(
        "ravensburger-2015",
        (
            Game("solo", player=1, solo="buben", eyes=130),
            Game("stille_hochzeit", player=2, eyes=150),
            Game("normal", re=(0, 1), eyes=130, re_call="re", kontra_call="kontra"),
            Game("hochzeit", player=3, re=(3, 0), eyes=160),
            Game("hammelrennen", player=2),
            Game("vorfuehrung", player=DUE, solo="fleischlos", eyes=100),
            Game("vorfuehrung", player=DUE, solo="herz", eyes=150),
        ),
        day={"zwangssolo_frist": "20"},
        # 004 L83: the Hammelrennen (game 5) is due when the Kasse holds twice the
        # Grundbetrag at most: the Kasse starts with what games 1-4 pay and that much more.
        pot_paid_by=4,
        pot_over=2,
        pot_empty_after=5,
    ),
    # 004 L93 at five: the dealer (seat 0 deals first, the deal passes on) sits out.
    "ravensburger-2015-at-five": Plan(
        "ravensburger-2015",
        (
            Game("solo", player=1, solo="kreuz", eyes=121),
            Game("stille_hochzeit", player=2, eyes=90),
            Game("normal", re=(3, 4), eyes=140, kontra_call="kontra"),
            Game("hochzeit", player=4, re=(4, 0), eyes=125),
            Game("hammelrennen", player=1),
            Game("vorfuehrung", player=DUE, solo="karo", eyes=150),
            Game("vorfuehrung", player=DUE, solo="pik", eyes=110),
            Game("vorfuehrung", player=DUE, solo="buben", eyes=175),
        ),
        day={"zwangssolo_frist": "30"},
        pot_paid_by=4,
        pot_over=2,
        pot_empty_after=5,
        players=5,
    ),
    # 004 L91 at three: the Strohmann's open hand plays on Re or Kontra, played by its partner.
    "ravensburger-2015-at-three": Plan(
        "ravensburger-2015",
        (
            Game("normal", re=(0, STROH), eyes=150, kontra_call="kontra"),
            Game("solo", player=1, solo="fleischlos", eyes=130, strohmann_by=2),
            Game("stille_hochzeit", player=2, eyes=110, strohmann_by=0),
            Game("hochzeit", player=0, re=(0, 1), eyes=170),
            Game("hammelrennen", player=1),
            Game("vorfuehrung", player=DUE, solo="kreuz", eyes=140, strohmann_by=DUE),
        ),
        day={"zwangssolo_frist": "18"},
        pot_paid_by=4,
        pot_over=2,
        pot_empty_after=5,
        players=3,
    ),
}


# ------------------------------------------------------------------ the plan by the engine


def offer_of(preset: str) -> rule_set_entry.EntryRules:
    offer = rule_set_entry.entry_rules(Tournament(rules_preset=preset, rules_variants=[]))
    assert offer is not None
    return offer


def key_of(keys: tuple[str, ...], seat: int) -> str:
    """The key of a seat in the games: a player's, or the Strohmann's."""
    return STROHMANN if seat == STROH else keys[seat]


def record_of(offer: rule_set_entry.EntryRules, game: Game, keys: tuple[str, ...]) -> Record:
    """The record the form makes of ``game`` (the vorgeführte soloist and who played the
    Strohmann's cards already named)."""
    player = None if game.player is None else keys[game.player]
    re = [key_of(keys, seat) for seat in game.re] or ([player] if player else [])
    return rule_set_entry.game(
        offer,
        kind=game.kind,
        re=re,
        re_eyes=game.eyes or 0,
        solo=game.solo,
        player=player,
        re_call=game.re_call,
        kontra_call=game.kontra_call,
        specials=game.specials,
        schweinchen=game.schweinchen,
        eyes={keys[seat]: eyes for seat, eyes in enumerate(game.hammel)},
        strohmann_by=strohmann_player(offer, game, keys, re),
    )


def strohmann_player(
    offer: rule_set_entry.EntryRules, game: Game, keys: tuple[str, ...], re: list[str]
) -> str | None:
    """Who played the Strohmann's cards at a table of three: the one player on its side, or
    the one tapped where there are two; ``None`` elsewhere."""
    offer = rule_set_entry.at_table(offer, len(keys)) or offer
    side = rule_set_entry.strohmann_partners(offer, game.kind, re, keys)
    if len(side) < 2:
        return side[0] if side else None
    assert game.strohmann_by is not None, game
    return keys[game.strohmann_by]


def list_check(rules: Any, keys: tuple[str, ...], entries: list[Record], **day: int) -> Record:
    """The engine's check of the table's list under the set."""
    found: Record = check_list(
        {"id": "t", "rules": rules, "players": list(keys), "entries": entries, **day}
    )
    return found


def pot_start(plan: Plan, keys: tuple[str, ...]) -> int | None:
    """The pot's start the plan asks for, by the engine's own check of the planned games (with
    a start high enough to pay them all)."""
    if plan.pot_paid_by is None:
        return None
    offer = offer_of(plan.preset)
    rules = Tournament(rules_preset=plan.preset, rules_variants=[]).engine_rules
    entries: list[Record] = []
    for game in plan.games[: plan.pot_paid_by]:
        report = list_check(rules, keys, entries, pot=10**6)
        entries.append({**record_of(offer, game, keys), "dealer": report["next_dealer"]})
    paid = [row["pot"] for row in list_check(rules, keys, entries, pot=10**6)["rows"]]
    assert min(paid) >= 0 and paid[-1] > 0, paid  # the pot is not empty before the last
    return sum(paid) + plan.pot_over * PRESETS[plan.preset].grundbetrag


# ------------------------------------------------------------------ fixtures


@pytest.fixture(scope="module")
def phone(browser: Browser, site: Site) -> Iterator[Page]:
    """The Turnierleitung's phone for the whole module (signed in), script errors asserted
    none at its end."""
    context = browser.new_context(
        base_url=site.url, locale="de-DE", viewport=PHONE, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    sign_in(page, LEITUNG)
    yield page
    context.close()
    assert errors == [], f"script errors on the pages: {errors}"


def set_up(site: Site, plan: Plan) -> tuple[Table, Record]:
    """A tournament of one round under the plan's set, Anna, Ben, Cem and Dora (and Emil at
    five) at its one table, round 1 started; the table and the list's fields for the engine
    (``pot``, ``games``, ``frist``)."""
    n = next(site.numbers)
    client = site.client
    day = dict(plan.day)
    # The engine's values know no names: the start numbers in seat order stand for the seats.
    start = pot_start(plan, tuple(str(seat) for seat in range(1, plan.players + 1)))
    if start is not None:
        day["pot_start"] = str(start)
    response = post_new_tournament(
        client, f"Runde {n}", rules_preset=plan.preset, rounds_planned="1", **day
    )
    tid = created_tournament_id(response)
    names = [f"{first} {surname(n)}" for first in FIRST_NAMES[: plan.players]]
    paste_players(client, tid, "\n".join(names))
    draw_round(client, tid, seed=n)
    round_action(client, tid, 1, "starten")
    [table] = tables_of(site, tid)
    fields = {"pot": start} if start is not None else {}
    if "round_games" in day:
        fields["games"] = int(day["round_games"])
    if "zwangssolo_frist" in day:
        fields["frist"] = int(day["zwangssolo_frist"])
    return table, fields


# ------------------------------------------------------------------ entering on the phone


def form(page: Page) -> Locator:
    return page.locator("form.game-form")


def tap_choice(page: Page, field: str, value: str) -> None:
    form(page).locator(f"fieldset#{field} label.tap").filter(
        has=page.locator(f"input[value='{value}']")
    ).tap()


def sent_pairs(table: Table, game: Game) -> list[str]:
    """How the form sends the game's inputs (``name=value``): all of them are in the request
    whose answer is the value in the bar for the whole game."""
    player = None if game.player is None else table.keys[game.player]
    pairs = [f"kind={game.kind}"]
    if player is not None:
        pairs.append(f"player={player}")
    pairs += [f"re={key_of(table.keys, seat)}" for seat in game.re if seat != game.player]
    if game.strohmann_by is not None:
        pairs.append(f"strohmann_by={table.keys[game.strohmann_by]}")
    if game.eyes is not None:
        pairs.append(f"eyes={game.eyes}")
    if game.solo:
        pairs.append(f"solo={game.solo}")
    for party, call in (("re", game.re_call), ("kontra", game.kontra_call)):
        if call:
            pairs.append(f"{party}_call={call}")
    for party, counts in game.specials.items():
        pairs += [f"{party}_{key}={count}" for key, count in counts.items()]
    if game.schweinchen:
        pairs.append("schweinchen=y")
    pairs += [f"augen_{seat}={eyes}" for seat, eyes in enumerate(game.hammel)]
    return pairs


def taps(page: Page, table: Table, game: Game) -> list[Callable[[], object]]:
    """The list-keeper's actions for ``game``, in the order of the form."""
    here = form(page)
    steps: list[Callable[[], object]] = [lambda: tap_choice(page, "kind", game.kind)]
    if game.solo:
        solo = game.solo
        steps.append(lambda: here.get_by_label("Soloart", exact=True).select_option(solo))
    if game.player is not None:
        player = table.keys[game.player]
        steps.append(lambda: tap_choice(page, "player", player))
    partners = [key_of(table.keys, seat) for seat in game.re if seat != game.player]
    for partner in partners:
        steps.append(lambda key=partner: tap_choice(page, "re", key))
    if game.strohmann_by is not None:
        by = table.keys[game.strohmann_by]
        steps.append(lambda: tap_choice(page, "strohmann_by", by))
    if game.eyes is not None:
        eyes = str(game.eyes)
        steps.append(lambda: here.locator("#spiel-form-eyes").fill(eyes))
    for label, call in (("Ansage Re", game.re_call), ("Ansage Kontra", game.kontra_call)):
        if call:
            steps.append(
                lambda label=label, call=call: here.get_by_label(label, exact=True).select_option(
                    call
                )
            )
    for party, counts in game.specials.items():
        for key, count in counts.items():
            steps.append(lambda f=f"#{party}_{key}", n=str(count): here.locator(f).fill(n))
    if game.schweinchen:
        steps.append(lambda: here.locator("#spiel-form-schweinchen").check())
    for seat, eyes_of in enumerate(game.hammel):
        name = table.names[table.keys[seat]]
        field = here.locator("fieldset.hammel-eyes").get_by_label(name)
        steps.append(lambda field=field, n=str(eyes_of): field.fill(n))
    return steps


def enter(page: Page, table: Table, game: Game) -> str:
    """Tap ``game`` in; the bar's text once it answers the whole game."""
    *steps, last = taps(page, table, game)
    pairs = sent_pairs(table, game)

    def answers_all(response: Response) -> bool:
        body = (response.request.post_data or "").split("&")
        return "vorschau" in response.url and all(pair in body for pair in pairs)

    for step in steps:
        step()
    with page.expect_response(answers_all):
        last()
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    bar = page.locator("#vorschau")
    shown = " ".join(bar.inner_text().split())
    assert bar.locator(".points-line").count() == 1, (game, shown)
    return shown


def engine_score(rules: Any, table: Table, record: Record) -> Record:
    """The engine's own score of a stored record under the tournament's rule set."""
    game = {k: v for k, v in record.items() if k not in ("kind", "dealer", "player")}
    dealer = table.keys.index(record["dealer"])
    size = len(table.keys)
    seats = [table.keys[(dealer + i) % size] for i in range(1, size + 1)]
    if size == 5:  # 004 L93: the dealer sits out
        game["sitting_out"] = seats.pop()
    if size == 3:  # 004 L91: the Strohmann's open hand is the fourth
        game["strohmann"] = STROHMANN
        seats.append(STROHMANN)
    result: Record = score_record({**game, "players": seats, "rules": rules})
    assert "error" not in result, result
    return result


#: The fields of a stored record that the taps decide.
TAPPED = (
    "type", "solo", "pflicht", "re", "re_eyes", "calls", "specials", "schweinchen", "eyes",
    "first_to_60", "culprit", "strohmann_by",
)  # fmt: skip


def play(page: Page, site: Site, table: Table, plan: Plan, day: Record) -> Record:
    """Every game of the plan tapped in on the phone and saved, the value shown in the bar
    and in the saved line compared with the engine's score of the stored record; the
    engine's check of the list as stored."""
    offer = offer_of(plan.preset)
    rules = Tournament(rules_preset=plan.preset, rules_variants=[]).engine_rules
    page.goto(table.code_url)
    for number, planned in enumerate(plan.games, start=1):
        so_far = list_check(rules, table.keys, stored(site, table), **day)
        assert [f for f in so_far["findings"] if f["level"] == "error"] == []
        assert so_far["hammelrennen_due"] is (
            planned.kind == "hammelrennen" and offer.hammelrennen_when_due
        )
        game = planned
        if planned.player == DUE:
            assert so_far["vorfuehrung"] is not None, (number, so_far)
            soloist = table.keys.index(so_far["vorfuehrung"])
            game = replace(planned, player=soloist)
            if planned.strohmann_by == DUE:  # the first player on the Strohmann's side
                game = replace(game, strohmann_by=min({0, 1, 2} - {soloist}))
        else:
            assert so_far["vorfuehrung"] is None, (number, so_far)
        seats = {*game.re, *([] if game.player is None else [game.player])}
        assert so_far["sits_out"] not in {key_of(table.keys, s) for s in seats}, (number, so_far)
        shown = enter(page, table, game)
        form(page).get_by_role("button", name="Speichern").tap()
        saved = page.locator(".last-game .saved")
        expect(saved).to_contain_text(f"Spiel {number} gespeichert")
        line = " ".join(saved.inner_text().split())
        record = stored(site, table)[-1]
        wanted = record_of(offer, game, table.keys)
        assert {k: record.get(k) for k in TAPPED} == {k: wanted.get(k) for k in TAPPED}
        for key, points in engine_score(rules, table, record)["scores"].items():
            value = f"{table.names[key]} {points:+d}"
            assert value in shown, (number, value, shown, record)
            assert value in line, (number, value, line, record)
    assert {game.kind for game in plan.games} == set(offer.kind_keys)
    assert axe_findings(page) == []
    return list_check(rules, table.keys, stored(site, table), **day)


# ------------------------------------------------------------------ the results


def finish_round(page: Page, table: Table) -> None:
    """„Runde abschließen“ on the Turnierleitung's round page: refused while a list is open."""
    page.goto(f"/turniere/{table.tid}/runden/1")
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Runde abschließen").tap()
    expect(page.locator(".flash-success")).to_contain_text("Runde 1")


def amounts(totals: Mapping[str, int], unit: str) -> dict[str, str]:
    return {key: result_words.amount(value, unit) for key, value in totals.items()}


def standings_agree(page: Page, table: Table, report: Record) -> None:
    """The standings page shows each player's total as the engine's check sums it."""
    page.goto(f"/turniere/{table.tid}/stand")
    rows = page.locator("table.standings tbody tr[data-key]")
    expect(rows).to_have_count(len(table.keys))
    shown = {
        row.get_attribute("data-key"): " ".join(row.locator("td.total").inner_text().split())
        for row in rows.all()
    }
    assert shown == amounts(report["totals"], report["unit"])
    assert axe_findings(page) == []


def csv_agrees(site: Site, table: Table, report: Record) -> None:
    """The standings' CSV: each start number's Summe, in the set's unit."""
    text = site.client.get(f"/turniere/{table.tid}/stand.csv").get_data().decode("utf-8-sig")
    head, *lines = list(csv.reader(io.StringIO(text), delimiter=";"))
    [total] = [i for i, title in enumerate(head) if title.startswith("Summe")]
    found = {line[head.index("Nr.")]: line[total] for line in lines if line}
    unit = report["unit"]
    assert found == {k: result_words.plain(v, unit) for k, v in report["totals"].items()}


#: The pot's column of a list's sheet, in the engine's unit.
POT_COLUMNS = ("Punktetopf (Punkte)", "Kasse (Pfennig)")


def excel_agrees(site: Site, table: Table, report: Record) -> None:
    """The tournament's workbook: the Gesamt of its standings, and the Stand and the pot
    after the last game on the round's sheet, in the engine's unit (Punkte or Pfennig)."""
    data = site.client.get(f"/turniere/{table.tid}/turnier.xlsx").get_data()
    workbook = load_workbook(io.BytesIO(data), data_only=True)
    standings = workbook["Stand"]
    head = [cell.value for cell in standings[1]]
    found = {
        str(row[head.index("Nr.")]): row[head.index("Gesamt")]
        for row in standings.iter_rows(min_row=2, values_only=True)
        if row[0] is not None
    }
    assert found == report["totals"]
    rows: list[list[Any]] = [[c.value for c in row] for row in workbook["Runde 1"].iter_rows()]
    [numbers] = [row for row in rows if row[0] == "Nr." and isinstance(row[1], int)]
    [head] = [row for row in rows if row[0] == "Nr." and row[1] == "Geber"]
    games = [row for row in rows[rows.index(head) + 1 :] if isinstance(row[0], int)]
    last = max(games, key=lambda row: row[0])
    assert last[0] == report["games_played"]
    places = range(1, len(table.keys) + 1)
    stand = {str(numbers[place]): last[head.index(f"Stand {place}")] for place in places}
    assert stand == report["totals"]
    pots = [i for i, title in enumerate(head) if title in POT_COLUMNS]
    assert [last[i] for i in pots] == ([] if report["pot"] is None else [report["pot"]["balance"]])


def settlement_agrees(page: Page, table: Table, report: Record, settlement: Settlement) -> None:
    """The round's settlement: under plus-minus each player's payments net to his total;
    under the Punktetopf each gets his total from it; under the Kasse each took out his
    total and the start was paid in; the pot's rest is the engine's balance."""
    page.goto(f"/turniere/{table.tid}/runden/1/abrechnung")
    expect(page.get_by_role("heading", name="Abrechnung Runde 1")).to_be_visible()
    totals, unit = report["totals"], report["unit"]
    if settlement is Settlement.PLUS_MINUS:
        net = dict.fromkeys(totals, 0)
        for payment in page.locator("li[data-payer]").all():
            paid = int(payment.get_attribute("data-amount") or "")
            net[payment.get_attribute("data-payer") or ""] -= paid
            net[payment.get_attribute("data-payee") or ""] += paid
        assert net == totals
    else:
        pot = report["pot"]
        rest = page.locator("p.pot-rest")
        assert rest.get_attribute("data-rest") == str(pot["balance"])
        expect(rest).to_contain_text(result_words.amount(pot["balance"], unit))
        rows = page.locator("section.settlement-table tbody tr[data-key]")
        expect(rows).to_have_count(len(table.keys))
        cells = {
            row.get_attribute("data-key"): row.locator("td").all_inner_texts() for row in rows.all()
        }
        if settlement is Settlement.POT_WINNERS:  # what each won from the Punktetopf
            assert {key: shown[0] for key, shown in cells.items()} == amounts(totals, unit)
        else:  # the Kasse: paid in, took out, Saldo
            assert {key: shown[1] for key, shown in cells.items()} == amounts(totals, unit)
            saldo = [int(row.get_attribute("data-net") or "") for row in rows.all()]
            assert sum(saldo) == sum(totals.values()) - pot["start"]
    assert axe_findings(page) == []


@pytest.mark.parametrize("name", list(PLANS))
def test_a_round_under_the_set_on_the_phone(phone: Page, site: Site, name: str) -> None:
    plan = PLANS[name]
    table, day = set_up(site, plan)
    report = play(phone, site, table, plan, day)
    # The round is over as the set says: the games per round played, or the pot emptied
    # (then the solos owed played vorgeführt); nothing wrong on the list.
    assert [f for f in report["findings"] if f["level"] == "error"] == []
    assert report["complete"] is True and report["games_left"] == 0, report
    assert report["games_played"] == len(plan.games)
    if "round_games" in plan.day:
        assert report["games_played"] == int(plan.day["round_games"])
    if plan.pot_empty_after is not None:
        balances = [row["pot_balance"] for row in report["rows"]]
        before, after = balances[plan.pot_empty_after - 2 : plan.pot_empty_after]
        assert before > 0 and after == 0, balances
    finish_round(phone, table)
    standings_agree(phone, table, report)
    csv_agrees(site, table, report)
    excel_agrees(site, table, report)
    settlement_agrees(phone, table, report, PRESETS[plan.preset].settlement)
    phone.goto(f"/turniere/{table.tid}/regelwerk")
    assert axe_findings(phone) == []
