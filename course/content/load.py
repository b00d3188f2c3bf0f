"""The whole course: find the files, load each one, run the course-wide checks."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from course.content.checker import _rel, suggest
from course.content.exercises import load_exercise
from course.content.lessons import load_lesson
from course.model import Course, Exercise, Lesson, Problem


def content_files(paths: Iterable[Path | str]) -> list[Path]:
    """YAML files under the given files and folders, in a stable order."""
    found: list[Path] = []
    for path in paths:
        path = Path(path)
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file()))
        else:
            found.append(path)
    return found


def is_lesson_file(path: Path) -> bool:
    """Lessons live under a `lessons` folder; anything else is read as an exercise."""
    return "lessons" in Path(path).parts[:-1]


def load_files(paths: Iterable[Path | str], root: Path | str | None = None,
               known_exercises: Iterable[str] = ()) -> Course:
    """Load the given files and folders, then run the course-wide checks over them.

    `known_exercises` are ids that exist elsewhere (e.g. the course at the repository root), so a
    lesson checked on its own may still link to them.
    """
    root_path = Path(root) if root else None
    course = Course(str(root_path or "."))
    ids: dict[str, tuple[str, int, int]] = {}
    for path in content_files(paths):
        lesson = is_lesson_file(path)
        if not path.exists():
            course.problems.append(Problem(_rel(path, root_path), 1, 1, "no such file or folder"))
            continue
        model, problems = (load_lesson if lesson else load_exercise)(path, root_path)
        file = _rel(path, root_path)
        course.files.append(file)
        course.problems.extend(problems)
        if model is None:
            continue
        if model.id in ids:
            first_file, line, column = ids[model.id]
            course.problems.append(Problem(file, *_id_mark(model), f"id {model.id!r} is already used by "
                                           f"{first_file}:{line}:{column}; ids are unique across the course"))
            continue
        ids[model.id] = (file, *_id_mark(model))
        if problems:
            course.invalid[model.id] = file  # known, so links to it are not reported as missing
        elif isinstance(model, Lesson):
            course.lessons[model.id] = model
        else:
            course.exercises[model.id] = model
    known = set(course.exercises) | set(course.invalid) | set(known_exercises)
    orders: dict[tuple[str, int], Lesson] = {}
    for lesson in course.lessons.values():
        for ref, (line, column) in zip(lesson.exercises, lesson.exercise_marks):
            if ref not in known:
                course.problems.append(Problem(lesson.path, line, column, f"exercise {ref!r} does not exist"
                                               f"{suggest(ref, known)}"))
            elif ref in course.lessons:
                course.problems.append(Problem(lesson.path, line, column, f"{ref!r} is a lesson, not an exercise"))
        key = (lesson.game, lesson.order)
        if key in orders:
            course.problems.append(Problem(lesson.path, *_order_mark(lesson), f"order {lesson.order} is already "
                                           f"used by lesson {orders[key].id!r} ({orders[key].path}) in {lesson.game}"))
        else:
            orders[key] = lesson
    return course


def _id_mark(model: Exercise | Lesson) -> tuple[int, int]:
    return model.marks.get("id", (model.line, 1))


def _order_mark(lesson: Lesson) -> tuple[int, int]:
    return lesson.marks.get("order", (lesson.line, 1))


def find_root(start: Path | str | None = None) -> Path:
    """The repository root: the nearest folder up from `start` (or this package) with lessons/ or exercises/."""
    candidates = [Path(start).resolve()] if start else []
    candidates.append(Path(__file__).resolve().parents[2])
    for base in candidates:
        for folder in (base, *base.parents):
            if (folder / "exercises").is_dir() or (folder / "lessons").is_dir():
                return folder
    return candidates[-1]


def load_course(root: Path | str | None = None) -> Course:
    """Every lesson (lessons/) and exercise (exercises/) under `root`; never raises for bad content."""
    root_path = Path(root) if root else find_root()
    folders = [root_path / "lessons", root_path / "exercises"]
    return load_files([f for f in folders if f.is_dir()], root_path)
