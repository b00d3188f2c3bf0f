"""Lessons: read and check one lesson file."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterable, Mapping

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


_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")


def words(text: str | None) -> int:
    """Words a learner reads in a lesson text: runs of letters or digits (markdown marks and
    table rules are not words)."""
    return len(_WORD.findall(text or ""))


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
    section (with its deal), the exercises it lists, then its try-its, their points and the words
    before the first."""
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
    _try_problems(ck, top, lesson, sections, exercises)
    return lesson


def _section(ck: _Checker, item: Node, game: str | None) -> Section | None:
    """One section: heading, markdown text (no raw HTML, links checked), deal, citations, try-it
    and the rule points it teaches."""
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
    if fields.get("points") is not None and fields["points"].kind == "seq" and not fields["points"].value:
        ck.add(fields["points"], "points is empty: name the rule points the section teaches, or leave "
               "`points:` out of a section that only frames")
    if heading is not None and text is not None:
        return Section(heading, text, deal, cite, try_it, tuple(points), _section_marks(item, fields))
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


def _try_problems(ck: _Checker, top: dict[str, Node], lesson: Lesson, sections: list[Section],
                  exercises: list[str]) -> None:
    """Each try-it is one of the lesson's exercises; a section naming points ends with a try-it
    (and, once one section names points, every section with a try-it does); the first try-it
    comes early enough."""
    tries = [section for section in sections if section.try_it]
    for section in tries:
        if section.try_it not in exercises:
            ck.add(section.marks.get("try"), f"try: {section.try_it!r} is not in this lesson's exercises; list it "
                   "there too (Practice groups exercises by the lessons that list them)")
    marked = uses_points(lesson)
    for n, section in enumerate(sections, 1):
        if section.points and not section.try_it:
            ck.add(section.marks.get("points"), f"section {n} ({section.heading!r}) teaches "
                   f"{', '.join(section.points)} but has no try-it: end it with `try: <exercise-id>`, an "
                   "exercise of this lesson whose questions ask those points (lessons/README.md, "
                   "\"Start with doing\")")
        elif marked and section.try_it and "points" not in section.marks:
            ck.add(section.marks.get("try"), _unmarked_try(n, section) + "; a lesson that names `points:` in "
                   "one section names them in every section with a try-it")
    before = words_before_try(lesson)
    # the whole lesson's words count only when no section has a try-it
    read = before if before is not None else lesson_words(lesson)
    if read > MAX_WORDS_BEFORE_TRY:
        where = top["sections"] if before is None else tries[0].marks.get("try")
        ck.add(where, (f"the first try-it comes after {before} words" if before is not None else
                       f"no section has a try-it in {read} words") + f"; a lesson starts with doing: at most "
               f"{MAX_WORDS_BEFORE_TRY} words before the first `try:` (lessons/README.md, \"Start with doing\")")


def _section_marks(item: Node, fields: dict[str, Node]) -> dict[str, tuple[int, int]]:
    """Where a section's heading, `try` and `points` (and each point id) are written."""
    marks = {"heading": (item.line, item.column)}
    for key in ("try", "points"):
        if fields.get(key) is not None:
            marks[key] = (fields[key].line, fields[key].column)
    node = fields.get("points")
    items = [] if node is None else [node] if node.kind == "scalar" else node.value if node.kind == "seq" else []
    for point in items:
        if point.kind == "scalar" and isinstance(point.value, str):
            marks.setdefault(f"points:{point.value}", (point.line, point.column))
    return marks


def uses_points(lesson: Lesson) -> bool:
    """Does the lesson mark what its sections teach (`points:` in at least one section)? A lesson
    written before the marker names none, and is only warned about its unmarked try-its."""
    return any("points" in getattr(section, "marks", {}) or section.points for section in lesson.sections)


def _unmarked_try(n: int, section: Section) -> str:
    return (f"section {n} ({section.heading!r}) ends with try {section.try_it!r} but names no rule point: add "
            "`points:` with the points the section teaches and its try-it asks (lessons/README.md, \"Start "
            "with doing\")")


def unmarked_try_warnings(lessons: Iterable[Lesson]) -> list[Problem]:
    """Warnings for a lesson that names no `points:` at all (written before the marker): each
    section with a try-it should name the points it teaches. It still loads; a lesson that marks
    any section is held to it by `course check` (a problem, not a warning)."""
    found: list[Problem] = []
    for lesson in lessons:
        if uses_points(lesson):
            continue
        for n, section in enumerate(lesson.sections, 1):
            if section.try_it:
                line, column = getattr(section, "marks", {}).get("try", (lesson.line, 1))
                found.append(Problem(lesson.path, line, column, "warning: " + _unmarked_try(n, section)))
    return found


def try_point_problems(lesson: Lesson, exercises: Mapping[str, Any],
                       sections: Any = None) -> list[Problem]:
    """Each point a section names must be asked by its try-it: declared by at least one question
    of the exercise under `try:` (so the section and its try-it are about the same rule).
    `sections`: the lesson's sections as the check reads them, when not `lesson.sections`
    (a lesson from the cache keeps them apart: `course.content.load.section_facts`)."""
    found: list[Problem] = []
    for n, section in enumerate(lesson.sections if sections is None else sections, 1):
        exercise = exercises.get(section.try_it) if section.try_it else None
        if exercise is None or not section.points:
            continue
        asked = {pid for question in exercise.questions for pid in question.points}
        marks = getattr(section, "marks", {})
        for pid in section.points:
            if pid in asked:
                continue
            line, column = marks.get(f"points:{pid}", marks.get("points", (lesson.line, 1)))
            declared = ", ".join(sorted(asked)) or "none"
            found.append(Problem(lesson.path, line, column,
                                 f"section {n} ({section.heading!r}) teaches {pid!r} but its try-it "
                                 f"{section.try_it!r} does not ask it: no question of that exercise declares "
                                 f"it (they declare: {declared}); try an exercise that asks it, or name only "
                                 "the points the try-it asks"))
    return found
