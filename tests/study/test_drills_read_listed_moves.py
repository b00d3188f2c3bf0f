"""The betting drills that ask which moves a player may make (`raise_cap`, and `action_to_judge`
for every game's legal-action drill, in course/study/stud.py) read them from the round's list of
legal moves, listed once per turn, instead of trying each move on the table: the list must
answer every move they ask about exactly as a trial does, or their items (and what their ids
mean) would change."""

import random

from course.study import derived, engine, low, stud, templates
from course.study.stud import FIRST, _betting_deal, _later, _offered, random_actions

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


def judged(rnd) -> list[str]:
    """The moves `action_to_judge` asks about for the player to act."""
    player, small, big = rnd.to_act, rnd.stakes.small_bet, rnd.stakes.big_bet
    return ([f"{player} {verb}" for verb in ("checks", "calls", "folds", "completes", "bets", "raises")]
            + [f"{player} bets {n}" for n in (small, big)]
            + [f"{player} raises to {rnd.to_match + n}" for n in (small, big)]
            + [f"{player} completes to {small}", f"{player} brings in {rnd.stakes.bring_in}"])


def rounds_of_every_game(seed: int):
    """A betting round of each game's legal-action drill, part played, as the drills draw them."""
    rng = random.Random(seed)
    yield stud._betting_deal(rng)[2], rng
    for game in ("razz", "stud-hi-lo"):
        rng = random.Random(seed)
        yield low._betting_deal(rng, game)[1], rng
    rng = random.Random(seed)
    deal = derived._deal(rng, "five-card-stud", rng.choice(engine.betting_streets("five-card-stud")), (2, 6), 1)
    yield deal.betting(derived._rules(rng, "five-card-stud")), rng


def test_the_listed_legal_moves_answer_every_move_a_legal_action_drill_judges_as_a_trial_does():
    compared = 0
    for seed in range(120):
        for rnd, rng in rounds_of_every_game(seed):
            random_actions(rng, rnd, rng.randint(0, 5))
            if rnd.to_act is None:
                continue
            listed = rnd.legal()
            for move in judged(rnd):
                assert _offered(move, listed) == rnd.can(move), (seed, move, listed)
                compared += 1
    assert compared > 4000


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
