"""Command line: `python -m course check [PATH...] [--json]` and `python -m course solve PATH... [--json]`.

check  Validate lessons and exercises (the whole course when no path is given: lessons/ and
       exercises/ under the repository root) and answer every question with the engine. Every
       problem is printed as file:line:column: message. Exit status 0 only when every file is
       valid and every authored answer agrees with the engine.
solve  Answer every question of the given exercises with the engine. `--json` prints one JSON
       array, one {"file", "id", "answers"} object per file in the order given.
import-phh  Turn real stud-family hands in the PHH hand-history format (F7S; FR and F7S/8 once
       razz and stud hi-lo are registered) into whole-hand exercises, DIR/<stem>.yaml each, with
       questions on every street; the engine checks each one. A hand the course cannot take is
       refused as file:line: why. Exit status 0 only when every file was imported.
export-phh  Write a whole-hand exercise back out as a PHH hand history.
diagnose  Try an answer on one question of an exercise, as a learner would give it: whether it
       is right, the one known mistake that explains it, the wrong and missing parts, and the
       verdict line. `--answer` is written as the exercise's `answer:` would be (YAML). Exit 0
       whenever the answer could be judged; a missing file or question, or an answer the ask
       cannot read, is one line `file:line: why` and exit 2.
coverage  Per rule point (course/rules/points.yaml): the lessons that teach it, the hand-written
       questions and drill templates that practise it, the catalogue entries for its mistakes and
       the Review cards. `--json` prints {"points": [{"id", "cite", "line", "lessons",
       "questions", "templates", "mistakes", "cards"}, ...]}. Exit status 1 when a point is below
       the bar (a lesson, 3 questions, 1 template) or a declaration is wrong.
"""

from __future__ import annotations

import argparse
import contextlib
import contextvars
import json
import os
import sys
from pathlib import Path
from typing import Any, Callable, Iterator, TextIO

from course import content
from course.asks import solvers
from course.content import Problem, glossary, verdict
from course.content.pots import pot_problems, pot_warnings
from course.content.load import gc_paused, keep_out_of_gc


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="course", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command")
    check = commands.add_parser("check", help="validate lessons and exercises against the engine")
    check.add_argument("paths", nargs="*", metavar="PATH", help="files or folders (default: the whole course)")
    check.add_argument("--json", action="store_true", help="print one JSON object for tools")
    solve = commands.add_parser("solve", help="answer every question of some exercises with the engine")
    solve.add_argument("paths", nargs="+", metavar="PATH", help="exercise files or folders")
    solve.add_argument("--json", action="store_true", help="print one JSON array")
    phh_in = commands.add_parser("import-phh", help="turn PHH hand histories into whole-hand exercises")
    phh_in.add_argument("paths", nargs="+", metavar="FILE.phh", help="hand-history files")
    phh_in.add_argument("--out", required=True, metavar="DIR", help="folder for the exercises (<stem>.yaml each)")
    phh_in.add_argument("--rules", metavar="PROFILE", help="rule profile of the game (default: the game's own)")
    phh_out = commands.add_parser("export-phh", help="write a whole-hand exercise as a PHH hand history")
    phh_out.add_argument("path", metavar="EXERCISE.yaml", help="a whole-hand exercise")
    phh_out.add_argument("--out", required=True, metavar="FILE.phh", help="the hand-history file to write")
    cover = commands.add_parser("coverage", help="how well each rule point is taught and practised")
    cover.add_argument("--json", action="store_true", help="print one JSON object")
    diag = commands.add_parser("diagnose", help="try a (wrong) answer on one question of an exercise")
    diag.add_argument("path", metavar="FILE", help="an exercise file")
    diag.add_argument("--question", required=True, type=int, metavar="N", help="the question, counted from 1")
    diag.add_argument("--answer", required=True, metavar="TEXT", help="the answer, written as in the file's answer:")
    diag.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


class _Unjudged(Exception):
    """An answer `diagnose` cannot judge: the message is one line, `file:line: why`."""


def diagnose(path: str, number: int, text: str):
    """(exercise, question, given, Judgement) for `course diagnose`; `_Unjudged` for bad input."""
    import yaml

    from course.study import compare

    file = Path(path)
    if not file.is_file():
        raise _Unjudged(f"{path}:1: no such exercise file")
    exercise, problems = content.load_exercise(file)
    if exercise is None or problems:
        first = problems[0] if problems else Problem(path, 1, 1, "not an exercise")
        more = f" (and {len(problems) - 1} more problems: run course check)" if len(problems) > 1 else ""
        raise _Unjudged(f"{first}{more}")
    count = len(exercise.questions)
    if not 1 <= number <= count:
        raise _Unjudged(f"{path}:{exercise.line}: no question {number}: the exercise has "
                        f"{count} question{'s' if count != 1 else ''}, numbered from 1")
    question = exercise.questions[number - 1]
    try:
        given = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise _Unjudged(f"{path}:{question.line}: --answer {text!r} is not YAML: "
                        f"{str(exc).splitlines()[0]}") from None
    kind = solvers.kind_of(exercise, question)
    if kind.parse(given) is None:
        raise _Unjudged(f"{path}:{question.line}: --answer {text!r} cannot be read as an answer to "
                        f"{question.ask!r} (an answer of kind {kind.name!r}); write it as an exercise's answer: "
                        "would be (exercises/README.md)")
    try:
        right = solvers.answer(exercise, question)
    except Exception as exc:  # the engine's refusal, said on one line
        raise _Unjudged(f"{path}:{question.line}: the engine cannot answer {question.ask!r}: {exc}") from None
    return exercise, question, given, compare.judge(exercise, question, given, right), right


def _run_diagnose(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    try:
        exercise, question, given, judged, right = diagnose(args.path, args.question, args.answer)
    except _Unjudged as exc:
        err.write(f"{exc}\n")
        return 2
    if args.json:
        json.dump(judged.to_json(), out, ensure_ascii=False, indent=2)
        out.write("\n")
        return 0
    kind = solvers.kind_of(exercise, question)
    out.write(f"{args.path}: question {args.question} ({question.ask}): "
              f"{'right' if judged.correct else 'not right'}\n")
    out.write(f"  given:   {kind.words(given)}\n  answer:  {kind.words(right.value)}\n")
    if not judged.correct:
        if judged.comparison.wrong:
            out.write(f"  wrong:   {', '.join(judged.comparison.wrong)}\n")
        if judged.comparison.missing:
            out.write(f"  missing: {', '.join(judged.comparison.missing)}\n")
        out.write(f"  verdict: {judged.verdict}\n")
        out.write(f"  mistake: {judged.mistake.id}: {judged.mistake.message}\n" if judged.mistake
                  else "  mistake: none named\n")
    return 0


def _run_coverage(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from course.study import coverage

    root = content.find_root(Path.cwd())
    course = content.load_course(root)
    table = coverage.measure(course)
    problems = coverage.template_problems()
    for problem in problems:
        err.write(f"{problem}\n")
    if args.json:
        json.dump({"points": [row.to_json() for row in table]}, out, ensure_ascii=False, indent=2)
        out.write("\n")
    else:
        out.write(coverage.text_table(table) + "\n")
    return 1 if problems or coverage.short_points(table) else 0


def _run_import_phh(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from course.content.phh_import import PhhError, import_file

    failed = 0
    for path in args.paths:
        try:
            target = import_file(path, args.out, args.rules)
        except PhhError as problem:
            err.write(f"{problem.message}\n")
            failed += 1
            continue
        out.write(f"{path} -> {target.as_posix()}\n")
    if len(args.paths) > 1 or failed:
        out.write(f"{len(args.paths) - failed} of {len(args.paths)} hand histor{'y' if len(args.paths) == 1 else 'ies'} "
                  "imported\n")
    return 1 if failed else 0


def _run_export_phh(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from course.content.phh_import import PhhError, export_file

    exercise, problems = content.load_exercise(Path(args.path))
    problems = problems or ([] if exercise is None else verdict.engine_problems([exercise]))
    if exercise is None or problems:
        for problem in problems:
            err.write(f"{problem}\n")
        return 1
    try:
        target = export_file(exercise, args.out)
    except PhhError as problem:
        err.write(f"{problem.message}\n")
        return 1
    out.write(f"{args.path} -> {target.as_posix()}\n")
    return 0


def check(paths: list[str], root: Path | None = None) -> tuple[content.Course, list[Problem]]:
    """Load and validate; answer every question of every valid exercise. Returns all problems."""
    root = root or content.find_root(Path.cwd())
    # The cyclic collector stays paused from the load to the last answer. The load pauses it too,
    # but were it switched back on in between, its first young collection would walk every object
    # the load made (none was ever collected, so all still count as young): about 4% of a check
    # at 4,300 exercises. Freezing the course first leaves that collection nothing to walk.
    with gc_paused():
        if paths:
            known = _known_exercise_ids(root)
            course = content.load_files(paths, None, known)
        else:
            course = content.load_course(root)
        keep_out_of_gc(collect=False)  # the engine then answers every question beside the loaded course
        # Answering makes no garbage with cycles (the replays hold their exercises weakly): the young
        # collections it triggered found nothing and cost about 3% of a check at 4,300 exercises.
        return course, course_problems(course, root, whole=not paths)


def course_problems(course: content.Course, root: Path, whole: bool = True) -> list[Problem]:
    """Every problem of a loaded course, as `course check` reports them: the files' own, the
    glossary's (for the `whole` course), the engine's with each exercise, and pots that cannot
    arise. The Author preview counts the same list."""
    problems = list(course.problems)
    if whole:
        problems += glossary.course_problems(root, course.lessons)
    from course.study import coverage  # a declared rule point must be one the engine's answer rests on

    for exercise in course.exercises.values():  # one exercise at a time: its answers, then freed
        with answers_kept():     # the coverage check reads the answers the engine check computed
            problems += verdict.engine_problems([exercise])
            problems += coverage.question_problems([exercise])
    # A pot the deal cannot make fails the check for the course's own exercises; elsewhere (the
    # format page's example, a maintainer's draft) `course check` reports it as a warning.
    in_course = course_files(root)
    problems += pot_problems(e for e in course.exercises.values() if in_course(e.path))
    return verdict.in_order(problems, course.files)


# -- each question answered once per check ---------------------------------------------------
# `course check` asks the engine twice about a question that names rule points: once to compare
# the authored answer (`solvers.check_exercise`) and once for the citations the points must
# match (`coverage.question_problems`). While `answers_kept()` is open, `solvers.answer` keeps
# each answer (or the error the engine raised) for the question object it answered, and hands
# the same back when asked again in the same thread; outside it, the engine answers as always.

_KEPT: contextvars.ContextVar[dict | None] = contextvars.ContextVar("kept_answers", default=None)


def _engine_answer_kept(exercise: Any, question: Any) -> Any:
    kept = _KEPT.get()
    if kept is None:
        return _engine_answer(exercise, question)
    key = (id(exercise), id(question))
    found = kept.get(key)
    if found is None:
        try:
            result = _engine_answer(exercise, question)
        except Exception as exc:        # the same refusal for the second asker
            kept[key] = (exercise, question, None, exc)   # the objects kept: their ids stay theirs
            raise
        kept[key] = (exercise, question, result, None)
        return result
    if found[3] is not None:
        raise found[3]
    return found[2]


# the engine's own answer (found under `engine` when this module is loaded a second time)
_engine_answer: Callable[[Any, Any], Any] = getattr(solvers.answer, "engine", solvers.answer)
_engine_answer_kept.engine = _engine_answer      # type: ignore[attr-defined]
solvers.answer = _engine_answer_kept


@contextlib.contextmanager
def answers_kept() -> Iterator[dict]:
    """Within it (in this thread), each question is answered by the engine once; the dict holds
    the answers kept so far."""
    kept: dict = {}
    token = _KEPT.set(kept)
    try:
        yield kept
    finally:
        _KEPT.reset(token)


def course_files(root: Path) -> Callable[[str | Path], bool]:
    """A test of whether a file is one of the course's own exercises (under `exercises/` at the
    root), each folder resolved once: a check of thousands of files asks it twice a file."""
    folder = os.path.realpath(os.path.join(root, "exercises"))
    inside: dict[str, bool] = {}          # a folder's path -> whether it resolves inside

    def within(real: str) -> bool:
        return real == folder or real.startswith(folder.rstrip(os.sep) + os.sep)

    def in_course(path: str | Path) -> bool:
        file = os.path.join(root, path)   # an absolute path stays as it is
        try:
            if os.path.islink(file):
                return within(os.path.realpath(file))
            parent = os.path.dirname(file)
            if parent not in inside:
                inside[parent] = within(os.path.realpath(parent))
            return inside[parent]
        except OSError:
            return False

    return in_course


def _known_exercise_ids(root: Path) -> set[str]:
    """Exercise ids of the course at the repository root, so a lesson checked alone may link to them."""
    folder = root / "exercises"
    if not folder.is_dir():
        return set()
    course = content.load_files([folder], root)
    return set(course.exercises) | set(course.invalid)


def _run_check(args: argparse.Namespace, out: TextIO) -> int:
    course, problems = check(args.paths)
    root = content.find_root(Path.cwd())
    in_course = course_files(root)
    warnings = pot_warnings(e for e in course.exercises.values() if not in_course(e.path))
    from course.content import lesson_order
    from course.content.lessons import unmarked_try_warnings

    warnings += lesson_order.warnings(course.lessons.values())
    warnings += unmarked_try_warnings(course.lessons.values())
    bad_files = sorted({p.file for p in problems})
    # the glossary is checked with the whole course, and counted among its files
    files = len(course.files) + (not args.paths and (content.find_root(Path.cwd()) / glossary.FILE).is_file())
    if args.json:
        json.dump({
            "ok": not problems,
            "files": files,
            "lessons": len(course.lessons),
            "exercises": len(course.exercises),
            "questions": sum(len(e.questions) for e in course.exercises.values()),
            "problems": [p.to_json() for p in problems],
            "warnings": [w.to_json() for w in warnings],
        }, out, ensure_ascii=False, indent=2)
        out.write("\n")
    else:
        for problem in [*problems, *warnings]:
            out.write(f"{problem}\n")
        n_questions = sum(len(e.questions) for e in course.exercises.values())
        if problems:
            out.write(f"{len(problems)} problem{'s' if len(problems) != 1 else ''} in {len(bad_files)} of "
                      f"{files} file{'s' if files != 1 else ''}\n")
        else:
            out.write(f"{files} file{'s' if files != 1 else ''} checked "
                      f"({len(course.lessons)} lessons, {len(course.exercises)} exercises, {n_questions} "
                      "questions): all valid, every authored answer agrees with the engine\n")
    return 1 if problems or not course.files else 0


def solve(paths: list[str]) -> tuple[list[dict], list[Problem], list[tuple[content.Exercise, list]]]:
    """Engine answers per file: (JSON entries, problems, [(exercise, [Answer | None])])."""
    entries: list[dict] = []
    problems: list[Problem] = []
    solved: list[tuple[content.Exercise, list]] = []
    for path in content.content_files(paths):
        file = path.as_posix()
        if not path.exists():
            problems.append(Problem(file, 1, 1, "no such file or folder"))
            entries.append({"file": file, "id": None, "answers": []})
            continue
        if content.is_lesson_file(path):
            problems.append(Problem(file, 1, 1, "this is a lesson: solve answers the questions of exercises"))
            entries.append({"file": file, "id": None, "answers": []})
            continue
        exercise, found = content.load_exercise(path)
        problems.extend(found)
        if exercise is None or found:
            entries.append({"file": file, "id": exercise.id if exercise else None, "answers": []})
            continue
        results = []
        values = []
        for question in exercise.questions:
            try:
                result = solvers.answer(exercise, question)
            except Exception as exc:
                reason = getattr(exc, "reason", None) or str(exc)
                problems.append(Problem(file, question.line, question.column,
                                        f"the engine cannot answer {question.ask!r}: {reason}"))
                result = None
            results.append(result)
            values.append(solvers.kind_of(exercise, question).to_json(result.value)
                          if result is not None else None)
        entries.append({"file": file, "id": exercise.id, "answers": values})
        solved.append((exercise, results))
    return entries, problems, solved


def _run_solve(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    entries, problems, solved = solve(args.paths)
    for problem in problems:
        err.write(f"{problem}\n")
    if args.json:
        json.dump(entries, out, ensure_ascii=False, indent=2)
        out.write("\n")
    else:
        for exercise, results in solved:
            out.write(f"{exercise.path}: {exercise.id}: {exercise.title}\n")
            for n, (question, result) in enumerate(zip(exercise.questions, results), 1):
                params = ", ".join(f"{k}={solvers.display(v)}" for k, v in question.params.items())
                out.write(f"\n  {n}. {question.ask}{f' ({params})' if params else ''}: "
                          f"{solvers.prompt_for(exercise, question)}\n")
                if result is None:
                    out.write("     (no answer: see the problem above)\n")
                    continue
                out.write(f"     answer: {solvers.kind_of(exercise, question).written(result.value)}\n")
                for line in result.explain().splitlines():
                    out.write(f"     {line}\n")
            out.write("\n")
    return 1 if problems else 0


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    out, err = sys.stdout, sys.stderr
    for stream in (out, err):
        if hasattr(stream, "reconfigure"):
            try:
                stream.reconfigure(encoding="utf-8")
            except (ValueError, OSError):
                pass
    try:
        if args.command == "check":
            return _run_check(args, out)
        if args.command == "import-phh":
            return _run_import_phh(args, out, err)
        if args.command == "export-phh":
            return _run_export_phh(args, out, err)
        if args.command == "diagnose":
            return _run_diagnose(args, out, err)
        if args.command == "coverage":
            return _run_coverage(args, out, err)
        return _run_solve(args, out, err)
    except BrokenPipeError:  # output piped into `head` and closed early: not an error of ours
        try:
            sys.stdout = open(os.devnull, "w", encoding="utf-8")
        except OSError:
            pass
        return 1
