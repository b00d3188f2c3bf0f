"""Local and shared mode under AppTest: who studies, which pages each role gets, private
progress, and the teachers' class page."""

from __future__ import annotations

from pathlib import Path

import pytest

from course.asks import solvers
from course.app import quiz, state
from tests.support.apptest import (AUTH, ENTRY, PAGES, AppTest, environment, learner_key, open_app,
                                pick_question, texts, user)
from course.store import Attempt, ProgressStore
from tests.support.shipped import shipped_course

ROOT = Path(__file__).resolve().parents[2]
COURSE = shipped_course()
DEAL = "hpd-1-bring-in-suit-tie"


def page_files(at: AppTest) -> set[str]:
    """The page modules the navigation offers to this session."""
    return at.page_modules()


LEARNING = {"course_map.py", "lesson.py", "practice.py", "review.py", "progress.py",
            "rulebook.py", "glossary.py"}


def seed(db: Path, key: str, correct: list[bool], exercise: str = DEAL) -> None:
    store = ProgressStore(db)
    for n, ok in enumerate(correct):
        store.record(Attempt(learner=key, exercise=exercise, question=n % 2, ask="bring_in",
                             skill="bring-in", given="Ben", correct=ok))


@pytest.fixture
def db(tmp_path):
    with environment(tmp_path / "p.db"):
        yield tmp_path / "p.db"


def test_local_mode_is_one_learner_with_the_author_preview_and_no_login(db):
    at = open_app("map")
    assert not at.exception
    assert page_files(at) == LEARNING | {"author.py"}
    assert "login" not in [b.key for b in at.button]
    assert "learner" not in [t.key for t in at.text_input]
    assert any("kept on this computer" in c.value for c in at.caption)
    at.query_params["deal"] = DEAL
    at.switch_page(PAGES["practice"]).run()
    ex = COURSE.exercises[DEAL]
    pick_question(at, DEAL, 0)
    at.radio(key=f"practice|{DEAL}|0").set_value(
        solvers.to_json(solvers.answer(ex, ex.questions[0]).value))
    at.button(key=f"practice|{DEAL}|0:check").click().run()
    assert list(ProgressStore(db).attempts(state.LOCAL.key)["exercise"]) == [DEAL]


def test_shared_mode_asks_for_a_login_first_and_shows_no_page(db):
    at = AppTest.from_file(str(ENTRY), default_timeout=30)
    at.secrets.update(AUTH)
    at.run()
    assert not at.exception
    assert [t.value for t in at.title] == ["Stud Study Room"]
    assert [b.key for b in at.button] == ["login"]
    assert page_files(at) == set()
    with pytest.raises(ValueError, match="Could not find a navigation page"):
        at.switch_page(PAGES["progress"])


@pytest.mark.parametrize("roles, extra", [
    ({}, set()),
    ({"authors": ["Ann"]}, {"author.py"}),
    ({"teachers": ["ann@EXAMPLE.test"]}, {"class_page.py"}),          # e-mail, any case
    ({"authors": ["Ann"], "teachers": ["Ann"]}, {"author.py", "class_page.py"}),
    ({"authors": ["ann"]}, set()),                                   # subjects match exactly
    ({"teachers": "Ann"}, {"class_page.py"}),                        # one name, no list
])
def test_roles_from_configuration_decide_the_pages(db, roles, extra):
    at = open_app("map", login="Ann", roles=roles)
    assert not at.exception
    assert page_files(at) == LEARNING | extra
    assert any("**Ann**" in m.value for m in at.markdown)
    assert [b.key for b in at.button if b.key == "logout"] == ["logout"]


def test_an_unverified_email_address_grants_no_role(db):
    at = AppTest.from_file(str(ENTRY), default_timeout=30)
    at.secrets.update(AUTH, roles={"teachers": ["ann@example.test"]})
    at.user = user("Ann", email_verified=False)
    at.run()
    assert page_files(at) == LEARNING
    at.user = user("Ann", email_verified=True)
    at.run()
    assert "class_page.py" in page_files(at)


def test_a_learner_sees_only_their_own_progress(db):
    seed(db, learner_key("Ava"), [True, False, True])
    seed(db, learner_key("Ben"), [False])
    seed(db, "https://other-issuer.test#Ava", [False] * 5)    # same subject, other provider
    ava = open_app("progress", login="Ava")
    assert {m.label: m.value for m in ava.metric}["Answers checked"] == "3"
    ben = open_app("progress", login="Ben")
    # Recall tomorrow is FSRS's, from review cards (none were seeded here), not a bare accuracy.
    assert {m.label: m.value for m in ben.metric} == {"Answers checked": "1", "Right": "0",
                                                      "Recall tomorrow": "new"}
    new = open_app("progress", login="Cid")
    assert any("No answers checked yet" in i.value for i in new.info), texts(new)
    assert ben.get("download_button")


def test_an_answer_in_shared_mode_is_kept_under_issuer_and_subject(db):
    at = open_app("practice", login="Ava", query={"deal": DEAL})
    ex = COURSE.exercises[DEAL]
    at.radio(key=f"practice|{DEAL}|0").set_value(
        solvers.to_json(solvers.answer(ex, ex.questions[0]).value))
    at.button(key=f"practice|{DEAL}|0:check").click().run()
    store = ProgressStore(db)
    assert store.learners() == [learner_key("Ava")]
    assert store.names() == {learner_key("Ava"): "Ava"}


def test_the_class_page_shows_mastery_per_skill_per_learner_and_the_most_missed(db):
    seed(db, learner_key("Ava"), [True, True])
    seed(db, learner_key("Ben"), [False, False, False], exercise="hpd-2-opener")
    store = ProgressStore(db)
    store.save_learner(learner_key("Ava"), "Ava Appleby")
    store.save_learner(learner_key("Ben"), "Ben Baker")
    at = open_app("class", login="Tia", roles={"teachers": ["Tia"]})
    assert not at.exception, [e.value for e in at.exception]
    assert {m.label: m.value for m in at.metric} == {"Learners": "2", "Answers checked": "5",
                                                     "Right": "40%"}
    grid = next(d.value for d in at.dataframe if "learner" in d.value.columns)
    assert list(grid["learner"]) == ["Ava Appleby", "Ben Baker"]
    total = sum(1 for ex in COURSE.exercises.values() for q in ex.questions
                if quiz.skill_of(ex, q) == "bring-in")
    by_name = grid.set_index("learner")
    assert by_name.loc["Ava Appleby", "bring-in"] == round(100 * 2 / total)     # percent
    assert by_name.loc["Ben Baker", "bring-in"] == 0
    skills = {quiz.skill_of(ex, q) for ex in COURSE.exercises.values()
              for q in ex.questions}
    assert skills <= set(grid.columns)           # every skill of the course, tried or not
    missed = next(d.value for d in at.dataframe if "learners" in d.value.columns)
    assert list(missed["exercise"]) == ["hpd-2-opener", "hpd-2-opener"]
    assert list(missed["learners"]) == [1, 1]
    assert {b.proto.label for b in at.get("download_button")} == {
        "Download mastery per skill (CSV)", "Download every attempt (CSV)"}


def test_a_learner_cannot_reach_the_class_page(db):
    at = open_app("map", login="Lee")
    with pytest.raises(ValueError, match="Known pages"):
        at.switch_page(PAGES["class"])
