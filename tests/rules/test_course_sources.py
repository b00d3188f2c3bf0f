"""The course's rule text against all the sources: where Robert's Rules speaks, the
course cites it instead of calling the sources silent; citations say no more than their source;
course choices are marked as the course's; hand-written pots can arise; words are defined where
they are first used; and explanation steps keep to what they rest on."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest
import yaml

from course import content
from course.asks import solvers
from course.app import quiz
from course.app.screens import practice
from course.cards import parse_cards
from course.cli import check
from course.content import glossary
from course.content.pots import pot_problem
from course.rules import citations, load_profile, profile_names, rule
from course.engine.seats import FinalHand
from tests.support.shipped import shipped_course

ROOT = Path(__file__).resolve().parents[2]
COURSE = shipped_course()
TERMS, _ = glossary.load(ROOT)
PROFILES = [load_profile(n) for g in content.GAMES for n in profile_names(g)]

# Every source, not a profile's own one: "the sources are silent", "the sources say nothing" ...
SILENT = re.compile(r"\bsources (?:are silent|say (?:nothing|neither))|\bsource says neither|\bthe sources leave", re.I)


def flat(text: str) -> str:
    return " ".join(str(text).split())


def course_texts():
    """(where, text) for every text a learner or maintainer reads as the course's rule text."""
    for lesson in COURSE.lessons.values():
        for s in lesson.sections:
            yield f"{lesson.id}: {s.heading}", flat(s.text)
    for term in TERMS:
        yield f"glossary {term.term}", flat(term.text)
    for key, cit in citations().items():
        yield key, flat(cit.text)
    for profile in PROFILES:
        for option in profile.options.values():
            yield f"{profile.name}.{option.name}", flat(option.note)
    for ex in COURSE.exercises.values():
        yield f"{ex.id} intro", flat(ex.intro or "")
        for n, q in enumerate(ex.questions):
            yield f"{ex.id}[{n}]", flat(f"{q.prompt or ''} {q.explain or ''}")
            for step in solvers.answer(ex, q).steps:
                yield f"{ex.id}[{n}] step", flat(step.text)


# --- item 2: "the sources are silent" only where they are -------------------------------------------


def test_no_course_text_calls_the_sources_silent():
    """Robert's Rules speaks to the door-card tie, the later-street tie, the pair option, the raise
    cap, the completion, the short deck and the odd chip: no lesson, glossary entry, citation,
    profile note or explanation step may call every source silent."""
    said = [(where, text) for where, text in course_texts() if SILENT.search(text)]
    assert said == []


# Where a profile's own source is silent but Robert's Rules speaks: the course default's
# registry text names Robert's Rules, and each option resting on it cites the rule it follows.
SPEAKS = {
    'COURSE "Door-card tie"': None,            # text only: the home games have no bring-in
    'COURSE "Later-street tie"': "RRP-H 8.1",
    'COURSE "Fourth-street pair"': "RRP-H 8.4",
    'COURSE "Big bet stands"': "RRP-H 8.4",
    'COURSE "Raise cap"': 'RRP-H 3 "Betting and Raising" 3',
    'COURSE "Completion"': "RRP-H 8.3",
    'COURSE "Stakes"': None,                   # differs: RRP's example bring-in is a third
    'COURSE "Shared card"': None,              # differs: RRP re-deals the burn cards
    'COURSE "Odd unit"': None,                 # differs: RRP gives the chip by suit
    'COURSE "Third-street opener"': None,      # differs: RRP breaks Razz's high-card tie by suit
    'COURSE "Shared-card opener"': None,       # differs: RRP counts the common card for the opener
}


@pytest.mark.parametrize("key, rrp", SPEAKS.items())
def test_a_course_default_that_roberts_rules_speaks_to_names_it(key, rrp):
    assert "Robert's Rules" in citations()[key].text
    if rrp is None:
        return
    resting = [(p.name, o.name) for p in PROFILES for o in p.options.values() if key in o.cite]
    assert resting
    for profile, name in resting:
        assert rrp in load_profile(profile).option(name).cite, (profile, name)


@pytest.mark.parametrize("lesson_id, key, rrp, words", [
    ("bring-in", 'COURSE "Door-card tie"', "RRP-H 8.1", "Robert's Rules 8.1"),      # lesson 3, line 41
    ("opener", 'COURSE "Later-street tie"', "RRP-H 8.1", "Robert's Rules 8.1"),     # lesson 5, line 87
    ("amounts", 'COURSE "Fourth-street pair"', "RRP-H 8.4", "Robert's Rules 8.4"),  # lesson 6, line 52
    ("amounts", 'COURSE "Raise cap"', 'RRP-H 3 "Betting and Raising" 4', "two players left alone"),
    ("forced-bets", 'COURSE "Completion"', "RRP-H 8.3", "Robert's Rules (8.3)"),
])
def test_the_four_cases_of_the_issue_cite_robert_s_rules(lesson_id, key, rrp, words):
    (section,) = [s for s in COURSE.lessons[lesson_id].sections if key in s.cite]
    assert rrp in section.cite and words in flat(section.text)


def test_the_wsop_door_card_tie_goes_by_suit_as_robert_s_rules_8_1_says():
    ex = content.with_profile(COURSE.exercises["hpd-1-bring-in-suit-tie"], "wsop-2026")
    answer = solvers.answer(ex, ex.questions[0])
    assert answer.value == "Ben"                     # 2♣ below 2♥, not Ava by seat
    (tie,) = [s for s in answer.steps if "RRP-H 8.1" in s.cite]
    assert tie.course_default and "course's own default" in tie.text


def test_robert_s_rules_is_cited_throughout_the_course():
    cited = {k for l in COURSE.lessons.values() for s in l.sections for k in s.cite if k.startswith("RRP")}
    assert len(cited) >= 8, cited


# --- item 3: citations that say no more than the source ------------------------------------------


def test_the_completion_rests_on_robert_s_rules_8_3_as_the_courses_reading_not_on_1917():
    assert '1917 "3rd Street"' not in rule("completion").cite and "RRP-H 8.3" in rule("completion").cite
    assert "raise" in citations()['COURSE "Completion"'].text and "1917Poker" in citations()['COURSE "Completion"'].text
    ex = content.with_profile(COURSE.exercises["contributions-complete-then-raise"], "1917poker")
    step = solvers.answer(ex, ex.questions[1]).steps[-1]
    assert step.text.startswith("Allowed: Cara completes to 4")
    assert step.course_default and 'COURSE "Completion"' in step.cite and "RRP-H 8.3" in step.cite


def test_the_take_step_quotes_any_other_player_and_says_what_the_course_adds():
    ex = COURSE.exercises["opr-678-taking-a-card"]
    first = solvers.answer(ex, ex.questions[0]).steps[0]
    assert "any other player" in first.text and "neither" not in first.text
    assert "folded" in first.text and first.course_default


def test_lesson_9_does_not_invent_hpd_s_ante():
    text = " ".join(flat(s.text) for s in COURSE.lessons["ties-and-splits"].sections)
    assert "antes 2" not in text and "without saying how it was built" in text


# --- item 4: Horn-A-Vika's smallest raise, a cited profile option ----------------------------------


def test_horn_a_vika_s_smallest_raise_is_a_cited_option_and_the_lesson_teaches_it():
    option = load_profile("opr-535").option("min_raise")
    assert option.value == "previous-step" and 'RRP-H 3 "Betting and Raising" 6' in option.cite
    assert option.course_default and option.note
    (section,) = [s for s in COURSE.lessons["horn-a-vika-limits"].sections
                  if 'RRP-H 3 "Betting and Raising" 6' in s.cite]
    assert "at least as large as the bet or raise before it" in flat(section.text)


# --- item 5: course choices marked as the course's -----------------------------------------------


def test_course_choices_are_not_shown_as_the_sources_own():
    bring_in = next(t for t in TERMS if t.term == "bring-in")
    assert "this course uses half the small bet" in bring_in.text and "1917Poker" in bring_in.text
    take = next(t for t in TERMS if t.term == "take a card")
    assert "the course reads" in take.text
    # lesson 10: the no-burn count is the course's where it is first shown
    (count,) = [s for s in COURSE.lessons["shared-card"].sections if s.heading.startswith("Count what")]
    assert 'COURSE "Shared card"' in count.cite and "its own way of counting" in flat(count.text)
    # Have a Heart: the stud bring-in, from the sentence that says the betting is stud's
    (intro,) = [s for s in COURSE.lessons["have-a-heart"].sections if "brings in" in flat(s.text)]
    assert "*exactly* as in seven-card stud" in flat(intro.text) and 'OPR-678 "Deal and betting"' in intro.cite


# --- item 6: every hand-written pot can arise --------------------------------------------------------


def test_every_course_exercise_s_pot_can_arise_home_games_included():
    assert [(e.id, pot_problem(e)) for e in COURSE.exercises.values() if pot_problem(e)] == []


HAV = """\
id: pot-check
title: t
game: horn-a-vika
street: third
seats: {seats}
pot: {pot}
hands:
  Ava: {{down: 2♣ 3♦, up: 9♣}}
  Ben: {{down: 4♦ 6♣, up: K♣}}
  Cara: {{down: 6♦ 7♦, up: Q♦}}
  Drew: {{down: 9♥ 10♥, up: 4♠, folded: true}}
questions:
  - ask: pot
"""


@pytest.mark.parametrize("seats, pot, possible", [
    ("[Ava, Ben]", 6, False),            # hav-two-pair-matches-twice before: a dealer-only ante makes it odd
    ("[Ava, Ben]", 7, True),
    ("[Ava, Ben, Cara]", 20, False),     # hav-bet-limit-after-match before: 1 + 3 x
    ("[Ava, Ben, Cara]", 19, True),
    ("[Ava, Ben, Cara, Drew]", 20, True),  # with a player who folded after putting in 1
])
def test_a_horn_a_vika_pot_before_any_match_must_be_the_ante_plus_a_first_round(seats, pot, possible):
    text = HAV.format(seats=seats, pot=pot)
    for name in ("Cara", "Drew"):
        if name not in seats:
            text = "".join(line for line in text.splitlines(keepends=True) if not line.startswith(f"  {name}:"))
    exercise, problems = content.parse_exercise(text)
    assert problems == []
    assert (pot_problem(exercise) is None) is possible


def test_an_impossible_pot_fails_the_check_of_a_course_file(tmp_path):
    (tmp_path / "exercises").mkdir()
    (tmp_path / "exercises" / "pot-check.yaml").write_text(
        HAV.format(seats="[Ava, Ben, Cara]", pot=20).replace("  Drew: {down: 9♥ 10♥, up: 4♠, folded: true}\n", "")
        .replace("  - ask: pot\n", "  - ask: pot\n    answer: 20\n"), encoding="utf-8")
    _, problems = check([], tmp_path)
    (problem,) = [p for p in problems if "cannot arise" in p.message]
    assert (problem.line, problem.column) == (6, 6) and not problem.message.startswith("warning")


# --- item 7: words defined where they are first used; short home-game lessons ----------------------


@pytest.mark.parametrize("term", TERMS, ids=lambda t: t.term)
def test_each_glossary_word_is_shown_in_bold_in_the_lesson_that_explains_it(term):
    text = " ".join(flat(s.text) for s in COURSE.lessons[term.lesson].sections)
    assert any(re.search(r"\*\*[^*]*(?<![\w-])" + re.escape(f) + r"(?![\w-])[^*]*\*\*", text, re.I)
               for f in term.spellings), (term.term, term.lesson)


@pytest.mark.parametrize("word", ["small bet", "big bet", "Stud Hi-Lo", "side pot", "burn card", "ace-to-five",
                                  "trips", "quads"])
def test_the_jargon_of_the_issue_is_in_the_glossary_or_not_used(word):
    """A word of the issue's list is a glossary term (whose first use the glossary tests check) or
    appears in no lesson at all."""
    if any(word.lower() in (f.lower() for f in t.spellings) for t in TERMS):
        return
    used = [l.id for l in COURSE.lessons.values()
            if re.search(r"(?<![\w-])" + re.escape(word) + r"s?(?![\w-])", " ".join(flat(s.text) for s in l.sections), re.I)]
    assert used == []


@pytest.mark.parametrize("game", ["horn-a-vika", "have-a-heart"])
def test_each_home_game_is_taught_in_several_short_lessons(game):
    lessons = COURSE.lessons_in_order(game)
    assert len(lessons) >= 3
    assert max(len(l.sections) for l in lessons) <= 5
    assert lessons[0].id == game          # the id other files and links use still opens the game


# --- item 8: the first drills ask what their lesson teaches ----------------------------------------


def test_lesson_1_s_try_it_now_asks_about_lesson_1():
    later = {"opener", "action_order", "bring_in", "category", "best_five", "winners", "award"}
    for ex_id in COURSE.lessons["deal-timeline"].exercises:
        asks = {q.ask for q in COURSE.exercises[ex_id].questions}
        assert asks and not asks & later, (ex_id, asks)


def test_practice_by_topic_best_five_opens_on_a_best_five_question():
    first = practice.exercises_by_topic(COURSE)["best-five"][0]
    assert quiz.skill_of(first, first.questions[0]) == "best-five"


# --- item 13: each step keeps to what it rests on ---------------------------------------------------


def test_a_yes_no_question_leaves_out_the_antes():
    ex = COURSE.exercises["contributions-complete-then-raise"]       # "May Cara complete to 4?"
    steps = solvers.answer(ex, ex.questions[1]).steps
    assert not any("ante" in s.text for s in steps), [s.text for s in steps]
    assert len(steps) == 2 and steps[0].text.startswith("Ben brings in 2")


def test_the_clockwise_order_after_an_opener_cites_the_later_streets_article():
    ex = COURSE.exercises["hpd-3-fifth-street-opener-and-amounts"]
    (q,) = [q for q in ex.questions if q.ask == "action_order"]
    last = solvers.answer(ex, q).steps[-1]
    assert last.text.startswith("From Cara the order goes clockwise")
    assert last.cite == ('HPD "Later streets begin with the strongest exposed hand"',)


def test_the_horn_a_vika_pot_step_adds_up_without_a_zero():
    hands = {"Ava": ("2♣ 3♦", "9♣"), "Ben": ("4♦ 6♣", "K♣"), "Cara": ("6♦ 7♦", "Q♦")}
    ex = SimpleNamespace(
        seats=list(hands), hands={p: FinalHand(parse_cards(d), parse_cards(u)) for p, (d, u) in hands.items()},
        shared=[], pot=None, street="third", profile=load_profile("opr-535"), extra={},
        events=["Ben bets 2", "Cara calls", "Ava calls"])
    answer = solvers.find_ask("horn-a-vika", "pot").solve(ex, SimpleNamespace(ask="pot", params={}))
    assert answer.value == 6
    assert "0 +" not in answer.steps[-1].text and "6 in all, so the pot is 6" in answer.steps[-1].text


def test_the_registry_stays_readable():
    raw = yaml.safe_load((ROOT / "course" / "rules" / "citations.yaml").read_text(encoding="utf-8"))
    assert all(entry["source"] in {"HPD", "1917", "OPR-535", "OPR-678", "RRP-H", "5CS", "COURSE"} for entry in raw.values())


def test_small_and_big_bet_are_explained_in_lesson_2_where_they_are_first_used():
    (section,) = [s for s in COURSE.lessons["forced-bets"].sections if "**small bet**" in s.text]
    text = flat(section.text)
    assert "step on third and fourth street" in text and "**big bet** the step from fifth street on" in text


def test_lessons_teach_that_a_shared_seventh_card_may_change_the_opener_rrp_8_15():
    """Robert's Rules 8.15: the player now high with the common card opens the last round. No
    lesson may say seventh street never changes the opener; lessons 5 and 10 cite the rule and
    the course's profile option, lessons 1 and 12 point at the shared-card exception."""
    for lesson_id in ("deal-timeline", "opener", "shared-card", "review"):
        text = " ".join(flat(s.text) for s in COURSE.lessons[lesson_id].sections)
        assert "never changes anyone's face-up row" not in text and ("shared card" in text or "lesson 10" in text)
    for lesson_id in ("opener", "shared-card"):
        (section,) = [s for s in COURSE.lessons[lesson_id].sections if 'COURSE "Shared-card opener"' in s.cite]
        assert "RRP-H 8.15" in section.cite and "Robert's Rules (8.15)" in flat(section.text)
