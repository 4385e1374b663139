"""The German words of the Startgeld desk and the prize list: the desk, the prize rules'
form and its refusals, the prize list's page, CSV and PDF (``tournament/domain/prizes.py``,
``tournament/prizes/``)."""

from __future__ import annotations

from typing import Final

DESK_TITLE: Final = "Startgeld-Kasse"
RULES_TITLE: Final = "Preisregeln"
LIST_TITLE: Final = "Preisliste"
PROVISIONAL: Final = "vorläufig"
PROVISIONAL_NOTE: Final = (
    "Vorläufig: Das Turnier ist noch nicht beendet; nur die Turnierleitung sieht diese Liste."
)
NOT_YET: Final = "Die Preisliste erscheint nach der letzten Runde."
NO_RULES: Final = "Für dieses Turnier sind noch keine Preisregeln festgelegt."

# The desk.
SEARCH: Final = "Name oder Startnummer"
SEARCH_BUTTON: Final = "Suchen"
FILTER: Final = "Zeigen"
FILTER_CHOICES: Final = (("alle", "alle"), ("offen", "nur offene"), ("bezahlt", "nur bezahlte"))
SHOW_ALL: Final = "Alle zeigen"
FEE_LINE: Final = "Startgeld: {fee} je Spieler"
FEE_NONE: Final = "Noch kein Startgeld festgelegt."
NOBODY: Final = "Kein Spieler passt zur Suche."
PAY_CASH: Final = "Bar"
PAY_TRANSFER: Final = "Überweisung"
REFUND: Final = "Erstatten"
UNDO: Final = "Rückgängig"
STATUS_OPEN: Final = "offen"
STATUS_PAID: Final = "bezahlt ({kind})"
STATUS_REFUNDED: Final = "erstattet"
STATUS_OUT: Final = "vor Runde 1 zurückgezogen"
KIND: Final = {"cash": "bar", "transfer": "Überweisung", "refund": "Erstattung"}
RECORDED: Final = "{kind} {amount}, erfasst von {user} am {moment}"
RECORDED_UNDONE: Final = "{kind} {amount}, erfasst von {user} am {moment} – rückgängig gemacht"
SOMEONE: Final = "unbekannt"
PAID_NOTICE: Final = "{name}: {amount} {kind} erfasst."
UNDONE_NOTICE: Final = "{name}: {kind} {amount} rückgängig gemacht."
REFUNDED_NOTICE: Final = "{name}: {amount} erstattet."
NOTHING_TO_UNDO: Final = "{name}: Es gibt keine Buchung, die rückgängig gemacht werden kann."
ALREADY_PAID: Final = "{name} hat das Startgeld schon bezahlt."
NOTHING_TO_REFUND: Final = "{name}: Es ist nichts bezahlt, das erstattet werden könnte."
NO_FEE: Final = "Bitte zuerst das Startgeld in den Preisregeln festlegen."
STALE: Final = (
    "Die Kasse wurde inzwischen an einem anderen Gerät geändert; bitte die Seite neu laden "
    "und noch einmal versuchen."
)

TOTALS: Final = "Summen"
EXPECTED: Final = "Erwartet"
CASH: Final = "Bar bezahlt"
TRANSFER: Final = "Überwiesen"
REFUNDED: Final = "Erstattet"
OPEN: Final = "Offen"
POT: Final = "Topf (eingezahlt abzüglich Erstattungen)"
PAYERS: Final = "{payers} von {players} Spielern haben bezahlt."

# The prize rules' form.
ENTRY_FEE: Final = "Startgeld je Spieler (€)"
ENTRY_FEE_HINT: Final = "Z. B. „10“ oder „12,50“."
KEPT_BACK: Final = "Einbehalt vom Topf (€)"
KEPT_BACK_HINT: Final = "Z. B. für die Saalmiete; 0, wenn alles ausgeschüttet wird."
PLACES: Final = "Preise nach Platz"
PLACES_HINT: Final = (
    "Je Platz ein Anteil am Preistopf (Topf abzüglich Einbehalt, fester Preise und "
    "Sonderpreise) in Prozent und/oder ein fester Betrag; leer lassen, was nicht gilt."
)
SHARE: Final = "{place}. Platz: Anteil (%)"
FIXED: Final = "{place}. Platz: fester Preis (€)"
BEST_ROUND: Final = "Sonderpreis beste Einzelrunde (€)"
CATEGORIES: Final = "Sonderpreise für Kategorien"
CATEGORIES_HINT: Final = (
    "Z. B. „Damen“ oder „Jugend“: die beste Spielerin bzw. der beste Spieler der Kategorie "
    "nach dem Gesamtstand. Die Startnummern der Spieler der Kategorie durch Komma trennen."
)
CATEGORY_NAME: Final = "Kategorie {number}: Name"
CATEGORY_PRIZE: Final = "Kategorie {number}: Preis (€)"
CATEGORY_MEMBERS: Final = "Kategorie {number}: Startnummern"
WITHDRAWN_KEEP: Final = "Wer zurückgezogen hat, behält den Preis seines Platzes"
SEVERAL_PRIZES: Final = "Ein Spieler darf mehrere Preise gewinnen"
SAVE: Final = "Speichern"
SAVED: Final = "Die Preisregeln sind gespeichert."

MONEY_BAD: Final = "„{text}“ ist kein Geldbetrag; bitte z. B. „12“ oder „12,50“ eingeben."
MONEY_NEGATIVE: Final = "„{text}“: Ein Betrag darf nicht negativ sein."
MONEY_TOO_LARGE: Final = "„{text}“: höchstens 100.000 €."
SHARE_BAD: Final = "„{text}“ ist kein Prozentsatz; bitte z. B. „40“ oder „12,5“ eingeben."
SHARE_NEGATIVE: Final = "„{text}“: Ein Anteil darf nicht negativ sein."
SHARE_TOO_LARGE: Final = "„{text}“: Ein Anteil ist höchstens 100 %."
SHARES_OVER: Final = "Die Anteile ergeben zusammen {total}; mehr als 100 % geht nicht."
START_NUMBER_BAD: Final = "„{item}“ ist keine Startnummer."
START_NUMBER_UNKNOWN: Final = "Startnummer {number} gibt es in diesem Turnier nicht."
CATEGORY_NO_NAME: Final = "Bitte der Kategorie einen Namen geben."
CATEGORY_NOBODY: Final = (
    "Die Kategorie „{name}“ hat keinen Spieler; bitte die Startnummern ihrer Spieler angeben."
)
CATEGORY_TWICE: Final = "Die Kategorie „{name}“ steht zweimal in der Liste."
CATEGORY_TOO_LONG: Final = "Der Name einer Kategorie hat höchstens 40 Zeichen."

# The prize list.
PLACE: Final = "Platz"
PRIZE: Final = "Preis"
NAME: Final = "Name"
START_NUMBER: Final = "Nr."
POINTS: Final = "Punkte"
AMOUNT: Final = "Betrag (€)"
PLACE_LABEL: Final = "{place}."
TIED_LABEL: Final = "{first}.–{last}."
KIND_PLACE: Final = "Platzpreis"
KIND_PLACE_TIED: Final = "Platzpreis, geteilt ({count} Spieler)"
KIND_BEST_ROUND: Final = "Beste Einzelrunde"
KIND_CATEGORY: Final = "Beste/r {category}"
KIND_SHARED: Final = "{kind}, geteilt ({count} Spieler)"
WITHDRAWN_MARK: Final = "(zurückgezogen)"
NO_AWARDS: Final = (
    "Noch keine Preise: es ist nichts eingezahlt, noch keine Runde gespielt oder keine Regel "
    "festgelegt."
)
SUMMARY_POT: Final = "Topf: {amount}"
SUMMARY_KEPT: Final = "Einbehalt: {amount}"
SUMMARY_POOL: Final = "Preistopf für die Anteile: {amount}"
SUMMARY_PAID: Final = "Ausgeschüttet: {amount}"
SUMMARY_REST: Final = "Rundungsrest (bleibt in der Kasse): {amount}"
SUMMARY_LEFT: Final = "In der Kasse verbleiben: {amount}"
SUMMARY_UNCLAIMED: Final = "Nicht vergeben (kein Spieler dafür): {amount}"
NOTE_SHORT: Final = (
    "Einbehalt, feste Preise und Sonderpreise ({needed}) übersteigen den Topf ({pot}); "
    "die Anteile sind 0."
)
RULE_LINES: Final = (
    "Gleichstand: Spieler mit gleicher Punktzahl teilen sich die Preise der Plätze, die sie "
    "belegen, zu gleichen Teilen.",
    "Rundung: Jeder Preis wird auf ganze Cent abgerundet; der Rest bleibt in der Kasse.",
)
RULE_WITHDRAWN_KEEP: Final = "Wer zurückgezogen hat, behält den Preis seines Platzes."
RULE_WITHDRAWN_LOSE: Final = (
    "Wer zurückgezogen hat, erhält keinen Preis; die Plätze werden unter den übrigen gezählt."
)
RULE_ONE_PRIZE: Final = "Jeder Spieler erhält höchstens einen Preis."
RULE_SEVERAL: Final = "Ein Spieler kann mehrere Preise erhalten."
STAMP: Final = "Stand: {moment} Uhr"
CSV: Final = "Preisliste als CSV"
PDF: Final = "Preisliste als PDF"

# Links and the Protokoll.
LINK_DESK: Final = "Startgeld-Kasse"
LINK_RULES: Final = "Preisregeln"
LINK_LIST: Final = "Preisliste"
BACK: Final = "Zum Gesamtstand"
#: The Protokoll's names of the stored fields (amounts in cents, shares in 1/100 %).
AUDIT_FIELDS: Final = {
    "payment": "Zahlart",
    "amount": "Betrag (Cent)",
    "entry_fee": "Startgeld (Cent)",
    "kept_back": "Einbehalt (Cent)",
    "shares": "Anteile (1/100 %)",
    "fixed": "feste Preise (Cent)",
    "best_round_prize": "Preis beste Runde (Cent)",
    "category_prizes": "Kategoriepreise (Cent)",
    "categories": "Kategorien (Startnummern)",
    "withdrawn_keep": "Zurückgezogene behalten den Preis",
    "several_prizes": "mehrere Preise je Spieler",
}
