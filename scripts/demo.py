"""Load a demo tournament, so a newcomer sees a working tournament at once.

    .venv/bin/python scripts/demo.py        (or: make demo)

Adds "Herbstturnier (Demo)" with 41 players from six clubs and three rounds: rounds 1 and 2
finished with every score list complete, round 3 running with some lists complete, some
half-way and some not begun. Every game is played card by card by the rules engine's
simulator and stored through the same service as a list typed in at the table, so the
demo's lists pass every TSR check. It only adds; nothing existing is changed. Run it again to
get a second demo tournament. Changes are recorded in the audit log without a user.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import sys

import flask_migrate

from rules_engine.simulate import random_list
from tournament.app import create_app
from tournament.domain import list_store as store
from tournament.domain import registrations, score_lists, tournaments
from tournament.extensions import db
from tournament.models import DrawMethod, RoundTable, Tournament, User
from tournament.rounds import service as rounds

CLUBS = (
    "DK Kieler Kreuzdamen",
    "Doko-Freunde Lübeck",
    "Herz-Buben Hamburg",
    "Fuchsjagd Flensburg",
    "Karlchen Rendsburg",
    "",
)
FIRST = (
    "Anna",
    "Bernd",
    "Clara",
    "Dieter",
    "Eva",
    "Frank",
    "Gabi",
    "Heinz",
    "Ilse",
    "Jens",
    "Karin",
    "Lars",
    "Monika",
    "Norbert",
    "Olga",
    "Peter",
    "Renate",
    "Stefan",
    "Tanja",
    "Uwe",
    "Vera",
    "Werner",
    "Yvonne",
    "Achim",
    "Birgit",
    "Carsten",
    "Doris",
    "Egon",
    "Frauke",
    "Gerd",
    "Hanna",
    "Ingo",
    "Jutta",
    "Klaus",
    "Lena",
    "Malte",
    "Nina",
    "Otto",
    "Petra",
    "Ralf",
    "Sabine",
)
LAST = (
    "Schmidt",
    "Meier",
    "Wolf",
    "Becker",
    "Hansen",
    "Petersen",
    "Jensen",
    "Lange",
    "Krüger",
    "Schulz",
    "Möller",
    "Brandt",
    "Thomsen",
    "Clausen",
    "Jacobsen",
    "Hinrichsen",
    "Lorenzen",
    "Sievers",
    "Voß",
    "Ehlers",
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Demo-Turnier laden")
    parser.add_argument("--players", type=int, default=41, help="Spielerzahl (Standard: 41)")
    parser.add_argument("--seed", type=int, default=2026, help="Startwert (Standard: 2026)")
    args = parser.parse_args(argv)
    app = create_app()
    with app.app_context():
        flask_migrate.upgrade()
        tournament = load_demo(args.players, args.seed)
        db.session.commit()
        print(f"Demo-Turnier „{tournament.name}“ geladen: {args.players} Spieler, 3 Runden.")
        print("Starten mit: make run  und im Browser http://127.0.0.1:5000/ öffnen.")
    return 0


def load_demo(
    players: int, seed: int, rounds_total: int = 3, *, last_round_open: bool = True
) -> Tournament:
    """The demo tournament in the current session (not committed); with ``last_round_open``
    the last round is still running with some lists unfinished, otherwise all are closed."""
    rng = random.Random(seed)
    user: User | None = None
    tournament = tournaments.create(
        user,
        name="Herbstturnier (Demo)",
        date=dt.date.today(),
        venue="Vereinsheim Kiel",
        organiser="DK Kieler Kreuzdamen",
        rounds_planned=rounds_total,
    )
    names = _names(rng, players)
    text = "\n".join(f"{name}; {rng.choice(CLUBS)}" for name in names)
    decisions = {
        line.key: registrations.NEW for line in registrations.parse_paste(tournament, text)
    }
    registrations.register_pasted(user, tournament, tournament.version, text, decisions)
    for number in range(1, rounds_total + 1):
        round_ = rounds.draw_next_round(
            user,
            tournament,
            tournament.version,
            method=DrawMethod.RANDOM,
            seed=seed + number,
            separate_clubs=True,
        )
        rounds.start(user, round_, tournament.version)
        last = last_round_open and number == rounds_total
        for table in round_.tables:
            # In the running last round: a third of the lists complete, a third half-way.
            share = rng.choice((1.0, 0.5, 0.0)) if last else 1.0
            _fill(table, rng, share, user)
        if not last:
            rounds.finish(user, round_, tournament.version)
    return tournament


def _fill(table: RoundTable, rng: random.Random, share: float, user: User | None) -> None:
    keys = tuple(store.player_key(seat.registration.start_number) for seat in table.seats)
    entries = random_list(rng, keys)["entries"]
    score_lists.replace_entries(table, entries[: round(len(entries) * share)], user)


def _names(rng: random.Random, count: int) -> list[str]:
    pairs = [(first, last) for first in FIRST for last in LAST]
    rng.shuffle(pairs)
    return [f"{first} {last}" for first, last in pairs[:count]]


if __name__ == "__main__":
    sys.exit(main())
