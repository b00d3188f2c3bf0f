"""A Have a Heart drill on the exchange variation (OPR-678 "Exchanging instead of taking"): a hand
played under `exchange_variation: true`, cut just after a taker gives a card back, and the
question what the player taken from, or the taker, holds now: the card given back is of the same
kind as the one taken, face up for face up, hidden for hidden."""

from __future__ import annotations

import random
from typing import Any

from course.study import engine
from course.study.home import item, parsed, where
from course.study.registry import PARSED, Reject, Template, register
from course.study.stud import NAMES

HEART = "have-a-heart"
OPTIONS = {"exchange_variation": True}


def exchange_holding(rng: random.Random) -> dict[str, Any]:
    players = rng.randint(3, 6)
    profile = engine.profile("opr-678", OPTIONS)
    hand = engine.random_home_deal(HEART, rng, players, profile, seats=NAMES, hole_chance=0.5)
    events = list(hand.texts)
    backs = [i for i, e in enumerate(events) if " gives back " in e]
    if not backs:
        raise Reject
    cut = rng.choice(backs)
    events = events[:cut + 1]
    taker, _, rest = events[cut - 1].partition(" takes ")
    victim = rest.rsplit(" from ", 1)[1].split(" ")[0]
    player = rng.choice((taker, victim))
    data = item(HEART, players, events, {"ask": "holding", "player": player}, rules="opr-678", options=OPTIONS)
    exercise = parsed(data)
    data["intro"] = " ".join(filter(None, ("This table plays the exchange variation: a taker gives a card back.",
                                           where(exercise))))
    return {**data, PARSED: exercise}


register(Template("hah-exchange", HEART, "holding", "Drill: the exchange variation", exchange_holding))
