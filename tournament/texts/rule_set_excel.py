"""The German words and sentences of a score list in Excel under a rule set other than the DDV's:
the set's own column headers, the words of its type, solo, call and Sonderpunkt columns, and
the sentences that refuse a cell (each naming the rule and the rule text it comes from)."""

from __future__ import annotations

#: The label of the facts row that names the rule set; its third cell holds the set's key.
RULES_LABEL = "Regelwerk"

#: The rule set's own columns, after „Angaben“ (only those the set has).
ARMUT_GIVES = "Armut: gibt ab (Platz)"
ARMUT_TAKES = "Armut: nimmt (Platz)"
SCHWEINCHEN = "Schweinchen"
SAU_SOLOIST = "Schwarze Sau: Solist (Platz)"
HAMMEL_EYES = "Hammelrennen: Augen je Platz"
HAMMEL_FIRST = "Hammelrennen: zuerst 60 (Platz)"
CULPRIT = "Schwarz-Spiel: Verursacher (Platz)"
PREMIUMS = "Füchse an (Platz)"
GRUNDWERT = "Grundwert"
#: The pot's name per settlement, its payment column and its balance column.
POT_NAMES = {"pot_winners": "Punktetopf", "kasse": "Kasse"}
POT_PAID = "{pot} zahlt"
POT_BALANCE = "{pot} ({unit})"

#: The game types in the column „Spiel“ (a solo by its ``pflicht``, as
#: :mod:`tournament.texts.solos` names it; the solos in „Solo“ by the same catalogue).
TYPE_WORDS = {
    "normal": "Normalspiel",
    "hochzeit": "Hochzeit",
    "stille_hochzeit": "stille Hochzeit",
    "armut": "Armut",
    "schwarze_sau": "Schwarze Sau",
    "hammelrennen": "Hammelrennen",
    "schwarz_spiel": "Schwarz-Spiel",
}
SPECIAL_WORDS = {
    "doppelkopf": "Doppelkopf",
    "fuchs": "Fuchs",
    "karlchen": "Karlchen",
    "karlchen_gefangen": "Karlchen gefangen",
    "herzstich": "Herzstich",
    "fuchs_letzter_stich": "Fuchs im letzten Stich",
}
#: A premium paid by a player: „2 von 3“ (Platz 2 caught the Fuchs of Platz 3).
PREMIUM_FROM = "von"

#: The blank template's hint under a rule set.
TEMPLATE_HINT = (
    "Ausfüllen nach dem Regelwerk {name}: Nr. = Spielnummer; Spiel, Solo und Ansagen mit den "
    "Wörtern der Auswahlliste; Re (Plätze) mit Platznummern (z. B. „1, 3“); Geber und "
    "Solist/Hochzeiter mit Platznummer; Sonderpunkte z. B. „{specials}“; die Spalten des "
    "Regelwerks ({columns}) nur bei ihrem Spiel. Augen Re leer lassen bei einem Spiel, das nur "
    "in {unit} eingetragen wird (dann {unit} aller Spieler und die Pluspunkte angeben). Die "
    "Stand-Spalten müssen nicht ausgefüllt werden."
)

#: The upload page under a rule set.
UPLOAD_NOTE = (
    "Dieses Turnier spielt nach dem Regelwerk {name}: eingelesen werden nur Listen und Vorlagen "
    "dieses Turniers (Zelle C7 nennt das Regelwerk), mit den Wörtern des Regelwerks in Spiel, "
    "Solo, Ansagen und Sonderpunkten, seinen Spalten ({columns}) und den Punkten in {unit}."
)

# ------------------------------------------------------------------ refusals

#: Why a file's list is not read into this tournament's list.
OTHER_RULE_SET = (
    "{where}Zelle {ref}: Diese Liste wurde unter dem Regelwerk „{file}“ angelegt, das Turnier "
    "spielt nach „{tournament}“. Eine Liste wird nur unter ihrem eigenen Regelwerk eingelesen: "
    "bitte die Liste oder Vorlage dieses Turniers herunterladen und die Zeilen dort eintragen. "
    "Nichts wurde übernommen."
)
UNKNOWN_RULE_SET = (
    "{where}Zelle {ref}: „{text}“ ist kein Regelwerk dieser App (erwartet z. B. „{key}“ für "
    "„{tournament}“). Nichts wurde übernommen."
)
#: A column header that differs only by the unit.
WRONG_UNIT = " Unter dem Regelwerk {name} zählt die Liste in {unit} ({rule})."
#: A word the set does not have: the cell, the word, the set's words, the rule and its source.
NOT_IN_SET = "{ref}: „{text}“ gibt es unter dem Regelwerk {name} nicht (möglich: {allowed}; {rule})"
#: A cell of the set's own columns filled in a game it does not belong to.
NOT_IN_THIS_GAME = "{ref}: „{text}“ – die Spalte „{header}“ gilt nur bei {games} ({rule})"
MISSING = "{ref}: bitte {what} angeben ({rule})"
NOT_A_NUMBER = "{ref}: „{text}“ ist keine ganze Zahl"
YES_NO = "{ref}: „{text}“, erwartet „ja“ oder leer ({rule})"
HAMMEL_EYES_FORMAT = (
    "{ref}: „{text}“ – die Augen je Platz werden als „1: 70; 2: 50; 3: 60; 4: 60“ "
    "angegeben, jeder Platz einmal ({rule})"
)
FACTS_NOT_JSON = (
    "{ref}: „{text}“ – unter einem anderen Regelwerk hält „Angaben“ nur weitere Felder des "
    'Spiels, so wie die Liste sie schreibt (z. B. {{"timing": {{"re": {{"re": 3}}}}}}); '
    "bitte leer lassen"
)
#: A rule of the set as a message names it: its parameter, how the set has it, where from.
RULE = "{label} nach {name}: {text} Quelle: {sources}"

#: The pot's start in the facts row „Regelwerk“ (its value in the cell after), and why a list
#: that starts its pot elsewhere is not read.
POT_START = "{pot} zu Beginn ({unit})"
OTHER_POT_START = (
    "{where}Zelle {ref}: „{text}“ – „{label}“ ist in diesem Turnier {start} (Einstellung "
    "„{setting}“ des Turniers; {rule}). Eine Liste wird nur mit dem Start ihres Turniers "
    "eingelesen: bitte die Liste oder Vorlage dieses Turniers herunterladen und die Zeilen dort "
    "eintragen. Nichts wurde übernommen."
)

#: A table of three with the Strohmann (004 L91: "Der Partner spielt außer seinen eigenen
#: Karten ... auch die Karten des Strohmännchens aus"): its column, its word in the party
#: cells, the template's line, and why a row is refused.
STROHMANN_BY = "Strohmann gespielt von (Platz)"
STROHMANN_TEMPLATE_HINT = (
    "Ausfüllen nach dem Regelwerk {name}, am Dreiertisch mit Strohmann (004 Z. 91): Nr. = "
    "Spielnummer; Spiel, Solo und Ansagen mit den Wörtern der Auswahlliste; Re (Plätze) mit "
    "Platznummern, den Strohmann als „{strohmann}“ (z. B. „1, {strohmann}“; ebenso unter "
    "Armut); Geber und Solist/Hochzeiter mit Platznummer (nie der Strohmann); unter „{column}“ "
    "die Platznummer dessen, der seine Karten gespielt hat (leer lassen, wenn nur einer auf "
    "seiner Seite war); Sonderpunkte z. B. „{specials}“; die Spalten des Regelwerks "
    "({columns}) nur bei ihrem Spiel. Jedes Spiel mit Augen eintragen: {unit} allein sagen "
    "nicht, wer die Karten des Strohmanns gespielt hat. Die Stand-Spalten müssen nicht "
    "ausgefüllt werden."
)
STROHMANN_BY_MISSING = (
    "{ref}: bitte angeben, wer die Karten des Strohmanns gespielt hat: {choices} "
    "(004 Z. 91, sein Anteil geht an ihn)"
)
STROHMANN_BY_NOT_PARTNER = (
    "{ref}: „{text}“ war nicht auf der Seite des Strohmanns: seine Karten spielt sein Partner, "
    "hier {choices} (004 Z. 91)"
)
STROHMANN_BY_NO_SIDES = (
    "{ref}: „{text}“ – ein {game} hat keine Parteien, niemand spielt die Karten des Strohmanns "
    "(004 Z. 91); bitte leer lassen"
)
STROHMANN_NOT_SOLOIST = (
    "{ref}: „{text}“ – der Strohmann spielt kein Solo und keine Hochzeit und gibt nicht: seine "
    "Karten liegen offen (004 Z. 91)"
)
STROHMANN_QUICK = (
    "{ref}: am Dreiertisch mit Strohmann bitte jedes Spiel mit Augen eintragen: {unit} allein "
    "sagen nicht, wer die Karten des Strohmanns gespielt hat, und sein Anteil geht an ihn "
    "(004 Z. 91)"
)
