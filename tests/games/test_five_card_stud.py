"""Five-Card Stud High, a game added as data: its streets, words, amounts, pots and drills all
come from its spec (course/games) and its profiles (course/rules/profiles.yaml), and the app
serves it in Practice and Review like any game."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from course import content
from course.asks import solvers
from course.app import labels
from course.engine.betting import BettingRound, new_round
from course.content.pots import possible_pots
from course.games import find_game
from course.rules import load_profile
from course.study import templates
from tests.support.apptest import environment, fill_widget, open_app, pick_question, texts
from tests.support.shipped import shipped_course

ROOT = Path(__file__).resolve().parents[2]
COURSE = shipped_course()
GAME = "five-card-stud"
SPEC = find_game(GAME)


def exercise(text: str):
    found, problems = content.parse_exercise(text, "five.yaml")
    return found, [str(p) for p in problems]


DEAL = """\
id: five-test
title: A test deal
game: five-card-stud
street: {street}
seats: [Ava, Ben, Cara]
hands:
  Ava: {{down: 7♣, up: {ava}}}
  Ben: {{down: A♠, up: {ben}}}
  Cara: {{down: 9♦, up: {cara}}}
{extra}questions:
  - ask: {ask}
"""


def deal(street="second", ava="J♦", ben="3♥", cara="3♣", ask="bring_in", extra=""):
    return DEAL.format(street=street, ava=ava, ben=ben, cara=cara, ask=ask, extra=extra)


def test_the_spec_deals_one_down_and_four_up_over_four_betting_streets():
    assert SPEC.betting_streets == ("second", "third", "fourth", "fifth")
    assert [SPEC.cards_on(s) for s in SPEC.street_names] == [(1, 1), (1, 2), (1, 3), (1, 4), (1, 4)]
    assert SPEC.card_faces == (False, True, True, True, True)


def test_a_street_key_is_checked_against_the_games_own_streets():
    _, problems = exercise(deal(street="sixth", ava="J♦ 2♠ 3♠ 4♠ 5♠"))
    assert any("unknown street 'sixth'" in p and "expected one of second, third, fourth, fifth, showdown "
               "(the streets of Five-Card Stud High)" in p for p in problems), problems
    _, problems = exercise(deal(street="second"))
    assert problems == []


def test_a_hand_shows_the_streets_number_of_up_cards():
    _, problems = exercise(deal(street="third"))       # one up card each: second street's count
    assert any("up" in p and "third" in p for p in problems), problems


def test_the_bring_in_is_worded_for_the_game_second_street_and_the_up_card():
    ex, problems = exercise(deal())
    assert problems == []
    found = solvers.answer(ex, ex.questions[0])
    assert found.value == "Cara"                       # 3♣ below 3♥ by suit (5CS 7)
    words = [s.text for s in found.steps]
    assert words[0].startswith("On second street the lowest up card brings in")
    assert words[1] == "Up cards: Ava J♦, Ben 3♥, Cara 3♣."
    assert not any("third street" in w or "door card" in w for w in words), words


def test_the_home_profile_extends_the_cardroom_one_and_the_high_card_opens():
    home, cardroom = load_profile("5cs-home"), load_profile("5cs-cardroom")
    assert {k for k in home.options if home.value(k) != cardroom.value(k)} == \
        {"first_round_opens", "door_card_tie", "bring_in"}
    ex, problems = exercise(deal(ask="opener", extra="rules: 5cs-home\n", ava="J♦", ben="J♣", cara="3♣"))
    assert problems == []
    found = solvers.answer(ex, ex.questions[0])
    assert found.value == "Ava"                        # equal jacks: the seat decides, not the suit
    assert "opens second street" in found.steps[0].text


def test_the_big_bet_starts_on_fourth_street():
    profile = load_profile("5cs-cardroom")
    assert [SPEC.bet_size(s, profile) for s in SPEC.betting_streets] == ["small", "small", "big", "big"]
    hands = {"Ava": ("7♣", "J♦ 2♠ 4♥"), "Ben": ("A♠", "3♥ 9♣ 5♦")}
    fourth = new_round("fourth", ["Ava", "Ben"], hands, profile)
    assert fourth.can(f"{fourth.to_act} bets 8") and not fourth.can(f"{fourth.to_act} bets 4")
    third = new_round("third", ["Ava", "Ben"], {p: (d, " ".join(u.split()[:2])) for p, (d, u) in hands.items()},
                      profile)
    assert third.can(f"{third.to_act} bets 4") and not third.can(f"{third.to_act} bets 8")


def test_a_betting_round_on_a_street_the_game_does_not_have_names_its_streets():
    with pytest.raises(ValueError, match="street 'sixth': expected one of second, third, fourth, fifth"):
        BettingRound("sixth", ["Ava", "Ben"], "Ava", load_profile("5cs-cardroom"))


def test_a_profile_whose_bet_sizes_name_other_streets_is_refused_at_the_exercise():
    extra = "options: {bet_by_street: {third: small, fourth: small, fifth: big, sixth: big, seventh: big}}\n"
    _, problems = exercise(deal(extra=extra))
    assert any("bet_by_street names third, fourth, fifth, sixth, seventh; Five-Card Stud High bets on "
               "second, third, fourth, fifth" in p for p in problems), problems


def _pots_by_hand(antes: int, streets: list[set[int]]) -> set[int]:
    """Two players still in, no folds: the antes plus twice what each put in on the streets."""
    totals = {0}
    for levels in streets:
        totals = {t + x for t in totals for x in levels}
    return {antes + 2 * t for t in totals}


def test_pots_are_counted_on_the_games_own_streets():
    profile = load_profile("5cs-cardroom")
    shape = SimpleNamespace(profile=profile, stakes=profile.stakes, game=GAME, street="fourth",
                            seats=["Ava", "Ben"], active=["Ava", "Ben"], folded=[])
    small = {0, 4, 8, 12, 16}
    second = {2} | (small - {0})                       # the bring-in called, or completed and raised
    # before fourth street: the antes and the two small-bet rounds; with fourth street's big-bet
    # round too, for a pot being awarded
    expected = _pots_by_hand(2, [second, small]) | _pots_by_hand(2, [second, small, {0, 8, 16, 24, 32}])
    assert possible_pots(shape, 200) == {p for p in expected if p <= 200}


@pytest.mark.parametrize("name", [n for n, t in templates.templates().items() if t.game == GAME])
def test_every_drill_deals_the_specs_cards_and_the_engine_answers_it(name):
    for item in templates.sample(name, 6):
        ex = templates.generate(item)
        assert ex.game == GAME and ex.street in SPEC.street_names
        down, up = SPEC.cards_on(ex.street)
        for player in ex.active:
            hand = ex.hands[player]
            assert (len(hand.down), len(hand.up)) == (down, up), (item, player)
        assert solvers.answer(ex, ex.questions[0]) is not None


def test_the_game_has_a_drill_per_ask_it_answers():
    asks = {t.ask for t in templates.templates().values() if t.game == GAME}
    assert asks == set(SPEC.stud_asks) and "legal_hand" in asks


def test_the_screen_names_the_game_its_profiles_and_its_source():
    assert labels.display_name(GAME) == "Five-Card Stud High"
    assert labels.display_name("5cs-home") == "Five-Card Stud home rules"
    assert labels.article_title("5CS 6") == "Five-Card Stud fact sheet · Who starts the first round"


def test_practice_serves_a_five_card_stud_deal_and_grades_it(tmp_path):
    ex = COURSE.exercises["5cs-bring-in-lowest-up-card"]
    with environment(tmp_path / "p.db"):
        at = open_app("practice")
        at.session_state["practice_deal"] = ex.id
        at.selectbox(key="practice_game").set_value(GAME)
        at.run()
        assert not at.exception, at.exception
        # the deal's title (which names its rule) waits for the check; the deal itself is there
        assert "Your deal" in [h.value for h in at.subheader]
        assert ex.title not in [h.value for h in at.subheader]
        key = f"practice|{ex.id}|0"
        pick_question(at, ex.id, 0)
        fill_widget(at, key, ex, "player", "Cara")
        at.button(key=f"{key}:check").click().run()
        assert not at.exception, at.exception
        assert any(s.value.startswith("Right.") for s in at.success), texts(at)
        assert ex.title in [h.value for h in at.subheader]
        at.session_state[f"{key}:steps"] = True        # every step is sent once its expander is open
        at.run()
        assert "On second street the lowest up card brings in" in texts(at)


def test_review_serves_a_five_card_stud_drill_and_a_written_deal(tmp_path):
    drill = "gen/five-card-stud-opener/1"
    written = "5cs-best-five-and-award"
    with environment(tmp_path / "p.db"):
        at = open_app("review")
        assert not at.exception, at.exception
        at.session_state["review:items"] = [(templates.parse_id(drill)[0].skill, drill),
                                            (f"exercise/{written}", written)]
        for n, ex in enumerate([templates.generate(drill), COURSE.exercises[written]]):
            at.session_state["review:at"] = n
            at.run()
            assert not at.exception, at.exception
            page = texts(at)
            assert at.caption[0].value.startswith(f"Item {n + 1} of 2 · Five-Card Stud High"), at.caption[0].value
            assert f"Game: **Five-Card Stud High** · Street: **{ex.street}**" in page, page
            assert page.count('class="ssr-seat') == len(ex.seats), page
