"""Penalty points (Strafpunkte, TSR 9).

:func:`penalty_points` returns the points of each player a penalty concerns, exactly as
TSR 9.2-9.5 and 9.7 distribute them: for a fault in a game (9.2-9.5) the four who play it; a
deduction for unsportliches Verhalten (9.7) may also hit the dealer who sits out at a table of
five, a Teilnehmer (9.1.5) whose deduction is no game score (so 10.1.2 does not stop it).
Whether a game goes on, counts as not played or counts as played follows from the same inputs
(:attr:`PenaltyResult.game_effect`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .errors import DokoError
from .findings import Code


class PenaltyCategory(Enum):
    """How grave the fault is (TSR 9.2-9.5, 9.7)."""

    __hash__ = object.__hash__  # members are singletons; Enum's hash is slow Python

    UNERHEBLICH = "unerheblich"
    GERINGFUEGIG = "geringfuegig"
    SCHWERWIEGEND = "schwerwiegend"
    ENTSCHIEDEN = "entschieden"
    UNSPORTLICH = "unsportlich"

    @property
    def german(self) -> str:
        return _CATEGORY_NAMES[self]

    @property
    def section(self) -> str:
        """The TSR section of the category, e.g. ``"9.4"``."""
        return _CATEGORY_SECTIONS[self]

    @property
    def rule(self) -> str:
        return f"TSR {self.section}"


_CATEGORY_NAMES = {
    PenaltyCategory.UNERHEBLICH: "unerheblicher Regelverstoß",
    PenaltyCategory.GERINGFUEGIG: "geringfügiger Regelverstoß",
    PenaltyCategory.SCHWERWIEGEND: "schwerwiegender Regelverstoß",
    PenaltyCategory.ENTSCHIEDEN: "Regelverstoß bei bereits entschiedenem Spiel",
    PenaltyCategory.UNSPORTLICH: "unsportliches Verhalten",
}
_CATEGORY_SECTIONS = {
    PenaltyCategory.UNERHEBLICH: "9.2",
    PenaltyCategory.GERINGFUEGIG: "9.3",
    PenaltyCategory.SCHWERWIEGEND: "9.4",
    PenaltyCategory.ENTSCHIEDEN: "9.5",
    PenaltyCategory.UNSPORTLICH: "9.7",
}


class PenaltyPhase(Enum):
    """Which penalty rules the moment of the fault falls under (TSR 9.6).

    A Hochzeit is treated as a Normalspiel up to and including the Klärungsstich and as a
    solo after it when the Hochzeiter plays alone; a stille Hochzeit as a Normalspiel until
    the second Kreuz Dame is played, then as a solo.
    """

    __hash__ = object.__hash__  # members are singletons; Enum's hash is slow Python

    NORMALSPIEL = "normal"
    SOLO = "solo"
    HOCHZEIT_BIS_KLAERUNG = "hochzeit_vor_klaerung"
    HOCHZEIT_ALLEIN = "hochzeit_allein"
    HOCHZEIT_MIT_PARTNER = "hochzeit_mit_partner"
    STILLE_HOCHZEIT_VERDECKT = "stille_hochzeit_vor_zweiter_kreuz_dame"
    STILLE_HOCHZEIT_OFFEN = "stille_hochzeit_nach_zweiter_kreuz_dame"

    @property
    def as_solo(self) -> bool:
        """Whether the solo rules of TSR 9.3/9.4 apply in this phase."""
        return self in (
            PenaltyPhase.SOLO,
            PenaltyPhase.HOCHZEIT_ALLEIN,
            PenaltyPhase.STILLE_HOCHZEIT_OFFEN,
        )


class GameEffect(Enum):
    """What the penalty does to the game in which it happened."""

    __hash__ = object.__hash__  # members are singletons; Enum's hash is slow Python

    GOES_ON = "goes_on"  # the game is played and scored as usual (9.2, 9.3, 9.7)
    NOT_PLAYED = "not_played"  # stopped, counts as not played (9.4, Normalspiel/soloist)
    SOLO_PLAYED = "solo_played"  # stopped, the solo counts as played (9.4, opponent's fault)
    REST_TO_OTHERS = "rest_to_others"  # stopped, remaining tricks to the other party (9.5)


#: ``Penalty.offender`` of the dealer who sits out at a table of five (TSR 9.7 only).
SITTING_DEALER = 4


@dataclass(frozen=True, slots=True)
class Penalty:
    """One penalty as the Schiedsrichter rules it.

    ``offender`` and ``soloist`` are indexes into the four playing positions; for
    unsportliches Verhalten at a table of five ``offender`` 4 is the dealer who sits out
    (:data:`SITTING_DEALER`). ``absagen``
    counts the Absagen the *other* party had made (in a solo: the soloist's), which raise a
    schwerwiegend penalty (TSR 9.4). ``harms_soloist`` matters for a geringfügig fault of a
    Kontra player in a solo (TSR 9.3). ``deduction`` is the 0..12 points taken for
    unsportliches Verhalten (TSR 9.7).
    """

    category: PenaltyCategory
    offender: int
    phase: PenaltyPhase = PenaltyPhase.NORMALSPIEL
    soloist: int | None = None
    absagen: int = 0
    harms_soloist: bool = False
    deduction: int = 0

    @property
    def concerns(self) -> int:
        """How many players the penalty's points are for: the four who play, plus the
        dealer who sits out when a deduction (9.7) is his."""
        return 5 if self.offender == SITTING_DEALER else 4

    def verify(self) -> None:
        if self.offender == SITTING_DEALER and self.category is not PenaltyCategory.UNSPORTLICH:
            raise DokoError.of(Code.SITTING_DEALER_FAULT, category=self.category)
        if self.offender not in range(SITTING_DEALER + 1):
            raise DokoError.of(Code.OFFENDER_POSITION, position=self.offender)
        if self.phase.as_solo:
            if self.soloist not in range(4):
                raise DokoError.of(Code.PENALTY_NEEDS_SOLOIST, self.category.section)
        elif self.soloist is not None:
            raise DokoError.of(Code.SOLOIST_IN_NORMAL_PHASE, phase=self.phase)
        if not 0 <= self.absagen <= 4:
            raise DokoError.of(Code.ABSAGEN_OUT_OF_RANGE, absagen=self.absagen)
        if self.category is PenaltyCategory.UNSPORTLICH:
            if not 0 <= self.deduction <= 12:
                raise DokoError.of(Code.DEDUCTION_OUT_OF_RANGE, deduction=self.deduction)
        elif self.deduction:
            raise DokoError.of(Code.DEDUCTION_NOT_UNSPORTLICH, category=self.category)


@dataclass(frozen=True, slots=True)
class PenaltyResult:
    """Points per player the penalty concerns (see :attr:`Penalty.concerns`)."""

    points: tuple[int, ...]
    game_effect: GameEffect
    explanation: str


def penalty_points(penalty: Penalty) -> PenaltyResult:
    """The points of each player ``penalty`` concerns (TSR 9)."""
    penalty.verify()
    category, offender, soloist = penalty.category, penalty.offender, penalty.soloist
    points = [0, 0, 0, 0]
    by_soloist_side = penalty.phase.as_solo and soloist is not None
    opponent_in_solo = by_soloist_side and offender != soloist
    if category is PenaltyCategory.UNERHEBLICH:
        return PenaltyResult((0, 0, 0, 0), GameEffect.GOES_ON, "unerheblich: keine Strafpunkte")
    if category in (PenaltyCategory.GERINGFUEGIG, PenaltyCategory.ENTSCHIEDEN):
        effect = (
            GameEffect.GOES_ON
            if category is PenaltyCategory.GERINGFUEGIG
            else GameEffect.REST_TO_OTHERS
        )
        if opponent_in_solo and penalty.harms_soloist:
            assert soloist is not None
            points[offender], points[soloist] = -3, 3
            text = "geringfügig, Gegenspieler im Solo: Verursacher -3, Solist +3"
        else:
            points = [1, 1, 1, 1]
            points[offender] = -3
            text = "geringfügig: Verursacher -3, die anderen je +1"
        return PenaltyResult(tuple(points), effect, text)
    if category is PenaltyCategory.SCHWERWIEGEND:
        extra = 3 * penalty.absagen
        if opponent_in_solo:
            assert soloist is not None
            points[offender], points[soloist] = -12 - extra, 12 + extra
            text = (
                f"schwerwiegend, Gegenspieler im Solo: das Solo gilt als gespielt; "
                f"Verursacher {-12 - extra}, Solist +{12 + extra}"
            )
            return PenaltyResult(tuple(points), GameEffect.SOLO_PLAYED, text)
        share = 4 + penalty.absagen
        points = [share] * 4
        points[offender] = -12 - extra
        text = (
            f"schwerwiegend: das Spiel gilt als nicht gespielt; Verursacher {-12 - extra}, "
            f"die anderen je +{share}"
        )
        return PenaltyResult(tuple(points), GameEffect.NOT_PLAYED, text)
    points = [0] * penalty.concerns
    points[offender] = -penalty.deduction
    text = f"unsportliches Verhalten: Abzug von {penalty.deduction} Punkten ohne Gutschrift"
    return PenaltyResult(tuple(points), GameEffect.GOES_ON, text)
