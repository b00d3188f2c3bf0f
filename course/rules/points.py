"""Rule points: each distinct rule of the sources as a named item (`points.yaml`).

Exercise questions, lesson sections and drill templates name the points they teach or test;
`course.study.coverage` counts them per point. A point rests on citation-registry keys, and a question
that declares a point must have an engine explanation that cites at least one of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Mapping

import yaml

HERE = Path(__file__).parent
TEMPLATE_POINTS = HERE.parent / "study" / "template_points.yaml"
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True, slots=True)
class Point:
    id: str
    games: tuple[str, ...]
    cite: tuple[str, ...]
    line: str


@lru_cache(maxsize=None)
def _registry() -> tuple[Mapping[str, Point], tuple[str, ...]]:
    from course.rules import citation

    raw = yaml.load((HERE / "points.yaml").read_bytes(), Loader=_LOADER) or {}
    table: dict[str, Point] = {}
    for n, entry in enumerate(raw.get("points") or [], 1):
        missing = {"id", "games", "cite", "line"} - set(entry)
        if missing:
            raise ValueError(f"points.yaml: point {n} ({entry.get('id', '?')}) lacks {sorted(missing)}")
        pid = str(entry["id"])
        if pid in table:
            raise ValueError(f"points.yaml: point {pid!r} is listed twice")
        for key in entry["cite"]:
            citation(key)  # a KeyError names the unknown key
        table[pid] = Point(pid, tuple(entry["games"]), tuple(entry["cite"]), str(entry["line"]))
    gaps = tuple(raw.get("known_gaps") or ())
    unknown = [g for g in gaps if g not in table]
    if unknown:
        raise ValueError(f"points.yaml: known_gaps names unknown points {unknown}")
    return table, gaps


def points() -> Mapping[str, Point]:
    """Every rule point by id, in the registry's order."""
    return _registry()[0]


def known_gaps() -> tuple[str, ...]:
    """The points documented as below the coverage bar today."""
    return _registry()[1]


@lru_cache(maxsize=None)
def template_points() -> Mapping[str, tuple[str, ...]]:
    """Drill template name -> the points it tests (`course/study/template_points.yaml`)."""
    raw = yaml.load(TEMPLATE_POINTS.read_bytes(), Loader=_LOADER) or {}
    return {str(name): tuple(pts or ()) for name, pts in raw.items()}
