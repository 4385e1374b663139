"""The one place for the app's German texts.

Every sentence the pages show in German is worded here, from data, never by rewriting
English: :mod:`.findings` words the rules engine's findings (errors of a record, findings
of a score list), :mod:`.draw` the table draw's refusals.
"""

from __future__ import annotations

from .draw import german_refusal
from .findings import german, german_error, on_the_list

__all__ = ["german", "german_error", "german_refusal", "on_the_list"]
