"""The table draw's refusals in German.

The draw (:mod:`table_draw`) refuses a request with a :class:`~table_draw.DrawCode` and its
parameters; its command line prints an English and a German sentence for every code
(:data:`table_draw.MESSAGES`). The pages show that German sentence, taken from there so
that each sentence is written once.
"""

from __future__ import annotations

from table_draw import MESSAGES, DrawError

__all__ = ["german_refusal"]


def german_refusal(error: DrawError) -> str:
    """Why the draw refused, in German, with the request's own values."""
    _, german = MESSAGES[error.code]
    return german.format(**error.params)
