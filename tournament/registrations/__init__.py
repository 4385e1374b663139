"""Registrations: the pages of the players of a tournament, pasted or read from a file,
withdrawn, added late (the rules: ``tournament.domain.registrations``, the names:
``tournament.domain.names``)."""
