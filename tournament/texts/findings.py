"""The rules engine's findings in German, worded from the findings' data.

The engine reports every error and score-list finding as data
(:meth:`rules_engine.findings.Finding.to_data`): a stable code, the TSR section and typed
parameters. :data:`GERMAN` holds one German template per :class:`~rules_engine.findings.Code`,
with the code's parameter names as placeholders; :func:`german` decodes the parameters
(players by name, rows of points, enums as German words, a finding inside a finding) and
puts the sentence together as the English one is: "Eintrag 3: ", "Spielzug 5: " in front,
the TSR section at the end. No English sentence is ever read.

Besides :meth:`str.format`'s own, the templates use

* ``{x!l}``: a list, comma-separated (players by name);
* ``{x!p}``: a player key given as plain text, as the player's name;
* ``{x!q}``: the same, quoted as the engine quotes it (``'Anna Albers'``);
* ``{x!h}``: the Hochzeit's shift of announcement times (nothing when 0);
* ``{x!f}``: what must be followed: a suit, or Trumpf;
* ``{n:Stiche}``, ``{n:Stichen}``, ``{n:Füchse}``, ``{n:Doppelköpfe}``, ``{n:Karten}``: a
  count with its noun ("1 Stich", "3 Stiche", "3 Stichen"), see :func:`.app.counted`;
* a kind of game (``game_type``, ``kind``) with ``.ein``, ``.kein``, ``.einem``;
* ``{preset}``: a rule set by its German name, quoted („Reglement 2001“), as the page
  „Regelwerk“ names it (:data:`.rule_sets.PRESET_NAMES`).
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.cards import CARDS_BY_CODE
from rules_engine.errors import DokoError
from rules_engine.findings import Code

from .messages import COUNT_NOUNS, counted
from .rule_sets import PRESET_NAMES

__all__ = ["GERMAN", "german", "german_error", "on_the_list"]


@dataclass(frozen=True, slots=True)
class Noun:
    """A kind of game with the forms the sentences need; ``str()`` is its name."""

    name: str
    ein: str
    kein: str
    einem: str

    def __str__(self) -> str:
        return self.name


def _neuter(name: str, dative: str | None = None) -> Noun:
    return Noun(name, f"ein {name}", f"kein {name}", f"einem {dative or name}")


def _feminine(name: str, dative: str | None = None) -> Noun:
    return Noun(name, f"eine {name}", f"keine {name}", f"einer {dative or name}")


_NORMALSPIEL = _neuter("Normalspiel")
_HOCHZEIT = _feminine("Hochzeit")
_STILLE_HOCHZEIT = _feminine("stille Hochzeit", "stillen Hochzeit")

#: Kinds of game by their enum value: ``GameType`` and ``EntryKind``.
_KINDS: Mapping[str, Noun] = {
    "normal": _NORMALSPIEL,
    "hochzeit": _HOCHZEIT,
    "stille_hochzeit": _STILLE_HOCHZEIT,
    "solo": _neuter("Solo"),
    "lustsolo": _neuter("Lustsolo"),
    "pflichtsolo": _neuter("Pflichtsolo"),
    "vorfuehrung": _neuter("vorgeführtes Pflichtsolo", "vorgeführten Pflichtsolo"),
}

#: Announcements (``Call``) and parties (``Party``) by their enum value.
_CALLS: Mapping[str, str] = {
    "re": "Re",
    "kontra": "Kontra",
    "keine90": "keine 90",
    "keine60": "keine 60",
    "keine30": "keine 30",
    "schwarz": "schwarz",
}
_PARTIES: Mapping[str, str] = {"re": "Re", "kontra": "Kontra"}
_SUITS: Mapping[str, str] = {"C": "Kreuz", "S": "Pik", "H": "Herz", "D": "Karo"}

#: Penalty categories after "bei" (``PenaltyCategory``).
_CATEGORIES: Mapping[str, str] = {
    "unerheblich": "einem unerheblichen Regelverstoß",
    "geringfuegig": "einem geringfügigen Regelverstoß",
    "schwerwiegend": "einem schwerwiegenden Regelverstoß",
    "entschieden": "einem Regelverstoß bei bereits entschiedenem Spiel",
    "unsportlich": "unsportlichem Verhalten",
}

#: Penalty phases (``PenaltyPhase``, TSR 9.6).
_PHASES: Mapping[str, str] = {
    "normal": "Normalspiel",
    "solo": "Solo",
    "hochzeit_vor_klaerung": "Hochzeit bis zum Klärungsstich",
    "hochzeit_mit_partner": "Hochzeit mit Partner",
    "hochzeit_allein": "Hochzeit, allein gespielt",
    "stille_hochzeit_vor_zweiter_kreuz_dame": "stille Hochzeit vor der zweiten Kreuz-Dame",
    "stille_hochzeit_nach_zweiter_kreuz_dame": "stille Hochzeit nach der zweiten Kreuz-Dame",
}

#: Enum classes of the engine and their German words, by enum value.
_ENUMS: Mapping[str, Mapping[str, Any]] = {
    "GameType": _KINDS,
    "EntryKind": _KINDS,
    "Call": _CALLS,
    "Party": _PARTIES,
    "Suit": _SUITS,
    "PenaltyCategory": _CATEGORIES,
    "PenaltyPhase": _PHASES,
}

#: Field names of the list format and the penalty, as the pages describe them.
FIELDS: Mapping[str, str] = {
    "players": "Spieler",
    "games": "Anzahl der Spiele",
    "pot": "Topf",
    "frist": "Frist",
    "zwangssoli": "Zwangssoli",
    "strohmann": "Strohmann",
    "entries": "Einträge",
    "kind": "Art des Eintrags",
    "dealer": "Geber",
    "player": "Solist oder Hochzeiter",
    "points": "Punkte",
    "winners": "Spieler mit Pluspunkten",
    "type": "Spielart",
    "solo": "Soloart",
    "pflicht": "Angabe Pflichtsolo",
    "re": "Re-Partei",
    "re_eyes": "Augen von Re",
    "re_tricks": "Stiche von Re",
    "calls": "Ansagen",
    "calls.re": "Ansage der Re-Partei",
    "calls.kontra": "Ansage der Kontra-Partei",
    "specials": "Sonderpunkte",
    "specials.re": "Sonderpunkte von Re",
    "specials.kontra": "Sonderpunkte von Kontra",
    "specials.re.doppelkopf": "Doppelköpfe von Re",
    "specials.re.fuchs": "Füchse von Re",
    "specials.re.karlchen": "Karlchen von Re",
    "specials.kontra.doppelkopf": "Doppelköpfe von Kontra",
    "specials.kontra.fuchs": "Füchse von Kontra",
    "specials.kontra.karlchen": "Karlchen von Kontra",
    "category": "Art des Regelverstoßes",
    "phase": "Spielphase der Strafe",
    "offender": "Verursacher",
    "soloist": "Solist",
    "absagen": "Absagen",
    "deduction": "Abzug",
    "harms_soloist": "Nachteil für den Solisten",
    "solo_pflicht": "Angabe Pflichtsolo bei der Strafe",
    "minutes": "Minuten Nachspielzeit",
    "being_dealt": "Spiel wird gerade gegeben",
    "hands": "Blätter",
    "game": "Spiel",
    "game.type": "Spielart",
    "game.solo": "Soloart",
    "game.pflicht": "Angabe Pflichtsolo",
    "game.player": "Solist oder Hochzeiter",
    "actions": "Spielzüge",
    "sitting_out": "Wer aussetzt",
    "strohmann_by": "Wer den Strohmann spielt",
    "timing": "Zeitpunkt der Ansagen",
    "premiums": "Prämien",
    "schweinchen": "Schweinchen",
    "klaerungsstich": "Klärungsstich",
    "eyes": "Augen",
    "first_to_60": "Wer zuerst 60 Augen hatte",
}

#: Counts with their noun, by format spec: (singular, the form for more than one).
_SEAT = "Vorbehalt an Platz {seat}: "
_VALUES = "{value} ist keiner der möglichen Werte {choices!l}"
_SHIFT = "{shift!h}"

#: One German template per code; placeholders are the code's parameter names.
GERMAN: Mapping[Code, str] = {
    # ---- rule sets other than the DDV's (rules_engine/rulesets.py, rulescore.py)
    Code.RULES_NOT_A_RULE_SET: (
        'Regelwerk: {value} ist weder ein Regelwerk noch ein Objekt mit "preset"'
    ),
    Code.RULES_PRESET_UNKNOWN: "Regelwerk: " + _VALUES,
    Code.RULES_OVERRIDE_UNKNOWN: "Regelwerk: unbekannte Abweichung „{key}“",
    Code.RULES_OVERRIDE_INVALID: "Regelwerk, {key}: {value} ist kein zulässiger Wert",
    Code.PLAYERS_FOR_RULES: (
        "Spieler: {count} Spieler am Spiel, ein Spiel im Regelwerk {preset} hat vier"
    ),
    Code.TYPE_NOT_IN_RULES: "Spielart: {value} gibt es im Regelwerk {preset} nicht",
    Code.SOLO_NOT_IN_RULES: "Soloart: {value} gibt es im Regelwerk {preset} nicht",
    Code.FIELD_NOT_IN_RULES: "{field}: gehört im Regelwerk {preset} nicht zu diesem Spiel",
    Code.SONDERPUNKT_NOT_IN_RULES: (
        "{field}: Dieser Sonderpunkt zählt im Regelwerk {preset} in diesem Spiel nicht"
    ),
    Code.CALL_NOT_IN_RULES: (
        "{field}: {value} ist im Regelwerk {preset} in diesem Spiel keine Ansage"
    ),
    Code.TRICKS_ABOVE_DECK: (
        "Stiche von Re: {tricks} liegt nicht zwischen 0 und {limit}, den Stichen eines Spiels "
        "mit {deck} Karten"
    ),
    Code.EYES_IMPOSSIBLE_IN_DECK: (
        "Augen von Re: {eyes} Augen sind mit {tricks:Stichen} in einem Spiel mit {deck} Karten "
        "unmöglich"
    ),
    Code.CALL_AFTER_DEADLINE: (
        "{field}: mit {cards:Karten} auf dem Tisch angesagt, das Regelwerk {preset} erlaubt es "
        "bis zur {limit}. Karte"
    ),
    Code.CALL_AFTER_DEADLINE_HAND: (
        "{field}: mit {cards:Karten} auf der Hand angesagt, das Regelwerk {preset} verlangt {limit}"
    ),
    Code.CALL_GAP: (
        "{field}: mit {cards:Karten} auf dem Tisch nach einer Lücke erhöht, das Regelwerk "
        "{preset} erlaubt es bis zur {limit}. Karte"
    ),
    Code.TIMING_WITHOUT_CALL: "{field}: Zeitpunkt einer Ansage, die nicht gemacht wurde",
    Code.NOT_ONE_OF_PLAYERS: "{field}: {value} spielt nicht mit",
    Code.SPECIAL_TOO_MANY: (
        "Sonderpunkte: {count}-mal {kind}, ein Spiel im Regelwerk {preset} hat höchstens {limit}"
    ),
    Code.LAST_TRICK_FUCHS_AND_KARLCHEN: (
        "Sonderpunkte: Fuchs im letzten Stich schließt Karlchen und Karlchen gefangen aus: den "
        "letzten Stich macht eine Karte, und ein Karo As sticht keinen Kreuz Buben"
    ),
    Code.CALL_BEFORE_KLAERUNG_TIMED: (
        "{field}: bei {cards:Karten} angesagt, vor dem Klärungsstich (Stich {trick}) der "
        "Hochzeit; Ansagen warten, bis die Parteien feststehen"
    ),
    Code.LAST_TRICK_BOTH_PARTIES: (
        "Sonderpunkte: Karlchen, Karlchen gefangen und Fuchs im letzten Stich bekommt die "
        "Partei, die den letzten Stich gewonnen hat, nicht beide"
    ),
    Code.CARD_NOT_IN_DECK: (
        "Karten von {player}: {card} gehört nicht zum Blatt mit {deck} Karten des Regelwerks "
        "{preset}"
    ),
    Code.HAND_SIZE_FOR_RULES: (
        "Karten von {player}: {count:Karten}, im Regelwerk {preset} bekommt jeder {size}"
    ),
    Code.RULED_GAME_CUT_SHORT: (
        "Spielzüge: Nur {played} von {cards} Karten sind gespielt (Regelwerk {preset}); alle "
        "Karten müssen gespielt werden"
    ),
    Code.CALL_AFTER_END: (
        "{player} sagt nach der letzten Karte an, das Regelwerk {preset} kennt dann keine Ansage"
    ),
    Code.SCHWEINCHEN_NEEDS_BOTH: (
        "Schweinchen: Niemand hat beide Karo-Asse, das Schweinchen im Regelwerk {preset} "
        "braucht beide auf einer Hand"
    ),
    Code.SCHWEIN_NOT_ALLOWED: (
        "{player} spielt ein Karo-As als Schwein, hat aber kein eigenes Schweinchen mehr zu "
        "spielen (Regelwerk {preset})"
    ),
    Code.ARMUT_TOO_MANY_TRUMPS: (
        "Armut: {player} hat {count} Trümpfe, im Regelwerk {preset} sind höchstens {limit} erlaubt"
    ),
    Code.ARMUT_GIVES_NOT_TRUMPS: (
        "Armut: {player} gibt genau seine {count} Trümpfe ab (Regelwerk {preset})"
    ),
    Code.ARMUT_RETURNS_WRONG: (
        "Armut: {player} gibt {count} Karten zurück, die er nach dem Aufnehmen hat "
        "(Regelwerk {preset})"
    ),
    Code.ARMUT_FEHL_FIRST: (
        "Armut: {player} gibt einen Trumpf zurück und behält eine Fehlkarte; im Regelwerk "
        "{preset} gehen zuerst alle Fehlkarten zurück"
    ),
    Code.HAMMEL_EYES: "Augen: Die Augen der vier Spieler ergeben {total}, nicht 240",
    # ---- the command line
    Code.LINE_NOT_JSON: "Die Zeile ist kein gültiges JSON: {detail}",
    Code.LINE_TOO_DEEP: "Die Zeile ist zu tief verschachtelt, um ein Spiel zu sein",
    Code.LINE_NOT_OBJECT: "Die Zeile ist kein JSON-Objekt (ein Spiel je Zeile)",
    # ---- fields of a record
    Code.FIELD_MISSING: "{field}: fehlt",
    Code.PLAYERS_NOT_LIST: "Spieler: Hier gehört eine Liste von vier Spielernamen hin",
    Code.NOT_A_PLAYER_NAME: "Spieler: {value} ist kein Spielername",
    Code.GAME_PLAYERS_INVALID: "Spieler: Ein Spiel hat vier verschiedene, nicht leere Spielernamen",
    Code.TYPE_UNKNOWN: "Spielart: " + _VALUES,
    Code.SOLO_UNKNOWN: "{field}: " + _VALUES,
    Code.SOLO_FOR_NON_SOLO: "{field}: angegeben für {game_type.ein}, nur ein Solo hat eine Soloart",
    Code.PFLICHT_FOR_NON_SOLO: "{field}: Nur ein Solo kann ein Pflichtsolo sein, {game_type.kein}",
    Code.PFLICHT_UNKNOWN: '{field}: {value} ist nicht true, false oder "vorgefuehrt"',
    Code.RE_NOT_LIST: "Re-Partei: Hier gehört eine Liste von Spielernamen hin",
    Code.NOT_WHOLE_NUMBER: "{field}: {value} ist keine ganze Zahl",
    Code.OUT_OF_RANGE: "{field}: {number} liegt nicht zwischen {low} und {high}",
    Code.PARTIES_NOT_OBJECT: "{field}: Hier gehört ein Objekt mit den Schlüsseln re und kontra hin",
    Code.PARTY_KEY_UNKNOWN: (
        '{field}: unbekannter Schlüssel "{key}", erlaubt sind nur re und kontra'
    ),
    Code.CALL_UNKNOWN: "{field}: {value} ist weder null noch einer der Werte {choices!l}",
    Code.SONDERPUNKTE_NOT_OBJECT: (
        "{field}: Hier gehört ein Objekt aus doppelkopf, fuchs, karlchen hin"
    ),
    Code.SONDERPUNKT_UNKNOWN: '{field}: unbekannter Sonderpunkt "{key}"',
    Code.HANDS_NOT_OBJECT: "Blätter: Hier gehört ein Objekt mit genau einem Blatt je Spieler hin",
    Code.HAND_NOT_LIST: "Blatt von {player}: Hier gehört eine Liste von Karten hin",
    Code.NOT_A_CARD: "Blatt von {player}: {value} ist keine Karte",
    Code.GAME_NOT_OBJECT: 'Spiel: Hier gehört ein Objekt wie {{"type": "normal"}} hin',
    Code.GAME_TYPE_UNKNOWN: (
        "Spielart: {value} ist nicht normal, hochzeit oder solo (eine stille Hochzeit ist ein "
        "normales Spiel und wird an den Blättern erkannt)"
    ),
    Code.NORMAL_HAS_NO_PLAYER: "Solist oder Hochzeiter: Ein Normalspiel hat keinen Alleinspieler",
    Code.GAME_PLAYER_UNKNOWN: "Solist oder Hochzeiter: {value} ist keiner der Spieler des Spiels",
    Code.ACTIONS_NOT_LIST: "Spielzüge: Hier gehört eine Liste von Spielzügen als Text hin",
    Code.GAME_CUT_SHORT: (
        "Spielzüge: Nur {played} von 48 Karten sind gespielt; dieses Format kennt kein vom "
        "Solisten abgekürztes Spiel (TSR 5.4), also müssen alle Karten gespielt werden"
    ),
    Code.ACTION_MALFORMED: '{value} ist weder "SPIELER:KARTE" noch "SPIELER:ANSAGE"',
    Code.ACTION_PLAYER_UNKNOWN: '"{name!p}" ist keiner der Spieler',
    Code.ACTION_UNKNOWN: (
        '"{what}" ist weder eine Karte noch eine der Ansagen re, kontra, keine90, keine60, '
        "keine30, schwarz"
    ),
    # ---- cards and hands
    Code.CARD_CODE_UNKNOWN: (
        "{code!r} ist keine Karte: erst die Farbe C/S/H/D, dann der Wert A/T/K/Q/J/9"
    ),
    Code.HANDS_COUNT: "Blätter: Ein Spiel hat vier Spieler mit je zwölf Karten",
    Code.HAND_SIZE: "Blatt von {player}: {count:Karten}, jeder Spieler bekommt 12",
    Code.CARD_COUNT: (
        "Blätter: {card} kommt {count}-mal vor, das Kartenspiel hat jede Karte zweimal"
    ),
    # ---- finding the game
    Code.ANSWERS_COUNT: "Vorbehalte: Jeder der vier Spieler gibt genau eine Antwort",
    Code.SOLO_VORBEHALT_UNNAMED: _SEAT + "Ein Solo-Vorbehalt muss das Solo nennen",
    Code.VORBEHALT_NAMES_SOLO: _SEAT + "Nur ein Solo-Vorbehalt nennt ein Solo",
    Code.VORBEHALT_PFLICHTSOLO_PLAYED: (
        _SEAT + "Dieser Spieler hat das eigene Pflichtsolo in dieser Runde schon gespielt; "
        "ein weiteres Solo ist ein Lustsolo"
    ),
    Code.VORBEHALT_LUSTSOLO_EARLY: (
        _SEAT + "Ein Lustsolo ist erst nach dem eigenen Pflichtsolo erlaubt"
    ),
    Code.VORBEHALT_HOCHZEIT_HAND: _SEAT + "Eine Hochzeit braucht beide Kreuz-Damen auf der Hand",
    Code.SEAT_OUT_OF_RANGE: "Platz: {seat} ist kein Platz von 0 bis 3",
    Code.SPEC_STILLE_HOCHZEIT: (
        "Spielart: Eine stille Hochzeit ist ein Normalspiel, in dem ein Spieler beide "
        "Kreuz-Damen hat; sie wird an den Blättern erkannt"
    ),
    Code.SPEC_NORMAL_EXTRA: (
        "Spiel: Ein Normalspiel hat keinen Alleinspieler, keine Soloart und keine Angabe "
        "Pflichtsolo"
    ),
    Code.SPEC_NEEDS_PLAYER: (
        "Solist oder Hochzeiter: Bei {game_type.einem} muss der Platz des Spielers angegeben sein"
    ),
    Code.SPEC_HOCHZEIT_EXTRA: "Spiel: Eine Hochzeit hat keine Soloart und keine Angabe Pflichtsolo",
    Code.SPEC_SOLO_UNNAMED: "Soloart: Bei einem Solo muss angegeben sein, welches Solo es ist",
    Code.HOCHZEITER_LACKS_KREUZ_DAMEN: (
        "Solist oder Hochzeiter: {player} hat nicht beide Kreuz-Damen, eine Hochzeit braucht beide"
    ),
    # ---- playing cards
    Code.PLAY_AFTER_END: "{player} spielt {card}, aber alle 48 Karten sind schon gespielt",
    Code.NOT_YOUR_TURN: "{turn} ist an der Reihe, nicht {player}",
    Code.CARD_NOT_HELD: "{player} hat {card} nicht auf der Hand",
    Code.MUST_FOLLOW: "{player} muss {led!f} bedienen",
    Code.GAME_NOT_OVER: "Das Spiel ist nicht zu Ende: {tricks} von 12 Stichen gespielt",
    # ---- announcements
    Code.CALL_BEFORE_KLAERUNG: (
        "{player} sagt {call} vor dem Klärungsstich der Hochzeit; Ansagen warten, bis die "
        "Parteien feststehen"
    ),
    Code.ANSAGE_OF_OTHER_PARTY: "{player} sagt {call}, spielt aber in der {party}-Partei",
    Code.CALL_REPEATED: (
        "{player} sagt {call}, aber die {party}-Partei hat schon {said} gesagt; eine Ansage "
        "kann weder wiederholt noch zurückgenommen werden"
    ),
    Code.ABSAGE_WITHOUT_ANSAGE_LATE: (
        "{player} sagt {call} ohne Erstansage der eigenen Partei: Das zählt als {party} und "
        "{call}, und das {party} muss noch rechtzeitig sein, mit mindestens {need} Karten"
        + _SHIFT
        + "; {player} hat {cards}"
    ),
    Code.ANSAGE_LATE: (
        "{player} sagt {party} mit {cards:Karten} auf der Hand; die Erstansage verlangt "
        "mindestens {need}" + _SHIFT
    ),
    Code.ERWIDERUNG_LATE: (
        "{player} sagt {party} mit {cards:Karten} auf der Hand; die Erstansage verlangt "
        "mindestens {need}, als Erwiderung auf {other} mindestens {answer}" + _SHIFT
    ),
    Code.ABSAGE_AFTER_LATE_ERWIDERUNG: (
        "{player} sagt {call}, aber das {party} der eigenen Partei war eine verspätete "
        "Erwiderung; danach ist keine Absage erlaubt"
    ),
    Code.ABSAGE_SKIPPED_LATE: (
        "{player} sagt {call} und überspringt dabei {skipped}, wofür mindestens {need} Karten "
        "nötig sind" + _SHIFT + "; {player} hat {cards}"
    ),
    Code.ABSAGE_LATE: (
        "{player} sagt {call} mit {cards:Karten} auf der Hand; dafür sind mindestens {need} "
        "nötig" + _SHIFT
    ),
    # ---- game summaries
    Code.RE_NOT_A_PLAYER: "Re-Partei: {name!q} ist keiner der Spieler des Spiels",
    Code.RE_TWICE: "Re-Partei: In „{names!l}“ ist ein Spieler doppelt genannt",
    Code.NORMAL_RE_SIZE: "Re-Partei: Ein Normalspiel hat zwei Re-Spieler, nicht {size}",
    Code.HOCHZEIT_RE_SIZE: (
        "Re-Partei: Zu einer Hochzeit gehören der Hochzeiter und sein Partner oder der "
        "Hochzeiter allein, nicht {size} Spieler"
    ),
    Code.SOLO_RE_SIZE: (
        "Re-Partei: In {game_type.einem} spielt einer allein gegen drei, nicht {size}"
    ),
    Code.SOLO_KIND_MISMATCH: "Soloart: Sie wird genau dann angegeben, wenn die Spielart Solo ist",
    Code.PFLICHT_NOT_SOLO: "Angabe Pflichtsolo: Nur ein Solo kann ein Pflicht- oder Lustsolo sein",
    Code.EYES_OUT_OF_RANGE: "Augen von Re: {eyes} liegt nicht zwischen 0 und 240 Augen",
    Code.TRICKS_OUT_OF_RANGE: "Stiche von Re: {tricks} liegt nicht zwischen 0 und 12 Stichen",
    Code.EYES_ABOVE_TRICKS: (
        "Augen von Re: {eyes} Augen sind mit {tricks:Stichen} unmöglich: in {tricks:Stiche} "
        "passen höchstens {limit}"
    ),
    Code.EYES_BELOW_TRICKS: (
        "Augen von Re: {eyes} Augen sind mit {tricks:Stichen} unmöglich: in {tricks:Stichen} "
        "sind mindestens {limit}"
    ),
    Code.EYES_NO_CARD_SUM: (
        "Augen von Re: {eyes} Augen sind mit {tricks:Stichen} unmöglich: keine {cards} Karten "
        "des Kartenspiels ergeben zusammen diese Zahl"
    ),
    Code.HOCHZEIT_ALONE_TRICKS: (
        "Stiche von Re: Ein allein spielender Hochzeiter hat die ersten drei Stiche gewonnen, "
        "also mindestens 3, nicht {tricks}"
    ),
    Code.RE_CALLS_KONTRA: 'Ansage der Re-Partei: "kontra" ist keine Ansage der Re-Partei',
    Code.KONTRA_CALLS_RE: 'Ansage der Kontra-Partei: "re" ist keine Ansage der Kontra-Partei',
    Code.SPECIALS_IN_SOLO: (
        "Sonderpunkte: Die gibt es nur im Normalspiel, dieses Spiel wird wie ein Solo gewertet"
    ),
    Code.DOPPELKOPF_IMPOSSIBLE: (
        "Doppelköpfe von {party}: Für {count:Doppelköpfe} braucht die Partei ebenso viele "
        "Stiche mit 40 Augen, sie hat {tricks:Stiche} mit {eyes} Augen"
    ),
    Code.SONDERPUNKT_WITHOUT_TRICK: (
        "Sonderpunkte von {party}: Eine Partei ohne Stich kann keinen Fuchs fangen und nicht "
        "mit dem Karlchen den letzten Stich machen"
    ),
    Code.FUCHS_IMPOSSIBLE: (
        "Füchse von {party}: Für {count:Füchse} braucht die Partei {fuchs_eyes} Augen, sie hat "
        "nur {eyes}"
    ),
    Code.TOO_MANY_DOPPELKOPF: (
        "Sonderpunkte: mehr als 4 Doppelköpfe, die 16 Asse und Zehnen ergeben höchstens 4"
    ),
    Code.TOO_MANY_FUCHS: (
        "Sonderpunkte: mehr als zwei Füchse gefangen, das Kartenspiel hat nur zwei Karo-Asse"
    ),
    Code.TOO_MANY_KARLCHEN: (
        "Sonderpunkte: Nur ein Stich ist der letzte, also höchstens ein Karlchen"
    ),
    # ---- penalties
    Code.OFFENDER_POSITION: "Verursacher: Position {position} ist keiner der vier Spieler",
    Code.SITTING_DEALER_FAULT: (
        "Verursacher: Der Geber sitzt in diesem Spiel aus; ihn betrifft nur ein Abzug bei "
        "unsportlichem Verhalten, keine Strafe bei {category}"
    ),
    Code.PENALTY_NEEDS_SOLOIST: "Solist: Eine Strafe im Solo braucht die Angabe des Solisten",
    Code.SOLOIST_IN_NORMAL_PHASE: (
        "Solist: angegeben für die Spielphase „{phase}“, in der die Regeln des Normalspiels gelten"
    ),
    Code.ABSAGEN_OUT_OF_RANGE: (
        "Absagen: {absagen} Absagen, eine Partei macht höchstens 4 (keine 90 bis schwarz)"
    ),
    Code.DEDUCTION_OUT_OF_RANGE: (
        "Abzug: {deduction} Punkte, unsportliches Verhalten kostet höchstens 12"
    ),
    Code.DEDUCTION_NOT_UNSPORTLICH: "Abzug: nur bei unsportlichem Verhalten, nicht bei {category}",
    # ---- one table's list
    Code.TABLE_SIZE: "Spieler: Ein Tisch hat 4 oder 5 Spieler, nicht {count}",
    Code.TABLE_PLAYERS_NOT_DISTINCT: (
        "Spieler: Die Spieler eines Tisches müssen verschiedene Namen haben"
    ),
    Code.GAMES_TOO_FEW: (
        "Anzahl der Spiele: Bei {games} Spielen hat nicht jeder Spieler Platz für sein Pflichtsolo"
    ),
    Code.LIST_COMPLETE: (
        "Die Liste ist vollständig (alle Spiele sind gespielt); kein weiteres Spiel"
    ),
    Code.LIST_COMPLETE_TIME_UP: (
        "Die Liste ist vollständig (die Zeit ist um und kein Pflichtsolo fehlt); kein weiteres "
        "Spiel"
    ),
    Code.WRONG_DEALER: "{given} ist als Geber angegeben, aber {expected} gibt dieses Spiel",
    Code.GAME_WITHOUT_SCORE: "Ein Spiel braucht entweder seine Einzelheiten oder seine Punkte",
    Code.GAME_POINTS_DIFFER: "Auf der Liste steht {written}, das Spiel ergibt aber {points}",
    Code.SOLO_NEEDS_PLAYER: "Bei {kind.einem} muss angegeben sein, wer spielt",
    Code.SOLOIST_SITS_OUT: (
        "{player} ist Geber und sitzt in diesem Spiel aus, kann also {kind.kein} spielen"
    ),
    Code.VORFUEHRUNG_DUE: (
        "Eine Vorführung ist fällig: {player} muss jetzt das eigene Pflichtsolo spielen "
        "(fehlende Pflichtsoli = verbleibende Spiele), eingetragen ist aber {kind.ein}"
    ),
    Code.VORFUEHRUNG_NOT_DUE: (
        "Es ist keine Vorführung fällig (es fehlen weniger Pflichtsoli, als Spiele übrig sind); "
        "ein freiwillig gespieltes Pflichtsolo wird als Pflichtsolo eingetragen"
    ),
    Code.PFLICHTSOLO_TWICE: (
        "{player} hat das eigene Pflichtsolo in dieser Runde schon gespielt; ein weiteres Solo "
        "ist ein Lustsolo"
    ),
    Code.LUSTSOLO_BEFORE_PFLICHTSOLO: (
        "{player} darf ein Lustsolo erst nach dem eigenen Pflichtsolo spielen"
    ),
    Code.GAME_PLAYERS_SITTING_OUT: (
        "Die Spieler des Spiels müssen die vier sein, die spielen; {player} ist Geber und sitzt aus"
    ),
    Code.GAME_PLAYERS_NOT_TABLE: "Die Spieler des Spiels müssen die Spieler des Tisches sein",
    Code.DETAILS_IMPOSSIBLE: "{problem}",
    Code.DETAILS_NOT_KIND: "Die Angaben beschreiben {kind.kein}",
    Code.ROW_LENGTH: "Eine Zeile hat {size} Punktzahlen, eine je Spieler, nicht {count}",
    Code.SITTING_OUT_POINTS: "{player} ist Geber und sitzt aus: 0 Punkte, nicht {points}",
    Code.ROW_SUM_NOT_ZERO: "Die Zeile ergibt in der Summe {total}, nicht 0",
    Code.ROW_PARITY: "Die Punkte müssen alle gerade oder alle ungerade sein",
    Code.POINTS_ONLY: (
        "Nur Punkte eingetragen: Augen, Ansagen und Sonderpunkte konnten nicht geprüft werden"
    ),
    Code.WINNER_NOT_PLAYING: (
        "Mit Pluspunkten markiert ist jemand, der dieses Spiel nicht mitgespielt hat"
    ),
    Code.SOLO_POINTS_PATTERN: (
        "In {kind.einem} bekommt der Solist das Dreifache dessen, was jeder Gegenspieler verliert"
    ),
    Code.NORMAL_POINTS_PATTERN: (
        "Ein Normalspiel gibt zwei Spielern dieselben Punkte und den beiden anderen dieselben "
        "mit umgekehrtem Vorzeichen"
    ),
    Code.NO_WINNER_MARKED: (
        "Niemand mit Pluspunkten markiert (TSR 7.3.3): Das ist nur richtig, wenn keine Partei "
        "ihr Ziel erreicht hat und kein Spieler Pluspunkte bekommt (TSR 7.1.3)"
    ),
    Code.WINNERS_NOT_PARTY: (
        "Die mit Pluspunkten markierten Spieler müssen genau eine ganze Partei sein"
    ),
    Code.PENALTY_SOLO_KIND_NEEDED: (
        "Strafe: Das Solo gilt als gespielt, also muss angegeben sein, ob es ein Pflichtsolo, "
        "ein vorgeführtes Pflichtsolo oder ein Lustsolo war"
    ),
    Code.PENALTY_AFTER_COMPLETE: (
        "Strafe: Die Liste ist vollständig, kein Solo kann mehr als gespielt gelten"
    ),
    Code.NACHSPIELZEIT_NOT_POSITIVE: (
        "Nachspielzeit: {minutes} Minuten, sie muss mehr als 0 Minuten betragen"
    ),
    Code.TIME_ALREADY_UP: (
        "Zeitende: Die Zeit ist für diesen Tisch schon als abgelaufen eingetragen"
    ),
    # ---- score lists as JSON
    Code.LIST_PLAYERS_INVALID: (
        "Spieler: die Spieler des Tisches in der Reihenfolge der Plätze, 4 oder 5 Namen"
    ),
    Code.LIST_GAMES_INVALID: "Anzahl der Spiele: {value} ist keine mögliche Anzahl von Spielen",
    Code.ENTRIES_NOT_LIST: (
        "Einträge: die Einträge der Liste in der Reihenfolge, in der sie geschahen"
    ),
    Code.ENTRY_NOT_OBJECT: "Ein Eintrag ist ein Objekt mit einer Art (kind)",
    Code.ENTRY_KIND_UNKNOWN: (
        "Art des Eintrags: {value} ist nicht game, penalty, nachspielzeit oder time_up"
    ),
    Code.NOT_A_TABLE_PLAYER: "{field}: {value} ist kein Spieler dieses Tisches",
    Code.POINTS_PER_PLAYER: "{field}: eine Zahl für jeden Spieler des Tisches",
    Code.POINT_NOT_WHOLE: "{field} von {player}: {value} ist keine ganze Zahl",
    Code.QUICK_WITHOUT_POINTS: (
        "Punkte: Ein Eintrag nur mit Punkten braucht die Punkte jedes Spielers"
    ),
    Code.WINNERS_NOT_LIST: "Pluspunkte: eine Liste der mit Pluspunkten markierten Spieler",
    Code.PENALTY_CATEGORY_UNKNOWN: "Art des Regelverstoßes: " + _VALUES,
    Code.PENALTY_PHASE_UNKNOWN: "Spielphase der Strafe: " + _VALUES,
    Code.SITS_OUT: "{field}: {player} sitzt in diesem Spiel aus",
    Code.HARMS_SOLOIST_NOT_BOOL: "Nachteil für den Solisten: {value} ist weder true noch false",
    Code.BEING_DEALT_NOT_BOOL: "Spiel wird gerade gegeben: true oder false",
    Code.PENALTY_POINTS_DIFFER: "Auf der Liste steht {written}, die Strafe ergibt aber {points}",
    Code.PENALTY_NOT_SIGNED: "Die Strafe ist nicht vom Schiedsrichter abgezeichnet",
    Code.GAMES_LEFT: "Noch {left} von {planned} Spielen zu spielen",
    # ---- one table's list under another rule set
    Code.TABLE_SIZE_FOR_RULES: (
        "Spieler: Ein Tisch hat im Regelwerk {preset} {choices!l} Spieler, nicht {count}"
    ),
    Code.POT_START_MISSING: (
        "Topf: Eine Liste im Regelwerk {preset} braucht den Anfangsstand des Topfes"
    ),
    Code.LIST_FIELD_NOT_IN_RULES: (
        "{field}: Gehört im Regelwerk {preset} nicht zu einer Spielliste"
    ),
    Code.ENTRY_NOT_IN_RULES: (
        "Eintragsart: {value} gibt es auf einer Liste im Regelwerk {preset} nicht"
    ),
    Code.POT_EMPTY: (
        "Der Topf ist nach diesem Spiel leer (Stand {total}): Die Punkterunden sind zu Ende"
    ),
    Code.POT_PAYMENT_DIFFERS: (
        "Topf: Auf der Liste zahlt der Topf {number}, das Spiel ergibt aber {total}"
    ),
    Code.ROW_SUM_NOT_POT: (
        "Die Zeile ergibt in der Summe {total}, der Topf hat aber {number} gezahlt"
    ),
    Code.GRUNDWERT_DIFFERS: (
        "Grundwert: Auf der Liste steht {number}, das Spiel ist aber {total} wert"
    ),
    Code.HAMMELRENNEN_DUE: (
        "In der Kasse ist nur noch {total}, höchstens der doppelte Grundbetrag: Jetzt ist das "
        "Hammelrennen dran, nicht {value}"
    ),
    Code.HAMMELRENNEN_NOT_DUE: (
        "In der Kasse ist noch {total}: Hammelrennen erst, wenn höchstens der doppelte "
        "Grundbetrag darin ist"
    ),
    Code.SOLO_VORFUEHRUNG_DUE: (
        "Eine Vorführung ist fällig (Regelwerk {preset}): {player} (oder ein anderer, der noch "
        "ein Solo schuldet: {names!l}) muss es jetzt spielen, eingetragen ist aber {value}"
    ),
    Code.SOLO_VORFUEHRUNG_EARLY: (
        "Noch ist keine Vorführung fällig (Regelwerk {preset}); ein freiwilliges Solo wird als "
        "Pflichtsolo oder Lustsolo eingetragen"
    ),
    Code.SOLO_NOT_OWED: (
        "{player} schuldet kein Solo mehr: Vorgeführt wird nur, wer noch eines schuldet"
    ),
}


_CODES: Mapping[str, Code] = {code.value: code for code in Code}


class _Formatter(string.Formatter):
    """:meth:`str.format` with the conversions and count specs of the templates."""

    def __init__(self, names: Mapping[str, str]) -> None:
        self.names = names

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion == "l":
            return ", ".join(str(item) for item in value)
        if conversion == "p":
            return self.names.get(str(value), str(value))
        if conversion == "q":
            return repr(self.names.get(str(value), str(value)))
        if conversion == "h":
            return f" (Hochzeit: {value} weniger, TSR 6.4.2)" if value else ""
        if conversion == "f":
            return "Trumpf" if value is None else str(value)
        return super().convert_field(value, conversion)

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec in COUNT_NOUNS:
            return counted(int(value), format_spec)
        return super().format_field(value, format_spec)


def german(data: Mapping[str, Any], names: Mapping[str, str] | None = None) -> str:
    """The German sentence of one finding given as data (:meth:`Finding.to_data`), players
    by name (``names``: player key to name; a key without a name stays as it is).

    The sentence ends with the rule the English one cites (``(TSR 6.2.2, 6.4.4)``); a
    score-list finding, whose English cites none, ends with its section. ``"says_game": true``
    in the data puts the game in front as the English does: ``Spiel 5: ...``."""
    names = names or {}
    text = _sentence(data, names, says_game=bool(data.get("says_game")))
    if data.get("action") is not None:
        text = f"Spielzug {data['action']}: {text}"
    if data.get("entry") is not None:
        text = f"Eintrag {data['entry']}: {text}"
    return text


def german_error(error: DokoError, names: Mapping[str, str] | None = None) -> str:
    """The German sentence of an engine error, players by name."""
    return german(error.finding.to_data(), names)


def on_the_list(data: Mapping[str, Any], names: Mapping[str, str] | None = None) -> str:
    """A score-list finding as the list pages show it: the game it concerns in front
    (``Spiel 5: ``; the pages count games, not list entries, of which penalties and time
    notes are some too) and always a TSR section (7.3, checking the list, for a finding that
    names no rule, as the engine files it)."""
    text = _sentence({**data, "section": data.get("section") or "7.3"}, names or {})
    game = data.get("game")
    return f"Spiel {game}: {text}" if isinstance(game, int) else text


def _sentence(data: Mapping[str, Any], names: Mapping[str, str], says_game: bool = False) -> str:
    """The sentence without "Eintrag N: " and "Spielzug N: ", with its TSR section."""
    code = _CODES[data["code"]]
    params = {name: _decode(value, names) for name, value in data.get("params", {}).items()}
    if isinstance(params.get("field"), str):
        params["field"] = FIELDS.get(params["field"], params["field"])
    if isinstance(params.get("preset"), str):
        params["preset"] = f"„{PRESET_NAMES.get(params['preset'], params['preset'])}“"
    text = _Formatter(names).vformat(GERMAN[code], (), params)
    section = data.get("section")
    # The English sentence cites the code's ``cite`` (which may name more than the section)
    # unless the section is overridden; a finding that names no rule has none.
    reference = section if section != code.section else code.cite or section
    if says_game and reference is None:
        reference = "7.3"  # as Finding.rule files a finding without a rule
    if reference is not None and not _ends_with_reference(text):
        text = f"{text} (TSR {reference})"
    if says_game:
        text = f"Spiel {data.get('game')}: {text}"
    return text


def _ends_with_reference(text: str) -> bool:
    """Whether ``text`` already ends with a rule, e.g. the one of a finding inside it."""
    return text.endswith(")") and text[text.rfind("(") :].startswith("(TSR ")


def _decode(value: Any, names: Mapping[str, str]) -> Any:
    """One parameter of the data as the templates show it."""
    if isinstance(value, list):
        return [_decode(item, names) for item in value]
    if not isinstance(value, dict):
        return value
    if "player" in value:
        key = str(value["player"])
        return names.get(key, key)
    if "points" in value:
        return ", ".join(
            f"{names.get(str(key), str(key))} {int(points):+d}" for key, points in value["points"]
        )
    if "json" in value:
        return _with_names(str(value["json"]), names)
    if "enum" in value:
        words = _ENUMS.get(str(value["enum"]), {})
        return words.get(value["value"], value["value"])
    if "finding" in value:
        return _sentence(value["finding"], names)
    if "text" in value:
        text = str(value["text"])
        card = CARDS_BY_CODE.get(text)
        return text if card is None else card.name
    return value


def _with_names(text: str, names: Mapping[str, str]) -> str:
    """An input value as the engine shows it, a quoted player key as the quoted name."""
    parts: list[str] = []
    start = 0
    while start < len(text):
        char = text[start]
        end = text.find(char, start + 1) if char in "\"'" else -1
        if end < 0:
            parts.append(char)
            start += 1
            continue
        inner = text[start + 1 : end]
        parts.append(char + names.get(inner, inner) + char)
        start = end + 1
    return "".join(parts)
