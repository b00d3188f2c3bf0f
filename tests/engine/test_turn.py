"""Bring-in, opener, action order and the shared card, named after the rule and source checked."""

from __future__ import annotations

import random

import pytest

from course.cards import DECK, parse_cards
from course.rules import load_profile
from course.engine.turn import (
    action_order,
    bring_in,
    exposed_pairs,
    first_to_act,
    needs_shared_card,
    opener,
    starting_order,
)

POKERSTARS = load_profile("pokerstars")
WSOP = load_profile("wsop-2026")
P1917 = load_profile("1917poker")

HPD_1_SEATS = ["Ava", "Ben", "Cara", "Drew"]
HPD_1_HANDS = {
    "Ava": ("K♣ Q♦", "2♥"),
    "Ben": ("9♠ 9♦", "2♣"),
    "Cara": ("7♥ 8♥", "A♠"),
    "Drew": ("5♣ 6♣", "4♦"),
}
HPD_4_SEATS = ["Ben", "Cara", "Ava"]  # the deal started with Ben
HPD_4_ROWS = {"Ava": "Q♣ Q♦ 9♥ 3♠", "Ben": "Q♥ Q♠ 9♣ 3♦", "Cara": "A♣ K♦ J♥ 8♠"}


# --- HPD exercise 1: the bring-in and the clockwise order ---------------------------------


def test_hpd_exercise_1_who_brings_in_ben_by_the_pokerstars_suit_order():
    answer = first_to_act("third", HPD_1_SEATS, HPD_1_HANDS, POKERSTARS)
    assert answer.value == "Ben"
    assert "PokerStars Stud High (via HPD)" in answer.citations
    assert any("2♣" in step.text and "2♥" in step.text for step in answer.steps)


def test_hpd_exercise_1_starting_order_ben_cara_drew_ava():
    answer = starting_order("third", HPD_1_SEATS, HPD_1_HANDS, POKERSTARS)
    assert answer.value == ["Ben", "Cara", "Drew", "Ava"]
    # Ava's deuce is the next-lowest door card, yet she acts last: no re-sorting by card.
    assert answer.value.index("Ava") == 3


def test_hpd_exercise_1_bens_private_pair_changes_neither_answer():
    for down in ("2♦ 3♦", "A♦ A♥", "J♠ 10♠"):
        hands = dict(HPD_1_HANDS, Ben=(down, "2♣"))
        assert first_to_act("third", HPD_1_SEATS, hands, POKERSTARS).value == "Ben"
        assert starting_order("third", HPD_1_SEATS, hands, POKERSTARS).value == ["Ben", "Cara", "Drew", "Ava"]


# --- HPD exercises 2 to 4: openers -------------------------------------------------------


def test_hpd_exercise_2_ava_opens_with_exposed_kings_over_eights_and_ace_queen():
    rows = {"Ava": "K♥ K♦", "Ben": "A♣ Q♠", "Cara": "8♥ 8♣"}
    answer = opener(["Ava", "Ben", "Cara"], rows, POKERSTARS)
    assert answer.value == "Ava"
    assert 'HPD "Later streets begin with the strongest exposed hand"' in answer.citations


def test_hpd_exercise_3_cara_opens_fifth_with_trips_then_ava_then_ben():
    hands = {"Ava": ((), "K♥ K♦ 2♣"), "Ben": ((), "A♣ Q♠ A♥"), "Cara": ((), "8♥ 8♣ 8♦")}
    assert first_to_act("fifth", ["Ava", "Ben", "Cara"], hands, POKERSTARS).value == "Cara"
    assert starting_order("fifth", ["Ava", "Ben", "Cara"], hands, POKERSTARS).value == ["Cara", "Ava", "Ben"]


def test_hpd_exercise_4_wsop_rule_219_tied_queens_ben_dealt_first_opens_sixth():
    answer = opener(HPD_4_SEATS, HPD_4_ROWS, WSOP, street="sixth")
    assert answer.value == "Ben"
    assert "WSOP 2026 rule 219 (via HPD)" in answer.citations
    assert not any(step.course_default for step in answer.steps)


def test_hpd_exercise_4_hidden_seventh_card_leaves_ben_first():
    hands = {p: ("2♣ 4♦ 5♥", row) for p, row in HPD_4_ROWS.items()}
    hands["Ava"] = ("A♠ A♦ A♥", HPD_4_ROWS["Ava"])  # a private full house for Ava changes nothing
    hands["Cara"] = ("7♣ 6♦ 5♠", HPD_4_ROWS["Cara"])
    hands["Ben"] = ("2♦ 4♥ 6♠", HPD_4_ROWS["Ben"])
    answer = first_to_act("seventh", HPD_4_SEATS, hands, WSOP)
    assert answer.value == "Ben"
    assert "HPD exercise 4" in answer.citations


def test_hpd_exercise_4_the_opener_changes_if_ben_folds():
    assert opener(HPD_4_SEATS, HPD_4_ROWS, WSOP, folded=["Ben"]).value == "Ava"


# --- HPD "The bring-in is decided before the hidden cards matter" --------------------------


@pytest.mark.parametrize(
    "profile, expected, course_default",
    # WSOP: HPD reports no rule, so the course's default follows RRP-H 8.1 ("lowest upcard by suit").
    [(POKERSTARS, "Ben", False), (WSOP, "Ben", True), (P1917, "Ava", False)],
    ids=["pokerstars-suit", "wsop-course-default-suit", "1917-seat"],
)
def test_deuce_tie_for_the_bring_in_under_each_profile(profile, expected, course_default):
    answer = bring_in(["Ava", "Ben", "Cara"], {"Ava": "2♥", "Ben": "2♣", "Cara": "5♠"}, profile)
    assert answer.value == expected
    tie_steps = [s for s in answer.steps if "share the lowest rank" in s.text]
    assert len(tie_steps) == 1
    assert tie_steps[0].course_default is course_default
    if course_default:
        assert "course's own default" in tie_steps[0].text


def test_1917_bring_in_tie_goes_to_the_seat_nearest_the_dealers_left_not_the_suit():
    # Drew sits first this time, so seat order and suit order disagree.
    answer = bring_in(["Drew", "Ava", "Ben"], {"Ava": "3♣", "Ben": "9♦", "Drew": "3♠"}, P1917)
    assert answer.value == "Drew"
    assert '1917 "Bring in"' in answer.citations


def test_ace_is_high_for_the_bring_in():
    assert bring_in(["Ava", "Ben"], {"Ava": "A♣", "Ben": "K♠"}, POKERSTARS).value == "Ben"
    assert bring_in(["Ava", "Ben"], {"Ava": "A♣", "Ben": "2♠"}, POKERSTARS).value == "Ben"


def test_hidden_cards_never_choose_the_bring_in_or_the_opener_random_deals():
    rng = random.Random(219)
    seats = ["Ava", "Ben", "Cara", "Drew", "Eve"]
    for _ in range(300):
        street = rng.choice(["third", "fourth", "fifth", "sixth"])
        ups = {"third": 1, "fourth": 2, "fifth": 3, "sixth": 4}[street]
        cards = rng.sample(DECK, len(seats) * (ups + 2) + 10)
        hands = {p: (cards[i * (ups + 2): i * (ups + 2) + 2], cards[i * (ups + 2) + 2: (i + 1) * (ups + 2)])
                 for i, p in enumerate(seats)}
        spare = cards[len(seats) * (ups + 2):]
        other = {p: (rng.sample(spare, 2), up) for p, (down, up) in hands.items()}
        assert (first_to_act(street, seats, hands, POKERSTARS).value
                == first_to_act(street, seats, other, POKERSTARS).value)


def test_bring_in_errors_name_the_bad_input():
    with pytest.raises(ValueError, match="'Zed'"):
        bring_in(["Ava", "Ben"], {"Ava": "2♣", "Zed": "3♣"}, POKERSTARS)
    with pytest.raises(ValueError, match="'Ava' twice"):
        bring_in(["Ava", "Ava"], {"Ava": "2♣"}, POKERSTARS)
    with pytest.raises(ValueError, match="no bring-in"):
        bring_in(["Ava", "Ben"], {"Ava": "2♣", "Ben": "3♣"}, load_profile("5cs-home"))


# --- HPD "Later streets begin with the strongest exposed hand" ----------------------------


def test_exposed_four_flush_and_four_straight_do_not_count():
    seats = ["Ava", "Ben", "Cara"]
    rows = {"Ava": "2♥ 5♥ 9♥ J♥", "Ben": "5♣ 6♦ 7♠ 8♣", "Cara": "3♣ 3♦ 4♠ 6♠"}
    answer = opener(seats, rows, POKERSTARS)
    assert answer.value == "Cara"  # a pair of threes beats both "draws"
    notes = [s.text for s in answer.steps]
    assert any("not a flush" in t for t in notes) and any("not a straight" in t for t in notes)
    # Without the pair, the jack-high row beats the eight-high "straight".
    assert opener(seats, {"Ava": rows["Ava"], "Ben": rows["Ben"]}, POKERSTARS).value == "Ava"


def test_exposed_pair_beats_unpaired_ace_high_and_trips_beat_a_pair():
    seats = ["Ava", "Ben", "Cara"]
    assert opener(seats, {"Ava": "A♠ K♠ Q♦", "Ben": "2♣ 2♦ 3♥"}, POKERSTARS).value == "Ben"
    assert opener(seats, {"Ava": "A♠ A♦ K♣", "Ben": "2♣ 2♦ 2♥"}, POKERSTARS).value == "Ben"
    # Unpaired rows compare card by card from the top.
    assert opener(seats, {"Ava": "A♠ 9♦ 3♣", "Ben": "A♣ 9♠ 4♥"}, POKERSTARS).value == "Ben"


def test_folded_rows_are_ignored_by_the_opener():
    rows = {"Ava": "K♥ 7♦", "Ben": "A♣ A♠", "Cara": "Q♣ J♦"}
    answer = opener(["Ava", "Ben", "Cara"], rows, POKERSTARS, folded=["Ben"])
    assert answer.value == "Ava"
    assert any("Ben folded" in s.text for s in answer.steps)
    hands = {p: ((), row) for p, row in rows.items()}
    assert first_to_act("fourth", ["Ava", "Ben", "Cara"], hands, POKERSTARS, folded=["Ben"]).value == "Ava"


def test_later_street_tie_under_pokerstars_is_the_course_default_seat_not_the_suit_ladder():
    rows = {"Ava": "K♣ 7♦", "Ben": "K♠ 7♥"}
    answer = opener(["Ava", "Ben"], rows, POKERSTARS)
    assert answer.value == "Ava"
    assert any(s.course_default and 'COURSE "Later-street tie"' in s.cite for s in answer.steps)


def test_later_street_tie_by_suit_when_an_exercise_sets_the_option():
    profile = load_profile("pokerstars", {"later_round_tie": "suit"})
    assert opener(["Ava", "Ben"], {"Ava": "K♣ 7♦", "Ben": "K♠ 7♥"}, profile).value == "Ben"
    assert opener(["Ava", "Ben"], {"Ava": "Q♣ Q♠ 3♦", "Ben": "Q♦ Q♥ 3♠"}, profile).value == "Ava"


def test_opener_without_any_live_row_is_an_error():
    with pytest.raises(ValueError, match="no player still in"):
        opener(["Ava", "Ben"], {"Ava": "K♣", "Ben": "2♣"}, POKERSTARS, folded=["Ava", "Ben"])


# --- action order (HPD "The bring-in ...": continue clockwise) ------------------------------


def test_action_order_clockwise_from_the_first_actor_over_players_still_in():
    seats = ["Ava", "Ben", "Cara", "Drew", "Eve"]
    assert action_order(seats, "Cara", seats) == ["Cara", "Drew", "Eve", "Ava", "Ben"]
    assert action_order(seats, "Eve", ["Ava", "Cara", "Eve"]) == ["Eve", "Ava", "Cara"]
    with pytest.raises(ValueError, match="'Ben'.*not among"):
        action_order(seats, "Ben", ["Ava", "Cara"])


def test_starting_order_leaves_out_folded_players():
    hands = {"Ava": ((), "K♥ 7♦"), "Ben": ((), "A♣ A♠"), "Cara": ((), "Q♣ J♦"), "Drew": ((), "9♣ 9♦")}
    answer = starting_order("fourth", ["Ava", "Ben", "Cara", "Drew"], hands, POKERSTARS, folded=["Ben"])
    assert answer.value == ["Drew", "Ava", "Cara"]


# --- home-game third street: the highest card showing opens (OPR-678, OPR-535) --------------


def test_opr_678_third_street_is_brought_in_by_the_lowest_door_card_as_in_seven_card_stud():
    # OPR-678 deals and bets "exactly as in seven-card stud": the lowest door card brings in
    hands = {"Ava": ((), "9♣"), "Ben": ((), "K♦"), "Cara": ((), "2♠")}
    answer = first_to_act("third", ["Ava", "Ben", "Cara"], hands, load_profile("opr-678"))
    assert answer.value == "Cara"
    assert 'OPR-678 "Deal and betting"' in answer.citations


def test_five_card_stud_home_rules_open_second_street_with_the_highest_card_showing():
    hands = {"Ava": ((), "9♣"), "Ben": ((), "K♦"), "Cara": ((), "2♠")}
    answer = first_to_act("second", ["Ava", "Ben", "Cara"], hands, load_profile("5cs-home"))
    assert answer.value == "Ben"
    assert "5CS 6" in answer.citations


def test_opr_535_stage_1_highest_card_ties_by_the_course_seat_default():
    hands = {"Ava": ((), "9♣"), "Ben": ((), "K♦"), "Cara": ((), "K♠")}
    answer = first_to_act("third", ["Ava", "Ben", "Cara"], hands, load_profile("opr-535"))
    assert answer.value == "Ben"
    assert "OPR-535 4 (stage 1)" in answer.citations


# --- exposed pairs (HPD "The exposed-pair option needs a named rule") ------------------------


def test_exposed_pairs_only_face_up_and_only_players_still_in():
    rows = {"Ava": parse_cards("K♥ K♦"), "Ben": parse_cards("A♣ Q♠"), "Cara": parse_cards("8♥ 8♣")}
    assert exposed_pairs(rows, ["Ava", "Ben", "Cara"]) == ["Ava", "Cara"]
    assert exposed_pairs(rows, ["Ben", "Cara"]) == ["Cara"]


# --- the shared seventh card (1917 "7th Street", HPD "The rare shared seventh card") ---------


def test_shared_card_when_eight_players_stay_in_and_not_with_seven():
    answer = needs_shared_card(8, POKERSTARS)
    assert answer.value is True
    assert 'HPD "The rare shared seventh card is an exception"' in answer.citations
    assert any(s.course_default for s in answer.steps)  # the card count is the course's
    assert needs_shared_card(7, POKERSTARS).value is False
    assert needs_shared_card(["A", "B", "C", "D", "E", "F", "G", "H"], P1917).value is True
    assert '1917 "7th Street"' in needs_shared_card(8, P1917).citations


def test_shared_card_counts_the_cards_left_folded_cards_included():
    # Eight dealt in, four still in: 52 - 48 = 4 cards, enough for four.
    assert needs_shared_card(4, POKERSTARS, dealt_in=8).value is False
    assert needs_shared_card(5, POKERSTARS, dealt_in=8).value is True
    assert needs_shared_card(5, POKERSTARS, cards_left=5).value is False
    assert needs_shared_card(5, POKERSTARS, cards_left=4).value is True


def test_cards_left_are_counted_from_the_deal_so_early_folds_leave_more_cards():
    from course.engine.turn import cards_left_before_seventh

    def hand(up_cards):
        return ((), ["x"] * up_cards)  # hole cards may be left out: two are counted anyway

    all_in = {f"P{n}": hand(4) for n in range(8)}
    assert cards_left_before_seventh(all_in) == 4
    early = {**{f"P{n}": hand(4) for n in range(5)}, **{f"F{n}": hand(1) for n in range(3)}}
    assert cards_left_before_seventh(early) == 13  # 52 - (5 x 6 + 3 x 3)
    assert needs_shared_card(5, POKERSTARS, cards_left=cards_left_before_seventh(early)).value is False
    assert needs_shared_card(8, POKERSTARS, cards_left=cards_left_before_seventh(all_in)).value is True


def test_shared_card_never_in_horn_a_vika():
    answer = needs_shared_card(7, load_profile("opr-535"))
    assert answer.value is False and "OPR-535 1.3" in answer.citations


def test_shared_card_bad_input_is_named():
    with pytest.raises(ValueError, match="0"):
        needs_shared_card(0, POKERSTARS)
    with pytest.raises(ValueError, match="9 players cannot"):
        needs_shared_card(9, POKERSTARS)


def test_the_game_spec_names_who_opens_each_street_and_its_bet_size_option():
    # The spec names the profile option for each street; the profile decides (they differ).
    from course.games import GAMES
    from course.rules import load_profile

    spec = GAMES["stud-high"]
    assert [spec.street(s).opens for s in spec.betting_streets] == \
        ["first_round_opens"] + ["later_round_opens"] * 4
    stars = load_profile("pokerstars")
    assert spec.opens("third", stars).value == "bring-in"
    assert spec.opens("third", load_profile("opr-535")).value == "highest-showing"
    assert [spec.bet_size(s, stars) for s in spec.betting_streets] == ["small", "small", "big", "big", "big"]


# --- who opens after a shared seventh card (RRP-H 8.15, a profile option) ----------------------

SHARED_SEATS = ["A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8"]
SHARED_HANDS = {     # eight still in after sixth street: 4 cards left, so seventh is one shared card
    "A1": ("", "2♣ 3♣ 4♣ 5♣"), "A2": ("", "6♣ 7♣ 8♣ 9♣"), "A3": ("", "10♣ J♣ Q♣ K♣"),
    "A4": ("", "A♣ 2♦ 3♦ 4♦"), "A5": ("", "5♦ 6♦ 7♦ 8♦"), "A6": ("", "9♦ 10♦ J♦ Q♦"),
    "A7": ("", "K♦ A♦ 2♥ 3♥"), "A8": ("", "4♥ 5♥ 6♥ 7♥"),
}


def test_seventh_street_with_a_shared_card_the_player_now_high_using_it_opens_rrp_8_15():
    """Robert's Rules 8.15: 'the player who is now high using the common card initiates the
    action for the last round'. With J♠ in the middle, A3's pair of jacks (K-Q-10) is now high;
    without it A7's ace is. The WSOP and PokerStars profiles, whose sources are silent, follow RRP
    (a course default); an exercise may keep the sixth-street opener; neither says the seventh
    card is face down."""
    for profile in (WSOP, POKERSTARS):
        wsop = first_to_act("seventh", SHARED_SEATS, SHARED_HANDS, profile, shared=parse_cards("J♠"))
        assert wsop.value == "A3"
        (rule,) = [s for s in wsop.steps if "shared card" in s.text]
        assert "RRP-H 8.15" in rule.cite and rule.course_default
    keeping = POKERSTARS.with_overrides({"shared_card_opener": "sixth-street-opener"})
    kept = first_to_act("seventh", SHARED_SEATS, SHARED_HANDS, keeping, shared=parse_cards("J♠"))
    assert kept.value == "A7" == first_to_act("sixth", SHARED_SEATS, SHARED_HANDS, POKERSTARS).value
    assert any('COURSE "Shared-card opener"' in s.cite for s in kept.steps)
    for answer in (wsop, kept):
        assert not any("dealt face down" in s.text for s in answer.steps)
    plain = first_to_act("seventh", SHARED_SEATS, SHARED_HANDS, WSOP)      # a face-down seventh card
    assert plain.value == "A7" and any("dealt face down" in s.text for s in plain.steps)
    assert starting_order("seventh", SHARED_SEATS, SHARED_HANDS, WSOP, shared=parse_cards("J♠")).value[0] == "A3"


@pytest.mark.parametrize("name", __import__("course.rules", fromlist=["profile_names"]).profile_names())
def test_the_first_actor_decided_without_words_is_the_one_the_words_name(name):
    """A replay decides who acts first without wording it (`words=False`) and words it only when
    read: on 300 random deals per profile, with few ranks so that ties are common, on every
    betting street of the profile's game and with and without a folded player or a shared card,
    both name the same player, and the unworded answer has no steps."""
    from course.games import find_game
    from course.engine.turn import first_to_act

    profile = load_profile(name)
    spec = find_game(profile.game)
    rng = random.Random(name)
    small = [c for c in DECK if int(c.rank) in (2, 3, 7, 9, 14)]
    seats = ["Ava", "Ben", "Cara", "Dan", "Eve"]
    streets = [s.name for s in spec.streets if spec.is_betting(s.name)]
    for _ in range(300):
        deck = list(small)
        rng.shuffle(deck)
        street = rng.choice(streets)
        count = rng.randint(1, 3)
        hands = {p: ([], [deck.pop() for _ in range(1 if street == spec.first_street else count)]) for p in seats}
        folded = rng.sample(seats[1:], rng.randint(0, 2)) if street != spec.first_street else []
        shared = [deck.pop()] if street != spec.first_street and rng.random() < 0.3 else []
        worded = first_to_act(street, seats, hands, profile, folded, shared)
        bare = first_to_act(street, seats, hands, profile, folded, shared, words=False)
        assert bare.value == worded.value and bare.steps == [] and worded.steps
