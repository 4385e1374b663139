"""A command started as a terminal starts it, for the tests that press Ctrl+C."""

from __future__ import annotations

import signal


def as_in_a_terminal() -> None:
    """``preexec_fn`` of a command a test stops with Ctrl+C (SIGINT to its process group):
    SIGINT back to its default in the command. A shell starts a background job (``make test &``)
    with SIGINT ignored, and every process under it inherits that, so the command would go on
    as if no key had been pressed; a terminal's foreground command gets it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
