"""The Flask extensions, created unbound so that models and services can import them.

`create_app` binds them to an app; nothing here needs an app at import time.
"""

from flask import g
from flask_caching import Cache
from flask_compress import Compress
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
# Public pages that every phone in the hall reloads (``tournament.web.public_pages``).
cache = Cache()
# Pages and fragments go out gzipped: a hall's WLAN is slow, the list's markup repeats itself.
compress = Compress()


def reads_first() -> None:
    """Mark this POST request as one that reads and checks everything first and writes only
    at the end, after :func:`begin_writing` (a score list's change), or not at all (a
    preview). On SQLite it then holds the write lock only for its writes, not while the rules
    engine checks the list, so saves at many tables are checked side by side. Call it before
    the request's first query."""
    g.reads_first = True


def request_reads_first() -> bool:
    return bool(g.get("reads_first", False))


# ``Connection.info`` key: how this connection's reading transaction turns into a writing
# one (set by the SQLite set-up in ``tournament.app`` for requests that read first).
BEGIN_WRITING = "doko_begin_writing"


def begin_writing() -> None:
    """From here on this request writes.

    In a request that reads first on SQLite, the transaction so far only read: it ends, and a
    writing one (``BEGIN IMMEDIATE``, after the other writers) takes its place. The objects
    read stay as they are, so what follows must write only on a condition that proves them
    current, such as a conditional UPDATE of the version they were read at. Anywhere else
    (PostgreSQL, requests that write from the start) nothing changes.
    """
    upgrade = db.session.connection().info.pop(BEGIN_WRITING, None)
    if upgrade is not None:
        upgrade()
