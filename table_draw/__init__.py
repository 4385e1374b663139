"""The table draw: who sits at which table, and in which position, in a round of a Doppelkopf
tournament. Pure Python, standard library only; the same request draws the same tables,
byte for byte. How the draw works: ``docs/draw.md``; its JSON contract and command line
(``python -m table_draw``): ``docs/contracts/draw.md``.

The modules, in the order a draw passes through them:

* ``request``: the request checked field by field, and the table sizes;
* ``errors``: the refusals (``DrawCode``, ``DrawError``, ``MESSAGES``);
* ``context``: the present players as indices, with their past, clubs and fixed tables;
* ``plan``: method "random": follow the tournament's plan or plan anew from the history;
* ``designs`` and ``stored_schedules``: the schedules a plan starts from;
* ``schedule``: the planned rounds with their counts, and greedy rounds;
* ``search``: the local search (simulated annealing) that improves a plan;
* ``standings``: method "standings";
* ``seating``: positions within a table and table numbers;
* ``randomness``: the random generator of each step, from the seed;
* ``result`` and ``drawing``: the response, and ``draw`` putting the steps together;
* ``cli``: the command line.
"""

from __future__ import annotations

from table_draw.cli import main, run
from table_draw.drawing import draw
from table_draw.errors import MESSAGES, DrawCode, DrawError
from table_draw.request import DrawRequest, Player, parse_request, table_sizes
from table_draw.result import DrawResult, count_repeats

__all__ = [
    "MESSAGES",
    "DrawCode",
    "DrawError",
    "DrawRequest",
    "DrawResult",
    "Player",
    "count_repeats",
    "draw",
    "main",
    "parse_request",
    "run",
    "table_sizes",
]
