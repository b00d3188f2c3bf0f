"""An exercise's hand replayed to a point, for the questions that read it there.

Each function plays the exercise's moves on a fresh hand state (`HandState.start`, given as
`hand`, the class whose entrances these are: `HandState.replay`, `HandState.street_ends`,
`HandState.face_up_seen`). A validated exercise keeps what they build (`Exercise.replayed`), so
every question and grade of one point shares one replay; a kept replay holds its exercise
weakly.

The points of one exercise are reached in one forward pass: each thread keeps one hand being
walked through the latest exercise's moves (`_Walk`), and the state at a point is a copy of it
taken there (`forked`), so questions at moves 3, 8 and 12 play 12 moves, not 23. A point behind
the walk starts a new walk from the deal. A point a question names with `after` is copied on the
checker's own pass through every move (`HandState.problems`, `asked_points`), so a checked
exercise plays its moves once for all of those. Where each street ends is read from the ledger of the
replay of every move, which the checker keeps.
"""

from __future__ import annotations

import threading
import types
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
    if upto is None or upto == 0:     # no move to share with another point
        return replayed(("hand", upto), lambda: build(weakref.proxy(exercise)))
    return replayed(("hand", upto), lambda: walked_to(hand, exercise, upto))


class _Walk(threading.local):
    """This thread's hand walked forward through one exercise's moves: the exercise (weakly),
    the state, and how many moves it has played."""

    exercise: Any = None
    state: Any = None
    played: int = 0


_WALK = _Walk()


def walked_to(hand: Any, exercise: Any, upto: int) -> Any:
    """A hand state of its own after the exercise's first `upto` moves, the same as a fresh
    replay to there: the thread's walk through this exercise goes on from where it stands (or
    starts from the deal when it is of another exercise or already past `upto`), and the state
    returned is a copy of it at `upto` (`forked`). A refused move raises its error, as a fresh
    replay would, and ends the walk."""
    walk = _WALK
    state = walk.state if walk.exercise is not None and walk.exercise() is exercise else None
    played = walk.played if state is not None else 0
    if state is None or played > upto:
        state, played = hand.start(weakref.proxy(exercise)), 0
    walk.exercise = walk.state = None    # a replay asked for while these moves are played walks on its own
    for move in moves_of(exercise)[played:upto]:
        state.apply(move, read=False)
    walk.exercise, walk.state, walk.played = weakref.ref(exercise), state, upto
    return forked(state)


def asked_points(exercise: Any) -> frozenset[int]:
    """The points inside the moves (0 < n < every move) that the exercise's questions name with
    `after`: the checker's one pass through the moves (`HandState.problems`) copies the hand at
    each (`forked`) and keeps it there (`keep_points`), so a question asked there plays no move
    again. A point the questions reach otherwise (a street's end) is walked to as before."""
    named = [after for question in getattr(exercise, "questions", None) or ()
             if type(after := question.params.get("after")) is int and after > 0]
    if not named:
        return frozenset()
    last = len(exercise.moves)
    return frozenset(after for after in named if after < last)


class PointCopies:
    """The hand copied at each point the exercise's questions name with `after` (`asked_points`;
    none when not `keeping`), taken on the checker's pass through every move (`take`, before the
    move at `index`) and kept as those points' replays once every move was played (`keep`)."""

    __slots__ = ("exercise", "points", "copies")

    def __init__(self, exercise: Any, keeping: bool):
        self.exercise = exercise
        self.points = asked_points(exercise) if keeping else frozenset()
        self.copies: dict[int, Any] = {}

    def take(self, index: int, state: Any) -> None:
        if index in self.points:
            self.copies[index] = forked(state)

    def keep(self) -> None:
        keep_points(self.exercise, self.copies)


def keep_points(exercise: Any, forks: dict[int, Any]) -> None:
    """Each hand copied at a point on the checker's pass kept as that point's replay (the one
    `replay(hand, exercise, point)` gives): the same state a walk from the deal reaches there,
    since the engine is deterministic. Only for a hand whose every move was played."""
    for point, state in forks.items():
        exercise.replayed(("hand", point), lambda state=state: state)


def forked(state: Any) -> Any:
    """A copy of a hand state that later moves on either one leave the other untouched: every
    record a move may change (a class with `_undo`, as `course.engine.seats.save` takes them:
    the table, its seats, betting rounds and the game's own rules) copied with the lists, dicts
    and sets it holds, each object once, so what is shared stays shared; frozen
    values (cards, moves, steps, ledger entries, the profile) are the same objects. The state's
    own lists (its ledger and moves) are copied and its kept pots start empty (a cache). A
    ledger entry's record of payments is the original table's list (`PotsAt`), which only grows
    and is read up to the entry's own length."""
    copies: dict[int, Any] = {}
    copy = object.__new__(type(state))
    fields = {key: value[:] if type(value) is list else _copied(value, copies)   # its entries are frozen
              for key, value in state.__dict__.items()}
    for key, value in fields.items():   # a method of a record copied (the game's grammar) is the copy's
        if type(value) is types.MethodType and id(value.__self__) in copies:
            fields[key] = types.MethodType(value.__func__, copies[id(value.__self__)])
    copy.__dict__.update(fields)
    pots = fields.get("_pots")
    if pots is not None:
        copy._pots = type(pots)()
    return copy


def _copied(value: Any, copies: dict[int, Any]) -> Any:
    """`value` for a forked state: a record a move may change, or a list, dict or set, copied
    with what they hold (each object once: `copies`); a tuple holding one of those, rebuilt
    around the copies; anything else (`_KEPT`) the same object."""
    kind = type(value)
    if kind in _KEPT:
        return value
    kept = _KEPT
    if kind is tuple:        # a tuple holding a copied list or record (a kept answer and its key)
        for v in value:
            if type(v) not in kept:
                break
        else:
            return value
        items = tuple(v if type(v) in kept else _copied(v, copies) for v in value)
        return value if all(a is b for a, b in zip(items, value)) else items
    done = copies.get(id(value))
    if done is not None:
        return done
    if kind is list:
        done = copies[id(value)] = [v if type(v) in kept else _copied(v, copies) for v in value]
    elif kind is dict:
        done = copies[id(value)] = {k: v if type(v) in kept else _copied(v, copies) for k, v in value.items()}
    elif kind is set:
        done = copies[id(value)] = set(value)
    elif getattr(kind, "_undo", False):     # a record a move may change
        done = copies[id(value)] = object.__new__(kind)
        done.__dict__.update({key: v if type(v) in kept else _copied(v, copies) for key, v in value.__dict__.items()})
    else:
        _KEPT.add(kind)
        return value
    return done


# The types whose values a forked state shares with the original: every type met that is not
# a list, dict, set, tuple or a record a move may change (`_undo`).
_KEPT: set[type] = set()


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

    def read() -> dict[str, int]:
        """The same from the hand's one kept replay (`replay`): each ledger entry records the
        street as its move left the table, so no move is played again."""
        ends, street = {}, hand.start(exercise).table.street
        for index, entry in enumerate(replay(hand, exercise).ledger):
            if street is not None and entry.street != street:
                ends[street] = index
            street = entry.street
        if street is not None:
            ends[street] = len(exercise.moves)
        return ends

    replayed = getattr(exercise, "replayed", None)
    return replayed(("street ends",), read) if replayed is not None else build()


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
