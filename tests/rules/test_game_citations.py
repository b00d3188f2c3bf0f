"""Every step of a Razz, Stud Hi-Lo, Horn-A-Vika or Have a Heart explanation rests on the game's
own source.

Razz and Hi-Lo are taught from Robert's Rules (RRP-H Sections 9 and 10), which say that every
seven-card stud rule holds in them unless their own rules differ (9.1, 10.1); OPR-535 1.1 and
OPR-678 "Deal and betting" say the same of the home games. The shared stud mechanics (the ante,
the turn, calls and folds) are stated in the Stud High documents, so a step applying one cites the
stud article through the game's own "stud rules apply" article, never the Stud High lesson alone.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from course.asks import solvers
from course.rules import citation, load_profile
from tests.support.shipped import shipped_course

ROOT = Path(__file__).resolve().parents[2]
COURSE = shipped_course()
OWN = {"razz": {"RRP-H", "RRP-C", "COURSE"}, "stud-hi-lo": {"RRP-H", "RRP-C", "COURSE"},
       "horn-a-vika": {"OPR-535", "RRP-H", "RRP-C", "COURSE"}, "have-a-heart": {"OPR-678", "RRP-H", "RRP-C", "COURSE"}}


def _steps(game):
    for ex in COURSE.exercises.values():
        if ex.game != game:
            continue
        for q in ex.questions:
            for step in solvers.answer(ex, q).steps:
                if step.cite and not step.text.startswith("Note:"):
                    yield ex.id, step


@pytest.mark.parametrize("game, via", [("razz", "RRP-H 9.1"), ("stud-hi-lo", "RRP-H 10.1"),
                                       ("horn-a-vika", "OPR-535 1.1"), ("have-a-heart", 'OPR-678 "Deal and betting"')])
def test_every_step_cites_the_games_own_source(game, via):
    steps = list(_steps(game))
    assert len(steps) > 50
    alone = [(eid, s.text, s.cite) for eid, s in steps if not {citation(c).source for c in s.cite} & OWN[game]]
    assert alone == [], alone[:3]
    # the shared stud mechanics come through the game's own "stud rules apply" article
    anted = [s for _, s in steps if " antes " in f" {s.text} " and 'HPD "The deal timeline"' in s.cite]
    assert all(via in s.cite for s in anted), anted[:2]


def test_the_stud_rules_article_is_the_profile_s_own_option():
    for name, via in (("rrp-razz", "RRP-H 9.1"), ("rrp-stud-hi-lo", "RRP-H 10.1"), ("opr-535", "OPR-535 1.1"),
                      ("opr-535-exact", "OPR-535 1.1"), ("opr-678", 'OPR-678 "Deal and betting"')):
        profile = load_profile(name)
        assert profile.option("stud_rules").cite == (via,)
        assert profile.rule_cite("ante_apart")[0] == via
    assert "RRP-H 9.1" not in load_profile("pokerstars").rule_cite("ante_apart")
