"""The dealing-irregularity repairs (course/engine/irregularities.py), each against its article of
Robert's Rules on concrete deals: RRP-H 8.5 (a hole card dealt face up), 8.9 (the wrong player
marked low) and 8.14 (cards dealt before the betting is over)."""

from __future__ import annotations

import pytest

from course import rules
from course.cards import Card, parse_cards
from course.engine import irregularities as irr

SEATS = ["Ava", "Ben", "Cara", "Drew"]
STARS = rules.load_profile("pokerstars")


def doors(**cards: str) -> dict[str, Card]:
    return {p: Card.parse(c) for p, c in cards.items()}


def cited(repair, key: str) -> bool:
    """The repair's first step (what the mistake changes) cites its article."""
    return key in repair.steps[0].cite or repair.kind == "wrong-bring-in" and key in repair.steps[-1].cite


# --- RRP-H 8.5 ------------------------------------------------------------------------------

def test_an_exposed_hole_card_that_is_lowest_forces_no_bring_in_and_the_player_on_its_left_acts():
    repair = irr.hole_card_up(SEATS, doors(Ava="9♥", Ben="3♣", Cara="A♠", Drew="4♦"), "Ben", [Card.parse("3♣")], STARS)
    assert repair.bring_in is None
    assert repair.first == "Cara"
    assert repair.live == {"Ben": True} and repair.third_card_down == ("Ben",)
    assert cited(repair, "RRP-H 8.5")
    assert not any(s.text == "Ben brings in." for s in repair.steps)     # the usual conclusion is not given


def test_the_player_on_the_left_of_the_last_seat_is_the_first_seat():
    repair = irr.hole_card_up(SEATS, doors(Ava="9♥", Ben="K♣", Cara="A♠", Drew="2♦"), "Drew", [Card.parse("2♦")], STARS)
    assert (repair.bring_in, repair.first) == (None, "Ava")


def test_an_exposed_hole_card_that_is_not_lowest_leaves_the_bring_in_where_it_was():
    repair = irr.hole_card_up(["Ava", "Ben", "Cara"], doors(Ava="Q♦", Ben="4♣", Cara="7♦"), "Ava",
                              [Card.parse("Q♦")], STARS)
    assert (repair.bring_in, repair.first) == ("Ben", "Ben")
    assert repair.live == {"Ava": True}


def test_both_hole_cards_up_kill_the_hand_return_its_ante_and_the_others_settle_the_bring_in():
    repair = irr.hole_card_up(SEATS, doors(Ava="8♦", Cara="Q♥", Drew="5♠"), "Ben", parse_cards("2♦ 7♣"), STARS)
    assert repair.live == {"Ben": False} and repair.ante_returned == ("Ben",)
    assert (repair.bring_in, repair.first) == ("Drew", "Drew")        # not Ben, whose 2♦ is lowest of all
    assert cited(repair, "RRP-H 8.5")


def test_the_exposed_card_must_be_the_players_card_showing():
    with pytest.raises(irr.IrregularityError, match="exposed"):
        irr.hole_card_up(SEATS, doors(Ava="9♥", Ben="3♣", Cara="A♠", Drew="4♦"), "Ben", [Card.parse("5♣")], STARS)


# --- RRP-H 8.9 ------------------------------------------------------------------------------

WRONG = doors(Ava="3♦", Ben="3♣", Cara="10♠", Drew="K♥")     # Ben's 3♣ is low under the suit rule


def test_a_wrong_bring_in_before_the_next_player_acts_goes_back_and_the_true_low_card_brings_in():
    repair = irr.wrong_bring_in(SEATS, WRONG, "Ava", False, STARS)
    assert repair.bet_stands is False
    assert (repair.bring_in, repair.first) == ("Ben", "Ben")
    assert cited(repair, "RRP-H 8.9")


def test_a_wrong_bring_in_after_the_next_player_acted_stands_and_the_true_low_card_owes_nothing():
    repair = irr.wrong_bring_in(SEATS, WRONG, "Ava", True, STARS)
    assert repair.bet_stands is True
    assert repair.bring_in is None and repair.first == "Ava"


def test_the_true_low_card_is_the_profiles_own_seat_rule_under_1917():
    seat_rule = rules.load_profile("1917poker")       # equal ranks: the seat decides
    repair = irr.wrong_bring_in(SEATS, WRONG, "Ben", False, seat_rule)
    assert repair.bring_in == "Ava"


def test_the_true_low_card_cannot_be_the_wrong_one():
    with pytest.raises(irr.IrregularityError, match="true low card"):
        irr.wrong_bring_in(SEATS, WRONG, "Ben", False, STARS)


# --- RRP-H 8.14 -----------------------------------------------------------------------------

DECK = parse_cards("K♣ 5♦ 9♣ 3♠ 10♦ A♥ 4♣ 6♦")


def test_cards_dealt_too_soon_and_one_per_player_still_in_are_set_aside_then_a_burn_and_the_deal():
    repair = irr.dealt_too_soon(SEATS, ["Ava", "Ben", "Drew"], parse_cards("Q♦ 2♣"), DECK)
    assert repair.set_aside == tuple(parse_cards("Q♦ 2♣ K♣ 5♦ 9♣"))
    assert repair.next_cards == {"Ava": Card.parse("10♦"), "Ben": Card.parse("A♥"), "Drew": Card.parse("4♣")}
    assert cited(repair, "RRP-H 8.14")


def test_a_player_who_folds_in_the_round_is_not_counted_and_gets_no_card():
    three = irr.dealt_too_soon(SEATS, ["Ava", "Cara", "Drew"], parse_cards("Q♦"), DECK)
    assert "Ben" not in three.next_cards
    assert three.next_cards == {"Ava": Card.parse("10♦"), "Cara": Card.parse("A♥"), "Drew": Card.parse("4♣")}
    with pytest.raises(irr.IrregularityError, match="uses 9"):      # all four still in: 4 aside, 1 burnt, 4 dealt
        irr.dealt_too_soon(SEATS, SEATS, parse_cards("Q♦"), DECK)


def test_a_deck_too_short_for_the_repair_says_how_many_cards_it_needs():
    with pytest.raises(irr.IrregularityError, match="uses 7"):
        irr.dealt_too_soon(SEATS, ["Ava", "Ben", "Drew"], parse_cards("Q♦"), DECK[:6])


def test_every_repair_is_data_with_a_citation():
    data = irr.repairs()
    assert set(data) == set(irr.KINDS)
    assert {k: tuple(v["cite"]) for k, v in data.items()} == {
        "hole-card-up": ("RRP-H 8.5",), "wrong-bring-in": ("RRP-H 8.9",), "dealt-too-soon": ("RRP-H 8.14",)}
    assert all(key in rules.citations() for v in data.values() for key in v["cite"])
