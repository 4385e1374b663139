"""What the entry form at the table offers under a rule set other than the DDV's, and the
game records it makes (``docs/contracts/game-records.md``, "score under a rule set").

:func:`entry_rules` reads the tournament's :class:`~rules_engine.rulesets.RuleSet`: its game
kinds (stille Hochzeit, Armut, the Pflichtsolo's kinds, the extra games only where it has
them), its solos by their German names, the calls of its call system, its Sonderpunkte and
the Schweinchen. Under the DDV rules there is none: the form stays as it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rules_engine.gametypes import SoloCategory
from rules_engine.rulelist import STROHMANN
from rules_engine.rulescore import contexts_of, eye_sums
from rules_engine.rulesets import (
    DDV,
    Armut,
    CallSystem,
    Context,
    ExtraGame,
    Hammelrennen,
    HochzeitSelector,
    Pflichtsolo,
    PremiumsTo,
    RuleSet,
    Schweinchen,
    SoloKind,
    Special,
)
from tournament.domain import rule_sets
from tournament.models import Tournament
from tournament.texts import rule_set_entry as words

#: The solo kinds of the form and the record's ``pflicht`` of each (``None``: not written).
SOLO_KINDS: Mapping[str, bool | str | None] = {
    "solo": None,
    "pflichtsolo": True,
    "vorfuehrung": "vorgefuehrt",
    "lustsolo": False,
}
#: The record ``type`` of every kind of the form that is not a solo.
TYPES = {
    "normal": "normal",
    "hochzeit": "hochzeit",
    "stille_hochzeit": "stille_hochzeit",
    "armut": "armut",
    "schwarze_sau": "schwarze_sau",
    "hammelrennen": "hammelrennen",
    "schwarz_spiel": "schwarz_spiel",
}
#: Kinds whose form names one player (soloist, Hochzeiter, who won the Hammelrennen first
#: to 60, who caused the Schwarz-Spiel).
ONE_PLAYER = ("hochzeit", "stille_hochzeit", *SOLO_KINDS, "schwarze_sau", "schwarz_spiel")
#: Kinds without Augen of a party, calls or Sonderpunkte.
NO_EYES = ("hammelrennen", "schwarz_spiel")
#: The DDV kind whose row has the same shape, for a quick entry (one against three, or two
#: against two).
QUICK_SHAPES: Mapping[str, str] = {
    "armut": "normal",
    "solo": "lustsolo",
    "schwarze_sau": "lustsolo",
}
#: Every Sonderpunkt field of the form, in the engine's order.
ALL_SPECIALS = tuple(special.value for special in Special)
#: Most of each Sonderpunkt one party can have.
SPECIAL_MOST: Mapping[str, int] = {
    "doppelkopf": 4,
    "fuchs": 2,
    "karlchen": 1,
    "karlchen_gefangen": 2,
    "herzstich": 1,
    "fuchs_letzter_stich": 1,
}
#: The topic of the page „Regelwerk“ whose sources say what a set has of each part.
_TOPIC = {
    "stille_hochzeit": "Soli",
    "armut": "Armut",
    "solo": "Soli",
    "pflichtsolo": "Pflichtsolo",
    "vorfuehrung": "Pflichtsolo",
    "lustsolo": "Pflichtsolo",
    "schwarze_sau": "Sonderspiele",
    "hammelrennen": "Sonderspiele",
    "schwarz_spiel": "Sonderspiele",
    "specials": "Sonderpunkte",
    "calls": "Ansagen",
    "schweinchen": "Schweinchen",
}


@dataclass(frozen=True)
class EntryRules:
    """What the form offers under one rule set, and where its rule text says so."""

    rules: RuleSet
    #: The set's German name with its variants.
    name: str
    #: The game kinds as (form key, tap label), in the form's order.
    kinds: tuple[tuple[str, str], ...]
    solos: tuple[tuple[str, str], ...]
    re_calls: tuple[tuple[str, str], ...]
    kontra_calls: tuple[tuple[str, str], ...]
    #: The Sonderpunkte counted for a party, as (field key, column head).
    specials: tuple[tuple[str, str], ...]
    #: Each topic of the page „Regelwerk“ with its sources, joined.
    sources: Mapping[str, str]
    #: At a table of three (004 L91): the Strohmann's key in the games, else ``None``.
    strohmann: str | None = None

    @property
    def quick_kinds(self) -> tuple[tuple[str, str], ...]:
        """The kinds a row of points can say: not a game where each plays for himself or
        one pays all (Hammelrennen, Schwarz-Spiel)."""
        return tuple((key, tap) for key, tap in self.kinds if key not in NO_EYES)

    @property
    def kind_keys(self) -> tuple[str, ...]:
        return tuple(key for key, _ in self.kinds)

    @property
    def special_keys(self) -> tuple[str, ...]:
        return tuple(key for key, _ in self.specials)

    @property
    def schweinchen(self) -> bool:
        return self.rules.schweinchen is not Schweinchen.NONE

    @property
    def hammel_eyes(self) -> bool:
        """The Hammelrennen is won by Augen (000 L79), not by who had 60 first (004 L83)."""
        return self.rules.hammelrennen is Hammelrennen.OVER120_OR_NEAREST60

    @property
    def hammelrennen_when_due(self) -> bool:
        """The Hammelrennen is played when the Kasse is nearly empty (004 L83), not at will."""
        return self.rules.hammelrennen is Hammelrennen.FIRST_TO_60

    @property
    def armut_label(self) -> str:
        return words.ARMUT_TAPS.get(self.rules.armut, "Armut")

    def kind_name(self, kind: str) -> str:
        if kind == "armut":
            return self.armut_label
        return words.KIND_NAMES.get(kind, kind)

    @property
    def no_referee_screens(self) -> str:
        """Why the list has no penalties, Nachspielzeit or time up under this set."""
        seed = words.seed_of(self.rules.key)
        return words.NO_REFEREE_SCREENS.format(rule_set=self.name, seed=seed)

    def counts(self, special: str, where: frozenset[Context]) -> bool:
        """Whether Sonderpunkt ``special`` counts in a game of these contexts."""
        return self.rules.special_counts(Special(special), where)

    def source(self, topic: str) -> str:
        return self.sources.get(_TOPIC.get(topic, topic), "")

    def lacks(self, what: str, topic: str) -> str:
        """Why ``what`` is refused: the set lacks it, says its text (German)."""
        return words.NOT_IN_SET.format(what=what, rule_set=self.name, source=self.source(topic))


def entry_rules(tournament: Tournament) -> EntryRules | None:
    """The form's offer under the tournament's rule set; ``None`` under the DDV rules."""
    rules = rule_sets.rules_of(tournament)
    if rules is DDV:
        return None
    page = rule_sets.page(tournament)
    sources = {p.label: "; ".join(p.sources) for p in page.parameters}
    return EntryRules(
        rules=rules,
        name=page.name,
        kinds=_kinds(rules),
        solos=_solos(rules, tournament.rules_preset),
        re_calls=_calls(rules, "re"),
        kontra_calls=_calls(rules, "kontra"),
        specials=tuple(
            (kind.value, words.SPECIAL_HEADS[kind])
            for kind in rules.special_kinds
            # 004 L75-79: a caught Fuchs is money for the player, not a party's count.
            if not (kind is Special.FUCHS and rules.premiums_to is PremiumsTo.PLAYER)
        ),
        sources=sources,
    )


def at_table(offer: EntryRules | None, size: int) -> EntryRules | None:
    """The offer at a table of ``size``: at a table of three with the Strohmann (004 L91)."""
    if offer is None or size != 3 or not offer.rules.strohmann:
        return offer
    return replace(offer, strohmann=STROHMANN)


def strohmann_partners(
    offer: EntryRules, kind: str, re: Sequence[str], players: Sequence[str]
) -> list[str]:
    """The players on the Strohmann's side in a game (``players``: the three at the table):
    one of them plays its cards (004 L91). Empty where the game has no sides (Hammelrennen,
    Schwarz-Spiel) or at a table without the Strohmann."""
    dummy = offer.strohmann
    if dummy is None or kind in NO_EYES:
        return []
    side = list(re) if dummy in re else [p for p in players if p not in re]
    return [p for p in side if p != dummy]


def _kinds(rules: RuleSet) -> tuple[tuple[str, str], ...]:
    kinds = ["normal", "hochzeit"]
    if rules.stille_hochzeit:
        kinds.append("stille_hochzeit")
    taps = dict(words.KIND_TAPS)
    if rules.armut is not Armut.NONE:
        kinds.append("armut")
        taps["armut"] = words.ARMUT_TAPS[rules.armut]
    if rules.pflichtsolo in (Pflichtsolo.PER_ROUND, Pflichtsolo.PER_SESSION):
        kinds += ["pflichtsolo", "vorfuehrung", "lustsolo"]
    elif rules.pflichtsolo is Pflichtsolo.ZWANGSSOLO:
        # 004 L61: any solo counts; who still owes one after the Frist plays it vorgeführt.
        kinds += ["solo", "vorfuehrung"]
    else:
        kinds.append("solo")
    for game in ExtraGame:
        if game in rules.extra_games:
            kinds.append(game.value)
    return tuple((kind, taps[kind]) for kind in kinds)


def _solos(rules: RuleSet, preset: str) -> tuple[tuple[str, str], ...]:
    own = words.PRESET_SOLOS.get(preset, {})
    return tuple(
        (kind.value, own.get(kind, words.SOLO_NAMES[kind]))
        for kind in SoloKind
        if kind in rules.solos
    )


def _calls(rules: RuleSet, party: str) -> tuple[tuple[str, str], ...]:
    if rules.calls is CallSystem.KONTRA_RE:
        offered = words.KONTRA_RE_CALLS if party == "re" else {"kontra": "Kontra"}
    else:
        offered = words.RE_CALLS if party == "re" else words.KONTRA_CALLS
    return tuple(offered.items())


def contexts(offer: EntryRules, kind: str, re_size: int, solo: str) -> frozenset[Context]:
    """The kinds of game the scoring rules of the set tell apart, for this game."""
    game_type = "solo" if kind in SOLO_KINDS else TYPES.get(kind, kind)
    solo_kind = next((k for k in SoloKind if k.value == solo), None)
    category = SoloCategory.VORFUEHRUNG if kind == "vorfuehrung" else None
    return contexts_of(game_type, re_size, solo_kind, category)


def call_level(call: str | None) -> int:
    """0 for Re or Kontra, 1 to 4 for the Absagen, -1 for none."""
    if not call:
        return -1
    order = ("keine90", "keine60", "keine30", "schwarz")
    return order.index(call) + 1 if call in order else 0


# ---------------------------------------------------------------------- records


def tricks_for(rules: RuleSet, re_eyes: int, schwarz: str | None, re_at_least: int = 0) -> int:
    """A number of Re tricks that fits the Augen in the set's deck (0 or all when a party
    stayed schwarz), nearest to 20 Augen a trick; at least ``re_at_least``."""
    tricks = rules.tricks
    if schwarz == "re":
        return 0
    if schwarz == "kontra":
        return tricks
    sums = eye_sums(rules.deck)
    fitting = [k for k in range(max(1, re_at_least), tricks) if re_eyes in sums[k]]
    if not fitting:
        return min(tricks - 1, max(1, re_at_least, round(re_eyes / 20)))
    return min(fitting, key=lambda k: abs(k * 20 - re_eyes))


def hochzeit_alone_tricks(rules: RuleSet) -> int:
    """Tricks a Hochzeiter alone must have taken where the first foreign trick decides."""
    if rules.hochzeit_selector is not HochzeitSelector.FIRST_FOREIGN:
        return 0
    return rules.hochzeit_deadline or rules.tricks


def game(
    offer: EntryRules,
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
    schweinchen: bool = False,
    eyes: Mapping[str, int] | None = None,
    strohmann_by: str | None = None,
) -> dict[str, Any]:
    """A detailed ``game`` entry under the set (``player``: soloist, Hochzeiter, who was
    first to 60 in a Hammelrennen, who caused a Schwarz-Spiel; ``eyes``: each player's Augen
    in a Hammelrennen won by Augen; ``strohmann_by``: at a table of three, who played the
    Strohmann's cards)."""
    rules = offer.rules
    record: dict[str, Any] = {"kind": "game"}
    if kind == "hammelrennen":
        record["type"] = "hammelrennen"
        if offer.hammel_eyes:
            record["eyes"] = dict(eyes or {})
        else:
            record["first_to_60"] = player
        return record
    if kind == "schwarz_spiel":
        return {**record, "type": "schwarz_spiel", "culprit": player}
    if kind in SOLO_KINDS:
        record["type"] = "solo"
        record["solo"] = solo
        pflicht = SOLO_KINDS[kind]
        if pflicht is not None:
            record["pflicht"] = pflicht
    else:
        record["type"] = TYPES[kind]
    alone = kind == "hochzeit" and len(re) == 1
    least = hochzeit_alone_tricks(rules) if alone else 0
    record |= {
        "re": list(re),
        "re_eyes": re_eyes,
        "re_tricks": tricks_for(rules, re_eyes, schwarz, least),
    }
    if kind != "schwarze_sau":
        record["calls"] = {"re": re_call, "kontra": kontra_call}
        if offer.specials:
            given = specials or {}
            record["specials"] = {
                party: {key: int(given.get(party, {}).get(key, 0)) for key in offer.special_keys}
                for party in ("re", "kontra")
            }
        if schweinchen:
            record["schweinchen"] = True
    if player is not None:
        record["player"] = player
    if strohmann_by is not None:
        record["strohmann_by"] = strohmann_by
    return record


def quick_game(
    offer: EntryRules,
    *,
    kind: str,
    points: Mapping[str, int],
    winners: Sequence[str],
    player: str | None = None,
    pot: bool = False,
) -> dict[str, Any]:
    """A game entered as points under the set; under a Punktetopf or a Kasse with what the
    pot paid (the row's sum, as its pot column says)."""
    record: dict[str, Any] = {"kind": "game", "quick": True}
    if kind in SOLO_KINDS:
        record["type"] = "solo"
        pflicht = SOLO_KINDS[kind]
        if pflicht is not None:
            record["pflicht"] = pflicht
    else:
        record["type"] = TYPES[kind]
    record |= {"points": dict(points), "winners": list(winners)}
    if pot:
        record["pot"] = sum(points.values())
    if player is not None:
        record["player"] = player
    return record


def kind_of(record: Mapping[str, Any], offer: EntryRules) -> str:
    """The form's kind of a stored game record under the set (for correcting it)."""
    kind = str(record.get("type", "normal"))
    if kind != "solo":
        return kind
    pflicht = record.get("pflicht")
    if pflicht is True:
        return "pflichtsolo"
    if pflicht == "vorgefuehrt":
        return "vorfuehrung"
    return "solo" if "solo" in offer.kind_keys else "lustsolo"
