"""Backups of the laptop's SQLite database and their restore.

:mod:`tournament.domain.backups` writes the copies (at every round start and close, and every
five minutes while a round runs), :mod:`tournament.backups.restore` checks a copy and puts it
in place, :mod:`tournament.backups.commands` is what ``doko-turnier --restore`` and
``flask restore-backup`` run.
"""
