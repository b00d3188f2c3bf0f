"""The glossary: the course's words from `glossary.yaml` (beside lessons/ and exercises/), each
with its definition and the lesson that introduces it (the Glossary page shows them).

The file is read like every course file: through `course.content` (the safe, limited parser and
the typed checker), so a bad or hostile glossary gives problems with line and column, and the
terms that could be read are still shown. It is read again only when its size or modification
time changes (one stat per rerun of the page).
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from course.content.checker import _Checker, _load_with, _parse_with, suggest
from course.content.nodes import Node
from course.model import Problem

FILE = "glossary.yaml"
TERM_KEYS = ("term", "text", "lesson", "forms")


@dataclass(frozen=True)
class Term:
    term: str
    text: str
    lesson: str
    forms: tuple[str, ...] = field(default=())
    line: int = field(default=1, compare=False)      # where the term's entry starts in the file
    column: int = field(default=1, compare=False)

    @property
    def spellings(self) -> tuple[str, ...]:
        return self.forms or (self.term,)


def _terms(ck: _Checker, root: Node) -> list[Term]:
    top = ck.mapping(root, "the glossary", ["terms"], required=["terms"]) or {}
    terms = []
    for n, item in enumerate(ck.sequence(top.get("terms"), "terms") or [], 1):
        keys = ck.mapping(item, f"term {n}", TERM_KEYS, required=("term", "text", "lesson"))
        if keys is None:
            continue
        values = {k: ck.text(keys.get(k), f"term {n}: {k}", name=k == "lesson") for k in TERM_KEYS[:3]}
        forms = [ck.text(form, f"term {n}: forms") for form in ck.sequence(keys.get("forms"), f"term {n}: forms") or []]
        if all(values.values()) and None not in forms:
            terms.append(Term(values["term"], values["text"], values["lesson"], tuple(forms),
                              item.line, item.column))
    return terms


def parse(text: str, file: str = FILE) -> tuple[list[Term], list[Problem]]:
    """Terms in file order, and every problem with its line and column."""
    terms, problems = _parse_with(_terms, text, file)
    return terms or [], problems


def course_problems(root: Path | str, lessons: Iterable[str]) -> list[Problem]:
    """What `course check` reports of the glossary under `root`: its own problems, and each term
    whose lesson is not a lesson of the course. Nothing when the course has no glossary."""
    if not (Path(root) / FILE).is_file():
        return []
    terms, problems = load(root)
    lessons = set(lessons)
    return problems + [Problem(FILE, t.line, t.column, f"term {t.term!r}: lesson {t.lesson!r} is not a "
                               f"lesson of this course{suggest(t.lesson, lessons)}")
                       for t in terms if t.lesson not in lessons]


_CACHE: dict[str, tuple[tuple[int, int], tuple[list[Term], list[Problem]]]] = {}
_CACHE_LOCK = threading.Lock()


def load(root: Path | str) -> tuple[list[Term], list[Problem]]:
    """The glossary under `root`: its terms in file order and its problems (a missing file is
    one problem). Read again only when the file's size or modification time changed."""
    path = Path(root) / FILE
    try:
        info = os.stat(path)
    except OSError:
        return [], [Problem(FILE, 1, 1, f"no glossary file in {root}")]
    stamp = (info.st_size, info.st_mtime_ns)
    with _CACHE_LOCK:
        hit = _CACHE.get(str(path))
    if hit is not None and hit[0] == stamp:
        return hit[1]
    result = _load_with(parse, path, root)
    result = (result[0] or [], result[1])
    with _CACHE_LOCK:
        _CACHE[str(path)] = (stamp, result)
    return result
