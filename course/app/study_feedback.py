"""What the study loop adds to every checked answer, on Practice and on Review:

- `mistake(exercise, question, given)`: each wrong field of a several-field answer marked, and
  any known misconception that reproduces the answer named (with its citations) before the
  explanation;
- `schedule()` / `remember(exercise, right, second_try)`: the learner's FSRS memory card for the
  item (its skill or trap for a generated item, its own card for a hand-written exercise).
"""

from __future__ import annotations

from typing import Any
import streamlit as st

from course.app import labels, state
from course.app.links import article_url
from course.app.widgets import md_escape
from course.store import StoreError
from course.study import misconceptions, schedule, templates


def mistake(exercise: Any, question: Any, given: Any) -> None:
    fields = misconceptions.wrong_fields(exercise, question, given)
    if fields:
        st.markdown("Wrong: " + ", ".join(f"**{md_escape(f)}**" for f in fields))
    try:
        found = misconceptions.diagnose(exercise, question, given)
    except misconceptions.CatalogueError as exc:
        st.warning(f"Known mistakes cannot be named: {md_escape(exc)}")
        return
    for entry in found:
        links = " ".join(f"[{md_escape(c)}]({article_url(c)})" for c in entry.cite)
        st.warning(f"**Known mistake.** {md_escape(entry.message)} {links}")


def schedule_for_learner() -> schedule.Schedule:
    """The learner's schedule, kept by the progress store (SQLite or PostgreSQL); while the store
    cannot be opened (its panel says so), the cards are kept for this session only."""
    progress = state.store()
    if progress is None:
        progress = st.session_state.setdefault("unsaved_review_cards", schedule.MemoryReviewCards())
    return schedule.Schedule(progress, state.learner())


def remember(exercise: Any, right: bool, second_try: bool = False) -> None:
    """Review the item's memory card; a learner without a name is not scheduled. A store fault
    (a full disk, a lock, a server away) costs this one review, never the answer: the attempt
    itself waits in the session (state.record) and the store's panel says what is wrong."""
    if state.learner():
        try:
            schedule_for_learner().review(templates.card_for(exercise), right, second_try=second_try)
        except StoreError as exc:
            st.toast(f"Your review schedule was not updated: {exc}")


def card_title(card: str) -> str:
    """A memory card as a learner reads it: "Seven-Card Stud High: bring in", "Trap: Raise cap
    ...", or a hand-written exercise's own title."""
    kind, *rest = card.split("/")
    if kind == "skill":
        return f"{labels.display_name(rest[0])}: {rest[1].replace('_', ' ')}"
    if kind == "trap" and rest[0] in templates.templates():
        return f"Trap: {templates.templates()[rest[0]].title}"
    if kind == "exercise":
        exercise = state.course().exercises.get(rest[0])
        if exercise is not None:
            return f"Deal: {exercise.title}"
    return f"{kind}: {rest[0]}"


def mastery(plan: schedule.Schedule, key: str) -> None:
    """Mastery per skill: FSRS's estimate of recall tomorrow, for every card reviewed so far."""
    rows = [{"card": card_title(k), "mastery": plan.mastery(k), "due": c.due.strftime("%Y-%m-%d %H:%M")}
            for k, c in sorted(plan.cards.items())]
    if rows:
        st.dataframe(rows, hide_index=True, key=key, column_config={
            "mastery": st.column_config.ProgressColumn("mastery", min_value=0, max_value=1, format="percent")})
