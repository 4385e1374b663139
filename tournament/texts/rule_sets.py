"""The rule sets in German: the presets' and variants' names, and every parameter of a rule set
worded for the page „Regelwerk“, each with its source.

The sources follow ``docs/rule-sets.md``: „003 Z. 36“ is line 36 of the rule text 003 (the
DDV Turnier-Spielregeln; 000 the house rules of 2024, 001 the Reglement 2001, 002 the house
rules with Schweinchen, 004 Ravensburger 2015); „Vorgabe D11“ is a default the project chose
where a text is silent or ambiguous, given with its reason.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from rules_engine.rulesets import (
    Armut,
    ArmutNoTaker,
    CallSystem,
    Context,
    DealerAfterSolo,
    DullenOrder,
    ExtraGame,
    Hammelrennen,
    HochzeitSelector,
    KontraWin,
    Model,
    Pflichtsolo,
    PremiumFrom,
    PremiumsTo,
    RuleSet,
    Schweinchen,
    Settlement,
    SoloistLeads,
    SoloKind,
    Special,
    Timing,
    Unit,
    VorbehaltOrder,
)

#: The presets' German names, short enough for a line on every list.
PRESET_NAMES: Mapping[str, str] = {
    "ddv": "DDV-Turnierspielregeln",
    "hausregeln-2024": "Hausregeln 2024 (40 Karten, Punktetopf)",
    "reglement-2001": "Reglement 2001",
    "schweinchen": "Hausregeln mit Schweinchen",
    "ravensburger-2015": "Ravensburger 2015 (Kasse)",
}

#: The rule text each preset was made from, as the text names itself.
PRESET_TEXTS: Mapping[str, str] = {
    "ddv": "Regeltext 003: DDV Turnier-Spielregeln (TSR)",
    "hausregeln-2024": "Regeltext 000: „Doppelkopfregeln“, wilhelm-voss.de, Mai 2024",
    "reglement-2001": "Regeltext 001: „Doppelkopf - Reglement, Version 3 / 09.2001“",
    "schweinchen": "Regeltext 002: Hausregeln „Besonderheiten im Kuss Rosa“",
    "ravensburger-2015": "Regeltext 004: Ravensburger 2015, „Doppelkopf (mit Varianten)“",
}

#: The seed text of each preset.
_SEED: Mapping[str, str] = {
    "ddv": "003",
    "hausregeln-2024": "000",
    "reglement-2001": "001",
    "schweinchen": "002",
    "ravensburger-2015": "004",
}


@dataclass(frozen=True, slots=True)
class Variant:
    """A documented option of a preset: its German name and where it comes from."""

    name: str
    source: str


#: The variants of ``rules_engine.rulesets.VARIANTS`` in German, by preset and variant key.
VARIANT_TEXTS: Mapping[str, Mapping[str, Variant]] = {
    "hausregeln-2024": {
        "plus_minus": Variant("Plus-Minus statt Punktetopf", "Vorgabe D2"),
        "sixty_in_vorgefuehrt": Variant(
            "60er-Regel auch in vorgeführten Soli", "000 Z. 61 (wörtlich gelesen)"
        ),
    },
    "reglement-2001": {
        "ohne_neunen": Variant("ohne Neunen (40 Karten)", "001 Z. 89-90"),
    },
    "ravensburger-2015": {
        "tolle": Variant("„Tolle“: die Herz 10 ist höchster Trumpf", "004 Z. 71"),
        "fuechse": Variant("„Füchse“: 5 Pfennig für jeden gefangenen Fuchs", "004 Z. 75-79"),
        "muellers_karle": Variant("„Müllers Karle“: Kreuz Bube im letzten Stich", "004 Z. 81"),
        "ohne_neunen": Variant("ohne Neunen (40 Karten)", "004 Z. 87"),
        "armut": Variant("Armut mit zwei Trümpfen", "004 Z. 87"),
    },
}

#: The defaults of ``docs/rule-sets.md`` this page cites, each with its reason.
DEFAULTS: Mapping[int, str] = {
    1: "Wertung der Hausregeln 2024: gewonnen 1, je Stufe 1, je Absage 1, gegen die Alten 1, "
    "Sonderpunkte je 1; Re und Kontra verdoppeln je (Z. 81 sagt nur „RE verdoppelt“; das "
    "Hausmodell von 001 und 002)",
    2: "der Punktetopf zahlt jedem Sieger den Spielwert, die Verlierer bekommen nichts "
    "(Z. 61, Z. 79 „Nur der Sieger erhält Punkte“)",
    3: "ein gewonnenes Solo dreifach aus dem Topf, ein verlorenes zahlt jedem Gegner einfach "
    "(jeder andere Regeltext verdreifacht das Solo)",
    4: "die 60er-Regel gilt in keinem Solo (Z. 59 ist die spätere Ergänzung)",
    5: "bei der 60er-Regel wird die andere Partei Sieger, ihre Wertung wie sonst (der Text "
    "ändert nur den Sieger)",
    6: "Hammelrennen: +1 für den Sieger; gleich nahe an 60: niemand (der Text nennt keinen Wert)",
    7: "Schwarze Sau: die Augen des Solisten sind alle seine Stiche; (gewonnen + Stufen) x 2, "
    "Solo dreifach (die einfachste Lesart)",
    10: "die Soli der Turnierspielregeln (der Text nennt nur das Bubensolo)",
    11: "höchstens 5 bzw. 9 Karten auf dem Tisch (wie 000 Z. 57 und 002 Z. 40)",
    12: "jeder Sieg der Kontrapartei verdoppelt, auch im Solo und beim Schieben (Z. 129 „nach "
    "dem gleichen System“)",
    13: "Re und Kontra zusammen: x 4 (wie 002 Z. 62)",
    14: "Karlchen und Fuchs, je 1, in Normalspielen und beim Schieben (nur diese sind genannt)",
    18: "„Kontra gewinnt“ zählt einen Punkt in jedem Spiel (zweimal ohne Einschränkung genannt)",
    19: "der Solopunkt geht an den Sieger, auch wenn das Solo verloren ist (er hebt den Wert "
    "wie eine Stufe)",
    22: "das Schweinchen gilt nur, wo das Karo As Trumpf ist (es steht über der Herz 10)",
    23: "im Trumpfsolo zählen Karlchen, Karlchen gefangen, Doppelkopf und Fuchs (Z. 24)",
    24: "Re braucht 121 Augen, auch gegen ein alleiniges Kontra (die Grenzen sind ohne "
    "Bedingung genannt)",
    28: "je Stufe ein Grundbetrag mehr, auch im Solo; jeder Sieger wird bezahlt "
    "(5-Pfennig-Stücke lassen sich nicht teilen)",
    29: "bei 120:120 verlieren die Alten (Z. 23)",
    30: "Kontra sagt die Partei gegen die Alten oder den Solisten, Re nur als Antwort; Prämien "
    "werden nicht verdoppelt (Z. 67)",
    33: "die Hochzeit hat keine Frist (Z. 51 nennt keine)",
    35: "Sonderpunkte im letzten Stich und der Herzstich gehen an die Partei, die den Stich "
    "gewinnt (die übliche Bedeutung)",
    37: "keine Lücken: eine Erhöhung spätestens mit der ersten Karte des Stichs nach der "
    "vorigen Ansage (Z. 57)",
    39: "„gegen die Alten“ zählt nicht im Solo (für Soli ist nur der Doppelkopf genannt)",
}


def default(number: int) -> str:
    """„Vorgabe D<n>: reason“."""
    return f"Vorgabe D{number}: {DEFAULTS[number]}"


@dataclass(frozen=True, slots=True)
class Parameter:
    """One line of the page „Regelwerk“: what, how under this rule set, and from where."""

    label: str
    text: str
    sources: tuple[str, ...]


_SOLOS: Mapping[SoloKind, str] = {
    SoloKind.KREUZ: "Farbsolo Kreuz",
    SoloKind.PIK: "Farbsolo Pik",
    SoloKind.HERZ: "Farbsolo Herz",
    SoloKind.KARO: "Farbsolo Karo (Trumpfsolo)",
    SoloKind.DAMEN: "Damensolo",
    SoloKind.BUBEN: "Bubensolo",
    SoloKind.DAMEN_BUBEN: "Damen-Buben-Solo",
    SoloKind.FLEISCHLOS: "Fleischloser",
}
_SPECIALS: Mapping[Special, str] = {
    Special.DOPPELKOPF: "Doppelkopf",
    Special.FUCHS: "Fuchs gefangen",
    Special.KARLCHEN: "Karlchen",
    Special.KARLCHEN_GEFANGEN: "Karlchen gefangen",
    Special.HERZSTICH: "Herzstich",
    Special.FUCHS_LETZTER_STICH: "Fuchs im letzten Stich",
}
_CONTEXTS: Mapping[Context, str] = {
    Context.NORMAL: "Normalspiel",
    Context.ARMUT: "Armut",
    Context.KARO_SOLO: "Trumpfsolo",
    Context.SOLO: "Solo",
    Context.SCHWARZE_SAU: "Schwarze Sau",
    Context.VORGEFUEHRT: "vorgeführtes Solo",
}
_CONTEXT_ORDER = tuple(_CONTEXTS)
_LEADS: Mapping[SoloistLeads, str] = {
    SoloistLeads.PFLICHT_ONLY: "Beim Pflichtsolo spielt der Solist aus.",
    SoloistLeads.ALWAYS: "Der Solist spielt immer aus.",
    SoloistLeads.NEVER: "Der Solist spielt nicht aus, es bleibt beim Spieler links vom Geber.",
    SoloistLeads.UNSPECIFIED: "Wer ausspielt, regelt der Text nicht.",
}
_SELECTORS: Mapping[HochzeitSelector, str] = {
    HochzeitSelector.FIRST_FOREIGN: "Partner wird, wer den ersten Stich macht, der nicht an "
    "den Hochzeiter geht",
    HochzeitSelector.FIRST_FEHL: "Partner wird, wer den ersten Fehlstich macht",
    HochzeitSelector.FEHL_OR_TRUMP: "der Hochzeiter sagt „Fehl“ oder „Trumpf“ als Findungsstich",
}
_ARMUT: Mapping[Armut, str] = {
    Armut.NONE: "Keine Armut.",
    Armut.TRUMPS_ONLY: "Trumpfabgabe (Schieben): wer höchstens {n} Trümpfe hat, gibt sie einem "
    "Mitspieler; Geber und Nehmer spielen zusammen (Re).",
    Armut.TRUMPS_FOXES_OPEN: "Schieben: wer höchstens {n} Trümpfe (und zwei Karo As) hat, "
    "schiebt, die Füchse offen; Geber und Nehmer spielen zusammen (Re).",
    Armut.TWO_TRUMPS: "Armut: wer nur {n} Trümpfe hat, bittet um Mitnahme.",
}
_NO_TAKER: Mapping[ArmutNoTaker, str] = {
    ArmutNoTaker.NONE: "",
    ArmutNoTaker.REDEAL: " Nimmt niemand, wird neu gegeben.",
    ArmutNoTaker.UNSPECIFIED: " Was geschieht, wenn niemand nimmt, regelt der Text nicht.",
}
_VORBEHALTE: Mapping[VorbehaltOrder, str] = {
    VorbehaltOrder.PFLICHT_LUST_HOCHZEIT: "Pflichtsolo vor Lustsolo vor Hochzeit.",
    VorbehaltOrder.SOLO_HOCHZEIT_ARMUT: "Solo vor Hochzeit vor Trumpfabgabe.",
    VorbehaltOrder.SEAT_OR_SCHMEISSEN: "Nach der Sitzfolge; „Schmeißen“ vor allem anderen.",
    VorbehaltOrder.SOLO_HOCHZEIT: "Solo vor Hochzeit.",
    VorbehaltOrder.NONE: "Keine Reihenfolge der Vorbehalte genannt.",
}
_EXTRA_GAMES: Mapping[ExtraGame, str] = {
    ExtraGame.SCHWARZE_SAU: "Schwarze Sau",
    ExtraGame.HAMMELRENNEN: "Hammelrennen",
    ExtraGame.SCHWARZ_SPIEL: "Schwarz-Spiel (der Schuldige -18, jeder andere +6)",
}
_HAMMEL: Mapping[Hammelrennen, str] = {
    Hammelrennen.NONE: "",
    Hammelrennen.OVER120_OR_NEAREST60: " Im Hammelrennen spielt jeder für sich; es gewinnt, "
    "wer über 120 Augen hat oder am nächsten an 60 liegt.",
    Hammelrennen.FIRST_TO_60: " Im Hammelrennen gewinnt, wer zuerst 60 Augen hat.",
}
_MODELS: Mapping[Model, str] = {
    Model.DDV: "Punkte der Turnierspielregeln: gewonnen 1, je Stufe 1, Re und Kontra je 2, "
    "je Absage 1, gegen die Kreuz-Damen 1; das Solo zählt dreifach.",
    Model.DOUBLING: "Hauswertung: gewonnen und je Stufe ein Punkt, je Absage ein Punkt; Re und "
    "Kontra verdoppeln (beide: x 4); das Solo zählt dreifach.",
    Model.KASSE: "Geld aus der Kasse: je Sieger der Grundbetrag, je Gewinnstufe ein "
    "Grundbetrag mehr; Soli aus der Tasche; Kontra verdoppelt, Re vervierfacht.",
}
_KONTRA_WIN: Mapping[KontraWin, str] = {
    KontraWin.POINT: "einen Punkt",
    KontraWin.DOUBLE: "die doppelte Punktzahl",
    KontraWin.BASE2: "den doppelten Grundbetrag",
    KontraWin.NONE: "nichts",
}
_PFLICHTSOLO: Mapping[Pflichtsolo, str] = {
    Pflichtsolo.PER_ROUND: "Jeder spielt in einer Runde ein Pflichtsolo.",
    Pflichtsolo.PER_SESSION: "Jeder spielt im Lauf des Abends ein Pflichtsolo.",
    Pflichtsolo.ZWANGSSOLO: "Zwangssolo nach den Regeln des Textes.",
    Pflichtsolo.NONE: "Kein Pflichtsolo.",
}
_DEALER: Mapping[DealerAfterSolo, str] = {
    DealerAfterSolo.REPEAT_AFTER_PFLICHTSOLO: "Nach einem Pflichtsolo gibt derselbe Geber "
    "noch einmal, sonst geht das Geben reihum.",
    DealerAfterSolo.STAY_UNTIL_THIRD_SOLO: "Der Geber bleibt nach einem Solo, bis zum dritten "
    "Solo in Folge.",
    DealerAfterSolo.ROTATE: "Das Geben geht nach jedem Spiel reihum.",
}
_SETTLEMENT: Mapping[Settlement, str] = {
    Settlement.PLUS_MINUS: "Plus-Minus: jede Zeile der Liste ergibt zusammen 0.",
    Settlement.POT_WINNERS: "Punktetopf: der Topf zahlt jedem Sieger den Spielwert, die "
    "Verlierer bekommen nichts.",
    Settlement.KASSE: "Kasse: jeder zahlt ein, Normalspiele zahlt die Kasse, Soli werden aus "
    "der Tasche bezahlt.",
}
_UNITS: Mapping[Unit, str] = {Unit.PUNKTE: "Punkte", Unit.PFENNIG: "Pfennig"}


def _games(contexts: frozenset[Context]) -> str:
    return ", ".join(_CONTEXTS[c] for c in _CONTEXT_ORDER if c in contexts)


def _deck(rules: RuleSet) -> str:
    if rules.deck == 40:
        return "40 Karten ohne Neunen, 10 Stiche, 240 Augen."
    return "48 Karten, 12 Stiche, 240 Augen."


def _dullen(rules: RuleSet) -> str:
    if not rules.dullen:
        return "Keine Dullen: Trümpfe sind Damen, Buben und Karo; die Herz 10 ist eine Fehlkarte."
    order = {
        DullenOrder.FIRST_WINS: "die erste",
        DullenOrder.SECOND_WINS: "die zweite, auch im letzten Stich",
        DullenOrder.SECOND_WINS_EXCEPT_LAST: "die zweite, außer im letzten Stich",
    }[rules.dullen_order]
    solo = "" if rules.farbsolo_keeps_dullen else " Im Farbsolo nicht."
    return (
        f"Die Herz 10 sind die höchsten Trümpfe; von zweien in einem Stich gewinnt {order}.{solo}"
    )


def _schweinchen(rules: RuleSet) -> str:
    if rules.schweinchen is Schweinchen.NONE:
        return "Keine Schweinchen."
    return (
        "Wer beide Karo As hat, meldet das Schweinchen: eines ist höchster Trumpf, nur das "
        "andere ist ein Fuchs."
    )


def _solos(rules: RuleSet) -> str:
    names = ", ".join(_SOLOS[kind] for kind in SoloKind if kind in rules.solos)
    hochzeit = " Stille Hochzeit erlaubt." if rules.stille_hochzeit else ""
    return f"{names}.{hochzeit} {_LEADS[rules.soloist_leads]}"


def _hochzeit(rules: RuleSet) -> str:
    deadline = (
        f"innerhalb der ersten {rules.hochzeit_deadline} Stiche, sonst spielt er allein"
        if rules.hochzeit_deadline is not None
        else "ohne Frist; allein nur, wenn der Hochzeiter alle Stiche macht"
    )
    return f"{_SELECTORS[rules.hochzeit_selector]}, {deadline}."


def _armut(rules: RuleSet) -> str:
    text = _ARMUT[rules.armut].format(n=rules.armut_max_trumps) + _NO_TAKER[rules.armut_no_taker]
    if rules.redeal_max_trumps is not None:
        text += f" Mit höchstens {rules.redeal_max_trumps} Trumpf darf neu gegeben werden."
    return text


def _extra_games(rules: RuleSet) -> str:
    if not rules.extra_games:
        return "Keine."
    names = ", ".join(_EXTRA_GAMES[g] for g in ExtraGame if g in rules.extra_games)
    return f"{names}.{_HAMMEL[rules.hammelrennen]}"


def _calls(rules: RuleSet) -> str:
    if rules.calls is CallSystem.KONTRA_RE:
        text = "Kontra und Re wie beim Skat: die Gegenpartei sagt Kontra, Re nur als Antwort; "
        text += "keine Absagen."
    else:
        text = "Re und Kontra, dazu die Absagen keine 90, keine 60, keine 30, schwarz."
        if not rules.absagen_in_solo:
            text += " Im Solo nur Re und Kontra."
        if rules.erwiderung:
            text += " Eine Erwiderung auf die Ansage der Gegenseite ist später noch erlaubt."
    win = "Re gewinnt mit 121 Augen"
    if rules.re_120_vs_kontra_only:
        win += ", mit 120, wenn nur Kontra angesagt ist"
    return f"{text} {win}."


def _deadlines(rules: RuleSet) -> str:
    if rules.timing is Timing.NONE or not rules.deadlines:
        return "Keine Fristen."
    re_kontra, *absagen = rules.deadlines
    if rules.timing is Timing.HAND:
        text = (
            f"Re/Kontra, solange der Ansagende noch mindestens {re_kontra} Karten hat; "
            "keine 90, 60, 30, schwarz mit mindestens "
            + ", ".join(str(n) for n in absagen)
            + " Karten."
        )
        if rules.deck == 40:
            text += " Ohne Neunen je zwei Karten weniger."
    else:
        text = (
            f"Re/Kontra bis zur {re_kontra}. Karte auf dem Tisch; keine 90, 60, 30, schwarz "
            "bis zur " + ", ".join(f"{n}." for n in absagen) + " Karte."
        )
    if rules.raise_no_gap:
        text += " Keine Lücken zwischen den Ansagen."
    return text


def _scoring(rules: RuleSet) -> str:
    text = _MODELS[rules.model]
    if rules.kontra_win is not KontraWin.NONE and rules.model is not Model.DDV:
        text += (
            f" Gewinnt die Partei gegen die Alten, bekommt sie {_KONTRA_WIN[rules.kontra_win]}"
            f" ({_games(rules.kontra_win_in)})."
        )
    if rules.solo_point:
        text += f" Ein gespieltes Solo bringt {rules.solo_point} Extrapunkt."
    return text


def _sixty(rules: RuleSet) -> str:
    if not rules.sixty_rule_in:
        return "Keine 60er-Regel."
    return (
        "Wer über 180 Augen hat, ohne dass die eigene Partei angesagt hat, verliert "
        f"({_games(rules.sixty_rule_in)})."
    )


def _specials(rules: RuleSet) -> str:
    if not rules.specials:
        return "Keine."
    parts = [f"{_SPECIALS[kind]} ({_games(where)})" for kind, where in rules.specials]
    text = ", ".join(parts) + "."
    if rules.premiums_to is PremiumsTo.PLAYER:
        payer = "die Kasse" if rules.premium_from is PremiumFrom.KASSE else "der Verlierer"
        text += f" Sie sind Geld an den einzelnen Spieler, es zahlt {payer}."
    return text


def _settlement(rules: RuleSet) -> str:
    text = _SETTLEMENT[rules.settlement]
    if rules.unit is not Unit.PUNKTE or rules.grundbetrag != 1:
        text += f" Grundbetrag {rules.grundbetrag} {_UNITS[rules.unit]}."
    return text


def _games_per_round(rules: RuleSet) -> str:
    if rules.games_per_round is None:
        return "Der Regeltext legt keine Zahl von Spielen fest."
    return f"{rules.games_per_round} Spiele je Runde (30 an Fünfertischen)."


def _pflichtsolo(rules: RuleSet) -> str:
    return _PFLICHTSOLO[rules.pflichtsolo]


def _dealer(rules: RuleSet) -> str:
    return _DEALER[rules.dealer_after_solo]


def _vorbehalte(rules: RuleSet) -> str:
    return _VORBEHALTE[rules.vorbehalt_order]


_NOT_IN_TEXT = "kommt im Regeltext {seed} nicht vor"

#: Each parameter: its label, the fields it shows (a variant changing one of them is its
#: source), its wording, and its sources per preset (``None``: the text has no such rule).
_PARAMETERS: tuple[
    tuple[str, frozenset[str], Callable[[RuleSet], str], Mapping[str, tuple[str, ...] | None]],
    ...,
] = (
    (
        "Karten",
        frozenset({"deck"}),
        _deck,
        {
            "ddv": ("003 Z. 5",),
            "hausregeln-2024": ("000 Z. 7 „Gespielt wird mit 40 Karten, davon 24 Trümpfen“",),
            "reglement-2001": ("001 Z. 18",),
            "schweinchen": ("002 Z. 5, 9, 53",),
            "ravensburger-2015": ("004 Z. 87 (ohne Neunen nur als Variante)",),
        },
    ),
    (
        "Dullen (Herz 10)",
        frozenset({"dullen", "dullen_order", "farbsolo_keeps_dullen"}),
        _dullen,
        {
            "ddv": ("003 Z. 36, 38, 50-51",),
            "hausregeln-2024": ("000 Z. 24, 32",),
            "reglement-2001": ("001 Z. 34 „Die zweite Herz 10 ist höher“",),
            "schweinchen": ("002 Z. 82",),
            "ravensburger-2015": ("004 Z. 33-35, 53",),
        },
    ),
    (
        "Schweinchen",
        frozenset({"schweinchen"}),
        _schweinchen,
        {
            "ddv": None,
            "hausregeln-2024": None,
            "reglement-2001": None,
            "schweinchen": ("002 Z. 68", default(22)),
            "ravensburger-2015": None,
        },
    ),
    (
        "Soli",
        frozenset({"solos", "soloist_leads", "stille_hochzeit"}),
        _solos,
        {
            "ddv": ("003 Z. 26, 45-59",),
            "hausregeln-2024": ("000 Z. 28-33",),
            "reglement-2001": (default(10), "001 Z. 67, 73"),
            "schweinchen": ("002 Z. 24, 33, 74",),
            "ravensburger-2015": ("004 Z. 53-59",),
        },
    ),
    (
        "Hochzeit",
        frozenset({"hochzeit_selector", "hochzeit_deadline"}),
        _hochzeit,
        {
            "ddv": ("003 Z. 42",),
            "hausregeln-2024": ("000 Z. 33",),
            "reglement-2001": ("001 Z. 67-69",),
            "schweinchen": ("002 Z. 33",),
            "ravensburger-2015": ("004 Z. 51", default(33)),
        },
    ),
    (
        "Armut",
        frozenset({"armut", "armut_max_trumps", "armut_no_taker", "redeal_max_trumps"}),
        _armut,
        {
            "ddv": None,
            "hausregeln-2024": ("000 Z. 34, 39",),
            "reglement-2001": ("001 Z. 63, 87",),
            "schweinchen": ("002 Z. 72",),
            "ravensburger-2015": ("004 Z. 87 (nur als Variante)",),
        },
    ),
    (
        "Vorbehalte",
        frozenset({"vorbehalt_order"}),
        _vorbehalte,
        {
            "ddv": ("003 Z. 68-70",),
            "hausregeln-2024": ("000 Z. 39",),
            "reglement-2001": ("001 Z. 30-31",),
            "schweinchen": ("002 Z. 37",),
            "ravensburger-2015": ("004 Z. 19",),
        },
    ),
    (
        "Sonderspiele",
        frozenset({"extra_games", "hammelrennen"}),
        _extra_games,
        {
            "ddv": None,
            "hausregeln-2024": ("000 Z. 79, 81", default(6), default(7)),
            "reglement-2001": ("001 Z. 145-149",),
            "schweinchen": None,
            "ravensburger-2015": ("004 Z. 83",),
        },
    ),
    (
        "Ansagen",
        frozenset({"calls", "absagen_in_solo", "erwiderung", "re_120_vs_kontra_only"}),
        _calls,
        {
            "ddv": ("003 Z. 73-86",),
            "hausregeln-2024": ("000 Z. 22, 57", default(24)),
            "reglement-2001": ("001 Z. 116-121", default(24)),
            "schweinchen": ("002 Z. 40-46, 58, 74", default(24)),
            "ravensburger-2015": ("004 Z. 23, 49, 67", default(29), default(30)),
        },
    ),
    (
        "Fristen der Ansagen",
        frozenset({"timing", "deadlines", "raise_no_gap"}),
        _deadlines,
        {
            "ddv": ("003 Z. 73-74, 104",),
            "hausregeln-2024": ("000 Z. 57", default(37)),
            "reglement-2001": ("001 Z. 119, 121", default(11)),
            "schweinchen": ("002 Z. 40, 43-46",),
            "ravensburger-2015": ("004 Z. 67",),
        },
    ),
    (
        "Wertung",
        frozenset({"model", "kontra_win", "kontra_win_in", "solo_point", "solo_factor"}),
        _scoring,
        {
            "ddv": ("003 Z. 89-95",),
            "hausregeln-2024": ("000 Z. 81", default(1), default(3), default(39)),
            "reglement-2001": ("001 Z. 117-129", default(12), default(13)),
            "schweinchen": ("002 Z. 13-17, 60-64", default(18), default(19)),
            "ravensburger-2015": ("004 Z. 61-67", default(28)),
        },
    ),
    (
        "60er-Regel",
        frozenset({"sixty_rule_in"}),
        _sixty,
        {
            "ddv": None,
            "hausregeln-2024": ("000 Z. 59", default(4), default(5)),
            "reglement-2001": None,
            "schweinchen": None,
            "ravensburger-2015": None,
        },
    ),
    (
        "Sonderpunkte",
        frozenset({"specials", "premiums_to", "premium_from"}),
        _specials,
        {
            "ddv": ("003 Z. 39-41, 94-95",),
            "hausregeln-2024": ("000 Z. 65-77", default(35)),
            "reglement-2001": ("001 Z. 39, 43", default(14)),
            "schweinchen": ("002 Z. 22-26, 70", default(23)),
            "ravensburger-2015": ("004: keine in den Grundregeln (Varianten Z. 75-81)",),
        },
    ),
    (
        "Abrechnung",
        frozenset({"settlement", "grundbetrag", "unit"}),
        _settlement,
        {
            "ddv": ("003 Z. 89",),
            "hausregeln-2024": ("000 Z. 61, 79", default(2)),
            "reglement-2001": ("001 Z. 119, 127",),
            "schweinchen": ("002 Z. 59",),
            "ravensburger-2015": ("004 Z. 61-65",),
        },
    ),
    (
        "Spiele je Runde",
        frozenset({"games_per_round"}),
        _games_per_round,
        {
            "ddv": ("003 Z. 10, 98",),
            "hausregeln-2024": ("000 Z. 61 (bis der Punktetopf leer ist)",),
            "reglement-2001": None,
            "schweinchen": None,
            "ravensburger-2015": None,
        },
    ),
    (
        "Pflichtsolo",
        frozenset({"pflichtsolo"}),
        _pflichtsolo,
        {
            "ddv": ("003 Z. 46-47",),
            "hausregeln-2024": ("000 Z. 61",),
            "reglement-2001": None,
            "schweinchen": ("002 Z. 74 „kein Pflichtsolo“",),
            "ravensburger-2015": ("004 Z. 61",),
        },
    ),
    (
        "Geber nach einem Solo",
        frozenset({"dealer_after_solo"}),
        _dealer,
        {
            "ddv": ("003 Z. 47, 60",),
            "hausregeln-2024": ("000 Z. 37",),
            "reglement-2001": None,
            "schweinchen": None,
            "ravensburger-2015": None,
        },
    ),
)


def rule_set_name(preset: str, variants: tuple[str, ...] | list[str] = ()) -> str:
    """The rule set's German name with its variants, e.g. „Reglement 2001, ohne Neunen
    (40 Karten)“."""
    name = PRESET_NAMES[preset]
    chosen = [VARIANT_TEXTS[preset][v].name for v in variants]
    return ", ".join([name, *chosen])


def parameters(
    preset: str, overridden: Mapping[str, Iterable[str]], rules: RuleSet
) -> list[Parameter]:
    """Every parameter of ``rules`` in German with its sources. ``overridden`` maps each field
    a chosen variant changed to those variants' keys: its source then is theirs."""
    seed = _SEED[preset]
    result = []
    for label, field_names, words, sources in _PARAMETERS:
        by_variant = sorted({v for f in field_names for v in overridden.get(f, ())})
        if by_variant:
            shown = tuple(
                f"{VARIANT_TEXTS[preset][v].source} – Variante {VARIANT_TEXTS[preset][v].name}"
                for v in by_variant
            )
        else:
            own = sources[preset]
            shown = own if own is not None else (_NOT_IN_TEXT.format(seed=seed),)
        result.append(Parameter(label, words(rules), shown))
    return result
