"""Playing one of the course's moves on a pokerkit state, for the differential tests."""

from __future__ import annotations

from typing import Any


def play_on_pokerkit(pk: Any, move: Any) -> None:
    """Make the course's legal move `move` (a `Move` from `legal_moves`) on pokerkit's state `pk`."""
    verb = move.verb.name
    if verb == "FOLD":
        pk.fold()
    elif verb in ("CHECK", "CALL"):
        pk.check_or_call()
    elif verb == "BRING_IN":
        pk.post_bring_in()
    else:
        pk.complete_bet_or_raise_to(move.amount)
