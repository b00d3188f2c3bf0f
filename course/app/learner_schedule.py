"""The learner's review schedule (`schedule_for_learner`), in a module of its own: the Course
map's goal line reads it, and a restarted server's first map must not wait for what the checked
answer's feedback imports beside it (`course.app.study_feedback`: the answer widgets, the
misconception catalogue, the engine)."""

from __future__ import annotations

import streamlit as st

from course.app import state
from course.store import StoreError
from course.study import schedule


def schedule_for_learner() -> schedule.Schedule:
    """The learner's schedule, kept by the progress store (SQLite or PostgreSQL); while the store
    cannot be opened (its panel says so), the cards are kept for this session only."""
    progress = state.store()
    if progress is not None:
        try:
            return schedule.Schedule(progress, state.learner())
        except StoreError as exc:       # the store failed as it was read: the session's cards
            state.store_failed(exc)
    progress = st.session_state.setdefault("unsaved_review_cards", schedule.MemoryReviewCards())
    return schedule.Schedule(progress, state.learner())
