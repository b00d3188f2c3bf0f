"""The dead-hand drills (course/study/dead_hands.py) over 200 seeds each: every item deals one
hand of the wrong size, written with `misdealt:` and accepted by the loader, about a player still
in; the engine's answer cites RRP-H 8.18; every way of going wrong is drawn; and the winner drill
mostly deals a misdealt hand that would win if it played."""

from collections import Counter

import pytest

from course.study import engine, templates

SEEDS = 200


def _items(name):
    for item in templates.sample(name, SEEDS):
        yield item, templates.generate(item)


@pytest.mark.parametrize("name", ["dead-hand", "dead-hand-winner"])
def test_every_item_deals_one_misdealt_hand_still_in_and_its_answer_cites_the_rule(name):
    for item, exercise in _items(name):
        question = exercise.questions[0]
        misdealt = exercise.extra["misdealt"]
        assert len(misdealt) == 1, item
        (player, entry), = misdealt.items()
        hand = exercise.hands[player]
        assert not hand.folded and len(hand.down) + len(hand.up) != 7, item
        if "player" in question.params:
            assert not exercise.hands[question.params["player"]].folded, item
        assert engine.check(exercise) == [], item
        answer = engine.answer(exercise, question)
        assert any("RRP-H 8.18" in step.cite for step in answer.steps), item


def test_the_live_drill_draws_every_kind_of_misdeal_and_both_readings_of_a_lost_seventh_card():
    kinds = Counter()
    for item, exercise in _items("dead-hand"):
        (player, entry), = exercise.extra["misdealt"].items()
        kind = "extra" if "extra" in entry else ("seventh" if entry["missing"] == "seventh" else "earlier")
        ruled = exercise.profile.value("missing_last_card")
        value = engine.answer(exercise, exercise.questions[0]).value
        asked = exercise.questions[0].params["player"]
        kinds[(kind, ruled, asked == player, value)] += 1
    assert kinds[("extra", "live", True, False)] >= 20
    assert kinds[("earlier", "live", True, False)] >= 20
    assert kinds[("seventh", "live", True, True)] >= 20
    assert kinds[("seventh", "dead", True, False)] >= 5
    assert sum(n for (kind, ruled, misdealt, value), n in kinds.items() if not misdealt and value) >= 20


def test_the_winner_drill_mostly_deals_a_misdealt_hand_that_would_win_if_it_played():
    from course.hands import evaluate

    best_looking = 0
    for item, exercise in _items("dead-hand-winner"):
        (player, _), = exercise.extra["misdealt"].items()
        hands = {p: [*h.down, *h.up] for p, h in exercise.hands.items() if not h.folded}
        top = max(evaluate(c).value for c in hands.values())
        best_looking += [p for p, c in hands.items() if evaluate(c).value == top] == [player]
    assert best_looking >= 0.7 * SEEDS
