"""`course check` reports a stated pot that the exercise's antes and bets cannot make
(course/content/pots.py), at the pot's own line, with the nearest pots that can arise."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from course.content import load_course, parse_exercise
from course.content.pots import pot_warnings

ROOT = Path(__file__).resolve().parents[2]

SHOWDOWN_3 = """\
id: pot-test
title: pot test
game: stud-high
street: showdown
seats: [Ava, Ben, Cara]
pot: {pot}
hands:
  Ava:  {{down: 5♠ 5♥ Q♦, up: 9♣ 9♦ A♠ 3♣}}
  Ben:  {{down: K♣ 7♠ 4♥, up: K♦ J♥ 8♣ 6♠{ben}}}
  Cara: {{down: 9♥ 9♠ 3♦, up: 5♣ 5♦ A♣ 2♠}}
questions:
  - ask: winners
"""

HEADS_UP = """\
id: pot-test
title: pot test
game: stud-high
street: showdown
seats: [Ava, Ben]
{stakes}pot: {pot}
hands:
  Ava:  {{down: A♠ K♣ 10♥, up: Q♥ J♦ 9♠ 4♣}}
  Ben:  {{down: A♥ K♦ 10♠, up: Q♣ J♠ 8♦ 3♣}}
questions:
  - ask: winners
"""

HEART_FIFTH = """\
id: pot-test
title: pot test
game: have-a-heart
street: fifth
seats: [Ava, Ben, Cara]
pot: {pot}
hands:
  Ava:  {{down: 9♣ 9♥, up: Q♠ 10♠ J♠}}
  Ben:  {{down: 2♦ 7♠, up: 4♣ 4♦ 5♣}}
  Cara: {{down: K♦ K♣, up: 3♣ 8♦ 6♠}}
questions:
  - ask: pot
"""


def pot_problems(text):
    exercise, problems = parse_exercise(text, "pot.yaml")
    assert problems == [], problems          # a pot that cannot arise is a warning, not a problem
    return pot_warnings([exercise])


def test_three_players_at_the_showdown_cannot_make_43_and_the_message_names_39_or_45():
    (problem,) = pot_problems(SHOWDOWN_3.format(pot=43, ben=""))
    assert (problem.file, problem.line, problem.column) == ("pot.yaml", 6, 6)
    assert problem.message.startswith("warning: pot 43 cannot arise")
    assert "nearest pots that can arise are 39 or 45" in problem.message


@pytest.mark.parametrize("pot", [9, 45, 63, 93])
def test_three_players_at_the_showdown_make_three_times_an_ante_plus_equal_bets(pot):
    assert pot_problems(SHOWDOWN_3.format(pot=pot, ben="")) == []


def test_what_a_folded_player_put_in_joins_the_pot():
    # 47 is not three equal shares plus three antes, but Ben may have folded after putting in 4.
    folded = SHOWDOWN_3.format(pot=47, ben=", folded: true").replace(
        "K♦ J♥ 8♣ 6♠, folded", "K♦ J♥, folded").replace("K♣ 7♠ 4♥", "K♣ 7♠")
    assert pot_problems(SHOWDOWN_3.format(pot=47, ben=""))
    assert pot_problems(folded) == []


def test_heads_up_121_cannot_arise_but_122_can():
    (problem,) = pot_problems(HEADS_UP.format(pot=121, stakes=""))
    assert "nearest pots that can arise are 118 or 122" in problem.message
    assert pot_problems(HEADS_UP.format(pot=122, stakes="")) == []


def test_the_stakes_of_the_exercise_are_used():
    # HPD exercise 6's 120 cannot arise heads-up with an ante of 1, but can with an ante of 2.
    assert pot_problems(HEADS_UP.format(pot=120, stakes=""))
    assert pot_problems(HEADS_UP.format(pot=120, stakes="stakes: {ante: 2}\n")) == []


@pytest.mark.parametrize("pot, ok", [(36, False), (39, True), (51, True), (52, False)])
def test_have_a_heart_pots_follow_an_ante_of_1_and_bets_of_4_and_8(pot, ok):
    assert (pot_problems(HEART_FIFTH.format(pot=pot)) == []) is ok


def test_before_the_deal_the_pot_is_empty():
    text = HEART_FIFTH.format(pot=5).replace("street: fifth", "street: third")
    for name in ("Ava", "Ben", "Cara"):
        text = "\n".join(f"  {name}: {{}}" if line.startswith(f"  {name}:") else line for line in text.splitlines())
    (problem,) = pot_problems(text + "\nevents: [Ava antes, Ben antes, Cara antes]\n")
    assert "pot 5: nothing has been dealt yet" in problem.message


def test_horn_a_vika_bets_any_amount_up_to_a_limit_so_its_pots_are_not_checked():
    # 36 would be impossible for Have a Heart's fixed bets; Horn-A-Vika's any-amount bets allow it.
    assert pot_problems(HEART_FIFTH.format(pot=36).replace("game: have-a-heart", "game: horn-a-vika")) == []


def test_the_course_states_only_pots_that_can_arise():
    course = load_course(ROOT)
    assert [str(w) for w in pot_warnings(course.exercises.values())] == []
    assert sum(e.pot is not None and not e.profile.has("round_limits") for e in course.exercises.values()) >= 10


def test_course_check_prints_the_warning_and_still_exits_zero(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(HEADS_UP.format(pot=121, stakes=""), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "course", "check", str(bad)], capture_output=True, text=True,
                         cwd=ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert f"{bad}:6:6: warning: pot 121 cannot arise" in run.stdout
    run = subprocess.run([sys.executable, "-m", "course", "check", "--json", str(bad)], capture_output=True,
                         text=True, cwd=ROOT)
    report = json.loads(run.stdout)
    assert report["ok"] and report["problems"] == []
    assert [w["line"] for w in report["warnings"]] == [6]
