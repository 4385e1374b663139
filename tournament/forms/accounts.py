"""Forms of the account management."""

from __future__ import annotations

from typing import Any

from wtforms import HiddenField, SelectField, SubmitField
from wtforms.fields.choices import SelectChoice

from tournament.forms import Form
from tournament.forms.auth import NewPasswordForm, SetupForm
from tournament.models import Role


class AccountForm(SetupForm):
    role = SelectField("Rolle", choices=[SelectChoice(r.value, r.label) for r in Role])
    submit = SubmitField("Konto anlegen")


class PasswordForm(NewPasswordForm):
    submit = SubmitField("Passwort setzen")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.password.label.text = "Neues Passwort"


class ToggleForm(Form):
    active = HiddenField()
    submit = SubmitField("Ändern")
