"""The Startgeld and the prize list, worked out: pure computation, no database, no Flask.

Amounts are whole cents (``int``), shares hundredths of a percent (4000 = 40 %). The
feature ``tournament/prizes/`` reads the tournament, its payments and its standings and hands
them here as :class:`Entrant` and :class:`Rules`; ``docs/prizes.md`` states the rules below
for the Turnierleitung.

- **The pot** is what was paid in (cash and transfer) less what was paid back (refunds).
- **The pool** for the shares is the pot less the amount kept back (Saalmiete etc.), the
  fixed prizes and the special prizes. Each share is the pool times its percentage,
  rounded *down* to whole cents.
- **Ties** follow the standings: equal totals share a rank (1, 2, 2, 4). Players tied on a
  rank share the prizes of the places they occupy (two tied for 2nd share the prizes of 2nd
  and 3rd) in equal parts, each rounded down to whole cents. A special prize with tied
  winners is shared the same way.
- **Rounding**: the cents a rounding leaves over (100 EUR over 3: 33,33 EUR each, 1 cent
  over) are not paid out; they stay in the Kasse and are shown as the rounding rest.
- **A player who withdrew** keeps the prize of his place by default (his points stay in the
  standings). If the organiser decides otherwise, withdrawn players take no prize and the
  places are counted among the others. A player who played no round never takes a prize.
- **One prize per player** by default: the places' prizes are given first, then the best
  round, then the categories in their order, each to the best player without a prize yet.
  If the organiser allows several, each prize goes to the best player regardless.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from tournament.domain.errors import ServiceError
from tournament.texts import prizes as words

#: The most a money field takes (cents): 100,000 EUR.
MOST_CENTS = 10_000_000
#: 100 % in hundredths of a percent.
WHOLE = 10_000
#: The most places a prize rule lists.
MOST_PLACES = 20

_MONEY = re.compile(
    r"(?P<euros>\d{1,3}(?:\.\d{3})+|\d+)(?:[,.](?P<cents>\d{1,2}))?",
)
_PERCENT = re.compile(r"(?P<whole>\d{1,3})(?:[,.](?P<part>\d{1,2}))?")


def parse_money(text: str | None, field_name: str | None = None) -> int:
    """German money as cents: "12", "12,5", "12,50 €", "1.234,50"; empty is 0.

    A dot before one or two last digits is taken as the decimal point too ("12.50"); a dot
    before three is a thousands separator ("1.250" is 1250 EUR)."""
    cleaned = (text or "").strip().removesuffix("€").removesuffix("EUR").strip()
    if not cleaned:
        return 0
    if cleaned.startswith("-"):
        raise ServiceError.sentence(words.MONEY_NEGATIVE.format(text=text), field_name)
    found = _MONEY.fullmatch(cleaned)
    if found is None:
        raise ServiceError.sentence(words.MONEY_BAD.format(text=text), field_name)
    euros = int(found["euros"].replace(".", ""))
    cents = int((found["cents"] or "0").ljust(2, "0"))
    amount = euros * 100 + cents
    if amount > MOST_CENTS:
        raise ServiceError.sentence(words.MONEY_TOO_LARGE.format(text=text), field_name)
    return amount


def parse_share(text: str | None, field_name: str | None = None) -> int:
    """A German percentage as hundredths of a percent: "40", "12,5", "12,5 %"; empty is 0."""
    cleaned = (text or "").strip().removesuffix("%").strip()
    if not cleaned:
        return 0
    if cleaned.startswith("-"):
        raise ServiceError.sentence(words.SHARE_NEGATIVE.format(text=text), field_name)
    found = _PERCENT.fullmatch(cleaned)
    if found is None:
        raise ServiceError.sentence(words.SHARE_BAD.format(text=text), field_name)
    share = int(found["whole"]) * 100 + int((found["part"] or "0").ljust(2, "0"))
    if share > WHOLE:
        raise ServiceError.sentence(words.SHARE_TOO_LARGE.format(text=text), field_name)
    return share


def check_shares(shares: Sequence[int], field_names: Sequence[str]) -> None:
    """The shares add up to at most 100 %; else refused at the share that goes over."""
    running = 0
    for share, name in zip(shares, field_names, strict=False):
        running += share
        if running > WHOLE:
            raise ServiceError.sentence(words.SHARES_OVER.format(total=percent(sum(shares))), name)


def euros(cents: int) -> str:
    """Cents as German euros: 123456 -> "1.234,56 €"."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}{whole:,}".replace(",", ".") + f",{part:02d} €"


def plain_euros(cents: int) -> str:
    """Cents as a German number for a money field or a CSV cell: 1250 -> "12,50"."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}{whole},{part:02d}"


def percent(share: int) -> str:
    """Hundredths of a percent in German: 1250 -> "12,5 %", 4000 -> "40 %"."""
    whole, part = divmod(share, 100)
    return f"{whole} %" if part == 0 else f"{whole},{part:02d}".rstrip("0") + " %"


def plain_percent(share: int) -> str:
    """A share for its field: 1250 -> "12,5", 4000 -> "40"."""
    return percent(share).removesuffix(" %")


@dataclass(frozen=True, slots=True)
class Payment:
    """One desk entry: ``kind`` "cash", "transfer" or "refund"; undone entries do not count."""

    key: int
    kind: str
    amount: int
    undone: bool = False


@dataclass(frozen=True, slots=True)
class Totals:
    """The desk's sums (cents): what the Startgeld comes to, paid in cash and by transfer,
    paid back, still open, and the pot (paid in less paid back)."""

    expected: int
    cash: int
    transfer: int
    refunded: int
    open: int
    payers: int
    players: int

    @property
    def pot(self) -> int:
        return self.cash + self.transfer - self.refunded


def net_paid(payments: Iterable[Payment]) -> dict[int, int]:
    """Each player's net payment (paid in less paid back), by key."""
    net: dict[int, int] = {}
    for payment in payments:
        if payment.undone:
            continue
        sign = -1 if payment.kind == "refund" else 1
        net[payment.key] = net.get(payment.key, 0) + sign * payment.amount
    return net


def totals(fee: int, owing: Iterable[int], payments: Sequence[Payment]) -> Totals:
    """The desk's sums: ``owing`` are the keys of the players who owe the Startgeld (not those
    who withdrew before round 1); what one of them has not paid (net) is open."""
    counted = [p for p in payments if not p.undone]
    net = net_paid(counted)
    owing = list(owing)
    return Totals(
        expected=fee * len(owing),
        cash=sum(p.amount for p in counted if p.kind == "cash"),
        transfer=sum(p.amount for p in counted if p.kind == "transfer"),
        refunded=sum(p.amount for p in counted if p.kind == "refund"),
        open=sum(max(0, fee - net.get(key, 0)) for key in owing),
        payers=sum(1 for key in owing if net.get(key, 0) >= fee > 0),
        players=len(owing),
    )


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player as the prize list sees him: his total and each round's points (None where he
    had no seat), whether he withdrew (after which round; 0: before round 1) and his
    categories."""

    key: int
    start_number: int
    name: str
    total: int
    round_points: tuple[int | None, ...] = ()
    withdrawn_after_round: int | None = None
    categories: frozenset[str] = frozenset()

    @property
    def played(self) -> bool:
        return any(points is not None for points in self.round_points)

    @property
    def best_round(self) -> int | None:
        played = [points for points in self.round_points if points is not None]
        return max(played) if played else None


@dataclass(frozen=True, slots=True)
class Rules:
    """The prize rules (cents, hundredths of a percent), as the Turnierleitung set them."""

    shares: tuple[int, ...] = ()
    fixed: tuple[int, ...] = ()
    kept_back: int = 0
    best_round_prize: int = 0
    category_prizes: tuple[tuple[str, int], ...] = ()
    withdrawn_keep: bool = True
    several_prizes: bool = False

    @property
    def places(self) -> int:
        return max(len(self.shares), len(self.fixed))

    @property
    def specials(self) -> int:
        return self.best_round_prize + sum(amount for _, amount in self.category_prizes)


@dataclass(frozen=True, slots=True)
class Award:
    """One prize given: ``kind`` "place", "best_round" or "category"; ``first`` and ``last``
    the places it covers (a tie covers several), ``category`` the category's name,
    ``winners`` who share it and ``each`` what each gets; ``measure`` the points that won it
    (the total, the round's points)."""

    kind: str
    first: int
    last: int
    winners: tuple[Entrant, ...]
    each: int
    measure: int
    category: str = ""

    @property
    def amount(self) -> int:
        return self.each * len(self.winners)


@dataclass(frozen=True, slots=True)
class Distribution:
    """The prize list: the pot, what is kept back, the pool the shares are taken of, each
    place's prize before ties, the awards, and what stays in the Kasse."""

    pot: int
    kept_back: int
    pool: int
    place_prizes: tuple[int, ...]
    awards: tuple[Award, ...]
    rounding_rest: int
    #: Prizes nobody could take (fewer players than places, a category without a player).
    unclaimed: int
    notes: tuple[str, ...] = field(default=())

    @property
    def paid_out(self) -> int:
        return sum(award.amount for award in self.awards)

    @property
    def left_over(self) -> int:
        """What stays in the Kasse after the prizes (negative: the prizes exceed the pot)."""
        return self.pot - self.kept_back - self.paid_out


def competition_ranks(values: Sequence[int]) -> list[int]:
    """Ranks of values sorted best (highest) first: equal values share one (1, 2, 2, 4)."""
    ranks: list[int] = []
    for i, value in enumerate(values):
        ranks.append(ranks[-1] if i and value == values[i - 1] else i + 1)
    return ranks


def _ranked(
    entrants: Iterable[Entrant], measure: Callable[[Entrant], int]
) -> list[tuple[int, list[Entrant]]]:
    """Groups of entrants by ``measure``, best first, each with its rank (start number inside)."""
    ordered = sorted(entrants, key=lambda e: (-measure(e), e.start_number))
    groups: list[tuple[int, list[Entrant]]] = []
    for entrant, rank in zip(
        ordered, competition_ranks([measure(e) for e in ordered]), strict=True
    ):
        if groups and groups[-1][0] == rank:
            groups[-1][1].append(entrant)
        else:
            groups.append((rank, [entrant]))
    return groups


def distribute(entrants: Sequence[Entrant], rules: Rules, pot: int) -> Distribution:
    """The prize list of a tournament's standings under ``rules`` with ``pot`` cents paid in."""
    fixed_total = sum(rules.fixed)
    pool = max(0, pot - rules.kept_back - fixed_total - rules.specials)
    notes: list[str] = []
    if pot - rules.kept_back - fixed_total - rules.specials < 0:
        notes.append(
            words.NOTE_SHORT.format(
                needed=euros(rules.kept_back + fixed_total + rules.specials), pot=euros(pot)
            )
        )
    place_prizes = tuple(
        pool * (rules.shares[i] if i < len(rules.shares) else 0) // WHOLE
        + (rules.fixed[i] if i < len(rules.fixed) else 0)
        for i in range(rules.places)
    )
    eligible = [
        e
        for e in entrants
        if e.played and (rules.withdrawn_keep or e.withdrawn_after_round is None)
    ]
    awards: list[Award] = []
    rest = 0
    given = 0
    for rank, group in _ranked(eligible, lambda e: e.total):
        if rank > rules.places:
            break
        last = rank + len(group) - 1
        shared = sum(place_prizes[place - 1] for place in range(rank, min(last, rules.places) + 1))
        each = shared // len(group)
        rest += shared - each * len(group)
        given += shared
        if each > 0:
            awards.append(Award("place", rank, last, tuple(group), each, group[0].total))
    unclaimed = sum(place_prizes) - given
    taken = {e.key for award in awards for e in award.winners}

    def special(
        kind: str, amount: int, among: list[Entrant], measure: Callable[[Entrant], int], name: str
    ) -> None:
        nonlocal rest, unclaimed
        if amount <= 0:
            return
        free = [e for e in among if rules.several_prizes or e.key not in taken]
        if not free:
            unclaimed += amount
            return
        _, winners = _ranked(free, measure)[0]
        each = amount // len(winners)
        rest += amount - each * len(winners)
        awards.append(
            Award(kind, 1, len(winners), tuple(winners), each, measure(winners[0]), category=name)
        )
        taken.update(e.key for e in winners)

    special("best_round", rules.best_round_prize, eligible, lambda e: e.best_round or 0, name="")
    for category, amount in rules.category_prizes:
        members = [e for e in eligible if category in e.categories]
        special("category", amount, members, lambda e: e.total, name=category)
    return Distribution(
        pot=pot,
        kept_back=rules.kept_back,
        pool=pool,
        place_prizes=place_prizes,
        awards=tuple(awards),
        rounding_rest=rest,
        unclaimed=unclaimed,
        notes=tuple(notes),
    )


def parse_start_numbers(text: str | None, field_name: str | None = None) -> list[int]:
    """Start numbers separated by commas or spaces ("3, 7 12")."""
    numbers: list[int] = []
    for item in re.split(r"[,;\s]+", (text or "").strip()):
        if not item:
            continue
        if not (item.isascii() and item.isdigit() and len(item) <= 5):
            raise ServiceError.sentence(words.START_NUMBER_BAD.format(item=item), field_name)
        numbers.append(int(item))
    return numbers
