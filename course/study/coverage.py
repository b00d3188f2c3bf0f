"""Coverage of the rule points: which lessons teach each point, which hand-written questions and
drill templates practise it, which catalogue entries name its typical mistake, which Review cards
bring it back.

`python -m course coverage [--json]` prints it; it exits 1 when a point falls below the bar
(`BAR`). The points are `course/rules/points.yaml`; a question names its points under `points:`,
a template in `course/study/template_points.yaml`. A lesson teaches a point when one of its
sections names it under `points:` or cites the point's first citation key (the rule it states).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from course.model import Problem
from course.rules.points import known_gaps, points, template_points

# The bar a point must reach: taught by a lesson, practised by hand-written questions and by at
# least one drill template (so a session can draw five items or more on it).
BAR = {"lessons": 1, "questions": 3, "templates": 1}


@dataclass
class PointCoverage:
    id: str
    cite: list[str]
    line: str
    lessons: list[str] = field(default_factory=list)
    questions: list[str] = field(default_factory=list)
    templates: list[str] = field(default_factory=list)
    mistakes: list[str] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)

    def shortfall(self) -> list[str]:
        """What the point lacks to meet the bar, in words (empty when it meets it)."""
        return [f"{len(getattr(self, key))}/{need} {key}" for key, need in BAR.items()
                if len(getattr(self, key)) < need]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "cite": self.cite, "line": self.line, "lessons": self.lessons,
                "questions": self.questions, "templates": self.templates, "mistakes": self.mistakes,
                "cards": self.cards}


def section_points(lesson: Any, section: Any) -> list[str]:
    """The points a lesson section teaches: those it names under `points:`, and those whose
    first citation key (the rule the point states) it cites."""
    named = list(getattr(section, "points", ()) or ())
    cites = set(getattr(section, "cite", ()) or ())
    return named + [p.id for p in points().values()
                    if p.id not in named and lesson.game in p.games and p.cite[0] in cites]


def measure(course: Any) -> list[PointCoverage]:
    """Per point, in the registry's order."""
    from course.study import misconceptions, templates

    table = {pid: PointCoverage(pid, list(p.cite), p.line) for pid, p in points().items()}
    for lesson in sorted(course.lessons.values(), key=lambda l: (l.game, l.order)):
        for section in lesson.sections:
            for pid in section_points(lesson, section):
                if pid in table and lesson.id not in table[pid].lessons:
                    table[pid].lessons.append(lesson.id)
    for exercise in sorted(course.exercises.values(), key=lambda e: e.id):
        for n, question in enumerate(exercise.questions, 1):
            for pid in question.points:
                if pid in table:
                    table[pid].questions.append(f"{exercise.id}#{n}")
    declared = template_points()
    for name, template in templates.templates().items():
        for pid in declared.get(name, ()):
            if pid in table:
                table[pid].templates.append(name)
                if template.skill not in table[pid].cards:
                    table[pid].cards.append(template.skill)
    for entry in misconceptions.catalogue():
        for point in table.values():
            game_ok = set(entry.games) & set(points()[point.id].games)
            if game_ok and set(entry.cite) & set(point.cite):
                point.mistakes.append(entry.id)
    return list(table.values())


def short_points(table: Iterable[PointCoverage]) -> list[str]:
    return [row.id for row in table if row.shortfall()]


def template_problems() -> list[str]:
    """Templates without a declared point, declarations of unknown templates or points."""
    from course.study import templates

    declared = template_points()
    known = points()
    found = [f"template {name!r} declares no rule point in course/study/template_points.yaml"
             for name in templates.templates() if not declared.get(name)]
    found += [f"course/study/template_points.yaml: {name!r} is not a registered template"
              for name in declared if name not in templates.templates()]
    for name, pids in declared.items():
        template = templates.templates().get(name)
        for pid in pids:
            if pid not in known:
                found.append(f"course/study/template_points.yaml: {name}: {pid!r} is not a rule point")
            elif template is not None and template.game not in known[pid].games:
                found.append(f"course/study/template_points.yaml: {name}: rule point {pid!r} is not "
                             f"about {template.game}")
    return found


def question_problems(exercises: Iterable[Any]) -> list[Problem]:
    """A question's declared point must be one its answer rests on: the engine's explanation cites
    at least one of the point's citation keys."""
    from course.asks import solvers as questions

    found: list[Problem] = []
    known = points()
    for exercise in exercises:
        for question in exercise.questions:
            if not question.points:
                continue
            try:
                cited = set(questions.answer(exercise, question).citations)
            except Exception:  # noqa: BLE001 - the engine's own problem is reported by the check
                continue
            for pid in question.points:
                point = known.get(pid)
                if point is not None and not cited & set(point.cite):
                    line, column = question.marks.get("points", (question.line, question.column))
                    found.append(Problem(exercise.path, line, column,
                                         f"points: {pid!r} is not what this answer rests on: the engine's "
                                         f"explanation cites none of {', '.join(point.cite)}"))
    return found


def text_table(table: list[PointCoverage]) -> str:
    width = max(len(row.id) for row in table)
    lines = [f"{'point':<{width}}  lessons  questions  templates  mistakes  cards  status"]
    for row in table:
        short = row.shortfall()
        lines.append(f"{row.id:<{width}}  {len(row.lessons):>7}  {len(row.questions):>9}  "
                     f"{len(row.templates):>9}  {len(row.mistakes):>8}  {len(row.cards):>5}  "
                     + ("short: " + ", ".join(short) if short else "ok"))
    met = sum(1 for row in table if not row.shortfall())
    lines.append(f"{len(table)} rule points, {met} meet the bar (at least {BAR['lessons']} lesson, "
                 f"{BAR['questions']} questions, {BAR['templates']} template), {len(table) - met} short")
    gaps = set(known_gaps())
    new = [row.id for row in table if row.shortfall() and row.id not in gaps]
    filled = [pid for pid in gaps if pid in {row.id for row in table} and
              not next(r for r in table if r.id == pid).shortfall()]
    if new:
        lines.append("short and not among the known gaps: " + ", ".join(new))
    if filled:
        lines.append("among the known gaps but meeting the bar (remove from known_gaps): " + ", ".join(filled))
    return "\n".join(lines)
