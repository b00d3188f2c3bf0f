"""Everything a learner or an author reads from the engine, written to one JSON file, so that a
refactor can be shown to change none of it.

    python -m tests.support.answer_dump OUT.json [--items 6]

For every exercise of the course (lessons' try-its included): each question's prompt, the
engine's answer (as `course solve --json` writes it) and its cited steps, and the hand's ledger
after all its moves (every entry's words, amounts and citations). For every drill template:
its first `--items` items (seeds 0, 1, ...), each as the data the template drew and the same
answers and steps. The output is sorted and deterministic: run it before and after a change and
compare the files (`cmp`, or `diff` for the first difference); identical files mean nothing a
learner or an author sees has changed.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def _plain(value: Any) -> Any:
    """JSON-ready data of engine values (dataclasses, tuples, cards), with a stable order."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)


def _step(step: Any) -> dict[str, Any]:
    return {"text": step.text, "cite": list(step.cite), "course_default": bool(step.course_default)}


def exercise_record(exercise: Any) -> dict[str, Any]:
    """One exercise: each question's prompt, answer and steps, then the hand's ledger."""
    from course.asks import solvers
    from course.engine.state import HandState

    asked = []
    for question in exercise.questions:
        entry: dict[str, Any] = {"ask": question.ask, "params": _plain(dict(question.params)),
                                 "prompt": solvers.prompt_for(exercise, question)}
        try:
            result = solvers.answer(exercise, question)
        except Exception as exc:       # an answer the engine cannot give is part of the record too
            entry["error"] = f"{type(exc).__name__}: {exc}"
        else:
            entry["answer"] = solvers.kind_of(exercise, question).to_json(result.value)
            entry["steps"] = [_step(s) for s in result.steps]
        asked.append(entry)
    try:
        ledger = [_plain(e) for e in HandState.replay(exercise).ledger]
    except Exception as exc:
        ledger = f"{type(exc).__name__}: {exc}"
    return {"file": str(exercise.path), "game": exercise.game, "questions": asked, "ledger": ledger}


def dump(items: int = 6) -> dict[str, Any]:
    from course import content
    from course.study import templates

    course = content.load_course(ROOT)
    exercises = {key: exercise_record(course.exercises[key]) for key in sorted(course.exercises)}
    drills: dict[str, Any] = {}
    for name in sorted(templates.templates()):
        drawn = []
        for item in templates.sample(name, items):
            try:
                record = exercise_record(templates.generate(item))
                record["data"] = _plain(templates.data(item))
            except Exception as exc:
                record = {"error": f"{type(exc).__name__}: {exc}"}
            drawn.append({"id": item, **record})
        drills[name] = drawn
    return {"problems": [str(p) for p in course.problems], "exercises": exercises, "drills": drills,
            "template_order": list(templates.templates())}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="the JSON file to write")
    parser.add_argument("--items", type=int, default=6, help="items of each drill template (seeds 0, 1, ...)")
    args = parser.parse_args(argv)
    data = dump(args.items)
    Path(args.out).write_text(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n",
                              encoding="utf-8")
    print(f"{args.out}: {len(data['exercises'])} exercises, {len(data['drills'])} drill templates x "
          f"{args.items} items, {len(data['problems'])} course problems", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
