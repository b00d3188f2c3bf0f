"""One verdict on content, shared by `python -m course check` and the Author preview.

Both reach the problems of a file the same way: the file's own parse problems, the course-wide
checks of `assemble` (a lesson's link to an exercise that does not exist, given the exercise ids
the course knows), then the engine's answer to every question of each exercise that parsed
without a problem (`engine_problems`), all in file, line and column order (`in_order`). So the
preview shows exactly what the command prints for the same text, and never "no problems" where
the command exits 1.
"""

from __future__ import annotations

from typing import Any, Iterable

from course.model import Course, Problem


def engine_problems(exercises: Iterable[Any]) -> list[Problem]:
    """The engine's problems with each exercise: questions it cannot answer, authored answers it
    disagrees with. One exercise that breaks the engine is a problem on it, never a crash."""
    from course.asks import solvers  # the engine: loaded only by those who check answers

    found: list[Problem] = []
    for exercise in exercises:
        try:
            found.extend(solvers.check_exercise(exercise))
        except Exception as exc:  # noqa: BLE001 - one exercise never stops the check
            found.append(Problem(exercise.path, exercise.line, 1, f"the engine could not check this "
                                 f"exercise: {type(exc).__name__}: {exc}"))
    return found


def in_order(problems: Iterable[Problem], files: list[str]) -> list[Problem]:
    """Problems by file (in the course's order), then line and column."""
    order = {file: n for n, file in enumerate(files)}
    return sorted(problems, key=lambda p: (order.get(p.file, len(order)), p.line, p.column))


def one_file(name: str, model: Any, problems: list[Problem], known_exercises: Iterable[str],
             engine: list[Problem] | None = None) -> list[Problem]:
    """Every problem of one parsed file, as `course check FILE` reports it: its parse problems,
    the course-wide checks against the `known_exercises` ids, and the engine's problems (given as
    `engine` when a worker found them already, else computed here for a valid exercise)."""
    from course.content.load import Loaded, assemble

    course: Course = assemble([Loaded(name, model, list(problems))], ".", known_exercises)
    found = list(course.problems)
    if engine is None:
        engine = engine_problems(course.exercises.values())
    return in_order(found + list(engine), course.files)
