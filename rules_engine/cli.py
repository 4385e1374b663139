"""The command line of the game-record contract.

    python -m rules_engine score  < games.jsonl > results.jsonl
    python -m rules_engine replay < games.jsonl > results.jsonl

One JSON object out per non-blank line in, in order; a bad line gives
``{"id": ..., "error": "..."}`` and the run goes on. Exit status 0 when every line was
valid, 1 when any line gave an error, 2 for a usage error.

Large inputs are split into chunks that worker processes handle in parallel (one per
core); the output order is the input order all the same.
"""

from __future__ import annotations

import argparse
import gc
import io
import itertools
import json
import math
import multiprocessing
import os
import sys
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO

from .errors import DokoError
from .records import Record, replay_record, score_record
from .scorelist import check_list

DESCRIPTION = """\
Check and score Doppelkopf games under the DDV Turnier-Spielregeln.
Input and output are JSON Lines, one game per line, as in
shared/contracts/game-records.md.

  score       score game summaries (TSR 7): winner, value, points per player, items
  replay      replay whole games card by card (TSR 5, 6) and score them
  check-list  verify whole score lists (docs/score-list-format.md): dealer order,
              Pflichtsolo and Vorführung, time up, penalties, every game's points;
              one list per line, or one list as a (pretty-printed) JSON document

Exit status: 0 all lines valid, 1 some line gave an error, 2 usage error."""

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


_decode = json.JSONDecoder(parse_constant=_reject_constant, parse_float=_finite_float).decode
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
    try:
        record = _decode(line)
    except ValueError as error:
        return _encode({"id": None, "error": f"line is not valid JSON: {error}"}), False
    except RecursionError:
        return _encode({"id": None, "error": "line is nested too deeply to be a game"}), False
    if type(record) is not dict:
        return _encode(
            {"id": None, "error": "line is not a JSON object (one game per line)"}
        ), False
    try:
        output = command(record)
        return _encode(output), output.get("valid") is not False
    except DokoError as error:
        return _error_line(record.get("id"), str(error)), False
    except RecursionError:
        return _error_line(None, "line is nested too deeply to be a game"), False


def _error_line(record_id: Any, message: str) -> str:
    try:
        return _encode({"id": record_id, "error": message})
    except RecursionError:
        return _encode({"id": None, "error": message})


def process_block(job: tuple[str, bytes]) -> tuple[bytes, bool]:
    """A block of whole input lines to its output (runs in a worker process).

    Lines end at ``\n`` only: JSON strings may hold other line separators (U+2028 ...).
    Bytes that are not UTF-8 become U+FFFD, so such a line gets an error, not a crash.
    """
    command = COMMANDS[job[0]]
    texts = []
    all_valid = True
    for line in job[1].decode("utf-8", errors="replace").split("\n"):
        if line and not line.isspace():
            text, valid = process_line(command, line)
            texts.append(text)
            all_valid = all_valid and valid
    output = "\n".join(texts)
    return (output + "\n").encode("utf-8") if texts else b"", all_valid


def _tune_gc() -> None:
    """Checking games makes many short-lived objects and almost no reference cycles, so the
    cycle collector runs rarely and skips everything loaded before the work starts."""
    gc.freeze()
    gc.set_threshold(GC_THRESHOLD)


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
    """Process every non-blank line with ``jobs`` processes; return whether all were valid."""
    blocks = _blocks(stream)
    head = list(itertools.islice(blocks, 2))
    work = ((command, block) for block in itertools.chain(head, blocks))
    all_valid = True
    if jobs > 1 and len(head) > 1 and "fork" in multiprocessing.get_all_start_methods():
        with multiprocessing.get_context("fork").Pool(jobs, initializer=_tune_gc) as pool:
            for output, valid in pool.imap(process_block, work):
                out.write(output)
                all_valid = all_valid and valid
    else:
        for job in work:
            output, valid = process_block(job)
            out.write(output)
            out.flush()
            all_valid = all_valid and valid
    return all_valid


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
    stream: BinaryIO = sys.stdin.buffer
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
    return 0 if valid else 1
