"""How fast this machine is right now: the CPU seconds of one fixed Python loop.

The speed of the project's machine changes by half or more from hour to hour, so a figure
taken at one hour cannot be set against one taken at another. Run this before (and after) a
timing and give its seconds beside the figure: two runs are comparable only at about the same
seconds, or when they were taken side by side.

    python bench/machine_speed.py [--repeat 3]

Prints the seconds of each run of the loop (lower is faster).
"""

from __future__ import annotations

import argparse
import time

#: The loop, run as module-level code (its names are globals, as in ``python -c``), the way
#: the figures in bench/README.md and docs/development.md were taken: about 1.7 s of one core
#: on the project's machine at a quick hour, 3 s at a slow one.
STEPS = 20_000_000
LOOP = f"""
total = 0
for step in range({STEPS}):
    total += step & 7
"""


def loop_seconds() -> float:
    """CPU seconds of the fixed loop in this process."""
    names: dict[str, object] = {}
    started = time.process_time()
    exec(LOOP, names)  # a constant of this file
    seconds = time.process_time() - started
    assert names["total"] == STEPS // 8 * 28
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of the loop")
    arguments = parser.parse_args()
    for _ in range(arguments.repeat):
        print(f"loop: {loop_seconds():.2f} s")


if __name__ == "__main__":
    main()
