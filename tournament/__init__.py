"""The tournament web application (Flask) and the table draw.

The rules live in :mod:`rules_engine`; this package holds the app factory, the
service layer and the pure table draw.
"""
