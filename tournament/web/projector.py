"""What the projector pages (the tournament's standings, a season series' standings) share:
how long one page of the standings stays on the screen before app.js turns it
(``[data-pager]``)."""

from __future__ import annotations

from tournament.web.forms import whole_number

#: How long the projector shows one page of the standings (seconds); ``?sekunden=`` in its
#: address sets another, within PAGER_LIMITS.
PAGER_SECONDS = 12
PAGER_LIMITS = (3, 120)


def pager_seconds(asked: str | None) -> int:
    """The seconds per page ``?sekunden=`` asks for, kept within PAGER_LIMITS; else the
    default."""
    seconds = whole_number(asked, PAGER_LIMITS[1] + 1) or PAGER_SECONDS
    return max(seconds, PAGER_LIMITS[0])
