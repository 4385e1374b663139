"""One exception family for the whole engine.

Every error carries its :class:`~rules_engine.findings.Finding`: a stable code, the TSR
section, the offending values as typed parameters. ``str(error)`` is the finding's English
sentence, which names the offending value (a field, an action, a card) and the TSR
section that is broken, so a Schiedsrichter can look it up.
"""

from __future__ import annotations

from typing import Any, Self

from .findings import Code, Finding


class DokoError(ValueError):
    """Base of every error the engine raises on bad input or an illegal action."""

    finding: Finding

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding)
        self.finding = finding

    @classmethod
    def of(cls, code: Code, section: str | None = None, /, **params: Any) -> Self:
        """The error of ``code`` with these parameters (``section`` overrides the code's)."""
        return cls(Finding.of(code, section, **params))

    @property
    def code(self) -> Code:
        return self.finding.code

    def __str__(self) -> str:
        return self.finding.message


class RecordError(DokoError):
    """A game record (JSON) is malformed or describes something impossible."""


class IllegalActionError(DokoError):
    """A card play or announcement breaks the rules at this moment of the game."""
