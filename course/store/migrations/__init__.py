"""Alembic migrations of the progress store (run by `course.store.ProgressStore` at open)."""
