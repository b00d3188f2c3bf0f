"""An exercise validated from its data (`course.content.exercise_from_data`): the model and the
problems its YAML file would give, without writing or parsing YAML (the drills' path)."""

from __future__ import annotations

import dataclasses

import pytest
import yaml

from course import content
from course.content import nodes
from course.study import engine, registry, templates

ALL = list(templates.templates())


def _placeless(exercise):
    """The exercise without where its keys were written (data has no lines to keep)."""
    questions = [dataclasses.replace(q, line=0, column=0, marks={}) for q in exercise.questions]
    return dataclasses.replace(exercise, line=0, marks={}, questions=questions)


@pytest.mark.parametrize("name", ALL)
def test_every_template_s_item_from_its_data_is_the_exercise_its_yaml_loads_as(name):
    for item in templates.sample(name, 3, start=500):
        data = templates.data(item)
        from_data, data_problems = content.exercise_from_data(data, item)
        from_yaml, yaml_problems = content.parse_exercise(registry.dump(data), item)
        assert data_problems == [] and yaml_problems == [], item
        assert _placeless(from_data) == _placeless(from_yaml), item


GOOD = {"id": "data-check", "title": "From data", "game": "stud-high", "street": "third",
        "seats": ["Ava", "Ben"], "hands": {"Ava": {"down": "A♠ K♠", "up": "Q♠"}, "Ben": {"down": "2♥ 3♥", "up": "4♥"}},
        "questions": [{"ask": "bring_in"}]}


@pytest.mark.parametrize("change", [
    {"game": "stud-hgih"},                                     # an unknown game, with a suggestion
    {"colour": "red"},                                          # an unknown key
    {"id": "Not An Id"},                                        # an id that is not kebab-case
    {"hands": {"Ava": {"down": "A♠ K♠", "up": "Q♠"}, "Ben": {"down": "A♠ 3♥", "up": "4♥"}}},  # a card twice
    {"seats": ["Ava", 7]},                                      # a seat that is a number
    {"questions": [{"ask": "bring_in", "answer": True}]},       # an answer of the wrong shape
    {"street": None},                                           # a required key left empty
])
def test_bad_data_gets_the_problems_its_yaml_gets(change):
    data = {**GOOD, **change}
    _, from_data = content.exercise_from_data(data, "item")
    _, from_yaml = content.parse_exercise(registry.dump(data), "item")
    assert from_yaml, change
    assert sorted(p.message for p in from_data) == sorted(p.message for p in from_yaml)


def test_good_data_loads_and_what_is_not_yaml_shaped_is_a_problem_not_a_crash():
    exercise, problems = content.exercise_from_data(GOOD, "item")
    assert problems == [] and exercise.hands["Ava"].up[0].rank.name == "QUEEN"
    _, problems = content.exercise_from_data({**GOOD, "pot": object()}, "item")
    assert len(problems) == 1 and "not an exercise's data" in problems[0].message


def test_a_text_reads_as_text_where_yaml_would_read_it_as_a_boolean():
    """A str in data is text, as a quoted YAML scalar is: no `yes`-read-as-true warning."""
    node = nodes.tree({"seats": ["yes", "no"], "pot": 3, "open": True, "gone": None})
    seats = node.get("seats").value
    assert [(s.value, s.tag, s.plain) for s in seats] == [("yes", nodes._STR, False), ("no", nodes._STR, False)]
    assert (node.get("pot").value, node.get("pot").tag) == (3, nodes._INT)
    assert (node.get("open").value, node.get("open").tag) == (True, nodes._BOOL)
    assert node.get("gone").tag == nodes._NULL


@pytest.mark.parametrize("name", ["bring-in", "side-pots", "hah-side-pots", "hav-second-match", "which-game-bring-in"])
def test_a_drill_item_is_made_without_writing_or_reading_yaml(name, monkeypatch):
    """Generating and checking an item never writes YAML and never parses any: the YAML is
    written only when an author asks for it (`to_yaml`)."""
    if name not in ALL:
        pytest.skip(f"no template {name}")

    def refused(*args, **kwargs):
        raise AssertionError("YAML written or parsed while an item was made")

    item = templates.item_id(name, 123_457)
    templates.generate.cache_clear()
    monkeypatch.setattr(yaml, "dump", refused)
    monkeypatch.setattr(nodes, "parse_yaml", refused)
    monkeypatch.setattr(content.checker, "parse_yaml", refused)
    exercise = templates.generate(item)
    assert engine.check(exercise) == []
    monkeypatch.undo()
    text = templates.to_yaml(item)
    assert content.parse_exercise(text, item)[1] == []
