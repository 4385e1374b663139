"""Hand-made deals shared by the TSR 5, TSR 6 and replay tests.

Every deal is written out card by card and worked out trick by trick by hand from
docs/rules.md: trick winners and Augen are noted next to each trick.
Seats: 0 Anna (Vorhand), 1 Ben, 2 Cem, 3 Dora.
"""

from __future__ import annotations

from rules_engine import Card, Game, GameSpec, GameType

NAMES = ("Anna", "Ben", "Cem", "Dora")


def hands(anna: str, ben: str, cem: str, dora: str) -> list[list[Card]]:
    """Four hands of twelve from explicit card lists; together exactly the 48-card deck."""
    result = [[Card.parse(code) for code in text.split()] for text in (anna, ben, cem, dora)]
    assert [len(h) for h in result] == [12, 12, 12, 12]
    codes = sorted(c.code for h in result for c in h)
    assert codes == sorted(s + r for s in "CSHD" for r in "ATKQJ9" for _ in range(2))
    return result


def play(game: Game, actions: str | list[str]) -> None:
    """Play 'Name:CARD Name:CARD ...' (or a list of 'Name:CARD') in order."""
    for action in actions.split() if isinstance(actions, str) else actions:
        name, code = action.split(":")
        game.play(NAMES.index(name), Card.parse(code))


def card_plays(tricks: list[tuple[str, int, int]]) -> list[str]:
    """The card plays of ``tricks`` as one list of 'Name:CARD' actions, in order."""
    return [action for plays, _, _ in tricks for action in plays.split()]


# Normalspiel deal: Anna and Cem hold one Kreuz Dame each (Re), Ben and Dora are Kontra.
NORMAL = hands(
    "CA CK SA SK H9 DJ HT CQ HQ SJ DT CJ",
    "CT C9 S9 ST HA HK HT SQ HQ SJ DA DK",
    "CA CK ST S9 HK H9 D9 CQ DQ HJ DT CJ",
    "CT C9 SA SK HA DA D9 SQ DQ HJ DK DJ",
)

# A legal Normalspiel on NORMAL, trick by trick: (plays, winner seat, Augen).
NORMAL_TRICKS: list[tuple[str, int, int]] = [
    ("Anna:CA Ben:CT Cem:CA Dora:CT", 0, 42),  # first of the two CA wins; Doppelkopf
    ("Anna:CK Ben:C9 Cem:CK Dora:C9", 0, 8),
    ("Anna:SA Ben:S9 Cem:ST Dora:SA", 0, 32),
    ("Anna:SK Ben:ST Cem:S9 Dora:SK", 1, 18),  # Pik 10 beats the Pik Könige
    ("Ben:HA Cem:HK Dora:HA Anna:H9", 1, 26),
    ("Ben:HK Cem:H9 Dora:DA Anna:DJ", 0, 17),  # Dora (Kontra) has no Herz; her Fuchs is caught
    ("Anna:HT Ben:HT Cem:D9 Dora:D9", 0, 20),  # first Herz 10 wins (TSR 5.3.3)
    ("Anna:CQ Ben:SQ Cem:CQ Dora:SQ", 0, 12),
    ("Anna:HQ Ben:HQ Cem:DQ Dora:DQ", 0, 12),
    ("Anna:SJ Ben:SJ Cem:HJ Dora:HJ", 0, 8),
    ("Anna:DT Ben:DA Cem:DT Dora:DK", 1, 35),  # Ben's own Fuchs stays with Kontra
    ("Ben:DK Cem:CJ Dora:DJ Anna:CJ", 2, 10),  # Cem's Karlchen wins the last trick
]

# Anna holds both Kreuz-Damen (Cem has a Herz Dame instead): Hochzeit, or stille Hochzeit
# when all are gesund.
BOTH_CQ = hands(
    "CA CK SA SK H9 DJ HT CQ CQ SJ DT CJ",
    "CT C9 S9 ST HA HK HT SQ HQ SJ DA DK",
    "CA CK ST S9 HK H9 D9 HQ DQ HJ DT CJ",
    "CT C9 SA SK HA DA D9 SQ DQ HJ DK DJ",
)
HOCHZEIT_ANNA = GameSpec(GameType.HOCHZEIT, 0)

# Hochzeit of Anna on BOTH_CQ. Klärungsstich number -> (plays up to and including it,
# partner seat or None if alone, plays after it: the trick winner leads the next trick first)
KLAERUNG: dict[int, tuple[str, int | None, str]] = {
    1: ("Anna:CK Ben:C9 Cem:CA Dora:CT", 2, "Cem:CK Dora:C9 Anna:CA Ben:CT"),
    2: (
        "Anna:CA Ben:CT Cem:CK Dora:C9  Anna:SK Ben:S9 Cem:ST Dora:SA",
        3,
        "Dora:HA Anna:H9 Ben:HK Cem:HK",
    ),
    3: (
        "Anna:CA Ben:C9 Cem:CK Dora:CT  Anna:SA Ben:S9 Cem:S9 Dora:SK "
        "Anna:H9 Ben:HA Cem:HK Dora:HA",
        1,
        "Ben:CT Cem:CA Dora:C9 Anna:CK  Cem:ST Dora:SA Anna:SK Ben:ST "
        "Dora:D9 Anna:DT Ben:DK Cem:D9",
    ),
    0: (  # Anna wins tricks 1-3 and plays alone; trick 3 is the Klärungsstich
        "Anna:CA Ben:C9 Cem:CK Dora:CT  Anna:SA Ben:S9 Cem:S9 Dora:SK "
        "Anna:HT Ben:SQ Cem:D9 Dora:D9",
        None,
        "Anna:CK Ben:CT Cem:CA Dora:C9",
    ),
}
