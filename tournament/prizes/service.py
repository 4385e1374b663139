"""The Startgeld desk and the prize list of one tournament: reads and writes the database and
hands the sums and the distribution to ``tournament/domain/prizes.py``.

Every payment, undo and refund is a row (a wrong mark is undone, a refund is a payment back,
nothing is deleted) and an event of the Protokoll, written in the same transaction.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import select

from tournament.domain import audit_log, registrations, standings
from tournament.domain import prizes as domain
from tournament.domain.errors import ServiceError
from tournament.extensions import db
from tournament.models import (
    EntryPayment,
    PaymentKind,
    PrizeCategory,
    PrizeRules,
    Registration,
    Tournament,
    TournamentStatus,
    User,
    utcnow,
)
from tournament.texts import prizes as words

CATEGORY_LENGTH = 40


def rules_of(tournament: Tournament) -> PrizeRules | None:
    query = select(PrizeRules).where(PrizeRules.tournament_id == tournament.id)
    return db.session.execute(query).scalar_one_or_none()


def domain_rules(found: PrizeRules | None) -> domain.Rules:
    if found is None:
        return domain.Rules()
    return domain.Rules(
        shares=tuple(found.shares),
        fixed=tuple(found.fixed),
        kept_back=found.kept_back,
        best_round_prize=found.best_round_prize,
        category_prizes=tuple((str(name), int(amount)) for name, amount in found.category_prizes),
        withdrawn_keep=found.withdrawn_keep,
        several_prizes=found.several_prizes,
    )


def categories_of(tournament: Tournament) -> dict[str, list[int]]:
    """Each category's members by start number, in start-number order."""
    query = (
        select(PrizeCategory.category, Registration.start_number)
        .join(Registration, Registration.id == PrizeCategory.registration_id)
        .where(Registration.tournament_id == tournament.id)
        .order_by(Registration.start_number)
    )
    found: dict[str, list[int]] = {}
    for category, number in db.session.execute(query):
        found.setdefault(category, []).append(number)
    return found


@dataclass(frozen=True, slots=True)
class CategoryPrize:
    name: str
    amount: int
    members: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Settings:
    """The prize rules as the form gives them (cents, hundredths of a percent)."""

    entry_fee: int
    kept_back: int
    shares: tuple[int, ...]
    fixed: tuple[int, ...]
    best_round_prize: int
    categories: tuple[CategoryPrize, ...]
    withdrawn_keep: bool
    several_prizes: bool


def _trimmed(values: Sequence[int]) -> list[int]:
    """A list of places without its trailing empty ones."""
    values = list(values)
    while values and values[-1] == 0:
        values.pop()
    return values


def save_rules(
    user: User | None, tournament: Tournament, version: int, settings: Settings
) -> PrizeRules:
    """Store the rules (creating them the first time) and each category's members."""
    found = rules_of(tournament)
    if found is not None and version != found.version:
        raise ServiceError.sentence(words.STALE)
    by_number = {r.start_number: r for r in tournament.registrations}
    names_seen: set[str] = set()
    for number, category in enumerate(settings.categories, start=1):
        if category.name.casefold() in names_seen:
            raise ServiceError.sentence(
                words.CATEGORY_TWICE.format(name=category.name), f"category_{number}_name"
            )
        names_seen.add(category.name.casefold())
        if not category.members:
            raise ServiceError.sentence(
                words.CATEGORY_NOBODY.format(name=category.name), f"category_{number}_members"
            )
        for member in category.members:
            if member not in by_number:
                raise ServiceError.sentence(
                    words.START_NUMBER_UNKNOWN.format(number=member),
                    f"category_{number}_members",
                )
    old = None if found is None else _fields(found)
    if found is None:
        found = PrizeRules(tournament_id=tournament.id, version=0)
        db.session.add(found)
    found.entry_fee = settings.entry_fee
    found.kept_back = settings.kept_back
    found.shares = _trimmed(settings.shares)
    found.fixed = _trimmed(settings.fixed)
    found.best_round_prize = settings.best_round_prize
    found.category_prizes = [[c.name, c.amount] for c in settings.categories]
    found.withdrawn_keep = settings.withdrawn_keep
    found.several_prizes = settings.several_prizes
    found.version = (found.version or 0) + 1
    registration_ids = [r.id for r in tournament.registrations]
    for stored in db.session.scalars(
        select(PrizeCategory).where(PrizeCategory.registration_id.in_(registration_ids))
    ):
        db.session.delete(stored)
    db.session.flush()
    for category in settings.categories:
        for member in sorted(set(category.members)):
            db.session.add(
                PrizeCategory(registration_id=by_number[member].id, category=category.name)
            )
    db.session.flush()
    new = _fields(found)
    new["categories"] = {c.name: sorted(set(c.members)) for c in settings.categories}
    audit_log.record(user, "prize_rules", "tournament", tournament.id, old=old, new=new)
    return found


def _fields(found: PrizeRules) -> dict[str, object]:
    return {
        "entry_fee": found.entry_fee,
        "kept_back": found.kept_back,
        "shares": list(found.shares),
        "fixed": list(found.fixed),
        "best_round_prize": found.best_round_prize,
        "category_prizes": [list(c) for c in found.category_prizes],
        "withdrawn_keep": found.withdrawn_keep,
        "several_prizes": found.several_prizes,
    }


# The desk.


def _payments(tournament: Tournament) -> list[EntryPayment]:
    query = (
        select(EntryPayment)
        .join(Registration, Registration.id == EntryPayment.registration_id)
        .where(Registration.tournament_id == tournament.id)
        .order_by(EntryPayment.recorded_at, EntryPayment.id)
    )
    return list(db.session.scalars(query))


def _as_domain(payments: Sequence[EntryPayment]) -> list[domain.Payment]:
    return [
        domain.Payment(p.registration_id, p.kind.value, p.amount, p.undone_at is not None)
        for p in payments
    ]


def owes(registration: Registration) -> bool:
    """Whether the player owes the Startgeld: all but who withdrew before round 1."""
    return registration.withdrawn_after_round != 0


@dataclass(frozen=True, slots=True)
class DeskRow:
    """One player at the desk: what he paid (net), his status and his payments."""

    registration: Registration
    name: str
    net: int
    status: str
    payments: tuple[EntryPayment, ...]
    #: The latest payment still counted: what "Rückgängig" undoes.
    undoable: EntryPayment | None


@dataclass(frozen=True, slots=True)
class Desk:
    fee: int
    rows: tuple[DeskRow, ...]
    totals: domain.Totals
    version: int


def _status(registration: Registration, fee: int, net: int, kinds: Sequence[str]) -> str:
    if "refund" in kinds and net <= 0:
        return words.STATUS_REFUNDED
    if not owes(registration) and net <= 0:
        return words.STATUS_OUT
    if fee > 0 and net >= fee:
        last = next((k for k in reversed(kinds) if k != "refund"), "cash")
        return words.STATUS_PAID.format(kind=words.KIND[last])
    return words.STATUS_OPEN


def desk(tournament: Tournament, search: str = "", show: str = "alle") -> Desk:
    """The desk's rows (filtered by a name or start number and by open / paid) and totals
    (always over every player)."""
    found = rules_of(tournament)
    fee = 0 if found is None else found.entry_fee
    payments = _payments(tournament)
    by_registration: dict[int, list[EntryPayment]] = {}
    for payment in payments:
        by_registration.setdefault(payment.registration_id, []).append(payment)
    net = domain.net_paid(_as_domain(payments))
    labels = standings_names(tournament)
    registered = registrations.with_players(tournament)
    needle = search.strip().casefold()
    rows = []
    for registration in registered:
        name = labels.get(registration.id, registration.player.name)
        if needle and needle not in name.casefold() and needle != str(registration.start_number):
            continue
        own = by_registration.get(registration.id, [])
        counted = [p for p in own if p.undone_at is None]
        paid = net.get(registration.id, 0)
        status = _status(registration, fee, paid, [p.kind.value for p in counted])
        is_paid = fee > 0 and paid >= fee
        if show == "offen" and (is_paid or status != words.STATUS_OPEN):
            continue
        if show == "bezahlt" and not is_paid:
            continue
        rows.append(
            DeskRow(
                registration=registration,
                name=name,
                net=paid,
                status=status,
                payments=tuple(own),
                undoable=counted[-1] if counted else None,
            )
        )
    owing = [r.id for r in registered if owes(r)]
    return Desk(
        fee=fee,
        rows=tuple(rows),
        totals=domain.totals(fee, owing, _as_domain(payments)),
        version=0 if found is None else found.version,
    )


def standings_names(tournament: Tournament) -> dict[int, str]:
    """Each registration's name as the standings show it (namesakes told apart)."""
    by_number = {r.start_number: r.id for r in tournament.registrations}
    return {
        by_number[row.start_number]: row.name
        for row in standings.overall(tournament).rows
        if row.start_number in by_number
    }


def _net_of(registration: Registration) -> int:
    """What the player paid (net), read under a lock of his registration's row: of two taps
    at once on PostgreSQL the second waits for the first (SQLite's write lock, taken by every
    POST, serialises them already)."""
    db.session.execute(
        select(Registration.id).where(Registration.id == registration.id).with_for_update()
    )
    query = select(EntryPayment).where(EntryPayment.registration_id == registration.id)
    return domain.net_paid(_as_domain(list(db.session.scalars(query)))).get(registration.id, 0)


def pay(user: User | None, registration: Registration, kind: PaymentKind, name: str) -> int:
    """Record the Startgeld paid in cash or by transfer; refused if it is paid already (a
    second tap of the button) or no Startgeld is set."""
    found = rules_of(registration.tournament)
    if found is None or found.entry_fee <= 0:
        raise ServiceError.sentence(words.NO_FEE)
    paid = _net_of(registration)
    if paid >= found.entry_fee:
        raise ServiceError.sentence(words.ALREADY_PAID.format(name=name))
    amount = found.entry_fee - paid
    _record(user, registration, kind, amount, "entry_fee_paid")
    return amount


def refund(user: User | None, registration: Registration, name: str) -> int:
    """Pay back what the player paid (net): a payment back, recorded like any other."""
    paid = _net_of(registration)
    if paid <= 0:
        raise ServiceError.sentence(words.NOTHING_TO_REFUND.format(name=name))
    _record(user, registration, PaymentKind.REFUND, paid, "entry_fee_refunded")
    return paid


def undo(user: User | None, registration: Registration, payment_id: int, name: str) -> EntryPayment:
    """Undo a wrong mark: the latest counted payment of the player, if it is ``payment_id``
    (a page showing an older state is refused)."""
    _net_of(registration)
    query = (
        select(EntryPayment)
        .where(EntryPayment.registration_id == registration.id, EntryPayment.undone_at.is_(None))
        .order_by(EntryPayment.recorded_at.desc(), EntryPayment.id.desc())
    )
    latest = db.session.scalars(query).first()
    if latest is None:
        raise ServiceError.sentence(words.NOTHING_TO_UNDO.format(name=name))
    if latest.id != payment_id:
        raise ServiceError.sentence(words.STALE)
    latest.undone_at = utcnow()
    audit_log.record(
        user,
        "entry_fee_undone",
        "registration",
        registration.id,
        old={"payment": latest.kind.value, "amount": latest.amount},
    )
    return latest


def _record(
    user: User | None, registration: Registration, kind: PaymentKind, amount: int, action: str
) -> None:
    db.session.add(
        EntryPayment(
            registration_id=registration.id,
            kind=kind,
            amount=amount,
            recorded_by_id=None if user is None else user.id,
            recorded_at=utcnow(),
        )
    )
    db.session.flush()
    audit_log.record(
        user, action, "registration", registration.id, new={"payment": kind.value, "amount": amount}
    )


# The prize list.


def is_final(tournament: Tournament) -> bool:
    """Whether the last round is closed: the prize list is public from then."""
    return tournament.status is TournamentStatus.FINISHED


@dataclass(frozen=True, slots=True)
class PrizeList:
    tournament: Tournament
    rules: domain.Rules
    distribution: domain.Distribution
    provisional: bool
    moment: dt.datetime


def prize_list(tournament: Tournament) -> PrizeList:
    """The distribution of the pot paid in so far over the standings as they stand."""
    table = standings.overall(tournament)
    by_number = {r.start_number: r for r in tournament.registrations}
    members: dict[int, set[str]] = {}
    for category, numbers in categories_of(tournament).items():
        for number in numbers:
            members.setdefault(number, set()).add(category)
    entrants = [
        domain.Entrant(
            key=by_number[row.start_number].id,
            start_number=row.start_number,
            name=row.name,
            total=row.total,
            round_points=row.points,
            withdrawn_after_round=row.withdrawn_after_round,
            categories=frozenset(members.get(row.start_number, ())),
        )
        for row in table.rows
        if row.start_number in by_number
    ]
    rules = domain_rules(rules_of(tournament))
    pot = domain.totals(0, [], _as_domain(_payments(tournament))).pot
    return PrizeList(
        tournament=tournament,
        rules=rules,
        distribution=domain.distribute(entrants, rules, pot),
        provisional=not is_final(tournament),
        moment=utcnow(),
    )
