"""The one place for the app's German texts.

Every sentence the pages show in German is worded here, from data, never by rewriting
English: :mod:`.findings` words the rules engine's findings (errors of a record, findings
of a score list); :mod:`.app` words the app's own messages, by code: why a service refuses
(:class:`Refusal`) and what a flash reports (:class:`Notice`). The draw's texts will join as
a further module.
"""

from __future__ import annotations

from .app import GERMAN_NOTICES, GERMAN_REFUSALS, Notice, Refusal, counted, notice, refusal_text
from .findings import german, german_error

__all__ = [
    "GERMAN_NOTICES",
    "GERMAN_REFUSALS",
    "Notice",
    "Refusal",
    "counted",
    "german",
    "german_error",
    "notice",
    "refusal_text",
]
