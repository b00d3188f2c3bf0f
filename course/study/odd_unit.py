"""Drills on the odd unit of a split pot (RRP-H 3 "Ties" 5(b)): two players hold hands of the
same ranks, so they tie for the pot, and the pot is odd, so one unit cannot be split. In Stud
High it goes to the tied player with the highest card by suit, in Razz to the one with the
lowest; the engine decides which, all of each player's cards counting.

A draw plants the two equal hands (every rank twice, once in each player's two suits, so neither
can hold a flush), deals the others at random and keeps the deal only when exactly the two
planted players win and the pot the antes and bets can make is odd."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from course.cards import Rank, Suit
from course.study import engine
from course.study.registry import Reject, Template, draft, register
from course.study.stud import Deal, arising_pot, card

LOW_RANKS = [Rank.ACE, *range(2, 9)]     # the ranks of an eight-or-lower low, the ace counting low


def _plant_pair_of_hands(rng: random.Random, deal: Deal, ranks: list[int]) -> list[str]:
    """Two players get the same seven ranks, in two suits each (at most four of a suit)."""
    tied = rng.sample(deal.seats, 2)
    suits = rng.sample(list(Suit), 4)
    for player, (first, second) in zip(tied, (suits[:2], suits[2:])):
        cards = [card(rank, (first, second)[i % 2]) for i, rank in enumerate(ranks)]
        rng.shuffle(cards)
        deal.plant(player, down=cards[:3], up=cards[3:])
    return tied


def _ranks_high(rng: random.Random) -> list[int]:
    """A straight (so the tie usually wins) and two other single ranks."""
    low = rng.randint(2, 10)
    straight = list(range(low, low + 5))
    others = rng.sample([r for r in range(2, 15) if r not in straight], 2)
    return straight + others


def _ranks_low(rng: random.Random) -> list[int]:
    """Five different low ranks (the ace low) and two high cards that do not play."""
    lows = rng.sample(LOW_RANKS, 5)
    highs = rng.sample([r for r in range(9, 14)], 2)
    return [int(r) for r in lows] + highs


def _odd_unit(game: str, rules: str, ranks):
    def draw(rng: random.Random) -> dict[str, Any]:
        deal = Deal(rng, rng.randint(3, 6), "showdown", game=game)
        tied = _plant_pair_of_hands(rng, deal, ranks(rng))
        deal.complete()
        pot = arising_pot(rng, deal, rules)
        if pot % 2 == 0:
            raise Reject
        data = deal.exercise({"ask": "award"}, rules, pot=pot)
        data["game"] = game
        exercise = draft(data, f"{game} odd-unit")
        winners = dataclasses.replace(exercise.questions[0], ask="winners", params={}, answer=None)
        if sorted(engine.answer(exercise, winners).value) != sorted(tied):
            raise Reject
        data["intro"] = f"{tied[0]} and {tied[1]} show hands of the same ranks, and the pot is {pot}."
        return data
    return draw


register(Template("odd-chip", "stud-high", "award", "Drill: a tie and an odd unit",
                  _odd_unit("stud-high", "pokerstars", _ranks_high)))
register(Template("razz-odd-chip", "razz", "award", "Drill: Razz, a tie and an odd unit",
                  _odd_unit("razz", "rrp-razz", _ranks_low)))
