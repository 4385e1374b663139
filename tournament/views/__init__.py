"""Blueprints, one per area: parse the request, call a service, commit, redirect or render."""
