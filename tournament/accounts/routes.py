"""The set-up of a fresh installation, login and logout (blueprint ``auth``), and the
Turnierleitung's account pages (on the blueprint ``admin`` of :mod:`tournament.web.admin`,
which also holds the audit log: :mod:`tournament.audit.routes`)."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, current_app, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_login import current_user, logout_user

from tournament import throttle
from tournament.accounts import devices, service, sessions, setup_code
from tournament.accounts.forms import (
    AccountForm,
    LoginForm,
    PasswordForm,
    SetupForm,
    ToggleForm,
)
from tournament.extensions import db
from tournament.models import Role
from tournament.texts import Notice, Refusal, notice, refusal_text
from tournament.web.access import acting_user, leitung_required
from tournament.web.admin import admin
from tournament.web.lookups import user_or_404

auth = Blueprint("auth", __name__)

SETUP_DONE = "doko_setup_done"


@auth.before_app_request
def _send_fresh_installation_to_setup() -> ResponseReturnValue | None:
    """Until the first account exists, every page leads to the set-up. Accounts are never
    deleted, so once one exists the app stops asking (one query less on every request)."""
    if request.endpoint in ("auth.setup", "static") or current_app.extensions.get(SETUP_DONE):
        return None
    if not service.setup_needed():
        current_app.extensions[SETUP_DONE] = True
        return None
    return redirect(url_for("auth.setup"))


@auth.route("/einrichten", methods=["GET", "POST"])
@throttle.per_address("THROTTLE_SETUP_CODE")
def setup() -> ResponseReturnValue:
    if not service.setup_needed():
        flash(notice(Notice.SETUP_DONE), "info")
        return redirect(url_for("auth.login"))
    form = SetupForm()
    if form.is_submitted() and not form.setup_code.data:
        # Not a guess: nothing is counted, and the other fields are checked as well.
        form.validate()
        form.setup_code.errors = [refusal_text(Refusal.SETUP_CODE_MISSING)]
    elif form.is_submitted() and not setup_code.matches(form.setup_code.data or ""):
        # Checked before anything else, and counted: the code is the set-up's password.
        throttle.failed()
        form.setup_code.errors = [refusal_text(Refusal.WRONG_SETUP_CODE)]
    elif form.validate_on_submit():
        try:
            user = service.create_first_account(form.username.data, form.password.data)
        except service.SetupClosedError:
            db.session.rollback()
            flash(notice(Notice.SETUP_DONE), "info")
            return redirect(url_for("auth.login"))
        db.session.commit()
        setup_code.forget(current_app.instance_path)
        flash(notice(Notice.FIRST_ACCOUNT_CREATED, username=user.username), "success")
        return redirect(url_for("auth.login"))
    return render_template("auth/setup.html", form=form)


@auth.route("/anmelden", methods=["GET", "POST"])
@throttle.per_key("THROTTLE_LOGIN_PER_DEVICE", devices.device_key, unless=devices.is_unknown)
@throttle.per_account("THROTTLE_LOGIN_PER_ACCOUNT", unless=devices.is_known)
@throttle.per_account_and_address("THROTTLE_LOGIN_PER_ACCOUNT_AND_ADDRESS", unless=devices.is_known)
@throttle.per_address("THROTTLE_LOGIN_PER_ADDRESS", unless=devices.is_known)
def login() -> ResponseReturnValue:
    """A device that signed in to the account before is throttled on its own failures only
    (:mod:`tournament.accounts.devices`); any other by its address and the account."""
    if current_user.is_authenticated:
        return redirect(url_for("public.home"))
    form = LoginForm()
    if form.validate_on_submit():
        user = service.authenticate(form.username.data, form.password.data)
        if user is not None:
            db.session.commit()
            sessions.start(user)
            flash(notice(Notice.LOGGED_IN, username=user.username, role=user.role.label), "success")
            response = redirect(_safe_target(request.args.get("next")))
            devices.remember(response, user)
            return response
        throttle.failed()
        form.password.errors.append(refusal_text(Refusal.WRONG_CREDENTIALS))
    return render_template("auth/login.html", form=form)


@auth.post("/abmelden")
def logout() -> ResponseReturnValue:
    if current_user.is_authenticated:
        service.record_logout(current_user._get_current_object())
        db.session.commit()
        logout_user()
        flash(notice(Notice.LOGGED_OUT), "info")
    return redirect(url_for("public.home"))


def _safe_target(target: str | None) -> str:
    """Only a path on this site: a crafted ?next= link must not lead anywhere else."""
    if target and target.startswith("/") and "\\" not in target:
        parts = urlsplit(target)
        if not parts.scheme and not parts.netloc and target.isprintable():
            return target
    return url_for("public.home")


@admin.route("/konten", methods=["GET", "POST"])
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
            flash(
                notice(Notice.ACCOUNT_CREATED, username=user.username, role=user.role.label),
                "success",
            )
            return redirect(url_for("admin.accounts"))
    return render_template(
        "admin/accounts.html", form=form, users=service.list_users(), toggle=ToggleForm()
    )


@admin.post("/konten/<int:user_id>/aktiv")
@leitung_required
def toggle(user_id: int) -> ResponseReturnValue:
    user = user_or_404(user_id)
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
            done = Notice.ACCOUNT_UNLOCKED if user.active else Notice.ACCOUNT_LOCKED
            flash(notice(done, username=user.username), "success")
    return redirect(url_for("admin.accounts"))


@admin.route("/konten/<int:user_id>/passwort", methods=["GET", "POST"])
@leitung_required
def password(user_id: int) -> ResponseReturnValue:
    user = user_or_404(user_id)
    form = PasswordForm(account_name=user.username)
    if form.validate_on_submit():
        actor = acting_user()
        service.set_password(actor, user, form.password.data)
        db.session.commit()
        response = redirect(url_for("admin.accounts"))
        if user.id == actor.id:
            # Every other session of the account has ended; this one goes on, and this
            # device stays known with the new password.
            sessions.start(user)
            devices.remember(response, user)
        flash(notice(Notice.PASSWORD_SET, username=user.username), "success")
        return response
    return render_template("admin/password.html", form=form, user=user)
