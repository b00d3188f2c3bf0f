"""The progress store: attempts and review cards in SQLite or PostgreSQL (see progress.py)."""

from course.store.progress import (ENV_VAR, Attempt, ProgressStore, StoreChanged, StoreCorrupt,
                                   StoreError, configured_location, default_db_path, describe)

__all__ = ["ENV_VAR", "Attempt", "ProgressStore", "StoreChanged", "StoreCorrupt", "StoreError",
           "configured_location", "default_db_path", "describe"]
