"""Forms of the tournament data, the player registration and the rounds."""

from __future__ import annotations

from flask_wtf.file import FileAllowed, FileField, FileRequired
from wtforms import (
    BooleanField,
    DateField,
    HiddenField,
    IntegerField,
    RadioField,
    StringField,
    SubmitField,
    TextAreaField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional

from tournament.models import NAME_LENGTH, TEXT_LENGTH, DrawMethod
from tournament.registrations.service import DDV_LENGTH, MAX_PASTE_LINES
from tournament.web.forms import Form, strip, whole_number

MAX_ROUNDS = 20
MAX_TABLES = 200


def page_version(value: object) -> int:
    """The tournament version a page showed; -1 (never current) if it cannot be read."""
    number = whole_number(value)
    return -1 if number is None else number


class VersionedForm(Form):
    """A form that changes a tournament carries the version its page showed."""

    version = HiddenField(validators=[InputRequired()])

    def version_number(self) -> int:
        return page_version(self.version.data)


class TournamentForm(Form):
    name = StringField(
        "Name des Turniers",
        filters=[strip],
        validators=[
            DataRequired("Bitte einen Namen eingeben."),
            Length(max=TEXT_LENGTH, message=f"Höchstens {TEXT_LENGTH} Zeichen."),
        ],
    )
    date = DateField("Datum", validators=[InputRequired("Bitte ein Datum eingeben.")])
    venue = StringField(
        "Ort",
        filters=[strip],
        validators=[Length(max=TEXT_LENGTH, message=f"Höchstens {TEXT_LENGTH} Zeichen.")],
    )
    organiser = StringField(
        "Veranstalter",
        filters=[strip],
        validators=[Length(max=TEXT_LENGTH, message=f"Höchstens {TEXT_LENGTH} Zeichen.")],
    )
    rounds_planned = IntegerField(
        "Geplante Runden",
        default=3,
        validators=[
            InputRequired("Bitte die Zahl der Runden eingeben."),
            NumberRange(1, MAX_ROUNDS, f"Zwischen 1 und {MAX_ROUNDS} Runden."),
        ],
    )
    version = HiddenField()
    submit = SubmitField("Speichern")

    def version_number(self) -> int:
        return page_version(self.version.data)


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
            Length(max=NAME_LENGTH, message=f"Höchstens {NAME_LENGTH} Zeichen."),
        ],
    )
    club = StringField(
        "Verein",
        filters=[strip],
        validators=[Length(max=TEXT_LENGTH, message=f"Höchstens {TEXT_LENGTH} Zeichen.")],
    )
    ddv_number = StringField(
        "DDV-Mitgliedsnummer",
        filters=[strip],
        validators=[Length(max=DDV_LENGTH, message=f"Höchstens {DDV_LENGTH} Zeichen.")],
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


class ActionForm(VersionedForm):
    """A button that changes the tournament (withdraw, start a round ...)."""

    submit = SubmitField("Ausführen")


class DrawForm(VersionedForm):
    method = RadioField(
        "Verfahren",
        choices=[SelectChoice(m.value, m.label) for m in DrawMethod],
        default=DrawMethod.RANDOM.value,
        validators=[InputRequired("Bitte ein Verfahren wählen.")],
    )
    seed = IntegerField(
        "Startwert (leer: zufällig)",
        validators=[Optional(), NumberRange(0, 10**12, "Ein Startwert von 0 bis 10¹².")],
    )
    separate_clubs = BooleanField("Spieler eines Vereins möglichst trennen")
    submit = SubmitField("Runde auslosen")


class RedrawForm(VersionedForm):
    seed = IntegerField(
        "Neuer Startwert (leer: zufällig)",
        validators=[Optional(), NumberRange(0, 10**12, "Ein Startwert von 0 bis 10¹².")],
    )
    submit = SubmitField("Neu auslosen")
