"""Random play without the checks (`course.engine.legal_play`) reaches the
same hand as random play with every check of an exercise's move (`every_check`): for random
hands of every game, with and without stacks (all-ins, side pots, short matches), the same moves
are chosen, and after every move the table stands the same; at the end the tables, every record
they keep and the ledgers, put into words, are equal."""

from __future__ import annotations

import inspect
import random
from dataclasses import fields, is_dataclass
from types import FunctionType

import pytest

from course.engine.state import every_check
from course.engine.stud import random_deal as stud_random_deal
from course.games import GAMES
from course.rules import default_profile

STUD = [name for name, spec in GAMES.items() if spec.moves == "actions"]


def _point(played) -> tuple:
    """Where the hand stands after a move, as its next choices read it."""
    table, state = played.table, played.state
    return (len(played.texts), table.pot, table.stage, table.round_done, tuple(table.live), len(table.log),
            tuple(sorted((p, s.paid, tuple(s.down), tuple(s.up), s.folded) for p, s in table.hands.items())),
            len(state._ledger), state.side_pot_stands() if table.stacks else None)


def _play(game: str, seed: int, stacked: bool, checked: bool):
    rng = random.Random(f"{game}/{seed}/{stacked}")
    spec, profile = GAMES[game], default_profile(game)
    n = rng.randint(2, 8 if game in STUD else 7)
    stacks = {f"P{i + 1}": rng.choice((1, 3, 8, 20, 60, 400)) for i in range(n) if rng.random() < 0.7} \
        if stacked else {}
    points: list[tuple] = []

    def play():
        if game in STUD:     # stud's random play takes no watch: every move is read at the end
            return stud_random_deal(rng, n, profile, spec, stacks=stacks)
        options = {"heart_chance": 0.5} if game == "have-a-heart" else {}
        return spec.module().random_deal(rng, n, profile, stacks=stacks, watch=lambda p: points.append(_point(p)),
                                         **options)

    if checked:
        with every_check():
            played = play()
    else:
        played = play()
    return played, points


def _same(a, b) -> bool:
    """Equal, record by record: two records of one class with equal fields (a betting round, the
    game's rules), containers with equal items; a function (the words of a round's opener,
    written when read) is compared by what it is, and, when it takes no argument, what it says."""
    if type(a) is not type(b):
        return False
    if isinstance(a, FunctionType) or hasattr(a, "__wrapped__"):      # a function, or one whose answer is kept
        code = inspect.unwrap(a).__code__
        return a.__qualname__ == b.__qualname__ and (code.co_argcount > 0 or _same(a(), b()))
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if is_dataclass(a) or (hasattr(a, "__dict__") and type(a).__module__.startswith("course.")):
        mine = {f.name: getattr(a, f.name) for f in fields(a)} if is_dataclass(a) else vars(a)
        theirs = {f.name: getattr(b, f.name) for f in fields(b)} if is_dataclass(b) else vars(b)
        return _same(mine, theirs)
    return a == b


@pytest.mark.parametrize("stacked", [False, True])
@pytest.mark.parametrize("game", list(GAMES))
def test_random_hands_played_unchecked_match_the_checked_ones(game, stacked):
    moves = 0
    for seed in range(25):
        fast, fast_points = _play(game, seed, stacked, checked=False)
        full, full_points = _play(game, seed, stacked, checked=True)
        assert fast.texts == full.texts, (game, seed)
        assert fast.deck == full.deck
        assert fast_points == full_points, (game, seed)
        assert _same(fast.table, full.table), (game, seed)      # its fields, its rounds and the game's rules
        assert fast.state.ledger == full.state.ledger, (game, seed)       # every entry, in words
        assert fast.state._moves == full.state._moves
        moves += len(fast.texts)
    assert moves > 25 * 20


def test_the_unchecked_path_is_the_one_random_play_takes():
    """Outside `every_check` random play does not go through `HandState.apply` (so the
    comparison above compares two paths), and inside it, it does."""
    from course.engine.state import HandState

    calls = []
    real = HandState.apply

    def counting(self, move, read=True):
        calls.append(move)
        return real(self, move, read)

    HandState.apply = counting
    try:
        _play("horn-a-vika", 1, False, checked=False)
        assert calls == []
        _play("horn-a-vika", 1, False, checked=True)
        assert calls
    finally:
        HandState.apply = real


@pytest.mark.parametrize("game", list(GAMES))
def test_the_verbs_a_move_list_leaves_unjudged_are_refused_at_every_turn(game, monkeypatch):
    """With stacks the move list judges each verb it may list, but not those the round's state
    refuses by the verb alone (`_refused_by_verb`): at every turn of random hands with short
    stacks, each of those is refused by the round's own judgement, with no amount or any."""
    from course.engine.betting import Action, BettingRound

    real, turns = BettingRound.legal_moves, []

    def checking(rnd):
        p = rnd.to_act
        if p is not None and rnd.stacks:
            for verb in rnd._refused_by_verb(p):
                for amount in (None, 1, 2, 3, 4, 5, 8, 10, 16, rnd.to_match, rnd.to_match + 4, rnd.to_match + 8):
                    assert not rnd.can(Action(p, verb, amount)), (game, p, verb, amount)
                turns.append(verb)
        return real(rnd)

    monkeypatch.setattr(BettingRound, "legal_moves", checking)
    for seed in range(15):
        _play(game, seed, True, checked=False)
    assert len(turns) > 100
