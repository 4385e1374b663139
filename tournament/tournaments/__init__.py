"""Tournaments: their data, status and version check, and the pages that create and show them."""
