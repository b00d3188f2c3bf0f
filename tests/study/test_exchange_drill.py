"""The Have a Heart exchange drill (course/study/exchange.py): every item is played under the
exchange variation and cut right after a card is given back; since each take is paid back with a
card of the same kind, the player asked about holds exactly the cards the dealer gave them, face
up and face down alike (OPR-678 "Exchanging instead of taking")."""

from course.study import engine, templates


def test_items_end_on_a_give_back_and_keep_every_count():
    for seed in range(6):
        exercise = templates.generate(templates.item_id("hah-exchange", seed))
        question = exercise.questions[0]
        assert " gives back " in exercise.events[-1]
        assert exercise.profile.value("exchange_variation") is True
        player = question.params["player"]
        held = engine.answer(exercise, question).value
        dealt = [e for e in exercise.events if e.startswith(f"{player} is dealt ")]
        assert len(held["up"]) == sum(e.endswith(" up") for e in dealt)
        assert len(held["down"]) == sum(e.endswith(" down") for e in dealt)
