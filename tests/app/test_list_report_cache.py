"""The engine's reports of the lists in use, kept in memory (tournament/domain/list_store.py):
the lists looked at last stay, the one not looked at for longest goes first."""

from __future__ import annotations

from tournament.domain import list_store

PLAYERS = ("1", "2", "3", "4")


def test_the_report_cache_keeps_the_lists_looked_at_last() -> None:
    list_store.forget_reports()
    size = int(list_store._REPORTS.maxsize)
    reports = {n: list_store.report_for(f"T{n}", PLAYERS, ()) for n in range(size)}
    # T0, the oldest, is looked at again: T1 is now the one not looked at for longest.
    assert list_store.report_for("T0", PLAYERS, ()) is reports[0]
    list_store.report_for("T-new", PLAYERS, ())
    assert list_store.report_for("T0", PLAYERS, ()) is reports[0]
    assert list_store.report_for("T2", PLAYERS, ()) is reports[2]
    assert list_store.report_for("T1", PLAYERS, ()) is not reports[1]
    assert list_store.report_for("T1", PLAYERS, ()) == reports[1]
    list_store.forget_reports()
