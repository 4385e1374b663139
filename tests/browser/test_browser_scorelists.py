"""The score list at the table in a real browser: Debian's Chromium driven by Playwright,
against the app served on a fresh database twice: by doko-turnier on SQLite and by gunicorn (two
workers) on PostgreSQL (``tests/support/browser.py``).

The list-keeper opens the list with the table's code and no account; the Schiedsrichter and the
Turnierleitung sign in. Games come from the rules engine's simulator (``random_list``: every
game played card by card), so each one is legal and the engine's points are known: the page's
preview and totals are checked against them. Each test sets up its own tournament (through the
pages, with Flask's test client as the signed-in Turnierleitung) so that time up and closing a
round touch nothing else; parts of a list that are not the point of a test are stored with the
score-list service.
"""

from __future__ import annotations

import itertools
import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import APIResponse, Route, expect
from sqlalchemy import select

from tests.support.scorelist_browser import (
    LEITUNG,
    PHONE,
    SCHIRI,
    SEED_FIVE,
    SEED_FOUR,
    SEED_SHORT,
    Devices,
    Site,
    Table,
    assert_fits,
    assert_targets,
    check_game,
    engine_points,
    enter_game,
    fill_game,
    game_form,
    game_saved,
    list_rows,
    new_round,
    normal,
    open_with_code,
    player_totals,
    points_line,
    preview,
    report,
    saved_message,
    sideways_scrollers,
    sign_in,
    simulated,
    solo,
    started_minutes_ago,
    state,
    store,
    stored,
    sums,
    tables_of,
)
from tests.support.webapp import (
    create_tournament,
    draw_round,
    paste_players,
    round_action,
)
from tournament.domain.list_entries import kind_of
from tournament.extensions import db
from tournament.models import Registration

# ---------------------------------------------------------------------- 1. table of four


def test_whole_list_at_a_table_of_four_entered_with_the_table_code(
    site: Site, devices: Devices
) -> None:
    table = new_round(site, 4)[0]
    entries = simulated(table, SEED_FOUR)
    expected = report(table, entries)
    assert expected["valid"] and expected["complete"] and len(entries) == 24
    # All 24 games through the page: four Pflichtsoli (the last one a Vorführung), a Hochzeit
    # with a partner, stille Hochzeiten, a Lustsolo, a game schwarz, calls and Sonderpunkte.
    kinds = [kind_of(e) for e in entries]
    assert kinds.count("pflichtsolo") == 3 and kinds[-1] == "vorfuehrung"
    assert {"hochzeit", "stille_hochzeit", "lustsolo"} <= set(kinds)
    assert any(e["type"] == "hochzeit" and len(e["re"]) == 2 for e in entries)
    assert any(e["re_tricks"] in (0, 12) for e in entries)
    assert any(e["calls"]["re"] or e["calls"]["kontra"] for e in entries)

    # A phone's narrow screen (the page as a touch phone lays it out: the last test).
    page = devices.open(phone=True)
    # The code typed by hand as it is read from the card: lower case, with a space.
    page.goto("/tisch")
    page.get_by_label("Tischcode").fill(f"{table.code[:4].lower()} {table.code[4:].lower()}")
    page.get_by_role("button", name="Zur Liste").click()
    expect(page).to_have_url(re.compile(rf"/tisch/{table.code}/$"))

    for number, record in enumerate(entries, start=1):
        expect(page.get_by_role("heading", name=f"Spiel {number} eintragen")).to_be_attached()
        expect(state(page)).to_contain_text(f"Spiel {number} von 24 · noch {25 - number}")
        expect(state(page)).to_contain_text(f"Gibt: {table.names[record['dealer']]}")
        banner = page.locator(".banner-vorfuehrung")
        if record.get("pflicht") == "vorgefuehrt":
            expect(banner).to_contain_text(f"Vorführung: {table.names[record['player']]} muss")
        else:
            expect(banner).to_have_count(0)
        enter_game(page, table, record, kontra_eyes=number % 3 == 0)

    expect(state(page)).to_contain_text("Liste vollständig und geprüft: 24 Spiele.")
    expect(game_form(page)).to_have_count(0)
    expect(list_rows(page, "normal")).to_have_count(20)
    expect(list_rows(page, "pflicht")).to_have_count(4)
    assert sums(page) == table.order(expected["totals"])
    assert player_totals(page) == table.order(expected["totals"])
    assert report(table, stored(site, table))["totals"] == expected["totals"]


# ---------------------------------------------------------------------- 2. table of five


def test_whole_list_at_a_table_of_five_the_dealer_sits_out(site: Site, devices: Devices) -> None:
    table = new_round(site, 5)[0]
    assert len(table.keys) == 5
    entries = simulated(table, SEED_FIVE)
    expected = report(table, entries)
    assert expected["valid"] and expected["complete"] and len(entries) == 30
    kinds = [kind_of(e) for e in entries]
    assert kinds.count("pflichtsolo") + kinds.count("vorfuehrung") == 5
    split = 24
    assert kinds[split:].count("vorfuehrung") == 3 and kinds[split] == "lustsolo"
    store(site, table, entries[:split])

    page = devices.open(phone=True)
    open_with_code(page, table)
    expect(state(page)).to_contain_text("Spiel 25 von 30")  # a table of five plays 30
    first = entries[split]
    dealer = table.names[first["dealer"]]
    expect(state(page)).to_contain_text(f"Gibt: {dealer} sitzt aus")

    # The dealer sits out: the forms offer only the four who play this game.
    form = game_form(page)
    playing = [table.names[key] for key in table.keys if key != first["dealer"]]
    expect(form.locator("#re").get_by_role("checkbox")).to_have_count(4)
    for name in playing:
        expect(form.locator("#re").get_by_role("checkbox", name=name)).to_have_count(1)
    expect(form.locator("#re").get_by_role("checkbox", name=dealer)).to_have_count(0)
    page.get_by_role("link", name="Nur Punkte").click()
    winners = page.locator("form.quick-form #winners")
    expect(winners.get_by_role("checkbox", include_hidden=True)).to_have_count(4)
    expect(winners.get_by_role("checkbox", name=dealer, include_hidden=True)).to_have_count(0)
    page.get_by_role("link", name="Spiel im Detail").click()
    # A Normalspiel with one Re player is refused at its field, with the reason, and is not
    # stored.
    wrong = {**normal((first["re"][0], first["re"][0]), 130), "re": [first["re"][0]]}
    fill_game(form, table, wrong)
    form.get_by_role("button", name="Speichern").click()
    expect(game_form(page).locator("#re.has-error")).to_contain_text(
        "Bitte die zwei Re-Spieler antippen"
    )
    expect(saved_message(page)).to_have_count(0)
    assert len(stored(site, table)) == split

    # Game 25, a Lustsolo, as points only (Schnelleingabe): the kind, the players with plus
    # points, the points each of them got, save; the rest is derived (TSR 7.3).
    open_with_code(page, table)
    page.get_by_role("link", name="Nur Punkte").click()
    quick = page.locator("form.quick-form")
    plus = [key for key in table.keys if first["points"][key] > 0]
    value = min((abs(v) for v in first["points"].values() if v), default=0)
    quick.get_by_role("radio", name="Lustsolo", exact=True).check()
    for key in plus:
        quick.locator("#winners").get_by_role("checkbox", name=table.names[key]).check()
    quick.get_by_role("spinbutton", name="Punkte für jeden von ihnen").fill(str(value))
    if not value:
        quick.locator("details.quick-player summary").click()
        player = quick.locator("#schnell-player")
        player.get_by_role("radio", name=table.names[first["player"]]).check()
    quick.get_by_role("button", name="Punkte speichern").click()
    expect(saved_message(page)).to_have_text(game_saved(table, 25, first["points"]))
    expect(page.locator("#eintrag-25")).to_contain_text("nur Punkte eingetragen")
    saved = stored(site, table)[split]
    assert (saved["points"], saved["player"]) == (first["points"], first["player"])
    # Corrected as it was entered: the same taps and points.
    page.locator(".last-game").get_by_role("link", name="Korrigieren").click()
    expect(page.get_by_role("heading", name="Spiel 25 korrigieren")).to_be_visible()
    expect(page.get_by_role("spinbutton", name="Punkte für jeden von ihnen")).to_have_value(
        str(value)
    )
    for key in plus:
        expect(page.get_by_role("checkbox", name=table.names[key])).to_be_checked()
    page.get_by_role("link", name=f"Zurück zur Liste von Tisch {table.number}").click()

    # A field changed after the value was shown: the value follows the change, nothing is
    # stored until "Speichern".
    record = entries[split + 1]
    check_game(page, table, record)
    form = game_form(page)
    eyes = form.locator("fieldset.eyes").get_by_role("spinbutton")
    assert record["type"] == "normal" and record["re_tricks"] not in (0, 12)
    flipped = {k: v for k, v in record.items() if k != "points"}
    flipped |= {"re_eyes": 240 - record["re_eyes"], "re_tricks": 6}
    changed = engine_points(table, entries[: split + 1], flipped)["points"]
    assert changed != record["points"]
    eyes.fill(str(flipped["re_eyes"]))
    expect(preview(page).locator(".pp")).to_have_text(points_line(table, changed))
    assert len(stored(site, table)) == split + 1
    eyes.fill(str(record["re_eyes"]))
    expect(preview(page).locator(".pp")).to_have_text(points_line(table, record["points"]))
    form.get_by_role("button", name="Speichern").click()
    expect(saved_message(page)).to_have_text(game_saved(table, 26, record["points"]))

    for number, record in enumerate(entries[split + 2 :], start=split + 3):
        expect(page.get_by_role("heading", name=f"Spiel {number} eintragen")).to_be_attached()
        expect(state(page)).to_contain_text(f"Gibt: {table.names[record['dealer']]} sitzt aus")
        if record.get("pflicht") == "vorgefuehrt":
            expect(page.locator(".banner-vorfuehrung")).to_contain_text(
                f"Vorführung: {table.names[record['player']]} muss"
            )
        enter_game(page, table, record, kontra_eyes=number % 2 == 0)

    expect(state(page)).to_contain_text("Liste vollständig und geprüft: 30 Spiele.")
    expect(list_rows(page, "pflicht")).to_have_count(5)
    assert sums(page) == table.order(expected["totals"])
    assert player_totals(page) == table.order(expected["totals"])


# ---------------------------------------------------------------------- 3. correction


def test_schiedsrichter_corrects_an_earlier_game_and_the_list_is_checked_again(
    site: Site, devices: Devices
) -> None:
    table = new_round(site, 4)[0]
    written = simulated(table, SEED_SHORT)[:7]
    entries = written[:6]
    target = entries[1]
    assert target["type"] == "normal" and abs(target["re_eyes"] - 120) > 10
    store(site, table, written)
    before = report(table, entries)["totals"]

    # The list-keeper may correct or delete only the last game; deleting asks first.
    keeper = devices.open(phone=True)
    open_with_code(keeper, table)
    last = keeper.locator(".last-game")
    expect(last).to_contain_text("Zuletzt: Spiel 7")
    expect(keeper.get_by_role("link", name="korrigieren")).to_have_count(1)
    expect(keeper.get_by_role("button", name="löschen")).to_have_count(1)
    expect(last.get_by_role("link", name="Korrigieren")).to_have_attribute(
        "href", re.compile(r"/eintrag/7$")
    )
    devices.answer = False
    last.get_by_role("button", name="Löschen").click()
    assert devices.dialogs[-1].startswith("Spiel 7 (")
    expect(keeper.locator("#eintrag-7")).to_be_visible()
    assert len(stored(site, table)) == 7
    devices.answer = True
    last.get_by_role("button", name="Löschen").click()
    expect(keeper.locator(".flash-success")).to_have_text(
        "Eintrag 7 ist gelöscht; die Liste ist neu geprüft."
    )
    expect(keeper.locator("#eintrag-7")).to_have_count(0)
    assert stored(site, table) == entries
    expect(last).to_contain_text("Zuletzt: Spiel 6")
    expect(last.get_by_role("link", name="Korrigieren")).to_have_attribute(
        "href", re.compile(r"/eintrag/6$")
    )

    page = devices.open()
    sign_in(page, SCHIRI)
    page.goto(table.staff_url)
    expect(page.locator("#spielliste").get_by_role("link", name="korrigieren")).to_have_count(6)
    page.locator("#eintrag-2").get_by_role("link", name="Spiel 2 korrigieren").click()
    expect(page.get_by_role("heading", name="Spiel 2 korrigieren")).to_be_visible()
    # The form shows the game as it was written.
    form = page.locator("form#korrektur-form")
    expect(form.get_by_role("radio", name="Normal", exact=True)).to_be_checked()
    for key in table.keys:
        box = form.locator("#re").get_by_role("checkbox", name=table.names[key])
        if key in target["re"]:
            expect(box).to_be_checked()
        else:
            expect(box).not_to_be_checked()
    eyes = form.locator("fieldset.eyes").get_by_role("spinbutton")
    expect(eyes).to_have_value(str(target["re_eyes"]))

    # Re had the other party's Augen: the engine's new value shows before it is saved.
    eyes.fill(str(240 - target["re_eyes"]))
    corrected = {k: v for k, v in target.items() if k != "points"}
    corrected["re_eyes"] = 240 - target["re_eyes"]
    new_points = dict(report(table, [entries[0], corrected])["rows"][-1]["points"])
    expect(preview(page).locator(".pp")).to_have_text(points_line(table, new_points))
    assert stored(site, table)[1]["re_eyes"] == target["re_eyes"]
    form.get_by_role("button", name="Korrektur speichern").click()
    expect(page.locator(".flash-success")).to_have_text(
        "Eintrag 2 ist korrigiert; die Liste ist neu geprüft."
    )

    now = stored(site, table)
    assert now[1]["re_eyes"] == 240 - target["re_eyes"]
    assert now[1]["dealer"] == target["dealer"] and now[1]["re"] == target["re"]
    assert [e for i, e in enumerate(now) if i != 1] == [e for i, e in enumerate(entries) if i != 1]
    after = report(table, now)
    assert after["valid"] and after["totals"] != before
    assert sums(page) == table.order(after["totals"])
    expect(page.locator("#eintrag-2")).to_contain_text(f"Re {240 - target['re_eyes']} Augen")
    # The later games' running totals follow the corrected game.
    for row in after["rows"][2:]:
        running = page.locator(f"#eintrag-{row['entry']} .running")
        expect(running).to_have_text([str(t) for t in table.order(row["totals"])])


# ---------------------------------------------------------------------- 4. penalty


def test_penalty_by_the_schiedsrichter_with_preview_is_signed_off(
    site: Site, devices: Devices
) -> None:
    table = new_round(site, 4)[0]
    entries = simulated(table, SEED_SHORT)[:3]
    store(site, table, entries)
    before = table.order(report(table, entries)["totals"])
    offender = table.keys[2]

    # The list-keeper cannot open the Schiedsrichter's screens.
    keeper = devices.open(phone=True)
    open_with_code(keeper, table)
    for screen in ("strafe", "nachspielzeit"):
        response = keeper.goto(table.code_url + screen)
        assert response is not None and response.status == 403

    # The Schiedsrichter on a phone: the penalty's screen fits it without scrolling.
    page = devices.open(phone=True)
    sign_in(page, SCHIRI)
    page.goto(table.staff_url + "strafe")
    expect(page.get_by_role("heading", name=f"Strafpunkte · Tisch {table.number}")).to_be_visible()
    form = page.locator("#strafe-form")
    expect(form.get_by_role("button", name="Verteilung prüfen")).to_be_in_viewport(ratio=1)
    assert_targets(page, "#strafe-form :is(label.tap, select, button, summary), a.back-link")
    form.get_by_label("Art des Verstoßes").select_option(label="geringfügig (TSR 9.3)")
    form.locator("#offender").get_by_role("radio", name=table.names[offender]).check()
    form.get_by_label("Vermerk").fill("vorzeitig ausgespielt")
    form.get_by_role("button", name="Verteilung prüfen").click()

    # TSR 9.3: the offender -3, each other player +1; shown, with its button, in view.
    preview = page.locator("#strafe-form-vorschau")
    expect(preview).to_contain_text("Verteilung prüfen und speichern:")
    distribution = {key: -3 if key == offender else 1 for key in table.keys}
    expect(preview.locator(".pp")).to_have_text(points_line(table, distribution))
    save = preview.get_by_role("button", name="Strafe speichern")
    expect(preview).to_be_in_viewport(ratio=1)
    expect(save).to_be_in_viewport(ratio=1)
    assert_fits(page, "the penalty's screen with its distribution")
    assert len(stored(site, table)) == 3
    save.click()
    expect(page.locator(".flash-success")).to_have_text(
        f"Strafe gegen {table.names[offender]} gespeichert: geringfügiger Regelverstoß "
        f"(TSR 9.3); {'; '.join(points_line(table, distribution))}."
    )

    row = page.locator("tr.row-penalty")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("Strafpunkte: geringfügiger Regelverstoß (TSR 9.3)")
    expect(row).to_contain_text(
        f"gegen {table.names[offender]}, abgezeichnet von {SCHIRI} – vorzeitig ausgespielt"
    )
    assert sums(page) == [b + distribution[k] for b, k in zip(before, table.keys, strict=True)]
    penalty = stored(site, table)[-1]
    assert penalty["kind"] == "penalty" and penalty["signed_by"] == SCHIRI
    assert penalty["offender"] == offender

    # Staff may also write time up while the round runs, and give Nachspielzeit.
    page.goto(table.staff_url + "zeit-abgelaufen")
    expect(page.locator("form.time-up")).to_be_visible()
    page.goto(table.staff_url + "nachspielzeit")
    expect(page.locator(".clock-line")).to_contain_text("(100 Minuten)")
    page.get_by_label("Minuten").fill("5")
    page.get_by_label("Grund").fill("Reklamation an Tisch 1")
    button = page.get_by_role("button", name="Nachspielzeit eintragen")
    expect(button).to_be_in_viewport(ratio=1)
    assert_targets(page, "form.referee-form :is(input, button), a.back-link")
    button.click()
    expect(page.locator(".flash-success")).to_have_text(
        f"Nachspielzeit gespeichert: 5 Minuten für Tisch {table.number} "
        "(Reklamation an Tisch 1); die Liste hat jetzt 105 Minuten."
    )
    expect(page.locator("tr.row-nachspielzeit")).to_contain_text(
        "Nachspielzeit 5 Minuten Reklamation an Tisch 1"
    )
    expect(state(page)).to_contain_text("(105 Minuten, mit Nachspielzeit)")

    # The list-keeper sees it too, signed, and cannot delete it.
    open_with_code(keeper, table)
    expect(keeper.locator("tr.row-penalty")).to_contain_text(f"abgezeichnet von {SCHIRI}")
    expect(keeper.locator("tr.row-penalty").get_by_role("button", name="löschen")).to_have_count(0)


# ---------------------------------------------------------------------- 5. time up


def test_time_up_called_on_the_overview_then_marked_at_the_table(
    site: Site, devices: Devices
) -> None:
    table = new_round(site, 4)[0]
    entries = simulated(table, SEED_SHORT)[:10]
    before = report(table, entries)
    assert len(before["pflicht_missing"]) >= 2 and before["vorfuehrung"] is None
    store(site, table, entries)
    started_minutes_ago(site, table, 101)  # the 100 minutes are over

    leitung = devices.open()
    sign_in(leitung, LEITUNG)
    leitung.goto(table.overview_url)
    expect(leitung.get_by_role("heading", name="Übersicht Runde 1")).to_be_visible()
    expect(leitung.locator(".round-state")).to_contain_text("nein, noch nicht erklärt")
    leitung.get_by_role("button", name="Zeit abgelaufen erklären").click()
    expect(leitung.locator(".flash-success")).to_contain_text("Runde 1: Die Zeit ist abgelaufen.")
    assert any("Zeit für Runde 1" in message for message in devices.dialogs)
    expect(leitung.locator(f"#tisch-{table.number}")).to_contain_text("noch nicht eingetragen")

    keeper = devices.open(phone=True)
    open_with_code(keeper, table)
    expect(state(keeper).locator(".clock")).to_have_text("abgelaufen")
    expect(state(keeper).locator(".clock")).to_have_class(re.compile("clock-over"))
    expect(keeper.get_by_text("Die Turnierleitung hat die Zeit beendet.")).to_be_visible()
    screen = table.code_url + "zeit-abgelaufen"
    keeper.goto(screen)
    expect(
        keeper.get_by_role("heading", name=f"Zeit abgelaufen · Tisch {table.number}")
    ).to_be_visible()
    expect(keeper.locator(".clock-line .clock")).to_have_text("abgelaufen")
    expect(
        keeper.get_by_text("Die Turnierleitung hat die Zeit für beendet erklärt.")
    ).to_be_visible()
    time_up = keeper.locator("form.time-up")
    time_up.get_by_role("radio", name="Nein", exact=True).check()
    button = time_up.get_by_role("button", name="Zeit abgelaufen eintragen")
    expect(button).to_be_in_viewport(ratio=1)
    button.click()
    expect(keeper.locator(".flash-success")).to_have_text(
        "Zeit abgelaufen gespeichert: Es wurde kein Spiel gegeben; die offenen Normalspiele "
        "sind gestrichen (TSR 8.5.3)."
    )
    assert any("Offene Normalspiele werden gestrichen" in m for m in devices.dialogs)

    entries = [*entries, {"kind": "time_up", "being_dealt": False}]
    after = report(table, entries)
    struck = after["struck"]
    missing = len(after["pflicht_missing"])
    assert struck == 24 - 10 - missing and after["vorfuehrung"] is not None
    expect(state(keeper)).to_contain_text(
        f"Zeit abgelaufen: {struck} Normalspiele gestrichen (TSR 8.5.3)."
    )
    expect(keeper.locator("tr.row-time_up")).to_contain_text("kein Spiel im Gange")
    # Written once: the screen now says so, and leads back to the list.
    response = keeper.goto(screen)
    assert response is not None and response.status == 403
    expect(keeper.locator("#abgelehnt")).to_have_text(
        "Auf dieser Liste ist die Zeit schon als abgelaufen eingetragen."
    )
    expect(keeper.locator("form.time-up")).to_have_count(0)
    keeper.get_by_role("link", name="Zurück zur Liste").click()

    # The missing Pflichtsoli follow as Vorführungen, each announced before it is played.
    for i in range(missing):
        due = report(table, entries)["vorfuehrung"]
        expect(keeper.locator(".banner-vorfuehrung")).to_contain_text(
            f"Vorführung: {table.names[due]} muss jetzt das Pflichtsolo spielen"
        )
        form = game_form(keeper)
        expect(form.get_by_role("radio", name="Vorführung", exact=True)).to_be_checked()
        expect(form.locator("#player").get_by_role("radio", name=table.names[due])).to_be_checked()
        record = engine_points(table, entries, solo(due, 150 - 60 * i))
        enter_game(keeper, table, record)
        entries.append(record)

    played = 10 + missing
    expect(state(keeper)).to_contain_text(
        f"Liste vollständig und geprüft: {played} Spiele, {struck} gestrichen (Zeit abgelaufen)."
    )
    assert sums(keeper) == table.order(report(table, entries)["totals"])
    leitung.reload()
    row = leitung.locator(f"#tisch-{table.number}")
    expect(row).to_contain_text("eingetragen")
    expect(row).to_contain_text(f"{struck} gestrichen")
    expect(row.locator(".status")).to_have_class(re.compile("status-green"))


# ---------------------------------------------------------------------- 6. the table code


def test_table_code_opens_its_list_only_and_stops_when_renewed_or_closed(
    site: Site, devices: Devices
) -> None:
    first, second = new_round(site, 8)
    keeper = devices.open(phone=True)

    # Typed wrong on /tisch: said so, nothing opened.
    keeper.goto("/tisch")
    keeper.get_by_label("Tischcode").fill("ABCD-EFGH")
    keeper.get_by_role("button", name="Zur Liste").click()
    expect(
        keeper.get_by_text("Diesen Code gibt es nicht, oder die Runde ist vorbei.")
    ).to_be_visible()
    response = keeper.goto("/tisch/ABCDEFGH/")
    assert response is not None and response.status == 404
    expect(keeper.get_by_role("heading", name="Dieser Tischcode gilt nicht")).to_be_visible()

    # The right code: this table's list, its players, no staff tools.
    keeper.goto("/tisch")
    keeper.get_by_label("Tischcode").fill(first.code)
    keeper.get_by_role("button", name="Zur Liste").click()
    expect(keeper).to_have_url(re.compile(rf"/tisch/{first.code}/$"))
    expect(state(keeper)).to_contain_text(f"Tisch {first.number} · Runde 1")
    for key in first.keys:
        expect(keeper.locator("table.grid #summen")).to_contain_text(first.names[key])
    for key in second.keys:
        expect(keeper.get_by_text(second.names[key])).to_have_count(0)
    expect(keeper.locator("nav.referee-links")).to_have_count(0)
    expect(keeper.locator("form.time-up")).to_have_count(0)
    expect(keeper.get_by_role("link", name="Übersicht")).to_have_count(0)

    # The code is no login: the staff pages of this and the other table, and the overview,
    # ask for one.
    for url in (first.staff_url, second.staff_url, first.overview_url):
        keeper.goto(url)
        expect(keeper).to_have_url(re.compile(r"/anmelden\?next="))
        expect(keeper.get_by_role("heading", name="Anmelden")).to_be_visible()
    open_with_code(keeper, first)
    enter_game(keeper, first, engine_points(first, [], normal((first.keys[0], first.keys[2]), 140)))
    assert len(stored(site, first)) == 1 and stored(site, second) == []

    # The Turnierleitung gives table 1 a new code on the overview: the old one stops at once,
    # also for the phone that still has the list open.
    leitung = devices.open()
    sign_in(leitung, LEITUNG)
    leitung.goto(first.overview_url)
    row = leitung.locator(f"#tisch-{first.number}")
    expect(row.locator("code.access-code")).to_have_text(first.code)
    row.locator("details.access-menu summary").click()
    row.get_by_role("button", name="Neuer Code").click()
    message = leitung.locator(".flash-success")
    expect(message).to_contain_text(f"Tisch {first.number} hat den neuen Zugangscode")
    assert any("einen neuen Zugangscode geben" in m for m in devices.dialogs)
    found = re.search(r"Zugangscode (\w+);", message.inner_text())
    assert found is not None
    new_code = found.group(1)
    assert new_code != first.code
    expect(leitung.locator(f"#tisch-{first.number} code.access-code")).to_have_text(new_code)

    # The phone still showing the list is told on its own, without a tap.
    expect(keeper.get_by_role("heading", name="Dieser Tischcode gilt nicht")).to_be_visible()
    expect(game_form(keeper)).to_have_count(0)
    assert len(stored(site, first)) == 1
    keeper.goto(first.code_url)
    expect(keeper.get_by_role("heading", name="Dieser Tischcode gilt nicht")).to_be_visible()
    renewed = Table(first.tid, first.id, first.number, new_code, first.keys, first.names)
    open_with_code(keeper, renewed)
    open_with_code(keeper, second)  # the other table's code still works

    # The round is closed: no code works any more.
    store(site, first, simulated(first, 1))
    store(site, second, simulated(second, 2))
    leitung.reload()
    expect(leitung.get_by_text("Alle Listen sind vollständig und geprüft.")).to_be_visible()
    leitung.get_by_role("button", name="Runde abschließen").click()
    expect(leitung.locator(".flash-success")).to_contain_text("abgeschlossen")
    # The list still open on the phone learns of the close by its live poll and reloads
    # itself: a navigation typed at that moment would be cut off by it (net::ERR_ABORTED).
    keeper.goto("about:blank")
    for table in (renewed, second):
        keeper.goto(table.code_url)
        expect(keeper.get_by_role("heading", name="Dieser Tischcode gilt nicht")).to_be_visible()
    keeper.goto("/tisch")
    keeper.get_by_label("Tischcode").fill(second.code)
    keeper.get_by_role("button", name="Zur Liste").click()
    expect(
        keeper.get_by_text("Diesen Code gibt es nicht, oder die Runde ist vorbei.")
    ).to_be_visible()


# ---------------------------------------------------------------------- 7. two phones


def test_two_phones_on_one_list_the_second_is_told_and_a_double_click_saves_once(
    site: Site, devices: Devices
) -> None:
    table = new_round(site, 4)[0]
    k = table.keys
    a, b = devices.open(phone=True), devices.open(phone=True)
    open_with_code(a, table)
    open_with_code(b, table)
    game_a = engine_points(table, [], normal((k[0], k[1]), 150))
    game_b = engine_points(table, [], normal((k[2], k[3]), 90))
    check_game(a, table, game_a)
    check_game(b, table, game_b)
    game_form(a).get_by_role("button", name="Speichern").click()
    expect(saved_message(a)).to_have_text(game_saved(table, 1, game_a["points"]))

    # B is told above its input, which stays as it was typed.
    game_form(b).get_by_role("button", name="Speichern").click()
    told = b.locator("#eingabe .conflict")
    expect(told).to_contain_text("Ein anderes Gerät war schneller")
    expect(told).to_contain_text(
        f"Eintrag 1 (Normalspiel, Re: {table.names[k[0]]}, {table.names[k[1]]}) hinzugefügt"
    )
    expect(saved_message(b)).to_have_count(0)
    form = game_form(b)
    expect(form.get_by_role("radio", name="Normal", exact=True)).to_be_checked()
    for key in table.keys:
        box = form.locator("#re").get_by_role("checkbox", name=table.names[key])
        if key in (k[2], k[3]):
            expect(box).to_be_checked()
        else:
            expect(box).not_to_be_checked()
    expect(form.locator("fieldset.eyes").get_by_role("spinbutton")).to_have_value("90")
    # Only A's game is on the list, and B's page shows it.
    now = stored(site, table)
    assert len(now) == 1 and now[0]["re"] == [k[0], k[1]]
    expect(b.locator("#eintrag-1")).to_contain_text(f"Re: {table.names[k[0]]}, {table.names[k[1]]}")
    expect(b.get_by_role("heading", name="Spiel 2 eintragen")).to_be_attached()

    # B's kept game, now game 2, is valued anew; "Speichern" pressed twice stores it once.
    game_b = engine_points(table, now, normal((k[2], k[3]), 90))
    expect(preview(b).locator(".pp")).to_have_text(points_line(table, game_b["points"]))
    game_form(b).get_by_role("button", name="Speichern").dblclick()
    expect(b.get_by_role("heading", name="Spiel 3 eintragen")).to_be_attached()
    expect(b.locator("#eingabe .conflict, #eingabe .flash-error")).to_have_count(0)
    expect(saved_message(b)).to_contain_text("gespeichert")
    now = stored(site, table)
    assert len(now) == 2 and now[1]["re"] == [k[2], k[3]]
    expect(list_rows(b)).to_have_count(2)


AFTER_SAVE_SNAPSHOT = """() => {
  document.body.addEventListener("htmx:afterSwap", function (event) {
    if (window.afterSave || event.detail.requestConfig.verb !== "post") {
      return;
    }
    const texts = (selector) =>
      Array.from(document.querySelectorAll(selector), (e) => e.textContent.trim());
    window.afterSave = {
      first: document.querySelectorAll("#eintrag-1").length,
      rows: document.querySelectorAll("#normal-rows tr[id^=eintrag-]").length,
      sums: texts("#summen th.num .total"),
      totals: texts("#kopf .totals .total strong"),
    };
  });
}"""


@pytest.mark.fresh_tabs
def test_a_save_answered_after_the_poll_showed_its_game_adds_no_row_and_no_old_totals(
    site: Site, devices: Devices
) -> None:
    """The page's poll can bring the list with the new game (and one saved after it on
    another phone) before the save's own answer arrives: that answer then adds no second row
    and puts no older totals back."""
    table = new_round(site, 4)[0]
    k = table.keys
    a, b = devices.open(phone=True), devices.open(phone=True)
    open_with_code(a, table)
    open_with_code(b, table)
    game_1 = engine_points(table, [], normal((k[0], k[1]), 150))
    check_game(a, table, game_1)
    action = game_form(a).get_attribute("action")
    assert action
    held: list[tuple[Route, APIResponse]] = []

    def hold(route: Route) -> None:
        if route.request.method != "POST" or urlsplit(route.request.url).path != action:
            route.continue_()
            return
        held.append((route, route.fetch()))

    a.route(lambda url: urlsplit(url).path == action, hold)
    game_form(a).get_by_role("button", name="Speichern").click()
    # A's poll shows game 1 while the save's answer is held back; B saves game 2 meanwhile.
    expect(a.locator("#eintrag-1")).to_be_visible()
    assert len(held) == 1
    expect(b.get_by_role("heading", name="Spiel 2 eintragen")).to_be_attached()
    enter_game(b, table, engine_points(table, stored(site, table), normal((k[2], k[3]), 90)))
    expect(a.locator("#eintrag-2")).to_be_visible()
    now = stored(site, table)
    totals = [str(total) for total in table.order(report(table, now)["totals"])]
    expect(a.locator("#summen th.num .total")).to_have_text(totals)

    # What the page shows right after the save's answer is swapped in (a later poll would
    # mend it, so it is taken at that moment).
    a.evaluate(AFTER_SAVE_SNAPSHOT)
    route, response = held.pop()
    route.fulfill(response=response)
    expect(saved_message(a)).to_have_text(game_saved(table, 1, game_1["points"]))
    shown = a.evaluate("window.afterSave")
    assert shown == {
        "first": 1,
        "rows": len(now),
        "sums": totals,
        "totals": totals,
    }
    assert devices.errors == []


# ---------------------------------------------------------------------- 8. phone layout


def test_list_page_fits_a_390_px_phone_and_the_form_works_there(
    site: Site, devices: Devices
) -> None:
    table = new_round(site, 5)[0]
    entries = simulated(table, SEED_FIVE)
    store(site, table, entries[:12])
    page = devices.open(phone=True, touch=True)
    open_with_code(page, table)
    assert_fits(page, "the list page")
    # The list itself fits the phone: nothing on the page scrolls sideways.
    assert sideways_scrollers(page) == []
    grid = page.locator("table.grid").bounding_box()
    assert grid is not None and grid["x"] >= 0 and grid["x"] + grid["width"] <= PHONE["width"]
    expect(page.locator("table.grid tr[id^=eintrag-]")).to_have_count(12)

    # Every part of the game form, whatever the kind, fits the screen and can be tapped.
    form = game_form(page)
    for kind in ("Hochzeit", "Pflichtsolo", "Normal"):
        form.get_by_role("radio", name=kind, exact=True).tap()
        expect(form.get_by_role("radio", name=kind, exact=True)).to_be_checked()
        assert_fits(page, f"the form for a {kind}")
    form.locator("details.specials summary").tap()
    assert_fits(page, "the form with Schwarz open")
    page.get_by_role("link", name="Nur Punkte").tap()
    expect(page.locator("form.quick-form #winners")).to_be_visible()
    assert_fits(page, "the quick entry")
    assert sideways_scrollers(page) == []
    # Tap targets big enough for a finger.
    for label in page.locator("#eingabe label.tap").all():
        if label.is_visible():
            box = label.bounding_box()
            assert box is not None and box["height"] >= 44, label.inner_text()

    # A game entered on the phone.
    open_with_code(page, table)
    enter_game(page, table, entries[12])
    expect(page.get_by_role("heading", name="Spiel 14 eintragen")).to_be_attached()
    assert_fits(page, "the list after saving a game")
    assert sideways_scrollers(page) == []

    # The Schiedsrichter's view of the same list on a phone, and the penalty's screen.
    staff = devices.open(phone=True, touch=True)
    sign_in(staff, SCHIRI)
    staff.goto(table.staff_url)
    expect(staff.locator("nav.referee-links")).to_be_visible()
    assert_fits(staff, "the Schiedsrichter's list page")
    assert sideways_scrollers(staff) == []
    staff.locator("nav.referee-links").get_by_role("link", name="Strafe").tap()
    expect(staff.get_by_role("button", name="Verteilung prüfen")).to_be_visible()
    assert_fits(staff, "the penalty's screen")


# ---------------------------------------------------------------------- 9. column heads

#: A table of five with long names: two namesakes (told apart by club and DDV number) and
#: two names that begin alike; start numbers of up to three digits.
LONG_NAMES = {
    7: ("Hans-Joachim Müller-Lüdenscheidt", "SC Bonn", ""),
    12: ("Hans-Joachim Müller-Lüdenscheidt", "", "4711"),
    105: ("Maximiliane von Hohenzollern-Sigmaringen", "", ""),
    118: ("Maximilian von Hohenzollern-Sigmaringen", "DK Kiel", ""),
    123: ("Friederike Schulze-Wischeler", "", ""),
}


def label(number: int) -> str:
    """The display label of ``LONG_NAMES[number]`` (``tournament.domain.names``)."""
    name, club, ddv = LONG_NAMES[number]
    namesakes = [n for n, (other, _, _) in LONG_NAMES.items() if other == name]
    return f"{name} (Nr. {number}, {club or f'DDV {ddv}'})" if len(namesakes) > 1 else name


def legend_entry(number: int) -> str:
    """The name in the list's legend, a namesake's club or DDV number in brackets."""
    name, club, ddv = LONG_NAMES[number]
    return name if label(number) == name else f"{name} ({club or f'DDV {ddv}'})"


def test_column_heads_tell_namesakes_and_long_names_apart_on_a_390_px_phone(
    site: Site, devices: Devices
) -> None:
    n = next(site.numbers)
    tid = create_tournament(site.client, f"Namensvettern {n}")
    lines = [f"{name}; {club}; {ddv}" for name, club, ddv in LONG_NAMES.values()]
    paste_players(site.client, tid, "\n".join(lines))
    with site.app.app_context():  # the start numbers of a big tournament
        registrations = db.session.execute(
            select(Registration).where(Registration.tournament_id == tid)
        ).scalars()
        for registration, number in zip(
            sorted(registrations, key=lambda r: r.start_number), LONG_NAMES, strict=True
        ):
            registration.start_number = number
        db.session.commit()
    draw_round(site.client, tid, seed=n)
    round_action(site.client, tid, 1, "starten")
    table = tables_of(site, tid)[0]
    assert sorted(table.keys) == sorted(str(number) for number in LONG_NAMES)
    store(site, table, simulated(table, SEED_FIVE)[:6])

    page = devices.open(phone=True, touch=True)
    open_with_code(page, table)
    heads = page.locator("#summen th.num")
    expect(heads).to_have_count(5)
    numbers = [int(key) for key in table.keys]
    # Each head shows its start number whole, above the name cut to the column.
    expect(heads.locator(".nr")).to_have_text([f"Nr. {number}" for number in numbers])
    # The digits are shown whole inside their column, apart from the next column's ("Nr. "
    # is for screen readers).
    shown = [
        head.locator(".nr").evaluate(
            """(el) => {
              const range = document.createRange();
              range.selectNodeContents(el.lastChild);
              const box = range.getBoundingClientRect();
              const cell = el.closest("th").getBoundingClientRect();
              const whole = el.scrollWidth <= el.clientWidth && box.width > 0 &&
                box.left >= cell.left - 0.5 && box.right <= cell.right + 0.5;
              return [whole ? el.lastChild.textContent : null, box.left, box.right];
            }"""
        )
        for head in heads.all()
    ]
    assert [text for text, _, _ in shown] == [str(number) for number in numbers], shown
    for (_, _, right), (_, left, _) in itertools.pairwise(shown):
        assert left - right >= 4, shown
    # The full label is in the link's title, and the legend under the list names each
    # column's player by the start number, a namesake with his club or DDV number.
    links = heads.locator("a.player-link").all()
    assert [link.get_attribute("title") for link in links] == [label(n) for n in numbers]
    legend = page.locator("#spielliste .legend li")
    expect(legend).to_have_text([f"Nr. {n} {legend_entry(n)}" for n in numbers])
    # What a finger and a screen reader get: a head of 44 px, named by number and name.
    assert_targets(page, "#summen a.player-link")
    expect(page.get_by_role("columnheader", name=re.compile(r"^Nr\. 12 "))).to_have_count(1)
    # The list fits the phone: nothing wider than the screen, nothing scrolls sideways.
    assert_fits(page, "the list of five long names")
    assert sideways_scrollers(page) == []


# ---------------------------------------------------------------------- 10. referee by code


def test_schiedsrichter_signed_in_corrects_on_the_list_opened_by_its_code(
    site: Site, devices: Devices
) -> None:
    """Called to a table, the Schiedsrichter scans its card: signed in, the list under the
    code offers what the list under the round does, and it saves there; the list-keeper's
    phone with the same code still gets only the last game's buttons."""
    table = new_round(site, 4)[0]
    entries = simulated(table, SEED_SHORT)[:4]
    target = entries[1]
    assert target["type"] == "normal" and abs(target["re_eyes"] - 120) > 10
    store(site, table, entries)

    keeper = devices.open(phone=True)
    open_with_code(keeper, table)
    expect(keeper.locator("#spielliste").get_by_role("link", name="korrigieren")).to_have_count(0)
    expect(keeper.locator("nav.referee-links")).to_have_count(0)

    page = devices.open(phone=True, touch=True)
    sign_in(page, SCHIRI)
    open_with_code(page, table)
    expect(page.locator("#spielliste").get_by_role("link", name="korrigieren")).to_have_count(4)
    links = page.locator("nav.referee-links")
    expect(links.get_by_role("link")).to_have_text(["Strafe", "Nachspielzeit"])
    assert_targets(page, "nav.referee-links a, #spielliste th.what a")
    assert_fits(page, "the Schiedsrichter's list under the code")

    # An earlier game corrected under the code: the list is checked again.
    page.locator("#eintrag-2").get_by_role("link", name="Spiel 2 korrigieren").tap()
    expect(page).to_have_url(re.compile(rf"/tisch/{table.code}/eintrag/2$"))
    form = page.locator("form#korrektur-form")
    eyes = form.locator("fieldset.eyes").get_by_role("spinbutton")
    expect(eyes).to_have_value(str(target["re_eyes"]))
    eyes.fill(str(240 - target["re_eyes"]))
    form.get_by_role("button", name="Korrektur speichern").tap()
    expect(page.locator(".flash-success")).to_have_text(
        "Eintrag 2 ist korrigiert; die Liste ist neu geprüft."
    )
    expect(page).to_have_url(re.compile(rf"/tisch/{table.code}/#inhalt$"))
    now = stored(site, table)
    assert now[1]["re_eyes"] == 240 - target["re_eyes"]
    assert sums(page) == table.order(report(table, now)["totals"])

    # Nachspielzeit from the list's link, and the penalty's screen, under the code.
    page.locator("nav.referee-links").get_by_role("link", name="Nachspielzeit").tap()
    expect(page).to_have_url(re.compile(rf"/tisch/{table.code}/nachspielzeit$"))
    page.get_by_label("Minuten").fill("5")
    page.get_by_label("Grund").fill("Karten neu gemischt")
    page.get_by_role("button", name="Nachspielzeit eintragen").tap()
    expect(page.locator("tr.row-nachspielzeit")).to_contain_text("Nachspielzeit 5 Minuten")
    expect(page).to_have_url(re.compile(rf"/tisch/{table.code}/#inhalt$"))
    page.locator("nav.referee-links").get_by_role("link", name="Strafe").tap()
    expect(page.get_by_role("button", name="Verteilung prüfen")).to_be_visible()

    # The list-keeper's phone follows the changes and still offers no more than before.
    open_with_code(keeper, table)
    expect(keeper.locator("tr.row-nachspielzeit")).to_have_count(1)
    expect(keeper.locator("#spielliste").get_by_role("link", name="korrigieren")).to_have_count(0)
    expect(keeper.locator("nav.referee-links")).to_have_count(0)
    response = keeper.goto(table.code_url + "nachspielzeit")
    assert response is not None and response.status == 403
