"""The rule set and the day's settings under it as a form: the tournament's form
(``tournaments.forms``) and the club evening's quick start (``rounds.evening``) share it."""

from __future__ import annotations

from wtforms import BooleanField, IntegerField, RadioField, SelectMultipleField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Optional

from tournament.domain import rule_sets
from tournament.domain.day_plans import DayPlan
from tournament.texts.rule_set_day import LABELS as DAY_LABELS
from tournament.web.forms import Form


def variant_value(preset: str, variant: str) -> str:
    """A variant's checkbox value: variants of different presets share names (ohne_neunen)."""
    return f"{preset}/{variant}"


class RulesForm(Form):
    """The rule set and the day's settings under it: the tournament's form and the club
    evening's quick start choose them alike."""

    # The choices are checked by the service (``rule_sets.choose``), which refuses an unknown
    # preset or a variant of another preset in German; WTForms' own check would say it in
    # English.
    rules_preset = RadioField(
        "Regelwerk",
        choices=[SelectChoice(key, name) for key, name in rule_sets.presets()],
        default=rule_sets.DEFAULT,
        validate_choice=False,
    )
    rules_variants = SelectMultipleField(
        "Varianten",
        choices=[
            SelectChoice(variant_value(preset, key), name)
            for preset, _ in rule_sets.presets()
            for key, name, _ in rule_sets.variants_of(preset)
        ],
        validate_choice=False,
    )
    # The day under a rule set other than the DDV's (``day_plans``); the service checks them
    # against the chosen set and refuses in German with the rule and the seed line.
    round_games = IntegerField(
        DAY_LABELS["round_games"],
        validators=[Optional()],
        description="Leer: wie vom Regelwerk vorgegeben, sonst 24 (an Fünfertischen 30).",
    )
    until_pot_empty = BooleanField(DAY_LABELS["until_pot_empty"])
    pot_start = IntegerField(
        DAY_LABELS["pot_start"],
        validators=[Optional()],
        description=(
            "Je Tisch, in Punkten (000, Pflicht) oder Pfennig (004; leer: 10 Grundbeträge je "
            "Spieler, 200 an Vierertischen, 250 an Fünfertischen)."
        ),
    )
    zwangssolo_frist = IntegerField(
        DAY_LABELS["zwangssolo_frist"],
        validators=[Optional()],
        description=(
            "Nur 004: in so vielen Spielen spielt jeder ein Solo, danach folgen nur noch die "
            "offenen Zwangssoli; leer: kein Zwangssolo."
        ),
    )
    time_limit = IntegerField(
        DAY_LABELS["time_limit"],
        validators=[Optional()],
        description="An Vierertischen, an Fünfertischen ein Viertel mehr; leer: ohne Zeitlimit.",
    )

    def day_plan(self) -> DayPlan:
        """The day's settings as sent (checked by the service against the chosen set)."""
        return DayPlan(
            round_games=self.round_games.data,
            until_pot_empty=bool(self.until_pot_empty.data),
            pot_start=self.pot_start.data,
            zwangssolo_frist=self.zwangssolo_frist.data,
            time_limit=self.time_limit.data,
        )

    def chosen_rules(self) -> tuple[str, list[str]]:
        """The preset and its variants as sent; a variant of another preset is kept as sent,
        so the service refuses it by name."""
        preset = self.rules_preset.data or rule_sets.DEFAULT
        variants = []
        for value in self.rules_variants.data or []:
            owner, _, name = str(value).partition("/")
            variants.append(name if owner == preset else str(value))
        return str(preset), variants

    def show_rules(self, preset: str, variants: list[str]) -> None:
        """Fill the rule-set fields from the tournament (the edit page's first view)."""
        self.rules_preset.data = preset
        self.rules_variants.data = [variant_value(preset, v) for v in variants]
