"""SQLite's writers queue across threads and server processes (``tournament.writer_queue``):
one at a time, in turn, and never for longer than the busy timeout."""

from __future__ import annotations

import itertools
import multiprocessing
import threading
import time
from pathlib import Path

import pytest
from flask import Flask
from sqlalchemy import column, insert, table, text

from tests.webapp import others_can_write
from tournament.app import create_app
from tournament.extensions import begin_writing, db, reads_first
from tournament.writer_queue import WriterQueue

HOLD = 0.15  # seconds each writer keeps its turn


def _write_turns(path: str, turns: int, log: multiprocessing.Queue[tuple[float, float]]) -> None:
    """A server process's writer: take the turn, hold it, give it back; log the interval."""
    queue = WriterQueue(path, timeout=30)
    for _ in range(turns):
        assert queue.acquire()
        started = time.monotonic()
        time.sleep(HOLD)
        ended = time.monotonic()
        queue.release()
        log.put((started, ended))


def _overlaps(intervals: list[tuple[float, float]]) -> list[tuple[float, float]]:
    ordered = sorted(intervals)
    return [b for a, b in itertools.pairwise(ordered) if b[0] < a[1]]


def test_writers_of_different_processes_take_turns(tmp_path: Path) -> None:
    context = multiprocessing.get_context("spawn")
    log: multiprocessing.Queue[tuple[float, float]] = context.Queue()
    path = str(tmp_path / "doko.sqlite.writers")
    processes = [context.Process(target=_write_turns, args=(path, 3, log)) for _ in range(3)]
    for process in processes:
        process.start()
    intervals = [log.get(timeout=60) for _ in range(9)]
    for process in processes:
        process.join(30)
        assert process.exitcode == 0
    assert _overlaps(intervals) == []


def test_writers_of_one_process_take_turns(tmp_path: Path) -> None:
    queue = WriterQueue(str(tmp_path / "doko.sqlite.writers"), timeout=30)
    intervals: list[tuple[float, float]] = []

    def write() -> None:
        for _ in range(3):
            assert queue.acquire()
            started = time.monotonic()
            time.sleep(HOLD / 3)
            intervals.append((started, time.monotonic()))
            queue.release()

    threads = [threading.Thread(target=write) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(intervals) == 12
    assert _overlaps(intervals) == []


def test_a_writer_waits_no_longer_than_the_timeout(tmp_path: Path) -> None:
    path = str(tmp_path / "doko.sqlite.writers")
    holder = WriterQueue(path, timeout=5)  # another process: its own open file
    waiter = WriterQueue(path, timeout=0.2)
    assert holder.acquire()
    started = time.monotonic()
    assert not waiter.acquire()
    assert time.monotonic() - started >= 0.2  # it waited its turn as long as it may
    holder.release()
    assert waiter.acquire()  # the failed wait left nothing locked behind
    waiter.release()


def _write_in_a_request(app: Flask) -> None:
    """What any request that may write does first: begin its transaction."""
    with app.test_request_context("/", method="POST"):
        db.session.execute(text("SELECT 1"))
        db.session.commit()


def test_the_lock_file_lies_beside_the_database(tmp_path: Path) -> None:
    app = create_app({"TESTING": True}, instance_path=str(tmp_path))
    with app.app_context():
        database = db.engine.url.database
    assert database is not None
    _write_in_a_request(app)
    assert Path(f"{database}.writers").exists()


@pytest.mark.parametrize("uri", ["sqlite://", "sqlite:///:memory:"])
def test_a_database_in_memory_needs_no_lock_file(tmp_path: Path, uri: str) -> None:
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": uri}, instance_path=str(tmp_path))
    _write_in_a_request(app)
    assert list(tmp_path.glob("*.writers")) == []


# ------------------------------------------------------------------ requests that read first


def _app_with_a_table(tmp_path: Path) -> tuple[Flask, str]:
    app = create_app({"TESTING": True}, instance_path=str(tmp_path))
    with app.app_context():
        db.session.execute(text("CREATE TABLE note (text TEXT)"))
        db.session.commit()
        database = db.engine.url.database
    assert database is not None
    return app, database


def test_a_request_that_reads_first_takes_the_write_lock_at_begin_writing(tmp_path: Path) -> None:
    app, database = _app_with_a_table(tmp_path)
    with app.test_request_context("/", method="POST"):
        reads_first()
        db.session.execute(text("SELECT count(*) FROM note"))
        assert others_can_write(database)
        begin_writing()
        db.session.execute(text("INSERT INTO note VALUES ('gespeichert')"))
        assert not others_can_write(database)
        db.session.commit()
        assert others_can_write(database)
        with db.engine.connect() as connection:
            assert connection.execute(text("SELECT text FROM note")).scalar() == "gespeichert"


def test_a_request_that_writes_from_the_start_holds_the_lock_from_its_first_query(
    tmp_path: Path,
) -> None:
    app, database = _app_with_a_table(tmp_path)
    with app.test_request_context("/", method="POST"):
        db.session.execute(text("SELECT count(*) FROM note"))
        assert not others_can_write(database)
        begin_writing()  # nothing changes: it writes already
        db.session.rollback()
        assert others_can_write(database)


def test_a_write_before_begin_writing_is_refused(tmp_path: Path) -> None:
    """A change of a list is worked out while only reading; a write then is a mistake in the
    code, refused before it reaches the database (it would fail under load on SQLite)."""
    app, _ = _app_with_a_table(tmp_path)
    with app.test_request_context("/", method="POST"):
        reads_first()
        db.session.execute(text("SELECT count(*) FROM note"))
        with pytest.raises(RuntimeError, match="begin_writing"):
            db.session.execute(insert(table("note", column("text"))).values(text="zu früh"))
        db.session.rollback()
    with app.app_context():
        assert db.session.execute(text("SELECT count(*) FROM note")).scalar() == 0


@pytest.mark.parametrize("ending", ["commit", "rollback"])
def test_the_next_writer_s_turn_comes_when_sqlite_s_lock_is_free(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ending: str
) -> None:
    """The turn passes on after the transaction has ended, not just before: the next writer
    must not meet SQLite's lock and wait in its sleeping busy handler."""
    app, database = _app_with_a_table(tmp_path)
    free_when_passed_on: list[bool] = []
    release = WriterQueue.release

    def passing_on(queue: WriterQueue) -> None:
        free_when_passed_on.append(others_can_write(database))
        release(queue)

    monkeypatch.setattr(WriterQueue, "release", passing_on)
    with app.test_request_context("/", method="POST"):
        db.session.execute(text("INSERT INTO note VALUES ('gespeichert')"))
        getattr(db.session, ending)()
    assert free_when_passed_on == [True]
    with app.app_context():
        stored = db.session.execute(text("SELECT count(*) FROM note")).scalar()
    assert stored == (1 if ending == "commit" else 0)
