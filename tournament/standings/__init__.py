"""Standings: the pages of a tournament's ranking, after each round and overall, and the
projector; the ranking itself is :mod:`tournament.domain.standings`."""
