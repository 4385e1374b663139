"""The database tables (SQLAlchemy 2.0 typed models).

Only the services write these; routes read them through services. Every schema change
needs a migration (``flask --app tournament.app db migrate``), never ``create_all``.
"""

from __future__ import annotations

import datetime as dt
import enum
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    CheckConstraint,
    DateTime,
    Enum,
    Float,
    ForeignKey,
    Index,
    String,
    Table,
    Text,
    UniqueConstraint,
    false,
    func,
    true,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from tournament.extensions import Model

NAME_LENGTH = 80
USERNAME_LENGTH = 40
TEXT_LENGTH = 120


#: The largest id a URL or a session may name: PostgreSQL's integer keys end here.
MAX_ID = 2**31 - 1


class Role(enum.StrEnum):
    """What a signed-in user may do; the public (players) needs no account."""

    TURNIERLEITUNG = "turnierleitung"
    SCHIEDSRICHTER = "schiedsrichter"

    @property
    def label(self) -> str:
        return {"turnierleitung": "Turnierleitung", "schiedsrichter": "Schiedsrichter"}[self.value]


class TournamentStatus(enum.StrEnum):
    PLANNED = "planned"
    RUNNING = "running"
    FINISHED = "finished"

    @property
    def label(self) -> str:
        return {"planned": "geplant", "running": "läuft", "finished": "beendet"}[self.value]


def _enum_column(enum_class: type[enum.StrEnum], name: str) -> Enum:
    """A portable enum: VARCHAR plus CHECK constraint (no PostgreSQL ENUM type to migrate)."""
    return Enum(
        enum_class,
        name=name,
        native_enum=False,
        create_constraint=True,
        length=20,
        values_callable=lambda members: [member.value for member in members],
        validate_strings=True,
    )


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class User(Model):
    """An account of the Turnierleitung or a Schiedsrichter.

    Implements the four members Flask-Login needs itself instead of inheriting ``UserMixin``,
    which is untyped.
    """

    __tablename__ = "user_account"

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(USERNAME_LENGTH), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    role: Mapped[Role] = mapped_column(_enum_column(Role, "role"))
    active: Mapped[bool] = mapped_column(default=True, server_default=true())
    #: Part of every session's id: raising it ends all sessions of the account at once.
    session_epoch: Mapped[int] = mapped_column(default=0, server_default="0")

    def end_sessions(self) -> None:
        """Sign the account out everywhere (sign-out, a new password, locking)."""
        self.session_epoch += 1

    @property
    def is_active(self) -> bool:
        return self.active

    @property
    def is_authenticated(self) -> bool:
        return True

    @property
    def is_anonymous(self) -> bool:
        return False

    def get_id(self) -> str:
        """The id Flask-Login keeps in the session: the account and its session epoch."""
        return f"{self.id}:{self.session_epoch}"


class RoundStatus(enum.StrEnum):
    DRAWN = "drawn"
    RUNNING = "running"
    FINISHED = "finished"

    @property
    def label(self) -> str:
        return {"drawn": "ausgelost", "running": "läuft", "finished": "abgeschlossen"}[self.value]


class DrawMethod(enum.StrEnum):
    RANDOM = "random"
    STANDINGS = "standings"

    @property
    def label(self) -> str:
        return {"random": "Zufall (wenig Wiederholungen)", "standings": "nach Tabellenstand"}[
            self.value
        ]


class Tournament(Model):
    """A tournament day.

    ``version`` grows with every change to the tournament or its registrations and rounds;
    a form carries the version it was rendered with, so a second tab or a double click cannot
    do the same thing twice (see ``tournaments.service.claim``).
    """

    __tablename__ = "tournament"
    __table_args__ = (CheckConstraint("rounds_planned >= 1", name="rounds_planned_positive"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(TEXT_LENGTH))
    date: Mapped[dt.date]
    venue: Mapped[str] = mapped_column(String(TEXT_LENGTH), default="", server_default="")
    organiser: Mapped[str] = mapped_column(String(TEXT_LENGTH), default="", server_default="")
    # The rule set (``docs/rule-sets.md``): a preset key of ``rules_engine.rulesets.PRESETS``,
    # the names of the chosen ``VARIANTS`` of that preset, and the overrides they make, as the
    # engine's ``"rules"`` field takes them (:attr:`engine_rules`). Fixed once a game is entered.
    rules_preset: Mapped[str] = mapped_column(String(40), default="ddv", server_default="ddv")
    rules_variants: Mapped[list[str]] = mapped_column(JSON, default=list, server_default="[]")
    rules_overrides: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict, server_default="{}")
    rounds_planned: Mapped[int]
    # The day under a rule set other than the DDV's (``domain.day_plans``), fixed with the rule
    # set once a game is entered: games per round at a table of four (``None``: the set's, else
    # 24; a quarter more at five), or play until the Punktetopf or the Kasse is empty; the
    # pot's start per table in the set's unit (``None``: the engine's default, required under a
    # Punktetopf); the Zwangssolo's Frist in games (004 L61); a time limit in minutes at a table
    # of four (``None``: none). The DDV rules keep 24/30 games and 100/125 minutes.
    round_games: Mapped[int | None]
    until_pot_empty: Mapped[bool] = mapped_column(default=False, server_default=false())
    pot_start: Mapped[int | None]
    zwangssolo_frist: Mapped[int | None]
    time_limit: Mapped[int | None]
    # A club evening (``domain.club_evenings``): one round at one table seated as typed, no
    # time limit, closed by the Turnierleitung whenever the players stop, then settled.
    evening: Mapped[bool] = mapped_column(default=False, server_default=false())
    # The evening's Punktwert in tenths of a Cent (``domain.settlement``); None: settled in the
    # set's unit unless the settlement page is given one.
    point_value: Mapped[int | None]
    status: Mapped[TournamentStatus] = mapped_column(
        _enum_column(TournamentStatus, "status"),
        default=TournamentStatus.PLANNED,
        server_default=TournamentStatus.PLANNED.value,
    )
    version: Mapped[int] = mapped_column(default=1, server_default="1")
    # The seed of the draw's plan for all rounds (``plan_seed`` of every draw request), set
    # when round 1 is first drawn; None until then.
    draw_plan_seed: Mapped[int | None] = mapped_column(BigInteger)

    registrations: Mapped[list[Registration]] = relationship(
        back_populates="tournament", order_by="Registration.start_number"
    )
    rounds: Mapped[list[Round]] = relationship(back_populates="tournament", order_by="Round.number")

    @property
    def engine_rules(self) -> str | dict[str, Any] | None:
        """The ``"rules"`` field of the engine's records for this tournament (``docs/contracts/
        game-records.md``); ``None`` for the plain DDV rules, whose records carry no field."""
        if self.rules_overrides:
            return {"preset": self.rules_preset, **self.rules_overrides}
        return None if self.rules_preset == "ddv" else self.rules_preset


class Player(Model):
    """A person who plays; the same player can register for many tournaments."""

    __tablename__ = "player"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    club: Mapped[str] = mapped_column(String(TEXT_LENGTH), default="", server_default="")
    # Unique where given; many players have none (NULLs never collide).
    ddv_number: Mapped[str | None] = mapped_column(String(20), unique=True)

    registrations: Mapped[list[Registration]] = relationship(back_populates="player")


class Registration(Model):
    """A player's entry in one tournament, with the start number the draw and lists use."""

    __tablename__ = "registration"
    __table_args__ = (
        UniqueConstraint("tournament_id", "start_number"),
        UniqueConstraint("tournament_id", "player_id"),
        CheckConstraint("start_number >= 1", name="start_number_positive"),
        CheckConstraint(
            "withdrawn_after_round IS NULL OR withdrawn_after_round >= 0",
            name="withdrawn_after_round_not_negative",
        ),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), index=True)
    start_number: Mapped[int]
    # Late registration: the first round this player is drawn for.
    first_round: Mapped[int] = mapped_column(default=1, server_default="1")
    # The player took part in rounds 1..n and no later round; NULL while still playing.
    withdrawn_after_round: Mapped[int | None]
    # A table this player must always get (e.g. a wheelchair place); NULL: any table.
    fixed_table: Mapped[int | None]

    tournament: Mapped[Tournament] = relationship(back_populates="registrations")
    player: Mapped[Player] = relationship(back_populates="registrations")


class Round(Model):
    """One round of a tournament: drawn, then started for all tables at once, then closed."""

    __tablename__ = "round"
    __table_args__ = (
        # Two tabs creating "the next round" at once cannot both succeed.
        UniqueConstraint("tournament_id", "number"),
        CheckConstraint("number >= 1", name="number_positive"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id"), index=True)
    number: Mapped[int]
    status: Mapped[RoundStatus] = mapped_column(
        _enum_column(RoundStatus, "status"),
        default=RoundStatus.DRAWN,
        server_default=RoundStatus.DRAWN.value,
    )
    method: Mapped[DrawMethod] = mapped_column(_enum_column(DrawMethod, "method"))
    seed: Mapped[int] = mapped_column(BigInteger)
    separate_clubs: Mapped[bool] = mapped_column(default=False, server_default=false())
    repeats: Mapped[int]
    five_tables: Mapped[int]
    # The request given to the draw (JSON, ``docs/contracts/draw.md``): anyone can repeat
    # the draw with ``python -m tournament.draw`` and get exactly these tables.
    draw_request: Mapped[str] = mapped_column(Text)
    drawn_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    started_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))
    # The Turnierleitung declared the playing time over (TSR 8.5.3); each table then marks
    # on its list whether a game was being dealt.
    time_up_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))

    tournament: Mapped[Tournament] = relationship(back_populates="rounds")
    tables: Mapped[list[RoundTable]] = relationship(
        back_populates="round", order_by="RoundTable.number", cascade="all, delete-orphan"
    )


class RoundTable(Model):
    """A table of a round: 4 or 5 seats (3 with the Strohmann under preset 004), position 1
    deals first, the last keeps the list."""

    __tablename__ = "round_table"
    __table_args__ = (
        UniqueConstraint("round_id", "number"),
        CheckConstraint("size IN (3, 4, 5)", name="size_three_to_five"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("round.id"), index=True)
    number: Mapped[int]
    size: Mapped[int]
    # Raised by every change of the list: a page saved from an older version is refused, so
    # two devices on one list, a double click or a retried request never store a game twice.
    version: Mapped[int] = mapped_column(default=1, server_default="1")
    # Opens this table's list (and nothing else) without an account while the round runs;
    # NULL: revoked or not yet given out.
    access_code: Mapped[str | None] = mapped_column(String(16), unique=True)
    # Locked by the Turnierleitung: only the Turnierleitung and the Schiedsrichter may write.
    locked: Mapped[bool] = mapped_column(default=False, server_default=false())
    # The engine's report of the stored list, written with it, and the key of the players,
    # entries and engine it was made for (JSON; see ``scorelists``): a server that starts
    # again need not check every list again. Loaded only where asked for.
    report: Mapped[str | None] = mapped_column(Text, deferred=True)

    round: Mapped[Round] = relationship(back_populates="tables")
    seats: Mapped[list[Seat]] = relationship(
        back_populates="table", order_by="Seat.position", cascade="all, delete-orphan"
    )
    entries: Mapped[list[ListEntry]] = relationship(
        back_populates="table", order_by="ListEntry.number", cascade="all, delete-orphan"
    )

    @property
    def list_keeper_position(self) -> int:
        """TSR 3.1.1, 8.4.1: the last position keeps the list."""
        return self.size


class Seat(Model):
    """A registered player's place in a round.

    ``points`` is the player's total on the table's score list, kept up to date by the
    score-list service whenever the list changes, so standings read one row per player.
    """

    __tablename__ = "seat"
    __table_args__ = (
        UniqueConstraint("round_id", "registration_id"),
        UniqueConstraint("table_id", "position"),
        CheckConstraint("position >= 1 AND position <= 5", name="position_range"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("round.id"), index=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("round_table.id"), index=True)
    registration_id: Mapped[int] = mapped_column(ForeignKey("registration.id"), index=True)
    position: Mapped[int]
    points: Mapped[int] = mapped_column(default=0, server_default="0")

    round: Mapped[Round] = relationship()
    table: Mapped[RoundTable] = relationship(back_populates="seats")
    registration: Mapped[Registration] = relationship()


class ListEntry(Model):
    """One line of a table's score list (Spielliste), in the order it was written.

    ``record`` is the entry as JSON in the format of ``docs/contracts/score-list.md`` (a game,
    a penalty, Nachspielzeit or time up); the rules engine checks the whole list from these.
    """

    __tablename__ = "list_entry"
    __table_args__ = (
        UniqueConstraint("table_id", "number"),
        CheckConstraint("number >= 1", name="number_positive"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("round_table.id"), index=True)
    number: Mapped[int]
    kind: Mapped[str] = mapped_column(String(20))
    record: Mapped[str] = mapped_column(Text)
    # When it was written; the lists never read it, so it is loaded only if asked.
    entered_at: Mapped[dt.datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow, server_default=func.now(), deferred=True
    )

    table: Mapped[RoundTable] = relationship(back_populates="entries")


class AuditEvent(Model):
    """One change made by a user: who, when, on what, and the values before and after.

    Values are JSON text so that any object's fields fit; rows are only ever added.
    """

    __tablename__ = "audit_event"
    __table_args__ = (Index("ix_audit_event_object", "object_type", "object_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    # NULL only for changes no user made (none yet; e.g. a future command-line import).
    user_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id"), index=True)
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)
    object_type: Mapped[str] = mapped_column(String(40))
    object_id: Mapped[int | None]
    action: Mapped[str] = mapped_column(String(40))
    old_value: Mapped[str | None] = mapped_column(Text)
    new_value: Mapped[str | None] = mapped_column(Text)

    user: Mapped[User | None] = relationship()


class ThrottleCounter(Model):
    """One counter of failed attempts (:mod:`tournament.throttle.storage`): its key, the
    hits in its current window and when the window ends (seconds since the epoch)."""

    __tablename__ = "throttle_counter"

    key: Mapped[str] = mapped_column(Text, primary_key=True)
    hits: Mapped[int]
    expires_at: Mapped[float] = mapped_column(Float, index=True)


class SeriesCounting(enum.StrEnum):
    """Which of a player's tournaments count in a season series."""

    ALL = "all"
    BEST = "best"


class SeriesMeasure(enum.StrEnum):
    """What a tournament gives a player in a season series."""

    TOTAL = "total"
    AVERAGE = "average"
    PLACEMENT = "placement"


class Series(Model):
    """A season series (Jahreswertung): tournaments counted together under rules the
    Turnierleitung sets (``tournament/domain/series.py`` works out its standings)."""

    __tablename__ = "series"
    __table_args__ = (
        CheckConstraint("best_of IS NULL OR best_of >= 1", name="best_of_positive"),
        CheckConstraint("min_tournaments >= 1", name="min_tournaments_positive"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(TEXT_LENGTH))
    season: Mapped[int]
    # The rule set of its tournaments (preset and variants), taken from the first one added
    # unless set; None while it has none.
    rules_preset: Mapped[str | None] = mapped_column(String(40))
    rules_variants: Mapped[list[str]] = mapped_column(JSON, default=list, server_default="[]")
    counting: Mapped[SeriesCounting] = mapped_column(
        _enum_column(SeriesCounting, "counting"), default=SeriesCounting.ALL
    )
    # The number of tournaments that count under "best N".
    best_of: Mapped[int | None]
    measure: Mapped[SeriesMeasure] = mapped_column(
        _enum_column(SeriesMeasure, "measure"), default=SeriesMeasure.TOTAL
    )
    # Placement points: the points of 1st, 2nd, ... place; a place beyond the list gets 0.
    placement_points: Mapped[list[int]] = mapped_column(JSON, default=list, server_default="[]")
    min_tournaments: Mapped[int] = mapped_column(default=1, server_default="1")
    # The tie-breaks in order (keys of ``domain/series.TIE_BREAKS``).
    tie_breaks: Mapped[list[str]] = mapped_column(JSON, default=list, server_default="[]")
    version: Mapped[int] = mapped_column(default=1, server_default="1")

    entries: Mapped[list[SeriesTournament]] = relationship(
        back_populates="series", cascade="all, delete-orphan"
    )


class SeriesTournament(Model):
    """A tournament of a series."""

    __tablename__ = "series_tournament"
    __table_args__ = (UniqueConstraint("series_id", "tournament_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    series_id: Mapped[int] = mapped_column(ForeignKey("series.id"), index=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id"), index=True)

    series: Mapped[Series] = relationship(back_populates="entries")
    tournament: Mapped[Tournament] = relationship()


class PaymentKind(enum.StrEnum):
    """How a Startgeld changed hands at the desk: paid in cash, by transfer, or paid back."""

    CASH = "cash"
    TRANSFER = "transfer"
    REFUND = "refund"


class PrizeRules(Model):
    """A tournament's Startgeld and prize rules, set by the Turnierleitung (amounts in cents,
    shares in hundredths of a percent; ``tournament/domain/prizes.py`` distributes the pot)."""

    __tablename__ = "prize_rules"
    __table_args__ = (
        CheckConstraint("entry_fee >= 0", name="entry_fee_not_negative"),
        CheckConstraint("kept_back >= 0", name="kept_back_not_negative"),
        CheckConstraint("best_round_prize >= 0", name="best_round_prize_not_negative"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id"), unique=True)
    # The Startgeld per player (cents).
    entry_fee: Mapped[int] = mapped_column(default=0, server_default="0")
    # Kept back from the pot before any prize (Saalmiete etc., cents).
    kept_back: Mapped[int] = mapped_column(default=0, server_default="0")
    # The share of the prize pool of 1st, 2nd, ... place (hundredths of a percent).
    shares: Mapped[list[int]] = mapped_column(JSON, default=list, server_default="[]")
    # Fixed prizes of 1st, 2nd, ... place (cents), on top of the shares.
    fixed: Mapped[list[int]] = mapped_column(JSON, default=list, server_default="[]")
    # The prize of the best single round (cents, 0: none).
    best_round_prize: Mapped[int] = mapped_column(default=0, server_default="0")
    # The category prizes: [[category, cents], ...] in the order they are given.
    category_prizes: Mapped[list[list[Any]]] = mapped_column(
        JSON, default=list, server_default="[]"
    )
    # Whether a player who withdrew keeps the prize of his place.
    withdrawn_keep: Mapped[bool] = mapped_column(default=True, server_default=true())
    # Whether a player may win more than one prize.
    several_prizes: Mapped[bool] = mapped_column(default=False, server_default=false())
    version: Mapped[int] = mapped_column(default=1, server_default="1")

    tournament: Mapped[Tournament] = relationship()


class PrizeCategory(Model):
    """A registration's membership in a category the organiser defined ("Damen", "Jugend")."""

    __tablename__ = "prize_category"
    __table_args__ = (UniqueConstraint("registration_id", "category"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    registration_id: Mapped[int] = mapped_column(ForeignKey("registration.id"), index=True)
    category: Mapped[str] = mapped_column(String(40))

    registration: Mapped[Registration] = relationship()


class EntryPayment(Model):
    """A Startgeld paid in or paid back at the desk; a wrong mark is undone, never deleted."""

    __tablename__ = "entry_payment"
    __table_args__ = (CheckConstraint("amount >= 0", name="amount_not_negative"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    registration_id: Mapped[int] = mapped_column(ForeignKey("registration.id"), index=True)
    kind: Mapped[PaymentKind] = mapped_column(_enum_column(PaymentKind, "payment_kind"))
    # Cents; a refund's amount is what was paid back.
    amount: Mapped[int]
    recorded_by_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id"))
    recorded_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    undone_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))

    registration: Mapped[Registration] = relationship()
    recorded_by: Mapped[User | None] = relationship()


def core_table(model: type[Model]) -> Table:
    """A model's table, for the few writes made with Core statements instead of the session."""
    table = model.__table__
    assert isinstance(table, Table)
    return table
