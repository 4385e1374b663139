"""TSR 4: finding the game from the Vorbehalte, and who leads the first trick.

Seat 0 sits left of the dealer; "further forward" means a lower seat number (TSR 4.1.5-4.1.7).
"""

from __future__ import annotations

import pytest

from rules_engine import (
    DokoError,
    GameSpec,
    GameType,
    SoloCategory,
    SoloType,
    Vorbehalt,
    VorbehaltKind,
    find_game,
)
from rules_engine.vorbehalt import vorfuehrung
from tests.support.deals import hands

G = Vorbehalt()
PFLICHT_DAMEN = Vorbehalt(VorbehaltKind.PFLICHTSOLO, SoloType.DAMEN)
PFLICHT_HERZ = Vorbehalt(VorbehaltKind.PFLICHTSOLO, SoloType.HERZ)
LUST_BUBEN = Vorbehalt(VorbehaltKind.LUSTSOLO, SoloType.BUBEN)
LUST_KREUZ = Vorbehalt(VorbehaltKind.LUSTSOLO, SoloType.KREUZ)
HOCHZEIT = Vorbehalt(VorbehaltKind.HOCHZEIT)

ALL_PLAYED = (True, True, True, True)
NONE_PLAYED = (False, False, False, False)


# Ben (seat 1) holds both Kreuz-Damen; Anna, Cem and Dora hold none.
BEN_BOTH_CQ = hands(
    "CA CK SA SK H9 DJ HT HQ HQ SJ DT CJ",
    "CT C9 S9 ST HA HK HT SQ CQ SJ DA CQ",
    "CA CK ST S9 HK H9 D9 DK DQ HJ DT CJ",
    "CT C9 SA SK HA DA D9 SQ DQ HJ DK DJ",
)


def test_tsr4_1_all_gesund_is_a_normalspiel() -> None:
    """Four times "gesund": a Normalspiel, Vorhand leads (TSR 4.1, 5.1.1)."""
    spec = find_game([G, G, G, G])
    assert spec.game_type is GameType.NORMAL
    assert (spec.player, spec.solo, spec.category) == (None, None, None)
    assert spec.leader == 0


@pytest.mark.parametrize(
    ("answers", "played", "expect"),
    [
        # Pflichtsolo > Lustsolo > Hochzeit, whatever the seats
        (
            [HOCHZEIT, LUST_BUBEN, PFLICHT_DAMEN, G],
            (False, True, False, False),
            (GameType.SOLO, 2, SoloType.DAMEN, SoloCategory.PFLICHTSOLO),
        ),
        (
            [LUST_BUBEN, G, G, PFLICHT_HERZ],
            (True, False, False, False),
            (GameType.SOLO, 3, SoloType.HERZ, SoloCategory.PFLICHTSOLO),
        ),
        (
            [HOCHZEIT, G, G, LUST_KREUZ],
            (False, False, False, True),
            (GameType.SOLO, 3, SoloType.KREUZ, SoloCategory.LUSTSOLO),
        ),
        (
            [G, HOCHZEIT, PFLICHT_DAMEN, G],
            NONE_PLAYED,
            (GameType.SOLO, 2, SoloType.DAMEN, SoloCategory.PFLICHTSOLO),
        ),
        # equal rank: the seat further forward wins
        (
            [G, PFLICHT_HERZ, G, PFLICHT_DAMEN],
            NONE_PLAYED,
            (GameType.SOLO, 1, SoloType.HERZ, SoloCategory.PFLICHTSOLO),
        ),
        (
            [PFLICHT_DAMEN, G, G, PFLICHT_HERZ],
            NONE_PLAYED,
            (GameType.SOLO, 0, SoloType.DAMEN, SoloCategory.PFLICHTSOLO),
        ),
        (
            [G, G, LUST_KREUZ, LUST_BUBEN],
            ALL_PLAYED,
            (GameType.SOLO, 2, SoloType.KREUZ, SoloCategory.LUSTSOLO),
        ),
        (
            [G, LUST_BUBEN, PFLICHT_HERZ, PFLICHT_DAMEN],
            (False, True, False, False),
            (GameType.SOLO, 2, SoloType.HERZ, SoloCategory.PFLICHTSOLO),
        ),
        # a single Hochzeit comes through
        ([G, HOCHZEIT, G, G], NONE_PLAYED, (GameType.HOCHZEIT, 1, None, None)),
    ],
)
def test_tsr4_1_vorbehalt_order(
    answers: list[Vorbehalt],
    played: tuple[bool, ...],
    expect: tuple[GameType, int, SoloType | None, SoloCategory | None],
) -> None:
    """Pflichtsolo > Lustsolo > Hochzeit; among equals the seat further forward (TSR 4.1.5-7)."""
    spec = find_game(answers, played)
    assert (spec.game_type, spec.player, spec.solo, spec.category) == expect


@pytest.mark.parametrize("solo_seat", [0, 2, 3])
@pytest.mark.parametrize("solo", [PFLICHT_DAMEN, LUST_BUBEN])
def test_tsr4_1_hochzeit_never_comes_through_against_another_vorbehalt(
    solo: Vorbehalt, solo_seat: int
) -> None:
    """With several Vorbehalte the Hochzeit (of Ben, seat 1) never comes through (TSR 4.1)."""
    answers = [G, HOCHZEIT, G, G]
    answers[solo_seat] = solo
    played = [False] * 4
    played[solo_seat] = solo.kind is VorbehaltKind.LUSTSOLO
    spec = find_game(answers, played, BEN_BOTH_CQ)
    assert spec.game_type is GameType.SOLO
    assert spec.player == solo_seat


@pytest.mark.parametrize("seat", range(4))
def test_tsr4_3_lustsolo_before_own_pflichtsolo_is_an_error(seat: int) -> None:
    """A Lustsolo is allowed only after the player's own Pflichtsolo (TSR 4.3.1)."""
    answers = [G, G, G, G]
    answers[seat] = LUST_BUBEN
    played = [True] * 4
    played[seat] = False  # the others' Pflichtsoli do not help
    with pytest.raises(DokoError, match="Lustsolo"):
        find_game(answers, played)


@pytest.mark.parametrize("seat", range(4))
def test_tsr4_2_pflichtsolo_after_own_pflichtsolo_is_an_error(seat: int) -> None:
    """A second solo of the same player in the round is a Lustsolo (TSR 4.2.1, 8.6)."""
    answers = [G, G, G, G]
    answers[seat] = PFLICHT_DAMEN
    played = [False] * 4
    played[seat] = True
    with pytest.raises(DokoError, match="Pflichtsolo"):
        find_game(answers, played)


@pytest.mark.parametrize("seat", [0, 2, 3])
def test_tsr4_4_hochzeit_without_both_kreuz_damen_is_an_error(seat: int) -> None:
    """Only the holder of both Kreuz-Damen can announce a Hochzeit (TSR 4.4.3)."""
    answers = [G, G, G, G]
    answers[seat] = HOCHZEIT
    with pytest.raises(DokoError, match="Kreuz-Damen"):
        find_game(answers, NONE_PLAYED, BEN_BOTH_CQ)


def test_tsr4_4_hochzeit_with_both_kreuz_damen() -> None:
    """Ben holds both Kreuz-Damen: his Hochzeit is the game, Vorhand leads (TSR 4.4.3)."""
    spec = find_game([G, HOCHZEIT, G, G], NONE_PLAYED, BEN_BOTH_CQ)
    assert (spec.game_type, spec.player, spec.solo, spec.category) == (
        GameType.HOCHZEIT,
        1,
        None,
        None,
    )
    assert spec.leader == 0


def test_tsr4_4_all_gesund_with_both_kreuz_damen_in_one_hand_is_no_hochzeit() -> None:
    """Gesund with both Kreuz-Damen: no Vorbehalt, the stille Hochzeit is played (TSR 4.4.5)."""
    spec = find_game([G, G, G, G], NONE_PLAYED, BEN_BOTH_CQ)
    assert spec.game_type is GameType.NORMAL


@pytest.mark.parametrize(
    ("answers", "played", "leader"),
    [
        ([G, G, G, G], NONE_PLAYED, 0),
        ([G, G, PFLICHT_DAMEN, G], NONE_PLAYED, 2),
        ([G, G, G, PFLICHT_HERZ], NONE_PLAYED, 3),
        ([G, G, LUST_BUBEN, G], ALL_PLAYED, 0),
        ([G, G, G, LUST_KREUZ], ALL_PLAYED, 0),
        ([G, HOCHZEIT, G, G], NONE_PLAYED, 0),
    ],
    ids=["normal", "pflicht-2", "pflicht-3", "lust-2", "lust-3", "hochzeit-1"],
)
def test_tsr4_2_who_leads_the_first_trick(
    answers: list[Vorbehalt], played: tuple[bool, ...], leader: int
) -> None:
    """Pflichtsolo: the soloist leads (4.2.2); otherwise the dealer's left, seat 0 (4.3.1)."""
    assert find_game(answers, played).leader == leader


@pytest.mark.parametrize("seat", range(4))
def test_tsr4_2_3_vorfuehrung(seat: int) -> None:
    """A vorgeführtes Pflichtsolo: no Vorbehaltsabfrage, the soloist leads (TSR 4.2.3, 4.1.9)."""
    spec = vorfuehrung(seat, SoloType.PIK)
    assert spec == GameSpec(GameType.SOLO, seat, SoloType.PIK, SoloCategory.VORFUEHRUNG)
    assert spec.category.is_pflicht
    assert spec.leader == seat


@pytest.mark.parametrize("seat", [-1, 4])
def test_tsr4_2_3_vorfuehrung_needs_a_seat(seat: int) -> None:
    """Only seats 0 to 3 exist at a table of four (TSR 4.2.3)."""
    with pytest.raises(DokoError):
        vorfuehrung(seat, SoloType.PIK)


def test_tsr4_1_8_solo_vorbehalt_must_name_its_solo() -> None:
    """A solo Vorbehalt is named (getauft) with its solo (TSR 4.1.8)."""
    with pytest.raises(DokoError, match=r"TSR 4\.1\.8"):
        find_game([G, Vorbehalt(VorbehaltKind.PFLICHTSOLO), G, G])
