"""The drill template registry: `Template`, `register`, `Reject` and `dump` (an item as YAML).

It sits below both the template modules that fill it (`stud`, `home`) and `templates`, which
loads them and makes items, so those modules never import `templates` back (no import cycle)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable

import yaml

from course.study import engine


# A draw may carry `CONTROL: True`: the trap's tempting answer is the right one on this deal (so
# the trap cannot be beaten by always answering against instinct); its misconceptions are not
# required to give a wrong answer there.
CONTROL = "_control"
# A draw may carry `PARSED`: the item already loaded by the course's loader while it was drawn
# (a home-game drill loads its cut to ask the engine); it is used as it is instead of being
# written out and loaded a second time.
PARSED = "_parsed"


class Reject(Exception):
    """This draw does not plant the template's situation: draw again."""


@dataclass(frozen=True)
class Template:
    """One kind of drill.

    `name` is kebab-case and part of the id; `game` and `ask` say what it trains; `trap` is True for
    a template that plants one known pitfall (it gets its own memory card). `draw(rng)` returns the
    exercise as YAML-shaped data without `id`, and with exactly one question.
    """

    name: str
    game: str
    ask: str
    title: str
    draw: Callable[[random.Random], dict[str, Any]]
    trap: bool = False
    shows: tuple[str, ...] = ()  # misconceptions a draw must tell apart from the right answer


    @property
    def skill(self) -> str:
        """The memory card this template feeds: the game's ask, or the trap itself."""
        return f"trap/{self.name}" if self.trap else skill_key(self.game, self.ask)


def skill_key(game: str, ask: str) -> str:
    return f"skill/{game}/{ask}"


TEMPLATES: dict[str, Template] = {}


def register(template: Template) -> Template:
    if template.name in TEMPLATES:
        raise ValueError(f"template {template.name!r} is registered twice")
    TEMPLATES[template.name] = template
    return template


def draft(data: dict[str, Any], drill: str):
    """A draw loaded as an exercise, for a template that asks the engine before it keeps the draw:
    built from the data as it is, as the item itself is loaded (writing YAML and parsing it back
    cost most of such a draw and changed nothing). A draw the loader refuses is a bug in the
    template, not a miss: it is raised, never rejected."""
    exercise, problems = engine.build({"id": "draw", "title": "draw", **data}, "<draw>")
    if exercise is None or problems:
        raise RuntimeError(f"{drill} drill drew an invalid deal: " + "; ".join(map(str, problems)))
    return exercise


def dump(item: dict[str, Any]) -> str:
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # libyaml when installed: same text, faster
    return yaml.dump(item, Dumper=dumper, allow_unicode=True, sort_keys=False, default_flow_style=False, width=100)
