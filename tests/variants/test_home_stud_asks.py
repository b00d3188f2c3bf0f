"""Every stud betting ask works in the home games, on the one Table's betting round:
`legal_action` after so many events, `contributions`, `street_total` and `action_order` of a
round, each answered by the engine at the question's point."""

import dataclasses
from pathlib import Path

import pytest

from course import content
from course.asks import solvers
from course.asks import asks_for
from tests.support.shipped import shipped_course

ROOT = Path(__file__).resolve().parents[2]
COURSE = shipped_course()
STUD_BETTING = ("legal_action", "contributions", "street_total", "action_order")


@pytest.mark.parametrize("game", ["horn-a-vika", "have-a-heart"])
def test_the_home_games_have_the_stud_betting_asks(game):
    assert set(STUD_BETTING) <= set(asks_for(game))


def _ask(exercise_id, ask, **params):
    ex = COURSE.exercises[exercise_id]
    question = dataclasses.replace(ex.questions[0], ask=ask, params=params, answer=None, explain=None)
    return solvers.answer(ex, question)


def test_may_cara_raise_to_50_in_horn_a_vika_is_answered_by_the_round_and_its_limit():
    assert _ask("hav-may-cara-raise-to-50", "legal_action", action="Cara raises to 50", after=14).value is False
    assert _ask("hav-may-cara-raise-to-50", "legal_action", action="Cara raises to 4", after=14).value is True
    # out of turn: Drew may not act before Cara
    why = _ask("hav-may-cara-raise-to-50", "legal_action", action="Drew calls", after=14)
    assert why.value is False and "Cara's turn" in why.steps[-1].text


def test_a_horn_a_vika_stage_without_betting_refuses_any_bet_citing_that_stage():
    # after 22 events the third face-up cards are out (stage 3, OPR-535 4): no round follows it
    why = _ask("points-hav-stages", "legal_action", action="Ava bets 1", after=22)
    assert why.value is False and "no betting round" in why.steps[-1].text
    assert why.steps[-1].cite == ("OPR-535 4 (stage 3)",)


def test_contributions_and_the_total_follow_the_point_the_question_names():
    ex = "hav-may-cara-raise-to-50"
    assert _ask(ex, "contributions").value == {"Ben": 4, "Cara": 4, "Drew": 4}
    assert _ask(ex, "contributions", after=15).value == {"Ben": 2, "Cara": 4}      # after Cara's raise
    assert _ask(ex, "street_total", after=16).value == 10
    assert _ask(ex, "street_total").value == 12


def test_the_order_of_action_starts_at_the_rounds_opener_before_anyone_has_acted():
    assert _ask("hav-may-cara-raise-to-50", "action_order", after=13).value == ["Ben", "Cara", "Drew", "Ava"]
    assert _ask("hah-betting-after-a-take", "action_order", street="third").value == ["Cara", "Ava", "Ben"]


def test_a_move_asked_after_more_events_than_written_is_refused_with_its_line(tmp_path):
    src = (ROOT / "exercises/horn-a-vika/hav-may-cara-raise-to-50.yaml").read_text(encoding="utf-8")
    path = tmp_path / "bad.yaml"
    path.write_text(src.replace("after: 14\n    action: Cara raises to 50", "after: 99\n    action: Cara raises to 50"),
                    encoding="utf-8")
    _exercise, problems = content.load_exercise(path)
    assert any("99 actions cannot have happened: the exercise lists 18" in p.message and p.line for p in problems), \
        problems


def test_opener_answers_any_round_the_events_have_opened_and_names_them_otherwise():
    """Horn-A-Vika's `round` and Have a Heart's `street` ask about an earlier betting round too,
    answered from the rows showing when it began; one the events never play is refused, naming
    the rounds they do."""
    for n in (2, 3, 4, 5):
        assert _ask("hav-two-pair-matches-twice", "opener", round=n).value == "Ava"
    with pytest.raises(ValueError, match=r"round 1 is not a betting round these events play \(they open: 2, 3, 4, 5\)"):
        _ask("hav-two-pair-matches-twice", "opener", round=1)
    assert _ask("hah-eight-players-shared-card", "opener", street="sixth").value == "Finn"
    assert _ask("hah-eight-players-shared-card", "opener", street="seventh").value == "Hana"
    assert _ask("hah-eight-players-shared-card", "opener").value == "Hana"         # the street reached
    with pytest.raises(ValueError, match=r"fifth street is not a betting round these events play"):
        _ask("hah-eight-players-shared-card", "opener", street="fifth")


def test_a_street_begun_by_a_bring_in_is_an_opened_round_for_the_opener_ask():
    """Have a Heart under a profile with a bring-in: third street's betting began with it, so the
    opener of third street, asked on fourth, is the bring-in (the home game once kept its own
    list of openers and left the bring-in out, answering "they open: none")."""
    ex, problems = content.load_exercise(Path(__file__).parent.parent / "fixtures" / "home" / "hah-bring-in-opener.yaml")
    assert problems == []
    assert solvers.check_exercise(ex) == []
    answer = solvers.answer(ex, ex.questions[0])
    assert answer.value == "Cara" and "brings in" in answer.steps[-1].text
    assert _ask_on(ex, "opener").value == "Ben"            # fourth street: the best row showing, J♦ 5♠


def _ask_on(ex, ask, **params):
    question = dataclasses.replace(ex.questions[0], ask=ask, params=params, answer=None, explain=None)
    return solvers.answer(ex, question)
