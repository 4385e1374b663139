"""How the web app's parts import each other: levels, imports that run back up, mutual pairs.

    .venv/bin/python tools/import_graph.py            # the figures
    .venv/bin/python tools/import_graph.py --edges    # and every import between two parts

A part is a direct child of ``tournament`` (a feature package such as ``tournament.scorelists``
or a module such as ``tournament.models``), with the engine and the draw as two more parts.
The graph comes from grimp, the library import-linter checks the contract with; imports made
only for type checking count like any other, as they do in the contract.

Levels are counted from the bottom: a part that imports no other part is on level 1, any other
part one level above the highest part it imports. Where parts import each other in a circle
there is no such order; the circle is then broken at the fewest imports a greedy pass
(Eades, Lin and Smyth) finds, and those imports are counted as running back up.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict

import grimp

ROOTS = ("tournament", "rules_engine", "table_draw")


def part_of(module: str) -> str:
    """The part a module belongs to: ``tournament.x``, or the engine or the draw as a whole."""
    head, _, rest = module.partition(".")
    if head != "tournament" or not rest:
        return head
    return f"tournament.{rest.split('.')[0]}"


def part_graph() -> dict[str, set[str]]:
    graph = grimp.build_graph(*ROOTS)
    edges: dict[str, set[str]] = defaultdict(set)
    for module in graph.modules:
        source = part_of(module)
        edges.setdefault(source, set())
        for imported in graph.find_modules_directly_imported_by(module):
            target = part_of(imported)
            if target != source:
                edges[source].add(target)
    edges.pop("tournament", None)
    for targets in edges.values():
        targets.discard("tournament")
    return dict(edges)


def back_edges(edges: dict[str, set[str]]) -> set[tuple[str, str]]:
    """A small set of imports whose removal leaves no circle (greedy feedback arc set)."""
    outgoing = {node: set(targets) for node, targets in edges.items()}
    incoming: dict[str, set[str]] = {node: set() for node in edges}
    for node, targets in edges.items():
        for target in targets:
            incoming[target].add(node)
    left, right = [], []
    remaining = set(edges)

    def drop(node: str) -> None:
        remaining.discard(node)
        for target in outgoing.pop(node):
            incoming[target].discard(node)
        for source in incoming.pop(node):
            outgoing[source].discard(node)

    while remaining:
        sinks = sorted(n for n in remaining if not outgoing[n])
        sources = sorted(n for n in remaining if not incoming[n])
        if sinks:
            for node in sinks:
                right.append(node)
                drop(node)
        elif sources:
            for node in sources:
                left.append(node)
                drop(node)
        else:
            node = max(sorted(remaining), key=lambda n: len(outgoing[n]) - len(incoming[n]))
            left.append(node)
            drop(node)
    order = {node: index for index, node in enumerate(left + right[::-1])}
    # An import runs down when the importer comes first in the order.
    return {(s, t) for s, targets in edges.items() for t in targets if order[s] > order[t]}


def levels(edges: dict[str, set[str]], upward: set[tuple[str, str]]) -> dict[str, int]:
    level: dict[str, int] = {}

    def of(node: str) -> int:
        if node not in level:
            below = [t for t in edges[node] if (node, t) not in upward]
            level[node] = 1 + max((of(t) for t in below), default=0)
        return level[node]

    for node in edges:
        of(node)
    return level


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edges", action="store_true", help="list every import between parts")
    args = parser.parse_args(argv)
    edges = part_graph()
    upward = back_edges(edges)
    level = levels(edges, upward)
    mutual = sorted(
        (a, b) for a, targets in edges.items() for b in targets if a < b and a in edges.get(b, ())
    )
    count = sum(len(targets) for targets in edges.values())
    print(f"parts: {len(edges)}, imports between parts: {count}")
    print(f"levels: {max(level.values())}")
    print(f"imports running back up: {len(upward)}")
    print(f"pairs importing each other: {len(mutual)}")
    for a, b in mutual:
        print(f"  {a} <-> {b}")
    for a, b in sorted(upward):
        print(f"  up: {a} -> {b}")
    print("by level (top first):")
    for value in sorted(set(level.values()), reverse=True):
        names = sorted(n.removeprefix("tournament.") for n, v in level.items() if v == value)
        print(f"  {value:2}: {', '.join(names)}")
    if args.edges:
        for source in sorted(edges):
            for target in sorted(edges[source]):
                mark = "  (up)" if (source, target) in upward else ""
                print(f"{source} -> {target}{mark}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
