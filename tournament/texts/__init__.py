"""The one place for the app's German texts.

Every sentence the pages show in German is worded here, from data, never by rewriting
English: :mod:`.findings` words the rules engine's findings (errors of a record, findings
of a score list), :mod:`.draw` the table draw's refusals, and :mod:`.app` the app's own
messages, by code: why a service refuses (:class:`Refusal`) and what a flash reports
(:class:`Notice`).
"""

from __future__ import annotations

from .app import GERMAN_NOTICES, GERMAN_REFUSALS, Notice, Refusal, counted, notice, refusal_text
from .draw import german_refusal
from .findings import german, german_error, on_the_list

__all__ = [
    "GERMAN_NOTICES",
    "GERMAN_REFUSALS",
    "Notice",
    "Refusal",
    "counted",
    "german",
    "german_error",
    "german_refusal",
    "notice",
    "on_the_list",
    "refusal_text",
]
