"""Options renamed into words every stud game shares (`first_round_opens`, `second_round_pair`, ...)
still read their older seven-card names (`third_street_first`, `fourth_street_pair`, ...) wherever
an author could have written them: a profile's options and an exercise's `options:`
(course/rules/profiles.yaml, schema `older_names`)."""

from __future__ import annotations

import re
import textwrap

import pytest

from course.asks import solvers
from course.content import parse_exercise
from course.rules import _inherited, current_option_name, load_profile, older_option_names, option_schema

RENAMED = {
    "third_street_first": "first_round_opens",
    "later_street_first": "later_round_opens",
    "later_street_tie": "later_round_tie",
    "fourth_street_pair": "second_round_pair",
    "fourth_street_pair_scope": "second_round_pair_scope",
    "fourth_street_big_bet_stands": "second_round_big_bet_stands",
}

# Fourth street with a pair showing: whether Ava may open for the big bet is the pair option's call.
PAIR_SHOWING = """\
id: pair-showing
title: A pair showing on fourth street
game: stud-high
{options}street: fourth
seats: [Ava, Ben, Cara]
hands:
  Ava: {{down: K♣ Q♦, up: 2♥ 2♠}}
  Ben: {{down: 9♠ 9♦, up: 3♣ 7♣}}
  Cara: {{down: 7h 8h, up: As 5d}}
questions:
  - ask: legal_action
    action: Ava bets 8
"""


def pair_showing(options: str = "") -> str:
    return PAIR_SHOWING.format(options=f"options: {{{options}}}\n" if options else "")


def answers(text: str) -> list:
    exercise, problems = parse_exercise(textwrap.dedent(text), "x.yaml")
    assert problems == []
    return [solvers.answer(exercise, q).value for q in exercise.questions]


def test_every_older_name_stands_for_its_option_now():
    assert older_option_names() == RENAMED
    schema = option_schema()
    for old, new in RENAMED.items():
        assert new in schema and old not in schema
        assert current_option_name(old) == new and current_option_name(new) == new


def test_no_option_name_holds_a_seven_card_street_word():
    street_words = re.compile(r"third|fourth|fifth|sixth|seventh")
    assert [name for name in option_schema() if street_words.search(name)] == []


@pytest.mark.parametrize("old, new, value", [
    ("third_street_first", "first_round_opens", "highest-showing"),
    ("later_street_first", "later_round_opens", "lowest-showing"),
    ("later_street_tie", "later_round_tie", "suit"),
    ("fourth_street_pair", "second_round_pair", "off"),
    ("fourth_street_pair_scope", "second_round_pair_scope", "pair-holder"),
    ("fourth_street_big_bet_stands", "second_round_big_bet_stands", False),
])
def test_an_override_under_the_older_name_sets_the_option_now(old, new, value):
    by_old, by_new = load_profile("pokerstars", {old: value}), load_profile("pokerstars", {new: value})
    assert by_old.value(new) == by_new.value(new) == value != load_profile("pokerstars").value(new)
    assert by_old == by_new and old not in by_old.options
    assert by_old.option(old) == by_old.option(new)       # code written with the older name reads it too


def test_an_option_under_both_names_is_refused():
    with pytest.raises(ValueError, match=r"'second_round_pair' is given twice, once under its older name "
                                         r"'fourth_street_pair'"):
        load_profile("pokerstars", {"second_round_pair": "off", "fourth_street_pair": "off"})


def test_a_profile_written_with_an_older_name_replaces_its_parents_option():
    raw = {"base": {"game": "stud-high", "title": "Base",
                    "options": {"second_round_pair": {"value": "any-exposed-pair"}, "ante": {"value": 1}}},
           "child": {"extends": "base", "title": "Child", "options": {"fourth_street_pair": {"value": "off"}}}}
    assert _inherited(raw)["child"]["options"] == {"second_round_pair": {"value": "off"}, "ante": {"value": 1}}
    raw["child"]["options"]["second_round_pair"] = {"value": "off"}
    with pytest.raises(ValueError, match=r"profile 'child'.*'second_round_pair' is given twice"):
        _inherited(raw)


def test_an_exercise_written_with_the_older_name_loads_and_answers_the_same():
    assert answers(pair_showing()) == [True]          # pokerstars: a pair showing allows the big bet
    old = answers(pair_showing("fourth_street_pair: 'off'"))
    assert old == answers(pair_showing("second_round_pair: 'off'")) == [False]
    exercise, _ = parse_exercise(pair_showing("fourth_street_pair: 'off'"), "x.yaml")
    assert exercise.options == {"second_round_pair": "off"}


def test_an_exercise_giving_both_names_is_told_to_keep_one():
    _, problems = parse_exercise(pair_showing("second_round_pair: 'off', fourth_street_pair: 'off'"), "x.yaml")
    assert [str(p) for p in problems] == [
        "x.yaml:4:37: options: 'fourth_street_pair' is the older name of 'second_round_pair', "
        "which is also given; keep one"]


def test_a_misspelt_option_still_gets_did_you_mean_with_file_and_line():
    (problem,) = parse_exercise(pair_showing("second_round_pare: 'off'"), "x.yaml")[1]
    assert str(problem).startswith("x.yaml:4:11: unknown key 'second_round_pare' in options "
                                   "(did you mean 'second_round_pair'")
    (problem,) = parse_exercise(pair_showing("fourth_street_pare: 'off'"), "x.yaml")[1]
    assert str(problem).startswith("x.yaml:4:11: unknown key 'fourth_street_pare' in options "
                                   "(did you mean 'fourth_street_pair'")
