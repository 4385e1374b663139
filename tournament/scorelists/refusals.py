"""Why a change of a score list is refused: the engine found errors in the new list, or the page
showed an older version of it. Each refusal is a German sentence for the page."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules_engine.findings import Finding
from tournament import texts
from tournament.texts.messages import Part, Refusal, part
from tournament.web.errors import ServiceError


class ScoreListRefused(ServiceError):
    """The engine found errors in a list, so nothing was stored; ``findings`` are the report's
    findings (warnings too), each with its ``data`` (``check_list(finding_data=True)``), or
    with a finished German ``text`` where the app refuses a list before the engine sees it;
    ``str()`` is a German sentence for the page."""

    def __init__(
        self, findings: Sequence[dict[str, Any]], names: dict[str, str] | None = None
    ) -> None:
        self.findings = list(findings)
        self.names = names or {}
        errors = self.errors
        first = f" {self.german(errors[0])}" if errors else ""
        super().__init__(Refusal.RULES_FOUND_ERRORS, count=len(errors), first=first)

    def german(self, finding: dict[str, Any]) -> str:
        """One finding as a German sentence, players by name, with its TSR section."""
        if "text" in finding:
            return str(finding["text"])
        return texts.on_the_list(finding["data"], self.names)

    @property
    def messages(self) -> list[str]:
        """Every error in German, for the page."""
        return [self.german(f) for f in self.errors]

    @property
    def errors(self) -> list[dict[str, Any]]:
        """Only the findings of level ``error``, the ones that refused the list."""
        return [f for f in self.findings if f.get("level") == "error"]


class StaleList(ServiceError):
    """The page showed an older version of the list; ``changes`` says what happened since."""

    def __init__(self, changes: list[str], already_saved: int | None = None) -> None:
        self.changes = changes
        self.already_saved = already_saved
        if already_saved is not None:
            super().__init__(Refusal.ENTRY_ALREADY_SAVED, entry=already_saved)
        else:
            since = "; ".join(changes) if changes else part(Part.LIST_CHANGED)
            super().__init__(Refusal.LIST_CHANGED_ELSEWHERE, since=since)


def unreadable(finding: Finding) -> ScoreListRefused:
    """A refusal for a list the engine cannot even read, shaped like its own findings."""
    return ScoreListRefused(
        [{"game": None, "level": "error", "rule": finding.rule, "data": finding.to_data()}]
    )


def not_storable(text: str, rule: str) -> ScoreListRefused:
    """A refusal of the app's own, before the engine sees the list: ``text`` in German."""
    return ScoreListRefused([{"game": None, "level": "error", "rule": rule, "text": text}])
