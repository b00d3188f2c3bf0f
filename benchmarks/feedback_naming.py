"""How the study loop's feedback reads a wrong answer: measured on any tree of the course.

    python benchmarks/feedback_naming.py [--code DIR] [--json]

`--code DIR` imports the course's code from DIR (an earlier checkout, e.g. made with
`git archive <commit> | tar -x -C DIR`) while the exercises are read from this tree, so one
script prints the figures before and after a change:

1. the beginners' mistakes (answered on purpose on the course's exercises, HPD's six among
   them): the entries named for each;
2. the exercises built to show a catalogue entry (exercises/*/mistake-*.yaml), answered with the
   entry's own answer: the share where exactly that entry is named (alone), and where other
   entries are named too;
3. other wrong answers on those exercises (each other player, amounts off by one, a card
   swapped, the order turned, yes for no, other categories): the share where some entry is named,
   and where more than one is (all but one of them wrong, whichever the learner made);
4. explanation length in words over every question of the course: what a learner reads at
   once (before: every step; after: the steps that decide the answer and the footnote), median
   and longest.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

BEGINNER_MISTAKES = [
    ("hole cards for the bring-in (HPD 1, q3)", "stud-high/hpd-1-bring-in-suit-tie", 3, "Ava", "hidden-cards-bring-in"),
    ("door-card rank as the order of play (HPD 1, q2)", "stud-high/hpd-1-bring-in-suit-tie", 2,
     ["Ben", "Ava", "Drew", "Cara"], "order-by-rank"),
    ("aces showing beat trips showing (HPD 3, q1)", "stud-high/hpd-3-fifth-street-opener-and-amounts", 1, "Ben",
     "high-card-before-type"),
    ("pair option carried into razz", "razz/razz-no-big-bet-for-a-pair", 2, True, "pair-option-in-low-games"),
    ("suit tie-break on a later street (HPD 4, q1)", "stud-high/hpd-4-later-street-tie-by-position", 1, "Ava",
     "suit-ladder-after-third"),
    ("fourth-street bet carried to fifth, contributions (HPD 3, q4)",
     "stud-high/hpd-3-fifth-street-opener-and-amounts", 4, {"Ava": 8, "Ben": 8, "Cara": 8}, "small-bet-carried"),
    ("ante cutting the call, contributions", "stud-high/contributions-complete-then-raise", 4,
     {"Ben": 1, "Cara": 7, "Drew": 7}, "ante-cuts-the-call"),
    ("ante added, street total", "stud-high/contributions-complete-then-raise", 5, 22, "antes-in-contributions"),
    ("a sixth card as a kicker", "stud-high/showdown-unused-sixth-card", 3, ["Ava"], "kicker-beyond-five"),
    ("ace low for the Stud High bring-in", "stud-high/bring-in-ace-is-high", 1, "Ava", "ace-low-bring-in"),
    ("a wraparound straight", "stud-high/ranking-wraparound-no-straight", 1, "straight", "wraparound-straight"),
    ("a paired Hi-Lo low as qualifying", "stud-hi-lo/hilo-pair-spoils-the-low", 1, True, "paired-low-qualifies"),
]


def named(misconceptions, exercise, question, given) -> list[str]:
    return [m.id for m in misconceptions.diagnose(exercise, question, given)]


def load(content, path):
    try:
        exercise, problems = content.load_exercise(path)
    except Exception:       # noqa: BLE001 - an earlier loader refusing a newer file
        return None
    return exercise if exercise is not None and not problems else None


def other_wrong_answers(engine, exercise, question) -> list:
    right = engine.answer_json(exercise, question)
    kind = engine.kind_of(exercise, question).name
    seats = list(exercise.seats)
    found: list = []
    if kind == "player":
        found = [p for p in seats if p != right]
    elif kind == "yesno":
        found = [not right]
    elif kind == "units" and isinstance(right, int):
        found = [right + 1, right - 1]
    elif kind == "map":
        found = [{**right, p: int(right.get(p, 0)) + step} for p in seats for step in (1, -1)
                 if int(right.get(p, 0)) + step >= 0]
    elif kind == "order":
        found = [right[1:] + right[:1], list(reversed(right))]
    elif kind == "players":
        found = [[p] for p in seats if [p] != right]
    elif kind == "category":
        found = [c for c in ("high card", "one pair", "two pair", "three of a kind", "straight", "flush") if c != right]
    elif kind == "cards" and right:
        player = question.params.get("player")
        own = [str(c) for c in exercise.hands[player].cards] if player in exercise.hands else []
        found = [[*right[:-1], c] for c in own if c not in right]
    return [a for a in found if not engine.is_correct(exercise, question, a)]


def measure() -> dict:
    from course import content
    from course.study import engine, misconceptions

    out: dict = {"beginners": [], "catalogue": {}, "other_wrong": {}, "explanations": {}}
    for label, file, number, answer, entry in BEGINNER_MISTAKES:
        exercise = load(content, ROOT / "exercises" / f"{file}.yaml")
        if exercise is None:
            out["beginners"].append({"mistake": label, "expected": entry, "named": None})
            continue
        out["beginners"].append({"mistake": label, "expected": entry,
                                 "named": named(misconceptions, exercise, exercise.questions[number - 1], answer)})

    entries = {m.id: m for m in misconceptions.catalogue()}
    exact = with_others = files = 0
    some = several = wrong_total = 0
    for path in sorted(ROOT.glob("exercises/*/mistake-*.yaml")):
        files += 1
        entry = entries.get(path.stem[len("mistake-"):])
        exercise = load(content, path)
        if entry is None or exercise is None:
            continue
        question = exercise.questions[0]
        value = misconceptions.wrong_answer(entry, exercise, question)
        if value is None:
            continue
        options = list(value) if isinstance(value, misconceptions.Either) else [value]
        given = [engine.answer_json(exercise, question, one) for one in options]
        names = [named(misconceptions, exercise, question, g) for g in given]
        if all(n == [entry.id] for n in names):
            exact += 1
        elif all(entry.id in n for n in names):
            with_others += 1
        for answer in other_wrong_answers(engine, exercise, question):
            if any(engine.kind_of(exercise, question).same(answer, g) for g in given):
                continue
            wrong_total += 1
            found = named(misconceptions, exercise, question, answer)
            some += bool(found)
            several += len(found) > 1
    out["catalogue"] = {"exercises": files, "exactly_the_entry": exact, "the_entry_and_others": with_others,
                        "share_exact": round(exact / files, 3) if files else None}
    out["other_wrong"] = {"answers": wrong_total, "some_entry_named": some, "several_named": several,
                          "share_some": round(some / wrong_total, 3) if wrong_total else None,
                          "share_several": round(several / wrong_total, 3) if wrong_total else None}

    try:
        from course.app import quiz
        from course.study import brief
    except ImportError:
        brief = None
    at_once = []
    course = content.load_course(ROOT)
    for exercise in course.exercises.values():
        for question in exercise.questions:
            try:
                answer = engine.answer(exercise, question)
            except Exception:   # noqa: BLE001
                continue
            if brief is None:
                at_once.append(sum(len(s.text.split()) for s in answer.steps))
                continue
            steps = brief.plain_steps(answer.steps)
            chosen = brief.deciding(steps, answer_words=quiz.answer_words(exercise, question, answer))
            at_once.append(sum(brief.words(s.text) for s in chosen) + brief.words(brief.footnote(chosen)))
    out["explanations"] = {"questions": len(at_once), "median_words": statistics.median(at_once),
                           "longest_words": max(at_once)}
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--code", help="import the course's code from this folder (an earlier checkout)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(args.code).resolve() if args.code else ROOT))
    result = measure()
    if args.json:
        print(json.dumps(result, indent=2, ensure_ascii=False))
        return 0
    print("Beginners' mistakes, what is named:")
    for row in result["beginners"]:
        print(f"  {row['mistake']}: {', '.join(row['named']) if row['named'] else 'nothing'}"
              f"  (expected {row['expected']})")
    c, o, e = result["catalogue"], result["other_wrong"], result["explanations"]
    share = f"{c['share_exact']:.0%}" if c["share_exact"] is not None else "no such exercises"
    print(f"Catalogue exercises where exactly the entry is named: {c['exactly_the_entry']} of {c['exercises']} "
          f"({share}); the entry and others: {c['the_entry_and_others']}")
    if o["answers"]:
        print(f"Other wrong answers: {o['answers']}; some entry named: {o['some_entry_named']} "
              f"({o['share_some']:.1%}); several named: {o['several_named']} ({o['share_several']:.1%})")
    print(f"Explanation words read at once, over {e['questions']} questions: median {e['median_words']}, "
          f"longest {e['longest_words']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
