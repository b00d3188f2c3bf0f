"""Drill templates: engine-made exercises, rebuilt exactly from a short id `gen/<template>/<seed>`.

A template draws a deal with a seeded `random.Random` and writes it as the same YAML-shaped data an
author writes (`exercises/README.md`). That data goes through the ordinary checker as the data it
is (`course.content.exercise_from_data`: every check its YAML file would get, without writing the
YAML and parsing it back; `to_yaml` writes it for an author), so a generated item is an ordinary
`Exercise`: same model, same checker, same cited explanation, same widgets. Nothing here decides a rule; a template only plants
a situation and lets the engine answer it.

A template may reject a draw (`Reject`): the deal did not plant the situation (a random Have a
Heart hand without a face-up heart, say). The next draw comes from the same seeded generator, so
an id still gives one item, always the same. A draw the loader refuses is a bug in the template
and is raised, never skipped.
"""

from __future__ import annotations

import importlib
import random
import re
from functools import lru_cache
from typing import Any

from course.content.load import gc_paused
from course.study import engine
# The registry the template modules (stud, home) fill; re-exported, so templates.Template and
# templates.register keep their names.
from course.study.registry import CONTROL, PARSED, TEMPLATES, Reject, Template, dump, register, skill_key  # noqa: F401

PREFIX = "gen"
MAX_DRAWS = 400
_ID = re.compile(r"^gen/(?P<template>[a-z0-9]+(?:-[a-z0-9]+)*)/(?P<seed>\d{1,12})$")


class GenerationError(ValueError):
    """An id that names no template, or a template that produced an invalid exercise."""


# The all-in drills of every game with stacks: registered after each game's own.
SHARED_DRILLS = ("course.study.allin", "course.study.odd_unit", "course.study.earlier_rows", "course.study.shared_opener",
                 "course.study.forced_bets", "course.study.exchange", "course.study.irregularities",
                 "course.study.dead_hands")


def _load_all() -> None:
    """Import each game's drill module, as its spec names it, then the shared ones (registering)."""
    names = [engine.drill_module(game) for game in engine.games()]
    for name in dict.fromkeys([*(n for n in names if n), *SHARED_DRILLS]):
        importlib.import_module(name)


def templates() -> dict[str, Template]:
    """Every template by name (stud high first, then the home games). Every registering module
    is loaded on the first call, even when one of them was imported on its own before (its
    templates alone must not pass for all of them)."""
    global _LOADED
    if not _LOADED:
        _load_all()
        _LOADED = True
    return TEMPLATES


_LOADED = False


def item_id(template: str, seed: int) -> str:
    return f"{PREFIX}/{template}/{seed}"


def item_of(exercise_id: str) -> str | None:
    """The link id of a generated exercise's `id` (`gen-door-tie-suit-5` -> `gen/door-tie-suit/5`),
    as progress stores it; None for a hand-written exercise."""
    match = re.match(r"^gen-(?P<template>.+)-(?P<seed>\d+)$", exercise_id or "")
    if match is None or match["template"] not in templates():
        return None
    return item_id(match["template"], int(match["seed"]))


def is_item_id(text: Any) -> bool:
    return isinstance(text, str) and _ID.match(text) is not None


def parse_id(text: str) -> tuple[Template, int]:
    match = _ID.match(text or "")
    if match is None:
        raise GenerationError(f"{text!r} is not a generated item id: expected gen/<template>/<seed>, "
                              "e.g. gen/bring-in/7")
    name = match["template"]
    known = templates()
    if name not in known:
        from course.content import suggest

        raise GenerationError(f"{text!r}: no template {name!r}{suggest(name, known)}")
    return known[name], int(match["seed"])


def data(text: str) -> dict[str, Any]:
    """The item as YAML-shaped data (no authored answer): the same every time for one id."""
    return _draw(text)[0]


@lru_cache(maxsize=512)
def generate(text: str):
    """The `Exercise` of a generated id, loaded and checked like a file of the course (cached:
    the app reruns its page on every click; the model is read-only, as the course's is). The
    cyclic garbage collector waits while an item is made, as while a course loads: a random
    hand played and replayed makes many short-lived objects and no cycles (refcounting frees
    them), and each full collection it would trigger walks every item kept in this cache."""
    with gc_paused():
        item, exercise = _draw(text)
        return exercise or _load(item, text)


def _draw(text: str) -> tuple[dict[str, Any], Any]:
    """The item's data, and its loaded exercise when a trap had to load it to see it planted."""
    template, seed = parse_id(text)
    rng = random.Random(f"{template.name}/{seed}")
    for _ in range(MAX_DRAWS):
        try:
            drawn = template.draw(rng)
        except Reject:
            continue
        control = drawn.pop(CONTROL, False)
        parsed = drawn.pop(PARSED, None)
        item = {"id": f"{PREFIX}-{template.name}-{seed}", "title": template.title, **drawn}
        exercise = None if parsed is None else parsed.relabelled(
            id=item["id"], title=item["title"], path=text, intro=item.get("intro", parsed.intro))
        if not template.shows or control:
            return item, exercise
        exercise = exercise or _load(item, text)
        if _planted(template, exercise):
            return item, exercise
    raise GenerationError(f"{text!r}: template {template.name!r} planted nothing in {MAX_DRAWS} draws")


def _load(item: dict[str, Any], text: str):
    """The item validated as the data it is (no YAML written and read back: `to_yaml` writes it
    only when an author asks), with every check its YAML file would get."""
    exercise, problems = engine.build(item, text)
    if exercise is None or problems:
        raise GenerationError(f"{text!r} produced an invalid exercise:\n" + "\n".join(map(str, problems)))
    return exercise


def _planted(template: Template, exercise) -> bool:
    """Each misconception the trap names gives a wrong answer on this deal."""
    from course.study import misconceptions

    question = exercise.questions[0]
    right = engine.answer(exercise, question)
    return all(misconceptions.wrong_answer(misconceptions.by_id(name), exercise, question, right) is not None
               for name in template.shows)


def to_yaml(text: str) -> str:
    """The item as an exercise file for authors, with the engine's answer written in (so
    `course check` verifies it like any file of the course)."""
    item = data(text)
    exercise = generate(text)
    for question, written in zip(exercise.questions, item["questions"]):
        written["answer"] = engine.answer_json(exercise, question)
    return dump(item)


def sample(template: str, count: int, start: int = 0) -> list[str]:
    return [item_id(template, seed) for seed in range(start, start + count)]


def card_keys() -> list[str]:
    """One memory card per skill (each ask of each game) and per trap, skills of different games
    interleaved."""
    return list(dict.fromkeys(t.skill for t in templates().values()))


def game_of(card: str) -> str:
    """The game a memory card trains (an exercise's card is its own family)."""
    found = next((t.game for t in templates().values() if t.skill == card), None)
    return found or card


def item_for(card: str, seed: int) -> str:
    """A fresh item for a memory card: a generated draw for a skill or trap, the exercise itself
    for a hand-written exercise's card (`exercise/<id>`)."""
    if card.startswith("exercise/"):
        return card[len("exercise/"):]
    choices = [t for t in templates().values() if t.skill == card]
    if not choices:
        raise GenerationError(f"no template trains {card!r}")
    plain = [t for t in choices if not t.trap] or choices
    return item_id(plain[seed % len(plain)].name, seed)


def card_for(exercise) -> str:
    """The memory card an exercise feeds: its template's skill or trap, or its own card."""
    path = getattr(exercise, "path", "")
    if is_item_id(path):
        return parse_id(path)[0].skill
    return f"exercise/{exercise.id}"
