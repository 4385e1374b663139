"""The command line's fast ways produce exactly what the plain way produces.

* ``score``'s memo (rules_engine.fastscore) files a game under a key without names, ids,
  seats and calls; so each example first teaches it one valid summary and then asks it for
  variants of that game: other names and ids, other calls, other Re seats, and single fields
  changed to values of every JSON type (valid or not). Every output line must equal the full
  path's line, byte for byte.
* A regular input file is shared out to processes that read and write it themselves
  (rules_engine.ring): the output is the single process's output, byte for byte; a failing
  output gives a message, never a traceback, on every way.
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import random
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO, Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine import cli
from rules_engine.cli import BLOCK
from rules_engine.fastscore import ScoreMemo
from rules_engine.records import replay_record, score_record
from rules_engine.simulate import random_record
from tests.support.examples import examples
from tests.support.strategies import KONTRA_CALLS, NAMES, RE_CALLS, SOLOS, summaries
from tests.support.terminal import as_in_a_terminal

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = settings(
    max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

#: Values of every JSON type, including those Python holds equal to valid ones.
ODD_VALUES = st.sampled_from(
    [None, True, False, 0, 1, 1.0, -1, 2, 3, 12, 121, 240, 2**70, "", " ", "re", "kontra",
     "keine90", "schwarz", "normal", "solo", "hochzeit", "stille_hochzeit", "vorgefuehrt",
     *SOLOS, [], {}, ["x"], {"re": None}, {"doppelkopf": 1}]
)  # fmt: skip

#: Paths of the fields a variant may change: top-level keys and nested counts and calls.
FIELDS = st.sampled_from(
    [("id",), ("type",), ("re_eyes",), ("re_tricks",), ("solo",), ("pflicht",), ("re",),
     ("players",), ("calls",), ("calls", "re"), ("calls", "kontra"), ("calls", "extra"),
     ("specials",), ("specials", "re"), ("specials", "kontra"), ("specials", "re", "fuchs"),
     ("specials", "kontra", "doppelkopf"), ("specials", "re", "karlchen"),
     ("specials", "re", "other"), ("players", 0), ("re", 0)]
)  # fmt: skip


def changed(record: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    """``record`` with the value at ``path`` set, or removed for ``...``."""
    result = copy.deepcopy(record)
    holder: Any = result
    for step in path[:-1]:
        if isinstance(holder, dict):
            holder = holder.setdefault(step, {})
        elif isinstance(holder, list) and isinstance(step, int) and step < len(holder):
            holder = holder[step]
        else:
            return result
    last = path[-1]
    if isinstance(holder, dict):
        if value is ...:
            holder.pop(last, None)
        else:
            holder[last] = value
    elif isinstance(holder, list) and isinstance(last, int) and last < len(holder):
        if value is ...:
            del holder[last]
        else:
            holder[last] = value
    return result


@st.composite
def variants(draw: st.DrawFn, base: dict[str, Any]) -> dict[str, Any]:
    """The same game with other names, ids, calls or Re seats, or with fields changed."""
    record = copy.deepcopy(base)
    if draw(st.booleans()):
        players = draw(st.lists(NAMES, min_size=4, max_size=4, unique=True))
        rename = dict(zip(record["players"], players, strict=True))
        record["players"] = players
        record["re"] = [rename[name] for name in record["re"]]
    if draw(st.booleans()):
        record["re"] = draw(st.permutations(record["players"]))[: len(record["re"])]
    if draw(st.booleans()):
        record["id"] = draw(st.one_of(st.none(), st.integers(), st.text(max_size=6), ODD_VALUES))
    if draw(st.booleans()):
        record["calls"] = {
            "re": draw(st.sampled_from(RE_CALLS)),
            "kontra": draw(st.sampled_from(KONTRA_CALLS)),
        }
    for _ in range(draw(st.integers(0, 2))):
        value = draw(st.one_of(ODD_VALUES, st.just(...)))
        record = changed(record, draw(FIELDS), value)
    return record


def full_line(record: dict[str, Any]) -> tuple[str, bool]:
    return cli._full_line(score_record, json.dumps(record, ensure_ascii=False))


@SETTINGS
@given(summaries(), st.data())
def test_fast_path_answers_as_the_full_path(base: dict[str, Any], data: st.DataObject) -> None:
    memo = ScoreMemo(cli._encode_utf8)
    records = [base, *(data.draw(variants(base)) for _ in range(6))]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(cli, "_MEMO", memo)
        for record in records:
            line = json.dumps(record, ensure_ascii=False)
            assert cli.process_line(score_record, line) == full_line(record), line


def test_fast_path_is_taken_for_a_known_game() -> None:
    """The comparison above is only worth something if the memo answers at all."""
    memo = ScoreMemo(cli._encode_utf8)
    game = {
        "id": 1,
        "players": ["A", "B", "C", "D"],
        "type": "normal",
        "re": ["A", "C"],
        "re_eyes": 151,
        "re_tricks": 8,
        "calls": {"re": "re", "kontra": None},
    }
    miss = memo.lookup(game)
    assert isinstance(miss, tuple)
    assert memo.learn(miss, game) == full_line(game)[0]
    other = game | {"id": "x", "players": ["W", "X", "Y", "Z"], "re": ["Z", "W"]}
    other["calls"] = {"re": "keine90", "kontra": "kontra"}
    answer = memo.lookup(other)
    assert isinstance(answer, str)
    assert answer == full_line(other)[0]


# ------------------------------------------------------- a regular input file, shared out
def record_summary(record: dict[str, Any]) -> dict[str, Any]:
    """The ``score`` record of a replayed game."""
    return {"id": record["id"], "players": record["players"], **replay_record(record)["summary"]}


def command_line(command: str, jobs: int) -> list[str]:
    return [sys.executable, "-m", "rules_engine", command, "--jobs", str(jobs)]


def run_on_file(
    path: Path, command: str, jobs: int, stdout: Any = subprocess.PIPE
) -> subprocess.CompletedProcess[bytes]:
    """The command line with ``path`` as standard input (a regular file, as with ``<``)."""
    with path.open("rb") as stdin:
        return subprocess.run(
            command_line(command, jobs),
            stdin=stdin,
            stdout=stdout,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            check=False,
            timeout=300,
        )


def summaries_file(folder: Path, size: int) -> Path:
    """A file of at least ``size`` bytes of valid ``score`` lines."""
    rng = random.Random(11)
    games = [json.dumps(record_summary(random_record(rng))).encode() + b"\n" for _ in range(50)]
    path = folder / "summaries.jsonl"
    path.write_bytes(b"".join(games) * (size // sum(map(len, games)) + 1))
    return path


@pytest.mark.parametrize("command", ["score", "replay"])
def test_file_input_shared_out_gives_the_single_process_output(
    command: str, tmp_path: Path
) -> None:
    """A file of several chunks (rules_engine.ring) comes out byte for byte as with one
    process: the same lines in the same order, errors included, and the same exit status."""
    rng = random.Random(7)
    # A pool of different games, taken in turn: a ``score`` line takes a replay to make, and
    # the three blocks hold about 5,000 of them.
    pool = [random_record(rng) for _ in range(1_000)]
    if command == "score":
        pool = [record_summary(record) for record in pool]
    lines: list[bytes] = []
    size = 0
    while size < 3 * BLOCK:
        record = pool[len(lines) % len(pool)]
        if rng.random() < 0.05:
            record = {**record, "id": [1]}  # an id of the wrong type: an error line
        lines.append(json.dumps(record, ensure_ascii=False).encode() + b"\n")
        size += len(lines[-1])
        if rng.random() < 0.01:
            lines.append(b"not json\n\n")
    source = tmp_path / "in.jsonl"
    source.write_bytes(b"".join(lines))
    single = run_on_file(source, command, 1)
    shared = run_on_file(source, command, 3)
    assert shared.stderr == single.stderr == b""
    assert shared.returncode == single.returncode == 1
    assert shared.stdout == single.stdout
    assert single.stdout.count(b"\n") == sum(1 for line in lines if line.strip())


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(("jobs", "size"), [(1, 10_000), (2, 3 * BLOCK)], ids=["one", "shared"])
@pytest.mark.parametrize("piped", [False, True], ids=["file", "pipe"])
def test_a_full_disk_gives_a_message_and_status_1(
    jobs: int, size: int, piped: bool, tmp_path: Path
) -> None:
    source = summaries_file(tmp_path, size)
    with open("/dev/full", "wb") as full:
        if piped:
            done = subprocess.run(
                command_line("score", jobs),
                input=source.read_bytes(),
                stdout=full,
                stderr=subprocess.PIPE,
                cwd=ROOT,
                check=False,
                timeout=300,
            )
        else:
            done = run_on_file(source, "score", jobs, stdout=full)
    assert done.returncode == 1
    assert done.stderr.decode() == "python -m rules_engine: No space left on device\n"


def start_piped(
    data: bytes, jobs: int, *, close: bool = True
) -> tuple[subprocess.Popen[bytes], threading.Thread, IO[bytes]]:
    """``score`` reading ``data`` from a pipe, fed by a thread, output to a pipe; without
    ``close`` the pipe stays open after the data, as a producer that has more to come. The
    pipe is the feeder's alone (returned for the test to close): ``communicate()`` would
    flush it first, waiting for the feeder's write while the command waits for its output
    to be read."""
    process = subprocess.Popen(
        command_line("score", jobs),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        start_new_session=True,  # its own process group, as a shell gives a pipeline
        preexec_fn=as_in_a_terminal,
    )
    stdin = process.stdin
    assert stdin is not None
    process.stdin = None

    def feed() -> None:
        with contextlib.suppress(BrokenPipeError):
            stdin.write(data)
            if close:
                stdin.close()
            else:
                stdin.flush()

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    return process, feeder, stdin


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_reader_that_stops_early_ends_the_run_quietly(jobs: int, tmp_path: Path) -> None:
    """``... | python -m rules_engine score | head -1``: status 1, no message, no hang."""
    process, _, _ = start_piped(summaries_file(tmp_path, 8 * BLOCK).read_bytes(), jobs)
    assert process.stdout is not None and process.stderr is not None
    assert json.loads(process.stdout.readline())["winner"] is not None
    process.stdout.close()
    assert process.wait(timeout=60) == 1
    assert process.stderr.read() == b""


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_ends_the_run_with_status_130_and_no_traceback(jobs: int, tmp_path: Path) -> None:
    process, _, _ = start_piped(summaries_file(tmp_path, 8 * BLOCK).read_bytes(), jobs)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.readline()  # it is under way
    os.killpg(process.pid, signal.SIGINT)  # Ctrl+C reaches the whole process group
    output = process.communicate(timeout=60)
    assert process.returncode == 130
    assert output[1] == b""


def test_ctrl_c_while_the_input_waits_ends_the_run_with_status_130_and_no_message(
    tmp_path: Path,
) -> None:
    """Ctrl+C while the pool's reader waits for more of a pipe that is still open: Python's
    exit must not need a lock that the waiting reader holds (standard input's buffer: "Fatal
    Python error ... possibly due to daemon threads", status -6)."""
    data = summaries_file(tmp_path, 3 * BLOCK).read_bytes()
    process, feeder, stdin = start_piped(data, 2, close=False)
    assert process.stdout is not None
    # The output comes in buffer-fulls (8 KiB, a line at least 131 bytes): once all but the
    # lines one buffer holds are out, the reader has handed out the whole input and waits.
    for _ in range(data.count(b"\n") - 8192 // 131):
        process.stdout.readline()
    feeder.join(timeout=60)
    os.killpg(process.pid, signal.SIGINT)
    stdin.close()  # the producer of a shell's pipeline ends with Ctrl+C too
    _, errors = process.communicate(timeout=60)
    assert errors == b""
    assert process.returncode == 130
