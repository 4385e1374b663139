"""Benchmark of publishing a big tournament: the static site (ZIP) of 400 players x 8 rounds.

Builds the tournament as ``bench/web_pages.py`` does (the last round running, so every page is
provisional) and times ``tournament.publish.site.zip_bytes``, which the Turnierleitung's
download (``/turniere/<id>/ergebnisse.zip``) and ``doko-turnier --export-site`` call: every
public page rendered by its own view, a page per player among them, the links made relative.

    python bench/site_export.py [--players 400] [--rounds 8] [--repeat 3]

No target of the issue; printed: seconds per ZIP, its size and number of files.
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "bench"))

from big_tournament import build  # noqa: E402

from tournament.extensions import db  # noqa: E402
from tournament.publish.site import zip_bytes  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        app, tournament_id = build(folder, args.players, args.rounds, last_round_open=True)
        for _ in range(args.repeat):
            started = time.perf_counter()
            data = zip_bytes(app, tournament_id)
            seconds = time.perf_counter() - started
            files = len(zipfile.ZipFile(io.BytesIO(data)).namelist())
            print(f"static site: {seconds:.1f} s, {len(data) // 1024} KiB, {files} files")
        with app.app_context():
            db.engine.dispose()
    return 0


if __name__ == "__main__":
    sys.exit(main())
