"""Standings: the ranking of a tournament, after each round and overall."""
