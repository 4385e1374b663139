"""The Flask extensions, created unbound so that models and services can import them.

`create_app` binds them to an app; nothing here needs an app at import time.
"""

from flask import g
from flask_login import LoginManager
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from sqlalchemy import MetaData
from sqlalchemy.orm import DeclarativeBase

# Named constraints: Alembic can only alter or drop what has a name, on SQLite (batch mode)
# and PostgreSQL alike.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Model(DeclarativeBase):
    """Base of every table.

    Models derive from this class, not from ``db.Model``: mypy can check it, and it has no
    legacy ``Model.query`` (queries go through ``db.session.execute(select(...))``).
    """

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


db = SQLAlchemy(model_class=Model)
# render_as_batch: SQLite cannot ALTER most things; batch mode copies the table instead.
migrate = Migrate(render_as_batch=True, compare_type=True)
login_manager = LoginManager()
csrf = CSRFProtect()


def reads_only() -> None:
    """Mark this POST request as one that only reads (e.g. a preview), so that on SQLite it
    does not take the write lock. Call it before the request's first query."""
    g.reads_only = True


def request_reads_only() -> bool:
    return bool(g.get("reads_only", False))
