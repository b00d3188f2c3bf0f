"""The odd-unit drills (course/study/odd_unit.py): every item is a two-way tie for an odd pot, and
the engine's award gives the odd unit to the tied player the game's suit rule names (RRP-H 3
"Ties" 5(b): the highest card by suit in Stud High, the lowest in Razz, all cards counting)."""

import pytest

from course.cards import Rank
from course.study import engine, templates


def _suit_key(card, low):
    rank = 1 if (low and card.rank == Rank.ACE) else int(card.rank)
    return (rank, int(card.suit))


@pytest.mark.parametrize("name, low", [("odd-chip", False), ("razz-odd-chip", True)])
def test_each_item_is_an_odd_pot_split_two_ways_with_the_unit_by_suit(name, low):
    for seed in range(8):
        exercise = templates.generate(templates.item_id(name, seed))
        award = engine.answer(exercise, exercise.questions[0]).value
        paid = {p: n for p, n in award.items() if n}
        assert len(paid) == 2 and exercise.pot % 2 == 1
        (big, more), (small, less) = sorted(paid.items(), key=lambda kv: -kv[1])
        assert more == less + 1 and more + less == exercise.pot
        cards = {p: [*exercise.hands[p].down, *exercise.hands[p].up] for p in paid}
        pick = min if low else max
        keyed = {p: pick(_suit_key(c, low) for c in cards[p]) for p in paid}
        assert pick(keyed, key=keyed.get) == big
