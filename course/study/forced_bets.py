"""A Stud High drill on 1917Poker's forced-bet sizes (1917 "Ante", 1917 "Bring in"): a table with
only its two bet sizes set, the antes in, and the question whether the bring-in may be posted for
a given amount. The amount offered is the right one (half the small bet) about two times in five;
otherwise the ante's size, a quarter or the whole small bet, so the answer is never the same."""

from __future__ import annotations

import random
from typing import Any

from course.study import engine
from course.study.registry import Template, draft, register
from course.study.stud import FIRST, Deal

RULES = "1917poker"
SMALL_BETS = (4, 6, 8, 10, 20, 30, 40)


def forced_bet_sizes(rng: random.Random) -> dict[str, Any]:
    small = rng.choice(SMALL_BETS)
    stakes = {"small_bet": small, "big_bet": 2 * small}
    deal = Deal(rng, rng.randint(2, 7), FIRST).complete()
    antes = [f"{p} antes" for p in deal.seats]
    probe = draft(deal.exercise({"ask": "bring_in"}, RULES, stakes=stakes, actions=antes), "forced-bet")
    player = engine.answer(probe, probe.questions[0]).value
    wrong = sorted({max(1, round(small / 5)), small // 4, small} - {small // 2, 0})
    amount = small // 2 if rng.random() < 0.4 else rng.choice(wrong)
    question = {"ask": "legal_action", "action": f"{player} brings in {amount}", "after": len(antes),
                "prompt": f"Everyone has anted. May {player} bring in for {amount}?"}
    return deal.exercise(question, RULES, stakes=stakes, actions=antes,
                         intro=f"A 1917Poker table playing {small} and {2 * small}: the ante and the "
                               "bring-in are not written down, so they follow from the small bet.")


register(Template("forced-bet-sizes", "stud-high", "legal_action", "Drill: 1917Poker's ante and bring-in",
                  forced_bet_sizes))
