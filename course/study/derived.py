"""Drills drawn from a game's spec and profiles alone: one template per ask the game answers.

A game whose spec names this module as its `drills` (the default for a new game) gets a template
for each stud ask it answers, named `<game>-<ask>`: the deal is drawn on the game's own streets
with the cards its spec deals on each (`course.study.stud.Deal`), under one of the game's
profiles, and the betting among the moves the round allows; the answer is left to the engine. A
game with drills of its own (Stud High's traps, the home games' events) names its own module.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from course.games import GAMES
from course.rules import profile_names
from course.study import engine
from course.study.registry import Reject, Template, register
from course.study.stud import Deal, action_to_judge, arising_pot, random_actions, text

SHOWDOWN = "showdown"


def _rules(rng: random.Random, game: str) -> str:
    return rng.choice(profile_names(game))


def _deal(rng: random.Random, game: str, street: str, players: tuple[int, int] = (2, 8), folds: int = 2) -> Deal:
    deal = Deal(rng, rng.randint(*players), street, game)
    deal.random_folds(rng.randint(0, folds))
    return deal.complete()


def _bring_in(game: str) -> Callable[[random.Random], dict[str, Any]]:
    def draw(rng: random.Random) -> dict[str, Any]:
        first = engine.betting_streets(game)[0]
        return Deal(rng, rng.randint(2, 8), first, game).complete().exercise({"ask": "bring_in"}, _rules(rng, game))
    return draw


def _opener(game: str) -> Callable[[random.Random], dict[str, Any]]:
    def draw(rng: random.Random) -> dict[str, Any]:
        later = engine.betting_streets(game)[1:]
        return _deal(rng, game, rng.choice(later)).exercise({"ask": "opener"}, _rules(rng, game))
    return draw


def _action_order(game: str) -> Callable[[random.Random], dict[str, Any]]:
    def draw(rng: random.Random) -> dict[str, Any]:
        deal = _deal(rng, game, rng.choice(engine.betting_streets(game)), (3, 8))
        return deal.exercise({"ask": "action_order"}, _rules(rng, game))
    return draw


def _betting(game: str, ask: str) -> Callable[[random.Random], dict[str, Any]]:
    """A street's betting so far: what each player put in, the street's total, or whether the
    next move is legal."""
    def draw(rng: random.Random) -> dict[str, Any]:
        deal = _deal(rng, game, rng.choice(engine.betting_streets(game)), (2, 6), 1)
        rules = _rules(rng, game)
        rnd = deal.betting(rules)
        if ask != "legal_action":
            return deal.exercise({"ask": ask}, rules, actions=random_actions(rng, rnd, rng.randint(2, 9)))
        actions = random_actions(rng, rnd, rng.randint(0, 5))
        action = action_to_judge(rng, rnd)
        return deal.exercise({"ask": ask, "action": action, "after": len(actions)}, rules, actions=actions or None)
    return draw


def _showdown(game: str, ask: str) -> Callable[[random.Random], dict[str, Any]]:
    """A hand at the showdown: one player's best five or its name, the winners, the award."""
    def draw(rng: random.Random) -> dict[str, Any]:
        deal = _deal(rng, game, SHOWDOWN, (2, 7))
        rules = _rules(rng, game)
        if ask in ("best_five", "category"):
            return deal.exercise({"ask": ask, "player": rng.choice(deal.live())}, rules)
        if ask == "award":
            return deal.exercise({"ask": ask}, rules, pot=arising_pot(rng, deal, rules))
        if ask == "legal_hand":        # five of the player's own cards, or one swapped for another's
            player = rng.choice(deal.live())
            shown = rng.sample(deal.down[player] + deal.up[player], 5)
            others = [c for p in deal.seats if p != player for c in deal.up[p]]
            if others and rng.random() < 0.5:
                shown[rng.randrange(5)] = rng.choice(others)
            return deal.exercise({"ask": ask, "player": player, "cards": text(shown)}, rules)
        return deal.exercise({"ask": ask}, rules)
    return draw


DRAWS: dict[str, Callable[[str], Callable[[random.Random], dict[str, Any]]]] = {
    "bring_in": _bring_in,
    "opener": _opener,
    "action_order": _action_order,
    "legal_action": lambda game: _betting(game, "legal_action"),
    "contributions": lambda game: _betting(game, "contributions"),
    "street_total": lambda game: _betting(game, "street_total"),
    "best_five": lambda game: _showdown(game, "best_five"),
    "category": lambda game: _showdown(game, "category"),
    "winners": lambda game: _showdown(game, "winners"),
    "award": lambda game: _showdown(game, "award"),
    "legal_hand": lambda game: _showdown(game, "legal_hand"),
}


def _only_with_bring_in(game: str, draw: Callable[[random.Random], dict[str, Any]]):
    """A bring-in drill under the game's profiles that have a bring-in (others are redrawn)."""
    def drawn(rng: random.Random) -> dict[str, Any]:
        item = draw(rng)
        profile = engine.profile(item["rules"])
        first = engine.betting_streets(game)[0]
        if GAMES[game].opens(first, profile).value != "bring-in" or not profile.stakes.bring_in:
            raise Reject
        return item
    return drawn


for _game, _spec in GAMES.items():
    if _spec.drills != __name__:
        continue
    for _ask in _spec.stud_asks:
        if _ask not in DRAWS:
            continue
        _draw = DRAWS[_ask](_game)
        if _ask == "bring_in":
            _draw = _only_with_bring_in(_game, _draw)
        register(Template(f"{_game}-{_ask.replace('_', '-')}", _game, _ask,
                          f"Drill: {_spec.title}, {_ask.replace('_', ' ')}", _draw))
