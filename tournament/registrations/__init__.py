"""Registrations: the players of a tournament, pasted or read from a file, withdrawn, added late."""
