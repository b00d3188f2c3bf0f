"""Hints name the rule that decides a question and never its answer: over every drill template
and every exercise of the course, no hint contains a player, amount or card the answer names,
nor its yes or no."""

from __future__ import annotations

from pathlib import Path

import pytest

from course.study import engine, hints, templates
from tests.support.shipped import shipped_course

ROOT = Path(__file__).resolve().parents[2]
COURSE = shipped_course()


def assert_hint_keeps_the_answer(exercise, question, where):
    try:
        answer = engine.answer(exercise, question)
    except ValueError:
        return
    text = hints.hint(exercise, question, answer)
    words, yes_no = hints.answer_values(exercise, question, answer.value)
    assert text and not hints.gives_away(text, words, yes_no), (where, text, words, yes_no)


@pytest.mark.parametrize("name", sorted(templates.templates()))
def test_no_drill_hint_contains_its_answer(name):
    for item in templates.sample(name, 3, start=1):
        exercise = templates.generate(item)
        for question in exercise.questions:
            assert_hint_keeps_the_answer(exercise, question, item)


@pytest.mark.parametrize("exercise_id", sorted(COURSE.exercises))
def test_no_exercise_hint_contains_its_answer(exercise_id):
    exercise = COURSE.exercises[exercise_id]
    for n, question in enumerate(exercise.questions, 1):
        assert_hint_keeps_the_answer(exercise, question, f"{exercise_id} Q{n}")


def test_the_hint_names_the_deciding_rule_not_the_first_step():
    exercise = COURSE.exercises["hpd-1-bring-in-suit-tie"]
    text = hints.hint(exercise, exercise.questions[0])
    assert text.startswith("The rule that decides it: the bring-in is decided before the hidden cards matter.")
    assert "Ben" not in text


def test_the_answer_checker_sees_players_amounts_cards_and_a_yes_or_no():
    assert hints.gives_away("Ben must pay the whole pot, 122", {"Ben", "122"}, None)
    assert hints.gives_away("the pot grows by 24.", {"24"}, None)
    assert not hints.gives_away("the pot grows by 124.", {"24"}, None)
    assert hints.gives_away("Keep K♠ and A♥", {"A♥"}, None)
    assert hints.gives_away("Yes.", set(), True)
    assert not hints.gives_away("best five, with no borrowed cards", set(), False)
    assert not hints.gives_away("Benny acts", {"Ben"}, None)
