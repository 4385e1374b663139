"""Alembic environment (from Flask-Migrate's template): migrates the app's database.

Runs inside the app context that ``flask db ...`` or ``flask_migrate.upgrade()`` provides,
so the database URL and the models' metadata are the app's own.
"""

import logging
from logging.config import fileConfig

from alembic import context
from flask import current_app

config = context.config
# Alembic's own logging set-up only where nothing else set up logging (the flask command);
# under the run script or pytest it would replace their handlers.
if config.config_file_name is not None and not logging.getLogger().handlers:
    fileConfig(config.config_file_name, disable_existing_loggers=False)
logger = logging.getLogger("alembic.env")

migrate_extension = current_app.extensions["migrate"]
target_metadata = migrate_extension.db.metadata


def run_migrations_offline() -> None:
    """Print the SQL instead of running it (``flask db upgrade --sql``); needs no driver."""
    context.configure(
        url=current_app.config["SQLALCHEMY_DATABASE_URI"],
        target_metadata=target_metadata,
        literal_binds=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    def skip_empty_revision(context, revision, directives):  # type: ignore[no-untyped-def]
        """``flask db migrate`` with no schema change writes no empty migration."""
        if getattr(config.cmd_opts, "autogenerate", False) and directives[0].upgrade_ops.is_empty():
            directives[:] = []
            logger.info("No changes in schema detected.")

    configure_args = dict(migrate_extension.configure_args)
    configure_args.setdefault("process_revision_directives", skip_empty_revision)
    with migrate_extension.db.engine.connect() as connection:
        context.configure(connection=connection, target_metadata=target_metadata, **configure_args)
        with context.begin_transaction():
            context.run_migrations()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
