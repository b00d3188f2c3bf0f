"""`Profile.option` keeps each name it has found in a table of the profile's own: asked again,
every name (an option's, an older one, one that is no option) gives what the profile's options
give, and a profile with other options has a table of its own."""

from __future__ import annotations

import pytest

from course import rules


def looked_up(profile, name):
    try:
        return profile.options[rules.current_option_name(name)]
    except KeyError:
        return None


@pytest.mark.parametrize("name", rules.profile_names())
def test_every_name_asked_twice_gives_the_profiles_own_option(name):
    profile = rules.load_profile(name)
    names = [*profile.options, *rules.older_option_names(), "no_such_option", "raise-cap"]
    for _ in range(2):
        for option_name in names:
            expected = looked_up(profile, option_name)
            if expected is None:
                with pytest.raises(ValueError, match=f"rule option {option_name!r} is not part of profile"):
                    profile.option(option_name)
            else:
                assert profile.option(option_name) is expected
                assert profile.value(option_name) == expected.value


def test_a_profile_with_an_option_changed_reads_its_own_value_after_the_original_was_asked():
    profile = rules.load_profile(rules.profile_names("stud-high")[0])
    before = profile.option("raise_cap").value
    changed = profile.with_overrides({"raise_cap": before + 1})
    assert profile.option("raise_cap").value == before
    assert changed.option("raise_cap").value == before + 1
    assert profile.option("raise_cap").value == before
