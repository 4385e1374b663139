"""The command line of the game-record contract.

    python -m rules_engine score  < games.jsonl > results.jsonl
    python -m rules_engine replay < games.jsonl > results.jsonl

One JSON object out per non-blank line in, in order; a bad line gives
``{"id": ..., "error": "...", "code": "..."}`` (the code of
:class:`rules_engine.findings.Code`) and the run goes on. Exit status 0 when every line was
valid, 1 when any line gave an error, 2 for a usage error.

Large inputs are split into chunks that processes handle in parallel (one per core);
the output order is the input order all the same. ``score`` answers well-formed summaries
of games it has seen before by a fast path (:mod:`rules_engine.fastscore`).
"""

from __future__ import annotations

import argparse
import functools
import gc
import io
import itertools
import json
import math
import os
import signal
import stat
import sys
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO, cast

from .errors import DokoError
from .fastscore import RulesMemo, ScoreMemo
from .findings import Code, Finding
from .record_fields import Record
from .records import replay_record, score_record
from .ring import chunk_bounds, run_ring

DESCRIPTION = """\
Check and score Doppelkopf games under the DDV Turnier-Spielregeln.
Input and output are JSON Lines, one game per line, as in
docs/contracts/game-records.md.

  score       score game summaries (TSR 7): winner, value, points per player, items
  replay      replay whole games card by card (TSR 5, 6) and score them
  check-list  verify whole score lists (docs/contracts/score-list.md): dealer order,
              Pflichtsolo and Vorführung, time up, penalties, every game's points;
              one list per line, or one list as a (pretty-printed) JSON document

Exit status: 0 all lines valid, 1 some line gave an error, 2 usage error."""


def check_list(record: Record) -> Record:
    """:func:`rules_engine.scorelist.check_list`, imported when first needed: ``score`` and
    ``replay`` start faster without the score-list modules."""
    from . import scorelist

    return scorelist.check_list(record)


COMMANDS: dict[str, Callable[[Record], Record]] = {
    "score": score_record,
    "replay": replay_record,
    "check-list": check_list,
}
#: Bytes read at once; each block of whole lines is one job for a worker process.
BLOCK = 1 << 19
#: Allocations between two garbage collections of the youngest generation (default 700).
GC_THRESHOLD = 100_000


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def _finite_float(text: str) -> float:
    number = float(text)
    if math.isinf(number):
        raise ValueError(f"the number {text} is too large")
    return number


_decoder = json.JSONDecoder(parse_constant=_reject_constant, parse_float=_finite_float)
_decode = _decoder.decode
#: The decoder's scanner (``scan_once``, which its ``__init__`` sets; the type stubs lack
#: it): one value from a position, without the Python wrapping of ``decode``.
_scan: Callable[[str, int], tuple[Any, int]] = vars(_decoder)["scan_once"]
#: White space as JSON has it.
_JSON_SPACE = " \t\n\r"
# Output records are trees built here, so the circular-reference check is wasted work.
_encode_utf8 = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode
_encode_ascii = json.JSONEncoder(check_circular=False).encode


def _encode(obj: Record) -> str:
    """JSON text that is valid UTF-8: a lone surrogate from the input is kept as an escape."""
    text = _encode_utf8(obj)
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return _encode_ascii(obj)
    return text


def process_line(command: Callable[[Record], Record], line: str) -> tuple[str, bool]:
    """One input line to one output line; the flag says whether the line was valid."""
    if command is score_record:
        text, valid = _score_line(line)
        if _is_utf8(text):
            return text, valid
    return _full_line(command, line)


def _full_line(command: Callable[[Record], Record], line: str) -> tuple[str, bool]:
    """:func:`process_line` without the fast path."""
    try:
        record = _decode(line)
    except ValueError as error:
        return _error_line(None, Finding.of(Code.LINE_NOT_JSON, detail=str(error))), False
    except RecursionError:
        return _error_line(None, _TOO_DEEP), False
    return _process_record(command, record)


def _process_record(command: Callable[[Record], Record], record: Any) -> tuple[str, bool]:
    """The output line of one decoded input line (the full path)."""
    if type(record) is not dict:
        return _error_line(None, _NOT_OBJECT), False
    try:
        output = command(record)
        return _encode(output), output.get("valid") is not False
    except DokoError as error:
        return _error_line(record.get("id"), error.finding), False
    except RecursionError:
        return _error_line(None, _TOO_DEEP), False


def _is_utf8(text: str) -> bool:
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


#: Output pieces of the games this process has scored (see :mod:`rules_engine.fastscore`).
_MEMO = ScoreMemo(_encode_utf8)
#: The same for summaries with a ``"rules"`` field.
_RULES_MEMO = RulesMemo(_encode_utf8)


def _score_line(line: str) -> tuple[str, bool]:
    """:func:`process_line` for ``score``, a well-formed summary of a known game by the
    fast path; an unknown game is scored by the full path and filed.

    A line by the fast path may echo a lone surrogate from the input unescaped, which is
    no UTF-8: the caller checks (the full path writes it as an escape).
    """
    try:
        record, end = _scan(line, 0)
    except (ValueError, StopIteration, RecursionError):
        return _full_line(score_record, line)  # with the exact message
    if end != len(line) and line[end:].strip(_JSON_SPACE):  # ``decode`` allows white space
        return _full_line(score_record, line)
    if type(record) is dict and "rules" in record:
        text = _RULES_MEMO.line(record)
        if text is not None:
            return text, True
        return _process_record(score_record, record)
    found = _MEMO.lookup(record) if type(record) is dict and not _MEMO.resting else None
    if isinstance(found, str):
        return found, True
    if found is not None and (text := _MEMO.learn(found, record)) is not None:
        return text, True
    return _process_record(score_record, record)


_TOO_DEEP = Finding.of(Code.LINE_TOO_DEEP)
_NOT_OBJECT = Finding.of(Code.LINE_NOT_OBJECT)


def _error_line(record_id: Any, finding: Finding) -> str:
    """``{"id": ..., "error": <the English sentence>, "code": <its code>}``."""
    message, code = finding.message, finding.code.value
    try:
        return _encode({"id": record_id, "error": message, "code": code})
    except RecursionError:
        return _encode({"id": None, "error": message, "code": code})


def process_block(job: tuple[str, bytes]) -> tuple[bytes, bool]:
    """A block of whole input lines to its output (runs in a worker process).

    Lines end at ``\n`` only: JSON strings may hold other line separators (U+2028 ...).
    Bytes that are not UTF-8 become U+FFFD, so such a line gets an error, not a crash.
    """
    lines = job[1].decode("utf-8", errors="replace").split("\n")
    if job[0] == "score":
        output = _score_block(lines)
        if output is not None:
            return output
    command = COMMANDS[job[0]]
    texts = []
    all_valid = True
    for line in lines:
        if line and not line.isspace():
            text, valid = process_line(command, line)
            texts.append(text)
            all_valid = all_valid and valid
    return _joined(texts), all_valid


def _score_block(lines: list[str]) -> tuple[bytes, bool] | None:
    """``score`` for a block of lines; ``None`` when a line by the fast path echoes a lone
    surrogate (see :func:`_score_line`): then the block is done line by line."""
    texts = []
    all_valid = True
    score_line = _score_line
    for line in lines:
        if line and not line.isspace():
            text, valid = score_line(line)
            texts.append(text)
            if not valid:
                all_valid = False
    _MEMO.end_block(len(texts))
    try:
        return _joined(texts), all_valid
    except UnicodeEncodeError:
        return None


def _joined(texts: list[str]) -> bytes:
    return ("\n".join(texts) + "\n").encode("utf-8") if texts else b""


def _tune_gc() -> None:
    """Checking games makes many short-lived objects and almost no reference cycles, so the
    cycle collector runs rarely and skips everything loaded before the work starts."""
    gc.freeze()
    gc.set_threshold(GC_THRESHOLD)


def _start_worker() -> None:
    """A pool process leaves Ctrl+C to the main process, which stops the pool in order."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _tune_gc()


def _blocks(stream: BinaryIO) -> Iterator[bytes]:
    """The input in blocks of whole lines, as soon as they are available."""
    read = getattr(stream, "read1", stream.read)
    rest = b""
    while data := read(BLOCK):
        data = rest + data
        cut = data.rfind(b"\n") + 1
        rest = data[cut:]
        if cut:
            yield data[:cut]
    if rest:
        yield rest


def run(command: str, stream: BinaryIO, out: BinaryIO, jobs: int = 1) -> bool:
    """Process every non-blank line with ``jobs`` processes; return whether all were valid.

    A regular input file of more than one block is shared out by :mod:`rules_engine.ring`;
    other input (a pipe) goes through a pool in blocks, as it arrives.
    """
    span = _file_span(stream, out) if jobs > 1 and hasattr(os, "fork") else None
    if span is not None and span[2] - span[1] > BLOCK:
        fd, start, end = span
        out.flush()
        bounds = chunk_bounds(fd, start, end, BLOCK)
        all_valid = run_ring(
            functools.partial(_process_chunk, command), fd, bounds, out.fileno(), jobs
        )
        stream.seek(end)  # read to the end, as by the other way
        return all_valid
    blocks = _blocks(stream)
    head = list(itertools.islice(blocks, 2))
    work = ((command, block) for block in itertools.chain(head, blocks))
    if jobs > 1 and len(head) > 1 and hasattr(os, "fork"):
        return _pooled(work, jobs, out)
    all_valid = True
    for job in work:
        output, valid = process_block(job)
        out.write(output)
        out.flush()
        all_valid = all_valid and valid
    return all_valid


def _pooled(work: Iterator[tuple[str, bytes]], jobs: int, out: BinaryIO) -> bool:
    """:func:`run` for input that arrives through a pipe: a thread reads the blocks and hands
    them to ``jobs`` processes, this thread writes their outputs in input order as they are
    done, so output keeps up with input that comes slowly.

    A process pool from :mod:`concurrent.futures`, as it ends cleanly when writing fails (a
    full disk, a closed pipe) or on Ctrl+C: :class:`multiprocessing.pool.Pool` may hang in
    ``terminate`` while its task thread is stuck handing a block to a process it killed.
    """
    import multiprocessing  # only here: it takes a while to import
    import queue
    import threading
    from concurrent.futures import Future, ProcessPoolExecutor

    #: Blocks handed out and not yet written: a bound on the memory held for a slow reader.
    handed: queue.Queue[Future[tuple[bytes, bool]] | BaseException | None]
    handed = queue.Queue(maxsize=2 * jobs)
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(jobs, mp_context=context, initializer=_start_worker) as pool:

        def hand_out() -> None:
            try:
                for job in work:
                    handed.put(pool.submit(process_block, job))
                handed.put(None)
            except BaseException as error:  # reading failed, or the pool stopped (see below)
                handed.put(error)

        # A daemon: when writing fails, nothing waits for it to read the rest of the input.
        threading.Thread(target=hand_out, daemon=True).start()
        all_valid = True
        try:
            while (item := handed.get()) is not None:
                if isinstance(item, BaseException):
                    raise item
                output, valid = item.result()
                out.write(output)
                all_valid = all_valid and valid
        except BaseException:
            pool.shutdown(wait=True, cancel_futures=True)
            raise
    return all_valid


def _file_span(stream: BinaryIO, out: BinaryIO) -> tuple[int, int, int] | None:
    """File descriptor, current position and size of a regular input file (when the
    output has a file descriptor too); ``None`` for anything else."""
    try:
        fd = stream.fileno()
        out.fileno()
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        return fd, stream.tell(), os.fstat(fd).st_size
    except (OSError, ValueError):  # io.UnsupportedOperation is both
        return None


def _process_chunk(command: str, data: bytes) -> tuple[bytes, bool]:
    return process_block((command, data))


def _single_document(data: bytes) -> str | None:
    """The input as one JSON document when it is not JSON Lines: a list written over
    several lines, whose first line alone is no JSON value."""
    text = data.decode("utf-8", errors="replace")
    first = next((line for line in text.split("\n") if line.strip()), None)
    if first is None:
        return None
    try:
        _decode(first)
    except (ValueError, RecursionError):
        return text.replace("\n", " ")
    return None


def _default_jobs() -> int:
    return max(1, min(len(os.sched_getaffinity(0)), 8))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m rules_engine",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("command", choices=sorted(COMMANDS))
    parser.add_argument(
        "-j",
        "--jobs",
        type=int,
        default=_default_jobs(),
        help="worker processes for large inputs (default: one per core)",
    )
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return 0 if exit_.code == 0 else 2
    if args.jobs < 1:
        parser.print_usage(sys.stderr)
        sys.stderr.write("python -m rules_engine: error: --jobs must be at least 1\n")
        return 2
    out = sys.stdout.buffer
    _tune_gc()
    # Standard input without Python's buffer: the pool's reader thread may still wait at a
    # pipe when Ctrl+C ends the run, and Python's exit cannot close a buffered reader whose
    # lock that thread holds ("Fatal Python error: ... possibly due to daemon threads",
    # status -6 instead of 130). A raw file reads what has arrived, as read1 does.
    stream = cast(BinaryIO, io.FileIO(sys.stdin.fileno(), "rb", closefd=False))
    try:
        if args.command == "check-list":
            data = stream.read()
            document = _single_document(data)
            if document is not None:
                text, valid = process_line(check_list, document)
                out.write((text + "\n").encode("utf-8"))
                out.flush()
                return 0 if valid else 1
            stream = io.BytesIO(data)
        valid = run(args.command, stream, out, args.jobs)
        out.flush()
    except BrokenPipeError:
        return 1
    except KeyboardInterrupt:
        return 130
    except OSError as error:  # the output's disk is full, a device fails ...
        sys.stderr.write(f"python -m rules_engine: {error.strerror or error}\n")
        # What is still buffered for standard output cannot be written either: without
        # this, Python's flush at exit would report the same failure again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0 if valid else 1
