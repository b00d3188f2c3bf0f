"""A drill item is loaded on the hand it was drawn from (`HandState.offering`): when the item's
moves are the hand as played, from a table set up alike, the loader takes that hand as its
replay instead of playing every move again. The engine is deterministic, so the item must read
exactly as the same text loaded on its own does: these tests load both and compare, and check
that a hand is taken only when its start and its moves are the item's."""

from __future__ import annotations

import random

import pytest

from course.engine import state as state_module
from course.engine.state import HandState
from course.study import engine, home, registry, templates

HOME_TEMPLATES = [name for name, t in templates.templates().items() if t.game in (home.HORN, home.HEART)]


def _fresh(text: str, file: str = "<fresh>"):
    exercise, problems = engine.parse(text, file)
    assert exercise is not None and not problems, problems
    return exercise


def _reads(exercise):
    state = HandState.replay(exercise)
    return ([engine.answer_json(exercise, q) for q in exercise.questions], state.ledger,
            {p: (list(h.down), list(h.up), h.folded) for p, h in state.final_hands().items()}, state.pot)


@pytest.fixture
def taken(monkeypatch):
    """How many loads took the offered hand, and how many played the moves again."""
    counts = {True: 0, False: 0}
    original = HandState._takes_over

    def counting(self, played, moves):
        took = original(self, played, moves)
        counts[took] += 1
        return took

    monkeypatch.setattr(HandState, "_takes_over", counting)
    return counts


def test_an_item_loaded_on_its_played_hand_reads_as_its_text_loaded_alone(taken):
    """Every home-game template, five items each: the answers, the whole ledger (read into
    words), the hands and the pot are those of the item's YAML loaded without the offer."""
    templates.generate.cache_clear()
    for name in HOME_TEMPLATES:
        for seed in range(5):
            item = templates.item_id(name, seed)
            generated = templates.generate(item)
            assert _reads(generated) == _reads(_fresh(templates.to_yaml(item))), item
    # the comparison saw hands taken over, for the templates whose cut is the hand's end
    assert taken[True] >= 5 * 8, taken


def _hand(seed: int, game: str = home.HEART, n: int = 4):
    rng = random.Random(f"offered/{game}/{seed}")
    stacks = {home.NAMES[i]: rng.randint(4, 30) for i in range(n - 1)}
    events, hand = home.played_hand(rng, game, n, stacks=stacks)
    return events, hand, stacks


@pytest.mark.parametrize("game", [home.HEART, home.HORN])
def test_an_offered_hand_is_taken_only_for_the_same_start_and_the_same_moves(game):
    events, hand, stacks = _hand(1, game)

    def load(events_, stacks_):
        data = home.item(game, 4, events_, {"ask": "pot"}, stacks=stacks_)
        with HandState.offering(hand.state):
            offered = home.parsed(data)
        alone = home.parsed(data)
        assert _reads(offered) == _reads(alone)
        return HandState.replay(offered).table is hand.state.table

    assert load(events, stacks)                                # the hand as played: taken
    assert not load(events[:-1], stacks)                       # one move fewer: played again
    other = dict(stacks, **{home.NAMES[0]: stacks[home.NAMES[0]] + 1})
    assert not load(events, other)                             # a stack differs: set up otherwise


def test_no_hand_is_offered_outside_the_block():
    events, hand, stacks = _hand(2)
    data = home.item(home.HEART, 4, events, {"ask": "pot"}, stacks=stacks)
    with HandState.offering(hand.state):
        pass
    assert state_module._OFFERED.get() is None
    assert HandState.replay(home.parsed(data)).table is not hand.state.table


def test_a_refused_move_in_the_item_is_still_reported_under_an_offer():
    """The offer is only a replay saved: an item whose moves differ from the hand's (here a move
    the rules refuse) is played and its problem reported at its line, as without one."""
    events, hand, stacks = _hand(3)
    bad = events + [events[-1]]          # the last move again: never legal twice in a row here
    data = home.item(home.HEART, 4, bad, {"ask": "pot"}, stacks=stacks)
    text = registry.dump({"id": "x", "title": "x", **data})
    with HandState.offering(hand.state):
        exercise, problems = engine.parse(text, "<x>")
    last_line = max(i + 1 for i, line in enumerate(text.splitlines()) if line.strip() == f"- {bad[-1]}")
    assert [p.line for p in problems] == [last_line], (bad[-1], problems)
