"""A drill item is the same whether its random hand is played without the checks of an
exercise's move (`course.engine.legal_play`, what drills use) or with every one (`every_check`): the
same data for its id and seed (the generator's draws are the same, in the same order), and the
answer of the item as drawn is the one the engine's normal path gives on the item loaded afresh
from its data, its events replayed with every check."""

from __future__ import annotations

import pytest

from course.engine.state import every_check
from course.study import engine, templates

HOME_GAMES = ("horn-a-vika", "have-a-heart")
RANDOM_HANDS = [name for name, t in templates.templates().items() if t.game in HOME_GAMES]
SEEDS = range(20)


def _drawn(item: str):
    data, exercise = templates._draw(item)
    return data, exercise


@pytest.mark.parametrize("name", RANDOM_HANDS)
def test_items_are_the_same_with_every_check_and_answered_by_the_engine(name):
    for seed in SEEDS:
        item = templates.item_id(name, seed)
        fast, fast_exercise = _drawn(item)
        with every_check():
            full, _ = _drawn(item)
        assert fast == full, item
        exercise = fast_exercise or templates._load(fast, item)
        fresh, problems = engine.build(fast, item)        # no hand offered: its events replayed
        assert fresh is not None and not problems, (item, problems)
        for asked, replayed in zip(exercise.questions, fresh.questions):
            assert engine.answer_json(exercise, asked) == engine.answer_json(fresh, replayed), item


def test_every_home_game_template_is_compared():
    assert len(RANDOM_HANDS) >= 40
