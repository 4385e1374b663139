"""A score list in Excel under a rule set other than the DDV's: its columns, one entry as the
cells of a row, and such a row read back into exactly the engine's record
(``docs/contracts/score-list.md``, "Lists under another rule set").

The list keeps the DDV list's layout (:mod:`tournament.domain.excel.list_cells`) and its first
columns, with the set's own words in them (its game types and solos in „Spiel“ and „Solo“, its
calls, its Sonderpunkte), and adds after „Angaben“ the columns of what the set has: the Armut's
giver and taker, the Schweinchen, the extra games' fields (the Schwarze Sau's soloist, the
Hammelrennen's Augen or who first had 60, the Schwarz-Spiel's culprit), the Füchse paid to a
player, the Grundwert, and what the pot paid. The points columns carry the set's unit
(„Pfennig 1“ under a Kasse), and a list under a pot has the pot's balance after „Stand
stimmt“. The facts row „Regelwerk“ names the set in German and, in its third cell, by its
key and variants („ravensburger-2015+fuechse“): a list is read only into a tournament of the
same set. A DDV list has no such cell and keeps its layout byte for byte.

A record is read back in one form per game type: a detailed game has ``re``, ``re_eyes``,
``re_tricks``, ``calls`` with both parties (not in a Hammelrennen or a Schwarz-Spiel) and
``specials`` with both parties' non-zero counts (not in a Schwarze Sau, which has none); a
solo has ``pflicht`` only under a set with Pflichtsoli („Lustsolo“ is ``false``).
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules_engine.rulelist import STROHMANN
from rules_engine.rulescore import eye_sums
from rules_engine.rulesets import (
    VARIANTS,
    Armut,
    ExtraGame,
    Hammelrennen,
    Pflichtsolo,
    PremiumFrom,
    PremiumsTo,
    RuleSet,
    Schweinchen,
    SoloKind,
    Special,
    parse_rules,
)
from tournament.domain import list_store
from tournament.domain.errors import ScoreListRefused
from tournament.domain.excel import list_cells
from tournament.domain.excel.list_cells import (
    DEALER,
    EYES,
    FACTS,
    FIXED,
    KIND,
    KONTRA_CALL,
    NAMES_HINT,
    NOBODY,
    NR,
    PLAYER,
    PLUS,
    RE,
    RE_CALL,
    SOLO,
    SPECIALS_KONTRA,
    SPECIALS_RE,
    TRICKS,
    CellProblem,
    TablePlayer,
    cell_text,
    normalise,
)
from tournament.domain.list_entries import KONTRA_CALLS, RE_CALLS
from tournament.domain.rule_sets import choose
from tournament.models import RoundTable, Tournament
from tournament.texts import rule_set_excel as words
from tournament.texts import solos as solo_words
from tournament.texts.rule_sets import PRESET_NAMES, VARIANT_TEXTS, parameters, rule_set_name

# The facts row „Regelwerk“, counted from the list's title row, and the column of the key;
# under a pot, the column of its start (its label in the column before).
RULES_ROW = 6
KEY_COLUMN = 3
POT_START_COLUMN = 5
DDV = "ddv"

# Which game types fill each of the set's own columns.
_COLUMN_TYPES: dict[str, frozenset[str]] = {
    words.ARMUT_GIVES: frozenset({"armut"}),
    words.ARMUT_TAKES: frozenset({"armut"}),
    words.SCHWEINCHEN: frozenset({"normal", "hochzeit", "stille_hochzeit", "solo", "armut"}),
    words.SAU_SOLOIST: frozenset({"schwarze_sau"}),
    words.HAMMEL_EYES: frozenset({"hammelrennen"}),
    words.HAMMEL_FIRST: frozenset({"hammelrennen"}),
    words.CULPRIT: frozenset({"schwarz_spiel"}),
}
# The parameter of the page „Regelwerk“ that gives each of those columns.
_COLUMN_RULES = {
    words.ARMUT_GIVES: "Armut",
    words.ARMUT_TAKES: "Armut",
    words.SCHWEINCHEN: "Schweinchen",
    words.SAU_SOLOIST: "Sonderspiele",
    words.HAMMEL_EYES: "Sonderspiele",
    words.HAMMEL_FIRST: "Sonderspiele",
    words.CULPRIT: "Sonderspiele",
}
# Game types without a Re party, Augen and calls; types without Sonderpunkte.
_NO_PARTIES = frozenset({"hammelrennen", "schwarz_spiel"})
_NO_SPECIALS = frozenset({"schwarze_sau", "hammelrennen", "schwarz_spiel"})
# The fields of a game record the columns carry; any other field (``timing``,
# ``klaerungsstich``, ``strohmann_by`` ...) is written to „Angaben“ as JSON and read back
# from there, so that nothing of a record is lost.
_WRITTEN = frozenset(
    {
        "kind",
        "quick",
        "type",
        "dealer",
        "solo",
        "pflicht",
        "player",
        "re",
        "re_eyes",
        "re_tricks",
        "calls",
        "specials",
        "schweinchen",
        "eyes",
        "first_to_60",
        "culprit",
        "premiums",
        "grundwert",
        "pot",
        "points",
        "winners",
    }
)
# At a table of three, who played the Strohmann's cards has its column (004 L91).
_STROHMANN_WRITTEN = frozenset({"strohmann_by"})
YES = "ja"


@dataclass(frozen=True)
class Layout:
    """The columns and words of a list under one rule set (never the DDV's)."""

    preset: str
    variants: tuple[str, ...]
    rules: RuleSet
    name: str
    extra: tuple[str, ...]
    kinds: Mapping[str, tuple[str, bool | str | None]]  # word -> (type, pflicht)
    former_kinds: Mapping[str, tuple[str, bool | str | None]]  # read, no longer written
    solos: Mapping[str, str]  # key -> word
    specials: Mapping[str, str]
    re_calls: Mapping[str, str]
    kontra_calls: Mapping[str, str]
    unit: str
    pot: str | None  # "Punktetopf", "Kasse" or None
    rule_texts: Mapping[str, str]  # parameter label -> the rule as a message names it
    # At a table of three: the Strohmann's word in the party cells (004 L91), else None.
    strohmann: str | None = None

    @property
    def key(self) -> str:
        """The set as the list's key cell names it: the preset and its variants."""
        return "+".join((self.preset, *self.variants))

    @property
    def fixed(self) -> int:
        """How many columns stand before the players' points."""
        return len(FIXED) + len(self.extra)

    def column(self, header: str) -> int:
        """The 0-based index of one of the set's own columns."""
        return len(FIXED) + self.extra.index(header)

    def points_header(self, position: int) -> str:
        return f"{self.unit} {position}"

    @property
    def pot_start_label(self) -> str | None:
        """The label beside the pot's start in the facts row „Regelwerk“; none without a pot."""
        if self.pot is None:
            return None
        return words.POT_START.format(pot=self.pot, unit=self.unit)

    @property
    def balance_header(self) -> str | None:
        if self.pot is None:
            return None
        return words.POT_BALANCE.format(pot=self.pot, unit=self.unit)

    def headers(self, positions: Sequence[int]) -> list[str]:
        balance = self.balance_header
        return [
            *FIXED,
            *self.extra,
            *(self.points_header(p) for p in positions),
            *(f"Stand {p}" for p in positions),
            *(f"Stand {p} (Formel)" for p in positions),
            "Stand stimmt",
            *((balance,) if balance else ()),
            NAMES_HINT,
        ]

    def rule(self, label: str) -> str:
        """The set's rule ``label`` (a parameter of the page „Regelwerk“) with its source."""
        return self.rule_texts.get(label, self.name)

    @property
    def kind_words(self) -> tuple[str, ...]:
        return tuple(self.kinds)

    def kind_word(self, record: Mapping[str, Any]) -> str:
        game_type = str(record.get("type"))
        if game_type != "solo":
            return words.TYPE_WORDS.get(game_type, game_type)
        pflicht = record.get("pflicht")
        if self.rules.pflichtsolo is Pflichtsolo.NONE:
            return solo_words.SOLO_LABEL
        if self.rules.pflichtsolo is Pflichtsolo.ZWANGSSOLO:
            # 004 L61: any solo counts; a Lustsolo (``false``) is a Solo as the form's is.
            zwang = pflicht if pflicht == "vorgefuehrt" else None
            return solo_words.ZWANGSSOLO_LABELS[zwang]
        return solo_words.PFLICHT_LABELS.get(
            pflicht if pflicht is not None else False, str(pflicht)
        )


def layout_of(tournament: Tournament, size: int = 4) -> Layout | None:
    """The tournament's list layout under its rule set at a table of ``size``; ``None`` under
    the DDV rules. At a table of three with the Strohmann (004 L91) the list names him in its
    party cells and has the column of who played his cards."""
    if tournament.rules_preset == DDV:
        return None
    return _layout(tournament.rules_preset, tuple(tournament.rules_variants), size == 3)


@functools.lru_cache(maxsize=64)
def _layout(preset: str, variants: tuple[str, ...], three: bool = False) -> Layout:
    choice = choose(preset, variants)
    rules = parse_rules({"preset": preset, **choice.overrides} if choice.overrides else preset)
    name = rule_set_name(preset, choice.variants)
    overridden: dict[str, set[str]] = {}
    for variant in choice.variants:
        for field in VARIANTS.get(preset, {}).get(variant, {}):
            overridden.setdefault(field, set()).add(variant)
    rule_texts = {
        p.label: words.RULE.format(
            label=p.label, name=name, text=p.text, sources="; ".join(p.sources)
        )
        for p in parameters(preset, overridden, rules)
    }
    kinds: dict[str, tuple[str, bool | str | None]] = {words.TYPE_WORDS["normal"]: ("normal", None)}
    kinds[words.TYPE_WORDS["hochzeit"]] = ("hochzeit", None)
    if rules.stille_hochzeit:
        kinds[words.TYPE_WORDS["stille_hochzeit"]] = ("stille_hochzeit", None)
    former: dict[str, tuple[str, bool | str | None]] = {}
    if rules.pflichtsolo is Pflichtsolo.NONE:
        kinds[solo_words.SOLO_LABEL] = ("solo", None)
    elif rules.pflichtsolo is Pflichtsolo.ZWANGSSOLO:
        for zwang, word in solo_words.ZWANGSSOLO_LABELS.items():
            kinds[word] = ("solo", zwang)
        # Lists written before named 004's solos as a Pflichtsolo set's.
        former[solo_words.PFLICHT_LABELS[False]] = ("solo", None)
        former[solo_words.PFLICHT_LABELS["vorgefuehrt"]] = ("solo", "vorgefuehrt")
    else:
        for pflicht in (True, "vorgefuehrt", False):
            kinds[solo_words.PFLICHT_LABELS[pflicht]] = ("solo", pflicht)
    if rules.armut is not Armut.NONE:
        kinds[words.TYPE_WORDS["armut"]] = ("armut", None)
    for game in (ExtraGame.SCHWARZE_SAU, ExtraGame.HAMMELRENNEN, ExtraGame.SCHWARZ_SPIEL):
        if game in rules.extra_games:
            kinds[words.TYPE_WORDS[game.value]] = (game.value, None)
    solos = {
        kind.value: solo_words.solo_name(preset, kind.value)
        for kind in SoloKind
        if kind in rules.solos
    }
    specials = {s.value: words.SPECIAL_WORDS[s.value] for s in rules.special_kinds}
    calls = rules.calls.value
    re_calls = dict(RE_CALLS)
    kontra_calls = dict(KONTRA_CALLS)
    if calls == "kontra_re":
        re_calls = {"re": "Re"}
        kontra_calls = {"kontra": "Kontra"}
    pot = words.POT_NAMES.get(rules.settlement.value)
    extra: list[str] = []
    if rules.armut is not Armut.NONE:
        extra += [words.ARMUT_GIVES, words.ARMUT_TAKES]
    if rules.schweinchen is not Schweinchen.NONE:
        extra.append(words.SCHWEINCHEN)
    if ExtraGame.SCHWARZE_SAU in rules.extra_games:
        extra.append(words.SAU_SOLOIST)
    if ExtraGame.HAMMELRENNEN in rules.extra_games:
        extra.append(
            words.HAMMEL_FIRST
            if rules.hammelrennen is Hammelrennen.FIRST_TO_60
            else words.HAMMEL_EYES
        )
    if ExtraGame.SCHWARZ_SPIEL in rules.extra_games:
        extra.append(words.CULPRIT)
    if rules.premiums_to is PremiumsTo.PLAYER and Special.FUCHS in rules.special_kinds:
        extra.append(words.PREMIUMS)
    if preset == "schweinchen":
        # 002 L59: „Der Grundwert wird in einer eigenen Spalte notiert“.
        extra.append(words.GRUNDWERT)
    if pot is not None:
        extra.append(words.POT_PAID.format(pot=pot))
    strohmann = STROHMANN if three and rules.strohmann and 3 in rules.table_sizes else None
    if strohmann is not None:
        extra.append(words.STROHMANN_BY)
    return Layout(
        preset=preset,
        variants=choice.variants,
        rules=rules,
        name=name,
        extra=tuple(extra),
        kinds=kinds,
        former_kinds=former,
        solos=solos,
        specials=specials,
        re_calls=re_calls,
        kontra_calls=kontra_calls,
        unit=rules.unit.value,
        pot=pot,
        rule_texts=rule_texts,
        strohmann=strohmann,
    )


def pot_start(table: RoundTable) -> int | None:
    """The start of the pot of the table's list as the engine has it (the tournament's setting,
    else the set's default); ``None`` without a pot, or where the engine cannot tell."""
    try:
        pot = list_store.trial(table, []).get("pot")
    except ScoreListRefused:
        return None
    return int(pot["start"]) if isinstance(pot, dict) and pot.get("start") is not None else None


def _solo_folded(text: str) -> str:
    """A solo's word as compared on import: „Damen-Buben-Solo“, „damen buben“, „gemischtes
    Damen/Buben-Solo“ and „damen_buben“ alike."""
    folded = normalise(text).replace("_", " ").replace("-", " ").replace("/", " ")
    folded = folded.removeprefix("gemischtes ").removesuffix("solo")
    return " ".join(folded.split())


def read_key(text: str) -> tuple[str, tuple[str, ...]] | None:
    """The preset and variants a key cell names ("" is the DDV's); ``None``: no rule set."""
    parts = [part.strip() for part in text.strip().split("+")] if text.strip() else [DDV]
    preset, variants = parts[0], tuple(parts[1:])
    if preset not in PRESET_NAMES or any(v not in VARIANT_TEXTS.get(preset, {}) for v in variants):
        return None
    return preset, variants


def name_of_key(preset: str, variants: Sequence[str]) -> str:
    return rule_set_name(preset, list(variants))


# ---------------------------------------------------------------------------- writing


def cells(
    layout: Layout,
    record: Mapping[str, Any],
    number: int | None,
    plus: Sequence[int],
    positions: Mapping[str, int],
) -> list[str | int | None]:
    """The cells before the players' points of one entry under ``layout``'s set."""
    if record.get("kind") != "game":
        # Only games belong on such a list (the engine refuses anything else).
        return [*list_cells.cells(record, number, plus, positions), *([None] * len(layout.extra))]
    row: list[str | int | None] = [None] * layout.fixed

    def position(key: Any) -> str | int:
        return positions.get(str(key), str(key))

    def put(header: str, value: str | int | None) -> None:
        if header in layout.extra:
            row[layout.column(header)] = value

    game_type = str(record.get("type"))
    row[NR] = number
    row[DEALER] = None if record.get("dealer") is None else position(record["dealer"])
    row[KIND] = layout.kind_word(record)
    if record.get("solo"):
        row[SOLO] = layout.solos.get(
            str(record["solo"]), solo_words.solo_name(layout.preset, str(record["solo"]))
        )
    if record.get("player") is not None:
        row[PLAYER] = position(record["player"])
    if record.get("quick") is not True:
        party = [position(k) for k in record.get("re") or []]
        if game_type == "armut" and party:
            put(words.ARMUT_GIVES, party[0])
            put(words.ARMUT_TAKES, ", ".join(str(p) for p in party[1:]) or None)
        elif game_type == "schwarze_sau" and party:
            put(words.SAU_SOLOIST, ", ".join(str(p) for p in party))
        else:
            row[RE] = ", ".join(str(p) for p in party) or None
        calls = record.get("calls") or {}
        row[RE_CALL] = layout.re_calls.get(str(calls.get("re")), _raw(calls.get("re")))
        row[KONTRA_CALL] = layout.kontra_calls.get(
            str(calls.get("kontra")), _raw(calls.get("kontra"))
        )
        row[EYES] = record.get("re_eyes")
        row[TRICKS] = record.get("re_tricks")
        specials = record.get("specials") or {}
        row[SPECIALS_RE] = _specials(specials.get("re") or {})
        row[SPECIALS_KONTRA] = _specials(specials.get("kontra") or {})
        if record.get("schweinchen") is True:
            put(words.SCHWEINCHEN, YES)
        eyes = record.get("eyes")
        if isinstance(eyes, dict):
            put(
                words.HAMMEL_EYES,
                "; ".join(
                    f"{position(key)}: {value}"
                    for key, value in sorted(eyes.items(), key=lambda kv: str(position(kv[0])))
                ),
            )
        if record.get("first_to_60") is not None:
            put(words.HAMMEL_FIRST, position(record["first_to_60"]))
        if record.get("culprit") is not None:
            put(words.CULPRIT, position(record["culprit"]))
        premiums = record.get("premiums") or []
        put(
            words.PREMIUMS,
            "; ".join(
                str(position(p.get("by")))
                + (f" {words.PREMIUM_FROM} {position(p['from'])}" if p.get("from") else "")
                for p in premiums
                if isinstance(p, dict)
            )
            or None,
        )
        if record.get("grundwert") is not None:
            put(words.GRUNDWERT, record["grundwert"])
        if layout.strohmann is not None and record.get("strohmann_by") is not None:
            put(words.STROHMANN_BY, position(record["strohmann_by"]))
    if layout.pot is not None and record.get("pot") is not None:
        put(words.POT_PAID.format(pot=layout.pot), record["pot"])
    rest = {key: value for key, value in record.items() if key not in _written(layout)}
    if rest:
        row[FACTS] = json.dumps(rest, ensure_ascii=False, sort_keys=True)
    row[PLUS] = ", ".join(str(p) for p in sorted(plus)) or NOBODY
    return row


def _written(layout: Layout) -> frozenset[str]:
    """The record's fields the list's columns carry under ``layout``."""
    return _WRITTEN | _STROHMANN_WRITTEN if layout.strohmann is not None else _WRITTEN


def _raw(value: Any) -> str | None:
    return None if value is None else str(value)


def _specials(counts: Mapping[str, Any]) -> str | None:
    parts = []
    for key, count in counts.items():
        if isinstance(count, int) and count > 0:
            label = words.SPECIAL_WORDS.get(key, key)
            parts.append(label if count == 1 else f"{count} {label}")
    return ", ".join(parts) or None


def offers(layout: Layout) -> list[tuple[int, tuple[str, ...]]]:
    """The drop-down lists of a list under ``layout``: (0-based column, the words)."""
    found = [
        (KIND, layout.kind_words),
        (RE_CALL, tuple(layout.re_calls.values())),
        (KONTRA_CALL, tuple(layout.kontra_calls.values())),
    ]
    if layout.solos:
        found.append((SOLO, tuple(layout.solos.values())))
    if words.SCHWEINCHEN in layout.extra:
        found.append((layout.column(words.SCHWEINCHEN), (YES,)))
    return found


# ---------------------------------------------------------------------------- reading


class SetReader(list_cells.Reader):
    """Reads the rows of one table's list under ``layout``'s set."""

    def __init__(self, players: Sequence[TablePlayer], ref: Any, layout: Layout) -> None:
        super().__init__(players, ref, layout.fixed)
        self.layout = layout

    def _record(
        self,
        line: int,
        kind: str,
        fixed: Sequence[Any],
        points: tuple[int | None, ...],
        plus: tuple[int, ...] | None,
    ) -> dict[str, Any]:
        layout = self.layout
        found = next(
            (
                value
                for word, value in (*layout.kinds.items(), *layout.former_kinds.items())
                if normalise(word) == normalise(kind)
            ),
            None,
        )
        if found is None:
            raise CellProblem(
                words.NOT_IN_SET.format(
                    ref=self.ref(line, KIND + 1),
                    text=kind,
                    name=layout.name,
                    allowed=", ".join(layout.kinds),
                    rule=self._rule_of_kind(kind),
                )
            )
        game_type, pflicht = found
        for header, types in _COLUMN_TYPES.items():
            if header in layout.extra and game_type not in types:
                value = cell_text(fixed[layout.column(header)])
                if value:
                    raise CellProblem(
                        words.NOT_IN_THIS_GAME.format(
                            ref=self.ref(line, layout.column(header) + 1),
                            text=value,
                            header=header,
                            games=", ".join(words.TYPE_WORDS.get(t, t) for t in sorted(types)),
                            rule=layout.rule(_COLUMN_RULES[header]),
                        )
                    )
        dealer = self._player(line, DEALER, fixed[DEALER], required=False)
        player = self._player(line, PLAYER, fixed[PLAYER], required=False)
        detailed = game_type in _NO_PARTIES or cell_text(fixed[EYES]) != ""
        if layout.strohmann is not None:
            self._check_strohmann_seat(line, fixed, (dealer, player), detailed)
        record: dict[str, Any] = {"kind": "game"}
        if not detailed:
            record["quick"] = True
        record["type"] = game_type
        if game_type == "solo":
            solo = self._set_solo(line, fixed[SOLO], required=detailed)
            if solo is not None:
                record["solo"] = solo
            if pflicht is not None:
                record["pflicht"] = pflicht
        elif cell_text(fixed[SOLO]):
            raise CellProblem(
                f"{self.ref(line, SOLO + 1)}: „{cell_text(fixed[SOLO])}“ – ein Solo-Typ nur bei "
                "einem Solo"
            )
        if detailed:
            self._details(line, game_type, fixed, player, record)
        else:
            self._points(line, points, plus, record)
        if player is not None:
            record["player"] = player
        if dealer is not None:
            record["dealer"] = dealer
        if layout.strohmann is not None:
            by = self._strohmann_by(line, game_type, fixed, record)
            if by is not None:
                record["strohmann_by"] = by
        if layout.pot is not None:
            paid = self._number(line, layout.column(words.POT_PAID.format(pot=layout.pot)), fixed)
            if paid is not None:
                record["pot"] = paid
        record.update(self._rest(line, fixed[FACTS]))
        return record

    def _rest(self, line: int, value: Any) -> dict[str, Any]:
        """The record's other fields, written in „Angaben“ as a JSON object."""
        text = cell_text(value)
        if not text:
            return {}
        try:
            rest = json.loads(text)
        except ValueError:
            rest = None
        if not isinstance(rest, dict) or any(key in _written(self.layout) for key in rest):
            raise CellProblem(
                words.FACTS_NOT_JSON.format(ref=self.ref(line, FACTS + 1), text=text[:80])
            )
        return rest

    # -- the Strohmann at a table of three (004 L91)

    def _player_text(self, ref: str, text: str | None, *, required: bool) -> str | None:
        """A player of the table, or the Strohmann by his word at a table of three."""
        strohmann = self.layout.strohmann
        if strohmann is not None and normalise(text or "") == normalise(strohmann):
            return strohmann
        return super()._player_text(ref, text, required=required)

    def _players(self, line: int, column: int, value: Any) -> list[str]:
        """The Re party by position numbers; at a table of three the Strohmann by his word
        („1, Strohmann“), in the cell's order."""
        strohmann = self.layout.strohmann
        text = cell_text(value)
        if strohmann is None or normalise(strohmann) not in normalise(text):
            return super()._players(line, column, value)
        party: list[str] = []
        for part in re.split(r"[,;/+&]", text):
            if normalise(part) == normalise(strohmann):
                party.append(strohmann)
            elif part.strip():
                party.extend(super()._players(line, column, part.strip()))
        return list(dict.fromkeys(party))

    def _check_strohmann_seat(
        self, line: int, fixed: Sequence[Any], seats: tuple[str | None, str | None], detailed: bool
    ) -> None:
        """The Strohmann deals no game, plays no solo and is no Hochzeiter; a game is entered
        with its Augen (its points alone do not say who played his cards)."""
        for column, who in zip((DEALER, PLAYER), seats, strict=True):
            if who is not None and who == self.layout.strohmann:
                raise CellProblem(
                    words.STROHMANN_NOT_SOLOIST.format(
                        ref=self.ref(line, column + 1), text=cell_text(fixed[column])
                    )
                )
        if not detailed:
            raise CellProblem(
                words.STROHMANN_QUICK.format(ref=self.ref(line, EYES + 1), unit=self.layout.unit)
            )

    def _strohmann_by(
        self, line: int, game_type: str, fixed: Sequence[Any], record: Mapping[str, Any]
    ) -> str | None:
        """Who played the Strohmann's cards: a player on his side (004 L91); where only one
        is, that one (as the entry form fills him in); none in a game without sides."""
        dummy = self.layout.strohmann
        column = self.layout.column(words.STROHMANN_BY)
        ref = self.ref(line, column + 1)
        text = cell_text(fixed[column])
        by = self._player(line, column, fixed[column], required=False)
        party = [str(p) for p in record.get("re") or []]
        if game_type in _NO_PARTIES or not party:
            if text:
                game = words.TYPE_WORDS.get(game_type, game_type)
                raise CellProblem(words.STROHMANN_BY_NO_SIDES.format(ref=ref, text=text, game=game))
            return None
        keys = [p.key for p in self.players]
        side = party if dummy in party else [k for k in keys if k not in party]
        partners = [k for k in side if k != dummy]
        seated = {p.key: p for p in self.players}
        choices = " oder ".join(f"{seated[k].position} ({seated[k].shown})" for k in partners)
        if by is None:
            if len(partners) == 1:
                return partners[0]
            raise CellProblem(words.STROHMANN_BY_MISSING.format(ref=ref, choices=choices))
        if by not in partners:
            raise CellProblem(
                words.STROHMANN_BY_NOT_PARTNER.format(ref=ref, text=text, choices=choices)
            )
        return by

    # -- the parts of a record

    def _points(
        self,
        line: int,
        points: tuple[int | None, ...],
        plus: tuple[int, ...] | None,
        record: dict[str, Any],
    ) -> None:
        quick = self._quick(line, "normal", points, plus, None)
        record["points"] = quick["points"]
        record["winners"] = quick["winners"]

    def _details(
        self,
        line: int,
        game_type: str,
        fixed: Sequence[Any],
        player: str | None,
        record: dict[str, Any],
    ) -> None:
        layout = self.layout
        if game_type not in _NO_PARTIES:
            party = self._players(line, RE, fixed[RE])
            if game_type == "armut":
                party = self._armut(line, fixed, party)
            elif game_type == "schwarze_sau":
                party = self._sau(line, fixed, party)
            elif not party:
                if player is None:
                    raise CellProblem(
                        f"{self.ref(line, RE + 1)}: bitte die Re-Partei angeben (bei einem Solo "
                        "oder einer Hochzeit allein den Spieler unter Solist/Hochzeiter)"
                    )
                party = [player]
            record["re"] = party
            eyes = self._int_cell(line, EYES, fixed[EYES], [], low=0, high=240, required=True)
            record["re_eyes"] = eyes
            record["re_tricks"] = self._tricks(line, fixed[TRICKS], eyes)
            record["calls"] = {
                "re": self._set_call(line, RE_CALL, fixed[RE_CALL], layout.re_calls),
                "kontra": self._set_call(
                    line, KONTRA_CALL, fixed[KONTRA_CALL], layout.kontra_calls
                ),
            }
        else:
            for column in (RE, EYES, TRICKS, RE_CALL, KONTRA_CALL, SPECIALS_RE, SPECIALS_KONTRA):
                text = cell_text(fixed[column])
                if text:
                    raise CellProblem(
                        f"{self.ref(line, column + 1)}: „{text}“ – die Spalte „{FIXED[column]}“ "
                        f"gilt nicht bei einem Spiel „{words.TYPE_WORDS[game_type]}“ "
                        f"({layout.rule('Sonderspiele')})"
                    )
        if game_type not in _NO_SPECIALS:
            record["specials"] = {
                "re": self._set_specials(line, SPECIALS_RE, fixed[SPECIALS_RE]),
                "kontra": self._set_specials(line, SPECIALS_KONTRA, fixed[SPECIALS_KONTRA]),
            }
        elif cell_text(fixed[SPECIALS_RE]) or cell_text(fixed[SPECIALS_KONTRA]):
            column = SPECIALS_RE if cell_text(fixed[SPECIALS_RE]) else SPECIALS_KONTRA
            raise CellProblem(
                words.NOT_IN_SET.format(
                    ref=self.ref(line, column + 1),
                    text=cell_text(fixed[column]),
                    name=layout.name,
                    allowed="keine",
                    rule=layout.rule("Sonderpunkte"),
                )
            )
        if words.SCHWEINCHEN in layout.extra:
            column = layout.column(words.SCHWEINCHEN)
            text = cell_text(fixed[column])
            if normalise(text) == YES:
                record["schweinchen"] = True
            elif text and normalise(text) != "nein":
                raise CellProblem(
                    words.YES_NO.format(
                        ref=self.ref(line, column + 1), text=text, rule=layout.rule("Schweinchen")
                    )
                )
        if game_type == "hammelrennen":
            if words.HAMMEL_FIRST in layout.extra:
                column = layout.column(words.HAMMEL_FIRST)
                first = self._player(line, column, fixed[column], required=False)
                if first is None:
                    raise self._missing(line, column, "wer zuerst 60 Augen hatte", "Sonderspiele")
                record["first_to_60"] = first
            else:
                record["eyes"] = self._hammel_eyes(line, fixed)
        if game_type == "schwarz_spiel":
            column = layout.column(words.CULPRIT)
            culprit = self._player(line, column, fixed[column], required=False)
            if culprit is None:
                raise self._missing(
                    line, column, "wer das Schwarz-Spiel verursacht hat", "Sonderspiele"
                )
            record["culprit"] = culprit
        if words.PREMIUMS in layout.extra:
            premiums = self._premiums(line, fixed)
            if premiums:
                record["premiums"] = premiums
        if words.GRUNDWERT in layout.extra:
            value = self._number(line, layout.column(words.GRUNDWERT), fixed)
            if value is not None:
                record["grundwert"] = value

    def _armut(self, line: int, fixed: Sequence[Any], party: list[str]) -> list[str]:
        layout = self.layout
        if party:
            raise CellProblem(
                f"{self.ref(line, RE + 1)}: bei einer Armut stehen Geber und Nehmer unter "
                f"„{words.ARMUT_GIVES}“ und „{words.ARMUT_TAKES}“ ({layout.rule('Armut')})"
            )
        gives, takes = layout.column(words.ARMUT_GIVES), layout.column(words.ARMUT_TAKES)
        giver = self._player(line, gives, fixed[gives], required=False)
        taker = self._player(line, takes, fixed[takes], required=False)
        if giver is None:
            raise self._missing(line, gives, "wer die Armut abgegeben hat", "Armut")
        if taker is None:
            raise self._missing(line, takes, "wer die Armut genommen hat", "Armut")
        return [giver, taker]

    def _sau(self, line: int, fixed: Sequence[Any], party: list[str]) -> list[str]:
        column = self.layout.column(words.SAU_SOLOIST)
        if party:
            raise CellProblem(
                f"{self.ref(line, RE + 1)}: bei einer Schwarzen Sau steht der Solist unter "
                f"„{words.SAU_SOLOIST}“ ({self.layout.rule('Sonderspiele')})"
            )
        soloist = self._player(line, column, fixed[column], required=False)
        if soloist is None:
            raise self._missing(line, column, "den Solisten der Schwarzen Sau", "Sonderspiele")
        return [soloist]

    def _hammel_eyes(self, line: int, fixed: Sequence[Any]) -> dict[str, int]:
        column = self.layout.column(words.HAMMEL_EYES)
        text = cell_text(fixed[column])
        ref = self.ref(line, column + 1)
        problem = CellProblem(
            words.HAMMEL_EYES_FORMAT.format(
                ref=ref, text=text, rule=self.layout.rule("Sonderspiele")
            )
        )
        eyes: dict[str, int] = {}
        for part in (p for p in re.split(r"[;\n]", text) if p.strip()):
            found = re.fullmatch(r"\s*(\d+)\s*[:=]\s*(\d+)\s*", part)
            if found is None:
                raise problem
            player = self._at_position(ref, found.group(1))
            if player.key in eyes:
                raise problem
            eyes[player.key] = int(found.group(2))
        if len(eyes) != len(self.players):
            raise problem
        return eyes

    def _premiums(self, line: int, fixed: Sequence[Any]) -> list[dict[str, str]]:
        column = self.layout.column(words.PREMIUMS)
        ref = self.ref(line, column + 1)
        premiums = []
        for part in (p for p in re.split(r"[;]", cell_text(fixed[column])) if p.strip()):
            by, _, loser = part.partition(f" {words.PREMIUM_FROM} ")
            premium = {"kind": "fuchs", "by": self._player_text(ref, by.strip(), required=True)}
            if loser.strip():
                premium["from"] = self._player_text(ref, loser.strip(), required=True)
            elif self.layout.rules.premium_from is PremiumFrom.LOSER:
                raise CellProblem(
                    f"{ref}: „{part.strip()}“ – bitte angeben, wer den Fuchs verloren hat, "
                    f"z. B. „2 {words.PREMIUM_FROM} 3“ ({self.layout.rule('Sonderpunkte')})"
                )
            premiums.append(premium)
        return premiums  # type: ignore[return-value]

    def _tricks(self, line: int, value: Any, eyes: int | None) -> int:
        """Re's tricks as written; empty: a count the deck allows for the Augen (only
        „schwarz“ changes a score, and a party stayed schwarz only with a count written)."""
        tricks = self.layout.rules.tricks
        problems: list[str] = []
        written = self._int_cell(line, TRICKS, value, problems, low=0, high=tricks)
        if problems:
            raise CellProblem(problems[0])
        if written is not None:
            return written
        sums = eye_sums(self.layout.rules.deck)
        fitting = [k for k in range(1, tricks) if eyes is not None and eyes in sums[k]]
        if not fitting:
            return max(1, min(tricks - 1, round((eyes or 0) / 20)))
        return min(fitting, key=lambda k: abs(k * 20 - (eyes or 0)))

    def _number(self, line: int, column: int, fixed: Sequence[Any]) -> int | None:
        problems: list[str] = []
        value = self._int_cell(line, column, fixed[column], problems)
        if problems:
            raise CellProblem(problems[0])
        return value

    def _missing(self, line: int, column: int, what: str, label: str) -> CellProblem:
        return CellProblem(
            words.MISSING.format(
                ref=self.ref(line, column + 1), what=what, rule=self.layout.rule(label)
            )
        )

    def _rule_of_kind(self, kind: str) -> str:
        """The rule that says the set has no such game."""
        folded = normalise(kind)
        if folded == normalise(words.TYPE_WORDS["armut"]) or folded.startswith(
            ("schieben", "trumpf")
        ):
            return self.layout.rule("Armut")
        solo_kinds = (*solo_words.PFLICHT_LABELS.values(), *solo_words.ZWANGSSOLO_LABELS.values())
        if folded in {normalise(w) for w in solo_kinds if w != solo_words.SOLO_LABEL}:
            return self.layout.rule("Pflichtsolo")
        if folded in (
            normalise(solo_words.SOLO_LABEL),
            normalise(words.TYPE_WORDS["stille_hochzeit"]),
        ):
            return self.layout.rule("Soli")
        if folded.startswith("strafe") or folded in ("nachspielzeit", "zeit abgelaufen"):
            return (
                "Strafen, Nachspielzeit und Zeitende gibt es nur nach den DDV-Turnierspielregeln "
                "(TSR 8.5, 9)"
            )
        return self.layout.rule("Sonderspiele")

    def _set_solo(self, line: int, value: Any, *, required: bool) -> str | None:
        text = cell_text(value)
        ref = self.ref(line, SOLO + 1)
        solos = self.layout.solos
        if not text:
            if required:
                raise self._missing(line, SOLO, "welches Solo gespielt wurde", "Soli")
            return None
        folded = _solo_folded(text)
        for key in solo_words.SOLO_NAMES:
            said = (
                key,
                solo_words.SOLO_NAMES[key],
                solo_words.solo_name(self.layout.preset, key),
                *solo_words.FORMER_SOLO_WORDS.get(key, ()),
            )
            if folded in {_solo_folded(word) for word in said}:
                if key in solos:
                    return key
                break
        raise CellProblem(
            words.NOT_IN_SET.format(
                ref=ref,
                text=text,
                name=self.layout.name,
                allowed=", ".join(solos.values()),
                rule=self.layout.rule("Soli"),
            )
        )

    def _set_call(self, line: int, column: int, value: Any, calls: Mapping[str, str]) -> str | None:
        text = cell_text(value)
        if not text:
            return None
        key = list_cells.call_key(text, calls)
        if key is not None:
            return key
        raise CellProblem(
            words.NOT_IN_SET.format(
                ref=self.ref(line, column + 1),
                text=text,
                name=self.layout.name,
                allowed=", ".join(calls.values()),
                rule=self.layout.rule("Ansagen"),
            )
        )

    def _set_specials(self, line: int, column: int, value: Any) -> dict[str, int]:
        text = cell_text(value)
        counts: dict[str, int] = {}
        if not text:
            return counts
        by_word = {normalise(w): k for k, w in self.layout.specials.items()}
        by_word |= {k: k for k in self.layout.specials}
        for part in re.split(r"[,;]", text):
            found = re.fullmatch(r"\s*(?:(\d+)\s*[x×]?\s*)?([^\d\s].*?)\s*", part)
            label = normalise(found.group(2)) if found else ""
            if label == "füchse":
                label = "fuchs"
            key = by_word.get(label)
            if found is None or key is None:
                raise CellProblem(
                    words.NOT_IN_SET.format(
                        ref=self.ref(line, column + 1),
                        text=part.strip(),
                        name=self.layout.name,
                        allowed=", ".join(self.layout.specials.values()) or "keine",
                        rule=self.layout.rule("Sonderpunkte"),
                    )
                )
            counts[key] = counts.get(key, 0) + int(found.group(1) or 1)
        return counts
