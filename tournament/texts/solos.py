"""The solos and the kinds of a solo in German: one catalogue for the entry form, the list's
lines, the Excel cells and what an Excel import accepts.

A solo is named as its rule text names it (TSR 2.3 for the DDV's seven, 000 L29-32 for the
mixed one), a preset's own name first (004 L57-59: „Grand“, „Ohnetrumpf“). Words that lists
in Excel were written with before are still read (:data:`FORMER_SOLO_WORDS`).
"""

from __future__ import annotations

from collections.abc import Mapping

#: The solos by the record's ``solo``, as the rule texts name them.
SOLO_NAMES: Mapping[str, str] = {
    "kreuz": "Kreuz-Solo",
    "pik": "Pik-Solo",
    "herz": "Herz-Solo",
    "karo": "Karo-Solo",
    "damen": "Damensolo",
    "buben": "Bubensolo",
    "damen_buben": "gemischtes Damen/Buben-Solo",
    "fleischlos": "Fleischloser",
}
#: The DDV's solos (TSR 2.3).
DDV_SOLO_NAMES: Mapping[str, str] = {
    key: name for key, name in SOLO_NAMES.items() if key != "damen_buben"
}
#: What a rule text calls its solos itself (004 L57-59).
PRESET_SOLO_NAMES: Mapping[str, Mapping[str, str]] = {
    "ravensburger-2015": {
        "buben": "Grand (Bubensolo)",
        "fleischlos": "Ohnetrumpf (Fleischloser)",
    },
}
#: Other words a list in Excel names a solo with (the words it was written with before, and
#: the rule text's short names), read as that solo.
FORMER_SOLO_WORDS: Mapping[str, tuple[str, ...]] = {
    "damen_buben": ("Damen-Buben-Solo", "Damen/Buben-Solo"),
    "buben": ("Grand",),
    "fleischlos": ("Ohnetrumpf",),
}


def solo_name(preset: str, key: str) -> str:
    """The solo ``key`` as the rule set ``preset`` names it (an unknown key as it is)."""
    return PRESET_SOLO_NAMES.get(preset, {}).get(key) or SOLO_NAMES.get(key, key)


#: A solo's record ``pflicht`` under a set with Pflichtsoli (the DDV's, 000).
PFLICHT_LABELS: Mapping[bool | str, str] = {
    True: "Pflichtsolo",
    "vorgefuehrt": "vorgeführtes Pflichtsolo",
    False: "Lustsolo",
}
#: A solo under a set with a Zwangssolo (004 L61: any solo counts; who still owes one after
#: the Frist plays it vorgeführt), by its record ``pflicht`` (none written: ``None``).
ZWANGSSOLO_LABELS: Mapping[str | None, str] = {
    None: "Solo",
    "vorgefuehrt": "vorgeführtes Solo",
}
#: A solo under a set without Pflichtsoli.
SOLO_LABEL = "Solo"
