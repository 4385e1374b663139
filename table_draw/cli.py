"""The command line (contract: ``docs/contracts/draw.md``): one JSON request on standard
input, one JSON response line on standard output, exit code 0 or 1 (``main``); ``run`` is
the same without the streams.

    python -m table_draw < request.json > draw.json
"""

from __future__ import annotations

import json
import sys

from table_draw.drawing import draw
from table_draw.errors import DrawCode, DrawError
from table_draw.request import parse_request

__all__ = ["main", "run"]


def run(text: str) -> tuple[str, int]:
    """The command line without its streams: request text -> (response line, exit code)."""
    try:
        try:
            data = json.loads(text)
        except ValueError as error:
            raise DrawError(DrawCode.NOT_JSON, detail=str(error)) from None
        result = draw(parse_request(data))
    except DrawError as error:
        return json.dumps(error.to_json(), ensure_ascii=False) + "\n", 1
    except RecursionError:
        too_deep = DrawError(DrawCode.TOO_DEEP).to_json()
        return json.dumps(too_deep, ensure_ascii=False) + "\n", 1
    return json.dumps(result.to_json(), ensure_ascii=False) + "\n", 0


def main() -> int:
    """Read one request from standard input, write the response to standard output."""
    raw = sys.stdin.buffer.read()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        not_utf8 = DrawError(DrawCode.NOT_UTF8).to_json()
        output = json.dumps(not_utf8, ensure_ascii=False) + "\n"
        code = 1
    else:
        output, code = run(text)
    sys.stdout.buffer.write(output.encode("utf-8"))
    sys.stdout.buffer.flush()
    return code
