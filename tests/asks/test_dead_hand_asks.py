"""The asks on hands of the wrong size (RRP-H 8.18): `hand_live` answers it directly, and
`winners` and `award` leave a dead hand out, saying why first; a hand missing only its seventh
card plays unless the exercise's options rule it dead."""

import pytest

from course import content
from course.asks import solvers

DEAL = """
id: dead-hand-deal
title: A dead hand at the showdown
game: stud-high
rules: pokerstars
{options}
street: showdown
seats: [Ava, Ben, Cara]
pot: 45
hands:
  Ava: {{down: K♥ 9♣ 4♦, up: K♣ 7♠ 7♦ 2♥}}
  Ben: {{down: 6♠ 5♠ 3♦ A♠, up: 8♥ 7♣ 4♠ J♦}}
  Cara: {{down: Q♠ 2♦, up: Q♣ Q♥ 5♥ 3♣}}
misdealt:
  Ben: {{extra: [A♠]}}
  Cara: {{missing: seventh}}
questions:
  - ask: hand_live
    player: Ben
  - ask: hand_live
    player: Cara
  - ask: hand_live
    player: Ava
  - ask: winners
  - ask: award
"""


def _exercise(options: str = ""):
    exercise, problems = content.parse_exercise(DEAL.format(options=options), "deal.yaml")
    assert problems == [] and exercise is not None, problems
    return exercise


def _answers(exercise):
    return [solvers.answer(exercise, q) for q in exercise.questions]


def test_the_eight_card_straight_is_dead_and_the_short_queens_win():
    ben, cara, ava, winners, award = _answers(_exercise())
    assert (ben.value, cara.value, ava.value) == (False, True, True)
    assert winners.value == ["Cara"] and award.value == {"Cara": 45}
    # Ben's eight cards make the best five (a straight) but the answer says first why it cannot win
    assert any("more than 7 cards is dead" in s.text and "RRP-H 8.18" in s.cite for s in winners.steps)
    assert winners.steps.index(next(s for s in winners.steps if "Ben" in s.text)) == 0


def test_ruled_dead_by_the_option_the_lost_seventh_card_hands_the_pot_to_the_next_hand():
    ben, cara, ava, winners, award = _answers(_exercise("options: {missing_last_card: dead}"))
    assert (ben.value, cara.value, ava.value) == (False, False, True)
    assert winners.value == ["Ava"] and award.value == {"Ava": 45}
    assert any("only hand left" in s.text for s in award.steps)


def test_hand_live_about_a_folded_player_is_refused():
    text = DEAL.format(options="").replace("  Ava: {down: K♥ 9♣ 4♦, up: K♣ 7♠ 7♦ 2♥}",
                                           "  Ava: {up: K♣ 7♠ 7♦ 2♥, folded: true}")
    exercise, problems = content.parse_exercise(text, "deal.yaml")
    assert problems == [] and exercise is not None, problems
    with pytest.raises(ValueError, match="Ava has folded"):
        solvers.answer(exercise, exercise.questions[2])


def test_hand_live_on_an_ordinary_seventh_street_deal_is_refused_with_a_reason():
    text = """
id: seventh-deal
title: Seventh street
game: stud-high
street: seventh
seats: [Ava, Ben]
hands:
  Ava: {down: K♥ 9♣ 4♦, up: K♣ 7♠ 7♦ 2♥}
  Ben: {down: 6♠ 5♠ 3♦, up: 8♥ 7♣ 4♠ J♦}
questions:
  - ask: hand_live
    player: Ben
"""
    exercise, problems = content.parse_exercise(text, "deal.yaml")
    assert problems == [] and exercise is not None, problems
    with pytest.raises(ValueError, match="asked at the showdown"):
        solvers.answer(exercise, exercise.questions[0])
    assert any("asked at the showdown" in p.message for p in solvers.check_exercise(exercise))


@pytest.mark.parametrize("ask", ["winners", "award"])
def test_without_a_misdeal_nothing_changes(ask):
    text = DEAL.format(options="").replace("6♠ 5♠ 3♦ A♠", "6♠ 5♠ 3♦").replace("Q♠ 2♦,", "Q♠ 2♦ A♠,")
    text = text.split("misdealt:")[0] + "questions:" + text.split("questions:")[1]
    exercise, problems = content.parse_exercise(text, "deal.yaml")
    assert problems == [], problems
    question = next(q for q in exercise.questions if q.ask == ask)
    answer = solvers.answer(exercise, question)
    assert (answer.value == ["Ben"]) if ask == "winners" else answer.value == {"Ben": 45}
    assert not any("RRP-H 8.18" in s.cite for s in answer.steps)
