"""Forms of the set-up page, the login and the account management."""

from __future__ import annotations

from typing import Any

from wtforms import HiddenField, PasswordField, SelectField, StringField, SubmitField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import DataRequired, EqualTo, Length, Regexp

from tournament.models import USERNAME_LENGTH, Role
from tournament.web.forms import Form, strip

PASSWORD_MIN = 8
PASSWORD_MAX = 128


class NewPasswordForm(Form):
    """A password typed twice: the set-up, a new account, a password reset."""

    password = PasswordField(
        "Passwort",
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


class SetupForm(NewPasswordForm):
    username = StringField(
        "Benutzername",
        filters=[strip],
        validators=[
            DataRequired("Bitte einen Benutzernamen eingeben."),
            Length(
                min=3,
                max=USERNAME_LENGTH,
                message=f"Der Benutzername muss 3 bis {USERNAME_LENGTH} Zeichen lang sein.",
            ),
            Regexp(
                r"^[\w.-]+$",
                message="Nur Buchstaben, Ziffern, Punkt, Binde- und Unterstrich sind erlaubt.",
            ),
        ],
    )
    submit = SubmitField("Konto anlegen")


class LoginForm(Form):
    # Says no more than a wrong password does.
    nul_message = "Benutzername oder Passwort ist falsch."

    username = StringField(
        "Benutzername",
        filters=[strip],
        validators=[
            DataRequired("Bitte den Benutzernamen eingeben."),
            Length(max=USERNAME_LENGTH, message="Benutzername oder Passwort ist falsch."),
        ],
    )
    password = PasswordField(
        "Passwort",
        validators=[
            DataRequired("Bitte das Passwort eingeben."),
            Length(max=PASSWORD_MAX, message="Benutzername oder Passwort ist falsch."),
        ],
    )
    submit = SubmitField("Anmelden")


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
