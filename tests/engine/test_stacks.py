"""Stacks, all-ins and side pots, each test named after the rule it checks.

Robert's Rules (private-games edition) is the source the course follows where HPD and 1917Poker
leave all-ins to the house: betting rule 5 (a short all-in), 6 and 16 (all in for less), 8.8 (the
lowest door card all in on the ante), 15.19 (short of a forced bet), 2.4 (table stakes) and
3 "Ties" 5(d) (each pot split on its own).
"""

from __future__ import annotations

import random
import textwrap

import pytest

from course.asks import solvers
from course.asks import ledger
from course.engine.betting import BettingRound, IllegalActionError, PlayerLimit, Verb
from course.cards import DECK, parse_cards
from course.content import parse_exercise
from course.engine.state import HandState
from course.engine.stud import SHARED
from course.rules import Stakes, default_profile, load_profile
from course.engine.showdown import award_pots, build_pots

POKERSTARS = load_profile("pokerstars")
FULL_RAISE = load_profile("pokerstars", {"short_all_in_reopens": "full-raise"})
SEATS = ["Ava", "Ben", "Cara", "Drew"]


def round_of(street, stacks, first="Ava", seats=SEATS, profile=POKERSTARS, stakes=None, actions=()):
    r = BettingRound(street, seats, first, profile, stakes=stakes, stacks=stacks)
    for action in actions:
        r.apply(action)
    return r


def moves(r):
    return [str(a) for a in r.legal_moves()]


# --- forced bets --------------------------------------------------------------------------------


def test_rrp_15_19_an_ante_short_of_the_full_amount_is_posted_all_in():
    r = round_of("third", {"Ava": 1}, actions=[f"{p} antes" for p in SEATS])
    assert r.antes == {"Ava": 1, "Ben": 1, "Cara": 1, "Drew": 1} and r.is_all_in("Ava")
    stakes = Stakes(ante=3, bring_in=2, small_bet=4, big_bet=8)
    r = round_of("third", {"Ava": 2}, stakes=stakes, profile=POKERSTARS.with_overrides({"ante": 3}))
    entry = r.apply("Ava antes")
    assert entry.added == 2 and "all in" in entry.text and "RRP-H 15.19" in entry.cite
    with pytest.raises(IllegalActionError, match="posts 2 all in, not 3"):
        round_of("third", {"Ava": 2}, stakes=stakes).verify("Ava antes 3")


def test_rrp_2_4_a_player_with_no_chips_cannot_ante():
    with pytest.raises(IllegalActionError, match="no chips left"):
        round_of("third", {"Ava": 0}).verify("Ava antes")


def test_rrp_betting_rule_16_a_bring_in_all_in_for_less_may_be_called_or_completed():
    r = round_of("third", {"Ava": 2}, actions=[*(f"{p} antes" for p in SEATS), "Ava brings in"])
    assert r.put["Ava"] == 1 and r.is_all_in("Ava") and r.to_match == 1
    assert moves(r) == ["Ben folds", "Ben calls", "Ben completes to 4"]
    r.apply("Ben calls")
    assert r.put["Ben"] == 1


def test_rrp_8_8_the_lowest_door_card_all_in_on_the_ante_lets_the_next_player_fold_bring_in_or_complete():
    r = round_of("third", {"Ava": 1}, actions=[f"{p} antes" for p in SEATS])
    assert r.to_act == "Ben"
    assert moves(r) == ["Ben folds", "Ben brings in 2", "Ben completes to 4"]
    entry = r.apply("Ben folds")
    assert "RRP-H 8.8" in entry.cite and entry.course_default
    assert moves(r) == ["Cara folds", "Cara brings in 2", "Cara completes to 4"]
    answer = ledger.verdict(r, "Cara checks")
    assert answer.value is False


def test_a_completion_all_in_for_no_more_than_the_bring_in_is_the_bring_in():
    r = round_of("third", {"Ava": 3}, actions=[f"{p} antes" for p in SEATS])
    assert moves(r) == ["Ava brings in 2"]


# --- short all-in wagers: Robert's Rules betting rule 5 (the course default) ------------------


def test_rrp_betting_rule_5_an_all_in_under_half_a_bet_does_not_reopen_the_betting():
    r = round_of("fifth", {"Cara": 11}, actions=["Ava bets", "Ben calls", "Cara raises", "Drew calls"])
    assert r.put["Cara"] == 11 and r.level == 1          # 3 over the 8 bet: not a raise
    assert moves(r) == ["Ava folds", "Ava calls"]
    verdict = ledger.verdict(r, "Ava raises to 16")
    assert verdict.value is False and 'RRP-H 3 "Betting and Raising" 5' in verdict.citations
    assert "do not reopen the betting" in verdict.steps[-1].text


def test_rrp_betting_rule_5_a_player_yet_to_act_may_complete_an_all_in_under_half_a_bet():
    r = round_of("fifth", {"Ben": 11}, actions=["Ava bets", "Ben raises"])
    assert moves(r) == ["Cara folds", "Cara calls", "Cara raises to 16"]


def test_rrp_betting_rule_5_an_all_in_of_half_a_bet_or_more_is_a_full_bet_raising_15_to_35():
    stakes = Stakes(ante=1, bring_in=5, small_bet=10, big_bet=20)
    r = round_of("fifth", {"Ava": 15}, stakes=stakes, actions=["Ava bets"])
    assert r.put["Ava"] == 15 and r.level == 1
    assert moves(r) == ["Ben folds", "Ben calls", "Ben raises to 35"]


def test_rrp_betting_rule_5_a_half_bet_all_in_reopens_for_players_who_acted_and_counts_toward_the_cap():
    r = round_of("fifth", {"Cara": 12}, actions=["Ava bets", "Ben calls", "Cara raises", "Drew calls"])
    assert r.level == 2 and moves(r) == ["Ava folds", "Ava calls", "Ava raises to 20"]


def test_rrp_c_betting_rule_6_several_short_all_ins_together_reopen_the_betting():
    r = round_of("fifth", {"Ben": 11, "Cara": 13}, actions=["Ava bets", "Ben raises", "Cara raises"])
    assert r.level == 2          # 5 over the 8 bet: half a bet or more together
    assert "Drew raises to 21" in moves(r)


def test_a_short_all_in_under_half_a_bet_does_not_count_toward_the_raise_cap():
    r = round_of("fifth", {"Drew": 26}, actions=["Ava bets", "Ben raises", "Cara raises", "Drew raises"])
    assert r.put["Drew"] == 26 and r.level == 3
    assert "Ava raises to 32" in moves(r)                 # the third raise is still open, a step above 24


def test_full_raise_reading_every_all_in_counts_toward_the_cap_and_the_next_raise_is_a_step_above_it():
    r = round_of("fifth", {"Ava": 3}, profile=FULL_RAISE, actions=["Ava bets"])
    assert r.level == 1 and moves(r) == ["Ben folds", "Ben calls", "Ben raises to 11"]
    r = round_of("fifth", {"Cara": 11}, profile=FULL_RAISE, actions=["Ava bets", "Ben calls", "Cara raises"])
    assert r.level == 2 and moves(r) == ["Drew folds", "Drew calls", "Drew raises to 19"]
    r.apply("Drew calls")
    assert moves(r) == ["Ava folds", "Ava calls"]


def test_course_default_nobody_may_raise_when_every_other_player_still_in_is_all_in():
    r = round_of("fifth", {"Ben": 8, "Cara": 4}, seats=["Ava", "Ben", "Cara"],
                 actions=["Ava bets", "Ben calls", "Cara calls"])
    assert r.is_closed
    r = round_of("fifth", {"Ben": 10}, seats=["Ava", "Ben"], actions=["Ava bets", "Ben raises"])
    assert r.put["Ben"] == 10 and moves(r) == ["Ava folds", "Ava calls"]
    assert "COURSE \"No raise against all-ins\"" in ledger.verdict(r, "Ava raises to 18").citations


def test_rrp_2_4_an_all_in_player_takes_no_further_part_in_the_betting():
    r = round_of("fifth", {"Ben": 5}, actions=["Ava bets", "Ben calls"])
    assert r.put["Ben"] == 5 and r.to_act == "Cara"
    with pytest.raises(IllegalActionError, match="Ben is all in"):
        r.verify("Ben folds")


def test_a_round_with_one_player_left_holding_chips_has_no_betting():
    r = round_of("sixth", {"Ben": 0, "Cara": 0, "Drew": 0})
    assert r.is_closed and r.to_act is None and r.legal_moves() == []


def test_an_all_in_amount_the_chips_cannot_pay_is_refused_with_the_right_amount():
    r = round_of("fifth", {"Ben": 12}, actions=["Ava bets"])
    with pytest.raises(IllegalActionError, match="the round total 12, not 16"):
        r.verify("Ben raises to 16")
    assert r.verify("Ben raises to 12").amount == 12 == r.verify("Ben raises").amount
    with pytest.raises(IllegalActionError, match="not even the 8 owed"):
        round_of("fifth", {"Ben": 7}, actions=["Ava bets"]).verify("Ben raises to 7")


def test_rrp_betting_rule_16_under_a_per_player_limit_a_player_short_of_the_least_raise_is_offered_all_in_for_less():
    """Horn-A-Vika's limits (OPR-535 3) make the least raise the last one's size; a player with
    more than the call but less than that raise may still go all in for less (RRP betting rule 16),
    and the move list random play and the drills choose from offers it, as `can` accepts it."""
    limit = PlayerLimit(2, lambda p: 2, 1, ("OPR-535 3",))
    r = BettingRound("fourth", SEATS[:3], "Ben", default_profile("horn-a-vika"), limit=limit, stacks={"Ava": 4})
    for action in ("Ben bets 1", "Cara raises to 3"):
        r.apply(action)
    assert r.to_act == "Ava" and r.steps_allowed("Ava") == [2]        # a raise to 5: more than her 4
    assert moves(r) == ["Ava folds", "Ava calls", "Ava raises to 4"] and r.can("Ava raises to 4")
    assert r.apply("Ava raises to 4").added == 4 and r.is_all_in("Ava")

# --- side pots --------------------------------------------------------------------------------


def test_side_pots_each_all_in_total_closes_a_pot_only_those_who_matched_it_may_win():
    pots, back = build_pots({"Ava": 5, "Ben": 20, "Cara": 20, "Drew": 12}, SEATS)
    assert [(p.amount, p.players) for p in pots] == [
        (20, ("Ava", "Ben", "Cara", "Drew")), (21, ("Ben", "Cara", "Drew")), (16, ("Ben", "Cara"))]
    assert back == {}


def test_side_pots_unmatched_chips_go_back_and_a_folded_players_chips_stay_in():
    pots, back = build_pots({"Ava": 25, "Ben": 17, "Cara": 7}, ["Ava", "Ben", "Cara"], folded=["Ben"])
    assert [(p.amount, p.players) for p in pots] == [(21, ("Ava", "Cara")), (20, ("Ava",))]
    assert back == {"Ava": 8}


def test_a_folded_players_chips_in_the_side_pots_are_cited_to_the_course_article_that_says_so():
    """What a folded player put in stays in the pots they reached, and they win none: the course's
    own reading (COURSE "Side pots": each pot takes every player's chips up to its level, and only
    players still in may win it), marked as such. The step once also cited HPD's later-streets
    article, which says nothing about a folded player's chips."""
    from course.engine.showdown import side_pots

    answer = side_pots({"Ava": 10, "Ben": 4, "Cara": 6}, ["Ava", "Ben", "Cara"], folded=["Cara"], all_in=["Ben"])
    (step,) = [s for s in answer.steps if "folded" in s.text]
    assert "Cara folded" in step.text and step.cite == ('COURSE "Side pots"',) and step.course_default


def test_rrp_side_pot_is_formed_only_when_a_player_is_all_in_not_by_a_bet_still_to_be_called():
    """RRP-H's glossary: a side pot is 'a separate pot formed when one or more players are all
    in'. In the middle of a round, a player still in with chips who has put in less than the bet
    may still call: they share every pot, and only an all-in total closes a pot."""
    # Nobody all in, Ava's raise still to be called by Ben and Cara: one pot, Ava's 4 not matched yet.
    pots, back = build_pots({"Ava": 9, "Ben": 5, "Cara": 1}, ["Ava", "Ben", "Cara"], all_in=[])
    assert [(p.amount, p.players) for p in pots] == [(11, ("Ava", "Ben", "Cara"))] and back == {"Ava": 4}
    # Ava all in for 2, Ben and Cara bet on to 8, Drew still to act on 1: the side pot is open to Drew.
    pots, back = build_pots({"Ava": 2, "Ben": 8, "Cara": 8, "Drew": 1}, SEATS, all_in=["Ava"])
    assert [(p.amount, p.players) for p in pots] == [
        (7, ("Ava", "Ben", "Cara", "Drew")), (12, ("Ben", "Cara", "Drew"))] and back == {}
    # Without the all-in list (a round whose betting is over) every total closes a pot: Drew's 1 did.
    assert len(build_pots({"Ava": 2, "Ben": 8, "Cara": 8, "Drew": 1}, SEATS)[0]) == 3
    # Once everyone not all in has matched, both readings give the same pots.
    paid = {"Ava": 5, "Ben": 20, "Cara": 20, "Drew": 12}
    assert build_pots(paid, SEATS, all_in=["Ava", "Drew"]) == build_pots(paid, SEATS)


def test_a_stud_round_in_the_middle_of_its_betting_shows_one_pot_until_someone_is_all_in():
    r = round_of("fifth", {"Ava": 40, "Ben": 40, "Cara": 40}, seats=["Ava", "Ben", "Cara"],
                 actions=["Ava bets", "Ben raises"])
    answer = ledger.side_pots_answer(r)
    assert [(p.amount, p.players) for p in answer.value] == [(16, ("Ava", "Ben", "Cara"))]
    assert r.pot_amounts() == (16, 8)          # the pot, then Ben's raise nobody has called yet
    assert any("Ben's last 8 is not matched yet" in s.text and "goes back to Ben if nobody does" in s.text
               for s in answer.steps), [s.text for s in answer.steps]
    r.apply("Cara calls")
    r.apply("Ava calls")
    assert [(p.amount, p.players) for p in ledger.side_pots_answer(r).value] == [(48, ("Ava", "Ben", "Cara"))]


def test_rrp_ties_5d_each_pot_is_awarded_on_its_own_an_all_in_winner_takes_only_what_they_matched():
    hands = {"Ava": parse_cards("A♠ A♥ A♦ K♣ K♦ 2♣ 3♦"), "Ben": parse_cards("Q♠ Q♥ 9♦ 8♣ 7♦ 4♣ 5♦"),
             "Cara": parse_cards("J♠ J♥ 9♣ 8♦ 6♦ 4♦ 2♦")}
    won = award_pots(hands, {"Ava": 10, "Ben": 30, "Cara": 30}, ["Ava", "Ben", "Cara"], profile=POKERSTARS)
    assert won.value == {"Ava": 30, "Ben": 40}
    assert any("Side pot 1 (40, for Ben and Cara)" in s.text for s in won.steps)
    assert 'RRP-H 3 "Ties" 5(d)' in won.citations


def test_award_pots_with_one_pot_is_the_plain_award():
    hands = {"Ava": parse_cards("A♠ A♥ 2♦ 3♣ 7♦"), "Ben": parse_cards("K♠ K♥ 9♦ 8♣ 7♣")}
    assert award_pots(hands, {"Ava": 10, "Ben": 10}, ["Ava", "Ben"]).value == {"Ava": 20}


def test_the_ledger_shows_each_pot_after_every_action():
    r = round_of("fifth", {"Ava": 4, "Ben": 9}, actions=["Ava bets", "Ben calls", "Cara calls", "Drew calls"])
    assert [e.pots for e in r.ledger] == [(4,), (8,), (12,), (16,)]
    r = round_of("fifth", {"Ava": 4}, actions=["Ava bets", "Ben raises", "Cara calls"])
    assert r.ledger[-1].pots == (12, 16)
    assert ledger.ledger_frame(r)["pots"].iloc[-1] == "12 + 16"


# --- exercises ----------------------------------------------------------------------------------

EXERCISE = """\
id: stacks-test
title: stacks
game: stud-high
street: fifth
seats: [Ava, Ben, Cara]
stacks: {STACKS}
pot: 15
hands:
  Ava: {down: A♠ A♥, up: A♦ K♣ K♦}
  Ben: {down: Q♠ Q♥, up: 9♦ 8♣ 7♦}
  Cara: {down: J♠ J♥, up: 9♣ 8♦ 6♦}
actions:
  - ACTIONS
questions:
  - ask: side_pots
"""


def exercise(stacks="{Ava: 4}", actions=("Ava bets", "Ben raises", "Cara calls")):
    text = EXERCISE.replace("{STACKS}", stacks).replace("  - ACTIONS", "\n".join(f"  - {a}" for a in actions))
    return parse_exercise(text, "x.yaml")


def test_side_pots_ask_answers_each_pot_and_who_may_win_it():
    ex, problems = exercise()
    assert problems == []
    got = solvers.answer(ex, ex.questions[0])
    assert solvers.kind_of(ex, ex.questions[0]).to_json(got.value) == [
        {"amount": 27, "players": ["Ava", "Ben", "Cara"]}, {"amount": 16, "players": ["Ben", "Cara"]}]


@pytest.mark.parametrize("stacks, actions, line, words", [
    ("{Ava: -3}", ("Ava bets",), 6, "stacks Ava should be at least 0"),
    ("{Zed: 3}", ("Ava bets",), 6, "unknown key 'Zed' in stacks"),
    ("{Ava: 4}", ("Ava bets", "Ben raises", "Cara calls", "Ava calls"), 16, "Ava is all in"),
    ("{Ben: 12}", ("Ava bets", "Ben raises to 16"), 14, "the round total 12, not 16"),
])
def test_course_check_rejects_an_impossible_stack_or_all_in_with_file_and_line(stacks, actions, line, words):
    _, problems = exercise(stacks, actions)
    assert any(p.file == "x.yaml" and p.line == line and words in p.message for p in problems), problems


def test_course_check_rejects_zero_chips_for_a_player_who_must_ante():
    text = EXERCISE.replace("street: fifth", "street: third").replace("{STACKS}", "{Ava: 0}")
    text = text.replace("up: A♦ K♣ K♦", "up: A♦").replace("up: 9♦ 8♣ 7♦", "up: 9♦").replace("up: 9♣ 8♦ 6♦", "up: 9♣")
    text = text.replace("pot: 15\n", "").replace("  - ACTIONS", "  - Ava antes\n  - Ben antes\n  - Cara antes")
    _, problems = parse_exercise(text, "x.yaml")
    assert any(p.line == 6 and "must still ante" in p.message for p in problems), problems


def test_home_game_stacks_are_read_and_an_empty_one_refused():
    text = textwrap.dedent("""\
        id: hav-stacks
        title: stacks
        game: horn-a-vika
        street: third
        seats: [Ava, Ben]
        stacks: {Ava: 3}
        hands:
          Ava: {down: A♠ A♥, up: A♦}
          Ben: {down: Q♠ Q♥, up: 9♦}
        questions:
          - ask: pot
        """)
    exercise, problems = parse_exercise(text, "x.yaml")
    assert not problems and exercise.stacks == {"Ava": 3}
    _, problems = parse_exercise(text.replace("{Ava: 3}", "{Ava: 0}"), "x.yaml")
    assert any(p.line == 6 and "0 chips" in p.message for p in problems), problems


def test_award_on_a_street_with_stacks_awards_every_pot_once_the_betting_is_over():
    text = EXERCISE.replace("{STACKS}", "{Ava: 4}").replace("street: fifth", "street: seventh")
    text = text.replace("A♠ A♥,", "A♠ A♥ 2♣,").replace("Q♠ Q♥,", "Q♠ Q♥ 3♣,").replace("J♠ J♥,", "J♠ J♥ 4♣,")
    for three, four in (("A♦ K♣ K♦", "A♦ K♣ K♦ 5♣"), ("9♦ 8♣ 7♦", "9♦ 8♣ 7♦ 6♣"), ("9♣ 8♦ 6♦", "9♣ 8♦ 6♦ 7♣")):
        text = text.replace(three, four)
    text = text.replace("  - ACTIONS", "  - Ava bets\n  - Ben raises\n  - Cara calls").replace("side_pots", "award")
    text = text.replace("pot: 15", "pot: 39")
    ex, problems = parse_exercise(text, "x.yaml")
    assert problems == []
    got = solvers.answer(ex, ex.questions[0])
    assert got.value == {"Ava": 51, "Ben": 16}        # Ava's aces full take the main pot only


# --- whole hands: random play with short stacks ------------------------------------------------


def random_whole_hand(rng, players, profile=POKERSTARS):
    seats = [f"P{i}" for i in range(players)]
    stacks = {p: rng.randint(1, 30) for p in seats if rng.random() < 0.6}
    state = HandState.new_hand(profile.game, seats, profile, stacks=stacks)
    deck = list(DECK)
    rng.shuffle(deck)
    while not state.table.over:
        table = state.table
        if table.needs_ante():
            state.apply(f"{table.needs_ante()[0]} antes")
            continue
        nxt = table.next_deal()
        if nxt == SHARED:
            state.apply(f"shared {deck.pop()}")
            continue
        if nxt is not None:
            state.apply(f"{nxt[0]} is dealt {deck.pop()} {'up' if nxt[1] else 'down'}")
            continue
        legal = (table.round or table.new_round()).legal_moves()
        folds = [a for a in legal if a.verb is Verb.FOLD]
        others = [a for a in legal if a.verb is not Verb.FOLD] or folds
        state.apply(str(folds[0] if folds and rng.random() < 0.05 else rng.choice(others)))
    state.apply("showdown")
    return seats, stacks, state


STACK_GAMES = ("pokerstars", "rrp-razz", "rrp-stud-hi-lo")     # every game bet on stud actions


def _conserved(deals, seed, rules="pokerstars"):
    rng = random.Random(seed)
    all_ins = side = 0
    profile = load_profile(rules)
    for deal in range(deals):
        seats, stacks, state = random_whole_hand(rng, 2 + deal % 7, profile)
        table, won = state.table, state.award.value
        start = {p: stacks.get(p, 10**6) for p in seats}
        end = {p: start[p] - table.hands[p].paid + won.get(p, 0) for p in seats}
        assert sum(end.values()) == sum(start.values()) and min(end.values()) >= 0, (start, end)
        assert sum(won.values()) == state.ledger[-2].pot
        all_ins += bool(state.all_in())
        side += len(build_pots({p: table.hands[p].paid for p in seats}, seats,
                               [p for p in seats if table.hands[p].folded])[0]) > 1
    return all_ins, side


@pytest.mark.parametrize("rules", STACK_GAMES)
def test_chips_are_conserved_in_every_random_whole_hand_with_short_stacks(rules):
    all_ins, side = _conserved(120, 2026, rules)
    assert all_ins > 40 and side > 20, (all_ins, side)


@pytest.mark.slow
@pytest.mark.parametrize("rules", STACK_GAMES)
def test_chips_are_conserved_in_2000_random_whole_hands_with_short_stacks(rules):
    all_ins, side = _conserved(2000, 1917, rules)
    assert all_ins > 700 and side > 300, (all_ins, side)


# --- who shows first, and mucking ----------------------------------------------------------------

SEVENTH = """\
id: order-test
title: order
game: stud-high
rules: RULES
street: seventh
seats: [Ava, Ben, Cara]
STACKS
pot: 75
hands:
  Ava:  {down: 2♦ 3♣ 4♥, up: K♠ K♣ 7♦ 6♠}
  Ben:  {down: A♠ A♦ 9♠, up: 10♥ 8♥ 5♦ 2♣}
  Cara: {down: Q♥ J♥ 5♠, up: 9♣ 8♣ 4♦ 3♦}
actions:
ACTIONS
questions:
  - ask: showdown_order
"""


def order(rules, actions, stacks=""):
    text = SEVENTH.replace("RULES", rules).replace("STACKS\n", stacks).replace(
        "ACTIONS", "\n".join(f"  - {a}" for a in actions))
    ex, problems = parse_exercise(text, "x.yaml")
    assert problems == [], problems
    return solvers.answer(ex, ex.questions[0])


def test_1917_showdown_the_player_who_bet_last_shows_first_then_clockwise():
    got = order("1917poker", ["Ava bets 8", "Ben raises to 16", "Cara calls", "Ava calls"])
    assert got.value == ["Ben", "Cara", "Ava"] and '1917 "Showdown"' in got.citations


def test_rrp_showdown_7_when_everyone_checks_the_first_to_act_shows_first_a_course_reading_for_1917():
    got = order("1917poker", ["Ava checks", "Ben checks", "Cara checks"])
    assert got.value == ["Ava", "Ben", "Cara"]
    assert got.steps[0].course_default and 'RRP-H 3 "The Showdown" 7' in got.steps[0].cite


def test_rrp_showdown_7_side_pot_players_show_before_a_player_all_in_for_the_main_pot_only():
    actions = ["Ava bets 8", "Ben calls", "Cara calls"]
    assert order("pokerstars", actions, "stacks: {Ben: 3}\n").value == ["Ava", "Cara", "Ben"]
    assert order("1917poker", actions, "stacks: {Ben: 3}\n").value == ["Ava", "Ben", "Cara"]


def test_1917_showdown_a_mucked_hand_wins_nothing_and_the_last_player_in_cannot_muck():
    rng = random.Random(8)
    state = None
    for _ in range(200):        # a random hand that reaches the showdown with three players in
        profile = load_profile("1917poker")
        state = HandState.new_hand("stud-high", ["Ava", "Ben", "Cara"], profile)
        deck = list(DECK)
        rng.shuffle(deck)
        while not state.table.over:
            table = state.table
            if table.needs_ante():
                state.apply(f"{table.needs_ante()[0]} antes")
                continue
            nxt = table.next_deal()
            if nxt is not None and nxt != SHARED:
                state.apply(f"{nxt[0]} is dealt {deck.pop()} {'up' if nxt[1] else 'down'}")
                continue
            legal = [a for a in (table.round or table.new_round()).legal_moves() if a.verb is not Verb.FOLD]
            state.apply(str(rng.choice(legal)))
        if state.table.betting_over and len(state.table.live) == 3:
            break
    with pytest.raises(IllegalActionError, match="cannot muck yet|out of the hand"):
        HandState.new_hand("stud-high", ["Ava", "Ben"], load_profile("1917poker")).apply("Ava mucks")
    values = {p: evaluate_cards(state.table.hands[p].cards) for p in state.table.seats}
    best = max(values, key=values.get)
    state.apply(f"{best} mucks")
    others = [p for p in state.table.seats if p != best]
    state.apply(f"{others[0]} mucks")
    with pytest.raises(IllegalActionError, match="only player left"):
        state.verify(f"{others[1]} mucks")
    state.apply("showdown")
    assert state.award.value == {others[1]: state.ledger[-2].pot}
    assert best not in state.award.value


def evaluate_cards(cards):
    from course.hands import evaluate

    return evaluate(cards).value


def test_rrp_8_8_the_opener_question_names_the_player_left_of_an_all_in_lowest_door_card():
    from course.content import load_exercise

    ex, problems = load_exercise("exercises/stud-high/allin-ante-lowcard.yaml")
    assert problems == []
    asked = {q.ask: solvers.answer(ex, q) for q in ex.questions if q.ask in ("opener", "action_order")}
    assert asked["opener"].value == "Ben" and "RRP-H 8.8" in asked["opener"].citations
    assert asked["action_order"].value == ["Ben", "Cara", "Drew"]


def test_rrp_2_4_an_opener_all_in_from_an_earlier_street_is_passed_over():
    text = EXERCISE.replace("{STACKS}", "{Ava: 0}").replace("  - ask: side_pots", "  - ask: opener")
    text = text.replace("  - ACTIONS", "  - Ben bets\n  - Cara calls")
    ex, problems = parse_exercise(text, "x.yaml")
    assert problems == []
    assert solvers.answer(ex, ex.questions[0]).value == "Ben"    # Ava's kings showing, but she is all in


# --- razz and Stud Hi-Lo: the same stud all-in rules (RRP-H 9.1, 10.1) ---------------------------

RAZZ = load_profile("rrp-razz")
HILO = load_profile("rrp-stud-hi-lo")


def test_rrp_9_1_and_8_8_in_razz_the_highest_door_card_all_in_on_the_ante_lets_the_next_player_open():
    from course.engine.betting import new_round

    hands = {"Ava": (parse_cards("A♣ 2♦"), parse_cards("K♥")), "Ben": (parse_cards("3♠ 4♦"), parse_cards("5♣")),
             "Cara": (parse_cards("6♥ 7♥"), parse_cards("9♠"))}
    r = new_round("third", ["Ava", "Ben", "Cara"], hands, RAZZ, stacks={"Ava": 1})
    assert r.first == "Ava"                      # the king is razz's worst door card
    for p in ("Ava", "Ben", "Cara"):
        r.apply(f"{p} antes")
    assert r.to_act == "Ben" and moves(r) == ["Ben folds", "Ben brings in 2", "Ben completes to 4"]
    entry = r.apply("Ben folds")
    assert "highest door card" in entry.text and "lowest" not in entry.text
    assert "RRP-H 8.8" in entry.cite and not entry.course_default     # Robert's Rules' own profile


def test_rrp_ties_5d_hi_lo_each_half_of_each_side_pot_is_split_on_its_own():
    from course.engine.showdown import award_pots, halves_of_pots

    hands = {"Ava": parse_cards("A♣ 2♦ 4♥ 3♠ 7♦ K♣ Q♥"), "Ben": parse_cards("K♠ K♦ 9♥ K♥ 9♣ 5♣ J♠"),
             "Cara": parse_cards("A♦ 3♥ 8♣ 6♠ 5♦ Q♠ 10♦")}
    paid = {"Ava": 10, "Ben": 30, "Cara": 30}
    halves = halves_of_pots(hands, paid, list(hands), profile=HILO)
    # main pot 30: Ben high 15, Ava low 15; side pot 40 (Ben, Cara): Ben high 20, Cara low 20
    assert halves.value == {"high": {"Ben": 35}, "low": {"Ava": 15, "Cara": 20}}
    assert award_pots(hands, paid, list(hands), profile=HILO).value == {"Ava": 15, "Ben": 35, "Cara": 20}
    # with one pot the halves are the plain pot_halves
    even = {"Ava": 30, "Ben": 30, "Cara": 30}
    assert halves_of_pots(hands, even, list(hands), profile=HILO).value == {"high": {"Ben": 45}, "low": {"Ava": 45}}


def test_the_showdown_order_in_razz_is_robert_s_rules_own_not_a_course_default():
    text = SEVENTH.replace("game: stud-high", "game: razz").replace("RULES", "rrp-razz").replace("STACKS\n", "") \
        .replace("ACTIONS", "\n".join(f"  - {a}" for a in ("Cara checks", "Ava checks", "Ben checks")))
    ex, problems = parse_exercise(text, "x.yaml")      # Cara's row is razz's lowest: she opens
    assert problems == [], problems
    got = solvers.answer(ex, ex.questions[0])
    assert got.value == ["Cara", "Ava", "Ben"] and not any(s.course_default for s in got.steps)
    assert any('RRP-H 3 "The Showdown" 7' in s.cite for s in got.steps)
