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

from course.app import lesson_view as lv
from course.app import state
from course.store import StoreError
from course.study import misconceptions, schedule, templates


def mistake(exercise: Any, question: Any, given: Any) -> None:
    from course.app.quiz import article_url, md_escape  # quiz draws this below its verdict

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


class _OneReview:
    """The store as one review sees it: only the reviewed card and today's count are read (not
    every card of the learner), and what the review writes is saved in one transaction."""

    def __init__(self, store: Any, keys: list[str]):
        self.store, self.keys, self.pending = store, keys, []

    def review_cards(self, learner_key: str) -> dict[str, str]:
        return self.store.review_cards(learner_key, self.keys)

    def save_review_card(self, learner_key: str, card_key: str, state_json: str, due: Any) -> None:
        self.pending.append((card_key, state_json, due))

    def save(self, learner_key: str) -> None:
        self.store.save_review_cards(learner_key, self.pending)


def remember(exercise: Any, right: bool, second_try: bool = False) -> None:
    """Review the item's memory card; a learner without a name is not scheduled. A store fault
    (a full disk, a lock, a server away) costs this one review, never the answer: the attempt
    itself waits in the session (state.record) and the store's panel says what is wrong."""
    learner = state.learner()
    if not learner:
        return
    card = templates.card_for(exercise)
    progress = state.store()
    try:
        if progress is None:
            schedule_for_learner().review(card, right, second_try=second_try)
            return
        now = schedule.now_utc()
        one = _OneReview(progress, [card, schedule.DAY + now.date().isoformat(), schedule.GOAL])
        schedule.Schedule(one, learner).review(card, right, second_try=second_try, now=now)
        one.save(learner)
    except StoreError as exc:
        st.toast(f"Your review schedule was not updated: {exc}")


def card_title(card: str) -> str:
    """A memory card as a learner reads it: "Seven-Card Stud High: bring in", "Trap: Raise cap
    ...", or a hand-written exercise's own title."""
    kind, *rest = card.split("/")
    if kind == "skill":
        return f"{lv.game_title(rest[0])}: {rest[1].replace('_', ' ')}"
    if kind == "trap" and rest[0] in templates.templates():
        return f"Trap: {templates.templates()[rest[0]].title}"
    if kind == "exercise":
        exercise = lv.exercises(state.course()).get(rest[0])
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
