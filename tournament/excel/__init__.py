"""The import of score lists from a spreadsheet: the upload pages, the check of a file against
the tournament and its confirmation (spreadsheets read and written: ``tournament.domain.excel``)."""
