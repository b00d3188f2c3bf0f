"""Rows kept in deal order (HPD "The deal timeline"): asked who opened an earlier street, the
engine cuts each row back to the cards out then and says so; the earlier-street drill only keeps
deals where the whole row today would name someone else."""

import dataclasses
from pathlib import Path

from course import content
from course.asks import solvers
from course.study import engine, templates

ROOT = Path(__file__).resolve().parents[2]


def test_an_earlier_streets_opener_reads_only_the_first_cards_of_each_row():
    exercise, problems = content.load_exercise(ROOT / "exercises/stud-high/points-rows-in-deal-order.yaml")
    assert not problems
    fourth = next(q for q in exercise.questions if q.params.get("street") == "fourth")
    answer = solvers.answer(exercise, fourth)
    assert answer.value == "Drew"               # 9♥ K♠; today Ava's pair of aces would open
    assert "first 2 cards" in answer.steps[0].text and answer.steps[0].cite == ('HPD "The deal timeline"',)
    today = dataclasses.replace(fourth, params={})
    assert solvers.answer(exercise, today).value == "Ava"
    assert not any("first" in s.text and "of their row" in s.text for s in solvers.answer(exercise, today).steps)


def test_the_earlier_street_drill_never_agrees_with_the_rows_of_today():
    for seed in range(6):
        exercise = templates.generate(templates.item_id("earlier-street-opener", seed))
        question = exercise.questions[0]
        assert question.params["street"] in ("fourth", "fifth")
        then = engine.answer(exercise, question).value
        assert then != engine.answer(exercise, dataclasses.replace(question, params={})).value
