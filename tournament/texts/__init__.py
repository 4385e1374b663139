"""The one place for the app's German texts.

Every sentence the pages show in German is worded here, from data, never by rewriting
English: :mod:`.findings` words the rules engine's findings (errors of a record, findings
of a score list), :mod:`.draw` the table draw's refusals, and :mod:`.app` the app's own
messages, by code: why a service refuses (:class:`Refusal`), what a flash reports
(:class:`Notice`) and the pieces of sentences a page lists (:class:`Part`), and
:mod:`.spreadsheets` why an uploaded file cannot be read or used
(:class:`~.spreadsheets.FileProblem`, raised as ``SpreadsheetError``), :mod:`.errors` the
error pages, and :mod:`.console` what ``doko-turnier`` prints in its window.
"""

from __future__ import annotations

from .draw import german_refusal
from .findings import german, german_error, on_the_list
from .messages import Notice, Part, Refusal, counted, notice, part, refusal_text

__all__ = [
    "Notice",
    "Part",
    "Refusal",
    "counted",
    "german",
    "german_error",
    "german_refusal",
    "notice",
    "on_the_list",
    "part",
    "refusal_text",
]
