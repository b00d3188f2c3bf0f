"""The dead-hand rule on concrete hands (course/engine/dead_hands.py; RRP-H 8.18): more cards than
the deal gives is dead; fewer is dead unless only the last card is missing, which the profile's
`missing_last_card` rules live (the course's own choice) or dead."""

import pytest

from course.cards import parse_cards
from course.engine.dead_hands import Misdeal, full_hand, hand_live, last_card_street
from course.games import find_game
from course.rules import load_profile

STUD = find_game("stud-high")


def _live(down: str, up: str, misdeal: Misdeal | None = None, profile: str = "pokerstars", **options):
    return hand_live("Ben", parse_cards(down), parse_cards(up), misdeal, STUD,
                     load_profile(profile, options or None))


def test_the_full_hand_and_the_last_card_come_from_the_spec():
    assert full_hand(STUD) == (3, 4)
    assert last_card_street(STUD) == "seventh"
    five = find_game("five-card-stud")
    assert full_hand(five) == (1, 4) and last_card_street(five) == "fifth"


def test_an_eighth_card_makes_the_hand_dead_and_every_step_cites_the_rule():
    answer = _live("6♠ 5♠ 3♦ A♠", "8♥ 7♣ 4♠ J♦", Misdeal(extra=tuple(parse_cards("A♠"))))
    assert answer.value is False
    assert all("RRP-H 8.18" in step.cite for step in answer.steps)
    assert "8 cards" in answer.steps[0].text and "A♠" in answer.steps[1].text


def test_a_hand_of_seven_is_live():
    assert _live("6♠ 5♠ 3♦", "8♥ 7♣ 4♠ J♦").value is True


@pytest.mark.parametrize("profile", ["pokerstars", "wsop-2026", "1917poker"])
def test_a_hand_missing_only_its_seventh_card_is_ruled_live_by_the_course(profile):
    answer = _live("6♠ 5♠", "8♥ 7♣ 4♠ J♦", Misdeal(missing="seventh"), profile)
    assert answer.value is True
    last = answer.steps[-1]
    assert last.course_default and 'COURSE "Missing seventh card"' in last.cite and "RRP-H 8.18" in last.cite


def test_the_profile_option_rules_the_same_hand_dead():
    answer = _live("6♠ 5♠", "8♥ 7♣ 4♠ J♦", Misdeal(missing="seventh"), missing_last_card="dead")
    assert answer.value is False
    assert not answer.steps[-1].course_default


@pytest.mark.parametrize("down, up, street", [("6♠ 5♠ 3♦", "8♥ 7♣ 4♠", "sixth"),
                                              ("6♠ 5♠", "8♥ 7♣ 4♠ J♦", "third"),
                                              ("6♠ 5♠ 3♦", "7♣ 4♠ J♦", "fourth")])
def test_a_hand_missing_an_earlier_card_is_dead_whatever_the_option(down, up, street):
    for option in ("live", "dead"):
        answer = _live(down, up, Misdeal(missing=street), missing_last_card=option)
        assert answer.value is False, (street, option)
        assert street in answer.steps[-1].text


def test_two_cards_short_is_dead_even_when_the_seventh_is_one_of_them():
    assert _live("6♠ 5♠", "8♥ 7♣ 4♠", Misdeal(missing="seventh")).value is False
