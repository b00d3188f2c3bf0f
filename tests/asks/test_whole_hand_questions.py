"""Questions of a whole hand answered at their own street: the order of action and the first actor
as each street's round began (who was in, who was all in then), the bring-in when the lowest door
card is all in on the ante (RRP-H 8.8), the shared-card question from the hand's own deal, a pot of
2 tied on both halves, and a showdown that never asks for a folded player's cards."""

from __future__ import annotations

import random
from pathlib import Path

import yaml

from course import content
from course.asks import solvers
from course.asks import KINDS
from course.cards import DECK, parse_cards
from course.engine.state import HandState
from course.model import Question
from course.rules import default_profile
from course.engine.showdown import pot_halves

ROOT = Path(__file__).resolve().parents[2]
WHOLE = ROOT / "exercises" / "stud-high" / "whole-hand-third-to-showdown.yaml"


def _exercise(changes=None, path=WHOLE):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data.update(changes or {})
    exercise, problems = content.parse_exercise(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "w.yaml")
    assert problems == [], problems
    return exercise


def _ask(exercise, ask, **params):
    return solvers.answer(exercise, Question(ask, None, None, None, [], params, 1, 1))


def test_action_order_is_the_order_of_the_question_s_own_street_with_or_without_stacks():
    """Ben brings in on third street; Ava's kings open fourth; Cara's tens open fifth and sixth; Ava
    folded on sixth, so seventh is Cara then Ben."""
    expected = {"third": ["Ben", "Cara", "Ava"], "fourth": ["Ava", "Ben", "Cara"], "fifth": ["Cara", "Ava", "Ben"],
                "sixth": ["Cara", "Ava", "Ben"], "seventh": ["Cara", "Ben"]}
    for changes in ({}, {"stacks": {"Ava": 200, "Ben": 200, "Cara": 200}}):
        exercise = _exercise(changes)
        for street, order in expected.items():
            answer = _ask(exercise, "action_order", street=street)
            assert answer.value == order, (changes, street)
            assert answer.value[0] == _ask(exercise, "opener", street=street).value


# Cara starts with 5 chips: the ante and the completion put her all in on third street. On fourth
# her pair of jacks is the best row, so the next player with chips, Ava, acts first; Ava bets, Ben
# raises and Ava folds, which does not change who acted first.
ALL_IN_PAIR = [
    "Ava antes", "Ben antes", "Cara antes",
    "Ava is dealt K♠ down", "Ben is dealt Q♣ down", "Cara is dealt 6♥ down",
    "Ava is dealt 7♦ down", "Ben is dealt Q♦ down", "Cara is dealt 10♦ down",
    "Ava is dealt 9♣ up", "Ben is dealt 3♥ up", "Cara is dealt J♣ up",
    "Ben brings in 2", "Cara completes to 4", "Ava calls", "Ben calls",
    "Ava is dealt K♥ up", "Ben is dealt 8♠ up", "Cara is dealt J♥ up",
    "Ava bets 4", "Ben raises to 8", "Ava folds",
    "Ben is dealt J♦ up", "Cara is dealt 10♠ up",
    "Ben is dealt 5♣ up", "Cara is dealt 3♠ up",
    "Ben is dealt A♦ down", "Cara is dealt 2♦ down",
]


def test_the_opener_past_an_all_in_best_row_is_read_as_the_round_began_not_after_its_folds():
    exercise = _exercise({"stacks": {"Cara": 5}, "events": ALL_IN_PAIR,
                          "questions": [{"ask": "opener", "street": "fourth"}]})
    answer = _ask(exercise, "opener", street="fourth")
    assert answer.value == "Ava" and "Cara is all in" in answer.explain()
    assert _ask(exercise, "action_order", street="fourth").value == ["Ava", "Ben"]


# Ben, whose 3♥ is the lowest door card, has one chip: the ante puts him all in.
ALL_IN_LOW_CARD = [
    "Ava antes", "Ben antes", "Cara antes",
    "Ava is dealt K♠ down", "Ben is dealt Q♣ down", "Cara is dealt 6♥ down",
    "Ava is dealt 7♦ down", "Ben is dealt Q♦ down", "Cara is dealt 10♦ down",
    "Ava is dealt 9♣ up", "Ben is dealt 3♥ up", "Cara is dealt J♣ up",
    "Cara completes to 4", "Ava calls",
]


def test_the_bring_in_of_a_lowest_door_card_all_in_on_the_ante_passes_to_the_left_rrp_8_8():
    exercise = _exercise({"stacks": {"Ben": 1}, "events": ALL_IN_LOW_CARD,
                          "questions": [{"ask": "bring_in"}]})
    answer = _ask(exercise, "bring_in")
    assert answer.value == "Cara" and "RRP-H 8.8" in answer.citations
    assert _ask(exercise, "action_order", street="third").value == ["Cara", "Ava"]


def _eight_player_hand(players: int) -> list[str]:
    """A whole hand to the end of sixth street's betting: the lowest door brings in, everyone calls
    or checks; with eight players still in, the deck is short for seventh street."""
    seats = [f"P{i + 1}" for i in range(players)]
    profile = default_profile("stud-high")
    state = HandState.new_hand("stud-high", seats, profile)
    deck = list(DECK)
    random.Random(8).shuffle(deck)
    events = [f"{p} antes" for p in seats]
    for text in events:
        state.apply(text)
    table = state.table
    while True:
        nxt = table.next_deal()
        if nxt == "shared" or (nxt is not None and len(table.hands[nxt[0]].down) + len(table.hands[nxt[0]].up) == 6):
            break                                   # sixth street's betting is over
        if nxt is not None:
            player, up = nxt
            text = f"{player} is dealt {deck.pop()} {'up' if up else 'down'}"
        else:
            rnd = table.round or table.new_round()
            moves = [str(m) for m in rnd.legal_moves()]
            text = next(m for m in moves if " brings in" in m or m.endswith("checks") or " calls" in m)
        state.apply(text)
        events.append(text)
    return events


def test_shared_card_is_answered_from_the_whole_hand_s_own_deal():
    for players, shared in ((8, True), (7, False)):
        events = _eight_player_hand(players)
        seats = [f"P{i + 1}" for i in range(players)]
        exercise = _exercise({"seats": seats, "hands": {p: {} for p in seats}, "events": events,
                              "questions": [{"ask": "shared_card", "street": "sixth"}]})
        answer = _ask(exercise, "shared_card", street="sixth")
        assert answer.value is shared
        assert f"{52 - 6 * players} cards are left" in answer.explain()


def test_halves_of_a_pot_of_2_tied_on_both_halves_is_answered_and_read_back():
    hands = {"Ava": parse_cards("A♣ 2♣ 3♦ 4♦ 5♠ K♠ K♦"), "Ben": parse_cards("A♦ 2♦ 3♣ 4♣ 5♣ K♣ K♥")}
    answer = pot_halves(2, hands, ["Ava", "Ben"], profile=default_profile("stud-hi-lo"))
    kind = KINDS["halves"]
    assert kind.parse(answer.value) == {"high": {"Ava": 1, "Ben": 1}, "low": {}}
    assert kind.same(answer.value, answer.value)
    assert not kind.same({"high": {"Ava": 1, "Ben": 1}, "low": "none"}, answer.value)


def test_winners_after_a_shared_seventh_card_never_ask_for_the_cards_of_players_who_folded_on_it():
    """Eight players, one shared Q♦; Drew bets, three call and four fold on seventh street. The four
    who fold are written with their face-up cards only."""
    data = yaml.safe_load((ROOT / "exercises" / "stud-high" / "shared-seventh-card.yaml").read_text(encoding="utf-8"))
    folded = ["Hana", "Ava", "Ben", "Cara"]
    for name in folded:
        data["hands"][name] = {"up": data["hands"][name]["up"]}
    data.update(street="seventh", actions=["Drew bets", "Eli calls", "Fay calls", "Gus calls",
                                           *(f"{p} folds" for p in folded)],
                questions=[{"ask": "winners", "answer": ["Eli"]}])
    exercise, problems = content.parse_exercise(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "s.yaml")
    assert problems == []
    assert solvers.check_exercise(exercise) == []
    assert _ask(exercise, "winners").value == ["Eli"]
    assert set(solvers.folded_players(exercise)) == set(folded)
