"""The tournament's draw plan in the app: every round is drawn with a seed of its own (a new one
when the Turnierleiter types none, a re-draw, a typed seed), and all rounds follow the one plan
made from the tournament's plan seed while the players stay the same.

The seeds nobody types come from ``rounds.service.new_seed``; these tests replace it by a
fixed sequence of different seeds, so that a failure can be repeated.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from itertools import combinations

import flask_migrate
import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

import table_draw
from tests.support.webapp import (
    command_line_draw,
    create_tournament,
    draw_round,
    paste_players,
    player_names,
    round_action,
    sign_in,
    submit,
)
from tournament.extensions import db
from tournament.models import Round, Tournament
from tournament.rounds import service as rounds

Groups = frozenset[frozenset[int]]
# The migration before the one that adds the plan seed.
BEFORE_PLAN_SEED = "b4e1c7d2a9f3"


@pytest.fixture
def leitung(app: Flask, client: FlaskClient) -> None:
    sign_in(app, client)


@pytest.fixture
def seeds(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """``new_seed`` gives a different seed each call, from a fixed sequence; the list of the
    seeds it gave."""
    lots = random.Random(20261126)
    given: list[int] = []

    def fixed_new_seed() -> int:
        seed = lots.randrange(rounds.SEED_LIMIT)
        given.append(seed)
        return seed

    monkeypatch.setattr(rounds, "new_seed", fixed_new_seed)
    yield given


def _tournament_with(client: FlaskClient, count: int, rounds_planned: int) -> int:
    tournament_id = create_tournament(client, rounds=rounds_planned)
    if count:
        paste_players(client, tournament_id, "\n".join(player_names(count)))
    return tournament_id


def _round(tournament_id: int, number: int) -> Round:
    query = select(Round).where(Round.tournament_id == tournament_id, Round.number == number)
    return db.session.execute(query).scalar_one()


def _tables(app: Flask, tournament_id: int, number: int) -> list[list[int]]:
    with app.app_context():
        round_ = _round(tournament_id, number)
        return [[s.registration.start_number for s in table.seats] for table in round_.tables]


def _groups(tables: list[list[int]]) -> Groups:
    """Who sits with whom, whatever the table numbers and positions."""
    return frozenset(frozenset(table) for table in tables)


def _stored(app: Flask, tournament_id: int, number: int) -> tuple[int, dict[str, object]]:
    """The round's seed and its stored draw request."""
    with app.app_context():
        round_ = _round(tournament_id, number)
        return round_.seed, json.loads(round_.draw_request)


def _plan_seed(app: Flask, tournament_id: int) -> int | None:
    with app.app_context():
        tournament = db.session.get(Tournament, tournament_id)
        assert tournament is not None
        return tournament.draw_plan_seed


def _repeats_per_round(all_tables: list[list[list[int]]]) -> list[int]:
    """Pairs at one table who already shared a table in an earlier round, per round."""
    met: set[frozenset[int]] = set()
    repeats = []
    for tables in all_tables:
        pairs = [frozenset(pair) for table in tables for pair in combinations(table, 2)]
        repeats.append(sum(1 for pair in pairs if pair in met))
        met.update(pairs)
    return repeats


def _draw_and_start(client: FlaskClient, tournament_id: int, number: int, seed: int | None) -> None:
    draw_round(client, tournament_id, seed=seed)
    round_action(client, tournament_id, number, "starten")


def _redraw(client: FlaskClient, tournament_id: int, number: int, seed: int | None) -> None:
    path = f"/turniere/{tournament_id}/runden/{number}"
    data = {"seed": "" if seed is None else str(seed)}
    assert submit(client, path, f"{path}/neu-auslosen", data, follow=True).status_code == 200


def _same_request_other_seed(request: dict[str, object], seed: int) -> Groups:
    """The groups the draw gives for this request with another round seed."""
    result = table_draw.draw(table_draw.parse_request({**request, "seed": seed}))
    return _groups([[int(n) for n in table] for table in result.tables])


@pytest.mark.usefixtures("leitung")
@pytest.mark.parametrize(("count", "planned"), [(32, 8), (36, 8), (43, 8), (16, 5)])
def test_a_new_seed_each_round_follows_the_plan_without_a_repeat(
    app: Flask, client: FlaskClient, seeds: list[int], count: int, planned: int
) -> None:
    tournament_id = _tournament_with(client, count, planned)
    for number in range(1, planned + 1):
        _draw_and_start(client, tournament_id, number, None)
    assert len(set(seeds)) == planned
    all_tables = [_tables(app, tournament_id, n) for n in range(1, planned + 1)]
    assert _repeats_per_round(all_tables) == [0] * planned
    plan_seed = _plan_seed(app, tournament_id)
    assert plan_seed == seeds[0]
    for number in range(1, planned + 1):
        seed, request = _stored(app, tournament_id, number)
        assert seed == seeds[number - 1]
        assert request["seed"] == seed
        assert request["plan_seed"] == plan_seed
        with app.app_context():
            assert _round(tournament_id, number).repeats == 0


@pytest.mark.usefixtures("leitung", "seeds")
def test_a_redraw_before_the_start_keeps_the_plan(app: Flask, client: FlaskClient) -> None:
    tournament_id = _tournament_with(client, 32, 8)
    draw_round(client, tournament_id)
    plan_seed = _plan_seed(app, tournament_id)
    first = _tables(app, tournament_id, 1)
    # Round 1 drawn again, with a typed seed and then a new one: the plan seed stays.
    _redraw(client, tournament_id, 1, 777)
    _redraw(client, tournament_id, 1, None)
    assert _plan_seed(app, tournament_id) == plan_seed
    assert _groups(_tables(app, tournament_id, 1)) == _groups(first)
    round_action(client, tournament_id, 1, "starten")
    draw_round(client, tournament_id)
    seed, request = _stored(app, tournament_id, 2)
    second = _tables(app, tournament_id, 2)
    _redraw(client, tournament_id, 2, None)
    new_seed, new_request = _stored(app, tournament_id, 2)
    again = _tables(app, tournament_id, 2)
    assert new_seed != seed
    assert new_request["plan_seed"] == request["plan_seed"] == plan_seed
    assert _groups(again) == _groups(second)
    assert _repeats_per_round([first, again]) == [0, 0]


@pytest.mark.usefixtures("leitung", "seeds")
def test_a_typed_seed_for_round_three_keeps_the_plan(app: Flask, client: FlaskClient) -> None:
    tournament_id = _tournament_with(client, 36, 8)
    _draw_and_start(client, tournament_id, 1, None)
    _draw_and_start(client, tournament_id, 2, None)
    _draw_and_start(client, tournament_id, 3, 4711)
    seed, request = _stored(app, tournament_id, 3)
    assert seed == 4711
    assert request["plan_seed"] == _plan_seed(app, tournament_id)
    third = _groups(_tables(app, tournament_id, 3))
    # The plan decides who meets whom: any other seed gives round 3 the same groups.
    assert _same_request_other_seed(request, 1) == third
    for number in range(4, 9):
        _draw_and_start(client, tournament_id, number, None)
    all_tables = [_tables(app, tournament_id, n) for n in range(1, 9)]
    assert _repeats_per_round(all_tables) == [0] * 8


@pytest.mark.usefixtures("leitung", "seeds")
def test_the_stored_request_reproduces_every_round_on_the_command_line(
    app: Flask, client: FlaskClient
) -> None:
    tournament_id = _tournament_with(client, 20, 5)
    _draw_and_start(client, tournament_id, 1, None)
    draw_round(client, tournament_id)
    _redraw(client, tournament_id, 2, None)
    round_action(client, tournament_id, 2, "starten")
    _draw_and_start(client, tournament_id, 3, 99)
    _draw_and_start(client, tournament_id, 4, None)
    _draw_and_start(client, tournament_id, 5, None)
    for number in range(1, 6):
        response = client.get(f"/turniere/{tournament_id}/runden/{number}/auslosung.json")
        text = response.get_data(as_text=True)
        assert json.loads(text)["plan_seed"] == _plan_seed(app, tournament_id)
        assert command_line_draw(text) == _tables(app, tournament_id, number)


@pytest.mark.usefixtures("leitung", "seeds")
def test_nachpruefen_shows_the_plan_seed_next_to_the_seed(app: Flask, client: FlaskClient) -> None:
    tournament_id = _tournament_with(client, 8, 3)
    _draw_and_start(client, tournament_id, 1, 5)
    draw_round(client, tournament_id, seed=6)
    page = client.get(f"/turniere/{tournament_id}/runden/2").get_data(as_text=True)
    assert "Startwert 6, Startwert des Turnierplans 5," in page


@pytest.mark.usefixtures("leitung", "seeds")
def test_the_migration_gives_a_tournament_with_rounds_the_seed_of_round_one(
    app: Flask, client: FlaskClient
) -> None:
    tournament_id = _tournament_with(client, 32, 8)
    _draw_and_start(client, tournament_id, 1, 31)
    _draw_and_start(client, tournament_id, 2, 32)
    unplayed = create_tournament(client, "Winterturnier")
    with app.app_context():
        flask_migrate.downgrade(revision=BEFORE_PLAN_SEED)
        flask_migrate.upgrade()
    assert _plan_seed(app, tournament_id) == 31
    assert _plan_seed(app, unplayed) is None
    _draw_and_start(client, tournament_id, 3, None)
    all_tables = [_tables(app, tournament_id, n) for n in range(1, 4)]
    assert _repeats_per_round(all_tables) == [0, 0, 0]
