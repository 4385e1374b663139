"""Throttling of guesses: failed logins per account and per client address, wrong table
codes per client address. Only failures count; a throttled request gets 429, a German page
with the wait and ``Retry-After``, and costs no password hash and no lookup of the guess."""

from __future__ import annotations

import math
import os
import subprocess
import sys
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from werkzeug.test import TestResponse

from tests.support.apps import statements_seen
from tests.support.webapp import (
    PASSWORD,
    USERNAME,
    add_account,
    create_tournament,
    csrf_token,
    draw_round,
    log_out,
    paste_players,
    player_names,
    sign_in,
    submit,
)
from tournament.accounts import passwords
from tournament.accounts import service as accounts
from tournament.extensions import db
from tournament.models import RoundTable, User
from tournament.throttle import DEFAULTS, limiter
from tournament.throttle.storage import DatabaseStorage

ROOT = Path(__file__).resolve().parents[2]
WRONG = "falsch-falsch-falsch"
TOO_MANY = "Zu viele Versuche. Bitte in "


def _login(client: FlaskClient, token: str, username: str, password: str) -> TestResponse:
    return client.post(
        "/anmelden", data={"csrf_token": token, "username": username, "password": password}
    )


def _assert_throttled(response: TestResponse, most: int = 60) -> None:
    """429, ``Retry-After`` in seconds, and the page says the wait in whole minutes."""
    assert response.status_code == 429
    seconds = int(response.headers["Retry-After"])
    assert 0 < seconds <= most
    minutes = math.ceil(seconds / 60)
    wait = "1 Minute" if minutes == 1 else f"{minutes} Minuten"
    page = response.get_data(as_text=True)
    assert f"{TOO_MANY}{wait} erneut versuchen." in page
    assert "Sekunden" not in page


def test_the_limits_have_growing_windows() -> None:
    names = [name for name in DEFAULTS if name.startswith("THROTTLE_") and "_PER_" in name]
    assert len(names) == 4
    for name in [*names, "THROTTLE_TABLE_CODE"]:
        windows = DEFAULTS[name].split(";")
        assert len(windows) >= 2, name


def test_failed_logins_of_an_account_are_throttled_before_any_hash(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    app.config["THROTTLE_LOGIN_PER_ACCOUNT"] = "3 per minute; 10 per hour"
    add_account(app)
    token = csrf_token(client, "/anmelden")
    for _ in range(3):
        assert _login(client, token, USERNAME, WRONG).status_code == 200
    hashed: list[str] = []
    verify = passwords.verify
    monkeypatch.setattr(passwords, "verify", lambda *a: hashed.append(a[0]) or verify(*a))
    with statements_seen(app) as statements:
        # The right password too, from a device the account does not know.
        response = _login(client, token, " Leitung ", PASSWORD)
    _assert_throttled(response)
    assert hashed == []
    assert not [s for s in statements if "user_account" in s]


def test_the_longer_window_makes_the_wait_longer(app: Flask, client: FlaskClient) -> None:
    app.config["THROTTLE_LOGIN_PER_ACCOUNT"] = "10 per minute; 3 per hour"
    add_account(app)
    token = csrf_token(client, "/anmelden")
    for _ in range(3):
        assert _login(client, token, USERNAME, WRONG).status_code == 200
    response = _login(client, token, USERNAME, PASSWORD)
    _assert_throttled(response, most=3600)
    assert int(response.headers["Retry-After"]) > 60


def test_right_logins_never_count(app: Flask, accounts_client: FlaskClient) -> None:
    for _ in range(6):
        token = csrf_token(accounts_client, "/anmelden")
        assert _login(accounts_client, token, USERNAME, PASSWORD).status_code == 302
        accounts_client.post("/abmelden", data={"csrf_token": csrf_token(accounts_client, "/")})


@pytest.fixture
def accounts_client(app: Flask, client: FlaskClient) -> FlaskClient:
    app.config["THROTTLE_LOGIN_PER_ACCOUNT"] = "2 per minute"
    app.config["THROTTLE_LOGIN_PER_ADDRESS"] = "2 per minute"
    add_account(app)
    return client


def test_the_wait_is_said_in_minutes(app: Flask, client: FlaskClient) -> None:
    app.config["THROTTLE_LOGIN_PER_ACCOUNT_AND_ADDRESS"] = "10 per minute; 3 per hour"
    add_account(app)
    token = csrf_token(client, "/anmelden")
    for _ in range(3):
        assert _login(client, token, USERNAME, WRONG).status_code == 200
    response = _login(client, token, USERNAME, PASSWORD)
    _assert_throttled(response, most=3600)
    assert "Bitte in 60 Minuten erneut versuchen." in response.get_data(as_text=True)


def _device(app: Flask, address: str) -> tuple[FlaskClient, str]:
    """A phone or laptop of its own client address, with the login form's token."""
    device = app.test_client()
    device.environ_base["REMOTE_ADDR"] = address
    return device, csrf_token(device, "/anmelden")


def _guess_from_many_addresses(app: Flask, username: str, addresses: int, each: int) -> int:
    """Wrong passwords for ``username`` from other addresses; returns how many were hashed."""
    hashed = 0
    for number in range(addresses):
        stranger, token = _device(app, f"10.9.{number // 200}.{number % 200 + 1}")
        for _ in range(each):
            status = _login(stranger, token, username, WRONG).status_code
            assert status in (200, 429)
            hashed += status == 200
    return hashed


def _known_device(app: Flask, address: str = "192.168.1.10") -> tuple[FlaskClient, str]:
    """A device that signed in to the account and out again (with its device cookie)."""
    desk, token = _device(app, address)
    assert _login(desk, token, USERNAME, PASSWORD).status_code == 302
    log_out(desk)
    return desk, csrf_token(desk, "/anmelden")


def test_a_good_login_leaves_a_signed_http_only_cookie_for_the_login_only(app: Flask) -> None:
    add_account(app)
    desk, token = _device(app, "192.168.1.10")
    response = _login(desk, token, USERNAME, PASSWORD)
    cookies = [c for c in response.headers.getlist("Set-Cookie") if c.startswith("doko_device=")]
    assert len(cookies) == 1
    for attribute in ("; HttpOnly", "; SameSite=Strict", "; Path=/anmelden", "; Expires="):
        assert attribute in cookies[0]
    # Plain http here; over https it is Secure (tests/app/test_app_sessions.py).
    assert "; Secure" not in cookies[0]


def test_a_known_device_logs_in_whatever_strangers_guessed(app: Flask) -> None:
    """The default limits: 120 wrong passwords for the account from 24 other addresses
    reach the bound for unknown devices; the staff's device that signed in before still
    signs in with the right password."""
    add_account(app)
    desk, token = _known_device(app)
    hashed = _guess_from_many_addresses(app, USERNAME, addresses=24, each=5)
    assert _login(desk, token, USERNAME, PASSWORD).status_code == 302
    assert hashed == 100
    newcomer, newcomer_token = _device(app, "192.168.1.77")
    _assert_throttled(_login(newcomer, newcomer_token, USERNAME, PASSWORD), most=3600)


def test_a_new_device_is_not_held_up_by_guesses_from_other_addresses(app: Flask) -> None:
    """The default limits: 25 wrong passwords for the account from five other addresses;
    the staff's new phone, with an address of its own, signs in at once. The guessers are
    held up at their sixth guess each."""
    add_account(app)
    hashed = _guess_from_many_addresses(app, USERNAME, addresses=5, each=5)
    phone, token = _device(app, "192.168.1.77")
    assert _login(phone, token, USERNAME, PASSWORD).status_code == 302
    assert hashed == 25
    stranger, token = _device(app, "10.9.0.1")
    _assert_throttled(_login(stranger, token, USERNAME, PASSWORD))


def test_a_known_device_is_throttled_on_its_own_failures(app: Flask) -> None:
    app.config["THROTTLE_LOGIN_PER_DEVICE"] = "3 per minute"
    add_account(app)
    desk, token = _known_device(app)
    for _ in range(3):
        assert _login(desk, token, USERNAME, WRONG).status_code == 200
    _assert_throttled(_login(desk, token, USERNAME, PASSWORD))
    # Its failures hold up neither the account nor its address for others.
    colleague, token = _device(app, "192.168.1.10")
    assert _login(colleague, token, USERNAME, PASSWORD).status_code == 302


def test_the_device_cookie_vouches_for_its_account_and_password_only(app: Flask) -> None:
    """Known for the Turnierleitung's account with its password: not for another account,
    not once the password is new, not with a cookie changed by hand."""
    app.config["THROTTLE_LOGIN_PER_ACCOUNT"] = "3 per minute"
    user_id = add_account(app)
    add_account(app, "schiri", "Pik-Sieben-2026")
    desk, token = _known_device(app)
    _guess_from_many_addresses(app, USERNAME, addresses=3, each=1)
    _guess_from_many_addresses(app, "schiri", addresses=3, each=1)
    _assert_throttled(_login(desk, token, "schiri", "Pik-Sieben-2026"))
    cookie = desk.get_cookie("doko_device", path="/anmelden")
    assert cookie is not None
    forged, forged_token = _device(app, "192.168.1.11")
    # The signature's last character carries only four bits: change the one before it, whose
    # six bits all count (replacing the last two by "xx" left about one cookie in 1,200 valid).
    changed = "B" if cookie.value[-2] == "A" else "A"
    forged.set_cookie(
        "doko_device", cookie.value[:-2] + changed + cookie.value[-1], path="/anmelden"
    )
    _assert_throttled(_login(forged, forged_token, USERNAME, PASSWORD))
    assert _login(desk, token, USERNAME, PASSWORD).status_code == 302
    log_out(desk)
    token = csrf_token(desk, "/anmelden")
    with app.app_context():
        user = db.session.get_one(User, user_id)
        accounts.set_password(user, user, "Neues-Passwort-2026")
        db.session.commit()
    _assert_throttled(_login(desk, token, USERNAME, "Neues-Passwort-2026"))


def test_a_new_password_of_ones_own_keeps_the_device_known(app: Flask) -> None:
    app.config["THROTTLE_LOGIN_PER_ACCOUNT"] = "3 per minute"
    user_id = add_account(app)
    desk, token = _device(app, "192.168.1.10")
    assert _login(desk, token, USERNAME, PASSWORD).status_code == 302
    new_password = "Herz-Dame-neu-2026"
    response = submit(
        desk,
        f"/konten/{user_id}/passwort",
        data={"password": new_password, "password_repeated": new_password},
    )
    assert response.status_code == 302
    log_out(desk)
    _guess_from_many_addresses(app, USERNAME, addresses=3, each=1)
    assert _login(desk, csrf_token(desk, "/anmelden"), USERNAME, new_password).status_code == 302


def test_another_account_is_not_held_up_by_guesses_at_one(app: Flask, client: FlaskClient) -> None:
    app.config["THROTTLE_LOGIN_PER_ACCOUNT"] = "3 per minute"
    add_account(app)
    add_account(app, "schiri", "Pik-Sieben-2026")
    token = csrf_token(client, "/anmelden")
    for _ in range(3):
        _login(client, token, USERNAME, WRONG)
    _assert_throttled(_login(client, token, USERNAME, PASSWORD))
    assert _login(client, token, "schiri", "Pik-Sieben-2026").status_code == 302


def test_failed_logins_from_one_address_are_throttled_whatever_the_name(
    app: Flask, client: FlaskClient
) -> None:
    app.config["THROTTLE_LOGIN_PER_ADDRESS"] = "4 per minute"
    add_account(app)
    token = csrf_token(client, "/anmelden")
    for number in range(4):
        assert _login(client, token, f"name{number}", WRONG).status_code == 200
    _assert_throttled(_login(client, token, USERNAME, PASSWORD))
    # A colleague's phone has an address of its own.
    colleague = app.test_client()
    colleague.environ_base["REMOTE_ADDR"] = "192.168.1.23"
    token = csrf_token(colleague, "/anmelden")
    assert _login(colleague, token, USERNAME, PASSWORD).status_code == 302


def _table_codes(app: Flask, client: FlaskClient) -> list[str]:
    sign_in(app, client)
    tournament_id = create_tournament(client)
    paste_players(client, tournament_id, "\n".join(player_names(8)))
    draw_round(client, tournament_id)
    with app.app_context():
        codes = db.session.execute(select(RoundTable.access_code)).scalars().all()
    assert len(codes) == 2 and all(codes)
    return [code for code in codes if code]


def test_wrong_table_codes_are_throttled_per_address(app: Flask, client: FlaskClient) -> None:
    app.config["THROTTLE_TABLE_CODE"] = "4 per minute; 20 per hour"
    codes = _table_codes(app, client)
    keeper = app.test_client()
    for _ in range(3):
        assert keeper.get(f"/tisch/{codes[0]}/").status_code == 200  # right codes do not count
    token = csrf_token(keeper, "/tisch")
    for guess in ("AAAAAAAA", "BBBBBBBB"):
        assert keeper.get(f"/tisch/{guess}/").status_code == 404
        response = keeper.post("/tisch", data={"csrf_token": token, "code": guess})
        assert response.status_code == 200
    with statements_seen(app) as statements:
        response = keeper.get(f"/tisch/{codes[1]}/")
    _assert_throttled(response)
    assert not [s for s in statements if "round_table" in s]
    _assert_throttled(keeper.post("/tisch", data={"csrf_token": token, "code": codes[1]}))
    # The other tables' phones go on.
    other = app.test_client()
    other.environ_base["REMOTE_ADDR"] = "192.168.1.24"
    assert other.get(f"/tisch/{codes[1]}/").status_code == 200


def test_a_list_keepers_request_reads_each_window_of_the_table_code_limit_once(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each page of the list checks the table-code limit once, one counter read per window
    (on PostgreSQL each read is a round trip to the database, on every list-keeper's request),
    not the limits of every other page of the list as well."""
    code = _table_codes(app, client)[0]
    keeper = app.test_client()
    token = csrf_token(keeper, "/tisch")
    windows = len(str(app.config["THROTTLE_TABLE_CODE"]).split(";"))
    read: list[str] = []
    storage = limiter.storage
    counter = storage.get
    monkeypatch.setattr(storage, "get", lambda key: read.append(key) or counter(key))
    for method, path in (
        ("GET", ""),
        ("GET", "stand"),
        ("POST", "spiel"),
        ("POST", "vorschau"),
        ("GET", "strafe"),
        ("GET", "eintrag/1"),
    ):
        read.clear()
        keeper.open(f"/tisch/{code}/{path}", method=method, data={"csrf_token": token})
        assert len(read) == len(set(read)) == windows, (method, path, read)


def test_the_counts_are_in_the_database_on_postgresql_and_in_memory_on_sqlite(
    app: Flask, backend: str
) -> None:
    storage = limiter.storage
    if backend == "postgresql":
        assert isinstance(storage, DatabaseStorage)
    else:
        assert type(storage).__name__ == "MemoryStorage"


WORKER = """
import sys
from tests.support.webapp import FAST_ARGON2, csrf_token
from tournament.app import create_app

url, instance, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
app = create_app(
    {
        "TESTING": True,
        "SQLALCHEMY_DATABASE_URI": url,
        "ARGON2_PARAMETERS": FAST_ARGON2,
        "THROTTLE_LOGIN_PER_ACCOUNT": "3 per minute",
    },
    instance_path=instance,
)
client = app.test_client()
token = csrf_token(client, "/anmelden")
for _ in range(count):
    data = {"csrf_token": token, "username": "leitung", "password": "falsch-falsch-falsch"}
    print(client.post("/anmelden", data=data).status_code)
"""


@pytest.mark.postgresql_only
def test_two_workers_on_one_postgresql_database_share_the_counts(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    """Another process (a second gunicorn worker) guesses; this one sees the count."""
    app.config["THROTTLE_LOGIN_PER_ACCOUNT"] = "3 per minute"
    add_account(app)
    environment = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "SECRET_KEY")}
    worker = subprocess.run(
        [
            sys.executable,
            "-c",
            WORKER,
            app.config["SQLALCHEMY_DATABASE_URI"],
            str(tmp_path / "worker"),
            "3",
        ],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert worker.stdout.split() == ["200", "200", "200"]
    token = csrf_token(client, "/anmelden")
    _assert_throttled(_login(client, token, USERNAME, PASSWORD))
