"""Horn-A-Vika (OPR-535): tests named after the article they check, the worked example, and a
seeded random-play run that conserves cards and money."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import given, settings, strategies as st

from course.asks import asks_for, find_ask
from course.engine.betting import BettingRound as StudRound
from course.cards import DECK, parse_cards
from course.rules import load_profile
from tests.support.hand_replay import check_events, final_hands, replay, shared_cards
from course.asks import solvers
from course.engine.state import HandState
from course.variants import horn_a_vika as hv
from course.errors import IllegalActionError
from course.engine.seats import FinalHand

ROOT = Path(__file__).resolve().parents[2]


def deal(hands: dict[str, tuple[str, str]], events=(), street="third", pot=None, shared="", options=None,
         matched=None):
    profile = load_profile("opr-535", options)
    return SimpleNamespace(
        seats=list(hands), hands={p: FinalHand(parse_cards(d), parse_cards(u)) for p, (d, u) in hands.items()},
        shared=parse_cards(shared), pot=pot, street=street, events=list(events), profile=profile,
        extra={"matched": matched} if matched else {}, game="horn-a-vika", actions=[], whole_hand=False, stacks=None)


def ask(exercise, name, **params):
    return find_ask("horn-a-vika", name).solve(exercise, SimpleNamespace(ask=name, params=params))


# The worked example "Matching the pot twice": A = Ava, B = Ben; Cara pairs nothing.
EXAMPLE_HANDS = {"Ava": ("2♣ 3♦", "8♣"), "Ben": ("4♣ 5♦", "K♥"), "Cara": ("6♣ 7♦", "Q♦")}
STAGE_2 = ["Ava is dealt 8♦ up", "Ben is dealt K♠ up", "Cara is dealt 2♥ up", "Ava matches", "Ben matches"]
ROUND_2 = ["Ben checks", "Cara checks", "Ava checks"]
STAGE_3_4 = ["Ava is dealt 9♣ up", "Ben is dealt 10♣ up", "Cara is dealt J♥ up", "spit 8♠", "Ava matches"]


def example(events):
    return deal(EXAMPLE_HANDS, events, pot=20)


# --- events -------------------------------------------------------------------------------------


@pytest.mark.parametrize("text, kind", [
    ("Ava is dealt 8♦ up", "deal"), ("Ava is dealt 8d down", "deal"), ("spit 8♠", "spit"),
    ("the spit card is 8s", "spit"), ("Drew antes", "ante"), ("Drew antes 1", "ante"), ("Ava matches", "match"),
    ("Ava matches 20", "match"), ("Ava matches the pot", "match"), ("Ben folds", "fold"), ("Ben checks", "check"),
    ("Ben calls", "call"), ("Ben bets 2", "bet"), ("Ben raises to 4", "raise"),
])
def test_every_event_verb_parses_and_prints_back(text, kind):
    event = hv.parse_event(text)
    assert event.kind == kind
    assert hv.parse_event(str(event)) == hv.parse_event(str(event))
    assert str(hv.parse_event(str(event))) == str(event)


def test_bad_event_text_is_quoted_with_the_shapes_expected():
    with pytest.raises(ValueError) as err:
        hv.parse_event("Ava pairs up")
    assert "'Ava pairs up'" in str(err.value) and "'<player> matches [N]'" in str(err.value)
    with pytest.raises(ValueError, match=r"'4x' is not a card"):
        hv.parse_event("Ava is dealt 4x up")
    with pytest.raises(ValueError, match=r"'lots' is not an amount"):
        hv.parse_event("Ava bets lots")


def test_takes_are_not_horn_a_vika_events():
    with pytest.raises(ValueError, match="take events do not happen in Horn-A-Vika"):
        hv.parse_event("Ava takes 9♠ from Ben")


# --- the worked example -------------------------------------------------------------------------


def test_matching_the_pot_twice_comes_out_exactly():
    # After A's first match: pot 40 and A's middle-round limit 10.
    first = example(STAGE_2[:4])
    assert ask(first, "pot").value == 40
    assert ask(first, "bet_limit", player="Ava", round=2).value == 10
    # B pays 40: pot 80, B's limit 20.
    second = example(STAGE_2)
    assert ask(second, "pot").value == 80
    assert ask(second, "bet_limit", player="Ben", round=2).value == 20
    assert ask(second, "pot_matches").value == [{"Ava": 20}, {"Ben": 40}]
    # The spit 8♠ matches A's eights: A pays 80, pot 160, A's limit 40.
    full = example(STAGE_2 + ROUND_2 + STAGE_3_4)
    assert ask(full, "pot").value == 160
    assert ask(full, "pot_matches").value == [{"Ava": 80}]
    assert ask(full, "pot_matches", stage=2).value == [{"Ava": 20}, {"Ben": 40}]
    assert ask(full, "bet_limit", player="Ava").value == 40
    assert ask(full, "bet_limit", player="Ben").value == 20
    assert ask(full, "bet_limit", player="Cara").value == 2
    answer = ask(full, "pot")
    assert "OPR-535 2.2" in answer.citations and "OPR-535 2.3" in answer.citations


def test_pot_matches_before_anyone_decides_assumes_each_pays_in_turn():
    pending = example(STAGE_2[:3])
    answer = ask(pending, "pot_matches")
    assert answer.value == [{"Ava": 20}, {"Ben": 40}]
    assert any(step.course_default for step in answer.steps)  # deal order is the course's default
    assert 'COURSE "Match order"' in answer.citations


# --- Article 2: matching the pot ------------------------------------------------------------------


def test_2_1_a_new_face_up_pair_obliges_a_match_but_a_pair_with_a_hole_card_does_not():
    ex = deal({"Ava": ("8♥ 3♦", "8♣"), "Ben": ("4♣ 5♦", "K♥")}, ["Ava is dealt 9♦ up", "Ben is dealt 4♦ up"], pot=10)
    assert ask(ex, "pot_matches").value == []
    ex = deal({"Ava": ("8♥ 3♦", "8♣"), "Ben": ("4♣ 5♦", "K♥")}, ["Ava is dealt 8♦ up", "Ben is dealt 4♦ up"], pot=10)
    assert ask(ex, "pot_matches").value == [{"Ava": 10}]


def test_2_1_betting_waits_until_the_match_is_decided():
    ex = deal({"Ava": ("8♥ 3♦", "8♣"), "Ben": ("4♣ 5♦", "K♥")},
              ["Ava is dealt 8♦ up", "Ben is dealt 4♦ up", "Ava checks"], pot=10)
    problems = check_events(ex)
    assert problems == [(2, "'Ava checks': Ava must match the pot or fold before the betting "
                            "[OPR-535 2.1] [OPR-535 4 (stage 2)]")]


def test_2_1_a_player_who_folds_instead_is_out_and_pays_nothing():
    ex = deal({"Ava": ("8♥ 3♦", "8♣"), "Ben": ("4♣ 5♦", "K♥"), "Cara": ("6♣ 7♦", "Q♦")},
              ["Ava is dealt 8♦ up", "Ben is dealt 4♦ up", "Cara is dealt 2♥ up", "Ava folds"], pot=10)
    table = replay(ex)
    assert table.hands["Ava"].folded and table.pot == 10
    assert final_hands(ex)["Ava"].folded
    problems = check_events(deal({"Ava": ("8♥ 3♦", "8♣"), "Ben": ("4♣ 5♦", "K♥"), "Cara": ("6♣ 7♦", "Q♦")},
                                    ex.events + ["Ava bets 2"], pot=10))
    assert problems and problems[0][0] == 4 and "Ava has folded" in problems[0][1]


def test_2_2_matching_pays_the_whole_pot_and_a_wrong_amount_is_refused():
    ex = deal({"Ava": ("8♥ 3♦", "8♣"), "Ben": ("4♣ 5♦", "K♥")},
              ["Ava is dealt 8♦ up", "Ben is dealt 4♦ up", "Ava matches 15"], pot=30)
    [(index, message)] = check_events(ex)
    assert index == 2 and "the whole pot: 30" in message and "[OPR-535 2.2]" in message


def test_2_3_spit_card_matching_an_up_card_and_a_last_up_card_matching_the_spit():
    hands = {"Ava": ("2♣ 3♦", "8♣ 9♦ J♣"), "Ben": ("4♣ 5♦", "K♥ Q♣ 7♠")}
    at_spit = deal(hands, ["spit 8♠"], street="fifth", pot=10)
    assert ask(at_spit, "pot_matches").value == [{"Ava": 10}]
    stage5 = deal(hands, ["spit 2♥", "Ben checks", "Ava checks", "Ava is dealt 3♠ up", "Ben is dealt 2♠ up"],
                  street="fifth", pot=10)
    answer = ask(stage5, "pot_matches")
    assert answer.value == [{"Ben": 10}]
    assert "OPR-535 2.3" in answer.citations


def test_2_3_two_cards_of_the_spit_rank_mean_one_match():
    ex = deal({"Ava": ("2♣ 3♦", "8♣ 8♦ J♣"), "Ben": ("4♣ 5♦", "K♥ Q♣ 7♠")}, ["spit 8♠"], street="fifth",
              pot=40, matched={"Ava": 20})
    assert ask(ex, "pot_matches").value == [{"Ava": 40}]


def test_2_4_after_the_spit_the_best_hand_showing_decides_first():
    hands = {"Ava": ("2♣ 3♦", "8♣ 5♦ 4♣"), "Ben": ("4♦ 5♣", "K♣ K♦ 8♦")}
    ex = deal(hands, ["spit 8♠"], street="fifth", pot=10, matched={"Ben": 5})
    answer = ask(ex, "pot_matches")
    assert answer.value == [{"Ben": 10}, {"Ava": 20}]
    assert "OPR-535 2.4" in answer.citations
    wrong = deal(hands, ["spit 8♠", "Ava matches"], street="fifth", pot=10, matched={"Ben": 5})
    [(index, message)] = check_events(wrong)
    assert index == 1 and "Ben decides before Ava" in message


def test_2_4_order_outside_the_spit_round_is_a_profile_option():
    hands = {"Ava": ("2♣ 3♦", "5♣"), "Ben": ("4♦ 6♣", "K♣")}
    events = ["Ava is dealt 5♦ up", "Ben is dealt K♦ up"]
    assert ask(deal(hands, events, street="third", pot=10), "pot_matches").value == [{"Ava": 10}, {"Ben": 20}]
    best_first = deal(hands, events, street="third", pot=10, options={"match_order": "highest-showing"})
    assert ask(best_first, "pot_matches").value == [{"Ben": 10}, {"Ava": 20}]


def test_2_5_two_pair_face_up_means_two_matches():
    ex = deal({"Ava": ("2♣ 3♦", "9♣"), "Ben": ("4♦ 6♣", "K♣")},
              ["Ava is dealt 9♦ up", "Ben is dealt 2♥ up", "Ava matches", "Ava checks", "Ben checks",
               "Ava is dealt 5♠ up", "Ben is dealt 5♥ up", "spit J♦", "Ava checks", "Ben checks",
               "Ava is dealt 5♦ up", "Ben is dealt 7♣ up", "Ava matches"], pot=10)
    table = replay(ex)
    assert [o.amount for o in table.rules.obligations if o.player == "Ava"] == [10, 20]
    assert table.pot == 40 and table.rules.last_match["Ava"] == 20


# --- Article 3: betting limits --------------------------------------------------------------------


def test_3_1_a_bet_and_three_raises_at_most():
    hands = {"Ava": ("2♣ 3♦", "A♣"), "Ben": ("4♦ 6♣", "K♣")}
    ok = ["Ava bets 2", "Ben raises to 4", "Ava raises to 6", "Ben raises to 8"]
    assert check_events(deal(hands, ok, pot=1)) == []
    [(index, message)] = check_events(deal(hands, ok + ["Ava raises to 10"], pot=1))
    assert index == 4 and "a bet and 3 raises" in message and "OPR-535 3.1" in message


def test_3_2_the_first_round_limit_is_2_for_everyone_and_the_highest_card_opens():
    hands = {"Ava": ("2♣ 3♦", "Q♣"), "Ben": ("4♦ 6♣", "K♣")}
    assert ask(deal(hands, pot=1), "opener").value == "Ben"
    [(index, message)] = check_events(deal(hands, ["Ben bets 3"], pot=1))
    assert "from 1 to 2 in round 1" in message and "OPR-535 3.2" in message
    [(index, message)] = check_events(deal(hands, ["Ava bets 2"], pot=1))
    assert "it is Ben's turn" in message


def test_3_3_half_the_last_match_when_larger_and_not_otherwise():
    # Sixth street (stage 5, betting round 4); Ava's pair of nines was matched earlier.
    hands = {"Ava": ("2♣ 3♦", "9♣ 9♦ 5♠ 2♦"), "Ben": ("4♦ 6♣", "K♣ 2♥ 7♠ 8♠")}

    def at_round_4(matched, events=()):
        return deal(hands, events, street="sixth", shared="J♠", pot=80, matched=matched)

    assert ask(at_round_4({"Ava": 2}), "bet_limit", player="Ava").value == 2
    assert ask(at_round_4({"Ava": 30}), "bet_limit", player="Ava").value == 15
    # An odd match halves down to whole units (the course's own default).
    odd = ask(at_round_4({"Ava": 25}), "bet_limit", player="Ava")
    assert odd.value == 12 and any(s.course_default for s in odd.steps)
    # The limit applies to the player's own bet or raise.
    assert check_events(at_round_4({"Ava": 30}, ["Ava bets 2", "Ben raises to 4", "Ava raises to 19"])) == []
    [(index, message)] = check_events(at_round_4({"Ava": 30}, ["Ava bets 1", "Ben raises to 4"]))
    assert index == 1 and "from 1 to 2 in round 4" in message and "OPR-535 3.3" in message


def test_3_4_the_last_round_is_5_or_half_the_last_match():
    hands = {"Ava": ("2♣ 3♦", "9♣ 9♦"), "Ben": ("4♦ 6♣", "K♣ 2♥")}
    assert ask(deal(hands, street="fourth", pot=8, matched={"Ava": 6}), "bet_limit", player="Ava", round=5).value == 5
    assert ask(deal(hands, street="fourth", pot=8, matched={"Ava": 40}), "bet_limit", player="Ava", round=5).value == 20
    assert ask(deal(hands, street="fourth", pot=8), "bet_limit", player="Ben", round=5).value == 5


def test_3_5_stakes_are_a_profile_option():
    hands = {"Ava": ("2♣ 3♦", "9♣ 9♦"), "Ben": ("4♦ 6♣", "K♣ 2♥")}
    ex = deal(hands, street="fourth", pot=8, options={"round_limits": [4, 4, 4, 4, 10]})
    assert ask(ex, "bet_limit", player="Ben", round=2).value == 4
    assert ask(ex, "bet_limit", player="Ben", round=5).value == 10


# --- Article 4: the deal --------------------------------------------------------------------------


def test_4_1_only_the_dealer_antes_and_before_the_deal():
    seats = {"Ava": ("", ""), "Ben": ("", ""), "Cara": ("", "")}
    ok = deal(seats, ["Cara antes 1", "Ava is dealt 2♣ down"])
    assert check_events(ok) == [] and replay(ok).pot == 1
    [(i, m)] = check_events(deal(seats, ["Ava antes"]))
    assert "only the dealer antes, and the dealer is Cara" in m and "OPR-535 4.1" in m
    [(i, m)] = check_events(deal(seats, ["Ava is dealt 2♣ down"]))
    assert "the dealer (Cara) antes before the deal" in m


def test_4_stage_table_deal_order_spit_and_no_betting_after_stage_3():
    hands = {"Ava": ("2♣ 3♦", "9♣ 5♦"), "Ben": ("4♦ 6♣", "K♣ 2♥")}
    ex = deal(hands, ["Ben is dealt 7♣ up"], street="fourth", pot=8)
    assert "goes to Ava face up" in check_events(ex)[0][1]
    ex = deal(hands, ["Ava is dealt 7♣ up", "Ben is dealt 7♦ up", "Ava checks"], street="fourth", pot=8)
    [(i, m)] = check_events(ex)
    assert i == 2 and "no betting round after stage 3" in m
    ex = deal(hands, ["Ava is dealt 7♣ up", "Ben is dealt 7♦ up", "Ava is dealt 8♣ up"], street="fourth", pot=8)
    [(i, m)] = check_events(ex)
    assert i == 2 and "spit" in m and "OPR-535 4 (stage 4)" in m
    # Once a stage has been dealt inside the events, its betting round must be played.
    ex = deal(hands, ["Ava is dealt 7♣ up", "Ben is dealt 7♦ up", "spit 10♠", "Ava is dealt 8♣ up"],
              street="fourth", pot=8)
    [(i, m)] = check_events(ex)
    assert i == 3 and "betting round 3" in m


def test_4_later_rounds_open_with_the_best_hand_showing():
    hands = {"Ava": ("2♣ 3♦", "A♣ K♦"), "Ben": ("4♦ 6♣", "7♣ 7♥")}
    answer = ask(deal(hands, street="fourth", pot=8, matched={"Ben": 4}), "opener")
    assert answer.value == "Ben" and "OPR-535 4 (stage 2)" in answer.citations


def test_validation_reports_every_problem_with_its_index():
    hands = {"Ava": ("2♣ 3♦", "9♣"), "Ben": ("4♦ 6♣", "K♣")}
    ex = deal(hands, ["Zed is dealt 5♣ up", "Ava is dealt 9♣ up", "Ava is dealt 5♠ up", "Ben is dealt 5♠ up"], pot=4)
    problems = check_events(ex)
    assert [i for i, _ in problems] == [0, 1, 3]
    assert "'Zed' is not at the table" in problems[0][1]
    assert "'9♣' is already in play: Ava up" in problems[1][1]
    assert "'5♠' is already in play: Ava up" in problems[2][1]


def test_replay_raises_with_the_index_of_the_first_bad_event():
    ex = deal({"Ava": ("2♣ 3♦", "9♣"), "Ben": ("4♦ 6♣", "K♣")}, ["Ava is dealt 9♦ up", "Ben bets 2"], pot=4)
    with pytest.raises(IllegalActionError) as err:
        replay(ex)
    assert err.value.index == 1


# --- Article 5: showdown from eight cards ---------------------------------------------------------


def test_5_1_the_spit_card_plays_for_everyone_at_the_showdown():
    hands = {"Ava": ("A♣ A♦ 3♠", "2♣ 7♦ 9♣ J♠"), "Ben": ("K♣ K♦ 4♠", "5♣ 8♦ 10♣ Q♠")}
    ex = deal(hands, street="seventh", pot=50, shared="K♠")
    answer = ask(ex, "award")
    assert answer.value == {"Ben": 50}
    assert "OPR-535 5.1" in answer.citations
    assert shared_cards(ex) == parse_cards("K♠")


# --- seeded random play ---------------------------------------------------------------------------


# `make test` plays 400 seeded hands; the full 1,000 run under `make test-full`. The counts asked of
# the play at the end are per thousand hands.
@pytest.mark.parametrize("hands", [400, pytest.param(1000, marks=pytest.mark.slow)])
@pytest.mark.parametrize("seed", [535])
def test_random_play_conserves_cards_and_money(seed, hands):
    rng = random.Random(seed)
    profile = load_profile("opr-535")
    showdowns = matches = folds_at_match = over_base = 0
    for _ in range(hands):
        played = hv.random_deal(rng, rng.randint(2, 7), profile)
        table = played.table
        held = [c for s in table.hands.values() for c in s.cards] + table.shared
        everything = held + played.deck
        assert len(everything) == 52 and Counter(everything) == Counter(DECK)
        assert table.pot == sum(s.paid for s in table.hands.values())
        assert table.hands[table.seats[-1]].paid >= 1
        # Read the money record on its own (the hand state's ledger): every match paid exactly the
        # pot of its moment (2.2), and every bet or raise kept within the player's own limit (3.2-3.4).
        state = HandState.replay(SimpleNamespace(**_as_exercise(table, played.texts, profile)))
        running, latest, number, level = 0, {}, 0, None
        for entry in state.ledger:
            verb = entry.move.split()[1]
            if entry.move.endswith(" matches"):
                assert entry.added == running
                latest[entry.player] = entry.added
                matches += 1
            elif " is dealt " in entry.move or verb == "spit" or entry.move.startswith("spit "):
                level = None                                  # the next betting is a new round
            elif verb in ("bets", "raises", "checks", "calls") and level is None:
                number, level = number + 1, 0
            if verb in ("bets", "raises"):
                units, level = int(entry.move.split()[-1]) - level, int(entry.move.split()[-1])
                base = [2, 2, 2, 2, 5][number - 1]
                allowed = base if number == 1 else max(base, latest.get(entry.player, 0) // 2)
                assert 1 <= units <= allowed, (entry, units, number, latest)
                over_base += units > base
            running += entry.added
        assert running == table.pot
        folds_at_match += sum(o.decision == "fold" for o in table.rules.obligations)
        if len(table.live) > 1:
            showdowns += 1
            assert all(len(table.hands[p].down) == 3 and len(table.hands[p].up) == 4 for p in table.live)
            assert ask(SimpleNamespace(**_as_exercise(table, played.texts, profile)), "award").value
        # Replaying the recorded text through the checker finds nothing wrong.
        ex = SimpleNamespace(**_as_exercise(table, played.texts, profile))
        assert check_events(ex) == []
        assert all(str(hv.parse_event(t)) == t for t in played.texts)  # the canonical spelling
    per_thousand = hands / 1000
    assert (showdowns > 100 * per_thousand and matches > 100 * per_thousand
            and folds_at_match > 10 * per_thousand and over_base > 100 * per_thousand)


def _as_exercise(table, texts, profile):
    return dict(seats=table.seats, hands={}, shared=[], pot=0, street="third", events=texts, profile=profile,
                extra={}, game="horn-a-vika", actions=[], whole_hand=False, stacks=None)


# --- the exercises in the course ------------------------------------------------------------------


def test_course_exercises_load_and_every_authored_answer_agrees():
    from course.content import load_exercise

    files = sorted((ROOT / "exercises" / "horn-a-vika").glob("*.yaml"))
    assert len(files) >= 5
    for path in files:
        exercise, problems = load_exercise(path)
        assert problems == [], [str(p) for p in problems]
        for question in exercise.questions:
            if question.ask in asks_for("horn-a-vika"):
                answer = find_ask("horn-a-vika", question.ask).solve(exercise, question)
                assert solvers.is_correct(exercise, question, question.answer), (path.name, question.ask, answer.value)
                assert answer.steps and all(step.text for step in answer.steps)


def test_3_3_a_limit_asked_for_an_earlier_round_uses_the_match_made_by_then():
    full = example(STAGE_2 + ROUND_2 + STAGE_3_4)
    assert ask(full, "bet_limit", player="Ava", round=2).value == 10
    assert ask(full, "bet_limit", player="Ava", round=3).value == 40
    assert ask(full, "bet_limit", player="Ava", round=1).value == 2
    with pytest.raises(ValueError, match="round 6"):
        ask(full, "bet_limit", player="Ava", round=6)


def test_opener_is_asked_for_the_round_the_events_reach():
    full = example(STAGE_2 + ROUND_2 + STAGE_3_4)
    assert ask(full, "opener").value == "Ben"
    # an earlier round is answered as it was when that round began (any round)
    assert ask(full, "opener", round=2).value == ask(example(STAGE_2), "opener").value
    with pytest.raises(ValueError, match="round 4 is not a betting round these events play"):
        ask(full, "opener", round=4)
    stage_3 = example(STAGE_2 + ROUND_2 + STAGE_3_4[:3])
    with pytest.raises(ValueError, match="no betting round after stage 3"):
        ask(stage_3, "opener")


def test_1_3_two_to_seven_players():
    eight = {name: ("", "") for name in ["A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8"]}
    [(index, message)] = check_events(deal(eight, ["A8 antes"]))
    assert index == -1 and "2 to 7 players" in message and "OPR-535 1.3" in message
    with pytest.raises(ValueError, match="2 to 7"):
        hv.random_deal(random.Random(1), 8, load_profile("opr-535"))


@given(st.text(max_size=60))
@settings(max_examples=300, deadline=None)
def test_any_text_parses_or_raises_a_value_error_quoting_it(text):
    try:
        event = hv.parse_event(text)
    except ValueError as err:
        assert repr(text) in str(err) and "expected" in str(err)
    else:
        assert event.kind in hv.SPEC.kinds


@pytest.mark.parametrize("text", ["Ava is dealt zz up", "spit 1x", "Ava bets lots", "Ava matches 2.555", "Ava wins"])
def test_every_kind_of_unreadable_event_is_quoted_and_says_what_was_expected(text):
    with pytest.raises(ValueError) as err:
        hv.parse_event(text)
    assert repr(text) in str(err.value) and "expected" in str(err.value)


def test_content_reports_a_bad_event_at_its_own_line_and_column():
    from course.content import parse_exercise

    text = """id: bad-event
title: A bad event
game: horn-a-vika
street: third
seats: [Ava, Ben]
pot: 4
hands:
  Ava: {down: 2♣ 3♦, up: 9♣}
  Ben: {down: 4♦ 6♣, up: K♣}
events:
  - Ava is dealt 9♦ up
  - Ben is dealt 2♥ up
  - Ben bets 2
questions:
  - ask: pot
"""
    exercise, problems = parse_exercise(text, "x.yaml")
    assert [str(p) for p in problems] == [
        "x.yaml:13:5: 'Ben bets 2': Ava must match the pot or fold before the betting "
        "[OPR-535 2.1] [OPR-535 4 (stage 2)]"]


# --- the hand ends with one player left --------------------------------------------


def test_variant_of_seven_card_stud_the_hand_ends_when_one_player_is_left():
    """OPR-535 1.1 (a variant of seven-card stud) and HPD "The deal timeline": when the only
    opponent folds rather than match the pot, the last player wins; nothing else happens."""
    hands = {"Ava": ("2♣ 3♦", "8♣"), "Ben": ("4♣ 5♦", "K♥")}
    events = ["Ava is dealt 8♦ up", "Ben is dealt K♠ up", "Ava folds"]
    over = deal(hands, events, pot=20)
    assert check_events(over) == []
    assert ask(over, "pot_matches").value == [{"Ava": 20}]       # Ben's decision lapsed
    assert ask(over, "award").value == {"Ben": 20}
    for last in ("Ben folds", "Ben matches", "Ben checks"):
        [(index, message)] = check_events(deal(hands, events + [last], pot=20))
        assert index == 3 and "the hand is over: only Ben is left" in message
        assert "[OPR-535 1.1]" in message


def test_stage_1_the_opener_stays_the_opener_after_folding():
    """OPR-535 4 (stage 1): the highest card showing when round 1 begins opens it; a later fold by
    that player does not make someone else the opener."""
    ex = deal({"Ava": ("2♣ 3♦", "K♣"), "Ben": ("4♣ 5♦", "Q♠"), "Cara": ("6♣ 7♦", "4♠")},
              ["Ava bets 2", "Ben raises to 4", "Cara calls", "Ava folds"], pot=1)
    assert check_events(ex) == []
    assert ask(ex, "opener").value == "Ava"


def test_3_per_player_limits_are_a_limit_rule_of_the_one_stud_betting_round():
    # OPR-535 3.3: the same stud round as every game, sized by each player's own largest bet.
    hands = {"Ava": ("2♣ 3♦", "9♣ 9♦ 5♠ 2♦"), "Ben": ("4♦ 6♣", "K♣ 2♥ 7♠ 8♠")}
    table = replay(deal(hands, ["Ava bets 1"], street="sixth", shared="J♠", pot=80, matched={"Ava": 30}))
    rnd = table.round
    assert isinstance(rnd, StudRound) and rnd.street == "sixth" and rnd.limit.number == 4
    assert (rnd.limit.largest("Ava"), rnd.limit.largest("Ben")) == (15, 2)
    legal = [str(a) for a in rnd.legal_moves()]
    assert legal == ["Ben folds", "Ben calls", "Ben raises to 2", "Ben raises to 3"]
    assert all(rnd.can(a) for a in legal) and not rnd.can("Ben raises to 4")


# --- the smallest raise: RRP-H 3 "Betting and Raising" 6 -----------------------------


def test_rrp_betting_rule_6_a_raise_is_at_least_the_previous_bet_or_raise():
    """OPR-535 gives only the largest bet or raise; the profile's `min_raise` follows Robert's Rules
    betting rule 6, so 'Ben bets 10, Ava raises to 11' no longer passes, and a player whose own
    limit is below the bet to be raised may only call or fold."""
    hands = {"Ava": ("2♣ 3♦", "9♣ 9♦ 5♠ 2♦"), "Ben": ("4♦ 6♣", "K♣ 2♥ 7♠ 8♠")}

    def round_4(events):
        return deal(hands, events, street="sixth", shared="J♠", pot=80, matched={"Ava": 30, "Ben": 40})

    assert check_events(round_4(["Ava bets 10", "Ben raises to 20", "Ava raises to 30"])) == []
    [(index, message)] = check_events(round_4(["Ava bets 10", "Ben raises to 11"]))
    assert index == 1 and "at least the round's previous bet or raise, 10" in message
    assert 'RRP-H 3 "Betting and Raising" 6' in message and "course's own default" in message
    [(index, message)] = check_events(round_4(["Ava bets 10", "Ben raises to 30", "Ava raises to 37"]))
    assert index == 2 and "previous bet or raise, 20" in message
    # A player who never matched (limit 2) facing a bet of 10 may only call or fold.
    small = deal({"Ava": ("2♣ 3♦", "9♣ 9♦ 5♠ 2♦"), "Ben": ("4♦ 6♣", "K♣ 2♥ 7♠ 8♠")}, ["Ava bets 10"],
                 street="sixth", shared="J♠", pot=80, matched={"Ava": 30})
    assert [str(a) for a in replay(small).round.legal_moves()] == ["Ben folds", "Ben calls"]
    # The rule is a profile option: turned off, any amount from one unit up passes again.
    loose = deal(hands, ["Ava bets 10", "Ben raises to 11"], street="sixth", shared="J♠", pot=80,
                 matched={"Ava": 30, "Ben": 40}, options={"min_raise": "min-bet"})
    assert check_events(loose) == []
    assert load_profile("opr-535").option("min_raise").cite == ('COURSE "Smallest bet"',
                                                                'RRP-H 3 "Betting and Raising" 6')
