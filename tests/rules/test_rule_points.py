"""Rule points: the registry, the `points:` declarations and `python -m course coverage`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from course.study import coverage
from course.content import parse_exercise
from course.rules.points import known_gaps, points, template_points

ROOT = Path(__file__).resolve().parents[2]

DEAL = """\
id: points-probe
title: Points probe
game: stud-high
street: third
seats: [Ava, Ben, Cara]
hands:
  Ava: {down: K♣ Q♦, up: 2♥}
  Ben: {down: 9♠ 9♦, up: 2♣}
  Cara: {down: 7♥ 8♥, up: A♠}
questions:
  - ask: bring_in
    points: [%s]
"""


def _coverage(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "course", "coverage", *args], cwd=ROOT,
                          capture_output=True, text=True, encoding="utf-8")


def test_registry_points_have_unique_ids_and_known_citations():
    table = points()
    assert len(table) >= 70
    for point in table.values():
        assert point.line and point.cite and point.games


def test_an_unknown_point_is_refused_with_a_suggestion():
    exercise, problems = parse_exercise(DEAL % "bring-in-lowest-door-crad", "probe.yaml")
    assert exercise is None or problems
    message = " ".join(str(p) for p in problems)
    assert "is not a rule point" in message and "bring-in-lowest-door-card" in message
    assert "probe.yaml:12:" in message


def test_a_point_of_another_game_is_refused():
    _, problems = parse_exercise(DEAL % "razz-highest-door-brings-in", "probe.yaml")
    assert any("not stud-high" in str(p) for p in problems)


def test_a_declared_point_must_be_one_the_engine_answer_rests_on():
    right, problems = parse_exercise(DEAL % "bring-in-lowest-door-card, door-tie-by-suit", "probe.yaml")
    assert not problems
    assert coverage.question_problems([right]) == []
    wrong, problems = parse_exercise(DEAL % "hilo-limits".replace("hilo-limits", "big-bet-from-fifth"), "probe.yaml")
    assert not problems
    found = coverage.question_problems([wrong])
    assert len(found) == 1 and "big-bet-from-fifth" in found[0].message
    assert found[0].line == 12


def test_every_template_declares_known_points_of_its_game():
    assert coverage.template_problems() == []
    from course.study import templates

    assert set(template_points()) == set(templates.templates())


def test_coverage_json_shape_and_the_short_points_are_exactly_the_known_gaps():
    run = _coverage("--json")
    data = json.loads(run.stdout)
    rows = data["points"]
    assert [row["id"] for row in rows] == list(points())
    for row in rows:
        assert set(row) >= {"id", "cite", "line", "lessons", "questions", "templates", "mistakes"}
        assert all("#" in q for q in row["questions"])
    short = [row["id"] for row in rows
             if any(len(row[key]) < need for key, need in coverage.BAR.items())]
    # A new thin point fails here; a gap filled must leave the list too.
    assert short == list(known_gaps())
    assert run.returncode == (1 if short else 0)


def test_coverage_text_names_the_totals():
    run = _coverage()
    last = [line for line in run.stdout.splitlines() if "rule points," in line]
    assert last and f"{len(points())} rule points" in last[0]
    assert "short and not among the known gaps" not in run.stdout
