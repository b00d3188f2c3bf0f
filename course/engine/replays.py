"""An exercise's hand replayed to a point, for the questions that read it there.

Each function plays the exercise's moves on a fresh hand state (`HandState.start`, given as
`hand`, the class whose entrances these are: `HandState.replay`, `HandState.street_ends`,
`HandState.face_up_seen`). A validated exercise keeps what they build (`Exercise.replayed`), so
every question and grade of one point shares one replay; a kept replay holds its exercise
weakly.
"""

from __future__ import annotations

import weakref
from typing import Any

from course.cards import Card
from course.errors import CourseError


def replay(hand: Any, exercise: Any, upto: int | None = None) -> Any:
    """The hand after the exercise's moves (the first `upto` of them), each played with `apply`;
    the first refused move raises its error, placed at its index. A validated exercise replays
    once per point (`Exercise.replayed`), shared by every question and grade."""
    def build(of: Any = exercise) -> Any:
        state = hand.start(of)
        for move in moves_of(of)[:upto]:
            state.apply(move, read=False)
        return state

    replayed = getattr(exercise, "replayed", None)
    if replayed is None:
        return build()
    if upto is not None and upto >= len(exercise.moves):
        upto = None       # every move: the one replay the checker kept (a legal_action asked at the end)
    # Kept on the exercise, the state holds it weakly: no reference cycle, so a replaced course
    # is freed by reference counting even though it was frozen out of the collector's reach.
    return replayed(("hand", upto), lambda: build(weakref.proxy(exercise)))


def street_ends(hand: Any, exercise: Any) -> dict[str, int]:
    """Street -> the number of moves played when that street is over (the next street's first
    card not yet dealt), for a whole hand, in deal order."""
    def build() -> dict[str, int]:
        state, ends = hand.start(exercise), {}
        moves = moves_of(exercise)
        for index, move in enumerate(moves):
            before = state.table.street
            state.apply(move, read=False)
            if before is not None and state.table.street != before:
                ends[before] = index
        if state.table.street is not None:
            ends[state.table.street] = len(moves)
        return ends

    replayed = getattr(exercise, "replayed", None)
    return replayed(("street ends",), build) if replayed is not None else build()


def face_up_seen(hand: Any, exercise: Any, upto: int | None = None) -> dict[str, list[Card]]:
    """Every card each player has shown face up from the deal to move `upto` (all moves when
    None): a card taken face up shows in both rows, a hole card never shows. The moves stop
    at the first one the rules refuse (the question says why)."""
    state = hand.start(exercise)
    seen: dict[str, list[Card]] = {seat: [] for seat in exercise.seats}

    def look() -> None:
        for seat, held in state.final_hands().items():
            seen.setdefault(seat, []).extend(c for c in held.up if c not in seen[seat])

    look()
    for move in moves_of(exercise)[:upto]:
        try:
            state.apply(move, read=False)
        except CourseError:
            break
        look()
    return seen


def moves_of(exercise: Any) -> list[Any]:
    """The exercise's moves as parsed by the one grammar (`Exercise.moves`); a bare namespace
    (random play, tests) gives its texts."""
    moves = getattr(exercise.__class__, "moves", None)    # `__class__`: a kept replay's weak proxy too
    if moves is not None:
        return list(exercise.moves)
    return list(getattr(exercise, "events", None) or getattr(exercise, "actions", None) or [])
