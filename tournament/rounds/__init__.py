"""Rounds: the draw, start and close, and the round overview; the tables at play (codes, locks,
the clock) and the plans are in :mod:`tournament.domain`."""
