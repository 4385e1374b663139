"""The app's own German sentences (tournament/texts/app.py): refusals and notices by code.

Every code has a German template; every template's placeholders are filled by a rendering;
``ServiceError`` carries its code, parameters and field; and no service or route writes a
German sentence of its own any more (apart from the files reserved for the engine's and the
draw's sentences).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Mapping
from enum import Enum
from pathlib import Path
from typing import Any

import pytest

from tournament.texts import (
    GERMAN_NOTICES,
    GERMAN_REFUSALS,
    Notice,
    Refusal,
    counted,
    notice,
    refusal_text,
)
from tournament.texts.app import placeholders
from tournament.web.errors import ServiceError, StaleError

ROOT = Path(__file__).resolve().parent.parent / "tournament"

#: Files whose sentences are built elsewhere (engine findings, the draw): not scanned, or
#: only outside the named functions.
RESERVED_FILES = {"scorelists/refusals.py", "scorelists/store.py", "scorelists/list_page.py"}
RESERVED_FUNCTIONS = {
    "excel/imports.py": {"_check", "_notes", "_entry_of", "_at"},
    "rounds/service.py": {"_draw_into", "_german"},
}

#: Calls that must be given a code (a Refusal, or a notice() for flash), not a sentence.
SCANNED = {"ServiceError", "ServiceError.sentence", "AccountError", "flash"}

COUNT_SPECS = {"Runden", "Listen", "wiederholte Begegnungen"}


def _sample(template: str) -> dict[str, Any]:
    """A value for every placeholder: counts for counted nouns, lists for joined ones."""
    params: dict[str, Any] = {}
    for name, (conversion, spec) in placeholders(template).items():
        if spec in COUNT_SPECS:
            params[name] = 3
        elif conversion in ("l", "w"):
            params[name] = [f"<{name} 1>", f"<{name} 2>"]
        else:
            params[name] = f"<{name}>"
    return params


def _codes() -> Iterator[tuple[Enum, str]]:
    yield from GERMAN_REFUSALS.items()
    yield from GERMAN_NOTICES.items()


def _render(code: Enum, /, **params: Any) -> str:
    if isinstance(code, Refusal):
        return refusal_text(code, **params)
    assert isinstance(code, Notice)
    return notice(code, **params)


@pytest.mark.parametrize(("enum", "german"), [(Refusal, GERMAN_REFUSALS), (Notice, GERMAN_NOTICES)])
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


def _literal_sentences(source: str, skip: set[str]) -> list[str]:
    """``line: name`` of every call to ServiceError or flash with a sentence written in place,
    outside the functions named in ``skip``."""
    tree = ast.parse(source)
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name in skip:
            skipped.update(id(inner) for inner in ast.walk(node))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or id(node) in skipped or not node.args:
            continue
        name = _called(node)
        if name in SCANNED and _is_literal(node.args[0]):
            found.append(f"{node.lineno}: {name}")
    return found


def test_no_service_or_route_writes_its_own_sentence() -> None:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if relative in RESERVED_FILES:
            continue
        skip = RESERVED_FUNCTIONS.get(relative, set())
        calls = _literal_sentences(path.read_text(encoding="utf-8"), skip)
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
    )
    assert _literal_sentences(source, set()) == [
        "2: flash",
        "3: flash",
        "5: ServiceError",
        "7: ServiceError",
        "8: ServiceError.sentence",
    ]
    assert _literal_sentences(source, {"g"}) == ["2: flash", "3: flash", "5: ServiceError"]
