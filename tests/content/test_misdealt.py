"""The exercise key `misdealt:` (course/content/misdeals.py): a hand of the wrong size is accepted
only when the key says how it went wrong, and every mistake in the key is reported at its line
with what was expected. Without the key a wrong card count is still refused as a typo."""

import pytest

from course import content

HEAD = """id: misdealt-deal
title: A misdealt hand
game: stud-high
rules: pokerstars
street: {street}
seats: [Ava, Ben, Cara]
pot: 45
hands:
  Ava: {{down: K♥ 9♣ 4♦, up: K♣ 7♠ 7♦ 2♥}}
  Ben: {{down: 6♠ 5♠ 3♦ A♠, up: 8♥ 7♣ 4♠ J♦}}
  Cara: {{down: Q♠ 2♦, up: Q♣ Q♥ 5♥ 3♣}}
"""
QUESTIONS = """questions:
  - ask: winners
    answer: [Cara]
"""


def _parse(misdealt: str, street: str = "showdown"):
    return content.parse_exercise(HEAD.format(street=street) + misdealt + QUESTIONS, "deal.yaml")


def _where(problems):
    return [(p.file, p.line, p.message) for p in problems]


def test_the_key_makes_an_eight_card_and_a_six_card_hand_acceptable():
    exercise, problems = _parse("misdealt:\n  Ben: {extra: [A♠]}\n  Cara: {missing: seventh}\n")
    assert problems == []
    assert exercise.extra["misdealt"] == {"Ben": {"extra": ["A♠"]}, "Cara": {"missing": "seventh"}}


def test_without_the_key_the_wrong_counts_are_refused_as_before():
    _, problems = _parse("")
    lines = {p.line: p.message for p in problems}
    assert "Ben has 4 down card(s)" in lines[10] and "Cara has 2 down card(s)" in lines[11]


def test_a_hand_listed_with_the_wrong_street_is_refused_at_its_line():
    _, problems = _parse("misdealt:\n  Ben: {extra: [A♠]}\n  Cara: {missing: fourth}\n")
    assert _where(problems) == [("deal.yaml", 14, "'misdealt' missing of Cara: with one card of fourth street "
                                 "missing, the hand on showdown street holds 3 down and 3 up, but it holds 2 down "
                                 "and 4 up [RRP-H 8.18]")]


@pytest.mark.parametrize("misdealt, line, expected", [
    ("  Ben: {extra: [K♦]}\n  Cara: {missing: seventh}\n", 13, "K♦ is not in Ben's hand"),
    ("  Ben: {extra: [A♠]}\n  Cara: {missing: river}\n", 14, "'river' is not a street that deals cards; expected "
     "one of third, fourth, fifth, sixth, seventh"),
    ("  Ben: {extra: [A♠]}\n  Zed: {missing: fifth}\n  Cara: {missing: seventh}\n", 14, "unknown player 'Zed'"),
    ("  Ben: {extra: [A♠], missing: third}\n  Cara: {missing: seventh}\n", 13, "should give one of 'extra'"),
    ("  Ben: {extra: [A♠, 6♠]}\n  Cara: {missing: seventh}\n", 13, "plus the 2 extra card(s), 5 down and 4 up"),
    ("  Ben: {lost: [A♠]}\n  Cara: {missing: seventh}\n", 13, "unknown key 'lost'"),
])
def test_each_mistake_in_the_key_names_its_line_and_what_was_expected(misdealt, line, expected):
    _, problems = _parse("misdealt:\n" + misdealt)
    assert any(p.line == line and expected in p.message for p in problems), _where(problems)


def test_the_key_is_read_on_the_showdown_street_only():
    _, problems = _parse("misdealt:\n  Ben: {extra: [A♠]}\n  Cara: {missing: seventh}\n", street="seventh")
    assert any(p.line == 5 and "write it on 'street: showdown', not seventh" in p.message for p in problems), \
        _where(problems)


def test_a_hand_of_the_right_size_listed_as_misdealt_is_refused():
    text = HEAD.format(street="showdown").replace("6♠ 5♠ 3♦ A♠", "6♠ 5♠ 3♦")
    _, problems = content.parse_exercise(text + "misdealt:\n  Ben: {extra: [3♦]}\n  Cara: {missing: seventh}\n"
                                         + QUESTIONS, "deal.yaml")
    assert any(p.line == 13 and "4 down and 4 up" in p.message for p in problems), _where(problems)


def test_only_a_stud_game_on_actions_takes_the_key():
    text = """id: heart-deal
title: Have a Heart
game: have-a-heart
street: third
seats: [Ava, Ben]
hands: {Ava: {}, Ben: {}}
events: [Ava antes, Ben antes]
misdealt:
  Ava: {missing: third}
questions:
  - ask: pot
    answer: 2
"""
    _, problems = content.parse_exercise(text, "heart.yaml")
    assert any(p.line == 9 and "'misdealt' is for a stud game" in p.message for p in problems), _where(problems)


def test_a_game_whose_rules_do_not_settle_a_lost_last_card_refuses_the_key():
    text = HEAD.format(street="showdown").replace("game: stud-high\nrules: pokerstars", "game: razz\nrules: rrp-razz")
    _, problems = content.parse_exercise(text + "misdealt:\n  Ben: {extra: [A♠]}\n  Cara: {missing: seventh}\n"
                                         + "questions:\n  - ask: winners\n", "razz.yaml")
    assert any(p.line == 13 and "'missing_last_card'" in p.message and "'rrp-razz' has none" in p.message
               for p in problems), _where(problems)
