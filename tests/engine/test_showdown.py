"""Showdown and awards, named after the rule and source each test checks."""

import pytest

from course.cards import parse_cards as p
from course.engine.showdown import best_hands, showdown, split_pot


def test_hpd_exercise_5_best_five_each_and_the_flush_wins_without_the_borrowed_ace():
    hands = {"Ava": p("A♠ 7♦ A♥ K♠ K♦ 2♣ 9♥"), "Ben": p("Q♣ J♣ 10♣ 8♣ 4♣ 6♦ 3♠"), "Cara": p("Kc Qd A♣ 5♥")}
    result = showdown(hands, folded={"Cara"})
    assert result.value == ["Ben"]
    best = best_hands(hands, folded={"Cara"})
    assert set(best) == {"Ava", "Ben"}  # a folded player's cards are nobody's
    assert {str(c) for c in best["Ava"].cards} == {"A♠", "A♥", "K♠", "K♦", "9♥"}
    assert best["Ava"].words == "two pair, aces and kings, nine kicker"
    assert {str(c) for c in best["Ben"].cards} == {"Q♣", "J♣", "10♣", "8♣", "4♣"}
    assert "HPD exercise 5" in result.citations
    assert "Cara folded" in result.explain()


def test_hpd_exercise_6_same_straight_splits_120_into_60_and_60():
    hands = {"Ava": p("A♠ K♣ Q♥ J♦ 9♠ 4♣ 10♥"), "Ben": p("A♥ K♦ Q♣ J♠ 8♦ 3♣ 10♠")}
    result = showdown(hands)
    assert result.value == ["Ava", "Ben"]
    assert 'HPD "Ties stop at the fifth card"' in result.citations
    assert split_pot(120, result.value, ["Ava", "Ben"]).value == {"Ava": 60, "Ben": 60}


def test_opr678_short_hand_wins_at_showdown_and_the_step_says_all_its_cards_play():
    result = showdown({"A": p("Q♠ Q♦ 6♣ 2♥"), "B": p("J♠ J♥ 9♦ 7♣ 5♠ 3c 2d 4h")})
    assert result.value == ["A"]
    assert "only four cards" in result.explain()
    assert 'OPR-678 "Incomplete hands"' in result.citations


def test_hpd_shared_seventh_card_is_added_to_every_live_hand():
    shared = p("As")
    hands = {"Ava": p("Ah Ad 2c 3d 4h 9s"), "Ben": p("Kh Kd Kc 7c 8d 9h")}
    result = showdown(hands, shared=shared)
    assert result.value == ["Ava"]  # trip aces with the shared ace beat trip kings
    assert best_hands(hands, shared)["Ava"].words.startswith("three of a kind, aces")
    assert 'HPD "The rare shared seventh card is an exception"' in result.citations


def test_winners_are_listed_in_seat_order():
    hands = {"Cara": p("As Kc Qh Jd 9s"), "Ava": p("Ah Kd Qc Js 9d"), "Ben": p("2c 3d 4h 5s 7c")}
    assert showdown(hands).value == ["Cara", "Ava"]


def test_opr678_a_player_with_no_cards_left_cannot_win_and_the_step_says_so():
    result = showdown({"Ava": [], "Ben": p("2c 3d")})
    assert result.value == ["Ben"]
    assert "Ava has no cards left" in result.explain()
    assert 'OPR-678 "Incomplete hands"' in result.citations


def test_showdown_needs_a_live_player():
    with pytest.raises(ValueError):
        showdown({"Ava": p("As")}, folded={"Ava"})


def test_odd_unit_goes_to_the_first_winner_clockwise_from_the_dealers_left_as_course_default():
    answer = split_pot(125, ["Ben", "Ava"], ["Ava", "Ben", "Cara"])
    assert answer.value == {"Ava": 63, "Ben": 62}
    assert answer.steps[-1].course_default
    assert "course's own default" in answer.steps[-1].text
    three = split_pot(100, ["Cara", "Ava", "Ben"], ["Ava", "Ben", "Cara"]).value
    assert three == {"Ava": 34, "Ben": 33, "Cara": 33} and sum(three.values()) == 100


def test_odd_unit_uses_a_profile_option_citation_when_given():
    class Option:
        value = "seat-order"
        cite = ("1917 \"Showdown\"",)
        course_default = False

    answer = split_pot(9, ["Ava", "Ben"], ["Ava", "Ben"], Option())
    assert answer.value == {"Ava": 5, "Ben": 4}
    assert answer.citations[-1] == '1917 "Showdown"'
    assert not answer.steps[-1].course_default


def test_unknown_odd_unit_rule_is_an_error():
    class Option:
        value = "high-card-by-suit"

    with pytest.raises(ValueError, match="high-card-by-suit"):
        split_pot(9, ["Ava", "Ben"], ["Ava", "Ben"], Option())
