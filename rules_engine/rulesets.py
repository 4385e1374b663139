"""Rule sets as data: the DDV Turnier-Spielregeln and the house rules of the other seeds.

A :class:`RuleSet` is one immutable record of every rule dimension in which the five rule
texts the project was made from differ (``docs/rule-sets.md``). The named presets are
:data:`PRESETS`; a game record names one by its key, optionally with overrides
(:func:`parse_rules`). Seed references: "000 L24" is line 24 of the seed text 000
(house rules, 40 cards, Punktetopf), 001 the Reglement 2001, 002 the house rules with
Schweinchen, 004 the Ravensburger rules of 2015, 003 the DDV Turnier-Spielregeln (TSR).
``D<n>`` is a default chosen where a seed is silent or ambiguous (``docs/rule-sets.md``).

The DDV preset is the engine's historical behaviour; ``score`` takes its own fast path for it
and the general scorer (:mod:`rules_engine.rulescore`) for every other rule set.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from enum import Enum
from types import MappingProxyType
from typing import Any

from .errors import RecordError
from .findings import Code, JsonValue


class _Token(Enum):
    """An enum whose values are the tokens of the game-record contract."""

    __hash__ = object.__hash__  # members are singletons; Enum's hash is slow Python


class FiveSitter(_Token):
    """What the player sitting out at a table of five gets."""

    SCORES_ZERO = "scores_zero"
    PAYS_IN_SOLO = "pays_in_solo"


class DullenOrder(_Token):
    """Which of two Herz 10 in one trick wins."""

    FIRST_WINS = "first_wins"
    SECOND_WINS = "second_wins"
    SECOND_WINS_EXCEPT_LAST = "second_wins_except_last"


class Schweinchen(_Token):
    NONE = "none"
    ONE_OF_TWO = "one_of_two"


class SoloKind(_Token):
    """Every solo of the seeds (neutral ids: 004 calls the Bubensolo "Grand")."""

    KREUZ = "kreuz"
    PIK = "pik"
    HERZ = "herz"
    KARO = "karo"
    DAMEN = "damen"
    BUBEN = "buben"
    DAMEN_BUBEN = "damen_buben"
    FLEISCHLOS = "fleischlos"

    @property
    def german(self) -> str:
        return _SOLO_GERMAN[self]


_SOLO_GERMAN = {
    SoloKind.KREUZ: "Farbsolo Kreuz",
    SoloKind.PIK: "Farbsolo Pik",
    SoloKind.HERZ: "Farbsolo Herz",
    SoloKind.KARO: "Farbsolo Karo",
    SoloKind.DAMEN: "Damensolo",
    SoloKind.BUBEN: "Bubensolo",
    SoloKind.DAMEN_BUBEN: "Damen-Buben-Solo",
    SoloKind.FLEISCHLOS: "Fleischloser",
}


class SoloistLeads(_Token):
    PFLICHT_ONLY = "pflicht_only"
    ALWAYS = "always"
    NEVER = "never"
    UNSPECIFIED = "unspecified"


class HochzeitSelector(_Token):
    """Which trick decides the Hochzeiter's partner."""

    FIRST_FOREIGN = "first_foreign"
    FIRST_FEHL = "first_fehl"
    FEHL_OR_TRUMP = "fehl_or_trump"


class Armut(_Token):
    NONE = "none"
    TRUMPS_ONLY = "trumps_only"
    TRUMPS_FOXES_OPEN = "trumps_foxes_open"
    TWO_TRUMPS = "two_trumps"


class ArmutNoTaker(_Token):
    NONE = "none"
    REDEAL = "redeal"
    UNSPECIFIED = "unspecified"


class VorbehaltOrder(_Token):
    PFLICHT_LUST_HOCHZEIT = "pflicht_lust_hochzeit"
    SOLO_HOCHZEIT_ARMUT = "solo_hochzeit_armut"
    SEAT_OR_SCHMEISSEN = "seat_or_schmeissen"
    SOLO_HOCHZEIT = "solo_hochzeit"
    NONE = "none"


class ExtraGame(_Token):
    SCHWARZE_SAU = "schwarze_sau"
    HAMMELRENNEN = "hammelrennen"
    SCHWARZ_SPIEL = "schwarz_spiel"


class Hammelrennen(_Token):
    NONE = "none"
    OVER120_OR_NEAREST60 = "over120_or_nearest60"
    FIRST_TO_60 = "first_to_60"


class CallSystem(_Token):
    """``ddv``: Re/Kontra and the Absagen; ``kontra_re``: Skat-like Kontra, answered by Re."""

    DDV = "ddv"
    KONTRA_RE = "kontra_re"


class Timing(_Token):
    """How call deadlines count: cards in the caller's hand, cards on the table, none."""

    HAND = "hand"
    PLAYED = "played"
    NONE = "none"


class Model(_Token):
    """How a game's value is made: TSR additive, house doubling, money from a Kasse."""

    DDV = "ddv"
    DOUBLING = "doubling"
    KASSE = "kasse"


class KontraWin(_Token):
    """What a win against the Kreuz-Damen (or against the soloist) adds."""

    POINT = "point"
    DOUBLE = "double"
    BASE2 = "base2"
    NONE = "none"


class Context(_Token):
    """Kinds of game a scoring rule may be limited to (a game may be several)."""

    NORMAL = "normal"
    ARMUT = "armut"
    KARO_SOLO = "karo_solo"
    SOLO = "solo"
    SCHWARZE_SAU = "schwarze_sau"
    VORGEFUEHRT = "vorgefuehrt"


class Special(_Token):
    """Every kind of Sonderpunkt of the seeds."""

    DOPPELKOPF = "doppelkopf"
    FUCHS = "fuchs"
    KARLCHEN = "karlchen"
    KARLCHEN_GEFANGEN = "karlchen_gefangen"
    HERZSTICH = "herzstich"
    FUCHS_LETZTER_STICH = "fuchs_letzter_stich"

    @property
    def german(self) -> str:
        return _SPECIAL_GERMAN[self]


_SPECIAL_GERMAN = {
    Special.DOPPELKOPF: "Doppelkopf",
    Special.FUCHS: "Fuchs gefangen",
    Special.KARLCHEN: "Karlchen",
    Special.KARLCHEN_GEFANGEN: "Karlchen gefangen",
    Special.HERZSTICH: "Herzstich",
    Special.FUCHS_LETZTER_STICH: "Fuchs im letzten Stich",
}


class Pflichtsolo(_Token):
    PER_ROUND = "per_round"
    PER_SESSION = "per_session"
    ZWANGSSOLO = "zwangssolo"
    NONE = "none"


class DealerAfterSolo(_Token):
    REPEAT_AFTER_PFLICHTSOLO = "repeat_after_pflichtsolo"
    STAY_UNTIL_THIRD_SOLO = "stay_until_third_solo"
    ROTATE = "rotate"


class Settlement(_Token):
    """Plus-minus (each row sums to 0), a Punktetopf that pays the winners, a money Kasse."""

    PLUS_MINUS = "plus_minus"
    POT_WINNERS = "pot_winners"
    KASSE = "kasse"


class Unit(_Token):
    PUNKTE = "Punkte"
    PFENNIG = "Pfennig"


class PremiumsTo(_Token):
    """Whether Sonderpunkte count for the party or are money paid to one player (004)."""

    PARTY = "party"
    PLAYER = "player"


class PremiumFrom(_Token):
    """Who pays a premium paid to a player: the Kasse, or the player who lost the card."""

    KASSE = "kasse"
    LOSER = "loser"


#: The specials map: each kind with the contexts in which it counts.
SpecialRules = tuple[tuple[Special, frozenset[Context]], ...]

_ALL_SOLOS = frozenset(SoloKind)
_TSR_SOLOS = _ALL_SOLOS - {SoloKind.DAMEN_BUBEN}
_NORMAL = frozenset({Context.NORMAL})
_NORMAL_ARMUT = frozenset({Context.NORMAL, Context.ARMUT})
_EVERY_GAME = frozenset({Context.NORMAL, Context.ARMUT, Context.SOLO})


@dataclass(frozen=True, slots=True)
class RuleSet:
    """One rule set: every rule dimension of ``docs/rule-sets.md`` as a value.

    Defaults are the DDV Turnier-Spielregeln (seed 003, the TSR column of the reference).
    Fields that only game finding, card play or a score list will use (replay and
    check-list under other rule sets come later) are here already, so that those commands
    follow without another design.
    """

    #: The preset key this rule set was made from (``ddv`` ...).
    key: str = "ddv"
    #: Display name.
    name: str = "DDV Turnier-Spielregeln"
    #: Cards in the deck: 48, or 40 without the Neunen (003 L5; 000 L7; 002 L5, L53;
    #: 001 L89-90 and 004 L87 as options).
    deck: int = 48
    #: Players at a table (003 L98: 4 and 5; 004 L91: 3 with a Strohmann, L93: 5).
    table_sizes: frozenset[int] = frozenset({4, 5})
    #: What the player sitting out at five gets (003 L98: 0; 004 L93: pays in solos).
    five_sitter: FiveSitter = FiveSitter.SCORES_ZERO
    #: Three players with an open dummy hand, the "Strohmann" (004 L91).
    strohmann: bool = False
    #: The Herz 10 are the highest trumps (003 L36; 004 L33-35: no, variant Tolle L71).
    dullen: bool = True
    #: Two Herz 10 in a trick (003 L38 first; 000 L24, 001 L34 second; 002 L82 second
    #: except in the last trick).
    dullen_order: DullenOrder = DullenOrder.FIRST_WINS
    #: Schweinchen: one Karo As of a hand with both above the Herz 10 (002 L68).
    schweinchen: Schweinchen = Schweinchen.NONE
    #: The solos offered (003 L45-59; 000 L29-32; 002 L24, L74; 004 L53-59; 001: D10).
    solos: frozenset[SoloKind] = _TSR_SOLOS
    #: A Farbsolo keeps the Herz 10 on top (003 L50-51; 000 L32; 004 L53: no).
    farbsolo_keeps_dullen: bool = True
    #: Who leads a solo (003 L46, L48; 000 L28; 001 L73; 002 L74).
    soloist_leads: SoloistLeads = SoloistLeads.PFLICHT_ONLY
    #: A player with both Kreuz-Damen may stay silent and play alone (003 L26; 000 L33;
    #: 001 L67; 002 L33; 004 L53-55).
    stille_hochzeit: bool = True
    #: The trick that decides the Hochzeit partner (003 L42; 000 L33; 001 L67-68; 002 L33;
    #: 004 L51; D9).
    hochzeit_selector: HochzeitSelector = HochzeitSelector.FIRST_FOREIGN
    #: Tricks within which the partner must be found, ``None``: no limit (003 L42; 000 L33;
    #: 001 L69; 002 L33; 004 silent, D33).
    hochzeit_deadline: int | None = 3
    #: Armut / Schieben / Trumpfabgabe (000 L34; 001 L87; 002 L72; 004 L87 variant).
    armut: Armut = Armut.NONE
    #: Most trumps a poor hand holds (000 L34: 3; 001 L87: 3 + 2 Karo As; 004 L87: 2).
    armut_max_trumps: int = 0
    #: When nobody takes the Armut (000 L39, 002 L72: redeal; 001, 004 silent).
    armut_no_taker: ArmutNoTaker = ArmutNoTaker.NONE
    #: A hand with at most this many trumps may ask for a new deal (001 L63; 004 L87).
    redeal_max_trumps: int | None = None
    #: The order of the Vorbehalte (003 L68-70; 000 L39; 001 L30-31; 002 L37; 004 L19).
    vorbehalt_order: VorbehaltOrder = VorbehaltOrder.PFLICHT_LUST_HOCHZEIT
    #: Game types beyond Normalspiel, Hochzeit and Solo (000 L79, L81; 001 L145-149;
    #: 004 L83).
    extra_games: frozenset[ExtraGame] = frozenset()
    #: Which Hammelrennen (000 L79: over 120 or nearest 60; 004 L83: first to 60).
    hammelrennen: Hammelrennen = Hammelrennen.NONE
    #: The calls: Re/Kontra and Absagen, or Skat-like Kontra and Re (004 L67).
    calls: CallSystem = CallSystem.DDV
    #: Absagen in a solo (003; 002 L74: only Re and Kontra).
    absagen_in_solo: bool = True
    #: Deadlines count cards in hand (003 L73-74), cards on the table (000 L57, 001 L119-121,
    #: 002 L40-46), or there are none (004).
    timing: Timing = Timing.HAND
    #: Deadline of Re/Kontra, keine 90, keine 60, keine 30, schwarz: least cards in hand
    #: (timing hand) or most cards on the table (timing played). 003 L73-74; 000 L57;
    #: 001 L119, L121 (D11); 002 L40, L43-46.
    deadlines: tuple[int, ...] = (11, 10, 9, 8, 7)
    #: Every raise at the latest one trick after the previous call (000 L57; D37).
    raise_no_gap: bool = False
    #: A late answer to the other party's call (003 L79).
    erwiderung: bool = True
    #: Re wins with 120 when only Kontra announced (003 L85-86; D24 elsewhere).
    re_120_vs_kontra_only: bool = True
    #: The scoring model (003 L89; 000 L81 D1; 001 L119-125; 002 L59-62; 004 L61-67).
    model: Model = Model.DDV
    #: Points of Re or Kontra in the additive model (003 L92).
    ansage_points: int = 2
    #: Points per Absage level, to the winner (003 L92; 001 L124; 002 L14; D26).
    absage_points: int = 1
    #: Points for reaching 120/90/60/30 against an Absage (003 L93; D27).
    reached_against_points: bool = True
    #: What a win against the Kreuz-Damen adds (003 L95 a point; 001 L117 double;
    #: 002 L16, L80 a point; 004 L63 twice the Grundbetrag).
    kontra_win: KontraWin = KontraWin.POINT
    #: Where that counts (003 L94: Normalspiel; 000 L34, D39; 001 L129, D12; 002 D18).
    kontra_win_in: frozenset[Context] = _NORMAL
    #: The Extrapunkt for playing a solo, to the winner (002 L64; D19).
    solo_point: int = 0
    #: The soloist's share: his opponents' value each (003 L89; 001 L129; 002 L64; 004 L65).
    solo_factor: int = 3
    #: 60er-Regel: 180 to 60 without a call of the strong party loses (000 L59; D4, D5).
    sixty_rule_in: frozenset[Context] = frozenset()
    #: Each Sonderpunkt kind with the games it counts in (003 L39-41, L94-95; 000 L67-77;
    #: 001 L39, L43, D14; 002 L22-26; 004 none, variants L75-81).
    specials: SpecialRules = (
        (Special.DOPPELKOPF, _NORMAL),
        (Special.FUCHS, _NORMAL),
        (Special.KARLCHEN, _NORMAL),
    )
    #: Sonderpunkte count for the party, or are money paid to one player (004 L75-79).
    premiums_to: PremiumsTo = PremiumsTo.PARTY
    #: Who pays a premium paid to a player (004 L79: the Kasse or the loser of the Fuchs).
    premium_from: PremiumFrom = PremiumFrom.KASSE
    #: Bock rounds (002 L78: none; reserved).
    bock: bool = False
    #: Games of a round (003 L10, L98; 000: until the Punktetopf is empty, L61).
    games_per_round: int | None = 24
    #: Pflichtsolo (003 L46-47; 000 L61 per session; 002 L74 none; 004 L61 Zwangssolo).
    pflichtsolo: Pflichtsolo = Pflichtsolo.PER_ROUND
    #: The dealer after a solo (003 L47, L60; 000 L37; others rotate).
    dealer_after_solo: DealerAfterSolo = DealerAfterSolo.REPEAT_AFTER_PFLICHTSOLO
    #: How points are settled (003 L89; 000 L61, L79, D2; 002 L59; 004 L61-65).
    settlement: Settlement = Settlement.PLUS_MINUS
    #: Value of one Stufe in the unit: 1 Punkt, or 5 Pfennig (004 L63).
    grundbetrag: int = 1
    #: The unit of scores (004 L61-63: Pfennig).
    unit: Unit = Unit.PUNKTE
    #: The hash, worked out once: a rule set keys the scorer's cache for every game.
    _hash: int = field(init=False, repr=False, compare=False, default=0)

    def __post_init__(self) -> None:
        values = tuple(getattr(self, f.name) for f in fields(self) if f.compare)
        object.__setattr__(self, "_hash", hash(values))

    def __hash__(self) -> int:
        return self._hash

    @property
    def tricks(self) -> int:
        """Tricks of a game: the deck shared by four players, four cards a trick."""
        return self.deck // 4

    def special_counts(self, special: Special, contexts: frozenset[Context]) -> bool:
        """Whether Sonderpunkt ``special`` counts in a game of these contexts."""
        for kind, where in self.specials:
            if kind is special:
                return not where.isdisjoint(contexts)
        return False

    @property
    def special_kinds(self) -> tuple[Special, ...]:
        return tuple(kind for kind, _ in self.specials)


DDV = RuleSet()

HAUSREGELN_2024 = replace(
    DDV,
    key="hausregeln-2024",
    name="Doppelkopfregeln, wilhelm-voss.de, Mai 2024 (Punktetopf)",
    deck=40,
    table_sizes=frozenset({4}),
    dullen_order=DullenOrder.SECOND_WINS,
    solos=frozenset(
        {
            SoloKind.KREUZ,
            SoloKind.PIK,
            SoloKind.HERZ,
            SoloKind.KARO,
            SoloKind.DAMEN,
            SoloKind.BUBEN,
            SoloKind.DAMEN_BUBEN,
        }
    ),
    soloist_leads=SoloistLeads.ALWAYS,
    hochzeit_selector=HochzeitSelector.FEHL_OR_TRUMP,
    armut=Armut.TRUMPS_ONLY,
    armut_max_trumps=3,
    armut_no_taker=ArmutNoTaker.REDEAL,
    vorbehalt_order=VorbehaltOrder.SOLO_HOCHZEIT_ARMUT,
    extra_games=frozenset({ExtraGame.SCHWARZE_SAU, ExtraGame.HAMMELRENNEN}),
    hammelrennen=Hammelrennen.OVER120_OR_NEAREST60,
    timing=Timing.PLAYED,
    deadlines=(5, 9, 13, 17, 21),
    raise_no_gap=True,
    erwiderung=False,
    re_120_vs_kontra_only=False,
    model=Model.DOUBLING,
    ansage_points=0,
    reached_against_points=False,
    kontra_win_in=_NORMAL,
    sixty_rule_in=_NORMAL_ARMUT,
    specials=(
        (Special.DOPPELKOPF, _EVERY_GAME),
        (Special.HERZSTICH, _NORMAL_ARMUT),
        (Special.FUCHS, _NORMAL_ARMUT),
        (Special.KARLCHEN, _NORMAL_ARMUT),
        (Special.KARLCHEN_GEFANGEN, _NORMAL_ARMUT),
        (Special.FUCHS_LETZTER_STICH, _NORMAL_ARMUT),
    ),
    games_per_round=None,
    pflichtsolo=Pflichtsolo.PER_SESSION,
    dealer_after_solo=DealerAfterSolo.STAY_UNTIL_THIRD_SOLO,
    settlement=Settlement.POT_WINNERS,
)

REGLEMENT_2001 = replace(
    DDV,
    key="reglement-2001",
    name="Doppelkopf - Reglement, Version 3 / 09.2001",
    table_sizes=frozenset({4}),
    dullen_order=DullenOrder.SECOND_WINS,
    soloist_leads=SoloistLeads.ALWAYS,
    hochzeit_selector=HochzeitSelector.FIRST_FEHL,
    armut=Armut.TRUMPS_FOXES_OPEN,
    armut_max_trumps=3,
    armut_no_taker=ArmutNoTaker.UNSPECIFIED,
    redeal_max_trumps=1,
    vorbehalt_order=VorbehaltOrder.SEAT_OR_SCHMEISSEN,
    extra_games=frozenset({ExtraGame.SCHWARZ_SPIEL}),
    timing=Timing.PLAYED,
    deadlines=(5, 9, 9, 9, 9),
    erwiderung=False,
    re_120_vs_kontra_only=False,
    model=Model.DOUBLING,
    ansage_points=0,
    reached_against_points=False,
    kontra_win=KontraWin.DOUBLE,
    kontra_win_in=_EVERY_GAME,
    specials=((Special.FUCHS, _NORMAL_ARMUT), (Special.KARLCHEN, _NORMAL_ARMUT)),
    games_per_round=None,
    pflichtsolo=Pflichtsolo.NONE,
    dealer_after_solo=DealerAfterSolo.ROTATE,
)

_TRUMPFSOLO = frozenset({Context.NORMAL, Context.ARMUT, Context.KARO_SOLO})

SCHWEINCHEN = replace(
    DDV,
    key="schweinchen",
    name="Hausregeln mit Schweinchen (Besonderheiten im Kuss Rosa)",
    deck=40,
    table_sizes=frozenset({4}),
    dullen_order=DullenOrder.SECOND_WINS_EXCEPT_LAST,
    schweinchen=Schweinchen.ONE_OF_TWO,
    solos=frozenset({SoloKind.KARO, SoloKind.DAMEN, SoloKind.BUBEN}),
    soloist_leads=SoloistLeads.NEVER,
    armut=Armut.TRUMPS_ONLY,
    armut_max_trumps=3,
    armut_no_taker=ArmutNoTaker.REDEAL,
    vorbehalt_order=VorbehaltOrder.SOLO_HOCHZEIT,
    absagen_in_solo=False,
    timing=Timing.PLAYED,
    deadlines=(5, 9, 13, 17, 21),
    erwiderung=False,
    re_120_vs_kontra_only=False,
    model=Model.DOUBLING,
    ansage_points=0,
    reached_against_points=False,
    kontra_win_in=_EVERY_GAME,
    solo_point=1,
    specials=(
        (Special.DOPPELKOPF, _TRUMPFSOLO),
        (Special.FUCHS, _TRUMPFSOLO),
        (Special.KARLCHEN, _TRUMPFSOLO),
        (Special.KARLCHEN_GEFANGEN, _TRUMPFSOLO),
    ),
    games_per_round=None,
    pflichtsolo=Pflichtsolo.NONE,
    dealer_after_solo=DealerAfterSolo.ROTATE,
)

RAVENSBURGER_2015 = replace(
    DDV,
    key="ravensburger-2015",
    name="Ravensburger 2015, Doppelkopf (mit Varianten): Grundregeln, Kasse",
    table_sizes=frozenset({3, 4, 5}),
    five_sitter=FiveSitter.PAYS_IN_SOLO,
    strohmann=True,
    dullen=False,
    solos=frozenset(
        {
            SoloKind.KREUZ,
            SoloKind.PIK,
            SoloKind.HERZ,
            SoloKind.KARO,
            SoloKind.BUBEN,
            SoloKind.FLEISCHLOS,
        }
    ),
    farbsolo_keeps_dullen=False,
    soloist_leads=SoloistLeads.UNSPECIFIED,
    hochzeit_deadline=None,
    vorbehalt_order=VorbehaltOrder.NONE,
    extra_games=frozenset({ExtraGame.HAMMELRENNEN}),
    hammelrennen=Hammelrennen.FIRST_TO_60,
    calls=CallSystem.KONTRA_RE,
    absagen_in_solo=False,
    timing=Timing.NONE,
    deadlines=(),
    erwiderung=False,
    re_120_vs_kontra_only=False,
    model=Model.KASSE,
    ansage_points=0,
    absage_points=0,
    reached_against_points=False,
    kontra_win=KontraWin.BASE2,
    kontra_win_in=_EVERY_GAME,
    specials=(),
    premiums_to=PremiumsTo.PLAYER,
    games_per_round=None,
    pflichtsolo=Pflichtsolo.ZWANGSSOLO,
    dealer_after_solo=DealerAfterSolo.ROTATE,
    settlement=Settlement.KASSE,
    grundbetrag=5,
    unit=Unit.PFENNIG,
)

#: The named presets, by key.
PRESETS: Mapping[str, RuleSet] = MappingProxyType(
    {
        rules.key: rules
        for rules in (DDV, HAUSREGELN_2024, REGLEMENT_2001, SCHWEINCHEN, RAVENSBURGER_2015)
    }
)

#: The options the seeds name, as overrides of their preset (``docs/rule-sets.md``).
VARIANTS: Mapping[str, Mapping[str, Mapping[str, Any]]] = MappingProxyType(
    {
        "hausregeln-2024": {
            # D2: the Punktetopf replaced by ordinary plus-minus.
            "plus_minus": {"settlement": "plus_minus"},
            # D4: 000 L61 against L59, the 60er-Regel also in vorgeführten Soli.
            "sixty_in_vorgefuehrt": {"sixty_rule_in": ["normal", "armut", "vorgefuehrt"]},
        },
        "reglement-2001": {
            # 001 L89-90: "Doppelkopf ohne Neunen".
            "ohne_neunen": {"deck": 40},
        },
        "ravensburger-2015": {
            # 004 L71: "Tolle", the Herz 10 the highest trumps, in the Farbsoli too.
            "tolle": {"dullen": True, "farbsolo_keeps_dullen": True},
            # 004 L75-79: a caught Fuchs pays 5 Pfennig to the player who caught it.
            "fuechse": {"specials": {"fuchs": ["normal", "armut", "solo"]}},
            # 004 L81: "Müllers Karle", the Kreuz Bube wins the last trick.
            "muellers_karle": {"specials": {"karlchen": ["normal", "armut", "solo"]}},
            # 004 L87: the "scharfe" Karte without the Neunen.
            "ohne_neunen": {"deck": 40},
            # 004 L87: a player with two trumps asks to be taken along.
            "armut": {"armut": "two_trumps", "armut_max_trumps": 2},
        },
    }
)


# ----------------------------------------------------------------------------- parsing
_FIELDS = {f.name: f for f in fields(RuleSet) if f.compare}
_NOT_OVERRIDABLE = frozenset({"key", "name"})
_ENUM_FIELDS: dict[str, type[_Token]] = {
    "five_sitter": FiveSitter,
    "dullen_order": DullenOrder,
    "schweinchen": Schweinchen,
    "soloist_leads": SoloistLeads,
    "hochzeit_selector": HochzeitSelector,
    "armut": Armut,
    "armut_no_taker": ArmutNoTaker,
    "vorbehalt_order": VorbehaltOrder,
    "hammelrennen": Hammelrennen,
    "calls": CallSystem,
    "timing": Timing,
    "model": Model,
    "kontra_win": KontraWin,
    "premiums_to": PremiumsTo,
    "premium_from": PremiumFrom,
    "pflichtsolo": Pflichtsolo,
    "dealer_after_solo": DealerAfterSolo,
    "settlement": Settlement,
    "unit": Unit,
}
_SET_FIELDS: dict[str, type[_Token]] = {
    "solos": SoloKind,
    "extra_games": ExtraGame,
    "kontra_win_in": Context,
    "sixty_rule_in": Context,
}
_BOOL_FIELDS = frozenset(
    {
        "strohmann",
        "dullen",
        "farbsolo_keeps_dullen",
        "stille_hochzeit",
        "absagen_in_solo",
        "raise_no_gap",
        "erwiderung",
        "re_120_vs_kontra_only",
        "reached_against_points",
        "bock",
    }
)
#: Whole-number fields and their ranges; ``None`` allowed where the field is optional.
_INT_FIELDS: dict[str, tuple[int, int, bool]] = {
    "armut_max_trumps": (0, 5, False),
    "redeal_max_trumps": (0, 5, True),
    "hochzeit_deadline": (1, 12, True),
    "ansage_points": (0, 10, False),
    "absage_points": (0, 10, False),
    "solo_point": (0, 10, False),
    "solo_factor": (1, 10, False),
    "games_per_round": (1, 60, True),
    "grundbetrag": (1, 1000, False),
}


def _invalid(key: str, value: Any, expected: str) -> RecordError:
    return RecordError.of(
        Code.RULES_OVERRIDE_INVALID, key=key, value=JsonValue.of(value), expected=expected
    )


def _choices(enum: type[_Token]) -> str:
    return "one of " + ", ".join(str(member.value) for member in enum)


def _token(enum: type[_Token], value: Any, key: str) -> Any:
    for member in enum:
        if member.value == value and type(value) is str:
            return member
    raise _invalid(key, value, _choices(enum))


def _override(key: str, value: Any) -> Any:
    """One override as the field's value; a :class:`RecordError` naming it otherwise."""
    if key in _ENUM_FIELDS:
        return _token(_ENUM_FIELDS[key], value, key)
    if key in _SET_FIELDS:
        if type(value) is not list:
            raise _invalid(key, value, "a list, each " + _choices(_SET_FIELDS[key]))
        return frozenset(_token(_SET_FIELDS[key], item, key) for item in value)
    if key in _BOOL_FIELDS:
        if type(value) is not bool:
            raise _invalid(key, value, "true or false")
        return value
    if key in _INT_FIELDS:
        low, high, optional = _INT_FIELDS[key]
        if value is None and optional:
            return None
        if type(value) is not int or not low <= value <= high:
            text = f"a whole number from {low} to {high}" + (" or null" if optional else "")
            raise _invalid(key, value, text)
        return value
    if key == "deck":
        if value not in (40, 48) or type(value) is not int:
            raise _invalid(key, value, "48 or 40")
        return value
    if key == "table_sizes":
        if type(value) is not list or not value or not all(v in (3, 4, 5) for v in value):
            raise _invalid(key, value, "a list of 3, 4, 5")
        if not all(type(v) is int for v in value):
            raise _invalid(key, value, "a list of 3, 4, 5")
        return frozenset(value)
    if key == "deadlines":
        if type(value) is not list or len(value) not in (0, 5):
            raise _invalid(key, value, "a list of five whole numbers (or none)")
        if not all(type(v) is int and 0 <= v <= 48 for v in value):
            raise _invalid(key, value, "a list of five whole numbers from 0 to 48")
        return tuple(value)
    # specials
    if type(value) is not dict:
        raise _invalid(key, value, "an object of Sonderpunkt kinds, each a list of games")
    result = []
    for kind, where in value.items():
        special = _token(Special, kind, key)
        if type(where) is not list:
            raise _invalid(key, where, "a list, each " + _choices(Context))
        result.append((special, frozenset(_token(Context, item, key) for item in where)))
    return tuple(result)


def parse_rules(value: Any) -> RuleSet:
    """The ``"rules"`` field of a record: a preset key, or ``{"preset": KEY, ...overrides}``.

    ``None`` (the field absent) is the DDV preset. Overrides are :class:`RuleSet` field
    names with contract values; ``specials`` replaces the whole map. Every problem is one
    :class:`RecordError` with its own code.
    """
    if value is None:
        return DDV
    if type(value) is str:
        preset = PRESETS.get(value)
        if preset is None:
            raise RecordError.of(
                Code.RULES_PRESET_UNKNOWN, value=JsonValue.of(value), choices=tuple(PRESETS)
            )
        return preset
    if type(value) is not dict or type(value.get("preset")) is not str:
        raise RecordError.of(Code.RULES_NOT_A_RULE_SET, value=JsonValue.of(value))
    rules = parse_rules(value["preset"])
    changes: dict[str, Any] = {}
    for key, setting in value.items():
        if key == "preset":
            continue
        if key not in _FIELDS or key in _NOT_OVERRIDABLE:
            raise RecordError.of(Code.RULES_OVERRIDE_UNKNOWN, key=key)
        changes[key] = _override(key, setting)
    if not changes:
        return rules
    changed = replace(rules, **changes)
    return rules if changed == rules else changed


def rules_to_data(rules: RuleSet) -> dict[str, Any]:
    """Every field of ``rules`` with its contract value (for documents and tests)."""
    data: dict[str, Any] = {}
    for name in _FIELDS:
        value = getattr(rules, name)
        if isinstance(value, Enum):
            data[name] = value.value
        elif isinstance(value, frozenset):
            data[name] = sorted(v.value if isinstance(v, Enum) else v for v in value)
        elif name == "specials":
            data[name] = {k.value: sorted(c.value for c in where) for k, where in value}
        elif isinstance(value, tuple):
            data[name] = list(value)
        else:
            data[name] = value
    return data
