"""LibreOffice Calc as a test tool: open a spreadsheet in a real spreadsheet program and save
it again, so that its formulas are computed (read the result with openpyxl ``data_only=True``).

Every call starts ``libreoffice --headless`` with a user profile of its own in a temporary
folder (no interference with a running LibreOffice or another test), converts the files and
returns the saved files' bytes. One start takes about one to two seconds; pass several files to
:func:`convert_all` to convert them with one start. Without LibreOffice the calling test fails
and says what to install (``make test`` installs it): these tests are never skipped silently.
"""

from __future__ import annotations

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
