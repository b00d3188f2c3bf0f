"""Review brings a lesson's cards in once its try-its are answered, not when it is opened
(`course.app.unlock`): a learner who opened a lesson without answering gets none of its cards; one
who answered its try-its on the lesson page does."""

from __future__ import annotations

from course.asks import solvers
from course.app import state, unlock
from course.store import ProgressStore
from course.study import mastery, schedule, templates
from tests.support.apptest import PAGES, environment, fill_widget, open_app, texts
from tests.support.tried import answer_try_its
from tests.support.shipped import shipped_course

COURSE = shipped_course()
LESSON = COURSE.lessons_in_order("stud-high")[2]          # lesson 3 of Seven-Card Stud High


def of_lesson(card: str, item: str, lesson) -> bool:
    """Whether a Review item is what `lesson` teaches: one of its own deals, or a drill of an ask
    its exercises ask."""
    asks, deals = unlock.taught(COURSE)[lesson.id]
    if card.startswith("exercise/"):
        return card[len("exercise/"):] in deals
    made = templates.generate(item)
    return (made.game, made.questions[0].ask) in asks


def new_review(at, seed: int):
    at.session_state["review:seed"] = seed
    if "review:items" in at.session_state:
        del at.session_state["review:items"]                 # a new session
    at.switch_page(PAGES["review"]).run()
    assert not at.exception, at.exception
    return at.session_state["review:items"]


def test_a_learner_who_opened_lesson_3_without_answering_gets_none_of_its_cards(tmp_path):
    with environment(tmp_path / "p.db"):
        at = open_app("lesson", query={"id": LESSON.id})
        assert not at.exception, at.exception
        assert at.title[0].value == LESSON.title
        items = new_review(at, 7)
        assert items == [] and "Nothing to review yet" in texts(at)


def test_a_learner_who_answered_lesson_3_try_its_on_the_lesson_page_gets_its_cards(tmp_path):
    db = tmp_path / "p.db"
    with environment(db):
        at = open_app("lesson", query={"id": LESSON.id})
        for eid in sorted(mastery.try_its(LESSON)):        # each try-it, answered as a learner would
            exercise = COURSE.exercises[eid]
            question = exercise.questions[0]
            key = f"lesson|{eid}|0"
            fill_widget(at, key, exercise, solvers.answer_kind(exercise, question),
                        solvers.to_json(solvers.answer(exercise, question).value))
            at.button(key=f"{key}:check").click().run()
            assert not at.exception, at.exception
        answered = set(ProgressStore(db).attempts(state.LOCAL.key)["exercise"])
        assert mastery.try_its(LESSON) <= answered
        items = new_review(at, 7)
        assert items, texts(at)
        assert all(of_lesson(card, item, LESSON) for card, item in items), items   # nothing untried


def test_only_the_lessons_whose_try_its_are_all_answered_are_tried():
    lessons = COURSE.lessons_in_order("stud-high")
    first, second = lessons[0], lessons[1]
    both = set(mastery.try_its(first)) | set(mastery.try_its(second))
    assert {first.id, second.id} <= unlock.tried(COURSE, both)
    assert second.id not in unlock.tried(COURSE, set(mastery.try_its(first)))
    others = set(second.exercises) - mastery.try_its(second)     # its other exercises do not count
    assert second.id not in unlock.tried(COURSE, others)
    assert unlock.tried(COURSE, set()) == set()


def test_review_keys_of_a_tried_lesson_are_unlocked_and_an_opened_one_is_not(tmp_path):
    store = ProgressStore(tmp_path / "p.db")
    plan = schedule.Schedule(store, state.LOCAL.key)
    plan.mark_opened(f"lesson:{LESSON.id}")                      # opened, as the lesson page once noted
    keys = templates.card_keys() + [f"exercise/{e}" for e in COURSE.exercises]
    assert unlock.unlocked(plan, COURSE, keys, set()) == []
    answer_try_its(tmp_path / "p.db", state.LOCAL.key, [LESSON], course=COURSE)
    attempted = set(store.attempts(state.LOCAL.key)["exercise"])
    opened = unlock.unlocked(plan, COURSE, keys, attempted)
    assert {f"exercise/{e}" for e in LESSON.exercises} <= set(opened)
    assert not [k for k in opened if k.startswith("exercise/")
                and k[len("exercise/"):] not in set(LESSON.exercises)]
