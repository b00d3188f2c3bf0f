"""The Author preview's verdict is `python -m course check`'s: the same problems (engine
disagreements and a lesson's missing exercise included), at the top of the page, with line and
column, never a green "no problems found" when there is one; the source view marks the lines."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from course import cli
from course.asks import solvers
from course.app.screens import author
from tests.support.apptest import environment, open_app
from course.model import Problem
from tests.app.test_pages import paste
from tests.support.shipped import shipped_course

ROOT = Path(__file__).resolve().parents[2]
COURSE = shipped_course()


def wrong_answer_text() -> tuple[str, str, str]:
    """An exercise of the course with its first authored answer changed to one the engine rejects."""
    ex = COURSE.exercises["hpd-1-bring-in-suit-tie"]
    right = solvers.to_json(solvers.answer(ex, ex.questions[0]).value)
    wrong = next(s for s in ex.seats if s != right)
    text = (ROOT / ex.path).read_text(encoding="utf-8")
    assert f"answer: {right}\n" in text
    return text.replace(f"answer: {right}\n", f"answer: {wrong}\n", 1), right, wrong


def missing_exercise_text() -> str:
    lesson = COURSE.lessons["bring-in"]
    text = (ROOT / lesson.path).read_text(encoding="utf-8")
    first = lesson.exercises[0]
    assert text.count(first) >= 1
    return text.replace(first, "no-such-exercise", 1)


def cli_check(text: str, tmp_path: Path, lesson: bool) -> tuple[int, str, list[Problem]]:
    """`python -m course check FILE` on the text saved as a file, run from the repository root;
    its problems renamed to the preview's `<pasted>`."""
    file = tmp_path / ("lesson.yaml" if lesson else "exercise.yaml")
    if lesson:  # lessons are told from exercises by their folder
        file = tmp_path / "lessons" / "pasted.yaml"
        file.parent.mkdir()
    file.write_text(text, encoding="utf-8")
    out = io.StringIO()
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        status = cli._run_check(cli.build_parser().parse_args(["check", str(file)]), out)
        _, problems = cli.check([str(file)])
    finally:
        os.chdir(here)
    named = [Problem("<pasted>", p.line, p.column, p.message) for p in problems]
    return status, out.getvalue().replace(file.as_posix(), "<pasted>"), named


def leaves(node):
    """The page's elements in the order they are drawn."""
    children = getattr(node, "children", None)
    if not children:
        yield node
        return
    for key in sorted(children):
        yield from leaves(children[key])


def source_view(at) -> str:
    return "\n".join(str(h.proto.body) for h in at.get("html"))


@pytest.mark.parametrize("kind", ["Exercise", "Lesson"])
def test_the_preview_gives_exactly_the_clis_problems_at_the_top(kind, tmp_path):
    if kind == "Exercise":
        text, right, wrong = wrong_answer_text()
    else:
        text = missing_exercise_text()
    status, printed, problems = cli_check(text, tmp_path, kind == "Lesson")
    assert status == 1 and problems
    if kind == "Exercise":
        assert f"answer to 'bring_in' disagrees with the engine: authored {wrong}, engine {right}" in printed
    else:
        assert "exercise 'no-such-exercise' does not exist" in printed
    with environment(tmp_path / "p.db"):
        at = paste(open_app("author"), text, kind)
    assert not at.success, [s.value for s in at.success]          # never green on a problem
    # the verdict is the first thing under the file's choice: before the item and its answers
    assert at.error and at.error[0].value == author.verdict_md(problems, "<pasted>")
    shown = [getattr(e, "value", None) for e in leaves(at.main)]
    verdict_at = shown.index(at.error[0].value)
    assert all(s in (None, "") or isinstance(s, str) and not s.startswith("**Q1.**") for s in shown[:verdict_at])
    if kind == "Exercise":
        assert verdict_at < shown.index("The engine's answers")
    for p in problems:
        where = f"`<pasted>:{p.line}:{p.column}`: "
        assert where in at.error[0].value
        assert f"<pasted>:{p.line}:{p.column}: {p.message.splitlines()[0]}" in printed
    # the source view marks each problem's line
    view = source_view(at)
    for p in problems:
        assert f'<span class="bad"><i>{p.line}</i>' in view


def test_a_clean_exercise_is_green_and_marks_no_line(tmp_path):
    text = (ROOT / COURSE.exercises["hpd-1-bring-in-suit-tie"].path).read_text(encoding="utf-8")
    status, _, problems = cli_check(text, tmp_path, lesson=False)
    assert status == 0 and problems == []
    with environment(tmp_path / "p.db"):
        at = paste(open_app("author"), text, "Exercise")
    assert not at.error and any("no problems found" in s.value for s in at.success)
    assert 'class="bad"' not in source_view(at)


def test_the_source_view_escapes_the_file_and_marks_past_its_end():
    html = author.source_html("title: <b>x</b>\nhands: {", [Problem("f", 3, 1, "expected '}' <here>")])
    assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html
    assert "&lt;here&gt;" in html and 'class="bad"' not in html
