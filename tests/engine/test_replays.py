"""An exercise's points reached in one forward pass (`course.engine.replays.walked_to` and
`forked`) are the same hands as a fresh replay to each point, over every exercise of the course.

Each state is compared field by field, all the way down (the table, its seats, rounds, records
and the game's own rules; the worded ledger, the moves, the award), after the walk has gone on to
the end of the hand: a copy sharing a list or a record with the walk would have been changed by
the later moves and differ here.
"""

from __future__ import annotations

import types
import weakref
from pathlib import Path

import pytest

from course import content
from course.engine import replays
from course.engine.state import HandState
from tests.support.shipped import shipped_course

ROOT = Path(__file__).resolve().parents[2]
COURSE = shipped_course()
WITH_MOVES = sorted(e.id for e in COURSE.exercises.values() if e.moves)

_SKIPPED = (weakref.ProxyType, weakref.CallableProxyType, types.FunctionType, types.BuiltinFunctionType,
            types.ModuleType, type)


def difference(a, b, path: str = "state", seen: frozenset = frozenset()) -> str | None:
    """Where two values first differ (None when they are the same all the way down)."""
    if a is b:
        return None
    if type(a) is not type(b):
        return f"{path}: {type(a).__name__} / {type(b).__name__}"
    if isinstance(a, _SKIPPED):
        return None
    if isinstance(a, types.MethodType):
        return None if a.__func__ is b.__func__ else f"{path}: another method"
    if (id(a), id(b)) in seen:
        return None
    seen = seen | {(id(a), id(b))}
    if isinstance(a, (list, tuple)):
        if len(a) != len(b):
            return f"{path}: {len(a)} items / {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            if (found := difference(x, y, f"{path}[{i}]", seen)) is not None:
                return found
        return None
    if isinstance(a, dict):
        if list(a) != list(b):
            return f"{path}: keys {list(a)} / {list(b)}"
        for key in a:
            if (found := difference(a[key], b[key], f"{path}[{key!r}]", seen)) is not None:
                return found
        return None
    slots = [s for k in type(a).__mro__ for s in getattr(k, "__slots__", ())]
    fields = list(getattr(a, "__dict__", {})) + slots
    if not hasattr(a, "__dict__") and not slots:
        return None if a == b else f"{path}: {a!r} / {b!r}"
    for name in fields:
        if name.startswith("__"):
            continue
        x, y = getattr(a, name, None), getattr(b, name, None)
        if (found := difference(x, y, f"{path}.{name}", seen)) is not None:
            return found
    return None


def fresh_replay(exercise, upto: int):
    state = HandState.start(weakref.proxy(exercise))
    for move in exercise.moves[:upto]:
        state.apply(move, read=False)
    return state


def state_difference(walked, fresh) -> str | None:
    """The table all the way down, then what a question reads from the hand."""
    return (difference(walked.table, fresh.table, "table")
            or difference(walked.ledger, fresh.ledger, "ledger")
            or difference(list(walked._moves), list(fresh._moves), "moves")
            or difference(walked.award, fresh.award, "award")
            or difference(walked.final_hands(), fresh.final_hands(), "final hands")
            or difference(walked.pots(), fresh.pots(), "pots"))


def points_of(exercise) -> list[int]:
    """Every point a question could name before the end of the hand, in order, up to the first
    move the rules refuse (a fresh replay stops there too)."""
    state = HandState.start(weakref.proxy(exercise))
    for index, move in enumerate(exercise.moves):
        try:
            state.apply(move, read=False)
        except Exception:
            return list(range(index + 1))
    return list(range(len(exercise.moves)))


@pytest.mark.parametrize("exercise_id", WITH_MOVES)
def test_each_point_walked_to_is_the_hand_a_fresh_replay_reaches(exercise_id):
    exercise = COURSE.exercises[exercise_id].relabelled()       # replays of its own: none kept yet
    points = points_of(exercise)
    walked = {upto: HandState.replay(exercise, upto) for upto in points}   # the walk ends at the last
    for upto in points:
        assert HandState.replay(exercise, upto) is walked[upto], "a point's state is kept for every question"
        found = state_difference(walked[upto], fresh_replay(exercise, upto))
        assert found is None, f"{exercise_id} after {upto} moves: {found}"


def test_a_point_behind_the_walk_starts_a_new_walk_and_matches_a_fresh_replay():
    exercise = max((COURSE.exercises[i] for i in WITH_MOVES), key=lambda e: len(e.moves)).relabelled()
    last = len(exercise.moves) - 1
    late = replays.walked_to(HandState, exercise, last)
    early = replays.walked_to(HandState, exercise, 2)
    for upto, state in ((last, late), (2, early)):
        assert state_difference(state, fresh_replay(exercise, upto)) is None


def test_a_forked_state_is_untouched_by_moves_played_on_the_original():
    exercise = max((COURSE.exercises[i] for i in WITH_MOVES), key=lambda e: len(e.moves))
    state = fresh_replay(exercise, 1)
    copy = replays.forked(state)
    for move in exercise.moves[1:]:
        state.apply(move, read=False)
    assert state_difference(copy, fresh_replay(exercise, 1)) is None
    assert state_difference(state, copy) is not None


def streets_ended_by_playing(exercise) -> dict[str, int]:
    """Street -> moves played when it is over, found by playing the moves one at a time."""
    state, ends = fresh_replay(exercise, 0), {}
    for index, move in enumerate(exercise.moves):
        before = state.table.street
        state.apply(move, read=False)
        if before is not None and state.table.street != before:
            ends[before] = index
    if state.table.street is not None:
        ends[state.table.street] = len(exercise.moves)
    return ends


@pytest.mark.parametrize("exercise_id", [i for i in WITH_MOVES if points_of(COURSE.exercises[i])[-1] ==
                                         len(COURSE.exercises[i].moves) - 1])
def test_street_ends_read_from_the_kept_replay_are_those_found_by_playing_the_moves(exercise_id):
    exercise = COURSE.exercises[exercise_id].relabelled()
    assert HandState.street_ends(exercise) == streets_ended_by_playing(exercise)


ASKED = sorted(e.id for e in COURSE.exercises.values() if replays.asked_points(e))


def test_the_course_asks_at_points_inside_its_hands():
    assert len(ASKED) >= 30


@pytest.mark.parametrize("exercise_id", ASKED)
def test_each_point_copied_on_the_checkers_pass_is_the_hand_a_fresh_replay_reaches(exercise_id):
    """The checker (`HandState.problems`) copies the hand at each point a question names as it
    plays every move; the copy, kept as that point's replay, is what a walk or a fresh replay
    reaches there, after the checker's hand has played on to the end. (The file is loaded
    again: no other test has read these copies.)"""
    exercise, problems = content.load_exercise(ROOT / COURSE.exercises[exercise_id].path, ROOT)
    assert not problems
    kept = exercise._replays
    for upto in replays.asked_points(exercise):
        assert ("hand", upto) in kept, f"{exercise_id}: no copy kept at {upto}"
        copied = HandState.replay(exercise, upto)
        assert copied is kept["hand", upto]
        assert state_difference(copied, fresh_replay(exercise, upto)) is None, f"{exercise_id} after {upto}"


def test_a_hand_with_a_refused_move_keeps_no_copy_at_its_points():
    import dataclasses

    exercise = next(e for e in map(COURSE.exercises.get, ASKED) if e.events)
    events = list(exercise.events)
    point = min(replays.asked_points(exercise))
    events[point] = events[point - 1]        # the move before played twice: refused
    broken = dataclasses.replace(exercise, events=events)
    assert HandState.problems(broken)
    assert not any(key[0] == "hand" for key in broken._replays)
