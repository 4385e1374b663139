"""What a service refuses: each refusal carries a German sentence for the page."""

from __future__ import annotations


class ServiceError(ValueError):
    """A request the domain refuses; ``str(error)`` is shown to the user as it is.

    ``field`` names the form field the problem belongs to, so the page can show it there.
    """

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class StaleError(ServiceError):
    """The page was rendered before somebody (or another tab) changed the tournament."""

    def __init__(self) -> None:
        super().__init__(
            "Diese Seite war nicht mehr aktuell: Inzwischen wurde am Turnier etwas geändert "
            "(anderer Tab oder doppelter Klick). Es wurde nichts gespeichert. Bitte prüfen Sie "
            "den aktuellen Stand und wiederholen Sie die Aktion, falls nötig."
        )
