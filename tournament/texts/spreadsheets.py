"""The German sentences of an uploaded file that cannot be read (:class:`SpreadsheetError`).

A file is refused with a :class:`FileProblem` code and its parameters
(``SpreadsheetError(FileProblem.EMPTY_FILE, name="„liste.csv“")``); a :class:`FilePart` is a
piece of such a sentence (the merged cells of one sheet, a kind of bad cell) or of a page
about a file (where a player list's parts come from).
:data:`GERMAN_FILE_PROBLEMS` and :data:`GERMAN_FILE_PARTS` hold one German template per
code, filled like the app's own (:func:`tournament.texts.messages.fill`); :func:`file_problem`
and :func:`file_part` put the text together.

``name`` is always the file's name as a message shows it, in German quotes; ``sheet`` a
sheet's title without them.

:class:`~tournament.domain.errors.SpreadsheetError` ends every sentence by saying that
nothing was changed (:data:`NOTHING_CHANGED`), unless it says so already.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any

from .messages import fill

__all__ = [
    "GERMAN_FILE_PARTS",
    "GERMAN_FILE_PROBLEMS",
    "NOTHING_CHANGED",
    "FilePart",
    "FileProblem",
    "file_part",
    "file_problem",
]

#: The sentence every refusal of a file ends with.
NOTHING_CHANGED = "Es wurde nichts geändert."


class FileProblem(Enum):
    """Why an uploaded file cannot be read or used."""

    # any upload (tournament.domain.excel.reading)
    EMPTY_FILE = "empty_file"
    TOO_LARGE = "too_large"
    NOT_A_SPREADSHEET = "not_a_spreadsheet"
    OLD_EXCEL = "old_excel"
    PDF = "pdf"
    NOT_EXCEL = "not_excel"
    UNPACKED_TOO_LARGE = "unpacked_too_large"
    OPENDOCUMENT = "opendocument"
    ZIP_NOT_EXCEL = "zip_not_excel"
    DAMAGED = "damaged"
    FORBIDDEN_XML = "forbidden_xml"
    MERGED_CELLS = "merged_cells"
    SHEET_TOO_LARGE = "sheet_too_large"
    NOT_CSV = "not_csv"
    NUL_CHARACTERS = "nul_characters"
    CSV_TOO_LARGE = "csv_too_large"
    CSV_UNREADABLE = "csv_unreadable"
    UNKNOWN_ENCODING = "unknown_encoding"
    # counted while the members are streamed, before the workbook is opened
    PART_TOO_LARGE = "part_too_large"
    SHEET_XML_TOO_LARGE = "sheet_xml_too_large"
    SHEET_TOO_MANY_CELLS = "sheet_too_many_cells"
    WORKBOOK_TOO_MANY_CELLS = "workbook_too_many_cells"
    SHEET_TOO_MANY_ELEMENTS = "sheet_too_many_elements"
    PART_TOO_MANY_ELEMENTS = "part_too_many_elements"
    WORKBOOK_TOO_MANY_ELEMENTS = "workbook_too_many_elements"
    SHEET_TOO_DEEP = "sheet_too_deep"
    PART_TOO_DEEP = "part_too_deep"

    # a player list (tournament.registrations.player_files)
    PLAYER_SHEET_EMPTY = "player_sheet_empty"
    NO_VALUES = "no_values"
    SEVERAL_FILLED_SHEETS = "several_filled_sheets"
    COLUMN_TWICE = "column_twice"
    NO_NAME_COLUMN = "no_name_column"
    BAD_CELLS = "bad_cells"
    NO_PLAYERS = "no_players"
    TOO_MANY_ROWS = "too_many_rows"
    LIST_TOO_LONG = "list_too_long"

    # the list of one table (tournament.excel.imports)
    ONLY_EMPTY_SHEETS = "only_empty_sheets"
    SEVERAL_SHEETS = "several_sheets"
    NO_LIST = "no_list"
    SEVERAL_LISTS = "several_lists"


class FilePart(Enum):
    """A piece of a :class:`FileProblem`'s sentence."""

    # the merged cells of one sheet, for MERGED_CELLS; with more than are named
    MERGED_IN_SHEET = "merged_in_sheet"
    MERGED_IN_SHEET_MORE = "merged_in_sheet_more"
    # a kind of bad cell with the cells, for BAD_CELLS; the kinds
    CELLS_OF_KIND = "cells_of_kind"
    FORMULA_WITHOUT_VALUE = "formula_without_value"
    ERROR_VALUE = "error_value"
    SEMICOLON = "semicolon"
    # where a player list's part comes from, for the preview page
    COLUMN_SOURCE = "column_source"
    # a cell without a value, for NO_LIST; a file without a name, for ``name``
    EMPTY_CELL = "empty_cell"
    NO_NAME = "no_name"


#: One German template per problem of a file; the placeholders are its parameters.
GERMAN_FILE_PROBLEMS: Mapping[FileProblem, str] = {
    FileProblem.EMPTY_FILE: "Die Datei {name} ist leer.",
    FileProblem.TOO_LARGE: (
        "Die Datei {name} ist größer als {megabytes} MB und wird deshalb nicht gelesen."
    ),
    FileProblem.NOT_A_SPREADSHEET: (
        "Die Datei {name} kann nicht gelesen werden: bitte eine Excel-Datei "
        "(.xlsx) oder eine CSV-Datei (.csv) hochladen."
    ),
    FileProblem.OLD_EXCEL: (
        "Die Datei {name} ist keine Excel-Datei (.xlsx), sondern eine alte Excel-Datei "
        "(.xls) oder eine mit Kennwort geschützte Datei: bitte in Excel ohne Kennwort "
        "mit „Speichern unter“ als „Excel-Arbeitsmappe (.xlsx)“ speichern und diese "
        "hochladen."
    ),
    FileProblem.PDF: "Die Datei {name} ist eine PDF-Datei, keine Excel-Datei (.xlsx).",
    FileProblem.NOT_EXCEL: "Die Datei {name} ist keine Excel-Datei (.xlsx).",
    FileProblem.UNPACKED_TOO_LARGE: (
        "Die Datei {name} ist entpackt größer als {megabytes} MB und wird deshalb nicht gelesen."
    ),
    FileProblem.OPENDOCUMENT: (
        "Die Datei {name} ist eine OpenDocument-Datei (z. B. .ods), keine Excel-Datei "
        "(.xlsx): bitte mit „Speichern unter“ als „Excel-Arbeitsmappe (.xlsx)“ speichern "
        "und diese hochladen."
    ),
    FileProblem.ZIP_NOT_EXCEL: (
        "Die Datei {name} ist eine ZIP-Datei, aber keine Excel-Datei (.xlsx)."
    ),
    FileProblem.DAMAGED: (
        "Die Datei {name} ist beschädigt oder unvollständig und kann nicht gelesen werden "
        "(vielleicht nicht ganz hochgeladen): bitte in Excel öffnen, neu speichern und noch "
        "einmal hochladen."
    ),
    FileProblem.FORBIDDEN_XML: (
        "Die Datei {name} enthält unzulässige XML-Konstrukte (Entity- oder "
        "DTD-Deklarationen) und wird aus Sicherheitsgründen nicht gelesen."
    ),
    FileProblem.MERGED_CELLS: (
        "Die Datei {name} enthält verbundene Zellen, die nicht eindeutig gelesen werden "
        "können. {sheets!l} – bitte die Verbindung aufheben (Start → "
        "„Verbinden und zentrieren“ ausschalten) und die Datei erneut hochladen."
    ),
    FileProblem.SHEET_TOO_LARGE: (
        "Die Datei {name} ist zu groß: Blatt „{sheet}“ reicht bis {cell}, mehr als {cells} Zellen."
    ),
    FileProblem.NOT_CSV: "Die Datei {name} ist keine CSV-Datei (reiner Text).",
    FileProblem.NUL_CHARACTERS: (
        "Die Datei {name} enthält NUL-Zeichen und ist deshalb keine CSV-Datei (reiner Text)."
    ),
    FileProblem.CSV_TOO_LARGE: "Die Datei {name} ist zu groß: höchstens {cells} Zellen.",
    FileProblem.CSV_UNREADABLE: (
        "Die Datei {name} ist keine lesbare CSV-Datei (Zeile {line}): "
        "vielleicht ein Anführungszeichen ohne Gegenstück."
    ),
    FileProblem.UNKNOWN_ENCODING: (
        "Die Datei {name} hat eine unbekannte Zeichenkodierung: bitte als „CSV UTF-8“ "
        "speichern und erneut hochladen."
    ),
    FileProblem.PART_TOO_LARGE: (
        "Die Datei {name} ist zu groß: ihr Teil „{part}“ ist entpackt größer als {megabytes} MB."
    ),
    FileProblem.SHEET_XML_TOO_LARGE: (
        "Die Datei {name} ist zu groß: Blatt „{sheet}“ ist entpackt größer als {megabytes} MB."
    ),
    FileProblem.SHEET_TOO_MANY_CELLS: (
        "Die Datei {name} ist zu groß: Blatt „{sheet}“ hat mehr als {cells} Zellen."
    ),
    FileProblem.WORKBOOK_TOO_MANY_CELLS: (
        "Die Datei {name} ist zu groß: alle Blätter zusammen haben mehr als {cells} Zellen."
    ),
    FileProblem.SHEET_TOO_MANY_ELEMENTS: (
        "Die Datei {name} ist zu groß: Blatt „{sheet}“ besteht aus mehr als {elements} "
        "XML-Elementen."
    ),
    FileProblem.PART_TOO_MANY_ELEMENTS: (
        "Die Datei {name} ist zu groß: ihr Teil „{part}“ besteht aus mehr als {elements} "
        "XML-Elementen."
    ),
    FileProblem.WORKBOOK_TOO_MANY_ELEMENTS: (
        "Die Datei {name} ist zu groß: alle ihre Teile zusammen bestehen aus mehr als "
        "{elements} XML-Elementen."
    ),
    FileProblem.SHEET_TOO_DEEP: (
        "Die Datei {name} wird nicht gelesen: in Blatt „{sheet}“ sind XML-Elemente mehr als "
        "{depth} Ebenen tief ineinander verschachtelt."
    ),
    FileProblem.PART_TOO_DEEP: (
        "Die Datei {name} wird nicht gelesen: in ihrem Teil „{part}“ sind XML-Elemente mehr "
        "als {depth} Ebenen tief ineinander verschachtelt."
    ),
    FileProblem.PLAYER_SHEET_EMPTY: "Das Blatt „{sheet}“ der Datei {name} ist leer.",
    FileProblem.NO_VALUES: "Die Datei {name} enthält keine Werte: die Tabelle ist leer.",
    FileProblem.SEVERAL_FILLED_SHEETS: (
        "Die Datei {name} hat mehrere ausgefüllte Blätter ({sheets}); welches die "
        "Spielerliste ist, ist nicht eindeutig. Bitte eine Datei mit nur einem Blatt "
        "hochladen oder das Blatt der Spielerliste „{player_sheet}“ nennen."
    ),
    FileProblem.COLUMN_TWICE: (
        "Die Datei {name} hat im Blatt „{sheet}“ mehr als eine Spalte für "
        "{label}: {cells!u}. Bitte eine davon umbenennen oder löschen."
    ),
    FileProblem.NO_NAME_COLUMN: (
        "Die Datei {name} hat im Blatt „{sheet}“ keine Spalte „Name“ (auch „Spieler“ "
        "oder „Vorname“ und „Nachname“ gehen). Die erste ausgefüllte Zeile "
        "(Zeile {header}) muss die Überschriften enthalten; gefunden: {headings}."
    ),
    FileProblem.BAD_CELLS: (
        "Die Datei {name} kann nicht übernommen werden. Blatt „{sheet}“: {kinds!w}"
    ),
    FileProblem.NO_PLAYERS: (
        "Die Datei {name} enthält im Blatt „{sheet}“ unter der Überschriftenzeile "
        "{header} keine Spieler."
    ),
    FileProblem.TOO_MANY_ROWS: (
        "Die Spielerliste der Datei {name} reicht bis Zeile {rows}; höchstens "
        "{limit} Zeilen auf einmal: bitte die Liste auf mehrere Dateien aufteilen."
    ),
    FileProblem.LIST_TOO_LONG: (
        "Die Spielerliste der Datei {name} ist zu lang (mehr als {limit} Zeichen): "
        "bitte die Liste auf mehrere Dateien aufteilen."
    ),
    FileProblem.ONLY_EMPTY_SHEETS: (
        "Die Datei enthält nur leere Blätter: keine Spielliste gefunden."
    ),
    FileProblem.SEVERAL_SHEETS: (
        "Die Datei hat mehrere Blätter ({sheets}); für die Liste eines Tisches bitte eine "
        "Datei mit nur einem Blatt hochladen (ein ganzes Turnier unter „Turnier einlesen“)."
    ),
    FileProblem.NO_LIST: (
        "Blatt „{sheet}“ enthält keine Spielliste: Zelle A1 muss „Spielliste Tisch N“ "
        "heißen (sie ist {first}). Bitte die Vorlage oder eine exportierte Liste verwenden."
    ),
    FileProblem.SEVERAL_LISTS: (
        "Blatt „{sheet}“ enthält {lists} Spiellisten; für einen Tisch bitte "
        "nur dessen Liste hochladen."
    ),
}

#: One German template per piece of a file's sentence.
GERMAN_FILE_PARTS: Mapping[FilePart, str] = {
    FilePart.MERGED_IN_SHEET: "Blatt „{sheet}“: verbundene Zellen {ranges}",
    FilePart.MERGED_IN_SHEET_MORE: (
        "Blatt „{sheet}“: verbundene Zellen {ranges} und {more} weitere"
    ),
    FilePart.CELLS_OF_KIND: "{kind}: {cells}.",
    FilePart.FORMULA_WITHOUT_VALUE: (
        "Formeln ohne gespeicherten Wert (bitte die Datei in Excel öffnen und speichern, dann "
        "steht der berechnete Wert darin)"
    ),
    FilePart.ERROR_VALUE: "Fehlerwerte statt Namen oder Nummern (bitte in der Datei korrigieren)",
    FilePart.SEMICOLON: (
        "Zellen mit einem Semikolon, das in der Liste Name, Verein und DDV-Nr. trennt (bitte in "
        "der Datei durch ein Komma ersetzen)"
    ),
    FilePart.COLUMN_SOURCE: "{label} aus Spalte {letter} („{heading}“)",
    FilePart.EMPTY_CELL: "leer",
    FilePart.NO_NAME: "(ohne Namen)",
}


def file_problem(code: FileProblem, /, **params: Any) -> str:
    """The German sentence of a file's problem (without :data:`NOTHING_CHANGED`)."""
    return fill(GERMAN_FILE_PROBLEMS[code], **params)


def file_part(code: FilePart, /, **params: Any) -> str:
    """The German piece of a file's sentence."""
    return fill(GERMAN_FILE_PARTS[code], **params)
