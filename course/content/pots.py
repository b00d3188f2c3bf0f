"""Can an exercise's stated `pot` arise from the antes and fixed-limit bets it describes?

A stated pot (the pot before the street shown, or the pot being awarded) is every dealt-in
player's ante plus what each put in on the streets already bet. Every player still in put in the
same amount on each of those streets: the level the round ended at, which is a sum of the
street's bet steps (the bring-in on the first betting street). A player who folded earlier put in less, in
whole bet steps. `pot_problem` names the nearest pots that can arise when the stated one cannot.

Games whose bets may be any whole amount up to a per-player limit (profiles with
`round_limits`, Horn-A-Vika) are checked only where no pot match can have happened yet, at the
start of the first street: the pot is then the antes (the dealer's too) plus a first round in
which every player still in put in the same amount, from 0 to a bet and `raise_cap` raises of the
round's limit, and a player who folded put in no more than that. Later on a match doubles the pot
and nearly any pot can arise.

`course check` reports an impossible pot as a problem of the file (`pot_problems`), so it fails
the check like any other mistake: a learner is shown the pot, and a pot the deal cannot make
teaches a wrong count. `pot_warnings` gives the same findings marked as warnings.
"""

from __future__ import annotations

from functools import reduce
from math import gcd
from typing import Any, Iterable

from course.games import GameSpec, find_game
from course.model import Problem


def round_levels(profile: Any, stakes: Any, street: str, spec: GameSpec) -> set[int]:
    """Every amount a player still in can have put in when a street's betting round is over:
    the street's bet step, and the bring-in, from the game spec and the profile (the spec's
    `pair_street` is where the exposed-pair option may raise the bet)."""
    bets = int(profile.value("raise_cap")) + 1            # a bet and `raise_cap` raises
    steps = {stakes.amount(spec.bet_size(street, profile))}
    if street == spec.pair_street and profile.value("second_round_pair") != "off":
        steps.add(stakes.big_bet)                         # the exposed-pair option
    levels = {0}
    for _ in range(bets):
        levels |= {level + step for level in levels for step in steps}
    if street == spec.betting_streets[0] and spec.opens(street, profile).value == "bring-in" and stakes.bring_in:
        # Everyone calls the bring-in, or the round goes on from the completion: never 0.
        return {stakes.bring_in} | (levels - {0})
    return levels


def possible_pots(exercise: Any, limit: int) -> set[int]:
    """Pots up to `limit` the exercise's antes and bets can make: before the street shown, or
    with its betting over too (a pot being awarded)."""
    antes, live, folded, step, each = _put_in(exercise, limit)
    pots = set()
    for amount in each:
        base = antes + live * amount
        most = folded * amount if folded else 0   # each folded player put in less than those still in
        pots |= {base + r for r in range(0, most + 1, step) if base + r <= limit}
    return pots


def _can_arise(exercise: Any, pot: int, limit: int) -> bool:
    """`pot in possible_pots(exercise, limit)`, without making the set: the pot is the antes, what
    each player still in put in, and a multiple of the step short of that for those who folded."""
    if pot > limit:
        return False
    antes, live, folded, step, each = _put_in(exercise, limit)
    for amount in each:
        short = pot - antes - live * amount   # what the folded players put in
        if 0 <= short <= (folded * amount if folded else 0) and short % step == 0:
            return True
    return False


def _put_in(exercise: Any, limit: int) -> tuple[int, int, int, int, set[int]]:
    """The antes, the players still in and folded, the step of the bets, and each amount a
    player still in can have put in (the pot at most `limit`)."""
    profile, stakes = exercise.profile, exercise.stakes
    spec = find_game(exercise.game)
    betting = spec.betting_streets
    shown = betting.index(exercise.street) if exercise.street in betting else len(betting)
    live, folded = len(exercise.active), len(exercise.folded)
    antes = len(exercise.seats) * stakes.ante
    step = reduce(gcd, (a for a in (stakes.bring_in, stakes.small_bet, stakes.big_bet) if a), 0) or 1
    each: set[int] = set()              # what each player still in can have put in
    totals = {0}
    for n, street in enumerate(betting[:shown + 1]):
        if n == shown:
            each |= totals
        levels = round_levels(profile, stakes, street, spec)     # once a street, not once a total
        totals = {t + level for t in totals for level in levels if t + level <= limit}
    each |= totals
    return antes, live, folded, step, each


def _limit_pot_problem(exercise: Any) -> str | None:
    """`pot_problem` for a per-player limit game (see the module text): only on the first street."""
    pot, profile = exercise.pot, exercise.profile
    if exercise.street != find_game(exercise.game).betting_streets[0]:
        return None
    dealer = int(profile.value("dealer_ante")) if profile.has("dealer_ante") else 0
    antes = dealer + len(exercise.seats) * exercise.stakes.ante
    first_limit = int(profile.value("round_limits")[0])
    most = (int(profile.value("raise_cap")) + 1) * first_limit
    live, folded = len(exercise.active), len(exercise.folded)
    pots = {antes + live * x + r for x in range(most + 1) for r in range(folded * x + 1)}
    if pot in pots:
        return None
    below = max((p for p in pots if p < pot), default=None)
    above = min((p for p in pots if p > pot), default=None)
    near = " or ".join(str(p) for p in (below, above) if p is not None)
    who = f"{live} still in" + (f" and {folded} folded" if folded else "")
    return (f"pot {pot} cannot arise before any pot match: the antes make {antes} and, of the "
            f"{len(exercise.seats)} players ({who}), every player still in put in the same amount in the first "
            f"round (at most {most}: a bet and {profile.value('raise_cap')} raises of up to {first_limit}) and a player "
            f"who folded no more; the nearest pots that can arise are {near}")


def pot_problem(exercise: Any) -> str | None:
    """Why the exercise's `pot` cannot arise from its antes and bets, or None when it can."""
    pot, profile = exercise.pot, exercise.profile
    if pot is None or pot < 0:
        return None
    if profile.has("round_limits"):
        return _limit_pot_problem(exercise)
    if not any(hand.cards for hand in exercise.hands.values()):
        return None if pot == 0 else f"pot {pot}: nothing has been dealt yet, so nothing is in the pot; expected 0"
    stakes = exercise.stakes
    limit = pot + 4 * max(stakes.big_bet, 1) * max(len(exercise.seats), 1)
    if _can_arise(exercise, pot, limit):
        return None
    pots = possible_pots(exercise, limit)     # the nearest ones, for the message
    below = max((p for p in pots if p < pot), default=None)
    above = min((p for p in pots if p > pot), default=None)
    near = " or ".join(str(p) for p in (below, above) if p is not None)
    folded = len(exercise.folded)
    who = f"{len(exercise.active)} still in" + (f" and {folded} folded" if folded else "")
    amounts = "/".join(str(a) for a in (stakes.bring_in, stakes.small_bet, stakes.big_bet) if a)
    return (f"pot {pot} cannot arise from the antes and bets: {len(exercise.seats)} players ante {stakes.ante} "
            f"({who}), every player still in puts in the same amount on each street, and bets come in steps of "
            f"{amounts}; the nearest pots that can arise are {near}")


def pot_problems(exercises: Iterable[Any], prefix: str = "") -> list[Problem]:
    """One problem, at the `pot` line, for each exercise whose pot cannot arise."""
    found = []
    for exercise in exercises:
        why = pot_problem(exercise)
        if why:
            line, column = exercise.marks.get("pot", (exercise.line, 1))
            found.append(Problem(exercise.path, line, column, f"{prefix}{why}"))
    return found


def pot_warnings(exercises: Iterable[Any]) -> list[Problem]:
    """`pot_problems`, each marked as a warning."""
    return pot_problems(exercises, "warning: ")
