"""The shared-card opener drill (course/study/shared_opener.py): eight players on seventh street,
one shared card, and who opens with it counted in every row (RRP-H 8.15)."""

import dataclasses

from course.study import engine, templates


def test_items_share_one_card_and_mostly_move_the_opener_away_from_sixth_street():
    changed = 0
    for seed in range(8):
        exercise = templates.generate(templates.item_id("shared-card-opener", seed))
        question = exercise.questions[0]
        assert len(exercise.seats) == 8 and len(exercise.shared) == 1 and exercise.street == "seventh"
        answer = engine.answer(exercise, question)
        assert any("RRP-H 8.15" in step.cite for step in answer.steps)
        sixth = engine.answer(exercise, dataclasses.replace(question, params={"street": "sixth"})).value
        changed += answer.value != sixth
    assert changed >= 4


def _openers_worded(deal, rules):
    """The decision as the drill made it before: the draw loaded as an exercise, and the engine's
    worded answer to its opener question on its street and on the street before."""
    from course.study.registry import draft
    from course.study.stud import SPEC

    data = deal.exercise({"ask": "opener"}, rules)
    exercise = draft(data, "shared-card opener")
    question = exercise.questions[0]
    before = dataclasses.replace(question, params={"street": SPEC.shared_decided_after})
    return engine.answer(exercise, question).value, engine.answer(exercise, before).value


def test_the_openers_read_from_the_deal_are_the_engines_answers_on_the_loaded_draw():
    import random

    from course.study import shared_opener
    from course.study.stud import SPEC, Deal

    changed = 0
    for seed in range(60):
        rng = random.Random(seed)
        deal = Deal(rng, 8, SPEC.shared_replaces)
        deal.shared = [deal.deck.pop()]
        deal.complete()
        for rules in shared_opener.RULES:
            fast = shared_opener.openers(deal, rules)
            assert fast == _openers_worded(deal, rules), (seed, rules)
            changed += fast[0] != fast[1]
    assert 0 < changed < 120          # both outcomes were compared


def test_items_are_the_same_as_when_each_draw_was_loaded_and_answered(monkeypatch):
    from course.study import shared_opener

    items = [templates.item_id("shared-card-opener", seed) for seed in range(30)]
    fast = [templates._draw(item)[0] for item in items]
    monkeypatch.setattr(shared_opener, "openers", _openers_worded)
    assert fast == [templates._draw(item)[0] for item in items]
