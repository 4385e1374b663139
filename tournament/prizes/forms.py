"""The forms of the Startgeld desk and the prize rules. Money and shares are text fields:
German input ("12,5") is read by ``tournament/domain/prizes.py``, which names what is wrong."""

from __future__ import annotations

from typing import Any

from wtforms import BooleanField, HiddenField, StringField, SubmitField

from tournament.domain import prizes as domain
from tournament.domain.errors import ServiceError
from tournament.models import PrizeRules
from tournament.prizes.service import CATEGORY_LENGTH, CategoryPrize, Settings
from tournament.texts import prizes as words
from tournament.web.forms import Form, VersionedForm, at_most, strip

#: The places the form offers, and the categories.
PLACES = 10
CATEGORIES = 3


class DeskForm(Form):
    """A desk button (Bar, Überweisung, Erstatten, Rückgängig)."""

    payment = HiddenField()
    submit = SubmitField()


class _RulesBase(VersionedForm):
    entry_fee = StringField(words.ENTRY_FEE, filters=[strip], description=words.ENTRY_FEE_HINT)
    kept_back = StringField(words.KEPT_BACK, filters=[strip], description=words.KEPT_BACK_HINT)
    best_round_prize = StringField(words.BEST_ROUND, filters=[strip])
    withdrawn_keep = BooleanField(words.WITHDRAWN_KEEP, default=True)
    several_prizes = BooleanField(words.SEVERAL_PRIZES)
    submit = SubmitField(words.SAVE)


def _rules_form() -> type[_RulesBase]:
    attributes: dict[str, Any] = {}
    for place in range(1, PLACES + 1):
        attributes[f"share_{place}"] = StringField(words.SHARE.format(place=place), filters=[strip])
        attributes[f"fixed_{place}"] = StringField(words.FIXED.format(place=place), filters=[strip])
    for number in range(1, CATEGORIES + 1):
        attributes[f"category_{number}_name"] = StringField(
            words.CATEGORY_NAME.format(number=number),
            filters=[strip],
            validators=[at_most(CATEGORY_LENGTH)],
        )
        attributes[f"category_{number}_prize"] = StringField(
            words.CATEGORY_PRIZE.format(number=number), filters=[strip]
        )
        attributes[f"category_{number}_members"] = StringField(
            words.CATEGORY_MEMBERS.format(number=number), filters=[strip]
        )
    return type("RulesForm", (_RulesBase,), attributes)


RulesForm = _rules_form()


def fill(form: _RulesBase, found: PrizeRules | None, members: dict[str, list[int]]) -> None:
    """Show stored rules in the form."""
    if found is None:
        return
    form.entry_fee.data = domain.plain_euros(found.entry_fee)
    form.kept_back.data = domain.plain_euros(found.kept_back)
    form.best_round_prize.data = (
        domain.plain_euros(found.best_round_prize) if found.best_round_prize else ""
    )
    form.withdrawn_keep.data = found.withdrawn_keep
    form.several_prizes.data = found.several_prizes
    for place, share in enumerate(found.shares[:PLACES], start=1):
        form[f"share_{place}"].data = domain.plain_percent(share) if share else ""
    for place, amount in enumerate(found.fixed[:PLACES], start=1):
        form[f"fixed_{place}"].data = domain.plain_euros(amount) if amount else ""
    for number, (name, amount) in enumerate(found.category_prizes[:CATEGORIES], start=1):
        form[f"category_{number}_name"].data = name
        form[f"category_{number}_prize"].data = domain.plain_euros(int(amount))
        form[f"category_{number}_members"].data = ", ".join(
            str(n) for n in members.get(str(name), [])
        )


def settings(form: _RulesBase) -> Settings | None:
    """The rules the form gives, or None with a German message at every field that is wrong."""
    problems = 0

    def read(name: str, parse: Any) -> Any:
        nonlocal problems
        try:
            return parse(form[name].data, name)
        except ServiceError as error:
            form[name].errors = [*form[name].errors, str(error)]
            problems += 1
            return 0

    fee = read("entry_fee", domain.parse_money)
    kept = read("kept_back", domain.parse_money)
    best = read("best_round_prize", domain.parse_money)
    shares = tuple(read(f"share_{p}", domain.parse_share) for p in range(1, PLACES + 1))
    fixed = tuple(read(f"fixed_{p}", domain.parse_money) for p in range(1, PLACES + 1))
    if not problems:
        try:
            domain.check_shares(shares, [f"share_{p}" for p in range(1, PLACES + 1)])
        except ServiceError as error:
            form[error.field or "share_1"].errors = [str(error)]
            problems += 1
    categories = []
    for number in range(1, CATEGORIES + 1):
        name = form[f"category_{number}_name"].data or ""
        amount = read(f"category_{number}_prize", domain.parse_money)
        members = read(f"category_{number}_members", domain.parse_start_numbers) or []
        if not name:
            if amount or members:
                form[f"category_{number}_name"].errors = [words.CATEGORY_NO_NAME]
                problems += 1
            continue
        categories.append(CategoryPrize(name, amount, tuple(members)))
    if problems:
        return None
    return Settings(
        entry_fee=fee,
        kept_back=kept,
        shares=shares,
        fixed=fixed,
        best_round_prize=best,
        categories=tuple(categories),
        withdrawn_keep=bool(form.withdrawn_keep.data),
        several_prizes=bool(form.several_prizes.data),
    )
