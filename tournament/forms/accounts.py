"""Forms of the account management."""

from __future__ import annotations

from wtforms import HiddenField, PasswordField, SelectField, SubmitField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import DataRequired, EqualTo, Length

from tournament.forms import Form
from tournament.forms.auth import PASSWORD_MAX, PASSWORD_MIN, SetupForm
from tournament.models import Role


class AccountForm(SetupForm):
    role = SelectField("Rolle", choices=[SelectChoice(r.value, r.label) for r in Role])
    submit = SubmitField("Konto anlegen")


class PasswordForm(Form):
    password = PasswordField(
        "Neues Passwort",
        validators=[
            DataRequired("Bitte ein Passwort eingeben."),
            Length(
                min=PASSWORD_MIN,
                max=PASSWORD_MAX,
                message=f"Das Passwort muss {PASSWORD_MIN} bis {PASSWORD_MAX} Zeichen lang sein.",
            ),
        ],
    )
    password_repeated = PasswordField(
        "Passwort wiederholen",
        validators=[
            DataRequired("Bitte das Passwort wiederholen."),
            EqualTo("password", message="Die beiden Passwörter stimmen nicht überein."),
        ],
    )
    submit = SubmitField("Passwort setzen")


class ToggleForm(Form):
    active = HiddenField()
    submit = SubmitField("Ändern")
