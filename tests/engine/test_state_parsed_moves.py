"""What a replay costs beyond its moves: the parsed moves are read, not parsed again, and a
finished hand is freed at once.

Every question is answered from a replay kept on the exercise; a replay that parsed the move
texts again, or left its table in a reference cycle for the garbage collector, would still give
every answer right and only run slower, so these look at the work itself, not at a clock
(`benchmarks/core.py` measures the time).
"""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

import course.moves
import course.engine.table
import course.model
from course import content
from course.asks import solvers
from course.engine.state import HandState

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def course_exercises():
    course = content.load_course(ROOT)
    assert not course.problems
    return [e for e in course.exercises.values() if e.moves]


def _forget_hands(exercise) -> None:
    """Drop every kept replay but the parsed moves."""
    for key in [k for k in exercise._replays if k[0] != "moves"]:
        del exercise._replays[key]


def test_a_replay_reads_the_parsed_moves_and_parses_no_move_again(course_exercises, monkeypatch):
    calls = []
    real = course.moves.parse_move

    def counting(*args, **kwargs):
        calls.append(args[0])
        return real(*args, **kwargs)

    for exercise in course_exercises:
        exercise.moves                        # parsed once, as the checker does
    for module in (course.moves, course.engine.table, course.model):
        monkeypatch.setattr(module, "parse_move", counting)
    games = set()
    for exercise in course_exercises:
        _forget_hands(exercise)
        HandState.replay(exercise)            # kept on the exercise, which it holds weakly
        games.add(exercise.game)
    assert calls == []
    assert {"stud-high", "horn-a-vika", "have-a-heart", "razz", "stud-hi-lo"} <= games


def test_a_finished_hand_is_freed_without_the_garbage_collector(course_exercises):
    """Every exercise replayed and every question answered, then forgotten: nothing is left in
    a reference cycle (a table whose rules hold the table, say), so no collector pass is owed."""
    for exercise in course_exercises:         # warm every lazy cache first
        for question in exercise.questions:
            solvers.answer(exercise, question)
    left = {}
    gc.collect()
    gc.freeze()             # what lives now is no hand's: each collection below walks only what is new
    gc.disable()
    try:
        for exercise in course_exercises:
            _forget_hands(exercise)
            for question in exercise.questions:
                solvers.answer(exercise, question)
            _forget_hands(exercise)
            found = gc.collect()
            if found:
                left[exercise.id] = found
    finally:
        gc.unfreeze()
        gc.enable()
    assert left == {}


def test_an_entry_put_into_words_later_reads_as_one_read_at_once(course_exercises):
    """A replay plays with `apply(move, read=False)` and words each entry when the ledger is
    read; the ledger must be the one `apply` returns move by move, every field of it."""
    for exercise in course_exercises:
        _forget_hands(exercise)
        later = HandState.replay(exercise).ledger
        state = HandState.start(exercise)
        at_once = tuple(state.apply(move) for move in exercise.moves)
        assert later == at_once, exercise.id
        assert all(entry.text and entry.cite for entry in later), exercise.id


def test_making_a_drill_item_leaves_nothing_for_the_garbage_collector():
    """`templates.generate` pauses the cyclic collector while it makes an item, which is only
    sound if making one builds no reference cycles: every template's item, made and dropped,
    is freed by reference counting alone."""
    from course.study import templates

    names = sorted(templates.templates())
    for name in names:                        # warm every lazy cache first
        templates.generate(templates.item_id(name, 1))
    templates.generate.cache_clear()
    left = {}
    gc.collect()
    gc.freeze()             # what lives now is no item's: each collection below walks only what is new
    gc.disable()
    try:
        for name in names:
            exercise = templates.generate(templates.item_id(name, 2))
            for question in exercise.questions:
                solvers.answer(exercise, question)
            del exercise
            templates.generate.cache_clear()
            found = gc.collect()
            if found:
                left[name] = found
    finally:
        gc.unfreeze()
        gc.enable()
    assert left == {}


def test_every_move_in_the_ledger_says_that_move_not_the_players_last_card(course_exercises):
    """A move that writes no log line of its own takes its words from the betting round when it
    is a bet, a call, a check or a fold, and from the player's record only when it is a card: a
    betting move's entry once read 'Cara is dealt J♣ face up.' for 'Cara completes', and the
    spit card's only 'spit 8♠.'."""
    from course.moves import BETTING_KINDS

    seen, table_cards = set(), 0
    for exercise in course_exercises:
        for move, entry in zip(exercise.moves, HandState.replay(exercise).ledger):
            # no entry falls back to repeating the move as written ("spit 8♠.")
            assert entry.text != f"{entry.move}.", (exercise.id, entry.move)
            if move.kind in BETTING_KINDS or move.kind == "fold":
                assert " is dealt " not in entry.text and entry.text.startswith(move.player), \
                    (exercise.id, entry.move, entry.text)
                seen.add(exercise.game)
            elif move.player is None and move.card is not None and move.kind != "shared":
                assert str(move.card) in entry.text and "face up in the middle" in entry.text, entry.text
                table_cards += 1
    assert {"stud-high", "horn-a-vika", "have-a-heart"} <= seen and table_cards
