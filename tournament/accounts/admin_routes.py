"""Administration (Turnierleitung): accounts and the audit log."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from tournament.accounts import service
from tournament.accounts.forms import AccountForm, PasswordForm, ToggleForm
from tournament.audit import service as audit
from tournament.extensions import db
from tournament.models import Role, User
from tournament.web.access import acting_user, leitung_required
from tournament.web.forms import whole_number

bp = Blueprint("admin", __name__)


@bp.route("/konten", methods=["GET", "POST"])
@leitung_required
def accounts() -> ResponseReturnValue:
    form = AccountForm()
    if form.validate_on_submit():
        try:
            user = service.create_account(
                acting_user(), form.username.data, form.password.data, Role(form.role.data)
            )
        except service.AccountError as error:
            db.session.rollback()
            form.username.errors.append(str(error))
        else:
            db.session.commit()
            flash(f"Das Konto „{user.username}“ ({user.role.label}) ist angelegt.", "success")
            return redirect(url_for("admin.accounts"))
    return render_template(
        "admin/accounts.html", form=form, users=service.list_users(), toggle=ToggleForm()
    )


@bp.post("/konten/<int:user_id>/aktiv")
@leitung_required
def toggle(user_id: int) -> ResponseReturnValue:
    user = _user_or_404(user_id)
    form = ToggleForm()
    if form.validate_on_submit():
        # The button says what it wants ("1" unlock, "0" lock), so a double click or a
        # second tab cannot flip the account back.
        try:
            service.set_active(acting_user(), user, form.active.data == "1")
        except service.AccountError as error:
            db.session.rollback()
            flash(str(error), "error")
        else:
            db.session.commit()
            state = "entsperrt" if user.active else "gesperrt"
            flash(f"Das Konto „{user.username}“ ist {state}.", "success")
    return redirect(url_for("admin.accounts"))


@bp.route("/konten/<int:user_id>/passwort", methods=["GET", "POST"])
@leitung_required
def password(user_id: int) -> ResponseReturnValue:
    user = _user_or_404(user_id)
    form = PasswordForm()
    if form.validate_on_submit():
        service.set_password(acting_user(), user, form.password.data)
        db.session.commit()
        flash(f"Das Passwort von „{user.username}“ ist neu gesetzt.", "success")
        return redirect(url_for("admin.accounts"))
    return render_template("admin/password.html", form=form, user=user)


@bp.get("/protokoll")
@leitung_required
def log() -> ResponseReturnValue:
    page_number = whole_number(request.args.get("seite"), 100_000) or 1
    object_type = request.args.get("art") or None
    events, more = audit.page_of_events(page_number, object_type)
    return render_template(
        "admin/log.html",
        events=events,
        page=page_number,
        more=more,
        object_type=object_type,
        object_types=audit.object_types(),
    )


def _user_or_404(user_id: int) -> User:
    user = db.session.get(User, user_id)
    if user is None:
        abort(404)
    return user
