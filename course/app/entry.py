"""What the entry script (`streamlit_app.py`) runs on every rerun, `main`: the page set-up, the
shared session state and the sidebar, then the page the learner picked.

It is a module, not the script itself, so that it is compiled once per process, as the pages'
code in `screens` is: a Streamlit server keeps a script's bytecode between reruns, but AppTest
(the tests and `benchmarks/app.py`) compiles the script again on every rerun.
"""

import logging

import streamlit as st

from course.app import card_picking, cards_view, contrast, extras, links, phone, state


def login_screen() -> None:
    st.title("Stud Study Room")
    st.markdown("Log in to study. Your progress is kept under your account, and only you "
                "(and your teachers) can see it.")
    st.button("Log in", key="login", type="primary", icon=":material/login:", on_click=st.login)


def build_pages(roles: frozenset[str]) -> dict[str, list]:
    pages = {
        "Learn": [
            st.Page("views/course_map.py", title="Course map", icon=":material/map:", default=True),
            st.Page("views/lesson.py", title="Lesson reader", icon=":material/menu_book:"),
            st.Page("views/practice.py", title="Practice", icon=":material/quiz:"),
            st.Page("views/review.py", title="Review", icon=":material/event_repeat:", url_path="review"),
            st.Page("views/progress_page.py", title="Progress", icon=":material/insights:",
                    url_path="progress"),
        ],
        "Reference": [st.Page("views/rulebook.py", title="Rulebook", icon=":material/gavel:"),
                      st.Page("views/glossary.py", title="Glossary", icon=":material/dictionary:")],
    }
    if "author" in roles:
        pages["Reference"].append(st.Page("views/author.py", title="Author preview",
                                          icon=":material/edit_note:"))
    if "teacher" in roles:
        pages["Teaching"] = [st.Page("views/class_page.py", title="Class", icon=":material/groups:",
                                     url_path="class")]
    return pages


def main() -> None:
    st.set_page_config(page_title="Stud Study Room", page_icon="🃏", layout="wide")
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
    kept = st.session_state.get("_app_pages")
    if kept is None or kept[0] != who.roles:
        kept = st.session_state["_app_pages"] = (who.roles, build_pages(who.roles))
    pages = kept[1]
    page = st.navigation(pages)
    try:
        page.run()
    except Exception:  # noqa: BLE001 - one bad item must not show a traceback to every visitor
        logging.getLogger("course").exception("the page %r could not be drawn", page.title)
        st.error("Part of this page could not be drawn: something in the course cannot be shown "
                 "(the server's log says what). The other pages and the rest of the course work.")
