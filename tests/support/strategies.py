"""Hypothesis strategies for the rules engine's records: player names, calls and valid score
records (the property tests and the command line's fast paths draw from them)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from rules_engine.scoring import EYE_SUMS

NAMES = st.text(alphabet=st.characters(categories=["L", "N", "Zs"]), min_size=1, max_size=8).filter(
    str.strip
)


CALL_LEVELS = ("keine90", "keine60", "keine30", "schwarz")


RE_CALLS = (None, "re", *CALL_LEVELS)


KONTRA_CALLS = (None, "kontra", *CALL_LEVELS)


SOLOS = ("kreuz", "pik", "herz", "karo", "damen", "buben", "fleischlos")


def scored_as_solo(summary: dict[str, Any]) -> bool:
    kind = summary["type"]
    return kind in ("solo", "stille_hochzeit") or (kind == "hochzeit" and len(summary["re"]) == 1)


@st.composite
def summaries(draw: st.DrawFn) -> dict[str, Any]:
    """A valid ``score`` record of the contract: every field within its limits."""
    players = draw(st.lists(NAMES, min_size=4, max_size=4, unique=True))
    kind = draw(st.sampled_from(["normal", "hochzeit", "stille_hochzeit", "solo"]))
    if kind == "normal":
        re_size = 2
    elif kind == "hochzeit":
        re_size = draw(st.sampled_from([1, 2]))
    else:
        re_size = 1
    re = draw(st.permutations(players))[:re_size]
    low = 3 if kind == "hochzeit" and re_size == 1 else 0  # alone: won tricks 1-3 (TSR 4.4.3)
    re_tricks = draw(st.integers(low, 12))
    re_eyes = draw(st.sampled_from(sorted(EYE_SUMS[re_tricks])))
    record: dict[str, Any] = {
        "id": draw(st.one_of(st.none(), st.integers(), st.text(max_size=10))),
        "players": players,
        "type": kind,
        "re": re,
        "re_eyes": re_eyes,
        "re_tricks": re_tricks,
    }
    if kind == "solo":
        record["solo"] = draw(st.sampled_from(SOLOS))
        pflicht = draw(st.sampled_from([None, True, False, "vorgefuehrt"]))
        if pflicht is not None:
            record["pflicht"] = pflicht
    calls = {"re": draw(st.sampled_from(RE_CALLS)), "kontra": draw(st.sampled_from(KONTRA_CALLS))}
    if draw(st.booleans()) or any(calls.values()):
        record["calls"] = calls
    if not scored_as_solo(record):
        tricks = {"re": re_tricks, "kontra": 12 - re_tricks}
        eyes = {"re": re_eyes, "kontra": 240 - re_eyes}
        specials: dict[str, dict[str, int]] = {"re": {}, "kontra": {}}
        doppelkopf_left, fuchs_left, karlchen_left = 4, 2, 1
        for party in draw(st.permutations(["re", "kontra"])):
            t, e = tricks[party], eyes[party]
            dk = draw(st.integers(0, min(t, e // 40, doppelkopf_left)))
            fuchs = draw(st.integers(0, min(fuchs_left, e // 11))) if t else 0
            karlchen = draw(st.integers(0, karlchen_left)) if t else 0
            doppelkopf_left -= dk
            fuchs_left -= fuchs
            karlchen_left -= karlchen
            for key, count in (("doppelkopf", dk), ("fuchs", fuchs), ("karlchen", karlchen)):
                if count or draw(st.booleans()):
                    specials[party][key] = count
        if draw(st.booleans()) or any(any(v.values()) for v in specials.values()):
            record["specials"] = specials
    return record
