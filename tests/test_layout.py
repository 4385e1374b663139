"""The layout of the tests themselves (docs/development.md): every test module in a folder by
what it needs, no test module importing another or a conftest, and a root conftest that
leaves Flask alone until a test asks for an app."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
FOLDERS = {"engine", "draw", "texts", "app", "files", "server", "browser"}


def _imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_every_test_module_is_in_a_folder_of_what_it_needs() -> None:
    loose = [p.name for p in TESTS.glob("test_*.py") if p.name != Path(__file__).name]
    folders = {p.parent.name for p in TESTS.glob("*/test_*.py")}
    assert loose == []
    assert folders == FOLDERS
    assert list((TESTS / "support").glob("test_*.py")) == []


def test_no_module_imports_a_test_module_or_a_conftest() -> None:
    found = []
    for path in sorted(TESTS.rglob("*.py")):
        for name in _imported(path):
            last = name.rsplit(".", 1)[-1]
            if name.startswith("tests.") and (last.startswith("test_") or last == "conftest"):
                found.append(f"{path.relative_to(ROOT)}: {name}")
    assert found == []


def test_the_root_conftest_imports_no_part_of_the_web_app() -> None:
    script = (
        "import json, sys, tests.conftest; "
        "print(json.dumps(sorted(m for m in sys.modules "
        "if m.split('.')[0] in ('flask', 'flask_migrate', 'sqlalchemy', 'psycopg'))))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert json.loads(done.stdout) == []
