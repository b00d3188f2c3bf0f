"""Stacks, all-ins and side pots in the home games.

Horn-A-Vika: OPR-535 says a paired or spit-rank card costs the whole pot or the hand and is silent
on a player with fewer chips than the pot. The profile option `short_match` decides: the course's
reading (`all-in-side-pot`, table stakes, RRP-H 2.4 and 15.19) lets the player match all in and
contend only for what they matched, the rest of the pot a side pot for the others; `fold` makes
the player fold. Have a Heart bets as in stud (OPR-678), so its all-ins are stud's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from course.asks import solvers
from course.content import load_exercise, parse_exercise
from course.engine.state import HandState
from course.errors import CourseError

ROOT = Path(__file__).resolve().parents[2]
SIDE_POT = ROOT / "exercises/horn-a-vika/hav-short-match-side-pot.yaml"
AT_SPIT = ROOT / "exercises/horn-a-vika/hav-short-match-at-the-spit.yaml"
HEART = ROOT / "exercises/have-a-heart/hah-all-in-side-pot.yaml"


def loaded(path, replace=()):
    text = path.read_text()
    for old, new in replace:
        assert old in text
        text = text.replace(old, new)
    exercise, problems = parse_exercise(text, str(path))
    return exercise, problems


def ask(exercise, name, **params):
    question = next(q for q in exercise.questions if q.ask == name)
    if params:
        question = type(question)(**{**question.__dict__, "params": {**question.params, **params}})
    return solvers.answer(exercise, question)


def test_short_match_pays_what_is_left_and_splits_the_pot():
    exercise, problems = loaded(SIDE_POT)
    assert not problems
    state = HandState.replay(exercise, upto=5)
    table = state.table
    assert table.behind("Ben") == 0 and "Ben" in table.all_in
    pots = [(p.amount, p.players) for p in state.side_pots().value]
    # Ben matched 30 of a 40 pot: he contends for his 30 and 30 of the pot; 10 is left for the others
    assert pots == [(60, ("Ava", "Ben", "Cara")), (10, ("Ava", "Cara"))]
    assert sum(a for a, _ in pots) == table.pot
    entry = state.ledger[-1]
    assert any(c == 'COURSE "Short match"' for c in entry.cite) and entry.course_default


@pytest.mark.parametrize("path", [SIDE_POT, AT_SPIT, HEART])
def test_award_is_pot_by_pot_and_conserves_chips(path):
    exercise, problems = load_exercise(path)
    assert not problems
    table = HandState.replay(exercise).table
    award = ask(exercise, "award")
    pots = HandState.replay(exercise).side_pots().value
    assert len(pots) >= 2
    # every chip put in (plus the pot the exercise starts with) is awarded or handed back
    paid = sum(table.hands[p].paid for p in table.seats) + table.start_pot
    assert sum(award.value.values()) == paid == table.pot
    # nobody wins a pot they may not win: the all-in player's winnings are at most the main pot
    short = [p for p in table.seats if table.behind(p) == 0]
    assert short
    for player in short:
        assert award.value.get(player, 0) <= sum(pot.amount for pot in pots if player in pot.players)


def test_short_match_fold_reading_refuses_the_match():
    exercise, problems = loaded(SIDE_POT, [("stacks: {Ben: 30}", "stacks: {Ben: 30}\noptions: {short_match: fold}")])
    assert problems and "must fold" in str(problems[0])
    assert "hav-short-match-side-pot.yaml:" in str(problems[0])
    ok, problems = loaded(SIDE_POT, [("stacks: {Ben: 30}", "stacks: {Ben: 30}\noptions: {short_match: fold}"),
                                      ("  - Ben matches\n", "  - Ben folds\n")])
    state = HandState.replay(ok, upto=5)
    assert state.table.hands["Ben"].folded


def test_an_all_in_player_owes_no_later_match():
    # Ben is all in after his short match; a second king face up on stage 5 asks nothing of him
    exercise, problems = loaded(SIDE_POT, [("  - Ben is dealt 5♣ up", "  - Ben is dealt K♦ up")])
    assert not problems, problems
    table = HandState.replay(exercise).table
    assert not [o for o in table.rules.obligations if o.player == "Ben" and o.stage == 5]


def test_impossible_home_game_stack_is_refused_with_its_line():
    for path in (SIDE_POT, HEART):
        text = path.read_text()
        old = "stacks: {Ben: 30}" if path == SIDE_POT else "stacks: {Ben: 6}"
        line = text[:text.index(old)].count("\n") + 1
        _, problems = parse_exercise(text.replace(old, old.split(":")[0] + ": {Ben: 0}"), str(path))
        assert problems, path
        assert any(p.line == line and "Ben" in p.message and "0 chips" in p.message for p in problems), problems


def test_have_a_heart_all_in_player_takes_no_further_part():
    exercise, problems = load_exercise(HEART)
    assert not problems
    state = HandState.replay(exercise, upto=23)
    assert state.table.all_in == ["Ben"]
    with pytest.raises(CourseError):
        HandState.replay(exercise, upto=26).verify("Ben checks")


# --- random deals with short stacks: chips are conserved in both home games --------------------

def _random_short_stacks(module, profile_name, most_players, deals, seed):
    """Random hands through the one hand state with random stacks (some players left without one),
    played to the end and awarded; chips in = chips out, nobody pays more than their stack."""
    import random

    from course.rules import load_profile
    from course.engine.showdown import build_pots

    rng, profile = random.Random(seed), load_profile(profile_name)
    all_ins = side = 0
    for deal in range(deals):
        players = 2 + deal % (most_players - 1)
        stacks = {f"P{i + 1}": rng.randint(1, 60) for i in range(players) if rng.random() < 0.7}
        played = module.random_deal(rng, players, profile, stacks=stacks)
        state, table = played.state, played.table
        state.apply("showdown")
        won = state.award.value
        paid = {p: table.hands[p].paid for p in table.seats}
        assert all(paid[p] <= stacks[p] for p in stacks), (stacks, paid, played.texts)
        start = {p: stacks.get(p, 10**6) for p in table.seats}
        end = {p: start[p] - paid[p] + won.get(p, 0) for p in table.seats}
        assert sum(end.values()) == sum(start.values()) and min(end.values()) >= 0, (start, end, played.texts)
        assert sum(won.values()) == table.pot
        if deal < 40:     # each ledger entry's pots are the pots a fresh state computes at that move
            fresh = HandState.start(state.exercise)
            for text, entry in zip(played.texts, state.ledger):
                fresh.apply(text)
                assert entry.pots == (fresh.pots() if stacks else ()), (text, entry.pots, fresh.pots(), played.texts)
        all_ins += bool(table.all_in)
        side += len(build_pots(paid, table.seats, [p for p in table.seats if table.hands[p].folded])[0]) > 1
    return all_ins, side


@pytest.mark.parametrize("game, profile, most", [("horn_a_vika", "opr-535", 7), ("have_a_heart", "opr-678", 8)])
def test_chips_are_conserved_in_random_home_game_hands_with_short_stacks(game, profile, most):
    import importlib

    module = importlib.import_module(f"course.variants.{game}")
    all_ins, side = _random_short_stacks(module, profile, most, 150, 2026)
    assert all_ins > 40 and side > 10, (all_ins, side)

