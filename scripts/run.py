"""Start the tournament app on this laptop: migrate the database, then serve it.

    .venv/bin/python scripts/run.py [--host 127.0.0.1] [--port 5000] [--proxy 127.0.0.1]

(``make run`` does the same after installing everything.) The database is brought to the
newest schema first, so an update of the program never needs a separate step.

Behind a reverse proxy (e.g. nginx giving the app a public https address), ``--proxy`` names
the proxy's address: waitress then takes the client's address, the public host and the scheme
from that proxy's X-Forwarded-* headers (and drops them from anyone else), so the links and
QR codes on the table cards carry the address the phones use.
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


def server_options(proxy: str | None) -> dict[str, object]:
    """waitress settings: 8 threads, and the proxy's forwarded headers trusted if one is named."""
    options: dict[str, object] = {"threads": 8}
    if proxy:
        options |= {
            "trusted_proxy": proxy,
            "trusted_proxy_count": 1,
            "trusted_proxy_headers": "x-forwarded-for x-forwarded-host x-forwarded-proto "
            "x-forwarded-port",
            "clear_untrusted_proxy_headers": True,
        }
    return options


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Doko-Turnier starten")
    parser.add_argument("--host", default="127.0.0.1", help="Adresse (Standard: 127.0.0.1)")
    parser.add_argument("--port", type=int, default=5000, help="Port (Standard: 5000)")
    parser.add_argument(
        "--proxy",
        metavar="ADRESSE",
        help="Adresse eines Reverse-Proxys, dessen X-Forwarded-Kopfzeilen gelten (z. B. 127.0.0.1)",
    )
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
    serve(app, host=args.host, port=args.port, **server_options(args.proxy))  # until Ctrl+C
    print("Doko-Turnier beendet.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
