"""The one place for the app's German texts.

Every sentence the pages show in German is worded here, from data, never by rewriting
English: :mod:`.findings` words the rules engine's findings (errors of a record, findings
of a score list). The draw's and the services' texts will join as further modules.
"""

from __future__ import annotations

from .findings import german, german_error

__all__ = ["german", "german_error"]
