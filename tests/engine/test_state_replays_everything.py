"""One engine: every exercise and every drill item is replayed by the one hand state.

The mutation test of the issue "One engine for real": with `HandState.apply` made to raise, the
real `course check` fails on every exercise that has moves, whatever its game, and every drill
template's item whose hand has moves fails to load; with `HandState.start` made to raise, every
exercise fails. Were any other code replaying moves, its exercises would still pass.
"""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from pathlib import Path

import pytest
import yaml

from course.games import GAMES

from course import cli
from course.engine import legal_play
from course.engine.state import HandState
from course.study import templates

ROOT = Path(__file__).resolve().parents[2]
EXERCISES = sorted((ROOT / "exercises").rglob("*.yaml"))


def _broken(*args, **kwargs):
    raise RuntimeError("HandState broken on purpose")


def _has_moves(data: dict) -> bool:
    return bool(data.get("actions") or data.get("events") or data.get("moves"))


def _check(monkeypatch) -> dict:
    """`python -m course check --json exercises`, run in this process (so the patch applies)."""
    monkeypatch.chdir(ROOT)
    out = io.StringIO()
    with redirect_stdout(out):
        cli.main(["check", "--json", "exercises"])
    return json.loads(out.getvalue())


def _failing(report: dict) -> set[str]:
    return {Path(p["file"]).resolve().relative_to(ROOT).as_posix() for p in report["problems"]}


def _files(with_moves: bool | None = None) -> set[str]:
    chosen = set()
    for path in EXERCISES:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if with_moves is None or _has_moves(data) == with_moves:
            chosen.add(path.relative_to(ROOT).as_posix())
    return chosen


def test_the_course_passes_with_the_hand_state_intact(monkeypatch):
    report = _check(monkeypatch)
    assert report["ok"], report["problems"][:3]
    assert report["exercises"] == len(EXERCISES)


def test_with_apply_broken_every_exercise_with_moves_fails_course_check(monkeypatch):
    with_moves = _files(with_moves=True)
    games = {yaml.safe_load((ROOT / f).read_text(encoding="utf-8"))["game"] for f in with_moves}
    assert games == set(GAMES)      # every game has exercises with moves
    monkeypatch.setattr(HandState, "apply", _broken)
    failing = _failing(_check(monkeypatch))
    assert with_moves - failing == set()


def test_with_start_broken_every_exercise_fails_course_check(monkeypatch):
    monkeypatch.setattr(HandState, "start", _broken)
    assert _files() - _failing(_check(monkeypatch)) == set()


def _item(name: str) -> dict:
    return templates.data(templates.item_id(name, 0))


@pytest.mark.parametrize("name", sorted(templates.templates()))
def test_with_the_move_cores_broken_every_drill_item_with_moves_fails(monkeypatch, name):
    """A drill item's moves are played by one of two cores: `HandState.apply`, with every check
    of an exercise's move, or `legal_play.record`, random play's move without the checks
    (`tests/engine/test_legal_play.py` holds the two to the same tables). Break both and every
    item with moves fails; an item without moves fails with `HandState.start` broken."""
    item = _item(name)
    templates.generate.cache_clear()
    if _has_moves(item):
        monkeypatch.setattr(HandState, "apply", _broken)
        monkeypatch.setattr(legal_play, "record", _broken)
    else:
        monkeypatch.setattr(HandState, "start", _broken)
    with pytest.raises(Exception) as failed:
        for seed in range(3):
            templates.generate(templates.item_id(name, seed))
    assert "broken on purpose" in str(failed.value) or isinstance(failed.value, RuntimeError)
    templates.generate.cache_clear()


SHOWDOWN_ASKS = {"winners", "award", "halves", "best_five", "category", "qualifies"}


def _low_showdown_files(game: str) -> set[str]:
    chosen = set()
    for path in EXERCISES:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if data.get("game") == game and any(q.get("ask") in SHOWDOWN_ASKS for q in data.get("questions", [])):
            chosen.add(path.relative_to(ROOT).as_posix())
    return chosen


@pytest.mark.parametrize("game, order", [("razz", "ace-to-five"), ("stud-hi-lo", "eight-or-better")])
def test_with_a_low_hand_order_read_as_high_every_low_showdown_exercise_fails(monkeypatch, game, order):
    """The low games run on the one award and the spec's hand orders: read the low order as the
    high one and every razz or Hi-Lo exercise that asks about the showdown fails course check."""
    from course import hands

    wanted = _low_showdown_files(game)
    assert len(wanted) >= 5
    monkeypatch.setitem(hands.HAND_ORDERS, order, hands.HAND_ORDERS["high"])
    assert wanted - _failing(_check(monkeypatch)) == set()
