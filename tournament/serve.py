"""``doko-turnier``, the command that runs a tournament on this computer.

    doko-turnier [--host 0.0.0.0] [--port 5000] [--proxy ADDRESS]
    doko-turnier --export-site TOURNAMENT FOLDER
    doko-turnier --list-backups
    doko-turnier --restore FILE

(``make run`` and ``python -m tournament.serve`` do the same.) What it does is in
``tournament.laptop``, imported only when the command runs: Python's ``multiprocessing``
has every process it starts import the program's main module again (this one, or the
``doko-turnier`` script that imports it), and the Excel export's worker processes need none
of the app. A start costs the machine 2.5 s of CPU so, where each worker importing the app
made it 5 s.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    from tournament import laptop

    return laptop.run(argv)


if __name__ == "__main__":
    sys.exit(main())
