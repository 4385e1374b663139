"""The set-up of a fresh installation, login and logout."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, current_app, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_login import current_user, login_user, logout_user

from tournament.accounts import service
from tournament.accounts.forms import LoginForm, SetupForm
from tournament.extensions import db

bp = Blueprint("auth", __name__)

WRONG_CREDENTIALS = "Benutzername oder Passwort ist falsch."


SETUP_DONE = "doko_setup_done"


@bp.before_app_request
def _send_fresh_installation_to_setup() -> ResponseReturnValue | None:
    """Until the first account exists, every page leads to the set-up. Accounts are never
    deleted, so once one exists the app stops asking (one query less on every request)."""
    if request.endpoint in ("auth.setup", "static") or current_app.extensions.get(SETUP_DONE):
        return None
    if not service.setup_needed():
        current_app.extensions[SETUP_DONE] = True
        return None
    return redirect(url_for("auth.setup"))


@bp.route("/einrichten", methods=["GET", "POST"])
def setup() -> ResponseReturnValue:
    if not service.setup_needed():
        flash("Die Einrichtung ist bereits abgeschlossen.", "info")
        return redirect(url_for("auth.login"))
    form = SetupForm()
    if form.validate_on_submit():
        try:
            user = service.create_first_account(form.username.data, form.password.data)
        except service.SetupClosedError:
            db.session.rollback()
            flash("Die Einrichtung ist bereits abgeschlossen.", "info")
            return redirect(url_for("auth.login"))
        db.session.commit()
        flash(
            f"Das Konto „{user.username}“ (Turnierleitung) ist angelegt. Bitte melden Sie sich an.",
            "success",
        )
        return redirect(url_for("auth.login"))
    return render_template("auth/setup.html", form=form)


@bp.route("/anmelden", methods=["GET", "POST"])
def login() -> ResponseReturnValue:
    if current_user.is_authenticated:
        return redirect(url_for("public.home"))
    form = LoginForm()
    if form.validate_on_submit():
        user = service.authenticate(form.username.data, form.password.data)
        if user is not None:
            db.session.commit()
            login_user(user)
            flash(f"Angemeldet als {user.username} ({user.role.label}).", "success")
            return redirect(_safe_target(request.args.get("next")))
        form.password.errors.append(WRONG_CREDENTIALS)
    return render_template("auth/login.html", form=form)


@bp.post("/abmelden")
def logout() -> ResponseReturnValue:
    if current_user.is_authenticated:
        service.record_logout(current_user._get_current_object())
        db.session.commit()
        logout_user()
        flash("Sie sind abgemeldet.", "info")
    return redirect(url_for("public.home"))


def _safe_target(target: str | None) -> str:
    """Only a path on this site: a crafted ?next= link must not lead anywhere else."""
    if target and target.startswith("/") and "\\" not in target:
        parts = urlsplit(target)
        if not parts.scheme and not parts.netloc and target.isprintable():
            return target
    return url_for("public.home")
