"""A Stud High drill on rows kept in deal order (HPD "The deal timeline"): a deal on sixth or
seventh street, and the question who opened an earlier street, fourth or fifth. Only the first
cards of each row were out then. A draw is kept only when reading the whole row today would name
a different opener, so the drill cannot be answered without cutting the rows back."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from course.study import engine
from course.study.registry import Template, Reject, dump, register
from course.study.stud import Deal, _rules


def earlier_street_opener(rng: random.Random) -> dict[str, Any]:
    deal = Deal(rng, rng.randint(3, 6), rng.choice(("sixth", "seventh"))).complete()
    street = rng.choice(("fourth", "fifth"))
    rules = _rules(rng)
    data = deal.exercise({"ask": "opener", "street": street,
                          "prompt": f"Who opened the betting on {street} street?"}, rules,
                         intro=f"{deal.street.capitalize()} street: each face-up row is written in the order "
                               "its cards were dealt.")
    exercise, problems = engine.parse(dump({"id": "draw", "title": "draw", **data}), "<draw>")
    if exercise is None or problems:       # a drawn deal the loader refuses is a bug, not a miss
        raise RuntimeError("earlier-street opener drill drew an invalid deal: " + "; ".join(map(str, problems)))
    then = engine.answer(exercise, exercise.questions[0]).value
    today = dataclasses.replace(exercise.questions[0], params={})
    if engine.answer(exercise, today).value == then:
        raise Reject
    return data


register(Template("earlier-street-opener", "stud-high", "opener", "Drill: who opened an earlier street",
                  earlier_street_opener))
