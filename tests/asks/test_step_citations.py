"""Every step of every answer cites what supports it: over every exercise of the course and 20
items of every drill template, each step cites only the sources of its own game (or Robert's
Rules, or the course's own articles), no key twice, and no article written for another game.

A game's own sources are those its rule profiles cite, and, for a game played by the stud rules
through an article of a document other than Robert's Rules (Horn-A-Vika's OPR-535 1.1, Have a
Heart's "Deal and betting"), the stud documents too. Robert's Rules' sections 9 (Razz) and 10
(Stud Hi-Lo) are written for those games; its section 8 (Seven-Card Stud) holds for every stud
game (razz and high-low keep the stud rules, RRP-H 9.1 and 10.1).
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest

from course.asks import solvers
from course.rules import citation, load_profile, profile_names
from course.study import templates
from tests.support.shipped import shipped_course

ROOT = Path(__file__).resolve().parents[2]
EVERYONE = {"RRP-H", "RRP-C", "COURSE"}
RRP_SECTION_GAMES = {"9": "razz", "10": "stud-hi-lo"}
ITEMS = 20


@lru_cache(maxsize=None)
def own_sources(game: str) -> frozenset[str]:
    profiles = [load_profile(name) for name in profile_names(game)]
    sources = set().union(*(p.sources for p in profiles)) | EVERYONE
    via = {citation(key).source for p in profiles if p.has("stud_rules") for key in p.option("stud_rules").cite}
    if via - EVERYONE:          # the stud rules hold through the game's own document: the stud sources too
        sources |= own_sources("stud-high")
    return frozenset(sources)


def written_for(key: str) -> str | None:
    """The game a Robert's Rules article is written for (None: every stud game)."""
    match = re.match(r"RRP-[HC] (\d+)", key)
    return RRP_SECTION_GAMES.get(match.group(1)) if match else None


def problems_of(exercise, question) -> list[str]:
    try:
        answer = solvers.answer(exercise, question)
    except Exception:       # an unanswerable question is course check's business, not this test's
        return []
    allowed = own_sources(exercise.game)
    found = []
    for step in answer.steps:
        where = f"{exercise.path} {question.ask}: {step.text[:70]!r}"
        twice = [key for key, n in Counter(step.cite).items() if n > 1]
        if twice:
            found.append(f"{where} cites {twice} twice")
        for key in step.cite:
            source = citation(key).source
            if source not in allowed:
                found.append(f"{where} cites {key}, a {source} article: not a source of {exercise.game}")
            game = written_for(key)
            if game is not None and game != exercise.game:
                found.append(f"{where} cites {key}, written for {game}, in {exercise.game}")
    return found


COURSE = shipped_course()


def test_every_step_of_every_exercise_cites_its_own_game_s_sources_once():
    found = [p for exercise in COURSE.exercises.values() for q in exercise.questions for p in problems_of(exercise, q)]
    assert found == [], "\n".join(found[:40]) + f"\n({len(found)} in all)"


@pytest.mark.parametrize("name", sorted(templates.templates()))
def test_every_step_of_20_drill_items_cites_its_own_game_s_sources_once(name):
    found = []
    for seed in range(ITEMS):
        exercise = templates.generate(templates.item_id(name, seed))
        found += [p for q in exercise.questions for p in problems_of(exercise, q)]
    assert found == [], "\n".join(found[:20]) + f"\n({len(found)} in all)"
