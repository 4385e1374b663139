"""The forms of a season series."""

from __future__ import annotations

from wtforms import IntegerField, RadioField, SelectField, StringField, SubmitField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import DataRequired, InputRequired, NumberRange, Optional

from tournament.domain.series import Settings
from tournament.models import TEXT_LENGTH, SeriesCounting, SeriesMeasure
from tournament.texts import series as words
from tournament.web.forms import VersionedForm, at_most, strip

_TIE_CHOICES = [SelectChoice("", words.TIE_BREAK_NONE)] + [
    SelectChoice(key, label) for key, label in words.TIE_BREAK_CHOICES
]


class SeriesForm(VersionedForm):
    name = StringField(
        words.NAME,
        filters=[strip],
        validators=[DataRequired(words.NAME_MISSING), at_most(TEXT_LENGTH)],
    )
    season = IntegerField(
        words.SEASON,
        validators=[InputRequired(words.SEASON_MISSING), NumberRange(1900, 2999)],
    )
    counting = RadioField(
        words.COUNTING,
        choices=[SelectChoice(k, v) for k, v in words.COUNTING_CHOICES],
        default="all",
    )
    best_of = IntegerField(
        words.BEST_OF,
        description=words.BEST_OF_HINT,
        validators=[Optional(), NumberRange(1, 100)],
    )
    measure = RadioField(
        words.MEASURE,
        choices=[SelectChoice(k, v) for k, v in words.MEASURE_CHOICES],
        default="total",
    )
    placement_points = StringField(
        words.PLACEMENT, filters=[strip], description=words.PLACEMENT_HINT
    )
    min_tournaments = IntegerField(
        words.MIN_TOURNAMENTS, default=1, validators=[InputRequired(), NumberRange(1, 100)]
    )
    tie_break_1 = SelectField(words.TIE_BREAK.format(number=1), choices=_TIE_CHOICES)
    tie_break_2 = SelectField(words.TIE_BREAK.format(number=2), choices=_TIE_CHOICES)
    tie_break_3 = SelectField(words.TIE_BREAK.format(number=3), choices=_TIE_CHOICES)
    submit = SubmitField(words.SAVE)

    def settings(self, placement_points: list[int]) -> Settings:
        chosen = (self.tie_break_1.data, self.tie_break_2.data, self.tie_break_3.data)
        return Settings(
            name=self.name.data or "",
            season=int(self.season.data or 0),
            counting=SeriesCounting(self.counting.data),
            best_of=self.best_of.data,
            measure=SeriesMeasure(self.measure.data),
            placement_points=placement_points,
            min_tournaments=int(self.min_tournaments.data or 1),
            tie_breaks=[key for key in chosen if key],
        )


class AddTournamentForm(VersionedForm):
    tournament = SelectField(words.TOURNAMENT, coerce=int, choices=[])
    submit = SubmitField(words.ADD)


class RemoveTournamentForm(VersionedForm):
    submit = SubmitField(words.REMOVE)
