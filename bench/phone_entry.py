"""Benchmark of entering games on a phone: from the last input to the engine's value shown,
and the bytes a save sends and receives.

The tournament is built and served as ``bench/list_entry.py`` does (``doko-turnier`` itself,
SQLite in a temporary instance folder). A list-keeper's
phone is Debian's Chromium at 390x844 (touch), driven by Playwright, on the table code's page.
For each game of a simulated legal list it taps what the game needs (kind, players, calls,
schwarz, Sonderpunkte) and types the Augen last; the time from that last keystroke to the
bar showing the engine's points for this game is read in the page (``performance.now()`` at
the keystroke and when htmx has swapped the value in). Then "Speichern" is tapped; Chromium's
own network records give the bytes of the save's request and answer on the wire (headers and
gzip-compressed bodies).

The hall around the phone: ``--pollers`` other phones keep their lists open (each asks for
changes every 1.5 s, as the page does) and ``--tables`` other tables save a game every
``--every`` seconds, over HTTP from this process.

Two networks: the local one as it is, and Chromium's emulation of a weak hall WLAN
(``--rtt`` ms round trip, ``--kbit`` kbit/s each way).

    python bench/phone_entry.py [--games 24] [--pollers 80] [--tables 20] [--every 20]
                                [--rules PRESET]

``--rules``: the tournament is under that rule set (``docs/rule-sets.md``; default ``ddv``),
and every table enters the set's own games on the set's form (``list_entry.build``: mostly
Normalspiele, a fifth solos of the set's kinds, some with a call); the value awaited is the
engine's for the list under the set.

Targets (issue 19): value shown under 300 ms on the local network and under 700 ms on the
weak WLAN (95th percentile), a save under 5 KB on the wire. The figures are only printed.
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import list_entry  # noqa: E402
from list_entry import Browser, PlannedGame, TablePlan  # noqa: E402
from playwright.sync_api import CDPSession, Page, sync_playwright  # noqa: E402

from rules_engine.rulesets import PRESETS  # noqa: E402
from tests.support.browser import CHROMIUM_ARGS, DESKTOP_CHROMIUM  # noqa: E402
from tests.support.server_processes import laptop_serving  # noqa: E402
from tournament.app import create_app  # noqa: E402
from tournament.web.live import POLL_SECONDS  # noqa: E402

PHONE = {"width": 390, "height": 844}
# In the page: when the Augen were last typed, and when the bar last showed the awaited text.
WATCH = """() => {
  window.benchWatch = {typed: 0, shown: 0, awaited: null};
  document.addEventListener("input", (event) => {
    if (event.target.name === "eyes") {
      Object.assign(window.benchWatch, {typed: performance.now(), shown: 0});
    }
  }, true);
  document.addEventListener("htmx:afterSwap", () => {
    const bar = document.getElementById("vorschau");
    const watch = window.benchWatch;
    const text = bar ? bar.textContent.replace(/\\s+/g, " ") : "";
    if (watch.awaited && watch.awaited.every((part) => text.includes(part))) {
      requestAnimationFrame(() => { watch.shown = watch.shown || performance.now(); });
    }
  });
}"""


@dataclass
class Figures:
    shown_ms: list[float] = field(default_factory=list)
    save_bytes: list[int] = field(default_factory=list)
    save_ms: list[float] = field(default_factory=list)
    page_ms: list[float] = field(default_factory=list)


# ---------------------------------------------------------------------- the phone


class Phone:
    """One list-keeper's phone on a table's list."""

    def __init__(self, page: Page, plan: TablePlan, names: dict[str, str]) -> None:
        self.page = page
        self.plan = plan
        self.names = names
        self.cdp: CDPSession = page.context.new_cdp_session(page)
        self.cdp.send("Network.enable")
        self.sent: dict[str, int] = {}
        self.received: dict[str, int] = {}
        self.urls: dict[str, str] = {}
        self.cdp.on("Network.requestWillBeSent", self._request)
        self.cdp.on("Network.requestWillBeSentExtraInfo", self._request_headers)
        self.cdp.on("Network.loadingFinished", self._finished)

    def _request(self, event: dict[str, Any]) -> None:
        request = event["request"]
        self.urls[event["requestId"]] = request["url"]
        body = request.get("postData") or ""
        self.sent[event["requestId"]] = self.sent.get(event["requestId"], 0) + len(body.encode())

    def _request_headers(self, event: dict[str, Any]) -> None:
        size = sum(len(k) + len(str(v)) + 4 for k, v in event["headers"].items()) + 20
        self.sent[event["requestId"]] = self.sent.get(event["requestId"], 0) + size

    def _finished(self, event: dict[str, Any]) -> None:
        self.received[event["requestId"]] = int(event["encodedDataLength"])

    def weak_wlan(self, rtt_ms: float, kbit: float) -> None:
        per_second = kbit * 1000 / 8
        self.cdp.send(
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": rtt_ms,
                "downloadThroughput": per_second,
                "uploadThroughput": per_second,
            },
        )

    def enter(self, number: int, game: PlannedGame, figures: Figures) -> None:
        form = self.page.locator("#spiel-form")
        awaited = self._awaited(game)
        self.page.evaluate(
            "(text) => { Object.assign(window.benchWatch, {awaited: text, shown: 0}); }",
            awaited,
        )
        values = dict(_grouped(game.fields))
        if values.get("schwarz", [""])[0]:  # the Sonderpunkte are in view, schwarz is folded
            form.locator("details.specials > summary").tap()
        self._tap(form, "kind", values.pop("kind", ["normal"])[0])
        eyes = values.pop("eyes", ["0"])[0]
        for name, chosen in values.items():
            self._set(form, name, chosen)
        field_ = form.locator("#spiel-form-eyes")
        field_.tap()
        field_.fill("")
        self.page.keyboard.type(eyes)
        deadline = time.perf_counter() + 15
        while True:
            watch = self.page.evaluate("() => window.benchWatch")
            if watch["shown"]:
                figures.shown_ms.append(watch["shown"] - watch["typed"])
                break
            if time.perf_counter() > deadline:
                shown = self.page.locator("#vorschau").inner_text()
                raise SystemExit(f"table {self.plan.number}: no value {awaited} but: {shown}")
            time.sleep(0.005)
        self.sent.clear()
        self.received.clear()
        started = time.perf_counter()
        self.page.locator(".savebar").get_by_role("button", name="Speichern").tap()
        said = f"Spiel {number} gespeichert"
        saved = self.page.locator(".last-game.flash-success", has_text=said)
        saved.wait_for()
        figures.save_ms.append((time.perf_counter() - started) * 1000)
        time.sleep(0.05)  # the network records of the finished request
        saves = [rid for rid, url in self.urls.items() if url.endswith("/spiel")]
        request = next((rid for rid in saves if rid in self.received), None)
        if request is not None:
            figures.save_bytes.append(self.sent.get(request, 0) + self.received[request])
        self.urls.clear()

    def _awaited(self, game: PlannedGame) -> list[str]:
        """Every player's points as the bar shows them once the game is complete."""
        return [f"{self.names[key]} {points:+d}" for key, points in game.points.items()]

    def _tap(self, form: Any, name: str, value: str) -> None:
        form.locator(f'label.tap:has(input[name="{name}"][value="{value}"])').tap()

    def _set(self, form: Any, name: str, chosen: list[str]) -> None:
        """Tap or choose ``chosen`` for field ``name``; an empty choice is the form's own."""
        if chosen == [""]:
            return
        target = form.locator(f'[name="{name}"]').first
        kind = target.evaluate("(element) => element.type")
        if kind in ("radio", "checkbox"):
            for value in chosen:
                label = form.locator(f'label.tap:has(input[name="{name}"][value="{value}"])')
                # A solo's Re party is its soloist: the form hides the Re taps then.
                if value and label.is_visible():
                    label.tap()
        elif kind == "select-one":
            target.select_option(chosen[0])
        else:
            target.fill(chosen[0])


def _grouped(fields: Sequence[tuple[str, str]]) -> dict[str, list[str]]:
    grouped: dict[str, list[str]] = {}
    for name, value in fields:
        grouped.setdefault(name, []).append(value)
    return grouped


# ---------------------------------------------------------------------- the hall


def poll(port: int, code: str, stop: threading.Event, counts: list[int]) -> None:
    """A phone with the list open: asks for changes every POLL_SECONDS."""
    browser = Browser(port)
    time.sleep(random.uniform(0, POLL_SECONDS))
    token = ""
    while not stop.is_set():
        try:
            reply = browser.get(f"/tisch/{code}/stand?stand={token}")
        except OSError:
            break
        if reply.status == 200:
            found = re.search(r'"stand": "([^"]+)"', reply.body)
            token = found[1] if found else token
        counts.append(reply.status)
        stop.wait(POLL_SECONDS)
    browser.close()


def keep_list(port: int, run: list_entry.TableRun, every: float, stop: threading.Event) -> None:
    """Another table saving a game every ``every`` seconds, without JavaScript."""
    browser = Browser(port)
    time.sleep(random.uniform(0, every))
    index = 0
    while not stop.is_set() and index < len(run.plan.games):
        try:
            page = browser.get(f"/tisch/{run.plan.code}/")
            game = run.plan.games[index]
            body = [*game.fields, *list_entry._form_state(run, page), ("confirmed", "1")]
            browser.post(list_entry._action(run), body)
        except OSError:
            break
        index += 1
        stop.wait(every)
    browser.close()


# ---------------------------------------------------------------------- main


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=24, help="games the phone enters per run")
    parser.add_argument("--pollers", type=int, default=80, help="other phones with a list open")
    parser.add_argument("--tables", type=int, default=20, help="other tables saving games")
    parser.add_argument("--every", type=float, default=20.0, help="seconds between their saves")
    parser.add_argument("--rtt", type=float, default=300.0, help="weak WLAN: round trip, ms")
    parser.add_argument("--kbit", type=float, default=750.0, help="weak WLAN: kbit/s each way")
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument(
        "--rules", default="ddv", choices=sorted(PRESETS), help="the tournament's rule set (ddv)"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({}, instance_path=folder)
        _, plans, _ = list_entry.build(app, 2 + args.tables, args.games, args.seed, args.rules)
        with app.app_context():
            names = _names(app)
        stop = threading.Event()
        with laptop_serving(app, Path(app.instance_path) / "server.log") as port:
            try:
                counts: list[int] = []
                hall = [
                    threading.Thread(
                        target=poll, args=(port, plans[i % len(plans)].code, stop, counts)
                    )
                    for i in range(args.pollers)
                ]
                runs = list_entry._runs(plans[2:], args.games, 0)
                hall += [
                    threading.Thread(target=keep_list, args=(port, run, args.every, stop))
                    for run in runs.values()
                ]
                for thread in hall:
                    thread.start()
                results = {}
                with sync_playwright() as playwright:
                    chromium = playwright.chromium.launch(
                        executable_path=DESKTOP_CHROMIUM, args=CHROMIUM_ARGS
                    )
                    for label, plan, weak in (
                        ("local", plans[0], False),
                        ("weak", plans[1], True),
                    ):
                        results[label] = _phone_run(chromium, port, plan, names, weak, args)
                    chromium.close()
                stop.set()
                for thread in hall:
                    thread.join(30)
            finally:
                stop.set()
    _report(args, results, counts)
    return 0


def _names(app: Any) -> dict[str, str]:
    from sqlalchemy import select

    from tournament.extensions import db
    from tournament.models import Seat

    seats = db.session.execute(select(Seat)).scalars()
    return {str(s.registration.start_number): s.registration.player.name for s in seats}


def _phone_run(
    chromium: Any,
    port: int,
    plan: TablePlan,
    names: dict[str, str],
    weak: bool,
    args: argparse.Namespace,
) -> Figures:
    context = chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="de-DE")
    page = context.new_page()
    phone = Phone(page, plan, names)
    if weak:
        phone.weak_wlan(args.rtt, args.kbit)
    figures = Figures()
    for _ in range(3):  # the first time with nothing cached, then as a phone reopens it
        started = time.perf_counter()
        page.goto(f"http://127.0.0.1:{port}/tisch/{plan.code}/", wait_until="load")
        figures.page_ms.append((time.perf_counter() - started) * 1000)
    page.evaluate(WATCH)
    for number, game in enumerate(plan.games, start=1):
        phone.enter(number, game, figures)
    context.close()
    return figures


def _report(args: argparse.Namespace, results: dict[str, Figures], counts: list[int]) -> None:
    print(
        f"phone: Chromium 390x844 (touch) entering {args.games} games; hall: {args.pollers} "
        f"phones polling every {POLL_SECONDS} s, {args.tables} tables saving every "
        f"{args.every:g} s; doko-turnier (SQLite)"
        + ("" if args.rules == "ddv" else f"; rules {args.rules}")
    )
    print(f"{'':32}{'n':>4}{'median':>10}{'p95':>10}{'max':>10}")
    for label, target in (("local", 300), ("weak", 700)):
        figures = results[label]
        where = "local" if label == "local" else f"{args.rtt:g} ms, {args.kbit:g} kbit"
        _line(f"value shown ({where})", figures.shown_ms, "ms", target)
        _line(f"save answered ({label})", figures.save_ms, "ms", None)
        _line(f"list page loaded ({label})", figures.page_ms, "ms", None)
    both = results["local"].save_bytes + results["weak"].save_bytes
    _line("bytes per save (wire)", [float(b) for b in both], "B", 5000)
    polls = len(counts)
    print(f"polls answered: {polls} ({sum(1 for c in counts if c == 204)} with 204, unchanged)")


def _line(label: str, values: list[float], unit: str, target: float | None) -> None:
    if not values:
        print(f"{label:32}   0")
        return
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    goal = f"  target < {target:g} {unit}" if target is not None else ""
    print(
        f"{label:32}{len(values):>4}{statistics.median(values):>9.0f}{unit:<1}"
        f"{p95:>9.0f}{unit:<1}{max(values):>9.0f}{unit:<1}{goal}"
    )


if __name__ == "__main__":
    raise SystemExit(main())
