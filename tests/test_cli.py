"""`python -m course check|solve`, as the exercise format page promises."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path


from course import content
from course.cli import main

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).parent / "fixtures"
EXAMPLE = FIXTURES / "exercises" / "format-example.yaml"
HEART = FIXTURES / "home" / "heart-take.yaml"
BROKEN = FIXTURES / "broken"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_check_valid_file_exits_zero(capsys):
    code, out, _ = run(capsys, "check", str(EXAMPLE))
    assert code == 0
    assert "all valid, every authored answer agrees with the engine" in out


def test_check_reports_every_file_and_exits_one(capsys):
    code, out, _ = run(capsys, "check", str(BROKEN), str(EXAMPLE))
    assert code == 1
    lines = out.splitlines()
    files = {line.split(":", 1)[0] for line in lines if ".yaml:" in line and ": warning: " not in line}
    assert files == {f"{BROKEN.as_posix()}/bad-raise.yaml", f"{BROKEN.as_posix()}/traps.yaml"}
    # The format page's example is valid, but four players cannot have built its pot of 120 by third street.
    assert f"{EXAMPLE.as_posix()}:16:6: warning: pot 120 cannot arise" in out
    assert (f"{BROKEN.as_posix()}/bad-raise.yaml:14:5: 'Bo raises to 20': on fifth street a bet or raise is the "
            "big bet, 8, so the new total would be 16, not 20") in out
    assert '[HPD "Read the two fixed-limit amounts correctly"]' in out
    assert lines[-1].endswith("of 3 files")


def test_check_json_for_tools(capsys):
    code, out, _ = run(capsys, "check", str(BROKEN / "traps.yaml"), "--json")
    report = json.loads(out)
    assert code == 1 and report["ok"] is False and report["files"] == 1
    first = report["problems"][0]
    assert set(first) == {"file", "line", "column", "message"}
    assert (first["line"], first["column"]) == (5, 1)


def test_check_disagreement_shows_both_answers_and_the_explanation(tmp_path, capsys):
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(EXAMPLE.read_text(encoding="utf-8").replace("answer: Ben", "answer: Ava"), encoding="utf-8")
    code, out, _ = run(capsys, "check", str(wrong))
    assert code == 1
    assert "answer to 'bring_in' disagrees with the engine: authored Ava, engine Ben" in out
    assert "The engine's explanation:" in out
    assert 'HPD "The bring-in is decided before the hidden cards matter"' in out


def test_check_missing_path(capsys):
    code, out, _ = run(capsys, "check", "no/such/file.yaml")
    assert code == 1 and "no/such/file.yaml:1:1: no such file or folder" in out


def test_solve_json_shape_in_the_order_given(capsys):
    code, out, _ = run(capsys, "solve", str(HEART), str(EXAMPLE), "--json")
    assert code == 0
    result = json.loads(out)
    assert [entry["file"] for entry in result] == [HEART.as_posix(), EXAMPLE.as_posix()]
    assert [entry["id"] for entry in result] == ["fixture-heart-take", "bring-in-suit-tie"]
    assert result[1]["answers"] == ["Ben", ["Ben", "Cara", "Drew", "Ava"], True, {"Ben": 2, "Cara": 4}, 6]
    holding, category, best, winners = result[0]["answers"]
    assert holding == {"up": ["9♣", "9♦", "4♥", "9♠"], "down": ["2♣", "3♦"]}
    assert category == "three of a kind" and sorted(best) == sorted(["K♦", "J♣", "6♦", "5♠"]) and winners == ["Al"]


def test_solve_ignores_authored_answers(tmp_path, capsys):
    bare = tmp_path / "bare.yaml"
    text = EXAMPLE.read_text(encoding="utf-8").replace("    answer: Ben\n", "")
    bare.write_text(text, encoding="utf-8")
    code, out, _ = run(capsys, "solve", str(bare), "--json")
    assert code == 0 and json.loads(out)[0]["answers"][0] == "Ben"


def test_solve_text_gives_explanations_and_citations(capsys):
    code, out, _ = run(capsys, "solve", str(EXAMPLE))
    assert code == 0
    assert "1. bring_in: Who brings in?" in out
    assert "answer: Ben" in out
    assert '[HPD "The bring-in is decided before the hidden cards matter"]' in out
    assert "Note: optional authored note" in out


def test_solve_invalid_file_reports_problems(capsys):
    code, out, err = run(capsys, "solve", str(BROKEN / "traps.yaml"), "--json")
    assert code == 1
    assert json.loads(out) == [{"file": (BROKEN / "traps.yaml").as_posix(), "id": "yaml-traps", "answers": []}]
    assert "traps.yaml:5:1: duplicate key 'street'" in err


def test_no_command_prints_help(capsys):
    code, out, _ = run(capsys)
    assert code == 0 and "check" in out and "solve" in out


def test_python_dash_m_course_entry_point():
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    done = subprocess.run([sys.executable, "-m", "course", "solve", str(EXAMPLE), "--json"], cwd=ROOT,
                          capture_output=True, text=True, encoding="utf-8", env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)[0]["answers"][0] == "Ben"


def test_solve_refuses_a_lesson(capsys):
    code, out, err = run(capsys, "solve", str(FIXTURES / "lessons" / "sample.yaml"), "--json")
    assert code == 1 and json.loads(out)[0]["answers"] == []
    assert "this is a lesson" in err


def test_check_of_the_whole_course_checks_the_glossary_and_its_lessons(tmp_path, capsys, monkeypatch):
    import shutil

    for folder in ("lessons", "exercises"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    text = (ROOT / "glossary.yaml").read_text(encoding="utf-8")
    line = next(n for n, l in enumerate(text.splitlines(), 1) if l.strip() == "- term: ante")
    (tmp_path / "glossary.yaml").write_text(text.replace("lesson: deal-timeline", "lesson: deal-timelin", 1),
                                            encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "check")
    assert code == 1
    assert (f"glossary.yaml:{line}:5: term 'ante': lesson 'deal-timelin' is not a lesson of this course "
            "(did you mean 'deal-timeline'?)") in out.splitlines()
    assert out.splitlines()[-1].startswith("1 problem in 1 of ")
    (tmp_path / "glossary.yaml").write_text(text, encoding="utf-8")
    code, out, _ = run(capsys, "check")
    course_files = len(content.load_course(tmp_path).files)
    assert code == 0 and out.splitlines()[-1].startswith(f"{course_files + 1} files checked")  # with the glossary


POINTED = """\
id: answered-once
title: Answered once
game: stud-high
street: third
seats: [Ava, Ben, Cara]
hands:
  Ava: {down: K♣ Q♦, up: 2♥}
  Ben: {down: 9♠ 9♦, up: 2♣}
  Cara: {down: 7♥ 8♥, up: A♠}
questions:
  - ask: bring_in
    points: [big-bet-from-fifth]
    answer: Ava
  - ask: bring_in
    points: [bring-in-lowest-door-card]
  - ask: bring_in
"""


def test_check_answers_each_question_once_and_reports_both_the_answer_and_the_point(tmp_path, monkeypatch):
    """The engine check and the rule-point check read one answer per question: a question that
    names points is not solved a second time, and both checks still report what they find."""
    from course import cli
    from course.asks import solvers as questions

    folder = tmp_path / "exercises"
    folder.mkdir()
    (folder / "answered-once.yaml").write_text(POINTED, encoding="utf-8")
    course = content.load_course(tmp_path)
    assert not course.problems
    solved = []
    real = questions.find_ask

    class Counted:            # the ask's solver, each solve counted
        def __init__(self, solver):
            self.solver = solver

        def __getattr__(self, name):
            return getattr(self.solver, name)

        def solve(self, exercise, question):
            solved.append(question)
            return self.solver.solve(exercise, question)

    monkeypatch.setattr(questions, "find_ask", lambda game, ask: Counted(real(game, ask)))
    found = cli.course_problems(course, tmp_path, whole=False)
    assert len(solved) == 3 and len({id(q) for q in solved}) == 3
    messages = [p.message for p in found]
    assert len(found) == 2, messages
    assert "points: 'big-bet-from-fifth' is not what this answer rests on" in messages[0]
    assert "disagrees with the engine: authored Ava, engine Ben" in messages[1]
    assert [p.line for p in found] == [12, 13]
    # outside a check the engine answers as always, every time it is asked
    exercise = next(iter(course.exercises.values()))
    solved.clear()
    questions.answer(exercise, exercise.questions[0])
    questions.answer(exercise, exercise.questions[0])
    assert len(solved) == 2


def test_an_engine_refusal_is_reported_once_and_read_again_by_the_point_check(tmp_path, monkeypatch):
    from course import cli
    from course.asks import solvers as questions

    folder = tmp_path / "exercises"
    folder.mkdir()
    (folder / "answered-once.yaml").write_text(POINTED, encoding="utf-8")
    course = content.load_course(tmp_path)
    refusals = []

    def refusing(exercise, question):
        refusals.append(question)
        raise ValueError("no bring-in today")

    monkeypatch.setattr(cli, "_engine_answer", refusing)
    found = cli.course_problems(course, tmp_path, whole=False)
    assert len(refusals) == 3
    assert [p.message for p in found] == ["the engine cannot answer 'bring_in': no bring-in today"] * 3


def test_the_course_files_test_resolves_folders_as_the_check_did(tmp_path):
    from course.cli import course_files

    (tmp_path / "exercises" / "stud").mkdir(parents=True)
    (tmp_path / "drafts").mkdir()
    (tmp_path / "exercises" / "linked").symlink_to(tmp_path / "drafts")
    (tmp_path / "drafts" / "d.yaml").write_text("x", encoding="utf-8")
    (tmp_path / "exercises" / "stud" / "away.yaml").symlink_to(tmp_path / "drafts" / "d.yaml")
    in_course = course_files(tmp_path)
    assert in_course("exercises/stud/a.yaml") and in_course(tmp_path / "exercises" / "b.yaml")
    assert not in_course("drafts/d.yaml") and not in_course("format-example.yaml")
    assert not in_course("exercises/linked/d.yaml")        # a folder linked from outside
    assert not in_course("exercises/stud/away.yaml")       # a file linked from outside
