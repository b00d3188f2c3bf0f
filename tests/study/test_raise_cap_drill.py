"""The raise-cap drill (course/study/stud.py `raise_cap`) reads which verbs a player may use from
the round's list of legal moves, listed once per turn, instead of trying each verb on the table:
the list must answer every bare verb exactly as a trial does, or the drill's items (and what
their ids mean) would change."""

import random

from course.study import engine, stud, templates
from course.study.stud import FIRST, _betting_deal, _later, _offered

VERBS = ("brings in", "completes", "bets", "raises", "calls", "checks", "folds")


def test_the_listed_legal_moves_answer_each_bare_verb_as_a_trial_on_the_table_does():
    compared = 0
    for seed in range(150):
        rng = random.Random(seed)
        deal, rules, rnd = _betting_deal(rng, FIRST if rng.random() < 1 / 3 else _later(rng))
        for _ in range(10):
            player = rnd.to_act
            if player is None:
                break
            listed = rnd.legal()
            for verb in VERBS:
                move = f"{player} {verb}"
                assert _offered(move, listed) == rnd.can(move), (seed, move, listed)
                compared += 1
            moves = [m for m in listed if not m.endswith(" folds")]
            if not moves:
                break
            rnd.apply(rng.choice(moves))
    assert compared > 3000


def test_raise_cap_items_end_one_raise_short_of_the_cap_or_at_it_and_the_engine_agrees():
    answers = set()
    for seed in range(12):
        exercise = templates.generate(templates.item_id("raise-cap", seed))
        question = exercise.questions[0]
        answer = engine.answer(exercise, question)
        answers.add(bool(answer.value))
        assert question.params["action"].endswith(" raises")
    assert answers == {True, False}          # both sides of the cap are drawn


def test_a_verb_with_an_amount_written_after_it_is_offered_and_a_longer_verb_is_not():
    listed = ["Ava folds", "Ava calls", "Ava raises to 24"]
    assert _offered("Ava raises", listed) and _offered("Ava calls", listed)
    assert not _offered("Ava bets", listed) and not _offered("Av", listed)
    assert stud.raise_cap(random.Random(3)) == stud.raise_cap(random.Random(3))
