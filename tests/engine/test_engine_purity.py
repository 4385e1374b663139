"""The rules engine is standard library only: no Flask, SQLAlchemy, WTForms, openpyxl, ...

Checked twice: statically (every ``import`` in ``rules_engine/*.py``) and dynamically
(``import rules_engine`` in a fresh, isolated interpreter adds only standard-library modules).
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = "rules_engine"
ENGINE_DIR = Path(__file__).resolve().parents[2] / PACKAGE
SOURCES = sorted(ENGINE_DIR.glob("*.py"))
FORBIDDEN = ("flask", "flask_sqlalchemy", "sqlalchemy", "wtforms", "flask_wtf", "openpyxl")


def _top_level_imports(path: Path) -> set[str]:
    """Top-level module names of the absolute imports in a file (relative ones are the package)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_engine_sources_found() -> None:
    assert {"__init__.py", "cli.py", "records.py", "scoring.py"} <= {p.name for p in SOURCES}


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_imports_are_standard_library(path: Path) -> None:
    outside = {
        name
        for name in _top_level_imports(path)
        if name != PACKAGE and name not in sys.stdlib_module_names
    }
    assert not outside, f"{path.name} imports {sorted(outside)}, not the standard library"


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_no_dynamic_imports(path: Path) -> None:
    """``importlib.import_module`` / ``__import__`` would slip past the static check."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            assert name not in ("import_module", "__import__"), (
                f"{path.name}:{node.lineno} imports dynamically"
            )


_PROBE = """
import json, sys
sys.path.insert(0, sys.argv[1])
before = set(sys.modules)
import rules_engine
import rules_engine.cli
import rules_engine.simulate
main = sys.modules["__main__"]
# multiprocessing registers __main__ again as "__mp_main__": an alias, not a new module
new = sorted(n for n in set(sys.modules) - before if sys.modules[n] is not main)
print(json.dumps({"new": new, "file": rules_engine.__file__}))
"""


def test_import_in_fresh_interpreter_adds_only_stdlib_modules() -> None:
    done = subprocess.run(
        [sys.executable, "-I", "-c", _PROBE, str(ENGINE_DIR.parent)],
        cwd=ENGINE_DIR.parent,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    report = json.loads(done.stdout)
    assert Path(report["file"]).resolve().parent == ENGINE_DIR
    outside = sorted(
        {
            name
            for name in report["new"]
            if name.split(".")[0] not in sys.stdlib_module_names and name.split(".")[0] != PACKAGE
        }
    )
    assert not outside, f"importing {PACKAGE} loaded non-stdlib modules: {outside}"
    loaded = {name.split(".")[0] for name in report["new"]}
    assert not loaded & set(FORBIDDEN)
