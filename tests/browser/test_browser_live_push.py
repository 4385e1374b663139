"""The public live pages through their streams (``tournament.web.push``), on both servers: a
spectator's standings, the round's standings, the projector, the tournament's page and a
player's page open one stream each and ask nothing while it is open; a saved game reaches all
of them through it. A stream dropped by killed workers opens again by itself, and a phone without
``EventSource`` follows by polling. (``test_browser_live_standings.py`` shows the same pages
following a save on both servers; how soon is ``bench/projector_live.py``'s figure.)
"""

from __future__ import annotations

import os
import signal
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Page, Request, expect

from tests.support.scorelist_browser import (
    Devices,
    Site,
    Table,
    engine_points,
    new_round,
    normal,
    store,
)
from tests.support.server_processes import children_of, server_on


@dataclass
class Traffic:
    """What a page asked for after it loaded: its streams and its polls."""

    streams: list[str] = field(default_factory=list)
    polls: list[str] = field(default_factory=list)

    def seen(self, request: Request) -> None:
        if request.resource_type == "eventsource":
            self.streams.append(request.url)
        elif "stand=" in request.url:
            self.polls.append(request.url)


#: Whether the page's stream is open (the EventSource htmx's SSE extension keeps).
STREAM_OPEN = (
    "() => document.getElementById('live-stream')['htmx-internal-data']"
    ".sseEventSource.readyState === EventSource.OPEN"
)


def _watched(page: Page) -> Traffic:
    traffic = Traffic()
    page.on("request", traffic.seen)
    return traffic


def _opened(page: Page, path: str) -> Traffic:
    traffic = _watched(page)
    page.goto(path)
    expect(page.locator("#live-stream")).to_have_count(1)
    page.wait_for_function(STREAM_OPEN)
    return traffic


def _save(site: Site, table: Table) -> dict[str, int]:
    """Store the first game at ``table``, won by its first and third player; its points."""
    record = engine_points(table, [], normal((table.keys[0], table.keys[2]), 150))
    store(site, table, [record])
    points: dict[str, int] = record["points"]
    return points


def test_a_save_reaches_every_open_public_page_through_its_stream(
    site: Site, devices: Devices
) -> None:
    [table] = new_round(site, 4)
    player = table.keys[0]
    paths = {
        "overall": f"/turniere/{table.tid}/stand",
        "round": f"/turniere/{table.tid}/runden/1/stand",
        "projector": f"/turniere/{table.tid}/leinwand",
        "tournament": f"/turniere/{table.tid}",
        "player": f"/turniere/{table.tid}/startnummer/{player}",
    }
    pages = {name: devices.open(phone=name != "projector") for name in paths}
    traffic = {name: _opened(pages[name], path) for name, path in paths.items()}
    shown = {name: page.locator("#live").get_attribute("hx-vals") for name, page in pages.items()}
    points = _save(site, table)
    for name in ("overall", "round", "projector"):
        page = pages[name]
        row = page.locator(
            "table.standings tr",
            has=page.get_by_role("rowheader").filter(has_text=table.names[player]),
        )
        expect(row.locator("td.total")).to_have_text(str(points[player]))
    expect(pages["player"].locator("table.player-games tbody tr")).to_have_count(1)
    for name, page in pages.items():
        # Each page took the new state (its poller carries the state it shows); the
        # tournament's page shows its rounds, which a game leaves as they are.
        if name != "tournament":
            expect(page.locator("#live")).not_to_have_attribute("hx-vals", str(shown[name]))
    for name, seen in traffic.items():
        # One stream, opened once; no poll: the game came through the stream.
        assert len(seen.streams) == 1, (name, seen)
        assert seen.polls == [], (name, seen.polls)
        assert pages[name].evaluate("performance.getEntriesByType('navigation').length") == 1


def test_a_stream_dropped_by_killed_workers_opens_again_by_itself(
    site: Site, devices: Devices
) -> None:
    """kill -9 of the processes that hold the streams (granian's worker, gunicorn's workers;
    their server starts new ones): the page notices, polls meanwhile, opens its stream again
    and follows the next save."""
    [table] = new_round(site, 4)
    player = table.keys[0]
    page = devices.open(phone=True)
    traffic = _opened(page, f"/turniere/{table.tid}/stand")
    server = server_on(int(site.url.rsplit(":", 1)[1]))
    workers = children_of(server)
    for worker in workers:
        os.kill(worker, signal.SIGKILL)
    page.wait_for_function(f"() => !({STREAM_OPEN})()")
    page.wait_for_function(STREAM_OPEN)
    assert not set(children_of(server)) & set(workers)
    points = _save(site, table)
    row = page.locator(
        "table.standings tr", has=page.get_by_role("rowheader").filter(has_text=table.names[player])
    )
    expect(row.locator("td.total")).to_have_text(str(points[player]))
    assert len(traffic.streams) >= 2, traffic


@pytest.mark.fresh_tabs
def test_a_phone_without_event_source_follows_by_polling(site: Site, devices: Devices) -> None:
    [table] = new_round(site, 4)
    player = table.keys[0]
    page = devices.open(phone=True)
    page.add_init_script("delete window.EventSource")
    traffic = _watched(page)
    page.goto(f"/turniere/{table.tid}/stand")
    points = _save(site, table)
    row = page.locator(
        "table.standings tr", has=page.get_by_role("rowheader").filter(has_text=table.names[player])
    )
    expect(row.locator("td.total")).to_have_text(str(points[player]))
    assert traffic.streams == []
    assert traffic.polls, "the page polled"
