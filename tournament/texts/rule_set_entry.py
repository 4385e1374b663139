"""The entry form at the table under a rule set other than the DDV's, in German: the game
kinds, solos, calls and Sonderpunkte it offers, and why it refuses what the set lacks.

Each refusal names the rule set and the place in its rule text („002 Z. 24, 33, 74“, as the
page „Regelwerk“ gives it, :mod:`tournament.texts.rule_sets`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rules_engine.rulesets import Armut, SoloKind, Special
from tournament.texts import solos
from tournament.texts.rule_sets import PRESET_TEXTS

#: The game kinds as the entry form's taps say them under a rule set (the DDV's own are
#: ``tournament.scorelists.forms.KIND_TAPS``); the Armut's tap is named by the set
#: (:data:`ARMUT_TAPS`).
KIND_TAPS: Mapping[str, str] = {
    "normal": "Normal",
    "hochzeit": "Hochzeit",
    "stille_hochzeit": "Stille H.",
    "solo": "Solo",
    "pflichtsolo": "Pflichtsolo",
    "vorfuehrung": "Vorführung",
    "lustsolo": "Lustsolo",
    "schwarze_sau": "Schwarze Sau",
    "hammelrennen": "Hammelrennen",
    "schwarz_spiel": "Schwarz-Spiel",
}
#: The game kinds in full, for the list and for messages.
KIND_NAMES: Mapping[str, str] = {
    "normal": "Normalspiel",
    "hochzeit": "Hochzeit",
    "stille_hochzeit": "stille Hochzeit",
    "solo": "Solo",
    "pflichtsolo": "Pflichtsolo",
    "vorfuehrung": "vorgeführtes Solo",
    "lustsolo": "Lustsolo",
    "armut": "Armut",
    "schwarze_sau": "Schwarze Sau",
    "hammelrennen": "Hammelrennen",
    "schwarz_spiel": "Schwarz-Spiel",
}
#: The Armut as each kind of it is called (000 L34 and 002 L72 Trumpfabgabe, 001 L87
#: Schieben, 004 L87 Armut).
ARMUT_TAPS: Mapping[Armut, str] = {
    Armut.TRUMPS_ONLY: "Trumpfabgabe",
    Armut.TRUMPS_FOXES_OPEN: "Schieben",
    Armut.TWO_TRUMPS: "Armut",
}
#: The solos' German names (the catalogue :mod:`tournament.texts.solos`); a preset's own
#: names first (:data:`PRESET_SOLOS`).
SOLO_NAMES: Mapping[SoloKind, str] = {kind: solos.SOLO_NAMES[kind.value] for kind in SoloKind}
PRESET_SOLOS: Mapping[str, Mapping[SoloKind, str]] = {
    preset: {SoloKind(key): name for key, name in own.items()}
    for preset, own in solos.PRESET_SOLO_NAMES.items()
}
#: The Sonderpunkte: the column head of the entry form's grid (a soft hyphen where a narrow
#: column may break the word).
SPECIAL_HEADS: Mapping[Special, str] = {
    Special.DOPPELKOPF: "Doppel\u00adkopf",
    Special.FUCHS: "Fuchs",
    Special.KARLCHEN: "Karlchen",
    Special.KARLCHEN_GEFANGEN: "Karlchen gef.",
    Special.HERZSTICH: "Herzstich",
    Special.FUCHS_LETZTER_STICH: "Fuchs letzter Stich",
}
RE_CALLS: Mapping[str, str] = {
    "re": "Re",
    "keine90": "keine 90",
    "keine60": "keine 60",
    "keine30": "keine 30",
    "schwarz": "schwarz",
}
KONTRA_CALLS: Mapping[str, str] = {
    "kontra": "Kontra",
    **{k: v for k, v in RE_CALLS.items() if k != "re"},
}
#: Under Kontra and Re as in Skat (004 L67): Kontra, and Re only as the answer.
KONTRA_RE_CALLS: Mapping[str, str] = {"re": "Re (auf Kontra)"}

#: The drop-down of the solos (the kinds have a tap „Solo“ of their own).
SOLO_LABEL = "Soloart"
PLAYER_LABEL = "Solospieler, Hochzeiter bzw. wer es betrifft"
#: The player taps' label for 004's Hammelrennen (L83: won by who first had 60 Augen).
HAMMEL_PLAYER_LABEL = "Wer zuerst 60 Augen hatte"
#: The label of the player taps, by game kind (shown by the page's script for that kind).
PLAYER_HINTS: Mapping[str, str] = {
    "schwarze_sau": "Schwarze Sau: wer den Stich mit der zweiten Pik-Dame gemacht hat.",
    "hammelrennen": "Hammelrennen: wer zuerst 60 Augen hatte.",
    "schwarz_spiel": "Schwarz-Spiel: wer es verursacht hat (er zahlt, jeder andere bekommt).",
}
ARMUT_HINT = (
    "{armut}: beide antippen, wer abgegeben und wer genommen hat, in beliebiger Reihenfolge "
    "(sie spielen zusammen als Re)."
)
SCHWEINCHEN_LABEL = "Schweinchen gemeldet (beide Karo-Asse auf einer Hand)"
HAMMEL_EYES_LEGEND = "Hammelrennen: Augen jedes Spielers (zusammen 240)"
SPECIALS_LEGEND = "Sonderpunkte ({rule_set})"

#: What is refused, for :data:`NOT_IN_SET`.
LACKS_KIND = "Die Spielart „{name}“"
LACKS_SOLO = "Das Solo „{name}“"
LACKS_CALL = "Die Ansage „{name}“ ({party})"
LACKS_SPECIAL = "Den Sonderpunkt „{name}“"
LACKS_SCHWEINCHEN = "Das Schweinchen"
SOLO_BY_KEY: Mapping[str, str] = solos.SOLO_NAMES
CALL_BY_KEY: Mapping[str, str] = {**RE_CALLS, **KONTRA_CALLS}

# Refusals: what the set lacks, naming the set and where its text says so.
NOT_IN_SET = "{what} gibt es unter „{rule_set}“ nicht ({source})."
SPECIAL_NOT_IN_GAME = (
    "Den Sonderpunkt „{name}“ zählt „{rule_set}“ in diesem Spiel ({kind}) nicht ({source})."
)
NO_ABSAGE_IN_SOLO = "Im Solo gibt es unter „{rule_set}“ nur Re und Kontra, keine Absage ({source})."
RE_ONLY_AS_ANSWER = "Re gibt es unter „{rule_set}“ nur als Antwort auf ein Kontra ({source})."
HAMMEL_EYES_MISSING = "Bitte die Augen aller vier Spieler eingeben (zusammen 240)."
NEEDS_PLAYER = {
    "armut": "Bitte Geber und Nehmer antippen.",
    "schwarze_sau": "Bitte antippen, wer die Schwarze Sau gespielt hat.",
    "hammelrennen": "Bitte antippen, wer zuerst 60 Augen hatte.",
    "schwarz_spiel": "Bitte antippen, wer das Schwarz-Spiel verursacht hat.",
}
RE_TWO = "Bitte die zwei Re-Spieler antippen."

# The value of a game as the engine explains it under a set.
WON_BY = "Gewonnen hat {winner}."
NOBODY_WON = "Keine Partei hat ihr Ziel erreicht: niemand hat gewonnen."
VALUE_LINE = "Spielwert aus Sicht von Re: {value} {unit}"
WINNER_VALUE_LINE = "Spielwert: {value} {unit}"
POT_LINE = "Aus dem Topf: {pot} {unit}"
KASSE_LINE = "Aus der Kasse: {pot} {unit}"


def unit_of(value: int, unit: str) -> str:
    """The set's unit after ``value``: „1 Punkt“, „2 Punkte“; Pfennig stays as it is."""
    return "Punkt" if unit == "Punkte" and abs(value) == 1 else unit


PARTIES: Mapping[str, str] = {"re": "Re", "kontra": "Kontra"}

_LINE = re.compile(r"\bL(\d)")
_DEFAULT = re.compile(r"\bD(\d)")


def seed_reference(rule: str) -> str:
    """A finding's ``rule`` of a rule-set list („002 L59“, „000 L61, L79, D2“) as the German
    pages cite rule texts: „002 Z. 59“, „000 Z. 61, Z. 79, Vorgabe D2“."""
    return _DEFAULT.sub(r"Vorgabe D\1", _LINE.sub(r"Z. \1", rule))


NO_REFEREE_SCREENS = (
    "Unter „{rule_set}“ hat die Liste keine Strafpunkte, keine Nachspielzeit und kein "
    "„Zeit abgelaufen“: die gibt es nur in den DDV-Turnierspielregeln, der {seed} kennt sie "
    "nicht. Es wird nichts gespeichert."
)


def seed_of(preset: str) -> str:
    """„Regeltext 002“: the rule text a preset was made from."""
    return PRESET_TEXTS[preset].split(":")[0]


QUICK_IN_DETAIL = "Ein {name} bitte im Detail eintragen („Spiel im Detail“)."
#: The quick entry's hint on the row, by the set's settlement.
QUICK_HINTS: Mapping[str, str] = {
    "plus_minus": "Die anderen bekommen so viele Minuspunkte, dass die Summe 0 ist; bei einem "
    "Solo zählt der Solospieler dreifach.",
    "pot_winners": "Punktetopf: der Topf zahlt den Spielern mit Pluspunkten, die anderen "
    "bekommen nichts; bei einem Solo zählt der Solospieler dreifach ({source}).",
    "kasse": "Kasse: im Normalspiel zahlt die Kasse den Spielern mit Pluspunkten, die anderen "
    "zahlen nichts; ein Solo zahlen die anderen aus der Tasche, die Summe ist 0 ({source}).",
}
QUICK_CHECKS = (
    "Die Regelprüfung kann hier nur Summe, Pluspunkte und Spielart prüfen, nicht Augen, "
    "Ansagen und Sonderpunkte."
)
_TSR_ANYWHERE = re.compile(r"\s*\(TSR [^()]*\)")


def without_tsr(text: str) -> str:
    """A sentence of the DDV form without its TSR reference (under another rule set)."""
    return _TSR_ANYWHERE.sub("", text)


_TSR_AT_END = re.compile(r"\s*\(TSR [^()]*\)$")


def cite_rule(text: str, rule: Any) -> str:
    """A finding's German sentence citing the rule its report names: a finding of a list
    under another rule set than the DDV's (``rule`` „002 L59“, or the seed alone) cites that
    rule text's line instead of the TSR section the sentence ends with."""
    if not isinstance(rule, str) or not rule or rule.startswith("TSR"):
        return text
    return f"{_TSR_AT_END.sub('', text)} ({seed_reference(rule)})"
