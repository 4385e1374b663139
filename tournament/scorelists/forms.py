"""Forms of the score list at the table: a game in detail or as bare points, a correction's
deletion, a penalty, Nachspielzeit and time up.

Choices of players are the table's players, set per request (``for_table``): a name that is
not at this table (a tampered field) is refused by the form before the engine sees it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from wtforms import (
    BooleanField,
    HiddenField,
    IntegerField,
    RadioField,
    SelectField,
    SelectMultipleField,
    StringField,
    TextAreaField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, NumberRange, Optional
from wtforms.widgets import CheckboxInput, ListWidget

from rules_engine.rulesets import CallSystem, Settlement
from tournament.domain import rule_set_entry
from tournament.domain.list_entries import (
    KONTRA_CALLS,
    PENALTY_LABELS,
    RE_CALLS,
    SOLO_LABELS,
)
from tournament.domain.rule_set_entry import EntryRules
from tournament.scorelists.quick import PLAYING, Problem, QuickRow, QuickRowError, derive
from tournament.texts import rule_set_entry as rule_set_words
from tournament.texts import strohmann as strohmann_words
from tournament.web.forms import Form, VersionedForm, at_most, strip

NOTE_LENGTH = 500
NEEDS_PLAYER = ("hochzeit", "stille_hochzeit", "pflichtsolo", "vorfuehrung", "lustsolo")
Choices = Sequence[tuple[str, str]]


# The most frequent first.
PENALTY_CHOICE_ORDER = (
    "geringfuegig",
    "schwerwiegend",
    "entschieden",
    "unerheblich",
    "unsportlich",
)


def options(pairs: Iterable[tuple[str, str]]) -> list[SelectChoice]:
    return [SelectChoice(value, label) for value, label in pairs]


class MultiCheckboxField(SelectMultipleField):
    """Tap the names: one checkbox per player."""

    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()


class ListForm(VersionedForm):
    """Every change of a list carries the list version its page showed (the table's
    ``version``, not the tournament's)."""


#: The game kinds as the entry form's taps say them (two rows on a phone).
KIND_TAPS = {
    "normal": "Normal",
    "hochzeit": "Hochzeit",
    "stille_hochzeit": "Stille H.",
    "pflichtsolo": "Pflichtsolo",
    "vorfuehrung": "Vorführung",
    "lustsolo": "Lustsolo",
}


class GameForm(ListForm):
    """A game in detail (the default): the engine computes its value."""

    kind = RadioField(
        "Spielart",
        choices=options(KIND_TAPS.items()),
        default="normal",
        validators=[InputRequired("Bitte die Spielart wählen.")],
    )
    solo = SelectField(
        "Solo",
        choices=options([("", "– bei einem Solo wählen –"), *SOLO_LABELS.items()]),
        default="",
        validate_choice=True,
    )
    player = RadioField(
        "Solospieler bzw. Hochzeiter", choices=[], validators=[Optional()], validate_choice=True
    )
    re = MultiCheckboxField("Re-Partei", choices=[])
    eyes_party = RadioField(
        "Augen von", choices=options([("re", "Re"), ("kontra", "Kontra")]), default="re"
    )
    eyes = IntegerField(
        "Augen",
        validators=[
            InputRequired("Bitte die Augen einer Partei eingeben (0 bis 240)."),
            NumberRange(0, 240, "Augen gehen von 0 bis 240 (TSR 2.2)."),
        ],
    )
    schwarz = RadioField(
        "Schwarz",
        choices=options(
            [("", "niemand"), ("re", "Re ohne Stich"), ("kontra", "Kontra ohne Stich")]
        ),
        default="",
    )
    re_call = SelectField(
        "Ansage Re", choices=options([("", "keine"), *RE_CALLS.items()]), default=""
    )
    kontra_call = SelectField(
        "Ansage Kontra", choices=options([("", "keine"), *KONTRA_CALLS.items()]), default=""
    )
    # Empty means none: a field that starts empty takes "1" as 1, not as "01".
    re_doppelkopf = IntegerField("Doppelkopf", validators=[Optional(), NumberRange(0, 4)])
    re_fuchs = IntegerField("Fuchs gefangen", validators=[Optional(), NumberRange(0, 2)])
    re_karlchen = IntegerField("Karlchen", validators=[Optional(), NumberRange(0, 1)])
    kontra_doppelkopf = IntegerField("Doppelkopf", validators=[Optional(), NumberRange(0, 4)])
    kontra_fuchs = IntegerField("Fuchs gefangen", validators=[Optional(), NumberRange(0, 2)])
    kontra_karlchen = IntegerField("Karlchen", validators=[Optional(), NumberRange(0, 1)])
    # The Sonderpunkte of other rule sets (offered only where the tournament's set has them).
    re_karlchen_gefangen = IntegerField(
        "Karlchen gefangen", validators=[Optional(), NumberRange(0, 2)]
    )
    re_herzstich = IntegerField("Herzstich", validators=[Optional(), NumberRange(0, 1)])
    re_fuchs_letzter_stich = IntegerField(
        "Fuchs im letzten Stich", validators=[Optional(), NumberRange(0, 1)]
    )
    kontra_karlchen_gefangen = IntegerField(
        "Karlchen gefangen", validators=[Optional(), NumberRange(0, 2)]
    )
    kontra_herzstich = IntegerField("Herzstich", validators=[Optional(), NumberRange(0, 1)])
    kontra_fuchs_letzter_stich = IntegerField(
        "Fuchs im letzten Stich", validators=[Optional(), NumberRange(0, 1)]
    )
    schweinchen = BooleanField(rule_set_words.SCHWEINCHEN_LABEL)
    #: A Hammelrennen won by Augen (000 L79): each of the four players' Augen, in seat order.
    augen_0 = IntegerField("Augen", validators=[Optional(), NumberRange(0, 240)])
    augen_1 = IntegerField("Augen", validators=[Optional(), NumberRange(0, 240)])
    augen_2 = IntegerField("Augen", validators=[Optional(), NumberRange(0, 240)])
    augen_3 = IntegerField("Augen", validators=[Optional(), NumberRange(0, 240)])
    #: At a table of three (004 L91): who played the Strohmann's cards (``strohmann_by``).
    strohmann_by = RadioField(
        strohmann_words.BY_LABEL, choices=[], validators=[Optional()], validate_choice=False
    )
    #: "1": store (the Speichern button); empty: only check and show the value (Prüfen).
    confirmed = HiddenField(default="")

    #: What the tournament's rule set offers; ``None`` under the DDV rules.
    offer: EntryRules | None = None
    #: The texts of the form under a rule set, for its template.
    words = rule_set_words
    strohmann_words = strohmann_words
    _seats: tuple[str, ...] = ()

    def for_table(self, players: Choices) -> GameForm:
        self.player.choices = options(players)
        self.re.choices = options(players)
        self._seats = tuple(key for key, _ in players)
        return self

    def for_rules(self, offer: EntryRules | None, hammelrennen_due: bool = True) -> GameForm:
        """Offer what ``offer`` has (``None``: the DDV rules, the form as it is). A value the
        set lacks is refused by :meth:`validate` naming the rule, not as a bad choice. A
        Hammelrennen that the Kasse calls for (004 L83) is offered only once it is due
        (``hammelrennen_due``: the list's report); one sent before is the engine's to refuse."""
        self.offer = offer
        if offer is None:
            return self
        kinds = offer.kinds
        if offer.hammelrennen_when_due and not hammelrennen_due:
            kinds = tuple((key, tap) for key, tap in kinds if key != "hammelrennen")
        self.kind.choices = options(kinds)
        self.solo.choices = options([("", "– bei einem Solo wählen –"), *offer.solos])
        self.re_call.choices = options([("", "keine"), *offer.re_calls])
        self.kontra_call.choices = options([("", "keine"), *offer.kontra_calls])
        for field in (self.kind, self.solo, self.re_call, self.kontra_call):
            field.validate_choice = False
        self.player.label.text = rule_set_words.PLAYER_LABEL
        self.solo.label.text = rule_set_words.SOLO_LABEL
        if offer.strohmann is not None:
            # 004 L91: the Strohmann plays on Re or Kontra; its partner plays its cards.
            seats = [(choice.value, choice.label) for choice in self.player.choices]
            self.re.choices = options([*seats, (offer.strohmann, strohmann_words.STROHMANN)])
            self.strohmann_by.choices = options(seats)
        return self

    @property
    def strohmann(self) -> str | None:
        """The Strohmann's key at a table of three, else ``None``."""
        return self.offer.strohmann if self.offer is not None else None

    def strohmann_partners(self) -> list[str]:
        """The players on the Strohmann's side in the game the form holds."""
        if self.offer is None:
            return []
        kind = self.kind.data or ""
        return rule_set_entry.strohmann_partners(self.offer, kind, self.re_players(), self._seats)

    def strohmann_player(self) -> str | None:
        """Who played the Strohmann's cards (checked by :meth:`validate`), else ``None``."""
        if not self.strohmann_partners():
            return None
        return self.strohmann_by.data or None

    def offered_kinds(self) -> tuple[str, ...]:
        """The game kinds the form shows now."""
        return tuple(choice.value for choice in self.kind.choices)

    def special_rows(self) -> list[tuple[str, list[Any]]]:
        """The Sonderpunkt fields the set offers, per party (Re, Kontra)."""
        keys = self.offer.special_keys if self.offer is not None else ()
        return [
            (label, [self[f"{party}_{key}"] for key in keys])
            for party, label in (("re", "Re"), ("kontra", "Kontra"))
        ]

    def special_fields_refused(self) -> list[Any]:
        """Sonderpunkt fields the set does not offer that a post filled in (refused)."""
        keys = self.offer.special_keys if self.offer is not None else ()
        return [
            self[f"{party}_{key}"]
            for key in rule_set_entry.ALL_SPECIALS
            for party in ("re", "kontra")
            if key not in keys and self[f"{party}_{key}"].errors
        ]

    def hammel_rows(self) -> list[tuple[str, Any]]:
        """The Augen fields of a Hammelrennen with each player's name."""
        names = {choice.value: choice.label for choice in self.player.choices}
        return [(str(names.get(key, key)), field) for key, field in self.hammel_fields()]

    def hammel_fields(self) -> list[tuple[str, Any]]:
        """The Augen of each player in a Hammelrennen, as (player key, field)."""
        return [(key, self[f"augen_{i}"]) for i, key in enumerate(self._seats[:PLAYING])]

    def validate(self, extra_validators: object = None) -> bool:
        valid = super().validate(extra_validators)
        if self.offer is not None:
            return self._validate_ruled(self.offer)
        kind = self.kind.data
        solo_like = kind in ("pflichtsolo", "vorfuehrung", "lustsolo")
        if solo_like and not self.solo.data:
            self.solo.errors = [*self.solo.errors, "Bitte angeben, welches Solo gespielt wurde."]
            valid = False
        if not solo_like and self.solo.data:
            self.solo.errors = [*self.solo.errors, "Ein Solo gibt es nur bei einem Solospiel."]
            valid = False
        if (solo_like or kind in ("hochzeit", "stille_hochzeit")) and not self.player.data:
            who = "den Hochzeiter" if kind in ("hochzeit", "stille_hochzeit") else "den Solospieler"
            self.player.errors = [*self.player.errors, f"Bitte {who} antippen."]
            valid = False
        if kind == "normal" and len(self.re.data or []) != 2:
            self.re.errors = [
                *self.re.errors,
                "Bitte die zwei Re-Spieler antippen (die mit den Kreuz-Damen, TSR 4.4.1).",
            ]
            valid = False
        if self.schwarz.data and self.eyes.data is not None and not self.errors.get("eyes"):
            re_eyes = self.re_eyes()
            if (self.schwarz.data == "re" and re_eyes != 0) or (
                self.schwarz.data == "kontra" and re_eyes != 240
            ):
                self.eyes.errors = [
                    *self.eyes.errors,
                    "Eine Partei ohne Stich hat 0 Augen, die andere alle 240.",
                ]
                valid = False
        return valid

    def _validate_ruled(self, offer: EntryRules) -> bool:
        """The checks of :meth:`validate` under a rule set: first what the set lacks (a
        forged post), naming its rule, then what the kind of game needs."""
        kind = self.kind.data or ""

        def refuse(field: Any, message: str) -> None:
            field.errors = [*field.errors, message]

        if kind == "hammelrennen" or kind == "schwarz_spiel":
            # Without Augen of a party: the Augen field is not asked.
            self.eyes.errors = []
        if kind not in offer.kind_keys:
            refuse(
                self.kind,
                offer.lacks(rule_set_words.LACKS_KIND.format(name=offer.kind_name(kind)), kind),
            )
        solo_like = kind in rule_set_entry.SOLO_KINDS
        solo = self.solo.data or ""
        if solo and solo not in dict(offer.solos):
            name = rule_set_words.SOLO_BY_KEY.get(solo, solo)
            refuse(self.solo, offer.lacks(rule_set_words.LACKS_SOLO.format(name=name), "solo"))
        elif solo_like and not solo:
            refuse(self.solo, "Bitte angeben, welches Solo gespielt wurde.")
        elif not solo_like and solo:
            refuse(self.solo, "Ein Solo gibt es nur bei einem Solospiel.")
        for party, field, offered in (
            ("Re", self.re_call, offer.re_calls),
            ("Kontra", self.kontra_call, offer.kontra_calls),
        ):
            if field.data and field.data not in dict(offered):
                name = rule_set_words.CALL_BY_KEY.get(field.data, field.data)
                what = rule_set_words.LACKS_CALL.format(name=name, party=party)
                refuse(field, offer.lacks(what, "calls"))
        if (solo_like or kind == "stille_hochzeit") and not offer.rules.absagen_in_solo:
            calls = (self.re_call.data, self.kontra_call.data)
            if any(rule_set_entry.call_level(c) > 0 for c in calls):
                refuse(
                    self.re_call,
                    rule_set_words.NO_ABSAGE_IN_SOLO.format(
                        rule_set=offer.name, source=offer.source("calls")
                    ),
                )
        if (
            offer.rules.calls is CallSystem.KONTRA_RE
            and self.re_call.data
            and not (self.kontra_call.data)
        ):
            refuse(
                self.re_call,
                rule_set_words.RE_ONLY_AS_ANSWER.format(
                    rule_set=offer.name, source=offer.source("calls")
                ),
            )
        for key in rule_set_entry.ALL_SPECIALS:
            for party in ("re", "kontra"):
                field = self[f"{party}_{key}"]
                if field.data and key not in offer.special_keys:
                    what = rule_set_words.LACKS_SPECIAL.format(name=field.label.text)
                    refuse(field, offer.lacks(what, "specials"))
        contexts = rule_set_entry.contexts(offer, kind, len(self.re_players()), solo)
        for key in offer.special_keys:
            for party in ("re", "kontra"):
                field = self[f"{party}_{key}"]
                if field.data and not field.errors and not offer.counts(key, contexts):
                    what = rule_set_words.SPECIAL_NOT_IN_GAME.format(
                        name=field.label.text,
                        rule_set=offer.name,
                        kind=offer.kind_name(kind),
                        source=offer.source("specials"),
                    )
                    refuse(field, what)
        if self.schweinchen.data and not offer.schweinchen:
            refuse(self.schweinchen, offer.lacks(rule_set_words.LACKS_SCHWEINCHEN, "schweinchen"))
        needs_player = kind in rule_set_entry.ONE_PLAYER or (
            kind == "hammelrennen" and not offer.hammel_eyes
        )
        if needs_player and not self.player.data:
            who = "den Hochzeiter" if "hochzeit" in kind else "den Solospieler"
            refuse(self.player, rule_set_words.NEEDS_PLAYER.get(kind, f"Bitte {who} antippen."))
        if kind in ("normal", "armut") and len(self.re.data or []) != 2:
            two = rule_set_words.NEEDS_PLAYER["armut"] if kind == "armut" else rule_set_words.RE_TWO
            refuse(self.re, two)
        if offer.strohmann is not None:
            self._validate_strohmann(offer.strohmann, kind)
        hammel = [field for _, field in self.hammel_fields()]
        if kind == "hammelrennen" and offer.hammel_eyes and any(f.data is None for f in hammel):
            refuse(self.augen_0, rule_set_words.HAMMEL_EYES_MISSING)
        if (
            kind not in rule_set_entry.NO_EYES
            and self.schwarz.data
            and self.eyes.data is not None
            and not self.eyes.errors
        ):
            re_eyes = self.re_eyes()
            if (self.schwarz.data == "re" and re_eyes != 0) or (
                self.schwarz.data == "kontra" and re_eyes != 240
            ):
                refuse(self.eyes, "Eine Partei ohne Stich hat 0 Augen, die andere alle 240.")
        return not any(field.errors for field in self)

    def _validate_strohmann(self, dummy: str, kind: str) -> None:
        """At a table of three (004 L91): the Strohmann plays no solo and is no Hochzeiter;
        its cards are played by a player on its side, asked where two are."""
        if self.player.data == dummy and kind in rule_set_entry.ONE_PLAYER:
            self.player.errors = [*self.player.errors, strohmann_words.NOT_SOLOIST]
            return
        partners = self.strohmann_partners()
        chosen = self.strohmann_by.data or ""
        if not partners:
            self.strohmann_by.data = None
            return
        names = {choice.value: str(choice.label) for choice in self.player.choices}
        listed = strohmann_words.or_list([names.get(p, p) for p in partners])
        if not chosen and len(partners) == 1:
            self.strohmann_by.data = partners[0]
        elif not chosen:
            message = strohmann_words.BY_MISSING.format(choices=listed)
            self.strohmann_by.errors = [*self.strohmann_by.errors, message]
        elif chosen not in partners:
            message = strohmann_words.BY_NOT_PARTNER.format(
                name=names.get(chosen, chosen), choices=listed
            )
            self.strohmann_by.errors = [*self.strohmann_by.errors, message]

    def soloist(self) -> str | None:
        """The soloist or Hochzeiter; a Normalspiel has none, whatever was tapped before."""
        if self.offer is not None:
            kind = self.kind.data
            one = kind in rule_set_entry.ONE_PLAYER or kind == "hammelrennen"
            return self.player.data or None if one else None
        return self.player.data or None if self.kind.data in NEEDS_PLAYER else None

    def re_eyes(self) -> int:
        eyes = int(self.eyes.data or 0)
        return eyes if self.eyes_party.data == "re" else 240 - eyes

    def re_players(self) -> list[str]:
        """Re as the engine wants it: the soloist alone, the Hochzeiter (and partner)."""
        kind, player = self.kind.data, self.player.data
        if self.offer is not None and kind in ("solo", "schwarze_sau"):
            return [player] if player else []
        if kind in ("pflichtsolo", "vorfuehrung", "lustsolo", "stille_hochzeit"):
            return [player] if player else []
        if kind == "hochzeit":
            partners = [p for p in (self.re.data or []) if p != player]
            return [player, *partners[:1]] if player else partners
        return list(self.re.data or [])

    def specials(self) -> dict[str, dict[str, int]]:
        if self.offer is not None:
            return {
                party: {
                    key: int(self[f"{party}_{key}"].data or 0) for key in self.offer.special_keys
                }
                for party in ("re", "kontra")
            }
        return {
            party: {
                name: int(getattr(self, f"{party}_{name}").data or 0)
                for name in ("doppelkopf", "fuchs", "karlchen")
            }
            for party in ("re", "kontra")
        }


class QuickForm(ListForm):
    """A game as on paper, typed once (TSR 7.3): the kind, the players with plus points
    (TSR 7.3.3(3) marks exactly them) and the points each of them got; the row is derived
    (:func:`tournament.scorelists.quick.derive`). The soloist or Hochzeiter is asked only
    where the taps cannot say who it is.

    The page carries who sat out of the game it showed (``sits_out``, at a table of five), so
    a page sent again or late derives the row of that game, and the version check, not its
    taps, says that it is saved already or that the list has moved on. A tampered
    ``sits_out`` gives a row that the engine refuses.
    """

    kind = RadioField(
        "Spielart", choices=options(KIND_TAPS.items()), default="normal", id="schnell-kind"
    )
    #: Whether the players tapped are those with plus points (the marks of TSR 7.3.3(3)) or,
    #: for one tap fewer, those with minus points (a lost solo: its soloist alone).
    side = RadioField(
        "Die angetippten Spieler haben",
        choices=options([("plus", "Pluspunkte"), ("minus", "Minuspunkte")]),
        default="plus",
        id="schnell-side",
    )
    # A player who does not play the game is refused by the derivation, in German.
    winners = MultiCheckboxField("Spieler", choices=[], validate_choice=False)
    value = IntegerField(
        "Punkte für jeden von ihnen",
        validators=[
            InputRequired("Bitte die Punkte eingeben, die jeder Spieler mit Pluspunkten bekommt."),
            NumberRange(0, 999, "Die Punkte eines Spielers mit Pluspunkten: 0 bis 999."),
        ],
    )
    player = RadioField(
        "Solospieler bzw. Hochzeiter",
        choices=[],
        validators=[Optional()],
        validate_choice=False,
        id="schnell-player",
    )
    sits_out = HiddenField(default="")

    #: What the tournament's rule set offers; ``None`` under the DDV rules.
    offer: EntryRules | None = None
    #: The texts of the form under a rule set, for its template.
    words = rule_set_words
    _offered: list[str]
    _keys: list[str]

    def for_rules(self, offer: EntryRules | None) -> QuickForm:
        """Offer the set's game kinds that a row of points can say (``None``: the DDV's)."""
        self.offer = offer
        if offer is not None:
            self.kind.choices = options(offer.quick_kinds)
            self.kind.validate_choice = False
        return self

    @property
    def settlement(self) -> Settlement:
        return self.offer.rules.settlement if self.offer is not None else Settlement.PLUS_MINUS

    def for_table(self, players: Choices, keys: Sequence[str] | None = None) -> QuickForm:
        """Offer ``players`` (the four of the game now: at a table of five not the dealer who
        sits out); ``keys``: every player of the table, in seat order (default: ``players``)."""
        self.player.choices = options(players)
        self.winners.choices = options(players)
        self._offered = [key for key, _ in players]
        self._keys = list(keys) if keys is not None else list(self._offered)
        if not self.sits_out.data:
            self.sits_out.data = next((k for k in self._keys if k not in self._offered), "")
        return self

    def playing(self) -> list[str]:
        """The four players of the game the page showed."""
        out = self.sits_out.data
        if len(self._keys) == PLAYING + 1 and out in self._keys:
            return [key for key in self._keys if key != out]
        return self._offered

    def validate(self, extra_validators: object = None) -> bool:
        valid = super().validate(extra_validators)
        offer = self.offer
        if offer is not None and (self.kind.data or "") not in dict(offer.quick_kinds):
            kind = self.kind.data or ""
            if kind in offer.kind_keys:
                message = rule_set_words.QUICK_IN_DETAIL.format(name=offer.kind_name(kind))
            else:
                what = rule_set_words.LACKS_KIND.format(name=offer.kind_name(kind))
                message = offer.lacks(what, kind)
            self.kind.errors = [*self.kind.errors, message]
            return False
        if offer is not None and offer.strohmann is not None:
            self.kind.errors = [*self.kind.errors, strohmann_words.QUICK_REFUSED]
            return False
        if not valid:
            return False
        if len(self.playing()) != PLAYING:
            # At a table of five nobody sits out only once its list is complete.
            self.winners.errors = [*self.winners.errors, "Es ist kein Spiel mehr einzutragen."]
            return False
        try:
            self.row()
        except QuickRowError as error:
            field = self[error.field]
            message = QUICK_PROBLEMS[error.problem]
            if self.offer is not None:
                message = rule_set_words.without_tsr(message)
            field.errors = [*field.errors, message]
            return False
        return True

    def row(self) -> QuickRow:
        """The row the fields give, for every player of the table (0 for who sits out)."""
        playing = self.playing()
        tapped = list(self.winners.data or [])
        if self.side.data == "minus" and tapped and set(tapped) <= set(playing):
            tapped = [key for key in playing if key not in tapped]
        kind = self.kind.data or "normal"
        row = derive(
            rule_set_entry.QUICK_SHAPES.get(kind, kind) if self.offer is not None else kind,
            playing,
            tapped,
            int(self.value.data or 0),
            self.player.data or None,
            self._keys,
        )
        return pot_row(row, self.settlement)


def pot_row(row: QuickRow, settlement: Settlement) -> QuickRow:
    """The row under the set's settlement: under plus-minus as derived (it sums to 0); under
    a Punktetopf the pot pays the players with plus points and the others get nothing (000
    L61); under a Kasse likewise in a game of two against two, while a game of one against
    three is paid from the pocket, summing to 0 (004 L63-65)."""
    if settlement is Settlement.PLUS_MINUS:
        return row
    values = [v for v in row.points.values() if v]
    alone = bool(values) and max(abs(v) for v in values) > min(abs(v) for v in values)
    if settlement is Settlement.KASSE and alone:
        return row
    points = {key: max(0, value) for key, value in row.points.items()}
    return QuickRow(points, row.winners, row.player)


#: What the form says when taps and points make no row (at the field of the problem).
QUICK_PROBLEMS: dict[Problem, str] = {
    Problem.NEGATIVE: "Die Punkte eines Spielers mit Pluspunkten: 0 bis 999.",
    Problem.NO_PLUS: (
        "Bitte die Spieler mit Pluspunkten antippen (oder „Minuspunkte“ wählen und die "
        "Spieler mit Minuspunkten antippen)."
    ),
    Problem.ALL_PLUS: (
        "Nicht alle vier können Plus- oder Minuspunkte haben: Bitte nur eine Seite antippen."
    ),
    Problem.NORMAL_SHAPE: (
        "Im Normalspiel hat eine Partei aus zwei Spielern Pluspunkte: Bitte genau zwei "
        "Spieler antippen (TSR 7.3)."
    ),
    Problem.SOLO_SHAPE: (
        "Bei einem Solo spielt einer gegen drei: Bitte den Solospieler antippen und "
        "„Pluspunkte“ (gewonnen) oder „Minuspunkte“ (verloren) wählen (TSR 7.3)."
    ),
    Problem.NEEDS_PLAYER: (
        "Bei 0 Punkten sagen die Pluspunkte nicht, wer allein gespielt hat: Bitte den "
        "Solospieler bzw. Hochzeiter antippen."
    ),
    Problem.PLAYER_MISMATCH: (
        "Der Spieler, der allein gegen drei spielt, ist nach den Pluspunkten ein anderer: "
        "Bitte Pluspunkte oder Solospieler bzw. Hochzeiter ändern."
    ),
    Problem.NOT_PLAYING: "Angetippt ist ein Spieler, der dieses Spiel nicht mitspielt.",
}


class DeleteForm(ListForm):
    """Strike one entry from the list."""


class PenaltyForm(ListForm):
    """Strafpunkte (TSR 9), entered by the Schiedsrichter."""

    category = SelectField(
        "Art des Verstoßes",
        choices=options((key, PENALTY_LABELS[key].option_text) for key in PENALTY_CHOICE_ORDER),
    )
    offender = RadioField(
        "Verursacher", choices=[], validators=[InputRequired("Bitte den Verursacher wählen.")]
    )
    phase = SelectField(
        "Spielphase (TSR 9.6)",
        choices=options(
            [
                ("normal", "Normalspiel"),
                ("solo", "Solo"),
                ("hochzeit_vor_klaerung", "Hochzeit vor der Klärung"),
                ("hochzeit_mit_partner", "Hochzeit mit Partner"),
                ("hochzeit_allein", "Hochzeit allein gespielt"),
                (
                    "stille_hochzeit_vor_zweiter_kreuz_dame",
                    "stille Hochzeit vor der zweiten Kreuz-Dame",
                ),
                (
                    "stille_hochzeit_nach_zweiter_kreuz_dame",
                    "stille Hochzeit nach der zweiten Kreuz-Dame",
                ),
            ]
        ),
    )
    soloist = RadioField("Solospieler", choices=[], validators=[Optional()], validate_choice=True)
    absagen = IntegerField(
        "Absagen der anderen Partei", default=0, validators=[NumberRange(0, 4, "0 bis 4 Absagen.")]
    )
    harms_soloist = BooleanField("Verstoß eines Kontra-Spielers, der dem Solospieler schaden kann")
    deduction = IntegerField(
        f"Abzug ({PENALTY_LABELS['unsportlich'].title})",
        default=0,
        validators=[NumberRange(0, 12, "0 bis 12 Punkte.")],
    )
    solo_pflicht = SelectField(
        "Das Solo war",
        choices=options(
            [
                ("", "–"),
                ("pflicht", "Pflichtsolo"),
                ("vorgefuehrt", "vorgeführt"),
                ("lust", "Lustsolo"),
            ]
        ),
        default="",
    )
    note = TextAreaField(
        "Vermerk",
        filters=[strip],
        validators=[at_most(NOTE_LENGTH)],
    )
    confirmed = HiddenField(default="")

    def for_table(self, players: Choices) -> PenaltyForm:
        self.offender.choices = options(players)
        self.soloist.choices = options(players)
        return self

    def solo_kind(self) -> bool | str | None:
        kinds: dict[str, bool | str] = {
            "pflicht": True,
            "vorgefuehrt": "vorgefuehrt",
            "lust": False,
        }
        return kinds.get(self.solo_pflicht.data or "")


class ExtensionForm(ListForm):
    """Nachspielzeit for one table (TSR 8.5.1)."""

    minutes = IntegerField(
        "Minuten",
        validators=[
            InputRequired("Bitte die Minuten angeben."),
            NumberRange(1, 60, "1 bis 60 Minuten."),
        ],
    )
    reason = StringField(
        "Grund",
        filters=[strip],
        validators=[InputRequired("Bitte einen Grund angeben."), Length(max=NOTE_LENGTH)],
    )


class TimeUpForm(ListForm):
    """Time is up: was a game being dealt (TSR 8.5.3)?"""

    being_dealt = RadioField(
        "Wurde gerade gegeben?",
        choices=options([("ja", "Ja, das Spiel wird zu Ende gespielt"), ("nein", "Nein")]),
        validators=[InputRequired("Bitte angeben, ob gerade gegeben wurde.")],
    )


class CodeForm(Form):
    """The table code typed in by hand (if the QR code cannot be read)."""

    code = StringField(
        "Tischcode",
        filters=[strip],
        validators=[InputRequired("Bitte den Code von der Tischkarte eingeben."), Length(max=20)],
    )
