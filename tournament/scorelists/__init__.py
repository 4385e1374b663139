"""Score lists: the pages of a table's list, where games are entered, corrected and deleted, and
the Schiedsrichter's screens; the list itself is kept and written in
:mod:`tournament.domain.score_lists`."""
