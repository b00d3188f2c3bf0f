"""The stud drills that ask the engine before they keep a draw load the draw as the data it is
(`registry.draft`), no longer as YAML written and parsed back: the items are the same for their id
either way (the same draws kept and rejected, the same generator stream), and an item whose draft
is used as it is (`PARSED`) equals the item loaded afresh from its data (for the side-pot drills,
loaded on the hand the drill has just played, `HandState.offering`), and answers alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from course.study import allin, dead_hands, earlier_rows, engine, forced_bets, odd_unit, templates
from course.study.registry import dump

DRAFTING = {
    earlier_rows: ("earlier-street-opener", "five-card-stud-earlier-street-opener"),
    forced_bets: ("forced-bet-sizes",),
    odd_unit: ("odd-chip", "razz-odd-chip"),
    dead_hands: ("dead-hand-winner",),
    allin: ("side-pots", "razz-side-pots", "hilo-side-pots"),
}
CASES = [(module, name) for module, names in DRAFTING.items() for name in names]
SEEDS = range(15)


def _draft_through_yaml(data, drill):
    """The draft as it was loaded before: written as YAML and parsed back."""
    exercise, problems = engine.parse(dump({"id": "draw", "title": "draw", **data}), "<draw>")
    assert exercise is not None and not problems, (drill, problems)
    return exercise


def _items(name):
    return [templates._draw(templates.item_id(name, seed)) for seed in SEEDS]


@pytest.mark.parametrize("module, name", CASES, ids=[name for _, name in CASES])
def test_items_are_the_same_as_when_the_draft_went_through_yaml(module, name, monkeypatch):
    as_data = _items(name)
    monkeypatch.setattr(module, "draft", _draft_through_yaml)
    through_yaml = _items(name)
    assert [data for data, _ in as_data] == [data for data, _ in through_yaml]
    for (data, exercise), (_, yaml_exercise) in zip(as_data, through_yaml):
        item = templates.item_id(name, int(data["id"].rsplit("-", 1)[1]))
        mine = exercise or templates._load(data, item)
        theirs = yaml_exercise or templates._load(data, item)
        for asked, other in zip(mine.questions, theirs.questions):
            assert engine.answer_json(mine, asked) == engine.answer_json(theirs, other), item


@pytest.mark.parametrize("name", ["earlier-street-opener", "five-card-stud-earlier-street-opener",
                                  "side-pots", "razz-side-pots", "hilo-side-pots"])
def test_a_draft_kept_as_the_item_equals_the_item_loaded_from_its_data(name):
    for seed in SEEDS:
        item = templates.item_id(name, seed)
        data, drafted = templates._draw(item)
        assert drafted is not None, item              # the draft is kept, not loaded a second time
        loaded = templates._load(data, item)
        assert drafted == loaded, item
        for asked, other in zip(drafted.questions, loaded.questions):
            assert engine.answer_json(drafted, asked) == engine.answer_json(loaded, other), item


def test_every_module_that_drafts_is_compared():
    study = Path(templates.__file__).parent
    drafting = {path.stem for path in study.glob("*.py") if path.stem != "registry" and "draft(" in path.read_text()}
    assert drafting == {module.__name__.rsplit(".", 1)[1] for module in DRAFTING}
