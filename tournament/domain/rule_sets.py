"""A tournament's rule set: a preset of the rules engine with some of its documented variants.

The choice is stored as the preset key, the variants' names and the overrides they make
(``Tournament.engine_rules`` gives the engine's ``"rules"`` field from them). It is fixed once a
game is entered anywhere in the tournament: another rule set would change the stored values.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import exists, select

from rules_engine.rulesets import PRESETS, VARIANTS, RuleSet, parse_rules
from tournament.domain.errors import ServiceError
from tournament.extensions import db
from tournament.models import ListEntry, Round, RoundTable, Tournament
from tournament.texts.messages import Refusal
from tournament.texts.rule_sets import (
    PRESET_NAMES,
    PRESET_TEXTS,
    VARIANT_TEXTS,
    Parameter,
    parameters,
    rule_set_name,
)

DEFAULT = "ddv"


@dataclass(frozen=True, slots=True)
class Choice:
    """A checked choice: the preset, its variants in the catalogue's order, their overrides."""

    preset: str
    variants: tuple[str, ...]
    overrides: dict[str, Any]

    @property
    def engine_rules(self) -> str | dict[str, Any] | None:
        """The engine's ``"rules"`` field for this choice, as ``Tournament.engine_rules``."""
        if self.overrides:
            return {"preset": self.preset, **self.overrides}
        return None if self.preset == DEFAULT else self.preset


def presets() -> list[tuple[str, str]]:
    """Every preset as (key, German name), the DDV's first."""
    return [(key, PRESET_NAMES[key]) for key in PRESETS]


def variants_of(preset: str) -> list[tuple[str, str, str]]:
    """The documented variants of ``preset`` as (key, German name, source)."""
    texts = VARIANT_TEXTS.get(preset, {})
    return [(key, texts[key].name, texts[key].source) for key in VARIANTS.get(preset, {})]


def choose(preset: str, variants: Iterable[str]) -> Choice:
    """The choice checked against the engine's presets and variants (ServiceError otherwise)."""
    if preset not in PRESETS:
        raise ServiceError(Refusal.RULE_SET_UNKNOWN, field="rules_preset", value=preset)
    offered = VARIANTS.get(preset, {})
    wanted = set(variants)
    for name in sorted(wanted):
        if name not in offered:
            raise ServiceError(
                Refusal.RULE_SET_VARIANT_UNKNOWN,
                field="rules_variants",
                value=name,
                rule_set=PRESET_NAMES[preset],
            )
    chosen = tuple(name for name in offered if name in wanted)
    overrides: dict[str, Any] = {}
    for name in chosen:
        for field, value in offered[name].items():
            if field == "specials":
                # The engine's "specials" replaces the whole map: the variants' kinds together.
                overrides["specials"] = {**overrides.get("specials", {}), **value}
            else:
                overrides[field] = value
    return Choice(preset, chosen, overrides)


def has_games(tournament: Tournament) -> bool:
    """Whether a game is entered on any list of the tournament."""
    query = select(
        exists()
        .where(ListEntry.kind == "game")
        .where(ListEntry.table_id == RoundTable.id)
        .where(RoundTable.round_id == Round.id)
        .where(Round.tournament_id == tournament.id)
    )
    return bool(db.session.execute(query).scalar())


def apply(tournament: Tournament, choice: Choice) -> bool:
    """Set the choice on the tournament (the caller claims it and audits); whether it changed.
    Refused, with nothing changed, once a game is entered."""
    same = (
        tournament.rules_preset == choice.preset
        and tuple(tournament.rules_variants) == choice.variants
    )
    if same:
        return False
    if has_games(tournament):
        raise ServiceError(Refusal.RULE_SET_FIXED, field="rules_preset")
    tournament.rules_preset = choice.preset
    tournament.rules_variants = list(choice.variants)
    tournament.rules_overrides = dict(choice.overrides)
    return True


def rules_of(tournament: Tournament) -> RuleSet:
    """The engine's rule set of the tournament, read back as the engine reads a record."""
    return parse_rules(tournament.engine_rules)


def rules_of_choice(choice: Choice) -> RuleSet:
    """The engine's rule set of a checked choice."""
    return parse_rules(choice.engine_rules)


def name_of(tournament: Tournament) -> str:
    """The rule set's German name with its variants."""
    return rule_set_name(tournament.rules_preset, tournament.rules_variants)


@dataclass(frozen=True, slots=True)
class RuleSetPage:
    """The page „Regelwerk“: the set's name, its rule text, its variants and parameters."""

    name: str
    text: str
    variants: list[tuple[str, str]]
    parameters: list[Parameter]


def page(tournament: Tournament) -> RuleSetPage:
    preset = tournament.rules_preset
    overridden: dict[str, set[str]] = {}
    for name in tournament.rules_variants:
        for field in VARIANTS.get(preset, {}).get(name, {}):
            overridden.setdefault(field, set()).add(name)
    chosen = [
        (VARIANT_TEXTS[preset][name].name, VARIANT_TEXTS[preset][name].source)
        for name in tournament.rules_variants
    ]
    return RuleSetPage(
        name=name_of(tournament),
        text=PRESET_TEXTS[preset],
        variants=chosen,
        parameters=parameters(preset, overridden, rules_of(tournament)),
    )
