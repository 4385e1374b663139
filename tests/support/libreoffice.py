"""LibreOffice Calc as a test tool: open a spreadsheet in a real spreadsheet program and save
it again, so that its formulas are computed (read the result with openpyxl ``data_only=True``).

Every call starts ``libreoffice --headless`` with a user profile of its own in a temporary
folder (no interference with a running LibreOffice or another test), converts the files and
returns the saved files' bytes. One start takes about one to two seconds; pass several files to
:func:`convert_all` to convert them with one start. Without LibreOffice the calling test fails
and says what to install (``make test`` installs it): these tests are never skipped silently.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

TIMEOUT = 180  # seconds for one LibreOffice start, however many files it converts
INSTALL_HINT = (
    "LibreOffice is not installed: the command `libreoffice` was not found. Install the "
    "Debian package libreoffice-calc (`apt-get install libreoffice-calc`; `make test` does)."
)
# "Speichern unter … Text CSV" as a German user does it: ';' between fields, '"' around
# text, and the character set by its LibreOffice number (76: UTF-8, 1: Windows-1252).
CSV = "csv:Text - txt - csv (StarCalc):59,34,76"
CSV_WINDOWS = "csv:Text - txt - csv (StarCalc):59,34,1"
# (what was converted, seconds) of every call, for the tests to report.
timings: list[tuple[str, float]] = []


def binary() -> str:
    """The LibreOffice command; fails the calling test if there is none."""
    found = shutil.which("libreoffice") or shutil.which("soffice")
    if found is None:
        pytest.fail(INSTALL_HINT, pytrace=False)
    return found


def convert(data: bytes, suffix: str = "xlsx") -> bytes:
    """``data`` (a file ending in ``suffix``) opened and saved as .xlsx by LibreOffice."""
    return convert_all([data], suffix)[0]


def convert_all(files: Sequence[bytes], suffix: str = "xlsx", to: str = "xlsx") -> list[bytes]:
    """Every file opened and saved by one LibreOffice start, in the given order: as .xlsx, or
    in the format ``to`` names as LibreOffice's ``--convert-to`` takes it (e.g. :data:`CSV`)."""
    command = binary()
    with tempfile.TemporaryDirectory(prefix="doko-libreoffice-") as folder:
        root = Path(folder)
        sources, output = root / "in", root / "out"
        sources.mkdir()
        output.mkdir()
        paths = []
        for number, data in enumerate(files, start=1):
            path = sources / f"file{number}.{suffix}"
            path.write_bytes(data)
            paths.append(path)
        arguments = [
            command,
            "--headless",
            "--norestore",
            f"-env:UserInstallation={(root / 'profile').as_uri()}",
            "--convert-to",
            to,
            "--outdir",
            str(output),
            *(str(p) for p in paths),
        ]
        started = time.perf_counter()
        try:
            done = subprocess.run(arguments, capture_output=True, text=True, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            pytest.fail(
                f"LibreOffice did not finish converting {len(paths)} file(s) in {TIMEOUT} s",
                pytrace=False,
            )
        timings.append((f"{len(paths)} file(s)", time.perf_counter() - started))
        extension = to.split(":", 1)[0]
        results = [output / f"{path.stem}.{extension}" for path in paths]
        missing = [path.name for path in results if not path.is_file()]
        if done.returncode != 0 or missing:
            pytest.fail(
                f"LibreOffice failed (exit code {done.returncode}; not written: "
                f"{', '.join(missing) or 'none'})\nstdout: {done.stdout}\nstderr: {done.stderr}",
                pytrace=False,
            )
        return [path.read_bytes() for path in results]


# LibreOffice's own Python bridge (Debian's python3-uno, installed with LibreOffice).
UNO_PYTHON = "/usr/bin/python3"
UNO_HINT = (
    "LibreOffice's Python bridge is missing: `/usr/bin/python3 -c 'import uno'` fails. Install "
    "the Debian package python3-uno (it comes with libreoffice-calc)."
)


def insert_rows(
    data: bytes, insertions: Sequence[tuple[int, Sequence[dict[int, object]]]]
) -> bytes:
    """The .xlsx ``data`` with rows inserted by LibreOffice Calc as a user inserts them, on its
    first sheet: each ``(before, rows)`` inserts ``len(rows)`` rows above row ``before`` (as the
    sheet stands then) and types each row's ``{column: value}`` into them; then Calc
    recomputes every formula and saves the file (``tests/support/libreoffice_rows.py``)."""
    command = binary()
    check = subprocess.run([UNO_PYTHON, "-c", "import uno"], capture_output=True)
    if check.returncode != 0:
        pytest.fail(UNO_HINT, pytrace=False)
    script = Path(__file__).with_name("libreoffice_rows.py")
    with tempfile.TemporaryDirectory(prefix="doko-libreoffice-") as folder:
        root = Path(folder)
        source, target = root / "in.xlsx", root / "out.xlsx"
        source.write_bytes(data)
        job = {
            "soffice": command,
            "profile": (root / "profile").as_uri(),
            "source": str(source),
            "target": str(target),
            "insert": [
                {"before": before, "rows": [{str(c): v for c, v in row.items()} for row in rows]}
                for before, rows in insertions
            ],
        }
        started = time.perf_counter()
        try:
            done = subprocess.run(
                [UNO_PYTHON, str(script)],
                input=json.dumps(job),
                capture_output=True,
                text=True,
                timeout=TIMEOUT,
            )
        except subprocess.TimeoutExpired:
            pytest.fail(f"LibreOffice did not insert the rows in {TIMEOUT} s", pytrace=False)
        timings.append(("rows inserted", time.perf_counter() - started))
        if done.returncode != 0 or not target.is_file():
            pytest.fail(
                f"LibreOffice failed to insert rows (exit code {done.returncode})\n"
                f"stdout: {done.stdout}\nstderr: {done.stderr}",
                pytrace=False,
            )
        return target.read_bytes()
