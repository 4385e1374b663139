"""The layers of tournament/ (docs/architecture.md) are the import-linter contracts in
pyproject.toml: they hold on the tree, and an import that runs against them breaks them.

Each case copies the Python files of the three packages into a temporary folder, adds one
import there, and runs ``lint-imports`` on the copy (the copy first on the path).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("tournament", "rules_engine", "table_draw")
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"


def lint_imports(folder: Path) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(folder)}
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-logo", "--no-cache"],
        cwd=folder,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )


def copy_of_the_tree(folder: Path) -> Path:
    for package in PACKAGES:
        for source in (ROOT / package).rglob("*.py"):
            target = folder / source.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
    shutil.copyfile(ROOT / "pyproject.toml", folder / "pyproject.toml")
    return folder


def test_the_tree_keeps_its_layers() -> None:
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_the_copy_keeps_them_too(tmp_path: Path) -> None:
    """The copy the cases below change is checked as it is: only the added import breaks it."""
    result = lint_imports(copy_of_the_tree(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr


LAYERS = "tournament/ in layers"
ENGINE = "The rules engine and the table draw know nothing of the app"
SERVICES = "No service imports routes or the web layer"
CIRCLES = "No circle of imports"


def broken_contracts(report: str) -> list[str]:
    return [line for line in report.splitlines() if "BROKEN" in line]


@pytest.mark.parametrize(
    ("module", "added", "contract"),
    [
        ("tournament/models.py", "import tournament.accounts.service", LAYERS),
        # one feature uses another one beside it
        ("tournament/publish/routes.py", "import tournament.accounts.service", LAYERS),
        ("tournament/domain/names.py", "import tournament.web.forms", LAYERS),
        ("tournament/web/lookups.py", "import tournament.tournaments.routes", LAYERS),
        ("rules_engine/__init__.py", "import tournament.models", ENGINE),
        ("tournament/accounts/service.py", "import tournament.web.access", SERVICES),
        ("tournament/domain/standings.py", "import tournament.standings.routes", SERVICES),
        # two modules of the domain import each other
        ("tournament/domain/errors.py", "import tournament.domain.tournaments", CIRCLES),
    ],
)
def test_an_import_against_the_layers_breaks_the_contract(
    tmp_path: Path, module: str, added: str, contract: str
) -> None:
    tree = copy_of_the_tree(tmp_path)
    path = tree / module
    path.write_text(f"{path.read_text(encoding='utf-8')}\n{added}  # noqa\n", encoding="utf-8")
    result = lint_imports(tree)
    assert result.returncode == 1, result.stdout + result.stderr
    assert any(line.startswith(contract) for line in broken_contracts(result.stdout))
    importer = module.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
    imported = added.removeprefix("import ")
    if contract == CIRCLES:  # the report names the import that would break the circle
        assert f"No cycles are allowed in {imported.rpartition('.')[0]}." in result.stdout
    else:
        assert f"{importer} -> {imported}" in result.stdout
