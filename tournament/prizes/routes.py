"""The Startgeld desk (paying in on arrival, on a phone), the prize rules and the prize list
(public after the last round, to the Turnierleitung before, marked provisional)."""

from __future__ import annotations

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from tournament.domain import prizes as domain
from tournament.domain.errors import ServiceError
from tournament.extensions import db
from tournament.models import PaymentKind, Registration, Tournament
from tournament.prizes import files, forms, service
from tournament.texts import prizes as words
from tournament.web.access import acting_user, is_leitung, leitung_required
from tournament.web.forms import whole_number
from tournament.web.helpers import refuse
from tournament.web.lookups import registration_or_404, tournament_or_404

bp = Blueprint("prizes", __name__, url_prefix="/turniere/<int:tournament_id>")
bp.add_app_template_filter(domain.euros, "euros")
# Whether a tournament's prize list is public, for the public standings' link.
bp.record_once(
    lambda state: state.app.jinja_env.globals.update(
        prize_list_public=lambda t: service.is_final(t) and service.rules_of(t) is not None,
        prize_words=words,
    )
)

_FILTERS = {key for key, _ in words.FILTER_CHOICES}


def _desk_args() -> tuple[str, str]:
    search = request.args.get("q", "")[:120]
    show = request.args.get("zeigen", "alle")
    return search, show if show in _FILTERS else "alle"


@bp.get("/kasse")
@leitung_required
def desk(tournament_id: int) -> str:
    tournament = tournament_or_404(tournament_id)
    search, show = _desk_args()
    return render_template(
        "prizes/desk.html",
        tournament=tournament,
        desk=service.desk(tournament, search, show),
        search=search,
        show=show,
        form=forms.DeskForm(),
        words=words,
    )


def _back(tournament: Tournament, registration: Registration) -> ResponseReturnValue:
    """Back to the desk as it was filtered, at the player's row (a long list on a phone)."""
    search, show = _desk_args()
    return redirect(
        url_for(
            "prizes.desk",
            tournament_id=tournament.id,
            q=search or None,
            zeigen=None if show == "alle" else show,
            _anchor=f"spieler-{registration.start_number}",
        )
    )


def _act(tournament_id: int, registration_id: int) -> tuple[Tournament, Registration, str]:
    tournament = tournament_or_404(tournament_id)
    registration = registration_or_404(tournament, registration_id)
    return tournament, registration, registration.player.name


@bp.post("/kasse/<int:registration_id>/<any(bar, ueberweisung):how>")
@leitung_required
def pay(tournament_id: int, registration_id: int, how: str) -> ResponseReturnValue:
    tournament, registration, name = _act(tournament_id, registration_id)
    if forms.DeskForm().validate_on_submit():
        kind = PaymentKind.CASH if how == "bar" else PaymentKind.TRANSFER
        try:
            amount = service.pay(acting_user(), registration, kind, name)
        except ServiceError as error:
            refuse(error)
        else:
            db.session.commit()
            flash(
                words.PAID_NOTICE.format(
                    name=name, amount=domain.euros(amount), kind=words.KIND[kind.value]
                ),
                "success",
            )
    return _back(tournament, registration)


@bp.post("/kasse/<int:registration_id>/erstatten")
@leitung_required
def refund(tournament_id: int, registration_id: int) -> ResponseReturnValue:
    tournament, registration, name = _act(tournament_id, registration_id)
    if forms.DeskForm().validate_on_submit():
        try:
            amount = service.refund(acting_user(), registration, name)
        except ServiceError as error:
            refuse(error)
        else:
            db.session.commit()
            flash(words.REFUNDED_NOTICE.format(name=name, amount=domain.euros(amount)), "success")
    return _back(tournament, registration)


@bp.post("/kasse/<int:registration_id>/rueckgaengig")
@leitung_required
def undo(tournament_id: int, registration_id: int) -> ResponseReturnValue:
    tournament, registration, name = _act(tournament_id, registration_id)
    form = forms.DeskForm()
    if form.validate_on_submit():
        payment_id = whole_number(form.payment.data)
        try:
            if payment_id is None:
                raise ServiceError.sentence(words.STALE)
            undone = service.undo(acting_user(), registration, payment_id, name)
        except ServiceError as error:
            refuse(error)
        else:
            db.session.commit()
            flash(
                words.UNDONE_NOTICE.format(
                    name=name,
                    kind=words.KIND[undone.kind.value],
                    amount=domain.euros(undone.amount),
                ),
                "success",
            )
    return _back(tournament, registration)


@bp.route("/preisregeln", methods=["GET", "POST"])
@leitung_required
def rules(tournament_id: int) -> ResponseReturnValue:
    tournament = tournament_or_404(tournament_id)
    found = service.rules_of(tournament)
    form = forms.RulesForm(version=str(0 if found is None else found.version))
    if request.method != "POST":
        forms.fill(form, found, service.categories_of(tournament))
    elif form.validate_on_submit():
        settings = forms.settings(form)
        if settings is not None:
            try:
                service.save_rules(acting_user(), tournament, form.version_number(), settings)
            except ServiceError as error:
                refuse(error, form)
            else:
                db.session.commit()
                flash(words.SAVED, "success")
                return redirect(url_for("prizes.rules", tournament_id=tournament.id))
    return render_template(
        "prizes/rules.html",
        tournament=tournament,
        form=form,
        places=range(1, forms.PLACES + 1),
        categories=range(1, forms.CATEGORIES + 1),
        words=words,
    )


def _visible(tournament: Tournament) -> service.PrizeList | None:
    """The prize list if this visitor may see it: everyone after the last round, the
    Turnierleitung before (provisional)."""
    if not (service.is_final(tournament) or is_leitung()):
        return None
    return service.prize_list(tournament)


@bp.get("/preisliste")
def prize_list(tournament_id: int) -> str:
    tournament = tournament_or_404(tournament_id)
    found = _visible(tournament)
    return render_template(
        "prizes/list.html",
        tournament=tournament,
        found=found,
        has_rules=service.rules_of(tournament) is not None,
        lines=[] if found is None else files.lines(found),
        summary=[] if found is None else files.summary(found),
        rule_lines=[] if found is None else files.rule_lines(found),
        stamp="" if found is None else files.stamp(found),
        words=words,
    )


def _file(tournament_id: int) -> service.PrizeList:
    found = _visible(tournament_or_404(tournament_id))
    if found is None:
        abort(404)
    return found


@bp.get("/preisliste.csv")
def prize_list_csv(tournament_id: int) -> Response:
    response = Response(files.to_csv(_file(tournament_id)), mimetype="text/csv; charset=utf-8")
    response.headers["Content-Disposition"] = (
        f'attachment; filename="preisliste-{tournament_id}.csv"'
    )
    return response


@bp.get("/preisliste.pdf")
def prize_list_pdf(tournament_id: int) -> Response:
    response = Response(files.to_pdf(_file(tournament_id)), mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="preisliste-{tournament_id}.pdf"'
    return response
