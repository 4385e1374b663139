"""Forms of the score-list import: the upload, and the confirmation carrying the file."""

from __future__ import annotations

import base64
import binascii

from flask_wtf.file import FileField, FileRequired
from wtforms import HiddenField, SubmitField
from wtforms.validators import InputRequired

from tournament.web.forms import Form, page_json, whole_number


class UploadForm(Form):
    file = FileField(
        "Excel-Datei (.xlsx) mit der Spielliste",
        validators=[FileRequired("Bitte eine Datei auswählen.")],
    )
    submit = SubmitField("Datei prüfen")


class ConfirmForm(Form):
    """The previewed file goes back with the confirmation and is read and checked again, so
    exactly the previewed rows are stored and only if nothing changed in between."""

    content = HiddenField(validators=[InputRequired()])
    filename = HiddenField()
    versions = HiddenField(validators=[InputRequired()])
    submit = SubmitField("Einlesen")

    def file_bytes(self) -> bytes | None:
        try:
            return base64.b64decode(self.content.data or "", validate=True)
        except (binascii.Error, ValueError):
            return None

    def version_map(self) -> dict[int, int]:
        """Each table's version when the preview was shown; entries that are no table number
        and version count as none. Not JSON (or nested beyond reason): :class:`DamagedForm`."""
        raw = page_json(self.versions.data or "{}")
        if not isinstance(raw, dict):
            return {}
        tables = {whole_number(k): v for k, v in raw.items() if type(v) is int}
        return {k: v for k, v in tables.items() if k is not None}

    @staticmethod
    def encode(data: bytes) -> str:
        return base64.b64encode(data).decode("ascii")
