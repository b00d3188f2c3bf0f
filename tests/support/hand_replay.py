"""The home-game tests read a replay through the one hand state with these four helpers."""

from __future__ import annotations

from course.engine.state import HandState


def check_events(exercise):
    """Every problem the one hand state finds in the events, as (index, message); -1: the deal."""
    return [(-1 if e.index is None else e.index, e.message) for e in HandState.problems(exercise)]


def replay(exercise, upto=None):
    return HandState.replay(exercise, upto).table


def final_hands(exercise):
    return HandState.replay(exercise).final_hands()


def shared_cards(exercise):
    return HandState.replay(exercise).shared_cards()
