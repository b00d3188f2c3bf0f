"""A progress store at an older schema revision, made with Alembic as a server of that time did,
for the tests that check how a newer server opens it."""

from __future__ import annotations

from typing import Any, Callable

from course.store import progress


def store_at(where: str, revision: str, then: Callable[[Any], None] | None = None) -> None:
    """Create the store at `where` (a SQLite path or a database URL) with its schema upgraded to
    `revision` only; `then(connection)` runs in the same transaction, to leave rows of that time."""
    import sqlalchemy as sa
    from alembic import command
    from alembic.config import Config

    engine = sa.create_engine(where if "://" in where else f"sqlite+pysqlite:///{where}")
    config = Config()
    config.set_main_option("script_location", str(progress.MIGRATIONS))
    try:
        with engine.begin() as conn:
            config.attributes["connection"] = conn
            command.upgrade(config, revision)
            if then is not None:
                then(conn)
    finally:
        engine.dispose()
