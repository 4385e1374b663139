"""The day under a rule set in German: the settings of the tournament form (games per round,
the Punktetopf or the Kasse, the Zwangssolo's Frist, a time limit), why one is refused, the
draw's refusal of a player count the set's tables cannot seat, and the list's header lines
(the pot, the solos owed, the Vorführung, the Hammelrennen), the owed solos' section and
column, and a round started without a clock, each with the seed line it comes from
(``docs/rule-sets.md``: „000 Z. 61“ is line 61 of the rule text 000).
"""

from __future__ import annotations

from collections.abc import Mapping

NOTHING_CHANGED = "Nichts wurde geändert."

#: The form's labels of the day's settings, by field.
LABELS: Mapping[str, str] = {
    "round_games": "Spiele je Runde",
    "until_pot_empty": "Spielen, bis der Punktetopf leer ist",
    "pot_start": "Punktetopf oder Kasse am Start",
    "zwangssolo_frist": "Zwangssolo-Frist (Spiele)",
    "time_limit": "Zeitlimit (Minuten)",
}

#: The seed text of each preset.
SEEDS: Mapping[str, str] = {
    "ddv": "TSR",
    "hausregeln-2024": "000",
    "reglement-2001": "001",
    "schweinchen": "002",
    "ravensburger-2015": "004",
}

#: Where the seed says who sits at a table (000 L7 as the engine cites it; 001 and 002 name
#: no line, their whole text is a game of four).
TABLE_LINES: Mapping[str, str] = {
    "ddv": "TSR 3.1, 10.1",
    "hausregeln-2024": "000 Z. 7",
    "reglement-2001": "001 (ein Spiel zu viert)",
    "schweinchen": "002 (ein Spiel zu viert)",
    "ravensburger-2015": "004 Z. 91, 93",
}

#: Where the seed names its pot: the Punktetopf (000) or the Kasse (004).
POT_LINES: Mapping[str, str] = {"hausregeln-2024": "000 Z. 61", "ravensburger-2015": "004 Z. 63"}
#: Where the seed names the solos each player owes.
PFLICHT_LINES: Mapping[str, str] = {
    "ddv": "TSR 4.2.3",
    "hausregeln-2024": "000 Z. 61",
    "ravensburger-2015": "004 Z. 61",
}
#: Where plus-minus stands (a set without a pot).
PLUS_MINUS_LINES: Mapping[str, str] = {
    "hausregeln-2024": "Vorgabe D2",
    "reglement-2001": "001 Z. 119, 127",
    "schweinchen": "002 Z. 59",
}
FRIST_LINE = "004 Z. 61"
HAMMELRENNEN_LINE = "004 Z. 83"
DDV_DAY_LINE = "TSR 8.5.1, 10.2"

#: The pot's German name under its settlement.
POT_NAMES: Mapping[str, str] = {"pot_winners": "Punktetopf", "kasse": "Kasse"}


def ddv_field(label: str) -> str:
    return (
        "Unter den DDV-Turnierspielregeln hat jede Runde 24 Spiele (30 an Fünfertischen) und "
        f"100 Minuten (125) ({DDV_DAY_LINE}): das Feld „{label}“ bleibt dort leer. "
        f"{NOTHING_CHANGED}"
    )


def pot_required(rule_set: str, line: str) -> str:
    return (
        f"Unter „{rule_set}“ beginnt jede Liste mit einem Punktetopf ({line}): bitte seinen "
        f"Stand am Start in Punkten eingeben (z. B. 100). {NOTHING_CHANGED}"
    )


def pot_not_in_set(rule_set: str, line: str) -> str:
    return (
        f"„{rule_set}“ rechnet plus-minus, ohne Punktetopf und ohne Kasse ({line}): das Feld "
        f"„{LABELS['pot_start']}“ bleibt leer. {NOTHING_CHANGED}"
    )


def until_empty_without_pot(rule_set: str, line: str) -> str:
    return (
        f"„{LABELS['until_pot_empty']}“ gibt es nur mit einem Punktetopf oder einer Kasse; "
        f"„{rule_set}“ rechnet plus-minus ({line}). {NOTHING_CHANGED}"
    )


def until_empty_and_games(pot: str, line: str) -> str:
    return (
        f"Entweder eine feste Zahl von Spielen je Runde oder spielen, bis der {pot} leer ist "
        f"({line}), nicht beides: bitte eines der beiden Felder leeren. {NOTHING_CHANGED}"
    )


def frist_not_in_set(rule_set: str) -> str:
    return (
        f"Eine Zwangssolo-Frist gibt es nur unter Ravensburger 2015 ({FRIST_LINE}); unter "
        f"„{rule_set}“ bleibt das Feld „{LABELS['zwangssolo_frist']}“ leer. {NOTHING_CHANGED}"
    )


def out_of_range(label: str, low: int, high: int, why: str = "") -> str:
    return f"„{label}“: eine ganze Zahl von {low} bis {high}{why}. {NOTHING_CHANGED}"


def games_at_five(high: int) -> str:
    return f" (an Fünfertischen ein Viertel mehr, höchstens {high})"


SETTINGS_FIXED = (
    "Spiele je Runde, Punktetopf oder Kasse, Zwangssolo-Frist und Zeitlimit stehen fest: es "
    "ist schon ein Spiel eingetragen, und andere Einstellungen würden die gespeicherten Listen "
    f"anders prüfen. {NOTHING_CHANGED}"
)


def draw_fours_only(rule_set: str, line: str, count: int) -> str:
    """A player count that is no multiple of four, under a set of tables of four only."""
    add = -count % 4
    withdraw = count % 4
    return (
        f"Unter „{rule_set}“ spielen nur Vierertische ({line}): {count} Spieler lassen sich "
        f"nicht an Vierertische setzen. Bitte {add} {_players(add)} nachmelden oder "
        f"{withdraw} {_players(withdraw)} für diese Runde abmelden, dann auslosen."
    )


NOTHING_DRAWN = "Nichts wurde ausgelost."


def not_drawn(problem: str) -> str:
    """The refusal of a draw: why, and that nothing was drawn."""
    return f"{problem} {NOTHING_DRAWN}"


def _players(count: int) -> str:
    return "Spieler" if count != 1 else "Spielerin oder Spieler"


# ---------------------------------------------------------------- the list's header


def pot_line(pot: str, balance: int, unit: str, line: str, until_empty: bool) -> str:
    """E.g. „Topf: 37 Punkte (000 Z. 61)“; with „die Runde endet, wenn er leer ist“."""
    name = "Topf" if pot == "Punktetopf" else pot
    text = f"{name}: {balance} {unit} ({line})"
    if until_empty:
        pronoun = "er" if pot == "Punktetopf" else "sie"
        text += f"; die Runde endet, wenn {pronoun} leer ist"
    return text


def owed_label(pflichtsolo: str, frist: int | None, line: str) -> str:
    """What the header calls the solos owed under the set, with the seed line."""
    if pflichtsolo == "per_session":
        return f"Pflichtsolo des Abends offen ({line})"
    if pflichtsolo == "zwangssolo":
        return f"Zwangssolo offen, Frist {frist} Spiele ({line})"
    return f"Pflichtsolo offen ({line})"


def vorfuehrung_banner(name: str, line: str, zwangssolo: bool) -> str:
    solo = "das Zwangssolo" if zwangssolo else "das Pflichtsolo"
    return f"{name} muss jetzt {solo} vorgeführt spielen ({line})."


def hammelrennen_banner(balance: int, unit: str) -> str:
    return (
        f"Die Kasse hält nur noch {balance} {unit}: als Nächstes wird das Hammelrennen "
        f"gespielt ({HAMMELRENNEN_LINE})."
    )


NO_TIME_LIMIT = "ohne Zeitlimit"


def day_summary(
    *,
    games_four: int | None,
    games_five: int | None,
    pot: str | None,
    pot_start: int | None,
    unit: str,
    zwangssolo: bool,
    frist: int | None,
    minutes: int | None,
) -> list[tuple[str, str]]:
    """The day's settings under a set, as (label, value) lines for the tournament's pages."""
    if games_four is None:
        games = f"bis der {pot or 'Topf'} leer ist"
    else:
        fives = "" if games_five is None else f" (an Fünfertischen {games_five})"
        games = f"{games_four}{fives}"
    lines = [(LABELS["round_games"], games)]
    if pot is not None:
        start = (
            f"{pot_start} {unit} je Tisch"
            if pot_start is not None
            else "10 Grundbeträge je Spieler (004 Z. 63)"
        )
        lines.append((f"{pot} am Start", start))
    if zwangssolo:
        frist_text = f"{frist} Spiele ({FRIST_LINE})" if frist else "keine, also kein Zwangssolo"
        lines.append(("Zwangssolo-Frist", frist_text))
    lines.append(("Zeitlimit", f"{minutes} Minuten" if minutes else NO_TIME_LIMIT))
    return lines


def list_open_until_empty(table: int) -> str:
    """Why a round played until the pot is empty cannot close yet."""
    return f"Tisch {table}: der Topf ist noch nicht leer"


def no_time_up(rule_set: str) -> str:
    return (
        f"Unter „{rule_set}“ gibt es kein Erklären der abgelaufenen Zeit (TSR 8.5.3 gilt nur "
        "unter den DDV-Turnierspielregeln): ein Zeitlimit zeigt die Uhr, die Runde endet mit "
        "ihren Spielen oder dem leeren Topf. Nichts wurde geändert."
    )


def drawn_table_misfit(rule_set: str, line: str, round_: int, table: int, size: int) -> str:
    """A round drawn (under another rule set) with a table the set does not play at."""
    return (
        f"Runde {round_} kann nicht starten: Tisch {table} hat {size} Spieler, unter "
        f"„{rule_set}“ spielen nur Vierertische ({line}). Bitte die Runde neu auslosen. "
        f"{NOTHING_CHANGED}"
    )


def card_line(
    *,
    games: int | None,
    pot: str | None,
    pot_start: int | None,
    unit: str,
    minutes: int | None,
    owed: str | None,
) -> str:
    """The foot of a table card: games or the pot, the time, the solos owed."""
    parts = [f"{games} Spiele" if games is not None else f"bis der {pot or 'Topf'} leer ist"]
    if pot is not None and pot_start is not None:
        parts.append(f"{pot} am Start: {pot_start} {unit}")
    parts.append(f"{minutes} Minuten" if minutes else NO_TIME_LIMIT)
    if owed:
        parts.append(owed)
    return " · ".join(parts)


#: The solos owed on a table card, by the set's rule.
CARD_OWED: Mapping[str, str] = {
    "per_round": "Pflichtsolo für jeden (TSR 4.2)",
    "per_session": "ein Pflichtsolo für jeden im Lauf des Abends (000 Z. 61)",
    "zwangssolo": "Zwangssolo für jeden in {frist} Spielen (004 Z. 61)",
}


# ---------------------------------------------------------------- the list, the overview, the start

#: The list's section of owed solos, by the set's kind of owed solo.
PFLICHT_HEADINGS: Mapping[str, str] = {
    "pflichtsolo": "Pflicht- und vorgeführte Soli",
    "zwangssolo": "Zwangssoli",
}
#: The section's line while it is empty.
PFLICHT_NONE: Mapping[str, str] = {
    "pflichtsolo": "Noch kein Pflichtsolo.",
    "zwangssolo": "Noch kein Zwangssolo.",
}
#: The round overview's column of owed solos and the Vorführung.
OVERVIEW_COLUMNS: Mapping[str, str] = {
    "pflichtsolo": "Pflichtsoli, Vorführung",
    "zwangssolo": "Zwangssolo, Vorführung",
}
#: The round page's start button and the note after it, for a round without a time limit.
START_BUTTON = "Runde starten (Uhr läuft)"
START_BUTTON_NO_CLOCK = "Runde starten"
ROUND_STARTED_NO_CLOCK = "Runde {round} läuft (ohne Zeitlimit)."
