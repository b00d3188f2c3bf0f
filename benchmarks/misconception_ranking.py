"""How often the catalogue of known mistakes names the right entry, and how often it names one for
an answer no mistake explains: measured on any tree of the course.

    python benchmarks/misconception_ranking.py [--code DIR] [--per-exercise N] [--seed S] [--json]

`--code DIR` imports the course's code from DIR (an earlier checkout, e.g. made with
`git archive <commit> | tar -x -C DIR`) while the exercises are read from this tree, so one
script prints the figures before and after a change. Over the exercises built to show a
catalogue entry (`exercises/*/mistake-*.yaml`, the question that `tempts` the entry):

1. whole: answered with the entry's own answer, the share where exactly that entry is named;
2. part: on an answer of several fields where the entry's answer is wrong in two fields or more,
   answered with the entry's mistake in one field only (the other fields right): the share where
   exactly that entry is named;
3. random: N random wrong answers per exercise (one to three fields or values of the right answer
   replaced at random: another player, another amount, another card, a decision dropped ...; the
   entry's own answer and the right one left out): the share where some entry is named (every
   such entry is a wrong one: nobody made that mistake), and where the entry named reproduces the
   answer neither whole nor in the fields the learner got wrong (never, if naming is sound).
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RANKS = "23456789TJQKA"
SUITS = "♠♥♦♣"
SEVERAL_FIELDS = ("map", "holding", "takes", "matches", "halves", "pots")
DECK = [("10" if r == "T" else r) + s for r in RANKS for s in SUITS]


def load(content, path):
    try:
        exercise, problems = content.load_exercise(path)
    except Exception:       # noqa: BLE001 - an earlier loader refusing a newer file
        return None
    return exercise if exercise is not None and not problems else None


def _leaves(value, path=()):
    """Every replaceable place of a JSON answer: (path, leaf)."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(value, list):
        for n, v in enumerate(value):
            yield from _leaves(v, (*path, n))
    else:
        yield path, value


def _set(value, path, new):
    if not path:
        return new
    value[path[0]] = _set(value[path[0]], path[1:], new)
    return value


def _other(leaf, rng, seats):
    """A random value of the same sort as `leaf`."""
    if isinstance(leaf, bool):
        return not leaf
    if isinstance(leaf, int):
        return rng.choice([v for v in range(0, max(12, 2 * leaf + 6)) if v != leaf])
    if isinstance(leaf, str) and leaf in seats:
        return rng.choice([p for p in seats if p != leaf] or [leaf])
    if isinstance(leaf, str) and leaf in DECK:
        return rng.choice([c for c in DECK if c != leaf])
    return leaf


def random_wrong(right, rng, seats):
    """The right answer (JSON shape) with one to three of its values replaced at random; a list
    may also lose an item or be shuffled, a map may gain a player."""
    if not isinstance(right, (dict, list)):
        return _other(right, rng, seats)
    answer = copy.deepcopy(right)
    for _ in range(rng.randint(1, 3)):
        move = rng.random()
        if isinstance(answer, list) and answer and move < 0.15:
            answer.pop(rng.randrange(len(answer)))
        elif isinstance(answer, list) and len(answer) > 1 and move < 0.3:
            rng.shuffle(answer)
        elif isinstance(answer, dict) and move < 0.15 and all(isinstance(v, int) for v in answer.values()):
            answer[rng.choice(seats)] = rng.randint(1, 12)
        else:
            places = list(_leaves(answer))
            if places:
                path, leaf = rng.choice(places)
                answer = _set(answer, path, _other(leaf, rng, seats))
    return answer


def _names(misconceptions, exercise, question, given) -> list[str]:
    return [m.id for m in misconceptions.diagnose(exercise, question, given)]


def _explains(misconceptions, exercise, question, given, entry_id) -> bool:
    """Whether the entry reproduces `given` whole or in the fields the learner got wrong."""
    entry = misconceptions.by_id(entry_id)
    if entry in misconceptions.matches(exercise, question, given):
        return True
    partial = getattr(misconceptions, "partial_matches", None)
    return partial is not None and entry in partial(exercise, question, given)


def _group(kind, right_json, mistaken_json, right_value, mistaken_value) -> str:
    """What a one-field mistake can show: `slip` (the field left out, or an amount one unit off
    the right one: as likely a slip as the mistake), `pot` (an award or halves whose mistaken
    answer shares out the same pot: one player's share changed alone shares out another pot),
    else `telling`."""
    if mistaken_value in (None, 0) or (isinstance(mistaken_value, int) and isinstance(right_value, int)
                                       and abs(mistaken_value - right_value) <= 1):
        return "slip"
    if kind.name in ("map", "halves"):
        total = lambda v: sum(total(x) for x in v.values()) if isinstance(v, dict) else (v if isinstance(v, int) else 0)
        if total(right_json) == total(mistaken_json):
            return "pot"
    return "telling"


def _one_field_answers(engine, exercise, question, right_json, mistaken_json) -> list:
    """(answer, group): the right answer with the mistake made in one field only, for a map,
    halves or a list of decisions or pots whose mistaken answer is wrong in two fields or more
    (same length); `group` as `_group` says."""
    kind = engine.kind_of(exercise, question)
    if len(kind.diff(mistaken_json, right_json)) < 2:
        return []
    found = []
    if isinstance(right_json, dict) and isinstance(mistaken_json, dict) and kind.name == "map":
        for p in dict.fromkeys([*right_json, *mistaken_json]):
            if right_json.get(p, 0) != mistaken_json.get(p, 0):
                found.append(({**right_json, p: mistaken_json.get(p, 0)},
                              _group(kind, right_json, mistaken_json, right_json.get(p, 0), mistaken_json.get(p, 0))))
    elif kind.name == "halves" and isinstance(right_json.get("low"), dict) and isinstance(mistaken_json.get("low"), dict):
        for half in ("high", "low"):
            for p in dict.fromkeys([*right_json[half], *mistaken_json[half]]):
                if right_json[half].get(p, 0) != mistaken_json[half].get(p, 0):
                    one = copy.deepcopy(right_json)
                    one[half][p] = mistaken_json[half].get(p, 0)
                    found.append((one, _group(kind, right_json, mistaken_json, right_json[half].get(p, 0),
                                              mistaken_json[half].get(p, 0))))
    elif isinstance(right_json, list) and isinstance(mistaken_json, list) and len(right_json) == len(mistaken_json):
        for n, (r, m) in enumerate(zip(right_json, mistaken_json)):
            if r != m:
                one_r, one_m = (list(r.values())[0], list(m.values())[0]) \
                    if isinstance(r, dict) and isinstance(m, dict) and list(r) == list(m) and len(r) == 1 else (r, m)
                found.append(([*right_json[:n], m, *right_json[n + 1:]], _group(kind, right_json, mistaken_json,
                                                                               one_r, one_m)))
    return [(a, g) for a, g in found if not engine.is_correct(exercise, question, a)]


def measure(per_exercise: int, seed: int) -> dict:
    from course import content
    from course.study import engine, misconceptions

    entries = {m.id: m for m in misconceptions.catalogue()}
    rng = random.Random(seed)
    whole = whole_exact = 0
    parts: dict[str, list[int]] = {}
    part_misses: list[str] = []
    answers = some = unexplained = own = 0
    fields_answers = fields_some = 0
    misses: list[str] = []
    fired: dict[str, int] = {}
    for path in sorted(ROOT.glob("exercises/*/mistake-*.yaml")):
        entry = entries.get(path.stem[len("mistake-"):])
        exercise = load(content, path)
        if entry is None or exercise is None:
            continue
        whole += 1
        question = next((q for q in exercise.questions if entry.id in (getattr(q, "tempts", ()) or ())),
                        exercise.questions[0])
        right_json = engine.answer_json(exercise, question)
        value = misconceptions.wrong_answer(entry, exercise, question)
        options = [] if value is None else (list(value) if isinstance(value, misconceptions.Either) else [value])
        given = [engine.answer_json(exercise, question, one) for one in options]
        if given and all(_names(misconceptions, exercise, question, g) == [entry.id] for g in given):
            whole_exact += 1
        else:
            misses.append(path.stem)
        for g in given[:1]:
            for one, group in _one_field_answers(engine, exercise, question, right_json, g):
                hit = _names(misconceptions, exercise, question, one) == [entry.id]
                parts.setdefault(group, [0, 0])
                parts[group][0] += 1
                parts[group][1] += hit
                if group == "telling" and not hit:
                    part_misses.append(path.stem)
        kind = engine.kind_of(exercise, question)
        seats = list(exercise.seats)
        for _ in range(per_exercise):
            for _attempt in range(20):
                answer = random_wrong(right_json, rng, seats)
                if kind.parse(answer) is not None and not engine.is_correct(exercise, question, answer) \
                        and not any(kind.same(answer, g) for g in given):
                    break
            else:
                continue
            answers += 1
            several = kind.name in SEVERAL_FIELDS
            fields_answers += several
            found = _names(misconceptions, exercise, question, answer)
            if found:
                some += 1
                fields_some += several
                own += found[0] == entry.id
                fired[found[0]] = fired.get(found[0], 0) + 1
                unexplained += not _explains(misconceptions, exercise, question, answer, found[0])
    share = lambda a, b: round(a / b, 4) if b else None
    return {"whole": {"exercises": whole, "exactly_the_entry": whole_exact, "share": share(whole_exact, whole),
                      "missed": misses},
            "part": {group: {"answers": n, "exactly_the_entry": hit, "share": share(hit, n)}
                     for group, (n, hit) in sorted(parts.items())} | {"missed": part_misses},
            "random": {"answers": answers, "some_entry_named": some, "share_some": share(some, answers),
                       "several_field_answers": fields_answers, "several_field_named": fields_some,
                       "share_several_field_named": share(fields_some, fields_answers),
                       "the_exercise_s_own_entry": own, "named_but_not_reproduced": unexplained,
                       "entries_named": dict(sorted(fired.items(), key=lambda kv: -kv[1]))}}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--code", help="import the course's code from this folder (an earlier checkout)")
    parser.add_argument("--per-exercise", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(args.code).resolve() if args.code else ROOT))
    result = measure(args.per_exercise, args.seed)
    if args.json:
        print(json.dumps(result, indent=2, ensure_ascii=False))
        return 0
    w, p, r = result["whole"], result["part"], result["random"]
    pct = lambda s: "n/a" if s is None else f"{s:.1%}"
    print(f"Whole answer, exactly the entry named: {w['exactly_the_entry']} of {w['exercises']} exercises "
          f"({pct(w['share'])})" + (f"; missed: {', '.join(w['missed'])}" if w["missed"] else ""))
    words = {"telling": "a value of the mistake's own", "slip": "left out or one unit off (as likely a slip)",
             "pot": "one share of a pot the mistake shares out whole"}
    for group, row in p.items():
        if group != "missed":
            print(f"The mistake in one field only, {words[group]}: exactly the entry named in {row['exactly_the_entry']} "
                  f"of {row['answers']} ({pct(row['share'])})")
    if p["missed"]:
        print(f"  missed: {', '.join(p['missed'])}")
    print(f"Random wrong answers: {r['answers']}; an entry named: {r['some_entry_named']} ({pct(r['share_some'])}), "
          f"the exercise's own entry {r['the_exercise_s_own_entry']}, named but reproducing neither the answer nor "
          f"its wrong fields {r['named_but_not_reproduced']}")
    print(f"  of them answers of several fields (contributions, award, halves, pots, takes, matches): "
          f"{r['several_field_answers']}; an entry named: {r['several_field_named']} "
          f"({pct(r['share_several_field_named'])})")
    if r["entries_named"]:
        print("  named: " + ", ".join(f"{k} {v}" for k, v in r["entries_named"].items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
