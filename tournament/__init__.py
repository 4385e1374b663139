"""The tournament web application (Flask).

The rules live in :mod:`rules_engine`, the table draw in :mod:`table_draw` (``draw`` here is
its first name, kept for ``python -m tournament.draw``). This package holds the app factory
and one package per feature (``accounts``, ``audit``, ``tournaments``, ``registrations``,
``rounds``, ``scorelists``, ``standings``, ``excel``), each with its routes, forms and
service; ``web`` holds what their pages share. A service adds and changes rows in the
current session but never commits: the route that called it commits once, so each request is
one transaction.
"""
