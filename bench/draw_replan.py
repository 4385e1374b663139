"""Benchmark of replanning (not a test): the players change during a tournament.

Plays a tournament as the app does, with one plan seed: rounds 1..K are drawn for N players
(they follow the plan), then one player withdraws (or one joins) and the remaining rounds are
drawn for the new players with the real history. Prints the repeated meetings of each round
after the change and their total for each seed, and the slowest draw (processor time, so that
other work on the machine does not count).

    python bench/draw_replan.py [--cases 32,16] [--seeds 3] [--dump DIR]

``--dump DIR`` writes, for every case and seed, the history at the change as the offline tool
``tools/draw_schedules/replan.c`` reads it (see tools/draw_schedules/README.md).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from table_draw import DrawRequest, Player, draw  # noqa: E402

# (players, rounds, change, after round): a withdrawal ("out") or a late arrival ("in").
SCENARIOS: tuple[tuple[str, int], ...] = (("out", 1), ("out", 2), ("out", 4), ("in", 1))
COUNTS = (16, 20, 24, 28, 32, 36, 40, 43, 48, 64)


def rounds_for(n: int) -> int:
    """Planned rounds: 5 for 16 players (the affine plane), 8 otherwise."""
    return 5 if n == 16 else 8


def play(n: int, change: str, after: int, seed: int, dump: Path | None) -> tuple[list[int], float]:
    """Repeats per round after the change, and the slowest draw of those rounds."""
    planned = rounds_for(n)
    players = [f"p{i:03d}" for i in range(n)]
    history: list[tuple[tuple[str, ...], ...]] = []
    for _ in range(after):
        request = DrawRequest(
            players=tuple(Player(p) for p in players),
            seed=seed,
            history=tuple(history),
            rounds_planned=planned,
        )
        history.append(draw(request).tables)
    lot = random.Random(f"bench-replan/{n}/{change}/{after}/{seed}")
    if change == "out":
        players.remove(players[lot.randrange(n)])
    else:
        players.append("p999")
    if dump is not None:
        write_dump(dump / f"{n}-{change}{after}-{seed}.txt", players, history, planned - after)
    repeats: list[int] = []
    slowest = 0.0
    for _ in range(planned - after):
        request = DrawRequest(
            players=tuple(Player(p) for p in players),
            seed=seed,
            history=tuple(history),
            rounds_planned=planned,
        )
        start = time.process_time()
        result = draw(request)
        slowest = max(slowest, time.process_time() - start)
        repeats.append(result.repeats)
        history.append(result.tables)
    return repeats, slowest


def write_dump(
    path: Path, players: list[str], history: list[tuple[tuple[str, ...], ...]], ahead: int
) -> None:
    """The offline tool's input: N and rounds ahead, then every past table over the present
    players (indices in sorted id order), one per line."""
    index = {p: i for i, p in enumerate(sorted(players))}
    lines = [f"{len(players)} {ahead}"]
    for past in history:
        for table in past:
            present = [str(index[p]) for p in table if p in index]
            if len(present) >= 2:
                lines.append(" ".join(present))
    path.write_text("\n".join(lines) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cases", default=",".join(str(n) for n in COUNTS))
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--scenarios", default="out1,out2,out4,in1")
    parser.add_argument("--dump", type=Path)
    args = parser.parse_args()
    if args.dump is not None:
        args.dump.mkdir(parents=True, exist_ok=True)
    for n in (int(c) for c in args.cases.split(",")):
        for scenario in args.scenarios.split(","):
            change, after = scenario[:-1], int(scenario[-1])
            if after >= rounds_for(n):
                continue
            totals = []
            worst_time = 0.0
            rows = []
            for seed in range(1, args.seeds + 1):
                repeats, slowest = play(n, change, after, seed, args.dump)
                totals.append(sum(repeats))
                worst_time = max(worst_time, slowest)
                rows.append(" ".join(str(r) for r in repeats))
            new_n = n - 1 if change == "out" else n + 1
            print(
                f"N={n}->{new_n} {change} after {after}: totals {totals} "
                f"(per round {' | '.join(rows)}); slowest draw {worst_time:.2f} s",
                flush=True,
            )


if __name__ == "__main__":
    main()
