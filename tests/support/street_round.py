"""One stud street played on its own, for tests that check a betting round's rules directly.

`replay_street` seats the players with their cards, starts the one hand state at that street
and plays the actions through it (the first refused action raises its error with `.index`);
`legal_action` answers the `legal_action` question the way the course's solver words it.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Collection, Mapping, Sequence

from course.asks import ledger
from course.engine.betting import BettingRound
from course.engine.state import HandState
from course.explain import Answer


def replay_street(street: str, seats: Sequence[str], hands: Mapping[str, Any], actions: Sequence[Any], profile: Any,
                  stakes: Any = None, folded: Collection[str] = (), pot: int = 0) -> BettingRound:
    """A stud street's round after `actions` (texts, `Action`s or parsed moves), played through
    `HandState`: the first refused action raises its error with `.index`. `hands` maps player ->
    (down, up) or a Hand."""
    exercise = SimpleNamespace(game=profile.game, street=street, seats=list(seats), hands=hands, profile=profile,
                               stakes=stakes or profile.stakes, folded=tuple(folded), pot=pot, shared=[])
    state = HandState.start(exercise)
    for action in actions:
        state.apply(action)
    return state.round


def legal_action(street: str, seats: Sequence[str], hands: Mapping[str, Any], actions: Sequence[Any], action: Any,
                 profile: Any, after: int = 0, stakes: Any = None, folded: Collection[str] = (), pot: int = 0) -> Answer:
    """The `legal_action` question: after the first `after` actions, is `action` legal? Value
    True/False; the steps give the reason and the rule. Errors in the earlier actions propagate
    (with `.index`), since the question itself would then be broken."""
    if isinstance(after, bool) or not isinstance(after, int) or not 0 <= after <= len(actions):
        raise ValueError(f"after {after!r}: expected a count from 0 to {len(actions)} (the actions so far)")
    return ledger.verdict(replay_street(street, seats, hands, list(actions)[:after], profile, stakes, folded, pot), action)
