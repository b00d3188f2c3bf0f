"""The whole course: find the files, load each one on its own, run the course-wide checks.

Files are found inside their folder only: a symbolic link (to a file or a folder) that resolves
outside the content root is not read; it becomes a problem on the link. Each file is loaded in
isolation: whatever goes wrong in one file, even an exception nobody foresaw, becomes a problem on
that file and the others load as usual. The course-wide checks (`assemble`) run over per-file
results, so `course.content.live` can revalidate one edited file and assemble again.
"""

from __future__ import annotations

import contextlib
import gc
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

from course.content.checker import _rel, suggest
from course.content.nodes import decode, read_bytes
from course.model import Course, Exercise, Lesson, Problem

YAML_SUFFIXES = (".yaml", ".yml")
COURSE_FOLDERS = ("lessons", "exercises")
OUTSIDE = "a symbolic link to something outside the content folder: not read"


@dataclass
class Loaded:
    """One file's result: its name as problems give it, its model (None when unusable) and its
    problems. `missing` files are reported but not counted among the course's files."""

    file: str
    model: Exercise | Lesson | None
    problems: list[Problem] = field(default_factory=list)
    missing: bool = False


def _within(real: str, boundary: str) -> bool:
    return real == boundary or real.startswith(boundary.rstrip(os.sep) + os.sep)


def path_key(path: Path | str) -> list[str]:
    """A sort key that orders paths as `Path` does (part by part), without building a `Path`
    (at 43,000 files, pathlib's comparisons were a good part of a start from the cache)."""
    return os.fspath(path).split(os.sep)


def walk(folder: Path, boundary: Path | None = None, text: bool = False) -> tuple[list[Any], list[Any]]:
    """YAML files under `folder` in a stable order, and the links under it that resolve outside
    `boundary` (default: the folder itself), which are not followed. `text`: each as its path's
    text (`str(Path)`), not a `Path` (at 43,000 files, building and hashing the Paths was a
    third of a restart from the cache)."""
    limit = os.path.realpath(boundary if boundary is not None else folder)
    home = os.path.realpath(folder)
    if not _within(home, limit):
        return [], [Path(folder)]
    # Visited depth first, each folder's entries in name order: that is the order of the paths
    # part by part (`path_key`), so no sort of the whole list is needed (a fifth of a scan at
    # 43,000 files).
    found: list[tuple[str, Path | None, str]] = []    # (path, its folder, its name)
    outside: list[str] = []
    seen = {os.path.realpath(folder)}
    stack: list[tuple[bool, str, Path | None, Any]] = [(True, str(folder), None if text else Path(folder), False)]
    while stack:
        is_folder, current, current_path, extra = stack.pop()
        if not is_folder:                   # a file, in its turn: `extra` is its name
            found.append((current, current_path, extra))
            continue
        try:
            entries = sorted(os.scandir(current), key=lambda e: e.name)
        except OSError:
            continue
        later: list[tuple[bool, str, Path | None, Any]] = []
        for entry in entries:
            link = extra or entry.is_symlink()
            try:
                is_dir = entry.is_dir()
            except OSError:
                continue
            if not is_dir and not entry.name.endswith(YAML_SUFFIXES):
                continue
            if link:  # only links need resolving: everything else is inside by construction
                real = os.path.realpath(entry.path)
                if not _within(real, limit):
                    outside.append(entry.path)
                    continue
                # a link into the folder's own tree (`again -> .`) reaches nothing new: every
                # file there is found without it, and would come twice, ids and all
                if _within(real, home):
                    continue
                if is_dir and real in seen:
                    continue
                seen.add(real)
            if is_dir:
                later.append((True, entry.path, None if text else current_path / entry.name, link))
            elif entry.is_file():
                later.append((False, entry.path, current_path, entry.name))
        stack.extend(reversed(later))
    if text:
        return [path for path, _, _ in found], sorted(outside, key=path_key)
    # A Path made as folder / name parses the name only, not the whole path again.
    return [parent / name for _, parent, name in found], [Path(p) for p in sorted(outside, key=path_key)]


def content_files(paths: Iterable[Path | str]) -> list[Path]:
    """YAML files under the given files and folders, in a stable order (links leading out of a
    folder are left out; `load_files` reports them)."""
    found: list[Path] = []
    for path in paths:
        path = Path(path)
        found.extend(walk(path)[0] if path.is_dir() else [path])
    return found


def is_lesson_file(path: Path) -> bool:
    """Lessons live under a `lessons` folder; anything else is read as an exercise."""
    return "lessons" in Path(path).parts[:-1]


def file_name(path: Path, root: Path | None) -> str:
    """A path as problems name it: relative to the root when it is under it."""
    if root is not None:
        text, base = os.fspath(path), os.fspath(root).rstrip(os.sep)
        if base and text.startswith(base + os.sep) and os.sep == "/":   # the usual case, fast
            return text[len(base) + 1:]
        try:
            return Path(path).relative_to(root).as_posix()
        except ValueError:
            return _rel(Path(path), root)
    return Path(path).as_posix()


def load_text(data: bytes | None, problems: list[Problem], file: str, lesson: bool) -> Loaded:
    """Validate one file's bytes; any exception becomes a problem on that file."""
    try:
        text, problems = decode(data, file) if data is not None else (None, problems)
        if text is None:
            return Loaded(file, None, problems)
        model, problems = parse(text, file, lesson)
        return Loaded(file, model, problems)
    except Exception as exc:  # noqa: BLE001 - one file never stops the others
        return Loaded(file, None, [Problem(file, 1, 1, f"this file could not be checked: "
                                                       f"{type(exc).__name__}: {exc}")])


def parse(text: str, file: str, lesson: bool) -> tuple[Any, list[Problem]]:
    """A lesson's or an exercise's model from its text, with its problems. The validators (and,
    through the exercises', the engine) are imported here, when a file is first validated, not
    with this module: a restarted server's first Course map reads the map's index, which needs
    this module's walk, and validates nothing."""
    if lesson:
        from course.content.lessons import parse_lesson
        return parse_lesson(text, file)
    from course.content.exercises import parse_exercise
    return parse_exercise(text, file)


def load_file(path: Path, root: Path | None) -> Loaded:
    """Read and validate one lesson or exercise file."""
    file = file_name(path, root)
    data, problems = read_bytes(path, file)
    # asked only when the read failed: a file that could be read exists (one stat less a file)
    if data is None and not path.exists():
        return Loaded(file, None, [Problem(file, 1, 1, "no such file or folder")], missing=True)
    return load_text(data, problems, file, is_lesson_file(path))


def outside_link(path: Path, root: Path | None) -> Loaded:
    file = file_name(path, root)
    return Loaded(file, None, [Problem(file, 1, 1, OUTSIDE)])


def found_files(paths: Iterable[Path | str], root: Path | None) -> list[tuple[Path, bool]]:
    """(path, inside) for every file to load: folders walked (inside the root when one is given,
    else inside themselves), files taken as given."""
    found: list[tuple[Path, bool]] = []
    for path in paths:
        path = Path(path)
        if path.is_dir():
            inside, outside = walk(path, root)
            found += sorted([(p, True) for p in inside] + [(p, False) for p in outside])
        else:
            found.append((path, True))
    return found


def load_files(paths: Iterable[Path | str], root: Path | str | None = None,
               known_exercises: Iterable[str] = ()) -> Course:
    """Load the given files and folders, then run the course-wide checks over them.

    `known_exercises` are ids that exist elsewhere (e.g. the course at the repository root), so a
    lesson checked on its own may still link to them.
    """
    root_path = Path(root) if root else None
    with gc_paused():
        results = [load_file(path, root_path) if inside else outside_link(path, root_path)
                   for path, inside in found_files(paths, root_path)]
        return assemble(results, str(root_path or "."), known_exercises)


def keep_out_of_gc(collect: bool = True) -> None:
    """Move everything alive now, a just-loaded course above all, out of the cyclic garbage
    collector's reach (`gc.freeze`): a course of thousands of exercises is millions of objects
    that live as long as the process, and every full collection would walk them all again (at
    4,300 exercises that was most of a one-file revalidation and of a practice rerun). Garbage
    is collected first, so nothing collectable is kept, unless `collect` is False (a process
    about to end, such as `course check`, need not spend the time)."""
    if collect:
        gc.collect()
    gc.freeze()


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """No cyclic garbage collection while a course loads: it builds many objects and frees
    few, so collections would walk them again and again for nothing (about 5% of a load)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@dataclass
class Assembly:
    """What `assemble` learnt, so that one edited file can be patched in (`course.content.live`):
    the file that owns each id, the ids given twice, and where the course-wide problems start."""

    owners: dict[str, str] = field(default_factory=dict)
    duplicated: set[str] = field(default_factory=set)
    course_wide: int = 0


def assemble(results: Iterable[Loaded], root: str, known_exercises: Iterable[str] = (),
             assembly: Assembly | None = None) -> Course:
    """The course from per-file results, in order: ids unique across files, lesson links to
    existing exercises, lesson orders unique within a game."""
    from course.content import lessons     # the lesson checks, with the validators (see `parse`)

    course = Course(root)
    assembly = assembly if assembly is not None else Assembly()
    ids: dict[str, tuple[str, int, int]] = {}
    for loaded in results:
        file, model = loaded.file, loaded.model
        if not loaded.missing:
            course.files.append(file)
        course.problems.extend(loaded.problems)
        if model is None:
            continue
        if model.id in ids:
            first_file, line, column = ids[model.id]
            assembly.duplicated.add(model.id)
            course.problems.append(Problem(file, *_id_mark(model), f"id {model.id!r} is already used by "
                                           f"{first_file}:{line}:{column}; ids are unique across the course"))
            continue
        ids[model.id] = (file, *_id_mark(model))
        assembly.owners[model.id] = file
        if loaded.problems:
            course.invalid[model.id] = file  # known, so links to it are not reported as missing
        elif isinstance(model, Lesson):
            course.lessons[model.id] = model
        else:
            course.exercises[model.id] = model
    assembly.course_wide = len(course.problems)
    known = set(course.exercises) | set(course.invalid) | set(known_exercises)
    orders: dict[tuple[str, int], Lesson] = {}
    for lesson in course.lessons.values():
        for ref, (line, column) in zip(lesson.exercises, lesson.exercise_marks):
            if ref not in known:
                course.problems.append(Problem(lesson.path, line, column, f"exercise {ref!r} does not exist"
                                               f"{suggest(ref, known)}"))
            elif ref in course.lessons:
                course.problems.append(Problem(lesson.path, line, column, f"{ref!r} is a lesson, not an exercise"))
        course.problems.extend(_tried_again(lesson, course.exercises))
        course.problems.extend(lessons.try_point_problems(lesson, _try_its(lesson, course.exercises),
                                                  section_facts(lesson)))
        key = (lesson.game, lesson.order)
        if key in orders:
            course.problems.append(Problem(lesson.path, *_order_mark(lesson), f"order {lesson.order} is already "
                                           f"used by lesson {orders[key].id!r} ({orders[key].path}) in {lesson.game}"))
        else:
            orders[key] = lesson
    return course


def _up_rows(hands: Any) -> set[tuple[str, ...]]:
    """Each player's face-up row, as card texts in deal order (rows of at least two cards)."""
    return {tuple(str(c) for c in hand.up) for hand in (hands or {}).values() if len(hand.up) >= 2}


def try_facts(exercise: Any) -> tuple[frozenset, frozenset]:
    """What the course-wide try-it checks read of an exercise: its face-up rows (`_up_rows`) and
    the points its questions declare. A model from the cache keeps them beside its first fields
    (`course.content.cache`), so a restart checks 43,000 exercises' try-its without unpacking
    them (that unpacking was most of a restart's load)."""
    kept = exercise.__dict__.get("try_facts")
    if kept is not None:
        return kept
    return (frozenset(_up_rows(exercise.hands)),
            frozenset(pid for question in exercise.questions for pid in question.points))


def map_facts(model: Any) -> tuple:
    """What the Course map reads of a model beyond its first fields (`course.content.map_index`):
    an exercise's questions as (ask, points), a lesson's sections as (try-it, points, cited
    keys). A model from the cache keeps them beside its first fields, as `try_facts`, so the
    map's index is written without unpacking any model."""
    kept = model.__dict__.get("map_facts")
    if kept is not None:
        return kept
    if isinstance(model, Lesson):
        return tuple((s.try_it, tuple(s.points or ()), tuple(s.cite or ())) for s in model.sections)
    return tuple((q.ask, tuple(q.points or ())) for q in model.questions)


@dataclass(frozen=True)
class SectionFacts:
    """A lesson section as the course-wide try-it checks read it (`section_facts`)."""
    heading: str
    try_it: str | None
    points: tuple[str, ...]
    marks: dict                      # where its `try` and `points` are written
    up_rows: frozenset | None        # the face-up rows its diagram shows (None: no diagram)


def section_facts(lesson: Any) -> tuple[SectionFacts, ...]:
    """What the course-wide try-it checks read of a lesson's sections. A lesson from the cache
    keeps them beside its first fields (`course.content.cache`), as an exercise keeps its
    `try_facts`, so a restart checks every lesson's try-its without unpacking its sections."""
    kept = lesson.__dict__.get("section_facts")
    if kept is not None:
        return kept
    return tuple(SectionFacts(s.heading, s.try_it, tuple(s.points or ()),
                              {k: v for k, v in (getattr(s, "marks", None) or {}).items()
                               if k == "try" or k.startswith("points")},
                              None if s.deal is None else frozenset(_up_rows(s.deal.hands)))
                 for s in lesson.sections)


@dataclass(frozen=True)
class _Asked:
    """A try-it as `try_point_problems` reads it: questions declaring these points."""
    points: frozenset


@dataclass(frozen=True)
class _TryIt:
    questions: tuple[_Asked, ...]


def _try_its(lesson: Lesson, exercises: dict[str, Any]) -> dict[str, _TryIt]:
    """The lesson's try-it exercises as the points their questions declare (`try_facts`)."""
    return {s.try_it: _TryIt((_Asked(try_facts(exercises[s.try_it])[1]),))
            for s in section_facts(lesson) if s.try_it and s.try_it in exercises}


def _tried_again(lesson: Lesson, exercises: dict[str, Any]) -> list[Problem]:
    """A section's try-it must be a new deal: not one whose face-up rows a diagram earlier in the
    lesson (or in the same section) has already shown, with its answer in the text."""
    found: list[Problem] = []
    shown: list[tuple[int, set[tuple[str, ...]]]] = []
    for n, section in enumerate(section_facts(lesson), 1):
        if section.up_rows is not None:
            shown.append((n, section.up_rows))
        exercise = exercises.get(section.try_it) if section.try_it else None
        if exercise is None:
            continue
        rows = try_facts(exercise)[0]
        for where, seen in shown:
            if rows and seen and len(rows & seen) >= 2:
                line, column = getattr(section, "marks", {}).get("try", (lesson.line, 1))
                found.append(Problem(lesson.path, line, column, f"section {n} ({section.heading!r}): try "
                                     f"{section.try_it!r} deals the rows the diagram of section {where} shows; "
                                     "a try-it is a new deal, not one whose answer the lesson has given"))
                break
    return found


def _id_mark(model: Any) -> tuple[int, int]:
    kept = model.__dict__.get("id_mark")     # a model from the cache (course.content.cache)
    return kept if kept is not None else model.marks.get("id", (model.line, 1))


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


def course_folders(root: Path) -> list[Path]:
    return [root / name for name in COURSE_FOLDERS if (root / name).is_dir()]


def load_course(root: Path | str | None = None) -> Course:
    """Every lesson (lessons/) and exercise (exercises/) under `root`; never raises for bad content."""
    root_path = Path(root) if root else find_root()
    return load_files(course_folders(root_path), root_path)
