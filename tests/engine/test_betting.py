"""Fixed-limit betting rounds, named after the rule and source each test checks."""

from __future__ import annotations

import dataclasses

import pytest

from course.asks import ledger
from course.engine.betting import (
    Action,
    ActionFormatError,
    BettingRound,
    IllegalActionError,
    Verb,
    new_round,
)
from tests.support.street_round import legal_action, replay_street
from course.rules import Stakes, load_profile

POKERSTARS = load_profile("pokerstars")
WSOP = load_profile("wsop-2026")
P1917 = load_profile("1917poker")

HPD_2_SEATS = ["Ava", "Ben", "Cara"]
HPD_2_HANDS = {"Ava": ((), "K♥ K♦"), "Ben": ((), "A♣ Q♠"), "Cara": ((), "8♥ 8♣")}
HPD_3_HANDS = {"Ava": ((), "K♥ K♦ 2♣"), "Ben": ((), "A♣ Q♠ A♥"), "Cara": ((), "8♥ 8♣ 8♦")}
THIRD_SEATS = ["Ava", "Ben", "Cara", "Drew"]
THIRD_HANDS = {  # HPD exercise 1's deal: Ben brings in
    "Ava": ("K♣ Q♦", "2♥"),
    "Ben": ("9♠ 9♦", "2♣"),
    "Cara": ("7♥ 8♥", "A♠"),
    "Drew": ("5♣ 6♣", "4♦"),
}
FIFTH_SEATS = ["Ava", "Ben", "Cara", "Drew"]
FIFTH_HANDS = {  # Drew's trips open
    "Ava": ((), "K♥ 7♦ 2♣"),
    "Ben": ((), "A♣ Q♠ 3♥"),
    "Cara": ((), "9♥ 8♣ 4♦"),
    "Drew": ((), "6♠ 6♦ 6♣"),
}


def fifth(actions, profile=POKERSTARS):
    return replay_street("fifth", FIFTH_SEATS, FIFTH_HANDS, actions, profile)


def rejected(betting: BettingRound, action: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as caught:
        betting.verify(action)
    assert not betting.can(action)
    with pytest.raises(IllegalActionError):
        betting.apply(action)
    return caught.value


# --- actions as text (format page "Actions") -------------------------------------------------


@pytest.mark.parametrize("text, verb, amount", [
    ("Ava antes 1", Verb.ANTE, 1),
    ("Ben brings in 2", Verb.BRING_IN, 2),
    ("Ben brings in", Verb.BRING_IN, None),
    ("Cara completes to 4", Verb.COMPLETE, 4),
    ("Drew bets 8", Verb.BET, 8),
    ("Mary Ann raises to 16", Verb.RAISE, 16),
    ("Ava calls", Verb.CALL, None),
    ("Ava checks", Verb.CHECK, None),
    ("Ava folds", Verb.FOLD, None),
])
def test_action_parse_and_str_round_trip(text, verb, amount):
    action = Action.parse(text)
    assert (action.verb, action.amount) == (verb, amount)
    assert str(action) == text
    assert Action.parse(str(action)) == action


@pytest.mark.parametrize("text, words", [
    ("Ben raises 16", "raises to N"),
    ("Ben completes 4", "completes to N"),
    ("Ben calls 8", "takes no amount"),
    ("Ben bets eight", "bets N"),
    ("Ben jumps", "not an action"),
    ("", "not an action"),
])
def test_action_parse_errors_quote_the_text_and_say_what_is_expected(text, words):
    with pytest.raises(ActionFormatError) as caught:
        Action.parse(text)
    assert repr(text) in str(caught.value) and words in str(caught.value)


# --- HPD exercise 2: the pair option, the owner checks ----------------------------------------


def test_hpd_exercise_2_ava_may_check_then_ben_may_open_for_8_pokerstars_pair_option():
    answer = legal_action("fourth", HPD_2_SEATS, HPD_2_HANDS, ["Ava checks"], "Ben bets 8", POKERSTARS, after=1)
    assert answer.value is True
    assert 'HPD "The exposed-pair option needs a named rule"' in answer.citations
    assert legal_action("fourth", HPD_2_SEATS, HPD_2_HANDS, [], "Ava checks", POKERSTARS).value is True


def test_hpd_exercise_2_street_total_24_after_two_calls():
    betting = replay_street("fourth", HPD_2_SEATS, HPD_2_HANDS,
                            ["Ava checks", "Ben bets 8", "Cara calls", "Ava calls"], POKERSTARS)
    assert betting.is_closed
    assert betting.contributions == {"Ava": 8, "Ben": 8, "Cara": 8}
    assert betting.total == 24 and ledger.total_answer(betting).value == 24


def test_hpd_exercise_2_under_wsop_the_pair_option_is_the_courses_reading_of_rrp_8_4():
    # HPD reports no WSOP pair rule; the course follows RRP-H 8.4 and marks it as its own default.
    answer = legal_action("fourth", HPD_2_SEATS, HPD_2_HANDS, ["Ava checks"], "Ben bets 8", WSOP, after=1)
    assert answer.value is True
    last = answer.steps[-1]
    assert last.course_default and 'COURSE "Fourth-street pair"' in last.cite and "RRP-H 8.4" in last.cite
    off = load_profile("wsop-2026", {"second_round_pair": "off"})
    answer = legal_action("fourth", HPD_2_SEATS, HPD_2_HANDS, ["Ava checks"], "Ben bets 8", off, after=1)
    assert answer.value is False
    assert "the new total would be 4, not 8" in answer.steps[-1].text and "no big-bet option" in answer.steps[-1].text


def test_pokerstars_big_bet_stands_for_the_rest_of_fourth_street():
    betting = replay_street("fourth", HPD_2_SEATS, HPD_2_HANDS, ["Ava checks", "Ben bets 8"], POKERSTARS)
    error = rejected(betting, "Cara raises to 12")
    assert "16" in error.reason and 'HPD "The exposed-pair option needs a named rule"' in error.cite
    assert betting.verify("Cara raises").amount == 16


def test_big_bet_need_not_stand_when_an_exercise_turns_that_option_off():
    profile = load_profile("pokerstars", {"second_round_big_bet_stands": False})
    betting = replay_street("fourth", HPD_2_SEATS, HPD_2_HANDS, ["Ava checks", "Ben bets 8"], profile)
    assert betting.can("Cara raises to 12") and betting.can("Cara raises to 16")


def test_pokerstars_small_bet_then_a_big_raise_on_fourth_street_with_a_pair_showing():
    betting = replay_street("fourth", HPD_2_SEATS, HPD_2_HANDS, ["Ava bets 4", "Ben raises to 12"], POKERSTARS)
    assert betting.contributions == {"Ava": 4, "Ben": 12, "Cara": 0}
    rejected(betting, "Cara raises to 16")
    assert betting.can("Cara raises to 20")


def test_pair_option_off_when_no_pair_shows_or_only_a_private_pair():
    hands = {"Ava": ("K♠ K♣", "K♥ 7♦"), "Ben": ((), "A♣ Q♠"), "Cara": ((), "8♥ 9♣")}
    betting = new_round("fourth", HPD_2_SEATS, hands, POKERSTARS)
    assert betting.first == "Ben"
    error = rejected(betting, "Ben bets 8")
    assert "would be 4, not 8" in error.reason and "no player still in shows a pair" in error.reason


def test_pair_option_counts_only_players_still_in():
    hands = {"Ava": ((), "K♥ 7♦"), "Ben": ((), "A♣ Q♠"), "Cara": ((), "8♥ 8♣")}
    betting = new_round("fourth", HPD_2_SEATS, hands, POKERSTARS, folded=["Cara"])
    assert not betting.can("Ben bets 8") and betting.can("Ben bets 4")


def test_pair_option_scope_pair_holder_when_an_exercise_sets_it():
    profile = load_profile("pokerstars", {"second_round_pair_scope": "pair-holder"})
    betting = replay_street("fourth", HPD_2_SEATS, HPD_2_HANDS, ["Ava checks"], profile)
    assert not betting.can("Ben bets 8") and betting.can("Ben bets 4")
    assert replay_street("fourth", HPD_2_SEATS, HPD_2_HANDS, [], profile).can("Ava bets 8")


def test_1917_fourth_street_pair_lets_every_player_bet_low_or_high():
    betting = replay_street("fourth", HPD_2_SEATS, HPD_2_HANDS, ["Ava checks"], P1917)
    assert betting.can("Ben bets 4") and betting.can("Ben bets 8")
    entry = betting.apply("Ben bets 8")
    assert '1917 "4th Street"' in entry.cite and entry.course_default  # "stands" is the course's
    assert "course's own default" in entry.text


def test_amount_left_out_with_the_pair_option_open_assumes_the_small_step_and_says_so():
    betting = replay_street("fourth", HPD_2_SEATS, HPD_2_HANDS, ["Ava checks"], POKERSTARS)
    entry = betting.apply("Ben bets")
    assert entry.added == 4 and "amount left out" in entry.text


# --- HPD exercise 3: fifth street amounts and the ledger --------------------------------------


HPD_3_ACTIONS = ["Cara checks", "Ava bets", "Ben calls", "Cara raises", "Ava calls", "Ben calls"]


def test_hpd_exercise_3_each_player_puts_in_16_and_the_street_adds_48():
    betting = replay_street("fifth", HPD_2_SEATS, HPD_3_HANDS, HPD_3_ACTIONS, POKERSTARS)
    assert betting.first == "Cara"
    assert betting.is_closed
    answer = ledger.contributions_answer(betting)
    assert answer.value == {"Ava": 16, "Ben": 16, "Cara": 16}
    assert ledger.total_answer(betting).value == 48
    assert 'HPD "Read the two fixed-limit amounts correctly"' in answer.citations


def test_hpd_exercise_3_ledger_check_adds_nothing_raise_puts_16_call_adds_8():
    betting = replay_street("fifth", HPD_2_SEATS, HPD_3_HANDS, HPD_3_ACTIONS, POKERSTARS)
    rows = [(e.player, e.action, e.added, e.round_total) for e in betting.ledger]
    assert rows == [
        ("Cara", "Cara checks", 0, 0),
        ("Ava", "Ava bets 8", 8, 8),
        ("Ben", "Ben calls", 8, 8),
        ("Cara", "Cara raises to 16", 16, 16),
        ("Ava", "Ava calls", 8, 16),
        ("Ben", "Ben calls", 8, 16),
    ]
    frame = ledger.ledger_frame(betting)
    assert list(frame["added"]) == [0, 8, 8, 16, 8, 8]
    assert frame["added"].sum() == betting.total
    assert frame["pot"].iloc[-1] == 48 and all(frame["cite"].str.len() > 0)


def test_ledger_entries_are_immutable_and_each_carries_a_citation():
    betting = replay_street("fifth", HPD_2_SEATS, HPD_3_HANDS, HPD_3_ACTIONS, POKERSTARS)
    entry = betting.ledger[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        entry.added = 99
    assert all(e.cite for e in betting.ledger)
    betting.ledger.clear()  # a copy: the round's record is untouched
    assert len(betting.ledger) == 6


# --- a bet and three raises (1917 "Betting Rounds"; COURSE "Raise cap" for PokerStars) -------


def test_a_bet_and_three_raises_close_the_betting():
    betting = fifth(["Drew bets 8", "Ava raises to 16", "Ben raises to 24", "Cara raises to 32"])
    error = rejected(betting, "Drew raises to 40")
    assert "capped" in error.reason and 'COURSE "Raise cap"' in error.cite and error.course_default
    for action in ("Drew calls", "Ava calls", "Ben calls"):
        betting.apply(action)
    assert betting.is_closed and betting.total == 128


def test_the_cap_holds_heads_up_and_names_roberts_rules_money_game_exception():
    heads_up = fifth(["Drew bets 8", "Ava raises to 16", "Ben folds", "Cara folds", "Drew raises to 24",
                      "Ava raises to 32"])
    error = rejected(heads_up, "Drew raises to 40")
    assert "capped" in error.reason and "two players" in error.reason
    assert 'RRP-H 3 "Betting and Raising" 4' in error.cite and 'COURSE "Raise cap"' in error.cite
    four_in = fifth(["Drew bets 8", "Ava raises to 16", "Ben raises to 24", "Cara raises to 32"])
    assert 'RRP-H 3 "Betting and Raising" 4' not in rejected(four_in, "Drew raises to 40").cite
    p1917 = fifth(["Drew bets 8", "Ava raises to 16", "Ben folds", "Cara folds", "Drew raises to 24",
                   "Ava raises to 32"], P1917)
    assert rejected(p1917, "Drew raises to 40").cite == ('1917 "Betting Rounds"',)


def test_1917_raise_cap_is_cited_to_its_source_not_the_course():
    betting = fifth(["Drew bets 8", "Ava raises to 16", "Ben raises to 24", "Cara raises to 32"], P1917)
    error = rejected(betting, "Drew raises")
    assert error.cite == ('1917 "Betting Rounds"',) and not error.course_default


def test_a_completion_counts_as_the_bet_toward_the_cap_on_third_street():
    betting = replay_street("third", THIRD_SEATS, THIRD_HANDS, [
        "Ben brings in", "Cara completes to 4", "Drew raises to 8", "Ava raises to 12", "Ben raises to 16"],
        POKERSTARS)
    assert "capped" in rejected(betting, "Cara raises to 20").reason


# --- amounts (HPD "Read the two fixed-limit amounts correctly") -------------------------------


def test_a_raise_of_the_wrong_size_says_the_right_total_and_cites_the_rule():
    betting = fifth(["Drew bets 8"])
    error = rejected(betting, "Ava raises to 20")
    assert error.reason.startswith("on fifth street a bet or raise is the big bet, 8, so the new total would be 16")
    assert 'HPD "Read the two fixed-limit amounts correctly"' in error.cite
    assert str(error).startswith("'Ava raises to 20': on fifth street")


def test_small_bet_on_third_and_fourth_big_from_fifth():
    no_pair = {"Ava": ((), "K♥ 7♦"), "Ben": ((), "A♣ Q♠"), "Cara": ((), "8♥ 2♣")}
    assert not replay_street("fourth", HPD_2_SEATS, no_pair, [], WSOP).can("Ben bets 8")
    assert replay_street("fourth", HPD_2_SEATS, no_pair, [], WSOP).verify("Ben bets").amount == 4
    assert fifth([]).verify("Drew bets").amount == 8
    assert not fifth([]).can("Drew bets 4")
    for street in ("sixth", "seventh"):
        hands = {"Ava": ((), "K♥ 7♦ 2♣ 3♦"), "Drew": ((), "6♠ 6♦ 6♣ 9♥")}
        assert new_round(street, ["Ava", "Drew"], hands, POKERSTARS).verify("Drew bets").amount == 8


def test_stakes_override_changes_the_amounts():
    betting = replay_street("fifth", FIFTH_SEATS, FIFTH_HANDS, ["Drew bets 20"], POKERSTARS,
                            stakes=Stakes(ante=2, bring_in=5, small_bet=10, big_bet=20))
    assert betting.verify("Ava raises").amount == 40


# --- check, call, turn order, round end ------------------------------------------------------


def test_check_when_a_bet_is_owed_is_illegal():
    betting = fifth(["Drew bets 8"])
    error = rejected(betting, "Ava checks")
    assert "8 owed" in error.reason
    assert 'HPD "Later streets begin with the strongest exposed hand"' in error.cite


def test_call_with_nothing_owed_is_illegal():
    assert "nothing to call" in rejected(fifth([]), "Drew calls").reason


def test_out_of_turn_action_is_illegal():
    betting = fifth(["Drew bets 8"])
    error = rejected(betting, "Ben calls")
    assert error.reason == "it is Ava's turn to act, not Ben's"


def test_the_round_ends_when_everyone_still_in_has_acted_and_matched():
    betting = fifth(["Drew checks", "Ava checks", "Ben checks"])
    assert not betting.is_closed and betting.to_act == "Cara"
    betting.apply("Cara bets 8")
    assert not betting.is_closed and betting.to_act == "Drew"  # a bet reopens the action
    betting.apply("Drew folds")
    for action in ("Ava calls", "Ben folds"):
        betting.apply(action)
    assert betting.is_closed and betting.to_act is None
    assert "has folded" in rejected(betting, "Drew checks").reason
    assert "over" in rejected(betting, "Ava checks").reason


def test_the_round_ends_when_one_player_is_left():
    betting = fifth(["Drew bets 8", "Ava folds", "Ben folds", "Cara folds"])
    assert betting.is_closed and betting.live == ["Drew"]


def test_a_folded_player_takes_no_further_part():
    betting = fifth(["Drew bets 8", "Ava folds", "Ben raises to 16", "Cara calls", "Drew calls"])
    assert betting.is_closed
    betting = fifth(["Drew bets 8", "Ava folds", "Ben raises to 16", "Cara calls"])
    assert "folded" in rejected(betting, "Ava calls").reason
    betting = new_round("fifth", FIFTH_SEATS, FIFTH_HANDS, POKERSTARS, folded=["Cara"])
    assert "no longer in" in rejected(betting, "Cara checks").reason


def test_unknown_player_is_named():
    assert "'Zed'" in rejected(fifth([]), "Zed checks").reason


# --- third street: bring-in, completion, call of the difference --------------------------------


def test_completion_then_raise_on_third_street():
    betting = replay_street("third", THIRD_SEATS, THIRD_HANDS,
                            ["Ben brings in 2", "Cara completes to 4", "Drew raises to 8", "Ava folds",
                             "Ben calls", "Cara calls"], POKERSTARS)
    assert betting.is_closed
    assert betting.contributions == {"Ava": 0, "Ben": 8, "Cara": 8, "Drew": 8}
    completion = betting.ledger[1]
    assert "counts as the round's bet" in completion.text
    assert 'HPD "The bring-in is decided before the hidden cards matter"' in completion.cite


def test_call_of_the_difference_after_a_bring_in():
    betting = replay_street("third", THIRD_SEATS, THIRD_HANDS,
                            ["Ben brings in", "Cara completes", "Drew calls", "Ava calls", "Ben calls"],
                            POKERSTARS)
    ben_call = betting.ledger[-1]
    assert (ben_call.added, ben_call.round_total) == (2, 4)
    assert "adding 2 to the 2 already in" in ben_call.text
    assert betting.total == 16 and betting.is_closed


def test_1917_bring_in_counts_as_the_first_round_bet_when_nobody_completes():
    # Under 1917 the deuce tie goes by seat, so Ava (nearest the dealer's left) brings in.
    betting = replay_street("third", THIRD_SEATS, THIRD_HANDS,
                            ["Ava brings in", "Ben calls", "Cara calls", "Drew calls"], P1917)
    assert betting.is_closed  # no further option for Ava
    assert betting.contributions == {"Ava": 2, "Ben": 2, "Cara": 2, "Drew": 2}
    assert '1917 "Bring in"' in betting.ledger[0].cite


def test_the_bring_in_is_forced_and_only_the_bring_in_player_posts_it():
    betting = new_round("third", THIRD_SEATS, THIRD_HANDS, POKERSTARS)
    assert betting.to_act == "Ben"
    assert "must first bring in 2 or complete to 4" in rejected(betting, "Ben folds").reason
    assert "must first bring in" in rejected(betting, "Ben checks").reason
    assert "Ben's turn" in rejected(betting, "Cara brings in").reason
    reason = rejected(betting, "Ben brings in 3").reason
    assert reason.startswith("the bring-in is 2") and "not 3" in reason
    assert "course's own default" in reason  # HPD names no bring-in amount
    assert betting.can("Ben completes to 4")


def test_the_bring_in_player_may_complete_at_once():
    betting = replay_street("third", THIRD_SEATS, THIRD_HANDS, ["Ben completes"], POKERSTARS)
    assert betting.contributions["Ben"] == 4 and betting.verify("Cara raises").amount == 8


def test_after_a_bring_in_a_bet_or_raise_is_written_as_a_completion():
    betting = replay_street("third", THIRD_SEATS, THIRD_HANDS, ["Ben brings in"], POKERSTARS)
    assert "Cara completes to 4" in rejected(betting, "Cara bets 4").reason
    assert "complete to 4" in rejected(betting, "Cara raises to 4").reason
    assert "small bet, 4, not 6" in rejected(betting, "Cara completes to 6").reason
    betting.apply("Cara completes")
    assert "already been completed" in rejected(betting, "Drew completes").reason
    assert "no bring-in to complete" in rejected(fifth([]), "Drew completes").reason


# --- antes apart from the round (HPD "The deal timeline", 1917 "Ante") ------------------------


def test_antes_are_recorded_apart_from_the_round():
    actions = [f"{p} antes" for p in THIRD_SEATS] + ["Ben brings in", "Cara calls", "Drew calls", "Ava calls"]
    betting = replay_street("third", THIRD_SEATS, THIRD_HANDS, actions, POKERSTARS)
    assert betting.contributions == {"Ava": 2, "Ben": 2, "Cara": 2, "Drew": 2}
    assert betting.total == 8 and betting.ante_total == 4 and betting.pot == 12
    ante = betting.ledger[0]
    assert ante.kind == "ante" and 'HPD "The deal timeline"' in ante.cite
    assert "course's own default" in ante.text  # HPD names no ante amount


def test_antes_only_before_the_betting_and_only_once():
    betting = replay_street("third", THIRD_SEATS, THIRD_HANDS, ["Ava antes 1", "Ben brings in"], POKERSTARS)
    assert "already started" in rejected(betting, "Cara antes").reason
    betting = replay_street("third", THIRD_SEATS, THIRD_HANDS, ["Ava antes 1"], POKERSTARS)
    assert "already anted" in rejected(betting, "Ava antes").reason
    assert "the ante is 1, not 2" in rejected(betting, "Ben antes 2").reason
    assert "before the deal" in rejected(fifth([]), "Drew antes").reason


# --- replay and legal_action ----------------------------------------------------------------


def test_replay_street_reports_the_index_of_the_offending_action():
    with pytest.raises(IllegalActionError) as caught:
        fifth(["Drew bets 8", "Ava calls", "Ben raises to 20"])
    assert caught.value.index == 2 and "16" in caught.value.reason
    with pytest.raises(ActionFormatError) as caught:
        fifth(["Drew bets 8", "Ava hops"])
    assert caught.value.index == 1


def test_legal_action_after_n_actions_gives_the_reason_and_citation():
    answer = legal_action("fifth", FIFTH_SEATS, FIFTH_HANDS, ["Drew bets 8", "Ava calls"], "Ava checks",
                          POKERSTARS, after=1)
    assert answer.value is False
    assert answer.steps[-1].text.startswith("Not allowed: Ava cannot check with 8 owed")
    answer = legal_action("fifth", FIFTH_SEATS, FIFTH_HANDS, ["Drew bets 8", "Ava calls"], "Ben raises to 16",
                          POKERSTARS, after=2)
    assert answer.value is True and answer.steps[-1].text.startswith("Allowed: Ben raises to 16")
    with pytest.raises(ValueError, match="after 3"):
        legal_action("fifth", FIFTH_SEATS, FIFTH_HANDS, ["Drew bets 8"], "Ava calls", POKERSTARS, after=3)


def test_replay_accepts_content_hand_objects_with_down_up_and_folded():
    @dataclasses.dataclass
    class Hand:
        down: list
        up: list
        folded: bool = False

    hands = {p: Hand([], up) for p, (_, up) in FIFTH_HANDS.items()}
    hands["Drew"].folded = True
    betting = replay_street("fifth", FIFTH_SEATS, hands, ["Ben checks"], POKERSTARS)
    assert betting.first == "Ben" and "Drew" not in betting.contributions


# --- real WSOP hands from pokerkit's own tests (2023 WSOP Event #43, Day 5) -------------------

WSOP_STAKES = Stakes(ante=50000, bring_in=50000, small_bet=200000, big_bet=400000)


def replay_hand(seats, ups, streets, folded):
    """Replay a real hand street by street (each street: name, up cards shown, actions, the pot
    pokerkit reports after it); the players in `folded` are out after third street."""
    pot = 0
    for street, count, actions, expected in streets:
        hands = {p: ((), up[:count]) for p, up in ups.items() if street == "third" or p not in folded}
        betting = replay_street(street, seats, hands, actions, WSOP, stakes=WSOP_STAKES,
                                folded=[] if street == "third" else folded, pot=pot)
        assert betting.is_closed and betting.pot == expected, street
        pot = betting.pot


def test_pokerkit_wsop_2023_43_hand_5_pots_after_every_street():
    seats = ["P0", "P1", "P2", "P3", "P4"]
    ups = {"P0": ["4d"], "P1": ["4c"], "P2": ["5c"], "P3": ["Qc", "6d", "Ah"], "P4": ["3s", "9s", "Ad"]}
    antes = [f"{p} antes" for p in seats]
    streets = [
        ("third", 1, antes + ["P4 brings in", "P0 folds", "P1 folds", "P2 folds", "P3 completes", "P4 calls"],
         650000),
        ("fourth", 2, ["P3 checks", "P4 checks"], 650000),
        ("fifth", 3, ["P3 checks", "P4 bets", "P3 folds"], 1050000),
    ]
    replay_hand(seats, ups, streets, folded=["P0", "P1", "P2"])


def test_pokerkit_wsop_2023_43_hand_6_pots_after_every_street():
    seats = ["P0", "P1", "P2", "P3", "P4"]
    ups = {"P0": ["Ac", "Kc", "5s", "2d"], "P1": ["8c", "4c", "7h", "6c"], "P2": ["6d"], "P3": ["Jh"],
           "P4": ["Qs"]}
    antes = [f"{p} antes" for p in seats]
    streets = [
        ("third", 1, antes + ["P2 brings in", "P3 folds", "P4 folds", "P0 completes", "P1 raises",
                              "P2 folds", "P0 calls"], 1100000),
        ("fourth", 2, ["P0 checks", "P1 bets", "P0 calls"], 1500000),
        ("fifth", 3, ["P0 checks", "P1 bets", "P0 calls"], 2300000),
        ("sixth", 4, ["P0 checks", "P1 bets", "P0 calls"], 3100000),
        ("seventh", 4, ["P0 checks", "P1 bets", "P0 calls"], 3900000),
    ]
    replay_hand(seats, ups, streets, folded=["P2", "P3", "P4"])


def test_a_bring_in_player_marked_folded_is_reported_not_silently_skipped():
    with pytest.raises(ValueError, match="'Ben' brings in but is marked as folded"):
        new_round("third", THIRD_SEATS, THIRD_HANDS, POKERSTARS, folded=["Ben"])


# --- explanation text --------------------------------------------------------

FOURTH_HANDS = {"Ava": ((), "K♥ 7♦"), "Ben": ((), "A♣ Q♠"), "Cara": ((), "9♥ 8♣")}


def test_1917_each_street_article_is_cited_only_on_its_own_street():
    betting = replay_street("fourth", FIFTH_SEATS[:3], FOURTH_HANDS, [], P1917)
    acts_first = betting.opening().steps[-1]
    assert acts_first.text == "Ben acts first." and acts_first.cite == ('1917 "4th Street"',)
    sixth = {"Ava": ((), "K♥ 7♦ 2♣ 5♥"), "Ben": ((), "A♣ Q♠ 3♥ 4♦"), "Cara": ((), "9♥ 8♣ 4♣ J♦")}
    assert replay_street("sixth", FIFTH_SEATS[:3], sixth, [], P1917).opening().steps[-1].cite == \
        ('1917 "6th Street"',)


def test_a_plain_call_cites_the_street_bet_not_the_bring_in_article():
    betting = fifth(["Drew bets 8", "Ava calls", "Ben raises to 16", "Cara folds", "Drew calls"])
    plain, difference = betting.ledger[1], betting.ledger[4]
    bring_in_article = 'HPD "The bring-in is decided before the hidden cards matter"'
    assert bring_in_article not in plain.cite and plain.cite == POKERSTARS.option("bet_by_street").cite
    assert difference.cite == POKERSTARS.rule_cite("call_difference")   # paying only the rest


def test_a_course_default_is_said_once_in_a_round_and_marked_on_every_step():
    assert POKERSTARS.option("raise_cap").course_default
    raises = fifth(["Drew bets 8", "Ava raises to 16", "Ben raises to 24", "Cara raises to 32"])
    capped = [e for e in raises.ledger if "raise" in e.action]
    said = [e for e in capped if "raise cap: the course's own default" in e.text]
    assert said == capped[:1] and all(e.course_default for e in capped)
    # A question asked after the round does not say it again either.
    answer = legal_action("fifth", FIFTH_SEATS, FIFTH_HANDS, ["Drew bets 8", "Ava raises to 16"],
                          "Ben raises to 24", POKERSTARS, after=2)
    assert sum("raise cap: the course's own default" in s.text for s in answer.steps) == 1


def test_no_step_of_a_betting_explanation_has_two_brackets_in_a_row():
    for profile in (POKERSTARS, WSOP, P1917):
        first = new_round("third", THIRD_SEATS, THIRD_HANDS, profile).first
        others = [p for p in THIRD_SEATS[THIRD_SEATS.index(first) + 1:] + THIRD_SEATS[:THIRD_SEATS.index(first)]]
        betting = replay_street("third", THIRD_SEATS, THIRD_HANDS,
                                [f"{p} antes" for p in THIRD_SEATS] + [f"{first} brings in", f"{others[0]} completes",
                                                                       f"{others[1]} raises", f"{others[2]} calls"],
                                profile)
        for entry in betting.ledger:
            assert ") (" not in entry.text, entry.text
        assert any("(" in entry.text for entry in betting.ledger)


PAIR_OPENED_FIVE_CARD = """\
id: fcs-pair-opened
title: A pair showing on Five-Card Stud's second betting round
game: five-card-stud
options: {second_round_pair: any-exposed-pair}
street: third
seats: [Ava, Ben, Cara]
hands:
  Ava: {down: K♣, up: 2♥ 2♠}
  Ben: {down: 9♠, up: 3♣ 7♣}
  Cara: {down: 7h, up: As 5d}
actions:
  - Ava bets 4
  - Ben raises to 12
questions:
  - ask: contributions
"""


def test_the_pair_rules_course_default_note_names_the_games_own_pair_street():
    from course.asks import solvers
    from course.content import parse_exercise

    exercise, problems = parse_exercise(PAIR_OPENED_FIVE_CARD, "x.yaml")
    assert problems == []
    answer = solvers.answer(exercise, exercise.questions[0])
    assert answer.value == {"Ava": 4, "Ben": 12}
    (raise_step,) = [s.text for s in answer.steps if s.text.startswith("Ben raises to 12")]
    assert "the big bet may be used on third street (the third-street pair rule and who may use the big bet" \
        in raise_step
    assert "fourth" not in raise_step
