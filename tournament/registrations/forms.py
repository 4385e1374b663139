"""Forms of the player registration: a pasted list, a player file, one registration."""

from __future__ import annotations

from flask_wtf.file import FileAllowed, FileField, FileRequired
from wtforms import IntegerField, StringField, SubmitField, TextAreaField
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional

from tournament.domain.registrations import DDV_LENGTH, MAX_PASTE_LINES
from tournament.models import NAME_LENGTH, TEXT_LENGTH
from tournament.web.forms import Form, VersionedForm, at_most, strip

MAX_TABLES = 200


class PasteForm(VersionedForm):
    text = TextAreaField(
        "Spieler, einer pro Zeile: Name; Verein; DDV-Nr. (Verein und Nummer freiwillig)",
        validators=[
            DataRequired("Bitte mindestens einen Namen eingeben."),
            Length(max=MAX_PASTE_LINES * 250, message="Die Liste ist zu lang."),
        ],
    )
    submit = SubmitField("Prüfen")


class PlayerFileForm(Form):
    """A player list as a file; it only leads to the preview, so it carries no version."""

    file = FileField(
        "Spielerliste als Datei (.xlsx oder .csv)",
        validators=[
            FileRequired("Bitte eine Datei auswählen."),
            FileAllowed(
                ["xlsx", "xlsm", "csv"],
                "Nur Excel-Dateien (.xlsx) und CSV-Dateien (.csv). Eine alte .xls-Datei bitte "
                "in Excel mit „Speichern unter“ als „Excel-Arbeitsmappe (.xlsx)“ speichern.",
            ),
        ],
    )
    submit = SubmitField("Datei hochladen")


class RegistrationForm(VersionedForm):
    name = StringField(
        "Name",
        filters=[strip],
        validators=[
            DataRequired("Bitte einen Namen eingeben."),
            at_most(NAME_LENGTH),
        ],
    )
    club = StringField(
        "Verein",
        filters=[strip],
        validators=[at_most(TEXT_LENGTH)],
    )
    ddv_number = StringField(
        "DDV-Mitgliedsnummer",
        filters=[strip],
        validators=[at_most(DDV_LENGTH)],
    )
    start_number = IntegerField(
        "Startnummer",
        validators=[
            InputRequired("Bitte eine Startnummer eingeben."),
            NumberRange(1, 9999, "Eine Startnummer von 1 bis 9999."),
        ],
    )
    fixed_table = IntegerField(
        "Fester Tisch (z. B. barrierefreier Platz; leer: beliebig)",
        validators=[Optional(), NumberRange(1, MAX_TABLES, f"Ein Tisch von 1 bis {MAX_TABLES}.")],
    )
    submit = SubmitField("Speichern")
