"""Every page under AppTest: course map, lesson reader, practice, progress, rulebook, author
preview; broken content shown as an error panel while the rest keeps working; progress kept
across two app runs on the same database file."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from course.games import GAMES

from course import rules
from course.asks import solvers
from course.app import labels, quiz, state
from tests.support.apptest import PAGES, environment, open_app, pick_question, texts
from course.store import ProgressStore
from tests.support.shipped import shipped_course

ROOT = Path(__file__).resolve().parents[2]
COURSE = shipped_course()
BRING_IN = COURSE.lessons["bring-in"]

BROKEN_EXERCISE = """\
id: broken-card
title: A card that does not exist
game: stud-high
street: third
seats: [Ava, Ben]
hands:
  Ava: {down: Kc Qd, up: 2h}
  Ben: {down: 9s 9d, up: 1x}
questions:
  - ask: bring_in
"""


@pytest.fixture
def db(tmp_path):
    with environment(tmp_path / "progress.db"):
        yield tmp_path / "progress.db"


@pytest.fixture
def broken_root(tmp_path):
    """A copy of the course plus one broken exercise."""
    root = tmp_path / "course"
    shutil.copytree(ROOT / "lessons", root / "lessons")
    shutil.copytree(ROOT / "exercises", root / "exercises")
    (root / "exercises" / "zz-broken.yaml").write_text(BROKEN_EXERCISE, encoding="utf-8")
    with environment(tmp_path / "progress.db", content=root):
        yield root


@pytest.mark.parametrize("page", list(PAGES))
def test_every_page_runs(page, db):
    teacher = {"login": "Tia", "roles": {"teachers": ["Tia"]}} if page == "class" else {}
    at = open_app(page, **teacher)
    assert not at.exception, [e.value for e in at.exception]
    assert at.title, page
    assert "learner" not in [t.key for t in at.text_input]     # no name box


def test_course_map_lists_lessons_in_order_grouped_by_game(db):
    at = open_app("map")
    headers = [h.value for h in at.header]
    assert headers[0] == "Seven-Card Stud High"
    for game in {l.game for l in COURSE.lessons.values()}:
        assert GAMES[game].title in headers
    links = [l.proto.label for l in at.get("page_link") if l.proto.label.startswith("**")]
    stud = [l for l in COURSE.lessons_in_order("stud-high")]
    expected = [f"**{n}. {l.title}**" for n, l in enumerate(stud, 1)]   # 1..N, whatever `order:` holds
    assert links[:len(expected)] == expected
    assert not at.error                      # a broken file is the author's (Author preview)


def test_lesson_reader_draws_sections_deals_and_exercises(db):
    at = open_app("lesson", query={"id": "bring-in"})
    assert at.title[0].value == BRING_IN.title
    headers = [h.value for h in at.header]
    for section in BRING_IN.sections:
        assert section.heading in headers
    assert "Sources" in headers and "Try it now" in headers
    html = "\n".join(m.value for m in at.markdown if m.proto.allow_html)
    assert 'aria-label="two of clubs"' in html       # Ben's door card in HPD exercise 1
    assert 'aria-label="king of clubs, face down"' in html
    # author markdown is never rendered with raw HTML allowed
    for section in BRING_IN.sections:
        first_words = section.text.split("\n")[0][:30]
        holders = [m for m in at.markdown if first_words in m.value]
        assert holders and not any(m.proto.allow_html for m in holders)
    # the exercises are there to try: a section's try-it drawn open where it stands, the rest
    # behind "Try it now" boxes at the end
    expanders = [e.label for e in at.expander]
    inline = {s.try_it for s in BRING_IN.sections if s.try_it}
    assert inline
    subheaders = [h.value for h in at.subheader]
    for eid in BRING_IN.exercises:
        title = COURSE.exercises[eid].title
        if eid in inline:
            assert f"Try it: {title}" in subheaders and f"Try it now: {title}" not in expanders
        else:
            assert f"Try it now: {title}" in expanders


def test_lesson_exercise_can_be_answered_inline(db):
    at = open_app("lesson", query={"id": "bring-in"})
    inline = {s.try_it for s in BRING_IN.sections if s.try_it}
    ex = COURSE.exercises[next(e for e in BRING_IN.exercises if e not in inline)]
    q = ex.questions[0]
    key = f"lesson|{ex.id}|0"
    assert key not in {r.key for r in at.radio}   # closed "try it now" boxes draw nothing yet
    at.session_state[f"lesson|bring-in|try|{ex.id}"] = True
    at.run()
    right = solvers.to_json(solvers.answer(ex, q).value)
    at.radio(key=key).set_value(right)
    at.button(key=f"{key}:check").click().run()
    assert any(s.value.startswith("Right.") for s in at.success)
    assert len(ProgressStore(db).attempts(state.LOCAL.key)) == 1


@pytest.mark.parametrize("eid", sorted(COURSE.exercises))
def test_every_exercise_of_the_course_opens_in_practice(eid, db):
    ex = COURSE.exercises[eid]
    at = open_app("practice", query={"deal": eid})
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state["practice_deal"] == eid
    assert not [e for e in at.error if "engine could not" in e.value]
    for n in range(len(ex.questions)):       # every question opens, with its Check button
        pick_question(at, eid, n)
        assert not at.exception, [e.value for e in at.exception]
        assert at.button(key=f"practice|{eid}|{n}:check")
        assert not at.button(key=f"practice|{eid}|{n}:check").disabled


def test_rulebook_lists_every_citation(db):
    at = open_app("rulebook")
    page = texts(at)
    for key, cit in rules.citations().items():
        assert f"**{quiz.md_escape(labels.article_title(key, source=False))}**" in page, key
        assert quiz.md_escape(cit.text) in page, key
        assert quiz.md_escape(key) in page, key
    at.text_input(key="rulebook_filter").set_value("spit card").run()
    shown = [m.value for m in at.markdown if m.value.startswith("**") and "Cited as" in m.value]
    assert shown and all("spit" in s.lower() for s in shown)


def test_a_citation_link_opens_its_article_in_the_rulebook(db):
    key, cit = list(rules.citations().items())[3]
    at = open_app("rulebook", query={"article": key})
    assert not at.exception
    (opened,) = [m.value for m in at.markdown
                 if m.value.startswith(f"**{cit.title}**") and cit.source_title in m.value]
    assert quiz.md_escape(cit.text) in opened
    at = open_app("rulebook", query={"article": "no such article"})
    assert any("There is no article called `no such article`" in w.value for w in at.warning)
    assert len([m for m in at.markdown if "Cited as" in m.value]) == len(rules.citations())


def test_broken_content_is_kept_from_learners_and_the_rest_works(broken_root):
    at = open_app("map")
    assert not at.exception
    assert not at.error                        # no parser messages for a learner
    assert any("One exercise is being fixed" in c.value for c in at.caption)
    links = [l.proto.label for l in at.get("page_link") if l.proto.label.startswith("**")]
    assert len(links) == len(COURSE.lessons)
    at.switch_page(PAGES["practice"]).run()
    assert not at.exception
    assert at.subheader                        # a deal is on screen
    assert not at.error
    at.switch_page(PAGES["author"]).run()      # the details are the author's
    at.toggle(key="author_broken").set_value(True).run()
    panel = "\n".join(e.value for e in at.error)
    assert re.search(r"exercises/zz-broken\.yaml:8:\d+", panel), panel
    assert "'1x'" in panel


def paste(at, text: str, kind: str = "Exercise"):
    at.button_group(key="author_source").set_value("Paste YAML").run()
    at.button_group(key="author_kind").set_value(kind)
    at.text_area(key="author_paste").set_value(text).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_author_preview_lists_problems_with_line_and_column_and_stays_alive(db):
    at = paste(open_app("author"), BROKEN_EXERCISE)
    panel = "\n".join(e.value for e in at.error)
    assert "`<pasted>:8:" in panel and "'1x'" in panel
    # not a YAML mapping at all
    paste(at, "id: [unclosed")
    assert "<pasted>:" in "\n".join(e.value for e in at.error)
    # the rest of the app keeps working
    at.switch_page(PAGES["map"]).run()
    assert not at.exception and at.get("page_link")


def test_author_preview_renders_the_item_and_the_engines_answers(db):
    path = ROOT / "exercises" / "stud-high" / "hpd-1-bring-in-suit-tie.yaml"
    ex = COURSE.exercises["hpd-1-bring-in-suit-tie"]
    at = paste(open_app("author"), path.read_text(encoding="utf-8"))
    assert any("no problems found" in s.value for s in at.success)
    assert ex.title in [h.value for h in at.subheader]           # as a learner sees it
    page = texts(at)
    for n, q in enumerate(ex.questions, 1):
        assert f"**Q{n}.** {quiz.md_escape(solvers.prompt_for(ex, q))}" in page
    first = solvers.answer(ex, ex.questions[0])
    assert f"Engine: **{solvers.to_json(first.value)}**" in page
    assert "(agrees)" in page and "DISAGREES" not in page


def test_author_preview_shows_a_disagreeing_authored_answer(db):
    path = ROOT / "exercises" / "stud-high" / "hpd-1-bring-in-suit-tie.yaml"
    ex = COURSE.exercises["hpd-1-bring-in-suit-tie"]
    right = solvers.to_json(solvers.answer(ex, ex.questions[0]).value)
    wrong = next(s for s in ex.seats if s != right)
    text = path.read_text(encoding="utf-8")
    assert f"answer: {right}\n" in text
    at = paste(open_app("author"), text.replace(f"answer: {right}\n", f"answer: {wrong}\n", 1))
    assert "DISAGREES" in texts(at)


def test_author_preview_of_an_upload(db):
    path = ROOT / "lessons" / "03-bring-in.yaml"
    at = open_app("author")
    at.button_group(key="author_source").set_value("Upload a file").run()
    at.button_group(key="author_kind").set_value("Lesson").run()
    at.file_uploader(key="author_upload").upload("03-bring-in.yaml", path.read_bytes(),
                                                 "application/x-yaml")
    at.run()
    assert not at.exception
    assert BRING_IN.title in [t.value for t in at.title]


def test_author_preview_of_a_course_file_rerenders_after_an_edit(tmp_path):
    root = tmp_path / "course"
    (root / "exercises").mkdir(parents=True)
    source = (ROOT / "exercises" / "stud-high" / "hpd-1-bring-in-suit-tie.yaml").read_text(
        encoding="utf-8")
    target = root / "exercises" / "one.yaml"
    target.write_text(source, encoding="utf-8")
    with environment(tmp_path / "p.db", content=root):
        at = open_app("author")
        assert at.selectbox(key="author_file").value == "exercises/one.yaml"
        assert any("no problems found" in s.value for s in at.success)
        target.write_text(source.replace("Ben:", "Ben:\n  Extra: 1\n  Bad:", 1), encoding="utf-8")
        at.run()
        assert any("exercises/one.yaml:" in e.value for e in at.error), texts(at)
        target.write_text(source, encoding="utf-8")
        at.run()
        assert any("no problems found" in s.value for s in at.success)


def test_progress_survives_a_second_app_run_on_the_same_file(tmp_path):
    ex = COURSE.exercises["hpd-1-bring-in-suit-tie"]
    q = ex.questions[0]
    right = solvers.to_json(solvers.answer(ex, q).value)
    wrong = next(s for s in ex.seats if s != right)
    db = tmp_path / "shared.db"
    with environment(db):
        first = open_app("practice")
        first.session_state["practice_deal"] = ex.id
        first.run()
        key = f"practice|{ex.id}|0"
        first.radio(key=key).set_value(wrong)
        first.button(key=f"{key}:check").click().run()
        first.button(key=f"{key}:retry").click().run()
        first.radio(key=key).set_value(right)
        first.button(key=f"{key}:check").click().run()
    with environment(db):                   # a new app run: fresh session, caches cleared
        second = open_app("progress")
        assert not second.exception
        metrics = {m.label: m.value for m in second.metric}
        assert metrics["Answers checked"] == "2"
        assert metrics["Right"] == "1"
        assert metrics["Recall tomorrow"].endswith("%")      # the deal's memory card, reviewed twice
        missed = second.table[-1].value
        assert list(missed["title"]) == [ex.title] and "exercise" not in missed.columns  # no ids
        assert list(missed["missed"]) == [1]
        assert second.get("download_button")
        second.switch_page(PAGES["map"]).run()
        assert any("1 of" in (p.proto.text or "") for p in second.get("progress"))


def test_an_unwritable_progress_file_is_reported_and_practice_still_works(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where a folder should be", encoding="utf-8")
    with environment(blocker / "progress.db"):
        at = open_app("map")
        assert not at.exception, [e.value for e in at.exception]
        assert any("Progress cannot be saved" in e.value and "not-a-folder" in e.value
                   for e in at.error)
        assert at.get("page_link")                   # the course is still there
        ex = COURSE.exercises["hpd-1-bring-in-suit-tie"]
        at.query_params["deal"] = ex.id
        at.switch_page(PAGES["practice"]).run()
        right = solvers.to_json(solvers.answer(ex, ex.questions[0]).value)
        at.radio(key=f"practice|{ex.id}|0").set_value(right)
        at.button(key=f"practice|{ex.id}|0:check").click().run()
        assert not at.exception
        assert any(s.value.startswith("Right.") for s in at.success)
        assert any("Not saved" in s.value for s in at.success)
        at.switch_page(PAGES["progress"]).run()
        assert not at.exception
