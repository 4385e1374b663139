"""One score-list entry as the cells of a spreadsheet row, and such a row read back.

Export and import share this module, so what a list writes is exactly what it reads: an
exported list typed on, or the blank template filled in from a paper list, imports into the
same records the page stores. A game row with Augen is a game in detail (the engine scores
it); without Augen it is a game entered as points (TSR 7.3). Penalties, Nachspielzeit and time
up keep their facts in the column "Angaben" as ``Schlüssel: Wert; ...``.

Players are read by the list's structure, never by splitting free text: a cell naming several
players (the Re party, the players with plus points) holds only their position numbers
("1, 3"); a cell naming one player (Geber, Solist/Hochzeiter, Verursacher) holds a position
number, or the player's name when nobody else at the table has that name. The export writes
position numbers everywhere, so any list reads back whatever its players are called.

"Nr." is the game number; for a penalty or a time note it is the game it came before, which
places it in the list (a list is read in game order, whatever section a row stands in).
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tournament.domain import list_entries as entries
from tournament.domain.list_entries import (
    KIND_LABELS,
    KONTRA_CALLS,
    PENALTY_LABELS,
    PFLICHT_LABELS,
    RE_CALLS,
    SOLO_LABELS,
    SPECIALS,
)
from tournament.texts.list_cells import PLUS_POINTS, ListCell, list_cell

# The layout of a list block on a sheet, shared by export and import: the title in the first
# row, the header row HEADER_ROW rows further down (counted from 1), then the two sections.
TITLE = "Spielliste Tisch {number}"
HEADER_ROW = 12
NORMAL_SECTION = "Normalspiele, Lustsoli, Strafen"
PFLICHT_SECTION = "Pflichtsoli (TSR 4.2.4)"

RE_HEADER = "Re (Plätze)"
FIXED = (
    "Nr.",
    "Geber",
    "Spiel",
    "Solo",
    "Solist/Hochzeiter",
    RE_HEADER,
    "Ansage Re",
    "Ansage Kontra",
    "Augen Re",
    "Stiche Re",
    "Sonderpunkte Re",
    "Sonderpunkte Kontra",
    PLUS_POINTS,
    "Angaben",
)
NR, DEALER, KIND, SOLO, PLAYER, RE, RE_CALL, KONTRA_CALL, EYES, TRICKS = range(10)
SPECIALS_RE, SPECIALS_KONTRA, PLUS, FACTS = range(10, 14)

# The last column: the row's players by name, for the reader; never read in.
NAMES_HINT = "Spieler (nur zur Ansicht, wird nicht eingelesen)"

PENALTY = "Strafe"
EXTENSION = "Nachspielzeit"
TIME_UP = "Zeit abgelaufen"
SPECIAL_LABELS = {"doppelkopf": "Doppelkopf", "fuchs": "Fuchs", "karlchen": "Karlchen"}
# A penalty's category as its cell says it.
CATEGORY_LABELS = {key: labels.cell for key, labels in PENALTY_LABELS.items()}
YES, NO = "ja", "nein"
NOBODY = "keiner"
# The facts of a penalty as (record field, German key), in the order they are written.
PENALTY_FACTS = (
    ("category", "Kategorie"),
    ("offender", "Verursacher"),
    ("phase", "Phase"),
    ("soloist", "Solist"),
    ("absagen", "Absagen"),
    ("harms_soloist", "schadet Solist"),
    ("deduction", "Abzug"),
    ("solo_pflicht", "Solo"),
    ("signed_by", "Schiedsrichter"),
    ("note", "Notiz"),
)
EXTENSION_FACTS = (("minutes", "Minuten"), ("reason", "Grund"))
# Facts of free text, written last in their cell and read as the rest of it.
FREE_TEXT = frozenset(("note", "reason"))
TIME_UP_FACTS = (("being_dealt", "Spiel wurde gegeben"),)
PHASES = (
    "normal",
    "solo",
    "hochzeit_vor_klaerung",
    "hochzeit_mit_partner",
    "hochzeit_allein",
    "stille_hochzeit_vor_zweiter_kreuz_dame",
    "stille_hochzeit_nach_zweiter_kreuz_dame",
)


def headers(positions: Sequence[int]) -> list[str]:
    """The header row of a list at a table with these positions."""
    return [
        *FIXED,
        *(f"Punkte {p}" for p in positions),
        *(f"Stand {p}" for p in positions),
        *(f"Stand {p} (Formel)" for p in positions),
        "Stand stimmt",
        NAMES_HINT,
    ]


def cell_text(value: Any) -> str:
    """A cell's value as the text a person typed: whole numbers without ".0" (a spreadsheet
    stores typed numbers as floats), runs of white space as one space."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return " ".join(str(value).split())


# ---------------------------------------------------------------------------- writing


def cells(
    record: Mapping[str, Any],
    number: int | None,
    plus: Sequence[int],
    positions: Mapping[str, int],
) -> list[str | int | None]:
    """The fixed cells of one entry; ``number``: its "Nr.", ``plus``: the positions of the
    players with plus points, ``positions``: each player key's position at the table."""
    row: list[str | int | None] = [None] * len(FIXED)
    row[NR] = number
    kind = record.get("kind")

    def position(key: Any) -> str | int:
        return positions.get(str(key), str(key))

    if kind == "penalty":
        row[KIND] = PENALTY
        row[FACTS] = _facts(record, PENALTY_FACTS, position)
    elif kind == "nachspielzeit":
        row[KIND] = EXTENSION
        row[FACTS] = _facts(record, EXTENSION_FACTS, position)
    elif kind == "time_up":
        row[KIND] = TIME_UP
        row[FACTS] = _facts(record, TIME_UP_FACTS, position)
    elif kind == "game":
        row[DEALER] = None if record.get("dealer") is None else position(record["dealer"])
        row[KIND] = KIND_LABELS.get(entries.kind_of(record), str(record.get("type")))
        if record.get("solo"):
            row[SOLO] = SOLO_LABELS.get(str(record["solo"]), str(record["solo"]))
        if record.get("player") is not None:
            row[PLAYER] = position(record["player"])
        if record.get("quick") is not True:
            row[RE] = _positions(position(k) for k in record.get("re") or [])
            calls = record.get("calls") or {}
            row[RE_CALL] = RE_CALLS.get(str(calls.get("re")))
            row[KONTRA_CALL] = KONTRA_CALLS.get(str(calls.get("kontra")))
            row[EYES] = record.get("re_eyes")
            row[TRICKS] = record.get("re_tricks")
            specials = record.get("specials") or {}
            row[SPECIALS_RE] = _specials(specials.get("re") or {})
            row[SPECIALS_KONTRA] = _specials(specials.get("kontra") or {})
        row[PLUS] = _positions(sorted(plus)) or NOBODY
    return row


def names_hint(record: Mapping[str, Any], names: Mapping[str, str]) -> str | None:
    """The players a row names, by name, for the column :data:`NAMES_HINT`."""

    def name(key: Any) -> str:
        return names.get(str(key), str(key))

    parts = []
    kind = record.get("kind")
    if kind == "game":
        if record.get("dealer") is not None:
            parts.append(f"Geber: {name(record['dealer'])}")
        if record.get("player") is not None:
            parts.append(f"Solist/Hochzeiter: {name(record['player'])}")
        if record.get("quick") is not True and record.get("re"):
            parts.append("Re: " + ", ".join(name(k) for k in record["re"]))
    elif kind == "penalty":
        parts.append(f"Verursacher: {name(record.get('offender'))}")
        if record.get("soloist") is not None:
            parts.append(f"Solist: {name(record['soloist'])}")
    return " · ".join(parts) or None


def _positions(positions: Iterable[str | int]) -> str:
    return ", ".join(str(p) for p in positions)


def _specials(counts: Mapping[str, Any]) -> str | None:
    parts = []
    for key in SPECIALS:
        count = counts.get(key, 0)
        if isinstance(count, int) and count > 0:
            label = SPECIAL_LABELS[key]
            parts.append(label if count == 1 else f"{count} {label}")
    return ", ".join(parts) or None


def _facts(
    record: Mapping[str, Any],
    keys: Sequence[tuple[str, str]],
    position: Callable[[Any], str | int],
) -> str:
    parts = []
    for field_name, label in keys:
        if field_name not in record:
            continue
        value = record[field_name]
        if field_name in ("offender", "soloist"):
            text = str(position(value))
        elif field_name == "category":
            text = CATEGORY_LABELS.get(str(value), str(value))
        elif field_name == "solo_pflicht":
            text = PFLICHT_LABELS.get(value, str(value))
        elif isinstance(value, bool):
            text = YES if value else NO
        else:
            text = str(value)
        parts.append(f"{label}: {text}")
    return "; ".join(parts)


# ---------------------------------------------------------------------------- reading


@dataclass(frozen=True)
class TablePlayer:
    """A player of the table: ``name`` as registered, ``label`` as the app tells the player
    apart from others of the same name (``scorelists.names_of``; the name if nobody shares it)."""

    key: str
    position: int
    name: str
    label: str = ""

    @property
    def shown(self) -> str:
        return self.label or self.name


@dataclass
class ReadRow:
    """A spreadsheet row read as a list entry: the record, or why it cannot be one."""

    line: int
    number: int | None
    record: dict[str, Any] | None
    problems: list[str] = field(default_factory=list)
    # What the row says the engine must confirm: points per player (None: empty), the
    # positions with plus points (None: empty cell).
    points: tuple[int | None, ...] = ()
    plus: tuple[int, ...] | None = None
    # The running totals as the file has them, checked column by column: a whole number, the
    # text of a cell that is none, or None for an empty cell.
    totals: tuple[int | str | None, ...] = ()

    @property
    def needs_dealer(self) -> bool:
        return (
            self.record is not None
            and self.record["kind"] == "game"
            and not (self.record.get("dealer"))
        )


class CellProblem(ValueError):
    """A cell that cannot be read; the message names the cell and says what is wrong."""


def places(positions: Iterable[int]) -> str:
    """Positions as a message names them: "Platz 1, 3", or "keiner"."""
    listed = _positions(positions)
    return f"Platz {listed}" if listed else NOBODY


def _whole_or_text(value: Any) -> int | str | None:
    """A running total as the file has it: a whole number, or the text of a cell that is none."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    text = cell_text(value)
    if re.fullmatch(r"[+\-−]?[0-9]+", text):
        return int(text.replace("−", "-"))
    return text


def normalise(text: str) -> str:
    return " ".join(unicodedata.normalize("NFC", text).split()).casefold()


def call_key(text: str, calls: Mapping[str, str]) -> str | None:
    """The key of the call a cell's text names (its key or its label, „keine 90“ also written
    „keine90“), None if it names none of ``calls``."""
    folded = normalise(text).replace("keine ", "keine")
    for key, label in calls.items():
        if folded in (key, normalise(label).replace("keine ", "keine")):
            return key
    return None


class Reader:
    """Reads the rows of one table's list; ``ref(row, column)`` names a cell (e.g. "F14")."""

    def __init__(
        self,
        players: Sequence[TablePlayer],
        ref: Callable[[int, int], str],
        fixed: int = len(FIXED),
    ) -> None:
        self.players = list(players)
        self.ref = ref
        # How many columns stand before the players' points (more under another rule set).
        self.fixed = fixed
        self._by_name: dict[str, list[TablePlayer]] = {}
        for player in self.players:
            for written in dict.fromkeys((normalise(player.name), normalise(player.shown))):
                self._by_name.setdefault(written, []).append(player)
        self._by_position = {str(p.position): p for p in self.players}
        self.seats = ", ".join(f"{p.position} = {p.shown}" for p in self.players)

    def read(
        self, line: int, fixed: Sequence[Any], points: Sequence[Any], totals: Sequence[Any]
    ) -> ReadRow:
        """One row: ``fixed`` the cells under FIXED, ``points``/``totals`` per player."""
        problems: list[str] = []
        number = self._int_cell(line, NR, fixed[NR], problems, low=1, high=99)
        read_points = tuple(
            self._int_cell(line, self.fixed + i, value, problems) for i, value in enumerate(points)
        )
        read_totals = tuple(_whole_or_text(value) for value in totals)
        record: dict[str, Any] | None = None
        plus: tuple[int, ...] | None = None
        try:
            kind = cell_text(fixed[KIND])
            if not kind:
                raise CellProblem(
                    f"{self.ref(line, KIND + 1)}: bitte die Spielart angeben (z. B. Normalspiel, "
                    "Pflichtsolo, Strafe)"
                )
            plus = self._plus(line, fixed[PLUS])
            record = self._record(line, kind, fixed, read_points, plus)
        except CellProblem as problem:
            problems.append(str(problem))
            record = None
        return ReadRow(line, number, record, problems, read_points, plus, read_totals)

    # -- one entry

    def _record(
        self,
        line: int,
        kind: str,
        fixed: Sequence[Any],
        points: tuple[int | None, ...],
        plus: tuple[int, ...] | None,
    ) -> dict[str, Any]:
        folded = normalise(kind)
        if folded == normalise(PENALTY) or folded.startswith("strafe"):
            return self._facts_record(line, "penalty", fixed[FACTS], PENALTY_FACTS)
        if folded == normalise(EXTENSION):
            return self._facts_record(line, "nachspielzeit", fixed[FACTS], EXTENSION_FACTS)
        if folded == normalise(TIME_UP):
            return self._facts_record(line, "time_up", fixed[FACTS], TIME_UP_FACTS)
        game_kind = next((k for k, v in KIND_LABELS.items() if normalise(v) == folded), None)
        if game_kind is None:
            known = ", ".join([*KIND_LABELS.values(), PENALTY, EXTENSION, TIME_UP])
            raise CellProblem(f"{self.ref(line, KIND + 1)}: „{kind}“ ist keine Spielart ({known})")
        dealer = self._player(line, DEALER, fixed[DEALER], required=False)
        detailed = fixed[EYES] is not None and fixed[EYES] != ""
        solo = self._solo(line, fixed[SOLO], game_kind, required=detailed)
        player = self._player(line, PLAYER, fixed[PLAYER], required=False)
        if not detailed:
            record = self._quick(line, game_kind, points, plus, player)
        else:
            record = self._detailed(line, game_kind, fixed, solo, player)
        if dealer is not None:
            record["dealer"] = dealer
        return record

    def _quick(
        self,
        line: int,
        game_kind: str,
        points: tuple[int | None, ...],
        plus: tuple[int, ...] | None,
        player: str | None,
    ) -> dict[str, Any]:
        missing = [p for p, value in zip(self.players, points, strict=True) if value is None]
        if missing:
            column = self.fixed + self.players.index(missing[0]) + 1
            raise CellProblem(
                list_cell(
                    ListCell.POINTS_MISSING,
                    ref=self.ref(line, column),
                    positions=_positions(p.position for p in missing),
                )
            )
        ref = self.ref(line, PLUS + 1)
        if plus is None:
            raise CellProblem(list_cell(ListCell.PLUS_MISSING, ref=ref))
        having = tuple(p.position for p, v in zip(self.players, points, strict=True) if v and v > 0)
        if plus != having:
            raise CellProblem(
                list_cell(
                    ListCell.PLUS_NOT_THE_POINTS,
                    ref=ref,
                    written=places(plus),
                    plus=places(having),
                )
            )
        by_position = {p.position: p.key for p in self.players}
        return entries.quick_game(
            kind=game_kind,
            points={p.key: int(v or 0) for p, v in zip(self.players, points, strict=True)},
            winners=[by_position[w] for w in plus],
            player=player,
        )

    def _detailed(
        self, line: int, game_kind: str, fixed: Sequence[Any], solo: str | None, player: str | None
    ) -> dict[str, Any]:
        re_party = self._players(line, RE, fixed[RE])
        if not re_party:
            if player is None:
                raise CellProblem(
                    f"{self.ref(line, RE + 1)}: bitte die Re-Partei angeben (bei einem Solo "
                    "oder einer Hochzeit allein den Spieler unter Solist/Hochzeiter)"
                )
            re_party = [player]
        eyes = self._int_cell(line, EYES, fixed[EYES], [], low=0, high=240, required=True)
        assert eyes is not None
        tricks_problems: list[str] = []
        tricks = self._int_cell(line, TRICKS, fixed[TRICKS], tricks_problems, low=0, high=12)
        if tricks_problems:
            raise CellProblem(tricks_problems[0])
        specials = {
            "re": self._specials(line, SPECIALS_RE, fixed[SPECIALS_RE]),
            "kontra": self._specials(line, SPECIALS_KONTRA, fixed[SPECIALS_KONTRA]),
        }
        record = entries.game(
            kind=game_kind,
            re=re_party,
            re_eyes=eyes,
            solo=solo,
            player=player,
            re_call=self._call(line, RE_CALL, fixed[RE_CALL], RE_CALLS),
            kontra_call=self._call(line, KONTRA_CALL, fixed[KONTRA_CALL], KONTRA_CALLS),
            specials=specials,
        )
        if tricks is not None:
            record["re_tricks"] = tricks
        return record

    def _facts_record(
        self, line: int, kind: str, value: Any, keys: Sequence[tuple[str, str]]
    ) -> dict[str, Any]:
        ref = self.ref(line, FACTS + 1)
        labels = {normalise(label): name for name, label in keys}
        text = cell_text(value)
        found: dict[str, str] = {}
        if text:
            # A fact of free text is written last: the rest of the cell, whatever it holds.
            free = "|".join(re.escape(label) for name, label in keys if name in FREE_TEXT)
            rest = (
                re.search(rf"(?:^|;)\s*({free})\s*:", text, flags=re.IGNORECASE) if free else None
            )
            if rest is not None:
                found[labels[normalise(rest.group(1))]] = text[rest.end() :].strip()
                text = text[: rest.start()]
            pattern = "|".join(re.escape(label) for _, label in keys)
            parts = re.split(rf";\s*(?=(?:{pattern})\s*:)", text, flags=re.IGNORECASE)
            for part in parts if text.strip() else ():
                label, colon, content = part.partition(":")
                name = labels.get(normalise(label))
                if not colon or name is None:
                    allowed = ", ".join(label for _, label in keys)
                    raise CellProblem(
                        f"{ref}: „{part.strip()}“ ist keine Angabe; erwartet „Schlüssel: Wert“ "
                        f"getrennt durch „;“ mit den Schlüsseln {allowed}"
                    )
                found[name] = content.strip()
        record: dict[str, Any] = {"kind": kind}
        if kind == "nachspielzeit":
            record["minutes"] = self._whole(ref, "Minuten", found.get("minutes"))
            record["reason"] = found.get("reason", "")
            return record
        if kind == "time_up":
            record["being_dealt"] = self._yes_no(
                ref, "Spiel wurde gegeben", found.get("being_dealt", NO)
            )
            return record
        category = found.get("category")
        codes = {normalise(v): k for k, v in CATEGORY_LABELS.items()} | {
            k: k for k in CATEGORY_LABELS
        }
        if category is None or normalise(category) not in codes:
            raise CellProblem(
                f"{ref}: Kategorie der Strafe fehlt oder ist unbekannt („{category or ''}“; "
                f"möglich: {', '.join(CATEGORY_LABELS.values())}; TSR 9)"
            )
        offender = self._player_text(ref, found.get("offender"), required=True)
        assert offender is not None
        phase = found.get("phase", "normal")
        if phase not in PHASES:
            raise CellProblem(
                f"{ref}: Phase „{phase}“ ist unbekannt ({', '.join(PHASES)}; TSR 9.6)"
            )
        pflicht_codes: dict[str, bool | str] = {normalise(v): k for k, v in PFLICHT_LABELS.items()}
        solo_pflicht: bool | str | None = None
        if "solo_pflicht" in found:
            folded = normalise(found["solo_pflicht"])
            if folded not in pflicht_codes:
                raise CellProblem(
                    f"{ref}: Solo „{found['solo_pflicht']}“: erwartet "
                    f"{', '.join(PFLICHT_LABELS.values())}"
                )
            solo_pflicht = pflicht_codes[folded]
        record = entries.penalty(
            category=codes[normalise(category)],
            offender=offender,
            phase=phase,
            soloist=self._player_text(ref, found.get("soloist"), required=False),
            absagen=self._whole(ref, "Absagen", found.get("absagen", "0")),
            harms_soloist=self._yes_no(ref, "schadet Solist", found.get("harms_soloist", NO)),
            deduction=self._whole(ref, "Abzug", found.get("deduction", "0")),
            solo_pflicht=solo_pflicht,
            note=found.get("note", ""),
        )
        if found.get("signed_by"):
            record["signed_by"] = found["signed_by"]
        return record

    # -- cells

    def _int_cell(
        self,
        line: int,
        column: int,
        value: Any,
        problems: list[str],
        *,
        low: int = -(10**6),
        high: int = 10**6,
        required: bool = False,
    ) -> int | None:
        ref = self.ref(line, column + 1)
        if value is None or (isinstance(value, str) and not value.strip()):
            if required:
                raise CellProblem(f"{ref}: bitte eine Zahl eintragen")
            return None
        number: int | None = None
        if isinstance(value, bool):
            number = None
        elif isinstance(value, int):
            number = value
        elif isinstance(value, float) and value.is_integer():
            number = int(value)
        elif isinstance(value, str) and re.fullmatch(r"\s*[+-−]?\d+\s*", value):
            number = int(value.strip().replace("−", "-"))
        if number is None:
            message = f"{ref}: „{value}“ ist keine ganze Zahl"
        elif not low <= number <= high:
            message = f"{ref}: {number} liegt nicht zwischen {low} und {high}"
        else:
            return number
        if required:
            raise CellProblem(message)
        problems.append(message)
        return None

    def _whole(self, ref: str, label: str, text: str | None) -> int:
        if text is None or not re.fullmatch(r"\d+", text.strip()):
            raise CellProblem(f"{ref}: {label}: „{text or ''}“ ist keine ganze Zahl")
        return int(text)

    def _yes_no(self, ref: str, label: str, text: str) -> bool:
        folded = normalise(text)
        if folded not in (YES, NO):
            raise CellProblem(f"{ref}: {label}: „{text}“, erwartet ja oder nein")
        return folded == YES

    def _player(self, line: int, column: int, value: Any, *, required: bool) -> str | None:
        return self._player_text(self.ref(line, column + 1), cell_text(value), required=required)

    def _player_text(self, ref: str, text: str | None, *, required: bool) -> str | None:
        """A player of this table by position number, or by name when no other player at the
        table has that name; a near miss is suggested."""
        text = (text or "").strip()
        if not text:
            if required:
                raise CellProblem(f"{ref}: bitte einen Spieler des Tisches angeben")
            return None
        if re.fullmatch(r"[0-9]+", text):
            return self._at_position(ref, text).key
        found = self._by_name.get(normalise(text), [])
        if len(found) == 1:
            return found[0].key
        if found:
            raise CellProblem(
                list_cell(
                    ListCell.NAMESAKES,
                    ref=ref,
                    text=text,
                    positions=_positions(p.position for p in found),
                )
            )
        close = difflib.get_close_matches(normalise(text), list(self._by_name), n=1, cutoff=0.6)
        hint = f" – meinten Sie {self._by_name[close[0]][0].shown}?" if close else ""
        names = ", ".join(p.shown for p in self.players)
        raise CellProblem(f"{ref}: „{text}“ sitzt nicht an diesem Tisch ({names}){hint}")

    def _at_position(self, ref: str, text: str) -> TablePlayer:
        player = self._by_position.get(text.lstrip("0") or "0")
        if player is None:
            raise CellProblem(
                list_cell(ListCell.NOT_A_POSITION, ref=ref, text=text, seats=self.seats)
            )
        return player

    def _position_list(self, ref: str, value: Any, code: ListCell) -> tuple[int, ...] | None:
        """The positions a cell lists, in its order ("1, 3", "1 3", "13"; a spreadsheet may have
        turned "1,3" into the number 1.3); ``code`` says what else the cell may not hold."""
        text = cell_text(value)
        if not text:
            return None
        if not re.fullmatch(r"[0-9 ,;/.+&]+", text) or not re.search(r"[0-9]", text):
            raise CellProblem(list_cell(code, ref=ref, text=text, seats=self.seats))
        players = [self._at_position(ref, digit) for digit in re.findall(r"[0-9]", text)]
        return tuple(dict.fromkeys(p.position for p in players))

    def _players(self, line: int, column: int, value: Any) -> list[str]:
        """The Re party: position numbers only (names may hold any separator)."""
        positions = self._position_list(
            self.ref(line, column + 1), value, ListCell.RE_NOT_POSITIONS
        )
        by_position = {p.position: p.key for p in self.players}
        return [by_position[p] for p in positions or ()]

    def _plus(self, line: int, value: Any) -> tuple[int, ...] | None:
        """The positions of the players with plus points (TSR 7.3.3); () for "keiner"."""
        text = cell_text(value)
        if normalise(text) in (NOBODY, "niemand", "-"):
            return ()
        found = self._position_list(self.ref(line, PLUS + 1), text, ListCell.PLUS_NOT_POSITIONS)
        return None if found is None else tuple(sorted(found))

    def _solo(self, line: int, value: Any, game_kind: str, *, required: bool) -> str | None:
        """The solo type: needed to score a solo in detail, optional for one in points."""
        text = cell_text(value)
        ref = self.ref(line, SOLO + 1)
        is_solo = entries.KINDS[game_kind][0] == "solo"
        if not text:
            if is_solo and required:
                raise CellProblem(
                    f"{ref}: bitte angeben, welches Solo gespielt wurde "
                    f"({', '.join(SOLO_LABELS.values())}; TSR 2.3)"
                )
            return None
        if not is_solo:
            raise CellProblem(f"{ref}: „{text}“ – ein Solo-Typ nur bei einem Solo")
        folded = normalise(text).replace("-", " ").removesuffix("solo").strip()
        for key, label in SOLO_LABELS.items():
            plain = normalise(label).replace("-", " ").removesuffix("solo").strip()
            if folded in (key, plain):
                return key
        raise CellProblem(
            f"{ref}: „{text}“ ist kein Solo ({', '.join(SOLO_LABELS.values())}; TSR 2.3)"
        )

    def _call(self, line: int, column: int, value: Any, calls: Mapping[str, str]) -> str | None:
        text = cell_text(value)
        if not text:
            return None
        key = call_key(text, calls)
        if key is not None:
            return key
        raise CellProblem(
            f"{self.ref(line, column + 1)}: „{text}“ ist keine Ansage "
            f"({', '.join(calls.values())}; TSR 6)"
        )

    def _specials(self, line: int, column: int, value: Any) -> dict[str, int]:
        text = cell_text(value)
        counts = dict.fromkeys(SPECIALS, 0)
        if not text:
            return counts
        for part in re.split(r"[,;]", text):
            found = re.fullmatch(r"\s*(?:(\d+)\s*[x×]?\s*)?([^\d\s].*?)\s*", part)
            label = normalise(found.group(2)) if found else ""
            key = next(
                (k for k, v in SPECIAL_LABELS.items() if label in (k, normalise(v), "füchse")),
                None,
            )
            if found is None or key is None:
                raise CellProblem(
                    f"{self.ref(line, column + 1)}: „{part.strip()}“ ist kein Sonderpunkt "
                    "(z. B. „Doppelkopf, 2 Fuchs, Karlchen“; TSR 7.2.3)"
                )
            if label == "füchse":
                key = "fuchs"
            counts[key] += int(found.group(1) or 1)
        return counts
