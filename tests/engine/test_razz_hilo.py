"""Razz (RRP-H 9) and Seven-Card Stud Hi-Lo (RRP-H 10) on the one engine: the bring-in, the
opener, the pot and its halves, and the asks, each test named after the rule it checks.

Every answer here comes from the engine reading the game spec (`orders`) and the profile's
options (`bring_in_card`, `bring_in_ace`, `later_round_opens`, `low_order`, `pot_halves`,
`odd_unit`); the expected values are worked out by hand from the rule, in the test's comment.
"""

from __future__ import annotations

import pytest

from course import amounts, content
from course.asks import solvers
from course.engine import turn
from course.cards import parse_cards as p
from course.games import GAMES, STUD_ASKS
from course.rules import default_profile, load_profile
from course.engine.showdown import award, pot_halves, showdown, split_pot

RAZZ = default_profile("razz")
HILO = default_profile("stud-hi-lo")
STUD = default_profile("stud-high")
SEATS = ["Ava", "Ben", "Cara", "Drew"]


# --- bring-in ----------------------------------------------------------------------------------


def test_razz_the_highest_door_card_brings_in():
    assert turn.bring_in(SEATS, {"Ava": "Q♦", "Ben": "7♣", "Cara": "K♣", "Drew": "2♠"}, RAZZ).value == "Cara"


def test_razz_the_ace_is_low_for_the_bring_in():
    # A♠ would be the highest card in Stud High; in razz it is the lowest, so the 9 brings in.
    answer = turn.bring_in(SEATS[:3], {"Ava": "A♠", "Ben": "9♦", "Cara": "3♥"}, RAZZ)
    assert answer.value == "Ben"
    assert "an ace counts low" in answer.explain()


def test_razz_a_door_tie_goes_to_the_highest_suit_the_king_of_spades_highest():
    doors = {"Ava": "K♥", "Ben": "K♠", "Cara": "K♦", "Drew": "4♣"}
    assert turn.bring_in(SEATS, doors, RAZZ).value == "Ben"


def test_hi_lo_the_lowest_door_card_brings_in_with_the_ace_high():
    answer = turn.bring_in(SEATS[:3], {"Ava": "A♣", "Ben": "2♥", "Cara": "5♠"}, HILO)
    assert answer.value == "Ben"
    assert "an ace counts high" in answer.explain()
    # a rank tie goes to the lower suit, clubs lowest
    assert turn.bring_in(SEATS[:3], {"Ava": "2♥", "Ben": "2♣", "Cara": "A♠"}, HILO).value == "Ben"


def test_stud_high_bring_in_is_unchanged_by_the_new_options():
    assert not STUD.has("bring_in_card")
    assert turn.bring_in(SEATS[:3], {"Ava": "A♣", "Ben": "2♥", "Cara": "2♦"}, STUD).value == "Cara"


# --- opener ------------------------------------------------------------------------------------


def test_razz_the_lowest_hand_showing_opens_later_streets():
    rows = {"Ava": "8♣ 7♦", "Ben": "5♠ 4♦", "Cara": "K♥ 2♦"}
    assert turn.opener(SEATS[:3], rows, RAZZ, street="fourth").value == "Ben"


def test_razz_a_pair_showing_counts_against_the_row():
    # 3-3 is the lowest pair, but any row without a pair is lower: K-Q opens.
    rows = {"Ava": "3♣ 3♦", "Ben": "K♠ Q♦", "Cara": "A♥ A♦"}
    answer = turn.opener(SEATS[:3], rows, RAZZ, street="fourth")
    assert answer.value == "Ben"
    assert "counts against" in answer.explain()


def test_razz_a_four_card_straight_or_flush_showing_is_a_plain_low():
    # 5-4-3-2 of hearts is the lowest row there is; no straight or flush counts against it.
    rows = {"Ava": "6♣ 4♦ 3♣ 2♠", "Ben": "5♥ 4♥ 3♥ 2♥"}
    assert turn.opener(SEATS[:2], rows, RAZZ, street="sixth").value == "Ben"


def test_razz_equal_low_rows_go_to_the_first_player_clockwise_from_the_dealer():
    rows = {"Ava": "9♣ 6♦", "Ben": "6♠ 9♥", "Cara": "7♥ 6♣"}
    assert turn.opener(SEATS[:3], {"Ava": rows["Ava"], "Ben": rows["Ben"]}, RAZZ, street="fourth").value == "Ava"
    assert turn.opener(SEATS[:3], rows, RAZZ, street="fourth").value == "Cara"


def test_hi_lo_the_high_hand_showing_opens_later_streets():
    rows = {"Ava": "5♣ 4♦", "Ben": "K♠ 2♦", "Cara": "9♥ 9♦"}
    assert turn.opener(SEATS[:3], rows, HILO, street="fourth").value == "Cara"


def test_an_exposed_pair_never_changes_the_bet_size_in_razz_or_hi_lo():
    for game in ("razz", "stud-hi-lo"):
        profile = default_profile(game)
        assert profile.value("second_round_pair") == "off" and GAMES[game].pair_street is None
        assert GAMES[game].bet_size("fourth", profile) == "small"


# --- the pot -----------------------------------------------------------------------------------


WHEEL = p("A♠ 2♦ 3♣ 4♥ 5♠ K♦ K♣")          # a straight for high, the wheel for low
FULL = p("Q♠ Q♦ Q♣ 9♥ 9♠ 2♣ 3♦")            # queens full, no low
SIX_LOW = p("A♦ 2♥ 3♦ 4♣ 6♠ J♦ J♣")          # six-four low, a pair of jacks for high
NINE = p("9♣ 8♦ 7♣ 6♦ 4♦ K♥ 10♣")            # nine-eight low: no qualifying low


def test_razz_the_lowest_hand_wins_and_a_pair_counts_against_it():
    hands = {"Ava": p("8♣ 8♦ 2♣ 2♥ 4♦ 4♠ 9♥"), "Ben": p("K♣ Q♦ J♣ 10♥ 9♦ K♠ Q♥")}
    # Ava holds only four ranks, so her best low keeps a pair (of deuces); Ben's
    # worst-looking K-Q-J-10-9 has no pair, so it is lower.
    assert showdown(hands, profile=RAZZ).value == ["Ben"]


def test_razz_straights_and_flushes_do_not_count_against_a_low():
    hands = {"Ava": p("A♥ 2♥ 3♥ 4♥ 5♥ K♣ Q♣"), "Ben": p("A♣ 2♦ 3♠ 4♦ 6♣ K♦ Q♦")}
    assert showdown(hands, profile=RAZZ).value == ["Ava"]   # the wheel, suited, beats six-four


def test_razz_a_tied_pot_gives_the_odd_unit_to_the_lowest_card_by_suit_the_ace_low():
    hands = {"Ava": p("A♠ 2♦ 3♣ 4♥ 5♠ K♦ K♣"), "Ben": p("A♣ 2♣ 3♦ 4♣ 5♥ 9♣ 9♦")}
    assert award(hands, 75, ["Ava", "Ben"], profile=RAZZ).value == {"Ava": 37, "Ben": 38}  # A♣ lowest


def test_hi_lo_the_pot_splits_when_a_low_qualifies_and_the_odd_unit_goes_high():
    hands = {"Ava": WHEEL, "Ben": FULL, "Cara": SIX_LOW}
    assert pot_halves(75, hands, ["Ava", "Ben", "Cara"], profile=HILO).value == \
        {"high": {"Ben": 38}, "low": {"Ava": 37}}
    assert award(hands, 75, ["Ava", "Ben", "Cara"], profile=HILO).value == {"Ava": 37, "Ben": 38}


def test_hi_lo_a_pot_with_cents_halves_to_the_cent_the_odd_cent_going_high():
    # RRP-H 3 "Ties" 3: split to the smallest unit in play, the cent; RRP-H 10.9: the odd one
    # goes to the high half. 99.50 halves exactly (49.75 each); 99.55 is 9,955 cents: 4,977 low,
    # 4,978 high. (Halving with // in units gave 50.50 against 49.)
    hands = {"Ava": WHEEL, "Ben": FULL, "Cara": SIX_LOW}
    seats = ["Ava", "Ben", "Cara"]
    even = pot_halves(amounts.parse("99.50"), hands, seats, profile=HILO)
    assert even.value == {"high": {"Ben": amounts.parse("49.75")}, "low": {"Ava": amounts.parse("49.75")}}
    odd = pot_halves(amounts.parse("99.55"), hands, seats, profile=HILO)
    assert odd.value == {"high": {"Ben": amounts.parse("49.78")}, "low": {"Ava": amounts.parse("49.77")}}
    said = odd.explain()
    assert "the odd cent goes to the high half" in said and 'COURSE "Odd cent"' in said
    # players tying both halves: each one's share halves to the cent too, and the pot adds up
    both = {"Ava": p("A♣ 2♦ 3♣ 4♥ 5♠ K♦ K♣"), "Ben": p("A♠ 2♣ 3♦ 4♣ 5♥ 9♣ 9♦")}
    tied = pot_halves(amounts.parse("75.50"), both, ["Ava", "Ben"], profile=HILO).value
    assert sum(v for half in tied.values() for v in half.values()) == amounts.parse("75.50")
    assert tied == {"high": {"Ava": amounts.parse("18.88"), "Ben": amounts.parse("18.88")},
                    "low": {"Ava": amounts.parse("18.87"), "Ben": amounts.parse("18.87")}}


def test_hi_lo_the_high_hand_scoops_when_no_low_qualifies():
    hands = {"Ben": FULL, "Drew": NINE}     # a nine "low" does not qualify
    halves = pot_halves(40, hands, SEATS, profile=HILO)
    assert halves.value == {"high": {"Ben": 40}, "low": None}
    assert "no qualifying low" in halves.explain().lower()


def test_hi_lo_a_wheel_wins_both_halves_with_different_five_cards():
    # Ava: 6-5-4-3-2 straight for high, A-2-3-4-5 wheel for low (different fives), against a
    # pair of kings and a seven-low.
    ava = p("A♠ 2♦ 3♣ 4♥ 5♠ 6♦ K♣")
    hands = {"Ava": ava, "Ben": p("K♠ K♦ 9♣ 8♥ 2♠ 3♦ J♣"), "Cara": p("A♦ 2♥ 3♦ 4♣ 7♠ Q♦ Q♣")}
    answer = pot_halves(60, hands, ["Ava", "Ben", "Cara"], profile=HILO)
    assert answer.value == {"high": {"Ava": 30}, "low": {"Ava": 30}}
    assert award(hands, 60, ["Ava", "Ben", "Cara"], profile=HILO).value == {"Ava": 60}
    assert "different cards" in answer.explain()


def test_hi_lo_quartering_a_tied_low_splits_its_half():
    # Ben's full house takes the high half (30); Ava and Cara hold the same six-four low and
    # split the low half (30): 15 each, a quarter of the pot.
    hands = {"Ava": p("A♠ 2♦ 3♣ 4♥ 6♠ K♦ Q♣"), "Ben": FULL, "Cara": p("A♣ 2♠ 3♥ 4♦ 6♣ J♥ 10♦")}
    assert award(hands, 60, ["Ava", "Ben", "Cara"], profile=HILO).value == {"Ava": 15, "Ben": 30, "Cara": 15}


def test_hi_lo_the_odd_unit_of_a_tied_low_half_goes_to_the_lowest_card_by_suit():
    # Pot 62: high 31, low 31 split by Ava and Cara, 15 each and one over, to the lowest card
    # by suit with the ace low: Cara's A♣ below Ava's A♠.
    hands = {"Ava": p("A♠ 2♦ 3♣ 4♥ 6♠ K♦ Q♣"), "Ben": FULL, "Cara": p("A♣ 2♠ 3♥ 4♦ 6♣ J♥ 10♦")}
    assert pot_halves(62, hands, ["Ava", "Ben", "Cara"], profile=HILO).value == \
        {"high": {"Ben": 31}, "low": {"Ava": 15, "Cara": 16}}


def test_hi_lo_players_tying_both_halves_share_the_pot_the_odd_unit_to_the_highest_card():
    hands = {"Ava": p("A♣ 2♦ 3♣ 4♥ 5♠ K♦ K♣"), "Ben": p("A♠ 2♣ 3♦ 4♣ 5♥ 9♣ 9♦")}
    assert award(hands, 75, ["Ava", "Ben"], profile=HILO).value == {"Ava": 37, "Ben": 38}   # A♠


def test_split_pot_takes_the_eligible_hands_of_one_pot():
    # what a side pot calls: the pot and the hands of the players in it
    hands = {"Ava": WHEEL, "Ben": FULL, "Cara": SIX_LOW}
    assert split_pot(75, hands, ["Ava", "Ben", "Cara"], profile=HILO).value == {"Ava": 37, "Ben": 38}
    assert split_pot(20, {"Ben": FULL, "Cara": SIX_LOW}, ["Ava", "Ben", "Cara"], profile=HILO).value == \
        {"Ben": 10, "Cara": 10}
    assert split_pot(20, ["Ava", "Ben"], ["Ava", "Ben"]).value == {"Ava": 10, "Ben": 10}   # named winners


# --- asks --------------------------------------------------------------------------------------


HILO_DEAL = """\
id: t-hilo
title: test
game: stud-hi-lo
street: showdown
seats: [Ava, Ben, Cara]
pot: 75
hands:
  Ava:  {down: A♠ 2♦ K♣, up: 3♣ 4♥ 5♠ K♦}
  Ben:  {down: Q♠ Q♦ 2♣, up: Q♣ 9♥ 9♠ 3♦}
  Cara: {down: A♦ 2♥ J♣, up: 3♥ 4♣ 6♠ J♦}
questions:
"""


def _ask(text: str, deal: str = HILO_DEAL):
    exercise, problems = content.parse_exercise(deal + text, "t.yaml")
    assert exercise is not None and not problems, problems
    return exercise, exercise.questions[0]


@pytest.mark.parametrize("question, expected", [
    ("  - {ask: winners}\n", ["Ben"]),
    ("  - {ask: winners, side: high}\n", ["Ben"]),
    ("  - {ask: winners, side: low}\n", ["Ava"]),
    ("  - {ask: category, player: Cara, side: low}\n", "high card"),
    ("  - {ask: category, player: Cara}\n", "one pair"),
    ("  - {ask: qualifies, player: Ben}\n", False),
    ("  - {ask: qualifies, player: Cara}\n", True),
    ("  - {ask: award}\n", {"Ava": 37, "Ben": 38}),
    ("  - {ask: halves}\n", {"high": {"Ben": 38}, "low": {"Ava": 37}}),
])
def test_the_showdown_asks_take_a_side_and_the_new_asks_answer_from_the_same_award(question, expected):
    exercise, q = _ask(question)
    value = solvers.answer(exercise, q).value
    assert solvers.kind_of(exercise, q).same(value, expected)


def test_a_best_five_for_low_is_checked_as_a_low():
    exercise, q = _ask("  - {ask: best_five, player: Cara, side: low}\n")
    assert solvers.is_correct(exercise, q, ["A♦", "2♥", "3♥", "4♣", "6♠"])
    assert solvers.is_correct(exercise, q, ["A♦", "2♥", "3♥", "4♣", "6♠"][::-1])
    assert not solvers.is_correct(exercise, q, ["A♦", "2♥", "3♥", "4♣", "J♣"])


def test_halves_answers_say_no_qualifying_low_in_words():
    kind = solvers.KINDS["halves"]
    assert kind.same({"high": {"Ben": 40}, "low": "none"}, {"high": {"Ben": 40}, "low": None})
    assert not kind.same({"high": {"Ben": 20}, "low": {"Ava": 20}}, {"high": {"Ben": 40}, "low": None})
    assert kind.words({"high": {"Ben": 40}, "low": None}) == "high: Ben 40; low: no qualifying low"
    assert kind.diff({"high": {"Ben": 20}, "low": {"Ava": 20}}, {"high": {"Ben": 40}, "low": None}) == \
        ["high Ben", "low"]


def test_an_unknown_side_is_refused_with_the_sides_the_game_has():
    exercise, q = _ask("  - {ask: winners, side: middle, answer: [Ava]}\n")
    (problem,) = solvers.check_exercise(exercise)
    assert problem.line == q.line and "expected 'high' or 'low'" in problem.message


def test_every_stud_ask_is_answered_in_both_games():
    for game in ("razz", "stud-hi-lo"):
        assert set(STUD_ASKS) <= set(GAMES[game].stud_asks)
    assert {"halves", "qualifies"} <= set(GAMES["stud-hi-lo"].stud_asks)


def test_a_razz_exercise_answers_every_stud_ask_with_razz_rules():
    deal = """\
id: t-razz
title: test
game: razz
street: fourth
seats: [Ava, Ben, Cara]
pot: 9
hands:
  Ava:  {down: 2♣ 3♣, up: K♠ 4♦}
  Ben:  {down: 4♣ 5♣, up: A♥ 7♦}
  Cara: {down: 6♣ 7♣, up: K♥ 8♦}
actions: [Ben checks]
questions:
"""
    cases = [("  - {ask: bring_in}\n", "Ava"), ("  - {ask: opener}\n", "Ben"),
             ("  - {ask: action_order}\n", ["Ben", "Cara", "Ava"]),
             ("  - {ask: legal_action, action: Cara bets 8, after: 1}\n", False),
             ("  - {ask: legal_action, action: Cara bets 4, after: 1}\n", True)]
    for text, expected in cases:
        exercise, q = _ask(text, deal)
        assert solvers.kind_of(exercise, q).same(solvers.answer(exercise, q).value, expected), text
