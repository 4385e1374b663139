"""Score lists: the entries of a table's list, checked by the rules engine, stored, and laid out on
the list page."""
