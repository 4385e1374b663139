"""The big tournament the page and export benchmarks measure, built like ``make demo``."""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import flask_migrate  # noqa: E402
from demo import load_demo  # noqa: E402
from flask import Flask  # noqa: E402

from tournament.accounts import service as accounts  # noqa: E402
from tournament.app import create_app  # noqa: E402
from tournament.extensions import db  # noqa: E402


def build(
    folder: str,
    players: int,
    rounds: int,
    *,
    last_round_open: bool = False,
    config: dict[str, object] | None = None,
) -> tuple[Flask, int]:
    """An app on a fresh SQLite database in ``folder`` holding one tournament with every
    round drawn and every list complete (with ``last_round_open`` the last round still runs,
    its lists partly entered, as ``make demo`` leaves it); returns the app and the
    tournament's id."""
    app = create_app(dict(config or {}), instance_path=folder)
    started = time.perf_counter()
    with app.app_context():
        flask_migrate.upgrade()
        # An account exists, or every page would lead to the first set-up.
        accounts.create_first_account("bench", "bench-password")
        tournament_id = load_demo(players, 1, rounds, last_round_open=last_round_open).id
        db.session.commit()
    lists = "the last round running" if last_round_open else "complete lists"
    print(
        f"built {players} players x {rounds} rounds with {lists} "
        f"in {time.perf_counter() - started:.1f} s"
    )
    return app, tournament_id
