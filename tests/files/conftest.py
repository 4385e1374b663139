"""Fixtures of the spreadsheet-file tests: LibreOffice Calc as a test tool."""

from __future__ import annotations

from types import ModuleType

import pytest

from tests.support import libreoffice as calc


@pytest.fixture(scope="session")
def libreoffice() -> ModuleType:
    """LibreOffice Calc, to open files and save them again (``tests/support/libreoffice.py``):
    a test that asks for it is in the ``libreoffice`` tier. Fails the test, saying what to
    install, where LibreOffice is missing."""
    calc.binary()
    return calc
