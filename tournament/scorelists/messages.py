"""The rules engine's English messages as German sentences, with players by name.

The engine reports in English and names players by their keys, which in the web app are
start numbers as text (``"12"``). The pages are German and show names, so every message the
engine produces while checking a score list is matched against one table of patterns here
and rewritten; prefixes ("entry 3: ", "game 3: ") and the TSR reference at the end are kept.
A message that no pattern knows is shown unchanged behind :data:`FALLBACK`, never an error.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import NamedTuple

#: Put before a message no pattern translates, so that tests (and readers) can spot it.
FALLBACK = "Regelprüfung: "


class _Noun(NamedTuple):
    """A kind of game with the forms the sentences need."""

    name: str
    ein: str
    kein: str
    einem: str


def _neuter(name: str, dative: str | None = None) -> _Noun:
    return _Noun(name, f"ein {name}", f"kein {name}", f"einem {dative or name}")


def _feminine(name: str, dative: str | None = None) -> _Noun:
    return _Noun(name, f"eine {name}", f"keine {name}", f"einer {dative or name}")


_NORMALSPIEL = _neuter("Normalspiel")
_HOCHZEIT = _feminine("Hochzeit")
_STILLE_HOCHZEIT = _feminine("stille Hochzeit", "stillen Hochzeit")
_SOLO = _neuter("Solo")

#: Kinds of game as the engine writes them: German names (round.py, scoring.py) and the
#: tokens of the list format (records.py).
_KINDS = {
    "Normalspiel": _NORMALSPIEL,
    "normal": _NORMALSPIEL,
    "Hochzeit": _HOCHZEIT,
    "hochzeit": _HOCHZEIT,
    "stille Hochzeit": _STILLE_HOCHZEIT,
    "stille_hochzeit": _STILLE_HOCHZEIT,
    "Solo": _SOLO,
    "solo": _SOLO,
    "Lustsolo": _neuter("Lustsolo"),
    "Pflichtsolo": _neuter("Pflichtsolo"),
    "vorgeführtes Pflichtsolo": _neuter("vorgeführtes Pflichtsolo", "vorgeführten Pflichtsolo"),
}

#: Penalty categories after "nicht bei" (penalties.py, ``deduction``).
_CATEGORIES = {
    "unerheblich": "einem unerheblichen Regelverstoß",
    "geringfuegig": "einem geringfügigen Regelverstoß",
    "schwerwiegend": "einem schwerwiegenden Regelverstoß",
    "entschieden": "einem Regelverstoß bei bereits entschiedenem Spiel",
    "unsportlich": "unsportlichem Verhalten",
}

#: Penalty phases (TSR 9.6).
_PHASES = {
    "normal": "Normalspiel",
    "solo": "Solo",
    "hochzeit_vor_klaerung": "Hochzeit bis zum Klärungsstich",
    "hochzeit_mit_partner": "Hochzeit mit Partner",
    "hochzeit_allein": "Hochzeit, allein gespielt",
    "stille_hochzeit_vor_zweiter_kreuz_dame": "stille Hochzeit vor der zweiten Kreuz-Dame",
    "stille_hochzeit_nach_zweiter_kreuz_dame": "stille Hochzeit nach der zweiten Kreuz-Dame",
}

#: Field names of the list format and the penalty, as the pages describe them.
_FIELDS = {
    "players": "Spieler",
    "games": "Anzahl der Spiele",
    "entries": "Einträge",
    "kind": "Art des Eintrags",
    "dealer": "Geber",
    "player": "Solist oder Hochzeiter",
    "points": "Punkte",
    "winners": "Gewinner",
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
}
#: Fields that end in a player's key, e.g. ``points.12``.
_PLAYER_FIELDS = {"points": "Punkte von {}", "hands": "Blatt von {}"}

# ---------------------------------------------------------------------------- the table
# Each pattern must match a whole message body (without "entry N: ", "game N: " and the
# "(TSR ...)" at the end). Groups are converted by name (digits at the end ignored):
# p: a player; row: "12 +3, 7 -1"; list: ['3', '7']; value: a value as the engine shows it;
# field: a field name; kind: a kind of game ({kind.ein}, {kind.kein}, {kind.einem});
# tricks, foxes, doppelkoepfe: counts ({tricks.acc} "3 Stiche", {tricks.dat} "3 Stichen");
# category, phase: a penalty's. Every other group is kept as it is.
_TABLE: tuple[tuple[str, str], ...] = (
    # round.py: the table, the dealer, the kind of game
    (
        r"players: a table has 4 or 5 players, not (?P<n>\d+)",
        "Spieler: Ein Tisch hat 4 oder 5 Spieler, nicht {n}",
    ),
    (
        r"players: the players of a table must be distinct names",
        "Spieler: Die Spieler eines Tisches müssen verschiedene Namen haben",
    ),
    (
        r"games: (?P<n>-?\d+) games leave no room for a Pflichtsolo each",
        "Anzahl der Spiele: Bei {n} Spielen hat nicht jeder Spieler Platz für sein Pflichtsolo",
    ),
    (
        r"the list is complete \(all games played\); no further game",
        "Die Liste ist vollständig (alle Spiele sind gespielt); kein weiteres Spiel",
    ),
    (
        r"the list is complete \(time is up and no Pflichtsolo is missing(?: played)?\); "
        r"no further game",
        "Die Liste ist vollständig (die Zeit ist um und kein Pflichtsolo fehlt); "
        "kein weiteres Spiel",
    ),
    (
        r"(?P<p>.+?) is given as dealer, but (?P<p2>.+) deals this game",
        "{p} ist als Geber angegeben, aber {p2} gibt dieses Spiel",
    ),
    (
        r"a game needs either its details or its points",
        "Ein Spiel braucht entweder seine Einzelheiten oder seine Punkte",
    ),
    (
        r"the list says (?P<row>.+), but the game is worth (?P<row2>.+)",
        "Auf der Liste steht {row}, das Spiel ergibt aber {row2}",
    ),
    (
        r"the list says (?P<row>.+), but the penalty gives (?P<row2>.+)",
        "Auf der Liste steht {row}, die Strafe ergibt aber {row2}",
    ),
    (
        r"a (?P<kind>.+) needs its player",
        "Bei {kind.einem} muss angegeben sein, wer spielt",
    ),
    (
        r"(?P<p>.+?) deals and sits out this game, so cannot play a (?P<kind>.+)",
        "{p} ist Geber und sitzt in diesem Spiel aus, kann also {kind.kein} spielen",
    ),
    (
        r"a Vorführung is due: (?P<p>.+?) must play his Pflichtsolo now "
        r"\(missing Pflichtsoli = games left\), not a (?P<kind>.+)",
        "Eine Vorführung ist fällig: {p} muss jetzt das eigene Pflichtsolo spielen (fehlende "
        "Pflichtsoli = verbleibende Spiele), eingetragen ist aber {kind.ein}",
    ),
    (
        r"no Vorführung is due \(the missing Pflichtsoli are fewer than the games left\); "
        r"a Pflichtsolo played by choice is written as Pflichtsolo",
        "Es ist keine Vorführung fällig (es fehlen weniger Pflichtsoli, als Spiele übrig "
        "sind); ein freiwillig gespieltes Pflichtsolo wird als Pflichtsolo eingetragen",
    ),
    (
        r"(?P<p>.+?) has already played his Pflichtsolo in this round; "
        r"a further solo is a Lustsolo",
        "{p} hat das eigene Pflichtsolo in dieser Runde schon gespielt; "
        "ein weiteres Solo ist ein Lustsolo",
    ),
    (
        r"(?P<p>.+?) may play a Lustsolo only after his own Pflichtsolo",
        "{p} darf ein Lustsolo erst nach dem eigenen Pflichtsolo spielen",
    ),
    (
        r"the game's players must be the four who play; (?P<p>.+) deals and sits out",
        "Die Spieler des Spiels müssen die vier sein, die spielen; {p} ist Geber und sitzt aus",
    ),
    (
        r"the game's players must be the table's players",
        "Die Spieler des Spiels müssen die Spieler des Tisches sein",
    ),
    (
        r"the details describe no (?P<kind>.+)",
        "Die Angaben beschreiben {kind.kein}",
    ),
    # round.py: a game entered as points only (TSR 7.3)
    (
        r"a row has (?P<n>\d+) points, one per player, not (?P<m>\d+)",
        "Eine Zeile hat {n} Punktzahlen, eine je Spieler, nicht {m}",
    ),
    (
        r"(?P<p>.+?) deals and sits out: 0 points, not (?P<n>-?\d+)",
        "{p} ist Geber und sitzt aus: 0 Punkte, nicht {n}",
    ),
    (
        r"the row sums to (?P<n>-?\d+), not 0",
        "Die Zeile ergibt in der Summe {n}, nicht 0",
    ),
    (
        r"the points must be all even or all odd",
        "Die Punkte müssen alle gerade oder alle ungerade sein",
    ),
    (
        r"entered as points only: Augen, calls and Sonderpunkte could not be checked",
        "Nur Punkte eingetragen: Augen, Ansagen und Sonderpunkte konnten nicht geprüft werden",
    ),
    (
        r"a winner is marked who did not play this game",
        "Als Gewinner ist jemand markiert, der dieses Spiel nicht mitgespielt hat",
    ),
    (
        r"in a (?P<kind>.+) the soloist gets three times what each opponent loses",
        "In {kind.einem} bekommt der Solist das Dreifache dessen, was jeder Gegenspieler verliert",
    ),
    (
        r"a Normalspiel gives two players the same points and the other two the opposite",
        "Ein Normalspiel gibt zwei Spielern dieselben Punkte und den beiden anderen "
        "dieselben mit umgekehrtem Vorzeichen",
    ),
    (
        r"no winner marked: right only if neither party reached its target",
        "Kein Gewinner markiert: Das ist nur richtig, wenn keine Partei ihr Ziel erreicht hat",
    ),
    (
        r"the winners marked must be one whole party",
        "Die markierten Gewinner müssen genau eine ganze Partei sein",
    ),
    # round.py: penalties and time
    (
        r"penalty: the solo counts as played, so say whether it was a Pflichtsolo, "
        r"vorgeführt or a Lustsolo",
        "Strafe: Das Solo gilt als gespielt, also muss angegeben sein, ob es ein Pflichtsolo, "
        "ein vorgeführtes Pflichtsolo oder ein Lustsolo war",
    ),
    (
        r"penalty: the list is complete, no solo can count as played any more",
        "Strafe: Die Liste ist vollständig, kein Solo kann mehr als gespielt gelten",
    ),
    (
        r"nachspielzeit: (?P<n>-?\d+) minutes, it must be positive",
        "Nachspielzeit: {n} Minuten, sie muss mehr als 0 Minuten betragen",
    ),
    (
        r"time_up: time is already up for this table",
        "Zeitende: Die Zeit ist für diesen Tisch schon als abgelaufen eingetragen",
    ),
    # scorelist.py
    (
        r"(?P<n>\d+) of (?P<m>\d+) games still to play",
        "Noch {n} von {m} Spielen zu spielen",
    ),
    (
        r"the penalty is not signed off by the Schiedsrichter",
        "Die Strafe ist nicht vom Schiedsrichter abgezeichnet",
    ),
    (
        r"players: the table's players in position order, 4 or 5 names",
        "Spieler: die Spieler des Tisches in der Reihenfolge der Plätze, 4 oder 5 Namen",
    ),
    (
        r"games: (?P<value>.+) is not a number of games",
        "Anzahl der Spiele: {value} ist keine mögliche Anzahl von Spielen",
    ),
    (
        r"entries: the list's entries in the order they happened",
        "Einträge: die Einträge der Liste in der Reihenfolge, in der sie geschahen",
    ),
    (
        r"an entry is an object with a kind",
        "Ein Eintrag ist ein Objekt mit einer Art (kind)",
    ),
    (
        r"kind: (?P<value>.+) is not game, penalty, nachspielzeit or time_up",
        "Art des Eintrags: {value} ist nicht game, penalty, nachspielzeit oder time_up",
    ),
    (
        r"(?P<field>[^:]+): one number for each player of the table",
        "{field}: eine Zahl für jeden Spieler des Tisches",
    ),
    (
        r"points: a quick entry is its points per player",
        "Punkte: Ein Eintrag nur mit Punkten braucht die Punkte jedes Spielers",
    ),
    (
        r"winners: a list of the players marked as winners",
        "Gewinner: eine Liste der als Gewinner markierten Spieler",
    ),
    (
        r"(?P<field>[^:]+): (?P<value>.+) is not a player of this table",
        "{field}: {value} ist kein Spieler dieses Tisches",
    ),
    (
        r"(?P<field>[^:]+): (?P<p>.+) sits out this game",
        "{field}: {p} sitzt in diesem Spiel aus",
    ),
    (
        r"(?P<field>[^:]+): (?P<value>.+) is not true or false",
        "{field}: {value} ist weder true noch false",
    ),
    (
        r"being_dealt: true or false",
        "Spiel wird gerade gegeben: true oder false",
    ),
    # tournament/services/scorelists.py
    (
        r"not storable as JSON \((?P<why>.*)\)",
        "nicht als JSON speicherbar ({why})",
    ),
    # scoring.py: verify_summary
    (
        r"players: a game has four distinct, non-empty player names",
        "Spieler: Ein Spiel hat vier verschiedene, nicht leere Spielernamen",
    ),
    (
        r"re: (?P<list>\[.*\]) names a player twice",
        "Re-Partei: In „{list}“ ist ein Spieler doppelt genannt",
    ),
    (
        r"re: a Normalspiel has two Re players, not (?P<n>\d+)",
        "Re-Partei: Ein Normalspiel hat zwei Re-Spieler, nicht {n}",
    ),
    (
        r"re: a Hochzeit has the Hochzeiter and his partner, or the Hochzeiter alone, "
        r"not (?P<n>\d+) players",
        "Re-Partei: Zu einer Hochzeit gehören der Hochzeiter und sein Partner oder der "
        "Hochzeiter allein, nicht {n} Spieler",
    ),
    (
        r"re: a (?P<kind>.+) is played by one player against three, not (?P<n>\d+)",
        "Re-Partei: In {kind.einem} spielt einer allein gegen drei, nicht {n}",
    ),
    (
        r"solo: the solo kind is given exactly when the type is solo",
        "Soloart: Sie wird genau dann angegeben, wenn die Spielart Solo ist",
    ),
    (
        r"pflicht: only a solo can be a Pflicht- or Lustsolo",
        "Angabe Pflichtsolo: Nur ein Solo kann ein Pflicht- oder Lustsolo sein",
    ),
    (
        r"re_eyes: (?P<n>-?\d+) is outside 0 to 240 Augen",
        "Augen von Re: {n} liegt nicht zwischen 0 und 240 Augen",
    ),
    (
        r"re_tricks: (?P<n>-?\d+) is outside 0 to 12 tricks",
        "Stiche von Re: {n} liegt nicht zwischen 0 und 12 Stichen",
    ),
    (
        r"re_eyes: (?P<n>\d+) Augen are impossible with re_tricks (?P<tricks>\d+): "
        r"at most (?P<m>\d+) fit in \d+ tricks",
        "Augen von Re: {n} Augen sind mit {tricks.dat} unmöglich: "
        "in {tricks.acc} passen höchstens {m}",
    ),
    (
        r"re_eyes: (?P<n>\d+) Augen are impossible with re_tricks (?P<tricks>\d+): "
        r"\d+ tricks hold at least (?P<m>\d+)",
        "Augen von Re: {n} Augen sind mit {tricks.dat} unmöglich: "
        "in {tricks.dat} sind mindestens {m}",
    ),
    (
        r"re_eyes: (?P<n>\d+) Augen are impossible with re_tricks (?P<tricks>\d+): "
        r"no (?P<cards>\d+) cards of the deck add up to it",
        "Augen von Re: {n} Augen sind mit {tricks.dat} unmöglich: "
        "keine {cards} Karten des Kartenspiels ergeben zusammen diese Zahl",
    ),
    (
        r"re_tricks: a Hochzeiter playing alone won the first three tricks, not (?P<n>-?\d+)",
        "Stiche von Re: Ein allein spielender Hochzeiter hat die ersten drei Stiche "
        "gewonnen, also mindestens 3, nicht {n}",
    ),
    (
        r'(?P<field>calls\.(?:re|kontra)): "(?P<call>\w+)" is not a call of the '
        r"(?P<party>Re|Kontra) party",
        '{field}: "{call}" ist keine Ansage der {party}-Partei',
    ),
    (
        r"specials: Sonderpunkte exist only in a Normalspiel, this game is scored as a solo",
        "Sonderpunkte: Die gibt es nur im Normalspiel, dieses Spiel wird wie ein Solo gewertet",
    ),
    (
        r"(?P<field>[^:]+): (?P<doppelkoepfe>\d+) Doppelköpfe need as many tricks of 40 Augen, "
        r"the party has (?P<tricks>\d+) tricks with (?P<eyes>\d+) Augen",
        "{field}: Für {doppelkoepfe.acc} braucht die Partei ebenso viele Stiche mit 40 Augen, "
        "sie hat {tricks.acc} mit {eyes} Augen",
    ),
    (
        r"(?P<field>[^:]+): a party without a trick cannot catch a Fuchs or win the last "
        r"trick with Karlchen",
        "{field}: Eine Partei ohne Stich kann keinen Fuchs fangen und nicht mit dem Karlchen "
        "den letzten Stich machen",
    ),
    (
        r"(?P<field>[^:]+): (?P<foxes>\d+) Füchse are (?P<n>\d+) Augen, "
        r"the party has (?P<eyes>\d+)",
        "{field}: Für {foxes.acc} braucht die Partei {n} Augen, sie hat nur {eyes}",
    ),
    (
        r"specials: more than 4 Doppelköpfe, the 16 Asse and Zehnen make at most 4",
        "Sonderpunkte: mehr als 4 Doppelköpfe, die 16 Asse und Zehnen ergeben höchstens 4",
    ),
    (
        r"specials: more than two Füchse caught, the deck has two Karo As",
        "Sonderpunkte: mehr als zwei Füchse gefangen, das Kartenspiel hat nur zwei Karo-Asse",
    ),
    (
        r"specials: only one trick is the last, so at most one Karlchen",
        "Sonderpunkte: Nur ein Stich ist der letzte, also höchstens ein Karlchen",
    ),
    # records.py: the game record (field-specific first, the general forms of _bad last)
    (
        r"players: must be a list of four player names",
        "Spieler: Hier gehört eine Liste von vier Spielernamen hin",
    ),
    (
        r"players: (?P<value>.+) is not a player name",
        "Spieler: {value} ist kein Spielername",
    ),
    (
        r"(?P<field>[^:]+): given for a game of type (?P<kind>.+), only a solo has one",
        "{field}: angegeben für {kind.ein}, nur ein Solo hat eine Soloart",
    ),
    (
        r"(?P<field>[^:]+): only a solo is a Pflichtsolo, not a (?P<kind>.+)",
        "{field}: Nur ein Solo kann ein Pflichtsolo sein, {kind.kein}",
    ),
    (
        r"re: must be a list of player names",
        "Re-Partei: Hier gehört eine Liste von Spielernamen hin",
    ),
    (
        r"(?P<field>[^:]+): must be an object with the keys re and kontra",
        "{field}: Hier gehört ein Objekt mit den Schlüsseln re und kontra hin",
    ),
    (
        r'(?P<field>[^:]+): unknown key "(?P<key>.*)", only re and kontra',
        '{field}: unbekannter Schlüssel "{key}", erlaubt sind nur re und kontra',
    ),
    (
        r"(?P<field>[^:]+): must be an object of doppelkopf, fuchs, karlchen",
        "{field}: Hier gehört ein Objekt aus doppelkopf, fuchs, karlchen hin",
    ),
    (
        r'(?P<field>[^:]+): unknown Sonderpunkt "(?P<key>.*)"',
        '{field}: unbekannter Sonderpunkt "{key}"',
    ),
    (
        r"(?P<field>[^:]+): (?P<value>.+) is not null or one of (?P<options>.+)",
        "{field}: {value} ist weder null noch einer der Werte {options}",
    ),
    (
        r'(?P<field>[^:]+): (?P<value>.+) is not true, false or "vorgefuehrt"',
        '{field}: {value} ist nicht true, false oder "vorgefuehrt"',
    ),
    (
        r"hands: must be an object with exactly one hand per player",
        "Blätter: Hier gehört ein Objekt mit genau einem Blatt je Spieler hin",
    ),
    (
        r"(?P<field>[^:]+): must be a list of cards",
        "{field}: Hier gehört eine Liste von Karten hin",
    ),
    (
        r"(?P<field>[^:]+): (?P<value>.+) is not a card",
        "{field}: {value} ist keine Karte",
    ),
    (
        r'game: must be an object such as \{"type": "normal"\}',
        'Spiel: Hier gehört ein Objekt wie {{"type": "normal"}} hin',
    ),
    (
        r"game\.type: (?P<value>.+) is not normal, hochzeit or solo "
        r"\(a stille Hochzeit is a normal game, found from the hands\)",
        "Spielart: {value} ist nicht normal, hochzeit oder solo (eine stille Hochzeit ist "
        "ein normales Spiel und wird an den Blättern erkannt)",
    ),
    (
        r"game\.player: a Normalspiel has no player",
        "Solist oder Hochzeiter: Ein Normalspiel hat keinen Alleinspieler",
    ),
    (
        r"actions: must be a list of action strings",
        "Spielzüge: Hier gehört eine Liste von Spielzügen als Text hin",
    ),
    (
        r"actions: only (?P<n>\d+) of 48 cards are played; this format has no game cut short "
        r"by the soloist \(TSR 5\.4\), so every card must be played",
        "Spielzüge: Nur {n} von 48 Karten sind gespielt; dieses Format kennt kein vom "
        "Solisten abgekürztes Spiel (TSR 5.4), also müssen alle Karten gespielt werden",
    ),
    (
        r'(?P<value>.+) is not "PLAYER:CARD" or "PLAYER:CALL"',
        '{value} ist weder "SPIELER:KARTE" noch "SPIELER:ANSAGE"',
    ),
    (
        r'"(?P<p>.*)" is not one of the players',
        '"{p}" ist keiner der Spieler',
    ),
    (
        r'"(?P<value>.*)" is neither a card nor one of re, kontra, keine90, keine60, '
        r"keine30, schwarz",
        '"{value}" ist weder eine Karte noch eine der Ansagen re, kontra, keine90, keine60, '
        "keine30, schwarz",
    ),
    # penalties.py: Penalty.verify
    (
        r"offender: position (?P<n>-?\d+) is not one of the four players",
        "Verursacher: Position {n} ist keiner der vier Spieler",
    ),
    (
        r"soloist: a solo penalty needs the soloist",
        "Solist: Eine Strafe im Solo braucht die Angabe des Solisten",
    ),
    (
        r"soloist: given for phase (?P<phase>\S+), where the Normalspiel rules apply",
        "Solist: angegeben für die Spielphase „{phase}“, in der die Regeln des Normalspiels gelten",
    ),
    (
        r"absagen: (?P<n>-?\d+) Absagen, a party makes at most 4 \(keine 90 \.\. schwarz\)",
        "Absagen: {n} Absagen, eine Partei macht höchstens 4 (keine 90 bis schwarz)",
    ),
    (
        r"deduction: (?P<n>-?\d+) points, unsportliches Verhalten costs up to 12",
        "Abzug: {n} Punkte, unsportliches Verhalten kostet höchstens 12",
    ),
    (
        r"deduction: only for unsportliches Verhalten, not (?P<category>\w+)",
        "Abzug: nur bei unsportlichem Verhalten, nicht bei {category}",
    ),
    # The general forms last: "field: value is not ...".
    (
        r"(?P<field>[^:]+): (?P<value>.+) is not one of the players",
        "{field}: {value} ist keiner der Spieler des Spiels",
    ),
    (
        r"(?P<field>[^:]+): (?P<value>.+) is not one of (?P<options>.+)",
        "{field}: {value} ist keiner der möglichen Werte {options}",
    ),
    (
        r"(?P<field>[^:]+): (?P<value>.+) is not a whole number",
        "{field}: {value} ist keine ganze Zahl",
    ),
    (
        r"(?P<field>[^:]+): (?P<value>-?\d+) is outside (?P<low>-?\d+) to (?P<high>-?\d+)",
        "{field}: {value} liegt nicht zwischen {low} und {high}",
    ),
    (r"(?P<field>[^:]+): missing", "{field}: fehlt"),
)

#: "entry 3: ", "game 3: ", "action 3: " in front of a message, and their German.
_PREFIX = re.compile(r"(?P<what>entry|game|action) (?P<n>\d+): ")
_PREFIXES = {"entry": "Eintrag", "game": "Spiel", "action": "Spielzug"}
#: The rule reference a message ends with, e.g. " (TSR 4.3.1)" or " (TSR 3.1, 10.1)".
_REFERENCE = re.compile(r"\s*\((?P<rule>TSR [^()]*)\)\s*$")
_QUOTED = re.compile(r"""(["'])(.*?)\1""")
_ROW_ITEM = re.compile(r"(?P<player>.+) (?P<points>[+-]\d+)")


class _Count(NamedTuple):
    """A number with its noun: ``acc`` "1 Stich", "3 Stiche"; ``dat`` "3 Stichen"."""

    acc: str
    dat: str


def _counter(singular: str, plural: str) -> Callable[[str, Mapping[str, str]], _Count]:
    def count(text: str, names: Mapping[str, str]) -> _Count:
        if text == "1":
            return _Count(f"1 {singular}", f"1 {singular}")
        dative = plural if plural.endswith("n") else plural + "n"
        return _Count(f"{text} {plural}", f"{text} {dative}")

    return count


def _player(text: str, names: Mapping[str, str]) -> str:
    return names.get(text, text)


def _value(text: str, names: Mapping[str, str]) -> str:
    """A value as the engine shows it; a quoted player key becomes the quoted name."""
    return _QUOTED.sub(lambda m: m[1] + names.get(m[2], m[2]) + m[1], text)


def _list(text: str, names: Mapping[str, str]) -> str:
    """``['3', '7']`` as the players' names, comma-separated."""
    keys = [key for _, key in _QUOTED.findall(text)]
    return ", ".join(names.get(key, key) for key in keys) if keys else text


def _row(text: str, names: Mapping[str, str]) -> str:
    """``12 +3, 7 -1`` with names."""
    items = []
    for item in text.split(", "):
        found = _ROW_ITEM.fullmatch(item)
        items.append(f"{_player(found['player'], names)} {found['points']}" if found else item)
    return ", ".join(items)


def _field(text: str, names: Mapping[str, str]) -> str:
    if text in _FIELDS:
        return _FIELDS[text]
    head, _, key = text.partition(".")
    if head in _PLAYER_FIELDS and key:
        return _PLAYER_FIELDS[head].format(_player(key, names))
    return text


def _kind(text: str, names: Mapping[str, str]) -> _Noun | None:
    return _KINDS.get(text)


def _category(text: str, names: Mapping[str, str]) -> str | None:
    return _CATEGORIES.get(text)


def _phase(text: str, names: Mapping[str, str]) -> str | None:
    return _PHASES.get(text)


_CONVERTERS: dict[str, Callable[[str, Mapping[str, str]], object]] = {
    "p": _player,
    "row": _row,
    "list": _list,
    "value": _value,
    "field": _field,
    "kind": _kind,
    "category": _category,
    "phase": _phase,
    "tricks": _counter("Stich", "Stiche"),
    "foxes": _counter("Fuchs", "Füchse"),
    "doppelkoepfe": _counter("Doppelkopf", "Doppelköpfe"),
}

_MESSAGES = tuple((re.compile(pattern), template) for pattern, template in _TABLE)


def german(message: str, names: Mapping[str, str] | None = None) -> str:
    """The engine's English message as a German sentence for the pages, players by name."""
    translated = _translate(message.strip(), names or {})
    return FALLBACK + message if translated is None else translated


def _translate(text: str, names: Mapping[str, str]) -> str | None:
    """``text`` in German, or ``None`` if some part of it is not known."""
    prefix = _PREFIX.match(text)
    if prefix:
        rest = _translate(text[prefix.end() :], names)
        return None if rest is None else f"{_PREFIXES[prefix['what']]} {prefix['n']}: {rest}"
    reference = _REFERENCE.search(text)
    if reference and reference.start() > 0:
        body = _translate(text[: reference.start()], names)
        return None if body is None else f"{body} ({reference['rule']})"
    for pattern, template in _MESSAGES:
        found = pattern.fullmatch(text)
        if found is None:
            continue
        values = _values(found, names)
        if values is not None:
            return template.format_map(values)
    return None


def _values(found: re.Match[str], names: Mapping[str, str]) -> dict[str, object] | None:
    """The groups of a match, converted by their names; ``None`` if one is not known."""
    values: dict[str, object] = {}
    for key, text in found.groupdict(default="").items():
        convert = _CONVERTERS.get(key.rstrip("0123456789"))
        value = text if convert is None else convert(text, names)
        if value is None:
            return None
        values[key] = value
    return values
