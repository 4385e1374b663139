"""The evening's settlement: per table of a round, who pays whom (issue 33, item 6).

By the rule set's settlement (``RuleSet.settlement``, docs/rule-sets.md):

- **plus-minus** (the DDV's, 001, 002, 000 with its option): a table's points sum to 0, so they
  are settled by payments between the players, the fewest that do it (:func:`fewest_payments`).
  Without a Punktwert the payments are in points; with one (tenths of a Cent per point, so
  ``0,5`` Cent is possible) each payment is points x Punktwert, rounded to whole Cent, halves up
  (:func:`priced`). Rounding a payment, never a player's balance, keeps every payment one between
  two players and the table's money summing to 0. A deduction for unsportliches Verhalten
  (TSR 9.7) credits nobody, so nobody is paid for it: the payments leave it out and the page
  names it.
- **Punktetopf** (000): the pot paid the winners; each player gets what he won from the pot
  (his total), what is left in the pot is its rest: the won amounts and the rest sum to the
  pot's start. With a Punktwert each player's amount is priced as a payment is.
- **Kasse** (004, Pfennig): each player paid his share of the Kasse's start in (the start split
  evenly; a remainder goes one Pfennig each to the first seats) and took out what the Kasse paid
  him (his total; solos are paid from the pocket at the table, they are in the total and sum to
  0). His balance is taken out minus paid in; the balances and the Kasse's rest sum to 0.

Everything is exact integer arithmetic: points, Pfennig, Cent.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tournament.domain import list_store, standings
from tournament.domain.errors import ScoreListRefused
from tournament.models import Round, RoundStatus, RoundTable
from tournament.texts.results import UNBALANCED, UNSETTLED_ITEM

#: The largest Punktwert taken, in tenths of a Cent (10 Euro a point).
MAX_POINT_VALUE = 10_000
_POINT_VALUE = re.compile(r"\s*(\d{1,5})(?:[,.](\d))?\s*")


class BadPointValue(ValueError):
    """A Punktwert that is not a number of Cent with at most one decimal place."""


def parse_point_value(text: str | None) -> int | None:
    """The Punktwert typed in (``5``, ``0,5``; Cent per point) as tenths of a Cent; None when
    empty. Raises :class:`BadPointValue` for anything else, or 0, or above 1000 Cent."""
    if text is None or not text.strip():
        return None
    found = _POINT_VALUE.fullmatch(text)
    if found is None:
        raise BadPointValue(text)
    tenths = int(found.group(1)) * 10 + int(found.group(2) or 0)
    if not 0 < tenths <= MAX_POINT_VALUE:
        raise BadPointValue(text)
    return tenths


def price(points: int, tenths: int) -> int:
    """``points`` at ``tenths`` tenths of a Cent each, in whole Cent, halves away from 0."""
    value = abs(points) * tenths
    cents = (value + 5) // 10
    return cents if points >= 0 else -cents


@dataclass(frozen=True, slots=True)
class Payment:
    """``payer`` pays ``payee`` ``amount`` (> 0): engine player keys, and points or Cent."""

    payer: str
    payee: str
    amount: int


def fewest_payments(balances: Mapping[str, int]) -> list[Payment]:
    """Payments that settle ``balances`` (summing to 0; positive: to receive), as few as
    possible: the players are split into as many groups summing to 0 as there can be, each
    group of n settled with n - 1 payments (the largest debt to the largest claim). A table
    has at most five players, so every split is tried (2^5 subsets)."""
    if sum(balances.values()) != 0:
        raise ValueError("balances must sum to 0")
    keys = [key for key, value in balances.items() if value]
    groups = _zero_groups(keys, balances)
    payments: list[Payment] = []
    for group in groups:
        payments.extend(_settle_group(group, balances))
    return payments


def _zero_groups(keys: Sequence[str], balances: Mapping[str, int]) -> list[list[str]]:
    """``keys`` split into the most groups that each sum to 0 (dynamic programming over the
    subsets: best[mask] is the most groups the players of ``mask`` make)."""
    n = len(keys)
    full = (1 << n) - 1
    sums = [sum(balances[keys[i]] for i in range(n) if mask >> i & 1) for mask in range(full + 1)]
    best: dict[int, tuple[int, list[int]]] = {0: (0, [])}
    for mask in range(1, full + 1):
        if sums[mask] != 0:
            continue
        found: tuple[int, list[int]] | None = None
        sub = mask
        while sub:
            rest = mask ^ sub
            if sums[sub] == 0 and rest in best:
                count, parts = best[rest]
                if found is None or count + 1 > found[0]:
                    found = (count + 1, [*parts, sub])
            sub = (sub - 1) & mask
        if found is not None:
            best[mask] = found
    return [[keys[i] for i in range(n) if part >> i & 1] for part in best[full][1]]


def _settle_group(group: Sequence[str], balances: Mapping[str, int]) -> list[Payment]:
    """n - 1 payments for a group summing to 0 with no smaller group inside: the largest
    debtor pays the largest creditor as much as one of them is owed, until all are even."""
    left = {key: balances[key] for key in group}
    payments = []
    while any(left.values()):
        payer = min(left, key=lambda k: (left[k], k))
        payee = max(left, key=lambda k: (left[k], k))
        amount = min(-left[payer], left[payee])
        payments.append(Payment(payer, payee, amount))
        left[payer] += amount
        left[payee] -= amount
    return payments


def priced(payments: Sequence[Payment], tenths: int) -> list[Payment]:
    """The payments in Cent at a Punktwert of ``tenths`` tenths of a Cent (:func:`price`);
    a payment that rounds to 0 Cent is left out."""
    result = []
    for payment in payments:
        cents = price(payment.amount, tenths)
        if cents:
            result.append(Payment(payment.payer, payment.payee, cents))
    return result


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """One player of a table: his total (points or Pfennig), under a pot what he won (and its
    price with a Punktwert), under a Kasse what he paid in, took out and his balance."""

    key: str
    name: str
    total: int
    paid_in: int = 0
    priced: int | None = None

    @property
    def took_out(self) -> int:
        return self.total

    @property
    def net(self) -> int:
        return self.total - self.paid_in


@dataclass(frozen=True, slots=True)
class TableSettlement:
    """One table's settlement; ``problem``: why its list cannot be read (nothing else)."""

    number: int
    players: tuple[PlayerLine, ...]
    payments: tuple[Payment, ...] = ()
    #: Under a pot: its start and its rest (balance now).
    start: int = 0
    rest: int = 0
    problem: str | None = None
    #: Under plus-minus: points the payments leave out (key, points), see ``_unsettled``.
    unsettled: tuple[tuple[str, int], ...] = ()

    def name(self, key: str) -> str:
        return next((p.name for p in self.players if p.key == key), key)

    def unsettled_items(self) -> list[str]:
        """The points left out, as German text: ``Anna -3``."""
        return [
            UNSETTLED_ITEM.format(name=self.name(key), points=points)
            for key, points in self.unsettled
        ]


@dataclass(frozen=True, slots=True)
class RoundSettlement:
    """A round's settlement: the set's scoring, the Punktwert (tenths of a Cent, None: in the
    unit), whether the round still runs, and each table's."""

    number: int
    scoring: standings.Scoring
    point_value: int | None
    provisional: bool
    tables: tuple[TableSettlement, ...]

    @property
    def in_cents(self) -> bool:
        """Whether amounts are Cent (a Punktwert given, not under a Kasse, which is money)."""
        return self.point_value is not None and not self.scoring.money


def settle_round(round_: Round, point_value: int | None = None) -> RoundSettlement:
    """The settlement of every table of ``round_`` (drawn tables with no game settle to
    nothing)."""
    scoring = standings.scoring_of(round_.tournament)
    tables = tuple(
        _settle_table(table.number, scoring, point_value, table)
        for table in list_store.read_lists(round_.id)
    )
    return RoundSettlement(
        number=round_.number,
        scoring=scoring,
        point_value=point_value,
        provisional=round_.status is not RoundStatus.FINISHED,
        tables=tables,
    )


def _settle_table(
    number: int, scoring: standings.Scoring, point_value: int | None, table: RoundTable
) -> TableSettlement:
    try:
        report = list_store.check(table)
    except ScoreListRefused as refused:
        return TableSettlement(number, (), problem=str(refused))
    names = list_store.names_of(table)
    totals: dict[str, int] = {key: int(value) for key, value in report["totals"].items()}
    keys = [key for key in list_store.players_of(table) if key in totals]
    pot = report.get("pot") or {"start": 0, "balance": 0}
    start, rest = int(pot["start"]), int(pot["balance"])
    if scoring.settlement == "kasse":
        shares = split(start, len(keys))
        players = tuple(
            PlayerLine(key, names.get(key, key), totals[key], paid_in=share)
            for key, share in zip(keys, shares, strict=True)
        )
        return TableSettlement(number, players, start=start, rest=rest)
    if scoring.settlement == "pot_winners":
        players = tuple(
            PlayerLine(
                key,
                names.get(key, key),
                totals[key],
                priced=None if point_value is None else price(totals[key], point_value),
            )
            for key in keys
        )
        return TableSettlement(number, players, start=start, rest=rest)
    players = tuple(PlayerLine(key, names.get(key, key), totals[key]) for key in keys)
    unsettled = _unsettled(report, keys)
    balances = {key: totals[key] - unsettled.get(key, 0) for key in keys}
    if sum(balances.values()) != 0:
        return TableSettlement(number, players, problem=UNBALANCED)
    payments = fewest_payments(balances)
    if point_value is not None:
        payments = priced(payments, point_value)
    return TableSettlement(
        number, players, tuple(payments), unsettled=tuple(sorted(unsettled.items()))
    )


def _unsettled(report: Mapping[str, Any], keys: Sequence[str]) -> dict[str, int]:
    """Points of rows that do not sum to 0 (a deduction for unsportliches Verhalten, TSR 9.7,
    takes points from one player and credits nobody): nobody is paid for them, so the
    payments leave them out and the page names them."""
    found: dict[str, int] = {}
    for row in report.get("rows", ()):
        points = row.get("points") or {}
        if sum(points.values()) == 0:
            continue
        for key, value in points.items():
            if value and key in keys:
                found[key] = found.get(key, 0) + int(value)
    return found


def split(amount: int, parts: int) -> list[int]:
    """``amount`` in ``parts`` as even as whole numbers go, the larger shares first."""
    if parts <= 0:
        return []
    base, extra = divmod(amount, parts)
    return [base + (1 if index < extra else 0) for index in range(parts)]
