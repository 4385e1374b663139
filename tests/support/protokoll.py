"""The Protokoll pages over HTTP: the sentences of the list with the addresses of their before/after
pages, and the rows such a page shows changed and unchanged."""

from __future__ import annotations

import html
import re

from flask.testing import FlaskClient

ROW = re.compile(
    r'<td class="log-time">[^<]*</td>\s*<td class="log-what">\s*'
    r'<a class="log-link" href="/protokoll/(\d+)">(.*?)</a>',
    re.S,
)


def links(client: FlaskClient, query: str = "") -> dict[str, str]:
    """Sentence to the address of its before/after page."""
    page = client.get(f"/protokoll{query}").get_data(as_text=True)
    return {html.unescape(text): f"/protokoll/{i}" for i, text in ROW.findall(page)}


def changes(client: FlaskClient, path: str) -> tuple[list[tuple[str, ...]], list[tuple[str, ...]]]:
    """The changed rows (Feld, vorher, nachher) and the unchanged ones (Feld, Wert)."""
    response = client.get(path)
    assert response.status_code == 200, path
    page = response.get_data(as_text=True)
    changed_part, _, unchanged_part = page.partition("log-unchanged")
    changed = re.findall(
        r"<tr><th scope=\"row\">(.*?)</th><td[^>]*>(.*?)</td><td[^>]*>(.*?)</td></tr>",
        changed_part,
        re.S,
    )
    unchanged = re.findall(
        r"<tr><th scope=\"row\">(.*?)</th><td>(.*?)</td></tr>", unchanged_part, re.S
    )
    return _unescaped(changed), _unescaped(unchanged)


def _unescaped(rows: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    return [tuple(html.unescape(cell) for cell in row) for row in rows]
