"""Accessibility checks for the browser tests, run inside the page Playwright has open.

- ``axe_findings``: axe-core (from the npm registry, ``package.json``; ``make test`` installs it
  into ``node_modules``) with the WCAG 2.0, 2.1 and 2.2 A and AA rules; the findings of the
  given impacts.
- ``fits_the_phone``: the page no wider than the phone, no small target, no axe finding;
- ``small_targets``: the interactive elements a finger must hit whose box is smaller than a
  minimum (44 px) in either dimension.
- ``tab_stops``: what the Tab key reaches, in order, and whether each shows where the focus is;
  ``keyboard_gaps``: what Tab does not reach, and stops that do not show the focus.

Tabs. A module of accessibility tests opens its pages in one tab for each visitor, kept for
all its tests, rather than in a new tab for each: a new tab costs Chromium a third of a second
of CPU, and axe's first run in it a second, ten times its later runs in a tab that ran it
before (the renderer keeps axe's compiled code). A page keeps nothing of a test's but its
cookies, which the visitor's browser keeps anyway: the app stores nothing else in the browser.

Each result is a small frozen dataclass whose ``repr`` names the element, so that an assertion
message says what is wrong and where.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
WCAG_A_AA = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa")
TOUCH_MINIMUM = 44  # px, for both width and height


@dataclass(frozen=True)
class Node:
    """One element an axe rule fails on: its selector, its HTML (shortened) and why."""

    target: str
    html: str
    why: str

    def __repr__(self) -> str:
        return f"{self.target} {self.html} ({self.why})"


@dataclass(frozen=True)
class Finding:
    """An axe rule that fails on the page, with the elements it fails on."""

    rule: str
    impact: str
    help: str
    nodes: tuple[Node, ...]

    @property
    def targets(self) -> tuple[str, ...]:
        return tuple(node.target for node in self.nodes)

    def __repr__(self) -> str:
        where = "; ".join(repr(node) for node in self.nodes)
        return f"<{self.rule} ({self.impact}): {self.help} – {where}>"


def axe_findings(page: Page, impacts: Sequence[str] = ("serious", "critical")) -> list[Finding]:
    """axe-core's violations of the WCAG 2 A/AA rules on the page as it is now, those of the
    given impacts."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: npm ci (make test runs it)")
    if not page.evaluate("() => typeof window.axe === 'object'"):
        # Evaluated rather than added as a <script>: the app's Content-Security-Policy
        # (default-src 'self') refuses an inline script tag, and the page keeps its policy.
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;undefined")
    results: dict[str, Any] = page.evaluate(
        """(tags) => axe.run(document, {
             runOnly: {type: "tag", values: tags},
             resultTypes: ["violations"],
           })""",
        list(WCAG_A_AA),
    )
    return [
        Finding(
            violation["id"],
            violation["impact"],
            violation["help"],
            tuple(
                Node(
                    " ".join(_selector(part) for part in node["target"]),
                    _short(node["html"]),
                    _short(" ".join(node.get("failureSummary", "").split()), 200),
                )
                for node in violation["nodes"]
            ),
        )
        for violation in results["violations"]
        if violation["impact"] in impacts
    ]


def _selector(part: str | list[str]) -> str:
    """A node's target: a CSS selector, or a list of them into a shadow root or frame."""
    return part if isinstance(part, str) else " >> ".join(part)


def _short(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True)
class Target:
    """An element to tap, as laid out: what it is and its size in CSS px."""

    element: str
    width: float
    height: float

    def __repr__(self) -> str:
        return f"{self.element} {self.width:.0f}×{self.height:.0f} px"


# The elements to tap: buttons, links (but those inside a sentence, which WCAG 2.5.8 exempts),
# form fields, summaries; a radio button or checkbox counts by its visible label when the box
# itself is small (the label is what a finger hits).
_TARGETS_SCRIPT = """
(minimum) => {
  // Laid out and visible: not in a closed <details>, not display: none, not hidden.
  const shown = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 &&
      el.checkVisibility({visibilityProperty: true, opacityProperty: true});
  };
  const name = (el) => {
    let out = el.tagName.toLowerCase();
    if (el.id) out += "#" + el.id;
    const classes = String(el.className || "").trim();
    if (classes) out += "." + classes.replace(/\\s+/g, ".");
    if (el.type && el.tagName !== "BUTTON") out += `[type=${el.type}]`;
    const text = (el.innerText || el.value || el.getAttribute("aria-label") || "")
      .trim().replace(/\\s+/g, " ").slice(0, 30);
    return text ? `${out} "${text}"` : out;
  };
  const blockOf = (el) => {
    for (let a = el.parentElement; a; a = a.parentElement) {
      if (!getComputedStyle(a).display.startsWith("inline")) return a;
    }
    return document.body;
  };
  // A link inside running text: laid out inline, in a block with words besides its own.
  const inText = (link) => {
    if (getComputedStyle(link).display !== "inline") return false;
    const block = blockOf(link);
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      if (link.contains(t.parentElement)) continue;
      if (/[\\p{L}\\p{N}]/u.test(t.textContent)) return true;
    }
    return false;
  };
  const small = (el) => {
    const box = el.getBoundingClientRect();
    return box.width < minimum || box.height < minimum;
  };
  const found = [];
  const seen = new Set();
  const report = (el) => {
    if (seen.has(el)) return;
    seen.add(el);
    const box = el.getBoundingClientRect();
    found.push([name(el), box.width, box.height]);
  };
  const selector = "button, a[href], input:not([type=hidden]), select, textarea, summary";
  for (const el of document.querySelectorAll(selector)) {
    if (!shown(el) && !(el.type === "radio" || el.type === "checkbox")) continue;
    if (el.tagName === "A" && inText(el)) continue;
    if (el.type === "radio" || el.type === "checkbox") {
      if (shown(el) && !small(el)) continue;
      const labels = [...(el.labels || [])].filter(shown);
      if (labels.length === 0) {
        if (shown(el)) report(el);
      } else if (labels.every(small)) {
        report(labels[0]);
      }
      continue;
    }
    if (small(el)) report(el);
  }
  return found;
}
"""


def fits_the_phone(page: Page, width: int = 390) -> None:
    """Nothing on the page is wider than a phone's screen of ``width`` px, every control is a
    touch target of 44 px, and axe-core finds nothing serious or critical."""
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    assert scroll_width <= width, scroll_width
    assert small_targets(page) == []
    assert axe_findings(page) == []


def small_targets(page: Page, minimum: int = TOUCH_MINIMUM) -> list[Target]:
    """The page's shown interactive elements narrower or lower than ``minimum`` px."""
    found: list[list[Any]] = page.evaluate(_TARGETS_SCRIPT, minimum)
    return [Target(str(name), float(width), float(height)) for name, width, height in found]


@dataclass(frozen=True)
class Stop:
    """An element the Tab key reached, and whether it showed a focus indicator there (an
    outline or a box shadow)."""

    element: str
    indicated: bool

    def __repr__(self) -> str:
        return self.element + ("" if self.indicated else " (no visible focus)")


# Each shown element that takes the focus gets a key; a radio button's key is its group's, as
# Tab enters a group once (the arrow keys move within it).
_KEYS_SCRIPT = """
() => {
  const selector = "a[href], button, input:not([type=hidden]), select, textarea, summary, " +
    "[tabindex]";
  const expected = {};
  let n = 0;
  for (const el of document.querySelectorAll(selector)) {
    const box = el.getBoundingClientRect();
    const hidden = box.width === 0 || box.height === 0 || el.closest("[inert]") ||
      !el.checkVisibility({visibilityProperty: true});
    if (hidden || el.disabled || el.tabIndex < 0) continue;
    const key = el.type === "radio" && el.name
      ? `radio:${el.form ? el.form.id || [...document.forms].indexOf(el.form) : ""}:${el.name}`
      : `el:${n++}`;
    el.dataset.a11yKey = key;
    expected[key] = expected[key] || NAME(el);
  }
  return expected;
}
"""

_FOCUSED_SCRIPT = """
() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const style = getComputedStyle(el);
  const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
  const shadow = style.boxShadow && style.boxShadow !== "none";
  return [NAME(el), Boolean(outline || shadow), el.dataset.a11yKey || ""];
}
"""

_NAME_FUNCTION = """(el) => {
  let out = el.tagName.toLowerCase();
  if (el.id) out += "#" + el.id;
  if (el.type && el.tagName === "INPUT") out += `[type=${el.type}]`;
  const label = el.labels && el.labels.length ? el.labels[0].innerText : "";
  const text = (label || el.innerText || el.value || el.getAttribute("aria-label") || "")
    .trim().replace(/\\s+/g, " ").slice(0, 30);
  return text ? `${out} "${text}"` : out;
}"""


def _script(body: str) -> str:
    return body.replace("NAME(", f"({_NAME_FUNCTION})(")


def tab_stops(page: Page, limit: int = 400) -> list[Stop]:
    """Press Tab on a page just loaded (the focus at its top) until the focus leaves the page or
    comes round to the first stop again; the elements it stopped on, in order."""
    return [stop for stop, _ in _tab_through(page, limit)]


def _tab_through(page: Page, limit: int) -> list[tuple[Stop, str]]:
    stops: list[tuple[Stop, str]] = []
    seen: set[str] = set()
    for _ in range(limit):
        page.keyboard.press("Tab")
        focused: list[Any] | None = page.evaluate(_script(_FOCUSED_SCRIPT))
        if focused is None:
            break
        element, indicated, key = focused
        marker = key or element
        if marker in seen:
            break
        seen.add(marker)
        stops.append((Stop(str(element), bool(indicated)), str(key)))
    return stops


def keyboard_gaps(page: Page) -> list[str]:
    """What keeps a page just loaded from being used with the keyboard alone: each shown
    element that takes the focus but is not reached by Tab (of a radio group, any one of its
    buttons is enough), and each stop that does not show where the focus is."""
    expected: dict[str, str] = page.evaluate(_script(_KEYS_SCRIPT))
    stops = _tab_through(page, limit=len(expected) + 20)
    reached = {key for _, key in stops}
    gaps = [f"{name} not reached by Tab" for key, name in expected.items() if key not in reached]
    gaps += [f"{stop.element} shows no focus" for stop, _ in stops if not stop.indicated]
    return gaps


def tab_to(page: Page, selector: str, limit: int = 100) -> None:
    """Press Tab until the element ``selector`` names has the focus, as a keyboard user gets
    there; fails naming the stops on the way if Tab never reaches it."""
    passed: list[str] = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return
        focused: list[Any] | None = page.evaluate(_script(_FOCUSED_SCRIPT))
        passed.append(str(focused[0]) if focused else "(the page itself)")
    pytest.fail(f"Tab does not reach {selector}; it stops on {passed}")
