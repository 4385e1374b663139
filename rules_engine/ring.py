"""A regular input file processed by several processes that write their output in turn.

With a pool, every input byte goes through the parent (read, pickle, pipe, unpickle) and
every output byte comes back the same way, and the parent's three threads wake for each
block: for a file of summaries that is a tenth of the workers' time, taken from them
when there is one core per worker. When standard input is a regular file this module
does without: the file is cut into chunks of whole lines, process ``w`` of ``n`` (the
parent is process 0, the others are forked) takes chunks ``w``, ``w + n``, ... and
reads each one itself (``pread``), and the processes write to the shared standard output
strictly in chunk order, passing a one-byte token around a ring of pipes: process ``w``
writes chunk ``k`` after reading the token that process ``w - 1`` sends when chunk
``k - 1`` is written. Nothing is copied between processes but the tokens.
"""

from __future__ import annotations

import errno
import os
import select
import sys
from collections import deque
from collections.abc import Callable

#: Output and whether every line was valid, for one chunk of input.
Worker = Callable[[bytes], tuple[bytes, bool]]

#: Outputs a process may hold while it waits for its turn to write.
LOOKAHEAD = 4

# Exit codes of a forked process, read by the parent.
_ALL_VALID, _SOME_INVALID, _BROKEN_PIPE, _INTERRUPTED, _STOPPED, _OS_ERROR, _FAILED = (
    0, 1, 2, 3, 4, 5, 70
)  # fmt: skip


class _RingStopped(Exception):
    """A neighbour in the ring ended before its time (it failed): the previous process
    without passing the turn on, or the next one before taking it."""


def chunk_bounds(fd: int, start: int, end: int, size: int) -> list[int]:
    """Offsets that cut the bytes ``start:end`` of file ``fd`` into chunks of about
    ``size`` bytes, each cut just after a ``\\n``; first ``start``, last ``end``."""
    bounds = [start]
    target = start + size
    while target < end:
        cut = _line_start(fd, target, end)
        if cut >= end:
            break
        bounds.append(cut)
        target = cut + size
    bounds.append(end)
    return bounds


def _line_start(fd: int, position: int, end: int) -> int:
    """The first line start at or after ``position`` (``end`` if there is none)."""
    position -= 1  # a line starts at ``position`` if the byte before it is "\n"
    while position < end:
        window = os.pread(fd, min(1 << 16, end - position), position)
        if not window:
            return end
        newline = window.find(b"\n")
        if newline >= 0:
            return position + newline + 1
        position += len(window)
    return end


def run_ring(work: Worker, fd: int, bounds: list[int], out_fd: int, processes: int) -> bool:
    """Process the chunks between ``bounds`` with ``processes`` processes (this one
    included), output in chunk order to ``out_fd``; return whether every line was valid.

    Raises :class:`BrokenPipeError` or :class:`KeyboardInterrupt` as a single process
    would, and :class:`RuntimeError` when a forked process failed.
    """
    processes = max(1, min(processes, len(bounds) - 1))
    tokens = [os.pipe() for _ in range(processes)]  # tokens[w]: from process w to w + 1
    children = []
    for me in range(1, processes):
        pid = os.fork()
        if pid == 0:  # the forked process: its whole life, then its exit code
            os._exit(_child(work, fd, bounds, out_fd, me, processes, tokens))
        children.append(pid)
    receive, send = _own_ends(tokens, 0, processes)
    stopped = False
    try:
        all_valid = _take_turns(work, fd, bounds, out_fd, 0, processes, receive, send)
    except _RingStopped:  # a child ended early: its exit code tells why
        all_valid, stopped = False, True
    finally:
        os.close(receive)
        os.close(send)  # a child waiting for a token from here sees the end and stops
        codes = [_exit_code(pid) for pid in children]
    if _BROKEN_PIPE in codes:
        raise BrokenPipeError("standard output closed")
    if _INTERRUPTED in codes:
        raise KeyboardInterrupt
    if _OS_ERROR in codes:
        raise OSError(errno.EIO, "a worker process could not read the input or write the output")
    if stopped or any(code not in (_ALL_VALID, _SOME_INVALID) for code in codes):
        raise RuntimeError(f"a worker process failed (exit codes {codes})")
    return all_valid and _SOME_INVALID not in codes


def _own_ends(tokens: list[tuple[int, int]], me: int, processes: int) -> tuple[int, int]:
    """Close every token pipe end but the two of process ``me``: the read end of the pipe
    from ``me - 1`` and the write end of its own, so that a process that ends closes the
    only write end its successor reads from."""
    receive = tokens[(me - 1) % processes][0]
    send = tokens[me][1]
    for read_end, write_end in tokens:
        if read_end != receive:
            os.close(read_end)
        if write_end != send:
            os.close(write_end)
    return receive, send


def _child(
    work: Worker,
    fd: int,
    bounds: list[int],
    out_fd: int,
    me: int,
    processes: int,
    tokens: list[tuple[int, int]],
) -> int:
    """A forked process's whole life; the exit code tells the parent how it went."""
    try:
        receive, send = _own_ends(tokens, me, processes)
        valid = _take_turns(work, fd, bounds, out_fd, me, processes, receive, send)
        return _ALL_VALID if valid else _SOME_INVALID
    except BrokenPipeError:
        return _BROKEN_PIPE
    except KeyboardInterrupt:
        return _INTERRUPTED
    except _RingStopped:
        return _STOPPED
    except OSError:  # the output's disk is full, the input could not be read ...
        return _OS_ERROR
    except BaseException:
        import traceback  # only when something went wrong

        traceback.print_exc()
        sys.stderr.flush()
        return _FAILED


def _take_turns(
    work: Worker,
    fd: int,
    bounds: list[int],
    out_fd: int,
    me: int,
    processes: int,
    receive: int,
    send: int,
) -> bool:
    """Chunks ``me``, ``me + processes``, ...: read and process each, write it in its turn.

    A process does not wait for its turn as long as fewer than :data:`LOOKAHEAD` outputs
    are pending: the processes do not run in lockstep, so a moment's delay of one (the
    machine is busy) does not stall the others.
    """
    all_valid = True
    last = len(bounds) - 2
    pending: deque[tuple[int, bytes]] = deque()
    for chunk in range(me, last + 1, processes):
        start, end = bounds[chunk], bounds[chunk + 1]
        output, valid = work(_pread_all(fd, end - start, start))
        all_valid = all_valid and valid
        pending.append((chunk, output))
        _write_turns(pending, out_fd, receive, send, last, len(pending) >= LOOKAHEAD)
    while pending:
        _write_turns(pending, out_fd, receive, send, last, True)
    return all_valid


def _write_turns(
    pending: deque[tuple[int, bytes]], out_fd: int, receive: int, send: int, last: int, wait: bool
) -> None:
    """Write the pending outputs whose turn has come (the first one waits for its turn if
    ``wait``), passing the turn on after each."""
    while pending:
        chunk, output = pending[0]
        if chunk > 0:
            if not wait and not select.select([receive], [], [], 0)[0]:
                return
            if not os.read(receive, 1):
                raise _RingStopped
        wait = False
        _write_all(out_fd, output)
        if chunk < last:
            try:
                os.write(send, b"t")
            except BrokenPipeError:  # the next process has ended (it failed)
                raise _RingStopped from None
        pending.popleft()


def _pread_all(fd: int, size: int, offset: int) -> bytes:
    data = os.pread(fd, size, offset)
    if len(data) == size:
        return data
    parts = [data]
    while size > (done := sum(map(len, parts))):
        part = os.pread(fd, size - done, offset + done)
        if not part:  # the file got shorter meanwhile
            break
        parts.append(part)
    return b"".join(parts)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _exit_code(pid: int) -> int:
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)
