"""The `irregularity:` exercise key (course/content/irregularity.py): each mistake of an author's
reported at its own line and column, and a good key read into the shape the asks use."""

from __future__ import annotations

import pytest

from course.content import parse_exercise

THIRD = """\
id: irregular
title: An irregular deal
game: stud-high
rules: pokerstars
street: third
seats: [Ava, Ben, Cara, Drew]
hands:
  Ava: {down: K♣ Q♦, up: 9♥}
  Ben: {down: 9♠ K♠, up: 3♣}
  Cara: {down: 7♥ 8♥, up: A♠}
  Drew: {down: 5♣ 6♣, up: 4♦}
irregularity: IRREGULARITY
questions:
  - ask: repair_first_to_act
"""


def problems(irregularity: str, text: str = THIRD) -> list[str]:
    exercise, found = parse_exercise(text.replace("IRREGULARITY", irregularity), "ex.yaml")
    return [str(p) for p in found]


def read(irregularity: str, text: str = THIRD) -> dict:
    exercise, found = parse_exercise(text.replace("IRREGULARITY", irregularity), "ex.yaml")
    assert found == [], [str(p) for p in found]
    return exercise.extra["irregularity"]


def test_a_good_key_is_read_for_the_asks():
    assert read("{kind: hole-card-up, player: Ben, cards: [3♣]}") == {
        "kind": "hole-card-up", "player": "Ben", "cards": ["3♣"]}
    assert read("{kind: wrong-bring-in, player: Drew, next_acted: no}") == {
        "kind": "wrong-bring-in", "player": "Drew", "next_acted": False}


def test_an_exercise_without_the_key_has_none():
    exercise, found = parse_exercise(THIRD.replace("irregularity: IRREGULARITY\n", "").replace(
        "repair_first_to_act", "bring_in"), "ex.yaml")
    assert found == [] and "irregularity" not in exercise.extra


@pytest.mark.parametrize("irregularity, expected", [
    ("{kind: hole-card-upp, player: Ben, cards: [3♣]}",
     "ex.yaml:12:22: unknown irregularity 'hole-card-upp' (did you mean 'hole-card-up'?)"),
    ("{kind: hole-card-up, player: Bob, cards: [3♣]}", "ex.yaml:12:44: irregularity player: unknown player 'Bob'"),
    ("{kind: hole-card-up, player: Ben, cards: [4♦]}",
     "ex.yaml:12:56: one hole card turned up: write Ben's hand as it lies"),
    ("{kind: hole-card-up, player: Ben, cards: [3♣, 9♠]}",
     "ex.yaml:12:56: both hole cards turned up make Ben's hand dead"),
    ("{kind: hole-card-up, player: Ben, card: [3♣]}", "ex.yaml:12:49: unknown key 'card' in the hole-card-up "
     "irregularity (did you mean 'cards'?)"),
    ("{kind: wrong-bring-in, player: Ben, next_acted: no}",
     "ex.yaml:12:46: Ben is the true low card, so the bring-in was not a mistake [RRP-H 8.9]"),
    ("{kind: wrong-bring-in, player: Ava, next_acted: maybe}", "ex.yaml:12:63: "),
    ("{kind: dealt-too-soon, early: [2♦], deck: [2♠, 3♠, 4♠]}",
     "ex.yaml:12:57: the deck lists 3 card(s); with 4 players still in the repair uses 9"),
    ("{kind: dealt-too-soon, early: [9♥], deck: [2♠, 3♠, 4♠]}", "ex.yaml:12:45: 9♥ is dealt twice: dealt too soon and Ava up"),
    ("hole-card-up", "ex.yaml:12:15: 'irregularity' should be a mapping with a 'kind'"),
])
def test_each_mistake_is_reported_at_its_line_and_column(irregularity, expected):
    found = problems(irregularity)
    assert any(p.startswith(expected) for p in found), found


def test_a_player_not_at_the_table_is_named():
    found = problems("{kind: hole-card-up, player: Bob, cards: [3♣]}")
    assert any("Bob" in p and "Ava" in p for p in found), found


def test_the_key_belongs_to_the_street_its_mistake_happens_on():
    fourth = THIRD.replace("street: third", "street: fourth")
    found = problems("{kind: wrong-bring-in, player: Ava, next_acted: no}", fourth)
    assert any("ex.yaml:12:22: a wrong-bring-in irregularity happens on third street" in p for p in found), found


def test_the_key_is_stud_highs():
    razz = THIRD.replace("game: stud-high\nrules: pokerstars", "game: razz")
    found = problems("{kind: hole-card-up, player: Ben, cards: [3♣]}", razz)
    assert any(p.startswith("ex.yaml:11:15: 'irregularity' is written on a Seven-Card Stud High exercise") for p in found), found


def test_a_dead_hand_is_written_folded_with_its_two_cards_in_the_key_only():
    text = THIRD.replace("  Ben: {down: 9♠ K♠, up: 3♣}", "  Ben: {folded: true}")
    assert read("{kind: hole-card-up, player: Ben, cards: [2♦, 7♣]}", text)["cards"] == ["2♦", "7♣"]
    found = problems("{kind: hole-card-up, player: Ben, cards: [2♦, 9♥]}", text)
    assert any("9♥ is dealt twice" in p for p in found), found
