"""Where every random choice of the draw comes from: one generator per step of the draw,
seeded with a text made of the step's name and the request's seed, so the same request
draws the same tables on any computer."""

from __future__ import annotations

import random

__all__ = ["step_random"]


def step_random(seed: int, *parts: object) -> random.Random:
    """A random generator for one step of the draw: reproducible from the seed and the step."""
    return random.Random("doko-draw/" + "/".join(str(part) for part in (*parts, seed)))
