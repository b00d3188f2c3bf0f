"""A Stud High drill on the opener after a shared seventh card (RRP-H 8.15; COURSE "Shared-card
opener"): eight players stay to seventh street, the deck cannot give each a card, and one card is
turned up in the middle for everyone. Who opens is the best hand showing with that card counted
in every row. Most draws are kept only when the shared card changes the opener from sixth
street's, so the drill cannot be answered by carrying the last street's opener over; about one in
four keeps the same opener, so "it changes" is no rule of thumb either."""

from __future__ import annotations

import random
from typing import Any

from course.study import engine
from course.study.registry import Reject, Template, register
from course.study.stud import SPEC, Deal, text

RULES = ("pokerstars", "wsop-2026")      # the profiles that follow Robert's Rules 8.15 here


def shared_card_opener(rng: random.Random) -> dict[str, Any]:
    deal = Deal(rng, 8, SPEC.shared_replaces)
    deal.shared = [deal.deck.pop()]
    deal.complete()
    data = deal.exercise({"ask": "opener"}, rng.choice(RULES),
                         intro=f"All eight players are still in on seventh street, so one card, the "
                               f"{text(deal.shared)}, is turned up in the middle for everyone.")
    now, before = openers(deal, data["rules"])
    if now == before and rng.random() > 0.25:
        raise Reject
    return data


def openers(deal: Deal, rules: str) -> tuple[str, str]:
    """Who opens the deal's street with the shared card counted as the profile says, and who
    opened the street before: the engine's decision as the opener question gets it
    (`first_to_act` on each player's rows that street), without its words, read from the deal
    as drawn, so that a draw thrown away is never loaded and no explanation is worded only to
    compare two names."""
    profile = engine.profile(rules)
    return tuple(engine.first_to_act(street, deal.seats, _rows_on(deal, street), profile,
                                     shared=deal.shared if SPEC.shared_in_play(street) else (), words=False).value
                 for street in (deal.street, SPEC.shared_decided_after))


def _rows_on(deal: Deal, street: str) -> dict[str, tuple[list, list]]:
    """Each player's (down, up) with only the up cards dealt by `street`, as the question reads them."""
    up = SPEC.cards_on(street)[1]
    return {p: (deal.down[p], deal.up[p][:up]) for p in deal.seats}


register(Template("shared-card-opener", "stud-high", "opener", "Drill: who opens after a shared card",
                  shared_card_opener))
