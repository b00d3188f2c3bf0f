"""Authoring errors go to authors: with a broken file and an exercise whose authored answer the
engine rejects, no learner page shows a content error (at most one quiet line), the rejected
exercise is not served, and Author preview lists and counts every problem `course check`
reports; an unknown `/author?file=` says "not found"."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from course import cli
from course.app import authoring
from tests.support.apptest import PAGES, environment, open_app, texts

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "exercises" / "stud-high" / "hpd-1-bring-in-suit-tie.yaml"

UNPARSABLE = "id: zz-unparsable\ntitle: [an unclosed list\n"
REJECTED_ID = "zz-engine-rejects"
LEARNER_PAGES = [p for p in PAGES if p not in ("author", "class")]


def rejected_exercise() -> str:
    """A copy of a course exercise under a new id, its first authored answer made wrong."""
    text = SOURCE.read_text(encoding="utf-8")
    assert "answer: Ben\n" in text
    return text.replace("id: hpd-1-bring-in-suit-tie", f"id: {REJECTED_ID}", 1) \
        .replace("answer: Ben\n", "answer: Ava\n", 1)


@pytest.fixture
def broken_root(tmp_path):
    root = tmp_path / "course"
    shutil.copytree(ROOT / "lessons", root / "lessons")
    shutil.copytree(ROOT / "exercises", root / "exercises")
    shutil.copy(ROOT / "glossary.yaml", root / "glossary.yaml")
    (root / "exercises" / "zz-unparsable.yaml").write_text(UNPARSABLE, encoding="utf-8")
    (root / "exercises" / "zz-engine-rejects.yaml").write_text(rejected_exercise(), encoding="utf-8")
    with environment(tmp_path / "progress.db", content=root):
        yield root


def test_course_check_reports_both_files(broken_root):
    from course import content
    course = content.load_course(broken_root)
    files = {Path(p.file).name for p in cli.course_problems(course, broken_root)}
    assert files == {"zz-unparsable.yaml", "zz-engine-rejects.yaml"}


@pytest.mark.parametrize("page", LEARNER_PAGES)
def test_no_learner_page_shows_a_content_error(page, broken_root):
    at = open_app(page)
    assert not at.exception, [e.value for e in at.exception]
    shown = texts(at)
    assert "zz-" not in shown, shown
    assert not [e.value for e in at.error], [e.value for e in at.error]
    quiet = [c.value for c in at.caption if "being fixed" in c.value]
    assert quiet == ["2 exercises are being fixed and not shown for now; everything else is here."] \
        or (page in ("progress", "review", "rulebook") and not quiet), quiet


def test_an_exercise_the_engine_rejects_is_not_served(broken_root):
    at = open_app("practice", query={"deal": REJECTED_ID})
    assert not at.exception
    assert any("There is no deal called" in w.value for w in at.warning), texts(at)
    from course import content
    course = content.load_course(broken_root)
    assert REJECTED_ID in course.exercises           # it loads: only the engine rejects it
    with_it = len(course.exercises)
    at = open_app("practice")
    pager = next(m.value for m in at.markdown if m.value.startswith("Deal **"))
    stud_high = sum(1 for e in course.exercises.values() if e.game == "stud-high")
    assert pager.endswith(f"of **{stud_high - 1}**"), (pager, with_it)


def test_author_preview_counts_every_problem_course_check_reports(broken_root):
    at = open_app("author")
    toggle = at.toggle(key="author_broken")
    assert toggle.label == "Only files with problems (2)"
    toggle.set_value(True).run()
    listed = at.selectbox(key="author_file").options
    assert sorted(Path(n.lstrip("⚠ ")).name for n in listed) == ["zz-engine-rejects.yaml",
                                                                  "zz-unparsable.yaml"]


@pytest.mark.parametrize("wanted", ["../../etc/passwd", "exercises/no-such-file.yaml"])
def test_an_unknown_author_file_says_not_found(wanted, broken_root):
    at = open_app("author", query={"file": wanted})
    assert not at.exception
    assert any("not found" in w.value for w in at.warning), texts(at)
    assert not any("no problems found" in s.value for s in at.success)


def test_quiet_words():
    assert authoring.quiet_words([]) is None
    assert authoring.quiet_words(["exercises/a.yaml"]) == \
        "One exercise is being fixed and not shown for now; everything else is here."
    assert authoring.quiet_words(["lessons/a.yaml", "exercises/b.yaml", "exercises/c.yaml"]) == \
        "2 exercises and one lesson are being fixed and not shown for now; everything else is here."


def test_a_course_too_large_for_the_whole_check_checks_each_exercise_as_it_is_shown(broken_root, monkeypatch):
    monkeypatch.setattr(authoring, "WHOLE_CHECK_LIMIT", 1)
    at = open_app("practice", query={"deal": REJECTED_ID})
    assert not at.exception
    assert any("There is no deal called" in w.value for w in at.warning), texts(at)
    at = open_app("practice", query={"deal": "hpd-1-bring-in-suit-tie"})
    assert at.subheader and not at.error


def test_the_details_go_to_the_server_log(broken_root, caplog):
    import logging
    with caplog.at_level(logging.WARNING, logger="course"):
        open_app("map")
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "content problem: exercises/zz-unparsable.yaml:" in logged
    assert "content problem: exercises/zz-engine-rejects.yaml:" in logged
