"""What a service refuses: each refusal carries a code, and its German sentence for the page."""

from __future__ import annotations

from typing import Any

from tournament.texts.messages import Refusal, refusal_text


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
