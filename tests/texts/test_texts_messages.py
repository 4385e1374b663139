"""The app's own German sentences by code: refusals, notices and parts of sentences
(tournament/texts/messages.py), and why an uploaded file is refused
(tournament/texts/spreadsheets.py).

Every code has a German template; every template's placeholders are filled by a rendering;
``ServiceError`` carries its code, parameters and field; and no service or route writes a
German sentence of its own any more: a sentence built elsewhere (the engine's findings, the
draw) is passed on by name, never written in place.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Mapping
from enum import Enum
from pathlib import Path
from typing import Any

import pytest

from tournament.domain.errors import ServiceError, SpreadsheetError, StaleError
from tournament.texts import Notice, Part, Refusal, counted, notice, part, refusal_text
from tournament.texts.messages import (
    COUNT_NOUNS,
    GERMAN_NOTICES,
    GERMAN_PARTS,
    GERMAN_REFUSALS,
    placeholders,
)
from tournament.texts.spreadsheets import (
    GERMAN_FILE_PARTS,
    GERMAN_FILE_PROBLEMS,
    NOTHING_CHANGED,
    FilePart,
    FileProblem,
    file_part,
    file_problem,
)

ROOT = Path(__file__).resolve().parents[2] / "tournament"

#: Calls that must be given a code (a Refusal, a FileProblem, or a notice() for flash), not a
#: sentence.
SCANNED = {
    "ServiceError",
    "ServiceError.sentence",
    "AccountError",
    "SpreadsheetError",
    "flash",
}


def _sample(template: str) -> dict[str, Any]:
    """A value for every placeholder: counts for counted nouns, lists for joined ones."""
    params: dict[str, Any] = {}
    for name, (conversion, spec) in placeholders(template).items():
        if spec in COUNT_NOUNS:
            params[name] = 3
        elif conversion in ("l", "w", "u"):
            params[name] = [f"<{name} 1>", f"<{name} 2>"]
        else:
            params[name] = f"<{name}>"
    return params


CATALOGUES: list[tuple[type[Enum], Mapping[Any, str]]] = [
    (Refusal, GERMAN_REFUSALS),
    (Notice, GERMAN_NOTICES),
    (Part, GERMAN_PARTS),
    (FileProblem, GERMAN_FILE_PROBLEMS),
    (FilePart, GERMAN_FILE_PARTS),
]


def _codes() -> Iterator[tuple[Enum, str]]:
    for _, german in CATALOGUES:
        yield from german.items()


def _render(code: Enum, /, **params: Any) -> str:
    if isinstance(code, Refusal):
        return refusal_text(code, **params)
    if isinstance(code, Part):
        return part(code, **params)
    if isinstance(code, FileProblem):
        return file_problem(code, **params)
    if isinstance(code, FilePart):
        return file_part(code, **params)
    assert isinstance(code, Notice)
    return notice(code, **params)


@pytest.mark.parametrize(("enum", "german"), CATALOGUES)
def test_every_code_has_a_german_template(enum: type[Enum], german: Mapping[Enum, str]) -> None:
    assert set(german) == set(enum)
    for code in enum:
        assert re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)*", code.value), code
        assert german[code].strip(), code


@pytest.mark.parametrize(("code", "template"), [pytest.param(c, t, id=str(c)) for c, t in _codes()])
def test_every_placeholder_is_filled(code: Enum, template: str) -> None:
    params = _sample(template)
    assert "field" not in params  # ServiceError's own keyword
    text = _render(code, **params)
    assert text.strip()
    for name, value in params.items():
        if isinstance(value, list):
            assert all(item in text for item in value), (code, name)
        elif isinstance(value, str):
            assert value in text, (code, name)
    for name in params:
        fewer = {key: value for key, value in params.items() if key != name}
        with pytest.raises(KeyError):
            _render(code, **fewer)


def test_counts_and_lists_read_as_before() -> None:
    assert counted(1, "Runden") == "1 Runde"
    assert counted(0, "Runden") == "0 Runden"
    assert counted(1, "Listen") == "1 Liste"
    assert counted(2, "Listen") == "2 Listen"
    assert counted(0, "wiederholte Begegnungen") == "keine wiederholten Begegnungen"
    assert counted(1, "wiederholte Begegnungen") == "1 wiederholte Begegnung"
    assert counted(4, "wiederholte Begegnungen") == "4 wiederholte Begegnungen"
    assert refusal_text(Refusal.ALL_ROUNDS_DRAWN, planned=1).startswith(
        "Das Turnier hat 1 Runde; alle sind ausgelost."
    )
    assert (
        refusal_text(Refusal.SEATING_WRONG, round=2, problems=["A hat keinen Platz", "B ..."])
        == "Runde 2 kann so nicht beginnen: A hat keinen Platz; B .... Bitte neu auslosen."
    )
    assert notice(Notice.NOT_DONE, errors=["Eins.", "Zwei."]) == "Nicht ausgeführt: Eins. Zwei."
    assert (
        notice(Notice.ROUND_DRAWN, round=3, seed=42, repeats=0)
        == "Runde 3 ist ausgelost (Startwert 42, keine wiederholten Begegnungen)."
    )
    assert notice(Notice.LISTS_IMPORTED, stored=1) == (
        "1 Liste eingelesen und von der Regelprüfung bestätigt."
    )


def test_parts_read_as_before() -> None:
    assert part(Part.GAMES_MISSING, table=2, left=1) == "Tisch 2: 1 Spiel fehlt noch"
    assert part(Part.GAMES_MISSING, table=2, left=5) == "Tisch 2: 5 Spiele fehlen noch"
    assert part(Part.PASTED_LINE, line=3, name=part(Part.NAMELESS), problem="x") == (
        "Zeile 3: (leer) x"
    )
    assert file_problem(
        FileProblem.COLUMN_TWICE,
        name="„a“",
        sheet="S",
        label="Name",
        cells=[
            "A1 („Name“)",
            "B1 („Spieler“)",
        ],
    ) == (
        "Die Datei „a“ hat im Blatt „S“ mehr als eine Spalte für Name: A1 („Name“) und "
        "B1 („Spieler“). Bitte eine davon umbenennen oder löschen."
    )


@pytest.mark.parametrize("problem", list(FileProblem))
def test_a_refused_file_says_nothing_was_changed(problem: FileProblem) -> None:
    params = _sample(GERMAN_FILE_PROBLEMS[problem])
    error = SpreadsheetError(problem, field="datei", **params)
    assert isinstance(error, ServiceError)
    assert error.problem is problem
    assert error.problem_params == params
    assert error.field == "datei"
    assert str(error) == f"{file_problem(problem, **params)} {NOTHING_CHANGED}"
    assert NOTHING_CHANGED not in GERMAN_FILE_PROBLEMS[problem]


def test_a_parameter_is_not_read_as_a_template() -> None:
    assert refusal_text(Refusal.NAME_PROBLEM, name="{x}", problem="hat {y}") == "{x} hat {y}."


def test_service_error_carries_code_params_and_field() -> None:
    error = ServiceError(Refusal.NO_SUCH_ENTRY, field="entry", entry=7)
    assert error.code is Refusal.NO_SUCH_ENTRY
    assert error.params == {"entry": 7}
    assert error.field == "entry"
    assert str(error) == "Die Liste hat keinen Eintrag 7."


def test_a_sentence_built_elsewhere() -> None:
    for error in (
        ServiceError("Ein fertiger Satz.", field="name"),
        ServiceError.sentence("Ein fertiger Satz.", field="name"),
    ):
        assert error.code is Refusal.SENTENCE
        assert error.params == {"text": "Ein fertiger Satz."}
        assert error.field == "name"
        assert str(error) == "Ein fertiger Satz."


def test_stale_error_has_its_code() -> None:
    error = StaleError()
    assert error.code is Refusal.STALE
    assert error.field is None
    assert str(error).startswith("Diese Seite war nicht mehr aktuell:")


def _called(node: ast.Call) -> str | None:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        owner = func.value
        if func.attr == "sentence" and isinstance(owner, ast.Name):
            return f"{owner.id}.sentence"
        return func.attr
    return None


def _is_literal(node: ast.expr) -> bool:
    """A sentence written in place: a string, an f-string, or one of them concatenated."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _is_literal(node.left) or _is_literal(node.right)
    return False


def _literal_sentences(source: str) -> list[str]:
    """``line: name`` of every call to ServiceError, SpreadsheetError or flash with a sentence
    written in place."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        name = _called(node)
        if name in SCANNED and _is_literal(node.args[0]):
            found.append(f"{node.lineno}: {name}")
    return found


def test_no_service_or_route_writes_its_own_sentence() -> None:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        calls = _literal_sentences(path.read_text(encoding="utf-8"))
        found += [f"tournament/{relative}:{call}" for call in calls]
    assert found == []


def test_the_scan_finds_a_sentence() -> None:
    source = (
        "def f(n):\n"
        "    flash('Gespeichert.', 'success')\n"
        "    flash(f'Runde {n} läuft.')\n"
        "    flash(notice(Notice.SAVED), 'success')\n"
        "    raise ServiceError('Nein.' + str(n))\n"
        "def g(n):\n"
        "    raise ServiceError(f'Runde {n}')\n"
        "    raise ServiceError.sentence('Fertig.')\n"
        "    raise ServiceError(Refusal.SENTENCE, text=n)\n"
        "    raise SpreadsheetError(f'Die Datei {n} ist leer.')\n"
        "    raise SpreadsheetError(FileProblem.EMPTY_FILE, name=n)\n"
    )
    assert _literal_sentences(source) == [
        "2: flash",
        "3: flash",
        "5: ServiceError",
        "7: ServiceError",
        "8: ServiceError.sentence",
        "10: SpreadsheetError",
    ]
