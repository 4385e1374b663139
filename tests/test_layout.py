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


#: Page and context calls that change a browser tab for good; a test that makes one gets tabs
#: of its own instead of the module's kept ones (tests/browser/conftest.py, ``fresh_tabs``).
TAB_CHANGES = {
    "add_init_script",
    "emulate_media",
    "expose_binding",
    "expose_function",
    "grant_permissions",
    "route",
    "route_from_har",
    "set_extra_http_headers",
    "set_geolocation",
    "set_offline",
    "set_viewport_size",
}


#: The fixtures whose tabs are kept from test to test (tests/browser/conftest.py).
POOLED = {"devices", "leitung_phone"}


def _tab_changes(node: ast.AST) -> set[str]:
    return {
        call.func.attr
        for call in ast.walk(node)
        if isinstance(call, ast.Call)
        and isinstance(call.func, ast.Attribute)
        and call.func.attr in TAB_CHANGES
    }


def test_a_browser_test_that_changes_its_tabs_for_good_and_only_such_a_test_gets_fresh_ones() -> (
    None
):
    changing, marked, hidden = set(), set(), []
    for path in sorted((TESTS / "browser").glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        functions = [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)]
        if not any(arg.arg in POOLED for fn in functions for arg in fn.args.args):
            continue
        for node in tree.body:
            if not isinstance(node, ast.FunctionDef):
                continue
            name = f"{path.name}::{node.name}"
            if not node.name.startswith("test_"):
                if _tab_changes(node):
                    hidden.append(name)  # a helper would hide the change from this check
                continue
            if _tab_changes(node):
                changing.add(name)
            if any(ast.unparse(d) == "pytest.mark.fresh_tabs" for d in node.decorator_list):
                marked.add(name)
    assert hidden == []
    assert changing, "no test changes its tabs: the check would have nothing to find"
    assert sorted(changing - marked) == [], "change their tabs without @pytest.mark.fresh_tabs"
    assert sorted(marked - changing) == [], "marked fresh_tabs without changing their tabs"
