"""Hand values, named after the rule and source each test checks."""

import pytest
from hypothesis import given, settings, strategies as st

from course.cards import DECK
from course.hands import Category, evaluate, fast_value, hand_value


def v(text):
    return hand_value(text)


# --- HPD "Best five of your seven, with no borrowed cards": the familiar high-hand order ---

@pytest.mark.parametrize("cards, category", [
    ("As Ks Qs Js Ts 2c 3d", Category.STRAIGHT_FLUSH),
    ("9c 9d 9h 9s 2c 3d 4h", Category.FOUR_OF_A_KIND),
    ("9c 9d 9h 2s 2c 3d 4h", Category.FULL_HOUSE),
    ("Qc Jc Tc 8c 4c 6d 3s", Category.FLUSH),
    ("9c Td Jh Qs Kc 2d 2h", Category.STRAIGHT),
    ("9c 9d 9h Qs Kc 2d 4h", Category.THREE_OF_A_KIND),
    ("As 7d Ah Ks Kd 2c 9h", Category.TWO_PAIR),
    ("As 7d Ah Ks Qd 2c 9h", Category.ONE_PAIR),
    ("As 7d Jh Ks Qd 2c 9h", Category.HIGH_CARD),
])
def test_hpd_best_five_category_of_seven_cards(cards, category):
    assert evaluate(cards).category is category


def test_hpd_category_order_straight_flush_down_to_high_card():
    ladder = ["5h 4h 3h 2h Ah", "9c 9d 9h 9s 2c", "9c 9d 9h 2s 2c", "Qc Jc Tc 8c 4c", "9c Td Jh Qs Kc",
              "9c 9d 9h Qs Kc", "As Ah Ks Kd 2c", "As Ah Ks Qd 2c", "As Jh Ks Qd 9c"]
    values = [v(h) for h in ladder]
    assert values == sorted(values, reverse=True)


def test_hpd_ace_plays_low_in_the_wheel():
    hand = evaluate("As 2c 3d 4h 5s Kd Kc")
    assert hand.category is Category.STRAIGHT
    assert hand.words == "five-high straight (the ace plays low)"
    assert v("As 2c 3d 4h 5s") < v("2c 3d 4h 5s 6d")


def test_hpd_ace_never_wraps_king_ace_deuce():
    assert evaluate("Qs Kd Ac 2h 3s").category is Category.HIGH_CARD
    assert evaluate("Js Qs Ks As 2s").category is Category.FLUSH  # a flush, but no straight flush


def test_hpd_suits_never_break_a_tie():
    assert v("As Ks Qd Jd 9c") == v("Ah Kh Qc Jc 9d")
    assert v("Qc Jc Tc 8c 4c") == v("Qh Jh Th 8h 4h")


def test_hpd_ties_stop_at_the_fifth_card():
    # HPD exercise 6: the unused nine and eight do not act as sixth-card kickers.
    assert v("As Kc Qh Jd 9s 4c Th") == v("Ah Kd Qc Js 8d 3c Ts")
    assert v("As Ad Kc Qh Jd 9s 8c") == v("Ah Ac Kd Qs Jc 3d 2h")
    assert v("As Ad Kc Qh Jd") > v("Ah Ac Kd Qs Td")  # but the fifth card does count


def test_hpd_royal_flush_is_the_top_straight_flush():
    royal = evaluate("As Ks Qs Js Ts")
    assert royal.category is Category.STRAIGHT_FLUSH
    assert royal.value > v("Kh Qh Jh Th 9h")
    assert "royal flush" in royal.words


def test_flush_needs_five_of_one_suit_and_uses_the_top_five():
    hand = evaluate("Ac Tc 8c 6c 4c 2c Kd")
    assert [str(c) for c in hand.cards] == ["A♣", "10♣", "8♣", "6♣", "4♣"]


def test_eight_cards_can_hold_a_full_house_and_a_flush():
    # Horn-A-Vika's eight cards: the full house is the better hand.
    assert evaluate("Ks Kh Kd 8s 8c 2s 3s 4s").category is Category.FULL_HOUSE


def test_two_trips_make_a_full_house_of_the_higher_trips():
    hand = evaluate("Kh Kd Ks 8h 8c 8d 2c")
    assert hand.words == "full house, kings full of eights"


# --- OPR-678 "Incomplete hands" and "A short hand still wins" ---

def test_opr678_short_hand_still_wins_queens_in_four_beat_jacks_in_eight():
    four = evaluate("Q♠ Q♦ 6♣ 2♥")
    eight = evaluate("J♠ J♥ 9♦ 7♣ 5♠ 3c 2d 4h")
    assert four > eight
    assert [str(c) for c in four.cards] == ["Q♠", "Q♦", "6♣", "2♥"]
    assert [str(c) for c in eight.cards] == ["J♠", "J♥", "9♦", "7♣", "5♠"]


def test_opr678_a_pair_beats_no_pair_whatever_the_number_of_cards():
    assert v("2c 2d") > v("As Kd Qh Jc 9s 7d 5c")
    assert v("3c 3d") > v("Ah")


def test_opr678_same_kind_compares_from_the_top_and_a_missing_card_ranks_below_a_deuce():
    assert v("Qs Qd 6c 2h") < v("Qh Qc 6d 2s 3c")
    assert v("Ah") < v("Ac 2d")
    assert v("Ks Qd") > v("Kh Jd 9c 8s 7h")


def test_short_hands_make_no_straight_flush_or_full_house():
    assert evaluate("2c 3c 4c 5c").category is Category.HIGH_CARD
    assert evaluate("9c 9d 9h 2s").category is Category.THREE_OF_A_KIND
    assert evaluate("9c 9d 9h 9s").category is Category.FOUR_OF_A_KIND
    assert evaluate("9c 9d 2h 2s").category is Category.TWO_PAIR


def test_hpd_exposed_four_flush_is_not_a_flush_and_four_in_a_row_not_a_straight():
    # HPD "Later streets begin with the strongest exposed hand"
    four_hearts = evaluate("Ah Kh 7h 3h")
    four_in_a_row = evaluate("9c Td Jh Qs")
    a_pair = evaluate("2c 2d 3h 4s")
    assert four_hearts.category is four_in_a_row.category is Category.HIGH_CARD
    assert a_pair > four_hearts and a_pair > four_in_a_row


def test_hpd_exposed_pair_beats_unpaired_ace_high_and_trips_beat_a_pair():
    assert v("K♥ K♦") > v("A♣ Q♠")
    assert v("8♥ 8♣ 8♦") > v("A♣ Q♠ A♥") > v("K♥ K♦ 2♣")


# --- words a learner understands ---

@pytest.mark.parametrize("cards, words", [
    ("A♠ 7♦ A♥ K♠ K♦ 2♣ 9♥", "two pair, aces and kings, nine kicker"),
    ("A♠ K♣ Q♥ J♦ 9♠ 4♣ 10♥", "ace-high straight"),
    ("As 2c 3d 4h 5s", "five-high straight (the ace plays low)"),
    ("Q♣ J♣ 10♣ 8♣ 4♣ 6♦ 3♠", "queen-high flush in clubs (jack, ten, eight and four behind it)"),
    ("Q♠ Q♦ 6♣ 2♥", "one pair, queens, with six and two (a short hand of four cards)"),
    ("6c 6d 6h 6s Kd", "four of a kind, sixes, king kicker"),
    ("K♠", "king high"),         # a single door card is a card, not "a short hand of one card"
])
def test_words(cards, words):
    assert evaluate(cards).words == words


def test_an_empty_hand_is_an_error():
    with pytest.raises(ValueError):
        evaluate([])


def test_more_than_twelve_cards_still_evaluates():
    hand = evaluate(DECK[:13])  # all the clubs
    assert hand.category is Category.STRAIGHT_FLUSH


# --- the two paths always agree; chosen cards realise the value (hypothesis) ---

hands = st.lists(st.sampled_from(DECK), min_size=1, max_size=8, unique=True)


@settings(max_examples=600, deadline=None)
@given(hands, st.randoms())
def test_card_order_never_changes_a_value(cards, rnd):
    shuffled = cards[:]
    rnd.shuffle(shuffled)
    assert hand_value(cards) == hand_value(shuffled)


@settings(max_examples=600, deadline=None)
@given(hands)
def test_chosen_cards_are_a_subset_and_worth_the_whole_hand(cards):
    full = evaluate(cards)
    assert set(full.cards) <= set(cards)
    assert len(full.cards) == min(5, len(cards))
    assert hand_value(list(full.cards)) == full.value


@settings(max_examples=600, deadline=None)
@given(hands)
def test_fast_path_and_full_path_agree(cards):
    assert fast_value([c.code for c in cards]) == evaluate(cards).value


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=6, max_size=8, unique=True))
def test_best_five_is_the_best_of_all_five_card_subsets(cards):
    from itertools import combinations

    assert evaluate(cards).value == max(hand_value(list(c)) for c in combinations(cards, 5))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=9, max_size=12, unique=True))
def test_hands_beyond_the_table_are_the_best_of_their_five_card_subsets(cards):
    from itertools import combinations

    assert fast_value([c.code for c in cards]) == max(hand_value(list(c)) for c in combinations(cards, 5))
