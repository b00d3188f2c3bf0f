"""Whole Stud High hands in one exercise: the deal and every street's betting as events, and
questions asked at any street (`street:`) or after any move (`after:`), on the one hand state."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from course import content
from course.asks import solvers
from course.engine.state import HandState
from course.model import Question

ROOT = Path(__file__).resolve().parents[2]
WHOLE = ROOT / "exercises" / "stud-high" / "whole-hand-third-to-showdown.yaml"


def _text(changes=None) -> str:
    data = yaml.safe_load(WHOLE.read_text(encoding="utf-8"))
    data.update(changes or {})
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def _exercise(changes=None):
    return content.parse_exercise(_text(changes), "whole.yaml")


def _ask(exercise, ask, **params):
    return solvers.answer(exercise, Question(ask, None, None, None, [], params, 1, 1))


def test_the_course_s_whole_hand_is_valid_and_replayed_by_the_hand_state():
    exercise, problems = _exercise()
    assert problems == [] and exercise.whole_hand
    state = HandState.replay(exercise)
    assert state.table.over and len(state.ledger) == len(exercise.events)
    assert list(HandState.street_ends(exercise)) == ["third", "fourth", "fifth", "sixth", "seventh"]


def test_each_street_is_answered_from_the_table_as_it_stands_then():
    exercise, _ = _exercise()
    assert [_ask(exercise, "street_total", street=s).value for s in ("third", "fourth", "fifth", "sixth", "seventh")] \
        == [12, 12, 24, 16, 16]
    assert _ask(exercise, "opener", street="sixth").value == "Cara"
    assert len(solvers.final_hands(exercise, next(q for q in exercise.questions if q.ask == "best_five"))["Ben"]) == 5
    assert "Ava" not in solvers.folded_players(exercise, next(q for q in exercise.questions if q.ask == "bring_in"))
    assert solvers.folded_players(exercise) == ["Ava"]
    # the pot awarded is the one the moves built: antes 3 and 80 in bets
    assert _ask(exercise, "award").value == {"Cara": 83}


def test_legal_action_after_a_move_of_the_whole_hand():
    exercise, _ = _exercise()
    after_bring_in = exercise.events.index("Ben brings in 2") + 1
    assert _ask(exercise, "legal_action", action="Cara completes to 4", after=after_bring_in).value is True
    assert _ask(exercise, "legal_action", action="Cara raises to 8", after=after_bring_in).value is False


def test_a_refused_move_of_a_whole_hand_is_reported_on_its_line():
    events = yaml.safe_load(WHOLE.read_text(encoding="utf-8"))["events"]
    wrong = [*events[:9], "Ben is dealt 9♣ up", *events[10:]]        # Ava's door card goes to Ben
    exercise, problems = _exercise({"events": wrong})
    assert problems and "the next card of third street goes to Ava face up" in problems[0].message
    lines = _text({"events": wrong}).splitlines()
    assert problems[0].line == next(n for n, line in enumerate(lines, 1) if "Ben is dealt 9♣ up" in line)


def test_a_whole_hand_deals_its_own_cards():
    _exercise_, problems = _exercise({"hands": {"Ava": {"down": "K♠ 7♦", "up": "9♣"}, "Ben": {}, "Cara": {}}})
    assert any("play the whole hand from the antes" in p.message for p in problems)


def test_a_question_about_a_street_the_hand_never_reaches_is_refused():
    exercise, _ = _exercise({"events": yaml.safe_load(WHOLE.read_text(encoding="utf-8"))["events"][:23],
                             "questions": [{"ask": "opener", "street": "sixth"}]})
    (problem,) = solvers.check_exercise(exercise)
    assert "never reaches sixth street" in problem.message


SHOWDOWN_WITHOUT_HOLE_CARDS = """\
id: no-hole-cards
title: Hole cards left out
game: stud-high
street: showdown
seats: [Ava, Ben]
hands:
  Ava: {down: A♠ A♥ 2♦, up: K♠ K♥ 7♣ 4♦}
  Ben: {up: Q♠ Q♥ 9♣ 8♦}
questions:
  - ask: winners
  - ask: best_five
    player: Ava
"""


def test_a_stud_showdown_question_needing_hole_cards_on_a_hand_that_lists_none_is_refused_with_file_and_line():
    """Not answered from Ben's face-up cards alone: the winners need Ben's hole cards; Ava's best
    five needs only Ava's, which are written."""
    exercise, problems = content.parse_exercise(SHOWDOWN_WITHOUT_HOLE_CARDS, "holes.yaml")
    assert problems == []
    (problem,) = solvers.check_exercise(exercise)
    assert problem.file == "holes.yaml" and problem.line == 10
    assert "needs Ben's hole cards" in problem.message and "'down'" in problem.message


EIGHT_AT = """\
id: eight-still-in
title: Eight players still in
game: stud-high
street: {street}
seats: [A1, A2, A3, A4, A5, A6, A7, A8]
hands:
  A1: {{up: 2♣ 3♣ 4♣ 5♣}}
  A2: {{up: 6♣ 7♣ 8♣ 9♣}}
  A3: {{up: 10♣ J♣ Q♣ K♣}}
  A4: {{up: A♣ 2♦ 3♦ 4♦}}
  A5: {{up: 5♦ 6♦ 7♦ 8♦}}
  A6: {{up: 9♦ 10♦ J♦ Q♦}}
  A7: {{up: K♦ A♦ 2♥ 3♥}}
  A8: {{up: 4♥ 5♥ 6♥ 7♥}}
questions:
  - ask: opener
    street: sixth
"""


@pytest.mark.parametrize("street", ["seventh", "showdown"])
def test_a_short_deck_deals_seventh_street_as_the_shared_card_refused_without_it(street):
    """Eight players still in after sixth street: 52 - 48 = 4 cards cannot give each a seventh
    card, so a deal at seventh street (or the showdown) without the shared card is refused at its
    `street` line, citing the profile's shared-card rule."""
    _, problems = content.parse_exercise(EIGHT_AT.format(street=street), "eight.yaml")
    (problem,) = [p for p in problems if "shared" in p.message]
    assert problem.line == 4 and "only 4 cards are left" in problem.message
    with_shared = EIGHT_AT.format(street=street).replace("questions:", "shared: 8♥\nquestions:")
    _, problems = content.parse_exercise(with_shared, "eight.yaml")
    assert not [p for p in problems if "shared" in p.message]


SHARED_SEVENTH = ROOT / "exercises" / "stud-high" / "shared-seventh-card.yaml"


def _eight_with_folded(folded: dict[str, int]) -> str:
    """The course's eight-player shared-card showdown, with `folded` players (name -> face-up
    cards they kept: 4 = folded on seventh street, fewer = folded earlier) marked folded."""
    data = yaml.safe_load(SHARED_SEVENTH.read_text(encoding="utf-8"))
    for name, ups in folded.items():
        hand = data["hands"][name]
        data["hands"][name] = {"down": hand["down"], "up": " ".join(hand["up"].split()[:ups]), "folded": True}
    data["questions"] = [{"ask": "winners", "prompt": "Who wins?", "answer": ["Cara"]}]
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def test_players_who_fold_on_seventh_street_after_the_shared_card_is_dealt_is_a_possible_deal():
    """Eight reached seventh street (52 - 48 = 4 cards left, so one shared card), then four folded
    on its betting: four are still in at the showdown, yet the deal was short when the card came.
    Accepted and answered; the same four folding on fifth street (three cards showing) leave 8
    cards for the four still in, so a shared card is refused as before."""
    late = {"Ava": 4, "Ben": 4, "Fay": 4, "Hana": 4}
    exercise, problems = content.parse_exercise(_eight_with_folded(late), "late.yaml")
    assert problems == [] and exercise.shared
    assert solvers.check_exercise(exercise) == []
    assert _ask(exercise, "winners").value == ["Cara"]
    early = {name: 3 for name in late}
    _, problems = content.parse_exercise(_eight_with_folded(early), "early.yaml")
    (problem,) = [p for p in problems if "shared" in p.message]
    assert "8 cards are left" in problem.message and "deal each a seventh card" in problem.message


def test_on_a_seventh_street_exercise_the_player_now_high_using_the_shared_card_opens_rrp_8_15():
    """A seventh-street exercise with the shared J♠: its opener question and its betting round
    read the profile's `shared_card_opener` (RRP-H 8.15 for PokerStars and WSOP, whose sources are
    silent: A3's jacks; an exercise that keeps the sixth-street opener: A7), and no step says the
    seventh card was dealt face down."""
    text = EIGHT_AT.format(street="seventh").replace("questions:", "shared: J♠\nquestions:") \
        .replace("    street: sixth\n", "    street: seventh\n")
    exercise, problems = content.parse_exercise(text, "eight.yaml")
    assert problems == [] and exercise.profile.name == "pokerstars"
    kept, problems = content.parse_exercise(
        text.replace("questions:", "options: {shared_card_opener: sixth-street-opener}\nquestions:"), "eight.yaml")
    assert problems == []
    for ex, first in ((exercise, "A3"), (content.with_profile(exercise, "wsop-2026"), "A3"), (kept, "A7")):
        answer = _ask(ex, "opener", street="seventh")
        assert answer.value == first and not any("dealt face down" in s.text for s in answer.steps)
        assert 'COURSE "Shared-card opener"' in answer.citations
        assert HandState.start(ex).round.first == first            # the round the actions are played on
