"""Drills on rows kept in deal order (HPD "The deal timeline"; 5CS 2 in Five-Card Stud): a deal
on one of the game's last streets, and the question who opened an earlier one. Only the first
cards of each row were out then. A draw is kept only when reading the whole row today would name
a different opener, so the drill cannot be answered without cutting the rows back."""

from __future__ import annotations

import dataclasses
import random
from typing import Any, Callable

from course.study import engine
from course.study.registry import PARSED, Template, Reject, draft, register
from course.study.stud import Deal, _rules as _stud_rules

_HIGH, _FIVE = engine.betting_streets("stud-high"), engine.betting_streets("five-card-stud")
# game -> (the streets the deal stands on, the earlier streets asked about, a profile for a draw),
# the streets read from the game's spec: Stud High's last two and the two after its first;
# Five-Card Stud's last, and every one before it
GAMES: dict[str, tuple[tuple[str, ...], tuple[str, ...], Callable[[random.Random], str]]] = {
    "stud-high": (_HIGH[-2:], _HIGH[1:-2], _stud_rules),
    "five-card-stud": (_FIVE[-1:], _FIVE[:-1],
                       lambda rng: rng.choice(("5cs-cardroom", "5cs-home"))),
}


def earlier_street_opener(game: str) -> Callable[[random.Random], dict[str, Any]]:
    now_streets, earlier_streets, rules_of = GAMES[game]

    def draw(rng: random.Random) -> dict[str, Any]:
        deal = Deal(rng, rng.randint(3, 6), rng.choice(now_streets), game).complete()
        street = rng.choice(earlier_streets)
        data = deal.exercise({"ask": "opener", "street": street,
                              "prompt": f"Who acted first on {street} street?"}, rules_of(rng),
                             intro=f"{deal.street.capitalize()} street: each face-up row is written in the order "
                                   "its cards were dealt.")
        exercise = draft(data, "earlier-street opener")
        then = engine.answer(exercise, exercise.questions[0]).value
        today = dataclasses.replace(exercise.questions[0], params={})
        if engine.answer(exercise, today).value == then:
            raise Reject
        return {**data, PARSED: exercise}     # loaded once: templates uses it as it is
    return draw


register(Template("earlier-street-opener", "stud-high", "opener", "Drill: who opened an earlier street",
                  earlier_street_opener("stud-high")))
register(Template("five-card-stud-earlier-street-opener", "five-card-stud", "opener",
                  "Drill: who acted first on an earlier street", earlier_street_opener("five-card-stud")))
