"""Explanations a learner reads to the end: at most three deciding steps first, every step on
demand, and the course-default caveat said once, as a marked footnote."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from course.app import quiz
from course.study import brief, engine
from tests.support.shipped import shipped_course

ROOT = Path(__file__).resolve().parents[2]
COURSE = shipped_course()
CAVEAT = "the course's own default"


def answered():
    for ex in COURSE.exercises.values():
        for n, q in enumerate(ex.questions):
            try:
                yield ex, n, q, engine.answer(ex, q)
            except ValueError:
                continue


def test_the_caveat_is_said_once_as_a_footnote_on_every_explanation():
    with_caveat = 0
    for ex, n, q, answer in answered():
        full = quiz.explanation_md(answer)
        short, _every = quiz.explanation_brief_md(answer, quiz.answer_words(ex, q, answer))
        for text in (full, short):
            assert text.lower().count(CAVEAT) <= 1, (ex.id, n, text)
        if any(CAVEAT in s.text for s in answer.steps):
            with_caveat += 1
            assert f"{brief.MARK} The course's own default" in full, (ex.id, n)
            marked = [line for line in full.splitlines() if re.match(r"\d+\. ", line) and f" {brief.MARK}" in line]
            assert marked, (ex.id, n)
    assert with_caveat >= 20          # the course's amounts rest on its own defaults in many deals


def test_at_most_three_steps_come_first_and_every_step_is_behind_them():
    longer = 0
    for ex, n, q, answer in answered():
        short, every = quiz.explanation_brief_md(answer, quiz.answer_words(ex, q, answer))
        numbered = [line for line in short.splitlines() if re.match(r"\d+\. ", line)]
        assert len(numbered) <= 3, (ex.id, n)
        if len(answer.steps) > 3:
            longer += 1
            assert every is not None and len([l for l in every.splitlines() if re.match(r"\d+\. ", l)]) == len(answer.steps)
            # the conclusion is among the steps shown first
            last = [s for s in brief.plain_steps(answer.steps) if not s.text.startswith("Note")][-1]
            assert any(line.startswith(f"{last.number}. ") for line in numbered), (ex.id, n)
        else:
            assert every is None
    assert longer >= 20


def test_a_caveat_names_what_it_concerns():
    step = type("Step", (), {"text": "Ava antes 1 (the ante amount: the course's own default, not a rule "
                                     "this profile's source states); the ante is recorded apart.",
                             "cite": (), "course_default": False})()
    plain = brief.plain(step, 2)
    assert plain.text == "Ava antes 1; the ante is recorded apart." and plain.caveat
    assert brief.footnote([plain]) == "† The course's own default, where the sources leave a rule open: the ante amount."
    mixed = type("Step", (), {"text": "Ava bets 4 (third street uses the small bet, 4; the bet amounts: the "
                                      "course's own default, not a rule this profile's source states).",
                              "cite": (), "course_default": False})()
    assert brief.plain(mixed, 1).text == "Ava bets 4 (third street uses the small bet, 4)."
