"""One exception family for the whole engine.

Every message names the offending value (a field, an action, a card) and the TSR section
that is broken, so a Schiedsrichter can look it up.
"""

from __future__ import annotations


class DokoError(ValueError):
    """Base of every error the engine raises on bad input or an illegal action."""


class RecordError(DokoError):
    """A game record (JSON) is malformed or describes something impossible."""


class IllegalActionError(DokoError):
    """A card play or announcement breaks the rules at this moment of the game."""
