"""Tournaments: the pages that create, change and show them (their data, status and version
check: ``tournament.domain.tournaments``)."""
