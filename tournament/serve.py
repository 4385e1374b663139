"""``doko-turnier``, the command that runs a tournament on this computer.

    doko-turnier [--host 0.0.0.0] [--port 5000] [--proxy ADDRESS]
    doko-turnier --export-site TOURNAMENT FOLDER
    doko-turnier --list-backups
    doko-turnier --restore FILE

(``make run`` and ``python -m tournament.serve`` do the same.) What it does is in
``tournament.laptop``, imported only when the command runs: Python's ``multiprocessing``
has every process it starts import the program's main module again (this one, or the
``doko-turnier`` script that imports it), and the Excel export's worker processes need none
of the app: importing it would cost each of them 1.4 s of CPU at every start.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    from tournament import laptop

    return laptop.run(argv)


if __name__ == "__main__":
    sys.exit(main())
