"""Rows inserted into a spreadsheet by LibreOffice Calc itself, as a user inserts them.

Run by :func:`tests.libreoffice.insert_rows` with the Python that has LibreOffice's ``uno``
module (Debian's ``/usr/bin/python3``; the package python3-uno comes with LibreOffice): it
starts ``soffice --headless`` listening on a pipe of its own, opens the file, inserts the
rows (Calc moves the cells below and widens every formula range the new rows fall into),
types the given values into them, recomputes and saves the file as .xlsx.

Reads a JSON job on stdin: ``{"soffice": command, "profile": folder URL, "source": path,
"target": path, "insert": [{"before": row, "rows": [{"column": value, ...}, ...]}, ...]}``,
rows and columns counted from 1, each insertion's ``before`` as the sheet stands then.
"""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import time
import uuid
from typing import Any

import uno  # type: ignore[import-not-found]  # only in the Python LibreOffice brings
from com.sun.star.beans import PropertyValue  # type: ignore[import-not-found]
from com.sun.star.connection import NoConnectException  # type: ignore[import-not-found]

CONNECT_SECONDS = 60


def _property(name: str, value: Any) -> Any:
    item = PropertyValue()
    item.Name, item.Value = name, value
    return item


def _desktop(pipe: str) -> Any:
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext(
        "com.sun.star.bridge.UnoUrlResolver", local
    )
    deadline = time.monotonic() + CONNECT_SECONDS
    while True:
        try:
            context = resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
            break
        except NoConnectException:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)
    return context.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", context)


def main() -> None:
    job = json.load(sys.stdin)
    pipe = f"doko-{uuid.uuid4().hex}"
    office = subprocess.Popen(
        [
            job["soffice"],
            "--headless",
            "--norestore",
            "--nologo",
            f"-env:UserInstallation={job['profile']}",
            f"--accept=pipe,name={pipe};urp;",
        ]
    )
    try:
        desktop = _desktop(pipe)
        document = desktop.loadComponentFromURL(
            uno.systemPathToFileUrl(job["source"]), "_blank", 0, (_property("Hidden", True),)
        )
        sheet = document.Sheets.getByIndex(0)
        for insertion in job["insert"]:
            before, rows = insertion["before"], insertion["rows"]
            sheet.Rows.insertByIndex(before - 1, len(rows))
            for offset, cells in enumerate(rows):
                for column, value in cells.items():
                    cell = sheet.getCellByPosition(int(column) - 1, before - 1 + offset)
                    if isinstance(value, str):
                        cell.String = value
                    else:
                        cell.Value = value
        document.calculateAll()
        document.storeToURL(
            uno.systemPathToFileUrl(job["target"]),
            (_property("FilterName", "Calc MS Excel 2007 XML"),),
        )
        document.close(True)
        # The office may end before it answers.
        with contextlib.suppress(Exception):
            desktop.terminate()
    finally:
        try:
            office.wait(timeout=30)
        except subprocess.TimeoutExpired:
            office.kill()
            office.wait()


if __name__ == "__main__":
    main()
