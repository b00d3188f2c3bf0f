"""Rule profiles that inherit: `extends: <profile>` takes the parent's options and replaces only
those the profile writes itself (course/rules/profiles.yaml)."""

from __future__ import annotations

import pytest

from course.rules import _inherited, load_profile, profile_names


def test_a_profile_that_extends_another_holds_the_parents_options_and_its_own():
    parent, child = load_profile("opr-535"), load_profile("opr-535-exact")
    assert child.game == parent.game == "horn-a-vika"
    assert set(child.options) == set(parent.options)
    changed = {k for k in child.options if child.value(k) != parent.value(k)}
    assert changed == {"bet_amounts", "matched_limit_rounding"}
    assert child.value("matched_limit_rounding") == "exact" and parent.value("matched_limit_rounding") == "down"
    assert child.option("raise_cap").cite == parent.option("raise_cap").cite
    assert not child.default and parent.default


def test_extends_overrides_one_option_inherits_the_game_and_never_the_title():
    raw = {"base": {"game": "stud-high", "title": "Base", "default": True,
                    "options": {"raise_cap": {"value": 3}, "ante": {"value": 1}}},
           "child": {"extends": "base", "title": "Child", "options": {"ante": {"value": 2}}},
           "grandchild": {"extends": "child", "title": "Grandchild", "options": {"raise_cap": {"value": 4}}}}
    bodies = _inherited(raw)
    assert bodies["child"]["game"] == "stud-high"
    assert bodies["child"]["options"] == {"raise_cap": {"value": 3}, "ante": {"value": 2}}
    assert bodies["grandchild"]["options"] == {"raise_cap": {"value": 4}, "ante": {"value": 2}}
    assert "default" not in bodies["child"] and bodies["child"]["title"] == "Child"


@pytest.mark.parametrize("raw, message", [
    ({"a": {"extends": "nope", "title": "A", "options": {}}}, "profile 'a' extends 'nope', which is not a profile"),
    ({"a": {"extends": "b", "title": "A", "options": {}}, "b": {"extends": "a", "title": "B", "options": {}}},
     "`extends` goes round in a loop: a -> b -> a"),
    ({"a": {"game": "stud-high", "title": "A", "extend": "b", "options": {"x": 1}}},
     "unknown key 'extend': expected one of game, title, label, default, extends, options; did you mean 'extends'"),
    ({"a": {"game": "stud-high", "title": "A", "options": {"x": 1}},
      "b": {"extends": "a", "options": {}}}, "profile 'b' lacks title (it extends 'a')"),
])
def test_a_bad_extends_is_refused_naming_the_profile_and_what_was_expected(raw, message):
    with pytest.raises(ValueError) as caught:
        _inherited(raw)
    assert message in str(caught.value)


def test_every_profile_has_a_label_for_the_screen_which_an_exercise_override_keeps():
    assert all(load_profile(name).label for name in profile_names())
    assert load_profile("pokerstars").label == "PokerStars rules"
    assert load_profile("pokerstars", {"raise_cap": 4}).label == "PokerStars rules"
