"""Card conservation: a deal that cannot happen is rejected with file:line, for every game.

The three Have a Heart deals below are the course's own exercises as they once stood
(each now fixed in exercises/have-a-heart/); the checker must catch each one."""

from __future__ import annotations

import textwrap

import pytest

from course.content import parse_exercise

HEADER = """\
id: x
title: x
game: have-a-heart
rules: opr-678
"""


def problems(body: str) -> list:
    _, found = parse_exercise(HEADER + textwrap.dedent(body), "exercises/x.yaml")
    return found


def test_no_replacement_cards_never_change_face():
    """OPR-678 3.2: a card taken face up stays face up and a hole card stays a hole card, so a
    face-up card cannot have become a hole card (hah-face-down-heart as it was)."""
    found = problems("""\
        street: sixth
        seats: [Ava, Ben]
        hands:
          Ava: {down: 2♠ 7♣ Q♥, up: A♠ K♠ 9♠ 4♦}
          Ben: {down: 3♣ 5♦, up: J♦ 6♣ 8♦}
        questions:
          - ask: winners
        """)
    messages = [p.message for p in found]
    assert any("7 face-up cards, but by sixth street 8 were dealt face up" in m for m in messages)
    assert any("5 hole cards, but by sixth street 4 were dealt face down" in m for m in messages)
    assert all((p.file, p.line) == ("exercises/x.yaml", 8) for p in found)   # the hands


def test_taking_a_card_a_face_up_heart_leaves_a_trace():
    """OPR-678 "Taking a card": a heart dealt face up takes a card at once, so one heart showing
    with every hand still at the count dealt cannot happen (hah-taken-heart-no-take as it was)."""
    found = problems("""\
        street: fourth
        seats: [Ava, Ben, Cara]
        hands:
          Ava:  {down: 4♣ 5♣, up: K♥ 7♦}
          Ben:  {down: 6♠ 8♠, up: K♠ 2♣}
          Cara: {down: A♣ 9♦, up: J♠ J♦}
        questions:
          - ask: winners
        """)
    [problem] = found
    assert "1 heart shows face up, so 1 card was taken" in problem.message
    assert '[OPR-678 "Taking a card"]' in problem.message and problem.line == 8
    fixed = problems("""\
        street: fourth
        seats: [Ava, Ben, Cara]
        hands:
          Ava:  {down: 4♣ 5♣ A♣, up: K♥ 7♦}
          Ben:  {down: 6♠ 8♠, up: K♠ 2♣}
          Cara: {down: 9♦, up: J♠ J♦}
        questions:
          - ask: winners
        """)
    assert fixed == []


def test_no_replacement_every_card_dealt_is_still_at_the_table():
    """OPR-678 "No replacement": lost cards go to the taker, so two players cannot end with 12
    cards after seven each were dealt (opr-678-short-hand-wins as it was)."""
    found = problems("""\
        street: showdown
        seats: [Ava, Ben]
        hands:
          Ava: {down: Q♠ 6♣, up: Q♦ 2♥}
          Ben: {down: J♠ 4♦ 3♣ 2♠, up: J♥ 9♦ 7♣ 5♠}
        questions:
          - ask: winners
        """)
    messages = [p.message for p in found]
    assert any("6 face-up cards, but by showdown street 8 were dealt" in m for m in messages)
    assert any("3 fewer cards than the 7 each was dealt, but only 2 hearts show face up" in m for m in messages)


def test_exchanging_instead_of_taking_keeps_every_count():
    """OPR-678 "Exchanging instead of taking": a card comes back for every card taken."""
    found = problems("""\
        options: {exchange_variation: true}
        street: fourth
        seats: [Ava, Ben]
        hands:
          Ava:  {down: 4♣ 5♣ A♣, up: K♥ 7♦}
          Ben:  {down: 6♠, up: K♠ 2♣}
        questions:
          - ask: winners
        """)
    assert any("every take gives a card back" in p.message for p in found)


@pytest.mark.parametrize("game, rules", [("stud-high", "pokerstars"), ("horn-a-vika", "opr-535")])
def test_deal_timeline_cards_that_never_move_are_counted_per_player(game, rules):
    """HPD "The deal timeline": where cards never change hands, each player still in holds the
    street's count (Stud High and Horn-A-Vika alike)."""
    text = textwrap.dedent(f"""\
        id: x
        title: x
        game: {game}
        rules: {rules}
        street: fourth
        seats: [Ava, Ben]
        hands:
          Ava: {{down: 4♣ 5♣, up: K♥ 7♦ 2♠}}
          Ben: {{down: 6♠ 8♠, up: K♠ 2♣}}
        questions:
          - ask: winners
        """)
    _, found = parse_exercise(text, "exercises/x.yaml")
    assert any("Ava shows 3 up card(s); on fourth street a player still in shows 2" in p.message
               and p.line == 8 for p in found)
