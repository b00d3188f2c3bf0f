"""The drills of Horn-A-Vika's seven-player limit (OPR-535 1.3), over 200 seeds each: every
table size the game allows, the engine's answer seven less the seats, and the trap cut after a
fold, where counting only the players still in gives a different answer."""

from __future__ import annotations

from collections import Counter

from course.app.cards_view import table_at
from course.study import engine, misconceptions, templates
from course.rules.points import template_points

SEEDS = 200


def items(name: str):
    for seed in range(SEEDS):
        exercise = templates.generate(templates.item_id(name, seed))
        yield exercise, exercise.questions[0]


def test_the_seats_left_drill_draws_every_table_size_and_answers_seven_less_the_seats():
    sizes, answers = Counter(), Counter()
    for exercise, question in items("hav-seats-left"):
        assert question.ask == "seats_left"
        value = engine.answer_json(exercise, question)
        assert value == 7 - len(exercise.seats)
        sizes[len(exercise.seats)] += 1
        answers[value] += 1
    assert set(sizes) == set(range(2, 8))
    assert max(answers.values()) <= 0.6 * SEEDS, answers


def test_the_folded_seat_trap_always_has_a_folded_player_and_tells_the_mistake_apart():
    entry = misconceptions.by_id("folded-seats-freed")
    answers = Counter()
    for exercise, question in items("hav-folded-seats-count"):
        table = table_at(exercise, question)
        live = [p for p in exercise.seats if not table.hands[p].folded]
        assert len(live) < len(exercise.seats)
        right = engine.answer_json(exercise, question)
        wrong = misconceptions.wrong_answer(entry, exercise, question)
        assert wrong == 7 - len(live) != right
        assert misconceptions.diagnose(exercise, question, wrong) == [entry]
        answers[right] += 1
    assert max(answers.values()) <= 0.6 * SEEDS, answers


def test_both_drills_declare_the_seven_player_point():
    points = template_points()
    assert "hav-up-to-seven-players" in points["hav-seats-left"]
    assert "hav-up-to-seven-players" in points["hav-folded-seats-count"]
    assert templates.templates()["hav-folded-seats-count"].shows == ("folded-seats-freed",)
