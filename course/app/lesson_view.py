"""A lesson on screen: sections (markdown, no raw HTML), card diagrams, citations, sources, and
its exercises inline ("try it now"). Used by the Lesson reader and the Author preview."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Iterable

import streamlit as st

from course import rules
from course.app import authoring, cards_view, labels, site, state
from course.app.plain_text import md_escape

game_title = labels.display_name     # the screens' name for a game (Practice uses it too)


def field(obj: Any, name: str, default: Any = None) -> Any:
    """An attribute of a model object or a key of a raw mapping."""
    if isinstance(obj, Mapping):
        return obj.get(name, default)
    return getattr(obj, name, default)


def as_list(value: Any) -> list:
    if value is None:
        return []
    if isinstance(value, Mapping):
        return list(value.values())
    if isinstance(value, (str, bytes)):
        return [value]
    return list(value)


def lessons(course: Any) -> list[Any]:
    """Lessons in course order: by game (stud-high first), then `order`."""
    games = {game: n for n, game in enumerate(labels.GAMES)}
    items = as_list(field(course, "lessons"))

    def place(lesson: Any) -> tuple:
        game = field(lesson, "game")
        return games.get(game, len(games)), str(game), field(lesson, "order", 0) or 0
    return sorted(items, key=place)


def lesson_numbers(course: Any) -> dict[str, int]:
    """Lesson id -> its number within its game, 1..N in course order, whatever `order:` holds
    (the Course map, the pickers and the lesson's own caption all number lessons so)."""
    numbers: dict[str, int] = {}
    count: dict[Any, int] = {}
    for lesson in lessons(course):
        game = field(lesson, "game")
        count[game] = count.get(game, 0) + 1
        numbers[field(lesson, "id")] = count[game]
    return numbers


def exercises(course: Any) -> Mapping[str, Any]:
    """Exercise id -> Exercise, in file order: a read-only view of the course's own table (a
    copy cost every rerun a few ms at 43,000 exercises)."""
    items = field(course, "exercises")
    if isinstance(items, MappingProxyType):
        return items
    if isinstance(items, dict):
        return MappingProxyType(items)
    if isinstance(items, Mapping):
        return dict(items)
    return {ex.id: ex for ex in as_list(items)}


def lesson_exercise_ids(lesson: Any) -> list[str]:
    return [field(e, "id", e) if not isinstance(e, str) else e
            for e in as_list(field(lesson, "exercises"))]


def problems(course: Any) -> list[Any]:
    return as_list(field(course, "problems"))


def article_md(cit: Any, *, source: bool = True) -> str:
    """One registered article (a `rules.Citation`) in full: its title, our summary, its
    source (left out under a heading that names it) and the key authors cite it by."""
    return (f"**{md_escape(labels.article_title(cit.key, source=False))}**  \n"
            f"{md_escape(cit.text)}  \n"
            + (f"*Source: {md_escape(cit.source_title)}* · " if source else "")
            + f":gray[Cited as {md_escape(cit.key)}]")


def cite_row(keys: Iterable[str], key: str) -> None:
    """The articles a section rests on, each once, labelled by title; each opens to the
    article and a link to it in the Rulebook (same tab, so the session and answers stay)."""
    keys = list(dict.fromkeys(keys or []))
    if not keys:
        return
    with st.container(horizontal=True, gap="small"):
        for n, cite in enumerate(keys):
            with st.popover(labels.article_title(cite), key=f"{key}:{n}"):
                article_with_link(cite)


def article_with_link(cite: str) -> None:
    """One cited article's text, and a link that opens it in the Rulebook."""
    try:
        st.markdown(article_md(rules.citation(cite)))
    except KeyError as exc:
        st.error(f"This citation is not in the registry: {exc}")
    st.page_link(site.page("rulebook"), query_params={"article": cite},
                 label="Open in the Rulebook", icon=":material/gavel:")


def sources_footer(keys: Iterable[str], key: str) -> None:
    """A section's articles behind one "Sources" button, so they do not push the text and its
    try-it down the page; each opens in the Rulebook from there."""
    keys = list(dict.fromkeys(keys or []))
    if not keys:
        return
    with st.popover(f"Sources ({len(keys)})", key=key, icon=":material/gavel:"):
        for n, cite in enumerate(keys):
            article_with_link(cite)


def try_it(ex: Any, prefix: str) -> None:
    """A section's try-it, drawn open in the flow of the lesson: the learner answers before
    reading on."""
    from course.app import quiz         # the exercise screens, not imported by the Course map

    st.subheader(f"Try it: {ex.title}")
    quiz.exercise_block(ex, prefix, heading=False, one_at_a_time=True)


def deal_block(deal: Any, game: str | None = None) -> None:
    seats = as_list(field(deal, "seats"))
    hands = field(deal, "hands") or {}
    shared = field(deal, "shared")
    unknown = cards_view.unknown_hole_cards(game, field(deal, "street"), hands, shared)
    st.markdown(cards_view.deal_html(seats, hands, shared, caption=field(deal, "caption"),
                                     shared_label=cards_view.shared_label(game),
                                     unknown_down=unknown), unsafe_allow_html=True)


def lesson_body(lesson: Any, course: Any | None, prefix: str) -> None:
    """Everything a learner reads in one lesson, with the exercises inline."""
    from course.app import quiz         # the exercise screens, not imported by the Course map

    lid = field(lesson, "id")
    st.title(str(field(lesson, "title")))
    number = (state.per_course(course, lesson_numbers) if course is not None else {}).get(
        lid, field(lesson, "order"))
    st.caption(f"{game_title(field(lesson, 'game'))} · lesson {number} · "
               f"skill: {labels.display_name(field(lesson, 'topic'))}")
    if field(lesson, "summary"):
        st.markdown(f"*{md_escape(field(lesson, 'summary'))}*")
    known = exercises(course) if course is not None else {}
    tried: set[str] = set()
    for n, section in enumerate(as_list(field(lesson, "sections"))):
        st.header(str(field(section, "heading")), divider="gray")
        # Author markdown is rendered with Streamlit's default: raw HTML is not allowed.
        st.markdown(quiz.author_md(field(section, "text") or ""))
        deal = field(section, "deal")
        if deal:
            try:
                deal_block(deal, field(lesson, "game"))
            except Exception as exc:
                st.error(f"This deal cannot be drawn: {exc}")
        tid = field(section, "try_it")
        if tid and known.get(tid) is not None:
            tried.add(tid)
            try_it(known[tid], prefix)
        sources_footer(field(section, "cite"), f"{prefix}|{lid}|s{n}")
    sources = as_list(field(lesson, "sources"))
    if sources:
        st.header("Sources", divider="gray")
        cite_row(sources, f"{prefix}|{lid}|sources")
    ids = [eid for eid in lesson_exercise_ids(lesson) if eid not in tried]
    if ids:
        st.header("Try it now", divider="gray")
        for eid in ids:
            ex = known.get(eid)
            if ex is None or (prefix != "author" and not authoring.servable(course, ex)):
                if prefix == "author":          # a learner is not shown what is being fixed
                    st.warning(f"Exercise {eid!r} is not in the course: it is missing or its "
                               "file has problems.")
                continue
            # Drawn only while open (the expander reports its state), so a long lesson stays fast.
            box = st.expander(f"Try it now: {ex.title}", key=f"{prefix}|{lid}|try|{eid}",
                              on_change="rerun")
            if box.open:
                with box:
                    quiz.exercise_block(ex, prefix, heading=False, one_at_a_time=True)
