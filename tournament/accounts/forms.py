"""Forms of the set-up page, the login and the account management."""

from __future__ import annotations

from typing import Any

from wtforms import Field, HiddenField, PasswordField, SelectField, StringField, SubmitField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import DataRequired, EqualTo, Length, Regexp, ValidationError

from tournament.accounts.passwords import PASSWORD_MAX, PASSWORD_MIN, weakness
from tournament.models import USERNAME_LENGTH, Role
from tournament.texts import refusal_text
from tournament.web.forms import Form, strip


def not_guessable(form: Form, field: Field) -> None:
    """A new password must not be guessable: the German reason is shown at the field. The
    username typed on the same form (or the account's, ``form.account_name``) counts as a
    guessable word."""
    if len(field.data or "") > PASSWORD_MAX:
        return  # refused for its length already
    names = [getattr(form, "account_name", "")]
    username = getattr(form, "username", None)
    if username is not None and username.data:
        names.append(username.data)
    refusal = weakness(field.data or "", names)
    if refusal is not None:
        raise ValidationError(refusal_text(refusal, minimum=PASSWORD_MIN))


class NewPasswordForm(Form):
    """A password typed twice: the set-up, a new account, a password reset."""

    password = PasswordField(
        "Passwort",
        description=f"Mindestens {PASSWORD_MIN} Zeichen, nicht leicht zu erraten.",
        validators=[
            DataRequired("Bitte ein Passwort eingeben."),
            Length(
                max=PASSWORD_MAX,
                message=f"Das Passwort darf höchstens {PASSWORD_MAX} Zeichen lang sein.",
            ),
            not_guessable,
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
    setup_code = StringField(
        "Einrichtungscode",
        filters=[strip],
        validators=[
            DataRequired("Bitte den Einrichtungscode eingeben."),
            Length(max=40, message="Der Einrichtungscode stimmt nicht."),
        ],
    )
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
    setup_code = None
    role = SelectField("Rolle", choices=[SelectChoice(r.value, r.label) for r in Role])
    submit = SubmitField("Konto anlegen")


class PasswordForm(NewPasswordForm):
    submit = SubmitField("Passwort setzen")

    def __init__(self, *args: Any, account_name: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.password.label.text = "Neues Passwort"
        self.account_name = account_name


class ToggleForm(Form):
    active = HiddenField()
    submit = SubmitField("Ändern")
