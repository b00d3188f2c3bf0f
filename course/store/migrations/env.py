"""Alembic environment: the store hands over its open connection (`config.attributes`), so
migrations run inside the store's own transaction and nobody needs an alembic.ini."""

from alembic import context

connection = context.config.attributes["connection"]
if connection.dialect.name == "postgresql":
    # Two app processes starting at once must not both create the tables.
    connection.exec_driver_sql("SELECT pg_advisory_xact_lock(727274)")
context.configure(connection=connection, render_as_batch=True)
context.run_migrations()
