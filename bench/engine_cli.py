"""Benchmark of the rules-engine command line, end to end (not a test).

Generates game summaries and full replay records from random legal games
(:func:`rules_engine.simulate.random_record`, their ``replay`` summaries), replicated with
other player names, ids and calls to reach the wanted counts, writes them to temporary JSON
Lines files and times

    python -m rules_engine score  < summaries.jsonl > out
    python -m rules_engine replay < games.jsonl     > out

as subprocesses: JSON in and out, interpreter start included. Every output line is checked
(valid JSON, no error, the id of its input line, the winner and value the library computes).
The best of ``--runs`` runs is reported against the targets of the issue, with the median
run beside it. The engine's bytecode is written first (see :func:`compile_engine`).

    python bench/engine_cli.py [--score-n 100000] [--replay-n 20000] [--runs 3]
    python bench/engine_cli.py --rules schweinchen [--replay-n 10000]

``--rules KEY`` scores the summaries under that preset (``docs/rule-sets.md``): each
summary is fitted to the preset (its deck's tricks and Augen, its solos and calls) and
carries ``"rules": KEY``; ``replay`` then plays random legal games of that preset
(:func:`rules_engine.simulate.random_ruled_record`: its deck, game types, Armut, Schwein,
calls), each under ``"rules": KEY``.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cli_timing import time_cli  # noqa: E402

from rules_engine.records import replay_record, score_record  # noqa: E402
from rules_engine.rulescore import eye_sums  # noqa: E402
from rules_engine.rulesets import PRESETS, CallSystem, RuleSet  # noqa: E402
from rules_engine.simulate import random_record, random_ruled_record, renamed  # noqa: E402

Record = dict[str, Any]

SCORE_TARGET = 50_000
REPLAY_TARGET = 3_000
NAME_POOL = (
    "Anna",
    "Ben",
    "Cem",
    "Dora",
    "Emil",
    "Frieda",
    "Gül",
    "Hans",
    "Ines",
    "Jörg",
    "Kai",
    "Lena",
    "Mehmet",
    "Nora",
    "Olaf",
    "Paula",
    "Quirin",
    "Rosa",
    "Sven",
    "Tanja",
    "Uwe",
    "Vera",
    "Willi",
    "Xenia",
    "Yusuf",
    "Zoe",
    "Ängelika",
    "Øyvind",
    "Ōta",
    "Renée",
)
RE_CALLS = (None, "re", "keine90", "keine60", "keine30", "schwarz")
KONTRA_CALLS = (None, "kontra", "keine90", "keine60", "keine30", "schwarz")
PFLICHT = (True, False, "vorgefuehrt")


@dataclass(frozen=True, slots=True)
class Workload:
    """One command's input lines and what each output line must say."""

    command: str
    target: int
    lines: list[str]
    expected: list[tuple[Any, str | None, int]]  # (id, winner, value) per line
    kinds: list[str]  # game type per line, as scored (stille Hochzeit found by replay)


# ----------------------------------------------------------------------------- generation
def base_games(count: int, rng: random.Random) -> list[tuple[Record, Record]]:
    """``count`` random legal games: (replay record, replay output with its summary)."""
    games = []
    for number in range(count):
        call_rate = rng.choice((0.0, 0.04, 0.08, 0.08, 0.2))
        record = random_record(random.Random(rng.getrandbits(64)), f"base{number}", call_rate)
        games.append((record, replay_record(record)))
    return games


def varied_summary(
    record: Record, output: Record, names: Sequence[str], record_id: str, rng: random.Random
) -> Record:
    """A ``score`` line from a replayed game: other names, sometimes other calls or pflicht."""
    rename = dict(zip(record["players"], names, strict=True))
    summary = dict(output["summary"])
    summary["re"] = [rename[p] for p in summary["re"]]
    if rng.random() < 0.4:  # the score command takes any calls; their timing is not its business
        summary["calls"] = {"re": rng.choice(RE_CALLS), "kontra": rng.choice(KONTRA_CALLS)}
    if "pflicht" in summary and rng.random() < 0.5:
        summary["pflicht"] = rng.choice(PFLICHT)
    return {"id": record_id, "players": list(names), **summary}


def fit_to_rules(summary: Record, key: str, rng: random.Random) -> Record:
    """A DDV summary made valid under the preset ``key``: as many tricks and Augen as its
    deck holds, one of its solos, calls it has, Sonderpunkte only where they count."""
    rules: RuleSet = PRESETS[key]
    summary = dict(summary, rules=key)
    tricks = min(summary["re_tricks"], rules.tricks)
    sums = eye_sums(rules.deck)[tricks]
    if summary["re_eyes"] not in sums:
        summary["re_eyes"] = min(sums, key=lambda eyes: abs(eyes - summary["re_eyes"]))
    summary["re_tricks"] = tricks
    if summary["type"] == "solo" and summary["solo"] not in {s.value for s in rules.solos}:
        summary["solo"] = sorted(s.value for s in rules.solos)[0]
    if summary["type"] == "solo" and rules.pflichtsolo.value == "none":
        summary.pop("pflicht", None)
    if summary["type"] == "hochzeit" and len(summary["re"]) == 1:
        summary["re_tricks"] = max(tricks, rules.hochzeit_deadline or rules.tricks)
        alone = eye_sums(rules.deck)[summary["re_tricks"]]
        if summary["re_eyes"] not in alone:
            summary["re_eyes"] = min(alone, key=lambda eyes: abs(eyes - summary["re_eyes"]))
    solo_like = summary["type"] in ("solo", "stille_hochzeit") or len(summary["re"]) == 1
    calls = summary.get("calls") or {}
    if rules.calls is CallSystem.KONTRA_RE:
        kontra = "kontra" if calls.get("kontra") else None
        calls = {"kontra": kontra, "re": "re" if kontra and calls.get("re") else None}
    elif solo_like and not rules.absagen_in_solo:
        calls = {party: (party if call else None) for party, call in calls.items()}
    summary["calls"] = calls
    summary.pop("specials", None)
    if not solo_like and rules.specials and summary["re_eyes"] >= 11 and rng.random() < 0.5:
        summary["specials"] = {"re": {rules.specials[0][0].value: 1}}
        try:
            score_record(summary)
        except ValueError:
            summary.pop("specials")
    return summary


def score_workload(
    games: list[tuple[Record, Record]], n: int, rng: random.Random, rules: str | None = None
) -> Workload:
    lines, expected, kinds = [], [], []
    for i in range(n):
        record, output = games[i % len(games)]
        summary = varied_summary(record, output, rng.sample(NAME_POOL, 4), f"s{i}", rng)
        if rules is not None:
            summary = fit_to_rules(summary, rules, rng)
        result = score_record(summary)
        lines.append(json.dumps(summary, ensure_ascii=False))
        expected.append((summary["id"], result["winner"], result["value"]))
        kinds.append(summary["type"])
    return Workload("score", SCORE_TARGET, lines, expected, kinds)


def ruled_games(count: int, rng: random.Random, key: str) -> list[tuple[Record, Record]]:
    """``count`` random legal games under the preset ``key``, with their replay output."""
    games = []
    for number in range(count):
        call_rate = rng.choice((0.0, 0.04, 0.08, 0.08, 0.2))
        seeded = random.Random(rng.getrandbits(64))
        record = random_ruled_record(seeded, key, f"base{number}", call_rate)
        games.append((record, replay_record(record)))
    return games


def replay_workload(games: list[tuple[Record, Record]], n: int, rng: random.Random) -> Workload:
    lines, expected, kinds = [], [], []
    for i in range(n):
        record, output = games[i % len(games)]
        if "rules" not in record:  # a game under a preset keeps its names (Armut partner)
            record = renamed(record, rng.sample(NAME_POOL, 4))
        game = record | {"id": f"r{i}"}
        lines.append(json.dumps(game, ensure_ascii=False))
        expected.append((game["id"], output["winner"], output["value"]))
        kinds.append(output["summary"]["type"])
    return Workload("replay", REPLAY_TARGET, lines, expected, kinds)


def describe(workload: Workload) -> str:
    """The mix of game types, calls and Sonderpunkte in a workload."""
    total = len(workload.lines)
    with_calls = with_specials = 0
    for line in workload.lines:
        record = json.loads(line)
        if workload.command == "replay":
            with_calls += any(a.rpartition(":")[2].islower() for a in record["actions"])
            continue
        with_calls += any(record["calls"].values())
        with_specials += any(any(v.values()) for v in record.get("specials", {}).values())
    mix = ", ".join(f"{k} {100 * v / total:.0f}%" for k, v in Counter(workload.kinds).most_common())
    extra = (
        f", Sonderpunkte {100 * with_specials / total:.0f}%" if workload.command == "score" else ""
    )
    return (
        f"{workload.command} input: {total} lines ({mix}; calls {100 * with_calls / total:.0f}%"
        f"{extra})"
    )


# ----------------------------------------------------------------------------- timing
def run_once(workload: Workload, source: Path, target: Path, jobs: int | None) -> float:
    """One end-to-end run of the command line; return the wall time in seconds."""
    return time_cli(workload.command, source, target, jobs)


def check_output(workload: Workload, target: Path) -> None:
    """Every output line: valid JSON, no error, the input's id, the expected winner and value."""
    lines = target.read_text(encoding="utf-8").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if len(lines) != len(workload.expected):
        raise SystemExit(
            f"{workload.command}: {len(lines)} output lines for {len(workload.expected)} games"
        )
    for number, (line, (record_id, winner, value)) in enumerate(
        zip(lines, workload.expected, strict=True), start=1
    ):
        result = json.loads(line)
        if "error" in result:
            raise SystemExit(f"{workload.command}: line {number}: {result['error']}")
        got = (result.get("id"), result.get("winner"), result.get("value"))
        if got != (record_id, winner, value):
            want = (record_id, winner, value)
            raise SystemExit(f"{workload.command}: line {number}: got {got}, expected {want}")
        if sum(result["scores"].values()) != result.get("pot", 0):
            raise SystemExit(f"{workload.command}: line {number}: scores do not sum to the pot")


def bench(workload: Workload, runs: int, directory: Path, jobs: int | None) -> list[float]:
    """Wall times of ``runs`` runs; each run's output is checked."""
    source = directory / f"{workload.command}-in.jsonl"
    source.write_text("".join(line + "\n" for line in workload.lines), encoding="utf-8")
    times = []
    for run in range(1, runs + 1):
        target = directory / f"{workload.command}-out-{run}.jsonl"
        times.append(run_once(workload, source, target, jobs))
        check_output(workload, target)
        target.unlink()
    runs_text = ", ".join(f"{t:.2f}" for t in times)
    print(f"  {workload.command} runs: {runs_text} s", file=sys.stderr)
    return times


def report(workload: Workload, times: list[float]) -> tuple[str, bool]:
    """The best run against the target, and the median run: the machine may be busy."""
    n = len(workload.lines)
    seconds, typical = min(times), statistics.median(times)
    rate = n / seconds
    met = rate >= workload.target
    line = (
        f"{workload.command}: {n} games in {seconds:.2f} s = {rate:,.0f} games/s "
        f"(target {workload.target:,}; median run {n / typical:,.0f} games/s)"
        f"{'' if met else '  BELOW TARGET'}"
    )
    return line, met


def compile_engine() -> None:
    """Write the engine's bytecode before timing, as an installed package has it.

    With ``PYTHONDONTWRITEBYTECODE`` set (as in the development environment) and a stale
    or missing ``__pycache__``, every run would compile the engine's changed modules again
    (up to 40 ms of a run), a cost a user pays once at most.
    """
    compileall.compile_dir(ROOT / "rules_engine", quiet=1)


# ----------------------------------------------------------------------------- main
def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--score-n", type=int, default=100_000, help="summaries (100,000)")
    parser.add_argument("--replay-n", type=int, default=20_000, help="replay records (20,000)")
    parser.add_argument("--runs", type=int, default=3, help="runs per command, best counts (3)")
    parser.add_argument(
        "--distinct", type=int, default=2_000, help="distinct random games to vary (2,000)"
    )
    parser.add_argument("--seed", type=int, default=20260301, help="random seed")
    parser.add_argument(
        "--rules", choices=sorted(PRESETS), help="score under this preset (default: none given)"
    )
    parser.add_argument(
        "--jobs", type=int, help="pass --jobs N to the command line (default: its own default)"
    )
    parser.add_argument(
        "--strict", action="store_true", help="exit with status 1 when a target is missed"
    )
    args = parser.parse_args(argv)
    if args.replay_n == 0:
        args.replay_n = None
    for name in ("score_n", "replay_n", "runs", "distinct", "jobs"):
        if getattr(args, name) is not None and getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    rng = random.Random(args.seed)
    start = time.perf_counter()
    games = base_games(min(args.distinct, max(args.score_n, args.replay_n or 0)), rng)
    workloads = [score_workload(games, args.score_n, rng, args.rules)]
    if args.replay_n is not None:
        if args.rules is not None:
            games = ruled_games(min(args.distinct, args.replay_n), rng, args.rules)
        workloads.append(replay_workload(games, args.replay_n, rng))
    print(
        f"Python {platform.python_version()}, {os.cpu_count()} CPUs; "
        f"{len(games)} distinct games, input built in {time.perf_counter() - start:.1f} s",
        file=sys.stderr,
    )
    for workload in workloads:
        print(f"  {describe(workload)}", file=sys.stderr)
    all_met = True
    compile_engine()
    with tempfile.TemporaryDirectory(prefix="doko-bench-") as tmp:
        for workload in workloads:
            line, met = report(workload, bench(workload, args.runs, Path(tmp), args.jobs))
            print(line, flush=True)
            all_met = all_met and met
    return 0 if all_met or not args.strict else 1


if __name__ == "__main__":
    raise SystemExit(main())
