"""Every form's inputs write their attributes with ``tournament.web.widgets.html_params``, and
the pages say exactly what WTForms' own widgets would say."""

from __future__ import annotations

from typing import Any

import wtforms
from flask import Flask
from hypothesis import given, settings
from hypothesis import strategies as st
from markupsafe import Markup
from wtforms import widgets
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, NumberRange

from tests.support.examples import examples
from tournament.scorelists.forms import MultiCheckboxField
from tournament.web import widgets as fast
from tournament.web.forms import Form

NAMES = st.from_regex(r"(data_|aria_)?[a-z][a-z_]{0,12}_?", fullmatch=True)
VALUES = st.one_of(
    st.booleans(),
    st.none(),
    st.integers(),
    st.text(),
    st.text().map(Markup),  # markup the page made itself: a quote in it is still escaped
    st.sampled_from(['"', "'", "<b>&amp;", Markup('a "quoted" <i>word</i>')]),
)


@given(st.dictionaries(NAMES, VALUES, max_size=8))
@settings(max_examples=examples(300), deadline=None)
def test_attributes_are_written_as_wtforms_writes_them(attributes: dict[str, Any]) -> None:
    assert fast.html_params(**attributes) == widgets.html_params(**attributes)
    assert isinstance(fast.html_params(**attributes), Markup)


def _fields() -> dict[str, Any]:
    """A field of every kind the app's forms use, with the flags and choices that make their
    widgets write more attributes."""
    choices = [
        SelectChoice("a", "Äpfel"),
        SelectChoice("b", 'Birnen "groß"'),
        SelectChoice("c", "<Kirschen>"),
    ]
    return {
        "name": wtforms.StringField(
            "Name", [InputRequired(), Length(max=40)], render_kw={"autocomplete": "off"}
        ),
        "points": wtforms.IntegerField("Punkte", [NumberRange(min=-300, max=300)]),
        "version": wtforms.HiddenField(),
        "password": wtforms.PasswordField("Passwort", [InputRequired()]),
        "agree": wtforms.BooleanField("Einverstanden"),
        "kind": wtforms.RadioField("Art", choices=choices),
        "solo": wtforms.SelectField("Solo", choices=choices),
        "players": MultiCheckboxField("Spieler", choices=choices),
        "many": wtforms.SelectMultipleField("Viele", choices=choices),
        "note": wtforms.TextAreaField("Notiz"),
        "upload": wtforms.FileField("Datei"),
        "day": wtforms.DateField("Tag"),
        "save": wtforms.SubmitField('Speichern "jetzt"'),
    }


#: The same fields in a form of the app and in a plain WTForms form.
AppForm = type("AppForm", (Form,), _fields())
WTFormsForm = type("WTFormsForm", (wtforms.Form,), _fields())

DATA = {
    "name": 'Anna "die Große" <Ä>',
    "points": 12,
    "version": "3",
    "password": "geheim",
    "agree": True,
    "kind": "b",
    "solo": "c",
    "players": ["a", "c"],
    "many": ["b"],
    "note": "zwei\nZeilen & <mehr>",
    "day": None,
}


def test_every_kind_of_field_renders_as_wtforms_renders_it() -> None:
    app = Flask(__name__)
    app.config.update(SECRET_KEY="test", WTF_CSRF_ENABLED=True)
    with app.test_request_context():
        ours = AppForm(data=DATA)
        theirs = WTFormsForm(data=DATA)
        ours.validate()
        theirs.validate()
        extra = {"class_": "wide", "aria_invalid": "true", "data_role": 'x"y', "disabled": False}
        for name in _fields():
            for attributes in ({}, extra):
                assert ours[name](**attributes) == theirs[name](**attributes), name
            assert ours[name].label() == theirs[name].label()
        for name in ("kind", "players"):
            for option, their_option in zip(ours[name], theirs[name], strict=True):
                assert option() == their_option(), name
                assert option.label() == their_option.label()
        # The token's hidden input too, through the faster widget.
        assert type(ours.csrf_token.widget).html_params is fast.html_params
        token = '<input id="csrf_token" name="csrf_token" type="hidden"'
        assert ours.csrf_token().startswith(token)


def test_the_app_s_inputs_use_the_faster_attributes() -> None:
    app = Flask(__name__)
    app.config.update(SECRET_KEY="test")
    with app.test_request_context():
        form = AppForm()
    inputs = ("name", "points", "version", "password", "agree", "upload", "day", "save")
    for name in inputs:
        assert type(form[name].widget).html_params is fast.html_params, name
        assert isinstance(form[name].widget, type(WTFormsForm()[name].widget)), name
    for name in ("kind", "players"):
        assert type(form[name].option_widget).html_params is fast.html_params, name
    # WTForms' own widget objects are left as they were.
    assert widgets.TextInput.html_params is not fast.html_params
    assert type(WTFormsForm().name.widget) is widgets.TextInput
