"""One vocabulary across pages: Practice's skills are the skills Progress charts, a question is
recorded under the skill its ask trains, due times read as relative words listed once, and the
Course map numbers each game's lessons 1..N whatever `order:` holds."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from course.asks import solvers
from course.app import labels, progress_tables, quiz
from course.app import lesson_view as lv
from course.app.screens import course_map, practice
from course.store import ProgressStore
from tests.support.apptest import environment, fill_widget, open_app
from tests.support.shipped import shipped_course

ROOT = Path(__file__).resolve().parents[2]
COURSE = shipped_course()


@pytest.fixture
def db(tmp_path):
    with environment(tmp_path / "progress.db"):
        yield tmp_path / "progress.db"


def test_practice_skills_are_the_skills_progress_charts(db):
    at = open_app("practice")
    at.selectbox(key="practice_scope").set_value("Skill").run()
    offered = set(at.selectbox(key="practice_topic").options)
    charted = {labels.display_name(s) for s in progress_tables.skill_totals()}
    assert offered == charted
    assert not offered & {labels.display_name(g) for g in ("razz", "review")} - charted


def test_a_skill_practised_is_recorded_under_that_skill(db):
    at = open_app("practice")
    at.selectbox(key="practice_scope").set_value("Skill").run()
    at.selectbox(key="practice_topic").set_value("opener").run()
    deal = practice.exercises_by_topic(COURSE)["opener"][0]
    index = next(n for n, q in enumerate(deal.questions) if quiz.skill_of(deal, q) == "opener")
    question = deal.questions[index]
    key = f"practice|{deal.id}|{index}"
    value = solvers.to_json(solvers.answer(deal, question).value)
    fill_widget(at, key, deal, solvers.answer_kind(deal, question), value)
    at.button(key=f"{key}:check").click().run()
    skills = set(ProgressStore(db).attempts("local")["skill"])
    assert skills == {"opener"}, skills


def test_due_words_are_relative():
    assert labels.due_words(-5) == "now"
    assert labels.due_words(30 * 60) == "in 30 min"
    assert labels.due_words(5 * 3600) == "in 5 h"
    assert labels.due_words(3 * 86400) == "in 3 days"


def test_lessons_are_numbered_one_to_n_per_game_whatever_order_holds(tmp_path):
    root = tmp_path / "course"
    shutil.copytree(ROOT / "lessons", root / "lessons")
    shutil.copytree(ROOT / "exercises", root / "exercises")
    last = lv.lessons(COURSE)[-1]
    path = root / Path(last.path).relative_to(ROOT) if Path(last.path).is_absolute() else root / last.path
    text = path.read_text(encoding="utf-8")
    assert f"order: {last.order}" in text
    path.write_text(text.replace(f"order: {last.order}", "order: 90", 1), encoding="utf-8")
    with environment(tmp_path / "p.db", content=root):
        at = open_app("map")
        labels_ = [l.proto.label for l in at.get("page_link") if l.proto.label.startswith("**")]
        games = course_map.lessons_by_game(COURSE)
        expected = [f"**{n}. {l.title}**" for items in games.values() for n, l in enumerate(items, 1)]
        assert labels_ == expected


def test_a_question_number_beyond_the_deal_says_which_questions_exist(db):
    deal = COURSE.exercises["hpd-1-bring-in-suit-tie"]
    at = open_app("practice", query={"deal": deal.id, "q": "99"})
    assert not at.exception
    said = [w.value for w in at.warning]
    assert any(f"its questions are Q1 to Q{len(deal.questions)}" in w for w in said), said
    at = open_app("practice", query={"deal": deal.id, "q": "2"})
    assert not [w.value for w in at.warning if "no question" in w.value]


def test_streak_and_goal_on_the_course_map_and_progress_and_levels_per_skill(db):
    from course.app import motivation
    assert [motivation.level(s) for s in (0, 0.2, 0.5, 0.8, 1.0)] == \
        ["New", "Started", "Practising", "Solid", "Mastered"]
    at = open_app("map")
    assert any(p.proto.text.startswith("Today 0 of ") for p in at.get("progress")), "goal on the map"
    deal = COURSE.exercises["hpd-1-bring-in-suit-tie"]
    at = open_app("practice", query={"deal": deal.id})
    key = f"practice|{deal.id}|0"
    right = solvers.to_json(solvers.answer(deal, deal.questions[0]).value)
    fill_widget(at, key, deal, solvers.answer_kind(deal, deal.questions[0]), right)
    at.button(key=f"{key}:check").click().run()
    at.button(key="practice_end").click().run()
    page = "\n".join(m.value for m in at.metric)
    assert any(m.label == "Right first time" and m.value == "1 of 1" for m in at.metric), page
    at.switch_page("screens/progress.py").run()
    assert any(p.proto.text.startswith("Today 1 of ") for p in at.get("progress"))
    levels = [t.value for t in at.table if "level" in t.value.columns]
    assert levels and set(levels[0]["level"]) <= {name for _, name in motivation.LEVELS}
    assert "Started" in set(levels[0]["level"])           # the bring-in: one question right
