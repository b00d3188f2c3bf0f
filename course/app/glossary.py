"""The glossary page: the course's words from `glossary.yaml` (beside lessons/ and exercises/),
each with its definition and a link to the lesson that introduces it.

`load` never raises for a bad file: it returns the terms it could read and a message for each
problem, so the page can say what is wrong and still show the rest.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


import yaml

FILE = "glossary.yaml"


@dataclass(frozen=True)
class Term:
    term: str
    text: str
    lesson: str
    forms: tuple[str, ...] = field(default=())

    @property
    def spellings(self) -> tuple[str, ...]:
        return self.forms or (self.term,)


def load(root: Path) -> tuple[list[Term], list[str]]:
    """Terms in file order, and problems as `glossary.yaml: ...` messages."""
    path = Path(root) / FILE
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return [], [f"{FILE}: no glossary file in {root}"]
    except yaml.YAMLError as exc:
        return [], [f"{FILE}: not valid YAML: {exc}"]
    items = data.get("terms") if isinstance(data, dict) else None
    if not isinstance(items, list):
        return [], [f"{FILE}: expected a map with a 'terms' list"]
    terms, problems = [], []
    for n, item in enumerate(items, 1):
        if not isinstance(item, dict) or not all(isinstance(item.get(k), str) and item[k].strip()
                                                 for k in ("term", "text", "lesson")):
            problems.append(f"{FILE}: term {n}: expected 'term', 'text' and 'lesson', each a text")
            continue
        forms = item.get("forms") or []
        if not isinstance(forms, list) or not all(isinstance(f, str) for f in forms):
            problems.append(f"{FILE}: term {item['term']!r}: 'forms' should be a list of words")
            forms = []
        terms.append(Term(item["term"], item["text"], item["lesson"], tuple(forms)))
    return terms, problems


def page() -> None:
    """Every term, alphabetically, filtered by the search box, each linked to its lesson."""
    import streamlit as st

    from course.app import lesson_view as lv, quiz, state

    st.title("Glossary")
    st.markdown("The words of the course, each with the lesson that first explains it.")
    terms, problems = load(state.content_root())
    for problem in problems:
        st.error(quiz.md_escape(problem))
    course = state.course()
    lessons = {lv.field(l, "id"): l for l in lv.lessons(course)} if course is not None else {}
    query = st.text_input("Find a word", key="glossary_filter", placeholder="kicker, bring-in...")
    words = query.lower().split()
    shown = [t for t in sorted(terms, key=lambda t: t.term.lower())
             if all(w in f"{t.term} {t.text}".lower() for w in words)]
    if not shown:
        st.info(f"No word matches {query!r}.")
    for t in shown:
        lesson = lessons.get(t.lesson)
        where = ""
        if lesson is not None:
            where = (f"  \n*Explained in [{lv.game_title(lv.field(lesson, 'game'))}, lesson "
                     f"{lv.field(lesson, 'order')}: {quiz.md_escape(lv.field(lesson, 'title'))}]"
                     f"(lesson?id={t.lesson})*")
        st.markdown(f"**{quiz.md_escape(t.term)}**: {quiz.author_md(t.text)}{where}")
