"""The command line of the game-record contract.

    python -m rules_engine score  < games.jsonl > results.jsonl
    python -m rules_engine replay < games.jsonl > results.jsonl

One JSON object out per non-blank line in, in order; a bad line gives
``{"id": ..., "error": "..."}`` and the run goes on. Exit status 0 when every line was
valid, 1 when any line gave an error, 2 for a usage error.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TextIO

from .errors import DokoError
from .records import Record, replay_record, score_record

USAGE = """usage: python -m rules_engine {score|replay} < games.jsonl > results.jsonl

  score   score game summaries (TSR 7): winner, value, points per player, items
  replay  replay whole games card by card (TSR 5, 6) and score them

Input and output are JSON Lines, one game per line, as in
shared/contracts/game-records.md. Exit status: 0 all lines valid, 1 some line
gave an error, 2 usage error.
"""

COMMANDS: dict[str, Callable[[Record], Record]] = {
    "score": score_record,
    "replay": replay_record,
}

_decode = json.JSONDecoder().decode
_encode = json.JSONEncoder(ensure_ascii=False).encode


def process_line(command: Callable[[Record], Record], line: str) -> tuple[str, bool]:
    """One input line to one output line; the flag says whether the line was valid."""
    try:
        record = _decode(line)
    except ValueError as error:
        return _encode({"id": None, "error": f"line is not valid JSON: {error}"}), False
    if type(record) is not dict:
        return _encode(
            {"id": None, "error": "line is not a JSON object (one game per line)"}
        ), False
    record_id = record.get("id")
    try:
        return _encode(command(record)), True
    except DokoError as error:
        return _encode({"id": record_id, "error": str(error)}), False
    except RecursionError:
        return _encode({"id": record_id, "error": "line is nested too deeply to be a game"}), False


def run(command: Callable[[Record], Record], lines: Iterable[str], out: TextIO) -> bool:
    """Process every non-blank line; return whether all were valid."""
    all_valid = True
    batch: list[str] = []
    for line in lines:
        if not line.strip():
            continue
        text, valid = process_line(command, line)
        all_valid &= valid
        batch.append(text)
        if len(batch) >= 1024:
            out.write("\n".join(batch) + "\n")
            batch.clear()
    if batch:
        out.write("\n".join(batch) + "\n")
    return all_valid


def _stdin_lines() -> Iterator[str]:
    """Standard input as text lines; bytes that are not UTF-8 become U+FFFD (then bad JSON)."""
    stream = sys.stdin.buffer
    for raw in stream:
        yield raw.decode("utf-8", errors="replace")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) == 1 and args[0] in ("-h", "--help"):
        sys.stdout.write(USAGE)
        return 0
    if len(args) != 1 or args[0] not in COMMANDS:
        sys.stderr.write(USAGE)
        return 2
    sys.stdout.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    try:
        valid = run(COMMANDS[args[0]], _stdin_lines(), sys.stdout)
        sys.stdout.flush()
    except BrokenPipeError:
        return 1
    except KeyboardInterrupt:
        return 130
    return 0 if valid else 1


def entry() -> Any:
    sys.exit(main())
