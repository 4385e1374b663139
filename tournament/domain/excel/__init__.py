"""Spreadsheets: xlsx written fast (``writing``), uploads read safely (``reading``), a score
list's cells (``list_cells``) and the workbooks the app hands out (``exports``)."""
