"""What a service refuses, in one place: each refusal carries a code and its German sentence
for the page. A route catches :class:`ServiceError` (or one of its kinds below) and shows
``str(error)``; the services raise them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules_engine.findings import Finding
from tournament import texts
from tournament.texts.messages import Part, Refusal, part, refusal_text
from tournament.texts.rule_set_entry import cite_rule
from tournament.texts.spreadsheets import NOTHING_CHANGED, FileProblem, file_problem


class ServiceError(ValueError):
    """A request the domain refuses; ``str(error)`` is shown to the user as it is.

    ``code`` says why (:class:`~tournament.texts.messages.Refusal`), ``params`` fill its German
    template (:data:`~tournament.texts.messages.GERMAN_REFUSALS`). ``field`` names the form field
    the problem belongs to, so the page can show it there.

    A sentence already built elsewhere (the engine's findings, the draw, a spreadsheet) is
    given as a ``str`` instead of a code, or through :meth:`sentence`; its code is
    :attr:`Refusal.SENTENCE`.
    """

    def __init__(self, code: Refusal | str, /, *, field: str | None = None, **params: Any) -> None:
        if isinstance(code, str):
            code, params = Refusal.SENTENCE, {"text": code}
        super().__init__(refusal_text(code, **params))
        self.code = code
        self.params = params
        self.field = field

    @classmethod
    def sentence(cls, text: str, field: str | None = None) -> ServiceError:
        """A refusal whose German sentence was built elsewhere."""
        return ServiceError(Refusal.SENTENCE, field=field, text=text)


class StaleError(ServiceError):
    """The page was rendered before somebody (or another tab) changed the tournament."""

    def __init__(self) -> None:
        super().__init__(Refusal.STALE)


# Score lists


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
        return cite_rule(texts.on_the_list(finding["data"], self.names), finding.get("rule"))

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


# Uploaded files


class SpreadsheetError(ServiceError):
    """An uploaded file that cannot be read; ``str(error)`` says why, in German.

    ``problem`` says why (:class:`~tournament.texts.spreadsheets.FileProblem`),
    ``problem_params`` fill its German template. The message always ends by saying that
    nothing was changed: the sentence is appended unless the message says so already.
    """

    def __init__(self, problem: FileProblem, /, *, field: str | None = None, **params: Any) -> None:
        message = file_problem(problem, **params)
        if NOTHING_CHANGED not in message:
            message = f"{message.rstrip()} {NOTHING_CHANGED}"
        super().__init__(message, field=field)
        self.problem = problem
        self.problem_params = params

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by its code and parameters (a worker process reads big files)."""
        return (_refusal, (self.problem, self.field, self.problem_params))


def _refusal(problem: FileProblem, field: str | None, params: dict[str, Any]) -> SpreadsheetError:
    return SpreadsheetError(problem, field=field, **params)
