"""Impossible or malformed ``score`` summaries, and the command-line contract.

Contract: docs/contracts/game-records.md. Every error is a ``DokoError`` whose message
starts with the field it is about and names the TSR rule; on the command line a bad line
gives ``{"id": ..., "error": ...}`` and the run goes on.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rules_engine import DokoError, GameType
from rules_engine.findings import Code
from rules_engine.records import score_record
from rules_engine.scoring import GameSummary, verify_summary

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["Anna", "Ben", "Cem", "Dora"]
DROP = object()  # marks a field to remove

BASE: dict[str, Any] = {
    "id": "v1",
    "players": PLAYERS,
    "type": "normal",
    "re": ["Anna", "Cem"],
    "re_eyes": 121,
    "re_tricks": 6,
    "calls": {"re": None, "kontra": None},
    "specials": {},
}


def record(**changes: Any) -> dict[str, Any]:
    """BASE (a valid Normalspiel) with some fields changed; ``DROP`` removes a field."""
    result = dict(BASE)
    for key, value in changes.items():
        if value is DROP:
            result.pop(key, None)
        else:
            result[key] = value
    return result


def solo(**changes: Any) -> dict[str, Any]:
    """A valid Kreuz-Solo of Ben with some fields changed."""
    return record(**{"type": "solo", "solo": "kreuz", "re": ["Ben"], **changes})


def assert_error(game: dict[str, Any], *fields: str) -> None:
    """The game is refused with a message that starts with one of ``fields`` and cites the TSR."""
    with pytest.raises(DokoError) as info:
        score_record(game)
    message = str(info.value)
    prefixes = tuple(f"{field}{sep}" for field in fields for sep in ":.")
    assert message.startswith(prefixes), message
    assert "TSR" in message, message


def sp(re: dict[str, int] | None = None, kontra: dict[str, int] | None = None) -> dict[str, Any]:
    """A ``specials`` object."""
    return {"re": re or {}, "kontra": kontra or {}}


# --- numbers -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        pytest.param({"re_eyes": -1}, "re_eyes", id="re_eyes -1"),
        pytest.param({"re_eyes": 241, "re_tricks": 12}, "re_eyes", id="re_eyes 241"),
        pytest.param({"re_eyes": 10_000}, "re_eyes", id="re_eyes 10000"),
        pytest.param({"re_tricks": -1}, "re_tricks", id="re_tricks -1"),
        pytest.param({"re_tricks": 13}, "re_tricks", id="re_tricks 13"),
    ],
)
def test_tsr_2_2_numbers_out_of_range(changes: dict[str, Any], field: str) -> None:
    """240 Augen in the deck (TSR 2.2) and 12 tricks: 0..240 and 0..12."""
    assert_error(record(**changes), field)


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        pytest.param({"re_eyes": "150"}, "re_eyes", id="re_eyes string"),
        pytest.param({"re_eyes": 150.0}, "re_eyes", id="re_eyes float"),
        pytest.param({"re_eyes": 150.5}, "re_eyes", id="re_eyes fraction"),
        pytest.param({"re_eyes": True}, "re_eyes", id="re_eyes true"),
        pytest.param({"re_eyes": None}, "re_eyes", id="re_eyes null"),
        pytest.param({"re_eyes": DROP}, "re_eyes", id="re_eyes missing"),
        pytest.param({"re_tricks": True}, "re_tricks", id="re_tricks true"),
        pytest.param({"re_tricks": 6.0}, "re_tricks", id="re_tricks float"),
        pytest.param({"re_tricks": "6"}, "re_tricks", id="re_tricks string"),
        pytest.param({"re_tricks": DROP}, "re_tricks", id="re_tricks missing"),
        pytest.param({"specials": sp({"doppelkopf": True})}, "specials", id="doppelkopf true"),
        pytest.param({"specials": sp({"fuchs": 1.0})}, "specials", id="fuchs float"),
        pytest.param({"specials": sp(None, {"karlchen": "1"})}, "specials", id="karlchen str"),
        pytest.param({"specials": sp({"doppelkopf": -1})}, "specials", id="doppelkopf -1"),
        pytest.param({"specials": sp({"fuchs": False})}, "specials", id="fuchs false"),
    ],
)
def test_numbers_must_be_whole_numbers_not_booleans(changes: dict[str, Any], field: str) -> None:
    """Augen, tricks and Sonderpunkte are JSON integers; true is not 1, "150" is not 150."""
    assert_error(record(**changes), field)


# --- Augen against tricks ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("eyes", "tricks"),
    [
        pytest.param(5, 0, id="0 tricks with 5 Augen"),
        pytest.param(239, 12, id="12 tricks without 240"),
        pytest.param(200, 12, id="12 tricks with 200"),
        pytest.param(45, 1, id="1 trick holds at most 44"),
        pytest.param(129, 3, id="3 tricks hold at most 8 Asse + 4 Zehnen = 128"),
        pytest.param(130, 3, id="3 tricks with 130"),
        pytest.param(110, 9, id="Kontra 3 tricks with 130"),
        pytest.param(195, 11, id="Kontra 1 trick with 45"),
        pytest.param(7, 3, id="3 tricks hold at least 8 Neunen + 4 Buben = 8"),
        pytest.param(233, 9, id="Kontra 3 tricks with 7"),
        pytest.param(1, 1, id="1 Auge is no sum of card values"),
        pytest.param(1, 6, id="1 Auge in 6 tricks"),
        pytest.param(239, 11, id="Kontra 1 Auge"),
        pytest.param(235, 12, id="Kontra 0 tricks with 5 Augen"),
    ],
)
def test_tsr_2_2_augen_must_fit_the_tricks(eyes: int, tricks: int) -> None:
    """Cards are worth 11, 10, 4, 3, 2, 0 (each card twice); a trick is four cards."""
    assert_error(record(re_eyes=eyes, re_tricks=tricks), "re_eyes", "re_tricks")


@pytest.mark.parametrize(
    ("eyes", "tricks"),
    [
        pytest.param(0, 0, id="Kontra all tricks"),
        pytest.param(240, 12, id="Re all tricks"),
        pytest.param(0, 1, id="1 trick of four Neunen"),
        pytest.param(0, 2, id="2 tricks of the 8 Neunen"),
        pytest.param(44, 1, id="1 trick of four Asse"),
        pytest.param(128, 3, id="3 tricks: 8 Asse + 4 Zehnen"),
        pytest.param(8, 3, id="3 tricks: 8 Neunen + 4 Buben"),
        pytest.param(112, 9, id="Kontra 3 tricks with 128"),
        pytest.param(2, 1, id="1 trick with one Bube"),
    ],
)
def test_tsr_2_2_possible_extremes_are_accepted(eyes: int, tricks: int) -> None:
    """The limits themselves are possible and must not be refused."""
    score_record(record(re_eyes=eyes, re_tricks=tricks))


# --- Sonderpunkte ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "changes",
    [
        pytest.param(
            {"re_eyes": 80, "re_tricks": 2, "specials": sp({"doppelkopf": 3})},
            id="3 Doppelkoepfe in 2 tricks",
        ),
        pytest.param(
            {"re_eyes": 70, "re_tricks": 3, "specials": sp({"doppelkopf": 2})},
            id="2 Doppelkoepfe need 80 Augen, Re has 70",
        ),
        pytest.param(
            {"re_eyes": 240, "re_tricks": 11, "specials": sp(None, {"doppelkopf": 1})},
            id="Kontra Doppelkopf with 0 Augen",
        ),
        pytest.param(
            {"re_eyes": 0, "re_tricks": 0, "specials": sp({"doppelkopf": 1})},
            id="Re Doppelkopf without a trick",
        ),
        pytest.param(
            {"re_eyes": 150, "re_tricks": 8, "specials": sp({"doppelkopf": 3}, {"doppelkopf": 2})},
            id="5 Doppelkoepfe in all, the 16 Asse and Zehnen make 4",
        ),
        pytest.param(
            {"re_eyes": 200, "re_tricks": 10, "specials": sp({"doppelkopf": 5})},
            id="5 Doppelkoepfe for one party",
        ),
        pytest.param({"specials": sp({"fuchs": 2}, {"fuchs": 1})}, id="3 Fuechse in all"),
        pytest.param({"specials": sp({"fuchs": 3})}, id="3 Fuechse for Re"),
        pytest.param({"specials": sp({"karlchen": 1}, {"karlchen": 1})}, id="2 Karlchen in all"),
        pytest.param({"specials": sp({"karlchen": 2})}, id="2 Karlchen for Re"),
        pytest.param(
            {"re_eyes": 0, "re_tricks": 0, "specials": sp({"fuchs": 1})},
            id="Fuchs for Re without a trick",
        ),
        pytest.param(
            {"re_eyes": 0, "re_tricks": 0, "specials": sp({"karlchen": 1})},
            id="Karlchen for Re without a trick",
        ),
        pytest.param(
            {"re_eyes": 240, "re_tricks": 12, "specials": sp(None, {"fuchs": 1})},
            id="Fuchs for Kontra without a trick",
        ),
        pytest.param(
            {"re_eyes": 240, "re_tricks": 12, "specials": sp(None, {"karlchen": 1})},
            id="Karlchen for Kontra without a trick",
        ),
    ],
)
def test_tsr_7_2_3_impossible_sonderpunkte(changes: dict[str, Any]) -> None:
    """Doppelkopf = a trick of 40+ Augen; 2 Karo Asse; one last trick (TSR 7.2.3)."""
    assert_error(record(**changes), "specials")


@pytest.mark.parametrize(
    "changes",
    [
        pytest.param(
            {"re_eyes": 160, "re_tricks": 8, "specials": sp({"doppelkopf": 4})},
            id="4 Doppelkoepfe for Re",
        ),
        pytest.param(
            {"re_eyes": 120, "re_tricks": 6, "specials": sp({"doppelkopf": 2}, {"doppelkopf": 2})},
            id="2 + 2 Doppelkoepfe",
        ),
        pytest.param({"specials": sp({"fuchs": 1}, {"fuchs": 1})}, id="1 + 1 Fuechse"),
        pytest.param({"specials": sp({"fuchs": 2, "karlchen": 1})}, id="2 Fuechse + Karlchen"),
        pytest.param({"specials": {"re": {"fuchs": 1}}}, id="kontra key missing"),
        pytest.param({"specials": DROP}, id="specials missing"),
    ],
)
def test_tsr_7_2_3_possible_sonderpunkte_are_accepted(changes: dict[str, Any]) -> None:
    """The limits themselves are fine; missing keys mean 0."""
    score_record(record(**changes))


@pytest.mark.parametrize(
    ("specials", "field"),
    [
        pytest.param({"re": {"schweinchen": 1}}, "specials", id="unknown Sonderpunkt"),
        pytest.param({"re": {"gegen_die_alten": 1}}, "specials", id="Kreuz-Damen is derived"),
        pytest.param({"bock": {}}, "specials", id="unknown party"),
        pytest.param({"re": [1, 0, 0]}, "specials", id="party not an object"),
        pytest.param([], "specials", id="specials not an object"),
    ],
)
def test_specials_unknown_keys(specials: Any, field: str) -> None:
    """Only re/kontra and doppelkopf/fuchs/karlchen exist (TSR 7.2.3); nothing is ignored."""
    assert_error(record(specials=specials), field)


# --- parties, players, types -------------------------------------------------------------------


@pytest.mark.parametrize(
    "game",
    [
        pytest.param(record(re=["Anna"]), id="normal with 1"),
        pytest.param(record(re=["Anna", "Ben", "Cem"]), id="normal with 3"),
        pytest.param(record(re=[]), id="normal with 0"),
        pytest.param(record(type="hochzeit", re=[]), id="hochzeit with 0"),
        pytest.param(record(type="hochzeit", re=["Anna", "Ben", "Cem"]), id="hochzeit with 3"),
        pytest.param(solo(re=["Ben", "Cem"]), id="solo with 2"),
        pytest.param(solo(re=[]), id="solo with 0"),
        pytest.param(record(type="stille_hochzeit", re=["Anna", "Cem"]), id="stille with 2"),
        pytest.param(record(type="stille_hochzeit", re=[]), id="stille with 0"),
        pytest.param(record(re=["Anna", "Xaver"]), id="name not a player"),
        pytest.param(record(re=["Anna", "anna"]), id="names are exact"),
        pytest.param(record(re=["Anna", "Anna"]), id="same Re player twice"),
        pytest.param(record(re="Anna Cem"), id="not a list"),
        pytest.param(record(re=["Anna", 2]), id="not a name"),
        pytest.param(record(re=DROP), id="missing"),
    ],
)
def test_tsr_4_re_party_of_the_wrong_size_or_names(game: dict[str, Any]) -> None:
    """Normal 2, Hochzeit 1 or 2, solo and stille Hochzeit 1, all among the players."""
    assert_error(game, "re")


@pytest.mark.parametrize(
    "game",
    [
        pytest.param(record(type="hochzeit", re=["Anna", "Dora"]), id="hochzeit with partner"),
        pytest.param(record(type="hochzeit", re=["Anna"]), id="hochzeit alone"),
        pytest.param(record(type="stille_hochzeit", re=["Dora"]), id="stille Hochzeit"),
        pytest.param(solo(), id="solo"),
    ],
)
def test_tsr_4_re_party_sizes_that_are_fine(game: dict[str, Any]) -> None:
    """The right Re party sizes are accepted."""
    score_record(game)


@pytest.mark.parametrize(
    "players",
    [
        pytest.param(["Anna", "Anna", "Cem", "Dora"], id="duplicate"),
        pytest.param(["Anna", "Ben", "Cem"], id="three"),
        pytest.param(["Anna", "Ben", "Cem", "Dora", "Emil"], id="five"),
        pytest.param(["Anna", "", "Cem", "Dora"], id="empty name"),
        pytest.param(["Anna", 7, "Cem", "Dora"], id="not a string"),
        pytest.param("Anna,Ben,Cem,Dora", id="not a list"),
        pytest.param(DROP, id="missing"),
    ],
)
def test_players_are_four_distinct_names(players: Any) -> None:
    """A game has four distinct, non-empty player names."""
    assert_error(record(players=players), "players")


@pytest.mark.parametrize(
    ("game", "field"),
    [
        pytest.param(record(type="armut"), "type", id="Armut is not in the TSR"),
        pytest.param(record(type="Normal"), "type", id="type is case-sensitive"),
        pytest.param(record(type=1), "type", id="type not a string"),
        pytest.param(record(type=DROP), "type", id="type missing"),
        pytest.param(solo(solo=DROP), "solo", id="solo without kind"),
        pytest.param(solo(solo="trumpf"), "solo", id="unknown solo kind"),
        pytest.param(solo(solo=None), "solo", id="solo kind null"),
        pytest.param(record(solo="kreuz"), "solo", id="kind for a Normalspiel"),
        pytest.param(
            record(type="stille_hochzeit", re=["Dora"], solo="karo"),
            "solo",
            id="kind for a stille Hochzeit",
        ),
        pytest.param(record(pflicht=True), "pflicht", id="pflicht for a Normalspiel"),
        pytest.param(
            record(type="hochzeit", re=["Anna"], pflicht="vorgefuehrt"),
            "pflicht",
            id="vorgefuehrt for a Hochzeit",
        ),
        pytest.param(solo(pflicht="ja"), "pflicht", id="pflicht not true/false/vorgefuehrt"),
        pytest.param(solo(pflicht=1), "pflicht", id="pflicht 1 is not true"),
    ],
)
def test_type_solo_and_pflicht_fields(game: dict[str, Any], field: str) -> None:
    """type is one of four; solo exactly for type solo; pflicht only for a solo."""
    assert_error(game, field)


@pytest.mark.parametrize(
    ("calls", "field"),
    [
        pytest.param({"re": "keine120", "kontra": None}, "calls.re", id="keine120"),
        pytest.param({"re": "kontra", "kontra": None}, "calls.re", id="Kontra call for Re"),
        pytest.param({"re": None, "kontra": "re"}, "calls.kontra", id="Re call for Kontra"),
        pytest.param({"re": "Re", "kontra": None}, "calls.re", id="tokens are lower case"),
        pytest.param({"re": "keine 90", "kontra": None}, "calls.re", id="keine 90 with space"),
        pytest.param({"re": 90, "kontra": None}, "calls.re", id="number"),
        pytest.param({"re": None, "kontra": True}, "calls.kontra", id="boolean"),
        pytest.param({"re": None, "kontra": ["kontra"]}, "calls.kontra", id="list"),
        pytest.param({"re": None, "bock": "re"}, "calls", id="unknown key"),
        pytest.param(["re", None], "calls", id="not an object"),
    ],
)
def test_tsr_6_unknown_call_values(calls: Any, field: str) -> None:
    """calls.re: null, re, keine90..schwarz; calls.kontra the same with kontra (TSR 6)."""
    assert_error(record(calls=calls), field)


@pytest.mark.parametrize("tricks", [0, 1, 2])
def test_tsr_4_4_3_hochzeit_alone_needs_the_first_three_tricks(tricks: int) -> None:
    """The Hochzeiter plays alone only after winning the first three tricks."""
    eyes = {0: 0, 1: 30, 2: 60}[tricks]
    game = record(type="hochzeit", re=["Anna"], re_eyes=eyes, re_tricks=tricks)
    assert_error(game, "re_tricks", "re")


def test_hochzeit_alone_with_three_tricks_is_fine() -> None:
    """Three tricks are enough for a Hochzeit played alone (TSR 4.4.3)."""
    score_record(record(type="hochzeit", re=["Anna"], re_eyes=60, re_tricks=3))


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        pytest.param({"re_eyes": 241}, "re_eyes", id="re_eyes 241"),
        pytest.param({"re_tricks": 13}, "re_tricks", id="re_tricks 13"),
        pytest.param({"re_eyes": 130, "re_tricks": 3}, "re_eyes", id="3 tricks with 130"),
        pytest.param({"re": ("Anna",)}, "re", id="normal with one Re player"),
        pytest.param({"re": ("Anna", "Xaver")}, "re", id="Re name not a player"),
        pytest.param({"players": ("Anna", "Anna", "Cem", "Dora")}, "players", id="duplicates"),
    ],
)
def test_verify_summary_refuses_impossible_summaries(changes: dict[str, Any], field: str) -> None:
    """The Python API checks a GameSummary the same way (verify_summary)."""
    valid: dict[str, Any] = {
        "players": tuple(PLAYERS),
        "game_type": GameType.NORMAL,
        "re": ("Anna", "Cem"),
        "re_eyes": 121,
        "re_tricks": 6,
    }
    verify_summary(GameSummary(**valid))
    with pytest.raises(DokoError) as info:
        verify_summary(GameSummary(**{**valid, **changes}))
    message = str(info.value)
    assert message.startswith((f"{field}:", f"{field}.")), message
    assert "TSR" in message


# --- the command line --------------------------------------------------------------------------


def run_cli(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "rules_engine", *args],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        check=False,
        timeout=120,
    )


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def output_lines(done: subprocess.CompletedProcess[bytes]) -> list[dict[str, Any]]:
    """stdout as strict JSON Lines: valid UTF-8, one JSON object per line, no NaN/Infinity."""
    text = done.stdout.decode("utf-8")  # strict: raises on invalid UTF-8
    assert text == "" or text.endswith("\n")
    lines = [json.loads(line, parse_constant=_no_constants) for line in text.splitlines()]
    assert all(type(line) is dict for line in lines)
    return lines


def line(**changes: Any) -> bytes:
    return json.dumps(record(**changes)).encode() + b"\n"


def test_cli_one_output_line_per_nonblank_input_line_in_order() -> None:
    """Blank lines are skipped; every other line gives one line, in the input order."""
    stdin = (
        b"\n"
        + line(id="a")
        + b"   \n"
        + line(id="b", re_eyes=241)
        + b"\t\n"
        + b"not json\n"
        + b"\r\n"
        + line(id="c", re_eyes=120)
        + b"\n\n"
        + json.dumps(record(id="d")).encode()  # last line without a newline
    )
    done = run_cli("score", stdin=stdin)
    out = output_lines(done)
    assert [o["id"] for o in out] == ["a", "b", None, "c", "d"]
    assert ["error" in o for o in out] == [False, True, True, False, False]
    assert (out[0]["winner"], out[0]["value"]) == ("re", 1)  # 121 without calls, TSR 7.1
    assert (out[3]["winner"], out[3]["value"]) == ("kontra", -2)  # 120: 1 + Kreuz-Damen
    assert done.returncode == 1
    assert done.stderr == b""


def test_cli_exit_status_0_when_every_line_is_valid() -> None:
    """Exit status 0 when all lines are valid; output matches score_record for each line."""
    games = [record(id=f"g{i}", re_eyes=eyes) for i, eyes in enumerate((121, 120, 151, 89))]
    done = run_cli("score", stdin=b"".join(json.dumps(g).encode() + b"\n" for g in games))
    assert done.returncode == 0
    assert done.stderr == b""
    assert output_lines(done) == [score_record(g) for g in games]


def test_cli_empty_input_is_valid() -> None:
    """No lines (or only blank ones): no output, exit status 0."""
    done = run_cli("score", stdin=b"\n  \n")
    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(b"not json", id="text"),
        pytest.param(b'{"id": "x", "players": ', id="truncated object"),
        pytest.param(b"{'id': 'x'}", id="single quotes"),
        pytest.param(b'[{"id": "x"}]', id="array"),
        pytest.param(b'"x"', id="string"),
        pytest.param(b"42", id="number"),
        pytest.param(b"null", id="null"),
        pytest.param(b"true", id="boolean"),
        pytest.param(b'{"id": "x"} {"id": "y"}', id="two objects on one line"),
        pytest.param(b"\xff\xfe{}", id="invalid UTF-8"),
    ],
)
def test_cli_invalid_json_or_not_an_object_gives_id_null(text: bytes) -> None:
    """A line that is not one JSON object: {"id": null, "error": "...", "code": "..."},
    exit status 1."""
    done = run_cli("score", stdin=text + b"\n" + line(id="after"))
    out = output_lines(done)
    assert len(out) == 2
    assert list(out[0]) == ["id", "error", "code"]
    assert out[0]["code"] in {"line_not_json", "line_not_object"}
    assert out[0]["id"] is None
    assert isinstance(out[0]["error"], str)
    assert out[0]["error"]
    assert out[1]["id"] == "after"
    assert "error" not in out[1]
    assert done.returncode == 1
    assert done.stderr == b""


@pytest.mark.parametrize(
    ("game", "field"),
    [
        pytest.param(record(id="r1-t3-g7", re_eyes=241, re_tricks=12), "re_eyes", id="string id"),
        pytest.param(record(id=17, re=["Anna"]), "re", id="number id"),
        pytest.param(record(id="s", type="solo", re=["Ben"]), "solo", id="solo kind missing"),
        pytest.param(record(id="p", players=["A", "A", "B", "C"]), "players", id="players"),
        pytest.param(record(id="c", calls={"re": "kontra"}), "calls.re", id="calls"),
    ],
)
def test_cli_echoes_the_id_on_error_lines(game: dict[str, Any], field: str) -> None:
    """An impossible game: {"id": <its id>, "error": "<field>: ... (TSR x)", "code": ...}."""
    done = run_cli("score", stdin=json.dumps(game).encode() + b"\n")
    [out] = output_lines(done)
    assert out == {"id": game["id"], "error": out["error"], "code": out["code"]}
    assert Code(out["code"]).section is not None
    assert out["error"].startswith((f"{field}:", f"{field}.")), out["error"]
    assert "TSR" in out["error"]
    assert done.returncode == 1
    assert done.stderr == b""


def test_cli_missing_id_is_null_on_error_and_on_success() -> None:
    """Without an id the output id is null."""
    bad = {k: v for k, v in record(re_eyes=-5).items() if k != "id"}
    good = {k: v for k, v in record().items() if k != "id"}
    done = run_cli("score", stdin=(json.dumps(bad) + "\n" + json.dumps(good) + "\n").encode())
    out = output_lines(done)
    assert [o["id"] for o in out] == [None, None]
    assert "error" in out[0]
    assert out[1]["winner"] == "re"


@pytest.mark.parametrize(
    "args",
    [
        pytest.param((), id="no command"),
        pytest.param(("frobnicate",), id="unknown command"),
        pytest.param(("SCORE",), id="command is case-sensitive"),
    ],
)
def test_cli_usage_error_exit_status_2(args: tuple[str, ...]) -> None:
    """A usage error exits with 2 and no traceback."""
    done = run_cli(*args, stdin=line())
    assert done.returncode == 2
    assert b"Traceback" not in done.stderr
    assert b"Traceback" not in done.stdout


def test_cli_output_is_utf8_json_with_names_kept() -> None:
    """stdout is UTF-8 JSON; non-ASCII names come back exactly as given."""
    players = ["Jürgen", "Özlem", "Ægir", "Ångström 🂡"]
    game = record(id="ü-1", players=players, re=["Jürgen", "Ægir"])
    done = run_cli("score", stdin=json.dumps(game, ensure_ascii=False).encode("utf-8") + b"\n")
    [out] = output_lines(done)
    assert out["id"] == "ü-1"
    assert out["scores"] == {"Jürgen": 1, "Özlem": -1, "Ægir": 1, "Ångström 🂡": -1}
    assert done.returncode == 0
    assert done.stderr == b""


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(b"[" * 100_000, id="deeply nested array"),
        pytest.param(b'{"id": ' + b"[" * 50_000 + b"]" * 50_000 + b"}", id="deeply nested id"),
        pytest.param(b'{"id": "x", "re_eyes": ' + b"9" * 5000 + b"}", id="5000-digit number"),
        pytest.param(b'{"id": "x", "re_eyes": 1e999}', id="huge float"),
        pytest.param(b'{"id": NaN}', id="NaN is not JSON"),
        pytest.param(b'{"id": Infinity, "players": []}', id="Infinity is not JSON"),
        pytest.param(b'{"id": -Infinity}', id="minus Infinity is not JSON"),
        pytest.param(b'{"id": 1e999}', id="id overflows to infinity"),
        pytest.param(b'{"id": "\\ud800", "players": []}', id="lone surrogate id, bad game"),
        pytest.param(
            json.dumps(record(id="\ud800")).encode(),
            id="lone surrogate id, good game",
        ),
        pytest.param(
            json.dumps(record(id="s", players=["Anna", "Ben", "Cem", "\udc80"])).encode(),
            id="lone surrogate player name",
        ),
        pytest.param(b'{"id": "\x00\x1f"}', id="control characters"),
        pytest.param(b"\xef\xbb\xbf" + json.dumps(record(id="bom")).encode(), id="UTF-8 BOM"),
        pytest.param(b'{"id": {"a": [1, 2]}, "players": 5}', id="object id"),
        pytest.param(b'{"__proto__": 1, "id": "x"}', id="odd keys"),
    ],
)
def test_cli_never_a_traceback(text: bytes) -> None:
    """Whatever the line, one JSON object out, strict UTF-8 JSON, stderr empty, exit 0 or 1."""
    done = run_cli("score", stdin=text + b"\n" + line(id="after"))
    assert b"Traceback" not in done.stderr
    assert done.stderr == b""
    out = output_lines(done)
    assert len(out) == 2
    assert "id" in out[0]
    assert ("error" in out[0]) != ("winner" in out[0])
    assert out[1] == score_record(record(id="after"))
    assert done.returncode in (0, 1)


def test_cli_not_json_constants_are_errors() -> None:
    """NaN and Infinity are not JSON (RFC 8259): such a line is an error with id null."""
    done = run_cli("score", stdin=json.dumps(record(id="x")).replace('"x"', "NaN").encode())
    [out] = output_lines(done)
    assert out["id"] is None
    assert "error" in out
    assert done.returncode == 1


def test_cli_large_input_keeps_order() -> None:
    """Thousands of lines (more than one chunk of work) still come out one for one, in order."""
    lines = []
    expected = []
    for i in range(4500):
        if i % 7 == 3:
            lines.append(b"\n")
            continue
        bad = i % 5 == 0
        lines.append(line(id=i, re_eyes=241 if bad else 121))
        expected.append((i, bad))
    done = run_cli("score", stdin=b"".join(lines))
    out = output_lines(done)
    assert [(o["id"], "error" in o) for o in out] == expected
    assert done.returncode == 1
    assert done.stderr == b""
