"""The dealing-irregularity drills (course/study/irregularities.py) over 200 seeds each: every item
valid and answered by the engine, the situation planted as the template says, no answer given by
more than 60% of the items, and the typical mistake named where it gives a wrong answer."""

from __future__ import annotations

import json
import os
from collections import Counter

import pytest

from course.study import engine, misconceptions, templates
from tests.support.apptest import environment, fill_widget, open_app

SEEDS = int(os.environ.get("STUD_SPREAD_SEEDS") or 200)
DRILLS = {"hole-card-up": "exposed-card-brings-in", "wrong-bring-in": "wrong-bring-in-always-stands",
          "dealt-too-soon": "nothing-more-set-aside"}


def items(name: str):
    for seed in range(SEEDS):
        exercise = templates.generate(templates.item_id(name, seed))
        yield exercise, exercise.questions[0]


@pytest.mark.parametrize("name", list(DRILLS))
def test_every_item_is_valid_spread_and_names_its_mistake(name):
    answers, named = Counter(), 0
    entry = misconceptions.by_id(DRILLS[name])
    for exercise, question in items(name):
        assert engine.check(exercise) == [], exercise.id
        assert exercise.extra["irregularity"]["kind"] == name
        right = engine.answer(exercise, question)
        answers[json.dumps(engine.answer_json(exercise, question))] += 1
        wrong = misconceptions.wrong_answer(entry, exercise, question, right)
        if wrong is not None:
            given = engine.answer_json(exercise, question, wrong)
            assert entry in misconceptions.matches(exercise, question, given, right), exercise.id
            named += 1
    top, count = answers.most_common(1)[0]
    assert count <= 0.6 * SEEDS, (name, top, count)
    assert named >= SEEDS // 5, (name, named)


def test_the_hole_card_drill_deals_each_case_of_the_article():
    cases = Counter()
    for exercise, question in items("hole-card-up"):
        found = exercise.extra["irregularity"]
        if len(found["cards"]) == 2:
            cases["dead"] += 1
            assert exercise.hands[found["player"]].folded
        elif engine.answer(exercise, question).value == found["player"]:
            pytest.fail(f"{exercise.id}: the player whose card was turned up acts first")
        else:
            doors = {p: h.up[0] for p, h in exercise.hands.items() if not h.folded}
            low = engine.bring_in(exercise.seats, doors, exercise.profile, words=False).value
            cases["exposed low" if low == found["player"] else "exposed not low"] += 1
    assert min(cases.values()) >= SEEDS // 10 and len(cases) == 3, cases


def test_the_wrong_bring_in_drill_asks_about_the_true_low_card_both_before_and_after_the_next_player_acts():
    seen = Counter()
    for exercise, question in items("wrong-bring-in"):
        found = exercise.extra["irregularity"]
        seen[found["next_acted"], engine.answer(exercise, question).value] += 1
        assert question.params["player"] != found["player"]
    assert set(seen) == {(False, True), (True, False)}, seen


@pytest.mark.parametrize("name", list(DRILLS))
def test_practice_opens_each_drill_with_its_widget_and_grades_the_engines_answer(name, tmp_path):
    with environment(tmp_path / "p.db"):
        for seed in (1, 2):
            item = templates.item_id(name, seed)
            exercise = templates.generate(item)
            question = exercise.questions[0]
            at = open_app("practice", query={"deal": item})
            assert not at.exception, at.exception
            key = f"practice|{exercise.id}|0"
            fill_widget(at, key, exercise, engine.answer_kind(exercise, question), engine.answer_json(exercise, question))
            at.button(key=f"{key}:check").click().run()
            assert not at.exception, at.exception
            assert at.success and at.success[0].value.startswith("Right."), item
