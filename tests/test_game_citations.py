"""Every step of a Razz or Stud Hi-Lo explanation rests on the game's own source.

Those games are taught from Robert's Rules (RRP-H Sections 9 and 10), which say that every
seven-card stud rule holds in them unless their own rules differ (9.1, 10.1). The shared stud
mechanics (the ante, the turn, calls and folds) are stated in the Stud High documents, so a step
applying one cites the stud article through 9.1 or 10.1, never the Stud High lesson alone.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from course import content, questions
from course.rules import citation, load_profile

ROOT = Path(__file__).resolve().parent.parent
COURSE = content.load_course(ROOT)
OWN = {"RRP-H", "RRP-C", "COURSE"}


def _steps(game):
    for ex in COURSE.exercises.values():
        if ex.game != game:
            continue
        for q in ex.questions:
            for step in questions.answer(ex, q).steps:
                if step.cite and not step.text.startswith("Note:"):
                    yield ex.id, step


@pytest.mark.parametrize("game, via", [("razz", "RRP-H 9.1"), ("stud-hi-lo", "RRP-H 10.1")])
def test_every_step_cites_the_games_own_source(game, via):
    steps = list(_steps(game))
    assert len(steps) > 50
    alone = [(eid, s.text, s.cite) for eid, s in steps if not {citation(c).source for c in s.cite} & OWN]
    assert alone == [], alone[:3]
    # the shared stud mechanics come through the game's own "stud rules apply" article
    anted = [s for _, s in steps if " antes " in f" {s.text} "]
    assert anted and all(via in s.cite for s in anted), anted[:2]


def test_the_stud_rules_article_is_the_profile_s_own_option():
    for name, via in (("rrp-razz", "RRP-H 9.1"), ("rrp-stud-hi-lo", "RRP-H 10.1")):
        profile = load_profile(name)
        assert profile.option("stud_rules").cite == (via,)
        assert profile.rule_cite("ante_apart")[0] == via
    assert "RRP-H 9.1" not in load_profile("pokerstars").rule_cite("ante_apart")
