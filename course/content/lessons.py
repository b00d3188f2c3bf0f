"""Lessons: read and check one lesson file."""

from __future__ import annotations

import re
from pathlib import Path

from course.content.checker import (HTML_TAG, _Checker, _load_with, _parse_with, link_problems,
                                    suggest)
from course.content.deals import _check_deal
from course.content.nodes import Node
from course.games import GAMES, STREETS, TOPICS, find_game
from course.model import Deal, Lesson, Problem, Section

LESSON_KEYS = ("id", "title", "game", "order", "topic", "summary", "sources", "sections", "exercises")
SECTION_KEYS = ("heading", "text", "deal", "cite", "try", "points")
DEAL_KEYS = ("seats", "hands", "shared", "caption", "street")
# A learner starts by doing: at most this many words (summary, headings, section texts and
# captions) come before the lesson's first try-it.
MAX_WORDS_BEFORE_TRY = 150


def words(text: str | None) -> int:
    """Words a learner reads in a lesson text: runs of letters or digits (markdown marks and
    table rules are not words)."""
    return len(re.findall(r"[^\W_]+(?:['’][^\W_]+)*", text or ""))


def section_words(section: Section) -> int:
    return words(section.heading) + words(section.text) + (words(section.deal.caption) if section.deal else 0)


def lesson_words(lesson: Lesson) -> int:
    """Every word a learner reads in the lesson."""
    return words(lesson.summary) + sum(section_words(s) for s in lesson.sections)


def words_before_try(lesson: Lesson) -> int | None:
    """Words read before the first try-it (None when the lesson has none)."""
    count = words(lesson.summary)
    for section in lesson.sections:
        count += section_words(section)
        if section.try_it:
            return count
    return None


def load_lesson(path: Path | str, root: Path | str | None = None) -> tuple[Lesson | None, list[Problem]]:
    """Read and validate one lesson file: the model (None when unusable) and every problem."""
    return _load_with(parse_lesson, path, root)


def parse_lesson(text: str, file: str = "<lesson>") -> tuple[Lesson | None, list[Problem]]:
    """Validate lesson YAML given as text (a pasted or uploaded file)."""
    return _parse_with(_lesson, text, file)


def _lesson(ck: _Checker, node: Node) -> Lesson | None:
    """A lesson read in named steps, its problems in the file's order: the top-level keys, each
    section (with its deal), the exercises it lists, then its try-its and words before the first."""
    top = ck.mapping(node, "the lesson", LESSON_KEYS, ("id", "title", "game", "order", "topic", "summary", "sections"))
    if top is None:
        return None
    lesson_id = ck.identifier(top.get("id"))
    title = ck.text(top.get("title"), "title")
    game = ck.text(top.get("game"), "game")
    if game is not None and game not in GAMES:
        ck.add(top["game"], f"unknown game {game!r}{suggest(game, GAMES)}; expected one of {', '.join(GAMES)}")
    order = ck.integer(top.get("order"), "order", minimum=1)
    topic = ck.text(top.get("topic"), "topic")
    if topic is not None and topic not in TOPICS:
        ck.add(top["topic"], f"unknown topic {topic!r}{suggest(topic, TOPICS)}; expected one of {', '.join(TOPICS)}")
    summary = ck.text(top.get("summary"), "summary")
    sources = ck.cites(top.get("sources"), "sources")
    section_nodes = ck.sequence(top.get("sections"), "sections")
    if section_nodes is not None and not section_nodes:
        ck.add(top["sections"], "sections is empty: a lesson has at least one section")
    sections = [section for item in section_nodes or () if (section := _section(ck, item, game)) is not None]
    exercises, marks = _listed_exercises(ck, top)
    if None in (lesson_id, title, game, order, topic, summary) or game not in GAMES or topic not in TOPICS:
        return None
    lesson = Lesson(lesson_id, title, game, order, topic, summary, sources, sections, exercises,
                    ck.file, node.line, marks, {k: (v.line, v.column) for k, v in top.items()})
    _try_problems(ck, top, lesson, section_nodes, sections, exercises)
    return lesson


def _section(ck: _Checker, item: Node, game: str | None) -> Section | None:
    """One section: heading, markdown text (no raw HTML, links checked), deal, citations, try-it."""
    fields = ck.mapping(item, "a section", SECTION_KEYS, ("heading", "text"))
    if fields is None:
        return None
    heading = ck.text(fields.get("heading"), "heading")
    text = ck.text(fields.get("text"), "text")
    if text is not None:
        for match in HTML_TAG.finditer(text):
            ck.add(fields["text"], f"text: raw HTML {match.group(0)!r} is not allowed; write markdown")
        for problem in link_problems(text):
            ck.add(fields["text"], f"text: {problem}")
            break
    deal = _section_deal(ck, fields.get("deal"), game)
    cite = ck.cites(fields.get("cite"), "cite")
    try_it = ck.text(fields.get("try"), "try") if fields.get("try") is not None else None
    points = ck.points(fields.get("points"), "points", game if game in GAMES else None)
    if heading is not None and text is not None:
        return Section(heading, text, deal, cite, try_it, tuple(points))
    return None


def _section_deal(ck: _Checker, node: Node | None, game: str | None) -> Deal | None:
    """A section's diagram: a deal of one moment, its cards counted on the street it names."""
    deal_fields = ck.mapping(node, "the deal", DEAL_KEYS, ("seats", "hands"))
    if deal_fields is None:
        return None
    street = ck.text(deal_fields.get("street"), "street")
    spec = find_game(game) if game is not None else None
    names = spec.street_names if spec is not None else STREETS    # the lesson's game's streets
    if street is not None and street not in names:
        ck.add(deal_fields["street"], f"unknown street {street!r}{suggest(street, names)}")
    counted_game = game if street in names else None  # a diagram of one moment: count its cards
    seats, hands, shared = _check_deal(ck, deal_fields, "the deal", counted_game, street, require_all=False)
    return Deal(seats, hands, shared, ck.text(deal_fields.get("caption"), "caption"),
                street if street in names else None)


def _listed_exercises(ck: _Checker, top: dict[str, Node]) -> tuple[list[str], list[tuple[int, int]]]:
    """The exercise ids the lesson lists, each once, and where each is written."""
    exercises: list[str] = []
    marks: list[tuple[int, int]] = []
    for item in ck.sequence(top.get("exercises"), "exercises") or ():
        ref = ck.text(item, "exercise id")
        if ref is None:
            continue
        if ref in exercises:
            ck.add(item, f"exercise {ref!r} is listed twice")
            continue
        exercises.append(ref)
        marks.append((item.line, item.column))
    return exercises, marks


def _try_problems(ck: _Checker, top: dict[str, Node], lesson: Lesson, section_nodes: list[Node] | None,
                  sections: list[Section], exercises: list[str]) -> None:
    """Each try-it is one of the lesson's exercises, and the first comes early enough."""
    tries = [(item, section) for item, section in zip(section_nodes or (), sections) if section.try_it]
    for item, section in tries:
        if section.try_it not in exercises:
            ck.add(item.get("try"), f"try: {section.try_it!r} is not in this lesson's exercises; list it there "
                   "too (Practice groups exercises by the lessons that list them)")
    before = words_before_try(lesson)
    total = lesson_words(lesson)
    if (before if before is not None else total) > MAX_WORDS_BEFORE_TRY:
        where = top["sections"] if before is None else tries[0][0].get("try")
        ck.add(where, (f"the first try-it comes after {before} words" if before is not None else
                       f"no section has a try-it in {total} words") + f"; a lesson starts with doing: at most "
               f"{MAX_WORDS_BEFORE_TRY} words before the first `try:` (lessons/README.md, \"Start with doing\")")
