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
