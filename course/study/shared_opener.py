"""A Stud High drill on the opener after a shared seventh card (RRP-H 8.15; COURSE "Shared-card
opener"): eight players stay to seventh street, the deck cannot give each a card, and one card is
turned up in the middle for everyone. Who opens is the best hand showing with that card counted
in every row. Most draws are kept only when the shared card changes the opener from sixth
street's, so the drill cannot be answered by carrying the last street's opener over; about one in
four keeps the same opener, so "it changes" is no rule of thumb either."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from course.study import engine
from course.study.registry import PARSED, Reject, Template, draft, register
from course.study.stud import SPEC, Deal, text

RULES = ("pokerstars", "wsop-2026")      # the profiles that follow Robert's Rules 8.15 here


def shared_card_opener(rng: random.Random) -> dict[str, Any]:
    deal = Deal(rng, 8, SPEC.shared_replaces)
    deal.shared = [deal.deck.pop()]
    deal.complete()
    data = deal.exercise({"ask": "opener"}, rng.choice(RULES),
                         intro=f"All eight players are still in on seventh street, so one card, the "
                               f"{text(deal.shared)}, is turned up in the middle for everyone.")
    exercise = draft(data, "shared-card opener")
    question = exercise.questions[0]
    now = engine.answer(exercise, question).value
    before = engine.answer(exercise, dataclasses.replace(question, params={"street": SPEC.shared_decided_after})).value
    if now == before and rng.random() > 0.25:
        raise Reject
    return {**data, PARSED: exercise}         # loaded once: templates uses it as it is


register(Template("shared-card-opener", "stud-high", "opener", "Drill: who opens after a shared card",
                  shared_card_opener))
