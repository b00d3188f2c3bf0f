"""The 1917Poker forced-bet drill (course/study/forced_bets.py): the bring-in offered is allowed
exactly when it is half the small bet (1917 "Bring in"), and both answers occur."""

from course.study import engine, templates


def test_the_bring_in_is_allowed_only_at_half_the_small_bet():
    answers = set()
    for seed in range(12):
        exercise = templates.generate(templates.item_id("forced-bet-sizes", seed))
        question = exercise.questions[0]
        amount = int(question.params["action"].rsplit(" ", 1)[1])
        allowed = engine.answer(exercise, question).value
        assert exercise.profile.name == "1917poker"
        assert allowed == (amount == exercise.stakes.small_bet // 2)
        answers.add(allowed)
    assert answers == {True, False}
