"""List entries (``docs/contracts/score-list.md``) from what the list-keeper taps in.

The page asks what a list-keeper knows after a game: the game type, the Re players, each
party's highest call, one party's Augen, whether a party stayed schwarz, the Sonderpunkte.
The engine also wants Re's number of tricks; only "schwarz" (no trick) changes the score, so
any count the Augen allow is as good as the true one, and :func:`tricks_for` picks one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules_engine.cards import TOTAL_EYES
from rules_engine.scoring import EYE_SUMS, TRICKS
from tournament.texts import solos

#: The game kinds of the entry form: (record type, record ``pflicht``).
KINDS: dict[str, tuple[str, bool | str | None]] = {
    "normal": ("normal", None),
    "hochzeit": ("hochzeit", None),
    "stille_hochzeit": ("stille_hochzeit", None),
    "pflichtsolo": ("solo", True),
    "vorfuehrung": ("solo", "vorgefuehrt"),
    "lustsolo": ("solo", False),
}
KIND_LABELS = {
    "normal": "Normalspiel",
    "hochzeit": "Hochzeit",
    "stille_hochzeit": "stille Hochzeit",
    "pflichtsolo": "Pflichtsolo",
    "vorfuehrung": "vorgeführtes Pflichtsolo",
    "lustsolo": "Lustsolo",
}
SOLO_LABELS = solos.DDV_SOLO_NAMES
RE_CALLS = {
    "re": "Re",
    "keine90": "keine 90",
    "keine60": "keine 60",
    "keine30": "keine 30",
    "schwarz": "schwarz",
}
KONTRA_CALLS = {"kontra": "Kontra", **{k: v for k, v in RE_CALLS.items() if k != "re"}}
#: The record ``type`` of a game.
GAME_TYPE_LABELS = {
    "normal": "Normalspiel",
    "hochzeit": "Hochzeit",
    "stille_hochzeit": "stille Hochzeit",
    "solo": "Solo",
}
#: A solo's record ``pflicht``.
PFLICHT_LABELS = solos.PFLICHT_LABELS
SPECIALS = ("doppelkopf", "fuchs", "karlchen")


@dataclass(frozen=True)
class PenaltyLabels:
    """How a penalty category (TSR 9) is written: in a cell of the Excel list (``cell``), as
    the entry form's option (``option``), and on the list page (``title``); with its section."""

    cell: str
    option: str
    title: str
    rule: str

    @property
    def option_text(self) -> str:
        return f"{self.option} ({self.rule})"


#: The German labels of the penalty categories, keyed by the record's ``category``.
PENALTY_LABELS: dict[str, PenaltyLabels] = {
    "unerheblich": PenaltyLabels(
        "unerheblich", "unerheblich", "unerheblicher Regelverstoß", "TSR 9.2"
    ),
    "geringfuegig": PenaltyLabels(
        "geringfügig", "geringfügig", "geringfügiger Regelverstoß", "TSR 9.3"
    ),
    "schwerwiegend": PenaltyLabels(
        "schwerwiegend", "schwerwiegend", "schwerwiegender Regelverstoß", "TSR 9.4"
    ),
    "entschieden": PenaltyLabels(
        "entschieden", "bei entschiedenem Spiel", "Regelverstoß bei entschiedenem Spiel", "TSR 9.5"
    ),
    "unsportlich": PenaltyLabels(
        "unsportlich", "unsportliches Verhalten", "unsportliches Verhalten", "TSR 9.7"
    ),
}


def kind_of(record: Mapping[str, Any]) -> str:
    """The form's game kind of a stored game record (for correcting it)."""
    if record.get("type") != "solo":
        return str(record.get("type", "normal"))
    pflicht = record.get("pflicht")
    return (
        "pflichtsolo"
        if pflicht is True
        else "vorfuehrung"
        if pflicht == "vorgefuehrt"
        else "lustsolo"
    )


def tricks_for(
    re_eyes: int, schwarz: str | None, re_at_least: int = 0, kontra_at_least: int = 0
) -> int:
    """A number of Re tricks that fits the Augen: 0 or 12 when a party stayed schwarz, else
    the count nearest to 20 Augen a trick that the Augen and the Doppelköpfe allow."""
    if schwarz == "re":
        return 0
    if schwarz == "kontra":
        return TRICKS
    fitting = [
        k
        for k in range(max(1, re_at_least), TRICKS - max(1, kontra_at_least) + 1)
        if 0 <= re_eyes <= TOTAL_EYES and re_eyes in EYE_SUMS[k]
    ]
    if not fitting:
        return min(TRICKS - 1, max(1, round(re_eyes / 20)))
    return min(fitting, key=lambda k: abs(k * 20 - re_eyes))


def game(
    *,
    kind: str,
    re: Sequence[str],
    re_eyes: int,
    schwarz: str | None = None,
    solo: str | None = None,
    player: str | None = None,
    re_call: str | None = None,
    kontra_call: str | None = None,
    specials: Mapping[str, Mapping[str, int]] | None = None,
) -> dict[str, Any]:
    """A detailed ``game`` entry; the engine scores it. ``player``: soloist or Hochzeiter."""
    game_type, pflicht = KINDS[kind]
    blank = dict.fromkeys(SPECIALS, 0)
    sp = {party: {**blank, **(specials or {}).get(party, {})} for party in ("re", "kontra")}
    alone = len(re) == 1
    re_min = max(sp["re"]["doppelkopf"], 3 if game_type == "hochzeit" and alone else 0)
    record: dict[str, Any] = {"kind": "game", "type": game_type}
    if game_type == "solo":
        record["solo"] = solo
        record["pflicht"] = pflicht
    record |= {
        "re": list(re),
        "re_eyes": re_eyes,
        "re_tricks": tricks_for(re_eyes, schwarz, re_min, sp["kontra"]["doppelkopf"]),
        "calls": {"re": re_call, "kontra": kontra_call},
        "specials": sp,
    }
    if player is not None:
        record["player"] = player
    return record


def quick_game(
    *,
    kind: str,
    points: Mapping[str, int],
    winners: Sequence[str],
    player: str | None = None,
) -> dict[str, Any]:
    """A game entered as on paper: points per player and the winners (TSR 7.3)."""
    game_type, pflicht = KINDS[kind]
    record: dict[str, Any] = {"kind": "game", "quick": True, "type": game_type}
    if game_type == "solo":
        record["pflicht"] = pflicht
    record |= {"points": dict(points), "winners": list(winners)}
    if player is not None:
        record["player"] = player
    return record


def penalty(
    *,
    category: str,
    offender: str,
    phase: str = "normal",
    soloist: str | None = None,
    absagen: int = 0,
    harms_soloist: bool = False,
    deduction: int = 0,
    solo_pflicht: bool | str | None = None,
    note: str = "",
) -> dict[str, Any]:
    """A ``penalty`` entry (TSR 9); who signs it off is added by the service."""
    record: dict[str, Any] = {
        "kind": "penalty",
        "category": category,
        "offender": offender,
        "phase": phase,
        "absagen": absagen,
        "harms_soloist": harms_soloist,
        "deduction": deduction,
    }
    if soloist is not None:
        record["soloist"] = soloist
    if solo_pflicht is not None:
        record["solo_pflicht"] = solo_pflicht
    if note:
        record["note"] = note
    return record


def describe_entry(record: dict[str, Any], names: dict[str, str]) -> str:
    """A list entry in a few German words, e.g. "Normalspiel, Re: Anna, Ben"."""
    kind = record.get("kind")
    if kind == "penalty":
        offender = names.get(str(record.get("offender")), str(record.get("offender")))
        return f"Strafpunkte gegen {offender}"
    if kind == "nachspielzeit":
        return f"Nachspielzeit {record.get('minutes')} Minuten"
    if kind == "time_up":
        return "Zeit abgelaufen"
    if kind != "game":
        return "unbekannter Eintrag"
    label = GAME_TYPE_LABELS.get(str(record.get("type")), "Spiel")
    if record.get("type") == "solo":
        label = PFLICHT_LABELS[_pflicht(record.get("pflicht"))]
    re = record.get("re")
    if isinstance(re, list) and re:
        return f"{label}, Re: {', '.join(names.get(str(k), str(k)) for k in re)}"
    player = record.get("player")
    if player is not None:
        return f"{label}, {names.get(str(player), str(player))}"
    return label


def _pflicht(value: Any) -> bool | str:
    """A stored ``pflicht`` as a key of PFLICHT_LABELS: anything else is a Lustsolo."""
    if value is True:
        return True
    if value == "vorgefuehrt":
        return "vorgefuehrt"
    return False
