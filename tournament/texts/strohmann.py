"""The German texts of a table of three with the Strohmann (preset 004 ``ravensburger-2015``,
L91: "Doppelkopf zu dritt ... legt die Karten des Vierten, des »Strohmannes«, offen auf den
Tisch ... Der Partner spielt außer seinen eigenen Karten ... auch die Karten des
Strohmännchens aus"): its seat on the table plan, the cards and the overview, the question
of the entry form, and why a quick entry is refused."""

from __future__ import annotations

#: The rule text's line.
LINE = "004 Z. 91"
#: The Strohmann's name wherever it shows as a seat or a player of a game.
STROHMANN = "Strohmann"
#: The Strohmann's seat on the table plan, a table card and the round overview.
SEAT = "Strohmann"
SEAT_NOTE = "offene Karten, gespielt von seinem Partner (004 Z. 91)"
#: The table plan's line on the tables of three.
PLAN_NOTE = (
    "Am Dreiertisch spielt der Strohmann mit: seine Karten liegen offen, sein Partner spielt "
    "sie aus (004 Z. 91); Platz 3 führt dort die Liste."
)
#: The entry form's question.
BY_LABEL = "Wer hat die Karten des Strohmanns gespielt?"
BY_HINT = (
    "Sein Partner spielt sie (004 Z. 91). Hat der Strohmann zwei Mitspieler auf seiner Seite, "
    "einen davon antippen; sonst füllt die Liste ihn selbst ein."
)
BY_MISSING = (
    "Bitte antippen, wer die Karten des Strohmanns gespielt hat: {choices} (004 Z. 91, "
    "sein Anteil geht an ihn)."
)
BY_NOT_PARTNER = (
    "{name} war nicht auf der Seite des Strohmanns: seine Karten spielt sein Partner, "
    "hier {choices} (004 Z. 91)."
)
NOT_SOLOIST = (
    "Der Strohmann spielt kein Solo und keine Hochzeit: seine Karten liegen offen (004 Z. 91)."
)
QUICK_REFUSED = (
    "Am Dreiertisch mit Strohmann bitte jedes Spiel im Detail eintragen („Spiel im Detail“): "
    "der Anteil des Strohmanns geht an den, der seine Karten spielt (004 Z. 91)."
)


def or_list(names: list[str]) -> str:
    """„A oder B“."""
    return " oder ".join(names)
