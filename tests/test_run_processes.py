"""``scripts/run.py`` serves from several processes: all answer on one port, one that dies is
replaced, and they end together, by Ctrl+C, SIGTERM, or with a killed supervisor."""

from __future__ import annotations

import contextlib
import errno
import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import run  # noqa: E402

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="server processes need fork")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # "pid (name) state ppid ...": the name may hold spaces, so split after its ")"
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found.add(int(entry.name))
    return found


def _descendants(pid: int) -> set[int]:
    """The server processes and theirs (each one's Excel export workers)."""
    found = set()
    for child in _children(pid):
        found |= {child, *_descendants(child)}
    return found


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _wait_for(condition: Callable[[], bool], seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError(f"not within {seconds} s")


def _get(port: int, path: str = "/") -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path)
        return connection.getresponse().status
    finally:
        connection.close()


def _answers(port: int) -> bool:
    try:
        return _get(port) == 302  # to the first set-up
    except OSError:
        return False


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], int]]:
    port = _free_port()
    environment = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'doko.sqlite'}",
        "SECRET_KEY": "test",
    }
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "scripts" / "run.py"), "--port", str(port), "--processes", "2"],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # its own process group, as a terminal's Ctrl+C reaches it
    )
    try:
        _wait_for(lambda: _answers(port) and len(_children(process.pid)) == 2)
        yield process, port
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        process.communicate(timeout=30)


def test_two_processes_answer_and_end_with_ctrl_c(
    server: tuple[subprocess.Popen[str], int],
) -> None:
    process, port = server
    assert all(_get(port, "/einrichten") == 200 for _ in range(20))
    started = _descendants(process.pid)
    os.killpg(process.pid, signal.SIGINT)
    output, _ = process.communicate(timeout=30)
    assert process.returncode == 0
    assert "Doko-Turnier beendet." in output
    assert "Traceback" not in output, output
    assert "leaked" not in output, output  # the export workers were shut down, not dropped
    _wait_for(lambda: not any(_alive(pid) for pid in started), seconds=10)


def test_sigterm_ends_every_process(server: tuple[subprocess.Popen[str], int]) -> None:
    process, _ = server
    started = _descendants(process.pid)
    process.terminate()
    output, _ = process.communicate(timeout=30)
    assert process.returncode == 0
    assert "Traceback" not in output, output
    assert "leaked" not in output, output
    _wait_for(lambda: not any(_alive(pid) for pid in started), seconds=10)


def test_a_process_that_dies_is_replaced(server: tuple[subprocess.Popen[str], int]) -> None:
    process, port = server
    first, second = sorted(_children(process.pid))
    os.kill(first, signal.SIGKILL)
    _wait_for(lambda: len(_children(process.pid) - {first}) == 2)
    assert second in _children(process.pid)
    assert all(_answers(port) for _ in range(10))


def test_the_processes_end_with_a_killed_supervisor(
    server: tuple[subprocess.Popen[str], int],
) -> None:
    process, port = server
    started = _descendants(process.pid)
    process.kill()  # no clean-up runs in the supervisor
    process.wait(timeout=30)
    _wait_for(lambda: not any(_alive(pid) for pid in started), seconds=10)
    assert not _answers(port)


def test_a_port_in_use_is_named_without_a_traceback(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            [sys.executable, str(ROOT / "scripts" / "run.py"), "--port", str(port)],
            cwd=ROOT,
            env={**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'doko.sqlite'}"},
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert result.returncode == 1
    assert f"Port {port} ist schon belegt" in result.stderr
    assert "Traceback" not in result.stderr


# ------------------------------------------------------------------ one socket per process


def test_each_process_gets_its_own_socket_and_connections_are_spread_over_them() -> None:
    """Connections are handed out by the kernel over the processes' sockets, not to whichever
    process wakes first (under a burst that left one core idle)."""
    listeners = run.listen("127.0.0.1", 0, 3)
    clients: list[socket.socket] = []
    try:
        ports = {listener.getsockname()[1] for listener in listeners}
        assert len(listeners) == 3 and len(ports) == 1
        [port] = ports
        for _ in range(60):
            clients.append(socket.create_connection(("127.0.0.1", port), timeout=10))
        accepted = []
        for listener in listeners:
            listener.setblocking(False)
            count = 0
            with contextlib.suppress(BlockingIOError):
                while True:
                    connection, _ = listener.accept()
                    connection.close()
                    count += 1
            accepted.append(count)
        assert sum(accepted) == 60
        assert all(count > 0 for count in accepted), accepted  # all three: p ≈ 1e-10 to fail
    finally:
        for client in clients:
            client.close()
        for listener in listeners:
            listener.close()


@pytest.mark.parametrize("shared", [False, True], ids=["plain", "shared port"])
def test_a_port_another_program_listens_on_is_refused(shared: bool) -> None:
    """Also when that program offers its port for sharing (SO_REUSEPORT), as the server
    processes of another Doko-Turnier do: it is never joined."""
    with socket.socket() as taken:
        if shared:
            taken.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        for count in (1, 2):
            with pytest.raises(OSError) as refused:
                run.listen("127.0.0.1", port, count)
            assert refused.value.errno == errno.EADDRINUSE
