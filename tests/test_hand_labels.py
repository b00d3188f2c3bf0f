"""The table picture and the deal facts name a point of the hand in the game's own words: stud's
streets, Horn-A-Vika's stages and numbered betting rounds (OPR-535 4), read from the game spec."""

from __future__ import annotations

import re
from pathlib import Path

from course.app import cards_view
from course.app.quiz import deal_facts_md
from course.content import load_exercise
from course.games import find_game

ROOT = Path(__file__).resolve().parent.parent


def test_point_words_come_from_the_spec():
    horn = find_game("horn-a-vika")
    for stage in horn.stages:
        words = horn.point_words(stage.street)
        last = [s for s in horn.stages if s.street == stage.street][-1]
        assert words.startswith(f"stage {last.number}") and "street" not in words
        assert (f"betting round {last.round}" in words) == bool(last.round)
    assert find_game("have-a-heart").point_words("fourth") == "fourth street"
    assert find_game("stud-high").point_words("fifth") == "fifth street"


def test_horn_a_vika_table_and_facts_say_stage_not_street():
    exercise, problems = load_exercise(ROOT / "exercises/horn-a-vika/opr-535-matching-the-pot-twice.yaml")
    assert not problems
    question = exercise.questions[0]
    at = cards_view.table_at(exercise, question)
    html = cards_view.table_html(exercise, at)
    assert f"{exercise.street} street" not in html
    # as the quiz draws it: where the table stands at the question, in stages and rounds
    facts = deal_facts_md(exercise, at.street, pot=False, point=at.point)
    assert "street" not in facts.lower()
    assert re.search(r"At: \*\*stage \d(, (in|before) betting round \d)?\*\*", facts), facts
    facts = deal_facts_md(exercise, "fifth")
    assert "street" not in facts.lower() and "stage 4 (betting round 3)" in facts


def test_stud_table_still_says_street():
    exercise, problems = load_exercise(ROOT / "exercises/stud-high/contributions-call-the-difference.yaml")
    assert not problems
    at = cards_view.table_at(exercise, exercise.questions[0])
    assert f"on {at.street} street" in cards_view.table_html(exercise, at)
