"""The German words of the results under a rule set: the unit of the standings (Punkte, or
money for a Kasse), the Punktetopf's or the Kasse's balance, and the evening's settlement
(who pays whom). ``{...}`` are filled in with ``format``.

Money: the Kasse of ``ravensburger-2015`` counts in Pfennig (004 L61-65), a hundredth of the
Mark, so its amounts are shown as Mark and Pfennig (``1,35 DM``), exact; a Punktwert of the
Turnierleitung is in Cent, so what it makes of the points is shown in Euro (``1,35 €``).
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from tournament.texts.numbers import one_decimal

#: The sign a German page puts before a negative amount (the typographic minus).
MINUS = "−"

#: The engine's unit (the report's ``unit``) to the currency its money is shown in; a unit
#: not named here is points.
CURRENCY = {"Pfennig": "DM"}
EURO = "€"

#: The column header of the values, by the engine's unit.
VALUE_HEADER = {"Punkte": "Punkte", "Pfennig": "Betrag"}
#: The standings' total, by the engine's unit.
TOTAL_HEADER = {"Punkte": "Summe", "Pfennig": "Summe (DM)"}

#: The header of a file's value column (CSV, PDF), by the engine's unit: money in Mark.
FILE_VALUE_HEADER = {"Punkte": "Punkte", "Pfennig": "Betrag (DM)"}
#: A pot's line above a printed table.
POT_LINE = "{pot} Runde {number}: Anfang {start} · ausgezahlt {paid} · Rest {balance}"
POT_TABLE_LINE = "Tisch {table}: Anfang {start} · ausgezahlt {paid} · Rest {balance}"

#: The player page's total, by the engine's unit.
PLAYER_TOTAL = {"Punkte": "Punkte gesamt", "Pfennig": "Betrag gesamt"}

# The Protokoll of a list entry under a Kasse: the values as money.
AMOUNT_OF = "Betrag {name}"
GAME_AMOUNT = "Betrag {value}"

# A game's items under another rule set than the DDV's, where the DDV's catalogue has none.
SET_GAME_TYPES = {
    "armut": "Armut (Trumpfabgabe)",
    "schwarze_sau": "Schwarze Sau",
    "hammelrennen": "Hammelrennen",
    "schwarz_spiel": "Schwarz-Spiel",
}
SET_SPECIALS = {
    "karlchen_gefangen": "Karlchen gefangen",
    "herzstich": "Herzstich",
    "fuchs_letzter_stich": "Fuchs im letzten Stich",
}
#: A game's fields of another rule set, as the Protokoll labels them.
SET_FIELDS = {
    "schweinchen": "Schweinchen",
    "eyes": "Augen je Spieler",
    "first_to_60": "zuerst 60 Augen",
    "culprit": "Schuldiger",
    "strohmann_by": "Strohmann gespielt von",
    "premiums": "Füchse (Prämien)",
}
PREMIUM = "{by} fängt von {source}"
PREMIUM_FROM_KASSE = "{by} fängt, aus der Kasse"

#: The pot's German name by the rule set's settlement (none under plus-minus).
POT_NAME = {"pot_winners": "Punktetopf", "kasse": "Kasse"}

UNIT_LINE_POINTS = "Gezählt wird in Punkten."
UNIT_LINE_MONEY = "Gezählt wird in Geld ({currency}): Beträge in Mark und Pfennig."
#: How the standings are ordered under a pot, by the rule set's settlement.
ORDER_POT = {
    "pot_winners": "Reihenfolge: wer am meisten aus dem Punktetopf bekommen hat, steht oben; "
    "die Summe ist, was der Topf ihm ausgezahlt hat.",
    "kasse": "Reihenfolge: wer am meisten bekommen hat, steht oben; die Summe ist, was die "
    "Kasse ihm ausgezahlt hat, mit den Soli aus der Tasche.",
}

# The pot's balance.
POT_TITLE = "{pot} Runde {number}"
POT_START = "Anfang"
POT_PAID = "ausgezahlt"
POT_BALANCE = "Rest"
POT_ROUND = "Runde gesamt"
POT_OVERDRAWN = "überzogen"

# The settlement page and its PDF.
SETTLEMENT_TITLE = "Abrechnung Runde {number}"
SETTLEMENT_LINK = "Abrechnung des Abends (wer zahlt wem)"
SETTLEMENT_FILE = "runde-{number}-abrechnung"
TABLE_HEADING = "Tisch {number}"
PAYS = "{payer} zahlt {payee} {amount}"
UNSETTLED = (
    "Nicht abgerechnet (Abzug für unsportliches Verhalten, TSR 9.7, ohne Gutschrift für die "
    "anderen): {items}"
)
UNSETTLED_ITEM = "{name} {points}"
UNBALANCED = "Die Punkte des Tisches gehen nicht auf null auf; so kann nicht abgerechnet werden."
NOTHING_TO_PAY = "Niemand muss zahlen."
NO_TABLES = "In dieser Runde sitzt noch niemand."
NO_LIST = "Liste nicht lesbar: {reason}"
PROVISIONAL = "Vorläufig: die Runde läuft noch, es können Spiele dazukommen."
POINT_VALUE_LABEL = "Punktwert in Cent (leer: in Punkten)"
POINT_VALUE_BUTTON = "Umrechnen"
POINT_VALUE_LINE = "Punktwert: {value} Cent je Punkt"
POINT_VALUE_BAD = (
    "Punktwert: „{text}“ ist kein Betrag in Cent (z. B. 5 oder 0,5; höchstens eine "
    "Stelle nach dem Komma, höchstens 1000). Gerechnet wird in Punkten."
)
ROUNDING = (
    "Jede Zahlung wird auf ganze Cent gerundet, halbe Cent aufwärts; so bleibt jede Zahlung "
    "eine Zahlung zwischen zwei Spielern und alles zusammen geht auf."
)
PLUS_MINUS_NOTE = (
    "Plus-Minus: die Punkte eines Tisches gehen zusammen auf null; mit den wenigsten Zahlungen "
    "ausgeglichen."
)
POT_NOTE = (
    "Punktetopf: jeder bekommt, was er aus dem Topf gewonnen hat; was im Topf bleibt, ist der Rest."
)
KASSE_NOTE = (
    "Kasse: jeder hat seinen Anteil eingezahlt und bekommt, was ihm die Kasse gezahlt hat; "
    "Soli sind schon aus der Tasche bezahlt. Was in der Kasse bleibt, ist der Rest."
)
PLAYER = "Name"
PAID_IN = "eingezahlt"
TOOK_OUT = "erhalten"
NET = "Saldo"
WON = "aus dem Topf"
PAYER = "zahlt"
PAYEE = "an"
AMOUNT = "Betrag"
#: What is left in the pot, by the rule set's settlement.
REST_LINE = {"pot_winners": "Rest im Punktetopf: {amount}", "kasse": "Rest in der Kasse: {amount}"}
REST_HEADER = "Rest"


def amount(value: int, unit: str) -> str:
    """A value in the engine's ``unit`` as a German page shows it: points as a whole number
    (``-3``, as the DDV standings always showed them), Pfennig as Mark and Pfennig
    (``−1,35 DM``)."""
    currency = CURRENCY.get(unit)
    if currency is None:
        return str(value)
    return f"{hundredths(value)} {currency}"


def signed(value: int, unit: str) -> str:
    """A game's value for one player with its sign: ``+2``, ``-2``, ``0`` for points (as the
    DDV projector shows them), ``+0,15 DM`` for money."""
    if unit not in CURRENCY:
        return f"{value:+d}" if value else "0"
    return f"+{amount(value, unit)}" if value > 0 else amount(value, unit)


def plain(value: int, unit: str) -> str:
    """A value for a CSV cell or a printed table: as :func:`amount`, with the ASCII minus
    that a spreadsheet reads as a number, money without its currency (the header names it)."""
    if unit not in CURRENCY:
        return str(value)
    return hundredths(value).replace(MINUS, "-")


def points(value: int) -> str:
    """``1 Punkt``, ``2 Punkte``."""
    return f"{value} Punkt" if abs(value) == 1 else f"{value} Punkte"


def average(value: Decimal | None, unit: str) -> str:
    """A Rundenschnitt in the unit: points with one decimal (``2,3``), money rounded to the
    whole Pfennig, halves up (``0,13 DM``)."""
    if unit not in CURRENCY or value is None:
        return one_decimal(value)
    return amount(int(value.quantize(Decimal(1), rounding=ROUND_HALF_UP)), unit)


def plain_average(value: Decimal | None, unit: str) -> str:
    """:func:`average` for a CSV cell or a printed table (no currency, ASCII minus)."""
    if unit not in CURRENCY or value is None:
        return one_decimal(value)
    return plain(int(value.quantize(Decimal(1), rounding=ROUND_HALF_UP)), unit)


def cents(value: int) -> str:
    """Cents as Euro: ``135`` → ``1,35 €``."""
    return f"{hundredths(value)} {EURO}"


def hundredths(value: int) -> str:
    """An integer of hundredths with a decimal comma: ``-5`` → ``−0,05``, ``135`` → ``1,35``."""
    sign = MINUS if value < 0 else ""
    whole, rest = divmod(abs(value), 100)
    return f"{sign}{whole},{rest:02d}"


def point_value(tenths: int) -> str:
    """A Punktwert in tenths of a Cent as German text: ``50`` → ``5``, ``5`` → ``0,5``."""
    whole, rest = divmod(tenths, 10)
    return str(whole) if rest == 0 else f"{whole},{rest}"
