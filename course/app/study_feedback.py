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

    if question.ask == "best_five" and isinstance(given, (list, tuple)) and len(given) > 5:
        st.warning(f"**Known mistake.** You chose {len(given)} cards. A poker hand is five cards: "
                   "the best five of them, and the others play no part.")
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


def taught(course: Any) -> dict[str, tuple[set[tuple[str, str]], set[str]]]:
    """Lesson id -> what it teaches: the (game, ask) pairs of its exercises' questions, and its
    exercises' ids (once per course: see state.per_course)."""
    known = lv.exercises(course)
    out = {}
    for lesson in lv.lessons(course):
        ids = [e for e in lv.lesson_exercise_ids(lesson) if e in known]
        out[str(lv.field(lesson, "id"))] = ({(known[e].game, q.ask) for e in ids for q in known[e].questions},
                                            set(ids))
    return out


def unlocked(plan: schedule.Schedule, course: Any, keys: list[str]) -> list[str]:
    """The memory cards of `keys` that may enter Review: those already reviewed, and new ones
    whose skill a lesson the learner opened teaches (or whose game the learner chose). A trap
    card opens with its template's skill; a hand-written deal with its lesson."""
    lessons = state.per_course(course, taught) if course is not None else {}
    asks: set[tuple[str, str]] = set()
    deals: set[str] = set()
    for what in plan.opened:
        kind, _, name = what.partition(":")
        if kind == "lesson" and name in lessons:
            asks |= lessons[name][0]
            deals |= lessons[name][1]
    games = {what.partition(":")[2] for what in plan.opened if what.startswith("game:")}
    by_skill = {t.skill: (t.game, t.ask) for t in templates.templates().values()}
    exercises = lv.exercises(course)

    def open_(key: str) -> bool:
        if key in plan.cards:
            return True
        if key.startswith("exercise/"):
            eid = key[len("exercise/"):]
            return eid in deals or (eid in exercises and exercises[eid].game in games)
        game_ask = by_skill.get(key)
        return game_ask is not None and (game_ask in asks or game_ask[0] in games)

    return [k for k in keys if open_(k)]


def opened(what: str) -> None:
    """Note a lesson opened (`lesson:<id>`) or a game chosen (`game:<game>`) for Review; a
    store fault costs only this note."""
    if state.learner():
        try:
            schedule_for_learner().mark_opened(what)
        except StoreError as exc:
            st.toast(f"Review could not note this: {exc}")


def card_title(card: str) -> str:
    """A memory card as a learner reads it: "Seven-Card Stud High: bring in", "Trap: Raise cap
    ...", or a hand-written exercise's own title."""
    kind, *rest = card.split("/")
    if kind == "skill":
        return f"{lv.game_title(rest[0])}: {rest[1].replace('_', ' ')}"
    if kind == "trap" and rest[0] in templates.templates():
        title = templates.templates()[rest[0]].title
        return title if title.startswith("Trap: ") else f"Trap: {title}"
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
