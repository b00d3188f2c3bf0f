"""Stud High drills with short stacks: side pots, a short all-in, the all-in ante, an all-in winner,
and who shows first at the showdown.

Each `draw(rng)` deals a street with `course.study.stud.Deal`, gives some players a short stack
(`stacks:` in the exercise format) and plays the betting among the moves the one hand state allows
(`HandState.start` with the stacks, so every all-in is the engine's), then writes the exercise
as an author would. The answer is always left to the engine.
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

from course.engine.state import HandState
from course.games import find_game
from course.hands import evaluate
from course.study import engine
from course.study.registry import CONTROL, PARSED, Reject, Template, draft, register
from course.study.stud import BETTING, BIG_FROM, FIRST, GAME, LAST, Deal, arising_pot

LATER = BETTING[BETTING.index(BIG_FROM):]
PROFILES = ("pokerstars", "wsop-2026", "1917poker")
# The games bet on stud actions, each with the profiles its drills draw from (razz and Hi-Lo:
# Robert's Rules, whose stud all-in rules they keep, RRP-H 9.1 and 10.1).
GAME_PROFILES = {GAME: PROFILES, "razz": ("rrp-razz",), "stud-hi-lo": ("rrp-stud-hi-lo",)}


def _state(deal: Deal, rules: str, stacks: dict[str, int], pot: int = 0) -> HandState:
    """The street's betting on the one hand state, with the stacks."""
    profile = engine.profile(rules)
    exercise = SimpleNamespace(game=profile.game, street=deal.street, seats=list(deal.seats), hands=deal.engine_hands(),
                               profile=profile, stakes=profile.stakes, folded=tuple(deal.folded), pot=pot, shared=[],
                               stacks=stacks)
    return HandState.start(exercise)


def _play(rng: random.Random, state: HandState, fold_chance: float = 0.08, most: int = 14) -> list[str]:
    """Legal moves drawn one by one until the round is over (bets and raises often, to reach the stacks)."""
    actions: list[str] = []
    while state.round.to_act is not None and len(actions) < most:
        legal = state.round.legal_moves()
        folds = [a for a in legal if a.verb.value == "folds"]
        wagers = [a for a in legal if a.verb.value in ("bets", "raises", "completes")]
        others = [a for a in legal if a not in folds and a not in wagers]
        roll = rng.random()
        pick = (rng.choice(folds) if folds and roll < fold_chance else
                rng.choice(wagers) if wagers and roll < 0.55 else rng.choice(others or wagers or folds))
        actions.append(state.apply(str(pick)).move)
    if state.round.to_act is not None:
        raise Reject          # the round did not end within the moves drawn
    return actions


def _intro(stacks: dict[str, int], seats, street: str) -> str:
    """What the learner must be told: each short player's chips when the street starts."""
    listed = [p for p in seats if p in stacks]
    if not listed:
        return "Every player has plenty of chips."
    chips = ", ".join(f"{p} {stacks[p]}" for p in listed)
    # the first street's chips are counted before its antes (the spec's first street: the stud games share it)
    when = "before the antes" if street == find_game(GAME).first_street else f"when {street} street starts"
    return f"Chips {when}: {chips}; {'the others have' if len(listed) < len(seats) else 'nobody has'} plenty" \
        + ("." if len(listed) < len(seats) else " more.")


def _step(deal: Deal, rules: str) -> int:
    profile = engine.profile(rules)
    return profile.stakes.amount(profile.value("bet_by_street")[deal.street])


def _of(game: str, data: dict[str, Any]) -> dict[str, Any]:
    return {**data, "game": game}


def side_pots(rng: random.Random, game: str = GAME) -> dict[str, Any]:
    """A later street where one to three players are short: the pots once the betting is over."""
    deal = Deal(rng, rng.randint(3, 5), rng.choice(LATER)).complete()
    rules = rng.choice(GAME_PROFILES[game])
    step = _step(deal, rules)
    short = rng.sample(deal.seats, k=rng.randint(1, min(3, len(deal.seats) - 1)))
    stacks = {p: rng.randint(1, 3 * step) for p in short}
    pot = arising_pot(rng, deal, rules)
    state = _state(deal, rules, stacks, pot)
    actions = _play(rng, state)
    if len(state.round.pots()) < 2:
        raise Reject          # nobody went all in for less: no side pot to find
    data = _of(game, deal.exercise({"ask": "side_pots"}, rules, stacks=stacks, pot=pot, actions=actions,
                                   intro=_intro(stacks, deal.seats, deal.street)))
    # loaded here, on the hand just played (`HandState.offering`): the loader would replay it
    with HandState.offering(state):
        return {**data, PARSED: draft(data, "side-pots")}


def short_all_in(rng: random.Random) -> dict[str, Any]:
    """A player raises all in for less than a full raise; may a player who already acted raise?
    Less than half a step over the bet does not reopen the betting; half or more does (a control)."""
    deal = Deal(rng, rng.randint(3, 4), rng.choice(LATER)).complete()
    rules = rng.choice(PROFILES)
    step = _step(deal, rules)
    order = _state(deal, rules, {}).round.order
    shover = order[-2]
    extra = rng.randint(1, step - 1)
    stacks = {shover: step + extra}
    state = _state(deal, rules, stacks, arising_pot(rng, deal, rules))
    pot = state.exercise.pot
    actions = [state.apply(f"{order[0]} bets").move]
    for p in order[1:]:
        actions.append(state.apply(f"{p} {'raises' if p == shover else 'calls'}").move)
    asked = rng.choice(order[:-2])
    data = deal.exercise({"ask": "legal_action", "action": f"{asked} raises", "after": len(actions)}, rules,
                         stacks=stacks, pot=pot, actions=actions, intro=_intro(stacks, deal.seats, deal.street))
    return {**data, CONTROL: True} if 2 * extra >= step else data


def all_in_ante(rng: random.Random) -> dict[str, Any]:
    """Who may do what first on third street: half the deals have the lowest door card all in on
    the ante (the player on its left opens, Robert's Rules 8.8), half have it able to pay (it
    brings in as usual). Each verb is asked of either player in either case, so neither the verb
    nor the player gives the answer: only reading the stacks does."""
    deal = Deal(rng, rng.randint(3, 6), FIRST).complete()
    rules = rng.choice(PROFILES)
    plain = _state(deal, rules, {})
    low = plain.round.first
    order = plain.round.order
    ante = engine.profile(rules).stakes.ante
    all_in = rng.random() < 0.5
    # All in on the ante; or, beside the ante, one chip (short of the bring-in: it brings in all
    # in for less, Robert's Rules 15.19) or a small bet's worth. A short stack every time, so the
    # intro names the lowcard's chips in each case.
    stacks = {low: ante if all_in else ante + rng.choice((1, engine.profile(rules).stakes.small_bet))}
    state = _state(deal, rules, stacks)
    actions = [state.apply(f"{p} antes").move for p in deal.seats]
    nxt = order[1]
    verb = rng.choice(("brings in", "completes", "folds"))
    player = nxt if verb == "folds" else rng.choice((low, nxt))
    return deal.exercise({"ask": "legal_action", "action": f"{player} {verb}", "after": len(actions)}, rules,
                         stacks=stacks, actions=actions, intro=_intro(stacks, deal.seats, deal.street))


def all_in_award(rng: random.Random) -> dict[str, Any]:
    """Seventh street with a player all in for less: each pot awarded on its own. When the all-in
    player does not hold the best hand, one pot or several give the same award (a control)."""
    deal = Deal(rng, rng.randint(3, 4), LAST).complete()
    rules = rng.choice(PROFILES)
    step = _step(deal, rules)
    order = _state(deal, rules, {}).round.order
    short = rng.choice(order[1:])
    stacks = {short: rng.randint(1, step - 1)}
    pot = arising_pot(rng, deal, rules)
    state = _state(deal, rules, stacks, pot)
    actions = [state.apply(f"{order[0]} bets").move]
    actions += [state.apply(f"{p} calls").move for p in order[1:]]
    best = max(deal.seats, key=lambda p: evaluate(deal.down[p] + deal.up[p]).value)
    data = deal.exercise({"ask": "award"}, rules, stacks=stacks, pot=pot, actions=actions,
                         intro=_intro(stacks, deal.seats, deal.street))
    return data if best == short else {**data, CONTROL: True}


def showdown_order(rng: random.Random, game: str = GAME) -> dict[str, Any]:
    """Seventh street's betting, sometimes with a short stack: who shows first, and then?"""
    deal = Deal(rng, rng.randint(3, 5), LAST).complete()
    rules = rng.choice(GAME_PROFILES[game])
    step = _step(deal, rules)
    stacks = {p: rng.randint(1, 2 * step) for p in rng.sample(deal.seats, k=rng.randint(0, 1))}
    pot = arising_pot(rng, deal, rules)
    state = _state(deal, rules, stacks, pot)
    actions = _play(rng, state, fold_chance=0.12)
    if not actions or len(state.round.live) < 2:
        raise Reject
    return _of(game, deal.exercise({"ask": "showdown_order"}, rules, stacks=stacks or None, pot=pot, actions=actions,
                                   intro=_intro(stacks, deal.seats, deal.street) if stacks else None))


def _for(draw, game: str):
    return lambda rng: draw(rng, game)


register(Template("side-pots", GAME, "side_pots", "Drill: side pots", side_pots))
register(Template("showdown-order", GAME, "showdown_order", "Drill: showdown order", showdown_order))
for _game, _prefix, _title in (("razz", "razz", "Razz"), ("stud-hi-lo", "hilo", "Hi-Lo")):
    register(Template(f"{_prefix}-side-pots", _game, "side_pots", f"Drill: {_title} side pots", _for(side_pots, _game)))
    register(Template(f"{_prefix}-showdown-order", _game, "showdown_order", f"Drill: {_title} showdown order",
                      _for(showdown_order, _game)))
for _name, _ask, _draw, _title, *_shows in (
    ("short-all-in", "legal_action", short_all_in, "A short all-in raise", "short-all-in-reopens"),
    ("all-in-ante", "legal_action", all_in_ante, "The lowest door card all in on the ante"),
    ("all-in-award", "award", all_in_award, "The best hand is all in for less", "all-in-wins-everything"),
):
    register(Template(_name, GAME, _ask, f"Trap: {_title}", _draw, trap=True, shows=tuple(_shows)))

