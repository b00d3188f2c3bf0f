"""The Review page: a session of spaced review (FSRS), then a summary.

What is due comes first, then new material, skills mixed (`course.study.schedule.queue`). Skill
and trap cards are answered on fresh engine-made items (`gen/<template>/<seed>`); hand-written
exercises on themselves. Every verdict comes from the engine (`quiz.grade`); a wrong answer is
replayed under the misconception catalogue, and a mistake it reproduces is named before the
explanation, with each wrong field of a several-field answer marked.
"""

from __future__ import annotations

import random
import threading
import time
from datetime import timedelta
from typing import Any

import streamlit as st

from course.asks import solvers
from course.app import authoring, labels, quiz, scroll, site, state, study_feedback
from course.app import lesson_view as lv
from course.app import unlock
from course.store import Attempt, StoreError
from course.app.widgets import WIDGETS
from course.study import hints, schedule, templates

SESSION = 10
K = "review:"


def _exercise(item: str) -> Any:
    if templates.is_item_id(item):
        return templates.generate(item)
    course = state.course()
    exercise = course.exercises.get(item) if course is not None else None
    return exercise if authoring.servable(course, exercise) else None   # not one being fixed


def _start(plan: schedule.Schedule, size: int) -> None:
    course = state.course()
    exercises = course.exercises if course is not None else {}
    held_back = authoring.rejected_ids(course) if course is not None else frozenset()
    keys = templates.card_keys() + [f"exercise/{e}" for e in exercises if e not in held_back]

    def family(key: str) -> str:
        """Round-robin over games, engine-made drills and hand-written exercises taking turns."""
        if key.startswith("exercise/"):
            return f"{exercises[key[len('exercise/'):]].game}:exercise"
        return f"{templates.game_of(key)}:drill"

    seed = st.session_state.get(K + "seed", random.Random().randrange(10**6))  # tests fix it
    # New material only once it was taught: the try-its of a lesson that teaches it answered, or
    # its game chosen on Practice.
    keys = unlock.unlocked(plan, course, keys, unlock.answered(state.learner()))
    cards = schedule.queue(plan, keys, size, family=family)
    st.session_state[K + "items"] = [(card, templates.item_for(card, seed + n)) for n, card in enumerate(cards)]
    st.session_state[K + "prepared"] = False      # the later items are made once the first is drawn
    st.session_state[K + "at"] = 0
    st.session_state[K + "results"] = []
    st.session_state[K + "started"] = time.monotonic()
    st.session_state[K + "tries"] = 0
    st.session_state[K + "hint"] = False


PREPARING = "review-prepare"     # the name of the thread that makes a session's items ahead


def prepare(items: list[str]) -> threading.Thread | None:
    """Make a session's engine-made items ahead, in the order they come, in a background thread
    while the learner answers the first (the page calls this once the first is drawn, so that
    draw has the process to itself). `templates.generate` keeps each in its cache, which every
    session of the process shares, so Next finds its item made and never waits on a draw, on a
    slow machine as on a fast one. A template that fails is passed over here and reported by the
    page when its item comes up (a failed draw is not cached). Hand-written exercises are in the
    loaded course already."""
    made = [item for item in items if templates.is_item_id(item)]
    if not made:
        return None

    def make() -> None:
        for item in made:
            try:
                templates.generate(item)
            except Exception:  # noqa: BLE001 - the page shows the failure when it reaches the item
                continue

    thread = threading.Thread(target=make, name=PREPARING, daemon=True)
    thread.start()
    return thread


GOAL_COUNTS = ("Each question you answer today counts once towards the daily goal, at its first check: "
               "in lesson exercises, on Practice and here on Review. A second try of the same question "
               "does not count again (Progress's \"Answers checked\" counts every check).")


def page() -> None:
    st.html(quiz.KEYS_CSS)      # the number keys' hidden buttons, as Practice draws it: once a page
    st.title("Review")
    plan = study_feedback.schedule_for_learner()
    with st.sidebar:
        second = st.toggle("Second try before the answer", value=True, key=K + "second")
        if K + "goal" not in st.session_state:
            st.session_state[K + "goal"] = plan.goal
        goal = st.number_input("Daily goal (answers)", min_value=1, max_value=200, key=K + "goal",
                               on_change=lambda: plan.set_goal(st.session_state[K + "goal"]),
                               help=GOAL_COUNTS)
    today = schedule.now_utc().date()
    done_today = plan.answered_on(today)
    # The item first, then the day's figures and goal below it: on a phone the question is on the
    # first screen (the containers keep this order whatever is drawn into them first).
    body = st.container()
    with st.container(key="review_goal"):
        c1, c2, c3 = st.columns(3)
        c1.metric("Today", f"{done_today} / {goal}", help=GOAL_COUNTS)
        c2.metric("Streak", f"{plan.streak(today)} day{'s' if plan.streak(today) != 1 else ''}")
        c3.metric("Due now", len(plan.due()))
        st.progress(min(done_today / goal, 1.0), text=("Daily goal reached" if done_today >= goal else "Daily goal")
                    + ": each question counts once, at its first check, in lessons, on Practice and here")

    with body:
        if K + "items" not in st.session_state:
            _start(plan, SESSION)
        items = st.session_state[K + "items"]
        if not items:
            st.info("Nothing to review yet: Review brings back what a lesson has taught. Open a lesson "
                    "on the Course map and answer its try-its (or choose a game on Practice), then "
                    "come back.")
            st.page_link(site.page("course_map"), label="Course map", icon=":material/map:")
            st.button("Look again", key=K + "again", on_click=_restart)
            return
        at = st.session_state[K + "at"]
        if at >= len(items):
            _summary(plan)
            return
        card, item = items[at]
        checked = st.session_state.get(K + "final") == f"review|{at}|{item}"
        # What the item trains (its card) names the rule it tests: shown once checked. No item id and
        # no author's tool here (a learner's screen): `python -m course.study <id>` prints an
        # engine-made item as YAML.
        made: Exception | None = None
        try:
            exercise = _exercise(item)
        except templates.GenerationError as exc:   # a template bug must not stop the session
            exercise, made = None, exc
        # a hand-written deal's card (`exercise/<id>`) is its own family: its game is the deal's
        game = exercise.game if exercise is not None else templates.game_of(card)
        st.caption(f"Item {at + 1} of {len(items)} · {lv.game_title(game)}"
                   + (f" · {study_feedback.card_title(card)}" if checked else ""))
        if exercise is None:
            if made is not None:
                st.error(f"This item could not be made: {made}")
            st.warning("This item cannot be shown; skipping it.")
            st.button("Next →", key=K + "skip", on_click=_advance)
            return
        _item(plan, card, item, exercise, second)
        if st.session_state.get(K + "prepared") is False:   # once per session, the first item drawn
            st.session_state[K + "prepared"] = True
            prepare([later for _, later in items[at + 1:]])


def _item(plan: schedule.Schedule, card: str, item: str, exercise: Any, second: bool) -> None:
    index = st.session_state[K + "at"] % len(exercise.questions)
    question = exercise.questions[index]
    key = f"review|{st.session_state[K + 'at']}|{item}"
    finished = st.session_state.get(K + "final") == key
    # A title may state the rule being tested ("An ace showing ..."): it is shown once checked.
    st.subheader(exercise.title if finished else f"Item {st.session_state[K + 'at'] + 1}")
    rules = _graded_under(exercise)
    if rules:
        st.caption(f"Rules: **{quiz.md_escape(rules)}**. The rule sets disagree on this deal; "
                   "it is graded under this one.")
    if exercise.intro:
        st.markdown(quiz.author_md(exercise.intro))
    # Practice's layout: the table on the left, the question and its verdict beside it (on a
    # phone the columns stack), with the same keys: 1-9 choose, Enter checks, N goes on.
    # On a phone the stacked columns put the question first (app/phone.py): a deal of six or
    # seven seats would push its Check below the first screen.
    with st.container(key="review_item"):
        deal_side, question_side = st.columns([3, 2], gap="medium")
        with deal_side:
            quiz.table_block(exercise, question)    # the table as it stands when this question is asked
        with question_side, st.container(border=True):
            _question(plan, card, item, exercise, question, index, key, second)
    with st.container(key="keys_hint"):         # hidden on a phone (app/phone.py)
        st.caption("Keys: 1-9 choose · Enter checks · N next")


def _question(plan, card, item, exercise, question, index, key, second) -> None:
    widget_name = solvers.kind_of(exercise, question).widget
    finished = st.session_state.get(K + "final") == key
    # the label as Practice gives it: no ** marks, which a screen reader would read out
    WIDGETS[widget_name].draw(key, exercise, question, quiz.md_escape(quiz.prompt_of(exercise, question)), finished)
    if not finished:
        quiz.number_keys(exercise, question, key, widget_name)
    answer, error = quiz.engine_answer(exercise, question)
    if error:
        st.error(f"The engine could not answer this question: {error}")
        return
    with st.container(horizontal=True, gap="small"):
        if not finished:
            st.button("Check", key=f"{key}:check", type="primary", on_click=_check, shortcut="Enter",
                      args=(plan, card, item, exercise, question, index, key, widget_name, second))
            st.button("Hint", key=f"{key}:hint", on_click=lambda: st.session_state.update({K + "hint": True}))
        else:
            st.button("Next →", key=f"{key}:next", type="primary", on_click=_advance, shortcut="N")
    if st.session_state.get(K + "hint") and not finished and answer.steps:
        # the rule that decides the question, never its answer (course/study/hints.py)
        st.info("Hint: " + quiz.card_words(hints.hint(exercise, question, answer)))
    feedback = st.session_state.get(K + "feedback")
    if feedback and feedback.get("key") == key:
        with st.container(key="review_verdict"):
            _feedback(feedback, exercise, question, answer, finished)
        # the verdict in view, once per check (it may sit below the screen's edge)
        scroll.into_view(".st-key-review_verdict [data-testid=stAlert]",
                         f"{key}:{st.session_state[K + 'tries']}:{feedback.get('empty', '')}")


def _graded_under(exercise: Any) -> str | None:
    """The title of the rule profile the item is graded under, when the game's profiles disagree
    on it (as Practice names it); None where every profile gives the same answers."""
    cache = st.session_state.setdefault(K + "profiles", {})
    if exercise.id not in cache:
        names = quiz.profile_names(exercise.game)
        try:
            differ = len(names) > 1 and quiz.profiles_disagree(exercise, names)
        except Exception:      # a profile the deal cannot be replayed under: name the deal's own
            differ = True
        cache[exercise.id] = labels.display_name(exercise.rules) if differ else None
    return cache[exercise.id]


def _try_kind(tries: int, hint: bool) -> str:
    """What a try was: the first (unaided or after the hint), or a later one."""
    return "second" if tries else ("hint" if hint else "first")


def _check(plan, card, item, exercise, question, index, key, widget_name, second) -> None:
    given = WIDGETS[widget_name].read(key, exercise)
    if given is None:
        st.session_state[K + "feedback"] = {"key": key, "empty": True}
        return
    right, error = quiz.grade(exercise, question, given)
    if error:
        st.session_state[K + "feedback"] = {"key": key, "error": error}
        return
    tries = st.session_state[K + "tries"]
    hint = bool(st.session_state.get(K + "hint"))
    try_kind = _try_kind(tries, hint)
    st.session_state[K + "tries"] = tries + 1
    final = right or not second or tries + 1 >= 2
    st.session_state[K + "feedback"] = {"key": key, "given": given, "right": right}
    # Every try is saved with what it was, so Progress, "missed most" and "Practise what I
    # missed" see a miss made here; FSRS hears the first try only (a hint makes it Hard at best).
    # state.record never raises: a store fault spools the attempt. A store that failed is not
    # asked again for the schedule, so the learner is told within 2 s.
    saved = not state.learner() or state.record(Attempt(
        learner=state.learner(), exercise=exercise.id, question=index, ask=question.ask,
        skill=quiz.skill_of(exercise, question), given=given, correct=bool(right),
        game=exercise.game, rules=exercise.rules, try_kind=try_kind))
    if tries == 0:
        now = schedule.now_utc()
        if saved:
            try:
                plan.review(card, bool(right), hint=hint, now=now)
            except StoreError as exc:   # the answer is stored; its review waits in the spool
                state.store_failed(exc)
                saved = False
        if not saved:                   # applied to the card at its own time once the store is back
            state.keep_review(card, bool(right), hint=hint, at=now)
        st.session_state[K + "first"] = {"right": bool(right), "hint": hint}
    if not final:
        return
    st.session_state[K + "final"] = key
    first = st.session_state.get(K + "first", {"right": False, "hint": False})
    st.session_state[K + "results"].append({
        "card": card, "item": item, "right": bool(right), "second_try": tries > 0,
        "hint": first["hint"], "first_time": first["right"] and not first["hint"]})


def _feedback(feedback: dict, exercise, question, answer, finished: bool) -> None:
    if feedback.get("empty"):
        st.warning("Choose an answer first, then press Check.")
        return
    if feedback.get("error"):
        st.error(f"The engine could not grade this question: {feedback['error']}")
        return
    given = quiz.shown(exercise, question, feedback["given"])
    if feedback["right"]:
        st.success(f"Right. You chose **{quiz.md_escape(given)}**.")
    elif not finished:
        st.warning(f"Not right yet: **{quiz.md_escape(given)}**. Have another go before the answer is shown.")
    else:
        st.error(f"Not right. You chose **{quiz.md_escape(given)}**; the right answer is "
                 f"**{quiz.md_escape(quiz.shown(exercise, question, answer.value))}**.")
    if not feedback["right"]:
        study_feedback.mistake(exercise, question, feedback["given"])
    if finished:
        quiz.explanation(answer, f"review|{st.session_state[K + 'at']}",
                         words=quiz.answer_words(exercise, question, answer))
        quiz.cited_articles(answer, f"review|{st.session_state[K + 'at']}")


def _advance() -> None:
    st.session_state[K + "at"] += 1
    st.session_state[K + "tries"] = 0
    st.session_state[K + "hint"] = False
    st.session_state.pop(K + "feedback", None)
    st.session_state.pop(K + "first", None)


def _summary(plan: schedule.Schedule) -> None:
    results = st.session_state[K + "results"]
    spent = time.monotonic() - st.session_state[K + "started"]
    first = sum(r.get("first_time", False) for r in results)
    hinted = sum(r.get("hint", False) and r["right"] for r in results)
    later = sum(r["right"] and r["second_try"] and not r.get("hint", False) for r in results)
    missed = sum(not r["right"] for r in results)
    st.header("Session summary")
    c1, c2 = st.columns(2)
    c1.metric("Right first time", f"{first} of {len(results)}",
              help="Right on the first try, without the hint. Only this counts as right for the schedule.")
    c2.metric("Time spent", f"{int(spent // 60)} min {int(spent % 60)} s")
    st.markdown(f"**{first} of {len(results)} right first time** · {hinted} right after a hint · "
                f"{later} right on the second try · {missed} not right")
    skills = list(dict.fromkeys(study_feedback.card_title(r["card"]) for r in results))
    st.markdown("**Skills touched:** " + (", ".join(skills) if skills else "none"))
    upcoming = plan.next_due()[:5]
    if upcoming:
        # each time once ("now: A, B"), not "now" beside every item
        by_time: dict[str, list[str]] = {}
        for k, due in upcoming:
            by_time.setdefault(_when(due - schedule.now_utc()), []).append(study_feedback.card_title(k))
        st.markdown("**Due next:**\n" + "\n".join(
            f"- {when}: {', '.join(titles)}" for when, titles in by_time.items()))
    st.markdown(f"**Recall tomorrow**, per skill or deal reviewed: {study_feedback.RECALL_HELP}")
    study_feedback.mastery(plan, K + "mastery")
    st.button("Start another session", key=K + "again", type="primary", on_click=_restart)


def _when(delta: timedelta) -> str:
    """How long until a card is due, as a learner says it: "now" once it is due (never "in 0 min")."""
    return labels.due_words(delta.total_seconds())


def _restart() -> None:
    st.session_state.pop(K + "items", None)
    st.session_state.pop(K + "final", None)
