"""Start the tournament app on this laptop: migrate the database, then serve it.

    .venv/bin/python scripts/run.py [--host 127.0.0.1] [--port 5000]

(``make run`` does the same after installing everything.) The database is brought to the
newest schema first, so an update of the program never needs a separate step.
"""

from __future__ import annotations

import argparse
import logging
import sys

import flask_migrate
from waitress import serve

from tournament.app import create_app
from tournament.extensions import db
from tournament.schema import schema_problem


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Doko-Turnier starten")
    parser.add_argument("--host", default="127.0.0.1", help="Adresse (Standard: 127.0.0.1)")
    parser.add_argument("--port", type=int, default=5000, help="Port (Standard: 5000)")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    app = create_app()
    with app.app_context():
        flask_migrate.upgrade()
        problem = schema_problem(db.engine)
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1

    print(f"Doko-Turnier läuft: http://{args.host}:{args.port}/  (beenden mit Strg+C)", flush=True)
    serve(app, host=args.host, port=args.port, threads=8)  # returns on Ctrl+C
    print("Doko-Turnier beendet.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
