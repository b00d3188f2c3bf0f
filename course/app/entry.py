"""What the entry script (`streamlit_app.py`) runs on every rerun, `main`: the page set-up, the
shared session state and the sidebar, then the page the learner picked.

It is a module, not the script itself, so that it is compiled once per process, as the pages
are: each page is a function (`page()` of its module in `screens/`), not a script, so nothing
is compiled again on a rerun (a Streamlit server keeps a script's bytecode between reruns, but
AppTest, in the tests and `benchmarks/app.py`, compiles a script again on every rerun).

A page's module is imported when the page is first drawn (`screen`), not with this one: a
restarted server's first visitor, who opens the Course map, waits for its modules alone, not for
every page's (and pandas, which the Progress and Class pages use); `python -m course.app`
imports the others in the background once that first map is drawn.
"""

import importlib
import logging

import streamlit as st

from course.app import card_picking, cards_view, contrast, extras, links, phone, site, state, streamlit_start

SCREENS = "course.app.screens"      # the package of the pages' modules, one module per page


def login_screen() -> None:
    st.title("Stud Study Room")
    st.markdown("Log in to study. Your progress is kept under your account, and only you "
                "(and your teachers) can see it.")
    st.button("Log in", key="login", type="primary", icon=":material/login:", on_click=st.login)


def screen(module: str):
    """The function `st.Navigation` runs for the page of `course.app.screens.<module>`: it imports
    the module (once; later calls find it imported) and draws its `page()`."""
    def draw() -> None:
        importlib.import_module(f"{SCREENS}.{module}").page()

    draw.__name__ = draw.__qualname__ = f"{module}_page"
    return draw


def build_pages(roles: frozenset[str]) -> tuple[dict[str, list], dict[str, st.Page]]:
    """The pages `roles` may see, by navigation section, and each by its name (its URL path; the
    Course map, the default page, is "course_map"): what `site.page` looks a link's page up in."""
    named: dict[str, st.Page] = {}

    def page(module: str, title: str, icon: str, name: str, **more) -> st.Page:
        named[name] = st.Page(screen(module), title=title, icon=icon, url_path=name, **more)
        return named[name]

    pages = {
        "Learn": [
            page("course_map", "Course map", ":material/map:", "course_map", default=True),
            page("lesson", "Lesson reader", ":material/menu_book:", "lesson"),
            page("practice", "Practice", ":material/quiz:", "practice"),
            page("review", "Review", ":material/event_repeat:", "review"),
            page("progress", "Progress", ":material/insights:", "progress"),
        ],
        "Reference": [page("rulebook", "Rulebook", ":material/gavel:", "rulebook"),
                      page("glossary", "Glossary", ":material/dictionary:", "glossary")],
    }
    if "author" in roles:
        pages["Reference"].append(page("author", "Author preview", ":material/edit_note:", "author"))
    if "teacher" in roles:
        pages["Teaching"] = [page("class_page", "Class", ":material/groups:", "class")]
    return pages, named


def main() -> None:
    st.set_page_config(page_title="Stud Study Room", page_icon=streamlit_start.ICON, layout="wide")
    state.init()
    links.same_tab_links(cards_view.style_tag() + phone.style_tag() + contrast.style_tag()
                         + card_picking.tag())

    refused = state.auth_problem()
    if refused:                  # a weak cookie secret lets anyone forge a login: no page at all
        st.error(f"Shared mode cannot start: {refused}")
        st.stop()
    if state.shared_mode() and (missing := extras.missing_for_login()):
        st.error(missing)                    # shared mode set up without its extra: say so, no traceback
        st.stop()

    who = state.identity()
    if who is None:
        st.navigation([st.Page(login_screen, title="Log in", icon=":material/login:")],
                      position="hidden").run()
        st.stop()

    with st.sidebar:
        if state.shared_mode():
            roles = ", ".join(r for r in ("teacher", "author") if r in who.roles) or "learner"
            st.markdown(f"**{who.name}** · {roles}")
            st.button("Log out", key="logout", icon=":material/logout:", on_click=st.logout)
            state.remember(who)
        else:
            st.caption("Progress is kept on this computer.")
    state.store_panel()

    # The pages are built once per session and role set, not on every rerun: each st.Page resolves
    # and checks its file (a few stats), which every click paid for. Kept in the session, never shared
    # between sessions (st.navigation marks the page it returns as the one that may run).
    kept = st.session_state.get(site.KEPT)
    if kept is None or kept[0] != who.roles:
        kept = st.session_state[site.KEPT] = (who.roles, *build_pages(who.roles))
    pages = kept[1]
    page = st.navigation(pages)
    try:
        page.run()
    except Exception:  # noqa: BLE001 - one bad item must not show a traceback to every visitor
        logging.getLogger("course").exception("the page %r could not be drawn", page.title)
        st.error("Part of this page could not be drawn: something in the course cannot be shown "
                 "(the server's log says what). The other pages and the rest of the course work.")
