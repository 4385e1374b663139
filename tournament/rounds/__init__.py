"""Rounds: the draw, start and close, the tables with their codes, locks and clock, the plans and
the round overview."""
