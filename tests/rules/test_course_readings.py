"""What a rules expert asked of the content: the course's own readings are marked in
lessons and explanations, words are explained before they are used (glossary.yaml), the
hand-ranking primer comes before the opener lesson, the facts line says how each game is staked,
and Horn-A-Vika's lesson diagrams call the spit card by its name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from course import content
from course.asks import solvers
from tests.support import hostile
from course.app import quiz
from tests.support.apptest import environment, open_app, texts
from course.content import glossary
from course.rules import citations
from tests.support.shipped import shipped_course

ROOT = Path(__file__).resolve().parents[2]
COURSE = shipped_course()
ORDER = COURSE.lessons_in_order()
TERMS, GLOSSARY_PROBLEMS = glossary.load(ROOT)


def lesson_text(lesson) -> str:
    parts = [lesson.title, lesson.summary]
    for s in lesson.sections:
        parts += [s.heading, s.text, s.deal.caption or "" if s.deal else ""]
    return "\n".join(parts)


def mentions(lesson, form: str) -> bool:
    return re.search(r"(?<![\w-])" + re.escape(form) + r"(?![\w-])", lesson_text(lesson), re.I) is not None


def steps_of(exercise_id: str, index: int):
    ex = COURSE.exercises[exercise_id]
    return solvers.answer(ex, ex.questions[index]).steps


# --- readings: labelled in the explanation ------------------------------------------------------


@pytest.mark.parametrize("exercise_id, index, key", [
    ("opr-678-taking-a-card", 0, 'COURSE "Take timing"'),          # the take happens at once
    ("opr-678-taking-a-card", 0, 'COURSE "Take from"'),            # from a player still in
    ("hah-door-card-heart", 0, 'COURSE "Take timing"'),
    ("opr-535-matching-the-pot-twice", 5, 'COURSE "Hand showing"'),  # spit card left out of the row
    ("hav-third-match-trips-and-spit", 1, 'COURSE "One match per card"'),
])
def test_an_explanation_resting_on_a_course_reading_cites_it_and_marks_it_as_the_courses_own(exercise_id, index, key):
    marked = [s for s in steps_of(exercise_id, index) if key in s.cite]
    assert marked, [str(s) for s in steps_of(exercise_id, index)]
    assert any(s.course_default and "course's own" in s.text for s in marked)
    assert citations()[key].course_default


def test_have_a_heart_third_street_has_the_stud_bring_in():
    ex = content.parse_exercise("""\
id: heart-third
title: t
game: have-a-heart
street: third
seats: [Ava, Ben]
hands:
  Ava: {down: 2♣ 3♦, up: 9♠}
  Ben: {down: 4♣ 5♦, up: K♣}
questions:
  - ask: opener
""")[0]
    # OPR-678 deals and bets exactly as in seven-card stud: the lowest door card brings in.
    answer = solvers.answer(ex, ex.questions[0])
    assert answer.value == "Ava"
    assert 'OPR-678 "Deal and betting"' in answer.citations
    assert not any('COURSE "No bring-in"' in s.cite for s in answer.steps)


def test_a_stage_five_card_that_pairs_and_has_the_spit_rank_costs_one_match():
    ex = COURSE.exercises["hav-third-match-trips-and-spit"]
    assert solvers.answer(ex, ex.questions[1]).value == [{"Ava": 160}]


# --- readings: labelled in the lessons ----------------------------------------------------------


@pytest.mark.parametrize("lesson_id, key, words", [
    ("have-a-heart", 'COURSE "Take timing"', "at once"),
    ("have-a-heart", 'COURSE "Take from"', "still in the hand"),
    ("horn-a-vika", 'COURSE "Hand showing"', "leaves the spit card out"),
    ("horn-a-vika-matching", 'COURSE "One match per card"', "one match"),  # the matching part, split from the rest
    ("ties-and-splits", 'RRP-H 3 "Ties" 5(b)', "highest card by suit"),
])
def test_the_lesson_says_the_reading_is_the_courses_and_cites_it(lesson_id, key, words):
    lesson = COURSE.lessons[lesson_id]
    (section,) = [s for s in lesson.sections if key in s.cite and words in " ".join(s.text.split())]
    assert "course's" in section.text or "This course" in section.text or "course uses" in section.text


# --- words before use -------------------------------------------------------------------------


def test_the_glossary_reads_cleanly_and_names_real_lessons():
    assert GLOSSARY_PROBLEMS == []
    assert {t.lesson for t in TERMS} <= set(COURSE.lessons)
    assert len({t.term for t in TERMS}) == len(TERMS)
    for term in ("check", "bet", "call", "raise", "fold", "kicker", "hole card"):
        assert term in {t.term for t in TERMS}


@pytest.mark.parametrize("term", TERMS, ids=lambda t: t.term)
def test_each_word_is_first_used_in_the_lesson_that_explains_it(term):
    first = next((l.id for l in ORDER if any(mentions(l, f) for f in term.spellings)), None)
    assert first == term.lesson


def test_the_five_actions_are_introduced_together():
    (section,) = [s for s in COURSE.lessons["deal-timeline"].sections
                  if all(f"**{a}**" in s.text for a in ("check", "bet", "call", "raise", "fold"))]
    assert section


def test_one_word_for_a_face_down_card():
    for lesson in ORDER:
        # Lesson 1 names the other words once, when it picks "hole card".
        text = " ".join(lesson_text(lesson).split()).replace("some sources say hidden or private cards", "")
        assert not re.search(r"hidden cards?|private cards?", text, re.I), lesson.id
    for key, cit in citations().items():                    # the Rulebook's own summaries too
        assert not re.search(r"hidden cards?|private cards?", cit.text, re.I), key


def test_the_hand_ranking_primer_comes_before_the_opener_and_has_drills():
    stud = [l.id for l in COURSE.lessons_in_order("stud-high")]
    assert stud.index("hand-ranking") == stud.index("opener") - 1
    primer = COURSE.lessons["hand-ranking"]
    assert {"ranking-kicker-decides", "ranking-wraparound-no-straight"} <= set(primer.exercises)
    for words in ("kicker", "Q-K-A-2-3", "two to four", "four of a kind"):
        assert any(words in s.text or words in s.heading.lower() for s in primer.sections), words


# --- the facts line and the spit card's name on screen -------------------------------------------


@pytest.mark.parametrize("exercise_id, wanted, unwanted", [
    ("hav-first-round-high-card-opens", ["dealer antes 1", "no bring-in", "2 in rounds 1-4", "5 in round 5",
                                          "half a player's last pot match"], ["ante 0", "bring in 0"]),
    ("hah-face-down-heart", ["ante 1 each", "bring-in 2", "bets 4/8"], ["bring in 0", "no bring-in"]),
    ("hpd-1-bring-in-suit-tie", ["ante 1 each", "bring-in 2", "bets 4/8"], ["no bring-in"]),
])
def test_the_facts_line_states_the_stakes_as_the_game_plays_them(exercise_id, wanted, unwanted):
    line = quiz.deal_facts_md(COURSE.exercises[exercise_id])
    for words in wanted:
        assert words in line
    for words in unwanted:
        assert words not in line


def test_the_have_a_heart_intro_says_the_same_street_as_the_facts_line():
    ex = COURSE.exercises["hah-face-down-heart"]
    assert ex.street == "sixth" and "end of sixth street" in ex.intro


@pytest.fixture
def db(tmp_path):
    with environment(tmp_path / "progress.db"):
        yield tmp_path / "progress.db"


def test_horn_a_vika_lesson_diagrams_call_the_shared_card_the_spit_card(db):
    at = open_app("lesson", query={"id": "horn-a-vika"})
    html = "\n".join(m.value for m in at.markdown if m.proto.allow_html)
    assert 'aria-label="Spit card"' in html and "Shared card" not in html
    at = open_app("lesson", query={"id": "shared-card"})
    html = "\n".join(m.value for m in at.markdown if m.proto.allow_html)
    assert 'aria-label="Shared card"' in html


def test_practice_shows_the_horn_a_vika_stakes_without_a_bring_in(db):
    shown = texts(open_app("practice", query={"deal": "hav-first-round-high-card-opens"}))
    assert "dealer antes 1, no bring-in" in shown and "bring in 0" not in shown


def test_the_glossary_page_lists_every_term_and_links_its_lesson(db):
    at = open_app("glossary")
    assert not at.exception, [e.value for e in at.exception]
    page = texts(at)
    for t in TERMS:
        assert f"**{t.term}**" in page
    assert "(lesson?id=hand-ranking)" in page
    at.text_input(key="glossary_filter").set_value("kicker").run()
    assert "**kicker**" in texts(at) and "**ante**" not in texts(at)


BAD_GLOSSARY = """terms:
  - term: ante
    lesson: deal-timeline
    text: A small forced payment.
  - term: bring-in
    lesson: yes
    text: [not, text]
  - term: kicker
    text: The card that breaks a tie.
"""


def test_a_bad_glossary_gives_positioned_problems_and_keeps_the_good_terms(tmp_path):
    (tmp_path / glossary.FILE).write_text(BAD_GLOSSARY, encoding="utf-8")
    terms, problems = glossary.load(tmp_path)
    assert [t.term for t in terms] == ["ante"]
    assert [(p.file, p.line, p.column) for p in problems] == [
        ("glossary.yaml", 6, 13), ("glossary.yaml", 7, 11), ("glossary.yaml", 8, 5)]
    assert "boolean" in problems[0].message and "missing the required key 'lesson'" in problems[2].message
    # an edit is read at once (the file's size and time changed), and a hostile file is refused
    (tmp_path / glossary.FILE).write_text(hostile.billion_laughs(), encoding="utf-8")
    terms, problems = glossary.load(tmp_path)
    assert terms == [] and "anchors and aliases" in problems[0].message


def test_the_glossary_page_shows_the_good_terms_and_where_the_file_is_wrong(tmp_path):
    root = tmp_path / "course"
    for folder in ("lessons", "exercises"):
        (root / folder).mkdir(parents=True)
    (root / glossary.FILE).write_text(BAD_GLOSSARY, encoding="utf-8")
    with environment(tmp_path / "progress.db", content=root):
        at = open_app("glossary")
        assert not at.exception, [e.value for e in at.exception]
        page = texts(at)
        assert "**ante**" in page and "**kicker**" not in page
        assert not at.error and "A course file is being fixed" in page   # quiet for a learner
        at.switch_page("screens/author.py").run()                           # the author reads why
        assert "glossary.yaml:6:13" in "\n".join(e.value for e in at.error)


def test_the_facts_line_keeps_its_bold_marks_and_escapes_only_the_values():
    # The values are escaped one by one: escaping the whole line showed '**Have a Heart**'
    # with its asterisks on screen.
    line = quiz.deal_facts_md(COURSE.exercises["hah-face-down-heart"])
    assert line.startswith("Game: **Have a Heart** · Street: **sixth**") and "\\*" not in line
