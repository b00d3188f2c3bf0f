"""The table picture and the deal facts name a point of the hand in the game's own words: stud's
streets, Horn-A-Vika's stages and numbered betting rounds (OPR-535 4), read from the game spec."""

from __future__ import annotations

import re
from pathlib import Path

from course.app import cards_view
from course.app.quiz import deal_facts_md
from course.content import load_exercise
from course.games import find_game

ROOT = Path(__file__).resolve().parents[2]


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



def test_a_horn_a_vika_hand_is_in_a_betting_round_only_once_its_stage_is_dealt():
    """OPR-535 4: each stage's cards are dealt, then its betting round is played. Move by move
    through random whole hands, the words for where the hand stands say "in betting round N"
    only once every player still in has the stage's cards (and the round is not over), and
    "before betting round N" while the stage is still being dealt (a drill's intro had read
    "stage 1, in betting round 1, just after: Ava is dealt 3♣ down")."""
    import random

    from course.engine.state import HandState
    from course.study import home

    seen = set()
    for seed in range(6):
        rng = random.Random(f"point-words/{seed}")
        n = rng.randint(2, 6)
        texts, _ = home.played_hand(rng, "horn-a-vika", n)
        state = HandState.start(home.parsed(home.item("horn-a-vika", n, texts, {"ask": "pot"})))
        for text in texts:
            state.apply(text)
            table = state.table
            if table.over or not table.stage or not table.current_round():
                continue
            words, dealing = table.point_words(), not table.stage_dealt
            seen.add(dealing)
            assert ("in betting round" in words) == (not dealing and not table.round_done), (seed, text, words)
            if dealing:
                assert f"before betting round {table.current_round()}" in words, (seed, text, words)
    assert seen == {True, False}          # points both while a stage was dealt and after it were read
