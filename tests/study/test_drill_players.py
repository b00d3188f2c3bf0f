"""No drill asks about a player who has folded: a question's `player`, and the player whose move
a `legal_action` question names, are still in the hand at the question's point.

200 seeds per template, a home game's too (STUD_SPREAD_SEEDS sets another number).
"""

from __future__ import annotations

import os

import pytest

from course.app.cards_view import table_at
from course.study import templates

SEEDS = int(os.environ.get("STUD_SPREAD_SEEDS") or 200)


def _asked(name: str) -> bool:
    params = templates.generate(templates.item_id(name, 0)).questions[0].params
    return "player" in params or "action" in params


ASKED = [name for name in templates.templates() if _asked(name)]


def asked_player(question) -> str:
    return question.params.get("player") or question.params["action"].split()[0]


@pytest.mark.parametrize("name", ASKED)
def test_no_template_asks_about_a_folded_player(name):
    folded = []
    for seed in range(SEEDS):
        exercise = templates.generate(templates.item_id(name, seed))
        question = exercise.questions[0]
        who = asked_player(question)
        if table_at(exercise, question).hands[who].folded:
            folded.append((seed, who))
    assert not folded, f"{name} asks about a folded player at seeds {folded[:5]}"


def test_the_templates_that_once_asked_about_folded_players_are_checked():
    assert {"hav-bet-limit", "hav-best-five", "hah-best-five", "hah-category", "legal-hand"} <= set(ASKED)


def _wording(question) -> str:
    """What the question's own words give away: a legal_action's verb and amount."""
    return " ".join(question.params["action"].split()[1:])


@pytest.mark.parametrize("name", ["pair-option-optional", "all-in-ante", "fifth-street-bet"])
def test_the_verb_and_amount_alone_do_not_give_a_legal_action_drills_answer(name):
    """Each of these once had an answer the action's words decided (`bets 4`: always yes). Now
    the most common wording of a template has both answers among its items."""
    from collections import Counter, defaultdict

    from course.study import engine

    answers: dict[str, Counter] = defaultdict(Counter)
    for seed in range(200):
        exercise = templates.generate(templates.item_id(name, seed))
        question = exercise.questions[0]
        answers[_wording(question)][engine.answer_json(exercise, question)] += 1
    wordings = sorted(answers, key=lambda w: -sum(answers[w].values()))
    both = [w for w in wordings if len(answers[w]) == 2]
    # the wordings that carry most items can go either way
    assert wordings[0] in both, dict(answers)
    share = sum(sum(answers[w].values()) for w in both) / 200
    assert share >= 0.6, (share, dict(answers))
